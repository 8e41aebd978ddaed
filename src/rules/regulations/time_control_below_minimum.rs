//! Rule `time-control-below-minimum`.

use super::support::{cite, game_text, games, minutes, plural, rating, rating_span, text, who};
use crate::diag::{Consequence, Diagnostic};
use crate::model::{Player, RoundResult};
use crate::regulations::{BandScope, RateOfPlay, Topic};
use crate::rules::context::TimeControlInfo;
use crate::rules::Ctx;
use crate::span::Span;
use crate::timecontrol::TimeControl;

crate::declare_rule! {
    /// ## What it checks
    /// That each player has at least the minimum time for 60 moves (T60,
    /// regulations.md §4.2, exact in seconds) that the regulations require:
    /// 120 min at the upper band, 90 at the lower, 60 below it.
    ///
    /// * 2003–2014 texts: the band is set **per tournament**, by the
    ///   highest-rated player in it (2200 → 120 min, 1600 → 90 min); the
    ///   finding names that player. 2013: the scope is not settled (treated
    ///   as per tournament); 2014: per tournament is unconfirmed (?) in
    ///   regulations.md R1.
    /// * 2017: **per game**, 2200 / 1600, set by the higher-rated of the two
    ///   players ((s) in regulations.md R1).
    /// * 2022 on: per game, 2400 / 1800. 2024: the QC-approved 45'+30"
    ///   events of 2025–2026 are (s) in R1; such an approval is mentioned in
    ///   the help, not assumed.
    ///
    /// Per game, it counts the games over the board (`1 = 0`) below the
    /// minimum and lists up to five. A delay counts like an increment (an
    /// upper bound, §4.2 convention 3): a control that passes only thanks to
    /// its delay is a warning. A control that does not say what follows its
    /// last period is counted on its stated periods only, and a shortfall is
    /// then a warning.
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
    /// 2017 art. 1.1; 2022 art. 1.1–1.2; 2024 section 1); regulations.md R1,
    /// §3.8, §4.2.
    pub static TIME_CONTROL_BELOW_MINIMUM = {
        code: "TRF-F004", name: "time-control-below-minimum", category: "regulations",
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

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let TimeControlInfo::Read { control, span, .. } = &ctx.time_control else {
        return;
    };
    // Every player needs the minimum: for Armageddon, the shorter side.
    let (w, b) = control.t60_seconds_by_side();
    let t60 = w.min(b);
    let without_delay = control.has_delay().then(|| {
        let (w, b) = no_delay(control).t60_seconds_by_side();
        w.min(b)
    });
    // A control that meets the highest band meets every band: nothing to
    // look at game by game.
    let highest = ctx.regs.rate_of_play.minimum_minutes(Some(u16::MAX)) * 60;
    if t60 >= highest && without_delay.is_none_or(|t| t >= highest) && control.is_complete() {
        return;
    }
    let tc = Control {
        control,
        span: *span,
        t60,
    };
    match ctx.regs.rate_of_play.scope {
        BandScope::Tournament => per_tournament(ctx, out, &tc, without_delay),
        BandScope::Game => per_game(ctx, out, &tc, without_delay),
    }
}

/// The control and its T60 (the shorter side's).
struct Control<'a> {
    control: &'a TimeControl,
    span: Span,
    t60: u32,
}

/// The same control with the delay taken out.
fn no_delay(tc: &TimeControl) -> TimeControl {
    let mut t = tc.clone();
    let strip = |ps: &mut Vec<crate::timecontrol::Period>| {
        for p in ps {
            p.increment_seconds = 0;
        }
    };
    strip(&mut t.periods);
    if let Some(b) = t.black_periods.as_mut() {
        strip(b);
    }
    t.delay = None;
    t
}

/// "120 min (a player rated 2200 or more)".
fn band(rop: &RateOfPlay, need_minutes: u32) -> String {
    if need_minutes == rop.minutes_upper {
        format!(
            "{need_minutes} min with a player rated {} or more",
            rop.upper_threshold
        )
    } else if need_minutes == rop.minutes_lower {
        format!(
            "{need_minutes} min with a player rated {} or more",
            rop.lower_threshold
        )
    } else {
        format!("{need_minutes} min")
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
fn hedges(ctx: &Ctx<'_>, tc: &Control<'_>) -> String {
    let mut h = String::new();
    if !tc.control.is_complete() {
        h.push_str("; the control does not say what follows its last period, so only the stated periods were counted");
    }
    if let Some(q) = ctx.regs.rate_of_play.qc_approved_faster {
        if tc.t60 >= q.minimum_minutes * 60 {
            h.push_str("; events the Qualification Commission approved for standard rating at 45'+30\" or 60'+30\" (2025 pilot, 2026 rule) are the exception");
        }
    }
    h
}

fn per_tournament(
    ctx: &Ctx<'_>,
    out: &mut Vec<Diagnostic>,
    tc: &Control<'_>,
    without_delay: Option<u32>,
) {
    let rop = &ctx.regs.rate_of_play;
    // The first player with the highest rating sets the band.
    let mut top: Option<&Player> = None;
    for p in &ctx.tournament.players {
        if rating(p) > top.and_then(rating) {
            top = Some(p);
        }
    }
    let need = rop.minimum_minutes(top.and_then(rating));
    let (t60, delayed) = if tc.t60 < need * 60 {
        (tc.t60, false)
    } else {
        match without_delay {
            Some(t) if t < need * 60 => (t, true),
            _ => return,
        }
    };
    let why = match top.and_then(|p| rating(p).map(|r| (p, r))) {
        Some((p, r)) if r >= rop.lower_threshold => format!(
            "player {} is in the tournament, rated {} or more",
            who(p),
            if r >= rop.upper_threshold {
                rop.upper_threshold
            } else {
                rop.lower_threshold
            }
        ),
        _ => format!(
            "nobody in the tournament is rated {} or more",
            rop.lower_threshold
        ),
    };
    let mut d = TIME_CONTROL_BELOW_MINIMUM
        .diag(format!(
            "the time control gives {} per player for 60 moves; {} requires {need} min because {why}",
            minutes(t60),
            text(ctx)
        ))
        .primary(tc.span, format!("{} for 60 moves", minutes(tc.t60)));
    if let Some(p) = top.filter(|_| need > rop.minutes_base) {
        d = d.secondary(
            rating_span(ctx, p),
            format!("player {}", p.start_rank.value),
        );
    }
    let help = format!(
        "the band is set by the highest-rated player in the tournament, so no game of this tournament is rated as standard; use at least {need} min for 60 moves, e.g. {}",
        suggestion(need)
    );
    finish(ctx, out, tc, d, help, delayed);
}

fn per_game(
    ctx: &Ctx<'_>,
    out: &mut Vec<Diagnostic>,
    tc: &Control<'_>,
    without_delay: Option<u32>,
) {
    let rop = &ctx.regs.rate_of_play;
    let mut total = 0u32;
    let mut below = Vec::new();
    let mut below_without_delay = 0u32;
    for g in games(ctx) {
        if !matches!(g.entry.value.result, RoundResult::Game { .. }) {
            continue;
        }
        total += 1;
        let need = rop.minimum_minutes(rating(g.player).max(rating(g.opponent))) * 60;
        if tc.t60 < need {
            below.push((g, need / 60));
        } else if without_delay.is_some_and(|t| t < need) {
            below_without_delay += 1;
        }
    }
    let delayed = below.is_empty() && below_without_delay > 0;
    if delayed {
        // Re-count against the control without its delay.
        let t = without_delay.unwrap_or(tc.t60);
        for g in games(ctx) {
            if !matches!(g.entry.value.result, RoundResult::Game { .. }) {
                continue;
            }
            let need = rop.minimum_minutes(rating(g.player).max(rating(g.opponent))) * 60;
            if t < need {
                below.push((g, need / 60));
            }
        }
    }
    if below.is_empty() {
        return;
    }
    below.sort_by_key(|(g, _)| (g.round, g.player.start_rank.value));
    let mut needs: Vec<u32> = below.iter().map(|(_, n)| *n).collect();
    needs.sort_unstable_by(|a, b| b.cmp(a));
    needs.dedup();
    let bands: Vec<String> = needs.iter().map(|&n| band(rop, n)).collect();
    let t60 = if delayed {
        without_delay.unwrap_or(tc.t60)
    } else {
        tc.t60
    };
    let mut d = TIME_CONTROL_BELOW_MINIMUM
        .diag(format!(
            "{} of {} below the minimum rate of play: the time control gives {} per player for 60 moves, {} requires {}",
            below.len(),
            plural(total, "game is", "games are"),
            minutes(t60),
            text(ctx),
            bands.join(", ")
        ))
        .primary(tc.span, format!("{} for 60 moves", minutes(tc.t60)));
    if let Some((g, _)) = below.first() {
        d = d.secondary(g.entry.span, format!("round {}", g.round));
    }
    let examples: Vec<String> = below.iter().take(5).map(|(g, _)| game_text(g)).collect();
    let more = if below.len() > 5 {
        format!(" and {} more", below.len() - 5)
    } else {
        String::new()
    };
    let need = needs.first().copied().unwrap_or(rop.minutes_base);
    // Some games below their band: those are left out and the rest of the
    // event is rated. All of them: nothing of the event is rated.
    if below.len() < total as usize {
        d = d.with_consequence(Consequence::GamesNotRated);
    }
    let help = format!(
        "each game's band is set by the higher-rated of its two players; these games are not rated as standard: {}{more}; at least {need} min for 60 moves, e.g. {}, lets every game count",
        examples.join("; "),
        suggestion(need)
    );
    finish(ctx, out, tc, d, help, delayed);
}

/// Common ending of both scopes: a finding that holds only by counting a
/// delay, or on an incomplete control, is a warning; the help says why and
/// adds the caveats of the edition.
fn finish(
    ctx: &Ctx<'_>,
    out: &mut Vec<Diagnostic>,
    tc: &Control<'_>,
    mut d: Diagnostic,
    mut help: String,
    delayed: bool,
) {
    // Unsure findings warn and never block: the games may still be rated.
    if delayed {
        d = d.with_consequence(Consequence::GamesNotRated);
        help = format!(
            "the control reaches {} only if its delay counts like an increment, which B.02 does not say; {help}",
            minutes(tc.t60)
        );
    } else if !tc.control.is_complete() {
        d = d.with_consequence(Consequence::GamesNotRated);
    }
    if ctx.rating_type.rating_type.is_none() {
        help = format!("{}; {help}", ctx.rating_type.reason);
    }
    help.push_str(&hedges(ctx, tc));
    out.push(cite(ctx, d, Topic::RateOfPlay, help));
}
