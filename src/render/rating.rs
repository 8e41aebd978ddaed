//! The summary for people (an aligned text report) and for spreadsheets
//! (CSV with the JSON's player columns).

use crate::rating::maths::Hundredths;
use crate::rating::pass::summary::{PlayerRating, RatingSummary};
use std::fmt::Write as _;

/// The report for people: a header, the rated players' table, the unrated
/// players' table and the numbered notes the tables refer to.
pub(crate) fn render_human(s: &RatingSummary) -> String {
    let t = &s.tournament;
    let mut out = String::new();
    let banner = crate::rating::pass::verdict::banner(s);
    if let Some(b) = &banner {
        let _ = writeln!(out, "{b}\n");
    }
    // Hypothetical figures carry a mark in every row.
    let mark = if s.hypothetical { "*" } else { "" };
    let mut line = |label: &str, value: String| {
        let _ = writeln!(out, "{label:<13}{value}");
    };
    line(
        "Tournament:",
        t.name.clone().unwrap_or_else(|| "(no name)".to_owned()),
    );
    let date = |d: Option<chrono::NaiveDate>| d.map_or_else(|| "?".to_owned(), |d| d.to_string());
    line("Dates:", format!("{} to {}", date(t.start), date(t.end)));
    line(
        "Regulations:",
        format!(
            "{} ({}), {}",
            s.regulations_title,
            s.regulations.id(),
            s.regulations_basis.describe()
        ),
    );
    if !s.rating_type_heading.is_empty() {
        line("Rating type:", s.rating_type_heading.clone());
    } else if s.rating_type != Some(crate::regulations::RatingType::Standard)
        && !s.rating_type_reason.is_empty()
    {
        line("Rating type:", s.rating_type_reason.clone());
    }
    line("Type:", format!("{}: {}", t.kind.as_str(), t.type_reason));
    line("Ratings:", s.ratings_source.clone());
    line(
        "Players:",
        format!(
            "{} ({} rated, {} unrated)",
            t.players,
            t.rated_players,
            t.players - t.rated_players
        ),
    );
    line(
        "Rated games:",
        format!(
            "{} ({} towards initial ratings)",
            t.rated_games, t.initial_rating_games
        ),
    );
    let excluded = described(&t.excluded);
    line(
        "Not rated:",
        if excluded.is_empty() {
            "none".to_owned()
        } else {
            excluded.join(", ")
        },
    );
    if let Some(rr) = &t.round_robin {
        line(
            "Round robin:",
            format!(
                "n = {}, Rar = {}, dpa = {}, Ra = {}",
                // n of the formulas is the opponents; a double round
                // robin plays each twice.
                match rr.cycles {
                    0 | 1 => rr.games_per_player.to_string(),
                    c => format!(
                        "{} opponents ({} games)",
                        rr.games_per_player / u32::from(c),
                        rr.games_per_player
                    ),
                },
                rr.rar,
                rr.dpa,
                rr.ra
            ),
        );
    }

    // The banner is the first note: printed once, above.
    let tournament_notes: Vec<&String> = s
        .notes
        .iter()
        .filter(|n| Some(*n) != banner.as_ref())
        .collect();
    let mut notes = NoteIndex::default();
    for n in &tournament_notes {
        notes.number(n);
    }
    let rated: Vec<&PlayerRating> = s.players.iter().filter(|p| p.rated).collect();
    let unrated: Vec<&PlayerRating> = s.players.iter().filter(|p| !p.rated).collect();

    if !rated.is_empty() {
        out.push_str("\nRated players\n");
        let header = [
            "Start", "Name", "FIDE ID", "Ro", "K", "Games", "W", "We", "W-We", "Change", "New",
            "Notes",
        ];
        let rows: Vec<Vec<String>> = rated
            .iter()
            .map(|p| {
                vec![
                    start(p),
                    p.name.clone(),
                    opt(p.fide_id),
                    opt(p.ro),
                    match (p.k, p.k_source) {
                        (Some(k), Some(src)) => format!("{k}{}", src.mark()),
                        (Some(k), None) => k.to_string(),
                        _ => String::new(),
                    },
                    p.games.to_string(),
                    p.score.to_string(),
                    p.expected.map_or_else(String::new, |h| h.to_string()),
                    p.w_minus_we.map_or_else(String::new, signed),
                    p.change
                        .map_or_else(String::new, |c| format!("{}{mark}", signed_int(c))),
                    p.new_rating
                        .map_or_else(String::new, |n| format!("{n}{mark}")),
                    notes.refs(&p.notes),
                ]
            })
            .collect();
        table(&mut out, &header, &rows, &[1, 11]);
        out.push_str("K: d = derived from the report (see notes), o = given by the user, l = from the rating list\n");
    }
    if !unrated.is_empty() {
        out.push_str("\nUnrated players\n");
        let header = [
            "Start", "Name", "FIDE ID", "Games", "W", "Ra", "Ru", "Outcome", "Notes",
        ];
        let rows: Vec<Vec<String>> = unrated
            .iter()
            .map(|p| {
                vec![
                    start(p),
                    p.name.clone(),
                    opt(p.fide_id),
                    p.games.to_string(),
                    p.score.to_string(),
                    opt(p.ra),
                    p.ru.map_or_else(String::new, |r| format!("{r}{mark}")),
                    p.outcome
                        .map_or_else(String::new, |o| o.describe().to_owned()),
                    notes.refs(&p.notes),
                ]
            })
            .collect();
        table(&mut out, &header, &rows, &[1, 7, 8]);
    }
    if s.hypothetical && !s.players.is_empty() {
        out.push_str("* hypothetical: FIDE will not rate this event (--what-if)\n");
    }
    if !s.excluded_games.is_empty() {
        out.push_str("\nGames not rated\n");
        // The first player of each starting rank, indexed once: a scan
        // per excluded game was players × games.
        let mut by_rank: std::collections::HashMap<u16, &PlayerRating> =
            std::collections::HashMap::with_capacity(s.players.len());
        for p in &s.players {
            by_rank.entry(p.start_rank).or_insert(p);
        }
        let name = |rank: u16| -> String {
            match by_rank.get(&rank) {
                Some(p) => format!("{} {}", start(p), p.name),
                None => rank.to_string(),
            }
        };
        // Grouped by reason (as first met), then by round: the article
        // once per reason, one line per round.
        // (reason, article, per round the games it excludes)
        type Rounds = Vec<(u16, Vec<String>)>;
        let mut groups: Vec<(&str, &str, Rounds)> = Vec::new();
        let mut index: std::collections::HashMap<(&str, &str), usize> =
            std::collections::HashMap::new();
        for g in &s.excluded_games {
            let key = (g.why.as_str(), g.article.as_str());
            let i = *index.entry(key).or_insert_with(|| {
                groups.push((key.0, key.1, Vec::new()));
                groups.len() - 1
            });
            let who = g
                .players
                .iter()
                .map(|&r| name(r))
                .collect::<Vec<_>>()
                .join(" – ");
            let rounds = &mut groups[i].2;
            match rounds.last_mut() {
                Some((r, list)) if *r == g.round => list.push(who),
                _ => rounds.push((g.round, vec![who])),
            }
        }
        for (why, article, rounds) in &groups {
            let n: usize = rounds.iter().map(|(_, l)| l.len()).sum();
            let _ = writeln!(out, "  {n} × {why} ({article})");
            for (r, list) in rounds {
                let _ = writeln!(out, "    round {r}: {}", list.join("; "));
            }
        }
    }
    if !notes.list.is_empty() {
        out.push_str(&match tournament_notes.len() {
            0 => "\nNotes\n".to_owned(),
            1 => "\nNotes (1 concerns the whole tournament)\n".to_owned(),
            n => format!("\nNotes (1-{n} concern the whole tournament)\n"),
        });
        let width = notes.list.len().to_string().len();
        for (i, n) in notes.list.iter().enumerate() {
            let _ = writeln!(out, "{:>width$}. {n}", i + 1);
        }
    }
    out
}

/// One rated report of a CSV of several: the file as named, the event's
/// name (`012`) and its figures.
#[derive(Debug, Clone, Copy)]
pub(crate) struct RatedFile<'a> {
    /// The file as named on the command line (or found in a folder).
    pub file: &'a str,
    /// The event's name.
    pub tournament: &'a str,
    /// The figures.
    pub summary: &'a RatingSummary,
}

impl<'a> RatedFile<'a> {
    /// The figures of the report `parsed`, named `file`.
    pub(crate) fn of(file: &'a str, parsed: &'a crate::Parsed, summary: &'a RatingSummary) -> Self {
        RatedFile {
            file,
            tournament: parsed
                .tournament
                .header
                .name
                .as_ref()
                .map_or("", |n| n.value.trim()),
            summary,
        }
    }
}

/// One row per player with the JSON's player fields as columns (notes
/// joined with "; "), for several reports under one header row, each row
/// ending with its report's `file` and `tournament` (so that a row cut out
/// of the file still says where it comes from). Fields are quoted when
/// they hold a comma, a quote or a line break.
pub(crate) fn render_csv_files(files: &[RatedFile<'_>]) -> String {
    let mut out = super::csv::Table::new(&[
        "start_rank",
        "fide_id",
        "name",
        "rated",
        "ro",
        "k",
        "k_source",
        "games",
        "score",
        "expected",
        "w_minus_we",
        "raw_change",
        "change",
        "new_rating",
        "ra",
        "ru",
        "outcome",
        "notes",
        "hypothetical",
        "verdict",
        "file",
        "tournament",
    ]);
    for f in files {
        rows(&mut out, f);
    }
    out.finish()
}

/// The rows of one report.
fn rows(out: &mut super::csv::Table, f: &RatedFile<'_>) {
    let s = f.summary;
    // Each row carries the report's verdict, so that a row cut out of the
    // file still says whether its figures are final ("ready"), provisional
    // ("fix-before-upload") or not FIDE's at all ("not-rateable").
    let verdict = s.verdict.map_or("", |v| v.as_str());
    for p in &s.players {
        let fields = [
            p.start_rank.to_string(),
            opt(p.fide_id),
            p.name.clone(),
            p.rated.to_string(),
            opt(p.ro),
            opt(p.k),
            p.k_source.map_or_else(String::new, |k| json_name(&k)),
            p.games.to_string(),
            p.score.to_string(),
            opt(p.expected),
            opt(p.w_minus_we),
            opt(p.raw_change),
            opt(p.change),
            opt(p.new_rating),
            opt(p.ra),
            opt(p.ru),
            p.outcome.map_or_else(String::new, |o| json_name(&o)),
            p.notes.join("; "),
            p.hypothetical.to_string(),
            verdict.to_owned(),
            f.file.to_owned(),
            f.tournament.to_owned(),
        ];
        out.row(&fields);
    }
}

/// Distinct notes in order of first appearance, numbered from 1.
#[derive(Default)]
pub(super) struct NoteIndex {
    pub(super) list: Vec<String>,
    /// The number of each note in `list`: notes are mostly per player
    /// (the figures of an unrated player's Ru), so a scan of `list` per
    /// note was players × players.
    numbers: std::collections::HashMap<String, usize>,
}

impl NoteIndex {
    /// The index whose first notes are `notes`, numbered 1, 2, … in that
    /// order (a note given twice keeps its first number).
    pub(super) fn starting_with(notes: &[String]) -> Self {
        let mut index = NoteIndex {
            list: notes.to_vec(),
            numbers: std::collections::HashMap::with_capacity(notes.len()),
        };
        for (i, n) in notes.iter().enumerate() {
            index.numbers.entry(n.clone()).or_insert(i + 1);
        }
        index
    }

    fn number(&mut self, note: &str) -> usize {
        if let Some(&i) = self.numbers.get(note) {
            return i;
        }
        self.list.push(note.to_owned());
        self.numbers.insert(note.to_owned(), self.list.len());
        self.list.len()
    }

    /// "3, 4, 9" for a player's notes.
    pub(super) fn refs<N: AsRef<str>>(&mut self, notes: &[N]) -> String {
        let nums: Vec<String> = notes
            .iter()
            .map(|n| self.number(n.as_ref()).to_string())
            .collect();
        nums.join(",")
    }
}

/// Writes an aligned table; the columns in `left` are left-aligned, the
/// others right-aligned. Widths are as a terminal shows the cells
/// ([`super::columns`]), so names with diacritics or wide letters line up.
pub(crate) fn table(out: &mut String, header: &[&str], rows: &[Vec<String>], left: &[usize]) {
    use super::columns::{self, width};
    let mut widths: Vec<usize> = header.iter().map(|h| width(h)).collect();
    for r in rows {
        for (w, c) in widths.iter_mut().zip(r) {
            *w = (*w).max(width(c));
        }
    }
    let mut write_row = |cells: &mut dyn Iterator<Item = &str>| {
        let mut line = String::new();
        for (i, (c, w)) in cells.zip(&widths).enumerate() {
            if i > 0 {
                line.push_str("  ");
            }
            if left.contains(&i) {
                columns::left(&mut line, c, *w);
            } else {
                columns::right(&mut line, c, *w);
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    };
    write_row(&mut header.iter().copied());
    for r in rows {
        write_row(&mut r.iter().map(String::as_str));
    }
}

/// The games left out, in words, one entry per reason that has any:
/// "forfeits: 2", "below the minimum rate of play: 3".
pub(crate) fn described(excluded: &crate::rating::ExcludedGames) -> Vec<String> {
    excluded
        .by_reason()
        .iter()
        .filter(|(_, n)| *n > 0)
        .map(|(name, n)| format!("{}: {n}", reason_words(name)))
        .collect()
}

/// The human words for an `excluded` key ("below the minimum rate of
/// play"), shared by the terminal and the HTML report.
pub(crate) fn reason_words(key: &str) -> &str {
    match key {
        "short_games" => "games of less than one move",
        "unknown_results" => "unknown results",
        "without_opponent" => "results without an opponent",
        "against_unrated" => "rated-unrated games",
        "between_unrated" => "games between unrated players",
        "below_rate_of_play" => "below the minimum rate of play",
        "after_match_decided" => "played after the match was decided",
        "match_with_unrated" => "match with an unrated player",
        "results_disagree" => "results that contradict each other",
        "rating_gap" => "600-point gaps above 2600",
        "not_on_list" => "games on no rating list",
        other => other,
    }
}

pub(crate) fn opt<T: ToString>(v: Option<T>) -> String {
    v.map_or_else(String::new, |v| v.to_string())
}

pub(crate) fn signed_int(c: i64) -> String {
    if c > 0 {
        format!("+{c}")
    } else {
        c.to_string()
    }
}

pub(crate) fn signed(h: Hundredths) -> String {
    if h.0 > 0 {
        format!("+{h}")
    } else {
        h.to_string()
    }
}

/// The serde name of a unit enum value (`derived`, `too_few_games`).
pub(crate) fn json_name<T: serde::Serialize>(v: &T) -> String {
    match serde_json::to_value(v) {
        Ok(serde_json::Value::String(s)) => s,
        _ => String::new(),
    }
}

/// A player's starting rank as people read it: the rank, or `line 15` for
/// a player line whose rank cannot be read (never "player 0").
pub(super) fn start(p: &PlayerRating) -> String {
    match p.start_rank {
        0 => format!("line {}", p.line),
        r => r.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_are_numbered_once() {
        let mut n = NoteIndex::default();
        assert_eq!(n.refs(&["a", "b"]), "1,2");
        assert_eq!(n.refs(&["b", "c"]), "2,3");
        assert_eq!(n.list, ["a", "b", "c"]);
    }

    #[test]
    fn aligned_table() {
        let mut out = String::new();
        let rows = vec![
            vec!["1".to_owned(), "Łukasiewicz".to_owned(), "2205".to_owned()],
            vec!["10".to_owned(), "Doe".to_owned(), "".to_owned()],
        ];
        table(&mut out, &["Start", "Name", "Ro"], &rows, &[1]);
        assert_eq!(
            out,
            "Start  Name           Ro\n    1  Łukasiewicz  2205\n   10  Doe\n"
        );
    }
}
