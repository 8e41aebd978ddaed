//! The games the regulations leave out, under their first path: the
//! decisions now live in the eligibility stage
//! ([`crate::eligibility::exclusions`]), which the rules and the rating
//! pass read.

pub use crate::eligibility::exclusions::{Excluded, Ruled as Reason};

/// Every game the regulations leave out of this report, by the rules that
/// are enabled and apply, in round then rank order (decided once per
/// report, [`Ctx::eligibility`](crate::rules::Ctx::eligibility)).
pub fn excluded(ctx: &crate::rules::Ctx<'_>) -> Vec<Excluded> {
    ctx.eligibility().excluded.clone()
}
