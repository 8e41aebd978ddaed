//! `trf split --by-period` (issue 41, item 1): a long event's report as one
//! report per rating period, each holding only the rounds that period
//! rates (FIDE Rating Regulations 2024 art. 4; the Qualification
//! Commission, September 2026: "if you submit a file for round 1-2 in
//! September, only submit results for rounds 3-6 in October").

mod common;

use common::{root, trf};
use trfkit::model::RoundResult;
use trfkit::{check, parse_str, Options, Verdict};

const LEAGUE: &str = "samples/split/league-sep-nov.trf";

/// Splits `file` into a fresh folder; the folder and the command's result.
fn split(file: &str, extra: &[&str]) -> (tempfile::TempDir, (i32, String, String)) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_string_lossy().into_owned();
    let mut args = vec!["split", "--by-period", file, "-o", out.as_str()];
    args.extend_from_slice(extra);
    let r = trf(&args);
    (dir, r)
}

fn read(path: &std::path::Path) -> trfkit::Parsed {
    parse_str(&std::fs::read_to_string(path).unwrap())
}

/// Rounds of September, October and November make three parts, one per
/// list (October, November, December 2025: each the list after the month
/// of play, art. 9.1), whose games partition the event's: every round
/// entry of the event is in exactly one part, as it was, and the other
/// parts leave it unpaired.
#[test]
fn an_event_of_three_months_is_three_reports_whose_games_partition_it() {
    let (dir, (code, out, err)) = split(LEAGUE, &[]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("3 parts by rating period"), "{out}");
    let names = [
        "league-sep-nov.list-2025-10.trf",
        "league-sep-nov.list-2025-11.trf",
        "league-sep-nov.list-2025-12.trf",
    ];
    let whole = read(&root().join(LEAGUE));
    let parts: Vec<trfkit::Parsed> = names.iter().map(|n| read(&dir.path().join(n))).collect();
    let rounds = usize::from(whole.tournament.rounds);
    for (i, p) in whole.tournament.players.iter().enumerate() {
        for r in 0..rounds {
            let entry = p.rounds.entry(r).unwrap();
            let holding: Vec<usize> = parts
                .iter()
                .enumerate()
                .filter(|(_, part)| {
                    part.tournament.players[i]
                        .rounds
                        .entry(r)
                        .is_some_and(|e| e.result != RoundResult::NotPaired)
                })
                .map(|(k, _)| k)
                .collect();
            assert_eq!(holding, vec![r / 2], "player {i} round {}", r + 1);
            assert_eq!(
                parts[r / 2].tournament.players[i].rounds.entry(r),
                Some(entry)
            );
        }
    }
    // Each part is a report FIDE accepts as it is: ready, its points the
    // sum of its results, its dates its rounds'.
    for (part, name) in parts.iter().zip(names) {
        let rep = check(part, &Options::default());
        assert_eq!(
            rep.verdict,
            Verdict::Ready,
            "{name}: {:#?}",
            rep.diagnostics
        );
        assert!(
            !rep.diagnostics
                .iter()
                .any(|d| d.rule == "unfinished-games" || d.rule == "points-mismatch"),
            "{name}"
        );
    }
    assert_eq!(
        parts[1].tournament.start_date().unwrap().to_string(),
        "2025-10-04"
    );
    assert_eq!(
        parts[1].tournament.end_date().unwrap().to_string(),
        "2025-10-18"
    );
    // The period places each part on its own list.
    let folder = dir.path().to_string_lossy().into_owned();
    let (_, period, _) = trf(&["period", "--format", "json", &folder]);
    for name in names {
        assert!(period.contains(name), "{period}");
    }
}

/// A round without a date cannot be placed in a period: nothing is split,
/// and the rounds to date are named.
#[test]
fn a_round_without_a_date_splits_nothing_and_is_named() {
    let text = std::fs::read_to_string(root().join(LEAGUE)).unwrap();
    let undated = text.replace("25/10/18", "        ");
    let src = tempfile::tempdir().unwrap();
    let file = src.path().join("league.trf");
    std::fs::write(&file, undated).unwrap();
    let (dir, (code, _, err)) = split(&file.to_string_lossy(), &[]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("round 4 has no readable date in record 132"),
        "{err}"
    );
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

/// A part that exists is refused without `--force` and left byte for
/// byte; with `--force` every part is written.
#[test]
fn an_existing_part_is_kept_without_force() {
    let (dir, (code, _, _)) = split(LEAGUE, &[]);
    assert_eq!(code, 0);
    let first = dir.path().join("league-sep-nov.list-2025-10.trf");
    std::fs::write(&first, "kept\n").unwrap();
    let out = dir.path().to_string_lossy().into_owned();
    let (code, _, err) = trf(&["split", "--by-period", LEAGUE, "-o", &out]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("exists"), "{err}");
    assert_eq!(std::fs::read_to_string(&first).unwrap(), "kept\n");
    let (code, _, err) = trf(&["split", "--by-period", LEAGUE, "-o", &out, "--force"]);
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::read_to_string(&first).unwrap().starts_with("012 "));
}

/// The JSON names each part's file, list, rounds and dates, and the
/// readings taken where FIDE's texts are silent.
#[test]
fn json_gives_each_part_and_the_readings() {
    let (_dir, (code, out, _)) = split(LEAGUE, &["--format", "json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let parts = v["parts"].as_array().unwrap();
    assert_eq!(parts.len(), 3);
    assert_eq!(parts[0]["list"], "2025-10");
    assert_eq!(parts[2]["rounds"], serde_json::json!([5, 6]));
    assert_eq!(parts[0]["first"], "2025-09-06");
    assert!(v["readings"][0]
        .as_str()
        .unwrap()
        .starts_with("FIDE has not published"));
}

/// `trf explain split` quotes what FIDE's texts say and what they leave
/// open.
#[test]
fn explain_split_says_what_fide_says_and_leaves_open() {
    let (code, out, _) = trf(&["explain", "split"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("only submit results for rounds 3-6 in October"),
        "{out}"
    );
    assert!(
        out.contains("FIDE has not published how an interim report"),
        "{out}"
    );
}
