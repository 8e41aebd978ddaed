//! Any bytes as an upload to the local page (`trf serve`): a report and,
//! after the first NUL byte, a rating list, through every step from the
//! upload to the page, without sockets.
//! The property (and what it promises) is `src/fuzzing.rs`'s
//! `upload_page`, which `tests/fuzz_regressions.rs` also runs on every input
//! a fuzzer found failing.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| trfkit::fuzzing::upload_page(data));
