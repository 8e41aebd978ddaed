//! Rule `rating-type-contradicts-time-control`.

use super::cite::cite;
use crate::diag::Diagnostic;
use crate::regulations::{RapidBlitz, RapidBlitzTopic, Topic};
use crate::rules::context::TimeControlInfo;
use crate::rules::Ctx;

crate::declare_rule! {
    /// ## What it checks
    /// That the list given with `--rating-type` (the one the event is
    /// registered for) is the list the time control puts the event on,
    /// from the minutes for 60 moves and the bands of the edition in force
    /// (R&B art. 1.1, B.02 section 1).
    ///
    /// ## Why it matters
    /// No source says how FIDE's server decides the list, from the
    /// registration or from the report (not confirmed in FIDE's text). A rapid registration with a
    /// 5-minute control, or a blitz one at 25 minutes, does not meet the
    /// rate of play of its list, and its games may not be rated: the finding
    /// warns and checks the event by the list given.
    ///
    /// ## Example
    /// `trf check --rating-type rapid` on a report whose `122` is
    /// `3 min + 2 s` (5 min for 60 moves: blitz).
    ///
    /// ## Reference
    /// FIDE Rapid and Blitz Rating Regulations (2024) art. 1.1; FIDE Rating
    /// Regulations (2024) section 1.
    pub(crate) static RATING_TYPE_CONTRADICTS_TIME_CONTROL = {
        code: "TRF-F040", name: "rating-type-contradicts-time-control",
        severity: Warning, summary: "the list given with --rating-type is not the one the time control gives",
        consequence: Info,
        source: "R&B 2024 art. 1.1 and B.02 section 1 define each list by its rate of play; how FIDE treats a report registered for another list is not published (not confirmed in FIDE's text): a warning, and the rating pass rates the games on the list given",
        unconfirmed: true,
        reading: "FIDE has not published how it treats a report registered for another list than its rate of play gives; trfkit reads it as a warning, and rates the games on the list given",
        rb_topic: crate::regulations::RapidBlitzTopic::RateOfPlay,
        applies: applies, check: check,
    };
}

fn applies(ctx: &Ctx<'_>) -> bool {
    ctx.opts.rating_type.is_some() && matches!(ctx.time_control, TimeControlInfo::Read { .. })
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let Some(given) = ctx.opts.rating_type else {
        return;
    };
    let TimeControlInfo::Read { span, .. } = &ctx.time_control else {
        return;
    };
    let by_time = ctx.rating_type.by_time_control;
    if by_time == Some(given) {
        return;
    }
    let says = by_time.map_or_else(|| "no list".to_owned(), |t| t.to_string());
    let d = RATING_TYPE_CONTRADICTS_TIME_CONTROL
        .diag(format!(
            "the event is checked as {given}, as given with --rating-type, but its time control puts it on {says}"
        ))
        .primary(*span, format!("{says} by the time control"));
    let help = format!(
        "the event is judged by the rules of the {given} list; its games may not be rated there if they are not played at that list's rate of play; check the registration or the time control"
    );
    let on = ctx.start.unwrap_or(ctx.regs.effective_from);
    out.push(match RapidBlitz::at(on) {
        Some(rb) => super::cite::cite_rb(ctx, rb, d, RapidBlitzTopic::RateOfPlay, help),
        None => cite(ctx, d, Topic::RateOfPlay, help),
    });
}
