//! Rule `round-dates-out-of-order`.

use crate::diag::Diagnostic;
use crate::rules::wording::ymd;
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
    /// wrong day, month or year), and the rules that read the round dates
    /// (rounds a day, 12 hours of play a day) count the wrong days.
    ///
    /// FIDE's TRF16 description does not make record `132` mandatory, and
    /// the TRF-2026 description marks it mandatory for rating without
    /// saying what is done with dates out of order; FIDE has not published
    /// what its server or the rating officer does with them. trfkit warns
    /// and assumes the report is rated by its start and end dates (`042`,
    /// `052`), which the date rules check on their own.
    ///
    /// ## Example
    /// ```text
    /// 132 (blank to column 91) 25/03/14  25/03/15  25/02/16
    /// ```
    /// Use instead: `25/03/16` for round 3.
    ///
    /// ## Reference
    /// FIDE's TRF16 description (Handbook C.04 Annex 2), record 132 (dates of
    /// the rounds); FIDE's TRF-2026 description, record 132 (mandatory for
    /// rating).
    pub(crate) static ROUND_DATES_OUT_OF_ORDER = {
        code: "TRF-T004", name: "round-dates-out-of-order",
        severity: Warning, summary: "a round dated before the round preceding it",
        consequence: Info,
        source: "TRF16 and TRF-2026 record 132 (dates of the rounds): FIDE has not published what it does with round dates out of order; trfkit warns and assumes the report is rated by its start and end dates",
        applies: always, check: check,
    };
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let mut prev: Option<(usize, crate::Span, Vec<chrono::NaiveDate>, &str)> = None;
    for (i, d) in ctx.tournament.header.round_dates.iter().enumerate() {
        let Some(f) = &d.value else { continue };
        let now = f.readings();
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
                        .help("correct the dates in record `132`: each round is played on or after the day of the round before; FIDE has not published what it does with dates out of order, and trfkit assumes the report is rated by its start and end dates, so this does not stop the upload")
                        .reference("TRF16 record 132")
                });
            }
        }
        prev = Some((i + 1, d.span, now, f.raw.as_str()));
    }
}
