//! A player's round entries, one packed word each.
//!
//! The entries of a report are most of its model (15 a player on a
//! 9,999-player report): kept as 4-byte words rather than 24-byte
//! `Spanned<RoundEntry>` values, written once by the reader and taken as
//! they are by the games table ([`super::Games`]). The word holds what the
//! block says (opponent's rank as written, colour, result code); the two
//! rare things it cannot hold are kept beside it: the character of a
//! result letter TRF does not define, and the spans of a line whose blocks
//! are not all in their usual columns.

use super::{ByeKind, Colour, Outcome, RoundEntry, RoundResult};
use crate::source::span::{Span, Spanned};
use serde::{Serialize, Serializer};

/// No opponent named, in a packed entry ([`pack`]).
pub(crate) const NO_OPPONENT: u32 = 1 << 16;

/// The result code of a letter TRF does not define other than `?`.
const UNKNOWN_CODE: u32 = 14;

/// Columns from one block to the next.
const STRIDE: u32 = 10;
/// Columns of a block (opponent, blank, colour, blank, result).
const WIDTH: u32 = 8;

/// A result as a small number, for table look-ups (`Game::code`): `1 = 0`
/// are 0-2, `W D L` 3-5, `+ -` 6-7, `H F U Z` 8-11, pending (blank) 12,
/// not paired 13, a letter TRF does not define 14, TRF26's `?` 15.
pub(crate) const fn code(r: RoundResult) -> u8 {
    use ByeKind::*;
    use Outcome::*;
    match r {
        RoundResult::Game { outcome: Win } => 0,
        RoundResult::Game { outcome: Draw } => 1,
        RoundResult::Game { outcome: Loss } => 2,
        RoundResult::ShortGame { outcome: Win } => 3,
        RoundResult::ShortGame { outcome: Draw } => 4,
        RoundResult::ShortGame { outcome: Loss } => 5,
        RoundResult::Forfeit { won: true } => 6,
        RoundResult::Forfeit { won: false } => 7,
        RoundResult::Bye { bye: Half } => 8,
        RoundResult::Bye { bye: Full } => 9,
        RoundResult::Bye {
            bye: PairingAllocated,
        } => 10,
        RoundResult::Bye { bye: Zero } => 11,
        RoundResult::Pending => 12,
        RoundResult::ADJOURNED => 15,
        RoundResult::NotPaired => 13,
        RoundResult::Unknown { .. } => 14,
    }
}

/// An entry as a word: the opponent's rank as written (or
/// [`NO_OPPONENT`]) in bits 0-16, the colour (0 none, 1 `w`, 2 `b`) in bits
/// 17-18, the result [`code`] in bits 19-22. Lossless but for the letter of
/// [`RoundResult::Unknown`] (code 14), which [`Rounds`] keeps apart.
pub(crate) const fn pack_parts(opponent: Option<u16>, colour: Option<Colour>, code: u8) -> u32 {
    let opp = match opponent {
        Some(o) => o as u32,
        None => NO_OPPONENT,
    };
    let colour = match colour {
        None => 0,
        Some(Colour::White) => 1,
        Some(Colour::Black) => 2,
    };
    opp | colour << 17 | (code as u32) << 19
}

/// The result code of a packed word ([`pack_parts`], bits 19-22).
pub(crate) const fn code_of(w: u32) -> usize {
    (w >> 19 & 15) as usize
}

/// The opponent's rank as written in a packed word (bits 0-16; `None`
/// for [`NO_OPPONENT`]).
pub(crate) fn opponent_of(w: u32) -> Option<u16> {
    u16::try_from(w & 0x1_ffff).ok()
}

/// The colour of a packed word (bits 17-18).
pub(crate) const fn colour_of(w: u32) -> Option<Colour> {
    match w >> 17 & 3 {
        1 => Some(Colour::White),
        2 => Some(Colour::Black),
        _ => None,
    }
}

/// [`pack_parts`] of an entry.
pub(crate) fn pack(e: &RoundEntry) -> u32 {
    pack_parts(e.opponent, e.colour, code(e.result))
}

/// A result with result code `c` ([`Game::code`]); a letter TRF does not
/// define stands as `X`.
pub(crate) const fn result_of_code(c: usize) -> RoundResult {
    use ByeKind::*;
    use Outcome::*;
    match c {
        0 => RoundResult::Game { outcome: Win },
        1 => RoundResult::Game { outcome: Draw },
        2 => RoundResult::Game { outcome: Loss },
        3 => RoundResult::ShortGame { outcome: Win },
        4 => RoundResult::ShortGame { outcome: Draw },
        5 => RoundResult::ShortGame { outcome: Loss },
        6 => RoundResult::Forfeit { won: true },
        7 => RoundResult::Forfeit { won: false },
        8 => RoundResult::Bye { bye: Half },
        9 => RoundResult::Bye { bye: Full },
        10 => RoundResult::Bye {
            bye: PairingAllocated,
        },
        11 => RoundResult::Bye { bye: Zero },
        12 => RoundResult::Pending,
        13 => RoundResult::NotPaired,
        15 => RoundResult::ADJOURNED,
        _ => RoundResult::Unknown { code: 'X' },
    }
}

/// [`result_of_code`] of each code, looked up rather than matched.
static BY_CODE: [RoundResult; 16] = {
    let mut t = [RoundResult::NotPaired; 16];
    let mut c = 0;
    while c < 16 {
        t[c] = result_of_code(c);
        c += 1;
    }
    t
};

/// The entry of a word, the letter of a result TRF does not define given.
fn unpack(w: u32, unknown: char) -> RoundEntry {
    let c = code_of(w);
    let result = if c == UNKNOWN_CODE as usize {
        RoundResult::Unknown { code: unknown }
    } else {
        BY_CODE[c]
    };
    RoundEntry {
        opponent: opponent_of(w),
        colour: colour_of(w),
        result,
    }
}

/// A player's round entries, round 1 first: one packed word each, their
/// spans computed from where the line's blocks start (a line read in the
/// usual columns) or listed (any other line).
///
/// Equality compares the entries, not where they stand, like
/// [`Spanned`]; serialisation writes the same JSON array as a
/// `Vec<Spanned<RoundEntry>>`.
#[derive(Clone, Default)]
pub struct Rounds {
    /// One word per entry ([`pack`]).
    words: Vec<u32>,
    /// The byte where block 0 starts, when the spans are computed.
    origin: u32,
    /// What a word cannot say; `None` for nearly every line.
    rare: Option<Box<Rare>>,
}

/// The rare part of [`Rounds`].
#[derive(Clone, Default, PartialEq)]
struct Rare {
    /// The spans of the entries, when they are listed rather than computed.
    spans: Option<Vec<Span>>,
    /// The letters of the entries with code 14, by index, in index order.
    unknown: Vec<(u32, char)>,
}

impl Rounds {
    /// No entries; the spans of those pushed are listed.
    pub fn new() -> Rounds {
        Rounds {
            words: Vec::new(),
            origin: 0,
            rare: Some(Box::new(Rare {
                spans: Some(Vec::new()),
                unknown: Vec::new(),
            })),
        }
    }

    /// The entries of a line read in the usual columns: `words` packed
    /// ([`pack`], no code 14), block `k` at bytes `origin + 10k ..
    /// origin + 10k + 8`. Entries pushed after them keep no span of their
    /// own while they stand where this says.
    pub(crate) fn in_columns(words: Vec<u32>, origin: u32) -> Rounds {
        Rounds {
            words,
            origin,
            rare: None,
        }
    }

    /// How many entries.
    pub fn len(&self) -> usize {
        self.words.len()
    }

    /// True when there is none.
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// Every entry packed ([`pack`]), for the games table.
    pub(crate) fn words(&self) -> &[u32] {
        &self.words
    }

    /// The span of entry `i` (which exists).
    fn span(&self, i: usize) -> Span {
        match self.rare.as_deref().and_then(|r| r.spans.as_ref()) {
            Some(spans) => spans.get(i).copied().unwrap_or_default(),
            None => {
                let at = self.origin.wrapping_add((i as u32).wrapping_mul(STRIDE));
                Span {
                    start: at,
                    end: at.wrapping_add(WIDTH),
                }
            }
        }
    }

    /// The letter of entry `i` when its code is 14.
    fn letter(&self, i: usize) -> char {
        self.rare
            .as_deref()
            .and_then(|r| r.unknown.iter().find(|u| u.0 as usize == i))
            .map_or('X', |u| u.1)
    }

    /// The entry `i` without its span.
    pub fn entry(&self, i: usize) -> Option<RoundEntry> {
        let w = *self.words.get(i)?;
        let letter = if code_of(w) == UNKNOWN_CODE as usize {
            self.letter(i)
        } else {
            'X'
        };
        Some(unpack(w, letter))
    }

    /// Entry `i` (0 for round 1) and where it was read.
    pub fn get(&self, i: usize) -> Option<Spanned<RoundEntry>> {
        let e = self.entry(i)?;
        Some(Spanned::new(e, self.span(i)))
    }

    /// The last entry.
    pub fn last(&self) -> Option<Spanned<RoundEntry>> {
        self.get(self.len().checked_sub(1)?)
    }

    /// Every entry, round 1 first.
    pub fn iter(&self) -> RoundsIter<'_> {
        RoundsIter {
            rounds: self,
            next: 0,
            end: self.len(),
        }
    }

    /// The rare part, made when first needed.
    fn rare_mut(&mut self) -> &mut Rare {
        self.rare.get_or_insert_with(Box::default)
    }

    /// Lists the spans (computed until now), so that one can differ.
    fn list_spans(&mut self) -> &mut Vec<Span> {
        let computed = self.rare.as_deref().is_none_or(|r| r.spans.is_none());
        if computed {
            let spans = (0..self.len()).map(|i| self.span(i)).collect();
            self.rare_mut().spans = Some(spans);
        }
        self.rare_mut().spans.get_or_insert_with(Vec::new)
    }

    /// Adds an entry for the next round.
    pub fn push(&mut self, e: Spanned<RoundEntry>) {
        let i = self.len();
        let w = pack(&e.value);
        if let RoundResult::Unknown { code: c } = e.value.result {
            if code_of(w) == UNKNOWN_CODE as usize {
                self.rare_mut().unknown.push((i as u32, c));
            }
        }
        let listed = self.rare.as_deref().is_some_and(|r| r.spans.is_some());
        if listed || self.span(i) != e.span {
            self.list_spans().push(e.span);
        }
        self.words.push(w);
    }

    /// Replaces entry `i`; nothing when there is no such entry.
    pub fn set(&mut self, i: usize, e: Spanned<RoundEntry>) {
        if i >= self.len() {
            return;
        }
        let w = pack(&e.value);
        if let Some(r) = self.rare.as_deref_mut() {
            r.unknown.retain(|u| u.0 as usize != i);
        }
        if let RoundResult::Unknown { code: c } = e.value.result {
            if code_of(w) == UNKNOWN_CODE as usize {
                let unknown = &mut self.rare_mut().unknown;
                let at = unknown.partition_point(|u| (u.0 as usize) < i);
                unknown.insert(at, (i as u32, c));
            }
        }
        if self.span(i) != e.span {
            if let Some(s) = self.list_spans().get_mut(i) {
                *s = e.span;
            }
        }
        self.words[i] = w;
    }

    /// Keeps the first `n` entries.
    pub fn truncate(&mut self, n: usize) {
        self.words.truncate(n);
        if let Some(r) = self.rare.as_deref_mut() {
            r.unknown.retain(|u| (u.0 as usize) < n);
            if let Some(s) = &mut r.spans {
                s.truncate(n);
            }
        }
    }
}

impl PartialEq for Rounds {
    fn eq(&self, other: &Rounds) -> bool {
        fn letters(r: &Rounds) -> &[(u32, char)] {
            r.rare.as_deref().map_or(&[], |r| &r.unknown)
        }
        self.words == other.words && letters(self) == letters(other)
    }
}

impl Eq for Rounds {}

impl std::fmt::Debug for Rounds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for Rounds {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl From<Vec<Spanned<RoundEntry>>> for Rounds {
    fn from(v: Vec<Spanned<RoundEntry>>) -> Rounds {
        v.into_iter().collect()
    }
}

impl FromIterator<Spanned<RoundEntry>> for Rounds {
    fn from_iter<I: IntoIterator<Item = Spanned<RoundEntry>>>(it: I) -> Rounds {
        let mut r = Rounds::new();
        for e in it {
            r.push(e);
        }
        r
    }
}

/// The entries of a [`Rounds`], as values ([`Rounds::iter`]).
#[derive(Debug, Clone)]
pub struct RoundsIter<'a> {
    rounds: &'a Rounds,
    next: usize,
    end: usize,
}

impl Iterator for RoundsIter<'_> {
    type Item = Spanned<RoundEntry>;

    fn next(&mut self) -> Option<Spanned<RoundEntry>> {
        if self.next >= self.end {
            return None;
        }
        self.next += 1;
        self.rounds.get(self.next - 1)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.end - self.next;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for RoundsIter<'_> {
    fn next_back(&mut self) -> Option<Spanned<RoundEntry>> {
        if self.next >= self.end {
            return None;
        }
        self.end -= 1;
        self.rounds.get(self.end)
    }
}

impl ExactSizeIterator for RoundsIter<'_> {}

impl<'a> IntoIterator for &'a Rounds {
    type Item = Spanned<RoundEntry>;
    type IntoIter = RoundsIter<'a>;

    fn into_iter(self) -> RoundsIter<'a> {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(opponent: Option<u16>, colour: Option<Colour>, result: RoundResult) -> RoundEntry {
        RoundEntry {
            opponent,
            colour,
            result,
        }
    }

    /// Every result, colour and a few opponents come back as pushed, with
    /// their spans, and serialise as the vector does.
    #[test]
    fn entries_come_back_as_pushed() {
        let mut results: Vec<RoundResult> = (0..16).map(result_of_code).collect();
        results.push(RoundResult::Unknown { code: 'é' });
        results.push(RoundResult::Unknown { code: 'Q' });
        let mut v = Vec::new();
        for (k, &result) in results.iter().enumerate() {
            for colour in [None, Some(Colour::White), Some(Colour::Black)] {
                for opponent in [None, Some(0), Some(1), Some(9999), Some(u16::MAX)] {
                    let at = 7 * v.len() + k;
                    v.push(Spanned::new(
                        entry(opponent, colour, result),
                        Span::new(at, at + 3),
                    ));
                }
            }
        }
        let r: Rounds = v.clone().into();
        assert_eq!(r.len(), v.len());
        for (i, e) in v.iter().enumerate() {
            let got = r.get(i).unwrap();
            assert_eq!((got.value, got.span), (e.value, e.span));
        }
        assert_eq!(
            serde_json::to_string(&r).unwrap(),
            serde_json::to_string(&v).unwrap()
        );
        assert_eq!(format!("{r:?}"), format!("{v:?}"));
        assert_eq!(r.iter().rev().count(), v.len());
    }

    /// Computed spans turn into listed ones when an entry is put elsewhere;
    /// `set` and `truncate` keep the letters of unknown results in step.
    #[test]
    fn set_truncate_and_spans() {
        let words = vec![pack(&entry(Some(2), Some(Colour::White), result_of_code(0))); 3];
        let mut r = Rounds::in_columns(words, 100);
        assert_eq!(r.get(2).unwrap().span, Span::new(120, 128));
        let odd = Spanned::new(
            entry(None, None, RoundResult::Unknown { code: 'x' }),
            Span::new(1, 2),
        );
        r.set(1, odd);
        assert_eq!(r.get(1).unwrap().value, odd.value);
        assert_eq!(r.get(1).unwrap().span, Span::new(1, 2));
        assert_eq!(r.get(2).unwrap().span, Span::new(120, 128));
        r.push(odd);
        assert_eq!(r.last().unwrap().value, odd.value);
        r.truncate(2);
        assert_eq!(r.len(), 2);
        r.set(1, Spanned::new(RoundEntry::NOT_PAIRED, Span::new(110, 118)));
        let plain: Rounds = vec![
            r.get(0).unwrap(),
            Spanned::new(RoundEntry::NOT_PAIRED, Span::default()),
        ]
        .into();
        assert_eq!(r, plain);
        r.set(5, odd);
        assert_eq!(r.len(), 2);
    }

    /// On every sample: the entries serialise as the vector of spanned
    /// entries did (what `trf parse` writes), a vector of them makes the
    /// same entries back, and each entry read in the usual columns is what
    /// the text at its span says.
    #[test]
    fn samples_read_as_the_vector_did() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
        let mut files = Vec::new();
        crate::model::timecontrol::properties::files_under(&dir, &mut files);
        files.retain(|f| f.extension().is_some_and(|x| x == "trf"));
        assert!(files.len() > 100, "{} samples", files.len());
        let mut checked = 0;
        for file in &files {
            let Ok(parsed) = crate::read_path(file, &crate::ReadOptions::default()) else {
                continue;
            };
            for p in &parsed.tournament.players {
                let v: Vec<Spanned<RoundEntry>> = p.rounds.iter().collect();
                assert_eq!(
                    serde_json::to_string(&p.rounds).unwrap(),
                    serde_json::to_string(&v).unwrap()
                );
                let back = Rounds::from(v.clone());
                assert_eq!(back, p.rounds, "{}", file.display());
                assert!(back.iter().zip(&v).all(|(a, b)| a.span == b.span));
                for e in &v {
                    let Some(text) = parsed.text.get(e.span.range()) else {
                        panic!("{}: span {:?} outside the text", file.display(), e.span);
                    };
                    let b = text.as_bytes();
                    if b.len() != 8 || !text.is_ascii() || b[4] != b' ' || b[6] != b' ' {
                        continue;
                    }
                    let opp = text[..4].trim();
                    let digits = opp.bytes().all(|c| c.is_ascii_digit());
                    if !digits {
                        continue;
                    }
                    let o: u16 = opp.parse().unwrap_or(0);
                    assert_eq!(e.value.opponent, (o != 0).then_some(o), "{text:?}");
                    assert_eq!(
                        e.value.colour.map(Colour::letter),
                        match b[5].to_ascii_lowercase() {
                            c @ (b'w' | b'b') => Some(c as char),
                            _ => None,
                        },
                        "{text:?}"
                    );
                    let written = match b[7] {
                        b'\t' => ' ',
                        c => c.to_ascii_uppercase() as char,
                    };
                    let letter = e.value.result.letter().to_ascii_uppercase();
                    assert_eq!(letter, written, "{text:?}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 10_000, "{checked} entries");
    }
}
