//! The one way trfkit writes a file: whole or not at all, and never where it
//! was not asked to.
//!
//! A report is often the rating officer's only copy, an index or an HTML
//! report may be read while it is being written, and folders are shared
//! (`/tmp`, a club's network drive), where another user may plant a link or
//! a FIFO where trfkit is about to write. So:
//!
//! * **Atomic.** The new content goes to a temporary file in the target's
//!   folder (created exclusively, `O_CREAT|O_EXCL`, which never follows a
//!   link), is synced and renamed over the target. Any error before the
//!   rename leaves the target as it was and removes the temporary file. A
//!   rename replaces whatever is at the destination and never writes through
//!   it: a link planted there after our look is replaced, not followed.
//! * **Links.** A symbolic link is followed only when it is the path the
//!   user named (`-o LINK`, `--in-place LINK`): that is what the user asked
//!   for, and the file it points to is replaced, the link kept. A path trfkit
//!   derived itself (`LIST.trfidx`, `NAME.report.html`) that turns out to be
//!   a link is refused: nobody asked to write where it points.
//! * **Devices, FIFOs, sockets** are never replaced by a regular file. One
//!   the user named (`-o /dev/null`, `-o /dev/stdout`, a FIFO) is written
//!   into, as a shell's `>` would; a derived path that is one is refused
//!   (writing into a planted FIFO would block forever). `-` is standard
//!   output.
//! * **An existing file** is refused with [`Existing::Keep`]; replaced with
//!   [`Existing::Replace`] only when it is writable (mode bits: root may write
//!   anything, and a read-only file is a person's way of saying "leave it");
//!   [`Existing::Force`] replaces a read-only file too.
//! * **Mode, owner, group.** The temporary file is created with the final
//!   mode (the original's, or an ordinary document's 0644 for a new file),
//!   narrowed by the umask, so a 0600 report is never copied into a
//!   world-readable file; after the write it gets the original's exact mode,
//!   owner and group. When they cannot be kept (an unprivileged user
//!   replacing another user's file in a shared folder would make it his own),
//!   the write is refused: the file is left as it was and the message says
//!   why. Root keeps them (`fchown`).
//! * **Hard links.** A file with several names cannot be replaced by rename
//!   without splitting them (the other names keep the old content); it is
//!   refused with a message, and left as it was.
//! * **Several files** ([`Set`]): every file is written to its temporary file
//!   first; only when all are written (a full disk fails here) are they
//!   renamed into place. A rename that fails after others succeeded removes
//!   the new files already placed (those that did not exist before).

use std::fmt;
use std::fs::{File, Metadata};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// What to do when the target exists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Existing {
    /// Replace it when it is writable (`--in-place`, an index); a read-only
    /// file is refused ([`Refusal::ReadOnly`]).
    Replace,
    /// Replace it even when it is read-only (`--force`).
    Force,
    /// Leave it alone and fail with [`io::ErrorKind::AlreadyExists`]: the
    /// rename itself refuses, so there is no window between a check and
    /// the write.
    Keep,
}

/// Whether the user named the target or trfkit derived it from another
/// name. Only a named target's link is followed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Named {
    /// The user named this path (`-o`, `--in-place`).
    ByUser,
    /// trfkit made it up (`LIST.trfidx`, `NAME.report.html`).
    Derived,
}

/// Why the writer refused a target: carried inside the [`io::Error`] (see
/// [`refusal`]) so that the command line can add the flag that overrides it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// The target exists ([`Existing::Keep`]).
    Exists,
    /// The target is read-only and [`Existing::Force`] was not given.
    ReadOnly,
    /// A link at a path trfkit derived.
    Link,
    /// A device, FIFO or socket at a path trfkit derived.
    Special,
    /// A folder.
    Folder,
    /// The file has this many names (hard links). Only Unix tells the
    /// writer a file's names (and owner): elsewhere it is never made.
    #[cfg_attr(not(unix), allow(dead_code))]
    HardLinks(u64),
    /// The owner or group cannot be kept.
    #[cfg_attr(not(unix), allow(dead_code))]
    Owner,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Exists => f.write_str("it exists"),
            Refusal::ReadOnly => f.write_str("it is read-only"),
            Refusal::Link => f.write_str(
                "it is a symbolic link, and trf follows only a link it was named (name it with -o)",
            ),
            Refusal::Special => {
                f.write_str("it is a device, FIFO or socket, and trf was not named it")
            }
            Refusal::Folder => f.write_str("it is a folder"),
            Refusal::HardLinks(n) => write!(
                f,
                "it has {n} names (hard links), and replacing it would leave the others \
                 with the old content; write to another file with -o"
            ),
            Refusal::Owner => f.write_str(
                "it belongs to another user or group, and replacing it would change its owner; \
                 write to another file with -o",
            ),
        }
    }
}

impl std::error::Error for Refusal {}

fn refuse(r: Refusal) -> io::Error {
    let kind = match r {
        Refusal::Exists => io::ErrorKind::AlreadyExists,
        Refusal::Folder => io::ErrorKind::IsADirectory,
        _ => io::ErrorKind::PermissionDenied,
    };
    io::Error::new(kind, r)
}

/// The writer's refusal inside an error, if it is one.
pub(crate) fn refusal(e: &io::Error) -> Option<&Refusal> {
    e.get_ref().and_then(|r| r.downcast_ref::<Refusal>())
}

/// Writes `target`, a path the user named, with what `fill` writes,
/// atomically (see the module's rules).
pub(crate) fn write(
    target: &Path,
    existing: Existing,
    fill: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    write_to(target, existing, Named::ByUser, fill)
}

/// [`write`] with the target's provenance given.
pub(crate) fn write_to(
    target: &Path,
    existing: Existing,
    named: Named,
    fill: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    let mut set = Set::new();
    set.add(target, existing, named, fill)?;
    set.commit()
}

/// Where one file of a [`Set`] goes.
enum Staged {
    /// Written into already (standard output, a device, a FIFO).
    Done,
    /// A temporary file to rename to `dest`.
    Temp {
        /// Closed (a set of thousands of files holds no descriptors).
        tmp: tempfile::TempPath,
        dest: PathBuf,
        dir: PathBuf,
        existing: Existing,
        existed: bool,
    },
}

/// Several files written all or nothing: [`Set::add`] writes each to its
/// temporary file, [`Set::commit`] renames them all into place. Dropping a
/// set without committing removes every temporary file and changes nothing.
#[derive(Default)]
pub(crate) struct Set {
    staged: Vec<Staged>,
}

impl Set {
    pub(crate) fn new() -> Set {
        Set::default()
    }

    /// Writes one file of the set to its temporary file (or, for standard
    /// output, a device or a FIFO the user named, into it).
    pub(crate) fn add(
        &mut self,
        target: &Path,
        existing: Existing,
        named: Named,
        fill: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    ) -> io::Result<()> {
        if named == Named::ByUser && target.as_os_str() == "-" {
            let mut out = io::stdout().lock();
            fill(&mut out)?;
            out.flush()?;
            self.staged.push(Staged::Done);
            return Ok(());
        }
        let (dest, meta) = resolve(target, named)?;
        if let Some(m) = &meta {
            let ft = m.file_type();
            if ft.is_dir() {
                return Err(refuse(Refusal::Folder));
            }
            if !ft.is_file() {
                // A device, FIFO or socket the user named: written into
                // (derived ones were refused by `resolve`).
                let mut f = std::fs::OpenOptions::new().write(true).open(&dest)?;
                let mut w = io::BufWriter::with_capacity(1 << 16, &mut f);
                fill(&mut w)?;
                w.flush()?;
                self.staged.push(Staged::Done);
                return Ok(());
            }
            check_existing(m, existing)?;
        }
        let dir = match dest.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let mut builder = tempfile::Builder::new();
        builder.prefix(".trf-").suffix(".tmp");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            // The final mode from the start (narrowed by the umask), never
            // more open than the file it will replace.
            let mode = meta
                .as_ref()
                .map_or(0o644, |m| m.permissions().mode() & 0o777);
            builder.permissions(std::fs::Permissions::from_mode(mode));
        }
        let mut tmp = builder.tempfile_in(&dir)?;
        {
            let mut w = io::BufWriter::with_capacity(1 << 16, tmp.as_file_mut());
            fill(&mut w)?;
            w.flush()?;
        }
        if let Some(m) = &meta {
            keep_owner_and_mode(tmp.as_file(), m)?;
        }
        tmp.as_file().sync_all()?;
        self.staged.push(Staged::Temp {
            tmp: tmp.into_temp_path(),
            dest,
            dir,
            existing,
            existed: meta.is_some(),
        });
        Ok(())
    }

    /// Renames every staged file into place.
    pub(crate) fn commit(self) -> io::Result<()> {
        let mut placed: Vec<PathBuf> = Vec::new();
        let mut dirs: Vec<PathBuf> = Vec::new();
        for s in self.staged {
            let Staged::Temp {
                tmp,
                dest,
                dir,
                existing,
                existed,
            } = s
            else {
                continue;
            };
            let r = match existing {
                Existing::Replace | Existing::Force => tmp.persist(&dest).map(|_| ()),
                Existing::Keep => tmp.persist_noclobber(&dest).map(|_| ()),
            };
            if let Err(e) = r {
                // All or nothing, as far as a rename allows: the new files
                // already placed go; the rest of the temporary files are
                // removed when the set's iterator drops.
                for p in &placed {
                    let _ = std::fs::remove_file(p);
                }
                let e = e.error;
                return Err(if e.kind() == io::ErrorKind::AlreadyExists {
                    refuse(Refusal::Exists)
                } else {
                    e
                });
            }
            if !existed {
                placed.push(dest);
            }
            if !dirs.contains(&dir) {
                dirs.push(dir);
            }
        }
        for d in &dirs {
            sync_dir(d);
        }
        Ok(())
    }
}

/// The path to rename onto and what is there now (`None`: nothing). A link
/// the user named is followed to its end; a derived one is refused, as is a
/// derived device, FIFO or socket.
fn resolve(target: &Path, named: Named) -> io::Result<(PathBuf, Option<Metadata>)> {
    let lmeta = match std::fs::symlink_metadata(target) {
        Ok(m) => m,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok((target.to_path_buf(), None)),
        Err(e) => return Err(e),
    };
    if lmeta.file_type().is_symlink() {
        if named == Named::Derived {
            return Err(refuse(Refusal::Link));
        }
        return match std::fs::metadata(target) {
            // A dangling link: the file it names is created (as `>` would).
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok((follow_dangling(target)?, None)),
            Err(e) => Err(e),
            // A device, FIFO or socket behind the link (`/dev/stdout`) is
            // written into through the link itself.
            Ok(m) if !m.file_type().is_file() => Ok((target.to_path_buf(), Some(m))),
            Ok(m) => Ok((std::fs::canonicalize(target)?, Some(m))),
        };
    }
    let ft = lmeta.file_type();
    if named == Named::Derived && !ft.is_file() && !ft.is_dir() {
        return Err(refuse(Refusal::Special));
    }
    Ok((target.to_path_buf(), Some(lmeta)))
}

/// Where a dangling link named by the user points, made absolute.
fn follow_dangling(link: &Path) -> io::Result<PathBuf> {
    let to = std::fs::read_link(link)?;
    if to.is_absolute() {
        return Ok(to);
    }
    let base = link.parent().unwrap_or(Path::new("."));
    Ok(base.join(to))
}

fn check_existing(m: &Metadata, existing: Existing) -> io::Result<()> {
    if existing == Existing::Keep {
        return Err(refuse(Refusal::Exists));
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if existing == Existing::Replace && m.mode() & 0o222 == 0 {
            return Err(refuse(Refusal::ReadOnly));
        }
        if m.nlink() > 1 {
            return Err(refuse(Refusal::HardLinks(m.nlink())));
        }
    }
    #[cfg(not(unix))]
    if existing == Existing::Replace && m.permissions().readonly() {
        return Err(refuse(Refusal::ReadOnly));
    }
    Ok(())
}

/// Gives the temporary file the original's owner, group and exact mode (the
/// mode after the owner: a change of owner clears set-id bits).
fn keep_owner_and_mode(tmp: &File, original: &Metadata) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let mine = tmp.metadata()?;
        if (mine.uid(), mine.gid()) != (original.uid(), original.gid()) {
            std::os::unix::fs::fchown(tmp, Some(original.uid()), Some(original.gid())).map_err(
                |e| {
                    if e.kind() == io::ErrorKind::PermissionDenied {
                        refuse(Refusal::Owner)
                    } else {
                        e
                    }
                },
            )?;
        }
    }
    tmp.set_permissions(original.permissions())
}

/// The rename is durable once the folder is synced (best effort: not every
/// platform can open a folder).
fn sync_dir(dir: &Path) {
    if let Ok(d) = File::open(dir) {
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

    #[cfg(unix)]
    #[test]
    fn a_derived_path_that_is_a_link_is_refused_and_its_file_untouched() {
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim");
        std::fs::write(&victim, b"theirs").unwrap();
        let planted = dir.path().join("LIST.trfidx");
        std::os::unix::fs::symlink(&victim, &planted).unwrap();
        for existing in [Existing::Replace, Existing::Force] {
            let e = write_to(&planted, existing, Named::Derived, |w| {
                w.write_all(b"index")
            })
            .unwrap_err();
            assert_eq!(refusal(&e), Some(&Refusal::Link));
        }
        assert_eq!(std::fs::read(&victim).unwrap(), b"theirs");
        assert!(std::fs::symlink_metadata(&planted)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
    }

    #[cfg(unix)]
    #[test]
    fn a_device_the_user_named_is_written_into_and_kept() {
        write(Path::new("/dev/null"), Existing::Force, |w| {
            w.write_all(b"x")
        })
        .unwrap();
        let m = std::fs::symlink_metadata("/dev/null").unwrap();
        assert!(std::os::unix::fs::FileTypeExt::is_char_device(
            &m.file_type()
        ));
        let e = write_to(
            Path::new("/dev/null"),
            Existing::Force,
            Named::Derived,
            |w| w.write_all(b"x"),
        )
        .unwrap_err();
        assert_eq!(refusal(&e), Some(&Refusal::Special));
    }

    #[cfg(unix)]
    #[test]
    fn read_only_and_hard_linked_files_are_refused_unless_forced() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("ro.trf");
        std::fs::write(&f, b"old").unwrap();
        std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o444)).unwrap();
        let e = write(&f, Existing::Replace, |w| w.write_all(b"new")).unwrap_err();
        assert_eq!(refusal(&e), Some(&Refusal::ReadOnly));
        assert_eq!(std::fs::read(&f).unwrap(), b"old");
        write(&f, Existing::Force, |w| w.write_all(b"new")).unwrap();
        assert_eq!(std::fs::read(&f).unwrap(), b"new");
        let mode = std::fs::metadata(&f).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o444);

        let g = dir.path().join("a.trf");
        std::fs::write(&g, b"old").unwrap();
        std::fs::hard_link(&g, dir.path().join("b.trf")).unwrap();
        let e = write(&g, Existing::Force, |w| w.write_all(b"new")).unwrap_err();
        assert_eq!(refusal(&e), Some(&Refusal::HardLinks(2)));
        assert_eq!(std::fs::read(dir.path().join("b.trf")).unwrap(), b"old");
    }

    #[cfg(unix)]
    #[test]
    fn a_set_is_written_all_or_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let mut set = Set::new();
        set.add(&dir.path().join("a"), Existing::Keep, Named::Derived, |w| {
            w.write_all(b"a")
        })
        .unwrap();
        let e = set
            .add(
                &dir.path().join("b"),
                Existing::Keep,
                Named::Derived,
                |_| Err(io::Error::new(io::ErrorKind::StorageFull, "disk full")),
            )
            .unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::StorageFull);
        drop(set);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }

    #[cfg(unix)]
    #[test]
    fn a_private_file_is_never_copied_into_a_readable_temporary_file() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("secret.trf");
        std::fs::write(&f, b"old").unwrap();
        std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o600)).unwrap();
        let d = dir.path().to_path_buf();
        write(&f, Existing::Replace, |w| {
            // While the content is written, every file in the folder is
            // private.
            for e in std::fs::read_dir(&d)? {
                let m = e?.metadata()?.permissions().mode() & 0o077;
                assert_eq!(m, 0, "a temporary file readable by others");
            }
            w.write_all(b"new")
        })
        .unwrap();
    }
}
