//! Rounding as each edition prescribes, in integer arithmetic.
//!
//! * Rating change for the period: half away from zero (−2.5 → −3). Read for
//!   2022 ("0.5 goes to 1 whatever the sign") and 2024 ("rounded away from
//!   zero"; FIDE published −2.50 as −3). Earlier texts say "nearest integer";
//!   the same convention is used for them, unconfirmed (?) in docs/spec/regulations.md
//!   R29. A half-up routine would give −2, which is wrong for 2022/2024.
//! * Initial ratings and averages of ratings: nearest, .5 up (the 2005
//!   example rounds 2410.5 to 2411; Title Regulations 1.4.7 for averages).
//! * p for a dp lookup: two decimals, half up, from the exact fraction
//!   (docs/spec/regulations.md §2 point 3).

use super::units::{Fraction, HalfPoints, Hundredths};
use crate::regulations::{RoundingMode, Version};

/// Rounds `value` to an integer in `mode`.
pub(crate) fn round(value: Fraction, mode: RoundingMode) -> i64 {
    match mode {
        RoundingMode::HalfAwayFromZero => value.round_half_away_from_zero(),
        RoundingMode::HalfUp => value.round_half_up(),
    }
}

/// A rating change held in hundredths of a point, rounded to whole points as
/// `version` prescribes for the period's change.
pub(crate) fn round_change(version: Version, change: Hundredths) -> i64 {
    // What `round(Fraction::new(change, 100), mode)` gives, in integers (no
    // reduction of the fraction for each of thousands of players).
    let h = i128::from(change.0);
    let whole = match version.regulations().rounding.rating_change {
        RoundingMode::HalfAwayFromZero => {
            let m = (h.abs() + 50) / 100;
            if h < 0 {
                -m
            } else {
                m
            }
        }
        RoundingMode::HalfUp => (h + 50).div_euclid(100),
    };
    i64::try_from(whole).unwrap_or(0)
}

/// Several raw changes of one rating period, summed before rounding (the sum
/// is "not rounded until the end of the period", docs/spec/regulations.md §2 point 3).
#[cfg(test)]
pub(crate) fn round_period(version: Version, changes: &[Hundredths]) -> i64 {
    round_change(version, changes.iter().copied().sum())
}

/// Fractional score `score / games` as a two-decimal p in hundredths
/// (0..=100), rounded half up from the exact fraction; `None` for 0 games or
/// a score above the maximum.
pub(crate) fn p_hundredths(score: HalfPoints, games: u32) -> Option<u32> {
    if games == 0 || score.0 > games.saturating_mul(2) {
        return None;
    }
    // p = hp / (2n); in hundredths, half up: floor((100·hp + n) / 2n).
    let hp = u64::from(score.0);
    let n = u64::from(games);
    u32::try_from((100 * hp + n) / (2 * n)).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fide_published_minus_two_and_a_half() {
        // docs/spec/regulations.md §3.3 and §3.4: −2.50 → −3 in 2024 and 2022.
        assert_eq!(round_change(Version::V2024, Hundredths(-250)), -3);
        assert_eq!(round_change(Version::V2022, Hundredths(-250)), -3);
        assert_eq!(round_change(Version::V2024, Hundredths(250)), 3);
        assert_eq!(round_change(Version::V2024, Hundredths(-249)), -2);
        assert_eq!(round_change(Version::V2022, Hundredths(220)), 2);
        assert_eq!(round_change(Version::V2024, Hundredths(260)), 3);
        assert_eq!(round_change(Version::V2005, Hundredths(90)), 1);
    }

    /// The integer rounding of [`round_change`] gives what rounding the
    /// exact fraction change / 100 gives, for every edition's mode, across
    /// signs, halves and large values.
    #[test]
    fn change_rounds_as_the_exact_fraction() {
        let wide = [
            i64::from(i32::MIN),
            -1_000_050,
            1_000_050,
            i64::from(i32::MAX),
        ];
        for v in Version::ALL {
            let mode = v.regulations().rounding.rating_change;
            for c in (-20_000..=20_000).chain(wide) {
                let exact = Fraction::new(c, 100).map_or(0, |f| round(f, mode));
                assert_eq!(round_change(v, Hundredths(c)), exact, "{v:?} {c}");
            }
        }
    }

    #[test]
    fn period_sums_before_rounding() {
        // 0.4 + 0.4 = 0.8 → 1, although each alone rounds to 0.
        assert_eq!(
            round_period(Version::V2024, &[Hundredths(40), Hundredths(40)]),
            1
        );
    }

    #[test]
    fn p_is_rounded_half_up() {
        assert_eq!(p_hundredths(HalfPoints(16), 9), Some(89)); // 8/9
        assert_eq!(p_hundredths(HalfPoints(8), 7), Some(57)); // 4/7
        assert_eq!(p_hundredths(HalfPoints(9), 7), Some(64)); // 4.5/7
        assert_eq!(p_hundredths(HalfPoints(3), 7), Some(21)); // 1.5/7
        assert_eq!(p_hundredths(HalfPoints(1), 8), Some(6)); // .0625
        assert_eq!(p_hundredths(HalfPoints(1), 40), Some(1)); // .0125
        assert_eq!(p_hundredths(HalfPoints(1), 200), Some(0)); // .0025
        assert_eq!(p_hundredths(HalfPoints(5), 4), Some(63)); // .625 → .63
        assert_eq!(p_hundredths(HalfPoints(0), 5), Some(0));
        assert_eq!(p_hundredths(HalfPoints(10), 5), Some(100));
        assert_eq!(p_hundredths(HalfPoints(11), 5), None);
        assert_eq!(p_hundredths(HalfPoints(0), 0), None);
    }
}
