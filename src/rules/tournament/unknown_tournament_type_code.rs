//! Rule `unknown-tournament-type-code`.

use crate::diag::Diagnostic;
use crate::rules::{always, Ctx};

crate::declare_rule! {
    /// ## What it checks
    /// That the encoded type of tournament (`192`) is a code of the ETT26
    /// table: the Swiss codes (`FIDE_DUTCH_2017`, `FIDE_DUTCH_2025`,
    /// `FIDE_DUTCH_2026`, `FIDE_DUTCH`, `FIDE_DUBOV`, `FIDE_BURSTEIN`,
    /// `FIDE_DOUBLESWISS`, each with an optional `_BAKU`; `CUSTOM_SWISS`,
    /// `CUSTOM_DOUBLESWISS`), the round robins and knock-outs
    /// (`BERGER_ROUNDROBIN[_Gn]`, `FIDE_SCHEVENINGEN[_Gn]`,
    /// `FIDE_SCHILLER[_TxP]` and the plain codes), and the team codes
    /// (`FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP][_BAKU]`, `_BAKU` only
    /// with match points first; `CUSTOM_TEAM_SWISS[_MP|_GP]`; the team
    /// round robins and knock-out). The codes are upper case: a code right
    /// but for its case is reported with its canonical spelling.
    ///
    /// `_Gn` is read as `_G` and a number, `_TxP` as `_T`, a number and
    /// `P`: the table gives only the templates, unconfirmed.
    ///
    /// ## Why it matters
    /// Pairing programs choose the pairing system from `192` and refuse a
    /// code they do not know ("unsupported tournament type"); a rating
    /// officer reads the system from it too.
    ///
    /// ## Example
    /// ```text
    /// 192 FIDE_DUTCH_2024
    /// ```
    /// Use instead: `FIDE_DUTCH_2026` (or `FIDE_DUTCH`, the rules in force
    /// at the tournament date).
    ///
    /// ## Reference
    /// TRF26 record 192; ETT26 tournament-type code table.
    pub(crate) static UNKNOWN_TOURNAMENT_TYPE_CODE = {
        code: "TRF-T006", name: "unknown-tournament-type-code",
        severity: Warning, summary: "a `192` tournament type not in the ETT26 code table",
        consequence: Cosmetic,
        source: "the tournament type does not change the rating calculation from 2017 on; earlier texts' round-robin route is decided from the pairings",
        applies: always, check: check,
    };
}

/// Codes without variants.
const PLAIN: &[&str] = &[
    "CUSTOM_SWISS",
    "CUSTOM_DOUBLESWISS",
    "BERGER_DOUBLEROUNDROBIN",
    "FIDE_ROUNDROBIN",
    "FIDE_DOUBLEROUNDROBIN",
    "CUSTOM_ROUNDROBIN",
    "CUSTOM_SCHILLER",
    "FIDE_DOUBLESCHEVENINGEN",
    "CUSTOM_SCHEVENINGEN",
    "WORLDCUP_KNOCKOUT",
    "CUSTOM_KNOCKOUT",
    "CUSTOM_TEAM_SWISS",
    "CUSTOM_TEAM_SWISS_MP",
    "CUSTOM_TEAM_SWISS_GP",
    "BERGER_TEAM_ROUNDROBIN",
    "BERGER_TEAM_DOUBLEROUNDROBIN",
    "FIDE_TEAM_ROUNDROBIN",
    "FIDE_TEAM_DOUBLEROUNDROBIN",
    "CUSTOM_TEAM_ROUNDROBIN",
    "CUSTOM_TEAM_KNOCKOUT",
];

/// Swiss codes that take an optional `_BAKU` (Baku acceleration).
/// `FIDE_DUTCH_2025` is the TEC draft table's name of `FIDE_DUTCH_2026`,
/// which bbpPairings accepts.
const BAKU: &[&str] = &[
    "FIDE_DUTCH_2017",
    "FIDE_DUTCH_2025",
    "FIDE_DUTCH_2026",
    "FIDE_DUTCH",
    "FIDE_DUBOV",
    "FIDE_BURSTEIN",
    "FIDE_DOUBLESWISS",
];

/// Round robins that take an optional `_Gn`.
const GROUPS: &[&str] = &["BERGER_ROUNDROBIN", "FIDE_SCHEVENINGEN"];

fn number(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// `FIDE_TEAM` and what follows it: `[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP][_BAKU]`.
fn fide_team(rest: &str) -> bool {
    let mut parts = rest.split('_').filter(|p| !p.is_empty()).peekable();
    if rest.starts_with("__") || (!rest.is_empty() && !rest.starts_with('_')) {
        return false;
    }
    if matches!(parts.peek(), Some(&("TYPEA" | "TYPEB"))) {
        parts.next();
    }
    let mut scores: Vec<&str> = Vec::new();
    while let Some(&p @ ("MP" | "GP")) = parts.peek() {
        if scores.contains(&p) {
            return false;
        }
        scores.push(p);
        parts.next();
    }
    if parts.peek() == Some(&"BAKU") {
        parts.next();
        // Baku acceleration goes with match points as the primary score.
        if scores.first() == Some(&"GP") {
            return false;
        }
    }
    parts.next().is_none() && !rest.ends_with('_') && !rest.contains("__")
}

/// Whether `code` is in the ETT26 table (exact, upper case).
pub(crate) fn known(code: &str) -> bool {
    if PLAIN.contains(&code) {
        return true;
    }
    if BAKU
        .iter()
        .any(|b| code == *b || code.strip_prefix(b) == Some("_BAKU"))
    {
        return true;
    }
    for g in GROUPS {
        if code == *g {
            return true;
        }
        if let Some(n) = code.strip_prefix(g).and_then(|r| r.strip_prefix("_G")) {
            if number(n) {
                return true;
            }
        }
    }
    if let Some(rest) = code.strip_prefix("FIDE_SCHILLER") {
        if rest.is_empty() {
            return true;
        }
        if let Some(n) = rest.strip_prefix("_T").and_then(|r| r.strip_suffix('P')) {
            return number(n);
        }
        return false;
    }
    if let Some(rest) = code.strip_prefix("FIDE_TEAM") {
        return fide_team(rest);
    }
    false
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let Some(code) = &ctx.tournament.header.tournament_type_code else {
        return;
    };
    let value = code.value.trim();
    if known(value) {
        return;
    }
    let upper = value.to_ascii_uppercase();
    let d = if known(&upper) {
        UNKNOWN_TOURNAMENT_TYPE_CODE
            .diag(format!(
                "tournament type `{value}` is not in upper case, as the ETT26 codes are"
            ))
            .primary(code.span, "not the canonical spelling")
            .help(format!("write `{upper}`"))
    } else if let Some(base) = value
        .strip_suffix("_BAKU")
        .filter(|b| b.starts_with("FIDE_TEAM") && known(b))
    {
        UNKNOWN_TOURNAMENT_TYPE_CODE
            .diag(format!(
                "tournament type `{value}` is not a code of the ETT26 table: `_BAKU` goes only with match points as the primary score"
            ))
            .primary(code.span, "Baku acceleration with game points first")
            .help(format!("write `{base}` without `_BAKU`, or put match points first (`_MP_GP_BAKU`)"))
    } else {
        UNKNOWN_TOURNAMENT_TYPE_CODE
            .diag(format!(
                "tournament type `{value}` is not a code of the ETT26 table"
            ))
            .primary(code.span, "unknown code")
            .help("use a code of the table, e.g. `FIDE_DUTCH` (the Dutch rules in force), `FIDE_DUTCH_2026_BAKU`, `BERGER_ROUNDROBIN`, `FIDE_TEAM_TYPEA_MP_GP`, or `CUSTOM_SWISS` for a system FIDE does not define")
    };
    out.push(d.reference("TRF26 record 192; ETT26 tournament-type code table"));
}

#[cfg(test)]
mod tests {
    use super::known;

    #[test]
    fn the_table_and_its_variants_are_known() {
        for c in [
            "FIDE_DUTCH",
            "FIDE_DUTCH_2026_BAKU",
            "FIDE_DUTCH_2017",
            "FIDE_DOUBLESWISS_BAKU",
            "BERGER_ROUNDROBIN_G4",
            "FIDE_SCHEVENINGEN_G2",
            "FIDE_SCHILLER",
            "FIDE_SCHILLER_T3P",
            "FIDE_TEAM",
            "FIDE_TEAM_BAKU",
            "FIDE_TEAM_MP",
            "FIDE_TEAM_GP_MP",
            "FIDE_TEAM_TYPEA_MP_GP",
            "FIDE_TEAM_TYPEB_MP_GP_BAKU",
            "FIDE_TEAM_ROUNDROBIN",
            "CUSTOM_TEAM_SWISS_GP",
            "WORLDCUP_KNOCKOUT",
        ] {
            assert!(known(c), "{c}");
        }
    }

    #[test]
    fn near_misses_are_not() {
        for c in [
            "FIDE_DUTCH_2024",
            "FIDE_DUTCH_BAKU_2026",
            "fide_dutch",
            "BERGER_ROUNDROBIN_G",
            "BERGER_DOUBLEROUNDROBIN_G4",
            "FIDE_SCHILLER_TP",
            "FIDE_TEAM_MP_MP",
            "FIDE_TEAM_GP_BAKU",
            "FIDE_TEAM_GP_MP_BAKU",
            "FIDE_TEAM_BAKU_MP",
            "FIDE_TEAM_TYPEC",
            "FIDE_TEAMS",
            "FIDE_TEAM_",
            "FIDE_TEAM__MP",
            "CUSTOM_TEAM_SWISS_MP_GP",
            "",
        ] {
            assert!(!known(c), "{c}");
        }
    }
}
