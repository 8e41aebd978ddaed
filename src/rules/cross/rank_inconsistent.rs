//! Rule `rank-inconsistent`.

use crate::diag::Diagnostic;
use crate::model::{Player, TeamRecord};
use crate::rules::{always, Ctx};

crate::declare_rule! {
    /// ## What it checks
    /// That the ranks in columns 86-89 order the players by their points
    /// (columns 81-84): nobody with more points has a worse (greater) rank.
    /// Players on equal points may come in any order (tie-breaks decide)
    /// and may share a rank (TRF26 allows ties), but two players sharing a
    /// rank must have the same points.
    ///
    /// Players are sorted by rank once and each compared with the player
    /// ranked just above, so an inversion is reported against its nearest
    /// offender only; when there are five or more inversions and they touch
    /// a quarter of the players, the column evidently holds something else
    /// (the seeding, the pairing order) and one finding says so instead.
    /// Players without a rank or points, or with rank 0,
    /// are skipped, and so are team events (TRF26 `310` records), where a
    /// player's rank follows the team's standing.
    ///
    /// ## Why it matters
    /// The rank is mandatory for rating and, in TRF26, for pairing and
    /// tie-breaks. A rank that contradicts the points means the standings
    /// were computed before the last results were entered, or a total was
    /// mistyped.
    ///
    /// ## Example
    /// ```text
    /// 001    4 ...  5.0    3
    /// 001    9 ...  5.5    4
    /// ```
    /// Use instead: swap the ranks (player 9 third, player 4 fourth), or
    /// correct the points.
    ///
    /// ## Reference
    /// TRF16 record 001, columns 86-89 (rank, mandatory for rating); TRF26
    /// record 001 ("exact definition, ties allowed").
    pub(crate) static RANK_INCONSISTENT = {
        code: "TRF-X005", name: "rank-inconsistent",
        severity: Warning, summary: "ranks that do not follow the points",
        consequence: Cosmetic,
        source: "the final rank (columns 86-89) does not enter the rating calculation",
        applies: always, check: check,
    };
}

const REFERENCE: &str = "TRF16 record 001, columns 86-89 (rank)";

/// From this many inversions, when they concern a quarter of the players or
/// more, the rule reports the column as a whole.
const SUMMARY_MIN: usize = 5;

/// The players with points and a rank above 0, in order of rank, those
/// sharing one in file order (a counting sort over the ranks: O(players +
/// highest rank)).
fn by_rank(players: &[Player]) -> Vec<&Player> {
    // Each player's rank where it counts (points and a rank), `0` where it
    // does not: the players are read once, and the counting and placing
    // passes read these two bytes a player instead.
    let keys: Vec<u16> = players
        .iter()
        .map(|p| match (&p.points, &p.rank) {
            (Some(_), Some(r)) => r.value,
            _ => 0,
        })
        .collect();
    let Some(first) = players.first() else {
        return Vec::new();
    };
    let highest = usize::from(keys.iter().copied().max().unwrap_or(0));
    // `at[r]`: how many keys are below `r` (the players left out, key `0`,
    // among them), then where the players of rank `r` go next.
    let mut at = vec![0u32; highest + 2];
    for &r in &keys {
        at[usize::from(r) + 1] += 1;
    }
    let left_out = at[1];
    for r in 1..at.len() {
        at[r] += at[r - 1];
    }
    let mut out = vec![first; keys.len() - left_out as usize];
    for (p, &r) in players.iter().zip(&keys) {
        if r != 0 {
            let next = &mut at[usize::from(r)];
            if let Some(slot) = out.get_mut((*next - left_out) as usize) {
                *slot = p;
            }
            *next += 1;
        }
    }
    out
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let t = ctx.tournament;
    if t.teams.iter().any(|team| team.record == TeamRecord::R310) {
        return;
    }
    let ranked = by_rank(&t.players);
    let mut inversions: Vec<Diagnostic> = Vec::new();
    for pair in ranked.windows(2) {
        let [above, below] = pair else { continue };
        let (Some(ra), Some(rb), Some(pa), Some(pb)) =
            (&above.rank, &below.rank, &above.points, &below.points)
        else {
            continue;
        };
        // Ranks in order and points that do not go up: nothing to say (the
        // case of nearly every pair).
        if ra.value < rb.value && pb.value <= pa.value {
            continue;
        }
        // The labels are formatted only for a finding.
        let labels = || (above.rank_label(), below.rank_label());
        if ra.value == rb.value && pa.value != pb.value {
            let (a, b) = labels();
            out.push(
                RANK_INCONSISTENT
                    .diag(format!(
                        "players `{a}` and `{b}` share rank `{}` but have `{}` and `{}` points",
                        ra.value, pa.value, pb.value
                    ))
                    .primary(rb.span, format!("player {b}: {} points", pb.value))
                    .secondary(ra.span, format!("player {a}: {} points", pa.value))
                    .help("only players on equal points may share a rank: renumber the ranks by points and tie-breaks")
                    .reference(REFERENCE),
            );
        } else if ra.value < rb.value && pb.value > pa.value {
            let (a, b) = labels();
            inversions.push(
                RANK_INCONSISTENT
                    .diag(format!(
                        "player `{b}` is ranked `{}` with `{}` points, below player `{a}` ranked `{}` with `{}`",
                        rb.value, pb.value, ra.value, pa.value
                    ))
                    .primary(rb.span, format!("{} points", pb.value))
                    .secondary(ra.span, format!("{} points", pa.value))
                    .help("rank the players by points, then tie-breaks; or correct the points if a total was mistyped")
                    .reference(REFERENCE),
            );
        }
    }
    // Many inversions mean the column holds something else (the seeding,
    // the pairing order): one finding says so better than dozens.
    let n = inversions.len();
    if n >= SUMMARY_MIN && n * 4 >= ranked.len() {
        let span = inversions[0].primary_span();
        let mut d = RANK_INCONSISTENT
            .diag(format!(
                "`{n}` of `{}` players are ranked below a player with fewer points: the ranks do not follow the points",
                ranked.len()
            ))
            .help("if columns 86-89 hold the seeding or the pairing order, write each player's place in the standings instead")
            .reference(REFERENCE);
        if let Some(span) = span {
            d = d.primary(span, "first player out of order");
        }
        out.push(d);
    } else {
        out.extend(inversions);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The former counting sort, which read each player at every pass.
    fn former(players: &[Player]) -> Vec<&Player> {
        let rank = |p: &Player| match (&p.points, &p.rank) {
            (Some(_), Some(r)) if r.value > 0 => Some(usize::from(r.value)),
            _ => None,
        };
        let mut highest = 0;
        let mut n = 0;
        for r in players.iter().filter_map(rank) {
            highest = highest.max(r);
            n += 1;
        }
        let Some(first) = players.first() else {
            return Vec::new();
        };
        let mut at = vec![0usize; highest + 2];
        for r in players.iter().filter_map(rank) {
            at[r + 1] += 1;
        }
        for r in 1..at.len() {
            at[r] += at[r - 1];
        }
        let mut out = vec![first; n];
        for p in players {
            if let Some(r) = rank(p) {
                if let Some(slot) = out.get_mut(at[r]) {
                    *slot = p;
                }
                at[r] += 1;
            }
        }
        out
    }

    /// [`by_rank`] orders the same players the same way as the former sort
    /// (the same player at each place, by address), on every file of
    /// `samples/` and the shared corpus, on generated reports, and on reports
    /// with shared, missing, zero and out-of-order ranks and missing points.
    #[test]
    fn by_rank_is_the_former_sort() {
        let mut texts = crate::eligibility::tests::sample_and_corpus_texts();
        // Enough generated reports that the count below holds on a fresh
        // clone too, without the shared corpus.
        for seed in 1..30 {
            let opts = crate::generate::GenOptions {
                players: 120,
                rounds: 7,
                seed,
                ..Default::default()
            };
            texts.extend(crate::generate::generate(&opts).ok());
        }
        let line = |start: u16, points: &str, rank: &str| {
            format!(
                "001 {start:>4} m    Player {start:<26} 2000 GER    12345678 1990/01/01 {points:>4} {rank:>4}\n"
            )
        };
        for ranks in [
            ["3", "1", "2", "2"],
            ["0", "", "1", "1"],
            ["4", "4", "0", "9"],
        ] {
            let mut text = String::from("012 Test\n");
            for (k, r) in ranks.iter().enumerate() {
                let points = if k == 2 { "" } else { "1.0" };
                text += &line(k as u16 + 1, points, r);
            }
            texts.push(text);
        }
        let mut placed = 0;
        for text in &texts {
            let parsed = crate::parse_str(text);
            let players = &parsed.tournament.players;
            let (new, old) = (by_rank(players), former(players));
            let at = |v: &[&Player]| v.iter().map(|p| *p as *const Player).collect::<Vec<_>>();
            assert_eq!(at(&new), at(&old), "{text}");
            placed += new.len();
        }
        assert!(
            texts.len() > 300 && placed > 5_000,
            "{} {placed}",
            texts.len()
        );
    }
}
