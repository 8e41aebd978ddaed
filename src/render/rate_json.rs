//! The JSON of `trf rate --format json`: what `serde_json::to_string_pretty`
//! writes for a [`RatingSummary`], byte for byte, written for its shape.
//!
//! Why a writer for one type: a summary of 10,000 players is 8 MB, mostly
//! the same twenty keys per player and per excluded game. Through a
//! serializer each key is a call and a look-up of its run of `,`, newline,
//! indentation and quoted name; here the depth of every key is known, so
//! the runs between two values are constants. The players' and excluded
//! games' fields and the summary's own are written here; every other value
//! (the tournament, the verdict's reasons, enums, notes) through the
//! serializer of [`super::pretty`], and the figures by the `serialize_with`
//! functions of the summary, so that number formats have one home. The
//! tests compare this writer with `serde_json` over every sample report:
//! a field added to the summary and not written here fails them.

use super::json_bytes::{Bytes, Sink};
use super::pretty::{Result, Writer};
use crate::rating::maths::{Hundredths, KSource};
use crate::rating::pass::summary::{ExcludedGame, PlayerRating, RatingSummary, UnratedOutcome};
use crate::rating::Note;

/// The pretty JSON of `s` (without a final newline), as UTF-8 bytes
/// (every piece written is ASCII or a whole `str`): the command writes
/// them as they are.
pub(crate) fn to_bytes(s: &RatingSummary) -> Vec<u8> {
    // About 850 bytes a player and 250 an excluded game: one allocation.
    let guess = 4096 + 900 * s.players.len() + 250 * s.excluded_games.len();
    let mut b = Bytes::new(guess);
    if summary(&mut b, s).is_err() {
        return Vec::new();
    }
    b.finish()
}

/// The pretty JSON of `s` (without a final newline).
pub(crate) fn to_string(s: &RatingSummary) -> String {
    String::from_utf8(to_bytes(s)).unwrap_or_default()
}

/// The summary's object, at depth 0: its parts of other types through
/// the serializer of [`super::pretty`], the players and excluded games
/// here.
fn summary(b: &mut Bytes, s: &RatingSummary) -> Result {
    let mut w = Writer::new(4096);
    b.put(b"{\n  \"verdict\": ");
    w.value_at(1, &s.verdict)?;
    w.push(",\n  \"rating_type\": ");
    w.value_at(1, &s.rating_type)?;
    w.push(",\n  \"rating_type_reason\": ");
    w.value_at(1, &s.rating_type_reason)?;
    w.push(if s.hypothetical {
        ",\n  \"hypothetical\": true"
    } else {
        ",\n  \"hypothetical\": false"
    });
    w.push(",\n  \"verdict_reasons\": ");
    w.value_at(1, &s.verdict_reasons)?;
    w.push(",\n  \"excluded_games\": ");
    b.take(&mut w);
    let mut tails = Runs::for_items(s.excluded_games.len());
    list(b, &s.excluded_games, |b, g| {
        excluded_game(b, &mut tails, g);
        Ok(())
    })?;
    w.push(",\n  \"regulations\": ");
    w.value_at(1, &s.regulations)?;
    w.push(",\n  \"regulations_title\": ");
    w.value_at(1, s.regulations_title)?;
    w.push(",\n  \"regulations_basis\": ");
    w.value_at(1, &s.regulations_basis)?;
    w.push(",\n  \"ratings_source\": ");
    w.value_at(1, &s.ratings_source)?;
    w.push(",\n  \"tournament\": ");
    w.value_at(1, &s.tournament)?;
    w.push(",\n  \"players\": ");
    b.take(&mut w);
    let mut words = Words::default();
    let mut notes = Runs::for_items(s.players.len());
    players(b, &mut w, &mut words, &mut notes, &s.players)?;
    w.push(",\n  \"notes\": ");
    strings(&mut w, 1, &s.notes)?;
    if let Some(r) = &s.registration_source {
        w.push(",\n  \"registration_source\": ");
        w.value_at(1, r)?;
    }
    w.push("\n}");
    b.take(&mut w);
    Ok(())
}

/// An array of the summary (depth 1) whose objects `one` writes.
fn list<T>(b: &mut Bytes, items: &[T], mut one: impl FnMut(&mut Bytes, &T) -> Result) -> Result {
    if items.is_empty() {
        b.put(b"[]");
        return Ok(());
    }
    let mut sep: &[u8] = b"[\n    ";
    for item in items {
        b.put(sep);
        one(b, item)?;
        sep = b",\n    ";
    }
    b.put(b"\n  ]");
    Ok(())
}

/// The JSON of the values of the players' enums, each written once by
/// its derive and then copied: a handful of values, 10,000 players.
#[derive(Default)]
struct Words {
    k_source: Known<Option<KSource>>,
    outcome: Known<Option<UnratedOutcome>>,
}

/// The JSON of the values of a small `Copy` type met so far, each with
/// its text in a word (when it fits one: a unit variant's name) to be
/// written in one copy of a known size, without a `memcpy` call.
struct Known<T>(Vec<(T, [u8; KNOWN_WORD], String)>);

/// The size of the words of [`Known`].
const KNOWN_WORD: usize = 32;

impl<T> Default for Known<T> {
    fn default() -> Self {
        Known(Vec::new())
    }
}

impl<T: Copy + PartialEq + serde::Serialize> Known<T> {
    /// `v` as the serializer writes it: from the values met, else written
    /// by `w` (a unit variant or `null`: one line, at no depth) and kept.
    #[inline(always)]
    fn write<S: Sink>(&mut self, b: &mut S, w: &mut Writer, v: T) -> Result {
        if let Some((_, word, json)) = self.0.iter().find(|(k, _, _)| *k == v) {
            if json.len() <= KNOWN_WORD {
                b.padded(word, json.len());
            } else {
                b.put(json.as_bytes());
            }
            return Ok(());
        }
        w.value_at(3, &v)?;
        let json = w.take();
        b.put(json.as_bytes());
        let mut word = [0; KNOWN_WORD];
        if let Some(to) = word.get_mut(..json.len()) {
            to.copy_from_slice(json.as_bytes());
        }
        self.0.push((v, word, json));
        Ok(())
    }
}

/// The most strings whose run [`Runs`] keeps.
const RUN_STRINGS: usize = 4;

/// The addresses and lengths of up to [`RUN_STRINGS`] strings of the
/// summary (borrowed for the whole output), with how many there are.
type RunKey = ([(usize, usize); RUN_STRINGS], usize);

/// Runs of text written for the same strings of the summary, by their
/// addresses: thousands of players hold the same shared notes (the K rule
/// and its assumptions), and most excluded games the same few reasons, so
/// the text written for them is copied again in one run. Direct-mapped,
/// each key's text kept from its first meeting: a set of notes met twice
/// is written once (a copy of a set met once costs less than writing a
/// set met again), and up to a thousand slots keep the sets of a large
/// event (1,200 on 10,000 players) from pushing each other out.
struct Runs {
    slots: Vec<(RunKey, Option<Vec<u8>>)>,
    /// How many slots (a power of two): [`Runs::for_items`].
    count: usize,
    /// 64 less the bits of `count`: the shift of a hash to a slot.
    shift: u32,
}

impl Runs {
    /// Runs for `n` objects: a slot for eight of them, 64 to 1,024 (the
    /// slots are set up at the first key; a small report sets up few).
    fn for_items(n: usize) -> Self {
        let count = (n / 8).next_power_of_two().clamp(64, 1024);
        Runs {
            slots: Vec::new(),
            count,
            shift: 64 - count.trailing_zeros(),
        }
    }

    /// The key of `items`, if there are at most [`RUN_STRINGS`].
    fn key<'a>(items: impl ExactSizeIterator<Item = &'a str>) -> Option<RunKey> {
        let n = items.len();
        if n > RUN_STRINGS {
            return None;
        }
        let mut key = ([(0, 0); RUN_STRINGS], n);
        for (k, s) in key.0.iter_mut().zip(items) {
            *k = (s.as_ptr() as usize, s.len());
        }
        Some(key)
    }

    fn slot(&self, key: &RunKey) -> usize {
        let mut h = key.1 as u64;
        for &(a, l) in &key.0 {
            h = (h.rotate_left(7) ^ a as u64 ^ (l as u64) << 48)
                .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
        (h >> self.shift) as usize
    }

    /// Writes the run kept for `key`, if any; else `write` writes it,
    /// and a key met before keeps what it wrote.
    fn write(&mut self, b: &mut Bytes, key: Option<RunKey>, write: impl FnOnce(&mut Bytes)) {
        let Some(key) = key else {
            return write(b);
        };
        if self.slots.is_empty() {
            self.slots
                .resize(self.count, (([(0, 0); RUN_STRINGS], usize::MAX), None));
        }
        let at = self.slot(&key);
        let Some(slot) = self.slots.get_mut(at) else {
            return write(b);
        };
        if slot.0 == key {
            if let Some(text) = &slot.1 {
                b.put(text);
                return;
            }
        }
        let mark = b.mark();
        write(b);
        *slot = (key, Some(b.since(mark).to_owned()));
    }
}

/// The players' notes (depth 3, each on its own line): the summary's
/// strings, borrowed for the whole output, so the writer knows a shared
/// note by its address ([`Bytes::lasting_string`]), and a player's set
/// of notes met before is one run ([`Runs`]).
fn notes(b: &mut Bytes, runs: &mut Runs, items: &[Note]) {
    if items.is_empty() {
        b.put(b"[]");
        return;
    }
    let key = Runs::key(items.iter().map(|n| n.as_str()));
    runs.write(b, key, |b| {
        let mut sep: &[u8] = b"[\n        ";
        for item in items {
            b.put(sep);
            b.lasting_string(item);
            sep = b",\n        ";
        }
        b.put(b"\n      ]");
    });
}

/// A figure of hundredths, or `null`: as `opt_hundredths` writes it.
#[inline(always)]
fn hundredths<S: Sink>(b: &mut S, v: Option<Hundredths>) {
    match v {
        Some(h) => b.hundredths(h.0),
        None => b.put(b"null"),
    }
}

/// The players' array (depth 1), each player's object but its notes
/// written in a window of the output ([`Bytes::window`]), or, if it does
/// not fit one (a long name, escapes), to the output as it grows.
fn players(
    b: &mut Bytes,
    w: &mut Writer,
    words: &mut Words,
    runs: &mut Runs,
    items: &[PlayerRating],
) -> Result {
    if items.is_empty() {
        b.put(b"[]");
        return Ok(());
    }
    let mut sep = b"[\n    ";
    for p in items {
        let fitted = match b.window() {
            Some(mut win) => {
                player(&mut win, w, words, sep, p)?;
                win.end()
            }
            None => None,
        };
        match fitted {
            Some(n) => b.advance(n),
            None => player(b, w, words, sep, p)?,
        }
        notes(b, runs, &p.notes);
        // One copy of a known size (a choice of two runs would be a
        // `memcpy` call of either length).
        let (tail, len) = &HYPOTHETICAL[usize::from(p.hypothetical)];
        b.padded(tail, *len);
        sep = b",\n    ";
    }
    b.put(b"\n  ]");
    Ok(())
}

/// The end of a player's object, as words of [`TAIL`] bytes with their
/// length: not hypothetical, hypothetical.
static HYPOTHETICAL: [([u8; TAIL], usize); 2] = [
    tail(b",\n      \"hypothetical\": false\n    }"),
    tail(b",\n      \"hypothetical\": true\n    }"),
];

/// The size of the words of [`HYPOTHETICAL`].
const TAIL: usize = 40;

/// `text` (at most [`TAIL`] bytes) in a word, with its length.
const fn tail(text: &[u8]) -> ([u8; TAIL], usize) {
    let mut word = [b' '; TAIL];
    let mut i = 0;
    while i < text.len() {
        word[i] = text[i];
        i += 1;
    }
    (word, text.len())
}

/// One player's object (depth 2, its fields at depth 3) after `sep`, up
/// to the key of its notes.
#[inline(always)]
fn player<S: Sink>(
    b: &mut S,
    w: &mut Writer,
    words: &mut Words,
    sep: &[u8; 6],
    p: &PlayerRating,
) -> Result {
    b.put(sep);
    b.put(b"{\n      \"start_rank\": ");
    b.natural(u64::from(p.start_rank));
    b.put(b",\n      \"fide_id\": ");
    natural(b, p.fide_id);
    b.put(b",\n      \"name\": ");
    b.string(&p.name);
    // A boolean and the key after it, and a run of nulls (an unrated
    // player's K, a rated player's initial rating): one constant run.
    if p.ro.is_none() && p.k.is_none() && p.k_source.is_none() {
        b.put(if p.rated {
            b",\n      \"rated\": true,\n      \"ro\": null,\n      \"k\": null,\n      \"k_source\": null,\n      \"games\": "
        } else {
            b",\n      \"rated\": false,\n      \"ro\": null,\n      \"k\": null,\n      \"k_source\": null,\n      \"games\": "
        });
    } else {
        b.put(if p.rated {
            b",\n      \"rated\": true,\n      \"ro\": "
        } else {
            b",\n      \"rated\": false,\n      \"ro\": "
        });
        natural(b, p.ro);
        b.put(b",\n      \"k\": ");
        natural(b, p.k);
        b.put(b",\n      \"k_source\": ");
        words.k_source.write(b, w, p.k_source)?;
        b.put(b",\n      \"games\": ");
    }
    b.natural(u64::from(p.games));
    b.put(b",\n      \"score\": ");
    b.half_points(p.score.0);
    if p.expected.is_none()
        && p.w_minus_we.is_none()
        && p.raw_change.is_none()
        && p.change.is_none()
        && p.new_rating.is_none()
    {
        b.put(b",\n      \"expected\": null,\n      \"w_minus_we\": null,\n      \"raw_change\": null,\n      \"change\": null,\n      \"new_rating\": null,\n      \"ra\": ");
    } else {
        b.put(b",\n      \"expected\": ");
        hundredths(b, p.expected);
        b.put(b",\n      \"w_minus_we\": ");
        hundredths(b, p.w_minus_we);
        b.put(b",\n      \"raw_change\": ");
        hundredths(b, p.raw_change);
        b.put(b",\n      \"change\": ");
        integer(b, p.change);
        b.put(b",\n      \"new_rating\": ");
        integer(b, p.new_rating);
        b.put(b",\n      \"ra\": ");
    }
    if p.ra.is_none() && p.ru.is_none() && p.outcome.is_none() {
        b.put(b"null,\n      \"ru\": null,\n      \"outcome\": null,\n      \"notes\": ");
    } else {
        integer(b, p.ra);
        b.put(b",\n      \"ru\": ");
        integer(b, p.ru);
        b.put(b",\n      \"outcome\": ");
        words.outcome.write(b, w, p.outcome)?;
        b.put(b",\n      \"notes\": ");
    }
    Ok(())
}

/// One excluded game's object (depth 2, its fields at depth 3).
fn excluded_game(b: &mut Bytes, runs: &mut Runs, g: &ExcludedGame) {
    let fitted = match b.window() {
        Some(mut win) => {
            game_head(&mut win, g);
            win.end()
        }
        None => None,
    };
    match fitted {
        Some(n) => b.advance(n),
        None => game_head(b, g),
    }

    // The reason's fields, the same for most games: one run ([`Runs`]);
    // a missing rule is the empty string at no address of the summary.
    let rule = g.rule.unwrap_or_default();
    let key = Runs::key([g.reason, &*g.why, rule, &*g.article].into_iter());
    runs.write(b, key, |b| {
        b.put(b",\n      \"reason\": ");
        b.lasting_string(g.reason);
        b.put(b",\n      \"why\": ");
        b.lasting_string(&g.why);
        b.put(b",\n      \"rule\": ");
        match g.rule {
            Some(r) => b.lasting_string(r),
            None => b.put(b"null"),
        }
        b.put(b",\n      \"article\": ");
        b.lasting_string(&g.article);
        b.put(b"\n    }");
    });
}

/// An excluded game's object (depth 2) up to its reason: its round and
/// players.
#[inline(always)]
fn game_head<S: Sink>(b: &mut S, g: &ExcludedGame) {
    b.put(b"{\n      \"round\": ");
    b.natural(u64::from(g.round));
    b.put(b",\n      \"players\": ");
    if g.players.is_empty() {
        b.put(b"[]");
    } else {
        let mut sep: &[u8] = b"[\n        ";
        for &rank in &g.players {
            b.put(sep);
            b.natural(u64::from(rank));
            sep = b",\n        ";
        }
        b.put(b"\n      ]");
    }
}

/// An array of strings (notes, whatever type holds them) at `depth`,
/// each on its own line: the indentation of each a constant run.
fn strings<T: serde::Serialize>(w: &mut Writer, depth: usize, items: &[T]) -> Result {
    let (first, next, end) = match depth {
        1 => ("[\n    ", ",\n    ", "\n  ]"),
        3 => ("[\n        ", ",\n        ", "\n      ]"),
        _ => return w.value_at(depth, items),
    };
    if items.is_empty() {
        w.push("[]");
        return Ok(());
    }
    let mut sep = first;
    for item in items {
        w.push(sep);
        w.value_at(depth + 1, item)?;
        sep = next;
    }
    w.push(end);
    Ok(())
}

/// An unsigned integer, or `null`.
#[inline(always)]
fn natural<S: Sink, T: Into<u64>>(b: &mut S, v: Option<T>) {
    match v {
        Some(v) => b.natural(v.into()),
        None => b.put(b"null"),
    }
}

/// A signed integer, or `null`.
#[inline(always)]
fn integer<S: Sink>(b: &mut S, v: Option<i64>) {
    match v {
        Some(v) => b.integer(v),
        None => b.put(b"null"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rating::maths::{HalfPoints, Hundredths};
    use crate::rating::pass::summary::{RoundRobinFigures, UnratedOutcome};
    use crate::rating::RateOptions;
    use std::path::{Path, PathBuf};

    /// The reports (`.trf`, `.txt`) under `dir`.
    fn reports(dir: &Path, out: &mut Vec<PathBuf>) {
        let mut all = Vec::new();
        crate::model::timecontrol::properties::files_under(dir, &mut all);
        out.extend(all.into_iter().filter(|p| {
            p.extension()
                .is_some_and(|x| x.eq_ignore_ascii_case("trf") || x == "txt")
        }));
    }

    fn summary_of(path: &Path, what_if: bool) -> Option<RatingSummary> {
        let parsed = crate::read_path(path, &crate::ReadOptions::default()).ok()?;
        let opts = RateOptions {
            what_if,
            ..RateOptions::default()
        };
        Some(crate::rating::rate_checked(&parsed, &crate::Options::default(), &opts).summary)
    }

    fn assert_same(s: &RatingSummary, what: &str) {
        let expected = serde_json::to_string_pretty(s).unwrap_or_default();
        let written = to_string(s);
        if written != expected {
            let at = written
                .bytes()
                .zip(expected.bytes())
                .position(|(a, b)| a != b)
                .unwrap_or(written.len().min(expected.len()));
            panic!(
                "{what}: differs from serde_json at byte {at}:\n{}\n---\n{}",
                expected
                    .get(at.saturating_sub(200)..)
                    .unwrap_or_default()
                    .chars()
                    .take(400)
                    .collect::<String>(),
                written
                    .get(at.saturating_sub(200)..)
                    .unwrap_or_default()
                    .chars()
                    .take(400)
                    .collect::<String>()
            );
        }
    }

    /// Every report of `samples/` and of the shared corpus, rated as
    /// `trf rate` does and with `--what-if`: the same bytes as `serde_json`.
    #[test]
    fn every_sample_as_serde_json_writes_it() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut files = Vec::new();
        reports(&root.join("samples"), &mut files);
        if let Some(corpus) = crate::test_corpus::corpus() {
            reports(&corpus, &mut files);
        }
        files.sort();
        let mut compared = 0;
        for f in &files {
            for what_if in [false, true] {
                if let Some(s) = summary_of(f, what_if) {
                    assert_same(&s, &format!("{} (what-if {what_if})", f.display()));
                    compared += 1;
                }
            }
        }
        assert!(compared > 300, "only {compared} summaries");
    }

    /// One sample's summary with every optional part present, strings that
    /// need escapes, non-ASCII text and extreme figures.
    #[test]
    fn edge_cases_as_serde_json_writes_them() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut files = Vec::new();
        reports(&root.join("samples"), &mut files);
        files.sort();
        let Some(mut s) = files
            .iter()
            .filter_map(|f| summary_of(f, false))
            .find(|s| s.players.len() > 3 && !s.excluded_games.is_empty())
        else {
            panic!("no sample with players and excluded games");
        };
        assert_same(&s, "the sample as read");
        let weird = "a \"quoted\" \\ line\nand\ttab\u{1}\u{1f}\u{7f} Łukasiewicz ü\u{2028} 象棋";
        s.rating_type_reason = weird.to_owned();
        s.ratings_source = String::new();
        s.registration_source = Some(weird.repeat(3));
        s.notes.push(weird.to_owned());
        s.tournament.name = Some(weird.to_owned());
        s.tournament.round_robin = Some(RoundRobinFigures {
            cycles: 2,
            games_per_player: 14,
            rar: Hundredths(224_455),
            dpa: Hundredths(-1_205),
            ra: 2231,
        });
        s.excluded_games[0].players.clear();
        s.excluded_games[0].rule = None;
        s.excluded_games[0].why = weird.to_owned().into();
        let extremes = [
            (i64::MIN, i64::MAX, u64::MAX),
            (-1, 0, 0),
            (1, -1, 1),
            (-999_999_999_999_999, 999_999_999_999_999, 10),
        ];
        for (p, (lo, hi, id)) in s.players.iter_mut().zip(extremes) {
            p.name = weird.to_owned();
            p.fide_id = Some(id);
            p.ro = Some(u16::MAX);
            p.k = Some(u8::MAX);
            p.games = u32::MAX;
            p.score = HalfPoints(u32::MAX);
            p.expected = Some(Hundredths(lo));
            p.w_minus_we = Some(Hundredths(hi));
            p.raw_change = Some(Hundredths(lo / 7));
            p.change = Some(lo);
            p.new_rating = Some(hi);
            p.ra = Some(lo);
            p.ru = Some(hi);
            p.outcome = Some(UnratedOutcome::BelowFloor);
            p.notes = vec![weird.to_owned().into(), String::new().into()];
            p.hypothetical = true;
        }
        if let Some(p) = s.players.last_mut() {
            p.notes.clear();
            p.fide_id = None;
        }
        assert_same(&s, "edge cases");
        s.players.clear();
        s.excluded_games.clear();
        s.notes.clear();
        assert_same(&s, "no players");
    }
}
