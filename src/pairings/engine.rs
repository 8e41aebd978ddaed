//! The FIDE (Dutch) system of 2026 (C.04.3, in force from 1 February 2026)
//! pairing one round, written from the Handbook's text.
//!
//! The Handbook lets a program reach its pairings by any method that gives
//! the same result (art. 3: "look-ahead, backtracking, weighted matching or
//! other"). This engine uses a maximum-weight matching over every player
//! still to pair: each criterion is a bit field of the edge weight, the more
//! important higher, each wide enough that no sum can carry into the field
//! above, so that the heaviest matching is the best candidate by the
//! criteria in their order (art. 3.8). Keeping the whole round in the graph
//! makes completion ([C4]) hold in every bracket. Below the criteria, fields
//! encode the order in which art. 4 generates candidates (the MDPs chosen,
//! their opponents, then the exchanges and transpositions of the
//! remainder), so that among equally good candidates the first generated is
//! taken. Brackets are paired from the top: each is solved twice (its MDPs
//! and their opponents, then its remainder) and its pairs are fixed; the
//! unpaired move down.

use super::colour::{allocate, History, Strength};
use super::input::{Entry, Float, Report};
use super::wide::Wide;
use crate::model::Colour;

/// One round's pairing: (White, Black) pairs and the player given the PAB.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct Pairing {
    pub pairs: Vec<(usize, usize)>,
    pub bye: Option<usize>,
}

/// Why the engine gave no pairing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum NoPairing {
    /// No pairing meets the absolute criteria (art. 1.9.3: the arbiter
    /// decides).
    NoLegal,
    /// Colours are needed and neither the report nor its rounds give the
    /// initial colour.
    NoInitialColour,
}

/// A player of the round, with what the criteria read.
struct Player {
    id: usize,
    pscore: i32,
    /// Effective number: position among arrived players in TPN order.
    number: usize,
    hist: History,
    eligible: bool,
    unplayed: i64,
    top: bool,
    /// Floats of rounds r−1 and r−2.
    f1: Float,
    f2: Float,
}

/// The labels of the weight's fields, for the deciding criterion.
pub(crate) const ORDER: &str = "art. 4 (the order in which candidates are generated)";

/// One field of the weight: its criterion and its width in bits.
struct Field {
    label: &'static str,
    width: usize,
    offset: usize,
}

/// The layout of one solve's weight, most significant field first.
struct Layout {
    fields: Vec<Field>,
}

impl Layout {
    fn new() -> Layout {
        Layout { fields: Vec::new() }
    }
    fn push(&mut self, label: &'static str, width: usize) -> usize {
        self.fields.push(Field {
            label,
            width,
            offset: 0,
        });
        self.fields.len() - 1
    }
    /// Fixes offsets (the last field pushed is the least significant);
    /// returns the total width.
    fn finish(&mut self) -> usize {
        let mut off = 0;
        for f in self.fields.iter_mut().rev() {
            f.offset = off;
            off += f.width;
        }
        off
    }
}

/// Bits needed to hold `v`.
fn bits(v: u64) -> usize {
    (64 - v.leading_zeros() as usize).max(1)
}

/// A contribution of an edge: field, value, shift inside the field.
type Part = (usize, i64, usize);

/// Everything one solve needs.
struct Problem<'a> {
    players: &'a [Player],
    /// Players still to pair, in pairing order.
    live: Vec<usize>,
    compatible: &'a dyn Fn(usize, usize) -> bool,
}

/// Solves a maximum-weight matching over `live` with edge parts from
/// `parts`; returns partner per position in `live`. Picks the limb count
/// from the width.
fn solve(
    p: &Problem<'_>,
    layout: &Layout,
    width: usize,
    parts: &dyn Fn(usize, usize, &mut Vec<Part>),
) -> Vec<Option<usize>> {
    macro_rules! run {
        ($l:literal) => {
            solve_with::<$l>(p, layout, parts)
        };
    }
    match width + 8 {
        w if w <= 128 => run!(2),
        w if w <= 256 => run!(4),
        w if w <= 512 => run!(8),
        w if w <= 1024 => run!(16),
        w if w <= 2048 => run!(32),
        w if w <= 4096 => run!(64),
        _ => run!(128),
    }
}

fn solve_with<const L: usize>(
    p: &Problem<'_>,
    layout: &Layout,
    parts: &dyn Fn(usize, usize, &mut Vec<Part>),
) -> Vec<Option<usize>> {
    let n = p.live.len();
    let mut m = vec![Wide::<L>::ZERO; n * n];
    let mut buf = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            let (h, l) = (p.live[a], p.live[b]);
            if !(p.compatible)(h, l) {
                continue;
            }
            buf.clear();
            parts(h, l, &mut buf);
            let mut w = Wide::<L>::ZERO;
            for &(f, v, shift) in &buf {
                let at = layout.fields[f].offset + shift;
                if v >= 0 {
                    w.add_shifted(v.unsigned_abs(), at);
                } else {
                    w.sub_shifted(v.unsigned_abs(), at);
                }
            }
            // Doubled so that the matching's duals stay whole.
            m[a * n + b] = w + w;
        }
    }
    integer_blossom::max_weight_matching(&m, n)
}

/// The sums of each field of a matching (pairs of players), sub-field by
/// sub-field, the most significant first: two matchings compare field by
/// field in this form.
fn totals(
    layout: &Layout,
    pairs: &[(usize, usize)],
    parts: &dyn Fn(usize, usize, &mut Vec<Part>),
) -> Vec<Vec<(usize, i64)>> {
    let mut t: Vec<std::collections::BTreeMap<usize, i64>> =
        vec![Default::default(); layout.fields.len()];
    let mut buf = Vec::new();
    for &(h, l) in pairs {
        buf.clear();
        parts(h, l, &mut buf);
        for &(f, v, shift) in &buf {
            *t[f].entry(shift).or_default() += v;
        }
    }
    t.into_iter()
        .map(|m| m.into_iter().rev().filter(|&(_, v)| v != 0).collect())
        .collect()
}

/// The outcome of re-pairing a round.
pub(crate) struct Outcome {
    pub pairing: Result<Pairing, NoPairing>,
    /// The first criterion by which the given pairing (if any) is worse than
    /// the engine's, when they differ.
    pub deciding: Option<String>,
}

/// Pairs round `r` (0-based) from the report's history before it. `given`
/// is the report's own pairing of the round, to name the first criterion
/// that decides between the two.
pub(crate) fn pair_round(rep: &Report, r: usize, given: Option<&Pairing>) -> Outcome {
    let n = rep.len();
    let last = r + 1 == rep.planned;
    // The effective numbering: arrived players in TPN order.
    let mut arrived: Vec<usize> = (0..n).filter(|&p| rep.arrived(p, r)).collect();
    arrived.sort_by_key(|&p| rep.order_key[p]);
    let mut number = vec![0usize; n];
    for (k, &p) in arrived.iter().enumerate() {
        number[p] = k + 1;
    }
    let max_before = r as i64 * i64::from(rep.win);
    let players: Vec<Player> = (0..n)
        .map(|p| {
            let played = rep.entries[p][..r]
                .iter()
                .filter(|e| matches!(e, Entry::Played { .. }))
                .count();
            let had_pab = rep.entries[p][..r].contains(&Entry::Pab);
            let unplayed_win = (0..r).any(|k| {
                !matches!(rep.entries[p][k], Entry::Played { .. }) && rep.points[p][k] >= rep.win
            });
            Player {
                id: p,
                pscore: rep.pscore(p, r),
                number: number[p],
                hist: History::new(rep.colours(p, r)),
                eligible: !had_pab && !unplayed_win,
                unplayed: (r - played) as i64,
                top: last && 2 * i64::from(rep.score(p, r)) > max_before,
                f1: if r >= 1 {
                    rep.float(p, r - 1)
                } else {
                    Float::None
                },
                f2: if r >= 2 {
                    rep.float(p, r - 2)
                } else {
                    Float::None
                },
            }
        })
        .collect();
    let mut live: Vec<usize> = (0..n).filter(|&p| rep.entries[p][r].present()).collect();
    live.sort_by(|&a, &b| {
        players[b]
            .pscore
            .cmp(&players[a].pscore)
            .then(rep.order_key[a].cmp(&rep.order_key[b]))
    });
    let rank: Vec<usize> = {
        let mut v = vec![usize::MAX; n];
        for (k, &p) in live.iter().enumerate() {
            v[p] = k;
        }
        v
    };
    let met = |a: usize, b: usize| {
        rep.entries[a][..r]
            .iter()
            .any(|e| matches!(e, Entry::Played { opponent, .. } if *opponent == b))
    };
    let forbidden = |a: usize, b: usize| {
        rep.forbidden
            .iter()
            .any(|(f, l, ids)| (*f..=*l).contains(&(r + 1)) && ids.contains(&a) && ids.contains(&b))
    };
    let compatible = |a: usize, b: usize| {
        let (x, y) = (&players[a], &players[b]);
        let colour_clash = x.hist.strength == Strength::Absolute
            && y.hist.strength == Strength::Absolute
            && x.hist.wants == y.hist.wants
            && !x.top
            && !y.top;
        !met(a, b) && !forbidden(a, b) && !colour_clash
    };
    let prob = Problem {
        players: &players,
        live: live.clone(),
        compatible: &compatible,
    };
    let count = live.len();
    let wn = bits(count as u64 + 1);

    // The PAB's score ([C5]): the lowest at which an eligible player can be
    // left over with every other player paired.
    let mut cand = vec![false; n];
    if count % 2 == 1 {
        let mut scores: Vec<i32> = live.iter().map(|&p| players[p].pscore).collect();
        scores.sort_unstable();
        scores.dedup();
        let mut found = None;
        for s in scores {
            if feasible(&prob, &|p| players[p].eligible && players[p].pscore == s) {
                found = Some(s);
                break;
            }
        }
        let Some(s) = found else {
            return Outcome {
                pairing: Err(NoPairing::NoLegal),
                deciding: None,
            };
        };
        for &p in &live {
            cand[p] = players[p].eligible && players[p].pscore <= s;
        }
    } else if !feasible(&prob, &|_| false) {
        return Outcome {
            pairing: Err(NoPairing::NoLegal),
            deciding: None,
        };
    }
    let Some(initial) = rep
        .initial_colour()
        .or(if r == 0 { Some(Colour::White) } else { None })
    else {
        return Outcome {
            pairing: Err(NoPairing::NoInitialColour),
            deciding: None,
        };
    };
    let colour_of = |h: usize, l: usize| -> Colour {
        let (x, y) = (&players[h], &players[l]);
        allocate(&x.hist, &y.hist, x.number % 2 == 1, initial)
    };

    let mut remaining = live.clone();
    let mut fixed: Vec<(usize, usize)> = Vec::new();
    let mut movers: Vec<usize> = Vec::new();
    let mut deciding: Option<String> = None;
    let mut groups: Vec<i32> = live.iter().map(|&p| players[p].pscore).collect();
    groups.dedup();
    let given_partner = given.map(|g| {
        let mut v = vec![None; n];
        for &(a, b) in &g.pairs {
            v[a] = Some(b);
            v[b] = Some(a);
        }
        v
    });
    for (gi, &gs) in groups.iter().enumerate() {
        let residents: Vec<usize> = remaining
            .iter()
            .copied()
            .filter(|&p| players[p].pscore == gs && !movers.contains(&p))
            .collect();
        let mdps: Vec<usize> = movers.clone();
        let in_b = |p: usize| residents.contains(&p) || mdps.contains(&p);
        let next_s = groups.get(gi + 1).copied();
        let in_n = |p: usize| next_s.is_some_and(|s| players[p].pscore == s && !in_b(p));
        let mut b_scores: Vec<i32> = mdps.iter().map(|&p| players[p].pscore).collect();
        b_scores.push(gs);
        b_scores.sort_unstable_by(|a, b| b.cmp(a));
        b_scores.dedup();
        let mut bn_scores = b_scores.clone();
        if let Some(s) = next_s {
            bn_scores.push(s);
        }
        let mut diffs: Vec<i32> = mdps.iter().map(|&p| players[p].pscore - gs).collect();
        diffs.sort_unstable_by(|a, b| b.cmp(a));
        diffs.dedup();
        // [C9] applies to a bracket that downfloats exactly one player who
        // ends with the PAB: a bracket at the PAB's score or below (the
        // PAB's player floats down through the brackets under his score).
        // Whether it downfloats one is decided by [C6], above [C9], so the
        // bracket is solved with [C9] and solved again without it when its
        // downfloaters are not one.
        let c9_on = std::cell::Cell::new(false);
        let pab_score = live
            .iter()
            .filter(|&&p| cand[p])
            .map(|&p| players[p].pscore)
            .max();

        let mut layout = Layout::new();
        let f_c4 = layout.push(
            "[C4] completion (with [C2] and [C5], the PAB)",
            bits(3 * count as u64 + 1),
        );
        let f_c6 = layout.push("[C6] the number of downfloaters", wn);
        let f_c7 = layout.push("[C7] the scores of the downfloaters", wn * b_scores.len());
        let f_c8a = layout.push("[C8] the next bracket's pairs", wn);
        let f_c8b = layout.push(
            "[C8] the next bracket's downfloaters' scores",
            wn * bn_scores.len(),
        );
        let f_c9 = layout.push(
            "[C9] the unplayed games of the PAB's player",
            bits((count as u64 + 1) * (r as u64 + 2)),
        );
        let f_c10 = layout.push("[C10] topscorers' colour difference", wn);
        let f_c11 = layout.push("[C11] topscorers' three colours in a row", wn);
        let f_c12 = layout.push("[C12] colour preferences", wn);
        let f_c13 = layout.push("[C13] strong colour preferences", wn);
        let f_c14 = layout.push(
            "[C14] resident downfloaters with a downfloat in the previous round",
            wn,
        );
        let f_c15 = layout.push(
            "[C15] MDP opponents with an upfloat in the previous round",
            wn,
        );
        let f_c16 = layout.push(
            "[C16] resident downfloaters with a downfloat two rounds before",
            wn,
        );
        let f_c17 = layout.push("[C17] MDP opponents with an upfloat two rounds before", wn);
        let f_c18 = layout.push(
            "[C18] score differences of MDPs with a downfloat in the previous round",
            wn * (diffs.len() + 1),
        );
        let f_c19 = layout.push(
            "[C19] score differences of MDP opponents with an upfloat in the previous round",
            wn * diffs.len().max(1),
        );
        let f_c20 = layout.push(
            "[C20] score differences of MDPs with a downfloat two rounds before",
            wn * (diffs.len() + 1),
        );
        let f_c21 = layout.push(
            "[C21] score differences of MDP opponents with an upfloat two rounds before",
            wn * diffs.len().max(1),
        );
        let quality_fields = layout.fields.len();
        let wr = bits(residents.len() as u64 + 1);
        let f_a = layout.push(ORDER, mdps.len().max(1));
        let f_b = layout.push(ORDER, wr * mdps.len().max(1));
        let width1 = layout.finish();

        let quality = |h: usize, l: usize, out: &mut Vec<Part>| {
            // h is the higher-ranked.
            let (h, l) = if rank[h] <= rank[l] { (h, l) } else { (l, h) };
            let (x, y) = (&players[h], &players[l]);
            out.push((f_c4, 1 + i64::from(!cand[h]) + i64::from(!cand[l]), 0));
            let mdp_pair = mdps.contains(&h) && residents.contains(&l);
            let b_edge = in_b(h) && in_b(l) && !(mdps.contains(&h) && mdps.contains(&l));
            if b_edge {
                out.push((f_c6, 1, 0));
                for p in [x, y] {
                    let k = b_scores.iter().position(|&s| s == p.pscore).unwrap_or(0);
                    out.push((f_c7, 1, wn * (b_scores.len() - 1 - k)));
                }
                if c9_on.get() {
                    let v: i64 = [x, y]
                        .iter()
                        .filter(|p| cand[p.id])
                        .map(|p| p.unplayed)
                        .sum();
                    out.push((f_c9, v, 0));
                }
                let c = colour_of(h, l);
                let (hx, lx) = (x.hist.breaks(c), y.hist.breaks(c.opposite()));
                out.push((f_c10, 2 - i64::from(hx.0) - i64::from(lx.0), 0));
                out.push((f_c11, 2 - i64::from(hx.1) - i64::from(lx.1), 0));
                let same = x.hist.wants.is_some() && x.hist.wants == y.hist.wants;
                out.push((f_c12, i64::from(!same), 0));
                let strong = same
                    && x.hist.strength >= Strength::Strong
                    && y.hist.strength >= Strength::Strong;
                out.push((f_c13, i64::from(!strong), 0));
                let res_df =
                    |p: &Player, f: Float| i64::from(residents.contains(&p.id) && f == Float::Down);
                out.push((f_c14, res_df(x, x.f1) + res_df(y, y.f1), 0));
                out.push((f_c15, i64::from(!(mdp_pair && y.f1 == Float::Up)), 0));
                out.push((f_c16, res_df(x, x.f2) + res_df(y, y.f2), 0));
                out.push((f_c17, i64::from(!(mdp_pair && y.f2 == Float::Up)), 0));
                let d = x.pscore - y.pscore;
                let dk = diffs.iter().position(|&v| v == d);
                for (field, fl, up) in [
                    (f_c18, x.f1, false),
                    (f_c20, x.f2, false),
                    (f_c19, y.f1, true),
                    (f_c21, y.f2, true),
                ] {
                    let flagged = mdp_pair && fl == if up { Float::Up } else { Float::Down };
                    if !up && flagged {
                        // A flagged MDP left unpaired counts above any pair.
                        out.push((field, 1, wn * diffs.len()));
                    }
                    for k in 0..diffs.len() {
                        let bad = flagged && dk == Some(k);
                        out.push((field, i64::from(!bad), wn * (diffs.len() - 1 - k)));
                    }
                }
            }
            if in_n(l) && (in_b(h) || in_n(h)) {
                out.push((f_c8a, 1, 0));
                for p in [x, y] {
                    let k = bn_scores.iter().position(|&s| s == p.pscore).unwrap_or(0);
                    out.push((f_c8b, 1, wn * (bn_scores.len() - 1 - k)));
                }
            }
        };
        // Phase 1: which MDPs are paired, and with whom.
        let phase1 = |h: usize, l: usize, out: &mut Vec<Part>| {
            quality(h, l, out);
            let (h, l) = if rank[h] <= rank[l] { (h, l) } else { (l, h) };
            if let (Some(j), Some(k)) = (
                mdps.iter().position(|&m| m == h),
                residents.iter().position(|&x| x == l),
            ) {
                let m0 = mdps.len();
                out.push((f_a, 1, m0 - 1 - j));
                out.push((f_b, (residents.len() - k) as i64, wr * (m0 - 1 - j)));
            }
        };
        let sub = Problem {
            players: &players,
            live: remaining.clone(),
            compatible: &compatible,
        };
        c9_on.set(pab_score.is_some_and(|p| gs <= p));
        let mut mates = solve(&sub, &layout, width1, &phase1);
        if c9_on.get() {
            let paired = mates
                .iter()
                .enumerate()
                .filter(|&(a, m)| {
                    m.is_some_and(|b| {
                        let (x, y) = (remaining[a], remaining[b]);
                        in_b(x) && in_b(y) && !(mdps.contains(&x) && mdps.contains(&y))
                    })
                })
                .count();
            if residents.len() + mdps.len() - paired != 1 {
                c9_on.set(false);
                mates = solve(&sub, &layout, width1, &phase1);
            }
        }
        let pairs_of = |mates: &[Option<usize>], live: &[usize]| -> Vec<(usize, usize)> {
            let mut v = Vec::new();
            for (a, m) in mates.iter().enumerate() {
                if let Some(b) = *m {
                    if a < b {
                        v.push((live[a], live[b]));
                    }
                }
            }
            v
        };
        let all1 = pairs_of(&mates, &remaining);
        let mdp_pairs: Vec<(usize, usize)> = all1
            .iter()
            .copied()
            .filter(|&(a, b)| {
                (mdps.contains(&a) && residents.contains(&b))
                    || (mdps.contains(&b) && residents.contains(&a))
            })
            .collect();
        let remainder: Vec<usize> = residents
            .iter()
            .copied()
            .filter(|p| !mdp_pairs.iter().any(|&(a, b)| a == *p || b == *p))
            .collect();
        let p_r = all1
            .iter()
            .filter(|&&(a, b)| remainder.contains(&a) && remainder.contains(&b))
            .count();

        // Phase 2: the remainder, with the MDP pairs fixed.
        // Phase 2a: the remainder's S1 after the exchanges (art. 4.3): the
        // fewest exchanges, the smallest difference of the numbers moved,
        // then which move. Phase 2b: with that S1, the first transposition
        // (art. 4.2). Two solves keep the weight narrow: the transposition
        // order needs one sub-field per player of S1.
        let m = remainder.len();
        let wm = bits(m as u64 + 1);
        let mut layout2 = Layout::new();
        for f in &layout.fields[..quality_fields] {
            layout2.push(f.label, f.width);
        }
        let g1 = layout2.push(ORDER, wm);
        let g2 = layout2.push(ORDER, bits((m * m) as u64 + 1));
        let g3 = layout2.push(ORDER, p_r + wm + 1);
        let g4 = layout2.push(ORDER, m + wm + 1);
        let width2 = layout2.finish();
        let live2: Vec<usize> = remaining
            .iter()
            .copied()
            .filter(|p| !mdp_pairs.iter().any(|&(a, b)| a == *p || b == *p))
            .collect();
        let pos = |p: usize| remainder.iter().position(|&x| x == p);
        // An MDP left out of the MDP pairing floats: its edges in the
        // bracket count only for completion.
        let floating =
            |h: usize, l: usize| (mdps.contains(&h) && in_b(l)) || (mdps.contains(&l) && in_b(h));
        let phase2 = |h: usize, l: usize, out: &mut Vec<Part>| {
            if floating(h, l) {
                out.push((f_c4, 1 + i64::from(!cand[h]) + i64::from(!cand[l]), 0));
                return;
            }
            quality(h, l, out);
            if let (Some(a), Some(b)) = (pos(h), pos(l)) {
                let a = a.min(b);
                out.push((g1, i64::from(a < p_r), 0));
                out.push((g2, (m * m - a) as i64, 0));
                if a < p_r {
                    // 2^p_r − 2^a: keeping a low number in S1 costs less.
                    out.push((g3, 1, p_r));
                    out.push((g3, -1, a));
                } else {
                    out.push((g4, 1, m - 1 - a));
                }
            }
        };
        let sub2 = Problem {
            players: &players,
            live: live2.clone(),
            compatible: &compatible,
        };
        let mates2a = solve(&sub2, &layout2, width2, &phase2);
        let mut s1: Vec<usize> = pairs_of(&mates2a, &live2)
            .iter()
            .filter_map(|&(x, y)| Some(pos(x)?.min(pos(y)?)))
            .collect();
        s1.sort_unstable();
        let mut layout3 = Layout::new();
        for f in &layout.fields[..quality_fields] {
            layout3.push(f.label, f.width);
        }
        let k1 = s1.len().max(1);
        let g5 = layout3.push(ORDER, wm * k1);
        let width3 = layout3.finish();
        let phase3 = |h: usize, l: usize, out: &mut Vec<Part>| {
            if floating(h, l) {
                out.push((f_c4, 1 + i64::from(!cand[h]) + i64::from(!cand[l]), 0));
                return;
            }
            if let (Some(a), Some(b)) = (pos(h), pos(l)) {
                let (a, b) = (a.min(b), a.max(b));
                match (s1.binary_search(&a), s1.binary_search(&b)) {
                    (Ok(k), Err(_)) => {
                        quality(h, l, out);
                        out.push((g5, (m - b) as i64, wm * (k1 - 1 - k)));
                    }
                    // Not a pair of this S1 and S2: not in the bracket.
                    _ => out.push((f_c4, 1 + i64::from(!cand[h]) + i64::from(!cand[l]), 0)),
                }
                return;
            }
            quality(h, l, out);
        };
        let mates2 = solve(&sub2, &layout3, width3, &phase3);
        let all2 = pairs_of(&mates2, &live2);
        let mut bracket_pairs = mdp_pairs.clone();
        bracket_pairs.extend(
            all2.iter()
                .copied()
                .filter(|&(a, b)| remainder.contains(&a) && remainder.contains(&b)),
        );
        // The deciding criterion: at the first bracket where the report
        // pairs its players otherwise.
        if deciding.is_none() {
            if let Some(gp) = &given_partner {
                let differs = residents.iter().chain(mdps.iter()).any(|&p| {
                    let mine = bracket_pairs.iter().find_map(|&(a, b)| {
                        if a == p {
                            Some(b)
                        } else if b == p {
                            Some(a)
                        } else {
                            None
                        }
                    });
                    let theirs = gp[p].filter(|q| remaining.contains(q));
                    mine != theirs && (mine.is_some() || theirs.is_some_and(&in_b))
                });
                if differs {
                    let theirs: Vec<(usize, usize)> = remaining
                        .iter()
                        .filter_map(|&a| {
                            gp[a]
                                .filter(|&b| a < b && remaining.contains(&b))
                                .map(|b| (a, b))
                        })
                        .collect();
                    deciding = Some(
                        if let Some(&(a, b)) = theirs.iter().find(|&&(a, b)| !compatible(a, b)) {
                            if met(a, b) {
                                "[C1] the report pairs two players who have already met".to_owned()
                            } else if forbidden(a, b) {
                                "[C1] the report pairs a forbidden pair".to_owned()
                            } else {
                                "[C3] the report pairs two players with the same absolute colour preference".to_owned()
                            }
                        } else {
                            let mine_all: Vec<(usize, usize)> = all1.clone();
                            let tm = totals(&layout, &mine_all, &quality);
                            let tt = totals(&layout, &theirs, &quality);
                            layout.fields[..quality_fields]
                                .iter()
                                .zip(tm.iter().zip(&tt))
                                .find(|(_, (a, b))| a != b)
                                .map_or_else(|| ORDER.to_owned(), |(f, _)| f.label.to_owned())
                        },
                    );
                }
            }
        }
        for &(a, b) in &bracket_pairs {
            fixed.push((a, b));
        }
        remaining.retain(|p| !bracket_pairs.iter().any(|&(a, b)| a == *p || b == *p));
        movers = remaining.iter().copied().filter(|&p| in_b(p)).collect();
    }
    let bye = match remaining.as_slice() {
        [] => None,
        [p] if cand[*p] => Some(*p),
        _ => {
            return Outcome {
                pairing: Err(NoPairing::NoLegal),
                deciding,
            }
        }
    };
    let pairs = fixed
        .into_iter()
        .map(|(a, b)| {
            let (h, l) = if rank[a] <= rank[b] { (a, b) } else { (b, a) };
            if colour_of(h, l) == Colour::White {
                (h, l)
            } else {
                (l, h)
            }
        })
        .collect();
    Outcome {
        pairing: Ok(Pairing { pairs, bye }),
        deciding,
    }
}

/// Whether a complete pairing of `p.live` exists under the absolute
/// criteria: every player paired, or, with an odd number, all but one for
/// whom `leftover` holds (art. 1.9.1, [C1]–[C3], [C2] for the PAB).
fn feasible(p: &Problem<'_>, leftover: &dyn Fn(usize) -> bool) -> bool {
    let n = p.live.len();
    let odd = n % 2 == 1;
    let size = n + usize::from(odd);
    let mut m = vec![0i64; size * size];
    for a in 0..n {
        for b in a + 1..n {
            if (p.compatible)(p.live[a], p.live[b]) {
                m[a * size + b] = 2;
            }
        }
        if odd && leftover(p.live[a]) {
            m[a * size + n] = 2;
        }
    }
    let _ = p.players;
    let mates = integer_blossom::max_weight_matching(&m, size);
    mates.iter().all(Option::is_some)
}
