//! Findings and ratings for readers other than a terminal: an HTML report
//! for people ([`html`]), SARIF 2.1.0 for code-scanning tools ([`sarif`])
//! and GitHub workflow annotations for CI logs ([`github`]).
//!
//! Every renderer takes the same input, [`FileFindings`]: one report's
//! name, text and findings, so several files go into one SARIF run or one
//! annotation budget.

pub mod certificate;
pub mod csv;
pub mod github;
pub mod grouped;
pub mod html;
pub mod human;
pub mod json;
pub mod norms;
pub mod period;
pub mod rating;
pub mod sarif;
pub mod summary;
mod view;

use crate::diag::{Diagnostic, RuleMeta};
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
pub struct Region {
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
    pub fn of(loc: &Locator<'_>, span: crate::source::span::Span) -> Region {
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
