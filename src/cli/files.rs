//! Turning `PATH...` into the list of reports to check.
//!
//! Files named on the command line are always taken. Folders are walked
//! recursively, following symbolic links (a link back to a folder above is
//! reported, not followed forever); a file found there is taken when its
//! first bytes look like a TRF (in UTF-16 too), whatever its extension, and
//! skipped with a note otherwise. What cannot be read is reported, and makes
//! the run end with exit status 2. A walk enters each folder and takes each
//! file once, however many links lead to it (by device and inode). A zip
//! archive, named or found in a folder, is read like a folder of the
//! reports it holds, within bounds and without unpacking it
//! ([`super::archive`]).

use std::io::Read;
use std::path::{Path, PathBuf};

/// What to check, and what was passed over.
#[derive(Debug, Default)]
pub(crate) struct Inputs {
    /// Files to check, sorted by path within each argument.
    pub(crate) files: Vec<PathBuf>,
    /// Files skipped because they do not look like a TRF.
    pub(crate) skipped: Vec<(PathBuf, String)>,
    /// Arguments, files and folders that do not exist or cannot be read
    /// (broken links, link loops, permissions).
    pub(crate) missing: Vec<(PathBuf, String)>,
}

/// Expands the arguments.
pub(crate) fn expand(paths: &[PathBuf]) -> Inputs {
    let mut inputs = Inputs::default();
    // Every folder and file met in a walk, by device and inode: a tree of
    // links fanning out (each folder linking twice to the next) reaches one
    // file by 2^n paths; it is read once, by the first path in order.
    let mut seen: std::collections::HashSet<super::output::FileId> =
        std::collections::HashSet::new();
    for p in paths {
        if p.as_os_str() == "-" {
            // Standard input.
            inputs.files.push(p.clone());
            continue;
        }
        match std::fs::metadata(p) {
            Err(e) => inputs.missing.push((p.clone(), e.to_string())),
            Ok(m) if m.is_dir() => {
                let mut found = Vec::new();
                let walk = walkdir::WalkDir::new(p)
                    .follow_links(true)
                    .sort_by_file_name()
                    .into_iter()
                    .filter_entry(|e| {
                        !e.file_type().is_dir()
                            || super::output::file_id(e.path()).is_none_or(|id| seen.insert(id))
                    });
                let mut files_seen = std::collections::HashSet::new();
                for entry in walk {
                    match entry {
                        Ok(e) if e.file_type().is_file() => {
                            if super::output::file_id(e.path())
                                .is_none_or(|id| files_seen.insert(id))
                            {
                                found.push(e.into_path());
                            }
                        }
                        Ok(_) => {}
                        Err(e) => {
                            let at = e.path().unwrap_or(p).to_path_buf();
                            inputs.missing.push((at, e.to_string()));
                        }
                    }
                }
                for f in found {
                    if super::archive::is_archive(&f) {
                        add_archive(&f, &mut inputs);
                        continue;
                    }
                    match sniff(&f) {
                        Ok(true) => inputs.files.push(f),
                        Ok(false) => inputs.skipped.push((f, "does not look like a TRF".into())),
                        Err(e) => inputs.missing.push((f, e.to_string())),
                    }
                }
            }
            Ok(_) if super::archive::is_archive(p) => add_archive(p, &mut inputs),
            Ok(_) => inputs.files.push(p.clone()),
        }
    }
    inputs
}

/// The reports of a zip archive, as the reports of a folder.
fn add_archive(archive: &Path, inputs: &mut Inputs) {
    match super::archive::members(archive) {
        Ok(m) => {
            inputs.files.extend(m.reports);
            inputs.skipped.extend(m.skipped);
            inputs.missing.extend(m.unreadable);
        }
        Err(why) => inputs.missing.push((archive.to_path_buf(), why)),
    }
}

/// Refuses what `trf check` and `trf rate` would not take as one report,
/// in the words of their walk of the arguments: a path that does not
/// exist or cannot be read, and a folder (every report in it), for
/// [`super::embed`].
pub(crate) fn one_report(path: &Path) -> Result<(), String> {
    let found = expand(&[path.to_path_buf()]);
    if let Some((p, why)) = found.missing.first() {
        return Err(format!("{}: {why}", shown(p)));
    }
    if found.files.as_slice() != [path] {
        let what = if path.is_dir() {
            "a folder"
        } else {
            "an archive of reports"
        };
        return Err(format!("{}: {what}, not one report", shown(path)));
    }
    Ok(())
}

/// True when the first 8 KiB hold a line starting with a TRF record code
/// followed by a blank (`001 `, `012 `, `XXR `, `###` …) and no NUL byte.
pub(crate) fn sniff(path: &Path) -> std::io::Result<bool> {
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
    Ok(crate::source::sniff::looks_like_trf(&buf[..n]))
}

/// Says on stderr, in the words every command uses, what a walk of the
/// paths given could not read (`missing`) and what it passed over as not a
/// TRF (`skipped`).
pub(crate) fn announce(inputs: &Inputs) {
    for (p, why) in &inputs.missing {
        eprintln!("trf: {}: {}", shown(p), super::terminal::escape(why));
    }
    for (p, why) in &inputs.skipped {
        eprintln!("trf: skipped {}: {why}", shown(p));
    }
}

/// A path for printing: lossless and safe on a terminal, as the user typed
/// it. Control characters become `\u{NN}`, so the name never moves the
/// cursor or changes colours. On Unix, bytes that are not UTF-8 (a file
/// name from another system) become `\xNN` and a backslash, which may be
/// part of a name there, `\\`, so the name can be recovered exactly. On
/// Windows a backslash is the separator and stays as it is (`C:\Reports`);
/// a name there is UTF-16, and a unit that is not text (an unpaired
/// surrogate) is shown as `\u{d8xx}` rather than replaced.
pub(crate) fn shown(p: &Path) -> String {
    // A report in a zip archive: `archive.zip:inner/name.trf`.
    if let Some((archive, _, name)) = super::archive::split(p) {
        let mut out = shown(&archive);
        out.push(':');
        name.chars().for_each(|c| shown_char(c, &mut out));
        return out;
    }
    #[cfg(windows)]
    {
        use std::os::windows::ffi::OsStrExt;
        shown_wide(p.as_os_str().encode_wide())
    }
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        shown_bytes(p.as_os_str().as_bytes())
    }
    #[cfg(not(any(unix, windows)))]
    {
        shown_bytes(p.as_os_str().as_encoded_bytes())
    }
}

/// [`shown`] of a name given as bytes (Unix).
#[cfg(any(not(windows), test))]
fn shown_bytes(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '\\' => out.push_str("\\\\"),
                c => shown_char(c, &mut out),
            }
        }
        for b in chunk.invalid() {
            out.push_str(&format!("\\x{b:02X}"));
        }
    }
    out
}

/// [`shown`] of a name given as UTF-16 (Windows).
#[cfg(any(windows, test))]
fn shown_wide(units: impl Iterator<Item = u16>) -> String {
    let mut out = String::new();
    for c in char::decode_utf16(units) {
        match c {
            Ok(c) => shown_char(c, &mut out),
            Err(e) => out.push_str(&format!("\\u{{{:x}}}", e.unpaired_surrogate())),
        }
    }
    out
}

/// One character of a shown name: a control character escaped.
fn shown_char(c: char, out: &mut String) {
    if c.is_control() {
        out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
    } else {
        out.push(c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn names_are_shown_losslessly_and_safely() {
        use std::os::unix::ffi::OsStrExt;
        let p = Path::new(std::ffi::OsStr::from_bytes(b"dir/Jos\xe9 a\\b\x1b[31m.trf"));
        assert_eq!(shown(p), "dir/Jos\\xE9 a\\\\b\\u{1b}[31m.trf");
        assert_eq!(shown(Path::new("samples/é.trf")), "samples/é.trf");
    }

    #[test]
    fn windows_names_are_shown_as_typed() {
        let wide = |s: &str| shown_wide(s.encode_utf16());
        assert_eq!(wide(r"samples\hand\x.trf"), r"samples\hand\x.trf");
        assert_eq!(
            wide(r"Z:\Turniere\Zürich Open\ß.trf"),
            r"Z:\Turniere\Zürich Open\ß.trf"
        );
        assert_eq!(wide("a\u{1b}[2J"), r"a\u{1b}[2J");
        // An unpaired surrogate is not text: shown as its unit, not as U+FFFD.
        let mut units: Vec<u16> = r"C:\x".encode_utf16().collect();
        units.push(0xD800);
        units.extend(".trf".encode_utf16());
        assert_eq!(shown_wide(units.into_iter()), r"C:\x\u{d800}.trf");
    }

    #[test]
    fn utf16_reports_are_recognised() {
        let dir = tempfile::tempdir().unwrap();
        for (name, bom, le) in [
            ("le.trf", [0xFF, 0xFE], true),
            ("be.trf", [0xFE, 0xFF], false),
        ] {
            let mut bytes = bom.to_vec();
            for u in "012 Open\r\n".encode_utf16() {
                let b = if le { u.to_le_bytes() } else { u.to_be_bytes() };
                bytes.extend(b);
            }
            let f = dir.path().join(name);
            std::fs::write(&f, bytes).unwrap();
            assert!(sniff(&f).unwrap(), "{name}");
        }
    }
}
