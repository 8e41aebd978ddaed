//! Rule `round-dates-out-of-order`.

use crate::diag::Diagnostic;
use crate::rules::support::{readings, ymd};
use crate::rules::{always, Ctx};

crate::declare_rule! {
    /// ## What it checks
    /// That the round dates of record `132` never go backwards: round r is
    /// not dated earlier than the last dated round before it. Two rounds on
    /// one day are fine; blank slots are skipped. A date that can be read two
    /// ways is reported only when both readings are out of order.
    ///
    /// ## Why it matters
    /// Rounds are played in order. A date that goes backwards is a typo (a
    /// wrong day, month or year), and since the round dates place the games
    /// in a rating period, FIDE's server does not accept them.
    ///
    /// ## Example
    /// ```text
    /// 132 (blank to column 91) 25/03/14  25/03/15  25/02/16
    /// ```
    /// Use instead: `25/03/16` for round 3.
    ///
    /// ## Reference
    /// TRF16 record 132 (dates of the rounds); TRF26 record 132 (mandatory
    /// for rating).
    pub(crate) static ROUND_DATES_OUT_OF_ORDER = {
        code: "TRF-T004", name: "round-dates-out-of-order",
        severity: Error, summary: "a round dated before the round preceding it",
        consequence: FixBeforeUpload,
        source: "TRF16 record 132: round dates decide the rounds-per-day and 12-hour rules; the arbiter must correct them",
        applies: always, check: check,
    };
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let mut prev: Option<(usize, crate::Span, Vec<chrono::NaiveDate>, &str)> = None;
    for (i, d) in ctx.tournament.header.round_dates.iter().enumerate() {
        let Some(f) = &d.value else { continue };
        let now = readings(f);
        if now.is_empty() {
            continue;
        }
        if let Some((round, span, before, raw)) = &prev {
            let earlier = now.iter().all(|n| before.iter().all(|b| n < b));
            if earlier {
                let r = i + 1;
                // One finding per round date: past --max-per-rule it is
                // counted, not formatted.
                ctx.emit_with(out, &ROUND_DATES_OUT_OF_ORDER, || {
                    ROUND_DATES_OUT_OF_ORDER
                        .diag(format!(
                            "round `{r}` is dated `{}`, before round `{round}` (`{raw}`)",
                            f.raw
                        ))
                        .primary(d.span, format!("round {r}: {}", f.date.map(ymd).unwrap_or_default()))
                        .secondary(*span, format!("round {round}"))
                        .help("correct the dates in record `132`: each round is played on or after the day of the round before")
                        .reference("TRF16 record 132")
                });
            }
        }
        prev = Some((i + 1, d.span, now, f.raw.as_str()));
    }
}
