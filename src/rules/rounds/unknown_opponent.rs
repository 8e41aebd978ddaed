//! Rule `unknown-opponent`.

use crate::diag::{Diagnostic, Severity};
use crate::model::games::Kind;
use crate::model::{Outcome, RoundResult};
use crate::rules::spans::{block_part, Part};
use crate::rules::{always, Ctx};

crate::declare_rule! {
    /// ## What it checks
    /// That every opponent named in a round block (columns 92-95 of round
    /// 1, then every 10 columns) is the starting rank of a `001` record, and
    /// that every game result (`1 = 0 W D L`) names an opponent at all
    /// (not `0000` or blank).
    ///
    /// `0000 - =`, a draw without opponent or colour, is how some older
    /// programs (the ICU gem, for one) write a half-point bye, and
    /// bbpPairings reads it so: it is reported as a warning asking for `H`.
    /// Forfeits (`+ -`) without an opponent are not reported: Lichess
    /// writes an absence as a forfeit loss without opponent, and TRF26 team
    /// events write a forfeit win against an undefined opponent that way.
    /// Byes naming an opponent are `bye-with-opponent`'s business.
    ///
    /// ## Why it matters
    /// A game is rated from both players' records. A game against a starting
    /// rank nobody has cannot be rated and usually means a player's line was
    /// deleted or the ranks renumbered without updating the round blocks.
    ///
    /// ## Example
    /// ```text
    /// 001    1 m    Doe, John      ...  1.0    1    17 w 1
    /// ```
    /// with no `001` record for starting rank 17. Use instead: the starting
    /// rank of the player John Doe actually met.
    ///
    /// ## Reference
    /// TRF16 record 001, round blocks: opponent (■ for rating and pairing).
    pub(crate) static UNKNOWN_OPPONENT = {
        code: "TRF-R001", name: "unknown-opponent",
        severity: Error, summary: "a round block names a starting rank no player has",
        consequence: FixBeforeUpload,
        source: "a round block naming no player of the report is a game FIDE cannot rate until corrected (TRF16 record 001)",
        applies: always, check: check,
    };
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    if !ctx.games.seen(Kind::UNRESOLVED | Kind::PLAYED_ALONE) {
        return;
    }
    for g in ctx.games.rows_with(Kind::UNRESOLVED | Kind::PLAYED_ALONE) {
        let (me, e) = (g.rank, ctx.block(g));
        let round = g.round;
        let result = e.value.result;
        match e.value.opponent {
            Some(opp) => {
                if opp == me
                    || matches!(result, RoundResult::Bye { .. })
                    || ctx.player(opp).is_some()
                {
                    continue; // self-pairing, bye-with-opponent
                }
                if !ctx.keeps(out) {
                    ctx.count_one(
                        &UNKNOWN_OPPONENT,
                        UNKNOWN_OPPONENT.meta.severity,
                        UNKNOWN_OPPONENT.meta.consequence,
                    );
                    continue;
                }
                ctx.emit(
 out,
                    UNKNOWN_OPPONENT
                        .diag(format!(
                            "round `{round}`: player `{me}` is paired with `{opp}`, but no player has starting rank `{opp}`"
                        ))
                        .primary(block_part(ctx, e.span, Part::Opponent), "no such player")
                        .help(format!(
                            "write the starting rank of player {me}'s round {round} opponent, or add the missing `001` record"
                        ))
                        .reference("TRF16 record 001, round blocks (opponent)"),
                );
            }
            None if result.is_played() => {
                let old_half_bye = result
                    == (RoundResult::Game {
                        outcome: Outcome::Draw,
                    })
                    && e.value.colour.is_none();
                if !ctx.keeps(out) {
                    // Past the limit: counted, not formatted.
                    let severity = if old_half_bye {
                        Severity::Warning
                    } else {
                        UNKNOWN_OPPONENT.meta.severity
                    };
                    ctx.count_one(
                        &UNKNOWN_OPPONENT,
                        severity,
                        UNKNOWN_OPPONENT.meta.consequence,
                    );
                    continue;
                }
                if old_half_bye {
                    let mut d = UNKNOWN_OPPONENT
                        .diag(format!(
                            "round `{round}`: player `{me}` has `=` without an opponent, an old way of writing a half-point bye"
                        ))
                        .primary(block_part(ctx, e.span, Part::Result), "`=` without opponent")
                        .help("write `0000 - H` for a half-point bye: `=` is a drawn game and needs an opponent")
                        .reference("TRF16 record 001, round blocks (result `H`)");
                    d.severity = Severity::Warning;
                    ctx.emit(out, d);
                    continue;
                }
                ctx.emit(
 out,
                    UNKNOWN_OPPONENT
                        .diag(format!(
                            "round `{round}`: player `{me}` has result `{}` but no opponent",
                            result.letter()
                        ))
                        .primary(block_part(ctx, e.span, Part::Opponent), "no opponent")
                        .secondary(block_part(ctx, e.span, Part::Result), "game result")
                        .help(format!(
                            "write the opponent's starting rank in the first 4 columns of the round {round} block, or a bye code (`H F U Z`) if no game was played"
                        ))
                        .reference("TRF16 record 001, round blocks (opponent)"),
                );
            }
            None => {}
        }
    }
}
