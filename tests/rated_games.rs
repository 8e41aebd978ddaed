//! `trf check`'s `rated_games` is `trf rate`'s `tournament.rated_games` on
//! every report of `samples/` and of `../shared/corpus` (when it exists):
//! both read the one decision of the eligibility stage.

#[path = "common/corpus.rs"]
mod common;

use std::path::{Path, PathBuf};
use trfkit::{check, Options, ReadOptions, Verdict};
use trfkit::{rate_checked, RateOptions};

fn reports(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            reports(&p, out);
        } else if p
            .extension()
            .is_some_and(|x| x.eq_ignore_ascii_case("trf") || x == "txt")
        {
            out.push(p);
        }
    }
}

#[test]
fn check_and_rate_count_the_same_rated_games() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    reports(&root.join("samples"), &mut files);
    if let Some(corpus) = common::corpus() {
        reports(&corpus, &mut files);
    }
    files.sort();
    let opts = Options::default();
    let (mut compared, mut with_games) = (0, 0);
    let mut wrong = Vec::new();
    for f in &files {
        // Rating lists and other text files are not reports.
        let Ok(parsed) = trfkit::read_path(f, &ReadOptions::default()) else {
            continue;
        };
        if parsed.tournament.players.is_empty() {
            continue;
        }
        let checked = check(&parsed, &opts);
        let rated = rate_checked(&parsed, &opts, &RateOptions::default());
        compared += 1;
        if checked.rated_games > 0 {
            with_games += 1;
        }
        if checked.rated_games != rated.summary.tournament.rated_games
            || checked.rated_games != rated.report.rated_games
        {
            wrong.push(format!(
                "{}: check {}, rate {}",
                f.display(),
                checked.rated_games,
                rated.summary.tournament.rated_games
            ));
        }
        if checked.verdict == Verdict::NotRateable {
            assert_eq!(checked.rated_games, 0, "{}", f.display());
        }
    }
    assert!(compared >= 200, "only {compared} reports found");
    assert!(
        with_games >= 100,
        "only {with_games} reports with rated games"
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A report whose games are all of less than one move (`W D L`) has no
/// game FIDE rates, under the texts before the one-move rule (2013) too:
/// the report codes them as results not rated.
#[test]
fn a_report_of_short_games_only_is_never_ready() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let f = root.join("samples/rules/no-rated-games/fires_2010_short_games_only.trf");
    let parsed = trfkit::read_path(&f, &ReadOptions::default()).unwrap();
    let opts = Options::default();
    let checked = check(&parsed, &opts);
    assert_eq!(checked.verdict, Verdict::NotRateable);
    assert_eq!(checked.rated_games, 0);
    assert!(checked
        .diagnostics
        .iter()
        .any(|d| d.rule == "no-rated-games"));
    let rated = rate_checked(&parsed, &opts, &RateOptions::default());
    assert_eq!(rated.summary.tournament.rated_games, 0);
    assert!(rated.summary.players.is_empty());
}
