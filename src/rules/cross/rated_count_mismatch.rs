//! Rule `rated-count-mismatch`.

use crate::diag::Diagnostic;
use crate::rules::{always, Ctx};

crate::declare_rule! {
    /// ## What it checks
    /// That the number of rated players in record `072` equals the number
    /// of `001` records with a rating (columns 49-52 neither blank nor 0).
    ///
    /// ## Why it matters
    /// The rating officer reads `072` to see at a glance whether a
    /// tournament meets the rated-player requirements; a count that
    /// disagrees with the player records means one of them is wrong, often
    /// a rating left out of a `001` line.
    ///
    /// ## Example
    /// ```text
    /// 072 41
    /// ```
    /// with 40 players rated in columns 49-52. Use instead: `072 40`, or
    /// fill in the missing rating.
    ///
    /// ## Reference
    /// TRF16 record 072 (number of rated players); record 001 columns 49-52.
    pub(crate) static RATED_COUNT_MISMATCH = {
        code: "TRF-X003", name: "rated-count-mismatch",
        severity: Warning, summary: "record 072 disagrees with the number of rated players",
        consequence: Cosmetic,
        source: "header counts (TRF16 062/072/082) are informative; FIDE counts the records",
        applies: always, check: check,
    };
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let t = ctx.tournament;
    let Some(declared) = t.header.declared_rated_players else {
        return;
    };
    let counted = t.players.iter().filter(|p| p.rating.is_some()).count();
    if declared.value as usize == counted {
        return;
    }
    out.push(
        RATED_COUNT_MISMATCH
            .diag(format!(
                "record `072` says `{}` rated players, but `{counted}` players have a rating",
                declared.value
            ))
            .primary(
                declared.span,
                format!("{counted} rated players in the file"),
            )
            .help(format!(
                "write `072 {counted}`, or fill in the ratings missing from columns 49-52"
            ))
            .reference("TRF16 record 072"),
    );
}
