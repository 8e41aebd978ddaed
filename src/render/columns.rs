//! Aligned columns of the text tables (the rating, the period, the summary
//! of many reports, `trf parse`): a cell is as wide as a terminal shows it
//! (`unicode-width`: a CJK letter takes two columns, a combining accent
//! none), not as its count of characters.

use unicode_width::UnicodeWidthStr;

/// The columns `s` takes on a terminal.
pub(crate) fn width(s: &str) -> usize {
    s.width()
}

/// `s` then blanks up to `w` columns.
pub(crate) fn left(out: &mut String, s: &str, w: usize) {
    out.push_str(s);
    blanks(out, w.saturating_sub(width(s)));
}

/// Blanks up to `w` columns, then `s`.
pub(crate) fn right(out: &mut String, s: &str, w: usize) {
    blanks(out, w.saturating_sub(width(s)));
    out.push_str(s);
}

/// The start of `s` that fits in `w` columns, whole characters only.
pub(crate) fn cut(s: &str, w: usize) -> &str {
    let mut used = 0;
    for (i, c) in s.char_indices() {
        used += width(c.encode_utf8(&mut [0; 4]));
        if used > w {
            return &s[..i];
        }
    }
    s
}

fn blanks(out: &mut String, n: usize) {
    out.extend(std::iter::repeat_n(' ', n));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_and_combining_letters_take_their_columns() {
        // A CJK name is two columns a letter; a decomposed `é` (e and a
        // combining acute) one column for two characters.
        assert_eq!(width("王"), 2);
        assert_eq!(width("Re\u{301}ti"), 4);
        let mut out = String::new();
        left(&mut out, "王", 4);
        out.push('|');
        right(&mut out, "Re\u{301}ti", 6);
        assert_eq!(out, "王  |  Re\u{301}ti");
        // Wider than the column: written whole, no blanks.
        let mut out = String::new();
        left(&mut out, "abcdef", 3);
        assert_eq!(out, "abcdef");
        assert_eq!(cut("王王王", 5), "王王");
        assert_eq!(cut("Réti", 2), "Ré");
        assert_eq!(cut("Réti", 10), "Réti");
    }
}
