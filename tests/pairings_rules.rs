//! The basic rules for Swiss systems (`TRF-W…`) against tournaments that a
//! conformant Dutch engine paired: bbpPairings' random tournaments
//! (`tests/fixtures/pairings/bbp-generated/`, see its README) break none of
//! them, whatever edition of the rules their start date selects.

use std::path::{Path, PathBuf};
use trfkit::model::TournamentType;
use trfkit::{check, parse_bytes, Analysis, Options, ReadOptions};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pairings/bbp-generated")
}

/// The file with a start date (`042`) after its first line, in the file's
/// own line ending (CR), or as written.
fn dated(bytes: &[u8], start: Option<&str>) -> Vec<u8> {
    let Some(start) = start else {
        return bytes.to_vec();
    };
    let end = bytes
        .iter()
        .position(|&b| b == b'\r')
        .expect("a first line");
    let mut out = bytes[..=end].to_vec();
    out.extend_from_slice(format!("042 {start}\r").as_bytes());
    out.extend_from_slice(&bytes[end + 1..]);
    out
}

#[test]
fn bbp_dutch_pairings_break_no_swiss_rule() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(fixtures())
        .expect("fixtures")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 12);
    // What the files hold, so that every Swiss rule has entries to judge.
    let (mut byes, mut forfeits, mut games) = (0usize, 0usize, 0usize);
    for path in &files {
        let bytes = std::fs::read(path).expect("readable");
        for start in [None, Some("2025/03/01"), Some("2026/03/01")] {
            let parsed = parse_bytes(&dated(&bytes, start), &ReadOptions::default())
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let opts = Options::default();
            assert_eq!(
                Analysis::new(&parsed, &opts).tournament_type().kind,
                TournamentType::Swiss,
                "{}",
                path.display()
            );
            let swiss: Vec<_> = check(&parsed, &opts)
                .diagnostics
                .into_iter()
                .filter(|d| d.code.starts_with("TRF-W"))
                .collect();
            assert!(
                swiss.is_empty(),
                "{} (start {start:?}): {swiss:#?}",
                path.display()
            );
            if start.is_none() {
                for p in &parsed.tournament.players {
                    for e in p.rounds.iter() {
                        use trfkit::model::{ByeKind, RoundResult};
                        match e.value.result {
                            RoundResult::Bye {
                                bye: ByeKind::PairingAllocated,
                            } => byes += 1,
                            RoundResult::Forfeit { .. } => forfeits += 1,
                            RoundResult::Game { .. } => games += 1,
                            _ => {}
                        }
                    }
                }
            }
        }
    }
    assert!(
        byes >= 50 && forfeits >= 100 && games >= 2000,
        "{byes} {forfeits} {games}"
    );
}
