//! Parsing the command line without building every command first.
//!
//! clap's derive builds the whole command tree, every argument of all twelve
//! commands, before it parses one: a quarter of a million instructions, a
//! quarter of what `trf` did before it read a byte of a report. A command
//! line that names its command is parsed by a tree holding that command
//! alone; `trf --version` by the top level alone. The whole tree is built
//! only when the short parse cannot give the answer by itself (help, a usage
//! error, no command): every message the user can see is still the one the
//! whole tree gives, and the tests below check that both trees parse alike.

use super::{Cli, ABOUT};
use clap::{Args as _, FromArgMatches as _, Parser as _};
use std::ffi::OsString;

/// The command line `args` (program name first) as [`Cli`], or clap's
/// error (which prints help and version too).
pub(super) fn parse<I, T>(args: I) -> Result<Cli, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    if let Some(cli) = plain(&args) {
        return Ok(cli);
    }
    match short(&args) {
        Some(Ok(cli)) => Ok(cli),
        Some(Err(version)) => Err(version),
        None => Cli::try_parse_from(args),
    }
}

/// `trf check|rate [--format F] PATH...` (program name first) as [`Cli`]
/// with every other option at its default; `None` for any other line:
/// another command or option, a path that starts with `-`, `--format`
/// twice or with a value that is not one of the format's names, no path.
/// Those are clap's, with its messages.
fn plain(args: &[OsString]) -> Option<Cli> {
    let (command, rest) = args.get(1..)?.split_first()?;
    let mut paths = Vec::with_capacity(rest.len());
    let mut format: Option<&str> = None;
    let mut words = rest.iter();
    while let Some(word) = words.next() {
        if word.as_encoded_bytes().first() != Some(&b'-') {
            paths.push(std::path::PathBuf::from(word));
            continue;
        }
        let value = match word.to_str()? {
            "--format" => words.next()?.to_str()?,
            long => long.strip_prefix("--format=")?,
        };
        if format.replace(value).is_some() {
            return None;
        }
    }
    if paths.is_empty() {
        return None;
    }
    use super::{check, rate, Command};
    use clap::ValueEnum as _;
    let command = match command.to_str()? {
        "check" => Command::Check(check::Args::plain(
            paths,
            format.map_or(Some(check::CheckFormat::Human), |f| {
                check::CheckFormat::from_str(f, false).ok()
            })?,
        )),
        "rate" => Command::Rate(rate::Args::plain(
            paths,
            format.map_or(Some(rate::RateFormat::Human), |f| {
                rate::RateFormat::from_str(f, false).ok()
            })?,
        )),
        _ => return None,
    };
    Some(Cli { command })
}

/// The parse by a tree of the top level and the command `args` names;
/// `Some(Err)` only for `--version`, whose text the top level alone gives.
/// `None`: the whole tree must answer.
fn short(args: &[OsString]) -> Option<Result<Cli, clap::Error>> {
    let first = args.get(1)?.to_str()?;
    let mut tree = top();
    if let Some(command) = command(first) {
        tree = tree.subcommand(command);
    } else if !matches!(first, "--version" | "-V") || args.len() != 2 {
        return None;
    }
    match tree.try_get_matches_from(args) {
        Ok(matches) => Cli::from_arg_matches(&matches).ok().map(Ok),
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayVersion => Some(Err(e)),
        Err(_) => None,
    }
}

/// The top level as [`Cli`]'s attributes make it, without its commands.
fn top() -> clap::Command {
    clap::Command::new("trf")
        .version(env!("CARGO_PKG_VERSION"))
        .about(ABOUT)
}

/// The command `name`, with its arguments as the derive builds them; `None`
/// when no command has that name.
pub(super) fn command(name: &str) -> Option<clap::Command> {
    use super::{check, explain, fmt, generate, list, norms, period, rate, report, serve};
    let new = clap::Command::new;
    Some(match name {
        "parse" => super::parse::Args::augment_args(new("parse")),
        "check" => check::Args::augment_args(new("check")),
        "fmt" => fmt::Args::augment_args(new("fmt")),
        "rules" => explain::RulesArgs::augment_args(new("rules")),
        "explain" => explain::ExplainArgs::augment_args(new("explain")),
        "rate" => rate::Args::augment_args(new("rate")),
        "period" => period::Args::augment_args(new("period")),
        "report" => report::Args::augment_args(new("report")),
        "serve" => serve::Args::augment_args(new("serve")),
        "norms" => norms::Args::augment_args(new("norms")),
        "list" => list::Args::augment_args(new("list")),
        "generate" => generate::Args::augment_args(new("generate")),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory as _;

    /// Every argument of a command, as clap describes it, subcommands
    /// included: what decides how a command line parses.
    fn shape(command: &clap::Command) -> Vec<String> {
        let mut lines: Vec<String> = command.get_arguments().map(|a| format!("{a:?}")).collect();
        for group in command.get_groups() {
            lines.push(format!("{group:?}"));
        }
        for sub in command.get_subcommands() {
            lines.push(format!("subcommand {}", sub.get_name()));
            lines.extend(shape(sub));
        }
        lines
    }

    #[test]
    fn each_command_has_the_arguments_of_the_whole_tree() {
        let whole = Cli::command();
        let mut names = Vec::new();
        for full in whole.get_subcommands() {
            let name = full.get_name();
            names.push(name);
            let short = command(name).unwrap_or_else(|| panic!("`{name}` has no short command"));
            assert_eq!(shape(&short), shape(full), "the arguments of `{name}`");
        }
        assert_eq!(names.len(), 12, "{names:?}");
        assert!(command("help").is_none() && command("chec").is_none());
    }

    #[test]
    fn the_top_level_is_the_whole_trees() {
        let whole = Cli::command();
        let top = top();
        assert_eq!(top.get_name(), whole.get_name());
        assert_eq!(top.get_version(), whole.get_version());
        assert_eq!(
            top.get_about().map(ToString::to_string),
            whole.get_about().map(ToString::to_string)
        );
        let arguments = |c: &clap::Command| -> Vec<String> {
            c.get_arguments().map(|a| format!("{a:?}")).collect()
        };
        assert_eq!(arguments(&top), arguments(&whole));
    }

    fn both(line: &[&str]) -> (String, String) {
        let args: Vec<OsString> = line.iter().map(OsString::from).collect();
        let short = match short(&args) {
            Some(Ok(cli)) => format!("{cli:?}"),
            Some(Err(e)) => format!("message {}", e.render()),
            None => "whole tree".to_owned(),
        };
        let whole = match Cli::try_parse_from(&args) {
            Ok(cli) => format!("{cli:?}"),
            Err(e) => format!("message {}", e.render()),
        };
        (short, whole)
    }

    #[test]
    fn a_command_line_parses_as_the_whole_tree_parses_it() {
        let lines: &[&[&str]] = &[
            &["trf", "check", "a.trf"],
            &["trf", "check", "--format", "json", "--summary", "a", "b"],
            &[
                "trf",
                "check",
                "--disable",
                "points-mismatch",
                "--",
                "-a.trf",
            ],
            &[
                "trf",
                "rate",
                "--format",
                "csv",
                "--rating-list",
                "l.txt",
                "a",
            ],
            &["trf", "period", "--period", "2024-05", "d/"],
            &["trf", "fmt", "--in-place", "a.trf"],
            &["trf", "explain", "points-mismatch"],
            &["trf", "rules"],
            &["trf", "list", "index", "l.txt"],
            &[
                "trf",
                "generate",
                "--players",
                "30",
                "--rounds",
                "5",
                "--seed",
                "1",
            ],
            &["trf", "norms", "--all", "a.trf"],
            &["trf", "report", "-o", "out", "a", "b"],
            &["trf", "serve", "--port", "0"],
            &["trf", "parse", "-"],
            &["trf", "--version"],
        ];
        for line in lines {
            let (short, whole) = both(line);
            assert!(short != "whole tree", "{line:?} needed the whole tree");
            assert_eq!(short, whole, "{line:?}");
        }
    }

    /// `line` by [`plain`] and by the whole tree, as their `Debug`.
    fn plain_and_whole(line: &[&str]) -> (Option<String>, String) {
        let args: Vec<OsString> = line.iter().map(OsString::from).collect();
        let whole = match Cli::try_parse_from(&args) {
            Ok(cli) => format!("{cli:?}"),
            Err(e) => format!("message {}", e.render()),
        };
        (plain(&args).map(|cli| format!("{cli:?}")), whole)
    }

    #[test]
    fn the_plain_lines_parse_as_the_whole_tree_parses_them() {
        let lines: &[&[&str]] = &[
            &["trf", "check", "a.trf"],
            &["trf", "check", "a.trf", "b/", "c d.trf"],
            &["trf", "check", "--format", "json", "a.trf"],
            &["trf", "check", "a.trf", "--format", "sarif"],
            &["trf", "check", "--format=github", "a", "b"],
            &["trf", "check", "--format", "human", "a"],
            &["trf", "check", "--format", "csv", "a"],
            &["trf", "rate", "a.trf"],
            &["trf", "rate", "--format", "json", "a.trf"],
            &["trf", "rate", "--format=csv", "a.trf", "b.trf"],
            &["trf", "rate", "a.trf", "--format", "human"],
        ];
        for line in lines {
            let (plain, whole) = plain_and_whole(line);
            assert_eq!(plain.as_deref(), Some(whole.as_str()), "{line:?}");
        }
    }

    #[test]
    fn every_other_line_is_left_to_clap() {
        let lines: &[&[&str]] = &[
            &["trf"],
            &["trf", "check"],
            &["trf", "check", "--format", "json"],
            &["trf", "check", "--format"],
            &["trf", "check", "--format", "JSON", "a"],
            &["trf", "check", "--format", "jso", "a"],
            &["trf", "check", "--format=", "a"],
            &["trf", "check", "--format", "json", "--format", "json", "a"],
            &["trf", "check", "--summary", "a"],
            &["trf", "check", "--", "a"],
            &["trf", "check", "-", "a"],
            &["trf", "check", "-h"],
            &["trf", "check", "--formats", "json", "a"],
            &["trf", "rate", "--what-if", "a"],
            &["trf", "rate", "--format", "sarif", "a"],
            &["trf", "period", "a"],
            &["trf", "parse", "a"],
            &["trf", "help", "check"],
            &["trf", "--version"],
        ];
        for line in lines {
            let (plain, whole) = plain_and_whole(line);
            assert_eq!(plain, None, "{line:?} (clap: {whole})");
        }
    }

    #[test]
    fn help_and_mistakes_are_the_whole_trees() {
        let lines: &[&[&str]] = &[
            &["trf"],
            &["trf", "--help"],
            &["trf", "help", "check"],
            &["trf", "check", "--help"],
            &["trf", "check"],
            &["trf", "check", "--no-such-flag", "a"],
            &["trf", "chek", "a"],
            &["trf", "check", "--version"],
            &["trf", "--version", "check"],
            &["trf", "-V"],
        ];
        for line in lines {
            let (short, whole) = both(line);
            if line == &["trf", "-V"] {
                assert_eq!(short, whole);
            } else {
                assert_eq!(short, "whole tree", "{line:?}: {whole}");
            }
        }
    }
}
