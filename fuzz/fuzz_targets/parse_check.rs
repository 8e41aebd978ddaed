//! Any bytes: read, check, write in both dialects, read and check again.
//! The property (and what it promises) is `tests/props/mod.rs`'s
//! `parse_check`, which `tests/fuzz_regressions.rs` also runs on every input a
//! fuzzer found failing.

#![no_main]

#[path = "../../tests/props/mod.rs"]
mod props;

libfuzzer_sys::fuzz_target!(|data: &[u8]| props::parse_check(data));
