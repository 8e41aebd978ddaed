//! Findings and ratings as the `trf` command prints them: the JSON
//! contracts of `check`, `rate`, `parse` and `period` ([`check_json`],
//! [`rating_json`], [`tournament_json`], [`period_json`]), the findings as
//! text for people ([`check_text`], [`findings_text`],
//! [`findings_graphical`]), an HTML report ([`html_report`]) and SARIF 2.1.0
//! for code-scanning tools ([`sarif`]). The other text and CSV forms (the
//! rating and the period for people, the norms, GitHub annotations) are the
//! command's own: `trfkit::cli::run` prints them.
//!
//! SARIF takes [`FileFindings`]: one report's name, text and findings, so
//! several files go into one SARIF run.

pub(crate) mod certificate;
pub(crate) mod columns;
mod crosstable;
pub(crate) mod csv;
pub(crate) mod github;
pub(crate) mod grouped;
pub(crate) mod html;
pub(crate) mod human;
pub(crate) mod json;
pub(crate) mod letter;
pub(crate) mod norms;
pub(crate) mod pairings;
pub(crate) mod period;
pub(crate) mod period_names;
pub(crate) mod rating;
pub(crate) mod sarif;
pub(crate) mod summary;
mod view;

// The public renderers: each is what one `--format` of the `trf` command
// prints, so a binding or a script gets the same bytes as the command line.
pub use human::render_report as check_text;
pub use json::{
    check_line as check_json, period as period_json, rating as rating_json,
    tournament as tournament_json,
};
pub use view::ReportInput;

/// Plain, grep-friendly text of findings (`trf check`'s output in a pipe):
/// one `file:line:col: severity[code rule]: message` line per finding, then
/// its help and reference. `diagnostics` are findings of `parsed` (its
/// [`CheckReport::diagnostics`](crate::CheckReport::diagnostics) or a
/// selection).
pub fn findings_text(file: &str, parsed: &Parsed, diagnostics: &[Diagnostic]) -> String {
    human::render_plain(file, &parsed.locator(), diagnostics)
}

/// miette's graphical report of one finding of `parsed` (feature `fancy`).
/// `width` wraps the text; `unicode` and `color` choose the theme.
#[cfg(feature = "fancy")]
pub fn findings_graphical(
    file: &str,
    parsed: &Parsed,
    diagnostic: &Diagnostic,
    width: usize,
    unicode: bool,
    color: bool,
) -> String {
    human::render_graphical(file, &parsed.text, diagnostic, width, unicode, color)
}

/// The HTML report of `trf report`: one self-contained page (styles and
/// script inline) for one checked and rated report, saying it was checked
/// now by the system clock (feature `fs`; without it, [`html_report_at`]).
#[cfg(feature = "fs")]
pub fn html_report(input: &ReportInput<'_>) -> String {
    html::report(input, chrono::Utc::now())
}

/// [`html_report`], saying it was checked at `checked_at` (UTC, shown to
/// the minute): where there is no system clock, as in a browser, the
/// caller gives the time.
pub fn html_report_at(
    input: &ReportInput<'_>,
    checked_at: chrono::DateTime<chrono::Utc>,
) -> String {
    html::report(input, checked_at)
}

/// The SARIF 2.1.0 log of `trf check --format sarif` over several checked
/// reports (one run, every rule described).
pub fn sarif(files: &[FileFindings<'_>]) -> String {
    sarif::Log::new(files).to_json()
}

use crate::diag::{Diagnostic, RuleMeta};
use crate::read::Parsed;
use crate::source::lines::Line;
use crate::source::Locator;

/// One checked report, as the renderers need it.
#[derive(Debug, Clone, Copy)]
pub struct FileFindings<'a> {
    /// How to name the file (its path as given, or the uploaded name).
    pub file: &'a str,
    /// The decoded text every span points into.
    pub text: &'a str,
    /// The parsed line table ([`crate::model::Tournament::lines`]).
    pub lines: &'a [Line],
    /// The findings, in position order.
    pub diagnostics: &'a [Diagnostic],
}

impl<'a> FileFindings<'a> {
    /// The findings of a checked report.
    pub fn new(
        file: &'a str,
        parsed: &'a crate::Parsed,
        report: &'a crate::check::CheckReport,
    ) -> Self {
        FileFindings {
            file,
            text: &parsed.text,
            lines: &parsed.tournament.lines,
            diagnostics: &report.diagnostics,
        }
    }

    /// A locator over the file's text.
    pub fn locator(&self) -> Locator<'a> {
        Locator::new(self.text, self.lines)
    }
}

/// Where a span lies, in 1-based lines and character columns; the end is
/// exclusive (the column after the last character).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Region {
    /// Line of the first character.
    pub start_line: u32,
    /// Column of the first character.
    pub start_column: u32,
    /// Line of the character after the last.
    pub end_line: u32,
    /// Column after the last character (equal to `start_column` for an
    /// empty span).
    pub end_column: u32,
}

impl Region {
    /// The region of a byte span.
    pub(crate) fn of(loc: &Locator<'_>, span: crate::source::span::Span) -> Region {
        let (start_line, start_column) = loc.locate(span.start as usize);
        let (end_line, end_column) = loc.locate(span.end as usize);
        // Locating is monotonic for spans inside the text; an end past it
        // is clamped, and must never come out before the start.
        let (end_line, end_column) = if (end_line, end_column) < (start_line, start_column) {
            (start_line, start_column)
        } else {
            (end_line, end_column)
        };
        Region {
            start_line,
            start_column,
            end_line,
            end_column,
        }
    }
}

/// Every rule's declaration, the reader's syntax codes first, then the
/// validation rules in registry order (the order of `trf rules`).
pub fn all_rules() -> impl Iterator<Item = &'static RuleMeta> {
    crate::rules::registry::all().map(|e| e.meta)
}

/// A value as text, or nothing: the HTML views' empty cell.
fn opt<T: std::fmt::Display>(v: Option<T>) -> String {
    v.map(|v| v.to_string()).unwrap_or_default()
}
