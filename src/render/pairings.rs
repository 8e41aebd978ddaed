//! The "Pairings" section of the HTML report and of the page: what the
//! pairing checker (`trf pairings`, [`crate::pairings::check_pairings`])
//! has to say about a Swiss report, and nothing when it has nothing to say.
//!
//! Shown when rounds differ from the checker's pairing (the checker's
//! pairings beside the report's, and the first criterion that decides), or
//! when the report's own rounds keep it from being re-paired (an entry
//! that cannot be read as a pairing, a game without a result, a pairing
//! named on one side, a report too large). A report that is not a Swiss,
//! or that follows another system or edition, gets no section: there is
//! nothing in it for the arbiter to act on.

use crate::model::{Tournament, TournamentType};
use crate::pairings::{check_pairings, NotRepaired, PairingsCheck, ShownPair};
use crate::render::view::{chunks, Chunk};
use std::collections::HashMap;

/// The most pairings the section lists over all its rounds: a large open
/// whose every round differs would otherwise fill the page with them
/// (`trf pairings` lists them all).
pub(crate) const MAX_ROWS: usize = 40;

/// The most rounds the section lists.
pub(crate) const MAX_ROUNDS: usize = 30;

/// The most players a report may have for the page (`trf serve` and the
/// page in the browser) to re-pair it: the checker's work grows with the
/// cube of the players, and the page answers in seconds. Measured on a
/// synthetic Swiss of 150 players over 9 rounds (`trf generate --players
/// 150 --start-date 2026-03-02`) on two shared cores: `trf serve`'s answer
/// to its upload 1.0–1.2 s (release build; 0.01 s for the same report not
/// re-paired), its report drawn in the page in headless Chromium 2.3–3.2 s
/// after the drop (0.2–0.6 s without re-pairing; the ignored test
/// `pairings_page_benchmark` of `tests/web_page.rs`).
pub(crate) const PAGE_MAX_PLAYERS: usize = 150;

/// The re-pairing one upload may ask of `trf serve`, which draws every
/// report sent together: about four reports of [`PAGE_MAX_PLAYERS`]
/// players over 9 rounds (about 4 s), counted as the checker counts its
/// work ([`work`]). The page in the browser draws each report as it comes
/// into view, each with a budget of its own.
const PAGE_WORK: u64 = 4 * 150 * 150 * 150 * (9 * 9 + 2 * 9);

/// The checker's work on `n` players over `r` rounds, as it bounds it:
/// players³ × (2 × round + 1) summed over the rounds (r² + 2r in all) (each round solves
/// matchings over its scoregroups, which grow with the rounds).
fn work(n: usize, r: usize) -> u64 {
    let (n, r) = (n as u64, r as u64);
    n.pow(3) * (r * r + 2 * r)
}

/// What is left of the re-pairing a page may do for one upload.
#[derive(Debug)]
pub(crate) struct PageBudget {
    left: u64,
}

impl PageBudget {
    /// The whole budget of one upload.
    pub(crate) fn new() -> PageBudget {
        PageBudget { left: PAGE_WORK }
    }
}

/// One pairing's line: `12 Smith, Anna – 7 Jones, Bob`, White first, or
/// `12 Smith, Anna: bye`.
#[derive(Debug, Clone)]
pub(crate) struct PairLine(pub String);

/// One round that differs.
#[derive(Debug, Clone)]
pub(crate) struct RoundSection {
    /// The round, 1-based.
    pub round: u16,
    /// The first criterion that decides, in FIDE's words.
    pub criterion: Option<String>,
    /// Why the checker found no pairing of its own, when it did not.
    pub note: Option<String>,
    /// The checker's pairings beside the report's of the same players.
    pub rows: Vec<(PairLine, Vec<PairLine>)>,
    /// Its differing pairings left out by [`MAX_ROWS`].
    pub more: usize,
}

/// The section.
#[derive(Debug, Clone)]
pub(crate) struct PairingsSection {
    /// The rules applied, named ("FIDE (Dutch) system, C.04.3, 2026 …").
    pub edition: Option<String>,
    /// "2 of 9 rounds differ from the checker's pairing".
    pub summary: String,
    /// Why the report could not be re-paired (instead of rounds).
    pub not_repaired: Option<String>,
    /// The rounds that differ, up to [`MAX_ROUNDS`].
    pub rounds: Vec<RoundSection>,
    /// Rounds that differ left out by [`MAX_ROUNDS`].
    pub more_rounds: usize,
    /// The readings the checker used (no system declared, the initial
    /// colour read from the rounds), the report's codes in them shown as
    /// code.
    pub notes: Vec<Vec<Chunk>>,
}

/// The section of `t` (whose tournament type the check decided: `kind`),
/// or `None` when the checker has nothing to say. On a page (`page`, what
/// is left of its budget), a Swiss of more than [`PAGE_MAX_PLAYERS`]
/// players, or one the budget no longer covers, is not re-paired and the
/// section says so.
pub(crate) fn section(
    t: &Tournament,
    kind: TournamentType,
    page: Option<&mut PageBudget>,
) -> Option<PairingsSection> {
    if kind != TournamentType::Swiss {
        return None;
    }
    if let Some(budget) = page {
        let n = t.players.len();
        let max = PAGE_MAX_PLAYERS;
        if n > max {
            return Some(PairingsSection::reason(format!(
                "This report has {n} players: the page re-pairs reports of up to {max} players, so that it answers in seconds. The trf program's pairings command re-pairs it (up to {} players).",
                crate::pairings::MAX_PLAYERS
            )));
        }
        let rounds = t.players.iter().map(|p| p.rounds.len()).max().unwrap_or(0);
        let work = work(n, rounds);
        if work > PAGE_WORK {
            return Some(PairingsSection::reason(format!(
                "This report has {n} players over {rounds} rounds: more than the page re-pairs, so that it answers in seconds. The trf program's pairings command re-pairs it."
            )));
        }
        if work > budget.left {
            return Some(PairingsSection::reason(
                "Not re-paired on this page: the reports sent with it took the time the page gives to re-pairing one upload. Send this report alone, or use the trf program's pairings command.".to_owned(),
            ));
        }
        budget.left -= work;
    }
    match check_pairings(t) {
        Ok(c) if c.all_same() => None,
        Ok(c) => Some(PairingsSection::of(t, &c)),
        Err(e) => said(&e).then(|| {
            PairingsSection::reason(format!(
                "The report's rounds could not be re-paired with the FIDE (Dutch) system: {e}."
            ))
        }),
    }
}

/// Whether a reason not to re-pair is worth the arbiter's reading: one the
/// report's own rounds give (what he can put right), or its size. Another
/// tournament type, another system or edition, or no rounds, are not; nor
/// are starting ranks missing or given twice, which the check's own
/// findings already point at line by line (a rank the reader could not
/// read at all would be named here as rank 0).
fn said(e: &NotRepaired) -> bool {
    matches!(
        e,
        NotRepaired::Entry(..)
            | NotRepaired::Unfinished(..)
            | NotRepaired::OneSided(..)
            | NotRepaired::TooMany(..)
            | NotRepaired::TooLarge { .. }
    )
}

impl PairingsSection {
    /// A section that gives only why the report was not re-paired.
    fn reason(why: String) -> PairingsSection {
        PairingsSection {
            edition: None,
            summary: String::new(),
            not_repaired: Some(why),
            rounds: Vec::new(),
            more_rounds: 0,
            notes: Vec::new(),
        }
    }

    /// The rounds of `c` that differ, the players named from `t`.
    fn of(t: &Tournament, c: &PairingsCheck) -> PairingsSection {
        let names: HashMap<u16, &str> = t
            .players
            .iter()
            .map(|p| (p.start_rank.value, p.name.value.as_str()))
            .collect();
        let line = |s: &ShownPair| PairLine(shown(s, &names));
        let differ: Vec<_> = c.rounds.iter().filter(|r| !r.same).collect();
        let mut budget = MAX_ROWS;
        let rounds: Vec<RoundSection> = differ
            .iter()
            .take(MAX_ROUNDS)
            .map(|r| {
                let shown = r.differences.len().min(budget);
                budget -= shown;
                RoundSection {
                    round: r.round,
                    criterion: r.criterion.clone(),
                    note: r.note.clone(),
                    rows: r.differences[..shown]
                        .iter()
                        .map(|d| (line(&d.checker), d.tournament.iter().map(line).collect()))
                        .collect(),
                    more: r.differences.len() - shown,
                }
            })
            .collect();
        PairingsSection {
            edition: Some(c.edition.to_owned()),
            summary: format!(
                "{} of {} round{} differ{} from the checker's pairing",
                differ.len(),
                c.rounds.len(),
                if c.rounds.len() == 1 { "" } else { "s" },
                if differ.len() == 1 { "s" } else { "" }
            ),
            not_repaired: None,
            more_rounds: differ.len() - rounds.len(),
            rounds,
            notes: c.notes.iter().map(|n| chunks(n)).collect(),
        }
    }
}

/// `12 Smith, Anna – 7 Jones, Bob` (White first), `12 Smith, Anna: bye`.
fn shown(s: &ShownPair, names: &HashMap<u16, &str>) -> String {
    let who = |n: u16| match names.get(&n) {
        Some(name) if !name.is_empty() => format!("{n} {name}"),
        _ => n.to_string(),
    };
    match s.black {
        None => format!("{}: bye", who(s.white)),
        Some(b) if s.no_colours => {
            format!("{} – {} (colours not given)", who(s.white), who(b))
        }
        Some(b) => format!("{} – {}", who(s.white), who(b)),
    }
}
