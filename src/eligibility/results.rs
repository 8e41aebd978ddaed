//! How the two sides of one pairing relate: the results that cannot stand
//! together (TEC checklist VCL4THP Q180-Q184). The rule `results-disagree`
//! words them; a pairing whose results contradict each other is not rated
//! until the report is corrected.

use crate::model::{Outcome, RoundResult};

/// Whether a result takes part in the comparison (byes and unknown codes
/// are other rules' business).
pub(crate) fn comparable(r: RoundResult) -> bool {
    r.needs_opponent() || r.is_pending()
}

/// Whether the two sides of one pairing contradict each other (results
/// that cannot stand together, or one side without a result): the game
/// cannot be rated until the report says which is right. The rating pass
/// leaves such a game out for both players ([`super::exclusions`]).
pub(crate) fn contradictory(a: RoundResult, b: RoundResult) -> bool {
    comparable(a) && comparable(b) && matches!(judge(a, b), Pair::Illegal(_) | Pair::OneSidePending)
}

/// How the two sides of one pairing relate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Pair {
    /// What the opponent of someone with `a` may write.
    Complementary,
    /// Nobody won over the board (`0`/`0`, `=`/`0`, `L`/`L`, `D`/`L`):
    /// legal (VCL4THP Q180), reported as information.
    NobodyWon,
    /// Results that cannot stand together; the checklist question.
    Illegal(&'static str),
    /// One side pending, the other with a result.
    OneSidePending,
}

/// Judges the two results of one pairing.
pub(crate) fn judge(a: RoundResult, b: RoundResult) -> Pair {
    use RoundResult::*;
    if a.is_pending() || b.is_pending() {
        return if a.is_pending() && b.is_pending() {
            Pair::Complementary
        } else {
            Pair::OneSidePending
        };
    }
    match (a, b) {
        (Game { outcome: x }, Game { outcome: y })
        | (ShortGame { outcome: x }, ShortGame { outcome: y }) => {
            if y == x.mirrored() {
                Pair::Complementary
            } else if x == Outcome::Win || y == Outcome::Win {
                Pair::Illegal("VCL4THP Q181: no 1–1 and no 1–½")
            } else {
                Pair::NobodyWon
            }
        }
        (Forfeit { won: x }, Forfeit { won: y }) => {
            if x && y {
                Pair::Illegal("VCL4THP Q182–Q183: forfeits are only 1F–0F, 0F–1F or 0F–0F")
            } else {
                Pair::Complementary
            }
        }
        _ => Pair::Illegal(
            "VCL4THP Q184: a pairing is played, forfeited or a game of less than one move on both sides, never a mix",
        ),
    }
}
