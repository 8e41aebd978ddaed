//! Rule `bye-with-opponent`.

use crate::diag::Diagnostic;
use crate::model::games::Kind;
use crate::model::RoundResult;
use crate::rules::spans::{block_part, Part};
use crate::rules::{always, Ctx};

crate::declare_rule! {
    /// ## What it checks
    /// That a bye (`H`, `F`, `U`, `Z`) names no opponent: its block reads
    /// `0000` (or blank) in the opponent columns. A blank result with an
    /// opponent is not a bye but a pairing whose result is pending, which
    /// is legal; forfeits (`+ -`) do name their opponent.
    ///
    /// ## Why it matters
    /// A bye is a round without a game. With an opponent written, programs
    /// disagree on what happened: some read a game, some a bye, and the
    /// opponent's record usually says something else again. bbpPairings
    /// refuses such a file.
    ///
    /// ## Example
    /// ```text
    /// 001    5 m    Doe, John      ...  1.0    5    12 - H
    /// ```
    /// Use instead: `0000 - H`, or the game's result (`  12 w =`) if John
    /// Doe did play player 12.
    ///
    /// ## Reference
    /// TRF16 record 001, round blocks: byes have opponent `0000` and colour
    /// `-`.
    pub(crate) static BYE_WITH_OPPONENT = {
        code: "TRF-R006", name: "bye-with-opponent",
        severity: Error, summary: "a bye that names an opponent",
        consequence: FixBeforeUpload,
        source: "TRF16 record 001 round blocks: a bye names no opponent; the rating officer cannot tell whether a game was played",
        applies: always, check: check,
    };
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    if !ctx.games.seen(Kind::BYE_NAMED) {
        return;
    }
    for g in ctx.games.rows_with(Kind::BYE_NAMED).filter(|g| g.rank != 0) {
        let (me, round, e) = (g.rank, g.round, ctx.block(g));
        let (Some(opp), RoundResult::Bye { bye }) = (e.value.opponent, e.value.result) else {
            continue;
        };
        let letter = bye.letter();
        if !ctx.keeps(out) {
            // Past the limit: counted, not formatted.
            ctx.count_one(
                &BYE_WITH_OPPONENT,
                BYE_WITH_OPPONENT.meta.severity,
                BYE_WITH_OPPONENT.meta.consequence,
            );
            continue;
        }
        ctx.emit(
 out,
            BYE_WITH_OPPONENT
                .diag(format!(
                    "round `{round}`: player `{me}` has bye `{letter}` but names opponent `{opp}`"
                ))
                .primary(block_part(ctx, e.span, Part::Opponent), "opponent of a bye")
                .secondary(block_part(ctx, e.span, Part::Result), "bye")
                .help(format!(
                    "write `0000 - {letter}` for the bye, or the game's colour and result if player {me} met player {opp}"
                ))
                .reference("TRF16 record 001, round blocks (byes)"),
        );
    }
}
