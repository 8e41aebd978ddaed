//! Rule `colour-difference-over-two`.

use super::{
    applies, article, colour_steps, colour_word, last_round_excused, ColourStep, LastRound, REVIEW,
};
use crate::diag::Diagnostic;
use crate::rules::spans::{block_part, Part};
use crate::rules::wording::{named, round_list};
use crate::rules::Ctx;

crate::declare_rule! {
    /// ## What it checks
    /// In a Swiss event, that no player's colour difference (games with White
    /// minus games with Black) goes beyond +2 or −2. Only games played over
    /// the board count (`1 = 0`, `W D L`); forfeits and byes do not, whatever
    /// colour the report writes for a forfeit. One finding per player names
    /// every round whose game took the difference beyond the limit (or
    /// further from it).
    ///
    /// In the last round the Dutch system allows it for a topscorer (a player
    /// with more than half the maximum possible score before the last round)
    /// and for a topscorer's opponent: such games are not reported. The last
    /// round is the number of rounds the report declares (`XXR`, `142`), else
    /// the last round written.
    ///
    /// ## Why it matters
    /// The basic rules for Swiss systems keep colours balanced; the Dutch
    /// system never pairs two players who must both have the same colour,
    /// and always grants the colour a player must have. A difference of 3 is
    /// a pairing or colour-allocation error, a manual change, or a game
    /// played with the wrong colours (which the rules record as played). The
    /// report cannot tell these apart. FIDE's rating does not depend on it:
    /// the finding is for the arbiter to review and does not change the
    /// verdict.
    ///
    /// ## Example
    /// ```text
    /// 001    1 ...    4 w 1     2 b =     6 w 1     3 w 0     5 w 1
    /// ```
    /// Player 1's fifth game is a fourth White in five games: a difference
    /// of +3. Use instead: the colours as played; if they were, the pairing
    /// is for review.
    ///
    /// ## Reference
    /// FIDE Handbook C.04.1, Basic rules for Swiss systems: f (until
    /// 31 January 2026), art. 6 (2026 edition); C.04.2 D.5 / art. 3.4
    /// (unplayed games do not count for colours); Dutch system A.7, C.3,
    /// C.8 / art. 1.8, [C3], [C10] (topscorers in the last round).
    pub(crate) static COLOUR_DIFFERENCE_OVER_TWO = {
        code: "TRF-W003", name: "colour-difference-over-two",
        severity: Warning, summary: "a colour difference beyond ±2 (Swiss)",
        consequence: Cosmetic,
        source: "C.04.1 (basic rules for Swiss systems) f / 2026 art. 6; FIDE's rating does not depend on colours",
        applies: applies, check: check,
    };
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let last = LastRound::of(ctx);
    for i in 0..ctx.tournament.players.len() {
        // Every game that took the difference beyond ±2 or further from it,
        // but those the last-round exception excuses: one finding a player.
        let steps: Vec<ColourStep<'_>> = colour_steps(ctx.games.of(i))
            .filter(|s| s.after.abs() > 2 && s.after.abs() > s.before.abs())
            .filter(|s| !last_round_excused(ctx, s.game, last))
            .collect();
        let Some(first) = steps.first() else { continue };
        let p = ctx.player_of(first.game);
        let caveat = if steps.iter().any(|s| s.game.round == last.round) {
            format!(
                "; in the last round neither player is a topscorer{}",
                last.caveat()
            )
        } else {
            String::new()
        };
        let rounds: Vec<usize> = steps.iter().map(|s| usize::from(s.game.round)).collect();
        let mut d = COLOUR_DIFFERENCE_OVER_TWO.diag(format!(
            "player {} plays {} in round `{}`, for a colour difference of `{:+}` over the games played{}{caveat}",
            named(p),
            colour_word(first.colour),
            first.game.round,
            first.after,
            if rounds.len() > 1 {
                format!(" (beyond ±2 again in {} {})", if rounds.len() == 2 { "round" } else { "rounds" }, round_list(&rounds[1..]))
            } else {
                String::new()
            }
        ));
        for (k, s) in steps.iter().enumerate() {
            let span = block_part(ctx, ctx.block(s.game).span, Part::Colour);
            let text = format!("round {}: colour difference {:+}", s.game.round, s.after);
            d = if k == 0 {
                d.primary(span, text)
            } else {
                d.secondary(span, text)
            };
        }
        let d = d
            .help(format!(
                "a player's games with White and with Black may differ by at most 2 (games played over the board only). Check the colours as played; if they were, the pairing is {REVIEW}"
            ))
            .reference(article(ctx, "f", "6"));
        ctx.emit(out, d);
    }
}
