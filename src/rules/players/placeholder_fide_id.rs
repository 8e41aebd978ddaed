//! Rule `placeholder-fide-id`.

use crate::diag::Diagnostic;
use crate::model::Player;
use crate::rules::{always, Ctx};
use crate::source::span::Spanned;

crate::declare_rule! {
    /// ## What it checks
    /// That a FIDE ID in `001` columns 58-68 looks like one. FIDE IDs are
    /// numbers of 6 to 9 digits handed out in blocks per federation (e.g.
    /// `600068`, `1503014`, `4100018`, `34100000`-range Russian IDs of up
    /// to 9 digits). It reports, one finding per value (first player and
    /// the number of others):
    /// - a run of one digit (`999999`, `11111111`) or of ascending digits
    ///   (`123456`, `12345678`): a placeholder;
    /// - fewer than 6 digits (`6897`): a national or club number, not a
    ///   FIDE ID;
    /// - more than 9 digits (`70123454321`): longer than any FIDE ID.
    ///
    /// One finding per reason: the first player, the next five as
    /// secondary labels, and the number of others.
    ///
    /// `0` and a blank column mean "no ID" (`missing-fide-id`).
    ///
    /// ## Why it matters
    /// FIDE matches players by ID: a placeholder matches nobody, or
    /// somebody else, and the report is returned (IDs are mandatory since
    /// FIDE's letter of 12 August 2013).
    ///
    /// ## Example
    /// ```text
    /// 001    3 m    Smith, Adam                       1950 IRL        6897 1990/03/03
    /// ```
    /// `6897` is the player's national number: write the FIDE ID.
    ///
    /// ## Reference
    /// TRF16 record 001, columns 58-68 (FIDE ID, mandatory for rating);
    /// FIDE letter to federations of 12 August 2013.
    pub(crate) static PLACEHOLDER_FIDE_ID = {
        code: "TRF-P007", name: "placeholder-fide-id",
        severity: Error, summary: "a FIDE ID that is a placeholder or a national number",
        consequence: FixBeforeUpload,
        source: "FIDE letter to federations of 12 Aug 2013 (from a secondary source): reports whose players have no FIDE ID are rejected; a placeholder or national number is no FIDE ID",
        applies: always, check: check,
    };
}

/// Whether a number's last two digits (`id % 100`, the tens then the
/// units) are neither equal nor ascending: then neither placeholder pattern
/// can hold (one division and a load instead of two digits taken apart).
const PLAIN_ENDING: [bool; 100] = {
    let mut t = [false; 100];
    let mut i = 0;
    while i < 100 {
        let (prev, last) = (i / 10, i % 10);
        t[i] = prev != last && prev + 1 != last;
        i += 1;
    }
    t
};

/// Why a value cannot be a FIDE ID, if it cannot.
pub(crate) fn not_an_id(id: u64) -> Option<&'static str> {
    // Most IDs end in two digits that are neither equal nor ascending: then
    // neither placeholder pattern can hold, and only the length is left.
    if id >= 10 && PLAIN_ENDING[(id % 100) as usize] {
        return match id {
            0..=99_999 => Some("fewer than 6 digits: a national or club number, not a FIDE ID"),
            100_000..=999_999_999 => None,
            _ => Some("more than 9 digits: longer than any FIDE ID"),
        };
    }
    // The decimal digits, on the stack: this runs for every player.
    // The digits from the last, while the number can still be one digit
    // repeated or ascending digits; its length is then exact.
    let (mut same, mut ascending) = (true, true);
    let (mut next, mut rest, mut len) = (id % 10, id / 10, 1usize);
    while rest > 0 && (same || ascending) {
        let d = rest % 10;
        same &= d == next;
        ascending &= d + 1 == next;
        next = d;
        rest /= 10;
        len += 1;
    }
    if same && len >= 2 {
        return Some("the same digit repeated: a placeholder");
    }
    if ascending && len >= 4 {
        return Some("ascending digits: a placeholder");
    }
    match id {
        0..=99_999 => Some("fewer than 6 digits: a national or club number, not a FIDE ID"),
        100_000..=999_999_999 => None,
        _ => Some("more than 9 digits: longer than any FIDE ID"),
    }
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    // One finding per reason: a generator that wrote fake IDs for everybody
    // gives one finding, not one per player.
    let mut groups: Vec<(&'static str, Vec<Written<'_>>)> = Vec::new();
    for p in &ctx.tournament.players {
        let Some(id) = p.fide_id else { continue };
        let Some(why) = not_an_id(id.value) else {
            continue;
        };
        match groups.iter_mut().find(|g| g.0 == why) {
            Some(g) => g.1.push((p, id)),
            None => groups.push((why, vec![(p, id)])),
        }
    }
    for (why, ids) in groups {
        let (first, id) = ids[0];
        let who = match ids.len() {
            1 => first.designation(),
            2 => format!("{} (and `1` other player)", first.designation()),
            n => format!("{} (and `{}` other players)", first.designation(), n - 1),
        };
        let mut d = PLACEHOLDER_FIDE_ID
            .diag(format!(
                "`{}` in the FIDE ID column of {who} is not a FIDE ID: {why}",
                id.value
            ))
            .primary(id.span, "not a FIDE ID");
        for (p, id) in ids.iter().skip(1).take(SHOWN) {
            d = d.secondary(id.span, p.designation());
        }
        out.push(
            d.help("write the player's FIDE ID (look it up on ratings.fide.com); a player without one gets it from their federation before the upload")
                .reference("TRF16 record 001, columns 58-68; FIDE letter to federations, 12 August 2013"),
        );
    }
}

/// Secondary labels drawn at most; the rest are counted in the message.
const SHOWN: usize = 5;

/// A player and the value in their FIDE ID column.
type Written<'a> = (&'a Player, Spanned<u64>);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn real_ids_pass_and_placeholders_do_not() {
        for real in [
            600_068,
            1_503_014,
            4_100_018,
            34_100_000,
            653_054_768,
            400_041,
        ] {
            assert_eq!(not_an_id(real), None, "{real}");
        }
        for fake in [
            999_999,
            11_111_111,
            12_345_678,
            123_456,
            6_897,
            159,
            70_123_454_321,
            1_234_567_890,
        ] {
            assert!(not_an_id(fake).is_some(), "{fake}");
        }
    }

    /// The reasons as the digits written out give them, for comparison.
    fn by_digits(id: u64) -> Option<&'static str> {
        let b = id.to_string().into_bytes();
        if b.len() >= 2 && b.iter().all(|&c| c == b[0]) {
            return Some("the same digit repeated: a placeholder");
        }
        if b.len() >= 4 && b.windows(2).all(|w| w[1] == w[0] + 1) {
            return Some("ascending digits: a placeholder");
        }
        if b.len() < 6 {
            return Some("fewer than 6 digits: a national or club number, not a FIDE ID");
        }
        if b.len() > 9 {
            return Some("more than 9 digits: longer than any FIDE ID");
        }
        None
    }

    #[test]
    fn the_digit_walk_gives_the_reasons_of_the_digits_written_out() {
        let mut ids: Vec<u64> = (0..300_000).collect();
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..300_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            ids.push(x % 10u64.pow((x >> 59) as u32 % 20));
        }
        for len in 1..=20u32 {
            for d in 0..=9u64 {
                let same = (0..len).fold(0u64, |a, _| a.saturating_mul(10).saturating_add(d));
                ids.push(same);
            }
            for from in 0..=9u64 {
                let asc =
                    (0..len.min(10 - from as u32)).fold(0u64, |a, k| a * 10 + from + u64::from(k));
                ids.extend([asc, asc.saturating_add(1), asc.saturating_mul(10)]);
            }
        }
        ids.extend([
            u64::MAX,
            u64::MAX - 1,
            999_999_999,
            1_000_000_000,
            99_999,
            100_000,
        ]);
        for id in ids {
            assert_eq!(not_an_id(id), by_digits(id), "{id}");
        }
    }
}
