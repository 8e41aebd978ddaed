//! What every rule sees: the model, the source text, the options, the
//! regulations in force, and what is computed once (indexes, the tournament
//! type, the time control) so no rule recomputes or rescans anything.

use crate::kind::{self, KindDecision};
use crate::model::{Player, RoundEntry, Tournament};
use crate::regulations::rating_type::classify as classify_t60;
use crate::regulations::{Classification, RatingType, Regulations, Version};
use crate::span::{Span, Spanned};
use crate::timecontrol::{self, TimeControl, TimeControlError};
use chrono::NaiveDate;

/// Options of `trf check` that rules read.
#[derive(Debug, Clone)]
pub struct CheckOptions {
    /// Rules (names or codes) not to run.
    pub disabled: Vec<String>,
    /// Apply this edition instead of the one in force at the start date.
    pub regulations: Option<Version>,
    /// The date the tournament was registered with FIDE (the file does not
    /// say); without it the registration rule reports that it was not checked.
    pub registered_on: Option<NaiveDate>,
    /// The event is a national championship (round-robin composition
    /// exception of the 2003–2013 texts).
    pub national_championship: bool,
    /// Findings kept per rule and file (0 = all); the rest are counted in one
    /// advice.
    pub max_per_rule: usize,
    /// The official rating list to cross-check players against
    /// (`--rating-list`), reduced to the reports' FIDE IDs and shared
    /// between reports; the rating-list rules run only when it is set.
    pub rating_list: Option<std::sync::Arc<crate::rules::list::ListLookup>>,
    /// The event is a hybrid event the QC Chair approved individually
    /// (`--hybrid-approved`): `online-event` then informs instead of
    /// refusing the event.
    pub hybrid_approved: bool,
}

impl Default for CheckOptions {
    fn default() -> Self {
        CheckOptions {
            disabled: Vec::new(),
            regulations: None,
            registered_on: None,
            national_championship: false,
            max_per_rule: 200,
            rating_list: None,
            hybrid_approved: false,
        }
    }
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

/// The time control of the report, from `222` (exact) or else `122`.
#[derive(Debug, Clone)]
pub enum TimeControlInfo {
    /// Neither record is present.
    Absent,
    /// Read.
    Read {
        /// The reading.
        control: TimeControl,
        /// The record it came from (`222` or `122`) and its span.
        record: &'static str,
        /// Where.
        span: Span,
    },
    /// Present but unreadable.
    Unreadable {
        /// Why.
        error: TimeControlError,
        /// The record (`222` or `122`).
        record: &'static str,
        /// Where.
        span: Span,
    },
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
    /// The regulations applied.
    pub regs: &'static Regulations,
    /// How they were chosen.
    pub regs_choice: crate::regulations::Basis,
    /// The start date used to choose them (and by dated amendments).
    pub start: Option<NaiveDate>,
    /// The tournament type.
    pub kind: KindDecision,
    /// The time control.
    pub time_control: TimeControlInfo,
    /// The rating list the time control puts the event on (`None` inside
    /// when the control is unknown or too fast for any list).
    pub rating_type: Classification,
    /// `index[rank]` = position in `players` of the first player with that
    /// starting rank, `u32::MAX` when none.
    index: Vec<u32>,
    /// Findings over `--max-per-rule`, counted instead of kept.
    pub overflow: super::overflow::Overflow,
}

impl<'a> Ctx<'a> {
    /// Builds the context (one pass over the players, one time-control read).
    pub fn new(tournament: &'a Tournament, text: &'a str, opts: &'a CheckOptions) -> Self {
        let choice = Regulations::choose(
            opts.regulations,
            tournament.declared_start(),
            tournament.first_round_date(),
        );
        let time_control = time_control(tournament);
        let on = choice.start.unwrap_or(choice.regulations.effective_from);
        let rating_type = classify(&time_control, on);
        Ctx {
            tournament,
            text,
            opts,
            regs: choice.regulations,
            regs_choice: choice.basis,
            start: choice.start,
            kind: kind::detect(tournament),
            time_control,
            rating_type,
            index: tournament.rank_index(),
            overflow: Default::default(),
        }
    }

    /// Adds a finding to a rule's list, or only counts it once the list
    /// holds `--max-per-rule` findings: rules that can find one problem per
    /// round entry or team member use this, so memory does not grow with
    /// the input.
    pub fn emit(&self, out: &mut Vec<crate::diag::Diagnostic>, d: crate::diag::Diagnostic) {
        let max = self.opts.max_per_rule;
        if max == 0 || out.len() < max {
            out.push(d);
        } else {
            self.overflow.count([&d]);
        }
    }

    /// Whether the event is judged by the standard rules: its time control
    /// puts it on the standard list, or on no list at all (then the
    /// standard minimum is what it misses). A rapid or blitz event is never
    /// judged by the standard chapter.
    pub fn standard_rules(&self) -> bool {
        !matches!(
            self.rating_type.rating_type,
            Some(RatingType::Rapid | RatingType::Blitz)
        )
    }

    /// The players whose starting rank could be read: rules about pairings
    /// skip the others, whose lines already carry an `invalid-field` error
    /// and whose opponents cannot name them.
    pub fn ranked_players(&self) -> impl Iterator<Item = &'a Player> + 'a {
        self.tournament
            .players
            .iter()
            .filter(|p| p.start_rank.value != 0)
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

    /// A span for findings about the whole file: the first record code.
    pub fn file_span(&self) -> Span {
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
    pub fn player_field(&self, p: &Player, field: &crate::grammar::Field) -> Span {
        crate::lines::Columns::new(self.slice(p.span), p.span.start as usize)
            .field(field.from, field.to)
            .1
    }

    /// The span of the end date: `052`, else the last dated `132` round.
    pub fn end_span(&self) -> Option<Span> {
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
    pub fn start_span(&self) -> Option<Span> {
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
    pub fn slice(&self, span: Span) -> &'a str {
        self.text.get(span.range()).unwrap_or("")
    }

    /// The citation for a topic under the regulations applied, e.g.
    /// "FIDE Rating Regulations effective 1 March 2024, art. 1.4".
    pub fn cite(&self, topic: crate::regulations::Topic) -> String {
        self.regs.reference(topic)
    }
}

/// The rating list of the event, from the shorter side's time for 60 moves.
fn classify(tc: &TimeControlInfo, on: NaiveDate) -> Classification {
    match tc {
        TimeControlInfo::Read { control, .. } => {
            let (w, b) = control.t60_seconds_by_side();
            classify_t60(w.min(b), on)
        }
        TimeControlInfo::Absent => Classification {
            rating_type: None,
            reason: "no time control (`122`/`222`): the rating list cannot be decided".to_owned(),
            unconfirmed: false,
        },
        TimeControlInfo::Unreadable { record, .. } => Classification {
            rating_type: None,
            reason: format!(
                "the time control in `{record}` cannot be read: the rating list cannot be decided"
            ),
            unconfirmed: false,
        },
    }
}

fn time_control(t: &Tournament) -> TimeControlInfo {
    if let Some(code) = &t.header.time_control_code {
        return match timecontrol::parse_encoded(&code.value) {
            Ok(e) => TimeControlInfo::Read {
                control: e.to_time_control(),
                record: "222",
                span: code.span,
            },
            Err(error) => TimeControlInfo::Unreadable {
                error,
                record: "222",
                span: code.span,
            },
        };
    }
    match &t.header.time_control {
        None => TimeControlInfo::Absent,
        Some(text) => match timecontrol::parse_free(&text.value) {
            Ok(control) => TimeControlInfo::Read {
                control,
                record: "122",
                span: text.span,
            },
            Err(error) => TimeControlInfo::Unreadable {
                error,
                record: "122",
                span: text.span,
            },
        },
    }
}
