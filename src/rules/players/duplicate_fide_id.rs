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
    // Sorted by ID, then file order: each player after the first of a run
    // repeats the first's ID. The repeats are then taken in file order.
    // Each ID's first player, in a table of twice as many slots as IDs
    // (open addressing): every player after the first with an ID repeats
    // it, named in player order.
    let mut repeats: Vec<(usize, usize)> = Vec::new();
    let n = players.iter().filter(|p| p.fide_id.is_some()).count();
    let slots = (2 * n).next_power_of_two().max(2);
    let shift = 64 - slots.trailing_zeros();
    let mut table: Vec<(u64, u32)> = vec![(0, u32::MAX); slots];
    for (i, p) in players.iter().enumerate() {
        let Some(id) = p.fide_id.map(|f| f.value) else {
            continue;
        };
        let mut k = (id.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> shift) as usize;
        loop {
            let Some(slot) = table.get_mut(k) else {
                k = 0;
                continue;
            };
            if slot.1 == u32::MAX {
                *slot = (id, i as u32);
                break;
            }
            if slot.0 == id {
                repeats.push((i, slot.1 as usize));
                break;
            }
            k = (k + 1) & (slots - 1);
        }
    }
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
