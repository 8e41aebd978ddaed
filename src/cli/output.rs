//! Where the commands' output goes: standard output, checked, and files,
//! written atomically.
//!
//! A report is often the rating officer's only copy. A file is therefore
//! never written in place: the new content goes to a temporary file in the
//! target's folder, is synced, gets the original's permissions and is
//! renamed over the target. Any error before the rename leaves the target as
//! it was (and removes the temporary file).

use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Writes to stdout. A closed pipe (`trf check … | head`) is not an error;
/// any other failure (a full disk, `>/dev/full`) ends the process with
/// exit status 2 and one line on stderr, so that no output is silently lost.
pub fn out(s: &str) {
    let mut stdout = io::stdout().lock();
    if let Err(e) = stdout.write_all(s.as_bytes()).and_then(|()| stdout.flush()) {
        stdout_failed(&e);
    }
}

/// [`out`] for bytes (a report in its own encoding).
pub fn out_bytes(b: &[u8]) {
    let mut stdout = io::stdout().lock();
    if let Err(e) = stdout.write_all(b).and_then(|()| stdout.flush()) {
        stdout_failed(&e);
    }
}

fn stdout_failed(e: &io::Error) {
    if e.kind() != io::ErrorKind::BrokenPipe {
        eprintln!("trf: cannot write to standard output: {e}");
        std::process::exit(i32::from(super::EXIT_USAGE));
    }
}

/// Replaces `target` (or creates it) with what `fill` writes, atomically:
/// a temporary file beside the target, synced, with the target's
/// permissions, renamed over it. A symbolic link is followed: the file it
/// points to is replaced, and the link stays.
pub fn write_atomic(
    target: &Path,
    fill: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    let target = resolve(target);
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut tmp = tempfile::Builder::new()
        .prefix(".trf-")
        .suffix(".tmp")
        .tempfile_in(&dir)?;
    {
        let mut w = io::BufWriter::new(tmp.as_file_mut());
        fill(&mut w)?;
        w.flush()?;
    }
    if let Ok(meta) = std::fs::metadata(&target) {
        tmp.as_file().set_permissions(meta.permissions())?;
    }
    tmp.as_file().sync_all()?;
    tmp.persist(&target).map_err(|e| e.error)?;
    // The rename is durable once the folder is synced (best effort: not
    // every platform can open a folder).
    if let Ok(d) = std::fs::File::open(&dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// The file a path names, through symbolic links (the path itself when it
/// does not exist yet).
fn resolve(p: &Path) -> PathBuf {
    std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf())
}

/// True when `a` and `b` name the same existing file, however spelt
/// (`./x`, an absolute path, a symbolic link, a hard link).
pub fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(x), Ok(y)) = (std::fs::metadata(a), std::fs::metadata(b)) {
            return x.dev() == y.dev() && x.ino() == y.ino();
        }
    }
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_write_leaves_the_target_untouched() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("report.trf");
        std::fs::write(&f, b"012 Only copy\r\n").unwrap();
        let err = write_atomic(&f, |w| {
            w.write_all(b"012 Half")?;
            Err(io::Error::new(io::ErrorKind::StorageFull, "disk full"))
        })
        .unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::StorageFull);
        assert_eq!(std::fs::read(&f).unwrap(), b"012 Only copy\r\n");
        // No temporary file is left behind.
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[cfg(unix)]
    #[test]
    fn replacing_keeps_permissions_and_links() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("report.trf");
        std::fs::write(&f, b"old").unwrap();
        std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o640)).unwrap();
        let link = dir.path().join("link.trf");
        std::os::unix::fs::symlink(&f, &link).unwrap();
        write_atomic(&link, |w| w.write_all(b"new")).unwrap();
        assert_eq!(std::fs::read(&f).unwrap(), b"new");
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        let mode = std::fs::metadata(&f).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
        assert!(same_file(&link, &f));
        assert!(same_file(&dir.path().join(".").join("report.trf"), &f));
    }
}
