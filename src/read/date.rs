//! Lenient dates: every way real files write a date (trf-format §1.6, §4.4).
//!
//! The grammar (see `grammar/dates.ebnf`) splits the text into numbers and
//! month names with nom, then reads the shape: `YYYY/MM/DD`, `YY/MM/DD`,
//! `DD.MM.YYYY`, `MM/DD/YYYY`, `YYYY`, `Oct 13, 2024`, `13 Oct 2024`,
//! `YYYYMMDD`. Where day and month could be swapped the reader picks the
//! order the format prescribes and marks the result ambiguous.

use crate::model::{DateField, PartialDate};
use chrono::NaiveDate;
use nom::branch::alt;
use nom::bytes::complete::{take_while1, take_while_m_n};
use nom::character::complete::{char, multispace0};
use nom::combinator::{all_consuming, map, opt};
use nom::multi::separated_list1;
use nom::sequence::{delimited, terminated};
use nom::{IResult, Parser};

/// Which order a two-digit-year date is expected in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Expect {
    /// 042/052 (TRF16 free, TRF26 `YYYY/MM/DD`): day-first when ambiguous.
    Tournament,
    /// 132 round dates: `YY/MM/DD`.
    Round,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Tok<'a> {
    Num(&'a str),
    Word(&'a str),
}

fn separator(i: &str) -> IResult<&str, ()> {
    map(
        (
            multispace0,
            opt(alt((char('.'), char('/'), char('-'), char(',')))),
            multispace0,
        ),
        |_| (),
    )
    .parse(i)
}

fn token(i: &str) -> IResult<&str, Tok<'_>> {
    alt((
        map(take_while_m_n(1, 8, |c: char| c.is_ascii_digit()), Tok::Num),
        map(take_while1(|c: char| c.is_alphabetic()), Tok::Word),
    ))
    .parse(i)
}

fn tokens(i: &str) -> IResult<&str, Vec<Tok<'_>>> {
    all_consuming(delimited(
        multispace0,
        separated_list1(separator, token),
        terminated(opt(char('.')), multispace0),
    ))
    .parse(i)
}

fn month_name(w: &str) -> Option<u32> {
    const NAMES: [&str; 12] = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ];
    let l = w.to_lowercase();
    let l = l.get(..3)?;
    // German/French/Spanish abbreviations that differ from English.
    let alias = match l {
        "mär" | "mrz" => "mar",
        "mai" | "may" => "may",
        "okt" | "oct" => "oct",
        "dez" | "dic" | "déc" => "dec",
        "ene" => "jan",
        "abr" | "avr" => "apr",
        "ago" | "aoû" => "aug",
        "fév" | "fev" => "feb",
        "jui" => return None, // juin/juillet: ambiguous on three letters
        other => other,
    };
    NAMES.iter().position(|n| *n == alias).map(|i| i as u32 + 1)
}

fn year2(yy: i32) -> i32 {
    if yy < 70 {
        2000 + yy
    } else {
        1900 + yy
    }
}

fn num(s: &str) -> i32 {
    s.parse().unwrap_or(-1)
}

/// Reads a tournament or round date. Returns `None` for empty text.
pub(crate) fn parse_date(raw: &str, expect: Expect) -> Option<DateField> {
    let text = raw.trim_matches(|c: char| c.is_whitespace());
    if text.is_empty() {
        return None;
    }
    // ISO timestamps: keep the date part.
    let text = match text.find('T') {
        Some(i) if i == 10 && text.as_bytes()[4] == b'-' => &text[..i],
        _ => text,
    };
    let mut field = DateField {
        raw: text.to_string(),
        date: None,
        format: None,
        ambiguous: false,
        other_reading: None,
    };
    let Ok((_, toks)) = tokens(text) else {
        return Some(field);
    };
    let sep = text
        .chars()
        .find(|c| matches!(c, '.' | '/' | '-'))
        .unwrap_or(' ');
    let fmt = |parts: [&str; 3]| format!("{}{sep}{}{sep}{}", parts[0], parts[1], parts[2]);
    let (y, m, d, format, ambiguous) = match toks.as_slice() {
        [Tok::Num(a), Tok::Num(b), Tok::Num(c)] => {
            let (na, nb, nc) = (num(a), num(b), num(c));
            match (a.len(), b.len(), c.len()) {
                (4, 1..=2, 1..=2) => (na, nb, nc, fmt(["YYYY", "MM", "DD"]), false),
                (1..=2, 1..=2, 4) => {
                    // Day first unless that is impossible (US order).
                    if nb > 12 && na <= 12 {
                        (nc, na, nb, fmt(["MM", "DD", "YYYY"]), false)
                    } else {
                        (
                            nc,
                            nb,
                            na,
                            fmt(["DD", "MM", "YYYY"]),
                            na <= 12 && nb <= 12 && na != nb,
                        )
                    }
                }
                (2, 2, 2) => {
                    // TRF writes two-digit years first (132 `YY/MM/DD`; 042
                    // `11.09.26` in real files): year first unless impossible.
                    if nc > 31 {
                        (year2(nc), nb, na, fmt(["DD", "MM", "YY"]), false)
                    } else if nb > 12 && nc <= 12 {
                        (year2(na), nc, nb, fmt(["YY", "DD", "MM"]), false)
                    } else {
                        let other_reading =
                            expect == Expect::Tournament && na <= 31 && nb <= 12 && na != nc;
                        (year2(na), nb, nc, fmt(["YY", "MM", "DD"]), other_reading)
                    }
                }
                _ => return Some(field),
            }
        }
        [Tok::Word(w), Tok::Num(d), Tok::Num(y)] if y.len() == 4 => {
            let Some(m) = month_name(w) else {
                return Some(field);
            };
            (num(y), m as i32, num(d), "Mon D, YYYY".to_string(), false)
        }
        [Tok::Num(d), Tok::Word(w), Tok::Num(y)] if y.len() == 4 => {
            let Some(m) = month_name(w) else {
                return Some(field);
            };
            (num(y), m as i32, num(d), "D Mon YYYY".to_string(), false)
        }
        [Tok::Num(s)] if s.len() == 8 => (
            num(&s[..4]),
            num(&s[4..6]),
            num(&s[6..]),
            "YYYYMMDD".to_string(),
            false,
        ),
        _ => return Some(field),
    };
    if let Some(date) = NaiveDate::from_ymd_opt(y, m as u32, d as u32) {
        field.date = Some(date);
        field.format = Some(format);
        field.ambiguous = ambiguous;
        if ambiguous {
            field.other_reading = alternative(&field).map(|(d, _)| d);
        }
    }
    Some(field)
}

/// The other reading of an ambiguous tournament date: month-day for
/// day-month (`03/04/2024`), day-first for year-first (`25/09/02`).
pub(crate) fn alternative(field: &DateField) -> Option<(NaiveDate, String)> {
    if !field.ambiguous {
        return None;
    }
    let (_, toks) = tokens(&field.raw).ok()?;
    let sep = field
        .raw
        .chars()
        .find(|c| matches!(c, '.' | '/' | '-'))
        .unwrap_or(' ');
    let nums: Vec<&str> = toks
        .iter()
        .filter_map(|t| match t {
            Tok::Num(n) => Some(*n),
            Tok::Word(_) => None,
        })
        .collect();
    let [a, b, c] = nums.as_slice() else {
        return None;
    };
    let (na, nb, nc) = (num(a), num(b), num(c));
    let (y, m, d, f) = if c.len() == 4 {
        (nc, na, nb, ["MM", "DD", "YYYY"])
    } else {
        (year2(nc), nb, na, ["DD", "MM", "YY"])
    };
    let date = NaiveDate::from_ymd_opt(y, m as u32, d as u32)?;
    Some((date, format!("{}{sep}{}{sep}{}", f[0], f[1], f[2])))
}

/// Reads a birth date: `YYYY/MM/DD`, `YYYY`, `YYYY/00/00`, `YYYY.MM.DD`,
/// `DD.MM.YYYY`. `Ok(None)` for blank or all-zero; `Err(())` when unreadable.
#[allow(clippy::result_unit_err)]
pub(crate) fn parse_birth(raw: &str) -> Result<Option<PartialDate>, ()> {
    let b = raw.as_bytes();
    // A full field that starts and ends with a digit (nearly every one) has
    // nothing to trim: skip the search for Unicode white space.
    let text = if b.len() == 10 && b[0].is_ascii_digit() && b[9].is_ascii_digit() {
        raw
    } else {
        raw.trim_matches(|c: char| c.is_whitespace())
    };
    if text.is_empty() || text.bytes().all(|b| matches!(b, b'0' | b'/' | b'.' | b'-')) {
        return Ok(None);
    }
    let (y, m, d) = match canonical_birth(text.as_bytes()) {
        Some(ymd) => ymd,
        None => {
            let (_, toks) = tokens(text).map_err(|_| ())?;
            match toks.as_slice() {
                [Tok::Num(y)] if y.len() == 4 => (num(y), 0, 0),
                [Tok::Num(y), Tok::Num(m), Tok::Num(d)] if y.len() == 4 => (num(y), num(m), num(d)),
                [Tok::Num(d), Tok::Num(m), Tok::Num(y)] if y.len() == 4 => (num(y), num(m), num(d)),
                _ => return Err(()),
            }
        }
    };
    if !(1850..=2100).contains(&y) || !(0..=12).contains(&m) || !(0..=31).contains(&d) {
        return Err(());
    }
    let month = (m > 0).then_some(m as u32);
    let day = (d > 0 && month.is_some()).then_some(d as u32);
    let pd = PartialDate {
        year: y,
        month,
        day,
    };
    if let (Some(_), Some(_)) = (month, day) {
        if pd.full().is_none() {
            return Err(());
        }
    }
    Ok(Some(pd))
}

/// `YYYY/MM/DD` (or with `.`, `-`, `,` between the numbers), the shape of
/// nearly every birth date, read without the tokenizer. The tokenizer gives
/// the same three numbers for it: four digits, a separator, two, a
/// separator, two.
fn canonical_birth(b: &[u8]) -> Option<(i32, i32, i32)> {
    let digits = |r: std::ops::Range<usize>| {
        b.get(r)?.iter().try_fold(0i32, |v, &c| {
            c.is_ascii_digit().then(|| v * 10 + (c - b'0') as i32)
        })
    };
    let sep = |i: usize| matches!(b.get(i), Some(b'/' | b'.' | b'-' | b','));
    if b.len() != 10 || !sep(4) || !sep(7) {
        return None;
    }
    Some((digits(0..4)?, digits(5..7)?, digits(8..10)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str, e: Expect) -> (Option<String>, Option<String>, bool) {
        let f = parse_date(s, e).unwrap();
        (f.date.map(|d| d.to_string()), f.format, f.ambiguous)
    }

    #[test]
    fn tournament_dates() {
        let t = Expect::Tournament;
        assert_eq!(d("2024/09/13", t).0.as_deref(), Some("2024-09-13"));
        assert_eq!(d("2011-03-04", t).0.as_deref(), Some("2011-03-04"));
        assert_eq!(d("2011.07.02", t).0.as_deref(), Some("2011-07-02"));
        assert_eq!(d("24/09/2010", t).0.as_deref(), Some("2010-09-24"));
        assert_eq!(d("25.02.2011", t).0.as_deref(), Some("2011-02-25"));
        assert_eq!(d("28. 07. 2005", t).0.as_deref(), Some("2005-07-28"));
        assert_eq!(d("May 29, 2020", t).0.as_deref(), Some("2020-05-29"));
        assert_eq!(d("Oct 13, 2024", t).0.as_deref(), Some("2024-10-13"));
        assert_eq!(d("13 October 2024", t).0.as_deref(), Some("2024-10-13"));
        assert_eq!(
            d("2024-10-13T09:00:00Z", t).0.as_deref(),
            Some("2024-10-13")
        );
        assert_eq!(d("12/25/2024", t).1.as_deref(), Some("MM/DD/YYYY"));
        let (date, fmt, amb) = d("03/04/2024", t);
        assert_eq!(
            (date.as_deref(), fmt.as_deref(), amb),
            (Some("2024-04-03"), Some("DD/MM/YYYY"), true)
        );
        assert_eq!(d("26/09/22", t).0.as_deref(), Some("2026-09-22"));
        assert_eq!(d("11.09.26", t).0.as_deref(), Some("2011-09-26"));
        assert!(d("12.04.01", t).2);
        assert_eq!(d("24.09.75", t).0.as_deref(), Some("1975-09-24"));
        assert_eq!(d("nonsense", t).0, None);
        assert_eq!(d("2024/02/30", t).0, None);
        assert!(parse_date("  ", t).is_none());
    }

    #[test]
    fn round_dates() {
        let r = Expect::Round;
        assert_eq!(d("09/09/09", r).0.as_deref(), Some("2009-09-09"));
        assert_eq!(d("24/01/06", r).0.as_deref(), Some("2024-01-06"));
        assert_eq!(d("11.25.02", r).1.as_deref(), Some("YY.DD.MM"));
        assert_eq!(d("09-09-10", r).0.as_deref(), Some("2009-09-10"));
    }

    #[test]
    fn birth_dates() {
        let y = |s| parse_birth(s).map(|o| o.map(|p| p.to_string()));
        assert_eq!(y("1969.12.06"), Ok(Some("1969/12/06".into())));
        assert_eq!(y("1987/07/05"), Ok(Some("1987/07/05".into())));
        assert_eq!(y("1987"), Ok(Some("1987".into())));
        assert_eq!(y("1987/00/00"), Ok(Some("1987".into())));
        assert_eq!(y("05.07.1987"), Ok(Some("1987/07/05".into())));
        assert_eq!(y("          "), Ok(None));
        assert_eq!(y("0000/00/00"), Ok(None));
        assert_eq!(y("1987/02/30"), Err(()));
        assert_eq!(y("abc"), Err(()));
    }

    /// The shortcut for `YYYY/MM/DD` agrees with the tokenizer on every
    /// ten-byte string of digits and separators it accepts.
    #[test]
    fn canonical_birth_agrees_with_the_tokenizer() {
        let general = |text: &str| -> Option<(i32, i32, i32)> {
            let (_, toks) = tokens(text).ok()?;
            match toks.as_slice() {
                [Tok::Num(y), Tok::Num(m), Tok::Num(d)] if y.len() == 4 => {
                    Some((num(y), num(m), num(d)))
                }
                _ => None,
            }
        };
        let mut n = 0;
        for year in ["1850", "1969", "2024", "0000", "9999"] {
            for sep in ["/", ".", "-", ","] {
                for m in 0..=13 {
                    for d in [0, 1, 9, 10, 28, 29, 30, 31, 32, 99] {
                        let s = format!("{year}{sep}{m:02}{sep}{d:02}");
                        assert_eq!(canonical_birth(s.as_bytes()), general(&s), "{s}");
                        n += 1;
                    }
                }
            }
        }
        assert!(n > 2000);
        for s in [
            "1969/12/6 ",
            "69/12/1969",
            "1969/1a/06",
            "1969 12 06",
            "19691206",
        ] {
            assert_eq!(canonical_birth(s.as_bytes()), None, "{s}");
        }
    }
}
