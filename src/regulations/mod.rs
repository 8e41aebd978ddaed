//! The FIDE Rating Regulations (Handbook B.02) as data, one value per edition.
//!
//! [`Regulations::for_start_date`] picks the edition in force for a
//! tournament's **start** date (the transition clause of every text since
//! 2003: 0.11 in 2003–2009, 0.1 from 2014). Amendments made while an edition
//! was in force are [`Dated`] values, also chosen by the start date, except
//! the registration rule of 25 December 2023, which applies by registration
//! date (`registration_requirement`).
//!
//! Source: the FIDE Handbook, B.02 (FIDE Rating Regulations) in its 2003,
//! 2005, 2009, 2013, 2014, 2017, 2022 and 2024 texts, as read in our notes
//! `docs/spec/regulations.md` (rows R1–R31 of its matrix, cited as `R<n>`)
//! and, for 2009–2017, `docs/spec/regulations-2009-2017.md`, which give the
//! article numbers where a text was read. Values the matrix marks (s)
//! (secondary source) or (?) (unconfirmed) say so in their documentation, and
//! [`Regulations::certainty`] reports the mark at run time so that callers can
//! tell users which findings rest on a reconstruction.

mod articles;
mod calculation;
mod dated;
mod eligibility;
mod play;
pub(crate) mod rapid_blitz;
pub(crate) mod rating_type;
pub(crate) mod registration;
mod version;
mod versions;

pub use articles::{Certainty, Topic};
pub use calculation::{
    CapApplication, ChangeMethod, DifferenceCap, DpExtremes, Floor, InitialRatingMethod, JuniorK,
    JuniorUntil, KRules, ListFrequency, PoolingMethod, PoolingWindow, Rounding, RoundingMode,
};
pub(crate) use dated::ymd;
pub use dated::{Amendment, Dated};
pub use eligibility::{
    AfterMatchDecided, CompositionShortfall, MatchWithUnrated, OneMoveRule, RatedCount,
    Requirement, RequirementScope, RoundRobinComposition, RoundRobinFacts, UnratedEventRule,
};
pub use play::{
    BandScope, DurationRule, MoveCountRule, MoveCountVerdict, QcApprovedFaster, RateOfPlay,
};
pub use rapid_blitz::{
    BigGap, Marked, RapidBlitz, RapidBlitzCap, RapidBlitzK, RapidBlitzTopic, RoundsPerDay,
};
pub use rating_type::{Bands, Classification, FastClassic, RatingType};
pub use registration::{FieldStrength, LeadTime, RegistrationRequirement, RegistrationRule};
pub use version::{UnknownVersion, Version};

use chrono::NaiveDate;
use serde::Serialize;

/// One edition of the FIDE Rating Regulations.
///
/// Per-version confidence is documented on each field as
/// "version: value (mark)". Unmarked values were read in a translation or an
/// English text. [`Regulations::certainty`] gives the same marks per topic.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Regulations {
    /// Which edition.
    pub version: Version,
    /// First tournament start date the edition applies to.
    pub effective_from: NaiveDate,
    /// `true` for 2003, whose text is dated only "c. 2003"; 1 January 2003 is nominal.
    pub effective_from_is_nominal: bool,
    /// Human title, see [`Regulations::title`].
    title: &'static str,
    /// Minimum thinking time (R1). 2014: per tournament, unconfirmed (?) in
    /// docs/spec/regulations.md R1; 2013: scope not settled (T, treated as per
    /// tournament); 2017: per game (s) in R1 (E in docs/spec/regulations-2009-2017.md
    /// §4). 2024: the 45'+30" pilot and 2026 events are (s).
    pub rate_of_play: RateOfPlay,
    /// Moves in the first time control (R5). 2009: "shall be 40" (s) in R5,
    /// E in docs/spec/regulations-2009-2017.md §1; 2014: unconfirmed (?) in R5 (T in
    /// docs/spec/regulations-2009-2017.md §3); 2017: (s) in R5.
    pub first_control: MoveCountRule,
    /// Maximum rounds a day (R6); `None` = no round limit. 2009: 3 (s);
    /// 2013: 3 (S); 2014: none (s); 2017: none, unconfirmed (?) in
    /// docs/spec/regulations.md R6.
    pub max_rounds_per_day: Option<u8>,
    /// Longest playing session in one day, in minutes, computed on 60-move
    /// games with both clocks (R7, §4): 720. 2014: (s); 2017: unconfirmed (?)
    /// in docs/spec/regulations.md R7.
    pub max_play_minutes_per_day: u32,
    /// Longest tournament (R8). 2009, 2014, 2017: 90 days, unconfirmed (?) in
    /// docs/spec/regulations.md R8 (2014: S/T in docs/spec/regulations-2009-2017.md §3).
    pub duration: DurationRule,
    /// Events lasting longer than this many days report interim results
    /// monthly (R9). 30 from 2022; 90 in 2013–2017 per
    /// docs/spec/regulations-2009-2017.md (T, newer than the matrix's "—").
    pub interim_report_after_days: Option<u32>,
    /// Games in which both players made a move (R11). 2009: absent,
    /// unconfirmed (?); 2013: present (T); 2014, 2017: present, unconfirmed
    /// (?) in docs/spec/regulations.md R11.
    pub one_move_rule: OneMoveRule,
    /// Matches with unrated players (R12). 2009: unconfirmed (?); 2013:
    /// unconfirmed (?), carried back from 2014 art. 6.6; 2014: (?) in R12 but
    /// E (art. 6.6) in docs/spec/regulations-2009-2017.md; 2017: unconfirmed (?).
    pub match_with_unrated: MatchWithUnrated,
    /// Games after a fixed-length match is decided (R13). 2009, 2013, 2017:
    /// unconfirmed (?) in docs/spec/regulations.md R13; 2014: E (art. 6.5).
    pub after_match_decided: AfterMatchDecided,
    /// Round-robin composition with unrated players (R14); `None` where the
    /// text has no such rule. 2009, 2014: (s); 2013: unconfirmed (?); 2017:
    /// removed, unconfirmed (?) in docs/spec/regulations.md R14.
    pub round_robin_composition: Option<RoundRobinComposition>,
    /// Whether rated players' games against unrated players count in round
    /// robins, using the unrated player's computed Ru (R23). 2009, 2014: (s);
    /// 2013: unconfirmed (?); 2017: no, unconfirmed (?) in docs/spec/regulations.md R23.
    pub round_robin_counts_unrated_games: bool,
    /// Pre-registration (R17), **dated by registration date**. 2009: one
    /// month ((s) in R17, E art. 0.4 in docs/spec/regulations-2009-2017.md); 2013: one
    /// week (T); 2014: one week, unconfirmed (?) in R17; 2017: one week (E,
    /// art. 0.2 as amended 2021).
    pub registration: Dated<RegistrationRule>,
    /// Rating-list frequency (R19). 2009 (bi-monthly, monthly from July 2012): (s).
    pub lists: Dated<ListFrequency>,
    /// Lowest published rating (R20). 2005: 1401, the value "in 2006";
    /// 2009: 1200 read, 1000 from 1 July 2012 (s); 2014: (s) in R20, E
    /// (7.14d) in docs/spec/regulations-2009-2017.md; 2017: unconfirmed (?) in
    /// docs/spec/regulations.md R20.
    pub floor: Dated<Floor>,
    /// Cap on the rating difference (R21). 2009: 400 (s).
    pub difference_cap: Dated<DifferenceCap>,
    /// Averaged (2003) or per-game (2005 on) method (R22).
    pub change_method: ChangeMethod,
    /// K factor (R24, R25). 2009: (s); 2014: K×n ≤ 700 (s) in R25 and absent
    /// from the 2014 quotes of art. 8.56 (docs/spec/regulations-2009-2017.md §3), so
    /// unconfirmed (?); 2017: juniors "until their 18th birthday",
    /// unconfirmed (?) in docs/spec/regulations.md R24.
    pub k_factor: Dated<KRules>,
    /// Initial rating of an unrated player (R26). 2009: 12.5 per half-point
    /// (s), possibly 15 after 1 July 2011, unconfirmed (?); 2013: 12.5,
    /// unconfirmed (?); 2014: 20 (s), round-robin route unconfirmed (?);
    /// 2017: unconfirmed (?) in docs/spec/regulations.md R26.
    pub initial_rating: InitialRatingMethod,
    /// When an unrated player's event counts (R15, R16). 2009: (s); 2013:
    /// unconfirmed (?); 2014: E (art. 6.31); 2017: unconfirmed (?) in
    /// docs/spec/regulations.md R16.
    pub unrated_event: Dated<UnratedEventRule>,
    /// Games against rated opponents needed for a first rating (R28). 2009:
    /// 9 (s); 2013: 9 (S); 2014: 5 (s; E art. 7.14).
    pub min_games_first_rating: u32,
    /// How results of several events are pooled (R27). 2009, 2013:
    /// unconfirmed (?); 2014: (s).
    pub pooling: PoolingMethod,
    /// Pooling window (R28). 2009, 2013: not stated in what was read.
    pub pooling_window: PoolingWindow,
    /// Rounding (R29). The change is rounded half away from zero in every
    /// version: read for 2022/2024; for 2003–2017 the texts say "nearest
    /// integer" and the direction of .5 for a negative change is unconfirmed
    /// (?) in docs/spec/regulations.md R29.
    pub rounding: Rounding,
    /// dp for p = 1.00 and 0.00 (R30). 2009, 2013: undefined, unconfirmed
    /// (?); 2014, 2017: ±800, unconfirmed (?) in docs/spec/regulations.md R30.
    pub dp_extremes: DpExtremes,
}

/// The edition chosen for a date, and whether the date precedes the oldest
/// text this crate knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Selection {
    /// The edition applied.
    pub regulations: &'static Regulations,
    /// The date is before 2003: the 2003 text is applied although an older
    /// text was in force.
    pub predates_oldest_text: bool,
}

/// How the edition applied to a tournament was chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Basis {
    /// Given by the caller (`--regulations`).
    Override,
    /// In force at the start date (`042`).
    StartDate,
    /// In force at the first round date (`132`), `042` being absent or
    /// unreadable.
    FirstRoundDate,
    /// No usable date: the latest edition is assumed.
    Assumed,
}

impl Basis {
    /// Words for people: "in force at the start date".
    pub fn describe(self) -> &'static str {
        match self {
            Basis::Override => "chosen by the user",
            Basis::StartDate => "in force at the start date",
            Basis::FirstRoundDate => "in force at the first round date",
            Basis::Assumed => "assumed: the report has no usable date",
        }
    }
}

/// The edition applied to one tournament, and on what grounds.
#[derive(Debug, Clone, Copy)]
pub struct Choice {
    /// The edition.
    pub regulations: &'static Regulations,
    /// How it was chosen.
    pub basis: Basis,
    /// The date it was chosen by (start date, else first round date).
    pub start: Option<NaiveDate>,
}

impl Regulations {
    /// The edition in force for a tournament starting on `start`. Dates
    /// before 2003 get the 2003 text (see [`Regulations::select`] for the flag).
    pub fn for_start_date(start: NaiveDate) -> &'static Regulations {
        Regulations::select(start).regulations
    }

    /// Like [`Regulations::for_start_date`], with the "predates the oldest
    /// known text" flag.
    pub fn select(start: NaiveDate) -> Selection {
        let found = versions::ALL
            .iter()
            .rev()
            .find(|r| r.effective_from <= start)
            .copied();
        match found {
            Some(regulations) => Selection {
                regulations,
                predates_oldest_text: false,
            },
            None => Selection {
                regulations: &versions::V2003,
                predates_oldest_text: true,
            },
        }
    }

    /// The edition for a tournament: `over` when given, else the one in
    /// force at the start date (`042`), else at the first round date
    /// (`132`), else the latest. The check and the rating pass both choose
    /// this way.
    pub fn choose(
        over: Option<Version>,
        start: Option<NaiveDate>,
        first_round: Option<NaiveDate>,
    ) -> Choice {
        let date = start.or(first_round);
        let (regulations, basis) = match (over, start, first_round) {
            (Some(v), _, _) => (Regulations::of(v), Basis::Override),
            (None, Some(d), _) => (Regulations::for_start_date(d), Basis::StartDate),
            (None, None, Some(d)) => (Regulations::for_start_date(d), Basis::FirstRoundDate),
            (None, None, None) => (Regulations::of(Version::LATEST), Basis::Assumed),
        };
        Choice {
            regulations,
            basis,
            start: date,
        }
    }

    /// The edition `version`.
    pub fn of(version: Version) -> &'static Regulations {
        match version {
            Version::V2003 => &versions::V2003,
            Version::V2005 => &versions::V2005,
            Version::V2009 => &versions::V2009,
            Version::V2013 => &versions::V2013,
            Version::V2014 => &versions::V2014,
            Version::V2017 => &versions::V2017,
            Version::V2022 => &versions::V2022,
            Version::V2024 => &versions::V2024,
        }
    }

    /// Every edition, oldest first.
    pub fn all() -> impl Iterator<Item = &'static Regulations> {
        versions::ALL.iter().copied()
    }

    /// "FIDE Rating Regulations effective 1 March 2024".
    pub fn title(&self) -> &'static str {
        self.title
    }

    /// Last start date the edition applies to; `None` for the latest.
    pub fn effective_until(&self) -> Option<NaiveDate> {
        self.version
            .next()
            .and_then(|v| Regulations::of(v).effective_from.pred_opt())
    }

    /// The full reference for a topic: title and article, e.g.
    /// "FIDE Rating Regulations effective 1 March 2024, art. 8.3.3".
    pub fn reference(&self, topic: Topic) -> String {
        format!("{}, {}", self.title, self.article(topic))
    }
}

impl Version {
    /// The data of this edition.
    pub fn regulations(self) -> &'static Regulations {
        Regulations::of(self)
    }

    /// First tournament start date this edition applies to.
    pub fn effective_from(self) -> NaiveDate {
        Regulations::of(self).effective_from
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dated::ymd;

    #[test]
    fn each_static_carries_its_own_version() {
        for v in Version::ALL {
            let r = Regulations::of(v);
            assert_eq!(r.version, v);
            assert!(!r.title().is_empty());
        }
        let ids: Vec<_> = Regulations::all().map(|r| r.version).collect();
        assert_eq!(ids, Version::ALL.to_vec());
    }

    #[test]
    fn effective_dates_follow_the_matrix() {
        let expect = [
            (Version::V2005, ymd(2005, 7, 1)),
            (Version::V2009, ymd(2009, 7, 1)),
            (Version::V2013, ymd(2013, 7, 1)),
            (Version::V2014, ymd(2014, 7, 1)),
            (Version::V2017, ymd(2017, 7, 1)),
            (Version::V2022, ymd(2022, 1, 1)),
            (Version::V2024, ymd(2024, 3, 1)),
        ];
        for (v, d) in expect {
            assert_eq!(v.effective_from(), d);
            assert_eq!(Regulations::for_start_date(d).version, v);
            let before = d.pred_opt().map(Regulations::for_start_date);
            assert_eq!(before.map(|r| r.version.next()), Some(Some(v)));
        }
        assert_eq!(
            Version::V2022.regulations().effective_until(),
            Some(ymd(2024, 2, 29))
        );
        assert_eq!(Version::V2024.regulations().effective_until(), None);
    }

    #[test]
    fn dates_outside_the_known_range() {
        let s = Regulations::select(ymd(1999, 5, 5));
        assert_eq!(s.regulations.version, Version::V2003);
        assert!(s.predates_oldest_text);
        let s = Regulations::select(ymd(2004, 5, 5));
        assert!(!s.predates_oldest_text);
        assert_eq!(
            Regulations::for_start_date(ymd(2099, 1, 1)).version,
            Version::V2024
        );
    }

    #[test]
    fn dated_amendments() {
        let v09 = Version::V2009.regulations();
        assert_eq!(v09.k_factor.at(ymd(2011, 6, 30)).new_player, 25);
        assert_eq!(v09.k_factor.at(ymd(2011, 7, 1)).new_player, 30);
        assert_eq!(v09.floor.at(ymd(2012, 6, 30)).min_rating, 1200);
        assert_eq!(v09.floor.at(ymd(2012, 7, 1)).min_rating, 1000);
        let v24 = Version::V2024.regulations();
        assert_eq!(
            v24.difference_cap.at(ymd(2025, 9, 30)).exempt_from_rating,
            None
        );
        assert_eq!(
            v24.difference_cap.at(ymd(2025, 10, 1)).exempt_from_rating,
            Some(2650)
        );
    }

    #[test]
    fn headline_values() {
        let floors: Vec<u16> = Version::ALL
            .iter()
            .map(|v| v.regulations().floor.initial.min_rating)
            .collect();
        assert_eq!(floors, [1801, 1401, 1200, 1000, 1000, 1000, 1000, 1400]);
        let caps: Vec<u16> = Version::ALL
            .iter()
            .map(|v| v.regulations().difference_cap.initial.points)
            .collect();
        assert_eq!(caps, [350, 350, 400, 400, 400, 400, 400, 400]);
        assert_eq!(
            Version::V2022
                .regulations()
                .difference_cap
                .initial
                .application,
            CapApplication::OncePerPlayer
        );
        let r = Version::V2022.regulations();
        assert_eq!(
            (
                r.rate_of_play.upper_threshold,
                r.rate_of_play.lower_threshold
            ),
            (2400, 1800)
        );
        assert_eq!(r.rate_of_play.scope, BandScope::Game);
        let r = Version::V2005.regulations();
        assert_eq!(r.rate_of_play.scope, BandScope::Tournament);
        assert_eq!(r.first_control, MoveCountRule::Recommended(40));
        assert_eq!(r.change_method, ChangeMethod::PerGame);
        assert_eq!(
            Version::V2003.regulations().change_method,
            ChangeMethod::Averaged
        );
        let ks: Vec<(u8, u8, u8)> = Version::ALL
            .iter()
            .map(|v| {
                let k = v.regulations().k_factor.latest();
                (k.new_player, k.standard, k.top)
            })
            .collect();
        assert_eq!(
            ks,
            [
                (25, 15, 10),
                (25, 15, 10),
                (30, 15, 10),
                (30, 15, 10),
                (40, 20, 10),
                (40, 20, 10),
                (40, 20, 10),
                (40, 20, 10)
            ]
        );
        assert_eq!(
            Version::V2014
                .regulations()
                .k_factor
                .initial
                .junior
                .map(|j| j.until),
            Some(JuniorUntil::EighteenthBirthday)
        );
        assert_eq!(
            Version::V2022
                .regulations()
                .k_factor
                .initial
                .junior
                .map(|j| j.until),
            Some(JuniorUntil::EndOfYearOfEighteenthBirthday)
        );
        assert_eq!(
            Version::V2013
                .regulations()
                .k_factor
                .initial
                .k_times_games_limit,
            None
        );
        assert_eq!(
            Version::V2014
                .regulations()
                .k_factor
                .initial
                .k_times_games_limit,
            Some(700)
        );
        assert_eq!(Version::V2024.regulations().max_rounds_per_day, None);
        assert_eq!(Version::V2013.regulations().max_rounds_per_day, Some(3));
        assert_eq!(
            Version::V2022.regulations().interim_report_after_days,
            Some(30)
        );
        assert_eq!(Version::V2022.regulations().duration.max_days, None);
        assert!(Version::V2014
            .regulations()
            .round_robin_composition
            .is_some());
        assert!(Version::V2017
            .regulations()
            .round_robin_composition
            .is_none());
        assert_eq!(
            Version::V2022.regulations().dp_extremes,
            DpExtremes::Notional800
        );
        assert_eq!(
            Version::V2005.regulations().dp_extremes,
            DpExtremes::Undefined
        );
    }

    /// One row per version: the matrix values the validator and the rating
    /// pass rely on, pinned so that an edit to one edition cannot leak into
    /// the next through struct-update syntax.
    #[test]
    fn the_whole_matrix() {
        type Row = (
            Version,
            (u16, BandScope, MoveCountRule),
            (Option<u8>, Option<u32>, Option<u32>),
            (OneMoveRule, MatchWithUnrated, AfterMatchDecided),
            (bool, bool),
            RegistrationRule,
            (u16, u16, CapApplication, ChangeMethod),
            (u8, u8, Option<JuniorUntil>, Option<u32>),
            (Option<u32>, Option<bool>),
            (u32, PoolingMethod, DpExtremes),
        );
        let days = |d| RegistrationRule::Lead {
            lead: LeadTime::Days(d),
        };
        let split = RegistrationRule::ByFieldStrength {
            strong_lead_days: 30,
            other_lead_days: 3,
            rating_above: 2700,
            female_rating_above: 2500,
        };
        use AfterMatchDecided as A;
        use BandScope::{Game, Tournament};
        use CapApplication::{EveryGame, OncePerPlayer};
        use ChangeMethod::{Averaged, PerGame};
        use DpExtremes::{Notional800, Undefined};
        use JuniorUntil::{EighteenthBirthday, EndOfYearOfEighteenthBirthday};
        use MatchWithUnrated::{
            NotRatedIfAnyUnrated as Any, NotRatedIfMoreThanOneUnrated as MoreThanOne,
        };
        use MoveCountRule::{AtLeast, Exactly, Recommended};
        use OneMoveRule::{Absent, Present, PresentWithExceptions};
        use PoolingMethod::{AllGamesAsOneEvent, WeightedAverage};
        let rows: [Row; 8] = [
            (
                Version::V2003,
                (2200, Tournament, Recommended(40)),
                (Some(3), Some(90), None),
                (Absent, MoreThanOne, A::MayNotBeRated),
                (true, true),
                RegistrationRule::NoLeadTimeStated,
                (1801, 350, EveryGame, Averaged),
                (25, 15, None, None),
                (Some(1250), Some(true)),
                (9, WeightedAverage, Undefined),
            ),
            (
                Version::V2005,
                (2200, Tournament, Recommended(40)),
                (Some(3), Some(90), None),
                (Absent, MoreThanOne, A::MayBeOmitted),
                (true, true),
                RegistrationRule::NoLeadTimeStated,
                (1401, 350, EveryGame, PerGame),
                (25, 15, None, None),
                (Some(1250), Some(true)),
                (9, WeightedAverage, Undefined),
            ),
            (
                Version::V2009,
                (2200, Tournament, Exactly(40)),
                (Some(3), Some(90), None),
                (Absent, MoreThanOne, A::NotRated),
                (true, true),
                RegistrationRule::Lead {
                    lead: LeadTime::Months(1),
                },
                (1200, 400, EveryGame, PerGame),
                (25, 15, None, None),
                (Some(1250), Some(true)),
                (9, WeightedAverage, Undefined),
            ),
            (
                Version::V2013,
                (2200, Tournament, Exactly(40)),
                (Some(3), Some(90), Some(90)),
                (Present, Any, A::NotRated),
                (true, true),
                days(7),
                (1000, 400, EveryGame, PerGame),
                (30, 15, None, None),
                (Some(1250), Some(true)),
                (9, WeightedAverage, Undefined),
            ),
            (
                Version::V2014,
                (2200, Tournament, Exactly(40)),
                (None, Some(90), Some(90)),
                (Present, Any, A::NotRated),
                (true, true),
                days(7),
                (1000, 400, EveryGame, PerGame),
                (40, 20, Some(EighteenthBirthday), Some(700)),
                (Some(2000), Some(true)),
                (5, AllGamesAsOneEvent, Notional800),
            ),
            (
                Version::V2017,
                (2200, Game, Exactly(40)),
                (None, Some(90), Some(90)),
                (Present, Any, A::NotRated),
                (false, false),
                days(7),
                (1000, 400, EveryGame, PerGame),
                (40, 20, Some(EighteenthBirthday), Some(700)),
                (Some(2000), Some(false)),
                (5, AllGamesAsOneEvent, Notional800),
            ),
            (
                Version::V2022,
                (2400, Game, AtLeast(30)),
                (None, None, Some(30)),
                (PresentWithExceptions, Any, A::NotRatedUnlessApproved),
                (false, false),
                days(3),
                (1000, 400, OncePerPlayer, PerGame),
                (40, 20, Some(EndOfYearOfEighteenthBirthday), Some(700)),
                (Some(2000), Some(false)),
                (5, AllGamesAsOneEvent, Notional800),
            ),
            (
                Version::V2024,
                (2400, Game, AtLeast(30)),
                (None, None, Some(30)),
                (PresentWithExceptions, Any, A::NotRatedUnlessApproved),
                (false, false),
                split,
                (1400, 400, EveryGame, PerGame),
                (40, 20, Some(EndOfYearOfEighteenthBirthday), Some(700)),
                (None, None),
                (5, AllGamesAsOneEvent, Notional800),
            ),
        ];
        for row in rows {
            let r = row.0.regulations();
            let k = r.k_factor.initial;
            let (inc, rr_route) = match r.initial_rating {
                InitialRatingMethod::HalfPointIncrement {
                    per_half_point_hundredths,
                    round_robin_route,
                } => (Some(per_half_point_hundredths), Some(round_robin_route)),
                InitialRatingMethod::HypotheticalDraws { .. } => (None, None),
            };
            let got: Row = (
                r.version,
                (
                    r.rate_of_play.upper_threshold,
                    r.rate_of_play.scope,
                    r.first_control,
                ),
                (
                    r.max_rounds_per_day,
                    r.duration.max_days,
                    r.interim_report_after_days,
                ),
                (r.one_move_rule, r.match_with_unrated, r.after_match_decided),
                (
                    r.round_robin_composition.is_some(),
                    r.round_robin_counts_unrated_games,
                ),
                r.registration.initial,
                (
                    r.floor.initial.min_rating,
                    r.difference_cap.initial.points,
                    r.difference_cap.initial.application,
                    r.change_method,
                ),
                (
                    k.new_player,
                    k.standard,
                    k.junior.map(|j| j.until),
                    k.k_times_games_limit,
                ),
                (inc, rr_route),
                (r.min_games_first_rating, r.pooling, r.dp_extremes),
            );
            assert_eq!(got, row, "{}", row.0);
        }
    }

    #[test]
    fn titles() {
        assert_eq!(
            Version::V2024.regulations().title(),
            "FIDE Rating Regulations effective 1 March 2024"
        );
        assert_eq!(
            Version::V2022.regulations().title(),
            "FIDE Rating Regulations effective 1 January 2022"
        );
        assert_eq!(
            Version::V2024.regulations().reference(Topic::KFactor),
            "FIDE Rating Regulations effective 1 March 2024, art. 8.3.3"
        );
    }

    #[test]
    fn serialises() {
        let json = serde_json::to_value(Version::V2022.regulations()).ok();
        let version = json
            .as_ref()
            .and_then(|j| j.get("version"))
            .and_then(|v| v.as_str());
        assert_eq!(version, Some("2022"));
    }
}
