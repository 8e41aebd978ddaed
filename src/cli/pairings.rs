//! `trf pairings FILE... [--system dutch] [--format human|json]`: each
//! round of a Swiss report re-paired with the FIDE (Dutch) system from the
//! report's own rounds before it (`trfkit::pairings::check_pairings`), and
//! where the report's pairing differs, the checker's beside it with the
//! first criterion that decides. Exit 0 when every round agrees, 1 when
//! some differ, 2 when a report cannot be re-paired (said why) or read.

use super::files;
use super::{fail, out, read_report, ReadArgs, EXIT_ERRORS, EXIT_OK, EXIT_USAGE};
use crate::pairings::{check_pairings, PairingsCheck};
use clap::ValueEnum;
use std::path::PathBuf;

/// The pairing systems `trf pairings` knows.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum System {
    /// The FIDE (Dutch) system (C.04.3).
    Dutch,
}

/// The output formats of `trf pairings`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Format {
    /// Per round: agrees, or the checker's pairings beside the report's.
    Human,
    /// One object per file: `{"file", "system", "edition", "rounds":
    /// [{"round", "same", "differences": [{"checker", "tournament"}],
    /// "criterion"?, "note"?}], "notes"}`, or `{"file", "system", "error"}`.
    Json,
}

/// `trf pairings`'s arguments.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The reports.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// The pairing system to re-pair with.
    #[arg(long, value_enum, default_value_t = System::Dutch)]
    system: System,
    /// How to print.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
    #[command(flatten)]
    read: ReadArgs,
}

/// The JSON `trf pairings --format json` prints for one report (path or
/// contents): the re-paired rounds, or `{"file", "system", "error"}` when
/// the report cannot be re-paired. `Err` when it cannot be read, or when
/// several files are given.
pub(crate) fn json(a: Args, contents: Option<Vec<u8>>) -> Result<String, String> {
    let [file] = a.files.as_slice() else {
        return Err("pairings() takes one report".to_owned());
    };
    let parsed = super::read_given(file, contents, &a.read.options())?;
    let shown = files::shown(file);
    let v = match check_pairings(&parsed.tournament) {
        Ok(c) => {
            let mut v = serde_json::to_value(&c).unwrap_or_default();
            if let Some(o) = v.as_object_mut() {
                o.insert("file".to_owned(), shown.into());
            }
            v
        }
        Err(e) => serde_json::json!({"file": shown, "system": "dutch", "error": e.to_string()}),
    };
    Ok(serde_json::to_string(&v).unwrap_or_default())
}

pub(crate) fn run(a: Args) -> u8 {
    let mut status = EXIT_OK;
    let many = a.files.len() > 1;
    for file in &a.files {
        let shown = files::shown(file);
        let parsed = match read_report(file, &a.read.options()) {
            Ok(p) => p,
            Err(e) => {
                status = status.max(fail(file, &e));
                continue;
            }
        };
        match check_pairings(&parsed.tournament) {
            Ok(c) => {
                if !c.all_same() {
                    status = status.max(EXIT_ERRORS);
                }
                match a.format {
                    Format::Human => out(&human(&shown, &c, many)),
                    Format::Json => {
                        let mut v = serde_json::to_value(&c).unwrap_or_default();
                        if let Some(o) = v.as_object_mut() {
                            o.insert("file".to_owned(), shown.clone().into());
                        }
                        out(&format!("{}\n", json_line(&v, many)));
                    }
                }
            }
            Err(e) => {
                status = EXIT_USAGE;
                match a.format {
                    Format::Human => eprintln!("trf: {shown}: not re-paired: {e}"),
                    Format::Json => {
                        let v = serde_json::json!({"file": shown, "system": "dutch", "error": e.to_string()});
                        out(&format!("{}\n", json_line(&v, many)));
                    }
                }
            }
        }
    }
    status
}

/// One object per line with several files, pretty with one.
fn json_line(v: &serde_json::Value, many: bool) -> String {
    if many {
        serde_json::to_string(v).unwrap_or_default()
    } else {
        serde_json::to_string_pretty(v).unwrap_or_default()
    }
}

/// The human report of one file.
fn human(file: &str, c: &PairingsCheck, many: bool) -> String {
    let mut s = String::new();
    if many {
        s.push_str(&format!("{file}\n"));
    }
    s.push_str(&format!("Re-paired with the {}.\n", c.edition));
    for n in &c.notes {
        s.push_str(&format!("  note: {n}\n"));
    }
    for r in &c.rounds {
        if r.same {
            s.push_str(&format!("Round {}: as the checker pairs it\n", r.round));
            continue;
        }
        if let Some(note) = &r.note {
            s.push_str(&format!("Round {}: {note}\n", r.round));
            continue;
        }
        s.push_str(&format!("Round {}: differs (to review)\n", r.round));
        if let Some(c) = &r.criterion {
            s.push_str(&format!("  deciding: {c}\n"));
        }
        s.push_str(&format!("  {:<22} {}\n", "checker", "tournament"));
        for d in &r.differences {
            let t: Vec<String> = d.tournament.iter().map(ToString::to_string).collect();
            s.push_str(&format!(
                "  {:<22} {}\n",
                d.checker.to_string(),
                t.join(", ")
            ));
        }
    }
    let differ = c.rounds.iter().filter(|r| !r.same).count();
    s.push_str(&if differ == 0 {
        format!("Every round ({}) is as the checker pairs it.\n", c.rounds.len())
    } else {
        format!("{differ} of {} rounds differ from the checker's pairing: for the arbiter to review (FIDE's rating does not depend on it).\n", c.rounds.len())
    });
    s
}
