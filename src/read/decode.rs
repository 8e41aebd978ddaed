//! From bytes to text: BOM, encoding detection and the refusal of input that
//! is not a text file at all.
//!
//! TRF names no encoding (trf-format §4). Real files are ASCII, Windows-1252
//! or Latin-1 (Windows programs), or UTF-8 with or without a BOM. The rule
//! here is the one the specification recommends: strip a BOM, take UTF-8
//! when the bytes are valid UTF-8, and Windows-1252 otherwise (a superset of
//! Latin-1's printable range). `--encoding` forces one.
//!
//! "Otherwise" is decided per line: a UTF-8 file with one stray
//! Windows-1252 byte (a name pasted from another program) keeps its valid
//! UTF-8 lines as UTF-8, and only the others are read as Windows-1252 and
//! listed in [`Decoded::fallback_lines`]. Reading the whole file as
//! Windows-1252 would turn every UTF-8 letter into two characters and shift
//! every later column of those lines.

use std::borrow::Cow;

pub use crate::source::TextEncoding;

/// The decoded text and how it was obtained.
#[derive(Debug, Clone)]
pub(crate) struct Decoded<'a> {
    /// The text, borrowed when the bytes were already valid UTF-8.
    pub text: Cow<'a, str>,
    /// The encoding used.
    pub encoding: TextEncoding,
    /// A byte-order mark was present and removed.
    pub bom: bool,
    /// Some bytes could not be decoded and were replaced by U+FFFD.
    pub lossy: bool,
    /// In a file otherwise read as UTF-8, the lines (1-based) that are not
    /// valid UTF-8 and were read as Windows-1252; empty when the whole file
    /// was read one way.
    pub fallback_lines: Vec<u32>,
}

/// Why input was refused before any parsing.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DecodeError {
    /// Nothing but whitespace.
    #[error("the file is empty")]
    Empty,
    /// No line starts with a TRF record code: prose, a PDF, a spreadsheet.
    /// The command-line tool refuses such a file named directly with the
    /// same words as the folder walk that skips it.
    #[error(
        "does not look like a TRF{}",
        if *binary { " (the file is binary, not text)" } else { "" }
    )]
    NotTrf {
        /// The file is not text at all (a PDF, a spreadsheet, an image).
        binary: bool,
    },
    /// NUL bytes or other control bytes: not a text file.
    #[error("the file is binary, not text (byte {byte:#04x} at offset {offset})")]
    Binary {
        /// The offending byte.
        byte: u8,
        /// Its offset in the file.
        offset: usize,
    },
}

/// Decodes `bytes`, detecting the encoding unless `forced` is given.
pub(crate) fn decode(
    bytes: &[u8],
    forced: Option<TextEncoding>,
) -> Result<Decoded<'_>, DecodeError> {
    if bytes.len() >= 2 && (bytes[..2] == [0xFF, 0xFE] || bytes[..2] == [0xFE, 0xFF]) {
        let enc = if bytes[0] == 0xFF {
            encoding_rs::UTF_16LE
        } else {
            encoding_rs::UTF_16BE
        };
        let (text, lossy) = enc.decode_without_bom_handling(&bytes[2..]);
        let text = text.into_owned();
        check_text(text.as_bytes())?;
        return Ok(Decoded {
            text: Cow::Owned(text),
            encoding: TextEncoding::Utf16,
            bom: true,
            lossy,
            fallback_lines: Vec::new(),
        });
    }
    let (bom, body) = match bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]) {
        Some(rest) => (true, rest),
        None => (false, bytes),
    };
    check_text(body)?;
    let decoded = match forced {
        None => match std::str::from_utf8(body) {
            Ok(s) => Decoded {
                text: Cow::Borrowed(s),
                encoding: if s.is_ascii() {
                    TextEncoding::Ascii
                } else {
                    TextEncoding::Utf8
                },
                bom,
                lossy: false,
                fallback_lines: Vec::new(),
            },
            Err(_) => per_line(body, bom),
        },
        Some(TextEncoding::Utf8) | Some(TextEncoding::Ascii) => {
            let text = String::from_utf8_lossy(body);
            let lossy = matches!(text, Cow::Owned(_));
            let encoding = if forced == Some(TextEncoding::Ascii) && !lossy && body.is_ascii() {
                TextEncoding::Ascii
            } else {
                TextEncoding::Utf8
            };
            Decoded {
                text,
                encoding,
                bom,
                lossy: lossy
                    || (encoding == TextEncoding::Utf8 && forced == Some(TextEncoding::Ascii)),
                fallback_lines: Vec::new(),
            }
        }
        Some(TextEncoding::Windows1252) => single_byte(
            body,
            encoding_rs::WINDOWS_1252,
            TextEncoding::Windows1252,
            bom,
        ),
        Some(TextEncoding::Iso8859_1) => {
            // Latin-1 maps every byte to the code point of the same value.
            let text: String = body.iter().map(|&b| b as char).collect();
            Decoded {
                text: Cow::Owned(text),
                encoding: TextEncoding::Iso8859_1,
                bom,
                lossy: false,
                fallback_lines: Vec::new(),
            }
        }
        Some(TextEncoding::Iso8859_2) => {
            single_byte(body, encoding_rs::ISO_8859_2, TextEncoding::Iso8859_2, bom)
        }
        Some(TextEncoding::Utf16) => {
            let (text, lossy) = encoding_rs::UTF_16LE.decode_without_bom_handling(body);
            Decoded {
                text: Cow::Owned(text.into_owned()),
                encoding: TextEncoding::Utf16,
                bom,
                lossy,
                fallback_lines: Vec::new(),
            }
        }
    };
    Ok(decoded)
}

/// The owned text of [`decode_vec`] and how it was obtained.
#[derive(Debug, Clone)]
pub(crate) struct DecodedText {
    /// The text.
    pub text: String,
    /// The encoding used.
    pub encoding: TextEncoding,
    /// A byte-order mark was present and removed.
    pub bom: bool,
    /// Some bytes could not be decoded and were replaced by U+FFFD.
    pub lossy: bool,
    /// See [`Decoded::fallback_lines`].
    pub fallback_lines: Vec<u32>,
}

/// [`decode`] for owned bytes: valid UTF-8 (the usual case) becomes the text
/// in place, validated once and not copied; anything else goes through
/// [`decode`].
pub(crate) fn decode_vec(
    bytes: Vec<u8>,
    forced: Option<TextEncoding>,
) -> Result<DecodedText, DecodeError> {
    let utf16_bom = bytes.len() >= 2 && (bytes[..2] == [0xFF, 0xFE] || bytes[..2] == [0xFE, 0xFF]);
    let bytes = if forced.is_none() && !utf16_bom {
        match String::from_utf8(bytes) {
            Ok(mut text) => {
                let bom = text.starts_with('\u{FEFF}');
                if bom {
                    text.drain(..3);
                }
                check_text(text.as_bytes())?;
                let encoding = if text.is_ascii() {
                    TextEncoding::Ascii
                } else {
                    TextEncoding::Utf8
                };
                return Ok(DecodedText {
                    text,
                    encoding,
                    bom,
                    lossy: false,
                    fallback_lines: Vec::new(),
                });
            }
            Err(e) => e.into_bytes(),
        }
    } else {
        bytes
    };
    let d = decode(&bytes, forced)?;
    Ok(DecodedText {
        text: d.text.into_owned(),
        encoding: d.encoding,
        bom: d.bom,
        lossy: d.lossy,
        fallback_lines: d.fallback_lines,
    })
}

/// Bytes that are not valid UTF-8 as a whole, decoded line by line: each
/// valid UTF-8 line as UTF-8, the others as Windows-1252 where they are not
/// UTF-8 ([`mixed_line`]; Windows-1252 maps every byte, so nothing is
/// lost). When no line needs UTF-8 (no valid non-ASCII
/// UTF-8 line), this is the whole file in Windows-1252, as before.
fn per_line(body: &[u8], bom: bool) -> Decoded<'_> {
    let mut text = String::with_capacity(body.len() + body.len() / 8);
    let mut fallback_lines = Vec::new();
    let mut utf8 = false;
    let mut last = 0;
    for (i, (s, e)) in crate::source::lines::split_bytes(body).enumerate() {
        // Line ends (CR, LF) are ASCII in both encodings.
        text.extend(body[last..s].iter().map(|&b| b as char));
        let line = &body[s..e];
        match std::str::from_utf8(line) {
            Ok(l) => {
                utf8 |= !l.is_ascii();
                text.push_str(l);
            }
            Err(_) => {
                fallback_lines.push(i as u32 + 1);
                mixed_line(line, &mut text);
            }
        }
        last = e;
    }
    text.extend(body[last..].iter().map(|&b| b as char));
    let encoding = if utf8 {
        TextEncoding::Utf8
    } else {
        fallback_lines.clear();
        TextEncoding::Windows1252
    };
    Decoded {
        text: Cow::Owned(text),
        encoding,
        bom,
        lossy: false,
        fallback_lines,
    }
}

/// A line that is not valid UTF-8 as a whole: its valid UTF-8 sequences
/// as UTF-8 and only the bytes between them as Windows-1252. A name pasted
/// from another program into a line that already holds UTF-8 letters
/// (`Ó Briain, S\xE9amus`) then keeps one character per letter, and every
/// later column where it was; reading the whole line as Windows-1252 made
/// `Ó` two characters and moved the rating, the ID and every result.
fn mixed_line(line: &[u8], text: &mut String) {
    for chunk in line.utf8_chunks() {
        text.push_str(chunk.valid());
        // Windows-1252 maps each byte to one character.
        text.push_str(
            &encoding_rs::WINDOWS_1252
                .decode_without_bom_handling(chunk.invalid())
                .0,
        );
    }
}

fn single_byte<'a>(
    body: &'a [u8],
    enc: &'static encoding_rs::Encoding,
    name: TextEncoding,
    bom: bool,
) -> Decoded<'a> {
    let (text, lossy) = enc.decode_without_bom_handling(body);
    Decoded {
        text,
        encoding: name,
        bom,
        lossy,
        fallback_lines: Vec::new(),
    }
}

/// Refuses empty input and binary input. Tabs, CR, LF and form feeds are
/// text; more than a handful of other C0 control bytes (NUL included) in
/// the first 64 KiB means this is not a TRF.
fn check_text(body: &[u8]) -> Result<(), DecodeError> {
    if body.iter().all(|b| b.is_ascii_whitespace()) {
        return Err(DecodeError::Empty);
    }
    // A NUL byte is counted like any other control byte: one in a text
    // file (a byte lost in a copy) is a finding on its line, not a binary
    // file; a binary file has many in its first 64 KiB.
    let head = &body[..body.len().min(64 * 1024)];
    let mut first = None;
    let mut controls = 0;
    // Blocks of 64 bytes are passed over when they hold no control byte
    // but line ends and tabs (a test the compiler vectorises); the others
    // are looked at byte by byte.
    for (k, block) in head.chunks(64).enumerate() {
        let suspect = block.iter().fold(false, |any, &b| {
            any | (b < 0x20 && b != b'\n' && b != b'\r' && b != b'\t')
        });
        if !suspect {
            continue;
        }
        for (i, &b) in block.iter().enumerate() {
            if b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0C | 0x1A) {
                let (offset, byte) = *first.get_or_insert((k * 64 + i, b));
                controls += 1;
                if controls > 8 {
                    return Err(DecodeError::Binary { byte, offset });
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_utf8_and_fallback() {
        assert_eq!(
            decode(b"012 x", None).unwrap().encoding,
            TextEncoding::Ascii
        );
        let d = decode("012 Míchéál".as_bytes(), None).unwrap();
        assert_eq!(d.encoding, TextEncoding::Utf8);
        let d = decode(b"012 M\xedch\xe9\xe1l", None).unwrap();
        assert_eq!(d.encoding, TextEncoding::Windows1252);
        assert_eq!(d.text, "012 Míchéál");
        let d = decode(b"\xEF\xBB\xBF012 x", None).unwrap();
        assert!(d.bom);
        assert_eq!(d.text, "012 x");
    }

    #[test]
    fn names_serialise_as_printed() {
        for e in [
            TextEncoding::Ascii,
            TextEncoding::Utf8,
            TextEncoding::Windows1252,
            TextEncoding::Iso8859_1,
            TextEncoding::Iso8859_2,
            TextEncoding::Utf16,
        ] {
            assert_eq!(
                serde_json::to_string(&e).unwrap(),
                format!("\"{}\"", e.as_str())
            );
        }
    }

    #[test]
    fn owned_decoding_agrees_with_borrowed() {
        let cases: [&[u8]; 6] = [
            b"012 x",
            "012 Míchéál".as_bytes(),
            b"012 M\xedch\xe9\xe1l",
            b"\xEF\xBB\xBF012 x",
            &[0xFF, 0xFE, b'0', 0, b'1', 0, b'2', 0],
            b"012\0x",
        ];
        for bytes in cases {
            for forced in [None, Some(TextEncoding::Iso8859_2)] {
                let a = decode(bytes, forced).map(|d| {
                    (
                        d.text.into_owned(),
                        d.encoding,
                        d.bom,
                        d.lossy,
                        d.fallback_lines,
                    )
                });
                let b = decode_vec(bytes.to_vec(), forced)
                    .map(|d| (d.text, d.encoding, d.bom, d.lossy, d.fallback_lines));
                assert_eq!(a, b, "{bytes:?} {forced:?}");
            }
        }
    }

    #[test]
    fn a_stray_windows_1252_byte_leaves_the_utf8_lines_alone() {
        let bytes = b"012 M\xc3\xadch\xc3\xa9\xc3\xa1l\r\n001 Jos\xe9\r\n022 Z\xc3\xbcrich";
        let d = decode(bytes, None).unwrap();
        assert_eq!(d.encoding, TextEncoding::Utf8);
        assert_eq!(d.text, "012 Míchéál\r\n001 José\r\n022 Zürich");
        assert_eq!(d.fallback_lines, vec![2]);
        // In a line with UTF-8 letters, only the stray byte is
        // Windows-1252: `Ó` stays one character and the columns after it
        // stay where they are.
        let d = decode(
            b"012 \xc3\x93\r\n001 \xc3\x93 Briain, S\xe9amus  1950",
            None,
        )
        .unwrap();
        assert_eq!(d.text, "012 Ó\r\n001 Ó Briain, Séamus  1950");
        assert_eq!(d.fallback_lines, vec![2]);
        // No valid non-ASCII UTF-8 line: the whole file is Windows-1252.
        let d = decode(b"012 x\n001 Jos\xe9\n", None).unwrap();
        assert_eq!(d.encoding, TextEncoding::Windows1252);
        assert!(d.fallback_lines.is_empty());
    }

    /// More than eight stray control bytes in the first 64 KiB refuse the
    /// file, the first one reported; line ends and tabs do not count, and
    /// neither do controls past the first 64 KiB.
    #[test]
    fn control_bytes_counted_across_blocks() {
        let mut text = "012 x\r\n\t001\n".repeat(60).into_bytes();
        assert!(check_text(&text).is_ok());
        for k in 0..8 {
            text[70 + 61 * k] = 0x01 + k as u8;
        }
        assert!(check_text(&text).is_ok());
        text[600] = 0x1B;
        assert_eq!(
            check_text(&text),
            Err(DecodeError::Binary {
                byte: 0x01,
                offset: 70
            })
        );
        let mut late = vec![b'x'; 64 * 1024];
        late.extend([0x01; 9]);
        assert!(check_text(&late).is_ok());
    }

    #[test]
    fn forced_and_refused() {
        let d = decode(b"012 \xb1", Some(TextEncoding::Iso8859_2)).unwrap();
        assert_eq!(d.text, "012 ą");
        let d = decode(b"012 \xb1", Some(TextEncoding::Iso8859_1)).unwrap();
        assert_eq!(d.text, "012 ±");
        assert_eq!(decode(b"  \n\r\n", None).unwrap_err(), DecodeError::Empty);
        // One NUL byte is a finding on its line (issue 39); many are binary.
        assert!(decode(b"012\0x", None).is_ok());
        assert!(matches!(
            decode(b"012\0\0\0\0\0\0\0\0\0x", None),
            Err(DecodeError::Binary { byte: 0, offset: 3 })
        ));
        let d = decode(&[0xFF, 0xFE, b'0', 0, b'1', 0, b'2', 0], None).unwrap();
        assert_eq!(d.text, "012");
    }
}
