//! Findings for people: plain text, miette's graphical report, and the
//! verdict in words.

use crate::check::CheckReport;
use crate::diag::{Consequence, Diagnostic, Verdict};
use crate::read::Parsed;
use crate::source::Locator;

/// Plain, narrow, grep-friendly text: one `file:line:col: severity[code rule]: message`
/// line per finding, then indented help and reference.
pub fn render_plain(file: &str, loc: &Locator<'_>, diags: &[Diagnostic]) -> String {
    let mut out = String::new();
    for d in diags {
        let pos = d
            .primary_span()
            .map(|s| {
                let (l, c) = loc.locate(s.start as usize);
                format!("{l}:{c}:")
            })
            .unwrap_or_default();
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
pub fn render_graphical(
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

/// Findings listed per consequence group in the verdict block; the rest of
/// a group is counted.
const SHOWN_PER_GROUP: usize = 5;

/// The verdict block that ends a file's human output: the verdict in
/// words, then the findings grouped by consequence, gravest first, each
/// with its line and the article, e.g.
///
/// ```text
/// x.trf: NOT RATEABLE: FIDE will not rate this event (TRF16 · Swiss · standard · 9 players · 5 rounds · regulations 2009)
///   Will not be rated (1):
///     line 4: the time control gives 100 min …; see FIDE Rating Regulations …, art. 1.1
/// ```
pub fn render_verdict(
    file: &str,
    loc: &Locator<'_>,
    rep: &crate::check::CheckReport,
    facts: &str,
) -> String {
    let mut out = String::new();
    let head = match rep.verdict {
        Verdict::NotRateable => "NOT RATEABLE: FIDE will not rate this event as played",
        Verdict::FixBeforeUpload => {
            "FIX BEFORE UPLOAD: data FIDE or the rating officer needs is missing or wrong"
        }
        Verdict::Ready => {
            if rep.count(Consequence::GamesNotRated) + rep.count(Consequence::PlayersNotRated) > 0 {
                "READY to upload: FIDE will rate it, without the games or players named below"
            } else {
                "READY to upload: FIDE will rate it"
            }
        }
    };
    out.push_str(&format!("{file}: {head} ({facts})\n"));
    for c in Consequence::ALL {
        let total = rep.count(c);
        if total == 0 {
            continue;
        }
        out.push_str(&format!("  {} ({total}):\n", c.heading()));
        let group = rep.diagnostics.iter().filter(|d| d.consequence == c);
        let mut shown = 0;
        for d in group.take(SHOWN_PER_GROUP) {
            shown += 1;
            let at = d
                .primary_span()
                .map(|s| format!("line {}: ", loc.locate(s.start as usize).0))
                .unwrap_or_default();
            let see = d
                .reference
                .as_ref()
                .map(|r| format!(" ({r})"))
                .unwrap_or_default();
            out.push_str(&format!("    {at}{}{see} [{}]\n", d.message, d.rule));
        }
        if total > shown {
            out.push_str(&format!("    … and {} more\n", total - shown));
        }
    }
    let (e, w, a) = rep.counts();
    out.push_str(&format!(
        "  {e} error{}, {w} warning{}, {a} advice\n",
        if e == 1 { "" } else { "s" },
        if w == 1 { "" } else { "s" },
    ));
    out
}

/// The verdict block of one report, with its facts line (dialect, type,
/// rating list, size, edition).
pub fn verdict_block(name: &str, parsed: &Parsed, rep: &CheckReport) -> String {
    let t = &parsed.tournament;
    let loc = parsed.locator();
    let facts = format!(
        "{} · {} · {} · {} players · {} rounds · regulations {}",
        t.dialect.dialect.as_str(),
        rep.kind.kind.as_str(),
        rating_type_words(rep),
        t.players.len(),
        t.rounds,
        rep.regulations.id(),
    );
    render_verdict(name, &loc, rep, &facts)
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
