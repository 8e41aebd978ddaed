//! The report as the Dutch system sees it: every round entry classified
//! (paired by the system or not, played over the board or not, its points),
//! and, before each round, every player's history (score, colours,
//! opponents, floats, byes) rebuilt from the report's own rounds.

use super::edition::Edition;
use super::NotRepaired;
use crate::model::{ByeKind, Colour, RoundResult, Tournament};
use std::collections::HashMap;

/// What one round entry is, for the pairing (spec of C.04.2: what counts as
/// a game).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Entry {
    /// Played over the board (`1 = 0`, and `W D L`, a game of less than one
    /// move, which was paired and played).
    Played { opponent: usize, colour: Colour },
    /// A forfeit against a named opponent: paired, not played.
    Forfeit {
        opponent: usize,
        colour: Option<Colour>,
    },
    /// A pairing-allocated bye (`U`, or `+` without an opponent).
    Pab,
    /// Not paired by the system: `H F Z`, blank, or no entry.
    Absent,
    /// In the round being paired, to be paired (the round after the
    /// report's last, when the engine pairs it).
    #[cfg_attr(not(test), allow(dead_code))]
    ToPair,
}

impl Entry {
    /// Whether the system paired the player this round.
    pub(crate) fn present(self) -> bool {
        !matches!(self, Entry::Absent)
    }
}

/// A float received in a round (C.04.3 2026 art. 1.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Float {
    None,
    Down,
    Up,
}

/// The whole report, classified.
#[derive(Debug)]
pub(crate) struct Report {
    /// Players in file order: starting rank.
    pub tpn: Vec<u16>,
    /// Order used for the Handbook's "TPN" (starting rank, or file position
    /// under `XXC rank`).
    pub order_key: Vec<u32>,
    /// `entries[p][r]`, round `r` 0-based.
    pub entries: Vec<Vec<Entry>>,
    /// `points[p][r]`: the points of player `p` in round `r`, in tenths.
    pub points: Vec<Vec<i32>>,
    /// Virtual points of acceleration, `accel[p][r]`, in tenths.
    pub accel: Vec<Vec<i32>>,
    /// Rounds written in the report.
    pub rounds: usize,
    /// Rounds of the event (`XXR`/`142`, else the rounds written).
    pub planned: usize,
    /// Whether `planned` is declared.
    pub planned_declared: bool,
    /// The points of a win and of a loss, in tenths.
    pub win: i32,
    pub loss: i32,
    /// The initial colour (`XXC`/`152`), if declared.
    pub initial_colour: Option<Colour>,
    /// Forbidden pairs: (first round, last round, players), rounds 1-based.
    pub forbidden: Vec<(usize, usize, Vec<usize>)>,
}

/// The most players trfkit re-pairs: the matching is cubic in the players
/// of a round, and a report is re-paired within bounded time and memory
/// whatever it holds.
pub(crate) const MAX_PLAYERS: usize = 500;

impl Report {
    /// Classifies the report's rounds, or says why it cannot be re-paired.
    pub(crate) fn new(t: &Tournament) -> Result<Report, NotRepaired> {
        let n = t.players.len();
        if n < 2 {
            return Err(NotRepaired::TooFew);
        }
        if n > MAX_PLAYERS {
            return Err(NotRepaired::TooMany(n));
        }
        let mut by_rank: HashMap<u16, usize> = HashMap::new();
        for (i, p) in t.players.iter().enumerate() {
            let r = p.start_rank.value;
            if r == 0 || by_rank.insert(r, i).is_some() {
                return Err(NotRepaired::Numbering(r));
            }
        }
        let rounds = usize::from(t.rounds);
        let scoring = &t.scoring;
        let mut entries = vec![vec![Entry::Absent; rounds]; n];
        let mut points = vec![vec![0i32; rounds]; n];
        for (i, p) in t.players.iter().enumerate() {
            for r in 0..rounds {
                let e = p.round(r + 1);
                points[i][r] = scoring.points(&e).tenths();
                let opponent = e.opponent.and_then(|o| by_rank.get(&o).copied());
                entries[i][r] = match (e.result, opponent) {
                    (RoundResult::Game { .. } | RoundResult::ShortGame { .. }, Some(o)) => {
                        match e.colour {
                            Some(colour) if o != i => Entry::Played {
                                opponent: o,
                                colour,
                            },
                            _ => return Err(NotRepaired::Entry(p.start_rank.value, r + 1)),
                        }
                    }
                    (RoundResult::Forfeit { .. }, Some(o)) if o != i => Entry::Forfeit {
                        opponent: o,
                        colour: e.colour,
                    },
                    (RoundResult::Pending | RoundResult::Unknown { .. }, Some(_)) => {
                        return Err(NotRepaired::Unfinished(p.start_rank.value, r + 1))
                    }
                    (
                        RoundResult::Bye {
                            bye: ByeKind::PairingAllocated,
                        }
                        | RoundResult::Forfeit { won: true },
                        None,
                    ) => Entry::Pab,
                    (
                        RoundResult::Bye { .. }
                        | RoundResult::NotPaired
                        | RoundResult::Forfeit { won: false },
                        None,
                    ) => Entry::Absent,
                    _ => return Err(NotRepaired::Entry(p.start_rank.value, r + 1)),
                };
            }
        }
        // Both sides of every pairing name each other.
        for (i, row) in entries.iter().enumerate() {
            for (r, e) in row.iter().enumerate() {
                let back = match *e {
                    Entry::Played { opponent, .. } | Entry::Forfeit { opponent, .. } => {
                        Some(opponent)
                    }
                    _ => None,
                };
                if let Some(o) = back {
                    let ok = match entries[o][r] {
                        Entry::Played { opponent, .. } | Entry::Forfeit { opponent, .. } => {
                            opponent == i
                        }
                        _ => false,
                    };
                    if !ok {
                        return Err(NotRepaired::OneSided(t.players[i].start_rank.value, r + 1));
                    }
                }
            }
        }
        let mut accel = vec![vec![0i32; rounds.max(1)]; n];
        for a in &t.extensions.xxa {
            if let Some(&i) = by_rank.get(&a.player.value) {
                for (r, v) in a.points.iter().enumerate().take(rounds) {
                    accel[i][r] = v.tenths();
                }
            }
        }
        for a in &t.records.accelerations {
            let v = a.game_points.or(a.match_points).map_or(0, |p| p.tenths());
            for (i, p) in t.players.iter().enumerate() {
                let rank = p.start_rank.value;
                if rank >= a.ids.0 && rank <= a.ids.1 {
                    for r in usize::from(a.rounds.0.max(1))..=usize::from(a.rounds.1) {
                        if r <= rounds {
                            accel[i][r - 1] = v;
                        }
                    }
                }
            }
        }
        let xxc = t.extensions.xxc.map(|x| x.value);
        let by_file = xxc.is_some_and(|x| x.rank);
        let order_key = t
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                if by_file {
                    i as u32
                } else {
                    u32::from(p.start_rank.value)
                }
            })
            .collect();
        let initial_colour = t
            .header
            .initial_colour
            .map(|c| c.value)
            .or(xxc.and_then(|x| x.initial_colour));
        let mut forbidden = Vec::new();
        for x in &t.extensions.xxp {
            let ids: Vec<usize> = x
                .value
                .iter()
                .filter_map(|r| by_rank.get(r).copied())
                .collect();
            forbidden.push((1, usize::MAX, ids));
        }
        for x in &t.records.prohibited {
            let ids: Vec<usize> = x
                .ids
                .iter()
                .filter_map(|r| by_rank.get(&r.value).copied())
                .collect();
            forbidden.push((usize::from(x.rounds.0), usize::from(x.rounds.1), ids));
        }
        let (planned, planned_declared) = match t.planned_rounds() {
            Some(p) if usize::from(p.value) >= rounds && p.value > 0 => {
                (usize::from(p.value), true)
            }
            _ => (rounds, false),
        };
        Ok(Report {
            tpn: t.players.iter().map(|p| p.start_rank.value).collect(),
            order_key,
            entries,
            points,
            accel,
            rounds,
            planned,
            planned_declared,
            win: scoring.white_win.max(scoring.black_win).tenths(),
            loss: scoring.white_loss.max(scoring.black_loss).tenths(),
            initial_colour,
            forbidden,
        })
    }

    /// The Baku acceleration (C.04.5 until 2026, C.04.7 2026 art. 1.1-1.5), for a
    /// report that asks for it by its system code and gives no virtual
    /// points itself: group A is the first half of the players in TPN
    /// order, rounded up to an even number (2 × ⌈N/4⌉), every player of the
    /// report counted; its players get `win` virtual points (tenths) before
    /// each of the first half of the accelerated rounds (rounded up), and
    /// half of it before the others; the accelerated rounds are the first
    /// half of the planned rounds, rounded up.
    pub(crate) fn apply_baku(&mut self, win: i32) {
        let n = self.len();
        let group_a = 2 * n.div_ceil(4);
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&p| self.order_key[p]);
        let accelerated = self.planned.div_ceil(2);
        let full = accelerated.div_ceil(2);
        for &p in order.iter().take(group_a) {
            for (r, v) in self.accel[p].iter_mut().enumerate() {
                *v = if r < full {
                    win
                } else if r < accelerated {
                    win / 2
                } else {
                    0
                };
            }
        }
    }

    /// Adds the round after the report's last, with every player to be
    /// paired but those `absent` (indices), so that the engine pairs it.
    #[cfg(test)]
    pub(crate) fn add_round_to_pair(&mut self, absent: &[usize]) {
        for p in 0..self.len() {
            let e = if absent.contains(&p) {
                Entry::Absent
            } else {
                Entry::ToPair
            };
            self.entries[p].push(e);
            self.points[p].push(0);
            self.accel[p].push(0);
        }
        self.rounds += 1;
        self.planned = self.planned.max(self.rounds);
    }

    /// Number of players.
    pub(crate) fn len(&self) -> usize {
        self.tpn.len()
    }

    /// Points of `p` before round `r` (0-based), without acceleration.
    pub(crate) fn score(&self, p: usize, r: usize) -> i32 {
        self.points[p][..r].iter().sum()
    }

    /// The pairing score of `p` for round `r` (0-based): points plus the
    /// virtual points of acceleration for that round.
    pub(crate) fn pscore(&self, p: usize, r: usize) -> i32 {
        self.score(p, r) + self.accel[p].get(r).copied().unwrap_or(0)
    }

    /// The float `p` received in round `k` (0-based): a game between
    /// different pairing scores floats the higher down and the lower up
    /// (2026 art. 1.4.2; 2016/17 A.4.b). Without a game played, the 2016/17
    /// text gives a downfloat to whoever "for whatever reason does not play
    /// in a round" (A.4.b); the 2026 text only for the PAB and for an
    /// unplayed round worth more than a loss (art. 1.4.3–1.4.4).
    pub(crate) fn float(&self, p: usize, k: usize, edition: Edition) -> Float {
        match self.entries[p][k] {
            Entry::Played { .. } => {}
            _ if edition == Edition::D17 => return Float::Down,
            _ => {}
        }
        match self.entries[p][k] {
            Entry::Played { opponent, .. } => {
                let (a, b) = (self.pscore(p, k), self.pscore(opponent, k));
                match a.cmp(&b) {
                    std::cmp::Ordering::Greater => Float::Down,
                    std::cmp::Ordering::Less => Float::Up,
                    std::cmp::Ordering::Equal => Float::None,
                }
            }
            Entry::Pab => Float::Down,
            _ if self.points[p][k] > self.loss => Float::Down,
            _ => Float::None,
        }
    }

    /// Whether `p` has been paired by the system in round `r` or before
    /// (0-based): the players the effective numbering counts.
    pub(crate) fn arrived(&self, p: usize, r: usize) -> bool {
        self.entries[p][..=r].iter().any(|e| e.present())
    }

    /// The colours of `p`'s games played over the board before round `r`.
    pub(crate) fn colours(&self, p: usize, r: usize) -> Vec<Colour> {
        self.entries[p][..r]
            .iter()
            .filter_map(|e| match e {
                Entry::Played { colour, .. } => Some(*colour),
                _ => None,
            })
            .collect()
    }

    /// The initial colour: the one declared, else inferred from the first
    /// round with a colour: in the effective numbering of that round, the
    /// first player with a colour had it if his number is odd, the other if
    /// even (C.04.3 2026 art. 5.2.5 read backwards). `None` when no round
    /// has a colour yet.
    pub(crate) fn initial_colour(&self) -> Option<Colour> {
        if let Some(c) = self.initial_colour {
            return Some(c);
        }
        for r in 0..self.rounds {
            let mut order: Vec<usize> = (0..self.len()).filter(|&p| self.arrived(p, r)).collect();
            order.sort_by_key(|&p| self.order_key[p]);
            for (k, &p) in order.iter().enumerate() {
                let c = match self.entries[p][r] {
                    Entry::Played { colour, .. } => Some(colour),
                    Entry::Forfeit { colour, .. } => colour,
                    _ => None,
                };
                if let Some(c) = c {
                    return Some(if k % 2 == 0 { c } else { c.opposite() });
                }
            }
        }
        None
    }
}
