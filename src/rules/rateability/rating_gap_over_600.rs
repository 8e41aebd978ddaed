//! Rule `rating-gap-over-600`.

use super::cite::{cite_rb, rapid_blitz};
use super::games;
use crate::diag::Diagnostic;
use crate::model::RoundResult;
use crate::regulations::RapidBlitzTopic;
use crate::rules::wording::{game_text, plural};
use crate::rules::Ctx;

crate::declare_rule! {
    /// ## What it checks
    /// From 1 December 2024, in a rapid or blitz event: the games between
    /// two rated players whose ratings differ by **600 points or more**
    /// when one of them is rated **above 2600** (2601 and up). Such a game
    /// is not rated, for either player. Ratings are those of the report
    /// (the list at the start of the tournament); an unrated player has no
    /// difference and is never concerned.
    ///
    /// Readings (not confirmed in FIDE's text): the amendment says only "effective from 1 December
    /// 2024"; it is applied to tournaments **starting** on or after that
    /// day, the convention of B.02 art. 0.1. A rapid-unrated player rated
    /// with his standard rating (R&B art. 7.2.1) "is considered to be
    /// rated": `trf rate` applies the rule with that rating.
    ///
    /// ## Why it matters
    /// These games are left out of both players' rating calculations; the
    /// rest of the event is rated.
    ///
    /// ## Example
    /// A blitz open of 2025/02/01 with `2650` against `2050`: the game is
    /// not rated. `2650` against `2051` (599 points) is.
    ///
    /// ## Reference
    /// FIDE Rapid and Blitz Rating Regulations (2024) art. 7.3.1, as
    /// amended with effect from 1 December 2024.
    pub(crate) static RATING_GAP_OVER_600 = {
        code: "TRF-F043", name: "rating-gap-over-600",
        severity: Warning, summary: "rapid or blitz games with a 600-point gap and a player above 2600, not rated",
        consequence: GamesNotRated,
        source: "R&B 2024 art. 7.3.1 as amended 1 Dec 2024: a game with a difference of 600 or more is not rated for either player when one is rated above 2600",
        rb_topic: crate::regulations::RapidBlitzTopic::BigGap,
        applies: applies, check: check,
    };
}

fn applies(ctx: &Ctx<'_>) -> bool {
    rapid_blitz(ctx).is_some_and(|(rb, _)| {
        rb.big_gap
            .at(ctx.start.unwrap_or(rb.effective_from))
            .is_some()
    })
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let Some((rb, list)) = rapid_blitz(ctx) else {
        return;
    };
    let Some(gap) = *rb.big_gap.at(ctx.start.unwrap_or(rb.effective_from)) else {
        return;
    };
    let mut hit = Vec::new();
    for g in games(ctx) {
        if !matches!(g.entry.value.result, RoundResult::Game { .. }) {
            continue;
        }
        let (Some(a), Some(b)) = (g.player.rating, g.opponent.rating) else {
            continue;
        };
        if gap.excludes(a.value, b.value) {
            hit.push(g);
        }
    }
    let Some(first) = hit.first() else { return };
    let examples: Vec<String> = hit.iter().take(5).map(game_text).collect();
    let more = if hit.len() > 5 {
        format!(" and {} more", hit.len() - 5)
    } else {
        String::new()
    };
    let d = RATING_GAP_OVER_600
        .diag(format!(
            "{} not rated in {list}: a player is rated above {} and the difference is {} points or more ({})",
            plural(hit.len() as u32, "game", "games"),
            gap.above_rating,
            gap.min_difference,
            rb.text()
        ))
        .primary(first.entry.span, format!("round {}", first.round));
    out.push(cite_rb(
        ctx,
        rb,
        d,
        RapidBlitzTopic::BigGap,
        format!(
            "these games count for neither player: {}{more}; FIDE has not published whether the amendment \"effective from\" 2024/12/01 applies by the tournament's start or by the game's date; trfkit reads it by the start date, so the rule applies to tournaments starting on or after 2024/12/01",
            examples.join("; ")
        ),
    ));
}
