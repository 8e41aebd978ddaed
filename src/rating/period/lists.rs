//! Which list a report is rated on, and when that list closes (FIDE
//! Handbook B.02: 2024 and 2022 art. 7.1.3 and 9.1; 2014 art. 7.1.3; the
//! 2009 list dates of FIDE's news of 13 July 2009; 2003/2005 art. 9.11 and
//! 9.13).

use crate::ratinglist::{list_in_force, ListPeriod};
use crate::regulations::{ListFrequency, Regulations, Version};
use chrono::{Datelike, Days, Months, NaiveDate};

/// The first day of the list's month.
pub(crate) fn list_date(p: ListPeriod) -> Option<NaiveDate> {
    NaiveDate::from_ymd_opt(i32::from(p.year), u32::from(p.month), 1)
}

/// The list `n` months after `p` (before, when negative).
pub(crate) fn shift(p: ListPeriod, n: i32) -> ListPeriod {
    let months = i32::from(p.year) * 12 + i32::from(p.month) - 1 + n;
    ListPeriod {
        year: u16::try_from(months.div_euclid(12)).unwrap_or(0),
        month: u8::try_from(months.rem_euclid(12) + 1).unwrap_or(1),
    }
}

/// The edition in force on a list's date: it decides the period-level
/// rules (list rhythm, K, K × n, rounding, floors).
pub(crate) fn edition_of(p: ListPeriod) -> &'static Regulations {
    list_date(p).map_or_else(
        || Regulations::of(Version::LATEST),
        |d| Regulations::select(d).regulations,
    )
}

/// The list published before `p` (t − 1): the month before while lists are
/// monthly, the previous bi-monthly or quarterly list before.
pub(crate) fn previous(p: ListPeriod) -> ListPeriod {
    match list_date(p).and_then(|d| d.checked_sub_days(Days::new(1))) {
        Some(eve) => list_in_force(Regulations::select(eve).regulations, eve),
        None => shift(p, -1),
    }
}

/// The last day an event may end to be rated on list `p`: 3 days before
/// the list date for monthly lists from 2013 (art. 7.1.3), 7 days in the
/// 2009 rhythm, one month before for the quarterly lists (art. 9.13).
pub(crate) fn closing_date(p: ListPeriod) -> Option<NaiveDate> {
    let d = list_date(p)?;
    let regs = edition_of(p);
    match regs.lists.at(d) {
        ListFrequency::Quarterly => d.checked_sub_months(Months::new(1))?.pred_opt(),
        ListFrequency::BiMonthly => d.checked_sub_days(Days::new(7)),
        ListFrequency::Monthly if regs.version < Version::V2013 => d.checked_sub_days(Days::new(7)),
        ListFrequency::Monthly => d.checked_sub_days(Days::new(3)),
    }
}

/// The list an event that ended on `end` is expected on: from 2022 the list
/// of the month after the end, or the next one when five days or fewer
/// remain in the month (art. 9.1); before, the first list whose closing
/// date is on or after the end (art. 7.1.3, 9.13).
pub(crate) fn expected(end: NaiveDate) -> ListPeriod {
    let month = ListPeriod {
        year: u16::try_from(end.year()).unwrap_or(0),
        month: u8::try_from(end.month()).unwrap_or(1),
    };
    let next = shift(month, 1);
    if edition_of(next).version >= Version::V2022 {
        let last = list_date(next)
            .and_then(|d| d.pred_opt())
            .map_or(31, |d| d.day());
        return if last - end.day() <= 5 {
            shift(next, 1)
        } else {
            next
        };
    }
    // At most a quarter and a month ahead: the loop is bounded.
    let mut p = next;
    for _ in 0..6 {
        let is_list = list_date(p)
            .map(|d| list_in_force(edition_of(p), d) == p)
            .unwrap_or(true);
        if is_list && closing_date(p).is_some_and(|c| c >= end) {
            return p;
        }
        p = shift(p, 1);
    }
    p
}

/// `2025-03`.
pub(crate) fn key(p: ListPeriod) -> String {
    format!("{:04}-{:02}", p.year, p.month)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(year: u16, month: u8) -> ListPeriod {
        ListPeriod { year, month }
    }

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap_or_default()
    }

    #[test]
    fn months_shift_across_years() {
        assert_eq!(shift(p(2025, 1), -1), p(2024, 12));
        assert_eq!(shift(p(2025, 12), 1), p(2026, 1));
        assert_eq!(shift(p(2025, 3), -14), p(2024, 1));
    }

    #[test]
    fn the_list_before() {
        assert_eq!(previous(p(2025, 4)), p(2025, 3));
        // Bi-monthly lists of 2010: the list before May is March.
        assert_eq!(previous(p(2010, 5)), p(2010, 3));
        // Quarterly lists of 2006.
        assert_eq!(previous(p(2006, 7)), p(2006, 4));
    }

    #[test]
    fn closing_dates() {
        assert_eq!(closing_date(p(2025, 4)), Some(d(2025, 3, 29)));
        assert_eq!(closing_date(p(2010, 5)), Some(d(2010, 4, 24)));
        // 2005: 30 November for the January list.
        assert_eq!(closing_date(p(2007, 1)), Some(d(2006, 11, 30)));
    }

    #[test]
    fn expected_lists() {
        // 2024 art. 9.1: the month after, or one more with five days left.
        assert_eq!(expected(d(2025, 3, 16)), p(2025, 4));
        assert_eq!(expected(d(2025, 3, 26)), p(2025, 5));
        assert_eq!(expected(d(2025, 3, 25)), p(2025, 4));
        // 2014: the first list whose closing date is not before the end.
        assert_eq!(expected(d(2015, 3, 28)), p(2015, 4));
        assert_eq!(expected(d(2015, 3, 30)), p(2015, 5));
        // 2005 quarterly: an event ending on 15 December goes to April.
        assert_eq!(expected(d(2006, 12, 15)), p(2007, 4));
    }
}
