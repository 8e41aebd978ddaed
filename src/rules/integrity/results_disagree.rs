//! Rule `results-disagree`.

use super::support::{block_part, Part};
use crate::diag::Diagnostic;
use crate::model::RoundResult;
use crate::rules::{always, Ctx};

crate::declare_rule! {
    /// ## What it checks
    /// That the two sides of a pairing agree on the result: `1` against
    /// `0`, `=` against `=`, `+` against `-`, `W` against `L`, `D` against
    /// `D`; both `-` (a double forfeit) and both blank (result pending) are
    /// fine. A result on one side against a blank on the other is a
    /// disagreement. Each pair is reported once, from the lower starting
    /// rank. Pairings not written on both sides are `asymmetric-pairing`'s;
    /// byes naming an opponent are `bye-with-opponent`'s.
    ///
    /// ## Why it matters
    /// FIDE rates each game from both records. If one says White won and the
    /// other says White lost, the game is rated twice the wrong way or not at
    /// all, and both players' scores are off; FIDE's server rejects the file.
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
    /// TRF16 record 001, round blocks (result); complementary results
    /// `1/0`, `=/=`, `+/-`, `W/L`, `D/D`, `-/-`.
    pub static RESULTS_DISAGREE = {
        code: "TRF-R004", name: "results-disagree", category: "integrity",
        severity: Error, summary: "the two sides of a game record results that do not match",
        applies: always, check: check,
    };
}

/// Whether a result takes part in the comparison (byes and unknown codes
/// are other rules' business).
fn comparable(r: RoundResult) -> bool {
    r.needs_opponent() || r == RoundResult::Pending
}

/// Whether `b` is what the opponent of someone with `a` may write.
fn complementary(a: RoundResult, b: RoundResult) -> bool {
    use RoundResult::*;
    match (a, b) {
        (Game { outcome: x }, Game { outcome: y })
        | (ShortGame { outcome: x }, ShortGame { outcome: y }) => y == x.mirrored(),
        (Forfeit { won: x }, Forfeit { won: y }) => !(x && y),
        (Pending, Pending) => true,
        _ => false,
    }
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
        c => format!("`{c}`"),
    }
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    for p in ctx.ranked_players() {
        let me = p.start_rank.value;
        for (i, e) in p.rounds.iter().enumerate() {
            let Some(opp) = e.value.opponent else {
                continue;
            };
            if opp <= me {
                continue; // once per pair, from the lower rank
            }
            let round = i + 1;
            let Some(t) = ctx.entry(opp, round) else {
                continue;
            };
            if t.value.opponent != Some(me) {
                continue; // asymmetric-pairing
            }
            let (a, b) = (e.value.result, t.value.result);
            if !comparable(a) || !comparable(b) || complementary(a, b) {
                continue;
            }
            let help = match (a, b) {
                (RoundResult::Pending, _) => format!(
                    "player {me}'s block has no result: write `{}` if player {opp}'s `{}` is right",
                    mirror_letter(b),
                    b.letter()
                ),
                (_, RoundResult::Pending) => format!(
                    "player {opp}'s block has no result: write `{}` if player {me}'s `{}` is right",
                    mirror_letter(a),
                    a.letter()
                ),
                _ => format!(
                    "if player {me}'s `{}` is right, player {opp}'s block should read `{}`; if player {opp}'s `{}` is right, player {me}'s should read `{}`",
                    a.letter(),
                    mirror_letter(a),
                    b.letter(),
                    mirror_letter(b)
                ),
            };
            ctx.emit(
 out,
                RESULTS_DISAGREE
                    .diag(format!(
                        "round `{round}`: player `{me}` has {} against `{opp}`, but player `{opp}` has {} against `{me}`",
                        shown(a),
                        shown(b)
                    ))
                    .primary(block_part(ctx, e.span, Part::Result), format!("player {me}"))
                    .secondary(block_part(ctx, t.span, Part::Result), format!("player {opp}"))
                    .help(help)
                    .reference("TRF16 record 001, round blocks (result)"),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Outcome;

    #[test]
    fn complementary_pairs() {
        let r = |c| RoundResult::from_letter(c).unwrap();
        for (a, b) in [
            ('1', '0'),
            ('=', '='),
            ('+', '-'),
            ('-', '-'),
            ('W', 'L'),
            ('D', 'D'),
        ] {
            assert!(complementary(r(a), r(b)), "{a}/{b}");
            assert!(complementary(r(b), r(a)), "{b}/{a}");
        }
        for (a, b) in [
            ('1', '1'),
            ('1', '='),
            ('+', '+'),
            ('1', 'L'),
            ('W', '0'),
            ('=', 'D'),
        ] {
            assert!(!complementary(r(a), r(b)), "{a}/{b}");
        }
        assert!(complementary(RoundResult::Pending, RoundResult::Pending));
        let win = RoundResult::Game {
            outcome: Outcome::Win,
        };
        assert!(!complementary(RoundResult::Pending, win));
        assert_eq!(mirror_letter(win), '0');
    }
}
