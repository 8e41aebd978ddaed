//! Rules on the player records (codes `TRF-P…`): starting ranks, FIDE IDs, federations.

pub(crate) mod duplicate_fide_id;
pub(crate) mod duplicate_start_rank;
pub(crate) mod federations;
pub(crate) mod invalid_code;
pub(crate) mod missing_fide_id;
pub(crate) mod placeholder_fide_id;
pub(crate) mod start_rank_gap;
pub(crate) mod unknown_federation;
