//! What a norm needs of the event as a whole (Title Regulations 2024 1.1,
//! 1.4.2e, 1.4.3d, 1.5.6): rounds per day, time control, duration, format,
//! the Swiss exemption from the federation rules, and the facts a title
//! application needs of the event (one round a day, the qualifying Swiss),
//! worked out once per report.

use super::conditions as c;
use super::edition::Edition;
use super::{item, Item};
use crate::eligibility::TimeControlInfo;
use crate::model::games::{Games, Kind};
use crate::model::tournament_type::{TournamentType, TypeDecision};
use crate::model::{Title, Tournament};
use chrono::NaiveDate;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// The least time per player for 60 moves, in seconds (1.1.3: 2 hours).
pub(crate) const MIN_SECONDS_60: u32 = 7200;

/// The most rounds a day (1.1.3).
pub(crate) const MAX_ROUNDS_PER_DAY: u32 = 2;

/// 1.1.3a: days with one round a GM or WGM application needs of one event.
pub(crate) const SINGLE_ROUND_DAYS: u32 = 3;

/// 1.5.6a: rated players present in every round, and the least average of
/// the highest-rated 40 of them.
pub(crate) const QUALIFYING_PLAYERS: usize = 40;
/// See [`QUALIFYING_PLAYERS`].
pub(crate) const QUALIFYING_AVERAGE: i64 = 2000;

/// The 2014 and 2017 editions' longest norm event, in days, and the
/// longest league (1.14 of those editions).
pub(crate) const MAX_DAYS_2017: i64 = 90;
/// See [`MAX_DAYS_2017`].
pub(crate) const MAX_LEAGUE_DAYS_2017: i64 = 365;

/// The facts of the event every norm of it shares.
#[derive(Debug, Clone, Serialize)]
#[non_exhaustive]
pub struct EventFacts {
    /// The federation of record 032 (the host).
    pub host: Option<String>,
    /// Rounds of the event.
    pub rounds: u16,
    /// The tournament type as decided for the check.
    pub tournament_type: String,
    /// The most rounds played on one date of record 132, and the date.
    pub most_rounds_per_day: Option<(NaiveDate, u32)>,
    /// The time control as read, in words.
    pub time_control: Option<String>,
    /// The shorter side's time for 60 moves, in minutes.
    pub minutes_for_60_moves: Option<u32>,
    /// Days from the start to the end, both included.
    pub days: Option<i64>,
    /// The last day of the event (052, else the last date of 132).
    pub end: Option<NaiveDate>,
    /// The Swiss exemption from 1.4.3 and 1.4.4, computed.
    pub swiss_exemption: SwissExemption,
    /// 1.1.3a: dates of record 132 on which exactly one round was played
    /// (`None` without round dates).
    pub single_round_days: Option<u32>,
    /// 1.5.6a: whether the event is an individual Swiss with 40 rated
    /// players averaging 2000 in every round (`None` for other formats).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub qualifying_swiss: Option<QualifyingSwiss>,
    /// Conditions of the event that fail every norm.
    #[serde(skip)]
    pub failed: Vec<Item>,
    /// Conditions of the event to confirm for every norm.
    #[serde(skip)]
    pub to_confirm: Vec<Item>,
    /// A rapid or blitz event by its rate of play: no norm at all, said
    /// plainly first.
    #[serde(skip)]
    pub(crate) no_norm: Option<Item>,
}

/// 1.4.3d: in every round, at least 20 FIDE-rated players not of the host
/// federation, from at least 3 federations, at least 10 of them GM, IM,
/// WGM or WIM; a player counts only when missing at most one round (a
/// pairing-allocated bye is not a missed round).
#[derive(Debug, Clone, Default, Serialize)]
#[non_exhaustive]
pub struct SwissExemption {
    /// All three numbers are met in every round.
    pub met: bool,
    /// The round with the fewest such players (the worst round).
    pub worst_round: Option<u16>,
    /// Rated players not of the host federation, in the worst round.
    pub foreign_rated: u32,
    /// Their federations.
    pub federations: u32,
    /// Those of them who hold GM, IM, WGM or WIM.
    pub titled: u32,
}

/// 1.5.6a: an individual Swiss in which every round had at least 40
/// participants averaging at least 2000; a player counts when FIDE-rated
/// and missing at most one round (a pairing-allocated bye is not a missed
/// round), and the average is that of the 40 highest-rated present.
#[derive(Debug, Clone, Default, Serialize)]
pub struct QualifyingSwiss {
    /// Both numbers are met in every round.
    pub met: bool,
    /// The first round that misses a number, else the round with the
    /// lowest average.
    pub worst_round: Option<u16>,
    /// Rated players present in that round who missed at most one round.
    pub rated_present: u32,
    /// The average rating of the 40 highest-rated of them, rounded to the
    /// nearest integer (`None` with fewer than 40).
    pub top_40_average: Option<i64>,
}

impl QualifyingSwiss {
    /// The round that decides, in words: "round 3: 52 rated players,
    /// top-40 average 2104".
    pub fn describe(&self) -> String {
        format!(
            "round {}: {} rated player{}, {}",
            self.worst_round.unwrap_or(0),
            self.rated_present,
            if self.rated_present == 1 { "" } else { "s" },
            self.top_40_average
                .map_or("fewer than 40".to_owned(), |a| format!(
                    "top-40 average {a}"
                ))
        )
    }
}

/// Works out the event's facts once.
pub(crate) fn facts(
    t: &Tournament,
    games: &Games,
    e: Edition,
    ttype: &TypeDecision,
    fast_classic: Option<&crate::regulations::rating_type::FastClassic>,
) -> EventFacts {
    let tournament_type = ttype.kind.as_str().to_owned();
    let swiss = !ttype.kind.is_round_robin();
    let mut failed = Vec::new();
    let mut to_confirm = Vec::new();
    let mut no_norm = None;

    // Rounds per day, from the dates of 132.
    let mut per_day: BTreeMap<NaiveDate, u32> = BTreeMap::new();
    for d in &t.header.round_dates {
        if let Some(date) = d.value.as_ref().and_then(|d| d.date) {
            *per_day.entry(date).or_default() += 1;
        }
    }
    let most = per_day
        .iter()
        .max_by_key(|(d, n)| (**n, std::cmp::Reverse(**d)))
        .map(|(d, n)| (*d, *n));
    match most {
        None => to_confirm.push(item(
            e,
            &c::ROUNDS_PER_DAY_UNKNOWN,
            "the report has no round dates (132): confirm that at most two rounds were played a day"
                .to_owned(),
        )),
        Some((d, n)) if n > MAX_ROUNDS_PER_DAY => failed.push(item(
            e,
            &c::ROUNDS_PER_DAY,
            format!("{n} rounds on {d} (at most {MAX_ROUNDS_PER_DAY} a day)"),
        )),
        Some(_) => {}
    }

    // Time control.
    // A `122` text with several readings counts when they all meet the
    // norm minimum, or all miss it.
    let judge = |c: &crate::model::timecontrol::TimeControl| {
        let (w, b) = c.t60_seconds_by_side();
        (w.min(b) >= MIN_SECONDS_60, String::new())
    };
    let (tc_words, minutes) = match TimeControlInfo::judged(t, judge) {
        TimeControlInfo::Read {
            control, record, ..
        } => {
            let (w, b) = control.t60_seconds_by_side();
            let s = w.min(b);
            // FIDE's 2026 decision: an event the QC approved at 45'+30" or
            // 60'+30" is standard-rated and its games count for norms; the
            // 2025 pilot's did not.
            let approved = fast_classic.filter(|f| s >= f.minimum_minutes * 60);
            if let Some(f) = approved.filter(|_| s < MIN_SECONDS_60) {
                if f.norms {
                    to_confirm.push(item(
                        e,
                        &c::TIME_CONTROL,
                        format!(
                            "{} ({record}) gives {} min for 60 moves, below 2 hours, but the event is stated approved by the Qualification Commission under {}: its games count for title norms (FIDE news, \"FIDE updates rating regulations to include faster time controls for major events\", fide.com/?p=42839); confirm the approval, and that the event is a major or traditional one",
                            control.describe(),
                            s / 60,
                            f.name
                        ),
                    ));
                } else {
                    failed.push(item(
                        e,
                        &c::TIME_CONTROL,
                        format!(
                            "{} ({record}) gives {} min for 60 moves: {} rated the event as standard but gave no title norms",
                            control.describe(),
                            s / 60,
                            f.name
                        ),
                    ));
                }
            } else if s < MIN_SECONDS_60 {
                // A rapid or blitz rate of play (by the bands of the
                // start date) is no standard event at all.
                let list = t
                    .start_date()
                    .and_then(|d| crate::regulations::rating_type::classify(s, d).rating_type)
                    .filter(|l| *l != crate::regulations::RatingType::Standard);
                no_norm = list.map(|l| {
                    item(
                        e,
                        &c::TIME_CONTROL,
                        format!(
                            "a {} event ({} ({record}): {} min for 60 moves): title norms are made only in standard games (0.5), so this event gives no norm",
                            l.as_str(),
                            control.describe(),
                            s / 60
                        ),
                    )
                });
                failed.push(item(
                    e,
                    &c::TIME_CONTROL,
                    format!(
                        "{} ({record}) gives {} min for 60 moves (at least 120)",
                        control.describe(),
                        s / 60
                    ),
                ));
            }
            (
                Some(format!("{} ({record})", control.describe())),
                Some(s / 60),
            )
        }
        TimeControlInfo::Absent => {
            to_confirm.push(item(
                e,
                &c::TIME_CONTROL_UNKNOWN,
                "the report has no time control (122 or 222): confirm at least 2 hours for 60 moves for each player".to_owned(),
            ));
            (None, None)
        }
        TimeControlInfo::Unreadable { record, .. } => {
            to_confirm.push(item(
                e,
                &c::TIME_CONTROL_UNKNOWN,
                format!("the time control of {record} could not be read: confirm at least 2 hours for 60 moves for each player"),
            ));
            (None, None)
        }
    };

    let days = t.length_days().map(|(days, ..)| days);
    if let Some(d) = days.filter(|d| *d > 30) {
        to_confirm.push(item(
            e,
            &c::LONG_EVENT,
            format!("the event lasted {d} days: the ratings and titles when each game was played count; the report's are used"),
        ));
    }
    if let Some(item) = duration_limit(e, days, ttype.league) {
        to_confirm.push(item);
    }
    if let Some(item) = format_permitted(e, ttype) {
        to_confirm.push(item);
    }
    let single_round_days =
        (!per_day.is_empty()).then(|| per_day.values().filter(|n| **n == 1).count() as u32);

    let host = t
        .header
        .federation
        .as_ref()
        .map(|f| f.value.trim().to_ascii_uppercase())
        .filter(|f| !f.is_empty());
    let swiss_exemption = if swiss {
        swiss_exemption(t, games, host.as_deref())
    } else {
        SwissExemption::default()
    };
    let qualifying_swiss =
        (ttype.kind == TournamentType::Swiss).then(|| qualifying_swiss(t, games));
    EventFacts {
        host,
        rounds: t.rounds,
        tournament_type,
        most_rounds_per_day: most,
        time_control: tc_words,
        minutes_for_60_moves: minutes,
        days,
        end: t.end_date(),
        swiss_exemption,
        single_round_days,
        qualifying_swiss,
        failed,
        to_confirm,
        no_norm,
    }
}

/// 1.14 of the 2014 and 2017 editions: a norm event of at most 90 days, a
/// league of at most one year. Listed to confirm rather than failed: the
/// article is known from FIDE's summary, not from its text.
fn duration_limit(e: Edition, days: Option<i64>, league: bool) -> Option<Item> {
    if !matches!(e, Edition::B01_2014 | Edition::B01_2017) {
        return None;
    }
    let days = days?;
    let (limit, what) = if league {
        (MAX_LEAGUE_DAYS_2017, "a league of at most one year")
    } else {
        (MAX_DAYS_2017, "an event of at most 90 days")
    };
    (days > limit).then(|| {
        item(
            e,
            &c::DURATION,
            format!("the event lasted {days} days; this edition counts norms from {what}: confirm the event is allowed"),
        )
    })
}

/// 1.4.2e: Swiss, round robin, double round robin and knockout; any other
/// format needs the prior approval of the Qualification Commission's
/// Chairperson. A TRF cannot tell a knockout from a Swiss.
fn format_permitted(e: Edition, ttype: &TypeDecision) -> Option<Item> {
    let what = match ttype.kind {
        TournamentType::Swiss | TournamentType::RoundRobin | TournamentType::DoubleRoundRobin => {
            return None
        }
        TournamentType::Match => "the event is a match of two players",
        TournamentType::Team => "the event is a team competition",
    };
    Some(item(
        e,
        &c::FORMAT,
        format!("{what} ({}): norms count from Swiss, round-robin, double round-robin and knockout events, other formats only with the Qualification Commission's prior approval; confirm the format or the approval", ttype.reason),
    ))
}

/// Which players count for the event-wide numbers of 1.4.3d and 1.5.6a:
/// present in each round with a game, a forfeit or a pairing-allocated
/// bye, and missing at most one round; `None` for a player who missed more.
fn presence(games: &Games, i: usize, rounds: usize) -> Option<Vec<bool>> {
    let present: Vec<bool> = (1..=rounds)
        .map(|r| {
            games
                .of(i)
                .get(r - 1)
                .is_some_and(|g| g.has_any(Kind::GAME_OR_FORFEIT | Kind::PAIRING_BYE))
        })
        .collect();
    (present.iter().filter(|p| !**p).count() <= 1).then_some(present)
}

/// 1.5.6a, computed on the pairings. Whole-number arithmetic: the sum of
/// the 40 highest ratings is compared with 40 x 2000.
fn qualifying_swiss(t: &Tournament, games: &Games) -> QualifyingSwiss {
    let rounds = usize::from(t.rounds);
    if rounds == 0 {
        return QualifyingSwiss::default();
    }
    let mut ratings: Vec<Vec<i64>> = vec![Vec::new(); rounds];
    for (i, p) in t.players.iter().enumerate() {
        let Some(rating) = p
            .rating
            .as_ref()
            .map(|r| i64::from(r.value))
            .filter(|r| *r > 0)
        else {
            continue;
        };
        let fed = p
            .federation
            .as_ref()
            .map(|f| f.value.trim().to_ascii_uppercase());
        let counted = fed
            .as_deref()
            .is_some_and(|f| f == "FID" || super::games::is_federation(f));
        if !counted {
            continue;
        }
        let Some(present) = presence(games, i, rounds) else {
            continue;
        };
        for (r, here) in present.iter().enumerate() {
            if *here {
                ratings[r].push(rating);
            }
        }
    }
    // Per round: players counted and the sum of the 40 highest ratings.
    let per_round: Vec<(usize, Option<i64>)> = ratings
        .iter_mut()
        .map(|v| {
            let n = v.len();
            if n < QUALIFYING_PLAYERS {
                return (n, None);
            }
            v.select_nth_unstable_by(QUALIFYING_PLAYERS - 1, |a, b| b.cmp(a));
            (n, Some(v[..QUALIFYING_PLAYERS].iter().sum()))
        })
        .collect();
    let need = QUALIFYING_AVERAGE * QUALIFYING_PLAYERS as i64;
    let ok = |r: usize| per_round[r].1.is_some_and(|sum| sum >= need);
    let worst = (0..rounds)
        .find(|&r| !ok(r))
        .or_else(|| (0..rounds).min_by_key(|&r| per_round[r].1))
        .unwrap_or(0);
    let (n, sum) = per_round[worst];
    let forty = QUALIFYING_PLAYERS as i64;
    QualifyingSwiss {
        met: (0..rounds).all(ok),
        worst_round: Some(worst as u16 + 1),
        rated_present: n as u32,
        // Nearest integer, .5 up, in integers.
        top_40_average: sum.map(|s| (2 * s + forty) / (2 * forty)),
    }
}

/// 1.4.3d, computed on the pairings: a player is present in a round with a
/// game, a forfeit or a pairing-allocated bye.
fn swiss_exemption(t: &Tournament, games: &Games, host: Option<&str>) -> SwissExemption {
    let rounds = usize::from(t.rounds);
    if rounds == 0 {
        return SwissExemption::default();
    }
    // Per round: players counted, their federations, the titled ones.
    let mut count = vec![0u32; rounds];
    let mut titled = vec![0u32; rounds];
    let mut feds: Vec<BTreeSet<&str>> = vec![BTreeSet::new(); rounds];
    for (i, p) in t.players.iter().enumerate() {
        let Some(fed) = p.federation.as_ref().map(|f| f.value.trim()) else {
            continue;
        };
        if p.rating.is_none()
            || fed.is_empty()
            || Some(fed) == host
            || !super::games::is_federation(fed)
        {
            continue;
        }
        let Some(present) = presence(games, i, rounds) else {
            continue;
        };
        let holds = matches!(
            p.title.as_ref().map(|t| &t.value),
            Some(Title::GM | Title::IM | Title::WGM | Title::WIM)
        );
        for (r, here) in present.iter().enumerate() {
            if *here {
                count[r] += 1;
                titled[r] += u32::from(holds);
                feds[r].insert(fed);
            }
        }
    }
    let ok = |r: usize| count[r] >= 20 && feds[r].len() >= 3 && titled[r] >= 10;
    // The first round that misses a number, else the round with the fewest.
    let worst = (0..rounds)
        .find(|&r| !ok(r))
        .or_else(|| (0..rounds).min_by_key(|&r| count[r]))
        .unwrap_or(0);
    let met = (0..rounds).all(ok);
    SwissExemption {
        met,
        worst_round: Some(worst as u16 + 1),
        foreign_rated: count[worst],
        federations: feds[worst].len() as u32,
        titled: titled[worst],
    }
}
