//! What the eligibility of a game depends on, decided once per report by
//! the check context: the edition, the start date, the tournament type,
//! the time control, the rating list and its chapter, the ratings FIDE
//! counts with, and the options. Also the report's time control as read,
//! and the pairings of the report, each taken once.

use crate::model::timecontrol::{self, Reading, TimeControl, TimeControlError};
use crate::model::tournament_type::TypeDecision;
use crate::model::{Games, Player, RoundEntry, Tournament};
use crate::options::Options;
use crate::regulations::rating_type::minutes_text;
use crate::regulations::{RapidBlitz, RatingType, Regulations};
use crate::source::span::{Span, Spanned};
use chrono::NaiveDate;

/// The time control of the report, from `222` (exact) or else `122`.
#[derive(Debug, Clone)]
pub enum TimeControlInfo {
    /// Neither record is present.
    Absent,
    /// Read.
    Read {
        /// The reading.
        control: TimeControl,
        /// The record it came from (`222` or `122`) and its span.
        record: &'static str,
        /// Where.
        span: Span,
        /// When the text has several readings that FIDE treats alike: the
        /// readings, their common outcome and the one taken, in plain
        /// words. `None` when the text has one reading.
        reading: Option<String>,
    },
    /// Present but unreadable.
    Unreadable {
        /// Why.
        error: TimeControlError,
        /// The record (`222` or `122`).
        record: &'static str,
        /// Where.
        span: Span,
    },
}

impl TimeControlInfo {
    /// Reads the report's time control: `222` when present, else `122`.
    /// A `122` text with several readings is read only when they give the
    /// same time for 60 moves to each side (see [`judged`](Self::judged)).
    pub fn of(t: &Tournament) -> TimeControlInfo {
        TimeControlInfo::judged(t, |c| {
            let (w, b) = c.t60_seconds_by_side();
            ((w, b), String::new())
        })
    }

    /// Reads the report's time control: `222` when present, else `122`.
    ///
    /// A `122` text can have several readings (`90/40+30`: 40 moves in 90
    /// min or 90 moves in 40 min; `+30`: 30 minutes or 30 seconds). `judge`
    /// gives each reading's outcome (what FIDE does with the games at that
    /// control) and its words. When every reading has the same outcome,
    /// the first reading (the conventional one) is used and
    /// [`Read::reading`](TimeControlInfo::Read) says so; otherwise the
    /// text is [`Unreadable`](TimeControlInfo::Unreadable) with
    /// [`TimeControlError::Undecided`], each reading and its outcome listed.
    pub fn judged<K: PartialEq>(
        t: &Tournament,
        judge: impl Fn(&TimeControl) -> (K, String),
    ) -> TimeControlInfo {
        if let Some(code) = &t.header.time_control_code {
            return match timecontrol::parse_encoded(&code.value) {
                Ok(e) => TimeControlInfo::Read {
                    control: e.to_time_control(),
                    record: "222",
                    span: code.span,
                    reading: None,
                },
                Err(error) => TimeControlInfo::Unreadable {
                    error,
                    record: "222",
                    span: code.span,
                },
            };
        }
        match &t.header.time_control {
            None => TimeControlInfo::Absent,
            Some(text) => match timecontrol::parse_free_readings(&text.value) {
                Ok(readings) => Self::decide(readings, text, judge),
                Err(error) => TimeControlInfo::Unreadable {
                    error,
                    record: "122",
                    span: text.span,
                },
            },
        }
    }

    /// One reading, or several that `judge` finds alike, or none.
    fn decide<K: PartialEq>(
        mut readings: Vec<Reading>,
        text: &Spanned<String>,
        judge: impl Fn(&TimeControl) -> (K, String),
    ) -> TimeControlInfo {
        let read = |control, reading| TimeControlInfo::Read {
            control,
            record: "122",
            span: text.span,
            reading,
        };
        if readings.len() == 1 {
            let only = readings.swap_remove(0);
            return read(only.control, None);
        }
        let judged: Vec<(K, String)> = readings.iter().map(|r| judge(&r.control)).collect();
        let each = |r: &Reading| {
            format!(
                "{} ({} for 60 moves)",
                r.control.describe(),
                minutes_text(r.control.t60_seconds())
            )
        };
        let raw = text.value.trim();
        if judged.iter().all(|j| j.0 == judged[0].0) {
            let list: Vec<String> = readings.iter().map(each).collect();
            let outcome = &judged[0].1;
            let first = readings.swap_remove(0);
            let note = format!(
                "`{raw}` can be read {} ways: {}; {}, so trfkit reads it as {}",
                readings.len() + 1,
                list.join(", or "),
                if outcome.is_empty() {
                    "every reading gives the same outcome".to_owned()
                } else {
                    format!("FIDE treats every reading alike ({outcome})")
                },
                first.control.describe()
            );
            return read(first.control, Some(note));
        }
        TimeControlInfo::Unreadable {
            error: TimeControlError::Undecided {
                found: raw.to_owned(),
                readings: readings
                    .iter()
                    .zip(&judged)
                    .map(|(r, (_, words))| {
                        if words.is_empty() {
                            each(r)
                        } else {
                            format!("{}: {words}", each(r))
                        }
                    })
                    .collect(),
            },
            record: "122",
            span: text.span,
        }
    }
}

/// The facts of one report the eligibility of its games depends on, as
/// the check context decided them (borrowed from it).
#[derive(Debug, Clone, Copy)]
pub struct Event<'a> {
    /// The model.
    pub tournament: &'a Tournament,
    /// Every round entry with both sides resolved.
    pub games: &'a Games,
    /// The options (disabled rules put games back).
    pub opts: &'a Options,
    /// The edition applied.
    pub regs: &'static Regulations,
    /// The start date the edition and dated amendments are read at.
    pub start: Option<NaiveDate>,
    /// The tournament type.
    pub tournament_type: &'a TypeDecision,
    /// The time control.
    pub time_control: &'a TimeControlInfo,
    /// The event's rating list.
    pub rating_type: Option<RatingType>,
    /// The rapid and blitz chapter, for a rapid or blitz event.
    pub rapid_blitz: Option<&'static RapidBlitz>,
    /// The fast-classic window the user's QC approval applies in.
    pub fast_classic: Option<&'static crate::regulations::rating_type::FastClassic>,
    /// Per player (index in `players`), the rating FIDE counts with: the
    /// report's, or for a rapid or blitz event the standard rating of the
    /// list a player without one is rated with (R&B 2024 art. 7.2.1).
    pub ratings: &'a [Option<u16>],
}

impl<'a> Event<'a> {
    /// Whether the event is judged by the standard rules (see
    /// `Ctx::standard_rules`).
    pub fn standard_rules(&self) -> bool {
        !matches!(
            self.rating_type,
            Some(RatingType::Rapid | RatingType::Blitz)
        )
    }

    /// The round entry (with its span) a row of the games table is.
    pub fn block(&self, g: &crate::model::Game) -> Spanned<RoundEntry> {
        self.tournament.players[g.player as usize]
            .rounds
            .get(usize::from(g.round) - 1)
            .unwrap_or_default()
    }
}

/// One pairing, taken once: from the lower starting rank when both
/// records name each other, else from the side that names the other.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Game<'a> {
    /// 1-based round.
    pub round: usize,
    /// The player whose block is used.
    pub player: &'a Player,
    /// The opponent.
    pub opponent: &'a Player,
    /// `player`'s block for the round.
    pub entry: Spanned<RoundEntry>,
    /// The row of the games table.
    pub row: &'a crate::model::Game,
}

/// Every pairing with an opponent who exists, once, in player then round
/// order, among the rows with any bit of `bits`
/// ([`kind`](crate::model::games::Kind)). Byes and blocks naming an
/// unknown player are left out.
pub(crate) fn pairings<'a>(
    t: &'a Tournament,
    games: &'a Games,
    bits: crate::model::games::Kind,
) -> impl Iterator<Item = Game<'a>> + 'a {
    games
        .rows_with(bits)
        .filter(|g| is_pairing(g))
        .map(move |g| pairing(t, g))
}

/// Whether a row of the games table is a pairing [`pairings`] takes: not a
/// bye, and the side the pairing is taken from.
pub(crate) fn is_pairing(g: &crate::model::Game) -> bool {
    !g.has_any(crate::model::games::Kind::ANY_BYE) && g.is_pairing_side()
}

/// The pairing of a row [`is_pairing`] takes.
pub(crate) fn pairing<'a>(t: &'a Tournament, g: &'a crate::model::Game) -> Game<'a> {
    let player = &t.players[g.player as usize];
    Game {
        round: usize::from(g.round),
        player,
        opponent: &t.players[g.opponent as usize],
        entry: player
            .rounds
            .get(usize::from(g.round) - 1)
            .unwrap_or_default(),
        row: g,
    }
}
