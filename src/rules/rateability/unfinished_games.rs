//! Rule `unfinished-games`.

use crate::diag::{Consequence, Diagnostic};
use crate::model::games::Kind;
use crate::model::{Player, RoundResult};
use crate::regulations::Topic;
use crate::rules::wording::plural;
use crate::rules::{always, Ctx};
use crate::source::lines::Columns;
use crate::source::span::Span;

crate::declare_rule! {
    /// ## What it checks
    /// That the report is final: every pairing has a result, and every
    /// round the report declares has been played.
    /// - A pairing without a result: a blank result against a named
    ///   opponent, or TRF26's `?` (a game adjourned or postponed, its result
    ///   still to come), on both sides of the pairing (a result on one side
    ///   only is `results-disagree`'s). One finding for the file: the first
    ///   such block and how many others there are.
    /// - Fewer rounds played than declared (TRF26 `142`, JaVaFo `XXR`, the
    ///   larger when both): the last round with a result is before the
    ///   last declared round. A report in which no round was played at all
    ///   is `no-rated-games`' business.
    ///
    /// The exception the regulations name: an **interim report** of a long
    /// event (a standard event lasting more than 30 days under the 2022 and
    /// 2024 texts, more than 90 days under the 2013–2017 texts: see
    /// `interim-report-required`) is sent while rounds are still to come;
    /// for such an event the findings are information only.
    ///
    /// ## Why it matters
    /// FIDE rates a finished event: a result still to come cannot be
    /// rated, and a report uploaded before the last round leaves that
    /// round's games out of the rating. FIDE's checklist for pairing
    /// programs forbids a final report while an adjourned game is open.
    ///
    /// ## Example
    /// ```text
    /// 142 5
    /// 001    1 ...     4 w 1     2 b ?     3 w 1
    /// ```
    /// Round 2 is adjourned and rounds 4-5 are missing: enter the result of
    /// round 2 and export the report after round 5.
    ///
    /// ## Reference
    /// FIDE TEC "Verification Checklist for Tournament Handler Programs"
    /// (VCL4THP v13) Q164 (`?` for an adjourned game), Q169 (no final report
    /// while an adjourned game is open); FIDE Rating Regulations 2022 and
    /// 2024, section 4 (interim reports of events over 30 days); TRF26
    /// record 142.
    pub(crate) static UNFINISHED_GAMES = {
        code: "TRF-F018", name: "unfinished-games",
        severity: Error, summary: "a pairing without a result, or fewer rounds played than declared",
        consequence: FixBeforeUpload,
        source: "TEC checklist VCL4THP Q164/Q169: no final report while a game is adjourned or a round is still to be played; B.02 2022/2024 section 4 (90 days in 2013-2017): a long event sends interim reports, which are then only information",
        topic: crate::regulations::Topic::InterimReports,
        applies: always, check: check,
    };
}

/// The first pairing still without a result, and how many there are.
struct Pending<'a> {
    player: &'a Player,
    round: usize,
    span: Span,
    adjourned: usize,
    blank: usize,
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let interim = interim(ctx);
    let mut pending: Option<Pending<'_>> = None;
    // The last round with a result (a game, a forfeit or a bye).
    let last_played = ctx
        .games
        .round_kinds()
        .iter()
        .rposition(|k| k.intersects(Kind::GAME_OR_FORFEIT | Kind::ANY_BYE))
        .map_or(0, |i| i + 1);
    for g in ctx.games.rows_with(Kind::PENDING) {
        let (p, e) = (ctx.player_of(g), ctx.block(g));
        let r = e.value.result;
        // A result on the other side makes it `results-disagree`'s.
        let answered = ctx
            .games
            .mirror_of(g)
            .is_some_and(|t| t.opponent_rank() == Some(g.rank) && !t.has_all(Kind::PENDING));
        if answered {
            continue;
        }
        let slot = pending.get_or_insert(Pending {
            player: p,
            round: usize::from(g.round),
            span: result_span(ctx, e.span),
            adjourned: 0,
            blank: 0,
        });
        if r == RoundResult::ADJOURNED {
            slot.adjourned += 1;
        } else {
            slot.blank += 1;
        }
    }
    let finish = |d: Diagnostic, help: String| -> Diagnostic {
        let d = match &interim {
            Some(why) => d.with_consequence(Consequence::Info).help(format!(
                "{why}: an interim report is expected to have results still to come; the final report must have them all"
            )),
            None => d.help(help),
        };
        d.reference(format!(
            "FIDE TEC checklist VCL4THP Q164, Q169; {}",
            ctx.cite(Topic::InterimReports)
        ))
    };
    if let Some(p) = pending {
        // Each pairing is written on both sides: blocks, not games.
        let what = match (p.adjourned, p.blank) {
            (0, n) => plural(n as u64, "round block has", "round blocks have") + " no result",
            (n, 0) => plural(n as u64, "round block is", "round blocks are") + " adjourned (`?`)",
            (a, b) => format!(
                "{} and {} have no result yet",
                plural(a as u64, "block adjourned (`?`)", "blocks adjourned (`?`)"),
                plural(b as u64, "blank block", "blank blocks")
            ),
        };
        let d = UNFINISHED_GAMES
            .diag(format!(
                "{what}, the first for {} in round `{}`",
                p.player.designation(),
                p.round
            ))
            .primary(p.span, "no result yet");
        out.push(finish(
            d,
            "enter every result before sending the report for rating: a game still adjourned or unplayed when the report is final is written as unplayed (`-`/`+` for a forfeit, or a bye)".to_owned(),
        ));
    }
    if last_played == 0 {
        return; // nothing played at all: no-rated-games
    }
    let Some(declared) = ctx.tournament.most_rounds_declared() else {
        return;
    };
    if usize::from(declared.value) <= last_played {
        return;
    }
    let d = UNFINISHED_GAMES
        .diag(format!(
            "the report declares `{}` rounds but the last round with results is round `{last_played}`",
            declared.value
        ))
        .primary(declared.span, format!("{} rounds declared", declared.value));
    out.push(finish(
        d,
        format!(
            "export the report after round {} (or correct the number of rounds if the event was shortened)",
            declared.value
        ),
    ));
}

/// Why the report may be an interim one: a standard event longer than the
/// edition's interim-report threshold.
fn interim(ctx: &Ctx<'_>) -> Option<String> {
    let after = ctx.regs.interim_report_after_days?;
    if !ctx.standard_rules() {
        return None; // no interim reports in the rapid and blitz chapter
    }
    let (days, ..) = ctx.tournament.length_days()?;
    (days > i64::from(after)).then(|| {
        format!(
            "the event lasts {days} days, more than the {after} days after which the {} text asks for interim reports",
            ctx.regs.version.id()
        )
    })
}

/// The result column (the 8th character) of a round block.
fn result_span(ctx: &Ctx<'_>, block: Span) -> Span {
    Columns::new(ctx.slice(block), block.start as usize)
        .field(8, 8)
        .1
}
