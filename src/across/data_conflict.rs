//! Rule `player-data-conflict`: one player described differently by two
//! reports.

use super::keys::PlayerKey;
use super::{across_rule, noted, PlayerIndex, ReportKeys, Sink};
use crate::diag::Consequence;
use crate::model::PartialDate;
use crate::source::span::Span;
use std::collections::{HashMap, HashSet};
use std::hash::{DefaultHasher, Hash, Hasher};

across_rule! {
    /// ## What it checks
    /// Among the reports read together:
    /// - one FIDE ID with another name, birth date, sex or federation in
    ///   another report (names compared as the reader compares them with
    ///   the rating list: case, accents, word order, the comma and `ü` = `ue`
    ///   do not count; a birth year agrees with a full date of that year);
    /// - two FIDE IDs for one person: the same name, full birth date and sex
    ///   under different IDs in two reports.
    ///
    /// Each report is compared with the first report given that holds the
    /// ID (or the person).
    ///
    /// ## Why it matters
    /// FIDE keeps one record per player: one of the reports is wrong, or
    /// one ID belongs to someone else. A wrong field in `001` is cosmetic
    /// for the rating (TRF16 "warning if wrong"); FIDE has not published
    /// what it does when two reports disagree, and trfkit assumes the rating
    /// list's data is kept. A player holding two FIDE IDs is not rated for
    /// the games under the later one (FIDE Registration regulations art.
    /// 1.4, from 1 January 2016); trfkit takes the higher number for the
    /// later ID, and only guesses that two records are one person, so it
    /// warns.
    ///
    /// ## Example
    /// `open.trf`: `001 … Doe, John … 1850 ENG 401234 1990/01/01`;
    /// `rapid.trf`: `001 … Doe, Jon … 1850 SCO 401234 1990/01/01`. Check the
    /// player's data against the FIDE profile and correct the wrong report.
    ///
    /// ## Reference
    /// TRF16 record 001 (name, sex, federation, birth date; FIDE ID columns
    /// 58-68); FIDE Registration regulations art. 1.4 (two FIDE IDs).
    PLAYER_DATA_CONFLICT = "TRF-A003", "player-data-conflict", Warning,
    "one player with different data in two reports, or two FIDE IDs for one person",
    Cosmetic, "TRF16 marks 001 data other than the FIDE ID \"warning if wrong\"; FIDE has not published what it does when two reports disagree, and trfkit assumes the rating list's data is kept; two IDs for one person: games under the later ID not rated (FIDE Registration regulations art. 1.4, from 1 Jan 2016)", unconfirmed: true,
    reading: "FIDE has not published what it does when two reports give one player different data; trfkit reads it as the rating list's data being kept, and warns";
}

/// One place a player stands: report and player.
type Place = (u32, u32);

pub(crate) fn find(reports: &[ReportKeys], ids: &PlayerIndex, out: &mut dyn Sink) {
    let player = |(r, p): Place| &reports[r as usize].players[p as usize];
    for (id, places) in &ids.shared {
        let first = places[0];
        let a = player(first);
        // Places come in report order: one comparison per other report.
        let mut last = first.0;
        for &other in &places[1..] {
            if other.0 == last {
                continue;
            }
            last = other.0;
            let b = player(other);
            let diff = differences(a, b);
            if diff.is_empty() {
                continue;
            }
            emit_fields(reports, *id, other, first, b, a, &diff, out);
            emit_fields(reports, *id, first, other, a, b, &diff, out);
        }
    }
    two_ids(reports, out);
}

/// A field two reports disagree on.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Field {
    Name,
    BirthDate,
    Sex,
    Federation,
}

impl Field {
    fn word(self) -> &'static str {
        match self {
            Field::Name => "name",
            Field::BirthDate => "birth date",
            Field::Sex => "sex",
            Field::Federation => "federation",
        }
    }

    /// The value as the report writes it, and where.
    fn of(self, p: &PlayerKey) -> (String, Span) {
        let none = || ("blank".to_owned(), p.span);
        match self {
            Field::Name => (p.name.value.to_string(), p.name.span),
            Field::BirthDate => p
                .birth_date
                .map(|b| (b.value.to_string(), b.span))
                .unwrap_or_else(none),
            Field::Sex => p
                .sex
                .map(|s| {
                    let w = match s.value {
                        crate::model::Sex::Male => "m",
                        crate::model::Sex::Female => "w",
                    };
                    (w.to_owned(), s.span)
                })
                .unwrap_or_else(none),
            Field::Federation => p
                .federation
                .as_ref()
                .map(|f| (f.value.to_string(), f.span))
                .unwrap_or_else(none),
        }
    }
}

/// The fields two records of one FIDE ID disagree on. A blank field is
/// missing data, not a conflict.
fn differences(a: &PlayerKey, b: &PlayerKey) -> Vec<Field> {
    let mut out = Vec::new();
    if !crate::ratinglist::same_name(&a.name.value, &b.name.value)
        && !crate::ratinglist::same_name(&b.name.value, &a.name.value)
    {
        out.push(Field::Name);
    }
    if let (Some(x), Some(y)) = (a.birth_date, b.birth_date) {
        if !compatible(x.value, y.value) {
            out.push(Field::BirthDate);
        }
    }
    if let (Some(x), Some(y)) = (a.sex, b.sex) {
        if x.value != y.value {
            out.push(Field::Sex);
        }
    }
    if let (Some(x), Some(y)) = (&a.federation, &b.federation) {
        if !x.value.trim().eq_ignore_ascii_case(y.value.trim()) {
            out.push(Field::Federation);
        }
    }
    out
}

/// Two birth dates agree on everything both know (a year agrees with a full
/// date of that year).
fn compatible(a: PartialDate, b: PartialDate) -> bool {
    let same = |x: Option<u32>, y: Option<u32>| x.zip(y).is_none_or(|(x, y)| x == y);
    a.year == b.year && same(a.month, b.month) && same(a.day, b.day)
}

/// The finding in the report of `here` (player `mine`) about `there`.
#[allow(clippy::too_many_arguments)]
fn emit_fields(
    reports: &[ReportKeys],
    id: u64,
    here: Place,
    there: Place,
    mine: &PlayerKey,
    theirs: &PlayerKey,
    diff: &[Field],
    out: &mut dyn Sink,
) {
    let what: Vec<String> = diff
        .iter()
        .map(|f| {
            format!(
                "{} `{}` here, `{}` there",
                f.word(),
                f.of(mine).0,
                f.of(theirs).0
            )
        })
        .collect();
    let mut d = PLAYER_DATA_CONFLICT.diag(format!(
        "FIDE ID {id} ({}) is described differently in {}: {}",
        mine.designation(),
        reports[there.0 as usize].quoted(),
        what.join("; ")
    ));
    for (k, f) in diff.iter().enumerate() {
        let (_, span) = f.of(mine);
        let text = format!("{} differs in the other report", f.word());
        d = if k == 0 {
            d.primary(span, text)
        } else {
            d.secondary(span, text)
        };
    }
    // People read one entry per pair of reports that lists the players
    // (a name that differs is among the values).
    let who = if diff.contains(&Field::Name) {
        format!("FIDE ID {id} ({})", mine.designation())
    } else {
        format!(
            "FIDE ID {id} ({}, `{}`)",
            mine.designation(),
            mine.name.value
        )
    };
    let d = d.grouped(
        format!(
            "players described differently in {}",
            reports[there.0 as usize].quoted()
        ),
        format!("{who}: {}", what.join("; ")),
    );
    out.push(
        here.0 as usize,
        noted(
            &PLAYER_DATA_CONFLICT,
            d.help(format!(
                "compare the player's FIDE profile and correct this report or {}",
                reports[there.0 as usize].quoted()
            ))
            .reference("TRF16 record 001 (name, sex, federation, birth date)"),
        ),
    );
}

/// A person as far as two reports can tell: the folded name, the full
/// birth date and the sex, hashed.
fn person(p: &PlayerKey) -> Option<u64> {
    let date = p.birth_date?.value.full()?;
    let sex = p.sex?.value;
    let mut words = crate::ratinglist::fold_name(&p.name.value, true);
    if words.is_empty() {
        return None;
    }
    words.sort_unstable();
    let mut h = DefaultHasher::new();
    (words, date, sex as u8).hash(&mut h);
    Some(h.finish())
}

/// Two FIDE IDs for one person across two reports.
fn two_ids(reports: &[ReportKeys], out: &mut dyn Sink) {
    let mut first: HashMap<u64, (u64, Place)> = HashMap::new();
    let mut reported: HashSet<(u64, u64)> = HashSet::new();
    for (r, rep) in reports.iter().enumerate() {
        for (p, b) in rep.players.iter().enumerate() {
            let (Some(id), Some(key)) = (b.fide_id, person(b)) else {
                continue;
            };
            let here = (r as u32, p as u32);
            let (other_id, there) = *first.entry(key).or_insert((id.value, here));
            if other_id == id.value || there.0 == here.0 || !reported.insert((key, id.value)) {
                continue;
            }
            let a = &reports[there.0 as usize].players[there.1 as usize];
            // The hash agreed: make sure the records do.
            if !differences(a, b).is_empty() {
                continue;
            }
            emit_ids(reports, (here, b, id.value), (there, a, other_id), out);
            emit_ids(reports, (there, a, other_id), (here, b, id.value), out);
        }
    }
}

/// The finding in the report of `mine` about the same person under
/// another ID in `theirs`.
fn emit_ids(
    reports: &[ReportKeys],
    mine: (Place, &PlayerKey, u64),
    theirs: (Place, &PlayerKey, u64),
    out: &mut dyn Sink,
) {
    let (here, p, id) = mine;
    let (there, _, other) = theirs;
    let later = id > other;
    let mut d = PLAYER_DATA_CONFLICT
        .diag(format!(
            "{} ({}, born {}) has FIDE ID {id} here and FIDE ID {other} in {}: two IDs for one person?",
            p.designation(),
            p.name.value,
            p.birth_date.map(|b| b.value.to_string()).unwrap_or_default(),
            reports[there.0 as usize].quoted()
        ))
        .primary(
            p.fide_id.map_or(p.span, |f| f.span),
            if later {
                "the later of two IDs"
            } else {
                "the earlier of two IDs"
            },
        );
    if later {
        d = d.with_consequence(Consequence::PlayersNotRated);
    }
    let help = if later {
        format!("if both records are one person, FIDE does not rate the games under the later ID ({id}): use ID {other} here")
    } else {
        format!(
            "if both records are one person, {} should use this ID ({id}) too",
            reports[there.0 as usize].quoted()
        )
    };
    out.push(
        here.0 as usize,
        noted(
            &PLAYER_DATA_CONFLICT,
            d.help(help)
                .reference("FIDE Registration regulations art. 1.4 (from 1 January 2016)"),
        ),
    );
}
