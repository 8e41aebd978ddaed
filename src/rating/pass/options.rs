//! The rating pass's own options.

use super::ListFacts;
use crate::ratinglist::ListRecord;
use std::collections::HashMap;

/// The rating pass's own extras, beside the one options type
/// ([`Options`](crate::Options)) whose edition, rating type, fast-classic
/// approval and rating list the [`Analysis`](crate::Analysis) has applied already: K
/// overrides, `--what-if`, and a rating list's records and facts.
///
/// Before, the edition, the rating type and the fast-classic approval were
/// also fields here; they are [`Options::regulations`](crate::Options::regulations),
/// [`Options::rating_type`](crate::Options::rating_type) and
/// [`Options::qc_fast_classic`](crate::Options::qc_fast_classic), read
/// by [`rate_with`](crate::rate_with), [`rate_checked`](crate::rate_checked) and [`Analysis`](crate::Analysis).
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct RateOptions {
    /// K to use for a FIDE ID (before the K × n cap).
    pub k_overrides: HashMap<u64, u8>,
    /// Rating-list records by FIDE ID. When the list is the one in force
    /// at the event's start (known from [`RateOptions::list_facts`], or
    /// taken to be when nothing tells its month), its rating for the
    /// event's rating type is Ro of every player found and the rating of
    /// every opponent (a difference from the report is noted per player),
    /// its K is used (`k_source: "list"`), its game count tells whether 30
    /// games are reached, and its birth year stands in for a missing one.
    /// A list known to be of another month is not used for the figures.
    pub list: Option<HashMap<u64, ListRecord>>,
    /// The list's name, month and kind, for [`RateOptions::list`]; `None`
    /// reads as a combined list of unknown month.
    pub list_facts: Option<ListFacts>,
    /// Compute the figures of an event FIDE will not rate anyway, marked
    /// hypothetical (`--what-if`): the reasons that stop the whole event
    /// are set aside, the games left out one by one stay out.
    pub what_if: bool,
    /// Keep each row's counted games and their rounds
    /// (`PlayerRating::counted`, `counted_at`), which only the rating
    /// period reads: `trf rate` computes each player's change from one
    /// scratch vector instead of two vectors a player.
    pub(crate) keep_counted: bool,
}
