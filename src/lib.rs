//! trfkit: read, validate and rate FIDE Tournament Report Files.
#![warn(missing_docs)]

pub mod decode;
pub mod diag;
pub mod ratinglist;
pub mod span;
