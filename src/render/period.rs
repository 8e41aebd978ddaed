//! The rating period ([`PeriodSummary`]) for people (the reports read, then
//! one table of players and events, the notes once each; one such section
//! per list when the reports are expected on several) and for
//! spreadsheets (one row per player and event, the period's columns
//! repeated, every list's rows). The JSON form is the summary's serde form.

use super::csv::Table;
use super::rating::{json_name, opt, signed, signed_int, table, NoteIndex};
use crate::rating::period::{PeriodEvent, PeriodPlayer, PeriodSummary};
use std::fmt::Write as _;

/// The period for people: without `--period` and with reports expected on
/// several lists, one section per list, the list most reports are
/// expected on first, then the others in month order, each headed with
/// the list it is.
pub(crate) fn render_human(s: &PeriodSummary) -> String {
    let short = super::period_names::without_common_folder(s);
    let s = short.as_ref().unwrap_or(s);
    let others = s.other_periods.as_deref().unwrap_or_default();
    if others.is_empty() {
        return render_one(s);
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "== The {} list: the list most reports are expected on ({} other list{} below) ==\n",
        s.period,
        others.len(),
        if others.len() == 1 { "" } else { "s" }
    );
    out.push_str(&render_one(s));
    for o in others {
        let _ = writeln!(
            out,
            "\n== The {} list: the reports expected on it ==\n",
            o.period
        );
        out.push_str(&render_one(o));
    }
    out
}

/// One period for people: the reports, the table, the findings and the
/// notes.
fn render_one(s: &PeriodSummary) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Period:      {} (the list dated {}-01)",
        s.period, s.period
    );
    if let Some(t) = s.rating_type {
        let _ = writeln!(out, "Rating type: {}", t.as_str());
    }
    let in_period = s.reports.iter().filter(|r| r.in_period).count();
    let _ = writeln!(
        out,
        "Reports:     {} read, {in_period} in the period\n",
        s.reports.len()
    );
    let rows: Vec<Vec<String>> = s
        .reports
        .iter()
        .map(|r| {
            vec![
                r.file.clone(),
                r.event.clone().unwrap_or_default(),
                opt(r.start),
                opt(r.end),
                r.verdict.to_string(),
                opt(r.expected_period.clone()),
                if r.in_period { "yes" } else { "no" }.to_owned(),
                r.why.clone().unwrap_or_default(),
            ]
        })
        .collect();
    table(
        &mut out,
        &[
            "File", "Event", "Start", "End", "Verdict", "Expected", "In", "Why",
        ],
        &rows,
        &[0, 1, 4, 6, 7],
    );

    // Notes numbered once: the period's first, then each player's, a note
    // of many players said once (`PlayerNotes`).
    let mut notes = PlayerNotes::of(s);
    let mut rows = Vec::new();
    for (i, p) in s.players.iter().enumerate() {
        let refs = notes.refs(i);
        for (k, e) in p.events.iter().enumerate() {
            let mut row = if k == 0 {
                player_cells(p)
            } else {
                vec![String::new(); PLAYER_COLUMNS.len()]
            };
            row.extend(event_cells(e));
            if k == 0 {
                row.extend(period_cells(p));
                row.push(refs.clone());
            } else {
                row.extend(vec![String::new(); PERIOD_COLUMNS.len() + 1]);
            }
            rows.push(row);
        }
    }
    out.push('\n');
    let mut header: Vec<&str> = PLAYER_COLUMNS.to_vec();
    header.extend(EVENT_COLUMNS);
    header.extend(PERIOD_COLUMNS);
    header.push("Notes");
    let left = [1, 2, 3, 4, header.len() - 1];
    table(&mut out, &header, &rows, &left);
    let _ = writeln!(
        out,
        "Alone = the event's change rounded by itself; Change = the period's total rounded once; * = discriminating; K: l = list, o = given by the user, d = derived"
    );
    if !s.findings.is_empty() {
        out.push_str("\nFindings across reports\n");
        // One line per rule and set of reports: the first finding, and how
        // many more of that rule concern the same reports.
        let mut groups: Vec<(&str, &[String], usize, usize)> = Vec::new();
        for (k, f) in s.findings.iter().enumerate() {
            match groups
                .iter_mut()
                .find(|g| g.0 == f.finding.rule && g.1 == f.files.as_slice())
            {
                Some(g) => g.3 += 1,
                None => groups.push((f.finding.rule, &f.files, k, 1)),
            }
        }
        for (_, files, first, n) in groups {
            let f = &s.findings[first];
            let more = match n {
                1 => String::new(),
                2 => "; and 1 more finding of this kind between these reports".to_owned(),
                n => format!(
                    "; and {} more findings of this kind between these reports",
                    n - 1
                ),
            };
            let _ = writeln!(
                out,
                "  {} [{}] {}{more} ({})",
                f.finding.consequence.as_str(),
                f.finding.rule,
                f.finding.message,
                files.join(", ")
            );
        }
    }
    published_section(&mut out, s);
    out.push_str("\nNotes\n");
    for (i, n) in notes.list.iter().enumerate() {
        let _ = writeln!(out, "{}. {n}", i + 1);
    }
    out
}

/// With `--published`: the counts, then every player the published list
/// gives otherwise, with the figures of both and each cause trfkit can
/// tell (or `unexplained`).
fn published_section(out: &mut String, s: &PeriodSummary) {
    if let Some(c) = &s.published_summary {
        let _ = writeln!(out, "\n{}", published_counts(c, "`"));
    }
    let differ = published_differ(s);
    if differ.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "\nPlayers the published list gives otherwise ({})",
        differ.len()
    );
    for (p, f) in differ {
        let _ = writeln!(out, "  {}", published_line(p, f));
        for why in &f.published_differences {
            let _ = writeln!(out, "    - {why}");
        }
    }
}

/// "Published list `L` (2025-05): 3 exact, 1 differ, 0 missing": the
/// comparison's counts, as the text and the page say them (the list's
/// name between `quote`s).
fn published_counts(c: &crate::rating::period::PublishedSummary, quote: &str) -> String {
    format!(
        "Published list {quote}{}{quote}{}: {} exact, {} differ, {} missing",
        c.list,
        c.list_period
            .as_ref()
            .map_or_else(String::new, |p| format!(" ({p})")),
        c.exact,
        c.differ,
        c.missing
    )
}

/// The players the published list gives otherwise than the period, with
/// its figures, in the period's order.
fn published_differ(
    s: &PeriodSummary,
) -> Vec<(
    &crate::rating::period::PeriodPlayer,
    &crate::rating::period::PublishedFigures,
)> {
    s.players
        .iter()
        .filter_map(|p| p.published.as_ref().map(|f| (p, f)))
        .filter(|(_, f)| !f.matches_published)
        .collect()
}

/// "Name (ID): computed R in n games; published R in n games, K k".
fn published_line(
    p: &crate::rating::period::PeriodPlayer,
    f: &crate::rating::period::PublishedFigures,
) -> String {
    format!(
        "{} ({}): computed {} in {} games; published {} in {} games, K {}",
        p.name,
        opt(p.fide_id),
        opt(p.new_rating.or(p.first_rating)),
        p.games,
        opt(f.published_rating),
        opt(f.published_games),
        opt(f.published_k)
    )
}

/// The notes of the text of a period, numbered: the period's own first,
/// then the players' in the order of the table. A note that concerns one
/// player names the player (`Adler, Anton (1610001): 1392 is below the
/// floor …`); the notes of many players that differ only by their figures
/// (a discriminating rounding, a rating below the floor) are one note that
/// says how many players it concerns, with the figures that differ named
/// A, B, … and given per player, and a note the same for many players is
/// said once with their count. An officer reads 300 players' notes in a
/// few lines, not one line each.
struct PlayerNotes {
    /// The text of each note, by its number − 1.
    list: Vec<String>,
    /// The numbers of each player's notes, comma-separated.
    refs: Vec<String>,
}

impl PlayerNotes {
    fn of(s: &PeriodSummary) -> Self {
        let period = NoteIndex::starting_with(&s.notes).list;
        let mut list = period.clone();
        let mut by_text: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
        for (i, n) in period.iter().enumerate() {
            by_text.entry(n.as_str()).or_insert(i);
        }
        // The players' notes by their shape (the text without its
        // figures), in the order they first appear.
        let mut shapes: Vec<Shape<'_>> = Vec::new();
        let mut shape_of: std::collections::HashMap<Vec<&str>, usize> =
            std::collections::HashMap::new();
        let mut per_player: Vec<Vec<Ref>> = Vec::with_capacity(s.players.len());
        for (pi, p) in s.players.iter().enumerate() {
            let mut mine = Vec::new();
            for n in &p.notes {
                if let Some(&k) = by_text.get(n.as_str()) {
                    mine.push(Ref::Period(k));
                    continue;
                }
                let (words, figures) = split_figures(n);
                let k = *shape_of.entry(words.clone()).or_insert_with(|| {
                    shapes.push(Shape {
                        words,
                        texts: Vec::new(),
                    });
                    shapes.len() - 1
                });
                let texts = &mut shapes[k].texts;
                if !texts
                    .iter()
                    .any(|(t, _, players)| *t == n.as_str() && players.last() == Some(&pi))
                {
                    match texts.iter_mut().find(|(t, _, _)| *t == n.as_str()) {
                        Some((_, _, players)) => players.push(pi),
                        None => texts.push((n.as_str(), figures, vec![pi])),
                    }
                }
                mine.push(Ref::Shape(k));
            }
            per_player.push(mine);
        }
        let first = list.len();
        for shape in &shapes {
            list.push(shape.said(&s.players));
        }
        let refs = per_player
            .iter()
            .map(|mine| {
                let mut nums: Vec<usize> = mine
                    .iter()
                    .map(|r| match r {
                        Ref::Period(k) => k + 1,
                        Ref::Shape(k) => first + k + 1,
                    })
                    .collect();
                nums.dedup();
                nums.iter()
                    .map(usize::to_string)
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect();
        PlayerNotes { list, refs }
    }

    fn refs(&mut self, player: usize) -> String {
        std::mem::take(&mut self.refs[player])
    }
}

/// Where a player's note is said.
enum Ref {
    Period(usize),
    Shape(usize),
}

/// Players' notes of one shape: each distinct text, its figures and the
/// players it concerns (by their place in the table).
struct Shape<'a> {
    words: Vec<&'a str>,
    texts: Vec<(&'a str, Vec<&'a str>, Vec<usize>)>,
}

impl Shape<'_> {
    fn said(&self, players: &[PeriodPlayer]) -> String {
        let who = |i: &usize| {
            let p = &players[*i];
            match p.fide_id {
                Some(id) => format!("{} ({id})", p.name),
                None => p.name.clone(),
            }
        };
        let concerned: usize = self.texts.iter().map(|t| t.2.len()).sum();
        if let [(text, _, only)] = self.texts.as_slice() {
            return match only.as_slice() {
                [one] => format!("{}: {text}", who(one)),
                _ => format!("{concerned} players: {text}"),
            };
        }
        // The figures that differ between the texts are named A, B, …; the
        // others are said as they are.
        let count = self.texts[0].1.len();
        let varies: Vec<bool> = (0..count)
            .map(|k| self.texts.iter().any(|t| t.1[k] != self.texts[0].1[k]))
            .collect();
        let mut names = Vec::new();
        let mut text = String::new();
        for (k, w) in self.words.iter().enumerate() {
            text.push_str(w);
            if k < count {
                if varies[k] {
                    let name = letter(names.len());
                    text.push_str(&name);
                    names.push(name);
                } else {
                    text.push_str(self.texts[0].1[k]);
                }
            }
        }
        let each: Vec<String> = self
            .texts
            .iter()
            .flat_map(|(_, figures, ps)| {
                let mine: Vec<&str> = figures
                    .iter()
                    .zip(&varies)
                    .filter(|(_, v)| **v)
                    .map(|(f, _)| *f)
                    .collect();
                ps.iter()
                    .map(move |p| format!("{} {}", who(p), mine.join(", ")))
            })
            .collect();
        format!(
            "{concerned} players: {text}; {} by player: {}",
            names.join(", "),
            each.join("; ")
        )
    }
}

/// A, B, …, Z, then AA, AB, …
fn letter(k: usize) -> String {
    let a = |k: usize| char::from(b'A' + (k % 26) as u8);
    if k < 26 {
        a(k).to_string()
    } else {
        format!("{}{}", a(k / 26 - 1), a(k))
    }
}

/// A note's words between its figures, and its figures: a number with its
/// sign (`-6`, `+22.40`, `−3`) and decimals. `words` has one more element
/// than `figures`.
fn split_figures(note: &str) -> (Vec<&str>, Vec<&str>) {
    let bytes = note.as_bytes();
    let mut words = Vec::new();
    let mut figures = Vec::new();
    let mut from = 0;
    let mut i = 0;
    while i < bytes.len() {
        if !bytes[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        // A sign right before the digits, after a blank or an opening.
        let mut start = i;
        let before = |k: usize| k == 0 || matches!(bytes[k - 1], b' ' | b'(' | b'[');
        if start > 0 && matches!(bytes[start - 1], b'+' | b'-') && before(start - 1) {
            start -= 1;
        } else if note[..start].ends_with('−') && before(start - '−'.len_utf8()) {
            start -= '−'.len_utf8();
        }
        let mut end = i;
        while end < bytes.len() && bytes[end].is_ascii_digit() {
            end += 1;
        }
        if end + 1 < bytes.len() && bytes[end] == b'.' && bytes[end + 1].is_ascii_digit() {
            end += 1;
            while end < bytes.len() && bytes[end].is_ascii_digit() {
                end += 1;
            }
        }
        words.push(&note[from..start]);
        figures.push(&note[start..end]);
        from = end;
        i = end;
    }
    words.push(&note[from..]);
    (words, figures)
}

const PLAYER_COLUMNS: [&str; 3] = ["FIDE ID", "Name", "Type"];
const EVENT_COLUMNS: [&str; 10] = [
    "Event",
    "Start",
    "Ro",
    "n",
    "W",
    "We",
    "ΣΔR",
    "K′",
    "K′×ΣΔR",
    "Alone",
];
const PERIOD_COLUMNS: [&str; 6] = ["Old", "Games", "K", "Total", "Change", "New"];

fn player_cells(p: &PeriodPlayer) -> Vec<String> {
    vec![
        opt(p.fide_id),
        p.name.clone(),
        p.rating_type.as_str().to_owned(),
    ]
}

fn event_cells(e: &PeriodEvent) -> Vec<String> {
    vec![
        e.file.clone(),
        opt(e.start),
        e.ro.map_or_else(String::new, |r| {
            format!("{r}{}", if e.ro_source == "list" { "l" } else { "" })
        }),
        e.games.to_string(),
        e.score.to_string(),
        opt(e.expected),
        e.sum_delta.map_or_else(String::new, signed),
        opt(e.k),
        e.change.map_or_else(String::new, signed),
        e.rounded.map_or_else(String::new, signed_int),
    ]
}

fn period_cells(p: &PeriodPlayer) -> Vec<String> {
    match &p.pool {
        Some(pool) => vec![
            String::new(),
            pool.games.to_string(),
            String::new(),
            String::new(),
            format!(
                "Ru {}",
                pool.ru.map_or_else(|| "-".to_owned(), |r| r.to_string())
            ),
            p.first_rating
                .map_or_else(|| "unrated".to_owned(), |r| r.to_string()),
        ],
        None => vec![
            opt(p.old_rating),
            p.games.to_string(),
            match (p.k, p.k_source) {
                (Some(k), Some(s)) => format!("{k}{}", s.mark()),
                (k, _) => opt(k),
            },
            p.total_change.map_or_else(String::new, signed),
            p.rating_change.map_or_else(String::new, |c| {
                format!(
                    "{}{}",
                    signed_int(c),
                    if p.discriminating { "*" } else { "" }
                )
            }),
            opt(p.new_rating),
        ],
    }
}

/// One row per player and event, the period's columns repeated on each;
/// without `--period`, the rows of every list's period (its month in the
/// `period` column), the list most reports are expected on first.
pub(crate) fn render_csv(s: &PeriodSummary) -> String {
    let mut out = Vec::new();
    // Writing into a Vec cannot fail.
    let written = write_csv(s, &mut out);
    debug_assert!(written.is_ok(), "CSV into memory failed: {written:?}");
    String::from_utf8(out).unwrap_or_default()
}

/// [`render_csv`] written to `w` row by row (a whole month's period is not
/// held as text); `Err` when `w` fails.
pub(crate) fn write_csv(s: &PeriodSummary, w: impl std::io::Write) -> std::io::Result<()> {
    let mut csv = PeriodCsv::new(w, s.published_summary.is_some());
    let all = std::iter::once(s).chain(s.other_periods.iter().flatten());
    for s in all {
        for p in &s.players {
            csv.player(&s.period, p);
        }
    }
    csv.finish()
}

/// The period's CSV being written: the header, then each player's rows as
/// the player is given (`trf period --format csv` of a whole month writes
/// each player as the period makes it, and drops it). The first failure
/// of the writer is kept and ends the writing.
pub(crate) struct PeriodCsv<W: std::io::Write> {
    table: Table<W>,
    /// The published list's columns (`--published`).
    published: bool,
    failed: Option<std::io::Error>,
}

impl<W: std::io::Write> PeriodCsv<W> {
    /// The table with its header, the published list's columns only with
    /// `published` (the other columns and their order unchanged).
    pub(crate) fn new(w: W, published: bool) -> PeriodCsv<W> {
        let header = [
            "period",
            "fide_id",
            "name",
            "federation",
            "rating_type",
            "old_rating",
            "base_source",
            "games",
            "k",
            "k_before_cap",
            "k_source",
            "total_change",
            "rating_change",
            "per_event_change",
            "new_rating",
            "first_rating",
            "discriminating",
            "file",
            "event",
            "start",
            "start_rank",
            "regulations",
            "ro",
            "ro_source",
            "opponents",
            "event_games",
            "score",
            "expected",
            "sum_delta",
            "event_k",
            "event_change",
            "event_rounded",
            "rate_change",
            "ru",
        ];
        let mut header = header.to_vec();
        if published {
            header.extend([
                "published_rating",
                "published_games",
                "published_k",
                "matches_published",
                "published_differences",
            ]);
        }
        let mut table = Table::to(w);
        let failed = table.write_row(&header).err();
        PeriodCsv {
            table,
            published,
            failed,
        }
    }

    /// One row per event of player `p` of the period `period` (`YYYY-MM`).
    pub(crate) fn player(&mut self, period: &str, p: &PeriodPlayer) {
        let published = self.published;
        for e in &p.events {
            if self.failed.is_some() {
                return;
            }
            let opponents: Vec<String> = e.opponents.iter().map(u16::to_string).collect();
            let mut row = [
                period.to_owned(),
                opt(p.fide_id),
                p.name.clone(),
                p.federation.clone().unwrap_or_default(),
                p.rating_type.as_str().to_owned(),
                opt(p.old_rating),
                p.base_source.clone().unwrap_or_default(),
                p.games.to_string(),
                opt(p.k),
                opt(p.k_before_cap),
                p.k_source.map_or_else(String::new, |k| json_name(&k)),
                opt(p.total_change),
                opt(p.rating_change),
                opt(p.per_event_change),
                opt(p.new_rating),
                opt(p.first_rating),
                p.discriminating.to_string(),
                e.file.clone(),
                e.event.clone().unwrap_or_default(),
                opt(e.start),
                e.start_rank.to_string(),
                e.regulations.id().to_owned(),
                opt(e.ro),
                e.ro_source.to_owned(),
                opponents.join(" "),
                e.games.to_string(),
                e.score.to_string(),
                opt(e.expected),
                opt(e.sum_delta),
                opt(e.k),
                opt(e.change),
                opt(e.rounded),
                opt(e.rate_change),
                opt(e.ru),
            ]
            .to_vec();
            if published {
                match &p.published {
                    Some(f) => row.extend([
                        opt(f.published_rating),
                        opt(f.published_games),
                        opt(f.published_k),
                        f.matches_published.to_string(),
                        f.published_differences.join("; "),
                    ]),
                    None => row.extend(vec![String::new(); 5]),
                }
            }
            self.failed = self.table.write_row(row).err();
        }
    }

    /// The end of the table: what is buffered written, or the writer's
    /// first failure.
    pub(crate) fn finish(mut self) -> std::io::Result<()> {
        match self.failed.take() {
            Some(e) => Err(e),
            None => self.table.flush(),
        }
    }
}

/// The rating period of the reports dropped together on the local page
/// (`trf serve`): the reports and whether each is in the period, then the
/// players, those with several events first (where the period's figures
/// differ from each report's), the findings across reports and the notes,
/// each once. Values are plain text: the template escapes them.
#[derive(Debug, Clone)]
pub(crate) struct PeriodSection {
    /// `2025-04`.
    pub period: String,
    /// The rating type computed, in words, when one.
    pub rating_type: Option<String>,
    /// Reports read and reports in the period, in words.
    pub tally: String,
    /// One row per report: file, event, start, end, verdict, expected
    /// list, in the period, why (not).
    pub reports: Vec<[String; 8]>,
    /// Players with events in two or more reports.
    pub several: Vec<PeriodRow>,
    /// The other players.
    pub single: Vec<PeriodRow>,
    /// Findings across reports: consequence, rule, message, files.
    pub findings: Vec<[String; 4]>,
    /// The notes, numbered by their place (1-based) in this list.
    pub notes: Vec<String>,
    /// Compared with the list FIDE published (`--published`): its counts
    /// ("Published list `L` (2025-05): 3 exact, 1 differ, 0 missing").
    pub published: Option<String>,
    /// The players the published list gives otherwise: the figures of
    /// both, and each cause trfkit can tell (or "unexplained").
    pub published_differ: Vec<(String, Vec<String>)>,
}

/// One player's row of the period section.
#[derive(Debug, Clone)]
pub(crate) struct PeriodRow {
    /// FIDE ID, name, federation, list.
    pub who: [String; 4],
    /// Events (reports) counted.
    pub events: usize,
    /// Old rating, games, K (with its source mark), total, change (`*`
    /// when discriminating), new rating; an unrated player's Ru and first
    /// rating in the last two.
    pub figures: [String; 6],
    /// The numbers of the player's notes, comma-separated.
    pub notes: String,
}

/// A period's note as an officer reads it on a page (issue 38: plain
/// words): the shorthand of the text output said in words. "t − 1" is the
/// list before the period, which the notes already name by its month; "the
/// rating pass" is trfkit's calculation of each report. The text, CSV and
/// JSON keep the shorthand that scripts match and `trf explain period`
/// defines; a flag of the command is named as the command's.
fn page_words(note: &str) -> String {
    note.replace(" (t − 1)", "")
        .replace(", t − 1,", "")
        .replace("t − 1", "the list before the period")
        .replace("the rating pass", "trfkit's calculation")
        .replace("rating pass", "rating calculation")
        .replace(
            "; --base ",
            "; the trf program's period command with --base ",
        )
}

impl PeriodSection {
    /// The section of `s`.
    pub(crate) fn of(s: &PeriodSummary) -> Self {
        let reports = s
            .reports
            .iter()
            .map(|r| {
                [
                    r.file.clone(),
                    r.event.clone().unwrap_or_default(),
                    opt(r.start),
                    opt(r.end),
                    r.verdict.words().to_owned(),
                    opt(r.expected_period.clone()),
                    if r.in_period { "yes" } else { "no" }.to_owned(),
                    r.why.clone().unwrap_or_default(),
                ]
            })
            .collect();
        // Numbered as the text numbers them: a note of many players said
        // once, with their count or their figures per player.
        let mut notes = PlayerNotes::of(s);
        let (mut several, mut single) = (Vec::new(), Vec::new());
        for (i, p) in s.players.iter().enumerate() {
            let refs = notes.refs(i);
            let cells = period_cells(p);
            let row = PeriodRow {
                who: [
                    opt(p.fide_id),
                    p.name.clone(),
                    p.federation.clone().unwrap_or_default(),
                    p.rating_type.as_str().to_owned(),
                ],
                events: p.events.len(),
                figures: std::array::from_fn(|i| cells.get(i).cloned().unwrap_or_default()),
                notes: refs,
            };
            if row.events > 1 {
                several.push(row);
            } else {
                single.push(row);
            }
        }
        let findings = s
            .findings
            .iter()
            .map(|f| {
                [
                    f.finding.consequence.as_str().to_owned(),
                    f.finding.rule.to_owned(),
                    f.finding.message.clone(),
                    f.files.join(", "),
                ]
            })
            .collect();
        let in_period = s.reports.iter().filter(|r| r.in_period).count();
        PeriodSection {
            period: s.period.clone(),
            rating_type: s.rating_type.map(|t| t.as_str().to_owned()),
            tally: format!(
                "{} report{} read, {in_period} in the period",
                s.reports.len(),
                if s.reports.len() == 1 { "" } else { "s" }
            ),
            reports,
            several,
            single,
            findings,
            notes: notes.list.iter().map(|n| page_words(n)).collect(),
            published: s
                .published_summary
                .as_ref()
                .map(|c| published_counts(c, "")),
            published_differ: published_differ(s)
                .into_iter()
                .map(|(p, f)| {
                    let why = f.published_differences.iter().map(|w| page_words(w));
                    (published_line(p, f), why.collect())
                })
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page says the period's notes without "t − 1" or "rating pass",
    /// whatever note carries them (every literal of the period's notes
    /// that holds one, as written).
    #[test]
    fn page_notes_in_plain_words() {
        for note in [
            "the March 2025 list's 2100 (t − 1)",
            "Ro 2100 of the latest-starting event (the March 2025 list, t − 1, was not given)",
            "the March 2025 list (t − 1)",
            "nothing tells the month of `x.txt`: in a period it is taken as the list before the period, the March 2025 list (t − 1)",
            "K 20 as the rating pass works it out for the latest event: the K published on the March 2025 list (t − 1) was not given",
            "a warning, and the rating pass rates the games",
        ] {
            let plain = page_words(note);
            assert!(!plain.contains("t − 1") && !plain.contains("rating pass"), "{plain}");
            assert!(plain.contains("March 2025") || plain.contains("calculation"), "{plain}");
        }
        assert_eq!(
            page_words(
                "Ro 2100 of the latest-starting event (the March 2025 list, t − 1, was not given)"
            ),
            "Ro 2100 of the latest-starting event (the March 2025 list was not given)"
        );
    }

    #[test]
    fn figures_are_the_signed_numbers_of_a_note() {
        let (words, figures) = split_figures(
            "rounded once the period gives -6, each event +5.25 (t − 1) −3 art. 8.3.3",
        );
        assert_eq!(figures, ["-6", "+5.25", "1", "−3", "8.3", "3"]);
        assert_eq!(words.len(), figures.len() + 1);
        assert_eq!(
            words.concat().len() + figures.concat().len(),
            "rounded once the period gives -6, each event +5.25 (t − 1) −3 art. 8.3.3".len()
        );
        // No figure: the note is one word run.
        assert_eq!(split_figures("players are matched by FIDE ID").1.len(), 0);
        assert_eq!(letter(0), "A");
        assert_eq!(letter(25), "Z");
        assert_eq!(letter(26), "AA");
    }
}
