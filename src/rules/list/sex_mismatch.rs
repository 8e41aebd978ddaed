//! Rule `sex-mismatch`.

use super::{has_list, listed};
use crate::diag::Diagnostic;
use crate::model::Sex;
use crate::ratinglist::Sex as ListSex;
use crate::rules::Ctx;

crate::declare_rule! {
    /// ## What it checks
    /// That the sex in column 10 (`m`, `w`) is the rating list's (`M`, `F`)
    /// for the player's FIDE ID. A blank on either side is not compared.
    /// Runs only with a list.
    ///
    /// ## Why it matters
    /// A different sex is almost always a wrong FIDE ID or a slip in the
    /// pairing program's player database; women's titles and norms, and
    /// women-only events, depend on it.
    ///
    /// ## Example
    /// ```text
    /// 001    4 w      Dlamini, Sipho                    1804 RSA    90000045 1985/01/01 ...
    /// ```
    /// The list says `M`. Use instead: `m`, or the right FIDE ID.
    ///
    /// ## Reference
    /// TRF16 record 001, column 10; FIDE rating list, column `Sex`
    ///.
    pub(crate) static SEX_MISMATCH = {
        code: "TRF-L004", name: "sex-mismatch",
        severity: Warning, summary: "a sex that differs from the rating list's",
        consequence: Cosmetic,
        source: "TRF16 record 001 sex is \"warning if wrong\"; FIDE uses the list's data for the ID",
        applies: has_list, check: check,
    };
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    for (p, rec) in listed::listed(ctx) {
        let (Some(sex), Some(listed)) = (p.sex, rec.sex) else {
            continue;
        };
        let (want, list_letter) = match listed {
            ListSex::Male => (Sex::Male, "M"),
            ListSex::Female => (Sex::Female, "F"),
        };
        if sex.value == want {
            continue;
        }
        let (trf_letter, fix) = match sex.value {
            Sex::Male => ("m", "w"),
            Sex::Female => ("w", "m"),
        };
        out.push(
            SEX_MISMATCH
                .diag(format!(
                    "sex `{trf_letter}` of {} differs from the rating list's `{list_letter}`",
                    listed::who(p)
                ))
                .primary(sex.span, format!("list: `{list_letter}`"))
                .help(format!(
                    "write `{fix}` in column 10 as the list does for FIDE ID {}; if the list is right about someone else, the FIDE ID is wrong",
                    rec.fide_id
                ))
                .reference(listed::reference("column 10", "Sex")),
        );
    }
}
