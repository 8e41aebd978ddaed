//! What every rule sees: the model, the source text, the options, and
//! indexes computed once so no rule rescans the file.

use crate::model::{Player, RoundEntry, Tournament};
use crate::span::Spanned;

/// Options of `trf check` that rules read.
#[derive(Debug, Clone, Default)]
pub struct CheckOptions {
    /// Rules (names or codes) not to run.
    pub disabled: Vec<String>,
}

impl CheckOptions {
    /// Whether a rule runs.
    pub fn enabled(&self, name: &str, code: &str) -> bool {
        !self
            .disabled
            .iter()
            .any(|d| d == name || d.eq_ignore_ascii_case(code))
    }
}

/// The context of one check.
#[derive(Debug)]
pub struct Ctx<'a> {
    /// The model.
    pub tournament: &'a Tournament,
    /// The decoded source text (spans point into it).
    pub text: &'a str,
    /// Options.
    pub opts: &'a CheckOptions,
    /// `index[rank]` = position in `players` of the first player with that
    /// starting rank, `u32::MAX` when none.
    index: Vec<u32>,
}

impl<'a> Ctx<'a> {
    /// Builds the context (one pass over the players).
    pub fn new(tournament: &'a Tournament, text: &'a str, opts: &'a CheckOptions) -> Self {
        Ctx {
            tournament,
            text,
            opts,
            index: tournament.rank_index(),
        }
    }

    /// The player with starting rank `rank`.
    pub fn player(&self, rank: u16) -> Option<&'a Player> {
        let i = *self.index.get(rank as usize)?;
        self.tournament.players.get(i as usize)
    }

    /// The entry of player `rank` in round `round` (1-based), if written.
    pub fn entry(&self, rank: u16, round: usize) -> Option<&'a Spanned<RoundEntry>> {
        self.player(rank)?.rounds.get(round.checked_sub(1)?)
    }

    /// The source text of a span.
    pub fn slice(&self, span: crate::Span) -> &'a str {
        self.text.get(span.range()).unwrap_or("")
    }
}
