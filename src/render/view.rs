//! What the HTML report shows, worked out in Rust so that the templates
//! only lay it out: every value here is plain text that the template
//! engine escapes.

use super::crosstable::{crosstable, CrossTable};
use super::opt;
use super::rating::start;
use crate::check::CheckReport;
use crate::diag::{Consequence, Diagnostic, Verdict};
use crate::rating::{KSource, PlayerRating, RatingSummary};
use crate::read::Parsed;
use crate::source::Locator;

/// What one report's HTML is made from.
#[derive(Debug, Clone, Copy)]
pub struct ReportInput<'a> {
    /// How to name the file (its path as given, or the uploaded name).
    pub file: &'a str,
    /// The parsed report.
    pub parsed: &'a Parsed,
    /// Its check.
    pub check: &'a CheckReport,
    /// Its rating pass.
    pub rating: &'a RatingSummary,
}

/// One report, ready to lay out.
#[derive(Debug)]
pub(super) struct ReportView {
    /// The file's name as given.
    pub file: String,
    /// The tournament's name, else the file's.
    pub title: String,
    /// A prefix for the ids of this report's sections (several reports
    /// share one page).
    pub anchor: String,
    /// A symbol that says the verdict without colour (✖, ⚠, ✔).
    pub verdict_symbol: &'static str,
    /// `not-rateable`, `fix-before-upload` or `ready` (a CSS class).
    pub verdict_class: &'static str,
    /// The verdict in a few capitalised words.
    pub verdict_head: String,
    /// What the verdict means and what to do, in one or two sentences.
    pub verdict_text: String,
    /// Label and value pairs about the event (rating type, regulations …).
    pub facts: Vec<(&'static str, String)>,
    /// Findings per consequence, gravest first (empty groups left out).
    pub groups: Vec<Group>,
    /// The rating summary.
    pub rating: RatingView,
    /// Results per round.
    pub crosstable: CrossTable,
    /// Rating changes as bars, when there are two or more to compare.
    pub chart: Option<Chart>,
    /// "trfkit 0.1.0".
    pub generator: String,
    /// When the check ran (UTC, to the minute).
    pub checked_at: String,
}

/// The findings of one consequence.
#[derive(Debug)]
pub(super) struct Group {
    /// The consequence's contract name (a CSS class and anchor).
    pub class: &'static str,
    /// "Will not be rated".
    pub heading: &'static str,
    /// A symbol that tells the group without colour.
    pub symbol: &'static str,
    /// What the group means for the upload.
    pub meaning: &'static str,
    /// Findings of this consequence, the per-rule limit's left-outs included.
    pub count: usize,
    /// The findings shown.
    pub findings: Vec<Finding>,
}

/// One finding.
#[derive(Debug)]
pub(super) struct Finding {
    /// `TRF-R003`.
    pub code: &'static str,
    /// `asymmetric-pairing`.
    pub rule: &'static str,
    /// `error`, `warning` or `advice`.
    pub severity: &'static str,
    /// The message.
    pub message: Vec<Chunk>,
    /// "line 12, columns 49–52", or "the whole file".
    pub place: String,
    /// The report's line with the finding's columns marked.
    pub source: Option<SourceLine>,
    /// The other labels: "line 14, columns 5–8: the other record".
    pub context: Vec<String>,
    /// The fix.
    pub help: Option<Vec<Chunk>>,
    /// The article or specification section.
    pub reference: Option<String>,
}

/// A piece of a message: plain text, or a value quoted from the file
/// (written between backticks in messages, shown as code).
#[derive(Debug, Clone)]
pub(crate) struct Chunk {
    /// The text.
    pub text: String,
    /// Quoted: shown in the file's monospace.
    pub code: bool,
}

/// Cuts a message at its backticks; an unpaired backtick stays text.
pub(crate) fn chunks(s: &str) -> Vec<Chunk> {
    let parts: Vec<&str> = s.split('`').collect();
    if parts.len() % 2 == 0 {
        return vec![Chunk {
            text: s.to_owned(),
            code: false,
        }];
    }
    parts
        .iter()
        .enumerate()
        .filter(|(_, p)| !p.is_empty())
        .map(|(i, p)| Chunk {
            text: (*p).to_owned(),
            code: i % 2 == 1,
        })
        .collect()
}

/// A line of the report, cut where labels start and end.
#[derive(Debug)]
pub(super) struct SourceLine {
    /// 1-based line number.
    pub number: u32,
    /// The pieces, in order.
    pub pieces: Vec<Piece>,
}

/// A piece of a source line.
#[derive(Debug)]
pub(super) struct Piece {
    /// The text.
    pub text: String,
    /// `""` (unmarked), `primary` or `context`.
    pub mark: &'static str,
    /// The label's text, shown on hover.
    pub title: String,
}

/// The rating summary.
#[derive(Debug)]
pub(super) struct RatingView {
    /// What the figures are worth, when they are not final: provisional
    /// (the report must be fixed first) or hypothetical (`--what-if`).
    pub status: Option<String>,
    /// "FIDE Rating Regulations effective 1 March 2024".
    pub regulations: String,
    /// Games and exclusions in words.
    pub figures: Vec<String>,
    /// Rated players.
    pub rated: Vec<RatedRow>,
    /// Unrated players.
    pub unrated: Vec<UnratedRow>,
    /// Notes about the whole event.
    pub notes: Vec<String>,
    /// Notes about single players: (rank and name, note).
    pub player_notes: Vec<(String, Vec<String>)>,
}

/// A rated player's line.
#[derive(Debug)]
pub(super) struct RatedRow {
    /// Starting rank, or `line 15` when it cannot be read.
    pub rank: String,
    /// Name.
    pub name: String,
    /// FIDE ID or empty.
    pub fide_id: String,
    /// Ro.
    pub ro: String,
    /// K.
    pub k: String,
    /// Where K came from, in a word.
    pub k_source: &'static str,
    /// Games counted.
    pub games: u32,
    /// W.
    pub score: String,
    /// We.
    pub expected: String,
    /// W − We.
    pub w_minus_we: String,
    /// The change, signed ("+6", "−12", "0").
    pub change: String,
    /// `up`, `down` or `level` (a CSS class).
    pub trend: &'static str,
    /// Ro + change.
    pub new_rating: String,
}

/// An unrated player's line.
#[derive(Debug)]
pub(super) struct UnratedRow {
    /// Starting rank, or `line 15` when it cannot be read.
    pub rank: String,
    /// Name.
    pub name: String,
    /// FIDE ID or empty.
    pub fide_id: String,
    /// Games counted towards the first rating.
    pub games: u32,
    /// W.
    pub score: String,
    /// Ra.
    pub ra: String,
    /// Ru.
    pub ru: String,
    /// What becomes of the result.
    pub outcome: &'static str,
}

/// A bar chart of rating changes, in SVG user units.
#[derive(Debug)]
pub(super) struct Chart {
    /// Width of the drawing.
    pub width: u32,
    /// Height of the drawing.
    pub height: u32,
    /// Where zero is.
    pub zero: u32,
    /// Top and bottom of the zero line.
    pub axis_top: u32,
    /// Bottom of the zero line.
    pub axis_bottom: u32,
    /// One bar per player shown.
    pub bars: Vec<Bar>,
    /// What the chart shows (and what it leaves out).
    pub caption: String,
}

/// One player's bar.
#[derive(Debug)]
pub(super) struct Bar {
    /// Top of the row.
    pub y: u32,
    /// Baseline of the row's text.
    pub text_y: u32,
    /// Left edge of the bar.
    pub x: u32,
    /// Width of the bar (at least 1, so that a zero shows).
    pub w: u32,
    /// "3 Doe, John".
    pub label: String,
    /// "+6".
    pub value: String,
    /// Where the value is written.
    pub value_x: u32,
    /// `start` or `end`.
    pub anchor: &'static str,
    /// `up`, `down` or `level`.
    pub trend: &'static str,
}

/// A report's title: its event's name, else its file's.
pub(super) fn title(input: &ReportInput<'_>) -> String {
    input
        .parsed
        .tournament
        .header
        .name
        .as_ref()
        .map(|n| n.value.trim().to_owned())
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| input.file.to_owned())
}

/// Builds the view of one report; `anchor` prefixes its section ids, and
/// `checked_at` is the time its footer says it was checked (the caller's
/// clock: a page in the browser has no system clock of its own).
pub(super) fn build(
    input: &ReportInput<'_>,
    anchor: &str,
    checked_at: chrono::DateTime<chrono::Utc>,
) -> ReportView {
    let t = &input.parsed.tournament;
    let rep = input.check;
    let loc = input.parsed.locator();
    let title = title(input);
    let (verdict_head, verdict_text) = verdict_words(rep);
    ReportView {
        file: input.file.to_owned(),
        title,
        anchor: anchor.to_owned(),
        verdict_symbol: match rep.verdict {
            Verdict::NotRateable => "✖",
            Verdict::FixBeforeUpload => "⚠",
            Verdict::Ready => "✔",
        },
        verdict_class: rep.verdict.as_str(),
        verdict_head,
        verdict_text,
        facts: facts(input),
        groups: groups(rep, &input.parsed.text, &loc),
        rating: rating(input.rating),
        crosstable: crosstable(&t.players, t.rounds, input.rating, &input.check.eligibility),
        chart: chart(&input.rating.players),
        generator: format!("trfkit {}", env!("CARGO_PKG_VERSION")),
        checked_at: checked_at.format("%Y-%m-%d %H:%M UTC").to_string(),
    }
}

/// The verdict's heading and paragraph, in the words of
/// [`Verdict::paragraph`].
pub(super) fn verdict_words(rep: &crate::check::CheckReport) -> (String, String) {
    let words = rep.verdict.words();
    let mut head = words.to_owned();
    if let Some(first) = head.get(..1) {
        let upper = first.to_uppercase();
        head.replace_range(..1, &upper);
    }
    let left_out =
        rep.count(Consequence::GamesNotRated) + rep.count(Consequence::PlayersNotRated) > 0;
    (head, rep.verdict.paragraph(left_out))
}

fn facts(input: &ReportInput<'_>) -> Vec<(&'static str, String)> {
    let t = &input.parsed.tournament;
    let rep = input.check;
    let s = input.rating;
    let rating_type = match rep.rating_type.rating_type {
        Some(r) => format!("{} ({})", r.title(), rep.rating_type.reason),
        None => format!("none: {}", rep.rating_type.reason),
    };
    let dates = match (s.tournament.start, s.tournament.end) {
        (Some(a), Some(b)) if a != b => format!("{a} to {b}"),
        (Some(a), _) => a.to_string(),
        (None, Some(b)) => format!("ends {b}"),
        (None, None) => "not given".to_owned(),
    };
    vec![
        ("Rating type", rating_type),
        (
            "Regulations",
            format!(
                "{} ({})",
                s.regulations_title,
                s.regulations_basis.describe()
            ),
        ),
        ("Dates", dates),
        (
            "Tournament type",
            format!(
                "{} ({})",
                rep.tournament_type.kind.as_str(),
                rep.tournament_type.reason
            ),
        ),
        (
            "Players",
            format!(
                "{} ({} rated), {} round{}",
                t.players.len(),
                s.tournament.rated_players,
                t.rounds,
                if t.rounds == 1 { "" } else { "s" }
            ),
        ),
        (
            "File",
            format!(
                "{} ({}, {})",
                input.file,
                t.dialect.dialect.as_str(),
                t.encoding.as_str()
            ),
        ),
    ]
}

/// What each group means for the upload.
fn meaning(c: Consequence) -> &'static str {
    match c {
        Consequence::EventNotRated => "FIDE will not rate the event as played.",
        Consequence::FixBeforeUpload => {
            "Correct these in the pairing program and export the report again."
        }
        Consequence::PlayersNotRated => {
            "The event is rated; these players get no rating, or no first rating, from it."
        }
        Consequence::GamesNotRated => "The event is rated without these games.",
        Consequence::Cosmetic => "Wrong, but without effect on rating: worth correcting next time.",
        Consequence::Info => "Assumptions made, and what could not be checked.",
    }
}

fn groups(rep: &crate::check::CheckReport, text: &str, loc: &Locator<'_>) -> Vec<Group> {
    Consequence::ALL
        .iter()
        .filter(|c| rep.count(**c) > 0)
        .map(|&c| Group {
            class: c.as_str(),
            heading: c.heading(),
            symbol: match c {
                Consequence::EventNotRated => "✖",
                Consequence::FixBeforeUpload => "⚠",
                Consequence::PlayersNotRated | Consequence::GamesNotRated => "−",
                Consequence::Cosmetic => "·",
                Consequence::Info => "i",
            },
            meaning: meaning(c),
            count: rep.count(c),
            findings: rep
                .diagnostics
                .iter()
                .filter(|d| d.consequence == c)
                .map(|d| finding(d, text, loc))
                .collect(),
        })
        .collect()
}

/// "line 12, columns 49–52" (or "column 49").
fn place(loc: &Locator<'_>, span: crate::source::span::Span) -> String {
    let r = super::Region::of(loc, span);
    let last = r.end_column.saturating_sub(1).max(r.start_column);
    if r.end_line != r.start_line {
        format!(
            "lines {}–{} (from column {})",
            r.start_line, r.end_line, r.start_column
        )
    } else if last == r.start_column {
        format!("line {}, column {}", r.start_line, r.start_column)
    } else {
        format!("line {}, columns {}–{last}", r.start_line, r.start_column)
    }
}

fn finding(d: &Diagnostic, text: &str, loc: &Locator<'_>) -> Finding {
    let primary = d.primary_span();
    Finding {
        code: d.code,
        rule: d.rule,
        severity: d.severity.as_str(),
        message: chunks(&d.message),
        place: primary.map_or_else(|| "the whole file".to_owned(), |s| place(loc, s)),
        source: primary.and_then(|s| source_line(d, s, text, loc)),
        context: d
            .labels
            .iter()
            .filter(|l| Some(l.span) != primary && !l.text.is_empty())
            .map(|l| format!("{}: {}", place(loc, l.span), l.text))
            .collect(),
        help: d.help.as_deref().map(chunks),
        reference: d.reference.clone(),
    }
}

/// The largest char boundary at or before `i`.
fn floor_boundary(text: &str, i: usize) -> usize {
    let mut i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The line holding the primary span, cut into pieces: the labels on that
/// line marked (the primary one first; overlaps are left unmarked).
fn source_line(
    d: &Diagnostic,
    primary: crate::source::span::Span,
    text: &str,
    loc: &Locator<'_>,
) -> Option<SourceLine> {
    let (number, _) = loc.locate(primary.start as usize);
    let line_start = text[..floor_boundary(text, primary.start as usize)]
        .rfind('\n')
        .map_or(0, |i| i + 1);
    let line_end = text[line_start..]
        .find(['\n', '\r'])
        .map_or(text.len(), |i| line_start + i);
    let line = &text[line_start..line_end];
    // (start, end, mark, title) relative to the line, primary first.
    let mut marks: Vec<(usize, usize, &'static str, String)> = Vec::new();
    let ordered = d
        .labels
        .iter()
        .filter(|l| l.span == primary)
        .chain(d.labels.iter().filter(|l| l.span != primary));
    for l in ordered {
        let (s, e) = (l.span.start as usize, l.span.end as usize);
        if e < line_start || s > line_end {
            continue;
        }
        let mut s = floor_boundary(line, s.max(line_start) - line_start);
        let mut e = floor_boundary(line, e.min(line_end) - line_start);
        if s == e {
            // An empty span points between characters: mark the next one,
            // or the last one at the end of the line.
            match line[s..].chars().next() {
                Some(c) => e = s + c.len_utf8(),
                None => match line[..s].chars().next_back() {
                    Some(c) => s -= c.len_utf8(),
                    None => continue,
                },
            }
        }
        if marks.iter().any(|m| s < m.1 && m.0 < e) {
            continue;
        }
        let mark = if l.span == primary {
            "primary"
        } else {
            "context"
        };
        marks.push((s, e, mark, l.text.clone()));
    }
    marks.sort_by_key(|m| m.0);
    let mut pieces = Vec::new();
    let mut at = 0;
    for (s, e, mark, title) in marks {
        if s > at {
            pieces.push(Piece {
                text: line[at..s].to_owned(),
                mark: "",
                title: String::new(),
            });
        }
        pieces.push(Piece {
            text: line[s..e].to_owned(),
            mark,
            title,
        });
        at = e;
    }
    if at < line.len() {
        pieces.push(Piece {
            text: line[at..].to_owned(),
            mark: "",
            title: String::new(),
        });
    }
    Some(SourceLine { number, pieces })
}

/// "+6", "−12", "0" (a real minus sign, as printed tables have).
fn signed(v: i64) -> String {
    match v.cmp(&0) {
        std::cmp::Ordering::Greater => format!("+{v}"),
        std::cmp::Ordering::Less => format!("−{}", v.unsigned_abs()),
        std::cmp::Ordering::Equal => "0".to_owned(),
    }
}

/// A number with a leading hyphen written with a real minus sign, as the
/// changes are.
fn minus(s: &str) -> String {
    match s.strip_prefix('-') {
        Some(rest) => format!("−{rest}"),
        None => s.to_owned(),
    }
}

fn trend(v: i64) -> &'static str {
    match v.cmp(&0) {
        std::cmp::Ordering::Greater => "up",
        std::cmp::Ordering::Less => "down",
        std::cmp::Ordering::Equal => "level",
    }
}

fn rating(s: &RatingSummary) -> RatingView {
    let t = &s.tournament;
    let mut figures = vec![format!(
        "{} games change a rated player's rating; {} count towards a first rating.",
        t.rated_games, t.initial_rating_games
    )];
    let excluded = crate::render::rating::described(&t.excluded);
    if !excluded.is_empty() {
        figures.push(format!(
            "Games that change no rated player's rating: {} (marked in the crosstable).",
            excluded.join(", ")
        ));
    }
    let rated = s
        .players
        .iter()
        .filter(|p| p.rated)
        .map(|p| RatedRow {
            rank: start(p),
            name: p.name.clone(),
            fide_id: opt(p.fide_id),
            ro: opt(p.ro),
            k: opt(p.k),
            k_source: match p.k_source {
                Some(KSource::Override) => "given",
                Some(KSource::List) => "list",
                Some(KSource::Derived) => "derived",
                None => "",
            },
            games: p.games,
            score: p.score.to_string(),
            expected: opt(p.expected),
            w_minus_we: p
                .w_minus_we
                .map(|v| minus(&v.to_string()))
                .unwrap_or_default(),
            change: p.change.map(signed).unwrap_or_default(),
            trend: p.change.map_or("level", trend),
            new_rating: opt(p.new_rating),
        })
        .collect();
    let unrated = s
        .players
        .iter()
        .filter(|p| !p.rated)
        .map(|p| UnratedRow {
            rank: start(p),
            name: p.name.clone(),
            fide_id: opt(p.fide_id),
            games: p.games,
            score: p.score.to_string(),
            ra: opt(p.ra),
            ru: opt(p.ru),
            outcome: p.outcome.map_or("", |o| o.describe()),
        })
        .collect();
    let status = match s.verdict {
        Some(v) => v.figures_status(s.hypothetical),
        None if s.hypothetical => Verdict::NotRateable.figures_status(true),
        None => None,
    };
    RatingView {
        status,
        regulations: s.regulations_title.to_owned(),
        figures,
        rated,
        unrated,
        notes: s.notes.clone(),
        player_notes: s
            .players
            .iter()
            .filter(|p| !p.notes.is_empty())
            .map(|p| {
                let notes = p.notes.iter().map(|n| n.to_string()).collect();
                (format!("{} {}", start(p), p.name), notes)
            })
            .collect(),
    }
}

/// Bars shown before the chart keeps only the largest gains and losses.
const CHART_ALL_UP_TO: usize = 40;
/// Gains and losses each kept in a larger field.
const CHART_EACH_END: usize = 15;

fn chart(players: &[PlayerRating]) -> Option<Chart> {
    let mut changes: Vec<(&PlayerRating, i64)> = players
        .iter()
        .filter_map(|p| p.change.map(|c| (p, c)))
        .collect();
    if changes.len() < 2 {
        return None;
    }
    changes.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.start_rank.cmp(&b.0.start_rank)));
    let total = changes.len();
    let caption = if total > CHART_ALL_UP_TO {
        let tail = changes.split_off(total - CHART_EACH_END);
        changes.truncate(CHART_EACH_END);
        changes.extend(tail);
        format!(
            "Rating change: the {CHART_EACH_END} largest gains and {CHART_EACH_END} largest losses of {total} rated players (all are in the table)."
        )
    } else {
        "Rating change per rated player, largest gain first.".to_owned()
    };
    let (label_w, bar_area, row, top) = (230u32, 360u32, 18u32, 6u32);
    let zero = label_w + bar_area / 2;
    let max = changes
        .iter()
        .map(|c| c.1.unsigned_abs())
        .max()
        .unwrap_or(0)
        .max(1);
    // Leave room for the value's text beyond the longest bar.
    let half = u64::from(bar_area / 2 - 40);
    let bars = changes
        .iter()
        .enumerate()
        .map(|(i, (p, c))| {
            let y = top + i as u32 * row;
            let len = (c.unsigned_abs() * half / max) as u32;
            let (x, value_x, anchor) = if *c >= 0 {
                (zero, zero + len + 4, "start")
            } else {
                (zero - len, zero - len - 4, "end")
            };
            Bar {
                y,
                text_y: y + 12,
                x,
                w: len.max(1),
                label: format!("{} {}", start(p), p.name),
                value: signed(*c),
                value_x,
                anchor,
                trend: trend(*c),
            }
        })
        .collect::<Vec<_>>();
    let height = top * 2 + bars.len() as u32 * row;
    Some(Chart {
        width: label_w + bar_area,
        height,
        zero,
        axis_top: 2,
        axis_bottom: height - 2,
        bars,
        caption,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(c: &[Chunk]) -> Vec<(&str, bool)> {
        c.iter().map(|c| (c.text.as_str(), c.code)).collect()
    }

    #[test]
    fn backticks_quote_values_and_an_unpaired_one_stays_text() {
        assert_eq!(
            texts(&chunks("`18OO` is not a rating")),
            [("18OO", true), (" is not a rating", false)]
        );
        assert_eq!(
            texts(&chunks("write `w` or `b`")),
            [("write ", false), ("w", true), (" or ", false), ("b", true)]
        );
        assert_eq!(texts(&chunks("a ` b")), [("a ` b", false)]);
    }

    /// The pieces of the line a finding's labels are on.
    fn pieces(text: &str, labels: &[(u32, u32, bool)]) -> Vec<(String, &'static str)> {
        let mut d = Diagnostic::new("TRF-X", "x", crate::Severity::Error, "m");
        for &(s, e, primary) in labels {
            let span = crate::source::span::Span::new(s as usize, e as usize);
            d = if primary {
                d.primary(span, "p")
            } else {
                d.secondary(span, "c")
            };
        }
        let parsed = crate::parse_str(text);
        let loc = Locator::new(text, &parsed.tournament.lines);
        let primary = d.primary_span().unwrap();
        source_line(&d, primary, text, &loc)
            .unwrap()
            .pieces
            .into_iter()
            .map(|p| (p.text, p.mark))
            .collect()
    }

    #[test]
    fn source_line_marks_characters_after_multibyte_ones() {
        let text = "012 Öpen\n001 Ñúñez 18OO\n";
        let name = text.find("Ñ").unwrap() as u32;
        let rating = text.find("18OO").unwrap() as u32;
        assert_eq!(
            pieces(text, &[(rating, rating + 4, true), (name, name + 8, false)]),
            [
                ("001 ".to_owned(), ""),
                ("Ñúñez".to_owned(), "context"),
                (" ".to_owned(), ""),
                ("18OO".to_owned(), "primary"),
            ]
        );
    }

    #[test]
    fn an_empty_span_marks_the_next_character_or_the_last() {
        let text = "012 Open\n";
        assert_eq!(
            pieces(text, &[(4, 4, true)]),
            [
                ("012 ".to_owned(), ""),
                ("O".to_owned(), "primary"),
                ("pen".to_owned(), ""),
            ]
        );
        assert_eq!(
            pieces(text, &[(8, 8, true)]),
            [("012 Ope".to_owned(), ""), ("n".to_owned(), "primary")]
        );
    }

    #[test]
    fn overlapping_labels_keep_the_primary_one() {
        let text = "012 Open\n";
        assert_eq!(
            pieces(text, &[(4, 8, true), (6, 8, false)]),
            [("012 ".to_owned(), ""), ("Open".to_owned(), "primary")]
        );
    }
}
