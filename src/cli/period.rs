//! `trf period --period YYYY-MM [--rating-list LIST] [--format human|json|csv] PATH...`:
//! a federation's month, rated as FIDE publishes it (one change per player
//! and list, see [`crate::rating::period`]).
//!
//! Exit status: 0 when every report read is ready and rated in a period
//! (the one computed, or without `--period` its expected list's), 1
//! otherwise, 2 for a usage error or an unreadable file or list.

use super::check::{read_list, search_list_for, RuleArgs};
use super::files::{self, Inputs};
use super::{out, ReadArgs, EXIT_ERRORS, EXIT_OK, EXIT_USAGE};
use crate::across::ReportKeys;
use crate::diag::Verdict;
use crate::rating::period::{
    rate_reduced, rate_searched, reduce, search, PeriodOptions, PeriodPlayer, PeriodSummary, Plan,
    PlayerSink, ReportRated, Searched,
};
use crate::ratinglist::{ListLookup, ListPeriod};
use crate::render::period::{render_csv, render_human, PeriodCsv};
use crate::rules::registrations::Registrations;
use rayon::prelude::*;
use std::path::PathBuf;
use std::sync::Arc;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// Reports and folders of reports.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// The list being computed, `YYYY-MM` (the list dated the 1st of that
    /// month). Without it, each report goes to the list it is expected on
    /// and each such list is rated as its own period (the list most
    /// reports are expected on first; JSON: the others in `other_periods`).
    #[arg(long, value_name = "YYYY-MM", value_parser = parse_period)]
    period: Option<ListPeriod>,
    /// A FIDE rating list: the list before the period (t − 1) gives the
    /// base and K, and Ro and the opponents' ratings of the events that
    /// started under it. Its month comes from its header or file name; a
    /// list whose month nothing tells is taken as t − 1, and said.
    #[arg(long, value_name = "FILE")]
    rating_list: Option<PathBuf>,
    /// The list FIDE published at the end of the period (any format
    /// `--rating-list` reads): each player's published rating, games and K
    /// beside the period's, every difference explained where trfkit can
    /// tell why, else said to be unexplained.
    #[arg(long, value_name = "LIST")]
    published: Option<PathBuf>,
    /// The officer's ledger (SQLite, created on first use): every period
    /// computed is recorded in it (one transaction), a report it recorded
    /// as rated in an earlier period is `already-rated`, and unrated
    /// players' earlier results pool with this period's; `trf explain
    /// ledger`. Without it nothing is written.
    #[arg(long, value_name = "FILE")]
    ledger: Option<PathBuf>,
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
    /// Add the period's change to this rating for the player with this
    /// FIDE ID, instead of the list before the period (a base correction:
    /// FIDE's starting rating where it differs from the list); repeatable.
    #[arg(long = "base", value_name = "FIDE_ID=RATING", value_parser = parse_base)]
    base: Vec<(u64, u16)>,
    #[command(flatten)]
    read: ReadArgs,
}

/// Output formats of `trf period`.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PeriodFormat {
    /// The reports, then one table of players and events, the notes once
    /// (one section per list without `--period`).
    Human,
    /// The period as one JSON object (the other lists in `other_periods`
    /// without `--period`).
    Json,
    /// One row per player and event, the period's columns repeated (every
    /// list's rows without `--period`).
    Csv,
}

/// `2025-04` → April 2025.
pub(crate) fn parse_period(s: &str) -> Result<ListPeriod, String> {
    let bad = || format!("`{s}`: expected YYYY-MM, e.g. 2025-04");
    let (y, m) = s.trim().split_once('-').ok_or_else(bad)?;
    let year: u16 = y.parse().map_err(|_| bad())?;
    let month: u8 = m.parse().map_err(|_| bad())?;
    if y.len() != 4 || !(1..=12).contains(&month) || !(1971..=2100).contains(&year) {
        return Err(bad());
    }
    Ok(ListPeriod { year, month })
}

/// `4600010=2053` → the base 2053 for that FIDE ID.
fn parse_base(s: &str) -> Result<(u64, u16), String> {
    let (id, rating) = s
        .split_once('=')
        .ok_or_else(|| format!("`{s}`: expected FIDE_ID=RATING, e.g. 4600010=2053"))?;
    let id: u64 = id
        .trim()
        .parse()
        .ok()
        .filter(|&id| id != 0)
        .ok_or_else(|| format!("`{id}` is not a FIDE ID"))?;
    let rating: u16 = rating
        .trim()
        .parse()
        .ok()
        .filter(|r| (1..=3500).contains(r))
        .ok_or_else(|| format!("`{rating}` is not a rating (1 to 3500)"))?;
    Ok((id, rating))
}

/// `--base` and `--registrations` put on `opts`: the registrations file
/// as shown, or why it cannot be used.
fn bases_and_registrations(opts: &mut PeriodOptions, a: &Args) -> Result<Option<String>, String> {
    opts.bases = a.base.iter().copied().collect();
    let Some(path) = &a.rules.registrations else {
        return Ok(None);
    };
    let name = files::shown(path);
    let regs = Registrations::read(path).map_err(|e| format!("{name}: {e}"))?;
    opts.registrations = Some((Arc::new(regs), name.clone()));
    Ok(Some(name))
}

/// The options of `a`'s period with the rating list searched, and the
/// registrations file as shown, or why it cannot be used.
fn period_options(
    a: &Args,
    list: Option<Arc<ListLookup>>,
) -> (PeriodOptions, Result<Option<String>, String>) {
    let mut opts = options(
        a.period,
        a.list_type,
        &a.rules,
        a.k.iter().copied().collect(),
        list,
    );
    let regs = bases_and_registrations(&mut opts, a);
    (opts, regs)
}

/// The reports `regs` (the registrations file as shown) does not name,
/// as stderr says them.
fn not_named(summary: &PeriodSummary, regs: Option<&str>) -> Vec<String> {
    let Some(name) = regs else {
        return Vec::new();
    };
    let fallback = crate::rules::registrations::not_named(name);
    summary
        .reports
        .iter()
        .filter(|r| r.registration_source.as_deref() == Some(fallback.as_str()))
        .map(|r| format!("{}: {fallback}", r.file))
        .collect()
}

/// The period of `reports` with the options of `a`, the rating list and
/// the published list searched for them and, with `--ledger`, the ledger's
/// earlier results pooled, `already-rated` searched and the period
/// recorded, as [`run`] does; and the reports the registrations file does
/// not name, as stderr says them. `Err` when that file or the ledger
/// cannot be used (the ledger opened before any report is rated, a newer
/// one refused), or the period cannot be recorded.
fn period_of(
    a: &Args,
    reports: &[(&str, &crate::Parsed)],
    list: Option<Arc<ListLookup>>,
    published: Option<Arc<ListLookup>>,
) -> Result<(PeriodSummary, Vec<String>), String> {
    let mut ledger = open_ledger(a)?;
    let (mut opts, regs) = period_options(a, list);
    opts.published = published;
    let regs = regs?;
    if let Some(l) = &ledger {
        pool_earlier(l, a, &mut opts)?;
    }
    let expected: Vec<Option<ListPeriod>> = reports
        .iter()
        .map(|(_, p)| crate::rating::period::expected_of(p))
        .collect();
    let list_month = Plan::new(&expected, &opts).list_month;
    let reduced = reports
        .iter()
        .map(|&(name, p)| reduce(name, p, &opts, list_month))
        .collect();
    let (summary, not_recorded) = rate_and_record(reduced, &opts, ledger.as_mut(), a);
    if let Some(e) = not_recorded {
        return Err(e);
    }
    let not_named = not_named(&summary, regs.as_deref());
    Ok((summary, not_named))
}

/// The ledger of `--ledger`, opened (created on first use; one of a newer
/// trfkit refused) before any work.
fn open_ledger(a: &Args) -> Result<Option<super::ledger::store::Ledger>, String> {
    a.ledger
        .as_deref()
        .map(|p| super::ledger::store::Ledger::open(p, true))
        .transpose()
}

/// The ledger's earlier unrated results, pooled with the period's: each
/// period computed pools those of months before its own (without
/// `--period` the lists are known only once the reports are read).
fn pool_earlier(
    l: &super::ledger::store::Ledger,
    a: &Args,
    opts: &mut PeriodOptions,
) -> Result<(), String> {
    let upto = a
        .period
        .map_or_else(|| "9999-12".to_owned(), super::ledger::key);
    opts.earlier = super::ledger::earlier_results(l, &upto)?;
    opts.earlier_source = Some(format!("the ledger `{}`", l.name));
    Ok(())
}

/// The ledger's marks of each report (its event's fingerprint and round
/// keys), taken before the reports are rated and dropped; none without a
/// ledger.
fn ledger_marks<'k>(
    keys: impl Iterator<Item = &'k ReportKeys>,
    ledger: bool,
) -> std::collections::HashMap<String, super::ledger::ReportMarks> {
    if !ledger {
        return std::collections::HashMap::new();
    }
    keys.map(|k| (k.file.clone(), super::ledger::ReportMarks::of(k)))
        .collect()
}

/// With a ledger, `already-rated` searched in it and the period recorded
/// (one transaction); why it could not be recorded when it could not.
fn check_and_record(
    summary: &mut PeriodSummary,
    marks: &std::collections::HashMap<String, super::ledger::ReportMarks>,
    ledger: Option<&mut super::ledger::store::Ledger>,
    a: &Args,
) -> Option<String> {
    let l = ledger?;
    super::ledger::check_period(l, summary, marks)
        .and_then(|()| {
            super::ledger::record(
                l,
                summary,
                marks,
                a.rating_list.as_deref().map(files::shown).as_deref(),
                a.published.as_deref().map(files::shown).as_deref(),
            )
        })
        .err()
}

/// The period of the reports `reduced`; with a ledger, `already-rated`
/// searched in it and the period recorded (one transaction), and why it
/// could not be when it could not.
fn rate_and_record(
    reports: Vec<(ReportRated, ReportKeys)>,
    opts: &PeriodOptions,
    ledger: Option<&mut super::ledger::store::Ledger>,
    a: &Args,
) -> (PeriodSummary, Option<String>) {
    let marks = ledger_marks(reports.iter().map(|(_, k)| k), ledger.is_some());
    let mut summary = rate_reduced(reports, opts, None);
    let not_recorded = check_and_record(&mut summary, &marks, ledger, a);
    (summary, not_recorded)
}

/// A report's FIDE IDs, the list it is expected on, and the keys of the
/// search across reports when they are taken in the first pass.
type FirstPass = (Vec<u64>, Option<ListPeriod>, Option<ReportKeys>);

pub(crate) fn run(a: Args) -> u8 {
    // The ledger is opened (and a newer one refused) before any work.
    let mut ledger = match open_ledger(&a) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("trf: {}", super::terminal::escape(&e));
            return EXIT_USAGE;
        }
    };
    let found = files::expand(&a.paths);
    files::announce(&found);
    let Inputs { files, missing, .. } = found;
    let read = a.read.options();
    let names: Vec<String> = files.iter().map(|f| files::shown(f)).collect();
    let mut unreadable = !missing.is_empty();
    let say = |name: &str, e: &str| eprintln!("trf: {name}: {}", super::terminal::escape(e));
    // With a rating list, the reports' FIDE IDs (and the lists they are
    // expected on, which decide the list's month) are gathered first, each
    // report read and dropped, so that the list is searched once and no
    // report is held while it is read.
    let mut said = false;
    let mut list = None;
    let mut published = None;
    let mut expected = Vec::new();
    // The keys of the search across reports are taken in that first pass
    // too, and the search done before the list is read and any report
    // rated: the keys, the list's records and the reports' ratings are
    // never held together. Not with a ledger, which records each report's
    // keys beside its figures.
    let mut searched = None;
    // Which reports the first pass read.
    let mut read_first = Vec::new();
    if a.rating_list.is_some() || a.published.is_some() {
        let early = match (&ledger, period_options(&a, None)) {
            (None, (mut o, Ok(_))) => {
                o.findings_unread = a.format == PeriodFormat::Csv;
                Some(o)
            }
            _ => None,
        };
        let first: Vec<Result<FirstPass, String>> = files
            .par_iter()
            .zip(&names)
            .map(|(f, name)| {
                let p = super::read_report(f, &read).map_err(|e| e.to_string())?;
                let ids = ListLookup::ids_of(&p.tournament).collect();
                let keys = early.as_ref().map(|o| {
                    let kind = crate::rating::period::rating_type_of(name, &p, o);
                    ReportKeys::of(name, &p, kind)
                });
                Ok((ids, crate::rating::period::expected_of(&p), keys))
            })
            .collect();
        let mut ids = Vec::new();
        let mut keys = Vec::new();
        for (name, r) in names.iter().zip(first) {
            read_first.push(r.is_ok());
            match r {
                Ok((i, e, k)) => {
                    ids.extend(i);
                    expected.push(e);
                    keys.extend(k);
                }
                Err(e) => {
                    unreadable = true;
                    say(name, &e);
                }
            }
        }
        searched = early.map(|o| search(keys, &o));
        said = true;
        if let Some(path) = &a.rating_list {
            match read_list(path, &ids) {
                Some(l) => list = Some(Arc::new(l)),
                None => return EXIT_USAGE,
            }
        }
        if let Some(path) = &a.published {
            match read_list(path, &ids) {
                Some(l) => published = Some(Arc::new(l)),
                None => return EXIT_USAGE,
            }
        }
    }
    let (mut opts, regs) = period_options(&a, list);
    opts.published = published;
    opts.findings_unread = a.format == PeriodFormat::Csv;
    if let Some(l) = &ledger {
        if let Err(e) = pool_earlier(l, &a, &mut opts) {
            eprintln!("trf: {}", super::terminal::escape(&e));
            return EXIT_USAGE;
        }
    }
    let list_month = Plan::new(&expected, &opts).list_month;
    // Each report is read, checked, rated and reduced to what the period
    // and the search across reports need (only rated when the search was
    // done in the first pass), then dropped.
    let keyed = searched.is_none();
    let reduced: Vec<Result<_, String>> = files
        .par_iter()
        .zip(&names)
        .map(|(f, name)| {
            let p = super::read_report(f, &read).map_err(|e| e.to_string())?;
            Ok(regs.is_ok().then(|| {
                if keyed {
                    let (rated, keys) = reduce(name, &p, &opts, list_month);
                    (rated, Some(keys))
                } else {
                    (ReportRated::of(name, &p, &opts, list_month), None)
                }
            }))
        })
        .collect();
    let mut reports = Vec::with_capacity(reduced.len());
    let mut changed = None;
    for (i, (name, r)) in names.iter().zip(reduced).enumerate() {
        // A report the first pass read and this one did not (or the other
        // way round) changed while the month was read: the search's
        // reports would not be the period's.
        if !keyed && read_first.get(i).copied() != Some(r.is_ok()) {
            changed.get_or_insert_with(|| name.clone());
        }
        match r {
            Ok(r) => reports.extend(r),
            Err(e) => {
                unreadable = true;
                if !said {
                    say(name, &e);
                }
            }
        }
    }
    if let Some(name) = changed {
        say(&name, "changed while the reports were read: run again");
        return EXIT_USAGE;
    }
    let regs = match regs {
        Ok(r) => r,
        Err(e) => {
            eprintln!("trf: {}", super::terminal::escape(&e));
            return EXIT_USAGE;
        }
    };
    let marks = ledger_marks(
        reports.iter().filter_map(|(_, k)| k.as_ref()),
        ledger.is_some(),
    );
    // `--format csv` without a published list or a ledger (which read
    // every player once all are made) is written as the period makes each
    // player: a whole month's players are never held.
    let streamed = a.format == PeriodFormat::Csv && opts.published.is_none() && ledger.is_none();
    let mut summary = if streamed {
        super::output::out_stream(|w| {
            let mut csv = PeriodCsv::new(w, false);
            let summary = {
                let mut player = |period: &str, p: PeriodPlayer| csv.player(period, &p);
                rate_month(reports, searched, &opts, Some(&mut player))
            };
            (summary, csv.finish())
        })
    } else {
        rate_month(reports, searched, &opts, None)
    };
    let not_recorded = check_and_record(&mut summary, &marks, ledger.as_mut(), &a);
    for line in not_named(&summary, regs.as_deref()) {
        eprintln!("trf: {line}");
    }
    match a.format {
        PeriodFormat::Human => out(&super::terminal::escape(&render_human(&summary))),
        PeriodFormat::Json => {
            super::output::out_json(&crate::render::period_json(&summary));
            out("\n");
        }
        PeriodFormat::Csv if streamed => {}
        PeriodFormat::Csv => out(&render_csv(&summary)),
    }
    if let Some(e) = &not_recorded {
        eprintln!("trf: {}", super::terminal::escape(e));
    }
    if unreadable || not_recorded.is_some() {
        EXIT_USAGE
    } else if every_report_ready_and_rated(&summary) {
        EXIT_OK
    } else {
        EXIT_ERRORS
    }
}

/// The period of the month's reports, each rated with its keys taken
/// (`searched` is `None`: the search runs over them now) or rated only,
/// the search across them done before (`searched`); the players kept or
/// given to `sink` as they are made.
fn rate_month(
    reports: Vec<(ReportRated, Option<ReportKeys>)>,
    searched: Option<Searched>,
    opts: &PeriodOptions,
    sink: PlayerSink<'_, '_>,
) -> PeriodSummary {
    match searched {
        Some(searched) => {
            let rated = reports.into_iter().map(|(r, _)| r).collect();
            rate_searched(rated, searched, opts, sink)
        }
        None => {
            let reduced = reports
                .into_iter()
                .filter_map(|(r, k)| Some((r, k?)))
                .collect();
            rate_reduced(reduced, opts, sink)
        }
    }
}

/// Every report read is ready and rated in a period: the one computed, or
/// without `--period` the one of the list it is expected on.
fn every_report_ready_and_rated(summary: &PeriodSummary) -> bool {
    let elsewhere: std::collections::HashSet<&str> = summary
        .other_periods
        .iter()
        .flatten()
        .flat_map(|o| o.reports.iter().filter(|r| r.in_period))
        .map(|r| r.file.as_str())
        .collect();
    summary.reports.iter().all(|r| {
        r.verdict == Verdict::Ready && (r.in_period || elsewhere.contains(r.file.as_str()))
    })
}

/// The JSON `trf period --format json` prints for `a`, for
/// [`super::embed`]: the same walk, reading, rating list search, options,
/// the ledger (`--ledger`: a period that cannot be recorded is an error) and period as [`run`]. What `run` says on stderr and goes on from is a
/// warning; a path that cannot be read is an error.
pub(crate) fn json(a: Args, warnings: &mut Vec<String>) -> Result<String, String> {
    let found = files::expand(&a.paths);
    if let Some((p, why)) = found.missing.first() {
        return Err(format!("{}: {why}", files::shown(p)));
    }
    for (p, why) in &found.skipped {
        warnings.push(format!("skipped {}: {why}", files::shown(p)));
    }
    if found.files.is_empty() {
        return Err("no TRF file found".to_owned());
    }
    let parsed = read_all(&found.files, &a.read.options());
    let mut reports = Vec::with_capacity(parsed.len());
    for (name, r) in &parsed {
        reports.push((
            name.as_str(),
            r.as_ref().map_err(|e| format!("{name}: {e}"))?,
        ));
    }
    let parsed: Vec<&crate::Parsed> = reports.iter().map(|(_, p)| *p).collect();
    let list = search_list_for(a.rating_list.as_deref(), &parsed, warnings)?;
    let published = search_list_for(a.published.as_deref(), &parsed, warnings)?;
    let (summary, not_named) = period_of(&a, &reports, list, published)?;
    warnings.extend(not_named);
    Ok(serde_json::to_string(&summary).unwrap_or_default())
}

/// Every file read (in parallel), with the name the output gives it, or
/// why it could not be read.
fn read_all(
    files: &[PathBuf],
    read: &crate::ReadOptions,
) -> Vec<(String, Result<crate::Parsed, String>)> {
    files
        .par_iter()
        .map(|f| {
            (
                files::shown(f),
                super::read_report(f, read).map_err(|e| e.to_string()),
            )
        })
        .collect()
}

/// The options of a period: the list computed, the list type, the rule
/// options of every report, K overrides, and the rating list searched for
/// the reports' players.
pub(crate) fn options(
    period: Option<ListPeriod>,
    list_type: Option<crate::regulations::RatingType>,
    rules: &RuleArgs,
    k: std::collections::HashMap<u64, u8>,
    list: Option<Arc<ListLookup>>,
) -> PeriodOptions {
    let mut opts = PeriodOptions {
        period,
        rating_type: list_type,
        check: rules.options(crate::rules::CheckOptions::default().max_per_rule),
        list: list.clone(),
        ..PeriodOptions::default()
    };
    opts.rate.k_overrides = k;
    opts.check.rating_list = list;
    opts
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
        assert_eq!(parse_base("4600010=2053"), Ok((4600010, 2053)));
        for bad in ["4600010", "0=2000", "x=2000", "4600010=0", "4600010=9999"] {
            assert!(parse_base(bad).is_err(), "{bad}");
        }
    }
}
