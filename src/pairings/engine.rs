//! The FIDE (Dutch) system (C.04.3) pairing one round, written from the
//! Handbook's text: the 2026 edition (in force from 1 February 2026), or the
//! 2016/17 one (in force 1 July 2017 to 31 January 2026), which differ in
//! their criteria and completion (see `pair_round`), not in the procedure.
//!
//! The Handbook lets a program reach its pairings by any method that gives
//! the same result (art. 3: "look-ahead, backtracking, weighted matching or
//! other"). This engine uses a maximum-weight matching over every player
//! still to pair: each criterion is a bit field of the edge weight, the more
//! important higher, each wide enough that no sum can carry into the field
//! above (placed per solve, see `digits`), so that the heaviest matching is
//! the best candidate by the criteria in their order (art. 3.8). Keeping the whole round in the graph
//! makes completion ([C4]) hold in every bracket. Below the criteria, fields
//! encode the order in which art. 4 generates candidates (the MDPs chosen,
//! their opponents, then the exchanges and transpositions of the
//! remainder), so that among equally good candidates the first generated is
//! taken. Brackets are paired from the top: each is solved three times (its
//! MDPs and their opponents, then its remainder's exchanges, then its
//! transposition) and its pairs are fixed; the unpaired move down. Under
//! the 2016/17 text a bracket's solve holds only the bracket and the next
//! scoregroup (C.7) until completion forces the penultimate bracket (A.9).

use super::colour::{allocate, History, Strength};
use super::digits::{Edges, Part};
use super::edition::Edition;
use super::input::{Entry, Float, Report};
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

/// One field of the weight: its criterion (the first label of the fields
/// that differ names the deciding criterion).
struct Field {
    label: &'static str,
}

/// The fields of one solve's weight, most significant first.
struct Layout {
    fields: Vec<Field>,
}

impl Layout {
    fn new() -> Layout {
        Layout { fields: Vec::new() }
    }
    fn push(&mut self, label: &'static str) -> usize {
        self.fields.push(Field { label });
        self.fields.len() - 1
    }
}

/// Everything one solve needs.
struct Problem<'a> {
    players: &'a [Player],
    /// Players still to pair, in pairing order.
    live: Vec<usize>,
    compatible: &'a dyn Fn(usize, usize) -> bool,
}

/// Solves a maximum-weight matching over `live` with edge parts from
/// `parts`; returns partner per position in `live`.
fn solve(p: &Problem<'_>, parts: &dyn Fn(usize, usize, &mut Vec<Part>)) -> Vec<Option<usize>> {
    let n = p.live.len();
    let mut edges = Edges::new(n);
    let mut buf = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            let (h, l) = (p.live[a], p.live[b]);
            if !(p.compatible)(h, l) {
                continue;
            }
            buf.clear();
            parts(h, l, &mut buf);
            edges.push(a, b, &buf);
        }
    }
    edges.max_weight_matching()
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

/// The labels of the criteria of a bracket's weight, by edition: the same
/// fields hold the same kind of criterion in both texts.
struct Labels {
    order: &'static str,
    completion: &'static str,
    pairs: &'static str,
    scores: &'static str,
    next_pairs: &'static str,
    next_scores: &'static str,
    colours: [&'static str; 4],
    floats: [&'static str; 4],
    float_scores: [&'static str; 4],
}

const LABELS_2026: Labels = Labels {
    order: ORDER,
    completion: "[C4] completion (with [C2] and [C5], the PAB)",
    pairs: "[C6] the number of downfloaters",
    scores: "[C7] the scores of the downfloaters",
    next_pairs: "[C8] the next bracket's pairs",
    next_scores: "[C8] the next bracket's downfloaters' scores",
    colours: [
        "[C10] topscorers' colour difference",
        "[C11] topscorers' three colours in a row",
        "[C12] colour preferences",
        "[C13] strong colour preferences",
    ],
    floats: [
        "[C14] resident downfloaters with a downfloat in the previous round",
        "[C15] MDP opponents with an upfloat in the previous round",
        "[C16] resident downfloaters with a downfloat two rounds before",
        "[C17] MDP opponents with an upfloat two rounds before",
    ],
    float_scores: [
        "[C18] score differences of MDPs with a downfloat in the previous round",
        "[C19] score differences of MDP opponents with an upfloat in the previous round",
        "[C20] score differences of MDPs with a downfloat two rounds before",
        "[C21] score differences of MDP opponents with an upfloat two rounds before",
    ],
};

const LABELS_2017: Labels = Labels {
    order: "section D (the order in which candidates are generated)",
    completion:
        "C.4 completion of the round (penultimate and collapsed last brackets, with C.2, the PAB)",
    pairs: "C.5 the number of pairs",
    scores: "C.6 the pairing score difference (PSD)",
    next_pairs: "C.7 the next bracket's pairs",
    next_scores: "C.7 the next bracket's pairing score difference",
    colours: [
        "C.8 topscorers' colour difference",
        "C.9 topscorers' three colours in a row",
        "C.10 colour preferences",
        "C.11 strong colour preferences",
    ],
    floats: [
        "C.12 players with the same downfloat as in the previous round",
        "C.13 players with the same upfloat as in the previous round",
        "C.14 players with the same downfloat as two rounds before",
        "C.15 players with the same upfloat as two rounds before",
    ],
    float_scores: [
        "C.16 score differences of players with the same downfloat as in the previous round",
        "C.17 score differences of players with the same upfloat as in the previous round",
        "C.18 score differences of players with the same downfloat as two rounds before",
        "C.19 score differences of players with the same upfloat as two rounds before",
    ],
};

/// Pairs round `r` (0-based) from the report's history before it, under
/// `edition`. `given` is the report's own pairing of the round, to name the
/// first criterion that decides between the two.
///
/// The two editions share the procedure: brackets from the top, each solved
/// for its MDPs and their opponents, then for its remainder's exchanges and
/// transposition (art. 4 / D17 section D, the same orders). They differ in
/// what a bracket's weight holds and over which players it is solved:
/// the 2026 text makes completion ([C4]) a criterion of every bracket, so
/// every bracket is solved over all players still to pair; the 2016/17 text
/// looks ahead only at the next scoregroup (C.7), and when a bracket's
/// downfloaters leave the round incompletable it becomes the penultimate
/// pairing bracket, is paired again for completion (C.4) and every lower
/// player joins the collapsed last bracket (A.9).
pub(crate) fn pair_round(
    rep: &Report,
    r: usize,
    given: Option<&Pairing>,
    edition: Edition,
) -> Outcome {
    let d17 = edition == Edition::D17;
    let labels = if d17 { &LABELS_2017 } else { &LABELS_2026 };
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
            // [C2]: 2026 bars any unplayed round worth a win (BR26 4);
            // 2016/17 a forfeit win (BR17 d).
            let unplayed_win = (0..r).any(|k| match rep.entries[p][k] {
                Entry::Played { .. } => false,
                Entry::Forfeit { .. } if d17 => rep.points[p][k] > rep.loss,
                _ if d17 => false,
                _ => rep.points[p][k] >= rep.win,
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
                    rep.float(p, r - 1, edition)
                } else {
                    Float::None
                },
                f2: if r >= 2 {
                    rep.float(p, r - 2, edition)
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

    // Who may be left over for the PAB. 2026 ([C5]): an eligible player at
    // the lowest score at which one can be left over with every other
    // player paired. 2016/17: any eligible player (A.9: the PAB is part of
    // the last bracket's pairing).
    let mut cand = vec![false; n];
    if d17 {
        for &p in &live {
            cand[p] = players[p].eligible;
        }
        if !feasible(&prob, &|p| cand[p]) {
            return Outcome {
                pairing: Err(NoPairing::NoLegal),
                deciding: None,
            };
        }
    } else if count % 2 == 1 {
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
    let completion = |h: usize, l: usize| 1 + i64::from(!cand[h]) + i64::from(!cand[l]);

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
    // 2016/17: the bracket being paired again as the penultimate pairing
    // bracket, and the collapsed last bracket that follows it (A.9).
    let mut ppb = false;
    let mut collapsed = false;
    let mut gi = 0;
    while gi < groups.len() {
        let gs = groups[gi];
        let residents: Vec<usize> = remaining
            .iter()
            .copied()
            .filter(|&p| !movers.contains(&p) && (collapsed || players[p].pscore == gs))
            .collect();
        let mdps: Vec<usize> = movers.clone();
        let in_b = |p: usize| residents.contains(&p) || mdps.contains(&p);
        // 2016/17: the last bracket, the PPB and the CLB are paired for
        // completion; the others look ahead at the next scoregroup only.
        let special = d17 && (ppb || collapsed || gi + 1 == groups.len());
        let next_s = if special {
            None
        } else {
            groups.get(gi + 1).copied()
        };
        let in_n = |p: usize| next_s.is_some_and(|s| players[p].pscore == s && !in_b(p));
        // 2016/17 C.7: when the next scoregroup is the last, its look-ahead
        // is its completion.
        let next_is_last = d17 && !special && gi + 2 == groups.len();
        let scope: Vec<usize> = if d17 && !special {
            remaining
                .iter()
                .copied()
                .filter(|&p| in_b(p) || in_n(p))
                .collect()
        } else {
            remaining.clone()
        };
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
        // 2016/17 A.8: the score differences of the PSD, each with a
        // sub-field: those of pairs, and of each downfloater to a score one
        // point below the lowest of the players looked at.
        let low = scope.iter().map(|&p| players[p].pscore).min().unwrap_or(gs);
        let df_key = |p: usize| players[p].pscore - low + 10;
        let psd_keys: Vec<i32> = if d17 {
            let mut k: Vec<i32> = Vec::new();
            let b_all: Vec<usize> = mdps.iter().chain(&residents).copied().collect();
            let mut res_scores: Vec<i32> = residents.iter().map(|&p| players[p].pscore).collect();
            res_scores.dedup();
            for &p in &b_all {
                k.push(df_key(p));
                for &s in &res_scores {
                    if s <= players[p].pscore {
                        k.push(players[p].pscore - s);
                    }
                }
            }
            k.sort_unstable();
            k.dedup();
            k
        } else {
            Vec::new()
        };
        let psd_at = |key: i32| psd_keys.binary_search(&key).unwrap_or(0);
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

        let look_ahead = !d17 || !special;
        let mut layout = Layout::new();
        let f_c4 = (!d17 || special).then(|| layout.push(labels.completion));
        let f_c6 = layout.push(labels.pairs);
        let f_c7 = layout.push(labels.scores);
        let f_c8a = layout.push(labels.next_pairs);
        let f_c8b = layout.push(labels.next_scores);
        let f_c9 = layout.push("[C9] the unplayed games of the PAB's player");
        let [f_c10, f_c11, f_c12, f_c13] = labels.colours.map(|l| layout.push(l));
        let [f_c14, f_c15, f_c16, f_c17] = labels.floats.map(|l| layout.push(l));
        let [f_c18, f_c19, f_c20, f_c21] = labels.float_scores.map(|l| layout.push(l));
        let quality_fields = layout.fields.len();
        let f_a = layout.push(labels.order);
        let f_b = layout.push(labels.order);

        // An edge that counts only for completion (when it is a criterion).
        let outside = |h: usize, l: usize, out: &mut Vec<Part>| {
            if let Some(f) = f_c4 {
                out.push((f, completion(h, l), 0));
            }
        };
        let colours = |x: &Player, y: &Player, out: &mut Vec<Part>| {
            let c = colour_of(x.id, y.id);
            let (hx, lx) = (x.hist.breaks(c), y.hist.breaks(c.opposite()));
            out.push((f_c10, 2 - i64::from(hx.0) - i64::from(lx.0), 0));
            out.push((f_c11, 2 - i64::from(hx.1) - i64::from(lx.1), 0));
            let same = x.hist.wants.is_some() && x.hist.wants == y.hist.wants;
            out.push((f_c12, i64::from(!same), 0));
            let strong =
                same && x.hist.strength >= Strength::Strong && y.hist.strength >= Strength::Strong;
            out.push((f_c13, i64::from(!strong), 0));
        };
        let quality26 = |x: &Player, y: &Player, out: &mut Vec<Part>| {
            let (h, l) = (x.id, y.id);
            out.push((f_c4.unwrap_or(0), completion(h, l), 0));
            let mdp_pair = mdps.contains(&h) && residents.contains(&l);
            let b_edge = in_b(h) && in_b(l) && !(mdps.contains(&h) && mdps.contains(&l));
            if b_edge {
                out.push((f_c6, 1, 0));
                for p in [x, y] {
                    let k = b_scores.iter().position(|&s| s == p.pscore).unwrap_or(0);
                    out.push((f_c7, 1, b_scores.len() - 1 - k));
                }
                if c9_on.get() {
                    let v: i64 = [x, y]
                        .iter()
                        .filter(|p| cand[p.id])
                        .map(|p| p.unplayed)
                        .sum();
                    out.push((f_c9, v, 0));
                }
                colours(x, y, out);
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
                        out.push((field, 1, diffs.len()));
                    }
                    for k in 0..diffs.len() {
                        let bad = flagged && dk == Some(k);
                        out.push((field, i64::from(!bad), diffs.len() - 1 - k));
                    }
                }
            }
            if in_n(l) && (in_b(h) || in_n(h)) {
                out.push((f_c8a, 1, 0));
                for p in [x, y] {
                    let k = bn_scores.iter().position(|&s| s == p.pscore).unwrap_or(0);
                    out.push((f_c8b, 1, bn_scores.len() - 1 - k));
                }
            }
        };
        // 2016/17: a pair of the bracket removes its two players from the
        // downfloaters and adds its score difference to the PSD (A.8); the
        // float criteria C.12–C.19 count the players who would get the same
        // float again (a downfloater or the higher player of a pair of
        // different scores for a downfloat, the lower for an upfloat).
        let quality17 = |x: &Player, y: &Player, out: &mut Vec<Part>| {
            let (h, l) = (x.id, y.id);
            outside(h, l, out);
            let d = x.pscore - y.pscore;
            if in_b(l) {
                out.push((f_c6, 1, 0));
                out.push((f_c7, 1, psd_at(df_key(h))));
                out.push((f_c7, 1, psd_at(df_key(l))));
                out.push((f_c7, -1, psd_at(d)));
                colours(x, y, out);
                for (fd, fu, fsd, fsu, fx, fy) in [
                    (f_c14, f_c15, f_c18, f_c19, x.f1, y.f1),
                    (f_c16, f_c17, f_c20, f_c21, x.f2, y.f2),
                ] {
                    let down =
                        i64::from(fy == Float::Down) + i64::from(d == 0 && fx == Float::Down);
                    out.push((fd, down, 0));
                    let up_again = d > 0 && fy == Float::Up;
                    out.push((fu, i64::from(!up_again), 0));
                    if fy == Float::Down {
                        out.push((fsd, 1, psd_at(df_key(l))));
                    }
                    if fx == Float::Down {
                        out.push((fsd, 1, psd_at(df_key(h))));
                        if d > 0 {
                            out.push((fsd, -1, psd_at(d)));
                        }
                    }
                    if up_again {
                        out.push((fsu, -1, psd_at(d)));
                    }
                }
            }
            if look_ahead {
                if next_is_last {
                    out.push((f_c8a, completion(h, l), 0));
                } else if !in_b(l) {
                    out.push((f_c8a, 1, 0));
                }
                for p in [h, l] {
                    if in_b(p) {
                        out.push((f_c8b, 1, psd_at(df_key(p))));
                    }
                }
            }
        };
        let quality = |h: usize, l: usize, out: &mut Vec<Part>| {
            // h is the higher-ranked.
            let (h, l) = if rank[h] <= rank[l] { (h, l) } else { (l, h) };
            if d17 {
                quality17(&players[h], &players[l], out);
            } else {
                quality26(&players[h], &players[l], out);
            }
        };
        // 2016/17: MDPs do not meet each other in their bracket (S1 holds
        // them, S2 the residents).
        let edge_ok = |a: usize, b: usize| {
            compatible(a, b) && !(d17 && mdps.contains(&a) && mdps.contains(&b))
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
                out.push((f_b, (residents.len() - k) as i64, m0 - 1 - j));
            }
        };
        let sub = Problem {
            players: &players,
            live: scope.clone(),
            compatible: &edge_ok,
        };
        c9_on.set(!d17 && pab_score.is_some_and(|p| gs <= p));
        let mut mates = solve(&sub, &phase1);
        if c9_on.get() {
            let paired = mates
                .iter()
                .enumerate()
                .filter(|&(a, m)| {
                    m.is_some_and(|b| {
                        let (x, y) = (scope[a], scope[b]);
                        in_b(x) && in_b(y) && !(mdps.contains(&x) && mdps.contains(&y))
                    })
                })
                .count();
            if residents.len() + mdps.len() - paired != 1 {
                c9_on.set(false);
                mates = solve(&sub, &phase1);
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
        let all1 = pairs_of(&mates, &scope);
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
        // The order's fields follow the quality fields.
        let g1 = quality_fields;
        let (g2, g3, g4) = (g1 + 1, g1 + 2, g1 + 3);
        let live2: Vec<usize> = scope
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
                outside(h, l, out);
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
            compatible: &edge_ok,
        };
        // A remainder of fewer than two players has no pair to choose:
        // neither solve of its order is needed.
        let orders = m >= 2;
        let mut s1: Vec<usize> = if orders {
            pairs_of(&solve(&sub2, &phase2), &live2)
                .iter()
                .filter_map(|&(x, y)| Some(pos(x)?.min(pos(y)?)))
                .collect()
        } else {
            Vec::new()
        };
        s1.sort_unstable();
        let k1 = s1.len().max(1);
        let g5 = quality_fields;
        let phase3 = |h: usize, l: usize, out: &mut Vec<Part>| {
            if floating(h, l) {
                outside(h, l, out);
                return;
            }
            if let (Some(a), Some(b)) = (pos(h), pos(l)) {
                let (a, b) = (a.min(b), a.max(b));
                match (s1.binary_search(&a), s1.binary_search(&b)) {
                    (Ok(k), Err(below)) => {
                        quality(h, l, out);
                        // S2's players from the first, worth |S2| down to
                        // one (as few bits as the digit can have).
                        let s2_rank = b - below;
                        out.push((g5, (m - s1.len() - s2_rank) as i64, k1 - 1 - k));
                    }
                    // Not a pair of this S1 and S2: not in the bracket.
                    _ => outside(h, l, out),
                }
                return;
            }
            quality(h, l, out);
        };
        let all2 = if orders {
            pairs_of(&solve(&sub2, &phase3), &live2)
        } else {
            Vec::new()
        };
        let mut bracket_pairs = mdp_pairs.clone();
        bracket_pairs.extend(
            all2.iter()
                .copied()
                .filter(|&(a, b)| remainder.contains(&a) && remainder.contains(&b)),
        );
        let rest: Vec<usize> = remaining
            .iter()
            .copied()
            .filter(|p| !bracket_pairs.iter().any(|&(a, b)| a == *p || b == *p))
            .collect();
        // 2016/17 A.9: downfloaters that leave the round incompletable make
        // this bracket the penultimate one: paired again for completion.
        if d17 && !special {
            let after = Problem {
                players: &players,
                live: rest.clone(),
                compatible: &compatible,
            };
            if !feasible(&after, &|p| cand[p]) {
                ppb = true;
                continue;
            }
        }
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
                            let c1 = if d17 { "C.1" } else { "[C1]" };
                            if met(a, b) {
                                format!("{c1} the report pairs two players who have already met")
                            } else if forbidden(a, b) {
                                format!("{c1} the report pairs a forbidden pair")
                            } else if d17 {
                                "C.3 the report pairs two players with the same absolute colour preference".to_owned()
                            } else {
                                "[C3] the report pairs two players with the same absolute colour preference".to_owned()
                            }
                        } else {
                            let tm = totals(&layout, &all1, &quality);
                            let tt = totals(&layout, &theirs, &quality);
                            layout.fields[..quality_fields]
                                .iter()
                                .zip(tm.iter().zip(&tt))
                                .find(|(_, (a, b))| a != b)
                                .map_or_else(
                                    || labels.order.to_owned(),
                                    |(f, _)| f.label.to_owned(),
                                )
                        },
                    );
                }
            }
        }
        fixed.extend(bracket_pairs.iter().copied());
        remaining = rest;
        movers = remaining.iter().copied().filter(|&p| in_b(p)).collect();
        if collapsed {
            break;
        }
        // After the penultimate bracket, every lower player is in the
        // collapsed last bracket.
        collapsed = ppb;
        gi += 1;
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
