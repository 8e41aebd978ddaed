//! A signed integer of `L` 64-bit limbs (two's complement), the edge
//! weight of the matching: the Dutch system's criteria become bit fields of
//! one weight, most important highest, and a round of many scoregroups
//! needs far more than 128 bits (one field per criterion, one sub-field per
//! scoregroup, and the Handbook's generation order below them).
//!
//! Only what the matching needs: addition, subtraction, comparison,
//! doubling and halving (`integer_blossom::Weight`).

use std::cmp::Ordering;
use std::ops::{Add, AddAssign, Sub, SubAssign};

/// A signed integer of `L` limbs, least significant first.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Wide<const L: usize>(pub(crate) [u64; L]);

impl<const L: usize> Wide<L> {
    /// Zero.
    pub(crate) const ZERO: Self = Wide([0; L]);

    /// Whether the value is below zero.
    fn negative(&self) -> bool {
        self.0[L - 1] >> 63 == 1
    }

    /// Adds `v << bit` (the caller keeps the result inside the width).
    pub(crate) fn add_shifted(&mut self, v: u64, bit: usize) {
        if v == 0 {
            return;
        }
        let (limb, off) = (bit / 64, bit % 64);
        let lo = v << off;
        let hi = if off == 0 { 0 } else { v >> (64 - off) };
        let mut add = [0u64; L];
        if limb < L {
            add[limb] = lo;
        }
        if limb + 1 < L {
            add[limb + 1] = hi;
        }
        *self += Wide(add);
    }

    /// Subtracts `v << bit`.
    pub(crate) fn sub_shifted(&mut self, v: u64, bit: usize) {
        let mut w = Wide::ZERO;
        w.add_shifted(v, bit);
        *self -= w;
    }

    /// The value shifted right by one bit, rounding towards zero (as `/ 2`
    /// of the machine integers).
    fn halve(self) -> Self {
        if self.negative() {
            let neg = Wide::ZERO - self;
            Wide::ZERO - neg.shr1()
        } else {
            self.shr1()
        }
    }

    /// Logical shift right by one.
    fn shr1(self) -> Self {
        let mut out = [0u64; L];
        for (i, o) in out.iter_mut().enumerate() {
            let hi = if i + 1 < L { self.0[i + 1] << 63 } else { 0 };
            *o = (self.0[i] >> 1) | hi;
        }
        Wide(out)
    }
}

impl<const L: usize> Add for Wide<L> {
    type Output = Self;
    fn add(mut self, o: Self) -> Self {
        self += o;
        self
    }
}

impl<const L: usize> AddAssign for Wide<L> {
    fn add_assign(&mut self, o: Self) {
        let mut carry = false;
        for i in 0..L {
            let (s1, c1) = self.0[i].overflowing_add(o.0[i]);
            let (s2, c2) = s1.overflowing_add(u64::from(carry));
            self.0[i] = s2;
            carry = c1 || c2;
        }
    }
}

impl<const L: usize> Sub for Wide<L> {
    type Output = Self;
    fn sub(mut self, o: Self) -> Self {
        self -= o;
        self
    }
}

impl<const L: usize> SubAssign for Wide<L> {
    fn sub_assign(&mut self, o: Self) {
        let mut borrow = false;
        for i in 0..L {
            let (d1, b1) = self.0[i].overflowing_sub(o.0[i]);
            let (d2, b2) = d1.overflowing_sub(u64::from(borrow));
            self.0[i] = d2;
            borrow = b1 || b2;
        }
    }
}

impl<const L: usize> Ord for Wide<L> {
    fn cmp(&self, o: &Self) -> Ordering {
        match (self.negative(), o.negative()) {
            (true, false) => return Ordering::Less,
            (false, true) => return Ordering::Greater,
            _ => {}
        }
        for i in (0..L).rev() {
            match self.0[i].cmp(&o.0[i]) {
                Ordering::Equal => {}
                other => return other,
            }
        }
        Ordering::Equal
    }
}

impl<const L: usize> PartialOrd for Wide<L> {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl<const L: usize> integer_blossom::Weight for Wide<L> {
    const ZERO: Self = Wide([0; L]);
    const ONE: Self = {
        let mut a = [0u64; L];
        a[0] = 1;
        Wide(a)
    };
    fn inf() -> Self {
        let mut a = [u64::MAX; L];
        a[L - 1] = u64::MAX >> 3;
        Wide(a)
    }
    fn double(self) -> Self {
        self + self
    }
    fn half(self) -> Self {
        self.halve()
    }
}

#[cfg(test)]
mod tests {
    use super::Wide;
    use integer_blossom::Weight;

    fn of(v: i64) -> Wide<2> {
        let mut w = Wide::<2>::ZERO;
        if v >= 0 {
            w.add_shifted(v as u64, 0);
        } else {
            w.sub_shifted(v.unsigned_abs(), 0);
        }
        w
    }

    /// The limbs behave as `i64` on the values the matching meets.
    #[test]
    fn arithmetic_agrees_with_machine_integers() {
        let vals = [-9i64, -8, -3, -1, 0, 1, 2, 3, 7, 1 << 40, -(1 << 40)];
        for &a in &vals {
            assert_eq!(of(a).half(), of(a / 2), "{a}");
            assert_eq!(of(a).double(), of(a * 2), "{a}");
            for &b in &vals {
                assert_eq!(of(a) + of(b), of(a + b), "{a}+{b}");
                assert_eq!(of(a) - of(b), of(a - b), "{a}-{b}");
                assert_eq!(of(a).cmp(&of(b)), a.cmp(&b), "{a}<=>{b}");
            }
        }
    }

    /// A bit far above 64 carries across limbs.
    #[test]
    fn shifted_bits_cross_limbs() {
        let mut w = Wide::<2>::ZERO;
        w.add_shifted(3, 63);
        assert_eq!(w.0, [1 << 63, 1]);
        w.sub_shifted(1, 63);
        assert_eq!(w.0, [0, 1]);
    }
}
