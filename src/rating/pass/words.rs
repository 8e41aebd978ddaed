//! The players' notes the pass words once per report: the exclusion notes
//! ("not rated: half-point bye (round 3)") and the reasons an unrated
//! player's event does not count. Thousands of players of a large report
//! share a handful of these: each is worded the first time it is needed
//! and every later player holds a [`Note`] sharing that text.

use crate::rating::maths::Exclusion;
use crate::rating::note::Note;
use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The notes worded so far in one report's pass.
#[derive(Default)]
pub(super) struct NoteCache {
    /// Exclusion notes by what decides their words.
    exclusions: RefCell<HashMap<Key, Note, BuildHasherDefault<WordHasher>>>,
    /// One player's groups, kept between players (no allocation each).
    groups: RefCell<Vec<Group>>,
    /// "this event does not count towards an initial rating: …" by reason.
    not_counting: RefCell<Vec<(Exclusion, Note)>>,
    /// The words of a new exclusion note, before they are shared.
    text: RefCell<String>,
}

/// What decides an exclusion note's words: its head, its label (static
/// words: by address, then length) and its rounds as bits (round r is bit
/// r − 1). A label at another address with the same words is another key
/// with the same text.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    rated: bool,
    label: usize,
    len: usize,
    rounds: u64,
}

/// One reason of a player's exclusion notes: its label, its rounds as bits
/// and whether a round did not fit the bits (beyond 64, or twice).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Group {
    label: &'static str,
    rounds: u64,
    overflow: bool,
}

/// One player's entries grouped by reason ([`NoteCache::grouping`]).
pub(super) struct Grouping<'w> {
    groups: std::cell::RefMut<'w, Vec<Group>>,
}

impl Grouping<'_> {
    /// The group of `label`, added after the others if it is new. The
    /// same words are usually the same literal: the address decides
    /// before the bytes are compared; the last reason met first (a
    /// player's entries of one reason come in runs).
    #[inline(always)]
    fn group(&mut self, label: &'static str) -> &mut Group {
        let groups = &mut *self.groups;
        let last = groups.len().wrapping_sub(1);
        let at = match groups.get(last).filter(|g| std::ptr::eq(g.label, label)) {
            Some(_) => Some(last),
            None => groups
                .iter()
                .position(|g| std::ptr::eq(g.label, label) || g.label == label),
        };
        let at = match at {
            Some(at) => at,
            None => {
                groups.push(Group {
                    label,
                    rounds: 0,
                    overflow: false,
                });
                groups.len() - 1
            }
        };
        &mut groups[at]
    }

    /// The entry of `label` in `round`. Inlined into the loops over a
    /// player's games (out of line, its call cost a fifth of its work).
    #[inline(always)]
    pub(super) fn add(&mut self, label: &'static str, round: u16) {
        let g = self.group(label);
        match round_bit(round) {
            Some(bit) if g.rounds & bit == 0 => g.rounds |= bit,
            _ => g.overflow = true,
        }
    }

    /// Every entry of `entries`, as [`Grouping::add`] of each leaves the
    /// groups: the entries of one label met in a row are gathered in
    /// locals (their rounds' bits, and whether one did not fit or came
    /// twice) and added to their group at once, one search of the groups
    /// a run instead of one an entry. The test
    /// `runs_group_as_single_entries` holds it equal to `add`.
    #[inline]
    pub(super) fn add_all(&mut self, entries: impl Iterator<Item = (&'static str, u16)>) {
        let mut run: Option<Group> = None;
        for (label, round) in entries {
            let r = match &mut run {
                Some(r) if std::ptr::eq(r.label, label) => r,
                _ => {
                    if let Some(done) = run.take() {
                        self.add_run(done);
                    }
                    run.insert(Group {
                        label,
                        rounds: 0,
                        overflow: false,
                    })
                }
            };
            match round_bit(round) {
                Some(bit) if r.rounds & bit == 0 => r.rounds |= bit,
                _ => r.overflow = true,
            }
        }
        if let Some(done) = run {
            self.add_run(done);
        }
    }

    /// A run's entries into its label's group: a round already there is a
    /// round twice (`overflow`), as [`Grouping::add`] finds it.
    fn add_run(&mut self, run: Group) {
        let g = self.group(run.label);
        g.overflow |= run.overflow || g.rounds & run.rounds != 0;
        g.rounds |= run.rounds;
    }

    /// No entry.
    pub(super) fn is_empty(&self) -> bool {
        self.groups.is_empty()
    }
}

/// Round `round`'s bit (round r is bit r − 1), if it has one (1 to 64).
#[inline(always)]
fn round_bit(round: u16) -> Option<u64> {
    round
        .checked_sub(1)
        .and_then(|b| 1u64.checked_shl(b.into()))
}

/// At most this many reasons of unrated players' events are kept: the
/// scores of "scored ½; at least 1 is needed" make a few.
const NOT_COUNTING_KEPT: usize = 32;

impl NoteCache {
    /// One note per reason, in the order the reasons first appear in
    /// `entries` (label, round), with its rounds ascending, pushed onto
    /// `out`: "not rated: forfeit (rounds 2, 5)". `rated` chooses the head
    /// ("not rated" or "not counted for an initial rating").
    #[cfg(test)]
    pub(super) fn exclusions<I>(&self, rated: bool, entries: I, out: &mut Vec<Note>)
    where
        I: Iterator<Item = (&'static str, u16)> + Clone,
    {
        let mut grouping = self.grouping();
        for (label, round) in entries.clone() {
            grouping.add(label, round);
        }
        self.worded(grouping, rated, || entries.clone(), out);
    }

    /// A player's entries grouped by reason, in the vector kept between
    /// players: [`Grouping::add`] each, then [`NoteCache::worded`].
    pub(super) fn grouping(&self) -> Grouping<'_> {
        let mut groups = self.groups.borrow_mut();
        groups.clear();
        Grouping { groups }
    }

    /// The notes of `grouping`'s reasons, in the order they first
    /// appeared, with their rounds ascending, onto `out`. `entries` gives
    /// the entries again, for a reason with a round beyond 64 (or twice):
    /// its rounds are listed as they come.
    pub(super) fn worded<I>(
        &self,
        grouping: Grouping<'_>,
        rated: bool,
        entries: impl Fn() -> I,
        out: &mut Vec<Note>,
    ) where
        I: Iterator<Item = (&'static str, u16)>,
    {
        let groups = grouping.groups;
        let mut worded = self.exclusions.borrow_mut();
        for g in groups.iter() {
            if g.overflow {
                // Rounds beyond 64 (or one twice): listed as they come.
                let mut rounds: Vec<u16> = entries()
                    .filter(|(label, _)| *label == g.label)
                    .map(|(_, r)| r)
                    .collect();
                rounds.sort_unstable();
                let mut note = String::new();
                exclusion_words(&mut note, rated, g.label, rounds.iter().copied());
                out.push(Note::from(note));
                continue;
            }
            let key = Key {
                rated,
                label: g.label.as_ptr() as usize,
                len: g.label.len(),
                rounds: g.rounds,
            };
            let note = worded.entry(key).or_insert_with(|| {
                let rounds = (0..64u16)
                    .filter(|b| g.rounds & (1u64 << b) != 0)
                    .map(|b| b + 1);
                // Worded in one buffer kept between notes, then shared.
                let mut text = self.text.borrow_mut();
                text.clear();
                exclusion_words(&mut text, rated, g.label, rounds);
                Note::shared(&text)
            });
            out.push(note.clone());
        }
    }

    /// The note of an unrated player whose event does not count for
    /// `reason`, worded by `words` the first time.
    pub(super) fn not_counting(&self, reason: &Exclusion, words: impl FnOnce() -> String) -> Note {
        let mut kept = self.not_counting.borrow_mut();
        if let Some((_, n)) = kept.iter().find(|(r, _)| r == reason) {
            return n.clone();
        }
        let note = Note::shared(&words());
        if kept.len() < NOT_COUNTING_KEPT {
            kept.push((*reason, note.clone()));
        }
        note
    }
}

/// "not rated: forfeit (rounds 2, 5)" onto `note`, `rounds` ascending.
fn exclusion_words(
    note: &mut String,
    rated: bool,
    what: &str,
    rounds: impl Iterator<Item = u16> + Clone,
) {
    let head = if rated {
        "not rated"
    } else {
        "not counted for an initial rating"
    };
    let n = rounds.clone().count();
    let r = if n == 1 { "round" } else { "rounds" };
    note.reserve(head.len() + what.len() + 12 + 7 * n);
    for part in [head, ": ", what, " (", r, " "] {
        note.push_str(part);
    }
    for (k, round) in rounds.enumerate() {
        if k > 0 {
            note.push_str(", ");
        }
        crate::diag::words::push_decimal(note, round);
    }
    note.push(')');
}

/// A multiply-rotate hash of a few words (the keys are integers made
/// here, not input an adversary chooses): std's SipHash costs more than
/// the wording it saves on a note of one round.
#[derive(Default)]
pub(super) struct WordHasher(u64);

impl WordHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.add(u64::from(b));
        }
    }
    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }
    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }
    fn write_i32(&mut self, n: i32) {
        self.add(u64::from(n as u32));
    }
    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }
    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(w: &NoteCache, rated: bool, entries: &[(&'static str, u16)]) -> Vec<String> {
        let mut out = Vec::new();
        w.exclusions(rated, entries.iter().copied(), &mut out);
        out.into_iter().map(String::from).collect()
    }

    /// `add_all` (runs of one label gathered, then added) leaves the
    /// groups `add` of each entry leaves: labels in runs and not, one text
    /// at two addresses, rounds 0 to 70 (beyond the bits), repeated.
    #[test]
    fn runs_group_as_single_entries() {
        let twin: &'static str = Box::leak(String::from("forfeit").into_boxed_str());
        let labels = [
            "forfeit",
            "half-point bye",
            twin,
            "game against an unrated opponent",
        ];
        let mut next = crate::rating::pass::tests::draws(3);
        for case in 0..3000 {
            let n = next(20) as usize;
            let kinds = 1 + (case % 4) as u32;
            let top = if case % 3 == 0 { 71 } else { 16 };
            let entries: Vec<(&'static str, u16)> = (0..n)
                .map(|_| (labels[next(kinds) as usize], next(top) as u16))
                .collect();
            let (a, b) = (NoteCache::default(), NoteCache::default());
            let mut one = a.grouping();
            for &(l, r) in &entries {
                one.add(l, r);
            }
            let mut runs = b.grouping();
            runs.add_all(entries.iter().copied());
            assert_eq!(*one.groups, *runs.groups, "{entries:?}");
            for (x, y) in one.groups.iter().zip(runs.groups.iter()) {
                assert!(std::ptr::eq(x.label, y.label));
            }
        }
    }

    #[test]
    fn groups_by_label_in_order_of_first_appearance_with_rounds_ascending() {
        let w = NoteCache::default();
        let entries = [("forfeit", 5), ("half-point bye", 1), ("forfeit", 2)];
        let want = [
            "not rated: forfeit (rounds 2, 5)",
            "not rated: half-point bye (round 1)",
        ];
        assert_eq!(words(&w, true, &entries), want);
        // Worded once, then shared: the same words again.
        assert_eq!(words(&w, true, &entries), want);
        assert_eq!(
            words(&w, false, &entries[1..2]),
            ["not counted for an initial rating: half-point bye (round 1)"]
        );
    }

    #[test]
    fn rounds_beyond_sixty_four_are_listed_too() {
        let w = NoteCache::default();
        let entries = [("forfeit", 70), ("forfeit", 3), ("forfeit", 64)];
        assert_eq!(
            words(&w, true, &entries),
            ["not rated: forfeit (rounds 3, 64, 70)"]
        );
        assert_eq!(words(&w, true, &[]), Vec::<String>::new());
    }
}
