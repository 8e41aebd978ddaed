//! Rule `start-date-unknown`.

use crate::diag::Diagnostic;
use crate::regulations::Basis;
use crate::rules::{always, Ctx};

crate::declare_rule! {
    /// ## What it checks
    /// That the report has a usable start date: `042`, or failing that a
    /// `132` round date. Without one, the edition of the rating regulations
    /// in force cannot be chosen and the latest is assumed; a start date
    /// before 2003 gets the 2003 text, the oldest this tool knows. A `042`
    /// that cannot be read must be corrected too: the first round date
    /// chooses the edition meanwhile, and the finding says so.
    ///
    /// ## Why it matters
    /// Every rate-of-play, registration and calculation rule depends on the
    /// edition in force when the tournament started.
    ///
    /// ## Example
    /// ```text
    /// 042 the weekend
    /// ```
    /// Use instead: `042 2025/03/14`, or give `--regulations 2024`.
    ///
    /// ## Reference
    /// FIDE Rating Regulations, transition clause (0.11 in 2003–2009, 0.1 from
    /// 2014): amendments apply to tournaments starting on or after their date.
    pub(crate) static START_DATE_UNKNOWN = {
        code: "TRF-F001", name: "start-date-unknown",
        severity: Error, summary: "no usable start date to choose the regulations by",
        consequence: FixBeforeUpload,
        source: "TRF16 042/052 (mandatory for rating in TRF26): the dates decide the regulations, the list and the deadlines",
        applies: always, check: check,
    };
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let h = &ctx.tournament.header;
    match ctx.regs_choice {
        Basis::Assumed => {
            let d = START_DATE_UNKNOWN.diag(format!(
                "no usable start date in `042` or `132`: the {} were assumed",
                ctx.regs.title()
            ));
            let d = match &h.start_date {
                Some(s) => d.primary(s.span, "not a date"),
                None => d.primary(ctx.file_span(), "no `042` record in this file"),
            };
            out.push(
                d.help("write the start date as `042 YYYY/MM/DD`, or choose the edition with --regulations")
                    .reference("FIDE Rating Regulations, transition clause (0.1)"),
            );
        }
        // A start date the round dates contradict is reported, with the
        // dates followed, by `round-date-outside-tournament`.
        Basis::FirstRoundDate if ctx.tournament.date_agreement().start_contradicted => {}
        Basis::FirstRoundDate if h.start_date.is_some() => {
            let s = h.start_date.as_ref().map(|s| s.span).unwrap_or_default();
            let raw = h
                .start_date
                .as_ref()
                .map(|s| s.value.raw.as_str())
                .unwrap_or("");
            let first = ctx
                .start
                .map(|d| d.format("%Y/%m/%d").to_string())
                .unwrap_or_default();
            out.push(
                START_DATE_UNKNOWN
                    .diag(format!(
                        "start date `{raw}` cannot be read; the first round date, {first}, chose the {}",
                        ctx.regs.title()
                    ))
                    .primary(s, "unreadable start date")
                    .help("write the start date as `042 YYYY/MM/DD`: FIDE needs it, and it decides the edition of the regulations, K and every deadline")
                    .reference("FIDE Rating Regulations, transition clause (0.1)"),
            );
        }
        Basis::FirstRoundDate => {
            // TRF16 does not require `042`, so this is no error; but the
            // edition, K and every deadline hang on the date, and where it
            // came from is an assumption to state.
            if let (Some(start), Some(span)) = (ctx.start, ctx.start_span()) {
                out.push(
                    START_DATE_UNKNOWN
                        .diag(format!(
                            "no start date `042`: the first round date, {start}, chose the {}",
                            ctx.regs.title()
                        ))
                        .with_consequence(crate::diag::Consequence::Info)
                        .primary(span, "first round date")
                        .help("write the start date as `042 YYYY/MM/DD` (and the end date as `052`) so that nobody has to guess")
                        .reference("FIDE Rating Regulations, transition clause (0.1); TRF16 records 042, 052"),
                );
            }
        }
        _ => {}
    }
    if let (Some(start), None) = (ctx.start, ctx.opts.regulations) {
        if crate::regulations::Regulations::select(start).predates_oldest_text {
            out.push(
                START_DATE_UNKNOWN
                    .diag(format!("the tournament started on {start}, before the oldest edition known here (2003); the 2003 text was applied"))
                    .with_consequence(crate::diag::Consequence::Info)
                    .primary(ctx.start_span().unwrap_or(ctx.file_span()), "start date")
                    .help("check the result against the regulations then in force")
                    .reference("FIDE Rating Regulations, transition clause"),
            );
        }
    }
}
