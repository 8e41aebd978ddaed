//! Helpers shared by the integration tests.
#![allow(dead_code)]

mod corpus;
mod paths;
pub(crate) mod serve;

// Not every test binary reads the corpus.
#[allow(unused_imports)]
pub(crate) use corpus::*;
pub(crate) use paths::*;

/// Runs `trf` from the repository root; returns (exit code, stdout, stderr).
pub(crate) fn trf(args: &[&str]) -> (i32, String, String) {
    let (code, out, err) = trf_raw(args);
    (code, String::from_utf8_lossy(&out).into_owned(), err)
}

/// Runs `trf` from the repository root; returns (exit code, stdout bytes,
/// stderr), for output that is not UTF-8 (a report in its own encoding).
pub(crate) fn trf_raw(args: &[&str]) -> (i32, Vec<u8>, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_trf"))
        .args(args)
        .current_dir(root())
        .env("NO_COLOR", "1")
        .output()
        .expect("run trf");
    (
        out.status.code().unwrap_or(-1),
        out.stdout,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
