//! The one way trfkit writes a file: whole or not at all.
//!
//! A report is often the rating officer's only copy, and an index or an
//! HTML report may be read while it is being written. A file is therefore
//! never written in place: the new content goes to a temporary file in the
//! target's folder, is synced, gets the original's permissions (a new file
//! gets the mode of an ordinary document, not a temporary file's private
//! one) and is renamed over the target. Any error before the rename leaves
//! the target as it was and removes the temporary file.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// What to do when the target exists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Existing {
    /// Replace it (`--in-place`, `-o`, `--force`).
    Replace,
    /// Leave it alone and fail with [`io::ErrorKind::AlreadyExists`]: the
    /// rename itself refuses, so there is no window between a check and
    /// the write.
    Keep,
}

/// Writes `target` with what `fill` writes, atomically. A symbolic link is
/// followed: the file it points to is replaced, and the link stays.
pub(crate) fn write(
    target: &Path,
    existing: Existing,
    fill: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    let target = std::fs::canonicalize(target).unwrap_or_else(|_| target.to_path_buf());
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".trf-").suffix(".tmp");
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o644));
    let mut tmp = builder.tempfile_in(&dir)?;
    {
        let mut w = io::BufWriter::with_capacity(1 << 16, tmp.as_file_mut());
        fill(&mut w)?;
        w.flush()?;
    }
    if let Ok(meta) = std::fs::metadata(&target) {
        tmp.as_file().set_permissions(meta.permissions())?;
    }
    tmp.as_file().sync_all()?;
    match existing {
        Existing::Replace => tmp.persist(&target).map_err(|e| e.error)?,
        Existing::Keep => tmp.persist_noclobber(&target).map_err(|e| e.error)?,
    };
    sync_dir(&dir);
    Ok(())
}

/// The rename is durable once the folder is synced (best effort: not every
/// platform can open a folder).
fn sync_dir(dir: &Path) {
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
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
        let err = write(&f, Existing::Replace, |w| {
            w.write_all(b"012 Half")?;
            Err(io::Error::new(io::ErrorKind::StorageFull, "disk full"))
        })
        .unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::StorageFull);
        assert_eq!(std::fs::read(&f).unwrap(), b"012 Only copy\r\n");
        // No temporary file is left behind.
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn keep_refuses_an_existing_file_and_leaves_it() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("r.html");
        std::fs::write(&f, b"mine").unwrap();
        let err = write(&f, Existing::Keep, |w| w.write_all(b"new")).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::AlreadyExists);
        assert_eq!(std::fs::read(&f).unwrap(), b"mine");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        let g = dir.path().join("new.html");
        write(&g, Existing::Keep, |w| w.write_all(b"new")).unwrap();
        assert_eq!(std::fs::read(&g).unwrap(), b"new");
    }

    #[cfg(unix)]
    #[test]
    fn replacing_keeps_permissions_and_links_and_a_new_file_is_not_private() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("report.trf");
        std::fs::write(&f, b"old").unwrap();
        std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o640)).unwrap();
        let link = dir.path().join("link.trf");
        std::os::unix::fs::symlink(&f, &link).unwrap();
        write(&link, Existing::Replace, |w| w.write_all(b"new")).unwrap();
        assert_eq!(std::fs::read(&f).unwrap(), b"new");
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        let mode = std::fs::metadata(&f).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
        let g = dir.path().join("fresh.trf");
        write(&g, Existing::Replace, |w| w.write_all(b"x")).unwrap();
        let mode = std::fs::metadata(&g).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o644);
    }
}
