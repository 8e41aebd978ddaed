//! `001` player records and their round blocks.

use super::{findings, trim, uint};
use crate::diag::Diagnostic;
use crate::model::rounds::{pack_parts, NO_OPPONENT};
use crate::model::{
    Colour, PartialDate, Player, Points, RoundEntry, RoundResult, Rounds, Sex, Title,
};
use crate::read::columns::{p001 as g, Field};
use crate::source::lines::Columns;
use crate::source::span::{Span, Spanned};

/// Reads `001` lines. Holds its own findings (capped apart from the other
/// lines' findings) and players.
pub(super) struct PlayerReader<'a> {
    pub(super) text: &'a str,
    pub(super) diags: Vec<Diagnostic>,
    pub(super) players: Vec<Player>,
    /// Line of the first TRF06 single-letter title, dialect evidence.
    pub(super) trf06_title: Option<u32>,
    /// Columns the round blocks of the line being read are shifted by
    /// (0 but while a shifted reading is tried).
    shift: isize,
    /// The lines read at shifted columns: line, shift, the first block.
    shifted: Vec<(u32, isize, Span)>,
}

impl<'a> PlayerReader<'a> {
    pub(super) fn new(text: &'a str, lines: usize) -> Self {
        PlayerReader {
            text,
            diags: Vec::new(),
            players: Vec::with_capacity(lines),
            trf06_title: None,
            shift: 0,
            shifted: Vec::new(),
        }
    }

    /// A line whose round blocks cannot be read where TRF puts them, but
    /// all can when shifted by the same one to three columns, is read so
    /// (the line's own findings then those of that reading); `false` when
    /// no shift reads every block cleanly.
    fn shifted_line(&mut self, cols: &Columns<'_>, number: u32, mark: usize, pmark: usize) -> bool {
        let first = g::ROUND_OPPONENT.nth(0).0;
        if cols.char_len() < first {
            return false;
        }
        for shift in [1, -1, 2, -2, 3, -3] {
            let at = self.diags.len();
            let before = self.players.len();
            self.shift = shift;
            self.general_player(cols, number);
            self.shift = 0;
            let read = self.players.len() > before;
            let clean = !self.diags[at..].iter().any(|d| block_trouble(d.code));
            let games = read
                && self
                    .players
                    .last()
                    .is_some_and(|p| p.rounds.iter().any(|e| e.value.opponent.is_some()));
            if clean && games {
                let from = first.saturating_add_signed(shift);
                let (_, span) = cols.field(from, from + g::ROUND_OPPONENT.stride - 1);
                let new = self.diags.split_off(at);
                let player = self.players.pop();
                // The unshifted reading goes: its findings and its player.
                self.diags.truncate(mark);
                self.players.truncate(pmark);
                self.diags.extend(new);
                self.players.extend(player);
                self.shifted.push((number, shift, span));
                return true;
            }
            self.diags.truncate(at);
            self.players.truncate(before);
        }
        false
    }

    /// One finding per shift for the lines read at shifted columns, naming
    /// them (the finding of each line would repeat one fact).
    pub(super) fn shifted_findings(&mut self) {
        let mut by_shift: Vec<(isize, Vec<(u32, Span)>)> = Vec::new();
        for &(line, shift, span) in &self.shifted {
            match by_shift.iter_mut().find(|(s, _)| *s == shift) {
                Some((_, lines)) => lines.push((line, span)),
                None => by_shift.push((shift, vec![(line, span)])),
            }
        }
        for (shift, lines) in by_shift {
            let n = shift.unsigned_abs();
            let side = if shift > 0 { "right" } else { "left" };
            let names: Vec<String> = lines.iter().map(|(l, _)| l.to_string()).collect();
            let shown = if names.len() > 8 {
                format!("{} and {} more", names[..8].join(", "), names.len() - 8)
            } else {
                names.join(", ")
            };
            let Some(&(_, first)) = lines.first() else {
                continue;
            };
            self.diags.push(
                findings::SHIFTED_ROUND_COLUMNS
                    .diag(format!(
                        "the round blocks of {} start {n} {} to the {side} of their columns: read at the shifted columns; FIDE has not published what its rating server does with blocks outside their columns",
                        if lines.len() == 1 { format!("1 player line (line {shown})") } else { format!("{} player lines (lines {shown})", lines.len()) },
                        if n == 1 { "column" } else { "columns" },
                    ))
                    .primary(first, "round 1, as written")
                    .help("export the report again from the pairing program: each round takes 10 columns from column 92 (2 blanks, opponent (4), blank, colour, blank, result)"),
            );
        }
    }

    /// Reads a `001` line. A non-ASCII line whose round blocks do not sit on
    /// their columns when counted in characters, but do when counted in
    /// bytes, was padded by bytes while written as UTF-8: it is read by bytes
    /// and reported once.
    pub(super) fn player_line(&mut self, cols: &Columns<'_>, number: u32) {
        let mark = self.diags.len();
        let pmark = self.players.len();
        self.player(cols, number);
        if !self.diags[mark..].iter().any(|d| block_trouble(d.code)) {
            return;
        }
        if cols.is_ascii() {
            self.shifted_line(cols, number, mark, pmark);
            return;
        }
        let by_char = self.diags.split_off(mark);
        let player = self.players.pop();
        let bytes = Columns::by_bytes(cols.text(), cols.span().start as usize);
        self.player(&bytes, number);
        if self.diags[mark..].iter().any(|d| block_trouble(d.code)) {
            // Bytes do no better: keep the character reading and its findings.
            self.diags.truncate(mark);
            self.players.pop();
            self.players.extend(player);
            self.diags.extend(by_char);
            self.shifted_line(cols, number, mark, pmark);
            return;
        }
        let (_, name_span) = bytes.field(g::NAME.from, g::NAME.to);
        self.diags.push(
            findings::MISALIGNED_COLUMNS
                .diag("this line was padded by bytes, not characters: its columns were read by bytes")
                .primary(name_span, "the name's accented letters take two bytes each")
                .help("the program that wrote the file counted UTF-8 bytes as columns; pad by characters, or write the file in Windows-1252"),
        );
    }

    fn player(&mut self, cols: &Columns<'_>, number: u32) {
        if self.usual_player(cols, number).is_some() {
            return;
        }
        self.general_player(cols, number);
    }

    /// Reads any `001` line field by field, reporting what is wrong.
    fn general_player(&mut self, cols: &Columns<'_>, number: u32) {
        let (raw, span) = cols.field(g::START_RANK.from, g::START_RANK.to);
        let start_rank = match uint(raw) {
            Ok(Some(v)) if (1..=MAX_START_RANK).contains(&v) => v as u16,
            other => {
                let why = match other {
                    Ok(None) => "the starting rank is blank".to_string(),
                    _ => format!(
                        "`{}` is not a starting rank (1-{MAX_START_RANK})",
                        trim(raw)
                    ),
                };
                self.invalid(
                    span,
                    why,
                    "starting rank",
                    "columns 5-8 hold the pairing number, right-aligned",
                );
                0
            }
        };
        let start_rank = Spanned::new(start_rank, span);

        let (raw, span) = cols.field(g::SEX.from, g::SEX.to);
        let sex = sex(raw.as_bytes()).map(|s| Spanned::new(s, span));

        let (raw, span) = cols.field(g::TITLE.from, g::TITLE.to);
        let title = match trim(raw) {
            "" => None,
            t => {
                if self.trf06_title.is_none() && super::dialect::is_trf06_title(t) {
                    self.trf06_title = Some(number);
                }
                Some(Spanned::new(title(t), span))
            }
        };

        let (raw, span) = cols.field(g::NAME.from, g::NAME.to);
        let name = Spanned::new(trim(raw).to_string(), span);

        let (raw, span) = cols.field(g::RATING.from, g::RATING.to);
        let rating = match uint(raw) {
            Ok(None) | Ok(Some(0)) => None,
            Ok(Some(v)) if v <= MAX_RATING => Some(Spanned::new(v as u16, span)),
            _ => {
                self.invalid(
                    span,
                    format!("`{}` is not a rating", trim(raw)),
                    "rating",
                    "columns 49-52 hold the FIDE rating (4 digits), blank or 0 when unrated",
                );
                None
            }
        };

        let (raw, span) = cols.field(g::FEDERATION.from, g::FEDERATION.to);
        let federation = match trim(raw) {
            "" => None,
            f => Some(Spanned::new(f.to_string(), span)),
        };

        let (raw, span) = cols.field(g::FIDE_ID.from, g::FIDE_ID.to);
        let fide_id = match uint(raw) {
            Ok(None) | Ok(Some(0)) => None,
            Ok(Some(v)) if v < FIDE_ID_END => Some(Spanned::new(v, span)),
            _ => {
                self.invalid(
                    span,
                    format!("`{}` is not a FIDE ID", trim(raw)),
                    "FIDE ID",
                    "columns 58-68 hold the FIDE ID (digits only), blank when the player has none",
                );
                None
            }
        };

        let (raw, span) = cols.field(g::BIRTH_DATE.from, g::BIRTH_DATE.to);
        let birth_date = match super::parse_birth(raw) {
            Ok(v) => v.map(|d| Spanned::new(d, span)),
            Err(()) => {
                self.diags.push(
                    findings::INVALID_DATE
                        .diag(format!("`{}` is not a birth date", trim(raw)))
                        .primary(span, "birth date")
                        .help("write YYYY/MM/DD in columns 70-79, or the year alone"),
                );
                None
            }
        };

        let (raw, span) = cols.field(g::POINTS.from, g::POINTS.to);
        let points = if trim(raw).is_empty() {
            None
        } else {
            match fast_points(raw.as_bytes()).or_else(|| Points::parse(raw)) {
                Some(p) if p.0 >= 0 => Some(Spanned::new(p, span)),
                _ => {
                    self.invalid(
                        span,
                        format!("`{}` is not a score", trim(raw)),
                        "points",
                        "columns 81-84 hold the points with one decimal, e.g. ` 5.5`",
                    );
                    None
                }
            }
        };

        let (raw, span) = cols.field(g::RANK.from, g::RANK.to);
        let rank = match uint(raw) {
            Ok(None) => None,
            Ok(Some(v)) if v <= MAX_RANK => Some(Spanned::new(v as u16, span)),
            _ => {
                self.invalid(
                    span,
                    format!("`{}` is not a rank", trim(raw)),
                    "rank",
                    "columns 86-89 hold the rank, right-aligned",
                );
                None
            }
        };

        let rounds = self.round_blocks(cols);
        self.players.push(Player {
            start_rank,
            sex,
            title,
            name,
            rating,
            federation,
            fide_id,
            birth_date,
            points,
            rank,
            rounds,
            line: number,
            span: cols.span(),
        });
    }

    /// The usual `001` line read straight from its bytes: ASCII, long
    /// enough to hold the rank, every field well formed and every round
    /// block complete, aligned and canonical. `None` for any other line,
    /// which the general reader reads (and reports on); for the lines this
    /// one accepts both give the same player, without findings. A 9,999 x
    /// 15 report is 10,000 such lines: this is most of the reader's time.
    /// The player is pushed (built in place) when the line is usual.
    fn usual_player(&mut self, cols: &Columns<'_>, number: u32) -> Option<()> {
        let text = cols.text();
        let b = text.as_bytes();
        if !cols.is_ascii() {
            return None;
        }
        // Every field up to the rank at a fixed place: no bounds to check.
        let head: &[u8; g::RANK.to] = b.first_chunk()?;
        let base = cols.span().start as usize;
        let span = |f: &Field| Span::new(base + f.from - 1, base + f.to);
        // The text of a field (ASCII: any cut is on a character boundary).
        let raw = |f: &Field| raw_field(text, f);
        let four = |f: &Field| right_aligned4(field(head, f));

        // The player is written in its slot of the vector, each field where
        // it is read: built on the stack and pushed, its values outlived the
        // registers and were stored, reloaded, stored again and then copied
        // (272 bytes) into the vector. The slot starts blank (constants
        // written in place); a field that is not usual takes the slot back
        // and returns `None` (the general reader reads the line again).
        let at = self.players.len();
        // The round blocks first, moved into the blank slot (assigned after
        // the other fields, the blank's empty rounds were dropped by a call).
        let mut rounds = Some(usual_rounds(b, base)?);
        self.players
            .resize_with(at + 1, || blank_player(rounds.take().unwrap_or_default()));
        let p = &mut self.players[at];
        let trf06_title = &mut self.trf06_title;
        let filled = (|| {
            p.start_rank = match four(&g::START_RANK)? {
                Some(v @ 1..=MAX_START_RANK) => Spanned::new(v as u16, span(&g::START_RANK)),
                _ => return None,
            };
            p.sex = sex(&head[g::SEX.from - 1..g::SEX.to]).map(|s| Spanned::new(s, span(&g::SEX)));
            p.title = match field::<3>(head, &g::TITLE) {
                [b' ', b' ', b' '] => None,
                _ => match trim(raw(&g::TITLE)) {
                    "" => None,
                    t => {
                        if trf06_title.is_none() && super::dialect::is_trf06_title(t) {
                            // Harmless if the line is then read by the
                            // general reader: it records the same line.
                            *trf06_title = Some(number);
                        }
                        Some(Spanned::new(title(t), span(&g::TITLE)))
                    }
                },
            };
            p.rating = match four(&g::RATING)? {
                None | Some(0) => None,
                Some(v @ 1..=MAX_RATING) => Some(Spanned::new(v as u16, span(&g::RATING))),
                Some(_) => return None,
            };
            p.fide_id = match right_aligned11(field(head, &g::FIDE_ID))? {
                None | Some(0) => None,
                Some(v @ 1..FIDE_ID_END) => Some(Spanned::new(v, span(&g::FIDE_ID))),
                Some(_) => return None,
            };
            p.birth_date = match usual_birth(field(head, &g::BIRTH_DATE)) {
                Some(d) => d,
                None => super::parse_birth(raw(&g::BIRTH_DATE)).ok()?,
            }
            .map(|d| Spanned::new(d, span(&g::BIRTH_DATE)));
            p.points = match fast_points(&field::<4>(head, &g::POINTS)) {
                // Never negative.
                Some(v) => Some(Spanned::new(v, span(&g::POINTS))),
                None if trim(raw(&g::POINTS)).is_empty() => None,
                None => match Points::parse(raw(&g::POINTS)) {
                    Some(v) if v.0 >= 0 => Some(Spanned::new(v, span(&g::POINTS))),
                    _ => return None,
                },
            };
            p.rank = match four(&g::RANK)? {
                None => None,
                Some(v @ 0..=MAX_RANK) => Some(Spanned::new(v as u16, span(&g::RANK))),
                Some(_) => return None,
            };
            // The strings last: a line refused above allocates no string.
            // (The field's text by `raw_field` itself: the closure `raw`
            // was called, not inlined, for these two.)
            p.name = Spanned::new(trim(raw_field(text, &g::NAME)).to_string(), span(&g::NAME));
            p.federation = match field::<3>(head, &g::FEDERATION) {
                // Nearly always three capitals: nothing to trim.
                f if f.iter().all(|c| c.is_ascii_alphabetic()) => Some(Spanned::new(
                    raw_field(text, &g::FEDERATION).to_string(),
                    span(&g::FEDERATION),
                )),
                _ => match trim(raw(&g::FEDERATION)) {
                    "" => None,
                    f => Some(Spanned::new(f.to_string(), span(&g::FEDERATION))),
                },
            };
            p.line = number;
            p.span = cols.span();
            Some(())
        })();
        if filled.is_none() {
            self.players.truncate(at);
        }
        filled
    }

    fn invalid(&mut self, span: Span, message: String, label: &str, help: &str) {
        self.diags
            .push(super::invalid_field(span, message, label, help));
    }

    /// Reads the round blocks; trailing blank blocks are dropped so that the
    /// list ends with the last round that says something.
    fn round_blocks(&mut self, cols: &Columns<'_>) -> Rounds {
        let len = cols.char_len();
        if len < g::ROUND_OPPONENT.from {
            return Rounds::new();
        }
        let mut out =
            Vec::with_capacity((len - g::ROUND_OPPONENT.from) / g::ROUND_OPPONENT.stride + 1);
        let mut misaligned_reported = false;
        let mut k = 0;
        loop {
            let (from, _) = g::ROUND_OPPONENT.nth(k);
            let from = from.saturating_add_signed(self.shift);
            if from > len {
                break;
            }
            let to = g::ROUND_RESULT.nth(k).1.saturating_add_signed(self.shift);
            let (block, span) = cols.field(from, to);
            if !misaligned_reported {
                if let Some(sp) = self.misplaced_separator(cols, from) {
                    misaligned_reported = true;
                    self.diags.push(
                        findings::MISALIGNED_COLUMNS
                            .diag(format!("round {} block is not aligned on its columns", k + 1))
                            .primary(sp, "expected a blank here")
                            .secondary(span, format!("round {} block", k + 1))
                            .help("each round takes 10 columns: 2 blanks, opponent (4), blank, colour, blank, result; check for an overflowing name or byte-padded UTF-8"),
                    );
                }
            }
            let entry = match fast_block(block.as_bytes(), &RESULTS) {
                Some(e) => e,
                None => self.round_block(block, span, k + 1),
            };
            out.push(Spanned::new(entry, span));
            k += 1;
        }
        while out.last().is_some_and(|e| {
            e.value == RoundEntry::NOT_PAIRED && trim(&self.text[e.span.range()]).is_empty()
        }) {
            out.pop();
        }
        out.into()
    }

    /// The span of a non-blank character where a round block wants a blank:
    /// the two columns before it and the separators inside it.
    fn misplaced_separator(&self, cols: &Columns<'_>, from: usize) -> Option<Span> {
        let blank = |t: &str| t.bytes().all(|c| c == b' ' || c == b'\t');
        if cols.is_ascii() {
            let b = cols.text().as_bytes();
            let base = cols.span().start as usize;
            for i in [from - 3, from - 2, from + 3, from + 5] {
                // A block shifted left starts in the rank's columns, which
                // the rank's own reading checks.
                if i < g::RANK.to {
                    continue;
                }
                if let Some(&c) = b.get(i) {
                    if c != b' ' && c != b'\t' {
                        return Some(Span::new(base + i, base + i + 1));
                    }
                }
            }
            return None;
        }
        // A block shifted left starts in the rank's columns, which the
        // rank's own reading checks: only the blanks after the rank.
        let lead = (from - 2).max(g::RANK.to + 1);
        [
            (lead < from).then(|| cols.field(lead, from - 1)),
            Some(cols.field(from + 4, from + 4)),
            Some(cols.field(from + 6, from + 6)),
        ]
        .into_iter()
        .flatten()
        .find(|(t, _)| !blank(t))
        .map(|(_, sp)| sp)
    }

    fn round_block(&mut self, block: &str, span: Span, round: usize) -> RoundEntry {
        let b = block.as_bytes();
        let at = |i: usize| b.get(i).copied().unwrap_or(b' ');
        let opp_text = block.get(..4.min(block.len())).unwrap_or(block);
        let sub = |i: usize, n: usize| {
            let s = (span.start as usize + i).min(span.end as usize);
            Span::new(s, (s + n).min(span.end as usize).max(s))
        };
        let opponent = match uint(opp_text) {
            Ok(None) | Ok(Some(0)) => None,
            Ok(Some(v)) if v <= MAX_START_RANK => Some(v as u16),
            _ => {
                self.diags.push(
                    findings::INVALID_ROUND_BLOCK
                        .diag(format!("round {round}: `{}` is not an opponent's starting rank", trim(opp_text)))
                        .primary(sub(0, 4), "opponent")
                        .help("the opponent's starting rank goes right-aligned in the first 4 columns of the block; 0000 or blank for none"),
                );
                None
            }
        };
        let colour = match at(5) {
            b'w' | b'W' => Some(Colour::White),
            b'b' | b'B' => Some(Colour::Black),
            b'-' | b' ' | b'\t' => None,
            other => {
                let c = block
                    .get(5..)
                    .and_then(|s| s.chars().next())
                    .unwrap_or(other as char);
                let hint = if matches!(c, 'n' | 'N') {
                    "; `N` (noir) suggests French letters, where `B` (blanc) means White"
                } else {
                    ""
                };
                self.diags.push(
                    findings::INVALID_ROUND_BLOCK
                        .diag(format!(
                            "round {round}: colour `{c}` is not `w`, `b` or `-`{hint}"
                        ))
                        .primary(sub(5, 1), "colour")
                        .help("write `w` for White, `b` for Black, `-` for a bye or no game"),
                );
                None
            }
        };
        let result = match at(7) {
            b' ' | b'\t' => {
                if opponent.is_some() {
                    RoundResult::Pending
                } else {
                    RoundResult::NotPaired
                }
            }
            // TRF26's adjourned/postponed marker (VCL4THP Q164): a pending
            // result, reported by the `unfinished-games` rule, not a typo.
            b'?' => RoundResult::ADJOURNED,
            c => match RoundResult::from_letter(c as char) {
                Some(r) => r,
                None => {
                    let ch = block.get(7..).and_then(|s| s.chars().next()).unwrap_or('?');
                    self.diags.push(
                        findings::INVALID_ROUND_BLOCK
                            .diag(format!("round {round}: result code `{ch}` is not a TRF result"))
                            .primary(sub(7, ch.len_utf8()), "result")
                            .help("results are + - W D L 1 = 0 H F U Z, `?` (adjourned, TRF26) or blank; an unknown result is written blank (game pending)"),
                    );
                    RoundResult::Unknown { code: ch }
                }
            },
        };
        RoundEntry {
            opponent,
            colour,
            result,
        }
    }
}

/// The text of field `f` of a line (inlined: its bounds are constants).
#[inline(always)]
fn raw_field<'t>(text: &'t str, f: &Field) -> &'t str {
    &text[f.from - 1..f.to]
}

/// A player with nothing read but its `rounds`: the slot
/// [`PlayerReader::usual_player`] fills in place.
#[inline(always)]
fn blank_player(rounds: Rounds) -> Player {
    Player {
        start_rank: Spanned::new(0, Span::default()),
        sex: None,
        title: None,
        name: Spanned::new(String::new(), Span::default()),
        rating: None,
        federation: None,
        fide_id: None,
        birth_date: None,
        points: None,
        rank: None,
        rounds,
        line: 0,
        span: Span::default(),
    }
}

// What a `001` field may hold, for the general reader and the fast path
// alike (TRF16 record 001): starting ranks 1-9999, ratings up to 3500, FIDE
// IDs of at most 11 digits, ranks up to 9999.
const MAX_START_RANK: u64 = 9999;
const MAX_RATING: u64 = 3500;
const FIDE_ID_END: u64 = 100_000_000_000;
const MAX_RANK: u64 = 9999;

/// The sex column: `m`, `w` (or `f`), either case; anything else is no
/// sex here and is reported by the `invalid-code` rule, which sees the raw
/// text.
fn sex(raw: &[u8]) -> Option<Sex> {
    // One column: one character, so no trimming (this runs for every
    // player line).
    match raw {
        [b'm' | b'M'] => Some(Sex::Male),
        [b'w' | b'W' | b'f' | b'F'] => Some(Sex::Female),
        _ => None,
    }
}

/// A right-aligned number as [`uint`] reads it, for the usual shapes only:
/// blanks, then digits to the end of the field. `Some(None)` when blank;
/// `None` for anything else (dashes, inner blanks, other characters, which
/// [`uint`] may accept or refuse).
fn right_aligned(b: &[u8]) -> Option<Option<u64>> {
    let Some(start) = b.iter().position(|&c| c != b' ') else {
        return Some(None);
    };
    let digits = &b[start..];
    // 19 digits fit a u64, as in `uint`.
    if digits.len() > 19 {
        return None;
    }
    let mut v = 0u64;
    for &c in digits {
        if !c.is_ascii_digit() {
            return None;
        }
        v = v * 10 + (c - b'0') as u64;
    }
    Some(Some(v))
}

/// The bytes of field `f` of a line's head, as an array of the field's
/// width (known when the program is built: no bounds to check).
#[inline(always)]
fn field<const N: usize>(head: &[u8; g::RANK.to], f: &Field) -> [u8; N] {
    debug_assert_eq!(f.to + 1 - f.from, N);
    head.get(f.from - 1..f.to)
        .and_then(|b| b.try_into().ok())
        .unwrap_or([b' '; N])
}

/// [`right_aligned`] of a 4-column field, at once for a number from 1 to
/// 9,999 written without leading zeros (the digits' value computed from
/// their low halves, and the field compared with that number written the
/// usual way, as in [`block_word`]).
#[inline(always)]
fn right_aligned4(f: [u8; 4]) -> Option<Option<u64>> {
    let x = u32::from_le_bytes(f);
    let v = four_digits(x & 0x0F0F_0F0F);
    // Bytes 3-6 of the entry are the number.
    if (CANONICAL[v as usize] >> 24) as u32 == x {
        return Some(Some(u64::from(v)));
    }
    right_aligned(&f)
}

/// [`right_aligned`] of the 11-column FIDE ID, at once for three blanks
/// then blanks and digits (IDs of up to 8 digits): the leading blanks
/// counted in one word, made zeros, and the eight digits checked and added
/// up two, four, then eight at a time.
#[inline(always)]
fn right_aligned11(f: [u8; 11]) -> Option<Option<u64>> {
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    if let [b' ', b' ', b' ', rest @ ..] = f {
        let w = u64::from_le_bytes(rest);
        let x = w ^ (ONES * u64::from(b' '));
        if x == 0 {
            return Some(None);
        }
        // The leading blanks (0-7 bytes) become `0`.
        let blanks = x.trailing_zeros() / 8;
        let d = w | ((ONES * 0x10) & ((1u64 << (8 * blanks)) - 1));
        let high = ONES * 0xF0;
        if d & high == ONES * 0x30 && d.wrapping_add(ONES * 6) & high == ONES * 0x30 {
            let v = d & (ONES * 0x0F);
            let v = (v.wrapping_mul(10) + (v >> 8)) & 0x00FF_00FF_00FF_00FF;
            let v = (v.wrapping_mul(100) + (v >> 16)) & 0x0000_FFFF_0000_FFFF;
            let v = (v.wrapping_mul(10_000) + (v >> 32)) & 0xFFFF_FFFF;
            return Some(Some(v));
        }
    }
    right_aligned(&f)
}

/// The round blocks of a usual `001` line `b` (starting at byte `base` of
/// the source), as the general reader reads them; `None` when one is not
/// usual. Trailing blank blocks are dropped, as there.
///
/// Each block is read by [`block_word`]: a block in the usual shape costs
/// about 26 instructions, any other goes through [`usual_block`]. What
/// makes a block unusual is gathered in one bit ([`FLAW`]), looked at once
/// the line is read (an unusual line is rare, and read again by the general
/// reader).
#[inline(never)]
fn usual_rounds(b: &[u8], base: usize) -> Option<Rounds> {
    // The general reader reads a block wherever its first column is on the
    // line, so each must be whole here. Each block comes with the two
    // columns before it (the first block starts at byte 91): windows of 10
    // bytes from byte 89. A remainder of up to 2 bytes holds no block's
    // first column; a longer one is a partial block.
    const FIRST: usize = g::ROUND_OPPONENT.from - 1;
    const STRIDE: usize = g::ROUND_OPPONENT.stride;
    const WIDTH: usize = g::ROUND_RESULT.to - g::ROUND_OPPONENT.from + 1;
    const _: () = assert!(STRIDE == 10 && WIDTH == 8 && FIRST >= g::RANK.to);
    let windows = b.get(FIRST - 2..)?.chunks_exact(STRIDE);
    if windows.remainder().len() > 2 {
        return None;
    }
    let mut flaws = 0u32;
    // `chunks_exact` knows its length: no capacity test per block.
    let mut words: Vec<u32> = windows
        .map(|window| {
            let word = match window.first_chunk::<STRIDE>() {
                Some(w) => block_word(w),
                None => FLAW,
            };
            flaws |= word;
            word
        })
        .collect();
    if flaws & FLAW != 0 {
        return None;
    }
    // Trailing blocks that are blank (not `0000`) are dropped.
    while let Some(k) = words.len().checked_sub(1) {
        let at = FIRST + k * STRIDE;
        let block = &b[at..at + WIDTH];
        if words[k] != NOT_PAIRED_WORD || !block.iter().all(|&c| c == b' ' || c == b'\t') {
            break;
        }
        words.pop();
    }
    Some(Rounds::in_columns(words, (base + FIRST) as u32))
}

/// The number written by four bytes of values 0-15 (a digit's low half;
/// a blank's is 0), the first byte the thousands, little-endian:
/// `d0 * 1000 + d1 * 100 + d2 * 10 + d3`, at most 16,665. Two digits a
/// byte, then the four: each byte's value stays below 256 (at most
/// 15 * 10 + 15), whatever the bytes are. One home for the round blocks',
/// the four-column numbers' and the birth year's reading.
#[inline(always)]
fn four_digits(n: u32) -> u32 {
    let pairs = (n * 10 + (n >> 8)) & 0x00FF_00FF;
    pairs.wrapping_mul(1 + (100 << 16)) >> 16
}

/// The bit of a block's word ([`block_word`]) that says the block is not
/// usual; never set in a packed entry ([`pack_parts`] uses bits 0-22).
const FLAW: u32 = 1 << 31;

/// A round block preceded by its two columns, read as [`usual_block`]
/// reads it: its entry packed, with [`FLAW`] set when the block is not
/// usual (the rest of the word then means nothing).
///
/// The usual block names an opponent right-aligned without leading zeros
/// (`  12`, `9999`): its number is computed from the four bytes' low
/// halves, and the seven bytes from the first blank to the blank after the
/// opponent are compared at once with those of that number written in the
/// usual way ([`CANONICAL`]); equal, the block is usual but for its colour,
/// the blank after it and its result, whose words say whether they are
/// ([`COLOURS`], [`SEPARATED_RESULTS`]). Anything else (no opponent, `0000`, leading zeros,
/// another byte) goes through [`usual_block`], which decides every block.
#[inline(always)]
fn block_word(b: &[u8; 10]) -> u32 {
    let [head @ .., _, _] = *b;
    let w = u64::from_le_bytes(head);
    // The opponent's bytes (2-5) as four digits, blanks counting as zeros.
    // Below 2^16 (a shift of a `u32` by 16): the table's index without a
    // mask or a bounds test. A value of 10,000 or more (bytes that are not
    // digits) finds an entry that matches nothing.
    let v = four_digits((w >> 16) as u32 & 0x0F0F_0F0F);
    let canonical = CANONICAL[v as usize];
    // The blank after the colour and the result (bytes 8-9) in one
    // look-up: a separator that is not a blank is as unusual as a result
    // that is not one (`usual_block` refuses both).
    // (Taken as one array: built from two bytes, the compiler loaded them
    // apart and made the index of two halves.)
    let [_, _, _, _, _, _, _, _, tail @ ..] = *b;
    let result = SEPARATED_RESULTS[usize::from(u16::from_le_bytes(tail))];
    if w << 8 == canonical {
        // The colour from the word already loaded (byte 7): read apart,
        // the compiler built the word from three narrower loads.
        COLOURS[(w >> 56) as usize] | result | v
    } else {
        other_block(b)
    }
}

/// [`usual_block`] as a [`block_word`].
#[cold]
#[inline(never)]
fn other_block(b: &[u8; 10]) -> u32 {
    match usual_block(b) {
        (word, 0) => word,
        _ => FLAW,
    }
}

/// For each opponent from 1 to 9,999, bytes 0-6 of its usual window
/// (blank, blank, the number right-aligned without leading zeros, blank)
/// as a little-endian word shifted left by a byte (so its low byte is 0:
/// the colour byte shifted out); every other entry matches no window (its
/// low byte is not 0). One entry for every value [`four_digits`] can give
/// (below 2^16), so that it is read without a mask or a bounds test; the
/// entries past 9,999 are never written, and a usual report reads only the
/// pages of the opponents it names.
static CANONICAL: [u64; 1 << 16] = {
    let mut t = [u64::MAX; 1 << 16];
    let mut v = 1;
    while v < 10_000 {
        let mut bytes = *b"\0       ";
        let mut rest = v;
        let mut i = 6;
        while rest > 0 {
            bytes[i] = b'0' + (rest % 10) as u8;
            rest /= 10;
            i -= 1;
        }
        t[v] = u64::from_le_bytes(bytes);
        v += 1;
    }
    t
};

/// The colour of a block as its packed bits ([`pack_parts`]), or [`FLAW`]
/// for a byte that is no colour ([`COLOUR_CLASS`] 3).
static COLOURS: [u32; 256] = {
    let mut t = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = match COLOUR_CLASS[i] {
            0 => 0,
            1 => pack_parts(Some(0), Some(Colour::White), 0),
            2 => pack_parts(Some(0), Some(Colour::Black), 0),
            _ => FLAW,
        };
        i += 1;
    }
    t
};

/// [`NAMED_RESULTS`] of a block's result byte (the high byte of the index)
/// when the byte before it (the low byte) is a blank, else [`FLAW`]. A
/// usual report reads one entry of each kilobyte, those of the few result
/// letters it uses.
static SEPARATED_RESULTS: [u32; 1 << 16] = {
    let mut t = [FLAW; 1 << 16];
    let mut i = 0;
    while i < 256 {
        t[i << 8 | b' ' as usize] = NAMED_RESULTS[i];
        i += 1;
    }
    t
};

/// The result of a block that names an opponent as its packed bits
/// ([`pack_parts`]: a blank is a pending game), or [`FLAW`] for a byte that
/// is no result.
static NAMED_RESULTS: [u32; 256] = {
    let mut t = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = if BLOCK_FLAWS[i] != 0 {
            FLAW
        } else {
            BLOCK_WORDS[(1 << 10) | i]
        };
        i += 1;
    }
    t
};

/// [`RoundEntry::NOT_PAIRED`] packed.
const NOT_PAIRED_WORD: u32 = pack_parts(
    None,
    None,
    crate::model::rounds::code(RoundResult::NotPaired),
);

/// Per colour byte: 0 for `-` or blank (none), 1 White, 2 Black, 3 for
/// any other byte (not a usual block).
static COLOUR_CLASS: [u8; 256] = {
    let mut t = [3u8; 256];
    t[b'-' as usize] = 0;
    t[b' ' as usize] = 0;
    t[b'w' as usize] = 1;
    t[b'W' as usize] = 1;
    t[b'b' as usize] = 2;
    t[b'B' as usize] = 2;
    t
};

/// The entry of a usual block packed, its opponent left out, at `named <<
/// 10 | colour class << 8 | result byte` (`named`: the opponent field is
/// not blank or zero, which turns a blank result into a pending game).
/// Computed at compile time.
static BLOCK_WORDS: [u32; 2048] = {
    let mut t = [0u32; 2048];
    let mut i = 0;
    while i < 2048 {
        let named = i >> 10 == 1;
        let colour = match (i >> 8) & 3 {
            1 => Some(Colour::White),
            2 => Some(Colour::Black),
            _ => None,
        };
        let result = match (i & 0xFF) as u8 {
            b' ' if named => Some(RoundResult::Pending),
            b' ' => Some(RoundResult::NotPaired),
            c => RoundResult::from_letter(c as char),
        };
        if let Some(result) = result {
            t[i] = pack_parts(Some(0), colour, crate::model::rounds::code(result));
        }
        i += 1;
    }
    t
};

/// 1 at `colour class << 8 | result byte` when the colour or the result
/// is not usual, else 0.
static BLOCK_FLAWS: [u8; 1024] = {
    let mut t = [0u8; 1024];
    let mut i = 0;
    while i < 1024 {
        let c = (i & 0xFF) as u8;
        if i >> 8 == 3 || (c != b' ' && RoundResult::from_letter(c as char).is_none()) {
            t[i] = 1;
        }
        i += 1;
    }
    t
};

/// [`RoundResult::from_letter`] of each byte (as a character).
static RESULTS: [Option<RoundResult>; 256] = {
    let mut t = [None; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = RoundResult::from_letter(i as u8 as char);
        i += 1;
    }
    t
};

/// A round block preceded by its two columns, as the general reader reads
/// it when the separators are blanks (no `misaligned-columns` finding) and
/// [`fast_block`] reads the block, with 0 (usual) or not 0 (any other
/// block, whose entry means nothing; a tab as a separator, too, which the
/// general reader accepts). Without a branch.
#[inline(always)]
fn usual_block(b: &[u8; 10]) -> (u32, u64) {
    // Bit 4 of the opponent's bytes (2-5).
    const OPP_BIT4: u64 = 0x0000_1010_1010_0000;
    let [head @ .., s3, result] = *b;
    // Bytes 0-7, the first in the lowest byte: the two blanks, the
    // opponent, the blank after it, the colour.
    let w = u64::from_le_bytes(head);
    // The opponent's blanks become `0`; then bytes 0, 1 and 6 must be
    // blanks and bytes 2-5 digits: 0 (blanks) and below 10 (digits) once
    // the template is taken away.
    let q = (w | OPP_BIT4) ^ 0x0020_3030_3030_2020;
    let flaw = (((q & 0x7F7F_7F7F_7F7F_7F7F) + 0x007F_7676_7676_7F7F) | q) & 0x0080_8080_8080_8080;
    // The opponent's blanks: bytes that were 0x20-0x29 (bit 4 clear),
    // which must be 0x20 and come before its digits (a run from byte 0,
    // counting the two blanks before the block).
    let blanks = ((!w & OPP_BIT4) >> 4) * 0xFF;
    let run = blanks | 0xFFFF;
    let flaw = flaw | (w & blanks & 0x0F0F_0F0F_0F0F_0F0F) | (run & run.wrapping_add(1));
    // The opponent, blanks counting as zeros.
    let d = (q >> 16) as u32 & 0x0F0F_0F0F;
    let pairs = (d * 10 + (d >> 8)) & 0x00FF_00FF;
    let opp = ((pairs & 0xFF) * 100 + (pairs >> 16)) as u16;
    let at = ((COLOUR_CLASS[(w >> 56) as usize] as usize) << 8) | result as usize;
    let named = (opp != 0) as usize;
    // The opponent, or no opponent for `0000` and blanks.
    let opponent = if opp == 0 {
        NO_OPPONENT
    } else {
        u32::from(opp)
    };
    let word = BLOCK_WORDS[((named << 10) | at) & 0x7FF] | opponent;
    let flaw = flaw | (BLOCK_FLAWS[at & 0x3FF] as u64) | (s3 != b' ') as u64;
    (word, flaw)
}

/// [`Title::parse`] without its upper-casing copy for the titles as FIDE
/// writes them.
fn title(t: &str) -> Title {
    match t {
        "GM" => Title::GM,
        "IM" => Title::IM,
        "FM" => Title::FM,
        "CM" => Title::CM,
        "WGM" => Title::WGM,
        "WIM" => Title::WIM,
        "WFM" => Title::WFM,
        "WCM" => Title::WCM,
        _ => Title::parse(t),
    }
}

/// [`Points::parse`] of the usual shape, blanks then `D.D` (`DD.D`, …),
/// without its searches; `None` sends anything else to it.
#[inline(always)]
fn fast_points(b: &[u8]) -> Option<Points> {
    // The usual 4-column field, ` D.D` or `DD.D`, without a loop.
    if let [a, i, b'.', f] = *b {
        let digit = |c: u8| c.wrapping_sub(b'0') < 10;
        if digit(i) && digit(f) {
            let low = (i - b'0') as i32 * 10 + (f - b'0') as i32;
            if a == b' ' {
                return Some(Points(low));
            }
            if digit(a) {
                return Some(Points((a - b'0') as i32 * 100 + low));
            }
        }
    }
    let start = b.iter().position(|&c| c != b' ')?;
    let (int, frac) = match &b[start..] {
        [int @ .., b'.', d] => (int, *d),
        _ => return None,
    };
    if int.is_empty() || !int.iter().all(u8::is_ascii_digit) || !frac.is_ascii_digit() {
        return None;
    }
    let i = int.iter().fold(0i32, |v, &c| v * 10 + (c - b'0') as i32);
    Some(Points(i * 10 + (frac - b'0') as i32))
}

/// A birth date field in the usual shape, `YYYY/MM/DD` with a valid date
/// from 1850 to 2100, or blank, read as [`super::parse_birth`] reads it;
/// `None` sends anything else to it. The eight bytes up to the day checked
/// in one word (digits and slashes), the year's four digits added up as a
/// round block's opponent is.
fn usual_birth(b: [u8; 10]) -> Option<Option<PartialDate>> {
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    let [head @ .., d0, d1] = b;
    let w = u64::from_le_bytes(head);
    if w == ONES * u64::from(b' ') && d0 == b' ' && d1 == b' ' {
        return Some(None);
    }
    // Digits become 0-9 and the slashes 0; then each byte must stay below
    // 10 (a digit) or 1 (a slash): adding 0x76 or 0x7F sets its top bit
    // otherwise (bytes are ASCII, below 0x80: no carry between them).
    let x = w ^ u64::from_le_bytes(*b"0000/00/");
    let top = (x & (ONES * 0x7F)).wrapping_add(0x7F76_767F_7676_7676) | x;
    let (d0, d1) = (d0.wrapping_sub(b'0'), d1.wrapping_sub(b'0'));
    if top & (ONES * 0x80) != 0 || d0 > 9 || d1 > 9 {
        return None;
    }
    let year = four_digits(x as u32);
    let month = (x >> 40 & 0xFF) as u32 * 10 + (x >> 48 & 0xFF) as u32;
    let day = d0 as u32 * 10 + d1 as u32;
    if !(1850..=2100).contains(&year) || !(1..=12).contains(&month) || day == 0 {
        return None;
    }
    // Days of each month, February's 29 checked apart.
    const DAYS: [u32; 13] = [0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    let leap = || year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    if day > DAYS[month as usize] || (month == 2 && day == 29 && !leap()) {
        return None;
    }
    Some(Some(PartialDate {
        year: year as i32,
        month: Some(month),
        day: Some(day),
    }))
}

/// Findings that mean the round blocks are not where they should be.
fn block_trouble(code: &str) -> bool {
    code == findings::MISALIGNED_COLUMNS.code
        || code == findings::INVALID_ROUND_BLOCK.code
        || code == findings::INVALID_FIELD.code
}

/// The common case without allocation or diagnostics: an ASCII block of
/// digits/blanks, a known colour and a known result. `None` sends the block
/// to the careful reader, which reports what is wrong.
fn fast_block(b: &[u8], results: &[Option<RoundResult>; 256]) -> Option<RoundEntry> {
    let at = |i: usize| b.get(i).copied().unwrap_or(b' ');
    let mut opp: u16 = 0;
    let mut seen_digit = false;
    for i in 0..4 {
        match at(i) {
            c @ b'0'..=b'9' => {
                opp = opp * 10 + (c - b'0') as u16;
                seen_digit = true;
            }
            b' ' if !seen_digit => {}
            _ => return None,
        }
    }
    let colour = match at(5) {
        b'w' | b'W' => Some(Colour::White),
        b'b' | b'B' => Some(Colour::Black),
        b'-' | b' ' => None,
        _ => return None,
    };
    let opponent = (opp > 0).then_some(opp);
    let result = match at(7) {
        b' ' => {
            if opponent.is_some() {
                RoundResult::Pending
            } else {
                RoundResult::NotPaired
            }
        }
        c => results[c as usize]?,
    };
    Some(RoundEntry {
        opponent,
        colour,
        result,
    })
}

#[cfg(test)]
mod tests {
    use super::{block_word, fast_block, four_digits, usual_block, CANONICAL, FLAW, RESULTS};

    #[test]
    fn four_digits_reads_every_four_digit_number_and_any_low_halves() {
        for v in 0..10_000u32 {
            let b = [v / 1000, v / 100 % 10, v / 10 % 10, v % 10].map(|d| d as u8);
            assert_eq!(four_digits(u32::from_le_bytes(b)), v, "{v}");
        }
        for n in 0..=0xFFFFu32 {
            let b = [n >> 12, n >> 8 & 15, n >> 4 & 15, n & 15];
            let want = b[0] * 1000 + b[1] * 100 + b[2] * 10 + b[3];
            assert_eq!(four_digits(u32::from_le_bytes(b.map(|d| d as u8))), want);
        }
    }
    use crate::model::rounds::pack;
    use crate::model::RoundResult;
    use crate::write::{write, Target};
    use proptest::prelude::*;

    /// What [`usual_block`] must say of a window: [`fast_block`]'s entry
    /// when the four separators are blanks, else nothing.
    fn expected(window: [u8; 10]) -> Option<crate::model::RoundEntry> {
        let blank = [0, 1, 6, 8].iter().all(|&i| window[i] == b' ');
        fast_block(&window[2..], &RESULTS).filter(|_| blank)
    }

    fn check(window: [u8; 10]) {
        let (word, flaw) = usual_block(&window);
        assert_eq!(
            (flaw == 0).then_some(word),
            expected(window).map(|e| pack(&e)),
            "{:?}",
            String::from_utf8_lossy(&window)
        );
        assert_eq!(
            fast(window),
            (flaw == 0).then_some(word),
            "{:?}",
            String::from_utf8_lossy(&window)
        );
    }

    /// [`block_word`]'s entry, `None` when it says the block is not usual.
    fn fast(window: [u8; 10]) -> Option<u32> {
        let word = block_word(&window);
        (word & FLAW == 0).then_some(word)
    }

    /// The usual windows of every opponent, as the fast path of
    /// [`block_word`] reads them, with every colour and result byte.
    #[test]
    fn block_word_reads_every_opponent() {
        for v in 1..10_000u32 {
            let text = format!("  {v:>4} ");
            let mut bytes = [0u8; 8];
            bytes[1..].copy_from_slice(text.as_bytes());
            assert_eq!(CANONICAL[v as usize], u64::from_le_bytes(bytes), "{v}");
            for (colour, result) in [(b'w', b'1'), (b'b', b'='), (b'B', b' '), (b'-', b'+')] {
                let mut window = [b' '; 10];
                window[..7].copy_from_slice(text.as_bytes());
                window[7] = colour;
                window[9] = result;
                check(window);
                assert_eq!(fast(window).map(|w| w & 0xFFFF), Some(v), "{text}");
            }
        }
        for colour in 0..=255u8 {
            for result in 0..=255u8 {
                let mut window = *b"   123 w 1";
                window[7] = colour;
                window[9] = result;
                check(window);
            }
            // The blank after the colour, with any byte there.
            for separator in 0..=255u8 {
                let mut window = *b"   123 w 1";
                window[7] = colour;
                window[8] = separator;
                check(window);
            }
        }
    }

    /// The branch-free reading of a block gives what `fast_block` (the
    /// general reader's) gives, for every opponent field over an alphabet
    /// of tricky bytes and every colour and result byte.
    #[test]
    fn usual_block_agrees_with_fast_block() {
        let alphabet = b" 0179\t-a/:\x80\x10\xb9\x00\x2f\x3a\x20\x30\x39\x21\xff";
        for &a in alphabet {
            for &b in alphabet {
                for &c in alphabet {
                    for &d in alphabet {
                        let mut window = [b' '; 10];
                        window[2..6].copy_from_slice(&[a, b, c, d]);
                        window[7] = b'w';
                        window[9] = b'1';
                        check(window);
                        window[9] = b' ';
                        check(window);
                    }
                }
            }
        }
        for colour in 0..=255u8 {
            for result in 0..=255u8 {
                for opponent in [b"  12", b"    ", b"0000", b"9999", b"   1"] {
                    let mut window = [b' '; 10];
                    window[2..6].copy_from_slice(opponent);
                    window[7] = colour;
                    window[9] = result;
                    check(window);
                }
            }
        }
        for pos in [0, 1, 6, 8] {
            for v in 0..=255u8 {
                let mut window = *b"    12 w 1";
                window[pos] = v;
                check(window);
            }
        }
    }

    /// A byte of a block: any byte, or (more often) one a block is made of.
    fn block_byte() -> impl Strategy<Value = u8> {
        prop_oneof![
            any::<u8>(),
            prop::sample::select(b" 0123456789 wbWB-=+10DLHFUZ\t?".to_vec()),
        ]
    }

    proptest! {
        /// The same on random windows.
        #[test]
        fn usual_block_agrees_on_random_bytes(window in prop::array::uniform10(block_byte())) {
            let (word, flaw) = usual_block(&window);
            prop_assert_eq!((flaw == 0).then_some(word), expected(window).map(|e| pack(&e)));
            prop_assert_eq!(fast(window), (flaw == 0).then_some(word));
        }

        /// And on random usual-looking blocks: blanks, then digits.
        #[test]
        fn usual_block_agrees_on_usual_shapes(
            blanks in 0usize..=4,
            digits in prop::array::uniform4(b'0'..=b'9'),
            colour in block_byte(),
            result in block_byte(),
        ) {
            let mut window = [b' '; 10];
            window[2 + blanks..6].copy_from_slice(&digits[blanks..]);
            window[7] = colour;
            window[9] = result;
            let (word, flaw) = usual_block(&window);
            prop_assert_eq!((flaw == 0).then_some(word), expected(window).map(|e| pack(&e)));
            prop_assert_eq!(fast(window), (flaw == 0).then_some(word));
        }
    }

    /// The usual reader (the player written in its slot of the vector)
    /// gives every line it accepts the player the general reader gives,
    /// spans and rounds included, and leaves no player behind for a line it
    /// refuses: on every `001` line of `samples/`, the shared corpus, the
    /// eligibility tests' small reports and generated reports (with and
    /// without accented names, byes and forfeits).
    #[test]
    fn the_usual_player_is_the_general_readers() {
        use super::PlayerReader;
        use crate::source::lines::{split_bytes, Columns};
        let mut texts = crate::eligibility::tests::sample_and_corpus_texts();
        texts.extend(crate::eligibility::tests::crafted());
        for (players, rounds, seed, diacritics) in [
            (9, 5, 1, false),
            (40, 9, 2, true),
            (301, 11, 3, false),
            (120, 15, 4, true),
        ] {
            let opts = crate::generate::GenOptions {
                players,
                rounds,
                seed,
                diacritics,
                with_byes: true,
                with_forfeits: true,
                ..Default::default()
            };
            texts.extend(crate::generate::generate(&opts).ok());
        }
        let (mut usual, mut general) = (0, 0);
        for text in &texts {
            for (s, e) in split_bytes(text.as_bytes()) {
                let line = &text[s..e];
                if !line.starts_with("001") {
                    continue;
                }
                let cols = if text.is_ascii() {
                    Columns::ascii(line, s)
                } else {
                    Columns::new(line, s)
                };
                let mut fast = PlayerReader::new(text, 1);
                let accepted = fast.usual_player(&cols, 7).is_some();
                if !accepted {
                    general += 1;
                    assert!(fast.players.is_empty(), "{line:?}");
                    continue;
                }
                usual += 1;
                let mut slow = PlayerReader::new(text, 1);
                slow.general_player(&cols, 7);
                assert!(slow.diags.is_empty(), "{line:?}");
                assert_eq!(
                    format!("{:?}", fast.players),
                    format!("{:?}", slow.players),
                    "{line:?}"
                );
                assert_eq!(fast.trf06_title, slow.trf06_title, "{line:?}");
                assert!(fast.diags.is_empty(), "{line:?}");
            }
        }
        assert!(usual > 1_000 && general > 0, "{usual} {general}");
    }

    /// The usual fields' shortcuts read what the general readers read.
    #[test]
    fn usual_fields_agree_with_the_general_readers() {
        use super::{right_aligned, right_aligned11, right_aligned4, usual_birth};
        let mut fours: Vec<String> = (0..10_000).map(|v| format!("{v:>4}")).collect();
        fours.extend((0..10_000).map(|v| format!("{v:04}")));
        fours.extend(
            [
                "    ", " 1 2", "12 ", "-1  ", "\t  1", "1\t  ", " 0x1", "99:9", "/999",
            ]
            .map(String::from),
        );
        for f in &fours {
            let Ok(b) = <[u8; 4]>::try_from(f.as_bytes()) else {
                continue;
            };
            assert_eq!(right_aligned4(b), right_aligned(&b), "{f:?}");
        }
        for f in [
            "           ",
            "   19063040",
            "          1",
            "   00000000",
            "   1 063040",
            "   1906304 ",
            "  190630400",
            "12345678901",
            "   1906304:",
            "   /9063040",
            "\t  19063040",
            "    \t123456",
            "   99999999",
            "      12345",
        ] {
            let b: [u8; 11] = f.as_bytes().try_into().unwrap();
            assert_eq!(right_aligned11(b), right_aligned(&b), "{f:?}");
        }
        for v in [0u64, 1, 9, 10, 99_999_999, 12_345_678, 10_000_000, 100] {
            let f = format!("   {v:>8}");
            let b: [u8; 11] = f.as_bytes().try_into().unwrap();
            assert_eq!(right_aligned11(b), Some(Some(v)), "{f:?}");
        }
        let mut dates: Vec<String> = Vec::new();
        for y in [1849, 1850, 1900, 1999, 2000, 2024, 2100, 2101, 9999, 0] {
            for m in 0..=13 {
                for d in [0, 1, 28, 29, 30, 31, 32] {
                    dates.push(format!("{y:04}/{m:02}/{d:02}"));
                }
            }
        }
        dates.extend(
            [
                "          ",
                "1990/1/01 ",
                "1990-01-01",
                "1990/01/0a",
                "199:/01/01",
                "1990/0:/01",
                "1990 01 01",
                "1990      ",
                "1990/01/1 ",
            ]
            .map(String::from),
        );
        for f in &dates {
            let b: [u8; 10] = f.as_bytes().try_into().unwrap();
            if let Some(d) = usual_birth(b) {
                assert_eq!(crate::read::parse_birth(f), Ok(d), "{f:?}");
            }
        }
        assert!(usual_birth(*b"2024/02/29").is_some());
        assert!(usual_birth(*b"1900/02/29").is_none());
    }

    /// TRF26's `?` (VCL4THP Q164) is read as an adjourned result without
    /// a syntax finding, and written back as `?`.
    #[test]
    fn adjourned_result_is_read_and_written_back() {
        let text = "012 Adjourned\n\
001    1 m    Doe, John                         1850 ENG      400001 1990/01/01  1.0    1     2 w 1     2 b ?\n\
001    2 m    Roe, Jim                          1720 ENG      400002 1991/01/01  0.0    2     1 b 0     1 w ?\n";
        let parsed = crate::read::parse_str(text);
        assert!(
            parsed
                .diagnostics
                .iter()
                .all(|d| d.rule != "invalid-round-block"),
            "{:#?}",
            parsed.diagnostics
        );
        let p = &parsed.tournament.players[0];
        assert_eq!(p.round(2).result, RoundResult::ADJOURNED);
        assert!(p.round(2).result.is_pending());
        let out = write(&parsed.tournament, Target::Trf16);
        let line = out.lines().find(|l| l.starts_with("001    1")).unwrap();
        assert!(line.trim_end().ends_with("2 b ?"), "{line}");
    }
}
