//! Rule `unequal-playing-times`.

use super::cite::{cite_rb, rapid_blitz};
use super::games;
use crate::diag::{Consequence, Diagnostic, Severity};
use crate::model::RoundResult;
use crate::regulations::Certainty;
use crate::regulations::RapidBlitzTopic;
use crate::rules::context::TimeControlInfo;
use crate::rules::wording::{minutes, plural};
use crate::rules::Ctx;

crate::declare_rule! {
    /// ## What it checks
    /// That in a rapid or blitz event both players have the same time: a
    /// control with different times for White and Black (Armageddon,
    /// `222 W300-B240`, or `122` "White 5 min, Black 4 min") is not rated
    /// in rapid or blitz.
    ///
    /// | chapter | reading |
    /// |---|---|
    /// | 2012 | "both players must have the same allotted time" (from a secondary source) |
    /// | 2013, 2022 | no text found: the 2012 and 2024 rule is assumed (not confirmed in FIDE's text) and the finding only warns |
    /// | 2024 | art. 1.2: games with unequal playing times are not rated |
    ///
    /// A report carries one time control for the whole event, so every game
    /// over the board is concerned: the event is not rated.
    ///
    /// ## Why it matters
    /// FIDE does not rate such games; an event played at Armageddon times
    /// throughout is not rated at all.
    ///
    /// ## Example
    /// ```text
    /// 042 2025/03/01
    /// 222 W300-B240
    /// ```
    /// Use instead: give both players the same time (`222 300+2`), and
    /// report Armageddon tie-break games outside the rated event.
    ///
    /// ## Reference
    /// FIDE Rapid and Blitz Rating Regulations (2024) art. 1.2; 2012
    /// framework (FIDE news, 16 Nov 2011) (from a secondary source).
    pub(crate) static UNEQUAL_PLAYING_TIMES = {
        code: "TRF-F041", name: "unequal-playing-times",
        severity: Error, summary: "different times for the two players in a rapid or blitz event",
        consequence: EventNotRated,
        source: "R&B 2024 art. 1.2: games with unequal playing times are not rated; 2012 framework (from a secondary source); 2013–2022 text not found (not confirmed in FIDE's text), then a warning",
        rb_topic: crate::regulations::RapidBlitzTopic::UnequalTimes,
        applies: applies, check: check,
    };
}

fn applies(ctx: &Ctx<'_>) -> bool {
    rapid_blitz(ctx).is_some_and(|(rb, _)| rb.unequal_times_not_rated.value)
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let Some((rb, list)) = rapid_blitz(ctx) else {
        return;
    };
    let TimeControlInfo::Read { control, span, .. } = &ctx.time_control else {
        return;
    };
    let (w, b) = control.t60_seconds_by_side();
    if w == b && control.black_periods.is_none() {
        return;
    }
    let played = games(ctx)
        .filter(|g| matches!(g.entry.value.result, RoundResult::Game { .. }))
        .count();
    if played == 0 {
        return;
    }
    let mut d = UNEQUAL_PLAYING_TIMES
        .diag(format!(
            "unequal playing times, {} for white and {} for black for 60 moves: under {} games with unequal playing times are not rated in {list}, and all {} are played at this control",
            minutes(w),
            minutes(b),
            rb.text(),
            plural(played as u32, "game", "games")
        ))
        .primary(*span, "unequal times");
    if rb.unequal_times_not_rated.mark == Certainty::Unconfirmed {
        d = d
            .with_consequence(Consequence::GamesNotRated)
            .with_severity(Severity::Warning);
    }
    out.push(cite_rb(
        ctx,
        rb,
        d,
        RapidBlitzTopic::UnequalTimes,
        "the report has one time control for the whole event, so no game of it is rated; give both players the same time, and leave Armageddon tie-breaks out of the rated event".to_owned(),
    ));
}
