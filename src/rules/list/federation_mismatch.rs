//! Rule `federation-mismatch`.

use super::{has_list, listed};
use crate::diag::Diagnostic;
use crate::rules::Ctx;

crate::declare_rule! {
    /// ## What it checks
    /// That the federation in columns 54-56 is the rating list's for the
    /// player's FIDE ID (case-insensitive). A blank federation on either
    /// side, and `NON` in the list, are not compared. Runs only with a list.
    ///
    /// ## Why it matters
    /// FIDE rates players under the federation it has on file; a different
    /// code is a typo, a national ID in place of a FIDE ID, or a transfer
    /// the report has not caught up with. Federation counts also decide
    /// title norms and some tournament requirements.
    ///
    /// ## Example
    /// ```text
    /// 001    2 w  WGM Brandt, Elena                    2452 AUT    90000029 1994/05/17 ...
    /// ```
    /// The list says `GER`. Use instead: `GER`.
    ///
    /// ## Reference
    /// TRF16 record 001, columns 54-56; FIDE rating list, column `Fed`
    ///.
    pub(crate) static FEDERATION_MISMATCH = {
        code: "TRF-L003", name: "federation-mismatch",
        severity: Warning, summary: "a federation that differs from the rating list's",
        consequence: Cosmetic,
        source: "TRF16 record 001 federation is \"warning if wrong\"; FIDE uses the list's data for the ID",
        applies: has_list, check: check,
    };
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    for (p, rec) in listed::listed(ctx) {
        let (Some(fed), Some(listed)) = (&p.federation, &rec.federation) else {
            continue;
        };
        if fed.value.trim().eq_ignore_ascii_case(listed) {
            continue;
        }
        out.push(
            FEDERATION_MISMATCH
                .diag(format!(
                    "federation `{}` of {} differs from the rating list's `{listed}`",
                    fed.value,
                    listed::who(p)
                ))
                .primary(fed.span, format!("list: `{listed}`"))
                .help(format!(
                    "write `{listed}` in columns 54-56 as the list does for FIDE ID {}; a federation transfer shows in the list from the month it takes effect",
                    rec.fide_id
                ))
                .reference(listed::reference("columns 54-56", "Fed")),
        );
    }
}
