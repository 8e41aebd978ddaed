//! Rule `duplicate-report`: the same event given twice.

use super::{across_rule, noted, quoted, ReportRef};
use crate::diag::Diagnostic;
use crate::model::Tournament;
use crate::source::span::Span;
use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};

across_rule! {
    /// ## What it checks
    /// Among the reports read together (`trf check` of several files or a
    /// folder), two that hold the same event: the same players (by FIDE ID,
    /// or by name for a player without one), paired the same way in every
    /// round with the same colours and results, starting on the same date.
    /// File names, the `012` name, spacing, the order of the `001` lines,
    /// date formats and other ways of writing the same values do not
    /// matter: the reports are compared as read.
    ///
    /// ## Why it matters
    /// A re-export of an event (a corrected copy, the same file sent twice
    /// under another name) uploaded beside the first would have its games
    /// rated twice. Both reports carry the finding; a rating period
    /// (`trf period`) counts the event once, as the first report given.
    ///
    /// FIDE has not published what its rating server does with an event
    /// uploaded twice; trfkit assumes both copies would be rated, and
    /// warns (it never blocks: one of the two may be the intended one).
    ///
    /// ## Example
    /// `open-2026-03.trf` and `Open March (final).trf` with the same 60
    /// players, 9 rounds and results. Upload one of them.
    ///
    /// ## Reference
    /// FIDE Rating Regulations (Handbook B.02, 2024) art. 9.1: the rating
    /// officer uploads each rated event's report once.
    DUPLICATE_REPORT = "TRF-A002", "duplicate-report", Warning,
    "the same event in two reports",
    Info, "FIDE has not published what its rating server does with an event uploaded twice; trfkit assumes both copies would be rated, and warns", unconfirmed: true;
}

/// Marks every report that repeats an earlier one, with a finding on both;
/// returns `duplicate_of` (see [`super::AcrossFindings::duplicate_of`]).
pub(crate) fn find(reports: &[ReportRef<'_>], out: &mut [Vec<Diagnostic>]) -> Vec<Option<usize>> {
    let mut first: HashMap<u128, usize> = HashMap::new();
    let mut duplicate_of = vec![None; reports.len()];
    for (i, r) in reports.iter().enumerate() {
        let Some(print) = fingerprint(&r.parsed.tournament) else {
            continue;
        };
        match first.get(&print) {
            None => {
                first.insert(print, i);
            }
            Some(&j) => {
                duplicate_of[i] = Some(j);
                let t = &r.parsed.tournament;
                let what = format!(
                    "{} {}, {} {} and every result",
                    t.players.len(),
                    if t.players.len() == 1 {
                        "player"
                    } else {
                        "players"
                    },
                    t.rounds,
                    if t.rounds == 1 { "round" } else { "rounds" },
                );
                out[i].push(noted(
                    &DUPLICATE_REPORT,
                    DUPLICATE_REPORT
                        .diag(format!(
                            "the same event as {} ({what} the same): uploaded both, it would be rated twice",
                            quoted(&reports[j])
                        ))
                        .primary(anchor(t), "same event as another report")
                        .help(format!(
                            "upload only one of this report and {}; a rating period counts it once, as {}",
                            quoted(&reports[j]),
                            quoted(&reports[j])
                        ))
                        .reference("FIDE Rating Regulations (Handbook B.02, 2024) art. 9.1"),
                ));
                let tj = &reports[j].parsed.tournament;
                out[j].push(noted(
                    &DUPLICATE_REPORT,
                    DUPLICATE_REPORT
                        .diag(format!(
                            "{} is the same event ({what} the same): uploaded both, it would be rated twice",
                            quoted(r)
                        ))
                        .primary(anchor(tj), "same event as another report")
                        .help(format!(
                            "upload only one of this report and {}",
                            quoted(r)
                        ))
                        .reference("FIDE Rating Regulations (Handbook B.02, 2024) art. 9.1"),
                ));
            }
        }
    }
    duplicate_of
}

/// Where the finding points: the `012` name, else the first player's line.
pub(super) fn anchor(t: &Tournament) -> Span {
    t.header
        .name
        .as_ref()
        .map(|n| n.span)
        .or_else(|| t.players.first().map(|p| p.span))
        .unwrap_or(Span::empty(0))
}

/// The event as values: a hash of the start date and of every player's key
/// and round entries (opponent's key, colour, result), whatever the order
/// of the lines. `None` for a report without a game (nothing to rate
/// twice).
/// Two independent 64-bit hashes make a 128-bit print: two different events
/// colliding is out of reach.
pub(crate) fn fingerprint(t: &Tournament) -> Option<u128> {
    // Without a game there is nothing to rate twice.
    let any_game = t
        .players
        .iter()
        .any(|p| p.rounds.iter().any(|e| e.value.result.needs_opponent()));
    if !any_game {
        return None;
    }
    let index = t.rank_index();
    let keys: Vec<u64> = t.players.iter().map(player_key).collect();
    let mut halves = [0u64; 2];
    for (seed, half) in halves.iter_mut().enumerate() {
        let mut players: Vec<u64> = t
            .players
            .iter()
            .zip(&keys)
            .map(|(p, key)| {
                let mut h = DefaultHasher::new();
                seed.hash(&mut h);
                key.hash(&mut h);
                // Trailing blank rounds are how a line is cut, not a value.
                let last = p
                    .rounds
                    .iter()
                    .rposition(|e| e.value != crate::model::RoundEntry::NOT_PAIRED)
                    .map_or(0, |i| i + 1);
                for e in p.rounds.iter().take(last) {
                    let opp = e
                        .value
                        .opponent
                        .and_then(|o| index.get(o as usize).copied())
                        .filter(|&o| o != u32::MAX)
                        .map(|o| keys[o as usize]);
                    opp.hash(&mut h);
                    e.value.colour.map(|c| c.letter()).hash(&mut h);
                    e.value.result.letter().hash(&mut h);
                }
                h.finish()
            })
            .collect();
        players.sort_unstable();
        let mut h = DefaultHasher::new();
        seed.hash(&mut h);
        t.start_date().hash(&mut h);
        players.hash(&mut h);
        *half = h.finish();
    }
    Some((u128::from(halves[0]) << 64) | u128::from(halves[1]))
}

/// A player's identity in a fingerprint: the FIDE ID, else the folded name.
pub(super) fn player_key(p: &crate::model::Player) -> u64 {
    let mut h = DefaultHasher::new();
    match p.fide_id {
        Some(id) => (0u8, id.value).hash(&mut h),
        None => (1u8, crate::ratinglist::fold_name(&p.name.value, true)).hash(&mut h),
    }
    h.finish()
}
