//! How findings write what they name: dates, round lists, ratings,
//! players, games, durations, scores and counts, one form each.

use crate::diag::words::push_decimal;
use crate::eligibility::Game;
use crate::model::Player;
use chrono::NaiveDate;

/// `2024/03/14`, the form of TRF and of every message.
pub(crate) fn ymd(d: NaiveDate) -> String {
    d.format("%Y/%m/%d").to_string()
}

/// `` `3` ``, `` `3`, `5` `` or `` `3`-`6` ``: a sorted list of round numbers
/// with runs collapsed, for messages.
pub(crate) fn round_list(rounds: &[usize]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < rounds.len() {
        let mut j = i;
        while j + 1 < rounds.len() && rounds[j + 1] == rounds[j] + 1 {
            j += 1;
        }
        parts.push(match j - i {
            0 => format!("`{}`", rounds[i]),
            1 => format!("`{}`, `{}`", rounds[i], rounds[j]),
            _ => format!("`{}`-`{}`", rounds[i], rounds[j]),
        });
        i = j + 1;
    }
    parts.join(", ")
}

/// A player's rating, `None` when unrated.
pub(crate) fn rating(p: &Player) -> Option<u16> {
    p.rating.map(|r| r.value)
}

/// `2450` or `unrated`.
pub(crate) fn rating_text(p: &Player) -> String {
    rating(p).map_or_else(|| "unrated".to_owned(), |r| r.to_string())
}

/// `3 (Doe, John, 2450)`: starting rank, name and rating.
pub(crate) fn who(p: &Player) -> String {
    format!("{} ({}, {})", p.rank_label(), p.name.value, rating_text(p))
}

/// `5 (Epsilon, Eve)`: starting rank and name, for unrated players.
pub(crate) fn named(p: &Player) -> String {
    // Written piece by piece into a string of the right size: a report
    // with thousands of unrated players names each in a finding.
    let name = &p.name.value;
    let mut s = String::with_capacity(name.len() + 16);
    match p.start_rank.value {
        0 => s.push_str(&p.rank_label()),
        r => push_decimal(&mut s, r),
    }
    s.push_str(" (");
    s.push_str(name);
    s.push(')');
    s
}

pub(crate) fn game_text(g: &Game<'_>) -> String {
    format!(
        "round {}: {} ({}) – {} ({})",
        g.round,
        g.player.start_rank.value,
        rating_text(g.player),
        g.opponent.start_rank.value,
        rating_text(g.opponent)
    )
}

pub(crate) use crate::regulations::rating_type::minutes_text as minutes;

/// `12 h`, `12 h 30 min`, `4 h 6 min 40 s`: exact, from seconds.
pub(crate) fn hours(seconds: u64) -> String {
    let (h, rest) = (seconds / 3600, seconds % 3600);
    let (m, s) = (rest / 60, rest % 60);
    let mut out = format!("{h} h");
    if m > 0 {
        out.push_str(&format!(" {m} min"));
    }
    if s > 0 {
        out.push_str(&format!(" {s} s"));
    }
    out
}

/// `0`, `½`, `2½`.
pub(crate) fn score(half_points: u32) -> String {
    let mut s = String::with_capacity(12);
    push_score(&mut s, half_points);
    s
}

/// [`score`] at the end of `out`.
pub(crate) fn push_score(out: &mut String, half_points: u32) {
    match (half_points / 2, half_points % 2) {
        (0, 1) => out.push('½'),
        (w, h) => {
            push_decimal(out, w);
            if h == 1 {
                out.push('½');
            }
        }
    }
}

/// `1 game`, `3 games`.
pub(crate) fn plural(n: impl Into<u64>, one: &str, many: &str) -> String {
    crate::diag::plural(n, one, many)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_are_exact() {
        assert_eq!(minutes(5400), "90 min");
        assert_eq!(minutes(7400), "123 min 20 s");
        assert_eq!(minutes(45), "45 s");
        assert_eq!(hours(43_200), "12 h");
        assert_eq!(hours(45_000), "12 h 30 min");
        assert_eq!(hours(14_800), "4 h 6 min 40 s");
    }

    #[test]
    fn scores_and_plurals() {
        assert_eq!(score(0), "0");
        assert_eq!(score(1), "½");
        assert_eq!(score(5), "2½");
        assert_eq!(score(4), "2");
        assert_eq!(plural(1u32, "game", "games"), "1 game");
        assert_eq!(plural(3u32, "game", "games"), "3 games");
        assert_eq!(plural(0u32, "game", "games"), "0 games");
        assert_eq!(plural(65_535u16, "game", "games"), "65535 games");
        assert_eq!(score(21), "10½");
        assert_eq!(score(200), "100");
    }

    #[test]
    fn round_lists_collapse_runs() {
        assert_eq!(round_list(&[3]), "`3`");
        assert_eq!(round_list(&[3, 4]), "`3`, `4`");
        assert_eq!(round_list(&[1, 3, 4, 5, 9]), "`1`, `3`-`5`, `9`");
        assert_eq!(round_list(&[]), "");
    }
}
