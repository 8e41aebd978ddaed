//! Rule `first-control-too-few-moves`.

use super::cite::{cite, text};
use crate::diag::{Consequence, Diagnostic, Severity};
use crate::regulations::{MoveCountRule, MoveCountVerdict, Topic};
use crate::rules::context::TimeControlInfo;
use crate::rules::Ctx;

crate::declare_rule! {
    /// ## What it checks
    /// That the first time control, where it counts moves, has the number
    /// of moves the regulations ask for:
    ///
    /// | edition | rule | finding |
    /// |---|---|---|
    /// | 2003, 2005 | 40 **recommended** | advice |
    /// | 2009–2017 | "shall be" 40 | error, for fewer and for more |
    /// | 2022, 2024 | at least 30 | error |
    ///
    /// 2009: (from a secondary source) ; 2014: not confirmed in FIDE's text; 2017: (from a secondary source).
    /// A control without a move count ("all moves in 90 min") is not
    /// concerned. `222` is used when present, else `122`.
    ///
    /// ## Why it matters
    /// A game whose first control breaks the rule is not rateable as a
    /// standard game (FIDE's texts: `25/60' + 30'` is rateable in
    /// 2005, not from 2009 on).
    ///
    /// ## Example
    /// ```text
    /// 042 2023/05/10
    /// 122 25/60, 30
    /// ```
    /// Use instead: `122 30/60, 30` or more moves in the first control.
    ///
    /// ## Reference
    /// FIDE Rating Regulations, rate of play (2005 art. 1.2, 1.14; 2009
    /// art. 1.3; 2017 art. 1.2; 2022 art. 1.1–1.2; 2024 section 1).
    pub(crate) static FIRST_CONTROL_TOO_FEW_MOVES = {
        code: "TRF-F005", name: "first-control-too-few-moves",
        severity: Warning, summary: "the first time control has fewer (or other) moves than required",
        consequence: Info,
        source: "B.02 2022/2024 art. 1.2 says the first control \"shall be\" at least 30 moves; the consequence is not stated (silent): a warning, and the rating pass rates the games",
        unconfirmed: true,
        reading: "FIDE has not published what it does when the first control has fewer moves than required; trfkit reads it as a warning, and rates the games",
        topic: crate::regulations::Topic::FirstControl,
        applies: applies, check: check,
    };
}

fn applies(ctx: &Ctx<'_>) -> bool {
    // A rule of the standard chapter: rapid and blitz have their own.
    ctx.standard_rules()
        && matches!(&ctx.time_control, TimeControlInfo::Read { control, .. } if control.first_control_moves().is_some())
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let TimeControlInfo::Read { control, span, .. } = &ctx.time_control else {
        return;
    };
    let Some(moves) = control.first_control_moves() else {
        return;
    };
    let rule = ctx.regs.first_control;
    let verdict = rule.check(u32::from(moves));
    let (requirement, severity) = match (verdict, rule) {
        (MoveCountVerdict::Meets, _) => return,
        (_, MoveCountRule::Recommended(m)) => (format!("recommends {m}"), Severity::Advice),
        // The texts say "shall", but no source says what FIDE does with such
        // games: a warning that they may not be rated, never a block.
        (_, MoveCountRule::Exactly(m)) => (format!("requires {m}"), Severity::Warning),
        (_, MoveCountRule::AtLeast(m)) => (format!("requires at least {m}"), Severity::Warning),
    };
    let d = FIRST_CONTROL_TOO_FEW_MOVES
        .diag(format!(
            "the first time control is {moves} moves; {} {requirement}",
            text(ctx)
        ))
        .with_consequence(Consequence::Info)
        .with_severity(severity)
        .primary(*span, format!("{moves} moves in the first control"));
    let help = match severity {
        Severity::Advice => format!(
            "games at this control are still rated (40 moves is only recommended); {} was read",
            control.describe()
        ),
        _ => format!(
            "games at this control may not be rated as standard (the text does not state the consequence, and FIDE has not published it); if `122` says what was played, leave it as it is, and give future events a first control of {} moves ({} was read)",
            match rule {
                MoveCountRule::AtLeast(m) => format!("{m} or more"),
                other => other.moves().to_string(),
            },
            control.describe()
        ),
    };
    out.push(cite(ctx, d, Topic::FirstControl, help));
}
