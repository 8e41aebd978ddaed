//! Rule `match-with-unrated-player`.

use super::cite::{cite, text};
use crate::diag::Diagnostic;
use crate::eligibility::exclusions::{is_match, match_with_unrated};
use crate::regulations::{MatchWithUnrated, Topic};
use crate::rules::spans::rating_span;
use crate::rules::wording::named;
use crate::rules::Ctx;

crate::declare_rule! {
    /// ## What it checks
    /// That a match (a two-player event), or a Scheveningen, is not one the
    /// regulations refuse to rate because of unrated players:
    ///
    /// | edition | not rated when |
    /// |---|---|
    /// | 2003, 2005, 2009 | a match or a Scheveningen has more than one unrated player (GA 2002, 2003/2005 art. 6.4; 2009 (not confirmed in FIDE's text)) |
    /// | 2013 on | either player of a match is unrated (2014 art. 6.6; 2013, 2017 (not confirmed in FIDE's text)); Scheveningens are no longer named |
    ///
    /// A Scheveningen is recognised when the pairings split the players into
    /// two sides of at least two, every pairing crosses the sides and every
    /// member of one side met every member of the other, **and** the report
    /// says so too: exactly two teams (`013`/`310`) that are those sides, or
    /// a type (`092`/`192`) naming a Scheveningen. The pairings alone are
    /// not enough, since a small Swiss can pair like one. The decision is
    /// made in `trfkit::eligibility::exclusions`, which `trf rate` uses too.
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
    /// 6.4, 2014 art. 6.6, 2022/2024 texts).
    pub(crate) static MATCH_WITH_UNRATED_PLAYER = {
        code: "TRF-F011", name: "match-with-unrated-player",
        severity: Error, summary: "a match (or Scheveningen) the regulations do not rate because of unrated players",
        consequence: EventNotRated,
        source: "B.02 2024 art. 6.1 (2003/2005 art. 6.4): a match with an unrated player is not rated, every game of it",
        topic: crate::regulations::Topic::MatchWithUnrated,
        applies: applies, check: check,
    };
}

fn applies(ctx: &Ctx<'_>) -> bool {
    is_match(&ctx.event())
        || ctx.regs.match_with_unrated == MatchWithUnrated::NotRatedIfMoreThanOneUnrated
}

/// Words the decision of [`crate::eligibility::exclusions`] (the rating pass
/// leaves the same games out).
fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let Some(m) = match_with_unrated(&ctx.event()) else {
        return;
    };
    let Some(first) = m.unrated.first() else {
        return;
    };
    let subject = match (m.unrated.as_slice(), &m.scheveningen) {
        (many, Some(_)) => {
            let names: Vec<String> = many.iter().map(|p| named(p)).collect();
            format!("players {} of this Scheveningen are", names.join(", "))
        }
        ([p], None) => format!(
            "player {} ({}) in this match is",
            p.start_rank.value, p.name.value
        ),
        (_, None) => "both players of this match are".to_owned(),
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
    let help = match &m.scheveningen {
        Some(s) => format!(
            "{}; no game of it will be rated; if a player has a FIDE rating, write it in columns 49-52",
            s.describe()
        ),
        None => "the games of this match will not be rated; if a player has a FIDE rating, write it in columns 49-52".to_owned(),
    };
    out.push(cite(ctx, d, Topic::MatchWithUnrated, help));
}
