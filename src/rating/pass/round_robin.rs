//! What a round robin changes in the pass: its cycles, the complete
//! crosstable, the unrated players' round-robin route, and the 2003
//! averaged method's Ra.

use super::collect::{self, Collected};
use crate::model::tournament_type::{TournamentType, TypeDecision};
use crate::model::Tournament;
use crate::rating::maths::{
    round, round_robin_initial_ratings, Fraction, RoundRobinInput, RoundRobinRatings,
};
use crate::regulations::{ChangeMethod, InitialRatingMethod, Topic, Version};
use chrono::NaiveDate;

/// What the round-robin analysis decided.
pub(super) struct RoundRobin {
    /// The unrated players' route, when used.
    pub(super) route: Option<RoundRobinRatings>,
    /// 1 or 2 (0 when not a round robin).
    pub(super) cycles: u8,
    /// Ra for the 2003 averaged method of a complete round robin.
    pub(super) average: Option<i32>,
    pub(super) notes: Vec<String>,
}

pub(super) fn round_robin(
    t: &Tournament,
    kind: &TypeDecision,
    games: &Collected,
    stored: Option<&Result<collect::RoundRobinMatrix, collect::Incomplete>>,
    ratings: &[Option<u16>],
    version: Version,
    start: NaiveDate,
) -> RoundRobin {
    let regs = version.regulations();
    let mut out = RoundRobin {
        route: None,
        cycles: 0,
        average: None,
        notes: Vec::new(),
    };
    let cycles = match kind.kind {
        TournamentType::RoundRobin => 1,
        TournamentType::DoubleRoundRobin => 2,
        _ => return out,
    };
    out.cycles = cycles;
    let any_unrated = ratings.iter().any(Option::is_none);
    let route_in_text = matches!(
        regs.initial_rating,
        InitialRatingMethod::HalfPointIncrement {
            round_robin_route: true,
            ..
        }
    );
    let wants_route = route_in_text && any_unrated;
    let averaged = regs.change_method == ChangeMethod::Averaged;
    if !wants_route && !averaged {
        return out;
    }
    let matrix = match stored
        .cloned()
        .unwrap_or_else(|| collect::round_robin_matrix(t, games, cycles))
    {
        Ok(m) => m,
        Err(e) => {
            let (a, b) = match e {
                collect::Incomplete::UnplayedOrMissing { ranks }
                | collect::Incomplete::Asymmetric { ranks } => ranks,
            };
            out.notes.push(format!(
                "players {a} and {b} did not play all their round-robin games over the board (or their records disagree): the event is rated as a Swiss, as a round robin with an unplayed game is reported ({})",
                regs.reference(Topic::RoundRobinComposition)
            ));
            return out;
        }
    };
    if wants_route {
        let input = RoundRobinInput {
            ratings,
            scores: &matrix.scores,
            cycles,
            start_date: start,
            has_earlier_results: &[],
        };
        match round_robin_initial_ratings(version, &input) {
            Ok(r) => {
                out.notes.push(format!(
                    "unrated players rated by the round-robin route ({}){}",
                    regs.reference(Topic::InitialRating),
                    if regs.round_robin_counts_unrated_games {
                        "; rated players' games against them count at their computed Ru"
                    } else {
                        ""
                    }
                ));
                out.notes.extend(r.notes.iter().cloned());
                out.route = Some(r);
            }
            Err(e) => out.notes.push(format!(
                "round-robin route for unrated players not applicable: {}; they are rated as in a Swiss",
                e.describe(&|i| t.players.get(i).map_or_else(
                    || "?".to_owned(),
                    |p| format!("{} ({})", p.rank_label(), p.name.value)
                ))
            )),
        }
    }
    if averaged {
        out.average = match &out.route {
            Some(r) => i32::try_from(r.ra).ok(),
            None if !any_unrated => {
                let sum: i64 = ratings.iter().flatten().map(|&r| i64::from(r)).sum();
                let ra = Fraction::new(sum, ratings.len() as i64)
                    .map(|f| round(f, regs.rounding.averages))
                    .and_then(|r| i32::try_from(r).ok());
                if let Some(ra) = ra {
                    out.notes.push(format!(
                        "2003 round robin: each rated player's Rc = (Ra(n + 1) − R)/n with Ra = {ra}, the tournament's average rating"
                    ));
                }
                ra
            }
            None => None,
        };
    }
    out
}
