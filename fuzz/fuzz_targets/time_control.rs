//! Any text as a time control, in both notations.
//! The property (and what it promises) is `src/fuzzing.rs`'s
//! `time_control`, which `tests/fuzz_regressions.rs` also runs on every input a
//! fuzzer found failing.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| trfkit::fuzzing::time_control(data));
