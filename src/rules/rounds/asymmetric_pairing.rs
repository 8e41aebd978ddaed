//! Rule `asymmetric-pairing`.

use crate::diag::Diagnostic;
use crate::model::games::Kind;
use crate::model::RoundResult;
use crate::rules::{always, Ctx};

crate::declare_rule! {
    /// ## What it checks
    /// That every pairing is written on both sides: when player A's block for
    /// round r names B, B's block for round r names A, and the colours are
    /// opposite (`w` against `b`).
    ///
    /// ## Why it matters
    /// FIDE rates each game from both players' records. A one-sided pairing
    /// is a game that one player played and the other did not, or a typo in
    /// an opponent number; the same colour on both sides means one of the
    /// colours is wrong.
    ///
    /// ## Example
    /// ```text
    /// 001    1 ...    2 w 1
    /// 001    2 ...    3 b 0
    /// ```
    /// Use instead: player 2's block for the round reads `   1 b 0`.
    ///
    /// ## Reference
    /// TRF16 record 001, round blocks (opponent and colour mandatory for rating).
    pub(crate) static ASYMMETRIC_PAIRING = {
        code: "TRF-R003", name: "asymmetric-pairing",
        severity: Error, summary: "a pairing not mirrored by the opponent's record",
        consequence: FixBeforeUpload,
        source: "the two players' round blocks must name each other (TRF16 record 001); FIDE cannot tell which game was played",
        applies: always, check: check,
    };
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    if !ctx.games.seen(Kind::ONE_SIDED | Kind::SAME_COLOUR) {
        return;
    }
    for g in ctx
        .games
        .rows_with(Kind::ONE_SIDED | Kind::SAME_COLOUR)
        .filter(|g| g.rank != 0)
    {
        let (me, e) = (g.rank, ctx.block(g));
        let (i, round) = (usize::from(g.round) - 1, usize::from(g.round));
        let Some(opp) = e.value.opponent else {
            continue;
        };
        if opp == me || !e.value.result.needs_opponent() && e.value.result != RoundResult::Pending {
            continue; // self-pairing and byes with an opponent have their own rules
        }
        let Some(other) = ctx.player(opp) else {
            continue;
        }; // unknown-opponent
        let theirs = other.rounds.get(i);
        let named_back = theirs.and_then(|t| t.value.opponent) == Some(me);
        if !named_back {
            // Report once per pair: from the side with the lower rank, or
            // from this side when the other does not name anybody back.
            ctx.emit_with(out, &ASYMMETRIC_PAIRING, || {
                let their_opp = theirs.and_then(|t| t.value.opponent);
                let reciprocal_elsewhere = their_opp.is_some_and(|o| {
                    ctx.entry(o, round).and_then(|x| x.value.opponent) == Some(opp)
                });
                let what = match their_opp {
                    Some(o) => format!("player {opp}'s round {round} block names {o} instead"),
                    None => format!("player {opp}'s round {round} block names no opponent"),
                };
                let mut d = ASYMMETRIC_PAIRING
                    .diag(format!(
                        "round {round}: player {me} is paired with {opp}, but {what}"
                    ))
                    .primary(e.span, format!("{me} against {opp}"));
                if let Some(t) = theirs {
                    d = d.secondary(t.span, format!("player {opp}, round {round}"));
                }
                let help = if reciprocal_elsewhere {
                    format!("player {opp} played someone else in round {round}: correct the opponent number in player {me}'s block")
                } else {
                    format!("write `{me:>4}` with the opposite colour in player {opp}'s round {round} block, or correct this one")
                };
                d.help(help).reference("TRF16 record 001, round blocks")
            });
            continue;
        }
        // Named both ways: check colours once, from the lower rank.
        if me > opp {
            continue;
        }
        let (Some(t), Some(c1)) = (theirs, e.value.colour) else {
            continue;
        };
        let Some(c2) = t.value.colour else { continue }; // game-without-colour
        if c1 == c2 {
            ctx.emit_with(out, &ASYMMETRIC_PAIRING, || {
                ASYMMETRIC_PAIRING
                    .diag(format!(
                        "round {round}: players {me} and {opp} both have {}",
                        if c1 == crate::model::Colour::White { "White" } else { "Black" }
                    ))
                    .primary(e.span, format!("{me}: `{}`", c1.letter()))
                    .secondary(t.span, format!("{opp}: `{}`", c2.letter()))
                    .help("one of the two colours is wrong: one player had White (`w`), the other Black (`b`)")
                    .reference("TRF16 record 001, round blocks")
            });
        }
    }
}
