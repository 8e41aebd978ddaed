//! Rule `multiple-pairing-byes-in-round`.

use crate::diag::Diagnostic;
use crate::model::games::Kind;
use crate::model::TeamRecord;
use crate::rules::spans::{block_part, Part};
use crate::rules::{always, Ctx};
use crate::source::span::Span;
use std::collections::HashMap;

crate::declare_rule! {
    /// ## What it checks
    /// That at most one player per round has the pairing-allocated bye `U`.
    ///
    /// In a team event (`013` or `310` records) the bye goes to a team, and
    /// every player of that team is written with `U`: there the rule checks
    /// that the `U`s of a round all belong to one team (the `310` teams when
    /// there are any, else the `013` teams; a player in no team counts as a
    /// team of their own).
    ///
    /// ## Why it matters
    /// The pairing program gives the bye to the one player (or team) left
    /// over when the number is odd: there is never more than one. A second
    /// `U` is a half- or full-point bye the player asked for (`H`, `F`), an
    /// absence (`Z`), or a game that lost its opponent; each is scored and
    /// treated differently in later pairings.
    ///
    /// ## Example
    /// ```text
    /// 001    6 ...  2.0    4  0000 - U
    /// 001    9 ...  1.5    7  0000 - U
    /// ```
    /// Use instead: `0000 - F` or `0000 - H` for the bye player 9 requested.
    ///
    /// ## Reference
    /// TRF16 record 001, round blocks: result `U`, "at most once per round";
    /// TRF26 record 320 (one pairing-allocated bye per round for teams).
    pub(crate) static MULTIPLE_PAIRING_BYES_IN_ROUND = {
        code: "TRF-R005", name: "multiple-pairing-byes-in-round",
        severity: Warning, summary: "more than one pairing-allocated bye in a round",
        consequence: Cosmetic,
        source: "pairing rules (C.04) give one pairing-allocated bye a round; byes are not rated games (B.02 2024 art. 5.1)",
        applies: always, check: check,
    };
}

/// A `U` in some round: the player, their team, where the `U` is.
struct Bye {
    player: u16,
    team: Option<usize>,
    span: Span,
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    if !ctx.games.seen(Kind::PAIRING_BYE) {
        return;
    }
    let t = ctx.tournament;
    let which = if t.teams.iter().any(|x| x.record == TeamRecord::R310) {
        TeamRecord::R310
    } else {
        TeamRecord::R013
    };
    let mut team_of: HashMap<u16, usize> = HashMap::new();
    for (i, team) in t
        .teams
        .iter()
        .enumerate()
        .filter(|(_, x)| x.record == which)
    {
        for m in &team.members {
            team_of.entry(m.value).or_insert(i);
        }
    }
    let mut byes: Vec<Vec<Bye>> = Vec::new();
    for g in ctx.games.rows_with(Kind::PAIRING_BYE) {
        let (p, e, i) = (ctx.player_of(g), ctx.block(g), usize::from(g.round) - 1);
        if byes.len() <= i {
            byes.resize_with(i + 1, Vec::new);
        }
        byes[i].push(Bye {
            player: p.start_rank.value,
            team: team_of.get(&p.start_rank.value).copied(),
            span: block_part(ctx, e.span, Part::Result),
        });
    }
    let teams_event = !team_of.is_empty();
    for (i, list) in byes.iter().enumerate() {
        let Some(first) = list.first() else { continue };
        // In a team event, the byes beyond the first team's are the excess.
        let extra: Vec<&Bye> = list
            .iter()
            .skip(1)
            .filter(|b| !teams_event || b.team.is_none() || b.team != first.team)
            .collect();
        let Some(second) = extra.first() else {
            continue;
        };
        let round = i + 1;
        let names = list
            .iter()
            .map(|b| format!("`{}`", b.player))
            .collect::<Vec<_>>()
            .join(", ");
        let message = if teams_event {
            // Each player without a team, and each team once: a set, as a
            // search of the list per bye was byes × teams.
            let mut teams = std::collections::HashSet::new();
            let alone = list.iter().filter(|b| b.team.is_none()).count();
            teams.extend(list.iter().filter_map(|b| b.team));
            format!(
                "round `{round}` has pairing-allocated byes for `{}` teams or players (players {names})",
                alone + teams.len()
            )
        } else {
            format!(
                "round `{round}` has `{}` pairing-allocated byes (players {names})",
                list.len()
            )
        };
        let mut d = MULTIPLE_PAIRING_BYES_IN_ROUND
            .diag(message)
            .primary(
                second.span,
                format!("player {}: another `U`", second.player),
            )
            .secondary(first.span, format!("player {}: `U`", first.player));
        for b in extra.iter().skip(1) {
            d = d.secondary(b.span, format!("player {}: `U`", b.player));
        }
        out.push(
            d.help("keep `U` for the one player (or team) the pairing left over; write a requested bye as `H` or `F` and an absence as `Z`")
                .reference("TRF16 record 001, round blocks (result `U`)"),
        );
    }
}
