//! The source map: the decoded text of a report, its lines, and the byte
//! spans every value and finding points at.

pub mod encoding;
pub mod lines;
pub mod locate;
pub mod span;

pub use encoding::TextEncoding;
pub use locate::Locator;
pub use span::{Span, Spanned};
