//! The rating list of the rating-list rules: the list, the players it holds, the
//! columns findings point at, and which of the list's ratings the
//! tournament's rating column holds.

use super::ListLookup;
use crate::model::Player;
use crate::ratinglist::{ListRecord, RatingKind};
use crate::rules::Ctx;

/// The list given with `--rating-list`, if any.
pub(crate) fn list<'a>(ctx: &Ctx<'a>) -> Option<&'a ListLookup> {
    ctx.opts.rating_list.as_deref()
}

/// Every player whose FIDE ID the list holds, with the list's record
/// (decoded once for every rule, [`crate::analysis::Analysis::list_record`]).
pub(crate) fn listed<'c>(ctx: &'c Ctx<'_>) -> impl Iterator<Item = (&'c Player, &'c ListRecord)> {
    let a: &'c crate::analysis::Analysis<'_> = ctx;
    a.tournament
        .players
        .iter()
        .enumerate()
        .filter_map(move |(i, p)| Some((p, a.list_record(i)?)))
}

/// `` player `3` (`Weber, Lukas`) ``, for messages.
pub(crate) fn who(p: &Player) -> String {
    format!("{} (`{}`)", p.designation(), p.name.value)
}

/// The list whose rating the report's rating column (49-52) holds: the
/// event's rating type as the check classified it from `222`/`122` (by the
/// rapid and blitz bands of the tournament's date), standard when the time
/// control is absent, unreadable or too fast for any list.
pub(crate) fn rating_kind(ctx: &Ctx<'_>) -> RatingKind {
    ctx.rating_type.rating_type.unwrap_or(RatingKind::Standard)
}

/// Whether the list carries ratings of `kind` at all (a per-type list
/// carries only its own).
pub(crate) fn carries(list: &ListLookup, kind: RatingKind) -> bool {
    match list.meta.kind {
        crate::ratinglist::ListKind::Combined => true,
        crate::ratinglist::ListKind::Single(k) => k == kind,
    }
}

/// The reference for a comparison with the list: the TRF columns and the
/// list's column.
pub(crate) fn reference(trf: &str, list_column: &str) -> String {
    format!("TRF16 record 001, {trf}; FIDE rating list, column `{list_column}`")
}
