//! The `trf` command line (feature `cli`). Shapes of output (JSON fields,
//! exit codes) are a contract: extend, never rename.
//!
//! [`run`] is the program: the binary runs it on the process's arguments,
//! anything else on any argument list, for embedding `trf` (a Python
//! package's console script, a test harness) without a second executable; [`embed`] gives the JSON of
//! `check`, `rate`, `parse` and `period` as values instead of printing it
//! (the Python module). Everything else here is private: the command line
//! is a thin layer over the library's public API.

mod archive;
mod check;
pub mod embed;
mod explain;
mod files;
mod fmt;
mod generate;
mod launch;
mod ledger;
mod list;
mod norms;
mod output;
mod pairings;
mod parse;
mod period;
mod progress;
mod rate;
mod report;
mod serve;
mod split;
mod terminal;

use crate::{Parsed, ReadError, ReadOptions, TextEncoding};
use clap::{Parser, Subcommand, ValueEnum};
use std::path::Path;
use std::process::ExitCode;

pub(crate) use output::out;

/// Exit status: no errors.
pub(crate) const EXIT_OK: u8 = 0;
/// Exit status: errors found.
pub(crate) const EXIT_ERRORS: u8 = 1;
/// Exit status: usage error or unreadable file.
pub(crate) const EXIT_USAGE: u8 = 2;

/// What `trf --help` says `trf` is.
const ABOUT: &str = "Read, check and rate FIDE Tournament Report Files (TRF16, TRF26)";

#[derive(Parser, Debug)]
#[command(name = "trf", version, about = ABOUT)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Print the model of a report.
    Parse(parse::Args),
    /// Check reports against the TRF format and the FIDE Rating Regulations.
    Check(check::Args),
    /// Write canonical TRF.
    Fmt(fmt::Args),
    /// List every rule.
    Rules(explain::RulesArgs),
    /// Explain one rule.
    Explain(explain::ExplainArgs),
    /// Run FIDE's rating calculation of the tournament's own date.
    Rate(rate::Args),
    /// Rate a federation's month: one change per player and list, over
    /// every report of the rating period, as FIDE publishes it.
    Period(period::Args),
    /// Write an HTML report to open, print or e-mail (NAME.report.html).
    Report(report::Args),
    /// Check reports on a local web page (127.0.0.1 only).
    Serve(serve::Args),
    /// Split a long event's report into one report per rating period
    /// (`--by-period`), each holding only the rounds that period rates.
    Split(split::Args),
    /// Which players made a GM, IM, WGM or WIM norm (FIDE Title Regulations).
    Norms(norms::Args),
    /// Re-pair each round of a Swiss with the FIDE (Dutch) system and list
    /// where the report's pairings differ.
    Pairings(pairings::Args),
    /// What the officer's ledger (`--ledger FILE`) holds: the periods
    /// recorded, a player's, a month's.
    Ledger(ledger::show::Args),
    /// FIDE rating-list utilities (`trf list index FILE`).
    List(list::Args),
    /// Generate a consistent synthetic report (benchmarks, tests).
    Generate(generate::Args),
}

/// Options shared by every command that reads a report.
#[derive(clap::Args, Debug, Clone)]
pub(crate) struct ReadArgs {
    /// Force the encoding (utf-8, windows-1252, iso-8859-1, iso-8859-2) instead of detecting it.
    #[arg(long, value_name = "NAME", value_parser = parse_encoding)]
    pub(crate) encoding: Option<TextEncoding>,
    /// Refuse files over this many bytes.
    #[arg(long, value_name = "BYTES", default_value_t = 64 << 20)]
    pub(crate) max_size: u64,
    /// Refuse lines over this many bytes.
    #[arg(long, value_name = "BYTES", default_value_t = 100_000)]
    pub(crate) max_line: usize,
}

impl Default for ReadArgs {
    /// The options a command line that names none of them gets: clap's
    /// defaults, written once in the attributes above.
    fn default() -> Self {
        let command = <Self as clap::Args>::augment_args(clap::Command::new("trf"));
        let matches = command.get_matches_from(["trf"]);
        <Self as clap::FromArgMatches>::from_arg_matches(&matches)
            .expect("every option of ReadArgs has a default")
    }
}

impl ReadArgs {
    /// The library's options.
    pub(crate) fn options(&self) -> ReadOptions {
        ReadOptions {
            encoding: self.encoding,
            max_file_bytes: self.max_size,
            max_line_bytes: self.max_line,
            ..ReadOptions::default()
        }
    }
}

/// `--encoding NAME` → the encoding, or the message naming the choices.
pub(crate) fn parse_encoding(s: &str) -> Result<TextEncoding, String> {
    TextEncoding::from_name(s).ok_or_else(|| {
        format!("unknown encoding `{s}` (use utf-8, windows-1252, iso-8859-1 or iso-8859-2)")
    })
}

/// Output format.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Format {
    /// For people: miette on a terminal, plain text in a pipe.
    Human,
    /// For programs.
    Json,
}

/// Runs `trf` on `args` and returns its exit status: 0 no errors, 1 errors
/// found, 2 a usage error or an unreadable input.
///
/// `args` is the whole argument vector including the program name, as
/// [`std::env::args_os`] gives it (clap's `parse_from`). Output goes to the
/// process's standard output and error, exactly as the binary's does.
///
/// On Windows, no argument (a double-click in Explorer) or one argument
/// naming an existing report or folder (dropped on `trf.exe`) opens the
/// local page in the browser instead.
///
/// ```no_run
/// let status = trfkit::cli::run(["trf", "check", "--format", "json", "report.trf"]);
/// # let _ = status;
/// ```
pub fn run<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let args: Vec<std::ffi::OsString> = args.into_iter().map(Into::into).collect();
    if let Some(paths) = launch::page_for(&args, cfg!(windows), |p| p.exists()) {
        return ExitCode::from(serve::run(serve::Args::launched(paths)));
    }
    let cli = match Cli::try_parse_from(args) {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { EXIT_USAGE } else { EXIT_OK };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    let code = match cli.command {
        Command::Parse(a) => parse::run(a),
        Command::Check(a) => check::run(a),
        Command::Fmt(a) => fmt::run(a),
        Command::Rules(a) => explain::rules(a),
        Command::Explain(a) => explain::explain(a),
        Command::Rate(a) => rate::run(a),
        Command::Period(a) => period::run(a),
        Command::Report(a) => report::run(a),
        Command::Serve(a) => serve::run(a),
        Command::Split(a) => split::run(a),
        Command::Pairings(a) => pairings::run(a),
        Command::Norms(a) => norms::run(a),
        Command::Ledger(a) => ledger::show::run(a),
        Command::List(a) => list::run(a),
        Command::Generate(a) => generate::run(a),
    };
    ExitCode::from(code)
}

/// Prints a one-line error for an unreadable input.
pub(crate) fn fail(path: &Path, e: &dyn std::fmt::Display) -> u8 {
    eprintln!(
        "trf: {}: {}",
        files::shown(path),
        terminal::escape(&e.to_string())
    );
    EXIT_USAGE
}

/// The bytes of a report: `-` is standard input, a report in a zip archive
/// is read from the archive ([`archive`]). Either way at most `--max-size`
/// bytes are read.
pub(crate) fn read_source(path: &Path, opts: &ReadOptions) -> Result<Vec<u8>, ReadError> {
    if path.as_os_str() == "-" {
        crate::read::read_limited(std::io::stdin().lock(), opts.max_file_bytes)
    } else if let Some(member) = archive::read(path, opts) {
        member
    } else {
        crate::read::read_source(path, opts)
    }
}

/// Reads and parses a report (`-` is standard input). A file that does not
/// look like a TRF (prose, a PDF, a spreadsheet) is refused with the words
/// the folder walk uses when it skips one, and gets no verdict.
pub(crate) fn read_report(path: &Path, opts: &ReadOptions) -> Result<Parsed, ReadError> {
    parse_report(read_source(path, opts)?, opts)
}

/// Reads a report as the command reads a file named on its command line
/// (a file that does not look like a TRF is refused), or parses the
/// contents given for `-`; `Err` is the command's message (without the
/// name `-` for contents).
pub(crate) fn read_given(
    path: &Path,
    contents: Option<Vec<u8>>,
    opts: &ReadOptions,
) -> Result<Parsed, String> {
    match contents {
        Some(bytes) => parse_report(bytes, opts).map_err(|e| e.to_string()),
        None => read_report(path, opts).map_err(|e| format!("{}: {e}", files::shown(path))),
    }
}

/// Parses the bytes of a report as [`read_report`] parses a file's: bytes
/// that do not look like a TRF are refused (as the local page refuses them).
pub(crate) use crate::upload::parse_report;
