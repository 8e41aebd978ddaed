//! The reader: bytes → [`Tournament`] plus diagnostics.
//!
//! One linear pass over the lines. Each line is classified
//! ([`crate::lines::classify`]); records are sliced by the column tables of
//! [`crate::grammar`] and their fields read with small nom parsers. A bad
//! field gives a diagnostic and parsing goes on: ten bad lines give ten
//! diagnostics. Only unreadable input is fatal ([`ReadError`]).

pub mod codes;
mod date;
mod dialect;
mod ext;
mod header;
mod player;
mod records;

pub use date::{alternative, parse_birth, parse_date, Expect};

use crate::decode::{decode, DecodeError, TextEncoding};
use crate::diag::Diagnostic;
use crate::lines::{self, Columns, Line, LineKind};
use crate::model::{Extensions, Header, Scoring, ScoringSource, Tournament, Trf26Records};
use crate::span::Span;
use std::path::Path;

/// Limits and choices for reading.
#[derive(Debug, Clone)]
pub struct ReadOptions {
    /// Force an encoding instead of detecting it.
    pub encoding: Option<TextEncoding>,
    /// Refuse files larger than this many bytes (default 64 MiB) before
    /// reading them.
    pub max_file_bytes: u64,
    /// Refuse lines longer than this many bytes (default 100,000): the line
    /// is reported and skipped.
    pub max_line_bytes: usize,
}

impl Default for ReadOptions {
    fn default() -> Self {
        ReadOptions {
            encoding: None,
            max_file_bytes: 64 << 20,
            max_line_bytes: 100_000,
        }
    }
}

/// Why a file could not be read at all.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The file could not be opened or read.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The path.
        path: String,
        /// The cause.
        source: std::io::Error,
    },
    /// Over [`ReadOptions::max_file_bytes`].
    #[error("file is {size} bytes, over the limit of {limit} bytes (raise it with --max-size)")]
    TooLarge {
        /// Its size.
        size: u64,
        /// The limit.
        limit: u64,
    },
    /// Empty or binary.
    #[error(transparent)]
    Decode(#[from] DecodeError),
}

/// A parsed report: the decoded text, the model and what the reader found.
#[derive(Debug, Clone)]
pub struct Parsed {
    /// The decoded text; every span points into it.
    pub text: String,
    /// The model.
    pub tournament: Tournament,
    /// Syntax findings, in line order.
    pub diagnostics: Vec<Diagnostic>,
}

/// Reads a file, refusing it before reading when it is over the size limit.
pub fn read_path(path: &Path, opts: &ReadOptions) -> Result<Parsed, ReadError> {
    let io = |source| ReadError::Io {
        path: path.display().to_string(),
        source,
    };
    let meta = std::fs::metadata(path).map_err(io)?;
    if meta.len() > opts.max_file_bytes {
        return Err(ReadError::TooLarge {
            size: meta.len(),
            limit: opts.max_file_bytes,
        });
    }
    let bytes = std::fs::read(path).map_err(io)?;
    parse_vec(bytes, opts)
}

/// Parses owned bytes; valid UTF-8 is used in place, without a copy.
pub fn parse_vec(bytes: Vec<u8>, opts: &ReadOptions) -> Result<Parsed, ReadError> {
    if bytes.len() as u64 > opts.max_file_bytes {
        return Err(ReadError::TooLarge {
            size: bytes.len() as u64,
            limit: opts.max_file_bytes,
        });
    }
    let d = decode(&bytes, opts.encoding)?;
    let (encoding, bom, lossy) = (d.encoding, d.bom, d.lossy);
    let text = match d.text {
        std::borrow::Cow::Owned(s) => s,
        std::borrow::Cow::Borrowed(_) if !bom => {
            // `decode` borrowed, so the bytes are valid UTF-8.
            String::from_utf8(bytes).unwrap_or_default()
        }
        std::borrow::Cow::Borrowed(s) => s.to_string(),
    };
    Ok(finish(text, encoding, bom, lossy, opts))
}

/// Parses bytes (a copy of the text is kept for diagnostics).
pub fn parse_bytes(bytes: &[u8], opts: &ReadOptions) -> Result<Parsed, ReadError> {
    parse_vec(bytes.to_vec(), opts)
}

/// Parses text that is already decoded (encoding recorded as UTF-8 or ASCII).
pub fn parse_str(text: &str) -> Parsed {
    let encoding = if text.is_ascii() {
        TextEncoding::Ascii
    } else {
        TextEncoding::Utf8
    };
    finish(
        text.to_string(),
        encoding,
        false,
        false,
        &ReadOptions::default(),
    )
}

fn finish(
    text: String,
    encoding: TextEncoding,
    bom: bool,
    lossy: bool,
    opts: &ReadOptions,
) -> Parsed {
    let mut p = Parser::new(&text, opts);
    if lossy {
        let at = text.find('\u{FFFD}').unwrap_or(0);
        p.diags.push(
            codes::LOSSY_DECODING
                .diag(format!(
                    "some bytes are not valid {encoding} and were replaced"
                ))
                .primary(Span::new(at, at + 3), "first replaced character")
                .help("let trfkit detect the encoding, or pass the right one with --encoding"),
        );
    }
    p.run();
    let (tournament, diagnostics) = p.into_tournament(encoding, bom);
    Parsed {
        text,
        tournament,
        diagnostics,
    }
}

/// Parser state for one pass.
pub(crate) struct Parser<'a> {
    pub(crate) text: &'a str,
    opts: &'a ReadOptions,
    pub(crate) diags: Vec<Diagnostic>,
    pub(crate) header: Header,
    pub(crate) players: Vec<crate::model::Player>,
    pub(crate) teams: Vec<crate::model::Team>,
    pub(crate) ext: Extensions,
    pub(crate) records: Trf26Records,
    pub(crate) scoring: Scoring,
    pub(crate) scoring_sources: Vec<ScoringSource>,
    pub(crate) lines: Vec<Line>,
    pub(crate) dialect: dialect::Evidence,
    pub(crate) max_rounds: usize,
    pub(crate) round_dates_misaligned: bool,
    /// Line number of the first occurrence of each single-valued record.
    seen: std::collections::HashMap<[u8; 3], u32>,
}

impl<'a> Parser<'a> {
    fn new(text: &'a str, opts: &'a ReadOptions) -> Self {
        // A rough pre-size: TRF lines average 60-250 bytes.
        let guess = text.len() / 100 + 8;
        Parser {
            text,
            opts,
            diags: Vec::new(),
            header: Header::default(),
            players: Vec::with_capacity(guess),
            teams: Vec::new(),
            ext: Extensions::default(),
            records: Trf26Records::default(),
            scoring: Scoring::default(),
            scoring_sources: Vec::new(),
            lines: Vec::with_capacity(guess + 16),
            dialect: dialect::Evidence::default(),
            max_rounds: 0,
            round_dates_misaligned: false,
            seen: Default::default(),
        }
    }

    fn run(&mut self) {
        for (i, (s, e)) in lines::split(self.text).enumerate() {
            let number = i as u32 + 1;
            let text = &self.text[s..e];
            let span = Span::new(s, e);
            if text.len() > self.opts.max_line_bytes {
                self.lines.push(Line {
                    number,
                    span,
                    code: None,
                    kind: LineKind::Unknown,
                });
                self.diags.push(
                    codes::LINE_TOO_LONG
                        .diag(format!(
                            "line {number} is {} bytes long, over the limit of {}",
                            text.len(),
                            self.opts.max_line_bytes
                        ))
                        .primary(Span::new(s, s + 3.min(text.len())), "this line was skipped")
                        .help("no TRF record is this long; remove or split the line"),
                );
                continue;
            }
            let (code, kind) = lines::classify(text);
            self.lines.push(Line {
                number,
                span,
                code,
                kind,
            });
            let cols = Columns::new(text, s);
            match (kind, code) {
                (LineKind::Record, Some(code)) => self.record(code, &cols, number),
                (LineKind::Extension, Some(code)) => self.extension(code, &cols, number),
                (LineKind::NationalRating, Some(_)) => self.national_rating(&cols),
                (LineKind::Comment, _) => self.dialect.note_comment(number),
                (LineKind::Unknown, code) => {
                    let what = match code {
                        Some(c) if c.iter().all(u8::is_ascii_digit) => {
                            format!("unknown record code `{}`", String::from_utf8_lossy(&c))
                        }
                        _ => "line is no TRF record".to_string(),
                    };
                    let first = cols.field(1, 3).1;
                    self.diags.push(
                        codes::UNKNOWN_LINE
                            .diag(what)
                            .primary(if first.is_empty() { span } else { first }, "not a known code")
                            .help("records start with a known code in columns 1-3; write comments as `### …` (TRF26)"),
                    );
                }
                _ => {}
            }
        }
    }

    fn record(&mut self, code: [u8; 3], cols: &Columns<'_>, number: u32) {
        match &code {
            b"001" => self.player(cols, number),
            b"013" => self.team013(cols, number),
            b"310" => self.team310(cols, number),
            b"240" | b"250" | b"260" | b"299" | b"300" | b"320" | b"330" | b"340" | b"801"
            | b"802" => self.data_record(code, cols, number),
            _ => self.header_record(code, cols, number),
        }
        self.dialect.note_record(code, number);
    }

    /// Records the first line of a single-valued record; reports a repeat.
    pub(crate) fn first_occurrence(
        &mut self,
        code: [u8; 3],
        cols: &Columns<'_>,
        number: u32,
    ) -> bool {
        match self.seen.get(&code) {
            None => {
                self.seen.insert(code, number);
                true
            }
            Some(&first) => {
                let c = String::from_utf8_lossy(&code).into_owned();
                self.diags.push(
                    codes::DUPLICATE_RECORD
                        .diag(format!(
                            "record `{c}` appears again; the one on line {first} is used"
                        ))
                        .primary(cols.field(1, 3).1, "repeated record")
                        .help(format!("keep one `{c}` line")),
                );
                false
            }
        }
    }

    fn into_tournament(
        mut self,
        encoding: TextEncoding,
        bom: bool,
    ) -> (Tournament, Vec<Diagnostic>) {
        self.settle_dates();
        let mut sources = self.scoring_sources.clone();
        sources.dedup();
        self.scoring.source = match sources.as_slice() {
            [] => ScoringSource::Default,
            [one] => *one,
            _ => ScoringSource::Mixed,
        };
        let dialect = self.dialect.conclude(&self.header);
        let extensions = self.dialect.extensions;
        let t = Tournament {
            dialect: crate::model::DialectInfo {
                dialect,
                evidence: std::mem::take(&mut self.dialect.evidence),
                extensions,
            },
            encoding,
            bom,
            header: self.header,
            players: self.players,
            teams: self.teams,
            scoring: self.scoring,
            rounds: self.max_rounds as u16,
            extensions: self.ext,
            records: self.records,
            lines: self.lines,
        };
        (t, self.diags)
    }
}

/// Trims blanks and tabs (tabs occur inside numeric fields in real files).
///
/// Works on bytes: blank and tab are ASCII, and no byte of a multi-byte
/// UTF-8 character equals either, so the cuts fall on character boundaries
/// exactly where `str::trim_matches` would put them, without decoding.
pub(crate) fn trim(s: &str) -> &str {
    let b = s.as_bytes();
    let blank = |c: &u8| *c == b' ' || *c == b'\t';
    let start = b.iter().position(|c| !blank(c)).unwrap_or(b.len());
    let end = b.iter().rposition(|c| !blank(c)).map_or(start, |i| i + 1);
    s.get(start..end).unwrap_or("")
}

/// An unsigned integer field: `Ok(None)` when blank or a run of dashes
/// (a placeholder some writers use for "none").
pub(crate) fn uint(s: &str) -> Result<Option<u64>, ()> {
    let t = trim(s).as_bytes();
    if t.is_empty() || t.iter().all(|&b| b == b'-') {
        return Ok(None);
    }
    if t.len() > 19 {
        return Err(());
    }
    // At most 19 digits: below u64::MAX, so the sum cannot overflow.
    let mut v: u64 = 0;
    for &b in t {
        if !b.is_ascii_digit() {
            return Err(());
        }
        v = v * 10 + (b - b'0') as u64;
    }
    Ok(Some(v))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The byte-level `trim` and `uint` say what the `str` versions
        /// they replaced said.
        #[test]
        fn trim_and_uint_match_the_str_versions(s in "[ \t0-9a\\-é]{0,24}") {
            prop_assert_eq!(trim(&s), s.trim_matches(|c: char| c == ' ' || c == '\t'));
            let t = s.trim_matches(|c: char| c == ' ' || c == '\t');
            let old: Result<Option<u64>, ()> = if t.is_empty() || t.bytes().all(|b| b == b'-') {
                Ok(None)
            } else if t.len() > 19 || !t.bytes().all(|b| b.is_ascii_digit()) {
                Err(())
            } else {
                t.parse().map(Some).map_err(|_| ())
            };
            prop_assert_eq!(uint(&s), old);
        }
    }

    #[test]
    fn uint_edges() {
        assert_eq!(
            uint("9999999999999999999"),
            Ok(Some(9_999_999_999_999_999_999))
        );
        assert_eq!(uint("10000000000000000000"), Err(()));
        assert_eq!(uint(" \t--\t"), Ok(None));
        assert_eq!(uint(" 0012 "), Ok(Some(12)));
        assert_eq!(uint("1 2"), Err(()));
    }
}
