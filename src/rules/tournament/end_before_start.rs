//! Rule `end-before-start`.

use crate::diag::Diagnostic;
use crate::rules::wording::ymd;
use crate::rules::{always, Ctx};

crate::declare_rule! {
    /// ## What it checks
    /// That the end date (record `052`) is not earlier than the start date
    /// (record `042`). A date that can be read two ways (`03/04/2025`) is
    /// reported only when every reading of the two dates puts the end first.
    ///
    /// ## Why it matters
    /// The regulations in force, the rating period the report goes to and
    /// the deadline for submitting it all follow from these dates; with the
    /// end before the start, FIDE's server rejects the report or files it
    /// under the wrong list.
    ///
    /// ## Example
    /// ```text
    /// 042 2025/03/14
    /// 052 2025/03/04
    /// ```
    /// Use instead: `052 2025/03/16`, the day the last round was played.
    ///
    /// ## Reference
    /// TRF16 records 042 and 052; TRF26 records 042 and 052 (`YYYY/MM/DD`,
    /// mandatory for rating).
    pub(crate) static END_BEFORE_START = {
        code: "TRF-T002", name: "end-before-start",
        severity: Error, summary: "the end date is before the start date",
        consequence: FixBeforeUpload,
        source: "TRF16 records 042/052: the dates decide the regulations and the rating list; the arbiter must correct them",
        applies: always, check: check,
    };
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let h = &ctx.tournament.header;
    let (Some(start), Some(end)) = (&h.start_date, &h.end_date) else {
        return;
    };
    // A date that the round dates and the other date both contradict (a
    // year typed wrong) is reported once, by round-date-outside-tournament,
    // with the date followed instead: the end is not "before" a start the
    // check no longer follows.
    let agree = ctx.tournament.date_agreement();
    if agree.start_contradicted || agree.end_contradicted {
        return;
    }
    let (starts, ends) = (start.value.readings(), end.value.readings());
    if starts.is_empty() || ends.is_empty() {
        return; // unreadable: invalid-date
    }
    let always_before = ends.iter().all(|e| starts.iter().all(|s| e < s));
    if !always_before {
        return;
    }
    let (Some(s), Some(e)) = (start.value.date, end.value.date) else {
        return;
    };
    out.push(
        END_BEFORE_START
            .diag(format!(
                "end date `{}` is before start date `{}`",
                end.value.raw, start.value.raw
            ))
            .primary(end.span, format!("ends {}", ymd(e)))
            .secondary(start.span, format!("starts {}", ymd(s)))
            .help("correct records `042` and `052`: the end date is the day of the last round, on or after the start date")
            .reference("TRF16 records 042 and 052; TRF26 records 042 and 052"),
    );
}
