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
#[cfg(test)]
mod oracles;
mod pooling;
mod rated;
mod round_robin;
mod rounding;
mod tables;
mod units;
mod unrated;

pub(crate) use crate::model::PartialDate;
pub use k_factor::KSource;
pub(crate) use k_factor::{cap_k_for_games, k_factor, KBasis, KClass, KDecision, KInputs};
pub(crate) use pooling::{pool_weighted, PoolPart};
pub(crate) use rated::{
    rated_change, rated_change_averaged, rated_change_per_game_with_cap, AverageSource, RatedInput,
};
pub(crate) use rated::{EveryGameSums, RatedChange, RatedGame};
pub(crate) use round_robin::{round_robin_initial_ratings, RoundRobinInput, RoundRobinRatings};
pub(crate) use rounding::{round, round_change};
pub(crate) use tables::P_DP;
pub(crate) use units::Fraction;
pub(crate) use units::GameScore;
pub use units::HalfPoints;
pub use units::Hundredths;
pub(crate) use unrated::{
    initial_rating, publication, Exclusion, InitialRating, Publication, UnratedGame, UnratedInput,
};
