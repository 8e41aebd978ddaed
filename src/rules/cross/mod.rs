//! Rules across records (codes `TRF-X…`): totals, counts, ranks, teams, references.

pub mod player_count_mismatch;
pub mod points_mismatch;
pub mod rank_inconsistent;
pub mod rated_count_mismatch;
pub mod record_reference_unknown;
pub mod rounds_mismatch;
pub mod team_count_mismatch;
pub mod team_member_duplicate;
pub mod team_member_unknown;
