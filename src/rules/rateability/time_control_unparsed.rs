//! Rule `time-control-unparsed`.

use crate::diag::{Consequence, Diagnostic, Severity};
use crate::model::timecontrol::parse_free;
use crate::regulations::Topic;
use crate::rules::context::TimeControlInfo;
use crate::rules::wording::minutes;
use crate::rules::{always, Ctx};

crate::declare_rule! {
    /// ## What it checks
    /// That the report states a time control, and that it can be read:
    /// TRF26 record `222` (exact grammar) when present, otherwise the free
    /// text of `122`. A report with neither record is reported: the rate
    /// of play cannot be verified. A `122` that holds a template's
    /// placeholder words instead of a time control (`moves/time,
    /// increment`, `Time control`, `xx min`) cannot be read either. When the
    /// record used cannot be read, it says what was read and where reading
    /// stopped, and that the rate-of-play, first-control and 12-hour rules
    /// were not checked. When both records are present and readable but
    /// give different times for 60 moves, it warns too: `222` was used.
    /// The finding cites the rate-of-play article but carries no caveat of
    /// the matrix: it is about the file, not about a regulation's value.
    ///
    /// A `122` text can have several readings: `90/40` is 40 moves in 90
    /// minutes or 90 moves in 40 minutes; in `40/90+30` the `30` is 30
    /// minutes for the rest of the game or a 30-second increment. trfkit
    /// works out every reading and what FIDE does with the games under each
    /// (the list, and each game's standard band from its players'
    /// ratings). When every reading leads to the same, the text is read the
    /// conventional way and a note (no effect on the verdict) says which
    /// reading was taken; when they lead to different lists or bands, the
    /// report must be fixed, and the finding lists each reading with its
    /// outcome.
    ///
    /// ## Why it matters
    /// The minimum thinking time, the moves of the first control and the
    /// 12 hours of play a day are all computed from the time control. An
    /// unreadable one hides a game that FIDE will not rate; two that
    /// disagree mean one of them is wrong.
    ///
    /// ## Example
    /// ```text
    /// 122 40/90+30
    /// ```
    /// (30 minutes or a 30-second increment? With a player rated 2400 or
    /// more, 40 moves in 90 minutes with a 30-second increment and nothing
    /// after move 40 gives 110 minutes for 60 moves, below the 120 of the
    /// band, while 30 minutes for the rest of the game gives 120.) Use instead:
    /// `122 40 moves in 90 min, then 30 min, +30 s per move from move 1`, or
    /// `222 40/5400+30:1800+30`.
    ///
    /// ## Reference
    /// FIDE Rating Regulations, rate of play (art. 1 in every edition);
    /// TRF16 record 122, TRF26 record 222.
    pub(crate) static TIME_CONTROL_UNPARSED = {
        code: "TRF-F003", name: "time-control-unparsed",
        severity: Error, summary: "the time control is missing or cannot be read, or 122 and 222 disagree",
        consequence: FixBeforeUpload,
        source: "B.02 section 1 (rate of play): the rating officer must know the time control to upload; without it the rate of play cannot be verified",
        topic: crate::regulations::Topic::RateOfPlay,
        applies: always, check: check,
    };
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    match &ctx.time_control {
        TimeControlInfo::Absent => {
            let d = TIME_CONTROL_UNPARSED
                .diag("the report has no time control: neither `122` nor `222` is present")
                .primary(ctx.file_span(), "no `122` or `222` in this file");
            out.push(
                d.help("the rate of play cannot be verified, nor the rating list (standard, rapid, blitz) decided; add e.g. `122 90 min + 30 s per move`, or a TRF26 `222 5400+30`")
                    .reference(ctx.cite(Topic::RateOfPlay)),
            );
        }
        TimeControlInfo::Unreadable {
            error,
            record,
            span,
        } => {
            let d = TIME_CONTROL_UNPARSED
                .diag(format!(
                    "time control `{}` in `{record}` cannot be read: {error}",
                    ctx.slice(*span).trim()
                ))
                .primary(*span, "not understood");
            let example = if *record == "222" {
                "write it in the TRF26 grammar, e.g. `222 40/5400+30:1800+30`"
            } else {
                "write it plainly, e.g. `122 90 min + 30 s per move`, or add a TRF26 `222` record"
            };
            out.push(
                d.help(format!(
                    "the rate-of-play, first-control and 12-hour rules were not checked; {example}"
                ))
                .reference(ctx.cite(Topic::RateOfPlay)),
            );
        }
        TimeControlInfo::Read {
            reading: Some(note),
            span,
            control,
            ..
        } => {
            let d = TIME_CONTROL_UNPARSED
                .diag(format!("time control {note}"))
                .with_consequence(Consequence::Info)
                .with_severity(Severity::Advice)
                .primary(*span, format!("read as {}", control.describe()));
            out.push(
                d.help("the verdict is the same under every reading; write the units to say which was played (e.g. `90 min/40 moves + 30 min + 30 s/move`)")
                    .reference(ctx.cite(Topic::RateOfPlay)),
            );
        }
        TimeControlInfo::Read { control, .. } => {
            let h = &ctx.tournament.header;
            let (Some(free), Some(code)) = (&h.time_control, &h.time_control_code) else {
                return;
            };
            let Ok(from_122) = parse_free(&free.value) else {
                return;
            };
            let (a, b) = (from_122.t60_seconds(), control.t60_seconds());
            if a == b {
                return;
            }
            let d = TIME_CONTROL_UNPARSED
                .diag(format!(
                    "`122` and `222` disagree: {} ({} for 60 moves) against {} ({})",
                    from_122.describe(),
                    minutes(a),
                    control.describe(),
                    minutes(b)
                ))
                .primary(code.span, format!("{} per player for 60 moves", minutes(b)))
                .secondary(free.span, format!("{} per player for 60 moves", minutes(a)));
            out.push(
                d.help("the rules were checked with `222`; correct the record that is wrong")
                    .reference(ctx.cite(Topic::RateOfPlay)),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A template's placeholder words in `122` are no time control: the
    /// rule reports them (and the report must be fixed before upload).
    #[test]
    fn placeholder_words_are_not_a_time_control() {
        for template in [
            "moves/time, increment",
            "Time control",
            "xx min",
            "xx min + yy sec",
            "TBD",
            "",
        ] {
            assert!(parse_free(template).is_err(), "`{template}` was read");
        }
        assert!(parse_free("90 min + 30 s per move").is_ok());
    }
}
