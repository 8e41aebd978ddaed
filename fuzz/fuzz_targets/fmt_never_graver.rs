//! Any bytes: `trf fmt`'s rewrite never makes a report graver (issue 39).
//! The property is `src/fuzzing.rs`'s `fmt_never_graver`, which
//! `tests/fuzz_regressions.rs` also runs on every input a fuzzer found
//! failing.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| trfkit::fuzzing::fmt_never_graver(data));
