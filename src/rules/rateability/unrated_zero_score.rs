//! Rule `unrated-zero-score`.

use super::cite::text;
use super::unrated::score_disregarded;
use crate::diag::Diagnostic;
use crate::model::tournament_type::TournamentType;
use crate::regulations::{RequirementScope, Topic};
use crate::rules::wording::{named, plural, push_score};
use crate::rules::{always, Ctx};

crate::declare_rule! {
    /// ## What it checks
    /// For each unrated player with games against rated opponents, whether
    /// their score is one the regulations disregard:
    ///
    /// | edition | disregarded |
    /// |---|---|
    /// | 2003 | 0 or ½ in any event |
    /// | 2005 | 0 or ½ in the first event |
    /// | 2009 | under 1 point (from 1 July 2011 in the first event only) (from a secondary source) |
    /// | 2013 | as 2009 after 2011, not confirmed in FIDE's text |
    /// | 2014 on | a zero in the first event (2017 not confirmed in FIDE's text) |
    ///
    /// The score is taken against rated opponents (games over the board,
    /// `1 = 0`) in a Swiss or team event, and over the whole event in a
    /// round robin. Where the text says so, the opponents' games against
    /// the player are disregarded too; that is said only for round robins
    /// of the 2003–2014 texts, the only events in which rated players'
    /// games against unrated ones count. Matches are left to
    /// `match-with-unrated-player`; players who met too few rated
    /// opponents for the event to count (2003–2013 Swiss) are left to
    /// `unrated-too-few-rated-opponents`.
    ///
    /// ## Why it matters
    /// The player gets nothing from the event, and under the older texts
    /// their opponents' games against them are removed from the rating.
    ///
    /// ## Example
    /// A 2024 open where an unrated player lost all five games against
    /// rated opponents: if it is their first event, it is disregarded.
    ///
    /// ## Reference
    /// FIDE Rating Regulations, results of unrated players (GA 2003, GA
    /// 2004; 2005 art. 10.21; 2014 art. 6.31).
    pub(crate) static UNRATED_ZERO_SCORE = {
        code: "TRF-F013", name: "unrated-zero-score",
        severity: Advice, summary: "an unrated player's score the regulations disregard",
        consequence: PlayersNotRated,
        source: "B.02 2024 art. 8.2.1: a zero score in a first rated event is disregarded",
        topic: crate::regulations::Topic::UnratedEvent,
        applies: always, check: check,
    };
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    if ctx.tournament_type.kind == TournamentType::Match {
        return;
    }
    let rule = super::unrated::event_rule(ctx);
    let Some(req) = rule.min_half_points else {
        return;
    };
    let whole_event = ctx.tournament_type.kind.is_round_robin();
    // A rapid or blitz newcomer rated with a standard rating (R&B 2024
    // art. 7.2.1) "is considered to be rated".
    let unrated = |(_, p): &(usize, &crate::model::Player)| {
        p.rating.is_none() && ctx.standard_seed(p).is_none()
    };
    // What every finding says alike, written once per run.
    let edition = text(ctx);
    let what = if req.minimum >= 2 {
        "0 or ½"
    } else {
        "a zero"
    };
    let when = match req.scope {
        RequirementScope::EveryEvent => "in any event",
        RequirementScope::FirstEventOnly => "in a player's first event",
    };
    let mut help = match req.scope {
        RequirementScope::EveryEvent => {
            "the player's result in this event is disregarded".to_owned()
        }
        RequirementScope::FirstEventOnly => {
            "if this is the player's first rated event, their result is disregarded".to_owned()
        }
    };
    // The opponents' games against an unrated player count only in
    // round robins of the texts that rate them; elsewhere there is
    // nothing more to disregard.
    if rule.opponents_games_disregarded && whole_event && ctx.regs.round_robin_counts_unrated_games
    {
        help.push_str(", and so are their opponents' games against them");
    }
    if let Some(c) = ctx.regs.caveat(Topic::UnratedEvent) {
        help = format!("{help} (this value is {c})");
    }
    let reference = ctx.cite(Topic::UnratedEvent);
    for (i, p) in ctx.tournament.players.iter().enumerate().filter(unrated) {
        let g = ctx.rated_games_of(i);
        if !score_disregarded(ctx, &g) {
            continue;
        }
        let (half_points, games, against) = if whole_event {
            (g.all_half_points, g.all_games, "in the tournament")
        } else {
            (g.half_points, g.games, "against rated opponents")
        };
        let span = p.points.map(|s| s.span).unwrap_or(p.name.span);
        // "unrated player {named} scored {score} from {n} game(s) {against};
        // under {edition} {what} {when} is disregarded", written piece by
        // piece into a string of its size (one finding per such player).
        let name = &p.name.value;
        let mut message = String::with_capacity(200 + name.len() + edition.len());
        message.push_str("unrated player ");
        message.push_str(&named(p));
        message.push_str(" scored ");
        let at = message.len();
        push_score(&mut message, half_points);
        let scored = message.get(at..).unwrap_or_default();
        let mut label = String::with_capacity(scored.len() + 1 + against.len());
        label.push_str(scored);
        message.push_str(" from ");
        message.push_str(&plural(games, "game", "games"));
        for piece in [" ", against, "; under ", &edition, " ", what, " ", when] {
            message.push_str(piece);
        }
        message.push_str(" is disregarded");
        if !whole_event {
            // B.02 says "a zero score" without saying over which games.
            message.push_str("; FIDE has not published whether games against unrated opponents count in that score; trfkit reads the score against rated opponents");
        }
        label.push(' ');
        label.push_str(against);
        let d = UNRATED_ZERO_SCORE.diag(message).primary(span, label);
        out.push(d.help(help.clone()).reference(reference.clone()));
    }
}
