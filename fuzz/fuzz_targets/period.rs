//! Any bytes as up to four reports (split at NUL bytes) through the rating
//! period of `trf period`: the duplicates across them, the period's
//! computation, its text, CSV and JSON.
//! The property (and what it promises) is `src/fuzzing.rs`'s `period`,
//! which `tests/fuzz_regressions.rs` also runs on every input a fuzzer
//! found failing.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| trfkit::fuzzing::period(data));
