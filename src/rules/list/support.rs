//! What the rating-list rules share: the list, the players it holds, the
//! columns findings point at, and which of the list's ratings the
//! tournament's rating column holds.

use super::ListLookup;
use crate::model::Player;
use crate::ratinglist::{ListRecord, RatingKind};
use crate::rules::context::TimeControlInfo;
use crate::rules::Ctx;

/// The list given with `--rating-list`, if any.
pub(crate) fn list<'a>(ctx: &Ctx<'a>) -> Option<&'a ListLookup> {
    ctx.opts.rating_list.as_deref()
}

/// Every player whose FIDE ID the list holds, with the list's record.
pub(crate) fn listed<'a>(ctx: &Ctx<'a>) -> impl Iterator<Item = (&'a Player, &'a ListRecord)> {
    let list = list(ctx);
    ctx.tournament.players.iter().filter_map(move |p| {
        let id = p.fide_id?.value;
        Some((p, list?.get(id)?))
    })
}

/// `` player `3` (`Weber, Lukas`) ``, for messages.
pub(crate) fn who(p: &Player) -> String {
    format!("{} (`{}`)", p.designation(), p.name.value)
}

/// The time control whose rating the report's rating column (49-52) holds:
/// rapid when the time control read from `222`/`122` gives each player more
/// than 10 and less than 60 minutes for 60 moves, blitz at 10 minutes or
/// less (Laws of Chess, Appendices A.1 and B.1), standard otherwise and when
/// the time control is absent or unreadable.
pub(crate) fn rating_kind(ctx: &Ctx<'_>) -> RatingKind {
    match &ctx.time_control {
        TimeControlInfo::Read { control, .. } => match control.t60_seconds() {
            0 => RatingKind::Standard,
            t if t <= 600 => RatingKind::Blitz,
            t if t < 3600 => RatingKind::Rapid,
            _ => RatingKind::Standard,
        },
        _ => RatingKind::Standard,
    }
}

/// `standard`, `rapid`, `blitz`.
pub(crate) fn kind_name(kind: RatingKind) -> &'static str {
    match kind {
        RatingKind::Standard => "standard",
        RatingKind::Rapid => "rapid",
        RatingKind::Blitz => "blitz",
    }
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
