//! The pairing checker: each round of a Swiss report re-paired by the FIDE
//! (Dutch) system from the report's own history (the results and entries of
//! the rounds before it), and compared with the pairing the report holds
//! (`trf pairings`).
//!
//! As FIDE's own checkers do, every round is re-paired from the report's
//! rounds before it, not from the checker's: a difference in one round
//! does not run on into the next. A difference is for the arbiter to
//! review: the Handbook allows changes to published pairings in some cases
//! (C.04.2 2026 art. 4.4), and a report cannot say when one was made.
//!
//! Editions: one engine applies either the FIDE (Dutch) system in force
//! from 1 February 2026 (C.04.3, FIDE Council 28 October 2025) or the one
//! in force from 1 July 2017 to 31 January 2026 (the 2016/17 text), chosen
//! by a system code naming one (`192 FIDE_DUTCH_2017`, `FIDE_DUTCH_2025`,
//! `FIDE_DUTCH_2026`), else by the event's start date (FIDE has not said
//! whether "applied from 1 February 2026" means events starting or rounds
//! paired then; trfkit reads the start date, as the rating regulations do).
//! Events that started before 1 July 2017, under the Istanbul 2012 text or
//! earlier, are not re-paired.

mod colour;
mod digits;
mod edition;
mod engine;
mod input;
mod wide;

use crate::model::{Colour, Tournament, TournamentType};
use chrono::NaiveDate;
use edition::Edition;
use engine::{pair_round, NoPairing, Pairing};
use input::{Entry, Report};
use serde::Serialize;

/// The most players a report may have to be re-paired.
pub const MAX_PLAYERS: usize = input::MAX_PLAYERS;

/// Why a report cannot be re-paired.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NotRepaired {
    /// Not a Swiss tournament.
    #[error("not a Swiss tournament ({0})")]
    NotSwiss(String),
    /// Declared with a Swiss system other than the Dutch.
    #[error("its pairing system is not the FIDE (Dutch) system ({0})")]
    OtherSystem(String),
    /// The event started before the 2016/17 Dutch text came into force.
    #[error("the event started on {0}, before 1 July 2017, under an earlier text of the FIDE (Dutch) system (Istanbul 2012 or before), which trfkit does not re-pair: its criteria differ from the 2016/17 text, and no open program to check it against exists")]
    Before2017(NaiveDate),
    /// Fewer than two players.
    #[error("fewer than two players")]
    TooFew,
    /// Too many players to re-pair within bounded time.
    #[error("{0} players: trfkit re-pairs at most {max} players per report, so that a check ends in bounded time and memory", max = input::MAX_PLAYERS)]
    TooMany(usize),
    /// More work than trfkit allows for one report.
    #[error("{players} players over {rounds} rounds: more than trfkit re-pairs in one report (its work grows with the cube of the players, times the rounds and their scoregroups), so that a check ends in bounded time")]
    TooLarge {
        /// Players.
        players: usize,
        /// Rounds.
        rounds: usize,
    },
    /// No rounds.
    #[error("no rounds to re-pair")]
    NoRounds,
    /// A starting rank missing or given twice.
    #[error("starting rank {0} is missing or given twice: the pairing numbers cannot be told")]
    Numbering(u16),
    /// An entry the engine cannot read.
    #[error("the entry of player {0} in round {1} cannot be read as a pairing (a game without a colour or an opponent, or a bye with an opponent)")]
    Entry(u16, usize),
    /// A pairing whose result is still to come.
    #[error("the game of player {0} in round {1} has no result yet: the rounds after it cannot be re-paired")]
    Unfinished(u16, usize),
    /// A pairing named on one side only.
    #[error("player {0} is paired in round {1} with a player who does not name him back")]
    OneSided(u16, usize),
}

/// One pairing as a line shows it: `12 - 7` (White first) or `12 bye`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct ShownPair {
    /// White's starting rank (the player's, for a bye).
    pub white: u16,
    /// Black's starting rank; `None` for the PAB.
    pub black: Option<u16>,
    /// Whether the colours are unknown (a forfeit written without them).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub no_colours: bool,
}

impl std::fmt::Display for ShownPair {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.black {
            Some(b) if self.no_colours => write!(f, "{} - {} (colours not given)", self.white, b),
            Some(b) => write!(f, "{} - {}", self.white, b),
            None => write!(f, "{} bye", self.white),
        }
    }
}

/// One pairing of the checker not in the report, beside the report's
/// pairings of the same players.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Difference {
    /// The checker's pairing.
    pub checker: ShownPair,
    /// The report's pairings of the same players.
    pub tournament: Vec<ShownPair>,
}

/// One round re-paired.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct RoundCheck {
    /// The round, 1-based.
    pub round: u16,
    /// Whether the checker's pairing is the report's (pairs, colours and
    /// PAB).
    pub same: bool,
    /// The checker's pairings the report does not have.
    pub differences: Vec<Difference>,
    /// The first criterion by which the report's pairing is worse than the
    /// checker's (or the generation order of art. 4, when both are as
    /// good, or the colour rules of art. 5 when only colours differ).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub criterion: Option<String>,
    /// When the checker found no pairing: why.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A report's pairings re-paired round by round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct PairingsCheck {
    /// `dutch`.
    pub system: &'static str,
    /// The rules applied.
    pub edition: &'static str,
    /// Every round.
    pub rounds: Vec<RoundCheck>,
    /// The readings used (how the edition was chosen, the initial colour,
    /// the number of rounds).
    pub notes: Vec<String>,
}

impl PairingsCheck {
    /// Whether every round is the checker's.
    pub fn all_same(&self) -> bool {
        self.rounds.iter().all(|r| r.same)
    }
}

/// The most work one report may take: players³ × (2 × round + 3) summed
/// over its rounds (500 players over 15 rounds fit).
const WORK_LIMIT: u128 = 100_000_000_000;

/// The name of the 2026 edition.
pub const EDITION_2026: &str =
    "FIDE (Dutch) system, C.04.3, 2026 edition (in force from 1 February 2026)";

/// The name of the 2016/17 edition.
pub const EDITION_2017: &str =
    "FIDE (Dutch) system, C.04.3, 2016/17 edition (in force 1 July 2017 to 31 January 2026)";

/// The first day of the 2026 edition.
const FROM_2026: Option<NaiveDate> = NaiveDate::from_ymd_opt(2026, 2, 1);

/// The first day of the 2016/17 edition.
const FROM_2017: Option<NaiveDate> = NaiveDate::from_ymd_opt(2017, 7, 1);

/// Re-pairs every round of a Swiss report with the FIDE (Dutch) system and
/// compares each with the report's own pairing.
pub fn check_pairings(t: &Tournament) -> Result<PairingsCheck, NotRepaired> {
    let games = crate::model::games::Games::new(t);
    let kind = crate::model::tournament_type::detect(t, games.rank_index());
    if kind.kind != TournamentType::Swiss {
        return Err(NotRepaired::NotSwiss(kind.reason));
    }
    let declared = t
        .header
        .tournament_type_code
        .as_ref()
        .or(t.header.tournament_type.as_ref())
        .map(|x| x.value.clone());
    let mut notes = Vec::new();
    if let Some(d) = &declared {
        let low = d.to_lowercase();
        if low.contains("burstein")
            || low.contains("dubov")
            || low.contains("lim") && !low.contains("dutch")
        {
            return Err(NotRepaired::OtherSystem(d.clone()));
        }
        if !low.contains("dutch") {
            notes.push(format!("the report declares `{d}`, not a system by name: taken to be the FIDE (Dutch) system"));
        }
    } else {
        notes.push(
            "the report declares no pairing system: taken to be the FIDE (Dutch) system".to_owned(),
        );
    }
    let code = declared
        .as_deref()
        .map(str::to_uppercase)
        .unwrap_or_default();
    let by_code = if code.contains("FIDE_DUTCH_2017") {
        Some(Edition::D17)
    } else if code.contains("FIDE_DUTCH_2025") || code.contains("FIDE_DUTCH_2026") {
        Some(Edition::D26)
    } else {
        None
    };
    let edition = match (by_code, t.start_date()) {
        (Some(e), None) => {
            notes.push(format!(
                "the report gives no start date; its system code names the {} rules",
                if e == Edition::D17 { "2016/17" } else { "2026" }
            ));
            e
        }
        (Some(e), Some(_)) => e,
        (None, Some(s)) if FROM_2017.is_some_and(|f| s < f) => {
            return Err(NotRepaired::Before2017(s))
        }
        (None, Some(s)) if FROM_2026.is_some_and(|f| s < f) => Edition::D17,
        (None, Some(_)) => Edition::D26,
        (None, None) => {
            notes.push(
                "the report gives no start date: the edition in force today is assumed".to_owned(),
            );
            Edition::D26
        }
    };
    let mut rep = Report::new(t)?;
    if code.contains("_BAKU") {
        if t.extensions.xxa.is_empty() && t.records.accelerations.is_empty() {
            // 2016/17: one point (C.04.5); 2026: the points of a
            // win (C.04.7 2026 art. 1.3).
            rep.apply_baku(match edition {
                Edition::D17 => 10,
                Edition::D26 => rep.win,
            });
            notes.push("the system code asks for the Baku acceleration and the report gives no virtual points (`XXA`, `250`): they are computed (FIDE accelerated systems, the Baku method)".to_owned());
        } else {
            notes.push("the system code asks for the Baku acceleration: the report's own virtual points (`XXA`, `250`) are used".to_owned());
        }
    }
    if rep.rounds == 0 {
        return Err(NotRepaired::NoRounds);
    }
    // Each round solves two matchings per scoregroup over its players (cubic
    // in them); scoregroups grow at most by two a round (half points).
    let work: u128 = (0..rep.rounds)
        .map(|r| (rep.len() as u128).pow(3) * (2 * r as u128 + 3))
        .sum();
    if work > WORK_LIMIT {
        return Err(NotRepaired::TooLarge {
            players: rep.len(),
            rounds: rep.rounds,
        });
    }
    if !rep.planned_declared {
        notes.push(format!("the report declares no number of rounds (`XXR` or `142`): round {} is taken as the last", rep.rounds));
    }
    if rep.initial_colour.is_none() {
        notes.push("the report does not give the initial colour (`XXC` or `152`): it is read from the first round with colours".to_owned());
    }
    let mut rounds = Vec::with_capacity(rep.rounds);
    for r in 0..rep.rounds {
        rounds.push(check_round(&rep, r, edition));
    }
    Ok(PairingsCheck {
        system: "dutch",
        edition: match edition {
            Edition::D17 => EDITION_2017,
            Edition::D26 => EDITION_2026,
        },
        rounds,
        notes,
    })
}

/// The report's own pairing of round `r`, and whether its colours are known
/// for each pair.
fn given(rep: &Report, r: usize) -> (Pairing, Vec<bool>) {
    let mut p = Pairing::default();
    let mut known = Vec::new();
    for a in 0..rep.len() {
        match rep.entries[a][r] {
            Entry::Played { opponent, colour } if a < opponent => {
                p.pairs.push(if colour == Colour::White {
                    (a, opponent)
                } else {
                    (opponent, a)
                });
                known.push(true);
            }
            Entry::Forfeit { opponent, colour } if a < opponent => {
                let other = match rep.entries[opponent][r] {
                    Entry::Forfeit { colour, .. } => colour,
                    _ => None,
                };
                let white_a = colour
                    .map(|c| c == Colour::White)
                    .or(other.map(|c| c == Colour::Black));
                p.pairs.push(if white_a == Some(false) {
                    (opponent, a)
                } else {
                    (a, opponent)
                });
                known.push(white_a.is_some());
            }
            Entry::Pab => p.bye = Some(a),
            _ => {}
        }
    }
    (p, known)
}

fn check_round(rep: &Report, r: usize, edition: Edition) -> RoundCheck {
    let round = (r + 1) as u16;
    let (file, known) = given(rep, r);
    let out = pair_round(rep, r, Some(&file), edition);
    let mine = match out.pairing {
        Ok(p) => p,
        Err(e) => {
            return RoundCheck {
                round,
                same: false,
                differences: Vec::new(),
                criterion: None,
                note: Some(match e {
                    NoPairing::NoLegal if edition == Edition::D17 => format!("no pairing of round {round} meets the absolute criteria (C.1–C.3): the Handbook leaves it to the chief arbiter"),
                    NoPairing::NoLegal => format!("no pairing of round {round} meets the absolute criteria ([C1]–[C3]): the Handbook leaves it to the chief arbiter (C.04.3 2026 art. 1.9.3)"),
                    NoPairing::NoInitialColour => "the initial colour cannot be told (no `XXC`/`152`, no colours in the rounds)".to_owned(),
                }),
            }
        }
    };
    let tpn = |p: usize| rep.tpn[p];
    let pab_extra: Vec<usize> = (0..rep.len())
        .filter(|&p| rep.entries[p][r] == Entry::Pab && Some(p) != mine.bye)
        .collect();
    let file_of = |p: usize| -> Option<ShownPair> {
        if let Some((k, &(w, b))) = file
            .pairs
            .iter()
            .enumerate()
            .find(|(_, &(w, b))| w == p || b == p)
        {
            return Some(ShownPair {
                white: tpn(w),
                black: Some(tpn(b)),
                no_colours: !known[k],
            });
        }
        (rep.entries[p][r] == Entry::Pab).then(|| ShownPair {
            white: tpn(p),
            black: None,
            no_colours: false,
        })
    };
    let mut differences = Vec::new();
    let mut colour_only = true;
    for &(w, b) in &mine.pairs {
        let hit = file
            .pairs
            .iter()
            .enumerate()
            .find(|(_, &(x, y))| (x == w && y == b) || (x == b && y == w));
        let ok = match hit {
            Some((k, &(x, _))) => !known[k] || x == w,
            None => false,
        };
        if hit.is_none() {
            colour_only = false;
        }
        if !ok {
            let mut t: Vec<ShownPair> = Vec::new();
            for p in [w, b] {
                if let Some(s) = file_of(p) {
                    if !t.contains(&s) {
                        t.push(s);
                    }
                }
            }
            differences.push(Difference {
                checker: ShownPair {
                    white: tpn(w),
                    black: Some(tpn(b)),
                    no_colours: false,
                },
                tournament: t,
            });
        }
    }
    if let Some(p) = mine.bye {
        if rep.entries[p][r] != Entry::Pab {
            colour_only = false;
            differences.push(Difference {
                checker: ShownPair {
                    white: tpn(p),
                    black: None,
                    no_colours: false,
                },
                tournament: file_of(p).into_iter().collect(),
            });
        }
    }
    if !pab_extra.is_empty() && mine.bye.is_none() {
        colour_only = false;
    }
    let same = differences.is_empty()
        && (pab_extra.is_empty() || mine.bye.is_some() && pab_extra.is_empty());
    let criterion = if same {
        None
    } else if colour_only {
        Some(match edition {
            Edition::D17 => "section E (the colours of a pair)".to_owned(),
            Edition::D26 => "art. 5 (the colours of a pair)".to_owned(),
        })
    } else {
        out.deciding
    };
    RoundCheck {
        round,
        same,
        differences,
        criterion,
        note: None,
    }
}

/// What FIDE's texts say that `trf pairings` applies, for `trf explain
/// pairings`.
pub const PAIRINGS_SAYS: &[&str] = &[
    "Every FIDE Swiss system must have a free pairing checker (C.04.2 2026 art. 1.4); a pairing altered to favour a player can be reported to the Qualification Commission.",
    "A round is paired bracket by bracket from the top score: the absolute criteria [C1]-[C3] (no rematch of a played game, the PAB only to an eligible player, no meeting of two non-topscorers with the same absolute colour preference), completion [C4] in every bracket, the PAB to the lowest possible score [C5], then the quality criteria [C6]-[C21] in their order; among equally good candidates the first the Handbook generates (art. 3-4) (C.04.3 2026 art. 1-4).",
    "Under the 2016/17 text (in force 1 July 2017 to 31 January 2026) the criteria are C.1-C.19: completion is a criterion only of the penultimate pairing bracket, whose lower players then form the collapsed last bracket with its downfloaters (A.9, C.4); the pairing score difference, of pairs and of downfloaters, replaces the downfloaters' scores (A.8, C.6); the look-ahead is at the next bracket's pairs and score difference only (C.7); every player who does not play a round gets a downfloat (A.4); and only a PAB or a forfeit win bars the PAB (C.2). There is no [C5] or [C9]: the player left over from the last bracket gets the PAB.",
    "Colours: both preferences, the stronger, alternation to the latest round with different colours, the higher-ranked player's preference, then the initial colour by the parity of his number (C.04.3 2026 art. 5).",
    "Forfeits and byes do not enter the colour history, and an unplayed pairing may be repeated (C.04.2 2026 art. 3.4-3.5).",
    "Published pairings may be changed in a few cases (C.04.2 2026 art. 4.4): a difference is for the arbiter to review, and never changes the rating verdict.",
];

/// The readings `trf pairings` takes where the texts or the report are
/// silent, for `trf explain pairings`.
pub const PAIRINGS_READINGS: &[&str] = &[
    "Each round is re-paired from the report's own rounds before it (results, entries, byes), as bbpPairings and JaVaFo check: a difference in one round does not run on into the next.",
    "Players paired by the system in a round are those with a game, a forfeit or a pairing-allocated bye (U, or + without an opponent); H, F, Z and blank rounds are taken as given.",
    "The edition: a system code naming one (192 or 092 FIDE_DUTCH_2017 for 2016/17; FIDE_DUTCH_2025 or FIDE_DUTCH_2026 for 2026) decides; else the start date (042, else the first date of 132): 2016/17 from 1 July 2017 to 31 January 2026, 2026 from 1 February 2026. FIDE has not said whether 'applied from 1 February 2026' means events starting or rounds paired then; trfkit reads the start date, as the rating regulations do. Events that started before 1 July 2017 (the Istanbul 2012 text or earlier) are not re-paired.",
    "The TPN of the colour rule 5.2.5 counts only players who have arrived (paired in the round or before), as FIDE's Systems of Pairings and Programs commission answered in August 2026.",
    "Without XXC or 152, the initial colour is read from the first round with colours: the first player in that numbering with a colour had the initial colour if his number is odd.",
    "Without XXR or 142, the last round written is taken as the last (topscorers exist only in the last round).",
    "A downfloat is given for a PAB even when it is worth no more than a loss (C.04.3 2026 art. 1.4.3); games of less than one move (W D L) count as played.",
    "Acceleration is read from XXA and 250 records. A system code with _BAKU and no such records has its virtual points computed by the Baku method: group A is the first 2 × ⌈N/4⌉ players in TPN order, N counting every player of the report (late entries included, a reading: the text places them by the general handbook), with a win's points (2016/17: one point) before each of the first ⌈⌈R/2⌉/2⌉ rounds and half of it before the rest of the first ⌈R/2⌉. bbpPairings puts the first ⌈N/2⌉ players in group A; trfkit follows the text.",
    "The first criterion named is the first, in the Handbook's order, by which the report's pairing of the first bracket that differs is worse than the checker's; 'art. 4' when both are as good and the checker's comes first in the Handbook's order, 'art. 5' when only colours differ.",
    "At most 500 players per report are re-paired, so that a check ends in bounded time and memory (a 500-player, 9-round Swiss took 107 s and 818 MB on the shared build machine).",
];

#[cfg(test)]
mod tests;
