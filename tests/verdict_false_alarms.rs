//! Reports that an earlier version called "NOT rateable" although FIDE
//! rates them, or told the arbiter to make them worse: each sample is one
//! pattern a rating officer met, with the verdict an officer would give and
//! snapshots of the human and JSON output of `trf check`.

mod common;

use common::trf;
use serde_json::Value;

/// `trf check` of a sample: exit code, human output, and the JSON object.
fn check(sample: &str) -> (i32, String, Value) {
    let path = format!("samples/hand/{sample}.trf");
    let (code, human, _) = trf(&["check", &path]);
    let (json_code, json, _) = trf(&["check", "--format", "json", &path]);
    assert_eq!(
        code, json_code,
        "{sample}: exit codes of human and JSON differ"
    );
    let v: Value = serde_json::from_str(&json).expect("one JSON object");
    (code, human, v)
}

/// The rules that fired, in output order.
fn rules(v: &Value) -> Vec<String> {
    v["diagnostics"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|d| d["rule"].as_str().unwrap_or("").to_owned())
        .collect()
}

fn snapshots(sample: &str, human: &str, v: &Value) {
    insta::assert_snapshot!(format!("{sample}__human"), human);
    insta::assert_json_snapshot!(format!("{sample}__json"), v);
}

#[test]
fn a_count_followed_by_a_note_is_read_and_the_report_is_ready() {
    // `062 6 (one withdrew, then came back)`: the number is 6, the note is
    // the arbiter's; it used to be an error that alone flipped the verdict.
    let (code, human, v) = check("verdict-count-with-note");
    assert_eq!(v["verdict"], "ready");
    assert_eq!(v["rateable"], true);
    assert_eq!(v["rating_type"], "standard");
    assert_eq!(code, 0);
    assert!(rules(&v).is_empty(), "{:?}", rules(&v));
    let parsed = trfkit::read_path(
        &common::root().join("samples/hand/verdict-count-with-note.trf"),
        &Default::default(),
    )
    .expect("read");
    assert_eq!(
        parsed.tournament.header.declared_players.map(|c| c.value),
        Some(6)
    );
    snapshots("verdict-count-with-note", &human, &v);
}

#[test]
fn an_empty_city_is_fixed_before_upload_not_a_refusal() {
    let (code, human, v) = check("verdict-empty-city");
    assert_eq!(v["verdict"], "fix-before-upload");
    assert_eq!(v["rateable"], false);
    assert_eq!(code, 1);
    assert_eq!(rules(&v), ["missing-record"]);
    assert_eq!(v["diagnostics"][0]["consequence"], "fix-before-upload");
    assert_eq!(v["consequences"]["event-not-rated"], 0);
    snapshots("verdict-empty-city", &human, &v);
}

#[test]
fn a_league_is_exempt_from_the_duration_limit() {
    // 10 January to 20 June 2012: 163 days under the 2009 text, whose
    // 90-day limit exempts leagues; `092` declares one.
    let (code, human, v) = check("verdict-league-163-days");
    assert_eq!(v["regulations"], "2009");
    assert_eq!(v["verdict"], "ready");
    assert_eq!(code, 0);
    assert!(!rules(&v).contains(&"tournament-too-long".to_owned()));
    snapshots("verdict-league-163-days", &human, &v);

    // The same event without the league declaration is reported (as a
    // warning that does not block: FIDE's consequence is not published).
    let text =
        std::fs::read_to_string(common::root().join("samples/hand/verdict-league-163-days.trf"))
            .expect("sample")
            .replace(
                "092 Oberliga Nord, team league; individual games reported",
                "092 Individual: Swiss-System",
            );
    let parsed = trfkit::parse_str(&text);
    let report = trfkit::check(&parsed, &Default::default());
    let long: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.rule == "tournament-too-long")
        .collect();
    assert_eq!(long.len(), 1, "{:#?}", report.diagnostics);
    assert!(long[0].message.contains("163 days"), "{}", long[0].message);
    assert_eq!(long[0].consequence, trfkit::Consequence::Info);
    assert_eq!(report.verdict, trfkit::Verdict::Ready);
}

#[test]
fn an_unrecorded_half_point_bye_is_named_not_taken_away() {
    // Player 4 has `0000 -` with no result letter in round 2 and 1.0 in the
    // points column: a draw (0.5) plus a half-point bye (0.5). The fix is
    // the letter `H` in column 109, not lowering the points to 0.5.
    let (code, human, v) = check("verdict-unrecorded-half-bye");
    assert_eq!(v["verdict"], "fix-before-upload");
    assert_eq!(code, 1);
    let d = v["diagnostics"]
        .as_array()
        .and_then(|a| a.iter().find(|d| d["rule"] == "points-mismatch"))
        .expect("points-mismatch");
    let message = d["message"].as_str().unwrap_or("");
    let help = d["help"].as_str().unwrap_or("");
    assert!(
        message.contains("round 2 (column 109) has no result"),
        "{message}"
    );
    assert!(message.contains("half-point bye"), "{message}");
    assert!(
        help.contains("`0000 - H`") && help.contains("keep `1.0`"),
        "{help}"
    );
    snapshots("verdict-unrecorded-half-bye", &human, &v);
}
