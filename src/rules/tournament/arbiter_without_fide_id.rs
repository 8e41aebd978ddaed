//! Rule `arbiter-without-fide-id`.

use crate::diag::Diagnostic;
use crate::model::Dialect;
use crate::rules::players::placeholder_fide_id::not_an_id;
use crate::rules::Ctx;
use chrono::NaiveDate;

crate::declare_rule! {
    /// ## What it checks
    /// In a TRF26 report, that the chief arbiter (`102`) and each deputy
    /// (`112`) are named with their FIDE ID. The records are free text;
    /// programs write the ID next to the name in any order (`IA Mikel
    /// Larreategi Arana (22232540)`, `225185 Bailleul, Geert`), and FIDE's
    /// reference reader takes a number there as the ID. A record with a
    /// name and no number that can be a FIDE ID (6 to 9 digits, no
    /// placeholder such as `12345678`) is reported.
    ///
    /// Older dialects are not checked: their `102` held a name only, and
    /// the rating officer names the arbiters by ID when registering the
    /// event. Events starting before 1 January 2013 (before arbiters'
    /// licences) are not checked either. Empty records are
    /// `missing-record`'s (`102`) or ignored (`112`).
    ///
    /// ## Why it matters
    /// Since 2013 "a tournament with non-licensed Arbiters will not be
    /// rated". The report cannot prove a licence, and FIDE checks it by the
    /// arbiter's ID. FIDE has not published what it does with a report
    /// whose arbiter is named without an ID (the event is registered with
    /// its arbiters beforehand), so this is a warning, never a block:
    /// trfkit assumes the rating officer completes the ID.
    ///
    /// ## Example
    /// ```text
    /// 102 Smith, Jane
    /// ```
    /// Use instead: `102 IA Smith, Jane (400123)`.
    ///
    /// ## Reference
    /// FIDE Arbiters' licence (B.05 art. 6.6-6.8 in the 2012 numbering;
    /// FIDE news of 22 October 2012), in force from 1 January 2013;
    /// TRF16/TRF26 records 102, 112.
    pub(crate) static ARBITER_WITHOUT_FIDE_ID = {
        code: "TRF-T009", name: "arbiter-without-fide-id",
        severity: Warning, summary: "an arbiter named without a FIDE ID",
        consequence: Info,
        source: "FIDE arbiters' licence from 1 January 2013: \"a tournament with non-licensed Arbiters will not be rated\"; FIDE has not published what it does with a report whose arbiter has no FIDE ID in the file (the arbiters are named when the event is registered), so trfkit warns and assumes the rating officer completes it",
        applies: applies, check: check,
    };
}

/// The first start date of the arbiters' licence.
const LICENCE_FROM: NaiveDate = crate::regulations::ymd(2013, 1, 1);

/// Whether free text carries a number that can be a FIDE ID.
fn has_id(text: &str) -> bool {
    text.split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .filter_map(|w| w.parse::<u64>().ok())
        .any(|n| not_an_id(n).is_none())
}

/// TRF26 reports of events from 2013 (or without a usable start date).
fn applies(ctx: &Ctx<'_>) -> bool {
    ctx.tournament.dialect.dialect == Dialect::Trf26 && ctx.start.is_none_or(|s| s >= LICENCE_FROM)
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    if !applies(ctx) {
        return;
    }
    let h = &ctx.tournament.header;
    let records = h
        .chief_arbiter
        .iter()
        .map(|a| ("102", "chief arbiter", a))
        .chain(
            h.deputy_arbiters
                .iter()
                .map(|a| ("112", "deputy arbiter", a)),
        );
    for (code, role, a) in records {
        let name = a.value.trim();
        if name.is_empty() || has_id(name) {
            continue;
        }
        out.push(
            ARBITER_WITHOUT_FIDE_ID
                .diag(format!("{role} `{name}` (`{code}`) is named without a FIDE ID"))
                .primary(a.span, "no FIDE ID")
                .help(format!(
                    "write the arbiter's FIDE ID after the name, e.g. `{code} {name} (400123)`: only licensed arbiters' events are rated, and FIDE checks the licence by ID; FIDE has not published what it does with a report without it, so trfkit only warns"
                ))
                .reference(format!("TRF26 record {code}; FIDE arbiters' licence, from 1 January 2013")),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_in_free_text() {
        assert!(has_id("IA Mikel Larreategi Arana (22232540)"));
        assert!(has_id("225185 Bailleul, Geert"));
        assert!(!has_id("Smith, Jane"));
        assert!(!has_id("Python, ver 3.13"));
        assert!(!has_id("ARBITER (12345678)"));
    }
}
