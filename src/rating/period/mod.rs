//! A rating period: what FIDE publishes on one list from every report of a
//! federation's month (`trf period`).
//!
//! FIDE publishes one change per player and list, added over every event
//! rated on that list, with one K (the list before, t − 1), K × n ≤ 700
//! over the period's games where the edition has it, and one rounding
//! (FIDE Handbook B.02 2024 art. 7.1, 8.3.2–8.3.4; 2022 the same). Each
//! event keeps its own start list for Ro and the opponents' ratings and its
//! own edition for the game-level rules.
//!
//! * Which reports: the caller's period decides ([`PeriodOptions::period`]):
//!   a report expected on another list is rated with a warning, one that
//!   FIDE's rules forbid on that list is left out and says why ([`lists`]).
//!   Without it each report goes to the list it is expected on, and each
//!   list is rated as its own period, as `--period` of that month rates the
//!   reports expected on it: the summary is the list most reports are
//!   expected on, the others are in [`PeriodSummary::other_periods`] (said).
//! * Per event, the figures are the rating pass's ([`Analysis::rate`]): the
//!   same checks, exclusions and ΣΔR as `trf rate`. Nothing is computed
//!   again here except the period's aggregation ([`total`]) and the
//!   unrated players' pool.
//! * Cross-report findings (`player-in-simultaneous-events`,
//!   `duplicate-report`, `player-data-conflict`) are computed elsewhere
//!   and given to the period through [`PeriodReport::duplicate_of`] (a
//!   duplicate is counted once) and [`PeriodSummary::findings`].
//!
//! Every default the period uses (identity, list, K, cap, rounding, floors,
//! long events, the 2024 uplift) is printed in the notes.

mod base;
mod figures;
pub(crate) mod lists;
pub(crate) mod method;
mod published;
mod rounds;
mod split;
mod start_k;
mod together;
pub(crate) mod total;
mod unplaced;

mod summary;

pub use published::{PublishedFigures, PublishedSummary};
// `trf rate` of a long event (the command line's).
#[cfg(feature = "cli")]
pub(crate) use rounds::in_rate as long_event_in_rate;
pub use split::{split_by_period, PeriodPart, SplitError, SPLIT_READINGS};
pub use summary::{
    PeriodEvent, PeriodFinding, PeriodPlayer, PeriodReportEntry, PeriodSummary, Pool,
};
// The streamed month of `trf period` and `trf check` (the command's own).
#[cfg(feature = "cli")]
pub(crate) use together::{rate_reduced, reduce, search, Searched};
// The month of the local page (`trf serve` and the page in the browser).
pub(crate) use together::{rate_searched, reduce_all, search_with};

use crate::analysis::Analysis;
use crate::diag::Verdict;
use crate::rating::maths::{
    initial_rating, pool_weighted, publication, HalfPoints, Hundredths, PoolPart, Publication,
    RatedGame, UnratedGame, UnratedInput,
};
use crate::rating::{CheckedRating, KSource, ListFacts, RateOptions, UnratedOutcome};
use crate::ratinglist::period::month_name;
use crate::ratinglist::{fold_name, ListLookup, ListPeriod};
use crate::read::Parsed;
use crate::regulations::{PoolingMethod, RatingType, Regulations, Topic};
use crate::rules::registrations::Registrations;
use crate::rules::CheckOptions;
use chrono::NaiveDate;
use figures::{Figures, Row};
use std::collections::HashMap;
use std::sync::Arc;
use total::{period_total, EventTerm};

/// What the caller knows beyond the reports.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct PeriodOptions {
    /// The list being computed (`--period YYYY-MM`); `None`: each report
    /// goes to the list it is expected on, and each such list is a period
    /// (the one most reports are expected on first, the others in
    /// [`PeriodSummary::other_periods`]).
    pub period: Option<ListPeriod>,
    /// Compute only this list; reports of another rating type are left out.
    pub rating_type: Option<RatingType>,
    /// The checks' options, shared by every report.
    pub check: CheckOptions,
    /// The rating pass's own extras (K overrides); the edition, the rating
    /// type and the approvals are [`PeriodOptions::check`]'s, decided once
    /// per report by its check, and the list fields are set per report from
    /// [`PeriodOptions::list`].
    pub rate: RateOptions,
    /// The FIDE rating list given, looked up for every report's IDs.
    pub list: Option<Arc<ListLookup>>,
    /// Base corrections (`--base FIDE_ID=RATING`): the rating the period's
    /// change is added to for that player, instead of list t − 1 (or the
    /// latest event's Ro). FIDE's starting rating is sometimes not the one
    /// printed on the list before the period, and nothing in a report or a
    /// list tells it.
    pub bases: HashMap<u64, u16>,
    /// The list FIDE published at the end of the period (`--published`),
    /// looked up for every report's IDs: each player's figures are
    /// compared with it ([`PeriodPlayer::published`]).
    pub published: Option<Arc<ListLookup>>,
    /// Unrated players' results of earlier periods (the ledger, `--ledger`),
    /// by FIDE ID and list: pooled with this period's as the edition
    /// allows, said with their periods.
    pub(crate) earlier: HashMap<(u64, RatingType), Vec<EarlierResults>>,
    /// Where [`PeriodOptions::earlier`] comes from, as notes name it.
    pub(crate) earlier_source: Option<String>,
    /// Each report's own registration facts (`--registrations`) and the
    /// file as shown; a report it does not name keeps [`PeriodOptions::check`]'s
    /// flags, and its `registration_source` says so.
    pub(crate) registrations: Option<(Arc<Registrations>, String)>,
    /// Nothing reads [`PeriodSummary::findings`] (`trf period --format
    /// csv`, which prints none): the findings across reports are searched
    /// (a duplicate is still counted once) but not listed, so that a month
    /// of hundreds of thousands of clashes does not hold their words.
    pub(crate) findings_unread: bool,
}

/// An unrated player's results of one event of an earlier period (the
/// ledger), for a first rating pooled across periods.
#[derive(Debug, Clone)]
pub(crate) struct EarlierResults {
    /// The period they were recorded in.
    pub(crate) period: ListPeriod,
    /// The games against rated opponents, with the opponent's rating.
    pub(crate) games: Vec<RatedGame>,
    /// Ru of that event alone (the weighted pooling of older editions).
    pub(crate) ru: Option<i64>,
}

/// Where a period's players go as they are made: `None` keeps them in
/// [`PeriodSummary::players`]; a sink is handed each player with its
/// period (`YYYY-MM`), the main period's first, then each other list's,
/// and every summary's `players` stays empty (`trf period --format csv` of
/// a whole month writes each player and drops it, never holding them all).
/// Never with a published list ([`PeriodOptions::published`]), which is
/// compared with every player once all are made.
pub(crate) type PlayerSink<'s, 'f> = Option<&'s mut (dyn FnMut(&str, PeriodPlayer) + 'f)>;

/// One report given to the period.
#[derive(Debug, Clone, Copy)]
pub struct PeriodReport<'a> {
    /// How the output names it (the path as given).
    pub file: &'a str,
    /// The report as read.
    pub parsed: &'a Parsed,
    /// Index (in the reports given) of a report this one duplicates: it is
    /// then counted once, there. Set by the cross-report checks.
    pub duplicate_of: Option<usize>,
}

/// A player's identity across reports (spec default 1): the FIDE ID, or
/// for a player without one the folded name, with a warning.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Key {
    Id(u64),
    Name(String),
}

/// One report rated for the period.
struct RatedReport<'a> {
    file: &'a str,
    /// Each player's starting rank and federation, in file order.
    federations: &'a [(u16, Option<String>)],
    rating: Figures,
    list_used: bool,
    /// The list it is rated on (standard when its time control tells none).
    kind: RatingType,
}

/// One report rated on its own, reduced to what the period reads of it:
/// the report itself can be dropped once this is taken, so that a month of
/// thousands of reports is never held at once.
pub(crate) struct ReportRated {
    /// How the output names it.
    pub(crate) file: String,
    /// The list it is expected on (by its end date, else its start).
    expected: Option<ListPeriod>,
    /// The rating pass's figures, and whether the list given is the one
    /// in force at its start; taken by the period that rates it.
    rating: Option<(Figures, bool)>,
    /// The note on a long event's rounds ([`rounds::per_round`]), said when
    /// the report is rated in a period.
    long_event: Option<String>,
    /// Each player's starting rank and federation, in file order.
    federations: Vec<(u16, Option<String>)>,
}

impl ReportRated {
    /// Rates `parsed` (named `file`) as `trf rate` does, with the list's
    /// records of its players when a list was given (of month `list_month`,
    /// [`Plan::list_month`]).
    pub(crate) fn of(
        file: &str,
        parsed: &Parsed,
        opts: &PeriodOptions,
        list_month: Option<ListPeriod>,
    ) -> ReportRated {
        let (mut rating, list_used) = rate_report(file, parsed, opts, list_month);
        let kind = rating.summary.rating_type.unwrap_or(RatingType::Standard);
        let given = opts.list.as_deref().zip(list_month);
        let long_event = rounds::per_round(file, parsed, &mut rating, kind, given);
        let expected = expected_of(parsed);
        ReportRated {
            file: file.to_owned(),
            expected,
            // The rounds of the counted games were read (by `per_round`):
            // the period reads the figures only.
            rating: Some((Figures::of(rating, expected), list_used)),
            long_event,
            federations: parsed
                .tournament
                .players
                .iter()
                .map(|p| {
                    (
                        p.start_rank.value,
                        p.federation.as_ref().map(|f| f.value.clone()),
                    )
                })
                .collect(),
        }
    }

    /// The list its time control puts it on (`None` when none does).
    pub(crate) fn rating_type(&self) -> Option<RatingType> {
        self.rating
            .as_ref()
            .and_then(|(r, _)| r.summary.rating_type)
    }
}

/// The list a report is expected on: by its end date, else its start.
pub(crate) fn expected_of(parsed: &Parsed) -> Option<ListPeriod> {
    let t = &parsed.tournament;
    t.end_date().or_else(|| t.start_date()).map(lists::expected)
}

/// What the period decides from the lists its reports are expected on,
/// before any report is rated: the main list, and the month of the list
/// given.
pub(crate) struct Plan {
    /// The list computed: [`PeriodOptions::period`], else the one most
    /// reports are expected on.
    pub(crate) main: ListPeriod,
    /// The month of the list given (t − 1 when nothing tells it).
    pub(crate) list_month: Option<ListPeriod>,
    /// What was decided, in words.
    notes: Vec<String>,
}

impl Plan {
    /// The plan of reports expected on `expected` (each report's, in order).
    pub(crate) fn new(expected: &[Option<ListPeriod>], opts: &PeriodOptions) -> Plan {
        let mut notes: Vec<String> = Vec::new();
        let main = match opts.period {
            Some(p) => p,
            None => {
                let p = most_common(expected).unwrap_or(ListPeriod {
                    year: 2024,
                    month: 3,
                });
                let others: std::collections::BTreeSet<String> = expected
                    .iter()
                    .flatten()
                    .filter(|&&e| e != p)
                    .map(|&e| lists::key(e))
                    .collect();
                notes.push(format!(
                    "no --period: each report goes to the list it is expected on, and each list is rated as its own period, as --period of that month rates it; this is the {} list ({}), {} (a report cannot say when it was uploaded: --period decides)",
                    month_name(p),
                    lists::key(p),
                    if others.is_empty() {
                        "the only list the reports are expected on".to_owned()
                    } else {
                        format!(
                            "the one most reports are expected on; the other lists follow it ({})",
                            others.into_iter().collect::<Vec<_>>().join(", ")
                        )
                    }
                ));
                p
            }
        };
        let prev = lists::previous(main);
        // The month of the list given is decided once, for every period: a
        // list whose month nothing tells is the list before the main period.
        let list_month = opts.list.as_ref().map(|l| match l.period {
            Some(m) => m,
            None => {
                notes.push(format!(
                    "nothing tells the month of `{}`: in a period it is taken as the list before the period, the {} list (t − 1)",
                    l.name,
                    month_name(prev)
                ));
                prev
            }
        });
        Plan {
            main,
            list_month,
            notes,
        }
    }
}

/// Rates the period of `reports`: the list [`PeriodOptions::period`] names,
/// or without it the list most reports are expected on, with every other
/// list some report is expected on rated as its own period in
/// [`PeriodSummary::other_periods`].
pub fn rate_period(reports: &[PeriodReport<'_>], opts: &PeriodOptions) -> PeriodSummary {
    let expected: Vec<Option<ListPeriod>> = reports.iter().map(|r| expected_of(r.parsed)).collect();
    let plan = Plan::new(&expected, opts);
    // Each report is rated on its own (the rating pass is per report):
    // in parallel where the feature allows, then assembled in order.
    let rate_one = |r: &PeriodReport<'_>| ReportRated::of(r.file, r.parsed, opts, plan.list_month);
    #[cfg(feature = "parallel")]
    let rated: Vec<ReportRated> = {
        use rayon::prelude::*;
        reports.par_iter().map(rate_one).collect()
    };
    #[cfg(not(feature = "parallel"))]
    let rated: Vec<ReportRated> = reports.iter().map(rate_one).collect();
    let duplicate_of: Vec<Option<usize>> = reports.iter().map(|r| r.duplicate_of).collect();
    rate_rated(plan, rated, &duplicate_of, opts, None)
}

/// The period of reports already rated ([`ReportRated`]) under `plan`,
/// `duplicate_of[i]` the earlier report report `i` repeats; compared with
/// the published list when one was given ([`PeriodOptions::published`]);
/// the players kept, or given to `sink` ([`PlayerSink`]).
pub(crate) fn rate_rated(
    plan: Plan,
    rated: Vec<ReportRated>,
    duplicate_of: &[Option<usize>],
    opts: &PeriodOptions,
    sink: PlayerSink<'_, '_>,
) -> PeriodSummary {
    debug_assert!(
        sink.is_none() || opts.published.is_none(),
        "the published list is compared with every player kept"
    );
    let mut summary = rate_lists(plan, rated, duplicate_of, opts, sink);
    if let Some(published) = &opts.published {
        published::compare(&mut summary, published);
    }
    summary
}

/// [`rate_rated`] before the comparison with the published list.
fn rate_lists(
    plan: Plan,
    mut rated: Vec<ReportRated>,
    duplicate_of: &[Option<usize>],
    opts: &PeriodOptions,
    mut sink: PlayerSink<'_, '_>,
) -> PeriodSummary {
    let Plan {
        main,
        list_month,
        notes,
    } = plan;
    let expected: Vec<Option<ListPeriod>> = rated.iter().map(|r| r.expected).collect();
    let mut ratings: Vec<Option<(Figures, bool)>> =
        rated.iter_mut().map(|r| r.rating.take()).collect();
    let given = PeriodInputs {
        reports: &rated,
        duplicate_of,
        expected: &expected,
        opts,
        list_month,
    };
    let all: Vec<usize> = (0..rated.len()).collect();
    let mut summary = given.assemble(main, &all, &mut ratings, notes, sink.as_deref_mut());
    if opts.period.is_some() {
        return summary;
    }
    // Every other list some report is expected on, in month order, each
    // over the reports expected on it: a report is rated in one period,
    // the one of its expected list.
    let others: std::collections::BTreeSet<ListPeriod> = expected
        .iter()
        .flatten()
        .copied()
        .filter(|&e| e != main)
        .collect();
    let mut other_periods = Vec::with_capacity(others.len());
    for e in others {
        let members: Vec<usize> = (0..rated.len())
            .filter(|&i| expected[i] == Some(e))
            .collect();
        let mut notes = vec![format!(
            "no --period: each report goes to the list it is expected on; this is the {} list ({}), of the reports expected on it, rated as --period {} rates them; the list most reports are expected on is the {} list ({})",
            month_name(e),
            lists::key(e),
            lists::key(e),
            month_name(main),
            lists::key(main)
        )];
        if let (Some(l), Some(m)) = (&opts.list, list_month) {
            if l.period.is_none() {
                notes.push(format!(
                    "nothing tells the month of `{}`: it is taken as the {} list, the list before the {} list most reports are expected on (one month for every period)",
                    l.name,
                    month_name(m),
                    month_name(main)
                ));
            }
        }
        other_periods.push(given.assemble(e, &members, &mut ratings, notes, sink.as_deref_mut()));
    }
    summary.other_periods = Some(other_periods);
    summary
}

/// What every period of one call shares: the reports, the list each is
/// expected on, the options and the month of the list given.
struct PeriodInputs<'g> {
    reports: &'g [ReportRated],
    /// The earlier report each repeats (counted once, there).
    duplicate_of: &'g [Option<usize>],
    expected: &'g [Option<ListPeriod>],
    opts: &'g PeriodOptions,
    list_month: Option<ListPeriod>,
}

impl PeriodInputs<'_> {
    /// The period of list `period` over the reports at `members` (indices
    /// in the reports given), starting from `notes`. A report rated here
    /// takes its rating out of `ratings`: each report is rated in one
    /// period only.
    fn assemble(
        &self,
        period: ListPeriod,
        members: &[usize],
        ratings: &mut [Option<(Figures, bool)>],
        mut notes: Vec<String>,
        sink: PlayerSink<'_, '_>,
    ) -> PeriodSummary {
        let (reports, expected, opts, list_month) =
            (self.reports, self.expected, self.opts, self.list_month);
        let prev = lists::previous(period);
        let regs = lists::edition_of(period);
        let list_date = lists::list_date(period).unwrap_or_default();
        let mut entries = Vec::with_capacity(members.len());
        let mut rated = Vec::new();
        for &i in members {
            let (Some(r), Some(Some((rating, _)))) = (reports.get(i), ratings.get(i)) else {
                continue;
            };
            let s = &rating.summary;
            // An event whose rate of play tells no list is in no period
            // (`unplaced`); `kind` only names it in the refusals before.
            let kind = s.rating_type.unwrap_or(RatingType::Standard);
            let mut entry = PeriodReportEntry {
                file: r.file.clone(),
                event: s.tournament.name.clone(),
                start: s.tournament.start,
                end: s.tournament.end,
                verdict: rating.report.verdict,
                rating_type: s.rating_type,
                expected_period: expected[i].map(lists::key),
                in_period: false,
                why: None,
                registration_source: rating.report.registration_source.clone(),
            };
            let refusal = if let Some(j) = self.duplicate_of.get(i).copied().flatten() {
                Some(format!(
                    "duplicate of {}: the same event is counted once",
                    reports.get(j).map_or("another report", |d| d.file.as_str())
                ))
            } else if rating.report.verdict == Verdict::NotRateable {
                Some(format!(
                    "not rateable: {}",
                    s.not_rated.as_deref().unwrap_or_default()
                ))
            } else if opts.rating_type.is_some_and(|t| t != kind) {
                Some(format!(
                    "other rating type: {} (this period computes the {} list)",
                    kind.as_str(),
                    opts.rating_type.map_or("", RatingType::as_str)
                ))
            } else if let Some(e) = expected[i].filter(|&e| opts.period.is_none() && e != period) {
                Some(format!(
                    "expected on the {} list: rated in that period, shown with the other lists",
                    month_name(e)
                ))
            } else if let Some(why) = &s.unplaced {
                Some(why.clone())
            } else {
                forbidden(entry.end, period)
            };
            let rating = match refusal {
                Some(why) => {
                    entry.why = Some(why);
                    None
                }
                None => ratings.get_mut(i).and_then(Option::take),
            };
            if let Some((rating, list_used)) = rating {
                entry.in_period = true;
                entry.why = late_warning(expected[i], period, entry.end);
                if rating.report.verdict == Verdict::FixBeforeUpload {
                    let warn = "fix before upload: the figures hold once the report is fixed";
                    entry.why = Some(match entry.why.take() {
                        Some(w) => format!("{w}; {warn}"),
                        None => warn.to_owned(),
                    });
                }
                notes.extend(r.long_event.clone());
                rated.push(RatedReport {
                    file: &r.file,
                    federations: &r.federations,
                    rating,
                    list_used,
                    kind,
                });
            }
            entries.push(entry);
        }

        let types: Vec<RatingType> = rated.iter().map(|r| r.kind).collect();
        let rating_type = opts.rating_type.or_else(|| {
            types
                .first()
                .copied()
                .filter(|&f| types.iter().all(|&t| t == f))
        });

        let ctx = PeriodBasis {
            period,
            prev,
            regs,
            list_date,
            list: opts.list.as_deref(),
            list_is_prev: list_month == Some(prev),
            list_month,
            overrides: &opts.rate.k_overrides,
            bases: &opts.bases,
            earlier: &opts.earlier,
            earlier_source: opts.earlier_source.as_deref(),
        };
        // The IDs of the period's players, for the bases given that no
        // player takes (only when bases were given).
        let playing: std::collections::HashSet<u64> = if opts.bases.is_empty() {
            std::collections::HashSet::new()
        } else {
            rated
                .iter()
                .flat_map(|r| r.rating.summary.players.iter().filter_map(|p| p.fide_id))
                .collect()
        };
        let key = lists::key(period);
        let players = ctx.players(&rated, &mut notes, sink, &key);
        notes.extend(base::unused(&opts.bases, &playing));
        notes.extend(ctx.defaults(&rated));
        let mut seen = std::collections::HashSet::new();
        notes.retain(|n| seen.insert(n.clone()));
        PeriodSummary {
            period: key,
            rating_type,
            reports: entries,
            players,
            findings: Vec::new(),
            notes,
            other_periods: None,
            published_summary: None,
        }
    }
}

/// Rates one report as `trf rate` does, with the list's records of its
/// players when a list was given (of month `list_month`); says whether
/// that list is the one in force at the report's start.
/// The checks' options of report `parsed` (named `file`): the period's, or
/// the registrations file's row of that report.
fn check_options<'o>(
    file: &str,
    parsed: &Parsed,
    opts: &'o PeriodOptions,
) -> std::borrow::Cow<'o, CheckOptions> {
    match &opts.registrations {
        Some((regs, name)) => {
            let t = &parsed.tournament;
            let event = t.header.name.as_ref().map(|n| n.value.as_str());
            std::borrow::Cow::Owned(
                regs.options_for(&opts.check, std::path::Path::new(file), event, name)
                    .0,
            )
        }
        None => std::borrow::Cow::Borrowed(&opts.check),
    }
}

/// The list the time control of report `parsed` (named `file`) puts it on,
/// as its rating in the period decides it ([`ReportRated::rating_type`]),
/// without rating it: the search across reports reads it.
pub(crate) fn rating_type_of(
    file: &str,
    parsed: &Parsed,
    opts: &PeriodOptions,
) -> Option<RatingType> {
    let check = check_options(file, parsed, opts);
    crate::analysis::rating_type_of(&parsed.tournament, &check)
}

fn rate_report(
    file: &str,
    parsed: &Parsed,
    opts: &PeriodOptions,
    list_month: Option<ListPeriod>,
) -> (CheckedRating, bool) {
    let t = &parsed.tournament;
    let mut ropts = opts.rate.clone();
    // The period rates each player's counted games over its reports.
    ropts.keep_counted = true;
    let check = check_options(file, parsed, opts);
    let analysis = Analysis::new(parsed, &check);
    let mut list_used = false;
    if let (Some(list), Some(month)) = (&opts.list, list_month) {
        ropts.list = Some(list.records_of(ListLookup::ids_of(t)));
        ropts.list_facts = Some(ListFacts {
            name: list.name.clone(),
            period: Some(month),
            kind: list.meta.kind,
        });
        list_used = analysis
            .start
            .is_some_and(|d| crate::ratinglist::list_in_force(analysis.regs, d) == month);
    }
    let mut c = analysis.rate(&ropts);
    // A month holds thousands of reports: keep only what the period reads
    // (the verdict and its reasons, the figures), not every finding and
    // note of every report.
    c.report.diagnostics = Vec::new();
    c.report.eligibility = Default::default();
    c.summary.excluded_games = Vec::new();
    for p in &mut c.summary.players {
        p.notes = Vec::new();
    }
    (c, list_used)
}

/// The list most of `expected` name (the latest on a tie).
fn most_common(expected: &[Option<ListPeriod>]) -> Option<ListPeriod> {
    let mut counts: HashMap<ListPeriod, usize> = HashMap::new();
    for p in expected.iter().flatten() {
        *counts.entry(*p).or_default() += 1;
    }
    counts
        .into_iter()
        .max_by_key(|&(p, n)| (n, p))
        .map(|(p, _)| p)
}

/// Why FIDE's rules forbid rating an event that ended on `end` on list
/// `period`: not finished by its closing date (art. 7.1.3), or later than
/// the third list after its end (2022 and 2024 art. 9.1).
fn forbidden(end: Option<NaiveDate>, period: ListPeriod) -> Option<String> {
    let end = end?;
    let closing = lists::closing_date(period)?;
    if end > closing {
        return Some(format!(
            "forbidden: the event ended on {end}, after the closing date of the {} list ({closing}) ({})",
            month_name(period),
            lists::edition_of(period).reference(Topic::RatingLists)
        ));
    }
    let regs = lists::edition_of(period);
    if regs.version >= crate::regulations::Version::V2022 {
        let month = ListPeriod {
            year: u16::try_from(chrono::Datelike::year(&end)).unwrap_or(0),
            month: u8::try_from(chrono::Datelike::month(&end)).unwrap_or(1),
        };
        let third = lists::shift(month, 3);
        if period > third {
            return Some(format!(
                "forbidden: the event ended on {end}; an event not in time for the third list after its end ({}) is not rated ({})",
                month_name(third),
                regs.reference(Topic::RatingLists)
            ));
        }
    }
    None
}

/// The warning for a report rated on a list other than its expected one:
/// a late upload, said with how many lists late it is and FIDE's limit
/// (the third list after the end, 2022 and 2024 art. 9.1; [`forbidden`]
/// refuses beyond it), or an upload earlier than expected.
fn late_warning(
    expected: Option<ListPeriod>,
    period: ListPeriod,
    end: Option<NaiveDate>,
) -> Option<String> {
    let e = expected?;
    let ended = end.map_or_else(|| "?".to_owned(), |d| d.to_string());
    if e == period {
        return None;
    }
    if period < e {
        return Some(format!(
            "expected on the {} list (ended on {ended}); rated on the earlier {} list as --period says: an upload earlier than expected, which FIDE rates on that list only when the event ended by its closing date",
            month_name(e),
            month_name(period)
        ));
    }
    let late = unplaced::lists_late(e, period);
    let regs = lists::edition_of(period);
    let limit = if regs.version >= crate::regulations::Version::V2022 {
        format!(
            "; an event not in time for the third list after its end is not rated ({})",
            regs.reference(Topic::RatingLists)
        )
    } else {
        String::new()
    };
    Some(format!(
        "expected on the {} list (ended on {ended}); rated on the {} list as --period says: a late upload, {late} {} late{limit}",
        month_name(e),
        month_name(period),
        if late == 1 { "list" } else { "lists" }
    ))
}

/// What every player's aggregation shares.
struct PeriodBasis<'a> {
    period: ListPeriod,
    prev: ListPeriod,
    regs: &'static Regulations,
    list_date: NaiveDate,
    list: Option<&'a ListLookup>,
    /// The list given is (or is taken as) list t − 1: base and K.
    list_is_prev: bool,
    /// The month of the list given (t − 1 when nothing tells it).
    list_month: Option<ListPeriod>,
    overrides: &'a HashMap<u64, u8>,
    /// Base corrections given by the caller.
    bases: &'a HashMap<u64, u16>,
    /// Unrated players' results of earlier periods, and where they come from.
    earlier: &'a HashMap<(u64, RatingType), Vec<EarlierResults>>,
    earlier_source: Option<&'a str>,
}

/// One player's rows, per report.
struct PlayerRows<'r> {
    key: Key,
    kind: RatingType,
    rows: Vec<(&'r RatedReport<'r>, &'r Row)>,
    /// Index of the first row in its report's players (the summary keeps
    /// the file's order).
    first: usize,
}

impl PeriodBasis<'_> {
    /// The period's players, in order of first appearance: kept, or each
    /// given to `sink` with the period's key `period` as it is made (then
    /// none is kept).
    fn players(
        &self,
        rated: &[RatedReport<'_>],
        notes: &mut Vec<String>,
        sink: PlayerSink<'_, '_>,
        period: &str,
    ) -> Vec<PeriodPlayer> {
        // Each row's player (a slot, by first appearance), then the rows
        // sorted by slot: one vector of places for the month, not one per
        // player (most play one or two events), and the index dropped
        // before any player is made.
        let rows: usize = rated.iter().map(|r| r.rating.summary.players.len()).sum();
        let mut heads: Vec<(Key, RatingType, usize)> = Vec::new();
        let mut places: Vec<(u32, u32, u32)> = Vec::with_capacity(rows);
        let mut at: HashMap<(Key, RatingType), u32> = HashMap::with_capacity(rows);
        let mut by_name = false;
        for (ri, r) in rated.iter().enumerate() {
            let kind = r.kind;
            for (index, row) in r.rating.summary.players.iter().enumerate() {
                let key = match row.fide_id {
                    Some(id) => Key::Id(id),
                    None => {
                        // Said once: the period's notes are said once each.
                        if !by_name {
                            by_name = true;
                            notes.push("players without a FIDE ID are matched across reports by name only (a warning: two people may share a name)".to_owned());
                        }
                        Key::Name(fold_name(&row.name, false).join(" "))
                    }
                };
                let slot = *at.entry((key.clone(), kind)).or_insert_with(|| {
                    heads.push((key, kind, index));
                    (heads.len() - 1) as u32
                });
                places.push((slot, ri as u32, index as u32));
            }
        }
        drop(at);
        // Stable: each player's rows stay in the order of the reports.
        places.sort_by_key(|&(slot, _, _)| slot);
        let groups = places.chunk_by(|a, b| a.0 == b.0);
        let each = heads
            .into_iter()
            .zip(groups)
            .map(|((key, kind, first), group)| PlayerRows {
                key,
                kind,
                rows: group
                    .iter()
                    .map(|&(_, ri, index)| {
                        let r = &rated[ri as usize];
                        (r, &r.rating.summary.players[index as usize])
                    })
                    .collect(),
                first,
            });
        // Each player's rows are dropped once the player is made: they are
        // not held beside the whole answer.
        match sink {
            Some(sink) => {
                for p in each {
                    sink(period, self.player(&p));
                }
                Vec::new()
            }
            None => each.map(|p| self.player(&p)).collect(),
        }
    }

    fn player(&self, p: &PlayerRows<'_>) -> PeriodPlayer {
        let (first_r, first) = p.rows[0];
        let federation = first_r
            .federations
            .get(p.first)
            .filter(|q| q.0 == first.start_rank)
            .and_then(|q| q.1.clone());
        let mut out = PeriodPlayer {
            fide_id: match p.key {
                Key::Id(id) => Some(id),
                Key::Name(_) => None,
            },
            name: first.name.to_string(),
            federation,
            rating_type: p.kind,
            old_rating: None,
            base_source: None,
            games: 0,
            k: None,
            k_before_cap: None,
            k_source: None,
            total_change: None,
            rating_change: None,
            per_event_change: None,
            new_rating: None,
            first_rating: None,
            discriminating: false,
            pool: None,
            events: Vec::new(),
            notes: Vec::new(),
            published: None,
        };
        let rated_rows: Vec<_> = p.rows.iter().filter(|(_, row)| row.rated).collect();
        for (r, row) in &p.rows {
            out.events.push(event(r, row, self.list, p.kind));
        }
        if rated_rows.is_empty() {
            self.pool(p, &mut out);
        } else {
            if rated_rows.len() < p.rows.len() {
                out.notes.push(format!("unrated in some events of the period and rated in others: only the events where the player is rated enter the change ({})", self.regs.reference(Topic::InitialRating)));
            }
            self.change(p, &rated_rows, &mut out);
        }
        let mut seen = std::collections::HashSet::new();
        out.notes.retain(|n| seen.insert(n.clone()));
        out
    }

    /// The list's record of the player, when the list is t − 1.
    fn prev_entry(&self, p: &PlayerRows<'_>) -> Option<crate::ratinglist::RatingEntry> {
        let Key::Id(id) = p.key else { return None };
        self.list
            .filter(|_| self.list_is_prev)
            .and_then(|l| l.get(id))
            .and_then(|rec| rec.entry(p.kind).copied())
    }

    fn change(
        &self,
        p: &PlayerRows<'_>,
        rows: &[&(&RatedReport<'_>, &Row)],
        out: &mut PeriodPlayer,
    ) {
        let prev = self.prev_entry(p);
        // The latest-starting event supplies the fallbacks.
        let latest = rows
            .iter()
            .max_by_key(|(r, _)| r.rating.summary.tournament.start)
            .map(|(_, row)| *row);
        let id = match p.key {
            Key::Id(id) => Some(id),
            Key::Name(_) => None,
        };
        let (k, source) = if let Some(&k) = id.and_then(|i| self.overrides.get(&i)) {
            (Some(k), KSource::Override)
        } else if let Some(k) = prev.and_then(|e| e.k) {
            (Some(k), KSource::List)
        } else {
            let k = latest.and_then(|r| r.k_before_cap);
            out.notes.push(format!(
                "K {} as the rating pass works it out for the latest event: the K published on the {} list (t − 1) was not given (FIDE applies the K of the list before the period to every event, {})",
                k.map_or_else(|| "?".to_owned(), |k| k.to_string()),
                month_name(self.prev),
                self.regs.reference(Topic::RatingLists)
            ));
            (
                k,
                latest.and_then(|r| r.k_source).unwrap_or(KSource::Derived),
            )
        };
        let distinct: std::collections::BTreeSet<u8> = rows
            .iter()
            .filter_map(|(_, row)| row.k_before_cap)
            .collect();
        if distinct.len() > 1 {
            out.notes.push(format!(
                "the events alone give different K ({}): one K serves the whole period",
                distinct
                    .iter()
                    .map(u8::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        let Some(k) = k else {
            out.notes
                .push("no K could be decided: no change computed".to_owned());
            return;
        };
        self.start_k_notes(rows, id, k, source, &mut out.notes);
        let terms: Vec<EventTerm> = rows
            .iter()
            .map(|(_, row)| EventTerm {
                sum_delta: row.w_minus_we.unwrap_or(Hundredths(0)),
                games: row.games,
            })
            .collect();
        let limit = self.regs.k_factor.at(self.list_date).k_times_games_limit;
        let t = period_total(k, limit, self.regs.rounding.rating_change, &terms);
        if t.k != t.k_before_cap {
            out.notes.push(format!(
                "K × n ≤ {}: {} games in the period, so K {} instead of {} in every event ({})",
                limit.unwrap_or_default(),
                t.games,
                t.k,
                t.k_before_cap,
                self.regs.reference(Topic::KTimesGames)
            ));
        }
        // Events' rows are in the order of `p.rows`; the rated ones get
        // the period's K.
        let mut term = 0;
        for (e, (_, row)) in out.events.iter_mut().zip(&p.rows) {
            if !row.rated {
                continue;
            }
            e.k = Some(t.k);
            e.change = t.event_changes.get(term).copied();
            e.rounded = t.event_rounded.get(term).copied();
            term += 1;
        }
        let given = id.and_then(|i| self.bases.get(&i)).copied();
        let (base, base_source) = match prev {
            _ if given.is_some() => {
                out.notes.push(base::given_note(
                    given,
                    prev,
                    latest.and_then(|r| r.ro),
                    self.prev,
                ));
                (given.map(i64::from), base::GIVEN.to_owned())
            }
            Some(e) => (
                Some(i64::from(e.rating)),
                format!("the {} list (t − 1)", month_name(self.prev)),
            ),
            None => {
                let ro = latest.and_then(|r| r.ro).map(i64::from);
                let source = format!(
                    "Ro of the latest-starting event: the {} list (t − 1) was not given, and this is Ro, not necessarily the base FIDE adds to",
                    month_name(self.prev)
                );
                out.notes.push(format!("base: {source}"));
                (ro, source)
            }
        };
        if self.regs.version < crate::regulations::Version::V2022
            && self.regs.rounding.rating_change
                == crate::regulations::RoundingMode::HalfAwayFromZero
            && t.total.0 % 100 == -50
        {
            out.notes.push(format!(
                "the total ends in −.50: rounded {} as trfkit reads the {} (as `trf rate` does); the text rounds the new rating \"to the nearest whole number\", which read as half up would give {} (FIDE has not published a tie under this text)",
                t.rounded,
                self.regs.title(),
                t.rounded + 1
            ));
        }
        out.games = t.games;
        out.k = Some(t.k);
        out.k_before_cap = Some(t.k_before_cap);
        out.k_source = Some(source);
        out.total_change = Some(t.total);
        out.rating_change = Some(t.rounded);
        out.per_event_change = Some(t.per_event);
        out.discriminating = t.discriminating();
        out.old_rating = base;
        out.base_source = Some(base_source);
        out.new_rating = base.map(|b| b + t.rounded);
        if out.discriminating {
            out.notes.push(format!(
                "discriminating: rounded once the period gives {:+}, each event rounded alone {:+}; FIDE rounds once per period ({})",
                t.rounded,
                t.per_event,
                self.regs.reference(Topic::Rounding)
            ));
        }
        if let Some(new) = out.new_rating {
            let floor = self.regs.floor.at(self.list_date).min_rating;
            if new < i64::from(floor) {
                out.notes.push(format!(
                    "{new} is below the floor {floor}: shown as unrated on the {} list ({})",
                    month_name(self.period),
                    self.regs.reference(Topic::RatingFloor)
                ));
            }
        }
    }

    /// An unrated player's pool over the period.
    fn pool(&self, p: &PlayerRows<'_>, out: &mut PeriodPlayer) {
        let version = self.regs.version;
        if let Some(&b) = match p.key {
            Key::Id(id) => self.bases.get(&id),
            Key::Name(_) => None,
        } {
            out.notes.push(base::unrated_note(b));
        }
        let earlier = self.earlier_of(p, out);
        if earlier.is_empty() {
            out.notes.push("earlier results are not in the reports given: the pool holds this period's events only".to_owned());
        }
        let counting: Vec<&Row> = p
            .rows
            .iter()
            .map(|(_, row)| *row)
            .filter(|row| row.outcome != Some(UnratedOutcome::NotCounted))
            .collect();
        let games: Vec<RatedGame> = earlier
            .iter()
            .flat_map(|e| e.games.iter().copied())
            .chain(counting.iter().flat_map(|row| row.counted.iter().copied()))
            .collect();
        let score: HalfPoints = games.iter().map(|g| g.score.half_points()).sum();
        let mut pool = Pool {
            games: games.len() as u32,
            score,
            ra: None,
            p: None,
            dp: None,
            ru: None,
            outcome: String::new(),
        };
        let (ru, n) = match self.regs.pooling {
            PoolingMethod::AllGamesAsOneEvent => {
                let list: Vec<UnratedGame> = games
                    .iter()
                    .map(|g| UnratedGame {
                        opponent_rating: Some(g.opponent_rating),
                        score: g.score,
                    })
                    .collect();
                let input = UnratedInput {
                    games: &list,
                    start_date: self.list_date,
                    has_earlier_results: Some(!earlier.is_empty()),
                    rated_opponents: None,
                };
                match initial_rating(version, &input) {
                    Ok(ir) => {
                        pool.ra = Some(ir.ra);
                        pool.p = ir.p_hundredths;
                        pool.dp = ir.dp;
                        pool.ru = Some(ir.ru);
                        (Some(ir.ru), ir.games)
                    }
                    Err(ex) => {
                        pool.outcome = format!("no rating: {}", ex.reason);
                        (None, pool.games)
                    }
                }
            }
            PoolingMethod::WeightedAverage => {
                let parts: Vec<PoolPart> = earlier
                    .iter()
                    .filter_map(|e| {
                        e.ru.map(|ru| PoolPart {
                            ru,
                            games: e.games.len() as u32,
                        })
                    })
                    .chain(counting.iter().filter_map(|row| {
                        row.ru.map(|ru| PoolPart {
                            ru,
                            games: row.games,
                        })
                    }))
                    .collect();
                let pooled = pool_weighted(&parts);
                pool.ru = pooled.map(|x| x.rn);
                (pooled.map(|x| x.rn), pooled.map_or(0, |x| x.games))
            }
        };
        if let Some(ru) = ru {
            match publication(version, self.list_date, ru, n) {
                Publication::Published => {
                    out.first_rating = Some(ru);
                    pool.outcome = format!(
                        "published: first rating {ru} on the {} list",
                        month_name(self.period)
                    );
                }
                Publication::BelowFloor { floor, discarded } => {
                    pool.outcome = format!(
                        "not published: Ru {ru} is below the floor {floor}{}",
                        if discarded {
                            ", and the result is discarded"
                        } else {
                            "; the results stay in the pool"
                        }
                    );
                }
                Publication::TooFewGames { games, required } => {
                    pool.outcome = format!(
                        "not published: {games} games; {required} are needed ({}); the results stay in the pool",
                        self.regs.reference(Topic::MinimumGames)
                    );
                }
            }
        } else if pool.outcome.is_empty() {
            pool.outcome = "no rated result in the period".to_owned();
        }
        out.games = pool.games;
        out.pool = Some(pool);
    }

    /// The player's results of earlier periods that the edition lets pool
    /// with this period's (the ledger), said with their periods; those
    /// outside the edition's window are said and left out.
    fn earlier_of(&self, p: &PlayerRows<'_>, out: &mut PeriodPlayer) -> Vec<&EarlierResults> {
        let Key::Id(id) = p.key else {
            return Vec::new();
        };
        let Some(all) = self.earlier.get(&(id, p.kind)) else {
            return Vec::new();
        };
        let months = |e: &EarlierResults| {
            (i32::from(self.period.year) * 12 + i32::from(self.period.month))
                - (i32::from(e.period.year) * 12 + i32::from(e.period.month))
        };
        let (window, within): (String, Box<dyn Fn(i32) -> bool>) = match self.regs.pooling_window {
            crate::regulations::PoolingWindow::Months(n) => (
                format!("consecutive rating periods of at most {n} months"),
                Box::new(move |m| m < i32::try_from(n).unwrap_or(i32::MAX)),
            ),
            crate::regulations::PoolingWindow::RatingPeriods(n) => {
                // Periods, not months: the lists of the texts that count
                // periods were quarterly (2003-2009) or bi-monthly, so seven
                // periods span 21 or 14 months.
                let per =
                    lists::list_date(self.period).map_or(1, |d| match self.regs.lists.at(d) {
                        crate::regulations::ListFrequency::Quarterly => 3,
                        crate::regulations::ListFrequency::BiMonthly => 2,
                        crate::regulations::ListFrequency::Monthly => 1,
                    });
                let span = i32::try_from(n).unwrap_or(i32::MAX).saturating_mul(per);
                (
                    format!("the same and the next {n} rating periods"),
                    Box::new(move |m| m <= span),
                )
            }
            crate::regulations::PoolingWindow::NotStated => {
                ("no limit stated".to_owned(), Box::new(|_| true))
            }
        };
        let (kept, left): (Vec<&EarlierResults>, Vec<&EarlierResults>) = all
            .iter()
            .filter(|e| months(e) > 0)
            .partition(|e| within(months(e)));
        let words = |v: &[&EarlierResults]| {
            let mut by: std::collections::BTreeMap<String, usize> =
                std::collections::BTreeMap::new();
            for e in v {
                *by.entry(lists::key(e.period)).or_default() += e.games.len();
            }
            by.into_iter()
                .map(|(k, n)| format!("{k} ({})", crate::diag::plural(n as u64, "game", "games")))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let source = self.earlier_source.unwrap_or("the ledger");
        if !kept.is_empty() {
            out.notes.push(format!(
                "pooled with the results of earlier periods recorded in {source}: {} ({}: {window})",
                words(&kept),
                self.regs.reference(Topic::InitialRating)
            ));
        }
        if !left.is_empty() {
            out.notes.push(format!(
                "not pooled, outside the {} window ({window}): the results of {} recorded in {source}",
                self.regs.title(),
                words(&left)
            ));
        }
        kept
    }

    /// Spec default notes (§6.2), each once, for what the period used.
    fn defaults(&self, rated: &[RatedReport<'_>]) -> Vec<String> {
        let mut n = Vec::new();
        n.push("players are matched across reports by FIDE ID".to_owned());
        n.push(format!(
            "Ro and the opponents' ratings come from the list in force at each event's start (the list given where it is that list, else the report's, said per event); the base is the {} list (t − 1); game-level rules follow each event's start date, period-level rules (K, K × n, rounding, floors) the {} ({} list date)",
            month_name(self.prev),
            self.regs.title(),
            month_name(self.period)
        ));
        match self.regs.k_factor.at(self.list_date).k_times_games_limit {
            Some(l) => n.push(format!(
                "K is the K published on the {} list (t − 1), reduced so that K × n ≤ {l} over all the period's games, the same K′ in every event ({})",
                month_name(self.prev),
                self.regs.reference(Topic::KTimesGames)
            )),
            None => n.push(format!(
                "K is the K published on the {} list (t − 1); the {} has no K × n cap",
                month_name(self.prev),
                self.regs.title()
            )),
        }
        n.push(format!(
            "the period's change is rounded once, {} ({}); the per-event rounding is shown beside it, and a period where they differ is marked discriminating",
            match self.regs.rounding.rating_change {
                crate::regulations::RoundingMode::HalfAwayFromZero => "0.5 away from zero",
                crate::regulations::RoundingMode::HalfUp => "0.5 up",
            },
            self.regs.reference(Topic::Rounding)
        ));
        n.push(format!(
            "floors and the first-rating conditions are those of the {} in force on the list date ({})",
            self.regs.title(),
            self.regs.reference(Topic::RatingFloor)
        ));
        let march_2024 = ListPeriod {
            year: 2024,
            month: 3,
        };
        let before_uplift = rated.iter().any(|r| {
            r.rating
                .summary
                .tournament
                .start
                .is_some_and(|d| d < NaiveDate::from_ymd_opt(2024, 3, 1).unwrap_or(d))
        });
        if self.period == march_2024 || (self.period > march_2024 && before_uplift) {
            n.push("the one-off uplift of 1 March 2024 is never applied inside a period: events that started before it use the pre-uplift ratings of their start list; give the published lists".to_owned());
        }
        if rated.iter().any(|r| r.list_used) {
            n.push("the list given supplies Ro and the opponents' ratings for the events that started under it".to_owned());
        }
        n
    }
}

/// One event's figures as the rating pass gives them.
fn event(
    r: &RatedReport<'_>,
    row: &Row,
    list: Option<&ListLookup>,
    kind: RatingType,
) -> PeriodEvent {
    let s = &r.rating.summary;
    let from_list = r.list_used
        && row
            .fide_id
            .and_then(|id| list?.get(id))
            .is_some_and(|rec| rec.entry(kind).is_some());
    PeriodEvent {
        file: r.file.to_owned(),
        event: s.tournament.name.clone(),
        start: s.tournament.start,
        start_rank: row.start_rank,
        regulations: s.regulations,
        ro: row.ro,
        ro_source: if from_list { "list" } else { "report" },
        opponents: row.counted.iter().map(|g| g.opponent_rating).collect(),
        games: row.games,
        score: row.score,
        expected: row.expected,
        sum_delta: row.w_minus_we,
        k: None,
        change: None,
        rounded: None,
        rate_change: row.change,
        ru: row.ru,
    }
}
