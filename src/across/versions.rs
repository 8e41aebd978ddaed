//! Rule `event-versions`: two versions of one event, whose results differ.

use super::{across_rule, noted, ReportKeys, Sink};
use std::collections::HashMap;

across_rule! {
    /// ## What it checks
    /// Among the reports read together, two that hold the same event in two
    /// versions: the same event name (`012`, case and spacing aside), the
    /// same start and end dates, the same players (by FIDE ID, or by name
    /// for a player without one) paired the same way with the same colours
    /// in every round, but results that differ in some rounds. One finding
    /// on each report names the other and the rounds whose results differ.
    /// (Two reports whose results agree too are `duplicate-report`.)
    ///
    /// Such a pair is not compared player by player: its players' games on
    /// the same days are one event's, not `player-in-simultaneous-events`,
    /// and their data are compared once, through the first version.
    ///
    /// ## Why it matters
    /// A corrected export sent beside the first one (a result fixed after a
    /// complaint, a forfeit entered late) would have the event rated twice,
    /// once with the wrong results. Only the corrected one is to be
    /// uploaded; which one that is, only the arbiter can say.
    ///
    /// FIDE has not published what its rating server does with two versions
    /// of one event; trfkit assumes both would be rated, and warns (it never
    /// blocks: one of the two is the intended one).
    ///
    /// ## Example
    /// `open-2026-03.trf` and `open-2026-03-corrected.trf`: the same 60
    /// players and pairings, the result of one game of round 7 differs.
    /// Upload only the corrected one.
    ///
    /// ## Reference
    /// FIDE Rating Regulations (Handbook B.02, 2024) art. 9.1: the rating
    /// officer uploads each rated event's report once.
    EVENT_VERSIONS = "TRF-A004", "event-versions", Warning,
    "two versions of one event whose results differ",
    Info, "FIDE has not published what its rating server does with two versions of one event; trfkit assumes both would be rated, and warns", unconfirmed: true;
}

/// Marks every pair of reports that are versions of one event (not already
/// a duplicate), with a finding on both; returns, per report, the earlier
/// report it is a version of.
pub(crate) fn find(
    reports: &[ReportKeys],
    duplicate_of: &[Option<usize>],
    out: &mut dyn Sink,
) -> Vec<Option<usize>> {
    let mut first: HashMap<u128, usize> = HashMap::new();
    let mut version_of = vec![None; reports.len()];
    for (i, r) in reports.iter().enumerate() {
        if duplicate_of.get(i).is_some_and(Option::is_some) {
            continue;
        }
        let Some(print) = r.pairings else {
            continue;
        };
        let Some(&j) = first.get(&print) else {
            first.insert(print, i);
            continue;
        };
        let rounds = differing_rounds(&reports[j], r);
        if rounds.is_empty() {
            // The same results after all (a duplicate by another reading).
            continue;
        }
        version_of[i] = Some(j);
        let listed = rounds
            .iter()
            .map(u16::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        let which = if rounds.len() == 1 {
            format!("round {listed}")
        } else {
            format!("rounds {listed}")
        };
        for (here, there) in [(i, j), (j, i)] {
            let th = &reports[here];
            out.push(
                here,
                noted(
                    &EVENT_VERSIONS,
                    EVENT_VERSIONS
                        .diag(format!(
                            "two versions of the same event: this report and {} have the same name, dates, {} and pairings, but results that differ in {which}: upload only the corrected one",
                            reports[there].quoted(),
                            match th.players.len() {
                                1 => "1 player".to_owned(),
                                n => format!("{n} players"),
                            },
                        ))
                        .primary(th.anchor, "a version of another report")
                        .help(format!(
                            "ask the arbiter which of this report and {} holds the final results, and upload only that one",
                            reports[there].quoted()
                        ))
                        .reference("FIDE Rating Regulations (Handbook B.02, 2024) art. 9.1"),
                ),
            );
        }
    }
    version_of
}

/// The rounds (1-based, ascending) in which some player's result differs
/// between two versions with the same players and pairings.
fn differing_rounds(a: &ReportKeys, b: &ReportKeys) -> Vec<u16> {
    let by_key: HashMap<u64, usize> = b
        .keys
        .iter()
        .enumerate()
        .map(|(k, &key)| (key, k))
        .collect();
    let mut rounds = std::collections::BTreeSet::new();
    for (p, key) in a.players.iter().zip(&a.keys) {
        let Some(q) = by_key.get(key).and_then(|&k| b.players.get(k)) else {
            continue;
        };
        let n = p.rounds.len().max(q.rounds.len());
        for k in 0..n {
            let x = p.rounds.get(k).map(|e| e.value.result.letter());
            let y = q.rounds.get(k).map(|e| e.value.result.letter());
            if x != y {
                rounds.insert(u16::try_from(k + 1).unwrap_or(u16::MAX));
            }
        }
    }
    rounds.into_iter().collect()
}
