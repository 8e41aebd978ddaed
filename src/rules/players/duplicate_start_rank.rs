//! Rule `duplicate-start-rank`.

use crate::diag::Diagnostic;
use crate::rules::{always, Ctx};

crate::declare_rule! {
    /// ## What it checks
    /// That no two `001` records share a starting rank (columns 5-8).
    ///
    /// ## Why it matters
    /// Round blocks name opponents by starting rank: with two players on one
    /// number, every game against that number is ambiguous, and FIDE's server
    /// rejects the file.
    ///
    /// ## Example
    /// ```text
    /// 001   12 m    Doe, John     ...
    /// 001   12 w    Roe, Jane     ...
    /// ```
    /// Use instead: give each player their own starting rank, 1 to N.
    ///
    /// ## Reference
    /// TRF16 record 001, columns 5-8 (mandatory for rating and pairing).
    pub(crate) static DUPLICATE_START_RANK = {
        code: "TRF-P001", name: "duplicate-start-rank",
        severity: Error, summary: "two players with the same starting rank",
        consequence: FixBeforeUpload,
        source: "opponents are named by start rank (TRF16 record 001): a repeated rank makes the pairings ambiguous",
        applies: always, check: check,
    };
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let players = &ctx.tournament.players;
    let max = players
        .iter()
        .map(|p| p.start_rank.value as usize)
        .max()
        .unwrap_or(0);
    let mut first: Vec<u32> = vec![u32::MAX; max + 1];
    for (i, p) in players.iter().enumerate() {
        let r = p.start_rank.value;
        if r == 0 {
            continue; // unreadable, already reported by the parser
        }
        let slot = &mut first[r as usize];
        if *slot == u32::MAX {
            *slot = i as u32;
            continue;
        }
        let prev = &players[*slot as usize];
        out.push(
            DUPLICATE_START_RANK
                .diag(format!("starting rank {r} is used by `{}` and `{}`", prev.name.value, p.name.value))
                .primary(p.start_rank.span, "used again here")
                .secondary(prev.start_rank.span, format!("first used on line {}", prev.line))
                .help("give every player a distinct starting rank and renumber the opponents in the round blocks")
                .reference("TRF16 record 001, columns 5-8"),
        );
    }
}
