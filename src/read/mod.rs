//! The reader: bytes → [`Tournament`] plus diagnostics.
//!
//! One linear pass over the lines. Each line is classified
//! (`crate::source::lines::classify`); records are sliced by the column tables of
//! `crate::read::columns` and their fields read with small nom parsers. A bad
//! field gives a diagnostic and parsing goes on: ten bad lines give ten
//! diagnostics. Only unreadable input is fatal ([`ReadError`]).

mod cap;
// Generated from the grammar: every column of every record, whether a
// reader uses it yet or not.
#[allow(dead_code)]
pub(crate) mod columns;
mod date;
pub(crate) mod decode;
mod dialect;
mod ext;
pub(crate) mod findings;
#[cfg(test)]
mod grammar_tests;
mod header;
mod player;
mod records;

pub(crate) use date::parse_birth;
pub use decode::DecodeError;

use crate::diag::Diagnostic;
use crate::model::{Extensions, Header, Scoring, ScoringSource, Tournament, Trf26Records};
use crate::read::decode::{decode_vec, TextEncoding};
use crate::source::lines::{self, Columns, Line, LineKind};
use crate::source::span::Span;
#[cfg(feature = "fs")]
use std::path::Path;

/// Limits and choices for reading.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct ReadOptions {
    /// Force an encoding instead of detecting it.
    pub encoding: Option<TextEncoding>,
    /// Refuse files larger than this many bytes (default 64 MiB) before
    /// reading them.
    pub max_file_bytes: u64,
    /// Refuse lines longer than this many bytes (default 100,000): the line
    /// is reported and skipped.
    pub max_line_bytes: usize,
    /// Findings kept per syntax rule (default 200, as `Options::MAX_PER_RULE`;
    /// 0: all). Those over it are counted in [`Parsed::dropped`], so that
    /// memory does not grow with the number of findings in any command;
    /// `trf check` passes its `--max-per-rule`.
    pub max_findings_per_rule: usize,
}

impl Default for ReadOptions {
    fn default() -> Self {
        ReadOptions {
            encoding: None,
            max_file_bytes: 64 << 20,
            max_line_bytes: 100_000,
            // The same limit as the rules' (`Options::MAX_PER_RULE`): 4 MB of
            // bare `001` lines kept every finding and took `fmt` to 1.8 GB.
            max_findings_per_rule: 200,
        }
    }
}

impl ReadOptions {
    /// These options, forcing `encoding` instead of detecting it.
    ///
    /// The struct is `#[non_exhaustive]`: start from
    /// [`ReadOptions::default`] and set the fields you need.
    ///
    /// ```
    /// use trfkit::{ReadOptions, TextEncoding};
    /// let mut opts = ReadOptions::default().with_encoding(TextEncoding::Utf8);
    /// opts.max_file_bytes = 1 << 20;
    /// let parsed = trfkit::parse_bytes(b"012 Club Open\n", &opts).unwrap();
    /// assert_eq!(parsed.tournament.encoding, TextEncoding::Utf8);
    /// ```
    pub fn with_encoding(mut self, encoding: TextEncoding) -> Self {
        self.encoding = Some(encoding);
        self
    }
}

/// Why a file could not be read at all.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
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
    /// A pipe, FIFO or device that gave more than
    /// [`ReadOptions::max_file_bytes`]: its size is not known beforehand,
    /// so reading stopped one byte past the limit.
    #[error("input is over the limit of {limit} bytes (raise it with --max-size)")]
    TooLargeStream {
        /// The limit.
        limit: u64,
    },
    /// Empty or binary.
    #[error(transparent)]
    Decode(#[from] DecodeError),
}

/// A parsed report: the decoded text, the model and what the reader found.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Parsed {
    /// The decoded text; every span points into it.
    pub text: String,
    /// The model.
    pub tournament: Tournament,
    /// Syntax findings, in line order.
    pub diagnostics: Vec<Diagnostic>,
    /// Lines (1-based) read as Windows-1252 in a file otherwise read as
    /// UTF-8 (see `Decoded::fallback_lines`): `trf fmt`
    /// writes each line back in the encoding it was read in.
    pub fallback_lines: Vec<u32>,
    /// Findings over [`ReadOptions::max_findings_per_rule`], counted by
    /// rule and severity instead of kept.
    pub dropped: Vec<crate::diag::overflow::Dropped>,
    /// Where the findings not kept pointed (byte offsets into `text`):
    /// `trf fmt` keeps their lines as they are.
    pub(crate) dropped_at: Vec<u32>,
}

impl Parsed {
    /// Line and column of the spans in [`Parsed::text`], from the line table
    /// the reader built (no rescan).
    pub(crate) fn locator(&self) -> crate::source::Locator<'_> {
        crate::source::Locator::new(&self.text, &self.tournament.lines)
    }
}

/// Reads a file, refusing it before reading when it is over the size limit
/// (feature `fs`).
#[cfg(feature = "fs")]
pub fn read_path(path: &Path, opts: &ReadOptions) -> Result<Parsed, ReadError> {
    parse_vec(read_source(path, opts)?, opts)
}

/// The bytes of a file, within [`ReadOptions::max_file_bytes`]: a regular
/// file over the limit is refused before reading; a pipe, FIFO or device
/// (whose size is unknown) is read up to one byte past the limit, then
/// refused.
#[cfg(feature = "fs")]
pub(crate) fn read_source(path: &Path, opts: &ReadOptions) -> Result<Vec<u8>, ReadError> {
    let io = |source| ReadError::Io {
        path: path.display().to_string(),
        source,
    };
    let file = std::fs::File::open(path).map_err(io)?;
    let meta = file.metadata().map_err(io)?;
    if meta.is_file() && meta.len() > opts.max_file_bytes {
        return Err(ReadError::TooLarge {
            size: meta.len(),
            limit: opts.max_file_bytes,
        });
    }
    // Sized from the file's length: reading does not grow (and copy) the
    // buffer. The byte past it is room to see the end of the file, or that
    // the file grew since.
    let capacity = if meta.is_file() {
        meta.len()
            .saturating_add(1)
            .min(opts.max_file_bytes.saturating_add(1))
    } else {
        0
    };
    let bytes = Vec::with_capacity(usize::try_from(capacity).unwrap_or(0));
    read_limited_into(file, opts.max_file_bytes, bytes).map_err(|e| match e {
        ReadError::Io { source, .. } => io(source),
        e => e,
    })
}

/// Reads `r` to its end, but never more than `limit` bytes plus the one that
/// tells it is over: standard input and pipes are bounded too.
pub(crate) fn read_limited(r: impl std::io::Read, limit: u64) -> Result<Vec<u8>, ReadError> {
    read_limited_into(r, limit, Vec::new())
}

/// Up to this many bytes, a stream's buffer is reserved whole before
/// reading: the reservation is address space only (the pages become memory
/// when bytes are read into them), so peak memory is what was read plus a
/// constant, never a doubled buffer past the limit.
const RESERVE_WHOLE_UP_TO: u64 = 1 << 30;

/// [`read_limited`] into `bytes` (empty, possibly with capacity reserved).
///
/// `read_to_end` doubles its buffer as it fills, and a doubling step near
/// the limit holds the old buffer and one twice its size at once (a 64 MiB
/// limit peaked at 212 MB on `/dev/zero`). Here the buffer never grows
/// past `limit + 1`: it is reserved at once (up to [`RESERVE_WHOLE_UP_TO`]),
/// and past that it grows by at most itself, capped at the limit.
fn read_limited_into(
    mut r: impl std::io::Read,
    limit: u64,
    mut bytes: Vec<u8>,
) -> Result<Vec<u8>, ReadError> {
    use std::io::Read as _;
    let io = |source| ReadError::Io {
        path: "input".into(),
        source,
    };
    let cap = usize::try_from(limit.saturating_add(1)).unwrap_or(usize::MAX);
    let first = usize::try_from(RESERVE_WHOLE_UP_TO).map_or(cap, |r| cap.min(r));
    // A buffer the caller sized (a regular file's length) is kept.
    if bytes.capacity() == 0 {
        bytes.reserve_exact(first);
    }
    loop {
        if bytes.len() == bytes.capacity() {
            if bytes.len() >= cap {
                break;
            }
            let more = bytes.capacity().max(1 << 16).min(cap - bytes.len());
            bytes.reserve_exact(more);
        }
        // Read into the reserved room without zeroing it first (`Take`
        // stops at its end, so the buffer does not grow here; an
        // interrupted read is retried).
        let room = bytes.capacity().min(cap).saturating_sub(bytes.len());
        if room == 0 {
            break;
        }
        match (&mut r).take(room as u64).read_to_end(&mut bytes) {
            Ok(n) if n < room => break,
            Ok(_) => {}
            Err(e) => return Err(io(e)),
        }
    }
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLargeStream { limit });
    }
    Ok(bytes)
}

/// Parses owned bytes; valid UTF-8 is used in place, without a copy.
pub(crate) fn parse_vec(bytes: Vec<u8>, opts: &ReadOptions) -> Result<Parsed, ReadError> {
    if bytes.len() as u64 > opts.max_file_bytes {
        return Err(ReadError::TooLarge {
            size: bytes.len() as u64,
            limit: opts.max_file_bytes,
        });
    }
    let d = decode_vec(bytes, opts.encoding)?;
    let mut parsed = finish(d.text, d.encoding, d.bom, d.lossy, opts);
    if !d.fallback_lines.is_empty() {
        let finding = mixed_encoding(&parsed, &d.fallback_lines);
        parsed.diagnostics.push(finding);
        parsed
            .diagnostics
            .sort_by_key(|d| d.primary_span().map(|s| s.start).unwrap_or(0));
    }
    parsed.fallback_lines = d.fallback_lines;
    Ok(parsed)
}

/// The `mixed-encoding` finding: which lines were read as Windows-1252.
fn mixed_encoding(parsed: &Parsed, lines: &[u32]) -> Diagnostic {
    const SHOWN: usize = 10;
    let mut list: Vec<String> = lines.iter().take(SHOWN).map(u32::to_string).collect();
    if lines.len() > SHOWN {
        list.push(format!("and {} more", lines.len() - SHOWN));
    }
    let span = parsed
        .tournament
        .lines
        .get(lines[0] as usize - 1)
        .map(|l| l.span)
        .unwrap_or_default();
    let (noun, verb) = if lines.len() == 1 {
        ("line", "is")
    } else {
        ("lines", "are")
    };
    findings::MIXED_ENCODING
        .diag(format!(
            "{noun} {} {verb} not valid UTF-8 and {} read as Windows-1252; the rest of the file is UTF-8",
            list.join(", "),
            if lines.len() == 1 { "was" } else { "were" }
        ))
        .primary(span, "read as Windows-1252")
        .help("save the file in one encoding (UTF-8): FIDE's server reads it whole, one way")
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
    // Decoding tells ASCII text apart (`TextEncoding::Ascii` is given only
    // to text that is ASCII throughout): lines need no check of their own.
    let mut p = Parser::new(&text, encoding == TextEncoding::Ascii, opts);
    if lossy {
        let at = text.find('\u{FFFD}').unwrap_or(0);
        p.diags.push(
            findings::LOSSY_DECODING
                .diag(format!(
                    "some bytes are not valid {encoding} and were replaced"
                ))
                .primary(Span::new(at, at + 3), "first replaced character")
                .help("let trfkit detect the encoding, or pass the right one with --encoding"),
        );
    }
    if encoding == TextEncoding::Utf16 {
        let end = lines::split(&text).next().map(|l| l.1).unwrap_or(0);
        p.diags.push(
            findings::UTF16_ENCODING
                .diag("the file is UTF-16 and was decoded from its byte-order mark")
                .primary(Span::new(0, end), "first line of a UTF-16 file")
                .help("save the report as UTF-8 or Windows-1252: FIDE's server and most pairing programs read one byte per character"),
        );
    }
    p.run();
    let (tournament, diagnostics, dropped, dropped_at) = p.into_tournament(encoding, bom);
    Parsed {
        text,
        tournament,
        diagnostics,
        fallback_lines: Vec::new(),
        dropped,
        dropped_at,
    }
}

/// Parser state for one pass.
pub(crate) struct Parser<'a> {
    pub(crate) text: &'a str,
    /// The whole text is ASCII: columns are bytes on every line.
    ascii: bool,
    /// The text holds a CR: lines do not all end at LF alone.
    has_cr: bool,
    opts: &'a ReadOptions,
    pub(crate) diags: Vec<Diagnostic>,
    pub(crate) header: Header,
    pub(crate) players: Vec<crate::model::Player>,
    /// `001` lines (number, start, end), read after the pass by
    /// [`Parser::read_players`].
    player_lines: Vec<(u32, usize, usize)>,
    pub(crate) teams: Vec<crate::model::Team>,
    /// `013` lines read so far: each one's number without counting the
    /// others again (counting them made a million lines take minutes).
    pub(crate) teams_013: u32,
    pub(crate) ext: Extensions,
    pub(crate) records: Trf26Records,
    pub(crate) scoring: Scoring,
    pub(crate) scoring_sources: Vec<ScoringSource>,
    pub(crate) lines: Vec<Line>,
    pub(crate) dialect: dialect::Evidence,
    pub(crate) round_dates_misaligned: bool,
    /// Line number of the first occurrence of each single-valued record.
    seen: std::collections::HashMap<[u8; 3], u32>,
    /// The limit on findings kept per rule.
    cap: cap::Cap,
}

impl<'a> Parser<'a> {
    fn new(text: &'a str, ascii: bool, opts: &'a ReadOptions) -> Self {
        // A rough pre-size: TRF lines average 60-250 bytes.
        let guess = text.len() / 100 + 8;
        let (count, has_cr) = lines::count_cr(text);
        Parser {
            text,
            ascii,
            has_cr,
            opts,
            diags: Vec::new(),
            header: Header::default(),
            players: Vec::new(),
            player_lines: Vec::with_capacity(guess),
            teams: Vec::new(),
            teams_013: 0,
            ext: Extensions::default(),
            records: Trf26Records::default(),
            scoring: Scoring::default(),
            scoring_sources: Vec::new(),
            // At most one entry per line (blank lines have none): a file of
            // millions of short lines must not pay for a doubling vector's
            // slack on top.
            lines: Vec::with_capacity(count),
            dialect: dialect::Evidence::default(),
            round_dates_misaligned: false,
            seen: Default::default(),
            cap: cap::Cap::new(opts.max_findings_per_rule),
        }
    }

    fn run(&mut self) {
        for (i, (s, e)) in lines::split_known(self.text.as_bytes(), self.has_cr).enumerate() {
            let mark = self.diags.len();
            self.line(i as u32 + 1, s, e);
            self.cap.trim(&mut self.diags, mark);
        }
    }

    fn line(&mut self, number: u32, s: usize, e: usize) {
        {
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
                    findings::LINE_TOO_LONG
                        .diag(format!(
                            "line {number} is {} bytes long, over the limit of {}",
                            text.len(),
                            self.opts.max_line_bytes
                        ))
                        .primary(Span::new(s, s + 3.min(text.len())), "this line was skipped")
                        .help("no TRF record is this long; remove or split the line"),
                );
                return;
            }
            if let Some(at) = memchr::memchr(0, text.as_bytes()) {
                let at = s + at;
                self.diags.push(
                    findings::NUL_BYTE
                        .diag(format!("line {number} holds a NUL byte"))
                        .primary(Span::new(at, at + 1), "NUL byte")
                        .help("remove the byte: it is invisible in most editors and ends the text in many programs"),
                );
            }
            // Most lines are players: `classify`'s first test, without
            // the call.
            let (code, kind) = if text.as_bytes().starts_with(b"001 ") {
                (Some(*b"001"), LineKind::Record)
            } else {
                lines::classify(text)
            };
            if kind == LineKind::Blank {
                // Blank lines hold nothing and are not kept: a file of
                // millions of them costs no memory per line. Line numbers
                // stay those of the file.
                return;
            }
            self.lines.push(Line {
                number,
                span,
                code,
                kind,
            });
            // `001` lines are read after the pass (see `read_players`): no
            // column table for them here.
            if code == Some(*b"001") && kind == LineKind::Record {
                self.player_lines.push((number, s, e));
                return;
            }
            let cols = if self.ascii {
                Columns::ascii(text, s)
            } else {
                Columns::new(text, s)
            };
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
                        findings::UNKNOWN_LINE
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
                    findings::DUPLICATE_RECORD
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

    /// Reads the `001` lines collected by the pass, in file order, on the
    /// calling thread: at a few hundred instructions a line, ten thousand
    /// players take a few milliseconds, less than starting threads would
    /// save (the crate's one concurrency mechanism is rayon, in the rules).
    fn read_players(&mut self) {
        let lines = std::mem::take(&mut self.player_lines);
        let text = self.text;
        let mut r = player::PlayerReader::new(text, lines.len());
        // Player findings are capped apart from the other lines' findings.
        let mut cap = cap::Cap::new(self.opts.max_findings_per_rule);
        for &(number, s, e) in &lines {
            let line = &text[s..e];
            let cols = if self.ascii {
                Columns::ascii(line, s)
            } else {
                Columns::new(line, s)
            };
            let mark = r.diags.len();
            r.player_line(&cols, number);
            cap.trim(&mut r.diags, mark);
        }
        r.shifted_findings();
        self.cap.overflow.count_dropped(cap.overflow.take());
        self.cap.at.extend(cap.at);
        self.players = r.players;
        self.diags.extend(r.diags);
        self.dialect.note_trf06_title(r.trf06_title);
        // Player findings were gathered apart from the others: restore line
        // order (a stable sort, linear on the runs it is given).
        self.diags
            .sort_by_key(|d| d.primary_span().map(|s| s.start).unwrap_or(0));
    }

    fn into_tournament(
        mut self,
        encoding: TextEncoding,
        bom: bool,
    ) -> (
        Tournament,
        Vec<Diagnostic>,
        Vec<crate::diag::overflow::Dropped>,
        Vec<u32>,
    ) {
        self.read_players();
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
        // The longest round list: lines stop after their last block.
        let rounds = self
            .players
            .iter()
            .map(|p| p.rounds.len())
            .max()
            .unwrap_or(0);
        let rounds = rounds.min(u16::MAX as usize) as u16;
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
            rounds,
            extensions: self.ext,
            records: self.records,
            lines: self.lines,
        };
        let at = std::mem::take(&mut self.cap.at);
        (t, self.diags, self.cap.overflow.take(), at)
    }
}

/// An `invalid-field` finding.
pub(crate) fn invalid_field(span: Span, message: String, label: &str, help: &str) -> Diagnostic {
    findings::INVALID_FIELD
        .diag(message)
        .primary(span, label)
        .help(help)
}

impl Parser<'_> {
    pub(crate) fn invalid(&mut self, span: Span, message: String, label: &str, help: &str) {
        self.diags.push(invalid_field(span, message, label, help));
    }
}

/// Trims blanks and tabs (tabs occur inside numeric fields in real files).
/// Byte loops (both are ASCII, so the cut is always on a character
/// boundary); names and texts end in runs of blanks, skipped 8 at a time
/// (and the last of them within a word counted at once).
pub(crate) fn trim(s: &str) -> &str {
    let b = s.as_bytes();
    let mut end = b.len();
    // Eight bytes at once from the end; in the first word that is not all
    // blanks, its trailing blanks are the zero bytes at its top.
    while let Some(word) = end.checked_sub(8).and_then(|s| b.get(s..end)) {
        let w = u64::from_le_bytes(word.try_into().unwrap_or_default());
        let x = w ^ u64::from_le_bytes(*b"        ");
        if x != 0 {
            end -= (x.leading_zeros() / 8) as usize;
            break;
        }
        end -= 8;
    }
    while end > 0 && matches!(b[end - 1], b' ' | b'\t') {
        end -= 1;
    }
    let mut start = 0;
    while start < end && matches!(b[start], b' ' | b'\t') {
        start += 1;
    }
    &s[start..end]
}

/// An unsigned integer field: `Ok(None)` when blank or a run of dashes
/// (a placeholder some writers use for "none"). Byte loop: this runs for
/// every numeric field of every player.
pub(crate) fn uint(s: &str) -> Result<Option<u64>, ()> {
    let b = s.as_bytes();
    let mut v: u64 = 0;
    let mut digits = 0u32;
    let mut dashes = 0u32;
    let mut ended = false;
    for &c in b {
        match c {
            b'0'..=b'9' if !ended && dashes == 0 => {
                if digits == 19 {
                    return Err(());
                }
                v = v * 10 + (c - b'0') as u64;
                digits += 1;
            }
            b' ' | b'\t' => ended = digits > 0 || dashes > 0,
            b'-' if digits == 0 && !ended => dashes += 1,
            _ => return Err(()),
        }
    }
    Ok(if digits == 0 { None } else { Some(v) })
}

#[cfg(test)]
mod tests {
    use super::{read_limited_into, trim, uint, ReadError};

    /// A stream of `left` bytes handed out a few at a time, as a pipe does.
    struct Trickle {
        left: usize,
    }

    impl std::io::Read for Trickle {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = buf.len().min(self.left).min(1000);
            buf[..n].fill(b'x');
            self.left -= n;
            Ok(n)
        }
    }

    #[test]
    fn a_stream_never_grows_the_buffer_past_the_limit() {
        // `read_to_end` would have doubled to 131072 bytes here.
        let limit = 100_000;
        let b = read_limited_into(Trickle { left: limit }, limit as u64, Vec::new()).unwrap();
        assert_eq!(b.len(), limit);
        assert!(b.capacity() <= limit + 1, "{}", b.capacity());
        let small = read_limited_into(Trickle { left: 10 }, limit as u64, Vec::new()).unwrap();
        assert_eq!(small, b"xxxxxxxxxx");
        let over = read_limited_into(Trickle { left: usize::MAX }, limit as u64, Vec::new());
        assert!(matches!(
            over,
            Err(ReadError::TooLargeStream { limit: 100_000 })
        ));
    }

    #[test]
    fn trims_blanks_and_tabs() {
        for (s, want) in [
            ("", ""),
            ("        ", ""),
            ("                 ", ""),
            ("Doe, John                        ", "Doe, John"),
            ("  Doe \t       x        \t ", "Doe \t       x"),
            ("\t12345678\t       ", "12345678"),
            ("x", "x"),
            ("abcdefgh", "abcdefgh"),
            (" abcdefghi\t", "abcdefghi"),
        ] {
            assert_eq!(trim(s), want, "{s:?}");
        }
    }

    #[test]
    fn integers() {
        assert_eq!(uint("  42"), Ok(Some(42)));
        assert_eq!(uint("42  "), Ok(Some(42)));
        assert_eq!(uint("\t 7\t"), Ok(Some(7)));
        assert_eq!(uint("    "), Ok(None));
        assert_eq!(uint(""), Ok(None));
        assert_eq!(uint("-----------"), Ok(None));
        assert_eq!(uint("4 2"), Err(()));
        assert_eq!(uint("-4"), Err(()));
        assert_eq!(uint("4-"), Err(()));
        assert_eq!(uint("1O"), Err(()));
        assert_eq!(uint("99999999999999999999"), Err(()));
        assert_eq!(uint("0000"), Ok(Some(0)));
    }
}
