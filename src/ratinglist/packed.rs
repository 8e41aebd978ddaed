//! The records a lookup keeps ([`Packed`]): each record of a searched FIDE
//! ID serialized into one byte arena and decoded into a [`ListRecord`]
//! when asked for.
//!
//! A month's reports name about 600,000 FIDE IDs: held as a map of
//! `ListRecord`s (about 230 bytes each before their strings, in a map
//! twice their number) they were the largest part of `trf check
//! --rating-list`'s peak; packed, a record takes a few dozen bytes
//! (benchmark: FIDE's whole month in `benches/month.md`, issue 40).

use super::ListRecord;

/// Where a searched ID's record is: `NONE` when the list does not hold it.
const NONE: u32 = u32::MAX;

/// The searched FIDE IDs, sorted, and the records the list holds of them.
#[derive(Debug, Clone, Default)]
pub(crate) struct Packed {
    /// Every ID searched for, sorted, without duplicates.
    ids: Vec<u64>,
    /// `at[i]`: the number of the record of `ids[i]` (its place in `ends`),
    /// or `NONE`.
    at: Vec<u32>,
    /// Where each record ends in `bytes` (it starts where the one before
    /// ends).
    ends: Vec<usize>,
    /// The records, one after the other (postcard's encoding).
    bytes: Vec<u8>,
}

impl Packed {
    /// No record yet of the IDs `ids` (in any order, repeated or not).
    pub(crate) fn new(ids: &[u64]) -> Packed {
        let mut ids = ids.to_vec();
        ids.sort_unstable();
        ids.dedup();
        Packed {
            at: vec![NONE; ids.len()],
            ids,
            ends: Vec::new(),
            bytes: Vec::new(),
        }
    }

    /// The place of `id` among the searched IDs.
    fn place(&self, id: u64) -> Option<usize> {
        self.ids.binary_search(&id).ok()
    }

    /// Keeps `record` as the record of `id` unless one is kept already
    /// (the first occurrence in the list wins) or the ID was not searched
    /// for; true when kept.
    pub(crate) fn keep(&mut self, id: u64, record: &ListRecord) -> bool {
        let Some(i) = self.place(id) else {
            return false;
        };
        if self.at[i] != NONE {
            return false;
        }
        let Ok(n) = u32::try_from(self.ends.len()) else {
            return false;
        };
        let Ok(bytes) = postcard::to_extend(record, std::mem::take(&mut self.bytes)) else {
            // A record always serializes (serde's own types only); were it
            // not to, it is left out rather than half written.
            let end = self.ends.last().copied().unwrap_or(0);
            self.bytes.truncate(end);
            return false;
        };
        self.bytes = bytes;
        self.at[i] = n;
        self.ends.push(self.bytes.len());
        true
    }

    /// Whether `id` was searched for and its record is kept.
    pub(crate) fn holds(&self, id: u64) -> bool {
        self.place(id).is_some_and(|i| self.at[i] != NONE)
    }

    /// Whether `id` was searched for.
    pub(crate) fn searched(&self, id: u64) -> bool {
        self.place(id).is_some()
    }

    /// The record of `id`, decoded, when kept.
    pub(crate) fn get(&self, id: u64) -> Option<ListRecord> {
        let i = self.place(id)?;
        self.record(self.at[i])
    }

    /// Record number `n`, decoded.
    fn record(&self, n: u32) -> Option<ListRecord> {
        let n = usize::try_from(n).ok()?;
        let end = *self.ends.get(n)?;
        let start = n.checked_sub(1).map_or(0, |p| self.ends[p]);
        // Written by `keep` from a record: it decodes.
        postcard::from_bytes(&self.bytes[start..end]).ok()
    }

    /// How many records are kept.
    pub(crate) fn len(&self) -> usize {
        self.ends.len()
    }

    /// How many IDs were searched for.
    pub(crate) fn searched_len(&self) -> usize {
        self.ids.len()
    }

    /// Every record kept, decoded, with its FIDE ID, in ID order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (u64, ListRecord)> + '_ {
        self.ids
            .iter()
            .zip(&self.at)
            .filter(|(_, &n)| n != NONE)
            .filter_map(|(&id, &n)| Some((id, self.record(n)?)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ratinglist::{RatingEntry, Sex};

    fn record(id: u64, name: &str) -> ListRecord {
        ListRecord {
            fide_id: id,
            name: name.to_owned(),
            federation: Some("GER".to_owned()),
            sex: Some(Sex::Female),
            title: Some("WGM".to_owned()),
            women_title: None,
            other_titles: vec!["IA".to_owned(), "FT".to_owned()],
            foa_title: None,
            standard: Some(RatingEntry {
                rating: 2301,
                games: Some(7),
                k: Some(20),
            }),
            rapid: None,
            blitz: Some(RatingEntry {
                rating: 2150,
                games: None,
                k: None,
            }),
            birth_year: Some(1990),
            flag: Some("wi".to_owned()),
            inactive: true,
        }
    }

    #[test]
    fn records_come_back_as_kept_and_the_first_occurrence_wins() {
        let mut p = Packed::new(&[30, 10, 20, 10]);
        assert_eq!(p.searched_len(), 3);
        assert!(p.keep(20, &record(20, "Müller, Anna")));
        assert!(!p.keep(20, &record(20, "Later, One")));
        assert!(!p.keep(99, &record(99, "Not, Searched")));
        assert!(p.keep(10, &record(10, "")));
        assert_eq!(p.len(), 2);
        assert_eq!(p.get(20), Some(record(20, "Müller, Anna")));
        assert_eq!(p.get(10), Some(record(10, "")));
        assert_eq!(p.get(30), None);
        assert!(p.holds(10) && !p.holds(30) && !p.holds(99));
        assert!(p.searched(30) && !p.searched(99));
        let ids: Vec<u64> = p.iter().map(|(id, _)| id).collect();
        assert_eq!(ids, [10, 20]);
    }
}
