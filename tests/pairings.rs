//! `trf pairings` (issue 42): each round of a Swiss re-paired with the FIDE
//! (Dutch) system (of 2026, or of 2016/17 for events under it) and compared
//! with the report's pairing.
//!
//! The differential fixtures of `tests/fixtures/pairings/`: tournaments
//! made by bbpPairings v6.0.0's random tournament generator (each round is
//! bbpPairings' own pairing of it, so a checker that agrees finds nothing),
//! some of them with two pairings of one round exchanged by hand
//! (`altered-*`), with forbidden pairs (`XXP`, `xxp-*`), acceleration
//! (`XXA`, `xxa-*`) or the initial colour Black (`XXC black1`, `black1-*`)
//! added, and positions where an earlier version of the engine differed
//! (`c9-*`, the PAB's player by [C9]); beside
//! each, `NAME.bbp.txt` holds what `bbpPairings.exe --dutch NAME.trf -c`
//! printed (its rounds with a "Checker pairings" table are those it finds
//! different). trfkit must give the same verdict on every round, without
//! bbpPairings installed. `d17/` holds the same for the 2016/17 rules, with
//! bbpPairings v5.0.1's answers.

mod common;

use common::{root, trf};
use std::collections::BTreeSet;

/// The rounds bbpPairings' checker found different, from its output.
fn bbp_differing(text: &str) -> BTreeSet<u64> {
    let mut out = BTreeSet::new();
    let mut round = 0;
    for line in text.lines() {
        if let Some(i) = line.rfind("Round #") {
            round = line[i + 7..].trim().parse().unwrap();
        } else if line.contains("Checker pairings") || line.contains("No valid pairing") {
            out.insert(round);
        }
    }
    out
}

/// Every fixture of `dir`: the same verdict as bbpPairings on every round,
/// under the edition whose name holds `edition`. Returns the rounds and the
/// rounds that differ.
fn same_verdicts(dir: &str, edition: &str) -> (usize, usize) {
    let dir = root().join(dir);
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    names.sort();
    assert!(names.len() >= 20, "{}", names.len());
    let (mut rounds, mut differing) = (0, 0);
    for path in &names {
        let bbp = std::fs::read_to_string(path.with_extension("bbp.txt")).unwrap();
        let expected = bbp_differing(&bbp);
        let p = path.to_string_lossy().into_owned();
        let (code, out, err) = trf(&["pairings", "--format", "json", &p]);
        let v: serde_json::Value =
            serde_json::from_str(&out).unwrap_or_else(|e| panic!("{p}: {e}: {err}"));
        assert_eq!(v["system"], "dutch");
        assert!(v["edition"].as_str().unwrap().contains(edition), "{v}");
        let got: BTreeSet<u64> = v["rounds"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| r["same"] == false)
            .map(|r| r["round"].as_u64().unwrap())
            .collect();
        assert_eq!(got, expected, "{p}: rounds that differ");
        assert_eq!(code, if expected.is_empty() { 0 } else { 1 }, "{p}");
        rounds += v["rounds"].as_array().unwrap().len();
        differing += got.len();
    }
    (rounds, differing)
}

/// Every fixture of the 2026 rules: the same verdict as bbpPairings v6.0.0
/// on every round.
#[test]
fn every_round_of_the_fixtures_gets_bbppairings_verdict() {
    let (rounds, differing) = same_verdicts("tests/fixtures/pairings", "2026");
    assert!(
        differing > 0 && rounds > 150,
        "{rounds} rounds, {differing} differing"
    );
}

/// Every fixture of the 2016/17 rules: the same verdict as bbpPairings
/// v5.0.1 on every round.
#[test]
fn every_round_of_the_2017_fixtures_gets_bbppairings_verdict() {
    let (rounds, differing) = same_verdicts("tests/fixtures/pairings/d17", "2016/17");
    assert!(
        differing > 30 && rounds > 200,
        "{rounds} rounds, {differing} differing"
    );
}

/// A differing round names the checker's pairs beside the report's, and
/// the criterion that decides.
#[test]
fn a_round_paired_otherwise_is_shown_beside_the_checkers() {
    let p = root().join("tests/fixtures/pairings/altered-01-p12-r9.trf");
    let (code, out, _) = trf(&["pairings", &p.to_string_lossy()]);
    assert_eq!(code, 1);
    assert!(out.contains("Round 4: differs (to review)"), "{out}");
    assert!(
        out.contains("  5 - 3                  5 - 2, 1 - 3"),
        "{out}"
    );
    assert!(
        out.contains("deciding: [C1] the report pairs two players who have already met"),
        "{out}"
    );
    assert!(out.contains("2026 edition"), "{out}");
}

/// What cannot be re-paired exits 2 and says why: a round robin, and a
/// Swiss that started before the 2016/17 rules came into force.
#[test]
fn reports_that_cannot_be_repaired_say_why() {
    let rr = root().join("samples/hand/rr-2005-worked-example.trf");
    let (code, _, err) = trf(&["pairings", &rr.to_string_lossy()]);
    assert_eq!(code, 2);
    assert!(
        err.contains("not re-paired: not a Swiss tournament"),
        "{err}"
    );
    let dir = tempfile::tempdir().unwrap();
    let old = dir.path().join("old.trf");
    let src =
        std::fs::read_to_string(root().join("tests/fixtures/pairings/bbp-01-p9-r5.trf")).unwrap();
    std::fs::write(
        &old,
        src.replace("092 FIDE_DUTCH_2025", "042 2016/03/01\r092 Swiss Dutch"),
    )
    .unwrap();
    let (code, out, _) = trf(&["pairings", "--format", "json", &old.to_string_lossy()]);
    assert_eq!(code, 2);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(
        v["error"].as_str().unwrap().contains("before 1 July 2017"),
        "{v}"
    );
}

/// The edition: a system code naming one wins over the date; else the
/// start date chooses (2016/17 until 31 January 2026).
#[test]
fn the_edition_is_the_codes_else_the_start_dates() {
    let src =
        std::fs::read_to_string(root().join("tests/fixtures/pairings/bbp-01-p9-r5.trf")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    for (header, edition) in [
        ("042 2025/03/01\r092 Swiss Dutch", "2016/17"),
        ("042 2026/02/01\r092 Swiss Dutch", "2026"),
        ("042 2025/03/01\r092 FIDE_DUTCH_2026", "2026"),
        ("042 2026/03/01\r192 FIDE_DUTCH_2017", "2016/17"),
        ("192 FIDE_DUTCH_2017", "2016/17"),
    ] {
        let f = dir.path().join("t.trf");
        std::fs::write(&f, src.replace("092 FIDE_DUTCH_2025", header)).unwrap();
        let (code, out, err) = trf(&["pairings", "--format", "json", &f.to_string_lossy()]);
        assert!(code < 2, "{header}: {err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert!(
            v["edition"].as_str().unwrap().contains(edition),
            "{header}: {v}"
        );
    }
}
