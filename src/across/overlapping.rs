//! Rule `overlapping-reports`: two reports of one event holding the same
//! rated games (interim reports whose rounds overlap).

use super::keys::{two_halves, ReportKeys};
use super::{across_rule, noted, Sink};
use crate::model::RoundResult;
use crate::source::Span;
use chrono::NaiveDate;
use std::collections::{BTreeSet, HashMap, HashSet};
use std::hash::Hash;

across_rule! {
    /// ## What it checks
    /// Among the reports read together, two reports of one event that hold
    /// the same games: the same event name (`012`, case and spacing aside)
    /// and, in some round, the same two players (by FIDE ID, or by name for
    /// a player without one) with a result decided over the board, on the
    /// same round date (`132`; by the round's number when neither report
    /// dates it). One finding on each report names the other and the rounds
    /// whose games both hold, in this report's numbering (and the other's
    /// where it differs).
    ///
    /// Interim reports that partition an event (each holding only its own
    /// period's rounds, the others unpaired, as `trf split --by-period`
    /// writes them) share no game and are not flagged. Two copies of the
    /// whole event are `duplicate-report` or `event-versions`, not this.
    /// Two reports of one event are not two events on one day: their
    /// players' shared dates are not `player-in-simultaneous-events`.
    ///
    /// ## Why it matters
    /// An event longer than 30 days is reported month by month, and each
    /// interim report is to hold only the games that period rates: a
    /// report of rounds 1 to 4 in October beside one of rounds 1 to 6 in
    /// November would have rounds 1 to 4 rated twice.
    ///
    /// FIDE has not published what its rating server does with the same
    /// games in two interim reports; trfkit assumes both would be rated, and
    /// warns (it never blocks: the arbiter decides which report keeps them).
    ///
    /// ## Example
    /// `league-oct.trf` holds rounds 1 to 4 and `league-nov.trf` rounds 1
    /// to 6 of the same league. Use instead: `league-nov.trf` with rounds 1
    /// to 4 unpaired (`trf split --by-period` writes such parts).
    ///
    /// ## Reference
    /// FIDE Rating Regulations (Handbook B.02, 2024) art. 4 (interim results
    /// of an event lasting more than 30 days) and art. 9.1; FIDE's
    /// Qualification Commission (September 2026): "You should only submit
    /// the games you need to be rated for that period".
    OVERLAPPING_REPORTS = "TRF-A005", "overlapping-reports", Warning,
    "two reports of one event holding the same games",
    Info, "FIDE has not published what its rating server does with the same games in two interim reports of one event; trfkit assumes both would be rated, and warns", unconfirmed: true;
}

/// When a game was played: its round date, else its round's number.
#[derive(Hash)]
enum When {
    Date(NaiveDate),
    Round(u16),
}

/// The games both reports of a pair hold: each side's rounds, and how
/// many games.
#[derive(Default)]
struct Shared {
    here: BTreeSet<u16>,
    there: BTreeSet<u16>,
    games: usize,
}

/// Two reports of one event holding the same games: the reports (the
/// earlier first), where the pair was first met (the later report, and the
/// order within it: the pairs come out in the order one walk over every
/// report in turn meets them), and what they share.
struct Pair {
    reports: (u32, u32),
    met: (u32, u32),
    shared: Shared,
}

/// Marks every pair of reports of one event holding the same games, with a
/// finding on both; `skip[i]` is set for a report that repeats another
/// (a duplicate or another version: its games are that one's). Returns the
/// pairs found (both orders), which are one event, not two on one day.
pub(crate) fn find(
    reports: &[ReportKeys],
    skip: &[Option<usize>],
    out: &mut dyn Sink,
) -> HashSet<(u32, u32)> {
    // Each game → the reports holding it, with its round there. A game is
    // hashed with the event's name, so that only reports of one event meet:
    // the reports are taken one name at a time and only that name's games
    // are held (a month whose events share a few names never holds all its
    // games at once). A month of events with names of their own holds none.
    let counted = |r: usize| !skip.get(r).is_some_and(Option::is_some);
    let mut by_name: HashMap<&str, Vec<u32>> = HashMap::new();
    let mut names: Vec<&str> = Vec::new();
    for (r, t) in reports.iter().enumerate() {
        if let (true, Some(name)) = (counted(r), &t.name) {
            by_name
                .entry(name)
                .or_insert_with(|| {
                    names.push(name);
                    Vec::new()
                })
                .push(r as u32);
        }
    }
    let mut pairs: Vec<Pair> = Vec::new();
    for name in names {
        let members = &by_name[name];
        if members.len() < 2 {
            continue;
        }
        let mut held: HashMap<u128, Vec<(u32, u16)>> = HashMap::new();
        let mut at: HashMap<(u32, u32), usize> = HashMap::new();
        for &r in members {
            let t = &reports[r as usize];
            let mut met = 0u32;
            each_game(t, |round, mine, theirs, when| {
                let game = two_halves(|_, h| {
                    name.hash(h);
                    mine.hash(h);
                    theirs.hash(h);
                    when.hash(h);
                });
                let holders = held.entry(game).or_default();
                // A report holds a game once: the same two players on one
                // date again (or players whose names fold alike) add
                // nothing, and no report's games are compared with each
                // other (linear in any one report).
                if holders.last().is_some_and(|&(last, _)| last == r) {
                    return;
                }
                for &(other, there) in holders.iter() {
                    let slot = *at.entry((other, r)).or_insert_with(|| {
                        pairs.push(Pair {
                            reports: (other, r),
                            met: (r, met),
                            shared: Shared::default(),
                        });
                        met += 1;
                        pairs.len() - 1
                    });
                    let s = &mut pairs[slot].shared;
                    s.here.insert(there);
                    s.there.insert(round);
                    s.games += 1;
                }
                holders.push((r, round));
            });
        }
    }
    pairs.sort_unstable_by_key(|p| p.met);
    let pairs = pairs.into_iter().map(|p| (p.reports, p.shared));
    let mut found = HashSet::new();
    for ((a, b), shared) in pairs {
        found.insert((a, b));
        found.insert((b, a));
        emit(
            reports,
            a,
            b,
            &shared.here,
            &shared.there,
            shared.games,
            out,
        );
        emit(
            reports,
            b,
            a,
            &shared.there,
            &shared.here,
            shared.games,
            out,
        );
    }
    found
}

/// Every game of `t` decided over the board, once (from the side of the
/// lower player key): its round, both players' keys (lower first) and
/// when it was played.
fn each_game(t: &ReportKeys, mut f: impl FnMut(u16, u64, u64, When)) {
    let by_rank: HashMap<u16, usize> = t
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.start_rank, i))
        .collect();
    for (p, player) in t.players.iter().enumerate() {
        for (k, e) in player.rounds.iter().enumerate() {
            if !matches!(e.value.result, RoundResult::Game { .. }) {
                continue;
            }
            let Some(q) = e.value.opponent.and_then(|o| by_rank.get(&o).copied()) else {
                continue;
            };
            let (mine, theirs) = (t.keys[p], t.keys[q]);
            if mine >= theirs {
                continue;
            }
            let round = u16::try_from(k + 1).unwrap_or(u16::MAX);
            let when = match t.round_dates.get(k).and_then(|d| d.value) {
                Some(d) => When::Date(d),
                None => When::Round(round),
            };
            f(round, mine, theirs, when);
        }
    }
}

/// Each round of `t` holding a game decided over the board, with a key of
/// the round as one event's: the event's name, when it was played and its
/// games (the two players of each, in any order of the lines). Two reports
/// holding one round of one event give it the same key: the ledger
/// (`already-rated`) finds a round recorded in an earlier period by it.
/// Empty for a report without a name.
pub(crate) fn round_keys(t: &ReportKeys) -> Vec<(u16, u128)> {
    let Some(name) = &t.name else {
        return Vec::new();
    };
    let mut games: Vec<(u16, u64, u64, u128)> = Vec::new();
    each_game(t, |round, mine, theirs, when| {
        let w = two_halves(|_, h| when.hash(h));
        games.push((round, mine, theirs, w));
    });
    games.sort_unstable();
    games
        .chunk_by(|a, b| a.0 == b.0)
        .map(|round| {
            let key = two_halves(|_, h| {
                name.hash(h);
                round[0].3.hash(h);
                for g in round {
                    (g.1, g.2).hash(h);
                }
            });
            (round[0].0, key)
        })
        .collect()
}

/// `round 3`, `rounds 3, 4`.
fn rounds_text(rounds: &BTreeSet<u16>) -> String {
    let list: Vec<String> = rounds.iter().map(u16::to_string).collect();
    match list.len() {
        1 => format!("round {}", list[0]),
        _ => format!("rounds {}", list.join(", ")),
    }
}

/// The finding on report `here` about the games it shares with `there`
/// (`mine` its rounds, `theirs` the other's).
fn emit(
    reports: &[ReportKeys],
    here: u32,
    there: u32,
    mine: &BTreeSet<u16>,
    theirs: &BTreeSet<u16>,
    games: usize,
    out: &mut dyn Sink,
) {
    let t = &reports[here as usize];
    let other = &reports[there as usize];
    let rounds = rounds_text(mine);
    let numbered = if mine == theirs {
        String::new()
    } else {
        format!(" ({} there)", rounds_text(theirs))
    };
    let mut d = OVERLAPPING_REPORTS
        .diag(format!(
            "this report and {} are reports of one event holding the same {} of {rounds}{numbered}: uploaded both, {} would be rated twice",
            other.quoted(),
            crate::diag::plural(games as u64, "game", "games"),
            if games == 1 { "it" } else { "they" },
        ))
        .primary(t.anchor, "the same event as another report");
    for &round in mine {
        let span = t
            .round_dates
            .get(usize::from(round) - 1)
            .map(|d| d.span)
            .filter(|s| *s != Span::default());
        if let Some(span) = span {
            d = d.secondary(span, format!("round {round}, also in {}", other.quoted()));
        }
    }
    out.push(
        here as usize,
        noted(
            &OVERLAPPING_REPORTS,
            d.help(format!(
                "an interim report holds only the rounds of its own period, the others unpaired (`trf split --by-period` writes such reports): leave {rounds} out of this report or out of {}, or upload only one of them",
                other.quoted()
            ))
            .reference("FIDE Rating Regulations (Handbook B.02, 2024) art. 4 and 9.1; FIDE Qualification Commission (September 2026): \"only submit the games you need to be rated for that period\""),
        ),
    );
}
