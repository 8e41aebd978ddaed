//! Rule `too-many-rounds-per-day`.

use super::cite::{cite, text};
use super::days::days;
use crate::diag::Diagnostic;
use crate::regulations::Topic;
use crate::rules::wording::ymd;
use crate::rules::Ctx;

crate::declare_rule! {
    /// ## What it checks
    /// That no calendar day of record `132` holds more rounds than the
    /// edition allows: 3 in the 2003, 2005, 2009 and 2013 texts (2009: (from a secondary source); 2013: S in FIDE's texts). From
    /// 2014 there is no round limit, only the 12 hours of play a day
    /// (`daily-play-over-12-hours`), and the rule does not run.
    ///
    /// ## Why it matters
    /// The texts limit the rounds a day to protect the quality of play;
    /// they do not say what happens to a day over the limit, and no FIDE
    /// source does. The finding warns and never blocks; the rating pass
    /// rates the games as played.
    ///
    /// ## Example
    /// ```text
    /// 042 2008/05/10
    /// 132 ... 08/05/10  08/05/10  08/05/10  08/05/10
    /// ```
    /// Use instead: at most three rounds on 2008/05/10.
    ///
    /// ## Reference
    /// FIDE Rating Regulations, rounds per day (three rounds and twelve
    /// hours, GA 1995; removed in 2014).
    pub(crate) static TOO_MANY_ROUNDS_PER_DAY = {
        code: "TRF-F007", name: "too-many-rounds-per-day",
        severity: Warning, summary: "more rounds on one day than the regulations allow",
        consequence: Info,
        source: "B.02 2003–2013 (three rounds a day, GA 1995; 2009 (from a secondary source)) set the limit but not its consequence, and FIDE has not published one (silent, like the 12-hour rule): a warning, and the rating pass rates the games",
        unconfirmed: true,
        reading: "FIDE has not published what it does with more rounds on one day than allowed; trfkit reads it as a warning, and rates the games",
        topic: crate::regulations::Topic::RoundsPerDay,
        applies: applies, check: check,
    };
}

fn applies(ctx: &Ctx<'_>) -> bool {
    // A rule of the standard chapter: rapid and blitz have their own.
    ctx.standard_rules() && ctx.regs.max_rounds_per_day.is_some()
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let Some(max) = ctx.regs.max_rounds_per_day else {
        return;
    };
    for day in days(ctx) {
        let n = day.rounds.len();
        if n <= usize::from(max) {
            continue;
        }
        let mut d = TOO_MANY_ROUNDS_PER_DAY
            .diag(format!(
                "{}: {n} rounds on one day ({}); {} allows at most {max}",
                ymd(day.date),
                day.rounds_label(),
                text(ctx)
            ))
            .primary(day.span(), format!("{n} rounds on this day"));
        for (round, span) in day.rounds.iter().skip(usize::from(max)) {
            d = d.secondary(*span, format!("round {round}"));
        }
        out.push(cite(
            ctx,
            d,
            Topic::RoundsPerDay,
            format!(
                "the text allows at most {max} rounds a day but does not say what happens to the games of a longer day; if the dates in record `132` are wrong, correct them; otherwise ask the rating officer"
            ),
        ));
    }
}
