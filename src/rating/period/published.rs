//! The period beside the list FIDE published at its end (`trf period
//! --published LIST`): per player the published rating, games and K, and
//! whether they are the period's; each difference explained where trfkit
//! can tell why, else said to be unexplained.
//!
//! The causes trfkit can tell, from the figures alone: more games published
//! than the reports hold (a report not among those given), fewer (a game
//! FIDE left out), the published rating reproduced by another K, by each
//! event rounded alone, or by the player's rating in one of the reports as
//! the base (a base FIDE corrected), and a first rating published where the
//! period's pool gives none or from more games (a first rating from earlier
//! months). Nothing else is guessed.

use super::lists::{edition_of, key};
use super::{PeriodPlayer, PeriodSummary};
use crate::rating::maths::{round_change, Hundredths};
use crate::ratinglist::period::month_name;
use crate::ratinglist::{ListLookup, ListPeriod};
use serde::Serialize;

/// What the published list says of one player, beside the period's figures
/// (in the JSON of the player, only with `--published`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct PublishedFigures {
    /// The rating on the published list (of the player's rating type);
    /// `null` when the list has none.
    pub published_rating: Option<i64>,
    /// The games the published list gives for the period; `null` when
    /// blank or when the list has no rating of that type for the player.
    pub published_games: Option<u16>,
    /// The K the published list gives; `null` when blank.
    pub published_k: Option<u8>,
    /// The published rating is the period's new rating (or first rating),
    /// and the published games, where the list gives them, its games.
    pub matches_published: bool,
    /// Why the figures differ, each cause trfkit can tell, else
    /// `unexplained`; empty when they agree.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub published_differences: Vec<String>,
}

/// How many players agree with the published list (top level of the JSON,
/// only with `--published`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct PublishedSummary {
    /// The list compared with, as named.
    pub list: String,
    /// The list's month, `YYYY-MM`, when known.
    pub list_period: Option<String>,
    /// Players whose rating (and games) the list publishes as computed.
    pub exact: usize,
    /// Players the list publishes with another rating or other games.
    pub differ: usize,
    /// Players with a rating computed whom the list does not hold (or
    /// holds without a rating of that type).
    pub missing: usize,
}

/// The word of a difference nobody can explain from the figures.
pub(crate) const UNEXPLAINED: &str = "unexplained";

/// Compares the period `s` (or, without `--period`, the one of its other
/// lists whose month is the published list's) with `published`; says in
/// the notes which period was compared.
pub(crate) fn compare(s: &mut PeriodSummary, published: &ListLookup) {
    let month = published.period;
    let mut other = None;
    match month {
        Some(m) if key(m) != s.period => {
            other = s
                .other_periods
                .iter()
                .flatten()
                .position(|o| o.period == key(m));
            s.notes.push(match other {
                Some(_) => format!(
                    "--published `{}` is the {} list: compared with that period, shown with the other lists",
                    published.name,
                    month_name(m)
                ),
                None => format!(
                    "--published `{}` is the {} list, not the {} list this period computes: compared anyway, and every difference may be the months between",
                    published.name,
                    month_name(m),
                    s.period
                ),
            });
        }
        Some(_) => {}
        None => s.notes.push(format!(
            "nothing tells the month of `{}`: compared as the list published at the end of this period ({})",
            published.name, s.period
        )),
    }
    let mut counts = PublishedSummary {
        list: published.name.clone(),
        list_period: month.map(key),
        exact: 0,
        differ: 0,
        missing: 0,
    };
    let one = match (other, s.other_periods.as_mut()) {
        (Some(i), Some(o)) if i < o.len() => &mut o[i],
        _ => &mut *s,
    };
    let period = parse_key(&one.period);
    for p in &mut one.players {
        let Some(f) = figures(p, published, period) else {
            continue;
        };
        match (f.matches_published, f.published_rating, ours(p)) {
            (true, _, _) => counts.exact += 1,
            (false, None, Some(_)) => counts.missing += 1,
            _ => counts.differ += 1,
        }
        p.published = Some(f);
    }
    s.published_summary = Some(counts);
}

/// `2025-04` → April 2025.
fn parse_key(k: &str) -> Option<ListPeriod> {
    let (y, m) = k.split_once('-')?;
    Some(ListPeriod {
        year: y.parse().ok()?,
        month: m.parse().ok()?,
    })
}

/// The rating the period gives the player: the new rating, or the first
/// rating of an unrated player.
fn ours(p: &PeriodPlayer) -> Option<i64> {
    p.new_rating.or(p.first_rating)
}

/// The published figures of `p` and why they differ; `None` for a player
/// without a FIDE ID (the list cannot name him).
fn figures(
    p: &PeriodPlayer,
    published: &ListLookup,
    period: Option<ListPeriod>,
) -> Option<PublishedFigures> {
    let id = p.fide_id?;
    let entry = published
        .get(id)
        .and_then(|r| r.entry(p.rating_type).copied());
    let published_rating = entry.map(|e| i64::from(e.rating));
    let published_games = entry.and_then(|e| e.games);
    let published_k = entry.and_then(|e| e.k);
    let mine = ours(p);
    let games_agree = published_games.is_none_or(|g| u32::from(g) == p.games);
    let matches_published = published_rating == mine && games_agree;
    let published_differences = if matches_published {
        Vec::new()
    } else {
        why(p, published_rating, published_games, published_k, period)
    };
    Some(PublishedFigures {
        published_rating,
        published_games,
        published_k,
        matches_published,
        published_differences,
    })
}

/// Every cause of the difference trfkit can tell, else `unexplained`.
fn why(
    p: &PeriodPlayer,
    rating: Option<i64>,
    games: Option<u16>,
    k: Option<u8>,
    period: Option<ListPeriod>,
) -> Vec<String> {
    let mut causes = Vec::new();
    let mine = ours(p);
    let Some(published) = rating else {
        return vec![match mine {
            Some(r) => format!(
                "not on the published list with a {} rating, where the period gives {r}: FIDE did not rate the player's games in this period (a report not uploaded or not rated), or the list is not the one published at the end of this period",
                p.rating_type.as_str()
            ),
            None => UNEXPLAINED.to_owned(),
        }];
    };
    let plural = |n: u32| if n == 1 { "game" } else { "games" };
    if let Some(g) = games.map(u32::from) {
        if g > p.games {
            causes.push(format!(
                "FIDE counted {} more {} than the reports given hold ({g}, not {}): a report not among those given",
                g - p.games,
                plural(g - p.games),
                p.games
            ));
        } else if g < p.games {
            causes.push(format!(
                "FIDE counted {} {} fewer than trfkit ({g}, not {}): a game FIDE left out (a forfeit, a game below the rate of play, a report FIDE did not rate in this period)",
                p.games - g,
                plural(p.games - g),
                p.games
            ));
        }
    }
    if p.old_rating.is_none() {
        // An unrated player: a first rating.
        let more = games.is_some_and(|g| u32::from(g) > p.games);
        if mine.is_none() || more {
            causes.push(format!(
                "a first rating from earlier months: FIDE published {published}{}; results of earlier periods pool with these within the edition's window (the same and the next 7 rating periods before 2014; consecutive periods of at most 26 months since), and the reports given hold only this period's",
                match mine {
                    Some(r) => format!(", not the {r} of this period's pool alone"),
                    None => ", where this period's pool alone gives no first rating".to_owned(),
                }
            ));
        }
    } else if causes.is_empty() {
        reproduced(p, published, k, period, &mut causes);
    }
    if causes.is_empty() {
        causes.push(UNEXPLAINED.to_owned());
    }
    causes
}

/// With the same games, the published rating reproduced by another K, by
/// each event rounded alone, or by another base.
fn reproduced(
    p: &PeriodPlayer,
    published: i64,
    k: Option<u8>,
    period: Option<ListPeriod>,
    causes: &mut Vec<String>,
) {
    let (Some(base), Some(change)) = (p.old_rating, p.rating_change) else {
        return;
    };
    if let (Some(pk), Some(ours_k)) = (k, p.k) {
        let sum: i64 = p
            .events
            .iter()
            .filter_map(|e| e.sum_delta)
            .map(|h| h.0)
            .sum();
        let version = edition_of(period.unwrap_or(ListPeriod {
            year: 2024,
            month: 3,
        }))
        .version;
        let with = round_change(version, Hundredths(sum * i64::from(pk)));
        if pk != ours_k && base + with == published {
            causes.push(format!(
                "another K: with K {pk} (the published list's) instead of {ours_k} the change is {with:+}, which gives the published {published}"
            ));
        }
    }
    if let Some(alone) = p.per_event_change {
        if alone != change && base + alone == published {
            causes.push(format!(
                "each event rounded alone: the per-event roundings add up to {alone:+}, which gives the published {published} (trfkit rounds the period's total once, as FIDE publishes one change per period)"
            ));
        }
    }
    let mut seen = Vec::new();
    for e in &p.events {
        let Some(ro) = e.ro.map(i64::from) else {
            continue;
        };
        if ro != base && !seen.contains(&ro) && ro + change == published {
            seen.push(ro);
            causes.push(format!(
                "a base FIDE corrected: the published {published} is {ro} (the player's rating in `{}`) {change:+}, not the base {base} ({}); --base {}={ro} reproduces it",
                e.file,
                p.base_source.as_deref().unwrap_or("the base used"),
                p.fide_id.unwrap_or_default()
            ));
        }
    }
}
