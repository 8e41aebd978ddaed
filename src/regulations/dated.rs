//! Values that a version changes part-way through its life.
//!
//! Several texts were amended without a new edition: K 30 for new players
//! from 1 July 2011 and the 1000 floor from 1 July 2012 (2009 text), the
//! registration split of 25 December 2023 (2022 text), the 2650 exemption of
//! 1 October 2025 (2024 text). A [`Dated`] holds the value in force when the
//! version took effect plus its amendments.

use chrono::NaiveDate;
use serde::Serialize;

/// A value with the amendments made to it while one version was in force.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Dated<T: 'static> {
    /// The value when the version took effect.
    pub initial: T,
    /// Later amendments, oldest first; each applies from its date on.
    pub amendments: &'static [Amendment<T>],
}

/// One amendment: the value in force from `from` on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Amendment<T> {
    /// First day on which the amended value applies.
    pub from: NaiveDate,
    /// The amended value.
    pub value: T,
}

impl<T> Dated<T> {
    /// A value never amended.
    pub const fn fixed(value: T) -> Self {
        Dated {
            initial: value,
            amendments: &[],
        }
    }

    /// The value in force on `date`: the last amendment dated on or before
    /// it, else the initial value.
    pub fn at(&self, date: NaiveDate) -> &T {
        self.amendments
            .iter()
            .rev()
            .find(|a| a.from <= date)
            .map_or(&self.initial, |a| &a.value)
    }

    /// The value after every amendment.
    pub fn latest(&self) -> &T {
        self.amendments.last().map_or(&self.initial, |a| &a.value)
    }
}

/// Builds a constant date; only used on literals in this module's tables, so
/// an invalid date is a compile-time error, never a runtime one.
pub(crate) const fn ymd(year: i32, month: u32, day: u32) -> NaiveDate {
    match NaiveDate::from_ymd_opt(year, month, day) {
        Some(d) => d,
        None => panic!("invalid date literal in the regulations tables"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static STEPS: &[Amendment<u16>] = &[
        Amendment {
            from: ymd(2011, 7, 1),
            value: 30,
        },
        Amendment {
            from: ymd(2012, 7, 1),
            value: 35,
        },
    ];

    #[test]
    fn picks_the_value_in_force() {
        let d = Dated {
            initial: 25u16,
            amendments: STEPS,
        };
        assert_eq!(*d.at(ymd(2009, 7, 1)), 25);
        assert_eq!(*d.at(ymd(2011, 6, 30)), 25);
        assert_eq!(*d.at(ymd(2011, 7, 1)), 30);
        assert_eq!(*d.at(ymd(2012, 7, 1)), 35);
        assert_eq!(*d.at(ymd(2000, 1, 1)), 25);
        assert_eq!(*d.latest(), 35);
        assert_eq!(*Dated::fixed(7u8).at(ymd(2030, 1, 1)), 7);
    }
}
