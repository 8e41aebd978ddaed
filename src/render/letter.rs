//! A letter for the arbiter (`trf report --letter`): what to change in a
//! report that must be fixed, in the arbiter's terms (the record, the
//! player, the round), as plain text ready to paste into an e-mail. Only
//! what the arbiter can change is listed as a change; what FIDE will not
//! rate whatever the report says is said apart.

use crate::check::CheckReport;
use crate::diag::{Consequence, Diagnostic};
use crate::read::Parsed;
use std::fmt::Write as _;

/// The letter for the report `name` (as the officer names it).
pub(crate) fn letter(name: &str, parsed: &Parsed, rep: &CheckReport) -> String {
    let t = &parsed.tournament;
    let loc = parsed.locator();
    let event = t
        .header
        .name
        .as_ref()
        .map(|n| format!(" ({})", n.value.trim()))
        .unwrap_or_default();
    let fix: Vec<&Diagnostic> = rep
        .diagnostics
        .iter()
        .filter(|d| d.consequence == Consequence::FixBeforeUpload)
        .collect();
    let refused: Vec<&Diagnostic> = rep
        .diagnostics
        .iter()
        .filter(|d| d.consequence == Consequence::EventNotRated)
        .collect();
    let mut out = String::from("Dear arbiter,\n\n");
    if fix.is_empty() && refused.is_empty() {
        let _ = writeln!(
            out,
            "the report {name}{event} can be sent to FIDE as it is: nothing in it needs to be changed."
        );
        return out;
    }
    if !fix.is_empty() {
        let _ = writeln!(
            out,
            "the report {name}{event} cannot be sent to FIDE as it is. Please change the following and send it again:\n"
        );
        for (k, d) in fix.iter().enumerate() {
            let _ = writeln!(
                out,
                "{}. {}{}",
                k + 1,
                place(parsed, &loc, d),
                sentence(&d.message)
            );
            if let Some(h) = d.help.as_deref().filter(|h| !h.is_empty()) {
                let _ = writeln!(out, "   What to do: {}", sentence(h));
            }
        }
        out.push('\n');
    }
    if !refused.is_empty() {
        let _ = writeln!(
            out,
            "FIDE will not rate {}the event as played, whatever the report says:\n",
            if fix.is_empty() { "" } else { "the rest of " }
        );
        for d in &refused {
            let _ = writeln!(out, "- {}{}", place(parsed, &loc, d), sentence(&d.message));
        }
        out.push('\n');
    }
    out.push_str("Thank you.\n");
    out
}

/// "Record 001 (line 12), player 3 (Doe, John), round 4: " — where the
/// finding points, as the arbiter finds it in the report.
fn place(parsed: &Parsed, loc: &crate::source::Locator<'_>, d: &Diagnostic) -> String {
    let Some(span) = d.primary_span().filter(|s| s.end > s.start || s.start > 0) else {
        return String::new();
    };
    let at = span.start as usize;
    let (line, _) = loc.locate(at);
    let record: String = parsed
        .text
        .get(at..)
        .map(|_| {
            let start = parsed.text[..at].rfind('\n').map_or(0, |i| i + 1);
            parsed.text[start..].chars().take(3).collect()
        })
        .unwrap_or_default();
    let player = parsed
        .tournament
        .players
        .iter()
        .find(|p| p.span.start as usize <= at && at < p.span.end as usize);
    let mut words = if record.trim().is_empty() {
        format!("Line {line}")
    } else {
        format!("Record {} (line {line})", record.trim())
    };
    if let Some(p) = player {
        let _ = write!(
            words,
            ", player {} ({})",
            p.start_rank.value,
            p.name.value.trim()
        );
        if let Some(k) = p
            .rounds
            .iter()
            .position(|e| e.span.start as usize <= at && at < e.span.end as usize)
        {
            let _ = write!(words, ", round {}", k + 1);
        }
    }
    words.push_str(": ");
    words
}

/// The text with a capital first letter and a final full stop.
fn sentence(text: &str) -> String {
    let text = text.trim();
    let mut chars = text.chars();
    let mut out: String = match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    };
    if !out.ends_with(['.', '!', '?']) {
        out.push('.');
    }
    out
}
