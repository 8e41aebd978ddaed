//! FIDE's rating calculation, exactly: the published tables, integer
//! arithmetic, and the rounding each edition prescribes.
//!
//! Plain numbers in, plain structs out; nothing here knows the TRF model.
//! Scores are [`HalfPoints`], expected scores and changes [`Hundredths`],
//! averages exact [`Fraction`]s. Every function takes the
//! [`Version`](crate::regulations::Version) whose rules apply and, where an
//! edition was amended while in force, the tournament start date.
//!
//! The source is the FIDE Handbook, B.02 (FIDE Rating Regulations), in each
//! edition; rows (R24) and sections (§2) below are those of our reading of
//! it, `docs/spec/regulations.md`.
//!
//! | Concept | Function |
//! |---|---|
//! | tables (§2) | [`pd`], [`dp`] |
//! | K (R24, R25) | [`k_factor()`] |
//! | rated player (R21, R22) | [`rated_change`], [`rated_change_per_game`], [`rated_change_averaged`] |
//! | unrated player, Swiss (R26) | [`initial_rating`] |
//! | unrated players, round robin 2003–2014 (§3.1) | [`round_robin_initial_ratings`] |
//! | pooling (§3.2) | [`pool_weighted`] |
//! | rounding (R29) | [`round_change`], [`round_period`], [`p_hundredths`] |

mod k_factor;
mod pooling;
mod rated;
mod round_robin;
mod rounding;
mod tables;
mod units;
mod unrated;

pub use crate::model::PartialDate;
pub use k_factor::{cap_k_for_games, k_factor, KBasis, KDecision, KInputs, KSource};
pub use pooling::{pool_weighted, PoolPart, Pooled};
pub use rated::{
    rated_change, rated_change_averaged, rated_change_per_game, rated_change_per_game_with_cap,
    round_robin_average, AverageSource, AveragedDetail, GameExpectation, RatedChange, RatedGame,
    RatedInput,
};
pub use round_robin::{
    round_robin_initial_ratings, RoundRobinError, RoundRobinInput, RoundRobinRatings,
    RoundRobinUnrated,
};
pub use rounding::{p_hundredths, round, round_change, round_period};
pub use tables::{dp, dp_table, pd, PdRow, D_PD, P_DP};
pub use units::{Fraction, GameScore, HalfPoints, Hundredths};
pub use unrated::{
    initial_rating, publication, Excluded, Exclusion, InitialRating, Publication, UnratedGame,
    UnratedInput,
};
