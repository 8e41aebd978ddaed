//! Where each rule sits in each edition, and how sure the reading is.
//!
//! Article numbers are only those docs/spec/regulations.md or docs/spec/regulations-2009-2017.md
//! quote for that edition; elsewhere the answer is a topic name (or the
//! section a page title gives, e.g. page B0201 of the 2003 handbook → section
//! 1). No number here was inferred from another edition.

use super::{Regulations, Version};
use serde::Serialize;

/// A rule topic, keyed to the rows of the docs/spec/regulations.md matrix.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Topic {
    /// R1: minimum thinking time.
    RateOfPlay,
    /// R5: moves in the first time control.
    FirstControl,
    /// R6: maximum rounds a day.
    RoundsPerDay,
    /// R7: maximum hours of play a day.
    DailyPlayingTime,
    /// R8: maximum duration of a tournament.
    Duration,
    /// R9: interim reports for long events.
    InterimReports,
    /// R10: unplayed games.
    UnplayedGames,
    /// R11: games in which both players made a move.
    OneMoveRule,
    /// R12: matches with unrated players.
    MatchWithUnrated,
    /// R13: games after a fixed-length match is decided.
    GamesAfterMatchDecided,
    /// R14: round-robin composition.
    RoundRobinComposition,
    /// R15, R16: when an unrated player's event counts.
    UnratedEvent,
    /// R17: pre-registration.
    Registration,
    /// R19: rating periods and lists.
    RatingLists,
    /// R20: rating floor.
    RatingFloor,
    /// R21: cap on the rating difference.
    DifferenceCap,
    /// R22: how a rated player's change is computed.
    RatingChange,
    /// R23: rated players' games against unrated players in round robins.
    RoundRobinUnratedGames,
    /// R24: K factor.
    KFactor,
    /// R25: K × n ≤ 700.
    KTimesGames,
    /// R26: initial rating.
    InitialRating,
    /// R27: pooling several events.
    Pooling,
    /// R28: minimum games for a first rating.
    MinimumGames,
    /// R29: rounding.
    Rounding,
    /// R30, R31: the conversion tables.
    ConversionTables,
}

/// How sure the reading of a rule is (the marks of docs/spec/regulations.md §0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Certainty {
    /// Read in a translation or in an English original or transcription.
    Read,
    /// (s): from a secondary report.
    Secondary,
    /// (?): reconstruction; verify before relying on it.
    Unconfirmed,
}

impl Topic {
    /// Every topic.
    pub const ALL: [Topic; 25] = [
        Topic::RateOfPlay,
        Topic::FirstControl,
        Topic::RoundsPerDay,
        Topic::DailyPlayingTime,
        Topic::Duration,
        Topic::InterimReports,
        Topic::UnplayedGames,
        Topic::OneMoveRule,
        Topic::MatchWithUnrated,
        Topic::GamesAfterMatchDecided,
        Topic::RoundRobinComposition,
        Topic::UnratedEvent,
        Topic::Registration,
        Topic::RatingLists,
        Topic::RatingFloor,
        Topic::DifferenceCap,
        Topic::RatingChange,
        Topic::RoundRobinUnratedGames,
        Topic::KFactor,
        Topic::KTimesGames,
        Topic::InitialRating,
        Topic::Pooling,
        Topic::MinimumGames,
        Topic::Rounding,
        Topic::ConversionTables,
    ];

    /// The topic's plain name, used where no article number is known.
    pub fn name(self) -> &'static str {
        match self {
            Topic::RateOfPlay => "rate of play",
            Topic::FirstControl => "first time control",
            Topic::RoundsPerDay => "rounds per day",
            Topic::DailyPlayingTime => "hours of play per day",
            Topic::Duration => "duration of tournaments",
            Topic::InterimReports => "interim reports",
            Topic::UnplayedGames => "unplayed games",
            Topic::OneMoveRule => "games in which both players moved",
            Topic::MatchWithUnrated => "matches with unrated players",
            Topic::GamesAfterMatchDecided => "games after a match is decided",
            Topic::RoundRobinComposition => "round-robin composition",
            Topic::UnratedEvent => "results of unrated players",
            Topic::Registration => "registration of tournaments",
            Topic::RatingLists => "rating lists",
            Topic::RatingFloor => "rating floor",
            Topic::DifferenceCap => "rating difference cap",
            Topic::RatingChange => "rating change",
            Topic::RoundRobinUnratedGames => "round robins with unrated players",
            Topic::KFactor => "K factor",
            Topic::KTimesGames => "K factor (K × n ≤ 700)",
            Topic::InitialRating => "initial rating",
            Topic::Pooling => "pooling of results",
            Topic::MinimumGames => "games for a first rating",
            Topic::Rounding => "rounding",
            Topic::ConversionTables => "conversion tables",
        }
    }
}

impl Regulations {
    /// Where `topic` sits in this edition: "art. 8.3.3" where the spec
    /// quotes a number, otherwise a section or the topic's name.
    pub fn article(&self, topic: Topic) -> &'static str {
        article(self.version, topic).unwrap_or(topic.name())
    }

    /// How sure the reading of `topic` is for this edition.
    pub fn certainty(&self, topic: Topic) -> Certainty {
        certainty(self.version, topic)
    }

    /// A caveat to show next to a finding based on `topic`, in plain words,
    /// e.g. "FIDE's 2017 text on rounds per day has not been found: trfkit
    /// assumes the rule of the editions around it"; `None` when the rule
    /// was read in FIDE's text.
    pub fn caveat(&self, topic: Topic) -> Option<String> {
        match self.certainty(topic) {
            Certainty::Read => None,
            Certainty::Secondary => Some(format!(
                "from a secondary source: FIDE's {} text on {} is known from a translation or a federation's copy, not from FIDE's own publication",
                self.version.id(),
                topic.name()
            )),
            Certainty::Unconfirmed => Some(format!(
                "not confirmed: FIDE's {} text on {} has not been found, and trfkit assumes the rule of the editions around it",
                self.version.id(),
                topic.name()
            )),
        }
    }
}

fn article(version: Version, topic: Topic) -> Option<&'static str> {
    use Topic as T;
    use Version as V;
    Some(match (version, topic) {
        // [EN-2003] handbook pages B0201 (rate of play), B0206
        // (composition), B0209 (rating list), B0210 (unrated players, RR
        // example with rule 10.25); §3.2 gives 10.3 for pooling.
        (V::V2003, T::RateOfPlay | T::FirstControl) => "section 1 (rate of play)",
        (V::V2003, T::MatchWithUnrated | T::RoundRobinComposition | T::UnratedEvent) => {
            "section 6 (composition of tournaments)"
        }
        (V::V2003, T::RatingLists | T::RatingFloor) => "section 9 (rating list)",
        (V::V2003, T::InitialRating | T::RoundRobinUnratedGames) => {
            "section 10 (art. 10.25 for round robins)"
        }
        (V::V2003 | V::V2005, T::Pooling) => "art. 10.3",
        // [S-PL] numbering quoted in the matrix.
        (V::V2005, T::RateOfPlay | T::FirstControl) => "art. 1.2, 1.14",
        (V::V2005, T::MatchWithUnrated) => "art. 6.4",
        (V::V2005, T::RoundRobinComposition) => "art. 6.3–6.33, 6.43",
        (V::V2005, T::UnratedEvent) => "art. 6.4–6.42, 10.21",
        (V::V2005, T::Registration) => "art. 7.1",
        (V::V2005, T::RatingLists) => "art. 9.11",
        (V::V2005, T::InitialRating) => "art. 10.21–10.25",
        (V::V2005, T::RoundRobinUnratedGames) => "art. 10.21–10.25 (example 10.54)",
        (V::V2005, T::Rounding) => "art. 10.32, 10.53",
        // docs/spec/regulations-2009-2017.md §1.
        (V::V2009, T::Registration) => "art. 0.4",
        (V::V2009, T::RatingFloor) => "art. 0.6",
        (V::V2009, T::RateOfPlay) => "art. 1.1",
        (V::V2009, T::FirstControl) => "art. 1.3",
        (V::V2009, T::UnratedEvent) => "art. 8.21 (from 1 July 2011)",
        // docs/spec/regulations-2009-2017.md §2, §3.
        (V::V2013 | V::V2014, T::KFactor | T::KTimesGames) => "art. 8.56",
        (V::V2014, T::RoundRobinComposition) => "art. 6.2, 6.4",
        (V::V2014, T::UnratedEvent) => "art. 6.3, 6.31",
        (V::V2014, T::GamesAfterMatchDecided) => "art. 6.5",
        (V::V2014, T::MatchWithUnrated) => "art. 6.6",
        (V::V2014, T::MinimumGames) => "art. 7.14",
        (V::V2014, T::Pooling) => "art. 7.14(c)",
        (V::V2014, T::RatingFloor) => "art. 7.14(d)",
        // docs/spec/regulations-2009-2017.md §4 and the matrix (R27).
        (V::V2017, T::Registration) => "art. 0.2",
        (V::V2017, T::RateOfPlay) => "art. 1.1",
        (V::V2017, T::FirstControl) => "art. 1.2",
        (V::V2017 | V::V2022 | V::V2024, T::Pooling) => "art. 7.1.4",
        // [KOL] quotes the 2022 §1.1–1.2; [ZZ-VT] §8.2 (initial rating) and
        // §8.3.1 (the once-only 400 rule).
        (V::V2022, T::RateOfPlay | T::FirstControl) => "art. 1.1–1.2",
        (V::V2022, T::InitialRating) => "art. 8.2",
        (V::V2022, T::DifferenceCap) => "art. 8.3.1",
        // [ZZ-V] §1 and tables 8.1.1/8.1.2; 8.3.3 quoted for K.
        (V::V2024, T::RateOfPlay | T::FirstControl) => "section 1 (rate of play)",
        (V::V2024, T::KFactor | T::KTimesGames) => "art. 8.3.3",
        (V::V2024, T::ConversionTables) => "tables 8.1.1 and 8.1.2",
        _ => return None,
    })
}

fn certainty(version: Version, topic: Topic) -> Certainty {
    use Certainty::{Read as R, Secondary as S, Unconfirmed as U};
    use Topic as T;
    use Version as V;
    match version {
        V::V2003 | V::V2005 => match topic {
            // "Nearest integer": .5 of a negative change is our convention.
            T::Rounding => U,
            _ => R,
        },
        V::V2009 => match topic {
            T::RateOfPlay
            | T::FirstControl
            | T::DailyPlayingTime
            | T::UnplayedGames
            | T::Registration => R,
            T::RatingChange | T::KTimesGames | T::InterimReports => R,
            T::Duration | T::OneMoveRule | T::MatchWithUnrated | T::GamesAfterMatchDecided => U,
            T::InitialRating | T::Pooling | T::Rounding | T::ConversionTables => U,
            T::RoundsPerDay | T::RoundRobinComposition | T::UnratedEvent | T::RatingLists => S,
            T::RatingFloor | T::DifferenceCap | T::RoundRobinUnratedGames | T::KFactor => S,
            T::MinimumGames => S,
        },
        V::V2013 => match topic {
            T::FirstControl | T::InterimReports | T::OneMoveRule | T::Registration => R,
            T::UnplayedGames | T::RatingChange | T::KFactor | T::KTimesGames => R,
            T::RoundsPerDay
            | T::RatingLists
            | T::RatingFloor
            | T::DifferenceCap
            | T::MinimumGames => S,
            T::RateOfPlay | T::DailyPlayingTime | T::Duration | T::MatchWithUnrated => U,
            T::GamesAfterMatchDecided | T::RoundRobinComposition | T::UnratedEvent => U,
            T::RoundRobinUnratedGames | T::InitialRating | T::Pooling | T::Rounding => U,
            T::ConversionTables => U,
        },
        V::V2014 => match topic {
            T::FirstControl
            | T::UnplayedGames
            | T::MatchWithUnrated
            | T::GamesAfterMatchDecided => R,
            T::UnratedEvent
            | T::RatingLists
            | T::RatingFloor
            | T::DifferenceCap
            | T::RatingChange => R,
            T::KFactor | T::MinimumGames => R,
            T::RoundsPerDay | T::DailyPlayingTime | T::Duration | T::InterimReports => S,
            T::RoundRobinComposition | T::RoundRobinUnratedGames | T::Pooling => S,
            T::RateOfPlay | T::OneMoveRule | T::Registration | T::KTimesGames => U,
            T::InitialRating | T::Rounding | T::ConversionTables => U,
        },
        V::V2017 => match topic {
            T::RateOfPlay | T::FirstControl | T::InterimReports | T::UnplayedGames => R,
            T::Registration | T::RatingLists | T::DifferenceCap | T::RatingChange => R,
            T::Pooling | T::MinimumGames => R,
            T::RoundsPerDay | T::DailyPlayingTime | T::Duration | T::OneMoveRule => U,
            T::MatchWithUnrated | T::GamesAfterMatchDecided | T::RoundRobinComposition => U,
            T::UnratedEvent | T::RatingFloor | T::RoundRobinUnratedGames | T::KFactor => U,
            T::KTimesGames | T::InitialRating | T::Rounding | T::ConversionTables => U,
        },
        V::V2022 => R,
        V::V2024 => match topic {
            // The 2025 pilot and the 2026 QC-approved controls are (s).
            T::RateOfPlay => S,
            _ => R,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn articles_are_numbers_or_names() {
        for r in Regulations::all() {
            for t in Topic::ALL {
                let a = r.article(t);
                assert!(!a.is_empty());
                assert!(
                    a.starts_with("art. ")
                        || a.starts_with("section ")
                        || a.starts_with("tables ")
                        || a == t.name(),
                    "{a}"
                );
            }
        }
        assert_eq!(
            Version::V2014.regulations().article(Topic::KFactor),
            "art. 8.56"
        );
        assert_eq!(
            Version::V2022.regulations().article(Topic::KFactor),
            "K factor"
        );
        assert_eq!(
            Version::V2009.regulations().article(Topic::Registration),
            "art. 0.4"
        );
    }

    #[test]
    fn caveats() {
        let r = Version::V2017.regulations();
        assert_eq!(
            r.caveat(Topic::RoundsPerDay).as_deref(),
            Some("not confirmed: FIDE's 2017 text on rounds per day has not been found, and trfkit assumes the rule of the editions around it")
        );
        assert_eq!(
            Version::V2022.regulations().caveat(Topic::RoundsPerDay),
            None
        );
        assert_eq!(
            Version::V2009
                .regulations()
                .caveat(Topic::DifferenceCap)
                .as_deref(),
            Some("from a secondary source: FIDE's 2009 text on rating difference cap is known from a translation or a federation's copy, not from FIDE's own publication")
        );
    }
}
