//! Where integrity and regulation findings point: the columns of a field
//! inside a record, the parts of a round block, the anchor of file-level
//! findings, a player's rating columns.
//!
//! Spans come from [`Columns`], which counts characters, so a name with
//! diacritics never shifts a label.

use crate::model::Player;
use crate::read::columns::p001;
use crate::rules::Ctx;
use crate::source::lines::{Columns, LineKind};
use crate::source::span::Span;

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

/// Columns of the round-date slot of round `r` on the `132` line.
pub(crate) fn round_date_columns(r: usize) -> (usize, usize) {
    crate::read::columns::p132::ROUND_DATE.nth(r - 1)
}

/// The span of the rating columns (49-52) of a player's line, blank or not.
pub(crate) fn rating_span(ctx: &Ctx<'_>, p: &Player) -> Span {
    if let Some(r) = p.rating {
        return r.span;
    }
    ctx.player_field(p, &p001::RATING)
}
