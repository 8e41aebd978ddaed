//! Rule `same-colour-three-times`.

use super::{
    applies, article, colour_steps, colour_word, last_round_excused, ColourStep, LastRound, REVIEW,
};
use crate::diag::Diagnostic;
use crate::rules::spans::{block_part, Part};
use crate::rules::wording::{named, round_list};
use crate::rules::Ctx;

crate::declare_rule! {
    /// ## What it checks
    /// In a Swiss event, that no player gets the same colour three times in
    /// a row. Only games played over the board count (`1 = 0`, `W D L`), in
    /// round order: forfeits and byes are left out, so White, a forfeit,
    /// White, White is three Whites in a row. One finding per player names
    /// the round of every third (or later) game of a run.
    ///
    /// In the last round the Dutch system allows it for a topscorer (a player
    /// with more than half the maximum possible score before the last round)
    /// and for a topscorer's opponent: such games are not reported. The last
    /// round is the number of rounds the report declares (`XXR`, `142`), else
    /// the last round written.
    ///
    /// ## Why it matters
    /// The basic rules for Swiss systems forbid a third colour in a row; the
    /// Dutch system never pairs two players who must both have the same
    /// colour. A third White in a row is a pairing or colour-allocation
    /// error, a manual change, or a game played with the wrong colours
    /// (which the rules record as played). The report cannot tell these
    /// apart. FIDE's rating does not depend on it: the finding is for the
    /// arbiter to review and does not change the verdict.
    ///
    /// ## Example
    /// ```text
    /// 001    2 ...    5 b 1     1 w =  0000 - U     6 w 1     3 w 0
    /// ```
    /// Player 2 has White in rounds 2, 4 and 5 (the bye does not count).
    /// Use instead: the colours as played; if they were, the pairing is for
    /// review.
    ///
    /// ## Reference
    /// FIDE Handbook C.04.1, Basic rules for Swiss systems: g (until
    /// 31 January 2026), art. 7 (2026 edition); C.04.2 D.5 / art. 3.4
    /// (unplayed games do not count for colours); Dutch system A.7, C.3,
    /// C.9 / art. 1.8, [C3], [C11] (topscorers in the last round).
    pub(crate) static SAME_COLOUR_THREE_TIMES = {
        code: "TRF-W004", name: "same-colour-three-times",
        severity: Warning, summary: "the same colour three times in a row (Swiss)",
        consequence: Cosmetic,
        source: "C.04.1 (basic rules for Swiss systems) g / 2026 art. 7; FIDE's rating does not depend on colours",
        applies: applies, check: check,
    };
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let last = LastRound::of(ctx);
    for i in 0..ctx.tournament.players.len() {
        // Every game that made a run of three or more, but those the
        // last-round exception excuses: one finding a player.
        let steps: Vec<ColourStep<'_>> = colour_steps(ctx.games.of(i))
            .filter(|s| s.run >= 3 && !last_round_excused(ctx, s.game, last))
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
        let mut d = SAME_COLOUR_THREE_TIMES.diag(format!(
            "player {} plays {} in round `{}`, the {} game in a row with that colour{}{caveat}",
            named(p),
            colour_word(first.colour),
            first.game.round,
            ordinal(first.run),
            if rounds.len() > 1 {
                format!(
                    " (three or more in a row again in {} {})",
                    if rounds.len() == 2 { "round" } else { "rounds" },
                    round_list(&rounds[1..])
                )
            } else {
                String::new()
            }
        ));
        for (k, s) in steps.iter().enumerate() {
            let span = block_part(ctx, ctx.block(s.game).span, Part::Colour);
            let text = format!(
                "round {}: {} {} in a row",
                s.game.round,
                s.run,
                colour_word(s.colour)
            );
            d = if k == 0 {
                d.primary(span, text)
            } else {
                d.secondary(span, text)
            };
        }
        let d = d
            .help(format!(
                "no player shall receive the same colour three times in a row (games played over the board only). Check the colours as played; if they were, the pairing is {REVIEW}"
            ))
            .reference(article(ctx, "g", "7"));
        ctx.emit(out, d);
    }
}

/// `third`, `fourth`, … `10th`.
fn ordinal(n: u32) -> String {
    match n {
        3 => "third".to_owned(),
        4 => "fourth".to_owned(),
        5 => "fifth".to_owned(),
        6 => "sixth".to_owned(),
        n => format!("{n}th"),
    }
}
