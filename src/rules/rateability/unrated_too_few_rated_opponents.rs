//! Rule `unrated-too-few-rated-opponents`.

use super::cite::{cite, text};
use super::unrated::score_disregarded;
use crate::diag::Diagnostic;
use crate::model::tournament_type::TournamentType;
use crate::regulations::{RatedCount, RequirementScope, Topic};
use crate::rules::spans::rating_span;
use crate::rules::wording::{named, plural};
use crate::rules::{always, Ctx};

crate::declare_rule! {
    /// ## What it checks
    /// For each unrated player, whether this event can give them a first
    /// rating as far as their rated games go. Only games over the board
    /// (`1 = 0`) against rated opponents count.
    ///
    /// * 2003–2013 texts, Swiss and team events: the event counts only if
    ///   the player met at least 3 rated opponents in it (2009 (from a secondary source),
    ///   2013 not confirmed in FIDE's text). From 1 July 2011 this applies only until a
    ///   first qualifying event (art. 8.21). Round robins follow the
    ///   composition rule instead (`round-robin-composition`) and are not
    ///   checked here.
    /// * From 2014: no per-event minimum; results are pooled until the
    ///   player has the games a first rating needs (5, art. 7.14). A player
    ///   with fewer rated games here gets advice that the results are kept
    ///   for the pool and no rating comes from this event alone; one with
    ///   none, that nothing from this event counts.
    ///
    /// Matches are left to `match-with-unrated-player`. One advice per
    /// player, on their name; a report in which nobody is rated gets one
    /// advice for the file instead.
    ///
    /// ## Why it matters
    /// Organisers and players expect a rating from an event that cannot
    /// give one; the rating officer should know before the report is sent.
    ///
    /// ## Example
    /// A 2008 Swiss where an unrated player met two rated opponents: under
    /// the 2005 text the event does not count for them.
    ///
    /// ## Reference
    /// FIDE Rating Regulations, results of unrated players (2005 art.
    /// 6.4–6.42; 2009 art. 8.21; 2014 art. 6.3, 7.14).
    pub(crate) static UNRATED_TOO_FEW_RATED_OPPONENTS = {
        code: "TRF-F012", name: "unrated-too-few-rated-opponents",
        severity: Advice, summary: "an unrated player gets no rating from this event: too few rated opponents",
        consequence: PlayersNotRated,
        source: "B.02 2024 art. 7.1.4, 8.2.1: an unrated player needs games against rated opponents for a first rating; the result is kept for pooling",
        topic: crate::regulations::Topic::UnratedEvent,
        applies: always, check: check,
    };
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    if ctx.tournament_type.kind == TournamentType::Match {
        return;
    }
    let rule = super::unrated::event_rule(ctx);
    if rule.min_rated_opponents.is_some() && ctx.tournament_type.kind.is_round_robin() {
        return;
    }
    let players = &ctx.tournament.players;
    if !players.iter().any(|p| p.rating.is_some()) {
        nobody_rated(ctx, out);
        return;
    }
    // Who falls short, before any text is written: a large open can have
    // thousands of unrated players, and one finding per player is noise.
    let min_games = ctx.regs.min_games_first_rating;
    let short: Vec<(usize, &crate::model::Player, u32)> = players
        .iter()
        .enumerate()
        // A rapid or blitz newcomer rated with a standard rating (R&B 2024
        // art. 7.2.1) "is considered to be rated".
        .filter(|(_, p)| p.rating.is_none() && ctx.standard_seed(p).is_none())
        .filter_map(|(i, p)| {
            let g = ctx.rated_games_of(i);
            if score_disregarded(ctx, &g) {
                return None; // unrated-zero-score: the result is disregarded
            }
            let falls_short = match rule.min_rated_opponents {
                Some(req) => rule.rated_met(g.games, g.opponents) < req.minimum,
                None => g.games < min_games,
            };
            falls_short.then_some((i, p, g.games))
        })
        .collect();
    if short.len() > SUMMARY_FROM {
        summary(
            ctx,
            out,
            &short,
            rule.min_rated_opponents.map(|r| r.minimum),
        );
        return;
    }
    for &(i, p, _) in &short {
        let g = ctx.rated_games_of(i);
        let (message, help) = match rule.min_rated_opponents {
            Some(req) => {
                let scope = match req.scope {
                    RequirementScope::EveryEvent => "in every event",
                    RequirementScope::FirstEventOnly => {
                        "in the first event that counts (later events count game by game)"
                    }
                };
                let (met, unit) = match rule.rated_counted {
                    RatedCount::Opponents => (
                        plural(g.opponents, "rated opponent", "rated opponents"),
                        "rated opponents",
                    ),
                    // Only the games FIDE rates count: a game the event
                    // does not rate (a decided match, a match with an
                    // unrated player, ...) was played but is not counted.
                    RatedCount::Games => (
                        format!(
                            "{} against rated opponents",
                            plural(g.games, "rated game", "rated games")
                        ),
                        "games against rated opponents",
                    ),
                };
                let verb = match rule.rated_counted {
                    RatedCount::Opponents => "met",
                    RatedCount::Games => "has",
                };
                (
                    format!(
                        "unrated player {} {verb} {met}; under {} an event counts towards a first rating only with {} or more",
                        named(p),
                        text(ctx),
                        req.minimum
                    ),
                    format!(
                        "{} {unit} are needed {scope}; this event gives the player no result towards a rating",
                        req.minimum
                    ),
                )
            }
            None => {
                let min = min_games;
                if g.games == 0 {
                    (
                        format!("unrated player {} played no rated opponent: nothing from this event counts towards a first rating", named(p)),
                        "only games against rated opponents count for an unrated player".to_owned(),
                    )
                } else {
                    (
                        format!(
                            "unrated player {} played {} against rated opponents: results are kept for the {min}-game pool, no rating yet from this event alone",
                            named(p),
                            plural(g.games, "game", "games")
                        ),
                        format!(
                            "under {} a first rating needs {min} games against rated opponents, pooled over events; this event's games wait for the rest",
                            text(ctx)
                        ),
                    )
                }
            }
        };
        let d = UNRATED_TOO_FEW_RATED_OPPONENTS
            .diag(message)
            .primary(p.name.span, "unrated");
        let topic = if rule.min_rated_opponents.is_some() {
            Topic::UnratedEvent
        } else {
            Topic::MinimumGames
        };
        out.push(cite(ctx, d, topic, help));
    }
}

/// Findings per player up to this many players; one summary above it.
const SUMMARY_FROM: usize = 20;

/// One finding for many players: how many, and the first five by start rank.
fn summary(
    ctx: &Ctx<'_>,
    out: &mut Vec<Diagnostic>,
    short: &[(usize, &crate::model::Player, u32)],
    minimum: Option<u32>,
) {
    let none = short.iter().filter(|(_, _, games)| *games == 0).count();
    let mut d = UNRATED_TOO_FEW_RATED_OPPONENTS
        .diag(format!(
            "{} unrated players get no rating from this event alone ({none} of them played no rated opponent)",
            short.len()
        ))
        .primary(short[0].1.name.span, "unrated");
    for (_, p, _) in short.iter().skip(1).take(4) {
        d = d.secondary(p.name.span, "unrated");
    }
    let (topic, help) = match minimum {
        Some(m) => (
            Topic::UnratedEvent,
            format!(
                "under {} an event counts towards a first rating only with {m} or more {}; `trf rate` lists every player",
                text(ctx),
                match super::unrated::event_rule(ctx).rated_counted {
                    RatedCount::Opponents => "rated opponents",
                    RatedCount::Games => "games against rated opponents",
                }
            ),
        ),
        None => (
            Topic::MinimumGames,
            format!(
                "under {} a first rating needs {} games against rated opponents, pooled over events; `trf rate` lists every player and what is kept",
                text(ctx),
                ctx.regs.min_games_first_rating
            ),
        ),
    };
    out.push(cite(ctx, d, topic, help));
}

/// A report without any rated player: one finding, not one per player.
fn nobody_rated(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let players = &ctx.tournament.players;
    let Some(first) = players.first() else {
        return;
    };
    let d = UNRATED_TOO_FEW_RATED_OPPONENTS
        .diag(format!(
            "no player in this report is rated: none of the {} gets a result towards a first rating",
            plural(players.len() as u64, "player", "players")
        ))
        .primary(rating_span(ctx, first), "unrated");
    out.push(cite(
        ctx,
        d,
        Topic::UnratedEvent,
        "only games against rated opponents count for an unrated player; if players have FIDE ratings, write them in columns 49-52".to_owned(),
    ));
}
