//! `trf report PATH... [--rating-list LIST] [-o OUT] [--force]`: the HTML
//! report, written beside the input (`NAME.report.html`) or to `-o`. With
//! several reports (or a folder), `-o DIR` receives one report per input
//! and `index.html`, the verdicts of all linking to each report.
//!
//! Nothing is overwritten without `--force`, and the file appears whole
//! or not at all: it is written to a temporary file in the same folder
//! and renamed into place.

use super::check::{options_for, read_list, RuleArgs};
use super::files;
use super::output::{stage_page, write_page};
use super::rate::{rate_files, Batch};
use super::{fail, ReadArgs, EXIT_OK, EXIT_USAGE};
use crate::rating::{rate_checked, CheckedRating};
use crate::ratinglist::ListLookup;
use crate::render::html::{report_with_list, url_segment, Overview, OverviewEntry, ReportInput};
use crate::rules::CheckOptions;
use crate::write::atomic::{Named, Set};
use std::path::{Path, PathBuf};
use std::sync::Arc;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The report, or several reports and folders (then `-o DIR`).
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Cross-check players against this FIDE rating list (TXT, XML or zip)
    /// and take K from it.
    #[arg(long, value_name = "FILE")]
    rating_list: Option<PathBuf>,
    /// Write here (default: NAME.report.html beside the input); with
    /// several reports, the folder to write them and `index.html` in.
    #[arg(short = 'o', long = "output", value_name = "OUT")]
    output: Option<PathBuf>,
    /// Replace the output file when it exists.
    #[arg(long)]
    force: bool,
    /// Print, instead of writing the HTML report, a letter for the arbiter:
    /// what to change, by record, player and round, in plain words ready to
    /// paste into an e-mail (one report).
    #[arg(long, conflicts_with_all = ["output", "force"])]
    letter: bool,
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

pub(crate) fn run(a: Args) -> u8 {
    let one_file =
        a.paths.len() == 1 && !a.paths[0].is_dir() && !super::archive::is_archive(&a.paths[0]);
    if !one_file && a.letter {
        eprintln!("trf: --letter takes exactly one report");
        return EXIT_USAGE;
    }
    if !one_file {
        return many(a);
    }
    let file = a.paths[0].clone();
    // `-o` is named by the user (`-` is standard output, as is the report of
    // standard input without `-o`); `NAME.report.html` is derived, and a
    // link planted there is not followed.
    let (dest, named) = match &a.output {
        Some(o) => (o.clone(), Named::ByUser),
        None if file.as_os_str() == "-" => (PathBuf::from("-"), Named::ByUser),
        None => (beside(&file), Named::Derived),
    };
    // Refuse before the work, and again (race-free) at the rename.
    if !a.force && !a.letter && super::output::taken(&dest) {
        eprintln!(
            "trf: {} exists; choose another name with -o, or replace it with --force",
            files::shown(&dest)
        );
        return EXIT_USAGE;
    }
    if !a.letter
        && dest.as_os_str() != "-"
        && (dest == file || super::output::same_file(&dest, &file))
    {
        eprintln!("trf: refusing to write the report over its input");
        return EXIT_USAGE;
    }
    let Ok(regs) = a.rules.registrations() else {
        return EXIT_USAGE;
    };
    // A file that does not look like a TRF (prose, a PDF, a spreadsheet)
    // gets the words of `trf check` and no report with a verdict.
    let parsed = match super::read_report(&file, &a.read.options()) {
        Ok(p) => p,
        Err(e) => return fail(&file, &e),
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
    let opts = options_for(
        &opts,
        regs.as_ref(),
        &file,
        &parsed,
        a.rules.registrations.as_deref(),
    );
    let rate_opts = crate::rating::RateOptions {
        list: list.as_ref().map(|l| l.to_map()),
        ..Default::default()
    };
    let CheckedRating {
        report: check,
        summary: rating,
    } = rate_checked(&parsed, &opts, &rate_opts);
    let name = file.display().to_string();
    if a.letter {
        let text = crate::render::letter::letter(&files::shown(&file), &parsed, &check);
        super::out(&super::terminal::escape(&text));
        return EXIT_OK;
    }
    let html = report_with_list(
        &ReportInput {
            file: &name,
            parsed: &parsed,
            check: &check,
            rating: &rating,
        },
        list,
        chrono::Utc::now(),
    );
    if let Err(code) = write_page(&dest, named, a.force, &html, "another name") {
        return code;
    }
    let line = format!(
        "{}: {} ({})",
        files::shown(&dest),
        check.verdict.words(),
        check.verdict.as_str()
    );
    // The page went to standard output: the verdict goes beside it.
    if dest.as_os_str() == "-" {
        eprintln!("{line}");
    } else {
        println!("{line}");
    }
    EXIT_OK
}

/// Several reports: one HTML report each in `-o DIR`, and `index.html`.
fn many(a: Args) -> u8 {
    let Some(dir) = a.output.clone() else {
        eprintln!("trf: several reports need -o DIR (the folder for their reports and index.html)");
        return EXIT_USAGE;
    };
    if dir.exists() && !dir.is_dir() {
        eprintln!(
            "trf: {} is not a folder; -o names a folder when there are several reports",
            files::shown(&dir)
        );
        return EXIT_USAGE;
    }
    let inputs = match super::rate::inputs(&a.paths) {
        Ok(f) => f,
        Err(code) => return code,
    };
    // Every destination is decided, and refused if taken, before any work
    // and before anything is written.
    let mut taken: std::collections::HashSet<String> = std::collections::HashSet::new();
    taken.insert("index.html".to_owned());
    let dests: Vec<PathBuf> = inputs
        .iter()
        .map(|f| {
            let stem = f
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_else(|| "report".to_owned());
            let mut name = format!("{stem}.report.html");
            let mut k = 2;
            while !taken.insert(name.clone()) {
                name = format!("{stem}-{k}.report.html");
                k += 1;
            }
            dir.join(name)
        })
        .collect();
    let index = dir.join("index.html");
    // The inputs by device and inode, once: each destination is one look-up
    // (not one comparison per input, which made 4,000 files quadratic).
    let input_ids = super::output::file_ids(&inputs);
    for d in dests.iter().chain([&index]) {
        if !a.force && super::output::taken(d) {
            eprintln!(
                "trf: {} exists; choose another folder with -o, or replace it with --force",
                files::shown(d)
            );
            return EXIT_USAGE;
        }
        if super::output::file_id(d).is_some_and(|id| input_ids.contains(&id)) {
            eprintln!("trf: refusing to write a report over its input");
            return EXIT_USAGE;
        }
    }
    let Batch {
        names,
        parsed,
        rated,
        list,
    } = match rate_files(&inputs, &a.rules, a.rating_list.as_deref(), &a.read, |_| {}) {
        Ok(b) => b,
        Err(code) => return code,
    };
    if let Err(e) = std::fs::create_dir_all(&dir) {
        return fail(&dir, &e);
    }
    // Every page and the index are written all or nothing: a full disk
    // leaves no partial folder of reports.
    let mut set = Set::new();
    let mut entries = Vec::with_capacity(inputs.len());
    for (((name, p), r), dest) in names.iter().zip(&parsed).zip(&rated).zip(&dests) {
        let html = report_with_list(
            &ReportInput {
                file: name,
                parsed: p,
                check: &r.report,
                rating: &r.summary,
            },
            list.clone(),
            chrono::Utc::now(),
        );
        if let Err(e) = stage_page(
            &mut set,
            dest,
            Named::Derived,
            a.force,
            &html,
            "another folder",
        ) {
            return e;
        }
        let href = dest
            .file_name()
            .map(|n| url_segment(&n.to_string_lossy()))
            .unwrap_or_default();
        entries.push(OverviewEntry::of(name, p, &r.report, href));
    }
    let overview = Overview::new(entries);
    let html = overview.index_html();
    if let Err(e) = stage_page(
        &mut set,
        &index,
        Named::Derived,
        a.force,
        &html,
        "another folder",
    ) {
        return e;
    }
    if let Err(e) = set.commit() {
        return super::output::refused(&dir, &e, "another folder");
    }
    println!(
        "{}: {} reports: {}",
        files::shown(&index),
        overview.count,
        overview.tally
    );
    EXIT_OK
}
