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
        "expected on the April 2023 list: rated in that period (run with --period 2023-04)"
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
