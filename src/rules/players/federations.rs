//! FIDE's federation codes, from `data/federations.tsv` (code, name,
//! status, note; compiled in), for the rules that judge a federation
//! column: `unknown-federation` (is it FIDE's?) and `invalid-code` (is it
//! written as FIDE writes it?).

/// The table as shipped: FIDE data, lines starting `#` are comments. It
/// is the source of truth; [`ROWS`] is generated from it (a test fails,
/// and rewrites the file with `TRFKIT_REGENERATE=1`, when they differ), so
/// that no report pays for reading the table at run time.
#[cfg(test)]
const TSV: &str = include_str!("../../../data/federations.tsv");

/// The table's rows, sorted by code.
#[path = "federations_table.rs"]
mod table;
use table::ROWS;

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
    /// The table's note, with its sources.
    pub note: &'static str,
}

impl Federation {
    /// For a former code: the current codes its note names (`SCG` →
    /// `SRB`, `MNE`; "replaced by LBN", "into RUS, UKR, …"), in the note's
    /// order. Worked out when asked: only a finding about a former code
    /// needs it.
    pub(crate) fn successors(&self) -> Vec<&'static str> {
        if self.status != Status::Former {
            return Vec::new();
        }
        self.note
            .split(|c: char| !c.is_ascii_alphabetic())
            .filter(|w| *w != self.code && find(w).is_some_and(|f| f.status == Status::Current))
            .collect()
    }
}

/// The row of `code` (exact, upper case as FIDE writes it): a direct
/// index for three capital letters (every player's federation is looked
/// up, so a binary search per player showed in the profile), a binary
/// search for anything else.
pub(crate) fn find(code: &str) -> Option<&'static Federation> {
    match slot(code.as_bytes()) {
        Some(k) => match BY_LETTERS[k] {
            NO_ROW => None,
            i => ROWS.get(usize::from(i)),
        },
        None => ROWS
            .binary_search_by(|f| f.code.cmp(code))
            .ok()
            .map(|i| &ROWS[i]),
    }
}

/// No row at this slot of [`BY_LETTERS`].
const NO_ROW: u16 = u16::MAX;

/// The slot of a code of three capital letters in [`BY_LETTERS`].
const fn slot(code: &[u8]) -> Option<usize> {
    let &[a, b, c] = code else {
        return None;
    };
    match (letter(a), letter(b), letter(c)) {
        (Some(a), Some(b), Some(c)) => Some((a * 26 + b) * 26 + c),
        _ => None,
    }
}

/// A capital letter's place in the alphabet.
const fn letter(x: u8) -> Option<usize> {
    if x.is_ascii_uppercase() {
        Some((x - b'A') as usize)
    } else {
        None
    }
}

/// Whether `code` is a code of three capital letters that the table
/// lists as current, affiliated or special: the case of nearly every
/// player, answered by one look-up in a table the compiler builds.
#[inline]
pub(crate) fn in_force(code: &str) -> bool {
    match slot(code.as_bytes()) {
        Some(k) => IN_FORCE.get(k).copied().unwrap_or(false),
        None => false,
    }
}

/// `IN_FORCE[slot(code)]`: [`in_force`] for each code of three capital
/// letters.
static IN_FORCE: [bool; 26 * 26 * 26] = in_force_of(ROWS);

/// The table of [`IN_FORCE`] for `rows`.
const fn in_force_of(rows: &[Federation]) -> [bool; 26 * 26 * 26] {
    let mut good = [false; 26 * 26 * 26];
    let mut i = 0;
    while i < rows.len() {
        if let Some(k) = slot(rows[i].code.as_bytes()) {
            good[k] = matches!(
                rows[i].status,
                Status::Current | Status::Affiliated | Status::Special
            );
        }
        i += 1;
    }
    good
}

/// `BY_LETTERS[slot(code)]`: the row of each code of three capital
/// letters. Built by the compiler from the table, so that no run pays for
/// it: a small report looks up a few hundred codes, fewer than the
/// 17,576 slots a run-time build would fill.
static BY_LETTERS: [u16; 26 * 26 * 26] = index_of(ROWS);

/// The index of [`BY_LETTERS`] for `rows`.
const fn index_of(rows: &[Federation]) -> [u16; 26 * 26 * 26] {
    let mut index = [NO_ROW; 26 * 26 * 26];
    let mut i = 0;
    // The table has a few hundred rows: far below `NO_ROW`.
    while i < rows.len() && i < NO_ROW as usize {
        if let Some(k) = slot(rows[i].code.as_bytes()) {
            index[k] = i as u16;
        }
        i += 1;
    }
    index
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `in_force` says what `find` and the row's status say, for every
    /// code of three capital letters and a few others.
    #[test]
    fn in_force_agrees_with_the_rows() {
        let mut codes: Vec<String> = Vec::new();
        for a in b'A'..=b'Z' {
            for b in b'A'..=b'Z' {
                for c in b'A'..=b'Z' {
                    codes.push(String::from_utf8(vec![a, b, c]).unwrap_or_default());
                }
            }
        }
        codes.extend(["", "ger", "GE", "GERM", "G3R", "FID", "NON"].map(String::from));
        for code in &codes {
            let by_row = find(code).is_some_and(|f| {
                matches!(
                    f.status,
                    Status::Current | Status::Affiliated | Status::Special
                )
            });
            assert_eq!(in_force(code), by_row, "{code}");
        }
    }

    /// The rows of the TSV, as the generated table must hold them.
    fn rows_of(tsv: &str) -> Vec<(String, String, &'static str, String)> {
        let mut rows: Vec<_> = tsv
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| {
                let mut f = l.split('\t');
                let mut next = || f.next().unwrap_or("").trim().to_owned();
                let (code, name, status, note) = (next(), next(), next(), next());
                let status = match status.as_str() {
                    "current" => "Current",
                    "affiliated" => "Affiliated",
                    "special" => "Special",
                    "former" => "Former",
                    "unverified" => "Unverified",
                    other => panic!("unknown status `{other}` for {code}"),
                };
                (code, name, status, note)
            })
            .collect();
        rows.sort();
        rows
    }

    #[test]
    fn the_generated_table_is_the_tsv() {
        let mut src = String::from(
            "//! Generated from `data/federations.tsv` by the test\n//! `the_generated_table_is_the_tsv` (`TRFKIT_REGENERATE=1 cargo test --lib\n//! federations` rewrites it). Do not edit by hand.\n\nuse super::{Federation, Status};\n\n/// Every row, sorted by code.\npub(super) static ROWS: &[Federation] = &[\n",
        );
        for (code, name, status, note) in rows_of(TSV) {
            src.push_str(&format!(
                "    Federation {{\n        code: {code:?},\n        name: {name:?},\n        status: Status::{status},\n        note: {note:?},\n    }},\n"
            ));
        }
        src.push_str("];\n");
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/src/rules/players/federations_table.rs"
        );
        if std::env::var_os("TRFKIT_REGENERATE").is_some() {
            // The one atomic writer: a failed regeneration leaves the
            // checked-in table whole.
            crate::write::atomic::write(
                path.as_ref(),
                crate::write::atomic::Existing::Replace,
                |w| w.write_all(src.as_bytes()),
            )
            .expect("write the table");
        }
        let have = std::fs::read_to_string(path).expect("the table");
        assert!(
            have == src,
            "federations_table.rs is stale: run TRFKIT_REGENERATE=1 cargo test --lib federations"
        );
    }

    #[test]
    fn every_row_is_read() {
        let rows = TSV
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .count();
        assert_eq!(ROWS.len(), rows, "a row with an unknown status or shape");
        let count = |s| ROWS.iter().filter(|f| f.status == s).count();
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
        assert_eq!(find("SCG").unwrap().successors(), ["SRB", "MNE"]);
        assert_eq!(find("LIB").unwrap().successors(), ["LBN"]);
        assert_eq!(
            find("USR").unwrap().successors(),
            ["RUS", "UKR", "GEO", "UZB"]
        );
        assert!(find("AHO").unwrap().successors().is_empty());
    }
}
