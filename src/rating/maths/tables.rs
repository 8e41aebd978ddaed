//! FIDE's two conversion tables, exactly as published (docs/spec/regulations.md §2).
//!
//! * p → dp (101 rows): the rating difference corresponding to a fractional
//!   score. All four translations agree from .99 to .01; p = 1.00 / .00 are
//!   blank in the 2003/2005 texts and shown notionally as ±800 from 2022
//!   (R30). In 2024 this is table 8.1.1.
//! * D → PD (51 rows): the expected score for a rating difference D. The
//!   majority reading is used: **.87 = 316–328, .88 = 329–344** (the Polish
//!   2005 translation's 316–326 / 327–344 is a transcription error, §2
//!   finding 2). In 2024 this is table 8.1.2.
//!
//! The tables are used as printed, never the logistic formula (2003/2005
//! §14.1–14.2). The published tables, transcribed as TSV, are vendored in
//! `docs/spec/` (`p_dp.tsv`, `d_pd.tsv`) and a test checks the arrays against them.

use super::units::Hundredths;
use crate::regulations::{DpExtremes, Version};
use serde::Serialize;

/// dp for p = 0.00, 0.01, …, 1.00 (index = p in hundredths). Entries 0 and
/// 100 are the notional ±800 of the 2022/2024 texts; see [`dp`].
#[rustfmt::skip]
pub(crate) const P_DP: [i16; 101] = [
    -800, -677, -589, -538, -501, -470, -444, -422, -401, -383, // p = .00
    -366, -351, -336, -322, -309, -296, -284, -273, -262, -251, // p = .10
    -240, -230, -220, -211, -202, -193, -184, -175, -166, -158, // p = .20
    -149, -141, -133, -125, -117, -110, -102, -95, -87, -80, // p = .30
    -72, -65, -57, -50, -43, -36, -29, -21, -14, -7, // p = .40
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, // p = .50
    72, 80, 87, 95, 102, 110, 117, 125, 133, 141, // p = .60
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230, // p = .70
    240, 251, 262, 273, 284, 296, 309, 322, 336, 351, // p = .80
    366, 383, 401, 422, 444, 470, 501, 538, 589, 677, // p = .90
    800, // p = 1.00
];

/// One row of the D → PD table: for `d_min ≤ |D| ≤ d_max` (open-ended when
/// `d_max` is `None`) the higher-rated player expects `higher` and the
/// lower-rated `lower` hundredths.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub(crate) struct PdRow {
    /// Smallest |D| of the row.
    pub d_min: u16,
    /// Largest |D| of the row; `None` for the last row (D > 735).
    pub d_max: Option<u16>,
    /// PD of the higher-rated player (column H), in hundredths.
    pub higher: u8,
    /// PD of the lower-rated player (column L), in hundredths.
    pub lower: u8,
}

/// The D → PD table, 51 rows.
#[rustfmt::skip]
pub(crate) const D_PD: [PdRow; 51] = [
    PdRow { d_min: 0, d_max: Some(3), higher: 50, lower: 50 },
    PdRow { d_min: 4, d_max: Some(10), higher: 51, lower: 49 },
    PdRow { d_min: 11, d_max: Some(17), higher: 52, lower: 48 },
    PdRow { d_min: 18, d_max: Some(25), higher: 53, lower: 47 },
    PdRow { d_min: 26, d_max: Some(32), higher: 54, lower: 46 },
    PdRow { d_min: 33, d_max: Some(39), higher: 55, lower: 45 },
    PdRow { d_min: 40, d_max: Some(46), higher: 56, lower: 44 },
    PdRow { d_min: 47, d_max: Some(53), higher: 57, lower: 43 },
    PdRow { d_min: 54, d_max: Some(61), higher: 58, lower: 42 },
    PdRow { d_min: 62, d_max: Some(68), higher: 59, lower: 41 },
    PdRow { d_min: 69, d_max: Some(76), higher: 60, lower: 40 },
    PdRow { d_min: 77, d_max: Some(83), higher: 61, lower: 39 },
    PdRow { d_min: 84, d_max: Some(91), higher: 62, lower: 38 },
    PdRow { d_min: 92, d_max: Some(98), higher: 63, lower: 37 },
    PdRow { d_min: 99, d_max: Some(106), higher: 64, lower: 36 },
    PdRow { d_min: 107, d_max: Some(113), higher: 65, lower: 35 },
    PdRow { d_min: 114, d_max: Some(121), higher: 66, lower: 34 },
    PdRow { d_min: 122, d_max: Some(129), higher: 67, lower: 33 },
    PdRow { d_min: 130, d_max: Some(137), higher: 68, lower: 32 },
    PdRow { d_min: 138, d_max: Some(145), higher: 69, lower: 31 },
    PdRow { d_min: 146, d_max: Some(153), higher: 70, lower: 30 },
    PdRow { d_min: 154, d_max: Some(162), higher: 71, lower: 29 },
    PdRow { d_min: 163, d_max: Some(170), higher: 72, lower: 28 },
    PdRow { d_min: 171, d_max: Some(179), higher: 73, lower: 27 },
    PdRow { d_min: 180, d_max: Some(188), higher: 74, lower: 26 },
    PdRow { d_min: 189, d_max: Some(197), higher: 75, lower: 25 },
    PdRow { d_min: 198, d_max: Some(206), higher: 76, lower: 24 },
    PdRow { d_min: 207, d_max: Some(215), higher: 77, lower: 23 },
    PdRow { d_min: 216, d_max: Some(225), higher: 78, lower: 22 },
    PdRow { d_min: 226, d_max: Some(235), higher: 79, lower: 21 },
    PdRow { d_min: 236, d_max: Some(245), higher: 80, lower: 20 },
    PdRow { d_min: 246, d_max: Some(256), higher: 81, lower: 19 },
    PdRow { d_min: 257, d_max: Some(267), higher: 82, lower: 18 },
    PdRow { d_min: 268, d_max: Some(278), higher: 83, lower: 17 },
    PdRow { d_min: 279, d_max: Some(290), higher: 84, lower: 16 },
    PdRow { d_min: 291, d_max: Some(302), higher: 85, lower: 15 },
    PdRow { d_min: 303, d_max: Some(315), higher: 86, lower: 14 },
    PdRow { d_min: 316, d_max: Some(328), higher: 87, lower: 13 },
    PdRow { d_min: 329, d_max: Some(344), higher: 88, lower: 12 },
    PdRow { d_min: 345, d_max: Some(357), higher: 89, lower: 11 },
    PdRow { d_min: 358, d_max: Some(374), higher: 90, lower: 10 },
    PdRow { d_min: 375, d_max: Some(391), higher: 91, lower: 9 },
    PdRow { d_min: 392, d_max: Some(411), higher: 92, lower: 8 },
    PdRow { d_min: 412, d_max: Some(432), higher: 93, lower: 7 },
    PdRow { d_min: 433, d_max: Some(456), higher: 94, lower: 6 },
    PdRow { d_min: 457, d_max: Some(484), higher: 95, lower: 5 },
    PdRow { d_min: 485, d_max: Some(517), higher: 96, lower: 4 },
    PdRow { d_min: 518, d_max: Some(559), higher: 97, lower: 3 },
    PdRow { d_min: 560, d_max: Some(619), higher: 98, lower: 2 },
    PdRow { d_min: 620, d_max: Some(735), higher: 99, lower: 1 },
    PdRow { d_min: 736, d_max: None, higher: 100, lower: 0 },
];

/// Largest |D| with its own row; above it PD is 1.00 / .00.
const LAST_BOUNDED_D: usize = 735;

/// Columns H and L expanded to one entry per |D| = 0..=735, built at
/// compile time so that a lookup is one index.
const PD_HIGHER_BY_D: [u8; LAST_BOUNDED_D + 1] = expand(&D_PD, true);
const PD_LOWER_BY_D: [u8; LAST_BOUNDED_D + 1] = expand(&D_PD, false);

const fn expand(rows: &[PdRow; 51], higher: bool) -> [u8; LAST_BOUNDED_D + 1] {
    let mut out = [0u8; LAST_BOUNDED_D + 1];
    let mut r = 0;
    while r < rows.len() {
        let row = rows[r];
        let hi = match row.d_max {
            Some(m) => m as usize,
            None => LAST_BOUNDED_D,
        };
        let mut d = row.d_min as usize;
        while d <= hi && d <= LAST_BOUNDED_D {
            out[d] = if higher { row.higher } else { row.lower };
            d += 1;
        }
        r += 1;
    }
    out
}

/// Expected score PD for a rating difference `d = own rating − opponent's`
/// (after any cap), in hundredths: column H for `d ≥ 0`, column L for
/// `d < 0`, looked up on |d| (docs/spec/regulations.md §2 point 3); beyond 735,
/// 1.00 / .00.
pub(crate) fn pd(d: i32) -> Hundredths {
    let at = d.clamp(-PD_BEYOND, PD_BEYOND) + PD_BEYOND;
    Hundredths(i64::from(PD_BY_D[at as usize]))
}

/// [`pd`] of `d` capped at ±`cap` (`cap` ≥ 0; `i32::MAX` for no cap), in
/// hundredths: one clamp, as every D beyond ±736 reads the same entry.
/// The pass and the maths use its two halves ([`pd_bound`] once per
/// player, [`pd_within_bound`] per game); the tests hold it to [`pd`].
#[cfg(test)]
pub(crate) fn pd_within(d: i32, cap: i32) -> i64 {
    pd_within_bound(d, pd_bound(cap))
}

/// The bound [`pd_within`] clamps D to for the cap `cap`: 0 to 736 (every
/// D beyond ±736 reads the entry of ±736). Worked out once per player by
/// the sums of the rating pass.
pub(crate) fn pd_bound(cap: i32) -> i32 {
    cap.clamp(0, PD_BEYOND)
}

/// [`pd_within`] with its bound already worked out ([`pd_bound`]).
#[inline]
pub(crate) fn pd_within_bound(d: i32, bound: i32) -> i64 {
    // `max` then `min` rather than `clamp`, which checks its bounds' order
    // at every game (`bound` ≥ 0 from `pd_bound`).
    let at = d.max(-bound).min(bound) + PD_BEYOND;
    PD_BY_D.get(at as usize).map_or(0, |&v| i64::from(v))
}

/// One past the largest |D| with its own row of the table.
const PD_BEYOND: i32 = LAST_BOUNDED_D as i32 + 1;

/// PD by D = −736..=736 (at `D + 736`): column L of |D| below zero, column H
/// from zero, and 0 / 1.00 at ±736, which stand for every D beyond: a
/// look-up is one clamp and one index, without a branch on the sign.
static PD_BY_D: [u8; 2 * LAST_BOUNDED_D + 3] = {
    let mut out = [0u8; 2 * LAST_BOUNDED_D + 3];
    let mut a = 0;
    while a <= LAST_BOUNDED_D {
        out[LAST_BOUNDED_D + 1 + a] = PD_HIGHER_BY_D[a];
        out[LAST_BOUNDED_D + 1 - a] = PD_LOWER_BY_D[a];
        a += 1;
    }
    out[2 * LAST_BOUNDED_D + 2] = 100;
    out
};

/// dp for a fractional score `p` in hundredths (0..=100) under `version`;
/// `None` for p above 100, and for p = 0 or 100 where the table leaves those
/// entries blank ([`DpExtremes::Undefined`]: 2003–2013).
pub(crate) fn dp(p_hundredths: u32, version: Version) -> Option<i32> {
    let v = dp_table(p_hundredths)?;
    let extreme = p_hundredths == 0 || p_hundredths == 100;
    match version.regulations().dp_extremes {
        DpExtremes::Undefined if extreme => None,
        _ => Some(v),
    }
}

/// The table value for p in hundredths, with the notional ±800 at the
/// extremes; `None` above 100.
pub(crate) fn dp_table(p_hundredths: u32) -> Option<i32> {
    P_DP.get(p_hundredths as usize).map(|&v| i32::from(v))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pd_within_is_pd_of_the_capped_difference() {
        for cap in [
            0,
            1,
            350,
            400,
            735,
            736,
            737,
            1000,
            i32::from(u16::MAX),
            i32::MAX,
        ] {
            for d in -2000..=2000 {
                assert_eq!(
                    pd_within(d, cap),
                    pd(d.clamp(-cap, cap)).0,
                    "D {d}, cap {cap}"
                );
            }
        }
    }

    const P_TSV: &str = include_str!("../../../docs/spec/p_dp.tsv");
    const D_TSV: &str = include_str!("../../../docs/spec/d_pd.tsv");

    fn hundredths(s: &str) -> Option<i64> {
        let (i, f) = s.split_once('.')?;
        let f = format!("{f:0<2}");
        Some(i.parse::<i64>().ok()? * 100 + f.get(..2)?.parse::<i64>().ok()?)
    }

    /// (p in hundredths, dp) from the TSV's first two columns.
    fn parse_p(text: &str) -> Vec<(i64, i64)> {
        text.lines()
            .skip(1)
            .filter(|l| !l.trim().is_empty())
            .filter_map(|l| {
                let mut c = l.split('\t');
                Some((hundredths(c.next()?)?, c.next()?.trim().parse().ok()?))
            })
            .collect()
    }

    /// (d_min, d_max, H, L) from the TSV's first four columns.
    fn parse_d(text: &str) -> Vec<(u16, Option<u16>, i64, i64)> {
        text.lines()
            .skip(1)
            .filter(|l| !l.trim().is_empty())
            .filter_map(|l| {
                let mut c = l.split('\t');
                let lo = c.next()?.parse().ok()?;
                let hi = c.next()?;
                let hi = if hi.is_empty() {
                    None
                } else {
                    Some(hi.parse().ok()?)
                };
                Some((lo, hi, hundredths(c.next()?)?, hundredths(c.next()?)?))
            })
            .collect()
    }

    fn check_p(text: &str) {
        let rows = parse_p(text);
        assert_eq!(rows.len(), 101, "p → dp has 101 rows");
        for (p, dp) in rows {
            assert_eq!(
                P_DP.get(p as usize).map(|&v| i64::from(v)),
                Some(dp),
                "p = {p}"
            );
        }
    }

    fn check_d(text: &str) {
        let rows = parse_d(text);
        assert_eq!(rows.len(), 51, "D → PD has 51 rows");
        for (row, (lo, hi, h, l)) in D_PD.iter().zip(rows) {
            assert_eq!(
                (
                    row.d_min,
                    row.d_max,
                    i64::from(row.higher),
                    i64::from(row.lower)
                ),
                (lo, hi, h, l)
            );
        }
    }

    #[test]
    fn arrays_equal_the_bundled_tsv() {
        check_p(P_TSV);
        check_d(D_TSV);
    }

    #[test]
    fn table_is_contiguous_and_complementary() {
        let mut next = 0u16;
        for row in D_PD {
            assert_eq!(row.d_min, next);
            assert_eq!(u16::from(row.higher) + u16::from(row.lower), 100);
            next = row.d_max.map_or(u16::MAX, |m| m + 1);
        }
        assert_eq!(D_PD[50].d_max, None);
    }

    #[test]
    fn majority_reading_of_the_87_row() {
        assert_eq!(pd(316), Hundredths(87));
        assert_eq!(pd(327), Hundredths(87));
        assert_eq!(pd(328), Hundredths(87));
        assert_eq!(pd(329), Hundredths(88));
        assert_eq!(pd(-328), Hundredths(13));
    }

    #[test]
    fn lookups_at_the_edges() {
        assert_eq!(pd(0), Hundredths(50));
        assert_eq!(pd(3), Hundredths(50));
        assert_eq!(pd(-3), Hundredths(50));
        assert_eq!(pd(4), Hundredths(51));
        assert_eq!(pd(-4), Hundredths(49));
        assert_eq!(pd(735), Hundredths(99));
        assert_eq!(pd(736), Hundredths(100));
        assert_eq!(pd(-736), Hundredths(0));
        assert_eq!(pd(i32::MIN), Hundredths(0));
        assert_eq!(pd(i32::MAX), Hundredths(100));
    }

    #[test]
    fn dp_extremes_by_version() {
        assert_eq!(dp(100, Version::V2005), None);
        assert_eq!(dp(0, Version::V2003), None);
        assert_eq!(dp(100, Version::V2022), Some(800));
        assert_eq!(dp(0, Version::V2024), Some(-800));
        assert_eq!(dp(99, Version::V2005), Some(677));
        assert_eq!(dp(101, Version::V2024), None);
        // dp(p) falls inside the D range whose PD equals p (§2 finding 2, last check).
        for p in 50..=99u32 {
            let d = dp_table(p).unwrap_or(0);
            assert_eq!(pd(d).0, i64::from(p), "p = {p}, dp = {d}");
        }
    }
}
