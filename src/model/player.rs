//! Players (`001` records) and their round entries.

use super::{PartialDate, Points, Rounds};
use crate::source::span::{Span, Spanned};
use serde::Serialize;

/// A player: one `001` record.
///
/// Equality compares what the record says, not where it stands (`line`,
/// `span`), like [`Spanned`].
#[derive(Debug, Clone, Serialize)]
#[non_exhaustive]
pub struct Player {
    /// Starting rank (pairing number), columns 5-8.
    pub start_rank: Spanned<u16>,
    /// Sex, column 10.
    pub sex: Option<Spanned<Sex>>,
    /// Title, columns 11-13.
    pub title: Option<Spanned<Title>>,
    /// Name, columns 15-47, trimmed.
    pub name: Spanned<String>,
    /// FIDE rating, columns 49-52; `None` when blank or 0 (unrated).
    pub rating: Option<Spanned<u16>>,
    /// Federation, columns 54-56.
    pub federation: Option<Spanned<String>>,
    /// FIDE ID, columns 58-68; `None` when blank or 0.
    pub fide_id: Option<Spanned<u64>>,
    /// Birth date, columns 70-79: year only or full.
    pub birth_date: Option<Spanned<PartialDate>>,
    /// Points, columns 81-84.
    pub points: Option<Spanned<Points>>,
    /// Rank, columns 86-89.
    pub rank: Option<Spanned<u16>>,
    /// Round entries, round 1 first. Trailing rounds a line does not reach
    /// are absent (≡ not paired); the vector can be shorter than the
    /// tournament's number of rounds.
    pub rounds: Rounds,
    /// 1-based line number of the record.
    #[serde(skip)]
    pub line: u32,
    /// The whole line.
    #[serde(skip)]
    pub span: Span,
}

crate::model::eq_ignoring_position!(Player {
    start_rank,
    sex,
    title,
    name,
    rating,
    federation,
    fide_id,
    birth_date,
    points,
    rank,
    rounds
});

impl Player {
    /// How messages name the player: `` player `3` ``, or `the player on
    /// line 12` when the starting rank could not be read (never "player 0",
    /// which no arbiter can find).
    pub fn designation(&self) -> String {
        designation(self.start_rank.value, self.line)
    }

    /// The starting rank as messages print it, `3`, or `on line 12` when
    /// it could not be read.
    pub fn rank_label(&self) -> String {
        match self.start_rank.value {
            0 => format!("on line {}", self.line),
            r => r.to_string(),
        }
    }

    /// The entry for round `r` (1-based); not paired beyond the line's end.
    pub fn round(&self, r: usize) -> RoundEntry {
        self.rounds
            .entry(r.wrapping_sub(1))
            .unwrap_or(RoundEntry::NOT_PAIRED)
    }
}

/// Sex as written in column 10.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Sex {
    /// `m` (also `M`).
    Male,
    /// `w` (also `W`, `f`, `F`).
    Female,
}

/// A FIDE title. TRF06 single letters (`g m f c wg wm wf wc`) are mapped.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub enum Title {
    /// Grandmaster.
    GM,
    /// International Master.
    IM,
    /// FIDE Master.
    FM,
    /// Candidate Master.
    CM,
    /// Woman Grandmaster.
    WGM,
    /// Woman International Master.
    WIM,
    /// Woman FIDE Master.
    WFM,
    /// Woman Candidate Master.
    WCM,
    /// Anything else, as written (reported by `invalid-code`).
    Other(String),
}

impl Title {
    /// Reads a title code (trimmed, case-insensitive; TRF06 letters accepted).
    pub fn parse(s: &str) -> Title {
        match s.to_ascii_uppercase().as_str() {
            "GM" | "G" => Title::GM,
            "IM" | "M" => Title::IM,
            "FM" | "F" => Title::FM,
            "CM" | "C" => Title::CM,
            "WGM" | "WG" => Title::WGM,
            "WIM" | "WM" => Title::WIM,
            "WFM" | "WF" => Title::WFM,
            "WCM" | "WC" => Title::WCM,
            _ => Title::Other(s.to_string()),
        }
    }

    /// The TRF16 code (`GM`, `WIM`, …) or the raw text of an unknown one.
    pub fn as_str(&self) -> &str {
        match self {
            Title::GM => "GM",
            Title::IM => "IM",
            Title::FM => "FM",
            Title::CM => "CM",
            Title::WGM => "WGM",
            Title::WIM => "WIM",
            Title::WFM => "WFM",
            Title::WCM => "WCM",
            Title::Other(s) => s,
        }
    }
}

/// A colour in a round block (column 97 + 10(r-1)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Colour {
    /// `w`.
    White,
    /// `b`.
    Black,
}

impl Colour {
    /// The other colour.
    pub fn opposite(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }

    /// `w` or `b`.
    pub fn letter(self) -> char {
        match self {
            Colour::White => 'w',
            Colour::Black => 'b',
        }
    }
}

/// The outcome of a game for the player, from their side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Outcome {
    /// Won.
    Win,
    /// Drawn.
    Draw,
    /// Lost.
    Loss,
}

impl Outcome {
    /// What the opponent's side must say.
    pub fn mirrored(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Draw => Outcome::Draw,
            Outcome::Loss => Outcome::Win,
        }
    }

    /// Score in half points (2 win, 1 draw, 0 loss).
    pub fn half_points(self) -> u32 {
        match self {
            Outcome::Win => 2,
            Outcome::Draw => 1,
            Outcome::Loss => 0,
        }
    }
}

/// The kinds of bye.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum ByeKind {
    /// `H`: half-point bye.
    Half,
    /// `F`: full-point bye.
    Full,
    /// `U`: pairing-allocated bye (at most one per round).
    PairingAllocated,
    /// `Z`: zero-point bye (known absence).
    Zero,
}

impl ByeKind {
    /// The result letter.
    pub fn letter(self) -> char {
        match self {
            ByeKind::Half => 'H',
            ByeKind::Full => 'F',
            ByeKind::PairingAllocated => 'U',
            ByeKind::Zero => 'Z',
        }
    }
}

/// What a round block's result column says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
#[non_exhaustive]
pub enum RoundResult {
    /// A regular game (`1`, `=`, `0`): rated when both players are.
    Game {
        /// Result for this player.
        outcome: Outcome,
    },
    /// A game that lasted less than one move (`W`, `D`, `L`): not rated.
    ShortGame {
        /// Result for this player.
        outcome: Outcome,
    },
    /// A forfeit: `+` won, `-` lost.
    Forfeit {
        /// `+` (true) or `-` (false).
        won: bool,
    },
    /// A bye (`H`, `F`, `U`, `Z`).
    Bye {
        /// Which.
        bye: ByeKind,
    },
    /// Paired (an opponent is named) but no result yet.
    Pending,
    /// Not paired: a blank block, `0000 -` with a blank result, or no block.
    NotPaired,
    /// A result letter TRF16 does not define, kept as written: TRF26's `?`
    /// (an adjourned or postponed game without a result yet, TEC checklist
    /// VCL4THP Q164; see [`RoundResult::ADJOURNED`]) or anything else (`X`, …).
    Unknown {
        /// The letter.
        code: char,
    },
}

impl RoundResult {
    /// TRF26's `?`: a game adjourned or postponed, its result still to come
    /// (VCL4THP Q164). Kept as written so that `trf fmt` writes it back.
    pub const ADJOURNED: RoundResult = RoundResult::Unknown { code: '?' };

    /// True for a pairing whose result is still to come: blank against a
    /// named opponent, or TRF26's `?`.
    pub fn is_pending(&self) -> bool {
        matches!(self, RoundResult::Pending) || *self == RoundResult::ADJOURNED
    }

    /// True for results decided over the board (`1 = 0` and `W D L`).
    pub fn is_played(&self) -> bool {
        matches!(
            self,
            RoundResult::Game { .. } | RoundResult::ShortGame { .. }
        )
    }

    /// True for any result that involves an opponent (`1 = 0 W D L + -`).
    pub fn needs_opponent(&self) -> bool {
        matches!(
            self,
            RoundResult::Game { .. } | RoundResult::ShortGame { .. } | RoundResult::Forfeit { .. }
        )
    }

    /// The outcome from this player's side, for played games and forfeits.
    pub fn outcome(&self) -> Option<Outcome> {
        match *self {
            RoundResult::Game { outcome } | RoundResult::ShortGame { outcome } => Some(outcome),
            RoundResult::Forfeit { won: true } => Some(Outcome::Win),
            RoundResult::Forfeit { won: false } => Some(Outcome::Loss),
            _ => None,
        }
    }

    /// The result letter TRF writes (blank for none).
    pub fn letter(&self) -> char {
        match *self {
            RoundResult::Game { outcome } => match outcome {
                Outcome::Win => '1',
                Outcome::Draw => '=',
                Outcome::Loss => '0',
            },
            RoundResult::ShortGame { outcome } => match outcome {
                Outcome::Win => 'W',
                Outcome::Draw => 'D',
                Outcome::Loss => 'L',
            },
            RoundResult::Forfeit { won: true } => '+',
            RoundResult::Forfeit { won: false } => '-',
            RoundResult::Bye { bye } => bye.letter(),
            RoundResult::Pending | RoundResult::NotPaired => ' ',
            RoundResult::Unknown { code } => code,
        }
    }

    /// Reads a result letter (case-insensitive); blank is `None`.
    pub const fn from_letter(c: char) -> Option<RoundResult> {
        Some(match c.to_ascii_uppercase() {
            '1' => RoundResult::Game {
                outcome: Outcome::Win,
            },
            '=' => RoundResult::Game {
                outcome: Outcome::Draw,
            },
            '0' => RoundResult::Game {
                outcome: Outcome::Loss,
            },
            'W' => RoundResult::ShortGame {
                outcome: Outcome::Win,
            },
            'D' => RoundResult::ShortGame {
                outcome: Outcome::Draw,
            },
            'L' => RoundResult::ShortGame {
                outcome: Outcome::Loss,
            },
            '+' => RoundResult::Forfeit { won: true },
            '-' => RoundResult::Forfeit { won: false },
            'H' => RoundResult::Bye { bye: ByeKind::Half },
            'F' => RoundResult::Bye { bye: ByeKind::Full },
            'U' => RoundResult::Bye {
                bye: ByeKind::PairingAllocated,
            },
            'Z' => RoundResult::Bye { bye: ByeKind::Zero },
            _ => return None,
        })
    }
}

/// One round of a player's record (the 10-column block of round r), as
/// written: the model keeps inconsistent combinations (a bye with an
/// opponent, a game without a colour) so that the validator can name them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct RoundEntry {
    /// Opponent's starting rank; `None` for `0000` or blank.
    pub opponent: Option<u16>,
    /// Colour; `None` for `-` or blank.
    pub colour: Option<Colour>,
    /// The result column.
    #[serde(flatten)]
    pub result: RoundResult,
}

impl Default for RoundEntry {
    /// No block at all ([`RoundEntry::NOT_PAIRED`]).
    fn default() -> RoundEntry {
        RoundEntry::NOT_PAIRED
    }
}

impl RoundEntry {
    /// No block at all.
    pub const NOT_PAIRED: RoundEntry = RoundEntry {
        opponent: None,
        colour: None,
        result: RoundResult::NotPaired,
    };
}

/// How messages name the player of starting rank `start_rank` on line
/// `line`: `` player `3` ``, or `the player on line 12` when the rank could
/// not be read (rank 0).
pub(crate) fn designation(start_rank: u16, line: u32) -> String {
    match start_rank {
        0 => format!("the player on line {line}"),
        r => format!("player `{r}`"),
    }
}
