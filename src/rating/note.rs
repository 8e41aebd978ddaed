//! One note of a player's line of the summary ([`Note`]): words for
//! people, shared by every player whose note it is.
//!
//! A large report gives thousands of players the same notes: the K rule
//! and its assumptions, "not rated: half-point bye (round 3)", "this
//! event does not count towards an initial rating: …". The pass words
//! each such note once per report and every player holds the same text,
//! instead of a copy of its own.

use serde::{Serialize, Serializer};
use std::borrow::Borrow;
use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

/// A note in words for people, as it is printed (the JSON writes it as a
/// string). It reads as a `&str` (`Deref`, `AsRef<str>`, `Borrow<str>`,
/// `Display`) and compares with `str` and `String` by its text; clones of
/// a note worded once share its text.
#[derive(Clone)]
pub struct Note(Text);

/// Where the text lives: wording fixed at build time, text worded once
/// and shared, or a player's own wording.
#[derive(Clone)]
enum Text {
    Static(&'static str),
    Shared(Arc<str>),
    Owned(String),
}

impl Note {
    /// A note whose words are fixed at build time: no allocation.
    pub(crate) const fn fixed(text: &'static str) -> Note {
        Note(Text::Static(text))
    }

    /// A note worded once for many players: its clones share `text`.
    pub(crate) fn shared(text: &str) -> Note {
        Note(Text::Shared(Arc::from(text)))
    }

    /// The note's text.
    pub fn as_str(&self) -> &str {
        match &self.0 {
            Text::Static(s) => s,
            Text::Shared(s) => s,
            Text::Owned(s) => s,
        }
    }
}

impl Default for Note {
    /// The empty note.
    fn default() -> Note {
        Note::fixed("")
    }
}

impl From<String> for Note {
    /// One player's own wording, kept as it is.
    fn from(text: String) -> Note {
        Note(Text::Owned(text))
    }
}

impl From<&'static str> for Note {
    fn from(text: &'static str) -> Note {
        Note::fixed(text)
    }
}

impl From<Note> for String {
    fn from(note: Note) -> String {
        match note.0 {
            Text::Owned(s) => s,
            other => Note(other).as_str().to_owned(),
        }
    }
}

impl Deref for Note {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for Note {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl Borrow<str> for Note {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Note {
    /// As the text's own `Debug`: a note prints as the string it is.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl PartialEq for Note {
    fn eq(&self, other: &Note) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Note {}

impl PartialEq<str> for Note {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Note {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<String> for Note {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<Note> for str {
    fn eq(&self, other: &Note) -> bool {
        self == other.as_str()
    }
}

impl PartialEq<Note> for &str {
    fn eq(&self, other: &Note) -> bool {
        *self == other.as_str()
    }
}

impl PartialEq<Note> for String {
    fn eq(&self, other: &Note) -> bool {
        self == other.as_str()
    }
}

impl std::hash::Hash for Note {
    /// As the text: consistent with `Borrow<str>`.
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl PartialOrd for Note {
    fn partial_cmp(&self, other: &Note) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Note {
    fn cmp(&self, other: &Note) -> std::cmp::Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl Serialize for Note {
    /// A string, as the text it holds.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_reads_prints_and_serialises_as_its_text() {
        let words = "not rated: forfeit (round 3)";
        let notes = [
            Note::fixed(words),
            Note::shared(words),
            Note::from(words.to_owned()),
        ];
        for n in &notes {
            assert_eq!(n, words);
            assert_eq!(n.to_string(), words);
            assert_eq!(format!("{n:?}"), format!("{words:?}"));
            assert_eq!(
                serde_json::to_string(n).ok(),
                serde_json::to_string(words).ok()
            );
            assert_eq!(String::from(n.clone()), words);
        }
        assert_eq!(notes[0], notes[1]);
        assert_eq!(notes.join("; "), [words; 3].join("; "));
        assert_ne!(Note::fixed("a"), Note::shared("b"));
    }
}
