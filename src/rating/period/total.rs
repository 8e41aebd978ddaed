//! A rated player's rating period, as arithmetic: one K for the period,
//! reduced by K × n ≤ 700 over all its games, applied to every event's
//! ΣΔR, the sum rounded once (FIDE Handbook B.02 2024 art. 8.3.2–8.3.4,
//! 2022 likewise; 2003/2005 art. 10.53–10.56 round the new rating once).
//!
//! Knows nothing of TRF: events are their ΣΔR (hundredths) and games.

use crate::rating::maths::{Fraction, Hundredths};
use crate::regulations::RoundingMode;

/// One event of the period for one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct EventTerm {
    /// ΣΔR of the event, Σ(W − We) over its rated games (the capped
    /// differences already applied), in hundredths.
    pub sum_delta: Hundredths,
    /// Rated games n in the event.
    pub games: u32,
}

/// The period's figures for one player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PeriodTotal {
    /// Σ n.
    pub games: u32,
    /// K before the cap.
    pub k_before_cap: u8,
    /// K′ applied to every event (after the cap, when the edition has it).
    pub k: u8,
    /// K′ × ΣΔR per event, in hundredths (exact).
    pub event_changes: Vec<Hundredths>,
    /// Each event's change rounded alone.
    pub event_rounded: Vec<i64>,
    /// Σ K′ × ΣΔR, in hundredths (exact, two decimals as FIDE prints it).
    pub total: Hundredths,
    /// The total rounded once.
    pub rounded: i64,
    /// Σ of the per-event roundings.
    pub per_event: i64,
}

impl PeriodTotal {
    /// Rounding each event alone would publish another change.
    pub(crate) fn discriminating(&self) -> bool {
        self.rounded != self.per_event
    }
}

/// The period's change for K `k` (before the cap), the edition's K × n
/// limit (`None` where it has none) and rounding.
pub(crate) fn period_total(
    k: u8,
    limit: Option<u32>,
    rounding: RoundingMode,
    events: &[EventTerm],
) -> PeriodTotal {
    let games: u32 = events.iter().map(|e| e.games).sum();
    let capped = match limit {
        Some(l) => crate::rating::maths::cap_k_for_games(k, games, l),
        None => k,
    };
    let round = |h: Hundredths| {
        Fraction::new(h.0, 100).map_or(0, |f| crate::rating::maths::round(f, rounding))
    };
    let event_changes: Vec<Hundredths> = events
        .iter()
        .map(|e| Hundredths(e.sum_delta.0 * i64::from(capped)))
        .collect();
    let event_rounded: Vec<i64> = event_changes.iter().map(|&c| round(c)).collect();
    let total = Hundredths(event_changes.iter().map(|c| c.0).sum());
    PeriodTotal {
        games,
        k_before_cap: k,
        k: capped,
        rounded: round(total),
        per_event: event_rounded.iter().sum(),
        event_changes,
        event_rounded,
        total,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ev(h: i64, n: u32) -> EventTerm {
        EventTerm {
            sum_delta: Hundredths(h),
            games: n,
        }
    }

    #[test]
    fn example_a_rounds_once() {
        // Spec §7 A: K 20, ΣΔR +0.70, +0.57, −0.09 → +23.60 → +24; per
        // event +14 +11 −2 = +23.
        let t = period_total(
            20,
            Some(700),
            RoundingMode::HalfAwayFromZero,
            &[ev(70, 5), ev(57, 4), ev(-9, 3)],
        );
        assert_eq!(
            (t.games, t.k, t.total, t.rounded),
            (12, 20, Hundredths(2360), 24)
        );
        assert_eq!(t.event_rounded, vec![14, 11, -2]);
        assert_eq!(t.per_event, 23);
        assert!(t.discriminating());
    }

    #[test]
    fn example_c_caps_over_the_period() {
        // 40 × 21 = 840 > 700 → 33 in every event.
        let t = period_total(
            40,
            Some(700),
            RoundingMode::HalfAwayFromZero,
            &[ev(143, 9), ev(178, 7), ev(132, 5)],
        );
        assert_eq!((t.k_before_cap, t.k), (40, 33));
        assert_eq!(t.total, Hundredths(14949));
        assert_eq!(t.rounded, 149);
        // No limit in the edition: K stays.
        let t = period_total(40, None, RoundingMode::HalfAwayFromZero, &[ev(453, 21)]);
        assert_eq!((t.k, t.total), (40, Hundredths(18120)));
    }

    #[test]
    fn example_e_half_goes_away_from_zero_or_up() {
        let t = period_total(10, Some(700), RoundingMode::HalfAwayFromZero, &[ev(-25, 1)]);
        assert_eq!((t.total, t.rounded), (Hundredths(-250), -3));
        let t = period_total(10, None, RoundingMode::HalfUp, &[ev(-25, 1)]);
        assert_eq!(t.rounded, -2);
        assert!(!t.discriminating());
    }

    #[test]
    fn no_games_no_change() {
        let t = period_total(20, Some(700), RoundingMode::HalfAwayFromZero, &[]);
        assert_eq!((t.games, t.k, t.rounded, t.per_event), (0, 20, 0, 0));
    }
}
