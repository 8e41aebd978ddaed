//! A zip of reports, as arbiters e-mail them, read like a folder.
//!
//! The reports in an archive are never unpacked: each is read from the
//! archive into memory when its turn comes, and shown as
//! `archive.zip:inner/name.trf`. A member is named, in the list of inputs
//! every command walks, by a path no file system can open: the archive's
//! path, then a component that starts with a NUL byte and holds the
//! member's index, then the member's name. Its name is thus never used as a
//! path: every open, write or link of such a path fails, and only
//! [`read`] gives its bytes. The last component is the member's own file
//! name, which the registrations file and `trf report`'s page names read,
//! as they read a file's in a folder.
//!
//! Bounds (a zip bomb stops with a clear message, before anything is read
//! past them): at most [`MAX_ENTRIES`] entries in an archive; the reports
//! of an archive together at most [`MAX_TOTAL`] bytes as they declare
//! them; one report at most `--max-size` and at most [`MAX_RATIO`] times
//! its compressed size (when over 1 MiB), counted as it is read, whatever
//! it declares. A zip inside the archive is not opened.

use crate::read::{ReadError, ReadOptions};
use crate::source::archive::{is_zip, Bounds};
use std::ffi::{OsStr, OsString};
use std::io::Read;
use std::path::{Component, Path, PathBuf};

/// The most entries (files and folders) an archive may hold.
pub(crate) const MAX_ENTRIES: usize = 2000;
/// The most the reports of one archive may declare together.
pub(crate) const MAX_TOTAL: u64 = 1 << 30;
/// The most a report may expand relative to its compressed size: text
/// compresses about tenfold, a zip bomb a thousandfold.
pub(crate) const MAX_RATIO: u64 = 100;

/// The bounds of one report in an archive, of at most `max_member` bytes.
fn bounds(max_member: u64) -> Bounds {
    Bounds {
        max_member,
        max_ratio: MAX_RATIO,
        ratio_floor: 1 << 20,
        what: "any tournament report",
    }
}

/// True when `path` is a regular file that starts like a zip archive.
pub(crate) fn is_archive(path: &Path) -> bool {
    if split(path).is_some() || !std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
        return false;
    }
    let mut magic = [0u8; 4];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut magic))
        .is_ok_and(|()| is_zip(&magic))
}

/// The reports an archive holds, and what it passes over.
#[derive(Debug, Default)]
pub(crate) struct Members {
    /// The reports, as the paths [`read`] reads, sorted by name.
    pub(crate) reports: Vec<PathBuf>,
    /// Members that are not reports, with why.
    pub(crate) skipped: Vec<(PathBuf, String)>,
    /// Members that cannot be read, with why.
    pub(crate) unreadable: Vec<(PathBuf, String)>,
}

/// Lists the reports in `archive`: the members whose first bytes look like
/// a TRF. `Err` when the archive itself cannot be read or is over the
/// bounds.
pub(crate) fn members(archive: &Path) -> Result<Members, String> {
    let file = std::fs::File::open(archive).map_err(|e| e.to_string())?;
    let mut zip =
        zip::ZipArchive::new(file).map_err(|e| format!("not a readable zip archive: {e}"))?;
    if zip.len() > MAX_ENTRIES {
        return Err(format!(
            "the archive holds {} entries, more than the {MAX_ENTRIES} read in one archive (a zip bomb?); unpack it, or send the reports in smaller archives",
            zip.len()
        ));
    }
    let ratio = bounds(MAX_TOTAL);
    let mut out = Members::default();
    let mut found: Vec<(String, PathBuf)> = Vec::new();
    let mut total = 0u64;
    for i in 0..zip.len() {
        let (name, size, compressed) = match zip.by_index_raw(i) {
            Ok(e) if e.is_dir() => continue,
            Ok(e) => (e.name().to_owned(), e.size(), e.compressed_size()),
            Err(e) => {
                out.unreadable.push((
                    member_path(archive, i, &format!("#{}", i + 1)),
                    e.to_string(),
                ));
                continue;
            }
        };
        let path = member_path(archive, i, &name);
        if name.is_empty() || name.contains('\0') {
            out.skipped
                .push((path, "a member without a usable name".into()));
            continue;
        }
        if size > ratio.limit(compressed) {
            out.unreadable.push((
                path,
                ratio.too_large(&name, ratio.limit(compressed)).to_string(),
            ));
            continue;
        }
        total = total.saturating_add(size);
        if total > MAX_TOTAL {
            return Err(format!(
                "the archive's members expand to more than {MAX_TOTAL} bytes together, far more than any month of reports (a zip bomb?); not read"
            ));
        }
        let mut head = Vec::with_capacity(8192);
        let read = zip
            .by_index(i)
            .map_err(std::io::Error::other)
            .and_then(|m| {
                ratio
                    .capped(m, &name, compressed)
                    .take(8192)
                    .read_to_end(&mut head)
            });
        match read {
            Err(e) => out.unreadable.push((path, e.to_string())),
            Ok(_) if is_zip(&head) => out.skipped.push((
                path,
                "a zip inside the archive is not opened; unpack it and give its reports".into(),
            )),
            Ok(_) if crate::source::sniff::looks_like_trf(&head) => found.push((name, path)),
            Ok(_) => out.skipped.push((path, "does not look like a TRF".into())),
        }
    }
    found.sort();
    out.reports = found.into_iter().map(|(_, p)| p).collect();
    Ok(out)
}

/// The bytes of the member `path` names, when it names one; at most
/// `--max-size` of them, and at most the ratio's bound.
pub(crate) fn read(path: &Path, opts: &ReadOptions) -> Option<Result<Vec<u8>, ReadError>> {
    let (archive, index, _) = split(path)?;
    let io = |source| ReadError::Io {
        path: super::files::shown(path),
        source,
    };
    // The archive read last on this thread is kept open: its directory is
    // read once per thread, not once per report (2,000 reports in one
    // archive took 41 s instead of 9 s, reading it again for each).
    thread_local! {
        static OPEN: std::cell::RefCell<Option<(PathBuf, zip::ZipArchive<std::fs::File>)>> =
            const { std::cell::RefCell::new(None) };
    }
    Some(OPEN.with_borrow_mut(|open| {
        if open.as_ref().is_none_or(|(p, _)| *p != archive) {
            *open = None;
            let file = std::fs::File::open(&archive).map_err(io)?;
            let zip = zip::ZipArchive::new(file).map_err(|e| io(std::io::Error::other(e)))?;
            *open = Some((archive.clone(), zip));
        }
        let Some((_, zip)) = open.as_mut() else {
            return Err(io(std::io::Error::other("the archive is not open")));
        };
        let member = zip
            .by_index(index)
            .map_err(|e| io(std::io::Error::other(e)))?;
        if member.size() > opts.max_file_bytes {
            return Err(ReadError::TooLarge {
                size: member.size(),
                limit: opts.max_file_bytes,
            });
        }
        let name = member.name().to_owned();
        let size = member.size();
        let compressed = member.compressed_size();
        let b = bounds(opts.max_file_bytes);
        if size > b.limit(compressed) {
            return Err(io(b.too_large(&name, b.limit(compressed))));
        }
        let mut bytes = Vec::with_capacity(usize::try_from(size).unwrap_or(0));
        b.capped(member, &name, compressed)
            .read_to_end(&mut bytes)
            .map_err(io)?;
        Ok(bytes)
    }))
}

/// The marker component: a NUL byte, which no file name holds, and the
/// member's index.
fn marker(index: usize) -> String {
    format!("\0{index}")
}

/// The path that names member `index` (named `name`) of `archive`. Built
/// by concatenation, never by `push`: a name starting with `/` or a drive
/// does not replace the archive.
fn member_path(archive: &Path, index: usize, name: &str) -> PathBuf {
    let mut s = OsString::from(archive.as_os_str());
    s.push("/");
    s.push(marker(index));
    s.push("/");
    s.push(name);
    PathBuf::from(s)
}

/// The archive, the index and the name of a member's path; `None` for any
/// other path.
pub(crate) fn split(path: &Path) -> Option<(PathBuf, usize, String)> {
    let mut archive = PathBuf::new();
    let mut comps = path.components();
    while let Some(c) = comps.next() {
        if let Component::Normal(s) = c {
            if let Some(index) = index_of(s) {
                let name: Vec<String> = comps
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                return Some((archive, index, name.join("/")));
            }
        }
        archive.push(c);
    }
    None
}

fn index_of(component: &OsStr) -> Option<usize> {
    let rest = component.as_encoded_bytes().strip_prefix(b"\0")?;
    std::str::from_utf8(rest).ok()?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::source::archive::test_zip as archive;

    const TRF: &[u8] = b"012 Open\n001    1      Doe, John                         2000 USA                    2000.00.00  0.0    1\n";

    #[test]
    fn members_are_named_by_paths_no_file_system_opens() {
        let p = member_path(Path::new("mail/reports.zip"), 3, "../../etc/x.trf");
        assert_eq!(
            split(&p),
            Some((
                PathBuf::from("mail/reports.zip"),
                3,
                "../../etc/x.trf".into()
            ))
        );
        assert!(std::fs::metadata(&p).is_err());
        assert!(std::fs::write(&p, b"x").is_err());
        assert_eq!(
            super::super::files::shown(&p),
            "mail/reports.zip:../../etc/x.trf"
        );
        // A name starting at the root does not replace the archive.
        let p = member_path(Path::new("a.zip"), 0, "/abs/x.trf");
        assert_eq!(split(&p).unwrap().0, PathBuf::from("a.zip"));
        assert_eq!(p.file_name(), Some(OsStr::new("x.trf")));
        assert_eq!(split(Path::new("a.zip/x.trf")), None);
        assert_eq!(split(Path::new("a.zip/0/x.trf")), None);
    }

    #[test]
    fn reports_are_listed_and_read_from_the_archive() {
        let dir = tempfile::tempdir().unwrap();
        let z = dir.path().join("mail.zip");
        std::fs::write(
            &z,
            archive(&[
                ("round/b.trf", TRF),
                ("notes.pdf", b"%PDF-1.4"),
                ("a.TXT", TRF),
                ("inner.zip", &archive(&[("c.trf", TRF)])),
            ]),
        )
        .unwrap();
        assert!(is_archive(&z));
        let m = members(&z).unwrap();
        let shown: Vec<String> = m
            .reports
            .iter()
            .map(|p| super::super::files::shown(p))
            .collect();
        let at = super::super::files::shown(dir.path());
        assert_eq!(
            shown,
            [
                format!("{at}/mail.zip:a.TXT"),
                format!("{at}/mail.zip:round/b.trf")
            ]
        );
        assert_eq!(m.skipped.len(), 2, "{:?}", m.skipped);
        assert!(m.skipped[1].1.contains("zip inside"), "{:?}", m.skipped);
        let bytes = read(&m.reports[1], &ReadOptions::default())
            .unwrap()
            .unwrap();
        assert_eq!(bytes, TRF);
        assert!(read(&z, &ReadOptions::default()).is_none());
        let small = ReadOptions {
            max_file_bytes: 10,
            ..ReadOptions::default()
        };
        let err = read(&m.reports[1], &small).unwrap().unwrap_err();
        assert!(
            err.to_string().contains("over the limit of 10 bytes"),
            "{err}"
        );
        // Nothing was unpacked.
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn a_zip_bomb_gets_a_clear_message() {
        let dir = tempfile::tempdir().unwrap();
        // 40 MiB of blanks after a TRF line compress to some 40 KiB: a
        // ratio near 1000, over the 100 of a report.
        let mut big = TRF.to_vec();
        big.resize(40 << 20, b' ');
        let z = dir.path().join("bomb.zip");
        std::fs::write(&z, archive(&[("big.trf", &big), ("ok.trf", TRF)])).unwrap();
        let m = members(&z).unwrap();
        assert_eq!(m.reports.len(), 1);
        assert_eq!(m.unreadable.len(), 1);
        assert!(
            m.unreadable[0].1.contains("(a zip bomb?)"),
            "{:?}",
            m.unreadable
        );
        // Too many entries: refused before any is read.
        let names: Vec<String> = (0..=MAX_ENTRIES).map(|i| format!("{i}.trf")).collect();
        let many: Vec<(&str, &[u8])> = names.iter().map(|n| (n.as_str(), TRF)).collect();
        let z = dir.path().join("many.zip");
        std::fs::write(&z, archive(&many)).unwrap();
        let err = members(&z).unwrap_err();
        assert!(err.contains("2001 entries, more than the 2000"), "{err}");
        // A damaged archive.
        let z = dir.path().join("bad.zip");
        let mut bytes = archive(&[("a.trf", TRF)]);
        bytes.truncate(bytes.len() - 10);
        std::fs::write(&z, bytes).unwrap();
        assert!(members(&z)
            .unwrap_err()
            .starts_with("not a readable zip archive"));
    }
}
