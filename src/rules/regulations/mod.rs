//! Rules of the FIDE Rating Regulations (Handbook B.02), applied in the
//! edition in force at the tournament's start date.
//!
//! Every finding cites the article of the edition applied and, where the
//! regulations matrix marks the value secondary (s) or unconfirmed (?),
//! says so in its help.

pub mod daily_play_over_12_hours;
pub mod first_control_too_few_moves;
pub mod interim_report_required;
pub mod match_with_unrated_player;
pub mod no_rated_games;
pub mod online_event;
pub mod rating_below_floor;
pub mod registration_too_late;
pub mod round_robin_composition;
pub mod start_date_unknown;
mod support;
pub mod time_control_below_minimum;
pub mod time_control_unparsed;
pub mod too_many_rounds_per_day;
pub mod tournament_too_long;
pub mod tournament_type_mismatch;
pub mod unfinished_games;
pub mod unplayed_games_not_rated;
pub mod unrated_too_few_rated_opponents;
pub mod unrated_zero_score;
