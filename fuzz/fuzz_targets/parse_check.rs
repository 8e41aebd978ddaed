//! Any bytes: read, check, write in both dialects, read and check again.
//! The property (and what it promises) is `src/fuzzing.rs`'s
//! `parse_check`, which `tests/fuzz_regressions.rs` also runs on every input a
//! fuzzer found failing.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| trfkit::fuzzing::parse_check(data));
