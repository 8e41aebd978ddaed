//! File-integrity rules: what makes a report consistent in itself,
//! whatever the regulations.

pub mod arbiter_without_fide_id;
pub mod asymmetric_pairing;
pub mod bye_with_opponent;
pub mod comment_line;
pub mod duplicate_fide_id;
pub mod duplicate_start_rank;
pub mod end_before_start;
mod federations;
pub mod game_without_colour;
pub mod invalid_board_colours;
pub mod invalid_code;
pub mod invalid_tiebreak;
pub mod missing_fide_id;
pub mod missing_record;
pub mod multiple_pairing_byes_in_round;
pub mod placeholder_fide_id;
pub mod player_count_mismatch;
pub mod points_mismatch;
pub mod rank_inconsistent;
pub mod rated_count_mismatch;
pub mod record_reference_unknown;
pub mod results_disagree;
pub mod round_date_missing;
pub mod round_date_outside_tournament;
pub mod round_dates_out_of_order;
pub mod rounds_mismatch;
pub mod self_pairing;
pub mod start_rank_gap;
mod support;
pub mod team_count_mismatch;
pub mod team_member_duplicate;
pub mod team_member_unknown;
pub mod unknown_federation;
pub mod unknown_opponent;
pub mod unknown_tournament_type_code;
