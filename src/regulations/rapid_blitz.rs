//! The FIDE Rapid and Blitz Rating Regulations as data, one value per
//! chapter edition, beside the standard editions of [`super::Regulations`].
//!
//! A rapid or blitz event is judged by the chapter in force at its start
//! date (the B.02 art. 0.1 convention, which the R&B chapter shares).
//! Amendments made while a chapter was in force are [`Dated`] values chosen
//! by the same date: the K factors of 1 October 2022 and the 600-point rule
//! of 1 December 2024 (whose "effective from" is read as a start date (?)).
//!
//! Every value carries its mark ([`Certainty`]): read in the chapter's text
//! (2024), secondary (s) (FIDE news, federation pages, 2012–2022), or
//! unconfirmed (?) where no source was found and the value is a reading;
//! rules built on a (?) value warn and never block.
//!
//! | chapter | bands | registration | rounds a day | K | cap | 600 rule | floor |
//! |---|---|---|---|---|---|---|---|
//! | 2012 (s) | 5 ≤ T < 15 < 60 | 2 days (s) | — (?) | 20 (s) | 400 (?) | — | 1200, 1000 from Jul 2012 (s) |
//! | 2013 (?) | T ≤ 10 < 60 | one week (?) | 15 / 30 (s) | 20, K × n ≤ 700 (s) | none (s) | — | 1000 (?) |
//! | 2022 (s) | as 2013 (?) | 3 days (?) | 15 / 30 (?) | as 2013; as standard from 1 Oct 2022 (s) | none; as standard from 1 Oct 2022 (?) | — | 1000 (?) |
//! | 2024 | 3 < T ≤ 10 < 60 | 3 days | 15 / 30 | as standard | 400 every game, no 2650 exemption | from 1 Dec 2024 | 1400 |

use super::articles::Certainty;
use super::dated::{ymd, Amendment, Dated};
use super::rating_type::{bands_at, Bands, RatingType};
use super::registration::LeadTime;
use chrono::NaiveDate;
use serde::Serialize;

/// A value and how sure its reading is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Marked<T> {
    /// The value.
    pub value: T,
    /// Read, secondary (s) or unconfirmed (?).
    pub mark: Certainty,
}

const fn read<T>(value: T) -> Marked<T> {
    Marked {
        value,
        mark: Certainty::Read,
    }
}

const fn secondary<T>(value: T) -> Marked<T> {
    Marked {
        value,
        mark: Certainty::Secondary,
    }
}

const fn unconfirmed<T>(value: T) -> Marked<T> {
    Marked {
        value,
        mark: Certainty::Unconfirmed,
    }
}

/// The most rounds a day (R&B 2024 art. 3.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RoundsPerDay {
    /// Rapid (15).
    pub rapid: u8,
    /// Blitz (30).
    pub blitz: u8,
}

impl RoundsPerDay {
    /// The limit for one list.
    pub fn for_type(self, t: RatingType) -> Option<u8> {
        match t {
            RatingType::Rapid => Some(self.rapid),
            RatingType::Blitz => Some(self.blitz),
            RatingType::Standard => None,
        }
    }
}

/// The K factors of a chapter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RapidBlitzK {
    /// One K for every player, then K × n ≤ the limit where there is one.
    Flat {
        /// 20.
        k: u8,
        /// 700 from 2013 (s); `None` in 2012.
        k_times_games_limit: Option<u32>,
    },
    /// The K rules of the standard edition in force at the same date (new
    /// player 40, 20, 10 from 2400, juniors 40, K × n ≤ 700).
    AsStandard,
}

/// The rating-difference cap of a chapter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RapidBlitzCap {
    /// No cap: the whole difference counts (the tables reach 735).
    None,
    /// Every game: a larger difference counts as `points`, for every
    /// player (no 2650 exemption: that 1 Oct 2025 note is standard only).
    EveryGame {
        /// 400.
        points: u16,
    },
    /// The standard edition's cap, exemption excepted.
    AsStandard,
}

/// The 600-point rule of 1 December 2024 (inside R&B 2024 art. 7.3.1): a
/// game with a rating difference of `min_difference` or more is not rated,
/// for either player, if a player is rated above `above_rating`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct BigGap {
    /// 600, inclusive ("600 points or more").
    pub min_difference: u16,
    /// 2600, strict ("above").
    pub above_rating: u16,
}

impl BigGap {
    /// Whether a game between these ratings is not rated.
    pub fn excludes(self, a: u16, b: u16) -> bool {
        a.max(b) > self.above_rating && a.abs_diff(b) >= self.min_difference
    }
}

/// One edition of the rapid and blitz chapter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RapidBlitz {
    /// `2012`, `2013`, `2022`, `2024`.
    pub id: &'static str,
    /// "FIDE Rapid and Blitz Rating Regulations (2024)".
    pub title: &'static str,
    /// First start date it applies to.
    pub effective_from: NaiveDate,
    /// Its start date is itself a reading (2013: (?)).
    pub effective_from_mark: Certainty,
    /// Games with different times for the two players are not rated
    /// (`true`), or the text says nothing (`false`).
    pub unequal_times_not_rated: Marked<bool>,
    /// How long before the start an event must be registered; `None` =
    /// "as early as possible" with no lead stated.
    pub registration: Marked<Option<LeadTime>>,
    /// Rounds a day; `None` = no limit stated.
    pub rounds_per_day: Marked<Option<RoundsPerDay>>,
    /// K factors.
    pub k: Dated<Marked<RapidBlitzK>>,
    /// The difference cap.
    pub cap: Dated<Marked<RapidBlitzCap>>,
    /// The 600-point rule.
    pub big_gap: Dated<Option<BigGap>>,
    /// A player unrated in rapid (or blitz) who has a standard rating at
    /// the start is rated with it (R&B 2024 art. 7.2.1).
    pub standard_seed: Marked<bool>,
    /// Lowest published rating.
    pub floor: Dated<Marked<u16>>,
    /// Half-points an unrated player must score in a first event (2: the
    /// "at least one point" of 2012–2021 (s); 1: as standard).
    pub first_event_min_half_points: Marked<u8>,
}

/// A topic of the rapid and blitz chapter, for articles and marks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RapidBlitzTopic {
    /// Which games are rapid or blitz (art. 1.1).
    RateOfPlay,
    /// Different times for the two players (art. 1.2).
    UnequalTimes,
    /// Registration of tournaments.
    Registration,
    /// Rounds per day (art. 3.1).
    RoundsPerDay,
    /// K factor (art. 7.3.3).
    KFactor,
    /// The 400 cap (art. 7.3.1).
    DifferenceCap,
    /// The 600-point rule (art. 7.3.1, 1 Dec 2024).
    BigGap,
    /// Initial ratings, including the standard seed (art. 7.2.1).
    InitialRating,
    /// What a newcomer must score in a first event (art. 7.2).
    FirstEventScore,
    /// The rating floor (art. 6.2.1).
    RatingFloor,
}

impl RapidBlitzTopic {
    /// The topic's plain name, used where no article number is known.
    pub fn name(self) -> &'static str {
        match self {
            RapidBlitzTopic::RateOfPlay => "rate of play",
            RapidBlitzTopic::UnequalTimes => "equal playing times",
            RapidBlitzTopic::Registration => "registration of tournaments",
            RapidBlitzTopic::RoundsPerDay => "rounds per day",
            RapidBlitzTopic::KFactor => "K factor",
            RapidBlitzTopic::DifferenceCap => "rating difference cap",
            RapidBlitzTopic::BigGap => "600-point rule",
            RapidBlitzTopic::InitialRating => "initial rating",
            RapidBlitzTopic::FirstEventScore => "initial rating (score in a first event)",
            RapidBlitzTopic::RatingFloor => "rating floor",
        }
    }
}

static K_2022: &[Amendment<Marked<RapidBlitzK>>] = &[Amendment {
    from: ymd(2022, 10, 1),
    value: secondary(RapidBlitzK::AsStandard),
}];

static CAP_2022: &[Amendment<Marked<RapidBlitzCap>>] = &[Amendment {
    from: ymd(2022, 10, 1),
    value: unconfirmed(RapidBlitzCap::AsStandard),
}];

static FLOOR_2012: &[Amendment<Marked<u16>>] = &[Amendment {
    from: ymd(2012, 7, 1),
    value: secondary(1000),
}];

static BIG_GAP_2024: &[Amendment<Option<BigGap>>] = &[Amendment {
    from: ymd(2024, 12, 1),
    value: Some(BigGap {
        min_difference: 600,
        above_rating: 2600,
    }),
}];

/// The 2012 framework (Executive Board, Kraków, Nov 2011; FIDE news of
/// 16 Nov 2011 and federation reports: all (s)).
pub(crate) static RB2012: RapidBlitz = RapidBlitz {
    id: "2012",
    title: "FIDE Rapid and Blitz Rating Regulations (2012 framework)",
    effective_from: ymd(2012, 1, 1),
    effective_from_mark: Certainty::Secondary,
    unequal_times_not_rated: secondary(true),
    registration: secondary(Some(LeadTime::Days(2))),
    rounds_per_day: unconfirmed(None),
    k: Dated::fixed(secondary(RapidBlitzK::Flat {
        k: 20,
        k_times_games_limit: None,
    })),
    cap: Dated::fixed(unconfirmed(RapidBlitzCap::EveryGame { points: 400 })),
    big_gap: Dated::fixed(None),
    standard_seed: secondary(true),
    floor: Dated {
        initial: secondary(1200),
        amendments: FLOOR_2012,
    },
    first_event_min_half_points: secondary(2),
};

/// The chapter after the 2012 Congress (rapid above 10 min), in force
/// until 2021; its text was not found: (?) unless a 2021 report says (s).
pub(crate) static RB2013: RapidBlitz = RapidBlitz {
    id: "2013",
    title: "FIDE Rapid and Blitz Rating Regulations (2013)",
    effective_from: ymd(2013, 7, 1),
    effective_from_mark: Certainty::Unconfirmed,
    unequal_times_not_rated: unconfirmed(true),
    registration: unconfirmed(Some(LeadTime::Days(7))),
    rounds_per_day: secondary(Some(RoundsPerDay {
        rapid: 15,
        blitz: 30,
    })),
    k: Dated::fixed(secondary(RapidBlitzK::Flat {
        k: 20,
        k_times_games_limit: Some(700),
    })),
    cap: Dated::fixed(secondary(RapidBlitzCap::None)),
    big_gap: Dated::fixed(None),
    standard_seed: unconfirmed(true),
    floor: Dated::fixed(unconfirmed(1000)),
    first_event_min_half_points: secondary(2),
};

/// The chapter of the January 2022 package (text not found), amended on
/// 1 October 2022: K as standard (s) (and, read with it, the cap (?)).
pub(crate) static RB2022: RapidBlitz = RapidBlitz {
    id: "2022",
    title: "FIDE Rapid and Blitz Rating Regulations (2022)",
    effective_from: ymd(2022, 1, 1),
    effective_from_mark: Certainty::Secondary,
    unequal_times_not_rated: unconfirmed(true),
    registration: unconfirmed(Some(LeadTime::Days(3))),
    rounds_per_day: unconfirmed(Some(RoundsPerDay {
        rapid: 15,
        blitz: 30,
    })),
    k: Dated {
        initial: secondary(RapidBlitzK::Flat {
            k: 20,
            k_times_games_limit: Some(700),
        }),
        amendments: K_2022,
    },
    cap: Dated {
        initial: unconfirmed(RapidBlitzCap::None),
        amendments: CAP_2022,
    },
    big_gap: Dated::fixed(None),
    standard_seed: unconfirmed(true),
    floor: Dated::fixed(unconfirmed(1000)),
    first_event_min_half_points: unconfirmed(1),
};

/// "FIDE Rapid and Blitz Rating Regulations", applied from 1 March 2024
/// (Council, 15 Dec 2023), with the 600-point amendment of 1 Dec 2024.
pub(crate) static RB2024: RapidBlitz = RapidBlitz {
    id: "2024",
    title: "FIDE Rapid and Blitz Rating Regulations (2024)",
    effective_from: ymd(2024, 3, 1),
    effective_from_mark: Certainty::Read,
    unequal_times_not_rated: read(true),
    registration: read(Some(LeadTime::Days(3))),
    rounds_per_day: read(Some(RoundsPerDay {
        rapid: 15,
        blitz: 30,
    })),
    k: Dated::fixed(read(RapidBlitzK::AsStandard)),
    cap: Dated::fixed(read(RapidBlitzCap::EveryGame { points: 400 })),
    big_gap: Dated {
        initial: None,
        amendments: BIG_GAP_2024,
    },
    standard_seed: read(true),
    floor: Dated::fixed(read(1400)),
    first_event_min_half_points: read(1),
};

/// Every chapter edition, oldest first.
pub(crate) static ALL: [&RapidBlitz; 4] = [&RB2012, &RB2013, &RB2022, &RB2024];

impl RapidBlitz {
    /// The chapter in force for an event starting on `start`; `None`
    /// before 2012, when FIDE had no rapid or blitz list.
    pub fn at(start: NaiveDate) -> Option<&'static RapidBlitz> {
        ALL.iter()
            .rev()
            .find(|r| r.effective_from <= start)
            .copied()
    }

    /// Every chapter edition, oldest first.
    pub fn all() -> impl Iterator<Item = &'static RapidBlitz> {
        ALL.iter().copied()
    }

    /// The rapid and blitz bands of this chapter.
    pub fn bands(&self) -> Option<&'static Bands> {
        bands_at(self.effective_from)
    }

    /// "the 2024 rapid and blitz rules", as messages name it.
    pub fn text(&self) -> String {
        format!("the {} rapid and blitz rules", self.id)
    }

    /// Where `topic` sits in this chapter: an article number where the
    /// text was read, else the topic's name.
    pub fn article(&self, topic: RapidBlitzTopic) -> &'static str {
        use RapidBlitzTopic as T;
        let absent = match topic {
            T::BigGap => self.big_gap.latest().is_none(),
            T::RoundsPerDay => self.rounds_per_day.value.is_none(),
            _ => false,
        };
        if absent {
            return "no such rule";
        }
        if self.id != "2024" {
            return topic.name();
        }
        // The 2024 chapter: standard numbering shifted by one from section
        // 6 on (R&B 6 = std 7, R&B 7 = std 8), section 3 replaced.
        match topic {
            T::RateOfPlay => "art. 1.1",
            T::UnequalTimes => "art. 1.2",
            T::Registration => "section 0 (registration of tournaments)",
            T::RoundsPerDay => "art. 3.1",
            T::KFactor => "art. 7.3.3",
            T::DifferenceCap => "art. 7.3.1",
            T::BigGap => "art. 7.3.1 (amended 1 December 2024)",
            T::InitialRating => "art. 7.2.1",
            T::FirstEventScore => "art. 7.2",
            T::RatingFloor => "art. 6.2.1",
        }
    }

    /// "FIDE Rapid and Blitz Rating Regulations (2024), art. 3.1".
    pub fn reference(&self, topic: RapidBlitzTopic) -> String {
        format!("{}, {}", self.title, self.article(topic))
    }

    /// How sure the reading of `topic` is in this chapter (on `start`, for
    /// the amended values).
    pub fn certainty(&self, topic: RapidBlitzTopic, start: NaiveDate) -> Certainty {
        use RapidBlitzTopic as T;
        match topic {
            T::RateOfPlay => match self.bands() {
                Some(b) if b.unconfirmed => Certainty::Unconfirmed,
                _ => self.effective_from_mark,
            },
            T::UnequalTimes => self.unequal_times_not_rated.mark,
            T::Registration => self.registration.mark,
            T::RoundsPerDay => self.rounds_per_day.mark,
            T::KFactor => self.k.at(start).mark,
            T::DifferenceCap => self.cap.at(start).mark,
            // Read in 2024; the boundary by start date is a reading (?).
            T::BigGap => Certainty::Unconfirmed,
            T::InitialRating => self.standard_seed.mark,
            T::FirstEventScore => self.first_event_min_half_points.mark,
            T::RatingFloor => self.floor.at(start).mark,
        }
    }

    /// The caveat to show next to a finding on `topic`, in plain words: "the
    /// 2012 rapid and blitz rules are known here from a secondary source, …";
    /// `None` when read.
    pub fn caveat(&self, topic: RapidBlitzTopic, start: NaiveDate) -> Option<String> {
        match self.certainty(topic, start) {
            Certainty::Read => None,
            Certainty::Secondary => Some(format!(
                "from a secondary source: {} are known here from a translation or a report, not from FIDE's own publication",
                self.text()
            )),
            Certainty::Unconfirmed => Some(format!(
                "not confirmed: {} on this point have not been found, and trfkit assumes the rule of the chapters around them",
                self.text()
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chapters_by_start_date() {
        assert!(RapidBlitz::at(ymd(2011, 12, 31)).is_none());
        let id = |y, m, d| RapidBlitz::at(ymd(y, m, d)).map(|r| r.id);
        assert_eq!(id(2012, 1, 1), Some("2012"));
        assert_eq!(id(2013, 7, 1), Some("2013"));
        assert_eq!(id(2021, 12, 31), Some("2013"));
        assert_eq!(id(2022, 1, 1), Some("2022"));
        assert_eq!(id(2024, 2, 29), Some("2022"));
        assert_eq!(id(2024, 3, 1), Some("2024"));
    }

    #[test]
    fn dated_amendments() {
        assert_eq!(
            RB2022.k.at(ymd(2022, 9, 30)).value,
            RapidBlitzK::Flat {
                k: 20,
                k_times_games_limit: Some(700)
            }
        );
        assert_eq!(RB2022.k.at(ymd(2022, 10, 1)).value, RapidBlitzK::AsStandard);
        assert_eq!(*RB2024.big_gap.at(ymd(2024, 11, 30)), None);
        assert!(RB2024.big_gap.at(ymd(2024, 12, 1)).is_some());
        assert_eq!(RB2012.floor.at(ymd(2012, 7, 1)).value, 1000);
    }

    #[test]
    fn the_600_point_rule_is_inclusive_and_strict() {
        let g = BigGap {
            min_difference: 600,
            above_rating: 2600,
        };
        assert!(g.excludes(2601, 2001));
        assert!(g.excludes(2001, 2650));
        assert!(!g.excludes(2600, 2000));
        assert!(!g.excludes(2700, 2101));
    }

    #[test]
    fn articles_and_marks() {
        assert_eq!(
            RB2024.reference(RapidBlitzTopic::RoundsPerDay),
            "FIDE Rapid and Blitz Rating Regulations (2024), art. 3.1"
        );
        assert_eq!(RB2013.article(RapidBlitzTopic::KFactor), "K factor");
        assert_eq!(
            RB2024.caveat(RapidBlitzTopic::RoundsPerDay, ymd(2025, 1, 1)),
            None
        );
        assert_eq!(
            RB2022
                .caveat(RapidBlitzTopic::Registration, ymd(2023, 1, 1))
                .as_deref(),
            Some("not confirmed: the 2022 rapid and blitz rules on this point have not been found, and trfkit assumes the rule of the chapters around them")
        );
    }
}
