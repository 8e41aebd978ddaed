//! Rules on the tournament records (codes `TRF-T…`): dates, types, tiebreaks, arbiters.

pub(crate) mod arbiter_without_fide_id;
pub(crate) mod comment_line;
pub(crate) mod end_before_start;
pub(crate) mod invalid_board_colours;
pub(crate) mod invalid_tiebreak;
pub(crate) mod missing_record;
pub(crate) mod round_date_missing;
pub(crate) mod round_date_outside_tournament;
pub(crate) mod round_dates_out_of_order;
pub(crate) mod unknown_tournament_type_code;
