//! What every rule sees: the model, the source text, the options, the
//! regulations in force, and what is computed once (indexes, the tournament
//! type, the time control) so no rule recomputes or rescans anything.

use crate::model::timecontrol::TimeControl;
use crate::model::tournament_type::{self, TypeDecision};
use crate::model::{Game, Games, Player, RoundEntry, Tournament};
use crate::regulations::rating_type::{
    self as rt, classify as classify_t60, FastClassic, GameInput, GameTally,
};
use crate::regulations::{BandScope, Classification, RapidBlitz, RatingType, Regulations};
use crate::source::span::{Span, Spanned};
use chrono::NaiveDate;

pub(crate) use crate::eligibility::TimeControlInfo;
pub(crate) use crate::options::Options;

/// The options of `trf check`, under their first name: the one options
/// type of check, rate, report and serve ([`Options`]).
pub(crate) type CheckOptions = Options;

/// The context of one check.
#[derive(Debug)]
pub(crate) struct Ctx<'a> {
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
    pub tournament_type: TypeDecision,
    /// The time control.
    pub time_control: TimeControlInfo,
    /// The rating list the time control puts the event on (`None` inside
    /// when the control is unknown or too fast for any list).
    pub rating_type: Classification,
    /// The games over the board counted by the list each goes to.
    pub games_by_list: GameTally,
    /// The rapid and blitz chapter in force, for a rapid or blitz event.
    pub rapid_blitz: Option<&'static RapidBlitz>,
    /// The fast-classic window the user's QC approval applies in, when
    /// `--qc-approved-fast-classic` is given and the start date falls in one.
    pub fast_classic: Option<&'static FastClassic>,
    /// Every round entry with both sides resolved, built once: the rules
    /// and the rating pass read the pairings from it.
    pub games: Games,
    /// Findings over `--max-per-rule`, counted instead of kept.
    pub overflow: crate::diag::overflow::Overflow,
    /// Per player, the rating FIDE counts with: the report's, or in a
    /// rapid or blitz event the standard rating of the list
    /// ([`Ctx::standard_seed`]).
    pub ratings: Vec<Option<u16>>,
    /// Which games FIDE rates, decided once ([`Ctx::eligibility`]).
    eligibility: std::sync::OnceLock<crate::eligibility::Eligibility>,
    /// The games over the board of every unrated player, counted once
    /// for the rules about unrated players ([`Ctx::rated_games`]).
    rated_games: std::sync::OnceLock<Vec<crate::eligibility::PlayerGames>>,
}

impl<'a> Ctx<'a> {
    /// Builds the context (one pass over the players, one time-control read).
    pub(crate) fn new(tournament: &'a Tournament, text: &'a str, opts: &'a CheckOptions) -> Self {
        let choice = Regulations::choose(
            opts.regulations,
            tournament.declared_start(),
            tournament.first_round_date(),
        );
        let on = choice.start.unwrap_or(choice.regulations.effective_from);
        let games = Games::new(tournament);
        let EventClass {
            time_control,
            rating_type,
            games_by_list,
            fast_classic,
        } = classify_event(
            tournament,
            &games,
            choice.regulations,
            on,
            opts.rating_type,
            opts.qc_fast_classic,
        );
        let rapid_blitz = match rating_type.rating_type {
            Some(RatingType::Rapid | RatingType::Blitz) => RapidBlitz::at(on),
            _ => None,
        };
        let mut ctx = Ctx {
            tournament,
            text,
            opts,
            regs: choice.regulations,
            regs_choice: choice.basis,
            start: choice.start,
            tournament_type: tournament_type::detect(tournament, games.rank_index()),
            time_control,
            rating_type,
            games_by_list,
            rapid_blitz,
            fast_classic,
            games,
            overflow: Default::default(),
            ratings: Vec::new(),
            eligibility: Default::default(),
            rated_games: Default::default(),
        };
        ctx.ratings = tournament
            .players
            .iter()
            .map(|p| p.rating.map(|r| r.value).or_else(|| ctx.standard_seed(p)))
            .collect();
        ctx
    }

    /// The facts the eligibility of the games depends on, as this context
    /// decided them.
    pub(crate) fn event(&self) -> crate::eligibility::Event<'_> {
        crate::eligibility::Event {
            tournament: self.tournament,
            games: &self.games,
            opts: self.opts,
            regs: self.regs,
            start: self.start,
            tournament_type: &self.tournament_type,
            time_control: &self.time_control,
            rating_type: self.rating_type.rating_type,
            rapid_blitz: self.rapid_blitz,
            fast_classic: self.fast_classic,
            ratings: &self.ratings,
        }
    }

    /// Which games FIDE rates and why not, decided once per report: the
    /// rules word findings from it, the rating pass reads it.
    pub(crate) fn eligibility(&self) -> &crate::eligibility::Eligibility {
        self.eligibility
            .get_or_init(|| crate::eligibility::Eligibility::decide(&self.event()))
    }

    /// The eligibility decisions, moved out of a context that is done
    /// with (decided first if no rule asked for them).
    pub(crate) fn into_eligibility(mut self) -> crate::eligibility::Eligibility {
        self.eligibility();
        self.eligibility.take().unwrap_or_default()
    }

    /// The event's list as every output states it (the check's header and
    /// JSON `rating_type_reason`, the HTML report, the rating summary): the
    /// time control's classification, with the games the eligibility leaves
    /// out below the minimum rate of play of their band, so that no header
    /// says a control meets the band while a finding says it does not.
    ///
    /// The classification alone counts a delay like an increment (its time
    /// for 60 moves is an upper bound); the eligibility leaves out the
    /// games that reach their band only by that reading (`time-control-below-minimum`).
    /// When the two count the same games, the classification stands as it is.
    pub(crate) fn classification(&self) -> Classification {
        let mut c = self.rating_type.clone();
        let mut n: u32 = 0;
        let mut worst: Option<(u32, u32, bool, bool)> = None;
        for e in &self.eligibility().excluded {
            if let crate::eligibility::Ruled::BelowRateOfPlay {
                t60_seconds,
                required_minutes,
                delay_not_counted,
                ..
            } = e.reason
            {
                n += 1;
                let stops = e.consequence == crate::diag::Consequence::EventNotRated;
                let (t, need, delay, stop) =
                    worst.unwrap_or((t60_seconds, 0, delay_not_counted, stops));
                worst = Some((
                    t.min(t60_seconds),
                    need.max(required_minutes),
                    delay || delay_not_counted,
                    stop || stops,
                ));
            }
        }
        let Some((t60, need, delay, stops)) = worst else {
            // Games below their band that the eligibility rates anyway:
            // the user disabled the rule that leaves them out.
            let tally = &self.games_by_list;
            if tally.between > 0 {
                let rated_anyway =
                    "counted as rated here because time-control-below-minimum is disabled";
                c.reason
                    .push_str(&format!("; those games are {rated_anyway}"));
                if let (Some(RatingType::Standard), TimeControlInfo::Read { control, .. }) =
                    (c.rating_type, &self.time_control)
                {
                    let (w, b) = control.t60_seconds_by_side();
                    c.heading = format!(
                        "Standard ({} for 60 moves; {} of {} games below their band, {rated_anyway})",
                        rt::minutes_text(w.min(b)),
                        tally.between,
                        tally.games
                    );
                }
            }
            return c;
        };
        if n == self.games_by_list.between && !delay {
            return c;
        }
        let games = self
            .games
            .rows()
            .iter()
            .filter(|g| g.is_rated_result() && g.opponent_rank().is_some_and(|o| o > g.rank))
            .count();
        let counted = if delay {
            let full = match &self.time_control {
                TimeControlInfo::Read { control, .. } => {
                    let (w, b) = control.t60_seconds_by_side();
                    w.min(b)
                }
                _ => t60,
            };
            format!(
                "{} for 60 moves with the delay counted like an increment, {} without it",
                rt::minutes_text(full),
                rt::minutes_text(t60)
            )
        } else {
            format!("{} for 60 moves", rt::minutes_text(t60))
        };
        let prefix = match self.opts.rating_type {
            Some(t) => format!("{t}, as given with --rating-type; the time control gives "),
            None => String::new(),
        };
        c.reason = if stops {
            format!(
                "{prefix}{counted}: below the {need} min of the standard band its players set, and FIDE does not rate the event"
            )
        } else {
            format!(
                "{prefix}{counted}: {n} of {games} games are below the {need} min of the standard band their players set and are not rated"
            )
        };
        if c.rating_type == Some(RatingType::Standard) {
            c.heading = if stops {
                format!("Standard ({counted}: below the {need} min band, event not rated)")
            } else {
                format!("Standard ({counted}; {n} of {games} games below their band, not rated)")
            };
        }
        c
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

    /// Player `i`'s (index in `players`) games FIDE rates, against rated
    /// opponents and in all, from the eligibility: kept once per report for
    /// the unrated players, whom several rules ask about.
    pub(crate) fn rated_games(&self, i: usize) -> crate::eligibility::PlayerGames {
        let players = &self.tournament.players;
        if players.get(i).is_some_and(|p| p.rating.is_none()) {
            let all = self.rated_games.get_or_init(|| {
                self.eligibility()
                    .players_games(self.tournament, &self.games, |p| p.rating.is_none())
            });
            if let Some(g) = all.get(i) {
                return *g;
            }
        }
        self.eligibility()
            .player_games(self.tournament, &self.games, i)
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

    /// Whether the event is judged by the standard rules: its time control
    /// puts it on the standard list, or on no list at all (then the
    /// standard minimum is what it misses). A rapid or blitz event is never
    /// judged by the standard chapter.
    pub(crate) fn standard_rules(&self) -> bool {
        !matches!(
            self.rating_type.rating_type,
            Some(RatingType::Rapid | RatingType::Blitz)
        )
    }

    /// The standard rating a player the report leaves unrated is rated
    /// with in a rapid or blitz event (R&B 2024 art. 7.2.1): the list given
    /// with `--rating-list` shows no rating of the event's list but a
    /// standard one. Such a player "is considered to be rated": rules about
    /// unrated players should pass him by.
    pub(crate) fn standard_seed(&self, p: &Player) -> Option<u16> {
        self.rapid_blitz.filter(|rb| rb.standard_seed.value)?;
        if p.rating.is_some() {
            return None;
        }
        let kind = match self.rating_type.rating_type? {
            RatingType::Standard => return None,
            fast => fast,
        };
        let record = self.opts.rating_list.as_deref()?.get(p.fide_id?.value)?;
        match record.entry(kind) {
            Some(_) => None,
            None => record.standard.map(|e| e.rating),
        }
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

    /// The citation for a topic under the regulations applied, e.g.
    /// "FIDE Rating Regulations effective 1 March 2024, art. 1.4".
    pub(crate) fn cite(&self, topic: crate::regulations::Topic) -> String {
        self.regs.reference(topic)
    }
}

/// What the time control makes of an event: read once for the check and
/// the rating pass.
#[derive(Debug, Clone)]
pub(crate) struct EventClass {
    /// The time control as read.
    pub time_control: TimeControlInfo,
    /// The event's list, why, and the header words.
    pub rating_type: Classification,
    /// The games over the board by the list each goes to.
    pub games_by_list: GameTally,
    /// The fast-classic window the user's QC approval applies in.
    pub fast_classic: Option<&'static FastClassic>,
}

/// Classifies an event that started on `on` under `regs`: the list by the
/// shorter side's time for 60 moves, refined game by game (a game below
/// its standard band and too slow for rapid is on no list), then the
/// user's `--rating-type` (stated in the reason and the header), then the
/// fast-classic approval the user states.
pub(crate) fn classify_event(
    tournament: &Tournament,
    games: &Games,
    regs: &Regulations,
    on: NaiveDate,
    over: Option<RatingType>,
    qc_fast_classic: bool,
) -> EventClass {
    let fast_classic = qc_fast_classic.then(|| rt::fast_classic_at(on)).flatten();
    // A `122` text with several readings is read when every reading puts
    // the games on the same list and band (each game's standard band from
    // its players' ratings, as `tally` counts them).
    let time_control = TimeControlInfo::judged(tournament, |c| {
        let (w, b) = c.t60_seconds_by_side();
        let mut class = classify_t60(w.min(b), on);
        let games_by_list = tally(tournament, games, c, regs, on, fast_classic);
        games_by_list.refine(&mut class, on, w.min(b));
        let words = match class.rating_type {
            Some(RatingType::Standard) if games_by_list.between > 0 => format!(
                "the standard list, but {} of {} games below their band, on no list",
                games_by_list.between, games_by_list.games
            ),
            Some(RatingType::Standard) if games_by_list.by_qc_approval > 0 => format!(
                "the standard list, {} of {} games by the QC approval you state",
                games_by_list.by_qc_approval, games_by_list.games
            ),
            Some(RatingType::Standard) => "the standard list, every game in its band".to_owned(),
            Some(t) => format!("the {t} list"),
            None => "no rating list".to_owned(),
        };
        let key = (
            class.rating_type,
            games_by_list.between,
            games_by_list.by_qc_approval,
        );
        (key, words)
    });
    let mut rating_type = classify(&time_control, on);
    let games_by_list = match &time_control {
        TimeControlInfo::Read { control, .. } => {
            tally(tournament, games, control, regs, on, fast_classic)
        }
        _ => GameTally::default(),
    };
    if let TimeControlInfo::Read { control, .. } = &time_control {
        let (w, b) = control.t60_seconds_by_side();
        games_by_list.refine(&mut rating_type, on, w.min(b));
    }
    if let TimeControlInfo::Read { control, .. } = &time_control {
        if control.has_delay()
            && matches!(
                rating_type.rating_type,
                Some(RatingType::Rapid | RatingType::Blitz)
            )
        {
            // rapid-blitz §4: the 2012 framework counted a delay, the 2024
            // chapter names only increments.
            rating_type.reason.push_str(
                "; the delay is counted like an increment: FIDE has not published how a delay counts in rapid and blitz, and trfkit assumes so",
            );
            rating_type.unconfirmed = true;
        }
    }
    if let TimeControlInfo::Read {
        control,
        record,
        reading: Some(_),
        ..
    } = &time_control
    {
        rating_type.reason.push_str(&format!(
            "; `{record}` `{}` read as {}, as every other reading gives the same list and band",
            control.raw,
            control.describe()
        ));
    }
    if let Some(t) = over {
        rating_type.reason = format!(
            "{t}, as given with --rating-type (the time control says: {})",
            rating_type.reason
        );
        rating_type.rating_type = Some(t);
    }
    if let (Some(t), TimeControlInfo::Read { control, .. }) =
        (rating_type.rating_type, &time_control)
    {
        let (w, b) = control.t60_seconds_by_side();
        let words = rt::heading(t, &control_words(control), w.min(b));
        let given = over.map_or("", |_| ", given with --rating-type");
        let off_list = games_by_list.between;
        rating_type.heading = match t {
            RatingType::Standard if off_list > 0 => format!(
                "Standard ({} for 60 moves{given}; {off_list} of {} games on no list)",
                rt::minutes_text(w.min(b)),
                games_by_list.games
            ),
            RatingType::Standard if games_by_list.by_qc_approval > 0 => format!(
                "Standard ({} for 60 moves{given}; {} of {} games by the QC approval you state)",
                rt::minutes_text(w.min(b)),
                games_by_list.by_qc_approval,
                games_by_list.games
            ),
            RatingType::Standard if given.is_empty() => String::new(),
            _ => format!("{}{given})", words.trim_end_matches(')')),
        };
    }
    EventClass {
        time_control,
        rating_type,
        games_by_list,
        fast_classic,
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
            by_time_control: None,
            heading: String::new(),
        },
        TimeControlInfo::Unreadable { record, .. } => Classification {
            rating_type: None,
            reason: format!(
                "the time control in `{record}` cannot be read: the rating list cannot be decided"
            ),
            unconfirmed: false,
            by_time_control: None,
            heading: String::new(),
        },
    }
}

/// `15 min + 10 s` for a one-period control, else the canonical
/// description.
fn control_words(tc: &TimeControl) -> String {
    let one = |ps: &[crate::model::timecontrol::Period]| match ps {
        [p] if p.moves.is_none() && tc.delay.is_none() => {
            Some(rt::short_control(p.base_seconds, p.increment_seconds))
        }
        _ => None,
    };
    match (&tc.black_periods, one(&tc.periods)) {
        (None, Some(w)) => w,
        (Some(b), Some(w)) => match one(b) {
            Some(b) => format!("White {w}, Black {b}"),
            None => tc.describe(),
        },
        _ => tc.describe(),
    }
}

/// The games over the board counted by the list each goes to, each
/// pairing once (from the lower starting rank): one pass.
fn tally(
    t: &Tournament,
    games: &Games,
    tc: &TimeControl,
    regs: &Regulations,
    on: NaiveDate,
    fast_classic: Option<&FastClassic>,
) -> GameTally {
    let rating = |p: &Player| p.rating.map(|r| r.value);
    let rate_of_play = &regs.rate_of_play;
    let top = t.players.iter().filter_map(rating).max();
    let (white_t60, black_t60) = tc.t60_seconds_by_side();
    let mut out = GameTally::default();
    // The tally only tells something when a game can be on no list (at
    // least 60 min, below its band) or standard by a QC approval: a control
    // that meets the highest band, or one below 60 min (rapid or blitz for
    // every game), needs no pass over the games.
    let t60 = white_t60.min(black_t60);
    let highest = rate_of_play.minimum_minutes(Some(u16::MAX)) * 60;
    if white_t60 == black_t60 && (t60 >= highest || t60 < rt::STANDARD_MINIMUM_SECONDS) {
        return out;
    }
    // Each pairing once, from the lower starting rank.
    for g in games.rows() {
        if !g.is_rated_result() || g.opponent_rank().is_none_or(|o| o <= g.rank) {
            continue;
        }
        let (p, opp) = (
            &t.players[g.player as usize],
            &t.players[g.opponent as usize],
        );
        let band = match rate_of_play.scope {
            BandScope::Game => rating(p).max(rating(opp)),
            BandScope::Tournament => top,
        };
        let g = GameInput {
            white_t60,
            black_t60,
            standard_minimum_minutes: rate_of_play.minimum_minutes(band),
        };
        out.add(rt::classify_game(g, on, fast_classic));
    }
    out
}
