//! Which K a rated player gets: the caller's override, else the rating
//! list's published K, else K worked out from what the report says
//! (docs/spec/regulations.md R24), then K × n ≤ 700 where the edition has it (R25).

use super::RateOptions;
use crate::model::Player;
use crate::rating::maths::{
    cap_k_for_games, k_factor, KBasis, KClass, KDecision, KInputs, KSource, PartialDate,
};
use crate::rating::note::Note;
use crate::ratinglist::{ListRecord, RatingKind};
use crate::regulations::Version;
use chrono::NaiveDate;
use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

/// Chooses K for a player rated `ro` with `games` rated games in this event.
///
/// The K × n cap counts this event's games only: other events of the same
/// rating period are not in the report (the summary says so once).
#[cfg(test)]
pub(crate) fn choose(
    version: Version,
    start: NaiveDate,
    player: &Player,
    ro: u16,
    games: u32,
    opts: &RateOptions,
) -> KDecision {
    choose_for(
        RatingKind::Standard,
        version,
        start,
        player,
        ro,
        games,
        opts,
    )
}

/// `choose` for the list `kind`: the list's K and game count are read
/// from that list's columns (RK/BK and RGm/BGm of the combined list), and
/// the K rules are `version`'s (the rapid and blitz chapter uses the
/// standard K rules from 1 October 2022).
pub(crate) fn choose_for(
    kind: RatingKind,
    version: Version,
    start: NaiveDate,
    player: &Player,
    ro: u16,
    games: u32,
    opts: &RateOptions,
) -> KDecision {
    let rules = version.regulations().k_factor.at(start);
    let fide_id = player.fide_id.map(|f| f.value);
    let mut notes = Vec::new();
    let record = list_record(opts, kind, fide_id, &mut notes);
    let listed = record.and_then(|r| r.entry(kind).copied());

    let mut basis: Option<KBasis> = None;
    let mut assumed = 0..0;
    let (base, source) = if let Some(&k) = fide_id.and_then(|id| opts.k_overrides.get(&id)) {
        notes.push(format!("K {k} given by the user").into());
        (k, KSource::Override)
    } else if let Some(k) = listed.and_then(|e| e.k) {
        notes.push(format!("K {k} as published in the rating list").into());
        (k, KSource::List)
    } else {
        let list_games = listed.and_then(|e| e.games).filter(|&g| u32::from(g) >= 30);
        let birth = player.birth_date.map(|b| b.value).or_else(|| {
            record
                .and_then(|r| r.birth_year)
                .map(|y| PartialDate::year(i32::from(y)))
        });
        let d = k_factor(
            version,
            &KInputs {
                rating: ro,
                birth,
                start_date: start,
                has_30_games: list_games.map(|_| true),
                ever_reached_2400: None,
                // The cap is applied below, the same way for every source.
                games_in_period: Some(0),
            },
        );
        // `d.notes` is the rule, then the assumptions (no cap: no games
        // given): moved here, not copied.
        let birth_from_list = player.birth_date.is_none() && birth.is_some();
        if notes.is_empty() && list_games.is_none() && !birth_from_list {
            // No list: the notes as the rules word them, one vector.
            notes = d.notes;
            assumed = d.assumed;
        } else {
            let mut from_rules = d.notes.into_iter();
            notes.extend(from_rules.next());
            // A cap note (none here) is not the caller's.
            let from_rules = from_rules.skip(d.assumed.start.saturating_sub(1));
            if let Some(g) = list_games {
                notes.push(
                    format!(
                        "at least 30 rated games: the rating list shows {g} games in its period"
                    )
                    .into(),
                );
            }
            if birth_from_list {
                notes.push(Note::fixed("birth year taken from the rating list"));
            }
            let at = notes.len();
            notes.extend(from_rules);
            assumed = at..notes.len();
        }
        basis = d.basis;
        (d.base_k, KSource::Derived)
    };

    let k = match rules.k_times_games_limit {
        Some(limit) => {
            let k = cap_k_for_games(base, games, limit);
            if k != base {
                notes.push(
                    format!(
                        "K × n ≤ {limit}: {games} rated games in this event, so K {k} instead of {base}"
                    )
                    .into(),
                );
            }
            k
        }
        None => base,
    };
    KDecision {
        k,
        base_k: base,
        source,
        basis,
        notes,
        assumed,
    }
}

/// The K decisions of one report's pass, kept by what decides them: a
/// player without a rating list's record or an override gets the decision
/// of his [`KClass`] and number of rated games, worked out for the first
/// player of that class and count ([`choose_for`] reads nothing else of
/// him). Thousands of players share a few hundred decisions.
pub(crate) struct Memo<'a> {
    /// The list, the edition, the start date and the options of the
    /// pass: the same for every player.
    kind: RatingKind,
    version: Version,
    start: NaiveDate,
    opts: &'a RateOptions,
    /// The edition's K rules at the start date, looked up once.
    rules: &'static crate::regulations::KRules,
    kept: RefCell<HashMap<(KClass, u32), KDecision, BuildHasherDefault<super::words::WordHasher>>>,
}

/// Room for the notes the pass adds to a player's K notes (the
/// exclusions, the rounding).
const ROOM: usize = 4;

impl<'a> Memo<'a> {
    /// The decisions for the list `kind` under `version` at `start`.
    pub(crate) fn new(
        kind: RatingKind,
        version: Version,
        start: NaiveDate,
        opts: &'a RateOptions,
    ) -> Memo<'a> {
        Memo {
            kind,
            version,
            start,
            opts,
            rules: version.regulations().k_factor.at(start),
            kept: RefCell::default(),
        }
    }

    /// [`choose_for`] of a player rated `ro` with `games` rated games,
    /// the same decision, kept per class where the player has no list
    /// record and no override; the notes have room for the pass's own.
    pub(crate) fn choose(&self, player: &Player, ro: u16, games: u32) -> KDecision {
        let (kind, version, start, opts) = (self.kind, self.version, self.start, self.opts);
        let overridden = player
            .fide_id
            .is_some_and(|f| opts.k_overrides.contains_key(&f.value));
        if opts.list.is_some() || overridden {
            return choose_for(kind, version, start, player, ro, games, opts);
        }
        let birth = player.birth_date.map(|b| b.value);
        let key = (KClass::of(self.rules, ro, birth, start), games);
        let mut kept = self.kept.borrow_mut();
        let d = kept
            .entry(key)
            .or_insert_with(|| choose_for(kind, version, start, player, ro, games, opts));
        let mut notes = Vec::with_capacity(d.notes.len() + ROOM);
        notes.extend(d.notes.iter().cloned());
        KDecision {
            k: d.k,
            base_k: d.base_k,
            source: d.source,
            basis: d.basis,
            notes,
            assumed: d.assumed.clone(),
        }
    }
}

/// The player's rating-list record, noting when there is none (Ro itself
/// was taken from the list before, where it is the list in force).
fn list_record<'a>(
    opts: &'a RateOptions,
    kind: RatingKind,
    fide_id: Option<u64>,
    notes: &mut Vec<Note>,
) -> Option<&'a ListRecord> {
    let list = opts.list.as_ref()?;
    let Some(id) = fide_id else {
        notes.push(Note::fixed(
            "no FIDE ID: not looked up in the rating list; the report's rating is used as Ro",
        ));
        return None;
    };
    let Some(record) = list.get(&id) else {
        notes.push(
            format!("FIDE ID {id} is not in the rating list: the report's rating is used as Ro")
                .into(),
        );
        return None;
    };
    if record.entry(kind).is_none() {
        notes.push(
            format!(
                "the rating list shows no {} rating for this FIDE ID",
                kind.as_str()
            )
            .into(),
        );
    }
    Some(record)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ratinglist::RatingEntry;
    use std::collections::HashMap;

    fn player(birth: &str, id: u64) -> Player {
        let line = format!(
            "001    1 m    {:<33} 2000 ENG {id:>11} {birth:<10}  0.0    1\n",
            "Test, Player"
        );
        let parsed = crate::parse_str(&line);
        parsed
            .tournament
            .players
            .into_iter()
            .next()
            .unwrap_or_else(|| panic!("sample player line does not parse: {line}"))
    }

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap_or_default()
    }

    fn record(id: u64, rating: u16, games: Option<u16>, k: Option<u8>) -> ListRecord {
        ListRecord {
            fide_id: id,
            name: "Test, Player".into(),
            federation: None,
            sex: None,
            title: None,
            women_title: None,
            other_titles: Vec::new(),
            foa_title: None,
            standard: Some(RatingEntry { rating, games, k }),
            rapid: None,
            blitz: None,
            birth_year: Some(2011),
            flag: None,
            inactive: false,
        }
    }

    #[test]
    fn derived_states_its_assumptions_and_caps() {
        let p = player("1980/01/01", 123);
        let c = choose(
            Version::V2024,
            date(2024, 5, 1),
            &p,
            2000,
            39,
            &RateOptions::default(),
        );
        assert_eq!((c.k, c.source), (17, KSource::Derived));
        assert!(
            c.notes[0].starts_with("K 20: rating below 2400"),
            "{:?}",
            c.notes
        );
        assert!(c.notes.contains(&Note::fixed(
            "assumed at least 30 rated games (game count unknown)"
        )));
        assert!(c.notes.iter().any(|n| n.contains("so K 17 instead of 20")));
        // No cap before 2014.
        let c = choose(
            Version::V2009,
            date(2010, 5, 1),
            &p,
            2000,
            60,
            &RateOptions::default(),
        );
        assert_eq!(c.k, 15);
    }

    #[test]
    fn override_then_list_then_derived() {
        let p = player("", 123);
        let mut opts = RateOptions {
            list: Some(HashMap::from([(
                123,
                record(123, 1990, Some(40), Some(40)),
            )])),
            ..RateOptions::default()
        };
        let c = choose(Version::V2024, date(2024, 5, 1), &p, 2000, 18, &opts);
        assert_eq!((c.k, c.source), (38, KSource::List));
        opts.k_overrides.insert(123, 10);
        let c = choose(Version::V2024, date(2024, 5, 1), &p, 2000, 18, &opts);
        assert_eq!((c.k, c.source), (10, KSource::Override));
        // A list entry without K: derived, with the list's games and birth year.
        opts.k_overrides.clear();
        opts.list = Some(HashMap::from([(123, record(123, 2000, Some(31), None))]));
        let c = choose(Version::V2024, date(2024, 5, 1), &p, 2000, 5, &opts);
        assert_eq!((c.k, c.source), (40, KSource::Derived));
        assert!(
            c.notes.iter().any(|n| n.contains("junior")),
            "{:?}",
            c.notes
        );
        assert!(c.notes.iter().any(|n| n.contains("31 games")));
        assert!(c
            .notes
            .iter()
            .any(|n| n == "birth year taken from the rating list"));
        // Not in the list.
        let q = player("", 999);
        let c = choose(Version::V2024, date(2024, 5, 1), &q, 2000, 5, &opts);
        assert!(c.notes.contains(&Note::fixed(
            "FIDE ID 999 is not in the rating list: the report's rating is used as Ro"
        )));
    }

    #[test]
    fn the_memoised_k_is_the_decision_of_every_player() {
        // Players around every threshold (the junior limit, 2400), births
        // unknown, a year alone, full dates around the 18th birthday, game
        // counts around the K × n cap, every edition at dates around its
        // dated rules: each player's K from the memo (kept per class and
        // count, shared between players) equals the decision worked out
        // for him alone.
        let births = [
            "",
            "1980",
            "2006",
            "2007",
            "2008",
            "2010",
            "2006/09/15",
            "2006/09",
            "2006/03/01",
            "2006/12/31",
            "2007/01/01",
            "1990/05/05",
        ];
        let ratings = [
            1000, 1800, 2099, 2100, 2299, 2300, 2301, 2399, 2400, 2401, 2700,
        ];
        let starts = [
            date(2003, 1, 1),
            date(2011, 6, 30),
            date(2011, 7, 1),
            date(2014, 7, 1),
            date(2024, 3, 1),
            date(2024, 9, 14),
            date(2024, 9, 15),
            date(2024, 12, 31),
            date(2025, 1, 1),
            date(2025, 10, 1),
        ];
        let players: Vec<Player> = births
            .iter()
            .enumerate()
            .map(|(k, b)| player(b, 100 + k as u64))
            .collect();
        let opts = RateOptions::default();
        let mut checked = 0;
        for v in Version::ALL {
            for &start in &starts {
                let kind = RatingKind::Standard;
                let memo = Memo::new(kind, v, start, &opts);
                for round in 0..2 {
                    for p in &players {
                        for &ro in &ratings {
                            for games in [0, 1, 5, 17, 18, 35, 36, 70, 71] {
                                let want = choose_for(kind, v, start, p, ro, games, &opts);
                                let got = memo.choose(p, ro, games);
                                assert_eq!(got, want, "{v} {start} {ro} {games} round {round}");
                                checked += 1;
                            }
                        }
                    }
                }
            }
        }
        assert!(checked > 100_000);
        // A list or an override: decided for the player alone.
        let p = &players[0];
        let mut with = RateOptions::default();
        with.k_overrides.insert(100, 12);
        let memo = Memo::new(RatingKind::Standard, Version::V2024, starts[4], &with);
        let got = memo.choose(p, 2000, 5);
        assert_eq!((got.k, got.source), (12, KSource::Override));
    }
}
