//! Rule `daily-play-over-12-hours`.

use super::cite::{cite, text};
use super::days::days;
use crate::diag::Diagnostic;
use crate::regulations::Topic;
use crate::rules::context::TimeControlInfo;
use crate::rules::wording::{hours, minutes, plural, ymd};
use crate::rules::Ctx;

crate::declare_rule! {
    /// ## What it checks
    /// That no calendar day of record `132` holds more than 12 hours of
    /// play: the rounds of the day × the length of a 60-move game on both
    /// clocks. Exactly 12 hours is allowed
    /// ("no more than"). Needs the `132` dates and a readable time control;
    /// without them it is silent (`round-date-missing` and
    /// `time-control-unparsed` report those gaps). Armageddon controls are
    /// outside the rule (§4.2 convention 4) and not checked.
    ///
    /// The 12-hour limit is in every edition; the 2014 text is (from a secondary source) and the
    /// 2017 text not confirmed in FIDE's text. Before 2014 the
    /// wording "total playing time" could be read per player; the per-game
    /// reading of §4.1 is used.
    ///
    /// ## Why it matters
    /// Games of a day that exceeds 12 hours of play are not rated.
    ///
    /// ## Example
    /// ```text
    /// 122 90 min + 30 s per move
    /// 132 ... 25/03/14  25/03/14  25/03/14  25/03/14
    /// ```
    /// Four rounds of 4 h (2 × 120 min) are 16 h. Use instead: at most
    /// three such rounds a day.
    ///
    /// ## Reference
    /// FIDE Rating Regulations, hours of play per day (12 hours, computed on
    /// 60-move games from 2014).
    pub(crate) static DAILY_PLAY_OVER_12_HOURS = {
        code: "TRF-F006", name: "daily-play-over-12-hours",
        severity: Warning, summary: "more than 12 hours of play scheduled on one day",
        consequence: Info,
        source: "B.02 section 3 limits play to 12 hours a day; what FIDE does with an event over it is not published (silent)",
        unconfirmed: true,
        reading: "FIDE has not published what it does with an event played more than 12 hours on one day; trfkit reads it as a warning, and rates the games",
        topic: crate::regulations::Topic::DailyPlayingTime,
        applies: applies, check: check,
    };
}

fn applies(ctx: &Ctx<'_>) -> bool {
    // A rule of the standard chapter: rapid and blitz have their own.
    ctx.standard_rules()
        && matches!(&ctx.time_control, TimeControlInfo::Read { control, .. } if !control.is_armageddon())
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let TimeControlInfo::Read { control, span, .. } = &ctx.time_control else {
        return;
    };
    if control.is_armageddon() {
        return;
    }
    let game = u64::from(control.game_seconds_60());
    let limit = u64::from(ctx.regs.max_play_minutes_per_day) * 60;
    if game == 0 {
        return;
    }
    for day in days(ctx) {
        let n = day.rounds.len() as u64;
        let total = n * game;
        if total <= limit {
            continue;
        }
        // One finding per day: past --max-per-rule it is counted, not
        // formatted.
        ctx.emit_with(out, &DAILY_PLAY_OVER_12_HOURS, || {
            let d = DAILY_PLAY_OVER_12_HOURS
                .diag(format!(
                    "{}: {} of {} (2 × {}) make {} of play; {} allows {}",
                    ymd(day.date),
                    plural(n, "round", "rounds"),
                    hours(game),
                    minutes(control.t60_seconds()),
                    hours(total),
                    text(ctx),
                    hours(limit)
                ))
                .primary(day.span(), format!("{} on this day", day.rounds_label()))
                .secondary(
                    *span,
                    format!("{} for 60 moves", minutes(control.t60_seconds())),
                );
            let fit = limit / game;
            cite(
                ctx,
                d,
                Topic::DailyPlayingTime,
                format!(
                    "a 60-move game lasts {} on both clocks, so at most {} fit in one day; games of a day over 12 hours are not rated",
                    hours(game),
                    plural(fit, "round", "rounds")
                ),
            )
        });
    }
}
