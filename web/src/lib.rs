//! trfkit's local page in the browser: [`trfkit::BrowserPage`] for the
//! page's script. The script reads the files a person chose or dropped,
//! hands them over here and shows the HTML that comes back (the page of
//! `trf serve`, from the same code); nothing is sent anywhere.

use wasm_bindgen::prelude::*;

/// The files of one check and the page they give.
#[wasm_bindgen]
pub struct Page(trfkit::BrowserPage);

#[wasm_bindgen]
impl Page {
    /// No files yet, read as `trf` reads them by default.
    #[wasm_bindgen(constructor)]
    #[allow(clippy::new_without_default)]
    pub fn new() -> Page {
        Page(trfkit::BrowserPage::new(trfkit::ReadOptions::default()))
    }

    /// Whether a file of `size` bytes (a JavaScript number) fits with the
    /// files given so far.
    pub fn fits(&self, size: f64) -> bool {
        // A size that is not a whole number of bytes is none that fits.
        size >= 0.0 && size.fract() == 0.0 && size <= u64::MAX as f64 && self.0.fits(size as u64)
    }

    /// The files do not fit: the page says so.
    pub fn refuse(&mut self) {
        self.0.refuse();
    }

    /// A tournament report.
    pub fn add_report(&mut self, name: &str, bytes: Vec<u8>) {
        self.0.add_report(name, bytes);
    }

    /// The rating list.
    pub fn set_list(&mut self, name: &str, bytes: Vec<u8>) {
        self.0.set_list(name, bytes);
    }

    /// Reads, checks and rates the files given, at `now_ms` (milliseconds
    /// since the Unix epoch, JavaScript's `Date.now()`).
    pub fn check(self, now_ms: f64) -> Checked {
        // `as` saturates, and a time chrono cannot hold is the epoch.
        let at = chrono::DateTime::from_timestamp_millis(now_ms as i64).unwrap_or_default();
        Checked(self.0.check(at))
    }
}

/// The files checked: the page, each report's part of it, each download.
#[wasm_bindgen]
pub struct Checked(trfkit::CheckedPage);

#[wasm_bindgen]
impl Checked {
    /// The page, each report a placeholder that [`Checked::report`] fills.
    pub fn html(&self) -> String {
        self.0.html()
    }

    /// How many reports were read.
    pub fn reports(&self) -> usize {
        self.0.reports()
    }

    /// Report `index`'s part of the page (empty past the last).
    pub fn report(&self, index: usize) -> String {
        self.0.report(index).unwrap_or_default()
    }

    /// Download `kind` of report `index`: `[name, media type, text]`, or
    /// `undefined` when there is none.
    pub fn download(&self, index: usize, kind: usize) -> Option<Vec<String>> {
        self.0
            .download(index, kind)
            .map(|(name, mime, body)| vec![name, mime.to_owned(), body])
    }
}
