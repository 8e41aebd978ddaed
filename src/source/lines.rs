//! Splitting the text into lines and classifying each one.
//!
//! Every line but blank ones is kept: the model records its number, its span
//! and its kind, so that `trf fmt` can say what it dropped and diagnostics
//! can point at any of them (blank lines hold nothing, and a file of millions
//! of them must not cost memory per line). CR, LF and CRLF end a line, mixed in any order; a missing final
//! newline changes nothing.

use crate::source::span::Span;
use serde::Serialize;

/// What a line is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum LineKind {
    /// A FIDE record with a numeric code (`001`, `012`, `013`, `142`, …).
    Record,
    /// A pairing-program extension: `XX?` (JaVaFo), `BB?` (bbpPairings), `DAT` (Tornelo).
    Extension,
    /// A TRF26 national-rating (NRS) record: a 3-letter federation code in
    /// columns 1-3 and the 001 layout up to column 79.
    NationalRating,
    /// A TRF26 `###` comment.
    Comment,
    /// A column ruler (`0123456789…`, `         1         2…`) or a legend
    /// (`DDD SSSS sTTT NNNN…`) written for human readers.
    Ruler,
    /// Empty or whitespace only (classified, but not kept in
    /// [`Tournament::lines`](crate::Tournament::lines)).
    Blank,
    /// Anything else; kept verbatim and reported as a warning.
    Unknown,
}

/// One physical line of the source.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Line {
    /// 1-based line number.
    pub number: u32,
    /// The line's content, terminator excluded.
    #[serde(skip)]
    pub span: Span,
    /// The record code in columns 1-3 when the line has one (`"001"`, `"XXR"`, `"###"`).
    pub code: Option<[u8; 3]>,
    /// Its classification.
    pub kind: LineKind,
}

/// Numeric codes defined by TRF16 and TRF26 (and the Sept-2024 draft's `340`).
pub(crate) const NUMERIC_CODES: &[&[u8; 3]] = &[
    b"001", b"012", b"013", b"022", b"032", b"042", b"052", b"062", b"072", b"082", b"092", b"102",
    b"112", b"122", b"132", b"142", b"152", b"162", b"172", b"182", b"192", b"202", b"212", b"222",
    b"240", b"250", b"260", b"299", b"300", b"310", b"320", b"330", b"340", b"352", b"362", b"801",
    b"802",
];

/// Iterates over the lines of `text`: `(start, end)` byte offsets of each
/// line's content. Linear, allocation-free, one `memchr2` per line.
pub(crate) fn split(text: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    split_bytes(text.as_bytes())
}

/// The number of lines [`split`] gives, counted without splitting.
///
/// Counts of one byte are vectorised by `memchr` (a fraction of an
/// instruction per byte); CR, rare in practice, costs a second pass only
/// when the text has one.
#[cfg(test)]
pub(crate) fn count(text: &str) -> usize {
    count_cr(text).0
}

/// [`count`], and whether the text holds a CR (for [`split_known`]).
pub(crate) fn count_cr(text: &str) -> (usize, bool) {
    let b = text.as_bytes();
    let lf = memchr::memchr_iter(b'\n', b).count();
    let has_cr = memchr::memchr(b'\r', b).is_some();
    let cr = if has_cr {
        let cr = memchr::memchr_iter(b'\r', b).count();
        // A CR LF pair ends one line, not two.
        cr - memchr::memmem::find_iter(b, b"\r\n").count()
    } else {
        0
    };
    let last = usize::from(!b.is_empty() && !matches!(b[b.len() - 1], b'\n' | b'\r'));
    (lf + cr + last, has_cr)
}

/// [`split`] over raw bytes, before decoding: CR and LF are single bytes in
/// every ASCII-compatible encoding, so the lines (and their numbers) are
/// the same as those of the decoded text.
pub(crate) fn split_bytes(bytes: &[u8]) -> impl Iterator<Item = (usize, usize)> + '_ {
    split_known(bytes, memchr::memchr(b'\r', bytes).is_some())
}

/// [`split_bytes`] when it is known whether the text holds a CR: without,
/// lines end at LF alone, a search for one byte.
pub(crate) fn split_known(bytes: &[u8], has_cr: bool) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut pos = 0usize;
    std::iter::from_fn(move || {
        if pos >= bytes.len() {
            return None;
        }
        let start = pos;
        let next = if has_cr {
            memchr::memchr2(b'\n', b'\r', &bytes[pos..])
        } else {
            memchr::memchr(b'\n', &bytes[pos..])
        };
        match next {
            Some(i) => {
                let end = pos + i;
                pos = end + 1;
                if bytes[end] == b'\r' && bytes.get(pos) == Some(&b'\n') {
                    pos += 1;
                }
                Some((start, end))
            }
            None => {
                pos = bytes.len();
                Some((start, bytes.len()))
            }
        }
    })
}

/// Classifies one line (its content, without terminator).
pub(crate) fn classify(line: &str) -> (Option<[u8; 3]>, LineKind) {
    let b = line.as_bytes();
    // Most lines of a report are players: the general tests below give
    // this for them.
    if b.starts_with(b"001 ") {
        return (Some(*b"001"), LineKind::Record);
    }
    if b.iter().all(|c| c.is_ascii_whitespace()) {
        return (None, LineKind::Blank);
    }
    if b.len() < 3 {
        return (None, LineKind::Unknown);
    }
    let code = [b[0], b[1], b[2]];
    // Column 4 separates the code from the data in every record; a ruler such
    // as `0123456789…` has a digit there, which is how `012` is told apart.
    let sep_ok = b.len() == 3 || b[3] == b' ' || b[3] == b'\t';
    if &code == b"###" {
        return (Some(code), LineKind::Comment);
    }
    // A known code and its separator make a record, however sparse the
    // digits after it: `250             0   0    0    0` would otherwise
    // pass for a tens ruler.
    if sep_ok && NUMERIC_CODES.contains(&&code) {
        return (Some(code), LineKind::Record);
    }
    if is_ruler(b) {
        return (None, LineKind::Ruler);
    }
    if code.iter().all(u8::is_ascii_digit) {
        if sep_ok && NUMERIC_CODES.contains(&&code) {
            return (Some(code), LineKind::Record);
        }
        return (Some(code), LineKind::Unknown);
    }
    if sep_ok && (code.starts_with(b"XX") || code.starts_with(b"BB") || &code == b"DAT") {
        return (Some(code), LineKind::Extension);
    }
    if sep_ok && code.iter().all(u8::is_ascii_uppercase) && looks_like_nrs(b) {
        return (Some(code), LineKind::NationalRating);
    }
    (Some(code), LineKind::Unknown)
}

/// An NRS record has the 001 layout: a start rank right-aligned in columns 5-8.
fn looks_like_nrs(b: &[u8]) -> bool {
    let rank = b.get(4..8.min(b.len())).unwrap_or(&[]);
    let t = rank.trim_ascii();
    !t.is_empty() && t.iter().all(u8::is_ascii_digit)
}

/// Rulers are runs of digits counting columns (`1234567890…`, or tens marks
/// `         1         2`), and legends are runs of repeated letters naming
/// the fields (`DDD SSSS sTTT NNNN…`).
fn is_ruler(b: &[u8]) -> bool {
    let trimmed = b.trim_ascii();
    if trimmed.len() >= 10 && trimmed.iter().all(|c| c.is_ascii_digit() || *c == b' ') {
        // Consecutive digits that count up modulo 10, or isolated tens marks.
        let digits: Vec<u8> = trimmed.iter().copied().filter(u8::is_ascii_digit).collect();
        let counting = trimmed
            .windows(2)
            .filter(|w| w[0].is_ascii_digit() && w[1].is_ascii_digit())
            .all(|w| (w[0] - b'0' + 1) % 10 == w[1] - b'0');
        let sparse = digits.len() * 4 < trimmed.len();
        return counting || sparse;
    }
    let mut words = trimmed.split(|c| *c == b' ').filter(|w| !w.is_empty());
    let (Some(w1), Some(w2)) = (words.next(), words.next()) else {
        return false;
    };
    let repeated = |w: &[u8], min: usize| w.len() >= min && w.iter().all(|c| *c == w[0]);
    repeated(w1, 3) && w1[0].is_ascii_alphabetic() && repeated(w2, 2)
}

/// Character-column access to one line.
///
/// TRF columns count characters, not bytes: a UTF-8 name with diacritics must
/// not shift the rating, points or round columns. ASCII lines (nearly all)
/// map columns to bytes directly; other lines get a small char-offset table.
#[derive(Debug)]
pub(crate) struct Columns<'a> {
    text: &'a str,
    base: usize,
    ascii: bool,
    /// Byte offset of each character, plus the line length; `None` for ASCII.
    offsets: Option<Vec<u32>>,
}

impl<'a> Columns<'a> {
    /// Wraps the line `text`, which starts at byte `base` of the source.
    pub(crate) fn new(text: &'a str, base: usize) -> Self {
        let ascii = text.is_ascii();
        let offsets = if ascii {
            None
        } else {
            let mut v: Vec<u32> = text.char_indices().map(|(i, _)| i as u32).collect();
            v.push(text.len() as u32);
            Some(v)
        };
        Columns {
            text,
            base,
            ascii,
            offsets,
        }
    }

    /// Wraps the line `text` of a source known to be ASCII as a whole
    /// ([`TextEncoding::Ascii`](crate::source::TextEncoding::Ascii)):
    /// columns are bytes, without [`Columns::new`]'s check of each line.
    pub(crate) fn ascii(text: &'a str, base: usize) -> Self {
        debug_assert!(text.is_ascii());
        Columns {
            text,
            base,
            ascii: true,
            offsets: None,
        }
    }

    /// Counts columns in bytes, for lines a program padded by bytes while
    /// writing UTF-8 (trf-format §4.2). Offsets that fall inside a character
    /// are moved back to its start.
    pub(crate) fn by_bytes(text: &'a str, base: usize) -> Self {
        Columns {
            text,
            base,
            ascii: text.is_ascii(),
            offsets: None,
        }
    }

    /// True when the line is ASCII (columns are bytes).
    pub(crate) fn is_ascii(&self) -> bool {
        self.ascii
    }

    /// The line's text.
    pub(crate) fn text(&self) -> &'a str {
        self.text
    }

    /// Number of characters on the line.
    pub(crate) fn char_len(&self) -> usize {
        match &self.offsets {
            None => self.text.len(),
            Some(v) => v.len() - 1,
        }
    }

    /// Byte offset (within the line) of 0-based character index `c`, clamped
    /// to the line end.
    fn byte_of(&self, c: usize) -> usize {
        match &self.offsets {
            None if self.ascii => c.min(self.text.len()),
            None => {
                let mut b = c.min(self.text.len());
                while !self.text.is_char_boundary(b) {
                    b -= 1;
                }
                b
            }
            Some(v) => v[c.min(v.len() - 1)] as usize,
        }
    }

    /// The text of 1-based inclusive columns `from..=to` (shorter or empty
    /// when the line ends earlier) and its span in the source.
    #[inline]
    pub(crate) fn field(&self, from: usize, to: usize) -> (&'a str, Span) {
        let (s, e) = if self.ascii {
            // Columns are bytes: no table, no search for a boundary.
            let n = self.text.len();
            ((from - 1).min(n), to.min(n))
        } else {
            (self.byte_of(from - 1), self.byte_of(to))
        };
        (&self.text[s..e], Span::new(self.base + s, self.base + e))
    }

    /// Everything from 1-based column `from` to the end of the line.
    pub(crate) fn rest(&self, from: usize) -> (&'a str, Span) {
        let s = self.byte_of(from - 1);
        (
            &self.text[s..],
            Span::new(self.base + s, self.base + self.text.len()),
        )
    }

    /// The span of the whole line.
    pub(crate) fn span(&self) -> Span {
        Span::new(self.base, self.base + self.text.len())
    }

    /// The 1-based column of byte offset `byte` (absolute in the source).
    #[cfg(test)]
    pub(crate) fn column_of(&self, byte: usize) -> usize {
        let rel = byte.saturating_sub(self.base);
        match &self.offsets {
            None => rel + 1,
            Some(v) => v.partition_point(|&o| (o as usize) < rel) + 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endings_all_read_the_same() {
        let lines = |t: &str| {
            split(t)
                .map(|(s, e)| t[s..e].to_string())
                .collect::<Vec<_>>()
        };
        let want = vec!["a", "b", "", "c"];
        assert_eq!(lines("a\nb\n\nc\n"), want);
        assert_eq!(lines("a\r\nb\r\n\r\nc"), want);
        assert_eq!(lines("a\rb\r\rc\r"), want);
        assert_eq!(lines("a\r\nb\r\rc"), want);
        for t in [
            "a\nb\n\nc\n",
            "a\r\nb\r\n\r\nc",
            "a\rb\r\rc\r",
            "",
            "x",
            "\r\n\r",
            "\n\r",
        ] {
            assert_eq!(count(t), split(t).count(), "{t:?}");
        }
    }

    #[test]
    fn rulers_are_not_records() {
        assert_eq!(
            classify("0123456789012345678901234567890").1,
            LineKind::Ruler
        );
        assert_eq!(
            classify("123456789012345678901234567890123").1,
            LineKind::Ruler
        );
        assert_eq!(
            classify("         1         2         3").1,
            LineKind::Ruler
        );
        assert_eq!(classify("DDD SSSS X TT NNNNNNNNNN RRRR").1, LineKind::Ruler);
        assert_eq!(classify("FFF TT RRR WWW BBB").1, LineKind::Ruler);
        assert_eq!(classify("UUU MMMM GGGG 111 222 333").1, LineKind::Ruler);
        assert_eq!(classify("012 Open").1, LineKind::Record);
        assert_eq!(
            classify("250             0   0    0    0").1,
            LineKind::Record
        );
        assert_eq!(classify("012").1, LineKind::Record);
        assert_eq!(classify("XXR 9").1, LineKind::Extension);
        assert_eq!(
            classify("IND    1   GM Player0001").1,
            LineKind::NationalRating
        );
        assert_eq!(classify("### comment").1, LineKind::Comment);
        assert_eq!(classify("101    1").1, LineKind::Unknown);
        assert_eq!(classify("   ").1, LineKind::Blank);
    }

    #[test]
    fn columns_count_characters() {
        let line = format!("001    1 m    {:<33} 2100", "Müller, Jörg");
        let line = line.as_str();
        let c = Columns::new(line, 100);
        let (rating, span) = c.field(49, 52);
        assert_eq!(rating, "2100");
        assert_eq!(
            &line[span.start as usize - 100..span.end as usize - 100],
            "2100"
        );
        assert_eq!(c.column_of(span.start as usize), 49);
        assert_eq!(c.field(60, 70).0, "");
    }
}
