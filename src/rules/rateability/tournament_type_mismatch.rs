//! Rule `tournament-type-mismatch`.

use crate::diag::Diagnostic;
use crate::model::tournament_type::TournamentType;
use crate::regulations::Topic;
use crate::rules::Ctx;

crate::declare_rule! {
    /// ## What it checks
    /// That the tournament type the report declares (`192`, else `092`)
    /// agrees with what the pairings show: a declared round robin in which
    /// not every pair met, a declared Swiss in which everybody met
    /// everybody, a declared match with more than two players. The
    /// finding gives the type the checks used and why. Team events are
    /// declared, not detected, and not reported. No caveat of the matrix is
    /// added: the finding is about the file.
    ///
    /// ## Why it matters
    /// The regulations treat round robins and Swiss events differently:
    /// the composition rule, the unrated players' ratings and (before
    /// 2017) the games against unrated players depend on it. A round robin
    /// with unplayed games is reported and rated as a Swiss.
    ///
    /// ## Example
    /// ```text
    /// 092 Round Robin
    /// ```
    /// with 10 players over 5 rounds. Use instead: `092 Individual: Swiss-System`.
    ///
    /// ## Reference
    /// FIDE Rating Regulations, round-robin composition (an RR with an
    /// unplayed game is reported as a Swiss).
    pub(crate) static TOURNAMENT_TYPE_MISMATCH = {
        code: "TRF-F015", name: "tournament-type-mismatch",
        severity: Advice, summary: "the declared tournament type disagrees with the pairings",
        consequence: Cosmetic,
        source: "the declared type does not change FIDE's calculation; trfkit decides the round-robin route from the pairings",
        applies: applies, check: check,
    };
}

fn applies(ctx: &Ctx<'_>) -> bool {
    ctx.tournament_type
        .declared
        .is_some_and(|d| d != TournamentType::Team && d != ctx.tournament_type.from_pairings)
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let Some(declared) = ctx.tournament_type.declared.filter(|_| applies(ctx)) else {
        return;
    };
    let h = &ctx.tournament.header;
    let span = h
        .declared_type()
        .map(|(_, c)| c.span)
        .unwrap_or_else(|| ctx.file_span());
    let d = TOURNAMENT_TYPE_MISMATCH
        .diag(format!(
            "declared a {}, but the pairings show a {}; checked as a {}",
            declared.as_str(),
            ctx.tournament_type.from_pairings.as_str(),
            ctx.tournament_type.kind.as_str()
        ))
        .primary(span, format!("declared {}", declared.as_str()));
    out.push(
        d.help(format!(
            "{}; correct the declared type if it is wrong",
            ctx.tournament_type.reason
        ))
        .reference(ctx.cite(Topic::RoundRobinComposition)),
    );
}
