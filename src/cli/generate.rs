//! `trf generate --players N --rounds R [--seed S] [-o OUT]`: a consistent
//! synthetic report, for benchmarks and tests.

use super::{fail, out, EXIT_OK, EXIT_USAGE};
use std::path::PathBuf;
use trfkit::generate::{generate, GenOptions};

#[derive(clap::Args, Debug)]
pub struct Args {
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
    /// Write here instead of standard output.
    #[arg(short = 'o', long = "output", value_name = "OUT")]
    output: Option<PathBuf>,
}

pub fn run(a: Args) -> u8 {
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
                trfkit::write::atomic::write(p, trfkit::write::atomic::Existing::Replace, |w| {
                    w.write_all(text.as_bytes())
                })
            {
                return fail(p, &e);
            }
        }
    }
    EXIT_OK
}
