//! Problems across reports (`TRF-A…`) against their fixtures.
//!
//! `samples/across/<rule-name>/fires/` is a set of reports read together
//! that must give at least one finding of that rule; `ok/` (near misses: a
//! league on other days, a corrected re-export, names written another way)
//! none. Each set is checked as `trf check DIR` does (every rule, then the
//! findings across reports added to the reports they concern) and every
//! report's findings of that rule are snapshotted as plain text and as the
//! JSON line of `trf check --format json`.

use std::path::{Path, PathBuf};
use trfkit::render::findings_text;
use trfkit::Options;
use trfkit::ReportRef;
use trfkit::{check, CheckReport};
use trfkit::{Parsed, ReadOptions};

fn samples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/across")
}

/// Reads a folder's reports (sorted by name) and checks them together.
fn check_set(
    dir: &Path,
) -> (
    Vec<String>,
    Vec<Parsed>,
    Vec<CheckReport>,
    trfkit::AcrossFindings,
) {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let names: Vec<String> = files
        .iter()
        .map(|f| f.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    let parsed: Vec<Parsed> = files
        .iter()
        .map(|f| trfkit::read_path(f, &ReadOptions::default()).unwrap())
        .collect();
    let opts = Options::default();
    let mut reports: Vec<CheckReport> = parsed.iter().map(|p| check(p, &opts)).collect();
    let found = add_across(&names, &parsed, &mut reports, &opts);
    (names, parsed, reports, found)
}

/// Adds to each report the findings across `parsed` that concern it, as
/// `trf check DIR` does.
fn add_across(
    names: &[String],
    parsed: &[Parsed],
    reports: &mut [CheckReport],
    opts: &Options,
) -> trfkit::AcrossFindings {
    let refs: Vec<ReportRef<'_>> = names
        .iter()
        .zip(parsed)
        .zip(reports.iter())
        .map(|((n, p), r)| ReportRef {
            file: n,
            parsed: p,
            rating_type: r.rating_type.rating_type,
        })
        .collect();
    let found = trfkit::find_across(&refs);
    for (r, f) in reports.iter_mut().zip(found.findings.clone()) {
        r.add_across(f, opts);
    }
    found
}

#[test]
fn fixtures() {
    // `already-rated` needs the ledger of earlier periods: its cases that
    // fire and that must not are in tests/ledger.rs.
    for meta in
        trfkit::all_rules().filter(|m| m.code.starts_with("TRF-A") && m.name != "already-rated")
    {
        for kind in ["fires", "ok"] {
            let dir = samples().join(meta.name).join(kind);
            assert!(dir.is_dir(), "{} has no {kind}/ fixture set", meta.name);
            let (names, parsed, reports, _) = check_set(&dir);
            let mut shown = String::new();
            let mut any = false;
            for ((name, p), rep) in names.iter().zip(&parsed).zip(&reports) {
                let mine: Vec<_> = rep
                    .diagnostics
                    .iter()
                    .filter(|d| d.rule == meta.name)
                    .cloned()
                    .collect();
                any |= !mine.is_empty();
                shown.push_str(&format!("== {name}: {}\n", rep.verdict));
                shown.push_str(&findings_text(name, p, &mine));
                let json: serde_json::Value =
                    serde_json::from_str(&trfkit::render::check_json(name, p, rep)).unwrap();
                let json_mine: Vec<&serde_json::Value> = json["diagnostics"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|d| d["rule"] == meta.name)
                    .collect();
                assert_eq!(
                    json_mine.len(),
                    mine.len(),
                    "{name}: JSON carries the findings"
                );
                shown.push_str(&serde_json::to_string_pretty(&json_mine).unwrap());
                shown.push('\n');
            }
            assert_eq!(
                any,
                kind == "fires",
                "{}/{kind}: the rule {}",
                meta.name,
                if kind == "fires" {
                    "did not fire"
                } else {
                    "fired"
                }
            );
            insta::assert_snapshot!(format!("{}__{kind}", meta.name), shown);
        }
    }
}

#[test]
fn a_duplicate_is_known_as_one() {
    let (_, _, _, found) = check_set(&samples().join("duplicate-report/fires"));
    // `Graz Open (final export).TXT` sorts first: the `.trf` repeats it.
    assert_eq!(found.duplicate_of, [None, Some(0)]);
    assert_eq!(found.distinct().collect::<Vec<_>>(), [0]);
    assert!(found.is_duplicate(1));
    let (_, _, _, found) = check_set(&samples().join("duplicate-report/ok"));
    assert_eq!(found.duplicate_of, [None, None]);
}

#[test]
fn one_report_has_nothing_to_compare() {
    let p = trfkit::read_path(
        &samples().join("duplicate-report/fires/graz-open.trf"),
        &ReadOptions::default(),
    )
    .unwrap();
    let refs = [ReportRef {
        file: "a.trf",
        parsed: &p,
        rating_type: None,
    }];
    let found = trfkit::find_across(&refs);
    assert_eq!(found.total(), 0);
    // The same report given twice is a duplicate of itself.
    let twice = [
        refs[0],
        ReportRef {
            file: "b.trf",
            ..refs[0]
        },
    ];
    let found = trfkit::find_across(&twice);
    assert_eq!(found.duplicate_of, [None, Some(0)]);
    assert!(found
        .findings
        .iter()
        .flatten()
        .all(|d| d.rule == "duplicate-report"));
}

#[test]
fn across_codes_are_registered_and_explained() {
    for meta in trfkit::all_rules().filter(|m| m.code.starts_with("TRF-A")) {
        let e = trfkit::all_rules()
            .find(|e| e.code == meta.code)
            .expect("registered");
        assert_eq!(e.name, meta.name);
        assert_eq!(e.category.as_str(), "across");
        assert!(meta.code.starts_with("TRF-A"));
        assert_eq!(
            meta.severity,
            trfkit::Severity::Warning,
            "{}: warns, never blocks",
            meta.name
        );
        for section in [
            "## What it checks",
            "## Why it matters",
            "## Example",
            "## Reference",
        ] {
            assert!(
                meta.explanation.contains(section),
                "{}: {section}",
                meta.name
            );
        }
        assert!(meta.consequence_source.contains("FIDE has not published"));
    }
}

/// Several players described differently by the same two reports: people
/// read one entry per pair of reports listing each player (ID, field, both
/// values, line); the JSON keeps one finding per player, as before.
#[test]
fn data_conflicts_of_one_pair_of_reports_are_one_entry_for_people() {
    let dir = samples().join("player-data-conflict/fires");
    let graz = std::fs::read_to_string(dir.join("graz-open.trf")).unwrap();
    // Lena Lang's line becomes David Dahl's (FIDE ID 1610004), with GER
    // where Graz says AUT.
    let linz = std::fs::read_to_string(dir.join("linz-june.trf"))
        .unwrap()
        .replace(
            "Lang, Lena                        2000 AUT     1610102 1981/02/02",
            "Dahl, David                       2280 GER     1610004 1973/04/04",
        );
    assert!(linz.contains("1610004"));
    let names = ["graz-open.trf".to_owned(), "linz-june.trf".to_owned()];
    let parsed = [trfkit::parse_str(&graz), trfkit::parse_str(&linz)];
    let opts = Options::default();
    let mut reports: Vec<CheckReport> = parsed.iter().map(|p| check(p, &opts)).collect();
    add_across(&names, &parsed, &mut reports, &opts);
    let human = trfkit::render::check_text(&names[0], &parsed[0], &reports[0]);
    let mine: Vec<&str> = human
        .lines()
        .filter(|l| l.contains("player-data-conflict"))
        .collect();
    insta::assert_snapshot!(mine.join("\n"));
    assert_eq!(mine.len(), 2, "the pair's entry and the two IDs: {human}");
    let json: serde_json::Value = serde_json::from_str(&trfkit::render::check_json(
        &names[0],
        &parsed[0],
        &reports[0],
    ))
    .unwrap();
    let messages: Vec<&str> = json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["rule"] == "player-data-conflict")
        .map(|d| d["message"].as_str().unwrap())
        .collect();
    assert_eq!(messages.len(), 3, "{messages:#?}");
    assert!(messages[0].starts_with("FIDE ID 1610002 (player `2`)"));
    assert!(messages[1].contains("two IDs for one person"));
    assert!(messages[2].starts_with("FIDE ID 1610004 (player `4`)"));
}

/// Two versions of one event (a corrected re-export beside the first):
/// one `event-versions` finding on each, naming the other and the rounds
/// whose results differ, and no clash of every player with himself.
#[test]
fn versions_of_one_event_are_one_finding_on_each() {
    let (names, _, reports, found) = check_set(&samples().join("event-versions/fires"));
    assert_eq!(found.duplicate_of, [None, None]);
    for (k, rep) in reports.iter().enumerate() {
        let mine: Vec<_> = rep
            .diagnostics
            .iter()
            .filter(|d| d.code.starts_with("TRF-A"))
            .collect();
        assert_eq!(mine.len(), 1, "{mine:#?}");
        assert_eq!(mine[0].rule, "event-versions");
        let other = &names[1 - k];
        assert!(
            mine[0].message.contains(&format!("`{other}`")),
            "{}",
            mine[0].message
        );
        assert!(
            mine[0].message.contains("upload only the corrected one"),
            "{}",
            mine[0].message
        );
    }
}

/// Two reports of one event holding the same games (a whole league beside
/// its November interim report): one `overlapping-reports` finding on
/// each, naming the other and the rounds rated twice, and no clash of every
/// player with himself; the interim reports `trf split` writes partition
/// the event and give nothing across them.
#[test]
fn overlapping_interim_reports_name_the_rounds_rated_twice() {
    let (names, _, reports, found) = check_set(&samples().join("overlapping-reports/fires"));
    assert_eq!(found.duplicate_of, [None, None]);
    for (k, rep) in reports.iter().enumerate() {
        let mine: Vec<_> = rep
            .diagnostics
            .iter()
            .filter(|d| d.code.starts_with("TRF-A"))
            .collect();
        assert_eq!(mine.len(), 1, "{mine:#?}");
        assert_eq!(mine[0].rule, "overlapping-reports");
        let other = &names[1 - k];
        assert!(
            mine[0].message.contains(&format!(
                "this report and `{other}` are reports of one event holding the same 12 games of rounds 3, 4:"
            )),
            "{}",
            mine[0].message
        );
    }
    let (_, _, reports, found) = check_set(&samples().join("overlapping-reports/ok"));
    assert_eq!(found.total(), 0);
    assert!(reports
        .iter()
        .all(|r| r.diagnostics.iter().all(|d| !d.code.starts_with("TRF-A"))));
}
