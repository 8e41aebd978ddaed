//! The event's days: the rounds of record `132` grouped by calendar day,
//! for the rules on rounds per day and daily play.

use crate::rules::Ctx;
use crate::source::span::Span;
use chrono::NaiveDate;
use std::collections::BTreeMap;

/// The rounds of one calendar day, from record `132`.
#[derive(Debug, Clone)]
pub(crate) struct Day {
    /// The date.
    pub date: NaiveDate,
    /// Its rounds (1-based, ascending) and the span of each round's date.
    pub rounds: Vec<(usize, Span)>,
}

impl Day {
    /// The round numbers, e.g. `1, 2, 3`; runs of three or more as `1–4`.
    pub(crate) fn round_list(&self) -> String {
        let rounds: Vec<usize> = self.rounds.iter().map(|r| r.0).collect();
        let consecutive = rounds.windows(2).all(|w| w[1] == w[0] + 1);
        match (rounds.first(), rounds.last()) {
            (Some(a), Some(b)) if consecutive && rounds.len() >= 3 => format!("{a}–{b}"),
            _ => rounds
                .iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(", "),
        }
    }

    /// `round 3` or `rounds 1–4`.
    pub(crate) fn rounds_label(&self) -> String {
        match self.rounds.len() {
            1 => format!("round {}", self.round_list()),
            _ => format!("rounds {}", self.round_list()),
        }
    }

    /// The span of the first round's date.
    pub(crate) fn span(&self) -> Span {
        self.rounds.first().map(|r| r.1).unwrap_or_default()
    }
}

/// The dated rounds of `132`, grouped by calendar day, oldest day first.
/// Blank and unreadable dates are left out.
pub(crate) fn days(ctx: &Ctx<'_>) -> Vec<Day> {
    let mut by_day: BTreeMap<NaiveDate, Vec<(usize, Span)>> = BTreeMap::new();
    for (i, d) in ctx.tournament.header.round_dates.iter().enumerate() {
        if let Some(date) = d.value.as_ref().and_then(|f| f.date) {
            by_day.entry(date).or_default().push((i + 1, d.span));
        }
    }
    by_day
        .into_iter()
        .map(|(date, rounds)| Day { date, rounds })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_lists() {
        let day = |rounds: &[usize]| Day {
            date: NaiveDate::MIN,
            rounds: rounds.iter().map(|&r| (r, Span::default())).collect(),
        };
        assert_eq!(day(&[1, 2, 3, 4]).round_list(), "1–4");
        assert_eq!(day(&[1, 2]).round_list(), "1, 2");
        assert_eq!(day(&[1, 3, 4]).round_list(), "1, 3, 4");
    }
}
