//! `trf report FILE [--rating-list LIST] [-o OUT] [--force]`: the HTML
//! report, written beside the input (`NAME.report.html`) or to `-o`.
//!
//! Nothing is overwritten without `--force`, and the file appears whole
//! or not at all: it is written to a temporary file in the same folder
//! and renamed into place.

use super::check::{read_list, RuleArgs};
use super::{fail, ReadArgs, EXIT_OK, EXIT_USAGE};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use trfkit::rating::{rate_checked, CheckedRating};
use trfkit::ratinglist::ListLookup;
use trfkit::render::html::{report, ReportInput};
use trfkit::rules::CheckOptions;
use trfkit::write::atomic::Existing;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The report.
    file: PathBuf,
    /// Cross-check players against this FIDE rating list (TXT, XML or zip)
    /// and take K from it.
    #[arg(long, value_name = "FILE")]
    rating_list: Option<PathBuf>,
    /// Write here (default: NAME.report.html beside the input).
    #[arg(short = 'o', long = "output", value_name = "OUT")]
    output: Option<PathBuf>,
    /// Replace the output file when it exists.
    #[arg(long)]
    force: bool,
    #[command(flatten)]
    rules: RuleArgs,
    #[command(flatten)]
    read: ReadArgs,
}

/// `x/NAME.trf` → `x/NAME.report.html`.
fn beside(input: &Path) -> PathBuf {
    let stem = input
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "report".to_owned());
    input.with_file_name(format!("{stem}.report.html"))
}

pub fn run(a: Args) -> u8 {
    let dest = a.output.clone().unwrap_or_else(|| beside(&a.file));
    // Refuse before the work, and again (race-free) at the rename.
    if dest.exists() && !a.force {
        eprintln!(
            "trf: {} exists; choose another name with -o, or replace it with --force",
            dest.display()
        );
        return EXIT_USAGE;
    }
    if dest == a.file || super::output::same_file(&dest, &a.file) {
        eprintln!("trf: refusing to write the report over its input");
        return EXIT_USAGE;
    }
    let parsed = match trfkit::read_path(&a.file, &a.read.options()) {
        Ok(p) => p,
        Err(e) => return fail(&a.file, &e),
    };
    let list = match &a.rating_list {
        None => None,
        Some(path) => {
            let ids: Vec<u64> = ListLookup::ids_of(&parsed.tournament).collect();
            match read_list(path, &ids) {
                Some(l) => Some(Arc::new(l)),
                None => return EXIT_USAGE,
            }
        }
    };
    // The same checks and the same rating pass as `trf check` and `trf
    // rate`: the report shows what FIDE would rate, nothing more.
    let mut opts = a.rules.options(CheckOptions::default().max_per_rule);
    opts.rating_list = list.clone();
    let mut rate_opts = a.rules.rate_options();
    rate_opts.list = list.map(|l| l.found.clone());
    let CheckedRating {
        report: check,
        summary: rating,
    } = rate_checked(&parsed, &opts, &rate_opts);
    let name = a.file.display().to_string();
    let html = report(&ReportInput {
        file: &name,
        parsed: &parsed,
        check: &check,
        rating: &rating,
    });
    let existing = if a.force {
        Existing::Replace
    } else {
        Existing::Keep
    };
    match trfkit::write::atomic::write(&dest, existing, |w| w.write_all(html.as_bytes())) {
        Ok(()) => {
            println!(
                "{}: {} ({})",
                dest.display(),
                check.verdict.words(),
                check.verdict.as_str()
            );
            EXIT_OK
        }
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            eprintln!(
                "trf: {} exists; choose another name with -o, or replace it with --force",
                dest.display()
            );
            EXIT_USAGE
        }
        Err(e) => fail(&dest, &e),
    }
}
