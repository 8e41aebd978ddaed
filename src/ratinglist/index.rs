//! A compact on-disk index for repeated lookups in one plain list file.
//!
//! File layout (all integers little-endian), written beside the list as
//! `<list>.trfidx`:
//!
//! | bytes | content |
//! |---|---|
//! | 0..8 | magic `TRFKIDX1` |
//! | 8..16 | list size in bytes when indexed |
//! | 16..24 | list modification time, seconds since the Unix epoch (i64) |
//! | 24..28 | nanoseconds of that time |
//! | 28..32 | reserved, 0 |
//! | 32..40 | entry count `n` |
//! | 40..40+16n | `n` pairs (FIDE ID u64, byte offset of its line or `<player>` u64), sorted by ID, one per ID (its first occurrence) |
//!
//! A lookup reads the whole index with one read (16 bytes per player:
//! ~31 MB for the full combined list), binary-searches it, and reads only
//! the wanted records from the list. Size and modification time detect a
//! list replaced since (then [`ListError::StaleIndex`]).

use super::error::ListError;
use super::record::{ListMeta, ListRecord};
use super::scan::{self, Format, Prepared, Visit, MAX_RECORD};
use super::{txt, xml, zip, Input, ListSource, Wanted};
use serde::Serialize;
use std::collections::HashMap;
use std::fs::{self, File};
use std::io::{self, Read, Seek, SeekFrom};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

const MAGIC: &[u8; 8] = b"TRFKIDX1";
const HEADER_LEN: usize = 40;
const ENTRY_LEN: usize = 16;

/// The index file of a list: the list's path with `.trfidx` appended.
pub(crate) fn index_path(list: &Path) -> PathBuf {
    let mut s = list.as_os_str().to_owned();
    s.push(".trfidx");
    PathBuf::from(s)
}

/// What [`build_index`] wrote.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct IndexInfo {
    /// The index file.
    pub path: PathBuf,
    /// Distinct FIDE IDs indexed.
    pub entries: u64,
    /// Records whose ID occurred earlier in the list (not indexed).
    pub duplicates: u64,
    /// What the list is.
    pub meta: ListMeta,
}

/// Scans a plain list file once and writes its index beside it
/// (the list's path with `.trfidx` appended). Zip archives and in-memory lists cannot be indexed
/// (offsets must address the file itself): [`ListError::NotIndexable`].
pub fn build_index<'a>(list: impl Into<ListSource<'a>>) -> Result<IndexInfo, ListError> {
    let source = list.into();
    let path = plain_path(&source)?;
    let io_err = |p: &Path| {
        let p = p.to_path_buf();
        move |source| ListError::Io { path: p, source }
    };
    let mut file = File::open(path).map_err(io_err(path))?;
    let stamp = Stamp::of(&file.metadata().map_err(io_err(path))?);
    let mut collect = Collect::default();
    let prepared = scan::run(&mut file, &source.context(), &mut collect)?;
    let mut pairs = collect.pairs;
    let total = pairs.len() as u64;
    // Sorting by (id, offset) puts each ID's first occurrence first.
    pairs.sort_unstable();
    pairs.dedup_by_key(|p| p.0);
    let entries = pairs.len() as u64;

    let out = index_path(path);
    // `LIST.trfidx` is a name trfkit derived: a link planted there (in a
    // shared folder) is refused, never followed.
    use crate::write::atomic::{write_to, Existing, Named};
    write_to(&out, Existing::Replace, Named::Derived, |w| {
        w.write_all(MAGIC)?;
        w.write_all(&stamp.len.to_le_bytes())?;
        w.write_all(&stamp.secs.to_le_bytes())?;
        w.write_all(&stamp.nanos.to_le_bytes())?;
        w.write_all(&0u32.to_le_bytes())?;
        w.write_all(&entries.to_le_bytes())?;
        for (id, offset) in &pairs {
            w.write_all(&id.to_le_bytes())?;
            w.write_all(&offset.to_le_bytes())?;
        }
        Ok(())
    })
    .map_err(|e| ListError::Write {
        path: out.clone(),
        source: e,
    })?;
    Ok(IndexInfo {
        path: out,
        entries,
        duplicates: total - entries,
        meta: prepared.meta,
    })
}

/// The lookup behind [`super::RatingList::lookup_indexed`].
pub(crate) fn lookup(
    source: &ListSource<'_>,
    ids: &[u64],
) -> Result<HashMap<u64, ListRecord>, ListError> {
    let path = plain_path(source)?;
    let index = index_path(path);
    let bad = |reason: String| ListError::BadIndex {
        path: index.clone(),
        reason,
    };
    // An index is 16 bytes a player; a list holds at least a line of
    // them. One larger than its list is not read at all (a 3 GB file was
    // read whole): it is damaged or not ours, and the list is scanned.
    let list_len = fs::metadata(path)
        .map_err(|e| ListError::Io {
            path: path.to_path_buf(),
            source: e,
        })?
        .len();
    let index_len = fs::metadata(&index)
        .map_err(|e| ListError::Io {
            path: index.clone(),
            source: e,
        })?
        .len();
    if index_len > list_len.saturating_add(HEADER_LEN as u64) {
        return Err(bad(format!(
            "it is {index_len} bytes, larger than its list ({list_len} bytes)"
        )));
    }
    let bytes = fs::read(&index).map_err(|e| ListError::Io {
        path: index.clone(),
        source: e,
    })?;
    if bytes.len() < HEADER_LEN || &bytes[..8] != MAGIC {
        return Err(bad("not a trfkit rating list index".to_string()));
    }
    let u64_at = |at: usize| {
        let mut b = [0u8; 8];
        b.copy_from_slice(&bytes[at..at + 8]);
        u64::from_le_bytes(b)
    };
    let recorded = Stamp {
        len: u64_at(8),
        secs: i64::from_le_bytes(bytes[16..24].try_into().unwrap_or_default()),
        nanos: u32::from_le_bytes(bytes[24..28].try_into().unwrap_or_default()),
    };
    let count = u64_at(32);
    let expected = usize::try_from(count)
        .ok()
        .and_then(|c| c.checked_mul(ENTRY_LEN))
        .and_then(|n| n.checked_add(HEADER_LEN));
    if expected != Some(bytes.len()) {
        return Err(bad(format!(
            "{count} entries need {} bytes, the file has {}",
            expected.map_or_else(|| "too many".to_string(), |e| e.to_string()),
            bytes.len()
        )));
    }
    let count = (bytes.len() - HEADER_LEN) / ENTRY_LEN;

    let mut file = File::open(path).map_err(|e| ListError::Io {
        path: path.to_path_buf(),
        source: e,
    })?;
    let meta = file.metadata().map_err(|e| ListError::Io {
        path: path.to_path_buf(),
        source: e,
    })?;
    let now = Stamp::of(&meta);
    if now != recorded {
        return Err(ListError::StaleIndex {
            path: index,
            reason: format!(
                "the list is {} bytes modified at {}.{:09}, the index was built for {} bytes modified at {}.{:09}",
                now.len, now.secs, now.nanos, recorded.len, recorded.secs, recorded.nanos
            ),
        });
    }

    let id_at = |i: usize| u64_at(HEADER_LEN + i * ENTRY_LEN);
    let wanted = Wanted::new(ids);
    let mut hits: Vec<(u64, u64)> = Vec::with_capacity(wanted.len());
    for &id in wanted.ids() {
        let (mut lo, mut hi) = (0usize, count);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if id_at(mid) < id {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        if lo < count && id_at(lo) == id {
            hits.push((u64_at(HEADER_LEN + lo * ENTRY_LEN + 8), id));
        }
    }
    drop(bytes);
    let mut found = HashMap::with_capacity(hits.len());
    if hits.is_empty() {
        return Ok(found);
    }
    let prepared = prepare_file(&mut file, source)?;
    // Ascending offsets: the reads move forward through the file.
    hits.sort_unstable();
    let io_err = |e| ListError::Io {
        path: path.to_path_buf(),
        source: e,
    };
    for (offset, id) in hits {
        let stale = |what: &str| ListError::StaleIndex {
            path: index_path(path),
            reason: format!("the record at byte {offset} {what} FIDE ID {id}"),
        };
        if offset >= list_len {
            return Err(ListError::BadIndex {
                path: index_path(path),
                reason: format!(
                    "FIDE ID {id} points to byte {offset}, past the end of the list ({list_len} bytes)"
                ),
            });
        }
        let record = match &prepared.format {
            Format::Txt(layout) => {
                let line = read_until(&mut file, offset, b"\n").map_err(io_err)?;
                let line = line.strip_suffix(b"\n").unwrap_or(&line);
                let line = line.strip_suffix(b"\r").unwrap_or(line);
                if txt::line_id(layout, line) != Some(id) {
                    return Err(stale("does not hold"));
                }
                prepared.decode_line(layout, line)
            }
            Format::Xml { .. } => {
                let block = read_until(&mut file, offset, xml::PLAYER_CLOSE).map_err(io_err)?;
                if xml::block_id(&block) != Some(id) {
                    return Err(stale("does not hold"));
                }
                prepared.decode_block(&block)
            }
        };
        let record = record.ok_or_else(|| stale("cannot be decoded as"))?;
        found.insert(id, record);
    }
    Ok(found)
}

fn plain_path<'s>(source: &'s ListSource<'_>) -> Result<&'s Path, ListError> {
    let Input::Path(path) = source.input else {
        return Err(ListError::NotIndexable {
            path: source.display_path(),
            reason: "an in-memory list has no file to index".to_string(),
        });
    };
    let mut magic = Vec::with_capacity(4);
    File::open(path)
        .and_then(|f| f.take(4).read_to_end(&mut magic))
        .map_err(|e| ListError::Io {
            path: path.to_path_buf(),
            source: e,
        })?;
    if zip::is_zip(&magic) {
        return Err(ListError::NotIndexable {
            path: path.to_path_buf(),
            reason:
                "offsets in a compressed zip member cannot be read directly; extract the list first"
                    .to_string(),
        });
    }
    Ok(path)
}

/// Detects the layout from the start of the file.
fn prepare_file(file: &mut File, source: &ListSource<'_>) -> Result<Prepared, ListError> {
    let ctx = source.context();
    let io_err = |e| ListError::Io {
        path: ctx.path.clone(),
        source: e,
    };
    file.seek(SeekFrom::Start(0)).map_err(io_err)?;
    let mut prefix = Vec::with_capacity(8192);
    loop {
        let before = prefix.len();
        Read::by_ref(file)
            .take(8192)
            .read_to_end(&mut prefix)
            .map_err(io_err)?;
        let eof = prefix.len() - before < 8192;
        let data = prefix.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&prefix);
        match scan::prepare(data, eof, &ctx) {
            Ok((prepared, _)) => return Ok(prepared),
            Err(Some(e)) => return Err(e),
            // `prepare` always decides at end of input.
            Err(None) if eof => return Err(ListError::Empty { path: ctx.path }),
            Err(None) => {}
        }
    }
}

/// Reads from `offset` through the first `end` marker (or end of file).
fn read_until(file: &mut File, offset: u64, end: &[u8]) -> io::Result<Vec<u8>> {
    file.seek(SeekFrom::Start(offset))?;
    let mut buf = Vec::with_capacity(1024);
    let mut searched: usize = 0;
    loop {
        let before = buf.len();
        Read::by_ref(file).take(1024).read_to_end(&mut buf)?;
        let from = searched.saturating_sub(end.len());
        if let Some(p) = memchr::memmem::find(&buf[from..], end) {
            buf.truncate(from + p + end.len());
            return Ok(buf);
        }
        searched = buf.len();
        if buf.len() == before || buf.len() > MAX_RECORD {
            return Ok(buf);
        }
    }
}

/// Size and modification time of a list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Stamp {
    len: u64,
    secs: i64,
    nanos: u32,
}

impl Stamp {
    fn of(meta: &fs::Metadata) -> Stamp {
        let (secs, nanos) = match meta.modified() {
            Ok(t) => match t.duration_since(UNIX_EPOCH) {
                Ok(d) => (
                    i64::try_from(d.as_secs()).unwrap_or(i64::MAX),
                    d.subsec_nanos(),
                ),
                Err(e) => (
                    -i64::try_from(e.duration().as_secs()).unwrap_or(i64::MAX),
                    e.duration().subsec_nanos(),
                ),
            },
            // No modification time on this platform: size alone decides.
            Err(_) => (0, 0),
        };
        Stamp {
            len: meta.len(),
            secs,
            nanos,
        }
    }
}

/// Collects `(id, offset)` of every record.
#[derive(Default)]
struct Collect {
    pairs: Vec<(u64, u64)>,
}

impl Visit for Collect {
    fn region(&mut self, list: &Prepared, base: u64, region: &[u8]) -> ControlFlow<()> {
        match &list.format {
            Format::Txt(layout) => scan::for_each_line(region, |off, line| {
                if let Some(id) = txt::line_id(layout, line) {
                    self.pairs.push((id, base + off as u64));
                }
                ControlFlow::Continue(())
            }),
            Format::Xml { .. } => {
                for block in xml::blocks(region) {
                    if let xml::Block::Complete(s, e) = block {
                        if let Some(id) = xml::block_id(&region[s..e]) {
                            self.pairs.push((id, base + s as u64));
                        }
                    }
                }
                ControlFlow::Continue(())
            }
        }
    }
}
