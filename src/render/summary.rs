//! One line per report (`trf check --summary`, the overview of `trf report`
//! with several inputs and of the local page): the file, the event, its
//! dates and rating list, the verdict and the gravest reason in a few
//! words, without the findings.

use crate::check::CheckReport;
use crate::diag::{Consequence, Diagnostic, Verdict};
use crate::read::Parsed;
use crate::render::columns;
use serde::Serialize;

/// One report's line.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct SummaryRow {
    /// The file as named on the command line (or in a folder).
    pub file: String,
    /// The event's name (`012`), empty when absent.
    pub event: String,
    /// The start date (`042`, else the first round date), ISO 8601.
    pub start: Option<String>,
    /// The end date (`052`, else the last round date), ISO 8601.
    pub end: Option<String>,
    /// `standard`, `rapid`, `blitz`, or `None` when no list rates the event.
    pub rating_type: Option<&'static str>,
    /// The verdict (a contract name: `ready`, `fix-before-upload`,
    /// `not-rateable`).
    pub verdict: Verdict,
    /// The gravest reason in a few words: the summary of the rule of the
    /// gravest finding that changes what is rated (`games-not-rated` or
    /// graver), else of a problem across reports, with its rule name; empty
    /// when there is none.
    pub reason: String,
    /// Findings per consequence, in the order of [`Consequence::ALL`].
    pub by_consequence: [usize; 6],
}

impl SummaryRow {
    /// The line of one checked report.
    pub(crate) fn of(file: &str, parsed: &Parsed, rep: &CheckReport) -> SummaryRow {
        let t = &parsed.tournament;
        SummaryRow {
            file: file.to_owned(),
            event: t
                .header
                .name
                .as_ref()
                .map(|n| n.value.trim().to_owned())
                .unwrap_or_default(),
            start: t.start_date().map(|d| d.to_string()),
            end: t.end_date().map(|d| d.to_string()),
            rating_type: rep.rating_type.rating_type.map(|r| r.as_str()),
            verdict: rep.verdict,
            reason: gravest(&rep.diagnostics).map(reason).unwrap_or_default(),
            by_consequence: rep.by_consequence,
        }
    }

    /// The line again after findings were added to `rep` (the problems
    /// across reports, found once every report was read).
    pub(crate) fn recount(&mut self, rep: &CheckReport) {
        self.verdict = rep.verdict;
        self.reason = gravest(&rep.diagnostics).map(reason).unwrap_or_default();
        self.by_consequence = rep.by_consequence;
    }
}

/// The gravest finding that changes what is rated (ties: the first in the
/// report), with a report given twice (`duplicate-report`) right after
/// what blocks the upload and the other problems across reports after what
/// is rated: an officer must see them even in a report ready to upload.
pub(crate) fn gravest(diags: &[Diagnostic]) -> Option<&Diagnostic> {
    diags
        .iter()
        .filter_map(|d| {
            let rank = match (d.consequence, d.code) {
                (Consequence::EventNotRated, _) => 0,
                (Consequence::FixBeforeUpload, _) => 1,
                (_, "TRF-A002") => 2,
                (Consequence::PlayersNotRated, _) => 3,
                (Consequence::GamesNotRated, _) => 4,
                (_, "TRF-A001") => 5,
                (_, "TRF-A003") => 6,
                _ => return None,
            };
            Some((rank, d))
        })
        .min_by_key(|(k, _)| *k)
        .map(|(_, d)| d)
}

/// A finding in a few words: its rule's one-line summary and name.
pub(crate) fn reason(d: &Diagnostic) -> String {
    let summary = crate::rules::registry::all()
        .find(|e| e.meta.code == d.code)
        .map_or(d.message.as_str(), |e| e.meta.summary);
    format!("{summary} ({})", d.rule)
}

/// The lines as a table for people: one line per report under a heading,
/// columns aligned as a terminal shows them (the event cut at 40 columns).
pub(crate) fn human(rows: &[SummaryRow]) -> String {
    let cells: Vec<[String; 6]> = rows
        .iter()
        .map(|r| {
            let mut event = columns::cut(&r.event, 40).to_owned();
            if event.len() < r.event.len() {
                event.push('…');
            }
            [
                r.file.clone(),
                event,
                r.start.clone().unwrap_or_else(|| "-".into()),
                r.rating_type.unwrap_or("-").to_owned(),
                r.verdict.as_str().to_owned(),
                r.reason.clone(),
            ]
        })
        .collect();
    let head = ["file", "event", "start", "type", "verdict", "reason"];
    let mut width = head.map(columns::width);
    for c in &cells {
        for (w, s) in width.iter_mut().zip(c) {
            *w = (*w).max(columns::width(s));
        }
    }
    let mut out = String::new();
    let mut line = |c: [&str; 6]| {
        let mut l = String::new();
        for (i, (s, w)) in c.iter().zip(width).enumerate() {
            if i + 1 < c.len() {
                columns::left(&mut l, s, w + 2);
            } else {
                l.push_str(s);
            }
        }
        out.push_str(l.trim_end());
        out.push('\n');
    };
    line(head);
    for c in &cells {
        line([&c[0], &c[1], &c[2], &c[3], &c[4], &c[5]]);
    }
    out
}

/// The lines as CSV (`file,event,start,end,rating_type,verdict,reason`
/// and one column per consequence, named by its contract name), through
/// the one CSV writer.
pub(crate) fn csv(rows: &[SummaryRow]) -> String {
    let mut head = vec![
        "file",
        "event",
        "start",
        "end",
        "rating_type",
        "verdict",
        "reason",
    ];
    head.extend(Consequence::ALL.iter().map(|c| c.as_str()));
    let mut t = super::csv::Table::new(&head);
    for r in rows {
        let mut cells = vec![
            r.file.clone(),
            r.event.clone(),
            r.start.clone().unwrap_or_default(),
            r.end.clone().unwrap_or_default(),
            r.rating_type.unwrap_or_default().to_owned(),
            r.verdict.as_str().to_owned(),
            r.reason.clone(),
        ];
        cells.extend(r.by_consequence.iter().map(|n| n.to_string()));
        t.row(cells);
    }
    t.finish()
}
