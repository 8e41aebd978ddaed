//! `trf generate --players N --rounds R [--seed S] [-o OUT]`: a consistent
//! synthetic report, for benchmarks and tests; `trf generate --month
//! YYYY-MM --reports N -o DIR [--list FILE]`: a federation's month of
//! reports drawn from one synthetic rating list (shared players), and that
//! list.

use super::{fail, out, EXIT_OK, EXIT_USAGE};
use crate::generate::{generate, month_report, GenOptions, MonthOptions};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// Number of players (1-9999).
    #[arg(long, default_value_t = 150)]
    players: u16,
    /// Number of rounds (1-99).
    #[arg(long, default_value_t = 9)]
    rounds: u16,
    /// Seed: the same options give the same report.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Date of round 1, YYYY-MM-DD (1970-2069).
    #[arg(long, value_name = "DATE")]
    start_date: Option<chrono::NaiveDate>,
    /// Share of rated players, 0 to 1.
    #[arg(long, default_value_t = 0.8)]
    rated_fraction: f64,
    /// No half-point or zero-point byes.
    #[arg(long)]
    no_byes: bool,
    /// No forfeits.
    #[arg(long)]
    no_forfeits: bool,
    /// Give some players names with diacritics (Windows-1252 letters, written as UTF-8).
    #[arg(long)]
    diacritics: bool,
    /// End lines with CR LF.
    #[arg(long)]
    crlf: bool,
    /// Write here instead of standard output (with --month: the folder).
    #[arg(short = 'o', long = "output", value_name = "OUT")]
    output: Option<PathBuf>,
    /// Generate a month of reports starting on the first of this month
    /// (YYYY-MM), drawn from the synthetic rating list, into the folder -o.
    #[arg(long, value_name = "YYYY-MM", value_parser = parse_month)]
    month: Option<chrono::NaiveDate>,
    /// With --month: how many reports.
    #[arg(long, default_value_t = 5000)]
    reports: usize,
    /// With --month: fewest players in a report.
    #[arg(long, default_value_t = 40)]
    min_players: u16,
    /// With --month: most players in a report.
    #[arg(long, default_value_t = 300)]
    max_players: u16,
    /// With --month: players in the synthetic list (default: a full list,
    /// 1,932,867).
    #[arg(long)]
    list_players: Option<u64>,
    /// With --month: players of the list who play that month (default:
    /// half the appearances, so each plays about two events, and room to
    /// keep every player to one event a day).
    #[arg(long)]
    pool: Option<u64>,
    /// With --month: let players play two events on the same day (by
    /// default no player does).
    #[arg(long)]
    simultaneous: bool,
    /// With --month: also write the synthetic standard list (combined TXT
    /// layout) the reports are drawn from, here.
    #[arg(long, value_name = "FILE")]
    list: Option<PathBuf>,
}

/// `2026-03` → 2026-03-01.
fn parse_month(s: &str) -> Result<chrono::NaiveDate, String> {
    chrono::NaiveDate::parse_from_str(&format!("{s}-01"), "%Y-%m-%d")
        .map_err(|_| format!("`{s}` is not a month (YYYY-MM)"))
}

pub(crate) fn run(a: Args) -> u8 {
    if let Some(first_day) = a.month {
        return month(&a, first_day);
    }
    let mut opts = GenOptions::new(a.players, a.rounds, a.seed);
    if let Some(d) = a.start_date {
        opts.start_date = d;
    }
    opts.rated_fraction = a.rated_fraction;
    opts.with_byes = !a.no_byes;
    opts.with_forfeits = !a.no_forfeits;
    opts.diacritics = a.diacritics;
    opts.crlf = a.crlf;
    let text = match generate(&opts) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("trf: {e}");
            return EXIT_USAGE;
        }
    };
    match &a.output {
        None => out(&text),
        Some(p) => {
            // Atomic, like every file `trf` writes: a failed write leaves
            // what was there.
            if let Err(e) =
                crate::write::atomic::write(p, crate::write::atomic::Existing::Replace, |w| {
                    w.write_all(text.as_bytes())
                })
            {
                return fail(p, &e);
            }
        }
    }
    EXIT_OK
}

/// `--month`: every report into the folder `-o`, and the list with `--list`.
fn month(a: &Args, first_day: chrono::NaiveDate) -> u8 {
    use rayon::prelude::*;
    let Some(dir) = &a.output else {
        eprintln!("trf: --month needs -o DIR, the folder for the reports");
        return EXIT_USAGE;
    };
    let mut m = MonthOptions::new(a.reports, first_day, a.seed);
    m.min_players = a.min_players;
    m.max_players = a.max_players;
    if let Some(n) = a.list_players {
        m.list_players = n;
    }
    m.simultaneous = a.simultaneous;
    m.pool = a.pool.unwrap_or_else(|| m.default_pool());
    if m.min_players < 2 || m.max_players < m.min_players || m.max_players > 9999 {
        eprintln!("trf: players per report: 2 <= --min-players <= --max-players <= 9999");
        return EXIT_USAGE;
    }
    if m.list_players < u64::from(m.max_players) * 3 {
        eprintln!("trf: --list-players must be at least 3 x --max-players");
        return EXIT_USAGE;
    }
    if let Err(e) = std::fs::create_dir_all(dir) {
        return fail(dir, &e);
    }
    let written: Result<u64, u8> = (0..m.reports)
        .into_par_iter()
        .map(|k| {
            let (name, text) = month_report(&m, k).map_err(|e| {
                eprintln!("trf: {e}");
                EXIT_USAGE
            })?;
            let path = dir.join(name);
            crate::write::atomic::write(&path, crate::write::atomic::Existing::Replace, |w| {
                w.write_all(text.as_bytes())
            })
            .map_err(|e| fail(&path, &e))?;
            Ok(text.len() as u64)
        })
        .sum();
    let bytes = match written {
        Ok(b) => b,
        Err(code) => return code,
    };
    eprintln!(
        "trf: {} reports, {bytes} bytes in {}",
        m.reports,
        dir.display()
    );
    if let Some(list) = &a.list {
        let players = m.list_players;
        let r = crate::write::atomic::write(list, crate::write::atomic::Existing::Replace, |w| {
            crate::ratinglist::synth::write_synthetic_combined(w, players).map(|_| ())
        });
        if let Err(e) = r {
            return fail(list, &e);
        }
        eprintln!("trf: the list of {players} players in {}", list.display());
    }
    EXIT_OK
}
