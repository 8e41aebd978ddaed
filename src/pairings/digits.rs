//! The edge weights of one solve, built as narrow as the solve allows.
//!
//! The engine states each edge's worth as parts: a value in one digit of one
//! criterion's field (a field is most important first; a digit of a field
//! is a sub-field, such as one scoregroup's count, the higher digit the more
//! important). Two matchings compare digit by digit, the first difference
//! deciding (art. 3.8: the criteria in their order). A digit's total over a
//! matching is bounded by its values and by how many of the matching's
//! edges can carry it, so each digit gets just the bits its totals need,
//! and a digit no edge of the solve carries gets none: most solves then fit
//! one or two machine words instead of the thousands of bits a layout fixed
//! in advance needs (benches/pairings.md, 29 November 2026: narrower
//! weights).
//!
//! Placed so, the weight of a matching orders matchings exactly as their
//! digits do: a digit's totals span less than its width, so the spans of
//! all lower digits together stay below one unit of the digit above.

use super::wide::Wide;
use integer_blossom::Weight;

/// A contribution of an edge: field (0 the most important), value, and
/// digit inside the field (0 the least important).
pub(crate) type Part = (usize, i64, usize);

/// What the solve's edges put in one digit.
struct Digit {
    field: usize,
    index: usize,
    min: i64,
    max: i64,
    /// The last lower endpoint seen (edges arrive by lower endpoint) and
    /// how many distinct lower endpoints carry the digit.
    last_a: usize,
    lows: usize,
    /// The higher endpoints that carry the digit, as a bit set, and their
    /// number.
    highs: Vec<u64>,
    high_count: usize,
    /// Every endpoint that carries the digit, as a bit set, and their
    /// number.
    ends: Vec<u64>,
    end_count: usize,
}

/// The edges of one solve over `n` vertices, with their digits.
pub(crate) struct Edges {
    n: usize,
    /// Lower endpoint, higher endpoint, end of the edge's digits in `vals`.
    edges: Vec<(usize, usize, usize)>,
    /// (digit, value) of every edge, edge after edge.
    vals: Vec<(usize, i64)>,
    /// The digit of each (field, index), when some edge carried it.
    ids: Vec<Vec<Option<usize>>>,
    digits: Vec<Digit>,
    scratch: Vec<(usize, i64)>,
}

impl Edges {
    /// No edges yet, over `n` vertices.
    pub(crate) fn new(n: usize) -> Edges {
        Edges {
            n,
            edges: Vec::new(),
            vals: Vec::new(),
            ids: Vec::new(),
            digits: Vec::new(),
            scratch: Vec::new(),
        }
    }

    fn id(&mut self, field: usize, index: usize) -> usize {
        if self.ids.len() <= field {
            self.ids.resize(field + 1, Vec::new());
        }
        let row = &mut self.ids[field];
        if row.len() <= index {
            row.resize(index + 1, None);
        }
        if let Some(id) = row[index] {
            return id;
        }
        let id = self.digits.len();
        row[index] = Some(id);
        self.digits.push(Digit {
            field,
            index,
            min: 0,
            max: 0,
            last_a: usize::MAX,
            lows: 0,
            highs: vec![0; self.n.div_ceil(64)],
            high_count: 0,
            ends: vec![0; self.n.div_ceil(64)],
            end_count: 0,
        });
        id
    }

    /// Adds the edge `a`–`b` (`a < b`; edges come in order of `a`) worth
    /// the sum of `parts`. An edge worth nothing is no edge.
    pub(crate) fn push(&mut self, a: usize, b: usize, parts: &[Part]) {
        let mut merged = std::mem::take(&mut self.scratch);
        merged.clear();
        for &(field, v, index) in parts {
            if v != 0 {
                merged.push((self.id(field, index), v));
            }
        }
        merged.sort_unstable_by_key(|&(id, _)| id);
        let start = self.vals.len();
        let mut i = 0;
        while i < merged.len() {
            let id = merged[i].0;
            let mut v = 0i64;
            while i < merged.len() && merged[i].0 == id {
                v += merged[i].1;
                i += 1;
            }
            if v == 0 {
                continue;
            }
            let d = &mut self.digits[id];
            d.min = d.min.min(v);
            d.max = d.max.max(v);
            if d.last_a != a {
                d.last_a = a;
                d.lows += 1;
            }
            if set(&mut d.highs, b) {
                d.high_count += 1;
            }
            d.end_count += usize::from(set(&mut d.ends, a)) + usize::from(set(&mut d.ends, b));
            self.vals.push((id, v));
        }
        self.scratch = merged;
        if self.vals.len() > start {
            self.edges.push((a, b, self.vals.len()));
        }
    }

    /// The bit offset of each digit and the total width: each digit as
    /// wide as the span of its totals over any matching (at most one edge
    /// per vertex, so at most as many of the edges that carry it as the
    /// fewer of their distinct lower and higher endpoints, and half of all
    /// their endpoints).
    fn place(&self) -> (Vec<usize>, usize) {
        let mut order: Vec<usize> = (0..self.digits.len()).collect();
        // Least important first: the last field, its lowest digit.
        order.sort_unstable_by_key(|&id| {
            let d = &self.digits[id];
            (std::cmp::Reverse(d.field), d.index)
        });
        let mut offset = vec![0; self.digits.len()];
        let mut at = 0;
        for id in order {
            let d = &self.digits[id];
            let count = d.lows.min(d.high_count).min(d.end_count / 2) as i128;
            let span = count * i128::from(d.max) - count * i128::from(d.min);
            offset[id] = at;
            at += (128 - span.leading_zeros() as usize).max(1);
        }
        (offset, at)
    }

    /// The maximum-weight matching: each vertex's partner.
    pub(crate) fn max_weight_matching(&self) -> Vec<Option<usize>> {
        let (offset, width) = self.place();
        macro_rules! wide {
            ($l:literal) => {
                self.solve::<Wide<$l>>(&offset)
            };
        }
        // Eight bits of headroom above the weights (doubled below) for the
        // matching's duals and slacks.
        match width + 8 {
            w if w <= 64 => self.solve::<i64>(&offset),
            w if w <= 128 => self.solve::<i128>(&offset),
            w if w <= 192 => wide!(3),
            w if w <= 256 => wide!(4),
            w if w <= 384 => wide!(6),
            w if w <= 512 => wide!(8),
            w if w <= 768 => wide!(12),
            w if w <= 1024 => wide!(16),
            w if w <= 1536 => wide!(24),
            w if w <= 2048 => wide!(32),
            w if w <= 2560 => wide!(40),
            w if w <= 3072 => wide!(48),
            w if w <= 4096 => wide!(64),
            _ => wide!(128),
        }
    }

    fn solve<W: Place>(&self, offset: &[usize]) -> Vec<Option<usize>> {
        let n = self.n;
        let mut m = vec![W::ZERO; n * n];
        let mut start = 0;
        for &(a, b, end) in &self.edges {
            let mut w = W::ZERO;
            for &(id, v) in &self.vals[start..end] {
                w.add_at(v, offset[id]);
            }
            start = end;
            // Doubled so that the matching's duals stay whole.
            m[a * n + b] = w + w;
        }
        // The matching keeps its working matrix (`(2n + 1)²` edges of this
        // weight) per thread and weight type for reuse, until the thread
        // ends: a large one is solved on a thread of its own, so that a
        // round's solves of several widths do not each keep one
        // (benches/pairings.md, 29 November 2026: speed).
        // The page in the browser (WebAssembly without threads) cannot start
        // one: there the matrices stay with the page's worker, each at most
        // that of a 150-player solve (the page's bound).
        let edge = std::mem::size_of::<W>() + 8;
        if cfg!(target_arch = "wasm32") || (2 * n + 1).pow(2).saturating_mul(edge) <= POOLED_BYTES {
            return integer_blossom::max_weight_matching(&m, n);
        }
        std::thread::scope(|s| {
            s.spawn(|| integer_blossom::max_weight_matching(&m, n))
                .join()
                .unwrap_or_else(|e| std::panic::resume_unwind(e))
        })
    }
}

/// Adds `v` to the bit set; whether it was not there.
fn set(bits: &mut [u64], v: usize) -> bool {
    let (word, bit) = (v / 64, 1u64 << (v % 64));
    let new = bits[word] & bit == 0;
    bits[word] |= bit;
    new
}

/// The largest working matrix of the matching kept between solves (see
/// `Edges::solve`).
const POOLED_BYTES: usize = 16 << 20;

/// A weight type that a digit's value can be added to at a bit offset (the
/// caller keeps every sum inside the width).
trait Place: Weight + Send + Sync {
    fn add_at(&mut self, v: i64, bit: usize);
}

impl Place for i64 {
    fn add_at(&mut self, v: i64, bit: usize) {
        *self += v << bit;
    }
}

impl Place for i128 {
    fn add_at(&mut self, v: i64, bit: usize) {
        *self += i128::from(v) << bit;
    }
}

impl<const L: usize> Place for Wide<L> {
    fn add_at(&mut self, v: i64, bit: usize) {
        if v >= 0 {
            self.add_shifted(v.unsigned_abs(), bit);
        } else {
            self.sub_shifted(v.unsigned_abs(), bit);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Edges, Part};
    use proptest::prelude::*;

    /// The digit totals of a matching, most important first.
    fn totals(
        mates: &[Option<usize>],
        parts: &dyn Fn(usize, usize) -> Vec<Part>,
        digits: usize,
    ) -> Vec<i64> {
        let mut t = vec![0i64; digits];
        for (a, m) in mates.iter().enumerate() {
            if let Some(b) = *m {
                if a < b {
                    for (f, v, i) in parts(a, b) {
                        t[f * 2 + (1 - i)] += v;
                    }
                }
            }
        }
        t
    }

    proptest! {
        /// On random graphs (dense or sparse, odd or even, with ties and
        /// negative digits), the matching on placed digits is as good,
        /// digit by digit, as `integer_blossom`'s on a fixed layout of
        /// ample width (12 bits a digit, `i128`).
        #[test]
        fn placed_digits_match_a_fixed_layout(
            n in 1usize..13,
            vals in proptest::collection::vec(-3i64..6, 13 * 13 * 6),
            density in 0u8..4,
        ) {
            // Three fields of two digits each.
            let parts = |a: usize, b: usize| -> Vec<Part> {
                let at = (a * 13 + b) * 6;
                if vals[at] % 4 < i64::from(density) - 1 {
                    return Vec::new();
                }
                (0..6).map(|d| (d / 2, vals[at + d], 1 - d % 2)).collect()
            };
            let mut e = Edges::new(n);
            let mut fixed = vec![0i128; n * n];
            for a in 0..n {
                for b in a + 1..n {
                    let p = parts(a, b);
                    e.push(a, b, &p);
                    let mut w = 0i128;
                    for &(f, v, i) in &p {
                        w += i128::from(v) << (12 * (5 - (f * 2 + (1 - i))));
                    }
                    fixed[a * n + b] = w;
                }
            }
            let ours = e.max_weight_matching();
            let theirs = integer_blossom::max_weight_matching(&fixed, n);
            prop_assert_eq!(totals(&ours, &parts, 6), totals(&theirs, &parts, 6));
        }
    }

    /// The matching follows the digits in their order, not their sum: one
    /// unit of a higher digit outweighs any total of the lower ones.
    #[test]
    fn a_higher_digit_outweighs_all_lower_ones() {
        // Four vertices: 0–1 and 2–3 each carry field 1 (lower) heavily;
        // 0–2 and 1–3 carry one unit of field 0.
        let mut e = Edges::new(4);
        let heavy: [Part; 1] = [(1, 1000, 0)];
        let light: [Part; 1] = [(0, 1, 0)];
        e.push(0, 1, &heavy);
        e.push(0, 2, &light);
        e.push(1, 3, &light);
        e.push(2, 3, &heavy);
        assert_eq!(
            e.max_weight_matching(),
            [Some(2), Some(3), Some(0), Some(1)]
        );
    }

    /// Within a field, a higher digit outweighs the lower ones; a negative
    /// lower digit does not borrow from it; an edge worth nothing is none.
    #[test]
    fn digits_of_one_field_in_order() {
        let mut e = Edges::new(4);
        e.push(0, 1, &[(0, 1, 1), (0, -50, 0)]);
        e.push(0, 2, &[(0, 60, 0)]);
        e.push(1, 3, &[(0, 60, 0)]);
        e.push(2, 3, &[(0, 1, 1), (0, -50, 0)]);
        assert_eq!(
            e.max_weight_matching(),
            [Some(1), Some(0), Some(3), Some(2)]
        );
        let mut none = Edges::new(2);
        none.push(0, 1, &[(0, 1, 0), (0, -1, 0)]);
        assert_eq!(none.max_weight_matching(), [None, None]);
    }

    /// A solve of many digits (a wide weight type) agrees with one of few
    /// digits (a machine word) on the same graph: the type changes with
    /// the width, not the answer.
    #[test]
    fn wide_and_narrow_agree() {
        let n = 9;
        let weight = |a: usize, b: usize| ((a * 7 + b * 13) % 11) as i64 - 3;
        // Sixty fields above the weight, each worth one on every edge.
        let mut wide = Edges::new(n);
        // One field above the weight, worth one on every edge.
        let mut narrow = Edges::new(n);
        for a in 0..n {
            for b in a + 1..n {
                let mut parts: Vec<Part> = (0..60).map(|f| (f, 1, 0)).collect();
                parts.push((60, weight(a, b), 0));
                wide.push(a, b, &parts);
                narrow.push(a, b, &[(0, 1, 0), (1, weight(a, b), 0)]);
            }
        }
        let (_, w) = wide.place();
        assert!(w > 128, "{w}");
        assert_eq!(wide.max_weight_matching(), narrow.max_weight_matching());
    }
}
