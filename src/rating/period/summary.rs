//! What a rating period gives, beside the rating pass's summary of one
//! report (`rating::pass::summary`): the period's summary, its reports, its
//! players' totals, their events and pools, and the findings across its
//! reports. A JSON contract (`trf period --format json`).

use crate::diag::Verdict;
use crate::rating::maths::{HalfPoints, Hundredths};
use crate::rating::pass::summary::{half_points, opt_hundredths};
use crate::rating::KSource;
use crate::regulations::RatingType;
use chrono::NaiveDate;
use serde::Serialize;

/// A finding that concerns several reports (cross-report checks), as the
/// period lists it: the finding as the rating summary words one, and the
/// reports it concerns.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct PeriodFinding {
    /// Code, rule, consequence, message and reference.
    #[serde(flatten)]
    pub finding: crate::rating::VerdictReason,
    /// The reports it concerns, as named in `reports[]`.
    pub files: Vec<String>,
}

/// The period: every report read, and per player and list the figures.
/// The JSON form is a contract (extend, never rename).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct PeriodSummary {
    /// The list computed, `YYYY-MM` (dated the 1st of that month).
    pub period: String,
    /// The rating type computed, when one: given, or shared by every
    /// report in the period; `null` when the period mixes lists (each
    /// player's `rating_type` then says which).
    pub rating_type: Option<RatingType>,
    /// Every report read, in the order given.
    pub reports: Vec<PeriodReportEntry>,
    /// Per player and rating type, in order of first appearance.
    pub players: Vec<PeriodPlayer>,
    /// Cross-report findings (duplicates, simultaneous events, data
    /// conflicts), each naming the reports it concerns.
    pub findings: Vec<PeriodFinding>,
    /// The defaults and readings the period used, each once.
    pub notes: Vec<String>,
    /// Only without [`PeriodOptions::period`](super::PeriodOptions::period) (`null` and not in the JSON
    /// otherwise): every other list some report is expected on, in month
    /// order, each a period of its own over the reports expected on it, as
    /// `--period` of that month rates them (`[]` when every report is
    /// expected on this list). Its findings are those across reports that
    /// concern one of its reports; it has no `other_periods` of its own.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub other_periods: Option<Vec<PeriodSummary>>,
    /// Only with `--published` (absent otherwise): how many players the
    /// published list gives as computed (`exact`), otherwise (`differ`), or
    /// not at all (`missing`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub published_summary: Option<super::published::PublishedSummary>,
}

/// One report read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct PeriodReportEntry {
    /// The path as given.
    pub file: String,
    /// `012`.
    pub event: Option<String>,
    /// Start date.
    pub start: Option<NaiveDate>,
    /// End date.
    pub end: Option<NaiveDate>,
    /// `trf check`'s verdict.
    pub verdict: Verdict,
    /// The list its time control puts it on.
    pub rating_type: Option<RatingType>,
    /// The list it is expected on (spec of B.02 art. 9.1 / 7.1.3), `YYYY-MM`.
    pub expected_period: Option<String>,
    /// Rated in this period.
    pub in_period: bool,
    /// Why not, or the warning on a list other than the expected one.
    pub why: Option<String>,
    /// Only with `--registrations`: the row of the file that gave the
    /// report's registration facts, or that the file does not name it
    /// and the command-line flags apply.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub registration_source: Option<String>,
}

/// One player's period on one list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct PeriodPlayer {
    /// FIDE ID; `null` for a player matched by name.
    pub fide_id: Option<u64>,
    /// Name as first written.
    pub name: String,
    /// Federation as first written.
    pub federation: Option<String>,
    /// The list.
    pub rating_type: RatingType,
    /// The base the change is added to (rating on list t − 1, or the
    /// latest event's Ro when no such list was given); `null` for unrated.
    pub old_rating: Option<i64>,
    /// Where the base came from, in words.
    pub base_source: Option<String>,
    /// Σ n over the period's events (rated players), or the pool's games
    /// (unrated players).
    pub games: u32,
    /// The K applied to every event, after the cap.
    pub k: Option<u8>,
    /// K before the K × n cap.
    pub k_before_cap: Option<u8>,
    /// `list`, `override` or `derived`.
    pub k_source: Option<KSource>,
    /// Σ K × ΣΔR over the events, two decimals.
    #[serde(serialize_with = "opt_hundredths")]
    pub total_change: Option<Hundredths>,
    /// The total rounded once.
    pub rating_change: Option<i64>,
    /// The sum of the per-event roundings, for comparison.
    pub per_event_change: Option<i64>,
    /// Base + the change rounded once.
    pub new_rating: Option<i64>,
    /// The first rating published on this list (unrated players), else
    /// `null`.
    pub first_rating: Option<i64>,
    /// Per-event rounding would publish another change.
    pub discriminating: bool,
    /// The pool of an unrated player.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pool: Option<Pool>,
    /// Per event, in the order of the reports.
    pub events: Vec<PeriodEvent>,
    /// Assumptions and findings for this player, each once.
    pub notes: Vec<String>,
    /// Only with `--published`: the published list's figures of the player
    /// (`published_rating`, `published_games`, `published_k`,
    /// `matches_published`, `published_differences`), flattened into the
    /// player's object; absent otherwise.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub published: Option<super::published::PublishedFigures>,
}

/// One event of a player's period.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct PeriodEvent {
    /// The report, as in `reports[]`.
    pub file: String,
    /// `012`.
    pub event: Option<String>,
    /// Start date.
    pub start: Option<NaiveDate>,
    /// Start rank in that report.
    pub start_rank: u16,
    /// The edition applied to its games.
    pub regulations: crate::regulations::Version,
    /// Ro (rated players).
    pub ro: Option<u16>,
    /// `list` or `report`.
    pub ro_source: &'static str,
    /// The opponents' ratings used, game by game.
    pub opponents: Vec<u16>,
    /// n.
    pub games: u32,
    /// W.
    #[serde(serialize_with = "half_points")]
    pub score: HalfPoints,
    /// We (rated players).
    #[serde(serialize_with = "opt_hundredths")]
    pub expected: Option<Hundredths>,
    /// ΣΔR = W − We (rated players).
    #[serde(serialize_with = "opt_hundredths")]
    pub sum_delta: Option<Hundredths>,
    /// K′, the period's K (rated players).
    pub k: Option<u8>,
    /// K′ × ΣΔR (rated players).
    #[serde(serialize_with = "opt_hundredths")]
    pub change: Option<Hundredths>,
    /// K′ × ΣΔR rounded alone.
    pub rounded: Option<i64>,
    /// What `trf rate` of this report alone gives (its own K and cap).
    pub rate_change: Option<i64>,
    /// Unrated players: Ru from this event alone.
    pub ru: Option<i64>,
}

/// An unrated player's results pooled over the period.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Pool {
    /// Games against rated opponents in the pool.
    pub games: u32,
    /// Score W in them.
    #[serde(serialize_with = "half_points")]
    pub score: HalfPoints,
    /// Ra (2024: with the two hypothetical 1800 draws).
    pub ra: Option<i64>,
    /// p in hundredths, where dp was used.
    pub p: Option<u32>,
    /// dp, where used.
    pub dp: Option<i32>,
    /// Ru of the pool.
    pub ru: Option<i64>,
    /// Published, or why not.
    pub outcome: String,
}
