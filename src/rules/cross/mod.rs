//! Rules across records (codes `TRF-X…`): totals, counts, ranks, teams, references.

pub(crate) mod player_count_mismatch;
pub(crate) mod points_mismatch;
pub(crate) mod rank_inconsistent;
pub(crate) mod rated_count_mismatch;
pub(crate) mod record_reference_unknown;
pub(crate) mod rounds_mismatch;
pub(crate) mod team_count_mismatch;
pub(crate) mod team_member_duplicate;
pub(crate) mod team_member_unknown;
