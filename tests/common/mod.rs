//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

pub mod serve;

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `*.trf` under `samples/<dir>`, sorted.
pub fn samples(dir: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    walk(&root().join("samples").join(dir), &mut out);
    out.sort();
    out
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            walk(&p, out);
        } else if p.extension().is_some_and(|x| x == "trf") {
            out.push(p);
        }
    }
}

/// A stable snapshot name for a sample path: `hand__swiss-utf8-lf`.
pub fn snap_name(p: &Path) -> String {
    let rel = p.strip_prefix(root().join("samples")).unwrap_or(p);
    rel.with_extension("")
        .to_string_lossy()
        .replace(['/', '\\'], "__")
}

/// The path as shown in rendered output (relative, `/`-separated).
pub fn display(p: &Path) -> String {
    p.strip_prefix(root())
        .unwrap_or(p)
        .to_string_lossy()
        .replace('\\', "/")
}

/// Runs `trf` from the repository root; returns (exit code, stdout, stderr).
pub fn trf(args: &[&str]) -> (i32, String, String) {
    let (code, out, err) = trf_raw(args);
    (code, String::from_utf8_lossy(&out).into_owned(), err)
}

/// Runs `trf` from the repository root; returns (exit code, stdout bytes,
/// stderr), for output that is not UTF-8 (a report in its own encoding).
pub fn trf_raw(args: &[&str]) -> (i32, Vec<u8>, String) {
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
