//! Any bytes as a report through the pairing checker of `trf pairings`:
//! every round re-paired with the FIDE (Dutch) system, without a panic.
//! The property (and what it promises) is `src/fuzzing.rs`'s `pairings`,
//! which `tests/fuzz_regressions.rs` also runs on every input a fuzzer
//! found failing.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| trfkit::fuzzing::pairings(data));
