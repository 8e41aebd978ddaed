//! The registry: every rule, sorted by code.

use super::integrity::*;
use super::regulations::*;
use super::Rule;

/// Every validation rule, sorted by code.
pub static RULES: &[&Rule] = &[
    &duplicate_start_rank::DUPLICATE_START_RANK,
    &asymmetric_pairing::ASYMMETRIC_PAIRING,
    &start_date_unknown::START_DATE_UNKNOWN,
];

/// Finds a rule by code (case-insensitive) or name.
pub fn find(key: &str) -> Option<&'static Rule> {
    RULES
        .iter()
        .copied()
        .find(|r| r.meta.name == key || r.meta.code.eq_ignore_ascii_case(key))
}
