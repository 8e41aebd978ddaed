//! The period of reports read together (`trf period`, the local page):
//! the problems across them found first, so that a duplicate is counted
//! once, then the period rated, then every finding across reports listed
//! once with the reports it concerns (and, in each other list's period,
//! those that concern one of its reports).

use super::{rate_period, PeriodFinding, PeriodOptions, PeriodReport, PeriodSummary};
use crate::across::ReportRef;
use crate::diag::Diagnostic;
use crate::rating::VerdictReason;
use crate::read::Parsed;
use crate::regulations::RatingType;
use std::collections::HashMap;

/// Rates the period of `reports` (each named as the output shows it) with
/// the findings across them. Duplicates do not depend on the rating type;
/// the other findings are searched again once each report's rating type
/// is known, so that a rapid and a blitz event on one day do not clash.
pub(crate) fn rate_together(reports: &[(&str, &Parsed)], opts: &PeriodOptions) -> PeriodSummary {
    let refs = |types: &dyn Fn(usize) -> Option<RatingType>| {
        reports
            .iter()
            .enumerate()
            .map(|(i, &(file, parsed))| ReportRef {
                file,
                parsed,
                rating_type: types(i),
            })
            .collect::<Vec<_>>()
    };
    let duplicates = crate::across::find(&refs(&|_| None)).duplicate_of;
    let given: Vec<PeriodReport<'_>> = reports
        .iter()
        .enumerate()
        .map(|(i, &(file, parsed))| PeriodReport {
            file,
            parsed,
            duplicate_of: duplicates.get(i).copied().flatten(),
        })
        .collect();
    let mut summary = rate_period(&given, opts);
    let found = crate::across::find(&refs(&|i| {
        summary.reports.get(i).and_then(|r| r.rating_type)
    }));
    summary.findings = period_findings(reports, found.findings);
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

/// The findings across reports as the period lists them: one entry per
/// distinct finding (code and message), naming every report it was
/// attached to, in the order first met.
fn period_findings(
    reports: &[(&str, &Parsed)],
    per_report: Vec<Vec<Diagnostic>>,
) -> Vec<PeriodFinding> {
    let mut out: Vec<PeriodFinding> = Vec::new();
    let mut index: HashMap<(&'static str, String), usize> = HashMap::new();
    for (&(file, _), found) in reports.iter().zip(per_report) {
        for d in found {
            let key = (d.code, d.message.clone());
            match index.get(&key) {
                Some(&i) => {
                    if out[i].files.last().map(String::as_str) != Some(file) {
                        out[i].files.push(file.to_owned());
                    }
                }
                None => {
                    index.insert(key, out.len());
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
