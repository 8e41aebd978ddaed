//! Conditions on how games are played: rate of play, first time control,
//! daily schedule and duration (docs/spec/regulations.md R1–R9).

use serde::Serialize;

/// Whose ratings choose the minimum-time band (docs/spec/regulations.md R1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BandScope {
    /// The highest-rated player **in the tournament** sets the band for every game.
    Tournament,
    /// Each game's band is set by the higher-rated of its two players.
    Game,
}

/// Minimum thinking time per player for 60 moves (docs/spec/regulations.md R1, R2).
///
/// The band is chosen by the highest rating in [`scope`](Self::scope):
/// at or above `upper_threshold` → `minutes_upper`; at or above
/// `lower_threshold` → `minutes_lower`; otherwise `minutes_base`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RateOfPlay {
    /// 2200 up to the 2017 text, 2400 from 2022.
    pub upper_threshold: u16,
    /// 1600 up to the 2017 text, 1800 from 2022.
    pub lower_threshold: u16,
    /// Minutes required when the band is at or above `upper_threshold` (120).
    pub minutes_upper: u32,
    /// Minutes required when the band is at or above `lower_threshold` (90).
    pub minutes_lower: u32,
    /// Minutes required below `lower_threshold` (60).
    pub minutes_base: u32,
    /// Per tournament or per game.
    pub scope: BandScope,
    /// Moves the time is computed on (60 in every text since 2000, R2).
    pub moves_assumed: u32,
    /// QC-approved events rated as standard below the normal minimum; `None`
    /// where the text has no such route.
    pub qc_approved_faster: Option<QcApprovedFaster>,
}

impl RateOfPlay {
    /// Minutes per player (for [`moves_assumed`](Self::moves_assumed) moves)
    /// required when the highest rating in the scope is `highest_rating`
    /// (`None`: everyone in the scope is unrated).
    pub fn minimum_minutes(&self, highest_rating: Option<u16>) -> u32 {
        match highest_rating {
            Some(r) if r >= self.upper_threshold => self.minutes_upper,
            Some(r) if r >= self.lower_threshold => self.minutes_lower,
            _ => self.minutes_base,
        }
    }
}

/// The 2025 pilot and the 2026 rule for faster controls rated as standard.
///
/// Secondary sources only (s) in docs/spec/regulations.md R1 and R6: the 2025 pilot
/// rated three named events at 45'+30" with at most two rounds a day; from
/// 2026 QC-approved major or traditional events may be rated standard at
/// 45'+30" or 60'+30". docs/spec/regulations.md gives no day for the 2026 change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct QcApprovedFaster {
    /// Lowest time for 60 moves such events may have (45'+30" → 75 minutes).
    pub minimum_minutes: u32,
    /// Round cap of the 2025 pilot (2), unconfirmed (s) in docs/spec/regulations.md R6.
    pub pilot_max_rounds_per_day: u8,
}

/// The rule on the number of moves in the first time control
/// (docs/spec/regulations.md R5). It only applies when the control counts moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", content = "moves", rename_all = "snake_case")]
pub enum MoveCountRule {
    /// The number is recommended; other counts are allowed (2003, 2005: 40).
    Recommended(u8),
    /// The text says the first control "shall be" this many moves (2009–2017: 40).
    Exactly(u8),
    /// At least this many moves (2022, 2024: 30).
    AtLeast(u8),
}

/// How a first-control move count fares against a [`MoveCountRule`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveCountVerdict {
    /// Meets the rule.
    Meets,
    /// Differs from a recommendation only; the game is still rateable.
    DiffersFromRecommendation,
    /// Breaks a requirement; the game is not rateable as standard.
    Breaks,
}

impl MoveCountRule {
    /// Judges a first control of `moves` moves.
    pub fn check(self, moves: u32) -> MoveCountVerdict {
        match self {
            MoveCountRule::Recommended(m) if moves == u32::from(m) => MoveCountVerdict::Meets,
            MoveCountRule::Recommended(_) => MoveCountVerdict::DiffersFromRecommendation,
            MoveCountRule::Exactly(m) if moves == u32::from(m) => MoveCountVerdict::Meets,
            MoveCountRule::AtLeast(m) if moves >= u32::from(m) => MoveCountVerdict::Meets,
            MoveCountRule::Exactly(_) | MoveCountRule::AtLeast(_) => MoveCountVerdict::Breaks,
        }
    }

    /// The move count the rule names.
    pub fn moves(self) -> u8 {
        match self {
            MoveCountRule::Recommended(m)
            | MoveCountRule::Exactly(m)
            | MoveCountRule::AtLeast(m) => m,
        }
    }
}

/// Limits on the tournament's length (docs/spec/regulations.md R8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct DurationRule {
    /// Longest period, in days, a tournament may last; `None` = no limit in B.02.
    pub max_days: Option<u32>,
    /// Whether leagues (or events approved in advance) may run longer than
    /// `max_days`.
    pub longer_events_allowed: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROP: RateOfPlay = RateOfPlay {
        upper_threshold: 2400,
        lower_threshold: 1800,
        minutes_upper: 120,
        minutes_lower: 90,
        minutes_base: 60,
        scope: BandScope::Game,
        moves_assumed: 60,
        qc_approved_faster: None,
    };

    #[test]
    fn bands_are_inclusive_at_the_threshold() {
        assert_eq!(ROP.minimum_minutes(Some(2400)), 120);
        assert_eq!(ROP.minimum_minutes(Some(2399)), 90);
        assert_eq!(ROP.minimum_minutes(Some(1800)), 90);
        assert_eq!(ROP.minimum_minutes(Some(1799)), 60);
        assert_eq!(ROP.minimum_minutes(None), 60);
    }

    #[test]
    fn move_counts() {
        // docs/spec/regulations.md §3.8, last row: 25/60' + 30'.
        assert_eq!(
            MoveCountRule::Recommended(40).check(25),
            MoveCountVerdict::DiffersFromRecommendation
        );
        assert_eq!(
            MoveCountRule::Exactly(40).check(25),
            MoveCountVerdict::Breaks
        );
        assert_eq!(
            MoveCountRule::AtLeast(30).check(25),
            MoveCountVerdict::Breaks
        );
        assert_eq!(
            MoveCountRule::AtLeast(30).check(40),
            MoveCountVerdict::Meets
        );
        assert_eq!(
            MoveCountRule::Exactly(40).check(40),
            MoveCountVerdict::Meets
        );
        assert_eq!(
            MoveCountRule::Recommended(40).check(40),
            MoveCountVerdict::Meets
        );
    }
}
