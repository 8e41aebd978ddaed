//! `trf check PATH... [--format human|json] [--rating-list FILE]`.
//!
//! Files are checked in parallel and printed in a stable order (by path
//! within each argument). A progress bar shows on stderr only when it is a
//! terminal; JSON output is one object per file per line and nothing else.
//! With a rating list, the FIDE IDs of every report are gathered first
//! (each report read and dropped) and the list is searched once for all
//! of them. With several files, each report is then checked and reduced to
//! what the output and the search across reports need (with `--summary`,
//! its line: the report itself is dropped), and the problems across
//! reports are searched once, over those keys.

use super::files::{self, Inputs};
use super::output::out_json;
use super::progress::Progress;
use super::terminal::{escape, safe_diagnostic, SafeSource};
use super::{out, ReadArgs, EXIT_ERRORS, EXIT_OK, EXIT_USAGE};
use crate::across::ReportKeys;
use crate::analysis::rating_type_of;
use crate::check::{check, AcrossKept, AcrossSink, CheckReport};
use crate::diag::Verdict;
use crate::ratinglist::ListLookup;
use crate::ratinglist::RatingList;
use crate::render::human::{self};
use crate::render::summary::{self, SummaryRow};
use crate::rules::registrations::Registrations;
use crate::rules::CheckOptions;
use crate::Parsed;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::Arc;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// Reports and folders of reports.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = CheckFormat::Human)]
    format: CheckFormat,
    #[command(flatten)]
    rules: RuleArgs,
    /// Findings shown per rule and file (0 = all).
    #[arg(long, value_name = "N", default_value_t = crate::Options::MAX_PER_RULE)]
    max_per_rule: usize,
    /// Cross-check players against this FIDE rating list (TXT, XML or the
    /// zip FIDE ships; an index built by `trf list index` is used when present).
    #[arg(long, value_name = "FILE")]
    rating_list: Option<PathBuf>,
    /// The officer's ledger (`trf period --ledger`): a report it recorded
    /// as rated in an earlier period (or some of whose rounds it did) is
    /// `already-rated`. Created empty when missing; check records nothing.
    #[arg(long, value_name = "FILE")]
    ledger: Option<PathBuf>,
    /// Width of the graphical report (default: the terminal's).
    #[arg(long)]
    width: Option<usize>,
    /// Never show the progress bar.
    #[arg(long)]
    no_progress: bool,
    /// One line per report (file, event, start, rating type, verdict, the
    /// gravest reason) and the closing summary, without the findings; with
    /// `--format csv`, the same as CSV rows with the counts per consequence.
    #[arg(long)]
    summary: bool,
    #[command(flatten)]
    read: ReadArgs,
}

/// The options that decide what the rules find, shared by `trf check` and
/// `trf rate` (which obeys the same checks).
#[derive(clap::Args, Debug, Clone)]
pub(crate) struct RuleArgs {
    /// Do not run these rules (names or codes; repeatable).
    #[arg(long = "disable", value_name = "RULE")]
    pub(crate) disable: Vec<String>,
    /// Apply this edition of the FIDE Rating Regulations (2003, 2005, 2009,
    /// 2013, 2014, 2017, 2022, 2024) instead of the one in force at the start date.
    #[arg(long, value_name = "VERSION")]
    pub(crate) regulations: Option<crate::regulations::Version>,
    /// The date the tournament was registered with FIDE (YYYY-MM-DD).
    #[arg(long, value_name = "DATE")]
    pub(crate) registered_on: Option<chrono::NaiveDate>,
    /// The event is a national championship (round-robin composition exception).
    #[arg(long)]
    pub(crate) national_championship: bool,
    /// The event is a hybrid event individually approved by the FIDE QC
    /// Chair: rated like over-the-board play (complete PGN goes with the report).
    #[arg(long)]
    pub(crate) hybrid_approved: bool,
    /// The list the event is registered for: standard, rapid or blitz
    /// (default: read from the time control; a contradiction is a warning).
    /// A rapid or blitz event is judged and rated by that chapter's rules.
    #[arg(long, value_name = "TYPE")]
    pub(crate) rating_type: Option<crate::regulations::RatingType>,
    /// The Qualification Commission approved this event for standard rating
    /// at 45'+30" or 60'+30" ("fast classic": the 2025 pilot events, or from 2026).
    #[arg(long)]
    pub(crate) qc_approved_fast_classic: bool,
    /// Each report's own registration facts, from a CSV file with columns
    /// `file` or `event`, `registered_on`, and optionally `rating_type`,
    /// `hybrid_approved`, `qc_approved_fast_classic`; a report it does not
    /// name keeps the flags above (and is said so).
    #[arg(long, value_name = "FILE.csv")]
    pub(crate) registrations: Option<PathBuf>,
}

impl RuleArgs {
    /// The library's options (no rating list yet).
    pub(crate) fn options(&self, max_per_rule: usize) -> CheckOptions {
        CheckOptions {
            disabled: self.disable.clone(),
            regulations: self.regulations,
            registered_on: self.registered_on,
            national_championship: self.national_championship,
            max_per_rule,
            hybrid_approved: self.hybrid_approved,
            rating_type: self.rating_type,
            qc_fast_classic: self.qc_approved_fast_classic,
            ..CheckOptions::default()
        }
    }

    /// Reads `--registrations`; `Err` (said on stderr) when it cannot be
    /// used, which is a usage error.
    pub(crate) fn registrations(&self) -> Result<Option<Registrations>, ()> {
        let Some(path) = &self.registrations else {
            return Ok(None);
        };
        Registrations::read(path).map(Some).map_err(|e| {
            eprintln!("trf: {}: {}", files::shown(path), escape(&e.to_string()));
        })
    }
}

/// The options of one report: `base` with its row of `--registrations`
/// put over it. A report the file does not name keeps `base`, and is said
/// so on stderr.
pub(crate) fn options_for(
    base: &CheckOptions,
    regs: Option<&Registrations>,
    path: &std::path::Path,
    parsed: &Parsed,
    regs_path: Option<&std::path::Path>,
) -> CheckOptions {
    let (o, found) = registered(base, regs, path, parsed, regs_path);
    if !found {
        let name = regs_path.map(files::shown).unwrap_or_default();
        eprintln!(
            "trf: {}: {}",
            files::shown(path),
            crate::rules::registrations::not_named(&name)
        );
    }
    o
}

/// The options of the report at `path` under the registrations `regs`,
/// and whether they name it (true without registrations): [`options_for`]
/// without saying so.
fn registered(
    base: &CheckOptions,
    regs: Option<&Registrations>,
    path: &std::path::Path,
    parsed: &Parsed,
    regs_path: Option<&std::path::Path>,
) -> (CheckOptions, bool) {
    let Some(regs) = regs else {
        return (base.clone(), true);
    };
    let event = parsed
        .tournament
        .header
        .name
        .as_ref()
        .map(|n| n.value.as_str());
    let name = regs_path.map(files::shown).unwrap_or_default();
    regs.options_for(base, path, event, &name)
}

/// Searches the rating list for `ids`, saying on stderr when its index
/// could not be used; `None` (with the reason on stderr) when the list
/// cannot be read.
pub(crate) fn read_list(path: &std::path::Path, ids: &[u64]) -> Option<ListLookup> {
    let mut notes = Vec::new();
    let found = search_list(path, ids, &mut notes);
    for n in notes {
        eprintln!("trf: {}", escape(&n));
    }
    match found {
        Ok(l) => Some(l),
        Err(e) => {
            eprintln!("trf: {}", escape(&e.to_string()));
            None
        }
    }
}

/// The rating list at `path`, when one was given, searched for the players
/// of `reports`, for the embedded commands ([`super::embed`]): `Err` is why
/// it cannot be read, and `notes` gets the reason its index was not used.
pub(crate) fn search_list_for(
    path: Option<&std::path::Path>,
    reports: &[&Parsed],
    notes: &mut Vec<String>,
) -> Result<Option<Arc<ListLookup>>, String> {
    let Some(path) = path else { return Ok(None) };
    let ids: Vec<u64> = reports
        .iter()
        .flat_map(|p| ListLookup::ids_of(&p.tournament))
        .collect();
    Ok(Some(Arc::new(search_list(path, &ids, notes)?)))
}

/// Searches the rating list for `ids`; `Err` is why the list cannot be
/// read, and `notes` gets the reason its index could not be used.
pub(crate) fn search_list(
    path: &std::path::Path,
    ids: &[u64],
    notes: &mut Vec<String>,
) -> Result<ListLookup, String> {
    let l = ListLookup::read(path, ids).map_err(|e| format!("rating list: {e}"))?;
    if let Some(why) = &l.index_problem {
        notes.push(format!(
            "rating list index not used, list scanned instead: {why}"
        ));
    }
    Ok(l)
}

/// The JSON `trf check --format json` prints for the one report of `a`
/// (`contents` read instead of `-`), for [`super::embed`]: the same reading,
/// options, rating list search, ledger (`--ledger`) and check as [`run`]. `--registrations`
/// is refused: each call gives its report's own facts.
pub(crate) fn json(
    a: Args,
    contents: Option<Vec<u8>>,
    warnings: &mut Vec<String>,
) -> Result<String, String> {
    let path = super::embed::one_path(&a.paths, &a.rules, contents.is_some())?;
    let mut read = a.read.options();
    // The reader keeps no more findings per rule than will be shown.
    read.max_findings_per_rule = a.max_per_rule;
    let parsed = super::read_given(path, contents, &read)?;
    let mut opts = a.rules.options(a.max_per_rule);
    opts.rating_list = search_list_for(a.rating_list.as_deref(), &[&parsed], warnings)?;
    let mut rep = check(&parsed, &opts);
    let name = files::shown(path);
    // As `run`: a ledger that cannot be opened (or a newer one) is refused;
    // one that cannot be searched is said, and the check goes on.
    if let Some(l) = a.ledger.as_deref() {
        let l = super::ledger::LedgerPool::open(l)?;
        if let Err(e) = super::ledger::check_report(&l, &name, &parsed, &mut rep, &opts) {
            warnings.push(format!("{name}: {e}"));
        }
    }
    Ok(crate::render::json::check_line(&name, &parsed, &rep))
}

/// Output formats of `trf check`.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CheckFormat {
    /// For people: miette on a terminal, plain text in a pipe.
    Human,
    /// For programs: one object per file per line.
    Json,
    /// SARIF 2.1.0, one run for every file (code-scanning tools).
    Sarif,
    /// GitHub Actions workflow annotations.
    Github,
    /// CSV rows, one per report (with `--summary` only).
    Csv,
}

/// One file's result: the report, or why the file could not be read.
pub(crate) type Outcome = Result<Box<Checked>, String>;

/// One report checked, reduced to what the output needs once every report
/// is read: with `--summary` its line and the count of its findings by
/// rule (the report itself is dropped as soon as it is checked), else the
/// report as read, for its findings' lines and labels.
pub(crate) struct Checked {
    /// The report as read; `None` with `--summary`.
    parsed: Option<Parsed>,
    /// The check; with `--summary` only its gravest finding is kept (all
    /// the line needs of them), the others are in `tally`.
    rep: CheckReport,
    /// With `--summary`, the report's line.
    row: Option<SummaryRow>,
    /// With `--summary`, the findings no longer in `rep`, by rule and
    /// whether they are notes only.
    tally: Vec<(RuleKey, usize)>,
}

/// How `--summary` counts findings: by rule, whether they are notes only
/// (consequence `info`), and what a note says instead of its rule's name
/// ([`said_instead`]).
type RuleKey = (&'static str, bool, Option<String>);

/// `diags` counted into `into` by [`RuleKey`].
fn tally(diags: &[crate::diag::Diagnostic], into: &mut BTreeMap<RuleKey, usize>) {
    let defaults = default_consequences();
    for d in diags {
        *into.entry(rule_key(d, defaults)).or_default() += 1;
    }
}

/// The [`RuleKey`] of finding `d`.
fn rule_key(
    d: &crate::diag::Diagnostic,
    defaults: &std::collections::HashMap<&str, crate::diag::Consequence>,
) -> RuleKey {
    let note = d.consequence == crate::diag::Consequence::Info;
    (d.rule, note, said_instead(d, defaults))
}

/// Every code's consequence as its rule declares it, made once.
fn default_consequences(
) -> &'static std::collections::HashMap<&'static str, crate::diag::Consequence> {
    static DEFAULTS: std::sync::OnceLock<
        std::collections::HashMap<&'static str, crate::diag::Consequence>,
    > = std::sync::OnceLock::new();
    DEFAULTS.get_or_init(|| {
        crate::rules::registry::all()
            .map(|e| (e.meta.code, e.meta.consequence))
            .collect()
    })
}

impl Checked {
    /// `rep` of `parsed` named `name`, kept whole, or with `summary`
    /// reduced to its line.
    fn new(name: &str, parsed: Parsed, mut rep: CheckReport, summary: bool) -> Checked {
        if !summary {
            return Checked {
                parsed: Some(parsed),
                rep,
                row: None,
                tally: Vec::new(),
            };
        }
        let row = SummaryRow::of(name, &parsed, &rep);
        // The line reads the gravest finding only, also once the findings
        // across reports join it.
        let gravest = summary::gravest(&rep.diagnostics).cloned();
        let mut by_rule = BTreeMap::new();
        tally(&rep.diagnostics, &mut by_rule);
        if let Some(g) = &gravest {
            if let Some(n) = by_rule.get_mut(&rule_key(g, default_consequences())) {
                *n -= 1;
            }
        }
        rep.diagnostics = gravest.into_iter().collect();
        rep.eligibility = Default::default();
        Checked {
            parsed: None,
            rep,
            row: Some(row),
            tally: by_rule.into_iter().filter(|(_, n)| *n > 0).collect(),
        }
    }
}

pub(crate) fn run(a: Args) -> u8 {
    if a.summary && matches!(a.format, CheckFormat::Sarif | CheckFormat::Github) {
        eprintln!("trf: --summary gives human, json or csv output, not sarif or github");
        return EXIT_USAGE;
    }
    if a.format == CheckFormat::Csv && !a.summary {
        eprintln!("trf: --format csv needs --summary (findings are JSON, SARIF or text)");
        return EXIT_USAGE;
    }
    let Inputs {
        files,
        skipped,
        missing,
    } = files::expand(&a.paths);
    let mut opts = a.rules.options(a.max_per_rule);
    let Ok(regs) = a.rules.registrations() else {
        return EXIT_USAGE;
    };
    // Refuse an unreadable list (or an unknown layout) before reading any
    // report: only the header is read here.
    if let Some(list) = &a.rating_list {
        if let Err(e) = RatingList::lookup(list, &[]) {
            eprintln!("trf: rating list: {e}");
            return EXIT_USAGE;
        }
    }
    let ledger = match a.ledger.as_deref().map(super::ledger::LedgerPool::open) {
        None => None,
        Some(Ok(l)) => Some(l),
        Some(Err(e)) => {
            eprintln!("trf: {}", escape(&e));
            return EXIT_USAGE;
        }
    };
    let mut read = a.read.options();
    // The reader keeps no more findings per rule than will be shown.
    read.max_findings_per_rule = a.max_per_rule;
    let progress = (!a.no_progress && std::io::stderr().is_terminal() && files.len() > 1)
        .then(|| Progress::stderr(files.len() as u64));
    // One file starts no thread pool, and is read once.
    let single = files.len() == 1;
    let read_one = |f: &PathBuf| super::read_report(f, &read).map_err(|e| e.to_string());
    let mut first: Option<Result<Parsed, String>> = None;
    let names: Vec<String> = files.iter().map(|p| files::shown(p)).collect();
    // The search across reports, when it was done in the first pass.
    let mut searched: Option<Found> = None;
    if let Some(list) = &a.rating_list {
        // The rating list is searched once for the FIDE IDs of every
        // report: they are gathered first (each report read and dropped),
        // so that no report is held while the list is read. The keys of
        // the search across reports are taken in that pass too and the
        // search done there (the event's list is decided without the
        // rating list): the keys and the list's records are never held
        // together.
        let ids: Vec<u64> = if single {
            let r = read_one(&files[0]);
            let ids = r
                .iter()
                .flat_map(|p| ListLookup::ids_of(&p.tournament))
                .collect();
            first = Some(r);
            ids
        } else {
            let (ids, keys): (Vec<Vec<u64>>, Vec<Option<ReportKeys>>) = files
                .par_iter()
                .zip(&names)
                .map(|(f, name)| match read_one(f) {
                    Err(_) => (Vec::new(), None),
                    Ok(p) => {
                        let ids = ListLookup::ids_of(&p.tournament).collect();
                        // Registrations that do not name the report are
                        // said once, by its check.
                        let (mine, _) = registered(
                            &opts,
                            regs.as_ref(),
                            f,
                            &p,
                            a.rules.registrations.as_deref(),
                        );
                        let kind = rating_type_of(&p.tournament, &mine);
                        (ids, Some(ReportKeys::of(name, &p, kind)))
                    }
                })
                .unzip();
            searched = Some(search_across(keys, &opts, a.summary));
            ids.into_iter().flatten().collect()
        };
        if let Some(pb) = &progress {
            pb.set_message("searching the rating list");
        }
        match read_list(list, &ids) {
            Some(l) => opts.rating_list = Some(Arc::new(l)),
            None => {
                if let Some(pb) = progress {
                    pb.finish_and_clear();
                }
                return EXIT_USAGE;
            }
        }
    }
    let keyed = searched.is_none();
    // Each report is read, checked and reduced to what the output and the
    // search across reports need, then dropped.
    let check_one = |((path, name), pre): ((&PathBuf, &String), Option<Result<Parsed, String>>)|
     -> (Outcome, Option<ReportKeys>) {
        let r = pre.unwrap_or_else(|| read_one(path));
        if let Some(pb) = &progress {
            pb.inc();
        }
        match r {
            Err(e) => (Err(e), None),
            Ok(parsed) => {
                let mine = options_for(
                    &opts,
                    regs.as_ref(),
                    path,
                    &parsed,
                    a.rules.registrations.as_deref(),
                );
                let mut rep = check(&parsed, &mine);
                if let Some(l) = &ledger {
                    if let Err(e) = super::ledger::check_report(l, name, &parsed, &mut rep, &mine) {
                        eprintln!("trf: {name}: {}", escape(&e));
                    }
                }
                let keys = (!single && keyed)
                    .then(|| ReportKeys::of(name, &parsed, rep.rating_type.rating_type));
                (
                    Ok(Box::new(Checked::new(name, parsed, rep, a.summary))),
                    keys,
                )
            }
        }
    };
    // The report read for the list's IDs, when there is one file.
    let pre: Vec<Option<Result<Parsed, String>>> = match first {
        Some(r) => vec![Some(r)],
        None => files.iter().map(|_| None).collect(),
    };
    let (mut results, keys): (Vec<Outcome>, Vec<Option<ReportKeys>>) = if single {
        files.iter().zip(&names).zip(pre).map(check_one).unzip()
    } else {
        files.par_iter().zip(&names).zip(pre).map(check_one).unzip()
    };
    if let Some(pb) = progress {
        pb.finish_and_clear();
    }
    let found = match searched {
        Some(found) => found,
        None => search_across(keys, &opts, a.summary),
    };
    attach(found, &mut results, &opts);

    let human = a.format == CheckFormat::Human;
    // SARIF and annotations are written once, for every file together.
    let mut machine: Vec<crate::render::FileFindings<'_>> = Vec::new();
    let terminal = std::io::stdout().is_terminal();
    let width = a
        .width
        .unwrap_or(if terminal { terminal_width() } else { 80 });
    let mut any_unready = false;
    let mut unreadable = 0usize;
    // Files that could not be read, for SARIF's tool notifications.
    let mut not_read: Vec<(String, String)> = Vec::new();
    let mut verdicts: BTreeMap<Verdict, usize> = BTreeMap::new();
    let mut rows: Vec<SummaryRow> = Vec::new();
    // By rule, and whether the findings are notes only (consequence
    // `info`): 25 "registration was not checked" notes are not 25 events
    // registered too late.
    let mut by_rule: BTreeMap<RuleKey, usize> = BTreeMap::new();
    for (name, r) in names.iter().zip(&results) {
        match r {
            Err(e) => {
                unreadable += 1;
                eprintln!("trf: {name}: {}", escape(e));
                not_read.push((name.to_string(), e.to_string()));
            }
            Ok(b) => {
                let rep = &b.rep;
                any_unready |= rep.verdict != Verdict::Ready;
                *verdicts.entry(rep.verdict).or_default() += 1;
                tally(&rep.diagnostics, &mut by_rule);
                for (k, n) in &b.tally {
                    *by_rule.entry(k.clone()).or_default() += n;
                }
                if let Some(row) = &b.row {
                    if a.format == CheckFormat::Json {
                        out_json(&serde_json::to_string(row).unwrap_or_default());
                        out("\n");
                    } else {
                        rows.push(row.clone());
                    }
                    continue;
                }
                let Some(parsed) = &b.parsed else { continue };
                let t = &parsed.tournament;
                let loc = parsed.locator();
                if matches!(a.format, CheckFormat::Sarif | CheckFormat::Github) {
                    machine.push(crate::render::FileFindings {
                        file: name,
                        text: &parsed.text,
                        lines: &t.lines,
                        diagnostics: &rep.diagnostics,
                    });
                } else if human {
                    // The verdict first, then each finding once.
                    let mut s = String::new();
                    if terminal {
                        // A report's control characters are shown escaped,
                        // never sent to the terminal.
                        s.push_str(&escape(&human::verdict_line(name, parsed, rep)));
                        let safe = SafeSource::new(&parsed.text);
                        for c in crate::diag::Consequence::ALL {
                            for e in crate::render::grouped::entries(&rep.diagnostics, c, &loc) {
                                let d = e.diagnostic();
                                let (text, d) = match &safe {
                                    Some(safe) => (safe.text.as_str(), safe.diagnostic(&d)),
                                    None => (parsed.text.as_str(), safe_diagnostic(&d)),
                                };
                                s.push_str(&human::render_graphical(
                                    name, text, &d, width, true, true,
                                ));
                                s.push('\n');
                            }
                        }
                    } else {
                        s.push_str(&escape(&human::render_report(name, parsed, rep)));
                    }
                    out(&s);
                } else {
                    out_json(&crate::render::json::check_line(name, parsed, rep));
                    out("\n");
                }
            }
        }
    }
    match a.format {
        CheckFormat::Sarif => {
            out_json(
                &crate::render::sarif::Log::new(&machine)
                    .with_unreadable(&not_read)
                    .to_json(),
            );
            out("\n");
        }
        // A CI log is a terminal too: a report's control characters are
        // shown escaped (CR and LF are escaped as GitHub requires).
        CheckFormat::Github => out(&escape(&crate::render::github::annotations(&machine))),
        CheckFormat::Csv => out(&summary::csv(&rows)),
        CheckFormat::Human if a.summary => out(&escape(&summary::human(&rows))),
        CheckFormat::Human | CheckFormat::Json => {}
    }
    for (p, why) in &missing {
        eprintln!("trf: {}: {}", files::shown(p), escape(why));
    }
    for (p, why) in &skipped {
        eprintln!("trf: skipped {}: {why}", files::shown(p));
    }
    if human && (files.len() > 1 || a.summary) {
        let mut top: Vec<_> = by_rule.into_iter().collect();
        top.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let top: Vec<String> = top
            .iter()
            .take(5)
            .map(|((r, note, said), n)| match said {
                Some(said) => format!("{said} {n} ({r}, notes only)"),
                None if *note => format!("{r} {n} (notes only)"),
                None => format!("{r} {n}"),
            })
            .collect();
        let n = |v: Verdict| verdicts.get(&v).copied().unwrap_or(0);
        out(&format!(
            "\n{} {}: {} ready, {} fix before upload, {} not rateable, {unreadable} unreadable, {} skipped\n",
            files.len(),
            if files.len() == 1 { "file" } else { "files" },
            n(Verdict::Ready),
            n(Verdict::FixBeforeUpload),
            n(Verdict::NotRateable),
            skipped.len()
        ));
        if !top.is_empty() {
            out(&format!("most frequent: {}\n", top.join(", ")));
        }
    }
    if human
        && a.rules.registered_on.is_none()
        && regs.is_none()
        && results.iter().any(Result::is_ok)
    {
        out(&format!(
            "note: {}\n",
            crate::regulations::registration::not_checked_advice()
        ));
    }
    if !missing.is_empty() || unreadable > 0 || files.is_empty() {
        if files.is_empty() && missing.is_empty() {
            eprintln!("trf: no TRF file found");
        }
        return EXIT_USAGE;
    }
    if any_unready {
        EXIT_ERRORS
    } else {
        EXIT_OK
    }
}

/// The findings across reports of each report searched: (its place among
/// the files, what it keeps).
type Found = Vec<(usize, AcrossKept)>;

/// Searches the problems across reports once, over the keys of every
/// report read (`keys[i]` of the file `i`), each rule bounded as the
/// report's own findings are (nothing with fewer than two readable
/// reports).
fn search_across(keys: Vec<Option<ReportKeys>>, opts: &CheckOptions, summary: bool) -> Found {
    let (at, keys): (Vec<usize>, Vec<ReportKeys>) = keys
        .into_iter()
        .enumerate()
        .filter_map(|(i, k)| Some((i, k?)))
        .unzip();
    if keys.len() < 2 {
        return Vec::new();
    }
    // A report's line reads only where each finding points and what it
    // means, never its words.
    let mut sink = AcrossSink::new(keys.len(), opts, summary);
    crate::across::search(&keys, &mut sink);
    drop(keys);
    at.into_iter().zip(sink.reports).collect()
}

/// Adds the findings across reports ([`search_across`]) to the reports
/// they concern (`results[i]` is file `i`'s).
fn attach(found: Found, results: &mut [Outcome], opts: &CheckOptions) {
    for (i, kept) in found {
        if let Ok(b) = &mut results[i] {
            b.rep.add_kept(kept, opts);
            if let Some(row) = &mut b.row {
                row.recount(&b.rep);
            }
        }
    }
}

fn terminal_width() -> usize {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(100)
}

/// What a note says, for the counts of `--summary`, when its rule is named
/// for a problem the note did not find: `registration-too-late` without a
/// registration date gives "registration with FIDE not checked", and 25 of
/// them are not 25 events registered too late. The message's words before
/// its first colon, when they are the same plain words in every finding
/// (no quoted value, no figure).
fn said_instead(
    d: &crate::diag::Diagnostic,
    defaults: &std::collections::HashMap<&str, crate::diag::Consequence>,
) -> Option<String> {
    let info = crate::diag::Consequence::Info;
    if d.consequence != info || defaults.get(d.code).is_none_or(|c| *c == info) {
        return None;
    }
    let (lead, _) = d.message.split_once(':')?;
    (lead.len() <= 60 && !lead.contains(|c: char| c == '`' || c.is_ascii_digit()))
        .then(|| lead.to_owned())
}
