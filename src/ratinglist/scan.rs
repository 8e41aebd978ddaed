//! The one-pass driver: reads a list in large chunks, detects its layout and
//! hands regions of complete records to a visitor.
//!
//! Memory stays at one buffer (8 MiB by default) whatever the list's size: a
//! record that straddles two chunks is moved to the front of the buffer and
//! completed by the next read. The buffer only grows for a record larger
//! than itself, up to [`MAX_RECORD`].

use super::error::ListError;
use super::layout::{self, DetectError, Detected, Field, TxtLayout};
use super::record::{ListKind, ListLayout, ListMeta, ListPeriod, ListRecord, RatingKind};
use super::{txt, xml};
use std::io::{self, Read};
use std::ops::ControlFlow;
use std::path::PathBuf;

/// Default read size.
pub(crate) const DEFAULT_BUFFER: usize = 8 * 1024 * 1024;
/// Largest single line or element accepted. Real records are under 1 KiB.
pub(crate) const MAX_RECORD: usize = 4 * 1024 * 1024;

/// Where the bytes come from, for messages and for what a name reveals.
#[derive(Debug, Clone)]
pub(crate) struct Context {
    /// Shown in errors.
    pub path: PathBuf,
    /// File names that may reveal kind and period, most specific first
    /// (zip member, then the file itself).
    pub names: Vec<String>,
    pub kind: Option<RatingKind>,
    pub buffer_size: usize,
}

/// The physical format once detected.
#[derive(Debug, Clone)]
pub(crate) enum Format {
    Txt(Box<TxtLayout>),
    Xml { self_closing: bool },
}

/// A detected list: how to cut and decode its records.
#[derive(Debug, Clone)]
pub(crate) struct Prepared {
    pub format: Format,
    pub meta: ListMeta,
    /// Where a per-type list's single rating goes.
    pub slot: RatingKind,
}

impl Prepared {
    fn list_year(&self) -> Option<u16> {
        self.meta.period.map(|p| p.year)
    }

    /// Decodes one TXT data line (without line end).
    pub(super) fn decode_line(&self, layout: &TxtLayout, line: &[u8]) -> Option<ListRecord> {
        txt::decode_line(layout, line, self.slot, self.list_year())
    }

    /// Decodes one `<player>` element.
    pub(super) fn decode_block(&self, block: &[u8]) -> Option<ListRecord> {
        xml::decode_block(block, self.slot, self.list_year())
    }
}

/// Receives regions of complete records.
pub(crate) trait Visit {
    /// `region` holds only whole records (lines or `<player>` elements),
    /// except that the last region of the input may end with an
    /// unterminated line; `base` is its offset in the uncompressed stream.
    fn region(&mut self, list: &Prepared, base: u64, region: &[u8]) -> ControlFlow<()>;

    /// Called once after detection, before any region; `Break` stops early.
    fn start(&mut self, _list: &Prepared) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

/// Calls `f(offset_in_region, line)` for each line, without its `\r\n`.
#[inline]
pub(crate) fn for_each_line(
    region: &[u8],
    mut f: impl FnMut(usize, &[u8]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let mut start = 0;
    for nl in memchr::memchr_iter(b'\n', region) {
        let line = &region[start..nl];
        f(start, line.strip_suffix(b"\r").unwrap_or(line))?;
        start = nl + 1;
    }
    if start < region.len() {
        let line = &region[start..];
        f(start, line.strip_suffix(b"\r").unwrap_or(line))?;
    }
    ControlFlow::Continue(())
}

struct Chunks<'r> {
    reader: &'r mut dyn Read,
    buf: Vec<u8>,
    start: usize,
    end: usize,
    /// Stream offset of `buf[0]`.
    base: u64,
    eof: bool,
}

impl Chunks<'_> {
    fn data(&self) -> &[u8] {
        &self.buf[self.start..self.end]
    }

    fn offset(&self) -> u64 {
        self.base + self.start as u64
    }

    fn consume(&mut self, n: usize) {
        self.start += n;
    }

    /// Moves unconsumed bytes to the front, grows the buffer when they fill
    /// it, and reads until the buffer is full or the input ends.
    fn fill(&mut self) -> io::Result<()> {
        if self.eof {
            return Ok(());
        }
        if self.start > 0 {
            self.buf.copy_within(self.start..self.end, 0);
            self.base += self.start as u64;
            self.end -= self.start;
            self.start = 0;
        }
        if self.end == self.buf.len() {
            let grown = (self.buf.len() * 2).max(4096);
            self.buf.resize(grown, 0);
        }
        while self.end < self.buf.len() {
            match self.reader.read(&mut self.buf[self.end..]) {
                Ok(0) => {
                    self.eof = true;
                    break;
                }
                Ok(n) => self.end += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }
}

/// Reads `reader` to the end (or until the visitor stops) and returns what
/// was detected.
pub(crate) fn run(
    reader: &mut dyn Read,
    ctx: &Context,
    visit: &mut dyn Visit,
) -> Result<Prepared, ListError> {
    let io_err = |source| ListError::Io {
        path: ctx.path.clone(),
        source,
    };
    let mut chunks = Chunks {
        reader,
        buf: vec![0; ctx.buffer_size.max(16)],
        start: 0,
        end: 0,
        base: 0,
        eof: false,
    };
    chunks.fill().map_err(io_err)?;
    if chunks.data().starts_with(b"\xEF\xBB\xBF") {
        chunks.consume(3);
    }
    let (prepared, body) = loop {
        match prepare(chunks.data(), chunks.eof, ctx) {
            Ok(done) => break done,
            Err(Some(e)) => return Err(e),
            // `prepare` always decides at the end of the input.
            Err(None) if chunks.eof => {
                return Err(ListError::Empty {
                    path: ctx.path.clone(),
                })
            }
            Err(None) => chunks.fill().map_err(io_err)?,
        }
    };
    chunks.consume(body);
    if visit.start(&prepared).is_break() {
        return Ok(prepared);
    }
    loop {
        let data = chunks.data();
        if chunks.eof {
            check_end(&prepared, data, chunks.offset(), ctx)?;
            let _ = visit.region(&prepared, chunks.offset(), data);
            return Ok(prepared);
        }
        let cut = match &prepared.format {
            Format::Txt(_) => memchr::memrchr(b'\n', data).map(|p| p + 1),
            Format::Xml { .. } => xml::last_block_end(data),
        };
        match cut {
            Some(cut) => {
                let flow = visit.region(&prepared, chunks.offset(), &data[..cut]);
                chunks.consume(cut);
                if flow.is_break() {
                    return Ok(prepared);
                }
            }
            None if data.len() >= MAX_RECORD => {
                return Err(ListError::RecordTooLong {
                    path: ctx.path.clone(),
                    offset: chunks.offset(),
                    limit: MAX_RECORD,
                })
            }
            None => {}
        }
        chunks.fill().map_err(io_err)?;
    }
}

/// Detects the layout from the first bytes (BOM already removed). Returns
/// the prepared list and the number of bytes before the first record, or
/// `Err(None)` when more bytes are needed.
pub(crate) fn prepare(
    data: &[u8],
    eof: bool,
    ctx: &Context,
) -> Result<(Prepared, usize), Option<ListError>> {
    let detected = match layout::detect(data, eof) {
        Ok(d) => d,
        Err(DetectError::NeedMore) => return Err(None),
        Err(DetectError::Empty) => {
            return Err(Some(ListError::Empty {
                path: ctx.path.clone(),
            }))
        }
        Err(DetectError::Utf16) => {
            return Err(Some(ListError::Utf16 {
                path: ctx.path.clone(),
            }))
        }
        Err(DetectError::Unknown { header, reason }) => {
            return Err(Some(ListError::UnknownLayout {
                path: ctx.path.clone(),
                header,
                reason,
            }))
        }
    };
    let name_kind = ctx.names.iter().find_map(|n| kind_from_name(n));
    let name_period = ctx.names.iter().find_map(|n| period_from_name(n));
    let (format, layout, combined, header, body, period) = match detected {
        Detected::Txt {
            layout,
            header,
            body,
        } => {
            let combined = matches!(
                layout.layout,
                ListLayout::CombinedFoa | ListLayout::CombinedLegacy
            );
            let period = layout.period.or(name_period);
            let kind = layout.layout;
            (
                Format::Txt(layout),
                kind,
                combined,
                Some(header),
                body,
                period,
            )
        }
        Detected::Xml { body, self_closing } => {
            // The first element tells a combined from a per-type XML list.
            let rest = &data[body..];
            let first = xml::blocks(rest).next();
            let combined = match first {
                Some(xml::Block::Complete(s, e)) => xml::is_combined_block(&rest[s..e]),
                _ if !eof && !self_closing && data.len() < layout::MAX_PREFIX => return Err(None),
                _ => name_kind.is_none() && ctx.kind.is_none() && names_combined(&ctx.names),
            };
            let layout = if combined {
                ListLayout::XmlCombined
            } else {
                ListLayout::XmlSingle
            };
            (
                Format::Xml { self_closing },
                layout,
                combined,
                None,
                body,
                name_period,
            )
        }
    };
    let (kind, slot, kind_assumed) = if combined {
        (ListKind::Combined, RatingKind::Standard, false)
    } else {
        match ctx.kind.or(name_kind) {
            Some(k) => (ListKind::Single(k), k, false),
            // Only standard lists existed before 2012 (§1.5).
            None if layout == ListLayout::Pre2012 => (
                ListKind::Single(RatingKind::Standard),
                RatingKind::Standard,
                false,
            ),
            None => (
                ListKind::Single(RatingKind::Standard),
                RatingKind::Standard,
                true,
            ),
        }
    };
    let meta = ListMeta {
        layout,
        kind,
        kind_assumed,
        period,
        header,
        name: ctx.names.first().cloned(),
    };
    Ok((Prepared { format, meta, slot }, body))
}

/// The end of the input: a cut-off last record is an error.
fn check_end(list: &Prepared, tail: &[u8], offset: u64, ctx: &Context) -> Result<(), ListError> {
    let truncated = |at: usize, detail: &str| ListError::Truncated {
        path: ctx.path.clone(),
        offset: offset + at as u64,
        detail: detail.to_string(),
    };
    match &list.format {
        Format::Txt(layout) => {
            // An unterminated last line that does not even reach the
            // federation column was cut inside the name: real lines are
            // padded (or at least carry the federation).
            let last_start = memchr::memrchr(b'\n', tail).map_or(0, |p| p + 1);
            let last = &tail[last_start..];
            let last = last.strip_suffix(b"\r").unwrap_or(last);
            let min = layout
                .col(Field::Fed)
                .or(layout.col(Field::Title))
                .map_or(layout.id_end(), |c| c.start);
            if !last.iter().all(|&b| b == b' ' || b == b'\t')
                && last.len() < min
                && txt::line_id(layout, last).is_some()
            {
                return Err(truncated(
                    last_start,
                    "the last line has no line end and stops before the federation column",
                ));
            }
            Ok(())
        }
        Format::Xml { self_closing } => {
            if let Some(xml::Block::Open(at)) = xml::blocks(tail).last() {
                return Err(truncated(at, "a <player> element has no </player>"));
            }
            let after = xml::last_block_end(tail).unwrap_or(0);
            if !self_closing && memchr::memmem::find(&tail[after..], b"</playerslist").is_none() {
                return Err(truncated(after, "the </playerslist> end tag is missing"));
            }
            Ok(())
        }
    }
}

fn file_name(name: &str) -> &str {
    name.rsplit(['/', '\\']).next().unwrap_or(name)
}

/// `standard…`, `rapid…`, `blitz…` in a file name.
pub(crate) fn kind_from_name(name: &str) -> Option<RatingKind> {
    let n = file_name(name).to_ascii_lowercase();
    [
        ("standard", RatingKind::Standard),
        ("rapid", RatingKind::Rapid),
        ("blitz", RatingKind::Blitz),
    ]
    .iter()
    .find(|(word, _)| n.contains(word))
    .map(|&(_, k)| k)
}

fn names_combined(names: &[String]) -> bool {
    names.iter().any(|n| {
        file_name(n)
            .to_ascii_lowercase()
            .starts_with("players_list")
    })
}

/// `{mon}{yy}frl` in an archive file name (`standard_oct13frl.txt`,
/// `JAN01FRL.TXT`, `rapid_aug25frl_xml.xml`, §3.1).
pub(crate) fn period_from_name(name: &str) -> Option<ListPeriod> {
    let n = file_name(name).as_bytes();
    n.windows(8).find_map(|w| {
        if w[5..].eq_ignore_ascii_case(b"frl") {
            layout::month_token(&w[..5])
        } else {
            None
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        let p = |y, m| Some(ListPeriod { year: y, month: m });
        assert_eq!(period_from_name("standard_oct13frl.txt"), p(2013, 10));
        assert_eq!(period_from_name("dir/JAN01FRL.TXT"), p(2001, 1));
        assert_eq!(period_from_name("rapid_aug25frl_xml.xml"), p(2025, 8));
        assert_eq!(period_from_name("players_list_foa.txt"), None);
        assert_eq!(
            kind_from_name("Blitz_rating_list.txt"),
            Some(RatingKind::Blitz)
        );
        assert_eq!(
            kind_from_name("standard_feb15frl.txt"),
            Some(RatingKind::Standard)
        );
        assert_eq!(kind_from_name("rapid/players_list.txt"), None);
        assert_eq!(kind_from_name("may11frl.txt"), None);
    }

    #[test]
    fn lines_split_on_lf_and_crlf() {
        let mut got = Vec::new();
        let _ = for_each_line(b"a\r\nbb\n\nccc", |off, l| {
            got.push((off, l.to_vec()));
            ControlFlow::Continue(())
        });
        assert_eq!(
            got,
            vec![
                (0, b"a".to_vec()),
                (3, b"bb".to_vec()),
                (6, b"".to_vec()),
                (7, b"ccc".to_vec())
            ]
        );
    }
}
