//! The officer's ledger (`--ledger FILE` of `trf check`, `trf period` and
//! `trf split`; `trf ledger`): every period computed, recorded in an
//! SQLite file ([`store`]), so that months follow months: a report rated in
//! an earlier period is found again (`already-rated`), an unrated player's
//! results pool across periods as the edition allows, and the officer can
//! say what was computed for a player or a month.
//!
//! Without `--ledger` nothing is read or written.

pub(crate) mod show;
pub(crate) mod store;

use crate::across::{round_keys, ReportKeys};
use crate::diag::Diagnostic;
use crate::rating::maths::{GameScore, RatedGame};
use crate::rating::period::{EarlierResults, PeriodSummary};
use crate::ratinglist::ListPeriod;
use crate::regulations::RatingType;
use std::collections::HashMap;
use store::{Ledger, LedgerError, PeriodRecord, PlayerRecord, PoolRecord, ReportRecord};

/// What the ledger keeps of one report beyond the period's summary: its
/// fingerprint, each round's key, and where a finding about it points.
pub(crate) struct ReportMarks {
    /// The event with its results, as hex (`duplicate-report`'s print).
    pub(crate) fingerprint: Option<String>,
    /// Each round holding a game, with its key as hex.
    pub(crate) rounds: Vec<(u16, String)>,
    /// Where a finding about the whole report points.
    pub(crate) anchor: crate::source::Span,
}

impl ReportMarks {
    /// The marks of a report's keys.
    pub(crate) fn of(k: &ReportKeys) -> ReportMarks {
        ReportMarks {
            fingerprint: k.print.map(|p| format!("{p:032x}")),
            rounds: round_keys(k)
                .into_iter()
                .map(|(r, key)| (r, format!("{key:032x}")))
                .collect(),
            anchor: k.anchor,
        }
    }
}

/// `YYYY-MM` of a list.
pub(crate) fn key(p: ListPeriod) -> String {
    format!("{:04}-{:02}", p.year, p.month)
}

/// `already-rated`: the report marked `marks`, to be rated in `period`,
/// against what the ledger recorded as rated in any other period (an
/// earlier one as a rule; a later one computed first rates the games
/// twice as well); the finding, if any.
pub(crate) fn already_rated(
    ledger: &Ledger,
    marks: &ReportMarks,
    period: &str,
) -> Result<Option<Diagnostic>, LedgerError> {
    if let Some(print) = &marks.fingerprint {
        if let Some((then, file)) = ledger.seen_report(print, period)? {
            return Ok(Some(crate::across::already_rated::finding(
                marks.anchor,
                &format!("the same event as `{file}`, recorded as rated in the {then} period"),
                &ledger.name,
            )));
        }
    }
    // Each round recorded before, by the period it was rated in.
    let mut seen: Vec<(String, String, Vec<u16>)> = Vec::new();
    for (round, k) in &marks.rounds {
        if let Some((then, file, _)) = ledger.seen_round(k, period)? {
            match seen.iter_mut().find(|s| s.0 == then && s.1 == file) {
                Some(s) => s.2.push(*round),
                None => seen.push((then, file, vec![*round])),
            }
        }
    }
    if seen.is_empty() {
        return Ok(None);
    }
    let parts: Vec<String> = seen
        .iter()
        .map(|(then, file, rounds)| {
            let list: Vec<String> = rounds.iter().map(u16::to_string).collect();
            format!(
                "{} {} rated in the {then} period (in `{file}`)",
                if rounds.len() == 1 { "round" } else { "rounds" },
                list.join(", "),
            )
        })
        .collect();
    Ok(Some(crate::across::already_rated::finding(
        marks.anchor,
        &format!(
            "games of this event the ledger recorded before: {}",
            parts.join("; ")
        ),
        &ledger.name,
    )))
}

/// `already-rated` on every report rated in each period of `summary`
/// (the main one and the other lists'), listed with the period's
/// findings across reports.
pub(crate) fn check_period(
    ledger: &Ledger,
    summary: &mut PeriodSummary,
    marks: &HashMap<String, ReportMarks>,
) -> Result<(), LedgerError> {
    let one = |s: &mut PeriodSummary| -> Result<(), LedgerError> {
        for r in s.reports.iter().filter(|r| r.in_period) {
            let Some(m) = marks.get(&r.file) else {
                continue;
            };
            if let Some(d) = already_rated(ledger, m, &s.period)? {
                s.findings.push(crate::rating::period::PeriodFinding {
                    finding: crate::rating::VerdictReason {
                        code: d.code,
                        rule: d.rule,
                        consequence: d.consequence,
                        message: d.message,
                        reference: d.reference,
                    },
                    files: vec![r.file.clone()],
                });
            }
        }
        Ok(())
    };
    one(summary)?;
    for o in summary.other_periods.iter_mut().flatten() {
        one(o)?;
    }
    Ok(())
}

/// The ledger read by many threads at once (`trf check` of a folder): a
/// connection per thread that needs one, taken back when done, so that
/// the threads do not wait on each other.
pub(crate) struct LedgerPool {
    path: std::path::PathBuf,
    free: std::sync::Mutex<Vec<Ledger>>,
}

impl LedgerPool {
    /// Opens the ledger at `path` (created and migrated on first use, a
    /// newer one refused) for many readers.
    pub(crate) fn open(path: &std::path::Path) -> Result<LedgerPool, LedgerError> {
        let first = Ledger::open(path, true)?;
        Ok(LedgerPool {
            path: path.to_path_buf(),
            free: std::sync::Mutex::new(vec![first]),
        })
    }

    /// Runs `f` on a connection of the pool.
    fn with<R>(&self, f: impl FnOnce(&Ledger) -> R) -> Result<R, LedgerError> {
        let taken = self
            .free
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .pop();
        let l = match taken {
            Some(l) => l,
            None => Ledger::open(&self.path, false)?,
        };
        let r = f(&l);
        self.free
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .push(l);
        Ok(r)
    }
}

/// `trf check --ledger`: `already-rated` on one report, to be rated in the
/// period of the list it is expected on, added to its findings.
pub(crate) fn check_report(
    ledger: &LedgerPool,
    name: &str,
    parsed: &crate::Parsed,
    rep: &mut crate::check::CheckReport,
    opts: &crate::rules::CheckOptions,
) -> Result<(), LedgerError> {
    let Some(period) = expected_key(parsed) else {
        return Ok(());
    };
    let marks = ReportMarks::of(&ReportKeys::of(name, parsed, rep.rating_type.rating_type));
    let found = ledger.with(|l| already_rated(l, &marks, &period))??;
    if let Some(d) = found {
        rep.add_across(vec![d], opts);
    }
    Ok(())
}

/// The unrated players' results of periods before `period` recorded in
/// the ledger, by FIDE ID and list (results a first rating recorded since
/// has used left out); each period computed pools those of months before
/// its own.
pub(crate) fn earlier_results(
    ledger: &Ledger,
    period: &str,
) -> Result<HashMap<(u64, RatingType), Vec<EarlierResults>>, LedgerError> {
    let e = |e: rusqlite::Error| store::say(&ledger.name, &e);
    let mut st = ledger
        .conn
        .prepare(
            "SELECT p.period, e.fide_id, e.rating_type, e.games, e.score_halves, e.opponents, e.ru
             FROM pool_events e JOIN periods p ON p.id = e.period_id
             WHERE p.period < ?1 AND NOT EXISTS (
                 SELECT 1 FROM players q JOIN periods pq ON pq.id = q.period_id
                 WHERE q.fide_id = e.fide_id AND q.rating_type = e.rating_type
                   AND q.first_rating IS NOT NULL AND pq.period >= p.period AND pq.period < ?1)
             ORDER BY p.period",
        )
        .map_err(e)?;
    let rows = st
        .query_map([period], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, i64>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, i64>(4)?,
                r.get::<_, String>(5)?,
                r.get::<_, Option<i64>>(6)?,
            ))
        })
        .map_err(e)?;
    let mut out: HashMap<(u64, RatingType), Vec<EarlierResults>> = HashMap::new();
    for row in rows {
        let (p, id, kind, score, opponents, ru) = row.map_err(e)?;
        let (Some(p), Ok(kind)) = (
            crate::cli::period::parse_period(&p).ok(),
            kind.parse::<RatingType>(),
        ) else {
            continue;
        };
        let ratings: Vec<u16> = opponents
            .split_whitespace()
            .filter_map(|r| r.parse().ok())
            .collect();
        out.entry((id as u64, kind))
            .or_default()
            .push(EarlierResults {
                period: p,
                games: spread(&ratings, u32::try_from(score).unwrap_or(0)),
                ru,
            });
    }
    Ok(out)
}

/// Games against `ratings` scoring `halves` half-points in all, the points
/// given to the first games: the pool reads the games' ratings and the
/// total score only (Ra, p and dp of all the games as one event), which
/// this keeps exactly.
fn spread(ratings: &[u16], halves: u32) -> Vec<RatedGame> {
    let mut left = halves;
    ratings
        .iter()
        .map(|&r| {
            let h = left.min(2);
            left -= h;
            RatedGame {
                opponent_rating: r,
                score: match h {
                    2 => GameScore::Win,
                    1 => GameScore::Draw,
                    _ => GameScore::Loss,
                },
            }
        })
        .collect()
}

/// Records every period of `summary` (the main one and the other lists')
/// in one transaction, with each report's marks by file.
pub(crate) fn record(
    ledger: &mut Ledger,
    summary: &PeriodSummary,
    marks: &HashMap<String, ReportMarks>,
    rating_list: Option<&str>,
    published: Option<&str>,
) -> Result<(), LedgerError> {
    let all = std::iter::once(summary).chain(summary.other_periods.iter().flatten());
    let records: Vec<PeriodRecord<'_>> = all
        .map(|s| period_record(s, marks, rating_list, published))
        .collect();
    ledger.record(&records)
}

/// One period as the ledger records it.
fn period_record<'a>(
    s: &'a PeriodSummary,
    marks: &HashMap<String, ReportMarks>,
    rating_list: Option<&'a str>,
    published: Option<&'a str>,
) -> PeriodRecord<'a> {
    let reports = s
        .reports
        .iter()
        .map(|r| {
            let m = marks.get(&r.file);
            ReportRecord {
                file: &r.file,
                event: r.event.as_deref(),
                start: r.start.map(|d| d.to_string()),
                end: r.end.map(|d| d.to_string()),
                verdict: r.verdict.to_string(),
                in_period: r.in_period,
                fingerprint: m.and_then(|m| m.fingerprint.clone()),
                rounds: m.map(|m| m.rounds.clone()).unwrap_or_default(),
            }
        })
        .collect();
    let players = s
        .players
        .iter()
        .map(|p| PlayerRecord {
            fide_id: p.fide_id,
            name: &p.name,
            rating_type: p.rating_type.as_str(),
            old_rating: p.old_rating,
            games: p.games,
            k: p.k,
            total_change: p.total_change.map(|t| t.to_string()),
            rating_change: p.rating_change,
            new_rating: p.new_rating,
            first_rating: p.first_rating,
            published: p.published.as_ref().map(|f| {
                (
                    f.published_rating,
                    f.published_games,
                    f.published_k,
                    f.matches_published,
                )
            }),
        })
        .collect();
    let mut pools = Vec::new();
    for p in s.players.iter().filter(|p| p.pool.is_some()) {
        let Some(id) = p.fide_id else { continue };
        for e in &p.events {
            if e.opponents.is_empty() {
                continue;
            }
            let opponents: Vec<String> = e.opponents.iter().map(u16::to_string).collect();
            pools.push(PoolRecord {
                fide_id: id,
                rating_type: p.rating_type.as_str(),
                file: &e.file,
                event: e.event.as_deref(),
                games: e.games,
                score_halves: e.score.0,
                opponents: opponents.join(" "),
                ru: e.ru,
            });
        }
    }
    PeriodRecord {
        period: &s.period,
        rating_type: s.rating_type.map_or("", RatingType::as_str),
        rating_list,
        published,
        reports,
        players,
        pools,
    }
}

/// `YYYY-MM` of the list a report is expected on, for `trf check`.
pub(crate) fn expected_key(parsed: &crate::Parsed) -> Option<String> {
    crate::rating::period::expected_of(parsed).map(key)
}

/// What `trf explain ledger` says: what the ledger holds and how it is
/// kept safe.
const PAGE: &[&str] = &[
    "`--ledger FILE` (trf period, trf check, trf split) names the officer's ledger: one SQLite file, created on first use. Without it nothing is read or written.",
    "trf period records every period it computes (the list computed and, without --period, every other list's): the reports given, each with a fingerprint of the event (players, pairings, results, start date, however written) and a key of each round (the event's name, the round's date, its games), whether it was rated in the period and its verdict; each player's figures (base, games, K, total, change, new rating, first rating); unrated players' results (opponents' ratings and score per event, Ru); the published list's figures with --published. A period computed again replaces its earlier record.",
    "already-rated (TRF-A006): a report the ledger recorded as rated in an earlier period, or an interim report some of whose rounds it did, is named with that period (trf check against the period of the list the report is expected on, trf period against the period computed, trf split against each part's period). FIDE has not published what its rating server does with an event uploaded in two periods; trfkit assumes both uploads would be rated, and warns.",
    "A first rating pools an unrated player's results of earlier periods recorded in the ledger with this period's, within the edition's window (the same and the next 7 rating periods before 2014 with weighted averages; consecutive periods of at most 26 months from 2014, every game as one event; FIDE's texts do not say where the 26 months start: trfkit counts them back from the list computed, a reading not confirmed by FIDE), said with their periods in the player's notes. Results of a period the player was given a first rating in, or before it, are not pooled again.",
    "trf ledger --ledger FILE [--player FIDE_ID] [--period YYYY-MM] [--format human|json|csv] shows what the ledger holds: the periods recorded, a player's periods and pooled results, a month's reports and players. It reads only.",
    "Safety: a period is recorded in one transaction (BEGIN IMMEDIATE): a process killed or a disk full during it leaves the ledger as it was before (SQLite rolls the rest back on the next open), and the run says that nothing was recorded (exit status 2). The journal is a write-ahead log and a run waits up to 30 s for another's write, so two runs at once never corrupt it.",
    "The schema has a version (PRAGMA user_version, now 1) and migrations, applied in one transaction when an older ledger is opened; a ledger of a newer trfkit is refused with a message, before anything is read or written.",
];

/// `trf explain ledger`, as text or JSON.
pub(crate) fn page(json: bool) -> String {
    if json {
        let page = serde_json::json!({ "topic": "ledger", "schema": store::SCHEMA, "text": PAGE });
        return format!(
            "{}\n",
            serde_json::to_string_pretty(&page).unwrap_or_default()
        );
    }
    let mut s = String::from(
        "# ledger (--ledger FILE, trf ledger)\n\nThe officer's ledger across months.\n\n",
    );
    for line in PAGE {
        s.push_str("- ");
        s.push_str(line);
        s.push('\n');
    }
    s
}
