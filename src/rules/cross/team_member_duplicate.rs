//! Rule `team-member-duplicate`.

use crate::diag::Diagnostic;
use crate::model::{Team, TeamRecord};
use crate::rules::{always, Ctx};
use std::collections::HashMap;

crate::declare_rule! {
    /// ## What it checks
    /// That no player is listed twice among the team members, in the same
    /// team or in two teams. When the file has TRF26 `310` records only
    /// those are compared; TRF16 `013` records are compared otherwise.
    /// Files of the transition period list the same teams in both, which is
    /// not a duplicate.
    ///
    /// ## Why it matters
    /// A player belongs to one team. Listed twice, their games count for
    /// two teams (or twice for one), and team pairings and tie-breaks are
    /// wrong.
    ///
    /// ## Example
    /// ```text
    /// 013 Knights                            1    2    3    4
    /// 013 Rooks                              5    6    3    8
    /// ```
    /// Use instead: the Rooks' own third player in place of `3`.
    ///
    /// ## Reference
    /// TRF16 record 013; TRF26 record 310 (members).
    pub(crate) static TEAM_MEMBER_DUPLICATE = {
        code: "TRF-X008", name: "team-member-duplicate",
        severity: Warning, summary: "a player listed in more than one team place",
        consequence: Cosmetic,
        source: "team composition (013/310) does not enter the individual rating calculation",
        applies: always, check: check,
    };
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let teams = &ctx.tournament.teams;
    let which = if teams.iter().any(|t| t.record == TeamRecord::R310) {
        TeamRecord::R310
    } else {
        TeamRecord::R013
    };
    let mut seen: HashMap<u16, (&Team, crate::Span)> = HashMap::new();
    for team in teams.iter().filter(|t| t.record == which) {
        for m in &team.members {
            let Some((first, span)) = seen.get(&m.value) else {
                seen.insert(m.value, (team, m.span));
                continue;
            };
            let same = std::ptr::eq(*first, team);
            // Past --max-per-rule the finding is counted, not formatted.
            ctx.emit_with(out, &TEAM_MEMBER_DUPLICATE, || {
                let msg = if same {
                    format!(
                        "player `{}` is listed twice in team `{}`",
                        m.value, team.name.value
                    )
                } else {
                    format!(
                        "player `{}` is listed in teams `{}` and `{}`",
                        m.value, first.name.value, team.name.value
                    )
                };
                TEAM_MEMBER_DUPLICATE
                    .diag(msg)
                    .primary(m.span, "listed again")
                    .secondary(*span, format!("first listed on line {}", first.line))
                    .help("list each player in one team only; correct the starting rank that was copied")
                    .reference("TRF16 record 013; TRF26 record 310 (members)")
            });
        }
    }
}
