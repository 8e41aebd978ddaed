//! Time controls: the free text of TRF record `122` and the TRF26 encoded
//! form of record `222`, read into one typed model.
//!
//! The two notations meet in [`TimeControl`]: a list of [`Period`]s (for both
//! players, or White's when Black's differ, as in Armageddon), each with its
//! move count, base time and per-move increment, all in exact seconds.
//!
//! * `parse_free` reads what arbiters write in `122` (`90'+30"`,
//!   `40/120, 60`, `G/90;d5`, `All moves in 90 minutes, plus 10 seconds per
//!   move`, …). It is deliberately conservative: when a text can be read two
//!   ways (`40/90+30`: 30 minutes or a 30-second increment?) it returns an
//!   error that says what it read and what it could not decide, rather than
//!   guessing; [`parse_free_readings`] gives every reading of such a text,
//!   for callers that judge whether the readings lead to the same outcome
//!   (the check does: the list and each game's band). `grammar/time-control.ebnf`
//!   sums up the accepted notations.
//! * `parse_encoded` reads the strict `222` grammar of FIDE's TRF-2026
//!   format description, record 222 (docs/spec/trf-format.md §3.4), and reports the byte offset of the first problem.
//! * The derived quantities ([`TimeControl::t60_seconds`],
//!   [`TimeControl::game_seconds_60`], …) follow the 60-move assumption of the FIDE Rating
//!   Regulations (Handbook B.02, section 1, rate of play;
//!   docs/spec/regulations.md R2, §4.2) and its conventions exactly; they feed the rate-of-play and 12-hours-a-day rules.

use std::fmt::{self, Write as _};

use serde::{Deserialize, Serialize};

mod encoded;
mod free;
#[cfg(test)]
pub(crate) mod properties;

pub(crate) use encoded::parse_encoded;
pub(crate) use free::{parse_free, parse_free_readings, Reading};

/// A time control: one or more periods, for both players or per side.
///
/// Invariants kept by both parsers (and assumed by the derived quantities):
/// there is at least one period, only the last period may lack a move count,
/// and every period starts at a move number that fits in `u16`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeControl {
    /// The text as written, without surrounding white space.
    pub raw: String,
    /// Which notation the text was read as.
    pub notation: Notation,
    /// The periods in playing order: for both players, or White's when
    /// [`black_periods`](Self::black_periods) is set.
    pub periods: Vec<Period>,
    /// Black's periods when the two sides have different times (Armageddon,
    /// `222 W300-B240`); `None` when both players have [`periods`](Self::periods).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black_periods: Option<Vec<Period>>,
    /// `Some` when the per-move time is a delay (Bronstein or US "simple"
    /// delay) rather than a Fischer increment. The seconds are then stored in
    /// [`Period::increment_seconds`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub delay: Option<DelayKind>,
}

/// One period of a time control, e.g. "40 moves in 90 minutes".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Period {
    /// Moves to be made in this period; `None` = the rest of the game.
    pub moves: Option<u16>,
    /// Time added to the clock at the start of the period, in seconds.
    pub base_seconds: u32,
    /// Seconds added per move during this period (or the delay, when
    /// [`TimeControl::delay`] is set); 0 when there is none.
    pub increment_seconds: u32,
    /// First move (1-based, counted from the start of the game) that gets
    /// the increment. Never earlier than the period's own first move; equal
    /// to it when the increment is 0.
    pub increment_from_move: u16,
}

/// Which notation a [`TimeControl`] was read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Notation {
    /// Free text as arbiters write it in record `122`.
    Free,
    /// The TRF26 `222` encoding (also recognised when written in `122`).
    Encoded,
}

/// The kind of delay, when the per-move time is not an increment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DelayKind {
    /// A delay without saying which (`d5`, `delay 5`).
    Unspecified,
    /// Bronstein delay: the time used, up to the delay, is given back.
    Bronstein,
    /// US ("simple") delay: the clock starts after the delay.
    Simple,
}

/// One player's side, for controls where White and Black differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    /// The player with the white pieces.
    White,
    /// The player with the black pieces.
    Black,
}

/// Why a time control could not be read or written.
///
/// Every message says what was not understood; the free-text variants also
/// say what had been read up to that point, so a validator can report
/// "read `40 moves in 90 min`, then could not tell …".
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TimeControlError {
    /// The text is empty or only white space.
    #[error("time control is empty")]
    Empty,
    /// The text has no digits at all (a template such as
    /// `moves/time, increment`, or a label such as `Rapid`).
    #[error("no numbers in `{text}`: it reads like a template or a label, not a time control")]
    NoNumbers {
        /// The text, trimmed.
        text: String,
    },
    /// A word or sign that has no place in a time control here.
    #[error("did not understand `{found}`; read so far: {read}")]
    Unrecognised {
        /// Byte offset of `found` in the text given to the parser.
        offset: usize,
        /// The text not understood.
        found: String,
        /// What had been read before it, in [`TimeControl::describe`] style.
        read: String,
    },
    /// A part that can be read in more than one way.
    #[error("`{found}` is ambiguous: {reason}; read so far: {read}")]
    Ambiguous {
        /// Byte offset of `found` in the text given to the parser.
        offset: usize,
        /// The ambiguous text.
        found: String,
        /// The readings that compete.
        reason: String,
        /// What had been read before it.
        read: String,
    },
    /// The parts were understood but do not make one time control (a period
    /// after the "rest of the game", two increments, no base time, …).
    #[error("{reason}; read so far: {read}")]
    Inconsistent {
        /// Byte offset of the part that does not fit.
        offset: usize,
        /// What does not fit.
        reason: String,
        /// What had been read before it.
        read: String,
    },
    /// A number too large for its field (seconds beyond `u32`, moves beyond
    /// `u16`, or a malformed clock time such as `1:75`).
    #[error("`{found}` is out of range: {reason}")]
    OutOfRange {
        /// Byte offset of the number.
        offset: usize,
        /// The number as written.
        found: String,
        /// Which limit it breaks.
        reason: &'static str,
    },
    /// The text does not follow the TRF26 `222` grammar.
    #[error("invalid 222 time control: expected {expected}, found {found}")]
    Encoded {
        /// Byte offset of the first byte that does not fit the grammar.
        offset: usize,
        /// What the grammar allows at that point.
        expected: &'static str,
        /// What is there instead (quoted), or "end of text".
        found: String,
    },
    /// A free text with several readings that lead to different outcomes
    /// (`90/40+30`: 40 moves in 90 min or 90 moves in 40 min, then 30
    /// minutes or a 30-second increment), each listed with its outcome.
    #[error("`{found}` can be read {} ways that FIDE does not treat alike: {}; write the units (e.g. `90 min/40 moves + 30 min + 30 s/move`)", readings.len(), readings.join("; or "))]
    Undecided {
        /// The text, trimmed.
        found: String,
        /// Each reading and what it leads to, in plain words.
        readings: Vec<String>,
    },
    /// [`TimeControl::to_encoded`] was asked for something `222` cannot say.
    #[error("cannot be written as a 222 time control: {reason}")]
    NotEncodable {
        /// What `222` cannot express.
        reason: &'static str,
    },
}

impl TimeControlError {
    /// The byte offset of the problem in the parsed text, when there is one.
    pub fn offset(&self) -> Option<usize> {
        match self {
            TimeControlError::Unrecognised { offset, .. }
            | TimeControlError::Ambiguous { offset, .. }
            | TimeControlError::Inconsistent { offset, .. }
            | TimeControlError::OutOfRange { offset, .. }
            | TimeControlError::Encoded { offset, .. } => Some(*offset),
            TimeControlError::Empty
            | TimeControlError::NoNumbers { .. }
            | TimeControlError::Undecided { .. }
            | TimeControlError::NotEncodable { .. } => None,
        }
    }
}

/// The number of moves docs/spec/regulations.md §4.2 assumes for a game.
const RATE_MOVES: u32 = 60;

impl TimeControl {
    /// Reads a TRF26 `222` value into the model (see `parse_encoded`).
    pub fn from_encoded(text: &str) -> Result<TimeControl, TimeControlError> {
        let encoded = parse_encoded(text)?;
        let mut tc = encoded.to_time_control();
        tc.raw = text.trim().to_owned();
        Ok(tc)
    }

    /// The periods one side plays with.
    pub fn periods_for(&self, side: Side) -> &[Period] {
        match (side, &self.black_periods) {
            (Side::Black, Some(black)) => black,
            _ => &self.periods,
        }
    }

    /// Whether White and Black have different times (Armageddon).
    pub fn is_armageddon(&self) -> bool {
        self.black_periods.is_some()
    }

    /// Whether the per-move time is a delay rather than an increment.
    ///
    /// B.02 does not mention delays; docs/spec/regulations.md §4.2 convention 3 counts
    /// a delay like an increment (an upper bound) and asks for a flag.
    pub fn has_delay(&self) -> bool {
        self.delay.is_some()
    }

    /// Whether the last period covers the rest of the game. `false` for a
    /// text such as `40/120` alone, which does not say what follows move 40.
    pub fn is_complete(&self) -> bool {
        let last = |ps: &[Period]| ps.last().is_some_and(|p| p.moves.is_none());
        last(&self.periods) && self.black_periods.as_deref().is_none_or(last)
    }

    /// Moves in the first period; `None` when the first period is the whole
    /// game ("all moves in …").
    pub fn first_control_moves(&self) -> Option<u16> {
        self.periods.first().and_then(|p| p.moves)
    }

    /// Time one player has for 60 moves, in seconds (docs/spec/regulations.md §4.2):
    /// the base times of the periods that start at or before move 60, plus
    /// each increment over the moves of its period from its first move up
    /// to move 60.
    ///
    /// Conventions of §4.2: a period that begins after move 60 is not
    /// counted; an increment from move 41 counts 20 times; a delay counts
    /// like an increment (an upper bound, see [`has_delay`](Self::has_delay)).
    /// For Armageddon this is the larger side
    /// (see [`t60_seconds_by_side`](Self::t60_seconds_by_side)). When the
    /// control is not [complete](Self::is_complete) (`90 min for 40 moves +
    /// 30 s per move from move 1`) the base times of the stated periods
    /// count, and the last period's increment on every move it covers up to
    /// move 60, whatever follows (120 min, not 110: an increment per move
    /// is given on each move). Saturates at `u32::MAX` rather than overflow.
    pub fn t60_seconds(&self) -> u32 {
        let (white, black) = self.t60_seconds_by_side();
        white.max(black)
    }

    /// [`t60_seconds`](Self::t60_seconds) for White and for Black (equal
    /// unless the control is Armageddon).
    pub fn t60_seconds_by_side(&self) -> (u32, u32) {
        (
            t60(self.periods_for(Side::White)),
            t60(self.periods_for(Side::Black)),
        )
    }

    /// Length of a 60-move game on both clocks, in seconds: 2 × T60
    /// (docs/spec/regulations.md §4.2 "G"). For Armageddon this uses the larger side,
    /// so it is an upper bound (§4.2 convention 4 puts Armageddon outside
    /// the 12-hour rule anyway).
    pub fn game_seconds_60(&self) -> u32 {
        self.t60_seconds().saturating_mul(2)
    }

    /// A short canonical English description, used in messages, e.g.
    /// `40 moves in 90 min, then 30 min, +30 s/move from move 1`.
    ///
    /// Times are in minutes when whole, in seconds otherwise. An increment
    /// shared by all periods is written once at the end; one that differs by
    /// period is written after its period. `parse_free` reads the result
    /// back to the same periods (except for Armageddon).
    pub fn describe(&self) -> String {
        match &self.black_periods {
            None => describe_periods(&self.periods, self.delay),
            Some(black) => format!(
                "White: {}; Black: {}",
                describe_periods(&self.periods, self.delay),
                describe_periods(black, self.delay)
            ),
        }
    }

    /// The TRF26 `222` form of this control, e.g. `40/6000+30:900+30`.
    ///
    /// `222` has no delay and gives each period's increment from the
    /// period's first move, so a delay or an increment that starts inside a
    /// period (`+10 s from move 41` on a single period) is
    /// [`TimeControlError::NotEncodable`].
    pub fn to_encoded(&self) -> Result<String, TimeControlError> {
        if self.delay.is_some() {
            return Err(TimeControlError::NotEncodable {
                reason: "222 has no notation for a delay",
            });
        }
        let mut out = String::new();
        match &self.black_periods {
            None => encode_periods(&self.periods, &mut out)?,
            Some(black) => {
                out.push('W');
                encode_periods(&self.periods, &mut out)?;
                out.push_str("-B");
                encode_periods(black, &mut out)?;
            }
        }
        Ok(out)
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe())
    }
}

/// T60 of one side's periods, saturating.
fn t60(periods: &[Period]) -> u32 {
    let mut total: u64 = 0;
    let mut start: u32 = 0; // moves made before this period (s_p)
    for p in periods {
        if start >= RATE_MOVES {
            break;
        }
        total += u64::from(p.base_seconds);
        let end = match p.moves {
            Some(m) => (start + u32::from(m)).min(RATE_MOVES),
            None => RATE_MOVES,
        };
        let from = u32::from(p.increment_from_move).max(start + 1);
        if from <= end {
            total += u64::from(p.increment_seconds) * u64::from(end - from + 1);
        }
        match p.moves {
            Some(m) => start += u32::from(m),
            None => return u32::try_from(total).unwrap_or(u32::MAX),
        }
    }
    // Incomplete: nothing is said after the last period but its increment,
    // which is given on every move from its first move up to move 60.
    if let Some(last) = periods.last().filter(|_| start < RATE_MOVES) {
        let from = u32::from(last.increment_from_move).max(start + 1);
        if from <= RATE_MOVES {
            total += u64::from(last.increment_seconds) * u64::from(RATE_MOVES - from + 1);
        }
    }
    u32::try_from(total).unwrap_or(u32::MAX)
}

/// First move of each period (1-based).
fn period_starts(periods: &[Period]) -> impl Iterator<Item = (u32, &Period)> {
    periods.iter().scan(1u32, |next, p| {
        let start = *next;
        *next = start.saturating_add(p.moves.map_or(0, u32::from));
        Some((start, p))
    })
}

/// The increment shared by all periods, as (seconds, first move), when one
/// increment from one move describes every period exactly.
fn uniform_increment(periods: &[Period]) -> Option<(u32, u32)> {
    let (inc, from) = periods
        .iter()
        .find(|p| p.increment_seconds > 0)
        .map(|p| (p.increment_seconds, u32::from(p.increment_from_move)))?;
    for (start, p) in period_starts(periods) {
        let end = p
            .moves
            .map(|m| start.saturating_add(u32::from(m)).saturating_sub(1));
        let before = end.is_some_and(|e| e < from);
        let ok = if before {
            p.increment_seconds == 0
        } else {
            p.increment_seconds == inc && u32::from(p.increment_from_move) == from.max(start)
        };
        if !ok {
            return None;
        }
    }
    Some((inc, from))
}

/// Minutes when whole, seconds otherwise.
pub(crate) fn fmt_duration(out: &mut String, seconds: u32) {
    if seconds % 60 == 0 && seconds > 0 {
        let _ = write!(out, "{} min", seconds / 60);
    } else {
        let _ = write!(out, "{seconds} s");
    }
}

fn fmt_bonus(out: &mut String, seconds: u32, delay: Option<DelayKind>) {
    match delay {
        None => {
            let _ = write!(out, "+{seconds} s/move");
        }
        Some(DelayKind::Unspecified) => {
            let _ = write!(out, "{seconds} s delay");
        }
        Some(DelayKind::Bronstein) => {
            let _ = write!(out, "{seconds} s Bronstein delay");
        }
        Some(DelayKind::Simple) => {
            let _ = write!(out, "{seconds} s US delay");
        }
    }
}

fn describe_periods(periods: &[Period], delay: Option<DelayKind>) -> String {
    let uniform = uniform_increment(periods);
    let mut out = String::new();
    for (i, (start, p)) in period_starts(periods).enumerate() {
        if i > 0 {
            out.push_str(", then ");
        }
        if let Some(m) = p.moves {
            let _ = write!(out, "{m} moves in ");
        }
        fmt_duration(&mut out, p.base_seconds);
        if uniform.is_none() && p.increment_seconds > 0 {
            out.push(' ');
            fmt_bonus(&mut out, p.increment_seconds, delay);
            if u32::from(p.increment_from_move) != start {
                let _ = write!(out, " from move {}", p.increment_from_move);
            }
        }
    }
    if let Some((inc, from)) = uniform {
        out.push_str(", ");
        fmt_bonus(&mut out, inc, delay);
        let _ = write!(out, " from move {from}");
    }
    out
}

fn encode_periods(periods: &[Period], out: &mut String) -> Result<(), TimeControlError> {
    if periods.is_empty() {
        return Err(TimeControlError::NotEncodable {
            reason: "a time control needs at least one period",
        });
    }
    let last = periods.len() - 1;
    for (i, (start, p)) in period_starts(periods).enumerate() {
        if i > 0 {
            out.push(':');
        }
        match p.moves {
            Some(m) => {
                let _ = write!(out, "{m}/");
            }
            None if i != last => {
                return Err(TimeControlError::NotEncodable {
                    reason: "only the last period may be for the rest of the game",
                })
            }
            None => {}
        }
        let _ = write!(out, "{}", p.base_seconds);
        if p.increment_seconds > 0 {
            if u32::from(p.increment_from_move) != start {
                return Err(TimeControlError::NotEncodable {
                    reason: "222 increments start with their period, not at a later move",
                });
            }
            let _ = write!(out, "+{}", p.increment_seconds);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(moves: Option<u16>, base: u32, inc: u32, from: u16) -> Period {
        Period {
            moves,
            base_seconds: base,
            increment_seconds: inc,
            increment_from_move: from,
        }
    }

    fn tc(periods: Vec<Period>) -> TimeControl {
        TimeControl {
            raw: String::new(),
            notation: Notation::Free,
            periods,
            black_periods: None,
            delay: None,
        }
    }

    /// docs/spec/regulations.md §4.3, computed from hand-built models so that the
    /// arithmetic is checked apart from the parsers.
    #[test]
    fn t60_worked_cases_from_the_model() {
        let cases = [
            (vec![p(None, 5400, 30, 1)], 7200),
            (vec![p(Some(40), 5400, 30, 1), p(None, 1800, 30, 41)], 9000),
            (vec![p(Some(40), 5400, 0, 1), p(None, 1800, 0, 41)], 7200),
            (vec![p(None, 7200, 0, 1)], 7200),
            (
                vec![
                    p(Some(40), 7200, 0, 1),
                    p(Some(20), 3600, 0, 41),
                    p(None, 1800, 0, 61),
                ],
                10800,
            ),
            (
                vec![p(Some(100), 5400, 30, 1), p(None, 3000, 30, 101)],
                7200,
            ),
            (vec![p(None, 7200, 10, 41)], 7400),
            (vec![p(None, 3600, 30, 1)], 5400),
            (vec![p(None, 2700, 30, 1)], 4500),
            (vec![p(Some(40), 4500, 30, 1), p(None, 900, 30, 41)], 7200),
        ];
        for (periods, want) in cases {
            let t = tc(periods);
            assert_eq!(t.t60_seconds(), want, "{}", t.describe());
            assert_eq!(t.game_seconds_60(), 2 * want);
        }
    }

    #[test]
    fn period_starting_exactly_after_move_60_is_not_counted() {
        // 60/120' + 30': the second period starts at move 61.
        let t = tc(vec![p(Some(60), 7200, 0, 1), p(None, 1800, 0, 61)]);
        assert_eq!(t.t60_seconds(), 7200);
        // 59/120' + 30': it starts at move 60 and is counted.
        let t = tc(vec![p(Some(59), 7200, 0, 1), p(None, 1800, 0, 60)]);
        assert_eq!(t.t60_seconds(), 9000);
    }

    #[test]
    fn increment_after_move_60_adds_nothing() {
        let t = tc(vec![p(None, 7200, 30, 61)]);
        assert_eq!(t.t60_seconds(), 7200);
        let t = tc(vec![p(None, 7200, 30, 60)]);
        assert_eq!(t.t60_seconds(), 7230);
    }

    #[test]
    fn armageddon_uses_the_larger_side() {
        let mut t = tc(vec![p(None, 300, 0, 1)]);
        t.black_periods = Some(vec![p(None, 240, 2, 61)]);
        assert_eq!(t.t60_seconds_by_side(), (300, 240));
        assert_eq!(t.t60_seconds(), 300);
        assert!(t.is_armageddon());
        assert_eq!(
            t.describe(),
            "White: 5 min; Black: 4 min, +2 s/move from move 61"
        );
    }

    #[test]
    fn t60_saturates() {
        let t = tc(vec![
            p(Some(1), u32::MAX, u32::MAX, 1),
            p(None, u32::MAX, 7, 2),
        ]);
        assert_eq!(t.t60_seconds(), u32::MAX);
        assert_eq!(t.game_seconds_60(), u32::MAX);
    }

    #[test]
    fn describe_uniform_and_per_period_increments() {
        let t = tc(vec![p(Some(40), 5400, 30, 1), p(None, 1800, 30, 41)]);
        assert_eq!(
            t.describe(),
            "40 moves in 90 min, then 30 min, +30 s/move from move 1"
        );
        let t = tc(vec![p(Some(40), 5400, 0, 1), p(None, 1800, 30, 41)]);
        assert_eq!(
            t.describe(),
            "40 moves in 90 min, then 30 min, +30 s/move from move 41"
        );
        let t = tc(vec![p(Some(40), 6000, 30, 1), p(None, 900, 10, 41)]);
        assert_eq!(
            t.describe(),
            "40 moves in 100 min +30 s/move, then 15 min +10 s/move"
        );
        let t = tc(vec![p(None, 90, 0, 1)]);
        assert_eq!(t.describe(), "90 s");
        let mut t = tc(vec![p(None, 5400, 5, 1)]);
        t.delay = Some(DelayKind::Bronstein);
        assert_eq!(t.describe(), "90 min, 5 s Bronstein delay from move 1");
    }

    #[test]
    fn to_encoded_writes_222() {
        let t = tc(vec![p(Some(40), 6000, 30, 1), p(None, 900, 30, 41)]);
        assert_eq!(t.to_encoded().as_deref(), Ok("40/6000+30:900+30"));
        let mut t = tc(vec![p(None, 300, 0, 1)]);
        t.black_periods = Some(vec![p(None, 240, 0, 1)]);
        assert_eq!(t.to_encoded().as_deref(), Ok("W300-B240"));
    }

    #[test]
    fn to_encoded_refuses_what_222_cannot_say() {
        let t = tc(vec![p(None, 7200, 10, 41)]);
        assert!(matches!(
            t.to_encoded(),
            Err(TimeControlError::NotEncodable { .. })
        ));
        let mut t = tc(vec![p(None, 5400, 5, 1)]);
        t.delay = Some(DelayKind::Unspecified);
        assert!(matches!(
            t.to_encoded(),
            Err(TimeControlError::NotEncodable { .. })
        ));
    }

    #[test]
    fn completeness_and_first_control() {
        let t = tc(vec![p(Some(40), 7200, 0, 1)]);
        assert!(!t.is_complete());
        assert_eq!(t.first_control_moves(), Some(40));
        let t = tc(vec![p(None, 7200, 0, 1)]);
        assert!(t.is_complete());
        assert_eq!(t.first_control_moves(), None);
    }

    #[test]
    fn error_offsets() {
        let e = TimeControlError::Encoded {
            offset: 3,
            expected: "digits",
            found: "`x`".into(),
        };
        assert_eq!(e.offset(), Some(3));
        assert_eq!(TimeControlError::Empty.offset(), None);
    }
}
