//! File-integrity rules: what makes a report consistent in itself,
//! whatever the regulations.

pub mod asymmetric_pairing;
pub mod duplicate_start_rank;
