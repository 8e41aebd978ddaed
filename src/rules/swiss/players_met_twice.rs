//! Rule `players-met-twice`.

use super::{applies, article, played, REVIEW};
use crate::diag::Diagnostic;
use crate::model::games::Kind;
use crate::rules::spans::{block_part, Part};
use crate::rules::wording::{named, round_list};
use crate::rules::Ctx;
use std::collections::HashMap;

crate::declare_rule! {
    /// ## What it checks
    /// In a Swiss event, that no two players who have played a game against
    /// each other are paired again. A pairing counts whatever its result
    /// (a game, a game of less than one move, a forfeit, a game not yet
    /// played); the earlier meeting counts only when it was played over
    /// the board (`1 = 0`, `W D L`). A forfeit is not a meeting: players
    /// whose game was forfeited may be paired again. One finding per pair
    /// names every round they were paired again.
    ///
    /// ## Why it matters
    /// "Two players shall not play each other more than once" is the first
    /// basic rule of every Swiss system, and an absolute criterion of the
    /// Dutch system. A repeated pairing is a pairing error, a manual change,
    /// or a typing error in an opponent's number. FIDE's rating does not
    /// depend on it: the finding is for the arbiter to review and does not
    /// change the verdict. The report cannot tell whether the tournament's
    /// own rules allowed it (a Swiss played over more rounds than players
    /// can meet once, for example).
    ///
    /// ## Example
    /// ```text
    /// 001    1 ...    3 w 1     2 b =     3 b 0
    /// ```
    /// Player 1 meets player 3 in rounds 1 and 3. Use instead: the pairing
    /// the rules give for round 3, or the opponent actually met.
    ///
    /// ## Reference
    /// FIDE Handbook C.04.1, Basic rules for Swiss systems: b (until
    /// 31 January 2026), art. 2 (2026 edition); C.04.2 D.6 / art. 3.5
    /// (unplayed games may be paired again); Dutch system C.1 / [C1].
    pub(crate) static PLAYERS_MET_TWICE = {
        code: "TRF-W001", name: "players-met-twice",
        severity: Warning, summary: "two players paired again after playing each other (Swiss)",
        consequence: Cosmetic,
        source: "C.04.1 (basic rules for Swiss systems) b / 2026 art. 2; FIDE's rating does not depend on the pairings (B.02 rates the games played)",
        applies: applies, check: check,
    };
}

/// A pairing of the report: round, the two players, whether played, row.
struct Meeting {
    round: u16,
    pair: (u32, u32),
    played: bool,
    row: u32,
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let paired = Kind::GAME_OR_FORFEIT | Kind::PENDING;
    let rows = ctx.games.rows();
    let mut meetings: Vec<Meeting> = rows
        .iter()
        .enumerate()
        .filter(|(_, g)| g.has_any(paired) && g.is_pairing_side())
        .map(|(k, g)| Meeting {
            round: g.round,
            pair: (g.player.min(g.opponent), g.player.max(g.opponent)),
            played: played(g),
            row: k as u32,
        })
        .collect();
    if meetings.is_empty() {
        return;
    }
    meetings.sort_by_key(|m| m.round);
    // Per pair: the first game played over the board, then every later
    // pairing of the two (one finding per pair, however often they met).
    let mut first: HashMap<(u32, u32), usize> = HashMap::new();
    let mut repeats: Vec<(&Meeting, Vec<&Meeting>)> = Vec::new();
    for m in &meetings {
        match first.get(&m.pair) {
            Some(&k) if repeats[k].0.round < m.round => repeats[k].1.push(m),
            Some(_) => {}
            None if m.played => {
                first.insert(m.pair, repeats.len());
                repeats.push((m, Vec::new()));
            }
            None => {}
        }
    }
    for (earlier, again) in repeats.iter().filter(|(_, a)| !a.is_empty()) {
        let g = &rows[again[0].row as usize];
        let e = &rows[earlier.row as usize];
        let (a, b) = (
            ctx.player_of(e),
            &ctx.tournament.players[e.opponent as usize],
        );
        let rounds: Vec<usize> = again.iter().map(|m| usize::from(m.round)).collect();
        let mut d = PLAYERS_MET_TWICE
            .diag(format!(
                "players {} and {} played each other in round `{}` and are paired again in {} {}",
                named(a),
                named(b),
                earlier.round,
                if rounds.len() == 1 { "round" } else { "rounds" },
                round_list(&rounds)
            ))
            .primary(
                block_part(ctx, ctx.block(g).span, Part::Opponent),
                format!("round {}: paired again", again[0].round),
            )
            .secondary(
                block_part(ctx, ctx.block(e).span, Part::Opponent),
                format!("round {}: played", earlier.round),
            );
        for m in &again[1..] {
            let r = &rows[m.row as usize];
            d = d.secondary(
                block_part(ctx, ctx.block(r).span, Part::Opponent),
                format!("round {}: paired again", m.round),
            );
        }
        let d = d
            .help(format!(
                "two players shall not play each other more than once; a forfeit does not count as a meeting. Check the opponent's number; if the pairing was made, it is {REVIEW}"
            ))
            .reference(article(ctx, "b", "2"));
        ctx.emit(out, d);
    }
}
