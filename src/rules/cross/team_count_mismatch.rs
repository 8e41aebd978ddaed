//! Rule `team-count-mismatch`.

use crate::diag::Diagnostic;
use crate::model::TeamRecord;
use crate::rules::{always, Ctx};

crate::declare_rule! {
    /// ## What it checks
    /// That the number of teams in record `082` equals the number of team
    /// records: TRF26 `310` records when there are any, else TRF16 `013`
    /// records (files of the transition period carry both for the same
    /// teams). `082 0` with no team records is an individual event and fine.
    ///
    /// ## Why it matters
    /// A count that disagrees with the team records means a team was lost
    /// or duplicated; tie-break and team-pairing programs read the team
    /// records, the rating officer reads `082`.
    ///
    /// ## Example
    /// ```text
    /// 082 10
    /// ```
    /// with nine `310` records. Use instead: `082 9`, or add the missing
    /// team.
    ///
    /// ## Reference
    /// TRF16 record 082 (number of teams) and 013; TRF26 record 310.
    pub(crate) static TEAM_COUNT_MISMATCH = {
        code: "TRF-X004", name: "team-count-mismatch",
        severity: Warning, summary: "record 082 disagrees with the number of teams",
        consequence: Cosmetic,
        source: "header counts (TRF16 062/072/082) are informative; FIDE counts the records",
        applies: always, check: check,
    };
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let t = ctx.tournament;
    let Some(declared) = t.header.declared_teams else {
        return;
    };
    let count = |r: TeamRecord| t.teams.iter().filter(|team| team.record == r).count();
    let (counted, record) = match count(TeamRecord::R310) {
        0 => (count(TeamRecord::R013), "013"),
        n => (n, "310"),
    };
    if declared.value as usize == counted {
        return;
    }
    out.push(
        TEAM_COUNT_MISMATCH
            .diag(format!(
                "record `082` says `{}` teams, but the file has `{counted}` `{record}` records",
                declared.value
            ))
            .primary(declared.span, format!("{counted} teams in the file"))
            .help(format!(
                "write `082 {counted}`, or add the missing teams' `{record}` records"
            ))
            .reference("TRF16 record 082; TRF26 record 310"),
    );
}
