//! Rule `title-mismatch`.

use super::{has_list, listed};
use crate::diag::Diagnostic;
use crate::ratinglist::ListRecord;
use crate::read::columns::p001;
use crate::rules::Ctx;

crate::declare_rule! {
    /// ## What it checks
    /// That the title in columns 11-13 is one the rating list gives the
    /// player: its title (`Tit`, the highest, which may be a women's title)
    /// or its women's title (`WTit`). A woman listed `GM` with `WGM` may be
    /// written either way. Also reported: a title the list does not give
    /// at all, and a blank title for a player the list gives a title TRF can
    /// write (`GM IM FM CM WGM WIM WFM WCM`). Runs only with a list.
    ///
    /// ## Why it matters
    /// Titles appear in the crosstable FIDE publishes, and norm and
    /// tournament-category calculations count titled players. A missing or
    /// wrong title usually comes from a player database that was not
    /// updated after the title was awarded.
    ///
    /// ## Example
    /// ```text
    /// 001    1 m  IM Adler, Jonas                      2601 GER    90000011 1991/03/02 ...
    /// ```
    /// The list says `GM`. Use instead: `GM`.
    ///
    /// ## Reference
    /// TRF16 record 001, columns 11-13; FIDE rating list, columns `Tit` and
    /// `WTit`.
    pub(crate) static TITLE_MISMATCH = {
        code: "TRF-L005", name: "title-mismatch",
        severity: Warning, summary: "a title that differs from the rating list's",
        consequence: Cosmetic,
        source: "TRF16 record 001 title is \"warning if wrong\"; FIDE uses the list's data for the ID",
        applies: has_list, check: check,
    };
}

/// The titles TRF can write in columns 11-13.
const TRF_TITLES: [&str; 8] = ["GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM"];

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    for (p, rec) in listed::listed(ctx) {
        let listed: Vec<&str> = rec
            .title
            .iter()
            .chain(&rec.women_title)
            .map(|t| t.trim())
            .filter(|t| !t.is_empty())
            .collect();
        let writable = listed
            .iter()
            .copied()
            .find(|t| TRF_TITLES.iter().any(|w| w.eq_ignore_ascii_case(t)));
        let list_text = describe(rec);
        let d = match &p.title {
            Some(t)
                if listed
                    .iter()
                    .any(|l| l.eq_ignore_ascii_case(t.value.as_str())) =>
            {
                continue
            }
            Some(t) => {
                let message = if listed.is_empty() {
                    format!(
                        "title `{}` of {} is not in the rating list, which gives no title",
                        t.value.as_str(),
                        listed::who(p)
                    )
                } else {
                    format!(
                        "title `{}` of {} differs from the rating list's {list_text}",
                        t.value.as_str(),
                        listed::who(p)
                    )
                };
                let fix = match writable {
                    Some(w) => format!("write `{w}` in columns 11-13"),
                    None => "leave columns 11-13 blank".to_string(),
                };
                TITLE_MISMATCH
                    .diag(message)
                    .primary(t.span, format!("list: {list_text}"))
                    .help(format!(
                        "{fix} as the list does for FIDE ID {}; a title awarded after this list's month is not in it yet",
                        rec.fide_id
                    ))
            }
            None => {
                let Some(w) = writable else { continue };
                TITLE_MISMATCH
                    .diag(format!(
                        "{} has no title; the rating list gives {list_text}",
                        listed::who(p)
                    ))
                    .primary(
                        ctx.player_field(p, &p001::TITLE),
                        format!("list: {list_text}"),
                    )
                    .help(format!(
                        "write `{w}` right-aligned in columns 11-13 as the list does for FIDE ID {}",
                        rec.fide_id
                    ))
            }
        };
        out.push(d.reference(listed::reference("columns 11-13", "Tit")));
    }
}

/// `` `GM` ``, `` `GM` (women's title `WGM`) `` or `no title`.
fn describe(rec: &ListRecord) -> String {
    match (&rec.title, &rec.women_title) {
        (Some(t), Some(w)) if t != w => format!("`{t}` (women's title `{w}`)"),
        (Some(t), _) => format!("`{t}`"),
        (None, Some(w)) => format!("`{w}`"),
        (None, None) => "no title".to_string(),
    }
}
