//! Rule `invalid-board-colours`.

use crate::diag::Diagnostic;
use crate::rules::{always, Ctx};
use crate::source::span::Span;

crate::declare_rule! {
    /// ## What it checks
    /// That the board colour sequence of team matches (`352`) holds only
    /// `W` and `B`, one letter per board.
    ///
    /// ## Why it matters
    /// `352` gives the colour of the first-named team on each board (and
    /// its length the number of boards). Pairing programs allocate the
    /// board colours from it and the informative `801` records are laid
    /// out by it; any other character leaves a board without a colour.
    ///
    /// ## Example
    /// ```text
    /// 352 W-B-W-B
    /// ```
    /// Use instead: `WBWB`.
    ///
    /// ## Reference
    /// TRF26 record 352 (board colour sequence).
    pub(crate) static INVALID_BOARD_COLOURS = {
        code: "TRF-T008", name: "invalid-board-colours",
        severity: Warning, summary: "a `352` board colour sequence with characters other than W and B",
        consequence: Cosmetic,
        source: "board colours (TRF26 352) do not enter the rating calculation",
        applies: always, check: check,
    };
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let Some(colours) = &ctx.tournament.header.board_colours else {
        return;
    };
    // Spans come from the source, whose text the model keeps trimmed.
    let text = ctx.slice(colours.span);
    let base = colours.span.start as usize;
    let mut bad = text
        .char_indices()
        .filter(|&(_, c)| c != 'W' && c != 'B')
        .peekable();
    let Some(&(first, c)) = bad.peek() else {
        return;
    };
    let mut shown: Vec<char> = Vec::new();
    for (_, c) in bad {
        if !shown.contains(&c) {
            shown.push(c);
        }
    }
    let list = shown
        .iter()
        .map(|c| format!("`{}`", c.escape_debug()))
        .collect::<Vec<_>>()
        .join(", ");
    let all_letters = text
        .chars()
        .all(|c| matches!(c.to_ascii_uppercase(), 'W' | 'B'));
    let help = if all_letters {
        format!(
            "write the letters in upper case: `{}`",
            text.to_ascii_uppercase()
        )
    } else {
        "write one `W` or `B` per board, nothing between them, e.g. `WBWB`".to_string()
    };
    out.push(
        INVALID_BOARD_COLOURS
            .diag(format!(
                "board colours `{text}` contain {list}; only `W` and `B` are allowed"
            ))
            .primary(
                Span::new(base + first, base + first + c.len_utf8()),
                "not W or B",
            )
            .help(help)
            .reference("TRF26 record 352"),
    );
}
