//! Ra, p, dp and Rp of a norm, in integers (Title Regulations 2024
//! 1.4.6-1.4.9; 2017 1.46-1.49).
//!
//! Ra is the opponents' rating sum divided by the games, rounded to the
//! nearest integer with .5 up (1.4.7b); p is the score as a percentage
//! rounded the same way (1.4.9); dp comes from the table of 1.4.9, which
//! is B.02's table 8.1.1 entry by entry; Rp = Ra + dp (1.4.8). Every value
//! is an integer division of integers: no float ever rounds a score.

use crate::rating::maths::P_DP;

/// `round(num / den)` with halves up, for `num ≥ 0`, `den > 0`.
fn div_half_up(num: i64, den: i64) -> i64 {
    (2 * num + den).div_euclid(2 * den)
}

/// Ra: `sum / games`, rounded half up; `None` without games.
pub(crate) fn rating_average(sum: i64, games: u32) -> Option<i32> {
    (games > 0).then(|| div_half_up(sum, i64::from(games)) as i32)
}

/// p in whole percent: `half_points / (2 × games)`, rounded half up;
/// `None` without games or above 100%.
pub(crate) fn percentage(half_points: u32, games: u32) -> Option<u32> {
    if games == 0 || half_points > 2 * games {
        return None;
    }
    Some(div_half_up(100 * i64::from(half_points), 2 * i64::from(games)) as u32)
}

/// dp for p in whole percent (the table of 1.4.9; ±800 at 100% and 0%).
pub(crate) fn dp(p: u32) -> Option<i32> {
    P_DP.get(p as usize).map(|&v| i32::from(v))
}

/// Whether the score reaches 35% of the games (1.4.8b), tested on the
/// exact score: `score × 100 ≥ 35 × games`.
pub(crate) fn reaches_35_percent(half_points: u32, games: u32) -> bool {
    // score = h / 2, so 100 h / 2 ≥ 35 n ⇔ 50 h ≥ 35 n.
    50 * u64::from(half_points) >= 35 * u64::from(games)
}

/// The least score, in half points, with which `ra` and `games` reach
/// `rp_min` and 35%; `None` when no score does.
pub(crate) fn required_half_points(ra: i32, games: u32, rp_min: i32) -> Option<u32> {
    (0..=2 * games).find(|&h| {
        reaches_35_percent(h, games)
            && percentage(h, games)
                .and_then(dp)
                .is_some_and(|d| ra + d >= rp_min)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ra_rounds_half_up() {
        // Spec example E5: 24505 / 10 = 2450.5 → 2451.
        assert_eq!(rating_average(24505, 10), Some(2451));
        assert_eq!(rating_average(24504, 10), Some(2450));
        assert_eq!(rating_average(22060, 9), Some(2451));
        assert_eq!(rating_average(0, 0), None);
    }

    #[test]
    fn p_rounds_half_up() {
        assert_eq!(percentage(13, 9), Some(72)); // 6.5 / 9 = 72.2
        assert_eq!(percentage(11, 8), Some(69)); // 5.5 / 8 = 68.75
        assert_eq!(percentage(9, 12), Some(38)); // 4.5 / 12 = 37.5 → 38
        assert_eq!(percentage(14, 10), Some(70));
        assert_eq!(percentage(21, 10), None);
    }

    /// One published implementation takes dp at `floor(|50 − 100·p|)` on a
    /// float p and gets the neighbouring entry for p = .28, .57 and .58
    /// (100 × 0.57 = 56.99999…). Integers cannot.
    #[test]
    fn the_three_float_neighbours() {
        // 7 / 25 = .28, 28.5 / 50 = .57, 29 / 50 = .58.
        assert_eq!(percentage(14, 25).and_then(dp), Some(-166));
        assert_eq!(percentage(57, 50).and_then(dp), Some(50));
        assert_eq!(percentage(58, 50).and_then(dp), Some(57));
        // The neighbours the float reading lands on.
        assert_eq!(dp(27), Some(-175));
        assert_eq!(dp(56), Some(43));
    }

    #[test]
    fn thirty_five_percent_on_the_exact_score() {
        // 4.5 / 13 = 34.6%: rounded it would be 35, exactly it is not.
        assert!(!reaches_35_percent(9, 13));
        assert_eq!(percentage(9, 13), Some(35));
        assert!(reaches_35_percent(7, 10));
        assert!(!reaches_35_percent(6, 10));
    }

    #[test]
    fn required_score() {
        // Spec E1: Ra 2451 over 9 games needs 6.5 for a GM norm.
        assert_eq!(required_half_points(2451, 9, 2600), Some(13));
        assert_eq!(required_half_points(1000, 9, 2600), None);
    }
}
