//! Rule `fide-id-not-in-list`.

use super::has_list;
use super::listed::{self, who};
use crate::diag::{Consequence, Diagnostic, Severity};
use crate::rules::Ctx;

crate::declare_rule! {
    /// ## What it checks
    /// That every FIDE ID in columns 58-68 of a `001` record is in the
    /// rating list given with `--rating-list`. Runs only with a list.
    ///
    /// Per-type lists (`standard_rating_list.txt`, …) hold only the players
    /// rated in their time control, so against one of them an absent ID may
    /// be an unrated player: the finding is then a warning, not an error.
    ///
    /// ## Why it matters
    /// FIDE identifies players by their ID. An ID that FIDE does not know is
    /// a typo (often two swapped digits) or a national ID in the wrong
    /// column; the rating server rejects the player, or credits the games to
    /// someone else when the typo happens to be another player's ID.
    ///
    /// ## Example
    /// ```text
    /// 001    3 m    Weber, Lukas                      2288 GER    99999990 1996/07/21 ...
    /// ```
    /// Use instead: the ID from the player's FIDE profile, or blank (and a
    /// birth date and sex) for a player FIDE does not know yet.
    ///
    /// ## Reference
    /// TRF16 record 001, columns 58-68; FIDE rating list, column `ID Number`
    ///.
    pub(crate) static FIDE_ID_NOT_IN_LIST = {
        code: "TRF-L001", name: "fide-id-not-in-list",
        severity: Error, summary: "a FIDE ID that the rating list does not hold",
        consequence: FixBeforeUpload,
        source: "FIDE matches players by FIDE ID (letter to federations, 12 Aug 2013); an ID that is not in the list must be corrected",
        applies: has_list, check: check,
    };
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let Some(list) = listed::list(ctx) else {
        return;
    };
    let single = list.is_single();
    for p in &ctx.tournament.players {
        let Some(id) = p.fide_id else { continue };
        if !list.is_absent(id.value) {
            continue;
        }
        let mut d = FIDE_ID_NOT_IN_LIST
            .diag(format!(
                "{} has FIDE ID `{}`, which is not in the rating list {}",
                who(p),
                id.value,
                list.describe()
            ))
            .primary(id.span, format!("not in `{}`", list.name));
        d = if single {
            d.with_consequence(Consequence::Info)
                .with_severity(Severity::Warning)
                .help(format!(
                "`{}` is a per-type list and holds only rated players: check the ID against the combined list (players_list_foa.txt); if it is wrong, copy it from the player's FIDE profile",
                list.name
            ))
        } else {
            d.help("copy the ID from the player's FIDE profile (look for swapped or missing digits); for a player FIDE does not know yet, leave columns 58-68 blank and give the birth date and sex")
        };
        out.push(d.reference(listed::reference("columns 58-68", "ID Number")));
    }
}
