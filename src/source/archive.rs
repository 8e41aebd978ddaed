//! Zip archives read within bounds: the one home of what every reader of a
//! zip (FIDE's rating lists, the reports an arbiter e-mails in one archive)
//! needs so that a zip bomb stops with a clear message instead of filling
//! the memory or the disk.
//!
//! A member may expand to at most a ceiling the caller gives (its
//! [`Bounds::max_member`]) and to at most [`Bounds::max_ratio`] times its
//! compressed size, except below [`Bounds::ratio_floor`], where tiny
//! members compress oddly. The bytes are counted as they are read, so a
//! member that declares a small size and expands to more is stopped too.

use std::io::Read;

/// Zip signatures: a local file header, an empty archive, a spanned archive.
pub(crate) fn is_zip(prefix: &[u8]) -> bool {
    matches!(
        prefix,
        [b'P', b'K', 3, 4, ..] | [b'P', b'K', 5, 6, ..] | [b'P', b'K', 7, 8, ..]
    )
}

/// How far one member of an archive may expand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Bounds {
    /// The most a member may decompress to.
    pub(crate) max_member: u64,
    /// The most a member may expand relative to its compressed size.
    pub(crate) max_ratio: u64,
    /// Below this the ratio is not applied.
    pub(crate) ratio_floor: u64,
    /// What the archive should hold, for the message ("any FIDE rating
    /// list", "any tournament report").
    pub(crate) what: &'static str,
}

impl Bounds {
    /// The most a member of `compressed` bytes may decompress to.
    pub(crate) fn limit(&self, compressed: u64) -> u64 {
        compressed
            .saturating_mul(self.max_ratio)
            .max(self.ratio_floor)
            .min(self.max_member)
    }

    /// The error of a member that expands past `limit`.
    pub(crate) fn too_large(&self, name: &str, limit: u64) -> std::io::Error {
        too_large(name, limit, self.what)
    }

    /// The member `name` read through a counter that fails past the
    /// member's limit (from its compressed size).
    pub(crate) fn capped<R: Read>(&self, inner: R, name: &str, compressed: u64) -> Capped<R> {
        let limit = self.limit(compressed);
        Capped {
            inner,
            left: limit,
            limit,
            name: name.to_owned(),
            what: self.what,
        }
    }
}

fn too_large(name: &str, limit: u64, what: &str) -> std::io::Error {
    std::io::Error::new(
        std::io::ErrorKind::InvalidData,
        format!(
            "zip member `{name}` expands to more than {limit} bytes, far more than {what} (a zip bomb?); not read"
        ),
    )
}

/// A reader that fails once more than `left` bytes were asked of it.
pub(crate) struct Capped<R> {
    inner: R,
    left: u64,
    /// The limit the message says.
    limit: u64,
    name: String,
    what: &'static str,
}

impl<R: Read> Read for Capped<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        // One byte more than allowed is read, to tell "exactly at the limit"
        // from "over it".
        let want = (buf.len() as u64).min(self.left.saturating_add(1)) as usize;
        let n = self.inner.read(&mut buf[..want])?;
        if n as u64 > self.left {
            return Err(too_large(&self.name, self.limit, self.what));
        }
        self.left -= n as u64;
        Ok(n)
    }
}

/// A zip of `members` (name, bytes), deflated: the archives the tests of
/// every zip reader build.
#[cfg(test)]
pub(crate) fn test_zip(members: &[(&str, &[u8])]) -> Vec<u8> {
    use std::io::Write;
    let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let opts = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for (name, data) in members {
        w.start_file(*name, opts).unwrap();
        w.write_all(data).unwrap();
    }
    w.finish().unwrap().into_inner()
}

#[cfg(test)]
mod tests {
    use super::*;

    const B: Bounds = Bounds {
        max_member: 1000,
        max_ratio: 10,
        ratio_floor: 100,
        what: "a test",
    };

    #[test]
    fn the_limit_is_the_ratio_between_the_floor_and_the_ceiling() {
        assert_eq!(B.limit(1), 100);
        assert_eq!(B.limit(50), 500);
        assert_eq!(B.limit(1 << 40), 1000);
        assert_eq!(B.limit(u64::MAX), 1000);
    }

    #[test]
    fn exactly_at_the_limit_reads_and_one_byte_over_fails() {
        let mut all = Vec::new();
        B.capped(&[7u8; 100][..], "x", 1)
            .read_to_end(&mut all)
            .unwrap();
        assert_eq!(all.len(), 100);
        let err = B
            .capped(&[7u8; 101][..], "x", 1)
            .read_to_end(&mut Vec::new())
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "zip member `x` expands to more than 100 bytes, far more than a test (a zip bomb?); not read"
        );
    }
}
