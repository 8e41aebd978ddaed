//! Rule `already-rated`: a report whose event, or some of whose rounds, the
//! officer's ledger recorded as rated in an earlier period.

use super::{across_rule, noted};
use crate::diag::Diagnostic;
use crate::source::Span;

across_rule! {
    /// ## What it checks
    /// With `--ledger FILE` (`trf check`, `trf period`, `trf split`): a
    /// report whose event the ledger recorded as rated in an earlier period
    /// (or in any period other than the one it is now rated in: a later
    /// period computed first rates its games as well). The same report (the same players, pairings, results and start date,
    /// however written) is named with the period it was rated in; an interim
    /// report of a long event has each of its rounds checked against the
    /// rounds recorded (the same event name, the same round date, or its
    /// number where undated, and the same games), and the rounds rated
    /// before are named with their period.
    ///
    /// Without `--ledger` nothing is read or written, and the rule cannot
    /// fire: `trf explain ledger` says what the ledger holds.
    ///
    /// ## Why it matters
    /// An event uploaded in February and again in March is rated twice: its
    /// games count in both periods. A cumulative interim report (rounds 1 to
    /// 6 in November, after rounds 1 to 4 in October) has the earlier rounds
    /// rated again.
    ///
    /// FIDE has not published what its rating server does with an event
    /// uploaded in two periods; trfkit assumes both uploads would be rated,
    /// and warns (it never blocks: the ledger may hold a period computed but
    /// never uploaded).
    ///
    /// ## Example
    /// `open-feb.trf`, recorded in the 2025-03 period, given again to
    /// `trf period --period 2025-04 --ledger officer.ledger`. Use instead:
    /// leave it out of April's reports; for a long event, send only the
    /// rounds not yet rated (`trf split --by-period`).
    ///
    /// ## Reference
    /// FIDE Rating Regulations (Handbook B.02, 2024) art. 4 (interim results
    /// of an event lasting more than 30 days) and art. 9.1; FIDE's
    /// Qualification Commission (September 2026): "You should only submit
    /// the games you need to be rated for that period".
    ALREADY_RATED = "TRF-A006", "already-rated", Warning,
    "an event (or some of its rounds) the ledger recorded as rated in an earlier period",
    Info, "FIDE has not published what its rating server does with an event uploaded in two periods; trfkit assumes both uploads would be rated, and warns", unconfirmed: true;
}

/// The finding on a report (pointing at `anchor`) that the ledger named
/// `ledger` recorded `what` (the report, or its rounds) as rated.
pub(crate) fn finding(anchor: Span, what: &str, ledger: &str) -> Diagnostic {
    noted(
        &ALREADY_RATED,
        ALREADY_RATED
            .diag(format!(
                "{what} (ledger `{ledger}`): uploaded again, it would be rated twice"
            ))
            .primary(anchor, "already rated in an earlier period")
            .help("upload only what no earlier period rated: leave this report out, or for a long event only the rounds not yet rated (`trf split --by-period`)")
            .reference("FIDE Rating Regulations (Handbook B.02, 2024) art. 4 and 9.1; FIDE Qualification Commission (September 2026): \"only submit the games you need to be rated for that period\""),
    )
}
