//! Validation rules: one file per rule, a static registry, one context.
//!
//! Each rule states its code, name, category, default severity and
//! documentation once, in its [`declare_rule!`](crate::declare_rule) block; the doc comment (with
//! the fixed sections *What it checks*, *Why it matters*, *Example*,
//! *Reference*) is what `trf explain` prints. A rule that does not apply to
//! the regulations selected does not run.

pub(crate) mod context;
pub(crate) mod cross;
#[cfg(test)]
mod edition_tests;
#[cfg(test)]
mod fixtures;
pub(crate) mod list;
pub(crate) mod players;
pub(crate) mod rateability;
pub(crate) mod registrations;
pub(crate) mod registry;
pub(crate) mod rounds;
#[cfg(test)]
mod rule_times;
pub(crate) mod spans;
pub(crate) mod swiss;
pub(crate) mod tournament;
pub(crate) mod wording;

pub(crate) use context::CheckOptions;
pub(crate) use context::Ctx;

use crate::diag::{Diagnostic, RuleMeta};

/// A validation rule.
#[derive(Debug)]
pub(crate) struct Rule {
    /// Code, name, category, severity and documentation.
    pub meta: RuleMeta,
    /// Whether the rule runs for this tournament and regulations version.
    pub applies: fn(&Ctx<'_>) -> bool,
    /// The check itself.
    pub check: fn(&Ctx<'_>, &mut Vec<Diagnostic>),
    /// The topic of the rating regulations the rule enforces, if any: `trf
    /// explain` prints the article of every edition for it.
    pub topic: Option<crate::regulations::Topic>,
    /// The topic of the rapid and blitz chapter the rule enforces, if any:
    /// `trf explain` prints its article in every chapter edition.
    pub rapid_blitz_topic: Option<crate::regulations::RapidBlitzTopic>,
}

/// Runs everywhere.
pub(crate) fn always(_: &Ctx<'_>) -> bool {
    true
}

/// Declares a rule: its doc comment is its documentation.
#[macro_export]
#[doc(hidden)]
macro_rules! declare_rule {
    (@topic $topic:expr) => { Some($topic) };
    (@topic) => { None };
    (@rb_topic $topic:expr) => { Some($topic) };
    (@rb_topic) => { None };
    (@unconfirmed $u:literal) => { $u };
    (@unconfirmed) => { false };
    (@reading $r:literal) => { Some($r) };
    (@reading) => { None };
    ($(#[doc = $doc:literal])* $vis:vis static $id:ident = {
        code: $code:literal, name: $name:literal,
        severity: $sev:ident, summary: $summary:literal,
        consequence: $cons:ident, source: $src:literal,
        $(unconfirmed: $unc:literal,)?
        $(reading: $reading:literal,)?
        $(topic: $topic:expr,)?
        $(rb_topic: $rbt:expr,)?
        applies: $applies:expr, check: $check:path $(,)? };) => {
        $(#[doc = $doc])*
        $vis static $id: $crate::rules::Rule = $crate::rules::Rule {
            meta: $crate::diag::RuleMeta {
                code: $code,
                name: $name,
                category: $crate::diag::Category::of_code($code),
                severity: $crate::diag::Severity::$sev,
                consequence: $crate::diag::Consequence::$cons,
                consequence_source: $src,
                unconfirmed: $crate::declare_rule!(@unconfirmed $($unc)?),
                reading: $crate::declare_rule!(@reading $($reading)?),
                summary: $summary,
                explanation: concat!($($doc, "\n",)*),
                location: concat!(file!(), ":", line!()),
            },
            applies: $applies,
            check: $check,
            topic: $crate::declare_rule!(@topic $($topic)?),
            rapid_blitz_topic: $crate::declare_rule!(@rb_topic $($rbt)?),
        };
    };
}

impl Rule {
    /// The article enforced under each edition, oldest first (empty for
    /// rules that enforce the file format rather than the regulations).
    pub(crate) fn articles(&self) -> Vec<(crate::regulations::Version, String)> {
        let Some(topic) = self.topic else {
            return Vec::new();
        };
        crate::regulations::Regulations::all()
            .map(|r| (r.version, r.reference(topic)))
            .collect()
    }

    /// The article enforced under each edition of the rapid and blitz
    /// chapter, oldest first, by chapter id (empty for other rules).
    pub(crate) fn rapid_blitz_articles(&self) -> Vec<(&'static str, String)> {
        let Some(topic) = self.rapid_blitz_topic else {
            return Vec::new();
        };
        crate::regulations::RapidBlitz::all()
            .map(|r| (r.id, r.reference(topic)))
            .collect()
    }

    /// Starts a finding of this rule.
    pub(crate) fn diag(&'static self, message: impl Into<String>) -> Diagnostic {
        self.meta.diag(message)
    }
}

/// Runs every applicable rule over a parsed report; findings come back in
/// registry order, at most `--max-per-rule` of each rule (the rest are
/// counted in [`Ctx::overflow`]). Large reports run their rules on every core (the rules
/// are independent and only read the context).
pub(crate) fn run(ctx: &Ctx<'_>) -> Vec<Diagnostic> {
    let active: Vec<&'static Rule> = registry::RULES
        .iter()
        .copied()
        .filter(|rule| ctx.opts.enabled(rule.meta.name, rule.meta.code) && (rule.applies)(ctx))
        .collect();
    let one = |rule: &&'static Rule| {
        let mut out = Vec::new();
        (rule.check)(ctx, &mut out);
        // Over the limit: counted (ctx.overflow), not kept.
        let max = ctx.opts.max_per_rule;
        if max > 0 && out.len() > max {
            ctx.overflow.count(&out[max..]);
            out.truncate(max);
            out.shrink_to_fit();
        }
        for d in &mut out {
            crate::diag::note_unconfirmed(d, &rule.meta);
        }
        out
    };
    let work: usize = ctx.tournament.players.iter().map(|p| p.rounds.len()).sum();
    #[cfg(feature = "parallel")]
    if work > PARALLEL_FROM {
        use rayon::prelude::*;
        let parts: Vec<Vec<Diagnostic>> = active.par_iter().map(one).collect();
        return concat(parts);
    }
    let _ = work;
    concat(active.iter().map(one).collect())
}

/// The rules' findings one after the other, in a vector of their number
/// (not grown finding by finding: a finding is some 150 bytes).
fn concat(parts: Vec<Vec<Diagnostic>>) -> Vec<Diagnostic> {
    let mut all = Vec::with_capacity(parts.iter().map(Vec::len).sum());
    for part in parts {
        all.extend(part);
    }
    all
}

/// Round entries from which the rules of one report run in parallel: below
/// it, starting the threads costs more than it saves.
#[cfg(feature = "parallel")]
const PARALLEL_FROM: usize = 20_000;
