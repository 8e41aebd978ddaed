//! Base corrections (`trf period --base FIDE_ID=RATING`).
//!
//! The new rating is the base plus the period's change, the base being the
//! rating on the list before the period (FIDE Handbook B.02 2024 art. 7.1:
//! the period's play is incorporated "into the previous list"). FIDE's own
//! starting rating sometimes differs from that list by a point or so, for
//! reasons FIDE has not published; nothing in a report or a list tells it,
//! so the caller may give it, and the output says so wherever it is used.

use crate::ratinglist::period::month_name;
use crate::ratinglist::{ListPeriod, RatingEntry};
use std::collections::HashMap;

/// `base_source` of a base given by the caller.
pub(super) const GIVEN: &str = "given with --base";

/// The player's note when a given base replaces list t − 1's rating
/// (`prev`) or, without that list, the latest event's Ro.
pub(super) fn given_note(
    given: Option<u16>,
    prev: Option<RatingEntry>,
    latest_ro: Option<u16>,
    prev_list: ListPeriod,
) -> String {
    let instead = match (prev, latest_ro) {
        (Some(e), _) => format!("the {} list's {} (t − 1)", month_name(prev_list), e.rating),
        (None, Some(ro)) => format!(
            "Ro {ro} of the latest-starting event (the {} list, t − 1, was not given)",
            month_name(prev_list)
        ),
        (None, None) => format!("the {} list (t − 1)", month_name(prev_list)),
    };
    format!(
        "base {} given with --base, instead of {instead}: FIDE's starting rating is sometimes not the rating on the list before the period, which trfkit cannot tell",
        given.map_or_else(|| "?".to_owned(), |b| b.to_string())
    )
}

/// The note of a player unrated in every event who was given a base.
pub(super) fn unrated_note(base: u16) -> String {
    format!("--base {base} not used: the player is unrated in every event of the period, so no change is added to a base")
}

/// A note per base given for a FIDE ID no player of the period has, in
/// the order of the IDs.
pub(super) fn unused(
    bases: &HashMap<u64, u16>,
    playing: &std::collections::HashSet<u64>,
) -> Vec<String> {
    let mut ids: Vec<u64> = bases
        .keys()
        .copied()
        .filter(|id| !playing.contains(id))
        .collect();
    ids.sort_unstable();
    ids.into_iter()
        .map(|id| {
            format!("--base given for FIDE ID {id}, who plays in no report of the period: not used")
        })
        .collect()
}
