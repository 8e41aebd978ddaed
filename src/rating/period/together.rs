//! The period of reports read together (`trf period`, the local page):
//! the problems across them found first, so that a duplicate is counted
//! once, then the period rated, then every finding across reports listed
//! once with the reports it concerns (and, in each other list's period,
//! those that concern one of its reports).

use super::{
    rate_rated, PeriodFinding, PeriodOptions, PeriodSummary, Plan, PlayerSink, ReportRated,
};
use crate::across::ReportKeys;
use crate::diag::Diagnostic;
use crate::rating::VerdictReason;
use crate::ratinglist::ListPeriod;
use crate::read::Parsed;
use std::collections::HashMap;

/// [`reduce`] of every report of `reports` (in parallel with the feature
/// `parallel`), in their order.
pub(crate) fn reduce_all(
    reports: &[(&str, &Parsed)],
    opts: &PeriodOptions,
    list_month: Option<ListPeriod>,
) -> Vec<(ReportRated, ReportKeys)> {
    let reduce_one = |&(file, parsed): &(&str, &Parsed)| reduce(file, parsed, opts, list_month);
    #[cfg(feature = "parallel")]
    let reduced = {
        use rayon::prelude::*;
        reports.par_iter().map(reduce_one).collect()
    };
    #[cfg(not(feature = "parallel"))]
    let reduced = reports.iter().map(reduce_one).collect();
    reduced
}

/// One report of a period rated and reduced to what the period and the
/// search across reports need, with the month of the list given as
/// [`Plan::list_month`] decides it for every report of the period: the
/// report can be dropped once this is taken.
pub(crate) fn reduce(
    file: &str,
    parsed: &Parsed,
    opts: &PeriodOptions,
    list_month: Option<ListPeriod>,
) -> (ReportRated, ReportKeys) {
    let rated = ReportRated::of(file, parsed, opts, list_month);
    let keys = ReportKeys::of(file, parsed, rated.rating_type());
    (rated, keys)
}

/// The period of reports reduced ([`reduce`], in the order given): the
/// problems across them searched once, over their keys, with each report's
/// rating type known (a rapid and a blitz event on one day do not clash);
/// a duplicate counted once; then every finding across reports listed once
/// with the reports it concerns (and, in each other list's period, those
/// that concern one of its reports). The players are kept, or given to
/// `sink` as they are made ([`PlayerSink`]).
pub(crate) fn rate_reduced(
    reduced: Vec<(ReportRated, ReportKeys)>,
    opts: &PeriodOptions,
    sink: PlayerSink<'_, '_>,
) -> PeriodSummary {
    let (rated, keys): (Vec<ReportRated>, Vec<ReportKeys>) = reduced.into_iter().unzip();
    let searched = search(keys, opts);
    rate_searched(rated, searched, opts, sink)
}

/// What the search across a period's reports gives it: which report each
/// repeats, and the findings as the period lists them.
pub(crate) struct Searched {
    duplicate_of: Vec<Option<usize>>,
    findings: Vec<PeriodFinding>,
}

/// The search across the reports of a period, over their keys (in the
/// order of the reports, each with its rating type: a rapid and a blitz
/// event on one day do not clash), done before the reports are rated when
/// their keys were taken first (`trf period --rating-list`: the keys and
/// the reports' ratings are then never held together).
pub(crate) fn search(keys: Vec<ReportKeys>, opts: &PeriodOptions) -> Searched {
    search_with(keys, opts, None)
}

/// [`search`], each finding also given to `also` (the page's reports take
/// theirs from the same search: it runs once for both).
pub(crate) fn search_with(
    keys: Vec<ReportKeys>,
    opts: &PeriodOptions,
    also: Option<&mut dyn crate::across::Sink>,
) -> Searched {
    let mut found = Reasons {
        found: keys.iter().map(|_| Vec::new()).collect(),
        keep: !opts.findings_unread,
    };
    let duplicate_of = match also {
        Some(also) => crate::across::search(&keys, &mut Both(also, &mut found)),
        None => crate::across::search(&keys, &mut found),
    };
    let mut found = found.found;
    for f in &mut found {
        crate::diag::sort(f);
    }
    let files: Vec<&str> = keys.iter().map(|k| k.file.as_str()).collect();
    let findings = period_findings(&files, found);
    Searched {
        duplicate_of,
        findings,
    }
}

/// The period of reports rated ([`ReportRated`], in the order their keys
/// were searched in): a duplicate counted once; then every finding across
/// reports listed once with the reports it concerns (and, in each other
/// list's period, those that concern one of its reports). The players are
/// kept, or given to `sink` as they are made ([`PlayerSink`]).
pub(crate) fn rate_searched(
    rated: Vec<ReportRated>,
    searched: Searched,
    opts: &PeriodOptions,
    sink: PlayerSink<'_, '_>,
) -> PeriodSummary {
    let Searched {
        duplicate_of,
        findings,
    } = searched;
    let expected: Vec<Option<ListPeriod>> = rated.iter().map(|r| r.expected).collect();
    let plan = Plan::new(&expected, opts);
    let mut summary = rate_rated(plan, rated, &duplicate_of, opts, sink);
    summary.findings = findings;
    // Each other list's period lists the findings that concern one of its
    // reports.
    for other in summary.other_periods.iter_mut().flatten() {
        let files: std::collections::HashSet<&str> =
            other.reports.iter().map(|r| r.file.as_str()).collect();
        other.findings = summary
            .findings
            .iter()
            .filter(|f| f.files.iter().any(|file| files.contains(file.as_str())))
            .cloned()
            .collect();
    }
    summary
}

/// Two sinks given every finding: the first its own copy.
struct Both<'a, 'b>(&'a mut dyn crate::across::Sink, &'b mut Reasons);

impl crate::across::Sink for Both<'_, '_> {
    fn push(&mut self, report: usize, d: Diagnostic) {
        if self.1.keep {
            self.0.push(report, d.clone());
            self.1.push(report, d);
        } else {
            self.0.push(report, d);
        }
    }

    fn wants_words(&self, report: usize, meta: &crate::diag::RuleMeta, start: u32) -> bool {
        self.1.keep || self.0.wants_words(report, meta, start)
    }
}

/// Each report's findings across reports as the period lists them: what
/// [`VerdictReason`] reads and where each points (their order in the
/// report), without the labels' and help's words, which it never shows;
/// none when nothing reads them ([`PeriodOptions::findings_unread`]).
struct Reasons {
    found: Vec<Vec<Diagnostic>>,
    keep: bool,
}

impl crate::across::Sink for Reasons {
    fn push(&mut self, report: usize, mut d: Diagnostic) {
        if !self.keep {
            return;
        }
        let at = d.primary_span();
        d.labels.retain(|l| Some(l.span) == at);
        d.labels.truncate(1);
        for l in &mut d.labels {
            l.text = String::new();
        }
        d.help = None;
        d.grouping = None;
        self.found[report].push(d);
    }

    fn wants_words(&self, _report: usize, _meta: &crate::diag::RuleMeta, _start: u32) -> bool {
        self.keep
    }
}

/// The findings across reports as the period lists them: one entry per
/// distinct finding (code and message), naming every report it was
/// attached to, in the order first met.
fn period_findings(files: &[&str], per_report: Vec<Vec<Diagnostic>>) -> Vec<PeriodFinding> {
    let mut out: Vec<PeriodFinding> = Vec::new();
    // By code and a hash of the message (a month has hundreds of thousands
    // of findings: their messages are not held twice), each hash's findings
    // compared in full.
    let mut index: HashMap<(&'static str, u64), Vec<usize>> = HashMap::new();
    for (&file, found) in files.iter().zip(per_report) {
        for d in found {
            let mut h = std::hash::DefaultHasher::new();
            std::hash::Hash::hash(&d.message, &mut h);
            let at = index
                .entry((d.code, std::hash::Hasher::finish(&h)))
                .or_default();
            match at
                .iter()
                .copied()
                .find(|&i| out[i].finding.message == d.message)
            {
                Some(i) => {
                    if out[i].files.last().map(String::as_str) != Some(file) {
                        out[i].files.push(file.to_owned());
                    }
                }
                None => {
                    at.push(out.len());
                    out.push(PeriodFinding {
                        finding: VerdictReason {
                            code: d.code,
                            rule: d.rule,
                            consequence: d.consequence,
                            message: d.message,
                            reference: d.reference,
                        },
                        files: vec![file.to_owned()],
                    });
                }
            }
        }
    }
    out
}
