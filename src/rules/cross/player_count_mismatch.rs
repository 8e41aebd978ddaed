//! Rule `player-count-mismatch`.

use crate::diag::Diagnostic;
use crate::rules::{always, Ctx};

crate::declare_rule! {
    /// ## What it checks
    /// That the number of players in record `062` equals the number of
    /// `001` records.
    ///
    /// ## Why it matters
    /// Readers count the `001` lines and ignore `062`, but a count that
    /// disagrees means a player's line was lost, added twice, or left in
    /// although the player never played; the rating officer checks the
    /// count against the tournament's registration.
    ///
    /// ## Example
    /// ```text
    /// 062 52
    /// ```
    /// with 51 `001` records. Use instead: `062 51`, or restore the
    /// missing player.
    ///
    /// ## Reference
    /// TRF16 record 062 (number of players).
    pub(crate) static PLAYER_COUNT_MISMATCH = {
        code: "TRF-X002", name: "player-count-mismatch",
        severity: Warning, summary: "record 062 disagrees with the number of players",
        consequence: Cosmetic,
        source: "header counts (TRF16 062/072/082) are informative; FIDE counts the records",
        applies: always, check: check,
    };
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let t = ctx.tournament;
    let Some(declared) = t.header.declared_players else {
        return;
    };
    let counted = t.players.len();
    if declared.value as usize == counted {
        return;
    }
    out.push(
        PLAYER_COUNT_MISMATCH
            .diag(format!(
                "record `062` says `{}` players, but the file has `{counted}` `001` records",
                declared.value
            ))
            .primary(declared.span, format!("{counted} players in the file"))
            .help(format!(
                "write `062 {counted}`, or add the missing players' `001` records"
            ))
            .reference("TRF16 record 062"),
    );
}
