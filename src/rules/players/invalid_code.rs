//! Rule `invalid-code`.

use crate::diag::Diagnostic;
use crate::model::{Player, Title};
use crate::read::columns::p001;
use crate::rules::{always, Ctx};
use crate::source::span::Span;
use std::collections::HashMap;

crate::declare_rule! {
    /// ## What it checks
    /// The coded fields of each `001` record:
    /// - the title (columns 11-13) is one of `GM IM FM CM WGM WIM WFM WCM`
    ///   (TRF06's single letters `g m f c wg wm wf wc` are read as those);
    /// - the sex (column 10) is `m` or `w` (`M`, `W` and `f`/`F` are read
    ///   without complaint: their meaning is unambiguous);
    /// - the federation (columns 54-56) is three capital letters.
    ///
    /// Only the *shape* of a federation FIDE knows is checked here (`eng`
    /// for `ENG`); a code FIDE does not know is `unknown-federation`'s.
    /// Blank fields are not reported.
    ///
    /// One finding per field and value: when a program writes the same bad
    /// code for many players (a generator writing sex `u` for everybody),
    /// the first occurrence is shown with the number of other players.
    ///
    /// ## Why it matters
    /// These fields are "warning if wrong" for rating: FIDE uses them to
    /// match players to the rating list and to check title norms. A code
    /// FIDE does not know is ignored or misread (`gf` is no title).
    ///
    /// ## Example
    /// ```text
    /// 001    1 x  gf Doe, John                         1850 eng
    /// ```
    /// Use instead: `001    1 m  GM Doe, John                         1850 ENG`.
    ///
    /// ## Reference
    /// TRF16 record 001: column 10 (sex), 11-13 (title), 54-56 (federation),
    /// all □ (warning if wrong).
    pub(crate) static INVALID_CODE = {
        code: "TRF-P003", name: "invalid-code",
        severity: Warning, summary: "a title, sex or federation code FIDE does not define",
        consequence: Cosmetic,
        source: "TRF16 record 001: sex, title and federation are \"warning if wrong\" (□): no rating effect",
        applies: always, check: check,
    };
}

/// Which coded field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Field {
    Sex,
    Title,
    Federation,
}

/// The first player with a bad value, and how many share it.
struct Group<'a> {
    field: Field,
    value: String,
    first: &'a Player,
    span: Span,
    count: usize,
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let mut groups: Vec<Group<'_>> = Vec::new();
    let mut index: HashMap<(Field, String), usize> = HashMap::new();
    let mut note = |field: Field, value: &str, p, span| match index.get(&(field, value.to_string()))
    {
        Some(&i) => groups[i].count += 1,
        None => {
            index.insert((field, value.to_string()), groups.len());
            groups.push(Group {
                field,
                value: value.to_string(),
                first: p,
                span,
                count: 1,
            });
        }
    };
    for p in &ctx.tournament.players {
        if p.sex.is_none() {
            // The parser keeps no value for a letter it does not know.
            let span = ctx.player_field(p, &p001::SEX);
            let raw = ctx
                .slice(span)
                .trim_matches(|c: char| c == ' ' || c == '\t');
            if !raw.is_empty() {
                note(Field::Sex, raw, p, span);
            }
        }
        if let Some(t) = &p.title {
            if let Title::Other(raw) = &t.value {
                note(Field::Title, raw, p, t.span);
            }
        }
        if let Some(f) = &p.federation {
            // A value that is no FIDE code even in capitals is
            // `unknown-federation`'s: one finding per value.
            let ok = f.value.len() == 3 && f.value.bytes().all(|b| b.is_ascii_uppercase())
                || super::federations::find(&f.value.to_ascii_uppercase()).is_none();
            if !ok {
                note(Field::Federation, &f.value, p, f.span);
            }
        }
    }
    for g in groups {
        let who = match g.count {
            1 => g.first.designation(),
            2 => format!("{} (and `1` other player)", g.first.designation()),
            n => format!("{} (and `{}` other players)", g.first.designation(), n - 1),
        };
        let v = &g.value;
        let (message, label, help, reference) = match g.field {
            Field::Sex => (
                format!("sex `{v}` of {who} is not `m` or `w`"),
                "sex",
                "write `m` or `w` in column 10, or leave it blank",
                "TRF16 record 001, column 10",
            ),
            Field::Title => (
                format!("title `{v}` of {who} is not a FIDE title"),
                "title",
                "write GM, IM, FM, CM, WGM, WIM, WFM or WCM right-aligned in columns 11-13, or leave them blank",
                "TRF16 record 001, columns 11-13",
            ),
            Field::Federation => (
                format!("federation `{v}` of {who} is not written in capitals"),
                "federation",
                "write the player's FIDE federation in capitals in columns 54-56, e.g. `ENG`, `GER`, `IND`",
                "TRF16 record 001, columns 54-56",
            ),
        };
        out.push(
            INVALID_CODE
                .diag(message)
                .primary(g.span, label)
                .help(help)
                .reference(reference),
        );
    }
}
