//! `trf fmt` on a real file: canonical lines where the reader understood
//! them, every other line verbatim, where it stood.
//!
//! [`crate::write`] writes a report from the model; a model holds only what
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

use crate::decode::TextEncoding;
use crate::lines::{self, LineKind};
use crate::model::Tournament;
use crate::parse::{parse_str, parse_vec, Parsed, ReadOptions};
use crate::write::{write, Target};

/// A rewritten report.
#[derive(Debug, Clone)]
pub struct Rewritten {
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
pub enum RewriteError {
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
pub fn rewrite(
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
    let src_lines: Vec<(usize, usize)> = lines::split_bytes(body).collect();
    if src_lines.len() != t.lines.len() {
        return Err(RewriteError::NotFaithful(format!(
            "{} lines in the file, {} read",
            src_lines.len(),
            t.lines.len()
        )));
    }
    let bad = lines_with_findings(parsed);
    let converting = Target::for_dialect(t.dialect.dialect) != target;
    let mut out = Rewritten {
        bytes: bom.to_vec(),
        text: String::with_capacity(parsed.text.len()),
        canonical: 0,
        verbatim: 0,
    };
    let mut converted_written = false;
    for (i, line) in t.lines.iter().enumerate() {
        let text = &parsed.text[line.span.range()];
        let original = &body[src_lines[i].0..src_lines[i].1];
        if converting && converts(line.kind, line.code) {
            if bad[i] {
                return Err(RewriteError::Unconvertible(line.number));
            }
            // The converted records go where the first of them stood.
            if !converted_written {
                converted_written = true;
                for l in converted_lines(t, target) {
                    push_line(&mut out, &l, l.as_bytes());
                    out.canonical += 1;
                }
            }
            continue;
        }
        let rewritten = (!bad[i] && rewritable(line.kind) && !text.contains('\u{FFFD}'))
            .then(|| canonical_line(text, t, target))
            .flatten()
            .and_then(|c| encode(&c, line_encoding(parsed, line.number)).map(|b| (c, b)));
        match rewritten {
            Some((c, bytes)) => {
                if bytes != original {
                    out.canonical += 1;
                }
                push_line(&mut out, &c, &bytes);
            }
            None => {
                out.verbatim += 1;
                push_line(&mut out, text, original);
            }
        }
    }
    if converting && !converted_written {
        for l in converted_lines(t, target) {
            push_line(&mut out, &l, l.as_bytes());
            out.canonical += 1;
        }
    }
    same_content(t, &out.bytes, opts, converting)?;
    Ok(out)
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

/// For each line (by index), whether a syntax finding points into it.
fn lines_with_findings(parsed: &Parsed) -> Vec<bool> {
    let lines = &parsed.tournament.lines;
    let mut bad = vec![false; lines.len()];
    for d in &parsed.diagnostics {
        for l in &d.labels {
            // The line whose start is the last at or before the span's start.
            let i = lines.partition_point(|x| x.span.start <= l.span.start);
            if i > 0 {
                bad[i - 1] = true;
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
    let before = content(&alone.tournament);
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
    (again.diagnostics.is_empty() && content(&again.tournament) == before).then(|| line.to_owned())
}

/// The encoding line `number` was read in.
fn line_encoding(parsed: &Parsed, number: u32) -> TextEncoding {
    if parsed.fallback_lines.binary_search(&number).is_ok() {
        TextEncoding::Windows1252
    } else {
        parsed.tournament.encoding
    }
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

/// Reads the result again and compares it with the source's model: layout
/// aside, the same values (players and teams only when converting, since
/// the converted records move between the header and the extensions).
fn same_content(
    t: &Tournament,
    bytes: &[u8],
    opts: &ReadOptions,
    converting: bool,
) -> Result<(), RewriteError> {
    let opts = ReadOptions {
        encoding: opts.encoding,
        max_file_bytes: u64::MAX,
        max_line_bytes: opts.max_line_bytes,
        threads: opts.threads,
        max_findings_per_rule: 0,
    };
    let again =
        parse_vec(bytes.to_vec(), &opts).map_err(|e| RewriteError::NotFaithful(e.to_string()))?;
    let (a, b) = if converting {
        let part = |t: &Tournament| {
            strip_layout(serde_json::json!({ "players": &t.players, "teams": &t.teams }))
        };
        (part(t), part(&again.tournament))
    } else {
        (content(t), content(&again.tournament))
    };
    if a == b {
        Ok(())
    } else {
        Err(RewriteError::NotFaithful(first_difference("", &a, &b)))
    }
}

/// A tournament without its layout (line numbers, spans, the dialect), as
/// JSON. The dialect is form, not content: a TRF06 file comes back as
/// TRF16 once canonical, and one line alone suggests no dialect.
fn content(t: &Tournament) -> serde_json::Value {
    let mut v = strip_layout(serde_json::to_value(t).unwrap_or_default());
    if let Some(m) = v.as_object_mut() {
        m.remove("dialect");
    }
    v
}

fn strip_layout(mut v: serde_json::Value) -> serde_json::Value {
    fn strip(v: &mut serde_json::Value) {
        match v {
            serde_json::Value::Object(m) => {
                for k in ["line", "lines", "span", "evidence", "round_dates_span"] {
                    m.remove(k);
                }
                m.values_mut().for_each(strip);
            }
            serde_json::Value::Array(a) => a.iter_mut().for_each(strip),
            _ => {}
        }
    }
    strip(&mut v);
    v
}

/// The path of the first value that differs, for the refusal message.
fn first_difference(path: &str, a: &serde_json::Value, b: &serde_json::Value) -> String {
    use serde_json::Value;
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for (k, va) in x {
                let vb = y.get(k).unwrap_or(&Value::Null);
                if va != vb {
                    return first_difference(&format!("{path}/{k}"), va, vb);
                }
            }
            format!("{path}: fields differ")
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            for (i, (va, vb)) in x.iter().zip(y).enumerate() {
                if va != vb {
                    return first_difference(&format!("{path}/{i}"), va, vb);
                }
            }
            format!("{path}: differ")
        }
        _ => format!("{path}: {a} became {b}"),
    }
}
