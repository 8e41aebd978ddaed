//! The verdict over the figures: what the checks say decides what the
//! rating pass may show.
//!
//! * `ready`: the figures, without the games the regulations leave out.
//! * `fix-before-upload`: the same figures, which hold only once the report
//!   is fixed.
//! * `not-rateable`: no changes, only the reasons; with `--what-if` the
//!   figures anyway, every one marked hypothetical, the reasons that stop
//!   the whole event set aside (the games left out one by one stay out).

use super::summary::{RatingSummary, VerdictReason};
use super::{calculate, RateOptions};
use crate::analysis::Analysis;
use crate::check::CheckReport;
use crate::diag::{Consequence, Verdict};
use crate::eligibility::exclusions::{self, Excluded};

/// Rates what FIDE would rate in the report of `ctx`, obeying the check's
/// verdict when there is one (else the exclusions that stop the event).
pub(super) fn rate_in(
    ctx: &Analysis<'_>,
    opts: &RateOptions,
    report: Option<&CheckReport>,
) -> RatingSummary {
    let excluded = &ctx.eligibility().excluded;
    let stops_event = |e: &Excluded| e.consequence == Consequence::EventNotRated;
    let verdict = report.map(|r| r.verdict);
    let not_rateable = ctx.stopped(verdict);
    let hypothetical = not_rateable && opts.what_if;
    let set_aside: Vec<&Excluded> = excluded
        .iter()
        .filter(|e| hypothetical && stops_event(e))
        .collect();
    let mut s = calculate(ctx, opts, hypothetical);
    s.verdict = verdict;
    s.rating_type = ctx.rating_type.rating_type;
    s.rating_type_reason = ctx.rating_type.reason.clone();
    s.verdict_reasons = reasons(ctx, report, excluded);
    let mut head = Vec::new();
    // A rapid or blitz event is rated by its chapter, which the
    // calculation's own notes name; an event on no list gets the standard
    // calculation, and says so.
    if ctx.rating_type.rating_type.is_none() {
        head.push(format!(
            "{}; the figures follow the standard calculation",
            ctx.rating_type.reason
        ));
    }
    if hypothetical {
        head.insert(0, headline(&s, true));
        if !set_aside.is_empty() {
            head.push(format!(
                "counted only in these hypothetical figures: {} FIDE will not rate ({})",
                crate::diag::plural(set_aside.len() as u64, "game", "games"),
                rules_of(&set_aside)
            ));
        }
        s.hypothetical = true;
        for p in &mut s.players {
            p.hypothetical = true;
        }
    } else if not_rateable {
        let mut notes = vec![headline(&s, false)];
        notes.extend(
            s.verdict_reasons
                .iter()
                .filter(|r| r.consequence == Consequence::EventNotRated)
                .map(|r| match &r.reference {
                    Some(at) => format!("{} ({at}) [{}]", r.message, r.rule),
                    None => format!("{} [{}]", r.message, r.rule),
                }),
        );
        // How a Scheveningen was recognised is a reading: say it.
        if let Some(m) = exclusions::match_with_unrated(&ctx.event()) {
            notes.extend(m.scheveningen.map(|s| s.describe()));
        }
        s.notes = notes;
        s.players.clear();
        s.excluded_games.clear();
        s.tournament.rated_games = 0;
        s.tournament.initial_rating_games = 0;
        s.tournament.round_robin = None;
        return s;
    } else if verdict == Some(Verdict::FixBeforeUpload) {
        head.insert(0, headline(&s, false));
    }
    head.append(&mut s.notes);
    s.notes = head;
    s
}

/// What to say first about figures that are not simply what FIDE will
/// publish, or `None` for a `ready` (or unchecked and unstopped) report.
/// The human output prints it as a banner; the notes start with it.
pub(crate) fn banner(s: &RatingSummary) -> Option<String> {
    (s.hypothetical || s.event_not_rated() || s.verdict == Some(Verdict::FixBeforeUpload))
        .then(|| headline(s, s.hypothetical))
}

/// The banner's words ([`Verdict::figures_banner`]): hypothetical
/// figures, no changes, or figures that hold once the report is fixed.
fn headline(s: &RatingSummary, hypothetical: bool) -> String {
    let verdict = if s.event_not_rated() {
        Verdict::NotRateable
    } else {
        Verdict::FixBeforeUpload
    };
    verdict.figures_banner(hypothetical).unwrap_or_default()
}

/// The findings behind the verdict, gravest first: from the check when it
/// ran, else from the exclusions that stop the event (one per rule).
fn reasons(
    ctx: &Analysis<'_>,
    report: Option<&CheckReport>,
    excluded: &[Excluded],
) -> Vec<VerdictReason> {
    if let Some(r) = report {
        let mut out: Vec<VerdictReason> = r
            .diagnostics
            .iter()
            .filter(|d| {
                matches!(
                    d.consequence,
                    Consequence::EventNotRated | Consequence::FixBeforeUpload
                )
            })
            .map(|d| VerdictReason {
                code: d.code,
                rule: d.rule,
                consequence: d.consequence,
                message: d.message.clone(),
                reference: d.reference.clone(),
            })
            .collect();
        out.sort_by_key(|r| r.consequence);
        return out;
    }
    let mut out: Vec<VerdictReason> = Vec::new();
    for e in excluded
        .iter()
        .filter(|e| e.consequence == Consequence::EventNotRated)
    {
        if out.iter().any(|r| r.rule == e.rule) {
            continue;
        }
        out.push(VerdictReason {
            code: e.reason.rule().0,
            rule: e.rule,
            consequence: e.consequence,
            message: format!("no game of the event is rated: {}", e.reason.describe()),
            reference: Some(ctx.cite(e.topic)),
        });
    }
    out
}

/// `time-control-below-minimum, match-with-unrated-player`.
fn rules_of(excluded: &[&Excluded]) -> String {
    let mut rules: Vec<&str> = excluded.iter().map(|e| e.rule).collect();
    rules.sort_unstable();
    rules.dedup();
    rules.join(", ")
}
