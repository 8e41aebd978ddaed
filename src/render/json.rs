//! The JSON contracts of `trf check --format json` (one object per checked
//! file), `trf rate`, `trf parse` and `trf period` (extend, never rename).
//! Every one is a `Serialize` value written by `serde_json`: the field
//! names and their order are the structures' below and the derives of the
//! model, the rating summary and the period.

use crate::check::CheckReport;
use crate::diag::{Consequence, Diagnostic, Label, Severity, Verdict};
use crate::read::Parsed;
use crate::regulations::RatingType;
use crate::source::Locator;
use serde::Serialize;
use std::collections::BTreeMap;

/// The JSON of one checked file, as `--format json` prints it (without the
/// newline): the contract the web page's download shares, one compact
/// object.
///
/// The fields, in order: `file`, `dialect`, `encoding`, `players`,
/// `rounds`, `regulations`, `tournament_type`, `tournament_type_reason`,
/// `rating_type` (null when unknown), `rating_type_reason`, `verdict`,
/// `rated_games`, `consequences` (each consequence's count, keys sorted),
/// `rateable`, `errors`, `warnings`, `advice`, `diagnostics` and, only with
/// `--registrations`, `registration_source`. Each diagnostic: `code`,
/// `rule`, `severity`, `consequence`, `message`, `line`, `column` and
/// `end_column` of its primary label (null when it has no label), `help`,
/// `reference` (null when absent) and `labels` (`line`, `column`,
/// `end_column`, `text`, `primary`).
pub fn check_line(name: &str, parsed: &Parsed, rep: &CheckReport) -> String {
    serde_json::to_string(&CheckedFile::new(name, parsed, rep)).unwrap_or_default()
}

/// The object of [`check_line`].
#[derive(Serialize)]
struct CheckedFile<'a> {
    file: &'a str,
    dialect: &'static str,
    encoding: &'static str,
    players: usize,
    rounds: u16,
    regulations: &'static str,
    tournament_type: &'static str,
    tournament_type_reason: &'a str,
    rating_type: Option<RatingType>,
    rating_type_reason: &'a str,
    verdict: Verdict,
    rated_games: u32,
    /// Keyed by the contract names, so sorted by name.
    consequences: BTreeMap<&'static str, usize>,
    rateable: bool,
    errors: usize,
    warnings: usize,
    advice: usize,
    diagnostics: Vec<Finding<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    registration_source: Option<&'a str>,
}

/// One diagnostic of [`CheckedFile`]; its `line`, `column` and
/// `end_column` are its first primary label's, or its first label's when
/// none is primary.
#[derive(Serialize)]
struct Finding<'a> {
    code: &'static str,
    rule: &'static str,
    severity: Severity,
    consequence: Consequence,
    message: &'a str,
    line: Option<u32>,
    column: Option<u32>,
    end_column: Option<u32>,
    help: Option<&'a str>,
    reference: Option<&'a str>,
    labels: Vec<Place<'a>>,
}

/// One label of a [`Finding`]: its line, first column and last column
/// (inclusive, never before the first).
#[derive(Serialize)]
struct Place<'a> {
    line: u32,
    column: u32,
    end_column: u32,
    text: &'a str,
    primary: bool,
}

impl<'a> CheckedFile<'a> {
    fn new(name: &'a str, parsed: &Parsed, rep: &'a CheckReport) -> Self {
        let t = &parsed.tournament;
        let loc = parsed.locator();
        let (errors, warnings, advice) = rep.counts();
        CheckedFile {
            file: name,
            dialect: t.dialect.dialect.as_str(),
            encoding: t.encoding.as_str(),
            players: t.players.len(),
            rounds: t.rounds,
            regulations: rep.regulations.id(),
            tournament_type: rep.tournament_type.kind.as_str(),
            tournament_type_reason: &rep.tournament_type.reason,
            rating_type: rep.rating_type.rating_type,
            rating_type_reason: &rep.rating_type.reason,
            verdict: rep.verdict,
            rated_games: rep.rated_games,
            consequences: Consequence::ALL
                .iter()
                .map(|c| (c.as_str(), rep.count(*c)))
                .collect(),
            rateable: rep.rateable(),
            errors,
            warnings,
            advice,
            diagnostics: rep
                .diagnostics
                .iter()
                .map(|d| Finding::new(d, &loc))
                .collect(),
            registration_source: rep.registration_source.as_deref(),
        }
    }
}

impl<'a> Finding<'a> {
    fn new(d: &'a Diagnostic, loc: &Locator<'_>) -> Self {
        let labels: Vec<Place<'a>> = d.labels.iter().map(|l| Place::new(l, loc)).collect();
        let primary = labels.iter().find(|l| l.primary).or(labels.first());
        Finding {
            code: d.code,
            rule: d.rule,
            severity: d.severity,
            consequence: d.consequence,
            message: &d.message,
            line: primary.map(|l| l.line),
            column: primary.map(|l| l.column),
            end_column: primary.map(|l| l.end_column),
            help: d.help.as_deref(),
            reference: d.reference.as_deref(),
            labels,
        }
    }
}

impl<'a> Place<'a> {
    fn new(l: &'a Label, loc: &Locator<'_>) -> Self {
        let (line, column) = loc.locate(l.span.start as usize);
        let (_, end) = loc.locate(l.span.end as usize);
        Place {
            line,
            column,
            end_column: end.saturating_sub(1).max(column),
            text: &l.text,
            primary: l.primary,
        }
    }
}

/// The JSON of `trf rate --format json` for one report (pretty-printed,
/// without the final newline).
pub fn rating(summary: &crate::rating::RatingSummary) -> String {
    serde_json::to_string_pretty(summary).unwrap_or_default()
}

/// The JSON of `trf parse --format json`: the model of a report
/// (pretty-printed, without the final newline).
pub fn tournament(t: &crate::model::Tournament) -> String {
    serde_json::to_string_pretty(t).unwrap_or_default()
}

/// The JSON of `trf period --format json` (pretty-printed, without the
/// final newline).
pub fn period(summary: &crate::rating::period::PeriodSummary) -> String {
    serde_json::to_string_pretty(summary).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// Every name of the enums the line writes is the one the text
    /// renderers write (`as_str`): a sample may not meet each of them.
    #[test]
    fn enum_names_are_the_texts_names() {
        let quoted = |s: &str| format!("\"{s}\"");
        for c in Consequence::ALL {
            assert_eq!(serde_json::to_string(&c).ok(), Some(quoted(c.as_str())));
        }
        for s in [Severity::Error, Severity::Warning, Severity::Advice] {
            assert_eq!(serde_json::to_string(&s).ok(), Some(quoted(s.as_str())));
        }
        for v in [
            Verdict::Ready,
            Verdict::FixBeforeUpload,
            Verdict::NotRateable,
        ] {
            assert_eq!(serde_json::to_string(&v).ok(), Some(quoted(v.as_str())));
        }
        for r in [RatingType::Standard, RatingType::Rapid, RatingType::Blitz] {
            assert_eq!(serde_json::to_string(&r).ok(), Some(quoted(r.as_str())));
        }
    }

    /// A finding without labels has no position; one whose labels are none
    /// primary takes its first label's; texts that need escapes come back
    /// as they were; the registration source is there only when given.
    #[test]
    fn findings_of_every_shape() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/hand/malformed-syntax.trf");
        let parsed = crate::read_path(&path, &crate::ReadOptions::default()).unwrap();
        let mut rep = crate::check::check(&parsed, &crate::rules::CheckOptions::default());
        let plain: serde_json::Value =
            serde_json::from_str(&check_line("x", &parsed, &rep)).unwrap();
        assert!(plain.get("registration_source").is_none());
        let base = rep
            .diagnostics
            .iter()
            .find(|d| d.labels.len() > 1 || !d.labels.is_empty())
            .cloned()
            .unwrap();
        let mut bare = base.clone();
        bare.labels.clear();
        bare.help = None;
        bare.message = "\"quoted\" \\ \u{8}\u{c}\n\r\t\u{1f}\u{7f} ½ – é".to_owned();
        let mut secondary = base.clone();
        for l in &mut secondary.labels {
            l.primary = false;
        }
        let loc = parsed.locator();
        let first = Place::new(&secondary.labels[0], &loc);
        let (line, column, end_column) = (first.line, first.column, first.end_column);
        let n = rep.diagnostics.len();
        rep.diagnostics.extend([bare.clone(), secondary]);
        rep.registration_source = Some("row 3".to_owned());
        let text = check_line("a \\ name", &parsed, &rep);
        assert!(!text.contains('\n'));
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["file"], "a \\ name");
        assert_eq!(v["registration_source"], "row 3");
        let d = &v["diagnostics"];
        assert_eq!(d[n]["message"], bare.message.as_str());
        assert!(d[n]["line"].is_null() && d[n]["column"].is_null() && d[n]["help"].is_null());
        assert_eq!(d[n]["labels"], serde_json::json!([]));
        assert_eq!(d[n + 1]["line"], line);
        assert_eq!(d[n + 1]["column"], column);
        assert_eq!(d[n + 1]["end_column"], end_column);
        assert_eq!(d[n + 1]["labels"][0]["primary"], false);
    }
}
