//! The typed record of one player in a rating list, and what is known about
//! the list itself.
//!
//! Field meanings follow docs/spec/rating-list-formats.md §1 (TXT columns), §2 (XML
//! elements) and §3.5–§3.7 (unrated values, flags, titles).

use serde::{Deserialize, Serialize};

/// One player as a FIDE rating list describes them.
///
/// Values the list leaves blank, writes as `0`, or writes as something that
/// is not a number are `None` (docs/spec/rating-list-formats.md §3.5): both encodings of
/// "unrated" read the same.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListRecord {
    /// FIDE ID.
    pub fide_id: u64,
    /// Name as printed, usually `Surname, Given`; may be empty. Decoded from
    /// UTF-8 when the bytes are valid UTF-8, else from Windows-1252 (a
    /// superset of Latin-1's printable range), see §3.4.
    pub name: String,
    /// Three-letter federation code; `None` when blank or `NON` (§1.1).
    pub federation: Option<String>,
    /// Sex from the `Sex` column. The pre-2012 layout (§1.5) has no such
    /// column; there it is derived from the flag (`w` = woman, §3.6).
    pub sex: Option<Sex>,
    /// Highest title (`GM`, `IM`, `WGM`, …, `Tit`/`title`); may be a women's
    /// title. The pre-2012 lower-case codes (`g wg m wm f wf c wc`, §3.7) are
    /// mapped to today's codes.
    pub title: Option<String>,
    /// Women's title (`WTit`/`w_title`). In the pre-2012 layout, set when
    /// the single title column holds a women's title.
    pub women_title: Option<String>,
    /// Other titles (`OTit`/`o_title`): arbiter, trainer, organiser codes
    /// such as `IA`, `FA`, `FT`, in list order.
    pub other_titles: Vec<String>,
    /// FIDE Online Arena title (`FOA`/`foa_title`), e.g. `AGM`.
    pub foa_title: Option<String>,
    /// Standard rating entry, `None` when unrated in standard (or when the
    /// list is a rapid or blitz list).
    pub standard: Option<RatingEntry>,
    /// Rapid rating entry, `None` when unrated in rapid or not in the list.
    pub rapid: Option<RatingEntry>,
    /// Blitz rating entry, `None` when unrated in blitz or not in the list.
    pub blitz: Option<RatingEntry>,
    /// Birth year. Lists carry the year only (`B-day`, `Born`, `birthday`);
    /// blank, `0`, `0000`, anything up to 1000 and anything after the list's
    /// year are `None` (§3.5).
    pub birth_year: Option<u16>,
    /// The raw flag, lower-cased: `i`, `w`, `wi` (§3.6). `None` when blank.
    pub flag: Option<String>,
    /// The flag contains `i`. In the combined lists this is standard-list
    /// inactivity only (§3.6, pitfall 3); read a per-type list for rapid or
    /// blitz activity. A `w` alone does not make a player inactive.
    pub inactive: bool,
}

impl ListRecord {
    /// The entry for one time control.
    pub fn entry(&self, kind: RatingKind) -> Option<&RatingEntry> {
        match kind {
            RatingKind::Standard => self.standard.as_ref(),
            RatingKind::Rapid => self.rapid.as_ref(),
            RatingKind::Blitz => self.blitz.as_ref(),
        }
    }

    /// The rating for one time control, if the player is rated in it.
    pub fn rating(&self, kind: RatingKind) -> Option<u16> {
        self.entry(kind).map(|e| e.rating)
    }

    pub(crate) fn entry_mut(&mut self, kind: RatingKind) -> &mut Option<RatingEntry> {
        match kind {
            RatingKind::Standard => &mut self.standard,
            RatingKind::Rapid => &mut self.rapid,
            RatingKind::Blitz => &mut self.blitz,
        }
    }
}

/// A player's rating in one time control, as the list prints it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingEntry {
    /// The rating (never 0: a 0 rating means unrated and gives no entry).
    pub rating: u16,
    /// Rated games in the list's period; `None` when the column is blank.
    pub games: Option<u16>,
    /// K factor as published (`40`, `20`, `10`); `None` when blank or `0`,
    /// and always `None` in the pre-2012 layout, which has no K column.
    /// Whether the published K already applies the "K × games ≤ 700" cap
    /// is unconfirmed (docs/spec/rating-list-formats.md §3.7).
    pub k: Option<u8>,
}

/// Sex as written in the list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub enum Sex {
    /// `M`.
    #[serde(rename = "M")]
    Male,
    /// `F`.
    #[serde(rename = "F")]
    Female,
}

/// A time control with its own rating list: the rating type of the
/// regulations ([`RatingType`](crate::regulations::RatingType)) under the
/// name the rating lists' API has always used. One enum: a list's kind and
/// an event's list are the same three values, named by one
/// [`as_str`](crate::regulations::RatingType::as_str).
pub type RatingKind = crate::regulations::RatingType;

/// Which ratings a list file carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum ListKind {
    /// Standard, rapid and blitz in one file (`players_list…`).
    Combined,
    /// One time control (`standard_rating_list…`, `rapid_…`, `blitz_…`).
    Single(RatingKind),
}

/// The physical layout of a list file, detected from its header line (TXT)
/// or its first `<player>` element (XML).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum ListLayout {
    /// Combined TXT with the FOA column, 162 columns (§1.1).
    CombinedFoa,
    /// Combined TXT without FOA ("legacy", ~2012–2016 and today's
    /// `players_list_legacy.zip`), 158 columns (§1.3).
    CombinedLegacy,
    /// Per-type TXT with FOA (since Sep 2016), 136 columns (§1.2).
    SingleFoa,
    /// Per-type TXT without FOA (~2012–Aug 2016), 132 columns (§1.4).
    SingleLegacy,
    /// Pre-2012 TXT (`ID number … TitlFed Mar11 GamesBorn Flag`, §1.5).
    Pre2012,
    /// XML whose players carry `rapid_…`/`blitz_…` elements (§2.1).
    XmlCombined,
    /// XML with one `rating`/`games`/`k` triple per player (§2.2).
    XmlSingle,
}

/// The month a list was published for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct ListPeriod {
    /// Four-digit year.
    pub year: u16,
    /// Month, 1–12.
    pub month: u8,
}

/// What is known about a list besides its records.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct ListMeta {
    /// Detected layout.
    pub layout: ListLayout,
    /// Which ratings the list holds.
    pub kind: ListKind,
    /// True when the file is a per-type list but nothing (file name, member
    /// name, caller) said which time control: it is then read as standard.
    pub kind_assumed: bool,
    /// The list's month, from the header's month token (`JAN23`, `Mar11`) or
    /// the file name (`standard_oct13frl.txt`, `JAN01FRL.TXT`). Combined lists
    /// name no month, so this is usually `None` for them.
    pub period: Option<ListPeriod>,
    /// The TXT header line (lossily decoded), `None` for XML.
    pub header: Option<String>,
    /// The file name the list was read from (the zip member's name when the
    /// list came out of a zip).
    pub name: Option<String>,
}
