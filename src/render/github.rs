//! GitHub Actions workflow annotations (`::error file=…,line=…::message`)
//! for the CI of the programs that write TRF files.
//!
//! GitHub shows at most 10 error, 10 warning and 10 notice annotations per
//! step and 50 per job (actions/toolkit, `docs/problem-matchers.md`,
//! "Limitations"). One `trf check` is one step, so at most
//! [`PER_LEVEL`] of each level are written, gravest consequence first
//! (30 in all, inside the job's 50), and a final plain line counts the
//! rest: nothing is dropped silently.

use super::{FileFindings, Region};
use crate::diag::{Diagnostic, Severity};

/// Annotations of one level written per run: GitHub's per-step limit.
pub(crate) const PER_LEVEL: usize = 10;

/// The workflow command of a severity.
pub(crate) fn command(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Advice => "notice",
    }
}

/// Escapes a command's data (the message): `%`, CR and LF, `%` first so
/// that the escapes themselves are not escaped again.
pub(crate) fn escape_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escapes a command's property value (`file`, `title`): as data, plus `:`
/// and `,`, which end a property.
pub(crate) fn escape_property(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

/// One annotation line (with its newline).
fn annotation(file: &str, loc: &crate::source::Locator<'_>, d: &Diagnostic) -> String {
    let mut props = format!("file={}", escape_property(file));
    if let Some(span) = d.primary_span() {
        let r = Region::of(loc, span);
        props.push_str(&format!(",line={},col={}", r.start_line, r.start_column));
        if r.end_line != r.start_line {
            props.push_str(&format!(",endLine={}", r.end_line));
        }
        // GitHub's endColumn is the last column, inclusive.
        let end = r.end_column.saturating_sub(1).max(r.start_column);
        props.push_str(&format!(",endColumn={end}"));
    }
    props.push_str(&format!(
        ",title={}",
        escape_property(&format!("{} {}", d.code, d.rule))
    ));
    let mut message = format!("{} [{}]", d.message, d.consequence.as_str());
    if let Some(h) = &d.help {
        message.push_str(&format!("\nhelp: {h}"));
    }
    if let Some(r) = &d.reference {
        message.push_str(&format!("\nsee: {r}"));
    }
    format!(
        "::{} {props}::{}\n",
        command(d.severity),
        escape_data(&message)
    )
}

/// The annotations of every file: at most `PER_LEVEL` (10) per level, chosen
/// gravest consequence first and written in file and position order, then
/// one line counting the findings left out (none when nothing was).
pub(crate) fn annotations(files: &[FileFindings<'_>]) -> String {
    // (consequence, file index, finding index) of every finding, per level.
    let mut chosen: Vec<(usize, usize)> = Vec::new();
    let mut left_out = 0usize;
    for level in [Severity::Error, Severity::Warning, Severity::Advice] {
        let mut all: Vec<(crate::diag::Consequence, usize, usize)> = files
            .iter()
            .enumerate()
            .flat_map(|(fi, f)| {
                f.diagnostics
                    .iter()
                    .enumerate()
                    .filter(move |(_, d)| d.severity == level)
                    .map(move |(di, d)| (d.consequence, fi, di))
            })
            .collect();
        all.sort();
        left_out += all.len().saturating_sub(PER_LEVEL);
        chosen.extend(all.into_iter().take(PER_LEVEL).map(|(_, f, d)| (f, d)));
    }
    chosen.sort_unstable();
    let mut out = String::new();
    for (fi, di) in chosen {
        let f = &files[fi];
        out.push_str(&annotation(f.file, &f.locator(), &f.diagnostics[di]));
    }
    if left_out > 0 {
        out.push_str(&format!(
            "trf: {left_out} more finding{} not annotated: GitHub shows at most {PER_LEVEL} errors, {PER_LEVEL} warnings and {PER_LEVEL} notices per step (`trf check --format human` lists them all)\n",
            if left_out == 1 { "" } else { "s" }
        ));
    }
    out
}

#[cfg(test)]
mod escaping_tests {
    use super::{escape_data, escape_property};

    #[test]
    fn github_escaping_follows_the_runner() {
        assert_eq!(escape_data("50% done\r\nnext"), "50%25 done%0D%0Anext");
        assert_eq!(escape_property("a:b,c%"), "a%3Ab%2Cc%25");
        assert_eq!(escape_data("%0A"), "%250A");
    }
}
