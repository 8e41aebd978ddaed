//! Long events: each round's ratings from the list of its date.
//!
//! An event whose round dates (`132`) span more than 30 days reports
//! interim results every month (FIDE Handbook B.02 2022 art. 4.1, 2024 art. 4).
//! Which ratings its later rounds use is not written after 2003; the 2003
//! text applied the lists in force to the games played within their
//! periods, and the Title Regulations (B.01 2024 art. 1.1.4) use the
//! ratings "applying when the games were played". The period does the same
//! as far as the list given allows: one list is one month, so only the
//! rounds dated under that list can take its ratings; the other rounds keep
//! the ratings the event uses at its start, and the note says which.

use crate::rating::maths::{rated_change_per_game_with_cap, Hundredths, RatedGame, RatedInput};
use crate::rating::CheckedRating;
use crate::ratinglist::period::month_name;
use crate::ratinglist::{list_in_force, ListLookup, ListPeriod};
use crate::read::Parsed;
use crate::regulations::{CapApplication, ChangeMethod, DifferenceCap, RatingType, Topic, Version};
use chrono::NaiveDate;
use std::collections::BTreeSet;

/// An event longer than this, in days between its first and last round
/// dates, is a long event.
const LONG_DAYS: i64 = 30;

/// The first and last readable round dates.
fn span(parsed: &Parsed) -> Option<(NaiveDate, NaiveDate)> {
    let mut dates = parsed
        .tournament
        .header
        .round_dates
        .iter()
        .filter_map(|d| d.value.as_ref().and_then(|d| d.date));
    let first = dates.next()?;
    Some(dates.fold((first, first), |(lo, hi), d| (lo.min(d), hi.max(d))))
}

/// The date of round `round` (1-based), when `132` gives it.
fn round_date(parsed: &Parsed, round: u16) -> Option<NaiveDate> {
    let i = usize::from(round).checked_sub(1)?;
    let d = parsed.tournament.header.round_dates.get(i)?;
    d.value.as_ref().and_then(|d| d.date)
}

/// Rates the rounds of a long event dated under the list given with that
/// list's ratings (the player's and the opponent's), changing the rated
/// players' ΣΔR in `rating`; says what was done, or `None` for an event
/// of 30 days or less. `list` is the list given and its month.
pub(super) fn per_round(
    file: &str,
    parsed: &Parsed,
    rating: &mut CheckedRating,
    kind: RatingType,
    list: Option<(&ListLookup, ListPeriod)>,
) -> Option<String> {
    let version = rating.summary.regulations;
    let regs = version.regulations();
    let reference = regs.reference(Topic::InterimReports);
    let dated = span(parsed).filter(|(lo, hi)| (*hi - *lo).num_days() > LONG_DAYS);
    let Some((first, last)) = dated else {
        let (s, e) = (
            rating.summary.tournament.start,
            rating.summary.tournament.end,
        );
        let long = matches!((s, e), (Some(s), Some(e)) if (e - s).num_days() > LONG_DAYS);
        return long.then(|| format!(
            "{file}: the event lasts more than 30 days ({reference}), but its round dates (132) do not tell when each round was played: rated as one event with the ratings at its start"
        ));
    };
    let opening = format!(
        "{file}: the event lasts more than 30 days (rounds from {first} to {last}; {reference}); FIDE has not published which list the later rounds of a long event use: trfkit takes each game's ratings from the list in force on its round's date, as the Title Regulations do for norms, where that list is given, and rates the report as one event of this period (not as monthly instalments)"
    );
    let start = rating.summary.tournament.start.unwrap_or(first);
    let start_list = list_in_force(regs, start);
    // The rounds of each list after the start list.
    let mut later: Vec<(ListPeriod, Vec<u16>)> = Vec::new();
    for round in 1..=u16::try_from(parsed.tournament.header.round_dates.len()).unwrap_or(0) {
        let Some(d) = round_date(parsed, round) else {
            continue;
        };
        let l = list_in_force(regs, d);
        if l == start_list {
            continue;
        }
        match later.iter_mut().find(|(m, _)| *m == l) {
            Some((_, rounds)) => rounds.push(round),
            None => later.push((l, vec![round])),
        }
    }
    let months = |skip: Option<ListPeriod>| {
        later
            .iter()
            .filter(|(m, _)| Some(*m) != skip)
            .map(|(m, rounds)| format!("{} under the {} list", join(rounds), month_name(*m)))
            .collect::<Vec<_>>()
    };
    if kind != RatingType::Standard {
        return Some(format!(
            "{opening}; the rapid and blitz chapter has no rule for long events: every round keeps the ratings at the start"
        ));
    }
    let Some((list, month)) = list.filter(|(_, m)| *m != start_list) else {
        let rest = months(None);
        if rest.is_empty() {
            return Some(format!(
                "{opening}; every round is dated under the {} list, in force at its start",
                month_name(start_list)
            ));
        }
        return Some(format!(
            "{opening}; {} keep the ratings at its start: those lists were not given (one --rating-list is one month)",
            rest.join(", ")
        ));
    };
    let Some(rounds) = later
        .iter()
        .find(|(m, _)| *m == month)
        .map(|(_, r)| r.clone())
    else {
        return Some(format!(
            "{opening}; no round is dated under the {} list given: every round keeps the ratings at its start",
            month_name(month)
        ));
    };
    let rest = months(Some(month));
    let kept = if rest.is_empty() {
        String::new()
    } else {
        format!(
            "; {} keep the ratings at its start: those lists were not given (one --rating-list is one month)",
            rest.join(", ")
        )
    };
    let Some(cap) = per_game_cap(version, start) else {
        return Some(format!(
            "{opening}; not applied: the {} computes the change of the whole event at once, so its rounds cannot take other ratings{kept}",
            regs.title()
        ));
    };
    let wanted: BTreeSet<u16> = rounds.iter().copied().collect();
    let rating_on = |id: Option<u64>| list.get(id?)?.entry(kind).map(|e| e.rating);
    let (mut changed, mut not_reproduced) = (0usize, 0usize);
    for row in rating.summary.players.iter_mut().filter(|r| r.rated) {
        let (Some(ro), Some(sum)) = (row.ro, row.w_minus_we) else {
            continue;
        };
        let cap = cap.for_rating(ro);
        // The games recomputed one by one must give the pass's ΣΔR.
        let again: i64 = row
            .counted
            .iter()
            .map(|&g| delta(version, start, cap, ro, g).0)
            .sum();
        if again != sum.0 || row.counted_at.len() != row.counted.len() {
            not_reproduced += 1;
            continue;
        }
        let own = rating_on(row.fide_id).unwrap_or(ro);
        let mut total = 0i64;
        for (g, &(round, opponent)) in row.counted.iter_mut().zip(&row.counted_at) {
            let mine = if wanted.contains(&round) {
                let theirs = parsed
                    .tournament
                    .players
                    .get(opponent)
                    .and_then(|p| rating_on(p.fide_id.map(|f| f.value)));
                if let Some(r) = theirs {
                    g.opponent_rating = r;
                }
                own
            } else {
                ro
            };
            total += delta(version, start, cap, mine, *g).0;
        }
        if total != sum.0 {
            changed += 1;
        }
        row.w_minus_we = Some(Hundredths(total));
        row.expected = Some(Hundredths(row.score.hundredths().0 - total));
    }
    let unreproduced = if not_reproduced > 0 {
        format!(
            "; {} kept the ratings at the start: its games one by one do not give the event's ΣΔR",
            crate::diag::plural(not_reproduced as u64, "player", "players")
        )
    } else {
        String::new()
    };
    Some(format!(
        "{opening}; {} from the {} list given (the player's and the opponent's ratings there; the ratings at the start where the list has none): ΣΔR changed for {}{kept}{unreproduced}",
        join(&rounds),
        month_name(month),
        crate::diag::plural(changed as u64, "player", "players")
    ))
}

/// The edition's cap when it computes the change game by game with the
/// cap on every game (the per-round ratings then add up game by game);
/// `None` for the averaged method of 2003 and the 2022 cap "only once".
fn per_game_cap(version: Version, start: NaiveDate) -> Option<EventCap> {
    let regs = version.regulations();
    if regs.change_method != ChangeMethod::PerGame {
        return None;
    }
    let cap = *regs.difference_cap.at(start);
    (cap.application == CapApplication::EveryGame).then_some(EventCap(cap))
}

/// The event's cap, whose exemption (2650 from 1 October 2025) is decided
/// once, by the player's rating at the event's start.
#[derive(Clone, Copy)]
struct EventCap(DifferenceCap);

impl EventCap {
    fn for_rating(self, ro: u16) -> DifferenceCap {
        let c = self.0;
        if c.exempt_from_rating.is_some_and(|t| ro >= t) {
            DifferenceCap {
                points: u16::MAX,
                exempt_from_rating: None,
                ..c
            }
        } else {
            DifferenceCap {
                exempt_from_rating: None,
                ..c
            }
        }
    }
}

/// ΔR of one game for a player rated `ro` in it.
fn delta(
    version: Version,
    start: NaiveDate,
    cap: DifferenceCap,
    ro: u16,
    g: RatedGame,
) -> Hundredths {
    let input = RatedInput {
        rating: ro,
        k: 1,
        games: std::slice::from_ref(&g),
        start_date: start,
    };
    rated_change_per_game_with_cap(version, &input, cap).score_minus_expected
}

/// `round 3`, `rounds 2, 3`.
fn join(rounds: &[u16]) -> String {
    let list = rounds
        .iter()
        .map(u16::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    match rounds.len() {
        1 => format!("round {list}"),
        _ => format!("rounds {list}"),
    }
}

/// `trf rate` of a long event with a list given (`month` its month): the
/// rounds dated under that list take its ratings as in a rating period
/// ([`per_round`]), each changed row's K × ΣΔR and change computed again
/// with the edition's rounding, and the note said. Nothing changes for an
/// event of 30 days or less, and the ratings at the start stay wherever
/// the list given is the one in force at the start.
pub(crate) fn in_rate(
    file: &str,
    parsed: &Parsed,
    rating: &mut CheckedRating,
    list: &ListLookup,
    month: ListPeriod,
) {
    let kind = rating.summary.rating_type.unwrap_or(RatingType::Standard);
    let before: Vec<Option<Hundredths>> = rating
        .summary
        .players
        .iter()
        .map(|r| r.w_minus_we)
        .collect();
    let Some(note) = per_round(file, parsed, rating, kind, Some((list, month))) else {
        return;
    };
    let version = rating.summary.regulations;
    let mut changed = false;
    for (row, was) in rating.summary.players.iter_mut().zip(before) {
        let (Some(sum), Some(k), Some(ro)) = (row.w_minus_we, row.k, row.ro) else {
            continue;
        };
        if Some(sum) == was || row.change.is_none() {
            continue;
        }
        let raw = Hundredths(sum.0 * i64::from(k));
        let change = crate::rating::maths::round_change(version, raw);
        row.raw_change = Some(raw);
        row.change = Some(change);
        row.new_rating = Some(i64::from(ro) + change);
        changed = true;
    }
    if changed {
        rating.summary.ratings_source.push_str(
            "; except in the rounds of this long event dated under the list given, which take its ratings (said in the notes)",
        );
    }
    rating.summary.notes.push(note);
}
