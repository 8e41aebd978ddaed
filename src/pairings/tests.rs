//! The engine's criteria, each on a small report written for it from the
//! Handbook's articles (C.04.3 2026 edition).

use super::edition::Edition;
use super::engine::{pair_round, Pairing};
use super::input::Report;
use super::{check_pairings, NotRepaired};

/// A report of `n` players whose rounds are `rounds[p]` (round blocks as
/// TRF writes them, e.g. `"   2 w 1"`), with the header lines given.
fn report(header: &str, rounds: &[&[&str]]) -> String {
    let mut s = format!("012 Test\n{header}");
    for (i, r) in rounds.iter().enumerate() {
        let mut line = format!(
            "001 {:>4}      Player {:<26} {:>4}                             {:>4}     ",
            i + 1,
            i + 1,
            2400 - 10 * (i % 100),
            "0.0"
        );
        for b in r.iter() {
            line.push_str("  ");
            line.push_str(b);
        }
        s.push_str(line.trim_end());
        s.push('\n');
    }
    s
}

/// The engine's pairing of the round after the report's last, with the
/// players of starting ranks `absent` absent, as starting ranks.
fn pairing(trf: &str, absent: &[usize]) -> (Vec<(u16, u16)>, Option<u16>) {
    let p = crate::parse_str(trf);
    let mut rep = Report::new(&p.tournament).unwrap();
    let absent: Vec<usize> = absent.iter().map(|a| a - 1).collect();
    rep.add_round_to_pair(&absent);
    let out = pair_round(&rep, rep.rounds - 1, None, Edition::D26);
    let Pairing { pairs, bye } = out.pairing.unwrap();
    let mut v: Vec<(u16, u16)> = pairs
        .iter()
        .map(|&(w, b)| (rep.tpn[w], rep.tpn[b]))
        .collect();
    v.sort_unstable();
    (v, bye.map(|b| rep.tpn[b]))
}

/// Round 1 of eight: S1 = 1–4 against S2 = 5–8, the initial colour to the
/// odd numbers of S1 (art. 3.3, 5.2.5).
#[test]
fn round_one_pairs_the_top_half_against_the_bottom_half() {
    let rows: Vec<&[&str]> = vec![&[]; 8];
    let trf = report("092 FIDE_DUTCH_2026\n152 W\n", &rows);
    let (pairs, bye) = pairing(&trf, &[]);
    assert_eq!(pairs, vec![(1, 5), (3, 7), (6, 2), (8, 4)]);
    assert_eq!(bye, None);
}

/// The number whose parity gives the colour counts only players who have
/// arrived (the SPP's answer of August 2026): with TPNs 1 and 3 absent in
/// round 1, TPN 2 is number 1 and gets the initial colour.
#[test]
fn the_colour_parity_counts_only_arrived_players() {
    let rows: Vec<&[&str]> = vec![&[]; 10];
    let trf = report("092 FIDE_DUTCH_2026\n152 W\n", &rows);
    let (pairs, _) = pairing(&trf, &[1, 3]);
    assert_eq!(pairs, vec![(2, 7), (5, 9), (8, 4), (10, 6)]);
}

/// [C1] and [C2]: in round 2 of four, nobody meets his round-1 opponent,
/// and in a field of five the PAB never goes to the player who had it.
#[test]
fn no_rematch_and_no_second_pab() {
    // Round 1: 1–4 (1-0), 5–2 (0-1), 3 had the PAB.
    let rows: Vec<&[&str]> = vec![
        &["   4 w 1"],
        &["   5 b 1"],
        &["0000 - U"],
        &["   1 b 0"],
        &["   2 w 0"],
    ];
    let trf = report("092 FIDE_DUTCH_2026\n152 W\nXXR 5\n", &rows);
    let (pairs, bye) = pairing(&trf, &[]);
    assert!(bye.is_some_and(|b| b != 3), "{bye:?}");
    for (w, b) in &pairs {
        assert!(
            ![(1, 4), (4, 1), (2, 5), (5, 2)].contains(&(*w, *b)),
            "{pairs:?}"
        );
    }
}

/// [C5]: the PAB goes to the lowest score at which an eligible player can
/// be left over: the 0-point player, not the last of the 1-point group.
#[test]
fn the_pab_goes_to_the_lowest_score() {
    // Round 1: 1–3 (1-0), 2–4 (1-0), 5 absent (Z). Round 2: everyone.
    let rows: Vec<&[&str]> = vec![
        &["   3 w 1"],
        &["   4 b 1"],
        &["   1 b 0"],
        &["   2 w 0"],
        &["0000 - Z"],
    ];
    let trf = report("092 FIDE_DUTCH_2026\n152 W\nXXR 5\n", &rows);
    let (pairs, bye) = pairing(&trf, &[]);
    assert_eq!(pairs.len(), 2, "{pairs:?}");
    assert!(matches!(bye, Some(3..=5)), "{bye:?}");
    // The two 1-point players meet: no 1-point player floats.
    assert!(
        pairs.contains(&(2, 1)) || pairs.contains(&(1, 2)),
        "{pairs:?}"
    );
}

/// [C3]: two non-topscorers who both must have White do not meet, even
/// when they are the only two in their scoregroup.
#[test]
fn two_players_with_the_same_absolute_preference_do_not_meet() {
    // Rounds 1–2: 1 and 2 had Black twice, 3 and 4 White twice; 1 and 2
    // won both, 3 and 4 lost both; 5–8 arrive in round 3.
    let rows: Vec<&[&str]> = vec![
        &["   3 b 1", "   4 b 1"],
        &["   4 b 1", "   3 b 1"],
        &["   1 w 0", "   2 w 0"],
        &["   2 w 0", "   1 w 0"],
        &["0000 - Z", "0000 - Z"],
        &["0000 - Z", "0000 - Z"],
        &["0000 - Z", "0000 - Z"],
        &["0000 - Z", "0000 - Z"],
    ];
    let trf = report("092 FIDE_DUTCH_2026\n152 W\nXXR 5\n", &rows);
    let (pairs, _) = pairing(&trf, &[]);
    assert_eq!(pairs.len(), 4, "{pairs:?}");
    assert!(
        !pairs
            .iter()
            .any(|&(w, b)| (w, b) == (1, 2) || (w, b) == (2, 1)),
        "{pairs:?}"
    );
    // 1 and 2 get White (absolute preferences granted).
    for &(w, b) in &pairs {
        assert!(b != 1 && b != 2 && w != 3 && w != 4, "{pairs:?}");
    }
}

/// The checker finds the report's own pairing when it is the engine's, and
/// names an exchanged one; a report of another system is not re-paired.
#[test]
fn the_checker_compares_round_by_round() {
    let rows: Vec<&[&str]> = vec![
        &["   5 w 1"],
        &["   6 b 1"],
        &["   7 w 1"],
        &["   8 b 1"],
        &["   1 b 0"],
        &["   2 w 0"],
        &["   3 b 0"],
        &["   4 w 0"],
    ];
    let good = report("092 FIDE_DUTCH_2026\n152 W\n", &rows);
    let c = check_pairings(&crate::parse_str(&good).tournament).unwrap();
    assert!(c.all_same(), "{c:?}");
    let swapped = good
        .replace("   5 w 1", "   6 w 1")
        .replace("   6 b 1", "   5 b 1")
        .replace("   1 b 0", "   2 b 0")
        .replace("   2 w 0", "   1 w 0");
    let c = check_pairings(&crate::parse_str(&swapped).tournament).unwrap();
    assert!(!c.rounds[0].same);
    assert_eq!(
        c.rounds[0].criterion.as_deref(),
        Some(super::engine::ORDER),
        "{c:?}"
    );
    let burstein = good.replace("FIDE_DUTCH_2026", "FIDE_BURSTEIN");
    assert!(matches!(
        check_pairings(&crate::parse_str(&burstein).tournament),
        Err(NotRepaired::OtherSystem(_))
    ));
}

/// A report beyond the cap is refused, not re-paired: time and memory stay
/// bounded whatever the report holds.
#[test]
fn reports_beyond_the_cap_are_refused() {
    let rows: Vec<&[&str]> = vec![&["0000 - U"]; super::MAX_PLAYERS + 1];
    let trf = report("092 FIDE_DUTCH_2026\n152 W\n", &rows);
    assert!(matches!(
        check_pairings(&crate::parse_str(&trf).tournament),
        Err(NotRepaired::TooMany(n)) if n == super::MAX_PLAYERS + 1
    ));
}

/// The Baku acceleration of a `_BAKU` system code: with 10 players, group A
/// is 2 × ⌈10/4⌉ = 6 players with a virtual point in round 1, so round 1
/// pairs 1–6 and 7–10 as two scoregroups; without the code it pairs 1–5
/// against 6–10.
#[test]
fn a_baku_code_accelerates_the_first_rounds() {
    // Round 1 as the Baku method pairs it: 1–4, 5–2, 3–6, 7–9, 10–8.
    let rows: Vec<&[&str]> = vec![
        &["   4 w 1"],
        &["   5 b 1"],
        &["   6 w 1"],
        &["   1 b 0"],
        &["   2 w 0"],
        &["   3 b 0"],
        &["   9 w 1"],
        &["  10 b 1"],
        &["   7 b 0"],
        &["   8 w 0"],
    ];
    let baku = report("192 FIDE_DUTCH_2026_BAKU\n152 W\nXXR 9\n", &rows);
    let c = check_pairings(&crate::parse_str(&baku).tournament).unwrap();
    assert!(c.all_same(), "{c:?}");
    assert!(c.notes.iter().any(|n| n.contains("Baku")), "{c:?}");
    let plain = baku.replace("FIDE_DUTCH_2026_BAKU", "FIDE_DUTCH_2026");
    let c = check_pairings(&crate::parse_str(&plain).tournament).unwrap();
    assert!(!c.all_same(), "{c:?}");
}
