//! Rule `self-pairing`.

use crate::diag::Diagnostic;
use crate::model::games::Kind;
use crate::rules::spans::{block_part, Part};
use crate::rules::{always, Ctx};

crate::declare_rule! {
    /// ## What it checks
    /// That no round block names the player's own starting rank as the
    /// opponent.
    ///
    /// ## Why it matters
    /// Nobody plays themselves: the number is a typo for the real opponent
    /// (often a neighbour's rank), or a bye written with the player's rank
    /// instead of `0000`. FIDE's server and pairing programs reject the
    /// file.
    ///
    /// ## Example
    /// ```text
    /// 001    7 m    Doe, John      ...  1.0    7     7 w 1
    /// ```
    /// Use instead: the opponent's starting rank (`   8 w 1`), or
    /// `0000 - F` for a full-point bye.
    ///
    /// ## Reference
    /// TRF16 record 001, round blocks (opponent).
    pub(crate) static SELF_PAIRING = {
        code: "TRF-R002", name: "self-pairing",
        severity: Error, summary: "a player paired with themselves",
        consequence: FixBeforeUpload,
        source: "a player paired with himself is a corrupt round block; the game cannot be rated until corrected",
        applies: always, check: check,
    };
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    if !ctx.games.seen(Kind::SELF) {
        return;
    }
    for g in ctx.games.rows_with(Kind::SELF) {
        let (p, e) = (ctx.player_of(g), ctx.block(g));
        if !ctx.keeps(out) {
            // Past the limit: counted, not formatted.
            ctx.count_one(
                &SELF_PAIRING,
                SELF_PAIRING.meta.severity,
                SELF_PAIRING.meta.consequence,
            );
            continue;
        }
        let (me, round) = (g.rank, g.round);
        ctx.emit(
 out,
            SELF_PAIRING
                .diag(format!(
                    "round `{round}`: player `{me}` is paired with themselves"
                ))
                .primary(block_part(ctx, e.span, Part::Opponent), "own starting rank")
                .secondary(p.start_rank.span, "starting rank")
                .help(format!(
                    "write the starting rank of player {me}'s round {round} opponent, or `0000` with a bye code if there was no game"
                ))
                .reference("TRF16 record 001, round blocks (opponent)"),
        );
    }
}
