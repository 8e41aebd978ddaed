//! Rule `inactive-player`.

use super::{has_list, listed};
use crate::diag::Diagnostic;
use crate::ratinglist::ListKind;
use crate::rules::Ctx;

crate::declare_rule! {
    /// ## What it checks
    /// Players the rating list flags inactive (`i` or `wi` in `Flag`). In a
    /// combined list the flag is about the standard list only; a per-type
    /// list's flag is about its own time control.
    /// Runs only with a list.
    ///
    /// ## Why it matters
    /// Nothing in the report is wrong: an inactive player is rated like any
    /// other and becomes active again by playing. It is worth a look because
    /// an ID that has been idle for years is also what a typo that lands on
    /// someone else's ID looks like.
    ///
    /// ## Example
    /// ```text
    /// 001    3 w WFM Castillo, Maria                   2101 ESP    90000037 2001/08/30 ...
    /// ```
    /// The list flags `wi`. Nothing to change if this is the right player.
    ///
    /// ## Reference
    /// FIDE rating list, column `Flag`; FIDE
    /// Rating Regulations, inactive players.
    pub(crate) static INACTIVE_PLAYER = {
        code: "TRF-L008", name: "inactive-player",
        severity: Advice, summary: "a player the rating list flags inactive",
        consequence: Info,
        source: "an inactive player is rated as any other; activity is a matter of the list (B.02 2024 art. 7.1.3)",
        applies: has_list, check: check,
    };
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let Some(list) = listed::list(ctx) else {
        return;
    };
    let which = match list.meta.kind {
        ListKind::Combined => "standard",
        ListKind::Single(k) => k.as_str(),
    };
    for (p, rec) in listed::listed(ctx) {
        if !rec.inactive {
            continue;
        }
        let flag = rec.flag.as_deref().unwrap_or("i");
        let Some(id) = p.fide_id else { continue };
        out.push(
            INACTIVE_PLAYER
                .diag(format!(
                    "{} is flagged inactive ({which}) in the rating list {}",
                    listed::who(p),
                    list.describe()
                ))
                .primary(id.span, format!("list flag: `{flag}`"))
                .help(format!(
                    "nothing to change if FIDE ID {} is this player ({}): inactive players are rated as usual and become active again by playing",
                    rec.fide_id, rec.name
                ))
                .reference(format!(
                    "FIDE rating list, column `Flag`; {}, inactive players",
                    ctx.regs.title()
                )),
        );
    }
}
