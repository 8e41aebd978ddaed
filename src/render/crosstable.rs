//! The crosstable of the HTML report and the pages: one row per player,
//! one cell per round, each game not rated marked with a footnote that
//! says why (read from the eligibility's decisions and the rating pass's
//! exclusions, never decided again here).

use crate::eligibility::{Decision, Reason};
use crate::model::{Player, RoundResult};
use crate::rating::RatingSummary;

use super::opt;

/// The crosstable.
#[derive(Debug)]
pub(super) struct CrossTable {
    /// Round numbers.
    pub rounds: Vec<u16>,
    /// One row per player, in file order.
    pub rows: Vec<CrossRow>,
    /// The marks used, with what they mean and how often (in every row,
    /// shown or not).
    pub legend: Vec<LegendItem>,
    /// Players whose rows are left out: a crosstable of more than
    /// [`CROSS_CELLS`] games shows only its first rows.
    pub hidden: usize,
}

/// The games a crosstable shows at most (5555 players of 9 rounds, 505 of
/// 99). A table of every game of 9999 players and 99 rounds is some 70 MB
/// of HTML that no browser lays out and no one reads; the page that holds
/// it took gigabytes to build.
pub(super) const CROSS_CELLS: usize = 50_000;

/// A player's row.
#[derive(Debug)]
pub(super) struct CrossRow {
    /// Starting rank, or `line 15` when it cannot be read.
    pub rank: String,
    /// Name.
    pub name: String,
    /// Rating or empty.
    pub rating: String,
    /// Points as written.
    pub points: String,
    /// One cell per round.
    pub cells: Vec<Cell>,
}

/// One round of one player.
#[derive(Debug)]
pub(super) struct Cell {
    /// Opponent's starting rank, or empty.
    pub opponent: String,
    /// `w`, `b` or empty.
    pub colour: &'static str,
    /// The result as people write it (`1`, `½`, `0`, `+`, `−`, `H` …).
    pub result: String,
    /// The footnote mark of an excluded game, else empty.
    pub mark: &'static str,
    /// Why the game is not rated (hover text), else empty.
    pub why: String,
}

/// A footnote of the crosstable.
#[derive(Debug)]
pub(super) struct LegendItem {
    /// The mark (`a`, `b` …).
    pub mark: &'static str,
    /// What it means.
    pub text: &'static str,
    /// Cells with this mark.
    pub count: usize,
}

/// Why a game is not rated, with its footnote mark.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Excluded {
    Forfeit,
    ShortGame,
    Bye,
    Pending,
    Unknown,
    WithoutOpponent,
    AgainstUnrated,
    BetweenUnrated,
    /// Played, but left out by the regulations (below the rate of play,
    /// after the match was decided, …): the reason is the rating pass's.
    Regulation,
}

impl Excluded {
    const ALL: [Excluded; 9] = [
        Excluded::Forfeit,
        Excluded::ShortGame,
        Excluded::Bye,
        Excluded::Pending,
        Excluded::Unknown,
        Excluded::WithoutOpponent,
        Excluded::AgainstUnrated,
        Excluded::BetweenUnrated,
        Excluded::Regulation,
    ];

    fn mark(self) -> &'static str {
        ["a", "b", "c", "d", "e", "f", "g", "h", "i"][self as usize]
    }

    fn why(self) -> &'static str {
        match self {
            Excluded::Forfeit => "forfeit (+ or −): the game was not played and is not rated",
            Excluded::ShortGame => "less than one move was played (W, D, L): not rated",
            Excluded::Bye => "bye (H, F, U, Z): no game was played",
            Excluded::Pending => "paired but no result yet: not rated",
            Excluded::Unknown => "a result letter TRF does not define: not rated",
            Excluded::WithoutOpponent => "the opponent is not in the file: not rated",
            Excluded::AgainstUnrated => {
                "the opponent is unrated: the game does not change this player's rating"
            }
            Excluded::BetweenUnrated => {
                "both players are unrated: no rated player's rating changes with this game"
            }
            Excluded::Regulation => {
                "played, but left out by the regulations (the cell's hover text and the list of games not rated give the reason and the article)"
            }
        }
    }
}

/// A played game that changes no rating because of an unrated player.
fn unrated_opponent(
    p: &Player,
    opponent: Option<&Player>,
    excluded: &crate::rating::ExcludedGames,
) -> Option<Excluded> {
    match opponent {
        None => Some(Excluded::WithoutOpponent),
        Some(o) => match (p.rating.is_some(), o.rating.is_some()) {
            (true, false) if excluded.against_unrated > 0 => Some(Excluded::AgainstUnrated),
            (false, false) if excluded.between_unrated > 0 => Some(Excluded::BetweenUnrated),
            _ => None,
        },
    }
}

/// The crosstable of `players` over `rounds` rounds: each game's result,
/// and why it is not rated (the eligibility's decision, the rating pass's
/// exclusions in `s`) as a footnote mark.
pub(super) fn crosstable(
    players: &[Player],
    rounds: u16,
    s: &RatingSummary,
    eligibility: &crate::eligibility::Eligibility,
) -> CrossTable {
    let by_rank: std::collections::HashMap<u16, &Player> =
        players.iter().map(|p| (p.start_rank.value, p)).collect();
    let excluded = &s.tournament.excluded;
    // Played games the rating pass leaves out by a rule of the
    // regulations: the pass's own list, so the table and the figures agree.
    let by_rule: std::collections::HashMap<(u16, u16), &crate::rating::ExcludedGame> = s
        .excluded_games
        .iter()
        .filter(|g| g.players.len() == 2 && g.rule.is_some())
        .flat_map(|g| g.players.iter().map(move |&p| ((g.round, p), g)))
        .collect();
    let mut counts = [0usize; 9];
    let shown = CROSS_CELLS / usize::from(rounds).max(1);
    let rows = players
        .iter()
        .enumerate()
        .filter_map(|(i, p)| {
            let cells = (1..=usize::from(rounds))
                .filter_map(|r| {
                    let e = p.round(r);
                    let opponent = e.opponent.and_then(|o| by_rank.get(&o).copied());
                    let ruled = by_rule.get(&(r as u16, p.start_rank.value)).copied();
                    // What the eligibility stage decided; a game the rating
                    // pass lists with its rule carries the rule's reason.
                    let decision = eligibility.of(i, u16::try_from(r).unwrap_or(u16::MAX));
                    let why = match decision {
                        Decision::NotRated { .. } | Decision::Rated
                            if ruled.is_some() && matches!(e.result, RoundResult::Game { .. }) =>
                        {
                            Some(Excluded::Regulation)
                        }
                        Decision::NotRated { reason, .. } => match reason {
                            Reason::Forfeit => Some(Excluded::Forfeit),
                            Reason::ShortGame => Some(Excluded::ShortGame),
                            Reason::Bye(_) => Some(Excluded::Bye),
                            Reason::Pending => Some(Excluded::Pending),
                            Reason::UnknownResult => Some(Excluded::Unknown),
                            Reason::WithoutOpponent => Some(Excluded::WithoutOpponent),
                            // Left out by a rule, but not listed: the event
                            // is not rated at all.
                            Reason::Ruled(_) | Reason::RatingGap | Reason::NotOnList => {
                                unrated_opponent(p, opponent, excluded)
                            }
                        },
                        Decision::Rated => unrated_opponent(p, opponent, excluded),
                        Decision::NoEntry => None,
                    };
                    if let Some(w) = why {
                        counts[w as usize] += 1;
                    }
                    // Past the rows shown, a cell is only counted.
                    if i >= shown {
                        return None;
                    }
                    let result = match e.result {
                        RoundResult::Game {
                            outcome: crate::model::Outcome::Draw,
                        } => "½".to_owned(),
                        RoundResult::Forfeit { won: false } => "−".to_owned(),
                        RoundResult::NotPaired | RoundResult::Pending => String::new(),
                        other => other.letter().to_string(),
                    };
                    Some(Cell {
                        opponent: opt(e.opponent),
                        colour: match e.colour {
                            Some(crate::model::Colour::White) => "w",
                            Some(crate::model::Colour::Black) => "b",
                            None => "",
                        },
                        result,
                        mark: why.map_or("", Excluded::mark),
                        why: match (why, ruled) {
                            (Some(Excluded::Regulation), Some(g)) => {
                                format!("{} ({})", g.why, g.article)
                            }
                            _ => why.map_or("", Excluded::why).to_owned(),
                        },
                    })
                })
                .collect();
            (i < shown).then(|| CrossRow {
                rank: match p.start_rank.value {
                    0 => format!("line {}", p.line),
                    r => r.to_string(),
                },
                name: p.name.value.clone(),
                rating: opt(p.rating.map(|r| r.value)),
                points: opt(p.points.as_ref().map(|x| x.value)),
                cells,
            })
        })
        .collect();
    CrossTable {
        rounds: (1..=rounds).collect(),
        rows,
        hidden: players.len().saturating_sub(shown),
        legend: Excluded::ALL
            .iter()
            .filter(|w| counts[**w as usize] > 0)
            .map(|w| LegendItem {
                mark: w.mark(),
                text: w.why(),
                count: counts[*w as usize],
            })
            .collect(),
    }
}
