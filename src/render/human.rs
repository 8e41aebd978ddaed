//! Presenting findings: line/column location, the JSON contract, plain text
//! and miette's graphical report.

use crate::diag::{Consequence, Diagnostic, Severity, Verdict};
use crate::source::lines::Line;
use crate::source::span::Span;
use serde::Serialize;

/// Maps byte offsets to 1-based line and character columns, using the line
/// table the parser already built (binary search, no rescan).
#[derive(Debug)]
pub struct Locator<'a> {
    text: &'a str,
    lines: &'a [Line],
}

impl<'a> Locator<'a> {
    /// A locator over `text` and its parsed lines.
    pub fn new(text: &'a str, lines: &'a [Line]) -> Self {
        Locator { text, lines }
    }

    /// `(line, column)` of byte `at`, both 1-based; columns count characters.
    pub fn locate(&self, at: usize) -> (u32, u32) {
        let i = self
            .lines
            .partition_point(|l| (l.span.start as usize) <= at);
        let Some(line) = i.checked_sub(1).and_then(|i| self.lines.get(i)) else {
            return (1, 1);
        };
        let start = line.span.start as usize;
        let end = at.min(self.text.len()).max(start);
        let col = self
            .text
            .get(start..end)
            .map(|s| s.chars().count())
            .unwrap_or(end - start);
        (line.number, col as u32 + 1)
    }
}

/// One diagnostic in the JSON contract of `trf check --format json`.
#[derive(Debug, Clone, Serialize)]
pub struct JsonDiagnostic {
    /// Stable code.
    pub code: &'static str,
    /// Stable rule name.
    pub rule: &'static str,
    /// `error`, `warning` or `advice`.
    pub severity: Severity,
    /// What the finding means for the report: `event-not-rated`,
    /// `fix-before-upload`, `players-not-rated`, `games-not-rated`,
    /// `cosmetic` or `info`.
    pub consequence: Consequence,
    /// The message.
    pub message: String,
    /// 1-based line of the primary label (null when the finding is about the
    /// whole file).
    pub line: Option<u32>,
    /// 1-based character column of the primary label.
    pub column: Option<u32>,
    /// Last column (inclusive) of the primary label on its line.
    pub end_column: Option<u32>,
    /// The fix.
    pub help: Option<String>,
    /// The article or specification section.
    pub reference: Option<String>,
    /// All labels with their positions.
    pub labels: Vec<JsonLabel>,
}

/// A label in JSON.
#[derive(Debug, Clone, Serialize)]
pub struct JsonLabel {
    /// 1-based line.
    pub line: u32,
    /// 1-based first column.
    pub column: u32,
    /// Last column, inclusive.
    pub end_column: u32,
    /// Text.
    pub text: String,
    /// Primary or context.
    pub primary: bool,
}

impl JsonDiagnostic {
    /// Converts a diagnostic, locating its spans.
    pub fn new(d: &Diagnostic, loc: &Locator<'_>) -> Self {
        let labels: Vec<JsonLabel> = d
            .labels
            .iter()
            .map(|l| {
                let (line, column) = loc.locate(l.span.start as usize);
                let (_, end) = loc.locate(l.span.end as usize);
                JsonLabel {
                    line,
                    column,
                    end_column: end.saturating_sub(1).max(column),
                    text: l.text.clone(),
                    primary: l.primary,
                }
            })
            .collect();
        let primary = labels.iter().find(|l| l.primary).or(labels.first());
        JsonDiagnostic {
            code: d.code,
            rule: d.rule,
            severity: d.severity,
            consequence: d.consequence,
            message: d.message.clone(),
            line: primary.map(|l| l.line),
            column: primary.map(|l| l.column),
            end_column: primary.map(|l| l.end_column),
            help: d.help.clone(),
            reference: d.reference.clone(),
            labels,
        }
    }
}

/// Plain, narrow, grep-friendly text: one `file:line:col: severity[code rule]: message`
/// line per finding, then indented help and reference.
pub fn render_plain(file: &str, loc: &Locator<'_>, diags: &[Diagnostic]) -> String {
    let mut out = String::new();
    for d in diags {
        let pos = d
            .primary_span()
            .map(|s| {
                let (l, c) = loc.locate(s.start as usize);
                format!("{l}:{c}:")
            })
            .unwrap_or_default();
        out.push_str(&format!(
            "{file}:{pos} {}[{} {}]: {}\n",
            d.severity.as_str(),
            d.code,
            d.rule,
            d.message
        ));
        for l in d.labels.iter().filter(|l| !l.primary && !l.text.is_empty()) {
            let (line, col) = loc.locate(l.span.start as usize);
            out.push_str(&format!("    at {line}:{col}: {}\n", l.text));
        }
        out.push_str(&format!("    consequence: {}\n", d.consequence.as_str()));
        if let Some(h) = &d.help {
            out.push_str(&format!("    help: {h}\n"));
        }
        if let Some(r) = &d.reference {
            out.push_str(&format!("    see: {r}\n"));
        }
    }
    out
}

/// miette's graphical report of one finding. `width` wraps the text;
/// `unicode`/`color` choose the theme (tests use unicode without colour at
/// 80 columns, so snapshots are stable).
pub fn render_graphical(
    file: &str,
    text: &str,
    d: &Diagnostic,
    width: usize,
    unicode: bool,
    color: bool,
) -> String {
    use miette::{GraphicalReportHandler, GraphicalTheme, NamedSource};
    let theme = match (unicode, color) {
        (true, true) => GraphicalTheme::unicode(),
        (true, false) => GraphicalTheme::unicode_nocolor(),
        (false, true) => GraphicalTheme::ascii(),
        (false, false) => GraphicalTheme::none(),
    };
    let handler = GraphicalReportHandler::new_themed(theme)
        .with_width(width)
        .with_links(false);
    let report = WithSource {
        inner: d,
        source: NamedSource::new(file, text.to_string()),
    };
    let mut out = String::new();
    if handler.render_report(&mut out, &report).is_err() {
        out = format!("{}: {}\n", d.code, d.message);
    }
    out
}

/// A diagnostic with its source attached, for miette.
#[derive(Debug)]
struct WithSource<'a> {
    inner: &'a Diagnostic,
    source: miette::NamedSource<String>,
}

impl std::fmt::Display for WithSource<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.inner.fmt(f)
    }
}

impl std::error::Error for WithSource<'_> {}

impl miette::Diagnostic for WithSource<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn std::fmt::Display + 'b>> {
        miette::Diagnostic::code(self.inner)
    }
    fn severity(&self) -> Option<miette::Severity> {
        miette::Diagnostic::severity(self.inner)
    }
    fn help<'b>(&'b self) -> Option<Box<dyn std::fmt::Display + 'b>> {
        miette::Diagnostic::help(self.inner)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        miette::Diagnostic::labels(self.inner)
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.source)
    }
}

/// Counts by severity: `(errors, warnings, advice)`.
pub fn counts(diags: &[Diagnostic]) -> (usize, usize, usize) {
    diags
        .iter()
        .fold((0, 0, 0), |(e, w, a), d| match d.severity {
            Severity::Error => (e + 1, w, a),
            Severity::Warning => (e, w + 1, a),
            Severity::Advice => (e, w, a + 1),
        })
}

/// Sorts findings by position (file-level ones first), then by code, so
/// output is stable whatever order rules ran in.
pub fn sort(diags: &mut [Diagnostic]) {
    diags.sort_by_key(|d| (d.primary_span().unwrap_or(Span::empty(0)).start, d.code));
}

/// Findings listed per consequence group in the verdict block; the rest of
/// a group is counted.
const SHOWN_PER_GROUP: usize = 5;

/// The verdict block that ends a file's human output: the verdict in
/// words, then the findings grouped by consequence, gravest first, each
/// with its line and the article, e.g.
///
/// ```text
/// x.trf: NOT RATEABLE: FIDE will not rate this event (TRF16 · Swiss · standard · 9 players · 5 rounds · regulations 2009)
///   Will not be rated (1):
///     line 4: the time control gives 100 min …; see FIDE Rating Regulations …, art. 1.1
/// ```
pub fn render_verdict(
    file: &str,
    loc: &Locator<'_>,
    rep: &crate::check::CheckReport,
    facts: &str,
) -> String {
    let mut out = String::new();
    let head = match rep.verdict {
        Verdict::NotRateable => "NOT RATEABLE: FIDE will not rate this event as played",
        Verdict::FixBeforeUpload => {
            "FIX BEFORE UPLOAD: data FIDE or the rating officer needs is missing or wrong"
        }
        Verdict::Ready => {
            if rep.count(Consequence::GamesNotRated) + rep.count(Consequence::PlayersNotRated) > 0 {
                "READY to upload: FIDE will rate it, without the games or players named below"
            } else {
                "READY to upload: FIDE will rate it"
            }
        }
    };
    out.push_str(&format!("{file}: {head} ({facts})\n"));
    for c in Consequence::ALL {
        let total = rep.count(c);
        if total == 0 {
            continue;
        }
        out.push_str(&format!("  {} ({total}):\n", c.heading()));
        let group = rep.diagnostics.iter().filter(|d| d.consequence == c);
        let mut shown = 0;
        for d in group.take(SHOWN_PER_GROUP) {
            shown += 1;
            let at = d
                .primary_span()
                .map(|s| format!("line {}: ", loc.locate(s.start as usize).0))
                .unwrap_or_default();
            let see = d
                .reference
                .as_ref()
                .map(|r| format!(" ({r})"))
                .unwrap_or_default();
            out.push_str(&format!("    {at}{}{see} [{}]\n", d.message, d.rule));
        }
        if total > shown {
            out.push_str(&format!("    … and {} more\n", total - shown));
        }
    }
    let (e, w, a) = rep.counts();
    out.push_str(&format!(
        "  {e} error{}, {w} warning{}, {a} advice\n",
        if e == 1 { "" } else { "s" },
        if w == 1 { "" } else { "s" },
    ));
    out
}
