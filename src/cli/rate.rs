//! `trf rate PATH... [--format human|json|csv] [--what-if] [--k FIDE_ID=K]...`
//! with the rule options of `trf check`: files and folders, each report
//! rated on its own (with the findings across reports added to its
//! verdict when there are several).
//!
//! The checks run first and their verdict is printed first; the figures
//! obey it (see [`crate::rating::rate_checked`]). Exit status as `trf
//! check`: 0 ready, 1 otherwise, 2 usage error or unreadable file.

use super::check::{options_for, read_list, search_list_for, RuleArgs};
use super::files::{self, Inputs};
use super::terminal::escape;
use super::{fail, out, ReadArgs, EXIT_ERRORS, EXIT_OK, EXIT_USAGE};
use crate::diag::Verdict;
use crate::rating::{rate_checked, CheckedRating};
use crate::ratinglist::ListLookup;
use crate::render::human::verdict_block;
use crate::render::rating::{render_csv_files, render_human, RatedFile};
use crate::rules::registrations::Registrations;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// Reports and folders of reports (`-` for standard input).
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = RateFormat::Human)]
    format: RateFormat,
    #[command(flatten)]
    rules: RuleArgs,
    /// Compute the figures of an event FIDE will not rate, every one
    /// marked hypothetical.
    #[arg(long)]
    what_if: bool,
    /// Use K for the player with this FIDE ID (before the K × n ≤ 700 cap); repeatable.
    #[arg(long = "k", value_name = "FIDE_ID=K", value_parser = parse_k)]
    k: Vec<(u64, u8)>,
    /// Rate with this FIDE rating list (TXT, XML or zip; an index built by
    /// `trf list index` is used): when it is the list in force at the start
    /// (its month from its header or file name; a list whose month nothing
    /// tells is taken to be it, and said), Ro and the opponents' ratings are
    /// its ratings and K its published K. Players are cross-checked against
    /// it as `trf check` does.
    #[arg(long, value_name = "FILE")]
    rating_list: Option<PathBuf>,
    #[command(flatten)]
    read: ReadArgs,
}

/// Output formats of `trf rate`.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RateFormat {
    /// An aligned report for people.
    Human,
    /// The rating summary as one JSON object (one a line, with its
    /// `file`, for several reports).
    Json,
    /// One row per player, with its report's `file` and `tournament`.
    Csv,
}

/// `4600010=20` → (4600010, 20).
pub(crate) fn parse_k(s: &str) -> Result<(u64, u8), String> {
    let (id, k) = s
        .split_once('=')
        .ok_or_else(|| format!("`{s}`: expected FIDE_ID=K, e.g. 4600010=20"))?;
    let id: u64 = id
        .trim()
        .parse()
        .map_err(|_| format!("`{id}` is not a FIDE ID"))?;
    let k: u8 = k
        .trim()
        .parse()
        .ok()
        .filter(|k| (1..=100).contains(k))
        .ok_or_else(|| format!("`{k}` is not a K factor (1 to 100)"))?;
    if id == 0 {
        return Err("FIDE ID 0 means no ID".to_owned());
    }
    Ok((id, k))
}

pub(crate) fn run(a: Args) -> u8 {
    let files = match inputs(&a.paths) {
        Ok(f) => f,
        Err(code) => return code,
    };
    let Batch {
        names,
        parsed,
        rated,
        ..
    } = match rate_files(&files, &a.rules, a.rating_list.as_deref(), &a.read, |o| {
        o.k_overrides = a.k.iter().copied().collect::<HashMap<u64, u8>>();
        o.what_if = a.what_if;
    }) {
        Ok(b) => b,
        Err(code) => return code,
    };
    let several = files.len() > 1;
    match a.format {
        RateFormat::Human => {
            for ((name, p), r) in names.iter().zip(&parsed).zip(&rated) {
                if several {
                    out("\n");
                }
                // A report's control characters are shown escaped, never
                // sent to the terminal.
                out(&escape(&verdict_block(name, p, &r.report)));
                out("\n");
                out(&escape(&render_human(&r.summary)));
            }
        }
        RateFormat::Json if !several => {
            super::output::out_json(&crate::render::json::rating(&rated[0].summary));
            out("
");
        }
        RateFormat::Json => {
            for (name, r) in names.iter().zip(&rated) {
                let mut v = serde_json::to_value(&r.summary).unwrap_or_default();
                if let Some(o) = v.as_object_mut() {
                    o.insert("file".into(), name.as_str().into());
                }
                super::output::out_json(&v.to_string());
                out("\n");
            }
        }
        RateFormat::Csv => {
            let tables: Vec<RatedFile<'_>> = names
                .iter()
                .zip(&parsed)
                .zip(&rated)
                .map(|((name, p), r)| RatedFile::of(name, p, &r.summary))
                .collect();
            out(&render_csv_files(&tables));
        }
    }
    if rated.iter().all(|r| r.report.verdict == Verdict::Ready) {
        EXIT_OK
    } else {
        EXIT_ERRORS
    }
}

/// The JSON `trf rate --format json` prints for the one report of `a`
/// (`contents` read instead of `-`), for [`super::embed`]: the same
/// reading, rating list search, options and pass as [`rate_files`].
/// `--registrations` is refused: each call gives its report's own facts.
pub(crate) fn json(
    a: Args,
    contents: Option<Vec<u8>>,
    warnings: &mut Vec<String>,
) -> Result<String, String> {
    let path = super::embed::one_path(&a.paths, &a.rules, contents.is_some())?;
    let parsed = [super::read_given(path, contents, &a.read.options())?];
    let list = search_list_for(a.rating_list.as_deref(), &[&parsed[0]], warnings)?;
    let names = [files::shown(path)];
    let rated = rate_parsed(&a.paths, &names, &parsed, &a.rules, None, list, |o| {
        o.k_overrides = a.k.iter().copied().collect();
        o.what_if = a.what_if;
    });
    Ok(rated
        .first()
        .map(|r| serde_json::to_string(&r.summary).unwrap_or_default())
        .unwrap_or_default())
}

/// The reports named by `paths` (files and folders), with what was
/// skipped or missing said on stderr; `Err` with the exit status when
/// something is missing or nothing was found.
pub(crate) fn inputs(paths: &[PathBuf]) -> Result<Vec<PathBuf>, u8> {
    let found = files::expand(paths);
    files::announce(&found);
    let Inputs { files, missing, .. } = found;
    if !missing.is_empty() || files.is_empty() {
        if files.is_empty() && missing.is_empty() {
            eprintln!("trf: no TRF file found");
        }
        return Err(EXIT_USAGE);
    }
    Ok(files)
}

/// Reports read, checked and rated together.
pub(crate) struct Batch {
    /// The names messages give them.
    pub(crate) names: Vec<String>,
    /// As read.
    pub(crate) parsed: Vec<crate::Parsed>,
    /// Checked (findings across reports included) and rated.
    pub(crate) rated: Vec<CheckedRating>,
    /// The rating list's entries for the players of every report.
    pub(crate) list: Option<Arc<crate::ratinglist::ListLookup>>,
}

/// Reads every report, searches the rating list once for all, and checks
/// and rates each with its own registration facts (`tune` sets the rating
/// options the command adds); `Err` with the exit status of a failure,
/// said on stderr.
pub(crate) fn rate_files(
    files: &[PathBuf],
    rules: &RuleArgs,
    rating_list: Option<&std::path::Path>,
    read: &ReadArgs,
    tune: impl Fn(&mut crate::rating::RateOptions),
) -> Result<Batch, u8> {
    let regs = rules.registrations().map_err(|()| EXIT_USAGE)?;
    let read = read.options();
    let mut parsed = Vec::with_capacity(files.len());
    for f in files {
        parsed.push(super::read_report(f, &read).map_err(|e| fail(f, &e))?);
    }
    let list = match rating_list {
        None => None,
        Some(path) => {
            let ids: Vec<u64> = parsed
                .iter()
                .flat_map(|p| crate::ratinglist::ListLookup::ids_of(&p.tournament))
                .collect();
            Some(Arc::new(read_list(path, &ids).ok_or(EXIT_USAGE)?))
        }
    };
    let names: Vec<String> = files.iter().map(|f| files::shown(f)).collect();
    let rated = rate_parsed(
        files,
        &names,
        &parsed,
        rules,
        regs.as_ref(),
        list.clone(),
        tune,
    );
    Ok(Batch {
        names,
        parsed,
        rated,
        list,
    })
}

/// Checks and rates reports already read from `files` (`names` as the
/// output names them) with the rule options, the registration facts and
/// the rating list searched for them; `tune` sets the rating options the
/// caller adds. With several reports, the findings across them join each
/// verdict.
pub(crate) fn rate_parsed(
    files: &[PathBuf],
    names: &[String],
    parsed: &[crate::Parsed],
    rules: &RuleArgs,
    regs: Option<&Registrations>,
    list: Option<Arc<ListLookup>>,
    tune: impl Fn(&mut crate::rating::RateOptions),
) -> Vec<CheckedRating> {
    let mut check = rules.options(crate::rules::CheckOptions::default().max_per_rule);
    check.rating_list = list.clone();
    let mut opts = crate::rating::RateOptions {
        list_facts: list.as_ref().map(|l| crate::rating::ListFacts {
            name: l.name.clone(),
            period: l.period,
            kind: l.meta.kind,
        }),
        list: list.as_ref().map(|l| l.to_map()),
        ..Default::default()
    };
    // A list of a known month rates the rounds of a long event dated
    // under it with its ratings (as a rating period does): the games of
    // each row are kept for that.
    let month = list.as_ref().and_then(|l| l.period.map(|m| (l, m)));
    opts.keep_counted = month.is_some();
    tune(&mut opts);
    let mut rated: Vec<CheckedRating> = files
        .iter()
        .zip(parsed)
        .zip(names)
        .map(|((f, p), name)| {
            let mine = options_for(&check, regs, f, p, rules.registrations.as_deref());
            let mut r = rate_checked(p, &mine, &opts);
            if let Some((l, m)) = month {
                crate::rating::period::long_event_in_rate(name, p, &mut r, l, m);
            }
            r
        })
        .collect();
    // The findings across reports never change the figures: none blocks.
    crate::check::add_across_all(
        names,
        parsed,
        rated.iter_mut().map(|r| &mut r.report),
        &check,
    );
    rated
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn k_overrides_parse() {
        assert_eq!(parse_k("4600010=20"), Ok((4600010, 20)));
        assert_eq!(parse_k(" 12 = 40 "), Ok((12, 40)));
        assert!(parse_k("4600010").is_err());
        assert!(parse_k("x=20").is_err());
        assert!(parse_k("12=0").is_err());
        assert!(parse_k("12=300").is_err());
        assert!(parse_k("0=20").is_err());
    }
}
