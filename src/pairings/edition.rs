//! The edition of the FIDE (Dutch) system a round is paired under: its own
//! home, read by the report's history (floats differ by edition) and by the
//! engine (criteria, brackets and byes differ).

/// The edition of the FIDE (Dutch) system a round is paired under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Edition {
    /// The 2016/17 text (C.04.3, in force 1 July 2017 to 31 January 2026).
    D17,
    /// The 2026 text (C.04.3, in force from 1 February 2026).
    D26,
}
