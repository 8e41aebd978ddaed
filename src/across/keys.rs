//! What the search across reports reads of one report ([`ReportKeys`]):
//! taken while the report is in memory, kept after the report itself is
//! dropped, so that a month of thousands of reports is searched once over
//! its keys, never over every report held at once.

use crate::model::{PartialDate, Player, Rounds, Sex, Tournament};
use crate::read::Parsed;
use crate::regulations::RatingType;
use crate::source::span::{Span, Spanned};
use chrono::NaiveDate;
use std::hash::{DefaultHasher, Hash, Hasher};

/// One report as the search across reports sees it: its name, its list,
/// its event's fingerprints, its round dates and its players' identities
/// and personal data (with their round entries, for the dates they play
/// and the results two versions of one event differ in).
#[derive(Debug, Clone)]
pub(crate) struct ReportKeys {
    /// The name messages give it (the path as given, or the file name).
    pub(crate) file: String,
    /// The list the event is rated on, when the check decided it: a rapid
    /// and a blitz event on one day are no clash.
    pub(crate) rating_type: Option<RatingType>,
    /// The event with its results ([`fingerprint`]): `duplicate-report`.
    pub(crate) print: Option<u128>,
    /// The event without its results ([`pairings_print`]): `event-versions`.
    pub(crate) pairings: Option<u128>,
    /// The event's name (`012`) folded (lower case, words joined by one
    /// space): `overlapping-reports` compares the games of one event only.
    pub(crate) name: Option<String>,
    /// Where a finding about the whole report points.
    pub(crate) anchor: Span,
    /// The number of rounds (`062`/`XXR`, or as read).
    pub(crate) rounds: u16,
    /// Each round's date (record `132`) and where it is written.
    pub(crate) round_dates: Vec<Spanned<Option<NaiveDate>>>,
    /// Every player in file order, as the rules across reports read them.
    pub(crate) players: Vec<PlayerKey>,
    /// Each player's identity in the fingerprints ([`player_key`]).
    pub(crate) keys: Vec<u64>,
}

impl ReportKeys {
    /// The keys of `parsed`, named `file`, on list `rating_type`.
    pub(crate) fn of(file: &str, parsed: &Parsed, rating_type: Option<RatingType>) -> ReportKeys {
        ReportKeys::of_tournament(file, &parsed.tournament, rating_type)
    }

    /// The keys of the report `t` (a report made, not read: a part of
    /// `trf split`), named `file`, on list `rating_type`.
    pub(crate) fn of_tournament(
        file: &str,
        t: &Tournament,
        rating_type: Option<RatingType>,
    ) -> ReportKeys {
        let keys: Vec<u64> = t.players.iter().map(player_key).collect();
        let players = t.players.iter().map(PlayerKey::of).collect();
        ReportKeys {
            file: file.to_owned(),
            rating_type,
            print: fingerprint(t, &keys),
            pairings: pairings_print(t, &keys),
            name: folded_name(t),
            anchor: anchor(t),
            rounds: t.rounds,
            round_dates: t
                .header
                .round_dates
                .iter()
                .map(|d| Spanned::new(d.value.as_ref().and_then(|d| d.date), d.span))
                .collect(),
            players,
            keys,
        }
    }

    /// The name as messages quote it.
    pub(crate) fn quoted(&self) -> String {
        format!("`{}`", self.file)
    }
}

/// One player as the rules across reports read them: identity, personal
/// data and round entries, each with where it is written; not the title,
/// rating, points or rank. A month holds one for each of its hundreds of
/// thousands of players until the search is done: a copy of the whole
/// [`Player`] was about 270 bytes before its strings (benchmark: FIDE's
/// whole month in `benches/month.md`, issue 40).
#[derive(Debug, Clone)]
pub(crate) struct PlayerKey {
    /// FIDE ID (`001` columns 58-68).
    pub(crate) fide_id: Option<Spanned<u64>>,
    /// Name as written.
    pub(crate) name: Spanned<Box<str>>,
    /// Federation as written.
    pub(crate) federation: Option<Spanned<Box<str>>>,
    /// Birth date.
    pub(crate) birth_date: Option<Spanned<PartialDate>>,
    /// Sex.
    pub(crate) sex: Option<Spanned<Sex>>,
    /// The round entries, round 1 first.
    pub(crate) rounds: Rounds,
    /// The starting rank (`0` when it could not be read).
    pub(crate) start_rank: u16,
    /// The line of the `001` record (1-based).
    pub(crate) line: u32,
    /// The whole `001` line.
    pub(crate) span: Span,
}

impl PlayerKey {
    /// What the search reads of `p`.
    fn of(p: &Player) -> PlayerKey {
        let text = |s: &Spanned<String>| Spanned::new(Box::from(s.value.as_str()), s.span);
        PlayerKey {
            fide_id: p.fide_id,
            name: text(&p.name),
            federation: p.federation.as_ref().map(text),
            birth_date: p.birth_date,
            sex: p.sex,
            rounds: p.rounds.clone(),
            start_rank: p.start_rank.value,
            line: p.line,
            span: p.span,
        }
    }

    /// How messages name the player ([`Player::designation`]).
    pub(crate) fn designation(&self) -> String {
        crate::model::designation(self.start_rank, self.line)
    }
}

/// The `012` name in lower case, its words joined by one space; `None`
/// when the report has no name.
fn folded_name(t: &Tournament) -> Option<String> {
    let n = t.header.name.as_ref()?;
    let words: Vec<String> = n.value.split_whitespace().map(str::to_lowercase).collect();
    (!words.is_empty()).then(|| words.join(" "))
}

/// Where a finding about the whole report points: the `012` name, else
/// the first player's line.
fn anchor(t: &Tournament) -> Span {
    t.header
        .name
        .as_ref()
        .map(|n| n.span)
        .or_else(|| t.players.first().map(|p| p.span))
        .unwrap_or(Span::empty(0))
}

/// Whether the report has a game (a report without one holds nothing to
/// rate twice).
fn any_game(t: &Tournament) -> bool {
    t.players
        .iter()
        .any(|p| p.rounds.iter().any(|e| e.value.result.needs_opponent()))
}

/// The event as values: a hash of the start date and of every player's key
/// and round entries (opponent's key, colour, result), whatever the order
/// of the lines. `None` for a report without a game. Two independent
/// 64-bit hashes make a 128-bit print: two different events colliding is
/// out of reach.
fn fingerprint(t: &Tournament, keys: &[u64]) -> Option<u128> {
    if !any_game(t) {
        return None;
    }
    Some(two_halves(|seed, h| {
        let players = walk(t, keys, seed, true);
        t.start_date().hash(h);
        players.hash(h);
    }))
}

/// The event without its results: name, start and end dates, and every
/// player's key with each round's opponent and colour, whatever the order
/// of the lines. `None` without a game.
fn pairings_print(t: &Tournament, keys: &[u64]) -> Option<u128> {
    if !any_game(t) {
        return None;
    }
    let name: Vec<String> = t
        .header
        .name
        .as_ref()
        .map(|n| n.value.split_whitespace().map(str::to_lowercase).collect())
        .unwrap_or_default();
    Some(two_halves(|seed, h| {
        let players = walk(t, keys, seed, false);
        name.hash(h);
        t.start_date().hash(h);
        t.end_date().hash(h);
        players.hash(h);
    }))
}

/// A 128-bit print from two hashes seeded 0 and 1, each seeded first and
/// then fed by `feed`.
pub(super) fn two_halves(mut feed: impl FnMut(usize, &mut DefaultHasher)) -> u128 {
    let mut halves = [0u64; 2];
    for (seed, half) in halves.iter_mut().enumerate() {
        let mut h = DefaultHasher::new();
        seed.hash(&mut h);
        feed(seed, &mut h);
        *half = h.finish();
    }
    (u128::from(halves[0]) << 64) | u128::from(halves[1])
}

/// Every player's hash (seeded): its key and each round's opponent's key
/// and colour, with the result when `results` (then trailing blank rounds,
/// which are how a line is cut, not a value, are left out); sorted, so
/// that the order of the lines does not count.
fn walk(t: &Tournament, keys: &[u64], seed: usize, results: bool) -> Vec<u64> {
    let index = t.rank_index();
    let mut players: Vec<u64> = t
        .players
        .iter()
        .zip(keys)
        .map(|(p, key)| {
            let mut h = DefaultHasher::new();
            seed.hash(&mut h);
            key.hash(&mut h);
            let last = if results {
                p.rounds
                    .iter()
                    .rposition(|e| e.value != crate::model::RoundEntry::NOT_PAIRED)
                    .map_or(0, |i| i + 1)
            } else {
                p.rounds.len()
            };
            for e in p.rounds.iter().take(last) {
                let opp = e
                    .value
                    .opponent
                    .and_then(|o| index.get(o as usize).copied())
                    .filter(|&o| o != u32::MAX)
                    .map(|o| keys[o as usize]);
                opp.hash(&mut h);
                e.value.colour.map(|c| c.letter()).hash(&mut h);
                if results {
                    e.value.result.letter().hash(&mut h);
                }
            }
            h.finish()
        })
        .collect();
    players.sort_unstable();
    players
}

/// A player's identity in a fingerprint: the FIDE ID, else the folded name.
pub(crate) fn player_key(p: &Player) -> u64 {
    let mut h = DefaultHasher::new();
    match p.fide_id {
        Some(id) => (0u8, id.value).hash(&mut h),
        None => (1u8, crate::ratinglist::fold_name(&p.name.value, true)).hash(&mut h),
    }
    h.finish()
}
