//! `trf check` as a library call: parse findings plus every applicable rule.

use crate::diag::{Diagnostic, Severity};
use crate::parse::Parsed;
use crate::report;
use crate::rules::{self, CheckOptions, Ctx};

/// The outcome of checking one report.
#[derive(Debug, Clone)]
pub struct CheckReport {
    /// Syntax and rule findings, sorted by position.
    pub diagnostics: Vec<Diagnostic>,
    /// The edition of the rating regulations applied.
    pub regulations: crate::regulations::Version,
    /// The tournament type and why.
    pub kind: crate::kind::KindDecision,
}

impl CheckReport {
    /// Number of errors, warnings and advice.
    pub fn counts(&self) -> (usize, usize, usize) {
        report::counts(&self.diagnostics)
    }

    /// True when no finding is an error: FIDE can rate the report as it is.
    pub fn rateable(&self) -> bool {
        !self
            .diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error)
    }
}

/// Checks a parsed report.
pub fn check(parsed: &Parsed, opts: &CheckOptions) -> CheckReport {
    let ctx = Ctx::new(&parsed.tournament, &parsed.text, opts);
    let mut diagnostics: Vec<Diagnostic> = parsed
        .diagnostics
        .iter()
        .filter(|d| opts.enabled(d.rule, d.code))
        .cloned()
        .collect();
    diagnostics.extend(rules::run(&ctx));
    report::sort(&mut diagnostics);
    CheckReport {
        diagnostics,
        regulations: ctx.regs.version,
        kind: ctx.kind.clone(),
    }
}
