//! Reader and checker throughput on generated tournaments.
//!
//! `cargo bench --bench parse` reports MB/s for each size: small (20×5),
//! typical (150×9), large (2,000×13) and max (9,999×30). `parse` is what
//! `trf check` does with a file's bytes (decode, split, classify, read every
//! field); `check` is the rules on the parsed model; `rate` is FIDE's rating
//! calculation over it. Sample counts are kept low so that the whole run
//! takes a minute or two on two cores.

// `criterion_group!` defines an undocumented `pub fn`.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use std::time::Duration;
use trfkit::check;
use trfkit::generate::{generate, GenOptions};
use trfkit::Options;
use trfkit::ReadOptions;

/// (label, players, rounds, samples, measurement seconds)
const SIZES: &[(&str, u16, u16, usize, u64)] = &[
    ("small_20x5", 20, 5, 100, 2),
    ("typical_150x9", 150, 9, 60, 2),
    ("large_2000x13", 2000, 13, 20, 3),
    ("max_9999x30", 9999, 30, 10, 4),
];

fn bench(c: &mut Criterion) {
    let read = ReadOptions::default();
    let rules = Options::default();
    for &(label, players, rounds, samples, secs) in SIZES {
        let text = generate(&GenOptions::new(players, rounds, 42)).expect("valid options");
        let bytes = text.into_bytes();
        let mut g = c.benchmark_group(label);
        g.throughput(Throughput::Bytes(bytes.len() as u64))
            .sample_size(samples)
            .warm_up_time(Duration::from_secs(1))
            .measurement_time(Duration::from_secs(secs));
        // The owned-bytes entry point, as `trf check` uses it (no copy of
        // valid UTF-8); the copy made for each iteration is not timed.
        g.bench_function("parse", |b| {
            b.iter_batched(
                || bytes.clone(),
                |v| trfkit::parse_bytes(&v, &read).expect("readable"),
                BatchSize::LargeInput,
            )
        });
        let parsed = trfkit::parse_bytes(&bytes, &read).expect("readable");
        g.bench_function("check", |b| b.iter(|| check(&parsed, &rules)));
        let rate = trfkit::RateOptions::default();
        g.bench_function("rate", |b| {
            b.iter(|| trfkit::rate(&parsed.tournament, &rate))
        });
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
