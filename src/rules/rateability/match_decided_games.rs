//! Rule `match-decided-games`.

use super::cite::{cite, text};
use crate::diag::Diagnostic;
use crate::eligibility::exclusions::{is_match, match_decided};
use crate::regulations::{AfterMatchDecided, Topic};
use crate::rules::wording::{game_text, plural, score};
use crate::rules::Ctx;

crate::declare_rule! {
    /// ## What it checks
    /// That no game of a match (a two-player event) was played after one
    /// player had already won it: more than half of the match's points.
    /// The match's length is `142`/`XXR` when it covers every round written,
    /// else the number of rounds in the report (a fixed-length match is
    /// assumed, and the finding says where the length came from). Forfeits
    /// count in the match score; only games over the board (`1 = 0`) are
    /// listed, since the others are never rated anyway.
    ///
    /// | edition | games after the match is decided |
    /// |---|---|
    /// | 2003 | "may not be rated" (English; the Spanish text: "are not rated") |
    /// | 2005 | "may be omitted" |
    /// | 2009, 2013, 2017 | not rated (not confirmed in FIDE's text) |
    /// | 2014 | not rated (art. 6.5) |
    /// | 2022, 2024 | not rated unless the Qualification Commission agreed on the organiser's prior request |
    ///
    /// The waiver of 2022/2024 is not visible in a TRF: the finding says so
    /// rather than assume it. Which games are taken out is decided once, in
    /// `trfkit::eligibility::exclusions`; `trf rate` leaves exactly those games out.
    ///
    /// ## Why it matters
    /// FIDE does not rate these games: the players' rating changes are
    /// computed without them.
    ///
    /// ## Example
    /// A six-game match in which player 1 leads 4–0 after round 4: games 5
    /// and 6 are not rated (2024 art. 6.2).
    ///
    /// ## Reference
    /// FIDE Rating Regulations, games after a match is decided (2014 art.
    /// 6.5, 2024 art. 6.2).
    pub(crate) static MATCH_DECIDED_GAMES = {
        code: "TRF-F030", name: "match-decided-games",
        severity: Warning, summary: "match games played after one player had won the match",
        consequence: GamesNotRated,
        source: "B.02 2024 art. 6.2: games played after one player has won the match are not rated unless waived by prior request (2014 art. 6.5; 2005: 'may be omitted')",
        topic: crate::regulations::Topic::GamesAfterMatchDecided,
        applies: applies, check: check,
    };
}

fn applies(ctx: &Ctx<'_>) -> bool {
    is_match(&ctx.event())
}

/// Words the decision of [`crate::eligibility::exclusions`].
fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let Some(m) = match_decided(&ctx.event()) else {
        return;
    };
    let Some(first) = m.after.first() else {
        return;
    };
    let rule_text = match ctx.regs.after_match_decided {
        AfterMatchDecided::MayNotBeRated => "such games may not be rated",
        AfterMatchDecided::MayBeOmitted => "such games may be omitted from rating",
        AfterMatchDecided::NotRated | AfterMatchDecided::NotRatedUnlessApproved => {
            "such games are not rated"
        }
    };
    let mut d = MATCH_DECIDED_GAMES
        .diag(format!(
            "{} played after the match was decided: player {} ({}) had {} of {} points after round {}; under {} {rule_text}",
            plural(m.after.len() as u32, "game was", "games were"),
            m.winner.start_rank.value,
            m.winner.name.value,
            score(m.winner_half_points),
            m.games,
            m.decided_in_round,
            text(ctx),
        ))
        .primary(first.entry.span, format!("round {}", first.round));
    if let (Some(r), false) = (ctx.tournament.planned_rounds(), m.games_assumed) {
        d = d.secondary(r.span, format!("{} games", m.games));
    }
    let list: Vec<String> = m.after.iter().map(game_text).collect();
    let length = if m.games_assumed {
        format!(
            "the match is taken to be the {} games of the report (no `142`/`XXR` covering them)",
            m.games
        )
    } else {
        format!("the match is {} games long (`142`/`XXR`)", m.games)
    };
    let hedge = match ctx.regs.after_match_decided {
        AfterMatchDecided::MayNotBeRated => {
            "; the 2003 English text says \"may not be rated\" and the Spanish \"are not rated\": trfkit leaves them out"
        }
        AfterMatchDecided::MayBeOmitted => {
            "; the 2005 text says \"may be omitted\": FIDE may still rate them, trfkit leaves them out"
        }
        AfterMatchDecided::NotRated => "",
        AfterMatchDecided::NotRatedUnlessApproved => {
            "; they are rated only if the Qualification Commission agreed to the organiser's prior request, which a TRF cannot show"
        }
    };
    let help = format!(
        "these games will not be rated: {}; {length}{hedge}",
        list.join("; ")
    );
    out.push(cite(ctx, d, Topic::GamesAfterMatchDecided, help));
}
