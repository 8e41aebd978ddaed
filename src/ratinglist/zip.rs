//! Lists as FIDE distributes them: one `.txt` or `.xml` member in a zip.
//!
//! The member is chosen by extension, never by name: the names changed
//! over the years (docs/spec/rating-list-formats.md §3.1, pitfall 7). It is streamed
//! through the same chunked scanner as a plain file.
//!
//! Decompression is bounded: a real full list is about 350 MB of text and
//! compresses about tenfold, so a member may expand to at most
//! [`MAX_MEMBER_BYTES`] (1 GiB) and to at most [`MAX_RATIO`] times its
//! compressed size (with a floor for tiny archives). A zip bomb stops with a
//! clear error instead of filling the memory or the disk.

use super::error::ListError;
use crate::source::archive::Bounds;
use std::io::{Read, Seek};
use std::path::Path;

pub(crate) use crate::source::archive::is_zip;

/// Opens the archive and runs `f` on the list member's decompressed bytes,
/// passing the member's name. With several `.txt`/`.xml` members the largest
/// is the list (a real archive has one).
pub(crate) fn with_member<R: Read + Seek, T>(
    archive: R,
    path: &Path,
    f: impl FnOnce(&mut dyn Read, &str) -> Result<T, ListError>,
) -> Result<T, ListError> {
    let zip_err = |source| ListError::Zip {
        path: path.to_path_buf(),
        source,
    };
    let mut archive = zip::ZipArchive::new(archive).map_err(zip_err)?;
    let mut members = Vec::new();
    let mut best: Option<(usize, u64)> = None;
    for i in 0..archive.len() {
        let entry = archive.by_index_raw(i).map_err(zip_err)?;
        let name = entry.name().to_string();
        let lower = name.to_ascii_lowercase();
        if !entry.is_dir() && (lower.ends_with(".txt") || lower.ends_with(".xml")) {
            let size = entry.size();
            if best.is_none_or(|(_, s)| size > s) {
                best = Some((i, size));
            }
        }
        members.push(name);
    }
    let Some((index, _)) = best else {
        return Err(ListError::NoListMember {
            path: path.to_path_buf(),
            members,
        });
    };
    let member = archive.by_index(index).map_err(zip_err)?;
    let name = member.name().to_string();
    let limit = BOUNDS.limit(member.compressed_size());
    if member.size() > limit {
        return Err(ListError::Io {
            path: path.to_path_buf(),
            source: BOUNDS.too_large(&name, limit),
        });
    }
    let compressed = member.compressed_size();
    let mut capped = BOUNDS.capped(member, &name, compressed);
    f(&mut capped, &name)
}

/// The most a list member may decompress to: also the most `trf serve`
/// takes of a plain list sent to its page.
pub(crate) const MAX_MEMBER_BYTES: u64 = 1 << 30;
/// The most a list member may expand relative to its compressed size.
const MAX_RATIO: u64 = 100;

/// A real full list is about 350 MB of text and compresses about tenfold;
/// below 16 MiB the ratio is not applied (tiny archives compress oddly).
const BOUNDS: Bounds = Bounds {
    max_member: MAX_MEMBER_BYTES,
    max_ratio: MAX_RATIO,
    ratio_floor: 16 << 20,
    what: "any FIDE rating list",
};

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    use crate::source::archive::test_zip as archive;

    #[test]
    fn a_zip_bomb_is_refused() {
        // 17 MiB of zeros compress to a few KiB: a ratio over 1000.
        let zeros = vec![b'0'; 17 << 20];
        let z = archive(&[("players_list.txt", &zeros)]);
        let err = with_member(Cursor::new(&z), Path::new("bomb.zip"), |r, _| {
            std::io::copy(r, &mut std::io::sink()).map_err(|source| ListError::Io {
                path: "bomb.zip".into(),
                source,
            })
        })
        .unwrap_err();
        assert!(err.to_string().contains("zip bomb"), "{err}");
        assert_eq!(BOUNDS.limit(1 << 40), MAX_MEMBER_BYTES);
        assert_eq!(BOUNDS.limit(1), 16 << 20);
    }

    #[test]
    fn picks_the_list_member_by_extension() {
        let z = archive(&[("readme.md", b"x"), ("Players_List_FOA.TXT", b"hello")]);
        assert!(is_zip(&z));
        let got = with_member(Cursor::new(&z), Path::new("a.zip"), |r, name| {
            let mut s = String::new();
            r.read_to_string(&mut s).unwrap();
            Ok((name.to_string(), s))
        })
        .unwrap();
        assert_eq!(
            got,
            ("Players_List_FOA.TXT".to_string(), "hello".to_string())
        );
    }

    #[test]
    fn no_list_member_names_the_members() {
        let z = archive(&[("readme.md", b"x"), ("data.csv", b"y")]);
        let err = with_member(Cursor::new(&z), Path::new("a.zip"), |_, _| Ok(())).unwrap_err();
        assert_eq!(
            err.to_string(),
            "zip archive `a.zip` holds no .txt or .xml rating list (members: readme.md, data.csv)"
        );
    }

    #[test]
    fn damaged_archive_is_a_zip_error() {
        let mut z = archive(&[("a.txt", b"hello")]);
        z.truncate(z.len() - 10);
        let err = with_member(Cursor::new(&z), Path::new("a.zip"), |_, _| Ok(())).unwrap_err();
        assert!(matches!(err, ListError::Zip { .. }), "{err}");
    }
}
