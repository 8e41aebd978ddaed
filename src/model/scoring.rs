//! The scoring system: how many points each kind of round entry is worth.

use super::player::{ByeKind, Colour, Outcome, RoundEntry, RoundResult};
use super::Points;
use serde::Serialize;

/// Where the scoring system came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum ScoringSource {
    /// No record: FIDE's 1 / ½ / 0, PAB = win.
    Default,
    /// TRF26 `162`.
    Trf26,
    /// JaVaFo `XXS`.
    Xxs,
    /// bbpPairings `BB?`.
    Bbp,
    /// More than one of the above (later records override earlier ones).
    Mixed,
}

/// Points per kind of result, in tenths. Colour-dependent values come from
/// `XXS` (`WW`/`BW`, `WD`/`BD`, `WL`/`BL`); TRF26 `162` cannot express them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Scoring {
    /// Where it came from.
    pub source: ScoringSource,
    /// Win with White.
    pub white_win: Points,
    /// Win with Black.
    pub black_win: Points,
    /// Draw with White.
    pub white_draw: Points,
    /// Draw with Black.
    pub black_draw: Points,
    /// Loss with White.
    pub white_loss: Points,
    /// Loss with Black.
    pub black_loss: Points,
    /// Forfeit win.
    pub forfeit_win: Points,
    /// Forfeit loss.
    pub forfeit_loss: Points,
    /// Full-point bye.
    pub full_bye: Points,
    /// Half-point bye.
    pub half_bye: Points,
    /// Zero-point bye and not paired.
    pub zero_bye: Points,
    /// Pairing-allocated bye.
    pub pairing_bye: Points,
}

impl Default for Scoring {
    fn default() -> Self {
        Scoring {
            source: ScoringSource::Default,
            white_win: Points::ONE,
            black_win: Points::ONE,
            white_draw: Points::HALF,
            black_draw: Points::HALF,
            white_loss: Points::ZERO,
            black_loss: Points::ZERO,
            forfeit_win: Points::ONE,
            forfeit_loss: Points::ZERO,
            full_bye: Points::ONE,
            half_bye: Points::HALF,
            zero_bye: Points::ZERO,
            pairing_bye: Points::ONE,
        }
    }
}

impl Scoring {
    /// Points earned by one round entry. A pending game or an unknown
    /// result earns nothing yet; a played game without a colour is scored
    /// with the White values.
    pub fn points(&self, e: &RoundEntry) -> Points {
        let colour = e.colour.unwrap_or(Colour::White);
        match e.result {
            RoundResult::Game { outcome } | RoundResult::ShortGame { outcome } => {
                match (colour, outcome) {
                    (Colour::White, Outcome::Win) => self.white_win,
                    (Colour::Black, Outcome::Win) => self.black_win,
                    (Colour::White, Outcome::Draw) => self.white_draw,
                    (Colour::Black, Outcome::Draw) => self.black_draw,
                    (Colour::White, Outcome::Loss) => self.white_loss,
                    (Colour::Black, Outcome::Loss) => self.black_loss,
                }
            }
            RoundResult::Forfeit { won: true } => self.forfeit_win,
            RoundResult::Forfeit { won: false } => self.forfeit_loss,
            RoundResult::Bye { bye } => match bye {
                ByeKind::Full => self.full_bye,
                ByeKind::Half => self.half_bye,
                ByeKind::Zero => self.zero_bye,
                ByeKind::PairingAllocated => self.pairing_bye,
            },
            RoundResult::NotPaired => self.zero_bye,
            RoundResult::Pending | RoundResult::Unknown { .. } => Points::ZERO,
        }
    }

    /// True when this is FIDE's standard 1 / ½ / 0 system.
    pub fn is_standard(&self) -> bool {
        let d = Scoring::default();
        Scoring {
            source: ScoringSource::Default,
            ..self.clone()
        } == d
    }

    /// Applies one `XXS` assignment (`W=3`, `PAB=.5`, …). Returns false for an
    /// unknown code. Shortcuts `W` (WW, BW, FW, FPB), `D` (WD, BD, HPB) and
    /// `L` (WL, BL; py4swiss) set several values; order matters.
    pub fn apply_xxs(&mut self, code: &str, value: Points) -> bool {
        match code.to_ascii_uppercase().as_str() {
            "WW" => self.white_win = value,
            "BW" => self.black_win = value,
            "WD" => self.white_draw = value,
            "BD" => self.black_draw = value,
            "WL" => self.white_loss = value,
            "BL" => self.black_loss = value,
            "ZPB" => self.zero_bye = value,
            "HPB" => self.half_bye = value,
            "FPB" => self.full_bye = value,
            "PAB" => self.pairing_bye = value,
            "FW" => self.forfeit_win = value,
            "FL" => self.forfeit_loss = value,
            "W" => {
                self.white_win = value;
                self.black_win = value;
                self.forfeit_win = value;
                self.full_bye = value;
            }
            "D" => {
                self.white_draw = value;
                self.black_draw = value;
                self.half_bye = value;
            }
            "L" => {
                self.white_loss = value;
                self.black_loss = value;
            }
            _ => return false,
        }
        true
    }

    /// Applies one TRF26 `162` class (`W D L A P X`). `X` (unknown result) has
    /// no round-entry counterpart in `001` and is accepted without effect.
    pub fn apply_162(&mut self, symbol: char, value: Points) -> bool {
        match symbol.to_ascii_uppercase() {
            'W' => self.set_wins(value),
            'D' => self.set_draws(value),
            'L' => self.set_losses(value),
            'A' => {
                self.zero_bye = value;
                self.forfeit_loss = value;
            }
            'P' => self.pairing_bye = value,
            'X' => {}
            _ => return false,
        }
        true
    }

    /// Applies one bbpPairings `BB?` value (`W D L Z F U`).
    pub fn apply_bbp(&mut self, letter: char, value: Points) -> bool {
        match letter.to_ascii_uppercase() {
            'W' => self.set_wins(value),
            'D' => self.set_draws(value),
            'L' => self.set_losses(value),
            'Z' => self.zero_bye = value,
            'F' => self.forfeit_loss = value,
            'U' => self.pairing_bye = value,
            _ => return false,
        }
        true
    }

    /// A win's value for every kind of win (game, forfeit, full-point bye);
    /// the pairing-allocated bye follows it unless set on its own before.
    fn set_wins(&mut self, value: Points) {
        let pab_follows = self.pairing_bye == self.white_win;
        self.white_win = value;
        self.black_win = value;
        self.forfeit_win = value;
        self.full_bye = value;
        if pab_follows {
            self.pairing_bye = value;
        }
    }

    /// A draw's value for both colours and the half-point bye.
    fn set_draws(&mut self, value: Points) {
        self.white_draw = value;
        self.black_draw = value;
        self.half_bye = value;
    }

    /// A loss's value for both colours.
    fn set_losses(&mut self, value: Points) {
        self.white_loss = value;
        self.black_loss = value;
    }
}
