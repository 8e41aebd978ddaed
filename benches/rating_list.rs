//! The rating-list workload: look up one tournament's players (300 IDs, one
//! of them absent so every pass reads to the end) in a full-size synthetic
//! combined list (1.93 M players, 317 MB).
//!
//! The list is generated once into `target/bench-data/` (kept between runs,
//! never committed); `TRFKIT_BENCH_PLAYERS` makes a smaller one for a quick
//! run. Peak memory is not measured here: run the `gen_rating_list` example
//! under `/usr/bin/time -v` for that.

#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode};
use std::fs::File;
use std::path::{Path, PathBuf};
use std::time::Duration;
use trfkit::generate::{benchmark_ids, write_synthetic_combined, FULL_LIST_PLAYERS};
use trfkit::{build_index, RatingList};

fn players() -> u64 {
    std::env::var("TRFKIT_BENCH_PLAYERS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(FULL_LIST_PLAYERS)
}

/// The cached list for `players`, generated on first use. Written under a
/// temporary name and renamed, so an interrupted run never leaves a short
/// file behind that a later run would trust.
fn bench_list(players: u64) -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench-data");
    std::fs::create_dir_all(&dir).expect("create target/bench-data");
    let path = dir.join(format!("players_list_foa_{players}.txt"));
    if !path.exists() {
        let part = path.with_extension("part");
        eprintln!("generating {} ({players} players) ...", path.display());
        write_synthetic_combined(File::create(&part).expect("create list"), players)
            .expect("write list");
        std::fs::rename(&part, &path).expect("rename list");
    }
    path
}

fn rating_list(c: &mut Criterion) {
    let players = players();
    let path = bench_list(players);
    let ids = benchmark_ids(players, 300);

    let mut g = c.benchmark_group("rating_list");
    g.sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));

    g.bench_function("lookup_many_300", |b| {
        b.iter(|| {
            let found = RatingList::lookup_many(&path, &ids).expect("lookup");
            assert_eq!(found.len(), ids.len() - 1);
            found
        })
    });
    g.bench_function("build_index", |b| {
        b.iter(|| build_index(&path).expect("index"))
    });
    build_index(&path).expect("index");
    g.bench_function("lookup_indexed_300", |b| {
        b.iter(|| {
            let found = RatingList::lookup_indexed(&path, &ids).expect("indexed lookup");
            assert_eq!(found.len(), ids.len() - 1);
            found
        })
    });
    g.finish();
}

criterion_group!(benches, rating_list);
criterion_main!(benches);
