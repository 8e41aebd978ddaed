//! `trf fmt FILE [--dialect trf16|trf26] [-o OUT | --in-place | --diff]`.
//!
//! The formatting itself is [`crate::write::rewrite`]: canonical lines where the
//! reader understood them, the rest verbatim. Here: where it goes. A file is
//! only ever replaced atomically ([`crate::write::atomic::write`]), and the input
//! only with `--in-place`.

use super::{fail, files, output, read_source, ReadArgs, EXIT_OK, EXIT_USAGE};
use crate::write::atomic::{write, Existing};
use crate::write::rewrite::rewrite;
use crate::write::Target;
use std::path::PathBuf;

#[derive(clap::ValueEnum, Debug, Clone, Copy)]
enum DialectArg {
    Trf16,
    Trf26,
}

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The report (`-` for standard input).
    file: PathBuf,
    /// Dialect to write (default: the file's own).
    #[arg(long, value_enum)]
    dialect: Option<DialectArg>,
    /// Write here instead of standard output.
    #[arg(short = 'o', long = "output", value_name = "OUT")]
    output: Option<PathBuf>,
    /// Overwrite the input file.
    #[arg(long, conflicts_with = "output")]
    in_place: bool,
    /// Replace an existing OUT, or a read-only input with --in-place.
    #[arg(long, conflicts_with = "diff")]
    force: bool,
    /// Show a unified diff of what would change; write nothing.
    #[arg(long, conflicts_with_all = ["output", "in_place"])]
    diff: bool,
    #[command(flatten)]
    read: ReadArgs,
}

pub(crate) fn run(a: Args) -> u8 {
    let stdin = a.file.as_os_str() == "-";
    if stdin && a.in_place {
        eprintln!("trf: --in-place needs a file, not standard input");
        return EXIT_USAGE;
    }
    if let Some(o) = &a.output {
        if !a.in_place && !stdin && output::same_file(o, &a.file) {
            eprintln!(
                "trf: refusing to overwrite the input {} without --in-place",
                files::shown(o)
            );
            return EXIT_USAGE;
        }
    }
    let opts = a.read.options();
    let source = match read_source(&a.file, &opts) {
        Ok(b) => b,
        Err(e) => return fail(&a.file, &e),
    };
    let parsed = match crate::parse_bytes(&source, &opts) {
        Ok(p) => p,
        Err(e) => return fail(&a.file, &e),
    };
    let target = match a.dialect {
        Some(DialectArg::Trf16) => Target::Trf16,
        Some(DialectArg::Trf26) => Target::Trf26,
        None => Target::for_dialect(parsed.tournament.dialect.dialect),
    };
    let new = match rewrite(&parsed, &source, target, &opts) {
        Ok(n) => n,
        Err(e) => return fail(&a.file, &e),
    };
    if a.diff {
        let mut old = String::with_capacity(parsed.text.len());
        for (s, e) in crate::source::lines::split(&parsed.text) {
            old.push_str(&parsed.text[s..e]);
            old.push('\n');
        }
        let name = files::shown(&a.file);
        let diff = similar::TextDiff::from_lines(&old, &new.text);
        // The diff shows the report's text: its control characters are
        // escaped like any other human output.
        let shown = diff
            .unified_diff()
            .context_radius(3)
            .header(&name, &name)
            .to_string();
        output::out(&super::terminal::escape(&shown));
        return EXIT_OK;
    }
    let dest = if a.in_place {
        Some(a.file.clone())
    } else {
        a.output.clone()
    };
    // `-o -` is standard output. An existing OUT is kept without --force
    // (as `trf report` keeps one); --in-place replaces a writable input, and
    // a read-only one only with --force.
    let existing = match (a.force, a.in_place) {
        (true, _) => Existing::Force,
        (false, true) => Existing::Replace,
        (false, false) => Existing::Keep,
    };
    match dest {
        Some(p) if p.as_os_str() != "-" => {
            if let Err(e) = write(&p, existing, |w| w.write_all(&new.bytes)) {
                let choose = if a.in_place {
                    "another file"
                } else {
                    "another name"
                };
                return output::refused(&p, &e, choose);
            }
        }
        _ => output::out_bytes(&new.bytes),
    }
    EXIT_OK
}
