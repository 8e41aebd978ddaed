//! Rule `round-date-outside-tournament`.

use crate::diag::Diagnostic;
use crate::model::agreement::DateAgreement;
use crate::model::DateField;
use crate::rules::wording::ymd;
use crate::rules::{always, Ctx};
use crate::source::span::Spanned;
use chrono::NaiveDate;

crate::declare_rule! {
    /// ## What it checks
    /// That every round date in record `132` lies between the start date
    /// (`042`) and the end date (`052`), both included. When *every* round
    /// date falls on the same wrong side, the start or end date is the
    /// likelier typo: one finding points at it instead of one per round.
    /// A date that can be read two ways is reported only when both readings
    /// are outside; nothing is checked when the end is before the start
    /// (`end-before-start` reports that).
    ///
    /// A start or end date that the round dates and the other of
    /// `042`/`052` both contradict (`042 2014/04/13` with every round and
    /// the end in April 2024) is a typo in that record: one finding says so,
    /// and the edition, K and every date rule follow the round dates.
    ///
    /// ## Why it matters
    /// Round dates decide which games fall in which rating period and which
    /// regulations apply to them. A round dated outside the tournament is
    /// a typo in one of the three records, and FIDE's server rejects the
    /// report until they agree.
    ///
    /// ## Example
    /// ```text
    /// 042 2025/03/14
    /// 052 2025/03/16
    /// 132 (blank to column 91) 25/03/14  25/03/15  25/03/17
    /// ```
    /// Use instead: round 3 on `25/03/16`, or `052 2025/03/17` if the
    /// tournament really ended then.
    ///
    /// ## Reference
    /// TRF16 records 042, 052 and 132; TRF26 records 042, 052, 132 (all
    /// mandatory for rating).
    pub(crate) static ROUND_DATE_OUTSIDE_TOURNAMENT = {
        code: "TRF-T003", name: "round-date-outside-tournament",
        severity: Error, summary: "a round date before the start or after the end date",
        consequence: FixBeforeUpload,
        source: "TRF16 records 042/052/132 must agree: the dates decide the regulations and the rating list",
        applies: always, check: check,
    };
}

const REFERENCE: &str = "TRF16 records 042, 052 and 132";

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let h = &ctx.tournament.header;
    let agree = ctx.tournament.date_agreement();
    contradicted(ctx, &agree, out);
    // A date that gave way to the round dates is reported once, above.
    let start = h.start_date.as_ref().filter(|_| !agree.start_contradicted);
    let end = h.end_date.as_ref().filter(|_| !agree.end_contradicted);
    let starts = start.map(|s| s.value.readings()).unwrap_or_default();
    let ends = end.map(|e| e.value.readings()).unwrap_or_default();
    if starts.is_empty() && ends.is_empty() {
        return;
    }
    if let (Some(s), Some(e)) = (
        start.and_then(|s| s.value.date),
        end.and_then(|e| e.value.date),
    ) {
        if e < s {
            return; // end-before-start
        }
    }
    let mut dated = 0usize;
    let mut before: Vec<(usize, &Spanned<Option<DateField>>)> = Vec::new();
    let mut after: Vec<(usize, &Spanned<Option<DateField>>)> = Vec::new();
    for (i, d) in h.round_dates.iter().enumerate() {
        let Some(f) = &d.value else { continue };
        let rs = f.readings();
        if rs.is_empty() {
            continue;
        }
        dated += 1;
        let all = |ok: &dyn Fn(NaiveDate, NaiveDate) -> bool, bounds: &[NaiveDate]| {
            !bounds.is_empty() && rs.iter().all(|r| bounds.iter().all(|b| ok(*r, *b)))
        };
        if all(&|r, s| r < s, &starts) {
            before.push((i + 1, d));
        } else if all(&|r, e| r > e, &ends) {
            after.push((i + 1, d));
        }
    }
    for (side, list) in [("before", &before), ("after", &after)] {
        let bound = if side == "before" { start } else { end };
        let (Some(bound), false) = (bound, list.is_empty()) else {
            continue;
        };
        let (record, what) = if side == "before" {
            ("042", "start")
        } else {
            ("052", "end")
        };
        if list.len() == dated && dated > 1 {
            let (first_round, first) = list[0];
            out.push(
                ROUND_DATE_OUTSIDE_TOURNAMENT
                    .diag(format!(
                        "all `{dated}` round dates are {side} the {what} date `{}`",
                        bound.value.raw
                    ))
                    .primary(bound.span, format!("{what} date"))
                    .secondary(first.span, format!("round {first_round}"))
                    .help(format!(
                        "correct record `{record}`: it disagrees with every date of record `132`"
                    ))
                    .reference(REFERENCE),
            );
            continue;
        }
        for &(round, d) in list {
            let raw = d.value.as_ref().map(|f| f.raw.as_str()).unwrap_or("");
            let date = d
                .value
                .as_ref()
                .and_then(|f| f.date)
                .map(ymd)
                .unwrap_or_default();
            out.push(
                ROUND_DATE_OUTSIDE_TOURNAMENT
                    .diag(format!(
                        "round `{round}` is dated `{raw}`, {side} the {what} date `{}`",
                        bound.value.raw
                    ))
                    .primary(d.span, format!("round {round}: {date}"))
                    .secondary(bound.span, format!("{what} date"))
                    .help(format!(
                        "correct the round date in record `132` or the {what} date in record `{record}`"
                    ))
                    .reference(REFERENCE),
            );
        }
    }
}

/// A start or end date that both the round dates and the other of
/// `042`/`052` contradict (a year typed wrong): the round dates are
/// followed, and the finding says so.
fn contradicted(ctx: &Ctx<'_>, agree: &DateAgreement, out: &mut Vec<Diagnostic>) {
    let h = &ctx.tournament.header;
    let Some((first, last)) = agree.rounds else {
        return;
    };
    let rounds = if first == last {
        format!("the round date ({})", ymd(first))
    } else {
        format!("the round dates ({} to {})", ymd(first), ymd(last))
    };
    let sides = [
        (
            agree.start_contradicted,
            &h.start_date,
            &h.end_date,
            "start",
            "end",
            "042",
            first,
        ),
        (
            agree.end_contradicted,
            &h.end_date,
            &h.start_date,
            "end",
            "start",
            "052",
            last,
        ),
    ];
    for (wrong, date, other, what, other_what, record, followed) in sides {
        let (true, Some(date)) = (wrong, date) else {
            continue;
        };
        let also = other
            .as_ref()
            .filter(|o| o.value.date.is_some())
            .map(|o| format!(" and the {other_what} date `{}`", o.value.raw))
            .unwrap_or_default();
        let consequence = if what == "start" {
            format!(
                "the start is taken as {}, so the {} apply, with their K and every date rule",
                ymd(followed),
                ctx.regs.title()
            )
        } else {
            format!(
                "the end is taken as {}, and every date rule follows it",
                ymd(followed)
            )
        };
        out.push(
            ROUND_DATE_OUTSIDE_TOURNAMENT
                .diag(format!(
                    "{what} date `{}` disagrees with {rounds}{also}: {consequence}",
                    date.value.raw
                ))
                .primary(date.span, format!("{what} date"))
                .help(format!(
                    "correct record `{record}` (a year or month typed wrong?): FIDE reads the dates as written, and the edition of the regulations is chosen by the start date"
                ))
                .reference(REFERENCE),
        );
    }
}
