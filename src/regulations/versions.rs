//! The eight editions as data.
//!
//! Every value is the FIDE Handbook B.02 text of that edition as read in
//! docs/spec/regulations.md (the matrix, rows R1–R31) or, where it disagrees, from docs/spec/regulations-2009-2017.md (the
//! newer reading for 2009–2017). Marks: (s) = secondary source, (?) =
//! unconfirmed reconstruction; E/T/S/U are the marks of
//! docs/spec/regulations-2009-2017.md. [`Regulations::certainty`] exposes the same
//! marks at run time.

use super::calculation::*;
use super::dated::{ymd, Amendment, Dated};
use super::eligibility::*;
use super::play::*;
use super::registration::{LeadTime, RegistrationRule, REGISTRATION_SPLIT_FROM};
use super::{Regulations, Version};

const ROP_2200_TOURNAMENT: RateOfPlay = RateOfPlay {
    upper_threshold: 2200,
    lower_threshold: 1600,
    minutes_upper: 120,
    minutes_lower: 90,
    minutes_base: 60,
    scope: BandScope::Tournament,
    moves_assumed: 60,
    qc_approved_faster: None,
};

const ROP_2200_GAME: RateOfPlay = RateOfPlay {
    scope: BandScope::Game,
    ..ROP_2200_TOURNAMENT
};

const ROP_2400_GAME: RateOfPlay = RateOfPlay {
    upper_threshold: 2400,
    lower_threshold: 1800,
    ..ROP_2200_GAME
};

const RR_COMPOSITION: RoundRobinComposition = RoundRobinComposition {
    min_rated_fraction: (1, 3),
    small_event_below_players: 10,
    small_event_min_rated: 4,
    double_min_players: 6,
    double_min_rated: 4,
    national_championship_min_rated: 3,
    national_championship_women_min_rated: 2,
    unplayed_game_reports_as_swiss: true,
};

const CAP_350: DifferenceCap = DifferenceCap {
    points: 350,
    application: CapApplication::EveryGame,
    exempt_from_rating: None,
};

const CAP_400: DifferenceCap = DifferenceCap {
    points: 400,
    ..CAP_350
};

const K_25: KRules = KRules {
    new_player: 25,
    new_player_games: 30,
    standard: 15,
    top: 10,
    top_threshold: 2400,
    junior: None,
    k_times_games_limit: None,
};

const K_30: KRules = KRules {
    new_player: 30,
    ..K_25
};

const K_40_BIRTHDAY: KRules = KRules {
    new_player: 40,
    standard: 20,
    junior: Some(JuniorK {
        k: 40,
        below_rating: 2300,
        until: JuniorUntil::EighteenthBirthday,
    }),
    k_times_games_limit: Some(700),
    ..K_25
};

const K_40_END_OF_YEAR: KRules = KRules {
    junior: Some(JuniorK {
        k: 40,
        below_rating: 2300,
        until: JuniorUntil::EndOfYearOfEighteenthBirthday,
    }),
    ..K_40_BIRTHDAY
};

const HALF_POINT_12_5_RR: InitialRatingMethod = InitialRatingMethod::HalfPointIncrement {
    per_half_point_hundredths: 1250,
    round_robin_route: true,
};

const FLOOR_1000: Floor = Floor {
    min_rating: 1000,
    below_floor_discarded: false,
};

/// Pre-2022 texts: "nearest integer"; the direction of .5 for a negative
/// change is unconfirmed (?), see [`Regulations::rounding`].
const ROUNDING: Rounding = Rounding {
    rating_change: RoundingMode::HalfAwayFromZero,
    initial_rating: RoundingMode::HalfUp,
    averages: RoundingMode::HalfUp,
};

/// The 2011 amendment: 3 rated opponents and 1 point, in the first
/// qualifying event only (s).
const UNRATED_2011: UnratedEventRule = UnratedEventRule {
    min_rated_opponents: Some(Requirement {
        minimum: 3,
        scope: RequirementScope::FirstEventOnly,
    }),
    rated_counted: RatedCount::Opponents,
    min_half_points: Some(Requirement {
        minimum: 2,
        scope: RequirementScope::FirstEventOnly,
    }),
    opponents_games_disregarded: true,
};

const UNRATED_2014: UnratedEventRule = UnratedEventRule {
    min_rated_opponents: None,
    rated_counted: RatedCount::Opponents,
    min_half_points: Some(Requirement {
        minimum: 1,
        scope: RequirementScope::FirstEventOnly,
    }),
    opponents_games_disregarded: true,
};

const REGISTRATION_SPLIT: RegistrationRule = RegistrationRule::ByFieldStrength {
    strong_lead_days: 30,
    other_lead_days: 3,
    rating_above: 2700,
    female_rating_above: 2500,
};

/// The 2003 text (column V2003; [S-ES], [EN-2003]).
const R2003: Regulations = Regulations {
    version: Version::V2003,
    // "c. 2003": the text is "amended by GA 1984–2002" plus GA-2003 items; the
    // day is nominal.
    effective_from: ymd(2003, 1, 1),
    effective_from_is_nominal: true,
    title: "FIDE Rating Regulations, 2003 text (in force until 30 June 2005)",
    rate_of_play: ROP_2200_TOURNAMENT,
    first_control: MoveCountRule::Recommended(40),
    max_rounds_per_day: Some(3),
    max_play_minutes_per_day: 720,
    duration: DurationRule {
        max_days: Some(90),
        longer_events_allowed: true,
    },
    interim_report_after_days: None,
    one_move_rule: OneMoveRule::Absent,
    match_with_unrated: MatchWithUnrated::NotRatedIfMoreThanOneUnrated,
    after_match_decided: AfterMatchDecided::MayNotBeRated,
    round_robin_composition: Some(RR_COMPOSITION),
    round_robin_counts_unrated_games: true,
    registration: Dated::fixed(RegistrationRule::NoLeadTimeStated),
    lists: Dated::fixed(ListFrequency::Quarterly),
    // A first performance below 1801 is ignored, not kept for pooling
    // (2003 text, section 10; docs/spec/regulations.md R20 names only the floor).
    floor: Dated::fixed(Floor {
        min_rating: 1801,
        below_floor_discarded: true,
    }),
    difference_cap: Dated::fixed(CAP_350),
    change_method: ChangeMethod::Averaged,
    k_factor: Dated::fixed(K_25),
    initial_rating: HALF_POINT_12_5_RR,
    unrated_event: Dated::fixed(UnratedEventRule {
        min_rated_opponents: Some(Requirement {
            minimum: 3,
            scope: RequirementScope::EveryEvent,
        }),
        rated_counted: RatedCount::Opponents,
        // "0 or ½ in an event" (GA 2003).
        min_half_points: Some(Requirement {
            minimum: 2,
            scope: RequirementScope::EveryEvent,
        }),
        opponents_games_disregarded: true,
    }),
    min_games_first_rating: 9,
    pooling: PoolingMethod::WeightedAverage,
    pooling_window: PoolingWindow::RatingPeriods(7),
    rounding: ROUNDING,
    dp_extremes: DpExtremes::Undefined,
};

/// The 2005 text (column V2005, Polish translation [S-PL]): what changed
/// from 2003.
const R2005: Regulations = Regulations {
    version: Version::V2005,
    effective_from: ymd(2005, 7, 1),
    effective_from_is_nominal: false,
    title: "FIDE Rating Regulations effective 1 July 2005",
    after_match_decided: AfterMatchDecided::MayBeOmitted,
    // 1401 is the value "in 2006"; the translator's planned 1201 (2008) was
    // superseded by the 2009 text's 1200 from 1 July 2009. A first Ru below
    // the floor is discarded (GA 2005).
    floor: Dated::fixed(Floor {
        min_rating: 1401,
        below_floor_discarded: true,
    }),
    change_method: ChangeMethod::PerGame,
    unrated_event: Dated::fixed(UnratedEventRule {
        min_rated_opponents: Some(Requirement {
            minimum: 3,
            scope: RequirementScope::EveryEvent,
        }),
        // Art. 6.42 "nie mniej niż 3 partie": games, not opponents; one
        // rated opponent met three times (a match) qualifies.
        rated_counted: RatedCount::Games,
        // 0 or ½ in the **first** event (GA 2004); 10.21: under 1 point.
        min_half_points: Some(Requirement {
            minimum: 2,
            scope: RequirementScope::FirstEventOnly,
        }),
        opponents_games_disregarded: true,
    }),
    ..R2003
};

/// The 2009 text with its 1 July 2011 and 1 July 2012 amendments: what
/// changed from 2005.
const R2009: Regulations = Regulations {
    version: Version::V2009,
    effective_from: ymd(2009, 7, 1),
    title: "FIDE Rating Regulations effective 1 July 2009",
    // 1.1 "in the tournament" (E) is unchanged; 1.3 "shall be 40" (E in
    // docs/spec/regulations-2009-2017.md §1; (s) in the matrix).
    first_control: MoveCountRule::Exactly(40),
    // Kept from 2005: 3 rounds a day (s); 90 days with leagues (?); no
    // one-move rule (?); matches with more than one unrated player (?);
    // round-robin composition and games against unrated players (s).
    // R13: not rated (?).
    after_match_decided: AfterMatchDecided::NotRated,
    // 0.4: one month (E).
    registration: Dated::fixed(RegistrationRule::Lead {
        lead: LeadTime::Months(1),
    }),
    // (s)
    lists: Dated {
        initial: ListFrequency::BiMonthly,
        amendments: &[Amendment {
            from: ymd(2012, 7, 1),
            value: ListFrequency::Monthly,
        }],
    },
    // 0.6: 1200 (E); 1000 from 1 July 2012 (s). The GA-2005 discard rule
    // is not attested for 2009.
    floor: Dated {
        initial: Floor {
            min_rating: 1200,
            below_floor_discarded: false,
        },
        amendments: &[Amendment {
            from: ymd(2012, 7, 1),
            value: FLOOR_1000,
        }],
    },
    // (s)
    difference_cap: Dated::fixed(CAP_400),
    // 25/15/10 (s); 30 for new players from 1 July 2011 (s).
    k_factor: Dated {
        initial: K_25,
        amendments: &[Amendment {
            from: ymd(2011, 7, 1),
            value: K_30,
        }],
    },
    // Kept: 12.5 per half-point (s); possibly 15 after 1 July 2011 (?).
    // (s): 3 rated opponents and 1 point against them in every event; from
    // 1 July 2011 only until the first qualifying performance (art. 8.21).
    unrated_event: Dated {
        initial: UnratedEventRule {
            min_rated_opponents: Some(Requirement {
                minimum: 3,
                scope: RequirementScope::EveryEvent,
            }),
            rated_counted: RatedCount::Opponents,
            min_half_points: Some(Requirement {
                minimum: 2,
                scope: RequirementScope::EveryEvent,
            }),
            opponents_games_disregarded: true,
        },
        amendments: &[Amendment {
            from: ymd(2011, 7, 1),
            value: UNRATED_2011,
        }],
    },
    // Kept: 9 games (s); weighted pooling (?); undefined dp extremes (?).
    pooling_window: PoolingWindow::NotStated,
    ..R2005
};

/// The 2013 chapter (docs/spec/regulations-2009-2017.md §2, cells T or S): what
/// changed from 2009.
const R2013: Regulations = Regulations {
    version: Version::V2013,
    effective_from: ymd(2013, 7, 1),
    title: "FIDE Rating Regulations effective 1 July 2013",
    // Kept: 2200/1600 (T), per tournament (?) — the scope is not settled;
    // first control 40 (T); 3-round cap until 30 June 2014 (S).
    // Events over 90 days report monthly (T); 90-day limit kept (?).
    interim_report_after_days: Some(90),
    // New in 2013 (T).
    one_move_rule: OneMoveRule::Present,
    // (?) carried back from the 2014 text, art. 6.6.
    match_with_unrated: MatchWithUnrated::NotRatedIfAnyUnrated,
    // One week (T).
    registration: Dated::fixed(RegistrationRule::Lead {
        lead: LeadTime::Days(7),
    }),
    lists: Dated::fixed(ListFrequency::Monthly),
    floor: Dated::fixed(FLOOR_1000),
    // 8.56: 30 / 15 / 10 (E).
    k_factor: Dated::fixed(K_30),
    // (?) not read for 2013: the 2011 amendment is assumed to continue.
    unrated_event: Dated::fixed(UNRATED_2011),
    ..R2009
};

/// The 2014 text (column V2014; handbook id 172): what changed from 2013.
const R2014: Regulations = Regulations {
    version: Version::V2014,
    effective_from: ymd(2014, 7, 1),
    title: "FIDE Rating Regulations effective 1 July 2014",
    // Kept: 2200/1600 (T), per tournament (?); first control 40 ((?) in the
    // matrix, T in docs/spec/regulations-2009-2017.md §3); 12 hours (s); 90 days
    // unless approved, monthly reports beyond (S/T); one-move rule ((?),
    // T carry-over); 6.6 matches (E); 6.5 after a decided match (E);
    // 6.2 round-robin composition (s) and the RR route (s); one-week
    // registration (?); 7.14(d) floor 1000 (E); cap 400.
    // No round cap (s).
    max_rounds_per_day: None,
    // 8.56 (E); K × n ≤ 700 (s) in R25, but docs/spec/regulations-2009-2017.md notes the
    // 2014 quotes of 8.56 lack that sentence (?).
    k_factor: Dated::fixed(K_40_BIRTHDAY),
    // 20 per half-point (s); round-robin route (?).
    initial_rating: InitialRatingMethod::HalfPointIncrement {
        per_half_point_hundredths: 2000,
        round_robin_route: true,
    },
    // 6.31 (E): a first performance counts with at least ½ point.
    unrated_event: Dated::fixed(UNRATED_2014),
    // 7.14 (E).
    min_games_first_rating: 5,
    // (s)
    pooling: PoolingMethod::AllGamesAsOneEvent,
    pooling_window: PoolingWindow::Months(26),
    // 800 shown (?).
    dp_extremes: DpExtremes::Notional800,
    ..R2013
};

/// The 2017 text (column V2017), including the 1 February 2021 amendment:
/// what changed from 2014.
const R2017: Regulations = Regulations {
    version: Version::V2017,
    effective_from: ymd(2017, 7, 1),
    title: "FIDE Rating Regulations effective 1 July 2017",
    // 1.1 per game (s; E in docs/spec/regulations-2009-2017.md §4).
    rate_of_play: ROP_2200_GAME,
    // Kept: 1.2 "shall be 40" (s; E); no round limit (?); 12 hours (?);
    // 90 days (?); monthly reports beyond 90 days (T); one-move rule (?);
    // matches with one unrated player not rated (?); floor 1000 (?); juniors
    // until the 18th birthday (?); K × n (?); 20 per half-point (?); zero in
    // a first event disregarded (?); dp ±800 (?); 0.2 one week (E, as
    // amended 2021).
    // RR composition removed (?); only games against rated players (?).
    round_robin_composition: None,
    round_robin_counts_unrated_games: false,
    initial_rating: InitialRatingMethod::HalfPointIncrement {
        per_half_point_hundredths: 2000,
        round_robin_route: false,
    },
    // 7.1.4 (pooling, unchanged).
    ..R2014
};

/// The 2022 text (column V2022; Russian translation [S-RU], English
/// §8.2/§8.3.1): what changed from 2017.
const R2022: Regulations = Regulations {
    version: Version::V2022,
    effective_from: ymd(2022, 1, 1),
    title: "FIDE Rating Regulations effective 1 January 2022",
    rate_of_play: ROP_2400_GAME,
    first_control: MoveCountRule::AtLeast(30),
    duration: DurationRule {
        max_days: None,
        longer_events_allowed: true,
    },
    interim_report_after_days: Some(30),
    one_move_rule: OneMoveRule::PresentWithExceptions,
    after_match_decided: AfterMatchDecided::NotRatedUnlessApproved,
    // 3 days; the 25 December 2023 split applies by registration date.
    registration: Dated {
        initial: RegistrationRule::Lead {
            lead: LeadTime::Days(3),
        },
        amendments: &[Amendment {
            from: REGISTRATION_SPLIT_FROM,
            value: REGISTRATION_SPLIT,
        }],
    },
    difference_cap: Dated::fixed(DifferenceCap {
        application: CapApplication::OncePerPlayer,
        ..CAP_400
    }),
    k_factor: Dated::fixed(K_40_END_OF_YEAR),
    ..R2017
};

/// The 2024 text (column V2024; Italian translation [S-IT], English
/// transcription [ZZ-V]) with the 1 October 2025 amendment: what changed
/// from 2022.
const R2024: Regulations = Regulations {
    version: Version::V2024,
    effective_from: ymd(2024, 3, 1),
    title: "FIDE Rating Regulations effective 1 March 2024",
    rate_of_play: RateOfPlay {
        // 2025 pilot / 2026 QC-approved events (s).
        qc_approved_faster: Some(QcApprovedFaster {
            minimum_minutes: 75,
            pilot_max_rounds_per_day: 2,
        }),
        ..ROP_2400_GAME
    },
    registration: Dated::fixed(REGISTRATION_SPLIT),
    floor: Dated::fixed(Floor {
        min_rating: 1400,
        below_floor_discarded: false,
    }),
    difference_cap: Dated {
        initial: CAP_400,
        amendments: &[Amendment {
            from: ymd(2025, 10, 1),
            value: DifferenceCap {
                exempt_from_rating: Some(2650),
                ..CAP_400
            },
        }],
    },
    initial_rating: InitialRatingMethod::HypotheticalDraws {
        opponents: 2,
        hypothetical_rating: 1800,
        maximum: 2200,
    },
    ..R2022
};

pub(super) static V2003: Regulations = R2003;
pub(super) static V2005: Regulations = R2005;
pub(super) static V2009: Regulations = R2009;
pub(super) static V2013: Regulations = R2013;
pub(super) static V2014: Regulations = R2014;
pub(super) static V2017: Regulations = R2017;
pub(super) static V2022: Regulations = R2022;
pub(super) static V2024: Regulations = R2024;

/// Every edition, oldest first (the order of [`Version::ALL`]).
pub(super) static ALL: [&Regulations; 8] = [
    &V2003, &V2005, &V2009, &V2013, &V2014, &V2017, &V2022, &V2024,
];
