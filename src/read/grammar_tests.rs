//! `grammar/` is the source of truth for the column layout: the parser's
//! tables (`trfkit::read::columns`, `src/read/columns.rs`) are generated from
//! `grammar/columns.tsv` here (`the_generated_module_is_columns_tsv` fails
//! when the checked-in file differs, and rewrites it with
//! `TRFKIT_REGENERATE=1 cargo test --lib grammar`), and every record code
//! `grammar/header.tsv` lists must be known to the line classifier.

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

/// The generated module, relative to the crate root. (The hand-written
/// types it re-exports live in `src/read/columns/field.rs`.)
const GENERATED: &str = "src/read/columns.rs";

/// The Rust name of a `FieldKind` in the TSV's `type` column.
fn kind_variant(s: &str) -> &'static str {
    match s {
        "code" => "Code",
        "int" => "Integer",
        "sex" => "Sex",
        "title" => "Title",
        "text" => "Text",
        "date" => "Date",
        "points" => "Points",
        "colour" => "Colour",
        "result" => "Result",
        other => panic!("unknown type {other}"),
    }
}

/// The Rust name of a `Flag` in the TSV's `rating`/`pairing` columns.
fn flag_variant(s: &str) -> &'static str {
    match s {
        "M" => "Mandatory",
        "W" => "WarnIfWrong",
        "" => "Informative",
        other => panic!("unknown flag {other}"),
    }
}

/// `src/read/columns.rs` as generated from `columns.tsv`: one module per record
/// (`p001` for numeric codes, the lower-cased code otherwise), one constant
/// per field (its name upper-cased, `.` as `_`), and [`grammar::ALL`].
fn generate(tsv: &str) -> String {
    let mut out = String::from(
        "// Generated from grammar/columns.tsv by src/read/grammar_tests.rs; do not edit.
// `TRFKIT_REGENERATE=1 cargo test --lib grammar` rewrites it.

//! The column layout of every fixed-column record, as data.
//!
//! `grammar/columns.tsv` is the source of truth; this module is generated
//! from it as constants the parser slices with (`src/read/grammar_tests.rs` fails
//! when the two disagree). Columns are 1-based and inclusive, counted in
//! characters. A `stride` > 0 marks a repeating group: occurrence `k`
//! (0-based) sits at `from + k * stride ..= to + k * stride`.

mod field;
pub(crate) use field::{Field, FieldKind, Flag};
",
    );
    let mut all = Vec::new();
    let mut open: Option<String> = None;
    let mut seen = Vec::new();
    for line in tsv.lines().skip(1).filter(|l| !l.is_empty()) {
        let c: Vec<&str> = line.split('\t').collect();
        assert_eq!(c.len(), 10, "columns.tsv: 10 columns expected in {line:?}");
        let record = c[0];
        let module = if record.bytes().all(|b| b.is_ascii_digit()) {
            format!("p{record}")
        } else {
            record.to_ascii_lowercase()
        };
        if open.as_deref() != Some(module.as_str()) {
            assert!(
                !seen.contains(&module),
                "columns.tsv: the rows of record {record} are not together"
            );
            if open.is_some() {
                out.push_str("}\n");
            }
            out.push_str(&format!(
                "\n/// Record `{record}`.\npub(crate) mod {module} {{\n    use super::*;\n"
            ));
            seen.push(module.clone());
            open = Some(module.clone());
        }
        let name = c[2].to_ascii_uppercase().replace('.', "_");
        let number = |s: &str| -> usize { s.parse().expect("a column number") };
        let stride = if c[5].is_empty() { 0 } else { number(c[5]) };
        out.push_str(&format!(
            "    /// {}.
    pub(crate) const {name}: Field = Field {{
        record: {:?},
        since: {:?},
        name: {:?},
        from: {},
        to: {},
        stride: {stride},
        kind: FieldKind::{},
        rating: Flag::{},
        pairing: Flag::{},
    }};
",
            c[9],
            record,
            c[1],
            c[2],
            number(c[3]),
            number(c[4]),
            kind_variant(c[6]),
            flag_variant(c[7]),
            flag_variant(c[8]),
        ));
        all.push(format!("{module}::{name}"));
    }
    if open.is_some() {
        out.push_str("}\n");
    }
    out.push_str(
        "\n/// Every field, in the order of `grammar/columns.tsv`.\npub(crate) const ALL: &[Field] = &[\n",
    );
    for f in all {
        out.push_str(&format!("    {f},\n"));
    }
    out.push_str("];\n");
    out
}

#[test]
fn the_generated_module_is_columns_tsv() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let tsv = std::fs::read_to_string(root.join("grammar/columns.tsv")).unwrap();
    let want = generate(&tsv);
    let path = root.join(GENERATED);
    if std::env::var_os("TRFKIT_REGENERATE").is_some() {
        // The library's atomic writer: a failed regeneration leaves the
        // checked-in module whole.
        trfkit::write::atomic::write(&path, trfkit::write::atomic::Existing::Replace, |w| {
            w.write_all(want.as_bytes())
        })
        .expect("write src/read/columns.rs");
    }
    let have = std::fs::read_to_string(&path).expect("src/read/columns.rs");
    assert!(
        have == want,
        "{GENERATED} is stale: run TRFKIT_REGENERATE=1 cargo test --lib grammar"
    );
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
        "grammar/columns.tsv and src/read/columns.rs list different numbers of fields"
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
