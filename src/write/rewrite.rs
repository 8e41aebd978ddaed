//! `trf fmt` on a real file: canonical lines where the reader understood
//! them, every other line verbatim, where it stood.
//!
//! [`crate::write()`] writes a report from the model; a model holds only what
//! the reader understood. A rating officer's report is often the only copy,
//! so formatting it must not drop what the model does not hold (comments,
//! unknown lines, `DAT` lines, a rating `25O0` it could not read). Here each
//! line of the source is treated on its own:
//!
//! * a record line the reader read without any finding is written in its
//!   canonical form, but only when that form reads back to the same values
//!   as the line itself (each candidate is re-read and compared);
//! * every other line (comments, rulers, blank and unknown lines, extension
//!   lines such as `DAT`, lines with a finding, lines with undecodable
//!   bytes) keeps its original bytes;
//! * a line is written back in the encoding it was read in, so a UTF-8 file
//!   with one Windows-1252 line stays that way, byte for byte where nothing
//!   changed.
//!
//! Converting between TRF16 and TRF26 rewrites the records that say the same
//! thing differently (`XXR`/`XXC`/`XXS`/`XXP`/`XXZ`/`BB?` ↔
//! `142`/`152`/`162`/`260`/`240`); they are written where the first of them
//! stood, and a conversion whose lines the reader could not read fully is
//! refused. Finally the whole result is read again and compared with the
//! source: if anything but layout differs, nothing is written.
//!
//! Lines end in CR LF, as the specification asks.

use crate::model::Tournament;
use crate::read::decode::TextEncoding;
use crate::read::{parse_str, parse_vec, Parsed, ReadOptions};
use crate::source::lines::{self, Line, LineKind};
use crate::write::{write, Target};

/// A rewritten report.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub(crate) struct Rewritten {
    /// The new file, in the source's encodings (BOM kept).
    pub bytes: Vec<u8>,
    /// The new file decoded, one `\n` per line (for showing a diff).
    pub text: String,
    /// Lines written in canonical form.
    pub canonical: usize,
    /// Lines kept as they were.
    pub verbatim: usize,
}

/// Why a report is not rewritten. The source is never changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub(crate) enum RewriteError {
    /// No `001` line and no header record, or mostly unknown lines.
    #[error("this is not a TRF report ({0}); nothing was written")]
    NotTrf(String),
    /// A line to convert to the other dialect has values the reader could
    /// not read: converting it would lose them.
    #[error("line {0} cannot be converted to the other dialect: it has values that could not be read (fix it, or format without --dialect)")]
    Unconvertible(u32),
    /// UTF-16 reports are checked but not rewritten.
    #[error("UTF-16 reports are not rewritten; save the file as UTF-8 first")]
    Utf16,
    /// The rewritten report would not read back to the same content (a
    /// safety net: it should not happen).
    #[error("the formatted report would not read back the same ({0}); nothing was written")]
    NotFaithful(String),
}

/// Rewrites `parsed`, read from `source` with `opts`, in the `target`
/// dialect.
pub(crate) fn rewrite(
    parsed: &Parsed,
    source: &[u8],
    target: Target,
    opts: &ReadOptions,
) -> Result<Rewritten, RewriteError> {
    let t = &parsed.tournament;
    refuse_non_trf(t)?;
    if t.encoding == TextEncoding::Utf16 {
        return Err(RewriteError::Utf16);
    }
    let (bom, body) = match source.strip_prefix(&[0xEF, 0xBB, 0xBF]) {
        Some(rest) if t.bom => (&source[..3], rest),
        _ => (&source[..0], source),
    };
    let originals: Vec<&[u8]> = lines::split_bytes(body).map(|(s, e)| &body[s..e]).collect();
    // The model's lines by line number (blank lines are not in the model).
    let mut model: Vec<Option<&Line>> = vec![None; originals.len()];
    for l in &t.lines {
        match model.get_mut(l.number as usize - 1) {
            Some(slot) => *slot = Some(l),
            None => {
                return Err(RewriteError::NotFaithful(format!(
                    "{} lines in the file, line {} read",
                    originals.len(),
                    l.number
                )))
            }
        }
    }
    let bad = lines_with_findings(parsed, originals.len());
    let converting = Target::for_dialect(t.dialect.dialect) != target;
    let mut canonical = Vec::with_capacity(originals.len());
    for (i, line) in model.iter().enumerate() {
        let Some(line) = line else {
            canonical.push(None);
            continue;
        };
        let text = &parsed.text[line.span.range()];
        // A record converted to the other dialect is written from the
        // model: it must hold every word of the line (an `X 0.5` pair in a
        // `162` record has no place in the model, nor in `XXS`).
        if converting
            && converts(line.kind, line.code)
            && (bad[i]
                || (line.kind == LineKind::Record
                    && canonical_line(text, t, Target::for_dialect(t.dialect.dialect)).is_none()))
        {
            return Err(RewriteError::Unconvertible(line.number));
        }
        // A line read partly as Windows-1252 in a UTF-8 file is kept as
        // it is: its reading is a guess, and a canonical form would write
        // the guess.
        let guessed = parsed.fallback_lines.binary_search(&line.number).is_ok();
        canonical.push(
            (!bad[i] && !guessed && rewritable(line.kind) && !text.contains('\u{FFFD}'))
                .then(|| canonical_line(text, t, target))
                .flatten()
                .and_then(|c| encode(&c, t.encoding).map(|b| (c, b))),
        );
    }
    settled_dates(parsed, &model, &mut canonical);
    dates_together(&model, &mut canonical);
    let source = Source {
        parsed,
        bom,
        originals,
        model,
        canonical,
        target,
        converting,
    };
    // A line can read differently in the context of the others (a date's
    // day-month order is decided for the whole file): when the result does
    // not read back the same, the lines of the parts that differ are kept
    // as they were, and the result is checked again.
    let first = source.assemble(&|_| false);
    let parts = match different_parts_after(&source, &first.bytes, opts)? {
        parts if parts.is_empty() => return Ok(first),
        parts => parts,
    };
    let second = source.assemble(&|l| parts.iter().any(|p| holds(p, l)));
    match different_parts_after(&source, &second.bytes, opts)?.as_slice() {
        [] => Ok(second),
        parts => Err(RewriteError::NotFaithful(format!(
            "{} would differ",
            parts.join(", ")
        ))),
    }
}

/// A report's lines and their canonical forms, ready to be put together.
struct Source<'a> {
    parsed: &'a Parsed,
    bom: &'a [u8],
    /// Each line's bytes, terminator excluded.
    originals: Vec<&'a [u8]>,
    /// Each line's classification; `None` for a blank line.
    model: Vec<Option<&'a Line>>,
    /// Each line's canonical form and its bytes, where it has one.
    canonical: Vec<Option<(String, Vec<u8>)>>,
    target: Target,
    converting: bool,
}

impl Source<'_> {
    /// The new file; the lines `keep` chooses stay as they were.
    fn assemble(&self, keep: &dyn Fn(&Line) -> bool) -> Rewritten {
        let t = &self.parsed.tournament;
        let mut out = Rewritten {
            bytes: self.bom.to_vec(),
            text: String::with_capacity(self.parsed.text.len()),
            canonical: 0,
            verbatim: 0,
        };
        let mut converted_written = false;
        for (i, line) in self.model.iter().enumerate() {
            let original = self.originals[i];
            let Some(line) = line else {
                // Blank: whitespace, the same in every encoding read here.
                out.verbatim += 1;
                push_line(&mut out, &String::from_utf8_lossy(original), original);
                continue;
            };
            if self.converting && converts(line.kind, line.code) {
                // The converted records go where the first of them stood.
                if !converted_written {
                    converted_written = true;
                    for l in converted_lines(t, self.target) {
                        push_line(&mut out, &l, l.as_bytes());
                        out.canonical += 1;
                    }
                }
                continue;
            }
            match &self.canonical[i] {
                Some((c, bytes)) if !keep(line) => {
                    if bytes.as_slice() != original {
                        out.canonical += 1;
                    }
                    push_line(&mut out, c, bytes);
                }
                _ => {
                    out.verbatim += 1;
                    push_line(&mut out, &self.parsed.text[line.span.range()], original);
                }
            }
        }
        if self.converting && !converted_written {
            for l in converted_lines(t, self.target) {
                push_line(&mut out, &l, l.as_bytes());
                out.canonical += 1;
            }
        }
        out
    }
}

/// A `042`/`052` date whose day and month order the report's other dates
/// settled (`052 05.03.2025` beside round dates in March) reads alone as
/// ambiguous, so its line has no canonical form of its own, and with it
/// every date of the header kept its own format. It is written from the
/// date the report settled, in the one format of the header's dates; the
/// whole result is read again and compared with the source, as for every
/// line. A date nothing settles, or a line with any other finding, is kept.
fn settled_dates(
    parsed: &Parsed,
    model: &[Option<&Line>],
    canonical: &mut [Option<(String, Vec<u8>)>],
) {
    let t = &parsed.tournament;
    for (i, line) in model.iter().enumerate() {
        let Some(line) = line else { continue };
        if canonical[i].is_some() || line.kind != LineKind::Record {
            continue;
        }
        let (code, field) = match line.code {
            Some([b'0', b'4', b'2']) => ("042", &t.header.start_date),
            Some([b'0', b'5', b'2']) => ("052", &t.header.end_date),
            _ => continue,
        };
        let Some(date) = field
            .as_ref()
            .filter(|f| !f.value.ambiguous)
            .and_then(|f| f.value.date)
        else {
            continue;
        };
        let within = |at: u32| line.span.start <= at && at < line.span.end.max(line.span.start + 1);
        let only_settled = parsed
            .diagnostics
            .iter()
            .filter(|d| d.labels.iter().any(|l| within(l.span.start)))
            .all(|d| d.code == "TRF-S009")
            && !parsed.dropped_at.iter().any(|&at| within(at));
        let text = &parsed.text[line.span.range()];
        let guessed = parsed.fallback_lines.binary_search(&line.number).is_ok();
        if !only_settled || guessed || text.contains('\u{FFFD}') {
            continue;
        }
        let written = format!("{code} {}", date.format("%Y/%m/%d"));
        canonical[i] = encode(&written, t.encoding).map(|b| (written, b));
    }
}

/// The tournament's dates (`042`, `052`, `132`) are read together: the
/// day-month order of an ambiguous one (`04/05/2025`) is settled by the
/// others (`15/06/2025` says day first). So they are rewritten together or
/// not at all: when one of them is kept as it was (it has a finding, or no
/// canonical form), rewriting the others would take away the clue that
/// settled it, and `check` would find the report graver after `fmt` than
/// before. The header's dates then also stay in one format.
fn dates_together(model: &[Option<&Line>], canonical: &mut [Option<(String, Vec<u8>)>]) {
    let is_date = |l: &Option<&Line>| {
        l.is_some_and(|l| {
            l.kind == LineKind::Record
                && matches!(&l.code, Some(c) if matches!(c, b"042" | b"052" | b"132"))
        })
    };
    let kept = model
        .iter()
        .zip(canonical.iter())
        .any(|(l, c)| is_date(l) && c.is_none());
    if kept {
        for (l, c) in model.iter().zip(canonical.iter_mut()) {
            if is_date(l) {
                *c = None;
            }
        }
    }
}

/// Whether a line holds values of a part of the model (as named by
/// [`different_parts`]); the parts without lines of their own hold every
/// line.
fn holds(part: &str, line: &Line) -> bool {
    let code = line.code.unwrap_or(*b"   ");
    match part {
        // Every header record's code ends in 2 (`012` … `362`).
        "header" => line.kind == LineKind::Record && code[2] == b'2',
        "players" => &code == b"001",
        "teams" => matches!(&code, b"013" | b"310"),
        "records" => line.kind != LineKind::Extension,
        _ => true,
    }
}

/// Refuses input that is not a TRF: no `001` line and no header record, or
/// more unknown lines than known ones.
fn refuse_non_trf(t: &Tournament) -> Result<(), RewriteError> {
    let records = t
        .lines
        .iter()
        .filter(|l| l.kind == LineKind::Record)
        .count();
    if records == 0 {
        return Err(RewriteError::NotTrf(
            "no `001` line and no header record".into(),
        ));
    }
    let unknown = t
        .lines
        .iter()
        .filter(|l| l.kind == LineKind::Unknown)
        .count();
    let known = t
        .lines
        .iter()
        .filter(|l| !matches!(l.kind, LineKind::Unknown | LineKind::Blank))
        .count();
    if unknown > known {
        return Err(RewriteError::NotTrf(format!(
            "{unknown} of its {} lines are no TRF record",
            unknown + known
        )));
    }
    Ok(())
}

/// For each of the file's `count` lines (by index), whether a syntax
/// finding points into it.
fn lines_with_findings(parsed: &Parsed, count: usize) -> Vec<bool> {
    let lines = &parsed.tournament.lines;
    let mut bad = vec![false; count];
    // The findings kept and, by where they pointed, those not kept.
    let starts = parsed
        .diagnostics
        .iter()
        .flat_map(|d| d.labels.iter().map(|l| l.span.start))
        .chain(parsed.dropped_at.iter().copied());
    {
        for start in starts {
            // The line whose start is the last at or before the span's start.
            let i = lines.partition_point(|x| x.span.start <= start);
            if let Some(line) = i.checked_sub(1).map(|i| &lines[i]) {
                if let Some(b) = bad.get_mut(line.number as usize - 1) {
                    *b = true;
                }
            }
        }
    }
    bad
}

/// Kinds of line that have a canonical form. Extension lines (`XX?`, `BB?`,
/// `DAT`, and whatever other programs invent) belong to the programs that
/// wrote them: they are kept as they are unless converted.
fn rewritable(kind: LineKind) -> bool {
    matches!(kind, LineKind::Record | LineKind::NationalRating)
}

/// Records that say the same thing differently in TRF16 and TRF26.
fn converts(kind: LineKind, code: Option<[u8; 3]>) -> bool {
    let Some(c) = code else { return false };
    match kind {
        LineKind::Record => matches!(&c, b"142" | b"152" | b"162" | b"240" | b"260"),
        LineKind::Extension => {
            matches!(&c, b"XXR" | b"XXC" | b"XXS" | b"XXP" | b"XXZ") || c.starts_with(b"BB")
        }
        _ => false,
    }
}

/// The converted records, as the writer gives them for the whole report.
fn converted_lines(t: &Tournament, target: Target) -> Vec<String> {
    write(t, target)
        .split("\r\n")
        .filter(|l| {
            let (code, kind) = lines::classify(l);
            converts(kind, code)
        })
        .map(str::to_owned)
        .collect()
}

/// The canonical form of one line, when it reads back to the same values
/// as the line itself and the line reads without a finding on its own.
fn canonical_line(text: &str, file: &Tournament, target: Target) -> Option<String> {
    let alone = parse_str(text);
    if !alone.diagnostics.is_empty() {
        return None;
    }
    let mut t = alone.tournament;
    // The file's dialect, not the one a single line suggests, decides
    // whether anything is converted.
    t.dialect = file.dialect.clone();
    let written = write(&t, target);
    let line = written.strip_suffix("\r\n")?;
    if line.contains(['\r', '\n']) {
        return None;
    }
    let again = parse_str(line);
    (again.diagnostics.is_empty()
        && different_parts(&again.tournament, &t).is_empty()
        && keeps_words(text, line))
    .then(|| line.to_owned())
}

/// Whether `canonical` keeps every word of `original` that the model may
/// not hold. The reader reads a record's columns and leaves alone what it
/// does not know (a region code after a national rating, a sex `u`, an
/// `X 0.5` pair in a `162` record, a remark after a count); reading back
/// the same values cannot see such a word go. So a canonical form may
/// only change the form of numbers and dates (`28. 07. 2005` →
/// `2005/07/28`, `0005` → `5`: values the read-back compares), and only
/// by writing them anew: every other word of the line, letters and signs,
/// must still be there, as often.
fn keeps_words(original: &str, canonical: &str) -> bool {
    fn sorted(s: &str) -> Vec<&str> {
        let mut w: Vec<&str> = s.split_whitespace().collect();
        w.sort_unstable();
        w
    }
    // A number has a digit: `-----------` (a FIDE ID's placeholder) is a
    // word, and a canonical form that drops it is refused (a blank FIDE ID
    // is a missing one, graver than the placeholder; issue 39).
    let numeric = |w: &str| {
        w.bytes().any(|b| b.is_ascii_digit())
            && w.bytes()
                .all(|b| b.is_ascii_digit() || b"./,:-".contains(&b))
    };
    let (before, after) = (sorted(original), sorted(canonical));
    // A merge of the two sorted lists: the words only `before` has are
    // lost, those only `after` has are new.
    let (mut i, mut j) = (0, 0);
    let (mut lost_numbers, mut new_numbers) = (false, false);
    while i < before.len() || j < after.len() {
        match (before.get(i), after.get(j)) {
            (Some(b), Some(a)) if b == a => (i, j) = (i + 1, j + 1),
            (Some(b), a) if a.is_none_or(|a| b < a) => {
                if !numeric(b) {
                    return false;
                }
                lost_numbers = true;
                i += 1;
            }
            (_, Some(a)) => {
                new_numbers |= numeric(a);
                j += 1;
            }
            (_, None) => break,
        }
    }
    // Numbers written in another form leave their new form; numbers
    // simply gone (a date after the last column) do not.
    !lost_numbers || new_numbers
}

/// `text` in `encoding`, or `None` when a character has no byte there.
fn encode(text: &str, encoding: TextEncoding) -> Option<Vec<u8>> {
    let single = |enc: &'static encoding_rs::Encoding| {
        let (bytes, _, errors) = enc.encode(text);
        (!errors).then(|| bytes.into_owned())
    };
    match encoding {
        TextEncoding::Ascii | TextEncoding::Utf8 => Some(text.as_bytes().to_vec()),
        TextEncoding::Windows1252 => single(encoding_rs::WINDOWS_1252),
        TextEncoding::Iso8859_2 => single(encoding_rs::ISO_8859_2),
        // encoding_rs reads the label ISO-8859-1 as Windows-1252: Latin-1 is
        // the first 256 code points.
        TextEncoding::Iso8859_1 => text
            .chars()
            .map(|c| u8::try_from(u32::from(c)).ok())
            .collect(),
        TextEncoding::Utf16 => None,
    }
}

fn push_line(out: &mut Rewritten, text: &str, bytes: &[u8]) {
    out.bytes.extend_from_slice(bytes);
    out.bytes.extend_from_slice(b"\r\n");
    out.text.push_str(text);
    out.text.push('\n');
}

/// Reads `bytes` again and names the parts whose values differ from the
/// source's (players and teams only when converting, since the converted
/// records move between the header and the extensions).
fn different_parts_after(
    source: &Source<'_>,
    bytes: &[u8],
    opts: &ReadOptions,
) -> Result<Vec<&'static str>, RewriteError> {
    let opts = ReadOptions {
        encoding: opts.encoding,
        max_file_bytes: u64::MAX,
        max_line_bytes: opts.max_line_bytes,
        // Only the values are compared: the findings are not needed.
        max_findings_per_rule: ReadOptions::default().max_findings_per_rule,
    };
    let again =
        parse_vec(bytes.to_vec(), &opts).map_err(|e| RewriteError::NotFaithful(e.to_string()))?;
    let mut parts = different_parts(&source.parsed.tournament, &again.tournament);
    if source.converting {
        parts.retain(|p| matches!(*p, "players" | "teams"));
    }
    Ok(parts)
}

/// The parts of two tournaments whose values differ. Layout is not
/// compared: the model's equality ignores spans and line numbers, and the
/// dialect is form, not content (a TRF06 file comes back as TRF16 once
/// canonical; one line alone suggests no dialect).
fn different_parts(a: &Tournament, b: &Tournament) -> Vec<&'static str> {
    let scoring = |t: &Tournament| crate::model::Scoring {
        source: crate::model::ScoringSource::Default,
        ..t.scoring.clone()
    };
    [
        ("header", a.header == b.header),
        ("players", a.players == b.players),
        ("teams", a.teams == b.teams),
        ("scoring", scoring(a) == scoring(b)),
        ("rounds", a.rounds == b.rounds),
        ("extensions", a.extensions == b.extensions),
        ("records", a.records == b.records),
    ]
    .into_iter()
    .filter(|(_, same)| !same)
    .map(|(part, _)| part)
    .collect()
}

// `trf fmt`'s property: a unit test, as `rewrite` is the command's own
// (its reports come from the synthetic generator, which `cli` builds).
#[cfg(test)]
#[cfg(any(feature = "cli", feature = "generate"))]
mod props {
    use super::rewrite;

    /// The lines of `bytes`, without their endings, as the reader splits
    /// them.
    fn line_bytes(bytes: &[u8]) -> Vec<Vec<u8>> {
        crate::source::lines::split_bytes(bytes)
            .map(|(start, end)| bytes[start..end].to_vec())
            .collect()
    }

    /// Lines `fmt` does not model: comments, free text, `DAT` lines, unreadable
    /// values in a record.
    fn foreign_line() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::prelude::*;
        prop_oneof![
            "[ -~éüß]{0,50}".prop_map(|s| format!("### {s}")),
            "[a-z][ -~äö]{0,60}".prop_map(|s| format!("Note{s}")),
            "[a-z0-9 ]{1,30}".prop_map(|s| format!("DAT    1 x {s}")),
            "[A-Z]{1,3}".prop_map(|s| format!("062 {s}")),
        ]
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

        /// `fmt` keeps every line it does not model, byte for byte, where it
        /// stood, whatever the line says and wherever it is.
        #[test]
        fn fmt_keeps_every_non_modelled_line_verbatim(
            seed in 0u64..1000,
            inserts in proptest::collection::vec((0usize..1000, foreign_line()), 1..6),
        ) {
            use crate::generate::{generate, GenOptions};
            let mut opts = GenOptions::new(12, 5, seed);
            opts.diacritics = true;
            let text = generate(&opts).unwrap();
            let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
            let mut foreign = Vec::new();
            for (at, line) in inserts {
                let at = at % (lines.len() + 1);
                lines.insert(at, line.clone());
                foreign.push(line);
            }
            let source = lines.join("\n");
            let opts = crate::ReadOptions::default();
            let parsed = crate::parse_bytes(source.as_bytes(), &opts).unwrap();
            let target = crate::Target::for_dialect(parsed.tournament.dialect.dialect);
            let new = rewrite(&parsed, source.as_bytes(), target, &opts).unwrap();
            let out: Vec<Vec<u8>> = line_bytes(&new.bytes);
            let src: Vec<Vec<u8>> = line_bytes(source.as_bytes());
            proptest::prop_assert_eq!(out.len(), src.len());
            for (i, line) in src.iter().enumerate() {
                if foreign.iter().any(|f| f.as_bytes() == line.as_slice()) {
                    proptest::prop_assert_eq!(&out[i], line, "line {} changed", i + 1);
                }
            }
        }
    }
}

#[cfg(test)]
mod dates {
    use super::*;

    fn fmt(text: &str) -> String {
        let opts = ReadOptions::default();
        let parsed = crate::read::parse_bytes(text.as_bytes(), &opts).unwrap();
        let target = Target::for_dialect(parsed.tournament.dialect.dialect);
        let out = rewrite(&parsed, text.as_bytes(), target, &opts).unwrap();
        String::from_utf8(out.bytes).unwrap()
    }

    const PLAYER: &str = "001    1      Doe, John                         2000 USA                    1990/01/01  0.0    1\n";
    const ROUNDS: &str = "132                                                                                        25/03/01  25/03/02\n";

    #[test]
    fn the_header_dates_are_written_in_one_format_once_settled() {
        // `05.03.2025` alone could be 5 March or 3 May: the round dates in
        // March settle it, and the header is then written in one format.
        let out = fmt(&format!(
            "012 Open\n042 2025-03-01\n052 05.03.2025\n{PLAYER}{ROUNDS}"
        ));
        assert!(
            out.contains("042 2025/03/01\r\n052 2025/03/05\r\n"),
            "{out}"
        );
    }

    #[test]
    fn a_date_nothing_settles_is_kept_as_written() {
        // No round dates, and the other date is ambiguous too: both could
        // be read two ways, so neither is rewritten.
        let out = fmt(&format!(
            "012 Open\n042 04.03.2025\n052 05.03.2025\n{PLAYER}"
        ));
        assert!(
            out.contains("042 04.03.2025\r\n052 05.03.2025\r\n"),
            "{out}"
        );
    }
}
