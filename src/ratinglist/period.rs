//! Which month a list is, and which list was in force when a tournament
//! started.

use crate::ratinglist::ListPeriod;
use crate::regulations::{ListFrequency, Regulations};
use chrono::{Datelike, NaiveDate};

const MONTHS: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

/// The month a list file's name states, for names the list reader does not
/// read itself: a month abbreviation with a two- or four-digit year
/// (`players_list_mar25.zip`, `Mar2025_players_list_foa.txt`,
/// `standard_oct13frl.txt`), or a numeric year and month
/// (`players_list_foa_2025-03.txt`, `2025_03`, `202503`). The first match
/// wins; `None` when the name states no month.
pub(crate) fn period_from_file_name(name: &str) -> Option<ListPeriod> {
    let file = name.rsplit(['/', '\\']).next().unwrap_or(name).as_bytes();
    (0..file.len()).find_map(|i| month_word_at(file, i).or_else(|| numeric_at(file, i)))
}

/// `mar25`, `mar2025` starting at `i`, the month not glued to a letter
/// before it and the year not glued to a digit after it.
fn month_word_at(b: &[u8], i: usize) -> Option<ListPeriod> {
    if i > 0 && b[i - 1].is_ascii_alphabetic() {
        return None;
    }
    let word = b.get(i..i + 3)?;
    let month = MONTHS
        .iter()
        .position(|m| m.as_bytes()[..3].eq_ignore_ascii_case(word))?;
    let digits = b[i + 3..].iter().take_while(|c| c.is_ascii_digit()).count();
    let year = match digits {
        2 => expand_year(two_digits(&b[i + 3..i + 5])),
        4 => four_digits(&b[i + 3..i + 7]),
        _ => return None,
    };
    period(year, month as u32 + 1)
}

/// `2025-03`, `2025_03`, `2025.03` or `202503` starting at `i`, not glued
/// to other digits.
fn numeric_at(b: &[u8], i: usize) -> Option<ListPeriod> {
    if i > 0 && b[i - 1].is_ascii_digit() {
        return None;
    }
    let run = |from: usize| {
        b.get(from..)
            .map(|s| s.iter().take_while(|c| c.is_ascii_digit()).count())
            .unwrap_or(0)
    };
    let (year, month) = match run(i) {
        6 => (four_digits(&b[i..i + 4]), two_digits(&b[i + 4..i + 6])),
        4 if matches!(b.get(i + 4), Some(b'-' | b'_' | b'.')) && run(i + 5) == 2 => {
            (four_digits(&b[i..i + 4]), two_digits(&b[i + 5..i + 7]))
        }
        _ => return None,
    };
    if !(2000..2100).contains(&year) {
        return None;
    }
    period(year, u32::from(month))
}

/// FIDE's downloadable lists start in 2001 (`JAN01FRL`): `00`–`69` are
/// 2000–2069, `70`–`99` 1970–1999 (the list reader's reading).
fn expand_year(yy: u16) -> u16 {
    if yy < 70 {
        2000 + yy
    } else {
        1900 + yy
    }
}

fn two_digits(d: &[u8]) -> u16 {
    u16::from(d[0] - b'0') * 10 + u16::from(d[1] - b'0')
}

fn four_digits(d: &[u8]) -> u16 {
    two_digits(&d[..2]) * 100 + two_digits(&d[2..])
}

fn period(year: u16, month: u32) -> Option<ListPeriod> {
    let month = u8::try_from(month).ok().filter(|m| (1..=12).contains(m))?;
    Some(ListPeriod { year, month })
}

/// The list in force for a tournament starting on `start` under `regs`:
/// the list of the start month while lists are monthly (from July 2012),
/// the latest of January, March, May, July, September, November while they
/// were bi-monthly (July 2009 – June 2012), the latest quarter's before
/// (docs/spec/regulations.md R19: "each list is used for events starting in its
/// period"). The bi-monthly to monthly switch is marked (s) in
/// docs/spec/regulations.md R19.
pub(crate) fn list_in_force(regs: &Regulations, start: NaiveDate) -> ListPeriod {
    let month = start.month();
    let first = match regs.lists.at(start) {
        ListFrequency::Monthly => month,
        ListFrequency::BiMonthly => month - (month + 1) % 2,
        ListFrequency::Quarterly => (month - 1) / 3 * 3 + 1,
    };
    ListPeriod {
        year: u16::try_from(start.year()).unwrap_or(0),
        month: first as u8,
    }
}

/// `March 2025`.
pub(crate) fn month_name(p: ListPeriod) -> String {
    let m = MONTHS
        .get(usize::from(p.month).wrapping_sub(1))
        .copied()
        .unwrap_or("?");
    let mut name = String::with_capacity(m.len() + 5);
    let mut chars = m.chars();
    if let Some(c) = chars.next() {
        name.push(c.to_ascii_uppercase());
    }
    name.push_str(chars.as_str());
    format!("{name} {}", p.year)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::regulations::Version;

    fn p(year: u16, month: u8) -> Option<ListPeriod> {
        Some(ListPeriod { year, month })
    }

    #[test]
    fn months_in_file_names() {
        assert_eq!(period_from_file_name("players_list_mar25.zip"), p(2025, 3));
        assert_eq!(
            period_from_file_name("Mar2025_players_list.txt"),
            p(2025, 3)
        );
        assert_eq!(period_from_file_name("standard_oct13frl.txt"), p(2013, 10));
        assert_eq!(period_from_file_name("JAN01FRL.TXT"), p(2001, 1));
        assert_eq!(
            period_from_file_name("lists/players_list_foa_2025-03.txt"),
            p(2025, 3)
        );
        assert_eq!(period_from_file_name("players_2024_11.txt"), p(2024, 11));
        assert_eq!(period_from_file_name("fide202406.txt"), p(2024, 6));
        assert_eq!(period_from_file_name("2025.12-list.txt"), p(2025, 12));
    }

    #[test]
    fn names_without_a_month() {
        for n in [
            "players_list_foa.txt",
            "crosscheck-players_list_foa.txt",
            "summary25.txt",    // "mar" glued to a letter
            "mar255.txt",       // three-digit year
            "list-2025-13.txt", // no month 13
            "list-1890-03.txt", // not a list year
            "20250301.txt",     // a date, not a month
            "mayor.txt",
        ] {
            assert_eq!(period_from_file_name(n), None, "{n}");
        }
    }

    #[test]
    fn list_in_force_follows_the_publication_rhythm() {
        let d = |y, m, day| NaiveDate::from_ymd_opt(y, m, day).unwrap();
        let r2024 = Regulations::of(Version::V2024);
        assert_eq!(list_in_force(r2024, d(2025, 3, 14)), p(2025, 3).unwrap());
        let r2009 = Regulations::of(Version::V2009);
        // Bi-monthly until June 2012: February uses January's list.
        assert_eq!(list_in_force(r2009, d(2010, 2, 20)), p(2010, 1).unwrap());
        assert_eq!(list_in_force(r2009, d(2010, 12, 1)), p(2010, 11).unwrap());
        assert_eq!(list_in_force(r2009, d(2012, 8, 1)), p(2012, 8).unwrap());
        let r2005 = Regulations::of(Version::V2005);
        assert_eq!(list_in_force(r2005, d(2006, 6, 30)), p(2006, 4).unwrap());
        assert_eq!(list_in_force(r2005, d(2006, 10, 1)), p(2006, 10).unwrap());
    }

    #[test]
    fn month_names() {
        assert_eq!(
            month_name(ListPeriod {
                year: 2025,
                month: 3
            }),
            "March 2025"
        );
        assert_eq!(
            month_name(ListPeriod {
                year: 2025,
                month: 13
            }),
            "? 2025"
        );
    }
}
