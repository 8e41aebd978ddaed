//! Turning `PATH...` into the list of reports to check.
//!
//! Files named on the command line are always taken. Folders are walked
//! recursively; a file found there is taken when its first bytes look like a
//! TRF, whatever its extension, and skipped with a note otherwise.

use std::io::Read;
use std::path::{Path, PathBuf};

/// What to check, and what was passed over.
#[derive(Debug, Default)]
pub struct Inputs {
    /// Files to check, sorted by path within each argument.
    pub files: Vec<PathBuf>,
    /// Files skipped, with the reason.
    pub skipped: Vec<(PathBuf, String)>,
    /// Arguments that do not exist or cannot be read.
    pub missing: Vec<(PathBuf, String)>,
}

/// Expands the arguments.
pub fn expand(paths: &[PathBuf]) -> Inputs {
    let mut inputs = Inputs::default();
    for p in paths {
        match std::fs::metadata(p) {
            Err(e) => inputs.missing.push((p.clone(), e.to_string())),
            Ok(m) if m.is_dir() => {
                let mut found = Vec::new();
                for entry in walkdir::WalkDir::new(p)
                    .follow_links(false)
                    .sort_by_file_name()
                {
                    match entry {
                        Ok(e) if e.file_type().is_file() => found.push(e.into_path()),
                        Ok(_) => {}
                        Err(e) => inputs.skipped.push((p.clone(), e.to_string())),
                    }
                }
                for f in found {
                    match sniff(&f) {
                        Ok(true) => inputs.files.push(f),
                        Ok(false) => inputs.skipped.push((f, "does not look like a TRF".into())),
                        Err(e) => inputs.skipped.push((f, e.to_string())),
                    }
                }
            }
            Ok(_) => inputs.files.push(p.clone()),
        }
    }
    inputs
}

/// True when the first 8 KiB hold a line starting with a TRF record code
/// followed by a blank (`001 `, `012 `, `XXR `, `###` …) and no NUL byte.
pub fn sniff(path: &Path) -> std::io::Result<bool> {
    let mut buf = [0u8; 8192];
    let mut f = std::fs::File::open(path)?;
    let mut n = 0;
    while n < buf.len() {
        let k = f.read(&mut buf[n..])?;
        if k == 0 {
            break;
        }
        n += k;
    }
    let head = &buf[..n];
    if head.contains(&0) {
        return Ok(false);
    }
    let head = head.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(head);
    Ok(head.split(|b| *b == b'\n' || *b == b'\r').any(|l| {
        l.len() >= 4
            && (l[3] == b' ' || l[3] == b'\t')
            && (matches!(
                &l[..3],
                b"001"
                    | b"012"
                    | b"022"
                    | b"032"
                    | b"042"
                    | b"052"
                    | b"062"
                    | b"092"
                    | b"102"
                    | b"122"
                    | b"132"
                    | b"142"
                    | b"192"
            ) || l.starts_with(b"XXR")
                || l.starts_with(b"XXC"))
    }))
}
