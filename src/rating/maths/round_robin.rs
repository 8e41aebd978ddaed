//! The round-robin route for unrated players (2003–2014; docs/spec/regulations.md R23,
//! R26, §3.1).
//!
//! 1. Ra = Rar − dpa × n/(n + 1), from the rated players' average rating Rar
//!    and the average dpa of their dp(p); rounded half up (2348.45 → 2348).
//! 2. First pass: at 50 %, Ru = Ra; above, Ra + the increment per half-point
//!    above 50 %; below, Ra + dp × n/(n + 1); rounded half up.
//!
//! In both formulas n is the number of **opponents** (2003/2005 art. 10.21,
//! 10.25: "n/(n + 1)" with n the opponents met): in a double round robin it
//! is half the games. p, the score above 50 % and the averages of step 3 run
//! over the games. docs/spec/regulations.md §3.1 only shows a single round robin,
//! where the two agree; the later texts with this route (2009–2014) are
//! read the same.
//! 3. Correction: for each unrated player, every opponent (rated, or unrated
//!    with its first-pass Ru) more than the cap away is counted at exactly the
//!    cap; the total adjustment is spread over the n games:
//!    Rc(new) = Ra + Σadjust/n (rounded), and Ru(new) follows as in step 2.
//!
//! The regulations' worked example (2005 art. 10.54) makes **one**
//! correction pass, and its Ru(new) values are "the fixed ratings of the
//! unrated players" (docs/spec/regulations.md §3.1). A second pass would move them
//! again (player C: 2414 → 2419), so no further iteration is made.
//!
//! Players the version disregards (2003: 0 or ½; 2005: 0 or ½ in a first
//! event; 2009: under 1 point) are removed with their games before step 1,
//! repeatedly, since removing one can lower another's score.

use super::rounding::{p_hundredths, round};
use super::tables::dp;
use super::units::{Fraction, HalfPoints};
use super::unrated::{applies, first_event, publication, Exclusion, Publication};
use crate::regulations::{InitialRatingMethod, RequirementScope, Version};
use chrono::NaiveDate;
use serde::Serialize;

/// A complete round robin.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RoundRobinInput<'a> {
    /// Each player's rating; `None` for unrated players.
    pub ratings: &'a [Option<u16>],
    /// Row-major m × m matrix: `scores[i * m + j]` = half-points player `i`
    /// scored against player `j` over all cycles. The diagonal is 0 and
    /// `scores[i][j] + scores[j][i] = 2 × cycles`.
    pub scores: &'a [u32],
    /// 1 for a single, 2 for a double round robin.
    pub cycles: u8,
    /// Tournament start date.
    pub start_date: NaiveDate,
    /// Per player: whether earlier counted results exist (for the
    /// first-event rules); empty = unknown for everyone.
    pub has_earlier_results: &'a [Option<bool>],
}

/// Why a round robin cannot be computed by this route. Players are
/// indices into the input; [`RoundRobinError::describe`] names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[non_exhaustive]
pub(crate) enum RoundRobinError {
    /// The version has no round-robin route.
    NoRoundRobinRoute(Version),
    /// The score matrix is not m × m.
    MatrixSize {
        /// Players.
        players: usize,
        /// Cells given.
        cells: usize,
        /// Cells required.
        expected: usize,
    },
    /// `has_earlier_results` is neither empty nor one entry per player.
    HistorySize {
        /// Players.
        players: usize,
        /// Entries given.
        given: usize,
    },
    /// Zero cycles.
    NoCycles,
    /// A diagonal cell is not 0.
    SelfScore {
        /// Player index.
        player: usize,
    },
    /// Two players' scores against each other do not add up to the games played.
    PairSum {
        /// First player.
        a: usize,
        /// Second player.
        b: usize,
        /// Their total.
        sum: u32,
        /// 2 × cycles.
        expected: u32,
    },
    /// Fewer than two players remain.
    TooFewPlayers,
    /// No rated player remains, so Rar is undefined.
    NoRatedPlayers,
    /// A player scored 100 % or 0 % where the version leaves dp blank.
    DpUndefined {
        /// Player index.
        player: usize,
        /// p in hundredths.
        p_hundredths: u32,
    },
}

impl RoundRobinError {
    /// The reason in words, naming each player by `who(index)` (the
    /// rating pass gives the starting rank and name).
    pub(crate) fn describe(&self, who: &dyn Fn(usize) -> String) -> String {
        match *self {
            RoundRobinError::NoRoundRobinRoute(v) => format!(
                "the {v} text has no round-robin route for unrated players; use the Swiss calculation"
            ),
            RoundRobinError::MatrixSize {
                players,
                cells,
                expected,
            } => format!("score matrix has {cells} cells; {players} players need {expected}"),
            RoundRobinError::HistorySize { players, given } => {
                format!("{given} 'earlier results' entries for {players} players")
            }
            RoundRobinError::NoCycles => "a round robin has at least one cycle".to_owned(),
            RoundRobinError::SelfScore { player } => {
                format!("player {} has a score against themself", who(player))
            }
            RoundRobinError::PairSum {
                a,
                b,
                sum,
                expected,
            } => format!(
                "players {} and {} scored {sum} half-points between them; {expected} expected",
                who(a),
                who(b)
            ),
            RoundRobinError::TooFewPlayers => "fewer than two players remain".to_owned(),
            RoundRobinError::NoRatedPlayers => {
                "no rated player remains, so the tournament average is undefined".to_owned()
            }
            RoundRobinError::DpUndefined {
                player,
                p_hundredths,
            } => format!(
                "player {} scored p = {p_hundredths}%, whose dp this text leaves undefined",
                who(player)
            ),
        }
    }
}

impl std::fmt::Display for RoundRobinError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.describe(&|i| format!("at index {i}")))
    }
}

impl std::error::Error for RoundRobinError {}

/// One unrated player's initial rating by the round-robin route.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct RoundRobinUnrated {
    /// Player index.
    pub player: usize,
    /// Score in the (remaining) event.
    pub score: HalfPoints,
    /// First-pass Ru, exact.
    pub first_pass_exact: Fraction,
    /// First-pass Ru, rounded.
    pub first_pass: i64,
    /// Opponents counted at exactly the cap: (player index, rating counted).
    pub moved_opponents: Vec<(usize, i64)>,
    /// Σ(counted − actual) over all games, in rating points.
    pub adjustment: i64,
    /// Rc(new) = Ra + adjustment/n, exact.
    pub rc_exact: Fraction,
    /// Rc(new), rounded.
    pub rc: i64,
    /// Ru(new), exact.
    pub ru_exact: Fraction,
    /// Ru(new), rounded: the player's rating for this event.
    pub ru: i64,
    /// Whether this result alone is published.
    pub publication: Publication,
}

/// The round robin's tournament figures and the unrated players' ratings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct RoundRobinRatings {
    /// Players kept (indices into the input).
    pub active: Vec<usize>,
    /// Players removed, with the reason; their games are disregarded.
    pub excluded: Vec<(usize, Exclusion)>,
    /// n: games per remaining player.
    pub games_per_player: u32,
    /// Rar: average rating of the rated players, exact.
    pub rar: Fraction,
    /// dpa: average dp of the rated players, exact.
    pub dpa: Fraction,
    /// Ra = Rar − dpa × n/(n + 1), exact.
    pub ra_exact: Fraction,
    /// Ra rounded half up.
    pub ra: i64,
    /// The unrated players.
    pub unrated: Vec<RoundRobinUnrated>,
    /// The rating each player counts with for the others: the rating, or the
    /// computed Ru; `None` for excluded players.
    pub counted_ratings: Vec<Option<i64>>,
    /// Assumptions and rule choices.
    pub notes: Vec<String>,
}

/// Runs the round-robin route of `version` on `input`.
pub(crate) fn round_robin_initial_ratings(
    version: Version,
    input: &RoundRobinInput<'_>,
) -> Result<RoundRobinRatings, RoundRobinError> {
    let regs = version.regulations();
    let per_half_point = match regs.initial_rating {
        InitialRatingMethod::HalfPointIncrement {
            per_half_point_hundredths,
            round_robin_route: true,
        } => i64::from(per_half_point_hundredths),
        _ => return Err(RoundRobinError::NoRoundRobinRoute(version)),
    };
    let m = input.ratings.len();
    validate(input, m)?;
    let cycles = u32::from(input.cycles);
    let at = |i: usize, j: usize| input.scores.get(i * m + j).copied().unwrap_or(0);
    let mut notes = Vec::new();

    // Remove disregarded unrated players until stable.
    let rule = regs.unrated_event.at(input.start_date);
    let mut active: Vec<bool> = vec![true; m];
    let mut excluded = Vec::new();
    let mut assumed_first = false;
    let first: Vec<bool> = (0..m)
        .map(|i| {
            let mut tmp = Vec::new();
            let f = first_event(
                input.has_earlier_results.get(i).copied().flatten(),
                &mut tmp,
            );
            assumed_first |= input.ratings[i].is_none() && !tmp.is_empty();
            f
        })
        .collect();
    if assumed_first {
        notes.push(
            "assumed the unrated players' first rated event (earlier results unknown)".to_owned(),
        );
    }
    if let Some(req) = rule.min_half_points {
        let candidates: Vec<bool> = (0..m)
            .map(|i| input.ratings[i].is_none() && applies(req.scope, first[i]))
            .collect();
        for (i, s) in
            crate::eligibility::round_robin::disregarded(input.scores, &candidates, req.minimum)
        {
            active[i] = false;
            excluded.push((
                i,
                Exclusion::ScoreTooLow {
                    score: HalfPoints(s),
                    required: HalfPoints(req.minimum),
                    first_event_only: req.scope == RequirementScope::FirstEventOnly,
                },
            ));
        }
    }
    if !excluded.is_empty() {
        notes.push(format!(
            "{} disregarded with their games before computing Ra",
            crate::diag::plural(excluded.len() as u64, "unrated player", "unrated players")
        ));
    }

    let players: Vec<usize> = (0..m).filter(|&i| active[i]).collect();
    if players.len() < 2 {
        return Err(RoundRobinError::TooFewPlayers);
    }
    // n of the formulas is the number of opponents (2003/2005 art. 10.21,
    // 10.25): in a double round robin half the games. Scores, p and the
    // averages run over the games.
    let opponents = players.len() as u32 - 1;
    let n = cycles * opponents;
    let n64 = i64::from(n);
    let o64 = i64::from(opponents);
    let score = |i: usize| HalfPoints(players.iter().map(|&j| at(i, j)).sum());

    // Step 1: Rar, dpa, Ra.
    let mut rated_sum = 0i64;
    let mut dp_sum = 0i64;
    let mut rated_count = 0i64;
    for &i in &players {
        if let Some(r) = input.ratings[i] {
            let p = p_hundredths(score(i), n).unwrap_or(0);
            let d = dp(p, version).ok_or(RoundRobinError::DpUndefined {
                player: i,
                p_hundredths: p,
            })?;
            rated_sum += i64::from(r);
            dp_sum += i64::from(d);
            rated_count += 1;
        }
    }
    let rar = Fraction::new(rated_sum, rated_count).ok_or(RoundRobinError::NoRatedPlayers)?;
    let dpa = Fraction::new(dp_sum, rated_count).ok_or(RoundRobinError::NoRatedPlayers)?;
    let ra_exact = Fraction::new(
        rated_sum * (o64 + 1) - dp_sum * o64,
        rated_count * (o64 + 1),
    )
    .ok_or(RoundRobinError::NoRatedPlayers)?;
    let ra = round(ra_exact, regs.rounding.averages);
    let ru_mode = regs.rounding.initial_rating;

    // Ru from a base Rc: the increment above 50 %, dp × n/(n + 1) below.
    let ru_from = |base: i64, i: usize| -> Result<Fraction, RoundRobinError> {
        let w = score(i);
        let excess = i64::from(w.0) - n64;
        if excess >= 0 {
            Fraction::new(base * 100 + excess * per_half_point, 100)
                .ok_or(RoundRobinError::TooFewPlayers)
        } else {
            let p = p_hundredths(w, n).unwrap_or(0);
            let d = dp(p, version).ok_or(RoundRobinError::DpUndefined {
                player: i,
                p_hundredths: p,
            })?;
            Fraction::new(base * (o64 + 1) + i64::from(d) * o64, o64 + 1)
                .ok_or(RoundRobinError::TooFewPlayers)
        }
    };

    // Step 2: first pass.
    let mut first_pass: Vec<Option<(Fraction, i64)>> = vec![None; m];
    for &i in &players {
        if input.ratings[i].is_none() {
            let exact = ru_from(ra, i)?;
            first_pass[i] = Some((exact, round(exact, ru_mode)));
        }
    }
    let provisional = |j: usize| -> i64 {
        match (input.ratings[j], first_pass[j]) {
            (Some(r), _) => i64::from(r),
            (None, Some((_, ru))) => ru,
            (None, None) => 0,
        }
    };

    // Step 3: one correction pass.
    let cap = i64::from(regs.difference_cap.at(input.start_date).points);
    let mut unrated = Vec::new();
    let mut counted: Vec<Option<i64>> = vec![None; m];
    for &i in &players {
        let Some((first_exact, first)) = first_pass[i] else {
            counted[i] = input.ratings[i].map(i64::from);
            continue;
        };
        let mut moved = Vec::new();
        let mut adjustment = 0i64;
        for &j in players.iter().filter(|&&j| j != i) {
            let actual = provisional(j);
            let c = actual.clamp(first - cap, first + cap);
            if c != actual {
                moved.push((j, c));
                adjustment += (c - actual) * i64::from(cycles);
            }
        }
        let rc_exact =
            Fraction::new(ra * n64 + adjustment, n64).ok_or(RoundRobinError::TooFewPlayers)?;
        let rc = round(rc_exact, regs.rounding.averages);
        let ru_exact = ru_from(rc, i)?;
        let ru = round(ru_exact, ru_mode);
        counted[i] = Some(ru);
        unrated.push(RoundRobinUnrated {
            player: i,
            score: score(i),
            first_pass_exact: first_exact,
            first_pass: first,
            moved_opponents: moved,
            adjustment,
            rc_exact,
            rc,
            ru_exact,
            ru,
            publication: publication(version, input.start_date, ru, n),
        });
    }
    notes.push(format!(
        "Ra = {rar} − {dpa} × {opponents}/{} = {ra_exact}, rounded to {ra}; one {cap}-point correction pass as in the regulations' example",
        opponents + 1
    ));
    if cycles > 1 {
        notes.push(format!(
            "double round robin: n in Ra = Rar − dpa × n/(n + 1) and in Ru = Rc + dp × n/(n + 1) is the {opponents} opponents, not the {n} games (2003/2005 art. 10.21, 10.25; read the same in the later texts with this route)"
        ));
    }
    Ok(RoundRobinRatings {
        active: players,
        excluded,
        games_per_player: n,
        rar,
        dpa,
        ra_exact,
        ra,
        unrated,
        counted_ratings: counted,
        notes,
    })
}

fn validate(input: &RoundRobinInput<'_>, m: usize) -> Result<(), RoundRobinError> {
    if input.cycles == 0 {
        return Err(RoundRobinError::NoCycles);
    }
    if m < 2 {
        return Err(RoundRobinError::TooFewPlayers);
    }
    let expected = m.saturating_mul(m);
    if input.scores.len() != expected {
        return Err(RoundRobinError::MatrixSize {
            players: m,
            cells: input.scores.len(),
            expected,
        });
    }
    if !input.has_earlier_results.is_empty() && input.has_earlier_results.len() != m {
        return Err(RoundRobinError::HistorySize {
            players: m,
            given: input.has_earlier_results.len(),
        });
    }
    let want = 2 * u32::from(input.cycles);
    for a in 0..m {
        if input.scores[a * m + a] != 0 {
            return Err(RoundRobinError::SelfScore { player: a });
        }
        for b in a + 1..m {
            let sum = input.scores[a * m + b].saturating_add(input.scores[b * m + a]);
            if sum != want {
                return Err(RoundRobinError::PairSum {
                    a,
                    b,
                    sum,
                    expected: want,
                });
            }
        }
    }
    Ok(())
}
