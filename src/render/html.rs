//! The HTML report: one self-contained document (inline CSS, no script,
//! nothing fetched) that says whether a report can be uploaded, what to
//! fix and what the rating calculation gives, and prints on A4.
//!
//! Templates live in `templates/` and are compiled in by askama, which
//! escapes every value by default: names and messages from a report can
//! never become markup.

use super::norms::NormsSection;
use super::pairings::{PageBudget, PairingsSection};
use super::view::{self, ReportView};
use crate::ratinglist::ListLookup;
use askama::Template;
use chrono::{DateTime, Utc};
use std::sync::Arc;

pub(crate) use super::view::ReportInput;

#[derive(Template)]
#[template(path = "report.html")]
struct ReportDocument<'a> {
    r: &'a ReportView,
    norms: Option<NormsSection>,
    pairings: Option<&'a PairingsSection>,
}

/// The "Norms" section of a report: shown when a player made a norm; the
/// opponents' titles and ratings checked against `list` when given.
fn norms_of(input: &ReportInput<'_>, list: Option<Arc<ListLookup>>) -> Option<NormsSection> {
    let opts = crate::norms::NormOptions {
        list,
        ..Default::default()
    };
    let n = crate::norms::evaluate_checked(&input.parsed.tournament, input.check, &opts);
    super::norms::section(&n)
}

/// The "Pairings" section of a report: shown when the pairing checker has
/// something to say; on a page (`page`, what is left of its budget), a
/// Swiss too large for it is not re-paired and the section says so.
pub(crate) fn pairings_of(
    input: &ReportInput<'_>,
    page: Option<&mut PageBudget>,
) -> Option<PairingsSection> {
    super::pairings::section(
        &input.parsed.tournament,
        input.check.tournament_type.kind,
        page,
    )
}

/// The report as a complete HTML document, checked at `checked_at`.
pub(crate) fn report(input: &ReportInput<'_>, checked_at: DateTime<Utc>) -> String {
    report_with_list(input, None, checked_at)
}

/// The report as a complete HTML document, its "Norms" section checking
/// the opponents' titles and ratings against the rating list the check
/// used (`trf report --rating-list`), as `trf norms --rating-list` does;
/// its footer says it was checked at `checked_at`.
pub(crate) fn report_with_list(
    input: &ReportInput<'_>,
    list: Option<Arc<ListLookup>>,
    checked_at: DateTime<Utc>,
) -> String {
    let pairings = pairings_of(input, None);
    report_document(input, list, pairings.as_ref(), checked_at)
}

/// [`report_with_list`] with its "Pairings" section given (the page's,
/// bounded by [`PageBudget`] and worked out once for the page and the
/// download).
pub(crate) fn report_document(
    input: &ReportInput<'_>,
    list: Option<Arc<ListLookup>>,
    pairings: Option<&PairingsSection>,
    checked_at: DateTime<Utc>,
) -> String {
    let r = view::build(input, "f", checked_at);
    render(&ReportDocument {
        r: &r,
        norms: norms_of(input, list),
        pairings,
    })
}

/// A file offered for download on the web page.
#[derive(Debug, Clone)]
pub(crate) struct Download {
    /// The button's text.
    pub label: String,
    /// The name the browser saves it under.
    pub file_name: String,
    /// Where it is: on the page of `trf serve`, a link the server answers
    /// by making the file from what it keeps of the upload; on the page in
    /// the browser, an anchor its script answers.
    pub href: String,
}

/// The reports whose part of the page is drawn on the page of `trf serve`;
/// each report after them is its title, its verdict and a link to its part
/// on a page of its own ([`Pending::href`]), so that a page of many reports
/// is as large as what is read on it, as the findings of one rule beyond
/// the per-rule limit are counted, not shown.
pub(crate) const DRAWN: usize = 20;

/// One checked upload on the web page.
#[derive(Debug)]
pub(crate) struct PageReport {
    view: ReportView,
    downloads: Vec<Download>,
    norms: Option<NormsSection>,
    pairings: Option<PairingsSection>,
}

impl PageReport {
    /// The report of `input`, offered with `downloads`; `index` keeps the
    /// section ids of several reports on one page apart. Its "Norms"
    /// section checks the opponents' titles and ratings against the rating
    /// list sent with the reports, when one was, as `trf report
    /// --rating-list` does; its "Pairings" section is `pairings`
    /// ([`pairings_of`]); checked at `checked_at`.
    pub(crate) fn new(
        input: &ReportInput<'_>,
        index: usize,
        downloads: Vec<Download>,
        list: Option<Arc<ListLookup>>,
        pairings: Option<PairingsSection>,
        checked_at: DateTime<Utc>,
    ) -> Self {
        PageReport {
            view: view::build(input, &format!("f{index}"), checked_at),
            downloads,
            norms: norms_of(input, list),
            pairings,
        }
    }
}

/// One report's part of the page, alone: what the page in the browser
/// draws in place of its [`Pending`] placeholder.
#[derive(Template)]
#[template(path = "page_report.html")]
struct PageReportPart<'a> {
    u: &'a PageReport,
}

impl PageReport {
    /// Its part of the page (its downloads, its report, its norms, its
    /// pairings), as the
    /// page of `trf serve` shows it.
    pub(crate) fn html(&self) -> String {
        render(&PageReportPart { u: self })
    }
}

/// A report not drawn on the page: its title and verdict. On the page in
/// the browser, in a box as high as a screen, which the page's script
/// replaces with the report's part ([`PageReport::html`]) when it comes
/// into view; on the page of `trf serve`, with a link to its part on a
/// page of its own ([`Pending::href`]). A page of many reports is then as
/// large as what is looked at.
#[derive(Debug)]
pub(crate) struct Pending {
    /// Its place among the reports (the page's script asks for it).
    pub index: usize,
    /// The id its report's section has (`f3`): the overview links to it.
    pub anchor: String,
    /// The event's name, else the file's.
    pub title: String,
    /// The file's name.
    pub file: String,
    /// "Ready to upload".
    pub verdict_head: String,
    /// `ready`.
    pub verdict_class: &'static str,
    /// Where the page of `trf serve` draws it (`None` on the page in the
    /// browser, whose script draws it in place).
    pub href: Option<String>,
}

impl Pending {
    /// The placeholder of report `index`, `input`.
    pub(crate) fn of(input: &ReportInput<'_>, index: usize) -> Pending {
        let row = super::summary::SummaryRow::of(input.file, input.parsed, input.check);
        Pending::of_row(index, &row, input.check)
    }

    /// The placeholder of report `index`, whose line of the overview is
    /// `row` and whose findings are `check` (the report itself let go).
    pub(crate) fn of_row(
        index: usize,
        row: &super::summary::SummaryRow,
        check: &crate::check::CheckReport,
    ) -> Pending {
        // The event's name, else the file's, as the report's title.
        let title = if row.event.is_empty() {
            row.file.clone()
        } else {
            row.event.clone()
        };
        Pending {
            index,
            anchor: format!("f{index}"),
            title,
            file: row.file.clone(),
            verdict_head: view::verdict_words(check).0,
            verdict_class: check.verdict.as_str(),
            href: None,
        }
    }
}

/// A rating period's section alone: what the page in the browser draws in
/// place of its [`PendingPeriod`] placeholder.
#[derive(Template)]
#[template(path = "period_section.html")]
struct PeriodPart<'a> {
    p: &'a super::period::PeriodSection,
}

/// The section of the rating period `p`, as the page of `trf serve` shows
/// it.
pub(crate) fn period_html(p: &super::period::PeriodSection) -> String {
    render(&PeriodPart { p })
}

/// A rating period of the page in the browser not drawn yet: its heading,
/// which the page's script replaces with the period's section
/// ([`period_html`]) when it comes into view.
#[derive(Debug)]
pub(crate) struct PendingPeriod {
    /// Its place among the periods, the first the one the reports make.
    pub index: usize,
    /// "Rating period 2025-04 (standard): 3 reports read, 3 in the period".
    pub heading: String,
}

impl PendingPeriod {
    /// The placeholder of period `index`, `p`.
    pub(crate) fn of(p: &super::period::PeriodSection, index: usize) -> PendingPeriod {
        let kind = p
            .rating_type
            .as_ref()
            .map(|t| format!(" ({t})"))
            .unwrap_or_default();
        PendingPeriod {
            index,
            heading: format!("Rating period {}{kind}: {}", p.period, p.tally),
        }
    }
}

/// The web page of `trf serve`: the upload form, then any problems with
/// the upload, then the report of every file checked.
#[derive(Debug, Template)]
#[template(path = "page.html")]
pub(crate) struct Page {
    /// The largest upload accepted, in words ("64 MiB").
    pub max_size: String,
    /// Problems to show: (headline, explanation).
    pub problems: Vec<(String, String)>,
    /// The reports.
    pub reports: Vec<PageReport>,
    /// The reports not drawn on the page (after [`Page::reports`]): the
    /// page in the browser draws each as it comes into view; the page of
    /// `trf serve` links each to its own page, after the first [`DRAWN`].
    pub pending: Vec<Pending>,
    /// The verdicts of all, first, when several reports were dropped.
    pub overview: Option<Overview>,
    /// Several reports: their verdicts and their rating period as CSV.
    pub tables: Vec<Download>,
    /// The rating period of the reports dropped together, when several.
    pub period: Option<super::period::PeriodSection>,
    /// The other lists the reports are expected on, each its own period,
    /// in month order (the page has no `--period`).
    pub other_periods: Vec<super::period::PeriodSection>,
    /// The periods the page in the browser draws as they come into view
    /// (empty for `trf serve`).
    pub pending_periods: Vec<PendingPeriod>,
    /// "trfkit 0.1.0".
    pub generator: String,
    /// The server's per-run secret, sent back with the form (empty: no
    /// field).
    pub token: String,
    /// The page runs in the browser (`web/`): its form is read by the
    /// page's own script and sent nowhere.
    pub in_browser: bool,
    /// When the reports on it were checked.
    pub checked_at: DateTime<Utc>,
    /// How many reports the page of `trf serve` draws ([`DRAWN`]).
    pub drawn: usize,
}

impl Page {
    /// An empty page (the form only) for uploads up to `max_bytes`, whose
    /// reports say they were checked at `checked_at`.
    pub(crate) fn new(max_bytes: u64, checked_at: DateTime<Utc>) -> Page {
        Page {
            max_size: size_words(max_bytes),
            problems: Vec::new(),
            reports: Vec::new(),
            pending: Vec::new(),
            overview: None,
            period: None,
            other_periods: Vec::new(),
            pending_periods: Vec::new(),
            tables: Vec::new(),
            generator: format!("trfkit {}", env!("CARGO_PKG_VERSION")),
            token: String::new(),
            in_browser: false,
            checked_at,
            drawn: DRAWN,
        }
    }

    /// With several reports, their verdicts first, each linking to its
    /// report further down the page (`rows`, each report's line and its
    /// findings, in the order the reports are added).
    pub(crate) fn set_overview<'a>(
        &mut self,
        rows: impl ExactSizeIterator<
            Item = (
                &'a super::summary::SummaryRow,
                &'a crate::check::CheckReport,
            ),
        >,
    ) {
        if rows.len() < 2 {
            return;
        }
        let entries = rows
            .enumerate()
            .map(|(i, (row, rep))| OverviewEntry::of_row(row.clone(), rep, format!("#f{i}")))
            .collect();
        self.overview = Some(Overview::new(entries));
    }

    /// The page as HTML.
    pub(crate) fn html(&self) -> String {
        render(self)
    }
}

/// "64 MiB", "1.5 KiB", "200 bytes".
pub(crate) fn size_words(bytes: u64) -> String {
    const UNITS: [(u64, &str); 3] = [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")];
    for (size, unit) in UNITS {
        if bytes >= size {
            let tenths = bytes * 10 / size;
            return if tenths % 10 == 0 {
                format!("{} {unit}", tenths / 10)
            } else {
                format!("{}.{} {unit}", tenths / 10, tenths % 10)
            };
        }
    }
    format!("{bytes} bytes")
}

/// A file name as one segment of a relative URL: every byte but letters,
/// digits and `-._~` percent-encoded (a name may hold blanks, `#` or `?`).
pub(crate) fn url_segment(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for b in name.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// One line of the overview of several reports, and where its report is.
#[derive(Debug, Clone)]
pub(crate) struct OverviewEntry {
    /// The report's line.
    pub row: super::summary::SummaryRow,
    /// The link to its report: a file beside `index.html`, or an anchor on
    /// the page.
    pub href: String,
}

impl OverviewEntry {
    /// The line of the report `file` as read (`parsed`) and checked
    /// (`rep`), linking to `href`. A report ready to upload gives as its
    /// gravest reason its gravest finding that is not advice: advice (an
    /// unplayed game not rated, a date read one way) needs no act, and
    /// beside "ready" would read as one.
    pub(crate) fn of(
        file: &str,
        parsed: &crate::Parsed,
        rep: &crate::check::CheckReport,
        href: String,
    ) -> OverviewEntry {
        OverviewEntry::of_row(super::summary::SummaryRow::of(file, parsed, rep), rep, href)
    }

    /// [`OverviewEntry::of`] from the report's line `row` (the report
    /// itself let go).
    pub(crate) fn of_row(
        mut row: super::summary::SummaryRow,
        rep: &crate::check::CheckReport,
        href: String,
    ) -> OverviewEntry {
        if row.verdict == crate::diag::Verdict::Ready {
            let acts: Vec<crate::diag::Diagnostic> = rep
                .diagnostics
                .iter()
                .filter(|d| d.severity != crate::diag::Severity::Advice)
                .cloned()
                .collect();
            row.reason = super::summary::gravest(&acts)
                .map(super::summary::reason)
                .unwrap_or_default();
        }
        OverviewEntry { row, href }
    }
}

/// The verdicts of several reports, each linking to its report: the page
/// `index.html` of `trf report -o DIR`, and the head of the local page.
#[derive(Debug, Clone)]
pub(crate) struct Overview {
    /// The lines, in the order of the inputs.
    pub entries: Vec<OverviewEntry>,
    /// How many.
    pub count: usize,
    /// "2 ready, 1 fix before upload, 0 not rateable".
    pub tally: String,
    /// "trfkit 0.1.0".
    pub generator: String,
}

impl Overview {
    /// The overview of these lines.
    pub(crate) fn new(entries: Vec<OverviewEntry>) -> Overview {
        let n = |v: crate::diag::Verdict| entries.iter().filter(|e| e.row.verdict == v).count();
        Overview {
            count: entries.len(),
            tally: format!(
                "{} ready, {} fix before upload, {} not rateable",
                n(crate::diag::Verdict::Ready),
                n(crate::diag::Verdict::FixBeforeUpload),
                n(crate::diag::Verdict::NotRateable)
            ),
            entries,
            generator: format!("trfkit {}", env!("CARGO_PKG_VERSION")),
        }
    }

    /// `index.html`: the overview as a complete document.
    pub(crate) fn index_html(&self) -> String {
        render(&IndexDocument { o: self })
    }
}

#[derive(Template)]
#[template(path = "index.html")]
struct IndexDocument<'a> {
    o: &'a Overview,
}

/// Renders a template. The templates only print fields and loop over
/// vectors, so rendering cannot fail short of running out of memory; the
/// message then says so rather than panic.
fn render(t: &impl Template) -> String {
    t.render().unwrap_or_else(|_| {
        "<!DOCTYPE html><title>trfkit</title><p>The report could not be drawn.</p>".to_owned()
    })
}

#[cfg(test)]
mod tests {
    use super::size_words;

    #[test]
    fn sizes_in_words() {
        assert_eq!(size_words(64 << 20), "64 MiB");
        assert_eq!(size_words(1536), "1.5 KiB");
        assert_eq!(size_words(1000), "1000 bytes");
        assert_eq!(size_words(3 << 30), "3 GiB");
    }
}
