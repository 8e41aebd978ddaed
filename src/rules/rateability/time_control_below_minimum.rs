//! Rule `time-control-below-minimum`.

use super::cite::{cite, text};
use super::Game;
use crate::diag::{Consequence, Diagnostic};
use crate::eligibility::exclusions::{rate_of_play_shortfall, RateOfPlayShortfall, Shortfall};
use crate::model::Player;
use crate::regulations::{RateOfPlay, Topic};
use crate::rules::context::TimeControlInfo;
use crate::rules::spans::rating_span;
use crate::rules::wording::{game_text, minutes, plural, rating, who};
use crate::rules::Ctx;

crate::declare_rule! {
    /// ## What it checks
    /// That each player has at least the minimum time for 60 moves (T60,
    /// FIDE's texts, exact in seconds) that the regulations require:
    /// 120 min at the upper band, 90 at the lower, 60 below it.
    ///
    /// * 2003–2014 texts: the band is set **per tournament**, by the
    ///   highest-rated player in it (2200 → 120 min, 1600 → 90 min); the
    ///   finding names that player. 2013: the scope is not settled (treated
    ///   as per tournament); 2014: per tournament is not confirmed in FIDE's text.
    /// * 2017: **per game**, 2200 / 1600, set by the higher-rated of the two
    ///   players (from a secondary source).
    /// * 2022 on: per game, 2400 / 1800. 2024: the QC-approved 45'+30"
    ///   events of 2025–2026 are (from a secondary source); such an approval is mentioned in
    ///   the help, not assumed.
    ///
    /// Per game, it counts the games over the board (`1 = 0`) below the
    /// minimum and lists up to five. A delay counts like an increment (an
    /// upper bound, §4.2 convention 3): a control that passes only thanks to
    /// its delay is a warning. A control that does not say what follows its
    /// last period is counted on its stated periods, with their increment on
    /// each of the 60 moves; a shortfall is then a report to complete
    /// (`fix-before-upload`), and no game is left out on that figure (FIDE
    /// has not published how it reads such a control).
    ///
    /// Which games fall below their band is decided once, in
    /// `trfkit::eligibility::exclusions`; `trf rate` leaves exactly those games out.
    ///
    /// ## Why it matters
    /// Games played faster than the minimum are not rated as standard
    /// games: under the old texts the whole tournament, from 2017 on each
    /// game whose band the control misses.
    ///
    /// ## Example
    /// ```text
    /// 042 2008/05/10
    /// 122 90 min
    /// 001    1 m    Doe, John                         2300 ...
    /// ```
    /// Under the 2005 text a 2300-rated player in the tournament requires
    /// 120 min. Use instead: `122 90 min + 30 s per move` (T60 = 120 min).
    ///
    /// ## Reference
    /// FIDE Rating Regulations, rate of play (2005 art. 1.2, 1.14; 2009 and
    /// 2017 art. 1.1; 2022 art. 1.1–1.2; 2024 section 1).
    pub(crate) static TIME_CONTROL_BELOW_MINIMUM = {
        code: "TRF-F004", name: "time-control-below-minimum",
        severity: Error, summary: "less thinking time for 60 moves than the rating bands require",
        consequence: EventNotRated,
        source: "B.02 art. 1.1 (2024 section 1): games below the minimum rate of play are not rated; by the whole tournament's band before 2017, per game from 2017; FIDE's server seen applying it (Canadian rating officer, 1 July list)",
        topic: crate::regulations::Topic::RateOfPlay,
        applies: applies, check: check,
    };
}

fn applies(ctx: &Ctx<'_>) -> bool {
    // A rule of the standard chapter: rapid and blitz have their own.
    ctx.standard_rules() && matches!(ctx.time_control, TimeControlInfo::Read { .. })
}

/// Words the shortfall that [`crate::eligibility::exclusions`] decides (the
/// rating pass leaves out the same games).
fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let Some(s) = rate_of_play_shortfall(&ctx.event()) else {
        return;
    };
    if !s.control.is_complete() {
        return incomplete(ctx, out, &s);
    }
    let d = match &s.scope {
        Shortfall::Tournament {
            top, need_minutes, ..
        } => per_tournament(ctx, &s, *top, *need_minutes),
        Shortfall::Game { total, below } => per_game(ctx, &s, *total, below),
    };
    finish(ctx, out, &s, d);
}

/// A control that stops after a moves-limited period and whose stated
/// periods give less than a band requires: what followed could reach it, so
/// the report is to be completed and no game is left out on a figure
/// trfkit would have made up.
fn incomplete(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>, s: &RateOfPlayShortfall<'_>) {
    let rate_of_play = &ctx.regs.rate_of_play;
    let need = match &s.scope {
        Shortfall::Tournament { need_minutes, .. } => *need_minutes,
        Shortfall::Game { below, .. } => below
            .iter()
            .map(|(_, n)| *n)
            .max()
            .unwrap_or(rate_of_play.minutes_base),
    };
    let moves: u32 = s
        .control
        .periods
        .iter()
        .filter_map(|p| p.moves.map(u32::from))
        .sum();
    let d = TIME_CONTROL_BELOW_MINIMUM
        .diag(format!(
            "the time control says nothing after move {moves}: its stated periods give {} per player for 60 moves, less than the {} {} requires, and what followed could make up the rest; FIDE has not published how it reads a time control that stops after a moves-limited period; trfkit reads the stated periods, with their increment on each of the 60 moves, and leaves no game out on that figure",
            minutes(s.counted),
            band(rate_of_play, need),
            text(ctx)
        ))
        .primary(s.span, format!("nothing after move {moves}"))
        .with_consequence(Consequence::FixBeforeUpload);
    let help = format!(
        "write the whole time control as played in `122` (e.g. {}); if the games were played at less than {need} min for 60 moves, they are not rated as standard",
        suggestion(need)
    );
    out.push(cite(ctx, d, Topic::RateOfPlay, help));
}

/// "120 min (a player rated 2200 or more)".
fn band(rate_of_play: &RateOfPlay, need_minutes: u32) -> String {
    if need_minutes == rate_of_play.minutes_upper {
        format!(
            "{need_minutes} min with a player rated {} or more",
            rate_of_play.upper_threshold
        )
    } else if need_minutes == rate_of_play.minutes_lower {
        format!(
            "{need_minutes} min with a player rated {} or more",
            rate_of_play.lower_threshold
        )
    } else {
        format!(
            "{need_minutes} min even between players rated under {}",
            rate_of_play.lower_threshold
        )
    }
}

/// A control that reaches `need_minutes`, for the help.
fn suggestion(need_minutes: u32) -> &'static str {
    match need_minutes {
        m if m > 90 => "`90 min + 30 s per move` (120 min for 60 moves)",
        m if m > 60 => "`60 min + 30 s per move` (90 min for 60 moves)",
        _ => "`60 min` or `30 min + 30 s per move`",
    }
}

/// The hedges a finding carries: an incomplete control, a delay, a QC
/// approval of a faster control.
fn hedges(ctx: &Ctx<'_>, s: &RateOfPlayShortfall<'_>) -> String {
    let mut h = String::new();
    if let Some(q) = ctx.regs.rate_of_play.qc_approved_faster {
        if s.t60 >= q.minimum_minutes * 60 {
            h.push_str("; events the Qualification Commission approved for standard rating at 45'+30\" or 60'+30\" (2025 pilot, 2026 rule) are the exception");
        }
    }
    h
}

/// The finding and its help when the tournament's highest rating sets the
/// band.
fn per_tournament(
    ctx: &Ctx<'_>,
    s: &RateOfPlayShortfall<'_>,
    top: Option<&Player>,
    need: u32,
) -> (Diagnostic, String) {
    let rate_of_play = &ctx.regs.rate_of_play;
    let why = match top.and_then(|p| rating(p).map(|r| (p, r))) {
        Some((p, r)) if r >= rate_of_play.lower_threshold => format!(
            "player {} is in the tournament, rated {} or more",
            who(p),
            if r >= rate_of_play.upper_threshold {
                rate_of_play.upper_threshold
            } else {
                rate_of_play.lower_threshold
            }
        ),
        _ => format!(
            "nobody in the tournament is rated {} or more",
            rate_of_play.lower_threshold
        ),
    };
    let mut d = TIME_CONTROL_BELOW_MINIMUM
        .diag(format!(
            "the time control gives {} per player for 60 moves; {} requires {need} min because {why}",
            minutes(s.counted),
            text(ctx)
        ))
        .primary(s.span, format!("{} for 60 moves", minutes(s.t60)));
    if let Some(p) = top.filter(|_| need > rate_of_play.minutes_base) {
        d = d.secondary(rating_span(ctx, p), p.designation());
    }
    let help = format!(
        "the band is set by the highest-rated player in the tournament, so no game of this tournament is rated as standard; editing the report cannot change that (`122` must say what was played); future events need at least {need} min for 60 moves, e.g. {}",
        suggestion(need)
    );
    (d, help)
}

/// The finding and its help when each game's band is its own.
fn per_game(
    ctx: &Ctx<'_>,
    s: &RateOfPlayShortfall<'_>,
    total: u32,
    below: &[(Game<'_>, u32)],
) -> (Diagnostic, String) {
    let rate_of_play = &ctx.regs.rate_of_play;
    let mut needs: Vec<u32> = below.iter().map(|(_, n)| *n).collect();
    needs.sort_unstable_by(|a, b| b.cmp(a));
    needs.dedup();
    let bands: Vec<String> = needs.iter().map(|&n| band(rate_of_play, n)).collect();
    let mut d = TIME_CONTROL_BELOW_MINIMUM
        .diag(format!(
            "{} of {} below the minimum rate of play: the time control gives {} per player for 60 moves, {} requires {}",
            below.len(),
            plural(total, "game is", "games are"),
            minutes(s.counted),
            text(ctx),
            bands.join(", ")
        ))
        .primary(s.span, format!("{} for 60 moves", minutes(s.t60)));
    if let Some((g, _)) = below.first() {
        d = d.secondary(g.entry.span, format!("round {}", g.round));
    }
    let examples: Vec<String> = below.iter().take(5).map(|(g, _)| game_text(g)).collect();
    let more = if below.len() > 5 {
        format!(" and {} more", below.len() - 5)
    } else {
        String::new()
    };
    let need = needs.first().copied().unwrap_or(rate_of_play.minutes_base);
    let help = format!(
        "each game's band is set by the higher-rated of its two players; these games are not rated as standard: {}{more}; editing the report cannot change that (`122` must say what was played); in future events at least {need} min for 60 moves, e.g. {}, lets every game count",
        examples.join("; "),
        suggestion(need)
    );
    (d, help)
}

/// Common ending of both scopes: the consequence the shortfall has (some
/// games, the event, or a warning when it rests on the delay or on an
/// incomplete control); the help says why and adds the caveats of the
/// edition.
fn finish(
    ctx: &Ctx<'_>,
    out: &mut Vec<Diagnostic>,
    s: &RateOfPlayShortfall<'_>,
    (d, mut help): (Diagnostic, String),
) {
    let consequence = s.consequence();
    let d = if consequence == Consequence::EventNotRated {
        d
    } else {
        d.with_consequence(consequence)
    };
    if s.delayed {
        help = format!(
            "the control reaches {} only if its delay counts like an increment, which B.02 does not say; {help}",
            minutes(s.t60)
        );
    }
    if ctx.rating_type.rating_type.is_none() {
        help = format!("{}; {help}", ctx.rating_type.reason);
    }
    help.push_str(&hedges(ctx, s));
    out.push(cite(ctx, d, Topic::RateOfPlay, help));
}
