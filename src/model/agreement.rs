//! Which of a report's dates agree: the start date (`042`), the end date
//! (`052`) and the round dates (`132`). The edition of the regulations, K
//! and every date rule hang on the start date, so a typed-wrong year must
//! not choose them: a start or end date that both the round dates and the
//! other of `042`/`052` contradict gives way to the round dates.

use chrono::NaiveDate;

/// Days a start date may precede the first round (an opening ceremony, a
/// registration day), and an end date follow the last round, and still
/// agree with them.
pub(crate) const SLACK_DAYS: i64 = 31;

/// The longest span from start to end taken as one event (a season-long
/// league stays within a year).
pub(crate) const LONGEST_EVENT_DAYS: i64 = 366;

/// What the dates say of each other.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct DateAgreement {
    /// The first and last readable round dates.
    pub rounds: Option<(NaiveDate, NaiveDate)>,
    /// `042` is readable and both the round dates and `052` (when
    /// readable) contradict it: the first round date is the start.
    pub start_contradicted: bool,
    /// `052` is readable and both the round dates and `042` (when
    /// readable) contradict it: the last round date is the end.
    pub end_contradicted: bool,
}

impl DateAgreement {
    /// Judges `start` and `end` against the round dates `rounds`.
    pub fn judge(
        start: Option<NaiveDate>,
        end: Option<NaiveDate>,
        rounds: impl Iterator<Item = NaiveDate>,
    ) -> Self {
        let rounds = rounds.fold(None, |acc: Option<(NaiveDate, NaiveDate)>, d| match acc {
            None => Some((d, d)),
            Some((lo, hi)) => Some((lo.min(d), hi.max(d))),
        });
        let Some((first, last)) = rounds else {
            return DateAgreement::default();
        };
        let start_fits_rounds = |s: NaiveDate| s <= first && (first - s).num_days() <= SLACK_DAYS;
        let end_fits_rounds = |e: NaiveDate| e >= last && (e - last).num_days() <= SLACK_DAYS;
        let fit_each_other =
            |s: NaiveDate, e: NaiveDate| s <= e && (e - s).num_days() <= LONGEST_EVENT_DAYS;
        let start_contradicted = start
            .is_some_and(|s| !start_fits_rounds(s) && end.is_none_or(|e| !fit_each_other(s, e)));
        let end_contradicted =
            end.is_some_and(|e| !end_fits_rounds(e) && start.is_none_or(|s| !fit_each_other(s, e)));
        DateAgreement {
            rounds: Some((first, last)),
            start_contradicted,
            end_contradicted,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    fn rounds() -> impl Iterator<Item = NaiveDate> {
        (13..=20).map(|day| d(2024, 4, day))
    }

    #[test]
    fn a_year_typed_wrong_in_the_start_date_gives_way_to_the_rounds() {
        let a = DateAgreement::judge(Some(d(2014, 4, 13)), Some(d(2024, 4, 20)), rounds());
        assert!(a.start_contradicted && !a.end_contradicted);
        // One year off, no end date: still contradicted.
        let a = DateAgreement::judge(Some(d(2023, 4, 13)), None, rounds());
        assert!(a.start_contradicted);
    }

    #[test]
    fn a_year_typed_wrong_in_the_end_date_gives_way_to_the_rounds() {
        let a = DateAgreement::judge(Some(d(2024, 4, 13)), Some(d(2014, 4, 20)), rounds());
        assert!(!a.start_contradicted && a.end_contradicted);
        let a = DateAgreement::judge(Some(d(2024, 4, 13)), Some(d(2025, 4, 20)), rounds());
        assert!(a.end_contradicted);
    }

    #[test]
    fn dates_that_agree_or_outvote_the_rounds_stand() {
        // An opening day before round 1.
        let a = DateAgreement::judge(Some(d(2024, 4, 12)), Some(d(2024, 4, 20)), rounds());
        assert_eq!((a.start_contradicted, a.end_contradicted), (false, false));
        // 042 and 052 agree with each other, the round dates are the odd
        // ones (`round-date-outside-tournament` reports them).
        let a = DateAgreement::judge(Some(d(2011, 4, 13)), Some(d(2011, 4, 20)), rounds());
        assert_eq!((a.start_contradicted, a.end_contradicted), (false, false));
        // No round dates: nothing to judge by.
        let a = DateAgreement::judge(
            Some(d(2014, 4, 13)),
            Some(d(2024, 4, 20)),
            std::iter::empty(),
        );
        assert_eq!(a, DateAgreement::default());
    }
}
