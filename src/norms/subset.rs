//! The best subset of a player's games (Title Regulations 2024 1.4.1e-f):
//! in events without predetermined pairings the games after a title result
//! may be ignored (a trailing run of rounds, 1.4.1e), and games against
//! opponents the player defeated may be ignored (1.4.1f), as long as the
//! rest still meets every condition. In a round robin only 1.4.1f applies,
//! and only when the mix of the whole event already allows a norm.

use super::assess::{assess, Assessment, Setting};
use super::games::{Counted, Opponent};
use super::performance::{dp, percentage, rating_average};
use serde::Serialize;

/// Subsets tried at most per norm: the search is exponential in the wins,
/// so it is bounded (13 games give at most 2^13 subsets).
pub(crate) const BUDGET: u32 = 1 << 13;

/// A subset of the games that makes the norm.
#[derive(Debug, Clone, Serialize)]
#[non_exhaustive]
pub struct Subset {
    /// The article(s) used: `1.4.1e`, `1.4.1f` or both.
    pub rule: String,
    /// The rounds ignored.
    pub rounds_left_out: Vec<u16>,
    /// The judgement on the games kept.
    #[serde(flatten)]
    pub assessment: Assessment,
}

/// Calls `f` with each `k`-subset of `0..n` (as indices, ascending) until
/// it returns true or the budget runs out; returns whether one did.
fn combinations(n: usize, k: usize, budget: &mut u32, f: &mut dyn FnMut(&[usize]) -> bool) -> bool {
    let mut idx: Vec<usize> = (0..k).collect();
    if k > n {
        return false;
    }
    loop {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        if f(&idx) {
            return true;
        }
        // Next combination in lexicographic order.
        let mut i = k;
        loop {
            if i == 0 {
                return false;
            }
            i -= 1;
            if idx[i] != i + n - k {
                break;
            }
            if i == 0 {
                return false;
            }
        }
        idx[i] += 1;
        for j in i + 1..k {
            idx[j] = idx[j - 1] + 1;
        }
    }
}

/// The subset with the fewest games left out that makes the norm, or
/// `None`. `tail` allows 1.4.1e (not in round robins).
pub(crate) fn best(
    s: &Setting<'_>,
    games: &[Counted],
    opps: &[Opponent],
    tail: bool,
) -> Option<Subset> {
    let n = games.len();
    let min = s.min_games as usize;
    if n <= min {
        return None;
    }
    if !possible(s, games, opps) {
        return None;
    }
    let e = s.edition;
    let mut budget = BUDGET;
    for drops in 1..=n - min {
        let tails = if tail { drops } else { 0 };
        for t in 0..=tails {
            let prefix = &games[..n - t];
            let wins: Vec<usize> = (0..prefix.len()).filter(|&i| prefix[i].half == 2).collect();
            let k = drops - t;
            let mut found = None;
            combinations(wins.len(), k, &mut budget, &mut |chosen| {
                let kept: Vec<Counted> = prefix
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| !chosen.iter().any(|c| wins[*c] == *i))
                    .map(|(_, g)| *g)
                    .collect();
                let a = assess(s, &kept, opps);
                if a.failed.is_empty() {
                    let mut left: Vec<u16> =
                        chosen.iter().map(|c| prefix[wins[*c]].round).collect();
                    left.extend(games[n - t..].iter().map(|g| g.round));
                    left.sort_unstable();
                    let rule = match (t > 0, k > 0) {
                        (true, true) => format!("{}, {}", e.cite("1.4.1e"), e.cite("1.4.1f")),
                        (true, false) => e.cite("1.4.1e"),
                        _ => e.cite("1.4.1f"),
                    };
                    found = Some(Subset {
                        rule,
                        rounds_left_out: left,
                        assessment: a,
                    });
                    true
                } else {
                    false
                }
            });
            if found.is_some() {
                return found;
            }
            if budget == 0 {
                return None;
            }
        }
    }
    None
}

/// Whether any subset of at least the least games could make the norm,
/// by bounds that hold for every subset: no subset has more title holders,
/// norm-title holders or foreign federations than all the games, nor a
/// higher Ra than the best ratings (every one at least the floor) or a
/// higher p than the best results. Cheap, and it spares the search for
/// the many players no subset can help.
fn possible(s: &Setting<'_>, games: &[Counted], opps: &[Opponent]) -> bool {
    let full = assess(s, games, opps);
    let m = &full.mix;
    let min = s.min_games;
    let norm_min = (min.div_ceil(3)).max(3);
    let norm_min = if s.double_round_robin {
        norm_min.div_ceil(2)
    } else {
        norm_min
    };
    if m.title_holders < min.div_ceil(2)
        || m.norm_title_holders < norm_min
        || (s.foreigner_rule == super::assess::ForeignerRule::Normal
            && m.foreign_federations.len() < 2)
    {
        return false;
    }
    let mut ratings: Vec<i64> = full
        .ratings
        .iter()
        .map(|r| i64::from(r.counted.max(s.kind.floor())))
        .collect();
    ratings.sort_unstable_by(|a, b| b.cmp(a));
    let mut halves: Vec<u32> = games.iter().map(|g| g.half).collect();
    halves.sort_unstable_by(|a, b| b.cmp(a));
    (min as usize..games.len()).any(|k| {
        let k32 = k as u32;
        let ra = rating_average(ratings[..k].iter().sum(), k32);
        let p = percentage(halves[..k].iter().sum(), k32);
        match (ra, p.and_then(dp)) {
            (Some(ra), Some(d)) => ra >= s.kind.ra_min() && ra + d >= s.kind.rp_min(),
            _ => false,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_in_order() {
        let mut seen = Vec::new();
        let mut budget = 100;
        combinations(4, 2, &mut budget, &mut |c| {
            seen.push(c.to_vec());
            false
        });
        assert_eq!(
            seen,
            vec![
                vec![0, 1],
                vec![0, 2],
                vec![0, 3],
                vec![1, 2],
                vec![1, 3],
                vec![2, 3]
            ]
        );
        let mut count = 0;
        let mut budget = 100;
        combinations(3, 0, &mut budget, &mut |_| {
            count += 1;
            false
        });
        assert_eq!(count, 1);
    }

    #[test]
    fn the_budget_bounds_the_search() {
        let mut count = 0;
        let mut budget = 5;
        combinations(20, 10, &mut budget, &mut |_| {
            count += 1;
            false
        });
        assert_eq!(count, 5);
    }
}
