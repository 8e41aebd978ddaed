//! `trf period --period YYYY-MM [--rating-list LIST] [--format human|json|csv] PATH...`:
//! a federation's month, rated as FIDE publishes it (one change per player
//! and list, see [`crate::rating::period`]).
//!
//! Exit status: 0 when every report read is ready and in the period, 1
//! otherwise, 2 for a usage error or an unreadable file or list.

use super::check::{read_list, RuleArgs};
use super::files::{self, Inputs};
use super::{out, ReadArgs, EXIT_ERRORS, EXIT_OK, EXIT_USAGE};
use crate::across::ReportRef;
use crate::diag::Verdict;
use crate::rating::period::{rate_period, PeriodFinding, PeriodOptions, PeriodReport};
use crate::rating::VerdictReason;
use crate::ratinglist::{ListLookup, ListPeriod};
use crate::render::period::{render_csv, render_human};
use rayon::prelude::*;
use std::path::PathBuf;
use std::sync::Arc;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// Reports and folders of reports.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// The list being computed, `YYYY-MM` (the list dated the 1st of that
    /// month). Without it, the list most reports are expected on, said.
    #[arg(long, value_name = "YYYY-MM", value_parser = parse_period)]
    period: Option<ListPeriod>,
    /// A FIDE rating list: the list before the period (t − 1) gives the
    /// base and K, and Ro and the opponents' ratings of the events that
    /// started under it. Its month comes from its header or file name; a
    /// list whose month nothing tells is taken as t − 1, and said.
    #[arg(long, value_name = "FILE")]
    rating_list: Option<PathBuf>,
    /// Compute only this list (standard, rapid or blitz); reports of
    /// another type are listed as not in the period.
    #[arg(long, value_name = "TYPE")]
    list_type: Option<crate::regulations::RatingType>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = PeriodFormat::Human)]
    format: PeriodFormat,
    #[command(flatten)]
    rules: RuleArgs,
    /// Use K for the player with this FIDE ID (before the K × n ≤ 700 cap); repeatable.
    #[arg(long = "k", value_name = "FIDE_ID=K", value_parser = super::rate::parse_k)]
    k: Vec<(u64, u8)>,
    #[command(flatten)]
    read: ReadArgs,
}

/// Output formats of `trf period`.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PeriodFormat {
    /// The reports, then one table of players and events, the notes once.
    Human,
    /// The period as one JSON object.
    Json,
    /// One row per player and event, the period's columns repeated.
    Csv,
}

/// `2025-04` → April 2025.
fn parse_period(s: &str) -> Result<ListPeriod, String> {
    let bad = || format!("`{s}`: expected YYYY-MM, e.g. 2025-04");
    let (y, m) = s.trim().split_once('-').ok_or_else(bad)?;
    let year: u16 = y.parse().map_err(|_| bad())?;
    let month: u8 = m.parse().map_err(|_| bad())?;
    if y.len() != 4 || !(1..=12).contains(&month) || !(1971..=2100).contains(&year) {
        return Err(bad());
    }
    Ok(ListPeriod { year, month })
}

pub(crate) fn run(a: Args) -> u8 {
    let found = files::expand(&a.paths);
    files::announce(&found);
    let Inputs { files, missing, .. } = found;
    let read = a.read.options();
    let parsed: Vec<(String, Result<crate::Parsed, String>)> = files
        .par_iter()
        .map(|f| {
            (
                files::shown(f),
                super::read_report(f, &read).map_err(|e| e.to_string()),
            )
        })
        .collect();
    let mut unreadable = !missing.is_empty();
    let mut reports = Vec::with_capacity(parsed.len());
    for (name, r) in &parsed {
        match r {
            Ok(p) => reports.push((name.as_str(), p)),
            Err(e) => {
                unreadable = true;
                eprintln!("trf: {name}: {}", super::terminal::escape(e));
            }
        }
    }
    let mut opts = PeriodOptions {
        period: a.period,
        rating_type: a.list_type,
        check: a
            .rules
            .options(crate::rules::CheckOptions::default().max_per_rule),
        rate: a.rules.rate_options(),
        ..PeriodOptions::default()
    };
    opts.rate.k_overrides = a.k.iter().copied().collect();
    if let Some(path) = &a.rating_list {
        let ids: Vec<u64> = reports
            .iter()
            .flat_map(|(_, p)| ListLookup::ids_of(&p.tournament))
            .collect();
        match read_list(path, &ids) {
            Some(l) => {
                let l = Arc::new(l);
                opts.check.rating_list = Some(l.clone());
                opts.list = Some(l);
            }
            None => return EXIT_USAGE,
        }
    }
    // The problems across reports: a duplicate is counted once (as the
    // first report of the event), and every finding is listed with the
    // reports it concerns. Duplicates do not depend on the rating type;
    // the other findings are searched again once each report's rating
    // type is known, so that a rapid and a blitz event on one day do not
    // clash.
    let refs = |types: &dyn Fn(usize) -> Option<crate::regulations::RatingType>| {
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
    let mut summary = rate_period(&given, &opts);
    let found = crate::across::find(&refs(&|i| {
        summary.reports.get(i).and_then(|r| r.rating_type)
    }));
    summary.findings = period_findings(&reports, found.findings);
    match a.format {
        PeriodFormat::Human => out(&super::terminal::escape(&render_human(&summary))),
        PeriodFormat::Json => {
            out(&crate::render::period_json(&summary));
            out("\n");
        }
        PeriodFormat::Csv => out(&render_csv(&summary)),
    }
    if unreadable {
        EXIT_USAGE
    } else if summary
        .reports
        .iter()
        .all(|r| r.in_period && r.verdict == Verdict::Ready)
    {
        EXIT_OK
    } else {
        EXIT_ERRORS
    }
}

/// The findings across reports as the period lists them: one entry per
/// distinct finding (code and message), naming every report it was
/// attached to, in the order first met.
fn period_findings(
    reports: &[(&str, &crate::Parsed)],
    per_report: Vec<Vec<crate::diag::Diagnostic>>,
) -> Vec<PeriodFinding> {
    let mut out: Vec<PeriodFinding> = Vec::new();
    let mut index: std::collections::HashMap<(&'static str, String), usize> =
        std::collections::HashMap::new();
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn periods_parse() {
        assert_eq!(
            parse_period("2025-04"),
            Ok(ListPeriod {
                year: 2025,
                month: 4
            })
        );
        for bad in ["2025-13", "2025", "25-04", "2025-00", "april"] {
            assert!(parse_period(bad).is_err(), "{bad}");
        }
    }
}
