//! Rule `rapid-blitz-first-event-score`.

use super::cite::{cite_rb, rapid_blitz};
use crate::diag::Diagnostic;
use crate::model::tournament_type::TournamentType;
use crate::regulations::RapidBlitzTopic;
use crate::rules::wording::{named, plural, score};
use crate::rules::Ctx;

crate::declare_rule! {
    /// ## What it checks
    /// In a rapid or blitz event under the 2012 framework or the chapter
    /// of 2013–2021: an unrated player who scored **less than one point**
    /// against rated opponents. Those chapters asked a newcomer to score at
    /// least one point in a first rated event, where the standard text
    /// asked for half a point (both (from a secondary source): FIDE news of November 2011 and a
    /// report of the chapter of November 2021). A zero score is
    /// `unrated-zero-score`'s finding; this rule adds the half point. From
    /// 2022 the chapter follows the standard text (2022 (not confirmed in FIDE's text), 2024 read) and
    /// the rule does not run. A player rated with his standard rating
    /// (R&B art. 7.2.1, with `--rating-list`) is not unrated.
    ///
    /// ## Why it matters
    /// If this is the player's first rated event, the result does not count
    /// towards a first rapid (or blitz) rating.
    ///
    /// ## Example
    /// A 2016 rapid open where an unrated player draws one game against a
    /// rated opponent and loses the others: ½ point, one was needed.
    ///
    /// ## Reference
    /// FIDE Rapid and Blitz Rating Regulations, initial rating (2012
    /// framework; chapter of 2013–2021), from secondary sources (from a secondary source).
    pub(crate) static RAPID_BLITZ_FIRST_EVENT_SCORE = {
        code: "TRF-F046", name: "rapid-blitz-first-event-score",
        severity: Advice, summary: "a rapid or blitz newcomer below the one point the 2012–2021 chapters asked for",
        consequence: PlayersNotRated,
        source: "R&B 2012 framework and the chapter of 2013–2021 (from a secondary source): a first event needs at least one point against rated opponents",
        rb_topic: crate::regulations::RapidBlitzTopic::FirstEventScore,
        applies: applies, check: check,
    };
}

fn applies(ctx: &Ctx<'_>) -> bool {
    rapid_blitz(ctx).is_some_and(|(rb, _)| rb.first_event_min_half_points.value >= 2)
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    if !applies(ctx) || ctx.tournament_type.kind == TournamentType::Match {
        return;
    }
    let Some((rb, list)) = rapid_blitz(ctx) else {
        return;
    };
    let need = u32::from(rb.first_event_min_half_points.value);
    for (i, p) in ctx.tournament.players.iter().enumerate() {
        if p.rating.is_some() || ctx.standard_seed(p).is_some() {
            continue;
        }
        let g = ctx.rated_games_of(i);
        // Zero is `unrated-zero-score`'s finding.
        if g.games == 0 || g.half_points == 0 || g.half_points >= need {
            continue;
        }
        let span = p.points.map(|s| s.span).unwrap_or(p.name.span);
        let d = RAPID_BLITZ_FIRST_EVENT_SCORE
            .diag(format!(
                "unrated player {} scored {} from {} against rated opponents; {} ask for at least {} in a first {list} event",
                named(p),
                score(g.half_points),
                plural(g.games, "game", "games"),
                rb.text(),
                score(need)
            ))
            .primary(span, format!("{} against rated opponents", score(g.half_points)));
        out.push(cite_rb(
            ctx,
            rb,
            d,
            RapidBlitzTopic::FirstEventScore,
            format!(
                "if this is the player's first rated {list} event, the result does not count towards a first rating"
            ),
        ));
    }
}
