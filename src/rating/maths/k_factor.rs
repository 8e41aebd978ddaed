//! The development coefficient K (docs/spec/regulations.md R24, R25).
//!
//! Inputs that a TRF or a rating list often lacks (game count, rating
//! history, birth date) are optional. When one is missing the decision
//! states what it assumed, in words meant for users.

use crate::diag::words::{join, Piece::Number, Piece::Text};
use crate::model::PartialDate;
use crate::rating::note::Note;
use crate::regulations::{JuniorUntil, KRules, Version};
use chrono::{Datelike, NaiveDate};
use serde::Serialize;
use std::cell::RefCell;
use std::rc::Rc;

/// What the K decision is based on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct KInputs {
    /// The player's rating at the start of the tournament (K is taken from
    /// it, docs/spec/regulations.md R24 for 2009).
    pub rating: u16,
    /// Birth date, if known.
    pub birth: Option<PartialDate>,
    /// Tournament start date (chooses the dated K rules and the junior age).
    pub start_date: NaiveDate,
    /// The player has completed at least 30 rated games; `None` = unknown.
    pub has_30_games: Option<bool>,
    /// The player's published rating has ever reached 2400; `None` =
    /// unknown. A current rating of 2400 or more implies it.
    pub ever_reached_2400: Option<bool>,
    /// Rated games in the rating period, for the K × n ≤ 700 cap; `None` =
    /// unknown (cap not applied).
    pub games_in_period: Option<u32>,
}

/// Which branch of the K rules applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum KBasis {
    /// Fewer than 30 rated games.
    NewPlayer,
    /// The published rating has reached 2400 (permanent).
    Reached2400,
    /// Junior below 2300.
    Junior,
    /// Everyone else.
    Standard,
}

/// Where K came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum KSource {
    /// Given by the caller for this FIDE ID.
    Override,
    /// The rating list's published K for the player.
    List,
    /// Worked out from the rating, birth date, start date and regulations,
    /// with the assumptions stated in the notes.
    Derived,
}

impl KSource {
    /// One-letter mark for tables: `o`, `l`, `d`.
    pub fn mark(self) -> char {
        match self {
            KSource::Override => 'o',
            KSource::List => 'l',
            KSource::Derived => 'd',
        }
    }
}

/// The K factor and why: the one K type, from [`k_factor`] (worked out
/// from the regulations) or from the rating pass (a user's override, the
/// rating list's K, the rapid and blitz chapter's flat K).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct KDecision {
    /// K to use (after the K × n cap).
    pub k: u8,
    /// K before the K × n cap.
    pub base_k: u8,
    /// Where `base_k` came from.
    pub source: KSource,
    /// Which branch of the K rules gave `base_k`, when it was worked out
    /// from them.
    pub basis: Option<KBasis>,
    /// In words for users, in order: the rule, the cap if any, and every
    /// assumption (the words of an edition's K rules shared by every
    /// player they concern).
    pub notes: Vec<Note>,
    /// Where the assumptions are among `notes` ([`KDecision::assumptions`]).
    pub assumed: std::ops::Range<usize>,
}

impl KDecision {
    /// The assumptions alone (also among `notes`).
    #[cfg(test)]
    pub(crate) fn assumptions(&self) -> &[Note] {
        self.notes.get(self.assumed.clone()).unwrap_or_default()
    }

    /// The notes as one sentence.
    #[cfg(test)]
    pub(crate) fn source_note(&self) -> String {
        self.notes.join("; ")
    }
}

/// Decides K for `inputs` under `version` (the dated sub-rules, such as K 30
/// for new players from 1 July 2011, follow `inputs.start_date`).
///
/// Precedence: new player (< 30 games) → reached 2400 (K 10, permanent) →
/// junior below 2300 → standard. Then, where the version has it, K × n ≤ 700.
pub(crate) fn k_factor(version: Version, inputs: &KInputs) -> KDecision {
    let regs = version.regulations();
    let rules = regs.k_factor.at(inputs.start_date);
    // The rule's note comes first: its place is kept while the
    // assumptions are found. Room for the notes a caller adds after (the
    // rating pass: the player's exclusions), so that its list is this one.
    let mut notes = Vec::with_capacity(8);
    notes.push(Note::default());

    // Worded once per edition's K rules, cloned for each player.
    let words = words(version, rules);
    let new_player = match inputs.has_30_games {
        Some(has) => !has,
        None => {
            notes.push(words.assumed_games.clone());
            false
        }
    };
    let reached_top = inputs.rating >= rules.top_threshold
        || match inputs.ever_reached_2400 {
            Some(r) => r,
            None => {
                notes.push(words.assumed_top.clone());
                false
            }
        };

    let (base_k, basis, rule_note) = if new_player {
        (
            rules.new_player,
            KBasis::NewPlayer,
            words.new_player.clone(),
        )
    } else if reached_top {
        (rules.top, KBasis::Reached2400, words.top.clone())
    } else if let Some(why) = junior(rules, inputs, &mut notes) {
        let k = rules.junior.map_or(rules.standard, |j| j.k);
        (k, KBasis::Junior, words.junior(version, rules, k, why))
    } else {
        (rules.standard, KBasis::Standard, words.standard.clone())
    };

    let mut k = base_k;
    let mut cap_note = None;
    if let Some(limit) = rules.k_times_games_limit {
        match inputs.games_in_period {
            Some(n) if n > 0 && u64::from(k) * u64::from(n) > u64::from(limit) => {
                k = u8::try_from(limit / n).unwrap_or(u8::MAX);
                cap_note = Some(Note::from(format!(
                    "K × n ≤ {limit}: {n} games in the period, so K {k} instead of {base_k}"
                )));
            }
            Some(_) => {}
            None => notes.push(Note::from(format!(
                "games in the rating period unknown: K × n ≤ {limit} not applied"
            ))),
        }
    }

    notes[0] = rule_note;
    let capped = cap_note.is_some();
    if let Some(c) = cap_note {
        notes.insert(1, c);
    }
    KDecision {
        k,
        base_k,
        source: KSource::Derived,
        basis: Some(basis),
        assumed: 1 + usize::from(capped)..notes.len(),
        notes,
    }
}

/// "K 20: rating below 2400 (FIDE Rating Regulations effective 1 March
/// 2024, art. 8.3.3)": the rule that gave K, with the edition's article.
fn k_note(version: Version, k: u8, rule: &str) -> String {
    let regs = version.regulations();
    join(&[
        Text("K "),
        Number(k.into()),
        Text(": "),
        Text(rule),
        Text(" ("),
        Text(regs.title()),
        Text(", "),
        Text(regs.article(crate::regulations::Topic::KFactor)),
        Text(")"),
    ])
}

/// The notes of [`k_factor`] that depend on the edition's K rules alone.
struct KNotes {
    assumed_games: Note,
    assumed_top: Note,
    /// The K notes of a new player, a player who reached the threshold and
    /// the standard K.
    new_player: Note,
    top: Note,
    standard: Note,
    /// The junior K notes worded so far (a report's juniors share a few
    /// birth years).
    juniors: RefCell<Vec<(Junior, Note)>>,
}

impl KNotes {
    /// The note of the junior K `k` for `why`, worded the first time.
    fn junior(&self, version: Version, rules: &KRules, k: u8, why: Junior) -> Note {
        let mut known = self.juniors.borrow_mut();
        if let Some((_, n)) = known.iter().find(|(w, _)| *w == why) {
            return n.clone();
        }
        let below = rules.junior.map_or(0, |j| j.below_rating);
        let note = Note::shared(&k_note(version, k, &why.words(below)));
        // A few birth years in a report; a bound all the same.
        if known.len() < 64 {
            known.push((why, note.clone()));
        }
        note
    }
}

/// Why the junior K applies, as the words depend on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Junior {
    /// Until the end of this year, the year of the 18th birthday.
    UntilEndOf(i32),
    /// Before the 18th birthday.
    BeforeBirthday,
}

impl Junior {
    /// "junior below 2300 until the end of 2033, the year of the 18th
    /// birthday".
    fn words(self, below: u16) -> String {
        match self {
            Junior::UntilEndOf(year) => format!(
                "junior below {below} until the end of {year}, the year of the 18th birthday"
            ),
            Junior::BeforeBirthday => format!("junior below {below} before the 18th birthday"),
        }
    }
}

thread_local! {
    /// The words of the K rules last used on this thread: a report's
    /// players share one edition and start date, so the notes of
    /// thousands of players are worded once (keyed by the rules' address,
    /// which is static).
    static K_NOTES: RefCell<Option<(Version, usize, Rc<KNotes>)>> = const { RefCell::new(None) };
}

/// The words of `rules` of `version`.
fn words(version: Version, rules: &'static KRules) -> Rc<KNotes> {
    let at = std::ptr::from_ref(rules) as usize;
    K_NOTES.with(|cell| {
        let mut cell = cell.borrow_mut();
        if let Some((v, a, w)) = cell.as_ref() {
            if *v == version && *a == at {
                return Rc::clone(w);
            }
        }
        let threshold = Number(rules.top_threshold.into());
        let games = Number(rules.new_player_games.into());
        let w = Rc::new(KNotes {
            assumed_games: Note::shared(&join(&[
                Text("assumed at least "),
                games,
                Text(" rated games (game count unknown)"),
            ])),
            assumed_top: Note::shared(&join(&[
                Text("assumed the published rating never reached "),
                threshold,
                Text(" (rating history unknown)"),
            ])),
            new_player: Note::shared(&k_note(
                version,
                rules.new_player,
                &join(&[
                    Text("new player with fewer than "),
                    games,
                    Text(" rated games"),
                ]),
            )),
            top: Note::shared(&k_note(
                version,
                rules.top,
                &join(&[Text("published rating has reached "), threshold]),
            )),
            standard: Note::shared(&k_note(
                version,
                rules.standard,
                &join(&[Text("rating below "), threshold]),
            )),
            juniors: RefCell::new(Vec::new()),
        });
        *cell = Some((version, at, Rc::clone(&w)));
        w
    })
}

/// Largest K with K × n ≤ `limit` (docs/spec/regulations.md R25), or `k` if already within.
pub(crate) fn cap_k_for_games(k: u8, games: u32, limit: u32) -> u8 {
    if games == 0 || u64::from(k) * u64::from(games) <= u64::from(limit) {
        k
    } else {
        u8::try_from(limit / games).unwrap_or(u8::MAX)
    }
}

/// `Some(reason)` if the junior K applies; an assumption made on the way
/// is pushed onto `assumptions`.
fn junior(rules: &KRules, inputs: &KInputs, assumptions: &mut Vec<Note>) -> Option<Junior> {
    match junior_class(rules, inputs.rating, inputs.birth, inputs.start_date) {
        JuniorClass::Junior(why) => Some(why),
        JuniorClass::NoRule | JuniorClass::Rated | JuniorClass::NotJunior => None,
        JuniorClass::BirthUnknown => {
            assumptions.push(Note::fixed("birth date unknown: junior K not considered"));
            None
        }
        JuniorClass::MonthUnknown { turns_18 } => {
            assumptions.push(Note::from(format!(
                "birth month unknown: assumed the 18th birthday (in {turns_18}) had passed by the start, junior K not applied"
            )));
            None
        }
        JuniorClass::DayUnknown { turns_18, month } => {
            assumptions.push(Note::from(format!(
                "birth day unknown: assumed the 18th birthday ({turns_18}-{month:02}) had passed by the start, junior K not applied"
            )));
            None
        }
    }
}

/// What the junior rule makes of a player rated `rating`, born `birth`, at
/// `start`: everything of the birth date that the K decision and its words
/// read, and nothing else (many players share one class: the rating pass
/// keeps the K decision of each class, [`KClass`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum JuniorClass {
    /// The edition has no junior K.
    NoRule,
    /// Rated at or above the junior K's rating limit.
    Rated,
    /// No birth date.
    BirthUnknown,
    /// A birth year alone, in the year of the 18th birthday.
    MonthUnknown {
        /// The year of the 18th birthday.
        turns_18: i32,
    },
    /// No birth day, in the month of the 18th birthday.
    DayUnknown {
        /// The year of the 18th birthday.
        turns_18: i32,
        /// The month of the birthday.
        month: u32,
    },
    /// A junior, and why.
    Junior(Junior),
    /// Not (or no longer) a junior.
    NotJunior,
}

/// The junior rule of `rules` for a player rated `rating`, born `birth`, at
/// `start` ([`JuniorClass`]).
pub(crate) fn junior_class(
    rules: &KRules,
    rating: u16,
    birth: Option<PartialDate>,
    start: NaiveDate,
) -> JuniorClass {
    let class = |junior: Option<Junior>| junior.map_or(JuniorClass::NotJunior, JuniorClass::Junior);
    let Some(j) = rules.junior else {
        return JuniorClass::NoRule;
    };
    if rating >= j.below_rating {
        return JuniorClass::Rated;
    }
    let Some(birth) = birth else {
        return JuniorClass::BirthUnknown;
    };
    let turns_18 = birth.year.saturating_add(18);
    match j.until {
        JuniorUntil::EndOfYearOfEighteenthBirthday => {
            class((start.year() <= turns_18).then_some(Junior::UntilEndOf(turns_18)))
        }
        JuniorUntil::EighteenthBirthday => {
            let why = || Junior::BeforeBirthday;
            if start.year() != turns_18 {
                return class((start.year() < turns_18).then(why));
            }
            let month = birth.month.filter(|m| (1..=12).contains(m));
            let Some(month) = month else {
                return JuniorClass::MonthUnknown { turns_18 };
            };
            if start.month() != month {
                return class((start.month() < month).then(why));
            }
            let Some(day) = birth.day.filter(|d| (1..=31).contains(d)) else {
                return JuniorClass::DayUnknown { turns_18, month };
            };
            class((start.day() < day).then(why))
        }
    }
}

/// What decides the K of a player the rules work K out for, with no game
/// count, rating history or games in the period given (the rating pass
/// without a rating list): whether the rating reaches the top threshold
/// and, below it, the junior rule's class. [`k_factor`] reads nothing else
/// of such a player, so players of one class share one decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct KClass {
    /// The rating reaches the rules' top threshold.
    pub top: bool,
    /// Below it, the junior rule's class (`NoRule` at or above it, where
    /// the rule is not read).
    pub junior: JuniorClass,
}

impl KClass {
    /// The class of a player rated `rating`, born `birth`, under `rules`
    /// at `start`.
    pub(crate) fn of(
        rules: &KRules,
        rating: u16,
        birth: Option<PartialDate>,
        start: NaiveDate,
    ) -> KClass {
        let top = rating >= rules.top_threshold;
        KClass {
            top,
            junior: if top {
                JuniorClass::NoRule
            } else {
                junior_class(rules, rating, birth, start)
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap_or_default()
    }

    fn adult(rating: u16, start: NaiveDate) -> KInputs {
        KInputs {
            rating,
            birth: Some(PartialDate::year(1980)),
            start_date: start,
            has_30_games: Some(true),
            ever_reached_2400: Some(false),
            games_in_period: None,
        }
    }

    #[test]
    fn fide_published_k_17_at_39_games() {
        // docs/spec/regulations.md §3.3.
        let mut i = adult(2000, date(2024, 5, 1));
        i.games_in_period = Some(39);
        let d = k_factor(Version::V2024, &i);
        assert_eq!((d.base_k, d.k), (20, 17));
        assert!(
            d.source_note().contains("K × n ≤ 700"),
            "{}",
            d.source_note()
        );
    }

    #[test]
    fn junior_k_cap_at_18_and_17_games() {
        // docs/spec/regulations.md §3.4: 40 × 18 = 720 > 700 → 38; 17 games → 40.
        let mut i = adult(1900, date(2024, 5, 1));
        i.birth = Some(PartialDate::year(2010));
        i.games_in_period = Some(18);
        let d = k_factor(Version::V2024, &i);
        assert_eq!((d.basis, d.k), (Some(KBasis::Junior), 38));
        i.games_in_period = Some(17);
        assert_eq!(k_factor(Version::V2024, &i).k, 40);
        assert_eq!(cap_k_for_games(40, 18, 700), 38);
        assert_eq!(cap_k_for_games(40, 17, 700), 40);
        assert_eq!(cap_k_for_games(10, 0, 700), 10);
    }

    #[test]
    fn k_by_version() {
        let start = |v: Version| v.effective_from();
        let cases = [
            (Version::V2003, 25, 15, 10),
            (Version::V2005, 25, 15, 10),
            (Version::V2009, 25, 15, 10),
            (Version::V2013, 30, 15, 10),
            (Version::V2014, 40, 20, 10),
            (Version::V2017, 40, 20, 10),
            (Version::V2022, 40, 20, 10),
            (Version::V2024, 40, 20, 10),
        ];
        for (v, new, std, top) in cases {
            let mut i = adult(2100, start(v));
            assert_eq!(k_factor(v, &i).k, std, "{v} standard");
            i.has_30_games = Some(false);
            assert_eq!(k_factor(v, &i).k, new, "{v} new");
            i.has_30_games = Some(true);
            i.ever_reached_2400 = Some(true);
            assert_eq!(k_factor(v, &i).k, top, "{v} reached 2400");
            let i = adult(2450, start(v));
            assert_eq!(k_factor(v, &i).k, top, "{v} rated 2450");
        }
        // 1 July 2011: K 30 for new players inside the 2009 text.
        let mut i = adult(1900, date(2011, 7, 1));
        i.has_30_games = Some(false);
        assert_eq!(k_factor(Version::V2009, &i).k, 30);
        i.start_date = date(2011, 6, 30);
        assert_eq!(k_factor(Version::V2009, &i).k, 25);
    }

    #[test]
    fn junior_age_limits() {
        // Born 2006-09-15: 18th birthday 2024-09-15.
        let mut i = adult(2000, date(2024, 9, 14));
        i.birth = Some(PartialDate {
            year: 2006,
            month: Some(9),
            day: Some(15),
        });
        assert_eq!(k_factor(Version::V2017, &i).k, 40);
        i.start_date = date(2024, 9, 15);
        assert_eq!(k_factor(Version::V2017, &i).k, 20);
        // 2022 text: until the end of the year of the 18th birthday.
        assert_eq!(k_factor(Version::V2022, &i).k, 40);
        i.start_date = date(2024, 12, 31);
        assert_eq!(k_factor(Version::V2022, &i).k, 40);
        i.start_date = date(2025, 1, 1);
        assert_eq!(k_factor(Version::V2022, &i).k, 20);
        // 2300 or more: no junior K.
        let mut j = adult(2300, date(2024, 5, 1));
        j.birth = Some(PartialDate::year(2010));
        assert_eq!(k_factor(Version::V2024, &j).k, 20);
        // No junior rule before 2014.
        j.rating = 2000;
        j.start_date = date(2013, 8, 1);
        assert_eq!(k_factor(Version::V2013, &j).k, 15);
    }

    #[test]
    fn assumptions_are_stated() {
        let i = KInputs {
            rating: 2000,
            birth: None,
            start_date: date(2024, 5, 1),
            has_30_games: None,
            ever_reached_2400: None,
            games_in_period: None,
        };
        let d = k_factor(Version::V2024, &i);
        assert_eq!(d.k, 20);
        assert!(d
            .assumptions()
            .iter()
            .any(|a| a == "assumed at least 30 rated games (game count unknown)"));
        assert!(d
            .assumptions()
            .iter()
            .any(|a| a == "birth date unknown: junior K not considered"));
        assert!(d
            .assumptions()
            .iter()
            .any(|a| a.contains("never reached 2400")));
        assert!(d
            .assumptions()
            .iter()
            .any(|a| a.contains("K × n ≤ 700 not applied")));
        for a in d.assumptions() {
            assert!(d.source_note().contains(a.as_str()));
        }
        // Birth year only, in the year of the 18th birthday, under the 2017 wording.
        let mut i = adult(2000, date(2024, 3, 1));
        i.birth = Some(PartialDate::year(2006));
        let d = k_factor(Version::V2017, &i);
        assert_eq!(d.k, 20);
        assert!(d
            .assumptions()
            .iter()
            .any(|a| a.contains("birth month unknown")));
        // Earlier year: certainly a junior.
        i.start_date = date(2023, 12, 1);
        assert_eq!(k_factor(Version::V2017, &i).k, 40);
    }
}
