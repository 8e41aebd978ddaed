//! JSON values written into bytes, for the large output of `trf rate
//! --format json` ([`super::rate_json`]): what `serde_json` writes for
//! them, byte for byte.
//!
//! Why bytes and not a `String`: a number or a short string is computed
//! into a fixed-size word and written in one copy of a known length, then
//! the write position moves on by the value's length (the bytes after it
//! are written over by what follows, or cut at the end). A `String`
//! takes only `str` pieces, so each digit group or string had to be its
//! own copy of its own length (a `memcpy` call, or one branch per length).
//! Every byte written here is ASCII or a whole `str`, so the output is
//! UTF-8; the command writes the bytes as they are, and the library's
//! [`super::json::rating`] checks them once when it makes them a `String`.

use super::pretty;

/// The largest value [`Bytes::natural`] writes as one word of digits.
const EIGHT_DIGITS: u64 = 100_000_000;

/// Largest magnitude, in hundredths, written as its two decimals here;
/// beyond it `serde_json` writes the double (as the summary's figures do:
/// see `pretty::two_decimals`).
const TWO_DECIMALS_MAX: u64 = 1_000_000_000_000;

/// `.00` to `.99`, padded to four bytes: a figure's point and decimals as
/// one copy (the first two bytes alone for a whole tenth: `.5`).
static DECIMALS: [[u8; 4]; 100] = {
    let mut t = [[0u8; 4]; 100];
    let mut v = 0;
    while v < 100 {
        t[v] = [b'.', b'0' + (v / 10) as u8, b'0' + (v % 10) as u8, b' '];
        v += 1;
    }
    t
};

/// The eight decimal digits of `v` (below 10^8), as values 0 to 9, one a
/// byte, the most significant in the lowest byte (first in memory): the
/// two groups of four digits, each split in two pairs and each pair in
/// two digits, all lanes at once by multiplications that divide exactly
/// in their range (x × 10,486 / 2^20 is x / 100 below 10^4, x × 103 /
/// 2^10 is x / 10 below 100).
#[inline(always)]
fn digit_lanes(v: u64) -> u64 {
    let groups = (v / 10_000) | ((v % 10_000) << 32);
    let hundreds = ((groups * 10_486) >> 20) & 0x0000_007F_0000_007F;
    let pairs = hundreds | ((groups - hundreds * 100) << 16);
    let tens = ((pairs * 103) >> 10) & 0x000F_000F_000F_000F;
    tens | ((pairs - tens * 10) << 8)
}

/// The ASCII of a byte lane of digits 0 to 9.
const ZEROS: u64 = 0x3030_3030_3030_3030;

/// Numbers below this are written from a table ([`SMALL`],
/// [`SMALL_HUNDREDTHS`]): one load and one copy.
const SMALL_END: u64 = 10_000;

/// A word of a table: the text in its low bytes, its length in the top
/// byte.
const fn table_word(text: &[u8]) -> u64 {
    let mut w = (text.len() as u64) << 56;
    let mut i = 0;
    while i < text.len() {
        w |= (text[i] as u64) << (8 * i);
        i += 1;
    }
    w
}

/// The text of `v` (below 10,000) in decimal, into `to`; its length.
const fn small_text(v: usize, to: &mut [u8; 8], from: usize) -> usize {
    let mut n = from;
    if v >= 1000 {
        to[n] = b'0' + (v / 1000) as u8;
        n += 1;
    }
    if v >= 100 {
        to[n] = b'0' + (v / 100 % 10) as u8;
        n += 1;
    }
    if v >= 10 {
        to[n] = b'0' + (v / 10 % 10) as u8;
        n += 1;
    }
    to[n] = b'0' + (v % 10) as u8;
    n + 1
}

/// The numbers 0 to 9,999 in decimal, each a [`table_word`].
static SMALL: [u64; SMALL_END as usize] = {
    let mut t = [0u64; SMALL_END as usize];
    let mut v = 0;
    while v < SMALL_END as usize {
        let mut text = [0u8; 8];
        let n = small_text(v, &mut text, 0);
        t[v] = table_word(text.split_at(n).0);
        v += 1;
    }
    t
};

/// The figures 0.00 to 99.99 (0 to 9,999 hundredths) as the summary
/// writes them, each a [`table_word`]: a whole one as an integer (`3`),
/// else its two decimals without a trailing zero (`0.05`, `2.1`, `99.99`).
static SMALL_HUNDREDTHS: [u64; SMALL_END as usize] = {
    let mut t = [0u64; SMALL_END as usize];
    let mut h = 0;
    while h < SMALL_END as usize {
        let mut text = [0u8; 8];
        let mut n = small_text(h / 100, &mut text, 0);
        let f = h % 100;
        if f != 0 {
            text[n] = b'.';
            text[n + 1] = b'0' + (f / 10) as u8;
            n += 2;
            if f % 10 != 0 {
                text[n] = b'0' + (f % 10) as u8;
                n += 1;
            }
        }
        t[h] = table_word(text.split_at(n).0);
        h += 1;
    }
    t
};

/// The digits of `v` (below 10^8) without leading zeros, at the start of
/// a word, and how many there are (zero has one).
#[inline(always)]
fn short_word(v: u64) -> ([u8; 8], usize) {
    let lanes = digit_lanes(v);
    // Leading zero digits are the low zero bytes.
    let zeros = (lanes.trailing_zeros() / 8).min(7) as usize;
    (((lanes >> (8 * zeros)) | ZEROS).to_le_bytes(), 8 - zeros)
}

/// The four digits of `v` (below 10^4), leading zeros included: as
/// [`digit_lanes`] for one group (x × 5,243 / 2^19 is x / 100 below 10^4).
#[inline(always)]
fn four_digits(v: u64) -> [u8; 4] {
    let hundreds = (v * 5_243) >> 19;
    let pairs = hundreds | ((v - hundreds * 100) << 16);
    let tens = ((pairs * 103) >> 10) & 0x000F_000F;
    let digits = tens | ((pairs - tens * 10) << 8);
    ((digits as u32) | 0x3030_3030).to_le_bytes()
}

/// The eight digits of `v` (below 10^8), leading zeros included.
#[inline(always)]
fn full_word(v: u64) -> [u8; 8] {
    (digit_lanes(v) | ZEROS).to_le_bytes()
}

/// Where the writers below put their bytes: the whole output ([`Bytes`],
/// grown as needed) or a window of it of a known size ([`Win`]).
///
/// Why two: a `Vec` checks its capacity and stores its length at every
/// piece, about 30 pieces a player. A window is a fixed-size slice of an
/// output already filled with zeros, written at a local offset: one
/// check of room a player, and the pieces' bounds are against a constant.
pub(super) trait Sink {
    /// Text written as is (brackets, newlines, indentation, keys).
    fn put(&mut self, s: &[u8]);

    /// The first `len` bytes of `word` (`len` at most `N`), in one copy of
    /// `N` bytes: the bytes after `len` are written over by what follows,
    /// or cut at the end.
    fn padded<const N: usize>(&mut self, word: &[u8; N], len: usize);

    /// The text of a [`table_word`].
    #[inline(always)]
    fn word(&mut self, word: u64) {
        self.padded(&word.to_le_bytes(), (word >> 56) as usize);
    }

    /// An unsigned integer in decimal, as `serde_json` (and `itoa`) writes
    /// it: below 10^8 (nearly every number of a summary) one word of
    /// digits without its leading zeros.
    #[inline(always)]
    fn natural(&mut self, v: u64) {
        if let Some(&word) = SMALL.get(v as usize) {
            self.word(word);
        } else if v < EIGHT_DIGITS {
            // The leading one to four digits from the table, then the last
            // four with their zeros (a FIDE ID of eight digits).
            let high = v / SMALL_END;
            if let Some(&word) = SMALL.get(high as usize) {
                self.word(word);
            }
            self.padded(&four_digits(v % SMALL_END), 4);
        } else {
            self.large(v);
        }
    }

    /// [`Sink::natural`] of 10^8 or more (no player's number): the
    /// leading digits, then each further eight, zeros included.
    #[cold]
    #[inline(never)]
    fn large(&mut self, v: u64) {
        let high = v / EIGHT_DIGITS;
        if high < EIGHT_DIGITS {
            let (word, len) = short_word(high);
            self.padded(&word, len);
        } else {
            // u64::MAX / 10^16 is below 10^4.
            let (word, len) = short_word(high / EIGHT_DIGITS);
            self.padded(&word, len);
            self.put(&full_word(high % EIGHT_DIGITS));
        }
        self.put(&full_word(v % EIGHT_DIGITS));
    }

    /// A signed integer in decimal.
    #[inline(always)]
    fn integer(&mut self, v: i64) {
        if v < 0 {
            self.put(b"-");
        }
        self.natural(v.unsigned_abs());
    }

    /// A figure of hundredths as the summary's `serialize_with` function
    /// (`rating::pass::summary::hundredths`) writes it through
    /// `serde_json`: a whole value as an integer, else the double nearest
    /// to `h / 100`, whose shortest decimal is the two decimals of `h`
    /// (trailing zero dropped) below [`TWO_DECIMALS_MAX`]; beyond it the
    /// double by `serde_json` itself. Below 100 in magnitude (most
    /// figures) from [`SMALL_HUNDREDTHS`].
    #[inline(always)]
    fn hundredths(&mut self, h: i64) {
        let a = h.unsigned_abs();
        match SMALL_HUNDREDTHS.get(a as usize) {
            Some(&word) => {
                if h < 0 {
                    self.put(b"-");
                }
                self.word(word);
            }
            None => self.large_hundredths(h),
        }
    }

    /// [`Sink::hundredths`] of 100 or more in magnitude.
    #[inline(never)]
    fn large_hundredths(&mut self, h: i64) {
        let a = h.unsigned_abs();
        if h % 100 == 0 {
            self.integer(h / 100);
        } else if a < TWO_DECIMALS_MAX {
            if h < 0 {
                self.put(b"-");
            }
            self.natural(a / 100);
            self.decimals((a % 100) as usize);
        } else {
            // |h| far below 2^53 for any rating figure: as the summary casts.
            #[allow(clippy::cast_precision_loss)]
            let v = h as f64 / 100.0;
            let mut text = Vec::new();
            let _ = serde_json::to_writer(&mut text, &v);
            self.put(&text);
        }
    }

    /// The point and the decimals of `f` hundredths (1 to 99): `.44`, or
    /// `.5` for 50.
    #[inline(always)]
    fn decimals(&mut self, f: usize) {
        let len = if f % 10 == 0 { 2 } else { 3 };
        if let Some(word) = DECIMALS.get(f) {
            self.padded(word, len);
        }
    }

    /// Half-points as the summary's `half_points` writes them: a whole
    /// score as an integer, else the half (`3.5`), which is `h × 50`
    /// hundredths.
    #[inline(always)]
    fn half_points(&mut self, h: u32) {
        match SMALL_HUNDREDTHS.get(h as usize * 50) {
            Some(&word) => self.word(word),
            None => {
                self.natural(u64::from(h / 2));
                if h % 2 == 1 {
                    self.decimals(50);
                }
            }
        }
    }

    /// A JSON string met once (a player's name): quoted, with
    /// `serde_json`'s escapes. One of 8 to 32 bytes that needs none (the
    /// usual name) is looked at and copied as its first and last eight or
    /// sixteen bytes (overlapping), without a loop or a `memcpy` call.
    #[inline(always)]
    fn string(&mut self, s: &str) {
        let b = s.as_bytes();
        let n = b.len();
        if n >= 16 {
            if let (Some(first), Some(last)) = (
                b.first_chunk::<16>(),
                b.get(n.saturating_sub(16)..)
                    .and_then(|l| l.first_chunk::<16>()),
            ) {
                if n <= 32 && pretty::clean(first) & pretty::clean(last) {
                    let mut word = [b'"'; 34];
                    word[1..17].copy_from_slice(first);
                    if let Some(to) = word.get_mut(n - 15..=n) {
                        to.copy_from_slice(last);
                    }
                    return self.padded(&word, n + 2);
                }
            }
        } else if n >= 8 {
            if let (Some(first), Some(last)) = (
                b.first_chunk::<8>(),
                b.get(n - 8..).and_then(|l| l.first_chunk::<8>()),
            ) {
                if pretty::escapes_in(first) | pretty::escapes_in(last) == 0 {
                    let mut word = [b'"'; 18];
                    word[1..9].copy_from_slice(first);
                    if let Some(to) = word.get_mut(n - 7..=n) {
                        to.copy_from_slice(last);
                    }
                    return self.padded(&word, n + 2);
                }
            }
        }
        self.any_string(s);
    }

    /// A string of any length: one copy when nothing needs escaping,
    /// else `serde_json`'s escapes ([`pretty::compact_string`]); whether
    /// it needed none.
    #[inline(never)]
    fn any_string(&mut self, s: &str) -> bool {
        if pretty::first_escape(s.as_bytes(), 0) == s.len() {
            self.put(b"\"");
            self.put(s.as_bytes());
            self.put(b"\"");
            true
        } else {
            let mut escaped = String::with_capacity(s.len() + 16);
            pretty::compact_string(&mut escaped, s);
            self.put(escaped.as_bytes());
            false
        }
    }
}

/// The pretty JSON being written, as bytes, with what it has learnt of
/// the strings it wrote.
///
/// `out` is filled with zeros beyond what was written (`pos`): a window
/// ([`Bytes::window`]) is a slice of it, written without a length to
/// keep. Its first allocation comes zeroed from the allocator (fresh
/// pages, not written twice); the end is cut off by [`Bytes::finish`].
pub(super) struct Bytes {
    out: Vec<u8>,
    pos: usize,
    lasting: LastingStrings,
}

/// The size of a window ([`Bytes::window`]): a player's object but its
/// notes, with a name of up to 64 bytes, is at most about 800 bytes.
pub(super) const WIN: usize = 1024;

impl Bytes {
    /// An empty output with room for `capacity` bytes.
    ///
    /// A large output (from [`ZEROED_AT`]) is allocated zeroed at once:
    /// memory of that size comes fresh from the system, zeroed, and the
    /// allocator does not write it again. A smaller one may reuse freed
    /// memory, which the allocator would clear with `rep stosb` (counted
    /// by callgrind a byte an instruction): its zeros are written as they
    /// are needed, by [`grow`].
    pub(super) fn new(capacity: usize) -> Self {
        let out = if capacity >= ZEROED_AT {
            vec![0; capacity]
        } else {
            Vec::with_capacity(capacity)
        };
        Bytes {
            out,
            pos: 0,
            lasting: LastingStrings::default(),
        }
    }

    /// The bytes written.
    pub(super) fn finish(mut self) -> Vec<u8> {
        self.out.truncate(self.pos);
        self.out
    }

    /// Where the next byte will be written: with [`Bytes::since`], the
    /// text written from here, to be copied again as one run.
    pub(super) fn mark(&self) -> usize {
        self.pos
    }

    /// The bytes written since `mark`.
    pub(super) fn since(&self, mark: usize) -> &[u8] {
        self.out.get(mark..self.pos).unwrap_or_default()
    }

    /// What `w` wrote (a part of the output written by the serializer),
    /// moved here; `w` is left empty for the next part.
    pub(super) fn take(&mut self, w: &mut pretty::Writer) {
        self.put(w.take().as_bytes());
    }

    /// The next [`WIN`] bytes of the output, to be written by a [`Win`]
    /// and kept by [`Bytes::advance`]: `None` only if they cannot be had.
    #[inline(always)]
    pub(super) fn window(&mut self) -> Option<Win<'_>> {
        if self.out.len() < self.pos + WIN {
            grow(&mut self.out, self.pos, WIN);
        }
        let buf = self.out.get_mut(self.pos..)?.first_chunk_mut::<WIN>()?;
        Some(Win { buf, at: 0 })
    }

    /// Keeps the `n` bytes a window wrote ([`Win::end`]).
    #[inline(always)]
    pub(super) fn advance(&mut self, n: usize) {
        self.pos += n;
    }

    /// A string of the value being written that lives as long as the
    /// output's use (a note of the summary, shared by many players): a
    /// string at an address and length met before and found clean is
    /// copied without a look at its bytes. Only for strings borrowed for
    /// the whole output, whose address no other text can take while it is
    /// written.
    pub(super) fn lasting_string(&mut self, s: &str) {
        let key = (s.as_ptr() as usize, s.len());
        let slot = LastingStrings::slot(key);
        if let Some((known, quoted)) = self.lasting.slots.get(slot) {
            if *known == key {
                // The quoted text kept: one copy.
                put_to(&mut self.out, &mut self.pos, quoted);
                return;
            }
        }
        let mark = self.pos;
        if self.any_string(s) {
            let quoted = self.since(mark).to_vec();
            self.lasting.remember(slot, key, quoted);
        }
    }
}

/// [`Sink::put`] of [`Bytes`], on its fields (so that a text it holds can
/// be written): one test of room on the usual path, the slice after
/// `pos` then its first `s.len()` bytes (of the length the copy needs).
#[inline(always)]
fn put_to(out: &mut Vec<u8>, pos: &mut usize, s: &[u8]) {
    match out.get_mut(*pos..).and_then(|rest| rest.get_mut(..s.len())) {
        Some(to) => to.copy_from_slice(s),
        None => grow_put(out, *pos, s),
    }
    *pos += s.len();
}

/// `s` written at `pos` after growing `out` ([`grow`]).
#[cold]
#[inline(never)]
fn grow_put(out: &mut Vec<u8>, pos: usize, s: &[u8]) {
    grow(out, pos, s.len());
    if let Some(to) = out.get_mut(pos..).and_then(|rest| rest.get_mut(..s.len())) {
        to.copy_from_slice(s);
    }
}

/// Room for `n` more bytes after `pos` in `out`: zeros added to its
/// length, [`ZERO_STEP`] bytes at a time (or up to `pos + n`), within its
/// capacity; beyond the capacity, the capacity at least doubled (which
/// copies what was written: the first size should be right).
#[cold]
#[inline(never)]
fn grow(out: &mut Vec<u8>, pos: usize, n: usize) {
    let target = (pos + n).max(out.len() + ZERO_STEP);
    if target > out.capacity() {
        out.reserve(target.max(2 * out.capacity()) - out.len());
    }
    while out.len() < target {
        let next = (out.len() + ZERO_STEP).min(target);
        out.resize(next, 0);
    }
}

/// The zeros [`grow`] adds at a time: below glibc's threshold for
/// `rep stosb` (2,048 bytes), so that `memset` writes them with vector
/// stores.
const ZERO_STEP: usize = 1920;

/// From this size ([`Bytes::new`]) the output is allocated zeroed.
const ZEROED_AT: usize = 4 << 20;

impl Sink for Bytes {
    #[inline(always)]
    fn put(&mut self, s: &[u8]) {
        put_to(&mut self.out, &mut self.pos, s);
    }

    #[inline(always)]
    fn padded<const N: usize>(&mut self, word: &[u8; N], len: usize) {
        match self
            .out
            .get_mut(self.pos..)
            .and_then(|rest| rest.first_chunk_mut::<N>())
        {
            Some(to) => *to = *word,
            None => grow_put(&mut self.out, self.pos, word),
        }
        self.pos += len;
    }
}

/// [`WIN`] bytes of the output after what was written ([`Bytes::window`]),
/// written from their start: the offset is a local, each piece's bounds a
/// compare with a constant. What does not fit is not written, and
/// [`Win::end`] says so: the caller writes the same again to the output.
pub(super) struct Win<'a> {
    buf: &'a mut [u8; WIN],
    at: usize,
}

impl Win<'_> {
    /// How many bytes were written, if they all fit.
    #[inline(always)]
    pub(super) fn end(self) -> Option<usize> {
        (self.at <= WIN).then_some(self.at)
    }
}

impl Sink for Win<'_> {
    #[inline(always)]
    fn put(&mut self, s: &[u8]) {
        if let Some(to) = self.buf.get_mut(self.at..self.at + s.len()) {
            to.copy_from_slice(s);
        } else {
            // Out of the window: `end` gives `None`.
            self.at = WIN + 1;
        }
        self.at += s.len();
    }

    #[inline(always)]
    fn padded<const N: usize>(&mut self, word: &[u8; N], len: usize) {
        if let Some(to) = self
            .buf
            .get_mut(self.at..)
            .and_then(|o| o.first_chunk_mut::<N>())
        {
            *to = *word;
        } else {
            self.at = WIN + 1;
        }
        self.at += len;
    }
}

/// The (address, length) of lasting strings found clean
/// ([`Bytes::lasting_string`]), with their quoted text, direct-mapped: a
/// rating summary's notes are a few shared texts held by thousands of
/// players, each met again at the same address.
#[derive(Default)]
struct LastingStrings {
    slots: Vec<((usize, usize), Vec<u8>)>,
}

impl LastingStrings {
    /// Slots (a power of two).
    const SLOTS: usize = 256;

    fn slot((address, len): (usize, usize)) -> usize {
        let mixed = (address ^ len.rotate_right(16)) as u64;
        (mixed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - Self::SLOTS.trailing_zeros())) as usize
    }

    fn remember(&mut self, slot: usize, key: (usize, usize), quoted: Vec<u8>) {
        if self.slots.is_empty() {
            // No string lives at address 0.
            self.slots.resize(Self::SLOTS, ((0, 0), Vec::new()));
        }
        if let Some(s) = self.slots.get_mut(slot) {
            *s = (key, quoted);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn written(write: impl FnOnce(&mut Bytes)) -> String {
        let mut b = Bytes::new(0);
        write(&mut b);
        String::from_utf8(b.finish()).unwrap_or_else(|e| format!("not UTF-8: {e}"))
    }

    /// What `write` writes through a window ([`Win`]) of an output that
    /// holds a few bytes before it (written over nothing, as a player's
    /// window after the previous player), or `None` if it did not fit.
    fn written_in_window(write: impl FnOnce(&mut Win<'_>)) -> Option<String> {
        let mut b = Bytes::new(0);
        b.put(b"ab");
        let mut w = b.window()?;
        write(&mut w);
        let n = w.end()?;
        b.advance(n);
        let text = String::from_utf8(b.finish()).unwrap_or_else(|e| format!("not UTF-8: {e}"));
        Some(
            text.strip_prefix("ab")
                .unwrap_or("missing start")
                .to_owned(),
        )
    }

    /// An output allocated zeroed (large) and one whose zeros are added as
    /// needed (small), each grown past its capacity, through the output
    /// and through windows: the same text.
    #[test]
    fn outputs_of_both_sizes_grow_alike() {
        for capacity in [0, 1000, ZEROED_AT] {
            let mut b = Bytes::new(capacity);
            let mut expected = String::new();
            for v in 0..700_000u64 {
                if v % 3 == 0 {
                    let Some(mut w) = b.window() else {
                        panic!("no window at {v}");
                    };
                    w.natural(v);
                    w.put(b",");
                    let Some(n) = w.end() else {
                        panic!("window overflowed at {v}");
                    };
                    b.advance(n);
                } else {
                    b.natural(v);
                    b.put(b",");
                }
                expected.push_str(&v.to_string());
                expected.push(',');
            }
            assert_eq!(
                String::from_utf8(b.finish()).ok(),
                Some(expected),
                "{capacity}"
            );
        }
    }

    /// A window too small for what is written says so, and then keeps
    /// nothing of it.
    #[test]
    fn a_window_overflowed_is_refused() {
        let long = "x".repeat(WIN + 1);
        assert_eq!(written_in_window(|w| w.put(long.as_bytes())), None);
        assert_eq!(written_in_window(|w| w.string(&long)), None);
        let exact = "x".repeat(WIN);
        assert_eq!(
            written_in_window(|w| w.put(exact.as_bytes())),
            Some(exact.clone())
        );
        let fits = "x".repeat(WIN - 2);
        assert_eq!(
            written_in_window(|w| w.string(&fits)),
            Some(format!("\"{fits}\""))
        );
        // Numbers past the window's end.
        let many = written_in_window(|w| {
            for v in 0..200u64 {
                w.natural(v * 123_457);
            }
        });
        assert_eq!(many, None);
    }

    #[test]
    fn naturals_as_itoa_writes_them() {
        let mut values: Vec<u64> = (0..=200_000).collect();
        values.extend((0..2_000_000_000).step_by(9_973));
        for k in 1..=19 {
            let p = 10_u64.pow(k);
            values.extend([p - 1, p, p + 1, p / 3, p / 7 * 5]);
        }
        values.extend([
            u64::MAX,
            u64::MAX - 1,
            u64::MAX / 10,
            99_999_999,
            100_000_000,
        ]);
        for v in values {
            assert_eq!(written(|b| b.natural(v)), v.to_string());
            assert_eq!(written_in_window(|b| b.natural(v)), Some(v.to_string()));
        }
    }

    #[test]
    fn four_digits_with_their_zeros() {
        for v in 0..10_000u64 {
            assert_eq!(four_digits(v), *format!("{v:04}").as_bytes(), "{v}");
        }
    }

    #[test]
    fn integers_as_itoa_writes_them() {
        let mut values: Vec<i64> = (-100_000..=100_000).collect();
        for k in 1..=18 {
            let p = 10_i64.pow(k);
            values.extend([p - 1, p, p + 1, -p + 1, -p, -p - 1]);
        }
        values.extend([i64::MIN, i64::MIN + 1, i64::MAX, i64::MAX - 1]);
        for v in values {
            assert_eq!(written(|b| b.integer(v)), v.to_string());
            assert_eq!(written_in_window(|b| b.integer(v)), Some(v.to_string()));
        }
    }

    /// What the summary's `serialize_with` writes through `serde_json`.
    fn serde_hundredths(h: i64) -> String {
        if h % 100 == 0 {
            (h / 100).to_string()
        } else {
            serde_json::to_string(&(h as f64 / 100.0)).unwrap_or_default()
        }
    }

    #[test]
    fn hundredths_as_serde_json_writes_them() {
        let near = -1_000_000..=1_000_000_i64;
        let far = (-1_100_000_000_000_000_i64..=1_100_000_000_000_000).step_by(99_999_999_977);
        let edges = [
            i64::MIN,
            i64::MIN + 1,
            i64::MAX,
            -999_999_999_999,
            999_999_999_999,
            1_000_000_000_000,
            -1_000_000_000_001,
            9_999_999_999,
            10_000_000_001,
        ];
        for h in near.chain(far).chain(edges) {
            assert_eq!(written(|b| b.hundredths(h)), serde_hundredths(h), "{h}");
            assert_eq!(
                written_in_window(|b| b.hundredths(h)),
                Some(serde_hundredths(h)),
                "{h}"
            );
        }
    }

    #[test]
    fn half_points_as_serde_json_writes_them() {
        let values = (0..=100_000).chain([u32::MAX, u32::MAX - 1, 1 << 31]);
        for h in values {
            let expected = if h % 2 == 0 {
                (h / 2).to_string()
            } else {
                serde_json::to_string(&(f64::from(h) / 2.0)).unwrap_or_default()
            };
            assert_eq!(written(|b| b.half_points(h)), expected, "{h}");
            assert_eq!(
                written_in_window(|b| b.half_points(h)),
                Some(expected),
                "{h}"
            );
        }
    }

    /// Every length to 40 with every byte JSON escapes at every place, and
    /// UTF-8 around it.
    #[test]
    fn strings_of_every_length_as_serde_json_writes_them() {
        for len in 0..40usize {
            let clean: String = (0..len)
                .map(|k| char::from(b'a' + (k % 26) as u8))
                .collect();
            let mut all = vec![clean.clone()];
            for at in 0..len {
                for b in [b'"', b'\\', b'\n', 0x1F, 0x7F, 0] {
                    let mut s = clean.clone().into_bytes();
                    s[at] = b;
                    all.push(String::from_utf8(s).unwrap_or_default());
                }
            }
            all.push("é".repeat(len / 2) + &"x".repeat(len % 2));
            for s in all {
                let expected = serde_json::to_string(&s).unwrap_or_default();
                assert_eq!(written(|b| b.string(&s)), expected, "{s:?}");
                assert_eq!(written(|b| b.lasting_string(&s)), expected, "{s:?}");
                assert_eq!(written_in_window(|b| b.string(&s)), Some(expected), "{s:?}");
            }
        }
    }

    proptest! {
        #[test]
        fn any_string_as_serde_json_writes_it(s in any::<String>()) {
            let expected = serde_json::to_string(&s).unwrap_or_default();
            prop_assert_eq!(written(|b| b.string(&s)), expected.clone());
            if expected.len() <= WIN {
                prop_assert_eq!(written_in_window(|b| b.string(&s)), Some(expected.clone()));
            }
            // Met twice at one address: the second time from the cache.
            prop_assert_eq!(
                written(|b| { b.lasting_string(&s); b.lasting_string(&s) }),
                expected.repeat(2)
            );
        }

        #[test]
        fn short_strings_as_serde_json_writes_them(s in "[ -~\\x00-\\x1fé象]{0,40}") {
            let expected = serde_json::to_string(&s).unwrap_or_default();
            prop_assert_eq!(written(|b| b.string(&s)), expected.clone());
            prop_assert_eq!(written_in_window(|b| b.string(&s)), Some(expected));
        }

        #[test]
        fn any_integer_as_itoa_writes_it(v in any::<i64>(), u in any::<u64>()) {
            prop_assert_eq!(written(|b| b.integer(v)), v.to_string());
            prop_assert_eq!(written(|b| b.natural(u)), u.to_string());
            prop_assert_eq!(written(|b| b.hundredths(v)), serde_hundredths(v));
            prop_assert_eq!(written_in_window(|b| b.integer(v)), Some(v.to_string()));
            prop_assert_eq!(written_in_window(|b| b.natural(u)), Some(u.to_string()));
            prop_assert_eq!(written_in_window(|b| b.hundredths(v)), Some(serde_hundredths(v)));
        }
    }
}
