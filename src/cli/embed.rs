//! The commands as functions, for programs that embed trfkit (the Python
//! bindings in `python/`). Each takes the command's own flags (parsed by the
//! command's parser, so values are checked and refused in the same words),
//! reads, checks or rates with the command's own code, and returns the JSON
//! the command prints with `--format json` instead of printing it. Nothing
//! is written to stdout or stderr: what the command would say on stderr
//! about a run that goes on is returned as warnings. Flags that only choose
//! how the command prints (`--format`, `--summary`, `--width`) change
//! nothing here.

use super::{Cli, Command};
use clap::Parser as _;
use std::ffi::OsString;
use std::path::PathBuf;

/// A report given to [`check`], [`rate`] or [`parse`]: a path, or its
/// contents (what the command reads from `-`, standard input).
#[derive(Debug, Clone)]
pub enum Report {
    /// A file, named in the output as the command names it.
    Path(PathBuf),
    /// The bytes of a report, named `-` as standard input is.
    Contents(Vec<u8>),
}

/// What a command gives: its JSON, and what it would have said on stderr
/// while going on (a rating list's index it could not use, a file of a
/// folder that is not a TRF).
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct Output {
    /// The JSON the command prints with `--format json` (one object).
    pub json: String,
    /// One line each, without the `trf: ` the command puts before them.
    pub warnings: Vec<String>,
}

/// `trf check --format json FLAGS... REPORT`: the check of one report.
/// `Err` is what the command says on stderr when it exits with status 2
/// (a bad flag, an unreadable report or list, a file that is no TRF),
/// without `trf: `.
pub fn check(report: Report, flags: &[OsString]) -> Result<Output, String> {
    let (path, contents) = report.parts();
    match command("check", flags, &[path])? {
        Command::Check(a) => run(|w| super::check::json(a, contents, w)),
        _ => Err(unexpected()),
    }
}

/// `trf rate --format json FLAGS... REPORT`: the rating summary of one
/// report. `Err` as for [`check`].
pub fn rate(report: Report, flags: &[OsString]) -> Result<Output, String> {
    let (path, contents) = report.parts();
    match command("rate", flags, &[path])? {
        Command::Rate(a) => run(|w| super::rate::json(a, contents, w)),
        _ => Err(unexpected()),
    }
}

/// `trf parse FLAGS... REPORT` (JSON, its default): the model of one
/// report. `Err` as for [`check`].
pub fn parse(report: Report, flags: &[OsString]) -> Result<Output, String> {
    let (path, contents) = report.parts();
    match command("parse", flags, &[path])? {
        Command::Parse(a) => run(|_| super::parse::json(a, contents)),
        _ => Err(unexpected()),
    }
}

/// `trf pairings --format json FLAGS... REPORT`: each round of a Swiss
/// re-paired with the FIDE (Dutch) system and compared with the report's;
/// a report that cannot be re-paired gives `{"file", "system", "error"}`,
/// as the command prints it. `Err` as for [`check`].
pub fn pairings(report: Report, flags: &[OsString]) -> Result<Output, String> {
    let (path, contents) = report.parts();
    match command("pairings", flags, &[path])? {
        Command::Pairings(a) => run(|_| super::pairings::json(a, contents)),
        _ => Err(unexpected()),
    }
}

/// `trf period --format json FLAGS... PATHS...`: a rating period over
/// reports and folders of reports. `Err` as for [`check`]; a report that
/// cannot be read is one (the command would go on without it).
pub fn period(paths: &[PathBuf], flags: &[OsString]) -> Result<Output, String> {
    let paths: Vec<OsString> = paths.iter().map(|p| p.clone().into_os_string()).collect();
    match command("period", flags, &paths)? {
        Command::Period(a) => run(|w| super::period::json(a, w)),
        _ => Err(unexpected()),
    }
}

impl Report {
    /// The path the command is given, and the contents read instead of it.
    fn parts(self) -> (OsString, Option<Vec<u8>>) {
        match self {
            Report::Path(p) => (p.into_os_string(), None),
            Report::Contents(b) => (OsString::from("-"), Some(b)),
        }
    }
}

/// The arguments of `trf NAME FLAGS... -- INPUTS...`, parsed by the
/// command's parser; a refusal is clap's message, first line.
fn command(name: &str, flags: &[OsString], inputs: &[OsString]) -> Result<Command, String> {
    let argv = ["trf", name]
        .into_iter()
        .map(OsString::from)
        .chain(flags.iter().cloned())
        // Inputs are never taken for flags, whatever they start with.
        .chain(std::iter::once(OsString::from("--")))
        .chain(inputs.iter().cloned());
    match Cli::try_parse_from(argv) {
        Ok(c) => Ok(c.command),
        Err(e) => {
            let text = e.render().to_string();
            let first = text.lines().next().unwrap_or_default();
            Err(first.strip_prefix("error: ").unwrap_or(first).to_owned())
        }
    }
}

/// The one report `check` and `rate` are given here: several paths and
/// `--registrations` are refused (each call gives its report's own facts),
/// and a path must name one report, not a folder (`contents` given: the
/// path is `-`, read from them).
pub(super) fn one_path<'a>(
    paths: &'a [PathBuf],
    rules: &super::check::RuleArgs,
    contents: bool,
) -> Result<&'a PathBuf, String> {
    let [path] = paths else {
        return Err("one report at a time".to_owned());
    };
    if rules.registrations.is_some() {
        return Err("--registrations: give the report's own flags instead".to_owned());
    }
    if !contents {
        super::files::one_report(path)?;
    }
    Ok(path)
}

fn run(f: impl FnOnce(&mut Vec<String>) -> Result<String, String>) -> Result<Output, String> {
    let mut warnings = Vec::new();
    let json = f(&mut warnings)?;
    Ok(Output { json, warnings })
}

fn unexpected() -> String {
    "the command's parser gave another command".to_owned()
}

#[cfg(test)]
mod tests {
    use super::super::files;
    use super::*;
    use std::path::Path;

    fn sample(name: &str) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("samples/hand")
            .join(name)
    }

    fn value(out: &Output) -> serde_json::Value {
        serde_json::from_str(&out.json).unwrap()
    }

    #[test]
    fn contents_and_path_give_the_same_json_but_the_name() {
        let path = sample("malformed-syntax.trf");
        let bytes = std::fs::read(&path).unwrap();
        let mut by_path = value(&check(Report::Path(path.clone()), &[]).unwrap());
        let by_contents = value(&check(Report::Contents(bytes.clone()), &[]).unwrap());
        assert_eq!(by_path["file"], files::shown(&path));
        assert_eq!(by_contents["file"], "-");
        by_path["file"] = "-".into();
        assert_eq!(by_path, by_contents);
        assert_eq!(by_contents["verdict"], "fix-before-upload");
        let rate_path = rate(Report::Path(path), &[]).unwrap();
        assert_eq!(
            rate_path.json,
            rate(Report::Contents(bytes), &[]).unwrap().json
        );
    }

    #[test]
    fn flags_change_the_result_as_on_the_command_line() {
        let path = sample("version-diff-2008.trf");
        let own = value(&check(Report::Path(path.clone()), &[]).unwrap());
        let flags = [OsString::from("--regulations=2024")];
        let forced = value(&check(Report::Path(path), &flags).unwrap());
        assert_ne!(own["regulations"], forced["regulations"]);
        assert_eq!(forced["regulations"], "2024");
    }

    #[test]
    fn refusals_are_the_commands_words() {
        let report = || Report::Contents(b"012 Open\n".to_vec());
        let e = check(report(), &["--regulations=2030".into()]).unwrap_err();
        assert!(
            e.starts_with("invalid value '2030' for '--regulations"),
            "{e}"
        );
        let e = rate(report(), &["--k=12=300".into()]).unwrap_err();
        assert!(e.contains("K factor"), "{e}");
        let e = check(report(), &["--format=json".into(), "--no-such-flag".into()]).unwrap_err();
        assert!(e.contains("--no-such-flag"), "{e}");
        let e = parse(
            Report::Contents(b"Dear arbiter,\nsee attached.\n".to_vec()),
            &[],
        );
        assert!(e.unwrap_err().contains("does not look like a TRF"));
        let folder = sample("");
        let e = check(Report::Path(folder.clone()), &[]).unwrap_err();
        assert!(e.ends_with("a folder, not one report"), "{e}");
        let e = rate(Report::Path(folder.join("none.trf")), &[]).unwrap_err();
        assert!(
            e.starts_with(&files::shown(&folder.join("none.trf"))),
            "{e}"
        );
        let e = period(&[folder.join("none.trf")], &[]).unwrap_err();
        assert!(e.contains("none.trf"), "{e}");
    }
}
