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
//! has the rank of is `NONE`, a player without a starting rank (`0`)
//! names nobody back, duplicate starting ranks resolve to the first player
//! with the rank (as every rule names them), and a line that stops before a
//! round has no row for it.
//!
//! The table also keeps, for the whole report and for each round, which
//! kinds of entries occur ([`Games::seen`], [`Games::round_kinds`]): a rule
//! whose case never occurs in a report returns without walking it.

pub(crate) use super::rounds::result_of_code;
use super::rounds::NO_OPPONENT;
use super::{Colour, Outcome, Player, Tournament};

/// "No such row or player".
pub(crate) const NONE: u32 = u32::MAX;

bitflags::bitflags! {
    /// Kinds of entries and anomalies, as bits of [`Game::flags`],
    /// [`Games::seen`] and [`Games::round_kinds`].
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
    pub(crate) struct Kind: u32 {
        /// `1 = 0`: a game over the board.
        const GAME = 1 << 0;
        /// `W D L`: a game of less than one move.
        const SHORT = 1 << 1;
        /// `+ -`: a forfeit.
        const FORFEIT = 1 << 2;
        /// `H F Z`: a bye other than the pairing-allocated one.
        const BYE = 1 << 3;
        /// `U`: a pairing-allocated bye.
        const PAIRING_BYE = 1 << 4;
        /// Blank against a named opponent, or TRF26's `?`.
        const PENDING = 1 << 5;
        /// A result letter TRF does not define (other than `?`).
        const UNKNOWN = 1 << 6;
        /// Not paired (a blank block, `0000 -` without a letter).
        const NOT_PAIRED = 1 << 7;
        /// The entry names the player's own starting rank.
        const SELF = 1 << 8;
        /// The entry names a starting rank no player has.
        const UNRESOLVED = 1 << 9;
        /// The opponent's entry for the round names this player back.
        const NAMED_BACK = 1 << 10;
        /// The opponent exists but does not name this player back (or has no
        /// entry for the round).
        const ONE_SIDED = 1 << 11;
        /// Named back, with the same colour on both sides.
        const SAME_COLOUR = 1 << 12;
        /// Named back, and the two results are not complementary: anything
        /// but `1`/`0`, `=`/`=`, `W`/`L`, `D`/`D`, `+`/`-`, `-`/`-`, two
        /// pending sides (blank or `?`), or the same bye or letter on both
        /// sides.
        const ODD_RESULTS = 1 << 13;
        /// A result over the board (`1 = 0 W D L`) without a colour, against a
        /// named opponent.
        const NO_COLOUR = 1 << 14;
        /// A result over the board without an opponent.
        const PLAYED_ALONE = 1 << 15;
        /// A bye that names an opponent.
        const BYE_NAMED = 1 << 16;
        /// The entry names no other player: no opponent, a rank no player
        /// has, or the player's own rank when the player is the first with
        /// it ([`Game::opponent`] is `NONE` or the player). A player
        /// without a starting rank (`0`) who names rank `0` is not marked:
        /// the eligibility stage reads that player's rows one by one.
        const NO_OTHER = 1 << 17;
        /// Named back, and the other side's result is over the board
        /// (`1 = 0`): the other side of a pairing is read from this row's
        /// bits instead of from the other row (the eligibility stage's
        /// count of rated games).
        const BACK_GAME = 1 << 18;

        /// A result that needs a game on the board: played, short or forfeit.
        const GAME_OR_FORFEIT = Self::GAME.bits() | Self::SHORT.bits() | Self::FORFEIT.bits();
        /// Any bye.
        const ANY_BYE = Self::BYE.bits() | Self::PAIRING_BYE.bits();
    }
}

/// One round entry, both sides resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Game {
    /// Index in [`Tournament::players`] of the player whose entry this is.
    pub player: u32,
    /// Index of the first player with the starting rank the entry names
    /// (the player's own when `Kind::SELF`), or `NONE` (no opponent
    /// named, or no player with that starting rank).
    pub opponent: u32,
    /// Row of the opponent's entry for the same round, or `NONE` (no
    /// opponent, or the opponent's line stops before the round).
    pub mirror: u32,
    /// The bits of [`kind`] that describe the entry.
    pub(crate) flags: Kind,
    /// The player's starting rank (`0` when it could not be read).
    pub rank: u16,
    /// The round, 1-based.
    pub round: u16,
    /// The entry as written, packed ([`crate::model::rounds::pack`]): opponent's rank, colour,
    /// result code.
    side: u32,
}

impl Game {
    /// The result as a number below `CODES`, for look-up tables: `1 = 0`
    /// are 0-2, `W D L` 3-5, `+ -` 6-7, `H F U Z` 8-11, pending (blank) 12,
    /// not paired 13, a letter TRF does not define 14, TRF26's `?` 15.
    pub fn code(&self) -> usize {
        super::rounds::code_of(self.side)
    }

    /// The colour and the result code as one number below `LOOKS`:
    /// the colour (0 none, 1 `w`, 2 `b`) plus 4 × [`Game::code`], for
    /// look-up tables by both.
    pub fn colour_and_code(&self) -> usize {
        (self.side >> 17) as usize & 63
    }

    /// Whether the entry has every kind bit of `bits`.
    pub(crate) fn has_all(&self, bits: Kind) -> bool {
        self.flags.contains(bits)
    }

    /// Whether the entry has any kind bit of `bits`.
    pub(crate) fn has_any(&self, bits: Kind) -> bool {
        self.flags.intersects(bits)
    }

    /// The opponent's starting rank as written.
    pub fn opponent_rank(&self) -> Option<u16> {
        super::rounds::opponent_of(self.side)
    }

    /// The colour as written.
    pub fn colour(&self) -> Option<Colour> {
        super::rounds::colour_of(self.side)
    }

    /// The outcome of a result over the board (`1 = 0`).
    pub fn game_outcome(&self) -> Option<Outcome> {
        match self.code() {
            0 => Some(Outcome::Win),
            1 => Some(Outcome::Draw),
            2 => Some(Outcome::Loss),
            _ => None,
        }
    }

    /// Whether the result is a letter TRF16 does not define, TRF26's `?`
    /// included ([`RoundResult::Unknown`](super::RoundResult::Unknown)).
    pub fn is_unknown_letter(&self) -> bool {
        self.code() >= 14
    }

    /// Whether this is a rated game in the sense of the results: `1 = 0`
    /// against another player of the report. The regulations may still
    /// leave it out (the eligibility stage, `crate::eligibility`).
    pub fn is_rated_result(&self) -> bool {
        self.has_all(Kind::GAME) && self.opponent != NONE && !self.has_all(Kind::SELF)
    }

    /// Whether the pairing is taken once from this side: the opponent
    /// exists, is not the player, and does not name the player back from a
    /// lower starting rank (a pairing written on both sides is taken from
    /// the lower rank, a one-sided one from the side that writes it).
    pub fn is_pairing_side(&self) -> bool {
        self.opponent != NONE
            && !self.has_all(Kind::SELF)
            && !(self.has_all(Kind::NAMED_BACK)
                && self.opponent_rank().is_some_and(|o| self.rank > o))
    }
}

/// The games table of one report.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct Games {
    /// Every entry, player by player, round by round.
    rows: Vec<Game>,
    /// `start[i]..start[i + 1]`: the rows of player `i`.
    start: Vec<u32>,
    /// `index[rank]`: the first player with that starting rank, or `NONE`.
    index: Vec<u32>,
    /// The bits of every row, or-ed.
    seen: Kind,
    /// `round_kinds[r - 1]`: the bits of the rows of round `r`, or-ed.
    round_kinds: Vec<Kind>,
    /// The rows with a bit outside [`COMMON`], in row order: a rule after
    /// a rare kind of entry walks these, not every row.
    rare: Vec<u32>,
}

/// The bits of most rows of a report: a game over the board named on both
/// sides (the other side's a game too). Rows with no other bit are left out
/// of [`Games::rare`].
const COMMON: Kind = Kind::GAME.union(Kind::NAMED_BACK).union(Kind::BACK_GAME);

/// The rare rows of one player [`Games::new`] keeps aside while it builds
/// the player's rows; a player with more has its rows read again.
const FIRST_RARE: usize = 16;

/// The rows with any of some bits, in row order ([`Games::rows_with`]).
#[derive(Debug, Clone)]
#[non_exhaustive]
pub(crate) struct RowsWith<'a> {
    rows: &'a [Game],
    /// Indices into `rows` to visit, when only rare rows can match.
    rare: Option<std::slice::Iter<'a, u32>>,
    /// The next row to visit, when every row is walked.
    next: usize,
    bits: Kind,
}

impl<'a> Iterator for RowsWith<'a> {
    type Item = &'a Game;

    fn next(&mut self) -> Option<&'a Game> {
        match &mut self.rare {
            Some(rare) => rare
                .filter_map(|&k| self.rows.get(k as usize))
                .find(|g| g.has_any(self.bits)),
            None => {
                let rest = self.rows.get(self.next..).unwrap_or(&[]);
                let found = rest.iter().position(|g| g.has_any(self.bits));
                self.next = found.map_or(self.rows.len(), |i| self.next + i + 1);
                found.map(|i| &rest[i])
            }
        }
    }
}

/// How many values [`Game::colour_and_code`] takes.
pub(crate) const LOOKS: usize = 64;

/// How many result codes there are ([`Game::code`]).
pub(crate) const CODES: usize = 16;

/// The bits of each result [`Game::code`].
const CODE_BITS: [Kind; CODES] = [
    Kind::GAME,
    Kind::GAME,
    Kind::GAME,
    Kind::SHORT,
    Kind::SHORT,
    Kind::SHORT,
    Kind::FORFEIT,
    Kind::FORFEIT,
    Kind::BYE,
    Kind::BYE,
    Kind::PAIRING_BYE,
    Kind::BYE,
    Kind::PENDING,
    Kind::NOT_PAIRED,
    Kind::UNKNOWN,
    Kind::PENDING,
];

/// Where the entries of the first player with a starting rank are
/// ([`Games::new`]).
#[derive(Debug, Clone, Copy)]
struct Seat<'a> {
    /// The player's index, or `NONE`.
    player: u32,
    /// The player's first row.
    from: u32,
    /// The player's entries, packed: an entry finds the other side of its
    /// pairing here, by round, with the one bounds test that also tells a
    /// line stopping before the round.
    words: &'a [u32],
    /// The bit of an entry naming the rank when the seat has no entry for
    /// its round: [`Kind::ONE_SIDED`], or [`Kind::UNRESOLVED`] for a rank
    /// no player has.
    missing: Kind,
}

impl Seat<'_> {
    /// No player has the rank.
    const NOBODY: Seat<'static> = Seat {
        player: NONE,
        from: 0,
        words: &[],
        missing: Kind::UNRESOLVED.union(Kind::NO_OTHER),
    };
}

/// The bits of an entry without an opponent, by colour and result code
/// (bits 17-22 of a packed [`crate::model::rounds::pack`]).
const ALONE: [Kind; 64] = {
    let mut t = [Kind::empty(); 64];
    let mut i = 0;
    while i < 64 {
        let c = i >> 2;
        if c < CODES {
            t[i] = CODE_BITS[c].union(Kind::NO_OTHER);
            if c < 6 {
                t[i] = t[i].union(Kind::PLAYED_ALONE);
            }
        }
        i += 1;
    }
    t
};

/// The bits of an entry naming an opponent, by colour and result code,
/// before the other side is read.
const NAMED: [Kind; 64] = {
    let mut t = [Kind::empty(); 64];
    let mut i = 0;
    while i < 64 {
        let (colour, c) = (i & 3, i >> 2);
        if c < CODES {
            t[i] = CODE_BITS[c];
            if c < 6 && colour == 0 {
                t[i] = t[i].union(Kind::NO_COLOUR);
            }
            if c >= 8 && c < 12 {
                t[i] = t[i].union(Kind::BYE_NAMED);
            }
        }
        i += 1;
    }
    t
};

/// The bits of a pairing named on both sides, by this side's and the other
/// side's colour and result code: [`Kind::NAMED_BACK`], and
/// [`Kind::SAME_COLOUR`], [`Kind::ODD_RESULTS`] and [`Kind::BACK_GAME`]
/// where they hold.
const PAIR: [[Kind; 64]; 64] = {
    let mut t = [[Kind::empty(); 64]; 64];
    let mut i = 0;
    while i < 64 {
        let mut j = 0;
        while j < 64 {
            let (a, b) = (i >> 2, j >> 2);
            let mut bits = Kind::NAMED_BACK;
            if i & 3 != 0 && i & 3 == j & 3 {
                bits = bits.union(Kind::SAME_COLOUR);
            }
            if a < CODES && b < CODES && COMPLEMENT[a] & (1 << b) == 0 {
                bits = bits.union(Kind::ODD_RESULTS);
            }
            if b <= 2 {
                bits = bits.union(Kind::BACK_GAME);
            }
            t[i][j] = bits;
            j += 1;
        }
        i += 1;
    }
    t
};

/// The codes the other side may write without [`Kind::ODD_RESULTS`], by
/// [`Game::code`], as bits: `1`/`0`, `=`/`=`, `W`/`L`, `D`/`D`, `+`/`-`, `-`/`+`
/// and `-`/`-`, pending (blank or `?`) against pending, and the same bye,
/// not-paired or unknown code on both sides.
const COMPLEMENT: [u16; CODES] = {
    let mut t = [0u16; CODES];
    let mirror: [usize; CODES] = [2, 1, 0, 5, 4, 3, 7, 6, 8, 9, 10, 11, 12, 13, 14, 15];
    let mut c = 0;
    while c < CODES {
        t[c] = 1 << mirror[c];
        c += 1;
    }
    // A double forfeit.
    t[7] |= 1 << 7;
    // Blank and `?` are both pending.
    t[12] |= 1 << 15;
    t[15] |= 1 << 12;
    t
};

/// By starting rank as written (`index`, the report's rank index): the
/// first player with the rank, where that player's rows start (`start`)
/// and the player's packed entries; [`Seat::NOBODY`] for a rank no player
/// holds.
fn seats<'t>(index: &[u32], players: &'t [Player], start: &[u32]) -> Vec<Seat<'t>> {
    index
        .iter()
        .map(
            |&i| match (players.get(i as usize), start.get(i as usize)) {
                (Some(p), Some(&from)) => Seat {
                    player: i,
                    from,
                    words: p.rounds.words(),
                    missing: Kind::ONE_SIDED,
                },
                _ => Seat::NOBODY,
            },
        )
        .collect()
}

impl Games {
    /// Builds the table of a report: one pass over the entries, each
    /// reading the other side of its pairing from the opponent's packed
    /// entries (opponent's rank as written, colour, result code).
    pub fn new(t: &Tournament) -> Games {
        let index = t.rank_index();
        let players = &t.players;
        // Where each player's rows start.
        let mut start = Vec::with_capacity(players.len() + 1);
        let mut total = 0u32;
        let mut longest = 0;
        for p in players {
            start.push(total);
            total = total.saturating_add(p.rounds.len() as u32);
            longest = longest.max(p.rounds.len());
        }
        start.push(total);
        // By starting rank: an entry finds its opponent and the other side
        // of its pairing in one load.
        let mut seats = seats(&index, players, &start);
        // Ranks are below 2^16 (`NO_OPPONENT`), so the table never reaches
        // `NO_OPPONENT`: an entry without an opponent falls outside it,
        // with the ranks no player has past the last, and is told apart
        // from those only there (one bounds test a row, not two tests).
        seats.truncate(NO_OPPONENT as usize);
        let mut rows: Vec<Game> = Vec::with_capacity(total as usize);
        // `reach[n]`: how many players' lines hold `n` entries.
        let mut reach = vec![0u32; longest + 1];
        let mut rare = Vec::new();
        // Each player's first rare rows, kept here while its rows are built
        // and then moved to `rare` (no call in the loop: a call would make
        // every value live across it take one of the six registers a call
        // keeps, and the rest go to the stack). Set once: a player reads
        // only the ones it wrote.
        let mut first = [0u32; FIRST_RARE];
        for (i, p) in players.iter().enumerate() {
            let (i, rank, words) = (i as u32, p.start_rank.value, p.rounds.words());
            let me = u32::from(rank);
            if let Some(n) = reach.get_mut(words.len()) {
                *n += 1;
            }
            // While this player's rows are built, the seat of the player's
            // own rank (`0` names nobody) has no entries and says
            // `Kind::SELF` where a seat says what an entry naming it lacks:
            // an entry naming its own rank is then built as one naming a
            // line that stops before the round (the first player with the
            // rank as the opponent, no mirror), without a test of its own.
            // Only the two fields that change are kept and put back.
            let own = usize::from(rank);
            let saved = match seats.get_mut(own) {
                Some(slot) if rank != 0 => {
                    let kept = (slot.words, slot.missing);
                    slot.missing = if slot.player == i {
                        Kind::SELF.union(Kind::NO_OTHER)
                    } else {
                        Kind::SELF
                    };
                    slot.words = &[];
                    Some(kept)
                }
                _ => None,
            };
            let table = &seats;
            let base = rows.len();
            // `found` counts the player's rare rows, the first of which
            // are kept in `first` by their place in the line (the row is
            // `base` on: one value fewer live in the loop).
            let mut found = 0usize;
            let mut row = |r: usize, round: u16, s: u32| {
                let o = s & 0x1_ffff;
                let look = (s >> 17) as usize & 63;
                let (opponent, mirror, flags) = match table.get(o as usize) {
                    Some(seat) => match seat.words.get(r) {
                        Some(&theirs) => {
                            let back = if theirs & 0x1_ffff == me {
                                PAIR[look][(theirs >> 17) as usize & 63]
                            } else {
                                Kind::ONE_SIDED
                            };
                            (
                                seat.player,
                                seat.from.wrapping_add(r as u32),
                                NAMED[look] | back,
                            )
                        }
                        None => (seat.player, NONE, NAMED[look] | seat.missing),
                    },
                    None if o == NO_OPPONENT => (NONE, NONE, ALONE[look]),
                    None => (NONE, NONE, NAMED[look] | Seat::NOBODY.missing),
                };
                if !COMMON.contains(flags) {
                    if let Some(slot) = first.get_mut(found) {
                        *slot = r as u32;
                    }
                    found += 1;
                }
                Game {
                    player: i,
                    opponent,
                    mirror,
                    flags,
                    rank,
                    round,
                    side: s,
                }
            };
            // An exact-size iterator: the rows are written without a
            // capacity check each. A line of fewer than 65,535 entries
            // (every line of the default line limit) numbers its rounds
            // without saturating.
            if words.len() < usize::from(u16::MAX) {
                rows.extend(
                    words
                        .iter()
                        .enumerate()
                        .map(|(r, &s)| row(r, r as u16 + 1, s)),
                );
            } else {
                rows.extend(
                    words
                        .iter()
                        .enumerate()
                        .map(|(r, &s)| row(r, u16::try_from(r + 1).unwrap_or(u16::MAX), s)),
                );
            }
            match first.get(..found) {
                Some(kept) => rare.extend(kept.iter().map(|&r| (base as u32).wrapping_add(r))),
                // More than `FIRST_RARE`: the player's rows read again.
                None => {
                    let mine = rows.get(base..).unwrap_or(&[]);
                    rare.extend(
                        mine.iter()
                            .enumerate()
                            .filter(|(_, g)| !COMMON.contains(g.flags))
                            .map(|(r, _)| (base + r) as u32),
                    );
                }
            }
            if let (Some((words, missing)), Some(slot)) = (saved, seats.get_mut(own)) {
                slot.words = words;
                slot.missing = missing;
            }
        }
        let round_kinds = Self::round_kinds_of(&rows, &start, &rare, &reach);
        // Every row's bits are in its round's.
        let seen = round_kinds.iter().fold(Kind::empty(), |a, &b| a | b);
        Games {
            rows,
            start,
            index,
            seen,
            round_kinds,
            rare,
        }
    }

    /// The bits of each round's rows, or-ed, from the rare rows alone: a
    /// row outside them has exactly [`COMMON`]'s bits (a result over the
    /// board, `1 = 0`, named back by a result over the board; anything else
    /// sets a bit outside it), so a round holds such a row exactly when it
    /// holds more rows than rare ones. `reach[n]` counts the lines of `n`
    /// entries; round `r` (0-based) has a row for each line longer than `r`.
    fn round_kinds_of(rows: &[Game], start: &[u32], rare: &[u32], reach: &[u32]) -> Vec<Kind> {
        let longest = reach.len().saturating_sub(1);
        let mut kinds = vec![Kind::empty(); longest];
        let mut rare_in = vec![0u32; longest];
        for &k in rare {
            let Some(g) = rows.get(k as usize) else {
                continue;
            };
            let from = start.get(g.player as usize).copied().unwrap_or(0);
            let r = (k - from) as usize;
            if let (Some(bits), Some(n)) = (kinds.get_mut(r), rare_in.get_mut(r)) {
                *bits |= g.flags;
                *n += 1;
            }
        }
        let mut lines = 0u32;
        for r in (0..longest).rev() {
            lines += reach[r + 1];
            if rare_in[r] < lines {
                kinds[r] |= COMMON;
            }
        }
        kinds
    }

    /// Every row, player by player.
    pub fn rows(&self) -> &[Game] {
        &self.rows
    }

    /// The rows with any bit of `bits`, player by player: without a bit of
    /// a plain game named on both sides, only the rows with a rarer bit are
    /// walked.
    pub(crate) fn rows_with(&self, bits: Kind) -> RowsWith<'_> {
        let seen = self.seen(bits);
        let rows: &[Game] = if seen { &self.rows } else { &[] };
        let rare: &[u32] = if seen { &self.rare } else { &[] };
        RowsWith {
            rows,
            rare: (!bits.intersects(COMMON) || !seen).then(|| rare.iter()),
            next: 0,
            bits,
        }
    }

    /// The rows of player `i` (by index in `players`), round 1 first.
    pub fn of(&self, i: usize) -> &[Game] {
        match (self.start.get(i), self.start.get(i + 1)) {
            (Some(&a), Some(&b)) => &self.rows[a as usize..b as usize],
            _ => &[],
        }
    }

    /// The rows with a bit outside [`COMMON`], in row order. Every other
    /// row is a result over the board (`1 = 0`, [`Kind::GAME`]) against
    /// another player who names the player back ([`Kind::NAMED_BACK`]; not
    /// [`Kind::NO_OTHER`]), with a result over the board on that side too:
    /// a pass that decides such rows alike writes them at once and reads
    /// only these.
    pub(crate) fn rare_rows(&self) -> &[u32] {
        &self.rare
    }

    /// Where each player's rows start, with the end of the last player's
    /// rows after them: the rows of player `i` are `starts()[i]..starts()[i + 1]`.
    pub(crate) fn starts(&self) -> &[u32] {
        &self.start
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
    /// starting rank, or `NONE`.
    pub fn rank_index(&self) -> &[u32] {
        &self.index
    }

    /// Whether any entry of the report has any bit of `bits`.
    pub(crate) fn seen(&self, bits: Kind) -> bool {
        self.seen.intersects(bits)
    }

    /// `round_kinds()[r - 1]`: the bits of the entries of round `r`, or-ed
    /// (as long as the longest line).
    pub(crate) fn round_kinds(&self) -> &[Kind] {
        &self.round_kinds
    }

    /// The rated results of player `i` (`1 = 0` against another player of
    /// the report), with the opponent's index: the one definition of a
    /// game the results would rate.
    pub fn rated_results(&self, i: usize) -> impl Iterator<Item = (&Game, Outcome)> + '_ {
        self.of(i)
            .iter()
            .filter_map(|g| Some((g, g.game_outcome().filter(|_| g.is_rated_result())?)))
    }

    /// The player of row `g`.
    pub fn player<'t>(&self, t: &'t Tournament, g: &Game) -> &'t Player {
        &t.players[g.player as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table as the former loop built it: the own rank tested on every
    /// entry, and each row's bits or-ed into its round's as it is written.
    fn reference(t: &Tournament) -> (Vec<Game>, Vec<Kind>, Vec<u32>) {
        let index = t.rank_index();
        let players = &t.players;
        let mut start = Vec::new();
        let mut total = 0u32;
        let mut longest = 0;
        for p in players {
            start.push(total);
            total += p.rounds.len() as u32;
            longest = longest.max(p.rounds.len());
        }
        let seats = seats(&index, players, &start);
        let (mut rows, mut kinds, mut rare) =
            (Vec::new(), vec![Kind::empty(); longest], Vec::new());
        for (i, p) in players.iter().enumerate() {
            let (i, rank) = (i as u32, p.start_rank.value);
            let me = u32::from(rank);
            let own = if rank != 0 { me } else { NO_OPPONENT };
            for (r, &s) in p.rounds.words().iter().enumerate() {
                let o = s & 0x1_ffff;
                let look = (s >> 17) as usize & 63;
                let (opponent, mirror, flags) = if o == NO_OPPONENT {
                    (NONE, NONE, ALONE[look])
                } else {
                    let seat = seats.get(o as usize).unwrap_or(&Seat::NOBODY);
                    if o == own {
                        let alone = if seat.player == i {
                            Kind::SELF.union(Kind::NO_OTHER)
                        } else {
                            Kind::SELF
                        };
                        (seat.player, NONE, NAMED[look] | alone)
                    } else {
                        match seat.words.get(r) {
                            Some(&theirs) => {
                                let back = if theirs & 0x1_ffff == me {
                                    PAIR[look][(theirs >> 17) as usize & 63]
                                } else {
                                    Kind::ONE_SIDED
                                };
                                (seat.player, seat.from + r as u32, NAMED[look] | back)
                            }
                            None => (seat.player, NONE, NAMED[look] | seat.missing),
                        }
                    }
                };
                kinds[r] |= flags;
                if !COMMON.contains(flags) {
                    rare.push(rows.len() as u32);
                }
                rows.push(Game {
                    player: i,
                    opponent,
                    mirror,
                    flags,
                    rank,
                    round: u16::try_from(r + 1).unwrap_or(u16::MAX),
                    side: s,
                });
            }
        }
        (rows, kinds, rare)
    }

    /// [`Games::new`] (the own rank's seat emptied while its player's rows
    /// are built; the rounds' bits from the rare rows and the lines'
    /// lengths) builds the rows, the rare rows, the rounds' bits and the
    /// report's bits the former loop built, on every file of `samples/` and
    /// the shared corpus, on small reports with self-pairings, repeated and
    /// unknown ranks and rank `0`, and on generated reports.
    #[test]
    fn the_table_is_the_former_loops() {
        let mut texts = crate::eligibility::tests::sample_and_corpus_texts();
        texts.extend(crate::eligibility::tests::crafted());
        for (players, rounds, seed) in [(9, 5, 1), (40, 9, 2), (301, 11, 3)] {
            let opts = crate::generate::GenOptions {
                players,
                rounds,
                seed,
                ..Default::default()
            };
            texts.extend(crate::generate::generate(&opts).ok());
        }
        // Lines of about `FIRST_RARE` rare rows and more (byes, one-sided
        // games), between and after common ones.
        for n in [FIRST_RARE - 1, FIRST_RARE, FIRST_RARE + 1, 3 * FIRST_RARE] {
            let line = |rank: u16, blocks: String| {
                format!(
                    "001 {rank:>4} m    Player {rank:<26} 2000 GER    12345678 1990/01/01  1.0    1{blocks}\n"
                )
            };
            let mut text = String::from("012 Test\n");
            text += &line(
                1,
                "     2 w 1".to_owned() + &"  0000 - H".repeat(n) + "     2 b 0",
            );
            text += &line(
                2,
                "     1 b 0".to_owned() + &"  0000 - U".repeat(n) + "     1 w 1",
            );
            text += &line(3, "     1 w 1     2 b 0".repeat(n) + "     3 w 1");
            texts.push(text);
        }
        let (mut selves, mut most_rare) = (0, 0);
        for text in &texts {
            let parsed = crate::parse_str(text);
            let t = &parsed.tournament;
            let games = Games::new(t);
            let (rows, kinds, rare) = reference(t);
            assert_eq!(games.rows, rows, "{text}");
            assert_eq!(games.round_kinds, kinds, "{text}");
            assert_eq!(games.rare, rare, "{text}");
            assert_eq!(
                games.seen,
                kinds.iter().fold(Kind::empty(), |a, &b| a | b),
                "{text}"
            );
            selves += rows.iter().filter(|g| g.has_all(Kind::SELF)).count();
            let mut by_player = vec![0; t.players.len()];
            for &k in &rare {
                by_player[rows[k as usize].player as usize] += 1;
            }
            most_rare = by_player.into_iter().fold(most_rare, usize::max);
        }
        assert!(texts.len() > 300 && selves > 10, "{} {selves}", texts.len());
        assert!(most_rare > 2 * FIRST_RARE, "{most_rare}");
    }
}
