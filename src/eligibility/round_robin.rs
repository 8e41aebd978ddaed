//! Whether a round robin is complete: every pair met `cycles` times over
//! the board in games FIDE rates. Only a complete round robin is rated as
//! one (a round robin with an unplayed game is reported as a Swiss,
//! B.02 2003/2005 art. 6.4); its score matrix feeds the round-robin route
//! for unrated players, and the players that route disregards
//! ([`disregarded`]) decide which games against unrated players count.

use crate::model::Tournament;

/// A complete round robin: every pair met exactly `cycles` times, every
/// game played over the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundRobinMatrix {
    /// 1 or 2.
    pub cycles: u8,
    /// Row-major m × m half-points, as `rating::RoundRobinInput` takes them.
    pub scores: Vec<u32>,
}

/// Why a round robin cannot be computed as one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Incomplete {
    /// Some pair did not meet `cycles` times over the board (an unplayed
    /// game, a missing pairing, or records that disagree).
    UnplayedOrMissing {
        /// Starting ranks of one such pair.
        ranks: (u16, u16),
    },
    /// A game is recorded for one player and not mirrored by the opponent.
    Asymmetric {
        /// Starting ranks of the pair.
        ranks: (u16, u16),
    },
}

/// Builds the score matrix of a round robin of `cycles` cycles, or says why
/// the event is not a complete one.
///
/// The pairs are checked first from the games that were played (sorted
/// once), so the m × m matrix is built only for a complete round robin,
/// whose report has m × (m − 1) × `cycles` games: linear in the report,
/// whatever the caller checked before (the type detection allows a round
/// robin only with at most rounds + 1 ≤ 1000 players).
pub(crate) fn matrix(
    t: &Tournament,
    played: &[Vec<(usize, u32)>],
    cycles: u8,
) -> Result<RoundRobinMatrix, Incomplete> {
    complete(t, played, cycles)?;
    let m = played.len();
    let mut scores = vec![0u32; m * m];
    for (i, g) in played.iter().enumerate() {
        for &(j, half_points) in g {
            scores[i * m + j] += half_points;
        }
    }
    Ok(RoundRobinMatrix { cycles, scores })
}

/// The first pair (lower index first, then the higher, in order) that did
/// not meet `cycles` times on both records, as a scan of the m × m meeting
/// counts would find it, from the games played alone: the pairs that never
/// met are the gaps between the pairs that did.
pub(crate) fn complete(
    t: &Tournament,
    played: &[Vec<(usize, u32)>],
    cycles: u8,
) -> Result<(), Incomplete> {
    let m = played.len();
    let rank = |i: usize| t.players.get(i).map_or(0, |p| p.start_rank.value);
    // (lower index, higher index, recorded by the lower one)
    let mut sides: Vec<(usize, usize, bool)> = played
        .iter()
        .enumerate()
        .flat_map(|(i, g)| g.iter().map(move |&(j, _)| (i.min(j), i.max(j), i < j)))
        .collect();
    sides.sort_unstable();
    let mut k = 0;
    for i in 0..m {
        let mut next = i + 1;
        while let Some(&(lo, j, _)) = sides.get(k).filter(|s| s.0 == i) {
            // Meetings recorded by i (against j) and by j (against i),
            // saturating like a u8 count.
            let (mut a, mut b) = (0u8, 0u8);
            while let Some(&(_, _, by_low)) = sides.get(k).filter(|s| s.0 == lo && s.1 == j) {
                if by_low {
                    a = a.saturating_add(1);
                } else {
                    b = b.saturating_add(1);
                }
                k += 1;
            }
            if j != next {
                // i and `next` never met.
                return Err(Incomplete::UnplayedOrMissing {
                    ranks: (rank(i), rank(next)),
                });
            }
            if a != b {
                return Err(Incomplete::Asymmetric {
                    ranks: (rank(i), rank(j)),
                });
            }
            if a != cycles {
                return Err(Incomplete::UnplayedOrMissing {
                    ranks: (rank(i), rank(j)),
                });
            }
            next += 1;
        }
        if next < m {
            return Err(Incomplete::UnplayedOrMissing {
                ranks: (rank(i), rank(next)),
            });
        }
    }
    Ok(())
}

/// The unrated players a round robin's route disregards with their games
/// (B.02 2003 and 2005: an unrated player scoring less than `minimum`
/// half-points, his games disregarded both ways, GA 2003/2004), removed
/// until none fails: each with the score that failed, in removal order.
/// `candidates` marks the players the requirement applies to (unrated,
/// and in their first event where the text says so); `scores` is the
/// row-major m × m matrix.
pub(crate) fn disregarded(scores: &[u32], candidates: &[bool], minimum: u32) -> Vec<(usize, u32)> {
    let m = candidates.len();
    let at = |i: usize, j: usize| scores.get(i * m + j).copied().unwrap_or(0);
    let mut active = vec![true; m];
    let mut out = Vec::new();
    loop {
        let failing: Vec<(usize, u32)> = (0..m)
            .filter(|&i| active[i] && candidates[i])
            .map(|i| (i, (0..m).filter(|&j| active[j]).map(|j| at(i, j)).sum()))
            .filter(|&(_, s)| s < minimum)
            .collect();
        if failing.is_empty() {
            return out;
        }
        for &(i, _) in &failing {
            active[i] = false;
        }
        out.extend(failing);
    }
}
