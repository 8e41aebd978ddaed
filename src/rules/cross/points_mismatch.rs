//! Rule `points-mismatch`.

use crate::diag::Diagnostic;
use crate::model::games::{result_of_code, LOOKS};
use crate::model::{ByeKind, Colour, Outcome, Player, Points, RoundEntry, RoundResult, TeamRecord};

use crate::rules::{always, Ctx};
use crate::source::span::Spanned;
use std::collections::HashMap;

crate::declare_rule! {
    /// ## What it checks
    /// That the points in columns 81-84 of each `001` record equal the sum
    /// of the player's round results under the tournament's scoring system
    /// (TRF26 `162`, JaVaFo `XXS`, bbpPairings `BB?`, else FIDE's 1 / ½ / 0
    /// with a pairing-allocated bye worth a win).
    ///
    /// Rounds after the last round in which anybody has a game or forfeit
    /// result (byes announced for the round being paired) may be counted or
    /// not. The value is accepted with or without the acceleration in force:
    /// the `XXA` or TRF26 `250` fictitious points of the last round played
    /// or of the next round, which is what pairing programs add (a `250`
    /// range covers the players whose ids lie in it, for its rounds). The
    /// acceleration of a round is a value, not a running total, so the sum
    /// of several rounds' accelerations is not accepted. TRF26 `299`
    /// abnormal-points records are applied when they name the player (or
    /// name nobody, meaning everybody): a blank type adds its points once,
    /// a typed one (`W D L` for games, `F H Z` for byes, `+ -` for
    /// forfeits) replaces the value of the player's results of that type in
    /// its round, or in every round when it names none; the value is also
    /// accepted without them.
    ///
    /// Players with a blank points field, or with a result code TRF does
    /// not define, are skipped; so are team events (TRF26 `310` records),
    /// where the players' points are informative only.
    ///
    /// ## Why it matters
    /// The points field is what pairing programs pair on and what the
    /// standings print. A total that does not match the results means a
    /// result or the total was mistyped; bbpPairings and JaVaFo refuse the
    /// file, and FIDE's server flags it.
    ///
    /// ## Example
    /// ```text
    /// 001    2 ...  4.0    2     5 b 0     1 w 1     6 b =
    /// ```
    /// The results add up to `1.5`. Use instead: ` 1.5` in columns 81-84,
    /// or correct the result that was mistyped.
    ///
    /// ## Reference
    /// TRF16 record 001, columns 81-84 (points "under the tournament's
    /// scoring system, including the PAB value"); TRF26 records 162, 250,
    /// 299; JaVaFo `XXS`/`XXA`.
    pub(crate) static POINTS_MISMATCH = {
        code: "TRF-X001", name: "points-mismatch",
        severity: Error, summary: "a player's points differ from the sum of their results",
        consequence: FixBeforeUpload,
        source: "TRF16 record 001 columns 81-84: the points must be the sum of the results; FIDE rates the results, so the arbiter must say which is right",
        applies: always, check: check,
    };
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let t = ctx.tournament;
    if t.teams.iter().any(|team| team.record == TeamRecord::R310) {
        return; // team event: players' points are informative
    }
    // The last round anybody played; later blocks are for the round being
    // paired (announced byes) or pending.
    let last = ctx
        .played_rounds()
        .iter()
        .rposition(|&p| p)
        .map_or(0, |i| i + 1);
    let xxa: HashMap<u16, &[Points]> = t
        .extensions
        .xxa
        .iter()
        .map(|a| (a.player.value, a.points.as_slice()))
        .collect();
    // What each result is worth, by colour and result code
    // ([`crate::model::Game::colour_and_code`]; no colour counts as White): the scoring
    // system looked up once, not per entry.
    let mut worth = [Points::ZERO; LOOKS];
    for (look, w) in worth.iter_mut().enumerate() {
        let colour = match look & 3 {
            2 => Colour::Black,
            _ => Colour::White,
        };
        *w = t.scoring.points(&RoundEntry {
            opponent: None,
            colour: Some(colour),
            result: result_of_code(look >> 2),
        });
    }
    // When no line is long enough for its worths to leave `i32`, a plain
    // sum is the saturating one: the rows are summed without a test each.
    let largest = worth.iter().map(|w| u64::from(w.0.unsigned_abs())).max();
    let longest = ctx.games.round_kinds().len() as u64;
    let plain = largest.unwrap_or(0).saturating_mul(longest) <= i32::MAX as u64;
    // The worth of each result for the sums of `plain`, where a letter TRF
    // does not define (the result codes 14 and 15: the looks from 56 up)
    // also weighs `UNKNOWN_WEIGHT`: a sum tells at once whether it met one
    // (one addition a row instead of a test as well).
    let weight: [i64; LOOKS] = std::array::from_fn(|look| {
        i64::from(worth[look].0) + if look >= 56 { UNKNOWN_WEIGHT } else { 0 }
    });
    let records = Records::new(t, last);
    let simple =
        records.all.is_empty() && records.acceleration.iter().all(Vec::is_empty) && xxa.is_empty();
    for (i, p) in t.players.iter().enumerate() {
        let Some(written) = p.points else { continue };
        // One pass over the line: the rounds up to the last played, the
        // rounds after it, and whether a result letter is unknown.
        let rows = ctx.games.of(i);
        let (before, after) = rows.split_at(last.min(rows.len()));
        let (mut played, mut later, mut unknown) = (Points::ZERO, Points::ZERO, false);
        if plain {
            let sum = |rows: &[crate::model::Game]| {
                rows.iter()
                    .map(|g| weight[g.colour_and_code()])
                    .sum::<i64>()
            };
            let (b, a) = (sum(before), sum(after));
            // The results' part of each sum is within `i32` (`plain`).
            unknown = b >= UNKNOWN_WEIGHT / 2 || a >= UNKNOWN_WEIGHT / 2;
            played = Points(b as i32);
            later = Points(a as i32);
        } else {
            for g in before {
                unknown |= g.is_unknown_letter();
                played += worth[g.colour_and_code()];
            }
            for g in after {
                unknown |= g.is_unknown_letter();
                later += worth[g.colour_and_code()];
            }
        }
        if unknown {
            continue;
        }
        // A line that stops before the last round played: not paired there.
        for _ in p.rounds.len()..last {
            played += t.scoring.points(&RoundEntry::NOT_PAIRED);
        }
        // Without `299`, acceleration or `XXA` records, every adjustment
        // and acceleration is zero: the points are the results' sum, up to
        // the last round played or all of them.
        if simple {
            if played == written.value || played + later == written.value {
                continue;
            }
        } else if accepted(ctx, &records, &xxa, p, last, written.value, played, later) {
            continue;
        }
        let adjust = records.abnormal_points(t, p, last);
        if !ctx.keeps(out) {
            // Past the limit: counted, not formatted (both findings below
            // carry the rule's own severity and consequence).
            ctx.count_one(
                &POINTS_MISMATCH,
                POINTS_MISMATCH.meta.severity,
                POINTS_MISMATCH.meta.consequence,
            );
            continue;
        }
        let expected = played + adjust;
        if let Some(d) = unrecorded_bye(ctx, p, last, written, expected) {
            out.push(d);
            continue;
        }
        out.push(
            POINTS_MISMATCH
                .diag(format!(
                    "{} has points `{}` but the results add up to `{expected}`",
                    p.designation(),
                    written.value
                ))
                .primary(written.span, format!("results give {expected}"))
                .help(format!(
                    "write `{expected:>4}` in columns 81-84, or correct the round result that was mistyped"
                ))
                .reference("TRF16 record 001, columns 81-84 (points)"),
        );
    }
}

/// What a result TRF does not define adds to a sum of [`check`]'s plain
/// case: far above any sum of results within `i32`, and 65,535 of them
/// stay within `i64`.
const UNKNOWN_WEIGHT: i64 = 1 << 40;

/// Sums in `i64`, saturated to a [`Points`] once at the end.
/// Whether the points written are the results' sum (up to the last round
/// played, or all of them), with or without the `299` records' adjustment,
/// and with no acceleration or that of the last round played or the next.
#[allow(clippy::too_many_arguments)]
fn accepted(
    ctx: &Ctx<'_>,
    records: &Records<'_>,
    xxa: &HashMap<u16, &[Points]>,
    p: &Player,
    last: usize,
    written: Points,
    played: Points,
    later: Points,
) -> bool {
    let me = p.start_rank.value;
    let adjust = records.abnormal_points(ctx.tournament, p, last);
    // No acceleration, or that of the last round played or the next:
    // at most five values, kept on the stack (this runs per player).
    let mut accelerations = [Points::ZERO; 5];
    let mut n = 1;
    for (k, round) in [last, last + 1].into_iter().enumerate() {
        if round == 0 {
            continue;
        }
        let xxa = (!xxa.is_empty()).then(|| xxa.get(&me)).flatten();
        if let Some(v) = xxa.and_then(|a| a.get(round - 1)) {
            accelerations[n] = *v;
            n += 1;
        }
        accelerations[n] = records.acceleration(k, me);
        n += 1;
    }
    let accelerations = &accelerations[..n];
    [played, played + later].into_iter().any(|base| {
        [Points::ZERO, adjust]
            .into_iter()
            .any(|adj| accelerations.iter().any(|acc| base + adj + *acc == written))
    })
}

fn clamp(v: i64) -> Points {
    Points(v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32)
}

/// The TRF26 `299` and `250` records, indexed once per report: each
/// player's share is found without walking every record, so a report with
/// thousands of them and thousands of players stays linear. Sums are
/// exact (`i64`), saturated once at the end.
struct Records<'t> {
    /// `(starting rank, record)` for every `299` record that names players,
    /// sorted, each pair once.
    named: Vec<(u16, u32)>,
    /// `blank[r]`: the points of the blank-type `299` records naming
    /// everybody in round `r` or before (a record without a round counts in
    /// every entry), as a running sum.
    blank: Vec<i64>,
    /// `typed[r][k]`: the points and the number of the typed `299` records
    /// naming everybody that apply to round `r` (theirs or none) for
    /// results of type `k` ([`kind_index`]).
    typed: Vec<[(i64, i64); KINDS]>,
    /// `acceleration[k][rank]`: the `250` game points for the last round
    /// played (`k = 0`) or the next (`k = 1`) of the player with that
    /// starting rank.
    acceleration: [Vec<i64>; 2],
    all: &'t [crate::model::AbnormalPointsRecord],
}

/// How many result types a `299` record can name ([`kind_index`]).
const KINDS: usize = 8;

/// The type a `299` record names, as a number below [`KINDS`].
fn kind_of_letter(kind: char) -> Option<usize> {
    Some(match kind.to_ascii_uppercase() {
        'W' => 0,
        'D' => 1,
        'L' => 2,
        'F' => 3,
        'H' => 4,
        'Z' => 5,
        '+' => 6,
        '-' => 7,
        _ => return None,
    })
}

/// The type of a round result, as [`kind_of_letter`] numbers it: a record
/// of type `k` applies to a result exactly when `kind_index` gives `k`.
fn kind_index(r: RoundResult) -> Option<usize> {
    use RoundResult::*;
    match r {
        Game { outcome } | ShortGame { outcome } => Some(match outcome {
            Outcome::Win => 0,
            Outcome::Draw => 1,
            Outcome::Loss => 2,
        }),
        Bye { bye: ByeKind::Full } => Some(3),
        Bye { bye: ByeKind::Half } => Some(4),
        Bye { bye: ByeKind::Zero } | NotPaired => Some(5),
        Forfeit { won: true } => Some(6),
        Forfeit { won: false } => Some(7),
        _ => None,
    }
}

impl<'t> Records<'t> {
    fn new(t: &'t crate::model::Tournament, last: usize) -> Self {
        let all = t.records.abnormal_points.as_slice();
        // The most rounds any player's records are applied over.
        let cap = t
            .players
            .iter()
            .map(|p| p.rounds.len())
            .max()
            .unwrap_or(0)
            .max(last);
        let mut named = Vec::new();
        let mut blank = Vec::new();
        let mut typed = Vec::new();
        if !all.is_empty() {
            blank = vec![0i64; cap + 1];
            typed = vec![[(0i64, 0i64); KINDS]; cap + 1];
            let mut every_round = [(0i64, 0i64); KINDS];
            let mut always = 0i64;
            for (k, rec) in all.iter().enumerate() {
                let Some(points) = rec.points else { continue };
                if !rec.ids.is_empty() {
                    named.extend(rec.ids.iter().map(|id| (id.value, k as u32)));
                    continue;
                }
                let points = i64::from(points.0);
                let round = rec.round.map(usize::from);
                match rec.kind.filter(|k| *k != ' ') {
                    None => match round {
                        None => always += points,
                        Some(r) if r <= cap => blank[r] += points,
                        Some(_) => {}
                    },
                    Some(kind) => {
                        let Some(kind) = kind_of_letter(kind) else {
                            continue;
                        };
                        let slot = match round {
                            None => &mut every_round[kind],
                            Some(r) if (1..=cap).contains(&r) => &mut typed[r][kind],
                            Some(_) => continue,
                        };
                        slot.0 += points;
                        slot.1 += 1;
                    }
                }
            }
            named.sort_unstable();
            named.dedup();
            let mut sum = always;
            for b in blank.iter_mut() {
                sum += *b;
                *b = sum;
            }
            for row in typed.iter_mut().skip(1) {
                for (slot, every) in row.iter_mut().zip(every_round) {
                    slot.0 += every.0;
                    slot.1 += every.1;
                }
            }
        }
        let mut acceleration = [Vec::new(), Vec::new()];
        if !t.records.accelerations.is_empty() {
            let top = t
                .players
                .iter()
                .map(|p| usize::from(p.start_rank.value))
                .max()
                .unwrap_or(0);
            for (k, round) in [last, last + 1].into_iter().enumerate() {
                let mut diff = vec![0i64; top + 2];
                for a in &t.records.accelerations {
                    let Some(points) = a.game_points else {
                        continue;
                    };
                    if !(a.rounds.0 as usize..=a.rounds.1 as usize).contains(&round) {
                        continue;
                    }
                    let (lo, hi) = (usize::from(a.ids.0), usize::from(a.ids.1).min(top));
                    if lo <= hi {
                        diff[lo] += i64::from(points.0);
                        diff[hi + 1] -= i64::from(points.0);
                    }
                }
                let mut sum = 0;
                for d in diff.iter_mut() {
                    sum += *d;
                    *d = sum;
                }
                acceleration[k] = diff;
            }
        }
        Records {
            named,
            blank,
            typed,
            acceleration,
            all,
        }
    }

    /// The `250` game points of the player with starting rank `me` for the
    /// last round played (`k = 0`) or the next (`k = 1`).
    fn acceleration(&self, k: usize, me: u16) -> Points {
        clamp(
            self.acceleration[k]
                .get(usize::from(me))
                .copied()
                .unwrap_or(0),
        )
    }

    /// The net effect of the TRF26 `299` records naming player `p` (or
    /// everybody), over the rounds up to `last` (or the player's last
    /// written round, if later).
    fn abnormal_points(&self, t: &crate::model::Tournament, p: &Player, last: usize) -> Points {
        if self.all.is_empty() {
            return Points::ZERO;
        }
        let me = p.start_rank.value;
        let rounds = last.max(p.rounds.len());
        let mut total = self.blank.get(rounds).copied().unwrap_or(0);
        for r in 1..=rounds {
            let e = p.round(r);
            let Some(k) = kind_index(e.result) else {
                continue;
            };
            if let Some(&(points, n)) = self.typed.get(r).and_then(|row| row.get(k)) {
                if n > 0 {
                    total += points - n * i64::from(t.scoring.points(&e).0);
                }
            }
        }
        let from = self.named.partition_point(|&(rank, _)| rank < me);
        for &(_, k) in self.named[from..]
            .iter()
            .take_while(|&&(rank, _)| rank == me)
        {
            let rec = &self.all[k as usize];
            let Some(points) = rec.points else { continue };
            let points = i64::from(points.0);
            match rec.kind.filter(|k| *k != ' ') {
                None => {
                    if rec.round.is_none_or(|r| (r as usize) <= rounds) {
                        total += points;
                    }
                }
                Some(kind) => {
                    let Some(kind) = kind_of_letter(kind) else {
                        continue;
                    };
                    let (from, to) = match rec.round {
                        None => (1, rounds),
                        Some(r) => (usize::from(r), usize::from(r).min(rounds)),
                    };
                    for r in from.max(1)..=to {
                        let e = p.round(r);
                        if kind_index(e.result) == Some(kind) {
                            total += points - i64::from(t.scoring.points(&e).0);
                        }
                    }
                }
            }
        }
        clamp(total)
    }
}

/// A points column that exceeds the results by exactly what byes in the
/// player's blank rounds (`0000 -` with no letter) would give: the bye was
/// not written, and the column is probably right. The finding names the
/// rounds and the letter to write instead of telling the arbiter to lower
/// the points, which would take them from the player.
fn unrecorded_bye(
    ctx: &Ctx<'_>,
    p: &Player,
    last: usize,
    written: Spanned<Points>,
    expected: Points,
) -> Option<Diagnostic> {
    let missing = written.value - expected;
    if missing <= Points::ZERO {
        return None;
    }
    let blank: Vec<usize> = (1..=last)
        .filter(|&r| p.round(r).result == RoundResult::NotPaired)
        .collect();
    if blank.is_empty() {
        return None;
    }
    let scoring = &ctx.tournament.scoring;
    let letters = [
        ('H', "half-point bye", scoring.half_bye),
        ('F', "full-point bye", scoring.full_bye),
        ('U', "pairing-allocated bye", scoring.pairing_bye),
    ];
    // The same bye in every blank round, or in one of them.
    let every = |value: Points| blank.iter().map(|_| value).sum::<Points>() == missing;
    let (letter, what, all) = letters.iter().find_map(|&(letter, what, value)| {
        if value <= Points::ZERO {
            None
        } else if every(value) {
            Some((letter, what, true))
        } else if value == missing {
            Some((letter, what, false))
        } else {
            None
        }
    })?;
    let listed: Vec<String> = blank
        .iter()
        .map(|&r| format!("round {r} (column {})", 99 + 10 * (r - 1)))
        .collect();
    let whose = if all || blank.len() == 1 {
        format!(
            "{} {} no result, and a {what} there explains the difference",
            listed.join(", "),
            if blank.len() == 1 { "has" } else { "have" }
        )
    } else {
        format!(
            "one of {} has no result, and a {what} there explains the difference",
            listed.join(", ")
        )
    };
    let mut d = POINTS_MISMATCH
        .diag(format!(
            "{} has points `{}` but the results add up to `{expected}`: {whose}",
            p.designation(),
            written.value
        ))
        .primary(written.span, format!("results give {expected}"));
    if let Some(e) = p.rounds.get(blank[0] - 1) {
        d = d.secondary(e.span, format!("round {}: no result letter", blank[0]));
    }
    Some(
        d.help(format!(
            "if the player had a {what}, write `0000 - {letter}` in that round's block (result letter `{letter}`) and keep `{}` in columns 81-84; otherwise correct the points to `{expected:>4}`",
            written.value
        ))
        .reference("TRF16 record 001, round blocks (byes H, F, U, Z) and columns 81-84 (points)"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{AbnormalPointsRecord, AccelerationRecord, Tournament};
    use crate::source::span::Span;

    /// The plain sums (one addition a row, a letter TRF does not define
    /// weighing `UNKNOWN_WEIGHT`) pass over a player with such a letter,
    /// `?` included, in any round, and judge the others: a wrong total
    /// fires, a right one does not.
    #[test]
    fn the_plain_sums_pass_over_a_letter_trf_does_not_define() {
        let line = |rank: u16, points: &str, blocks: &str| {
            format!(
                "001 {rank:>4} m    Player {rank:<26} 2000 GER    12345678 1990/01/01 {points:>4}    1{blocks}\n"
            )
        };
        let opts = crate::rules::CheckOptions::default();
        for (first, second, points, fires) in [
            ("1", "1", "5.0", true),
            ("1", "1", "2.0", false),
            ("X", "1", "5.0", false),
            ("1", "?", "5.0", false),
            ("?", "X", "5.0", false),
            ("=", "0", "0.5", false),
            ("=", "0", "1.0", true),
        ] {
            let text = format!(
                "012 Test\n{}{}{}",
                line(1, points, &format!("     2 w {first}     3 b {second}")),
                line(2, "0.0", "     1 b 0     3 w 0"),
                line(3, "0.0", "  0000 - Z     1 w 0"),
            );
            let parsed = crate::parse_str(&text);
            let ctx = Ctx::new(&parsed.tournament, &parsed.text, &opts);
            let mut out = Vec::new();
            check(&ctx, &mut out);
            let fired = out.iter().any(|d| d.code == POINTS_MISMATCH.meta.code);
            assert_eq!(fired, fires, "{first} {second} {points}: {out:?}");
        }
    }

    /// What one player's `299` records add up to, walking every record (the
    /// rule before the index): the reference the index must agree with.
    fn walked(t: &Tournament, p: &Player, last: usize) -> Points {
        let me = p.start_rank.value;
        let rounds = last.max(p.rounds.len());
        let mut total = Points::ZERO;
        for rec in &t.records.abnormal_points {
            let Some(points) = rec.points else { continue };
            if !rec.ids.is_empty() && !rec.ids.iter().any(|id| id.value == me) {
                continue;
            }
            let in_range = |r: usize| rec.round.is_none_or(|x| x as usize == r);
            match rec.kind.filter(|k| *k != ' ') {
                None => {
                    if rec.round.is_none_or(|r| (r as usize) <= rounds) {
                        total += points;
                    }
                }
                Some(kind) => {
                    for r in (1..=rounds).filter(|r| in_range(*r)) {
                        let e = p.round(r);
                        if matches_kind(kind, e.result) {
                            total += points - t.scoring.points(&e);
                        }
                    }
                }
            }
        }
        total
    }

    /// Whether a round result is of the type a `299` record names, as the
    /// rule read it before the index.
    fn matches_kind(kind: char, r: RoundResult) -> bool {
        use RoundResult::*;
        match (kind.to_ascii_uppercase(), r) {
            ('W', Game { outcome } | ShortGame { outcome }) => outcome == Outcome::Win,
            ('D', Game { outcome } | ShortGame { outcome }) => outcome == Outcome::Draw,
            ('L', Game { outcome } | ShortGame { outcome }) => outcome == Outcome::Loss,
            ('F', Bye { bye }) => bye == ByeKind::Full,
            ('H', Bye { bye }) => bye == ByeKind::Half,
            ('Z', Bye { bye }) => bye == ByeKind::Zero,
            ('Z', NotPaired) => true,
            ('+', Forfeit { won }) => won,
            ('-', Forfeit { won }) => !won,
            _ => false,
        }
    }

    #[test]
    fn record_types_match_the_results_they_name() {
        let letters = "WDLFHZ+-wdlfhz?XU ";
        for c in 0..16 {
            let r = result_of_code(c);
            for k in letters.chars() {
                let by_index = kind_of_letter(k).is_some_and(|k| kind_index(r) == Some(k));
                assert_eq!(by_index, matches_kind(k, r), "{k:?} {r:?}");
            }
        }
    }

    /// A report of 300 players with thousands of `299` and `250` records:
    /// the index gives every player what walking every record gives.
    #[test]
    fn thousands_of_records_are_indexed_not_walked() {
        let opts = crate::generate::GenOptions {
            players: 300,
            rounds: 7,
            with_byes: true,
            with_forfeits: true,
            ..Default::default()
        };
        let text = crate::generate::generate(&opts).unwrap();
        let mut t = crate::parse_str(&text).tournament;
        let kinds = [
            None,
            Some(' '),
            Some('W'),
            Some('d'),
            Some('L'),
            Some('F'),
            Some('H'),
        ];
        let kinds = [
            kinds.as_slice(),
            &[Some('z'), Some('+'), Some('-'), Some('U'), Some('?')],
        ]
        .concat();
        let mut seed = 7u32;
        let mut next = |n: u32| {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
            (seed >> 8) % n
        };
        for k in 0..3000 {
            let ids = match k % 3 {
                0 => Vec::new(),
                _ => (0..1 + next(4))
                    .map(|_| Spanned::new(next(310) as u16, Span::default()))
                    .collect(),
            };
            t.records.abnormal_points.push(AbnormalPointsRecord {
                kind: kinds[next(kinds.len() as u32) as usize],
                match_points: None,
                points: (next(10) > 0).then(|| Points(next(40) as i32 - 20)),
                round: (next(3) > 0).then(|| next(10) as u16),
                ids,
                span: Span::default(),
            });
            let (a, b) = (next(12) as u16, next(12) as u16);
            let (c, d) = (next(320) as u16, next(320) as u16);
            t.records.accelerations.push(AccelerationRecord {
                match_points: None,
                game_points: (next(5) > 0).then(|| Points(next(20) as i32)),
                rounds: (a, b),
                ids: (c, d),
                span: Span::default(),
            });
        }
        for last in [0, 3, 7, 9] {
            let records = Records::new(&t, last);
            for p in &t.players {
                assert_eq!(records.abnormal_points(&t, p, last), walked(&t, p, last));
                let me = p.start_rank.value;
                for (k, round) in [last, last + 1].into_iter().enumerate() {
                    let r250: Points = t
                        .records
                        .accelerations
                        .iter()
                        .filter(|a| {
                            (a.rounds.0 as usize..=a.rounds.1 as usize).contains(&round)
                                && (a.ids.0..=a.ids.1).contains(&me)
                        })
                        .filter_map(|a| a.game_points)
                        .sum();
                    assert_eq!(records.acceleration(k, me), r250, "{me} {round}");
                }
            }
        }
    }
}
