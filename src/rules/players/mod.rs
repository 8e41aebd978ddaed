//! Rules on the player records (codes `TRF-P…`): starting ranks, FIDE IDs, federations.

pub mod duplicate_fide_id;
pub mod duplicate_start_rank;
mod federations;
pub mod invalid_code;
pub mod missing_fide_id;
pub mod placeholder_fide_id;
pub mod start_rank_gap;
pub mod unknown_federation;
