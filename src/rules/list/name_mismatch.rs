//! Rule `name-mismatch`.

use super::{has_list, listed};
use crate::diag::Diagnostic;
use crate::ratinglist::same_name;
use crate::rules::Ctx;

crate::declare_rule! {
    /// ## What it checks
    /// That the name in columns 15-47 is the rating list's name for the
    /// player's FIDE ID. The comparison ignores case, diacritics (`Horváth`
    /// = `Horvath`; `ü` = `u` = `ue`, FIDE's transliteration), spacing
    /// around the comma, hyphens, dots, apostrophes and word order
    /// (`Carlsen, Magnus` = `Magnus Carlsen` = `CARLSEN,MAGNUS`); a name that
    /// fills all 33 columns may be the list's name cut short. Only a real
    /// difference is reported. Runs only with a list; a list record without
    /// a name is not compared.
    ///
    /// ## Why it matters
    /// A name that differs from FIDE's is either a misspelling, which the
    /// rating officer has to correct, or a sign that the FIDE ID belongs to
    /// somebody else.
    ///
    /// ## Example
    /// ```text
    /// 001    1 m  GM Adler, Jnoas                     2601 GER    90000011 1991/03/02 ...
    /// ```
    /// The list says `Adler, Jonas`. Use instead: the list's spelling, or
    /// the right FIDE ID if this is another player.
    ///
    /// ## Reference
    /// TRF16 record 001, columns 15-47; FIDE rating list, column `Name`
    ///.
    pub(crate) static NAME_MISMATCH = {
        code: "TRF-L002", name: "name-mismatch",
        severity: Warning, summary: "a name that differs from the rating list's for the same FIDE ID",
        consequence: Cosmetic,
        source: "TRF16 record 001 name is \"warning if wrong\"; FIDE uses the list's data for the ID",
        applies: has_list, check: check,
    };
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    for (p, rec) in listed::listed(ctx) {
        let listed = rec.name.trim();
        if listed.is_empty() || same_name(&p.name.value, listed) {
            continue;
        }
        let message = if p.name.value.is_empty() {
            format!(
                "{} has no name; the rating list has `{listed}`",
                p.designation()
            )
        } else {
            format!(
                "name `{}` differs from the rating list's `{listed}`",
                p.name.value
            )
        };
        let mut d = NAME_MISMATCH
            .diag(message)
            .primary(p.name.span, format!("list: `{listed}`"));
        if let Some(id) = p.fide_id {
            d = d.secondary(id.span, "FIDE ID");
        }
        out.push(
            d.help(format!(
                "write the name as the list spells it: `{listed}` (FIDE ID {}); if this is another person, the FIDE ID is wrong",
                rec.fide_id
            ))
            .reference(listed::reference("columns 15-47", "Name")),
        );
    }
}
