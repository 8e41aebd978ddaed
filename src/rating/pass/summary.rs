//! The rating summary: what FIDE will compute from a report, per player and
//! for the tournament.
//!
//! The JSON form is a contract (extend, never rename). Numbers are exact:
//! scores come from half-points and expectations from hundredths, written
//! as JSON numbers with at most one (scores) or two (expectations) decimals,
//! whole values as integers (`3`, `3.5`, `2.44`).

use crate::diag::{Consequence, Verdict};
use crate::model::tournament_type::TournamentType;
pub use crate::rating::maths::KSource;
use crate::rating::maths::{HalfPoints, Hundredths};
use crate::regulations::{RatingType, Version};
use chrono::NaiveDate;
use serde::{Serialize, Serializer};

/// The rating pass over one report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct RatingSummary {
    /// What FIDE will do with the report (`trf check`'s verdict), when the
    /// checks ran ([`super::rate_checked`]); `None` from [`super::rate`].
    pub verdict: Option<Verdict>,
    /// The rating list the time control puts the event on (as `trf check`
    /// says it); `None` when it cannot be decided.
    pub rating_type: Option<RatingType>,
    /// Why that list, or why none.
    pub rating_type_reason: String,
    /// The figures are hypothetical: FIDE will not rate this event, and
    /// `--what-if` asked for them anyway.
    pub hypothetical: bool,
    /// The findings behind a verdict other than `ready`, gravest first: why
    /// the event will not be rated, or what to fix before the upload.
    pub verdict_reasons: Vec<VerdictReason>,
    /// Every game left out of the figures, per pairing (a bye per player),
    /// in round order: why, and the article.
    pub excluded_games: Vec<ExcludedGame>,
    /// "Rapid (15 min + 10 s: 25 min for 60 moves)" for the human header;
    /// empty for a standard event.
    #[serde(skip)]
    pub rating_type_heading: String,
    /// The edition applied, as its year (`"2024"`).
    pub regulations: Version,
    /// Its title, e.g. "FIDE Rating Regulations effective 1 March 2024".
    pub regulations_title: &'static str,
    /// How the edition was chosen.
    pub regulations_basis: crate::regulations::Basis,
    /// Where Ro and the opponents' ratings come from: the rating list in
    /// force at the start (`--rating-list`), or the report's columns 49-52,
    /// in words (FIDE rates with its own list).
    pub ratings_source: String,
    /// The tournament's figures.
    pub tournament: TournamentSummary,
    /// Every player, in file order.
    pub players: Vec<PlayerRating>,
    /// Assumptions and rule choices that concern the whole tournament.
    pub notes: Vec<String>,
    /// Where the registration facts came from (`--registrations`): its
    /// row, or that the file does not name the report and the flags apply;
    /// absent without a registrations file.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub registration_source: Option<String>,
}

impl RatingSummary {
    /// Whether FIDE will not rate the event, as the summary records it:
    /// the check's verdict is `not-rateable`, or a reason stops the whole
    /// event (the analysis's [`Analysis::stopped`](crate::Analysis::stopped)
    /// as the summary keeps it; the banner of every output reads this).
    pub fn event_not_rated(&self) -> bool {
        self.verdict == Some(Verdict::NotRateable)
            || self
                .verdict_reasons
                .iter()
                .any(|r| r.consequence == Consequence::EventNotRated)
    }
}

/// A finding that stops the upload or the event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct VerdictReason {
    /// The rule's code, e.g. `TRF-F004`.
    pub code: &'static str,
    /// The rule's name, e.g. `time-control-below-minimum`.
    pub rule: &'static str,
    /// `event-not-rated` or `fix-before-upload`.
    pub consequence: Consequence,
    /// The finding's message.
    pub message: String,
    /// The article or specification section.
    pub reference: Option<String>,
}

/// One game (or bye) left out of the figures.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct ExcludedGame {
    /// Round, 1-based.
    pub round: u16,
    /// Starting ranks: both players of a pairing (lower first), or the one
    /// player of a bye or a result without an opponent.
    pub players: Vec<u16>,
    /// The reason's key, as in `tournament.excluded`: `forfeits`,
    /// `short_games`, `byes`, `pending`, `unknown_results`,
    /// `without_opponent`, `below_rate_of_play`, `after_match_decided`,
    /// `match_with_unrated`, `results_disagree`, `rating_gap`, `not_on_list`.
    pub reason: &'static str,
    /// The reason in words (a string in the JSON).
    pub why: super::Note,
    /// The rule of `trf check` that reports it, if one does.
    pub rule: Option<&'static str>,
    /// The article of the edition applied (a string in the JSON; shared by
    /// the games of one article).
    pub article: super::Note,
}

/// The tournament's figures.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct TournamentSummary {
    /// `012`.
    pub name: Option<String>,
    /// `042`, else the first `132` date.
    pub start: Option<NaiveDate>,
    /// `052`, else the last `132` date.
    pub end: Option<NaiveDate>,
    /// The tournament type used (see `tournament_type::detect`).
    #[serde(rename = "type")]
    pub kind: TournamentType,
    /// Why that type.
    pub type_reason: String,
    /// Players in the file.
    pub players: usize,
    /// Players with a rating in the file.
    pub rated_players: usize,
    /// Played games (each counted once) that enter at least one rated
    /// player's rating change.
    pub rated_games: u32,
    /// Played games (each counted once) that enter at least one unrated
    /// player's initial rating.
    pub initial_rating_games: u32,
    /// Games that change no rated player's rating, by reason.
    pub excluded: ExcludedGames,
    /// The round robin's tournament figures, when the round-robin route for
    /// unrated players was used (2003–2014 texts).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round_robin: Option<RoundRobinFigures>,
}

/// Games that change no rated player's rating, by reason. A pairing is
/// counted once (both players' records describe it); a bye, or a result
/// without an opponent, once per player and round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[non_exhaustive]
pub struct ExcludedGames {
    /// Forfeited games (`+`/`-`): unplayed games are never rated (R10).
    pub forfeits: u32,
    /// Games that lasted less than one move (`W D L`).
    pub short_games: u32,
    /// Byes of every kind (`H F U Z`).
    pub byes: u32,
    /// Paired games without a result yet.
    pub pending: u32,
    /// Results written with a letter TRF does not define.
    pub unknown_results: u32,
    /// `1 = 0` results whose opponent is missing from the file.
    pub without_opponent: u32,
    /// Played games between a rated and an unrated player that do not enter
    /// the rated player's change; they may still count towards the unrated
    /// player's initial rating (see `initial_rating_games`).
    pub against_unrated: u32,
    /// Played games between two unrated players.
    pub between_unrated: u32,
    /// Games played slower than the minimum rate of play of their band
    /// (`time-control-below-minimum`).
    pub below_rate_of_play: u32,
    /// Games of a match played after one player had won it
    /// (`match-decided-games`).
    pub after_match_decided: u32,
    /// Games of a match the edition does not rate because of an unrated
    /// player (`match-with-unrated-player`).
    pub match_with_unrated: u32,
    /// Games whose two sides contradict each other (`results-disagree`),
    /// held back until the report is corrected; absent when none.
    #[serde(skip_serializing_if = "is_zero")]
    pub results_disagree: u32,
    /// Rapid or blitz games the 600-point rule leaves out (from
    /// 1 December 2024); absent when none.
    #[serde(skip_serializing_if = "is_zero")]
    pub rating_gap: u32,
    /// Games on no rating list (below their standard band and too slow for
    /// rapid, or with unequal times in rapid or blitz); absent when none.
    #[serde(skip_serializing_if = "is_zero")]
    pub not_on_list: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl ExcludedGames {
    /// The counts with their JSON names, in a fixed order.
    pub fn by_reason(&self) -> [(&'static str, u32); 14] {
        [
            ("forfeits", self.forfeits),
            ("short_games", self.short_games),
            ("byes", self.byes),
            ("pending", self.pending),
            ("unknown_results", self.unknown_results),
            ("without_opponent", self.without_opponent),
            ("against_unrated", self.against_unrated),
            ("between_unrated", self.between_unrated),
            ("below_rate_of_play", self.below_rate_of_play),
            ("after_match_decided", self.after_match_decided),
            ("match_with_unrated", self.match_with_unrated),
            ("results_disagree", self.results_disagree),
            ("rating_gap", self.rating_gap),
            ("not_on_list", self.not_on_list),
        ]
    }

    /// Total of every reason.
    pub fn total(&self) -> u32 {
        self.by_reason().iter().map(|(_, n)| n).sum()
    }
}

/// A round robin's figures for the unrated players' route (docs/spec/regulations.md §3.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct RoundRobinFigures {
    /// 1 or 2.
    pub cycles: u8,
    /// Games per remaining player, n.
    pub games_per_player: u32,
    /// Rar, the rated players' average (two decimals).
    #[serde(serialize_with = "hundredths")]
    pub rar: Hundredths,
    /// dpa, the rated players' average dp (two decimals).
    #[serde(serialize_with = "hundredths")]
    pub dpa: Hundredths,
    /// Ra = Rar − dpa × n/(n + 1), rounded.
    pub ra: i64,
}

/// What becomes of an unrated player's result from this event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum UnratedOutcome {
    /// A first rating is published from this event alone.
    Published,
    /// Too few games against rated opponents yet: the results are kept for
    /// pooling with later events.
    TooFewGames,
    /// Ru is below the floor in force: not published, the results stay in
    /// the pool.
    BelowFloor,
    /// Ru is below the floor in force and the result is discarded (2005).
    Discarded,
    /// The event does not count towards an initial rating.
    NotCounted,
}

impl UnratedOutcome {
    /// Words for people.
    pub fn describe(self) -> &'static str {
        match self {
            UnratedOutcome::Published => "published",
            UnratedOutcome::TooFewGames => "kept for pooling (too few games)",
            UnratedOutcome::BelowFloor => "below the floor, kept for pooling",
            UnratedOutcome::Discarded => "below the floor, discarded",
            UnratedOutcome::NotCounted => "not counted",
        }
    }
}

/// One player's line of the summary.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct PlayerRating {
    /// Starting rank.
    pub start_rank: u16,
    /// FIDE ID, when the file gives one.
    pub fide_id: Option<u64>,
    /// Name as written.
    pub name: String,
    /// The file gives the player a rating.
    pub rated: bool,
    /// The rating the file gives (Ro); `None` when unrated.
    pub ro: Option<u16>,
    /// K used; `None` for unrated players.
    pub k: Option<u8>,
    /// Where K came from; `None` for unrated players.
    pub k_source: Option<KSource>,
    /// Games counted: for a rated player, the games that enter the change;
    /// for an unrated player, the games that enter the initial rating.
    pub games: u32,
    /// Score W over those games.
    #[serde(serialize_with = "half_points")]
    pub score: HalfPoints,
    /// Expected score We (rated players).
    #[serde(serialize_with = "opt_hundredths")]
    pub expected: Option<Hundredths>,
    /// W − We (rated players).
    #[serde(serialize_with = "opt_hundredths")]
    pub w_minus_we: Option<Hundredths>,
    /// K × (W − We) before rounding (rated players).
    #[serde(serialize_with = "opt_hundredths")]
    pub raw_change: Option<Hundredths>,
    /// The rounded rating change (rated players).
    pub change: Option<i64>,
    /// Ro + change (rated players).
    pub new_rating: Option<i64>,
    /// The average the initial rating starts from (unrated players): the
    /// rated opponents' average (2024: with the two hypothetical 1800
    /// opponents), or in a round robin the corrected Rc.
    pub ra: Option<i64>,
    /// The initial rating from this event (unrated players); `None` when the
    /// event gives no rating result.
    pub ru: Option<i64>,
    /// What becomes of the result (unrated players).
    pub outcome: Option<UnratedOutcome>,
    /// Assumptions and exclusions, in words for people (each a
    /// [`Note`](super::Note): a string in the JSON; the notes many players
    /// share are worded once per report).
    pub notes: Vec<super::Note>,
    /// The figures are hypothetical: FIDE will not rate this event
    /// (`--what-if`).
    pub hypothetical: bool,
    /// K before this event's K × n cap (rated players); for the rating
    /// period, which caps over all its games. Not in the JSON of `rate`.
    #[serde(skip)]
    pub(crate) k_before_cap: Option<u8>,
    /// The games the figures count, with the opponent's rating used: for
    /// a rated player those of the change, for an unrated one those of the
    /// initial rating; for the rating period. Not in the JSON of `rate`.
    #[serde(skip)]
    pub(crate) counted: Vec<crate::rating::maths::RatedGame>,
    /// For each game of `counted` of a rated player, its round and the
    /// opponent's index in the report's players (the rating period rates
    /// the rounds of a long event with the list of their date). Not in the
    /// JSON of `rate`.
    #[serde(skip)]
    pub(crate) counted_at: Vec<(u16, usize)>,
    /// The report's line of the player: people's text names a player whose
    /// starting rank cannot be read (0) by it. Not in the JSON of `rate`.
    #[serde(skip)]
    pub(crate) line: u32,
}

/// Half-points as a JSON number: `3`, `3.5`.
pub(crate) fn half_points<S: Serializer>(v: &HalfPoints, s: S) -> Result<S::Ok, S::Error> {
    if v.0 % 2 == 0 {
        s.serialize_u32(v.0 / 2)
    } else {
        s.serialize_f64(f64::from(v.0) / 2.0)
    }
}

/// Hundredths as a JSON number with at most two decimals: `2.44`, `-0.5`,
/// `3`. The division is correctly rounded and the shortest representation
/// that reads back is printed, so the decimals written are exactly the
/// hundredths held.
pub(crate) fn hundredths<S: Serializer>(v: &Hundredths, s: S) -> Result<S::Ok, S::Error> {
    if v.0 % 100 == 0 {
        s.serialize_i64(v.0 / 100)
    } else {
        // |v| stays far below 2^53 for any rating quantity, so the cast is exact.
        s.serialize_f64(v.0 as f64 / 100.0)
    }
}

pub(crate) fn opt_hundredths<S: Serializer>(
    v: &Option<Hundredths>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match v {
        Some(v) => hundredths(v, s),
        None => s.serialize_none(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize)]
    struct N {
        #[serde(serialize_with = "hundredths")]
        h: Hundredths,
        #[serde(serialize_with = "half_points")]
        w: HalfPoints,
    }

    fn json(h: i64, w: u32) -> String {
        serde_json::to_string(&N {
            h: Hundredths(h),
            w: HalfPoints(w),
        })
        .unwrap_or_default()
    }

    #[test]
    fn numbers_are_written_exactly() {
        assert_eq!(json(244, 7), r#"{"h":2.44,"w":3.5}"#);
        assert_eq!(json(-57, 6), r#"{"h":-0.57,"w":3}"#);
        assert_eq!(json(300, 0), r#"{"h":3,"w":0}"#);
        assert_eq!(json(-250, 1), r#"{"h":-2.5,"w":0.5}"#);
        // Every hundredth up to 100 000 prints as its own two decimals.
        for v in (-10_000_000i64..=10_000_000).step_by(9_973) {
            let printed = json(v, 0);
            let expected = Hundredths(v).to_string();
            let expected = expected.trim_end_matches('0').trim_end_matches('.');
            assert_eq!(printed, format!(r#"{{"h":{expected},"w":0}}"#), "{v}");
        }
    }
}
