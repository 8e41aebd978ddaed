//! `trf period`: the worked examples of the rating-period specification
//! (§7 A–F) as hand-made reports `samples/hand/period-*.trf` (and the list
//! `samples/lists/period-players_list_foa_2025-03.txt`), the figures
//! asserted from the specification's own arithmetic, the outputs
//! snapshotted; the defaults printed; the CSV read back; and a period of
//! one report giving the figures of `trf rate` of that report.

mod common;

use common::trf;
use serde_json::Value;
use trfkit::Options;
use trfkit::ReadOptions;
use trfkit::{rate_checked, RateOptions};
use trfkit::{rate_period, PeriodOptions, PeriodReport};

/// `trf period --format json ARGS`.
fn period_json(args: &[&str]) -> Value {
    let mut all = vec!["period", "--format", "json"];
    all.extend_from_slice(args);
    let (code, out, err) = trf(&all);
    assert!(code == 0 || code == 1, "exit {code}: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"))
}

/// The player with this FIDE ID.
fn player(v: &Value, id: u64) -> &Value {
    v["players"]
        .as_array()
        .and_then(|ps| ps.iter().find(|p| p["fide_id"] == id))
        .unwrap_or_else(|| panic!("no player {id} in {v}"))
}

fn notes(v: &Value) -> Vec<String> {
    let mut all: Vec<String> = v["notes"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|n| n.as_str().map(str::to_owned))
        .collect();
    for p in v["players"].as_array().into_iter().flatten() {
        all.extend(
            p["notes"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|n| n.as_str().map(str::to_owned)),
        );
    }
    all
}

fn snapshot(name: &str, args: &[&str]) {
    let mut all = vec!["period"];
    all.extend_from_slice(args);
    let (_, out, err) = trf(&all);
    assert!(err.is_empty(), "{err}");
    insta::assert_snapshot!(name, out);
}

#[test]
fn example_a_rounds_once_and_prints_both() {
    let args = [
        "--period",
        "2025-04",
        "samples/hand/period-a-1.trf",
        "samples/hand/period-a-2.trf",
        "samples/hand/period-a-3.trf",
    ];
    let v = period_json(&args);
    assert_eq!(v["period"], "2025-04");
    assert_eq!(v["rating_type"], "standard");
    let a = player(&v, 2930001);
    // ΣΔR +0.70, +0.57, −0.09 with K 20: +14.00 +11.40 −1.80 = +23.60.
    assert_eq!(a["games"], 12);
    assert_eq!(
        (a["k"].clone(), a["k_before_cap"].clone()),
        (20.into(), 20.into())
    );
    assert_eq!(a["total_change"], 23.6);
    assert_eq!(a["rating_change"], 24);
    assert_eq!(a["per_event_change"], 23);
    assert_eq!(a["old_rating"], 1850);
    assert_eq!(a["new_rating"], 1874);
    assert_eq!(a["discriminating"], true);
    assert!(a["first_rating"].is_null());
    let sums: Vec<f64> = a["events"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|e| e["sum_delta"].as_f64())
        .collect();
    assert_eq!(sums, vec![0.7, 0.57, -0.09]);
    let rounded: Vec<i64> = a["events"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|e| e["rounded"].as_i64())
        .collect();
    assert_eq!(rounded, vec![14, 11, -2]);
    for r in v["reports"].as_array().into_iter().flatten() {
        assert_eq!(r["in_period"], true, "{r}");
        assert!(r["why"].is_null(), "{r}");
    }
    assert_eq!(v["findings"], serde_json::json!([]));
    snapshot("a_human", &args);
    let mut json = vec!["--format", "json"];
    json.extend_from_slice(&args);
    snapshot("a_json", &json);
}

#[test]
fn example_b_early_event_keeps_its_start_list_and_base_is_t_minus_1() {
    let list = "samples/lists/period-players_list_foa_2025-03.txt";
    let args = [
        "--period",
        "2025-04",
        "--rating-list",
        list,
        "samples/hand/period-b-x.trf",
        "samples/hand/period-b-y.trf",
    ];
    let v = period_json(&args);
    let b = player(&v, 2930002);
    let events = b["events"].as_array().cloned().unwrap_or_default();
    // X started under the February list: Ro 2105 from the report; Y under
    // March: the list's 2117.
    assert_eq!(events[0]["ro"], 2105);
    assert_eq!(events[0]["ro_source"], "report");
    assert_eq!(events[1]["ro"], 2117);
    assert_eq!(events[1]["ro_source"], "list");
    assert_eq!(events[0]["change"], 12.6);
    assert_eq!(events[1]["change"], 3.2);
    assert_eq!(b["total_change"], 15.8);
    assert_eq!(b["old_rating"], 2117);
    assert_eq!(b["k_source"], "list");
    assert_eq!(b["new_rating"], 2133);
    snapshot("b_human", &args);

    // The same list under a name that does not tell its month: taken as
    // t − 1, said, and the same figures.
    let dir = tempfile::tempdir().expect("temp dir");
    let renamed = dir.path().join("players_list_foa.txt");
    std::fs::copy(common::root().join(list), &renamed).expect("copy the list");
    let renamed = renamed.to_string_lossy().into_owned();
    let v = period_json(&[
        "--period",
        "2025-04",
        "--rating-list",
        &renamed,
        "samples/hand/period-b-x.trf",
        "samples/hand/period-b-y.trf",
    ]);
    assert_eq!(player(&v, 2930002)["new_rating"], 2133);
    assert!(notes(&v).iter().any(|n| n.contains(
        "nothing tells the month of `players_list_foa.txt`: in a period it is taken as the list before the period, the March 2025 list (t − 1)"
    )));

    // Without the list: the base is the latest event's Ro (2117 here),
    // said; K derived, said.
    let v = period_json(&[
        "--period",
        "2025-04",
        "samples/hand/period-b-x.trf",
        "samples/hand/period-b-y.trf",
    ]);
    let b = player(&v, 2930002);
    assert_eq!(b["new_rating"], 2133);
    assert_eq!(b["k_source"], "derived");
    let all = notes(&v);
    assert!(all.iter().any(|n| n.starts_with(
        "base: Ro of the latest-starting event: the March 2025 list (t − 1) was not given"
    )));
    assert!(all
        .iter()
        .any(|n| n.starts_with("K 20 as the rating pass works it out for the latest event")));
}

#[test]
fn example_c_caps_k_over_the_period() {
    let args = [
        "--period",
        "2025-04",
        "samples/hand/period-c-1.trf",
        "samples/hand/period-c-2.trf",
        "samples/hand/period-c-3.trf",
    ];
    let v = period_json(&args);
    let c = player(&v, 2930003);
    // 40 × 21 = 840 > 700 → 33 in all three events.
    assert_eq!(c["games"], 21);
    assert_eq!(c["k_before_cap"], 40);
    assert_eq!(c["k"], 33);
    let changes: Vec<f64> = c["events"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|e| e["change"].as_f64())
        .collect();
    assert_eq!(changes, vec![47.19, 58.74, 43.56]);
    // Each event alone rates with K 40 (no event reaches 18 games).
    let alone: Vec<i64> = c["events"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|e| e["rate_change"].as_i64())
        .collect();
    assert_eq!(alone, vec![57, 71, 53]);
    assert_eq!(c["total_change"], 149.49);
    assert_eq!(c["rating_change"], 149);
    assert_eq!(c["new_rating"], 1709);
    assert!(notes(&v)
        .iter()
        .any(|n| n.starts_with("K × n ≤ 700: 21 games in the period, so K 33 instead of 40")));
    let mut json = vec!["--format", "json"];
    json.extend_from_slice(&args);
    snapshot("c_json", &json);
}

#[test]
fn example_d_pools_a_newcomer() {
    // 2024: Ra = (11900 + 3600)/9 = 1722.22, p = 5/9 → .56, dp 43 → 1765.
    let v = period_json(&[
        "samples/hand/period-d-2024-p.trf",
        "samples/hand/period-d-2024-q.trf",
    ]);
    let d = player(&v, 2930004);
    assert_eq!(d["pool"]["games"], 7);
    assert_eq!(d["pool"]["score"], 4);
    assert_eq!(d["pool"]["ra"], 1722);
    assert_eq!(d["pool"]["p"], 56);
    assert_eq!(d["pool"]["dp"], 43);
    assert_eq!(d["first_rating"], 1765);
    assert!(d["old_rating"].is_null());
    // Event P alone: three games, nothing published.
    let v = period_json(&["samples/hand/period-d-2024-p.trf"]);
    let d = player(&v, 2930004);
    assert!(d["first_rating"].is_null());
    assert!(d["pool"]["outcome"]
        .as_str()
        .is_some_and(|o| o.starts_with("not published: 3 games; 5 are needed")));
    // 2022: Ra 1700, half a point above 50 % → +20.
    let args = [
        "samples/hand/period-d-2022-p.trf",
        "samples/hand/period-d-2022-q.trf",
    ];
    let v = period_json(&args);
    assert_eq!(v["period"], "2023-04");
    assert_eq!(player(&v, 2930005)["first_rating"], 1720);
    let mut json = vec!["--format", "json"];
    json.extend_from_slice(&args);
    snapshot("d_2022_json", &json);
}

#[test]
fn example_e_ties_go_away_from_zero() {
    let v = period_json(&["samples/hand/period-e-2024.trf"]);
    let e = player(&v, 2930006);
    assert_eq!(e["total_change"], -2.5);
    assert_eq!(e["rating_change"], -3);
    assert_eq!(e["new_rating"], 2497);
    // 2005: the same rounding as `trf rate`, with the half-up reading said.
    let v = period_json(&["samples/hand/period-e-2005.trf"]);
    assert_eq!(v["period"], "2006-04");
    let e = player(&v, 2930006);
    assert_eq!(e["rating_change"], -3);
    assert!(notes(&v)
        .iter()
        .any(|n| n.contains("which read as half up would give -2")));
    snapshot("e_2005_human", &["samples/hand/period-e-2005.trf"]);
}

/// Every default of the specification's §6.2 is printed when it is used.
#[test]
fn defaults_are_printed_when_used() {
    let v = period_json(&[
        "--period",
        "2024-03",
        "samples/hand/period-f-2024-02.trf",
        "samples/hand/period-a-1.trf",
    ]);
    let all = notes(&v);
    let has = |s: &str| all.iter().any(|n| n.contains(s));
    // 1. identity by FIDE ID, by name with a warning.
    assert!(has("players are matched across reports by FIDE ID"));
    assert!(has(
        "players without a FIDE ID are matched across reports by name only"
    ));
    // 2. start list, base t − 1, game- and period-level rules.
    assert!(has("come from the list in force at each event's start"));
    assert!(has("the base is the February 2024 list (t − 1)"));
    // 3. K from t − 1 and the cap from 2022.
    assert!(has(
        "K is the K published on the February 2024 list (t − 1), reduced so that K × n ≤ 700"
    ));
    // 4. one rounding, the per-event one beside it.
    assert!(has(
        "the period's change is rounded once, 0.5 away from zero"
    ));
    // 6. floors of the list date's edition.
    assert!(has(
        "floors and the first-rating conditions are those of the"
    ));
    // 7. the 2024 uplift never inside a period.
    assert!(has(
        "the one-off uplift of 1 March 2024 is never applied inside a period"
    ));
    // The March 2025 event is not finished by the March 2024 list.
    let late = &v["reports"][1];
    assert_eq!(late["in_period"], false);
    assert!(late["why"]
        .as_str()
        .is_some_and(|w| w.starts_with("forbidden: the event ended on 2025-03-05, after the closing date of the March 2024 list (2024-02-27)")));
    // 5. long events: one event with the ratings at its start, said.
    let v = period_json(&["samples/hand/verdict-league-163-days.trf"]);
    assert!(notes(&v)
        .iter()
        .any(|n| n.contains("the event lasts more than 30 days")));
}

#[test]
fn reports_out_of_the_period_say_why() {
    // Rated three lists after its end: forbidden (2024 art. 9.1); one list
    // late: a warning only.
    let v = period_json(&["--period", "2025-08", "samples/hand/period-a-1.trf"]);
    let r = &v["reports"][0];
    assert_eq!(r["in_period"], false);
    assert!(r["why"]
        .as_str()
        .is_some_and(|w| w.contains("not in time for the third list after its end (June 2025)")));
    let v = period_json(&["--period", "2025-05", "samples/hand/period-a-1.trf"]);
    let r = &v["reports"][0];
    assert_eq!(r["in_period"], true);
    assert!(r["why"]
        .as_str()
        .is_some_and(|w| w.starts_with("expected on the April 2025 list")));
    // Without --period each report goes to its expected list.
    let v = period_json(&[
        "samples/hand/period-a-1.trf",
        "samples/hand/period-a-2.trf",
        "samples/hand/period-d-2022-p.trf",
    ]);
    assert_eq!(v["period"], "2025-04");
    let r = &v["reports"][2];
    assert_eq!(r["in_period"], false);
    assert_eq!(
        r["why"],
        "expected on the April 2023 list: rated in that period, shown with the other lists"
    );
    // Another rating type.
    let v = period_json(&[
        "--list-type",
        "rapid",
        "samples/hand/period-a-1.trf",
        "samples/hand/rb-rapid-swiss-15-10.trf",
    ]);
    assert_eq!(v["rating_type"], "rapid");
    let whys: Vec<(bool, String)> = v["reports"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|r| {
            (
                r["in_period"] == true,
                r["why"].as_str().unwrap_or("").to_owned(),
            )
        })
        .collect();
    assert!(
        whys[0].1.starts_with("other rating type: standard"),
        "{whys:?}"
    );
    // Not rateable.
    let v = period_json(&["samples/hand/rate-not-rateable-2024-all-below-band.trf"]);
    let r = &v["reports"][0];
    assert_eq!(r["in_period"], false);
    assert!(r["why"]
        .as_str()
        .is_some_and(|w| w.starts_with("not rateable: ")));
    assert_eq!(v["players"], serde_json::json!([]));
}

/// The notes of a period after its first (the first says there was no
/// `--period` and which list this is).
fn notes_after_first(v: &Value) -> Vec<Value> {
    v["notes"]
        .as_array()
        .into_iter()
        .flatten()
        .skip(1)
        .cloned()
        .collect()
}

/// Without `--period`, reports expected on two lists: each list is rated
/// as its own period, exactly as `--period` of that month rates the
/// reports expected on it, in every format.
#[test]
fn without_period_each_expected_list_is_its_own_period() {
    let (a1, a2, d) = (
        "samples/hand/period-a-1.trf",
        "samples/hand/period-a-2.trf",
        "samples/hand/period-d-2022-p.trf",
    );
    let v = period_json(&[d, a1, a2]);
    // The top level is the list most reports are expected on.
    assert_eq!(v["period"], "2025-04");
    let others = v["other_periods"].as_array().expect("other_periods");
    assert_eq!(others.len(), 1, "{others:?}");
    let other = &others[0];
    assert_eq!(other["period"], "2023-04");
    assert!(other.get("other_periods").is_none(), "{other}");
    assert_eq!(other["reports"].as_array().map(Vec::len), Some(1));
    assert_eq!(other["reports"][0]["file"], d);
    assert_eq!(other["reports"][0]["in_period"], true);
    // Each period is --period of its month over its reports.
    let april = period_json(&["--period", "2025-04", a1, a2]);
    let march = period_json(&["--period", "2023-04", d]);
    assert!(april.get("other_periods").is_none(), "{april}");
    for (got, want) in [(&v, &april), (other, &march)] {
        assert_eq!(got["players"], want["players"]);
        assert_eq!(got["rating_type"], want["rating_type"]);
        assert_eq!(
            notes_after_first(got),
            want["notes"].as_array().cloned().unwrap_or_default()
        );
    }
    assert_eq!(other["reports"], march["reports"]);
    assert_eq!(
        v["reports"].as_array().map(|r| r[1..].to_vec()),
        april["reports"].as_array().cloned()
    );
    assert_eq!(v["reports"][0]["in_period"], false);
    assert!(player(&v, 2930001)["new_rating"].is_i64());
    assert!(player(other, 293000501)["new_rating"].is_i64());
    // Every report is ready and rated in a period: exit 0.
    let (code, _, err) = trf(&["period", d, a1, a2]);
    assert_eq!(code, 0, "{err}");
    // CSV: the rows of both periods, each with its month.
    let (_, out, _) = trf(&["period", "--format", "csv", d, a1, a2]);
    let mut rows = csv::Reader::from_reader(out.as_bytes());
    let periods: Vec<String> = rows
        .records()
        .map(|r| r.expect("row")[0].to_owned())
        .collect();
    let rows_of = |p: &Value| {
        p["players"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|p| p["events"].as_array().map_or(0, Vec::len))
            .sum::<usize>()
    };
    assert_eq!(
        periods.iter().filter(|p| *p == "2025-04").count(),
        rows_of(&april)
    );
    assert_eq!(
        periods.iter().filter(|p| *p == "2023-04").count(),
        rows_of(&march)
    );
    assert_eq!(periods.len(), rows_of(&april) + rows_of(&march));
    // Human: one section per list, saying which.
    let (_, out, _) = trf(&["period", d, a1, a2]);
    let main = out
        .find("== The 2025-04 list: the list most reports are expected on (1 other list below) ==")
        .expect(&out);
    let second = out
        .find("== The 2023-04 list: the reports expected on it ==")
        .expect(&out);
    assert!(main < second, "{out}");
    assert!(out[second..].contains("Period:      2023-04"), "{out}");
    assert!(out[second..].contains("293000501"), "{out}");
    // With --period, or with every report on one list: one section, no
    // other periods to show.
    let (_, out, _) = trf(&["period", a1, a2]);
    assert!(!out.contains("== The"), "{out}");
    assert_eq!(
        period_json(&[a1, a2])["other_periods"],
        serde_json::json!([])
    );
}

/// A duplicate report (found by the cross-report checks) is counted once.
#[test]
fn a_duplicate_is_counted_once() {
    let parsed = trfkit::read_path(
        &common::root().join("samples/hand/period-a-1.trf"),
        &ReadOptions::default(),
    )
    .expect("read");
    let reports = [
        PeriodReport {
            file: "a.trf",
            parsed: &parsed,
            duplicate_of: None,
        },
        PeriodReport {
            file: "copy-of-a.trf",
            parsed: &parsed,
            duplicate_of: Some(0),
        },
    ];
    let s = rate_period(&reports, &PeriodOptions::default());
    assert!(s.reports[0].in_period);
    assert!(!s.reports[1].in_period);
    assert_eq!(
        s.reports[1].why.as_deref(),
        Some("duplicate of a.trf: the same event is counted once")
    );
    let alex = s
        .players
        .iter()
        .find(|p| p.fide_id == Some(2930001))
        .expect("Alex");
    assert_eq!((alex.games, alex.events.len()), (5, 1));
}

#[test]
fn the_command_finds_duplicates_clashes_and_conflicts_across_reports() {
    // A re-export of one event under another name: counted once, and the
    // finding names both files.
    let v = period_json(&["samples/across/duplicate-report/fires"]);
    let reports = v["reports"].as_array().expect("reports");
    assert_eq!(reports.len(), 2);
    assert_eq!(
        reports.iter().filter(|r| r["in_period"] == true).count(),
        1,
        "{reports:?}"
    );
    let findings = v["findings"].as_array().expect("findings");
    assert!(
        findings
            .iter()
            .any(|f| f["rule"] == "duplicate-report" && f["files"].as_array().unwrap().len() == 1),
        "{findings:?}"
    );
    // A player with games on the same day in two events.
    let v = period_json(&["samples/across/player-in-simultaneous-events/fires"]);
    assert!(v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .any(|f| f["rule"] == "player-in-simultaneous-events"));
    // A league on other days: nothing across the reports.
    let v = period_json(&["samples/across/player-in-simultaneous-events/ok"]);
    assert_eq!(v["findings"], serde_json::json!([]));
    // One FIDE ID with other data in another report.
    let v = period_json(&["samples/across/player-data-conflict/fires"]);
    assert!(v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .any(|f| f["rule"] == "player-data-conflict"));
}

#[test]
fn csv_reads_back_one_row_per_player_and_event() {
    let (_, out, err) = trf(&[
        "period",
        "--format",
        "csv",
        "--period",
        "2025-04",
        "samples/hand/period-a-1.trf",
        "samples/hand/period-a-2.trf",
        "samples/hand/period-a-3.trf",
    ]);
    assert!(err.is_empty(), "{err}");
    let mut reader = csv::Reader::from_reader(out.as_bytes());
    let header = reader.headers().expect("header").clone();
    let col = |name: &str| {
        header
            .iter()
            .position(|h| h == name)
            .unwrap_or_else(|| panic!("no column {name}"))
    };
    let rows: Vec<csv::StringRecord> = reader.records().map(|r| r.expect("row")).collect();
    let alex: Vec<&csv::StringRecord> = rows
        .iter()
        .filter(|r| &r[col("fide_id")] == "2930001")
        .collect();
    assert_eq!(alex.len(), 3);
    for r in &alex {
        // The period's columns repeated on every row of the player.
        assert_eq!(&r[col("period")], "2025-04");
        assert_eq!(&r[col("total_change")], "23.60");
        assert_eq!(&r[col("rating_change")], "24");
        assert_eq!(&r[col("new_rating")], "1874");
        assert_eq!(&r[col("discriminating")], "true");
    }
    let events: Vec<&str> = alex.iter().map(|r| &r[col("event_rounded")]).collect();
    assert_eq!(events, vec!["14", "11", "-2"]);
    // The opponents' ratings used, in the order of the rounds.
    let mut opponents: Vec<&str> = alex[0][col("opponents")].split(' ').collect();
    opponents.sort_unstable();
    assert_eq!(opponents, vec!["1750", "1800", "1900", "1950", "2000"]);
    // Every row has every column.
    assert!(rows.iter().all(|r| r.len() == header.len()));
}

/// A period of one report gives the figures of `trf rate` of that report.
#[test]
fn a_period_of_one_report_is_rate() {
    for path in [
        "samples/hand/rate-2024-example-a.trf",
        "samples/hand/rate-2022-example-a.trf",
        "samples/hand/swiss-utf8-lf.trf",
        "samples/hand/rr-2005-worked-example.trf",
        "samples/hand/rate-2024-match-decided.trf",
        "samples/hand/rate-2024-k-cap-double-rr.trf",
        "samples/hand/rate-2024-swiss-unrated.trf",
        "samples/hand/trf26-individual.trf",
        "samples/hand/rb-rapid-swiss-15-10.trf",
        "samples/hand/rb-blitz-3-2.trf",
        "samples/real/chessfy-example1.trf",
        "samples/hand/period-e-2005.trf",
    ] {
        let parsed = trfkit::read_path(&common::root().join(path), &ReadOptions::default())
            .unwrap_or_else(|e| panic!("{path}: {e}"));
        let rate = rate_checked(&parsed, &Options::default(), &RateOptions::default()).summary;
        let s = rate_period(
            &[PeriodReport {
                file: path,
                parsed: &parsed,
                duplicate_of: None,
            }],
            &PeriodOptions::default(),
        );
        assert!(s.reports[0].in_period, "{path}: {:?}", s.reports[0].why);
        assert!(!rate.players.is_empty(), "{path}");
        let mut compared = 0;
        for r in &rate.players {
            let Some(p) = s.players.iter().find(|p| match r.fide_id {
                Some(id) => p.fide_id == Some(id),
                None => p.fide_id.is_none() && p.name == r.name,
            }) else {
                panic!("{path}: {} missing from the period", r.name);
            };
            if r.rated {
                assert_eq!(p.rating_change, r.change, "{path} {}", r.name);
                assert_eq!(p.new_rating, r.new_rating, "{path} {}", r.name);
                assert_eq!(p.k, r.k, "{path} {}", r.name);
                assert_eq!(p.total_change, r.raw_change, "{path} {}", r.name);
                assert_eq!(p.games, r.games, "{path} {}", r.name);
                assert!(!p.discriminating, "{path} {}", r.name);
            } else {
                let pool = p.pool.as_ref().expect("an unrated player's pool");
                if r.outcome != Some(trfkit::UnratedOutcome::NotCounted) {
                    assert_eq!(pool.ru, r.ru, "{path} {}", r.name);
                    assert_eq!(
                        p.first_rating.is_some(),
                        r.outcome == Some(trfkit::UnratedOutcome::Published),
                        "{path} {}",
                        r.name
                    );
                }
            }
            compared += 1;
        }
        assert_eq!(compared, rate.players.len(), "{path}");
    }
}

#[test]
fn bad_period_is_a_usage_error() {
    let (code, _, err) = trf(&[
        "period",
        "--period",
        "2025-13",
        "samples/hand/period-a-1.trf",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("expected YYYY-MM"), "{err}");
}

/// `trf rate` with a list: Ro and the opponents' ratings are the list's
/// when it is the list in force at the start (issue: FIDE rates from its
/// own list); a list of another month only cross-checks.
#[test]
fn rate_takes_ro_from_the_list_in_force() {
    let list = "samples/lists/period-players_list_foa_2025-03.txt";
    let dir = tempfile::tempdir().expect("temp dir");
    // Event Y with the arbiter's stale 2100 for the player the list has at 2117.
    let text = std::fs::read_to_string(common::root().join("samples/hand/period-b-y.trf"))
        .expect("read the sample");
    let stale = text.replacen(
        "Period, Bea                       2117",
        "Period, Bea                       2100",
        1,
    );
    assert_ne!(stale, text);
    let y = dir.path().join("y.trf");
    std::fs::write(&y, stale).expect("write");
    let y = y.to_string_lossy().into_owned();
    let rate = |args: &[&str]| -> Value {
        let mut all = vec!["rate", "--format", "json"];
        all.extend_from_slice(args);
        let (_, out, err) = trf(&all);
        serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"))
    };
    let v = rate(&["--rating-list", list, &y]);
    assert!(v["ratings_source"].as_str().is_some_and(|s| s.contains(
        "the standard ratings of `period-players_list_foa_2025-03.txt`, the March 2025 list, in force when the event started on 2025-03-14"
    ) && s.contains("1 of them differs from the list")), "{}", v["ratings_source"]);
    let bea = &v["players"][0];
    assert_eq!(bea["ro"], 2117);
    assert!(bea["notes"]
        .as_array()
        .into_iter()
        .flatten()
        .any(|n| n == "Ro 2117, the list's standard rating, is used; the report gives 2100 (the arbiter's copy)"));
    // The same figures as the report with the list's rating.
    let fixed = rate(&["samples/hand/period-b-y.trf"]);
    assert_eq!(bea["change"], fixed["players"][0]["change"]);
    // Without a list: said.
    assert!(fixed["ratings_source"]
        .as_str()
        .is_some_and(|s| s.contains("the report's (columns 49-52): no rating list was given")));
    // A February event checked against the March list: the report's.
    let v = rate(&["--rating-list", list, "samples/hand/period-b-x.trf"]);
    assert!(v["ratings_source"].as_str().is_some_and(|s| s.contains(
        "is the March 2025 list, but the event started on 2025-02-26 under the February 2025 list"
    )));
    assert_eq!(v["players"][0]["ro"], 2105);
    assert_eq!(v["players"][0]["k_source"], "derived");
}

/// The notes of the player with this FIDE ID.
fn player_notes(v: &Value, id: u64) -> Vec<String> {
    player(v, id)["notes"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|n| n.as_str().map(str::to_owned))
        .collect()
}

/// Example B's March list rewritten as the February list (the list in
/// force at event X's start), with Bea's February rating and this K.
fn february_list(dir: &std::path::Path, k: &str) -> String {
    let text = std::fs::read_to_string(
        common::root().join("samples/lists/period-players_list_foa_2025-03.txt"),
    )
    .expect("read the list");
    let feb = text.replacen("2117  3   20 ", &format!("2105  3   {k:<3}"), 1);
    assert_ne!(feb, text);
    let path = dir.join("players_list_foa_2025-02.txt");
    std::fs::write(&path, feb).expect("write the list");
    path.to_string_lossy().into_owned()
}

/// K comes from list t − 1 for every event (2024 art. 7.1.2); where the
/// start list given shows another K, the player's notes warn; where no
/// start list is given for an early event, they say what cannot be
/// compared; events under list t − 1 need no word.
#[test]
fn k_at_the_start_against_the_list_before_the_period() {
    let dir = tempfile::tempdir().expect("temp dir");
    let events = ["samples/hand/period-b-x.trf", "samples/hand/period-b-y.trf"];
    let run = |list: &str, extra: &[&str]| {
        let mut args = vec!["--period", "2025-04", "--rating-list", list];
        args.extend_from_slice(extra);
        args.extend_from_slice(&events);
        period_json(&args)
    };
    // The February list gives K 40 at X's start; the period applies 20.
    let v = run(&february_list(dir.path(), "40"), &[]);
    let bea = player_notes(&v, 2930002);
    assert!(bea.iter().any(|n| n.starts_with(
        "K at the start differs: samples/hand/period-b-x.trf started under the February 2025 list, which gives K 40; the period applies K 20 (worked out by trfkit"
    ) && n.contains("FIDE Rating Regulations 2024 art. 7.1.2")), "{bea:?}");
    assert_eq!(player(&v, 2930002)["k"], 20);
    // The same with the K given for t − 1.
    let v = run(&february_list(dir.path(), "40"), &["--k", "2930002=10"]);
    assert!(player_notes(&v, 2930002)
        .iter()
        .any(|n| n.contains("which gives K 40; the period applies K 10 (given with --k)")));
    // The February list agrees with the K applied: no word.
    let v = run(&february_list(dir.path(), "20"), &[]);
    assert!(
        !player_notes(&v, 2930002)
            .iter()
            .any(|n| n.starts_with("K at the start")),
        "{:?}",
        player_notes(&v, 2930002)
    );
    // Only list t − 1: X's start list is not given, said.
    let v = run("samples/lists/period-players_list_foa_2025-03.txt", &[]);
    assert!(player_notes(&v, 2930002).iter().any(|n| n.starts_with(
        "K at the start not compared: started under a list before the March 2025 list (t − 1): samples/hand/period-b-x.trf (the February 2025 list); only the March 2025 list was given"
    )));
    // Every event under list t − 1: nothing to compare.
    let v = period_json(&[
        "--period",
        "2025-04",
        "samples/hand/period-a-1.trf",
        "samples/hand/period-a-2.trf",
        "samples/hand/period-a-3.trf",
    ]);
    assert!(!notes(&v).iter().any(|n| n.starts_with("K at the start")));
}

/// `--base FIDE_ID=RATING`: the change is added to the rating given, said
/// in the player's notes and `base_source`; a base for nobody, or for a
/// player unrated throughout, is said and not used.
#[test]
fn a_base_given_replaces_the_list_before_the_period() {
    let list = "samples/lists/period-players_list_foa_2025-03.txt";
    let events = ["samples/hand/period-b-x.trf", "samples/hand/period-b-y.trf"];
    let mut args = vec!["--period", "2025-04", "--rating-list", list];
    args.extend_from_slice(&events);
    // Without it: the list's 2117.
    let v = period_json(&args);
    let bea = player(&v, 2930002);
    assert_eq!(bea["old_rating"], 2117);
    assert_eq!(bea["base_source"], "the March 2025 list (t − 1)");
    assert!(!notes(&v).iter().any(|n| n.contains("--base")));
    // With it: 2118 + 16.
    args.extend_from_slice(&["--base", "2930002=2118", "--base", "2930999=1500"]);
    let v = period_json(&args);
    let bea = player(&v, 2930002);
    assert_eq!(bea["old_rating"], 2118);
    assert_eq!(bea["base_source"], "given with --base");
    assert_eq!(bea["rating_change"], 16);
    assert_eq!(bea["new_rating"], 2134);
    assert!(player_notes(&v, 2930002).iter().any(|n| n
        == "base 2118 given with --base, instead of the March 2025 list's 2117 (t − 1): FIDE's starting rating is sometimes not the rating on the list before the period, which trfkit cannot tell"));
    // The others keep the list.
    assert_eq!(player(&v, 293000201)["old_rating"], 2230);
    assert!(notes(&v)
        .iter()
        .any(|n| n
            == "--base given for FIDE ID 2930999, who plays in no report of the period: not used"));
    // Without the list, the base replaces the latest event's Ro.
    let v = period_json(&[
        "--period",
        "2025-04",
        "--base",
        "2930002=2118",
        events[0],
        events[1],
    ]);
    assert!(player_notes(&v, 2930002).iter().any(|n| n.starts_with(
        "base 2118 given with --base, instead of Ro 2117 of the latest-starting event (the March 2025 list, t − 1, was not given)"
    )));
    assert!(!player_notes(&v, 2930002)
        .iter()
        .any(|n| n.starts_with("base: Ro of the latest-starting event")));
    // An unrated player: no base to add to.
    let v = period_json(&[
        "--base",
        "2930004=1500",
        "samples/hand/period-d-2024-p.trf",
        "samples/hand/period-d-2024-q.trf",
    ]);
    let d = player(&v, 2930004);
    assert!(d["old_rating"].is_null());
    assert!(player_notes(&v, 2930004).iter().any(|n| n
        .starts_with("--base 1500 not used: the player is unrated in every event of the period")));
    // A bad value is a usage error.
    let (code, _, err) = trf(&["period", "--base", "2930002", events[0]]);
    assert_eq!(code, 2);
    assert!(err.contains("expected FIDE_ID=RATING"), "{err}");
}

/// A long event (round dates over 30 days, here January to March 2025):
/// the round dated under the list given takes that list's ratings (the
/// player's and the opponent's), the others keep the ratings at the
/// start, said; without that list nothing changes.
#[test]
fn a_long_event_rates_its_rounds_with_the_list_of_their_date() {
    const LONG: &str = "012 Period long event
022 London
032 ENG
042 2025/01/10
052 2025/03/10
062 6
072 6
092 Team league, individual games
102 Arbiter, Ann (2930100)
122 90 min + 30 s per move
132                                                                                        25/01/10  25/02/10  25/03/10
001    1 w    Period, Bea                       2100 ENG     2930002 1990/01/01  1.5    3     2 w =     3 w 1     4 b 0
001    2 m    Abel, Aon                         2200 ENG   293000201 1990/01/01  2.0    1     1 b =     5 w 1     6 w =
001    3 m    Berg, Ban                         2050 ENG   293000202 1990/01/01  1.0    5     4 w 1     1 b 0     5 b 0
001    4 m    Carr, Con                         2150 ENG   293000203 1990/01/01  2.0    2     3 b 0     6 w 1     1 w 1
001    5 m    Dahl, Dan                         2150 ENG   293000204 1990/01/01  1.5    4     6 w =     2 b 0     3 w 1
001    6 m    Eden, Eon                         1990 ENG   293000205 1990/01/01  1.0    6     5 b =     4 b 0     2 b =
";
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("long.trf");
    std::fs::write(&path, LONG).expect("write");
    let path = path.to_string_lossy().into_owned();
    let list = "samples/lists/period-players_list_foa_2025-03.txt";
    let event = |v: &Value| player(v, 2930002)["events"][0].clone();
    let long_note = |v: &Value| {
        notes(v)
            .into_iter()
            .find(|n| {
                n.contains(
                    "the event lasts more than 30 days (rounds from 2025-01-10 to 2025-03-10",
                )
            })
            .unwrap_or_else(|| panic!("no long-event note: {:?}", notes(v)))
    };
    // Round 3 (10 March) under the March list: Bea 2117 against Carr's
    // 2160 (D −43, PD .44) instead of 2100 against 2150 (D −50, .43).
    let v = period_json(&["--period", "2025-04", "--rating-list", list, &path]);
    let e = event(&v);
    assert_eq!(e["opponents"], serde_json::json!([2200, 2050, 2160]));
    assert_eq!(e["sum_delta"], 0.13);
    assert_eq!(e["change"], 2.6);
    // `rate` of the report alone keeps the report's ratings.
    assert_eq!(e["rate_change"], 3);
    let n = long_note(&v);
    assert!(n.contains("round 3 from the March 2025 list given"), "{n}");
    assert!(n.contains("round 2 under the February 2025 list keep the ratings at its start: those lists were not given (one --rating-list is one month)"), "{n}");
    // Without a list: the ratings at the start for every round, said.
    let v = period_json(&["--period", "2025-04", &path]);
    let e = event(&v);
    assert_eq!(e["opponents"], serde_json::json!([2200, 2050, 2150]));
    assert_eq!(e["sum_delta"], 0.14);
    let n = long_note(&v);
    assert!(n.contains("round 2 under the February 2025 list, round 3 under the March 2025 list keep the ratings at its start"), "{n}");

    // `trf rate` of the long event with the March list does the same for
    // round 3 (issue 41): ΣΔR as the period's, K × ΣΔR and the change
    // computed again, the ratings line and a note say it.
    let rate = |args: &[&str]| -> Value {
        let mut all = vec!["rate", "--format", "json"];
        all.extend_from_slice(args);
        let (code, out, err) = trf(&all);
        assert!(code == 0 || code == 1, "exit {code}: {err}");
        serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"))
    };
    let v = rate(&["--rating-list", list, &path]);
    let row = |v: &Value, id: u64| -> Value {
        v["players"]
            .as_array()
            .and_then(|ps| ps.iter().find(|p| p["fide_id"] == id))
            .cloned()
            .unwrap_or_else(|| panic!("no player {id} in {v}"))
    };
    assert_eq!(row(&v, 2930002)["w_minus_we"], 0.13);
    // Berg: −0.15 at the start's ratings, −0.19 with round 3's: K 20 gives −3.8, −4.
    assert_eq!(row(&v, 293000202)["w_minus_we"], -0.19);
    assert_eq!(row(&v, 293000202)["change"], -4);
    assert_eq!(row(&v, 293000202)["new_rating"], 2046);
    let said = v["notes"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .any(|n| n.contains("round 3 from the March 2025 list given"));
    assert!(said, "{v}");
    assert!(v["ratings_source"].as_str().is_some_and(
        |s| s.contains("except in the rounds of this long event dated under the list given")
    ));
    // Without the list, `rate` keeps the report's ratings and says nothing new.
    let v = rate(&[&path]);
    assert_eq!(row(&v, 2930002)["w_minus_we"], 0.14);
    assert_eq!(row(&v, 293000202)["change"], -3);
    assert!(!v.to_string().contains("lasts more than 30 days"), "{v}");
}

/// `--registrations`: the JSON of `check`, `rate` and `period` says, per
/// report, which row gave its registration facts or that the file does not
/// name it and the flags apply (stderr says the latter too); without the
/// file the field is absent. `period` applies the rows.
#[test]
fn registrations_fallback_is_said_in_the_json() {
    let dir = tempfile::tempdir().expect("temp dir");
    let regs = dir.path().join("regs.csv");
    // Registered after the start: FIDE does not rate it.
    std::fs::write(&regs, "file,registered_on\nperiod-a-1.trf,2025-03-30\n").expect("write");
    let regs = regs.to_string_lossy().into_owned();
    let (a1, a2) = ("samples/hand/period-a-1.trf", "samples/hand/period-a-2.trf");
    let named = format!("line 2 of {regs}");
    let fallback = format!("not in {regs}: the command-line registration flags apply");

    let (_, out, err) = trf(&[
        "check",
        "--format",
        "json",
        "--registrations",
        &regs,
        a1,
        a2,
    ]);
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(lines[0]["registration_source"], named.as_str());
    assert_eq!(lines[0]["verdict"], "not-rateable");
    assert_eq!(lines[1]["registration_source"], fallback.as_str());
    assert!(err.contains(&format!("trf: {a2}: {fallback}")), "{err}");
    let (_, out, _) = trf(&["check", "--format", "json", a1]);
    let v: Value = serde_json::from_str(out.trim()).expect("JSON");
    assert!(v.get("registration_source").is_none(), "{v}");

    let (_, out, _) = trf(&["rate", "--format", "json", "--registrations", &regs, a2]);
    let v: Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["registration_source"], fallback.as_str());
    assert!(v["notes"]
        .as_array()
        .into_iter()
        .flatten()
        .any(|n| n.as_str() == Some(&format!("registration facts: {fallback}"))));
    let (_, out, _) = trf(&["rate", "--format", "json", a2]);
    let v: Value = serde_json::from_str(&out).expect("JSON");
    assert!(v.get("registration_source").is_none());

    let (_, out, err) = trf(&[
        "period",
        "--format",
        "json",
        "--period",
        "2025-04",
        "--registrations",
        &regs,
        a1,
        a2,
    ]);
    let v: Value = serde_json::from_str(&out).expect("JSON");
    let r = &v["reports"];
    assert_eq!(r[0]["registration_source"], named.as_str());
    assert_eq!(r[0]["in_period"], false);
    assert!(r[0]["why"]
        .as_str()
        .is_some_and(|w| w.starts_with("not rateable: ")));
    assert_eq!(r[1]["registration_source"], fallback.as_str());
    assert_eq!(r[1]["in_period"], true);
    assert!(err.contains(&format!("trf: {a2}: {fallback}")), "{err}");
    let v = period_json(&["--period", "2025-04", a1, a2]);
    assert!(v["reports"][0].get("registration_source").is_none());
    assert_eq!(v["reports"][0]["in_period"], true);
}

#[test]
fn explain_period_gives_the_method_and_every_reading() {
    let (code, out, _) = trf(&["explain", "period"]);
    assert_eq!(code, 0);
    for topic in ["## The period", "## K", "## The base", "## Unrated players"] {
        assert!(out.contains(topic), "{topic}");
    }
    assert!(out.contains("Reading (FIDE has not published this)"));
    assert!(!out.contains(".md") && !out.contains("(?)"));
    let (code, out, _) = trf(&["explain", "period", "--format", "json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["topic"], "period");
    assert!(v["steps"].as_array().unwrap().len() >= 6);
}

/// A report the period cannot place is in no period (FIDE rates an event
/// on the list its end date and its rate of play decide: B.02 2024 art.
/// 7.1.3, 9.1 and 1.1): no date, or a rate of play that tells no list, is
/// never "rated as standard", and none of its games reach a player's
/// figures. The same report with its dates and time control is rated; one
/// whose time control is missing is rated once the officer gives its type.
#[test]
fn a_report_the_period_cannot_place_is_in_no_period() {
    let dir = tempfile::tempdir().unwrap();
    let base = std::fs::read_to_string(common::root().join("samples/hand/period-a-1.trf")).unwrap();
    let without = |prefixes: &[&str]| -> String {
        base.lines()
            .filter(|l| !prefixes.iter().any(|p| l.starts_with(p)))
            .map(|l| format!("{l}\n"))
            .collect()
    };
    let write = |name: &str, text: String| {
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        p.to_string_lossy().into_owned()
    };
    // A real wording: an 8 min + 3 s open whose arbiter wrote no dates.
    let blitz_no_dates = write(
        "no-dates.trf",
        without(&["042", "052", "132", "122"]) + "122 8 min + 3 sec/move\n",
    );
    let no_control = write("no-control.trf", without(&["122"]));
    let whole = write("whole.trf", base.clone());
    for period in [vec!["--period", "2025-04"], vec![]] {
        let mut args = period.clone();
        args.extend([blitz_no_dates.as_str(), no_control.as_str()]);
        let v = period_json(&args);
        for r in v["reports"].as_array().unwrap() {
            assert_eq!(r["in_period"], false, "{r}");
        }
        let why = |k: usize| v["reports"][k]["why"].as_str().unwrap_or("").to_owned();
        assert!(why(0).starts_with("no start or end date"), "{}", why(0));
        assert!(why(0).contains("art. 7.1.3"), "{}", why(0));
        assert!(
            why(1).starts_with("its rate of play tells no list"),
            "{}",
            why(1)
        );
        assert!(why(1).contains("never standard by default"), "{}", why(1));
        assert_eq!(v["players"], serde_json::json!([]), "{v}");
    }
    // The near misses: the whole report is rated; the one without a time
    // control is rated once its type is given.
    let v = period_json(&["--period", "2025-04", &whole]);
    assert_eq!(v["reports"][0]["in_period"], true);
    assert!(v["reports"][0]["why"].is_null(), "{v}");
    let v = period_json(&[
        "--period",
        "2025-04",
        "--rating-type",
        "standard",
        &no_control,
    ]);
    assert_eq!(v["reports"][0]["in_period"], true, "{v}");
    assert_eq!(v["players"].as_array().map(Vec::len), Some(6));
}

/// A report rated on a list after its expected one says how many lists
/// late it is and FIDE's limit; one rated on an earlier list says it is
/// earlier than expected, never "a late upload".
#[test]
fn late_and_early_uploads_are_said_as_such() {
    let v = period_json(&["--period", "2025-06", "samples/hand/period-a-1.trf"]);
    let why = v["reports"][0]["why"].as_str().unwrap_or("").to_owned();
    assert!(why.contains("a late upload, 2 lists late"), "{why}");
    assert!(
        why.contains("third list after its end is not rated"),
        "{why}"
    );
    let v = period_json(&["--period", "2025-05", "samples/hand/period-a-1.trf"]);
    let why = v["reports"][0]["why"].as_str().unwrap_or("").to_owned();
    assert!(why.contains("a late upload, 1 list late"), "{why}");
    let v = period_json(&["--period", "2025-03", "samples/hand/period-a-1.trf"]);
    let why = v["reports"][0]["why"].as_str().unwrap_or("").to_owned();
    assert!(!why.contains("late upload"), "{why}");
    assert!(
        why.contains("earlier than expected") || why.starts_with("forbidden"),
        "{why}"
    );
}

/// What `period` prints for people is short: the reports named without
/// the folder they share, and the findings across reports one line per
/// rule and pair of reports (the JSON keeps every finding and path).
#[test]
fn the_period_for_people_is_short() {
    let (_, out, err) = trf(&[
        "period",
        "--period",
        "2024-07",
        "samples/across/player-data-conflict/fires",
    ]);
    assert!(err.is_empty() || !err.contains("panicked"), "{err}");
    assert!(out.contains("graz-open.trf"), "{out}");
    assert!(!out.contains("samples/across/"), "{out}");
    let v = period_json(&[
        "--period",
        "2024-07",
        "samples/across/player-data-conflict/fires",
    ]);
    let findings = v["findings"].as_array().map_or(0, Vec::len);
    let section = out.split("Findings across reports\n").nth(1).unwrap_or("");
    let lines = section.lines().take_while(|l| l.starts_with("  ")).count();
    assert!(
        findings > lines || findings <= 1,
        "{findings} findings, {lines} lines:\n{section}"
    );
    assert!(lines >= 1, "{out}");
    if findings > lines {
        assert!(section.contains("more finding"), "{section}");
    }
    // The JSON names the reports as given.
    assert!(v["reports"][0]["file"]
        .as_str()
        .is_some_and(|f| f.starts_with("samples/across/")));
}

/// `--published`: the list FIDE published at the end of the period beside
/// the period's figures (issue 41, item 3). Six players of two events
/// (`samples/lists/period-published_list_foa_2025-04.txt`): one as computed,
/// four whose difference has a cause trfkit can tell (a corrected base,
/// each event rounded alone, games of a report not given, another K) and
/// one unexplained. Without the flag, no field of it appears.
#[test]
fn the_published_list_is_compared_and_its_differences_explained() {
    let args = [
        "--period",
        "2025-04",
        "--rating-list",
        "samples/lists/period-players_list_foa_2025-03.txt",
        "--published",
        "samples/lists/period-published_list_foa_2025-04.txt",
        "samples/hand/period-b-x.trf",
        "samples/hand/period-b-y.trf",
    ];
    let v = period_json(&args);
    assert_eq!(
        v["published_summary"],
        serde_json::json!({"list": "period-published_list_foa_2025-04.txt", "list_period": "2025-04", "exact": 1, "differ": 5, "missing": 0})
    );
    let abel = player(&v, 293000201);
    assert_eq!(abel["published_rating"], 2209);
    assert_eq!(abel["published_games"], 8);
    assert_eq!(abel["published_k"], 20);
    assert_eq!(abel["matches_published"], true);
    assert!(abel.get("published_differences").is_none());
    let cause = |id: u64| -> String {
        let p = player(&v, id);
        assert_eq!(p["matches_published"], false, "{p}");
        p["published_differences"][0]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    };
    assert!(cause(2930002).starts_with("a base FIDE corrected: the published 2121 is 2105"));
    assert!(cause(293000202).starts_with("each event rounded alone"));
    assert!(cause(293000203)
        .starts_with("FIDE counted 3 more games than the reports given hold (11, not 8): a report not among those given"));
    assert!(cause(293000204).starts_with("another K: with K 40"));
    assert_eq!(cause(293000205), "unexplained");
    // Text: the players who differ, each with its cause.
    let mut text = vec!["period"];
    text.extend_from_slice(&args);
    let (_, out, _) = trf(&text);
    assert!(out.contains("Published list `period-published_list_foa_2025-04.txt` (2025-04): 1 exact, 5 differ, 0 missing"), "{out}");
    assert!(
        out.contains("Players the published list gives otherwise (5)"),
        "{out}"
    );
    assert!(out.contains("  Eden, Eon (293000205): computed 1991 in 5 games; published 1995 in 5 games, K 20\n    - unexplained\n"), "{out}");
    // CSV: five columns at the end.
    let mut csv = vec!["period", "--format", "csv"];
    csv.extend_from_slice(&args);
    let (_, out, _) = trf(&csv);
    let header = out.lines().next().unwrap_or_default();
    assert!(header.ends_with(",rate_change,ru,published_rating,published_games,published_k,matches_published,published_differences"), "{header}");
    assert!(
        out.lines()
            .any(|l| l.starts_with("2025-04,293000205,")
                && l.ends_with(",1995,5,20,false,unexplained")),
        "{out}"
    );
    // Without --published: nothing of it.
    let v = period_json(
        &args[..4]
            .iter()
            .chain(&args[6..])
            .copied()
            .collect::<Vec<_>>(),
    );
    assert!(v.get("published_summary").is_none());
    assert!(player(&v, 293000201).get("published_rating").is_none());
}
