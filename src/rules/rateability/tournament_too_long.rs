//! Rule `tournament-too-long`.

use super::cite::{cite, text};
use crate::diag::Diagnostic;
use crate::regulations::Topic;
use crate::rules::wording::ymd;
use crate::rules::Ctx;

crate::declare_rule! {
    /// ## What it checks
    /// That the tournament, from its start (`042`) to its end (`052`, else
    /// the last `132` date), both days included, lasts no longer than the
    /// 90 days of the 2003–2017 texts. From 2022 B.02 sets no maximum and
    /// the rule does not run.
    ///
    /// A report that declares a league (`192`, else `092`: league, Liga,
    /// Ligue, Oberliga, …) is exempt and never reported: every text that
    /// sets the limit exempts leagues. Events approved in advance may run
    /// longer too, and no source says what FIDE does with another long
    /// event, so the finding is a **warning** whose consequence is
    /// information, never a block. The limit is not confirmed in FIDE's text for 2009, 2013 and 2017 (from a secondary source for 2014).
    ///
    /// ## Why it matters
    /// A longer event that is not a league (or approved) is not rated as
    /// one tournament; a long league is rated with the list in force in
    /// the period each game was played.
    ///
    /// ## Example
    /// ```text
    /// 042 2012/01/10
    /// 052 2012/06/20
    /// ```
    /// 163 days. Use instead: report it as a league, or split it into
    /// events of at most 90 days.
    ///
    /// ## Reference
    /// FIDE Rating Regulations, duration of tournaments (90 days; leagues
    /// may be rated).
    pub(crate) static TOURNAMENT_TOO_LONG = {
        code: "TRF-F008", name: "tournament-too-long",
        severity: Warning, summary: "the tournament lasts longer than the regulations allow",
        consequence: Info,
        source: "B.02 2003–2017 (90 days; leagues and approved events exempt); the consequence for other events is not published (silent)",
        unconfirmed: true,
        reading: "FIDE has not published what it does with an event longer than allowed that is no league; trfkit reads it as a warning, and rates the games",
        topic: crate::regulations::Topic::Duration,
        applies: applies, check: check,
    };
}

fn applies(ctx: &Ctx<'_>) -> bool {
    // A rule of the standard chapter: rapid and blitz have their own.
    ctx.standard_rules() && ctx.regs.duration.max_days.is_some()
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    // Every text that limits the duration exempts leagues.
    if ctx.tournament_type.league {
        return;
    }
    let rule = ctx.regs.duration;
    let Some(max) = rule.max_days else { return };
    let Some((days, start, end)) = ctx.tournament.length_days() else {
        return;
    };
    if days <= i64::from(max) {
        return;
    }
    let span = ctx.end_span().unwrap_or_else(|| ctx.file_span());
    let mut d = TOURNAMENT_TOO_LONG
        .diag(format!(
            "the tournament lasts {days} days, {} to {}; {} allows {max}",
            ymd(start),
            ymd(end),
            text(ctx)
        ))
        .primary(span, format!("day {days}"));
    if let Some(s) = ctx.start_span() {
        d = d.secondary(s, "day 1");
    }
    let help = if rule.longer_events_allowed {
        format!("only a league (or an event approved in advance) may run longer than {max} days, and each game is then rated with the list in force when it was played; otherwise split the event or check the dates")
    } else {
        // The text names no exception, but neither it nor FIDE says what
        // happens to such an event: a warning, not a block.
        format!("the text makes no exception for events longer than {max} days (a league aside); split it, or check the dates")
    };
    out.push(cite(ctx, d, Topic::Duration, help));
}
