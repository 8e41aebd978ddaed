//! Points as exact tenths.

use serde::{Serialize, Serializer};
use std::fmt;

/// A score in tenths of a point (`11.5` is `Points(115)`).
///
/// Scores are never floats: half points, tenths (`0.1` appears in some
/// scoring systems) and sums of them stay exact.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Points(pub i32);

impl Points {
    /// Zero.
    pub const ZERO: Points = Points(0);
    /// One point.
    pub const ONE: Points = Points(10);
    /// Half a point.
    pub const HALF: Points = Points(5);

    /// Tenths of a point.
    pub fn tenths(self) -> i32 {
        self.0
    }

    /// Parses `11.5`, `11`, `.5`, `-1.0`, `11,5`; at most one decimal digit
    /// unless the others are zeros. Blanks and tabs around are ignored.
    pub fn parse(s: &str) -> Option<Points> {
        let t = s.trim_matches(|c: char| c == ' ' || c == '\t');
        if t.is_empty() {
            return None;
        }
        let (neg, t) = match t.strip_prefix('-') {
            Some(r) => (true, r),
            None => (false, t),
        };
        let (int, frac) = match t.find(['.', ',']) {
            Some(i) => (&t[..i], &t[i + 1..]),
            None => (t, ""),
        };
        if int.is_empty() && frac.is_empty() {
            return None;
        }
        if !int.bytes().all(|b| b.is_ascii_digit()) || !frac.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        if int.len() > 6 || frac.len() > 4 {
            return None;
        }
        let i: i32 = if int.is_empty() { 0 } else { int.parse().ok()? };
        let mut f = frac.bytes();
        let d = f.next().map(|b| (b - b'0') as i32).unwrap_or(0);
        if f.any(|b| b != b'0') {
            return None;
        }
        let v = i * 10 + d;
        Some(Points(if neg { -v } else { v }))
    }
}

// Arithmetic saturates: a file may give a result 999999.9 points (`XXS
// WW=999999.9`) and 999 rounds of it, whose sum does not fit an `i32`.
// Wrapping made that a negative total (and a panic in debug builds); a
// saturated total stays far from any written score and is reported as such.
impl std::ops::Add for Points {
    type Output = Points;
    fn add(self, o: Points) -> Points {
        Points(self.0.saturating_add(o.0))
    }
}

impl std::ops::AddAssign for Points {
    fn add_assign(&mut self, o: Points) {
        *self = *self + o;
    }
}

impl std::ops::Sub for Points {
    type Output = Points;
    fn sub(self, o: Points) -> Points {
        Points(self.0.saturating_sub(o.0))
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, |a, b| a + b)
    }
}

impl fmt::Display for Points {
    /// Always one decimal, as TRF writes it: `5.0`, `11.5`, `-1.0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let a = self.0.unsigned_abs();
        let s = format!("{sign}{}.{}", a / 10, a % 10);
        f.pad(&s)
    }
}

impl Serialize for Points {
    /// A JSON number with at most one decimal (`5.5`, `6`); tenths are exact
    /// in binary floating point for this range, so readers get the value.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.0 % 10 == 0 {
            s.serialize_i64((self.0 / 10) as i64)
        } else {
            s.serialize_f64(self.0 as f64 / 10.0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_saturate_instead_of_wrapping() {
        let big = Points::parse("999999.9").unwrap();
        let total: Points = std::iter::repeat_n(big, 999).sum();
        assert_eq!(total, Points(i32::MAX));
        assert_eq!(Points(i32::MIN) - Points(10), Points(i32::MIN));
    }

    #[test]
    fn parse_and_print() {
        assert_eq!(Points::parse(" 11.5"), Some(Points(115)));
        assert_eq!(Points::parse("15"), Some(Points(150)));
        assert_eq!(Points::parse(".5"), Some(Points(5)));
        assert_eq!(Points::parse("-1.0"), Some(Points(-10)));
        assert_eq!(Points::parse("2,5"), Some(Points(25)));
        assert_eq!(Points::parse("1.50"), Some(Points(15)));
        assert_eq!(Points::parse("1.55"), None);
        assert_eq!(Points::parse("x"), None);
        assert_eq!(Points::parse("  "), None);
        assert_eq!(format!("{:>4}", Points(115)), "11.5");
        assert_eq!(format!("{:>4}", Points(0)), " 0.0");
        assert_eq!(Points(-15).to_string(), "-1.5");
    }
}
