//! What several integrity rules share: the columns of a field inside a
//! record they point at, the anchor of file-level findings, the rounds that
//! were played, and the readings of a date written ambiguously.
//!
//! Spans come from [`Columns`], which counts characters, so a name with
//! diacritics never shifts a label.

use crate::model::games::Kind;
use crate::model::DateField;
use crate::rules::Ctx;
use crate::source::lines::{Columns, LineKind};
use crate::source::span::Span;
use chrono::NaiveDate;

/// The span of 1-based columns `from..=to` of the line that `line` spans.
pub(crate) fn line_columns(ctx: &Ctx<'_>, line: Span, from: usize, to: usize) -> Span {
    Columns::new(ctx.slice(line), line.start as usize)
        .field(from, to)
        .1
}

/// The part of a round block (the 8 characters `OOOO C R` a round entry's
/// span covers).
#[derive(Debug, Clone, Copy)]
pub(crate) enum Part {
    /// The opponent's starting rank, 4 characters.
    Opponent,
    /// The colour letter.
    Colour,
    /// The result letter.
    Result,
}

/// The span of one part of a round block.
pub(crate) fn block_part(ctx: &Ctx<'_>, block: Span, part: Part) -> Span {
    let (from, to) = match part {
        Part::Opponent => (1, 4),
        Part::Colour => (6, 6),
        Part::Result => (8, 8),
    };
    line_columns(ctx, block, from, to)
}

/// Where a finding about the whole file points: columns 1-3 of the first
/// line that is not blank, so that line-oriented output still has a
/// position. `None` for a file of blank lines.
pub(crate) fn file_anchor(ctx: &Ctx<'_>) -> Option<Span> {
    let line = ctx
        .tournament
        .lines
        .iter()
        .find(|l| l.kind != LineKind::Blank)?;
    Some(line_columns(ctx, line.span, 1, 3))
}

/// The span of columns 1-3 (the code) of the first line with record `code`.
pub(crate) fn record_code(ctx: &Ctx<'_>, code: &[u8; 3]) -> Option<Span> {
    let line = ctx
        .tournament
        .lines
        .iter()
        .find(|l| l.code.as_ref() == Some(code) && l.kind == LineKind::Record)?;
    Some(line_columns(ctx, line.span, 1, 3))
}

/// `played[r - 1]`: some player has a game or forfeit result in round `r`,
/// from the games table's kinds by round.
pub(crate) fn played_rounds(ctx: &Ctx<'_>) -> Vec<bool> {
    ctx.games
        .round_kinds()
        .iter()
        .map(|k| k.intersects(Kind::GAME_OR_FORFEIT))
        .collect()
}

/// The dates a date field may denote: the reading the parser chose and,
/// when the day and month could be swapped, the other one. Empty when the
/// field could not be read.
pub(crate) fn readings(f: &DateField) -> Vec<NaiveDate> {
    let mut v: Vec<NaiveDate> = f.date.into_iter().collect();
    if let Some(alt) = f.other_reading {
        if !v.contains(&alt) {
            v.push(alt);
        }
    }
    v
}

/// `2025/03/14`.
pub(crate) fn ymd(d: NaiveDate) -> String {
    d.format("%Y/%m/%d").to_string()
}

/// `` `3` ``, `` `3`, `5` `` or `` `3`-`6` ``: a sorted list of round numbers
/// with runs collapsed, for messages.
pub(crate) fn round_list(rounds: &[usize]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < rounds.len() {
        let mut j = i;
        while j + 1 < rounds.len() && rounds[j + 1] == rounds[j] + 1 {
            j += 1;
        }
        parts.push(match j - i {
            0 => format!("`{}`", rounds[i]),
            1 => format!("`{}`, `{}`", rounds[i], rounds[j]),
            _ => format!("`{}`-`{}`", rounds[i], rounds[j]),
        });
        i = j + 1;
    }
    parts.join(", ")
}

/// Columns of the round-date slot of round `r` on the `132` line.
pub(crate) fn round_date_columns(r: usize) -> (usize, usize) {
    crate::read::columns::p132::ROUND_DATE.nth(r - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_lists_collapse_runs() {
        assert_eq!(round_list(&[3]), "`3`");
        assert_eq!(round_list(&[3, 4]), "`3`, `4`");
        assert_eq!(round_list(&[1, 3, 4, 5, 9]), "`1`, `3`-`5`, `9`");
        assert_eq!(round_list(&[]), "");
    }
}
