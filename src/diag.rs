//! Diagnostics: what the parser and the rules report.
//!
//! One runtime type, [`Diagnostic`], serves the parser's syntax findings and
//! every validation rule. It implements [`miette::Diagnostic`] for the
//! terminal and [`serde::Serialize`] for the JSON contract. Rules state their
//! code, name and severity once, in the registry; a finding only adds what is
//! specific to one occurrence (message, labels, help).

use crate::span::Span;
use serde::Serialize;
use std::fmt;

/// How serious a finding is. Ordered: `Advice < Warning < Error`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Information the rating officer should know; never blocks rating.
    Advice,
    /// Probably wrong, or something FIDE flags, but the file can be rated.
    Warning,
    /// FIDE will reject or mis-rate the report until this is fixed.
    Error,
}

impl Severity {
    /// The lowercase name used in JSON and plain text.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Advice => "advice",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

impl From<Severity> for miette::Severity {
    fn from(s: Severity) -> Self {
        match s {
            Severity::Advice => miette::Severity::Advice,
            Severity::Warning => miette::Severity::Warning,
            Severity::Error => miette::Severity::Error,
        }
    }
}

/// A labelled span inside a diagnostic.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Label {
    /// Byte span into the decoded source.
    #[serde(skip)]
    pub span: Span,
    /// Short text drawn under the span.
    pub text: String,
    /// The label the diagnostic is "about" (its line and column are reported).
    pub primary: bool,
}

/// One finding: a stable code, a kebab-case rule name, a message, labels on
/// the exact columns, a help text telling the fix, and the regulation cited.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Stable code, e.g. `TRF-S001` or `TRF-R104`. Never reused.
    pub code: &'static str,
    /// Stable kebab-case rule name, e.g. `asymmetric-pairing`.
    pub rule: &'static str,
    /// Effective severity.
    pub severity: Severity,
    /// One-line message: lowercase start, no trailing period.
    pub message: String,
    /// Spans to draw; the first primary one gives `line`/`column`.
    pub labels: Vec<Label>,
    /// What to do about it.
    pub help: Option<String>,
    /// The article or specification section enforced, e.g.
    /// "FIDE Rating Regulations effective 1 March 2024, art. 1.4.1".
    pub reference: Option<String>,
}

impl Diagnostic {
    /// A diagnostic with no labels yet.
    pub fn new(
        code: &'static str,
        rule: &'static str,
        severity: Severity,
        message: impl Into<String>,
    ) -> Self {
        Diagnostic {
            code,
            rule,
            severity,
            message: message.into(),
            labels: Vec::new(),
            help: None,
            reference: None,
        }
    }

    /// Adds the primary label (the columns the finding is about).
    pub fn primary(mut self, span: Span, text: impl Into<String>) -> Self {
        self.labels.push(Label {
            span,
            text: text.into(),
            primary: true,
        });
        self
    }

    /// Adds a secondary label (context).
    pub fn secondary(mut self, span: Span, text: impl Into<String>) -> Self {
        self.labels.push(Label {
            span,
            text: text.into(),
            primary: false,
        });
        self
    }

    /// Overrides the severity (a rule whose finding is milder or graver in
    /// one case than its default).
    pub fn with_severity(mut self, severity: Severity) -> Self {
        self.severity = severity;
        self
    }

    /// Sets the help text.
    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Sets the reference (article or specification section).
    pub fn reference(mut self, reference: impl Into<String>) -> Self {
        self.reference = Some(reference.into());
        self
    }

    /// The span of the primary label, else the first label.
    pub fn primary_span(&self) -> Option<Span> {
        self.labels
            .iter()
            .find(|l| l.primary)
            .or(self.labels.first())
            .map(|l| l.span)
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Diagnostic {}

impl miette::Diagnostic for Diagnostic {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(format!("{}({})", self.code, self.rule)))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(self.severity.into())
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        match (&self.help, &self.reference) {
            (None, None) => None,
            (Some(h), None) => Some(Box::new(h)),
            (None, Some(r)) => Some(Box::new(format!("see {r}"))),
            (Some(h), Some(r)) => Some(Box::new(format!("{h}\nsee {r}"))),
        }
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        if self.labels.is_empty() {
            return None;
        }
        Some(Box::new(self.labels.iter().map(|l| {
            let text = (!l.text.is_empty()).then(|| l.text.clone());
            if l.primary {
                miette::LabeledSpan::new_primary_with_span(text, l.span)
            } else {
                miette::LabeledSpan::new_with_span(text, l.span)
            }
        })))
    }
}

/// Where diagnostics go while parsing or checking.
///
/// The parser and the rules recover and keep going; the caller decides
/// whether it wants all findings (`Vec<Diagnostic>`) or none (`()`).
pub trait Sink {
    /// Receives one finding.
    fn report(&mut self, d: Diagnostic);
}

impl Sink for Vec<Diagnostic> {
    fn report(&mut self, d: Diagnostic) {
        self.push(d);
    }
}

impl Sink for () {
    fn report(&mut self, _: Diagnostic) {}
}

/// What every rule (syntax or validation) states once: its stable code and
/// name, its category, its default severity and its documentation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RuleMeta {
    /// Stable code, e.g. `TRF-S004`.
    pub code: &'static str,
    /// Stable kebab-case name, e.g. `invalid-round-block`.
    pub name: &'static str,
    /// Category: `syntax`, `integrity`, `regulations`, `rating-list`.
    pub category: &'static str,
    /// Default severity.
    pub severity: Severity,
    /// One line: what it checks.
    pub summary: &'static str,
    /// The long documentation (Markdown with fixed sections).
    pub explanation: &'static str,
}

impl RuleMeta {
    /// Starts a finding of this rule at its default severity.
    pub fn diag(&'static self, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(self.code, self.name, self.severity, message)
    }
}
