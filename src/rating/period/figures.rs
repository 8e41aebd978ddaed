//! One report's rating reduced to what the period reads of it
//! ([`Figures`]), taken as soon as the report is rated: a month holds
//! every report's figures until its period is made. A rating pass's
//! [`PlayerRating`] is about 260 bytes before its counted games, and most of
//! it (the change, the new rating, the notes, the rounds of the counted
//! games) is `trf rate`'s, not the period's (benchmark: `trf period
//! --rating-list` of FIDE's whole month, `benches/month.md`, issue 40).

use super::unplaced;
use crate::diag::{Consequence, Verdict};
use crate::rating::maths::{HalfPoints, Hundredths, RatedGame};
use crate::rating::{CheckedRating, KSource, PlayerRating, TournamentSummary, UnratedOutcome};
use crate::ratinglist::ListPeriod;
use crate::regulations::{RatingType, Version};

/// A report's figures as the period reads them: its verdict (as
/// `report`) and the summary's event and players (as `summary`), under
/// the names of [`CheckedRating`]'s.
#[derive(Debug)]
pub(super) struct Figures {
    /// The check's verdict.
    pub(super) report: Verdicts,
    /// The rating pass's event and players.
    pub(super) summary: Summary,
}

/// What the period reads of the check of a report.
#[derive(Debug)]
pub(super) struct Verdicts {
    /// The verdict.
    pub(super) verdict: Verdict,
    /// Where the registration facts came from.
    pub(super) registration_source: Option<String>,
}

/// What the period reads of a report's rating summary.
#[derive(Debug)]
pub(super) struct Summary {
    /// The list its time control puts it on.
    pub(super) rating_type: Option<RatingType>,
    /// The edition of the rating regulations applied.
    pub(super) regulations: Version,
    /// The event.
    pub(super) tournament: TournamentSummary,
    /// Why FIDE will not rate the event (the first reason that stops it),
    /// for a `not-rateable` report.
    pub(super) not_rated: Option<String>,
    /// Why no period can place the report ([`unplaced::why`]).
    pub(super) unplaced: Option<String>,
    /// The players, in file order.
    pub(super) players: Vec<Row>,
}

/// One player's figures in one event, as the period reads them (the
/// fields of [`PlayerRating`] of the same names).
#[derive(Debug)]
pub(super) struct Row {
    pub(super) fide_id: Option<u64>,
    pub(super) name: Box<str>,
    pub(super) start_rank: u16,
    pub(super) rated: bool,
    pub(super) ro: Option<u16>,
    pub(super) k_before_cap: Option<u8>,
    pub(super) k_source: Option<KSource>,
    pub(super) outcome: Option<UnratedOutcome>,
    pub(super) games: u32,
    pub(super) score: HalfPoints,
    pub(super) expected: Option<Hundredths>,
    pub(super) w_minus_we: Option<Hundredths>,
    pub(super) change: Option<i64>,
    pub(super) ru: Option<i64>,
    pub(super) counted: Box<[RatedGame]>,
}

impl Row {
    fn of(p: PlayerRating) -> Row {
        Row {
            fide_id: p.fide_id,
            name: p.name.into_boxed_str(),
            start_rank: p.start_rank,
            rated: p.rated,
            ro: p.ro,
            k_before_cap: p.k_before_cap,
            k_source: p.k_source,
            outcome: p.outcome,
            games: p.games,
            score: p.score,
            expected: p.expected,
            w_minus_we: p.w_minus_we,
            change: p.change,
            ru: p.ru,
            counted: p.counted.into_boxed_slice(),
        }
    }
}

impl Figures {
    /// The figures of `rating`, a report expected on the list `expected`.
    pub(super) fn of(rating: CheckedRating, expected: Option<ListPeriod>) -> Figures {
        let CheckedRating { report, summary } = rating;
        let not_rated = (report.verdict == Verdict::NotRateable).then(|| {
            summary
                .verdict_reasons
                .iter()
                .find(|v| v.consequence == Consequence::EventNotRated)
                .map_or("FIDE will not rate this event", |v| v.message.as_str())
                .to_owned()
        });
        let unplaced = unplaced::why(expected, &summary);
        Figures {
            report: Verdicts {
                verdict: report.verdict,
                registration_source: report.registration_source,
            },
            summary: Summary {
                rating_type: summary.rating_type,
                regulations: summary.regulations,
                tournament: summary.tournament,
                not_rated,
                unplaced,
                players: rows(summary.players),
            },
        }
    }
}

/// The rows of `players`, in a vector of their own: collected from
/// `players.into_iter()`, the rows would take over the players' allocation,
/// which the smaller rows would not shrink.
fn rows(players: Vec<PlayerRating>) -> Vec<Row> {
    let mut rows = Vec::with_capacity(players.len());
    rows.extend(players.into_iter().map(Row::of));
    rows
}
