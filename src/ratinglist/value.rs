//! Field values shared by the TXT and XML readers: numbers, titles, flags,
//! and the rules for "no value" (docs/spec/rating-list-formats.md §3.5).

use super::record::{RatingEntry, Sex};

/// Trims ASCII blanks (space, tab, CR, LF) from both ends.
#[inline]
pub(crate) fn trim(mut s: &[u8]) -> &[u8] {
    while let [b' ' | b'\t' | b'\r' | b'\n', rest @ ..] = s {
        s = rest;
    }
    while let [rest @ .., b' ' | b'\t' | b'\r' | b'\n'] = s {
        s = rest;
    }
    s
}

/// A FIDE ID: blanks around 1–19 digits (IDs are left-aligned in today's
/// lists and right-aligned in the pre-2012 one).
#[inline]
pub(crate) fn parse_id(field: &[u8]) -> Option<u64> {
    let digits = trim(field);
    if digits.is_empty() || digits.len() > 19 {
        return None;
    }
    let mut n: u64 = 0;
    for &b in digits {
        if !b.is_ascii_digit() {
            return None;
        }
        n = n * 10 + u64::from(b - b'0');
    }
    Some(n)
}

/// A small unsigned number: `None` when blank, not all digits, or too large.
pub(crate) fn number(field: &[u8]) -> Option<u32> {
    let digits = trim(field);
    if digits.is_empty() || digits.len() > 9 || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(
        digits
            .iter()
            .fold(0u32, |n, &b| n * 10 + u32::from(b - b'0')),
    )
}

/// A rating entry from its three columns. A blank, `0` or non-numeric
/// rating means unrated, whatever the games and K columns say: the blank
/// and the `0` encodings of unrated lists then read the same (§3.5).
pub(crate) fn entry(rating: &[u8], games: &[u8], k: &[u8]) -> Option<RatingEntry> {
    let rating = number(rating).and_then(|r| u16::try_from(r).ok())?;
    if rating == 0 {
        return None;
    }
    Some(RatingEntry {
        rating,
        games: number(games).and_then(|g| u16::try_from(g).ok()),
        k: number(k)
            .and_then(|k| u8::try_from(k).ok())
            .filter(|&k| k > 0),
    })
}

/// Birth year from `B-day`/`Born`/`birthday`: a year, or a date starting
/// with the year (`1990-05-01`). Values up to 1000 (`0`, `0000`) and years
/// after the list's own year are unknown (§3.5).
pub(crate) fn birth_year(field: &[u8], list_year: Option<u16>) -> Option<u16> {
    let s = trim(field);
    let year = if s.len() > 4 && matches!(s[4], b'-' | b'/' | b'.') {
        number(&s[..4])
    } else {
        number(s)
    }?;
    let year = u16::try_from(year).ok()?;
    if year <= 1000 || list_year.is_some_and(|y| year > y) {
        return None;
    }
    Some(year)
}

/// Text of a field: UTF-8 when valid, else Windows-1252 (a superset of
/// Latin-1's printable range; §3.4).
pub(crate) fn text(field: &[u8]) -> String {
    match std::str::from_utf8(field) {
        Ok(s) => s.to_string(),
        Err(_) => {
            let (cow, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(field);
            cow.into_owned()
        }
    }
}

fn nonempty_text(field: &[u8]) -> Option<String> {
    let t = trim(field);
    (!t.is_empty()).then(|| text(t))
}

/// Federation: `None` when blank or `NON` (§1.1).
pub(crate) fn federation(field: &[u8]) -> Option<String> {
    nonempty_text(field).filter(|f| !f.eq_ignore_ascii_case("NON"))
}

/// `M` or `F`, any case.
pub(crate) fn sex(field: &[u8]) -> Option<Sex> {
    match trim(field) {
        b"M" | b"m" => Some(Sex::Male),
        b"F" | b"f" => Some(Sex::Female),
        _ => None,
    }
}

/// A title code. The pre-2012 lower-case codes are mapped to today's
/// (legend: g, wg, m, wm, f, wf, c, wc; §3.7).
pub(crate) fn title(field: &[u8]) -> Option<String> {
    let t = trim(field);
    let modern = match t {
        b"g" => "GM",
        b"wg" => "WGM",
        b"m" => "IM",
        b"wm" => "WIM",
        b"f" => "FM",
        b"wf" => "WFM",
        b"c" => "CM",
        b"wc" => "WCM",
        _ => return nonempty_text(t),
    };
    Some(modern.to_string())
}

/// `WGM`, `WIM`, `WFM`, `WCM` (and the unconfirmed `WNM`).
pub(crate) fn is_women_title(title: &str) -> bool {
    matches!(title, "WGM" | "WIM" | "WFM" | "WCM" | "WNM")
}

/// The comma list of other titles.
pub(crate) fn other_titles(field: &[u8]) -> Vec<String> {
    trim(field)
        .split(|&b| b == b',')
        .map(trim)
        .filter(|t| !t.is_empty())
        .map(text)
        .collect()
}

/// The flag, lower-cased; `None` when blank.
pub(crate) fn flag(field: &[u8]) -> Option<String> {
    nonempty_text(field).map(|f| f.to_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids() {
        assert_eq!(parse_id(b" 4158814 "), Some(4158814));
        assert_eq!(parse_id(b"537001345      "), Some(537001345));
        assert_eq!(parse_id(b"9999999999999999999"), Some(9999999999999999999));
        assert_eq!(parse_id(b"99999999999999999999"), None);
        assert_eq!(parse_id(b"  "), None);
        assert_eq!(parse_id(b"12 34"), None);
        assert_eq!(parse_id(b"-5"), None);
    }

    /// Pitfall 4: blank and `0` both mean unrated.
    #[test]
    fn unrated_blank_and_zero_agree() {
        assert_eq!(entry(b"      ", b"    ", b"   "), None);
        assert_eq!(entry(b"0     ", b"0   ", b"0  "), None);
        assert_eq!(entry(b"abc", b"1", b"20"), None);
        assert_eq!(
            entry(b"1498  ", b"0   ", b"20 "),
            Some(RatingEntry {
                rating: 1498,
                games: Some(0),
                k: Some(20)
            })
        );
        assert_eq!(
            entry(b"1498", b"", b"0"),
            Some(RatingEntry {
                rating: 1498,
                games: None,
                k: None
            })
        );
        assert_eq!(entry(b"99999", b"", b""), None);
    }

    #[test]
    fn birth_years() {
        assert_eq!(birth_year(b"1990  ", None), Some(1990));
        assert_eq!(birth_year(b"0", None), None);
        assert_eq!(birth_year(b"0000", None), None);
        assert_eq!(birth_year(b"", None), None);
        assert_eq!(birth_year(b"1000", None), None);
        assert_eq!(birth_year(b"2030", Some(2026)), None);
        assert_eq!(birth_year(b"2026", Some(2026)), Some(2026));
        assert_eq!(birth_year(b"1985-04-02", None), Some(1985));
        assert_eq!(birth_year(b"19x5", None), None);
    }

    #[test]
    fn titles_and_flags() {
        assert_eq!(title(b"wg  ").as_deref(), Some("WGM"));
        assert_eq!(title(b"m").as_deref(), Some("IM"));
        assert_eq!(title(b"GM   ").as_deref(), Some("GM"));
        assert_eq!(title(b"WH").as_deref(), Some("WH"));
        assert_eq!(title(b"    "), None);
        assert_eq!(
            other_titles(b"LSI,FI,SI,SLI,NA"),
            ["LSI", "FI", "SI", "SLI", "NA"]
        );
        assert!(other_titles(b"   ").is_empty());
        assert_eq!(flag(b"WI ").as_deref(), Some("wi"));
        assert_eq!(flag(b"    "), None);
        assert_eq!(federation(b"NON "), None);
        assert_eq!(federation(b"FID ").as_deref(), Some("FID"));
    }

    #[test]
    fn text_falls_back_to_windows_1252() {
        assert_eq!(text("Blübaum".as_bytes()), "Blübaum");
        assert_eq!(text(b"Bl\xfcbaum"), "Blübaum");
        assert_eq!(text(b"\x80"), "€");
    }
}
