//! Parameters of the rating calculation itself (docs/spec/regulations.md R19–R31).

use serde::Serialize;

/// How often rating lists are published (docs/spec/regulations.md R19).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ListFrequency {
    /// 1 January, 1 April, 1 July, 1 October.
    Quarterly,
    /// January, March, May, July, September, November.
    BiMonthly,
    /// Every month.
    Monthly,
}

/// How a rated player's change is computed (docs/spec/regulations.md R22).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ChangeMethod {
    /// 2003: one expected score from the opponents' average, `We = PD(R − Rc) × n`.
    Averaged,
    /// 2005 onward: one expected score per game, summed.
    PerGame,
}

/// How often the difference cap is applied (docs/spec/regulations.md R21).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CapApplication {
    /// Every game whose difference exceeds the cap.
    EveryGame,
    /// Only once per player and tournament: the game with the largest difference (2022).
    OncePerPlayer,
}

/// The cap on the rating difference used for a game (docs/spec/regulations.md R21).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct DifferenceCap {
    /// Larger differences count as this many points (350, then 400).
    pub points: u16,
    /// Every game, or once per player.
    pub application: CapApplication,
    /// Players rated at or above this are not capped (2650 from 1 October 2025).
    pub exempt_from_rating: Option<u16>,
}

/// Until when a junior keeps the junior K (docs/spec/regulations.md R24).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum JuniorUntil {
    /// Until the day before the 18th birthday.
    EighteenthBirthday,
    /// Until 31 December of the year of the 18th birthday.
    EndOfYearOfEighteenthBirthday,
}

/// The junior K rule (docs/spec/regulations.md R24, from 2014).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct JuniorK {
    /// The junior K (40).
    pub k: u8,
    /// Only while the rating stays below this (2300).
    pub below_rating: u16,
    /// How long a player is a junior.
    pub until: JuniorUntil,
}

/// The K-factor rules (docs/spec/regulations.md R24, R25).
///
/// Precedence used by `crate::rating::maths::k_factor`: new player, then the
/// top K once 2400 was reached (permanent), then the junior K, then the
/// standard K.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct KRules {
    /// K for a player new to the list (25, 30 from 1 July 2011, 40 from 2014).
    pub new_player: u8,
    /// A player is new until completing this many rated games (30).
    pub new_player_games: u32,
    /// K below `top_threshold` (15, 20 from 2014).
    pub standard: u8,
    /// K once the published rating has reached `top_threshold` (10), permanent.
    pub top: u8,
    /// 2400.
    pub top_threshold: u16,
    /// The junior rule, where the text has one.
    pub junior: Option<JuniorK>,
    /// If `K × n` (n = games in the rating period) exceeds this, K becomes the
    /// largest integer with `K × n` ≤ the limit (700).
    pub k_times_games_limit: Option<u32>,
}

/// How the initial rating of an unrated player is computed (docs/spec/regulations.md R26).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum InitialRatingMethod {
    /// Ra = average of rated opponents. At 50 %: Ra. Above: Ra plus a fixed
    /// amount per half-point above 50 %. Below: Ra + dp(p).
    HalfPointIncrement {
        /// The amount per half-point above 50 %, in hundredths of a rating
        /// point (1250 = 12.5; 2000 = 20).
        per_half_point_hundredths: u32,
        /// Whether round robins use the tournament route
        /// `Ra = Rar − dpa × n/(n + 1)` with the cap corrections of
        /// docs/spec/regulations.md §3.1 (below 50 %: `Ra + dp × n/(n + 1)`).
        round_robin_route: bool,
    },
    /// 2024: two hypothetical opponents rated `hypothetical_rating`, both
    /// drawn, are added; `Ru = Ra + dp((W + 1)/(n + 2))`, at most `maximum`.
    HypotheticalDraws {
        /// Number of hypothetical opponents (2).
        opponents: u32,
        /// Their rating (1800).
        hypothetical_rating: u16,
        /// Highest initial rating (2200).
        maximum: u16,
    },
}

/// Pooling an unrated player's results from several events (docs/spec/regulations.md R27).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PoolingMethod {
    /// Rn = game-weighted average of the events' Ru values (2003, 2005 art. 10.3).
    WeightedAverage,
    /// All results are computed as one event.
    AllGamesAsOneEvent,
}

/// Over how long results may be pooled for a first rating (docs/spec/regulations.md R28).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "unit", content = "count", rename_all = "snake_case")]
pub enum PoolingWindow {
    /// The same and the next N rating periods (7).
    RatingPeriods(u32),
    /// Consecutive rating periods totalling at most N months (26).
    Months(u32),
    /// The text read does not say.
    NotStated,
}

/// A rounding convention for a value known exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RoundingMode {
    /// Nearest integer; .5 goes away from zero (−2.5 → −3, +2.5 → +3).
    HalfAwayFromZero,
    /// Nearest integer; .5 goes up (−2.5 → −2, +2.5 → +3).
    HalfUp,
}

/// Rounding conventions (docs/spec/regulations.md R29 and §2 point 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Rounding {
    /// The rating change for the period.
    pub rating_change: RoundingMode,
    /// An initial rating Ru (and a pooled Rn).
    pub initial_rating: RoundingMode,
    /// Averages of opponents' ratings (Ra, Rc); the convention of the Title
    /// Regulations 1.4.7 (docs/spec/regulations.md §2 point 3), used for every version.
    pub averages: RoundingMode,
}

/// What the p → dp table gives for p = 1.00 and p = 0.00 (docs/spec/regulations.md R30).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DpExtremes {
    /// Left blank ("necessarily indeterminate").
    Undefined,
    /// Shown notionally as +800 / −800.
    #[serde(rename = "notional_800")]
    Notional800,
}

/// The lowest published rating and what happens to a first rating below it
/// (docs/spec/regulations.md R20).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Floor {
    /// Lowest rating that is published (a rating must be at least this).
    pub min_rating: u16,
    /// A first Ru below the floor in force when the event was played is
    /// discarded (GA 2005), rather than kept in the player's pool.
    pub below_floor_discarded: bool,
}
