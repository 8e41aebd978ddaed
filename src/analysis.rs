//! One analysis of a report, made once: the edition of the FIDE Rating
//! Regulations in force, the tournament type, the time control and the
//! rating list it puts the event on, the games table, the ratings FIDE
//! counts with, and which games FIDE rates ([`Eligibility`]). The check's
//! rules, the rating pass, the rating period, the norms and the HTML
//! report read these decisions from here instead of making them again.

use crate::diag::Verdict;
use crate::eligibility::{Eligibility, PlayerGames, TimeControlInfo};
use crate::model::timecontrol::TimeControl;
use crate::model::tournament_type::{self, TypeDecision};
use crate::model::{Games, Player, Tournament};
use crate::options::Options;
use crate::read::Parsed;
use crate::regulations::rating_type::{
    self as rt, classify as classify_t60, FastClassic, GameInput, GameTally,
};
use crate::regulations::{
    BandScope, Basis, Classification, RapidBlitz, RatingType, Regulations, Version,
};
use chrono::NaiveDate;

/// What is decided once about one report under one set of [`Options`]:
/// made by [`Analysis::new`], read by [`Analysis::check`], [`Analysis::norms`],
/// [`Analysis::rate`] and [`Analysis::rate_unchecked`] (and by
/// [`crate::check()`], [`crate::rate_checked`] and [`crate::rate()`], which
/// make one).
///
/// ```
/// use trfkit::{Analysis, Options, RateOptions};
/// let text = "\
/// 012 Club match
/// 042 2024/05/04
/// 001    1 m    Doe, John                         1850 ENG     1234567 1990/01/01  1.0    1     2 w 1
/// 001    2 m    Roe, Richard                      1700 ENG     2345678 1992/05/03  0.0    2     1 b 0
/// ";
/// let parsed = trfkit::parse_str(text);
/// let options = Options::default();
/// let analysis = Analysis::new(&parsed, &options);
/// assert_eq!(analysis.regulations().id(), "2024");
/// assert_eq!(analysis.eligibility().rated_games(), 1);
/// assert!(!analysis.event_stopped());
/// let rated = analysis.rate(&RateOptions::default());
/// assert_eq!(rated.report.rated_games, rated.summary.tournament.rated_games);
/// ```
#[derive(Debug)]
pub struct Analysis<'a> {
    /// The model.
    pub(crate) tournament: &'a Tournament,
    /// The report read, when the analysis was made from one (its reader
    /// findings enter the check).
    pub(crate) parsed: Option<&'a Parsed>,
    /// The decoded source text (spans point into it).
    pub(crate) text: &'a str,
    /// Options.
    pub(crate) opts: &'a Options,
    /// The regulations applied.
    pub(crate) regs: &'static Regulations,
    /// How they were chosen.
    pub(crate) regs_choice: Basis,
    /// The start date used to choose them (and by dated amendments).
    pub(crate) start: Option<NaiveDate>,
    /// The tournament type.
    pub(crate) tournament_type: TypeDecision,
    /// The time control.
    pub(crate) time_control: TimeControlInfo,
    /// The rating list the time control puts the event on (`None` inside
    /// when the control is unknown or too fast for any list).
    pub(crate) rating_type: Classification,
    /// The games over the board counted by the list each goes to.
    pub(crate) games_by_list: GameTally,
    /// The rapid and blitz chapter in force, for a rapid or blitz event.
    pub(crate) rapid_blitz: Option<&'static RapidBlitz>,
    /// The fast-classic window the user's QC approval applies in, when
    /// `--qc-approved-fast-classic` is given and the start date falls in one.
    pub(crate) fast_classic: Option<&'static FastClassic>,
    /// Every round entry with both sides resolved, built once: the rules
    /// and the rating pass read the pairings from it.
    pub(crate) games: Games,
    /// Per player, the rating FIDE counts with: the report's, or in a
    /// rapid or blitz event the standard rating of the list
    /// ([`Analysis::standard_seed`]).
    pub(crate) ratings: Vec<Option<u16>>,
    /// Which games FIDE rates, decided once ([`Analysis::eligibility`]).
    eligibility: std::sync::OnceLock<Eligibility>,
    /// The games over the board of every unrated player, counted once
    /// for the rules about unrated players ([`Analysis::rated_games_of`]).
    rated_games: std::sync::OnceLock<Vec<PlayerGames>>,
    /// Per player, the record the rating list given holds of the player's
    /// FIDE ID, decoded once for every rule that reads it
    /// ([`Analysis::list_record`]): the lookup keeps its records packed.
    list_records: std::sync::OnceLock<Vec<Option<crate::ratinglist::ListRecord>>>,
}

impl<'a> Analysis<'a> {
    /// Analyses a report read under `options`: one pass over the players
    /// and one read of the time control; which games FIDE rates is decided
    /// on first use.
    pub fn new(parsed: &'a Parsed, options: &'a Options) -> Self {
        let mut a = Analysis::of(&parsed.tournament, &parsed.text, options);
        a.parsed = Some(parsed);
        a
    }

    /// The edition of the rating regulations applied.
    pub fn regulations(&self) -> Version {
        self.regs.version
    }

    /// How that edition was chosen: given, by the start date, by the
    /// first round's date, or assumed.
    pub fn regulations_basis(&self) -> Basis {
        self.regs_choice
    }

    /// The start date the edition (and its dated amendments) were chosen
    /// by, when the report gives one.
    pub fn start(&self) -> Option<NaiveDate> {
        self.start
    }

    /// The tournament type, and why.
    pub fn tournament_type(&self) -> &TypeDecision {
        &self.tournament_type
    }

    /// The rating list the event goes to (`--rating-type` when given, else
    /// by its time control); `None` when no list can be decided.
    pub fn rating_type(&self) -> Option<RatingType> {
        self.rating_type.rating_type
    }

    /// The options the analysis was made under.
    pub fn options(&self) -> &'a Options {
        self.opts
    }

    /// Whether the regulations stop the whole event: some game is left out
    /// with the consequence that FIDE does not rate the event (a match
    /// with an unrated player, every game below the rate of play, …).
    /// The one place this is decided from the games; [`Analysis::stopped`]
    /// adds the check's verdict.
    pub fn event_stopped(&self) -> bool {
        self.eligibility().stops_event()
    }

    /// Whether FIDE will not rate the event: the check's verdict (when it
    /// ran) is `not-rateable`, or the regulations stop the event
    /// ([`Analysis::event_stopped`]).
    pub fn stopped(&self, verdict: Option<Verdict>) -> bool {
        verdict == Some(Verdict::NotRateable) || self.event_stopped()
    }

    /// The analysis of a model without its source text or reader findings
    /// ([`crate::rate()`]'s, and the unit tests'): what is decided is the
    /// same, but rules that read the text find it empty, so only the
    /// rating pass runs on it. One pass over the players, one time-control
    /// read.
    pub(crate) fn of(tournament: &'a Tournament, text: &'a str, opts: &'a Options) -> Self {
        let (choice, on, games, class) = classified(tournament, opts);
        let EventClass {
            time_control,
            rating_type,
            games_by_list,
            fast_classic,
        } = class;
        let rapid_blitz = match rating_type.rating_type {
            Some(RatingType::Rapid | RatingType::Blitz) => RapidBlitz::at(on),
            _ => None,
        };
        let mut ctx = Analysis {
            tournament,
            parsed: None,
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
            ratings: Vec::new(),
            eligibility: Default::default(),
            rated_games: Default::default(),
            list_records: Default::default(),
        };
        ctx.ratings = tournament
            .players
            .iter()
            .map(|p| p.rating.map(|r| r.value).or_else(|| ctx.standard_seed(p)))
            .collect();
        ctx
    }

    /// The facts the eligibility of the games depends on, as this analysis
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
    /// rules word findings from it, the rating pass, `check`'s
    /// `rated_games` and the HTML crosstable read it.
    pub fn eligibility(&self) -> &crate::eligibility::Eligibility {
        self.eligibility
            .get_or_init(|| crate::eligibility::Eligibility::decide(&self.event()))
    }

    /// The eligibility decisions, moved out of an analysis that is done
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
    pub fn classification(&self) -> Classification {
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

    /// The record the rating list given (`--rating-list`) holds of player
    /// `i`'s FIDE ID; `None` without a list, an ID or a record.
    pub(crate) fn list_record(&self, i: usize) -> Option<&crate::ratinglist::ListRecord> {
        let list = self.opts.rating_list.as_deref()?;
        let records = self.list_records.get_or_init(|| {
            self.tournament
                .players
                .iter()
                .map(|p| list.get(p.fide_id?.value))
                .collect()
        });
        records.get(i)?.as_ref()
    }

    /// Player `i`'s (index in `players`) games FIDE rates, against rated
    /// opponents and in all, from the eligibility: kept once per report for
    /// the unrated players, whom several rules ask about.
    pub(crate) fn rated_games_of(&self, i: usize) -> crate::eligibility::PlayerGames {
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

    /// The citation for a topic under the regulations applied, e.g.
    /// "FIDE Rating Regulations effective 1 March 2024, art. 1.4".
    pub fn cite(&self, topic: crate::regulations::Topic) -> String {
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

/// The regulations chosen for `tournament` under `opts`, the day they are
/// chosen on, its games table and its class: the start of every analysis.
fn classified(
    tournament: &Tournament,
    opts: &Options,
) -> (crate::regulations::Choice, NaiveDate, Games, EventClass) {
    let choice = Regulations::choose(
        opts.regulations,
        tournament.declared_start(),
        tournament.first_round_date(),
    );
    let on = choice.start.unwrap_or(choice.regulations.effective_from);
    let games = Games::new(tournament);
    let class = classify_event(
        tournament,
        &games,
        choice.regulations,
        on,
        opts.rating_type,
        opts.qc_fast_classic,
    );
    (choice, on, games, class)
}

/// The rating list `tournament`'s event goes to under `opts`, as its
/// analysis decides it ([`Analysis::rating_type`]), without the rest of the
/// analysis: what the first pass over a month needs for the keys of the
/// search across reports.
pub(crate) fn rating_type_of(tournament: &Tournament, opts: &Options) -> Option<RatingType> {
    classified(tournament, opts).3.rating_type.rating_type
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
