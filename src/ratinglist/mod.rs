//! FIDE's downloadable rating lists: the combined and per-type TXT lists of
//! every era, the XML lists, and the zips they come in
//! (as FIDE publishes them at ratings.fide.com/download; our notes:
//! `docs/spec/rating-list-formats.md`, cited as "§" below).
//!
//! The workload this is built for: look up the 10–300 players of one
//! tournament in the 1.9 M-line, 320 MB combined list.
//!
//! - [`RatingList::lookup_many`] makes one pass over the bytes, read in
//!   8 MiB chunks (memory stays small), finds line ends with memchr, reads
//!   only the ID column of each line and decodes the full record only for
//!   wanted IDs. A zip member is streamed through the same scanner.
//! - [`build_index`] writes a small sorted `id → byte offset` file beside
//!   a plain list; [`RatingList::lookup_indexed`] then reads only the
//!   index and the wanted lines.
//! - [`RatingList::load`] decodes every record, for small lists and tests.
//!
//! The layout is detected from the TXT header line (columns are derived
//! from the header's tokens, see `layout.rs`) or from the XML root element,
//! never from the file name. Records are keyed by FIDE ID (`u64`); this
//! module does not depend on the TRF model. When a FIDE ID occurs more than
//! once, every reader returns its first occurrence.
//!
//! ```no_run
//! use trfkit::{RatingKind, RatingList};
//! use std::path::Path;
//!
//! let found = RatingList::lookup_many(Path::new("players_list.zip"), &[1503014, 2016192])?;
//! if let Some(p) = found.get(&1503014) {
//!     println!("{} {:?}", p.name, p.rating(RatingKind::Standard));
//! }
//! # Ok::<(), trfkit::ListError>(())
//! ```

mod error;
#[cfg(feature = "fs")]
mod index;
mod layout;
mod lookup;
mod names;
mod packed;
pub(crate) mod period;
mod record;
mod scan;
#[cfg(any(feature = "cli", feature = "generate"))]
#[cfg_attr(not(feature = "generate"), allow(unreachable_pub, dead_code))]
pub(crate) mod synth;
mod txt;
mod value;
mod xml;
mod zip;
#[cfg(feature = "cli")]
pub(crate) use zip::MAX_MEMBER_BYTES as MAX_LIST_BYTES;

pub use error::ListError;
#[cfg(feature = "fs")]
pub(crate) use index::index_path;
#[cfg(feature = "fs")]
pub use index::{build_index, IndexInfo};
pub use lookup::{ListLookup, LookupMethod, Status};
pub(crate) use names::{fold_name, same_name};
// `trf split` names a list by its month (the command's own).
#[cfg(feature = "cli")]
pub(crate) use period::month_name;
pub(crate) use period::{list_in_force, period_from_file_name};
pub use record::{ListKind, ListPeriod, ListRecord, RatingEntry};
pub use record::{ListLayout, ListMeta, RatingKind, Sex};

use scan::{Context, Format, Prepared, Visit};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
#[cfg(feature = "fs")]
use std::fs::File;
use std::io::Cursor;
#[cfg(feature = "fs")]
use std::io::{Read, Seek, SeekFrom};
use std::ops::ControlFlow;
#[cfg(feature = "fs")]
use std::path::Path;
use std::path::PathBuf;

/// Where a list is read from, and how.
///
/// Built from a path (`&Path`, `&PathBuf`; feature `fs`) or from bytes
/// (`&[u8]`, `&Vec<u8>`); either may be a plain list or a zip holding one.
/// A plain list may also be read as a stream ([`ListSource::stream`]).
#[derive(Debug, Clone)]
pub struct ListSource<'a> {
    input: Input<'a>,
    name: Option<String>,
    kind: Option<RatingKind>,
    buffer_size: usize,
}

#[derive(Debug, Clone, Copy)]
enum Input<'a> {
    #[cfg(feature = "fs")]
    Path(&'a Path),
    Bytes(&'a [u8]),
    Stream(Stream<'a>),
}

/// A plain list read once from its start, in pieces (a browser's file).
#[derive(Clone, Copy)]
struct Stream<'a>(&'a std::cell::RefCell<dyn std::io::Read + 'a>);

impl std::fmt::Debug for Stream<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Stream")
    }
}

impl<'a> ListSource<'a> {
    /// A list file (plain or zip; feature `fs`).
    #[cfg(feature = "fs")]
    pub fn path(path: &'a Path) -> Self {
        Self::new(Input::Path(path))
    }

    /// A list held in memory (plain or zip).
    pub fn bytes(bytes: &'a [u8]) -> Self {
        Self::new(Input::Bytes(bytes))
    }

    /// A plain list (TXT or XML, not a zip) read from `reader` in pieces
    /// as it is scanned, never held whole: FIDE's full list of all players
    /// (about 317 MB as TXT) in a browser. It can be scanned once.
    pub fn stream(reader: &'a std::cell::RefCell<dyn std::io::Read + 'a>) -> Self {
        Self::new(Input::Stream(Stream(reader)))
    }

    fn new(input: Input<'a>) -> Self {
        ListSource {
            input,
            name: None,
            kind: None,
            buffer_size: scan::DEFAULT_BUFFER,
        }
    }

    /// The file name to read kind and period from (`blitz_rating_list.txt`,
    /// `standard_oct13frl.txt`) when the input is bytes or a renamed file.
    pub fn named(mut self, name: impl Into<String>) -> Self {
        self.name = Some(name.into());
        self
    }

    /// The time control of a per-type list, overriding what the file name
    /// says. Ignored for combined lists.
    pub fn with_kind(mut self, kind: RatingKind) -> Self {
        self.kind = Some(kind);
        self
    }

    /// The read size (default 8 MiB). Larger records still work: the buffer
    /// grows for them.
    pub fn with_buffer_size(mut self, bytes: usize) -> Self {
        self.buffer_size = bytes.max(1);
        self
    }

    fn display_path(&self) -> PathBuf {
        match (self.input, &self.name) {
            #[cfg(feature = "fs")]
            (Input::Path(p), _) => p.to_path_buf(),
            (Input::Bytes(_) | Input::Stream(_), Some(n)) => PathBuf::from(n),
            (Input::Bytes(_) | Input::Stream(_), None) => PathBuf::from("<bytes>"),
        }
    }

    fn context(&self) -> Context {
        let mut names = Vec::new();
        if let Some(n) = &self.name {
            names.push(n.clone());
        }
        #[cfg(feature = "fs")]
        if let Input::Path(p) = self.input {
            if let Some(f) = p.file_name() {
                names.push(f.to_string_lossy().into_owned());
            }
        }
        Context {
            path: self.display_path(),
            names,
            kind: self.kind,
            buffer_size: self.buffer_size,
        }
    }
}

#[cfg(feature = "fs")]
impl<'a> From<&'a Path> for ListSource<'a> {
    fn from(p: &'a Path) -> Self {
        ListSource::path(p)
    }
}

#[cfg(feature = "fs")]
impl<'a> From<&'a PathBuf> for ListSource<'a> {
    fn from(p: &'a PathBuf) -> Self {
        ListSource::path(p)
    }
}

impl<'a> From<&'a [u8]> for ListSource<'a> {
    fn from(b: &'a [u8]) -> Self {
        ListSource::bytes(b)
    }
}

impl<'a> From<&'a Vec<u8>> for ListSource<'a> {
    fn from(b: &'a Vec<u8>) -> Self {
        ListSource::bytes(b)
    }
}

impl<'a, const N: usize> From<&'a [u8; N]> for ListSource<'a> {
    fn from(b: &'a [u8; N]) -> Self {
        ListSource::bytes(b)
    }
}

impl<'a> From<&'a ListSource<'a>> for ListSource<'a> {
    fn from(s: &'a ListSource<'a>) -> Self {
        s.clone()
    }
}

/// A whole list, decoded. For small lists and tests: the full combined list
/// holds 1.9 M records (several hundred MB decoded); use
/// [`RatingList::lookup_many`] for it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingList {
    /// Layout, kind and period.
    pub meta: ListMeta,
    /// Records in file order (duplicated IDs kept).
    pub records: Vec<ListRecord>,
    /// Non-blank lines or `<player>` elements without a readable FIDE ID.
    pub skipped: u64,
}

/// The result of [`RatingList::lookup`]: the wanted records found, and what
/// the list is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lookup {
    /// Layout, kind and period.
    pub meta: ListMeta,
    /// The wanted IDs that the list holds; absent IDs are simply missing.
    pub found: HashMap<u64, ListRecord>,
}

impl RatingList {
    /// Reads and decodes every record.
    pub fn load<'a>(source: impl Into<ListSource<'a>>) -> Result<RatingList, ListError> {
        let mut visit = LoadAll::default();
        let prepared = scan_source(&source.into(), &mut visit)?;
        Ok(RatingList {
            meta: prepared.meta,
            records: visit.records,
            skipped: visit.skipped,
        })
    }

    /// Finds the records of `ids` in one pass over the list, decoding only
    /// those. Stops reading as soon as every ID was found, so a list cut
    /// short after the last wanted player is not reported as truncated.
    /// Memory stays at one read buffer (8 MiB by default) plus the results.
    pub fn lookup_many<'a>(
        source: impl Into<ListSource<'a>>,
        ids: &[u64],
    ) -> Result<HashMap<u64, ListRecord>, ListError> {
        Self::lookup(source, ids).map(|l| l.found)
    }

    /// [`RatingList::lookup_many`], also returning the list's metadata.
    pub fn lookup<'a>(source: impl Into<ListSource<'a>>, ids: &[u64]) -> Result<Lookup, ListError> {
        let wanted = Wanted::new(ids);
        let mut visit = Find {
            found: HashMap::with_capacity(wanted.len()),
            wanted,
        };
        let prepared = scan_source(&source.into(), &mut visit)?;
        Ok(Lookup {
            meta: prepared.meta,
            found: visit.found,
        })
    }

    /// [`RatingList::lookup`] keeping the records packed ([`ListLookup`]'s
    /// store): the list's metadata and the records.
    pub(crate) fn lookup_packed(
        source: &ListSource<'_>,
        ids: &[u64],
    ) -> Result<(ListMeta, packed::Packed), ListError> {
        let mut visit = Find {
            wanted: Wanted::new(ids),
            found: packed::Packed::new(ids),
        };
        let prepared = scan_source(source, &mut visit)?;
        Ok((prepared.meta, visit.found))
    }

    /// Finds the records of `ids` through the index [`build_index`] wrote
    /// beside the list: reads the index once, then only the wanted lines.
    /// Fails with [`ListError::StaleIndex`] when the list changed since
    /// (feature `fs`).
    #[cfg(feature = "fs")]
    pub fn lookup_indexed<'a>(
        source: impl Into<ListSource<'a>>,
        ids: &[u64],
    ) -> Result<HashMap<u64, ListRecord>, ListError> {
        index::lookup(&source.into(), ids)
    }

    /// The first record with this FIDE ID (a linear search).
    pub fn get(&self, fide_id: u64) -> Option<&ListRecord> {
        self.records.iter().find(|r| r.fide_id == fide_id)
    }

    /// Records keyed by FIDE ID (first occurrence wins).
    pub fn by_id(&self) -> HashMap<u64, &ListRecord> {
        let mut map = HashMap::with_capacity(self.records.len());
        for r in &self.records {
            map.entry(r.fide_id).or_insert(r);
        }
        map
    }
}

/// Opens the source (unzipping if needed) and runs the scanner over it.
fn scan_source(source: &ListSource<'_>, visit: &mut dyn Visit) -> Result<Prepared, ListError> {
    let mut ctx = source.context();
    match source.input {
        #[cfg(feature = "fs")]
        Input::Path(path) => {
            let io_err = |source| ListError::Io {
                path: path.to_path_buf(),
                source,
            };
            let mut file = File::open(path).map_err(io_err)?;
            let magic = read_magic(&mut file).map_err(io_err)?;
            if zip::is_zip(&magic) {
                zip::with_member(file, path, |member, name| {
                    ctx.names.insert(0, name.to_string());
                    scan::run(member, &ctx, visit)
                })
            } else {
                scan::run(&mut file, &ctx, visit)
            }
        }
        Input::Bytes(bytes) => {
            if zip::is_zip(bytes) {
                let path = ctx.path.clone();
                zip::with_member(Cursor::new(bytes), &path, |member, name| {
                    ctx.names.insert(0, name.to_string());
                    scan::run(member, &ctx, visit)
                })
            } else {
                scan::run(&mut Cursor::new(bytes), &ctx, visit)
            }
        }
        // A zip in pieces would need its end first: it is given as bytes.
        Input::Stream(Stream(reader)) => scan::run(&mut *reader.borrow_mut(), &ctx, visit),
    }
}

/// The first four bytes, leaving the file at its start.
#[cfg(feature = "fs")]
fn read_magic(file: &mut File) -> std::io::Result<Vec<u8>> {
    let mut magic = Vec::with_capacity(4);
    file.by_ref().take(4).read_to_end(&mut magic)?;
    file.seek(SeekFrom::Start(0))?;
    Ok(magic)
}

#[derive(Default)]
struct LoadAll {
    records: Vec<ListRecord>,
    skipped: u64,
}

impl Visit for LoadAll {
    fn region(&mut self, list: &Prepared, _base: u64, region: &[u8]) -> ControlFlow<()> {
        match &list.format {
            Format::Txt(layout) => scan::for_each_line(region, |_, line| {
                if !value::trim(line).is_empty() {
                    match list.decode_line(layout, line) {
                        Some(r) => self.records.push(r),
                        None => self.skipped += 1,
                    }
                }
                ControlFlow::Continue(())
            }),
            Format::Xml { .. } => {
                for block in xml::blocks(region) {
                    if let xml::Block::Complete(s, e) = block {
                        match list.decode_block(&region[s..e]) {
                            Some(r) => self.records.push(r),
                            None => self.skipped += 1,
                        }
                    }
                }
                ControlFlow::Continue(())
            }
        }
    }
}

/// The wanted IDs: a bit filter in front of a sorted vector, so the 1.9 M
/// unwanted lines cost one bit test each. The filter has at least 16 bits
/// per wanted ID (and 64 Ki bits at least), so that about one unwanted
/// line in sixteen or fewer goes on to the binary search: a fixed 64 Ki
/// bits was full for FIDE's month (hundreds of thousands of IDs) and every
/// line of the list paid a binary search (`benches/month.sh`: 7 % of
/// `period --rating-list`'s time).
pub(crate) struct Wanted {
    sorted: Vec<u64>,
    bits: Vec<u64>,
    /// 64 − log₂ of the filter's bits: the hash's top bits index it.
    shift: u32,
}

impl Wanted {
    const MIN_BITS: usize = 1 << 16;

    pub(crate) fn new(ids: &[u64]) -> Wanted {
        let mut sorted = ids.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        // Capped at half the address space's bits, so that the power of two
        // exists on 32-bit targets too (the page's WebAssembly).
        let size = (sorted.len().saturating_mul(16))
            .clamp(Self::MIN_BITS, 1 << (usize::BITS - 2))
            .next_power_of_two();
        let shift = 64 - size.trailing_zeros();
        let mut bits = vec![0u64; size / 64];
        for &id in &sorted {
            let h = Self::hash(id, shift);
            bits[h / 64] |= 1 << (h % 64);
        }
        Wanted {
            sorted,
            bits,
            shift,
        }
    }

    #[inline]
    fn hash(id: u64, shift: u32) -> usize {
        (id.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> shift) as usize
    }

    #[inline]
    pub(crate) fn contains(&self, id: u64) -> bool {
        let h = Self::hash(id, self.shift);
        self.bits[h / 64] & (1 << (h % 64)) != 0 && self.sorted.binary_search(&id).is_ok()
    }

    pub(crate) fn len(&self) -> usize {
        self.sorted.len()
    }

    pub(crate) fn ids(&self) -> &[u64] {
        &self.sorted
    }
}

/// The records a [`Find`] keeps: the map of [`RatingList::lookup`], or
/// the packed records of [`ListLookup`].
trait Keep {
    /// How many records are kept.
    fn kept(&self) -> usize;
    /// Whether the record of `id` is kept already.
    fn has(&self, id: u64) -> bool;
    /// Keeps `r`, the first record of `id`.
    fn keep(&mut self, id: u64, r: ListRecord);
}

impl Keep for HashMap<u64, ListRecord> {
    fn kept(&self) -> usize {
        self.len()
    }
    fn has(&self, id: u64) -> bool {
        self.contains_key(&id)
    }
    fn keep(&mut self, id: u64, r: ListRecord) {
        self.insert(id, r);
    }
}

impl Keep for packed::Packed {
    fn kept(&self) -> usize {
        self.len()
    }
    fn has(&self, id: u64) -> bool {
        self.holds(id)
    }
    fn keep(&mut self, id: u64, r: ListRecord) {
        packed::Packed::keep(self, id, &r);
    }
}

struct Find<K> {
    wanted: Wanted,
    found: K,
}

impl<K: Keep> Find<K> {
    fn done(&self) -> ControlFlow<()> {
        if self.found.kept() == self.wanted.len() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

impl<K: Keep> Visit for Find<K> {
    fn start(&mut self, _list: &Prepared) -> ControlFlow<()> {
        self.done()
    }

    fn region(&mut self, list: &Prepared, _base: u64, region: &[u8]) -> ControlFlow<()> {
        match &list.format {
            Format::Txt(layout) => scan::for_each_line(region, |_, line| {
                let Some(id) = txt::line_id(layout, line) else {
                    return ControlFlow::Continue(());
                };
                if self.wanted.contains(id) && !self.found.has(id) {
                    if let Some(r) = list.decode_line(layout, line) {
                        self.found.keep(id, r);
                        return self.done();
                    }
                }
                ControlFlow::Continue(())
            }),
            Format::Xml { .. } => {
                for block in xml::blocks(region) {
                    let xml::Block::Complete(s, e) = block else {
                        continue;
                    };
                    let block = &region[s..e];
                    let Some(id) = xml::block_id(block) else {
                        continue;
                    };
                    if self.wanted.contains(id) && !self.found.has(id) {
                        if let Some(r) = list.decode_block(block) {
                            self.found.keep(id, r);
                            self.done()?;
                        }
                    }
                }
                ControlFlow::Continue(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag";
    const LEKO: &str = "703303         Leko, Peter                                                  HUN M   GM                           2676  0   10 2700  0   10 2738  0   10 1979      ";
    const CARLSEN: &str = "1503014        Carlsen, Magnus                                              NOR M   GM                           2841  7   10 2832  0   10 2869  0   10 1990      ";

    fn list(lines: &[&str], eol: &str) -> Vec<u8> {
        let mut s = String::from(HEADER);
        for l in lines {
            s.push_str(eol);
            s.push_str(l);
        }
        s.push_str(eol);
        s.into_bytes()
    }

    #[test]
    fn wanted_filter() {
        let w = Wanted::new(&[5, 3, 5, 1_503_014]);
        assert_eq!(w.len(), 3);
        assert!(w.contains(1_503_014));
        assert!(w.contains(3));
        assert!(!w.contains(4));
        assert!(!w.contains(1_503_015));
    }

    /// A month names hundreds of thousands of IDs: the filter grows with
    /// them, and still passes only a few unwanted IDs to the search.
    #[test]
    fn wanted_filter_of_a_month() {
        let ids: Vec<u64> = (0..300_000u64).map(|i| 1_000_000 + 7 * i).collect();
        let w = Wanted::new(&ids);
        assert!(ids.iter().all(|&id| w.contains(id)));
        let unwanted = (0..1_000_000u64).map(|i| 1_000_001 + 7 * i);
        let passed = unwanted
            .clone()
            .filter(|&id| {
                let h = Wanted::hash(id, w.shift);
                w.bits[h / 64] & (1 << (h % 64)) != 0
            })
            .count();
        assert!(
            passed < 1_000_000 / 10,
            "{passed} unwanted IDs passed the filter"
        );
        assert!(!unwanted.take(1000).any(|id| w.contains(id)));
    }

    /// Records straddling chunk boundaries, at every tiny buffer size.
    #[test]
    fn every_buffer_size_reads_the_same() {
        let data = list(&[LEKO, CARLSEN, LEKO], "\r\n");
        let whole = RatingList::load(&data).unwrap();
        assert_eq!(whole.records.len(), 3);
        for size in 1..=400 {
            let src = ListSource::bytes(&data).with_buffer_size(size);
            let got = RatingList::load(&src).unwrap();
            assert_eq!(got, whole, "buffer {size}");
            let found = RatingList::lookup_many(&src, &[1503014, 703303, 42]).unwrap();
            assert_eq!(found.len(), 2, "buffer {size}");
            assert_eq!(found[&703303], whole.records[0]);
        }
    }

    #[test]
    fn lookup_stops_when_all_found_and_keeps_first_occurrence() {
        let mut later = LEKO.replace("Leko, Peter", "Leko, Later");
        later.truncate(LEKO.len());
        let data = list(&[LEKO, &later, "garbage that is not a line"], "\n");
        let found = RatingList::lookup_many(&data, &[703303]).unwrap();
        assert_eq!(found[&703303].name, "Leko, Peter");
        let all = RatingList::load(&data).unwrap();
        assert_eq!(all.get(703303).unwrap().name, "Leko, Peter");
        assert_eq!(all.records.len(), 2);
        assert_eq!(all.skipped, 1);
    }

    #[test]
    fn empty_id_list_reads_only_the_header() {
        let mut data = list(&[LEKO], "\n");
        data.extend_from_slice(b"123");
        // Would be a truncation error if the scan went on to the end.
        let l = RatingList::lookup(&data, &[]).unwrap();
        assert!(l.found.is_empty());
        assert_eq!(l.meta.layout, ListLayout::CombinedFoa);
        assert!(matches!(
            RatingList::load(&data),
            Err(ListError::Truncated { .. })
        ));
    }
}
