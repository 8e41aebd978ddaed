//! Rules on the tournament records (codes `TRF-T…`): dates, types, tiebreaks, arbiters.

pub mod arbiter_without_fide_id;
pub mod comment_line;
pub mod end_before_start;
pub mod invalid_board_colours;
pub mod invalid_tiebreak;
pub mod missing_record;
pub mod round_date_missing;
pub mod round_date_outside_tournament;
pub mod round_dates_out_of_order;
pub mod unknown_tournament_type_code;
