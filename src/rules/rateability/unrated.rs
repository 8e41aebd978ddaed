//! What the rules about unrated players' first ratings count: each
//! player's games FIDE rates (read from the eligibility, counted once per
//! report by [`Analysis::rated_games_of`](crate::analysis::Analysis::rated_games_of)) and whether the edition disregards the
//! score.

use crate::eligibility::PlayerGames;
use crate::regulations::UnratedEventRule;
use crate::rules::Ctx;

/// The edition's rule on unrated players' results in force at the event's
/// start (the edition's own date when the report has none): one reading
/// for the two rules about first ratings and [`score_disregarded`].
pub(crate) fn event_rule(ctx: &Ctx<'_>) -> UnratedEventRule {
    let start = ctx.start.unwrap_or(ctx.regs.effective_from);
    *ctx.regs.unrated_event.at(start)
}

/// Whether the edition disregards this unrated player's score (a zero, or
/// ½ where the text asks for a point): the rule `unrated-zero-score` says
/// so, and `unrated-too-few-rated-opponents` then stays silent, since a
/// disregarded result is not "kept for the pool" either. A player with too
/// few rated opponents under a text that asks for them is that rule's
/// case instead: the event does not count at all.
pub(crate) fn score_disregarded(ctx: &Ctx<'_>, g: &PlayerGames) -> bool {
    let rule = event_rule(ctx);
    let Some(req) = rule.min_half_points else {
        return false;
    };
    let whole_event = ctx.tournament_type.kind.is_round_robin();
    let short = rule
        .min_rated_opponents
        .is_some_and(|r| !whole_event && rule.rated_met(g.games, g.opponents) < r.minimum);
    if g.games == 0 || short {
        return false;
    }
    let half_points = if whole_event {
        g.all_half_points
    } else {
        g.half_points
    };
    half_points < req.minimum
}
