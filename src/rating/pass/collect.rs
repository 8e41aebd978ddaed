//! The games of a report, read once from the model: what each player
//! played, what was not played and why, and the round robin's score matrix.
//!
//! Only `1 = 0` between two players of the file is a game here. Forfeits,
//! one-move games (`W D L`), byes, pending and unknown results are kept with
//! their kind so the summary can count them (docs/spec/regulations.md R10, R11), and
//! so are the games the regulations leave out, as the eligibility stage
//! decided them ([`crate::eligibility`]: below the rate of play, after a
//! match was decided, a match with an unrated player, the rapid and blitz
//! rules).

use super::summary::ExcludedGame;
use crate::eligibility::{Decision, Eligibility};
use crate::model::games::NONE;
use crate::model::{Games, Tournament};
use crate::rating::maths::GameScore;
use crate::rating::note::Note;
use crate::regulations::Version;

/// A played game from one player's side: 12 bytes (a report of 10,000
/// players and 15 rounds holds about 145,000 of them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Played {
    /// Index of the opponent in `Tournament::players` (the games table's
    /// [`crate::model::Game::opponent`], a `u32`).
    pub opponent: u32,
    /// The row of the games table holding the opponent's entry for the
    /// round ([`crate::model::Game::mirror`]), or [`NONE`].
    pub mirror: u32,
    /// Round, 1-based.
    pub round: u16,
    /// The player's result.
    pub score: GameScore,
}

impl Played {
    /// The game of the games table's row `g`, whose result code `code`
    /// ([`crate::model::Game::code`]) is a result over the board (0 to 2).
    #[inline(always)]
    fn of(g: &crate::model::Game, code: usize) -> Played {
        Played {
            opponent: g.opponent,
            mirror: g.mirror,
            round: g.round,
            score: SCORES[code],
        }
    }

    /// The opponent's index in `Tournament::players`.
    #[inline]
    pub(crate) fn opp(&self) -> usize {
        self.opponent as usize
    }
}

use crate::eligibility::Reason;

/// One unplayed entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Skipped {
    /// Round, 1-based.
    pub round: u16,
    /// Index of the opponent, when the entry names one in the file.
    pub opponent: Option<usize>,
    /// Why.
    pub why: Reason,
}

/// Everything one player's record says about games: slices of the
/// report's [`Collected`].
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct PlayerGames<'a> {
    /// Played games in round order.
    pub played: &'a [Played],
    /// Entries that are not games for the calculation, in round order.
    pub skipped: &'a [Skipped],
}

/// Every player's games, read once for the report: the played games and
/// the skipped entries of all players in two vectors, player after
/// player, so that a report of 10,000 players makes two vectors instead
/// of two per player.
#[derive(Debug, Clone, Default)]
pub(crate) struct Collected {
    played: Vec<Played>,
    skipped: Vec<Skipped>,
    /// Where each player's games start in `played` and `skipped`, and
    /// after the last player where they end (one more than the players).
    starts: Vec<(usize, usize)>,
    /// By row of the games table: 1 + the index in `played` of the game
    /// the row holds, 0 when it holds none. The other side of a game is
    /// its [`Played::mirror`] row's game, found without a search.
    at_row: Vec<u32>,
}

impl Collected {
    /// Room for `entries` round entries in all.
    #[cfg(test)]
    fn with_capacity(players: usize, entries: usize) -> Collected {
        let mut starts = Vec::with_capacity(players + 1);
        starts.push((0, 0));
        Collected {
            played: Vec::with_capacity(entries),
            skipped: Vec::new(),
            starts,
            at_row: Vec::new(),
        }
    }

    /// Ends the games of the player being collected: the next push is the
    /// next player's.
    #[cfg(test)]
    pub(crate) fn end_player(&mut self) {
        self.starts.push((self.played.len(), self.skipped.len()));
    }

    /// A played game of the player being collected.
    #[cfg(test)]
    pub(crate) fn push_played(&mut self, p: Played) {
        self.played.push(p);
    }

    /// The players collected.
    pub(crate) fn len(&self) -> usize {
        self.starts.len().saturating_sub(1)
    }

    /// The played games of every player, player after player.
    pub(crate) fn played(&self) -> &[Played] {
        &self.played
    }

    /// The index in [`Collected::played`] of the game on the games table's
    /// row `row`, if the row holds one.
    pub(crate) fn played_at_row(&self, row: u32) -> Option<usize> {
        let k = *self.at_row.get(row as usize)?;
        (k as usize).checked_sub(1)
    }

    /// Player `i`'s games (none for an index beyond the players).
    pub(crate) fn of(&self, i: usize) -> PlayerGames<'_> {
        match self.starts.get(i..i.saturating_add(2)) {
            Some(&[(p, s), (pe, se)]) => PlayerGames {
                played: self.played.get(p..pe).unwrap_or_default(),
                skipped: self.skipped.get(s..se).unwrap_or_default(),
            },
            _ => PlayerGames::default(),
        }
    }

    /// Every player's games, in file order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = PlayerGames<'_>> + Clone + '_ {
        self.starts.windows(2).map(|w| match *w {
            [(p, s), (pe, se)] => PlayerGames {
                played: self.played.get(p..pe).unwrap_or_default(),
                skipped: self.skipped.get(s..se).unwrap_or_default(),
            },
            _ => PlayerGames::default(),
        })
    }
}

/// Reads every player's round entries as the eligibility stage decided
/// them: the games FIDE rates are played, the rest skipped with their
/// reason. With `set_aside`, a game left out only by a reason that stops
/// the whole event counts (`--what-if`). Linear in players × rounds.
///
/// Out of line: inlined into the pass's one large function, the loop's
/// values lived on the stack (about 75 instructions a row of the games
/// table; about 60 here, with the rare rows apart in [`other_row`]).
#[inline(never)]
pub(crate) fn collect(
    t: &Tournament,
    table: &Games,
    eligibility: &Eligibility,
    set_aside: bool,
) -> Collected {
    let rows = table.rows().len();
    let players = t.players.len();
    // The vectors are locals while they are written (not reached through
    // `Collected` at every push), and one value a row is pushed onto
    // `at_row` as the rows are read (no zeroed vector written at random).
    let mut played: Vec<Played> = Vec::with_capacity(rows);
    let mut skipped: Vec<Skipped> = Vec::new();
    let mut at_row: Vec<u32> = Vec::with_capacity(rows);
    let mut starts = Vec::with_capacity(players + 1);
    starts.push((0, 0));
    for me in 0..players {
        let mine = table.of(me);
        let end = at_row.len() + mine.len();
        // One value of `at_row` a row, written by `extend`, which knows the
        // rows' number (both sides are slices): no capacity test a row.
        let rows = mine.iter().zip(eligibility.rated_rows(me)).enumerate();
        at_row.extend(rows.map(|(k, (g, rated))| {
            let opponent = g.opponent;
            // `1 = 0` are the codes 0 to 2 of the table's row (the entry
            // as written).
            let code = g.code();
            let named = opponent != NONE && opponent as usize != me;
            // Most rows: a game FIDE rates, over the board, between two
            // players of the file. The others (and `--what-if`'s games)
            // out of line, where the decision is read again whole: here
            // only whether its byte is `Rated` (no decision decoded for
            // every row).
            if rated && named && code <= 2 {
                played.push(Played::of(g, code));
                played.len() as u32
            } else {
                let row = (g, eligibility, me, k);
                other_row(row, named, set_aside, &mut played, &mut skipped)
            }
        }));
        // Rows without a decision (none expected) hold no game.
        at_row.resize(end, 0);
        starts.push((played.len(), skipped.len()));
    }
    Collected {
        played,
        skipped,
        starts,
        at_row,
    }
}

/// [`collect`] of a row that is not a rated game between two players of
/// the file (`row`: the games table's row, the eligibility, the player and
/// the row's place among his): nothing for no entry, a game for
/// `--what-if` (`set_aside`) when only a reason that stops the event left
/// it out, else a skipped entry with its reason. Returns the row's value
/// of `at_row`.
#[cold]
#[inline(never)]
fn other_row(
    row: (&crate::model::Game, &Eligibility, usize, usize),
    named: bool,
    set_aside: bool,
    played: &mut Vec<Played>,
    skipped: &mut Vec<Skipped>,
) -> u32 {
    let (g, eligibility, me, k) = row;
    // The row's decision found directly (not by walking the player's
    // rows to it, which a line of many such rows would make quadratic).
    let d = eligibility.of_row(me, k);
    let play = match d {
        Decision::Rated => true,
        Decision::NoEntry => return 0,
        Decision::NotRated { stops_event, .. } => set_aside && stops_event,
    };
    let code = g.code();
    if play && named && code <= 2 {
        played.push(Played::of(g, code));
        return played.len() as u32;
    }
    let why = match d {
        Decision::NotRated { reason, .. } if !play => reason,
        _ => Reason::WithoutOpponent,
    };
    skipped.push(Skipped {
        round: g.round,
        opponent: named.then_some(g.opponent as usize),
        why,
    });
    0
}

/// The player's result by the result code of a game over the board
/// ([`crate::model::Game::code`] 0, 1, 2: `1`, `=`, `0`).
const SCORES: [GameScore; 3] = [GameScore::Win, GameScore::Draw, GameScore::Loss];

/// [`skipped_once`] in a vector (room for every skipped entry), by a
/// direct loop over the players' bounds: whether a player's entries are
/// in round order is found as the loop reaches him (an entry is looked
/// for only in an earlier player's record), not by a pass over every
/// player before, and a player without a skipped entry costs only the
/// test of his bounds. The test `skipped_list_is_skipped_once` holds it equal to the
/// iterator.
pub(crate) fn skipped_list(games: &Collected) -> Vec<(usize, &Skipped)> {
    let mut out = Vec::with_capacity(games.skipped.len());
    // A player without entries has them in order.
    let mut in_order = vec![true; games.len()];
    for (i, w) in games.starts.windows(2).enumerate() {
        let mine = match *w {
            [(_, s), (_, se)] if s != se => games.skipped.get(s..se).unwrap_or_default(),
            _ => continue,
        };
        if let Some(o) = in_order.get_mut(i) {
            *o = mine.is_sorted_by_key(|q| q.round);
        }
        for q in mine {
            match q.opponent {
                Some(j) if j < i && mirrored(games, &in_order, j, q.round, i) => {}
                _ => out.push((i, q)),
            }
        }
    }
    out
}

/// Whether player `j`'s skipped entries (`in_order[j]`: in round order)
/// hold one of `round` naming player `i`: a binary search where they are
/// in order, else a scan ([`skipped_once`]).
fn mirrored(games: &Collected, in_order: &[bool], j: usize, round: u16, i: usize) -> bool {
    if j >= games.len() {
        return false;
    }
    let o = games.of(j);
    let names_i = |q: &Skipped| q.round == round && q.opponent == Some(i);
    if in_order.get(j).copied().unwrap_or(false) {
        let from = o.skipped.partition_point(|q| q.round < round);
        o.skipped[from..]
            .iter()
            .take_while(|q| q.round == round)
            .any(names_i)
    } else {
        o.skipped.iter().any(names_i)
    }
}

/// Every skipped entry once: a pairing both records describe is taken from
/// the lower player index; a bye, or a result without an opponent, once
/// per player and round. Each with its player's index.
///
/// Whether the opponent's record mirrors an entry is a binary search of
/// the opponent's skipped entries, which are in round order (`collect`
/// writes them so and `rapid` sorts what it adds): a scan of them per
/// entry was players × rounds². A player whose entries are not in order
/// (checked once per player) is scanned as before.
pub(crate) fn skipped_once(games: &Collected) -> impl Iterator<Item = (usize, &Skipped)> {
    let in_order: std::rc::Rc<[bool]> = games
        .iter()
        .map(|g| g.skipped.is_sorted_by_key(|q| q.round))
        .collect();
    let mirrors = move |j: usize, round: u16, i: usize| mirrored(games, &in_order, j, round, i);
    // Most players have no skipped entry: passed over before the
    // per-player closure is made.
    games
        .iter()
        .enumerate()
        .filter(|(_, g)| !g.skipped.is_empty())
        .flat_map(move |(i, g)| {
            let mirrors = mirrors.clone();
            g.skipped.iter().filter_map(move |s| match s.opponent {
                Some(j) if j < i && mirrors(j, s.round, i) => None,
                _ => Some((i, s)),
            })
        })
}

/// The games left out of the figures, one entry per pairing (a bye per
/// player), in round then starting-rank order, with the article of
/// `version` that leaves each out.
///
/// `entries` is [`skipped_once`] of the report's games, collected once for
/// the listing and the counts by reason.
pub(crate) fn listing(
    t: &Tournament,
    entries: &[(usize, &Skipped)],
    version: Version,
) -> Vec<ExcludedGame> {
    let regs = version.regulations();
    let rank = |i: usize| t.players.get(i).map_or(0, |p| p.start_rank.value);
    // Each topic's reference worded once and shared by its games.
    let mut references: Vec<(crate::regulations::Topic, Note)> = Vec::new();
    let mut reference = |topic| match references.iter().find(|(t, _)| *t == topic) {
        Some((_, r)) => r.clone(),
        None => {
            let r = Note::shared(&regs.reference(topic));
            references.push((topic, r.clone()));
            r
        }
    };
    // The order is by round, then by the players' ranks (lower first; one
    // player before a pairing he leads), then as found: one key of plain
    // numbers per entry, computed once, and the entries sorted through it.
    let order = sorted(entries, |(i, s)| order_key(&rank, i, s));
    // What an entry's reason writes (its key, words, rule and article),
    // worded once per reason: a handful of reasons, thousands of games.
    let mut worded: Vec<(Reason, Worded)> = Vec::new();
    let mut words = |why: Reason| -> Worded {
        if let Some((_, w)) = worded.iter().find(|(u, _)| *u == why) {
            return w.clone();
        }
        let w = Worded {
            reason: why.key(),
            why: match why {
                Reason::Ruled(r) => Note::shared(&r.describe()),
                other => Note::fixed(other.label()),
            },
            rule: why.rule(),
            article: match why {
                // Rules of the rapid and blitz chapter, not of B.02.
                Reason::RatingGap => Note::fixed(
                    "FIDE Rapid and Blitz Rating Regulations (2024), art. 7.3.1 as amended from 1 December 2024",
                ),
                Reason::NotOnList => Note::fixed(
                    "FIDE Rapid and Blitz Rating Regulations, art. 1.1–1.2 (rate of play, equal times)",
                ),
                Reason::Ruled(crate::eligibility::Ruled::ResultsDisagree) => Note::fixed(
                    "TRF16 record 001, round blocks (both players' results); FIDE TEC checklist VCL4THP Q181-Q184",
                ),
                other => reference(other.topic()),
            },
        };
        // Bounded: the reasons' figures (a rate of play, a match's score)
        // could make many.
        if worded.len() < 64 {
            worded.push((why, w.clone()));
        }
        w
    };
    let mut out = Vec::with_capacity(order.len());
    out.extend(
        order
            .iter()
            .filter_map(|&(_, seq)| entries.get(seq as usize))
            .map(|&(i, s)| {
                // The lower rank first (no sort called for two).
                let mut players = Vec::with_capacity(2);
                match s.opponent {
                    Some(j) => {
                        let (a, b) = (rank(i), rank(j));
                        players.push(a.min(b));
                        players.push(a.max(b));
                    }
                    None => players.push(rank(i)),
                }
                let w = words(s.why);
                ExcludedGame {
                    round: s.round,
                    players,
                    reason: w.reason,
                    why: w.why,
                    rule: w.rule,
                    article: w.article,
                }
            }),
    );
    out
}

/// The listing's key of player `i`'s entry `s`: its round, then the
/// players' ranks (lower first; one player before a pairing he leads).
fn order_key(rank: &impl Fn(usize) -> u16, i: usize, s: &Skipped) -> u64 {
    let (a, b) = match s.opponent {
        Some(j) => {
            let (x, y) = (rank(i), rank(j));
            (x.min(y), u64::from(x.max(y)) + 1)
        }
        None => (rank(i), 0),
    };
    u64::from(s.round) << 33 | u64::from(a) << 17 | b
}

/// `(key, index)` of every entry, sorted: first by round (a counting
/// sort: the entries are found player by player, each round's in the
/// order of the file), then each round's by key, sorted only where the
/// file's order is not already the key's. The same order as sorting all
/// the pairs at once, since the key begins with the round and the index
/// breaks every tie.
fn sorted(
    entries: &[(usize, &Skipped)],
    key: impl Fn((usize, &Skipped)) -> u64,
) -> Vec<(u64, u32)> {
    let last = entries.iter().map(|(_, s)| s.round).max().unwrap_or(0);
    // Where each round's entries start.
    let mut at = vec![0usize; usize::from(last) + 2];
    for (_, s) in entries {
        at[usize::from(s.round) + 1] += 1;
    }
    for r in 1..at.len() {
        at[r] += at[r - 1];
    }
    let mut order = vec![(0u64, 0u32); entries.len()];
    let mut next = at.clone();
    for (seq, &(i, s)) in entries.iter().enumerate() {
        let slot = &mut next[usize::from(s.round)];
        order[*slot] = (key((i, s)), seq as u32);
        *slot += 1;
    }
    for w in at.windows(2) {
        let round = &mut order[w[0]..w[1]];
        if !round.is_sorted() {
            round.sort_unstable();
        }
    }
    order
}

/// The words of an excluded game's reason ([`listing`]).
#[derive(Clone)]
struct Worded {
    reason: &'static str,
    why: Note,
    rule: Option<&'static str>,
    article: Note,
}

pub(crate) use crate::eligibility::round_robin::{Incomplete, RoundRobinMatrix};

/// Each player's games played, as (opponent index, half-points).
fn pairs(games: &Collected) -> Vec<Vec<(usize, u32)>> {
    games
        .iter()
        .map(|g| {
            g.played
                .iter()
                .map(|p| (p.opp(), p.score.half_points().0))
                .collect()
        })
        .collect()
}

/// The score matrix of a complete round robin of the games `games` holds
/// ([`crate::eligibility::round_robin::matrix`]).
pub(crate) fn round_robin_matrix(
    t: &Tournament,
    games: &Collected,
    cycles: u8,
) -> Result<RoundRobinMatrix, Incomplete> {
    crate::eligibility::round_robin::matrix(t, &pairs(games), cycles)
}

#[cfg(test)]
fn complete_round_robin(t: &Tournament, games: &Collected, cycles: u8) -> Result<(), Incomplete> {
    crate::eligibility::round_robin::complete(t, &pairs(games), cycles)
}

#[cfg(test)]
mod tests {
    use super::*;

    const RR4: &str = "\
012 Four
042 2006/01/01
001    1      A                                 2400                             2.0    1     4 w 1     3 b =     2 w =
001    2      B                                 2300                             1.5    2     3 w 0     4 b 1     1 b =
001    3      C                                 2200                             1.5    3     2 b 1     1 w =     4 w 0
001    4      D                                 2100                             1.0    4     1 b 0     2 w 0     3 b 1
";

    fn parsed(text: &str) -> Tournament {
        crate::parse_str(text).tournament
    }

    /// The dense scan `complete_round_robin` replaced: every pair of the
    /// m × m meeting counts in order.
    fn dense(t: &Tournament, games: &Collected, cycles: u8) -> Result<(), Incomplete> {
        let m = games.len();
        let rank = |i: usize| t.players.get(i).map_or(0, |p| p.start_rank.value);
        let mut met = vec![0u8; m * m];
        for (i, g) in games.iter().enumerate() {
            for p in g.played {
                let c = i * m + p.opp();
                met[c] = met[c].saturating_add(1);
            }
        }
        for i in 0..m {
            for j in i + 1..m {
                let (a, b) = (met[i * m + j], met[j * m + i]);
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
            }
        }
        Ok(())
    }

    #[test]
    fn the_sparse_round_robin_check_finds_the_pair_the_dense_scan_finds() {
        let t = parsed(RR4);
        // Deterministic pseudo-random games among 5 players (4 have a
        // record: the fifth has rank 0), from complete to sparse.
        let mut next = crate::rating::pass::tests::draws(7);
        for case in 0..2000 {
            let m = 1 + (case % 5) as usize;
            let cycles = 1 + (case % 2) as u8;
            let mut games = Collected::with_capacity(m, 0);
            for i in 0..m {
                for j in 0..m {
                    if i == j {
                        continue;
                    }
                    // Mostly the right count, sometimes one more or less.
                    let n = match next(10) {
                        0 => 0,
                        1 => u32::from(cycles) + 1,
                        _ => u32::from(cycles),
                    };
                    for r in 0..n {
                        games.push_played(Played {
                            round: r as u16 + 1,
                            opponent: j as u32,
                            score: GameScore::Draw,
                            mirror: NONE,
                        });
                    }
                }
                games.end_player();
            }
            assert_eq!(
                complete_round_robin(&t, &games, cycles),
                dense(&t, &games, cycles),
                "case {case}"
            );
        }
    }

    #[test]
    fn the_listing_sorted_round_by_round_is_the_full_sort() {
        let mut next = crate::rating::pass::tests::draws(11);
        for case in 0..500 {
            let n = next(80) as usize;
            let players = 1 + next(50) as usize;
            let rounds = 1 + next(20);
            let skipped: Vec<Skipped> = (0..n)
                .map(|_| Skipped {
                    round: next(rounds + 1) as u16,
                    opponent: (next(3) > 0).then(|| next(players as u32) as usize),
                    why: Reason::Forfeit,
                })
                .collect();
            // Mostly in file order, as `skipped_once` finds them; some not.
            let mut entries: Vec<(usize, &Skipped)> = skipped
                .iter()
                .enumerate()
                .map(|(k, s)| (k * players / n.max(1), s))
                .collect();
            if case % 3 == 0 {
                entries.reverse();
            }
            let rank = |i: usize| ((i * 37 + case) % 61) as u16;
            let mut want: Vec<(u64, u32)> = entries
                .iter()
                .enumerate()
                .map(|(seq, &(i, s))| (order_key(&rank, i, s), seq as u32))
                .collect();
            want.sort_unstable();
            assert_eq!(
                sorted(&entries, |(i, s)| order_key(&rank, i, s)),
                want,
                "case {case}"
            );
        }
    }

    /// `collect` as it was written before its rare rows went out of line:
    /// one loop, the decision matched whole on every row.
    fn collect_in_one_loop(
        t: &Tournament,
        table: &Games,
        eligibility: &Eligibility,
        set_aside: bool,
    ) -> Collected {
        let mut out = Collected::with_capacity(t.players.len(), 0);
        for me in 0..t.players.len() {
            let mine = table.of(me);
            let end = out.at_row.len() + mine.len();
            for (g, d) in mine.iter().zip(eligibility.player(me)) {
                let play = match d {
                    Decision::Rated => true,
                    Decision::NoEntry => {
                        out.at_row.push(0);
                        continue;
                    }
                    Decision::NotRated { stops_event, .. } => set_aside && stops_event,
                };
                let opponent = g.opponent as usize;
                let named = opponent != NONE as usize && opponent != me;
                let code = g.code();
                if play && named && code <= 2 {
                    out.played.push(Played {
                        round: g.round,
                        opponent: opponent as u32,
                        score: SCORES[code],
                        mirror: g.mirror,
                    });
                    out.at_row.push(out.played.len() as u32);
                    continue;
                }
                out.at_row.push(0);
                let why = match d {
                    Decision::NotRated { reason, .. } if !play => reason,
                    _ => Reason::WithoutOpponent,
                };
                out.skipped.push(Skipped {
                    round: g.round,
                    opponent: named.then_some(opponent),
                    why,
                });
            }
            out.at_row.resize(end, 0);
            out.end_player();
        }
        out
    }

    /// Runs `f` on each sample and generated report: its first line (to
    /// name it), the tournament and its check context.
    fn each_report(mut f: impl FnMut(&str, &Tournament, &crate::rules::Ctx<'_>)) {
        for text in &crate::rating::pass::tests::sample_and_generated_texts() {
            let t = parsed(text);
            let opts = crate::Options::default();
            let ctx = crate::rules::Ctx::new(&t, "", &opts);
            f(text.lines().next().unwrap_or(""), &t, &ctx);
        }
    }

    /// `collect` (the rated games in the loop, the other rows out of line)
    /// reads every sample and generated report, with and without
    /// `--what-if`, as the one loop does.
    #[test]
    fn collect_reads_every_row_as_the_one_loop_does() {
        let mut stopped = 0;
        each_report(|name, t, ctx| {
            let e = ctx.eligibility();
            stopped += (0..t.players.len())
                .flat_map(|i| e.player(i))
                .filter(|d| {
                    matches!(
                        d,
                        Decision::NotRated {
                            stops_event: true,
                            ..
                        }
                    )
                })
                .count();
            for set_aside in [false, true] {
                let a = collect(t, &ctx.games, e, set_aside);
                let b = collect_in_one_loop(t, &ctx.games, e, set_aside);
                assert_eq!(a.played, b.played, "{name}");
                assert_eq!(a.skipped, b.skipped, "{name}");
                assert_eq!(a.starts, b.starts, "{name}");
                assert_eq!(a.at_row, b.at_row, "{name}");
            }
        });
        // Some rows that only `--what-if` counts were read.
        assert!(stopped > 0);
    }

    /// The listing's entries found by `skipped_list`'s loop are those of
    /// the iterator `skipped_once`, in the same order, on every sample and
    /// generated report, with and without `--what-if`.
    #[test]
    fn skipped_list_is_skipped_once() {
        let mut some = 0;
        each_report(|name, t, ctx| {
            for set_aside in [false, true] {
                let g = collect(t, &ctx.games, ctx.eligibility(), set_aside);
                let a = skipped_list(&g);
                let b: Vec<(usize, &Skipped)> = skipped_once(&g).collect();
                some += a.len();
                assert_eq!(a, b, "{name}");
            }
        });
        assert!(some > 0);
    }

    #[test]
    fn reads_games_and_builds_the_matrix() {
        let t = parsed(RR4);
        let opts = crate::Options::default();
        let ctx = crate::rules::Ctx::new(&t, "", &opts);
        let g = collect(&t, &ctx.games, ctx.eligibility(), false);
        assert_eq!(g.len(), 4);
        assert_eq!(
            g.of(0).played[0],
            Played {
                round: 1,
                opponent: 3,
                score: GameScore::Win,
                mirror: 9,
            }
        );
        assert!(g.iter().all(|p| p.skipped.is_empty()));
        let m = round_robin_matrix(&t, &g, 1);
        let m = m.as_ref().map(|m| m.scores.clone());
        assert_eq!(m, Ok(vec![0, 1, 1, 2, 1, 0, 0, 2, 1, 2, 0, 0, 0, 0, 2, 0]));
        assert!(round_robin_matrix(&t, &g, 2).is_err());
    }

    #[test]
    fn unplayed_entries_keep_their_kind() {
        let text = "\
001    1      A                                 2400                             2.0    1     2 w +  0000 - H     9 w 1     1 b 1     2 w ?
001    2      B                                 2300                             0.0    2     1 b -  0000 - U     0 w 1     1 w W     1 b  
";
        let t = parsed(text);
        let opts = crate::Options::default();
        let ctx = crate::rules::Ctx::new(&t, "", &opts);
        let g = collect(&t, &ctx.games, ctx.eligibility(), false);
        let why: Vec<Reason> = g.of(0).skipped.iter().map(|s| s.why).collect();
        assert_eq!(
            why,
            [
                Reason::Forfeit,
                Reason::Bye(crate::model::ByeKind::Half),
                Reason::WithoutOpponent,
                Reason::WithoutOpponent,
                Reason::UnknownResult
            ]
        );
        let why: Vec<Reason> = g.of(1).skipped.iter().map(|s| s.why).collect();
        assert_eq!(
            why,
            [
                Reason::Forfeit,
                Reason::Bye(crate::model::ByeKind::PairingAllocated),
                Reason::WithoutOpponent,
                Reason::ShortGame,
                Reason::Pending
            ]
        );
        assert!(g.of(0).played.is_empty() && g.of(1).played.is_empty());
        assert_eq!(g.of(0).skipped[0].opponent, Some(1));
    }
}
