//! XML lists: `<playerslist>` with flat `<player>` elements (docs/spec/rating-list-formats.md §2).
//!
//! The format is a flat list of flat records, so a byte scanner is enough
//! and much faster than a general XML tokenizer on an 850 MB file: find each
//! `<player>` … `</player>` with memmem, then walk its children. It
//! understands what a conforming writer may produce in such a record: an
//! optional declaration, comments, attributes, `<x/>` empty elements,
//! CDATA, the five predefined entities and character references. Nested
//! elements inside a child are not part of the format and are not
//! interpreted.

use super::record::{ListRecord, RatingKind};
use super::value;
use memchr::memmem;
use std::borrow::Cow;
use std::sync::LazyLock;

pub(crate) const PLAYER_CLOSE: &[u8] = b"</player>";
static OPEN: LazyLock<memmem::Finder<'static>> = LazyLock::new(|| memmem::Finder::new(b"<player"));
static CLOSE: LazyLock<memmem::Finder<'static>> =
    LazyLock::new(|| memmem::Finder::new(PLAYER_CLOSE));

/// End (exclusive) of the last complete `<player>` element in `data`.
pub(crate) fn last_block_end(data: &[u8]) -> Option<usize> {
    memmem::rfind(data, PLAYER_CLOSE).map(|p| p + PLAYER_CLOSE.len())
}

/// One `<player>` element found in a region.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Block {
    /// A complete element, `[start, end)` including both tags.
    Complete(usize, usize),
    /// A start tag at this offset whose end tag is missing.
    Open(usize),
}

/// The `<player>` elements of `region`, in order.
pub(crate) fn blocks(region: &[u8]) -> impl Iterator<Item = Block> + '_ {
    let mut pos = 0;
    std::iter::from_fn(move || loop {
        let start = pos + OPEN.find(&region[pos..])?;
        let after = start + b"<player".len();
        match region.get(after) {
            Some(b'>' | b' ' | b'\t' | b'\r' | b'\n') => {}
            Some(b'/') => {
                // `<player/>`: an element with no data.
                pos = after;
                continue;
            }
            // `<playerslist>` or another name starting with `player`.
            Some(_) => {
                pos = after;
                continue;
            }
            None => {
                pos = region.len();
                return Some(Block::Open(start));
            }
        }
        match CLOSE.find(&region[after..]) {
            Some(n) => {
                let end = after + n + PLAYER_CLOSE.len();
                pos = end;
                return Some(Block::Complete(start, end));
            }
            None => {
                pos = region.len();
                return Some(Block::Open(start));
            }
        }
    })
}

/// The children of one `<player>` element: `(name, raw content, is_cdata)`.
fn children(block: &[u8]) -> impl Iterator<Item = (&[u8], &[u8], bool)> + '_ {
    // Skip the element's own start tag.
    let mut pos = memchr::memchr(b'>', block).map_or(block.len(), |p| p + 1);
    std::iter::from_fn(move || loop {
        let lt = pos + memchr::memchr(b'<', block.get(pos..)?)?;
        let rest = &block[lt + 1..];
        if rest.starts_with(b"!--") {
            pos = lt + 1 + memmem::find(rest, b"-->").map_or(rest.len(), |p| p + 3);
            continue;
        }
        if matches!(rest.first(), Some(b'/' | b'?' | b'!')) {
            pos = lt + 1 + memchr::memchr(b'>', rest).map_or(rest.len(), |p| p + 1);
            continue;
        }
        let gt = memchr::memchr(b'>', rest)?;
        let tag = &rest[..gt];
        let name_end = tag
            .iter()
            .position(|&b| b.is_ascii_whitespace() || b == b'/')
            .unwrap_or(tag.len());
        let name = &tag[..name_end];
        let after = lt + 1 + gt + 1;
        if tag.ends_with(b"/") {
            pos = after;
            return Some((name, &block[after..after], false));
        }
        const CDATA: &[u8] = b"<![CDATA[";
        if block[after..].starts_with(CDATA) {
            let c0 = after + CDATA.len();
            let c1 = c0 + memmem::find(&block[c0..], b"]]>").unwrap_or(block.len() - c0);
            pos = (c1 + 3).min(block.len());
            return Some((name, &block[c0..c1], true));
        }
        let c1 = after + memchr::memchr(b'<', &block[after..]).unwrap_or(block.len() - after);
        pos = c1;
        return Some((name, &block[after..c1], false));
    })
}

/// The FIDE ID of a `<player>` element.
pub(crate) fn block_id(block: &[u8]) -> Option<u64> {
    children(block)
        .find(|(name, _, _)| *name == b"fideid")
        .and_then(|(_, content, _)| value::parse_id(&unescape(content)))
}

/// Replaces entity and character references; borrowed when there are none.
fn unescape(raw: &[u8]) -> Cow<'_, [u8]> {
    if memchr::memchr(b'&', raw).is_none() {
        return Cow::Borrowed(raw);
    }
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        if raw[i] == b'&' {
            if let Some(semi) = raw[i..].iter().take(12).position(|&b| b == b';') {
                let ent = &raw[i + 1..i + semi];
                let ch = match ent {
                    b"amp" => Some('&'),
                    b"lt" => Some('<'),
                    b"gt" => Some('>'),
                    b"quot" => Some('"'),
                    b"apos" => Some('\''),
                    [b'#', b'x' | b'X', hex @ ..] => std::str::from_utf8(hex)
                        .ok()
                        .and_then(|h| u32::from_str_radix(h, 16).ok())
                        .and_then(char::from_u32),
                    [b'#', dec @ ..] => std::str::from_utf8(dec)
                        .ok()
                        .and_then(|d| d.parse::<u32>().ok())
                        .and_then(char::from_u32),
                    _ => None,
                };
                if let Some(ch) = ch {
                    let mut buf = [0u8; 4];
                    out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                    i += semi + 1;
                    continue;
                }
            }
        }
        out.push(raw[i]);
        i += 1;
    }
    Cow::Owned(out)
}

/// True when the element carries rapid or blitz values: a combined list.
pub(crate) fn is_combined_block(block: &[u8]) -> bool {
    children(block).any(|(name, _, _)| name.starts_with(b"rapid_") || name.starts_with(b"blitz_"))
}

/// Decodes one `<player>` element. `slot` receives `rating`/`games`/`k` of
/// a per-type list; in a combined element (one with `rapid_…`/`blitz_…`
/// children) they are the standard values (§2.1).
pub(crate) fn decode_block(
    block: &[u8],
    slot: RatingKind,
    list_year: Option<u16>,
) -> Option<ListRecord> {
    #[derive(Default)]
    struct Raw<'a> {
        id: Option<Cow<'a, [u8]>>,
        name: Cow<'a, [u8]>,
        country: Cow<'a, [u8]>,
        sex: Cow<'a, [u8]>,
        title: Cow<'a, [u8]>,
        w_title: Cow<'a, [u8]>,
        o_title: Cow<'a, [u8]>,
        foa: Cow<'a, [u8]>,
        triples: [[Cow<'a, [u8]>; 3]; 3],
        birthday: Cow<'a, [u8]>,
        flag: Cow<'a, [u8]>,
        combined: bool,
    }
    let mut raw = Raw::default();
    for (name, content, cdata) in children(block) {
        let v = if cdata {
            Cow::Borrowed(content)
        } else {
            unescape(content)
        };
        let (t, i) = match name {
            b"fideid" => {
                // A second ID means the next player began before this one
                // was closed (`</player>` lost): the record ends here, as
                // `block_id` (the first ID) already says.
                if raw.id.is_some() {
                    break;
                }
                raw.id = Some(v);
                continue;
            }
            b"name" => {
                raw.name = v;
                continue;
            }
            b"country" => {
                raw.country = v;
                continue;
            }
            b"sex" => {
                raw.sex = v;
                continue;
            }
            b"title" => {
                raw.title = v;
                continue;
            }
            b"w_title" => {
                raw.w_title = v;
                continue;
            }
            b"o_title" => {
                raw.o_title = v;
                continue;
            }
            b"foa_title" => {
                raw.foa = v;
                continue;
            }
            b"birthday" => {
                raw.birthday = v;
                continue;
            }
            b"flag" => {
                raw.flag = v;
                continue;
            }
            b"rating" => (0, 0),
            b"games" => (0, 1),
            b"k" => (0, 2),
            b"rapid_rating" => (1, 0),
            b"rapid_games" => (1, 1),
            b"rapid_k" => (1, 2),
            b"blitz_rating" => (2, 0),
            b"blitz_games" => (2, 1),
            b"blitz_k" => (2, 2),
            _ => continue,
        };
        raw.combined |= t > 0;
        raw.triples[t][i] = v;
    }
    let fide_id = value::parse_id(raw.id.as_deref()?)?;
    let flag = value::flag(&raw.flag);
    let entry = |t: &[Cow<'_, [u8]>; 3]| value::entry(&t[0], &t[1], &t[2]);
    let mut record = ListRecord {
        fide_id,
        name: value::text(value::trim(&raw.name)),
        federation: value::federation(&raw.country),
        sex: value::sex(&raw.sex),
        title: value::title(&raw.title),
        women_title: value::title(&raw.w_title),
        other_titles: value::other_titles(&raw.o_title),
        foa_title: value::title(&raw.foa),
        standard: None,
        rapid: None,
        blitz: None,
        birth_year: value::birth_year(&raw.birthday, list_year),
        inactive: flag.as_deref().is_some_and(|f| f.contains('i')),
        flag,
    };
    if raw.combined {
        record.standard = entry(&raw.triples[0]);
        record.rapid = entry(&raw.triples[1]);
        record.blitz = entry(&raw.triples[2]);
    } else {
        *record.entry_mut(slot) = entry(&raw.triples[0]);
    }
    Some(record)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ratinglist::record::{RatingEntry, Sex};

    const COMBINED: &str = "<player>\n<fideid>419214</fideid>\n<name></name>\n<country>ENG</country>\n<sex>M</sex>\n<title></title>\n<w_title></w_title>\n<o_title></o_title>\n<foa_title></foa_title>\n<rating>1736</rating>\n<games>0</games>\n<k>20</k>\n<rapid_rating>1587</rapid_rating>\n<rapid_games>10</rapid_games>\n<rapid_k>20</rapid_k>\n<blitz_rating></blitz_rating>\n<blitz_games></blitz_games>\n<blitz_k></blitz_k>\n<birthday></birthday>\n<flag></flag>\n</player>";

    #[test]
    fn combined_fragment_from_spec() {
        let b = COMBINED.as_bytes();
        assert!(is_combined_block(b));
        assert_eq!(block_id(b), Some(419214));
        let r = decode_block(b, RatingKind::Rapid, None).unwrap();
        assert_eq!(r.name, "");
        assert_eq!(r.federation.as_deref(), Some("ENG"));
        assert_eq!(
            r.standard,
            Some(RatingEntry {
                rating: 1736,
                games: Some(0),
                k: Some(20)
            })
        );
        assert_eq!(
            r.rapid,
            Some(RatingEntry {
                rating: 1587,
                games: Some(10),
                k: Some(20)
            })
        );
        assert_eq!(r.blitz, None);
        assert_eq!(r.birth_year, None);
        assert_eq!(r.flag, None);
    }

    #[test]
    fn single_line_element_with_entities_cdata_and_empty_tags() {
        let b = b"<player><fideid> 10207538 </fideid><name>A &amp; B, C&#233;&#xE9;</name><country/><sex>F</sex><!-- x --><title><![CDATA[WGM]]></title><rating>1864</rating><games>0</games><k>30</k><birthday>1974</birthday><flag>wi</flag></player>";
        let r = decode_block(b, RatingKind::Blitz, Some(2012)).unwrap();
        assert_eq!(r.fide_id, 10207538);
        assert_eq!(r.name, "A & B, Céé");
        assert_eq!(r.federation, None);
        assert_eq!(r.title.as_deref(), Some("WGM"));
        assert_eq!(r.blitz.map(|e| e.rating), Some(1864));
        assert_eq!(r.standard, None);
        assert_eq!(r.birth_year, Some(1974));
        assert!(r.inactive);
        assert_eq!(r.sex, Some(Sex::Female));
    }

    #[test]
    fn blocks_skip_the_root_and_report_an_open_element() {
        let region = b"<playerslist>\n<player><fideid>1</fideid></player>\n<player/>\n<player>\n<fideid>2</fideid></player><player><fideid>3";
        let got: Vec<Block> = blocks(region).collect();
        assert_eq!(got.len(), 3);
        assert!(matches!(got[0], Block::Complete(14, 49)));
        assert!(matches!(got[2], Block::Open(_)));
        let ids: Vec<u64> = got
            .iter()
            .filter_map(|b| match *b {
                Block::Complete(s, e) => block_id(&region[s..e]),
                Block::Open(_) => None,
            })
            .collect();
        assert_eq!(ids, [1, 2]);
    }

    #[test]
    fn element_without_id_is_skipped() {
        assert_eq!(
            decode_block(
                b"<player><name>X</name></player>",
                RatingKind::Standard,
                None
            ),
            None
        );
        assert_eq!(
            decode_block(
                b"<player><fideid>x1</fideid></player>",
                RatingKind::Standard,
                None
            ),
            None
        );
    }

    #[test]
    fn unescape_leaves_unknown_references() {
        assert_eq!(&*unescape(b"a &foo; &#xZZ; & b"), b"a &foo; &#xZZ; & b");
        assert_eq!(&*unescape(b"&lt;&gt;&quot;&apos;"), b"<>\"'");
    }
}
