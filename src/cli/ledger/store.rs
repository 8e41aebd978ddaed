//! The ledger file: an SQLite database (compiled in), its schema and
//! migrations, and the one transaction that records a period.
//!
//! Safety: every period is written in one `BEGIN IMMEDIATE` transaction
//! (a process killed or a disk full during it leaves the ledger as it was
//! before: SQLite's journal rolls the rest back on the next open); the
//! journal is a write-ahead log and a writer waits up to
//! [`BUSY_TIMEOUT`] for another, so two runs at once never corrupt it; a
//! ledger whose schema is newer than this trfkit's is refused before
//! anything is written.

use rusqlite::{params, Connection, OpenFlags, OptionalExtension, TransactionBehavior};
use std::path::Path;
use std::time::Duration;

/// The schema this trfkit writes (`PRAGMA user_version`).
pub(crate) const SCHEMA: i64 = 1;

/// How long a run waits for another run's write to end.
pub(crate) const BUSY_TIMEOUT: Duration = Duration::from_secs(30);

/// The migrations, in order: `MIGRATIONS[v]` takes a ledger from schema
/// `v` to `v + 1` (version 0 is an empty file).
const MIGRATIONS: &[&str] = &[
    // 0 → 1: the first schema.
    "CREATE TABLE periods (
        id INTEGER PRIMARY KEY,
        period TEXT NOT NULL,
        rating_type TEXT NOT NULL,
        recorded_at TEXT NOT NULL,
        trfkit TEXT NOT NULL,
        rating_list TEXT,
        published TEXT,
        reports INTEGER NOT NULL,
        players INTEGER NOT NULL,
        UNIQUE (period, rating_type)
    );
    CREATE TABLE reports (
        id INTEGER PRIMARY KEY,
        period_id INTEGER NOT NULL REFERENCES periods(id) ON DELETE CASCADE,
        file TEXT NOT NULL,
        event TEXT,
        start TEXT,
        end TEXT,
        verdict TEXT NOT NULL,
        in_period INTEGER NOT NULL,
        fingerprint TEXT
    );
    CREATE INDEX reports_period ON reports(period_id);
    CREATE INDEX reports_fingerprint ON reports(fingerprint);
    CREATE TABLE report_rounds (
        report_id INTEGER NOT NULL REFERENCES reports(id) ON DELETE CASCADE,
        round INTEGER NOT NULL,
        round_key TEXT NOT NULL
    );
    CREATE INDEX report_rounds_report ON report_rounds(report_id);
    CREATE INDEX report_rounds_key ON report_rounds(round_key);
    CREATE TABLE players (
        period_id INTEGER NOT NULL REFERENCES periods(id) ON DELETE CASCADE,
        fide_id INTEGER,
        name TEXT NOT NULL,
        rating_type TEXT NOT NULL,
        old_rating INTEGER,
        games INTEGER NOT NULL,
        k INTEGER,
        total_change TEXT,
        rating_change INTEGER,
        new_rating INTEGER,
        first_rating INTEGER,
        published_rating INTEGER,
        published_games INTEGER,
        published_k INTEGER,
        matches_published INTEGER
    );
    CREATE INDEX players_period ON players(period_id);
    CREATE INDEX players_fide_id ON players(fide_id);
    CREATE TABLE pool_events (
        period_id INTEGER NOT NULL REFERENCES periods(id) ON DELETE CASCADE,
        fide_id INTEGER NOT NULL,
        rating_type TEXT NOT NULL,
        file TEXT NOT NULL,
        event TEXT,
        games INTEGER NOT NULL,
        score_halves INTEGER NOT NULL,
        opponents TEXT NOT NULL,
        ru INTEGER
    );
    CREATE INDEX pool_events_player ON pool_events(fide_id, rating_type);
    CREATE INDEX pool_events_period ON pool_events(period_id);",
];

/// An open ledger, migrated to [`SCHEMA`].
pub(crate) struct Ledger {
    pub(crate) conn: Connection,
    /// The path as the user gave it, for messages.
    pub(crate) name: String,
}

/// Why a ledger cannot be used, in plain words.
pub(crate) type LedgerError = String;

/// What SQLite said, for a person: a full disk and a busy ledger in words.
pub(crate) fn say(name: &str, e: &rusqlite::Error) -> LedgerError {
    use rusqlite::ErrorCode;
    match e.sqlite_error_code() {
        Some(ErrorCode::DiskFull) => format!(
            "ledger `{name}`: the disk is full (or the ledger reached its size limit): nothing of this period was recorded, the ledger holds what it held before"
        ),
        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => format!(
            "ledger `{name}`: another run kept it busy for more than {} s: nothing of this period was recorded; run again when it has finished",
            BUSY_TIMEOUT.as_secs()
        ),
        Some(ErrorCode::NotADatabase) => format!(
            "`{name}` is not a trfkit ledger (not an SQLite database): name a new file or a ledger trfkit wrote"
        ),
        Some(ErrorCode::ReadOnly) => format!(
            "ledger `{name}`: the file cannot be written (read-only): nothing was recorded"
        ),
        _ => format!("ledger `{name}`: {e}"),
    }
}

impl Ledger {
    /// Opens (creating on first use when `create`) the ledger at `path`,
    /// refuses one of a newer schema, and migrates an older one in one
    /// transaction.
    pub(crate) fn open(path: &Path, create: bool) -> Result<Ledger, LedgerError> {
        let name = super::super::files::shown(path);
        if !create && !path.exists() {
            return Err(format!("ledger `{name}`: no such file"));
        }
        let mut flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        if create {
            flags |= OpenFlags::SQLITE_OPEN_CREATE;
        }
        let conn = Connection::open_with_flags(path, flags).map_err(|e| say(&name, &e))?;
        conn.busy_timeout(BUSY_TIMEOUT)
            .map_err(|e| say(&name, &e))?;
        let version: i64 = conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .map_err(|e| say(&name, &e))?;
        if version > SCHEMA {
            return Err(format!(
                "ledger `{name}` was written by a newer trfkit (schema version {version}; this trfkit reads up to {SCHEMA}): use that trfkit, or name another file; nothing was read or written"
            ));
        }
        // A write-ahead log: readers never block the writer, and a
        // transaction cut short is rolled back on the next open.
        conn.pragma_update(None, "journal_mode", "WAL")
            .map_err(|e| say(&name, &e))?;
        conn.pragma_update(None, "foreign_keys", "ON")
            .map_err(|e| say(&name, &e))?;
        let mut ledger = Ledger { conn, name };
        ledger.migrate(version)?;
        Ok(ledger)
    }

    /// Takes the ledger from schema `from` to [`SCHEMA`] in one
    /// transaction (another run migrating at once waits, then finds it
    /// done).
    fn migrate(&mut self, from: i64) -> Result<(), LedgerError> {
        if from == SCHEMA {
            return Ok(());
        }
        let name = self.name.clone();
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| say(&name, &e))?;
        // Read again under the lock: another run may have migrated.
        let now: i64 = tx
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .map_err(|e| say(&name, &e))?;
        for step in MIGRATIONS.iter().skip(usize::try_from(now).unwrap_or(0)) {
            tx.execute_batch(step).map_err(|e| say(&name, &e))?;
        }
        tx.pragma_update(None, "user_version", SCHEMA)
            .map_err(|e| say(&name, &e))?;
        tx.commit().map_err(|e| say(&name, &e))
    }

    /// The earliest period before `before` where a report
    /// rated in it had fingerprint `print`: (period, file).
    pub(crate) fn seen_report(
        &self,
        print: &str,
        other: &str,
    ) -> Result<Option<(String, String)>, LedgerError> {
        self.conn
            .query_row(
                "SELECT p.period, r.file FROM reports r JOIN periods p ON p.id = r.period_id
                 WHERE r.fingerprint = ?1 AND r.in_period = 1 AND p.period <> ?2
                 ORDER BY p.period LIMIT 1",
                params![print, other],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()
            .map_err(|e| say(&self.name, &e))
    }

    /// The earliest period other than `other` where a report rated in it
    /// held the round of key `key`: (period, file, its round there).
    pub(crate) fn seen_round(
        &self,
        key: &str,
        other: &str,
    ) -> Result<Option<(String, String, u16)>, LedgerError> {
        self.conn
            .query_row(
                "SELECT p.period, r.file, rr.round FROM report_rounds rr
                 JOIN reports r ON r.id = rr.report_id JOIN periods p ON p.id = r.period_id
                 WHERE rr.round_key = ?1 AND r.in_period = 1 AND p.period <> ?2
                 ORDER BY p.period LIMIT 1",
                params![key, other],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .optional()
            .map_err(|e| say(&self.name, &e))
    }
}

/// A period to record, as the command computed it.
pub(crate) struct PeriodRecord<'a> {
    pub(crate) period: &'a str,
    pub(crate) rating_type: &'a str,
    pub(crate) rating_list: Option<&'a str>,
    pub(crate) published: Option<&'a str>,
    pub(crate) reports: Vec<ReportRecord<'a>>,
    pub(crate) players: Vec<PlayerRecord<'a>>,
    pub(crate) pools: Vec<PoolRecord<'a>>,
}

/// One report of a recorded period.
pub(crate) struct ReportRecord<'a> {
    pub(crate) file: &'a str,
    pub(crate) event: Option<&'a str>,
    pub(crate) start: Option<String>,
    pub(crate) end: Option<String>,
    pub(crate) verdict: String,
    pub(crate) in_period: bool,
    pub(crate) fingerprint: Option<String>,
    pub(crate) rounds: Vec<(u16, String)>,
}

/// The published list's rating, games and K of a player, and whether they
/// match the period's.
pub(crate) type Published = (Option<i64>, Option<u16>, Option<u8>, bool);

/// One player's figures in a recorded period.
pub(crate) struct PlayerRecord<'a> {
    pub(crate) fide_id: Option<u64>,
    pub(crate) name: &'a str,
    pub(crate) rating_type: &'a str,
    pub(crate) old_rating: Option<i64>,
    pub(crate) games: u32,
    pub(crate) k: Option<u8>,
    pub(crate) total_change: Option<String>,
    pub(crate) rating_change: Option<i64>,
    pub(crate) new_rating: Option<i64>,
    pub(crate) first_rating: Option<i64>,
    pub(crate) published: Option<Published>,
}

/// One event of an unrated player's pool in a recorded period.
pub(crate) struct PoolRecord<'a> {
    pub(crate) fide_id: u64,
    pub(crate) rating_type: &'a str,
    pub(crate) file: &'a str,
    pub(crate) event: Option<&'a str>,
    pub(crate) games: u32,
    pub(crate) score_halves: u32,
    pub(crate) opponents: String,
    pub(crate) ru: Option<i64>,
}

impl Ledger {
    /// Records the periods of one run in one transaction: a period recorded
    /// before (the same month and rating type) is replaced by this run's.
    pub(crate) fn record(&mut self, periods: &[PeriodRecord<'_>]) -> Result<(), LedgerError> {
        let name = self.name.clone();
        let e = |e: rusqlite::Error| say(&name, &e);
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(e)?;
        let now = chrono::Utc::now().format("%Y-%m-%dT%H:%M:%SZ").to_string();
        for p in periods {
            tx.execute(
                "DELETE FROM periods WHERE period = ?1 AND rating_type = ?2",
                params![p.period, p.rating_type],
            )
            .map_err(e)?;
            tx.execute(
                "INSERT INTO periods (period, rating_type, recorded_at, trfkit, rating_list, published, reports, players)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                params![
                    p.period,
                    p.rating_type,
                    now,
                    env!("CARGO_PKG_VERSION"),
                    p.rating_list,
                    p.published,
                    p.reports.len() as i64,
                    p.players.len() as i64
                ],
            )
            .map_err(e)?;
            let id = tx.last_insert_rowid();
            {
                let mut rep = tx
                    .prepare_cached(
                        "INSERT INTO reports (period_id, file, event, start, end, verdict, in_period, fingerprint)
                         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                    )
                    .map_err(e)?;
                let mut round = tx
                    .prepare_cached(
                        "INSERT INTO report_rounds (report_id, round, round_key) VALUES (?1, ?2, ?3)",
                    )
                    .map_err(e)?;
                for r in &p.reports {
                    rep.execute(params![
                        id,
                        r.file,
                        r.event,
                        r.start,
                        r.end,
                        r.verdict,
                        r.in_period,
                        r.fingerprint
                    ])
                    .map_err(e)?;
                    let rid = tx.last_insert_rowid();
                    for (n, key) in &r.rounds {
                        round.execute(params![rid, n, key]).map_err(e)?;
                    }
                }
                let mut pl = tx
                    .prepare_cached(
                        "INSERT INTO players (period_id, fide_id, name, rating_type, old_rating, games, k, total_change,
                         rating_change, new_rating, first_rating, published_rating, published_games, published_k, matches_published)
                         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
                    )
                    .map_err(e)?;
                for q in &p.players {
                    let (pr, pg, pk, pm) = match q.published {
                        Some((r, g, k, m)) => (r, g, k, Some(m)),
                        None => (None, None, None, None),
                    };
                    pl.execute(params![
                        id,
                        q.fide_id.map(|v| v as i64),
                        q.name,
                        q.rating_type,
                        q.old_rating,
                        q.games,
                        q.k,
                        q.total_change,
                        q.rating_change,
                        q.new_rating,
                        q.first_rating,
                        pr,
                        pg,
                        pk,
                        pm
                    ])
                    .map_err(e)?;
                }
                let mut pool = tx
                    .prepare_cached(
                        "INSERT INTO pool_events (period_id, fide_id, rating_type, file, event, games, score_halves, opponents, ru)
                         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                    )
                    .map_err(e)?;
                for q in &p.pools {
                    pool.execute(params![
                        id,
                        q.fide_id as i64,
                        q.rating_type,
                        q.file,
                        q.event,
                        q.games,
                        q.score_halves,
                        q.opponents,
                        q.ru
                    ])
                    .map_err(e)?;
                }
            }
        }
        tx.commit().map_err(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A period of `n` reports and players, named `period`.
    fn period(period: &str, n: usize) -> (Vec<String>, Vec<String>) {
        let files = (0..n)
            .map(|i| format!("{period}-report-{i:05}.trf"))
            .collect();
        let names = (0..n)
            .map(|i| format!("Player {i:05}, Of {period}"))
            .collect();
        (files, names)
    }

    fn record<'a>(p: &'a str, files: &'a [String], names: &'a [String]) -> PeriodRecord<'a> {
        PeriodRecord {
            period: p,
            rating_type: "standard",
            rating_list: None,
            published: None,
            reports: files
                .iter()
                .map(|f| ReportRecord {
                    file: f,
                    event: Some("An event with a long enough name to fill pages"),
                    start: Some("2025-03-01".into()),
                    end: Some("2025-03-09".into()),
                    verdict: "ready".into(),
                    in_period: true,
                    fingerprint: Some(format!("{:032x}", f.len() * 7919)),
                    rounds: (1..=9).map(|r| (r, format!("{r:032x}{f}"))).collect(),
                })
                .collect(),
            players: names
                .iter()
                .enumerate()
                .map(|(i, n)| PlayerRecord {
                    fide_id: Some(1_000_000 + i as u64),
                    name: n,
                    rating_type: "standard",
                    old_rating: Some(2000),
                    games: 9,
                    k: Some(20),
                    total_change: Some("12.34".into()),
                    rating_change: Some(12),
                    new_rating: Some(2012),
                    first_rating: None,
                    published: None,
                })
                .collect(),
            pools: Vec::new(),
        }
    }

    fn periods(l: &Ledger) -> Vec<(String, i64, i64)> {
        let mut st = l
            .conn
            .prepare(
                "SELECT period, (SELECT count(*) FROM reports r WHERE r.period_id = p.id),
                    (SELECT count(*) FROM players q WHERE q.period_id = p.id) FROM periods p ORDER BY period",
            )
            .unwrap();
        st.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
    }

    /// A full disk during a period's transaction (simulated with SQLite's
    /// own limit, `PRAGMA max_page_count`, set to the pages the ledger
    /// has: every new page is refused as a full disk is): the run is told
    /// in words that nothing was recorded, and the ledger, opened again,
    /// holds the period recorded before, whole, and nothing of the other.
    #[test]
    fn a_full_disk_leaves_the_last_complete_period() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("full.ledger");
        let (f1, n1) = period("2025-03", 50);
        let (f2, n2) = period("2025-04", 2_000);
        {
            let mut l = Ledger::open(&path, true).unwrap();
            l.record(&[record("2025-03", &f1, &n1)]).unwrap();
            let pages: i64 = l
                .conn
                .query_row("PRAGMA page_count", [], |r| r.get(0))
                .unwrap();
            l.conn.pragma_update(None, "max_page_count", pages).unwrap();
            let err = l.record(&[record("2025-04", &f2, &n2)]).unwrap_err();
            assert!(
                err.contains("the disk is full (or the ledger reached its size limit): nothing of this period was recorded"),
                "{err}"
            );
            // The connection goes on with what was there.
            assert_eq!(periods(&l), [("2025-03".to_owned(), 50, 50)]);
        }
        let l = Ledger::open(&path, false).unwrap();
        let ok: String = l
            .conn
            .query_row("PRAGMA integrity_check", [], |r| r.get(0))
            .unwrap();
        assert_eq!(ok, "ok");
        assert_eq!(periods(&l), [("2025-03".to_owned(), 50, 50)]);
    }

    /// An older ledger (schema 0: an empty file) is migrated in one
    /// transaction; opening it again changes nothing.
    #[test]
    fn migrations_run_once() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("new.ledger");
        let l = Ledger::open(&path, true).unwrap();
        let v: i64 = l
            .conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .unwrap();
        assert_eq!(v, SCHEMA);
        drop(l);
        let l = Ledger::open(&path, false).unwrap();
        let tables: i64 = l
            .conn
            .query_row(
                "SELECT count(*) FROM sqlite_master WHERE type = 'table'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(tables, 5);
        assert_eq!(MIGRATIONS.len(), usize::try_from(SCHEMA).unwrap());
    }
}
