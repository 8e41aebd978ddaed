//! The games table: every round entry of a report with both sides
//! resolved, built once per report and shared by the integrity rules, the
//! regulations rules and the rating pass.
//!
//! One flat vector of small `Copy` rows ([`Game`]), player by player in
//! file order and, within a player, round by round: the rows of player `i`
//! are `rows[start[i]..start[i + 1]]`, so the entry of player `i` in round
//! `r` is found by arithmetic, not by hashing. Each row carries the
//! opponent's player index (resolved once through a vector indexed by
//! starting rank) and the row of the opponent's entry in the same round,
//! so a check of the two sides of a pairing is O(1). Building it is one
//! pass over the entries: O(players × rounds).
//!
//! Malformed reports are represented, not refused: an opponent no player
//! has the rank of is [`NONE`], a player without a starting rank (`0`)
//! names nobody back, duplicate starting ranks resolve to the first player
//! with the rank (as every rule names them), and a line that stops before a
//! round has no row for it.
//!
//! The table also keeps, for the whole report and for each round, which
//! kinds of entries occur ([`Games::seen`], [`Games::round_kinds`]): a rule
//! whose case never occurs in a report returns without walking it.

use super::{ByeKind, Outcome, Player, RoundEntry, RoundResult, Tournament};

/// "No such row or player".
pub const NONE: u32 = u32::MAX;

/// Kinds of entries and anomalies, as bits of [`Game::flags`],
/// [`Games::seen`] and [`Games::round_kinds`].
pub mod kind {
    /// `1 = 0`: a game over the board.
    pub const GAME: u32 = 1 << 0;
    /// `W D L`: a game of less than one move.
    pub const SHORT: u32 = 1 << 1;
    /// `+ -`: a forfeit.
    pub const FORFEIT: u32 = 1 << 2;
    /// `H F Z`: a bye other than the pairing-allocated one.
    pub const BYE: u32 = 1 << 3;
    /// `U`: a pairing-allocated bye.
    pub const PAIRING_BYE: u32 = 1 << 4;
    /// Blank against a named opponent, or TRF26's `?`.
    pub const PENDING: u32 = 1 << 5;
    /// A result letter TRF does not define (other than `?`).
    pub const UNKNOWN: u32 = 1 << 6;
    /// Not paired (a blank block, `0000 -` without a letter).
    pub const NOT_PAIRED: u32 = 1 << 7;
    /// The entry names the player's own starting rank.
    pub const SELF: u32 = 1 << 8;
    /// The entry names a starting rank no player has.
    pub const UNRESOLVED: u32 = 1 << 9;
    /// The opponent's entry for the round names this player back.
    pub const NAMED_BACK: u32 = 1 << 10;
    /// The opponent exists but does not name this player back (or has no
    /// entry for the round).
    pub const ONE_SIDED: u32 = 1 << 11;
    /// Named back, with the same colour on both sides.
    pub const SAME_COLOUR: u32 = 1 << 12;
    /// Named back, and the two results are not each other's exact mirror
    /// (`1`/`0`, `=`/`=`, `W`/`L`, `+`/`-`, pending/pending).
    pub const ODD_RESULTS: u32 = 1 << 13;
    /// A result over the board (`1 = 0 W D L`) without a colour, against a
    /// named opponent.
    pub const NO_COLOUR: u32 = 1 << 14;
    /// A result over the board without an opponent.
    pub const PLAYED_ALONE: u32 = 1 << 15;
    /// A bye that names an opponent.
    pub const BYE_NAMED: u32 = 1 << 16;

    /// A result that needs a game on the board: played, short or forfeit.
    pub const GAME_OR_FORFEIT: u32 = GAME | SHORT | FORFEIT;
    /// Any bye.
    pub const ANY_BYE: u32 = BYE | PAIRING_BYE;
}

/// One round entry, both sides resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Game {
    /// Index in [`Tournament::players`] of the player whose entry this is.
    pub player: u32,
    /// Index of the first player with the starting rank the entry names
    /// (the player's own when [`kind::SELF`]), or [`NONE`] (no opponent
    /// named, or no player with that starting rank).
    pub opponent: u32,
    /// Row of the opponent's entry for the same round, or [`NONE`] (no
    /// opponent, or the opponent's line stops before the round).
    pub mirror: u32,
    /// The player's starting rank (`0` when it could not be read).
    pub rank: u16,
    /// The round, 1-based.
    pub round: u16,
    /// The entry as written.
    pub entry: RoundEntry,
    /// The bits of [`kind`] that describe the entry.
    pub flags: u32,
    /// The result as a small number ([`Game::code`]).
    code: u8,
}

impl Game {
    /// The result as a number below [`CODES`], for look-up tables: `1 = 0`
    /// are 0-2, `W D L` 3-5, `+ -` 6-7, `H F U Z` 8-11, pending (blank) 12,
    /// not paired 13, a letter TRF does not define 14, TRF26's `?` 15.
    pub fn code(&self) -> usize {
        usize::from(self.code)
    }

    /// Whether the entry has every bit of `bits`.
    pub fn is(&self, bits: u32) -> bool {
        self.flags & bits == bits
    }

    /// Whether the entry has any bit of `bits`.
    pub fn any(&self, bits: u32) -> bool {
        self.flags & bits != 0
    }

    /// The opponent's starting rank as written.
    pub fn opponent_rank(&self) -> Option<u16> {
        self.entry.opponent
    }

    /// Whether this is a rated game in the sense of the results: `1 = 0`
    /// against another player of the report. The regulations may still
    /// leave it out (`crate::rules::exclusions`).
    pub fn is_rated_result(&self) -> bool {
        self.is(kind::GAME) && self.opponent != NONE && !self.is(kind::SELF)
    }

    /// Whether the pairing is taken once from this side: the opponent
    /// exists, is not the player, and does not name the player back from a
    /// lower starting rank (a pairing written on both sides is taken from
    /// the lower rank, a one-sided one from the side that writes it).
    pub fn is_pairing_side(&self) -> bool {
        self.opponent != NONE
            && !self.is(kind::SELF)
            && !(self.is(kind::NAMED_BACK) && self.entry.opponent.is_some_and(|o| self.rank > o))
    }
}

/// The games table of one report.
#[derive(Debug, Clone, Default)]
pub struct Games {
    /// Every entry, player by player, round by round.
    rows: Vec<Game>,
    /// `start[i]..start[i + 1]`: the rows of player `i`.
    start: Vec<u32>,
    /// `index[rank]`: the first player with that starting rank, or [`NONE`].
    index: Vec<u32>,
    /// The bits of every row, or-ed.
    seen: u32,
    /// `round_kinds[r - 1]`: the bits of the rows of round `r`, or-ed.
    round_kinds: Vec<u32>,
}

/// A result as a small number, for table look-ups ([`Game::code`]).
fn code(r: RoundResult) -> u8 {
    use ByeKind::*;
    use Outcome::*;
    match r {
        RoundResult::Game { outcome: Win } => 0,
        RoundResult::Game { outcome: Draw } => 1,
        RoundResult::Game { outcome: Loss } => 2,
        RoundResult::ShortGame { outcome: Win } => 3,
        RoundResult::ShortGame { outcome: Draw } => 4,
        RoundResult::ShortGame { outcome: Loss } => 5,
        RoundResult::Forfeit { won: true } => 6,
        RoundResult::Forfeit { won: false } => 7,
        RoundResult::Bye { bye: Half } => 8,
        RoundResult::Bye { bye: Full } => 9,
        RoundResult::Bye {
            bye: PairingAllocated,
        } => 10,
        RoundResult::Bye { bye: Zero } => 11,
        RoundResult::Pending => 12,
        RoundResult::ADJOURNED => 15,
        RoundResult::NotPaired => 13,
        RoundResult::Unknown { .. } => 14,
    }
}

/// How many result codes there are ([`Game::code`]).
pub const CODES: usize = 16;

/// The bits of each result [`code`].
const CODE_BITS: [u32; CODES] = {
    use kind::*;
    [
        GAME,
        GAME,
        GAME,
        SHORT,
        SHORT,
        SHORT,
        FORFEIT,
        FORFEIT,
        BYE,
        BYE,
        PAIRING_BYE,
        BYE,
        PENDING,
        NOT_PAIRED,
        UNKNOWN,
        PENDING,
    ]
};

/// What the other side writes when the two sides agree exactly, by
/// [`code`]: `1`/`0`, `=`/`=`, `W`/`L`, `D`/`D`, `+`/`-`, pending/pending
/// (the rest is compared as written; blank against `?` is left to the
/// rules that judge the pair).
const MIRROR: [u8; CODES] = [2, 1, 0, 5, 4, 3, 7, 6, 8, 9, 10, 11, 12, 13, 14, 15];

impl Games {
    /// Builds the table of a report: one pass over the entries, each
    /// resolving its opponent and reading the opponent's entry for the round.
    pub fn new(t: &Tournament) -> Games {
        let index = t.rank_index();
        let players = &t.players;
        // Where each player's rows start, first: the other side of a
        // pairing is then found while the rows are written, in one pass.
        let mut start = Vec::with_capacity(players.len() + 1);
        let mut total = 0u32;
        let mut longest = 0;
        for p in players {
            start.push(total);
            total = total.saturating_add(p.rounds.len() as u32);
            longest = longest.max(p.rounds.len());
        }
        start.push(total);
        let mut rows = Vec::with_capacity(total as usize);
        let mut seen = 0;
        let mut round_kinds = vec![0u32; longest];
        for (i, p) in players.iter().enumerate() {
            let rank = p.start_rank.value;
            rows.extend(p.rounds.iter().zip(&mut round_kinds).enumerate().map(
                |(r, (e, round_bits))| {
                    let entry = e.value;
                    let c = code(entry.result);
                    let played = c < 6;
                    let mut flags = CODE_BITS[usize::from(c)];
                    let (mut opponent, mut mirror) = (NONE, NONE);
                    if let Some(o) = entry.opponent {
                        opponent = index.get(usize::from(o)).copied().unwrap_or(NONE);
                        if o == rank && rank != 0 {
                            flags |= kind::SELF;
                        } else if let Some(other) = players.get(opponent as usize) {
                            match other.rounds.get(r) {
                                Some(theirs) if theirs.value.opponent == Some(rank) => {
                                    flags |= kind::NAMED_BACK;
                                    let theirs = theirs.value;
                                    if entry.colour.is_some() && entry.colour == theirs.colour {
                                        flags |= kind::SAME_COLOUR;
                                    }
                                    if MIRROR[usize::from(c)] != code(theirs.result) {
                                        flags |= kind::ODD_RESULTS;
                                    }
                                }
                                _ => flags |= kind::ONE_SIDED,
                            }
                            if r < other.rounds.len() {
                                mirror = start[opponent as usize] + r as u32;
                            }
                        } else {
                            flags |= kind::UNRESOLVED;
                        }
                        if played && entry.colour.is_none() {
                            flags |= kind::NO_COLOUR;
                        }
                        if (8..12).contains(&c) {
                            flags |= kind::BYE_NAMED;
                        }
                    } else if played {
                        flags |= kind::PLAYED_ALONE;
                    }
                    seen |= flags;
                    *round_bits |= flags;
                    Game {
                        player: i as u32,
                        opponent,
                        mirror,
                        rank,
                        round: u16::try_from(r + 1).unwrap_or(u16::MAX),
                        entry,
                        flags,
                        code: c,
                    }
                },
            ));
        }
        Games {
            rows,
            start,
            index,
            seen,
            round_kinds,
        }
    }

    /// Every row, player by player.
    pub fn rows(&self) -> &[Game] {
        &self.rows
    }

    /// The rows of player `i` (by index in `players`), round 1 first.
    pub fn of(&self, i: usize) -> &[Game] {
        match (self.start.get(i), self.start.get(i + 1)) {
            (Some(&a), Some(&b)) => &self.rows[a as usize..b as usize],
            _ => &[],
        }
    }

    /// The row at `k` ([`Game::mirror`]), if any.
    pub fn row(&self, k: u32) -> Option<&Game> {
        self.rows.get(k as usize)
    }

    /// The other side of `g`, when the opponent has an entry for the round.
    pub fn mirror_of(&self, g: &Game) -> Option<&Game> {
        self.row(g.mirror)
    }

    /// The index in `players` of the first player with starting rank
    /// `rank`: the one start-rank look-up of the crate.
    pub fn index_of(&self, rank: u16) -> Option<usize> {
        match self.index.get(usize::from(rank)) {
            Some(&i) if i != NONE => Some(i as usize),
            _ => None,
        }
    }

    /// The index vector: `index[rank]` is the first player with that
    /// starting rank, or [`NONE`].
    pub fn rank_index(&self) -> &[u32] {
        &self.index
    }

    /// Whether any entry of the report has any bit of `bits`.
    pub fn seen(&self, bits: u32) -> bool {
        self.seen & bits != 0
    }

    /// `round_kinds()[r - 1]`: the bits of the entries of round `r`, or-ed
    /// (as long as the longest line).
    pub fn round_kinds(&self) -> &[u32] {
        &self.round_kinds
    }

    /// The rated results of player `i` (`1 = 0` against another player of
    /// the report), with the opponent's index: the one definition of a
    /// game the results would rate.
    pub fn rated_results(&self, i: usize) -> impl Iterator<Item = (&Game, Outcome)> + '_ {
        self.of(i).iter().filter_map(|g| match g.entry.result {
            RoundResult::Game { outcome } if g.is_rated_result() => Some((g, outcome)),
            _ => None,
        })
    }

    /// The player of row `g`.
    pub fn player<'t>(&self, t: &'t Tournament, g: &Game) -> &'t Player {
        &t.players[g.player as usize]
    }
}
