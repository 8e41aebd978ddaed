//! Initial rating (Ru) of an unrated player from one event, Swiss or team
//! route (docs/spec/regulations.md R15, R16, R20, R26, R28).
//!
//! * 2003–2013: Ra = average of the rated opponents. At 50 %: Ra. Above:
//!   Ra + 12.5 per half-point above 50 %. Below: Ra + dp(p).
//! * 2014–2022: the same with 20 per half-point.
//! * 2024: two hypothetical 1800 opponents, both drawn, are added:
//!   Ra = (Σopp + 3600)/(n + 2), p = (W + 1)/(n + 2), Ru = Ra + dp(p),
//!   at most 2200.
//!
//! Round robins of 2003–2014 use the tournament route in
//! [`super::round_robin_initial_ratings`]. Ra is rounded half up before the increment is
//! added, as the 2005 round-robin example does (2348.45 → 2348) and as
//! docs/spec/regulations.md §2 point 3 states for averages; with whole-number
//! increments and dp (2014 on) this makes no difference.

use super::rounding::{p_hundredths, round};
use super::tables::dp;
use super::units::{Fraction, GameScore, HalfPoints, Hundredths};
use crate::regulations::{InitialRatingMethod, RatedCount, RequirementScope, Version};
use chrono::NaiveDate;
use serde::Serialize;

/// One game of an unrated player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub(crate) struct UnratedGame {
    /// The opponent's rating; `None` if the opponent is unrated too (such
    /// games never count for an initial rating).
    pub opponent_rating: Option<u16>,
    /// The unrated player's result.
    pub score: GameScore,
}

/// An unrated player's games in one event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct UnratedInput<'a> {
    /// Played games (unplayed games removed).
    pub games: &'a [UnratedGame],
    /// Tournament start date (dated sub-rules and the floor in force).
    pub start_date: NaiveDate,
    /// Whether the player already has counted results from earlier events;
    /// `None` = unknown, treated as a first event (stated in the notes).
    pub has_earlier_results: Option<bool>,
    /// Distinct rated opponents met, for the texts that ask a number of
    /// rated **opponents** (2003–2013: three; a player met twice counts
    /// once). `None` = not known: each game against a rated opponent is
    /// taken as a different opponent, and the notes say so.
    pub rated_opponents: Option<u32>,
}

/// Why an event does not count towards an initial rating.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, thiserror::Error)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub(crate) enum Exclusion {
    /// No game against a rated opponent.
    #[error("no game against a rated opponent")]
    NoRatedOpponents,
    /// Fewer rated opponents than the version requires in one event.
    #[error(
        "met {played} rated {}; at least {required} are needed in an event",
        if *played == 1 { "opponent" } else { "opponents" }
    )]
    TooFewRatedOpponents {
        /// Rated opponents met.
        played: u32,
        /// Required.
        required: u32,
    },
    /// Fewer games against rated opponents than the version requires in
    /// one event (2005 art. 6.42 counts games, not opponents).
    #[error(
        "played {played} {} against rated opponents; at least {required} are needed in an event",
        if *played == 1 { "game" } else { "games" }
    )]
    TooFewRatedGames {
        /// Games against rated opponents.
        played: u32,
        /// Required.
        required: u32,
    },
    /// The score is below the version's minimum (0 or ½ in 2003–2005, under
    /// 1 point in 2009–2013, 0 from 2014).
    #[error("scored {score}; at least {required} is needed{}", if *first_event_only { " in a first event" } else { "" })]
    ScoreTooLow {
        /// The score against rated opponents (the whole event in a round robin).
        score: HalfPoints,
        /// The minimum.
        required: HalfPoints,
        /// The minimum applies only to the player's first event.
        first_event_only: bool,
    },
    /// The score needs dp for p = 0 or 1, which the version leaves blank.
    #[error("fractional score p = {p_hundredths}% needs dp for p = 0 or 1, which this text leaves undefined")]
    DpUndefined {
        /// p in hundredths.
        p_hundredths: u32,
    },
}

/// An exclusion with the assumptions it rests on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Excluded {
    /// The reason.
    pub reason: Exclusion,
    /// The opponents' games against this player are disregarded too (2003, 2005).
    pub opponents_games_disregarded: bool,
    /// Assumptions made (e.g. "assumed this is the player's first rated event").
    pub notes: Vec<String>,
}

/// Whether an initial rating is published.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub(crate) enum Publication {
    /// At or above the floor, with enough games.
    Published,
    /// Below the floor in force.
    BelowFloor {
        /// The floor.
        floor: u16,
        /// The result is discarded (2005: GA 2005) rather than kept in the pool.
        discarded: bool,
    },
    /// Not enough games yet; the result waits in the pool.
    TooFewGames {
        /// Games so far.
        games: u32,
        /// Games required.
        required: u32,
    },
}

/// Initial rating from one event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct InitialRating {
    /// Indices (into the input) of the games used: those against rated opponents.
    pub games_used: Vec<usize>,
    /// n: games against rated opponents.
    pub games: u32,
    /// W: score in those games.
    pub score: HalfPoints,
    /// Average of the opponents, exact (2024: including the two hypothetical 1800s).
    pub opponents_average: Fraction,
    /// That average rounded half up (Ra).
    pub ra: i64,
    /// p in hundredths, where dp was used.
    pub p_hundredths: Option<u32>,
    /// dp, where used.
    pub dp: Option<i32>,
    /// The increment above 50 %, where used (hundredths of a point).
    pub increment: Option<Hundredths>,
    /// Ru before rounding.
    pub ru_exact: Fraction,
    /// Ru rounded (and limited to the maximum, 2024).
    pub ru: i64,
    /// Set when Ru was reduced to the version's maximum.
    pub capped_at_maximum: Option<u16>,
    /// Whether this result alone is published.
    pub publication: Publication,
    /// Every assumption and rule choice, for users.
    pub notes: Vec<String>,
}

/// The initial rating from one event, or why the event does not count.
pub(crate) fn initial_rating(
    version: Version,
    input: &UnratedInput<'_>,
) -> Result<InitialRating, Excluded> {
    let regs = version.regulations();
    let rule = regs.unrated_event.at(input.start_date);
    let mut notes = Vec::new();

    let games_used: Vec<usize> = input
        .games
        .iter()
        .enumerate()
        .filter(|(_, g)| g.opponent_rating.is_some())
        .map(|(i, _)| i)
        .collect();
    let skipped = input.games.len() - games_used.len();
    if skipped > 0 {
        notes.push(format!(
            "{} against unrated opponents not counted",
            crate::diag::plural(skipped as u64, "game", "games")
        ));
    }
    let n = games_used.len() as u32;
    let score: HalfPoints = games_used
        .iter()
        .filter_map(|&i| input.games.get(i))
        .map(|g| g.score.half_points())
        .sum();
    let opp_sum: i64 = games_used
        .iter()
        .filter_map(|&i| input.games.get(i).and_then(|g| g.opponent_rating))
        .map(i64::from)
        .sum();

    let excluded = |reason, notes: Vec<String>| Excluded {
        reason,
        opponents_games_disregarded: rule.opponents_games_disregarded,
        notes,
    };
    if n == 0 {
        return Err(excluded(Exclusion::NoRatedOpponents, notes));
    }
    let first_event = first_event(input.has_earlier_results, &mut notes);
    if let Some(req) = rule.min_rated_opponents {
        if applies(req.scope, first_event) {
            let met = match rule.rated_counted {
                RatedCount::Games => n,
                RatedCount::Opponents => input.rated_opponents.unwrap_or_else(|| {
                    notes.push(format!(
                        "the {n} {} against rated opponents {} taken as {n} different {}: the opponents are not known",
                        if n == 1 { "game" } else { "games" },
                        if n == 1 { "is" } else { "are" },
                        if n == 1 { "opponent" } else { "opponents" },
                    ));
                    n
                }),
            };
            if met < req.minimum {
                let reason = match rule.rated_counted {
                    RatedCount::Games => Exclusion::TooFewRatedGames {
                        played: met,
                        required: req.minimum,
                    },
                    RatedCount::Opponents => Exclusion::TooFewRatedOpponents {
                        played: met,
                        required: req.minimum,
                    },
                };
                return Err(excluded(reason, notes));
            }
        }
    }
    if let Some(req) = rule.min_half_points {
        if applies(req.scope, first_event) && score.0 < req.minimum {
            let reason = Exclusion::ScoreTooLow {
                score,
                required: HalfPoints(req.minimum),
                first_event_only: req.scope == RequirementScope::FirstEventOnly,
            };
            return Err(excluded(reason, notes));
        }
    }

    let mode = regs.rounding.initial_rating;
    let avg_mode = regs.rounding.averages;
    let mut out = match regs.initial_rating {
        InitialRatingMethod::HalfPointIncrement {
            per_half_point_hundredths,
            ..
        } => {
            let avg = Fraction::new(opp_sum, i64::from(n));
            let Some(avg) = avg else {
                return Err(excluded(Exclusion::NoRatedOpponents, notes));
            };
            let ra = round(avg, avg_mode);
            let excess = i64::from(score.0) - i64::from(n);
            let (ru_exact, p, d, inc) = if excess >= 0 {
                let inc = excess * i64::from(per_half_point_hundredths);
                let exact = Fraction::new(ra * 100 + inc, 100).unwrap_or(Fraction::from_int(ra));
                (exact, None, None, Some(Hundredths(inc)))
            } else {
                let p = p_hundredths(score, n).unwrap_or(0);
                let Some(d) = dp(p, version) else {
                    return Err(excluded(Exclusion::DpUndefined { p_hundredths: p }, notes));
                };
                (
                    Fraction::from_int(ra + i64::from(d)),
                    Some(p),
                    Some(d),
                    None,
                )
            };
            InitialRating {
                games_used,
                games: n,
                score,
                opponents_average: avg,
                ra,
                p_hundredths: p,
                dp: d,
                increment: inc,
                ru_exact,
                ru: round(ru_exact, mode),
                capped_at_maximum: None,
                publication: Publication::Published,
                notes,
            }
        }
        InitialRatingMethod::HypotheticalDraws {
            opponents,
            hypothetical_rating,
            maximum,
        } => {
            let total_games = n + opponents;
            let avg = Fraction::new(
                opp_sum + i64::from(opponents) * i64::from(hypothetical_rating),
                i64::from(total_games),
            );
            let Some(avg) = avg else {
                return Err(excluded(Exclusion::NoRatedOpponents, notes));
            };
            let ra = round(avg, avg_mode);
            // Each hypothetical game is a draw: one half-point.
            let p = p_hundredths(HalfPoints(score.0 + opponents), total_games).unwrap_or(0);
            let Some(d) = dp(p, version) else {
                return Err(excluded(Exclusion::DpUndefined { p_hundredths: p }, notes));
            };
            let ru_exact = Fraction::from_int(ra + i64::from(d));
            let rounded = round(ru_exact, mode);
            let capped = rounded > i64::from(maximum);
            if capped {
                notes.push(format!(
                    "Ru {rounded} limited to the maximum initial rating {maximum}"
                ));
            }
            InitialRating {
                games_used,
                games: n,
                score,
                opponents_average: avg,
                ra,
                p_hundredths: Some(p),
                dp: Some(d),
                increment: None,
                ru_exact,
                ru: rounded.min(i64::from(maximum)),
                capped_at_maximum: capped.then_some(maximum),
                publication: Publication::Published,
                notes,
            }
        }
    };
    out.publication = publication(version, input.start_date, out.ru, n);
    match out.publication {
        Publication::Published => {}
        Publication::BelowFloor { floor, discarded } => out.notes.push(format!(
            "Ru {} is below the floor {floor}: not published{}",
            out.ru,
            if discarded {
                "; the result is discarded"
            } else {
                "; the results stay in the pool"
            }
        )),
        Publication::TooFewGames { games, required } => out.notes.push(format!(
            "{} against rated opponents; {required} are needed before a first rating is published",
            crate::diag::plural(games as u64, "game", "games")
        )),
    }
    Ok(out)
}

/// Whether a (pooled or single-event) initial rating `ru` from `games`
/// games is published under `version` for an event starting on `start`.
/// Below the floor is reported before too few games.
pub(crate) fn publication(version: Version, start: NaiveDate, ru: i64, games: u32) -> Publication {
    let regs = version.regulations();
    let floor = regs.floor.at(start);
    if ru < i64::from(floor.min_rating) {
        Publication::BelowFloor {
            floor: floor.min_rating,
            discarded: floor.below_floor_discarded,
        }
    } else if games < regs.min_games_first_rating {
        Publication::TooFewGames {
            games,
            required: regs.min_games_first_rating,
        }
    } else {
        Publication::Published
    }
}

/// Resolves "is this the first event", noting the assumption when unknown.
pub(super) fn first_event(has_earlier_results: Option<bool>, notes: &mut Vec<String>) -> bool {
    match has_earlier_results {
        Some(earlier) => !earlier,
        None => {
            notes.push(
                "assumed this is the player's first rated event (earlier results unknown)"
                    .to_owned(),
            );
            true
        }
    }
}

pub(super) fn applies(scope: RequirementScope, first_event: bool) -> bool {
    match scope {
        RequirementScope::EveryEvent => true,
        RequirementScope::FirstEventOnly => first_event,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap_or_default()
    }

    fn games(list: &[(Option<u16>, GameScore)]) -> Vec<UnratedGame> {
        list.iter()
            .map(|&(opponent_rating, score)| UnratedGame {
                opponent_rating,
                score,
            })
            .collect()
    }

    #[test]
    fn unrated_opponents_are_skipped() {
        use GameScore::*;
        let g = games(&[
            (Some(1650), Win),
            (None, Win),
            (Some(1720), Win),
            (Some(1800), Draw),
            (Some(1900), Loss),
            (Some(1580), Win),
        ]);
        let input = UnratedInput {
            games: &g,
            start_date: date(2023, 5, 1),
            has_earlier_results: Some(false),
            rated_opponents: None,
        };
        let r = initial_rating(Version::V2022, &input);
        let r = r.as_ref().map(|r| (r.games_used.clone(), r.ru));
        assert_eq!(r.ok(), Some((vec![0, 2, 3, 4, 5], 1770)));
    }

    #[test]
    fn version_specific_exclusions() {
        use GameScore::*;
        let half = games(&[(Some(2000), Draw), (Some(2000), Loss), (Some(2000), Loss)]);
        // 2003: 0 or ½ in any event.
        let i = mk(&half, Some(true), date(2004, 1, 1));
        assert!(matches!(
            initial_rating(Version::V2003, &i).map_err(|e| e.reason),
            Err(Exclusion::ScoreTooLow { .. })
        ));
        // 2005: only in the first event.
        let i = mk(&half, Some(true), date(2006, 1, 1));
        assert!(initial_rating(Version::V2005, &i).is_ok());
        let i = mk(&half, Some(false), date(2006, 1, 1));
        assert!(initial_rating(Version::V2005, &i).is_err());
        // 2014 on: ½ is enough even in a first event.
        let i = mk(&half, Some(false), date(2015, 1, 1));
        assert!(initial_rating(Version::V2014, &i).is_ok());
        // 2005: three games against rated opponents in every event (art.
        // 6.42 counts games).
        let two = games(&[(Some(2000), Win), (Some(2000), Win), (None, Win)]);
        let i = mk(&two, Some(true), date(2006, 1, 1));
        let e = initial_rating(Version::V2005, &i).err();
        assert_eq!(
            e.as_ref().map(|e| e.reason),
            Some(Exclusion::TooFewRatedGames {
                played: 2,
                required: 3
            })
        );
        // 2003: three rated opponents; three games against one opponent
        // are one opponent.
        let one = games(&[(Some(2000), Win), (Some(2000), Win), (Some(2000), Win)]);
        let mut i = mk(&one, Some(true), date(2004, 1, 1));
        i.rated_opponents = Some(1);
        assert_eq!(
            initial_rating(Version::V2003, &i).err().map(|e| e.reason),
            Some(Exclusion::TooFewRatedOpponents {
                played: 1,
                required: 3
            })
        );
        let mut i = mk(&one, Some(true), date(2006, 1, 1));
        i.rated_opponents = Some(1);
        assert!(initial_rating(Version::V2005, &i).is_ok());
        assert_eq!(e.map(|e| e.opponents_games_disregarded), Some(true));
        // No rated opponents at all.
        let none = games(&[(None, Win)]);
        let i = mk(&none, None, date(2023, 1, 1));
        assert_eq!(
            initial_rating(Version::V2022, &i).err().map(|e| e.reason),
            Some(Exclusion::NoRatedOpponents)
        );
    }

    #[test]
    fn dp_undefined_before_2014() {
        use GameScore::*;
        // A later event with a zero: dp(0) is blank in the 2005 text.
        let zero = games(&[(Some(2000), Loss), (Some(2000), Loss), (Some(2000), Loss)]);
        let i = UnratedInput {
            games: &zero,
            start_date: date(2006, 1, 1),
            has_earlier_results: Some(true),
            rated_opponents: None,
        };
        assert_eq!(
            initial_rating(Version::V2005, &i).err().map(|e| e.reason),
            Some(Exclusion::DpUndefined { p_hundredths: 0 })
        );
        // 2022: −800 is defined.
        let i = UnratedInput {
            games: &zero,
            start_date: date(2023, 1, 1),
            has_earlier_results: Some(true),
            rated_opponents: None,
        };
        assert_eq!(
            initial_rating(Version::V2022, &i).ok().map(|r| r.ru),
            Some(1200)
        );
    }

    #[test]
    fn exclusion_text() {
        let e = Exclusion::ScoreTooLow {
            score: HalfPoints(1),
            required: HalfPoints(2),
            first_event_only: true,
        };
        assert_eq!(
            e.to_string(),
            "scored 0.5; at least 1 is needed in a first event"
        );
    }

    fn mk(
        games: &[UnratedGame],
        has_earlier_results: Option<bool>,
        start_date: NaiveDate,
    ) -> UnratedInput<'_> {
        UnratedInput {
            games,
            start_date,
            has_earlier_results,
            rated_opponents: None,
        }
    }
}
