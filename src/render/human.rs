//! Findings for people: plain text, miette's graphical report, and the
//! verdict in words.

use super::grouped;
use crate::check::CheckReport;
use crate::diag::{plural, Consequence, Diagnostic, Verdict};
use crate::read::Parsed;
use crate::source::Locator;

/// Plain, narrow, grep-friendly text: one `file:line:col: severity[code rule]: message`
/// line per finding, then indented help and reference.
pub(crate) fn render_plain(file: &str, loc: &Locator<'_>, diags: &[Diagnostic]) -> String {
    let mut out = String::new();
    for d in diags {
        let pos = position(loc, d);
        out.push_str(&format!(
            "{file}:{pos} {}[{} {}]: {}\n",
            d.severity.as_str(),
            d.code,
            d.rule,
            d.message
        ));
        for l in d.labels.iter().filter(|l| !l.primary && !l.text.is_empty()) {
            let (line, col) = loc.locate(l.span.start as usize);
            out.push_str(&format!("    at {line}:{col}: {}\n", l.text));
        }
        out.push_str(&format!("    consequence: {}\n", d.consequence.as_str()));
        if let Some(h) = &d.help {
            out.push_str(&format!("    help: {h}\n"));
        }
        if let Some(r) = &d.reference {
            out.push_str(&format!("    see: {r}\n"));
        }
    }
    out
}

/// miette's graphical report of one finding. `width` wraps the text;
/// `unicode`/`color` choose the theme (tests use unicode without colour at
/// 80 columns, so snapshots are stable).
#[cfg(feature = "fancy")]
pub(crate) fn render_graphical(
    file: &str,
    text: &str,
    d: &Diagnostic,
    width: usize,
    unicode: bool,
    color: bool,
) -> String {
    use miette::{GraphicalReportHandler, GraphicalTheme, NamedSource};
    let theme = match (unicode, color) {
        (true, true) => GraphicalTheme::unicode(),
        (true, false) => GraphicalTheme::unicode_nocolor(),
        (false, true) => GraphicalTheme::ascii(),
        (false, false) => GraphicalTheme::none(),
    };
    let handler = GraphicalReportHandler::new_themed(theme)
        .with_width(width)
        .with_links(false);
    let report = WithSource {
        inner: d,
        source: NamedSource::new(file, text.to_string()),
    };
    let mut out = String::new();
    if handler.render_report(&mut out, &report).is_err() {
        out = format!("{}: {}\n", d.code, d.message);
    }
    out
}

/// A diagnostic with its source attached, for miette.
#[cfg(feature = "fancy")]
#[derive(Debug)]
struct WithSource<'a> {
    inner: &'a Diagnostic,
    source: miette::NamedSource<String>,
}

#[cfg(feature = "fancy")]
impl std::fmt::Display for WithSource<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.inner.fmt(f)
    }
}

#[cfg(feature = "fancy")]
impl std::error::Error for WithSource<'_> {}

#[cfg(feature = "fancy")]
impl miette::Diagnostic for WithSource<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn std::fmt::Display + 'b>> {
        miette::Diagnostic::code(self.inner)
    }
    fn severity(&self) -> Option<miette::Severity> {
        miette::Diagnostic::severity(self.inner)
    }
    fn help<'b>(&'b self) -> Option<Box<dyn std::fmt::Display + 'b>> {
        miette::Diagnostic::help(self.inner)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        miette::Diagnostic::labels(self.inner)
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.source)
    }
}

/// Entries listed per consequence group in the verdict block of `trf rate`;
/// the rest of a group is counted.
const SHOWN_PER_GROUP: usize = 5;

/// The verdict in words, for the first line of a report. A not-rateable
/// report says at once why nothing can be fixed: the first finding that
/// stops FIDE rating the event.
fn verdict_words(rep: &CheckReport) -> String {
    let why = match rep.verdict {
        Verdict::NotRateable => rep
            .diagnostics
            .iter()
            .find(|d| d.consequence == Consequence::EventNotRated)
            .map_or("", |d| d.message.as_str()),
        _ => "",
    };
    rep.verdict.line(left_out(rep), why)
}

/// Whether some games or players of the report are left out of rating.
fn left_out(rep: &CheckReport) -> bool {
    rep.count(Consequence::GamesNotRated) + rep.count(Consequence::PlayersNotRated) > 0
}

/// The heading of a consequence group. Under a not-rateable verdict the
/// items to correct are not asked for "to make it rateable": nothing in
/// the file makes FIDE rate the event as played.
fn heading(rep: &CheckReport, c: Consequence) -> &'static str {
    match (rep.verdict, c) {
        (Verdict::NotRateable, Consequence::FixBeforeUpload) => {
            "Also wrong in the file (correcting it does not make the event rateable)"
        }
        _ => c.heading(),
    }
}

/// `line 4: ` for an entry, or nothing when it has no position.
fn at_line(loc: &Locator<'_>, d: &Diagnostic) -> String {
    d.primary_span()
        .map(|s| format!("line {}: ", loc.locate(s.start as usize).0))
        .unwrap_or_default()
}

/// `LINE:COLUMN:` of a finding's first primary span, or nothing for a
/// finding about the whole file.
fn position(loc: &Locator<'_>, d: &Diagnostic) -> String {
    d.primary_span()
        .map(|s| {
            let (l, c) = loc.locate(s.start as usize);
            format!("{l}:{c}:")
        })
        .unwrap_or_default()
}

/// The verdict block that `trf rate` prints above the ratings: the verdict
/// in words, then the findings grouped by consequence, gravest first, one
/// line per entry with its line and the article, e.g.
///
/// ```text
/// x.trf: NOT RATEABLE: FIDE will not rate this event as played: the time control gives 100 min … (TRF16 · Swiss · standard · 9 players · 5 rounds · regulations 2009)
///   Will not be rated (1):
///     line 4: the time control gives 100 min … (FIDE Rating Regulations …, art. 1.1) [time-control-below-minimum]
/// ```
pub(crate) fn render_verdict(
    file: &str,
    loc: &Locator<'_>,
    rep: &crate::check::CheckReport,
    facts: &str,
) -> String {
    let mut out = format!("{file}: {} ({facts})\n", verdict_words(rep));
    for c in Consequence::ALL {
        let total = rep.count(c);
        if total == 0 {
            continue;
        }
        out.push_str(&format!("  {} ({total}):\n", heading(rep, c)));
        let entries = grouped::entries(&rep.diagnostics, c, loc);
        for e in entries.iter().take(SHOWN_PER_GROUP) {
            let d = e.first();
            let see = d
                .reference
                .as_ref()
                .map(|r| format!(" ({r})"))
                .unwrap_or_default();
            out.push_str(&format!(
                "    {}{}{see} [{}]\n",
                at_line(loc, d),
                e.message,
                d.rule
            ));
        }
        if entries.len() > SHOWN_PER_GROUP {
            let rest: usize = entries[SHOWN_PER_GROUP..]
                .iter()
                .map(|e| e.findings.len())
                .sum();
            out.push_str(&format!(
                "    … and {}\n",
                plural(rest as u64, "more finding", "more findings")
            ));
        }
    }
    out
}

/// A report for people, in plain text: the verdict line first, then each
/// consequence's findings once, gravest first; findings of one rule that
/// say the same thing are one entry listing their items and lines. Each
/// entry keeps the grep-friendly `file:line:col: severity[code rule]:`
/// start, then its help and the article on one indented line (once per
/// report: an entry whose help another entry already gave has none).
pub fn render_report(name: &str, parsed: &Parsed, rep: &CheckReport) -> String {
    let loc = parsed.locator();
    let mut out = verdict_line(name, parsed, rep);
    let mut said = std::collections::HashSet::new();
    for c in Consequence::ALL {
        let total = rep.count(c);
        if total == 0 {
            continue;
        }
        out.push_str(&format!("  {} ({total}):\n", heading(rep, c)));
        for e in grouped::entries(&rep.diagnostics, c, &loc) {
            let d = e.first();
            let pos = position(&loc, d);
            out.push_str(&format!(
                "    {name}:{pos} {}[{} {}]: {}",
                d.severity.as_str(),
                d.code,
                d.rule,
                e.message
            ));
            if e.findings.len() == 1 {
                let at = also_at(&loc, d);
                if !at.is_empty() {
                    out.push_str(&format!(" (also at {at})"));
                }
            }
            out.push('\n');
            let help = match (e.help(), &d.reference) {
                (Some(h), Some(r)) => format!("      help: {h}; see {r}\n"),
                (Some(h), None) => format!("      help: {h}\n"),
                (None, Some(r)) => format!("      see {r}\n"),
                (None, None) => String::new(),
            };
            // The same advice for another entry of the report is said
            // once: an officer reads it the first time, and a report with
            // many findings of one rule stays short.
            if !help.is_empty() && said.insert(help.clone()) {
                out.push_str(&help);
            }
        }
    }
    out
}

/// The secondary labels of a finding on one line, positions that share a
/// text listed together: `8:92, 9:92 not rated; 12:5 player 4`.
fn also_at(loc: &Locator<'_>, d: &Diagnostic) -> String {
    let mut runs: Vec<(Vec<String>, &str)> = Vec::new();
    for l in d.labels.iter().filter(|l| !l.primary && !l.text.is_empty()) {
        let (line, col) = loc.locate(l.span.start as usize);
        let pos = format!("{line}:{col}");
        match runs.last_mut() {
            Some((positions, text)) if *text == l.text => positions.push(pos),
            _ => runs.push((vec![pos], &l.text)),
        }
    }
    runs.iter()
        .map(|(positions, text)| format!("{} {text}", positions.join(", ")))
        .collect::<Vec<_>>()
        .join("; ")
}

/// The first line of a report's human output: the file, the verdict in
/// words and the facts (dialect, type, rating list, size, edition).
pub(crate) fn verdict_line(name: &str, parsed: &Parsed, rep: &CheckReport) -> String {
    format!("{name}: {} ({})\n", verdict_words(rep), facts(parsed, rep))
}

/// The verdict block of one report, with its facts line (dialect, type,
/// rating list, size, edition).
pub(crate) fn verdict_block(name: &str, parsed: &Parsed, rep: &CheckReport) -> String {
    render_verdict(name, &parsed.locator(), rep, &facts(parsed, rep))
}

/// `TRF16 · Swiss · standard · 9 players · 1 round · regulations 2024`.
fn facts(parsed: &Parsed, rep: &CheckReport) -> String {
    let t = &parsed.tournament;
    // Without a player there is no tournament type to tell (not "a Swiss
    // with 0 players").
    if t.players.is_empty() {
        return format!(
            "{} · no player (001) line · regulations {}",
            t.dialect.dialect.as_str(),
            rep.regulations.id(),
        );
    }
    format!(
        "{} · {} · {} · {} · {} · regulations {}",
        t.dialect.dialect.as_str(),
        rep.tournament_type.kind.as_str(),
        rating_type_words(rep),
        plural(t.players.len() as u64, "player", "players"),
        plural(t.rounds, "round", "rounds"),
        rep.regulations.id(),
    )
}

/// "standard", "Rapid (15 min + 10 s: 25 min for 60 moves)", "no rating
/// list: …".
fn rating_type_words(rep: &CheckReport) -> String {
    match rep.rating_type.rating_type {
        Some(_) if !rep.rating_type.heading.is_empty() => rep.rating_type.heading.clone(),
        Some(crate::regulations::RatingType::Standard) => "standard".to_owned(),
        Some(t) => format!("{t}: {}", rep.rating_type.reason),
        None => format!("no rating list: {}", rep.rating_type.reason),
    }
}
