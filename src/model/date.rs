//! Dates as real files write them, kept with the text and the format read.

use chrono::NaiveDate;
use serde::Serialize;

/// A date field: the raw text, the date understood (if any) and how.
///
/// Two fields are equal when they denote the same date, however written;
/// unreadable ones compare by their text.
#[derive(Debug, Clone, Eq, Serialize)]
#[non_exhaustive]
pub struct DateField {
    /// The text as written (trimmed).
    pub raw: String,
    /// The date, when one could be read.
    pub date: Option<NaiveDate>,
    /// The format recognised, e.g. `YYYY/MM/DD`, `DD.MM.YYYY`, `Mon D, YYYY`.
    pub format: Option<String>,
    /// The day and month could be read either way round; the reader chose
    /// the order of `format` and says so in a diagnostic.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub ambiguous: bool,
    /// While `ambiguous`, the other reading (day and month swapped), which
    /// the reader worked out so that nothing after it re-parses `raw`;
    /// `None` once [`DateField::settle`] has settled the order.
    #[serde(skip)]
    pub other_reading: Option<NaiveDate>,
}

impl DateField {
    /// The dates a date field may denote: the reading the parser chose and,
    /// when the day and month could be swapped, the other one. Empty when the
    /// field could not be read.
    pub(crate) fn readings(&self) -> Vec<NaiveDate> {
        let mut v: Vec<NaiveDate> = self.date.into_iter().collect();
        if let Some(alt) = self.other_reading {
            if !v.contains(&alt) {
                v.push(alt);
            }
        }
        v
    }

    /// The day-and-month order is settled (by the dates around it, or by the
    /// file's other dates): the field is no longer ambiguous and has no
    /// other reading.
    pub fn settle(&mut self) {
        self.ambiguous = false;
        self.other_reading = None;
    }
}

impl PartialEq for DateField {
    fn eq(&self, other: &Self) -> bool {
        match (self.date, other.date) {
            (Some(a), Some(b)) => a == b,
            (None, None) => self.raw == other.raw,
            _ => false,
        }
    }
}

/// A birth date: the year, or the full date (TRF16 allows `YYYY/00/00`).
///
/// Serialised as ISO 8601 with reduced precision: `"1994-05-05"`, `"1994-05"`
/// or `"1994"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[non_exhaustive]
pub struct PartialDate {
    /// Year.
    pub year: i32,
    /// Month 1-12, when known.
    pub month: Option<u32>,
    /// Day 1-31, when known.
    pub day: Option<u32>,
}

impl Serialize for PartialDate {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let text = match (self.month, self.day) {
            (Some(m), Some(d)) => format!("{:04}-{:02}-{:02}", self.year, m, d),
            (Some(m), None) => format!("{:04}-{:02}", self.year, m),
            _ => format!("{:04}", self.year),
        };
        s.serialize_str(&text)
    }
}

impl PartialDate {
    /// A date known only to the year (FIDE's lists publish the birth year).
    pub fn year(year: i32) -> PartialDate {
        PartialDate {
            year,
            month: None,
            day: None,
        }
    }

    /// The full date when month and day are known and valid.
    pub fn full(&self) -> Option<NaiveDate> {
        NaiveDate::from_ymd_opt(self.year, self.month?, self.day?)
    }
}

impl std::fmt::Display for PartialDate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.month, self.day) {
            (Some(m), Some(d)) => write!(f, "{:04}/{:02}/{:02}", self.year, m, d),
            (Some(m), None) => write!(f, "{:04}/{:02}/00", self.year, m),
            _ => write!(f, "{:04}", self.year),
        }
    }
}
