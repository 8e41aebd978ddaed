//! trfkit reads, validates and rates FIDE Tournament Report Files.
//!
//! An arbiter finishes a tournament and exports a Tournament Report File
//! (TRF); the federation's rating officer uploads it to FIDE. trfkit tells
//! them, offline and before upload, what FIDE will make of it.
//!
//! * [`read`] reads TRF06, TRF16, the Sept-2024 draft and TRF26, with the
//!   pairing-program extensions, into the typed [`model`], keeping the byte
//!   span of every value and never panicking.
//! * [`diag`] holds the diagnostics everything reports.
//!
//! ```
//! let parsed = trfkit::read::parse_str(
//!     "012 Club Open\n001    1 m    Doe, John                         1850 ENG     1234567 1990/01/01  1.0    1     2 w 1\n001    2 m    Roe, Richard                      1700 ENG     2345678 1992/05/03  0.0    2     1 b 0\n",
//! );
//! let t = &parsed.tournament;
//! assert_eq!(t.players.len(), 2);
//! assert_eq!(t.players[0].rating.map(|r| r.value), Some(1850));
//! assert!(parsed.diagnostics.is_empty());
//! ```
#![warn(missing_docs)]

pub mod check;
pub mod diag;
#[cfg(feature = "generate")]
pub mod generate;
pub mod model;
pub mod rating;
pub mod ratinglist;
pub mod read;
pub mod regulations;
pub mod render;
pub mod rules;
pub mod source;
pub mod write;

pub use diag::{Diagnostic, Severity};
pub use model::Tournament;
pub use read::decode::TextEncoding;
pub use read::{
    parse_bytes, parse_str, read_limited, read_path, read_source, Parsed, ReadError, ReadOptions,
};
pub use source::{Span, Spanned};

/// The README's examples, compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
