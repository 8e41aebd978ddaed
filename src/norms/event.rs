//! What a norm needs of the event as a whole (Title Regulations 2024 1.1,
//! 1.4.3d): rounds per day, time control, duration, and the Swiss
//! exemption from the federation rules, worked out once per report.

use super::conditions as c;
use super::edition::Edition;
use super::{item, Item};
use crate::eligibility::TimeControlInfo;
use crate::model::games::{kind, Games};
use crate::model::{Title, Tournament};
use chrono::NaiveDate;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// The least time per player for 60 moves, in seconds (1.1.3: 2 hours).
pub(crate) const MIN_SECONDS_60: u32 = 7200;

/// The most rounds a day (1.1.3).
pub(crate) const MAX_ROUNDS_PER_DAY: u32 = 2;

/// The facts of the event every norm of it shares.
#[derive(Debug, Clone, Serialize)]
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
    /// The Swiss exemption from 1.4.3 and 1.4.4, computed.
    pub swiss_exemption: SwissExemption,
    /// Conditions of the event that fail every norm.
    #[serde(skip)]
    pub failed: Vec<Item>,
    /// Conditions of the event to confirm for every norm.
    #[serde(skip)]
    pub to_confirm: Vec<Item>,
}

/// 1.4.3d: in every round, at least 20 FIDE-rated players not of the host
/// federation, from at least 3 federations, at least 10 of them GM, IM,
/// WGM or WIM; a player counts only when missing at most one round (a
/// pairing-allocated bye is not a missed round).
#[derive(Debug, Clone, Default, Serialize)]
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

/// Works out the event's facts once.
pub(crate) fn facts(
    t: &Tournament,
    games: &Games,
    e: Edition,
    tournament_type: String,
    swiss: bool,
) -> EventFacts {
    let mut failed = Vec::new();
    let mut to_confirm = Vec::new();

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
    let (tc_words, minutes) = match TimeControlInfo::of(t) {
        TimeControlInfo::Read {
            control, record, ..
        } => {
            let (w, b) = control.t60_seconds_by_side();
            let s = w.min(b);
            if s < MIN_SECONDS_60 {
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

    let days = match (t.start_date(), t.end_date()) {
        (Some(s), Some(end)) if end >= s => Some((end - s).num_days() + 1),
        _ => None,
    };
    if let Some(d) = days.filter(|d| *d > 30) {
        to_confirm.push(item(
            e,
            &c::LONG_EVENT,
            format!("the event lasted {d} days: the ratings and titles when each game was played count; the report's are used"),
        ));
    }

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
    EventFacts {
        host,
        rounds: t.rounds,
        tournament_type,
        most_rounds_per_day: most,
        time_control: tc_words,
        minutes_for_60_moves: minutes,
        days,
        swiss_exemption,
        failed,
        to_confirm,
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
        let present: Vec<bool> = (1..=rounds)
            .map(|r| {
                games
                    .of(i)
                    .get(r - 1)
                    .is_some_and(|g| g.has_any(kind::GAME_OR_FORFEIT | kind::PAIRING_BYE))
            })
            .collect();
        if present.iter().filter(|p| !**p).count() > 1 {
            continue;
        }
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
