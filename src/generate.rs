//! Consistent synthetic tournaments, for benchmarks, fuzzing seeds and
//! round-trip tests.
//!
//! [`generate`] writes a TRF16 report from a seed: the tournament section
//! (`012`–`132`), one `001` record per player and `XXR`. The tournament is
//! consistent in the sense of docs/spec/trf-format.md §5.9, so `trf check` must find
//! nothing in it:
//!
//! * every pairing is written on both sides, with opposite colours and
//!   complementary results (`1`/`0`, `=`/`=`, `+`/`-`, `-`/`-`);
//! * at most one pairing-allocated bye (`U`) per round, only when the number
//!   of players present is odd, and no player gets a second one while
//!   someone without one is available;
//! * requested byes (`H`, `Z`) and forfeits (`+`/`-`) occur when enabled;
//! * points (columns 81-84) are the sum of the round results under FIDE's
//!   default scoring (win 1, draw ½, loss 0, forfeit win 1, `H` ½, `Z` 0,
//!   `U` 1), ranks follow the points, `062`/`072` match the players;
//! * round dates (`132`) never go backwards, with at most two rounds a day.
//!
//! The pairing is a cheap Swiss: players present are ordered by score (a
//! counting sort, so linear), neighbours are paired, and a repeat pairing is
//! avoided by one look-ahead swap when that helps. Exact Swiss rules are not
//! the point; pairings stay symmetric at every size, and 9,999 players × 30
//! rounds take a fraction of a second.
//!
//! The output depends only on [`GenOptions`]: the same options give the same
//! bytes with a given build (the random generator is `rand`'s `StdRng`
//! seeded with [`GenOptions::seed`]; a future `rand` release may change the
//! stream, never the consistency).

#[cfg(feature = "generate")]
pub use crate::ratinglist::synth::{
    benchmark_ids, synthetic_fide_id, synthetic_player, write_synthetic_combined, SyntheticPlayer,
    COMBINED_FOA_HEADER, FULL_LIST_PLAYERS,
};
use chrono::{Datelike, Days, NaiveDate};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::fmt::Write as _;

/// Largest number of players: starting ranks have four digits.
pub const MAX_PLAYERS: u16 = 9999;
/// Largest number of rounds: the points field (columns 81-84) holds `99.0`
/// at most.
pub const MAX_ROUNDS: u16 = 99;

/// What to generate.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct GenOptions {
    /// Number of players, 1 to [`MAX_PLAYERS`].
    pub players: u16,
    /// Number of rounds, 1 to [`MAX_ROUNDS`].
    pub rounds: u16,
    /// Seed of the random generator: the same options give the same report.
    pub seed: u64,
    /// Date of round 1 (`042`); later rounds follow, one or two a day. All
    /// of them must fall in 1970-2069: `132` writes two-digit years.
    pub start_date: NaiveDate,
    /// Share of players with a FIDE rating, from 0.0 to 1.0. The others have
    /// a blank rating (unrated). A probability, never a score.
    pub rated_fraction: f64,
    /// Some players take a half-point (`H`) or zero-point (`Z`) bye.
    pub with_byes: bool,
    /// Some games are forfeited (`+`/`-`, and the odd double forfeit `-`/`-`).
    pub with_forfeits: bool,
    /// Some names carry diacritics (`Müller, Jürgen`), all of them within
    /// Windows-1252, so the report can be written in that encoding too.
    /// Otherwise names are ASCII.
    pub diacritics: bool,
    /// End lines with CR LF instead of LF.
    pub crlf: bool,
    /// When not empty, the players are these people of the synthetic
    /// rating list ([`crate::ratinglist::synth::synthetic_player`], by
    /// index): their FIDE ID, name, sex, federation, title, standard rating
    /// and birth year (written `YYYY/00/00`) as the list has them, so that
    /// reports drawn from one list agree with it and with each other. Its
    /// length must be `players`.
    pub from_list: Vec<u64>,
}

impl Default for GenOptions {
    fn default() -> Self {
        GenOptions {
            players: 150,
            rounds: 9,
            seed: 0,
            start_date: NaiveDate::from_ymd_opt(2025, 3, 1).unwrap_or_default(),
            rated_fraction: 0.8,
            with_byes: true,
            with_forfeits: true,
            diacritics: false,
            crlf: false,
            from_list: Vec::new(),
        }
    }
}

impl GenOptions {
    /// `players` players over `rounds` rounds from `seed`; the other fields
    /// take their defaults.
    ///
    /// The struct is `#[non_exhaustive]`: start from this (or
    /// [`GenOptions::default`]) and set the fields you need.
    ///
    /// ```
    /// use trfkit::generate::GenOptions;
    /// let mut opts = GenOptions::new(20, 5, 7);
    /// opts.crlf = true;
    /// assert_eq!((opts.players, opts.rounds, opts.seed), (20, 5, 7));
    /// ```
    pub fn new(players: u16, rounds: u16, seed: u64) -> Self {
        GenOptions {
            players,
            rounds,
            seed,
            ..GenOptions::default()
        }
    }
}

/// Options that cannot give a report.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum GenError {
    /// Players out of 1..=9999.
    #[error("{0} players: a report holds 1 to 9999")]
    Players(u16),
    /// Rounds out of 1..=99.
    #[error("{0} rounds: the generator writes 1 to 99 (points must fit columns 81-84)")]
    Rounds(u16),
    /// The rated fraction is not within 0.0..=1.0.
    #[error("rated fraction {0} is not between 0 and 1")]
    RatedFraction(f64),
    /// `from_list` does not name one list player per player (or names one
    /// twice, or one the list cannot describe).
    #[error("from_list names {0} distinct players of the list, not one per player")]
    FromList(usize),
    /// The pool cannot keep the reports of one period of days apart.
    #[error("a pool of {pool} players cannot keep every player to one event a day; give --pool {need} or more, or --simultaneous")]
    Pool {
        /// The pool given.
        pool: u64,
        /// The pool needed.
        need: u64,
    },
    /// A round date outside 1970-2069, the years the two-digit `YY/MM/DD`
    /// of record `132` stands for.
    #[error("round dates from {0} leave 1970-2069, the years `132` (YY/MM/DD) can write")]
    Dates(NaiveDate),
}

/// Generates one consistent TRF16 report (see the module documentation).
///
/// ```
/// use trfkit::generate::{generate, GenOptions};
/// let text = generate(&GenOptions::new(20, 5, 7)).unwrap();
/// let parsed = trfkit::parse_str(&text);
/// assert_eq!(parsed.tournament.players.len(), 20);
/// assert_eq!(parsed.tournament.rounds, 5);
/// ```
pub fn generate(opts: &GenOptions) -> Result<String, GenError> {
    if !(1..=MAX_PLAYERS).contains(&opts.players) {
        return Err(GenError::Players(opts.players));
    }
    if !(1..=MAX_ROUNDS).contains(&opts.rounds) {
        return Err(GenError::Rounds(opts.rounds));
    }
    if !(0.0..=1.0).contains(&opts.rated_fraction) {
        return Err(GenError::RatedFraction(opts.rated_fraction));
    }
    let mut rng = StdRng::seed_from_u64(opts.seed);
    let dates = round_dates(&mut rng, opts.start_date, opts.rounds)
        .ok_or(GenError::Dates(opts.start_date))?;
    let host = FEDERATIONS[rng.random_range(0..FEDERATIONS.len())];
    let players = if opts.from_list.is_empty() {
        make_players(&mut rng, opts, host)
    } else {
        list_players(opts)?
    };
    let mut t = Swiss::new(players, opts.rounds as usize);
    for r in 0..opts.rounds as usize {
        t.play_round(&mut rng, r, opts);
    }
    Ok(t.write(&mut rng, opts, host, &dates))
}

/// A federation's month of reports drawn from one synthetic rating list
/// ([`crate::ratinglist::synth`]): every report's players are people of the
/// list, several reports share players (the same FIDE ID with the same
/// name, sex, federation and birth year everywhere), and every event starts
/// and ends within the month.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct MonthOptions {
    /// How many reports.
    pub reports: usize,
    /// Fewest players in a report (at least 2).
    pub min_players: u16,
    /// Most players in a report.
    pub max_players: u16,
    /// The first day of the month.
    pub first_day: NaiveDate,
    /// Players in the synthetic list the reports are drawn from
    /// ([`crate::ratinglist::synth::FULL_LIST_PLAYERS`] for a full list).
    pub list_players: u64,
    /// Players of the list who play this month: the smaller, the more
    /// reports each of them plays in (spread evenly through the list).
    pub pool: u64,
    /// Seed: the same options give the same month.
    pub seed: u64,
    /// Let a player play two events on the same day (FIDE's
    /// `player-in-simultaneous-events` case); by default the month keeps
    /// every player to one event at a time.
    pub simultaneous: bool,
}

impl MonthOptions {
    /// `reports` reports of 40 to 300 players in the month starting on
    /// `first_day`, drawn from a full-size list, with a pool of half the
    /// players' appearances (each player in about two reports).
    pub fn new(reports: usize, first_day: NaiveDate, seed: u64) -> Self {
        let mut m = MonthOptions {
            reports,
            min_players: 40,
            max_players: 300,
            first_day,
            list_players: crate::ratinglist::synth::FULL_LIST_PLAYERS,
            pool: 0,
            seed,
            simultaneous: false,
        };
        m.pool = m.default_pool();
        m
    }

    /// Half the players' appearances (each player in about two reports),
    /// and at least room for the reports of one period of days side by
    /// side with no player in two of them.
    pub fn default_pool(&self) -> u64 {
        let appearances = self.reports as u64 * u64::from(self.min_players + self.max_players) / 2;
        (appearances / 2)
            .max(u64::from(self.max_players) * 2)
            // Three times the players of a period's reports: a part of the
            // pool holds players who sit out (below the floor, inactive).
            .max(self.per_slot() * u64::from(self.max_players) * 3)
    }

    /// Reports in one period of days ([`SLOTS`]).
    fn per_slot(&self) -> u64 {
        (self.reports as u64).div_ceil(SLOTS)
    }
}

/// The month is three periods of [`SLOT_DAYS`] days; report `k` is played
/// in period `k % SLOTS`, so reports of different periods never share a
/// day, and reports of one period draw their players from separate parts
/// of the pool: no player plays two events on one day.
const SLOTS: u64 = 3;
/// Nine days: nine rounds at one a day, the longest event generated.
const SLOT_DAYS: u64 = 9;

/// Report `k` of the month (`0 <= k < reports`): its file name
/// (`month-00042.trf`) and text. Each report depends only on the options
/// and `k`, so a month can be written report by report in bounded memory.
pub fn month_report(m: &MonthOptions, k: usize) -> Result<(String, String), GenError> {
    let mut rng = StdRng::seed_from_u64(m.seed ^ (k as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let lo = m.min_players.max(2);
    let hi = m.max_players.max(lo);
    let n = rng.random_range(lo..=hi);
    let pool = m.pool.clamp(u64::from(n), m.list_players.max(u64::from(n)));
    let stride = (m.list_players / pool).max(1);
    let (from, window) = if m.simultaneous {
        // Players of a region: a window of the pool three times the
        // report's size, so that neighbouring events share players.
        let window = (u64::from(n) * 3).min(pool);
        (rng.random_range(0..=pool - window), window)
    } else {
        // The part of the pool of this report's place in its period:
        // events of one period have no player in common, events of
        // different periods do.
        let part = pool / m.per_slot().max(1);
        if part < u64::from(n) * 2 {
            return Err(GenError::Pool {
                pool,
                need: m.per_slot() * u64::from(m.max_players) * 3,
            });
        }
        ((k as u64 / SLOTS) * part, part)
    };
    let mut picked = std::collections::HashSet::with_capacity(n as usize);
    let mut from_list = Vec::with_capacity(n as usize);
    while from_list.len() < n as usize {
        let q = from + rng.random_range(0..window);
        let i = q * stride;
        // Players the list cannot describe, or rates below the floor of
        // 2024 (a report would carry a rating FIDE no longer publishes),
        // sit out; so does one already in.
        // A player the list flags inactive comes back now and then (1 in
        // 20): most of a month's players are active.
        let fits = crate::ratinglist::synth::synthetic_player(i)
            .is_some_and(|p| p.standard.is_none_or(|r| r >= 1400) && (!p.inactive || i % 20 == 0));
        if !picked.insert(i) || !fits {
            if picked.len() as u64 >= window {
                return Err(GenError::FromList(from_list.len()));
            }
            continue;
        }
        from_list.push(i);
    }
    let rounds = rng.random_range(5..=9u16);
    // Two rounds a day at most, one at least: the event fits in its
    // period of nine days (or, with players in simultaneous events, in
    // the month).
    let start = if m.simultaneous {
        let last_start = 28 - u64::from(rounds);
        m.first_day + Days::new(rng.random_range(0..=last_start))
    } else {
        let slot = k as u64 % SLOTS;
        let last = SLOT_DAYS - u64::from(rounds);
        m.first_day + Days::new(slot * SLOT_DAYS + rng.random_range(0..=last))
    };
    let mut opts = GenOptions::new(n, rounds, m.seed ^ k as u64);
    opts.start_date = start;
    opts.from_list = from_list;
    Ok((format!("month-{k:05}.trf"), generate(&opts)?))
}

/// One player as generated.
#[derive(Debug, Clone)]
struct Person {
    name: String,
    female: bool,
    title: &'static str,
    rating: u16,
    federation: String,
    fide_id: u64,
    /// As written in columns 70-79.
    birth: String,
}

/// A round block: opponent (0 = none), colour letter, result letter.
#[derive(Debug, Clone, Copy)]
struct Cell {
    opponent: u16,
    colour: u8,
    result: u8,
}

const EMPTY: Cell = Cell {
    opponent: 0,
    colour: b'-',
    result: b' ',
};

/// Per-player state while pairing.
#[derive(Debug, Clone, Copy, Default)]
struct State {
    /// Score in half points.
    half_points: u16,
    /// Games with White minus games with Black.
    colour_balance: i16,
    /// Colour of the last game played (`w`/`b`), 0 when none.
    last_colour: u8,
    had_pab: bool,
}

struct Swiss {
    people: Vec<Person>,
    state: Vec<State>,
    /// Row-major: `cells[p * rounds + r]`; player `p` has starting rank `p + 1`.
    cells: Vec<Cell>,
    rounds: usize,
    /// Scratch buffers reused every round.
    order: Vec<u16>,
    present: Vec<bool>,
}

impl Swiss {
    fn new(people: Vec<Person>, rounds: usize) -> Swiss {
        let n = people.len();
        Swiss {
            state: vec![State::default(); n],
            cells: vec![EMPTY; n * rounds],
            rounds,
            order: Vec::with_capacity(n),
            present: vec![true; n],
            people,
        }
    }

    fn cell(&mut self, p: usize, r: usize) -> &mut Cell {
        &mut self.cells[p * self.rounds + r]
    }

    /// True when players `a` and `b` (0-based) met before round `r`.
    fn met(&self, a: usize, b: usize, r: usize) -> bool {
        let row = &self.cells[a * self.rounds..a * self.rounds + r];
        row.iter().any(|c| c.opponent as usize == b + 1)
    }

    fn play_round(&mut self, rng: &mut StdRng, r: usize, opts: &GenOptions) {
        let n = self.people.len();
        // Requested byes first: those players are not paired.
        for p in 0..n {
            self.present[p] = true;
            if opts.with_byes {
                let roll = rng.random_range(0..1000u32);
                let bye = if roll < 15 {
                    Some(b'H')
                } else if roll < 25 {
                    Some(b'Z')
                } else {
                    None
                };
                if let Some(letter) = bye {
                    self.present[p] = false;
                    *self.cell(p, r) = Cell {
                        opponent: 0,
                        colour: b'-',
                        result: letter,
                    };
                    if letter == b'H' {
                        self.state[p].half_points += 1;
                    }
                }
            }
        }
        self.order_by_score(r);
        // An odd number present: the lowest-placed player without a PAB
        // yet gets it (the lowest of all when everybody had one).
        if self.order.len() % 2 == 1 {
            let pick = self
                .order
                .iter()
                .rposition(|&p| !self.state[p as usize].had_pab)
                .unwrap_or(self.order.len() - 1);
            let p = self.order.remove(pick) as usize;
            *self.cell(p, r) = Cell {
                opponent: 0,
                colour: b'-',
                result: b'U',
            };
            self.state[p].had_pab = true;
            self.state[p].half_points += 2;
        }
        let mut i = 0;
        while i + 1 < self.order.len() {
            let a = self.order[i] as usize;
            // One look-ahead: swap in the next player when the neighbour is
            // a repeat and the next one is not.
            if self.met(a, self.order[i + 1] as usize, r)
                && i + 2 < self.order.len()
                && !self.met(a, self.order[i + 2] as usize, r)
            {
                self.order.swap(i + 1, i + 2);
            }
            let b = self.order[i + 1] as usize;
            self.play_game(rng, a, b, r, opts);
            i += 2;
        }
    }

    /// Fills `order` with the players present, best score first, starting
    /// rank breaking ties: a counting sort over the half-point scores.
    fn order_by_score(&mut self, r: usize) {
        let top = 2 * r + 1;
        let mut start = vec![0usize; top + 1];
        for (p, s) in self.state.iter().enumerate() {
            if self.present[p] {
                start[top - s.half_points as usize] += 1;
            }
        }
        let mut sum = 0;
        for slot in start.iter_mut() {
            let c = *slot;
            *slot = sum;
            sum += c;
        }
        self.order.clear();
        self.order.resize(sum, 0);
        for (p, s) in self.state.iter().enumerate() {
            if self.present[p] {
                let k = top - s.half_points as usize;
                self.order[start[k]] = p as u16;
                start[k] += 1;
            }
        }
    }

    fn play_game(&mut self, rng: &mut StdRng, a: usize, b: usize, r: usize, opts: &GenOptions) {
        let (sa, sb) = (self.state[a], self.state[b]);
        let a_white = match sa.colour_balance.cmp(&sb.colour_balance) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Equal if sa.last_colour != sb.last_colour => sa.last_colour != b'w',
            std::cmp::Ordering::Equal => rng.random_bool(0.5),
        };
        let (w, bl) = if a_white { (a, b) } else { (b, a) };
        let (rw, rb) = (self.people[w].rating, self.people[bl].rating);
        // Results, in per-mille: an expected score from the rating gap
        // (linear, clamped; unrated counted as 1400), White's small edge,
        // and fewer draws between unequal players.
        let strength = |x: u16| if x == 0 { 1400 } else { x as i32 };
        let gap = strength(rw) - strength(rb) + 35;
        let expected = (500 + gap * 5 / 4).clamp(30, 970);
        let draw = 300 - (expected - 500).abs() / 3;
        let roll = rng.random_range(0..1000);
        let (rw_letter, rb_letter, w_half, b_half) =
            if opts.with_forfeits && rng.random_ratio(6, 1000) {
                match rng.random_range(0..10) {
                    0 | 1 => (b'-', b'-', 0, 0),
                    2..=5 => (b'+', b'-', 2, 0),
                    _ => (b'-', b'+', 0, 2),
                }
            } else if roll < expected - draw / 2 {
                (b'1', b'0', 2, 0)
            } else if roll < expected + draw / 2 {
                (b'=', b'=', 1, 1)
            } else {
                (b'0', b'1', 0, 2)
            };
        *self.cell(w, r) = Cell {
            opponent: bl as u16 + 1,
            colour: b'w',
            result: rw_letter,
        };
        *self.cell(bl, r) = Cell {
            opponent: w as u16 + 1,
            colour: b'b',
            result: rb_letter,
        };
        let played = rw_letter != b'-' || rb_letter != b'-';
        for (p, colour, half, delta) in [(w, b'w', w_half, 1), (bl, b'b', b_half, -1)] {
            let s = &mut self.state[p];
            s.half_points += half;
            if played {
                s.colour_balance += delta;
                s.last_colour = colour;
            }
        }
    }

    fn write(
        &self,
        rng: &mut StdRng,
        opts: &GenOptions,
        host: &str,
        dates: &[NaiveDate],
    ) -> String {
        let n = self.people.len();
        let eol = if opts.crlf { "\r\n" } else { "\n" };
        let mut out = String::with_capacity(n * (92 + 10 * self.rounds) + 2048);
        let city = CITIES[rng.random_range(0..CITIES.len())];
        let first = dates.first().copied().unwrap_or(opts.start_date);
        let last = dates.last().copied().unwrap_or(opts.start_date);
        let rated = self.people.iter().filter(|p| p.rating > 0).count();
        let arbiter = |rng: &mut StdRng, title: &str| {
            let (last, first) = (
                LAST_NAMES[rng.random_range(0..LAST_NAMES.len())],
                MALE_NAMES[rng.random_range(0..MALE_NAMES.len())],
            );
            let id: u64 = rng.random_range(100_000..40_000_000);
            format!("{title} {last}, {first} ({id})")
        };
        let chief = arbiter(rng, "IA");
        let deputy = arbiter(rng, "FA");
        let tc = TIME_CONTROLS[rng.random_range(0..TIME_CONTROLS.len())];
        let _ = write!(out, "012 {city} Open {}{eol}", first.year());
        let _ = write!(out, "022 {city}{eol}032 {host}{eol}");
        let _ = write!(out, "042 {}{eol}", first.format("%Y/%m/%d"));
        let _ = write!(out, "052 {}{eol}", last.format("%Y/%m/%d"));
        let _ = write!(out, "062 {n}{eol}072 {rated}{eol}");
        let _ = write!(out, "092 Individual: Swiss-System{eol}");
        let _ = write!(out, "102 {chief}{eol}112 {deputy}{eol}122 {tc}{eol}");
        out.push_str("132");
        out.extend(std::iter::repeat_n(' ', 88));
        for (i, d) in dates.iter().enumerate() {
            if i > 0 {
                out.push_str("  ");
            }
            let _ = write!(out, "{}", d.format("%y/%m/%d"));
        }
        out.push_str(eol);

        let ranks = self.ranks();
        for (p, person) in self.people.iter().enumerate() {
            let s = &self.state[p];
            let rating = if person.rating > 0 {
                person.rating.to_string()
            } else {
                String::new()
            };
            crate::write::push_001(
                &mut out,
                &crate::write::Line001 {
                    start_rank: (p + 1) as u16,
                    sex: if person.female { 'w' } else { 'm' },
                    title: person.title,
                    name: &person.name,
                    rating,
                    federation: &person.federation,
                    fide_id: person.fide_id.to_string(),
                    birth: person.birth.clone(),
                    points: format!(
                        "{}.{}",
                        s.half_points / 2,
                        if s.half_points % 2 == 1 { '5' } else { '0' }
                    ),
                    rank: ranks[p].to_string(),
                },
            );
            for c in &self.cells[p * self.rounds..(p + 1) * self.rounds] {
                let opponent = (c.opponent != 0).then_some(c.opponent);
                crate::write::push_round(&mut out, opponent, c.colour as char, c.result as char);
            }
            out.push_str(eol);
        }
        let _ = write!(out, "XXR {}{eol}", self.rounds);
        out
    }

    /// Final ranks: points first, starting rank breaking ties (a counting
    /// sort, like the pairing order).
    fn ranks(&self) -> Vec<u16> {
        let top = 2 * self.rounds + 1;
        let mut start = vec![0usize; top + 1];
        for s in &self.state {
            start[top - s.half_points as usize] += 1;
        }
        let mut sum = 0;
        for slot in start.iter_mut() {
            let c = *slot;
            *slot = sum;
            sum += c;
        }
        let mut ranks = vec![0u16; self.state.len()];
        for (p, s) in self.state.iter().enumerate() {
            let k = top - s.half_points as usize;
            start[k] += 1;
            ranks[p] = start[k] as u16;
        }
        ranks
    }
}

/// The date of each round: one or two rounds a day, never backwards, all in
/// 1970-2069 (`None` otherwise).
fn round_dates(rng: &mut StdRng, start: NaiveDate, rounds: u16) -> Option<Vec<NaiveDate>> {
    let years = 1970..=2069;
    let mut dates = Vec::with_capacity(rounds as usize);
    let mut day = start;
    let mut today = 0;
    for _ in 0..rounds {
        // A double-round day now and then, more often in long events.
        let double = (rounds > 9 && rng.random_ratio(1, 2)) || rng.random_ratio(1, 5);
        if today == 2 || (today == 1 && !double) {
            day = day.checked_add_days(Days::new(1))?;
            today = 0;
        }
        if !years.contains(&day.year()) {
            return None;
        }
        dates.push(day);
        today += 1;
    }
    Some(dates)
}

fn make_players(rng: &mut StdRng, opts: &GenOptions, host: &'static str) -> Vec<Person> {
    let n = opts.players as usize;
    let rated_per_mille = (opts.rated_fraction * 1000.0).round() as u32;
    // No rating below the floor FIDE published at the start (1400 from
    // March 2024): a lower value would be a national rating.
    let floor = u32::from(
        crate::regulations::Regulations::for_start_date(opts.start_date)
            .floor
            .at(opts.start_date)
            .min_rating,
    );
    let mut people: Vec<Person> = (0..n)
        .map(|_| {
            let female = rng.random_ratio(15, 100);
            let fancy = opts.diacritics && rng.random_ratio(15, 100);
            let last = if fancy {
                LAST_NAMES_1252[rng.random_range(0..LAST_NAMES_1252.len())]
            } else {
                LAST_NAMES[rng.random_range(0..LAST_NAMES.len())]
            };
            let firsts: &[&str] = match (female, fancy) {
                (false, false) => MALE_NAMES,
                (true, false) => FEMALE_NAMES,
                (false, true) => MALE_NAMES_1252,
                (true, true) => FEMALE_NAMES_1252,
            };
            let first = firsts[rng.random_range(0..firsts.len())];
            let rating = if rng.random_ratio(rated_per_mille.min(1000), 1000) {
                // Roughly bell-shaped between the floor and 2800.
                let sum: u32 = (0..4).map(|_| rng.random_range(0..=450u32)).sum();
                (floor + sum * 2800u32.saturating_sub(floor) / 1800) as u16
            } else {
                0
            };
            let title = title(rng, rating, female);
            let federation = if rng.random_ratio(6, 10) {
                host
            } else {
                FEDERATIONS[rng.random_range(0..FEDERATIONS.len())]
            };
            let year = rng.random_range(1945..=2016);
            let birth =
                NaiveDate::from_ymd_opt(year, rng.random_range(1..=12), rng.random_range(1..=28))
                    .unwrap_or_default();
            Person {
                name: format!("{last}, {first}"),
                female,
                title,
                rating,
                federation: federation.to_owned(),
                fide_id: 0,
                birth: birth.format("%Y/%m/%d").to_string(),
            }
        })
        .collect();
    // Starting ranks by rating, unrated last, then by name: the usual order.
    people.sort_by(|a, b| b.rating.cmp(&a.rating).then_with(|| a.name.cmp(&b.name)));
    // Distinct FIDE IDs: one slot of 97 per player, a random offset in it.
    let base: u64 = rng.random_range(1_000_000..20_000_000);
    for (i, p) in people.iter_mut().enumerate() {
        p.fide_id = base + i as u64 * 97 + rng.random_range(0..97u64);
    }
    people
}

/// The people of `opts.from_list`, ordered as starting ranks are (by
/// rating, unrated last, then by name).
fn list_players(opts: &GenOptions) -> Result<Vec<Person>, GenError> {
    let n = opts.players as usize;
    let mut seen = std::collections::HashSet::with_capacity(n);
    let mut people = Vec::with_capacity(n);
    for &i in &opts.from_list {
        let Some(p) = crate::ratinglist::synth::synthetic_player(i) else {
            continue;
        };
        if !seen.insert(i) {
            continue;
        }
        people.push(Person {
            title: match p.title.as_str() {
                "GM" => "GM",
                "IM" => "IM",
                "FM" => "FM",
                "CM" => "CM",
                "WGM" => "WGM",
                "WIM" => "WIM",
                "WFM" => "WFM",
                "WCM" => "WCM",
                _ => "",
            },
            name: p.name,
            female: p.female,
            rating: p.standard.unwrap_or(0),
            federation: p.federation,
            fide_id: p.fide_id,
            birth: p
                .birth_year
                .map_or_else(String::new, |y| format!("{y:04}/00/00")),
        });
    }
    if people.len() != n {
        return Err(GenError::FromList(people.len()));
    }
    people.sort_by(|a, b| b.rating.cmp(&a.rating).then_with(|| a.name.cmp(&b.name)));
    Ok(people)
}

fn title(rng: &mut StdRng, rating: u16, female: bool) -> &'static str {
    let (open, women) = match rating {
        2500.. => ("GM", "WGM"),
        2400..=2499 => ("IM", "WIM"),
        2300..=2399 => ("FM", "WFM"),
        2200..=2299 => ("CM", "WCM"),
        _ => return "",
    };
    match rng.random_range(0..10) {
        0..=5 => open,
        6 | 7 if female => women,
        _ => "",
    }
}

const FEDERATIONS: &[&str] = &[
    "ENG", "GER", "FRA", "ESP", "ITA", "NED", "BEL", "SUI", "AUT", "POL", "CZE", "SVK", "HUN",
    "ROU", "BUL", "SRB", "CRO", "SLO", "GRE", "TUR", "SWE", "NOR", "DEN", "FIN", "ISL", "IRL",
    "SCO", "WLS", "POR", "USA", "CAN", "ARG", "BRA", "CHI", "IND", "CHN", "JPN", "AUS", "NZL",
    "UKR", "GEO", "ARM", "AZE", "ISR", "EGY", "RSA",
];

const CITIES: &[&str] = &[
    "Reykjavik",
    "Hastings",
    "Wijk aan Zee",
    "Gibraltar",
    "Biel",
    "Dortmund",
    "Sitges",
    "Cappelle",
    "Bunratty",
    "Malmo",
    "Porto",
    "Graz",
    "Pardubice",
    "Novi Sad",
    "Rhodes",
    "Oslo",
    "Aarhus",
    "Dublin",
    "Edinburgh",
    "Montreal",
];

/// Standard time controls that meet the rate of play for any field (at least
/// 120 min per player for 60 moves) and fit two rounds a day in 12 hours.
const TIME_CONTROLS: &[&str] = &[
    "90 min + 30 sec/move",
    "90 min/40 moves + 30 min + 30 sec/move",
    "120 min/40 moves + 60 min",
    "100 min/40 moves + 50 min/20 moves + 15 min + 30 sec/move",
];

const LAST_NAMES: &[&str] = &[
    "Smith",
    "Johnson",
    "Schmidt",
    "Novak",
    "Kowalski",
    "Petrov",
    "Ivanov",
    "Garcia",
    "Rossi",
    "Martin",
    "Bernard",
    "Dubois",
    "Jensen",
    "Hansen",
    "Nielsen",
    "Andersson",
    "Larsen",
    "Kovacs",
    "Horvat",
    "Popescu",
    "Papadopoulos",
    "Yilmaz",
    "Kumar",
    "Singh",
    "Wang",
    "Zhang",
    "Nakamura",
    "Tanaka",
    "Kim",
    "O'Brien",
    "Murphy",
    "Kelly",
    "Walsh",
    "de Jong",
    "van Dijk",
    "Bakker",
    "Visser",
    "Peeters",
    "Janssens",
    "Fischer",
    "Weber",
    "Wagner",
    "Becker",
    "Hoffmann",
    "Keller",
    "Huber",
    "Brunner",
    "Costa",
    "Silva",
    "Santos",
    "Ferreira",
    "Lopez",
    "Martinez",
    "Perez",
    "Fernandez",
    "Romano",
    "Ricci",
    "Bianchi",
    "Lindqvist",
    "Virtanen",
    "Korhonen",
    "Nowak",
    "Wisniewski",
    "Svoboda",
    "Novotny",
    "Nagy",
    "Szabo",
    "Toth",
    "Petrovic",
    "Jovanovic",
    "Georgiev",
    "Dimitrov",
    "Sokolov",
    "Volkov",
    "Morozov",
    "Gelashvili",
    "Mamedov",
    "Sargsyan",
];

/// Last names with diacritics, all in Windows-1252.
const LAST_NAMES_1252: &[&str] = &[
    "Müller",
    "Schäfer",
    "Jäger",
    "Böhm",
    "Günther",
    "Sánchez",
    "Núñez",
    "Peña",
    "Muñoz",
    "Gonçalves",
    "Conceição",
    "Jönsson",
    "Åberg",
    "Sørensen",
    "Lefèvre",
    "Ramírez",
    "Nováková",
    "Šimek",
    "Žáková",
    "Ó Súilleabháin",
];

const MALE_NAMES: &[&str] = &[
    "John",
    "Peter",
    "Michael",
    "Thomas",
    "Jan",
    "Pavel",
    "Marek",
    "Ivan",
    "Luca",
    "Marco",
    "Pierre",
    "Lars",
    "Anders",
    "Erik",
    "Jonas",
    "David",
    "Daniel",
    "Alexander",
    "Sergey",
    "Dmitry",
    "Andrei",
    "Stefan",
    "Nikola",
    "Giorgi",
    "Levon",
    "Arjun",
    "Wei",
    "Hiroshi",
    "Carlos",
    "Diego",
    "Pablo",
    "Joao",
    "Patrick",
    "Sean",
    "Liam",
    "Kevin",
    "Matthias",
    "Tobias",
    "Florian",
];

const FEMALE_NAMES: &[&str] = &[
    "Anna",
    "Maria",
    "Elena",
    "Olga",
    "Katarzyna",
    "Eva",
    "Petra",
    "Sofia",
    "Laura",
    "Julia",
    "Emma",
    "Ingrid",
    "Karin",
    "Nino",
    "Mariam",
    "Priya",
    "Mei",
    "Yuki",
    "Lucia",
    "Ana",
    "Siobhan",
    "Aoife",
    "Hanna",
    "Lena",
];

const MALE_NAMES_1252: &[&str] = &[
    "Jürgen",
    "Björn",
    "Sören",
    "José",
    "Ramón",
    "François",
    "Jérôme",
    "Søren",
    "Štefan",
    "Mikuláš",
];

const FEMALE_NAMES_1252: &[&str] = &[
    "Zoë", "Renée", "Inês", "Hélène", "Åsa", "Ágnes", "Bárbara", "Mónica", "Žaneta",
];

#[cfg(test)]
mod tests {
    use super::*;

    fn opts(players: u16, rounds: u16, seed: u64) -> GenOptions {
        GenOptions {
            players,
            rounds,
            seed,
            ..GenOptions::default()
        }
    }

    #[test]
    fn same_seed_same_bytes_other_seed_other_bytes() {
        let a = generate(&opts(30, 7, 1)).unwrap();
        assert_eq!(a, generate(&opts(30, 7, 1)).unwrap());
        assert_ne!(a, generate(&opts(30, 7, 2)).unwrap());
    }

    #[test]
    fn refuses_impossible_options() {
        assert_eq!(generate(&opts(0, 5, 0)), Err(GenError::Players(0)));
        assert_eq!(
            generate(&opts(10_000, 5, 0)),
            Err(GenError::Players(10_000))
        );
        assert_eq!(generate(&opts(10, 0, 0)), Err(GenError::Rounds(0)));
        assert_eq!(generate(&opts(10, 100, 0)), Err(GenError::Rounds(100)));
        let bad = GenOptions {
            rated_fraction: 1.5,
            ..opts(10, 5, 0)
        };
        assert_eq!(generate(&bad), Err(GenError::RatedFraction(1.5)));
        let late = GenOptions {
            start_date: NaiveDate::from_ymd_opt(2069, 12, 30).unwrap(),
            ..opts(10, 9, 0)
        };
        assert!(matches!(generate(&late), Err(GenError::Dates(_))));
        let early = GenOptions {
            start_date: NaiveDate::from_ymd_opt(1969, 12, 31).unwrap(),
            ..opts(10, 9, 0)
        };
        assert!(matches!(generate(&early), Err(GenError::Dates(_))));
    }

    #[test]
    fn at_most_two_rounds_a_day_never_backwards() {
        for seed in 0..20 {
            let mut rng = StdRng::seed_from_u64(seed);
            let start = NaiveDate::from_ymd_opt(2025, 1, 1).unwrap();
            let d = round_dates(&mut rng, start, 30).unwrap();
            assert_eq!(d[0], start);
            for w in d.windows(3) {
                assert!(w[0] <= w[1] && w[1] <= w[2]);
                assert!(w[0] < w[2], "three rounds on {}", w[0]);
            }
        }
    }

    #[test]
    fn ranks_follow_points() {
        let t = {
            let o = opts(101, 9, 3);
            let mut rng = StdRng::seed_from_u64(3);
            let people = make_players(&mut rng, &o, "ENG");
            let mut t = Swiss::new(people, 9);
            for r in 0..9 {
                t.play_round(&mut rng, r, &o);
            }
            t
        };
        let ranks = t.ranks();
        let mut by_rank: Vec<usize> = (0..101).collect();
        by_rank.sort_by_key(|&p| ranks[p]);
        for w in by_rank.windows(2) {
            assert!(t.state[w[0]].half_points >= t.state[w[1]].half_points);
        }
        let mut sorted = ranks.clone();
        sorted.sort();
        assert_eq!(sorted, (1..=101).collect::<Vec<u16>>());
    }

    #[test]
    fn one_pab_per_round_only_when_odd() {
        let o = GenOptions {
            with_byes: false,
            ..opts(11, 9, 5)
        };
        let text = generate(&o).unwrap();
        for r in 0..9 {
            let u = text
                .lines()
                .filter(|l| l.starts_with("001"))
                .filter(|l| l.as_bytes().get(98 + 10 * r) == Some(&b'U'))
                .count();
            assert_eq!(u, 1, "round {}", r + 1);
        }
        let even = generate(&GenOptions {
            with_byes: false,
            ..opts(12, 9, 5)
        })
        .unwrap();
        assert!(!even
            .lines()
            .any(|l| l.starts_with("001") && l.contains(" U")));
    }
}
