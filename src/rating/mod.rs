//! The rating: FIDE's calculation over what FIDE would rate.
//!
//! * [`maths`]: the calculation itself, exact (tables, K, changes, rounding),
//!   knowing nothing of the TRF model.
//! * the pass (re-exported here): what a report's players score against
//!   whom, the games the regulations leave out, and the summary.

pub(crate) mod maths;
pub(crate) mod note;
pub(crate) mod pass;
pub(crate) mod period;

pub use pass::*;
