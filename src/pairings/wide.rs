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
#[derive(Clone, Copy, Debug)]
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
    // The carry through `u128` compiles to one add-with-carry chain
    // (benches/pairings.md, 29 November 2026: speed).
    #[inline]
    fn add_assign(&mut self, o: Self) {
        let mut carry = 0u128;
        for i in 0..L {
            let s = u128::from(self.0[i]) + u128::from(o.0[i]) + carry;
            self.0[i] = s as u64;
            carry = s >> 64;
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
    #[inline]
    fn sub_assign(&mut self, o: Self) {
        let mut borrow = 0u128;
        for i in 0..L {
            let d = u128::from(self.0[i])
                .wrapping_sub(u128::from(o.0[i]))
                .wrapping_sub(borrow);
            self.0[i] = d as u64;
            borrow = (d >> 64) & 1;
        }
    }
}

impl<const L: usize> PartialEq for Wide<L> {
    // Without a call to `memcmp` per comparison: the matching compares
    // weights with zero in its inner loop (benches/pairings.md,
    // 29 November 2026: speed).
    #[inline]
    fn eq(&self, o: &Self) -> bool {
        let mut diff = 0u64;
        for i in 0..L {
            diff |= self.0[i] ^ o.0[i];
        }
        diff == 0
    }
}

impl<const L: usize> Eq for Wide<L> {}

impl<const L: usize> Ord for Wide<L> {
    #[inline]
    fn cmp(&self, o: &Self) -> Ordering {
        // The top limb holds the sign: compared signed, the rest unsigned.
        let top = (self.0[L - 1] as i64).cmp(&(o.0[L - 1] as i64));
        if top != Ordering::Equal {
            return top;
        }
        for i in (0..L - 1).rev() {
            match self.0[i].cmp(&o.0[i]) {
                Ordering::Equal => {}
                other => return other,
            }
        }
        Ordering::Equal
    }
}

impl<const L: usize> PartialOrd for Wide<L> {
    #[inline]
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

    /// Values spanning both limbs behave as `i128`: the carries, the
    /// borrows, and the comparison of the signed top limb before the rest.
    #[test]
    fn two_limbs_agree_with_i128() {
        let wide = |v: i128| Wide::<2>([v as u64, (v >> 64) as u64]);
        let vals = [
            0i128,
            1,
            -1,
            u64::MAX as i128,
            -(u64::MAX as i128),
            1 << 64,
            -(1 << 64),
            (1 << 64) + 5,
            -(1 << 64) - 5,
            1 << 100,
            -(1 << 100),
            (1 << 100) + (1 << 63),
        ];
        for &a in &vals {
            assert_eq!(wide(a).half(), wide(a / 2), "{a}");
            for &b in &vals {
                assert_eq!(wide(a) + wide(b), wide(a + b), "{a}+{b}");
                assert_eq!(wide(a) - wide(b), wide(a - b), "{a}-{b}");
                assert_eq!(wide(a).cmp(&wide(b)), a.cmp(&b), "{a}<=>{b}");
                assert_eq!(wide(a) == wide(b), a == b, "{a}=={b}");
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
