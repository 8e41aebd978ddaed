//! The types of [`crate::read::columns`]: what a field is and holds, and the
//! column arithmetic of repeating groups. Written by hand; the constants
//! themselves are generated from `grammar/columns.tsv`.

use serde::Serialize;

/// What a field holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum FieldKind {
    /// The record code.
    Code,
    /// A right-aligned unsigned integer.
    Integer,
    /// `m`/`w`.
    Sex,
    /// A FIDE title code.
    Title,
    /// Free text.
    Text,
    /// A date in one of the lenient formats.
    Date,
    /// Points with one decimal (`11.5`).
    Points,
    /// `w`/`b`/`-`/blank.
    Colour,
    /// A result code.
    Result,
}

/// The R (rating) or P (pairing) importance flag of the specification.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Flag {
    /// ■: mandatory.
    Mandatory,
    /// □: warning if wrong.
    WarnIfWrong,
    /// blank: not taken into account.
    Informative,
}

/// One field of a fixed-column record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub(crate) struct Field {
    /// Record code (`001`, `310`, … ; `NRS` for national-rating records).
    pub record: &'static str,
    /// The format version that introduced it (`TRF16`, `TRF26`, `TRF(x)`).
    pub since: &'static str,
    /// Field name.
    pub name: &'static str,
    /// First column, 1-based.
    pub from: usize,
    /// Last column, inclusive.
    pub to: usize,
    /// Distance between repeated occurrences; 0 when the field occurs once.
    pub stride: usize,
    /// What it holds.
    pub kind: FieldKind,
    /// Importance for rating.
    pub rating: Flag,
    /// Importance for pairing.
    pub pairing: Flag,
}

impl Field {
    /// Columns of occurrence `k` (0-based) of a repeating field.
    pub(crate) const fn nth(&self, k: usize) -> (usize, usize) {
        (self.from + k * self.stride, self.to + k * self.stride)
    }

    /// Width in characters.
    pub(crate) const fn width(&self) -> usize {
        self.to - self.from + 1
    }
}
