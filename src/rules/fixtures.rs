//! The validation rules against their fixtures, and the registry against
//! its conventions.
//!
//! `samples/rules/<rule-name>/` holds hand-made reports: `fires*.trf` must
//! give at least one finding of that rule, `ok*.trf` (near misses) none.
//! Each file runs through that rule alone and its findings are snapshotted
//! twice: as plain text and through miette's graphical handler (80 columns,
//! unicode, no colour), so a change in wording or in the columns a label
//! points at shows up in review.
//!
//! Rating-list rules need a list: a fixture runs against `<stem>.list.txt`
//! beside it when there is one, else the directory's `list.txt` (a small
//! FIDE rating list), looked up for the fixture's FIDE IDs as
//! `trf check --rating-list` would.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use trfkit::render::human::{render_graphical, render_plain};
use trfkit::ListLookup;
// (This file runs inside the crate: `trfkit::` is the crate itself, its
// private stages included.)
use trfkit::rules::registry::{self, RULES};
use trfkit::rules::{CheckOptions, Ctx};
use trfkit::{Diagnostic, ReadOptions};

fn samples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/rules")
}

/// Runs the rule named by the fixture's directory over one fixture.
fn run(path: &Path) -> (String, String, Vec<Diagnostic>) {
    let rule_name = path
        .parent()
        .and_then(Path::file_name)
        .and_then(|n| n.to_str())
        .expect("fixture in a rule directory");
    let rule = registry::find(rule_name)
        .unwrap_or_else(|| panic!("fixture directory `{rule_name}` names no rule"));
    let parsed = trfkit::read_path(path, &ReadOptions::default()).expect("fixture reads");
    let mut opts = CheckOptions::default();
    if let Some(list) = fixture_list(path) {
        let ids: Vec<u64> = ListLookup::ids_of(&parsed.tournament).collect();
        let lookup =
            ListLookup::read(&list, &ids).unwrap_or_else(|e| panic!("{}: {e}", list.display()));
        opts.rating_list = Some(Arc::new(lookup));
    }
    fixture_options(path, &mut opts);
    let ctx = Ctx::new(&parsed.tournament, &parsed.text, &opts);
    assert!(
        (rule.applies)(&ctx) || path.file_stem().is_some_and(|s| s.to_string_lossy().starts_with("ok")),
        "{}: `{rule_name}` does not apply to its own fixture (a rating-list rule without a list.txt?)",
        path.display()
    );
    let mut diags = Vec::new();
    (rule.check)(&ctx, &mut diags);
    trfkit::diag::sort(&mut diags);
    let file = format!(
        "{rule_name}/{}",
        path.file_name().and_then(|n| n.to_str()).unwrap_or("?")
    );
    let loc = parsed.locator();
    let mut shown = render_plain(&file, &loc, &diags);
    if diags.is_empty() {
        shown.push_str("(no findings)\n");
    }
    for d in &diags {
        shown.push('\n');
        shown.push_str(&render_graphical(&file, &parsed.text, d, 80, true, false));
    }
    (rule_name.to_string(), shown, diags)
}

/// The options a fixture states in `<stem>.options` beside it, one a line,
/// as `trf check` spells them: `--rating-type rapid`,
/// `--registered-on 2025-02-27`, `--qc-approved-fast-classic`.
fn fixture_options(path: &Path, opts: &mut CheckOptions) {
    let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else {
        return;
    };
    let Ok(text) = std::fs::read_to_string(path.with_file_name(format!("{stem}.options"))) else {
        return;
    };
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        match line.split_once(' ') {
            Some(("--rating-type", t)) => {
                opts.rating_type = Some(t.parse().expect("a rating type"));
            }
            Some(("--registered-on", d)) => {
                opts.registered_on = Some(d.parse().expect("a date YYYY-MM-DD"));
            }
            None if line == "--qc-approved-fast-classic" => opts.qc_fast_classic = true,
            _ => panic!("{}: unknown fixture option `{line}`", path.display()),
        }
    }
}

/// The rating list a fixture runs against: `<stem>.list.txt` beside it,
/// else `list.txt` in its directory.
fn fixture_list(path: &Path) -> Option<PathBuf> {
    let stem = path.file_stem()?.to_str()?;
    let own = path.with_file_name(format!("{stem}.list.txt"));
    let shared = path.with_file_name("list.txt");
    [own, shared].into_iter().find(|p| p.is_file())
}

#[test]
fn fixtures() {
    // The snapshots keep the names and the folder they had as an
    // integration test (`tests/snapshots/rules__fixtures@…`).
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../../tests/snapshots");
    settings.set_prepend_module_to_snapshot(false);
    let _bound = settings.bind_to_scope();
    insta::glob!("../../samples/rules", "*/*.trf", |path| {
        let (rule, shown, diags) = run(path);
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        let own = diags.iter().filter(|d| d.rule == rule).count();
        assert_eq!(
            own,
            diags.len(),
            "{}: findings of other rules",
            path.display()
        );
        if stem.starts_with("ok") {
            assert_eq!(own, 0, "{}: a near miss fired:\n{shown}", path.display());
        } else {
            assert!(
                stem.starts_with("fires"),
                "{}: fixtures are named fires*.trf or ok*.trf",
                path.display()
            );
            assert!(own > 0, "{}: did not fire", path.display());
        }
        for d in &diags {
            message_conventions(d, path);
        }
        insta::assert_snapshot!("rules__fixtures", shown);
    });
}

/// Lowercase message without a trailing period, a help, a reference and a
/// primary label on every finding.
fn message_conventions(d: &Diagnostic, path: &Path) {
    let first = d.message.chars().next().unwrap_or(' ');
    assert!(
        !first.is_uppercase(),
        "{}: message starts with a capital: {}",
        path.display(),
        d.message
    );
    assert!(
        !d.message.ends_with('.'),
        "{}: message ends with a period: {}",
        path.display(),
        d.message
    );
    assert!(
        d.help.is_some(),
        "{}: no help: {}",
        path.display(),
        d.message
    );
    assert!(
        d.reference.is_some(),
        "{}: no reference: {}",
        path.display(),
        d.message
    );
    assert!(
        d.labels.iter().any(|l| l.primary),
        "{}: no primary label: {}",
        path.display(),
        d.message
    );
}

fn fixture_dirs() -> Vec<(String, Vec<String>)> {
    let mut dirs = Vec::new();
    for entry in std::fs::read_dir(samples()).expect("samples/rules exists") {
        let entry = entry.expect("directory entry");
        if !entry.path().is_dir() {
            continue;
        }
        let name = entry.file_name().to_string_lossy().into_owned();
        let files = std::fs::read_dir(entry.path())
            .expect("fixture directory")
            .map(|f| {
                f.expect("fixture")
                    .file_name()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
        dirs.push((name, files));
    }
    dirs
}

#[test]
fn every_rule_has_fixtures_and_every_fixture_a_rule() {
    let dirs = fixture_dirs();
    for rule in RULES {
        let name = rule.meta.name;
        let Some((_, files)) = dirs.iter().find(|(d, _)| d == name) else {
            panic!("rule `{name}` has no samples/rules/{name}/");
        };
        let has = |prefix: &str| {
            files
                .iter()
                .any(|f| f.starts_with(prefix) && f.ends_with(".trf"))
        };
        assert!(has("fires"), "rule `{name}` has no fires*.trf fixture");
        assert!(has("ok"), "rule `{name}` has no ok*.trf fixture");
    }
    for (dir, _) in &dirs {
        assert!(
            RULES.iter().any(|r| r.meta.name == dir),
            "samples/rules/{dir} names no registered rule"
        );
    }
}

/// Code letters of validation rules: T tournament header, P player, R
/// rounds and pairings, X cross-record, F FIDE rating regulations, L the
/// official rating list, G rating inputs (S is the parser's).
const LETTERS: &str = "TPRXFLGW";

#[test]
fn codes_and_names_follow_the_conventions() {
    let mut codes = HashSet::new();
    let mut names = HashSet::new();
    for m in trfkit::read::findings::ALL {
        codes.insert(m.code);
        names.insert(m.name);
    }
    for rule in RULES {
        let m = &rule.meta;
        let b = m.code.as_bytes();
        let shape = b.len() == 8
            && m.code.starts_with("TRF-")
            && LETTERS.as_bytes().contains(&b[4])
            && b[5..].iter().all(u8::is_ascii_digit);
        assert!(shape, "code `{}` is not TRF-<letter><3 digits>", m.code);
        assert!(codes.insert(m.code), "code `{}` used twice", m.code);
        let kebab = !m.name.is_empty()
            && !m.name.starts_with('-')
            && !m.name.ends_with('-')
            && !m.name.contains("--")
            && m.name
                .bytes()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'-');
        assert!(kebab, "name `{}` is not kebab-case", m.name);
        assert!(names.insert(m.name), "name `{}` used twice", m.name);
        assert!(
            !m.summary.ends_with('.'),
            "summary of `{}` ends with a period",
            m.name
        );
    }
}

#[test]
fn registry_is_sorted_by_code() {
    let codes: Vec<&str> = RULES.iter().map(|r| r.meta.code).collect();
    let mut sorted = codes.clone();
    sorted.sort_unstable();
    assert_eq!(codes, sorted);
}

#[test]
fn every_explanation_has_the_four_sections() {
    for rule in RULES {
        let text = rule.meta.explanation;
        let mut at = 0;
        for section in [
            "## What it checks",
            "## Why it matters",
            "## Example",
            "## Reference",
        ] {
            let Some(i) = text[at..].find(section) else {
                panic!(
                    "`{}` lacks `{section}` (or has it out of order)",
                    rule.meta.name
                );
            };
            at += i + section.len();
        }
    }
}

#[test]
fn find_accepts_names_and_codes() {
    for rule in RULES {
        let by_name = registry::find(rule.meta.name).map(|r| r.meta.code);
        let by_code = registry::find(&rule.meta.code.to_ascii_lowercase()).map(|r| r.meta.code);
        assert_eq!(by_name, Some(rule.meta.code));
        assert_eq!(by_code, Some(rule.meta.code));
    }
}

/// The corpus files made malformed on purpose (py4swiss's test data) and
/// the rule each must trip. Skipped (and said) without the corpus.
#[test]
fn malformed_corpus_files_fire_their_rule() {
    let Some(corpus) = crate::test_corpus::corpus() else {
        return;
    };
    let dir = corpus.join("Moritz72+py4swiss");
    let expected = [
        ("tests__data__incompatible_color.trf", "asymmetric-pairing"),
        ("tests__data__incompatible_result.trf", "results-disagree"),
        ("tests__data__incorrect_points.trf", "points-mismatch"),
        ("tests__data__missing_result.trf", "asymmetric-pairing"),
        ("tests__data__missing_starting_number.trf", "start-rank-gap"),
        ("tests__data__too_many_results.trf", "rounds-mismatch"),
    ];
    for (file, rule) in expected {
        let parsed = trfkit::read_path(&dir.join(file), &ReadOptions::default())
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        let report = trfkit::check(&parsed, &CheckOptions::default());
        assert!(
            report.diagnostics.iter().any(|d| d.rule == rule),
            "{file}: `{rule}` did not fire"
        );
    }
}
