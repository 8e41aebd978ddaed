//! Pooling an unrated player's results over several events (docs/spec/regulations.md
//! R27, §3.2).
//!
//! 2003 and 2005 (art. 10.3): Rn is the game-weighted average of the events'
//! Ru values, rounded to the nearest integer. From 2014 the results are
//! pooled as one event instead: concatenate the games and call
//! [`super::initial_rating`] (see [`crate::regulations::PoolingMethod`]).

use super::units::Fraction;
use serde::Serialize;

/// One event's initial rating and its number of games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub(crate) struct PoolPart {
    /// Ru of the event.
    pub ru: i64,
    /// Games it rests on.
    pub games: u32,
}

/// The pooled rating.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub(crate) struct Pooled {
    /// Rn rounded half up.
    pub rn: i64,
    /// Rn exact.
    pub exact: Fraction,
    /// Total games.
    pub games: u32,
}

/// Rn = Σ(Ru × games) / Σgames; `None` when there are no games.
pub(crate) fn pool_weighted(parts: &[PoolPart]) -> Option<Pooled> {
    let games: u64 = parts.iter().map(|p| u64::from(p.games)).sum();
    let weighted: i64 = parts.iter().map(|p| p.ru * i64::from(p.games)).sum();
    let exact = Fraction::new(weighted, i64::try_from(games).ok()?)?;
    Some(Pooled {
        rn: exact.round_half_up(),
        exact,
        games: u32::try_from(games).ok()?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_2270_example() {
        // docs/spec/regulations.md §3.2.
        let parts = [
            PoolPart { ru: 2280, games: 5 },
            PoolPart {
                ru: 2400,
                games: 10,
            },
            PoolPart { ru: 2000, games: 5 },
        ];
        let p = pool_weighted(&parts);
        assert_eq!(p.map(|p| (p.rn, p.games)), Some((2270, 20)));
        assert_eq!(p.map(|p| p.exact), Fraction::new(45400, 20));
    }

    #[test]
    fn rounds_half_up_and_rejects_empty() {
        let parts = [
            PoolPart { ru: 2001, games: 1 },
            PoolPart { ru: 2000, games: 1 },
        ];
        assert_eq!(pool_weighted(&parts).map(|p| p.rn), Some(2001));
        assert_eq!(pool_weighted(&[]), None);
        assert_eq!(pool_weighted(&[PoolPart { ru: 2000, games: 0 }]), None);
    }
}
