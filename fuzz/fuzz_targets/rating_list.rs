//! Any bytes as a FIDE rating list: the TXT, XML and zip readers.
//! The property (and what it promises) is `tests/props/mod.rs`'s
//! `rating_list`, which `tests/fuzz_regressions.rs` also runs on every input a
//! fuzzer found failing.

#![no_main]

#[path = "../../tests/props/mod.rs"]
mod props;

libfuzzer_sys::fuzz_target!(|data: &[u8]| props::rating_list(data));
