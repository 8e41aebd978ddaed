//! Rule `player-in-simultaneous-events`: one FIDE ID playing on one day in
//! two reports.

use super::{across_rule, noted, PlayerIndex, ReportKeys, Sink};
use chrono::NaiveDate;
use std::collections::{HashMap, HashSet};

across_rule! {
    /// ## What it checks
    /// Among the reports read together, one FIDE ID with a game played over
    /// the board (`1 = 0 W D L`) on the same date in two reports of the same
    /// rating list (or of a list not decided). A round's date is read from
    /// record `132`; a report without round dates is not compared. A league
    /// whose rounds fall on other days than the other event is not flagged,
    /// nor a rapid and a blitz event on one day.
    ///
    /// ## Why it matters
    /// A player cannot sit at two boards of two events at once: one of the
    /// reports most likely carries a wrong FIDE ID (a namesake, a typing
    /// slip), which would credit the games to the wrong person's rating.
    ///
    /// FIDE has not published what it does with one FIDE ID playing two
    /// events on the same day; trfkit assumes both events are rated as
    /// reported, and warns.
    ///
    /// ## Example
    /// `spring-open.trf` (round 3 on 2026-03-14) and `club-league.trf`
    /// (round 5 on 2026-03-14) both have games of FIDE ID 4100018. Check the
    /// ID in both; a round moved to another day needs its `132` date fixed.
    ///
    /// ## Reference
    /// FIDE Rating Regulations (Handbook B.02, 2024) art. 3: play is limited
    /// to 12 hours a day; TRF16 record `132` (round dates).
    PLAYER_IN_SIMULTANEOUS_EVENTS = "TRF-A001", "player-in-simultaneous-events", Warning,
    "one FIDE ID with games on the same date in two reports",
    Info, "FIDE has not published what it does with one FIDE ID playing two events on the same day; trfkit assumes both are rated as reported, and warns", unconfirmed: true;
}

/// One game of a shared player: date, report, player, round (1-based).
type Played = (NaiveDate, u32, u32, u16);

/// The days two reports clash on, for one player: (first report, other).
type Clash = ((u32, u32), Vec<(Played, Played)>);

/// The clashes of every FIDE ID found in two reports; two reports of one
/// event (`one_event`, both orders: `overlapping-reports`) never clash.
pub(crate) fn find(
    reports: &[ReportKeys],
    ids: &PlayerIndex,
    one_event: &HashSet<(u32, u32)>,
    out: &mut dyn Sink,
) {
    let mut games: Vec<Played> = Vec::new();
    for (id, places) in &ids.shared {
        games.clear();
        for &(r, p) in places {
            let t = &reports[r as usize];
            let player = &t.players[p as usize];
            for (k, e) in player.rounds.iter().enumerate() {
                if !e.value.result.is_played() {
                    continue;
                }
                let date = t.round_dates.get(k).and_then(|d| d.value);
                if let Some(date) = date {
                    games.push((date, r, p, k as u16 + 1));
                }
            }
        }
        games.sort_unstable();
        games.dedup_by(|a, b| a.0 == b.0 && a.1 == b.1);
        // Clashes by pair of reports: (first, other) → dates with rounds,
        // in the order first met (a player in k reports on one day gives
        // k - 1 pairs, each found by hashing, not by a scan).
        let mut clashes: Vec<Clash> = Vec::new();
        let mut at: HashMap<(u32, u32), usize> = HashMap::new();
        for day in games.chunk_by(|a, b| a.0 == b.0) {
            let first = day[0];
            for &other in &day[1..] {
                if !same_list(&reports[first.1 as usize], &reports[other.1 as usize])
                    || one_event.contains(&(first.1, other.1))
                {
                    continue;
                }
                let pair = (first.1, other.1);
                let slot = *at.entry(pair).or_insert_with(|| {
                    clashes.push((pair, Vec::new()));
                    clashes.len() - 1
                });
                clashes[slot].1.push((first, other));
            }
        }
        at.clear();
        for ((a, b), days) in clashes {
            emit(reports, *id, a, b, &days, false, out);
            emit(reports, *id, b, a, &days, true, out);
        }
    }
}

/// A clash is only one when both events are on the same list (or a list
/// is not known).
fn same_list(a: &ReportKeys, b: &ReportKeys) -> bool {
    match (a.rating_type, b.rating_type) {
        (Some(x), Some(y)) => x == y,
        _ => true,
    }
}

/// The finding in report `here` about its clash with report `there`.
fn emit(
    reports: &[ReportKeys],
    id: u64,
    here: u32,
    there: u32,
    days: &[(Played, Played)],
    swap: bool,
    out: &mut dyn Sink,
) {
    let side = |d: &(Played, Played)| if swap { (d.1, d.0) } else { (d.0, d.1) };
    let (mine, _) = side(&days[0]);
    let t = &reports[here as usize];
    let player = &t.players[mine.2 as usize];
    let entry = player.rounds.get(mine.3 as usize - 1).unwrap_or_default();
    let meta = &PLAYER_IN_SIMULTANEOUS_EVENTS;
    if !out.wants_words(here as usize, meta, entry.span.start) {
        // Counted, never shown: where it points and what it means only.
        let d = meta.diag(String::new()).primary(entry.span, String::new());
        out.push(here as usize, noted(meta, d));
        return;
    }
    let listed: Vec<String> = days
        .iter()
        .map(|d| {
            let (m, o) = side(d);
            format!("{} (round {} here, round {} there)", m.0, m.3, o.3)
        })
        .collect();
    let mut d = PLAYER_IN_SIMULTANEOUS_EVENTS
        .diag(format!(
            "FIDE ID {id} ({}, {}) also plays in {} on the same day: {}",
            player.designation(),
            player.name.value,
            reports[there as usize].quoted(),
            listed.join(", ")
        ))
        .primary(entry.span, format!("played on {}", mine.0));
    if let Some(date) = t.round_dates.get(mine.3 as usize - 1) {
        d = d.secondary(date.span, format!("round {} date", mine.3));
    }
    out.push(
        here as usize,
        noted(
            &PLAYER_IN_SIMULTANEOUS_EVENTS,
            d.help(format!(
                "check the FIDE ID of {} here and in {}, and the `132` round dates of both",
                player.name.value,
                reports[there as usize].quoted()
            ))
            .reference("FIDE Rating Regulations (Handbook B.02, 2024) art. 3; TRF16 record 132"),
        ),
    );
}
