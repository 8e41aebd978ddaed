//! Every worked example of docs/spec/regulations.md §3 as a test, plus property tests
//! on the tables and the per-game change.

use super::rated::*;
use super::round_robin::*;
use super::rounding::*;
use super::tables::*;
use super::unrated::*;
use chrono::NaiveDate;
use proptest::prelude::*;
use trfkit::rating::maths::*;
use trfkit::regulations::*;

fn date(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).expect("valid test date")
}

fn rated(opponent_rating: u16, score: GameScore) -> RatedGame {
    RatedGame {
        opponent_rating,
        score,
    }
}

fn unrated(opponent_rating: u16, score: GameScore) -> UnratedGame {
    UnratedGame {
        opponent_rating: Some(opponent_rating),
        score,
    }
}

use GameScore::{Draw, Loss, Win};

// ---------------------------------------------------------------------------
// §3.1 Ten-player round robin with four unrated players (2005 art. 10.54).
// ---------------------------------------------------------------------------

const A: usize = 0;
const B: usize = 1;
const C: usize = 2;
const D: usize = 3;
const E: usize = 4;
const F: usize = 5;
const G: usize = 6;
const H: usize = 7;
const I: usize = 8;
const J: usize = 9;

const RR_RATINGS: [Option<u16>; 10] = [
    Some(2600),
    Some(2500),
    None,
    Some(2400),
    None,
    Some(2150),
    Some(2300),
    None,
    None,
    Some(2300),
];

/// A crosstable with the published totals 8, 7, 7, 6, 6, 4, 3, 2, 1, 1 (only
/// the totals enter the calculation; the individual results are invented).
#[rustfmt::skip]
const RR_SCORES: [u32; 100] = [
    0, 2, 2, 2, 2, 2, 2, 2, 2, 0,
    0, 0, 2, 2, 0, 2, 2, 2, 2, 2,
    0, 0, 0, 2, 2, 2, 2, 2, 2, 2,
    0, 0, 0, 0, 2, 2, 2, 2, 2, 2,
    0, 2, 0, 0, 0, 2, 2, 2, 2, 2,
    0, 0, 0, 0, 0, 0, 2, 2, 2, 2,
    0, 0, 0, 0, 0, 0, 0, 2, 2, 2,
    0, 0, 0, 0, 0, 0, 0, 0, 2, 2,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 2,
    2, 0, 0, 0, 0, 0, 0, 0, 0, 0,
];

fn rr_example(version: Version) -> RoundRobinRatings {
    let input = RoundRobinInput {
        ratings: &RR_RATINGS,
        scores: &RR_SCORES,
        cycles: 1,
        start_date: version.effective_from(),
        has_earlier_results: &[],
    };
    round_robin_initial_ratings(version, &input).expect("the example is computable")
}

fn unrated_row(r: &RoundRobinRatings, player: usize) -> &RoundRobinUnrated {
    r.unrated
        .iter()
        .find(|u| u.player == player)
        .expect("unrated player present")
}

#[test]
fn round_robin_2005_all_twelve_numbers() {
    for version in [Version::V2005, Version::V2003] {
        let r = rr_example(version);
        assert_eq!(r.games_per_player, 9);
        // Rar 2375, dpa 29.5, Ra 2348.45 → 2348.
        assert_eq!(r.rar, Fraction::from_int(2375));
        assert_eq!(r.dpa.tenths(), 295);
        assert_eq!(r.ra_exact.hundredths(), 234845);
        assert_eq!(r.ra, 2348);
        // First pass: C 2411, E 2386, H 2150, I 2032.
        let first: Vec<i64> = [C, E, H, I]
            .iter()
            .map(|&p| unrated_row(&r, p).first_pass)
            .collect();
        assert_eq!(first, [2411, 2386, 2150, 2032], "{version}");
        // Rc(new): 2351, 2348, 2337, 2305.
        let rc: Vec<i64> = [C, E, H, I]
            .iter()
            .map(|&p| unrated_row(&r, p).rc)
            .collect();
        assert_eq!(rc, [2351, 2348, 2337, 2305], "{version}");
        // Ru(new): 2414, 2386, 2139, 1989.
        let ru: Vec<i64> = [C, E, H, I]
            .iter()
            .map(|&p| unrated_row(&r, p).ru)
            .collect();
        assert_eq!(ru, [2414, 2386, 2139, 1989], "{version}");
        assert!(r.excluded.is_empty());
    }
}

#[test]
fn round_robin_2005_correction_details() {
    let r = rr_example(Version::V2005);
    // C: I 2032 counted as 2061 (+29).
    let c = unrated_row(&r, C);
    assert_eq!(
        (c.moved_opponents.clone(), c.adjustment),
        (vec![(I, 2061)], 29)
    );
    assert_eq!(c.first_pass_exact.tenths(), 24105);
    assert_eq!(c.ru_exact.tenths(), 24135);
    // E: I counted as 2036 (+4).
    let e = unrated_row(&r, E);
    assert_eq!(
        (e.moved_opponents.clone(), e.adjustment),
        (vec![(I, 2036)], 4)
    );
    // H: A 2600 counted as 2500; B exactly 350 away is unchanged.
    let h = unrated_row(&r, H);
    assert_eq!(
        (h.moved_opponents.clone(), h.adjustment),
        (vec![(A, 2500)], -100)
    );
    assert_eq!(h.rc_exact.tenths(), 23369);
    // I: A, B, C, D, E all counted as 2382: −387.
    let i = unrated_row(&r, I);
    let moved: Vec<usize> = i.moved_opponents.iter().map(|m| m.0).collect();
    assert_eq!(moved, [A, B, C, D, E]);
    assert!(i.moved_opponents.iter().all(|m| m.1 == 2382));
    assert_eq!(i.adjustment, -387);
    assert_eq!(i.ru_exact.tenths(), 19891);
    // Everyone has 9 games (the 2005 minimum) and is above the 1401 floor.
    assert!(r
        .unrated
        .iter()
        .all(|u| u.publication == Publication::Published));
    // The rated players count with their ratings, the unrated with Ru(new).
    assert_eq!(r.counted_ratings[C], Some(2414));
    assert_eq!(r.counted_ratings[J], Some(2300));
}

#[test]
fn round_robin_2003_averaged_rc_of_the_rated_players() {
    // [EN-2003 B0210]: Rc = (Ra(n + 1) − R)/n with Ra = 2348:
    // A 2320, B 2331.1, D 2342.2, F 2370, G 2353.3, J 2353.3.
    let r = rr_example(Version::V2003);
    let ra = i32::try_from(r.ra).expect("fits");
    let tenths: Vec<i64> = [A, B, D, F, G, J]
        .iter()
        .map(|&p| {
            let rating = RR_RATINGS[p].expect("rated");
            round_robin_average(ra, r.games_per_player, rating)
                .expect("n > 0")
                .tenths()
        })
        .collect();
    assert_eq!(tenths, [23200, 23311, 23422, 23700, 23533, 23533]);
    // And the averaged change of A uses that Rc: D = 2600 − 2320 = 280 → .84.
    let games: Vec<RatedGame> = (0..10)
        .filter(|&j| j != A)
        .map(|j| {
            let s = match RR_SCORES[A * 10 + j] {
                2 => Win,
                1 => Draw,
                _ => Loss,
            };
            let opp = r.counted_ratings[j].expect("active");
            rated(u16::try_from(opp).expect("fits"), s)
        })
        .collect();
    let input = RatedInput {
        rating: 2600,
        k: 10,
        games: &games,
        start_date: date(2004, 1, 1),
    };
    let ch = rated_change_averaged(Version::V2003, &input, AverageSource::RoundRobin { ra });
    let detail = ch.averaged.expect("averaged detail");
    assert_eq!(
        (detail.rc_rounded, detail.difference, detail.pd),
        (2320, 280, Hundredths(84))
    );
    // W 8, We 9 × .84 = 7.56, +0.44 × 10 = 4.4 → 4.
    assert_eq!(
        (ch.expected, ch.raw_change, ch.rounded_change),
        (Hundredths(756), Hundredths(440), 4)
    );
}

#[test]
fn round_robin_route_only_where_the_version_has_it() {
    let input = RoundRobinInput {
        ratings: &RR_RATINGS,
        scores: &RR_SCORES,
        cycles: 1,
        start_date: date(2023, 1, 1),
        has_earlier_results: &[],
    };
    assert_eq!(
        round_robin_initial_ratings(Version::V2022, &input).err(),
        Some(RoundRobinError::NoRoundRobinRoute(Version::V2022))
    );
    let mut bad = RR_SCORES;
    bad[1] = 1;
    let input = RoundRobinInput {
        scores: &bad,
        start_date: date(2006, 1, 1),
        ..input
    };
    assert_eq!(
        round_robin_initial_ratings(Version::V2005, &input).err(),
        Some(RoundRobinError::PairSum {
            a: 0,
            b: 1,
            sum: 1,
            expected: 2
        })
    );
    let input = RoundRobinInput {
        scores: &RR_SCORES[..99],
        ..input
    };
    assert!(matches!(
        round_robin_initial_ratings(Version::V2005, &input),
        Err(RoundRobinError::MatrixSize { .. })
    ));
}

#[test]
fn round_robin_disregards_low_scoring_unrated_players_with_their_games() {
    // 2003: an unrated player with ½ point is removed with his games.
    // Players: 0 rated 2200, 1 rated 2100, 2 rated 2000, 3 unrated (½ point).
    let ratings = [Some(2200), Some(2100), Some(2000), None];
    #[rustfmt::skip]
    let scores = [
        0, 2, 1, 2,
        0, 0, 2, 2,
        1, 0, 0, 1,
        0, 0, 1, 0,
    ];
    let input = RoundRobinInput {
        ratings: &ratings,
        scores: &scores,
        cycles: 1,
        start_date: date(2004, 1, 1),
        has_earlier_results: &[],
    };
    let r = round_robin_initial_ratings(Version::V2003, &input).expect("computable");
    assert_eq!(r.active, [0, 1, 2]);
    assert_eq!(r.excluded.len(), 1);
    assert_eq!(r.excluded[0].0, 3);
    assert_eq!(r.games_per_player, 2);
    assert_eq!(r.counted_ratings[3], None);
}

// ---------------------------------------------------------------------------
// §3.2 Pooling.
// ---------------------------------------------------------------------------

#[test]
fn double_round_robin_n_is_the_opponents() {
    // A double round robin under the 2005 text: A 2400, B 2300, C 2200 and
    // one unrated player U (index 3). Pair scores over the two games:
    // A–B 1½–½, A–C 2–0, A–U 2–0, B–C 1½–½, B–U 2–0, C–U 1–1; out of 6:
    // A 5½, B 4, C 1½, U 1.
    // By hand, with n = 3 opponents (art. 10.21, 10.25):
    //   p: A 5½/6 = .92 → dp 401, B 4/6 = .67 → 125, C 1½/6 = .25 → −193.
    //   Rar = 6900/3 = 2300, dpa = 333/3 = 111,
    //   Ra = 2300 − 111 × 3/4 = 2216.75 → 2217.
    //   U: p = 1/6 = .17 → dp −273; first pass 2217 − 273 × 3/4 = 2012.25
    //   → 2012. A (2400) is 388 away: counted as 2362, −38 in each of the
    //   two games, −76 over U's 6 games: Rc = 2217 − 76/6 = 2204.33 → 2204,
    //   Ru = 2204 − 204.75 = 1999.25 → 1999.
    // Reading n as the 6 games would give Ra 2205 and a first pass of 1971.
    let ratings = [Some(2400), Some(2300), Some(2200), None];
    #[rustfmt::skip]
    let scores = [
        0, 3, 4, 4,
        1, 0, 3, 4,
        0, 1, 0, 2,
        0, 0, 2, 0,
    ];
    let input = RoundRobinInput {
        ratings: &ratings,
        scores: &scores,
        cycles: 2,
        start_date: date(2006, 5, 1),
        has_earlier_results: &[],
    };
    let r = round_robin_initial_ratings(Version::V2005, &input).expect("computable");
    assert_eq!((r.games_per_player, r.ra), (6, 2217));
    let u = unrated_row(&r, 3);
    assert_eq!(
        (u.first_pass, u.adjustment, u.rc, u.ru),
        (2012, -76, 2204, 1999)
    );
    assert!(r
        .notes
        .iter()
        .any(|n| n.starts_with("double round robin: n")));
}

#[test]
fn pooled_2270() {
    let parts = [
        PoolPart { ru: 2280, games: 5 },
        PoolPart {
            ru: 2400,
            games: 10,
        },
        PoolPart { ru: 2000, games: 5 },
    ];
    let p = pool_weighted(&parts).expect("games > 0");
    assert_eq!((p.rn, p.games), (2270, 20));
    assert_eq!(
        publication(Version::V2005, date(2006, 1, 1), p.rn, p.games),
        Publication::Published
    );
}

// ---------------------------------------------------------------------------
// §3.3 FIDE's own published calculations.
// ---------------------------------------------------------------------------

#[test]
fn newcomer_1922_v2024() {
    // 5 games, 3 points, opponents summing to 9507.
    let games = [
        unrated(1900, Win),
        unrated(1901, Win),
        unrated(1902, Win),
        unrated(1902, Loss),
        unrated(1902, Loss),
    ];
    let input = UnratedInput {
        games: &games,
        start_date: date(2024, 6, 1),
        has_earlier_results: Some(false),
        rated_opponents: None,
    };
    let r = initial_rating(Version::V2024, &input).expect("counts");
    assert_eq!(r.opponents_average.hundredths(), 187243);
    assert_eq!((r.p_hundredths, r.dp), (Some(57), Some(50)));
    assert_eq!(r.ru_exact.hundredths(), 192200);
    assert_eq!(r.ru, 1922);
    assert_eq!(r.publication, Publication::Published);
}

#[test]
fn k_17_at_39_games() {
    let d = k_factor(
        Version::V2024,
        &KInputs {
            rating: 1950,
            birth: Some(PartialDate::year(1985)),
            start_date: date(2024, 4, 1),
            has_30_games: Some(true),
            ever_reached_2400: Some(false),
            games_in_period: Some(39),
        },
    );
    assert_eq!((d.base_k, d.k), (20, 17));
}

#[test]
fn minus_two_and_a_half_rounds_to_minus_three() {
    assert_eq!(round_change(Version::V2024, Hundredths(-250)), -3);
    // End to end: K 10, a loss with PD .25 (D = −190) is −2.50.
    let games = [rated(2190, Loss)];
    let input = RatedInput {
        rating: 2000,
        k: 10,
        games: &games,
        start_date: date(2024, 6, 1),
    };
    for v in [Version::V2022, Version::V2024] {
        let r = rated_change(v, &input);
        assert_eq!(
            (r.raw_change, r.rounded_change),
            (Hundredths(-250), -3),
            "{v}"
        );
    }
}

// ---------------------------------------------------------------------------
// §3.4 Example A: rated player, K 20.
// ---------------------------------------------------------------------------

const EXAMPLE_A: [RatedGame; 5] = [
    RatedGame {
        opponent_rating: 2150,
        score: Win,
    },
    RatedGame {
        opponent_rating: 1980,
        score: Draw,
    },
    RatedGame {
        opponent_rating: 1600,
        score: Win,
    },
    RatedGame {
        opponent_rating: 1550,
        score: Win,
    },
    RatedGame {
        opponent_rating: 2000,
        score: Loss,
    },
];

#[test]
fn example_a_v2022_caps_once() {
    let input = RatedInput {
        rating: 2050,
        k: 20,
        games: &EXAMPLE_A,
        start_date: date(2023, 3, 1),
    };
    let r = rated_change_per_game(Version::V2022, &input);
    let counted: Vec<i32> = r.per_game.iter().map(|g| g.counted_difference).collect();
    assert_eq!(counted, [-100, 70, 450, 400, 50]);
    let pds: Vec<i64> = r.per_game.iter().map(|g| g.expected.0).collect();
    assert_eq!(pds, [36, 60, 94, 92, 57]);
    let deltas: Vec<i64> = r.per_game.iter().map(|g| g.delta.0).collect();
    assert_eq!(deltas, [64, -10, 6, 8, -57]);
    assert_eq!(r.score_minus_expected, Hundredths(11));
    assert_eq!((r.raw_change, r.rounded_change), (Hundredths(220), 2));
    assert_eq!(r.score, HalfPoints(7));
    assert_eq!(r.games, 5);
    assert!(
        r.notes
            .iter()
            .any(|n| n.contains("the largest |D| of either sign is capped")),
        "{:?}",
        r.notes
    );
}

#[test]
fn example_a_v2024_caps_every_game() {
    for start in [date(2024, 6, 1), date(2025, 11, 1)] {
        let input = RatedInput {
            rating: 2050,
            k: 20,
            games: &EXAMPLE_A,
            start_date: start,
        };
        let r = rated_change_per_game(Version::V2024, &input);
        let counted: Vec<i32> = r.per_game.iter().map(|g| g.counted_difference).collect();
        assert_eq!(counted, [-100, 70, 400, 400, 50]);
        assert_eq!(r.score_minus_expected, Hundredths(13));
        assert_eq!((r.raw_change, r.rounded_change), (Hundredths(260), 3));
    }
}

#[test]
fn example_a_2650_variant() {
    let win = [rated(2250, Win)];
    let loss = [rated(2250, Loss)];
    let before = date(2025, 9, 30);
    let after = date(2025, 10, 1);
    let change = |games: &[RatedGame], rating, k, start| {
        let input = RatedInput {
            rating,
            k,
            games,
            start_date: start,
        };
        rated_change(Version::V2024, &input).raw_change
    };
    // 2700, K 10: +0.8 / −9.2 before 1 Oct 2025; +0.6 / −9.4 from it.
    assert_eq!(change(&win, 2700, 10, before), Hundredths(80));
    assert_eq!(change(&loss, 2700, 10, before), Hundredths(-920));
    assert_eq!(change(&win, 2700, 10, after), Hundredths(60));
    assert_eq!(change(&loss, 2700, 10, after), Hundredths(-940));
    // The 2250 opponent stays capped in both periods: a loss costs −0.08 × K.
    let opp_loss = [rated(2700, Loss)];
    assert_eq!(change(&opp_loss, 2250, 20, before), Hundredths(-160));
    assert_eq!(change(&opp_loss, 2250, 20, after), Hundredths(-160));
    let input = RatedInput {
        rating: 2700,
        k: 10,
        games: &win,
        start_date: after,
    };
    let r = rated_change(Version::V2024, &input);
    assert!(
        r.notes.iter().any(|n| n.contains("1 October 2025")),
        "{:?}",
        r.notes
    );
}

#[test]
fn example_a_k_times_n_cap() {
    let junior = |games| KInputs {
        rating: 1900,
        birth: Some(PartialDate::year(2011)),
        start_date: date(2024, 7, 1),
        has_30_games: Some(true),
        ever_reached_2400: Some(false),
        games_in_period: Some(games),
    };
    assert_eq!(k_factor(Version::V2024, &junior(18)).k, 38);
    assert_eq!(k_factor(Version::V2024, &junior(17)).k, 40);
}

#[test]
fn example_a_rounding_is_away_from_zero() {
    // ΣΔR × K = −2.5 → −3 in both 2022 and 2024 (a naive half-up gives −2).
    assert_eq!(round_change(Version::V2022, Hundredths(-250)), -3);
    assert_eq!(round_change(Version::V2024, Hundredths(-250)), -3);
    let minus_2_5 = Fraction::new(-250, 100).expect("den");
    assert_eq!(round(minus_2_5, RoundingMode::HalfUp), -2);
}

// ---------------------------------------------------------------------------
// §3.5 Example B: unrated player, 5 rated opponents.
// ---------------------------------------------------------------------------

const EXAMPLE_B: [UnratedGame; 5] = [
    UnratedGame {
        opponent_rating: Some(1650),
        score: Win,
    },
    UnratedGame {
        opponent_rating: Some(1720),
        score: Win,
    },
    UnratedGame {
        opponent_rating: Some(1800),
        score: Draw,
    },
    UnratedGame {
        opponent_rating: Some(1900),
        score: Loss,
    },
    UnratedGame {
        opponent_rating: Some(1580),
        score: Win,
    },
];

fn example_b(version: Version, start: NaiveDate) -> InitialRating {
    let input = UnratedInput {
        games: &EXAMPLE_B,
        start_date: start,
        has_earlier_results: Some(false),
        rated_opponents: None,
    };
    initial_rating(version, &input).expect("counts")
}

#[test]
fn example_b_v2022() {
    let r = example_b(Version::V2022, date(2023, 5, 1));
    assert_eq!(r.ra, 1730);
    assert_eq!(r.increment, Some(Hundredths(4000)));
    assert_eq!(r.ru, 1770);
    assert_eq!(r.publication, Publication::Published);
}

#[test]
fn example_b_v2024() {
    let r = example_b(Version::V2024, date(2024, 5, 1));
    assert_eq!(r.opponents_average, Fraction::from_int(1750));
    assert_eq!((r.p_hundredths, r.dp), (Some(64), Some(102)));
    assert_eq!(r.ru, 1852);
    assert_eq!(r.publication, Publication::Published);
}

#[test]
fn example_b_v2005_provisional() {
    let r = example_b(Version::V2005, date(2006, 5, 1));
    assert_eq!(r.ra, 1730);
    assert_eq!(r.increment, Some(Hundredths(2500)));
    assert_eq!(r.ru, 1755);
    assert_eq!(
        r.publication,
        Publication::TooFewGames {
            games: 5,
            required: 9
        }
    );
}

// ---------------------------------------------------------------------------
// §3.6 Example C: 2024 edge cases against 2022.
// ---------------------------------------------------------------------------

fn five(opps: [u16; 5], scores: [GameScore; 5]) -> Vec<UnratedGame> {
    opps.iter()
        .zip(scores)
        .map(|(&o, s)| unrated(o, s))
        .collect()
}

fn initial(version: Version, games: &[UnratedGame]) -> Result<InitialRating, Excluded> {
    let start = match version {
        Version::V2022 => date(2023, 6, 1),
        _ => date(2024, 6, 1),
    };
    let input = UnratedInput {
        games,
        start_date: start,
        has_earlier_results: Some(false),
        rated_opponents: None,
    };
    initial_rating(version, &input)
}

#[test]
fn example_c1_maximum_2200() {
    let g = five([2250, 2280, 2300, 2320, 2350], [Win; 5]);
    let r22 = initial(Version::V2022, &g).expect("counts");
    assert_eq!((r22.ra, r22.ru), (2300, 2400));
    let r24 = initial(Version::V2024, &g).expect("counts");
    assert_eq!(r24.opponents_average.hundredths(), 215714);
    assert_eq!((r24.p_hundredths, r24.dp), (Some(86), Some(309)));
    assert_eq!(r24.ru_exact.round_half_up(), 2466);
    assert_eq!((r24.ru, r24.capped_at_maximum), (2200, Some(2200)));
    assert_eq!(r24.publication, Publication::Published);
}

#[test]
fn example_c2_one_point() {
    let g = five(
        [1450, 1500, 1520, 1550, 1480],
        [Win, Loss, Loss, Loss, Loss],
    );
    let r22 = initial(Version::V2022, &g).expect("counts");
    assert_eq!(
        (r22.p_hundredths, r22.dp, r22.ru),
        (Some(20), Some(-240), 1260)
    );
    assert_eq!(r22.publication, Publication::Published);
    let r24 = initial(Version::V2024, &g).expect("counts");
    assert_eq!(r24.opponents_average.hundredths(), 158571);
    assert_eq!(
        (r24.p_hundredths, r24.dp, r24.ru),
        (Some(29), Some(-158), 1428)
    );
    assert_eq!(r24.publication, Publication::Published);
}

#[test]
fn example_c3_half_point_below_1400() {
    let g = five(
        [1450, 1500, 1520, 1550, 1480],
        [Draw, Loss, Loss, Loss, Loss],
    );
    let r22 = initial(Version::V2022, &g).expect("counts");
    assert_eq!(
        (r22.p_hundredths, r22.dp, r22.ru),
        (Some(10), Some(-366), 1134)
    );
    assert_eq!(r22.publication, Publication::Published);
    let r24 = initial(Version::V2024, &g).expect("counts");
    assert_eq!(
        (r24.p_hundredths, r24.dp, r24.ru),
        (Some(21), Some(-230), 1356)
    );
    assert_eq!(
        r24.publication,
        Publication::BelowFloor {
            floor: 1400,
            discarded: false
        }
    );
}

#[test]
fn example_c4_zero_in_first_event() {
    let g = five([1450, 1500, 1520, 1550, 1480], [Loss; 5]);
    for v in [Version::V2022, Version::V2024] {
        let e = initial(v, &g).expect_err("disregarded");
        assert_eq!(
            e.reason,
            Exclusion::ScoreTooLow {
                score: HalfPoints(0),
                required: HalfPoints(1),
                first_event_only: true
            }
        );
    }
}

// ---------------------------------------------------------------------------
// §3.7 Example D: averaged (2003) against per game (2005).
// ---------------------------------------------------------------------------

const EXAMPLE_D: [RatedGame; 4] = [
    RatedGame {
        opponent_rating: 2300,
        score: Draw,
    },
    RatedGame {
        opponent_rating: 1800,
        score: Win,
    },
    RatedGame {
        opponent_rating: 2250,
        score: Loss,
    },
    RatedGame {
        opponent_rating: 2100,
        score: Win,
    },
];

#[test]
fn example_d_v2005_per_game() {
    let input = RatedInput {
        rating: 2210,
        k: 15,
        games: &EXAMPLE_D,
        start_date: date(2006, 1, 1),
    };
    let r = rated_change_per_game(Version::V2005, &input);
    assert_eq!(r.method, ChangeMethod::PerGame);
    let counted: Vec<i32> = r.per_game.iter().map(|g| g.counted_difference).collect();
    assert_eq!(counted, [-90, 350, -40, 110]);
    let pds: Vec<i64> = r.per_game.iter().map(|g| g.expected.0).collect();
    assert_eq!(pds, [38, 89, 44, 65]);
    assert_eq!(r.score_minus_expected, Hundredths(14));
    assert_eq!((r.raw_change, r.rounded_change), (Hundredths(210), 2));
}

#[test]
fn example_d_v2003_averaged() {
    let input = RatedInput {
        rating: 2210,
        k: 15,
        games: &EXAMPLE_D,
        start_date: date(2004, 1, 1),
    };
    let r = rated_change(Version::V2003, &input);
    assert_eq!(r.method, ChangeMethod::Averaged);
    let d = r.averaged.expect("averaged detail");
    // 1800 counted as 1860; Rc = 8510/4 = 2127.5.
    assert_eq!(d.rc, Fraction::new(8510, 4).expect("den"));
    assert_eq!(d.pd, Hundredths(61));
    assert_eq!(r.expected, Hundredths(244));
    assert_eq!(r.score_minus_expected, Hundredths(6));
    assert_eq!((r.raw_change, r.rounded_change), (Hundredths(90), 1));
}

// ---------------------------------------------------------------------------
// §3.8 Rate-of-play bands and §4.3 rounds per day (T60 itself belongs to the
// time-control module).
// ---------------------------------------------------------------------------

#[test]
fn rate_of_play_bands() {
    let min = |v: Version, highest| v.regulations().rate_of_play.minimum_minutes(Some(highest));
    // 60' + 30" = 90 minutes: V2005 only if nobody in the tournament is ≥ 2200;
    // V2017 both < 2200; V2022/V2024 both < 2400.
    assert!(min(Version::V2005, 2199) <= 90 && min(Version::V2005, 2200) > 90);
    assert!(min(Version::V2017, 2199) <= 90 && min(Version::V2017, 2200) > 90);
    assert!(min(Version::V2022, 2399) <= 90 && min(Version::V2022, 2400) > 90);
    // 45' + 30" = 75 minutes: all < 1600 (V2005), both < 1800 (V2024).
    assert!(min(Version::V2005, 1599) <= 75 && min(Version::V2005, 1600) > 75);
    assert!(min(Version::V2024, 1799) <= 75 && min(Version::V2024, 1800) > 75);
    assert_eq!(
        Version::V2005.regulations().rate_of_play.scope,
        BandScope::Tournament
    );
    assert_eq!(
        Version::V2017.regulations().rate_of_play.scope,
        BandScope::Game
    );
    let qc = Version::V2024.regulations().rate_of_play.qc_approved_faster;
    assert_eq!(qc.map(|q| q.minimum_minutes), Some(75));
    // 25/60' + 30': allowed in 2005, not rateable in 2017 and 2022.
    let fc = |v: Version| v.regulations().first_control.check(25);
    assert_eq!(
        fc(Version::V2005),
        MoveCountVerdict::DiffersFromRecommendation
    );
    assert_eq!(fc(Version::V2017), MoveCountVerdict::Breaks);
    assert_eq!(fc(Version::V2022), MoveCountVerdict::Breaks);
}

#[test]
fn four_rounds_of_three_hours_pass_only_from_2014() {
    let four_ok = |v: Version| v.regulations().max_rounds_per_day.is_none_or(|r| r >= 4);
    assert!(!four_ok(Version::V2009));
    assert!(!four_ok(Version::V2013));
    assert!(four_ok(Version::V2014));
    assert!(four_ok(Version::V2024));
    assert!(Version::ALL
        .iter()
        .all(|v| v.regulations().max_play_minutes_per_day == 720));
}

// ---------------------------------------------------------------------------
// Properties.
// ---------------------------------------------------------------------------

fn any_version() -> impl Strategy<Value = Version> {
    proptest::sample::select(Version::ALL.to_vec())
}

fn any_score() -> impl Strategy<Value = GameScore> {
    prop_oneof![Just(Loss), Just(Draw), Just(Win)]
}

proptest! {
    #[test]
    fn pd_is_complementary(d in -2000i32..2000) {
        prop_assert_eq!(pd(d).0 + pd(-d).0, 100);
    }

    #[test]
    fn pd_is_monotone(d in -2000i32..2000) {
        prop_assert!(pd(d) <= pd(d + 1));
        prop_assert!((0..=100).contains(&pd(d).0));
    }

    #[test]
    fn dp_is_antisymmetric(p in 0u32..=100, v in any_version()) {
        match (dp(p, v), dp(100 - p, v)) {
            (Some(a), Some(b)) => prop_assert_eq!(a, -b),
            (None, None) => prop_assert!(p == 0 || p == 100),
            other => prop_assert!(false, "one side defined only: {:?}", other),
        }
    }

    #[test]
    fn one_game_changes_are_antisymmetric(
        a in 1000u16..2650,
        b in 1000u16..2650,
        s in any_score(),
        k in prop_oneof![Just(10u8), Just(15), Just(20), Just(25), Just(30), Just(40)],
        v in any_version(),
    ) {
        let start = v.effective_from();
        let ga = [RatedGame { opponent_rating: b, score: s }];
        let gb = [RatedGame { opponent_rating: a, score: s.opposite() }];
        let ra = rated_change(v, &RatedInput { rating: a, k, games: &ga, start_date: start });
        let rb = rated_change(v, &RatedInput { rating: b, k, games: &gb, start_date: start });
        prop_assert_eq!(ra.raw_change, -rb.raw_change);
        prop_assert_eq!(ra.rounded_change, -rb.rounded_change);
    }

    #[test]
    fn p_is_the_nearest_hundredth_half_up(hp in 0u32..=400, n in 1u32..=200) {
        prop_assume!(hp <= 2 * n);
        let p = i64::from(p_hundredths(HalfPoints(hp), n).unwrap_or(u32::MAX));
        // Half up: p − 100·hp/(2n) ∈ (−½, ½]  ⇔  2n·p − 100·hp ∈ (−n, n].
        let gap = 2 * i64::from(n) * p - 100 * i64::from(hp);
        prop_assert!(-i64::from(n) < gap && gap <= i64::from(n), "p = {p}, gap = {gap}");
    }
}
