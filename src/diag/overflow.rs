//! Findings beyond `--max-per-rule`: counted, not kept.
//!
//! A 13 MB report of random pairings has a million asymmetric pairings; kept
//! as diagnostics they took gigabytes. Each rule runs into its own list;
//! [`crate::rules::Ctx::emit`] keeps a finding only while the rule has fewer
//! than the limit, and [`crate::rules::run`] cuts what a rule returns to
//! the limit. Either way what is left out is counted here, by severity, so
//! the totals (and whether the report is rateable) stay exact while memory
//! stays bounded by the limit, not by the input.

use crate::diag::{Consequence, Diagnostic, Severity};
use std::sync::Mutex;

/// Findings of one rule that were counted but not kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dropped {
    /// The rule's name.
    pub rule: &'static str,
    /// Its code.
    pub code: &'static str,
    /// Errors, warnings and advice left out.
    pub counts: (usize, usize, usize),
    /// The same findings by consequence, in the order of
    /// [`crate::diag::Consequence::ALL`], so the verdict stays exact.
    pub consequences: [usize; 6],
}

impl Dropped {
    /// All findings left out.
    pub fn total(&self) -> usize {
        self.counts.0 + self.counts.1 + self.counts.2
    }
}

/// Counts one finding in `all`.
fn add(
    all: &mut Vec<Dropped>,
    rule: &'static str,
    code: &'static str,
    severity: Severity,
    consequence: Consequence,
) {
    let i = match all.iter().position(|x| x.rule == rule) {
        Some(i) => i,
        None => {
            all.push(Dropped {
                rule,
                code,
                counts: (0, 0, 0),
                consequences: [0; 6],
            });
            all.len() - 1
        }
    };
    all[i].consequences[consequence as usize] += 1;
    let c = &mut all[i].counts;
    match severity {
        Severity::Error => c.0 += 1,
        Severity::Warning => c.1 += 1,
        Severity::Advice => c.2 += 1,
    }
}

/// The counts of one check, shared by the rules (which may run in parallel).
#[derive(Debug, Default)]
pub(crate) struct Overflow(Mutex<Vec<Dropped>>);

impl Overflow {
    /// Counts findings instead of keeping them.
    pub(crate) fn count<'a>(&self, ds: impl IntoIterator<Item = &'a Diagnostic>) {
        let mut all = self.0.lock().unwrap_or_else(|e| e.into_inner());
        for d in ds {
            add(&mut all, d.rule, d.code, d.severity, d.consequence);
        }
    }

    /// Counts one finding of `rule` (code `code`) with this severity and
    /// consequence, without it having been built: a rule past the limit
    /// does not format what it would only count.
    pub(crate) fn count_one(
        &self,
        rule: &'static str,
        code: &'static str,
        severity: Severity,
        consequence: Consequence,
    ) {
        let mut all = self.0.lock().unwrap_or_else(|e| e.into_inner());
        add(&mut all, rule, code, severity, consequence);
    }

    /// Adds counts taken from another [`Overflow`].
    pub(crate) fn count_dropped(&self, more: Vec<Dropped>) {
        let mut all = self.0.lock().unwrap_or_else(|e| e.into_inner());
        for m in more {
            match all.iter_mut().find(|x| x.rule == m.rule) {
                Some(x) => {
                    x.counts.0 += m.counts.0;
                    x.counts.1 += m.counts.1;
                    x.counts.2 += m.counts.2;
                    for (a, b) in x.consequences.iter_mut().zip(m.consequences) {
                        *a += b;
                    }
                }
                None => all.push(m),
            }
        }
    }

    /// What was counted, by rule in the order first seen.
    pub(crate) fn take(&self) -> Vec<Dropped> {
        std::mem::take(&mut *self.0.lock().unwrap_or_else(|e| e.into_inner()))
    }
}
