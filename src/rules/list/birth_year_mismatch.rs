//! Rule `birth-year-mismatch`.

use super::{has_list, listed};
use crate::diag::Diagnostic;
use crate::rules::Ctx;

crate::declare_rule! {
    /// ## What it checks
    /// That the year of the birth date in columns 70-79 is the rating
    /// list's birth year for the player's FIDE ID (lists carry the year
    /// only). A blank on either side, and a list year of `0`, are not
    /// compared. Runs only with a list.
    ///
    /// ## Why it matters
    /// The birth year decides the junior K factor (40 until the year the
    /// player turns 18) and age-group eligibility. A different year points
    /// to a typo or to a FIDE ID that belongs to someone else.
    ///
    /// ## Example
    /// ```text
    /// 001    1 m  GM Adler, Jonas                      2601 GER    90000011 1919/03/02 ...
    /// ```
    /// The list says `1991`. Use instead: `1991/03/02`.
    ///
    /// ## Reference
    /// TRF16 record 001, columns 70-79; FIDE rating list, column `B-day`
    ///.
    pub(crate) static BIRTH_YEAR_MISMATCH = {
        code: "TRF-L006", name: "birth-year-mismatch",
        severity: Warning, summary: "a birth year that differs from the rating list's",
        consequence: Cosmetic,
        source: "TRF16 record 001 birth date is \"warning if wrong\"; FIDE uses the list's data for the ID",
        applies: has_list, check: check,
    };
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    for (p, rec) in listed::listed(ctx) {
        let (Some(birth), Some(listed)) = (p.birth_date, rec.birth_year) else {
            continue;
        };
        if birth.value.year == i32::from(listed) {
            continue;
        }
        out.push(
            BIRTH_YEAR_MISMATCH
                .diag(format!(
                    "birth year `{}` of {} differs from the rating list's `{listed}`",
                    birth.value.year,
                    listed::who(p)
                ))
                .primary(birth.span, format!("list: `{listed}`"))
                .help(format!(
                    "write the birth date FIDE has for ID {} (year `{listed}`) in columns 70-79",
                    rec.fide_id
                ))
                .reference(listed::reference("columns 70-79", "B-day")),
        );
    }
}
