//! Rule `start-rank-gap`.

use crate::diag::Diagnostic;
use crate::rules::wording::round_list;
use crate::rules::{always, Ctx};

crate::declare_rule! {
    /// ## What it checks
    /// That the starting ranks (columns 5-8) run from 1 to the number of
    /// players without a gap. Advice only: the file is not pairing by
    /// position (`XXC rank`), which makes the ranks irrelevant, is not
    /// checked.
    ///
    /// ## Why it matters
    /// FIDE rates the games whatever the numbering, so a gap does not stop
    /// rating. But pairing programs (bbpPairings, JaVaFo, py4swiss) refuse a
    /// file whose pairing numbers skip a value, and a gap often means a
    /// player's line was deleted: check that nobody played against the
    /// missing number.
    ///
    /// ## Example
    /// ```text
    /// 001    6 m    Doe, John ...
    /// 001    8 m    Roe, Richard ...
    /// ```
    /// Use instead: renumber the players 1 to N (and their opponents in the
    /// round blocks), or restore player 7.
    ///
    /// ## Reference
    /// TRF16 record 001, columns 5-8 (starting rank, mandatory for rating
    /// and pairing).
    pub(crate) static START_RANK_GAP = {
        code: "TRF-P004", name: "start-rank-gap",
        severity: Advice, summary: "starting ranks that skip a number",
        consequence: Cosmetic,
        source: "start ranks need not be consecutive for rating",
        applies: always, check: check,
    };
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let t = ctx.tournament;
    if t.extensions.xxc.is_some_and(|x| x.value.rank) {
        return;
    }
    // The games table's start-rank index: one slot per rank up to the
    // highest, empty where no player has it.
    let index = ctx.games.rank_index();
    let max = index.len().saturating_sub(1);
    let missing: Vec<usize> = (1..=max)
        .filter(|&r| index[r] == crate::model::games::NONE)
        .collect();
    let Some(&first_gap) = missing.first() else {
        return;
    };
    // Point at the player just past the first gap.
    let Some(next) = t
        .players
        .iter()
        .filter(|p| p.start_rank.value as usize > first_gap)
        .min_by_key(|p| p.start_rank.value)
    else {
        return;
    };
    let plural = if missing.len() == 1 { "" } else { "s" };
    out.push(
        START_RANK_GAP
            .diag(format!(
                "starting rank{plural} {} {} missing: ranks run to `{max}` for `{}` players",
                round_list(&missing),
                if missing.len() == 1 { "is" } else { "are" },
                t.players.len()
            ))
            .primary(next.start_rank.span, format!("after the gap at {first_gap}"))
            .help("number the players 1 to N without gaps (and renumber their opponents in the round blocks), or restore the missing player")
            .reference("TRF16 record 001, columns 5-8"),
    );
}
