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
    // `at[r]`: where the players of rank `r` go next.
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
