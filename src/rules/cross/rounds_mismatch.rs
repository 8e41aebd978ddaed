//! Rule `rounds-mismatch`.

use crate::diag::{Diagnostic, Severity};
use crate::rules::{always, Ctx};
use crate::source::span::Spanned;

crate::declare_rule! {
    /// ## What it checks
    /// That the number of rounds declared (TRF26 `142`, JaVaFo `XXR`)
    /// agrees with the round blocks of the `001` records and with the
    /// dates of record `132`:
    /// - an **error** when some player has more round blocks than rounds
    ///   declared;
    /// - a **warning** when `132` dates more rounds than declared, or when
    ///   `142` and `XXR` disagree (the larger is used for the other checks).
    ///
    /// Fewer round blocks than declared rounds is how every report looks
    /// while the tournament is in progress, and `132` is often filled in
    /// for all rounds in advance: neither is reported (a finished report
    /// that lost its last round shows up through `points-mismatch` and the
    /// opponents' records instead).
    ///
    /// ## Why it matters
    /// Pairing programs stop pairing after the declared number of rounds
    /// and refuse a file with more results than rounds; the declared number
    /// also decides acceleration and colour rules. A mismatch means a round
    /// was added after the fact, or the declaration is stale.
    ///
    /// ## Example
    /// ```text
    /// XXR 5
    /// 001    2 ...     5 b 0     1 w 1     6 b =     4 w =     3 b 1     7 b 1
    /// ```
    /// Use instead: `XXR 6` (and `142 6`), or remove the sixth round block
    /// if it does not belong to this tournament.
    ///
    /// ## Reference
    /// TRF26 record 142 (number of rounds); JaVaFo TRF(x) `XXR`; TRF16
    /// record 132.
    pub(crate) static ROUNDS_MISMATCH = {
        code: "TRF-X006", name: "rounds-mismatch",
        severity: Warning, summary: "the declared number of rounds disagrees with the rounds written",
        consequence: Cosmetic,
        source: "TRF26 record 142 / JaVaFo XXR are pairing data; FIDE rates the round blocks written (unplayed declared rounds are unfinished-games)",
        applies: always, check: check,
    };
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let t = ctx.tournament;
    let r142 = t.header.declared_rounds;
    let xxr = t.extensions.xxr;
    let declared: Spanned<u16> = match (r142, xxr) {
        (Some(a), Some(b)) => {
            if a.value != b.value {
                let mut d = ROUNDS_MISMATCH
                    .diag(format!(
                        "record `142` declares `{}` rounds but `XXR` declares `{}`",
                        a.value, b.value
                    ))
                    .primary(b.span, "XXR")
                    .secondary(a.span, "record 142")
                    .help("write the same number of rounds in `142` and `XXR`")
                    .reference("TRF26 record 142; JaVaFo TRF(x) XXR");
                d.severity = Severity::Warning;
                out.push(d);
            }
            if a.value >= b.value {
                a
            } else {
                b
            }
        }
        (Some(a), None) => a,
        (None, Some(b)) => b,
        (None, None) => return,
    };
    let n = declared.value as usize;
    let record = if r142.is_some_and(|a| a.span == declared.span) {
        "142"
    } else {
        "XXR"
    };

    if let Some(p) = t.players.iter().find(|p| p.rounds.len() > n) {
        let longest = t.players.iter().map(|p| p.rounds.len()).max().unwrap_or(0);
        let over = t.players.iter().filter(|p| p.rounds.len() > n).count();
        let first_extra = p.rounds.get(n).unwrap_or_default();
        let who = if over == 1 {
            format!("{} has", p.designation())
        } else {
            format!("`{over}` players have")
        };
        out.push(
            ROUNDS_MISMATCH
                .diag(format!(
                    "`{record}` declares `{n}` rounds, but {who} round blocks up to round `{longest}`"
                ))
                .primary(first_extra.span, format!("round {}: beyond the {n} declared", n + 1))
                .secondary(declared.span, "rounds declared")
                .help(format!(
                    "declare `{longest}` rounds in `{record}`, or remove the round blocks after round {n}"
                ))
                .reference("TRF26 record 142; JaVaFo TRF(x) XXR"),
        );
    }

    let dates = &t.header.round_dates;
    if dates.len() > n {
        if let Some(extra) = dates.get(n) {
            let mut d = ROUNDS_MISMATCH
                .diag(format!(
                    "record `132` has dates for `{}` rounds, but `{record}` declares `{n}`",
                    dates.len()
                ))
                .primary(extra.span, format!("round {}", n + 1))
                .secondary(declared.span, "rounds declared")
                .help(format!(
                    "remove the dates after round {n} from `132`, or declare `{}` rounds",
                    dates.len()
                ))
                .reference("TRF16 record 132; TRF26 record 142");
            d.severity = Severity::Warning;
            out.push(d);
        }
    }
}
