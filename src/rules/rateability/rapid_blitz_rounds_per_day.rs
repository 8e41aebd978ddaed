//! Rule `rapid-blitz-rounds-per-day`.

use super::cite::{cite_rb, rapid_blitz};
use super::days::{days, Day};
use crate::diag::Diagnostic;
use crate::regulations::RapidBlitzTopic;
use crate::rules::wording::ymd;
use crate::rules::Ctx;

crate::declare_rule! {
    /// ## What it checks
    /// That no calendar day of record `132` holds more rounds than the
    /// rapid and blitz chapter allows: 15 rapid or 30 blitz (2024 art. 3.1,
    /// which replaces the standard chapter's 12 hours a day and interim
    /// reports; 2013–2021: "15 rapid games, 30 blitz" (from a secondary source); 2022: assumed
    /// the same (not confirmed in FIDE's text); 2012: no limit found, the rule does not run).
    ///
    /// A report has one round column per game. When two consecutive rounds
    /// of a day pair every player with the same opponent (a two-game
    /// mini-match), the limit is still counted in **games**, the reading
    /// of the 2013–2021 text ("games"); the finding then says how many
    /// match rounds that is, because the 2024 text says "rounds" (not confirmed in FIDE's text).
    ///
    /// ## Why it matters
    /// The chapter does not say what FIDE does with the games of a day over
    /// the limit (not confirmed in FIDE's text): the finding warns that they may not be rated.
    ///
    /// ## Example
    /// A rapid event with 16 rounds dated 2025/03/01 in `132`. Use instead:
    /// at most 15 rounds that day, or correct the dates.
    ///
    /// ## Reference
    /// FIDE Rapid and Blitz Rating Regulations (2024) art. 3.1; for
    /// 2013–2021, a secondary report of the chapter (Nov 2021) (from a secondary source).
    pub(crate) static RAPID_BLITZ_ROUNDS_PER_DAY = {
        code: "TRF-F042", name: "rapid-blitz-rounds-per-day",
        severity: Warning, summary: "more rapid or blitz rounds on one day than the chapter allows",
        consequence: Info,
        source: "R&B 2024 art. 3.1 sets 15 rapid / 30 blitz rounds a day but does not say what happens to the games beyond it (not confirmed in FIDE's text): a warning, and the rating pass rates the games",
        unconfirmed: true,
        reading: "FIDE has not published what happens to rapid or blitz games beyond the rounds a day allowed; trfkit reads it as a warning, and rates the games",
        rb_topic: crate::regulations::RapidBlitzTopic::RoundsPerDay,
        applies: applies, check: check,
    };
}

fn applies(ctx: &Ctx<'_>) -> bool {
    rapid_blitz(ctx).is_some_and(|(rb, _)| rb.rounds_per_day.value.is_some())
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let Some((rb, list)) = rapid_blitz(ctx) else {
        return;
    };
    let Some(max) = rb.rounds_per_day.value.and_then(|r| r.for_type(list)) else {
        return;
    };
    for day in days(ctx) {
        let games = day.rounds.len();
        if games <= usize::from(max) {
            continue;
        }
        let doubles = two_game_rounds(ctx, &day);
        let matches = games - doubles;
        let as_rounds = if doubles > 0 {
            format!(
                " ({doubles} of them the second game of a two-game round: {matches} match rounds{})",
                if matches <= usize::from(max) {
                    ", within the limit if a two-game round counts once"
                } else {
                    ""
                }
            )
        } else {
            String::new()
        };
        let mut d = RAPID_BLITZ_ROUNDS_PER_DAY
            .diag(format!(
                "{}: {games} {list} rounds on one day ({}){as_rounds}; {} allow at most {max}",
                ymd(day.date),
                day.rounds_label(),
                rb.text()
            ))
            .primary(day.span(), format!("{games} rounds on this day"));
        for (round, span) in day.rounds.iter().skip(usize::from(max)) {
            d = d.secondary(*span, format!("round {round}"));
        }
        let counted = if doubles > 0 {
            "; the limit is counted in games, as the 2013–2021 text had it, since the 2024 text's \"rounds\" does not say how a two-game round counts (FIDE has not published it; trfkit assumes games)"
        } else {
            ""
        };
        out.push(cite_rb(
            ctx,
            rb,
            d,
            RapidBlitzTopic::RoundsPerDay,
            format!(
                "at most {max} {list} rounds a day; the chapter does not say what happens to the games beyond that, so they may not be rated{counted}; spread the rounds over more days, or correct the dates in record `132`"
            ),
        ));
    }
}

/// Rounds of the day that repeat the previous round's pairings exactly
/// (every player who played both rounds met the same opponent): the second
/// games of two-game rounds. A repeat is counted once, so a round that
/// repeats a repeat starts a new match.
fn two_game_rounds(ctx: &Ctx<'_>, day: &Day) -> usize {
    let mut doubles = 0;
    let mut previous_was_second = false;
    for w in day.rounds.windows(2) {
        let (a, b) = (w[0].0, w[1].0);
        let repeat = b == a + 1 && !previous_was_second && same_pairings(ctx, a, b);
        if repeat {
            doubles += 1;
        }
        previous_was_second = repeat;
    }
    doubles
}

/// Every player with an opponent in round `a` has the same opponent in
/// round `b`, and somebody played.
fn same_pairings(ctx: &Ctx<'_>, a: usize, b: usize) -> bool {
    let mut any = false;
    for p in ctx.ranked_players() {
        let opp = |r: usize| {
            p.rounds
                .get(r - 1)
                .and_then(|e| e.value.opponent)
                .filter(|&o| o != p.start_rank.value)
        };
        match (opp(a), opp(b)) {
            (Some(x), Some(y)) if x == y => any = true,
            (None, None) => {}
            _ => return false,
        }
    }
    any
}
