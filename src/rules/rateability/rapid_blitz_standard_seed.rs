//! Rule `rapid-blitz-standard-seed`.

use super::cite::{cite_rb, rapid_blitz};
use crate::diag::Diagnostic;
use crate::regulations::RapidBlitzTopic;
use crate::rules::Ctx;

crate::declare_rule! {
    /// ## What it checks
    /// In a rapid or blitz event checked with `--rating-list`: the players
    /// the report leaves unrated who have no rating of the event's list but
    /// a standard rating on the list. R&B 2024 art. 7.2.1 rates such a
    /// player with the standard rating, "considered to be rated": the
    /// newcomer rules (five games against rated opponents, the
    /// hypothetical 1800 opponents, the 1400 floor) do not apply to him,
    /// and findings that treat him as unrated are moot. `trf rate` with the
    /// same list rates him so. The 2012 framework said the same (from a secondary source); for
    /// 2013–2022 it is assumed (not confirmed in FIDE's text).
    ///
    /// ## Why it matters
    /// The player gets a rating change from his first rapid event, and his
    /// opponents' games against him are rated.
    ///
    /// ## Example
    /// A rapid event in 2025 where player 4 has no rating in the report;
    /// the list shows her standard 1800 and no rapid rating: she is rated
    /// as a 1800 player.
    ///
    /// ## Reference
    /// FIDE Rapid and Blitz Rating Regulations (2024) art. 7.2.1.
    pub(crate) static RAPID_BLITZ_STANDARD_SEED = {
        code: "TRF-F045", name: "rapid-blitz-standard-seed",
        severity: Advice, summary: "a rapid or blitz newcomer with a standard rating is rated with it",
        consequence: Info,
        source: "R&B 2024 art. 7.2.1: an R&B-unrated player with a standard rating at the start is rated with it and considered to be rated",
        rb_topic: crate::regulations::RapidBlitzTopic::InitialRating,
        applies: applies, check: check,
    };
}

fn applies(ctx: &Ctx<'_>) -> bool {
    ctx.opts.rating_list.is_some() && rapid_blitz(ctx).is_some_and(|(rb, _)| rb.standard_seed.value)
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    if !applies(ctx) {
        return;
    }
    let Some((rb, list)) = rapid_blitz(ctx) else {
        return;
    };
    for p in &ctx.tournament.players {
        let Some(standard) = ctx.standard_seed(p) else {
            continue;
        };
        let d = RAPID_BLITZ_STANDARD_SEED
            .diag(format!(
                "player {} ({}) has no {list} rating but a standard rating of {} on the list: {} rate the player with it, as a rated player",
                p.start_rank.value,
                p.name.value,
                standard,
                rb.text()
            ))
            .primary(
                ctx.player_field(p, &crate::read::columns::p001::RATING),
                format!("standard {}", standard),
            );
        out.push(cite_rb(
            ctx,
            rb,
            d,
            RapidBlitzTopic::InitialRating,
            format!(
                "the newcomer rules do not apply to this player, and the rules about unrated players pass the player by; `trf rate --rating-list` rates the player from {} (K as a player new to the {list} list: FIDE has not published which K applies, trfkit assumes a new player's)",
                standard
            ),
        ));
    }
}
