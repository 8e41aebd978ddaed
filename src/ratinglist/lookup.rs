//! Looking reports' players up in an official rating list: one pass over
//! the list (or its on-disk index when one sits beside it) keeping only the
//! FIDE IDs the reports carry, shared by every report and rule of a run
//! ([`CheckOptions::rating_list`](crate::rules::CheckOptions)).

#[cfg(feature = "fs")]
use super::index_path;
use super::packed::Packed;
use super::{
    period_from_file_name, ListError, ListKind, ListMeta, ListPeriod, ListRecord, ListSource,
    RatingList,
};
use crate::model::Tournament;
use std::collections::HashMap;
#[cfg(feature = "fs")]
use std::path::Path;

/// The part of a rating list that the reports being checked need: the list's
/// metadata and the records of the FIDE IDs the reports carry.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct ListLookup {
    /// Layout, kind and period as the reader detected them.
    pub meta: ListMeta,
    /// The list's month: [`ListMeta::period`] (header month token or an
    /// archive-style name), else read from the file name by
    /// `period_from_file_name`; `None` when nothing names it (FIDE's
    /// combined lists do not).
    pub period: Option<ListPeriod>,
    /// The list's file name, for messages.
    pub name: String,
    /// How the records were found.
    pub method: LookupMethod,
    /// Why an index beside the list was not used (stale or damaged), when
    /// one was there; the list was scanned instead.
    pub index_problem: Option<String>,
    /// Every ID looked up, and the records of those the list holds,
    /// packed ([`ListLookup::get`] decodes one).
    records: Packed,
}

/// How [`ListLookup::read`] found the records.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum LookupMethod {
    /// One pass over the list.
    Scan,
    /// Through the `.trfidx` index beside the list.
    Index,
}

/// What the list says about one FIDE ID.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum Status {
    /// The list holds this player (the record decoded).
    Listed(Box<ListRecord>),
    /// The ID was searched for and the list does not hold it.
    Absent,
    /// The ID was not searched for: nothing is known.
    NotSearched,
}

impl ListLookup {
    /// Looks `ids` up in the list at `path` (plain or zip): through the
    /// index beside it when there is a usable one (see [`build_index`](crate::build_index)), else in
    /// one pass over the list. A stale or damaged index is not an error: the
    /// list is scanned and [`ListLookup::index_problem`] says why
    /// (feature `fs`).
    #[cfg(feature = "fs")]
    pub fn read(path: &Path, ids: &[u64]) -> Result<ListLookup, ListError> {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| path.display().to_string());
        let mut index_problem = None;
        if index_path(path).is_file() {
            // The header alone gives the metadata: an empty ID set stops the
            // scan right after it.
            let meta = RatingList::lookup(path, &[])?.meta;
            match RatingList::lookup_indexed(path, ids) {
                Ok(found) => {
                    return Ok(Self::from_parts(
                        meta,
                        found,
                        ids,
                        name,
                        LookupMethod::Index,
                    ))
                }
                Err(e @ (ListError::StaleIndex { .. } | ListError::BadIndex { .. })) => {
                    index_problem = Some(e.to_string());
                }
                Err(e) => return Err(e),
            }
        }
        let (meta, records) = RatingList::lookup_packed(&path.into(), ids)?;
        let mut out = Self::of_packed(meta, records, name, LookupMethod::Scan);
        out.index_problem = index_problem;
        Ok(out)
    }

    /// Looks `ids` up in one pass over a list given as a [`ListSource`]
    /// (bytes, or a path without using its index). `name` is how messages
    /// name the list.
    pub fn scan<'a>(
        source: impl Into<ListSource<'a>>,
        ids: &[u64],
        name: impl Into<String>,
    ) -> Result<ListLookup, ListError> {
        let (meta, records) = RatingList::lookup_packed(&source.into(), ids)?;
        Ok(Self::of_packed(
            meta,
            records,
            name.into(),
            LookupMethod::Scan,
        ))
    }

    /// Builds a lookup from records found by other means. `ids` must be
    /// every ID searched for: an ID in `ids` but not in `found` is reported
    /// as absent from the list.
    pub fn from_parts(
        meta: ListMeta,
        found: HashMap<u64, ListRecord>,
        ids: &[u64],
        name: String,
        method: LookupMethod,
    ) -> ListLookup {
        let mut records = Packed::new(ids);
        // In ID order, as a scan of a list sorted by ID keeps them.
        let mut found: Vec<(u64, ListRecord)> = found.into_iter().collect();
        found.sort_unstable_by_key(|(id, _)| *id);
        for (id, r) in &found {
            records.keep(*id, r);
        }
        Self::of_packed(meta, records, name, method)
    }

    /// A lookup of the records found by a scan.
    fn of_packed(
        meta: ListMeta,
        records: Packed,
        name: String,
        method: LookupMethod,
    ) -> ListLookup {
        let period = meta
            .period
            .or_else(|| period_from_file_name(&name))
            .or_else(|| meta.name.as_deref().and_then(period_from_file_name));
        ListLookup {
            meta,
            period,
            name,
            method,
            index_problem: None,
            records,
        }
    }

    /// The FIDE IDs of a report's players (blank and `0` IDs are none).
    pub fn ids_of(t: &Tournament) -> impl Iterator<Item = u64> + '_ {
        t.players.iter().filter_map(|p| p.fide_id.map(|f| f.value))
    }

    /// What the list says about `id`.
    pub fn status(&self, id: u64) -> Status {
        match self.records.get(id) {
            Some(r) => Status::Listed(Box::new(r)),
            None if self.records.searched(id) => Status::Absent,
            None => Status::NotSearched,
        }
    }

    /// Whether `id` was searched for and the list does not hold it
    /// ([`Status::Absent`] without decoding a record).
    pub fn is_absent(&self, id: u64) -> bool {
        self.records.searched(id) && !self.records.holds(id)
    }

    /// Whether the list holds `id` (a searched ID).
    pub fn holds(&self, id: u64) -> bool {
        self.records.holds(id)
    }

    /// The record of `id`, when the list holds it (decoded from the packed
    /// records: each call decodes it again).
    pub fn get(&self, id: u64) -> Option<ListRecord> {
        self.records.get(id)
    }

    /// How many of the searched IDs the list holds.
    pub fn len(&self) -> usize {
        self.records.len()
    }

    /// Whether the list holds none of the searched IDs.
    pub fn is_empty(&self) -> bool {
        self.records.len() == 0
    }

    /// How many IDs were searched for (without repeats).
    pub fn searched(&self) -> usize {
        self.records.searched_len()
    }

    /// Every record found, decoded, in FIDE ID order.
    pub fn records(&self) -> impl Iterator<Item = ListRecord> + '_ {
        self.records.iter().map(|(_, r)| r)
    }

    /// The records of `ids` that the list holds, decoded, by FIDE ID: what
    /// the rating pass of one report reads
    /// ([`RateOptions::list`](crate::RateOptions)).
    pub fn records_of(&self, ids: impl IntoIterator<Item = u64>) -> HashMap<u64, ListRecord> {
        ids.into_iter()
            .filter_map(|id| self.get(id).map(|r| (id, r)))
            .collect()
    }

    /// Every record found, decoded, by FIDE ID.
    pub fn to_map(&self) -> HashMap<u64, ListRecord> {
        self.records.iter().collect()
    }

    /// How messages name the list: `` `players_list_foa.txt` `` followed by
    /// its month when known, e.g. `` `standard_mar25frl.txt` (March 2025) ``.
    pub fn describe(&self) -> String {
        match self.period {
            Some(p) => format!("`{}` ({})", self.name, super::period::month_name(p)),
            None => format!("`{}`", self.name),
        }
    }

    /// True for a per-type list (standard, rapid or blitz), which holds
    /// only the players rated in that time control.
    pub fn is_single(&self) -> bool {
        matches!(self.meta.kind, ListKind::Single(_))
    }
}
