//! The officer's ledger (`--ledger FILE`, `trf ledger`; issue 41): a first
//! rating pooled over two months through it, a report and interim rounds
//! seen again in a later month (`already-rated`, and the near misses that
//! must not fire), a newer ledger refused untouched, and the ledger after
//! a process killed with SIGKILL during a write still opening with every
//! complete period and nothing of the cut one.

mod common;

use common::trf;
use serde_json::Value;
use std::path::{Path, PathBuf};

const P: &str = "samples/hand/period-d-2024-p.trf";
const Q: &str = "samples/hand/period-d-2024-q.trf";
const DAN: u64 = 2930004;

fn json(args: &[&str]) -> Value {
    let (code, out, err) = trf(args);
    assert!(code == 0 || code == 1, "exit {code}: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"))
}

fn player(v: &Value, id: u64) -> Value {
    v["players"]
        .as_array()
        .and_then(|ps| ps.iter().find(|p| p["fide_id"] == id))
        .cloned()
        .unwrap_or_else(|| panic!("no player {id} in {v}"))
}

fn s(p: &Path) -> String {
    p.to_string_lossy().into_owned()
}

/// Event Q of example D moved one month on (April 2025: the May list).
fn q_in_april(dir: &Path) -> PathBuf {
    let text = std::fs::read_to_string(common::root().join(Q)).expect("read Q");
    let moved = text
        .replace("2025/03/1", "2025/04/1")
        .replace("25/03/1", "25/04/1");
    let path = dir.join("q-april.trf");
    std::fs::write(&path, moved).expect("write");
    path
}

/// Dan, unrated, plays 3 games against rated opponents in March (the April
/// list: too few for a first rating) and 4 in April (the May list): with
/// the ledger, May pools March's games and gives the first rating the two
/// events give together in one period; without it, May has none.
#[test]
fn a_first_rating_pools_two_months_through_the_ledger() {
    let dir = tempfile::tempdir().expect("temp dir");
    let ledger = s(&dir.path().join("officer.ledger"));
    let april = s(&q_in_april(dir.path()));
    let together = player(&json(&["period", "--format", "json", P, Q]), DAN);
    assert_eq!(together["first_rating"], 1765);

    let march = json(&["period", "--format", "json", "--ledger", &ledger, P]);
    assert_eq!(march["period"], "2025-04");
    assert!(player(&march, DAN)["first_rating"].is_null());
    let alone = json(&["period", "--format", "json", &april]);
    assert!(player(&alone, DAN)["first_rating"].is_null());

    let may = json(&["period", "--format", "json", "--ledger", &ledger, &april]);
    assert_eq!(may["period"], "2025-05");
    let dan = player(&may, DAN);
    assert_eq!(dan["first_rating"], 1765, "{dan}");
    assert_eq!(dan["pool"]["games"], 7);
    assert_eq!(dan["pool"]["ra"], together["pool"]["ra"]);
    let said = dan["notes"].as_array().into_iter().flatten().any(|n| {
        n.as_str().is_some_and(|n| {
            n.starts_with(&format!(
                "pooled with the results of earlier periods recorded in the ledger `{ledger}`: 2025-04 (3 games)"
            ))
        })
    });
    assert!(said, "{dan}");

    // `trf ledger`: both periods, and Dan's pooled results and first rating.
    let shown = json(&[
        "ledger", "--ledger", &ledger, "--player", "2930004", "--format", "json",
    ]);
    let periods: Vec<&str> = shown["periods"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|p| p["period"].as_str())
        .collect();
    assert_eq!(periods, ["2025-04", "2025-05"]);
    assert_eq!(shown["players"][1]["first_rating"], 1765);
    assert_eq!(shown["pools"].as_array().map(Vec::len), Some(2));
    let (code, csv, _) = trf(&[
        "ledger", "--ledger", &ledger, "--period", "2025-05", "--format", "csv",
    ]);
    assert_eq!(code, 0);
    assert!(csv.starts_with("period,rating_type,fide_id,name,old_rating,games,k,total_change,rating_change,new_rating,first_rating,"), "{csv}");
    assert!(
        csv.lines()
            .any(|l| l.starts_with("2025-05,standard,2930004,\"Period, Dan\",,7,")),
        "{csv}"
    );
    let (code, text, _) = trf(&["ledger", "--ledger", &ledger]);
    assert_eq!(code, 0);
    assert!(text.contains("Periods recorded"), "{text}");
}

/// Example D's two events moved to the quarterly lists of the 2005 text:
/// P in January 2006 (the April 2006 list), Q in July 2007 (the October
/// 2007 list), six quarterly periods later. "The same or next 7 rating
/// periods" (2005 text, art. 9.14c) spans 21 months of quarterly lists, so
/// October 2007 pools April 2006's games from the ledger (counted in
/// months, the window would have closed after seven).
#[test]
fn seven_rating_periods_are_counted_in_periods_not_months() {
    let dir = tempfile::tempdir().expect("temp dir");
    let ledger = s(&dir.path().join("officer.ledger"));
    let moved = |file: &str, from: &str, to: &str, name: &str| {
        let text = std::fs::read_to_string(common::root().join(file)).expect("read");
        let short = |d: &str| d[2..].to_owned();
        let path = dir.path().join(name);
        // A Swiss: the 2005 text's round-robin composition would stop a
        // four-player round robin with three rated players.
        let text = text
            .replace(from, to)
            .replace(&short(from), &short(to))
            .replace("Round-Robin", "Swiss-System");
        std::fs::write(&path, text).expect("write");
        s(&path)
    };
    let p = moved(P, "2025/03/0", "2006/01/0", "p-2006.trf");
    let q = moved(Q, "2025/03/1", "2007/07/1", "q-2007.trf");
    let april = json(&["period", "--format", "json", "--ledger", &ledger, &p]);
    assert_eq!(april["period"], "2006-04");
    let october = json(&["period", "--format", "json", "--ledger", &ledger, &q]);
    assert_eq!(october["period"], "2007-10");
    let dan = player(&october, DAN);
    let pooled = dan["notes"].as_array().into_iter().flatten().any(|n| {
        n.as_str().is_some_and(|n| {
            n.starts_with("pooled with the results of earlier periods recorded in the ledger")
                && n.contains("2006-04 (3 games)")
        })
    });
    assert!(pooled, "{dan}");
    assert_eq!(dan["pool"]["games"], 7, "{dan}");
}

/// The already-rated finding of one run, when any.
fn already_rated(v: &Value) -> Vec<String> {
    v["findings"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|f| f["rule"] == "already-rated")
        .filter_map(|f| f["message"].as_str().map(str::to_owned))
        .collect()
}

/// A report rated in the April period given again in May is already
/// rated, naming April; the same period computed again is not (it is
/// recorded anew), nor is another report.
#[test]
fn a_report_seen_twice_across_months_is_already_rated() {
    let dir = tempfile::tempdir().expect("temp dir");
    let ledger = s(&dir.path().join("officer.ledger"));
    let april = json(&[
        "period", "--format", "json", "--ledger", &ledger, "--period", "2025-04", P,
    ]);
    assert!(already_rated(&april).is_empty());
    // The same month again: replaced, not a second rating.
    let again = json(&[
        "period", "--format", "json", "--ledger", &ledger, "--period", "2025-04", P,
    ]);
    assert!(already_rated(&again).is_empty());
    // May: the same event (another file name) is named with its period.
    let copy = dir.path().join("P again.trf");
    std::fs::copy(common::root().join(P), &copy).expect("copy");
    let may = json(&[
        "period",
        "--format",
        "json",
        "--ledger",
        &ledger,
        "--period",
        "2025-05",
        &s(&copy),
        Q,
    ]);
    let found = already_rated(&may);
    assert_eq!(found.len(), 1, "{may}");
    assert!(
        found[0].starts_with(&format!(
            "the same event as `{P}`, recorded as rated in the 2025-04 period (ledger `{ledger}`)"
        )),
        "{}",
        found[0]
    );
    let files = &may["findings"].as_array().unwrap()[0]["files"];
    assert!(files.to_string().contains("P again.trf"), "{files}");
    let shown = json(&["ledger", "--ledger", &ledger, "--format", "json"]);
    assert_eq!(
        shown["periods"].as_array().map(Vec::len),
        Some(2),
        "{shown}"
    );
}

/// A league split by period: its November part recorded in the November
/// period; the whole event checked later (a cumulative report, expected on
/// the December list) has rounds 3 and 4 already rated, named; the December
/// part is not.
#[test]
fn interim_rounds_are_checked_against_those_recorded() {
    let dir = tempfile::tempdir().expect("temp dir");
    let ledger = s(&dir.path().join("officer.ledger"));
    let parts = dir.path().join("parts");
    let (code, _, err) = trf(&[
        "split",
        "--by-period",
        "samples/split/league-sep-nov.trf",
        "-o",
        &s(&parts),
    ]);
    assert_eq!(code, 0, "{err}");
    let nov = s(&parts.join("league-sep-nov.list-2025-11.trf"));
    let dec = s(&parts.join("league-sep-nov.list-2025-12.trf"));
    json(&[
        "period", "--format", "json", "--ledger", &ledger, "--period", "2025-11", &nov,
    ]);

    let (_, out, err) = trf(&[
        "check",
        "--format",
        "json",
        "--ledger",
        &ledger,
        "samples/split/league-sep-nov.trf",
    ]);
    let v: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
    let mine: Vec<&Value> = v["diagnostics"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|d| d["rule"] == "already-rated")
        .collect();
    assert_eq!(mine.len(), 1, "{v}");
    let m = mine[0]["message"].as_str().unwrap_or_default();
    assert!(m.starts_with("games of this event the ledger recorded before: rounds 3, 4 rated in the 2025-11 period"), "{m}");
    assert_eq!(mine[0]["code"], "TRF-A006");
    // The December part holds rounds no period rated: nothing.
    let (_, out, _) = trf(&["check", "--format", "json", "--ledger", &ledger, &dec]);
    assert!(!out.contains("already-rated"), "{out}");
    // `trf split --ledger`: a part recorded in its own period is not
    // already rated.
    let (code, out, err) = trf(&[
        "split",
        "--by-period",
        "samples/split/league-sep-nov.trf",
        "-o",
        &s(&parts),
        "--force",
        "--ledger",
        &ledger,
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).expect("json");
    for k in 0..3 {
        assert!(v["parts"][k]["already_rated"].is_null(), "{v}");
    }
    // The whole league rated as one report in its own (December) period:
    // the October and November parts would rate their rounds again.
    let whole = s(&dir.path().join("whole.ledger"));
    json(&[
        "period",
        "--format",
        "json",
        "--ledger",
        &whole,
        "samples/split/league-sep-nov.trf",
    ]);
    let (code, out, err) = trf(&[
        "split",
        "--by-period",
        "samples/split/league-sep-nov.trf",
        "-o",
        &s(&parts),
        "--force",
        "--ledger",
        &whole,
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).expect("json");
    let said = |k: usize, what: &str| {
        v["parts"][k]["already_rated"]
            .as_str()
            .is_some_and(|m| m.contains(what))
    };
    assert!(said(0, "rounds 1, 2 rated in the 2025-12 period"), "{v}");
    assert!(said(1, "rounds 3, 4 rated in the 2025-12 period"), "{v}");
    assert!(v["parts"][2]["already_rated"].is_null(), "{v}");
    let (_, out, _) = trf(&[
        "split",
        "--by-period",
        "samples/split/league-sep-nov.trf",
        "-o",
        &s(&parts),
        "--force",
        "--ledger",
        &whole,
    ]);
    assert!(out.contains("Warning [already-rated]"), "{out}");
    // Without --ledger, no such field.
    let (_, out, _) = trf(&[
        "split",
        "--by-period",
        "samples/split/league-sep-nov.trf",
        "-o",
        &s(&parts),
        "--force",
        "--format",
        "json",
    ]);
    assert!(!out.contains("already_rated"), "{out}");
}

/// A ledger of a newer trfkit is refused before anything is read or
/// written: the file is left byte for byte; a file that is no ledger is
/// said so.
#[test]
fn a_newer_ledger_is_refused_untouched() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("newer.ledger");
    {
        let c = rusqlite::Connection::open(&path).expect("open");
        c.execute_batch("CREATE TABLE future (x); PRAGMA user_version = 99;")
            .expect("newer");
    }
    let before = std::fs::read(&path).expect("read");
    let (code, _, err) = trf(&["period", "--ledger", &s(&path), P]);
    assert_eq!(code, 2);
    assert!(
        err.contains(
            "was written by a newer trfkit (schema version 99; this trfkit reads up to 1)"
        ),
        "{err}"
    );
    assert_eq!(std::fs::read(&path).expect("read"), before);
    let (code, _, err) = trf(&["ledger", "--ledger", &s(&path)]);
    assert_eq!(code, 2);
    assert!(err.contains("newer trfkit"), "{err}");
    let junk = dir.path().join("notes.txt");
    std::fs::write(&junk, "not a database, just notes ".repeat(100)).expect("write");
    let (code, _, err) = trf(&["period", "--ledger", &s(&junk), P]);
    assert_eq!(code, 2);
    assert!(err.contains("is not a trfkit ledger"), "{err}");
    let (code, _, err) = trf(&["ledger", "--ledger", &s(&dir.path().join("none.ledger"))]);
    assert_eq!(code, 2);
    assert!(err.contains("no such file"), "{err}");
    assert!(!dir.path().join("none.ledger").exists());
}

/// Every period recorded is whole: as many reports and players as the
/// period says it has. Returns the periods.
fn whole_periods(path: &Path) -> Vec<String> {
    let c = rusqlite::Connection::open(path).expect("open");
    let ok: String = c
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .expect("integrity");
    assert_eq!(ok, "ok");
    let mut st = c
        .prepare(
            "SELECT period, reports, players,
                (SELECT count(*) FROM reports r WHERE r.period_id = p.id),
                (SELECT count(*) FROM players q WHERE q.period_id = p.id)
             FROM periods p ORDER BY period",
        )
        .expect("prepare");
    st.query_map([], |r| {
        Ok((
            r.get::<_, String>(0)?,
            r.get::<_, i64>(1)?,
            r.get::<_, i64>(2)?,
            r.get::<_, i64>(3)?,
            r.get::<_, i64>(4)?,
        ))
    })
    .expect("query")
    .map(|r| {
        let (p, reports, players, r_rows, p_rows) = r.expect("row");
        assert_eq!((reports, players), (r_rows, p_rows), "period {p} is cut");
        p
    })
    .collect()
}

/// `trf period --ledger` killed with SIGKILL while it writes (the moment
/// its write-ahead log appears): the ledger opens, passes SQLite's
/// integrity check, and holds the period recorded before, whole, and the
/// cut period either whole or not at all; the next run records it.
#[cfg(unix)]
#[test]
fn the_ledger_survives_a_process_killed_during_a_write() {
    let dir = tempfile::tempdir().expect("temp dir");
    let month = dir.path().join("month");
    let (code, _, err) = trf(&[
        "generate",
        "--month",
        "2025-03",
        "--reports",
        "60",
        "--seed",
        "7",
        "-o",
        &s(&month),
    ]);
    assert_eq!(code, 0, "{err}");
    let path = dir.path().join("officer.ledger");
    json(&[
        "period",
        "--format",
        "json",
        "--ledger",
        &s(&path),
        "--period",
        "2025-03",
        P,
    ]);
    assert_eq!(whole_periods(&path), ["2025-03"]);
    let wal = dir.path().join("officer.ledger-wal");
    let mut cut = 0;
    for _ in 0..5 {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_trf"))
            .args([
                "period",
                "--format",
                "json",
                "--period",
                "2025-04",
                "--ledger",
                &s(&path),
                &s(&month),
            ])
            .current_dir(common::root())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("spawn");
        // The write-ahead log holds pages only once the period's
        // transaction writes.
        let mut killed = false;
        for _ in 0..20_000 {
            if std::fs::metadata(&wal).is_ok_and(|m| m.len() > 0) {
                let _ = child.kill();
                killed = true;
                break;
            }
            if child.try_wait().expect("wait").is_some() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_micros(200));
        }
        let status = child.wait().expect("wait");
        if killed && !status.success() {
            cut += 1;
        }
        let periods = whole_periods(&path);
        assert!(
            periods.first().is_some_and(|p| p == "2025-03"),
            "{periods:?}"
        );
        assert!(periods.len() <= 2, "{periods:?}");
    }
    assert!(cut > 0, "no run was killed while writing");
    // The next run records the period whole.
    json(&[
        "period",
        "--format",
        "json",
        "--period",
        "2025-04",
        "--ledger",
        &s(&path),
        &s(&month),
    ]);
    assert_eq!(whole_periods(&path), ["2025-03", "2025-04"]);
}
