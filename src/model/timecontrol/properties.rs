//! The time-control reader: the notation table (including every distinct
//! `122` value of the corpus), the T60 worked cases of docs/spec/regulations.md §4.3
//! and §3.8, and properties of both parsers.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use super::encoded::{EncodedPeriod, EncodedTimeControl};
use proptest::prelude::*;
use trfkit::model::timecontrol::{
    parse_encoded, parse_free, parse_free_readings, DelayKind, Notation, Period, TimeControl,
    TimeControlError,
};

/// (moves, base seconds, increment seconds, increment from move) per period.
type Shape = &'static [(Option<u16>, u32, u32, u16)];

const FREE: Notation = Notation::Free;
const ENC: Notation = Notation::Encoded;

/// Notations that must be read, with their expected reading and T60.
#[rustfmt::skip]
const OK: &[(&str, Shape, Option<DelayKind>, Notation, u32)] = &[
    // The notations named in the task.
    ("90'+30\"", &[(None, 5400, 30, 1)], None, FREE, 7200),
    ("90 min + 30 sec/move", &[(None, 5400, 30, 1)], None, FREE, 7200),
    ("90m+30s", &[(None, 5400, 30, 1)], None, FREE, 7200),
    ("40/90+30+30s", &[(Some(40), 5400, 30, 1), (None, 1800, 30, 41)], None, FREE, 9000),
    ("40/120, 60", &[(Some(40), 7200, 0, 1), (None, 3600, 0, 41)], None, FREE, 10800),
    ("40/120,60", &[(Some(40), 7200, 0, 1), (None, 3600, 0, 41)], None, FREE, 10800),
    ("100'x40+15'+30\"", &[(Some(40), 6000, 30, 1), (None, 900, 30, 41)], None, FREE, 8700),
    ("1:30 + 10 from move 1", &[(None, 5400, 10, 1)], None, FREE, 6000),
    ("All moves in 90 minutes, plus 10 seconds per move", &[(None, 5400, 10, 1)], None, FREE, 6000),
    ("G/90;inc30", &[(None, 5400, 30, 1)], None, FREE, 7200),
    ("G90 d5", &[(None, 5400, 5, 1)], Some(DelayKind::Unspecified), FREE, 5700),
    ("90+30", &[(None, 5400, 30, 1)], None, FREE, 7200),
    ("90' + 30''", &[(None, 5400, 30, 1)], None, FREE, 7200),
    ("40/90, 30, +30\"", &[(Some(40), 5400, 30, 1), (None, 1800, 30, 41)], None, FREE, 9000),
    ("40 moves in 90 minutes then 30 minutes with 30 seconds increment from move 1",
        &[(Some(40), 5400, 30, 1), (None, 1800, 30, 41)], None, FREE, 9000),
    ("2h", &[(None, 7200, 0, 1)], None, FREE, 7200),
    ("120 min", &[(None, 7200, 0, 1)], None, FREE, 7200),
    ("1h30+30s", &[(None, 5400, 30, 1)], None, FREE, 7200),
    ("90 min/40 moves + 30 min + 30 s", &[(Some(40), 5400, 30, 1), (None, 1800, 30, 41)], None, FREE, 9000),
    ("Rapid 15+10", &[(None, 900, 10, 1)], None, FREE, 1500),
    ("5400+30", &[(None, 5400, 30, 1)], None, ENC, 7200),
    ("40/6000+30:900+30", &[(Some(40), 6000, 30, 1), (None, 900, 30, 41)], None, ENC, 8700),
    // Corpus values (see CORPUS_122).
    ("90min/40moves+30min+30sec", &[(Some(40), 5400, 30, 1), (None, 1800, 30, 41)], None, FREE, 9000),
    ("120 minutes per player per game", &[(None, 7200, 0, 1)], None, FREE, 7200),
    // 222 values of the corpus written in 122 style.
    ("40/6000+30:20/3000+30:1500+30",
        &[(Some(40), 6000, 30, 1), (Some(20), 3000, 30, 41), (None, 1500, 30, 61)], None, ENC, 10800),
    ("40/7200:1800", &[(Some(40), 7200, 0, 1), (None, 1800, 0, 41)], None, ENC, 9000),
    // Other languages.
    ("90 minutos + 30 segundos por movimiento", &[(None, 5400, 30, 1)], None, FREE, 7200),
    ("60 minutos + 30 seg/jugada", &[(None, 3600, 30, 1)], None, FREE, 5400),
    ("40 movimientos en 90 minutos, luego 30 minutos", &[(Some(40), 5400, 0, 1), (None, 1800, 0, 41)], None, FREE, 7200),
    ("40 Züge in 2 Std., danach 30 Minuten + 30 Sekunden pro Zug ab dem 1. Zug",
        &[(Some(40), 7200, 30, 1), (None, 1800, 30, 41)], None, FREE, 10800),
    ("90 Minuten für 40 Züge + 30 Minuten", &[(Some(40), 5400, 0, 1), (None, 1800, 0, 41)], None, FREE, 7200),
    ("90 Min. + 30 Sek./Zug", &[(None, 5400, 30, 1)], None, FREE, 7200),
    ("1 Std 30 Min + 30 Sek", &[(None, 5400, 30, 1)], None, FREE, 7200),
    ("40 coups en 1h30 puis 30 min + 30 s par coup dès le premier coup",
        &[(Some(40), 5400, 30, 1), (None, 1800, 30, 41)], None, FREE, 9000),
    ("90 min pour 40 coups, puis 30 min, 30 s/coup", &[(Some(40), 5400, 30, 1), (None, 1800, 30, 41)], None, FREE, 9000),
    // Case and spacing variants.
    ("90 MIN + 30 SEC/MOVE", &[(None, 5400, 30, 1)], None, FREE, 7200),
    ("g / 90 ; INC 30", &[(None, 5400, 30, 1)], None, FREE, 7200),
    ("90'/40 + 30' + 30\"", &[(Some(40), 5400, 30, 1), (None, 1800, 30, 41)], None, FREE, 9000),
    ("  90 '+ 30 \"  ", &[(None, 5400, 30, 1)], None, FREE, 7200),
    // Several periods, late increments, delays and other edges.
    ("40/120, 20/60, 30", &[(Some(40), 7200, 0, 1), (Some(20), 3600, 0, 41), (None, 1800, 0, 61)], None, FREE, 10800),
    ("40/100+20/50+15+30\"",
        &[(Some(40), 6000, 30, 1), (Some(20), 3000, 30, 41), (None, 900, 30, 61)], None, FREE, 10800),
    ("120' + 10\" from move 41", &[(None, 7200, 10, 41)], None, FREE, 7400),
    ("40/90 + 30 min + 30 s from move 41", &[(Some(40), 5400, 0, 1), (None, 1800, 30, 41)], None, FREE, 7800),
    ("40/90 + 30 s + 15 min", &[(Some(40), 5400, 30, 1), (None, 900, 30, 41)], None, FREE, 8100),
    ("90 min for the game, 30 s per move from the first move", &[(None, 5400, 30, 1)], None, FREE, 7200),
    ("30 min for the rest of the game", &[(None, 1800, 0, 1)], None, FREE, 1800),
    ("90 min + 5 s Bronstein delay", &[(None, 5400, 5, 1)], Some(DelayKind::Bronstein), FREE, 5700),
    ("G/90 US delay 5", &[(None, 5400, 5, 1)], Some(DelayKind::Simple), FREE, 5700),
    ("Game in 60 minutes + 5 seconds delay", &[(None, 3600, 5, 1)], Some(DelayKind::Unspecified), FREE, 3900),
    ("G/5", &[(None, 300, 0, 1)], None, FREE, 300),
    ("SD/60", &[(None, 3600, 0, 1)], None, FREE, 3600),
    ("3+2 blitz", &[(None, 180, 2, 1)], None, FREE, 300),
    ("1:30:00+30", &[(None, 5400, 30, 1)], None, FREE, 7200),
    ("1.5 h + 30 s", &[(None, 5400, 30, 1)], None, FREE, 7200),
    ("90 min + 30 s d'incrément", &[(None, 5400, 30, 1)], None, FREE, 7200),
    ("40/120", &[(Some(40), 7200, 0, 1)], None, FREE, 7200),
    // As arbiters and pairing programs type them, in the languages of
    // FIDE's members.
    ("40/90, 30, 30s", &[(Some(40), 5400, 30, 1), (None, 1800, 30, 41)], None, FREE, 9000),
    ("1:30:00 + 0:00:30", &[(None, 5400, 30, 1)], None, FREE, 7200),
    ("90 мин + 30 сек", &[(None, 5400, 30, 1)], None, FREE, 7200),
    ("G/90;+30", &[(None, 5400, 30, 1)], None, FREE, 7200),
    ("90 min/40 moves + 30 min + 30 s/move", &[(Some(40), 5400, 30, 1), (None, 1800, 30, 41)], None, FREE, 9000),
    ("15+10", &[(None, 900, 10, 1)], None, FREE, 1500),
    ("3+2", &[(None, 180, 2, 1)], None, FREE, 300),
    ("Rapid 15 min + 10 sec", &[(None, 900, 10, 1)], None, FREE, 1500),
    ("90 минут на 40 ходов, затем 30 минут + 30 секунд на каждый ход с 1-го хода",
        &[(Some(40), 5400, 30, 1), (None, 1800, 30, 41)], None, FREE, 9000),
    ("40 ходов за 90 мин. + 30 мин. + 30 с за ход", &[(Some(40), 5400, 30, 1), (None, 1800, 30, 41)], None, FREE, 9000),
    ("1 ч 30 мин + 30 с", &[(None, 5400, 30, 1)], None, FREE, 7200),
    ("90 minut + 30 sekund na ruch", &[(None, 5400, 30, 1)], None, FREE, 7200),
    ("40 ruchów w 90 minut, potem 30 minut + 30 s na ruch od pierwszego ruchu",
        &[(Some(40), 5400, 30, 1), (None, 1800, 30, 41)], None, FREE, 9000),
    ("90 minut + 30 sekund za tah od prvního tahu", &[(None, 5400, 30, 1)], None, FREE, 7200),
    ("90 dakika + 30 saniye", &[(None, 5400, 30, 1)], None, FREE, 7200),
    ("40 hamlede 90 dk, sonra 30 dk + 30 sn/hamle", &[(Some(40), 5400, 30, 1), (None, 1800, 30, 41)], None, FREE, 9000),
    ("90 minutos + 30 segundos por lance", &[(None, 5400, 30, 1)], None, FREE, 7200),
    ("40 lances em 90 minutos, depois 30 minutos, mais 30 segundos de acréscimo",
        &[(Some(40), 5400, 30, 1), (None, 1800, 30, 41)], None, FREE, 9000),
    ("90 minuti + 30\" a mossa dalla prima mossa", &[(None, 5400, 30, 1)], None, FREE, 7200),
    ("90 minuten + 30 seconden per zet", &[(None, 5400, 30, 1)], None, FREE, 7200),
    ("90 perc + 30 mp", &[(None, 5400, 30, 1)], None, FREE, 7200),
    ("90 min + 30 s Fischer", &[(None, 5400, 30, 1)], None, FREE, 7200),
    ("90 minutos + 5 segundos de retraso", &[(None, 5400, 5, 1)], Some(DelayKind::Unspecified), FREE, 5700),
    ("90 Min. + 5 Sek. Bronstein", &[(None, 5400, 5, 1)], Some(DelayKind::Bronstein), FREE, 5700),
    // Per player and per move, as arbiters type them (issue 38).
    ("90 min/player + 30 s/move", &[(None, 5400, 30, 1)], None, FREE, 7200),
    ("8 min/player + 3 sec/move", &[(None, 480, 3, 1)], None, FREE, 660),
    ("90'/player + 30''/move", &[(None, 5400, 30, 1)], None, FREE, 7200),
    ("90 min per side + 30 sec per move", &[(None, 5400, 30, 1)], None, FREE, 7200),
    ("90 minutes each + 30 seconds increment", &[(None, 5400, 30, 1)], None, FREE, 7200),
    ("90 min p.p. + 30 s/move", &[(None, 5400, 30, 1)], None, FREE, 7200),
    ("90 minutes a game + 30 seconds a move", &[(None, 5400, 30, 1)], None, FREE, 7200),
    // Incomplete: the increment counts on each of the 60 moves.
    ("90 min for 40 moves + 30 s per move from move 1", &[(Some(40), 5400, 30, 1)], None, FREE, 7200),
    ("40/90 + 30 s from move 41", &[(Some(40), 5400, 30, 41)], None, FREE, 6000),
    ("90 мин + 5 сек задержка", &[(None, 5400, 5, 1)], Some(DelayKind::Unspecified), FREE, 5700),
    ("90 min + 30 s par coup dès le 1er coup", &[(None, 5400, 30, 1)], None, FREE, 7200),
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ErrKind {
    Empty,
    NoNumbers,
    Unrecognised,
    Ambiguous,
    Inconsistent,
    OutOfRange,
}

fn kind(e: &TimeControlError) -> Option<ErrKind> {
    Some(match e {
        TimeControlError::Empty => ErrKind::Empty,
        TimeControlError::NoNumbers { .. } => ErrKind::NoNumbers,
        TimeControlError::Unrecognised { .. } => ErrKind::Unrecognised,
        TimeControlError::Ambiguous { .. } => ErrKind::Ambiguous,
        TimeControlError::Inconsistent { .. } => ErrKind::Inconsistent,
        TimeControlError::OutOfRange { .. } => ErrKind::OutOfRange,
        _ => return None,
    })
}

/// Texts that must be refused, with the kind of error and its offset.
#[rustfmt::skip]
const ERR: &[(&str, ErrKind, Option<usize>)] = &[
    ("", ErrKind::Empty, None),
    ("   ", ErrKind::Empty, None),
    ("moves/time, increment", ErrKind::NoNumbers, None),
    ("MOVES/TIME INCREMENT", ErrKind::NoNumbers, None),
    // 90 moves in 40 minutes, or 90 minutes for 40 moves? And is +30 an
    // increment or the rest of the game?
    ("90/40+30", ErrKind::Ambiguous, Some(0)),
    ("40/90+30", ErrKind::Ambiguous, Some(6)),
    ("40/120 + 30", ErrKind::Ambiguous, Some(9)),
    ("90+30+30", ErrKind::Ambiguous, Some(3)),
    ("90 30", ErrKind::Ambiguous, Some(3)),
    ("40/2, SD/1", ErrKind::Ambiguous, Some(0)),
    ("90:30", ErrKind::Ambiguous, Some(0)),
    ("90 + 0:30 per move", ErrKind::Ambiguous, Some(5)),
    ("90 + 0:30", ErrKind::Inconsistent, Some(5)),
    ("+30s", ErrKind::Inconsistent, Some(1)),
    ("90 min + 30 min", ErrKind::Inconsistent, Some(9)),
    ("90 + 30 s + 10 s", ErrKind::Inconsistent, Some(12)),
    ("90 min + 30 s increment + 5 s delay", ErrKind::Inconsistent, Some(26)),
    ("30 s increment", ErrKind::Inconsistent, Some(0)),
    ("G/90 inc 30 delay", ErrKind::Inconsistent, Some(12)),
    ("40 moves", ErrKind::Inconsistent, Some(8)),
    ("G/ + 30", ErrKind::Inconsistent, Some(3)),
    ("0 + 30", ErrKind::Inconsistent, Some(0)),
    ("1.5 + 30", ErrKind::Inconsistent, Some(0)),
    ("90 min/40 min", ErrKind::Inconsistent, Some(7)),
    ("90 swiss", ErrKind::Unrecognised, Some(3)),
    ("90 = 30", ErrKind::Unrecognised, Some(3)),
    ("Armageddon 5/4", ErrKind::Unrecognised, Some(0)),
    ("1:75", ErrKind::OutOfRange, Some(0)),
    ("99999999999 min", ErrKind::OutOfRange, Some(0)),
    ("0/90", ErrKind::OutOfRange, Some(0)),
    ("90 + 30 s from move 0", ErrKind::OutOfRange, Some(20)),
];

/// Every distinct `122` value in the shared corpus (trimmed), each of
/// which must be in [`OK`] or [`ERR`].
const CORPUS_122: &[&str] = &[
    "",
    "100'x40+15'+30\"",
    "120 minutes per player per game",
    "40/120, 60",
    "90/40+30",
    "90min/40moves+30min+30sec",
    "MOVES/TIME INCREMENT",
    "moves/time, increment",
];

fn shape(tc: &TimeControl) -> Vec<(Option<u16>, u32, u32, u16)> {
    tc.periods
        .iter()
        .map(|p| {
            (
                p.moves,
                p.base_seconds,
                p.increment_seconds,
                p.increment_from_move,
            )
        })
        .collect()
}

#[test]
fn notation_table_reads() {
    assert!(OK.len() + ERR.len() >= 40);
    for &(text, want, delay, notation, t60) in OK {
        let tc = parse_free(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_eq!(shape(&tc), want, "{text:?} read as {}", tc.describe());
        assert_eq!(tc.delay, delay, "{text:?}");
        assert_eq!(tc.notation, notation, "{text:?}");
        assert_eq!(tc.t60_seconds(), t60, "{text:?}");
        assert_eq!(tc.game_seconds_60(), 2 * t60, "{text:?}");
        assert_eq!(tc.raw, text.trim(), "{text:?}");
        assert!(tc.black_periods.is_none());
    }
}

#[test]
fn notation_table_refuses() {
    for &(text, want, offset) in ERR {
        match parse_free(text) {
            Ok(tc) => panic!("{text:?} should fail, read as {}", tc.describe()),
            Err(e) => {
                assert_eq!(kind(&e), Some(want), "{text:?}: {e}");
                assert_eq!(e.offset(), offset, "{text:?}: {e}");
            }
        }
    }
}

#[test]
fn every_corpus_value_is_in_the_table() {
    for value in CORPUS_122 {
        let listed = OK.iter().any(|c| c.0 == *value) || ERR.iter().any(|c| c.0 == *value);
        assert!(listed, "corpus value {value:?} is not in the table");
    }
}

/// Every line of a file, whatever its line endings (the corpus has
/// CR-only files), decoded as UTF-8 or else Latin-1.
fn lines_of(path: &Path) -> Vec<String> {
    let Ok(bytes) = std::fs::read(path) else {
        return Vec::new();
    };
    let text = match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => e.into_bytes().iter().map(|&b| char::from(b)).collect(),
    };
    text.split(['\r', '\n']).map(str::to_owned).collect()
}

/// Every file under `dir`, at any depth (none when it cannot be read).
pub(crate) fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files_under(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// Re-scans the corpus so that [`CORPUS_122`] cannot fall behind it. The
/// corpus lives outside the repository (`tests/common/corpus.rs`); without
/// one the test says so and checks nothing else.
#[test]
fn corpus_122_values_are_all_listed() {
    let Some(dir) = crate::test_corpus::corpus() else {
        return;
    };
    let mut files = Vec::new();
    files_under(&dir, &mut files);
    let mut found = BTreeSet::new();
    for file in &files {
        for line in lines_of(file) {
            if let Some(value) = line.strip_prefix("122") {
                found.insert(value.trim().to_owned());
            }
        }
    }
    assert!(!found.is_empty(), "no 122 records under {}", dir.display());
    let listed: BTreeSet<String> = CORPUS_122.iter().map(|s| (*s).to_owned()).collect();
    assert_eq!(found, listed, "the corpus's 122 values changed");
}

#[test]
fn corpus_readings_say_what_they_read() {
    let e = parse_free("90/40+30").unwrap_err();
    let msg = e.to_string();
    assert!(msg.contains("`90/40`"), "{msg}");
    assert!(msg.contains("40 moves in 90 min"), "{msg}");
    let e = parse_free("40/120 + 30").unwrap_err();
    let msg = e.to_string();
    assert!(msg.contains("read so far: 40 moves in 120 min"), "{msg}");
    assert!(
        msg.contains("30 min for the rest of the game or a 30 s increment"),
        "{msg}"
    );
    let e = parse_free("moves/time, increment").unwrap_err();
    assert!(e.to_string().contains("template"), "{e}");
}

/// Where `parse_free` refuses a text as ambiguous, `parse_free_readings`
/// gives every reading, conventional one first, each saying its choices.
#[test]
fn ambiguous_texts_have_every_reading() {
    type Shapes = Vec<Vec<(Option<u16>, u32, u32, u16)>>;
    let shapes = |text: &str| -> Shapes {
        parse_free_readings(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"))
            .iter()
            .map(|r| shape(&r.control))
            .collect()
    };
    assert_eq!(
        shapes("90/40+30"),
        [
            vec![(Some(40), 5400, 0, 1), (None, 1800, 0, 41)],
            vec![(Some(40), 5400, 30, 1)],
            vec![(Some(90), 2400, 0, 1), (None, 1800, 0, 91)],
            vec![(Some(90), 2400, 30, 1)],
        ]
    );
    assert_eq!(
        shapes("40/90+30"),
        [
            vec![(Some(40), 5400, 0, 1), (None, 1800, 0, 41)],
            vec![(Some(40), 5400, 30, 1)],
        ]
    );
    let readings = parse_free_readings("90/40+30").unwrap();
    assert_eq!(
        readings[1].choices,
        ["`90/40` as 40 moves in 90 min", "`30` as a 30 s increment"]
    );
    assert!(readings[3]
        .describe()
        .contains("`90/40` as 90 moves in 40 min"));
    // One reading: no choices, parse_free's control.
    let one = parse_free_readings("90'/40 + 30' + 30''").unwrap();
    assert_eq!(one.len(), 1);
    assert!(one[0].choices.is_empty());
    assert_eq!(one[0].control, parse_free("90'/40 + 30' + 30''").unwrap());
    // No reading makes a control: parse_free's error.
    assert!(matches!(
        parse_free_readings("90+30+30"),
        Err(TimeControlError::Ambiguous { offset: 3, .. })
    ));
    assert!(matches!(
        parse_free_readings("moves/time, increment"),
        Err(TimeControlError::NoNumbers { .. })
    ));
}

#[test]
fn armageddon_in_both_records() {
    for tc in [
        parse_free("W300-B240").unwrap(),
        TimeControl::from_encoded("W300-B240").unwrap(),
    ] {
        assert!(tc.is_armageddon());
        assert_eq!(tc.notation, Notation::Encoded);
        assert_eq!(tc.periods[0].base_seconds, 300);
        assert_eq!(tc.black_periods.as_ref().unwrap()[0].base_seconds, 240);
        assert_eq!(tc.t60_seconds_by_side(), (300, 240));
        assert_eq!(tc.t60_seconds(), 300);
        assert_eq!(tc.describe(), "White: 5 min; Black: 4 min");
        assert_eq!(tc.to_encoded().unwrap(), "W300-B240");
    }
}

/// docs/spec/regulations.md §4.3 "Worked cases": T60, G = 2 × T60 and the number of
/// rounds that fit in 12 hours from V2014 on.
#[test]
fn worked_cases_of_regulations_4_3() {
    let cases = [
        ("90' + 30\"", 7200, 3),
        ("40/90' + 30' + 30\"", 9000, 2),
        ("40/90' + 30'", 7200, 3),
        ("120'", 7200, 3),
        ("40/120' + 20/60' + 30'", 10800, 2),
        ("100/90' + 50' + 30\"", 7200, 3),
        ("120' + 10\" from move 41", 7400, 2),
        ("60' + 30\"", 5400, 4),
        ("45' + 30\"", 4500, 4),
        ("40/75' + 15' + 30\"", 7200, 3),
    ];
    for (text, t60, per_day) in cases {
        let tc = parse_free(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(tc.t60_seconds(), t60, "{text}");
        assert_eq!(tc.game_seconds_60(), 2 * t60, "{text}");
        assert_eq!(12 * 3600 / tc.game_seconds_60(), per_day, "{text}");
    }
}

/// docs/spec/regulations.md §3.8 rate-of-play oracles: T60 and the first control.
#[test]
fn rate_of_play_oracles_of_regulations_3_8() {
    let cases = [
        ("120'", 7200, None),
        ("40/75' + 15' + 30\"/move from move 1", 7200, Some(40)),
        ("90' + 30\"", 7200, None),
        ("60' + 30\"", 5400, None),
        ("90'", 5400, None),
        ("45' + 30\"", 4500, None),
        ("60'", 3600, None),
        ("40/90' + 30'", 7200, Some(40)),
        ("25/60' + 30'", 5400, Some(25)),
    ];
    for (text, t60, first) in cases {
        let tc = parse_free(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(tc.t60_seconds(), t60, "{text}");
        assert_eq!(tc.first_control_moves(), first, "{text}");
    }
}

#[test]
fn delay_is_flagged_and_counted_like_an_increment() {
    let tc = parse_free("G/90;d5").unwrap();
    assert!(tc.has_delay());
    assert_eq!(tc.t60_seconds(), 5400 + 60 * 5);
    assert!(tc.to_encoded().is_err());
    assert!(!parse_free("90+30").unwrap().has_delay());
}

#[test]
fn describe_is_canonical() {
    let cases = [
        (
            "40/90+30+30s",
            "40 moves in 90 min, then 30 min, +30 s/move from move 1",
        ),
        ("90'+30\"", "90 min, +30 s/move from move 1"),
        ("40/120, 60", "40 moves in 120 min, then 60 min"),
        (
            "120' + 10\" from move 41",
            "120 min, +10 s/move from move 41",
        ),
        ("G90 d5", "90 min, 5 s delay from move 1"),
        (
            "40/6000+30:900+10",
            "40 moves in 100 min +30 s/move, then 15 min +10 s/move",
        ),
    ];
    for (text, want) in cases {
        assert_eq!(parse_free(text).unwrap().describe(), want, "{text}");
    }
}

#[test]
fn serialises_as_plain_data() {
    let tc = parse_free("G90 d5").unwrap();
    let json = serde_json::to_value(&tc).unwrap();
    assert_eq!(
        json,
        serde_json::json!({
            "raw": "G90 d5",
            "notation": "free",
            "periods": [{
                "moves": null,
                "base_seconds": 5400,
                "increment_seconds": 5,
                "increment_from_move": 1
            }],
            "delay": "unspecified"
        })
    );
    let back: TimeControl = serde_json::from_value(json).unwrap();
    assert_eq!(back, tc);
}

// ------------------------------------------------------------ properties

/// Words and signs the free-text parser knows, to build texts that get
/// past the lexer and exercise the item and reading passes.
const VOCAB: &[&str] = &[
    "40",
    "90",
    "30",
    "120",
    "5400",
    "0",
    "1",
    "41",
    "60",
    "2",
    "1:30",
    "90:30",
    "1.5",
    "99999999999",
    "'",
    "''",
    "\"",
    "/",
    "+",
    ",",
    ";",
    ":",
    "x",
    "min",
    "s",
    "h",
    "moves",
    "move",
    "G",
    "SD",
    "d",
    "inc",
    "delay",
    "Bronstein",
    "US",
    "from",
    "then",
    "all",
    "rest",
    "game",
    "in",
    "for",
    "per",
    "player",
    "first",
    "with",
    "plus",
    "Züge",
    "coups",
    "´",
    "’",
    "d'",
    "W",
    "-B",
    " ",
    ".",
    "(",
    "?",
    "мин",
    "сек",
    "с",
    "ходов",
    "на",
    "за",
    "-го",
    "0:00:30",
    "na",
    "ruch",
];

fn check_invariants(tc: &TimeControl) {
    for periods in std::iter::once(&tc.periods).chain(tc.black_periods.as_ref()) {
        assert!(!periods.is_empty());
        let mut start: u32 = 1;
        for (i, p) in periods.iter().enumerate() {
            if p.moves.is_none() {
                assert_eq!(i, periods.len() - 1, "rest of game only last");
            }
            assert!(u32::from(p.increment_from_move) >= start);
            if p.increment_seconds == 0 {
                assert_eq!(u32::from(p.increment_from_move), start);
            }
            start += p.moves.map_or(0, u32::from);
        }
    }
    let _ = tc.t60_seconds();
    let _ = tc.game_seconds_60();
    let _ = tc.describe();
    let _ = tc.to_encoded();
}

fn encoded_period(last: bool) -> impl Strategy<Value = EncodedPeriod> {
    let moves = if last {
        proptest::option::of(1u16..=120).boxed()
    } else {
        (1u16..=120).prop_map(Some).boxed()
    };
    (moves, 0u32..=50_000, proptest::option::of(1u32..=120)).prop_map(
        |(moves, seconds, increment)| EncodedPeriod {
            moves,
            seconds,
            increment,
        },
    )
}

fn encoded_side() -> impl Strategy<Value = Vec<EncodedPeriod>> {
    (
        proptest::collection::vec(encoded_period(false), 0..4),
        encoded_period(true),
    )
        .prop_map(|(mut first, last)| {
            first.push(last);
            first
        })
}

fn encoded_control() -> impl Strategy<Value = EncodedTimeControl> {
    (encoded_side(), proptest::option::of(encoded_side())).prop_map(|(periods, black_periods)| {
        EncodedTimeControl {
            periods,
            black_periods,
        }
    })
}

/// A control as free text can state it: periods and at most one bonus for
/// all of them, spread over the periods the way docs/spec/regulations.md §4.2 counts
/// it (from its first move, within each period).
fn free_control() -> impl Strategy<Value = TimeControl> {
    let base = prop_oneof![(1u32..=300).prop_map(|m| m * 60), 1u32..=20_000];
    let limited = proptest::collection::vec(((1u16..=60).prop_map(Some), base.clone()), 0..3);
    let last = (proptest::option::of(1u16..=60), base);
    let bonus = proptest::option::of((1u32..=60, 1u16..=90));
    let delay = proptest::option::of(prop_oneof![
        Just(DelayKind::Unspecified),
        Just(DelayKind::Bronstein),
        Just(DelayKind::Simple),
    ]);
    (limited, last, bonus, delay).prop_map(|(mut limited, last, bonus, delay)| {
        limited.push(last);
        let mut start: u16 = 1;
        let periods = limited
            .into_iter()
            .map(|(moves, base)| {
                let mut p = Period {
                    moves,
                    base_seconds: base,
                    increment_seconds: 0,
                    increment_from_move: start,
                };
                if let Some((inc, from)) = bonus {
                    let from = from.max(start);
                    if moves.is_none_or(|m| from < start + m) {
                        p.increment_seconds = inc;
                        p.increment_from_move = from;
                    }
                }
                start += moves.unwrap_or(0);
                p
            })
            .collect::<Vec<_>>();
        let any_bonus = periods.iter().any(|p| p.increment_seconds > 0);
        TimeControl {
            raw: String::new(),
            notation: Notation::Free,
            periods,
            black_periods: None,
            delay: delay.filter(|_| any_bonus),
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn parse_free_never_panics_on_any_text(text in "\\PC{0,40}") {
        if let Ok(tc) = parse_free(&text) {
            check_invariants(&tc);
        }
    }

    #[test]
    fn parse_free_never_panics_on_near_miss_texts(
        words in proptest::collection::vec(proptest::sample::select(VOCAB), 0..14)
    ) {
        let text = words.concat();
        if let Ok(tc) = parse_free(&text) {
            check_invariants(&tc);
        }
        let spaced = words.join(" ");
        if let Ok(tc) = parse_free(&spaced) {
            check_invariants(&tc);
        }
    }

    #[test]
    fn parse_encoded_never_panics(text in "[0-9/+:WB\\- x]{0,24}") {
        if let Ok(enc) = parse_encoded(&text) {
            check_invariants(&enc.to_time_control());
        }
    }

    #[test]
    fn to_encoded_round_trips(enc in encoded_control()) {
        let tc = enc.to_time_control();
        let text = tc.to_encoded().expect("every 222 control can be written back");
        prop_assert_eq!(&text, &enc.to_string());
        let again = parse_encoded(&text).expect("to_encoded writes valid 222").to_time_control();
        prop_assert_eq!(&again.periods, &tc.periods);
        prop_assert_eq!(&again.black_periods, &tc.black_periods);
        // The free-text reader takes it as 222 whenever a time is above 600 s.
        if tc.black_periods.is_some() || enc.periods.iter().any(|p| p.seconds > 600) {
            let free = parse_free(&text).expect("222 in 122");
            prop_assert_eq!(&free.periods, &tc.periods);
            prop_assert_eq!(free.notation, Notation::Encoded);
        }
    }

    #[test]
    fn describe_reads_back(tc in free_control()) {
        let text = tc.describe();
        let back = parse_free(&text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(&back.periods, &tc.periods, "{}", text);
        prop_assert_eq!(back.delay, tc.delay, "{}", text);
        prop_assert_eq!(back.t60_seconds(), tc.t60_seconds());
    }
}

// ------------------------------------------------- spellings, generated

/// One period for the whole game in the spellings arbiters use: base
/// minutes `b`, increment seconds `i`.
fn one_period_spellings(b: u32, i: u32) -> Vec<String> {
    let mut out = vec![
        format!("{b}+{i}"),
        format!("{b}'+{i}\""),
        format!("{b}' + {i}''"),
        format!("{b} min + {i} s"),
        format!("{b} min + {i} sec/move"),
        format!("Rapid {b} min + {i} sec"),
        format!("G/{b};+{i}"),
        format!("G/{b};inc{i}"),
        format!("{b} min + {i} s Fischer"),
        format!("{b} мин + {i} сек"),
        format!("{b} минут + {i} секунд на ход"),
        format!("{b} Min. + {i} Sek./Zug"),
        format!("{b} minutes + {i} secondes par coup"),
        format!("{b} minutos + {i} segundos por jugada"),
        format!("{b} minuti + {i} secondi a mossa"),
        format!("{b} minutos + {i} segundos por lance"),
        format!("{b} minut + {i} sekund na ruch"),
        format!("{b} minut + {i} sekund za tah"),
        format!("{b} minuten + {i} seconden per zet"),
        format!("{b} dakika + {i} saniye"),
        format!("{b} perc + {i} mp"),
        // Per player and per move, as arbiters type them.
        format!("{b} min/player + {i} s/move"),
        format!("{b} min/player + {i} sec/move"),
        format!("{b}'/player + {i}''/move"),
        format!("{b}' per player + {i}\" per move"),
        format!("{b} min per player + {i} s per move"),
        format!("{b} min per side + {i} sec per move"),
        format!("{b} minutes per side + {i} seconds increment per move"),
        format!("{b} minutes each + {i} seconds increment"),
        format!("{b} min each + {i} sec each move"),
        format!("{b} min p.p. + {i} s/move"),
        format!("{b} min pp + {i} sec/move"),
        format!("{b} minutes a game + {i} seconds a move"),
        format!("{b} min a player + {i} s a move"),
        format!("{b} minutes per game per player + {i} seconds per move"),
    ];
    if b >= 60 && b % 60 == 0 {
        out.push(format!("{}h+{i}s", b / 60));
        out.push(format!("{} ч + {i} с", b / 60));
    } else if b > 60 {
        out.push(format!("{}h{:02}+{i}s", b / 60, b % 60));
        out.push(format!("{} ч {} мин + {i} с", b / 60, b % 60));
    }
    if i < 60 && b < 13 * 60 {
        out.push(format!("{}:{:02}:00 + 0:00:{i:02}", b / 60, b % 60));
    }
    out
}

/// `m` moves in `b` minutes, then `r` minutes, `i` seconds a move from
/// move 1.
fn two_period_spellings(m: u32, b: u32, r: u32, i: u32) -> Vec<String> {
    vec![
        format!("{m}/{b}, {r}, {i}s"),
        format!("{m}/{b} + {r}' + {i}\""),
        format!("{b}'/{m} + {r}' + {i}''"),
        format!("{b} min/{m} moves + {r} min + {i} s/move"),
        format!("{b}min/{m}moves+{r}min+{i}sec"),
        format!(
            "{m} moves in {b} minutes, then {r} minutes, plus {i} seconds per move from move 1"
        ),
        format!("{m} ходов за {b} минут, затем {r} минут + {i} секунд на каждый ход с 1-го хода"),
        format!("{m} coups en {b} min puis {r} min + {i} s par coup dès le premier coup"),
        format!("{m} Züge in {b} Min., danach {r} Min. + {i} Sek. pro Zug ab dem 1. Zug"),
        format!("{m} jugadas en {b} minutos, luego {r} minutos + {i} segundos por jugada"),
        format!("{m} mosse in {b} minuti, poi {r} minuti + {i} secondi a mossa"),
        format!("{m} lances em {b} minutos, depois {r} minutos + {i} segundos por lance"),
        format!("{b} minut na {m} ruchów, potem {r} minut + {i} sekund na ruch"),
        format!("{m} tahů za {b} minut, pak {r} minut + {i} sekund za tah"),
        format!("{m} zetten in {b} minuten, daarna {r} minuten + {i} seconden per zet"),
        format!("{m} hamlede {b} dakika, sonra {r} dakika + {i} sn/hamle"),
    ]
}

fn list_of(t60: u32) -> Option<trfkit::regulations::RatingType> {
    let on = chrono::NaiveDate::from_ymd_opt(2024, 6, 1).unwrap();
    trfkit::regulations::rating_type::classify(t60, on).rating_type
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Random base minutes and increments, in every one-period spelling:
    /// the reader gives back the same periods, time for 60 moves and list.
    #[test]
    fn one_period_spellings_read_back(b in 1u32..=180, i in 0u32..=60) {
        let want = vec![(None, b * 60, i, 1u16)];
        let t60 = b * 60 + 60 * i;
        for text in one_period_spellings(b, i) {
            let tc = parse_free(&text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
            prop_assert_eq!(shape(&tc), want.clone(), "{}", text);
            prop_assert_eq!(tc.t60_seconds(), t60, "{}", text);
            prop_assert_eq!(list_of(tc.t60_seconds()), list_of(t60), "{}", text);
        }
    }

    /// Random move counts, times and increments in every two-period
    /// spelling: the same periods, time for 60 moves and list.
    #[test]
    fn two_period_spellings_read_back(
        m in 20u32..=60, b in 60u32..=180, r in 5u32..=60, i in 0u32..=60,
    ) {
        let from2 = u16::try_from(m + 1).unwrap();
        let want = vec![
            (Some(u16::try_from(m).unwrap()), b * 60, i, 1u16),
            (None, r * 60, i, from2),
        ];
        let t60 = b * 60 + if m < 60 { r * 60 } else { 0 } + 60 * i;
        for text in two_period_spellings(m, b, r, i) {
            let tc = parse_free(&text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
            prop_assert_eq!(shape(&tc), want.clone(), "{}", text);
            prop_assert_eq!(tc.t60_seconds(), t60, "{}", text);
            prop_assert_eq!(list_of(tc.t60_seconds()), list_of(t60), "{}", text);
        }
    }

    /// The bare pairing-program form `b/m+r` (`90/40+30`) is ambiguous by
    /// design; its readings include the conventional one, first.
    #[test]
    fn bare_pairing_program_form_has_the_conventional_reading_first(
        m in 20u32..=59, b in 60u32..=180, r in 5u32..=60,
    ) {
        let text = format!("{b}/{m}+{r}");
        let readings = parse_free_readings(&text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        let first = shape(&readings[0].control);
        let from2 = u16::try_from(m + 1).unwrap();
        prop_assert_eq!(first, vec![(Some(u16::try_from(m).unwrap()), b * 60, 0, 1), (None, r * 60, 0, from2)]);
        prop_assert!(readings.len() >= 2);
    }
}

// ------------------------------------------- T60 of incomplete controls

/// T60 written out move by move: each period's base at its first move (up
/// to move 60), and on each of the 60 moves the increment of the period the
/// move is in, or of the last period when the control stops before it.
fn t60_move_by_move(periods: &[Period]) -> u32 {
    let mut total = 0u32;
    let mut start = 1u32;
    for p in periods {
        if start <= 60 {
            total += p.base_seconds;
        }
        start = start.saturating_add(p.moves.map_or(u32::MAX / 2, u32::from));
    }
    for mv in 1..=60u32 {
        let mut first = 1u32;
        let mut owner = periods.last();
        for p in periods {
            let next = first.saturating_add(p.moves.map_or(u32::MAX / 2, u32::from));
            if mv < next {
                owner = Some(p);
                break;
            }
            first = next;
        }
        if let Some(p) = owner.filter(|p| mv >= u32::from(p.increment_from_move)) {
            total += p.increment_seconds;
        }
    }
    total
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Controls of one to three periods, complete or stopping after a
    /// moves-limited one: T60 is the move-by-move count, so an incomplete
    /// control's increment counts on each of the 60 moves.
    #[test]
    fn t60_counts_every_increment_up_to_move_60(
        parts in proptest::collection::vec((10u16..=50, 1u32..=120, 0u32..=60), 1..=3),
        complete in any::<bool>(),
        late in any::<bool>(),
    ) {
        let mut periods = Vec::new();
        let mut first = 1u16;
        for (k, &(m, b, i)) in parts.iter().enumerate() {
            let last = k + 1 == parts.len();
            periods.push(Period {
                moves: (!(last && complete)).then_some(m),
                base_seconds: b * 60,
                increment_seconds: i,
                increment_from_move: if late && k == 0 { first + m / 2 } else { first },
            });
            first += m;
        }
        let tc = TimeControl { raw: String::new(), notation: Notation::Free, periods, black_periods: None, delay: None };
        prop_assert_eq!(tc.is_complete(), complete);
        prop_assert_eq!(tc.t60_seconds(), t60_move_by_move(&tc.periods), "{}", tc.describe());
    }

    /// `B min for M moves + I s per move from move 1`, with nothing after:
    /// read as one incomplete period, its T60 is B + 60 × I.
    #[test]
    fn an_incomplete_control_counts_its_increment_on_60_moves(
        m in 20u32..=59, b in 60u32..=120, i in 1u32..=60,
    ) {
        for text in [
            format!("{b} min for {m} moves + {i} s per move from move 1"),
            format!("{m}/{b} + {i}s"),
            format!("{b} min/{m} moves + {i} s/move"),
        ] {
            let tc = parse_free(&text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
            prop_assert!(!tc.is_complete(), "{}", text);
            prop_assert_eq!(tc.t60_seconds(), b * 60 + 60 * i, "{}", text);
        }
    }
}
