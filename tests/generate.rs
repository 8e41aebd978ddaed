//! `trfkit::generate` writes consistent reports: they parse with no
//! diagnostic, `trf check` finds nothing (but the basic rules for Swiss
//! systems, which its cheap pairing does not follow), and an independent reading of the
//! model (below) confirms each property of docs/spec/trf-format.md §5.9 the registry
//! may not check yet.

use std::collections::BTreeMap;
use trfkit::check;
use trfkit::generate::{generate, GenOptions};
use trfkit::model::{ByeKind, Colour, Outcome, Points, RoundResult, Scoring, Tournament};
use trfkit::Options;

fn options(players: u16, rounds: u16, seed: u64) -> GenOptions {
    GenOptions::new(players, rounds, seed)
}

/// Generates, parses (asserting no syntax finding) and checks; returns the
/// model and the findings that are not advice. The basic rules for Swiss
/// systems (`TRF-W…`, category `pairings`) are left out: the generator's
/// pairing is a cheap Swiss that does not follow them (its module says so),
/// and they are for review, never the verdict.
fn not_advice(opts: &GenOptions) -> (Tournament, Vec<trfkit::Diagnostic>) {
    let text = generate(opts).unwrap_or_else(|e| panic!("{opts:?}: {e}"));
    let parsed = trfkit::parse_bytes(text.as_bytes(), &Default::default()).unwrap();
    assert!(parsed.diagnostics.is_empty(), "{:#?}", parsed.diagnostics);
    let report = check(&parsed, &Options::default());
    let findings = report
        .diagnostics
        .into_iter()
        .filter(|d| d.severity != trfkit::Severity::Advice && !d.code.starts_with("TRF-W"))
        .collect();
    (parsed.tournament, findings)
}

/// The rules of findings.
fn rules(findings: &[trfkit::Diagnostic]) -> Vec<&'static str> {
    findings.iter().map(|d| d.rule).collect()
}

/// Generates, parses and checks; returns the model after asserting that
/// nothing was found but advice (the regulations rules advise on what a file
/// cannot say: registration date, unrated players' prospects, unplayed games).
fn clean(opts: &GenOptions) -> Tournament {
    let (t, findings) = not_advice(opts);
    assert!(
        findings.is_empty(),
        "{}x{} seed {}: {:#?}",
        opts.players,
        opts.rounds,
        opts.seed,
        findings
    );
    assert_eq!(t.players.len(), opts.players as usize);
    assert_eq!(t.rounds, opts.rounds);
    assert_eq!(t.extensions.xxr.map(|x| x.value), Some(opts.rounds));
    consistent(&t);
    t
}

/// docs/spec/trf-format.md §5.9, read directly off the model.
fn consistent(t: &Tournament) {
    let n = t.players.len();
    let scoring = Scoring::default();
    for (i, p) in t.players.iter().enumerate() {
        assert_eq!(p.start_rank.value as usize, i + 1, "start ranks run 1..N");
        assert_eq!(
            p.rounds.len(),
            t.rounds as usize,
            "player {i}: every round written"
        );
        let total: Points = p.rounds.iter().map(|e| scoring.points(&e.value)).sum();
        assert_eq!(
            p.points.map(|x| x.value),
            Some(total),
            "player {} points",
            i + 1
        );
        assert!(p.fide_id.is_some() && !p.name.value.is_empty());
        assert!(p.name.value.chars().count() <= 33);
    }
    for r in 0..t.rounds as usize {
        let mut pabs = 0;
        let mut present = 0;
        for p in &t.players {
            let me = p.start_rank.value;
            let e = p.round(r + 1);
            match e.result {
                RoundResult::Bye { bye } => {
                    assert_eq!((e.opponent, e.colour), (None, None), "bye with an opponent");
                    match bye {
                        ByeKind::PairingAllocated => {
                            pabs += 1;
                            present += 1;
                        }
                        ByeKind::Half | ByeKind::Zero => {}
                        ByeKind::Full => panic!("the generator writes no F bye"),
                        other => panic!("a bye the generator does not write: {other:?}"),
                    }
                }
                RoundResult::Game { outcome } | RoundResult::ShortGame { outcome } => {
                    present += 1;
                    let opp = e.opponent.expect("a game has an opponent");
                    let o = t.players[opp as usize - 1].round(r + 1);
                    assert_eq!(o.opponent, Some(me), "round {}: {me} vs {opp}", r + 1);
                    assert_eq!(o.colour.map(Colour::opposite), e.colour);
                    assert_eq!(o.result.outcome(), Some(outcome.mirrored()));
                    assert!(o.result.is_played());
                }
                RoundResult::Forfeit { won } => {
                    present += 1;
                    let opp = e.opponent.expect("a forfeit has an opponent");
                    let o = t.players[opp as usize - 1].round(r + 1);
                    assert_eq!(o.opponent, Some(me));
                    assert_eq!(o.colour.map(Colour::opposite), e.colour);
                    // `+` against `-`, or a double forfeit `-` against `-`.
                    match o.result {
                        RoundResult::Forfeit { won: theirs } => assert!(!(won && theirs)),
                        other => panic!("forfeit against {other:?}"),
                    }
                }
                other => panic!("round {}: player {me} has {other:?}", r + 1),
            }
        }
        assert!(pabs <= 1, "round {}: {pabs} PABs", r + 1);
        assert_eq!(pabs == 1, present % 2 == 1, "round {}: PAB iff odd", r + 1);
    }
    // Ranks are 1..N and never rank more points lower.
    let mut by_rank: Vec<_> = t
        .players
        .iter()
        .map(|p| {
            (
                p.rank.map(|r| r.value).unwrap_or(0),
                p.points.map(|x| x.value),
            )
        })
        .collect();
    by_rank.sort();
    for (i, w) in by_rank.windows(2).enumerate() {
        assert_eq!(w[0].0 as usize, i + 1);
        assert!(
            w[0].1 >= w[1].1,
            "rank {} has fewer points than {}",
            w[0].0,
            w[1].0
        );
    }
    // Header counts and dates.
    let h = &t.header;
    assert_eq!(h.declared_players.map(|d| d.value as usize), Some(n));
    let rated = t.players.iter().filter(|p| p.rating.is_some()).count();
    assert_eq!(
        h.declared_rated_players.map(|d| d.value as usize),
        Some(rated)
    );
    let dates: Vec<_> = h
        .round_dates
        .iter()
        .map(|d| {
            d.value
                .as_ref()
                .and_then(|d| d.date)
                .expect("readable round date")
        })
        .collect();
    assert_eq!(dates.len(), t.rounds as usize);
    assert!(
        dates.windows(2).all(|w| w[0] <= w[1]),
        "round dates in order"
    );
    let mut per_day = BTreeMap::new();
    for d in &dates {
        *per_day.entry(*d).or_insert(0) += 1;
    }
    assert!(
        per_day.values().all(|&c| c <= 2),
        "at most two rounds a day"
    );
    assert_eq!(t.start_date(), dates.first().copied());
    assert_eq!(t.end_date(), dates.last().copied());
    for f in [
        &h.name,
        &h.city,
        &h.federation,
        &h.chief_arbiter,
        &h.time_control,
    ] {
        assert!(f.is_some());
    }
}

#[test]
fn small_sizes_are_clean() {
    for (players, rounds) in [(2, 3), (3, 5), (7, 5), (20, 5), (51, 7)] {
        for seed in 0..5 {
            clean(&options(players, rounds, seed));
        }
    }
}

/// One player only gets byes: well formed, but there is no game to rate.
#[test]
fn one_player_has_nothing_to_rate() {
    for seed in 0..5 {
        let (_, findings) = not_advice(&options(1, 1, seed));
        assert_eq!(rules(&findings), ["no-rated-games"], "seed {seed}");
    }
}

#[test]
fn typical_and_large_sizes_are_clean() {
    clean(&options(150, 9, 1));
    clean(&options(301, 11, 2));
    clean(&options(2000, 13, 3));
}

#[test]
fn maximum_size_is_clean() {
    let t = clean(&options(9999, 30, 4));
    assert_eq!(t.players.last().map(|p| p.start_rank.value), Some(9999));
}

#[test]
fn every_feature_shows_up_and_stays_clean() {
    let mut opts = options(400, 11, 9);
    opts.diacritics = true;
    opts.crlf = true;
    let t = clean(&opts);
    let results: Vec<RoundResult> = t
        .players
        .iter()
        .flat_map(|p| p.rounds.iter().map(|e| e.value.result))
        .collect();
    let has = |f: &dyn Fn(&RoundResult) -> bool| results.iter().any(f);
    assert!(has(&|r| *r == RoundResult::Bye { bye: ByeKind::Half }));
    assert!(has(&|r| *r == RoundResult::Bye { bye: ByeKind::Zero }));
    assert!(has(&|r| *r == RoundResult::Forfeit { won: true }));
    assert!(has(&|r| *r
        == RoundResult::Game {
            outcome: Outcome::Draw
        }));
    assert!(t.players.iter().any(|p| !p.name.value.is_ascii()));
    assert!(t.players.iter().any(|p| p.title.is_some()));
    assert!(t.players.iter().any(|p| p.rating.is_none()));
}

#[test]
fn switches_turn_features_off() {
    let mut opts = options(400, 11, 9);
    opts.with_byes = false;
    opts.with_forfeits = false;
    opts.rated_fraction = 1.0;
    let t = clean(&opts);
    for p in &t.players {
        assert!(p.rating.is_some());
        for e in &p.rounds {
            assert!(matches!(
                e.value.result,
                RoundResult::Game { .. }
                    | RoundResult::Bye {
                        bye: ByeKind::PairingAllocated
                    }
            ));
        }
    }
    // A field without a rated player is well formed, but FIDE has nothing
    // to rate in it: `no-rated-games` is its only finding.
    let mut opts = options(50, 5, 1);
    opts.rated_fraction = 0.0;
    let (unrated, findings) = not_advice(&opts);
    assert_eq!(rules(&findings), ["no-rated-games"]);
    assert!(unrated.players.iter().all(|p| p.rating.is_none()));
    assert!(unrated.players.iter().all(|p| p.name.value.is_ascii()));
}

#[test]
fn many_seeds_are_clean() {
    for seed in 100..140 {
        clean(&options(33 + seed as u16 % 17, 3 + seed as u16 % 9, seed));
    }
}

/// A month drawn from one synthetic list: players are shared between the
/// reports, agree with each other and with the list, and every event is
/// within the month.
#[test]
fn a_month_shares_players_that_agree_everywhere() {
    use trfkit::generate::{month_report, MonthOptions};
    let first = chrono::NaiveDate::from_ymd_opt(2026, 3, 1).unwrap();
    let mut m = MonthOptions::new(30, first, 5);
    m.list_players = 20_000;
    m.pool = 2_000;
    m.min_players = 40;
    m.max_players = 80;
    let reports: Vec<(String, trfkit::Parsed)> = (0..m.reports)
        .map(|k| {
            let (name, text) = month_report(&m, k).unwrap();
            assert_eq!(month_report(&m, k).unwrap().1, text, "deterministic");
            (name, trfkit::parse_str(&text))
        })
        .collect();
    let mut seen: std::collections::HashMap<u64, usize> = std::collections::HashMap::new();
    for (name, p) in &reports {
        let t = &p.tournament;
        assert!((40..=80).contains(&t.players.len()), "{name}");
        assert!(t.start_date().unwrap() >= first);
        assert!(t.end_date().unwrap() < chrono::NaiveDate::from_ymd_opt(2026, 4, 1).unwrap());
        for pl in &t.players {
            *seen.entry(pl.fide_id.unwrap().value).or_default() += 1;
        }
    }
    assert!(seen.values().any(|&n| n > 1), "players are shared");
    let refs: Vec<trfkit::ReportRef<'_>> = reports
        .iter()
        .map(|(n, p)| trfkit::ReportRef {
            file: n,
            parsed: p,
            rating_type: None,
        })
        .collect();
    let found = trfkit::find_across(&refs);
    let rules: std::collections::HashSet<&str> =
        found.findings.iter().flatten().map(|d| d.rule).collect();
    assert!(!rules.contains("player-data-conflict"), "{rules:?}");
    assert!(!rules.contains("duplicate-report"), "{rules:?}");
    // No player in two events on one day, unless asked.
    assert!(
        !rules.contains("player-in-simultaneous-events"),
        "{rules:?}"
    );
    let mut asked = m.clone();
    asked.simultaneous = true;
    asked.pool = 400;
    let parsed: Vec<(String, trfkit::Parsed)> = (0..asked.reports)
        .map(|k| {
            let (name, text) = month_report(&asked, k).unwrap();
            (name, trfkit::parse_str(&text))
        })
        .collect();
    let refs2: Vec<trfkit::ReportRef<'_>> = parsed
        .iter()
        .map(|(n, p)| trfkit::ReportRef {
            file: n,
            parsed: p,
            rating_type: None,
        })
        .collect();
    let found2 = trfkit::find_across(&refs2);
    assert!(found2
        .findings
        .iter()
        .flatten()
        .any(|d| d.rule == "player-in-simultaneous-events"));
    // Every player is in the list as the report writes them.
    let mut list = Vec::new();
    trfkit::generate::write_synthetic_combined(&mut list, m.list_players).unwrap();
    let list = String::from_utf8(list).unwrap();
    let t = &reports[0].1.tournament;
    let p = &t.players[0];
    let line = list
        .lines()
        .find(|l| l.starts_with(&format!("{:<15}", p.fide_id.unwrap().value)))
        .expect("in the list");
    assert!(line.contains(&p.name.value), "{line}");
}
