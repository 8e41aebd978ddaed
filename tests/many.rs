//! Views of many reports: `trf check --summary` (text, JSON, CSV read back
//! by a CSV parser), the findings across reports in `trf check`, and the
//! refusals.

mod common;

use common::trf;

const SET: &str = "samples/across/player-data-conflict/fires";

#[test]
fn check_summary_is_one_line_per_report() {
    let (code, out, err) = trf(&[
        "check",
        "--summary",
        "samples/across/duplicate-report/fires",
        "samples/hand/verdict-online-export.trf",
    ]);
    assert_eq!(code, 1, "{err}");
    insta::assert_snapshot!("check_summary_human", out);
    // No findings: no line of the form `file:line:col: severity[...]`.
    assert!(!out.contains("warning["));
}

#[test]
fn check_summary_csv_reads_back() {
    let (code, out, err) = trf(&[
        "check",
        "--summary",
        "--format",
        "csv",
        SET,
        "samples/hand/verdict-online-export.trf",
    ]);
    assert_eq!(code, 1, "{err}");
    let mut r = csv::Reader::from_reader(out.as_bytes());
    let head: Vec<String> = r.headers().unwrap().iter().map(String::from).collect();
    assert_eq!(
        head,
        [
            "file",
            "event",
            "start",
            "end",
            "rating_type",
            "verdict",
            "reason",
            "event-not-rated",
            "fix-before-upload",
            "players-not-rated",
            "games-not-rated",
            "cosmetic",
            "info"
        ]
    );
    let rows: Vec<csv::StringRecord> = r.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 3);
    assert_eq!(
        &rows[0][0],
        "samples/across/player-data-conflict/fires/graz-open.trf"
    );
    assert_eq!(&rows[1][1], "Linz June");
    assert_eq!(&rows[1][2], "2024-06-20");
    assert_eq!(&rows[1][3], "2024-06-22");
    assert_eq!(&rows[1][4], "standard");
    assert_eq!(&rows[1][5], "ready");
    assert!(
        rows[1][6].contains("player-data-conflict"),
        "{}",
        &rows[1][6]
    );
    assert_eq!(&rows[2][5], "not-rateable");
    assert!(rows[2][6].contains("online-event"));
    let not_rated: usize = rows[2][7].parse().unwrap();
    assert!(not_rated >= 1);
    insta::assert_snapshot!("check_summary_csv", out);
}

#[test]
fn check_summary_json_is_one_object_per_report() {
    let (_, out, _) = trf(&["check", "--summary", "--format", "json", SET]);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    for key in [
        "file",
        "event",
        "start",
        "end",
        "rating_type",
        "verdict",
        "reason",
        "by_consequence",
    ] {
        assert!(lines[0].get(key).is_some(), "{key}");
    }
}

#[test]
fn summary_refuses_sarif_and_csv_needs_summary() {
    let (code, _, err) = trf(&["check", "--summary", "--format", "sarif", SET]);
    assert_eq!(code, 2);
    assert!(err.contains("--summary"), "{err}");
    let (code, _, err) = trf(&["check", "--format", "csv", SET]);
    assert_eq!(code, 2);
    assert!(err.contains("--summary"), "{err}");
}

#[test]
fn check_of_several_reports_adds_the_findings_across_them() {
    let (_, out, _) = trf(&[
        "check",
        "--format",
        "json",
        "samples/across/duplicate-report/fires",
    ]);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    for l in &lines {
        let d = l["diagnostics"].as_array().unwrap();
        assert!(d.iter().any(|d| d["code"] == "TRF-A002"), "{l}");
    }
    // One report alone: nothing to compare.
    let (_, out, _) = trf(&[
        "check",
        "--format",
        "json",
        "samples/across/duplicate-report/fires/graz-open.trf",
    ]);
    assert!(!out.contains("TRF-A0"));
    // Disabled like any rule.
    let (_, out, _) = trf(&[
        "check",
        "--format",
        "json",
        "--disable",
        "duplicate-report",
        "samples/across/duplicate-report/fires",
    ]);
    assert!(!out.contains("TRF-A002"));
    let (code, out, _) = trf(&["explain", "duplicate-report"]);
    assert_eq!(code, 0);
    assert!(out.contains("TRF-A002"));
}
