//! Tournament-section records: `012`–`132` (TRF16) and `142`–`362` (TRF26).

use super::date::{parse_date, Expect};
use super::{findings, trim, uint, Parser};
use crate::diag::Consequence;
use crate::model::{Colour, DateField, Points, TeamScoring};
use crate::read::columns::p132;
use crate::source::lines::Columns;
use crate::source::span::{Span, Spanned};

impl Parser<'_> {
    pub(super) fn header_record(&mut self, code: [u8; 3], cols: &Columns<'_>, number: u32) {
        // 112 (deputies) repeats by design; 162 (scoring pairs) may be split.
        let repeatable = matches!(&code, b"112" | b"162" | b"132");
        if !repeatable && !self.first_occurrence(code, cols, number) {
            return;
        }
        let (raw, span) = cols.rest(5);
        let value = trimmed(raw, span);
        let text = || value.map(|(t, s)| Spanned::new(t.to_string(), s));
        match &code {
            b"012" => self.header.name = text(),
            b"022" => self.header.city = text(),
            b"032" => self.header.federation = text(),
            b"042" => self.header.start_date = self.date(value, "start date"),
            b"052" => self.header.end_date = self.date(value, "end date"),
            b"062" => {
                self.header.declared_players = self.count(value, "number of players", MAX_U32)
            }
            b"072" => {
                self.header.declared_rated_players =
                    self.count(value, "number of rated players", MAX_U32)
            }
            b"082" => self.header.declared_teams = self.count(value, "number of teams", MAX_U32),
            b"092" => self.header.tournament_type = text(),
            b"102" => self.header.chief_arbiter = text(),
            b"112" => {
                if let Some(t) = text() {
                    self.header.deputy_arbiters.push(t);
                }
            }
            b"122" => self.header.time_control = text(),
            b"132" => self.round_dates(cols),
            b"142" => {
                self.header.declared_rounds = self
                    .count(value, "number of rounds", u16::MAX.into())
                    .map(|c| c.map(|v| v as u16))
            }
            b"152" => {
                self.header.initial_colour = match value.map(|(t, s)| (t.to_ascii_uppercase(), s)) {
                    None => None,
                    Some((t, s)) if t == "W" => Some(Spanned::new(Colour::White, s)),
                    Some((t, s)) if t == "B" => Some(Spanned::new(Colour::Black, s)),
                    Some((t, s)) => {
                        self.malformed(
                            s,
                            format!("initial colour `{t}` is not `W` or `B`"),
                            "write `152 W` or `152 B`",
                        );
                        None
                    }
                }
            }
            b"162" => self.scoring_162(cols),
            b"172" => self.header.starting_rank_method = text(),
            b"182" => self.header.pairing_controller = text(),
            b"192" => self.header.tournament_type_code = text(),
            b"202" => self.header.tiebreaks = value.map(|(t, s)| Spanned::new(list(t), s)),
            b"212" => {
                self.header.standings_tiebreaks = value.map(|(t, s)| Spanned::new(list(t), s))
            }
            b"222" => self.header.time_control_code = text(),
            b"352" => self.header.board_colours = text(),
            b"362" => self.team_scoring(cols),
            _ => {}
        }
    }

    fn date(&mut self, value: Option<(&str, Span)>, what: &str) -> Option<Spanned<DateField>> {
        let (t, s) = value?;
        let field = parse_date(t, Expect::Tournament)?;
        if field.date.is_none() {
            self.date_findings(&field, s, what);
            return Some(Spanned::new(field, s));
        }
        // Ambiguity is reported at the end, once the round dates are known.
        Some(Spanned::new(field, s))
    }

    /// Settles the day-month order of ambiguous `042`/`052` dates, once every
    /// record is read: the other of them, read without doubt and written
    /// the same way, settles it; else the round dates, when only one
    /// reading agrees with them (a start on or up to a month before the
    /// first round, an end on or up to a month after the last; see
    /// [`crate::model::agreement`]). A settled date is said once; one that
    /// nothing settles is to be corrected before upload.
    pub(super) fn settle_dates(&mut self) {
        use crate::model::agreement::{LONGEST_EVENT_DAYS, SLACK_DAYS};
        let rounds: Vec<chrono::NaiveDate> = self
            .header
            .round_dates
            .iter()
            .filter_map(|d| d.value.as_ref().and_then(|f| f.date))
            .collect();
        let bounds = rounds.iter().min().zip(rounds.iter().max());
        // Two passes: a date the rounds settle in the first settles the
        // other one, written the same way, in the second.
        let mut pending = [true, true];
        self.settle_pair(&mut pending);
        for pass in 0..2 {
            for (i, which) in ["start date", "end date"].into_iter().enumerate() {
                if !pending[i] {
                    continue;
                }
                let h = &mut self.header;
                let (slot, other) = if i == 0 {
                    (&mut h.start_date, &h.end_date)
                } else {
                    (&mut h.end_date, &h.start_date)
                };
                let Some(field) = slot.as_mut() else {
                    pending[i] = false;
                    continue;
                };
                let Some((alt, alt_format)) = super::date::alternative(&field.value) else {
                    pending[i] = false;
                    continue;
                };
                // The other date, read without doubt: written the same way,
                // it tells the order; else only one reading may fall
                // within an event's length of it.
                let sure = other
                    .as_ref()
                    .filter(|o| !o.value.ambiguous)
                    .and_then(|o| o.value.date.map(|d| (d, o.value.format.clone())));
                let by_other = match (sure, field.value.date) {
                    (Some((_, Some(of))), _) if of == alt_format => Some(true),
                    (Some((_, Some(of))), _) if Some(&of) == field.value.format.as_ref() => {
                        Some(false)
                    }
                    (Some((o, _)), Some(chosen)) => {
                        let fits = |d: chrono::NaiveDate| {
                            let (s, e) = if i == 0 { (d, o) } else { (o, d) };
                            s <= e && (e - s).num_days() <= LONGEST_EVENT_DAYS
                        };
                        match (fits(chosen), fits(alt)) {
                            (true, false) => Some(false),
                            (false, true) => Some(true),
                            _ => None,
                        }
                    }
                    _ => None,
                };
                let by_rounds = match (bounds, field.value.date) {
                    (Some((&first, &last)), Some(chosen)) => {
                        let fits = |d: chrono::NaiveDate| {
                            if i == 0 {
                                d <= first && (first - d).num_days() <= SLACK_DAYS
                            } else {
                                d >= last && (d - last).num_days() <= SLACK_DAYS
                            }
                        };
                        match (fits(chosen), fits(alt)) {
                            (true, false) => Some(Some(false)),
                            (false, true) => Some(Some(true)),
                            (false, false) => Some(None),
                            (true, true) => None,
                        }
                    }
                    _ => None,
                };
                let (swap, by) = match (by_other, by_rounds) {
                    (Some(swap), _) => (
                        swap,
                        if i == 0 {
                            "the end date"
                        } else {
                            "the start date"
                        },
                    ),
                    (None, Some(Some(swap))) => (swap, "the round dates"),
                    (None, Some(None)) if pass == 1 => {
                        pending[i] = false;
                        let (f, span) = (field.value.clone(), field.span);
                        self.unsettled(
                            &f,
                            span,
                            which,
                            Some(alt),
                            "neither reading agrees with the round dates",
                        );
                        continue;
                    }
                    _ => continue,
                };
                if swap {
                    field.value.date = Some(alt);
                    field.value.format = Some(alt_format);
                }
                field.value.settle();
                pending[i] = false;
                let (f, span) = (field.value.clone(), field.span);
                self.settled(&f, span, which, by);
            }
        }
        for (i, which) in ["start date", "end date"].into_iter().enumerate() {
            let slot = if i == 0 {
                &self.header.start_date
            } else {
                &self.header.end_date
            };
            let Some(field) = slot.as_ref().filter(|_| pending[i]) else {
                continue;
            };
            let alt = super::date::alternative(&field.value).map(|(a, _)| a);
            let (f, span) = (field.value.clone(), field.span);
            self.unsettled(
                &f,
                span,
                which,
                alt,
                "neither the other date nor the round dates settle it",
            );
        }
    }

    /// Two ambiguous `042`/`052` dates of which only one pair of readings
    /// makes an event (the end on or after the start, within a year): both
    /// are read that way.
    fn settle_pair(&mut self, pending: &mut [bool; 2]) {
        use crate::model::agreement::LONGEST_EVENT_DAYS;
        let h = &self.header;
        let readings = |f: &Option<Spanned<DateField>>| {
            let f = f.as_ref()?;
            let (alt, alt_format) = super::date::alternative(&f.value)?;
            Some([(f.value.date?, f.value.format.clone()?), (alt, alt_format)])
        };
        let (Some(starts), Some(ends)) = (readings(&h.start_date), readings(&h.end_date)) else {
            return;
        };
        let mut fitting = Vec::new();
        for (i, (s, _)) in starts.iter().enumerate() {
            for (j, (e, _)) in ends.iter().enumerate() {
                if s <= e && (*e - *s).num_days() <= LONGEST_EVENT_DAYS {
                    fitting.push((i, j));
                }
            }
        }
        let [(i, j)] = fitting[..] else {
            return;
        };
        for (k, which, pick, readings) in [(0, "start date", i, &starts), (1, "end date", j, &ends)]
        {
            let slot = if k == 0 {
                &mut self.header.start_date
            } else {
                &mut self.header.end_date
            };
            let Some(field) = slot.as_mut() else { continue };
            let (date, format) = readings[pick].clone();
            field.value.date = Some(date);
            field.value.format = Some(format);
            field.value.settle();
            pending[k] = false;
            let (f, span) = (field.value.clone(), field.span);
            let by = if k == 0 {
                "the end date"
            } else {
                "the start date"
            };
            self.settled(&f, span, which, by);
        }
    }

    /// An ambiguous `042`/`052` date that the other date or the round
    /// dates settle: read that way, and said once.
    fn settled(&mut self, field: &DateField, span: Span, what: &str, by: &str) {
        let date = field
            .date
            .map(|d| d.format("%Y/%m/%d").to_string())
            .unwrap_or_default();
        self.diags.push(
            findings::AMBIGUOUS_DATE
                .diag(format!(
                    "{what} `{}` could be read two ways; {by} {} it as {date} ({})",
                    field.raw,
                    if by.ends_with("dates") {
                        "settle"
                    } else {
                        "settles"
                    },
                    field.format.as_deref().unwrap_or("")
                ))
                .with_consequence(crate::diag::Consequence::Info)
                .primary(span, what)
                .help(format!(
                    "write it as {date} (YYYY/MM/DD) so that nobody has to work it out"
                )),
        );
    }

    /// An ambiguous `042`/`052` date that nothing settles, or whose
    /// readings both disagree with the round dates: the edition of the
    /// regulations, K and the deadlines hang on it, so it must be
    /// corrected before upload.
    fn unsettled(
        &mut self,
        field: &DateField,
        span: Span,
        what: &str,
        alt: Option<chrono::NaiveDate>,
        why: &str,
    ) {
        let ymd = |d: chrono::NaiveDate| d.format("%Y/%m/%d").to_string();
        let date = field.date.map(ymd).unwrap_or_default();
        let other = alt.map(|a| format!(" or {}", ymd(a))).unwrap_or_default();
        self.diags.push(
            findings::AMBIGUOUS_DATE
                .diag(format!(
                    "{what} `{}` can be read as {date}{other}, and {why}; until it is corrected it is read as {date} ({})",
                    field.raw,
                    field.format.as_deref().unwrap_or("")
                ))
                .with_consequence(crate::diag::Consequence::FixBeforeUpload)
                .primary(span, what)
                .help(format!(
                    "write it as YYYY/MM/DD (e.g. {date}): the start and end dates choose the edition of the regulations, K and the deadlines"
                )),
        );
    }

    fn date_findings(&mut self, field: &DateField, span: Span, what: &str) {
        if field.date.is_none() {
            self.diags.push(
                findings::INVALID_DATE
                    .diag(format!("{what} `{}` cannot be read as a date", field.raw))
                    .primary(span, what)
                    .help("write dates as YYYY/MM/DD (TRF26), e.g. 2025/03/14"),
            );
        } else if field.ambiguous {
            let date = field
                .date
                .map(|d| d.format("%Y/%m/%d").to_string())
                .unwrap_or_default();
            self.diags.push(
                findings::AMBIGUOUS_DATE
                    .diag(format!(
                        "{what} `{}` can be read two ways; read as {date} ({}), the order record `132` prescribes",
                        field.raw,
                        field.format.as_deref().unwrap_or("?")
                    ))
                    .with_consequence(crate::diag::Consequence::Info)
                    .primary(span, what)
                    .help(format!(
                        "write it as {date} (YYYY/MM/DD) to remove the doubt"
                    )),
            );
        }
    }

    /// A count record (`062`, `072`, `082`, `142`) of at most `max` (the
    /// largest value its field can hold). Arbiters often follow the number
    /// with a note (`062 24 (3 withdrew)`): the number is read and the note
    /// kept in the line. A count that cannot be read, or is larger than its
    /// field holds, is a finding (never a silent blank or a clipped value),
    /// and cosmetic: FIDE counts the records, not the header.
    fn count(&mut self, value: Option<(&str, Span)>, what: &str, max: u32) -> Option<Spanned<u32>> {
        let (t, s) = value?;
        let (number, note) = match t.find(|c: char| c.is_ascii_whitespace()) {
            Some(i) if t[..i].bytes().all(|b| b.is_ascii_digit()) => (&t[..i], true),
            _ => (t, false),
        };
        let span = if note {
            Span::new(s.start as usize, s.start as usize + number.len())
        } else {
            s
        };
        let (message, help) = match uint(number) {
            Ok(Some(v)) if v <= u64::from(max) => return Some(Spanned::new(v as u32, span)),
            Ok(None) => return None,
            Ok(Some(_)) => (
                format!("{what} `{number}` is too large (at most {max})"),
                "write the real count",
            ),
            Err(()) => (
                format!("{what} `{number}` is not a number"),
                "write a plain number from column 5 (a note may follow it after a blank)",
            ),
        };
        self.diags.push(
            super::invalid_field(span, message, what, help).with_consequence(Consequence::Cosmetic),
        );
        None
    }

    /// `132`: one 8-character date per round, above the round's block.
    ///
    /// Real files also put the dates off the grid (one column out, or from
    /// column 5) or one per `132` line: when the grid does not give readable
    /// dates but the blank-separated tokens do, the tokens are used and the
    /// misalignment is reported once.
    fn round_dates(&mut self, cols: &Columns<'_>) {
        let continuation = self.header.round_dates_span.is_some();
        self.header.round_dates_span = Some(match self.header.round_dates_span {
            Some(first) => first,
            None => cols.span(),
        });
        let grid = self.grid_dates(cols);
        let grid_ok = grid
            .iter()
            .all(|d| d.value.as_ref().is_none_or(|f| f.date.is_some()));
        let (rest, rest_span) = cols.rest(5);
        let tokens = token_dates(rest, rest_span);
        let tokens_ok = !tokens.is_empty()
            && tokens
                .iter()
                .all(|d| d.value.as_ref().is_some_and(|f| f.date.is_some()));
        let before_blank = trim(cols.field(5, p132::ROUND_DATE.from - 1).0).is_empty();
        let use_tokens = continuation || (!(grid_ok && before_blank) && tokens_ok);
        let mut dates = if use_tokens { tokens } else { grid };
        if use_tokens && !self.round_dates_misaligned {
            self.round_dates_misaligned = true;
            let first = dates.first().map(|d| d.span).unwrap_or(rest_span);
            let msg = if continuation {
                "round dates are spread over several `132` lines"
            } else {
                "round dates are not on the round columns (92-99, 102-109, …)"
            };
            self.diags.push(
                findings::MISALIGNED_COLUMNS
                    .diag(msg)
                    .primary(first, "read from here")
                    .help("write one `132` line with round r's date in columns 92+10(r-1) to 99+10(r-1), above the round's block"),
            );
        }
        for d in &dates {
            if let Some(f) = &d.value {
                self.date_findings(f, d.span, "round date");
            }
        }
        if continuation {
            self.header.round_dates.append(&mut dates);
        } else {
            self.header.round_dates = dates;
        }
        while self
            .header
            .round_dates
            .last()
            .is_some_and(|d| d.value.is_none())
        {
            self.header.round_dates.pop();
        }
    }

    fn grid_dates(&self, cols: &Columns<'_>) -> Vec<Spanned<Option<DateField>>> {
        let len = cols.char_len();
        let mut dates = Vec::new();
        let mut k = 0;
        loop {
            let (from, to) = p132::ROUND_DATE.nth(k);
            if from > len {
                break;
            }
            let (raw, span) = cols.field(from, to);
            let field = parse_date(raw, Expect::Round);
            let span = trimmed(raw, span).map(|x| x.1).unwrap_or(span);
            dates.push(Spanned::new(field, span));
            k += 1;
        }
        dates
    }

    /// `162`: pairs of a symbol and points (the table puts the symbol at
    /// column 6 and the points at 7-10, then every 9 columns; the prose says
    /// otherwise and writers disagree, so pairs are read as tokens).
    fn scoring_162(&mut self, cols: &Columns<'_>) {
        self.scoring_sources
            .push(crate::model::ScoringSource::Trf26);
        let (raw, span) = cols.rest(5);
        for (symbol, value, pair_span) in pairs(raw, span) {
            let sym = symbol.chars().next().unwrap_or(' ');
            match Points::parse(value) {
                Some(p) if symbol.len() == 1 && self.scoring.apply_162(sym, p) => {}
                _ => self.malformed(
                    pair_span,
                    format!("scoring pair `{symbol} {value}` cannot be read"),
                    "write `162  W 1.0    D 0.5`: a symbol (W D L A P X) at column 6, points at 7-10, then every 9 columns",
                ),
            }
        }
    }

    /// `362`: `TW`/`TD`/`TL` and points, in pairs (read as tokens, like 162).
    fn team_scoring(&mut self, cols: &Columns<'_>) {
        let mut ts = TeamScoring::default();
        let (raw, span) = cols.rest(5);
        for (symbol, value, pair_span) in pairs(raw, span) {
            let slot = match symbol.to_ascii_uppercase().as_str() {
                "TW" => &mut ts.win,
                "TD" => &mut ts.draw,
                "TL" => &mut ts.loss,
                _ => {
                    self.malformed(
                        pair_span,
                        format!("team scoring symbol `{symbol}` is not TW, TD or TL"),
                        "write `362 TW 2.0   TD 1.0   TL 0.0`",
                    );
                    continue;
                }
            };
            match Points::parse(value) {
                Some(p) => *slot = p,
                None => self.malformed(
                    pair_span,
                    format!("`{value}` is not a number of points"),
                    "points follow the symbol, e.g. `TW 2.0`",
                ),
            }
        }
        self.header.team_scoring = Some(Spanned::new(ts, cols.span()));
    }

    pub(super) fn malformed(&mut self, span: Span, message: String, help: &str) {
        self.diags.push(
            findings::MALFORMED_EXTENSION
                .diag(message)
                .primary(span, "here")
                .help(help),
        );
    }
}

/// Blank-separated dates with their spans.
fn token_dates(raw: &str, span: Span) -> Vec<Spanned<Option<DateField>>> {
    let mut out = Vec::new();
    let mut offset = 0;
    for tok in raw.split([' ', '\t']) {
        if !tok.is_empty() {
            let s = span.start as usize + offset;
            out.push(Spanned::new(
                parse_date(tok, Expect::Round),
                Span::new(s, s + tok.len()),
            ));
        }
        offset += tok.len() + 1;
    }
    out
}

/// The trimmed text and its span, or `None` when blank.
pub(super) fn trimmed(raw: &str, span: Span) -> Option<(&str, Span)> {
    let lead = raw.len() - raw.trim_start_matches([' ', '\t']).len();
    let t = trim(raw);
    if t.is_empty() {
        return None;
    }
    let s = span.start as usize + lead;
    Some((t, Span::new(s, s + t.len())))
}

/// Splits `W 1.0 D 0.5` or `W1.0 D0.5` into (symbol, value, span) pairs.
fn pairs(raw: &str, span: Span) -> Vec<(&str, &str, Span)> {
    let mut toks = Vec::new();
    let mut offset = 0;
    for tok in raw.split([' ', '\t']) {
        if !tok.is_empty() {
            // A symbol glued to its value (`W1.0`): split at the first digit.
            let cut = tok
                .find(|c: char| c.is_ascii_digit() || c == '.' || c == '-')
                .unwrap_or(tok.len());
            let s = span.start as usize + offset;
            if cut > 0 && cut < tok.len() {
                toks.push((&tok[..cut], Span::new(s, s + cut)));
                toks.push((&tok[cut..], Span::new(s + cut, s + tok.len())));
            } else {
                toks.push((tok, Span::new(s, s + tok.len())));
            }
        }
        offset += tok.len() + 1;
    }
    toks.chunks(2)
        .map(|c| match c {
            [(a, sa), (b, sb)] => (*a, *b, sa.cover(*sb)),
            [(a, sa)] => (*a, "", *sa),
            _ => ("", "", span),
        })
        .collect()
}

fn list(t: &str) -> Vec<String> {
    t.split(',')
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

/// The largest `062`/`072`/`082` count the model holds.
const MAX_U32: u32 = u32::MAX;
