//! `trf check --format sarif|github`: SARIF valid against the published
//! 2.1.0 schema (kept in `tests/schemas/`, read offline), positions in
//! characters, and GitHub annotations escaped and capped as GitHub caps them.

mod common;

use common::{root, trf};
use serde_json::Value;

fn sarif(args: &[&str]) -> Value {
    let mut all = vec!["check", "--format", "sarif"];
    all.extend_from_slice(args);
    let (_, out, err) = trf(&all);
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"))
}

/// The published schema's `language` patterns have a `]` outside any
/// class. ECMAScript, the dialect JSON Schema patterns are written in,
/// reads it as a literal `]`; Rust's regex engines refuse it, and the
/// validator checks the schema's own patterns. It is escaped here, which
/// keeps ECMAScript's meaning; the file itself stays as published.
const LANGUAGE_PATTERN: (&str, &str) = (
    r#""^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$""#,
    r#""^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}\\]?$""#,
);

fn validate(log: &Value) {
    let errors = schema_errors(log);
    assert!(errors.is_empty(), "SARIF invalid:\n{}", errors.join("\n"));
}

fn schema_errors(log: &Value) -> Vec<String> {
    let published =
        std::fs::read_to_string(root().join("tests/schemas/sarif-schema-2.1.0.json")).unwrap();
    // `run.language` and `toolComponent.language`.
    assert_eq!(published.matches(LANGUAGE_PATTERN.0).count(), 2);
    let mut schema: Value =
        serde_json::from_str(&published.replace(LANGUAGE_PATTERN.0, LANGUAGE_PATTERN.1)).unwrap();
    // This copy keeps the log's own schema under `definitions.Root`, and
    // nothing at the top level points to it: without the reference every
    // document would pass.
    assert!(schema["definitions"]["Root"].is_object());
    schema["$ref"] = "#/definitions/Root".into();
    let validator = jsonschema::validator_for(&schema).expect("the schema compiles offline");
    validator
        .iter_errors(log)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect()
}

#[test]
fn sarif_of_several_files_is_one_valid_run() {
    let log = sarif(&[
        "samples/hand/malformed-syntax.trf",
        "samples/hand/swiss-cp1252-crlf.trf",
        "samples/hand/version-diff-2008.trf",
    ]);
    validate(&log);
    // The schema does reject what SARIF does not allow.
    let mut bad = log.clone();
    bad["runs"][0]["results"][0]["level"] = "fatal".into();
    bad["runs"][0]["columnKind"] = "bytes".into();
    assert_eq!(schema_errors(&bad).len(), 2, "{:?}", schema_errors(&bad));
    let runs = log["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 1);
    let run = &runs[0];
    assert_eq!(run["columnKind"], "unicodeCodePoints");
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    // Every rule of `trf rules`, with its consequence and category.
    let (_, listed, _) = trf(&["rules", "--format", "json"]);
    let listed: Vec<Value> = serde_json::from_str(&listed).unwrap();
    assert_eq!(rules.len(), listed.len());
    for (r, l) in rules.iter().zip(&listed) {
        assert_eq!(r["id"], l["code"]);
        assert_eq!(r["name"], l["rule"]);
        assert_eq!(r["shortDescription"]["text"], l["summary"]);
        let markdown: Vec<&str> = l["explanation"]
            .as_str()
            .unwrap()
            .lines()
            .map(|l| l.strip_prefix(' ').unwrap_or(l))
            .collect();
        assert_eq!(r["help"]["markdown"], markdown.join("\n"));
        assert!(r["properties"]["consequence"].is_string());
        assert_eq!(r["properties"]["category"], l["category"]);
    }
    let results = run["results"].as_array().unwrap();
    let files: std::collections::BTreeSet<&str> = results
        .iter()
        .map(|r| {
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                .as_str()
                .unwrap()
        })
        .collect();
    assert!(
        files.contains("samples/hand/malformed-syntax.trf"),
        "{files:?}"
    );
    assert!(
        files.contains("samples/hand/version-diff-2008.trf"),
        "{files:?}"
    );
    for r in results {
        let i = r["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(rules[i]["id"], r["ruleId"]);
        assert!(["error", "warning", "note"].contains(&r["level"].as_str().unwrap()));
        assert!(r["properties"]["consequence"].is_string());
    }
}

#[test]
fn sarif_results_match_the_json_positions() {
    let file = "samples/hand/malformed-syntax.trf";
    let log = sarif(&[file]);
    validate(&log);
    let (_, json, _) = trf(&["check", "--format", "json", file]);
    let json: Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    let diags = json["diagnostics"].as_array().unwrap();
    let results = log["runs"][0]["results"].as_array().unwrap();
    assert_eq!(results.len(), diags.len());
    let mut located = 0;
    for (r, d) in results.iter().zip(diags) {
        assert_eq!(r["ruleId"], d["code"]);
        assert_eq!(r["message"]["text"], d["message"]);
        assert_eq!(r["properties"]["consequence"], d["consequence"]);
        let level = match d["severity"].as_str().unwrap() {
            "advice" => "note",
            s => s,
        };
        assert_eq!(r["level"], level);
        let region = &r["locations"][0]["physicalLocation"]["region"];
        if d["line"].is_null() {
            assert!(region.is_null());
            continue;
        }
        located += 1;
        assert_eq!(region["startLine"], d["line"]);
        assert_eq!(region["startColumn"], d["column"]);
        // SARIF's end is the column after the last character; JSON's is the last.
        let end = region["endColumn"].as_u64().unwrap();
        let last = d["end_column"].as_u64().unwrap();
        let start = d["column"].as_u64().unwrap();
        assert!(
            end == last + 1 || (end == start && last == start),
            "{r} {d}"
        );
    }
    assert!(located > 3);
}

#[test]
fn sarif_columns_count_characters_not_bytes() {
    // Names with accents before the finding's columns: a byte count would
    // put the column later than the character count.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("accents.trf");
    let text = "012 Öpen\n042 2024/05/04\n\
001    1 m    Ñúñez, Jösé                       1850 ESP     1234567 1990/01/01  1.0    1     2 w 1\n\
001    2 m    Roe, Richard                      18OO ENG     2345678 1992/05/03  0.0    2     1 b 0\n";
    std::fs::write(&path, text).unwrap();
    let log = sarif(&[path.to_str().unwrap()]);
    validate(&log);
    let results = log["runs"][0]["results"].as_array().unwrap();
    let rating = results
        .iter()
        .find(|r| r["locations"][0]["physicalLocation"]["region"]["startLine"] == 4)
        .expect("a finding on line 4");
    let region = &rating["locations"][0]["physicalLocation"]["region"];
    assert_eq!(region["startColumn"], 49, "{rating}");
    assert_eq!(region["endColumn"], 53, "{rating}");
    // On the line with accents, columns still count characters.
    let (_, json, _) = trf(&["check", "--format", "json", path.to_str().unwrap()]);
    assert!(json.contains("\"column\":49"), "{json}");
}

#[test]
fn github_annotations_are_escaped_and_located() {
    let (_, out, _) = trf(&[
        "check",
        "--format",
        "github",
        "samples/hand/malformed-syntax.trf",
    ]);
    let lines: Vec<&str> = out.lines().collect();
    assert!(!lines.is_empty());
    let first = lines
        .iter()
        .find(|l| l.contains(",line="))
        .expect("a located annotation");
    assert!(
        first.starts_with("::error file=samples/hand/malformed-syntax.trf,line=")
            || first.starts_with("::warning file=samples/hand/malformed-syntax.trf,line=")
            || first.starts_with("::notice file=samples/hand/malformed-syntax.trf,line="),
        "{first}"
    );
    for l in lines.iter().filter(|l| l.starts_with("::")) {
        let (props, message) = l[2..].split_once("::").expect("command::message");
        assert!(!message.contains('\n') && !message.contains('\r'));
        let props = props.split_once(' ').unwrap().1;
        for p in props.split(',') {
            let (k, v) = p.split_once('=').expect("key=value");
            assert!(
                ["file", "line", "col", "endLine", "endColumn", "title"].contains(&k),
                "{p}"
            );
            assert!(!v.contains(':'), "unescaped colon in {p}");
        }
        assert!(props.contains("title=TRF-"), "{l}");
    }
    // Help on its own line, escaped.
    assert!(out.contains("%0Ahelp: "), "{out}");
}

#[test]
fn github_annotations_are_capped_per_level_with_the_rest_counted() {
    // Many findings: every sample folder at once.
    let (_, out, _) = trf(&[
        "check",
        "--format",
        "github",
        "samples/rules",
        "samples/hand",
    ]);
    let count = |level: &str| out.lines().filter(|l| l.starts_with(level)).count();
    assert_eq!(count("::error "), 10, "{out}");
    assert!(count("::warning ") <= 10);
    assert!(count("::notice ") <= 10);
    let last = out.lines().last().unwrap();
    assert!(
        last.starts_with("trf: ") && last.contains("more findings not annotated"),
        "{last}"
    );
    let (_, json, _) = trf(&["check", "--format", "json", "samples/rules", "samples/hand"]);
    let total: usize = json
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["diagnostics"]
                .as_array()
                .unwrap()
                .len()
        })
        .sum();
    let shown = count("::error ") + count("::warning ") + count("::notice ");
    let rest: usize = last
        .trim_start_matches("trf: ")
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(shown + rest, total);
}

#[test]
fn an_unreadable_file_is_a_tool_notification_of_an_unsuccessful_run() {
    // An empty file is not a report: no rule judged it, so it is no
    // result, but the log must still say the run did not check it.
    let dir = tempfile::tempdir().expect("tempdir");
    let empty = dir.path().join("empty.trf");
    std::fs::write(&empty, b"").expect("write");
    let empty = empty.to_string_lossy().into_owned();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_trf"))
        .args([
            "check",
            "--format",
            "sarif",
            "samples/hand/swiss-utf8-lf.trf",
            &empty,
        ])
        .current_dir(root())
        .output()
        .expect("run trf");
    assert_eq!(out.status.code(), Some(2), "an unreadable file exits 2");
    let log: Value = serde_json::from_slice(&out.stdout).expect("SARIF");
    validate(&log);
    let inv = &log["runs"][0]["invocations"][0];
    assert_eq!(inv["executionSuccessful"], false);
    let n = &inv["toolExecutionNotifications"][0];
    assert_eq!(n["level"], "error");
    assert!(
        n["message"]["text"]
            .as_str()
            .is_some_and(|t| t.contains("empty.trf")),
        "{n}"
    );
    // The readable report's findings are still there.
    assert!(log["runs"][0]["artifacts"]
        .as_array()
        .is_some_and(|a| a.len() == 1));
}
