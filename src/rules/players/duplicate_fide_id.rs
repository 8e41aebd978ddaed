//! Rule `duplicate-fide-id`.

use crate::diag::Diagnostic;
use crate::rules::{always, Ctx};

crate::declare_rule! {
    /// ## What it checks
    /// That no two `001` records carry the same FIDE ID (columns 58-68).
    /// Blank and `0` IDs (players without one) are not compared.
    ///
    /// ## Why it matters
    /// FIDE identifies players by their ID. Two records with one ID are
    /// either the same person entered twice, or a copy-paste slip that
    /// credits one player with another's games; FIDE's server rejects the
    /// report either way.
    ///
    /// ## Example
    /// ```text
    /// 001    4 m    Doe, John                         1850 ENG      401234 1990/01/01 ...
    /// 001    9 m    Doe, Jack                         1720 ENG      401234 1993/04/12 ...
    /// ```
    /// Use instead: Jack Doe's own FIDE ID, or blank if he has none.
    ///
    /// ## Reference
    /// TRF16 record 001, columns 58-68 (FIDE ID, mandatory for rating).
    pub(crate) static DUPLICATE_FIDE_ID = {
        code: "TRF-P002", name: "duplicate-fide-id",
        severity: Error, summary: "two players with the same FIDE ID",
        consequence: FixBeforeUpload,
        source: "FIDE identifies players by FIDE ID (letter to federations, 12 Aug 2013); two players under one ID cannot both be rated",
        applies: always, check: check,
    };
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let players = &ctx.tournament.players;
    let repeats = repeats(players.iter().map(|p| p.fide_id.map(|f| f.value)));
    for (i, j) in repeats {
        let p = &players[i];
        let Some(id) = p.fide_id else { continue };
        let prev = &players[j];
        let prev_span = prev.fide_id.map(|f| f.span).unwrap_or(prev.span);
        out.push(
            DUPLICATE_FIDE_ID
                .diag(format!(
                    "players `{}` (`{}`) and `{}` (`{}`) share FIDE ID `{}`",
                    prev.start_rank.value,
                    prev.name.value,
                    p.start_rank.value,
                    p.name.value,
                    id.value
                ))
                .primary(id.span, "used again here")
                .secondary(prev_span, format!("first used on line {}", prev.line))
                .help("give each player their own FIDE ID, or leave the column blank for a player who has none; if both lines are the same person, merge them")
                .reference("TRF16 record 001, columns 58-68"),
        );
    }
}

/// Each player (index) whose FIDE ID an earlier player has, with the first
/// player who has it, in player order.
fn repeats<I>(ids: I) -> Vec<(usize, usize)>
where
    I: Iterator<Item = Option<u64>> + Clone,
{
    hashed(ids.clone()).unwrap_or_else(|| sorted(ids))
}

/// [`repeats`] by a table of twice as many slots as IDs (open addressing,
/// a multiplicative hash): one pass, no sort. `None` when the probes pass a
/// budget linear in the number of IDs: IDs chosen to share slots would make
/// the table quadratic, and a report's time must stay bounded whatever it
/// holds, so such a list is answered by [`sorted`].
fn hashed<I>(ids: I) -> Option<Vec<(usize, usize)>>
where
    I: Iterator<Item = Option<u64>> + Clone,
{
    let n = ids.clone().flatten().count();
    let slots = (2 * n).next_power_of_two().max(2);
    let shift = 64 - slots.trailing_zeros();
    let mut budget = 4 * n + 64;
    let mut table: Vec<(u64, u32)> = vec![(0, u32::MAX); slots];
    let mut repeats = Vec::new();
    for (i, id) in ids.enumerate() {
        let Some(id) = id else { continue };
        let mut k = slot(id, shift);
        loop {
            let entry = table.get_mut(k)?;
            if entry.1 == u32::MAX {
                *entry = (id, u32::try_from(i).ok()?);
                break;
            }
            if entry.0 == id {
                repeats.push((i, entry.1 as usize));
                break;
            }
            budget = budget.checked_sub(1)?;
            k = (k + 1) & (slots - 1);
        }
    }
    Some(repeats)
}

/// The first slot of `id` in a table of `2^(64 - shift)` slots.
fn slot(id: u64, shift: u32) -> usize {
    (id.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> shift) as usize
}

/// [`repeats`] by sorting (ID, player): each player after the first of a
/// run with one ID repeats the first's; the repeats are then put in player
/// order.
fn sorted<I>(ids: I) -> Vec<(usize, usize)>
where
    I: Iterator<Item = Option<u64>>,
{
    let mut ids: Vec<(u64, usize)> = ids
        .enumerate()
        .filter_map(|(i, id)| id.map(|id| (id, i)))
        .collect();
    ids.sort_unstable();
    let mut repeats: Vec<(usize, usize)> = Vec::new();
    for run in ids.chunk_by(|a, b| a.0 == b.0) {
        let j = run[0].1;
        repeats.extend(run[1..].iter().map(|&(_, i)| (i, j)));
    }
    repeats.sort_unstable();
    repeats
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pairs of (repeating player, first player).
    type Pairs = Vec<(usize, usize)>;

    fn both(ids: &[Option<u64>]) -> (Option<Pairs>, Pairs) {
        (hashed(ids.iter().copied()), sorted(ids.iter().copied()))
    }

    #[test]
    fn the_table_finds_what_sorting_finds() {
        let lists: [&[Option<u64>]; 5] = [
            &[],
            &[None, None],
            &[Some(5), None, Some(5), Some(7), Some(5), Some(7)],
            &[Some(0), Some(0), Some(u64::MAX), Some(u64::MAX), None],
            &[Some(4_100_018), Some(1_503_014), Some(4_100_018), Some(1)],
        ];
        for ids in lists {
            let (table, sort) = both(ids);
            assert_eq!(table.as_ref(), Some(&sort), "{ids:?}");
        }
        // Many players, IDs from 3,001 values: repeats throughout.
        let ids: Vec<Option<u64>> = (0..5_000u64)
            .map(|i| (i % 11 != 0).then_some(10_000_000 + (i * 7919) % 3_001))
            .collect();
        let (table, sort) = both(&ids);
        assert!(!sort.is_empty());
        assert_eq!(table, Some(sort));
    }

    #[test]
    fn ids_chosen_to_share_a_slot_are_answered_by_sorting() {
        // 300 IDs whose first slot is 0 in the table `hashed` builds for
        // 300 IDs (1,024 slots), each given twice.
        let shift = 64 - 1024u32.trailing_zeros();
        let chosen: Vec<u64> = (1..).filter(|&id| slot(id, shift) == 0).take(150).collect();
        let ids: Vec<Option<u64>> = chosen.iter().chain(&chosen).map(|&id| Some(id)).collect();
        let (table, sort) = both(&ids);
        assert_eq!(table, None, "the probe budget must run out");
        assert_eq!(sort.len(), 150);
        assert_eq!(repeats(ids.iter().copied()), sort);
        assert_eq!(sort[0], (150, 0));
    }
}
