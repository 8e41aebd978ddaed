//! Synthetic combined lists for benchmarks and tests.
//!
//! Writes a `players_list_foa.txt` look-alike (docs/spec/rating-list-formats.md §1.1):
//! the real header, 162-column CRLF lines with realistic field widths and
//! value mixes, the `0` encoding of unrated lists (§3.5), and one `OTit`
//! overflow line per 640,000 players (§0.4). [`FULL_LIST_PLAYERS`] players
//! give 317 MB, the size of the real Oct 2026 file. The data is invented: deterministic
//! pseudo-random names and values, not real players.

use std::io::{self, Write};

/// The combined FOA header line (§1.1).
pub const COMBINED_FOA_HEADER: &str = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag";

/// Player count of the real Oct 2026 combined list (§3.3).
pub const FULL_LIST_PLAYERS: u64 = 1_932_867;

/// The FIDE ID of synthetic player `i`: a bijection of `0..900_000_000`
/// onto 6- to 9-digit IDs, so IDs are unique and not in file order (real
/// lists are sorted by name).
pub fn synthetic_fide_id(i: u64) -> u64 {
    // 2_654_435_761 is coprime to 900_000_000 = 2^8·3^2·5^8.
    100_000 + (i % 900_000_000) * 2_654_435_761 % 900_000_000
}

/// Writes a synthetic combined list of `players` players; returns the bytes
/// written. Player `i` has ID [`synthetic_fide_id`]`(i)`.
pub fn write_synthetic_combined<W: Write>(out: W, players: u64) -> io::Result<u64> {
    let mut out = io::BufWriter::with_capacity(1 << 20, out);
    let mut written = 0u64;
    out.write_all(COMBINED_FOA_HEADER.as_bytes())?;
    out.write_all(b"\r\n")?;
    written += COMBINED_FOA_HEADER.len() as u64 + 2;
    let mut line = Vec::with_capacity(200);
    for i in 0..players {
        line.clear();
        synthetic_line(i, &mut line);
        line.extend_from_slice(b"\r\n");
        out.write_all(&line)?;
        written += line.len() as u64;
    }
    out.flush()?;
    Ok(written)
}

/// `count` IDs to look up in a synthetic list of `players`: `count - 1`
/// players spread evenly through the file (the last one near its end) and
/// one ID the list does not hold, so a lookup must read the whole file:
/// the worst case of [`crate::ratinglist::RatingList::lookup_many`].
pub fn benchmark_ids(players: u64, count: usize) -> Vec<u64> {
    if count == 0 {
        return Vec::new();
    }
    let present = if players == 0 { 0 } else { count as u64 - 1 };
    let mut ids: Vec<u64> = (1..=present)
        .map(|k| synthetic_fide_id(k * players / (present + 1)))
        .collect();
    // Below every synthetic ID (they start at 100,000).
    ids.push(99_999);
    ids
}

/// Synthetic player `i` as the list writes it: what a report about the
/// same person must say (a month of reports drawn from the list,
/// [`crate::generate::month_report`]).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct SyntheticPlayer {
    /// FIDE ID ([`synthetic_fide_id`]).
    pub fide_id: u64,
    /// `Surname, Given`.
    pub name: String,
    /// Federation code.
    pub federation: String,
    /// Sex `F`.
    pub female: bool,
    /// Title (`GM`, `WFM`, …), empty when none.
    pub title: String,
    /// Standard rating, when rated.
    pub standard: Option<u16>,
    /// Birth year, when the list has one.
    pub birth_year: Option<u16>,
    /// Flagged inactive (`i`, `wi`): no game on any of its lists.
    pub inactive: bool,
}

/// Player `i` of the synthetic list, read back from its line; `None` for
/// the players whose `OTit` overflows its columns (one in 640,000).
pub fn synthetic_player(i: u64) -> Option<SyntheticPlayer> {
    if i % 640_000 == 333_333 {
        return None;
    }
    let mut line = Vec::with_capacity(200);
    synthetic_line(i, &mut line);
    let field = |a: usize, b: usize| {
        String::from_utf8_lossy(line.get(a..b.min(line.len())).unwrap_or_default())
            .trim()
            .to_owned()
    };
    let num = |a: usize, b: usize| field(a, b).parse::<u16>().ok().filter(|n| *n > 0);
    Some(SyntheticPlayer {
        fide_id: synthetic_fide_id(i),
        name: field(15, 76),
        federation: field(76, 80),
        female: field(80, 84) == "F",
        title: field(84, 89),
        standard: num(113, 119),
        birth_year: num(152, 158),
        inactive: field(158, 163).contains('i'),
    })
}

/// SplitMix64: a tiny, good-enough generator, seeded per player so any
/// player's line can be produced on its own.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// True with probability `per_mille`/1000.
    fn chance(&mut self, per_mille: u64) -> bool {
        self.below(1000) < per_mille
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len() as u64) as usize]
    }
}

const SYLLABLES: &[&str] = &[
    "an", "ber", "chen", "dra", "el", "fer", "gu", "han", "ko", "li", "ma", "nov", "os", "pe",
    "ra", "son", "ta", "vi", "wu", "zak", "mir", "sha", "kum", "ar", "rez", "lo", "den", "ski",
];
const FEDERATIONS: &[&str] = &[
    "IND", "GER", "FRA", "ESP", "RUS", "USA", "POL", "ITA", "IRI", "TUR", "CZE", "NED", "BRA",
    "ARG", "HUN", "SRB", "UKR", "ENG", "CHN", "SVK", "BAN", "AUT", "SUI", "BEL", "GRE", "CRO",
    "SWE", "NOR", "DEN", "PHI", "MEX", "COL", "PER", "KAZ", "UZB", "EGY", "RSA", "AUS", "CAN",
    "ISR",
];

fn syllables(rng: &mut Rng, n: u64, into: &mut Vec<u8>) {
    for k in 0..n {
        let s = rng.pick(SYLLABLES).as_bytes();
        if k == 0 {
            into.push(s[0].to_ascii_uppercase());
            into.extend_from_slice(&s[1..]);
        } else {
            into.extend_from_slice(s);
        }
    }
}

/// Appends `value` and pads with blanks to `width` (never truncating, so a
/// long value overflows the way the real `OTit` does).
fn put(line: &mut Vec<u8>, value: &[u8], width: usize) {
    line.extend_from_slice(value);
    line.resize(line.len() + width.saturating_sub(value.len()), b' ');
}

fn put_num(line: &mut Vec<u8>, n: u64, width: usize) {
    let mut buf = [0u8; 20];
    let mut at = buf.len();
    let mut n = n;
    loop {
        at -= 1;
        buf[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    put(line, &buf[at..], width);
}

/// The line of player `i`, without line end.
fn synthetic_line(i: u64, line: &mut Vec<u8>) {
    let mut rng = Rng(i ^ 0x5EED_F1DE);
    put_num(line, synthetic_fide_id(i), 15);

    let mut name = Vec::with_capacity(61);
    let surname = 2 + rng.below(3);
    syllables(&mut rng, surname, &mut name);
    if !rng.chance(100) {
        name.extend_from_slice(b", ");
        let given = 1 + rng.below(3);
        syllables(&mut rng, given, &mut name);
    }
    put(line, &name, 61);
    put(line, rng.pick(FEDERATIONS).as_bytes(), 4);
    let female = rng.chance(120);
    put(line, if female { b"F" } else { b"M" }, 4);

    let (title, wtitle): (&[u8], &[u8]) = match rng.below(1000) {
        0 => (b"GM", b""),
        1..=2 => (b"IM", b""),
        3..=8 => (b"FM", b""),
        9..=13 if !female => (b"CM", b""),
        9..=10 => (b"WGM", b"WGM"),
        11..=13 => (b"WFM", b"WFM"),
        _ => (b"", b""),
    };
    put(line, title, 5);
    put(line, wtitle, 5);
    let overflow = i % 640_000 == 333_333;
    let otit: &[u8] = if overflow {
        b"SI,FI,LSI,SLI,NA"
    } else {
        match rng.below(1000) {
            0..=2 => b"FA",
            3 => b"IA,FT",
            4 => b"NA,FI",
            _ => b"",
        }
    };
    put(line, otit, 15);
    put(line, if rng.chance(3) { b"AFM" } else { b"" }, 4);

    // Each list's rating, games of the period and a draw for the player's
    // history (the same calls, in the same order, as ever: every other
    // field of every synthetic player stays as it was).
    let mut lists = [(0u64, 0u64, 0u64); 3];
    for (list, per_mille) in lists.iter_mut().zip([380, 330, 300]) {
        if rng.chance(per_mille) {
            let rating = 1000 + rng.below(1700);
            let games = if rng.chance(850) {
                0
            } else {
                1 + rng.below(20)
            };
            *list = (rating, games, rng.below(4));
        }
    }
    let birth_year = if rng.chance(20) {
        None
    } else {
        Some(1930 + rng.below(90))
    };
    for (rating, games, history) in lists {
        if rating == 0 {
            put(line, b"0", 6);
            put(line, b"0", 4);
            put(line, b"0", 3);
        } else {
            put_num(line, rating, 6);
            put_num(line, games, 4);
            put_num(line, u64::from(list_k(rating, birth_year, history)), 3);
        }
    }
    match birth_year {
        None => put(line, b"0", 6),
        Some(y) => put_num(line, y, 6),
    }
    // Inactive only without a game on any list (FIDE flags a player
    // inactive after a year without rated games).
    let played = lists.iter().any(|l| l.1 > 0);
    let inactive = rng.chance(450) && !played;
    let flag: &[u8] = match (female, inactive) {
        (true, true) => b"wi",
        (true, false) => b"w",
        (false, true) => b"i",
        (false, false) => b"",
    };
    put(line, flag, 4);
}

/// The year the synthetic list stands for (the size of the real Oct 2026
/// list): a junior is 18 or younger in it.
pub(crate) const LIST_YEAR: u64 = 2026;

/// K as the FIDE Rating Regulations in force for the list give it
/// (2024 edition, art. 8.3.3): 40 for a player new to the list (fewer than
/// 30 rated games) and for a junior below 2300, 10 once 2400 was reached
/// (permanent), else 20. `history` (0 to 3) stands for what a list does
/// not show: a player below 2000 drawing 0 is new; one of 2300 or more
/// drawing 3 reached 2400 before.
pub(crate) fn list_k(rating: u64, birth_year: Option<u64>, history: u64) -> u8 {
    let rules = crate::regulations::Version::V2024
        .regulations()
        .k_factor
        .at(chrono::NaiveDate::from_ymd_opt(2026, 10, 1).unwrap_or_default());
    let new = history == 0 && rating < 2000;
    let top = rating >= u64::from(rules.top_threshold) || (rating >= 2300 && history == 3);
    let junior = rules.junior.filter(|j| {
        rating < u64::from(j.below_rating)
            && birth_year.is_some_and(|y| LIST_YEAR.saturating_sub(y) <= 18)
    });
    if new {
        rules.new_player
    } else if top {
        rules.top
    } else if let Some(j) = junior {
        j.k
    } else {
        rules.standard
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn ids_are_unique_and_6_to_9_digits() {
        let mut seen = HashSet::new();
        for i in 0..200_000 {
            let id = synthetic_fide_id(i);
            assert!((100_000..1_000_000_000).contains(&id), "{id}");
            assert!(seen.insert(id), "duplicate {id} at {i}");
        }
    }

    #[test]
    fn benchmark_ids_are_distinct_with_one_absent() {
        let ids = benchmark_ids(1_900_000, 300);
        assert_eq!(ids.len(), 300);
        let set: HashSet<u64> = ids.iter().copied().collect();
        assert_eq!(set.len(), 300);
        assert_eq!(ids[299], 99_999);
        assert_eq!(ids[298], synthetic_fide_id(299 * 1_900_000 / 300));
        assert_eq!(benchmark_ids(0, 3), [99_999]);
        assert!(benchmark_ids(10, 0).is_empty());
    }

    #[test]
    fn players_read_back_as_the_list_writes_them() {
        for i in [0, 1, 17, 99_999, 1_000_000] {
            let p = synthetic_player(i).unwrap();
            let mut line = Vec::new();
            synthetic_line(i, &mut line);
            let line = String::from_utf8(line).unwrap();
            assert!(line.starts_with(&p.fide_id.to_string()));
            assert!(line.contains(&p.name), "{line}");
            assert_eq!(&line[76..79], p.federation);
            if let Some(y) = p.birth_year {
                assert_eq!(line[152..158].trim(), y.to_string());
            }
        }
        assert!(synthetic_player(333_333).is_none());
    }

    #[test]
    fn k_follows_the_regulations_from_rating_age_and_games() {
        // New to the list, below 2000.
        assert_eq!(list_k(1650, Some(1980), 0), 40);
        // A junior (18 in 2026) below 2300; not one at 19.
        assert_eq!(list_k(2100, Some(2008), 1), 40);
        assert_eq!(list_k(2100, Some(2007), 1), 20);
        // 2400 reached, now or before.
        assert_eq!(list_k(2450, Some(2010), 1), 10);
        assert_eq!(list_k(2350, Some(1990), 3), 10);
        assert_eq!(list_k(2350, Some(1990), 2), 20);
        // Every line: K as the rule gives it, and `i` only without games.
        let mut line = Vec::new();
        for i in 0..20_000 {
            line.clear();
            synthetic_line(i, &mut line);
            let text = String::from_utf8_lossy(&line).into_owned();
            let field = |a: usize, b: usize| text[a..b].trim().to_owned();
            let birth = field(152, 158).parse::<u64>().ok().filter(|y| *y > 0);
            let mut played = false;
            for at in [113, 126, 139] {
                let rating: u64 = field(at, at + 6).parse().unwrap();
                let games: u64 = field(at + 6, at + 10).parse().unwrap();
                let k: u8 = field(at + 10, at + 13).parse().unwrap();
                played |= games > 0;
                if rating == 0 {
                    assert_eq!(k, 0);
                    continue;
                }
                let could = (0..4).any(|h| list_k(rating, birth, h) == k);
                assert!(could, "player {i}: K {k} for {rating}, born {birth:?}");
                if rating >= 2400 {
                    assert_eq!(k, 10, "player {i}");
                }
            }
            if played {
                assert!(!field(158, 162).contains('i'), "player {i}: {text}");
            }
        }
    }

    #[test]
    fn lines_have_the_real_width() {
        let mut line = Vec::new();
        for i in 0..5000 {
            line.clear();
            synthetic_line(i, &mut line);
            assert_eq!(line.len(), 162, "player {i}");
        }
        line.clear();
        synthetic_line(333_333, &mut line);
        assert_eq!(line.len(), 163);
    }
}
