//! Rule `pairing-bye-written-as-forfeit`.

use super::{applies, article, REVIEW};
use crate::diag::Diagnostic;
use crate::model::games::{Kind, NONE};
use crate::rules::spans::{block_part, Part};
use crate::rules::wording::named;
use crate::rules::Ctx;

crate::declare_rule! {
    /// ## What it checks
    /// In a Swiss event, a forfeit win without an opponent (`0000 - +`) in a
    /// round that has no pairing-allocated bye (`U`): the player left over
    /// when the number to pair was odd, written as a forfeit win.
    ///
    /// ## Why it matters
    /// The rules for Swiss systems write the bye a pairing leaves over as
    /// `U` (C.04 Annex 2, TRF16): it has no opponent and no colour, and it
    /// bars a later pairing-allocated bye. A forfeit win needs an opponent
    /// who did not appear. Pairing programs read `0000 - +` in different
    /// ways (bbpPairings takes it as the pairing-allocated bye; others as a
    /// win without a game), so the next rounds may be paired differently
    /// from what the arbiter meant. The report cannot tell which bye was
    /// meant: a full-point bye the player asked for is written `F`. FIDE's
    /// rating does not depend on it (neither is a rated game): the finding
    /// is for the arbiter to review and does not change the verdict.
    ///
    /// ## Example
    /// ```text
    /// 001    9 ...  0000 - +     4 b 0
    /// ```
    /// Use instead: `0000 - U` for the pairing-allocated bye, `0000 - F` for a
    /// full-point bye the player asked for.
    ///
    /// ## Reference
    /// FIDE Handbook C.04.1, Basic rules for Swiss systems: c (until
    /// 31 January 2026), art. 3 (2026 edition); C.04 Annex 2 (TRF16), record
    /// 001, result codes `+` and `U`.
    pub(crate) static PAIRING_BYE_WRITTEN_AS_FORFEIT = {
        code: "TRF-W005", name: "pairing-bye-written-as-forfeit",
        severity: Warning, summary: "a forfeit win without an opponent in a round without a pairing-allocated bye (Swiss)",
        consequence: Cosmetic,
        source: "C.04.1 (basic rules for Swiss systems) c / 2026 art. 3 and TRF16 (C.04 Annex 2): the pairing-allocated bye is `U`; byes and forfeits are not rated (B.02)",
        applies: applies, check: check,
    };
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    if !ctx.games.seen(Kind::FORFEIT) {
        return;
    }
    let kinds = ctx.games.round_kinds();
    for g in ctx.games.rows_with(Kind::FORFEIT) {
        // `+` (code 6) naming nobody, in a round without `U`.
        if g.code() != 6 || g.opponent != NONE || g.opponent_rank().is_some() {
            continue;
        }
        let round = usize::from(g.round);
        if kinds
            .get(round - 1)
            .is_some_and(|k| k.intersects(Kind::PAIRING_BYE))
        {
            continue;
        }
        let p = ctx.player_of(g);
        let d = PAIRING_BYE_WRITTEN_AS_FORFEIT
            .diag(format!(
                "player {} has a forfeit win without an opponent in round `{round}`, which has no pairing-allocated bye",
                named(p)
            ))
            .primary(
                block_part(ctx, ctx.block(g).span, Part::Result),
                "`+` without an opponent",
            )
            .help(format!(
                "write the bye the pairing left over as `0000 - U`, and a full-point bye the player asked for as `0000 - F`; this is {REVIEW}"
            ))
            .reference(article(ctx, "c", "3"));
        ctx.emit(out, d);
    }
}
