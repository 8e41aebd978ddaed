//! Rule `results-disagree`.

use crate::diag::{Consequence, Diagnostic};
use crate::eligibility::results::{comparable, judge, Pair};
use crate::model::games::Kind;
use crate::model::RoundResult;
use crate::rules::spans::{block_part, Part};
use crate::rules::{always, Ctx};

crate::declare_rule! {
    /// ## What it checks
    /// That the two sides of a pairing record a result FIDE accepts, each
    /// pair once, from the lower starting rank:
    /// - complementary results are fine: `1`/`0`, `=`/`=`, `+`/`-`, `W`/`L`,
    ///   `D`/`D`, a double forfeit `-`/`-`, and both sides still pending
    ///   (blank or TRF26's `?`, which `unfinished-games` reports);
    /// - **illegal** results are errors: both sides winning (`1`/`1`), a win
    ///   against a draw (`1`/`=`), `+`/`+`, and any pair mixing a played
    ///   code with a forfeit code or a short-game code (`1`/`-`, `+`/`0`,
    ///   `=`/`-`, `1`/`L`, …): there is no drawn forfeit;
    /// - a result on one side against a pending one on the other is an
    ///   error too: one of them is wrong;
    /// - over-the-board results in which nobody won, `0`/`0`, `=`/`0`,
    ///   `0`/`=` (and `L`/`L`, `D`/`L` for games of less than one move), are
    ///   **legal** (an arbiter's decision, e.g. both flags down with no
    ///   mating material): they are reported as information only, so that
    ///   the rating officer sees them, and each side is scored as written.
    ///
    /// Pairings not written on both sides are `asymmetric-pairing`'s; byes
    /// naming an opponent are `bye-with-opponent`'s.
    ///
    /// ## Why it matters
    /// FIDE rates each game from both records. If one says White won and the
    /// other says White lost, the game is rated twice the wrong way or not at
    /// all, and both players' scores are off; FIDE's tournament-handler
    /// checklist makes a program that writes such a result fail.
    ///
    /// ## Example
    /// ```text
    /// 001    2 ...     5 w 1
    /// 001    5 ...     2 b 1
    /// ```
    /// Use instead: one of them lost: `   2 b 0` in player 5's block (or
    /// `   5 w 0` in player 2's).
    ///
    /// ## Reference
    /// TRF16 record 001, round blocks (result); FIDE TEC "Verification
    /// Checklist for Tournament Handler Programs" (VCL4THP v13) Q180 (½–0
    /// and 0–0 legal), Q181 (no 1–½, no 1–1), Q182–Q183 (forfeits only
    /// 1F–0F, 0F–1F, 0F–0F), Q184 (no played/forfeit mix).
    pub(crate) static RESULTS_DISAGREE = {
        code: "TRF-R004", name: "results-disagree",
        severity: Error, summary: "the two sides of a game record results that do not match",
        consequence: FixBeforeUpload,
        source: "the two blocks of a game must agree (TEC checklist VCL4THP Q181-Q184); FIDE cannot rate a game whose result is contradictory; ½–0 and 0–0 are legal (Q180) and only reported as information",
        applies: always, check: check,
    };
}

/// The letter the opponent should have written, if `a` is right.
fn mirror_letter(a: RoundResult) -> char {
    use RoundResult::*;
    match a {
        Game { outcome } => Game {
            outcome: outcome.mirrored(),
        }
        .letter(),
        ShortGame { outcome } => ShortGame {
            outcome: outcome.mirrored(),
        }
        .letter(),
        Forfeit { won } => Forfeit { won: !won }.letter(),
        _ => ' ',
    }
}

/// How a result is quoted in a message: blank shows as "blank".
fn shown(r: RoundResult) -> String {
    match r.letter() {
        ' ' => "blank (pending)".to_string(),
        '?' => "`?` (adjourned)".to_string(),
        c => format!("`{c}`"),
    }
}

const REFERENCE: &str =
    "TRF16 record 001, round blocks (result); FIDE TEC checklist VCL4THP Q180-Q184";

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    if !ctx.games.seen(Kind::ODD_RESULTS) {
        return;
    }
    for g in ctx
        .games
        .rows_with(Kind::ODD_RESULTS)
        .filter(|g| g.rank != 0)
    {
        let (me, e) = (g.rank, ctx.block(g));
        let Some(opp) = e.value.opponent else {
            continue;
        };
        if opp <= me {
            continue; // once per pair, from the lower rank
        }
        let round = g.round;
        let Some(t) = ctx.games.mirror_of(g).map(|t| ctx.block(t)) else {
            continue;
        };
        if t.value.opponent != Some(me) {
            continue; // asymmetric-pairing
        }
        let (a, b) = (e.value.result, t.value.result);
        if !comparable(a) || !comparable(b) {
            continue;
        }
        let pair = judge(a, b);
        if !ctx.keeps(out) {
            // Past the limit: counted, not formatted.
            match pair {
                Pair::Complementary => {}
                Pair::NobodyWon => {
                    let c = Consequence::Info;
                    ctx.count_one(&RESULTS_DISAGREE, c.default_severity(), c);
                }
                _ => ctx.count_one(
                    &RESULTS_DISAGREE,
                    RESULTS_DISAGREE.meta.severity,
                    RESULTS_DISAGREE.meta.consequence,
                ),
            }
            continue;
        }
        let (message, help, consequence) = match pair {
            Pair::Complementary => continue,
            Pair::NobodyWon => (
                format!(
                    "round `{round}`: player `{me}` has {} and player `{opp}` has {}: nobody won this game",
                    shown(a),
                    shown(b)
                ),
                "a legal result over the board (VCL4THP Q180), e.g. an arbiter's decision; each side is scored as written: check that it is what happened".to_string(),
                Some(Consequence::Info),
            ),
            Pair::OneSidePending => {
                let (blank, other, r) = if a.is_pending() { (me, opp, b) } else { (opp, me, a) };
                (
                    format!(
                        "round `{round}`: player `{me}` has {} against `{opp}`, but player `{opp}` has {} against `{me}`",
                        shown(a),
                        shown(b)
                    ),
                    format!(
                        "player {blank}'s block has no result: write `{}` if player {other}'s `{}` is right",
                        mirror_letter(r),
                        r.letter()
                    ),
                    None,
                )
            }
            Pair::Illegal(rule) => (
                format!(
                    "round `{round}`: player `{me}` has {} against `{opp}`, but player `{opp}` has {} against `{me}`: these results cannot stand together",
                    shown(a),
                    shown(b)
                ),
                format!(
                    "{rule}; if player {me}'s `{}` is right, player {opp}'s block should read `{}`; if player {opp}'s `{}` is right, player {me}'s should read `{}`",
                    a.letter(),
                    mirror_letter(a),
                    b.letter(),
                    mirror_letter(b)
                ),
                None,
            ),
        };
        let mut d = RESULTS_DISAGREE
            .diag(message)
            .primary(
                block_part(ctx, e.span, Part::Result),
                format!("player {me}"),
            )
            .secondary(
                block_part(ctx, t.span, Part::Result),
                format!("player {opp}"),
            )
            .help(help)
            .reference(REFERENCE);
        if let Some(c) = consequence {
            d = d.with_consequence(c);
        }
        ctx.emit(out, d);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_are_judged_as_the_checklist_says() {
        let r = |c| RoundResult::from_letter(c).unwrap();
        for (a, b) in [
            ('1', '0'),
            ('=', '='),
            ('+', '-'),
            ('-', '-'),
            ('W', 'L'),
            ('D', 'D'),
        ] {
            assert_eq!(judge(r(a), r(b)), Pair::Complementary, "{a}/{b}");
            assert_eq!(judge(r(b), r(a)), Pair::Complementary, "{b}/{a}");
        }
        for (a, b) in [('0', '0'), ('=', '0'), ('L', 'L'), ('D', 'L')] {
            assert_eq!(judge(r(a), r(b)), Pair::NobodyWon, "{a}/{b}");
            assert_eq!(judge(r(b), r(a)), Pair::NobodyWon, "{b}/{a}");
        }
        for (a, b) in [
            ('1', '1'),
            ('1', '='),
            ('+', '+'),
            ('1', 'L'),
            ('W', '0'),
            ('=', 'D'),
            ('1', '-'),
            ('+', '0'),
            ('=', '-'),
            ('W', 'W'),
        ] {
            assert!(matches!(judge(r(a), r(b)), Pair::Illegal(_)), "{a}/{b}");
            assert!(matches!(judge(r(b), r(a)), Pair::Illegal(_)), "{b}/{a}");
        }
        let pending = [RoundResult::Pending, RoundResult::ADJOURNED];
        for a in pending {
            for b in pending {
                assert_eq!(judge(a, b), Pair::Complementary);
            }
            assert_eq!(judge(a, r('1')), Pair::OneSidePending);
        }
        assert_eq!(mirror_letter(r('1')), '0');
    }
}
