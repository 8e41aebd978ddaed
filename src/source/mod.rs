//! The source map: the decoded text of a report, its lines, and the byte
//! spans every value and finding points at.

pub mod lines;
pub mod span;

pub use span::{Span, Spanned};
