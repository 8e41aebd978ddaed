//! `001` player records and their round blocks.

use super::{codes, trim, uint, Parser};
use crate::grammar::p001 as g;
use crate::lines::Columns;
use crate::model::{Colour, Player, Points, RoundEntry, RoundResult, Sex, Title};
use crate::span::{Span, Spanned};

impl Parser<'_> {
    pub(super) fn player(&mut self, cols: &Columns<'_>, number: u32) {
        let (raw, span) = cols.field(g::START_RANK.from, g::START_RANK.to);
        let start_rank = match uint(raw) {
            Ok(Some(v)) if (1..=9999).contains(&v) => v as u16,
            other => {
                let why = match other {
                    Ok(None) => "the starting rank is blank".to_string(),
                    _ => format!("`{}` is not a starting rank (1-9999)", trim(raw)),
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
        let sex = match trim(raw) {
            "" => None,
            "m" | "M" => Some(Spanned::new(Sex::Male, span)),
            "w" | "W" | "f" | "F" => Some(Spanned::new(Sex::Female, span)),
            _ => None, // reported by the `invalid-code` rule, which sees the raw text
        };

        let (raw, span) = cols.field(g::TITLE.from, g::TITLE.to);
        let title = match trim(raw) {
            "" => None,
            t => {
                self.dialect.note_title(t, number);
                Some(Spanned::new(Title::parse(t), span))
            }
        };

        let (raw, span) = cols.field(g::NAME.from, g::NAME.to);
        let name = Spanned::new(trim(raw).to_string(), span);

        let (raw, span) = cols.field(g::RATING.from, g::RATING.to);
        let rating = match uint(raw) {
            Ok(None) | Ok(Some(0)) => None,
            Ok(Some(v)) if v <= 3500 => Some(Spanned::new(v as u16, span)),
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
            Ok(Some(v)) if v < 100_000_000_000 => Some(Spanned::new(v, span)),
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
                    codes::INVALID_DATE
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
            Ok(Some(v)) if v <= 9999 => Some(Spanned::new(v as u16, span)),
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
        self.max_rounds = self.max_rounds.max(rounds.len());
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

    pub(super) fn invalid(&mut self, span: Span, message: String, label: &str, help: &str) {
        self.diags.push(
            codes::INVALID_FIELD
                .diag(message)
                .primary(span, label)
                .help(help),
        );
    }

    /// Reads the round blocks; trailing blank blocks are dropped so that the
    /// list ends with the last round that says something.
    fn round_blocks(&mut self, cols: &Columns<'_>) -> Vec<Spanned<RoundEntry>> {
        let len = cols.char_len();
        if len < g::ROUND_OPPONENT.from {
            return Vec::new();
        }
        // One allocation: the number of blocks the line reaches.
        let mut out = Vec::with_capacity((len - g::ROUND_OPPONENT.from) / 10 + 1);
        let mut misaligned_reported = false;
        let ascii = cols.text().as_bytes();
        let ascii = cols.is_ascii().then_some(ascii);
        let base = cols.span().start as usize;
        let mut k = 0;
        loop {
            let (from, _) = g::ROUND_OPPONENT.nth(k);
            if from > len {
                break;
            }
            let to = g::ROUND_RESULT.nth(k).1;
            if let Some(entry) = ascii.and_then(|b| canonical_block(b, from)) {
                out.push(Spanned::new(entry, Span::new(base + from - 1, base + to)));
                k += 1;
                continue;
            }
            let (block, span) = cols.field(from, to);
            // The two separators before the block and those inside it.
            let (gap, gap_span) = cols.field(from - 2, from - 1);
            let (sep1, s1) = cols.field(from + 4, from + 4);
            let (sep2, s2) = cols.field(from + 6, from + 6);
            if !misaligned_reported {
                let bad = [(gap, gap_span), (sep1, s1), (sep2, s2)]
                    .into_iter()
                    .find(|(t, _)| !t.chars().all(|c| c == ' ' || c == '\t'));
                if let Some((_, sp)) = bad {
                    misaligned_reported = true;
                    self.diags.push(
                        codes::MISALIGNED_COLUMNS
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
        out
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
            Ok(Some(v)) if v <= 9999 => Some(v as u16),
            _ => {
                self.diags.push(
                    codes::INVALID_ROUND_BLOCK
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
                    codes::INVALID_ROUND_BLOCK
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
            c => match RoundResult::from_letter(c as char) {
                Some(r) => r,
                None => {
                    let ch = block.get(7..).and_then(|s| s.chars().next()).unwrap_or('?');
                    self.diags.push(
                        codes::INVALID_ROUND_BLOCK
                            .diag(format!("round {round}: result code `{ch}` is not a TRF result"))
                            .primary(sub(7, ch.len_utf8()), "result")
                            .help("results are + - W D L 1 = 0 H F U Z or blank; an unknown result is written blank (game pending)"),
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

/// A round block written the regular way, read straight from the bytes of an
/// ASCII line: two blanks, the opponent right-aligned in four columns (digits
/// after leading blanks, or all blank), a blank, the colour (`w`, `b`, `-` or
/// blank, either case), a blank and a result letter or a blank. `from` is the
/// block's first column (the opponent's). Anything else, including a block
/// cut short by the end of the line, returns `None` and goes through the
/// general reader, which also reports what is wrong; for the blocks accepted
/// here both give the same entry and no diagnostic.
fn canonical_block(line: &[u8], from: usize) -> Option<RoundEntry> {
    let b = line.get(from - 3..from + 7)?;
    if b[0] != b' ' || b[1] != b' ' || b[6] != b' ' || b[8] != b' ' {
        return None;
    }
    let digits = b[2..6].iter().skip_while(|&&c| c == b' ');
    let mut opponent: u16 = 0;
    for &c in digits {
        if !c.is_ascii_digit() {
            return None;
        }
        opponent = opponent * 10 + (c - b'0') as u16;
    }
    let opponent = (opponent != 0).then_some(opponent);
    let colour = match b[7] {
        b'w' | b'W' => Some(Colour::White),
        b'b' | b'B' => Some(Colour::Black),
        b'-' | b' ' => None,
        _ => return None,
    };
    let result = match b[9] {
        b' ' if opponent.is_some() => RoundResult::Pending,
        b' ' => RoundResult::NotPaired,
        c => RoundResult::from_letter(c as char)?,
    };
    Some(RoundEntry {
        opponent,
        colour,
        result,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::ReadOptions;

    /// Wherever the byte shortcut accepts a block, the general reader gives
    /// the same entry, reports nothing and finds the separators blank; and
    /// the shortcut accepts every block the generator writes.
    #[test]
    fn canonical_block_agrees_with_the_general_reader() {
        let opts = ReadOptions::default();
        let gaps: &[&[u8; 2]] = &[b"  ", b" \t", b"x "];
        let opp = [b' ', b'0', b'7', b'-', b'a'];
        let colours = [b'w', b'W', b'b', b'B', b'-', b' ', b'\t', b'x', b'n'];
        let results = b"1=0WDLwdl+-HFUZhfuz ?X\t";
        let seps = [b' ', b'\t', b'.'];
        let mut accepted = 0;
        for gap in gaps {
            for o in 0..opp.len().pow(4) {
                let digits = [
                    opp[o % 5],
                    opp[o / 5 % 5],
                    opp[o / 25 % 5],
                    opp[o / 125 % 5],
                ];
                for &c in &colours {
                    for &r in results.iter() {
                        for &sep in &seps {
                            let mut line = vec![b' '; 89];
                            line.extend_from_slice(*gap);
                            line.extend_from_slice(&digits);
                            line.extend_from_slice(&[sep, c, b' ', r]);
                            let Some(fast) = canonical_block(&line, 92) else {
                                continue;
                            };
                            accepted += 1;
                            let text = std::str::from_utf8(&line).unwrap();
                            let mut p = Parser::new(text, &opts);
                            let span = Span::new(91, 99);
                            let slow = p.round_block(&text[91..99], span, 1);
                            assert_eq!(fast, slow, "{text:?}");
                            assert!(p.diags.is_empty(), "{text:?}: {:?}", p.diags);
                            assert!(text[89..91].bytes().all(|b| b == b' '));
                            assert!(text.as_bytes()[95] == b' ' && text.as_bytes()[97] == b' ');
                        }
                    }
                }
            }
        }
        assert!(accepted > 3_000, "{accepted}");
        for block in [
            b"     2 w 1",
            b"  0000 - U",
            b"  9999 b =",
            b"    12 w  ",
            b"  0000 - H",
        ] {
            let mut line = vec![b' '; 89];
            line.extend_from_slice(block);
            assert!(canonical_block(&line, 92).is_some(), "{:?}", block);
        }
    }
}
