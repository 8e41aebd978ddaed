//! Cross-checking reports against FIDE's rating list: the issue's "done
//! when" sample, the lookup behind `--rating-list` (scan and index), and the
//! `trf check --rating-list` / `trf list index` commands.

mod common;

use common::trf;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use trfkit::Options;
use trfkit::{ListLookup, LookupMethod, Status};
use trfkit::{Parsed, ReadOptions};

const REPORT: &str = "samples/hand/list-crosscheck.trf";
const LIST: &str = "samples/lists/crosscheck-players_list_foa.txt";

fn root(p: &str) -> PathBuf {
    common::root().join(p)
}

fn read(p: &str) -> Parsed {
    trfkit::read_path(&root(p), &ReadOptions::default()).expect("sample reads")
}

fn lookup(parsed: &Parsed, list: &Path) -> ListLookup {
    let ids: Vec<u64> = ListLookup::ids_of(&parsed.tournament).collect();
    ListLookup::read(list, &ids).expect("list reads")
}

/// The rating-list findings of a check (the regulations rules have their
/// own fixtures; the sample's unrated newcomer also draws their advice).
fn findings(parsed: &Parsed, opts: &Options) -> Vec<JsonDiagnostic> {
    let report = trfkit::check(parsed, opts);
    let json = trfkit::render::check_json("report.trf", parsed, &report);
    let file: JsonFile = serde_json::from_str(&json).expect("the JSON contract");
    file.diagnostics
        .into_iter()
        .filter(|d| d.code.starts_with("TRF-L"))
        .collect()
}

/// The fields of `trf check --format json` these tests read.
#[derive(serde::Deserialize)]
struct JsonFile {
    diagnostics: Vec<JsonDiagnostic>,
}

/// One finding of `trf check --format json`.
#[derive(Debug, serde::Deserialize)]
struct JsonDiagnostic {
    code: String,
    rule: String,
    message: String,
    line: Option<u32>,
    column: Option<u32>,
    end_column: Option<u32>,
    help: Option<String>,
    labels: Vec<JsonLabel>,
}

/// One label of a finding in JSON.
#[derive(Debug, serde::Deserialize)]
struct JsonLabel {
    line: u32,
    column: u32,
    end_column: u32,
    primary: bool,
}

/// The "done when": one wrong ID, one misspelt name, one stale
/// rating and one unknown player give exactly these findings, on the TRF
/// columns, with the list's values in the help. The other players differ
/// from the list only in ways that do not count (diacritics, word order,
/// case and comma spacing).
#[test]
fn crosscheck_sample_gives_exactly_the_planted_findings() {
    let parsed = read(REPORT);
    let mut opts = Options::default();
    opts.rating_list = Some(Arc::new(lookup(&parsed, &root(LIST))));
    let got = findings(&parsed, &opts);
    let set: BTreeSet<(&str, u32, u32, u32)> = got
        .iter()
        .map(|d| {
            (
                d.rule.as_str(),
                d.line.unwrap_or(0),
                d.column.unwrap_or(0),
                d.end_column.unwrap_or(0),
            )
        })
        .collect();
    let want: BTreeSet<(&str, u32, u32, u32)> = [
        // Lindqvist: 2588 in the report, 2601 in the list (rating, 49-52).
        ("rating-mismatch", 12, 49, 52),
        // Petrosjan for Petrosyan (name, 15-47).
        ("name-mismatch", 14, 15, 47),
        // Weber's ID 91000095 is not in the list (FIDE ID, 58-68).
        ("fide-id-not-in-list", 16, 58, 68),
        // Novak: no ID, no rating, no birth date (70-79), no sex (10).
        ("new-player-missing-data", 17, 70, 79),
    ]
    .into_iter()
    .collect();
    assert_eq!(set, want, "{got:#?}");
    assert_eq!(got.len(), want.len(), "one finding each");

    let by_rule = |r: &str| got.iter().find(|d| d.rule == r).expect("finding");
    let help = |r: &str| by_rule(r).help.clone().unwrap_or_default();
    assert!(help("rating-mismatch").contains("standard `2601`, rapid `2555`, blitz `2580`"));
    assert!(by_rule("rating-mismatch")
        .message
        .contains("stale or wrong"));
    assert!(help("rating-mismatch").contains("March 2025 list"));
    assert!(help("name-mismatch").contains("`Petrosyan, Arman`"));
    assert!(help("fide-id-not-in-list").contains("FIDE profile"));
    let novak = by_rule("new-player-missing-data");
    assert!(
        novak
            .labels
            .iter()
            .any(|l| !l.primary && (l.line, l.column, l.end_column) == (17, 10, 10)),
        "the sex column is labelled too: {novak:#?}"
    );
}

#[test]
fn without_a_list_the_rating_list_rules_do_not_run() {
    let parsed = read(REPORT);
    let none = Options::default();
    let got = findings(&parsed, &none);
    assert!(got.is_empty(), "{got:#?}");
    // That none of the nine applies: `rules::list`'s own test (the rule
    // machinery is private to the crate).
}

#[test]
fn lookup_knows_what_it_searched() {
    let parsed = read(REPORT);
    let l = lookup(&parsed, &root(LIST));
    assert_eq!(l.method, LookupMethod::Scan);
    assert_eq!(l.len(), 4, "four of the five IDs are listed");
    assert!(matches!(l.status(91_000_016), Status::Listed(r) if r.name == "Lindqvist, Erik"));
    assert!(matches!(l.status(91_000_095), Status::Absent));
    // In the list, but not asked for: nothing is known about it.
    assert!(matches!(l.status(91_000_059), Status::NotSearched));
    assert_eq!(l.period, None);
    assert_eq!(l.describe(), "`crosscheck-players_list_foa.txt`");
}

/// The same list under a name that states its month.
#[test]
fn the_list_month_comes_from_the_file_name() {
    let dir = tempfile::tempdir().unwrap();
    let named = dir.path().join("players_list_foa_mar25.txt");
    std::fs::copy(root(LIST), &named).unwrap();
    let parsed = read(REPORT);
    let mut opts = Options::default();
    opts.rating_list = Some(Arc::new(lookup(&parsed, &named)));
    let got = findings(&parsed, &opts);
    let rating = got.iter().find(|d| d.rule == "rating-mismatch").unwrap();
    let help = rating.help.as_deref().unwrap_or("");
    assert!(
        help.contains("`players_list_foa_mar25.txt` is the March 2025 list, in force when the tournament started on 2025/03/14: write `2601`"),
        "{help}"
    );
}

/// The index gives the same records as the scan; a list changed after
/// indexing is scanned instead, and says why.
#[test]
fn index_and_scan_agree_and_a_stale_index_falls_back() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("players_list_foa.txt");
    std::fs::copy(root(LIST), &list).unwrap();
    let parsed = read(REPORT);
    let scanned = lookup(&parsed, &list);
    trfkit::build_index(&list).unwrap();
    let indexed = lookup(&parsed, &list);
    assert_eq!(indexed.method, LookupMethod::Index);
    assert_eq!(indexed.to_map(), scanned.to_map());
    assert_eq!(indexed.meta, scanned.meta);
    assert!(indexed.index_problem.is_none());

    let mut bytes = std::fs::read(&list).unwrap();
    bytes.extend_from_slice(b"\r\n");
    std::fs::write(&list, bytes).unwrap();
    let again = lookup(&parsed, &list);
    assert_eq!(again.method, LookupMethod::Scan);
    assert_eq!(again.to_map(), scanned.to_map());
    assert!(
        again
            .index_problem
            .as_deref()
            .is_some_and(|p| p.contains("stale")),
        "{:?}",
        again.index_problem
    );
}

#[test]
fn cli_check_with_rating_list_json() {
    let (code, out, err) = trf(&["check", "--rating-list", LIST, REPORT, "--format", "json"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.is_empty(), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    insta::assert_json_snapshot!(v);
}

#[test]
fn cli_batch_shares_one_lookup() {
    let (code, out, err) = trf(&[
        "check",
        "--rating-list",
        LIST,
        REPORT,
        "samples/hand/swiss-utf8-lf.trf",
        "--format",
        "json",
    ]);
    assert_eq!(code, 1, "{err}");
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    let rules = |v: &serde_json::Value| -> Vec<String> {
        v["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| d["code"].as_str().unwrap().starts_with("TRF-L"))
            .map(|d| d["rule"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(rules(&lines[0]).len(), 4);
    // None of the other report's seven IDs is in this list.
    let other = rules(&lines[1]);
    assert_eq!(
        other.iter().filter(|r| *r == "fide-id-not-in-list").count(),
        7,
        "{other:?}"
    );
}

#[test]
fn cli_unreadable_list_exits_two_with_one_line() {
    for list in ["samples/lists/does-not-exist.txt", REPORT] {
        let (code, out, err) = trf(&["check", "--rating-list", list, REPORT]);
        assert_eq!(code, 2, "{list}: {out}{err}");
        assert!(out.is_empty(), "{out}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with("trf: rating list: "), "{err}");
    }
}

#[test]
fn cli_list_index_builds_the_index_beside_the_list() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("players_list_foa.txt");
    std::fs::copy(root(LIST), &list).unwrap();
    let l = list.to_str().unwrap();
    let (code, out, err) = trf(&["list", "index", l]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("8 players indexed"), "{out}");
    assert!(dir.path().join("players_list_foa.txt.trfidx").is_file());
    let (code, indexed, err) = trf(&["check", "--rating-list", l, REPORT, "--format", "json"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.is_empty(), "{err}");
    let (_, scanned, _) = trf(&["check", "--rating-list", LIST, REPORT, "--format", "json"]);
    let strip = |s: &str| {
        s.replace("players_list_foa.txt", "")
            .replace("crosscheck-", "")
    };
    assert_eq!(strip(&indexed), strip(&scanned));

    let (code, _, err) = trf(&["list", "index", "samples/lists/players_list.zip"]);
    assert_eq!(code, 2);
    assert!(err.starts_with("trf: list index: "), "{err}");
}
