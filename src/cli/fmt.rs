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
    // `fmt` never makes a report graver: what `check` finds in the result
    // is compared with what it finds in the input, and a result with a
    // graver finding is not written (nor shown as a diff).
    if let Err(why) = no_graver(&parsed, &new.bytes, &opts) {
        eprintln!(
            "trf: {}: formatting would make the report graver ({why}); nothing was written",
            files::shown(&a.file)
        );
        return EXIT_USAGE;
    }
    if a.diff {
        let (old, new_text) = diff_sides(&parsed.text, &new.text);
        let name = files::shown(&a.file);
        let diff = similar::TextDiff::from_lines(old.as_str(), new_text.as_ref());
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

/// `Err` naming the consequence when `check` finds `new` graver than the
/// report it was formatted from.
fn no_graver(before: &crate::Parsed, new: &[u8], opts: &crate::ReadOptions) -> Result<(), String> {
    let checks = crate::Options::default();
    let after = crate::parse_bytes(new, opts).map_err(|e| e.to_string())?;
    let (b, n) = (
        crate::check(before, &checks).by_consequence,
        crate::check(&after, &checks).by_consequence,
    );
    match crate::Consequence::graver(&b, &n) {
        None => Ok(()),
        Some(c) => Err(format!("more findings at `{}` or graver", c.as_str())),
    }
}

/// The two sides of `--diff`, one `\n` per line. `fmt` ends every line in
/// CR LF: when the input's line ends are not all CR LF, each line shows its
/// end as control pictures (`␍␊`, `␊`, `␍`, nothing for a last line without
/// one), so that `--diff` shows the line-end changes `--in-place` makes.
fn diff_sides<'a>(text: &str, new: &'a str) -> (String, std::borrow::Cow<'a, str>) {
    let ranges: Vec<(usize, usize)> = crate::source::lines::split(text).collect();
    let end_of = |i: usize| {
        let next = ranges.get(i + 1).map_or(text.len(), |r| r.0);
        &text[ranges[i].1..next]
    };
    let show_ends = (0..ranges.len()).any(|i| end_of(i) != "\r\n");
    let mut old = String::with_capacity(text.len() + 8);
    for (i, &(s, e)) in ranges.iter().enumerate() {
        old.push_str(&text[s..e]);
        if show_ends {
            old.push_str(
                &end_of(i)
                    .replace('\r', "\u{240d}")
                    .replace('\n', "\u{240a}"),
            );
        }
        old.push('\n');
    }
    if !show_ends {
        return (old, std::borrow::Cow::Borrowed(new));
    }
    let mut shown = String::with_capacity(new.len() * 2);
    for l in new.lines() {
        shown.push_str(l);
        shown.push_str("\u{240d}\u{240a}\n");
    }
    (old, std::borrow::Cow::Owned(shown))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_diff_shows_line_ends_only_when_they_change() {
        let (old, new) = super::diff_sides("012 A\r\n042 B\r\n", "012 A\n042 B\n");
        assert_eq!(old, "012 A\n042 B\n");
        assert_eq!(new, "012 A\n042 B\n");
        let (old, new) = super::diff_sides("012 A\n042 B", "012 A\n042 B\n");
        assert_eq!(old, "012 A\u{240a}\n042 B\n");
        assert_eq!(new, "012 A\u{240d}\u{240a}\n042 B\u{240d}\u{240a}\n");
    }
}
