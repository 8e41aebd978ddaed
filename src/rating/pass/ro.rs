//! Which ratings the calculation starts from: FIDE rates with its own list,
//! the one in force when the event started, for the player (Ro) and every
//! opponent; the report's ratings (columns 49-52) are the arbiter's copy.
//!
//! With a list whose month is that list, the list's rating for the event's
//! rating type replaces the report's; a difference is said per player. A
//! list whose month nothing tells is taken as the one in force, and said.
//! A list known to be of another month is not used for the figures at all
//! (it only cross-checks identities, in `trf check`). Without a list the
//! report's ratings are used, and said.

use super::RateOptions;
use crate::model::Player;
use crate::ratinglist::period::month_name;
use crate::ratinglist::{list_in_force, ListKind, ListPeriod, RatingKind};
use crate::regulations::{Regulations, Topic};
use chrono::NaiveDate;

/// What is known of the list given in [`RateOptions::list`] besides its
/// records: how messages name it, its month and which ratings it holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListFacts {
    /// The list's file name, for messages.
    pub name: String,
    /// The list's month, from its contents or file name; `None` when
    /// nothing tells it (FIDE's combined lists do not).
    pub period: Option<ListPeriod>,
    /// Which ratings it holds.
    pub kind: ListKind,
}

/// How the list given serves the calculation of one event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ListUse {
    /// No list given: the report's ratings.
    None,
    /// The list in force at the start (known or taken to be): its ratings.
    Ratings,
    /// A list of another month, or one without the event's ratings: not
    /// used for the figures.
    Ignored,
}

/// The decision for one report, with the tournament's note.
pub(crate) struct RoChoice {
    pub(crate) using: ListUse,
    pub(crate) note: String,
}

/// Decides whether the list gives this event's ratings.
pub(crate) fn choose(
    opts: &RateOptions,
    regs: &Regulations,
    start: NaiveDate,
    kind: RatingKind,
) -> RoChoice {
    let article = regs.reference(Topic::RatingLists);
    let Some(_) = opts.list.as_ref() else {
        return RoChoice {
            using: ListUse::None,
            note: format!(
                "Ro and the opponents' ratings are the report's (columns 49-52): no rating list was given; FIDE rates with the ratings of its own list in force when the event started ({article}), which --rating-list supplies"
            ),
        };
    };
    let facts = opts.list_facts.clone().unwrap_or(ListFacts {
        name: "the rating list".to_owned(),
        period: None,
        kind: ListKind::Combined,
    });
    let in_force = list_in_force(regs, start);
    let kind_text = kind.as_str();
    if let ListKind::Single(k) = facts.kind {
        if k != kind {
            return RoChoice {
                using: ListUse::Ignored,
                note: format!(
                    "Ro and the opponents' ratings are the report's: `{}` is a {} list and the event is rated on the {kind_text} list",
                    facts.name,
                    k.as_str()
                ),
            };
        }
    }
    let start_text = start.format("%Y-%m-%d");
    match facts.period {
        Some(p) if p != in_force => RoChoice {
            using: ListUse::Ignored,
            note: format!(
                "Ro and the opponents' ratings are the report's: `{}` is the {} list, but the event started on {start_text} under the {} list, whose ratings FIDE uses ({article}); the list given only cross-checks the players' identities and is not used for the figures",
                facts.name,
                month_name(p),
                month_name(in_force)
            ),
        },
        Some(p) => RoChoice {
            using: ListUse::Ratings,
            note: format!(
                "Ro and the opponents' ratings are the {kind_text} ratings of `{}`, the {} list, in force when the event started on {start_text} ({article}); the report's ratings are the arbiter's copy",
                facts.name,
                month_name(p)
            ),
        },
        None => RoChoice {
            using: ListUse::Ratings,
            note: format!(
                "Ro and the opponents' ratings are the {kind_text} ratings of `{}`; nothing tells the list's month, so it is taken as the {} list, in force when the event started on {start_text} ({article}); the report's ratings are the arbiter's copy",
                facts.name,
                month_name(in_force)
            ),
        },
    }
}

/// Replaces the report's ratings by the list's for `kind`, and returns per
/// player the note that says which value was used where they differ.
/// Players without a FIDE ID, or absent from the list, keep the report's.
pub(crate) fn from_list(
    opts: &RateOptions,
    players: &[Player],
    ratings: &mut [Option<u16>],
    kind: RatingKind,
) -> (Vec<Option<String>>, usize) {
    let mut notes = vec![None; players.len()];
    let mut differ = 0;
    let Some(list) = opts.list.as_ref() else {
        return (notes, differ);
    };
    let kind_text = kind.as_str();
    for (i, p) in players.iter().enumerate() {
        let ours = ratings[i];
        let shown = |r: Option<u16>| r.map_or_else(|| "no rating".to_owned(), |r| r.to_string());
        // Without an ID, or absent from the list, the report's rating
        // stays; the K choice says so for rated players.
        let Some(id) = p.fide_id.map(|f| f.value) else {
            continue;
        };
        let Some(record) = list.get(&id) else {
            continue;
        };
        let theirs = record.rating(kind);
        if theirs == ours {
            continue;
        }
        differ += 1;
        ratings[i] = theirs;
        notes[i] = Some(match theirs {
            Some(r) => format!(
                "Ro {r}, the list's {kind_text} rating, is used; the report gives {} (the arbiter's copy)",
                shown(ours)
            ),
            None => format!(
                "the list has no {kind_text} rating for FIDE ID {id}: the player is rated as unrated; the report gives {} (the arbiter's copy)",
                shown(ours)
            ),
        });
    }
    (notes, differ)
}
