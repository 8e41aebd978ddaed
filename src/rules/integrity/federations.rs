//! FIDE's federation codes, from `data/federations.tsv` (code, name,
//! status, note; compiled in), for the rules that judge a federation
//! column: `unknown-federation` (is it FIDE's?) and `invalid-code` (is it
//! written as FIDE writes it?).

use std::collections::HashMap;
use std::sync::LazyLock;

/// The table as shipped: FIDE data, lines starting `#` are comments.
const TSV: &str = include_str!("../../../data/federations.tsv");

/// What the table says about a code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Status {
    /// A member federation.
    Current,
    /// A FIDE affiliated organisation with its own code (`IOM`, `NCL`).
    Affiliated,
    /// Not a federation but valid: `FID` (the FIDE flag), `NON` (none).
    Special,
    /// No longer issued; players may still carry it in old files.
    Former,
    /// Plausible, not confirmed (`(?)` in the table).
    Unverified,
}

/// One row of the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Federation {
    /// The three-letter code.
    pub code: &'static str,
    /// FIDE's name for it.
    pub name: &'static str,
    /// Its status.
    pub status: Status,
    /// For a former code: the current codes its note names (`SCG` →
    /// `SRB`, `MNE`), in the note's order.
    pub successors: Vec<&'static str>,
    /// The table's note, with its sources.
    pub note: &'static str,
}

static TABLE: LazyLock<HashMap<&'static str, Federation>> = LazyLock::new(|| parse(TSV));

/// The row of `code` (exact, upper case as FIDE writes it).
pub(crate) fn find(code: &str) -> Option<&'static Federation> {
    TABLE.get(code)
}

/// Reads the table. A row with an unknown status is left out (a test
/// checks there is none).
fn parse(tsv: &'static str) -> HashMap<&'static str, Federation> {
    let rows: Vec<(&str, &str, Status, &str)> = tsv
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let mut f = l.split('\t');
            let code = f.next()?.trim();
            let name = f.next()?.trim();
            let status = match f.next()?.trim() {
                "current" => Status::Current,
                "affiliated" => Status::Affiliated,
                "special" => Status::Special,
                "former" => Status::Former,
                "unverified" => Status::Unverified,
                _ => return None,
            };
            Some((code, name, status, f.next().unwrap_or("").trim()))
        })
        .collect();
    let current: Vec<&str> = rows
        .iter()
        .filter(|r| r.2 == Status::Current)
        .map(|r| r.0)
        .collect();
    rows.iter()
        .map(|&(code, name, status, note)| {
            // The note names the successors of a former code ("replaced by
            // LBN", "successors SRB, MNE", "into RUS, UKR, …").
            let successors = if status == Status::Former {
                note.split(|c: char| !c.is_ascii_alphabetic())
                    .filter(|w| *w != code && current.contains(w))
                    .collect()
            } else {
                Vec::new()
            };
            (
                code,
                Federation {
                    code,
                    name,
                    status,
                    successors,
                    note,
                },
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_is_read() {
        let rows = TSV
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .count();
        assert_eq!(TABLE.len(), rows, "a row with an unknown status or shape");
        let count = |s| TABLE.values().filter(|f| f.status == s).count();
        // The counts the table's own header states.
        assert_eq!(count(Status::Current), 201);
        assert_eq!(count(Status::Affiliated), 2);
        assert_eq!(count(Status::Special), 2);
        assert_eq!(count(Status::Former), 7);
        assert_eq!(count(Status::Unverified), 4);
    }

    #[test]
    fn codes_and_successors() {
        assert_eq!(find("ENG").map(|f| f.status), Some(Status::Current));
        assert_eq!(find("FID").map(|f| f.status), Some(Status::Special));
        assert_eq!(find("eng"), None);
        assert_eq!(find("SCG").unwrap().successors, ["SRB", "MNE"]);
        assert_eq!(find("LIB").unwrap().successors, ["LBN"]);
        assert_eq!(
            find("USR").unwrap().successors,
            ["RUS", "UKR", "GEO", "UZB"]
        );
        assert!(find("AHO").unwrap().successors.is_empty());
    }
}
