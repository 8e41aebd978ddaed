//! Rules whose FIDE source is silent warn, never block (issue 24, item
//! 8): a consequence that changes the verdict (`fix-before-upload`,
//! `event-not-rated`) must rest on a FIDE text, and a rule whose source
//! says FIDE has not published what it does is a warning.

mod common;

use trfkit::Consequence;
use trfkit::Options;

/// Words by which a source says FIDE's consequence is unknown.
const SILENT: [&str; 3] = ["not published", "silent", "consequence is not stated"];

#[test]
fn blocking_rules_rest_on_a_fide_text_and_silent_ones_warn() {
    for m in trfkit::all_rules() {
        let silent = SILENT.iter().any(|w| m.consequence_source.contains(w));
        let blocks = matches!(
            m.consequence,
            Consequence::FixBeforeUpload | Consequence::EventNotRated
        );
        if m.name == "online-event" {
            // Art. 2.1 of the 2022/2024 texts states the consequence; only
            // the server's behaviour is unpublished.
            continue;
        }
        assert!(
            !(silent && blocks),
            "{} blocks the upload on a source that says FIDE is silent: {}",
            m.name,
            m.consequence_source
        );
    }
}

/// A TRF26 report whose chief arbiter is named without a FIDE ID: FIDE has
/// not published what it does, so the finding warns and says so, and the
/// verdict does not change because of it.
#[test]
fn an_arbiter_without_a_fide_id_warns() {
    let dir = common::root().join("samples/rules/arbiter-without-fide-id");
    let mut seen = 0;
    for e in std::fs::read_dir(&dir).unwrap() {
        let path = e.unwrap().path();
        let parsed = trfkit::read_path(&path, &trfkit::ReadOptions::default()).unwrap();
        let rep = trfkit::check(&parsed, &Options::default());
        for d in rep
            .diagnostics
            .iter()
            .filter(|d| d.rule == "arbiter-without-fide-id")
        {
            seen += 1;
            assert_eq!(d.consequence, Consequence::Info, "{}", path.display());
            assert!(
                d.help
                    .as_deref()
                    .unwrap_or("")
                    .contains("FIDE has not published"),
                "{d:?}"
            );
        }
        let mut opts = Options::default();
        opts.disabled = vec!["arbiter-without-fide-id".into()];
        let without = trfkit::check(&parsed, &opts);
        assert_eq!(rep.verdict, without.verdict, "{}", path.display());
    }
    assert!(seen > 0, "no sample fires the rule");
}

/// Every rule whose consequence is trfkit's reading says, where its
/// findings are read, what FIDE has not published and what trfkit reads
/// (issue 38 item 7), not only in `trf explain`.
#[test]
fn every_reading_of_trfkit_says_so_in_its_findings() {
    for m in trfkit::all_rules().filter(|m| m.unconfirmed) {
        let note = m.reading.unwrap_or(m.consequence_source);
        assert!(
            note.starts_with("FIDE has not published") && note.contains("; trfkit "),
            "{}: {note}",
            m.name
        );
    }
}

/// Four rounds on one day under the 2008 text (three allowed, no
/// consequence published): the finding says FIDE's silence and trfkit's
/// reading; three rounds a day under the same text gives no such finding.
#[test]
fn a_silent_limit_says_trfkits_reading_where_it_fires_only() {
    let dir = common::root().join("samples/rules/too-many-rounds-per-day");
    let check = |name: &str| {
        let parsed = trfkit::read_path(&dir.join(name), &trfkit::ReadOptions::default()).unwrap();
        trfkit::check(&parsed, &Options::default())
    };
    let fired = check("fires_2008_four_rounds.trf");
    let d = fired
        .diagnostics
        .iter()
        .find(|d| d.rule == "too-many-rounds-per-day")
        .expect("fires");
    assert!(
        d.help.as_deref().unwrap_or("").ends_with(
            "FIDE has not published what it does with more rounds on one day than allowed; trfkit reads it as a warning, and rates the games"
        ),
        "{:?}",
        d.help
    );
    let quiet = check("ok_2008_three_rounds.trf");
    assert!(quiet.diagnostics.iter().all(|d| !d
        .help
        .as_deref()
        .unwrap_or("")
        .contains("more rounds on one day")));
}
