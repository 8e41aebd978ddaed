//! Which TRF dialect a file is written in, and why.
//!
//! No TRF version carries a version marker (trf-format §3.2). TRF26 is
//! recognised by any record only it defines (`###` comments, `142`–`362`,
//! `240`–`330`, `801`/`802`, NRS records); the Sept-2024 draft by `340` or a
//! `330` bye; TRF06 by single-letter titles or dotted birth dates with no
//! `132` line; everything else is TRF16. Files that mix dialects are common
//! (`013` with `310`, `XXR` with `142`) and are never rejected.

use crate::model::{Dialect, Header};

#[derive(Debug, Default)]
pub(crate) struct Evidence {
    pub(crate) evidence: Vec<String>,
    pub(crate) extensions: bool,
    draft: bool,
    comment_seen: bool,
    nrs_seen: bool,
    codes_seen: Vec<[u8; 3]>,
    trf06_title: Option<u32>,
}

const TRF26_ONLY: &[&[u8; 3]] = &[
    b"142", b"152", b"162", b"172", b"182", b"192", b"202", b"212", b"222", b"240", b"250", b"260",
    b"299", b"300", b"310", b"320", b"330", b"352", b"362", b"801", b"802",
];

impl Evidence {
    pub(crate) fn note_record(&mut self, code: [u8; 3], line: u32) {
        if TRF26_ONLY.contains(&&code) && !self.codes_seen.contains(&code) {
            self.codes_seen.push(code);
            if self.evidence.len() < 6 {
                self.evidence.push(format!(
                    "record {} at line {line}",
                    String::from_utf8_lossy(&code)
                ));
            }
        }
    }

    /// The first line with a title written the TRF06 way.
    pub(crate) fn note_trf06_title(&mut self, line: Option<u32>) {
        self.trf06_title = self.trf06_title.or(line);
    }

    pub(crate) fn note_comment(&mut self, line: u32) {
        if !self.comment_seen {
            self.comment_seen = true;
            self.evidence.push(format!("### comment at line {line}"));
        }
    }

    pub(crate) fn note_nrs(&mut self, fed: &str) {
        if !self.nrs_seen {
            self.nrs_seen = true;
            self.evidence.push(format!("national-rating record {fed}"));
        }
    }

    pub(crate) fn note_draft(&mut self, text: &str) {
        if !self.draft {
            self.draft = true;
            let code = text.get(..3).unwrap_or(text);
            self.evidence.push(format!("draft-numbered record {code}"));
        }
    }

    pub(crate) fn conclude(&mut self, header: &Header) -> Dialect {
        if self.draft {
            return Dialect::Draft2024;
        }
        if !self.codes_seen.is_empty() || self.comment_seen || self.nrs_seen {
            return Dialect::Trf26;
        }
        if let Some(line) = self.trf06_title {
            self.evidence
                .push(format!("TRF06 single-letter title at line {line}"));
            return Dialect::Trf06;
        }
        if header.round_dates.is_empty()
            && header
                .start_date
                .as_ref()
                .is_some_and(|d| d.value.raw.contains('.'))
        {
            self.evidence
                .push("dotted start date and no 132 record (TRF06 style)".into());
            return Dialect::Trf06;
        }
        self.evidence.push("no TRF26-only record".into());
        Dialect::Trf16
    }
}

/// A title written the TRF06 way (`g`, `m`, `wf`, …).
pub(crate) fn is_trf06_title(raw: &str) -> bool {
    matches!(raw, "g" | "m" | "f" | "c" | "wg" | "wm" | "wf" | "wc")
}
