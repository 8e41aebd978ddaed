//! Rule `comment-line`.

use crate::diag::Diagnostic;
use crate::rules::{always, Ctx};
use crate::source::lines::LineKind;
use crate::source::span::Span;

crate::declare_rule! {
    /// ## What it checks
    /// Nothing wrong: it shows the report's `###` comment lines (TRF26), so
    /// that the rating officer reads them. Pairing programs write there
    /// what departed from the rules: leaving FIDE mode, a changed number of
    /// rounds, manual pairings, imported rounds that broke the pairing
    /// rules, full-point byes given, results used for pairing that differ
    /// from the final ones, a changed tie-break list. Each comment is
    /// reported once, as information with its text: the first 5, then one
    /// finding counting the rest. Column legends (`### SSSS sTTT NNNN…`,
    /// rows of repeated letters placed above record groups) are not
    /// reported.
    ///
    /// ## Why it matters
    /// A departure recorded in a comment (a manual pairing, a round count
    /// changed mid-event) is what the officer must know before uploading;
    /// it is never an error by itself. Whether FIDE's rating server keeps
    /// or refuses `###` lines is not published.
    ///
    /// ## Example
    /// ```text
    /// ### round 4 paired manually: players 3 and 8 may not meet
    /// ```
    /// Reported as information: check that the departure was allowed.
    ///
    /// ## Reference
    /// TRF26 (approved 12 May 2025), comment lines `###`; FIDE TEC checklist
    /// VCL4THP v13 Q44, Q55, Q59, Q69, Q113, Q179, Q193, Q202.
    pub(crate) static COMMENT_LINE = {
        code: "TRF-T010", name: "comment-line",
        severity: Advice, summary: "a ### comment line of the report, shown for the rating officer",
        consequence: Info,
        source: "TRF26 comment lines; the TEC checklist VCL4THP has programs record departures from the rules there (Q44, Q55, Q59, Q69, Q113, Q179, Q193, Q202); FIDE's server handling of ### lines is not published (silent)",
        unconfirmed: true,
        reading: "FIDE has not published how its rating server treats `###` comment lines; trfkit reads them as comments for the rating officer, with no effect on the rating",
        applies: always, check: check,
    };
}

/// Comments shown one by one; the rest are counted.
const SHOWN: usize = 5;

/// A column legend: every word is letters repeated (`SSSS`, `sTTT`,
/// `BBBB/BB/BB`, `PPP1`, `RRL`), at most two distinct letters, no
/// lowercase word.
fn is_legend(text: &str) -> bool {
    let mut words = text.split_whitespace().peekable();
    if words.peek().is_none() {
        return true; // an empty comment says nothing either
    }
    words.all(|w| {
        let mut letters: Vec<char> = w.chars().filter(char::is_ascii_alphabetic).collect();
        let shape = w
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '/' || c == 's');
        letters.sort_unstable();
        letters.dedup();
        shape && letters.len() <= 2
    })
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let comments: Vec<(Span, &str)> = ctx
        .tournament
        .lines
        .iter()
        .filter(|l| l.kind == LineKind::Comment)
        .map(|l| {
            let text = ctx.slice(l.span);
            (l.span, text.get(3..).unwrap_or("").trim())
        })
        .filter(|(_, t)| !is_legend(t))
        .collect();
    for (span, text) in comments.iter().take(SHOWN) {
        out.push(
            COMMENT_LINE
                .diag(format!("comment: {text}"))
                .primary(*span, "comment")
                .help("a pairing program records departures from the rules here: check that this one was allowed before uploading")
                .reference("TRF26 comment lines (###); FIDE TEC checklist VCL4THP"),
        );
    }
    if comments.len() > SHOWN {
        let (span, _) = comments[SHOWN];
        out.push(
            COMMENT_LINE
                .diag(format!(
                    "{} more comment lines, the next at this line",
                    comments.len() - SHOWN
                ))
                .primary(span, "comment")
                .help("read the remaining `###` lines of the report")
                .reference("TRF26 comment lines (###); FIDE TEC checklist VCL4THP"),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legends_are_not_comments() {
        for legend in [
            "SSSS sTTT NNNNNNNNNN RRRR FFF IIIIIIIIIII BBBB/BB/BB PPPP RRRR  1111 1 1",
            "T RRR PPP1 PPP2",
            "RR1 RRL PPP1 PPP2 PPP3",
            "RRRRRRR1  RRRRRRR2",
            "",
        ] {
            assert!(is_legend(legend), "{legend}");
        }
        for comment in [
            "Adapted to TRF26 format:",
            "TRF 2025 sample at https://tec.fide.com/",
            "round 4 paired manually",
            "Column guide for 001 lines",
            "LEFT FIDE MODE",
        ] {
            assert!(!is_legend(comment), "{comment}");
        }
    }
}
