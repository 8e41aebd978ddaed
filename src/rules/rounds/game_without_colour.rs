//! Rule `game-without-colour`.

use crate::diag::Diagnostic;
use crate::model::games::Kind;
use crate::rules::spans::{block_part, Part};
use crate::rules::{always, Ctx};

crate::declare_rule! {
    /// ## What it checks
    /// That a game result (`1 = 0 W D L`) comes with a colour, `w` or `b`,
    /// in the block's colour column (97 for round 1, then every 10
    /// columns). Forfeits (`+ -`) may have `-`: a game that was not played
    /// needs no colour. A result without opponent is reported by
    /// `unknown-opponent` instead.
    ///
    /// ## Why it matters
    /// The colour is mandatory for rating and pairing: colour history
    /// drives every later pairing, and a game with `-` is read by some
    /// programs as a bye. bbpPairings refuses the file.
    ///
    /// ## Example
    /// ```text
    /// 001    3 m    Doe, John      ...  1.0    3    14 - 1
    /// ```
    /// Use instead: `  14 w 1` (or `b`, whichever colour John Doe had).
    ///
    /// ## Reference
    /// TRF16 record 001, round blocks: colour `w`/`b` for played games.
    pub(crate) static GAME_WITHOUT_COLOUR = {
        code: "TRF-R007", name: "game-without-colour",
        severity: Warning, summary: "a played game with no colour",
        consequence: Cosmetic,
        source: "colours do not enter the rating calculation; TRF16 asks for them (w/b) in every played game",
        applies: always, check: check,
    };
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    if !ctx.games.seen(Kind::NO_COLOUR) {
        return;
    }
    for g in ctx.games.rows_with(Kind::NO_COLOUR).filter(|g| g.rank != 0) {
        let (me, round, e) = (g.rank, g.round, ctx.block(g));
        let v = e.value;
        let Some(opp) = v.opponent else { continue };
        if !ctx.keeps(out) {
            // Past the limit: counted, not formatted.
            ctx.count_one(
                &GAME_WITHOUT_COLOUR,
                GAME_WITHOUT_COLOUR.meta.severity,
                GAME_WITHOUT_COLOUR.meta.consequence,
            );
            continue;
        }
        let theirs = ctx
            .games
            .mirror_of(g)
            .filter(|t| t.opponent_rank() == Some(me))
            .and_then(|t| t.colour());
        let help = match theirs {
            Some(c) => format!(
                "player {opp} has `{}` for this game: write `{}` here",
                c.letter(),
                c.opposite().letter()
            ),
            None => "write `w` or `b`, the colour this player had".to_string(),
        };
        ctx.emit(
            out,
            GAME_WITHOUT_COLOUR
                .diag(format!(
                    "round `{round}`: player `{me}` has result `{}` against `{opp}` but no colour",
                    v.result.letter()
                ))
                .primary(block_part(ctx, e.span, Part::Colour), "no colour")
                .help(help)
                .reference("TRF16 record 001, round blocks (colour)"),
        );
    }
}
