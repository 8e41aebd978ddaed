//! Each report's own registration facts, read from a CSV file
//! (`--registrations FILE.csv`): an officer uploads many events a month,
//! each registered on its own date, and one `--registered-on` cannot serve
//! them all.
//!
//! Columns (a header row names them, in any order): `file` or `event` (or
//! both), `registered_on` (YYYY-MM-DD, may be empty), and optionally
//! `rating_type` (standard, rapid, blitz), `hybrid_approved` and
//! `qc_approved_fast_classic` (yes/no, true/false, 1/0, or empty for "not
//! said"). A `file` matches a report by its file name or by the path as
//! given on the command line; an `event` by the report's `012` name
//! (trimmed, case-insensitive). A report the file does not name keeps the
//! command-line flags.

use super::CheckOptions;
use crate::regulations::RatingType;
use chrono::NaiveDate;
use std::collections::HashMap;
use std::path::Path;

/// One report's registration facts; `None` where the row does not say
/// (the command-line flag applies).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub(crate) struct Registration {
    /// The date the event was registered with FIDE.
    pub registered_on: Option<NaiveDate>,
    /// The list it is registered for.
    pub rating_type: Option<RatingType>,
    /// A hybrid event individually approved by the FIDE QC Chair.
    pub hybrid_approved: Option<bool>,
    /// Approved by the Qualification Commission for standard rating at
    /// 45'+30" or 60'+30".
    pub qc_approved_fast_classic: Option<bool>,
    /// The 1-based line of the row in the CSV file.
    pub line: u64,
}

impl Registration {
    /// The options of one report: the command line's, with what the row
    /// says put over them.
    pub(crate) fn apply(&self, opts: &mut CheckOptions) {
        if self.registered_on.is_some() {
            opts.registered_on = self.registered_on;
        }
        if self.rating_type.is_some() {
            opts.rating_type = self.rating_type;
        }
        if let Some(h) = self.hybrid_approved {
            opts.hybrid_approved = h;
        }
        if let Some(q) = self.qc_approved_fast_classic {
            opts.qc_fast_classic = q;
        }
    }
}

/// The rows of a registrations file, by file and by event.
#[derive(Debug, Clone, Default)]
pub(crate) struct Registrations {
    by_file: HashMap<String, Registration>,
    by_event: HashMap<String, Registration>,
}

/// Why a registrations file cannot be used.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub(crate) enum RegistrationsError {
    /// The file cannot be read, or is not CSV.
    #[error("{0}")]
    Csv(#[from] csv::Error),
    /// A row (or the header) is wrong.
    #[error("line {line}: {message}")]
    Row {
        /// 1-based line in the file.
        line: u64,
        /// What is wrong, and what is expected.
        message: String,
    },
}

impl Registrations {
    /// Reads a registrations file.
    pub(crate) fn read(path: &Path) -> Result<Registrations, RegistrationsError> {
        let rdr = csv::ReaderBuilder::new()
            .trim(csv::Trim::All)
            .from_path(path)?;
        Registrations::from_reader(rdr)
    }

    /// Reads registrations from CSV text (a header row first).
    #[cfg(test)]
    pub(crate) fn parse(text: &str) -> Result<Registrations, RegistrationsError> {
        Registrations::from_bytes(text.as_bytes())
    }

    /// Reads registrations from the bytes of a CSV file (a header row
    /// first): the file an officer gives the local page.
    pub(crate) fn from_bytes(bytes: &[u8]) -> Result<Registrations, RegistrationsError> {
        let rdr = csv::ReaderBuilder::new()
            .trim(csv::Trim::All)
            .from_reader(bytes);
        Registrations::from_reader(rdr)
    }

    fn from_reader<R: std::io::Read>(
        mut rdr: csv::Reader<R>,
    ) -> Result<Registrations, RegistrationsError> {
        let head = rdr.headers()?.clone();
        let col = |name: &str| head.iter().position(|h| h.eq_ignore_ascii_case(name));
        let (file, event) = (col("file"), col("event"));
        let known = [
            "file",
            "event",
            "registered_on",
            "rating_type",
            "hybrid_approved",
            "qc_approved_fast_classic",
        ];
        if let Some(h) = head
            .iter()
            .find(|h| !known.iter().any(|k| h.eq_ignore_ascii_case(k)))
        {
            return Err(RegistrationsError::Row {
                line: 1,
                message: format!("unknown column `{h}` (known: {})", known.join(", ")),
            });
        }
        if file.is_none() && event.is_none() {
            return Err(RegistrationsError::Row {
                line: 1,
                message: "the header needs a `file` or an `event` column".into(),
            });
        }
        let Some(on) = col("registered_on") else {
            return Err(RegistrationsError::Row {
                line: 1,
                message: "the header needs a `registered_on` column".into(),
            });
        };
        let (kind, hybrid, qc) = (
            col("rating_type"),
            col("hybrid_approved"),
            col("qc_approved_fast_classic"),
        );
        let mut out = Registrations::default();
        for rec in rdr.records() {
            let rec = rec?;
            let line = rec.position().map_or(0, |p| p.line());
            let bad = |message: String| RegistrationsError::Row { line, message };
            let cell = |i: Option<usize>| i.and_then(|i| rec.get(i)).filter(|s| !s.is_empty());
            let registered_on = cell(Some(on))
                .map(|s| {
                    NaiveDate::parse_from_str(s, "%Y-%m-%d")
                        .map_err(|_| bad(format!("registered_on `{s}` is not a date (YYYY-MM-DD)")))
                })
                .transpose()?;
            let rating_type = cell(kind)
                .map(|s| {
                    s.parse::<RatingType>().map_err(|_| {
                        bad(format!("rating_type `{s}` is not standard, rapid or blitz"))
                    })
                })
                .transpose()?;
            let flag = |i: Option<usize>, name: &str| {
                cell(i)
                    .map(|s| match s.to_ascii_lowercase().as_str() {
                        "yes" | "true" | "1" | "y" => Ok(true),
                        "no" | "false" | "0" | "n" => Ok(false),
                        _ => Err(bad(format!("{name} `{s}` is not yes or no"))),
                    })
                    .transpose()
            };
            let reg = Registration {
                registered_on,
                rating_type,
                hybrid_approved: flag(hybrid, "hybrid_approved")?,
                qc_approved_fast_classic: flag(qc, "qc_approved_fast_classic")?,
                line,
            };
            let (f, e) = (cell(file), cell(event));
            if f.is_none() && e.is_none() {
                return Err(bad("the row names no file and no event".into()));
            }
            if let Some(f) = f {
                if let Some(prev) = out.by_file.insert(f.to_owned(), reg.clone()) {
                    return Err(bad(format!("file `{f}` is already on line {}", prev.line)));
                }
            }
            if let Some(e) = e.filter(|_| f.is_none()) {
                if let Some(prev) = out.by_event.insert(event_key(e), reg) {
                    return Err(bad(format!("event `{e}` is already on line {}", prev.line)));
                }
            }
        }
        Ok(out)
    }

    /// The row for a report: by the path as given, else its file name,
    /// else its event's name.
    pub(crate) fn find(&self, path: &Path, event: Option<&str>) -> Option<&Registration> {
        let given = path.to_string_lossy();
        self.by_file
            .get(given.as_ref())
            .or_else(|| {
                let name = path.file_name()?.to_string_lossy();
                self.by_file.get(name.as_ref())
            })
            .or_else(|| self.by_event.get(&event_key(event?)))
    }

    /// The options of one report: `base` with the report's row put over
    /// it, and `registration_source` saying which row of `name` (the file
    /// as shown), or that `name` does not name the report and `base`'s
    /// flags apply. The second value tells whether a row was found.
    pub(crate) fn options_for(
        &self,
        base: &CheckOptions,
        path: &Path,
        event: Option<&str>,
        name: &str,
    ) -> (CheckOptions, bool) {
        let mut o = base.clone();
        let found = self.find(path, event);
        o.registration_source = Some(match found {
            Some(r) => {
                r.apply(&mut o);
                format!("line {} of {name}", r.line)
            }
            None => not_named(name),
        });
        (o, found.is_some())
    }
}

/// The words for a report the registrations file `name` does not name.
pub(crate) fn not_named(name: &str) -> String {
    format!("not in {name}: the command-line registration flags apply")
}

fn event_key(e: &str) -> String {
    e.trim().to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_match_by_path_name_and_event() {
        let r = Registrations::parse(
            "file,event,registered_on,rating_type,hybrid_approved\n\
             a/open.trf,,2024-05-01,,\n\
             rapid.trf,,2024-05-02,rapid,yes\n\
             ,Linz June,2024-05-03,,no\n",
        )
        .unwrap();
        let on = |p: &str, e: Option<&str>| r.find(Path::new(p), e).and_then(|x| x.registered_on);
        let d = |s| NaiveDate::parse_from_str(s, "%Y-%m-%d").ok();
        assert_eq!(on("a/open.trf", None), d("2024-05-01"));
        assert_eq!(on("b/open.trf", None), None);
        assert_eq!(on("x/y/rapid.trf", None), d("2024-05-02"));
        assert_eq!(on("z.trf", Some("  linz june ")), d("2024-05-03"));
        let mut o = CheckOptions::default();
        r.find(Path::new("rapid.trf"), None).unwrap().apply(&mut o);
        assert_eq!(o.rating_type, Some(RatingType::Rapid));
        assert!(o.hybrid_approved);
    }

    #[test]
    fn bad_rows_say_where_and_why() {
        for (text, says) in [
            (
                "file,registered_on\na.trf,2024-13-01\n",
                "line 2: registered_on `2024-13-01`",
            ),
            (
                "file,registered_on,rating_type\na.trf,,fast\n",
                "rating_type `fast`",
            ),
            (
                "file,registered_on\na.trf,\na.trf,\n",
                "line 3: file `a.trf` is already on line 2",
            ),
            ("name,registered_on\n", "unknown column `name`"),
            (
                "registered_on\n2024-01-01\n",
                "needs a `file` or an `event`",
            ),
            ("file\na.trf\n", "needs a `registered_on`"),
            (
                "file,registered_on,hybrid_approved\na.trf,,maybe\n",
                "hybrid_approved `maybe`",
            ),
            (
                "file,event,registered_on\n,,2024-01-01\n",
                "names no file and no event",
            ),
            (
                "file,registered_on\na.trf,2024-01-01,extra\n",
                "found record with 3 fields",
            ),
        ] {
            let e = Registrations::parse(text).unwrap_err().to_string();
            assert!(e.contains(says), "{text:?}: {e}");
        }
    }
}
