//! `grammar/` is the source of truth for the column layout: the parser's
//! tables (`trfkit::read::columns`) must say exactly what `grammar/columns.tsv`
//! says, and every record code `grammar/header.tsv` lists must be known to the
//! line classifier.

use trfkit::read::columns::{self as grammar, Field, FieldKind, Flag};

fn kind(s: &str) -> FieldKind {
    match s {
        "code" => FieldKind::Code,
        "int" => FieldKind::Integer,
        "sex" => FieldKind::Sex,
        "title" => FieldKind::Title,
        "text" => FieldKind::Text,
        "date" => FieldKind::Date,
        "points" => FieldKind::Points,
        "colour" => FieldKind::Colour,
        "result" => FieldKind::Result,
        other => panic!("unknown type {other}"),
    }
}

fn flag(s: &str) -> Flag {
    match s {
        "M" => Flag::Mandatory,
        "W" => Flag::WarnIfWrong,
        "" => Flag::Informative,
        other => panic!("unknown flag {other}"),
    }
}

#[test]
fn column_tables_match_grammar_tsv() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/grammar/columns.tsv"))
        .unwrap();
    let rows: Vec<Vec<&str>> = text
        .lines()
        .skip(1)
        .filter(|l| !l.is_empty())
        .map(|l| l.split('\t').collect())
        .collect();
    assert_eq!(
        rows.len(),
        grammar::ALL.len(),
        "grammar/columns.tsv and src/grammar.rs list different numbers of fields"
    );
    for (row, f) in rows.iter().zip(grammar::ALL) {
        let want = Field {
            record: f.record,
            since: f.since,
            name: f.name,
            from: row[3].parse().unwrap(),
            to: row[4].parse().unwrap(),
            stride: if row[5].is_empty() {
                0
            } else {
                row[5].parse().unwrap()
            },
            kind: kind(row[6]),
            rating: flag(row[7]),
            pairing: flag(row[8]),
        };
        assert_eq!((row[0], row[1], row[2]), (f.record, f.since, f.name));
        assert_eq!(
            &want, f,
            "field {} {} differs from grammar/columns.tsv",
            row[0], row[2]
        );
        assert!(
            f.from >= 1 && f.from <= f.to,
            "{} {}: bad range",
            f.record,
            f.name
        );
    }
}

#[test]
fn player_record_fields_do_not_overlap() {
    let mut fields: Vec<&Field> = grammar::ALL.iter().filter(|f| f.record == "001").collect();
    fields.sort_by_key(|f| f.from);
    for w in fields.windows(2) {
        assert!(w[0].to < w[1].from, "{} overlaps {}", w[0].name, w[1].name);
    }
    // The round block repeats every 10 columns and fits in them.
    let opp = &grammar::p001::ROUND_OPPONENT;
    let res = &grammar::p001::ROUND_RESULT;
    assert_eq!((opp.stride, res.to - opp.from + 1), (10, 8));
    assert_eq!(grammar::p132::ROUND_DATE.nth(1), (102, 109));
}

#[test]
fn every_header_record_is_classified_as_a_record() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/grammar/header.tsv"))
        .unwrap();
    for line in text.lines().skip(1).filter(|l| !l.is_empty()) {
        let code = &line[..3];
        let (_, kind) = trfkit::source::lines::classify(&format!("{code} value"));
        assert_eq!(kind, trfkit::source::lines::LineKind::Record, "{code}");
    }
    for f in grammar::ALL
        .iter()
        .filter(|f| f.record.bytes().all(|b| b.is_ascii_digit()))
    {
        let (_, kind) = trfkit::source::lines::classify(&format!("{} value", f.record));
        assert_eq!(
            kind,
            trfkit::source::lines::LineKind::Record,
            "{}",
            f.record
        );
    }
}
