//! Where the commands' output goes: standard output, checked. Files are
//! written by the library's one atomic writer, [`crate::write::atomic`].

use crate::write::atomic::{refusal, Existing, Named, Refusal, Set};
use std::io::{self, Write};
use std::path::Path;

/// Writes to stdout. A closed pipe (`trf check … | head`) is not an error;
/// any other failure (a full disk, `>/dev/full`) ends the process with
/// exit status 2 and one line on stderr, so that no output is silently lost.
pub(crate) fn out(s: &str) {
    out_bytes(s.as_bytes());
}

/// [`out`] of what `write` makes, written as it is made (a whole month's
/// period is never held as text), and what `write` gives besides: a
/// closed pipe ends the writing quietly, any other failure as [`out`]
/// treats it.
pub(crate) fn out_stream<T>(write: impl FnOnce(&mut dyn Write) -> (T, io::Result<()>)) -> T {
    let mut w = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let (made, written) = write(&mut w);
    if let Err(e) = written.and_then(|()| w.flush()) {
        stdout_failed(&e);
    }
    made
}

/// [`out`] for JSON: its bidirectional controls escaped `\uNNNN`
/// (the values read back are the same).
pub(crate) fn out_json(s: &str) {
    out(&crate::source::safe_text::escape_json(s));
}

/// [`out`] for bytes (a report in its own encoding).
pub(crate) fn out_bytes(b: &[u8]) {
    use std::io::IsTerminal as _;
    let mut stdout = io::stdout().lock();
    let console = cfg!(windows) && stdout.is_terminal();
    let b = for_console(b, console);
    if let Err(e) = stdout.write_all(&b).and_then(|()| stdout.flush()) {
        stdout_failed(&e);
    }
}

/// The bytes to write: as they are, except to a Windows console, which
/// Rust's standard library writes in UTF-16 and so refuses bytes that are
/// not UTF-8 (a Windows-1252 report printed by `trf fmt`): those are shown
/// with U+FFFD for what is not UTF-8, as a terminal elsewhere shows them
/// garbled. Redirected to a file or a pipe, the bytes are kept.
fn for_console(b: &[u8], console: bool) -> std::borrow::Cow<'_, [u8]> {
    use std::borrow::Cow;
    if !console {
        return Cow::Borrowed(b);
    }
    match String::from_utf8_lossy(b) {
        Cow::Owned(text) => Cow::Owned(text.into_bytes()),
        Cow::Borrowed(_) => Cow::Borrowed(b),
    }
}

fn stdout_failed(e: &io::Error) {
    if !closed_pipe(e, cfg!(windows)) {
        eprintln!("trf: cannot write to standard output: {e}");
        std::process::exit(i32::from(super::EXIT_USAGE));
    }
}

/// True when `e` says the reader of the output went away (`| head`,
/// `| more` left early). Rust maps Windows' ERROR_BROKEN_PIPE (109) and
/// ERROR_NO_DATA (232, "the pipe is being closed") to `BrokenPipe`; a pipe
/// whose reader is gone can also give ERROR_PIPE_NOT_CONNECTED (233, what
/// Wine gives), which it does not. Elsewhere those numbers mean other things.
fn closed_pipe(e: &io::Error, windows: bool) -> bool {
    const ERROR_NO_DATA: i32 = 232;
    const ERROR_PIPE_NOT_CONNECTED: i32 = 233;
    e.kind() == io::ErrorKind::BrokenPipe
        || (windows
            && matches!(
                e.raw_os_error(),
                Some(ERROR_NO_DATA | ERROR_PIPE_NOT_CONNECTED)
            ))
}

/// Writes a page (an HTML report, an index, a certificate) to `dest` with
/// the library's one atomic writer. An existing file is kept unless
/// `force`, and the refusal says how to go on (`choose`: "another name",
/// "another folder"); `named`: whether the user named `dest` (`-o`; `-` is
/// standard output) or the command derived it, whose link is not followed.
/// `Err` is the exit status, the reason said on stderr.
pub(crate) fn write_page(
    dest: &Path,
    named: Named,
    force: bool,
    html: &str,
    choose: &str,
) -> Result<(), u8> {
    let mut set = Set::new();
    stage_page(&mut set, dest, named, force, html, choose)?;
    set.commit().map_err(|e| refused(dest, &e, choose))
}

/// [`write_page`] into a set of files written all or nothing.
pub(crate) fn stage_page(
    set: &mut Set,
    dest: &Path,
    named: Named,
    force: bool,
    html: &str,
    choose: &str,
) -> Result<(), u8> {
    let existing = if force {
        Existing::Force
    } else {
        Existing::Keep
    };
    set.add(dest, existing, named, |w| w.write_all(html.as_bytes()))
        .map_err(|e| refused(dest, &e, choose))
}

/// The words for a write that failed or was refused, and the exit status.
pub(crate) fn refused(dest: &Path, e: &io::Error, choose: &str) -> u8 {
    match refusal(e) {
        Some(Refusal::Exists) => {
            eprintln!(
                "trf: {} exists; choose {choose} with -o, or replace it with --force",
                super::files::shown(dest)
            );
        }
        Some(Refusal::ReadOnly) => {
            eprintln!(
                "trf: {} is read-only; choose {choose} with -o, or replace it with --force",
                super::files::shown(dest)
            );
        }
        Some(r) => {
            eprintln!(
                "trf: not writing {}: {r} (nothing was changed)",
                super::files::shown(dest)
            );
        }
        None => {
            eprintln!(
                "trf: cannot write {}: {e} (nothing was changed)",
                super::files::shown(dest)
            );
        }
    }
    super::EXIT_USAGE
}

/// True when `dest` is an existing regular file (through a link) or a link
/// (a dangling one too): what the writer would refuse without `--force`. A
/// device, FIFO or `-` is written into, never "taken".
pub(crate) fn taken(dest: &Path) -> bool {
    if dest.as_os_str() == "-" {
        return false;
    }
    match std::fs::symlink_metadata(dest) {
        Ok(m) if m.file_type().is_symlink() => {
            std::fs::metadata(dest).map_or(true, |m| m.is_file())
        }
        Ok(m) => m.is_file(),
        Err(_) => false,
    }
}

/// A file's identity: its device and inode (on other platforms, its
/// canonical path).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum FileId {
    #[cfg(unix)]
    Inode(u64, u64),
    #[cfg_attr(unix, allow(dead_code))]
    Path(std::path::PathBuf),
}

/// The identity of an existing file, following links.
pub(crate) fn file_id(p: &Path) -> Option<FileId> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        std::fs::metadata(p)
            .ok()
            .map(|m| FileId::Inode(m.dev(), m.ino()))
    }
    #[cfg(not(unix))]
    {
        std::fs::canonicalize(p).ok().map(FileId::Path)
    }
}

/// The identities of `files`, for one look-up each.
pub(crate) fn file_ids(files: &[std::path::PathBuf]) -> std::collections::HashSet<FileId> {
    files.iter().filter_map(|f| file_id(f)).collect()
}

/// True when `a` and `b` name the same existing file, however spelt
/// (`./x`, an absolute path, a symbolic link, a hard link).
pub(crate) fn same_file(a: &Path, b: &Path) -> bool {
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
    fn a_windows_console_gets_text() {
        let cp1252 = b"001    1 Jos\xe9\r\n";
        assert_eq!(&*for_console(cp1252, false), cp1252);
        assert_eq!(
            &*for_console(cp1252, true),
            "001    1 Jos\u{fffd}\r\n".as_bytes()
        );
        let utf8 = "001    1 José\r\n".as_bytes();
        assert_eq!(&*for_console(utf8, true), utf8);
    }

    #[test]
    fn a_closed_pipe_is_no_error() {
        let broken = io::Error::from(io::ErrorKind::BrokenPipe);
        assert!(closed_pipe(&broken, false));
        assert!(closed_pipe(&broken, true));
        for code in [232, 233] {
            let e = io::Error::from_raw_os_error(code);
            assert!(closed_pipe(&e, true), "{code} on Windows");
            assert!(!closed_pipe(&e, false), "{code} elsewhere");
        }
        let full = io::Error::from(io::ErrorKind::StorageFull);
        assert!(!closed_pipe(&full, true));
        assert!(!closed_pipe(&io::Error::from_raw_os_error(112), true));
    }

    #[test]
    fn the_same_file_however_spelt() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("report.trf");
        std::fs::write(&f, b"012 Only copy\r\n").unwrap();
        assert!(same_file(&dir.path().join(".").join("report.trf"), &f));
        #[cfg(unix)]
        {
            let link = dir.path().join("link.trf");
            std::os::unix::fs::symlink(&f, &link).unwrap();
            assert!(same_file(&link, &f));
        }
    }
}
