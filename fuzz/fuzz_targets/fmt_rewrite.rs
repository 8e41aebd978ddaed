//! Any bytes: `trf fmt`'s rewrite in both dialects keeps every line it does not model.
//! The property (and what it promises) is `src/fuzzing.rs`'s
//! `fmt_rewrite`, which `tests/fuzz_regressions.rs` also runs on every input a
//! fuzzer found failing.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| trfkit::fuzzing::fmt_rewrite(data));
