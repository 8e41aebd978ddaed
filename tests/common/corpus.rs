//! The shared corpus of real reports, which lives outside the repository:
//! `$TRFKIT_CORPUS` (or `$TRF_CORPUS`, as `benches/same_output.sh` names
//! it), else `../shared/corpus` beside the repository. A fresh
//! clone has none: the tests that need it say on stderr that they skipped
//! it and pass, unless `TRFKIT_REQUIRE_CORPUS=1` (as `.ci/run` sets it)
//! makes it required, so that CI cannot pass without it. Shared by the
//! integration tests and by the crate's own tests (`src/…`, which include
//! this file).

use std::path::{Path, PathBuf};

/// Where the corpus is looked for.
pub(crate) fn corpus_dir() -> PathBuf {
    std::env::var_os("TRFKIT_CORPUS")
        .or_else(|| std::env::var_os("TRF_CORPUS"))
        .map_or_else(|| repository().join("../shared/corpus"), PathBuf::from)
}

/// The repository's root: the manifest folder of the library, or the one
/// above the `trf` binary's (`cli/`), whose tests include this file too.
fn repository() -> &'static Path {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    match manifest.parent() {
        Some(up) if env!("CARGO_PKG_NAME") == "trfkit-cli" => up,
        _ => manifest,
    }
}

/// Whether the environment requires the corpus (`TRFKIT_REQUIRE_CORPUS=1`).
pub(crate) fn corpus_required() -> bool {
    std::env::var_os("TRFKIT_REQUIRE_CORPUS").is_some_and(|v| v == "1")
}

/// The corpus, or `None` after saying on stderr that the running test
/// skipped it; panics when the corpus is required and absent.
pub(crate) fn corpus() -> Option<PathBuf> {
    let dir = corpus_dir();
    let current = std::thread::current();
    let test = current.name().unwrap_or("a test");
    if dir.is_dir() {
        return Some(dir);
    }
    assert!(
        !corpus_required(),
        "{test}: TRFKIT_REQUIRE_CORPUS=1 but there is no corpus at {} (set TRFKIT_CORPUS)",
        dir.display()
    );
    eprintln!(
        "{test}: skipped the corpus of real reports (none at {}; set TRFKIT_CORPUS to use one)",
        dir.display()
    );
    None
}
