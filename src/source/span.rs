//! Byte spans into the decoded source text, and values that carry one.
//!
//! TRF columns are 1-based *character* positions, while miette (and every
//! editor) wants *byte* offsets. The parser converts once, when it slices a
//! field, so everything downstream only sees byte spans into
//! [`Parsed::text`](crate::Parsed::text).

use serde::{Serialize, Serializer};

/// A half-open byte range `start..end` into the decoded source text.
///
/// Offsets are `u32`: the reader refuses inputs over 4 GiB long before this
/// could overflow (see [`ReadOptions::max_file_bytes`](crate::ReadOptions)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Span {
    /// First byte, 0-based.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

impl Span {
    /// A span from byte offsets.
    pub fn new(start: usize, end: usize) -> Self {
        Span {
            start: start as u32,
            end: end as u32,
        }
    }

    /// An empty span at `at` (used to point just past the end of a short line).
    pub fn empty(at: usize) -> Self {
        Span::new(at, at)
    }

    /// Length in bytes.
    pub fn len(&self) -> usize {
        (self.end - self.start) as usize
    }

    /// True when the span covers no byte.
    pub fn is_empty(&self) -> bool {
        self.end == self.start
    }

    /// The smallest span covering both.
    pub fn cover(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    /// As a `Range<usize>`, for slicing the source text.
    pub fn range(&self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

impl From<Span> for miette::SourceSpan {
    fn from(s: Span) -> Self {
        miette::SourceSpan::new((s.start as usize).into(), s.len())
    }
}

/// A value together with the span it was read from.
///
/// Equality compares the value only, and serialisation writes only the
/// value: two reports that say the same thing are equal even when their
/// layout differs (the same convention as `serde_spanned`). This is what makes
/// `parse(fmt(parse(x))) == parse(x)` a meaningful round-trip property.
#[derive(Debug, Clone, Copy, Default)]
pub struct Spanned<T> {
    /// The value.
    pub value: T,
    /// Where it was read.
    pub span: Span,
}

impl<T> Spanned<T> {
    /// Pairs a value with its span.
    pub fn new(value: T, span: Span) -> Self {
        Spanned { value, span }
    }

    /// Maps the value, keeping the span.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Spanned<U> {
        Spanned {
            value: f(self.value),
            span: self.span,
        }
    }

    /// Borrows the value, keeping the span.
    pub fn as_ref(&self) -> Spanned<&T> {
        Spanned {
            value: &self.value,
            span: self.span,
        }
    }
}

impl<T: PartialEq> PartialEq for Spanned<T> {
    fn eq(&self, other: &Self) -> bool {
        self.value == other.value
    }
}

impl<T: Eq> Eq for Spanned<T> {}

impl<T: Serialize> Serialize for Spanned<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.value.serialize(s)
    }
}

impl<T> std::ops::Deref for Spanned<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.value
    }
}
