//! Rule `invalid-tiebreak`.

use crate::diag::Diagnostic;
use crate::rules::{always, Ctx};
use crate::source::span::{Span, Spanned};

crate::declare_rule! {
    /// ## What it checks
    /// That every tie-break descriptor of `202` and `212` follows the MTB26
    /// syntax `ACRONYM[:MP|:GP][/modifier…]`, case-insensitive:
    /// - the acronym is one of `DE BPG BWG REP STD SB ARO TPR PTP APRO APPO
    ///   RTNG WIN WON PS TPN BH AOB FB KS BC TBR BBE MPvGP EMMSB EMGSB EGMSB
    ///   EGGSB EDE EDEBT EDEBB EDET EDEB SSSC`, or a non-FIDE tie-break
    ///   prefixed `OTHER_`; `PTS` (the points themselves) only in `212`;
    /// - the modifiers are `/Cn` (cut), `/Mn` (median), `/L±n` (Koya
    ///   limit), `/Kx` (SSSC factor), `/P` (forfeits as played), `/F` (Fore
    ///   Buchholz), `/R` (reverse).
    ///
    /// ## Why it matters
    /// `202`/`212` tell every program how the standings were broken. A
    /// descriptor nobody can read makes the published ranking
    /// irreproducible, and a tournament-management program importing the
    /// file drops or misreads it.
    ///
    /// ## Example
    /// ```text
    /// 202 BH/C1,SB,Buchholz
    /// ```
    /// Use instead: `BH/C1,SB,BH` or, for a tie-break FIDE does not define,
    /// `OTHER_…`.
    ///
    /// ## Reference
    /// TRF26 records 202 and 212; MTB26 tie-break descriptors.
    pub(crate) static INVALID_TIEBREAK = {
        code: "TRF-T007", name: "invalid-tiebreak",
        severity: Warning, summary: "a `202`/`212` tie-break descriptor not in the MTB26 syntax",
        consequence: Cosmetic,
        source: "tie-breaks do not enter the rating calculation",
        applies: always, check: check,
    };
}

/// The MTB26 acronyms, upper case.
const ACRONYMS: &[&str] = &[
    // Individual.
    "DE", "BPG", "BWG", "REP", "STD", "SB", "ARO", "TPR", "PTP", "APRO", "APPO", "RTNG",
    // Individual and team.
    "WIN", "WON", "PS", "TPN", "BH", "AOB", "FB", "KS", // Team.
    "BC", "TBR", "BBE", "MPVGP", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "EDE", "EDEBT", "EDEBB",
    "EDET", "EDEB", "SSSC",
];

/// What is wrong with a descriptor.
#[derive(Debug, PartialEq, Eq)]
enum Fault {
    Acronym(String),
    PtsIn202,
    Score(String),
    Modifier(String),
}

fn digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

fn modifier_ok(m: &str) -> bool {
    let m = m.to_ascii_uppercase();
    match m.as_bytes().first() {
        Some(b'P' | b'F' | b'R') => m.len() == 1,
        Some(b'C' | b'M') => digits(&m[1..]),
        Some(b'L') => {
            let n = m[1..].strip_prefix(['+', '-']).unwrap_or(&m[1..]);
            digits(n)
        }
        // The factor of the SSSC tie-break: a number, possibly decimal.
        Some(b'K') => {
            let x = &m[1..];
            !x.is_empty()
                && x.bytes().any(|b| b.is_ascii_digit())
                && x.bytes().all(|b| b.is_ascii_digit() || b == b'.')
                && x.bytes().filter(|&b| b == b'.').count() <= 1
        }
        _ => false,
    }
}

/// Checks one descriptor; `standings` is true for `212`.
fn fault(descriptor: &str, standings: bool) -> Option<Fault> {
    let mut parts = descriptor.split('/');
    let head = parts.next().unwrap_or("");
    let (acronym, score) = match head.split_once(':') {
        Some((a, s)) => (a, Some(s)),
        None => (head, None),
    };
    let upper = acronym.to_ascii_uppercase();
    let other = upper.strip_prefix("OTHER_").is_some_and(|n| {
        !n.is_empty() && n.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
    });
    if upper == "PTS" {
        if !standings {
            return Some(Fault::PtsIn202);
        }
    } else if !other && !ACRONYMS.contains(&upper.as_str()) {
        return Some(Fault::Acronym(acronym.to_string()));
    }
    if let Some(s) = score {
        if !matches!(s.to_ascii_uppercase().as_str(), "MP" | "GP") {
            return Some(Fault::Score(s.to_string()));
        }
    }
    parts
        .find(|m| !modifier_ok(m))
        .map(|m| Fault::Modifier(m.to_string()))
}

/// The descriptors of a `202`/`212` value with their spans (the model
/// keeps only the list).
fn descriptors<'t>(ctx: &Ctx<'t>, value: Span) -> impl Iterator<Item = (&'t str, Span)> {
    let text = ctx.slice(value);
    let base = value.start as usize;
    let mut at = 0;
    text.split(',').filter_map(move |item| {
        let start = at;
        at += item.len() + 1;
        let trimmed = item.trim();
        if trimmed.is_empty() {
            return None;
        }
        let lead = item.len() - item.trim_start().len();
        let from = base + start + lead;
        Some((trimmed, Span::new(from, from + trimmed.len())))
    })
}

fn check_list(
    ctx: &Ctx<'_>,
    list: &Option<Spanned<Vec<String>>>,
    record: &str,
    out: &mut Vec<Diagnostic>,
) {
    let Some(list) = list else { return };
    let standings = record == "212";
    for (d, span) in descriptors(ctx, list.span) {
        let Some(f) = fault(d, standings) else {
            continue;
        };
        let (message, label, help) = match f {
            Fault::Acronym(a) if a.to_ascii_uppercase().starts_with("OTHER_") => (
                format!("tie-break `{d}` in `{record}`: `OTHER_` must be followed by the tie-break's name (letters, digits, `_`)"),
                "malformed non-FIDE tie-break",
                "write e.g. `OTHER_ARMAGEDDON`".to_string(),
            ),
            Fault::Acronym(a) => (
                format!("tie-break `{d}` in `{record}`: `{a}` is not an MTB26 acronym"),
                "unknown acronym",
                "use an MTB26 acronym (BH, SB, DE, WIN, ARO, TPR, MPvGP, EDET …) or prefix a tie-break FIDE does not define with `OTHER_`".to_string(),
            ),
            Fault::PtsIn202 => (
                format!("tie-break `{d}` in `202`: `PTS` belongs only in `212`"),
                "points are not a tie-break",
                "drop `PTS` from `202`, or write the list as `212 PTS,…`".to_string(),
            ),
            Fault::Score(s) => (
                format!("tie-break `{d}` in `{record}`: `:{s}` is neither `:MP` nor `:GP`"),
                "unknown score",
                "after `:` comes the score the tie-break uses: `MP` (match points) or `GP` (game points)".to_string(),
            ),
            Fault::Modifier(m) => (
                format!("tie-break `{d}` in `{record}`: `/{m}` is not an MTB26 modifier"),
                "unknown modifier",
                "modifiers are /Cn (cut), /Mn (median), /L±n (Koya limit), /Kx (SSSC factor), /P (forfeits as played), /F (Fore Buchholz), /R (reverse)".to_string(),
            ),
        };
        out.push(
            INVALID_TIEBREAK
                .diag(message)
                .primary(span, label)
                .help(help)
                .reference(format!(
                    "TRF26 record {record}; MTB26 tie-break descriptors"
                )),
        );
    }
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let h = &ctx.tournament.header;
    check_list(ctx, &h.tiebreaks, "202", out);
    check_list(ctx, &h.standings_tiebreaks, "212", out);
}

#[cfg(test)]
mod tests {
    use super::{fault, Fault};

    #[test]
    fn mtb26_descriptors_pass() {
        for d in [
            "EDET/P",
            "EMGSB/C1/P",
            "BH:MP/C1/P",
            "MPvGP",
            "bh/c1",
            "BH/M2",
            "KS/L-1",
            "KS/L+2",
            "KS/L3",
            "SSSC/K2.5",
            "BH/F",
            "TPN/R",
            "OTHER_MYBREAK",
            "BH:gp",
        ] {
            assert_eq!(fault(d, false), None, "{d}");
        }
        assert_eq!(fault("PTS", true), None);
    }

    #[test]
    fn faults_are_named() {
        assert_eq!(fault("PTS", false), Some(Fault::PtsIn202));
        assert_eq!(
            fault("Buchholz", false),
            Some(Fault::Acronym("Buchholz".into()))
        );
        assert_eq!(
            fault("OTHER_", false),
            Some(Fault::Acronym("OTHER_".into()))
        );
        assert_eq!(fault("BH:XP", false), Some(Fault::Score("XP".into())));
        assert_eq!(fault("BH/C", false), Some(Fault::Modifier("C".into())));
        assert_eq!(fault("BH/C1/Q", true), Some(Fault::Modifier("Q".into())));
        assert_eq!(fault("BH/", false), Some(Fault::Modifier(String::new())));
        assert_eq!(fault("SSSC/K", false), Some(Fault::Modifier("K".into())));
    }
}
