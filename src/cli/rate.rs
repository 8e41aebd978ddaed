//! `trf rate FILE [--format human|json|csv] [--what-if] [--k FIDE_ID=K]...`
//! with the rule options of `trf check`.
//!
//! The checks run first and their verdict is printed first; the figures
//! obey it (see [`trfkit::rating::rate_checked`]). Exit status as `trf
//! check`: 0 ready, 1 otherwise, 2 usage error or unreadable file.

use super::check::{read_list, RuleArgs};
use super::{fail, out, ReadArgs, EXIT_ERRORS, EXIT_OK, EXIT_USAGE};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;
use trfkit::diag::Verdict;
use trfkit::rating::{rate_checked, CheckedRating};
use trfkit::render::human::verdict_block;
use trfkit::render::rating::{render_csv, render_human};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The report (`-` for standard input).
    file: PathBuf,
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
pub enum RateFormat {
    /// An aligned report for people.
    Human,
    /// The rating summary as one JSON object.
    Json,
    /// One row per player.
    Csv,
}

/// `4600010=20` → (4600010, 20).
pub(super) fn parse_k(s: &str) -> Result<(u64, u8), String> {
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

pub fn run(a: Args) -> u8 {
    let parsed = match super::read_report(&a.file, &a.read.options()) {
        Ok(p) => p,
        Err(e) => return fail(&a.file, &e),
    };
    let list = match &a.rating_list {
        None => None,
        Some(path) => {
            let ids: Vec<u64> =
                trfkit::ratinglist::ListLookup::ids_of(&parsed.tournament).collect();
            match read_list(path, &ids) {
                Some(l) => Some(Arc::new(l)),
                None => return EXIT_USAGE,
            }
        }
    };
    let mut check = a
        .rules
        .options(trfkit::rules::CheckOptions::default().max_per_rule);
    check.rating_list = list.clone();
    let mut opts = a.rules.rate_options();
    opts.k_overrides = a.k.iter().copied().collect::<HashMap<u64, u8>>();
    opts.list_facts = list.as_ref().map(|l| trfkit::rating::ListFacts {
        name: l.name.clone(),
        period: l.period,
        kind: l.meta.kind,
    });
    opts.list = list.map(|l| l.found.clone());
    opts.what_if = a.what_if;
    let CheckedRating { report, summary } = rate_checked(&parsed, &check, &opts);
    match a.format {
        RateFormat::Human => {
            // A report's control characters are shown escaped, never sent
            // to the terminal.
            let verdict = verdict_block(&super::files::shown(&a.file), &parsed, &report);
            out(&super::terminal::escape(&verdict));
            out("\n");
            out(&super::terminal::escape(&render_human(&summary)));
        }
        RateFormat::Json => {
            out(&serde_json::to_string_pretty(&summary).unwrap_or_default());
            out("\n");
        }
        RateFormat::Csv => out(&render_csv(&summary)),
    }
    match report.verdict {
        Verdict::Ready => EXIT_OK,
        Verdict::FixBeforeUpload | Verdict::NotRateable => EXIT_ERRORS,
    }
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
