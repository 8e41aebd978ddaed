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

use crate::check::add_across_all;
use crate::rating::period::{rate_together, PeriodOptions};
use crate::rating::{rate_checked, CheckedRating, RateOptions};
use crate::ratinglist::{ListLookup, ListSource};
use crate::read::{parse_vec, Parsed, ReadError, ReadOptions};
use crate::render::html::{report_with_list, size_words, Download, Page, PageReport, ReportInput};
use crate::render::period::PeriodSection;
use crate::render::rating::{render_csv_files, RatedFile};
use crate::rules::CheckOptions;
use base64::Engine as _;
use chrono::{DateTime, Utc};
use std::sync::Arc;

/// An uploaded file: its name (without any folder) and its bytes.
pub(crate) type Upload = (String, Vec<u8>);

/// Checks and rates every report of `reports` (with the rating list `list`,
/// when one was sent) and adds them to `page`: a problem for each file that
/// cannot be read (and for a list that cannot), the overview of several
/// reports, and the report of each with its downloads (its HTML report, its
/// findings and its rating as JSON, its rating as CSV), carried in the page
/// as `data:` URLs. The page has no report when none could be read.
pub(crate) fn check_uploads(
    page: Page,
    read: &ReadOptions,
    reports: Vec<Upload>,
    list: Option<Upload>,
) -> Page {
    check_uploads_while(page, read, reports, list, &|| true)
}

/// [`check_uploads`], asking `go` between reports and stages whether to go
/// on: `trf serve` stops the work of a request whose client has left (the
/// page is then incomplete, and no one reads it).
pub(crate) fn check_uploads_while(
    mut page: Page,
    read: &ReadOptions,
    reports: Vec<Upload>,
    list: Option<Upload>,
    go: &dyn Fn() -> bool,
) -> Page {
    let mut parsed = Vec::new();
    for (name, bytes) in reports {
        if !go() {
            return page;
        }
        match parse_report(bytes, read) {
            Ok(p) => parsed.push((name, p)),
            Err(e) => page.problems.push((
                format!("{name} could not be read"),
                printable(&e.to_string()),
            )),
        }
    }
    let lookup = list.and_then(|(name, bytes)| {
        let ids: Vec<u64> = parsed
            .iter()
            .flat_map(|(_, p)| ListLookup::ids_of(&p.tournament))
            .collect();
        let source = ListSource::bytes(&bytes).named(name.clone());
        match ListLookup::scan(source, &ids, name.clone()) {
            Ok(l) => Some(Arc::new(l)),
            Err(e) => {
                page.problems.push((
                    format!("The rating list {name} could not be read"),
                    format!(
                        "{}. The reports below are checked without it.",
                        printable(&e.to_string())
                    ),
                ));
                None
            }
        }
    });
    let rate_opts = RateOptions {
        list: lookup.as_ref().map(|l| l.found.clone()),
        ..RateOptions::default()
    };
    let opts = CheckOptions {
        rating_list: lookup,
        ..CheckOptions::default()
    };
    // The same checks and rating pass as `trf check` and `trf rate`, and
    // the problems across the reports dropped together (which need every
    // report at once).
    let (names, parsed): (Vec<String>, Vec<Parsed>) = parsed.into_iter().unzip();
    let mut rated: Vec<CheckedRating> = Vec::with_capacity(parsed.len());
    for p in &parsed {
        if !go() {
            return page;
        }
        rated.push(rate_checked(p, &opts, &rate_opts));
    }
    add_across_all(
        &names,
        &parsed,
        rated.iter_mut().map(|r| &mut r.report),
        &opts,
    );
    page.set_overview(&names, &parsed, &rated);
    // Several reports: the period FIDE would rate them in together, each
    // on the list it is expected on (the page has no `--period`).
    if !go() {
        return page;
    }
    if parsed.len() > 1 {
        let named: Vec<(&str, &Parsed)> = names.iter().map(String::as_str).zip(&parsed).collect();
        let period = PeriodOptions {
            list: opts.rating_list.clone(),
            check: opts.clone(),
            rate: rate_opts.clone(),
            ..PeriodOptions::default()
        };
        let summary = rate_together(&named, &period);
        page.other_periods = summary
            .other_periods
            .iter()
            .flatten()
            .map(PeriodSection::of)
            .collect();
        page.period = Some(PeriodSection::of(&summary));
    }
    // Each report is let go once its part of the page is built.
    let reports = names.into_iter().zip(parsed).zip(rated);
    for (i, ((name, p), r)) in reports.enumerate() {
        if !go() {
            return page;
        }
        let (name, p) = (&name, &p);
        let (check, rating) = (&r.report, &r.summary);
        let input = ReportInput {
            file: name,
            parsed: p,
            check,
            rating,
        };
        let stem = name
            .rsplit_once('.')
            .map_or(name.as_str(), |(stem, _)| stem);
        let downloads = vec![
            data_url(
                "Download this report (HTML)",
                format!("{stem}.report.html"),
                "text/html;charset=utf-8",
                &report_with_list(&input, opts.rating_list.clone(), page.checked_at),
            ),
            data_url(
                "Findings (JSON)",
                format!("{stem}.check.json"),
                "application/json",
                &format!("{}\n", crate::render::json::check_line(name, p, check)),
            ),
            data_url(
                "Rating (JSON)",
                format!("{stem}.rate.json"),
                "application/json",
                &format!("{}\n", crate::render::json::rating(rating)),
            ),
            // What `trf rate --format csv` writes for this report.
            data_url(
                "Rating (CSV)",
                format!("{stem}.rate.csv"),
                "text/csv;charset=utf-8",
                &render_csv_files(&[RatedFile::of(name, p, rating)]),
            ),
        ];
        page.reports.push(PageReport::new(
            &input,
            i,
            downloads,
            opts.rating_list.clone(),
            page.checked_at,
        ));
    }
    page
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
    list: Option<Upload>,
    /// The bytes of the files given so far.
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
        if let Some((_, old)) = self.list.take() {
            self.total -= old.len() as u64;
        }
        if self.take(&bytes) {
            self.list = Some((base_name(name), bytes));
        }
    }

    /// The page as HTML: the form alone when no file was given, else the
    /// reports checked and rated, their reports saying they were checked at
    /// `checked_at` (the browser's clock).
    pub fn html(self, checked_at: DateTime<Utc>) -> String {
        let mut page = Page::new(self.read.max_file_bytes, checked_at);
        page.in_browser = true;
        if self.too_large {
            let limit = size_words(self.read.max_file_bytes);
            page.problems.push((
                "The files are too large".to_owned(),
                format!(
                    "Files checked together may take up to {limit}. Check fewer files at a time."
                ),
            ));
            return page.html();
        }
        if self.reports.is_empty() {
            if self.list.is_some() {
                page.problems.push((
                    "No tournament report was chosen".to_owned(),
                    "Choose one or more TRF files with the first button, then press Check."
                        .to_owned(),
                ));
            }
            return page.html();
        }
        check_uploads(page, &self.read, self.reports, self.list).html()
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

/// A download carried in the page itself.
fn data_url(label: &str, file_name: String, mime: &str, body: &str) -> Download {
    Download {
        label: label.to_owned(),
        file_name,
        href: format!(
            "data:{mime};base64,{}",
            base64::engine::general_purpose::STANDARD.encode(body)
        ),
    }
}

/// The body of a download of [`check_uploads`]'s page, decoded: what the
/// browser saves. `None` for a link that is not a base64 `data:` URL.
#[cfg(feature = "fuzzing")]
pub(crate) fn download_body(d: &Download) -> Option<Vec<u8>> {
    let (_, data) = d.href.strip_prefix("data:")?.split_once(";base64,")?;
    base64::engine::general_purpose::STANDARD.decode(data).ok()
}
