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
    let mut w = Writer {
        out: Vec::with_capacity(capacity),
        depth: 0,
        keys: KeyRuns::default(),
    };
    if value.serialize(&mut w).is_err() {
        return String::new();
    }
    String::from_utf8(w.out).unwrap_or_default()
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

type Result<T = ()> = std::result::Result<T, Error>;

/// A newline and up to 32 levels of indentation, written in one copy.
const INDENT: &[u8; 65] = b"\n                                                                ";

struct Writer {
    out: Vec<u8>,
    depth: usize,
    /// The runs that start the fields of structs, built once each.
    keys: KeyRuns,
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
    run: Vec<u8>,
}

impl KeyRun {
    fn new(key: &'static str, depth: usize) -> Self {
        let mut run = Vec::with_capacity(key.len() + 2 * depth + 6);
        run.extend_from_slice(b",\n");
        run.resize(run.len() + 2 * depth, b' ');
        escape_into(&mut run, key);
        run.extend_from_slice(b": ");
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
    fn write(&mut self, out: &mut Vec<u8>, key: &'static str, depth: usize, comma: bool) {
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
                    out.extend_from_slice(r.run.get(skip..).unwrap_or_default());
                    return;
                }
                Some(_) => at += 1,
                None => {
                    let r = slot.insert(KeyRun::new(key, depth));
                    out.extend_from_slice(r.run.get(skip..).unwrap_or_default());
                    return;
                }
            }
        }
        let r = KeyRun::new(key, depth);
        out.extend_from_slice(r.run.get(skip..).unwrap_or_default());
    }
}

impl Writer {
    /// A newline, then the indentation of the current depth.
    fn newline(&mut self) {
        let n = 2 * self.depth;
        if n < INDENT.len() {
            self.out.extend_from_slice(&INDENT[..=n]);
        } else {
            self.out.push(b'\n');
            self.out.resize(self.out.len() + n, b' ');
        }
    }

    /// A number, written by `serde_json` (shortest round-trip for floats,
    /// `null` for one that is not finite).
    fn number<T: Serialize>(&mut self, v: T) -> Result {
        serde_json::to_writer(&mut self.out, &v).map_err(|e| Error(e.to_string()))
    }

    /// A JSON string: quoted, with `serde_json`'s escapes.
    fn string(&mut self, s: &str) {
        escape_into(&mut self.out, s);
    }

    /// An integer in decimal, as `serde_json` (and `itoa`) writes it.
    fn integer(&mut self, negative: bool, v: u64) {
        if negative {
            self.out.push(b'-');
        }
        self.out
            .extend_from_slice(crate::diag::words::decimal(v, &mut [0; 20]));
    }

    /// `{"variant": ` then the variant's array or object, as `serde_json`
    /// writes a tuple or struct variant; closed by `Compound::end_variant`.
    fn variant(&mut self, variant: &str, open: u8, close: u8, len: usize) -> Compound<'_> {
        self.open(b'{');
        self.newline();
        self.string(variant);
        self.out.extend_from_slice(b": ");
        Compound::new(self, open, close, Some(len))
    }

    fn open(&mut self, bracket: u8) {
        self.depth += 1;
        self.out.push(bracket);
    }

    fn close(&mut self, bracket: u8, has_value: bool) {
        self.depth -= 1;
        if has_value {
            self.newline();
        }
        self.out.push(bracket);
    }
}

/// `s` as a JSON string: quoted, with `serde_json`'s escapes (`\"`, `\\`,
/// `\b \f \n \r \t`, `\u00xx` for the other control characters).
fn escape_into(out: &mut Vec<u8>, s: &str) {
    let bytes = s.as_bytes();
    out.reserve(bytes.len() + 2);
    out.push(b'"');
    let mut start = 0;
    let mut i = first_escape(bytes, 0);
    while i < bytes.len() {
        out.extend_from_slice(&bytes[start..i]);
        let b = bytes[i];
        match b {
            b'"' => out.extend_from_slice(b"\\\""),
            b'\\' => out.extend_from_slice(b"\\\\"),
            0x08 => out.extend_from_slice(b"\\b"),
            0x0C => out.extend_from_slice(b"\\f"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            b'\t' => out.extend_from_slice(b"\\t"),
            _ => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.extend_from_slice(b"\\u00");
                out.push(HEX[usize::from(b >> 4)]);
                out.push(HEX[usize::from(b & 0xF)]);
            }
        }
        start = i + 1;
        i = first_escape(bytes, start);
    }
    out.extend_from_slice(&bytes[start..]);
    out.push(b'"');
}

/// The index of the first byte from `from` that JSON escapes (a control
/// character, `"` or `\`), or the length: eight bytes at a time.
fn first_escape(bytes: &[u8], from: usize) -> usize {
    let len = bytes.len();
    let mut i = from;
    // Sixteen bytes a turn, one branch for both words.
    while i + 16 <= len {
        let (a, b) = (flags(bytes, i), flags(bytes, i + 8));
        if a | b != 0 {
            return if a != 0 {
                i + (a.trailing_zeros() / 8) as usize
            } else {
                i + 8 + (b.trailing_zeros() / 8) as usize
            };
        }
        i += 16;
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
    // The last eight bytes as one word, overlapping bytes already found
    // clean: the lowest flagged byte of a word is exact, so it is the
    // first escape (not one of the clean bytes). When the overlap would
    // reach below `from` (an escape just before it), byte by byte.
    if len >= 8 && len - 8 >= from {
        return flagged_in(bytes, len - 8).map_or(len, |k| len - 8 + k);
    }
    while i < len {
        let b = bytes[i];
        if b < 0x20 || b == b'"' || b == b'\\' {
            return i;
        }
        i += 1;
    }
    len
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
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut word = [0u8; 8];
    word.copy_from_slice(&bytes[at..at + 8]);
    let w = u64::from_le_bytes(word);
    // A byte is flagged when below 0x20, or equal to '"' or '\'; bytes
    // of 0x80 and above (UTF-8) are never flagged.
    let quote = w ^ (ONES * u64::from(b'"'));
    let backslash = w ^ (ONES * u64::from(b'\\'));
    (w.wrapping_sub(ONES * 0x20) | quote.wrapping_sub(ONES) | backslash.wrapping_sub(ONES))
        & !w
        & HIGH
}

/// An array or object being written: whether it has a value yet.
struct Compound<'a> {
    w: &'a mut Writer,
    has_value: bool,
    /// The bracket that closes it; `None` for an empty one already closed.
    close: Option<u8>,
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
            };
        }
        Compound {
            w,
            has_value: false,
            close: Some(close),
        }
    }

    fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result {
        self.w.out.push(b',');
        if !self.has_value {
            self.w.out.pop();
        }
        self.w.newline();
        value.serialize(&mut *self.w)?;
        self.has_value = true;
        Ok(())
    }

    fn key(&mut self, key: &'static str) {
        let w = &mut *self.w;
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
        self.out
            .extend_from_slice(if v { b"true" as &[u8] } else { b"false" });
        Ok(())
    }
    integers!(i8 serialize_i8, i16 serialize_i16, i32 serialize_i32, i64 serialize_i64);
    naturals!(u8 serialize_u8, u16 serialize_u16, u32 serialize_u32, u64 serialize_u64);
    numbers!(number: serialize_i128 i128, serialize_u128 u128, serialize_f32 f32, serialize_f64 f64);
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
        self.out.extend_from_slice(b"null");
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
    fn serialize_struct(self, _name: &'static str, len: usize) -> Result<Compound<'a>> {
        self.serialize_map(Some(len))
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
            self.w.out.push(b',');
        }
        self.w.newline();
        key.serialize(KeyWriter(&mut *self.w))?;
        self.w.out.extend_from_slice(b": ");
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
        self.0.out.push(b'"');
        self.0.number(v)?;
        self.0.out.push(b'"');
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

    #[test]
    fn a_key_that_is_not_a_string_is_refused() {
        let m: BTreeMap<Vec<u8>, u8> = [(vec![1], 1)].into_iter().collect();
        assert_eq!(to_string(&m, 0), "");
        assert!(serde_json::to_string_pretty(&m).is_err());
    }
}
