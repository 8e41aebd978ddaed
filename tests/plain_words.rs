//! Plain words (issue 24, item 6): nothing a user reads cites the
//! project's own notes (`regulations.md`, `docs/spec/...`, row ids such as
//! `R29`) or says "(?)"; English plurals, never "game(s)"; no byte offsets.
//! Checked over every rule's `trf explain` page and source line, and over
//! the findings and rating notes of every sample and real report.

mod common;

use trfkit::Options;

/// What a user must never read, and why it was found.
fn unplain(text: &str) -> Option<String> {
    for bad in [
        "regulations.md",
        "docs/spec",
        "fide-acceptance",
        "rapid-blitz.md",
        "trf-format.md",
        "(?)",
        "(s)",
        "at byte",
    ] {
        if text.contains(bad) {
            return Some(bad.to_owned());
        }
    }
    let b = text.as_bytes();
    for (i, w) in b.windows(2).enumerate() {
        // A row id: `R` and digits as a word of its own.
        if w[0] == b'R' && w[1].is_ascii_digit() && (i == 0 || !b[i - 1].is_ascii_alphanumeric()) {
            let end = b[i + 1..]
                .iter()
                .position(|c| !c.is_ascii_digit())
                .map_or(b.len(), |p| i + 1 + p);
            if end - i <= 3 && b.get(end).is_none_or(|c| !c.is_ascii_alphanumeric()) {
                return Some(text[i..end].to_owned());
            }
        }
    }
    None
}

#[test]
fn rule_pages_and_sources_are_plain() {
    let mut bad = Vec::new();
    for m in trfkit::all_rules() {
        for (what, text) in [
            ("explanation", m.explanation),
            ("source", m.consequence_source),
            ("summary", m.summary),
        ] {
            if let Some(why) = unplain(text) {
                bad.push(format!("{} {what}: `{why}`", m.name));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn findings_and_rating_notes_are_plain() {
    let mut files = common::samples("hand");
    files.extend(common::samples("real"));
    files.extend(common::samples("rules"));
    assert!(files.len() > 40, "samples not found");
    let mut bad = Vec::new();
    for f in files {
        let Ok(parsed) = trfkit::read_path(&f, &trfkit::ReadOptions::default()) else {
            continue;
        };
        let rep = trfkit::check(&parsed, &Options::default());
        for d in &rep.diagnostics {
            for text in [Some(&d.message), d.help.as_ref(), d.reference.as_ref()]
                .into_iter()
                .flatten()
            {
                if let Some(why) = unplain(text) {
                    bad.push(format!("{} {}: `{why}` in {text}", f.display(), d.rule));
                }
            }
        }
        let summary = trfkit::rate(&parsed.tournament, &trfkit::RateOptions::default());
        // The report's own words (its name) are the arbiter's, not ours.
        let name = summary.tournament.name.clone().unwrap_or_default();
        let mut json = serde_json::to_string(&summary).unwrap();
        if !name.is_empty() {
            json = json.replace(&name, "");
        }
        if let Some(why) = unplain(&json.replace("\"R", "\" R")) {
            bad.push(format!("{} rating notes: `{why}`", f.display()));
        }
        if json.contains("(s) ") || json.contains("(s);") || json.contains("(s),") {
            bad.push(format!(
                "{} rating notes: a plural written `(s)`",
                f.display()
            ));
        }
    }
    bad.sort();
    bad.dedup();
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// "1 round", "1 rated player": the norms' text (the event line, the Swiss
/// exemption, the failed conditions) counts in English plurals, over every
/// sample report (1-round events and events with one foreign player
/// among them).
#[test]
fn norms_count_in_english_plurals() {
    let nouns = [
        "rounds",
        "days",
        "players",
        "federations",
        "opponents",
        "holders",
        "games",
    ];
    let (code, out, err) = common::trf(&["norms", "samples/"]);
    assert_eq!(code, 0, "{err}");
    let mut bad = Vec::new();
    for line in out.lines() {
        let words: Vec<&str> = line.split([' ', '(', ':', ';', ',']).collect();
        for w in words.windows(3) {
            // "1 rated players", "1 opponents"
            let plural = |x: &str| nouns.contains(&x);
            if w[0] == "1" && (plural(w[1]) || (w[1] == "rated" && plural(w[2]))) {
                bad.push(line.trim().to_owned());
            }
        }
    }
    bad.dedup();
    assert!(bad.is_empty(), "{}", bad.join("\n"));
    // Not vacuous: the samples hold a 1-round event.
    assert!(out.contains("Swiss, 1 round"), "no 1-round event");
}
