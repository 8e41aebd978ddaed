//! Any text as a time control, in both notations.
//! The property (and what it promises) is `tests/props/mod.rs`'s
//! `time_control`, which `tests/fuzz_regressions.rs` also runs on every input a
//! fuzzer found failing.

#![no_main]

#[path = "../../tests/props/mod.rs"]
mod props;

libfuzzer_sys::fuzz_target!(|data: &[u8]| props::time_control(data));
