//! Rule `duplicate-report`: the same event given twice.

use super::{across_rule, noted, ReportKeys, Sink};
use std::collections::HashMap;

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
pub(crate) fn find(reports: &[ReportKeys], out: &mut dyn Sink) -> Vec<Option<usize>> {
    let mut first: HashMap<u128, usize> = HashMap::new();
    let mut duplicate_of = vec![None; reports.len()];
    for (i, r) in reports.iter().enumerate() {
        let Some(print) = r.print else {
            continue;
        };
        match first.get(&print) {
            None => {
                first.insert(print, i);
            }
            Some(&j) => {
                duplicate_of[i] = Some(j);
                let what = format!(
                    "{} {}, {} {} and every result",
                    r.players.len(),
                    if r.players.len() == 1 {
                        "player"
                    } else {
                        "players"
                    },
                    r.rounds,
                    if r.rounds == 1 { "round" } else { "rounds" },
                );
                out.push(
                    i,
                    noted(
                        &DUPLICATE_REPORT,
                        DUPLICATE_REPORT
                            .diag(format!(
                                "the same event as {} ({what} the same): uploaded both, it would be rated twice",
                                reports[j].quoted()
                            ))
                            .primary(r.anchor, "same event as another report")
                            .help(format!(
                                "upload only one of this report and {}; a rating period counts it once, as {}",
                                reports[j].quoted(),
                                reports[j].quoted()
                            ))
                            .reference("FIDE Rating Regulations (Handbook B.02, 2024) art. 9.1"),
                    ),
                );
                out.push(
                    j,
                    noted(
                        &DUPLICATE_REPORT,
                        DUPLICATE_REPORT
                            .diag(format!(
                                "{} is the same event ({what} the same): uploaded both, it would be rated twice",
                                r.quoted()
                            ))
                            .primary(reports[j].anchor, "same event as another report")
                            .help(format!(
                                "upload only one of this report and {}",
                                r.quoted()
                            ))
                            .reference("FIDE Rating Regulations (Handbook B.02, 2024) art. 9.1"),
                    ),
                );
            }
        }
    }
    duplicate_of
}
