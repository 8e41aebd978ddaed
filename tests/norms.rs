//! `trf norms`: the worked examples of FIDE's Title Regulations (B.01) as
//! snapshots and oracles, and for each condition a report that fails it
//! and one that must not, written from the regulations' articles.

mod common;

use common::{root, trf};
use trfkit::{evaluate_norms as evaluate, Exemption, Norm, NormKind, NormOptions, NormsReport};
use trfkit::{parse_str, ReadOptions};

// ---------------------------------------------------------------------
// A small writer of reports: one applicant (starting rank 1) and one
// opponent a round, as the examples are stated.

/// One round of the applicant: an opponent and the applicant's result, or
/// an unplayed round (`opp: None`) with its letter.
#[derive(Clone, Copy)]
struct Round {
    opp: Option<(&'static str, &'static str, Option<u16>)>,
    result: char,
}

fn g(title: &'static str, fed: &'static str, rating: u16, result: char) -> Round {
    Round {
        opp: Some((title, fed, Some(rating))),
        result,
    }
}

fn u(title: &'static str, fed: &'static str, result: char) -> Round {
    Round {
        opp: Some((title, fed, None)),
        result,
    }
}

fn unplayed(result: char) -> Round {
    Round { opp: None, result }
}

struct Event {
    start: &'static str,
    host: &'static str,
    /// Sex, title, federation of the applicant.
    applicant: (char, &'static str, &'static str),
    /// `122`, or none.
    time_control: Option<&'static str>,
    /// Rounds a day (1 or more).
    per_day: usize,
}

const EVENT: Event = Event {
    start: "2024-05-10",
    host: "GER",
    applicant: ('m', "FM", "GER"),
    time_control: Some("90 min + 30 sec/move from move 1"),
    per_day: 1,
};

fn half(c: char) -> u32 {
    match c {
        '1' | '+' | 'U' | 'F' => 2,
        '=' | 'H' => 1,
        _ => 0,
    }
}

fn points(h: u32) -> String {
    format!("{}.{}", h / 2, if h % 2 == 1 { 5 } else { 0 })
}

fn line(
    rank: u16,
    sex: char,
    title: &str,
    fed: &str,
    rating: Option<u16>,
    h: u32,
    blocks: &[String],
) -> String {
    let mut s = format!(
        "001 {rank:>4} {sex}{title:>3} {:<33} {:>4} {fed:>3} {:>11} {:>10} {:>4} {:>4}",
        format!("Player, No{rank}"),
        rating.map_or(String::new(), |r| r.to_string()),
        9_900_000 + u32::from(rank),
        "1990/01/01",
        points(h),
        ""
    );
    for b in blocks {
        s.push_str("  ");
        s.push_str(b);
    }
    s.trim_end().to_owned()
}

fn report(ev: &Event, rounds: &[Round]) -> String {
    let start = chrono::NaiveDate::parse_from_str(ev.start, "%Y-%m-%d").unwrap();
    let n = rounds.len();
    let dates: Vec<chrono::NaiveDate> = (0..n)
        .map(|r| start + chrono::Duration::days((r / ev.per_day) as i64))
        .collect();
    let mut out = vec![
        "012 Norm test".to_owned(),
        "022 Testville".to_owned(),
        format!("032 {}", ev.host),
        format!("042 {}", start.format("%Y/%m/%d")),
        format!("052 {}", dates[n - 1].format("%Y/%m/%d")),
        "092 Individual: Swiss-System".to_owned(),
        "102 IA Arbiter, Example".to_owned(),
    ];
    if let Some(tc) = ev.time_control {
        out.push(format!("122 {tc}"));
    }
    let mut dl = format!("132{}", " ".repeat(86));
    for d in &dates {
        dl.push_str(&format!("  {}", d.format("%y/%m/%d")));
    }
    out.push(dl);
    let mut app_blocks = Vec::new();
    let mut opp_lines = Vec::new();
    let mut h = 0;
    let mut rank = 2u16;
    for (r, x) in rounds.iter().enumerate() {
        h += half(x.result);
        let Some((title, fed, rating)) = x.opp else {
            app_blocks.push(format!("0000 - {}", x.result));
            continue;
        };
        let (c, oc) = if r % 2 == 0 { ('w', 'b') } else { ('b', 'w') };
        app_blocks.push(format!("{rank:>4} {c} {}", x.result));
        let back = match x.result {
            '1' => '0',
            '0' => '1',
            '+' => '-',
            '-' => '+',
            'W' => 'L',
            'L' => 'W',
            other => other,
        };
        let blocks: Vec<String> = (0..n)
            .map(|k| {
                if k == r {
                    format!("{:>4} {oc} {back}", 1)
                } else {
                    " ".repeat(8)
                }
            })
            .collect();
        let sex = if title.starts_with('W') { 'w' } else { 'm' };
        opp_lines.push(line(rank, sex, title, fed, rating, half(back), &blocks));
        rank += 1;
    }
    let (sex, title, fed) = ev.applicant;
    out.push(line(1, sex, title, fed, Some(2400), h, &app_blocks));
    out.extend(opp_lines);
    out.join("\n") + "\n"
}

fn run(ev: &Event, rounds: &[Round], opts: &NormOptions) -> NormsReport {
    let text = report(ev, rounds);
    let parsed = parse_str(&text);
    evaluate(&parsed.tournament, opts)
}

fn norm(r: &NormsReport, kind: NormKind) -> &Norm {
    r.players
        .iter()
        .find(|p| p.start_rank == 1)
        .expect("the applicant")
        .norms
        .iter()
        .find(|n| n.title == kind)
        .expect("the norm")
}

fn failed(n: &Norm) -> Vec<&'static str> {
    n.failed.iter().map(|f| f.condition).collect()
}

/// E1 of the examples: a GM and IM norm.
fn e1() -> Vec<Round> {
    vec![
        g("GM", "ESP", 2550, '='),
        g("GM", "FRA", 2520, '1'),
        g("IM", "NED", 2450, '1'),
        g("GM", "ENG", 2580, '='),
        g("FM", "GER", 2350, '1'),
        g("IM", "GER", 2430, '='),
        g("GM", "POL", 2500, '='),
        g("WGM", "GER", 2380, '1'),
        g("FM", "ITA", 2300, '='),
    ]
}

// ---------------------------------------------------------------------
// The worked examples, from the files in samples/norms.

fn sample(name: &str) -> NormsReport {
    let path = root().join("samples/norms").join(name);
    let parsed = trfkit::read_path(&path, &ReadOptions::default()).unwrap();
    evaluate(&parsed.tournament, &NormOptions::default())
}

#[test]
fn worked_examples_human_snapshots() {
    for e in common::samples("norms") {
        let shown = common::display(&e);
        let (code, out, err) = trf(&["norms", &shown]);
        assert_eq!(code, 0, "{err}");
        insta::assert_snapshot!(format!("human__{}", common::snap_name(&e)), out);
    }
}

#[test]
fn e1_gm_and_im_norm() {
    let r = sample("e1-gm-and-im.trf");
    assert_eq!(r.edition.map(|e| e.id()), Some("B01_2024"));
    for k in [NormKind::GM, NormKind::IM] {
        let n = norm(&r, k);
        assert!(n.made, "{k:?}: {:?}", n.failed);
        assert_eq!(
            (n.games, n.score.as_str(), n.ra, n.p, n.dp, n.rp),
            (9, "6.5", Some(2451), Some(72), Some(166), Some(2617))
        );
        assert_eq!((n.mix.own, n.mix.own_max, n.mix.largest_max), (3, 5, 6));
        assert_eq!(n.mix.foreign_federations.len(), 6);
        assert_eq!(n.mix.title_holders, 9);
    }
    assert_eq!(norm(&r, NormKind::GM).mix.norm_title_holders, 4);
    assert_eq!(norm(&r, NormKind::IM).mix.norm_title_holders, 6);
    // 6.0 would give p 67 and Rp 2576: the required score is 6.5.
    assert_eq!(
        norm(&r, NormKind::GM).required_score.as_deref(),
        Some("6.5")
    );
    // A man: no women's norms.
    assert!(r.players[0].norms.iter().all(|n| !n.title.is_womens()));
}

#[test]
fn e2_federation_cap_and_its_exemption() {
    let r = sample("e2-federation-cap.trf");
    let n = norm(&r, NormKind::GM);
    assert!(!n.made);
    assert_eq!(failed(n), ["own-federation"]);
    assert_eq!(n.failed[0].code, "NORM-F144");
    assert_eq!((n.ra, n.rp), (Some(2489), Some(2655)));
    // An IM holds the IM title: only the GM norm is judged, unless --all.
    assert_eq!(r.players[0].norms.len(), 1);

    let path = root().join("samples/norms/e2-federation-cap.trf");
    let parsed = trfkit::read_path(&path, &ReadOptions::default()).unwrap();
    let mut opts = NormOptions::default();
    opts.exempt = Some(Exemption::A);
    let r = evaluate(&parsed.tournament, &opts);
    let n = norm(&r, NormKind::GM);
    assert!(n.made, "{:?}", n.failed);
    assert_eq!(n.foreigner_rule.as_str(), "exempt(a)");
    assert!(n.to_confirm.iter().any(|c| c.condition == "exemption"));
}

#[test]
fn e3_floor_raises_the_unrated_opponent_only() {
    let r = sample("e3-floor-unrated.trf");
    let n = norm(&r, NormKind::IM);
    assert!(n.made, "{:?}", n.failed);
    assert_eq!((n.ra, n.rp), (Some(2288), Some(2454)));
    let raised: Vec<_> = n.ratings.iter().filter(|r| r.raised).collect();
    assert_eq!(raised.len(), 1);
    assert_eq!((raised[0].rating, raised[0].counted), (None, 2050));
    assert!(n
        .ratings
        .iter()
        .any(|r| r.rating == Some(1980) && r.counted == 1980));
}

#[test]
fn e4_eight_games_and_a_pab_but_not_a_half_bye() {
    let r = sample("e4-wim-eight-plus-pab.trf");
    let n = norm(&r, NormKind::WIM);
    assert!(n.made, "{:?}", n.failed);
    assert!(n.eight_plus_one);
    assert_eq!(
        (n.games, n.counts_as, n.ra, n.p, n.rp),
        (8, 9, Some(2210), Some(69), Some(2351))
    );
    assert!(n.to_confirm.iter().any(|c| c.condition == "eight-plus-one"));
    let w = norm(&r, NormKind::WGM);
    assert!(!w.made);
    assert!(failed(w).contains(&"norm-title-holders") && failed(w).contains(&"performance"));

    let r = sample("e4-half-bye.trf");
    let n = norm(&r, NormKind::WIM);
    assert!(!n.made);
    assert_eq!(failed(n), ["games"]);
}

#[test]
fn e5_ra_rounds_half_up() {
    let r = sample("e5-rounding.trf");
    let n = norm(&r, NormKind::GM);
    assert!(n.made, "{:?}", n.failed);
    assert_eq!(
        (n.ra, n.p, n.dp, n.rp),
        (Some(2451), Some(70), Some(149), Some(2600))
    );
    assert_eq!(n.mix.norm_title_holders_min, 4);
}

#[test]
fn e6_the_unrated_value_is_a_parameter_of_the_edition() {
    let r = sample("e6-two-unrated.trf");
    let n = norm(&r, NormKind::IM);
    assert!(!n.made);
    assert_eq!(n.ra, Some(2223));
    assert_eq!(failed(n), ["rating-average", "performance"]);
    // The same games in 2017: unrated opponents count 1000 (the reading
    // trfkit uses, stated in the output).
    let mut ev = EVENT;
    ev.start = "2019-03-15";
    ev.applicant = ('m', "FM", "IND");
    ev.host = "ESP";
    let r = run(
        &ev,
        &[
            u("", "ENG", '1'),
            u("", "FRA", '1'),
            g("IM", "NED", 2350, '='),
            g("IM", "ESP", 2420, '='),
            g("GM", "GER", 2330, '1'),
            g("FM", "ITA", 2300, '='),
            g("IM", "USA", 2400, '1'),
            g("GM", "GER", 2450, '='),
            g("FM", "SWE", 2310, '='),
        ],
        &NormOptions::default(),
    );
    assert_eq!(r.edition.map(|e| e.id()), Some("B01_2017"));
    assert_eq!(norm(&r, NormKind::IM).ra, Some(2179));
    assert!(r.readings.iter().any(|t| t.contains("assumes 1000")));
    assert_eq!(
        norm(&r, NormKind::IM).failed[0].article,
        "B.01 (2017) 1.46, 1.47, 1.48a"
    );
}

#[test]
fn e7_rp_met_but_ra_too_low() {
    let r = sample("e7-ra-too-low.trf");
    let n = norm(&r, NormKind::GM);
    assert_eq!((n.ra, n.rp), (Some(2370), Some(2721)));
    assert_eq!(failed(n), ["rating-average"]);
    assert!(norm(&r, NormKind::IM).made);
}

#[test]
fn json_contract_fields() {
    let (code, out, err) = trf(&[
        "norms",
        "samples/norms/e1-gm-and-im.trf",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["file"], "samples/norms/e1-gm-and-im.trf");
    assert_eq!(v["edition"], "B01_2024");
    let p = &v["players"][0];
    for k in ["start_rank", "fide_id", "name", "norms"] {
        assert!(p.get(k).is_some(), "{k}");
    }
    let n = &p["norms"][0];
    for k in [
        "title",
        "made",
        "games",
        "score",
        "ra",
        "rp",
        "failed",
        "to_confirm",
        "subset",
    ] {
        assert!(n.get(k).is_some(), "{k}");
    }
    assert_eq!(n["title"], "GM");
    assert_eq!(n["made"], true);
    assert_eq!(n["rp"], 2617);
    assert!(n["to_confirm"]
        .as_array()
        .unwrap()
        .iter()
        .any(|c| c["condition"] == "registration"));
}

// ---------------------------------------------------------------------
// Each condition: a report that fails it, and one that must not.

#[test]
fn games_1_4_1a() {
    let mut r = e1();
    r.pop();
    let n8 = run(&EVENT, &r, &NormOptions::default());
    assert!(failed(norm(&n8, NormKind::IM)).contains(&"games"));
    let n9 = run(&EVENT, &e1(), &NormOptions::default());
    assert!(!failed(norm(&n9, NormKind::IM)).contains(&"games"));
    // --min-games (1.4.1b) lowers the count and asks to confirm the event.
    let mut opts = NormOptions::default();
    opts.min_games = Some(8);
    let n8 = run(&EVENT, &r, &opts);
    let n = norm(&n8, NormKind::IM);
    assert!(!failed(n).contains(&"games"));
    assert!(n.to_confirm.iter().any(|c| c.condition == "event-type"));
}

#[test]
fn forfeits_short_games_and_outside_federations_are_not_counted() {
    let mut r = e1();
    r[8] = g("FM", "ITA", 2300, '+');
    let n = run(&EVENT, &r, &NormOptions::default());
    assert_eq!(norm(&n, NormKind::GM).games, 8);
    let why = n.players[0].rounds[8].reason.clone().unwrap();
    assert!(why.contains("forfeit") && why.contains("1.4.2c"), "{why}");
    r[8] = g("FM", "ITA", 2300, 'D');
    let n = run(&EVENT, &r, &NormOptions::default());
    assert_eq!(norm(&n, NormKind::GM).games, 8);
    assert!(n.readings.iter().any(|t| t.contains("less than one move")));
    r[8] = g("FM", "NON", 2300, '=');
    let n = run(&EVENT, &r, &NormOptions::default());
    assert_eq!(norm(&n, NormKind::GM).games, 8);
    assert!(n.players[0].rounds[8]
        .reason
        .as_ref()
        .unwrap()
        .contains("1.4.2a"));
    // FID counts as a game but not as a federation, and asks to confirm.
    r[8] = g("FM", "FID", 2300, '=');
    let n = run(&EVENT, &r, &NormOptions::default());
    let gm = norm(&n, NormKind::GM);
    assert_eq!((gm.games, gm.mix.fid), (9, 1));
    assert!(gm.to_confirm.iter().any(|c| c.condition == "fid-opponents"));
}

#[test]
fn eight_plus_one_needs_a_forfeit_win_or_pab_1_4_1c() {
    let mut r = e1();
    r[4] = unplayed('U');
    let n = run(&EVENT, &r, &NormOptions::default());
    assert!(norm(&n, NormKind::IM).eight_plus_one);
    r[4] = g("FM", "GER", 2350, '+');
    let n = run(&EVENT, &r, &NormOptions::default());
    assert!(norm(&n, NormKind::IM).eight_plus_one);
    r[4] = g("FM", "GER", 2350, '-');
    let n = run(&EVENT, &r, &NormOptions::default());
    let im = norm(&n, NormKind::IM);
    assert!(!im.eight_plus_one && failed(im).contains(&"games"));
}

#[test]
fn foreign_federations_1_4_3() {
    // Eight of the opponents from GER, one from FRA: one foreign federation.
    let mut r: Vec<Round> = e1()
        .iter()
        .map(|x| Round {
            opp: x.opp.map(|(t, _, rt)| (t, "GER", rt)),
            ..*x
        })
        .collect();
    r[1] = g("GM", "FRA", 2520, '1');
    let n = run(&EVENT, &r, &NormOptions::default());
    assert!(failed(norm(&n, NormKind::IM)).contains(&"foreign-federations"));
    r[2] = g("IM", "NED", 2450, '1');
    let n = run(&EVENT, &r, &NormOptions::default());
    assert!(!failed(norm(&n, NormKind::IM)).contains(&"foreign-federations"));
}

#[test]
fn own_federation_1_4_4() {
    let mut r = e1();
    // GER: rounds 5, 6, 8 → add rounds 1, 2 and 3: 6 > 5.
    r[0] = g("GM", "GER", 2550, '=');
    r[1] = g("GM", "GER", 2520, '1');
    r[2] = g("IM", "GER", 2450, '1');
    let n = run(&EVENT, &r, &NormOptions::default());
    assert!(failed(norm(&n, NormKind::IM)).contains(&"own-federation"));
    r[2] = g("IM", "NED", 2450, '1');
    let n = run(&EVENT, &r, &NormOptions::default());
    assert!(!failed(norm(&n, NormKind::IM)).contains(&"own-federation"));
    // 1.4.3c waives it for every player.
    r[2] = g("IM", "GER", 2450, '1');
    let mut opts = NormOptions::default();
    opts.exempt = Some(Exemption::C);
    let n = run(&EVENT, &r, &opts);
    assert!(failed(norm(&n, NormKind::IM)).is_empty());
}

#[test]
fn one_federation_1_4_4() {
    // 7 of 9 from ESP (the applicant is GER): 7 > 6.
    let mut r: Vec<Round> = e1()
        .iter()
        .map(|x| Round {
            opp: x.opp.map(|(t, _, rt)| (t, "ESP", rt)),
            ..*x
        })
        .collect();
    r[0] = g("GM", "FRA", 2550, '=');
    r[1] = g("GM", "NED", 2520, '1');
    let n = run(&EVENT, &r, &NormOptions::default());
    assert_eq!(failed(norm(&n, NormKind::IM)), ["one-federation"]);
    r[2] = g("IM", "ITA", 2450, '1');
    let n = run(&EVENT, &r, &NormOptions::default());
    assert!(failed(norm(&n, NormKind::IM)).is_empty());
}

#[test]
fn title_holders_1_4_5a() {
    // CM and WCM are not title holders: 4 of 9 hold a title.
    let r = vec![
        g("GM", "ESP", 2550, '1'),
        g("GM", "FRA", 2520, '1'),
        g("GM", "NED", 2450, '1'),
        g("IM", "ENG", 2580, '='),
        g("CM", "GER", 2350, '1'),
        g("CM", "ITA", 2430, '='),
        g("WCM", "POL", 2500, '='),
        g("", "GER", 2380, '1'),
        g("", "ITA", 2300, '1'),
    ];
    let n = run(&EVENT, &r, &NormOptions::default());
    assert!(failed(norm(&n, NormKind::IM)).contains(&"title-holders"));
    let mut r = r;
    r[4] = g("FM", "GER", 2350, '1');
    let n = run(&EVENT, &r, &NormOptions::default());
    assert!(!failed(norm(&n, NormKind::IM)).contains(&"title-holders"));
}

#[test]
fn norm_title_holders_1_4_5b_e() {
    // Two GMs: not enough for a GM norm (3), enough IM-or-GM for an IM norm.
    let mut r = e1();
    r[0] = g("IM", "ESP", 2550, '=');
    r[3] = g("IM", "ENG", 2580, '=');
    let n = run(&EVENT, &r, &NormOptions::default());
    assert!(failed(norm(&n, NormKind::GM)).contains(&"norm-title-holders"));
    assert!(!failed(norm(&n, NormKind::IM)).contains(&"norm-title-holders"));
    // A WGM counts for a WGM norm, not for an IM norm.
    let mut ev = EVENT;
    ev.applicant = ('w', "WFM", "GER");
    let r = vec![
        g("WGM", "ESP", 2450, '1'),
        g("WGM", "FRA", 2450, '1'),
        g("WGM", "NED", 2450, '1'),
        g("FM", "ENG", 2400, '='),
        g("FM", "ITA", 2400, '1'),
        g("WIM", "POL", 2400, '='),
        g("", "SWE", 2400, '='),
        g("", "NOR", 2400, '1'),
        g("", "DEN", 2400, '='),
    ];
    let n = run(&ev, &r, &NormOptions::default());
    assert!(!failed(norm(&n, NormKind::WGM)).contains(&"norm-title-holders"));
    assert!(failed(norm(&n, NormKind::IM)).contains(&"norm-title-holders"));
}

#[test]
fn rating_average_and_floor_1_4_6_to_1_4_8a() {
    // E7's Ra 2370 fails the GM minimum 2380; at 2380 it passes.
    let all = |rating: u16| -> Vec<Round> {
        e1().iter()
            .map(|x| Round {
                opp: x.opp.map(|(t, f, _)| (t, f, Some(rating))),
                ..*x
            })
            .collect()
    };
    let n = run(&EVENT, &all(2370), &NormOptions::default());
    assert!(failed(norm(&n, NormKind::GM)).contains(&"rating-average"));
    let n = run(&EVENT, &all(2380), &NormOptions::default());
    assert!(!failed(norm(&n, NormKind::GM)).contains(&"rating-average"));
}

#[test]
fn performance_1_4_8() {
    // E1 with 6 points: p 67, Rp 2576 < 2600.
    let mut r = e1();
    r[1] = g("GM", "FRA", 2520, '=');
    let n = run(&EVENT, &r, &NormOptions::default());
    assert_eq!(norm(&n, NormKind::GM).rp, Some(2576));
    assert!(failed(norm(&n, NormKind::GM)).contains(&"performance"));
    let n = run(&EVENT, &e1(), &NormOptions::default());
    assert!(!failed(norm(&n, NormKind::GM)).contains(&"performance"));
}

#[test]
fn minimum_score_1_4_8b() {
    // 4.5 of 13 = 34.6%: below 35% on the exact score (p rounds to 35).
    let strong = |res: &[char]| -> Vec<Round> {
        let feds = [
            "ESP", "FRA", "NED", "ENG", "POL", "ITA", "SWE", "NOR", "DEN", "USA", "CHN", "IND",
            "RUS",
        ];
        res.iter()
            .enumerate()
            .map(|(i, c)| g("GM", feds[i], 2730, *c))
            .collect()
    };
    // The wins come last: leaving out trailing rounds (1.4.1e) or wins
    // (1.4.1f) only lowers the share.
    let r = strong(&[
        '0', '0', '0', '0', '0', '0', '0', '0', '=', '1', '1', '1', '1',
    ]);
    let n = run(&EVENT, &r, &NormOptions::default());
    let gm = norm(&n, NormKind::GM);
    assert_eq!((gm.p, gm.rp), (Some(35), Some(2620)));
    assert_eq!(failed(gm), ["minimum-score"]);
    assert!(gm.subset.is_none());
    // 3.5 of 10 = 35%: met.
    let r = strong(&['1', '1', '1', '=', '0', '0', '0', '0', '0', '0']);
    let n = run(&EVENT, &r, &NormOptions::default());
    assert!(failed(norm(&n, NormKind::GM)).is_empty());
}

#[test]
fn rounds_per_day_1_1_3() {
    let mut ev = EVENT;
    ev.per_day = 3;
    let n = run(&ev, &e1(), &NormOptions::default());
    let gm = norm(&n, NormKind::GM);
    assert!(!gm.made && failed(gm).contains(&"rounds-per-day"));
    ev.per_day = 2;
    let n = run(&ev, &e1(), &NormOptions::default());
    assert!(norm(&n, NormKind::GM).made);
}

#[test]
fn time_control_1_1_3() {
    let mut ev = EVENT;
    ev.time_control = Some("60 min + 30 sec/move from move 1");
    let n = run(&ev, &e1(), &NormOptions::default());
    assert!(failed(norm(&n, NormKind::GM)).contains(&"time-control"));
    ev.time_control = Some("90 min/40 moves + 30 min + 30 sec/move from move 1");
    let n = run(&ev, &e1(), &NormOptions::default());
    assert!(norm(&n, NormKind::GM).made);
    // Without a time control: to confirm, never assumed.
    ev.time_control = None;
    let n = run(&ev, &e1(), &NormOptions::default());
    let gm = norm(&n, NormKind::GM);
    assert!(
        gm.made
            && gm
                .to_confirm
                .iter()
                .any(|c| c.condition == "time-control-unknown")
    );
}

#[test]
fn to_confirm_is_never_silent() {
    let n = run(&EVENT, &e1(), &NormOptions::default());
    let gm = norm(&n, NormKind::GM);
    for c in [
        "registration",
        "arbiters",
        "titles-at-start",
        "ratings-at-start",
    ] {
        assert!(gm.to_confirm.iter().any(|x| x.condition == c), "{c}");
    }
}

#[test]
fn subset_drops_trailing_rounds_1_4_1e_and_wins_1_4_1f() {
    // E1, then two losses: 9 games make the norm, the 11 do not.
    let mut r = e1();
    r.push(g("GM", "NOR", 2600, '0'));
    r.push(g("GM", "SWE", 2600, '0'));
    let n = run(&EVENT, &r, &NormOptions::default());
    let gm = norm(&n, NormKind::GM);
    assert!(gm.made);
    assert!(gm.failed.is_empty() && !gm.failed_all_games.is_empty());
    let s = gm.subset.as_ref().unwrap();
    assert_eq!(s.rounds_left_out, [10, 11]);
    assert!(s.rule.contains("1.4.1e"));
    // A win against a weak opponent dropped (1.4.1f) lifts Ra: 9 of 10
    // with Ra (9 x 2390 + 2200) / 10 = 2371 < 2380; without round 1, 8 of
    // 9 with Ra 2390.
    let mut r = vec![g("FM", "NOR", 1500, '1')];
    r.extend(e1().iter().map(|x| Round {
        opp: x.opp.map(|(t, f, _)| (t, f, Some(2390))),
        result: if x.result == '=' && x.opp.unwrap().1 != "ITA" {
            '1'
        } else {
            x.result
        },
    }));
    let n = run(&EVENT, &r, &NormOptions::default());
    let gm = norm(&n, NormKind::GM);
    assert_eq!(
        gm.failed_all_games
            .iter()
            .map(|f| f.condition)
            .collect::<Vec<_>>(),
        ["rating-average"]
    );
    let s = gm.subset.as_ref().expect("a subset");
    assert_eq!(s.rounds_left_out, [1]);
    assert!(s.rule.contains("1.4.1f") && !s.rule.contains("1.4.1e"));
    // Without games to spare there is no subset.
    let mut r = e1();
    r[1] = g("GM", "FRA", 2520, '=');
    let n = run(&EVENT, &r, &NormOptions::default());
    assert!(norm(&n, NormKind::GM).subset.is_none());
}

#[test]
fn editions_before_2014_are_not_covered() {
    let mut ev = EVENT;
    ev.start = "2013-05-10";
    let n = run(&ev, &e1(), &NormOptions::default());
    assert!(n.edition.is_none() && n.players.is_empty());
    assert_eq!(n.notes[0].code, "NORM-E000");
}

#[test]
fn titles_held_and_womens_titles() {
    let mut ev = EVENT;
    ev.applicant = ('w', "IM", "GER");
    let n = run(&ev, &e1(), &NormOptions::default());
    let kinds: Vec<_> = n.players[0].norms.iter().map(|n| n.title).collect();
    assert_eq!(kinds, [NormKind::GM]);
    let mut opts = NormOptions::default();
    opts.all = true;
    let n = run(&ev, &e1(), &opts);
    assert_eq!(n.players[0].norms.len(), 4);
}

#[test]
fn certificate_is_written_beside_the_input_and_never_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("e1.trf");
    std::fs::copy(root().join("samples/norms/e1-gm-and-im.trf"), &input).unwrap();
    let dest = dir.path().join("e1.norm-1.html");
    let i = input.to_str().unwrap();
    let (code, out, err) = trf(&["norms", "--certificate", "1", i]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("GM norm"), "{out}");
    let html = std::fs::read_to_string(&dest).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    for s in [
        "Applicant",
        "9900001",
        "Place of birth",
        "2451",
        "2617",
        "Chief Arbiter",
        "registration",
    ] {
        assert!(html.contains(s), "{s}");
    }
    std::fs::write(&dest, "kept").unwrap();
    let (code, _, err) = trf(&["norms", "--certificate", "1", i]);
    assert_eq!(code, 2);
    assert!(err.contains("--force"), "{err}");
    assert_eq!(std::fs::read_to_string(&dest).unwrap(), "kept");
    let (code, _, _) = trf(&["norms", "--certificate", "1", i, "--force"]);
    assert_eq!(code, 0);
    // A player who made no norm: refused, nothing written.
    let (code, _, err) = trf(&[
        "norms",
        "--certificate",
        "4",
        i,
        "-o",
        dir.path().join("x.html").to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(!dir.path().join("x.html").exists());
}

#[test]
fn html_report_has_a_norms_section_only_when_a_norm_was_made() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r.html");
    let o = out.to_str().unwrap();
    let (code, _, err) = trf(&["report", "samples/norms/e1-gm-and-im.trf", "-o", o]);
    assert!(code <= 1, "{err}");
    let html = std::fs::read_to_string(&out).unwrap();
    assert!(html.contains("<h2>Norms</h2>") && html.contains("Applicant"));
    let (code, _, err) = trf(&[
        "report",
        "samples/norms/e6-two-unrated.trf",
        "-o",
        o,
        "--force",
    ]);
    assert!(code <= 1, "{err}");
    assert!(!std::fs::read_to_string(&out)
        .unwrap()
        .contains("<h2>Norms</h2>"));
}

#[test]
fn explain_documents_each_condition_by_edition() {
    let (code, out, _) = trf(&["explain", "NORM-F144"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("B01_2017: 1.44") && out.contains("B01_2024: 1.4.4"),
        "{out}"
    );
    let (code, out, _) = trf(&["explain", "minimum-score"]);
    assert_eq!(code, 0);
    assert!(out.contains("trfkit tests the exact score"));
    let (code, out, _) = trf(&["explain", "norms"]);
    assert_eq!(code, 0);
    // Every condition is on that page: `cli::norms`'s own test (the list
    // of conditions is private to the crate).
    assert!(!out.contains("regulations.md") && !out.contains("title-norms.md"));
}

#[test]
fn usage_errors() {
    let (code, _, err) = trf(&[
        "norms",
        "samples/norms/e1-gm-and-im.trf",
        "--exempt",
        "1.4.3d",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("computed"), "{err}");
    let (code, _, _) = trf(&["norms", "samples/norms/missing.trf"]);
    assert_eq!(code, 2);
}

/// A FIDE list (the layout of `players_list_foa.txt`) holding E1's
/// opponents, with two of its GMs listed as IMs.
fn e1_list(dir: &std::path::Path) -> std::path::PathBuf {
    let sample = std::fs::read(root().join("samples/lists/players_list_foa.txt")).unwrap();
    let text = String::from_utf8_lossy(&sample);
    let mut lines = text.lines();
    let header = lines.next().unwrap().trim_end_matches('\r').to_owned();
    let template: Vec<u8> = lines
        .next()
        .unwrap()
        .trim_end_matches('\r')
        .bytes()
        .collect();
    let put = |b: &mut Vec<u8>, at: usize, width: usize, v: &str| {
        let v = format!("{v:<width$}");
        b[at..at + width].copy_from_slice(&v.as_bytes()[..width]);
    };
    let mut out = header + "\r\n";
    for (k, x) in e1().iter().enumerate() {
        let (title, fed, rating) = x.opp.unwrap();
        let rank = k as u32 + 2;
        // Rounds 1 and 4: GMs in the report, IMs in the list.
        let listed = if k == 0 || k == 3 { "IM" } else { title };
        let (tit, wtit) = if listed.starts_with('W') {
            ("", listed)
        } else {
            (listed, "")
        };
        let mut b = template.clone();
        put(&mut b, 0, 15, &(9_900_000 + rank).to_string());
        put(&mut b, 15, 61, &format!("Player, No{rank}"));
        put(&mut b, 76, 4, fed);
        put(&mut b, 84, 5, tit);
        put(&mut b, 89, 5, wtit);
        put(&mut b, 113, 5, &rating.unwrap().to_string());
        out.push_str(&String::from_utf8(b).unwrap());
        out.push_str("\r\n");
    }
    let path = dir.join("players_list_foa.txt");
    std::fs::write(&path, out).unwrap();
    path
}

#[test]
fn rating_list_titles_the_list_does_not_show_are_not_counted() {
    let dir = tempfile::tempdir().unwrap();
    let list = e1_list(dir.path());
    let (code, out, err) = trf(&[
        "norms",
        "samples/norms/e1-gm-and-im.trf",
        "--format",
        "json",
        "--rating-list",
        list.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let p = &v["players"][0];
    let gm = &p["norms"][0];
    assert_eq!(gm["title"], "GM");
    assert_eq!(gm["made"], false);
    assert_eq!(gm["mix"]["norm_title_holders"], 2);
    assert!(gm["failed"]
        .as_array()
        .unwrap()
        .iter()
        .any(|f| f["condition"] == "norm-title-holders"));
    let notes = p["notes"].as_array().unwrap();
    assert_eq!(
        notes
            .iter()
            .filter(|n| n["condition"] == "title-not-in-list")
            .count(),
        2
    );
    // The list's title counts instead: the IM norm still holds with 6 GM-or-IM.
    assert_eq!(p["norms"][1]["made"], true);
    assert_eq!(p["norms"][1]["mix"]["norm_title_holders"], 6);
    assert!(notes[0]["message"]
        .as_str()
        .unwrap()
        .contains("the list's IM counts instead"));
    // Without the list, the report's titles count.
    let (_, out, _) = trf(&[
        "norms",
        "samples/norms/e1-gm-and-im.trf",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["players"][0]["norms"][0]["made"], true);
}

// ---------------------------------------------------------------------
// Whole events: every player paired by the circle method.

/// A player: sex, title, federation, rating.
type Entrant = (char, &'static str, &'static str, Option<u16>);

/// An event of an even number of players paired by the circle method for
/// `rounds` rounds (a double round robin when `rounds` = 2(n−1), the
/// second cycle with colours reversed); `result(a, b)` is the result of
/// player index `a` against `b` (`1`, `=`, `0`).
fn circle(
    start: &str,
    host: &str,
    ty: &str,
    players: &[Entrant],
    rounds: usize,
    result: &dyn Fn(usize, usize) -> char,
) -> String {
    let n = players.len();
    assert!(n % 2 == 0);
    let mut blocks = vec![Vec::new(); n];
    let mut halves = vec![0u32; n];
    for r in 0..rounds {
        let c = r % (n - 1);
        let second = r >= n - 1;
        let mut pairs = vec![(n - 1, c)];
        for k in 1..n / 2 {
            pairs.push(((c + k) % (n - 1), (c + n - 1 - k) % (n - 1)));
        }
        let mut round = vec![String::new(); n];
        for (a, b) in pairs {
            let (w, bl) = if (r % 2 == 0) != second {
                (a, b)
            } else {
                (b, a)
            };
            let res = result(w, bl);
            let back = match res {
                '1' => '0',
                '0' => '1',
                x => x,
            };
            halves[w] += half(res);
            halves[bl] += half(back);
            round[w] = format!("{:>4} w {res}", bl + 1);
            round[bl] = format!("{:>4} b {back}", w + 1);
        }
        for (i, b) in round.into_iter().enumerate() {
            blocks[i].push(b);
        }
    }
    let start = chrono::NaiveDate::parse_from_str(start, "%Y-%m-%d").unwrap();
    let mut out = vec![
        "012 Norm event".to_owned(),
        "022 Testville".to_owned(),
        format!("032 {host}"),
        format!("042 {}", start.format("%Y/%m/%d")),
        format!(
            "052 {}",
            (start + chrono::Duration::days(rounds as i64 - 1)).format("%Y/%m/%d")
        ),
        format!("092 {ty}"),
        "102 IA Arbiter, Example".to_owned(),
        "122 90 min + 30 sec/move from move 1".to_owned(),
    ];
    let mut dl = format!("132{}", " ".repeat(86));
    for d in 0..rounds {
        dl.push_str(&format!(
            "  {}",
            (start + chrono::Duration::days(d as i64)).format("%y/%m/%d")
        ));
    }
    out.push(dl);
    for (i, (sex, title, fed, rating)) in players.iter().enumerate() {
        out.push(line(
            i as u16 + 1,
            *sex,
            title,
            fed,
            *rating,
            halves[i],
            &blocks[i],
        ));
    }
    out.join("\n") + "\n"
}

fn evaluate_text(text: &str, opts: &NormOptions) -> NormsReport {
    evaluate(&parse_str(text).tournament, opts)
}

#[test]
fn double_round_robin_needs_six_players_1_4_5f() {
    let five: Vec<Entrant> = vec![
        ('m', "FM", "GER", Some(2400)),
        ('m', "GM", "ESP", Some(2600)),
        ('m', "GM", "FRA", Some(2600)),
        ('m', "GM", "NED", Some(2600)),
        ('m', "GM", "ITA", Some(2600)),
        ('m', "GM", "POL", Some(2600)),
    ];
    // Six players: 10 rounds, 10 games; the applicant wins every game.
    let win = |a: usize, b: usize| {
        if a == 0 {
            '1'
        } else if b == 0 {
            '0'
        } else {
            '='
        }
    };
    let text = circle(
        "2024-05-10",
        "GER",
        "Individual: Double round robin",
        &five,
        10,
        &win,
    );
    let r = evaluate_text(&text, &NormOptions::default());
    assert_eq!(
        r.event.as_ref().unwrap().tournament_type,
        "double round robin"
    );
    let gm = norm(&r, NormKind::GM);
    assert_eq!(gm.games, 10);
    assert!(!failed(gm).contains(&"double-round-robin-players"));
    // Five distinct GMs met twice: 5 counted once, the halved minimum 2.
    assert_eq!(
        (gm.mix.norm_title_holders, gm.mix.norm_title_holders_min),
        (5, 2)
    );
    assert!(gm.made, "{:?}", gm.failed);
    // Four players: a double round robin of 6 rounds.
    let text = circle(
        "2024-05-10",
        "GER",
        "Individual: Double round robin",
        &five[..4],
        6,
        &win,
    );
    let r = evaluate_text(&text, &NormOptions::default());
    let gm = norm(&r, NormKind::GM);
    assert!(failed(gm).contains(&"double-round-robin-players"));
}

#[test]
fn round_robin_unrated_opponent_without_points_1_4_2b() {
    let field: Vec<Entrant> = vec![
        ('m', "FM", "GER", Some(2400)),
        ('m', "GM", "ESP", Some(2600)),
        ('m', "GM", "FRA", Some(2600)),
        ('m', "GM", "NED", Some(2600)),
        ('m', "IM", "ITA", Some(2500)),
        ('m', "IM", "POL", Some(2500)),
        ('m', "IM", "SWE", Some(2500)),
        ('m', "FM", "NOR", Some(2450)),
        ('m', "FM", "DEN", Some(2450)),
        ('m', "", "ENG", None),
    ];
    // Player 10 (unrated) loses every game.
    let res = |a: usize, b: usize| match (a, b) {
        (9, _) | (_, 0) => '0',
        (_, 9) | (0, _) => '1',
        _ => '=',
    };
    let text = circle(
        "2024-05-10",
        "GER",
        "Individual: Round robin",
        &field,
        9,
        &res,
    );
    let r = evaluate_text(&text, &NormOptions::default());
    let gm = norm(&r, NormKind::GM);
    assert_eq!(gm.games, 8);
    let round = r.players[0]
        .rounds
        .iter()
        .find(|x| x.opponent == Some(10))
        .unwrap();
    assert!(
        round.reason.as_ref().unwrap().contains("1.4.2b"),
        "{round:?}"
    );
    // The same unrated player with a draw against a rated one counts.
    let res2 = |a: usize, b: usize| match (a, b) {
        (9, 1) => '=',
        (1, 9) => '=',
        _ => res(a, b),
    };
    let text = circle(
        "2024-05-10",
        "GER",
        "Individual: Round robin",
        &field,
        9,
        &res2,
    );
    let r = evaluate_text(&text, &NormOptions::default());
    assert_eq!(norm(&r, NormKind::GM).games, 9);
}

#[test]
fn swiss_exemption_1_4_3d_is_computed() {
    // 24 players, 9 rounds: 20 rated players not of the host (GER) from
    // ENG, FRA and ESP, `titled` of them GMs, present in every round.
    let field = |titled: usize| -> Vec<Entrant> {
        let mut f: Vec<Entrant> = vec![('m', "FM", "GER", Some(2400))];
        let feds = ["ENG", "FRA", "ESP"];
        for k in 0..20 {
            f.push((
                'm',
                if k < titled { "GM" } else { "FM" },
                feds[k % 3],
                Some(2550),
            ));
        }
        f.extend([
            ('m', "GM", "GER", Some(2550)),
            ('m', "GM", "GER", Some(2550)),
            ('m', "GM", "GER", Some(2550)),
        ]);
        f
    };
    let res = |a: usize, b: usize| {
        if a == 0 {
            '1'
        } else if b == 0 {
            '0'
        } else {
            '='
        }
    };
    let text = circle(
        "2024-05-10",
        "GER",
        "Individual: Swiss-System",
        &field(10),
        9,
        &res,
    );
    let r = evaluate_text(&text, &NormOptions::default());
    let x = &r.event.as_ref().unwrap().swiss_exemption;
    assert!(x.met, "{x:?}");
    assert_eq!((x.foreign_rated, x.federations, x.titled), (20, 3, 10));
    assert_eq!(norm(&r, NormKind::GM).foreigner_rule.as_str(), "exempt(d)");
    let text = circle(
        "2024-05-10",
        "GER",
        "Individual: Swiss-System",
        &field(9),
        9,
        &res,
    );
    let r = evaluate_text(&text, &NormOptions::default());
    let x = &r.event.as_ref().unwrap().swiss_exemption;
    assert!(!x.met && x.titled == 9, "{x:?}");
    assert_eq!(norm(&r, NormKind::GM).foreigner_rule.as_str(), "normal");
}

#[test]
fn last_round_forfeit_second_evaluation_1_4_2c() {
    // E1's first 8 games, then a forfeit loss in the last round: 8 games
    // (no 1.4.1c: a forfeit loss), but with the forfeit as a played loss
    // 6 of 9 gives Rp 2576, an IM norm.
    let mut r = e1();
    r[8] = g("FM", "ITA", 2300, '-');
    let n = run(&EVENT, &r, &NormOptions::default());
    let im = norm(&n, NormKind::IM);
    assert!(!im.made && failed(im) == ["games"]);
    let l = im.last_round_forfeit.as_ref().expect("second evaluation");
    assert_eq!(
        (l.rule, l.round, l.assessment.games, l.assessment.rp),
        ("1.4.2c-last-round", 9, 9, Some(2576))
    );
    assert!(im
        .to_confirm
        .iter()
        .any(|c| c.condition == "last-round-forfeit"));
    // The GM norm is not made either way: no second evaluation.
    assert!(norm(&n, NormKind::GM).last_round_forfeit.is_none());
    // A forfeit in another round: no second evaluation.
    let mut r = e1();
    r[3] = g("GM", "ENG", 2580, '-');
    let n = run(&EVENT, &r, &NormOptions::default());
    assert!(norm(&n, NormKind::IM).last_round_forfeit.is_none());
}

// ---------------------------------------------------------------------
// What the title application needs of the event (reported, never decided)
// and the event's format and length.

fn application(n: &Norm) -> Vec<&'static str> {
    n.application.iter().map(|a| a.condition).collect()
}

#[test]
fn one_round_a_day_on_three_days_1_1_3a() {
    // One round a day: nine such days, and a GM norm says the event can be
    // the one 1.1.3a asks of a GM application.
    let n = run(&EVENT, &e1(), &NormOptions::default());
    assert_eq!(n.event.as_ref().unwrap().single_round_days, Some(9));
    let gm = norm(&n, NormKind::GM);
    let a = gm
        .application
        .iter()
        .find(|a| a.condition == "one-round-a-day")
        .expect("1.1.3a reported for a GM norm");
    assert!(
        a.message.contains("on 9 days: it can be") && a.article == "B.01 (2024) 1.1.3a",
        "{a:?}"
    );
    // 1.1.3a is a GM and WGM rule: never on an IM norm.
    assert!(!application(norm(&n, NormKind::IM)).contains(&"one-round-a-day"));
    // Two rounds a day: nine rounds on five dates, one of them with one
    // round: not such an event.
    let mut ev = EVENT;
    ev.per_day = 2;
    let n = run(&ev, &e1(), &NormOptions::default());
    assert_eq!(n.event.as_ref().unwrap().single_round_days, Some(1));
    let gm = norm(&n, NormKind::GM);
    assert!(gm.made);
    assert!(gm
        .application
        .iter()
        .any(|a| a.condition == "one-round-a-day" && a.message.contains("on 1 day: it cannot be")));
}

#[test]
fn application_facts_only_for_norms_made() {
    // A 13-game loss streak: no norm, so nothing about the application.
    let lost: Vec<Round> = e1().iter().map(|r| Round { result: '0', ..*r }).collect();
    let n = run(&EVENT, &lost, &NormOptions::default());
    let gm = norm(&n, NormKind::GM);
    assert!(!gm.made && gm.application.is_empty());
}

/// An individual Swiss of `players` rated players, all at `rating` but the
/// last at `last`, paired by the circle method for nine rounds.
fn big_swiss(start: &str, players: usize, rating: u16, last: u16) -> String {
    let field: Vec<Entrant> = (0..players)
        .map(|i| {
            let r = if i + 1 == players { last } else { rating };
            ('m', "", if i % 2 == 0 { "GER" } else { "FRA" }, Some(r))
        })
        .collect();
    circle(
        start,
        "GER",
        "Individual: Swiss-System",
        &field,
        9,
        &|a, b| {
            if a < b {
                '1'
            } else {
                '0'
            }
        },
    )
}

#[test]
fn qualifying_swiss_1_5_6a() {
    // 40 rated players at exactly 2000 in every round: met (40 x 2000).
    let r = evaluate_text(
        &big_swiss("2024-05-10", 40, 2000, 2000),
        &NormOptions::default(),
    );
    let q = r.event.as_ref().unwrap().qualifying_swiss.clone().unwrap();
    assert!(q.met, "{q:?}");
    assert_eq!((q.rated_present, q.top_40_average), (40, Some(2000)));
    // One point short over the 40: not met, in integers (79,999 < 80,000).
    let r = evaluate_text(
        &big_swiss("2024-05-10", 40, 2000, 1999),
        &NormOptions::default(),
    );
    let q = r.event.as_ref().unwrap().qualifying_swiss.clone().unwrap();
    assert!(!q.met && q.rated_present == 40, "{q:?}");
    // 42 players: the two lowest are outside the top 40, so it is met.
    let r = evaluate_text(
        &big_swiss("2024-05-10", 42, 2000, 1200),
        &NormOptions::default(),
    );
    assert!(
        r.event
            .as_ref()
            .unwrap()
            .qualifying_swiss
            .as_ref()
            .unwrap()
            .met
    );
    // 38 players: too few, whatever their ratings.
    let r = evaluate_text(
        &big_swiss("2024-05-10", 38, 2500, 2500),
        &NormOptions::default(),
    );
    let q = r.event.as_ref().unwrap().qualifying_swiss.clone().unwrap();
    assert!(!q.met && q.top_40_average.is_none(), "{q:?}");
    // A round robin is not a Swiss: nothing computed.
    let field: Vec<Entrant> = (0..10).map(|_| ('m', "GM", "GER", Some(2600))).collect();
    let rr = circle("2024-05-10", "GER", "Round Robin", &field, 9, &|_, _| '=');
    assert!(evaluate_text(&rr, &NormOptions::default())
        .event
        .unwrap()
        .qualifying_swiss
        .is_none());
}

#[test]
fn qualifying_event_reported_for_norms_after_june_2022_1_5_6() {
    // E1 (May 2024, a Swiss of ten): the GM norm is made, and the
    // application needs one norm from a qualifying event, which this is not.
    let n = run(&EVENT, &e1(), &NormOptions::default());
    let gm = norm(&n, NormKind::GM);
    let a = gm
        .application
        .iter()
        .find(|a| a.condition == "qualifying-event")
        .expect("1.5.6 reported");
    assert!(a.message.contains("does not qualify"), "{a:?}");
    assert_eq!(a.article, "B.01 (2024) 1.5.6");
    // Before July 2022 the rule does not concern the norm.
    let mut ev = EVENT;
    ev.start = "2021-05-10";
    let n = run(&ev, &e1(), &NormOptions::default());
    let gm = norm(&n, NormKind::GM);
    assert!(gm.made && !application(gm).contains(&"qualifying-event"));
}

#[test]
fn format_1_4_2e() {
    let field: Vec<Entrant> = (0..10).map(|_| ('m', "GM", "GER", Some(2600))).collect();
    let team = circle("2024-05-10", "GER", "Team Swiss", &field, 9, &|_, _| '=');
    let r = evaluate_text(&team, &NormOptions::default());
    let f = r
        .to_confirm
        .iter()
        .find(|c| c.condition == "format")
        .expect("a team competition is listed to confirm");
    assert!(f.message.contains("team competition") && f.article == "B.01 (2024) 1.4.2e");
    // A Swiss and a round robin are permitted formats.
    for ty in ["Individual: Swiss-System", "Round Robin"] {
        let t = circle("2024-05-10", "GER", ty, &field, 9, &|_, _| '=');
        let r = evaluate_text(&t, &NormOptions::default());
        assert!(
            !r.to_confirm.iter().any(|c| c.condition == "format"),
            "{ty}"
        );
    }
}

/// E1 starting on `start`, its last round (and end date) moved `days`
/// days after the start, declared as `ty`.
fn long_event(start: &'static str, days: i64, ty: &str) -> String {
    let mut ev = EVENT;
    ev.start = start;
    let text = report(&ev, &e1());
    let s = chrono::NaiveDate::parse_from_str(start, "%Y-%m-%d").unwrap();
    let last = s + chrono::Duration::days(8);
    let moved = s + chrono::Duration::days(days - 1);
    text.replace(
        &format!("052 {}", last.format("%Y/%m/%d")),
        &format!("052 {}", moved.format("%Y/%m/%d")),
    )
    .replace(
        &format!("  {}\n", last.format("%y/%m/%d")),
        &format!("  {}\n", moved.format("%y/%m/%d")),
    )
    .replace("092 Individual: Swiss-System", &format!("092 {ty}"))
}

#[test]
fn duration_limits_of_the_2017_edition() {
    let has = |r: &NormsReport| r.to_confirm.iter().any(|c| c.condition == "duration");
    // 2018, 100 days: more than the 90 the 2017 edition allows, to confirm.
    let r = evaluate_text(
        &long_event("2018-03-01", 100, "Individual: Swiss-System"),
        &NormOptions::default(),
    );
    assert_eq!(r.event.as_ref().unwrap().days, Some(100));
    let d = r
        .to_confirm
        .iter()
        .find(|c| c.condition == "duration")
        .expect("duration");
    assert!(
        d.message.contains("100 days") && d.article == "B.01 (2017) 1.14",
        "{d:?}"
    );
    // The norm is not failed for it: the limit is not read from FIDE's text.
    assert!(norm(&r, NormKind::GM).made);
    // 90 days: within the limit.
    let r = evaluate_text(
        &long_event("2018-03-01", 90, "Individual: Swiss-System"),
        &NormOptions::default(),
    );
    assert!(!has(&r));
    // A league may last a year.
    let r = evaluate_text(
        &long_event("2018-03-01", 200, "Bundesliga"),
        &NormOptions::default(),
    );
    assert!(!has(&r));
    let r = evaluate_text(
        &long_event("2018-03-01", 400, "Bundesliga"),
        &NormOptions::default(),
    );
    assert!(has(&r));
    // The 2024 edition sets no maximum.
    let r = evaluate_text(
        &long_event("2024-03-01", 200, "Individual: Swiss-System"),
        &NormOptions::default(),
    );
    assert!(!has(&r));
}

#[test]
fn report_norms_section_uses_the_rating_list() {
    let dir = tempfile::tempdir().unwrap();
    let list = e1_list(dir.path());
    let out = dir.path().join("r.html");
    let o = out.to_str().unwrap();
    let gm_row = |html: &str| html.contains("<td>GER</td><td>GM</td>");
    let (code, _, err) = trf(&["report", "samples/norms/e1-gm-and-im.trf", "-o", o]);
    assert!(code <= 1, "{err}");
    assert!(gm_row(&std::fs::read_to_string(&out).unwrap()));
    // The list shows two of the GMs as IMs: the GM norm is not made, as
    // `trf norms --rating-list` says.
    let (code, _, err) = trf(&[
        "report",
        "samples/norms/e1-gm-and-im.trf",
        "-o",
        o,
        "--force",
        "--rating-list",
        list.to_str().unwrap(),
    ]);
    assert!(code <= 1, "{err}");
    let html = std::fs::read_to_string(&out).unwrap();
    assert!(html.contains("<h2>Norms</h2>") && !gm_row(&html), "{html}");
}

/// The local page (`trf serve`) shows the "Norms" section of `trf report`:
/// from the report alone, and checked against a rating list sent with it,
/// as `trf norms --rating-list` does.
#[test]
fn the_local_page_checks_the_norms_against_the_list_sent_with_the_report() {
    use common::serve::{post, serve_with};
    let dir = tempfile::tempdir().unwrap();
    let list = std::fs::read(e1_list(dir.path())).unwrap();
    let report = std::fs::read(root().join("samples/norms/e1-gm-and-im.trf")).unwrap();
    let gm_row = |html: &str| html.contains("<td>GER</td><td>GM</td>");
    let (_server, url) = serve_with(&[]);
    let (status, page) = post(&url, &[("trf", "e1.trf", &report)]);
    assert_eq!(status, 200, "{page:.300}");
    assert!(page.contains("<h2>Norms</h2>") && gm_row(&page));
    // The list shows two of the GMs as IMs: the GM norm is not made.
    let (status, page) = post(
        &url,
        &[
            ("trf", "e1.trf", &report),
            ("rating_list", "players_list_foa.txt", &list),
        ],
    );
    assert_eq!(status, 200, "{page:.300}");
    assert!(page.contains("<h2>Norms</h2>") && !gm_row(&page), "{page}");
}

/// FIDE's 2026 decision: an event the Qualification Commission approved
/// at 45'+30" or 60'+30" is standard-rated and its games count for title
/// norms (FIDE news, "FIDE updates rating regulations to include faster
/// time controls for major events"). `trf norms` takes the approval as
/// `trf check` does (the flag, or the registrations file's column); the
/// 2025 pilot gave no norms; without the approval the time control fails.
#[test]
fn an_approved_fast_classic_event_counts_for_norms_from_2026() {
    let dir = tempfile::tempdir().unwrap();
    let base =
        std::fs::read_to_string(common::root().join("samples/norms/e1-gm-and-im.trf")).unwrap();
    let at = |year: &str, control: &str| -> String {
        base.replace("2024/05/", &format!("{year}/05/"))
            .replace("24/05/", &format!("{}/05/", &year[2..]))
            .replace("90 min + 30 sec/move from move 1", control)
    };
    let write = |name: &str, text: String| {
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        p.to_string_lossy().into_owned()
    };
    let fast_2026 = write("fast-2026.trf", at("2026", "45 min + 30 sec/move"));
    let slow_2026 = write(
        "slow-2026.trf",
        at("2026", "90 min + 30 sec/move from move 1"),
    );
    let time_failed = |args: &[&str]| -> (bool, Vec<String>) {
        let mut all = vec!["norms", "--format", "json"];
        all.extend_from_slice(args);
        let (code, out, err) = trf(&all);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        let failed = v["players"][0]["norms"][0]["failed"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f["condition"] == "time-control");
        let confirm = v["event"]["to_confirm"]
            .as_array()
            .into_iter()
            .flatten()
            .chain(v["to_confirm"].as_array().into_iter().flatten())
            .filter(|f| f["condition"] == "time-control")
            .map(|f| f["message"].as_str().unwrap_or("").to_owned())
            .collect();
        (failed, confirm)
    };
    // Not approved: 75 min for 60 moves fails the 2 hours.
    assert!(time_failed(&[&fast_2026]).0);
    // Approved (the flag): counts, said with FIDE's announcement.
    let (failed, confirm) = time_failed(&["--qc-approved-fast-classic", &fast_2026]);
    assert!(!failed);
    assert!(
        confirm.iter().any(|m| m.contains("fide.com/?p=42839")),
        "{confirm:?}"
    );
    // Approved (the registrations file's column).
    let csv = dir.path().join("regs.csv");
    std::fs::write(
        &csv,
        "file,registered_on,qc_approved_fast_classic\nfast-2026.trf,2026-04-01,yes\n",
    )
    .unwrap();
    let (failed, _) = time_failed(&["--registrations", csv.to_str().unwrap(), &fast_2026]);
    assert!(!failed);
    // The 2025 pilot gave no norms, approved or not.
    let pilot = write(
        "pilot-2025.trf",
        at("2025", "45 min + 30 sec/move").replace("/05/", "/10/"),
    );
    assert!(time_failed(&["--qc-approved-fast-classic", &pilot]).0);
    // A normal control needs no approval.
    assert!(!time_failed(&[&slow_2026]).0);
}

/// A blitz event gives no norm, said first and plainly (B.01 0.5); a
/// standard event with the same arbiters' records does not say it.
#[test]
fn a_rapid_or_blitz_event_says_it_gives_no_norm() {
    let (_, out, err) = trf(&["norms", "samples/hand/rb-blitz-10-0.trf"]);
    let second = out.lines().nth(1).unwrap_or_default();
    assert!(
        second.contains("NORM-E041")
            && second.contains("a blitz event")
            && second.ends_with("so this event gives no norm"),
        "{out}{err}"
    );
    let (_, out, _) = trf(&["norms", "samples/norms/e1-gm-and-im.trf"]);
    assert!(!out.contains("gives no norm"), "{out}");
}
