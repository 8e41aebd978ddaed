//! Sweeps `../shared/corpus` when it exists: every real file parses without a
//! panic, with the player and round counts of `MANIFEST.tsv`; the files marked
//! MALFORMED give diagnostics, not crashes.

use std::path::Path;
use trfkit::ReadOptions;

mod common;

struct Entry {
    file: String,
    players: usize,
    rounds: usize,
    notes: String,
}

fn manifest(dir: &Path) -> Vec<Entry> {
    let text = std::fs::read_to_string(dir.join("MANIFEST.tsv")).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (f, p, r, n) = (
        col("local_file"),
        col("player_count"),
        col("rounds"),
        col("notes"),
    );
    lines
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let c: Vec<&str> = l.split('\t').collect();
            Entry {
                file: c[f].to_string(),
                players: c[p].parse().unwrap(),
                rounds: c[r].parse().unwrap(),
                notes: c[n].to_string(),
            }
        })
        .collect()
}

#[test]
fn every_corpus_file_reads_with_the_right_counts() {
    let Some(dir) = common::corpus() else {
        return;
    };
    let entries = manifest(&dir);
    assert!(
        entries.len() >= 100,
        "manifest lists {} files",
        entries.len()
    );
    let mut failures = Vec::new();
    for e in &entries {
        let parsed = trfkit::read_path(&dir.join(&e.file), &ReadOptions::default())
            .unwrap_or_else(|err| panic!("{}: {err}", e.file));
        let t = &parsed.tournament;
        if t.players.len() != e.players || t.rounds as usize != e.rounds {
            failures.push(format!(
                "{}: players {} (manifest {}), rounds {} (manifest {})",
                e.file,
                t.players.len(),
                e.players,
                t.rounds,
                e.rounds
            ));
        }
        // Every file goes through the whole check without a panic; the ones
        // malformed on purpose must not pass as rateable.
        let report = trfkit::check(&parsed, &Default::default());
        // (`invalid_code.trf` is tolerated by design: an unknown record code is a warning.)
        if e.notes.contains("MALFORMED ON PURPOSE")
            && report.rateable()
            && !e.notes.contains("record code")
        {
            failures.push(format!(
                "{}: malformed on purpose but no error found",
                e.file
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
