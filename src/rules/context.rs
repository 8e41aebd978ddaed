//! What every rule sees: the [`Analysis`] of the report (the model, the
//! source text, the options, the regulations in force, and what is decided
//! once: indexes, the tournament type, the time control, the eligibility of
//! the games), and the findings counted over `--max-per-rule`.

use crate::analysis::Analysis;
use crate::model::{Game, Player, RoundEntry};
use crate::source::span::{Span, Spanned};

pub(crate) use crate::eligibility::TimeControlInfo;
pub(crate) use crate::options::Options;

/// The options of `trf check`, under their first name: the one options
/// type of check, rate, report and serve ([`Options`]).
pub(crate) type CheckOptions = Options;

/// The context of one check: the analysis, read through `Deref` (every
/// rule reads `ctx.regs`, `ctx.games`, `ctx.eligibility()` as the
/// analysis decided them), and the findings counted over the limit.
#[derive(Debug)]
pub(crate) struct Ctx<'a> {
    analysis: Held<'a>,
    /// Findings over `--max-per-rule`, counted instead of kept.
    pub overflow: crate::diag::overflow::Overflow,
}

/// The analysis a context reads: its own (the unit tests') or the
/// caller's.
#[derive(Debug)]
enum Held<'a> {
    #[cfg(test)]
    Own(Box<Analysis<'a>>),
    Lent(&'a Analysis<'a>),
}

impl<'a> std::ops::Deref for Ctx<'a> {
    type Target = Analysis<'a>;
    fn deref(&self) -> &Analysis<'a> {
        match &self.analysis {
            #[cfg(test)]
            Held::Own(a) => a,
            Held::Lent(a) => a,
        }
    }
}

impl<'a> Ctx<'a> {
    /// A context with its own analysis of a model and its text (the unit
    /// tests').
    #[cfg(test)]
    pub(crate) fn new(
        tournament: &'a crate::model::Tournament,
        text: &'a str,
        opts: &'a CheckOptions,
    ) -> Self {
        Ctx {
            analysis: Held::Own(Box::new(Analysis::of(tournament, text, opts))),
            overflow: Default::default(),
        }
    }

    /// A context reading the caller's analysis.
    pub(crate) fn of(analysis: &'a Analysis<'a>) -> Self {
        Ctx {
            analysis: Held::Lent(analysis),
            overflow: Default::default(),
        }
    }

    /// Adds a finding to a rule's list, or only counts it once the list
    /// holds `--max-per-rule` findings: rules that can find one problem per
    /// round entry or team member use this, so memory does not grow with
    /// the input.
    pub(crate) fn emit(&self, out: &mut Vec<crate::diag::Diagnostic>, d: crate::diag::Diagnostic) {
        let max = self.opts.max_per_rule;
        if max == 0 || out.len() < max {
            out.push(d);
        } else {
            self.overflow.count([&d]);
        }
    }

    /// `played[r - 1]`: some player has a game or forfeit result in round `r`,
    /// from the games table's kinds by round.
    pub(crate) fn played_rounds(&self) -> Vec<bool> {
        self.games
            .round_kinds()
            .iter()
            .map(|k| k.intersects(crate::model::games::Kind::GAME_OR_FORFEIT))
            .collect()
    }

    /// Whether a finding added to `out` now would be kept (the list holds
    /// fewer than `--max-per-rule`), not only counted.
    pub(crate) fn keeps(&self, out: &[crate::diag::Diagnostic]) -> bool {
        let max = self.opts.max_per_rule;
        max == 0 || out.len() < max
    }

    /// [`Ctx::emit`] for a finding with `rule`'s own severity and
    /// consequence, built by `make` only when it is kept: past the limit it
    /// is counted without being formatted, so a report with a million
    /// findings of one rule costs a count each, not a message each.
    pub(crate) fn emit_with(
        &self,
        out: &mut Vec<crate::diag::Diagnostic>,
        rule: &'static super::Rule,
        make: impl FnOnce() -> crate::diag::Diagnostic,
    ) {
        if self.keeps(out) {
            out.push(make());
        } else {
            self.count_one(rule, rule.meta.severity, rule.meta.consequence);
        }
    }

    /// Counts one finding of `rule` over the limit, with this severity and
    /// consequence, without building it.
    pub(crate) fn count_one(
        &self,
        rule: &'static super::Rule,
        severity: crate::diag::Severity,
        consequence: crate::diag::Consequence,
    ) {
        self.overflow
            .count_one(rule.meta.name, rule.meta.code, severity, consequence);
    }

    /// The players whose starting rank could be read: rules about pairings
    /// skip the others, whose lines already carry an `invalid-field` error
    /// and whose opponents cannot name them.
    pub(crate) fn ranked_players(&self) -> impl Iterator<Item = &'a Player> + 'a {
        self.tournament
            .players
            .iter()
            .filter(|p| p.start_rank.value != 0)
    }

    /// The player with starting rank `rank`.
    pub(crate) fn player(&self, rank: u16) -> Option<&'a Player> {
        self.tournament.players.get(self.games.index_of(rank)?)
    }

    /// The player whose entry a row of the games table is.
    pub(crate) fn player_of(&self, g: &Game) -> &'a Player {
        &self.tournament.players[g.player as usize]
    }

    /// The round entry (with its span) a row of the games table is.
    pub(crate) fn block(&self, g: &Game) -> Spanned<RoundEntry> {
        self.player_of(g)
            .rounds
            .get(usize::from(g.round) - 1)
            .unwrap_or_default()
    }

    /// The entry of player `rank` in round `round` (1-based), if written.
    pub(crate) fn entry(&self, rank: u16, round: usize) -> Option<Spanned<RoundEntry>> {
        self.player(rank)?.rounds.get(round.checked_sub(1)?)
    }

    /// A span for findings about the whole file: the first record code.
    pub(crate) fn file_span(&self) -> Span {
        let first = self
            .tournament
            .lines
            .iter()
            .find(|l| l.code.is_some())
            .or(self.tournament.lines.first());
        first
            .map(|l| {
                Span::new(
                    l.span.start as usize,
                    (l.span.start + 3).min(l.span.end) as usize,
                )
            })
            .unwrap_or_default()
    }

    /// The span of `field` on a player's `001` line; an empty span at the
    /// end of the line when the line stops before the field.
    pub(crate) fn player_field(&self, p: &Player, field: &crate::read::columns::Field) -> Span {
        crate::source::lines::Columns::new(self.slice(p.span), p.span.start as usize)
            .field(field.from, field.to)
            .1
    }

    /// The span of the end date: `052`, else the last dated `132` round.
    pub(crate) fn end_span(&self) -> Option<Span> {
        let h = &self.tournament.header;
        h.end_date
            .as_ref()
            .filter(|d| d.value.date.is_some())
            .map(|d| d.span)
            .or_else(|| {
                h.round_dates
                    .iter()
                    .rev()
                    .find(|d| d.value.as_ref().is_some_and(|f| f.date.is_some()))
                    .map(|d| d.span)
            })
    }

    /// The span of the date the start was taken from (`042`, else the first
    /// `132` date).
    pub(crate) fn start_span(&self) -> Option<Span> {
        let h = &self.tournament.header;
        h.start_date
            .as_ref()
            .filter(|d| d.value.date.is_some())
            .map(|d| d.span)
            .or_else(|| {
                h.round_dates
                    .iter()
                    .find(|d| d.value.as_ref().is_some_and(|f| f.date.is_some()))
                    .map(|d| d.span)
            })
    }

    /// The source text of a span.
    pub(crate) fn slice(&self, span: Span) -> &'a str {
        self.text.get(span.range()).unwrap_or("")
    }
}
