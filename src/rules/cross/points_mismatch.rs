//! Rule `points-mismatch`.

use crate::diag::Diagnostic;
use crate::model::games::{result_of_code, LOOKS};
use crate::model::{ByeKind, Colour, Outcome, Player, Points, RoundEntry, RoundResult, TeamRecord};
use crate::rules::support::played_rounds;
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
    pub static POINTS_MISMATCH = {
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
    let last = played_rounds(ctx)
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
    // ([`crate::model::Game::look`]; no colour counts as White): the scoring
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
    for (i, p) in t.players.iter().enumerate() {
        let Some(written) = p.points else { continue };
        // One pass over the line: the rounds up to the last played, the
        // rounds after it, and whether a result letter is unknown.
        let rows = ctx.games.of(i);
        let (before, after) = rows.split_at(last.min(rows.len()));
        let (mut played, mut later, mut unknown) = (Points::ZERO, Points::ZERO, false);
        for g in before {
            unknown |= g.is_unknown_letter();
            played += worth[g.look()];
        }
        for g in after {
            unknown |= g.is_unknown_letter();
            later += worth[g.look()];
        }
        if unknown {
            continue;
        }
        // A line that stops before the last round played: not paired there.
        for _ in p.rounds.len()..last {
            played += t.scoring.points(&RoundEntry::NOT_PAIRED);
        }
        let me = p.start_rank.value;
        let adjust = abnormal_points(ctx, p, last);
        // No acceleration, or that of the last round played or the next:
        // at most five values, kept on the stack (this runs per player).
        let mut accelerations = [Points::ZERO; 5];
        let mut n = 1;
        for round in [last, last + 1] {
            if round == 0 {
                continue;
            }
            let xxa = (!xxa.is_empty()).then(|| xxa.get(&me)).flatten();
            if let Some(v) = xxa.and_then(|a| a.get(round - 1)) {
                accelerations[n] = *v;
                n += 1;
            }
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
            accelerations[n] = r250;
            n += 1;
        }
        let accelerations = &accelerations[..n];
        let accepted = [played, played + later].into_iter().any(|base| {
            [Points::ZERO, adjust].into_iter().any(|adj| {
                accelerations
                    .iter()
                    .any(|acc| base + adj + *acc == written.value)
            })
        });
        if accepted {
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

/// The net effect of the TRF26 `299` records naming player `p`, over the
/// rounds up to `last` (or the player's last written round, if later).
fn abnormal_points(ctx: &Ctx<'_>, p: &Player, last: usize) -> Points {
    let t = ctx.tournament;
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

/// Whether a round result is of the type a `299` record names.
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
