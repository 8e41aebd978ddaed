//! The verdict on reports that looked rateable and were not (issue 9): an
//! online platform's export, a file written before round 1, a template's
//! placeholder in `122`, club codes in the federation column, national
//! ratings in the FIDE column. For each, `trf check` must give FIDE's
//! verdict and name the rules that decide it; the human and JSON outputs
//! are snapshotted.

mod common;

use common::trf;
use std::collections::BTreeSet;

/// What `trf check --format json` said about one file: the verdict, and the
/// rules whose findings decide it (`event-not-rated`, `fix-before-upload`).
struct Verdict {
    verdict: String,
    deciding: BTreeSet<String>,
    json: serde_json::Value,
}

/// Runs `trf check` on a sample with `extra` arguments, in JSON and in
/// human form (plain text, as when piped), and snapshots both.
fn check(sample: &str, extra: &[&str]) -> Verdict {
    let path = format!("samples/hand/{sample}.trf");
    let mut args = vec!["check", path.as_str(), "--format", "json"];
    args.extend_from_slice(extra);
    let (code, out, err) = trf(&args);
    assert_eq!(
        code, 1,
        "{sample}: the verdict is not `ready`, so the exit code is 1\n{out}{err}"
    );
    let json: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
    let deciding = json["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .filter(|d| {
            matches!(
                d["consequence"].as_str(),
                Some("event-not-rated" | "fix-before-upload")
            )
        })
        .filter_map(|d| d["rule"].as_str().map(str::to_owned))
        .collect();
    let mut human_args = vec!["check", path.as_str(), "--width", "100"];
    human_args.extend_from_slice(extra);
    let (_, human, _) = trf(&human_args);
    let name = if extra.is_empty() {
        sample.to_owned()
    } else {
        format!("{sample}{}", extra.join("_"))
    };
    insta::assert_snapshot!(format!("{name}_human"), human);
    insta::assert_json_snapshot!(format!("{name}_json"), json);
    Verdict {
        verdict: json["verdict"].as_str().unwrap_or("").to_owned(),
        deciding,
        json,
    }
}

fn set(rules: &[&str]) -> BTreeSet<String> {
    rules.iter().map(|r| (*r).to_owned()).collect()
}

/// Whether a rule gave a finding with this consequence.
fn fired(v: &Verdict, rule: &str, consequence: &str) -> bool {
    v.json["diagnostics"]
        .as_array()
        .into_iter()
        .flatten()
        .any(|d| d["rule"] == rule && d["consequence"] == consequence)
}

#[test]
fn online_platform_export_is_not_rated() {
    let v = check("verdict-online-export", &[]);
    assert_eq!(v.verdict, "not-rateable");
    assert_eq!(
        v.deciding,
        set(&["online-event", "unknown-federation", "missing-fide-id"])
    );
    assert!(fired(&v, "online-event", "event-not-rated"));
}

#[test]
fn approved_hybrid_event_is_rated_like_otb_once_the_data_is_complete() {
    let v = check("verdict-online-export", &["--hybrid-approved"]);
    assert_eq!(v.verdict, "fix-before-upload");
    assert!(fired(&v, "online-event", "info"));
    assert!(!v.deciding.contains("online-event"));
}

#[test]
fn file_written_before_round_1_is_not_rated() {
    let v = check("verdict-before-round-1", &[]);
    assert_eq!(v.verdict, "not-rateable");
    assert_eq!(v.deciding, set(&["no-rated-games"]));
}

#[test]
fn template_placeholder_in_122_must_be_fixed() {
    let v = check("verdict-template-122", &[]);
    assert_eq!(v.verdict, "fix-before-upload");
    assert_eq!(v.deciding, set(&["time-control-unparsed"]));
}

#[test]
fn club_codes_in_the_federation_column_must_be_fixed() {
    // `SKB` and `SVG` are club codes of players who have FIDE IDs: FIDE
    // lists them under the federation of its own records (TRF16: "warning
    // if wrong"), a cosmetic warning. `LCC` is the club of a new player
    // without an ID, whose ID only their federation can create: that must
    // be fixed, as must the missing ID itself.
    let v = check("verdict-club-federations", &[]);
    assert_eq!(v.verdict, "fix-before-upload");
    assert_eq!(v.deciding, set(&["unknown-federation", "missing-fide-id"]));
    let federation = |code: &str| {
        v.json["diagnostics"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|d| {
                d["rule"] == "unknown-federation"
                    && d["message"]
                        .as_str()
                        .is_some_and(|m| m.contains(&format!("`{code}`")))
            })
            .map(|d| d["consequence"].as_str().unwrap_or("").to_owned())
    };
    assert_eq!(federation("SKB").as_deref(), Some("cosmetic"));
    assert_eq!(federation("SVG").as_deref(), Some("cosmetic"));
    assert_eq!(federation("LCC").as_deref(), Some("fix-before-upload"));
}

/// National ratings below FIDE's floor in the FIDE column: FIDE rates from
/// its own list and has not published what it does with such a value (the
/// TRF16 description marks the rating "warning if wrong"), so the finding
/// warns, says so, and does not stop the upload.
#[test]
fn national_ratings_below_the_floor_warn() {
    let path = "samples/hand/verdict-national-ratings.trf";
    let (code, out, err) = trf(&["check", path, "--format", "json"]);
    assert_eq!(code, 0, "{out}{err}");
    let json: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
    assert_eq!(json["verdict"], "ready");
    let floor: Vec<&serde_json::Value> = json["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .filter(|d| d["rule"] == "rating-below-floor")
        .collect();
    assert_eq!(floor.len(), 1);
    assert_eq!(floor[0]["consequence"], "cosmetic");
    assert_eq!(floor[0]["severity"], "warning");
    let help = floor[0]["help"].as_str().unwrap();
    assert!(
        help.contains("FIDE has not published what it does with such a value"),
        "{help}"
    );
    let (_, human, _) = trf(&["check", path, "--width", "100"]);
    insta::assert_snapshot!("verdict-national-ratings_human", human);
    insta::assert_json_snapshot!("verdict-national-ratings_json", json);
}
