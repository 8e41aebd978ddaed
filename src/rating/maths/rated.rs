//! A rated player's rating change (docs/spec/regulations.md R21, R22).
//!
//! * Per game (2005 on): for each game D = R − Ropp, capped as the version
//!   says, PD from the table, ΔR = score − PD; change = K × ΣΔR.
//! * Averaged (the 2003 text): Rc = average of the opponents (each moved to
//!   within the cap first) or, in a round robin, Rc = (Ra(n + 1) − R)/n;
//!   We = PD(R − Rc) × n; change = K × (W − We).
//!
//! Everything is in hundredths: PD .64 = 64; the change is in hundredths of a
//! rating point and rounded once, as the version prescribes.

use super::rounding::round_change;
use super::tables::pd;
use super::units::{Fraction, GameScore, HalfPoints, Hundredths};
use crate::diag::words::{join, Piece::Number, Piece::Text};
use crate::regulations::{CapApplication, ChangeMethod, DifferenceCap, Version};
use chrono::NaiveDate;
use serde::Serialize;

/// One game of a rated player against a rated opponent (or, in a 2003–2014
/// round robin, against an unrated player's computed Ru).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub(crate) struct RatedGame {
    /// The opponent's rating.
    pub opponent_rating: u16,
    /// The player's result.
    pub score: GameScore,
}

/// A rated player's games in one event (or one rating period).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RatedInput<'a> {
    /// The player's rating.
    pub rating: u16,
    /// K (see [`super::k_factor()`]).
    pub k: u8,
    /// Games that count (unplayed games and games the rules exclude removed).
    pub games: &'a [RatedGame],
    /// Tournament start date: chooses dated amendments such as the 2650
    /// exemption of 1 October 2025.
    pub start_date: NaiveDate,
}

/// The expectation of one game under the per-game method.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub(crate) struct GameExpectation {
    /// The opponent's rating.
    pub opponent_rating: u16,
    /// The player's result.
    pub score: GameScore,
    /// D = own rating − opponent's rating.
    pub difference: i32,
    /// D after the cap.
    pub counted_difference: i32,
    /// Whether the cap changed D.
    pub capped: bool,
    /// PD in hundredths.
    pub expected: Hundredths,
    /// score − PD in hundredths.
    pub delta: Hundredths,
}

/// The averaged method's intermediate values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub(crate) struct AveragedDetail {
    /// Rc, exact.
    pub rc: Fraction,
    /// Rc rounded half up, used for D.
    pub rc_rounded: i64,
    /// D = R − Rc (rounded).
    pub difference: i32,
    /// D after the cap.
    pub counted_difference: i32,
    /// PD(D) in hundredths, per game.
    pub pd: Hundredths,
}

/// Where the averaged method takes Rc from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum AverageSource {
    /// Swiss or match: the average of the games' opponents, each first moved
    /// to within the cap of the player's rating.
    Opponents,
    /// Round robin: Rc = (Ra(n + 1) − R)/n from the tournament average `ra`
    /// (see [`super::round_robin_initial_ratings`]).
    RoundRobin {
        /// The rounded tournament average Ra.
        ra: i32,
    },
}

/// A rated player's change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct RatedChange {
    /// The method used.
    pub method: ChangeMethod,
    /// Games n.
    pub games: u32,
    /// Score W.
    pub score: HalfPoints,
    /// Expected score We in hundredths.
    pub expected: Hundredths,
    /// W − We in hundredths (= ΣΔR for the per-game method).
    pub score_minus_expected: Hundredths,
    /// K used.
    pub k: u8,
    /// K × (W − We), in hundredths of a rating point.
    pub raw_change: Hundredths,
    /// The change rounded as the version prescribes.
    pub rounded_change: i64,
    /// Per-game expectations (per-game method only, and only where the
    /// detail was asked for: `rated_change_per_game`).
    pub per_game: Vec<GameExpectation>,
    /// Averaged-method detail (averaged method only).
    pub averaged: Option<AveragedDetail>,
    /// Every assumption and rule choice, in words for users.
    pub notes: Vec<String>,
}

/// The change by the method of `version` (averaged for 2003 with Rc from the
/// opponents, per game otherwise): the figures and notes, without the
/// per-game detail (`per_game` empty; the tests read it from
/// `rated_change_per_game`).
pub(crate) fn rated_change(version: Version, input: &RatedInput<'_>) -> RatedChange {
    match version.regulations().change_method {
        ChangeMethod::Averaged => rated_change_averaged(version, input, AverageSource::Opponents),
        ChangeMethod::PerGame => {
            let cap = *version.regulations().difference_cap.at(input.start_date);
            rated_change_per_game_with_cap(version, input, cap)
        }
    }
}

/// The per-game method with `version`'s cap, with the per-game detail.
///
/// The 2022 text lets a player "benefit" from the 400 cap only once, for
/// the game with the greatest difference. Whether that limit also binds the
/// lower-rated side (for whom the cap raises the expected score) is not
/// stated (docs/spec/regulations.md §3.4). Reading used, as in that section's worked
/// example: the cap is applied to exactly one game, the one with the largest
/// |D| of either sign (the first such game on a tie); every other game counts
/// its real difference.
#[cfg(test)]
pub(crate) fn rated_change_per_game(version: Version, input: &RatedInput<'_>) -> RatedChange {
    let cap = *version.regulations().difference_cap.at(input.start_date);
    per_game_change(version, input, cap, true)
}

/// The per-game method with a cap other than the standard edition's: the
/// rapid and blitz chapter's (400 for every game and every player in 2024,
/// without the standard 2650 exemption; no cap in 2013–2022, given as
/// `points: u16::MAX`). Rounding and tables are `version`'s. The figures
/// and notes only (`per_game` empty): the rating pass and the period read
/// the sums, for thousands of players.
pub(crate) fn rated_change_per_game_with_cap(
    version: Version,
    input: &RatedInput<'_>,
    cap: DifferenceCap,
) -> RatedChange {
    per_game_change(version, input, cap, false)
}

/// The per-game method; `per_game` filled when `detail`.
fn per_game_change(
    version: Version,
    input: &RatedInput<'_>,
    cap: DifferenceCap,
    detail: bool,
) -> RatedChange {
    let mut notes = Vec::new();
    let exempt = cap.exempt_from_rating.is_some_and(|t| input.rating >= t);
    let rating = i32::from(input.rating);
    let limit = i32::from(cap.points);

    let once_index = match cap.application {
        CapApplication::OncePerPlayer if !exempt => input
            .games
            .iter()
            .enumerate()
            .map(|(i, g)| (i, (rating - i32::from(g.opponent_rating)).abs()))
            .filter(|&(_, d)| d > limit)
            // max_by_key keeps the last maximum; reverse to keep the first.
            .rev()
            .max_by_key(|&(_, d)| d)
            .map(|(i, _)| i),
        _ => None,
    };

    let mut per_game = Vec::with_capacity(if detail { input.games.len() } else { 0 });
    let mut score = HalfPoints(0);
    let mut expected_sum = Hundredths(0);
    // Games whose |D| is over the cap, and the game the cap is applied to
    // once (|D|, opponent's rating), for the notes.
    let mut over = 0usize;
    let mut once = None;
    // The sums alone, with the cap on every game or on none (the usual
    // case of thousands of players): one loop without the detail or the
    // choice of the capped game, the one the rating pass feeds game by game.
    if let (false, Some(mut sums)) = (detail, EveryGameSums::new(input.rating, &cap)) {
        for g in input.games {
            sums.add(g.opponent_rating, g.score);
        }
        return sums.finish(version, &cap, input.k);
    }
    for (i, g) in input.games.iter().enumerate() {
        let d = rating - i32::from(g.opponent_rating);
        let capped_d = match (exempt, cap.application) {
            (true, _) => d,
            (false, CapApplication::EveryGame) => d.clamp(-limit, limit),
            (false, CapApplication::OncePerPlayer) if once_index == Some(i) => {
                once = Some((d.unsigned_abs(), g.opponent_rating));
                d.clamp(-limit, limit)
            }
            (false, CapApplication::OncePerPlayer) => d,
        };
        if d.unsigned_abs() > u32::from(cap.points) {
            over += 1;
        }
        let expected = pd(capped_d);
        let half_points = g.score.half_points();
        score = score + half_points;
        expected_sum += expected;
        if detail {
            per_game.push(GameExpectation {
                opponent_rating: g.opponent_rating,
                score: g.score,
                difference: d,
                counted_difference: capped_d,
                capped: capped_d != d,
                expected,
                delta: half_points.hundredths() - expected,
            });
        }
    }

    cap_notes(&mut notes, version, &cap, exempt, input.rating, over, once);
    finish(
        version,
        ChangeMethod::PerGame,
        (input.k, input.games.len() as u32),
        score,
        expected_sum,
        per_game,
        None,
        notes,
    )
}

/// The per-game method's sums where the cap binds every game alike (on
/// every game, or on none for a player exempt from it): what
/// [`rated_change_per_game_with_cap`] computes without the detail, fed one
/// game at a time. The rating pass feeds a player's games as it reads
/// them, without a vector of them; the maths feed theirs from the slice:
/// one home for the sums.
#[derive(Debug, Clone, Copy)]
pub(crate) struct EveryGameSums {
    rating: u16,
    exempt: bool,
    /// The cap on |D| for the table, as the table's bound
    /// ([`super::tables::pd_bound`] of the cap's points, or of
    /// `i32::MAX` for none).
    bound: i32,
    /// The cap's points, for the count of games over it.
    points: u32,
    games: u32,
    half_points: u32,
    expected: i64,
    over: usize,
}

impl EveryGameSums {
    /// The sums of a player rated `rating` under `cap`; `None` where the
    /// cap is applied once per player (the game it caps is chosen among
    /// all of them: [`rated_change_per_game_with_cap`] does it).
    pub(crate) fn new(rating: u16, cap: &DifferenceCap) -> Option<EveryGameSums> {
        let exempt = cap.exempt_from_rating.is_some_and(|t| rating >= t);
        let bound = match (exempt, cap.application) {
            (true, _) => i32::MAX,
            (false, CapApplication::EveryGame) => i32::from(cap.points),
            (false, CapApplication::OncePerPlayer) => return None,
        };
        Some(EveryGameSums {
            rating,
            exempt,
            bound: super::tables::pd_bound(bound),
            points: u32::from(cap.points),
            games: 0,
            half_points: 0,
            expected: 0,
            over: 0,
        })
    }

    /// One game against `opponent_rating`.
    #[inline]
    pub(crate) fn add(&mut self, opponent_rating: u16, score: GameScore) {
        let d = i32::from(self.rating) - i32::from(opponent_rating);
        self.over += usize::from(d.unsigned_abs() > self.points);
        self.expected += super::tables::pd_within_bound(d, self.bound);
        self.half_points = self.half_points.saturating_add(score.half_points().0);
        self.games += 1;
    }

    /// The games added.
    pub(crate) fn games(&self) -> u32 {
        self.games
    }

    /// The change with K `k` (`cap` the one given to [`EveryGameSums::new`]).
    pub(crate) fn finish(self, version: Version, cap: &DifferenceCap, k: u8) -> RatedChange {
        let mut notes = Vec::new();
        cap_notes(
            &mut notes,
            version,
            cap,
            self.exempt,
            self.rating,
            self.over,
            None,
        );
        finish(
            version,
            ChangeMethod::PerGame,
            (k, self.games),
            HalfPoints(self.half_points),
            Hundredths(self.expected),
            Vec::new(),
            None,
            notes,
        )
    }
}

/// The averaged method of the 2003 text, Rc taken from `source`.
pub(crate) fn rated_change_averaged(
    version: Version,
    input: &RatedInput<'_>,
    source: AverageSource,
) -> RatedChange {
    let regs = version.regulations();
    let cap = *regs.difference_cap.at(input.start_date);
    let mut notes = Vec::new();
    let rating = i64::from(input.rating);
    let exempt = cap.exempt_from_rating.is_some_and(|t| input.rating >= t);
    let limit = if exempt {
        i64::MAX / 4
    } else {
        i64::from(cap.points)
    };
    let n = input.games.len() as i64;
    let score: HalfPoints = input.games.iter().map(|g| g.score.half_points()).sum();

    if regs.change_method != ChangeMethod::Averaged {
        notes.push(format!(
            "averaged method applied on request; the {} text rates game by game",
            version.id()
        ));
    }
    if cap.application == CapApplication::OncePerPlayer {
        notes.push("the once-per-player cap has no meaning for an average; the cap was applied to every opponent".to_owned());
    }

    let rc = match source {
        AverageSource::Opponents => {
            let mut moved = 0;
            let sum: i64 = input
                .games
                .iter()
                .map(|g| {
                    let o = i64::from(g.opponent_rating);
                    let c = o.clamp(rating - limit, rating + limit);
                    if c != o {
                        moved += 1;
                    }
                    c
                })
                .sum();
            if moved > 0 {
                notes.push(format!(
                    "{} more than {} points away counted at exactly {} points away before averaging",
                    crate::diag::plural(moved as u64, "opponent", "opponents"),
                    cap.points, cap.points
                ));
            }
            Fraction::new(sum, n)
        }
        AverageSource::RoundRobin { ra } => {
            round_robin_average(ra, input.games.len() as u32, input.rating)
        }
    };

    let (averaged, expected) = match rc {
        Some(rc) => {
            let rc_rounded = rc.round_half_up();
            notes.push(format!(
                "Rc = {rc} rounded half up to {rc_rounded} before the table lookup (FIDE Rating Regulations, rating change: Rc is rounded before the table is read)"
            ));
            let d = i32::try_from(rating - rc_rounded).unwrap_or(i32::MAX);
            let l = i32::try_from(limit).unwrap_or(i32::MAX);
            let counted = d.clamp(-l, l);
            let p = pd(counted);
            let detail = AveragedDetail {
                rc,
                rc_rounded,
                difference: d,
                counted_difference: counted,
                pd: p,
            };
            (Some(detail), p * n)
        }
        None => (None, Hundredths(0)),
    };
    finish(
        version,
        ChangeMethod::Averaged,
        (input.k, input.games.len() as u32),
        score,
        expected,
        Vec::new(),
        averaged,
        notes,
    )
}

/// Rc of a rated player in a round robin (2003 text): (Ra(n + 1) − R)/n,
/// i.e. the average of the other players when Ra is the average of all;
/// `None` for n = 0.
pub(crate) fn round_robin_average(ra: i32, n: u32, rating: u16) -> Option<Fraction> {
    let n = i64::from(n);
    Fraction::new(i64::from(ra) * (n + 1) - i64::from(rating), n)
}

/// The change from the sums; `(k, n)`: K and the games counted.
#[allow(clippy::too_many_arguments)]
fn finish(
    version: Version,
    method: ChangeMethod,
    (k, n): (u8, u32),
    score: HalfPoints,
    expected: Hundredths,
    per_game: Vec<GameExpectation>,
    averaged: Option<AveragedDetail>,
    mut notes: Vec<String>,
) -> RatedChange {
    let diff = score.hundredths() - expected;
    let raw = diff * i64::from(k);
    let rounded = round_change(version, raw);
    if n == 0 {
        notes.push("no rated games: no change".to_owned());
    }
    // The rounding caveat matters only where .5 is rounded (the rating
    // pass states it once for the tournament): formatted only then.
    if raw.0.rem_euclid(100) == 50 {
        if let Some(caveat) = version
            .regulations()
            .caveat(crate::regulations::Topic::Rounding)
        {
            notes.push(format!(
                "change {raw} rounded to {rounded} (nearest, .5 away from zero): {caveat}"
            ));
        }
    }
    RatedChange {
        method,
        games: n,
        score,
        expected,
        score_minus_expected: diff,
        k,
        raw_change: raw,
        rounded_change: rounded,
        per_game,
        averaged,
        notes,
    }
}

/// `over`: the games whose |D| is over the cap; `once`: the game the cap
/// is applied to once (|D|, opponent's rating).
fn cap_notes(
    notes: &mut Vec<String>,
    version: Version,
    cap: &DifferenceCap,
    exempt: bool,
    rating: u16,
    over: usize,
    once: Option<(u32, u16)>,
) {
    if exempt {
        if let Some(t) = cap.exempt_from_rating {
            notes.push(format!(
                "rated {rating} (at least {t}): no cap on the rating difference (amendment of 1 October 2025, by tournament start date)"
            ));
        }
        return;
    }
    match (cap.application, once) {
        (CapApplication::OncePerPlayer, Some((difference, opponent_rating))) => {
            notes.push(format!(
                "{} text: the {}-point cap applied once, to the game with the largest difference (|D| = {} against {}); {} over {} counted in full; the largest |D| of either sign is capped (FIDE has not published which sign the text means; trfkit assumes either)",
                version.id(),
                cap.points,
                difference,
                opponent_rating,
                crate::diag::plural(over.saturating_sub(1) as u64, "other game", "other games"),
                cap.points
            ));
        }
        // Written for many players of a large report: joined, not formatted.
        (CapApplication::EveryGame, _) if over > 0 => notes.push(join(&[
            Number(over as u64),
            Text(if over == 1 { " game" } else { " games" }),
            Text(" with a difference over "),
            Number(cap.points.into()),
            Text(" counted as "),
            Number(cap.points.into()),
        ])),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap_or_default()
    }

    fn g(opponent_rating: u16, score: GameScore) -> RatedGame {
        RatedGame {
            opponent_rating,
            score,
        }
    }

    #[test]
    fn once_per_player_picks_the_largest_gap_first_on_ties() {
        let games = [
            g(1600, GameScore::Win),
            g(1600, GameScore::Win),
            g(2100, GameScore::Draw),
        ];
        let input = RatedInput {
            rating: 2050,
            k: 20,
            games: &games,
            start_date: date(2023, 1, 1),
        };
        let r = rated_change_per_game(Version::V2022, &input);
        let capped: Vec<bool> = r.per_game.iter().map(|g| g.capped).collect();
        assert_eq!(capped, [true, false, false]);
    }

    #[test]
    fn once_per_player_considers_the_lower_side_too() {
        // |D| = 600 on the lower side beats +450 on the higher side.
        let games = [g(1600, GameScore::Win), g(2650, GameScore::Loss)];
        let input = RatedInput {
            rating: 2050,
            k: 20,
            games: &games,
            start_date: date(2023, 1, 1),
        };
        let r = rated_change_per_game(Version::V2022, &input);
        assert_eq!(r.per_game[1].counted_difference, -400);
        assert_eq!(r.per_game[0].counted_difference, 450);
    }

    #[test]
    fn the_figures_are_those_of_the_detail() {
        let games = [
            g(1600, GameScore::Win),
            g(2500, GameScore::Draw),
            g(2100, GameScore::Loss),
            g(1500, GameScore::Win),
        ];
        for v in [Version::V2005, Version::V2022, Version::V2024] {
            for start in [date(2023, 1, 1), date(2025, 11, 1)] {
                for rating in [1400, 2050, 2700] {
                    let input = RatedInput {
                        rating,
                        k: 20,
                        games: &games,
                        start_date: start,
                    };
                    let mut detail = rated_change_per_game(v, &input);
                    assert_eq!(detail.per_game.len(), games.len());
                    detail.per_game.clear();
                    assert_eq!(rated_change(v, &input), detail, "{v} {rating}");
                }
            }
        }
    }

    #[test]
    fn empty_input() {
        let input = RatedInput {
            rating: 2050,
            k: 20,
            games: &[],
            start_date: date(2023, 1, 1),
        };
        let r = rated_change(Version::V2022, &input);
        assert_eq!((r.games, r.rounded_change), (0, 0));
        let r = rated_change(Version::V2003, &input);
        assert_eq!((r.games, r.rounded_change, r.averaged), (0, 0, None));
    }

    #[test]
    fn round_robin_average_of_the_2003_example() {
        // docs/spec/regulations.md §3.1: Ra = 2348, n = 9.
        let tenths: Vec<i64> = [2600u16, 2500, 2400, 2150, 2300, 2300]
            .iter()
            .filter_map(|&r| round_robin_average(2348, 9, r).map(|f| f.tenths()))
            .collect();
        assert_eq!(tenths, [23200, 23311, 23422, 23700, 23533, 23533]);
        assert_eq!(round_robin_average(2348, 0, 2600), None);
    }
}
