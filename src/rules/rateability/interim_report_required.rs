//! Rule `interim-report-required`.

use super::cite::{cite, text};
use crate::diag::Diagnostic;
use crate::regulations::Topic;
use crate::rules::wording::ymd;
use crate::rules::Ctx;

crate::declare_rule! {
    /// ## What it checks
    /// Whether the tournament lasts longer than the edition's threshold for
    /// monthly interim reports: 30 days from 2022; 90
    /// days in the 2013–2017 texts (T in FIDE's texts, newer
    /// than the matrix's "—"). Earlier texts have no such rule and the rule
    /// does not run. It is advice: the report at hand may be one of them.
    ///
    /// ## Why it matters
    /// Results of long events must reach FIDE month by month, so that each
    /// game is rated in the period it was played.
    ///
    /// ## Example
    /// ```text
    /// 042 2024/09/01
    /// 052 2024/11/30
    /// ```
    /// 91 days: interim results are due every month.
    ///
    /// ## Reference
    /// FIDE Rating Regulations, interim reports (2022 and 2024 texts: events
    /// lasting more than 30 days).
    pub(crate) static INTERIM_REPORT_REQUIRED = {
        code: "TRF-F009", name: "interim-report-required",
        severity: Advice, summary: "a long event must report interim results every month",
        consequence: Info,
        source: "B.02 2022/2024 section 4: monthly interim reports for events over 30 days (90 before 2022); the consequence is not stated (silent)",
        unconfirmed: true,
        reading: "FIDE has not published what it does with a long event without monthly interim reports; trfkit reads it as advice, and rates the games",
        topic: crate::regulations::Topic::InterimReports,
        applies: applies, check: check,
    };
}

fn applies(ctx: &Ctx<'_>) -> bool {
    // A rule of the standard chapter: rapid and blitz have their own.
    ctx.standard_rules() && ctx.regs.interim_report_after_days.is_some()
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let Some(after) = ctx.regs.interim_report_after_days else {
        return;
    };
    let Some((days, start, end)) = ctx.tournament.length_days() else {
        return;
    };
    if days <= i64::from(after) {
        return;
    }
    let span = ctx.end_span().unwrap_or_else(|| ctx.file_span());
    let d = INTERIM_REPORT_REQUIRED
        .diag(format!(
            "the tournament lasts {days} days, {} to {}; under {} events over {after} days report interim results every month",
            ymd(start),
            ymd(end),
            text(ctx)
        ))
        .primary(span, format!("day {days}"));
    out.push(cite(
        ctx,
        d,
        Topic::InterimReports,
        "send FIDE the results played so far each month, so that each game is rated in its own period".to_owned(),
    ));
}
