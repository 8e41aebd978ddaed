//! Reports uploaded to the local web page (`trf serve`), from their bytes
//! to the page: read, looked up in the rating list sent with them, checked
//! and rated as `trf check` and `trf rate` do (with the problems across the
//! reports sent together), each with its HTML report and its JSON and CSV
//! downloads, and for several reports the rating period they make together.
//!
//! No sockets and no HTTP: the server streams the upload into memory and
//! hands the files over; the fuzz target `upload_page` calls the same
//! function, and so does the page that runs in the browser
//! ([`BrowserPage`], built to WebAssembly by `web/`), which reads the files
//! there and sends them nowhere. Every problem with a file is a message on
//! the page, never an error.

use crate::across::ReportKeys;
use crate::check::{AcrossKept, AcrossSink};
use crate::rating::period::{
    expected_of, rate_searched, reduce_all, search_with, PeriodOptions, Plan, ReportRated,
};
use crate::rating::{rate_checked, CheckedRating, RateOptions};
use crate::ratinglist::{ListLookup, ListSource};
use crate::read::{parse_vec, Parsed, ReadError, ReadOptions};
use crate::render::html::{
    pairings_of, period_html, report_document, size_words, Download, Page, PageReport, Pending,
    PendingPeriod, ReportInput, DRAWN,
};
use crate::render::pairings::{PageBudget, PairingsSection};
use crate::render::period::{render_csv as period_csv, PeriodSection};
use crate::render::rating::{render_csv_files, RatedFile};
use crate::render::summary::{csv as summary_csv, SummaryRow};
use crate::rules::registrations::Registrations;
use crate::rules::CheckOptions;
use chrono::{DateTime, Utc};
use std::path::Path;
use std::sync::Arc;

/// An uploaded file: its name (without any folder) and its bytes.
pub(crate) type Upload = (String, Vec<u8>);

/// Checks and rates every report of `reports` (with the rating list `list`,
/// when one was sent) and adds them to `page`: a problem for each file that
/// cannot be read (and for a list that cannot), the overview of several
/// reports, and the report of each with its downloads (its HTML report, its
/// findings and its rating as JSON, its rating as CSV) as links under
/// `base` that [`Kept`] answers ([`check_uploads_while`]). The page has no
/// report when none could be read.
pub(crate) fn check_uploads(
    page: Page,
    read: &ReadOptions,
    reports: Vec<Upload>,
    list: Option<Upload>,
    base: &str,
) -> (Page, Option<Kept>) {
    check_uploads_while(
        page,
        read,
        reports,
        list.map(ListUpload::Bytes),
        None,
        None,
        &|| true,
        base,
    )
}

/// [`check_uploads`], asking `go` between reports and stages whether to go
/// on: `trf serve` stops the work of a request whose client has left (the
/// page is then incomplete, and no one reads it). A plain list may come as
/// a stream (`trf serve` spools a large one to a temporary file);
/// `registrations` is the officer's registrations file, as `trf check
/// --registrations` reads it; `published` the list FIDE published at the
/// end of the period, read as the rating list is, which the period is
/// compared with as `trf period --published` compares it.
///
/// The page carries no file: each download is a link under `base`
/// (`BASE download/INDEX/KIND`, `BASE table/INDEX`), and each report after
/// the first [`DRAWN`] a link to its part (`BASE report/INDEX`), which the
/// server answers from what it keeps of the upload, [`Kept`] (`None` when
/// no report could be read, or the work stopped).
#[allow(clippy::too_many_arguments)]
pub(crate) fn check_uploads_while(
    mut page: Page,
    read: &ReadOptions,
    reports: Vec<Upload>,
    list: Option<ListUpload>,
    registrations: Option<Upload>,
    published: Option<ListUpload>,
    go: &dyn Fn() -> bool,
    base: &str,
) -> (Page, Option<Kept>) {
    let Some(Checked {
        names,
        whole,
        later,
        list,
        tables,
        sources,
    }) = check_all(
        &mut page,
        read,
        reports,
        list,
        registrations,
        published,
        go,
        true,
    )
    else {
        return (page, None);
    };
    page.tables = tables
        .iter()
        .enumerate()
        .map(|(k, (label, name, _))| Download {
            label: (*label).to_owned(),
            file_name: (*name).to_owned(),
            href: format!("{base}table/{k}"),
        })
        .collect();
    // No report read: nothing to make again.
    let Some(sources) = sources.filter(|_| !names.is_empty()) else {
        return (page, None);
    };
    // Each report is let go once its part of the page is built.
    for (i, (p, r)) in whole.into_iter().enumerate() {
        if !go() {
            return (page, None);
        }
        let name = &names[i];
        let input = ReportInput {
            file: name,
            parsed: &p,
            check: &r.report,
            rating: &r.summary,
        };
        page.reports.push(PageReport::new(
            &input,
            i,
            links(base, i, name),
            list.clone(),
            sources.pairings[i].clone(),
            page.checked_at,
        ));
    }
    page.pending = later
        .into_iter()
        .map(|mut p| {
            p.href = Some(format!("{base}report/{}", p.index));
            p
        })
        .collect();
    let kept = Kept {
        read: read.clone(),
        checked_at: page.checked_at,
        list,
        sources,
        names,
        tables,
    };
    (page, Some(kept))
}

/// The links to the downloads of report `index`, named `name`, under
/// `base`.
fn links(base: &str, index: usize, name: &str) -> Vec<Download> {
    DOWNLOADS
        .iter()
        .enumerate()
        .map(|(kind, d)| Download {
            label: d.label.to_owned(),
            file_name: d.file_name(name),
            href: format!("{base}download/{index}/{kind}"),
        })
        .collect()
}

/// What `trf serve` keeps of an upload once its page is sent, to make each
/// download and each report's part of the page when it is asked for: each
/// report's bytes, the options it was checked with, the findings across
/// reports it shows and its "Pairings" section, the players of the rating
/// list the reports name, and the tables of several reports. Its size is
/// the upload's and the findings shown, not the pages and files it makes:
/// a report is read, checked and rated again when one of them is asked for,
/// with the same options, so each is what the page would have carried.
pub(crate) struct Kept {
    read: ReadOptions,
    checked_at: DateTime<Utc>,
    list: Option<Arc<ListLookup>>,
    sources: Sources,
    names: Vec<String>,
    tables: Vec<(&'static str, &'static str, String)>,
}

impl std::fmt::Debug for Kept {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Kept")
            .field("names", &self.names)
            .finish_non_exhaustive()
    }
}

impl Kept {
    /// About how many bytes it holds: the reports' bytes and the tables'
    /// text, each report's options and "Pairings" section (a few kB at
    /// most: its rounds and rows are bounded), and about 1 kB for each
    /// finding across reports a report shows (its message, labels and
    /// help).
    pub(crate) fn size(&self) -> u64 {
        let s = &self.sources;
        let bytes: usize = s.bytes.iter().map(Vec::len).sum();
        let tables: usize = self.tables.iter().map(|t| t.2.len()).sum();
        let findings: usize = s.across.iter().flatten().map(AcrossKept::held).sum();
        (bytes + tables + (self.names.len() << 12) + (findings << 10)) as u64
    }

    /// The largest report's bytes (what making one again reads).
    pub(crate) fn largest(&self) -> u64 {
        self.sources.bytes.iter().map(Vec::len).max().unwrap_or(0) as u64
    }

    /// Report `index` read, checked and rated again, as the page's was:
    /// `None` past the last.
    fn again(&self, index: usize) -> Option<(Parsed, CheckedRating)> {
        let s = &self.sources;
        let bytes = s.bytes.get(index)?;
        // It was read once already: the same bytes read the same way.
        let parsed = parse_report(bytes.clone(), &self.read).ok()?;
        let mut rated = rate_checked(&parsed, &s.opts[index], &s.rate);
        if let Some(kept) = &s.across[index] {
            rated.report.add_kept(kept.clone(), &s.check);
        }
        Some((parsed, rated))
    }

    /// Report `index`'s part of the page (its downloads as links under
    /// `base`, its report, its norms and its pairings), as the page would
    /// have drawn it: `None` past the last.
    pub(crate) fn part(&self, index: usize, base: &str) -> Option<PageReport> {
        let (parsed, rated) = self.again(index)?;
        let name = &self.names[index];
        let input = ReportInput {
            file: name,
            parsed: &parsed,
            check: &rated.report,
            rating: &rated.summary,
        };
        Some(PageReport::new(
            &input,
            index,
            links(base, index, name),
            self.list.clone(),
            self.sources.pairings[index].clone(),
            self.checked_at,
        ))
    }

    /// Download `kind` of report `index` (0: the HTML report, 1: the
    /// findings as JSON, 2: the rating as JSON, 3: the rating as CSV): the
    /// name to save it under, its media type and its text, or `None` when
    /// there is no such report or download.
    pub(crate) fn download(
        &self,
        index: usize,
        kind: usize,
    ) -> Option<(String, &'static str, String)> {
        let d = DOWNLOADS.get(kind)?;
        let (parsed, rated) = self.again(index)?;
        let name = &self.names[index];
        let input = ReportInput {
            file: name,
            parsed: &parsed,
            check: &rated.report,
            rating: &rated.summary,
        };
        let body = d.body(
            &input,
            self.list.clone(),
            self.sources.pairings[index].as_ref(),
            self.checked_at,
        );
        Some((d.file_name(name), d.mime, body))
    }

    /// Table `index` of several reports as CSV (0: their verdicts, 1: their
    /// rating period), as [`CheckedPage::download_table`] gives it.
    pub(crate) fn table(&self, index: usize) -> Option<(String, &'static str, String)> {
        let (_, name, body) = self.tables.get(index)?;
        Some(((*name).to_owned(), CSV, body.clone()))
    }
}

/// The rating list sent with the reports.
pub(crate) enum ListUpload {
    /// Its name and bytes (a plain list or a zip).
    Bytes(Upload),
    /// Its name and its bytes read in pieces as it is scanned (a plain
    /// list too large to hold: FIDE's full TXT list in a browser).
    Stream(String, Box<dyn std::io::Read>),
}

impl std::fmt::Debug for ListUpload {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ListUpload::Bytes((name, bytes)) => write!(f, "Bytes({name:?}, {} bytes)", bytes.len()),
            ListUpload::Stream(name, _) => write!(f, "Stream({name:?})"),
        }
    }
}

/// The reports of one upload, read, checked and rated together: what the
/// page and its downloads are drawn from.
pub(crate) struct Checked {
    /// The files' names, in the order given.
    names: Vec<String>,
    /// The reports held whole, each as read and as checked and rated: on
    /// the page in the browser every report, on the page of `trf serve`
    /// the first [`DRAWN`] (the others are let go once checked and
    /// reduced, and made again from [`Kept`] when asked for).
    whole: Vec<(Parsed, CheckedRating)>,
    /// The placeholders of the reports after [`Checked::whole`].
    later: Vec<Pending>,
    /// The rating list's players the reports name, when a list was sent.
    list: Option<Arc<ListLookup>>,
    /// Several reports: their verdicts and their period as CSV (the
    /// button's text, the file's name, its text).
    tables: Vec<(&'static str, &'static str, String)>,
    /// What checks each report again, when asked to keep it.
    sources: Option<Sources>,
}

/// What reads, checks and rates each report of an upload again as it was
/// the first time ([`Kept`]).
struct Sources {
    /// Each report's bytes.
    bytes: Vec<Vec<u8>>,
    /// The options each was checked with (its row of the registrations
    /// file).
    opts: Vec<CheckOptions>,
    /// The findings across reports each shows (several reports).
    across: Vec<Option<AcrossKept>>,
    /// The options of the whole upload (the per-rule limit the findings
    /// across reports are kept within).
    check: CheckOptions,
    /// The rating options.
    rate: RateOptions,
    /// Each report's "Pairings" section, worked out in the order of the
    /// reports within the budget of the upload's page.
    pairings: Vec<Option<PairingsSection>>,
}

impl Checked {
    /// Report `i` as the renderers take it (one held whole).
    fn input(&self, i: usize) -> ReportInput<'_> {
        let (parsed, rated) = &self.whole[i];
        ReportInput {
            file: &self.names[i],
            parsed,
            check: &rated.report,
            rating: &rated.summary,
        }
    }
}

impl std::fmt::Debug for Checked {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Checked")
            .field("names", &self.names)
            .finish_non_exhaustive()
    }
}

/// A report of an upload once checked: held whole, or (on the page of
/// `trf serve`, after the first [`DRAWN`]) only its findings.
enum Report {
    Whole(Box<(Parsed, CheckedRating)>),
    Findings(Box<crate::check::CheckReport>),
}

impl Report {
    /// Its findings.
    fn findings(&self) -> &crate::check::CheckReport {
        match self {
            Report::Whole(w) => &w.1.report,
            Report::Findings(r) => r,
        }
    }

    /// Its findings, to add to.
    fn findings_mut(&mut self) -> &mut crate::check::CheckReport {
        match self {
            Report::Whole(w) => &mut w.1.report,
            Report::Findings(r) => r,
        }
    }
}

/// The reports checked and reduced together: the period's share of each
/// is rated for a few reports at a time, in parallel where the build has
/// threads, and the reports then let go.
const AT_ONCE: usize = 16;

/// Reads, checks and rates `reports` with the rating list `list` and each
/// report's row of the registrations file `registrations`, as `trf check`
/// and `trf rate` do (with the problems across the reports), and adds to
/// `page` a problem for each file that cannot be read, the overview of
/// several reports and the rating period they make together (also of one
/// report, when the list FIDE published, `published`, is given to compare
/// the period with); `None` as soon as `go` says to stop.
///
/// With `keep` (the page of `trf serve`), what checks each report again
/// ([`Sources`]) is kept, and only the first [`DRAWN`] reports are held
/// whole: each of the others is read for the players the list is scanned
/// for and let go, then read again, checked, rated, reduced for the
/// period and re-paired, and only its findings and its line of the
/// overview kept; the memory is then the upload's bytes, the drawn
/// reports and what the period and the page show, not every report at
/// once. Without it (the page in the browser, which draws every report
/// when it comes into view), every report is held whole.
#[allow(clippy::too_many_arguments)]
fn check_all(
    page: &mut Page,
    read: &ReadOptions,
    reports: Vec<Upload>,
    list: Option<ListUpload>,
    registrations: Option<Upload>,
    published: Option<ListUpload>,
    go: &dyn Fn() -> bool,
    keep: bool,
) -> Option<Checked> {
    // Each report read once for the players the lists are scanned for and
    // the list it is expected on; kept as read, or as bytes to read again.
    let mut readable: Vec<(String, Result<Parsed, Vec<u8>>)> = Vec::new();
    let mut ids: Vec<u64> = Vec::new();
    let mut expected = Vec::new();
    for (name, bytes) in reports {
        if !go() {
            return None;
        }
        let copy = keep.then(|| bytes.clone());
        match parse_report(bytes, read) {
            Ok(p) => {
                ids.extend(ListLookup::ids_of(&p.tournament));
                expected.push(expected_of(&p));
                readable.push((name, copy.map_or(Ok(p), Err)));
            }
            Err(e) => page.problems.push(unreadable(&name, &e)),
        }
    }
    let lookup = list.and_then(|list| {
        scan_list(
            page,
            list,
            &ids,
            "rating list",
            "The reports below are checked without it.",
        )
    });
    let published = published.and_then(|list| {
        let not = "The rating period is not compared with it.";
        scan_list(page, list, &ids, "published list", not)
    });
    drop(ids);
    let rate_opts = RateOptions {
        list: lookup.as_ref().map(|l| l.to_map()),
        ..RateOptions::default()
    };
    let opts = CheckOptions {
        rating_list: lookup,
        ..CheckOptions::default()
    };
    let regs = registrations.and_then(|(name, bytes)| match Registrations::from_bytes(&bytes) {
        Ok(r) => Some((Arc::new(r), name)),
        Err(e) => {
            page.problems.push((
                format!("The registration facts in {name} could not be read"),
                format!(
                    "{}. The reports below are checked without them.",
                    printable(&e.to_string())
                ),
            ));
            None
        }
    });
    // Several reports (or one compared with the published list): the
    // period FIDE would rate them in together, each on the list it is
    // expected on (the page has no `--period`).
    let several = readable.len() > 1;
    let period = (several || published.is_some()).then(|| PeriodOptions {
        list: opts.rating_list.clone(),
        check: opts.clone(),
        rate: rate_opts.clone(),
        registrations: regs.clone(),
        published,
        ..PeriodOptions::default()
    });
    let list_month = period
        .as_ref()
        .and_then(|o| Plan::new(&expected, o).list_month);
    drop(expected);
    // The same checks and rating pass as `trf check` and `trf rate`; each
    // report reduced to what the period and the search across reports
    // read (as `trf period` reduces it).
    let mut names: Vec<String> = Vec::with_capacity(readable.len());
    let mut checked: Vec<Report> = Vec::with_capacity(readable.len());
    let mut rows: Vec<SummaryRow> = Vec::with_capacity(readable.len());
    let mut reduced: Vec<(ReportRated, ReportKeys)> = Vec::new();
    let mut sources = keep.then(|| Sources {
        bytes: Vec::new(),
        opts: Vec::new(),
        across: Vec::new(),
        check: opts.clone(),
        rate: rate_opts.clone(),
        pairings: Vec::new(),
    });
    let mut budget = PageBudget::new();
    // The reports the registrations file does not name.
    let mut unnamed = Vec::new();
    let mut readable = readable.into_iter();
    loop {
        let mut batch: Vec<(String, Parsed, CheckedRating)> = Vec::with_capacity(AT_ONCE);
        for (name, report) in readable.by_ref().take(AT_ONCE) {
            if !go() {
                return None;
            }
            let p = match report {
                Ok(p) => p,
                Err(bytes) => {
                    if let Some(s) = &mut sources {
                        s.bytes.push(bytes.clone());
                    }
                    // The same bytes read the same way as a moment ago.
                    match parse_report(bytes, read) {
                        Ok(p) => p,
                        Err(e) => {
                            page.problems.push(unreadable(&name, &e));
                            if let Some(s) = &mut sources {
                                s.bytes.pop();
                            }
                            continue;
                        }
                    }
                }
            };
            let mine = match &regs {
                Some((r, file)) => {
                    let event = p.tournament.header.name.as_ref().map(|n| n.value.as_str());
                    let (mine, found) = r.options_for(&opts, Path::new(&name), event, file);
                    if !found {
                        unnamed.push(name.clone());
                    }
                    mine
                }
                None => opts.clone(),
            };
            let rated = rate_checked(&p, &mine, &rate_opts);
            if let Some(s) = &mut sources {
                s.opts.push(mine);
            }
            batch.push((name, p, rated));
        }
        if batch.is_empty() {
            break;
        }
        if let Some(o) = &period {
            let named: Vec<(&str, &Parsed)> =
                batch.iter().map(|(n, p, _)| (n.as_str(), p)).collect();
            reduced.extend(reduce_all(&named, o, list_month));
        }
        for (name, p, rated) in batch {
            let input = ReportInput {
                file: &name,
                parsed: &p,
                check: &rated.report,
                rating: &rated.summary,
            };
            rows.push(SummaryRow::of(&name, &p, &rated.report));
            if let Some(s) = &mut sources {
                // Re-paired once, in the order of the reports, for the page
                // and its HTML download: a report drawn later on its own
                // page has the section it would have had here.
                s.pairings.push(pairings_of(&input, Some(&mut budget)));
            }
            checked.push(if keep && names.len() >= DRAWN {
                Report::Findings(Box::new(rated.report))
            } else {
                Report::Whole(Box::new((p, rated)))
            });
            names.push(name);
        }
    }
    if let (Some((_, file)), false) = (&regs, unnamed.is_empty()) {
        page.problems.push((
            format!("{file} does not name every report"),
            format!(
                "Checked without registration facts, so their registration with FIDE is not checked: {}. A row names a report by its file name (column file) or by its event's name as the report gives it (column event).",
                unnamed.join(", ")
            ),
        ));
    }
    if !go() {
        return None;
    }
    // The search across the reports run once over their keys: its findings
    // go to each report's page (grouped and bounded per rule as `trf
    // check` does) and to the period.
    let searched = period.as_ref().map(|o| {
        let (reports, keys): (Vec<ReportRated>, Vec<ReportKeys>) = reduced.into_iter().unzip();
        let mut sink = AcrossSink::new(keys.len(), &opts, false);
        let searched = search_with(keys, o, Some(&mut sink));
        if several {
            for ((r, row), kept) in checked.iter_mut().zip(&mut rows).zip(sink.reports) {
                if let Some(s) = &mut sources {
                    s.across.push(Some(kept.clone()));
                }
                r.findings_mut().add_kept(kept, &opts);
                row.recount(r.findings());
            }
        }
        (reports, searched)
    });
    if let Some(s) = &mut sources {
        s.across.resize(names.len(), None);
    }
    page.set_overview(rows.iter().zip(checked.iter().map(Report::findings)));
    let mut whole = Vec::new();
    let mut later = Vec::new();
    for (i, (r, row)) in checked.into_iter().zip(&rows).enumerate() {
        match r {
            Report::Whole(w) => whole.push(*w),
            Report::Findings(rep) => later.push(Pending::of_row(i, row, &rep)),
        }
    }
    let mut tables = Vec::new();
    if !go() {
        return None;
    }
    if let (Some(period), Some((reports, searched))) = (&period, searched) {
        let summary = rate_searched(reports, searched, period, None);
        page.other_periods = summary
            .other_periods
            .iter()
            .flatten()
            .map(PeriodSection::of)
            .collect();
        page.period = Some(PeriodSection::of(&summary));
        // The month's two tables as files, as `trf check --summary
        // --format csv` and `trf period --format csv` write them.
        tables.push(("Verdicts (CSV)", "verdicts.csv", summary_csv(&rows)));
        tables.push(("Rating period (CSV)", "period.csv", period_csv(&summary)));
    }
    Some(Checked {
        names,
        whole,
        later,
        list: opts.rating_list,
        tables,
        sources,
    })
}

/// The problem of a file that cannot be read as a report.
fn unreadable(name: &str, e: &ReadError) -> (String, String) {
    (
        format!("{name} could not be read"),
        printable(&e.to_string()),
    )
}

/// The players of `ids` found in the list `list` (one pass over it keeps
/// only them); `None` when it cannot be read, which `page` then says ("The
/// `what` NAME could not be read", then `without`).
fn scan_list(
    page: &mut Page,
    list: ListUpload,
    ids: &[u64],
    what: &str,
    without: &str,
) -> Option<Arc<ListLookup>> {
    let (name, scanned) = match list {
        ListUpload::Bytes((name, bytes)) => {
            let source = ListSource::bytes(&bytes).named(name.clone());
            let scanned = ListLookup::scan(source, ids, name.clone());
            (name, scanned)
        }
        ListUpload::Stream(name, reader) => {
            let reader = std::cell::RefCell::new(reader);
            let source = ListSource::stream(&reader).named(name.clone());
            let scanned = ListLookup::scan(source, ids, name.clone());
            (name, scanned)
        }
    };
    match scanned {
        Ok(l) => Some(Arc::new(l)),
        Err(e) => {
            page.problems.push((
                format!("The {what} {name} could not be read"),
                format!("{}. {without}", printable(&e.to_string())),
            ));
            None
        }
    }
}

/// One of the files offered with each report on the page.
pub(crate) struct DownloadKind {
    /// The button's text.
    label: &'static str,
    /// What ends the file's name, after the report's name without its
    /// extension.
    suffix: &'static str,
    /// Its media type.
    mime: &'static str,
    /// What it holds.
    body: Body,
}

/// What a download holds.
#[derive(Clone, Copy)]
enum Body {
    /// `trf report`'s HTML document.
    Report,
    /// `trf check --format json`.
    Findings,
    /// `trf rate --format json`.
    Rating,
    /// `trf rate --format csv`.
    RatingCsv,
}

/// CSV's media type.
const CSV: &str = "text/csv;charset=utf-8";

/// The files offered with each report: its HTML report, its findings and
/// its rating as JSON, its rating as CSV.
pub(crate) const DOWNLOADS: [DownloadKind; 4] = [
    DownloadKind {
        label: "Download this report (HTML)",
        suffix: ".report.html",
        body: Body::Report,
        mime: "text/html;charset=utf-8",
    },
    DownloadKind {
        label: "Findings (JSON)",
        suffix: ".check.json",
        body: Body::Findings,
        mime: "application/json",
    },
    DownloadKind {
        label: "Rating (JSON)",
        suffix: ".rate.json",
        body: Body::Rating,
        mime: "application/json",
    },
    // What `trf rate --format csv` writes for this report.
    DownloadKind {
        label: "Rating (CSV)",
        suffix: ".rate.csv",
        body: Body::RatingCsv,
        mime: CSV,
    },
];

impl DownloadKind {
    /// The name the browser saves it under for the report `name`.
    fn file_name(&self, name: &str) -> String {
        let stem = name.rsplit_once('.').map_or(name, |(stem, _)| stem);
        format!("{stem}{}", self.suffix)
    }

    /// Its text for the report `input` (checked with `list`, at
    /// `checked_at`, its "Pairings" section `pairings`): what `trf
    /// report`, `trf check --format json`, `trf rate --format json` and
    /// `trf rate --format csv` write.
    fn body(
        &self,
        input: &ReportInput<'_>,
        list: Option<Arc<crate::ratinglist::ListLookup>>,
        pairings: Option<&PairingsSection>,
        checked_at: DateTime<Utc>,
    ) -> String {
        match self.body {
            Body::Report => report_document(input, list, pairings, checked_at),
            Body::Findings => format!(
                "{}\n",
                crate::render::json::check_line(input.file, input.parsed, input.check)
            ),
            Body::Rating => format!("{}\n", crate::render::json::rating(input.rating)),
            Body::RatingCsv => {
                render_csv_files(&[RatedFile::of(input.file, input.parsed, input.rating)])
            }
        }
    }
}

/// The local page as it runs in a browser, with nothing uploaded: the
/// files a person chose or dropped, read by the page's script, and the
/// page `trf serve` would answer with for them (the same form, reports,
/// overview, period, norms and downloads, from the same code), whose form
/// the script reads instead of sending it anywhere.
///
/// The files together are bounded by [`ReadOptions::max_file_bytes`], as
/// the server bounds an upload; [`BrowserPage::fits`] tells before a file
/// is read whether it would fit.
#[derive(Debug)]
pub struct BrowserPage {
    read: ReadOptions,
    reports: Vec<Upload>,
    list: Option<ListUpload>,
    registrations: Option<Upload>,
    /// The list FIDE published at the end of the period.
    published: Option<ListUpload>,
    /// The bytes of the files given so far (a list read as a stream is
    /// not held, and not counted).
    total: u64,
    /// The files did not fit: the page says so and checks none.
    too_large: bool,
}

impl BrowserPage {
    /// No files yet, read with `read`.
    pub fn new(read: ReadOptions) -> BrowserPage {
        BrowserPage {
            read,
            reports: Vec::new(),
            list: None,
            registrations: None,
            published: None,
            total: 0,
            too_large: false,
        }
    }

    /// Whether a file of `size` bytes fits with the files given so far.
    pub fn fits(&self, size: u64) -> bool {
        !self.too_large
            && self
                .total
                .checked_add(size)
                .is_some_and(|t| t <= self.read.max_file_bytes)
    }

    /// The files do not fit (a script saw it from their sizes before
    /// reading them): the page says so and checks none of them, as the
    /// server refuses an upload over its limit whole.
    pub fn refuse(&mut self) {
        self.too_large = true;
        self.reports = Vec::new();
        self.list = None;
        self.registrations = None;
        self.published = None;
    }

    /// Counts `bytes` in; false (and [`BrowserPage::refuse`]) when they do
    /// not fit.
    fn take(&mut self, bytes: &[u8]) -> bool {
        let size = bytes.len() as u64;
        if self.fits(size) {
            self.total += size;
            true
        } else {
            self.refuse();
            false
        }
    }

    /// A tournament report named `name` (a folder in the name is left out).
    pub fn add_report(&mut self, name: &str, bytes: Vec<u8>) {
        if self.take(&bytes) {
            self.reports.push((base_name(name), bytes));
        }
    }

    /// The rating list (FIDE's TXT, XML or zip) to check the reports
    /// against; a second replaces the first.
    pub fn set_list(&mut self, name: &str, bytes: Vec<u8>) {
        self.put(Which::Rating, name, bytes);
    }

    /// The rating list as a plain list (TXT or XML, not a zip) read from
    /// `reader` in pieces while it is scanned, never held whole, and so
    /// not counted in the bound of the files: FIDE's full list of all
    /// players (about 317 MB as TXT) is taken as it is published. Only the
    /// players the reports name are kept. A second list replaces the first.
    pub fn set_list_stream(&mut self, name: &str, reader: Box<dyn std::io::Read>) {
        self.put_stream(Which::Rating, name, reader);
    }

    /// The officer's registrations file (CSV, as `trf check
    /// --registrations` reads it): each report's registration date and
    /// facts. A second replaces the first.
    pub fn set_registrations(&mut self, name: &str, bytes: Vec<u8>) {
        if let Some((_, old)) = self.registrations.take() {
            self.total -= old.len() as u64;
        }
        if self.take(&bytes) {
            self.registrations = Some((base_name(name), bytes));
        }
    }

    /// The list FIDE published at the end of the period (TXT, XML or zip,
    /// as the rating list): the period is compared with it as `trf period
    /// --published` compares it. A second replaces the first.
    pub fn set_published(&mut self, name: &str, bytes: Vec<u8>) {
        self.put(Which::Published, name, bytes);
    }

    /// The published list as a plain list read from `reader` in pieces
    /// while it is scanned, never held whole nor counted in the bound of
    /// the files, as [`BrowserPage::set_list_stream`] reads the rating
    /// list.
    pub fn set_published_stream(&mut self, name: &str, reader: Box<dyn std::io::Read>) {
        self.put_stream(Which::Published, name, reader);
    }

    /// The place of list `which`.
    fn slot(&mut self, which: Which) -> &mut Option<ListUpload> {
        match which {
            Which::Rating => &mut self.list,
            Which::Published => &mut self.published,
        }
    }

    /// List `which` held, in place of the one given before.
    fn put(&mut self, which: Which, name: &str, bytes: Vec<u8>) {
        self.drop_list(which);
        if self.take(&bytes) {
            *self.slot(which) = Some(ListUpload::Bytes((base_name(name), bytes)));
        }
    }

    /// List `which` read as a stream, in place of the one given before.
    fn put_stream(&mut self, which: Which, name: &str, reader: Box<dyn std::io::Read>) {
        self.drop_list(which);
        if !self.too_large {
            *self.slot(which) = Some(ListUpload::Stream(base_name(name), reader));
        }
    }

    /// Lets list `which` go, and its bytes out of the count.
    fn drop_list(&mut self, which: Which) {
        if let Some(ListUpload::Bytes((_, old))) = self.slot(which).take() {
            self.total -= old.len() as u64;
        }
    }

    /// Reads, checks and rates the files given, as the page of `trf serve`
    /// does with an upload, at `checked_at` (the browser's clock): the
    /// page then draws them. No file: the form alone.
    pub fn check(self, checked_at: DateTime<Utc>) -> CheckedPage {
        let mut page = Page::new(self.read.max_file_bytes, checked_at);
        page.in_browser = true;
        let mut done = CheckedPage {
            page,
            checked: None,
            periods: Vec::new(),
            pairings: Vec::new(),
        };
        if self.too_large {
            let limit = size_words(self.read.max_file_bytes);
            done.page.problems.push((
                "The files are too large".to_owned(),
                format!(
                    "Files checked together may take up to {limit}. Check fewer files at a time."
                ),
            ));
        } else if self.reports.is_empty() {
            if self.list.is_some() || self.registrations.is_some() || self.published.is_some() {
                done.page.problems.push((
                    "No tournament report was chosen".to_owned(),
                    "Choose one or more TRF files with the first button, then press Check."
                        .to_owned(),
                ));
            }
        } else {
            // The page in a browser is not cancelled: the tab that asked
            // is the one that draws it.
            let Some(checked) = check_all(
                &mut done.page,
                &self.read,
                self.reports,
                self.list,
                self.registrations,
                self.published,
                &|| true,
                false,
            ) else {
                return done;
            };
            for i in 0..checked.names.len() {
                let pending = Pending::of(&checked.input(i), i);
                done.page.pending.push(pending);
            }
            // The periods too are drawn as they come into view: a month's
            // is large (every player's figures).
            let page = &mut done.page;
            done.periods = page
                .period
                .take()
                .into_iter()
                .chain(page.other_periods.drain(..))
                .collect();
            page.pending_periods = done
                .periods
                .iter()
                .enumerate()
                .map(|(i, p)| PendingPeriod::of(p, i))
                .collect();
            page.tables = checked
                .tables
                .iter()
                .enumerate()
                .map(|(k, (label, name, _))| Download {
                    label: (*label).to_owned(),
                    file_name: (*name).to_owned(),
                    href: format!("#download-month-{k}"),
                })
                .collect();
            done.pairings = vec![std::cell::OnceCell::new(); checked.names.len()];
            done.checked = Some(checked);
        }
        done
    }
}

/// The two lists the page in the browser takes.
#[derive(Clone, Copy)]
enum Which {
    /// The rating list the reports are checked against.
    Rating,
    /// The list FIDE published at the end of the period.
    Published,
}

/// The files of the page in the browser, checked: the page as HTML with
/// each report a placeholder ([`CheckedPage::html`]), each report's part
/// of the page drawn when the page's script asks for it
/// ([`CheckedPage::report`]), and each download made when it is clicked
/// ([`CheckedPage::download`]): the page carries no file, and is as large
/// as what is looked at.
#[derive(Debug)]
pub struct CheckedPage {
    page: Page,
    checked: Option<Checked>,
    /// The rating periods the reports make, the first the one they make
    /// together.
    periods: Vec<PeriodSection>,
    /// Each report's "Pairings" section, worked out the first time its
    /// part of the page or its HTML download is asked for (each with a
    /// budget of its own: the page draws a report as it comes into view).
    pairings: Vec<std::cell::OnceCell<Option<PairingsSection>>>,
}

impl CheckedPage {
    /// The page: the form, any problems, the overview of several reports,
    /// their rating period, and a placeholder for each report.
    pub fn html(&self) -> String {
        self.page.html()
    }

    /// How many reports were read.
    pub fn reports(&self) -> usize {
        self.checked.as_ref().map_or(0, |c| c.names.len())
    }

    /// The part of the page of report `index` (its downloads, its report
    /// and its norms) as `trf serve` shows it, or `None` past the last.
    /// Its downloads are links to `#download-INDEX-KIND` that the page's
    /// script answers with [`CheckedPage::download`].
    pub fn report(&self, index: usize) -> Option<String> {
        let checked = self.checked.as_ref()?;
        if index >= checked.names.len() {
            return None;
        }
        let input = checked.input(index);
        let downloads = DOWNLOADS
            .iter()
            .enumerate()
            .map(|(kind, d)| Download {
                label: d.label.to_owned(),
                file_name: d.file_name(input.file),
                href: format!("#download-{index}-{kind}"),
            })
            .collect();
        let part = PageReport::new(
            &input,
            index,
            downloads,
            checked.list.clone(),
            self.pairings_of(index, &input).cloned(),
            self.page.checked_at,
        );
        Some(part.html())
    }

    /// Report `index`'s "Pairings" section (`input`), worked out once.
    fn pairings_of(&self, index: usize, input: &ReportInput<'_>) -> Option<&PairingsSection> {
        self.pairings
            .get(index)?
            .get_or_init(|| pairings_of(input, Some(&mut PageBudget::new())))
            .as_ref()
    }

    /// Table `index` of several reports as CSV (0: their verdicts, as `trf
    /// check --summary --format csv` writes them; 1: their rating period,
    /// as `trf period --format csv`): the name to save it under, its media
    /// type and its text, or `None` when there is no such table.
    pub fn download_table(&self, index: usize) -> Option<(String, &'static str, String)> {
        let (_, name, body) = self.checked.as_ref()?.tables.get(index)?;
        Some(((*name).to_owned(), CSV, body.clone()))
    }

    /// The section of rating period `index` (0: the one the reports make
    /// together; then the other lists they are expected on), or `None`
    /// past the last.
    pub fn period(&self, index: usize) -> Option<String> {
        self.periods.get(index).map(period_html)
    }

    /// Download `kind` of report `index` (0: the HTML report, 1: the
    /// findings as JSON, 2: the rating as JSON, 3: the rating as CSV):
    /// the name to save it under, its media type and its text, or `None`
    /// when there is no such report or download.
    pub fn download(&self, index: usize, kind: usize) -> Option<(String, &'static str, String)> {
        let checked = self.checked.as_ref()?;
        let d = DOWNLOADS.get(kind)?;
        if index >= checked.names.len() {
            return None;
        }
        let input = checked.input(index);
        let pairings = match d.body {
            Body::Report => self.pairings_of(index, &input),
            _ => None,
        };
        let body = d.body(&input, checked.list.clone(), pairings, self.page.checked_at);
        Some((d.file_name(input.file), d.mime, body))
    }
}

/// A file's name without any folder before it.
pub(crate) fn base_name(name: &str) -> String {
    name.rsplit(['/', '\\']).next().unwrap_or(name).to_owned()
}

/// Parses the bytes of a report a person gave (a file named on the command
/// line, or uploaded to the page): bytes that do not look like a TRF
/// (prose, a PDF, a spreadsheet) are refused with the words a folder walk
/// uses when it skips such a file, and get no verdict.
pub(crate) fn parse_report(bytes: Vec<u8>, opts: &ReadOptions) -> Result<Parsed, ReadError> {
    if !bytes.iter().all(u8::is_ascii_whitespace) && !crate::source::sniff::looks_like_trf(&bytes) {
        use crate::read::decode::{decode, DecodeError};
        let binary = matches!(decode(&bytes, None), Err(DecodeError::Binary { .. }));
        return Err(DecodeError::NotTrf { binary }.into());
    }
    parse_vec(bytes, opts)
}

/// A message with the control characters a binary upload may bring into
/// it (messages quote what they could not read) shown as `�`.
fn printable(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { '\u{fffd}' } else { c })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A bundled Swiss, sent under several names.
    const SAMPLE: &str = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/samples/hand/swiss-utf8-lf.trf"
    );

    #[test]
    fn a_report_made_again_is_the_one_the_page_drew() {
        // The same report under two names: each shows the other as a
        // duplicate (a finding across reports). Made again from what is
        // kept, each part and each download is what the page drew and
        // what the page made before it carried no file.
        let read = ReadOptions::default();
        let trf = std::fs::read(SAMPLE).unwrap();
        let uploads = vec![("a.trf".to_owned(), trf.clone()), ("b.trf".to_owned(), trf)];
        let at = DateTime::UNIX_EPOCH;
        let (page, kept) =
            check_uploads(Page::new(1 << 20, at), &read, uploads.clone(), None, "/x/");
        let kept = kept.unwrap();
        assert_eq!(page.reports.len(), 2);
        // What the page in the browser keeps whole, for comparison.
        let mut whole = BrowserPage::new(read);
        for (name, bytes) in uploads {
            whole.add_report(&name, bytes);
        }
        let whole = whole.check(at);
        for (i, drawn) in page.reports.iter().enumerate() {
            assert_eq!(kept.part(i, "/x/").unwrap().html(), drawn.html());
            for kind in 0..DOWNLOADS.len() {
                let (name, mime, body) = kept.download(i, kind).unwrap();
                let (n, m, b) = whole.download(i, kind).unwrap();
                assert_eq!((&name, mime), (&n, m));
                // The browser re-pairs each report with a budget of its own,
                // the page with one for the upload: the same for two small
                // reports.
                assert_eq!(body, b, "{name}");
            }
        }
        // What it keeps: the reports' bytes and their findings across
        // reports, counted in what it holds of the budget.
        let bytes = 2 * std::fs::metadata(SAMPLE).unwrap().len();
        assert!(kept.size() > bytes + 2 * 1024, "{}", kept.size());
        let (_, _, findings) = kept.download(1, 1).unwrap();
        assert!(findings.contains("a.trf"), "{findings}");
        assert!(kept.download(2, 0).is_none());
        assert!(kept.download(0, DOWNLOADS.len()).is_none());
        assert!(kept.part(2, "/x/").is_none());
        assert_eq!(kept.table(0).unwrap().0, "verdicts.csv");
        assert!(kept.table(2).is_none());
    }

    #[test]
    fn reports_let_go_are_made_again_as_the_page_in_the_browser_holds_them() {
        // More reports than the page draws, each a duplicate of the others
        // (findings across reports for every one): the reports let go once
        // checked, made again from what is kept, give the parts, downloads,
        // overview, tables and period of the page in the browser, which
        // holds every report whole.
        let read = ReadOptions::default();
        let trf = std::fs::read(SAMPLE).unwrap();
        let n = DRAWN + 3;
        let uploads: Vec<Upload> = (0..n)
            .map(|i| (format!("r{i:02}.trf"), trf.clone()))
            .collect();
        let at = DateTime::UNIX_EPOCH;
        let page = Page::new(64 << 20, at);
        let (page, kept) = check_uploads(page, &read, uploads.clone(), None, "/x/");
        let kept = kept.unwrap();
        let mut whole = BrowserPage::new(read);
        for (name, bytes) in uploads {
            whole.add_report(&name, bytes);
        }
        let whole = whole.check(at);
        assert_eq!((page.reports.len(), page.pending.len()), (DRAWN, 3));
        assert_eq!(
            format!("{:?}", page.overview),
            format!("{:?}", whole.page.overview)
        );
        assert!(format!("{:?}", page.overview).contains("duplicate"));
        for k in 0..2 {
            assert_eq!(kept.table(k), whole.download_table(k));
        }
        assert_eq!(
            period_html(page.period.as_ref().unwrap()),
            whole.period(0).unwrap()
        );
        for i in 0..n {
            let mut part = kept.part(i, "/x/").unwrap().html();
            for k in 0..DOWNLOADS.len() {
                part = part.replace(
                    &format!("/x/download/{i}/{k}"),
                    &format!("#download-{i}-{k}"),
                );
                assert_eq!(kept.download(i, k), whole.download(i, k), "{i} {k}");
            }
            assert_eq!(part, whole.report(i).unwrap(), "{i}");
            if let Some(drawn) = page.reports.get(i) {
                assert_eq!(kept.part(i, "/x/").unwrap().html(), drawn.html());
            }
        }
        for (p, b) in page.pending.iter().zip(&whole.page.pending[DRAWN..]) {
            assert_eq!(
                (p.index, &p.title, &p.file, &p.verdict_head, p.verdict_class),
                (b.index, &b.title, &b.file, &b.verdict_head, b.verdict_class)
            );
            assert_eq!(
                p.href.as_deref(),
                Some(format!("/x/report/{}", p.index).as_str())
            );
        }
    }
}
