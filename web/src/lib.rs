//! trfkit's local page in the browser: [`trfkit::BrowserPage`] for the
//! page's script. The script reads the files a person chose or dropped,
//! hands them over here and shows the HTML that comes back (the page of
//! `trf serve`, from the same code); nothing is sent anywhere.

use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// A file read in pieces by the page's worker (`FileReaderSync`).
    pub type ListReader;

    /// Up to `max` bytes more of the file; none at its end.
    #[wasm_bindgen(method, catch)]
    fn read(this: &ListReader, max: usize) -> Result<Vec<u8>, JsValue>;
}

/// A [`ListReader`] as Rust reads a file.
struct JsRead(ListReader);

impl std::io::Read for JsRead {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let piece = self.0.read(buf.len()).map_err(|e| {
            std::io::Error::other(
                e.as_string()
                    .unwrap_or_else(|| "the file could not be read".to_owned()),
            )
        })?;
        // More than was asked would be a fault of the script: refused.
        if piece.len() > buf.len() {
            return Err(std::io::Error::other("the file gave more than was asked"));
        }
        buf[..piece.len()].copy_from_slice(&piece);
        Ok(piece.len())
    }
}

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

    /// The list FIDE published at the end of the period (TXT, XML or
    /// zip): the period is compared with it.
    pub fn set_published(&mut self, name: &str, bytes: Vec<u8>) {
        self.0.set_published(name, bytes);
    }

    /// The published list as a plain list (TXT or XML) read in pieces from
    /// `reader` while it is scanned, never held whole.
    pub fn set_published_stream(&mut self, name: &str, reader: ListReader) {
        self.0.set_published_stream(name, Box::new(JsRead(reader)));
    }

    /// The registrations file (CSV): each report's registration facts,
    /// as `trf check --registrations` reads them.
    pub fn set_registrations(&mut self, name: &str, bytes: Vec<u8>) {
        self.0.set_registrations(name, bytes);
    }

    /// The rating list as a plain list (TXT or XML) read in pieces from
    /// `reader` while it is scanned, never held whole: FIDE's full list is
    /// taken as it is published.
    pub fn set_list_stream(&mut self, name: &str, reader: ListReader) {
        self.0.set_list_stream(name, Box::new(JsRead(reader)));
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

    /// Table `index` of several reports as CSV (0: the verdicts, 1: the
    /// rating period): `[name, media type, text]`, or `undefined`.
    pub fn download_table(&self, index: usize) -> Option<Vec<String>> {
        self.0
            .download_table(index)
            .map(|(name, mime, body)| vec![name, mime.to_owned(), body])
    }

    /// Rating period `index`'s section (empty past the last).
    pub fn period(&self, index: usize) -> String {
        self.0.period(index).unwrap_or_default()
    }

    /// Download `kind` of report `index`: `[name, media type, text]`, or
    /// `undefined` when there is none.
    pub fn download(&self, index: usize, kind: usize) -> Option<Vec<String>> {
        self.0
            .download(index, kind)
            .map(|(name, mime, body)| vec![name, mime.to_owned(), body])
    }
}
