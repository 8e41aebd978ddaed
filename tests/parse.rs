//! The reader over every sample: the model as `trf parse --format json`
//! prints it, and the syntax findings rendered plain and graphical.

mod common;

use trfkit::render::{findings_graphical, findings_text};
use trfkit::ReadOptions;

#[test]
fn model_snapshots() {
    for dir in ["hand", "real", "regressions"] {
        for path in common::samples(dir) {
            let parsed = trfkit::read_path(&path, &ReadOptions::default()).unwrap();
            let json = serde_json::to_string_pretty(&parsed.tournament).unwrap();
            insta::assert_snapshot!(format!("model__{}", common::snap_name(&path)), json);
        }
    }
}

#[test]
fn syntax_diagnostic_snapshots() {
    for dir in ["hand", "real", "regressions"] {
        for path in common::samples(dir) {
            let parsed = trfkit::read_path(&path, &ReadOptions::default()).unwrap();
            let name = common::display(&path);
            let mut out = findings_text(&name, &parsed, &parsed.diagnostics);
            for d in &parsed.diagnostics {
                out.push('\n');
                out.push_str(&findings_graphical(&name, &parsed, d, 80, true, false));
            }
            insta::assert_snapshot!(format!("syntax__{}", common::snap_name(&path)), out);
        }
    }
}

/// The same tournament in Windows-1252 with CRLF and in UTF-8 with a BOM and
/// LF reads to the same model; so do LF, CRLF and CR-only line ends.
#[test]
fn encodings_and_line_ends_read_the_same() {
    let read = |name: &str| {
        let p = common::root().join("samples/hand").join(name);
        trfkit::read_path(&p, &ReadOptions::default()).unwrap()
    };
    let a = read("swiss-cp1252-crlf.trf");
    let b = read("swiss-utf8-bom-lf-twin.trf");
    assert_eq!(a.tournament.encoding, trfkit::TextEncoding::Windows1252);
    assert_eq!(b.tournament.encoding, trfkit::TextEncoding::Utf8);
    assert!(b.tournament.bom);
    assert_eq!(a.tournament.players, b.tournament.players);
    assert_eq!(a.tournament.header, b.tournament.header);
    assert_eq!(a.tournament.players[3].name.value, "Dvorakova, Anezka");
    assert_eq!(a.tournament.players[2].name.value, "Ó Briain, Séamus");

    let lf = read("swiss-utf8-lf.trf");
    let bom = read("swiss-utf8-bom-lf.trf");
    let cr = read("swiss-cr-only-no-final-newline.trf");
    assert_eq!(lf.tournament.players, bom.tournament.players);
    assert_eq!(lf.tournament.players, cr.tournament.players);
    assert_eq!(lf.tournament.header, cr.tournament.header);
    // Diacritics do not shift the columns after the name.
    let p = &lf.tournament.players[3];
    assert_eq!(p.name.value, "Dvořáková, Anežka");
    assert_eq!(p.rating.map(|r| r.value), Some(1804));
    assert_eq!(p.fide_id.map(|r| r.value), Some(300040));
    assert!(lf.diagnostics.is_empty(), "{:?}", lf.diagnostics);
}

/// Forcing an encoding is honoured and recorded.
#[test]
fn forced_encoding() {
    let p = common::root().join("samples/real/icu-latin-1.trf");
    let bytes = std::fs::read(&p).unwrap();
    let opts = ReadOptions::default().with_encoding(trfkit::TextEncoding::Iso8859_1);
    let forced = trfkit::parse_bytes(&bytes, &opts).unwrap();
    assert_eq!(forced.tournament.encoding, trfkit::TextEncoding::Iso8859_1);
    let detected = trfkit::parse_bytes(&bytes, &ReadOptions::default()).unwrap();
    assert_eq!(
        detected.tournament.encoding,
        trfkit::TextEncoding::Windows1252
    );
    assert_eq!(
        forced.tournament.players[0].name.value,
        detected.tournament.players[0].name.value
    );
    let utf8 = ReadOptions::default().with_encoding(trfkit::TextEncoding::Utf8);
    let lossy = trfkit::parse_bytes(&bytes, &utf8).unwrap();
    assert!(lossy.diagnostics.iter().any(|d| d.rule == "lossy-decoding"));
}

/// Only unreadable input is fatal, with a one-line reason.
#[test]
fn unreadable_input_is_refused() {
    let opts = ReadOptions::default();
    assert!(matches!(
        trfkit::parse_bytes(b"", &opts),
        Err(trfkit::ReadError::Decode(_))
    ));
    assert!(matches!(
        trfkit::parse_bytes(b" \r\n \n", &opts),
        Err(trfkit::ReadError::Decode(_))
    ));
    // A NUL or two is a finding on its line (issue 39); many are binary.
    let e = trfkit::parse_bytes(b"012 x\0\0\0\0\0\0\0\0\0", &opts).unwrap_err();
    assert_eq!(
        e.to_string(),
        "the file is binary, not text (byte 0x00 at offset 5)"
    );
    let mut small = ReadOptions::default();
    small.max_file_bytes = 4;
    assert!(matches!(
        trfkit::parse_bytes(b"012 Open", &small),
        Err(trfkit::ReadError::TooLarge { .. })
    ));
    let mut line = ReadOptions::default();
    line.max_line_bytes = 10;
    let p = trfkit::parse_bytes(b"012 A very long tournament name\n022 Cork\n", &line).unwrap();
    assert_eq!(p.diagnostics.len(), 1);
    assert_eq!(p.diagnostics[0].rule, "line-too-long");
    assert!(p.tournament.header.name.is_none());
    assert_eq!(
        p.tournament.header.city.as_ref().map(|c| c.value.as_str()),
        Some("Cork")
    );
}

/// Ten bad lines give ten diagnostics.
#[test]
fn recovery_reports_every_bad_line() {
    let mut text = String::from("012 Ten bad ratings\n");
    for i in 1..=10 {
        text.push_str(&format!(
            "001 {i:>4} m    Player {i:<26} 2x00 ENG {:>11} 1990/01/01  0.0 {i:>4}\n",
            1000 + i
        ));
    }
    let p = trfkit::parse_str(&text);
    assert_eq!(p.tournament.players.len(), 10);
    let bad: Vec<_> = p
        .diagnostics
        .iter()
        .filter(|d| d.rule == "invalid-field")
        .collect();
    assert_eq!(bad.len(), 10);
    // Its line and columns as `trf check --format json` gives them.
    let report = trfkit::check(&p, &trfkit::Options::default());
    let json: serde_json::Value =
        serde_json::from_str(&trfkit::render::check_json("x.trf", &p, &report)).unwrap();
    let j = json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["rule"] == "invalid-field")
        .nth(9)
        .unwrap();
    assert_eq!(
        (&j["line"], &j["column"], &j["end_column"]),
        (&11.into(), &49.into(), &52.into())
    );
}

/// A large ASCII file, read by the reader's byte-column fast path, gives
/// exactly what the general path (a column table per non-ASCII line, here
/// every line is checked because Windows-1252 is forced) gives, findings
/// included, in line order (some lines are broken on purpose).
#[test]
fn ascii_fast_path_equals_general_path() {
    let opts = trfkit::generate::GenOptions::new(4000, 7, 11);
    let mut text = trfkit::generate::generate(&opts).unwrap();
    for (i, bad) in [(100, "18OO"), (1500, "2x00"), (3900, "99A9")] {
        let needle = format!("001 {i:>4} ");
        let at = text.find(&needle).unwrap() + 48;
        text.replace_range(at..at + 4, bad);
    }
    let forced = ReadOptions::default().with_encoding(trfkit::TextEncoding::Windows1252);
    let a = trfkit::parse_bytes(text.as_bytes(), &ReadOptions::default()).unwrap();
    let b = trfkit::parse_bytes(text.as_bytes(), &forced).unwrap();
    assert_eq!(a.tournament.encoding, trfkit::TextEncoding::Ascii);
    assert_eq!(a.tournament.players, b.tournament.players);
    assert_eq!(a.diagnostics, b.diagnostics);
    let bad: Vec<u32> = a
        .diagnostics
        .iter()
        .filter(|d| d.rule == "invalid-field")
        .map(|d| d.primary_span().unwrap().start)
        .collect();
    assert_eq!(bad.len(), 3);
    assert!(bad.windows(2).all(|w| w[0] < w[1]));
    let spans: Vec<_> = a.tournament.players.iter().map(|p| p.span).collect();
    assert_eq!(
        spans,
        b.tournament
            .players
            .iter()
            .map(|p| p.span)
            .collect::<Vec<_>>()
    );
}

/// Round blocks shifted as a whole (every block of a line the same one to
/// three columns off, as an export writes them) are read at their shifted
/// columns, and said once, as `fix-before-upload` asking for a clean
/// export; never "no game was played". One bad block is not a shift.
#[test]
fn round_blocks_shifted_as_a_whole_are_read_and_said() {
    let base = std::fs::read_to_string(common::root().join("samples/hand/period-a-1.trf")).unwrap();
    let with = |f: &dyn Fn(usize, &str) -> String| -> String {
        base.lines()
            .enumerate()
            .map(|(k, l)| {
                format!(
                    "{}\n",
                    if l.starts_with("001") {
                        f(k, l)
                    } else {
                        l.to_owned()
                    }
                )
            })
            .collect()
    };
    let games = |p: &trfkit::Parsed| -> usize {
        p.tournament
            .players
            .iter()
            .flat_map(|pl| pl.rounds.iter())
            .filter(|e| e.value.opponent.is_some())
            .count()
    };
    let straight = trfkit::parse_str(&base);
    for shift in [1usize, 2, 3] {
        let right = with(&|_, l| format!("{}{}{}", &l[..89], " ".repeat(shift), &l[89..]));
        let left = with(&|_, l| format!("{}{}", &l[..89], &l[89 + shift..]));
        // Three columns left would cut into the rank's columns.
        let sides = if shift < 3 {
            vec![(right, "right"), (left, "left")]
        } else {
            vec![(right, "right")]
        };
        for (text, side) in sides {
            let parsed = trfkit::parse_str(&text);
            let codes: Vec<&str> = parsed.diagnostics.iter().map(|d| d.code).collect();
            assert_eq!(codes, ["TRF-S015"], "{shift} {side}: {codes:?}");
            let d = &parsed.diagnostics[0];
            assert_eq!(d.consequence, trfkit::Consequence::FixBeforeUpload);
            assert!(
                d.message.contains(&format!("to the {side}")),
                "{}",
                d.message
            );
            assert!(
                d.message
                    .contains("6 player lines (lines 12, 13, 14, 15, 16, 17)"),
                "{}",
                d.message
            );
            assert_eq!(games(&parsed), games(&straight));
            let rep = trfkit::check(&parsed, &trfkit::Options::default());
            assert_eq!(
                rep.rated_games,
                trfkit::check(&straight, &trfkit::Options::default()).rated_games
            );
        }
    }
    // One line with a bad block, the others in place: that block is
    // unreadable, no line is shifted.
    let one_bad = with(&|k, l| {
        if k == 11 {
            l.replacen(" 5 b 1", " 5 x 1", 1)
        } else {
            l.to_owned()
        }
    });
    let parsed = trfkit::parse_str(&one_bad);
    let codes: Vec<&str> = parsed.diagnostics.iter().map(|d| d.code).collect();
    assert!(!codes.contains(&"TRF-S015"), "{codes:?}");
    assert!(codes.contains(&"TRF-S004"), "{codes:?}");
}
