//! Which FIDE rating list an event belongs to: standard, rapid or blitz,
//! or none, classified from the minutes each player has for 60 moves.
//!
//! T = base minutes + increment seconds (one second a move is one minute
//! over 60 moves), summed over the periods reached within 60 moves. The
//! bands of the FIDE Rapid and Blitz Rating Regulations by the edition in
//! force at the start date (a change applies to tournaments that start on
//! or after its date, B.02 art. 0.1):
//!
//! | from | blitz | rapid | standard |
//! |---|---|---|---|
//! | before 2012 | no list | no list | T ≥ 60 |
//! | 1 Jan 2012 | 5 ≤ T < 15 | 15 ≤ T < 60 | T ≥ 60 |
//! | 1 Jul 2013 (?) | T ≤ 10 (no lower bound known) | 10 < T < 60 | T ≥ 60 |
//! | 1 Mar 2024 | 3 < T ≤ 10 | 10 < T < 60 | T ≥ 60 |
//!
//! [`classify`] gives the event's list from T alone: standard there means
//! "at least the lowest standard minimum" (60 min for 60 moves in every
//! edition). [`classify_game`] then puts each game on its list: a game at
//! 60 min or more that misses the standard band of its players (90 min
//! with a player rated 1800 or more in 2024) is too slow for rapid and too
//! fast for standard, on no list ([`GameTally::refine`] says so in the
//! event's reason); rapid or blitz with unequal times is not rated (R&B
//! 2024 art. 1.2); the "fast classic" QC approval of 2025–2026
//! ([`FAST_CLASSIC`]) applies only when the user states it. The event is
//! classified by the shorter side's time (an Armageddon control is
//! classified by the side with less time).

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

/// A FIDE rating list (also named `RatingKind`, a list's ratings). A
/// contract: JSON `"rating_type"`, and the on-disk index of a rating list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum RatingType {
    /// The standard list (B.02).
    Standard,
    /// The rapid list.
    Rapid,
    /// The blitz list.
    Blitz,
}

impl RatingType {
    /// `standard`, `rapid`, `blitz`.
    pub fn as_str(self) -> &'static str {
        match self {
            RatingType::Standard => "standard",
            RatingType::Rapid => "rapid",
            RatingType::Blitz => "blitz",
        }
    }

    /// `Standard`, `Rapid`, `Blitz`: the word that starts a heading.
    pub fn title(self) -> &'static str {
        match self {
            RatingType::Standard => "Standard",
            RatingType::Rapid => "Rapid",
            RatingType::Blitz => "Blitz",
        }
    }
}

impl std::fmt::Display for RatingType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for RatingType {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "standard" => Ok(RatingType::Standard),
            "rapid" => Ok(RatingType::Rapid),
            "blitz" => Ok(RatingType::Blitz),
            _ => Err(format!(
                "`{s}` is not a rating type (standard, rapid, blitz)"
            )),
        }
    }
}

/// The rapid and blitz bands of one edition, in seconds for 60 moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bands {
    /// The first day of the edition.
    pub from: NaiveDate,
    /// What the edition is called in messages.
    pub name: &'static str,
    /// Blitz: more than this (or at least, when `blitz_inclusive_low`).
    pub blitz_low: u32,
    /// Whether `blitz_low` itself is blitz.
    pub blitz_inclusive_low: bool,
    /// Blitz up to this (inclusive when `blitz_inclusive_high`).
    pub blitz_high: u32,
    /// Whether `blitz_high` itself is blitz (else it is rapid).
    pub blitz_inclusive_high: bool,
    /// Rapid below this; standard from it.
    pub rapid_below: u32,
    /// The bands are not confirmed in a primary text.
    pub unconfirmed: bool,
}

const fn ymd(y: i32, m: u32, d: u32) -> NaiveDate {
    match NaiveDate::from_ymd_opt(y, m, d) {
        Some(d) => d,
        None => panic!("invalid date in the rapid and blitz table"),
    }
}

/// The editions of the rapid and blitz bands, oldest first (FIDE Rapid and
/// Blitz Rating Regulations: 2012 framework, 2013 redefinition, 2024
/// chapter art. 1.1).
pub(crate) const EDITIONS: &[Bands] = &[
    Bands {
        from: ymd(2012, 1, 1),
        name: "the 2012 rapid and blitz rules",
        blitz_low: 5 * 60,
        blitz_inclusive_low: true,
        blitz_high: 15 * 60,
        blitz_inclusive_high: false,
        rapid_below: 60 * 60,
        unconfirmed: false,
    },
    Bands {
        from: ymd(2013, 7, 1),
        name: "the 2013 rapid and blitz rules",
        blitz_low: 0,
        blitz_inclusive_low: false,
        blitz_high: 10 * 60,
        blitz_inclusive_high: true,
        rapid_below: 60 * 60,
        unconfirmed: true,
    },
    Bands {
        from: ymd(2024, 3, 1),
        name: "the 2024 rapid and blitz rules (art. 1.1)",
        blitz_low: 3 * 60,
        blitz_inclusive_low: false,
        blitz_high: 10 * 60,
        blitz_inclusive_high: true,
        rapid_below: 60 * 60,
        unconfirmed: false,
    },
];

/// The lowest standard minimum of every edition: 60 minutes for 60 moves.
pub(crate) const STANDARD_MINIMUM_SECONDS: u32 = 60 * 60;

/// The bands in force at a start date; `None` before 2012, when FIDE had
/// no rapid or blitz list.
pub(crate) fn bands_at(start: NaiveDate) -> Option<&'static Bands> {
    EDITIONS.iter().rev().find(|b| b.from <= start)
}

/// What an event's time control makes of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Classification {
    /// The list, or `None` when the control is too fast for any list (or
    /// between the rapid and standard bands).
    pub rating_type: Option<RatingType>,
    /// One sentence: why, with T and the edition.
    pub reason: String,
    /// The bands applied are unconfirmed (a (?) reading).
    pub unconfirmed: bool,
    /// The list the time control alone gives: equal to `rating_type`
    /// unless the user chose the list (`--rating-type`).
    pub by_time_control: Option<RatingType>,
    /// The words of a report's header for a rapid or blitz event, e.g.
    /// "Rapid (15 min + 10 s: 25 min for 60 moves)"; empty otherwise.
    pub heading: String,
}

/// `25 min`, `7 min 30 s`, `45 s`: a time, exact (no rounding), as every
/// message about a time control writes it.
pub(crate) fn minutes_text(seconds: u32) -> String {
    match (seconds / 60, seconds % 60) {
        (0, s) => format!("{s} s"),
        (m, 0) => format!("{m} min"),
        (m, s) => format!("{m} min {s} s"),
    }
}

/// Classifies an event whose shorter side has `t60` seconds for 60 moves
/// and which started on `start`.
pub(crate) fn classify(t60: u32, start: NaiveDate) -> Classification {
    let t = minutes_text(t60);
    if t60 >= STANDARD_MINIMUM_SECONDS {
        return Classification {
            rating_type: Some(RatingType::Standard),
            reason: format!("{t} for 60 moves: at least the 60 min of the standard list"),
            unconfirmed: false,
            by_time_control: Some(RatingType::Standard),
            heading: String::new(),
        };
    }
    let Some(b) = bands_at(start) else {
        return Classification {
            rating_type: None,
            reason: format!(
                "{t} for 60 moves is below the standard minimum of 60 min, and FIDE had no rapid or blitz list before 2012"
            ),
            unconfirmed: false,
            by_time_control: None,
            heading: String::new(),
        };
    };
    let above_low = if b.blitz_inclusive_low {
        t60 >= b.blitz_low
    } else {
        t60 > b.blitz_low
    };
    let within_high = if b.blitz_inclusive_high {
        t60 <= b.blitz_high
    } else {
        t60 < b.blitz_high
    };
    let (rating_type, why) = if !above_low {
        (
            None,
            format!(
                "too fast for the blitz list ({} {})",
                if b.blitz_inclusive_low {
                    "at least"
                } else {
                    "more than"
                },
                minutes_text(b.blitz_low)
            ),
        )
    } else if within_high {
        (Some(RatingType::Blitz), "blitz".to_owned())
    } else if t60 < b.rapid_below {
        (Some(RatingType::Rapid), "rapid".to_owned())
    } else {
        (None, "between the rapid and the standard bands".to_owned())
    };
    Classification {
        rating_type,
        reason: format!(
            "{t} for 60 moves: {why} under {}{}",
            b.name,
            if b.unconfirmed {
                " (FIDE's text of these bands has not been found; trfkit assumes them)"
            } else {
                ""
            }
        ),
        unconfirmed: b.unconfirmed,
        by_time_control: rating_type,
        heading: String::new(),
    }
}

/// The list one game goes to (R&B art. 1.1 and B.02 section 1 of the
/// edition in force), or why it goes to none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "class", rename_all = "kebab-case")]
pub(crate) enum GameClass {
    /// At least the standard minimum of the game's band.
    Standard,
    /// Below the game's standard band, rated as standard only because the
    /// user states the Qualification Commission approved the event
    /// (`--qc-approved-fast-classic`, see [`fast_classic_at`]).
    StandardByQcApproval,
    /// The rapid band.
    Rapid,
    /// The blitz band.
    Blitz,
    /// Rapid or blitz by the time, but the players had different times
    /// (Armageddon, `222 Wd-Bd`): not rated (R&B 2024 art. 1.2).
    UnequalTimes {
        /// The list the shorter side's time points to.
        by_time: RatingType,
    },
    /// Below the blitz band.
    TooFast,
    /// At least 60 min (too slow for rapid) but below the game's standard
    /// band: on no list.
    BetweenRapidAndStandard {
        /// The standard minimum of the game's band, in minutes.
        need_minutes: u32,
    },
    /// Below 60 min before FIDE had rapid and blitz lists (2012).
    NoRapidBlitzList,
}

impl GameClass {
    /// The list the game is rated on, if any.
    #[cfg(test)]
    pub(crate) fn list(self) -> Option<RatingType> {
        match self {
            GameClass::Standard | GameClass::StandardByQcApproval => Some(RatingType::Standard),
            GameClass::Rapid => Some(RatingType::Rapid),
            GameClass::Blitz => Some(RatingType::Blitz),
            _ => None,
        }
    }
}

/// What one game's classification needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct GameInput {
    /// White's seconds for 60 moves.
    pub white_t60: u32,
    /// Black's seconds for 60 moves.
    pub black_t60: u32,
    /// The standard minimum for this game in minutes, from the rating that
    /// sets its band (the higher-rated player of the game from 2017, the
    /// highest-rated player of the tournament before): see
    /// [`RateOfPlay::minimum_minutes`](super::RateOfPlay::minimum_minutes).
    pub standard_minimum_minutes: u32,
}

/// Classifies one game of an event that started on `start`, per §1.2 of
/// the classification algorithm (R&B 2024 art. 1.1–1.2, B.02 2024 section 1).
/// `fast_classic` is the QC approval window the user's statement falls in,
/// if any ([`fast_classic_at`]).
pub(crate) fn classify_game(
    g: GameInput,
    start: NaiveDate,
    fast_classic: Option<&FastClassic>,
) -> GameClass {
    let t = g.white_t60.min(g.black_t60);
    if t >= STANDARD_MINIMUM_SECONDS {
        let need = g.standard_minimum_minutes;
        return if t >= need * 60 {
            GameClass::Standard
        } else if fast_classic.is_some_and(|f| t >= f.minimum_minutes * 60) {
            GameClass::StandardByQcApproval
        } else {
            GameClass::BetweenRapidAndStandard { need_minutes: need }
        };
    }
    match classify(t, start).rating_type {
        Some(rt) if g.white_t60 != g.black_t60 => GameClass::UnequalTimes { by_time: rt },
        Some(RatingType::Rapid) => GameClass::Rapid,
        Some(RatingType::Blitz) => GameClass::Blitz,
        _ if bands_at(start).is_none() => GameClass::NoRapidBlitzList,
        _ => GameClass::TooFast,
    }
}

/// The games of an event counted by class, one pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub(crate) struct GameTally {
    /// Games over the board.
    pub games: u32,
    /// Standard by time.
    pub standard: u32,
    /// Standard by the QC approval the user stated.
    pub by_qc_approval: u32,
    /// Between the rapid and the standard bands: on no list.
    pub between: u32,
    /// The highest standard minimum those games missed, in minutes.
    pub between_need_minutes: u32,
}

impl GameTally {
    /// Counts one game.
    pub(crate) fn add(&mut self, c: GameClass) {
        self.games += 1;
        match c {
            GameClass::Standard => self.standard += 1,
            GameClass::StandardByQcApproval => self.by_qc_approval += 1,
            GameClass::BetweenRapidAndStandard { need_minutes } => {
                self.between += 1;
                self.between_need_minutes = self.between_need_minutes.max(need_minutes);
            }
            _ => {}
        }
    }

    /// Adds to a standard event's classification why some (or all) of its
    /// games are on no list: at least 60 min is too slow for rapid, and
    /// below the game's band is too fast for standard. When every game is
    /// such a game the event is on no list.
    /// Before 2012 there was no rapid list to miss, and nothing changes.
    /// `t60` is the shorter side's seconds for 60 moves.
    pub(crate) fn refine(&self, c: &mut Classification, start: NaiveDate, t60: u32) {
        if c.rating_type != Some(RatingType::Standard)
            || self.between == 0
            || bands_at(start).is_none()
        {
            return;
        }
        let why = format!(
            "below the standard band its players set (up to {} min) and too slow for rapid (less than 60 min): rated on no list",
            self.between_need_minutes
        );
        if self.between == self.games {
            c.rating_type = None;
            c.by_time_control = None;
            c.reason = format!("{} for 60 moves: every game is {why}", minutes_text(t60));
        } else {
            c.reason = format!(
                "{}; but {} of {} games are {why}",
                c.reason, self.between, self.games
            );
        }
    }
}

/// A window in which the Qualification Commission may rate an event at
/// 45'+30" (or 60'+30") as standard below the normal band ("fast classic").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct FastClassic {
    /// First start date.
    pub from: NaiveDate,
    /// Last start date, `None` while in force.
    pub until: Option<NaiveDate>,
    /// What it is, for messages.
    pub name: &'static str,
    /// Lowest time for 60 moves (45'+30" → 75 min).
    pub minimum_minutes: u32,
    /// Whether games of such an event count for title norms.
    pub norms: bool,
    /// Rounds a day allowed (the pilot's two; unconfirmed for 2026 (?)).
    pub max_rounds_per_day: Option<u8>,
}

/// The fast-classic windows: the 2025 pilot (three named events, 7 Sep to
/// 24 Nov 2025; FIDE news, secondary (s)) and the Council resolution "for
/// the 2026 calendar" (FIDE news; the day it starts is not given, read as
/// 1 Jan 2026 (?)).
pub(crate) const FAST_CLASSIC: &[FastClassic] = &[
    FastClassic {
        from: ymd(2025, 9, 7),
        until: Some(ymd(2025, 11, 24)),
        name: "the 2025 fast-classic pilot (45'+30\", no title norms, at most two rounds a day)",
        minimum_minutes: 75,
        norms: false,
        max_rounds_per_day: Some(2),
    },
    FastClassic {
        from: ymd(2026, 1, 1),
        until: None,
        name: "the 2026 fast-classic rule (45'+30\" or 60'+30\" for QC-approved major or traditional events, title norms count)",
        minimum_minutes: 75,
        norms: true,
        max_rounds_per_day: None,
    },
];

/// The fast-classic window an event starting on `start` falls in, if any.
pub(crate) fn fast_classic_at(start: NaiveDate) -> Option<&'static FastClassic> {
    FAST_CLASSIC
        .iter()
        .find(|f| f.from <= start && f.until.is_none_or(|u| start <= u))
}

/// `15 min + 10 s`, `3 min + 2 s`, `10 min`: a one-period control as
/// people say it; `None` for controls with move counts or per-side times.
pub(crate) fn short_control(base_seconds: u32, increment_seconds: u32) -> String {
    let base = minutes_text(base_seconds);
    if increment_seconds == 0 {
        base
    } else {
        format!("{base} + {increment_seconds} s")
    }
}

/// The header words of a rapid or blitz event: "Rapid (15 min + 10 s: 25
/// min for 60 moves)"; `control` is the control as people say it.
pub(crate) fn heading(rating_type: RatingType, control: &str, t60: u32) -> String {
    format!(
        "{} ({control}: {} for 60 moves)",
        rating_type.title(),
        minutes_text(t60)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(minutes: u32, y: i32) -> Option<RatingType> {
        classify(minutes * 60, ymd(y, 6, 1)).rating_type
    }

    #[test]
    fn worked_cases_of_2024() {
        // rapid-blitz §1.3: 3+0 not rated, 3+2 blitz, 10+0 blitz, 10+2
        // rapid, 15+10 rapid, 45+0 rapid, 60+0 standard, 90+30 standard.
        assert_eq!(kind(3, 2025), None);
        assert_eq!(kind(5, 2025), Some(RatingType::Blitz));
        assert_eq!(kind(10, 2025), Some(RatingType::Blitz));
        assert_eq!(kind(12, 2025), Some(RatingType::Rapid));
        assert_eq!(kind(25, 2025), Some(RatingType::Rapid));
        assert_eq!(kind(59, 2025), Some(RatingType::Rapid));
        assert_eq!(kind(60, 2025), Some(RatingType::Standard));
        assert_eq!(kind(120, 2025), Some(RatingType::Standard));
        // 3 min 30 s is more than 3 minutes.
        assert_eq!(
            classify(210, ymd(2025, 1, 1)).rating_type,
            Some(RatingType::Blitz)
        );
    }

    #[test]
    fn earlier_editions() {
        assert_eq!(kind(25, 2010), None);
        assert_eq!(kind(90, 2010), Some(RatingType::Standard));
        // 2012: blitz under 15, rapid from 15.
        assert_eq!(kind(12, 2012), Some(RatingType::Blitz));
        assert_eq!(kind(15, 2012), Some(RatingType::Rapid));
        assert_eq!(kind(4, 2012), None);
        // 2013–2024: blitz up to 10, no lower bound known.
        assert_eq!(kind(12, 2016), Some(RatingType::Rapid));
        assert_eq!(kind(2, 2016), Some(RatingType::Blitz));
        assert!(classify(120, ymd(2016, 1, 1)).unconfirmed);
    }

    fn game(w: u32, b: u32, need: u32, y: i32) -> GameClass {
        let g = GameInput {
            white_t60: w * 60,
            black_t60: b * 60,
            standard_minimum_minutes: need,
        };
        classify_game(g, ymd(y, 6, 1), None)
    }

    #[test]
    fn games_of_2024() {
        // rapid-blitz §1.3: 60+0 is standard for two players under 1800,
        // on no list with a 1800+ player (band 90); 45+30 likewise.
        assert_eq!(game(60, 60, 60, 2025), GameClass::Standard);
        assert_eq!(
            game(60, 60, 90, 2025),
            GameClass::BetweenRapidAndStandard { need_minutes: 90 }
        );
        assert_eq!(game(90, 90, 120, 2025).list(), None);
        assert_eq!(game(120, 120, 120, 2025), GameClass::Standard);
        assert_eq!(game(25, 25, 60, 2025), GameClass::Rapid);
        assert_eq!(game(5, 5, 60, 2025), GameClass::Blitz);
        assert_eq!(game(3, 3, 60, 2025), GameClass::TooFast);
        assert_eq!(
            game(5, 4, 60, 2025),
            GameClass::UnequalTimes {
                by_time: RatingType::Blitz
            }
        );
        assert_eq!(game(25, 25, 60, 2010), GameClass::NoRapidBlitzList);
    }

    #[test]
    fn fast_classic_windows() {
        assert!(fast_classic_at(ymd(2025, 9, 6)).is_none());
        assert!(fast_classic_at(ymd(2025, 9, 7)).is_some_and(|f| !f.norms));
        assert!(fast_classic_at(ymd(2025, 11, 24)).is_some());
        assert!(fast_classic_at(ymd(2025, 12, 1)).is_none());
        assert!(fast_classic_at(ymd(2026, 3, 1)).is_some_and(|f| f.norms));
        let f = fast_classic_at(ymd(2026, 3, 1));
        let g = GameInput {
            white_t60: 75 * 60,
            black_t60: 75 * 60,
            standard_minimum_minutes: 90,
        };
        assert_eq!(
            classify_game(g, ymd(2026, 3, 1), f),
            GameClass::StandardByQcApproval
        );
        assert_eq!(
            classify_game(g, ymd(2026, 3, 1), None),
            GameClass::BetweenRapidAndStandard { need_minutes: 90 }
        );
    }

    #[test]
    fn header_words() {
        assert_eq!(
            heading(RatingType::Rapid, &short_control(900, 10), 1500),
            "Rapid (15 min + 10 s: 25 min for 60 moves)"
        );
        assert_eq!(short_control(600, 0), "10 min");
    }
}
