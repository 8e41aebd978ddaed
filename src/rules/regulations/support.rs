//! What the regulation rules share: the help text with the matrix caveat,
//! the games of the report taken once each, the round dates grouped by
//! calendar day, and the formats of ratings, players and durations used in
//! messages.

use crate::diag::Diagnostic;
use crate::model::Player;
use crate::read::columns::p001;
use crate::regulations::Topic;
use crate::rules::Ctx;
use crate::source::span::Span;
use chrono::NaiveDate;
use std::collections::BTreeMap;

/// Sets the help, followed by the caveat of the matrix when the rule's
/// value for this edition is (s) or (?), and the citation of `topic`.
pub(crate) fn cite(ctx: &Ctx<'_>, d: Diagnostic, topic: Topic, help: String) -> Diagnostic {
    let help = match ctx.regs.caveat(topic) {
        Some(c) => format!("{help} (this value is {c})"),
        None => help,
    };
    d.help(help).reference(ctx.cite(topic))
}

/// The version id as messages name it: "the 2024 text".
pub(crate) fn text(ctx: &Ctx<'_>) -> String {
    format!("the {} text", ctx.regs.version.id())
}

/// `2024/03/14`, the TRF form.
pub(crate) fn ymd(d: NaiveDate) -> String {
    d.format("%Y/%m/%d").to_string()
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
    format!("{} ({})", p.rank_label(), p.name.value)
}

/// The span of the rating columns (49-52) of a player's line, blank or not.
pub(crate) fn rating_span(ctx: &Ctx<'_>, p: &Player) -> Span {
    if let Some(r) = p.rating {
        return r.span;
    }
    ctx.player_field(p, &p001::RATING)
}

pub(crate) use crate::eligibility::Game;

/// Every pairing with an opponent who exists, once, in player then round
/// order. Byes and blocks naming an unknown player are left out.
pub(crate) fn games<'a>(ctx: &'a Ctx<'a>) -> impl Iterator<Item = Game<'a>> + 'a {
    games_where(ctx, crate::model::games::Kind::all())
}

/// Like [`games`], for the entries with any bit of `bits` ([`kind`]); a
/// rule after a rare kind of result walks only the rare rows.
pub(crate) fn games_where<'a>(
    ctx: &'a Ctx<'a>,
    bits: crate::model::games::Kind,
) -> impl Iterator<Item = Game<'a>> + 'a {
    crate::eligibility::pairings(ctx.tournament, &ctx.games, bits)
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

/// The rounds of one calendar day, from record `132`.
#[derive(Debug, Clone)]
pub(crate) struct Day {
    /// The date.
    pub date: NaiveDate,
    /// Its rounds (1-based, ascending) and the span of each round's date.
    pub rounds: Vec<(usize, Span)>,
}

impl Day {
    /// The round numbers, e.g. `1, 2, 3`; runs of three or more as `1–4`.
    pub(crate) fn round_list(&self) -> String {
        let rounds: Vec<usize> = self.rounds.iter().map(|r| r.0).collect();
        let consecutive = rounds.windows(2).all(|w| w[1] == w[0] + 1);
        match (rounds.first(), rounds.last()) {
            (Some(a), Some(b)) if consecutive && rounds.len() >= 3 => format!("{a}–{b}"),
            _ => rounds
                .iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(", "),
        }
    }

    /// `round 3` or `rounds 1–4`.
    pub(crate) fn rounds_label(&self) -> String {
        match self.rounds.len() {
            1 => format!("round {}", self.round_list()),
            _ => format!("rounds {}", self.round_list()),
        }
    }

    /// The span of the first round's date.
    pub(crate) fn span(&self) -> Span {
        self.rounds.first().map(|r| r.1).unwrap_or_default()
    }
}

/// The dated rounds of `132`, grouped by calendar day, oldest day first.
/// Blank and unreadable dates are left out.
pub(crate) fn days(ctx: &Ctx<'_>) -> Vec<Day> {
    let mut by_day: BTreeMap<NaiveDate, Vec<(usize, Span)>> = BTreeMap::new();
    for (i, d) in ctx.tournament.header.round_dates.iter().enumerate() {
        if let Some(date) = d.value.as_ref().and_then(|f| f.date) {
            by_day.entry(date).or_default().push((i + 1, d.span));
        }
    }
    by_day
        .into_iter()
        .map(|(date, rounds)| Day { date, rounds })
        .collect()
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

/// The tournament's length in days, both ends included: `052` (else the
/// last `132` date) minus the start, plus one. `None` without both dates
/// or when the end is before the start (`end-before-start` reports that).
pub(crate) fn length_days(ctx: &Ctx<'_>) -> Option<(i64, NaiveDate, NaiveDate)> {
    let start = ctx.start?;
    let end = ctx.tournament.end_date()?;
    let days = (end - start).num_days() + 1;
    (days >= 1).then_some((days, start, end))
}

/// Games against rated opponents that count for rating (a result over the
/// board, `1 = 0`), and the half-points scored in them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct RatedGames {
    /// Games with a result over the board against rated opponents.
    pub games: u32,
    /// Distinct rated opponents in those games.
    pub opponents: u32,
    /// Half-points scored in them.
    pub half_points: u32,
    /// Games with a result over the board against anybody.
    pub all_games: u32,
    /// Half-points scored in all of them.
    pub all_half_points: u32,
}

/// The games over the board of player `i` (index in `players`), against
/// rated opponents and in all ([`Ctx::rated_games`], counted once).
pub(crate) fn rated_games(ctx: &Ctx<'_>, i: usize) -> RatedGames {
    ctx.rated_games(i)
}

/// The games over the board of player `i` (index in `players`), against
/// rated opponents and in all, read from the games table.
pub(crate) fn count_rated_games(ctx: &Ctx<'_>, i: usize) -> RatedGames {
    let mut out = RatedGames::default();
    let players = &ctx.tournament.players;
    let mut met: Vec<u16> = Vec::new();
    for g in ctx.games.of(i) {
        let Some(outcome) = g.game_outcome() else {
            continue;
        };
        let Some(opp) = players.get(g.opponent as usize) else {
            continue;
        };
        out.all_games += 1;
        out.all_half_points += outcome.half_points();
        if opp.rating.is_some() {
            out.games += 1;
            out.half_points += outcome.half_points();
            met.push(opp.start_rank.value);
        }
    }
    met.sort_unstable();
    met.dedup();
    out.opponents = met.len() as u32;
    out
}

/// Whether the edition disregards this unrated player's score (a zero, or
/// ½ where the text asks for a point): the rule `unrated-zero-score` says
/// so, and `unrated-too-few-rated-opponents` then stays silent, since a
/// disregarded result is not "kept for the pool" either. A player with too
/// few rated opponents under a text that asks for them is that rule's
/// case instead: the event does not count at all.
pub(crate) fn score_disregarded(ctx: &Ctx<'_>, g: &RatedGames) -> bool {
    let start = ctx.start.unwrap_or(ctx.regs.effective_from);
    let rule = *ctx.regs.unrated_event.at(start);
    let Some(req) = rule.min_half_points else {
        return false;
    };
    let whole_event = ctx.tournament_type.kind.is_round_robin();
    let short = rule
        .min_rated_opponents
        .is_some_and(|r| !whole_event && rule.rated_met(g.games, g.opponents) < r.minimum);
    if g.games == 0 || short {
        return false;
    }
    let half_points = if whole_event {
        g.all_half_points
    } else {
        g.half_points
    };
    half_points < req.minimum
}

/// `0`, `½`, `2½`.
pub(crate) fn score(half_points: u32) -> String {
    match (half_points / 2, half_points % 2) {
        (0, 1) => "½".to_owned(),
        (w, 0) => w.to_string(),
        (w, _) => format!("{w}½"),
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
    }

    #[test]
    fn round_lists() {
        let day = |rounds: &[usize]| Day {
            date: NaiveDate::MIN,
            rounds: rounds.iter().map(|&r| (r, Span::default())).collect(),
        };
        assert_eq!(day(&[1, 2, 3, 4]).round_list(), "1–4");
        assert_eq!(day(&[1, 2]).round_list(), "1, 2");
        assert_eq!(day(&[1, 3, 4]).round_list(), "1, 3, 4");
    }
}
