//! The options of one run: the one type `trf check`, `rate`, `report` and
//! `serve` take ([`Options`], also named `CheckOptions`).

use crate::regulations::{RatingType, Version};
use chrono::NaiveDate;

/// The options of one run, the same for `trf check`, `rate`, `report` and
/// `serve`: what the caller knows beyond the report (the edition to apply,
/// the rating list, the registration and the approvals), which rules not
/// to run, and how many findings to keep. The rating pass's own extras
/// (K overrides, `--what-if`) are in
/// [`RateOptions`](crate::rating::RateOptions).
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Options {
    /// Rules (names or codes) not to run.
    pub disabled: Vec<String>,
    /// Apply this edition instead of the one in force at the start date.
    pub regulations: Option<Version>,
    /// The date the tournament was registered with FIDE (the file does not
    /// say); without it the registration rule reports that it was not checked.
    pub registered_on: Option<NaiveDate>,
    /// The event is a national championship (round-robin composition
    /// exception of the 2003–2013 texts).
    pub national_championship: bool,
    /// Findings kept per rule and file (0 = all); the rest are counted in one
    /// advice.
    pub max_per_rule: usize,
    /// The official rating list to cross-check players against
    /// (`--rating-list`), reduced to the reports' FIDE IDs and shared
    /// between reports; the rating-list rules run only when it is set.
    pub rating_list: Option<std::sync::Arc<crate::ratinglist::ListLookup>>,
    /// The list the event is registered for (`--rating-type`), which
    /// overrides the list read from the time control.
    pub rating_type: Option<RatingType>,
    /// The user states that the Qualification Commission approved the event
    /// for standard rating at 45'+30" or 60'+30" (`--qc-approved-fast-classic`).
    pub qc_fast_classic: bool,
    /// The event is a hybrid event the QC Chair approved individually
    /// (`--hybrid-approved`): `online-event` then informs instead of
    /// refusing the event.
    pub hybrid_approved: bool,
    /// Where this report's registration facts came from, in words, when a
    /// registrations file was given (`--registrations`): its row, or that
    /// the file does not name the report and the flags apply. Printed as
    /// `registration_source` in the JSON of check, rate and period.
    pub registration_source: Option<String>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            disabled: Vec::new(),
            regulations: None,
            registered_on: None,
            national_championship: false,
            max_per_rule: Options::MAX_PER_RULE,
            rating_list: None,
            rating_type: None,
            qc_fast_classic: false,
            hybrid_approved: false,
            registration_source: None,
        }
    }
}

impl Options {
    /// Findings kept per rule and file by default (`--max-per-rule`).
    pub const MAX_PER_RULE: usize = 200;

    /// The default options, applying `version` of the regulations instead
    /// of the edition in force at the start date.
    ///
    /// The struct is `#[non_exhaustive]`: start from
    /// [`Options::default`] (or this) and set the fields you need.
    ///
    /// ```
    /// use trfkit::Version;
    /// let mut opts = trfkit::Options::default().with_regulations(Version::V2024);
    /// opts.national_championship = true;
    /// assert_eq!(opts.regulations, Some(Version::V2024));
    /// ```
    pub fn with_regulations(mut self, version: Version) -> Self {
        self.regulations = Some(version);
        self
    }

    /// Whether a rule runs.
    pub fn enabled(&self, name: &str, code: &str) -> bool {
        !self
            .disabled
            .iter()
            .any(|d| d == name || d.eq_ignore_ascii_case(code))
    }
}
