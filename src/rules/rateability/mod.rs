//! Whether FIDE can rate the event (codes `TRF-F…`): the rules of the FIDE
//! Rating Regulations (Handbook B.02) and of its rapid and blitz chapter,
//! applied in the edition in force at the tournament's start date. (The
//! regulations themselves, as data, are the stage `crate::regulations`.)
//!
//! Every finding cites the article of the edition applied and, where the
//! regulations matrix marks the value secondary (from a secondary source) or not confirmed in FIDE's text,
//! says so in its help.

mod cite;
pub(crate) mod daily_play_over_12_hours;
mod days;
pub(crate) mod first_control_too_few_moves;
pub(crate) mod interim_report_required;
pub(crate) mod match_decided_games;
pub(crate) mod match_with_unrated_player;
pub(crate) mod no_rated_games;
pub(crate) mod online_event;
pub(crate) mod qc_approved_fast_classic;
pub(crate) mod rapid_blitz_first_event_score;
pub(crate) mod rapid_blitz_rounds_per_day;
pub(crate) mod rapid_blitz_standard_seed;
pub(crate) mod rating_below_floor;
pub(crate) mod rating_gap_over_600;
pub(crate) mod rating_type_contradicts_time_control;
pub(crate) mod registration_too_late;
pub(crate) mod round_robin_composition;
pub(crate) mod start_date_unknown;
pub(crate) mod time_control_below_minimum;
pub(crate) mod time_control_unparsed;
pub(crate) mod too_many_rounds_per_day;
pub(crate) mod tournament_too_long;
pub(crate) mod tournament_type_mismatch;
pub(crate) mod unequal_playing_times;
pub(crate) mod unfinished_games;
pub(crate) mod unplayed_games_not_rated;
mod unrated;
pub(crate) mod unrated_too_few_rated_opponents;
pub(crate) mod unrated_zero_score;

pub(crate) use crate::eligibility::Game;
use crate::model::games::Kind;
use crate::rules::Ctx;

/// Every pairing with an opponent who exists, once, in player then round
/// order. Byes and blocks naming an unknown player are left out.
pub(crate) fn games<'a>(ctx: &'a Ctx<'a>) -> impl Iterator<Item = Game<'a>> + 'a {
    games_where(ctx, Kind::all())
}

/// Like [`games`], for the entries with any bit of `bits`; a
/// rule after a rare kind of result walks only the rare rows.
pub(crate) fn games_where<'a>(ctx: &'a Ctx<'a>, bits: Kind) -> impl Iterator<Item = Game<'a>> + 'a {
    crate::eligibility::pairings(ctx.tournament, &ctx.games, bits)
}
