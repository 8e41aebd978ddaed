//! Rating-list rules: the report's players against FIDE's official rating
//! list (`trf check --rating-list FILE`).
//!
//! The list is read once per run, not once per rule or per report:
//! [`ListLookup::read`](crate::ratinglist::ListLookup::read) makes one pass over the list (or reads the on-disk
//! index when one sits beside it) keeping only the FIDE IDs the reports
//! carry, and [`CheckOptions::rating_list`](crate::rules::CheckOptions)
//! shares the result between every report and rule. Every rule here
//! applies only when a list was given ([`has_list`]).

pub(crate) mod birth_year_mismatch;
pub(crate) mod federation_mismatch;
pub(crate) mod fide_id_not_in_list;
pub(crate) mod inactive_player;
pub(crate) mod name_mismatch;
pub(crate) mod new_player_missing_data;
pub(crate) mod rating_mismatch;
pub(crate) mod sex_mismatch;
mod support;
pub(crate) mod title_mismatch;

pub(crate) use crate::ratinglist::{list_in_force, ListLookup, Status};

use crate::rules::Ctx;

/// Whether a rating list was given: every rule of this category applies
/// only then.
pub fn has_list(ctx: &Ctx<'_>) -> bool {
    ctx.opts.rating_list.is_some()
}
