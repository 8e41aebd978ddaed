//! Layout detection: from the first bytes of a list to the column table.
//!
//! TXT columns are derived from the header line, as docs/spec/rating-list-formats.md §0.2
//! recommends: in every layout each header token starts exactly at its
//! field's start, so a field runs from its token to the next token. This
//! reads §1.1–§1.4 without a fixed table (and survives the monthly change of
//! the per-type month token, pitfall 6) and refuses headers it does not
//! understand instead of guessing (pitfall 8). The pre-2012 header (§1.5)
//! glues `TitlFed` and `GamesBorn`; those tokens are split at the known
//! widths.
//!
//! XML is recognised by its `<playerslist>` root (§2).

use super::record::{ListLayout, ListPeriod};
use memchr::memmem;

/// Longest prefix inspected before giving up on finding the header or the
/// XML root: real headers are under 200 bytes.
pub(crate) const MAX_PREFIX: usize = 64 * 1024;

/// One field of a TXT line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Field {
    Id,
    Name,
    Fed,
    Sex,
    Title,
    WTitle,
    OTitle,
    Foa,
    /// Standard rating, or the only rating of a per-type list.
    SRating,
    SGames,
    SK,
    RRating,
    RGames,
    RK,
    BRating,
    BGames,
    BK,
    Birth,
    Flag,
}

const FIELD_COUNT: usize = Field::Flag as usize + 1;

/// A column range in bytes (or characters, see `txt::decode_line`),
/// `end` exclusive; the last field runs to the end of the line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Col {
    pub start: usize,
    pub end: usize,
}

/// The column table of one TXT list, derived from its header.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TxtLayout {
    pub layout: ListLayout,
    cols: [Option<Col>; FIELD_COUNT],
    /// Length of the header without trailing blanks: the width of a full
    /// data line. A longer line has an overflowing `OTit` (§0.4).
    pub width: usize,
    /// The period named by a month token (`JAN23`, `Mar11`), if any.
    pub period: Option<ListPeriod>,
}

impl TxtLayout {
    /// The range of `field`, if this layout has it.
    pub(super) fn col(&self, field: Field) -> Option<Col> {
        self.cols[field as usize]
    }

    /// End of the ID column: everything before the name.
    pub(super) fn id_end(&self) -> usize {
        self.col(Field::Id).map_or(0, |c| c.end)
    }
}

/// What the first bytes of a list are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Detected {
    /// A TXT list; the data starts at `body` (after the header's line end).
    Txt {
        layout: Box<TxtLayout>,
        header: String,
        body: usize,
    },
    /// An XML list; records start at `body` (after the root's start tag).
    /// `self_closing` is true for an empty `<playerslist/>`.
    Xml { body: usize, self_closing: bool },
}

/// Why detection failed or could not finish.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum DetectError {
    /// More bytes are needed (and may exist).
    NeedMore,
    /// No header line at all.
    Empty,
    /// The header is not a known layout.
    Unknown { header: String, reason: String },
    /// UTF-16 text.
    Utf16,
}

/// Looks at the start of a list (after any BOM). `eof` says whether `prefix`
/// is the whole input.
pub(crate) fn detect(prefix: &[u8], eof: bool) -> Result<Detected, DetectError> {
    if utf16(prefix) {
        return Err(DetectError::Utf16);
    }
    // Tolerate blank lines before the header or root.
    let mut start = 0;
    while start < prefix.len() && matches!(prefix[start], b' ' | b'\t' | b'\r' | b'\n') {
        start += 1;
    }
    if start == prefix.len() {
        return Err(if eof || prefix.len() >= MAX_PREFIX {
            DetectError::Empty
        } else {
            DetectError::NeedMore
        });
    }
    if prefix[start] == b'<' {
        return detect_xml(prefix, start, eof);
    }
    let (line, body) = match memchr::memchr(b'\n', &prefix[start..]) {
        Some(n) => (&prefix[start..start + n], start + n + 1),
        None if eof || prefix.len() >= MAX_PREFIX => (&prefix[start..], prefix.len()),
        None => return Err(DetectError::NeedMore),
    };
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let header = header_text(line);
    match txt_layout(line) {
        Ok(layout) => Ok(Detected::Txt {
            layout: Box::new(layout),
            header,
            body,
        }),
        Err(reason) => Err(DetectError::Unknown { header, reason }),
    }
}

/// A UTF-16 byte-order mark, or the NUL bytes of UTF-16 ASCII in the first
/// bytes (a UTF-16 report gets the same reading, `source::encoding`).
fn utf16(prefix: &[u8]) -> bool {
    if prefix.starts_with(&[0xFF, 0xFE]) || prefix.starts_with(&[0xFE, 0xFF]) {
        return true;
    }
    let head = &prefix[..prefix.len().min(64) & !1];
    head.len() >= 8
        && (head.iter().step_by(2).all(|&b| b == 0)
            || head.iter().skip(1).step_by(2).all(|&b| b == 0))
}

/// The header as text for messages: at most 200 bytes, lossily decoded,
/// its control characters and bidirectional overrides escaped (it is
/// echoed in an error on a terminal).
pub(crate) fn header_text(line: &[u8]) -> String {
    let cut = &line[..line.len().min(200)];
    crate::source::safe_text::escape_cell(String::from_utf8_lossy(cut).trim_end()).into_owned()
}

fn detect_xml(prefix: &[u8], mut pos: usize, eof: bool) -> Result<Detected, DetectError> {
    let need_more = |prefix: &[u8]| {
        if eof || prefix.len() >= MAX_PREFIX {
            Err(DetectError::Unknown {
                header: header_text(first_line(prefix)),
                reason: "XML without a <playerslist> root element".to_string(),
            })
        } else {
            Err(DetectError::NeedMore)
        }
    };
    // Skip the declaration, comments, doctype and processing instructions.
    loop {
        while pos < prefix.len() && prefix[pos].is_ascii_whitespace() {
            pos += 1;
        }
        if pos >= prefix.len() {
            return need_more(prefix);
        }
        if prefix[pos] != b'<' {
            return Err(DetectError::Unknown {
                header: header_text(first_line(prefix)),
                reason: "text before the XML root element".to_string(),
            });
        }
        let rest = &prefix[pos..];
        let close: &[u8] = if rest.starts_with(b"<!--") {
            b"-->"
        } else if rest.starts_with(b"<?") {
            b"?>"
        } else if rest.starts_with(b"<!") {
            b">"
        } else {
            break;
        };
        match memmem::find(&rest[2..], close) {
            Some(n) => pos += 2 + n + close.len(),
            None => return need_more(prefix),
        }
    }
    let rest = &prefix[pos..];
    let Some(gt) = memchr::memchr(b'>', rest) else {
        return need_more(prefix);
    };
    let tag = &rest[1..gt];
    let name_end = tag
        .iter()
        .position(|&b| b.is_ascii_whitespace() || b == b'/')
        .unwrap_or(tag.len());
    if !tag[..name_end].eq_ignore_ascii_case(b"playerslist") {
        return Err(DetectError::Unknown {
            header: header_text(first_line(prefix)),
            reason: format!(
                "XML root element is <{}>, not <playerslist>",
                String::from_utf8_lossy(&tag[..name_end])
            ),
        });
    }
    Ok(Detected::Xml {
        body: pos + gt + 1,
        self_closing: tag.ends_with(b"/"),
    })
}

fn first_line(prefix: &[u8]) -> &[u8] {
    let end = memchr::memchr(b'\n', prefix).unwrap_or(prefix.len());
    let line = &prefix[..end];
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// What a header token names.
enum Token {
    One(Field),
    /// Two fields glued in the pre-2012 header: the second starts `at` bytes
    /// after the token.
    Two(Field, Field, usize),
    /// A month code (`JAN23`, `Mar11`): the single list's rating column.
    Month(ListPeriod),
}

fn token(word: &[u8]) -> Option<Token> {
    let lower = word.to_ascii_lowercase();
    let one = |f| Some(Token::One(f));
    match lower.as_slice() {
        b"name" => one(Field::Name),
        b"fed" => one(Field::Fed),
        b"sex" => one(Field::Sex),
        b"tit" | b"titl" => one(Field::Title),
        b"wtit" => one(Field::WTitle),
        b"otit" => one(Field::OTitle),
        b"foa" => one(Field::Foa),
        b"srtng" => one(Field::SRating),
        b"sgm" => one(Field::SGames),
        b"sk" => one(Field::SK),
        b"rrtng" => one(Field::RRating),
        b"rgm" => one(Field::RGames),
        b"rk" => one(Field::RK),
        b"brtng" => one(Field::BRating),
        b"bgm" => one(Field::BGames),
        b"bk" => one(Field::BK),
        b"gms" | b"games" => one(Field::SGames),
        b"k" => one(Field::SK),
        b"b-day" | b"born" => one(Field::Birth),
        b"flag" => one(Field::Flag),
        b"titlfed" => Some(Token::Two(Field::Title, Field::Fed, 4)),
        b"gamesborn" => Some(Token::Two(Field::SGames, Field::Birth, 5)),
        _ => month_token(word).map(Token::Month),
    }
}

/// `MMMYY` with an English month abbreviation, any case.
pub(crate) fn month_token(word: &[u8]) -> Option<ListPeriod> {
    if word.len() != 5 || !word[3].is_ascii_digit() || !word[4].is_ascii_digit() {
        return None;
    }
    let month = month_number(&word[..3])?;
    let yy = u16::from(word[3] - b'0') * 10 + u16::from(word[4] - b'0');
    Some(ListPeriod {
        year: expand_year(yy),
        month,
    })
}

/// Two-digit years: FIDE's downloadable lists start in 2001 (`JAN01FRL`), so
/// `00`–`69` are 2000–2069 and `70`–`99` are 1970–1999.
pub(crate) fn expand_year(yy: u16) -> u16 {
    if yy < 70 {
        2000 + yy
    } else {
        1900 + yy
    }
}

pub(crate) fn month_number(abbr: &[u8]) -> Option<u8> {
    const MONTHS: [&[u8; 3]; 12] = [
        b"jan", b"feb", b"mar", b"apr", b"may", b"jun", b"jul", b"aug", b"sep", b"oct", b"nov",
        b"dec",
    ];
    MONTHS
        .iter()
        .position(|m| m.eq_ignore_ascii_case(abbr))
        .and_then(|i| u8::try_from(i + 1).ok())
}

/// Builds the column table from a header line, or says why not.
pub(crate) fn txt_layout(header: &[u8]) -> Result<TxtLayout, String> {
    const ID: &[u8] = b"id number";
    if header.len() < ID.len() || !header[..ID.len()].eq_ignore_ascii_case(ID) {
        return Err("the header does not start with `ID Number`".to_string());
    }
    let mut starts: [Option<usize>; FIELD_COUNT] = [None; FIELD_COUNT];
    starts[Field::Id as usize] = Some(0);
    let mut period = None;
    let mut month_seen = false;
    let mut glued = false;
    let set = |starts: &mut [Option<usize>; FIELD_COUNT], f: Field, at: usize, word: &[u8]| {
        if starts[f as usize].replace(at).is_some() {
            Err(format!(
                "column `{}` appears twice",
                String::from_utf8_lossy(word)
            ))
        } else {
            Ok(())
        }
    };
    let mut pos = ID.len();
    while pos < header.len() {
        if header[pos] == b' ' || header[pos] == b'\t' {
            pos += 1;
            continue;
        }
        let end = header[pos..]
            .iter()
            .position(|&b| b == b' ' || b == b'\t')
            .map_or(header.len(), |n| pos + n);
        let word = &header[pos..end];
        match token(word) {
            Some(Token::One(f)) => set(&mut starts, f, pos, word)?,
            Some(Token::Two(a, b, at)) => {
                glued = true;
                set(&mut starts, a, pos, word)?;
                set(&mut starts, b, pos + at, word)?;
            }
            Some(Token::Month(p)) => {
                if month_seen {
                    return Err("two month columns".to_string());
                }
                month_seen = true;
                period = Some(p);
                set(&mut starts, Field::SRating, pos, word)?;
            }
            None => {
                return Err(format!(
                    "unknown column `{}` at byte {pos}",
                    String::from_utf8_lossy(word)
                ))
            }
        }
        pos = end;
    }
    let has = |f: Field| starts[f as usize].is_some();
    if !has(Field::Name) {
        return Err("no `Name` column".to_string());
    }
    let combined_only = [
        Field::RRating,
        Field::RGames,
        Field::RK,
        Field::BRating,
        Field::BGames,
        Field::BK,
    ];
    let combined = combined_only.iter().any(|&f| has(f));
    if combined && month_seen {
        return Err(
            "mixes combined (`RRtng`, `BRtng`) and single-list (month) columns".to_string(),
        );
    }
    if !has(Field::SRating) && !has(Field::RRating) && !has(Field::BRating) {
        return Err("no rating column (`SRtng` or a month code such as `JAN23`)".to_string());
    }
    if !combined && !month_seen {
        // A single rating column must be named by its month.
        return Err("the rating column is neither `SRtng` … nor a month code".to_string());
    }
    let layout = match (combined, has(Field::Foa), has(Field::Sex) && !glued) {
        (true, true, _) => ListLayout::CombinedFoa,
        (true, false, _) => ListLayout::CombinedLegacy,
        (false, true, _) => ListLayout::SingleFoa,
        (false, false, true) => ListLayout::SingleLegacy,
        (false, false, false) => ListLayout::Pre2012,
    };
    let mut order: Vec<(usize, Field)> = starts
        .iter()
        .enumerate()
        .filter_map(|(i, s)| s.map(|s| (s, FIELDS[i])))
        .collect();
    order.sort_unstable();
    let mut cols = [None; FIELD_COUNT];
    for (i, &(start, f)) in order.iter().enumerate() {
        let end = order.get(i + 1).map_or(usize::MAX, |&(next, _)| next);
        cols[f as usize] = Some(Col { start, end });
    }
    let width = header
        .iter()
        .rposition(|&b| b != b' ' && b != b'\t')
        .map_or(0, |p| p + 1);
    Ok(TxtLayout {
        layout,
        cols,
        width,
        period,
    })
}

const FIELDS: [Field; FIELD_COUNT] = [
    Field::Id,
    Field::Name,
    Field::Fed,
    Field::Sex,
    Field::Title,
    Field::WTitle,
    Field::OTitle,
    Field::Foa,
    Field::SRating,
    Field::SGames,
    Field::SK,
    Field::RRating,
    Field::RGames,
    Field::RK,
    Field::BRating,
    Field::BGames,
    Field::BK,
    Field::Birth,
    Field::Flag,
];

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) const FOA_HEADER: &str = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag";
    const SINGLE_HEADER: &str = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA JAN23 Gms K  B-day Flag";
    const LEGACY_HEADER: &str = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag";
    const SINGLE_LEGACY_HEADER: &str = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           AUG16 Gms K  B-day Flag";
    const PRE2012_HEADER: &str =
        "ID number Name                              TitlFed  Mar11 GamesBorn  Flag";

    fn starts(l: &TxtLayout) -> Vec<(Field, usize, usize)> {
        FIELDS
            .iter()
            .filter_map(|&f| l.col(f).map(|c| (f, c.start, c.end)))
            .collect()
    }

    /// The derived columns equal the tables of docs/spec/rating-list-formats.md §1.1.
    #[test]
    fn combined_foa_columns_match_spec_table() {
        let l = txt_layout(FOA_HEADER.as_bytes()).unwrap();
        assert_eq!(l.layout, ListLayout::CombinedFoa);
        assert_eq!(l.width, 162);
        use Field::*;
        let expect = [
            (Id, 0, 15),
            (Name, 15, 76),
            (Fed, 76, 80),
            (Sex, 80, 84),
            (Title, 84, 89),
            (WTitle, 89, 94),
            (OTitle, 94, 109),
            (Foa, 109, 113),
            (SRating, 113, 119),
            (SGames, 119, 123),
            (SK, 123, 126),
            (RRating, 126, 132),
            (RGames, 132, 136),
            (RK, 136, 139),
            (BRating, 139, 145),
            (BGames, 145, 149),
            (BK, 149, 152),
            (Birth, 152, 158),
            (Flag, 158, usize::MAX),
        ];
        assert_eq!(starts(&l), expect);
        assert_eq!(l.period, None);
    }

    /// §1.2 per-type list with FOA.
    #[test]
    fn single_foa_columns_match_spec_table() {
        let l = txt_layout(SINGLE_HEADER.as_bytes()).unwrap();
        assert_eq!(l.layout, ListLayout::SingleFoa);
        assert_eq!(l.width, 136);
        use Field::*;
        let s = starts(&l);
        assert_eq!(
            &s[7..],
            &[
                (Foa, 109, 113),
                (SRating, 113, 119),
                (SGames, 119, 123),
                (SK, 123, 126),
                (Birth, 126, 132),
                (Flag, 132, usize::MAX)
            ]
        );
        assert_eq!(
            l.period,
            Some(ListPeriod {
                year: 2023,
                month: 1
            })
        );
    }

    /// §1.3 legacy combined list.
    #[test]
    fn legacy_columns_match_spec_table() {
        let l = txt_layout(LEGACY_HEADER.as_bytes()).unwrap();
        assert_eq!(l.layout, ListLayout::CombinedLegacy);
        assert_eq!(l.width, 158);
        use Field::*;
        let s = starts(&l);
        assert_eq!(
            &s[6..],
            &[
                (OTitle, 94, 109),
                (SRating, 109, 115),
                (SGames, 115, 119),
                (SK, 119, 122),
                (RRating, 122, 128),
                (RGames, 128, 132),
                (RK, 132, 135),
                (BRating, 135, 141),
                (BGames, 141, 145),
                (BK, 145, 148),
                (Birth, 148, 154),
                (Flag, 154, usize::MAX)
            ]
        );
    }

    /// §1.4 per-type list before FOA: the tail 4 columns left of §1.2.
    #[test]
    fn single_legacy_columns_match_spec_table() {
        let l = txt_layout(SINGLE_LEGACY_HEADER.as_bytes()).unwrap();
        assert_eq!(l.layout, ListLayout::SingleLegacy);
        assert_eq!(l.width, 132);
        use Field::*;
        let s = starts(&l);
        assert_eq!(
            &s[6..],
            &[
                (OTitle, 94, 109),
                (SRating, 109, 115),
                (SGames, 115, 119),
                (SK, 119, 122),
                (Birth, 122, 128),
                (Flag, 128, usize::MAX)
            ]
        );
    }

    /// §1.5: glued `TitlFed` and `GamesBorn` are split at the known widths.
    #[test]
    fn pre2012_columns_match_spec_table() {
        let l = txt_layout(PRE2012_HEADER.as_bytes()).unwrap();
        assert_eq!(l.layout, ListLayout::Pre2012);
        use Field::*;
        assert_eq!(
            starts(&l),
            vec![
                (Id, 0, 10),
                (Name, 10, 44),
                (Fed, 48, 53),
                (Title, 44, 48),
                (SRating, 53, 59),
                (SGames, 59, 64),
                (Birth, 64, 70),
                (Flag, 70, usize::MAX)
            ]
        );
        assert_eq!(
            l.period,
            Some(ListPeriod {
                year: 2011,
                month: 3
            })
        );
    }

    /// Pitfall 6: any month token is accepted, never the literal header.
    #[test]
    fn month_token_changes_monthly() {
        for (tok, year, month) in [("SEP26", 2026, 9), ("dec25", 2025, 12), ("Jul06", 2006, 7)] {
            let h = SINGLE_HEADER.replace("JAN23", tok);
            let l = txt_layout(h.as_bytes()).unwrap();
            assert_eq!(l.period, Some(ListPeriod { year, month }), "{tok}");
        }
        assert!(txt_layout(SINGLE_HEADER.replace("JAN23", "XYZ23").as_bytes()).is_err());
    }

    #[test]
    fn unknown_headers_are_refused_with_reason() {
        let cases = [
            ("Name ID", "does not start"),
            ("ID Number Name Fed", "no rating column"),
            ("ID Number Name JAN23 RRtng", "mixes"),
            ("ID Number Name SRtng Foo", "unknown column `Foo`"),
            ("ID Number Name Name SRtng", "twice"),
        ];
        for (h, want) in cases {
            let err = txt_layout(h.as_bytes()).unwrap_err();
            assert!(err.contains(want), "{h}: {err}");
        }
    }

    #[test]
    fn detect_txt_needs_the_whole_header_line() {
        let data = format!("{FOA_HEADER}\r\n1503014 ...");
        assert_eq!(
            detect(&data.as_bytes()[..40], false),
            Err(DetectError::NeedMore)
        );
        match detect(data.as_bytes(), false).unwrap() {
            Detected::Txt { body, header, .. } => {
                assert_eq!(body, FOA_HEADER.len() + 2);
                assert_eq!(header, FOA_HEADER);
            }
            other => panic!("{other:?}"),
        }
        // A header without a line end is still a header at end of input.
        assert!(matches!(
            detect(FOA_HEADER.as_bytes(), true),
            Ok(Detected::Txt { .. })
        ));
    }

    #[test]
    fn detect_xml_root() {
        let x = b"<?xml version=\"1.0\"?>\n<!-- c -->\n<playerslist>\n<player>";
        assert_eq!(
            detect(x, false),
            Ok(Detected::Xml {
                body: 46,
                self_closing: false
            })
        );
        assert_eq!(&x[46..], b"\n<player>");
        assert_eq!(
            detect(b"<playerslist/>", true),
            Ok(Detected::Xml {
                body: 14,
                self_closing: true
            })
        );
        assert_eq!(detect(b"<?xml version", false), Err(DetectError::NeedMore));
        match detect(b"<html><body>", true) {
            Err(DetectError::Unknown { reason, header }) => {
                assert!(reason.contains("<html>"), "{reason}");
                assert_eq!(header, "<html><body>");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn detect_empty() {
        assert_eq!(detect(b"", true), Err(DetectError::Empty));
        assert_eq!(detect(b" \r\n\n", true), Err(DetectError::Empty));
        assert_eq!(detect(b"\r\n", false), Err(DetectError::NeedMore));
    }
}
