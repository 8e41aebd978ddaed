//! Any bytes as a FIDE rating list: the TXT, XML and zip readers.
//! The property (and what it promises) is `src/fuzzing.rs`'s
//! `rating_list`, which `tests/fuzz_regressions.rs` also runs on every input a
//! fuzzer found failing.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| trfkit::fuzzing::rating_list(data));
