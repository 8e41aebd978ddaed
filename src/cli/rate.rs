//! `trf rate FILE [--format human|json|csv] [--regulations V] [--k FIDE_ID=K]...`.

use super::{fail, out, ReadArgs, EXIT_OK};
use std::collections::HashMap;
use std::path::PathBuf;
use trfkit::rate::{rate, render_csv, render_human, RateOptions};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The report (`-` for standard input).
    file: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value_t = RateFormat::Human)]
    format: RateFormat,
    /// Apply this edition of the FIDE Rating Regulations (2003, 2005, 2009,
    /// 2013, 2014, 2017, 2022, 2024) instead of the one in force at the start date.
    #[arg(long, value_name = "VERSION")]
    regulations: Option<trfkit::regulations::Version>,
    /// Use K for the player with this FIDE ID (before the K × n ≤ 700 cap); repeatable.
    #[arg(long = "k", value_name = "FIDE_ID=K", value_parser = parse_k)]
    k: Vec<(u64, u8)>,
    /// Take K (and the game count the K rules need) from this FIDE rating
    /// list (TXT, XML or zip; an index built by `trf list index` is used).
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
fn parse_k(s: &str) -> Result<(u64, u8), String> {
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
                trfkit::rules::list::ListLookup::ids_of(&parsed.tournament).collect();
            match trfkit::rules::list::ListLookup::read(path, &ids) {
                Ok(l) => {
                    if let Some(why) = &l.index_problem {
                        eprintln!("trf: rating list index not used, list scanned instead: {why}");
                    }
                    Some(l.found.clone())
                }
                Err(e) => {
                    eprintln!("trf: rating list: {e}");
                    return super::EXIT_USAGE;
                }
            }
        }
    };
    let opts = RateOptions {
        regulations: a.regulations,
        k_overrides: a.k.iter().copied().collect::<HashMap<u64, u8>>(),
        list,
    };
    let summary = rate(&parsed.tournament, &opts);
    let errors = parsed
        .diagnostics
        .iter()
        .filter(|d| d.severity == trfkit::Severity::Error)
        .count();
    if errors > 0 {
        eprintln!(
            "trf: {}: the reader found {errors} error(s); the figures may be incomplete (run `trf check`)",
            a.file.display()
        );
    }
    match a.format {
        RateFormat::Human => out(&super::terminal::escape(&render_human(&summary))),
        RateFormat::Json => {
            out(&serde_json::to_string_pretty(&summary).unwrap_or_default());
            out("\n");
        }
        RateFormat::Csv => out(&render_csv(&summary)),
    }
    EXIT_OK
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
