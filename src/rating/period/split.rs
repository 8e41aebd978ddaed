//! One report per rating period: an event that lasts more than 30 days (a
//! league, a club championship) is reported month by month (FIDE Rating
//! Regulations 2022 and 2024 art. 4: "interim results every month"), and
//! each interim report holds only the games the period rates. FIDE's
//! Qualification Commission (September 2026): "You should only submit the
//! games you need to be rated for that period i.e. if you submit a file for
//! round 1-2 in September, only submit results for rounds 3-6 in October."
//!
//! The rounds are grouped by the list their games go to, read from each
//! round's date (`132`) as a report ending on that day would be placed
//! ([`super::lists::expected`]): from 2022, the list of the month after, or
//! the one after that when five days or fewer remain in the month. A round
//! without a date cannot be placed, and nothing is split.
//!
//! Each part is the whole report (header, every player, the same starting
//! ranks, so that a later part names the same players) with the rounds of
//! other periods left unpaired, each player's points the points of the
//! part's rounds (what the part's results add up to, so that `trf check`
//! finds the part consistent), `042`/`052` the part's first and last round
//! dates, `132` giving only the part's dates, and the report ending with
//! the part's last round (the rounds declared, `142` or `XXR`, no more). FIDE's texts do not say
//! how an interim report shows the rounds of other periods, nor whether its
//! points are the part's or the running total ([`SPLIT_READINGS`]).

use super::lists::{expected, key};
use crate::model::{DateField, RoundEntry, Tournament};
use crate::ratinglist::ListPeriod;
use crate::source::{Span, Spanned};
use chrono::NaiveDate;

/// What trfkit reads where FIDE's texts leave the form of an interim
/// report open: said by `trf split` and on `trf explain split`.
pub const SPLIT_READINGS: &[&str] = &[
    "FIDE has not published how an interim report shows the rounds of other periods; trfkit leaves them unpaired (a blank round block), so that FIDE's rating program reads no game in them.",
    "FIDE has not published whether an interim report's points are the part's or the running total; trfkit writes the points of the part's rounds, which is what its results add up to (a running total would contradict the results the part holds).",
    "FIDE has not published which list a round belongs to when an interim report covers part of a month; trfkit places each round as a report ending on its date would be placed (art. 9.1 from 2022: the list after the month, or the next one when five days or fewer remain).",
];

/// One part of a report split by rating period.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct PeriodPart {
    /// The list the part's games go to.
    pub list: ListPeriod,
    /// The rounds the part holds, in order (1-based).
    pub rounds: Vec<u16>,
    /// The part's first and last round dates.
    pub first: NaiveDate,
    /// The part's last round date.
    pub last: NaiveDate,
    /// The part as a report: the rounds of other periods unpaired.
    pub tournament: Tournament,
}

impl PeriodPart {
    /// The list as `YYYY-MM`.
    pub fn list_key(&self) -> String {
        key(self.list)
    }
}

/// Why a report is not split.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SplitError {
    /// The report has no round to split.
    #[error("the report has no round to split")]
    NoRounds,
    /// Some rounds have no readable date in `132`, so the period they belong
    /// to is unknown.
    #[error("{} no readable date in record 132, so the rating period of its games is unknown: add the round dates and split again", rounds_words(.0))]
    UndatedRounds(Vec<u16>),
}

/// `round 3 has` or `rounds 3, 4 and 7 have`.
fn rounds_words(rounds: &[u16]) -> String {
    let list: Vec<String> = rounds.iter().map(u16::to_string).collect();
    match list.as_slice() {
        [one] => format!("round {one} has"),
        [init @ .., last] => format!("rounds {} and {last} have", init.join(", ")),
        [] => "no round has".to_owned(),
    }
}

/// The date of each round `1..=rounds`, from `132`.
fn round_dates(t: &Tournament) -> Vec<Option<NaiveDate>> {
    (0..usize::from(t.rounds))
        .map(|r| {
            t.header
                .round_dates
                .get(r)
                .and_then(|d| d.value.as_ref())
                .and_then(|d| d.date)
        })
        .collect()
}

/// `t` split into one report per rating period, in date order; a report
/// whose rounds all go to one list gives one part (the report unchanged
/// but for its dates and points written as the parts are).
pub fn split_by_period(t: &Tournament) -> Result<Vec<PeriodPart>, SplitError> {
    if t.rounds == 0 {
        return Err(SplitError::NoRounds);
    }
    let dates = round_dates(t);
    let undated: Vec<u16> = (1..=t.rounds)
        .zip(&dates)
        .filter(|(_, d)| d.is_none())
        .map(|(r, _)| r)
        .collect();
    if !undated.is_empty() {
        return Err(SplitError::UndatedRounds(undated));
    }
    // Rounds grouped by the list their games go to, in list order.
    let mut groups: Vec<(ListPeriod, Vec<u16>)> = Vec::new();
    let mut placed: Vec<(ListPeriod, u16)> = (1..=t.rounds)
        .zip(&dates)
        .filter_map(|(r, d)| d.map(|d| (expected(d), r)))
        .collect();
    placed.sort_by_key(|&(list, r)| (list.year, list.month, r));
    for (list, r) in placed {
        match groups.last_mut() {
            Some((l, rounds)) if *l == list => rounds.push(r),
            _ => groups.push((list, vec![r])),
        }
    }
    Ok(groups
        .into_iter()
        .map(|(list, rounds)| part(t, &dates, list, rounds))
        .collect())
}

/// The part of `t` holding `rounds`, whose games go to `list`.
fn part(
    t: &Tournament,
    dates: &[Option<NaiveDate>],
    list: ListPeriod,
    rounds: Vec<u16>,
) -> PeriodPart {
    let held = |r: usize| rounds.iter().any(|&k| usize::from(k) == r + 1);
    let of = |r: &u16| dates.get(usize::from(*r) - 1).copied().flatten();
    let first = rounds.iter().filter_map(of).min();
    let last = rounds.iter().filter_map(of).max();
    let mut p = t.clone();
    for player in &mut p.players {
        let mut points = 0i32;
        for r in 0..player.rounds.len() {
            if held(r) {
                if let Some(e) = player.rounds.entry(r) {
                    points += t.scoring.points(&e).tenths();
                }
            } else if let Some(e) = player.rounds.get(r) {
                player
                    .rounds
                    .set(r, Spanned::new(RoundEntry::NOT_PAIRED, e.span));
            }
        }
        if let Some(pts) = &mut player.points {
            pts.value = crate::model::Points(points);
        }
    }
    let dated = |d: NaiveDate| DateField {
        raw: d.format("%Y/%m/%d").to_string(),
        date: Some(d),
        format: Some("YYYY/MM/DD".to_owned()),
        ambiguous: false,
        other_reading: None,
    };
    let span = |s: Option<Span>| s.unwrap_or_default();
    if let Some(d) = first {
        let at = span(p.header.start_date.as_ref().map(|d| d.span));
        p.header.start_date = Some(Spanned::new(dated(d), at));
    }
    if let Some(d) = last {
        let at = span(p.header.end_date.as_ref().map(|d| d.span));
        p.header.end_date = Some(Spanned::new(dated(d), at));
    }
    for (r, d) in p.header.round_dates.iter_mut().enumerate() {
        if !held(r) {
            d.value = None;
        }
    }
    // The report ends with the part's last round: its later rounds are
    // not yet played as far as this period knows, and a report declaring
    // more rounds than it holds reads as one exported before its end.
    let end = rounds.last().copied().unwrap_or(t.rounds);
    p.rounds = end;
    for player in &mut p.players {
        player.rounds.truncate(usize::from(end));
    }
    p.header.round_dates.truncate(usize::from(end));
    for n in [&mut p.header.declared_rounds, &mut p.extensions.xxr]
        .into_iter()
        .flatten()
    {
        n.value = n.value.min(end);
    }
    PeriodPart {
        list,
        first: first.unwrap_or_default(),
        last: last.unwrap_or_default(),
        rounds,
        tournament: p,
    }
}
