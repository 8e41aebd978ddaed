//! Rule `pairing-bye-not-eligible`.

use super::{applies, article, edition, played, win_points, Edition, REVIEW};
use crate::diag::Diagnostic;
use crate::model::games::Kind;
use crate::model::{ByeKind, RoundResult};
use crate::rules::spans::{block_part, Part};
use crate::rules::wording::named;
use crate::rules::Ctx;

crate::declare_rule! {
    /// ## What it checks
    /// In a Swiss event, that the pairing-allocated bye (`U`) goes only to a
    /// player who may receive it, by the edition of the Swiss rules in force
    /// at the event's start:
    ///
    /// - until 31 January 2026: not to a player who already had the
    ///   pairing-allocated bye, or already won a game by forfeit (`+`);
    /// - from 1 February 2026: not to a player who already had the
    ///   pairing-allocated bye, or already scored, in one round without
    ///   playing, as many points as a win: a forfeit win (`+`), a full-point
    ///   bye (`F`), or any bye the tournament's scoring values at a win.
    ///   Half-point byes at their usual value do not count.
    ///
    /// Without a start date the edition cannot be told, and only what both
    /// editions forbid is checked: a second `U`, or a `U` after a forfeit win.
    ///
    /// ## Why it matters
    /// The bye a pairing leaves over is a free point: the rules give it to a
    /// player at most once, and not to a player who already had a point
    /// without playing. A second one is a pairing error or a manual change,
    /// or a requested bye written as `U` (write those `H` or `F`). FIDE's
    /// rating does not depend on it: the finding is for the arbiter to
    /// review and does not change the verdict.
    ///
    /// ## Example
    /// ```text
    /// 001    7 ...  0000 - U     4 b 0  0000 - U
    /// ```
    /// Player 7 has the pairing-allocated bye in rounds 1 and 3. Use instead:
    /// give the round-3 bye to the lowest eligible player, or write a bye the
    /// player asked for as `H` or `F`.
    ///
    /// ## Reference
    /// FIDE Handbook C.04.1, Basic rules for Swiss systems: d (until
    /// 31 January 2026), art. 4 (2026 edition); Dutch system C.2 / [C2].
    pub(crate) static PAIRING_BYE_NOT_ELIGIBLE = {
        code: "TRF-W002", name: "pairing-bye-not-eligible",
        severity: Warning, summary: "a pairing-allocated bye to a player the Swiss rules do not allow it to",
        consequence: Cosmetic,
        source: "C.04.1 (basic rules for Swiss systems) d / 2026 art. 4; FIDE's rating does not depend on the pairings (byes are not rated, B.02)",
        applies: applies, check: check,
    };
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    if !ctx.games.seen(Kind::PAIRING_BYE) {
        return;
    }
    let edition = edition(ctx);
    let win = win_points(ctx);
    let scoring = &ctx.tournament.scoring;
    let mut last_player = u32::MAX;
    for g in ctx.games.rows_with(Kind::PAIRING_BYE) {
        // One finding per player: the first bye that was not allowed.
        if g.player == last_player {
            continue;
        }
        let p = ctx.player_of(g);
        let rows = ctx.games.of(g.player as usize);
        let earlier = rows.iter().take_while(|e| e.round < g.round);
        let mut why = None;
        for e in earlier {
            let entry = ctx.block(e).value;
            let reason = match entry.result {
                RoundResult::Bye {
                    bye: ByeKind::PairingAllocated,
                } => Some("had the pairing-allocated bye (`U`)".to_owned()),
                RoundResult::Forfeit { won: true } => Some("won by forfeit (`+`)".to_owned()),
                _ if edition == Some(Edition::Y2026)
                    && !played(e)
                    && win > crate::model::Points::ZERO
                    && scoring.points(&entry) >= win =>
                {
                    Some(format!(
                        "scored {} without playing, as much as a win{}",
                        scoring.points(&entry),
                        letter(entry.result)
                    ))
                }
                _ => None,
            };
            if let Some(reason) = reason {
                why = Some((e, reason));
                break;
            }
        }
        let Some((e, reason)) = why else { continue };
        last_player = g.player;
        let unknown = if edition.is_none() {
            "; the report gives no start date, so only what both editions of the Swiss rules forbid is checked"
        } else {
            ""
        };
        let d = PAIRING_BYE_NOT_ELIGIBLE
            .diag(format!(
                "player {} has the pairing-allocated bye in round `{}` but already {reason} in round `{}`{unknown}",
                named(p),
                g.round,
                e.round
            ))
            .primary(
                block_part(ctx, ctx.block(g).span, Part::Result),
                format!("round {}: `U`", g.round),
            )
            .secondary(
                block_part(ctx, ctx.block(e).span, Part::Result),
                format!("round {}", e.round),
            )
            .help(format!(
                "the pairing-allocated bye goes to a player who has not yet had it nor scored a win without playing; a bye the player asked for is written `H` or `F`. This is {REVIEW}"
            ))
            .reference(article(ctx, "d", "4"));
        ctx.emit(out, d);
    }
}

/// ` (`F`)`: the letter of an unplayed result, as a finding quotes it.
fn letter(r: RoundResult) -> &'static str {
    match r {
        RoundResult::Bye { bye: ByeKind::Full } => " (`F`)",
        RoundResult::Bye { bye: ByeKind::Half } => " (`H`)",
        RoundResult::Bye { bye: ByeKind::Zero } => " (`Z`)",
        _ => "",
    }
}
