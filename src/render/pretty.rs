//! Pretty-printed JSON, byte for byte what `serde_json::to_string_pretty`
//! writes (two-space indent, `": "` between key and value, `[]` and `{}` for
//! empty containers), at a fraction of its cost for the large outputs of
//! `trf rate` and `trf period`.
//!
//! Why a writer of its own: `serde_json` looks at every byte of every string
//! through a table and copies each run with its own call; a rating summary
//! of 10,000 players is 8 MB of JSON, mostly short strings and keys. Here a
//! string is scanned eight bytes at a time and copied at once when nothing
//! needs escaping (the usual case), and the indentation is one copy. The
//! structure still comes from the types' `Serialize` (the derives are the
//! one home of the field names), and numbers are written by `serde_json`
//! itself, so no formatting of ours can drift from it.

use serde::ser::{self, Serialize};
use std::fmt::Display;

/// `value` as pretty JSON; `capacity` is a guess of its length in bytes.
pub(crate) fn to_string<T: Serialize + ?Sized>(value: &T, capacity: usize) -> String {
    let mut w = Writer::new(capacity);
    if w.value_at(0, value).is_err() {
        return String::new();
    }
    w.finish()
}

/// Why a value could not be written (a map key that is not a string or a
/// number, as in `serde_json`).
#[derive(Debug)]
pub(crate) struct Error(String);

impl Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<T: Display>(msg: T) -> Self {
        Error(msg.to_string())
    }
}

pub(super) type Result<T = ()> = std::result::Result<T, Error>;

/// A newline and up to 32 levels of indentation, written in one copy.
const INDENT: &str = "\n                                                                ";

/// `n` spaces at the end of `out`.
fn push_spaces(out: &mut String, n: usize) {
    out.extend(std::iter::repeat_n(' ', n));
}

/// The numbers 0 to 9,999 as four digits each, `0000` to `9999`: a group
/// of four digits is one copy of four bytes from here.
static FOUR_DIGITS: &str = {
    static BYTES: [u8; 40_000] = {
        let mut b = [0u8; 40_000];
        let mut v = 0;
        while v < 10_000 {
            b[4 * v] = b'0' + (v / 1000) as u8;
            b[4 * v + 1] = b'0' + (v / 100 % 10) as u8;
            b[4 * v + 2] = b'0' + (v / 10 % 10) as u8;
            b[4 * v + 3] = b'0' + (v % 10) as u8;
            v += 1;
        }
        b
    };
    match std::str::from_utf8(&BYTES) {
        Ok(s) => s,
        Err(_) => panic!("digits are ASCII"),
    }
};

/// `v` in decimal at the end of `out`, four digits a division (a rating
/// summary writes some 100,000 numbers, most of four digits or fewer):
/// the leading group without its zeros, then groups of four, each one
/// copy of a fixed length (no `memcpy` call, no push per digit).
#[inline]
fn push_decimal(out: &mut String, v: u64) {
    if v >= 10_000 {
        push_large(out, v);
    } else {
        push_group(out, v);
    }
}

/// [`push_decimal`] of 10,000 or more: the leading groups, then the last
/// four digits.
fn push_large(out: &mut String, v: u64) {
    push_decimal(out, v / 10_000);
    digits(out, 4 * (v % 10_000) as usize, 0, 4);
}

/// [`push_decimal`] of a value below 10,000 (most of a summary's numbers:
/// inlined where they are written).
#[inline(always)]
fn push_group(out: &mut String, v: u64) {
    let at = 4 * v as usize;
    if v >= 1000 {
        digits(out, at, 0, 4);
    } else if v >= 100 {
        digits(out, at, 1, 4);
    } else if v >= 10 {
        digits(out, at, 2, 4);
    } else {
        digits(out, at, 3, 4);
    }
}

/// Digits `from..to` of the group at `at` of [`FOUR_DIGITS`]. Inlined at
/// each call, so that the copy is of a known length: a move, not a call
/// of `memcpy`.
#[inline(always)]
fn digits(out: &mut String, at: usize, from: usize, to: usize) {
    if let Some(run) = FOUR_DIGITS.get(at + from..at + to) {
        out.push_str(run);
    }
}

/// Largest magnitude, in hundredths, that [`two_decimals`] accepts: the
/// spacing of doubles below 10^10 is under 2^-19, far below the 0.005
/// that would let a shorter decimal read back as the same double.
const TWO_DECIMALS_MAX: i64 = 1_000_000_000_000;

/// The hundredths `h` when `v` is the double nearest to `h / 100` (what
/// `v as f64 / 100.0` gives for the figures), else `None`. Such a `v`
/// reads back from the decimal of `h` with its two decimals (trailing
/// zeros dropped), and no shorter decimal does: any other decimal of at
/// most two decimals lies at least 0.01 away, and the doubles around `v`
/// are far closer together. So that decimal is the shortest round trip
/// `serde_json` writes. Zero (`0.0`, `-0.0`) and large values are left
/// to `serde_json`.
fn two_decimals(v: f64) -> Option<i64> {
    // Rounded to the nearest hundredth; a wrong rounding only sends the
    // value to `serde_json`, as the check below fails.
    let scaled = v * 100.0 + 0.5_f64.copysign(v);
    if v == 0.0 || !v.is_finite() || scaled.abs() >= TWO_DECIMALS_MAX as f64 {
        return None;
    }
    #[allow(clippy::cast_possible_truncation)]
    let h = scaled as i64;
    (h as f64 / 100.0 == v).then_some(h)
}

/// `h` hundredths as `serde_json` writes the double nearest to `h / 100`:
/// `2.44`, `-0.5`, `0.05`, and a whole value with `.0` (`3.0`).
fn push_hundredths(out: &mut String, h: i64) {
    if h < 0 {
        out.push('-');
    }
    let a = h.unsigned_abs();
    push_decimal(out, a / 100);
    // The point and the decimals as one copy: `.44`, or `.5` for 50.
    let f = 3 * (a % 100) as usize;
    let run = if a % 10 == 0 {
        DECIMALS.get(f..f + 2)
    } else {
        DECIMALS.get(f..f + 3)
    };
    out.push_str(run.unwrap_or_default());
}

/// `.00` to `.99`, three bytes each: the decimals of a figure in
/// hundredths (the first two bytes alone for a whole tenth: `.5`).
static DECIMALS: &str = {
    static BYTES: [u8; 300] = {
        let mut b = [0u8; 300];
        let mut v = 0;
        while v < 100 {
            b[3 * v] = b'.';
            b[3 * v + 1] = b'0' + (v / 10) as u8;
            b[3 * v + 2] = b'0' + (v % 10) as u8;
            v += 1;
        }
        b
    };
    match std::str::from_utf8(&BYTES) {
        Ok(s) => s,
        Err(_) => panic!("digits are ASCII"),
    }
};

/// The output being written: a `String` from the start, so that the
/// result needs no check of its 8 MB for UTF-8 at the end (every piece
/// written is a `str`). [`super::rate_json`] writes the rating summary's
/// fixed parts itself and the rest through [`Writer::value_at`].
pub(super) struct Writer {
    out: String,
    depth: usize,
    /// The runs that start the fields of structs, built once each.
    keys: KeyRuns,
    /// The key runs of each struct type, in the order of its fields.
    templates: Templates,
    /// Strings written before that needed no escape.
    clean: CleanStrings,
}

/// Strings of [`CleanStrings::SHORTEST`] bytes or more already written
/// that need no escape, by content: the notes of a rating summary are a
/// few texts repeated for thousands of players (the K rules, the
/// assumptions, the article of each excluded game), and comparing with a
/// known string (`memcmp`, many bytes a step) costs far less than looking
/// at each byte for escapes. Direct-mapped by length and first and last
/// bytes; a slot keeps its string while it is met more often than the
/// strings that collide with it.
#[derive(Default)]
struct CleanStrings {
    /// (credit, string): a hit adds credit, a colliding clean string
    /// takes one, and takes the slot when none is left.
    slots: Vec<(u8, Box<str>)>,
}

impl CleanStrings {
    /// Shorter strings are looked at directly: the look-up would cost as
    /// much.
    const SHORTEST: usize = 16;
    /// Slots (a power of two).
    const SLOTS: usize = 1024;

    /// The slot of `s` (at least [`Self::SHORTEST`] bytes).
    fn slot(s: &str) -> usize {
        let b = s.as_bytes();
        let word = |at: usize| {
            let mut w = [0u8; 8];
            if let Some(src) = b.get(at..at + 8) {
                w.copy_from_slice(src);
            }
            u64::from_le_bytes(w)
        };
        let mixed = word(0) ^ word(b.len().saturating_sub(8)).rotate_left(29) ^ b.len() as u64;
        (mixed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - Self::SLOTS.trailing_zeros())) as usize
    }

    /// Whether `s` was remembered (and is still).
    fn knows(&mut self, s: &str) -> bool {
        match self.slots.get_mut(Self::slot(s)) {
            Some((credit, known)) if **known == *s => {
                *credit = credit.saturating_add(1);
                true
            }
            _ => false,
        }
    }

    /// Remembers `s`, found clean, unless its slot holds a string met
    /// more often.
    fn remember(&mut self, s: &str) {
        if self.slots.is_empty() {
            self.slots.resize_with(Self::SLOTS, || (0, Box::default()));
        }
        if let Some((credit, known)) = self.slots.get_mut(Self::slot(s)) {
            if *credit == 0 {
                *known = s.into();
                *credit = 1;
            } else {
                *credit -= 1;
            }
        }
    }
}

/// Slots of the cache of [`KeyRuns`] (a power of two): far more than the
/// (key, depth) pairs of any output, so that probes stay short.
const KEY_SLOTS: usize = 256;

/// A struct field's key with what precedes it, as one pre-built byte run:
/// `,`, a newline, the indentation of its depth, the quoted key and `": "`.
/// The derives name each field with a `&'static str`, so a key is known by
/// its address, length and depth; a rating summary writes the same twenty
/// keys for each of 10,000 players, each now one copy instead of six.
#[derive(Default)]
struct KeyRuns {
    /// Open addressing by address and depth, filled on first use and
    /// never evicted; when full, runs are written without the cache.
    slots: Vec<Option<KeyRun>>,
}

struct KeyRun {
    key: &'static str,
    depth: usize,
    run: String,
}

impl KeyRun {
    fn new(key: &'static str, depth: usize) -> Self {
        let mut run = String::with_capacity(key.len() + 2 * depth + 6);
        run.push_str(",\n");
        push_spaces(&mut run, 2 * depth);
        escape_into(&mut run, key);
        run.push_str(": ");
        KeyRun { key, depth, run }
    }

    fn is(&self, key: &'static str, depth: usize) -> bool {
        std::ptr::eq(self.key.as_ptr(), key.as_ptr())
            && self.key.len() == key.len()
            && self.depth == depth
    }
}

impl KeyRuns {
    /// Writes the run of `key` at `depth` to `out`, with the comma between
    /// fields when `comma`.
    fn write(&mut self, out: &mut String, key: &'static str, depth: usize, comma: bool) {
        let skip = usize::from(!comma);
        if self.slots.is_empty() {
            self.slots.resize_with(KEY_SLOTS, || None);
        }
        let hash = (key.as_ptr() as usize ^ depth.rotate_right(8))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15_u64 as usize);
        let mut at = hash >> (usize::BITS - KEY_SLOTS.trailing_zeros());
        for _ in 0..KEY_SLOTS {
            let slot = &mut self.slots[at % KEY_SLOTS];
            match slot {
                Some(r) if r.is(key, depth) => {
                    out.push_str(r.run.get(skip..).unwrap_or_default());
                    return;
                }
                Some(_) => at += 1,
                None => {
                    let r = slot.insert(KeyRun::new(key, depth));
                    out.push_str(r.run.get(skip..).unwrap_or_default());
                    return;
                }
            }
        }
        let r = KeyRun::new(key, depth);
        out.push_str(r.run.get(skip..).unwrap_or_default());
    }
}

impl Writer {
    /// An empty output of `capacity` bytes.
    pub(super) fn new(capacity: usize) -> Self {
        Writer {
            out: String::with_capacity(capacity),
            depth: 0,
            keys: KeyRuns::default(),
            templates: Templates::default(),
            clean: CleanStrings::default(),
        }
    }

    /// The JSON written.
    pub(super) fn finish(self) -> String {
        self.out
    }

    /// The JSON written so far, taken: the writer goes on empty, with
    /// what it has learnt of keys and strings.
    pub(super) fn take(&mut self) -> String {
        std::mem::take(&mut self.out)
    }

    /// Text written as is (brackets, newlines, indentation, keys).
    #[inline]
    pub(super) fn push(&mut self, s: &str) {
        self.out.push_str(s);
    }

    /// `value` as pretty JSON, its inner lines indented for `depth`
    /// (its first line follows what is already written).
    pub(super) fn value_at<T: Serialize + ?Sized>(&mut self, depth: usize, value: &T) -> Result {
        self.depth = depth;
        value.serialize(&mut *self)
    }

    /// A newline, then the indentation of the current depth.
    fn newline(&mut self) {
        let n = 2 * self.depth;
        match INDENT.get(..=n) {
            Some(run) => self.out.push_str(run),
            None => {
                self.out.push('\n');
                push_spaces(&mut self.out, n);
            }
        }
    }

    /// A number of a type without a writer of ours (128-bit integers),
    /// written by `serde_json`.
    fn number<T: Serialize>(&mut self, v: T) -> Result {
        let s = serde_json::to_string(&v).map_err(|e| Error(e.to_string()))?;
        self.out.push_str(&s);
        Ok(())
    }

    /// A float as `serde_json` writes it (the shortest decimal that reads
    /// back, `3.0` for a whole one, `null` when not finite). One with at
    /// most two decimals (every score and expectation of the figures) is
    /// written here, the others by `serde_json`: see [`two_decimals`].
    fn float(&mut self, v: f64) -> Result {
        match two_decimals(v) {
            Some(h) => {
                push_hundredths(&mut self.out, h);
                Ok(())
            }
            None => self.number(v),
        }
    }

    /// A JSON string: quoted, with `serde_json`'s escapes. A string met
    /// before and found clean is copied without a second look at its
    /// bytes (see [`CleanStrings`]).
    pub(super) fn string(&mut self, s: &str) {
        if s.len() < CleanStrings::SHORTEST {
            escape_into(&mut self.out, s);
        } else if self.clean.knows(s) {
            self.out.reserve(s.len() + 2);
            self.out.push('"');
            self.out.push_str(s);
            self.out.push('"');
        } else if escape_into(&mut self.out, s) {
            self.clean.remember(s);
        }
    }

    /// An integer in decimal, as `serde_json` (and `itoa`) writes it.
    #[inline]
    pub(super) fn integer(&mut self, negative: bool, v: u64) {
        if negative {
            self.out.push('-');
        }
        push_decimal(&mut self.out, v);
    }

    /// `{"variant": ` then the variant's array or object, as `serde_json`
    /// writes a tuple or struct variant; closed by `Compound::end_variant`.
    fn variant(&mut self, variant: &str, open: u8, close: u8, len: usize) -> Compound<'_> {
        self.open(b'{');
        self.newline();
        self.string(variant);
        self.out.push_str(": ");
        Compound::new(self, open, close, Some(len))
    }

    fn open(&mut self, bracket: u8) {
        self.depth += 1;
        self.out.push(char::from(bracket));
    }

    fn close(&mut self, bracket: u8, has_value: bool) {
        self.depth -= 1;
        if has_value {
            self.newline();
        }
        self.out.push(char::from(bracket));
    }
}

/// `s` as a JSON string: quoted, with `serde_json`'s escapes (`\"`, `\\`,
/// `\b \f \n \r \t`, `\u00xx` for the other control characters); whether
/// it needed none.
fn escape_into(out: &mut String, s: &str) -> bool {
    let bytes = s.as_bytes();
    out.reserve(bytes.len() + 2);
    out.push('"');
    let mut i = first_escape(bytes, 0);
    if i == bytes.len() {
        // Nothing to escape (the usual case): one copy.
        out.push_str(s);
        out.push('"');
        return true;
    }
    let mut start = 0;
    while i < bytes.len() {
        out.push_str(s.get(start..i).unwrap_or_default());
        let b = bytes[i];
        match b {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            0x08 => out.push_str("\\b"),
            0x0C => out.push_str("\\f"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            _ => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.push_str("\\u00");
                out.push(char::from(HEX[usize::from(b >> 4)]));
                out.push(char::from(HEX[usize::from(b & 0xF)]));
            }
        }
        start = i + 1;
        i = first_escape(bytes, start);
    }
    out.push_str(s.get(start..).unwrap_or_default());
    out.push('"');
    false
}

/// The index of the first byte from `from` that JSON escapes (a control
/// character, `"` or `\`), or the length: sixteen bytes at a time, the
/// tail of a string as its last sixteen bytes, and a string shorter than
/// that eight bytes at a time.
pub(super) fn first_escape(bytes: &[u8], from: usize) -> usize {
    let len = bytes.len();
    let mut i = from;
    while let Some(chunk) = sixteen(bytes, i) {
        if !clean(chunk) {
            return i + first_in(chunk);
        }
        i += 16;
    }
    if i == len {
        return len;
    }
    // The last sixteen bytes, overlapping bytes already found clean: when
    // the overlap would reach below `from` (a short string, or an escape
    // just before it), eight bytes at a time.
    if let Some(tail) = len.checked_sub(16).filter(|&t| t >= from) {
        return match sixteen(bytes, tail) {
            Some(chunk) if !clean(chunk) => tail + first_in(chunk),
            _ => len,
        };
    }
    while i + 8 <= len {
        if let Some(k) = flagged_in(bytes, i) {
            return i + k;
        }
        i += 8;
    }
    if i == len {
        return len;
    }
    // The last eight bytes as one word, as above.
    if len >= 8 && len - 8 >= from {
        return flagged_in(bytes, len - 8).map_or(len, |k| len - 8 + k);
    }
    while i < len {
        if escaped(bytes[i]) {
            return i;
        }
        i += 1;
    }
    len
}

/// The sixteen bytes from `at`, if there are as many.
#[inline(always)]
fn sixteen(bytes: &[u8], at: usize) -> Option<&[u8; 16]> {
    bytes.get(at..at + 16).and_then(|c| c.try_into().ok())
}

/// Whether JSON writes `b` escaped.
fn escaped(b: u8) -> bool {
    b < 0x20 || b == b'"' || b == b'\\'
}

/// No byte of `chunk` is escaped. Written without branches so that the
/// compiler checks the sixteen bytes in a few vector instructions.
#[inline(always)]
pub(super) fn clean(chunk: &[u8; 16]) -> bool {
    let mut bad = false;
    for &b in chunk {
        bad |= (b < 0x20) | (b == b'"') | (b == b'\\');
    }
    !bad
}

/// The offset of the first escaped byte of `chunk` (16 when none).
fn first_in(chunk: &[u8; 16]) -> usize {
    chunk.iter().position(|&b| escaped(b)).unwrap_or(16)
}

/// The offset of the first byte JSON escapes among the eight from `at`
/// (which must exist).
fn flagged_in(bytes: &[u8], at: usize) -> Option<usize> {
    let f = flags(bytes, at);
    (f != 0).then(|| (f.trailing_zeros() / 8) as usize)
}

/// The high bit set in each of the eight bytes from `at` that JSON
/// escapes; only the lowest set byte is exact (borrows run upwards, so a
/// byte above a flagged one may be flagged too).
fn flags(bytes: &[u8], at: usize) -> u64 {
    let mut word = [0u8; 8];
    word.copy_from_slice(&bytes[at..at + 8]);
    escapes_in(&word)
}

/// [`flags`] of the eight bytes of `word`: zero when none is escaped.
#[inline(always)]
pub(super) fn escapes_in(word: &[u8; 8]) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let w = u64::from_le_bytes(*word);
    // A byte is flagged when below 0x20, or equal to '"' or '\'; bytes
    // of 0x80 and above (UTF-8) are never flagged.
    let quote = w ^ (ONES * u64::from(b'"'));
    let backslash = w ^ (ONES * u64::from(b'\\'));
    (w.wrapping_sub(ONES * 0x20) | quote.wrapping_sub(ONES) | backslash.wrapping_sub(ONES))
        & !w
        & HIGH
}

/// The key runs of the struct types written, each in the order its fields
/// came the first time: a struct's fields come in the same order each
/// time, so its next key is the next run, checked by the key's address and
/// depth and copied without a look-up. A field left out of one value
/// (`skip_serializing_if`) ends the template's use for that value: its
/// other keys go through [`KeyRuns`].
#[derive(Default)]
struct Templates {
    /// Open addressing by the struct name's address and the depth: the
    /// index of its runs in `runs`, filled on first use.
    slots: Vec<Option<(&'static str, usize, usize)>>,
    runs: Vec<Vec<KeyRun>>,
}

/// Slots of [`Templates`] (a power of two), far more than the struct
/// types and depths of any output.
const TEMPLATE_SLOTS: usize = 64;

/// No template (a sequence, a map, a variant, or no free slot).
const NO_TEMPLATE: usize = usize::MAX;

impl Templates {
    /// The index of the template of struct `name` at `depth`.
    fn find(&mut self, name: &'static str, depth: usize) -> usize {
        if self.slots.is_empty() {
            self.slots.resize(TEMPLATE_SLOTS, None);
        }
        let hash = (name.as_ptr() as usize ^ depth.rotate_right(8))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15_u64 as usize);
        let mut at = hash >> (usize::BITS - TEMPLATE_SLOTS.trailing_zeros());
        for _ in 0..TEMPLATE_SLOTS {
            match &mut self.slots[at % TEMPLATE_SLOTS] {
                Some((n, d, index))
                    if std::ptr::eq(n.as_ptr(), name.as_ptr())
                        && n.len() == name.len()
                        && *d == depth =>
                {
                    return *index;
                }
                Some(_) => at += 1,
                slot @ None => {
                    *slot = Some((name, depth, self.runs.len()));
                    self.runs.push(Vec::new());
                    return self.runs.len() - 1;
                }
            }
        }
        NO_TEMPLATE
    }
}

/// An array or object being written: whether it has a value yet.
pub(super) struct Compound<'a> {
    w: &'a mut Writer,
    has_value: bool,
    /// The bracket that closes it; `None` for an empty one already closed.
    close: Option<u8>,
    /// A struct's template in [`Templates`], or [`NO_TEMPLATE`].
    template: usize,
    /// The number of fields written.
    field: usize,
}

impl<'a> Compound<'a> {
    fn new(w: &'a mut Writer, open: u8, close: u8, len: Option<usize>) -> Self {
        w.open(open);
        if len == Some(0) {
            w.close(close, false);
            return Compound {
                w,
                has_value: false,
                close: None,
                template: NO_TEMPLATE,
                field: 0,
            };
        }
        Compound {
            w,
            has_value: false,
            close: Some(close),
            template: NO_TEMPLATE,
            field: 0,
        }
    }

    fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result {
        if self.has_value {
            self.w.out.push(',');
        }
        self.w.newline();
        value.serialize(&mut *self.w)?;
        self.has_value = true;
        Ok(())
    }

    fn key(&mut self, key: &'static str) {
        let w = &mut *self.w;
        if let Some(runs) = w.templates.runs.get_mut(self.template) {
            let skip = usize::from(!self.has_value);
            match runs.get(self.field) {
                Some(r) if r.is(key, w.depth) => {
                    w.out.push_str(r.run.get(skip..).unwrap_or_default());
                    self.field += 1;
                    return;
                }
                None if runs.len() == self.field => {
                    let r = KeyRun::new(key, w.depth);
                    w.out.push_str(r.run.get(skip..).unwrap_or_default());
                    runs.push(r);
                    self.field += 1;
                    return;
                }
                _ => self.template = NO_TEMPLATE,
            }
        }
        w.keys.write(&mut w.out, key, w.depth, self.has_value);
    }

    fn value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result {
        value.serialize(&mut *self.w)?;
        self.has_value = true;
        Ok(())
    }

    fn end(self) -> Result {
        if let Some(close) = self.close {
            self.w.close(close, self.has_value);
        }
        Ok(())
    }

    /// The end of a variant's inner array or object, then of the object
    /// that names the variant.
    fn end_variant(self) -> Result {
        let w = &mut *self.w;
        if let Some(close) = self.close {
            w.close(close, self.has_value);
        }
        w.close(b'}', true);
        Ok(())
    }
}

/// The number methods of a serializer, each handing the value to `$write`.
macro_rules! numbers {
    ($write:ident) => {
        numbers!($write: serialize_i8 i8, serialize_i16 i16, serialize_i32 i32,
            serialize_i64 i64, serialize_i128 i128, serialize_u8 u8, serialize_u16 u16,
            serialize_u32 u32, serialize_u64 u64, serialize_u128 u128, serialize_f32 f32,
            serialize_f64 f64);
    };
    ($write:ident: $($name:ident $t:ident),*) => {$(
        fn $name(self, v: $t) -> Result {
            self.$write(v)
        }
    )*};
}

/// The signed integer methods of a serializer, written by [`Writer::integer`].
macro_rules! integers {
    ($($t:ident $name:ident),*) => {$(
        fn $name(self, v: $t) -> Result {
            self.integer(v < 0, v.unsigned_abs().into());
            Ok(())
        }
    )*};
}

/// The unsigned integer methods of a serializer, written by [`Writer::integer`].
macro_rules! naturals {
    ($($t:ident $name:ident),*) => {$(
        fn $name(self, v: $t) -> Result {
            self.integer(false, v.into());
            Ok(())
        }
    )*};
}

impl<'a> ser::Serializer for &'a mut Writer {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Compound<'a>;
    type SerializeTuple = Compound<'a>;
    type SerializeTupleStruct = Compound<'a>;
    type SerializeTupleVariant = Compound<'a>;
    type SerializeMap = Compound<'a>;
    type SerializeStruct = Compound<'a>;
    type SerializeStructVariant = Compound<'a>;

    fn serialize_bool(self, v: bool) -> Result {
        self.out.push_str(if v { "true" } else { "false" });
        Ok(())
    }
    integers!(i8 serialize_i8, i16 serialize_i16, i32 serialize_i32, i64 serialize_i64);
    naturals!(u8 serialize_u8, u16 serialize_u16, u32 serialize_u32, u64 serialize_u64);
    numbers!(number: serialize_i128 i128, serialize_u128 u128, serialize_f32 f32);
    fn serialize_f64(self, v: f64) -> Result {
        self.float(v)
    }
    fn serialize_char(self, v: char) -> Result {
        self.string(v.encode_utf8(&mut [0; 4]));
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Result {
        self.string(v);
        Ok(())
    }
    fn serialize_bytes(self, v: &[u8]) -> Result {
        use ser::SerializeSeq;
        let mut seq = self.serialize_seq(Some(v.len()))?;
        for b in v {
            seq.serialize_element(b)?;
        }
        seq.end()
    }
    fn serialize_none(self) -> Result {
        self.serialize_unit()
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result {
        self.out.push_str("null");
        Ok(())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result {
        self.serialize_unit()
    }
    fn serialize_unit_variant(self, _name: &'static str, _i: u32, variant: &'static str) -> Result {
        self.string(variant);
        Ok(())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _i: u32,
        variant: &'static str,
        value: &T,
    ) -> Result {
        let mut outer = Compound::new(self, b'{', b'}', None);
        outer.key(variant);
        outer.value(value)?;
        outer.end()
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Compound<'a>> {
        Ok(Compound::new(self, b'[', b']', len))
    }
    fn serialize_tuple(self, len: usize) -> Result<Compound<'a>> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<Compound<'a>> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _i: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Compound<'a>> {
        Ok(self.variant(variant, b'[', b']', len))
    }
    fn serialize_map(self, len: Option<usize>) -> Result<Compound<'a>> {
        Ok(Compound::new(self, b'{', b'}', len))
    }
    fn serialize_struct(self, name: &'static str, len: usize) -> Result<Compound<'a>> {
        let template = self.templates.find(name, self.depth);
        let mut c = Compound::new(self, b'{', b'}', Some(len));
        c.template = template;
        Ok(c)
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _i: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Compound<'a>> {
        Ok(self.variant(variant, b'{', b'}', len))
    }
}

/// The impls of an array-like compound: each element on its own line.
macro_rules! elements {
    ($($trait:ident :: $method:ident => $end:ident),*) => {$(
        impl ser::$trait for Compound<'_> {
            type Ok = ();
            type Error = Error;
            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result {
                self.element(value)
            }
            fn end(self) -> Result {
                self.$end()
            }
        }
    )*};
}

elements!(
    SerializeSeq::serialize_element => end,
    SerializeTuple::serialize_element => end,
    SerializeTupleStruct::serialize_field => end,
    SerializeTupleVariant::serialize_field => end_variant
);

impl ser::SerializeMap for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result {
        if self.has_value {
            self.w.out.push(',');
        }
        self.w.newline();
        key.serialize(KeyWriter(&mut *self.w))?;
        self.w.out.push_str(": ");
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result {
        self.value(value)
    }
    fn end(self) -> Result {
        Compound::end(self)
    }
}

/// The impls of an object-like compound: `"key": value` per field.
macro_rules! fields {
    ($($trait:ident => $end:ident),*) => {$(
        impl ser::$trait for Compound<'_> {
            type Ok = ();
            type Error = Error;
            fn serialize_field<T: Serialize + ?Sized>(
                &mut self,
                key: &'static str,
                value: &T,
            ) -> Result {
                self.key(key);
                self.value(value)
            }
            fn end(self) -> Result {
                self.$end()
            }
        }
    )*};
}

fields!(SerializeStruct => end, SerializeStructVariant => end_variant);

/// A map key: a string, or a number or boolean written as a string, as
/// `serde_json` does; anything else is an error.
struct KeyWriter<'a>(&'a mut Writer);

impl KeyWriter<'_> {
    fn quoted<T: Serialize>(self, v: T) -> Result {
        self.0.out.push('"');
        self.0.number(v)?;
        self.0.out.push('"');
        Ok(())
    }
}

fn key_error<T>() -> Result<T> {
    Err(Error("key must be a string".to_string()))
}

impl ser::Serializer for KeyWriter<'_> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = ser::Impossible<(), Error>;
    type SerializeTuple = ser::Impossible<(), Error>;
    type SerializeTupleStruct = ser::Impossible<(), Error>;
    type SerializeTupleVariant = ser::Impossible<(), Error>;
    type SerializeMap = ser::Impossible<(), Error>;
    type SerializeStruct = ser::Impossible<(), Error>;
    type SerializeStructVariant = ser::Impossible<(), Error>;

    fn serialize_str(self, v: &str) -> Result {
        self.0.string(v);
        Ok(())
    }
    fn serialize_char(self, v: char) -> Result {
        self.0.string(v.encode_utf8(&mut [0; 4]));
        Ok(())
    }
    fn serialize_bool(self, v: bool) -> Result {
        self.0.string(if v { "true" } else { "false" });
        Ok(())
    }
    numbers!(quoted);
    fn serialize_unit_variant(self, _name: &'static str, _i: u32, variant: &'static str) -> Result {
        self.0.string(variant);
        Ok(())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result {
        value.serialize(self)
    }
    fn serialize_bytes(self, _v: &[u8]) -> Result {
        key_error()
    }
    fn serialize_none(self) -> Result {
        key_error()
    }
    fn serialize_some<T: Serialize + ?Sized>(self, _value: &T) -> Result {
        key_error()
    }
    fn serialize_unit(self) -> Result {
        key_error()
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result {
        key_error()
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _i: u32,
        _variant: &'static str,
        _value: &T,
    ) -> Result {
        key_error()
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq> {
        key_error()
    }
    fn serialize_tuple(self, _len: usize) -> Result<Self::SerializeTuple> {
        key_error()
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleStruct> {
        key_error()
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _i: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant> {
        key_error()
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap> {
        key_error()
    }
    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Self::SerializeStruct> {
        key_error()
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _i: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant> {
        key_error()
    }
}

/// Compact JSON's pieces, for the one line of `trf check --format json`
/// ([`super::json::check_line`]): a string written as `serde_json` writes
/// it, through the same scanner as the pretty output.
pub(super) fn compact_string(out: &mut String, s: &str) {
    escape_into(out, s);
}

/// An unsigned integer in decimal, as `serde_json` writes it.
pub(super) fn compact_integer(out: &mut String, v: u64) {
    push_decimal(out, v);
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Serialize;
    use std::collections::BTreeMap;

    #[derive(Serialize)]
    enum E {
        Unit,
        New(u8),
        Tuple(u8, String),
        Struct { a: Option<f64>, b: Vec<u8> },
    }

    #[derive(Serialize)]
    struct Empty {}

    #[derive(Serialize)]
    struct All {
        s: String,
        c: char,
        t: bool,
        f: f64,
        nan: f64,
        neg: i64,
        none: Option<u8>,
        empty_vec: Vec<u8>,
        empty: Empty,
        nested: Vec<Vec<u16>>,
        map: BTreeMap<u32, &'static str>,
        keys: BTreeMap<String, (u8, f32)>,
        enums: Vec<E>,
        unit: (),
    }

    /// Every string byte that JSON treats specially, at every offset of an
    /// eight-byte word, and UTF-8 around it.
    fn hard_strings() -> Vec<String> {
        let mut v = Vec::new();
        for b in (0u8..0x20).chain([b'"', b'\\', 0x7F, b' ', b'!', b'#', b'[', b']']) {
            for pad in 0..10 {
                let mut s = "é".repeat(pad % 3) + &"x".repeat(pad);
                s.push(char::from(b));
                s.push_str("ü\u{2028}end");
                v.push(s);
            }
        }
        v
    }

    #[test]
    fn writes_what_serde_json_writes() {
        let all = All {
            s: "a \"quoted\" \\ line\nand\ttab\u{1}\u{1f}ok".to_string(),
            c: '"',
            t: true,
            f: 2.44,
            nan: f64::NAN,
            neg: -57,
            none: None,
            empty_vec: vec![],
            empty: Empty {},
            nested: vec![vec![], vec![1, 2], vec![3]],
            map: [(1, "one"), (20, "twenty")].into_iter().collect(),
            keys: [("k\"ey".to_string(), (1, 0.5))].into_iter().collect(),
            enums: vec![
                E::Unit,
                E::New(3),
                E::Tuple(4, "x".into()),
                E::Tuple(5, String::new()),
                E::Struct {
                    a: Some(1e21),
                    b: vec![],
                },
                E::Struct {
                    a: None,
                    b: vec![7],
                },
            ],
            unit: (),
        };
        let expected = serde_json::to_string_pretty(&all).unwrap_or_default();
        assert_eq!(to_string(&all, 0), expected);
        let strings = hard_strings();
        assert_eq!(
            to_string(&strings, 16),
            serde_json::to_string_pretty(&strings).unwrap_or_default()
        );
        // Deeper than the one-copy indentation (32 levels).
        let mut deep = serde_json::json!([1, {"k": []}]);
        for _ in 0..34 {
            deep = serde_json::json!([deep, {}]);
        }
        assert_eq!(
            to_string(&deep, 0),
            serde_json::to_string_pretty(&deep).unwrap_or_default()
        );
    }

    #[derive(Serialize)]
    struct Ints {
        a: i8,
        b: i16,
        c: i32,
        d: i64,
        e: u8,
        f: u16,
        g: u32,
        h: u64,
        i: i128,
        j: u128,
        list: Vec<i64>,
    }

    /// A struct that holds itself: the same keys at every depth, more
    /// (key, depth) pairs than the key cache has slots, and a key that
    /// needs escaping.
    #[derive(Serialize)]
    struct Nest {
        level: u32,
        #[serde(rename = "we\"ird\\key\n\u{1}é")]
        weird: bool,
        ints: Option<Ints>,
        inner: Option<Box<Nest>>,
        all: Vec<E>,
    }

    fn nest(level: u32) -> Nest {
        Nest {
            level,
            weird: level % 2 == 0,
            ints: (level % 3 == 0).then(|| Ints {
                a: i8::MIN,
                b: i16::MAX,
                c: -1,
                d: i64::MIN,
                e: u8::MAX,
                f: 0,
                g: 10,
                h: u64::MAX,
                i: i128::MIN,
                j: u128::MAX,
                list: vec![0, -9, 10, 99, 100, -1000, i64::MAX, 1_000_000_007],
            }),
            inner: (level < 40).then(|| Box::new(nest(level + 1))),
            all: if level % 4 == 0 {
                vec![E::Struct {
                    a: Some(-0.25),
                    b: vec![1],
                }]
            } else {
                Vec::new()
            },
        }
    }

    #[test]
    fn integers_and_keys_at_every_depth_as_serde_json() {
        let n = nest(0);
        assert_eq!(
            to_string(&n, 0),
            serde_json::to_string_pretty(&n).unwrap_or_default()
        );
        let all: Vec<Nest> = (0..3).map(nest).collect();
        assert_eq!(
            to_string(&all, 64),
            serde_json::to_string_pretty(&all).unwrap_or_default()
        );
    }

    #[test]
    fn every_escape_position_against_the_last_word() {
        // Strings of every length up to 24 with one escaped byte at every
        // position (after a clean prefix, an escape right before the last
        // word, or two escapes close together).
        let mut v = Vec::new();
        for len in 0..24usize {
            for at in 0..len {
                for b in [b'"', b'\\', b'\n', 0x1F, b'a'] {
                    let mut s: Vec<u8> = (0..len).map(|k| b'a' + (k % 26) as u8).collect();
                    s[at] = b;
                    if at + 2 < len {
                        s[at + 2] = b'"';
                    }
                    v.push(String::from_utf8(s).unwrap_or_default());
                }
            }
        }
        assert_eq!(
            to_string(&v, 0),
            serde_json::to_string_pretty(&v).unwrap_or_default()
        );
    }

    /// A float as the writer writes it.
    fn float(v: f64) -> String {
        let mut w = Writer::new(0);
        let _ = w.float(v);
        w.finish()
    }

    #[test]
    fn every_hundredth_as_serde_json_writes_it() {
        // Every figure of two decimals up to ±10,000, then a sample of
        // the larger ones up to where `serde_json` is left to write them.
        let near = -1_000_000..=1_000_000_i64;
        let far = (-1_100_000_000_000_000_i64..=1_100_000_000_000_000).step_by(99_999_999_977);
        for h in near.chain(far) {
            let v = h as f64 / 100.0;
            assert_eq!(
                float(v),
                serde_json::to_string(&v).unwrap_or_default(),
                "{h} hundredths"
            );
        }
    }

    #[test]
    fn other_floats_as_serde_json_writes_them() {
        let mut values = vec![
            0.0,
            -0.0,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::MIN,
            f64::MAX,
            f64::MIN_POSITIVE,
            f64::EPSILON,
            0.1 + 0.2,
            1e21,
            1e-7,
            9_999_999_999.995,
            10_000_000_000.0,
            123_456_789_012.34,
            -0.005,
            0.004_999,
            1.0 / 3.0,
            2.0_f64.powi(53),
        ];
        // Neighbours of figures: one step of the double away.
        for h in [1_i64, 5, 244, -57, 99, 100, 12_345, 999_999_999_999] {
            let v = h as f64 / 100.0;
            values.push(f64::from_bits(v.to_bits() + 1));
            values.push(f64::from_bits(v.to_bits() - 1));
        }
        let mut x = 0x2545_f491_4f6c_dd1d_u64;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            values.push(f64::from_bits(x));
            values.push((x % 2_000_000_000) as f64 / 1000.0 - 1e6);
        }
        for v in values {
            assert_eq!(
                float(v),
                serde_json::to_string(&v).unwrap_or_default(),
                "{v:?}"
            );
        }
    }

    #[derive(Serialize)]
    struct Skips {
        a: u8,
        #[serde(skip_serializing_if = "Option::is_none")]
        b: Option<u8>,
        c: Vec<Skips>,
    }

    mod one {
        #[derive(serde::Serialize)]
        pub(super) struct Same {
            pub(super) p: u8,
        }
    }

    mod other {
        #[derive(serde::Serialize)]
        pub(super) struct Same {
            pub(super) q: u8,
            pub(super) p: u8,
        }
    }

    #[test]
    fn struct_templates_with_skipped_fields_and_shared_names() {
        // A field present in some values only, first absent then present
        // and the other way round, and two struct types of one name.
        let skips = |b: Option<u8>, c: Vec<Skips>| Skips { a: 1, b, c };
        let v = vec![
            skips(None, vec![skips(Some(2), vec![]), skips(None, vec![])]),
            skips(Some(3), vec![skips(None, vec![]), skips(Some(4), vec![])]),
            skips(None, vec![]),
            skips(Some(5), vec![]),
        ];
        assert_eq!(
            to_string(&v, 0),
            serde_json::to_string_pretty(&v).unwrap_or_default()
        );
        let same = (
            vec![one::Same { p: 1 }, one::Same { p: 2 }],
            vec![other::Same { q: 3, p: 4 }],
            one::Same { p: 5 },
        );
        assert_eq!(
            to_string(&same, 0),
            serde_json::to_string_pretty(&same).unwrap_or_default()
        );
    }

    #[test]
    fn strings_met_again_as_serde_json_writes_them() {
        // A pool of long strings, clean and not, of lengths around the
        // shortest remembered, written many times in a scrambled order:
        // more strings than slots, so that slots change hands.
        let pool: Vec<String> = (0..3000usize)
            .map(|k| {
                let mut s = format!("note {k}: ").repeat(1 + k % 9);
                s.truncate(12 + k % 80);
                match k % 7 {
                    0 => s.push('"'),
                    1 => s.insert(3, '\n'),
                    2 => s.push_str("Łukasiewicz"),
                    _ => {}
                }
                s
            })
            .collect();
        let mut x = 0x9E37_79B9_u64;
        let v: Vec<&String> = (0..40_000)
            .map(|k| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                // Most from a few hot strings, the rest from all.
                let i = if k % 3 == 0 { x % 3000 } else { x % 40 };
                &pool[i as usize]
            })
            .collect();
        assert_eq!(
            to_string(&v, 0),
            serde_json::to_string_pretty(&v).unwrap_or_default()
        );
    }

    #[test]
    fn decimals_as_itoa_writes_them() {
        let mut values: Vec<u64> = (0..=100_000).collect();
        for k in 1..=19 {
            let p = 10_u64.pow(k);
            values.extend([p - 1, p, p + 1, p / 3, p / 7 * 5]);
        }
        values.extend([u64::MAX, u64::MAX - 1, u64::MAX / 10]);
        for v in values {
            let mut s = String::new();
            push_decimal(&mut s, v);
            assert_eq!(s, v.to_string());
        }
    }

    #[test]
    fn a_key_that_is_not_a_string_is_refused() {
        let m: BTreeMap<Vec<u8>, u8> = [(vec![1], 1)].into_iter().collect();
        assert_eq!(to_string(&m, 0), "");
        assert!(serde_json::to_string_pretty(&m).is_err());
    }
}
