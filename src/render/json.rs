//! The JSON contract of `trf check --format json`: one object per finding
//! (extend, never rename).

use crate::check::CheckReport;
use crate::diag::{Consequence, Diagnostic, Severity, Verdict};
use crate::read::Parsed;
use crate::source::Locator;
use serde::Serialize;
use std::collections::BTreeMap;

/// One diagnostic in the JSON contract of `trf check --format json`.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct JsonDiagnostic {
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
pub(crate) struct JsonLabel {
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
    pub(crate) fn new(d: &Diagnostic, loc: &Locator<'_>) -> Self {
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

/// One file's line of JSON.
#[derive(Serialize)]
struct JsonFile {
    file: String,
    dialect: &'static str,
    encoding: &'static str,
    players: usize,
    rounds: u16,
    regulations: &'static str,
    tournament_type: &'static str,
    tournament_type_reason: String,
    rating_type: Option<crate::regulations::RatingType>,
    rating_type_reason: String,
    verdict: Verdict,
    rated_games: u32,
    consequences: BTreeMap<&'static str, usize>,
    rateable: bool,
    errors: usize,
    warnings: usize,
    advice: usize,
    diagnostics: Vec<JsonDiagnostic>,
    /// Only with `--registrations`: its row, or that the flags apply.
    #[serde(skip_serializing_if = "Option::is_none")]
    registration_source: Option<String>,
}

/// The JSON of one checked file, as `--format json` prints it (without the
/// newline): the contract the web page's download shares.
pub fn check_line(name: &str, parsed: &Parsed, rep: &CheckReport) -> String {
    let t = &parsed.tournament;
    let loc = parsed.locator();
    let (e, w, adv) = rep.counts();
    let j = JsonFile {
        file: name.to_owned(),
        dialect: t.dialect.dialect.as_str(),
        encoding: t.encoding.as_str(),
        players: t.players.len(),
        rounds: t.rounds,
        regulations: rep.regulations.id(),
        tournament_type: rep.tournament_type.kind.as_str(),
        tournament_type_reason: rep.tournament_type.reason.clone(),
        rating_type: rep.rating_type.rating_type,
        rating_type_reason: rep.rating_type.reason.clone(),
        verdict: rep.verdict,
        rated_games: rep.rated_games,
        consequences: Consequence::ALL
            .iter()
            .map(|c| (c.as_str(), rep.count(*c)))
            .collect(),
        rateable: rep.rateable(),
        errors: e,
        warnings: w,
        advice: adv,
        diagnostics: rep
            .diagnostics
            .iter()
            .map(|d| JsonDiagnostic::new(d, &loc))
            .collect(),
        registration_source: rep.registration_source.clone(),
    };
    serde_json::to_string(&j).unwrap_or_default()
}

/// The JSON of `trf rate --format json` for one report (pretty-printed,
/// without the final newline).
pub fn rating(summary: &crate::rating::RatingSummary) -> String {
    crate::render::rate_json::to_string(summary)
}

/// The JSON of `trf parse --format json`: the model of a report
/// (pretty-printed, without the final newline).
pub fn tournament(t: &crate::model::Tournament) -> String {
    serde_json::to_string_pretty(t).unwrap_or_default()
}

/// The JSON of `trf period --format json` (pretty-printed, without the
/// final newline).
pub fn period(summary: &crate::rating::period::PeriodSummary) -> String {
    crate::render::pretty::to_string(summary, 4096 + 1024 * summary.players.len())
}
