//! Diagnostics: what the parser and the rules report.
//!
//! One runtime type, [`Diagnostic`], serves the parser's syntax findings and
//! every validation rule. It implements [`miette::Diagnostic`] for the
//! terminal and [`serde::Serialize`] for the JSON contract. Rules state their
//! code, name and severity once, in the registry; a finding only adds what is
//! specific to one occurrence (message, labels, help).

pub(crate) mod overflow;
mod verdict;
pub(crate) mod words;

/// `1 game`, `3 games`: how every message counts things (English plurals,
/// never "game(s)").
pub(crate) fn plural(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    let word = if n == 1 { one } else { many };
    // Without `format!`: findings count things once each, thousands of
    // times on a large report.
    let mut s = String::with_capacity(word.len() + 8);
    words::push_decimal(&mut s, n);
    s.push(' ');
    s.push_str(word);
    s
}

pub use verdict::Verdict;

use crate::source::span::Span;
use serde::Serialize;
use std::fmt;

/// How serious a finding is. Ordered: `Advice < Warning < Error`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
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

/// What a finding means for the report: what FIDE will do with it.
///
/// A contract: the names (`as_str`, JSON `"consequence"`) never change.
/// Ordered from the gravest to the mildest, the order in which the human
/// output groups findings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Consequence {
    /// The event as played cannot be rated: nothing the arbiter can type
    /// fixes it.
    EventNotRated,
    /// Data FIDE or the rating officer needs is missing or wrong, and the
    /// arbiter can correct it before the upload.
    FixBeforeUpload,
    /// Named players get no rating, or no first rating, from this event.
    PlayersNotRated,
    /// Named games are excluded from rating; the rest of the event is rated.
    GamesNotRated,
    /// Wrong, but without effect on rating.
    Cosmetic,
    /// An assumption, or something that was not (or cannot be) checked.
    Info,
}

impl Consequence {
    /// Every consequence, gravest first.
    pub const ALL: [Consequence; 6] = [
        Consequence::EventNotRated,
        Consequence::FixBeforeUpload,
        Consequence::PlayersNotRated,
        Consequence::GamesNotRated,
        Consequence::Cosmetic,
        Consequence::Info,
    ];

    /// The contract name: `event-not-rated`, `games-not-rated`,
    /// `players-not-rated`, `fix-before-upload`, `cosmetic`, `info`.
    pub fn as_str(self) -> &'static str {
        match self {
            Consequence::EventNotRated => "event-not-rated",
            Consequence::FixBeforeUpload => "fix-before-upload",
            Consequence::PlayersNotRated => "players-not-rated",
            Consequence::GamesNotRated => "games-not-rated",
            Consequence::Cosmetic => "cosmetic",
            Consequence::Info => "info",
        }
    }

    /// The first consequence, gravest first, at which `after` has more
    /// findings at that level or graver than `before` (counts in the order
    /// of [`Consequence::ALL`]): what a change that must never make a
    /// report graver (`trf fmt`) has made graver. `info` is not graver.
    pub(crate) fn graver(before: &[usize; 6], after: &[usize; 6]) -> Option<Consequence> {
        let (mut b, mut a) = (0, 0);
        for (i, c) in Consequence::ALL.into_iter().enumerate() {
            if c == Consequence::Info {
                break;
            }
            b += before[i];
            a += after[i];
            if a > b {
                return Some(c);
            }
        }
        None
    }

    /// Reads a contract name.
    pub fn from_name(name: &str) -> Option<Consequence> {
        Consequence::ALL.into_iter().find(|c| c.as_str() == name)
    }

    /// What the consequence means for the report, in words (`trf explain`).
    pub fn meaning(self) -> &'static str {
        match self {
            Consequence::EventNotRated => "the event as played cannot be rated; nothing the arbiter can type fixes it",
            Consequence::FixBeforeUpload => "data FIDE or the rating officer needs is missing or wrong, and the arbiter can correct it before the upload",
            Consequence::PlayersNotRated => "the players named get no rating, or no first rating, from this event",
            Consequence::GamesNotRated => "the games named are left out of the rating; the rest of the event is rated",
            Consequence::Cosmetic => "wrong, but without effect on the rating",
            Consequence::Info => "an assumption, or something that was not or cannot be checked",
        }
    }

    /// The heading of the group in human output ("Will not be rated").
    pub fn heading(self) -> &'static str {
        match self {
            Consequence::EventNotRated => "Will not be rated",
            Consequence::FixBeforeUpload => "Fix before upload",
            Consequence::PlayersNotRated => "Players not rated",
            Consequence::GamesNotRated => "Games not rated",
            Consequence::Cosmetic => "Cosmetic (no effect on rating)",
            Consequence::Info => "For information",
        }
    }

    /// The severity a finding of this consequence has unless its rule says
    /// otherwise: the two that change the verdict are errors, the ones FIDE
    /// rates around and the cosmetic ones warnings, information advice.
    pub fn default_severity(self) -> Severity {
        match self {
            Consequence::EventNotRated | Consequence::FixBeforeUpload => Severity::Error,
            Consequence::PlayersNotRated | Consequence::GamesNotRated | Consequence::Cosmetic => {
                Severity::Warning
            }
            Consequence::Info => Severity::Advice,
        }
    }

    /// The consequence a finding built without a rule's declaration gets
    /// from its severity (errors block, warnings are cosmetic).
    pub fn from_severity(s: Severity) -> Consequence {
        match s {
            Severity::Error => Consequence::FixBeforeUpload,
            Severity::Warning => Consequence::Cosmetic,
            Severity::Advice => Consequence::Info,
        }
    }
}

impl fmt::Display for Consequence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A labelled span inside a diagnostic.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
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
#[non_exhaustive]
pub struct Diagnostic {
    /// Stable code, e.g. `TRF-S001` or `TRF-R104`. Never reused.
    pub code: &'static str,
    /// Stable kebab-case rule name, e.g. `asymmetric-pairing`.
    pub rule: &'static str,
    /// Effective severity.
    pub severity: Severity,
    /// What the finding means for the report (see [`Consequence`]).
    pub consequence: Consequence,
    /// One-line message: lowercase start, no trailing period.
    pub message: String,
    /// Spans to draw; the first primary one gives `line`/`column`.
    pub labels: Vec<Label>,
    /// What to do about it.
    pub help: Option<String>,
    /// The article or specification section enforced, e.g.
    /// "FIDE Rating Regulations effective 1 March 2024, art. 1.4.1".
    pub reference: Option<String>,
    /// How people read it with others of its rule (`None`: by the
    /// likeness of their messages). Machine formats ignore it.
    pub grouping: Option<Grouping>,
}

/// Findings of one rule that people read as one entry: those with the
/// same `head` are shown once, with each finding's `item` (one entry per
/// pair of reports, listing the players, say). JSON, SARIF and annotations
/// keep each finding whole, with its own message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grouping {
    /// What the findings share, said once ("players described differently
    /// in `b.trf`").
    pub head: String,
    /// What this finding adds to it (the player and the values).
    pub item: String,
}

impl Diagnostic {
    /// A diagnostic with no labels yet; its consequence follows from its
    /// severity (see [`Consequence::from_severity`]).
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
            consequence: Consequence::from_severity(severity),
            message: message.into(),
            labels: Vec::new(),
            help: None,
            reference: None,
            grouping: None,
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

    /// Overrides the consequence for this finding (e.g. a rule whose
    /// finding excludes some games in one case and the whole event in
    /// another); the severity becomes the consequence's default.
    pub fn with_consequence(mut self, consequence: Consequence) -> Self {
        self.consequence = consequence;
        self.severity = consequence.default_severity();
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

    /// Shows it to people as `item` of one entry with the findings of its
    /// rule that have the same `head` ([`Grouping`]).
    pub(crate) fn grouped(mut self, head: impl Into<String>, item: impl Into<String>) -> Self {
        self.grouping = Some(Grouping {
            head: head.into(),
            item: item.into(),
        });
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
        let c = self.consequence.as_str();
        Some(Box::new(match (&self.help, &self.reference) {
            (None, None) => format!("consequence: {c}"),
            (Some(h), None) => format!("{h}\nconsequence: {c}"),
            (None, Some(r)) => format!("consequence: {c}\nsee {r}"),
            (Some(h), Some(r)) => format!("{h}\nconsequence: {c}\nsee {r}"),
        }))
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

/// What every rule (syntax or validation) states once: its stable code and
/// name, its category, its default severity and its documentation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct RuleMeta {
    /// Stable code, e.g. `TRF-S004`.
    pub code: &'static str,
    /// Stable kebab-case name, e.g. `invalid-round-block`.
    pub name: &'static str,
    /// Category, which the code's letter decides.
    pub category: Category,
    /// Default severity.
    pub severity: Severity,
    /// What a finding of this rule means for the report, by default.
    pub consequence: Consequence,
    /// Where that consequence comes from: the article, FIDE letter or
    /// server practice, as `trf explain` prints it.
    pub consequence_source: &'static str,
    /// The consequence rests on a source that is silent or unconfirmed:
    /// findings are warnings and say so rather than block.
    pub unconfirmed: bool,
    /// For an unconfirmed rule, what FIDE has not published and what
    /// trfkit reads instead, as every finding of the rule says it ("FIDE
    /// has not published …; trfkit reads …"); `None` when the source
    /// itself says so.
    pub reading: Option<&'static str>,
    /// One line: what it checks.
    pub summary: &'static str,
    /// The long documentation (Markdown with fixed sections).
    pub explanation: &'static str,
    /// Where the rule is declared (`file:line`), for `trf explain`.
    pub location: &'static str,
}

/// What a rule looks at, decided by the letter of its code: `TRF-S…` the
/// reader (syntax); `TRF-T…`, `TRF-P…`, `TRF-R…`, `TRF-X…` the report's own
/// consistency (integrity); `TRF-F…` the FIDE Rating Regulations;
/// `TRF-L…` the official rating list; `TRF-A…` several reports read
/// together (across reports); `TRF-W…` the rules for Swiss systems
/// (pairings). Written in JSON and SARIF as
/// [`Category::as_str`] (a contract).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Category {
    /// The reader's findings (`TRF-S…`).
    Syntax,
    /// Tournament, player, round and cross-record consistency
    /// (`TRF-T…`, `TRF-P…`, `TRF-R…`, `TRF-X…`).
    Integrity,
    /// The FIDE Rating Regulations (`TRF-F…`).
    Regulations,
    /// The official rating list (`TRF-L…`).
    RatingList,
    /// Problems only visible across several reports read together
    /// (`TRF-A…`).
    #[serde(rename = "across")]
    AcrossReports,
    /// FIDE's rules for Swiss systems, Handbook C.04 (`TRF-W…`): for the
    /// arbiter to review; FIDE's rating does not depend on them.
    Pairings,
}

impl Category {
    /// The category of a code (`TRF-` and a letter). A code of no known
    /// letter fails to compile where a rule is declared, since declarations
    /// are evaluated at compile time.
    pub const fn of_code(code: &str) -> Category {
        let b = code.as_bytes();
        assert!(b.len() > 4, "a rule code is TRF- and a letter");
        match b[4] {
            b'S' => Category::Syntax,
            b'T' | b'P' | b'R' | b'X' => Category::Integrity,
            b'F' => Category::Regulations,
            b'L' => Category::RatingList,
            b'A' => Category::AcrossReports,
            b'W' => Category::Pairings,
            _ => panic!("unknown rule code letter"),
        }
    }

    /// The name written in JSON, SARIF and `trf explain`.
    pub fn as_str(self) -> &'static str {
        match self {
            Category::Syntax => "syntax",
            Category::Integrity => "integrity",
            Category::Regulations => "regulations",
            Category::RatingList => "rating-list",
            Category::AcrossReports => "across",
            Category::Pairings => "pairings",
        }
    }
}

impl std::fmt::Display for Category {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // `pad`, not `write_str`: `trf rules` aligns the column with a width.
        f.pad(self.as_str())
    }
}

impl RuleMeta {
    /// Starts a finding of this rule at its default severity.
    pub fn diag(&'static self, message: impl Into<String>) -> Diagnostic {
        let mut d = Diagnostic::new(self.code, self.name, self.severity, message);
        d.consequence = self.consequence;
        d
    }
}

/// Says, in a finding's help, that its consequence rests on a source that
/// is silent or unconfirmed (the rule is marked so in its declaration), so
/// that nobody takes a warning for FIDE's word.
pub(crate) fn note_unconfirmed(d: &mut Diagnostic, meta: &RuleMeta) {
    if !meta.unconfirmed {
        return;
    }
    const NOTE: &str = "what FIDE does in this case is not published; this is trfkit's reading (see `trf explain`)";
    // A source that says itself what FIDE has not published and what
    // trfkit reads is said where the finding is read, not only in `trf
    // explain`.
    let note = match meta.reading {
        Some(reading) => reading,
        None if meta
            .consequence_source
            .starts_with("FIDE has not published") =>
        {
            meta.consequence_source
        }
        None => NOTE,
    };
    d.help = Some(match d.help.take() {
        Some(h) => format!("{h}; {note}"),
        None => note.to_owned(),
    });
}

/// Counts by severity: `(errors, warnings, advice)`.
pub(crate) fn counts(diags: &[Diagnostic]) -> (usize, usize, usize) {
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
pub(crate) fn sort(diags: &mut [Diagnostic]) {
    diags.sort_by_key(|d| (d.primary_span().unwrap_or(Span::empty(0)).start, d.code));
}
