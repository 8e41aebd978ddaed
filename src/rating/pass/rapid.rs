//! The rating pass of a rapid or blitz event: what the rapid and blitz
//! chapter in force at the start date changes in the standard calculation.
//!
//! * **Ratings.** The report's rating is the player's rapid (or blitz)
//!   rating. A player the report leaves unrated who holds a standard rating
//!   on the list given with `--rating-list` and no rating of the event's
//!   list is rated with that standard rating, "considered to be rated"
//!   (R&B 2024 art. 7.2.1; 2012 (s); 2013–2022 (?)). Without a list that
//!   cannot be known, and the summary says so.
//! * **600-point rule** (from 1 December 2024, by start date (?)): a game
//!   between players 600 or more points apart, one of them rated above
//!   2600, is not rated for either player; seeded standard ratings count
//!   (reading (?): the player "is considered to be rated").
//! * **K.** 20 for everybody in 2012 (s), 20 with K × n ≤ 700 in 2013–2022
//!   (s); from 1 October 2022 the standard K rules, read from the list's
//!   rapid or blitz K column (RK/BK) when a list is given. A seeded player
//!   has no rapid games: he is new to the list (K 40 until 30 games), a
//!   reading (?).
//! * **Cap.** 400 for every game and every player in 2024, without the
//!   standard 2650 exemption of 1 October 2025; no cap in 2013–2022 (s);
//!   from 1 October 2022 the standard edition's (?).
//!
//! Initial ratings, the floor, pooling and rounding are those of the
//! standard edition at the same date, which the 2024 chapter copies word
//! for word; where an older chapter differs (the "at least one point" of a
//! first event, 2012–2021 (s)) the summary notes it.

use super::RateOptions;
use crate::model::Player;
use crate::rating::maths::cap_k_for_games;
use crate::regulations::rapid_blitz::{BigGap, RapidBlitzCap, RapidBlitzK};
use crate::regulations::{
    CapApplication, DifferenceCap, RapidBlitz, RapidBlitzTopic, RatingType, Version,
};
use chrono::NaiveDate;

/// The chapter applied to one rapid or blitz event.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Chapter {
    /// The chapter edition in force at the start date.
    pub rb: &'static RapidBlitz,
    /// Rapid or blitz: the event's list, and the ratings of a rating list
    /// it reads.
    pub list: RatingType,
    /// The K rule at the start date.
    pub k: RapidBlitzK,
    /// The cap at the start date.
    pub cap: RapidBlitzCap,
    /// The 600-point rule, when in force at the start date.
    pub big_gap: Option<BigGap>,
}

impl Chapter {
    /// The chapter for an event of list `list` starting on `start`; `None`
    /// for a standard event or before FIDE had rapid and blitz lists.
    pub(super) fn at(list: Option<RatingType>, start: NaiveDate) -> Option<Chapter> {
        let list = match list? {
            RatingType::Standard => return None,
            fast => fast,
        };
        let rb = RapidBlitz::at(start)?;
        Some(Chapter {
            rb,
            list,
            k: rb.k.at(start).value,
            cap: rb.cap.at(start).value,
            big_gap: *rb.big_gap.at(start),
        })
    }

    /// The cap to apply under the standard edition `version`.
    pub(super) fn difference_cap(&self, version: Version, start: NaiveDate) -> DifferenceCap {
        match self.cap {
            RapidBlitzCap::None => DifferenceCap {
                points: u16::MAX,
                application: CapApplication::EveryGame,
                exempt_from_rating: None,
            },
            RapidBlitzCap::EveryGame { points } => DifferenceCap {
                points,
                application: CapApplication::EveryGame,
                exempt_from_rating: None,
            },
            RapidBlitzCap::AsStandard => DifferenceCap {
                exempt_from_rating: None,
                ..*version.regulations().difference_cap.at(start)
            },
        }
    }

    /// A flat K, where the chapter has one: (K after the K × n cap, note).
    pub(super) fn flat_k(&self, games: u32) -> Option<(u8, String)> {
        let RapidBlitzK::Flat {
            k,
            k_times_games_limit,
        } = self.k
        else {
            return None;
        };
        let capped = k_times_games_limit.map_or(k, |l| cap_k_for_games(k, games, l));
        let mut note = format!("K {k} for every player ({})", self.rb.text());
        if capped != k {
            note.push_str(&format!(
                "; K × n ≤ {}: {games} rated games in this event, so K {capped}",
                k_times_games_limit.unwrap_or_default()
            ));
        }
        Some((capped, note))
    }

    /// The notes that concern the whole event.
    pub(super) fn notes(
        &self,
        version: Version,
        start: NaiveDate,
        list_given: bool,
        any_unrated: bool,
    ) -> Vec<String> {
        let rb = self.rb;
        let k = match self.k {
            RapidBlitzK::AsStandard => format!(
                "K by the standard rules ({})",
                caveat_or_read(rb, RapidBlitzTopic::KFactor, start)
            ),
            RapidBlitzK::Flat { k, .. } => format!(
                "K {k} for every player ({})",
                caveat_or_read(rb, RapidBlitzTopic::KFactor, start)
            ),
        };
        let copies = if rb.effective_from_mark == crate::regulations::Certainty::Read {
            "which that chapter copies word for word"
        } else {
            "assumed to be those of that chapter too (FIDE has not published them)"
        };
        let mut out = vec![format!(
            "{} event: rated by {} ({}): {k}; the standard {} text's tables, initial ratings, floor and rounding, {copies}",
            self.list.title(),
            rb.text(),
            rb.title,
            version.id()
        )];
        out.push(match self.cap {
            RapidBlitzCap::None => format!(
                "no cap on the rating difference ({})",
                caveat_or_read(rb, RapidBlitzTopic::DifferenceCap, start)
            ),
            RapidBlitzCap::EveryGame { points } => format!(
                "a difference over {points} counts as {points} for every game and every player: the 2650 exemption of 1 October 2025 is for standard only ({})",
                rb.reference(RapidBlitzTopic::DifferenceCap)
            ),
            RapidBlitzCap::AsStandard => format!(
                "the cap of the standard {} text, without the 2650 exemption ({})",
                version.id(),
                caveat_or_read(rb, RapidBlitzTopic::DifferenceCap, start)
            ),
        });
        if let Some(g) = self.big_gap {
            out.push(format!(
                "games {} points or more apart with a player rated above {} are not rated for either player ({}; applied by tournament start date, which trfkit assumes)",
                g.min_difference,
                g.above_rating,
                rb.reference(RapidBlitzTopic::BigGap)
            ));
        }
        if rb.standard_seed.value && !list_given && any_unrated {
            out.push(format!(
                "no rating list given: players without a {} rating in the report are treated as unrated; one who holds a standard rating would be rated with it ({}); give --rating-list to apply it",
                self.list,
                rb.reference(RapidBlitzTopic::InitialRating)
            ));
        }
        if list_given {
            out.push(format!(
                "the report's ratings are taken as {} ratings; K and game counts come from the list's {} columns",
                self.list, self.list
            ));
        }
        let standard_min = version
            .regulations()
            .unrated_event
            .at(start)
            .min_half_points
            .map(|r| r.minimum);
        let rb_min = rb.first_event_min_half_points;
        if standard_min.is_some_and(|m| u32::from(rb_min.value) > m) {
            out.push(format!(
                "{} ask an unrated player to score at least {} in a first event (from a secondary source); the standard rule applied here asks less",
                rb.text(),
                half_points_words(rb_min.value)
            ));
        }
        out
    }
}

fn caveat_or_read(
    rb: &RapidBlitz,
    topic: crate::regulations::RapidBlitzTopic,
    start: NaiveDate,
) -> String {
    match rb.caveat(topic, start) {
        Some(c) => format!("{}; {c}", rb.reference(topic)),
        None => rb.reference(topic),
    }
}

/// `1 point`, `½ point`.
fn half_points_words(h: u8) -> String {
    match (h / 2, h % 2) {
        (0, _) => "½ point".to_owned(),
        (1, 0) => "1 point".to_owned(),
        (p, 0) => format!("{p} points"),
        (p, _) => format!("{p}½ points"),
    }
}

/// Rates R&B-unrated players who hold a standard rating on the list with
/// it (R&B art. 7.2.1); returns, per player, the note that says so.
pub(crate) fn seed(
    ch: &Chapter,
    players: &[Player],
    ratings: &mut [Option<u16>],
    opts: &RateOptions,
) -> Vec<Option<String>> {
    let mut notes = vec![None; players.len()];
    let Some(list) = opts.list.as_ref().filter(|_| ch.rb.standard_seed.value) else {
        return notes;
    };
    for (i, p) in players.iter().enumerate() {
        if ratings[i].is_some() {
            continue;
        }
        let Some(record) = p.fide_id.and_then(|id| list.get(&id.value)) else {
            continue;
        };
        if let Some(e) = record.entry(ch.list) {
            notes[i] = Some(format!(
                "the rating list shows a {} rating {} but the report none: the report is followed, and the player is rated as unrated",
                ch.list, e.rating
            ));
            continue;
        }
        let Some(std) = record.standard else { continue };
        ratings[i] = Some(std.rating);
        let mark = match ch
            .rb
            .caveat(RapidBlitzTopic::InitialRating, ch.rb.effective_from)
        {
            Some(c) => format!("; {c}"),
            None => String::new(),
        };
        notes[i] = Some(format!(
            "no {} rating: rated with the standard rating {} of the list, as a player considered to be rated ({}{mark}); K as a player new to the {} list, who has no {} games (FIDE has not published which K applies; trfkit assumes a new player's)",
            ch.list,
            std.rating,
            ch.rb.reference(RapidBlitzTopic::InitialRating),
            ch.list,
            ch.list
        ));
    }
    notes
}

/// K of a player rated with his standard rating (R&B art. 7.2.1): he has
/// no games on the event's list, so he is new to it (a reading (?)); then
/// K × n ≤ 700 where the edition has it.
pub(crate) fn seeded_k(version: Version, start: NaiveDate, games: u32) -> (u8, String) {
    let rules = version.regulations().k_factor.at(start);
    let k = rules.new_player;
    let capped = rules
        .k_times_games_limit
        .map_or(k, |l| cap_k_for_games(k, games, l));
    let mut note = format!(
        "K {k}: FIDE has not published the K of a player rated with his standard rating; trfkit reads him as new to the list until {} rated games",
        rules.new_player_games
    );
    if capped != k {
        note.push_str(&format!(
            "; K × n ≤ {}: {games} rated games in this event, so K {capped}",
            rules.k_times_games_limit.unwrap_or_default()
        ));
    }
    (capped, note)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ymd(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap_or_default()
    }

    #[test]
    fn chapters_by_list_and_date() {
        assert!(Chapter::at(Some(RatingType::Standard), ymd(2025, 1, 1)).is_none());
        assert!(Chapter::at(Some(RatingType::Rapid), ymd(2011, 12, 31)).is_none());
        assert!(Chapter::at(None, ymd(2025, 1, 1)).is_none());
        let c = Chapter::at(Some(RatingType::Blitz), ymd(2025, 1, 1));
        assert_eq!(c.map(|c| c.list), Some(RatingType::Blitz));
    }

    #[test]
    fn k_by_chapter() {
        let old = Chapter::at(Some(RatingType::Rapid), ymd(2016, 5, 1));
        // 20 flat; 40 games: the largest K with K × 40 ≤ 700 is 17.
        assert_eq!(old.and_then(|c| c.flat_k(3)).map(|k| k.0), Some(20));
        assert_eq!(old.and_then(|c| c.flat_k(40)).map(|k| k.0), Some(17));
        // 2012: 20, no K × n limit.
        let first = Chapter::at(Some(RatingType::Rapid), ymd(2012, 5, 1));
        assert_eq!(first.and_then(|c| c.flat_k(40)).map(|k| k.0), Some(20));
        // From 1 October 2022: the standard K rules.
        let sep = Chapter::at(Some(RatingType::Rapid), ymd(2022, 9, 30));
        let oct = Chapter::at(Some(RatingType::Rapid), ymd(2022, 10, 1));
        assert!(sep.and_then(|c| c.flat_k(3)).is_some());
        assert!(oct.and_then(|c| c.flat_k(3)).is_none());
        // A seeded player: new to the list, 40; 20 games → 35 by 700/20.
        assert_eq!(seeded_k(Version::V2024, ymd(2025, 1, 1), 3).0, 40);
        assert_eq!(seeded_k(Version::V2024, ymd(2025, 1, 1), 20).0, 35);
    }

    #[test]
    fn caps_by_chapter() {
        let cap = |y, m, d| {
            Chapter::at(Some(RatingType::Rapid), ymd(y, m, d))
                .map(|c| c.difference_cap(Version::V2024, ymd(y, m, d)))
        };
        // 2024 after 1 October 2025: 400, no 2650 exemption.
        let c = cap(2025, 11, 1);
        assert_eq!(
            c.map(|c| (c.points, c.exempt_from_rating)),
            Some((400, None))
        );
        // 2013–2022: no cap.
        assert_eq!(cap(2016, 5, 1).map(|c| c.points), Some(u16::MAX));
    }
}
