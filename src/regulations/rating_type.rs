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
//! Standard here means only "at least the lowest standard minimum" (60 min
//! for 60 moves in every edition): whether each game meets its rating band
//! (90 or 120 min) is the rule `time-control-below-minimum`'s question.
//! The event is classified by the shorter side's time (an Armageddon
//! control is classified by the side with less time).

use chrono::NaiveDate;
use serde::Serialize;

/// A FIDE rating list. A contract: JSON `"rating_type"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
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
pub const EDITIONS: &[Bands] = &[
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
pub const STANDARD_MINIMUM_SECONDS: u32 = 60 * 60;

/// The bands in force at a start date; `None` before 2012, when FIDE had
/// no rapid or blitz list.
pub fn bands_at(start: NaiveDate) -> Option<&'static Bands> {
    EDITIONS.iter().rev().find(|b| b.from <= start)
}

/// What an event's time control makes of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Classification {
    /// The list, or `None` when the control is too fast for any list (or
    /// between the rapid and standard bands).
    pub rating_type: Option<RatingType>,
    /// One sentence: why, with T and the edition.
    pub reason: String,
    /// The bands applied are unconfirmed (a (?) reading).
    pub unconfirmed: bool,
}

/// `25 min`, `7.5 min`: seconds for 60 moves as minutes.
pub fn minutes_text(seconds: u32) -> String {
    if seconds % 60 == 0 {
        format!("{} min", seconds / 60)
    } else {
        format!("{:.1} min", f64::from(seconds) / 60.0)
    }
}

/// Classifies an event whose shorter side has `t60` seconds for 60 moves
/// and which started on `start`.
pub fn classify(t60: u32, start: NaiveDate) -> Classification {
    let t = minutes_text(t60);
    if t60 >= STANDARD_MINIMUM_SECONDS {
        return Classification {
            rating_type: Some(RatingType::Standard),
            reason: format!("{t} for 60 moves: at least the 60 min of the standard list"),
            unconfirmed: false,
        };
    }
    let Some(b) = bands_at(start) else {
        return Classification {
            rating_type: None,
            reason: format!(
                "{t} for 60 moves is below the standard minimum of 60 min, and FIDE had no rapid or blitz list before 2012"
            ),
            unconfirmed: false,
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
                " (bands unconfirmed (?))"
            } else {
                ""
            }
        ),
        unconfirmed: b.unconfirmed,
    }
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
}
