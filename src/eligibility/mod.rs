//! Which games of a report FIDE rates: decided once per report, for every
//! round entry, with exactly one [`Reason`] when it is not rated. The
//! stage comes after the model and the regulations, before the rules and
//! the rating pass: the rules word findings from these decisions (one
//! table maps each reason to the rule that reports it, `RULES`), and the
//! rating pass, the HTML crosstable and the counts of `trf check` only
//! read them, so `check` and `rate` cannot disagree.
//!
//! A round entry is rated when it is a game over the board (`1 = 0`)
//! between two players of the report that no regulation leaves out. It
//! is not rated when it is
//!
//! * unplayed: a forfeit (`+ -`), a bye (`H F U Z`), a pairing without a
//!   result yet, a letter TRF does not define, or a result without an
//!   opponent in the report (B.02 2024 art. 5.1; every edition);
//! * a game of less than one move (`W D L`): from the 2013 text by the
//!   rule that only games in which both players made a move are rated;
//!   before it, because the report itself codes them as results that are
//!   not rated (TRF "W/D/L: not rated"), which FIDE's rating program reads
//!   as written;
//! * left out by the regulations (`exclusions`): below the minimum rate
//!   of play, played after a match was decided, of a match (or
//!   Scheveningen) with unrated players the edition does not rate, or
//!   with results that contradict each other;
//! * in a rapid or blitz event, a game the 600-point rule leaves out
//!   (R&B 2024 art. 7.3.1 as amended 1 December 2024), or played with
//!   unequal times (R&B art. 1.2).
//!
//! A rule disabled with `--disable` puts the games it would leave out
//! back, for the checks and the calculation alike. Whether a rated game
//! changes a rated player's rating or counts towards an unrated player's
//! first one (games against or between unrated players) is the rating
//! pass's business, per side; [`Eligibility::rated_games`] counts the
//! pairings between two players with a rating.

pub(crate) mod count;
pub(crate) mod event;
pub(crate) mod exclusions;
pub(crate) mod results;
pub(crate) mod round_robin;

pub(crate) use event::{pairings, Game};
pub use event::{Event, TimeControlInfo};
pub use exclusions::{Excluded, Ruled};
pub use round_robin::{Incomplete, RoundRobinMatrix};

use crate::model::games::{Games, Kind, NONE};
use crate::model::tournament_type::TournamentType;
use crate::model::{ByeKind, Tournament};
use crate::options::Options;
use crate::regulations::{InitialRatingMethod, RatingType, Topic};
use std::collections::HashMap;

/// Why a round entry is not rated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reason {
    /// `+` / `-`.
    Forfeit,
    /// `W D L`: the game lasted less than one move.
    ShortGame,
    /// `H F U Z`.
    Bye(ByeKind),
    /// Paired, no result yet.
    Pending,
    /// A result letter TRF does not define.
    UnknownResult,
    /// `1 = 0` without an opponent, against oneself, or against a starting
    /// rank that is not in the file.
    WithoutOpponent,
    /// Played over the board, but left out by the regulations.
    Ruled(Ruled),
    /// A rapid or blitz game the 600-point rule leaves out (R&B 2024
    /// art. 7.3.1 as amended 1 December 2024).
    RatingGap,
    /// A rapid or blitz game played with unequal times (R&B art. 1.2).
    NotOnList,
}

/// The one table of reasons and rules: for each reason (its key in
/// `tournament.excluded`), the code and name of the rule of `trf check`
/// that reports it, and whether disabling that rule puts the games back
/// (the regulations' exclusions do; an unplayed game is never rated).
pub(crate) const RULES: &[(&str, &str, &str, bool)] = &[
    ("forfeits", "TRF-F014", "unplayed-games-not-rated", false),
    ("short_games", "TRF-F014", "unplayed-games-not-rated", false),
    ("byes", "TRF-F014", "unplayed-games-not-rated", false),
    (
        "below_rate_of_play",
        "TRF-F004",
        "time-control-below-minimum",
        true,
    ),
    (
        "after_match_decided",
        "TRF-F030",
        "match-decided-games",
        true,
    ),
    (
        "match_with_unrated",
        "TRF-F011",
        "match-with-unrated-player",
        true,
    ),
    ("results_disagree", "TRF-R004", "results-disagree", true),
    ("rating_gap", "TRF-F043", "rating-gap-over-600", true),
    ("not_on_list", "TRF-F041", "unequal-playing-times", true),
];

/// The code and name of the rule that reports the reason `key`.
pub(crate) fn rule_of(key: &str) -> Option<(&'static str, &'static str)> {
    RULES
        .iter()
        .find(|r| r.0 == key)
        .map(|&(_, code, name, _)| (code, name))
}

/// Whether the reason `key` leaves games out under `opts`: not when its
/// rule is disabled and disabling it puts the games back.
pub(crate) fn enabled(opts: &Options, key: &str) -> bool {
    RULES
        .iter()
        .find(|r| r.0 == key)
        .is_none_or(|&(_, code, name, back)| !back || opts.enabled(name, code))
}

impl Reason {
    /// Short words for a player's notes ("forfeit", "half-point bye").
    pub fn label(self) -> &'static str {
        match self {
            Reason::Forfeit => "forfeit",
            Reason::ShortGame => "game of less than one move (W/D/L)",
            Reason::Bye(ByeKind::Half) => "half-point bye",
            Reason::Bye(ByeKind::Full) => "full-point bye",
            Reason::Bye(ByeKind::PairingAllocated) => "pairing-allocated bye",
            Reason::Bye(ByeKind::Zero) => "zero-point bye",
            Reason::Pending => "no result yet",
            Reason::UnknownResult => "result letter TRF does not define",
            Reason::WithoutOpponent => "result without an opponent in the report",
            Reason::Ruled(Ruled::BelowRateOfPlay { .. }) => "below the minimum rate of play",
            Reason::Ruled(Ruled::AfterMatchDecided { .. }) => "played after the match was decided",
            Reason::Ruled(Ruled::MatchWithUnrated) => "match with an unrated player",
            Reason::Ruled(Ruled::ResultsDisagree) => "the two results contradict each other",
            Reason::NotOnList => "on no rating list (see the notes)",
            Reason::RatingGap => {
                "600 points or more apart with a player above 2600 (rapid and blitz, from 1 December 2024)"
            }
        }
    }

    /// The key of `tournament.excluded` the entry is counted under.
    pub fn key(self) -> &'static str {
        match self {
            Reason::Forfeit => "forfeits",
            Reason::ShortGame => "short_games",
            Reason::Bye(_) => "byes",
            Reason::Pending => "pending",
            Reason::UnknownResult => "unknown_results",
            Reason::WithoutOpponent => "without_opponent",
            Reason::Ruled(r) => r.key(),
            Reason::RatingGap => "rating_gap",
            Reason::NotOnList => "not_on_list",
        }
    }

    /// The topic of the regulations that leaves it out.
    pub fn topic(self) -> Topic {
        match self {
            Reason::ShortGame => Topic::OneMoveRule,
            Reason::Ruled(r) => r.topic(),
            _ => Topic::UnplayedGames,
        }
    }

    /// The name of the rule of `trf check` that reports it, from
    /// `RULES`.
    pub fn rule(self) -> Option<&'static str> {
        rule_of(self.key()).map(|r| r.1)
    }
}

/// What FIDE does with one round entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// Not a pairing: the round block is empty.
    NoEntry,
    /// A game FIDE rates.
    Rated,
    /// Not rated, and why.
    NotRated {
        /// Why.
        reason: Reason,
        /// The reason stops the whole event (`event-not-rated`): only
        /// `--what-if` counts the game, hypothetically.
        stops_event: bool,
    },
}

/// Not rated, for a reason that does not stop the event.
const fn not_rated(reason: Reason) -> Decision {
    Decision::NotRated {
        reason,
        stops_event: false,
    }
}

/// A decision as one byte ([`Eligibility`] keeps one per round entry):
/// an index into [`BYTES`], or [`SPECIAL`] for a decision that carries
/// more than its kind (the regulations' exclusions, with their figures),
/// kept beside the bytes.
type Byte = u8;

/// The decisions a byte stands for, by byte.
const BYTES: [Decision; 13] = [
    Decision::NoEntry,
    Decision::Rated,
    not_rated(Reason::ShortGame),
    not_rated(Reason::Forfeit),
    not_rated(Reason::Bye(ByeKind::Half)),
    not_rated(Reason::Bye(ByeKind::Full)),
    not_rated(Reason::Bye(ByeKind::PairingAllocated)),
    not_rated(Reason::Bye(ByeKind::Zero)),
    not_rated(Reason::Pending),
    not_rated(Reason::UnknownResult),
    not_rated(Reason::WithoutOpponent),
    not_rated(Reason::RatingGap),
    not_rated(Reason::NotOnList),
];

/// [`BYTES`] over every byte (the others no entry): read by the byte
/// without a bounds test.
const DECODE: [Decision; 256] = {
    let mut t = [Decision::NoEntry; 256];
    let mut b = 0;
    while b < BYTES.len() {
        t[b] = BYTES[b];
        b += 1;
    }
    t
};

/// Whether each row holds [`Decision::Rated`] by its byte
/// ([`Eligibility::rated_rows`]).
pub(crate) type RatedRows<'a> = std::iter::Map<std::slice::Iter<'a, Byte>, fn(&Byte) -> bool>;

/// Whether a row's byte is [`Decision::Rated`].
fn is_rated(b: &Byte) -> bool {
    *b == RATED
}

/// [`Decision::NoEntry`] as a byte.
const NO_ENTRY: Byte = 0;
/// [`Decision::Rated`] as a byte.
const RATED: Byte = 1;
/// Not rated, [`Reason::WithoutOpponent`], as a byte.
const WITHOUT_OPPONENT: Byte = 10;
/// Not rated, [`Reason::RatingGap`], as a byte.
const RATING_GAP: Byte = 11;
/// Not rated, [`Reason::NotOnList`], as a byte.
const NOT_ON_LIST: Byte = 12;
/// A decision kept beside the bytes ([`Eligibility::special`]).
const SPECIAL: Byte = u8::MAX;

/// The decision on an entry that is not a result over the board, by its
/// result code ([`crate::model::Game::code`], above 2), as a byte: `W D L`
/// short, `+ -` forfeits, `H F U Z` byes, blank pending, not paired no
/// entry, any other letter (`?` included) unknown.
const UNPLAYED: [Byte; crate::model::games::CODES] = [
    RATED, RATED, RATED, 2, 2, 2, 3, 3, 4, 5, 6, 7, 8, NO_ENTRY, 9, 9,
];

/// The decisions of [`Eligibility::plain`], by whether the entry names no
/// other player (16 and up) and its result code: a result over the board
/// against another player is rated, without one it is not.
const PLAIN: [Byte; 2 * crate::model::games::CODES] = {
    let codes = crate::model::games::CODES;
    let mut t = [NO_ENTRY; 2 * crate::model::games::CODES];
    let mut c = 0;
    while c < codes {
        t[c] = UNPLAYED[c];
        t[codes + c] = if c <= 2 {
            WITHOUT_OPPONENT
        } else {
            UNPLAYED[c]
        };
        c += 1;
    }
    t
};

/// The decision on row `g` when no game is left out but by its result and
/// its opponent ([`Eligibility::plain`]), by [`PLAIN`].
fn plain_row(g: &crate::model::Game) -> Byte {
    let alone = usize::from(g.has_any(Kind::NO_OTHER));
    PLAIN[alone << 4 | g.code()]
}

/// One player's games FIDE rates ([`Eligibility::player_games`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct PlayerGames {
    /// Rated games against opponents with a rating in the report.
    pub games: u32,
    /// Distinct such opponents.
    pub opponents: u32,
    /// Half-points scored in those games.
    pub half_points: u32,
    /// Rated games against anybody.
    pub all_games: u32,
    /// Half-points scored in all of them.
    pub all_half_points: u32,
}

/// The starting ranks one player has met ([`Eligibility::player_games`]):
/// by rank, the player's turn when the rank was last met, so that the
/// list is cleared by counting turns, not by writing.
#[derive(Debug, Default)]
struct Met {
    /// By starting rank, the turn it was last met in (0: never).
    at: Vec<u32>,
    /// This player's turn.
    turn: u32,
}

impl Met {
    /// The next player's turn.
    fn next(&mut self) {
        self.turn = self.turn.wrapping_add(1);
        if self.turn == 0 {
            self.at.iter_mut().for_each(|a| *a = 0);
            self.turn = 1;
        }
    }

    /// Whether `rank` is met for the first time this turn (and now met).
    fn first(&mut self, rank: u16) -> bool {
        let k = usize::from(rank);
        if k >= self.at.len() {
            self.at.resize(k + 1, 0);
        }
        let fresh = self.at[k] != self.turn;
        self.at[k] = self.turn;
        fresh
    }
}

/// Every round entry's [`Decision`], in the order of the games table
/// (player, then round), decided once per report.
#[derive(Debug, Clone, Default)]
pub struct Eligibility {
    /// One decision per row of the games table, as a byte ([`BYTES`]).
    rows: Vec<Byte>,
    /// The decisions of the rows whose byte is [`SPECIAL`], as (row,
    /// decision), in row order.
    special: Vec<(u32, Decision)>,
    /// Where each player's rows start.
    start: Vec<usize>,
    /// The games the regulations leave out, with the consequence of each.
    pub excluded: Vec<Excluded>,
    /// For a round robin (single or double, by the tournament type), its
    /// score matrix when complete over the games FIDE rates, else why not.
    pub round_robin: Option<Result<round_robin::RoundRobinMatrix, round_robin::Incomplete>>,
    /// Rated pairings, each once, that change a rated player's rating.
    rated_games: u32,
}

impl Eligibility {
    /// Decides every round entry of the event. Linear in the round
    /// entries (the regulations' exclusions are looked up by pairing).
    pub fn decide(ev: &Event<'_>) -> Eligibility {
        let t = ev.tournament;
        let excluded = exclusions::excluded(ev);
        let ruled: HashMap<(u16, u16, u16), (Ruled, bool)> = excluded
            .iter()
            .map(|e| {
                (
                    (e.round, e.ranks.0, e.ranks.1),
                    (
                        e.reason,
                        e.consequence == crate::diag::Consequence::EventNotRated,
                    ),
                )
            })
            .collect();
        let on = ev.start.unwrap_or(ev.regs.effective_from);
        let chapter = ev
            .rapid_blitz
            .filter(|_| matches!(ev.rating_type, Some(RatingType::Rapid | RatingType::Blitz)));
        let big_gap = chapter
            .and_then(|rb| *rb.big_gap.at(on))
            .filter(|_| enabled(ev.opts, "rating_gap"));
        let off_list = match (chapter, ev.time_control) {
            (Some(rb), TimeControlInfo::Read { control, .. }) => {
                let (w, b) = control.t60_seconds_by_side();
                (w != b || control.black_periods.is_some())
                    && rb.unequal_times_not_rated.value
                    && enabled(ev.opts, "not_on_list")
            }
            _ => false,
        };
        let rating = |i: usize| ev.ratings.get(i).copied().flatten();
        // Most reports have no game the regulations, the 600-point rule
        // or unequal times leave out: then a game over the board between
        // two players is rated without a look-up.
        let plain = ruled.is_empty() && big_gap.is_none() && !off_list;
        let cycles = match ev.tournament_type.kind {
            TournamentType::RoundRobin => Some(1),
            TournamentType::DoubleRoundRobin => Some(2),
            _ => None,
        };
        let mut special = Vec::new();
        let (rows, start) = if plain {
            Self::plain(ev)
        } else {
            let mut rows: Vec<Byte> = Vec::with_capacity(ev.games.rows().len());
            let mut start = Vec::with_capacity(t.players.len());
            for (me, p) in t.players.iter().enumerate() {
                let base = rows.len();
                start.push(base);
                // The games table has one row per round entry, in the same
                // order: the result is read from its code, not the entry.
                // An exact-size iterator: no capacity test per row.
                let of = ev.games.of(me).iter();
                rows.extend(of.enumerate().map(|(r, g)| {
                    let code = g.code();
                    let o = g.opponent as usize;
                    if code > 2 {
                        UNPLAYED[code]
                    } else if g.opponent == NONE || o == me {
                        WITHOUT_OPPONENT
                    } else {
                        let (a, b) = (p.start_rank.value, t.players[o].start_rank.value);
                        match ruled.get(&(g.round, a.min(b), a.max(b))) {
                            Some(&(why, stops_event)) => {
                                special.push((
                                    (base + r) as u32,
                                    Decision::NotRated {
                                        reason: Reason::Ruled(why),
                                        stops_event,
                                    },
                                ));
                                SPECIAL
                            }
                            None => match (rating(me), rating(o)) {
                                (Some(x), Some(y))
                                    if big_gap.is_some_and(|gap| gap.excludes(x, y)) =>
                                {
                                    RATING_GAP
                                }
                                _ if off_list => NOT_ON_LIST,
                                _ => RATED,
                            },
                        }
                    }
                }));
            }
            (rows, start)
        };
        let mut out = Eligibility {
            rows,
            special,
            start,
            excluded,
            round_robin: None,
            rated_games: 0,
        };
        out.round_robin = cycles.map(|c| round_robin::matrix(t, &out.played(ev), c));
        out.rated_games = out.count_rated(ev);
        out
    }

    /// The decisions when no game is left out but by its result and its
    /// opponent (no regulation's exclusion, no rating gap, no unequal
    /// times): one pass over the games table, each row's decision read
    /// from a table by its result code and whether it names another
    /// player ([`Kind::NO_OTHER`]); and where each player's rows start.
    fn plain(ev: &Event<'_>) -> (Vec<Byte>, Vec<usize>) {
        let games = ev.games;
        let mut rows = Self::plain_rows(games);
        // A player without a starting rank who names rank `0` names
        // itself when it is the first player without one (the rank
        // resolves to it), which `Kind::NO_OTHER` leaves unmarked.
        if let Some(me) = games.index_of(0) {
            let from = games.starts().get(me).map_or(0, |&s| s as usize);
            let mine = rows.get_mut(from..).unwrap_or(&mut []);
            for (d, g) in mine.iter_mut().zip(games.of(me)) {
                if *d == RATED && g.opponent as usize == me {
                    *d = WITHOUT_OPPONENT;
                }
            }
        }
        let players = ev.tournament.players.len();
        let starts = games.starts();
        let start = starts
            .get(..players)
            .unwrap_or(starts)
            .iter()
            .map(|&s| s as usize)
            .collect();
        (rows, start)
    }

    /// [`plain_row`] of every row of `games`. A row outside the games table's rare rows is a game
    /// over the board against another player ([`Games::rare_rows`]),
    /// rated: the rows are written at once and only the rare ones decided
    /// one by one.
    fn plain_rows(games: &Games) -> Vec<Byte> {
        let n = games.rows().len();
        let mut rows: Vec<Byte> = vec![RATED; n];
        for &k in games.rare_rows() {
            if let (Some(d), Some(g)) = (rows.get_mut(k as usize), games.row(k)) {
                *d = plain_row(g);
            }
        }
        rows
    }

    /// The decision on the row `k` of the games table.
    fn at(&self, k: usize) -> Decision {
        match self.rows.get(k) {
            Some(&b) => self.decode(k, b),
            None => Decision::NoEntry,
        }
    }

    /// The decision the byte `b` of row `k` stands for.
    fn decode(&self, k: usize, b: Byte) -> Decision {
        if b == SPECIAL {
            let found = self.special.binary_search_by_key(&(k as u32), |s| s.0);
            found.map_or(Decision::NoEntry, |at| self.special[at].1)
        } else {
            DECODE[usize::from(b)]
        }
    }

    /// The decision on player `i`'s entry in round `round` (1-based).
    pub fn of(&self, i: usize, round: u16) -> Decision {
        let Some(&s) = self.start.get(i) else {
            return Decision::NoEntry;
        };
        let end = self.start.get(i + 1).copied().unwrap_or(self.rows.len());
        let k = s + usize::from(round.max(1)) - 1;
        if k < end {
            self.at(k)
        } else {
            Decision::NoEntry
        }
    }

    /// The rows of the games table of player `i`.
    fn range(&self, i: usize) -> std::ops::Range<usize> {
        let Some(&s) = self.start.get(i) else {
            return 0..0;
        };
        let end = self.start.get(i + 1).copied().unwrap_or(self.rows.len());
        s..end
    }

    /// The decision on player `i`'s row `k` (0-based, in round order),
    /// found directly: [`Decision::NoEntry`] past the player's rows.
    pub(crate) fn of_row(&self, i: usize, k: usize) -> Decision {
        let range = self.range(i);
        match range.start.checked_add(k) {
            Some(at) if at < range.end => self.at(at),
            _ => Decision::NoEntry,
        }
    }

    /// Player `i`'s decisions, in round order.
    pub fn player(&self, i: usize) -> impl ExactSizeIterator<Item = Decision> + '_ {
        let range = self.range(i);
        let from = range.start;
        self.rows[range]
            .iter()
            .enumerate()
            .map(move |(j, &b)| self.decode(from + j, b))
    }

    /// Whether each of player `i`'s rows holds [`Decision::Rated`] by its
    /// byte, in round order: the rating pass's collection reads only this
    /// for most rows, without decoding the others. A decision kept beside
    /// the bytes reads `false` here whatever it is; the caller decodes
    /// those rows whole ([`Eligibility::player`]).
    ///
    /// A named iterator type, not `impl Iterator`: the caller's `extend`
    /// then knows its exact length and writes without a capacity test per
    /// row.
    pub(crate) fn rated_rows(&self, i: usize) -> RatedRows<'_> {
        self.rows[self.range(i)].iter().map(is_rated)
    }

    /// The games FIDE rates, each pairing once, between two players with
    /// a rating (the report's, or a standard rating a rapid or blitz event
    /// rates with): the games that change a rated player's rating.
    pub fn rated_games(&self) -> u32 {
        self.rated_games
    }

    /// Whether some game is left out with the consequence that FIDE does
    /// not rate the event at all: the regulations stop the event.
    pub fn stops_event(&self) -> bool {
        self.excluded
            .iter()
            .any(|e| e.consequence == crate::diag::Consequence::EventNotRated)
    }

    /// Player `i`'s games FIDE rates, as (opponent index, half-points),
    /// in round order.
    pub(crate) fn rated_of<'t>(
        &'t self,
        games: &'t Games,
        i: usize,
    ) -> impl Iterator<Item = (usize, u32)> + 't {
        games
            .of(i)
            .iter()
            .zip(&self.rows[self.range(i)])
            .filter(|(_, &d)| d == RATED)
            .filter_map(|(g, _)| Some((g.opponent as usize, g.game_outcome()?.half_points())))
    }

    /// Player `i`'s games FIDE rates, against opponents with a rating in
    /// the report and in all, with the half-points scored: what the rules
    /// about unrated players' first ratings count.
    pub(crate) fn player_games(&self, t: &Tournament, games: &Games, i: usize) -> PlayerGames {
        self.player_games_with(t, games, i, &mut Met::default())
    }

    /// Every player's [`Eligibility::player_games`] for whom `wanted`
    /// holds (the others' are zero), with one list of the opponents met
    /// for all of them.
    pub(crate) fn players_games(
        &self,
        t: &Tournament,
        games: &Games,
        wanted: impl Fn(&crate::model::Player) -> bool,
    ) -> Vec<PlayerGames> {
        let mut met = Met {
            at: vec![0; games.rank_index().len()],
            turn: 0,
        };
        t.players
            .iter()
            .enumerate()
            .map(|(i, p)| match wanted(p) {
                true => self.player_games_with(t, games, i, &mut met),
                false => PlayerGames::default(),
            })
            .collect()
    }

    /// [`Eligibility::player_games`], the distinct opponents counted in
    /// `met`.
    fn player_games_with(
        &self,
        t: &Tournament,
        games: &Games,
        i: usize,
        met: &mut Met,
    ) -> PlayerGames {
        met.next();
        // Games and half-points summed as one number each (the games in
        // the high half): fewer values live in the loop, none kept on the
        // stack. A player's half-points stay far below 2^32.
        let (mut all, mut against_rated, mut opponents) = (0u64, 0u64, 0u32);
        let decided = self.rows.get(self.range(i)).unwrap_or(&[]);
        for (g, &d) in games.of(i).iter().zip(decided) {
            if d != RATED {
                continue;
            }
            let Some(outcome) = g.game_outcome() else {
                continue;
            };
            let Some(opp) = t.players.get(g.opponent as usize) else {
                continue;
            };
            let one = 1 << 32 | u64::from(outcome.half_points());
            all += one;
            if opp.rating.is_some() {
                against_rated += one;
                opponents += u32::from(met.first(opp.start_rank.value));
            }
        }
        PlayerGames {
            games: (against_rated >> 32) as u32,
            opponents,
            half_points: against_rated as u32,
            all_games: (all >> 32) as u32,
            all_half_points: all as u32,
        }
    }

    /// Each player's rated games, as (opponent index, half-points).
    fn played(&self, ev: &Event<'_>) -> Vec<Vec<(usize, u32)>> {
        (0..ev.tournament.players.len())
            .map(|i| self.rated_of(ev.games, i).collect())
            .collect()
    }

    /// In a complete round robin whose edition rates unrated players by
    /// the round-robin route and counts the rated players' games against
    /// them at their computed rating (B.02 2003–2014), the unrated players
    /// whose games count: those the route does not disregard. `None` when
    /// games against unrated players change no rating.
    fn counted_unrated(&self, ev: &Event<'_>) -> Option<Vec<bool>> {
        let regs = ev.regs;
        let route_in_text = matches!(
            regs.initial_rating,
            InitialRatingMethod::HalfPointIncrement {
                round_robin_route: true,
                ..
            }
        );
        if !route_in_text || !regs.round_robin_counts_unrated_games {
            return None;
        }
        let Some(Ok(m)) = &self.round_robin else {
            return None;
        };
        let unrated: Vec<bool> = ev.ratings.iter().map(Option::is_none).collect();
        if !unrated.contains(&true) {
            return None;
        }
        let on = ev.start.unwrap_or(regs.effective_from);
        let mut active = vec![true; unrated.len()];
        if let Some(req) = regs.unrated_event.at(on).min_half_points {
            // The rating pass has no earlier results: every unrated player
            // plays a first rated event, so a first-event rule applies.
            for (i, _) in round_robin::disregarded(&m.scores, &unrated, req.minimum) {
                active[i] = false;
            }
        }
        // The route needs two players and a rated one among those left.
        let left = active.iter().filter(|a| **a).count();
        let rated_left = (0..active.len()).any(|i| active[i] && !unrated[i]);
        (left >= 2 && rated_left).then_some(active)
    }

    /// The games this report rates that change a rated player's rating,
    /// each pairing once, by the report's ratings ([`count::rated_pairings`]).
    fn count_rated(&self, ev: &Event<'_>) -> u32 {
        let counted = self.counted_unrated(ev);
        let rated = |k: usize| ev.ratings.get(k).copied().flatten().is_some();
        count::rated_pairings(
            ev.games,
            |row| self.rows.get(row as usize) == Some(&RATED),
            rated,
            |i| {
                rated(i)
                    || counted
                        .as_ref()
                        .is_some_and(|a| a.get(i).copied().unwrap_or(false))
            },
        )
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::rules::{CheckOptions, Ctx};
    use std::path::Path;

    /// The rated games ([`count::rated_pairings`]) are the pairings
    /// written out one by one: every row decided rated whose players'
    /// ratings make it change a rating, keyed by its two rows when the
    /// other side names the player back and is rated too, else by its own
    /// row, and the keys counted; on every file of `samples/` and of the
    /// shared corpus, and on reports with the shapes of pairing the count
    /// tells apart.
    #[test]
    fn rated_games_are_the_pairings_one_by_one() {
        let opts = CheckOptions::default();
        let (mut compared, mut with_games, mut crafted_with_games) = (0, 0, 0);
        let crafted = crafted();
        let n_crafted = crafted.len();
        let samples = sample_and_corpus_texts();
        let sample_count = samples.len();
        let texts = samples.into_iter().chain(crafted);
        for (at, text) in texts.enumerate() {
            let parsed = crate::parse_str(&text);
            let ctx = Ctx::new(&parsed.tournament, &parsed.text, &opts);
            let ev = ctx.event();
            let decided = Eligibility::decide(&ev);
            let counted = decided.counted_unrated(&ev);
            let rated = |i: usize| ev.ratings.get(i).copied().flatten().is_some();
            let rating =
                |i: usize| rated(i) || counted.as_ref().is_some_and(|c| c.get(i) == Some(&true));
            let is_rated = |k: usize| decided.rows.get(k) == Some(&RATED);
            let mut keys = std::collections::HashSet::new();
            for (k, g) in ev.games.rows().iter().enumerate() {
                let (i, j) = (g.player as usize, g.opponent as usize);
                if !is_rated(k) || !(rated(i) && rating(j) || rated(j) && rating(i)) {
                    continue;
                }
                let m = g.mirror as usize;
                let back = ev
                    .games
                    .mirror_of(g)
                    .is_some_and(|o| o.opponent as usize == i && is_rated(m));
                keys.insert(if back { (k.min(m), k.max(m)) } else { (k, k) });
            }
            assert_eq!(decided.rated_games as usize, keys.len(), "{text}");
            compared += 1;
            with_games += usize::from(!keys.is_empty());
            crafted_with_games += usize::from(at >= sample_count && !keys.is_empty());
        }
        assert!(
            compared > 300 + n_crafted && with_games > 200 && crafted_with_games * 2 > n_crafted,
            "{compared} {with_games} {crafted_with_games}"
        );
    }

    /// [`Eligibility::player_games`] and [`Eligibility::players_games`]
    /// are the games written out one by one (a set of the ranks met), on
    /// every file of `samples/` and of the shared corpus and on the
    /// crafted reports.
    #[test]
    fn player_games_are_the_games_one_by_one() {
        let mut texts = sample_and_corpus_texts();
        texts.extend(crafted());
        let opts = CheckOptions::default();
        let mut with_games = 0;
        for text in &texts {
            let parsed = crate::parse_str(text);
            let t = &parsed.tournament;
            let ctx = Ctx::new(t, &parsed.text, &opts);
            let ev = ctx.event();
            let decided = Eligibility::decide(&ev);
            let all = decided.players_games(t, ev.games, |_| true);
            for (i, got) in all.iter().enumerate() {
                let mut want = PlayerGames::default();
                let mut met = std::collections::HashSet::new();
                for (g, d) in ev.games.of(i).iter().zip(decided.player(i)) {
                    let (Decision::Rated, Some(outcome), Some(opp)) =
                        (d, g.game_outcome(), t.players.get(g.opponent as usize))
                    else {
                        continue;
                    };
                    want.all_games += 1;
                    want.all_half_points += outcome.half_points();
                    if opp.rating.is_some() {
                        want.games += 1;
                        want.half_points += outcome.half_points();
                        want.opponents += u32::from(met.insert(opp.start_rank.value));
                    }
                }
                assert_eq!(*got, want, "{text}");
                assert_eq!(decided.player_games(t, ev.games, i), want, "{text}");
                with_games += usize::from(want.games > 0);
            }
        }
        assert!(with_games > 1000, "{with_games}");
    }

    /// The reports of `samples/` and of the shared corpus (when there is
    /// one: see `tests/common/corpus.rs`).
    pub(crate) fn sample_and_corpus_files() -> Vec<std::path::PathBuf> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut files = Vec::new();
        crate::model::timecontrol::properties::files_under(&root.join("samples"), &mut files);
        if let Some(corpus) = crate::test_corpus::corpus() {
            crate::model::timecontrol::properties::files_under(&corpus, &mut files);
        }
        files
    }

    /// The texts of [`sample_and_corpus_files`], read leniently.
    pub(crate) fn sample_and_corpus_texts() -> Vec<String> {
        sample_and_corpus_files()
            .iter()
            .filter_map(|f| std::fs::read(f).ok())
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .collect()
    }

    /// Small reports with rated players and the shapes of entries the
    /// games table's rare rows stand for: byes, forfeits, one-sided and odd
    /// pairings, self-pairings, unknown and repeated starting ranks, rank
    /// `0` naming rank `0`, an unrated player.
    pub(crate) fn crafted() -> Vec<String> {
        let line = |rank: u16, rating: u16, blocks: &str| {
            format!(
                "001 {rank:>4} m    Player {rank:<26} {rating:>4} GER    12345678 1990/01/01  1.0    1{blocks}\n"
            )
        };
        let mut texts = Vec::new();
        for blocks in [
            ["     2 w 1", "     1 b 0", "     4 w =", "     3 b ="],
            ["     2 w 1", "     1 b 1", "     3 w 1", "     9 b 0"],
            ["     2 w +", "     1 b -", "     3 w 1", "  0000 - H"],
            ["     2 w 1", "     3 b 0", "     1 w 1", "     3 b W"],
            ["     2 w 1", "     1 b L", "     2 w 1", "     4 b ="],
            ["     1 w 1", "     1 b 0", "     4 w ?", "     3 b  "],
        ] {
            for unrated in [0, 2, 5] {
                let mut text = String::from("012 Test\n");
                for (k, b) in blocks.iter().enumerate() {
                    let rating = if k + 1 == unrated { 0 } else { 2000 };
                    text += &line(k as u16 + 1, rating, b);
                }
                // A repeated rank and a rank `0` naming rank `0`.
                text += &line(2, 1900, "     1 b 0");
                text += &line(0, 1800, "     0 w 1");
                texts.push(text);
            }
        }
        texts
    }

    /// [`Eligibility::plain_rows`], which decides only the games table's
    /// rare rows one by one, gives every row the decision [`plain_row`] gives
    /// it, on every file of `samples/` and of the shared corpus and on
    /// reports with the shapes the rare rows stand for (byes, forfeits,
    /// one-sided and odd pairings, self-pairings, unknown and repeated
    /// starting ranks, rank `0`).
    #[test]
    fn the_plain_decisions_are_those_of_every_row() {
        let mut texts = sample_and_corpus_texts();
        texts.extend(crafted());
        let opts = CheckOptions::default();
        let mut rare = 0;
        for text in &texts {
            let parsed = crate::parse_str(text);
            let ctx = Ctx::new(&parsed.tournament, &parsed.text, &opts);
            let ev = ctx.event();
            let rows = Eligibility::plain_rows(ev.games);
            let every: Vec<Byte> = ev.games.rows().iter().map(plain_row).collect();
            assert_eq!(rows, every, "{text}");
            rare += ev.games.rare_rows().len();
        }
        assert!(texts.len() > 300 && rare > 1000, "{} {rare}", texts.len());
    }
}
