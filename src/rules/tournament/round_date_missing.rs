//! Rule `round-date-missing`.

use crate::diag::{Diagnostic, Severity};
use crate::model::Dialect;
use crate::rules::spans::{file_anchor, line_columns, round_date_columns};
use crate::rules::wording::round_list;
use crate::rules::{always, Ctx};

crate::declare_rule! {
    /// ## What it checks
    /// That every round in which a game was played or forfeited (a result
    /// `1 = 0 W D L + -` in some player's block) has a date in record
    /// `132`, and that a file with played rounds has a `132` record at all.
    /// Rounds with only byes or pending pairings need no date yet.
    ///
    /// A warning in TRF16 and older files, where `132` carries no mandatory
    /// flag; an error in TRF26 files, where it is mandatory for rating. In a
    /// TRF26 file a `132` record that is absent or empty is reported by
    /// `missing-record`, not here.
    ///
    /// ## Why it matters
    /// FIDE rates games by the date they were played: the round dates place
    /// each game in a rating period and under the regulations in force on
    /// that day. Without them the rating officer has to assume every game
    /// was played on the start date.
    ///
    /// ## Example
    /// ```text
    /// 132 (blank to column 91) 25/03/14  25/03/15
    /// 001    1 ...  1.5    1     2 w 1     3 b =     4 w 1
    /// ```
    /// Use instead: add round 3's date, `25/03/16`, in columns 112-119.
    ///
    /// ## Reference
    /// TRF16 record 132 (dates of the rounds, one per round above its
    /// block); TRF26 record 132 (mandatory for rating).
    pub(crate) static ROUND_DATE_MISSING = {
        code: "TRF-T005", name: "round-date-missing",
        severity: Warning, summary: "a played round without a date in record 132",
        consequence: Cosmetic,
        source: "TRF16 record 132 round dates; the event's dates come from 042/052 (start-date-unknown reports a missing start)",
        applies: always, check: check,
    };
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let t = ctx.tournament;
    let trf26 = t.dialect.dialect == Dialect::Trf26;
    let played = ctx.played_rounds();
    let dates = &t.header.round_dates;
    let any_date = dates.iter().any(|d| d.value.is_some());
    if trf26 && !any_date {
        return; // missing-record
    }
    let missing: Vec<usize> = played
        .iter()
        .enumerate()
        .filter(|(i, &p)| p && dates.get(*i).is_none_or(|d| d.value.is_none()))
        .map(|(i, _)| i + 1)
        .collect();
    let Some(&first) = missing.first() else {
        return;
    };
    let rounds = round_list(&missing);
    let plural = if missing.len() == 1 { "" } else { "s" };
    let mut d = match t.header.round_dates_span {
        Some(line) => {
            let (from, to) = round_date_columns(first);
            ROUND_DATE_MISSING
                .diag(format!(
                    "round{plural} {rounds} ha{} games but no date in record `132`",
                    if missing.len() == 1 { "s" } else { "ve" }
                ))
                .primary(
                    line_columns(ctx, line, from, to),
                    format!("round {first}'s date belongs here"),
                )
                .help(format!(
                    "write each round's date as YY/MM/DD in record `132`, above the round's block (round {first}: columns {from}-{to})"
                ))
        }
        None => {
            let d = ROUND_DATE_MISSING
                .diag(format!(
                    "round{plural} {rounds} ha{} games but the file has no round dates (record `132`)",
                    if missing.len() == 1 { "s" } else { "ve" }
                ))
                .help("add a `132` record with each round's date as YY/MM/DD above the round's block (columns 92-99, 102-109, …)");
            match file_anchor(ctx) {
                Some(span) => d.primary(span, "no `132` in this file"),
                None => d,
            }
        }
    };
    if trf26 {
        d.severity = Severity::Error;
    }
    out.push(d.reference(if trf26 {
        "TRF26 record 132 (mandatory for rating)"
    } else {
        "TRF16 record 132"
    }));
}
