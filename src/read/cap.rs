//! The reader's findings over [`ReadOptions::max_findings_per_rule`]:
//! counted, not kept.
//!
//! Thirteen megabytes of unreadable round blocks are two million
//! `invalid-round-block` findings; kept, they took gigabytes. After each line
//! the findings it added are cut to the limit per rule and the rest counted
//! by severity ([`crate::diag::overflow`]), so totals stay exact.
//!
//! [`ReadOptions::max_findings_per_rule`]: super::ReadOptions::max_findings_per_rule

use crate::diag::overflow::Overflow;
use crate::diag::Diagnostic;
use std::collections::HashMap;

/// Findings kept so far per rule, and those counted instead.
#[derive(Debug, Default)]
pub(crate) struct Cap {
    max: usize,
    kept: HashMap<&'static str, usize>,
    pub(crate) overflow: Overflow,
    /// Where each finding not kept pointed (its primary span's start): four
    /// bytes a finding instead of the finding, so that `trf fmt` still knows
    /// every line with a finding.
    pub(crate) at: Vec<u32>,
}

impl Cap {
    /// A limit of `max` findings per rule (0: no limit).
    pub(crate) fn new(max: usize) -> Self {
        Cap {
            max,
            ..Default::default()
        }
    }

    /// Applies the limit to the findings from `mark` on. Inline: most
    /// lines add none (not inlined, the call cost more than the test).
    #[inline(always)]
    pub(crate) fn trim(&mut self, diags: &mut Vec<Diagnostic>, mark: usize) {
        if self.max == 0 || diags.len() == mark {
            return;
        }
        self.trim_from(diags, mark);
    }

    fn trim_from(&mut self, diags: &mut Vec<Diagnostic>, mark: usize) {
        let mut i = mark;
        while i < diags.len() {
            let n = self.kept.entry(diags[i].rule).or_default();
            if *n < self.max {
                *n += 1;
                i += 1;
            } else {
                let d = diags.remove(i);
                self.at.push(d.primary_span().map_or(0, |s| s.start));
                self.overflow.count([&d]);
            }
        }
    }
}
