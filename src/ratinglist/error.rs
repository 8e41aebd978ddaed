//! Why a rating list could not be read.

use std::path::PathBuf;

/// An error reading a rating list or its index.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ListError {
    /// The list, a zip member or an index file could not be read.
    #[error("cannot read `{}`: {source}", path.display())]
    Io {
        /// The file (or `<bytes>` for in-memory input).
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// The index could not be written (full disk, read-only folder).
    #[error("cannot write `{}`: {source}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// The input holds no header line at all.
    #[error("rating list `{}` is empty", path.display())]
    Empty {
        /// The file.
        path: PathBuf,
    },
    /// The list is UTF-16 text (a byte-order mark, or NUL bytes between
    /// ASCII letters): FIDE's lists are ASCII or Windows-1252.
    #[error("rating list `{}` is UTF-16 text; save it as UTF-8 or Windows-1252 first (FIDE's lists are plain ASCII)", path.display())]
    Utf16 {
        /// The file.
        path: PathBuf,
    },
    /// The header line matches none of the known layouts.
    #[error("unknown rating list layout in `{}`: {reason}; header line: `{header}`", path.display())]
    UnknownLayout {
        /// The file.
        path: PathBuf,
        /// The first line (at most 200 bytes, lossily decoded).
        header: String,
        /// What did not match.
        reason: String,
    },
    /// The input ends in the middle of a record.
    #[error("rating list `{}` is truncated at byte {offset}: {detail}", path.display())]
    Truncated {
        /// The file.
        path: PathBuf,
        /// Byte offset (in the uncompressed list) where the cut record starts.
        offset: u64,
        /// What is missing.
        detail: String,
    },
    /// A single line or XML element is larger than any real list record.
    #[error("rating list `{}` has a record of more than {limit} bytes at byte {offset}; not a FIDE rating list?", path.display())]
    RecordTooLong {
        /// The file.
        path: PathBuf,
        /// Byte offset of the record's start.
        offset: u64,
        /// The limit.
        limit: usize,
    },
    /// The zip archive is damaged or uses an unsupported compression method.
    #[error("cannot read zip archive `{}`: {source}", path.display())]
    Zip {
        /// The archive.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: zip::result::ZipError,
    },
    /// The zip archive holds no `.txt` or `.xml` member.
    #[error("zip archive `{}` holds no .txt or .xml rating list (members: {})", path.display(), members.join(", "))]
    NoListMember {
        /// The archive.
        path: PathBuf,
        /// The member names found.
        members: Vec<String>,
    },
    /// The index file is not one this crate wrote, or is damaged.
    #[error("bad rating list index `{}`: {reason}", path.display())]
    BadIndex {
        /// The index file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// The list changed (size or modification time) since the index was built.
    #[error("rating list index `{}` is stale: {reason}; rebuild it", path.display())]
    StaleIndex {
        /// The index file.
        path: PathBuf,
        /// What differs.
        reason: String,
    },
    /// Indexes address byte offsets in a plain file; a zip member or an
    /// in-memory list cannot be indexed.
    #[error("cannot index `{}`: {reason}", path.display())]
    NotIndexable {
        /// The list.
        path: PathBuf,
        /// Why.
        reason: String,
    },
}
