//! The games FIDE rates, each pairing once: the one home of the rule by
//! which the check (its verdict and `rated_games`) and the rating pass
//! (`tournament.rated_games`) count them.
//!
//! A game counts when it changes a rated player's rating: both players
//! have a rating, or one has and the other is counted at a computed
//! rating (the round-robin route for unrated players, B.02 2014–2023
//! art. 7.1.4). The check counts by the report's ratings and the games
//! the eligibility stage rates; the pass counts by the ratings it rates
//! with (a rating list's, `--what-if`'s, a rapid or blitz event's standard
//! seeds) and the games it rates, which differ only in those cases; both
//! call [`rated_pairings`], so the rule cannot drift between them.

use crate::model::games::Games;

/// The pairings of the games table `games` that change a rated player's
/// rating, each counted once: `counts(row)` says whether the game on the
/// games table's row `row` is rated at all, `rated(i)` whether player `i`
/// has a rating, and `rating(i)` whether he has one or is counted at a
/// computed rating. A pairing both records describe (the other side's row
/// names the player back and is rated too) is counted at its lower player
/// index; a game only one record describes, at that record.
pub(crate) fn rated_pairings(
    games: &Games,
    counts: impl Fn(u32) -> bool,
    rated: impl Fn(usize) -> bool,
    rating: impl Fn(usize) -> bool,
) -> u32 {
    let starts = games.starts();
    let mut n = 0;
    for (i, w) in starts.windows(2).enumerate() {
        let (rated_i, rating_i) = (rated(i), rating(i));
        // A player neither rated nor counted at a computed rating has no
        // game counted from their side.
        if !rated_i && !rating_i {
            continue;
        }
        for (row, g) in (w[0]..w[1]).zip(games.of(i)) {
            if !counts(row) {
                continue;
            }
            let j = g.opponent as usize;
            if !(rated_i && rating(j) || rated(j) && rating_i) {
                continue;
            }
            let mirrored = j < i
                && games
                    .mirror_of(g)
                    .is_some_and(|m| m.opponent as usize == i && counts(g.mirror));
            if !mirrored {
                n += 1;
            }
        }
    }
    n
}
