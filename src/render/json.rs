//! The JSON contract of `trf check --format json`: one object per finding
//! (extend, never rename).

use crate::check::CheckReport;
use crate::diag::{Consequence, Diagnostic, Label};
use crate::read::Parsed;
use crate::source::Locator;

/// The JSON of one checked file, as `--format json` prints it (without the
/// newline): the contract the web page's download shares. One compact
/// object, byte for byte what `serde_json::to_string` wrote for a value of
/// the contract's shape (the tests keep that value and compare both on
/// every sample and corpus report), written directly: no copy of the texts into a value first, and
/// strings scanned many bytes a step (as in `render::pretty`).
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
    let t = &parsed.tournament;
    let loc = parsed.locator();
    let (e, w, adv) = rep.counts();
    // Room for the texts and, generously, for the keys and numbers around
    // them: growing a line of many kilobytes means copying it.
    let text_len: usize = rep
        .diagnostics
        .iter()
        .map(|d| {
            d.message.len()
                + d.help.as_ref().map_or(0, String::len)
                + d.reference.as_ref().map_or(0, String::len)
                + d.labels.iter().map(|l| l.text.len() + 96).sum::<usize>()
                + 256
        })
        .sum();
    let mut out = String::with_capacity(2048 + name.len() + text_len);
    out.push_str("{\"file\":");
    string(&mut out, name);
    out.push_str(",\"dialect\":");
    string(&mut out, t.dialect.dialect.as_str());
    out.push_str(",\"encoding\":");
    string(&mut out, t.encoding.as_str());
    out.push_str(",\"players\":");
    integer(&mut out, t.players.len());
    out.push_str(",\"rounds\":");
    integer(&mut out, t.rounds);
    out.push_str(",\"regulations\":");
    string(&mut out, rep.regulations.id());
    out.push_str(",\"tournament_type\":");
    string(&mut out, rep.tournament_type.kind.as_str());
    out.push_str(",\"tournament_type_reason\":");
    string(&mut out, &rep.tournament_type.reason);
    out.push_str(",\"rating_type\":");
    match rep.rating_type.rating_type {
        Some(r) => string(&mut out, r.as_str()),
        None => out.push_str("null"),
    }
    out.push_str(",\"rating_type_reason\":");
    string(&mut out, &rep.rating_type.reason);
    out.push_str(",\"verdict\":");
    string(&mut out, rep.verdict.as_str());
    out.push_str(",\"rated_games\":");
    integer(&mut out, rep.rated_games);
    // A map keyed by the contract names: sorted by name, as a `BTreeMap`.
    let mut by_name = Consequence::ALL;
    by_name.sort_unstable_by_key(|c| c.as_str());
    out.push_str(",\"consequences\":{");
    for (k, c) in by_name.into_iter().enumerate() {
        if k > 0 {
            out.push(',');
        }
        string(&mut out, c.as_str());
        out.push(':');
        integer(&mut out, rep.count(c));
    }
    out.push_str("},\"rateable\":");
    out.push_str(if rep.rateable() { "true" } else { "false" });
    out.push_str(",\"errors\":");
    integer(&mut out, e);
    out.push_str(",\"warnings\":");
    integer(&mut out, w);
    out.push_str(",\"advice\":");
    integer(&mut out, adv);
    out.push_str(",\"diagnostics\":[");
    for (k, d) in rep.diagnostics.iter().enumerate() {
        if k > 0 {
            out.push(',');
        }
        diagnostic(&mut out, d, &loc);
    }
    out.push(']');
    if let Some(r) = &rep.registration_source {
        out.push_str(",\"registration_source\":");
        string(&mut out, r);
    }
    out.push('}');
    out
}

/// Line, first column and last column (inclusive, never before the first)
/// of a label.
fn position(l: &Label, loc: &Locator<'_>) -> (u32, u32, u32) {
    let (line, column) = loc.locate(l.span.start as usize);
    let (_, end) = loc.locate(l.span.end as usize);
    (line, column, end.saturating_sub(1).max(column))
}

/// One diagnostic's object; its `line`, `column` and `end_column` are its
/// first primary label's, or its first label's when none is primary.
fn diagnostic(out: &mut String, d: &Diagnostic, loc: &Locator<'_>) {
    out.push_str("{\"code\":");
    string(out, d.code);
    out.push_str(",\"rule\":");
    string(out, d.rule);
    out.push_str(",\"severity\":");
    string(out, d.severity.as_str());
    out.push_str(",\"consequence\":");
    string(out, d.consequence.as_str());
    out.push_str(",\"message\":");
    string(out, &d.message);
    let primary = d
        .labels
        .iter()
        .position(|l| l.primary)
        .or((!d.labels.is_empty()).then_some(0));
    let at = primary.map(|i| (i, position(&d.labels[i], loc)));
    match at {
        Some((_, (line, column, end_column))) => {
            out.push_str(",\"line\":");
            integer(out, line);
            out.push_str(",\"column\":");
            integer(out, column);
            out.push_str(",\"end_column\":");
            integer(out, end_column);
        }
        None => out.push_str(",\"line\":null,\"column\":null,\"end_column\":null"),
    }
    out.push_str(",\"help\":");
    optional(out, d.help.as_deref());
    out.push_str(",\"reference\":");
    optional(out, d.reference.as_deref());
    out.push_str(",\"labels\":[");
    for (k, l) in d.labels.iter().enumerate() {
        if k > 0 {
            out.push(',');
        }
        let (line, column, end_column) = match at {
            Some((i, p)) if i == k => p,
            _ => position(l, loc),
        };
        out.push_str("{\"line\":");
        integer(out, line);
        out.push_str(",\"column\":");
        integer(out, column);
        out.push_str(",\"end_column\":");
        integer(out, end_column);
        out.push_str(",\"text\":");
        string(out, &l.text);
        out.push_str(",\"primary\":");
        out.push_str(if l.primary { "true" } else { "false" });
        out.push('}');
    }
    out.push_str("]}");
}

/// A JSON string, escaped as `serde_json` escapes it.
fn string(out: &mut String, s: &str) {
    super::pretty::compact_string(out, s);
}

/// An optional string: `null` when absent.
fn optional(out: &mut String, s: Option<&str>) {
    match s {
        Some(s) => string(out, s),
        None => out.push_str("null"),
    }
}

/// An unsigned integer in decimal.
fn integer(out: &mut String, v: impl TryInto<u64>) {
    // Every count and position fits: `usize` is at most 64 bits.
    super::pretty::compact_integer(out, v.try_into().unwrap_or(u64::MAX));
}

/// The JSON of `trf rate --format json` for one report (pretty-printed,
/// without the final newline).
pub fn rating(summary: &crate::rating::RatingSummary) -> String {
    crate::render::rate_json::to_string(summary)
}

/// [`rating`] as UTF-8 bytes, for the command, which writes them as they
/// are (no check of the 8 MB of a large summary for UTF-8).
pub(crate) fn rating_bytes(summary: &crate::rating::RatingSummary) -> Vec<u8> {
    crate::render::rate_json::to_bytes(summary)
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

#[cfg(test)]
mod tests {
    //! The line as `serde_json` writes it from a value of the contract's
    //! shape (the writer before this one), compared with [`check_line`].
    use super::*;
    use crate::diag::{Severity, Verdict};
    use crate::regulations::RatingType;
    use serde::Serialize;
    use std::collections::BTreeMap;
    use std::path::{Path, PathBuf};

    #[derive(Serialize)]
    struct JsonDiagnostic {
        code: &'static str,
        rule: &'static str,
        severity: Severity,
        consequence: Consequence,
        message: String,
        line: Option<u32>,
        column: Option<u32>,
        end_column: Option<u32>,
        help: Option<String>,
        reference: Option<String>,
        labels: Vec<JsonLabel>,
    }

    #[derive(Serialize)]
    struct JsonLabel {
        line: u32,
        column: u32,
        end_column: u32,
        text: String,
        primary: bool,
    }

    impl JsonDiagnostic {
        fn new(d: &Diagnostic, loc: &Locator<'_>) -> Self {
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

    /// The contract's shape, as the derive writes it.
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
        rating_type: Option<RatingType>,
        rating_type_reason: String,
        verdict: Verdict,
        rated_games: u32,
        consequences: BTreeMap<&'static str, usize>,
        rateable: bool,
        errors: usize,
        warnings: usize,
        advice: usize,
        diagnostics: Vec<JsonDiagnostic>,
        #[serde(skip_serializing_if = "Option::is_none")]
        registration_source: Option<String>,
    }

    fn by_serde(name: &str, parsed: &Parsed, rep: &CheckReport) -> String {
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

    /// Every report (`.trf`, `.txt`) under `samples/` and, when `corpus`,
    /// the shared corpus, in name order.
    fn all_reports(corpus: bool) -> Vec<PathBuf> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut found = Vec::new();
        crate::model::timecontrol::properties::files_under(&root.join("samples"), &mut found);
        if let Some(shared) = corpus.then(crate::test_corpus::corpus).flatten() {
            crate::model::timecontrol::properties::files_under(&shared, &mut found);
        }
        found.retain(|p| {
            let x = p.extension().and_then(|x| x.to_str()).unwrap_or_default();
            x.eq_ignore_ascii_case("trf") || x == "txt"
        });
        found.sort();
        found
    }

    fn assert_same(name: &str, parsed: &Parsed, rep: &CheckReport) {
        let (expected, written) = (by_serde(name, parsed, rep), check_line(name, parsed, rep));
        // Where they part, to show it.
        let same = expected
            .bytes()
            .zip(written.bytes())
            .take_while(|(a, b)| a == b)
            .count();
        let from = |s: &str| s.get(same.saturating_sub(100)..).unwrap_or(s).to_owned();
        assert!(
            written == expected,
            "{name}: differs from serde_json after {same} bytes:\n{}\n---\n{}",
            from(&expected),
            from(&written)
        );
    }

    /// Every report of `samples/` and of the shared corpus, checked as
    /// `trf check` does (every finding kept) and with a registration
    /// source: the same bytes as `serde_json`.
    #[test]
    fn every_sample_as_serde_json_writes_it() {
        let read = all_reports(true).into_iter().filter_map(|f| {
            crate::read_path(&f, &crate::ReadOptions::default())
                .ok()
                .map(|p| (f, p))
        });
        let mut compared = 0;
        for (f, parsed) in read {
            let mut rep = crate::check::check(&parsed, &crate::rules::CheckOptions::default());
            assert_same(&f.display().to_string(), &parsed, &rep);
            rep.registration_source = Some("row 3 of \"regs.csv\"\t\u{1}é".to_owned());
            assert_same("a \\ name\n", &parsed, &rep);
            compared += 1;
        }
        assert!(compared > 300, "only {compared} reports");
    }

    /// Every name of the enums the line writes is the one their derive
    /// writes (a sample may not meet each of them).
    #[test]
    fn enum_names_as_serde_json_writes_them() {
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

    /// A finding without labels, one whose labels are none primary, and
    /// texts that need escapes: as `serde_json` writes them.
    #[test]
    fn findings_of_every_shape_as_serde_json_writes_them() {
        let Some(parsed) = all_reports(false)
            .iter()
            .find_map(|f| crate::read_path(f, &crate::ReadOptions::default()).ok())
        else {
            panic!("no sample read");
        };
        let mut rep = crate::check::check(&parsed, &crate::rules::CheckOptions::default());
        let base = rep
            .diagnostics
            .iter()
            .find(|d| !d.labels.is_empty())
            .cloned();
        let Some(base) = base else {
            panic!("no finding with a label");
        };
        let mut bare = base.clone();
        bare.labels.clear();
        bare.help = None;
        bare.reference = None;
        bare.message = "\"quoted\" \\ \u{8}\u{c}\n\r\t\u{1f}\u{7f} ½ – 0123456789abcdef".to_owned();
        let mut secondary = base.clone();
        for l in &mut secondary.labels {
            l.primary = false;
            l.text = "ä\u{0}".to_owned();
        }
        rep.diagnostics.extend([bare, secondary]);
        assert_same("x", &parsed, &rep);
    }
}
