//! Exact quantities: scores in half-points, expectations in hundredths,
//! averages as fractions. No floating point anywhere in the calculation.

use serde::Serialize;
use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Mul, Neg, Sub};

/// A score in half-points: 7 = 3½ points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize)]
pub struct HalfPoints(pub u32);

impl HalfPoints {
    /// The same score in hundredths of a point (one half-point = 50).
    pub fn hundredths(self) -> Hundredths {
        Hundredths(i64::from(self.0) * 50)
    }
}

impl Add for HalfPoints {
    type Output = HalfPoints;
    fn add(self, rhs: HalfPoints) -> HalfPoints {
        HalfPoints(self.0.saturating_add(rhs.0))
    }
}

impl Sum for HalfPoints {
    fn sum<I: Iterator<Item = HalfPoints>>(iter: I) -> HalfPoints {
        iter.fold(HalfPoints(0), Add::add)
    }
}

impl fmt::Display for HalfPoints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let whole = self.0 / 2;
        if self.0 % 2 == 0 {
            write!(f, "{whole}")
        } else {
            write!(f, "{whole}.5")
        }
    }
}

/// The result of one game for one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum GameScore {
    /// 0.
    Loss,
    /// ½.
    Draw,
    /// 1.
    Win,
}

impl GameScore {
    /// 0, 1 or 2.
    pub(crate) fn half_points(self) -> HalfPoints {
        HalfPoints(match self {
            GameScore::Loss => 0,
            GameScore::Draw => 1,
            GameScore::Win => 2,
        })
    }

    /// The opponent's result.
    #[cfg(test)]
    pub(crate) fn opposite(self) -> GameScore {
        match self {
            GameScore::Loss => GameScore::Win,
            GameScore::Draw => GameScore::Draw,
            GameScore::Win => GameScore::Loss,
        }
    }
}

/// A signed quantity in hundredths: expected scores (PD = .64 → 64), ΔR
/// sums, and rating changes in hundredths of a rating point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize)]
pub struct Hundredths(pub i64);

impl Add for Hundredths {
    type Output = Hundredths;
    fn add(self, rhs: Hundredths) -> Hundredths {
        Hundredths(self.0 + rhs.0)
    }
}

impl AddAssign for Hundredths {
    fn add_assign(&mut self, rhs: Hundredths) {
        self.0 += rhs.0;
    }
}

impl Sub for Hundredths {
    type Output = Hundredths;
    fn sub(self, rhs: Hundredths) -> Hundredths {
        Hundredths(self.0 - rhs.0)
    }
}

impl Neg for Hundredths {
    type Output = Hundredths;
    fn neg(self) -> Hundredths {
        Hundredths(-self.0)
    }
}

impl Mul<i64> for Hundredths {
    type Output = Hundredths;
    fn mul(self, rhs: i64) -> Hundredths {
        Hundredths(self.0 * rhs)
    }
}

impl Sum for Hundredths {
    fn sum<I: Iterator<Item = Hundredths>>(iter: I) -> Hundredths {
        iter.fold(Hundredths(0), Add::add)
    }
}

impl fmt::Display for Hundredths {
    /// `-2.50`, `0.13`, `12.00`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let a = self.0.unsigned_abs();
        write!(f, "{sign}{}.{:02}", a / 100, a % 100)
    }
}

/// An exact rational number, kept in lowest terms with a positive
/// denominator (so `==` compares values), for averages such as
/// Ra = 12250/7 that the regulations round only at a stated point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub(crate) struct Fraction {
    num: i64,
    den: i64,
}

impl Fraction {
    /// `num / den` in lowest terms; `None` if `den` is zero (or the sign
    /// cannot be moved to the numerator without overflow).
    pub(crate) fn new(num: i64, den: i64) -> Option<Fraction> {
        if den == 0 {
            return None;
        }
        let (num, den) = if den < 0 {
            (num.checked_neg()?, den.checked_neg()?)
        } else {
            (num, den)
        };
        let g = gcd(num.unsigned_abs(), den.unsigned_abs());
        // g divides both and is at least 1, so the divisions are exact and in range.
        let g = i64::try_from(g).ok()?;
        Some(Fraction {
            num: num / g,
            den: den / g,
        })
    }

    /// An integer as a fraction.
    pub(crate) fn from_int(n: i64) -> Fraction {
        Fraction { num: n, den: 1 }
    }

    /// Numerator (carries the sign).
    #[cfg(test)]
    pub(crate) fn num(self) -> i64 {
        self.num
    }

    /// Denominator (positive).
    #[cfg(test)]
    pub(crate) fn den(self) -> i64 {
        self.den
    }

    /// Value in hundredths, rounded half up (for display and reports).
    pub(crate) fn hundredths(self) -> i64 {
        div_half_up(i128::from(self.num) * 100, i128::from(self.den))
    }

    /// Value in tenths, rounded half up.
    #[cfg(test)]
    pub(crate) fn tenths(self) -> i64 {
        div_half_up(i128::from(self.num) * 10, i128::from(self.den))
    }

    /// Nearest integer, .5 up.
    pub(crate) fn round_half_up(self) -> i64 {
        div_half_up(i128::from(self.num), i128::from(self.den))
    }

    /// Nearest integer, .5 away from zero.
    pub(crate) fn round_half_away_from_zero(self) -> i64 {
        let n = i128::from(self.num);
        let d = i128::from(self.den);
        let m = div_half_up(n.abs(), d);
        if n < 0 {
            -m
        } else {
            m
        }
    }
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}

/// floor((2n + d) / 2d) for d > 0, saturated into i64.
fn div_half_up(n: i128, d: i128) -> i64 {
    let q = (2 * n + d).div_euclid(2 * d);
    i64::try_from(q).unwrap_or(if q < 0 { i64::MIN } else { i64::MAX })
}

impl fmt::Display for Fraction {
    /// Two decimals, rounded half up: `1872.43`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Hundredths(self.hundredths()).fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_points_display() {
        assert_eq!(HalfPoints(7).to_string(), "3.5");
        assert_eq!(HalfPoints(6).to_string(), "3");
        assert_eq!(HalfPoints(7).hundredths(), Hundredths(350));
        assert_eq!(GameScore::Draw.half_points(), HalfPoints(1));
        assert_eq!(GameScore::Win.opposite(), GameScore::Loss);
    }

    #[test]
    fn hundredths_display() {
        assert_eq!(Hundredths(-250).to_string(), "-2.50");
        assert_eq!(Hundredths(13).to_string(), "0.13");
        assert_eq!(Hundredths(-5).to_string(), "-0.05");
    }

    #[test]
    fn fraction_rounding() {
        let f = |n, d| Fraction::new(n, d).unwrap_or(Fraction::from_int(0));
        assert_eq!(f(5, 2).round_half_up(), 3);
        assert_eq!(f(-5, 2).round_half_up(), -2);
        assert_eq!(f(-5, 2).round_half_away_from_zero(), -3);
        assert_eq!(f(5, 2).round_half_away_from_zero(), 3);
        assert_eq!(f(5, -2).num(), -5);
        assert_eq!(f(12250, 7).hundredths(), 175000);
        assert_eq!(f(13107, 7).to_string(), "1872.43");
        assert_eq!(f(20980, 9).tenths(), 23311);
        assert_eq!(f(-7, 3).round_half_up(), -2);
        assert!(Fraction::new(1, 0).is_none());
        assert_eq!(f(12250, 7), f(1750, 1));
        assert_eq!((f(-6, -4).num(), f(-6, -4).den()), (3, 2));
        assert_eq!((f(0, 5).num(), f(0, 5).den()), (0, 1));
    }
}
