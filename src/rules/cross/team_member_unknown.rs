//! Rule `team-member-unknown`.

use crate::diag::Diagnostic;
use crate::model::TeamRecord;
use crate::rules::{always, Ctx};

crate::declare_rule! {
    /// ## What it checks
    /// That every member of a team (TRF16 `013` columns 37-40, 42-45, …;
    /// TRF26 `310` columns 74-77, 79-82, …) is the starting rank of a `001`
    /// record.
    ///
    /// ## Why it matters
    /// Team results, board order and tie-breaks are computed from the
    /// members' `001` records. A member nobody has is a player whose line
    /// was deleted or a rank that was renumbered; the team's score no
    /// longer adds up.
    ///
    /// ## Example
    /// ```text
    /// 310   3 Knights                          ...    12   13   41
    /// ```
    /// with no `001` record for starting rank 41. Use instead: the starting
    /// rank of the team's third player.
    ///
    /// ## Reference
    /// TRF16 record 013 (team, first player ■); TRF26 record 310 (members,
    /// first ■).
    pub(crate) static TEAM_MEMBER_UNKNOWN = {
        code: "TRF-X007", name: "team-member-unknown",
        severity: Warning, summary: "a team member with no player record",
        consequence: Cosmetic,
        source: "team composition (013/310) does not enter the individual rating calculation",
        applies: always, check: check,
    };
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    for team in &ctx.tournament.teams {
        let record = match team.record {
            TeamRecord::R013 => "013",
            TeamRecord::R310 => "310",
        };
        for m in &team.members {
            if ctx.player(m.value).is_some() {
                continue;
            }
            // Past --max-per-rule the finding is counted, not formatted.
            ctx.emit_with(out, &TEAM_MEMBER_UNKNOWN, || {
                TEAM_MEMBER_UNKNOWN
                    .diag(format!(
                        "team `{}` lists member `{}`, but no player has that starting rank",
                        team.name.value, m.value
                    ))
                    .primary(m.span, "no such player")
                    .secondary(team.name.span, format!("record `{record}`"))
                    .help("write the starting rank (001 columns 5-8) of each of the team's players, or add the missing `001` record")
                    .reference("TRF16 record 013; TRF26 record 310 (members)")
            });
        }
    }
}
