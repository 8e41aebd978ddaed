//! Comparing a report's spelling of a name with the rating list's.
//!
//! Only a real difference counts. Case, diacritics, spacing around the
//! comma, hyphens, dots, apostrophes and the order of the words do not:
//! `Carlsen, Magnus` = `Magnus Carlsen` = `CARLSEN,MAGNUS`, and
//! `Horváth, Ádám` = `Horvath, Adam`. FIDE transliterates German umlauts
//! with an `e` (Blübaum → `Bluebaum`, docs/spec/rating-list-formats.md §3.4), so `ü`
//! matches both `u` and `ue`. A report name that fills the 33 columns of
//! the TRF name field may be the list's name cut short.

use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;

/// Width of the TRF name field (columns 15-47).
pub(crate) const TRF_NAME_WIDTH: usize = 33;

/// The words of a name, folded: lower case, diacritics removed (NFKD, then
/// combining marks dropped), letters without a decomposition mapped (`ß`
/// → `ss`, `ø` → `o`, `ł` → `l`, …), apostrophes dropped, and split on
/// blanks, commas, dots and hyphens. With `umlaut_e`, `ä ö ü` fold to
/// `ae oe ue` (FIDE's transliteration) instead of `a o u`.
pub(crate) fn fold_name(name: &str, umlaut_e: bool) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    for c in name.chars() {
        if umlaut_e {
            if let Some(e) = umlaut(c) {
                word.push_str(e);
                continue;
            }
        }
        // ASCII has no decomposition and no combining mark: most names
        // are ASCII, and skipping NFKD for them took `check --summary
        // --rating-list` of FIDE's month (benches/month.sh) from 13 % of
        // its time in this function to about 2 %.
        if c.is_ascii() {
            fold_char(c, &mut word, &mut words);
            continue;
        }
        for d in c.nfkd() {
            if !is_combining_mark(d) {
                fold_char(d, &mut word, &mut words);
            }
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// One character of a decomposed name: dropped, a word's end, or folded
/// onto the current word.
fn fold_char(c: char, word: &mut String, words: &mut Vec<String>) {
    match c {
        '\'' | '\u{2019}' | '\u{2018}' | '`' | '\u{b4}' => {}
        c if c.is_whitespace() || matches!(c, ',' | '.' | '-' | '\u{2010}' | '\u{2013}') => {
            if !word.is_empty() {
                words.push(std::mem::take(word));
            }
        }
        c if c.is_ascii() => word.push(c.to_ascii_lowercase()),
        c => match unmapped(c) {
            Some(s) => word.push_str(s),
            None => word.extend(c.to_lowercase()),
        },
    }
}

/// Whether a report's name and the list's name denote the same spelling,
/// up to the differences this module ignores.
pub(crate) fn same_name(report: &str, list: &str) -> bool {
    for report_e in [false, true] {
        let r = fold_name(report, report_e);
        for list_e in [false, true] {
            let l = fold_name(list, list_e);
            if same_words(&r, &l) || cut_short(report, &r, &l) {
                return true;
            }
            if !has_umlaut(list) {
                break;
            }
        }
        if !has_umlaut(report) {
            break;
        }
    }
    false
}

/// The same words in any order.
fn same_words(a: &[String], b: &[String]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut a: Vec<&str> = a.iter().map(String::as_str).collect();
    let mut b: Vec<&str> = b.iter().map(String::as_str).collect();
    a.sort_unstable();
    b.sort_unstable();
    a == b
}

/// A report name filling the whole field that is the start of the list's
/// name, in the list's word order (the last word may be cut).
fn cut_short(raw: &str, report: &[String], list: &[String]) -> bool {
    if raw.chars().count() < TRF_NAME_WIDTH || report.is_empty() || report.len() > list.len() {
        return false;
    }
    let last = report.len() - 1;
    report[..last] == list[..last] && list[last].starts_with(report[last].as_str())
}

fn has_umlaut(s: &str) -> bool {
    s.chars().any(|c| umlaut(c).is_some())
}

fn umlaut(c: char) -> Option<&'static str> {
    Some(match c {
        'ä' | 'Ä' => "ae",
        'ö' | 'Ö' => "oe",
        'ü' | 'Ü' => "ue",
        _ => return None,
    })
}

/// Latin letters that NFKD leaves alone, and their usual transliteration.
fn unmapped(c: char) -> Option<&'static str> {
    Some(match c {
        'ß' | 'ẞ' => "ss",
        'æ' | 'Æ' => "ae",
        'œ' | 'Œ' => "oe",
        'ø' | 'Ø' => "o",
        'đ' | 'Đ' | 'ð' | 'Ð' => "d",
        'ł' | 'Ł' => "l",
        'þ' | 'Þ' => "th",
        'ħ' | 'Ħ' => "h",
        'ı' => "i",
        'ŧ' | 'Ŧ' => "t",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folding() {
        assert_eq!(fold_name("Carlsen, Magnus", false), ["carlsen", "magnus"]);
        assert_eq!(fold_name("CARLSEN,MAGNUS", false), ["carlsen", "magnus"]);
        assert_eq!(fold_name("Horváth, Ádám", false), ["horvath", "adam"]);
        assert_eq!(
            fold_name("Blübaum, Matthias", true),
            ["bluebaum", "matthias"]
        );
        assert_eq!(
            fold_name("Łódź-Øster, Straße", false),
            ["lodz", "oster", "strasse"]
        );
        assert_eq!(fold_name("O'Neill,  J.", false), ["oneill", "j"]);
        assert!(fold_name(" , ", false).is_empty());
    }

    #[test]
    fn the_same_name() {
        for (r, l) in [
            ("Carlsen, Magnus", "Carlsen, Magnus"),
            ("Magnus Carlsen", "Carlsen, Magnus"),
            ("CARLSEN,MAGNUS", "Carlsen, Magnus"),
            ("carlsen ,  magnus", "Carlsen, Magnus"),
            ("Horváth, Ádám", "Horvath, Adam"),
            ("Blübaum, Matthias", "Bluebaum, Matthias"),
            ("Blübaum, Matthias", "Blubaum, Matthias"),
            ("Bluebaum, Matthias", "Blübaum, Matthias"),
            ("Vachier-Lagrave, Maxime", "Vachier Lagrave, Maxime"),
            ("Müller, Jörg", "MUELLER, JOERG"),
            // 33 columns, cut in the middle of the last word.
            (
                "Abdusattorov-Xxxxxxxx, Nodirbek A",
                "Abdusattorov-Xxxxxxxx, Nodirbek Alimjonovich",
            ),
        ] {
            assert!(same_name(r, l), "{r} = {l}");
        }
    }

    #[test]
    fn real_differences() {
        for (r, l) in [
            ("Carlsen, Magnsu", "Carlsen, Magnus"),
            ("Carlsen, M.", "Carlsen, Magnus"),
            ("Carlsen, Magnus", "Carlsen, Magnus Oen"),
            ("Carlsen", "Carlsen, Magnus"),
            ("", "Carlsen, Magnus"),
            ("Muller, Jorg", "Mueller, Joerg"),
            // Short names are not taken as cut.
            ("Carlsen, Mag", "Carlsen, Magnus"),
        ] {
            assert!(!same_name(r, l), "{r} ≠ {l}");
        }
    }

    /// The fold without the ASCII shortcut: every character through NFKD.
    fn fold_name_by_nfkd(name: &str, umlaut_e: bool) -> Vec<String> {
        let mut words = Vec::new();
        let mut word = String::new();
        for c in name.chars() {
            if umlaut_e {
                if let Some(e) = umlaut(c) {
                    word.push_str(e);
                    continue;
                }
            }
            for d in c.nfkd().filter(|&d| !is_combining_mark(d)) {
                fold_char(d, &mut word, &mut words);
            }
        }
        if !word.is_empty() {
            words.push(word);
        }
        words
    }

    proptest::proptest! {
        #[test]
        fn the_ascii_shortcut_folds_as_nfkd_does(
            name in "[ -~\t\u{b}\u{c}\r\u{c0}-\u{17f}\u{2018}\u{2019}\u{2010}\u{2013}\u{fb01}]{0,40}",
            umlaut_e: bool,
        ) {
            proptest::prop_assert_eq!(fold_name(&name, umlaut_e), fold_name_by_nfkd(&name, umlaut_e));
        }
    }
}
