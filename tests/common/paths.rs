//! Paths of the repository's samples, shared by the integration tests and
//! by the crate's own tests (`src/…`, which include this file).

use std::path::{Path, PathBuf};

/// The repository root: the library's manifest folder, one above the `trf`
/// binary's (`cli/`), whose integration tests these helpers also serve.
pub(crate) fn root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    if env!("CARGO_PKG_NAME") == "trfkit-cli" {
        manifest
            .parent()
            .expect("cli/ is inside the repository")
            .to_path_buf()
    } else {
        manifest
    }
}

/// Every `*.trf` under `samples/<dir>`, sorted.
pub(crate) fn samples(dir: &str) -> Vec<PathBuf> {
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
pub(crate) fn snap_name(p: &Path) -> String {
    let rel = p.strip_prefix(root().join("samples")).unwrap_or(p);
    rel.with_extension("")
        .to_string_lossy()
        .replace(['/', '\\'], "__")
}

/// The path as shown in rendered output (relative, `/`-separated).
pub(crate) fn display(p: &Path) -> String {
    p.strip_prefix(root())
        .unwrap_or(p)
        .to_string_lossy()
        .replace('\\', "/")
}
