//! TXT lines: the ID test of the hot path and the full decode of one line.
//!
//! Lines are sliced on bytes (docs/spec/rating-list-formats.md §3.4, pitfall 9); text is
//! decoded per field, and only for the records that are returned.

use super::layout::{Col, Field, TxtLayout};
use super::record::{ListLayout, ListRecord, RatingEntry, RatingKind, Sex};
use super::value;

/// The FIDE ID of a data line, reading only the ID column; `None` when the
/// column holds no number (a blank or damaged line).
#[inline]
pub(crate) fn line_id(layout: &TxtLayout, line: &[u8]) -> Option<u64> {
    let end = layout.id_end().min(line.len());
    value::parse_id(&line[..end])
}

/// Maps column positions to byte positions.
enum Columns {
    /// Byte columns: the normal case (FIDE files are single-byte).
    Bytes,
    /// Character columns of a UTF-8 line: `starts[c]` is the byte offset of
    /// character `c`, with one extra entry for the line end.
    Chars(Vec<usize>),
}

impl Columns {
    fn for_line(line: &[u8], width: usize) -> Columns {
        if line.is_ascii() {
            return Columns::Bytes;
        }
        let Ok(text) = std::str::from_utf8(line) else {
            // Latin-1 / Windows-125x bytes: one byte per column.
            return Columns::Bytes;
        };
        // A valid-UTF-8 line with multi-byte characters was padded either by
        // bytes (then a full line is exactly `width` bytes long) or, as
        // after converting a Latin-1 list with iconv, by characters. Only the
        // first is FIDE's own byte layout.
        if line.len() == width {
            return Columns::Bytes;
        }
        let mut starts: Vec<usize> = text.char_indices().map(|(i, _)| i).collect();
        starts.push(line.len());
        Columns::Chars(starts)
    }

    fn len(&self, line: &[u8]) -> usize {
        match self {
            Columns::Bytes => line.len(),
            Columns::Chars(starts) => starts.len() - 1,
        }
    }

    fn byte(&self, col: usize, line: &[u8]) -> usize {
        match self {
            Columns::Bytes => col.min(line.len()),
            Columns::Chars(starts) => starts[col.min(starts.len() - 1)],
        }
    }
}

/// Decodes one data line (without its line end). `slot` is where a per-type
/// list's single rating goes; `list_year` bounds plausible birth years.
/// Returns `None` when the line has no FIDE ID.
pub(crate) fn decode_line(
    layout: &TxtLayout,
    line: &[u8],
    slot: RatingKind,
    list_year: Option<u16>,
) -> Option<ListRecord> {
    let fide_id = line_id(layout, line)?;
    let columns = Columns::for_line(line, layout.width);
    let gap = overflow_gap(layout, line, &columns);
    let field = |f: Field| -> &[u8] {
        let Some(Col { start, end }) = layout.col(f) else {
            return &[];
        };
        let (start, end) = shifted(layout, f, start, end, gap);
        let s = columns.byte(start, line);
        let e = columns.byte(end, line).max(s);
        value::trim(&line[s..e])
    };

    let flag = value::flag(field(Field::Flag));
    let inactive = flag.as_deref().is_some_and(|f| f.contains('i'));
    let sex = match layout.col(Field::Sex) {
        Some(_) => value::sex(field(Field::Sex)),
        // §1.5 has no Sex column; its flag still says `w` for women (§3.6).
        None => Some(if flag.as_deref().is_some_and(|f| f.contains('w')) {
            Sex::Female
        } else {
            Sex::Male
        }),
    };
    let title = value::title(field(Field::Title));
    let women_title = match layout.col(Field::WTitle) {
        Some(_) => value::title(field(Field::WTitle)),
        None => title.clone().filter(|t| value::is_women_title(t)),
    };
    let entry = |r: Field, g: Field, k: Field| value::entry(field(r), field(g), field(k));
    let mut record = ListRecord {
        fide_id,
        name: value::text(field(Field::Name)),
        federation: value::federation(field(Field::Fed)),
        sex,
        title,
        women_title,
        other_titles: value::other_titles(field(Field::OTitle)),
        foa_title: value::title(field(Field::Foa)),
        standard: None,
        rapid: None,
        blitz: None,
        birth_year: value::birth_year(field(Field::Birth), list_year),
        flag,
        inactive,
    };
    let first: Option<RatingEntry> = entry(Field::SRating, Field::SGames, Field::SK);
    match layout.layout {
        ListLayout::CombinedFoa | ListLayout::CombinedLegacy => {
            record.standard = first;
            record.rapid = entry(Field::RRating, Field::RGames, Field::RK);
            record.blitz = entry(Field::BRating, Field::BGames, Field::BK);
        }
        _ => *record.entry_mut(slot) = first,
    }
    Some(record)
}

/// How many columns `OTit` overflowed by (§0.4): a line longer than the
/// header whose `OTit` column is full to its last position. Extra trailing
/// blanks alone do not count as an overflow (unless `OTit` happens to hold
/// exactly 15 characters, which no known line does).
fn overflow_gap(layout: &TxtLayout, line: &[u8], columns: &Columns) -> usize {
    let Some(otit) = layout.col(Field::OTitle) else {
        return 0;
    };
    let len = columns.len(line);
    if len <= layout.width {
        return 0;
    }
    let last = columns.byte(otit.end - 1, line);
    if line.get(last).is_none_or(|&b| b == b' ') {
        return 0;
    }
    len - layout.width
}

/// Column range of `f` once `OTit` is widened by `gap` and later fields move.
fn shifted(layout: &TxtLayout, f: Field, start: usize, end: usize, gap: usize) -> (usize, usize) {
    if gap == 0 {
        return (start, end);
    }
    let Some(otit) = layout.col(Field::OTitle) else {
        return (start, end);
    };
    let shift = |c: usize| {
        if c >= otit.end {
            c.saturating_add(gap)
        } else {
            c
        }
    };
    if f == Field::OTitle {
        (start, end.saturating_add(gap))
    } else {
        (shift(start), shift(end))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ratinglist::layout::txt_layout;

    const FOA_HEADER: &str = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag";

    fn foa() -> TxtLayout {
        txt_layout(FOA_HEADER.as_bytes()).unwrap()
    }

    #[test]
    fn id_only_reads_the_id_column() {
        let l = foa();
        assert_eq!(
            line_id(&l, b"1503014        Carlsen, Magnus"),
            Some(1503014)
        );
        assert_eq!(line_id(&l, b"537001345      A Arbhin"), Some(537001345));
        assert_eq!(line_id(&l, b""), None);
        assert_eq!(line_id(&l, b"               Nobody"), None);
        assert_eq!(line_id(&l, b"12x4           Bad"), None);
        assert_eq!(line_id(&l, b"1234"), Some(1234));
    }

    /// Spec §5.1, Carlsen: a full-width real line.
    #[test]
    fn carlsen_line() {
        let line = b"1503014        Carlsen, Magnus                                              NOR M   GM                           2841  7   10 2832  0   10 2869  0   10 1990      ";
        let r = decode_line(&foa(), line, RatingKind::Standard, None).unwrap();
        assert_eq!(r.fide_id, 1503014);
        assert_eq!(r.name, "Carlsen, Magnus");
        assert_eq!(r.federation.as_deref(), Some("NOR"));
        assert_eq!(r.sex, Some(Sex::Male));
        assert_eq!(r.title.as_deref(), Some("GM"));
        assert_eq!(r.women_title, None);
        assert_eq!(
            r.standard,
            Some(RatingEntry {
                rating: 2841,
                games: Some(7),
                k: Some(10)
            })
        );
        assert_eq!(r.rapid.map(|e| e.rating), Some(2832));
        assert_eq!(r.blitz.map(|e| e.rating), Some(2869));
        assert_eq!(r.birth_year, Some(1990));
        assert_eq!(r.flag, None);
        assert!(!r.inactive);
    }

    /// A trailing-blank line longer than the header is not an overflow.
    #[test]
    fn extra_trailing_blanks_are_not_an_overflow() {
        let line = "1503014        Carlsen, Magnus                                              NOR M   GM                           2841  7   10 2832  0   10 2869  0   10 1990  i     ";
        let r = decode_line(&foa(), line.as_bytes(), RatingKind::Standard, None).unwrap();
        assert_eq!(r.birth_year, Some(1990));
        assert_eq!(r.flag.as_deref(), Some("i"));
    }

    /// A Latin-1 list converted to UTF-8 keeps character columns.
    #[test]
    fn utf8_line_padded_by_characters() {
        let latin = "1503014        Blübaum, Matthias                                            GER M   GM                           2650  0   10 2600  0   10 2640  0   10 1997      ";
        assert_eq!(latin.chars().count(), 162);
        assert_eq!(latin.len(), 163);
        let r = decode_line(&foa(), latin.as_bytes(), RatingKind::Standard, None).unwrap();
        assert_eq!(r.name, "Blübaum, Matthias");
        assert_eq!(r.federation.as_deref(), Some("GER"));
        assert_eq!(r.standard.map(|e| e.rating), Some(2650));
        assert_eq!(r.birth_year, Some(1997));
    }

    /// The same name in Latin-1 bytes: byte columns, decoded as Windows-1252.
    #[test]
    fn latin1_line_sliced_on_bytes() {
        let text = "1503014        Blübaum, Matthias                                            GER M   GM                           2650  0   10 2600  0   10 2640  0   10 1997      ";
        let bytes: Vec<u8> = text.chars().map(|c| c as u32 as u8).collect();
        assert_eq!(bytes.len(), 162);
        let r = decode_line(&foa(), &bytes, RatingKind::Standard, None).unwrap();
        assert_eq!(r.name, "Blübaum, Matthias");
        assert_eq!(r.federation.as_deref(), Some("GER"));
        assert_eq!(r.birth_year, Some(1997));
    }

    /// A line that stops inside the name still yields what it has.
    #[test]
    fn short_line_decodes_present_fields() {
        let r = decode_line(
            &foa(),
            b"703303         Leko, Pe",
            RatingKind::Standard,
            None,
        )
        .unwrap();
        assert_eq!(r.name, "Leko, Pe");
        assert_eq!(r.federation, None);
        assert_eq!(r.standard, None);
    }
}
