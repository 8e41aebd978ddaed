//! `001` player records and their round blocks.

use super::{findings, trim, uint};
use crate::diag::Diagnostic;
use crate::model::{Colour, Player, Points, RoundEntry, RoundResult, Rounds, Sex, Title};
use crate::read::columns::p001 as g;
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
            self.player(cols, number);
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

    /// Reads any `001` line field by field, reporting what is wrong.
    fn player(&mut self, cols: &Columns<'_>, number: u32) {
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
            match Points::parse(raw) {
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
            let entry = self.round_block(block, span, k + 1);
            out.push(Spanned::new(entry, span));
            k += 1;
        }
        while out.last().is_some_and(|e| {
            e.value == RoundEntry::NOT_PAIRED && trim(&self.text[e.span.range()]).is_empty()
        }) {
            out.pop();
        }
        // Where block 0 stands on a line whose blocks are in their usual
        // columns: their spans are then computed, not kept (see `Rounds`).
        let origin = out.first().map_or(0, |e| e.span.start);
        let mut rounds = Rounds::in_columns(Vec::with_capacity(out.len()), origin);
        for e in out {
            rounds.push(e);
        }
        rounds
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

// What a `001` field may hold (TRF16 record 001): starting ranks 1-9999, ratings up to 3500, FIDE
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

/// Findings that mean the round blocks are not where they should be.
fn block_trouble(code: &str) -> bool {
    code == findings::MISALIGNED_COLUMNS.code
        || code == findings::INVALID_ROUND_BLOCK.code
        || code == findings::INVALID_FIELD.code
}

#[cfg(test)]
mod tests {
    use crate::model::RoundResult;
    use crate::write::{write, Target};

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
