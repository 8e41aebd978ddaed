//! Problems only visible across reports: several reports read together
//! (`trf check A.trf B.trf`, a folder, a rating period) can disagree with
//! each other although each is right on its own. The codes are `TRF-A…`,
//! declared here (one file per rule) and listed in the one registry
//! ([`crate::rules::registry`]).
//!
//! The search runs over each report's keys ([`ReportKeys`]: its players'
//! FIDE IDs with their dates and personal data, its event's fingerprints),
//! taken while the report is read and kept after it is dropped, so that a
//! month of thousands of reports is searched once without holding them.
//! [`search`] hashes what it compares (by FIDE ID, by a person's name and
//! birth date, by an event's fingerprint): linear in reports and players,
//! never all pairs of reports. Each finding comes back once per report it
//! concerns, with spans into that report, so that it joins that report's
//! findings and verdict ([`crate::check::CheckReport::add_across`]).

pub(crate) mod already_rated;
pub(crate) mod data_conflict;
pub(crate) mod duplicate;
mod keys;
pub(crate) mod overlapping;
pub(crate) mod simultaneous;
pub(crate) mod versions;

pub(crate) use keys::ReportKeys;
// The ledger's round keys (the command line's `--ledger`).
#[cfg(feature = "cli")]
pub(crate) use overlapping::round_keys;

use crate::diag::{Diagnostic, RuleMeta};
use crate::read::Parsed;
use std::collections::HashMap;

/// Declares the metadata of an across-reports rule: its doc comment is its
/// `trf explain` page.
macro_rules! across_rule {
    ($(#[doc = $doc:literal])* $id:ident = $code:literal, $name:literal, $sev:ident, $summary:literal,
     $cons:ident, $src:literal, unconfirmed: $unc:literal $(, reading: $reading:literal)?;) => {
        $(#[doc = $doc])*
        pub(crate) static $id: $crate::diag::RuleMeta = $crate::across::meta(
            [$code, $name, $summary, $src, concat!($($doc, "\n",)*), concat!(file!(), ":", line!())],
            $crate::diag::Severity::$sev,
            $crate::diag::Consequence::$cons,
            $unc,
            $crate::declare_rule!(@reading $($reading)?),
        );
    };
}
pub(crate) use across_rule;

/// The metadata of an across-reports code from its texts (code, name,
/// summary, consequence source, explanation, location), severity,
/// consequence, whether the consequence is trfkit's reading, and the
/// reading as its findings say it.
pub(crate) const fn meta(
    texts: [&'static str; 6],
    severity: crate::diag::Severity,
    consequence: crate::diag::Consequence,
    unconfirmed: bool,
    reading: Option<&'static str>,
) -> RuleMeta {
    let [code, name, summary, consequence_source, explanation, location] = texts;
    RuleMeta {
        category: crate::diag::Category::of_code(code),
        code,
        name,
        severity,
        consequence,
        consequence_source,
        unconfirmed,
        reading,
        summary,
        explanation,
        location,
    }
}

/// Every across-reports code, in code order (`trf rules` lists them after
/// the single-report rules).
pub(crate) static ALL: &[&RuleMeta] = &[
    &simultaneous::PLAYER_IN_SIMULTANEOUS_EVENTS,
    &duplicate::DUPLICATE_REPORT,
    &data_conflict::PLAYER_DATA_CONFLICT,
    &versions::EVENT_VERSIONS,
    &overlapping::OVERLAPPING_REPORTS,
    &already_rated::ALREADY_RATED,
];

/// One report of the set: how messages name it, and what was read.
#[derive(Debug, Clone, Copy)]
pub struct ReportRef<'a> {
    /// The name messages give it (the path as given, or the file name).
    pub file: &'a str,
    /// The report as read.
    pub parsed: &'a Parsed,
    /// The list the event is rated on, when the check decided it
    /// ([`crate::check::CheckReport::rating_type`]): a rapid and a blitz
    /// event on one day are no clash.
    pub rating_type: Option<crate::regulations::RatingType>,
}

/// What [`find`] found: the findings of each report, and which reports
/// repeat another.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct AcrossFindings {
    /// `findings[i]`: the findings that concern report `i` (spans into that
    /// report), in the order of the input.
    pub findings: Vec<Vec<Diagnostic>>,
    /// `duplicate_of[i] = Some(j)`: report `i` is the same event as report
    /// `j`, the first of them in the input (`j < i`); a rating period counts
    /// the event once, as report `j`.
    pub duplicate_of: Vec<Option<usize>>,
}

impl AcrossFindings {
    /// True when report `i` repeats an earlier one (count it once: skip it).
    pub fn is_duplicate(&self, i: usize) -> bool {
        self.duplicate_of.get(i).is_some_and(Option::is_some)
    }

    /// The reports to count once each: every report that repeats no earlier
    /// one, in input order.
    pub fn distinct(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.duplicate_of.len()).filter(|&i| !self.is_duplicate(i))
    }

    /// Every finding of every report (for a summary).
    pub fn total(&self) -> usize {
        self.findings.iter().map(Vec::len).sum()
    }
}

/// Finds the problems between reports. With fewer than two reports there
/// is nothing to compare and every list is empty.
pub fn find(reports: &[ReportRef<'_>]) -> AcrossFindings {
    let keys: Vec<ReportKeys> = reports
        .iter()
        .map(|r| ReportKeys::of(r.file, r.parsed, r.rating_type))
        .collect();
    find_keys(&keys)
}

/// [`find`] over the reports' keys, taken while each was read.
pub(crate) fn find_keys(reports: &[ReportKeys]) -> AcrossFindings {
    let mut findings = vec![Vec::new(); reports.len()];
    let duplicate_of = search(reports, &mut findings);
    for f in &mut findings {
        crate::diag::sort(f);
    }
    AcrossFindings {
        findings,
        duplicate_of,
    }
}

/// Where the search puts each finding: given the report it concerns (an
/// index in the reports searched), in the order found.
pub(crate) trait Sink {
    /// Takes finding `d` of report `report`.
    fn push(&mut self, report: usize, d: Diagnostic);

    /// Whether a finding of rule `meta` in report `report` whose primary
    /// span starts at `start` may be read for its words (message, labels,
    /// help); when not, the search gives [`Sink::push`] the finding
    /// without them, to be counted: a month's hundreds of thousands of
    /// clashes beyond the per-rule limit are never worded (benchmark:
    /// `check --summary` of a generated month, `benches/month.md`).
    fn wants_words(&self, _report: usize, _meta: &RuleMeta, _start: u32) -> bool {
        true
    }
}

/// Every finding kept, per report.
impl Sink for Vec<Vec<Diagnostic>> {
    fn push(&mut self, report: usize, d: Diagnostic) {
        self[report].push(d);
    }
}

/// The search across reports: every finding, per report in the order of
/// the rules (duplicates, versions, overlapping reports, clashes, data
/// conflicts), given to
/// `out`; returns `duplicate_of` ([`AcrossFindings::duplicate_of`]).
pub(crate) fn search(reports: &[ReportKeys], out: &mut dyn Sink) -> Vec<Option<usize>> {
    if reports.len() < 2 {
        return vec![None; reports.len()];
    }
    let duplicate_of = duplicate::find(reports, out);
    let version_of = versions::find(reports, &duplicate_of, out);
    // A repeated report, or another version of one event, would repeat
    // every clash and conflict of the one it repeats (and clash with it on
    // every day): players are compared over the distinct events only.
    let skip: Vec<Option<usize>> = duplicate_of
        .iter()
        .zip(&version_of)
        .map(|(d, v)| d.or(*v))
        .collect();
    let one_event = overlapping::find(reports, &skip, out);
    let ids = PlayerIndex::new(reports, &skip);
    simultaneous::find(reports, &ids, &one_event, out);
    data_conflict::find(reports, &ids, out);
    duplicate_of
}

/// Where each FIDE ID plays: `(report, player)` positions, in input order,
/// for the IDs found in at least two distinct reports.
pub(crate) struct PlayerIndex {
    /// FIDE ID → its places, ordered by first appearance of the ID.
    pub shared: Vec<(u64, Vec<(u32, u32)>)>,
}

impl PlayerIndex {
    fn new(reports: &[ReportKeys], duplicate_of: &[Option<usize>]) -> PlayerIndex {
        let mut at: HashMap<u64, usize> = HashMap::new();
        let mut places: Vec<(u64, Vec<(u32, u32)>)> = Vec::new();
        for (r, rep) in reports.iter().enumerate() {
            if duplicate_of[r].is_some() {
                continue;
            }
            for (p, player) in rep.players.iter().enumerate() {
                let Some(id) = player.fide_id else { continue };
                let slot = *at.entry(id.value).or_insert_with(|| {
                    places.push((id.value, Vec::new()));
                    places.len() - 1
                });
                places[slot].1.push((r as u32, p as u32));
            }
        }
        places.retain(|(_, v)| v.first().map(|f| f.0) != v.last().map(|l| l.0));
        PlayerIndex { shared: places }
    }
}

/// A finding with the note that its consequence is trfkit's reading where
/// the rule's source is silent.
pub(crate) fn noted(meta: &RuleMeta, mut d: Diagnostic) -> Diagnostic {
    crate::diag::note_unconfirmed(&mut d, meta);
    d
}
