//! Rule `arbiter-without-fide-id`.

use super::placeholder_fide_id::not_an_id;
use crate::diag::{Consequence, Diagnostic};
use crate::model::Dialect;
use crate::rules::{always, Ctx};
use chrono::NaiveDate;

crate::declare_rule! {
    /// ## What it checks
    /// That the chief arbiter (`102`) and each deputy (`112`) are named
    /// with their FIDE ID. `102` and `112` are free text; programs write
    /// the ID next to the name in any order (`IA Mikel Larreategi Arana
    /// (22232540)`, `225185 Bailleul, Geert`), and FIDE's reference reader
    /// takes any number of 6 or more digits there as the ID. A record with
    /// a name and no such number is reported:
    /// - an **error** in a TRF26 report, whose arbiter records FIDE's tools
    ///   read the ID from;
    /// - **information** in older dialects, whose `102` was a name only:
    ///   the rating officer names the arbiters by ID when registering.
    ///
    /// Events starting before 1 January 2013 (before arbiters' licences)
    /// are not checked. Empty records are `missing-record`'s (`102`) or
    /// ignored (`112`).
    ///
    /// ## Why it matters
    /// Since 2013 "a tournament with non-licensed Arbiters will not be
    /// rated". The report cannot prove a licence, but FIDE checks it by the
    /// arbiter's ID: without one the officer has to find it before the
    /// upload.
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
    /// TRF16/TRF26 records 102, 112; fide-acceptance.md E10.
    pub static ARBITER_WITHOUT_FIDE_ID = {
        code: "TRF-T009", name: "arbiter-without-fide-id", category: "integrity",
        severity: Error, summary: "an arbiter named without a FIDE ID",
        consequence: FixBeforeUpload,
        source: "FIDE arbiters' licence from 1 Jan 2013: \"a tournament with non-licensed Arbiters will not be rated\" (fide-acceptance.md E10); the report cannot prove a licence, so a missing arbiter ID is data the rating officer must complete (information only before TRF26, whose 102 held a name)",
        applies: always, check: check,
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

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    if ctx.start.is_some_and(|s| s < LICENCE_FROM) {
        return;
    }
    let h = &ctx.tournament.header;
    let trf26 = ctx.tournament.dialect.dialect == Dialect::Trf26;
    let records = h
        .chief_arbiter
        .iter()
        .map(|a| ("102", "chief arbiter", a))
        .chain(h.deputy_arbiters.iter().map(|a| ("112", "deputy arbiter", a)));
    for (code, role, a) in records {
        let name = a.value.trim();
        if name.is_empty() || has_id(name) {
            continue;
        }
        let d = ARBITER_WITHOUT_FIDE_ID
            .diag(format!("{role} `{name}` (`{code}`) is named without a FIDE ID"))
            .primary(a.span, "no FIDE ID")
            .reference(format!("TRF record {code}; FIDE arbiters' licence, from 1 January 2013"));
        out.push(if trf26 {
            d.help(format!(
                "write the arbiter's FIDE ID after the name, e.g. `{code} {name} (400123)`; only licensed arbiters' events are rated, and FIDE checks the licence by ID"
            ))
        } else {
            d.with_consequence(Consequence::Info).help(format!(
                "a {} `{code}` holds a name; the rating officer names the arbiters by FIDE ID when registering the event (only licensed arbiters' events are rated); writing the ID after the name helps",
                ctx.tournament.dialect.dialect.as_str()
            ))
        });
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
