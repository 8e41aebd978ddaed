//! Rule `match-with-unrated-player`.

use super::support::{cite, rating_span, text};
use crate::diag::Diagnostic;
use crate::rate::exclusions::{is_match, match_with_unrated};
use crate::regulations::Topic;
use crate::rules::Ctx;

crate::declare_rule! {
    /// ## What it checks
    /// That a match (a two-player event) is not one the regulations refuse
    /// to rate because of unrated players:
    ///
    /// | edition | not rated when |
    /// |---|---|
    /// | 2003, 2005, 2009 | both players are unrated (more than one, GA 2002; 2009 (?)) |
    /// | 2013 on | either player is unrated (2014 art. 6.6; 2013, 2017 (?)) |
    ///
    /// ## Why it matters
    /// Such a match is not rated at all; the games are wasted for both
    /// players.
    ///
    /// ## Example
    /// A 2024 match between a 2150-rated player and an unrated one.
    /// Use instead: rate the unrated player in another event first.
    ///
    /// ## Reference
    /// FIDE Rating Regulations, matches with unrated players (2005 art.
    /// 6.4, 2014 art. 6.6, 2022/2024 texts); regulations.md R12.
    pub static MATCH_WITH_UNRATED_PLAYER = {
        code: "TRF-F011", name: "match-with-unrated-player", category: "regulations",
        severity: Error, summary: "a match the regulations do not rate because of an unrated player",
        consequence: EventNotRated,
        source: "B.02 2024 art. 6.1 (2003/2005 art. 6.4): a match with an unrated player is not rated, every game of it",
        topic: crate::regulations::Topic::MatchWithUnrated,
        applies: applies, check: check,
    };
}

fn applies(ctx: &Ctx<'_>) -> bool {
    is_match(ctx)
}

/// Words the decision of [`crate::rate::exclusions`] (the rating pass
/// leaves the same games out).
fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let Some(m) = match_with_unrated(ctx) else {
        return;
    };
    let Some(first) = m.unrated.first() else {
        return;
    };
    let subject = match m.unrated.as_slice() {
        [p] => format!(
            "player {} ({}) in this match is",
            p.start_rank.value, p.name.value
        ),
        _ => "both players of this match are".to_owned(),
    };
    let mut d = MATCH_WITH_UNRATED_PLAYER
        .diag(format!(
            "{subject} unrated; under {} {}",
            text(ctx),
            m.rule_text
        ))
        .primary(rating_span(ctx, first), "unrated");
    for p in m.unrated.iter().skip(1) {
        d = d.secondary(rating_span(ctx, p), "unrated");
    }
    out.push(cite(
        ctx,
        d,
        Topic::MatchWithUnrated,
        "the games of this match will not be rated; if a player has a FIDE rating, write it in columns 49-52".to_owned(),
    ));
}
