//! `trf split --by-period FILE [-o DIR] [--force] [--format human|json]`:
//! a long event's report as one report per rating period, each holding
//! only the rounds that period rates (`trfkit::split_by_period`), written
//! as `NAME.list-YYYY-MM.trf` beside FILE or in DIR, all or none, never
//! over an existing file without `--force`.

use super::files;
use super::output::refused;
use super::{fail, read_report, ReadArgs, EXIT_ERRORS, EXIT_OK};
use crate::rating::period::{split_by_period, PeriodPart, SPLIT_READINGS};
use crate::write::atomic::{Existing, Named, Set};
use crate::write::{write, Target};
use clap::ValueEnum;
use std::path::{Path, PathBuf};

/// The output formats of `trf split`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Format {
    /// A line per part, then the readings used.
    Human,
    /// `{"file", "parts": [{"file", "list", "rounds", "first", "last"}], "readings"}`.
    Json,
}

/// `trf split`'s arguments.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// One report per rating period (the only way to split so far; required).
    #[arg(long, required = true)]
    by_period: bool,
    /// The report of the whole event.
    file: PathBuf,
    /// The folder to write the parts in (default: FILE's folder).
    #[arg(short = 'o', long = "output", value_name = "DIR")]
    output: Option<PathBuf>,
    /// Replace parts that already exist.
    #[arg(long)]
    force: bool,
    /// What to print about the parts written.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
    /// The officer's ledger (`trf period --ledger`): each part's rounds are
    /// checked against those it recorded as rated in an earlier period
    /// (`already-rated`), said with the parts. Nothing is recorded.
    #[arg(long, value_name = "FILE")]
    ledger: Option<PathBuf>,
    #[command(flatten)]
    read: ReadArgs,
}

pub(crate) fn run(a: Args) -> u8 {
    let parsed = match read_report(&a.file, &a.read.options()) {
        Ok(p) => p,
        Err(e) => return fail(&a.file, &e),
    };
    let parts = match split_by_period(&parsed.tournament) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("trf: {}: not split: {e}", files::shown(&a.file));
            return EXIT_ERRORS;
        }
    };
    let seen = match &a.ledger {
        None => None,
        Some(l) => match already_rated(l, &parts, &dests_names(&a, &parts)) {
            Ok(s) => Some(s),
            Err(e) => {
                eprintln!("trf: {}", super::terminal::escape(&e));
                return super::EXIT_USAGE;
            }
        },
    };
    let dir = match &a.output {
        Some(d) => d.clone(),
        None => a
            .file
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .map_or_else(|| PathBuf::from("."), Path::to_path_buf),
    };
    let stem = a
        .file
        .file_stem()
        .map_or_else(|| "report".to_owned(), |s| s.to_string_lossy().into_owned());
    let target = Target::for_dialect(parsed.tournament.dialect.dialect);
    let dests: Vec<PathBuf> = parts
        .iter()
        .map(|p| dir.join(format!("{stem}.list-{}.trf", p.list_key())))
        .collect();
    if let Err(e) = std::fs::create_dir_all(&dir) {
        return fail(&dir, &e);
    }
    // Every part is written, or none: a full disk or a part that exists
    // leaves the folder as it was.
    let existing = if a.force {
        Existing::Force
    } else {
        Existing::Keep
    };
    let mut set = Set::new();
    for (part, dest) in parts.iter().zip(&dests) {
        let text = write(&part.tournament, target);
        if let Err(e) = set.add(dest, existing, Named::Derived, |w| {
            w.write_all(text.as_bytes())
        }) {
            return refused(dest, &e, "another folder");
        }
    }
    if let Err(e) = set.commit() {
        return refused(&dir, &e, "another folder");
    }
    match a.format {
        Format::Human => {
            super::out(&human(&a.file, &parts, &dests));
            for (d, found) in dests.iter().zip(seen.iter().flatten()) {
                if let Some(m) = found {
                    super::out(&super::terminal::escape(&format!(
                        "Warning [already-rated] {}: {m}\n",
                        files::shown(d)
                    )));
                }
            }
        }
        Format::Json => {
            let mut text = json(&a.file, &parts, &dests);
            if let Some(seen) = &seen {
                // Only with --ledger: each part's finding, or null.
                if let Ok(mut v) = serde_json::from_str::<serde_json::Value>(&text) {
                    for (p, m) in v["parts"].as_array_mut().into_iter().flatten().zip(seen) {
                        p["already_rated"] = m.clone().map_or(serde_json::Value::Null, Into::into);
                    }
                    text = format!("{}\n", serde_json::to_string_pretty(&v).unwrap_or_default());
                }
            }
            super::out(&text);
        }
    }
    EXIT_OK
}

/// The names the parts are checked under (their file names).
fn dests_names(a: &Args, parts: &[PeriodPart]) -> Vec<String> {
    let stem = a
        .file
        .file_stem()
        .map_or_else(|| "report".to_owned(), |s| s.to_string_lossy().into_owned());
    parts
        .iter()
        .map(|p| format!("{stem}.list-{}.trf", p.list_key()))
        .collect()
}

/// `already-rated` of each part against the ledger at `path`, in the
/// period of its list: the finding's message, or `None`.
fn already_rated(
    path: &Path,
    parts: &[PeriodPart],
    names: &[String],
) -> Result<Vec<Option<String>>, String> {
    let ledger = super::ledger::store::Ledger::open(path, true)?;
    parts
        .iter()
        .zip(names)
        .map(|(p, name)| {
            let keys = crate::across::ReportKeys::of_tournament(name, &p.tournament, None);
            let marks = super::ledger::ReportMarks::of(&keys);
            Ok(super::ledger::already_rated(&ledger, &marks, &p.list_key())?.map(|d| d.message))
        })
        .collect()
}

/// A part's rounds as `1-2` or `3, 5`.
fn rounds_text(rounds: &[u16]) -> String {
    let contiguous = rounds.windows(2).all(|w| w[1] == w[0] + 1);
    match (rounds.first(), rounds.last()) {
        (Some(a), Some(b)) if a == b => format!("round {a}"),
        (Some(a), Some(b)) if contiguous => format!("rounds {a}-{b}"),
        _ => {
            let all: Vec<String> = rounds.iter().map(u16::to_string).collect();
            format!("rounds {}", all.join(", "))
        }
    }
}

fn human(file: &Path, parts: &[PeriodPart], dests: &[PathBuf]) -> String {
    let mut s = format!(
        "{}: {} part{} by rating period\n",
        files::shown(file),
        parts.len(),
        if parts.len() == 1 { "" } else { "s" }
    );
    for (p, d) in parts.iter().zip(dests) {
        s.push_str(&format!(
            "  {}: {}, played {} to {}, rated on the list of {}\n",
            files::shown(d),
            rounds_text(&p.rounds),
            p.first,
            p.last,
            crate::ratinglist::month_name(p.list)
        ));
    }
    s.push_str("Upload each part in its own period, the earlier first.\n");
    for r in SPLIT_READINGS {
        s.push_str(&format!("Note: {r}\n"));
    }
    s
}

fn json(file: &Path, parts: &[PeriodPart], dests: &[PathBuf]) -> String {
    let parts: Vec<serde_json::Value> = parts
        .iter()
        .zip(dests)
        .map(|(p, d)| {
            serde_json::json!({
                "file": files::shown(d),
                "list": p.list_key(),
                "rounds": p.rounds,
                "first": p.first.to_string(),
                "last": p.last.to_string(),
            })
        })
        .collect();
    let v = serde_json::json!({
        "file": files::shown(file),
        "parts": parts,
        "readings": SPLIT_READINGS,
    });
    format!("{}\n", serde_json::to_string_pretty(&v).unwrap_or_default())
}
