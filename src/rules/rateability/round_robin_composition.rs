//! Rule `round-robin-composition`.

use super::cite::{cite, text};
use crate::diag::Diagnostic;
use crate::model::tournament_type::TournamentType;
use crate::model::Sex;
use crate::regulations::{RoundRobinFacts, Topic};
use crate::rules::spans::rating_span;
use crate::rules::Ctx;

crate::declare_rule! {
    /// ## What it checks
    /// That a round robin with unrated players has enough rated ones:
    /// at least a third of the players; at least 4 when there are fewer
    /// than 10 players; a double round robin with unrated players needs at
    /// least 6 players, 4 of them rated. A national championship (given
    /// with `--national-championship`) is rated when at least 3 players (2
    /// in an event where every player is a woman) held a FIDE rating.
    /// Round robins without unrated players always pass.
    ///
    /// Runs for round robins (the type decided from `192`/`092` and the
    /// pairings) under the 2003–2014 texts; the 2017 text dropped the rule
    /// (not confirmed in FIDE's text) and later texts have none.
    /// 2009 and 2014: (from a secondary source); 2013: not confirmed in FIDE's text.
    ///
    /// ## Why it matters
    /// A round robin that misses these numbers is not rated.
    ///
    /// ## Example
    /// An 8-player round robin in 2010 with 3 rated players: fewer than 10
    /// players need 4 rated. Use instead: a fourth rated player, or report
    /// it as a national championship if it is one.
    ///
    /// ## Reference
    /// FIDE Rating Regulations, round-robin composition (2005 art. 6.3–6.33,
    /// 6.43; 2014 art. 6.2, 6.4).
    pub(crate) static ROUND_ROBIN_COMPOSITION = {
        code: "TRF-F010", name: "round-robin-composition",
        severity: Error, summary: "a round robin with too few rated players",
        consequence: EventNotRated,
        source: "B.02 2003–2014, round-robin composition (2005 art. 6.3–6.33, 6.43): a round robin without enough rated players is not rated",
        topic: crate::regulations::Topic::RoundRobinComposition,
        applies: applies, check: check,
    };
}

fn applies(ctx: &Ctx<'_>) -> bool {
    ctx.tournament_type.kind.is_round_robin() && ctx.regs.round_robin_composition.is_some()
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let Some(rule) = ctx.regs.round_robin_composition else {
        return;
    };
    if !ctx.tournament_type.kind.is_round_robin() {
        return;
    }
    let players = &ctx.tournament.players;
    let rated = players.iter().filter(|p| p.rating.is_some()).count() as u32;
    let women_only = !players.is_empty()
        && players
            .iter()
            .all(|p| p.sex.is_some_and(|s| s.value == Sex::Female));
    let facts = RoundRobinFacts {
        players: players.len() as u32,
        rated,
        cycles: if ctx.tournament_type.kind == TournamentType::DoubleRoundRobin {
            2
        } else {
            1
        },
        national_championship: ctx.opts.national_championship,
        women_only,
    };
    let shortfalls = rule.check(facts);
    if shortfalls.is_empty() {
        return;
    }
    let reasons: Vec<String> = shortfalls.iter().map(ToString::to_string).collect();
    let h = &ctx.tournament.header;
    let span = h
        .declared_type()
        .map(|(_, c)| c.span)
        .unwrap_or_else(|| ctx.file_span());
    let mut d = ROUND_ROBIN_COMPOSITION
        .diag(format!(
            "{} with too few rated players: {}",
            ctx.tournament_type.kind.as_str(),
            reasons.join("; ")
        ))
        .primary(span, ctx.tournament_type.kind.as_str());
    if let Some(p) = players.iter().find(|p| p.rating.is_none()) {
        d = d.secondary(
            rating_span(ctx, p),
            format!("player {} is unrated", p.rank_label()),
        );
    }
    let need = if women_only {
        rule.national_championship_women_min_rated
    } else {
        rule.national_championship_min_rated
    };
    let mut help = format!(
        "under {} this round robin is not rated as it stands",
        text(ctx)
    );
    if !ctx.opts.national_championship && rated >= need {
        help.push_str(&format!(
            "; a national championship with {need} or more rated players is the exception: if this is one, check again with `--national-championship`"
        ));
    }
    out.push(cite(ctx, d, Topic::RoundRobinComposition, help));
}
