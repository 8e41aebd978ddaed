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

    /// A JSON string: quoted, with `serde_json`'s escapes (`\"`, `\\`,
    /// `\b \f \n \r \t`, `\u00xx` for the other control characters).
    fn string(&mut self, s: &str) {
        let bytes = s.as_bytes();
        self.out.reserve(bytes.len() + 2);
        self.out.push(b'"');
        let mut start = 0;
        let mut i = first_escape(bytes, 0);
        while i < bytes.len() {
            self.out.extend_from_slice(&bytes[start..i]);
            let b = bytes[i];
            match b {
                b'"' => self.out.extend_from_slice(b"\\\""),
                b'\\' => self.out.extend_from_slice(b"\\\\"),
                0x08 => self.out.extend_from_slice(b"\\b"),
                0x0C => self.out.extend_from_slice(b"\\f"),
                b'\n' => self.out.extend_from_slice(b"\\n"),
                b'\r' => self.out.extend_from_slice(b"\\r"),
                b'\t' => self.out.extend_from_slice(b"\\t"),
                _ => {
                    const HEX: &[u8; 16] = b"0123456789abcdef";
                    self.out.extend_from_slice(b"\\u00");
                    self.out.push(HEX[usize::from(b >> 4)]);
                    self.out.push(HEX[usize::from(b & 0xF)]);
                }
            }
            start = i + 1;
            i = first_escape(bytes, start);
        }
        self.out.extend_from_slice(&bytes[start..]);
        self.out.push(b'"');
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

/// The index of the first byte from `from` that JSON escapes (a control
/// character, `"` or `\`), or the length: eight bytes at a time.
fn first_escape(bytes: &[u8], from: usize) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut i = from;
    while i + 8 <= bytes.len() {
        let mut word = [0u8; 8];
        word.copy_from_slice(&bytes[i..i + 8]);
        let w = u64::from_le_bytes(word);
        // A byte is flagged when below 0x20, or equal to '"' or '\'; bytes
        // of 0x80 and above (UTF-8) are never flagged.
        let quote = w ^ (ONES * u64::from(b'"'));
        let backslash = w ^ (ONES * u64::from(b'\\'));
        let flagged =
            (w.wrapping_sub(ONES * 0x20) | quote.wrapping_sub(ONES) | backslash.wrapping_sub(ONES))
                & !w
                & HIGH;
        if flagged != 0 {
            // The lowest flagged byte is exact (borrows only run upwards).
            return i + (flagged.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while i < bytes.len() {
        let b = bytes[i];
        if b < 0x20 || b == b'"' || b == b'\\' {
            return i;
        }
        i += 1;
    }
    bytes.len()
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

    fn key(&mut self, key: &str) {
        if self.has_value {
            self.w.out.push(b',');
        }
        self.w.newline();
        self.w.string(key);
        self.w.out.extend_from_slice(b": ");
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
    numbers!(number);
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

    #[test]
    fn a_key_that_is_not_a_string_is_refused() {
        let m: BTreeMap<Vec<u8>, u8> = [(vec![1], 1)].into_iter().collect();
        assert_eq!(to_string(&m, 0), "");
        assert!(serde_json::to_string_pretty(&m).is_err());
    }
}
