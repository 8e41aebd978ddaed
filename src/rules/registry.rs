//! The registry: every code trfkit reports, in one place. The reader's
//! syntax findings (`TRF-S…`, declared in [`crate::read::findings`], which
//! the reader emits itself) come first, then every validation rule, sorted
//! by code letter and number as `trf rules` lists them, then the codes of
//! problems across reports (`TRF-A…`, declared in [`crate::across`], which
//! finds them over several reports at once).

use super::cross::*;
use super::list::*;
use super::players::*;
use super::rateability::*;
use super::rounds::*;
use super::swiss::*;
use super::tournament::*;
use super::Rule;
use crate::diag::RuleMeta;

/// Every validation rule, sorted by code.
pub(crate) static RULES: &[&Rule] = &[
    &start_date_unknown::START_DATE_UNKNOWN,
    &registration_too_late::REGISTRATION_TOO_LATE,
    &time_control_unparsed::TIME_CONTROL_UNPARSED,
    &time_control_below_minimum::TIME_CONTROL_BELOW_MINIMUM,
    &first_control_too_few_moves::FIRST_CONTROL_TOO_FEW_MOVES,
    &daily_play_over_12_hours::DAILY_PLAY_OVER_12_HOURS,
    &too_many_rounds_per_day::TOO_MANY_ROUNDS_PER_DAY,
    &tournament_too_long::TOURNAMENT_TOO_LONG,
    &interim_report_required::INTERIM_REPORT_REQUIRED,
    &round_robin_composition::ROUND_ROBIN_COMPOSITION,
    &match_with_unrated_player::MATCH_WITH_UNRATED_PLAYER,
    &unrated_too_few_rated_opponents::UNRATED_TOO_FEW_RATED_OPPONENTS,
    &unrated_zero_score::UNRATED_ZERO_SCORE,
    &unplayed_games_not_rated::UNPLAYED_GAMES_NOT_RATED,
    &tournament_type_mismatch::TOURNAMENT_TYPE_MISMATCH,
    &online_event::ONLINE_EVENT,
    &no_rated_games::NO_RATED_GAMES,
    &unfinished_games::UNFINISHED_GAMES,
    &rating_below_floor::RATING_BELOW_FLOOR,
    &match_decided_games::MATCH_DECIDED_GAMES,
    &rating_type_contradicts_time_control::RATING_TYPE_CONTRADICTS_TIME_CONTROL,
    &unequal_playing_times::UNEQUAL_PLAYING_TIMES,
    &rapid_blitz_rounds_per_day::RAPID_BLITZ_ROUNDS_PER_DAY,
    &rating_gap_over_600::RATING_GAP_OVER_600,
    &qc_approved_fast_classic::QC_APPROVED_FAST_CLASSIC,
    &rapid_blitz_standard_seed::RAPID_BLITZ_STANDARD_SEED,
    &rapid_blitz_first_event_score::RAPID_BLITZ_FIRST_EVENT_SCORE,
    &fide_id_not_in_list::FIDE_ID_NOT_IN_LIST,
    &name_mismatch::NAME_MISMATCH,
    &federation_mismatch::FEDERATION_MISMATCH,
    &sex_mismatch::SEX_MISMATCH,
    &title_mismatch::TITLE_MISMATCH,
    &birth_year_mismatch::BIRTH_YEAR_MISMATCH,
    &rating_mismatch::RATING_MISMATCH,
    &inactive_player::INACTIVE_PLAYER,
    &new_player_missing_data::NEW_PLAYER_MISSING_DATA,
    &duplicate_start_rank::DUPLICATE_START_RANK,
    &duplicate_fide_id::DUPLICATE_FIDE_ID,
    &invalid_code::INVALID_CODE,
    &start_rank_gap::START_RANK_GAP,
    &unknown_federation::UNKNOWN_FEDERATION,
    &missing_fide_id::MISSING_FIDE_ID,
    &placeholder_fide_id::PLACEHOLDER_FIDE_ID,
    &unknown_opponent::UNKNOWN_OPPONENT,
    &self_pairing::SELF_PAIRING,
    &asymmetric_pairing::ASYMMETRIC_PAIRING,
    &results_disagree::RESULTS_DISAGREE,
    &multiple_pairing_byes_in_round::MULTIPLE_PAIRING_BYES_IN_ROUND,
    &bye_with_opponent::BYE_WITH_OPPONENT,
    &game_without_colour::GAME_WITHOUT_COLOUR,
    &missing_record::MISSING_RECORD,
    &end_before_start::END_BEFORE_START,
    &round_date_outside_tournament::ROUND_DATE_OUTSIDE_TOURNAMENT,
    &round_dates_out_of_order::ROUND_DATES_OUT_OF_ORDER,
    &round_date_missing::ROUND_DATE_MISSING,
    &unknown_tournament_type_code::UNKNOWN_TOURNAMENT_TYPE_CODE,
    &invalid_tiebreak::INVALID_TIEBREAK,
    &invalid_board_colours::INVALID_BOARD_COLOURS,
    &arbiter_without_fide_id::ARBITER_WITHOUT_FIDE_ID,
    &comment_line::COMMENT_LINE,
    &players_met_twice::PLAYERS_MET_TWICE,
    &pairing_bye_not_eligible::PAIRING_BYE_NOT_ELIGIBLE,
    &colour_difference_over_two::COLOUR_DIFFERENCE_OVER_TWO,
    &same_colour_three_times::SAME_COLOUR_THREE_TIMES,
    &pairing_bye_written_as_forfeit::PAIRING_BYE_WRITTEN_AS_FORFEIT,
    &points_mismatch::POINTS_MISMATCH,
    &player_count_mismatch::PLAYER_COUNT_MISMATCH,
    &rated_count_mismatch::RATED_COUNT_MISMATCH,
    &team_count_mismatch::TEAM_COUNT_MISMATCH,
    &rank_inconsistent::RANK_INCONSISTENT,
    &rounds_mismatch::ROUNDS_MISMATCH,
    &team_member_unknown::TEAM_MEMBER_UNKNOWN,
    &team_member_duplicate::TEAM_MEMBER_DUPLICATE,
    &record_reference_unknown::RECORD_REFERENCE_UNKNOWN,
];

/// One registered code: its declaration and, for a validation rule, the
/// rule that runs (syntax findings have none: the reader emits them).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Entry {
    /// Code, name, category, severity, consequence and documentation.
    pub meta: &'static RuleMeta,
    /// The validation rule (`None` for a syntax code, and for a code of
    /// [`crate::across`], which looks at several reports at once).
    pub rule: Option<&'static Rule>,
}

/// Every registered code: the syntax codes, then the validation rules in
/// registry order, then the across-reports codes (the order of `trf rules`
/// and `trf explain`).
pub(crate) fn all() -> impl Iterator<Item = Entry> {
    let meta_only = |m: &&'static RuleMeta| Entry {
        meta: m,
        rule: None,
    };
    crate::read::findings::ALL
        .iter()
        .map(meta_only)
        .chain(RULES.iter().map(|r| Entry {
            meta: &r.meta,
            rule: Some(r),
        }))
        .chain(crate::across::ALL.iter().map(meta_only))
}

/// Finds a validation rule by code (case-insensitive) or name.
#[cfg(test)]
pub(crate) fn find(key: &str) -> Option<&'static Rule> {
    RULES
        .iter()
        .copied()
        .find(|r| r.meta.name == key || r.meta.code.eq_ignore_ascii_case(key))
}
