//! The source map: the decoded text of a report, its lines, and the byte
//! spans every value and finding points at.

pub(crate) mod archive;
pub(crate) mod encoding;
pub(crate) mod lines;
pub(crate) mod locate;
pub(crate) mod safe_text;
pub(crate) mod sniff;
pub(crate) mod span;

pub use encoding::TextEncoding;
pub use lines::{Line, LineKind};
pub use locate::Locator;
pub use span::{Span, Spanned};
