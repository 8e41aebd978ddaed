//! The rating pass: what FIDE's calculation makes of a report, under the
//! regulations in force at the tournament's own start date.
//!
//! [`rate_checked`] ([`Analysis::rate`]) is `trf rate`: the checks of `trf check` first, then
//! the calculation on **what FIDE would rate** (the private `verdict`
//! module decides what may be shown): a `ready` report gets its figures;
//! `fix-before-upload` the same figures, which hold only once the report is
//! fixed; a `not-rateable` one its reasons and no changes, or with
//! [`RateOptions::what_if`] hypothetical figures, every one marked.
//! [`rate`] and [`rate_with`] ([`Analysis::rate_unchecked`]) are the
//! calculation without the other checks.
//!
//! * **Which games count.** Only `1 = 0` between two players of the file.
//!   Forfeits, one-move games (`W D L`), byes, pending and unknown results
//!   are never rated and are counted by kind ([`ExcludedGames`]). Games the
//!   regulations leave out (below the rate of play of their band, played
//!   after a match was decided, or of a match or Scheveningen with unrated
//!   players; the rapid and blitz 600-point rule and unequal times) are
//!   decided once per report by the eligibility stage
//!   ([`crate::eligibility`]), which the rules of `trf check` and its
//!   `rated_games` read too, and are listed per game with the article
//!   ([`ExcludedGame`]). A rated player's change uses the games against
//!   rated opponents (per game from 2005, the averaged method in 2003); in
//!   a complete round robin under the 2003–2014 texts the games against
//!   unrated players count too, at their computed Ru (docs/spec/regulations.md R23,
//!   §3.1).
//! * **K** comes from the caller's override, else the rating list, else is
//!   worked out from the rating, birth date and start date with every
//!   assumption stated; then K × n ≤ 700 where the edition has it.
//! * **Unrated players** get Ra and Ru by the edition's Swiss route (2024:
//!   two hypothetical 1800 draws, at most 2200) or, in a complete round
//!   robin of 2003–2014, by the tournament route; whether the result is
//!   published, kept for pooling or not counted is stated with the reason.
//!
//! Opponents count with the rating the report gives them (Ro). Nothing here
//! panics on a malformed report: what cannot be rated is said in notes.
//!
//! Readings this pass makes, each also stated in the summary's notes:
//!
//! * K × n ≤ 700 (R25) is applied with n = the player's rated games in this
//!   event; other events of the same rating period are not in the report.
//! * A round robin in which some pair did not play all its games over the
//!   board is rated as a Swiss, as the composition rule says such an event
//!   is reported (R14); the round-robin route needs the complete crosstable.
//! * 2003 averaged method in a round robin: Rc = (Ra(n + 1) − R)/n, with Ra
//!   from the unrated players' route or, when every player is rated, the
//!   tournament's average rating rounded half up (the text defines Ra only
//!   through the route; reading of docs/spec/regulations.md R22).
//! * A match with an unrated player is not rated where the edition says so
//!   (R12; unconfirmed (?) for 2009 and 2013–2017, see the regulations data).
//!   Under 2003/2005 (art. 6.4; 2009 (?)) neither is a Scheveningen with more
//!   than one unrated player. A Scheveningen is recognised when the pairings
//!   split the players into two sides of at least two, every pairing crosses
//!   the sides and every cross pair met, and the report says so too: exactly
//!   two teams (`013`/`310`) that are the sides, or a type (`092`/`192`)
//!   naming one (the pairings alone could be a small Swiss).
//! * Games played after one player has won a match are left out (R13) in
//!   every edition: 2003 "may not be rated" (Spanish "are not rated"), 2005
//!   "may be omitted", 2022/2024 unless waived on the organiser's prior
//!   request, which a TRF cannot show. The match's length is `142`/`XXR`,
//!   else the rounds in the report.
//! * In a round robin of the 2003–2014 route, n in Ra = Rar − dpa × n/(n + 1)
//!   and in Ru = Rc + dp × n/(n + 1) is the number of **opponents**, not
//!   games (2003/2005 art. 10.21, 10.25): in a double round robin half the
//!   games.
//! * The texts that ask three rated opponents of an unrated player (2003
//!   art. 6.42, 2009 art. 8.21) count opponents, not games: one met twice
//!   counts once. The 2005 text (art. 6.42) counts games: three games
//!   against one rated opponent, as in a match, qualify.
//! * Under the 2003 text a first performance below 1801 is ignored
//!   (discarded), not kept for pooling.
//! * An unrated player's result when the round-robin route cannot run is
//!   computed as in a Swiss, and the note names the player that stopped it
//!   by starting rank; notes never name a player by position in the file.
//! * Earlier results of unrated players are not in the report: every
//!   unrated player is treated as playing a first rated event (R16), and a
//!   result with too few games is "kept for pooling" (R27, R28).
//! * An event the time control (or `--rating-type`) puts on the rapid or
//!   blitz list is rated by the rapid and blitz chapter in force at its
//!   start (the private `rapid` module: its ratings, K, cap and 600-point
//!   rule), on the standard calculation's frame, which that chapter copies.
//!
//! ```
//! use trfkit::{rate, RateOptions};
//! let text = "\
//! 012 Club match
//! 042 2024/05/04
//! 001    1 m    Doe, John                         1850 ENG     1234567 1990/01/01  1.0    1     2 w 1
//! 001    2 m    Roe, Richard                      1700 ENG     2345678 1992/05/03  0.0    2     1 b 0
//! ";
//! let t = trfkit::parse_str(text).tournament;
//! let s = rate(&t, &RateOptions::default());
//! assert_eq!(s.regulations.id(), "2024");
//! assert_eq!(s.players[0].change, Some(6)); // K 20 × (1 − .70)
//! assert_eq!(s.players[1].change, Some(-6));
//! ```

mod collect;

mod k;
mod rapid;
pub(crate) mod ro;
pub(crate) mod summary;
pub(crate) mod verdict;
mod words;

pub use crate::rating::note::Note;
pub use ro::ListFacts;
pub use summary::{
    ExcludedGame, ExcludedGames, KSource, PlayerRating, RatingSummary, RoundRobinFigures,
    TournamentSummary, UnratedOutcome, VerdictReason,
};

use crate::analysis::Analysis;
use crate::check::CheckReport;
use crate::eligibility::Ruled as Reason;
use crate::model::tournament_type::{TournamentType, TypeDecision};
use crate::model::{Player, Tournament};
use crate::rating::maths::{
    initial_rating, rated_change, rated_change_averaged, rated_change_per_game_with_cap, round,
    round_robin_initial_ratings, AverageSource, EveryGameSums, Fraction, HalfPoints, Hundredths,
    InitialRating, Publication, RatedChange, RatedGame, RatedInput, RoundRobinInput,
    RoundRobinRatings, UnratedGame, UnratedInput,
};
use crate::ratinglist::ListRecord;
use crate::read::Parsed;
use crate::regulations::{
    ChangeMethod, DifferenceCap, InitialRatingMethod, PoolingMethod, PoolingWindow, Regulations,
    Topic, Version,
};
use crate::rules::{CheckOptions, Ctx};
use chrono::NaiveDate;
use collect::{Collected, Unplayed};
use std::collections::HashMap;

/// The rating pass's own extras, beside the one options type
/// ([`Options`](crate::Options)) whose edition, rating type, fast-classic
/// approval and rating list the [`Analysis`] has applied already: K
/// overrides, `--what-if`, and a rating list's records and facts.
///
/// Before, the edition, the rating type and the fast-classic approval were
/// also fields here; they are [`Options::regulations`](crate::Options::regulations),
/// [`Options::rating_type`](crate::Options::rating_type) and
/// [`Options::qc_fast_classic`](crate::Options::qc_fast_classic), read
/// by [`rate_with`], [`rate_checked`] and [`Analysis`].
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct RateOptions {
    /// K to use for a FIDE ID (before the K × n cap).
    pub k_overrides: HashMap<u64, u8>,
    /// Rating-list records by FIDE ID. When the list is the one in force
    /// at the event's start (known from [`RateOptions::list_facts`], or
    /// taken to be when nothing tells its month), its rating for the
    /// event's rating type is Ro of every player found and the rating of
    /// every opponent (a difference from the report is noted per player),
    /// its K is used (`k_source: "list"`), its game count tells whether 30
    /// games are reached, and its birth year stands in for a missing one.
    /// A list known to be of another month is not used for the figures.
    pub list: Option<HashMap<u64, ListRecord>>,
    /// The list's name, month and kind, for [`RateOptions::list`]; `None`
    /// reads as a combined list of unknown month.
    pub list_facts: Option<ListFacts>,
    /// Compute the figures of an event FIDE will not rate anyway, marked
    /// hypothetical (`--what-if`): the reasons that stop the whole event
    /// are set aside, the games left out one by one stay out.
    pub what_if: bool,
    /// Keep each row's counted games and their rounds
    /// (`PlayerRating::counted`, `counted_at`), which only the rating
    /// period reads: `trf rate` computes each player's change from one
    /// scratch vector instead of two vectors a player.
    pub(crate) keep_counted: bool,
}

/// Runs FIDE's calculation on a report, without the report's other
/// checks, under the default [`Options`](crate::Options) (the edition in
/// force at the start date, the rating type of the time control): what
/// [`rate_with`] does with them.
pub fn rate(t: &Tournament, opts: &RateOptions) -> RatingSummary {
    rate_with(t, &CheckOptions::default(), opts)
}

/// Runs FIDE's calculation on a report, without the report's other
/// checks, under `options`' edition, rating type and fast-classic approval
/// ([`Analysis::rate_unchecked`] of the model's analysis): only the games
/// the eligibility stage leaves out are known here, so `verdict` is
/// `None`. An event those exclusions stop (a match with an unrated player,
/// every game below the rate of play) gets no changes, or hypothetical
/// ones with [`RateOptions::what_if`]. Use [`rate_checked`] for what `trf
/// rate` does. Linear in players × rounds, except for round robins, whose
/// crosstable is quadratic in players.
///
/// ```
/// use trfkit::{Options, RateOptions, Version};
/// let t = trfkit::parse_str("012 Club match\n042 2024/05/04\n").tournament;
/// let options = Options::default().with_regulations(Version::V2022);
/// let s = trfkit::rate_with(&t, &options, &RateOptions::default());
/// assert_eq!(s.regulations, Version::V2022);
/// ```
pub fn rate_with(t: &Tournament, options: &CheckOptions, opts: &RateOptions) -> RatingSummary {
    Analysis::of(t, "", options).rate_unchecked(opts)
}

/// A report checked and rated: `trf rate`.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct CheckedRating {
    /// What `trf check` finds, with the verdict.
    pub report: CheckReport,
    /// The figures FIDE would compute, obeying the verdict.
    pub summary: RatingSummary,
}

/// Runs the checks of `trf check` with `check`, then FIDE's calculation on
/// what FIDE would rate: [`Analysis::rate`] of the report's analysis.
pub fn rate_checked(parsed: &Parsed, check: &CheckOptions, opts: &RateOptions) -> CheckedRating {
    Analysis::new(parsed, check).rate(opts)
}

impl Analysis<'_> {
    /// `trf rate`: the checks of `trf check`, then FIDE's calculation on
    /// what FIDE would rate: the games the checks exclude are left out and
    /// listed, a `not-rateable` event gets no changes (hypothetical ones
    /// with [`RateOptions::what_if`]).
    ///
    /// Both run in this analysis: the edition, the start date, the
    /// tournament type, the time control and the rating list are decided
    /// once, and the games the calculation rates are those the eligibility
    /// stage decided, so `rated_games` of the check and of the summary are
    /// the same. The rating list of the options is the one the calculation
    /// reads when `opts` gives none.
    pub fn rate(self, opts: &RateOptions) -> CheckedRating {
        let check = self.opts;
        let mut report = crate::check::judge(&Ctx::of(&self));
        let mut summary = match (&check.rating_list, &opts.list) {
            // The list the checks read is the one the calculation reads.
            (Some(list), None) => {
                let mut with_list = opts.clone();
                with_list.list = Some(list.found.clone());
                verdict::rate_in(&self, &with_list, Some(&report))
            }
            _ => verdict::rate_in(&self, opts, Some(&report)),
        };
        if let Some(source) = &check.registration_source {
            summary.notes.push(format!("registration facts: {source}"));
            summary.registration_source = Some(source.clone());
        }
        // The calculation is done with the analysis: its decisions move
        // into the report.
        report.eligibility = self.into_eligibility();
        CheckedRating { report, summary }
    }

    /// FIDE's calculation without the report's other checks ([`rate_with`]).
    pub fn rate_unchecked(&self, opts: &RateOptions) -> RatingSummary {
        verdict::rate_in(self, opts, None)
    }
}

/// The calculation itself, in the check's context: its edition, start
/// date, tournament type, time control and rating list, and the games the
/// eligibility stage rates (with `set_aside`, also those left out only by
/// a reason that stops the whole event: `--what-if`).
fn calculate(ctx: &Analysis<'_>, opts: &RateOptions, set_aside: bool) -> RatingSummary {
    let t = ctx.tournament;
    let kind = &ctx.tournament_type;
    let sel = select_regulations(ctx);
    let version = sel.version;
    let regs = version.regulations();
    let mut notes = sel.notes;
    let start = sel.start.unwrap_or_else(|| {
        let d = version.effective_from();
        notes.push(format!(
            "no start date: ages and dated amendments are taken as of {d}, the first day of the {version} text"
        ));
        d
    });

    let class = crate::analysis::EventClass {
        time_control: ctx.time_control.clone(),
        rating_type: ctx.classification(),
        games_by_list: ctx.games_by_list,
        fast_classic: ctx.fast_classic,
    };
    let chapter = rapid::Chapter::at(class.rating_type.rating_type, start);
    let eligibility = ctx.eligibility();
    let games = collect::collect(t, &ctx.games, eligibility, set_aside);
    let mut ratings: Vec<Option<u16>> = t
        .players
        .iter()
        .map(|p| p.rating.map(|r| r.value))
        .collect();
    if ctx.opts.qc_fast_classic {
        notes.push(match (class.fast_classic, class.games_by_list.by_qc_approval) {
            (Some(f), n) if n > 0 => format!(
                "{} rated as standard only by the QC approval you state, under {}",
                crate::diag::plural(n as u64, "game", "games"),
                f.name
            ),
            (Some(_), _) => "--qc-approved-fast-classic changes nothing: no game is below its standard band at 45'+30\" or more".to_owned(),
            (None, _) => "--qc-approved-fast-classic not applied: the event does not start in a fast-classic window (the 2025 pilot, 7 September to 24 November 2025, or from 2026)".to_owned(),
        });
    }
    if let Some(given) = ctx.opts.rating_type {
        let by_time = class.rating_type.by_time_control;
        if by_time != Some(given) {
            notes.push(format!(
                "rated as {given}, as given with --rating-type, but the time control puts the event on {}: its games may not be rated on the {given} list",
                by_time.map_or_else(|| "no list".to_owned(), |t| t.to_string())
            ));
        }
    }
    let list_kind = chapter
        .as_ref()
        .map_or(crate::regulations::RatingType::Standard, |c| c.list);
    let ro_choice = ro::choose(opts, regs, start, list_kind);
    let without_list;
    let mut ratings_source = ro_choice.note;
    let (ro_notes, opts) = match ro_choice.using {
        ro::ListUse::Ratings => {
            let (n, differ) = ro::from_list(opts, &t.players, &mut ratings, list_kind);
            if differ > 0 {
                ratings_source.push_str(&format!(
                    ": {differ} of them differ{} from the list, whose rating is used (see the players' notes)",
                    if differ == 1 { "s" } else { "" }
                ));
            }
            (n, opts)
        }
        ro::ListUse::Ignored => {
            without_list = RateOptions {
                list: None,
                list_facts: None,
                ..opts.clone()
            };
            (vec![None; t.players.len()], &without_list)
        }
        ro::ListUse::None => (vec![None; t.players.len()], opts),
    };
    let mut seeds = vec![None; t.players.len()];
    if let Some(ch) = &chapter {
        let any_unrated = ratings.iter().any(Option::is_none);
        notes.extend(ch.notes(version, start, opts.list.is_some(), any_unrated));
        seeds = rapid::seed(ch, &t.players, &mut ratings, opts);
    } else {
        notes.extend(off_list_note(&class));
    }
    // Only the rapid and blitz chapter words unequal times: the games are
    // counted for it alone.
    if chapter.is_some() {
        let n = collect::skipped_once(&games)
            .filter(|(_, s)| s.why == Unplayed::NotOnList && s.opponent.is_some())
            .count();
        if n > 0 {
            notes.push(format!(
                "the players had different times: {} not rated in {} ({})",
                crate::diag::plural(n as u64, "game", "games"),
                class
                    .rating_type
                    .rating_type
                    .map_or("rapid or blitz", |t| t.as_str()),
                chapter.map_or_else(String::new, |c| c
                    .rb
                    .reference(crate::regulations::RapidBlitzTopic::UnequalTimes))
            ));
        }
    }
    let any_unrated = ratings.iter().any(Option::is_none);
    let any_rated = ratings.iter().any(Option::is_some);

    // The eligibility stage decided whether the round robin is complete;
    // only `--what-if`, which counts more games, decides it again.
    let stored = eligibility.round_robin.as_ref().filter(|_| !set_aside);
    let rr = round_robin(t, kind, &games, stored, &ratings, version, start);
    notes.extend(rr.notes.iter().cloned());

    let pass = Pass {
        version,
        start,
        opts,
        players: &t.players,
        ratings: &ratings,
        games: &games,
        route: rr.route.as_ref(),
        counts_unrated: rr.route.is_some() && regs.round_robin_counts_unrated_games,
        rr_average: rr.average,
        chapter: chapter.as_ref(),
        seeds: &seeds,
        ro_notes: &ro_notes,
        words: words::Words::default(),
        counted: std::cell::RefCell::new(Vec::new()),
        sums_cap: match (&chapter, rr.average) {
            (Some(ch), _) => Some(ch.difference_cap(version, start)),
            (None, Some(_)) => None,
            (None, None) => (regs.change_method == ChangeMethod::PerGame)
                .then(|| *regs.difference_cap.at(start)),
        },
        k: k::Memo::new(
            chapter
                .as_ref()
                .map_or(crate::regulations::RatingType::Standard, |c| c.list),
            version,
            start,
            opts,
        ),
        unrated: std::cell::RefCell::default(),
    };
    let mut players = Vec::with_capacity(t.players.len());
    // Every player's uses of the played games, player after player: one
    // vector for the report.
    let mut uses = Vec::with_capacity(games.played().len());
    let mut tally = Tally::default();
    // Each player's games taken in turn (what `Collected::of` gives, without
    // its look-up of the player's bounds).
    let mut each = games.iter();
    for (i, p) in t.players.iter().enumerate() {
        let g = each.next().unwrap_or_default();
        let from = uses.len();
        match ratings[i] {
            Some(ro) => players.push(pass.rated_player(i, p, ro, g, &mut uses, &mut tally)),
            None => {
                players.push(pass.unrated_player(i, p, g, &mut uses));
                tally.player(&games, i, g.played, from, &uses, &ratings);
            }
        }
    }

    if any_rated {
        if let Some(limit) = regs.k_factor.at(start).k_times_games_limit {
            notes.push(format!(
                "K × n ≤ {limit} is applied with n = the player's rated games in this event; games in other events of the same rating period are not in the report"
            ));
        }
    }
    notes.extend(caveats(regs, any_rated, any_unrated, pass.route.is_some()));
    if any_unrated {
        if let Some(req) = regs.unrated_event.at(start).min_rated_opponents {
            let (needs, counted) = match regs.unrated_event.at(start).rated_counted {
                crate::regulations::RatedCount::Opponents => (
                    format!("meeting {} rated opponents", req.minimum),
                    "opponents are counted, not games, so one met twice counts once",
                ),
                crate::regulations::RatedCount::Games => (
                    format!("{} games against rated opponents", req.minimum),
                    "games are counted, not opponents, so three games against one rated opponent qualify",
                ),
            };
            notes.push(format!(
                "an unrated player's result counts only after {needs} ({}): {counted}",
                regs.reference(Topic::UnratedEvent)
            ));
        }
        let floor = regs.floor.at(start);
        if floor.below_floor_discarded {
            notes.push(format!(
                "a first Ru below {} is discarded, not kept for pooling ({})",
                floor.min_rating,
                regs.reference(Topic::RatingFloor)
            ));
        }
    }

    let skipped = collect::skipped_list(&games);
    let (rated_games, initial_rating_games, excluded) = count_games(tally, &skipped);
    if excluded.against_unrated > 0 && !pass.counts_unrated {
        notes.push(format!(
            "rated players' games against unrated opponents do not change their ratings ({})",
            regs.reference(Topic::RatingChange)
        ));
    }
    let excluded_games = collect::listing(t, &skipped, version);
    RatingSummary {
        verdict: None,
        rating_type: class.rating_type.rating_type,
        rating_type_reason: class.rating_type.reason.clone(),
        rating_type_heading: class.rating_type.heading.clone(),
        hypothetical: false,
        verdict_reasons: Vec::new(),
        excluded_games,
        regulations: version,
        regulations_title: regs.title(),
        regulations_basis: sel.basis,
        registration_source: None,
        ratings_source,
        tournament: TournamentSummary {
            name: t.header.name.as_ref().map(|n| n.value.clone()),
            start: t.start_date(),
            end: t.end_date(),
            kind: kind.kind,
            type_reason: kind.reason.clone(),
            players: t.players.len(),
            rated_players: ratings.iter().filter(|r| r.is_some()).count(),
            rated_games,
            initial_rating_games,
            excluded,
            round_robin: rr.route.as_ref().map(|r| RoundRobinFigures {
                cycles: rr.cycles,
                games_per_player: r.games_per_player,
                rar: Hundredths(r.rar.hundredths()),
                dpa: Hundredths(r.dpa.hundredths()),
                ra: r.ra,
            }),
        },
        players,
        notes,
    }
}

/// The edition applied and how it was chosen.
struct Selection {
    version: Version,
    basis: crate::regulations::Basis,
    start: Option<NaiveDate>,
    notes: Vec<String>,
}

/// The edition the check's context chose, with notes on how it was chosen.
fn select_regulations(ctx: &Analysis<'_>) -> Selection {
    let over = ctx.opts.regulations;
    let (version, basis, start) = (ctx.regs.version, ctx.regs_choice, ctx.start);
    let mut notes = Vec::new();
    match (basis, start) {
        (crate::regulations::Basis::FirstRoundDate, Some(d)) => notes.push(format!(
            "no readable start date (042): the first round date (132), {d}, is used"
        )),
        (crate::regulations::Basis::Assumed, _) => notes.push(format!(
            "the report has no readable start date (042) or round date (132): the latest regulations ({}) are assumed",
            Version::LATEST
        )),
        _ => {}
    }
    if over.is_none() {
        if let Some(d) = start {
            if Regulations::select(d).predates_oldest_text {
                notes.push(format!(
                    "the tournament started on {d}, before the oldest text known here; the 2003 text is applied"
                ));
            }
        }
    }
    Selection {
        version,
        basis,
        start,
        notes,
    }
}

/// What the round-robin analysis decided.
struct RoundRobin {
    /// The unrated players' route, when used.
    route: Option<RoundRobinRatings>,
    /// 1 or 2 (0 when not a round robin).
    cycles: u8,
    /// Ra for the 2003 averaged method of a complete round robin.
    average: Option<i32>,
    notes: Vec<String>,
}

fn round_robin(
    t: &Tournament,
    kind: &TypeDecision,
    games: &Collected,
    stored: Option<&Result<collect::RoundRobinMatrix, collect::Incomplete>>,
    ratings: &[Option<u16>],
    version: Version,
    start: NaiveDate,
) -> RoundRobin {
    let regs = version.regulations();
    let mut out = RoundRobin {
        route: None,
        cycles: 0,
        average: None,
        notes: Vec::new(),
    };
    let cycles = match kind.kind {
        TournamentType::RoundRobin => 1,
        TournamentType::DoubleRoundRobin => 2,
        _ => return out,
    };
    out.cycles = cycles;
    let any_unrated = ratings.iter().any(Option::is_none);
    let route_in_text = matches!(
        regs.initial_rating,
        InitialRatingMethod::HalfPointIncrement {
            round_robin_route: true,
            ..
        }
    );
    let wants_route = route_in_text && any_unrated;
    let averaged = regs.change_method == ChangeMethod::Averaged;
    if !wants_route && !averaged {
        return out;
    }
    let matrix = match stored
        .cloned()
        .unwrap_or_else(|| collect::round_robin_matrix(t, games, cycles))
    {
        Ok(m) => m,
        Err(e) => {
            let (a, b) = match e {
                collect::Incomplete::UnplayedOrMissing { ranks }
                | collect::Incomplete::Asymmetric { ranks } => ranks,
            };
            out.notes.push(format!(
                "players {a} and {b} did not play all their round-robin games over the board (or their records disagree): the event is rated as a Swiss, as a round robin with an unplayed game is reported ({})",
                regs.reference(Topic::RoundRobinComposition)
            ));
            return out;
        }
    };
    if wants_route {
        let input = RoundRobinInput {
            ratings,
            scores: &matrix.scores,
            cycles,
            start_date: start,
            has_earlier_results: &[],
        };
        match round_robin_initial_ratings(version, &input) {
            Ok(r) => {
                out.notes.push(format!(
                    "unrated players rated by the round-robin route ({}){}",
                    regs.reference(Topic::InitialRating),
                    if regs.round_robin_counts_unrated_games {
                        "; rated players' games against them count at their computed Ru"
                    } else {
                        ""
                    }
                ));
                out.notes.extend(r.notes.iter().cloned());
                out.route = Some(r);
            }
            Err(e) => out.notes.push(format!(
                "round-robin route for unrated players not applicable: {}; they are rated as in a Swiss",
                e.describe(&|i| t.players.get(i).map_or_else(
                    || "?".to_owned(),
                    |p| format!("{} ({})", p.rank_label(), p.name.value)
                ))
            )),
        }
    }
    if averaged {
        out.average = match &out.route {
            Some(r) => i32::try_from(r.ra).ok(),
            None if !any_unrated => {
                let sum: i64 = ratings.iter().flatten().map(|&r| i64::from(r)).sum();
                let ra = Fraction::new(sum, ratings.len() as i64)
                    .map(|f| round(f, regs.rounding.averages))
                    .and_then(|r| i32::try_from(r).ok());
                if let Some(ra) = ra {
                    out.notes.push(format!(
                        "2003 round robin: each rated player's Rc = (Ra(n + 1) − R)/n with Ra = {ra}, the tournament's average rating"
                    ));
                }
                ra
            }
            None => None,
        };
    }
    out
}

/// How one played game is used from one player's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Use {
    /// Enters the rated player's change.
    Change,
    /// Enters the unrated player's initial rating.
    Initial,
    /// Counts for nothing on this side.
    Not(NotCounted),
}

/// Why a played game does not count on one side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum NotCounted {
    /// A rated player against an unrated opponent.
    AgainstUnrated,
    /// Against an unrated player the round-robin route disregarded.
    AgainstDisregarded,
    /// An unrated player against another unrated player.
    BetweenUnrated,
    /// The unrated player's event does not count.
    EventExcluded,
}

/// What every player's calculation shares.
struct Pass<'a> {
    version: Version,
    start: NaiveDate,
    opts: &'a RateOptions,
    players: &'a [Player],
    ratings: &'a [Option<u16>],
    games: &'a Collected,
    route: Option<&'a RoundRobinRatings>,
    counts_unrated: bool,
    rr_average: Option<i32>,
    /// The rapid and blitz chapter, for a rapid or blitz event.
    chapter: Option<&'a rapid::Chapter>,
    /// Per player, the note of a standard rating used as the R&B rating.
    seeds: &'a [Option<String>],
    /// Per player, the note of a list rating used instead of the report's.
    ro_notes: &'a [Option<String>],
    /// The notes worded once for the report's players.
    words: words::Words,
    /// A rated player's counted games, reused from player to player.
    counted: std::cell::RefCell<Vec<RatedGame>>,
    /// The cap of the per-game method where a rated player's change is
    /// summed as his games are read ([`EveryGameSums`]); `None` for the
    /// averaged method.
    sums_cap: Option<DifferenceCap>,
    /// The K decisions, kept by what decides them.
    k: k::Memo<'a>,
    /// An unrated player's games for the maths, reused from player to
    /// player.
    unrated: std::cell::RefCell<Scratch>,
}

/// An unrated player's games against rated opponents: their places among
/// the played games (`at`), the games (`list`), the opponents met (`met`).
#[derive(Default)]
struct Scratch {
    at: Vec<usize>,
    list: Vec<UnratedGame>,
    met: Vec<usize>,
}

impl Pass<'_> {
    /// A rated player's line, of his games `g` ([`Collected::of`]); the
    /// uses of the player's played games are pushed onto `all_uses`, and
    /// the games counted in `tally`.
    fn rated_player(
        &self,
        i: usize,
        p: &Player,
        ro: u16,
        g: collect::PlayerGames<'_>,
        all_uses: &mut Vec<Use>,
        tally: &mut Tally,
    ) -> PlayerRating {
        // The games of the change summed as they are read where the cap
        // binds every game alike (`sums`), else in the pass's one scratch
        // vector; a copy for the row only when the rating period will
        // read it.
        let keep = self.opts.keep_counted;
        let mut sums = self
            .sums_cap
            .filter(|_| !keep)
            .and_then(|cap| EveryGameSums::new(ro, &cap));
        let mut counted = self.counted.borrow_mut();
        counted.clear();
        let mut counted_at = if keep {
            Vec::with_capacity(g.played.len())
        } else {
            Vec::new()
        };
        let first_use = all_uses.len();
        let uses = all_uses;
        // The exclusion notes' entries grouped as the games are read.
        let mut grouping = self.words.grouping();
        for s in g.skipped {
            grouping.add(s.why.label(), s.round);
        }
        // Most rated players: the change summed as the games are read and
        // no unrated opponent counted at a computed Ru, in a loop of its
        // own (the general one below holds it equal: the test
        // `the_summed_change_is_the_change_of_the_counted_games`).
        let fast = match &mut sums {
            Some(s) if !self.counts_unrated => {
                self.summed_games(i, g.played, s, &mut grouping, uses, tally);
                true
            }
            _ => false,
        };
        let general: &[collect::Played] = if fast { &[] } else { g.played };
        for pl in general {
            // The opponent's rating, read once for the change and the tally.
            let theirs = self.ratings.get(pl.opp()).copied().flatten();
            let opponent = match theirs {
                Some(r) => Ok(r),
                None if self.counts_unrated => self
                    .route
                    .and_then(|r| r.counted_ratings.get(pl.opp()).copied().flatten())
                    .map(|ru| u16::try_from(ru.max(0)).unwrap_or(u16::MAX))
                    .ok_or(NotCounted::AgainstDisregarded),
                None => Err(NotCounted::AgainstUnrated),
            };
            let own = match opponent {
                Ok(r) => {
                    match &mut sums {
                        Some(s) => s.add(r, pl.score),
                        None => counted.push(RatedGame {
                            opponent_rating: r,
                            score: pl.score,
                        }),
                    }
                    if keep {
                        counted_at.push((pl.round, pl.opp()));
                    }
                    Use::Change
                }
                Err(why) => {
                    grouping.add(not_counted_label(why), pl.round);
                    Use::Not(why)
                }
            };
            tally.game(self.games, i, pl, own, (true, theirs.is_some()), uses);
            uses.push(own);
        }
        let n = sums
            .as_ref()
            .map_or(counted.len() as u32, EveryGameSums::games);
        let overridden = p
            .fide_id
            .is_some_and(|f| self.opts.k_overrides.contains_key(&f.value));
        // Borrowed: cloned only into the note (most players have none).
        let seed = self.seeds.get(i).and_then(Option::as_ref);
        let rb_k = match self.chapter {
            Some(_) if overridden => None,
            Some(_) if seed.is_some() => Some(rapid::seeded_k(self.version, self.start, n)),
            Some(ch) => ch.flat_k(n),
            None => None,
        };
        let kc = match rb_k {
            Some((k, note)) => crate::rating::maths::KDecision {
                k,
                base_k: k,
                source: KSource::Derived,
                basis: None,
                notes: vec![note.into()],
                assumed: 0..0,
            },
            None => self.k.choose(p, ro, n),
        };
        let input = RatedInput {
            rating: ro,
            k: kc.k,
            games: &counted,
            start_date: self.start,
        };
        // The figures without the per-game detail, which the line does not show.
        let change = match (sums, self.sums_cap) {
            (Some(s), Some(cap)) => s.finish(self.version, &cap, kc.k),
            _ => self.change(&input),
        };
        let ro_note = self.ro_notes.get(i).and_then(Option::as_ref);
        let mut notes = if ro_note.is_none() && seed.is_none() {
            // The K notes' vector has room for the rest: one vector.
            kc.notes
        } else {
            let mut notes = Vec::with_capacity(6 + kc.notes.len());
            notes.extend(ro_note.map(|n| Note::from(n.clone())));
            notes.extend(seed.map(|n| Note::from(n.clone())));
            notes.extend(kc.notes);
            notes
        };
        // Most rated players: every game counts and no entry is skipped.
        if !grouping.is_empty() {
            let uses = &uses[first_use..];
            self.words
                .worded(grouping, true, || self.entries(i, uses), &mut notes);
        }
        // The maths word the rounding caveat only where .5 is rounded.
        // Most changes have none: no iterator made and dropped.
        if !change.notes.is_empty() {
            notes.extend(change.notes.into_iter().map(Note::from));
        }
        PlayerRating {
            start_rank: p.start_rank.value,
            line: p.line,
            fide_id: p.fide_id.map(|f| f.value),
            name: p.name.value.clone(),
            rated: true,
            ro: Some(ro),
            k: Some(kc.k),
            k_source: Some(kc.source),
            games: change.games,
            score: change.score,
            expected: Some(change.expected),
            w_minus_we: Some(change.score_minus_expected),
            raw_change: Some(change.raw_change),
            change: Some(change.rounded_change),
            new_rating: Some(i64::from(ro) + change.rounded_change),
            ra: None,
            ru: None,
            outcome: None,
            notes,
            hypothetical: false,
            k_before_cap: Some(kc.base_k),
            counted: if keep { counted.clone() } else { Vec::new() },
            counted_at,
        }
    }

    /// A rated player's played games where his change is summed as they
    /// are read (`sums`) and an unrated opponent never counts: each game
    /// against a rated opponent summed, the others grouped for the
    /// exclusion notes; the uses pushed onto `uses` and the games counted
    /// in `tally`. What the general loop of [`Pass::rated_player`] does in
    /// that case, out of line so that the sums stay in registers (inlined
    /// into the pass, its values lived on the stack).
    #[inline(never)]
    fn summed_games(
        &self,
        i: usize,
        played: &[collect::Played],
        sums: &mut EveryGameSums,
        grouping: &mut words::Grouping<'_>,
        uses: &mut Vec<Use>,
        tally: &mut Tally,
    ) {
        let mut s = *sums;
        // The player's uses written in place in room made at once (no
        // capacity test and no length stored a game). The tally reads
        // the earlier players' uses only: the other side of a game is
        // the opponent's, and a later opponent's side is not read (his
        // game is counted with his own).
        let from = uses.len();
        uses.resize(from + played.len(), Use::Change);
        let (earlier, mine) = uses.split_at_mut(from);
        let earlier: &[Use] = earlier;
        // A game against an earlier rated player: counted here, as
        // `Tally::game` counts it, in a local.
        let mut rated = 0u32;
        for (pl, slot) in played.iter().zip(mine.iter_mut()) {
            let j = pl.opp();
            let theirs = self.ratings.get(j).copied().flatten();
            let own = match theirs {
                Some(r) => {
                    s.add(r, pl.score);
                    Use::Change
                }
                None => {
                    let why = NotCounted::AgainstUnrated;
                    grouping.add(not_counted_label(why), pl.round);
                    Use::Not(why)
                }
            };
            *slot = own;
            if theirs.is_some() && j < i {
                rated += 1;
                continue;
            }
            tally.game(self.games, i, pl, own, (true, theirs.is_some()), earlier);
        }
        tally.rated += rated;
        *sums = s;
    }

    /// A rated player's change by the pass's method, from the counted
    /// games.
    fn change(&self, input: &RatedInput<'_>) -> RatedChange {
        match (self.chapter, self.rr_average) {
            (Some(ch), _) => rated_change_per_game_with_cap(
                self.version,
                input,
                ch.difference_cap(self.version, self.start),
            ),
            (None, Some(ra)) => {
                rated_change_averaged(self.version, input, AverageSource::RoundRobin { ra })
            }
            (None, None) => rated_change(self.version, input),
        }
    }

    /// An unrated player's line, of his games `g` ([`Collected::of`]); the
    /// uses of the player's played games are pushed onto `all_uses`.
    fn unrated_player(
        &self,
        i: usize,
        p: &Player,
        g: collect::PlayerGames<'_>,
        all_uses: &mut Vec<Use>,
    ) -> PlayerRating {
        let regs = self.version.regulations();
        let mut row = PlayerRating {
            start_rank: p.start_rank.value,
            line: p.line,
            fide_id: p.fide_id.map(|f| f.value),
            name: p.name.value.clone(),
            rated: false,
            ro: None,
            k: None,
            k_source: None,
            games: 0,
            score: HalfPoints(0),
            expected: None,
            w_minus_we: None,
            raw_change: None,
            change: None,
            new_rating: None,
            ra: None,
            ru: None,
            outcome: Some(UnratedOutcome::NotCounted),
            notes: Vec::new(),
            hypothetical: false,
            k_before_cap: None,
            counted: Vec::new(),
            counted_at: Vec::new(),
        };
        // The maths' notes, a few: room for them at once.
        let mut notes: Vec<Note> = Vec::with_capacity(4);
        let first_use = all_uses.len();
        if let Some(route) = self.route {
            // Bounded: the route runs only on a complete round robin
            // (every pair met), so its m players are at most rounds + 1
            // ≤ 1000 and these scans (m per player, m² in all) are linear
            // in the m × (m − 1) round entries of the report.
            if let Some((_, why)) = route.excluded.iter().find(|(j, _)| *j == i) {
                notes.push(Note::from(format!(
                    "this event does not count towards an initial rating: {why}; the opponents' games against the player are disregarded too ({})",
                    regs.reference(Topic::UnratedEvent)
                )));
                all_uses.extend(g.played.iter().map(|_| Use::Not(NotCounted::EventExcluded)));
            } else if let Some(u) = route.unrated.iter().find(|u| u.player == i) {
                all_uses.extend(g.played.iter().map(|pl| {
                    if route.active.contains(&pl.opp()) {
                        Use::Initial
                    } else {
                        Use::Not(NotCounted::AgainstDisregarded)
                    }
                }));
                let moved: Vec<String> = u
                    .moved_opponents
                    .iter()
                    .map(|&(j, c)| format!("{} counted as {c}", self.rank_of(j)))
                    .collect();
                notes.push(Note::from(format!(
                    "round robin: first-pass Ru {} from Ra {}; {}; Rc {}, Ru {}",
                    u.first_pass,
                    route.ra,
                    if moved.is_empty() {
                        "no opponent more than the cap away".to_owned()
                    } else {
                        format!("opponents moved to the cap: {}", moved.join(", "))
                    },
                    u.rc,
                    u.ru
                )));
                notes.extend(publication_notes(u.publication, u.ru));
                row.games = route.games_per_player;
                row.score = u.score;
                row.ra = Some(u.rc);
                row.ru = Some(u.ru);
                row.outcome = Some(outcome(u.publication));
            } else {
                // The route covers every unrated player it did not exclude.
                all_uses.extend(g.played.iter().map(|_| Use::Not(NotCounted::EventExcluded)));
            }
        } else {
            // Only the games against rated opponents can enter an initial
            // rating: the maths get those alone, `at` their places among
            // the played games (the exclusion notes list the others, which
            // the maths would only count in a note the pass drops). In
            // vectors kept between players.
            let mut scratch = self.unrated.borrow_mut();
            let Scratch { at, list, met } = &mut *scratch;
            at.clear();
            list.clear();
            met.clear();
            for (k, pl) in g.played.iter().enumerate() {
                if let Some(r) = self.ratings[pl.opp()] {
                    at.push(k);
                    list.push(UnratedGame {
                        opponent_rating: Some(r),
                        score: pl.score,
                    });
                }
            }
            // The texts that ask three rated opponents count opponents, not
            // games: a player met twice counts once.
            met.extend(at.iter().map(|&k| g.played[k].opp()));
            met.sort_unstable();
            met.dedup();
            let input = UnratedInput {
                games: list,
                start_date: self.start,
                has_earlier_results: None,
                rated_opponents: u32::try_from(met.len()).ok(),
            };
            all_uses.extend(
                g.played
                    .iter()
                    .map(|_| Use::Not(NotCounted::BetweenUnrated)),
            );
            let these = &mut all_uses[first_use..];
            match initial_rating(self.version, &input) {
                Ok(ir) => {
                    for &m in &ir.games_used {
                        if let Some(&k) = at.get(m) {
                            these[k] = Use::Initial;
                        }
                    }
                    if self.opts.keep_counted {
                        let mut used = vec![false; list.len()];
                        for &m in &ir.games_used {
                            if let Some(u) = used.get_mut(m) {
                                *u = true;
                            }
                        }
                        row.counted = list
                            .iter()
                            .zip(&used)
                            .filter(|(_, &u)| u)
                            .filter_map(|(g, _)| {
                                g.opponent_rating.map(|r| RatedGame {
                                    opponent_rating: r,
                                    score: g.score,
                                })
                            })
                            .collect();
                    }
                    self.fill_initial(&mut row, &ir, &mut notes);
                }
                Err(ex) => {
                    notes.push(self.words.not_counting(&ex.reason, || {
                        format!(
                            "this event does not count towards an initial rating: {} ({})",
                            ex.reason,
                            regs.reference(Topic::UnratedEvent)
                        )
                    }));
                    notes.extend(
                        ex.notes
                            .into_iter()
                            .filter(|n| !repeats_exclusions(n))
                            .map(Note::from),
                    );
                    for &k in at.iter() {
                        these[k] = Use::Not(NotCounted::EventExcluded);
                    }
                }
            }
        }
        let mut all = Vec::with_capacity(3 + notes.len());
        all.extend(
            self.ro_notes
                .get(i)
                .and_then(Option::as_ref)
                .map(|n| Note::from(n.clone())),
        );
        self.exclusion_notes(i, g, &all_uses[first_use..], false, &mut all);
        all.extend(notes);
        row.notes = all;
        row
    }

    fn fill_initial(&self, row: &mut PlayerRating, ir: &InitialRating, notes: &mut Vec<Note>) {
        row.games = ir.games;
        row.score = ir.score;
        row.ra = Some(ir.ra);
        row.ru = Some(ir.ru);
        row.outcome = Some(outcome(ir.publication));
        let detail = match (ir.p_hundredths, ir.dp, ir.increment) {
            (Some(p), Some(dp), _) => format!(
                "Ra {} (average {}), p = {}.{:02}, dp {dp:+}, Ru {}",
                ir.ra,
                ir.opponents_average,
                p / 100,
                p % 100,
                ir.ru
            ),
            (_, _, Some(inc)) if inc.0 == 0 => format!(
                "Ra {} (average {}), 50 % score, Ru {}",
                ir.ra, ir.opponents_average, ir.ru
            ),
            (_, _, Some(inc)) => format!(
                "Ra {} (average {}) + {inc} for the score above 50 %, Ru {}",
                ir.ra, ir.opponents_average, ir.ru
            ),
            _ => format!("Ra {}, Ru {}", ir.ra, ir.ru),
        };
        notes.push(Note::from(detail));
        notes.extend(
            ir.notes
                .iter()
                .filter(|n| !repeats_exclusions(n))
                .map(|n| Note::from(n.clone())),
        );
        // The Swiss route words the floor and game-count findings itself.
        if matches!(ir.publication, Publication::TooFewGames { .. }) {
            notes.push(Note::fixed(POOLED));
        }
    }

    /// "#9": the starting rank of player index `j`.
    fn rank_of(&self, j: usize) -> String {
        self.players
            .get(j)
            .map_or_else(String::new, |p| match p.start_rank.value {
                0 => format!("on line {}", p.line),
                r => format!("#{r}"),
            })
    }

    /// One note per reason, with the rounds, onto `out`: skipped entries
    /// and played games that do not count on this side. Worded once per
    /// report ([`words::Words`]): most players share theirs.
    fn exclusion_notes(
        &self,
        i: usize,
        g: collect::PlayerGames<'_>,
        uses: &[Use],
        rated: bool,
        out: &mut Vec<Note>,
    ) {
        // Grouped in one loop over each kind of entry; the chain of both
        // only for a reason with a round beyond 64.
        let mut grouping = self.words.grouping();
        for s in g.skipped {
            grouping.add(s.why.label(), s.round);
        }
        // An unrated player's games that do not count come in runs of one
        // reason: added run by run.
        grouping.add_all(g.played.iter().zip(uses).filter_map(|(pl, u)| match *u {
            Use::Not(why) => Some((not_counted_label(why), pl.round)),
            _ => None,
        }));
        if !grouping.is_empty() {
            self.words
                .worded(grouping, rated, || self.entries(i, uses), out);
        }
    }

    /// Player `i`'s entries for the exclusion notes, (label, round): the
    /// skipped entries, then the played games that do not count on his
    /// side (`uses`).
    fn entries<'s>(
        &'s self,
        i: usize,
        uses: &'s [Use],
    ) -> impl Iterator<Item = (&'static str, u16)> + 's {
        let g = self.games.of(i);
        let skipped = g.skipped.iter().map(|s| (s.why.label(), s.round));
        let played = g.played.iter().zip(uses).filter_map(|(pl, u)| match u {
            Use::Not(why) => Some((not_counted_label(*why), pl.round)),
            _ => None,
        });
        skipped.chain(played)
    }
}

/// For an event the time control puts on no list (or not on the list of
/// all its games), the note that FIDE would not rate what is shown.
fn off_list_note(class: &crate::analysis::EventClass) -> Option<String> {
    use crate::eligibility::TimeControlInfo;
    if !matches!(class.time_control, TimeControlInfo::Read { .. }) {
        return None;
    }
    let c = &class.rating_type;
    let g = &class.games_by_list;
    if g.between > 0 {
        return Some(format!(
            "{} of {} games are on no list, too slow for rapid (less than 60 min) and below their standard band (up to {} min): FIDE does not rate them; `trf check` names them, and the figures leave them out (unless --what-if counts them hypothetically)",
            g.between, g.games, g.between_need_minutes
        ));
    }
    c.rating_type.is_none().then(|| {
        format!(
            "the time control puts the event on no rating list ({}): FIDE would not rate these games; the figures show the standard calculation only for reference",
            c.reason
        )
    })
}

/// The maths count the games against unrated opponents; the exclusion
/// notes list them with their rounds already.
fn repeats_exclusions(note: &str) -> bool {
    note.ends_with("against unrated opponents not counted")
}

fn not_counted_label(why: NotCounted) -> &'static str {
    match why {
        NotCounted::AgainstUnrated | NotCounted::BetweenUnrated => {
            "game against an unrated opponent"
        }
        NotCounted::AgainstDisregarded => {
            "game against an unrated player whose result the regulations disregard"
        }
        NotCounted::EventExcluded => "the event does not count for this player",
    }
}

fn outcome(p: Publication) -> UnratedOutcome {
    match p {
        Publication::Published => UnratedOutcome::Published,
        Publication::BelowFloor {
            discarded: true, ..
        } => UnratedOutcome::Discarded,
        Publication::BelowFloor { .. } => UnratedOutcome::BelowFloor,
        Publication::TooFewGames { .. } => UnratedOutcome::TooFewGames,
    }
}

/// The publication finding in words, for the round-robin route (whose
/// maths return no notes), and whether the result waits for later events.
fn publication_notes(p: Publication, ru: i64) -> Vec<Note> {
    match p {
        Publication::Published => Vec::new(),
        Publication::BelowFloor {
            floor,
            discarded: true,
        } => vec![Note::from(format!(
            "Ru {ru} is below the floor {floor}: not published, and the result is discarded"
        ))],
        Publication::BelowFloor { floor, .. } => vec![
            Note::from(format!("Ru {ru} is below the floor {floor}: not published")),
            Note::fixed(POOLED),
        ],
        Publication::TooFewGames { games, required } => vec![
            Note::from(format!(
                "{games} games; {required} are needed before a first rating is published"
            )),
            Note::fixed(POOLED),
        ],
    }
}

/// The note for a result that waits for later events.
const POOLED: &str = "results kept for pooling with later events";

/// One note per rule the calculation used whose reading is not certain.
fn caveats(regs: &Regulations, rated: bool, unrated: bool, route: bool) -> Vec<String> {
    let mut topics = Vec::new();
    if rated {
        topics.extend([
            Topic::RatingChange,
            Topic::DifferenceCap,
            Topic::KFactor,
            Topic::Rounding,
        ]);
        if regs.k_factor.latest().k_times_games_limit.is_some() {
            topics.push(Topic::KTimesGames);
        }
    }
    if unrated {
        topics.extend([
            Topic::InitialRating,
            Topic::UnratedEvent,
            Topic::MinimumGames,
            Topic::RatingFloor,
        ]);
    }
    if route {
        topics.push(Topic::RoundRobinUnratedGames);
    }
    let mut out: Vec<String> = topics
        .into_iter()
        .filter_map(|t| regs.caveat(t).map(|c| format!("{}: {c}", t.name())))
        .collect();
    if unrated {
        let window = match regs.pooling_window {
            PoolingWindow::RatingPeriods(n) => {
                format!(" within the same and the next {n} rating periods")
            }
            PoolingWindow::Months(n) => format!(" over at most {n} months"),
            PoolingWindow::NotStated => String::new(),
        };
        let how = match regs.pooling {
            PoolingMethod::WeightedAverage => "the game-weighted average of each event's Ru",
            PoolingMethod::AllGamesAsOneEvent => "all results rated as one event",
        };
        out.push(format!(
            "pooling ({}): {how}{window}; earlier results are not in the report, so each unrated player is treated as playing a first rated event",
            regs.article(Topic::Pooling)
        ));
    }
    out
}

/// The played games counted once per pairing as the players are rated
/// (a rated player's as his games are read, an unrated player's once his
/// uses are known):
/// those that enter a rated player's change, those towards an initial
/// rating, and those that do neither by the sides' ratings.
#[derive(Default)]
struct Tally {
    rated: u32,
    initial: u32,
    between_unrated: u32,
    against_unrated: u32,
}

impl Tally {
    /// Player `i`'s played games `played` ([`Collected::of`]), whose uses
    /// are `uses[from..]` (every player's uses so far, player after
    /// player): [`Tally::game`] each.
    fn player(
        &mut self,
        games: &Collected,
        i: usize,
        played: &[collect::Played],
        from: usize,
        uses: &[Use],
        ratings: &[Option<u16>],
    ) {
        let rated = |j: usize| ratings.get(j).copied().flatten().is_some();
        let own_rated = rated(i);
        for (k, pl) in played.iter().enumerate() {
            if let Some(&own) = uses.get(from + k) {
                self.game(games, i, pl, own, (own_rated, rated(pl.opp())), uses);
            }
        }
    }

    /// Player `i`'s played game `pl`, whose use on his side is `own`;
    /// `sides_rated` whether player `i` and his opponent have a rating
    /// (the caller read them); `uses` every player's uses so far. A
    /// pairing both records describe is counted at its later player, when
    /// both sides' uses are known: the other side is the game on its
    /// mirror row of the games table, when that names the player back
    /// (found without a search).
    #[inline]
    fn game(
        &mut self,
        games: &Collected,
        i: usize,
        pl: &collect::Played,
        own: Use,
        sides_rated: (bool, bool),
        uses: &[Use],
    ) {
        let j = pl.opp();
        let (own_rated, their_rated) = sides_rated;
        // A game that changes this side's rating, against an earlier
        // rated player: counted here whether or not his record describes
        // it, and his side (a change or nothing) adds no initial rating.
        if matches!(own, Use::Change) && j < i && their_rated {
            self.rated += 1;
            return;
        }
        let back = games
            .played_at_row(pl.mirror)
            .filter(|&kk| games.played().get(kk).is_some_and(|o| o.opp() == i));
        if back.is_some() && j > i {
            return;
        }
        let mirror = back.and_then(|kk| uses.get(kk).copied());
        if matches!(own, Use::Change) || matches!(mirror, Some(Use::Change)) {
            self.rated += 1;
        } else if !own_rated && !their_rated {
            self.between_unrated += 1;
        } else {
            self.against_unrated += 1;
        }
        if matches!(own, Use::Initial) || matches!(mirror, Some(Use::Initial)) {
            self.initial += 1;
        }
    }
}

/// Rated games, games towards initial ratings, and the excluded games by
/// reason, each pairing counted once: the played games' `tally`, and the
/// entries of `skipped` ([`collect::skipped_once`]) by reason.
fn count_games(tally: Tally, skipped: &[(usize, &collect::Skipped)]) -> (u32, u32, ExcludedGames) {
    let mut ex = ExcludedGames {
        between_unrated: tally.between_unrated,
        against_unrated: tally.against_unrated,
        ..ExcludedGames::default()
    };
    for (_, s) in skipped {
        let slot = match s.why {
            Unplayed::Forfeit => &mut ex.forfeits,
            Unplayed::ShortGame => &mut ex.short_games,
            Unplayed::Bye(_) => &mut ex.byes,
            Unplayed::Pending => &mut ex.pending,
            Unplayed::UnknownResult => &mut ex.unknown_results,
            Unplayed::WithoutOpponent => &mut ex.without_opponent,
            Unplayed::Ruled(Reason::BelowRateOfPlay { .. }) => &mut ex.below_rate_of_play,
            Unplayed::Ruled(Reason::AfterMatchDecided { .. }) => &mut ex.after_match_decided,
            Unplayed::Ruled(Reason::MatchWithUnrated) => &mut ex.match_with_unrated,
            Unplayed::Ruled(Reason::ResultsDisagree) => &mut ex.results_disagree,
            Unplayed::RatingGap => &mut ex.rating_gap,
            Unplayed::NotOnList => &mut ex.not_on_list,
        };
        *slot += 1;
    }
    (tally.rated, tally.initial, ex)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The summary with the rating period's copies of the counted games
    /// left out (the only difference `keep_counted` makes on purpose).
    fn without_counted(mut s: RatingSummary) -> RatingSummary {
        for p in &mut s.players {
            p.counted.clear();
            p.counted_at.clear();
        }
        s
    }

    /// Draws of a fixed linear congruential sequence from `seed`: `next(n)`
    /// is below `n`. The rating pass's randomised tests use it, so that a
    /// failing case is the same on every run.
    pub(super) fn draws(mut seed: u32) -> impl FnMut(u32) -> u32 {
        move |n| {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            (seed >> 16) % n
        }
    }

    /// The texts of every report of `samples/` and of three generated
    /// reports (120 players, 7 rounds): what the fast paths' tests compare
    /// with the general ones.
    pub(super) fn sample_and_generated_texts() -> Vec<String> {
        let mut files = Vec::new();
        crate::model::timecontrol::properties::files_under(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("samples"),
            &mut files,
        );
        let mut texts: Vec<String> = files
            .iter()
            .filter(|f| f.extension().is_some_and(|x| x == "trf" || x == "txt"))
            .filter_map(|f| std::fs::read(f).ok())
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .collect();
        assert!(texts.len() > 100, "samples not found");
        for seed in 1..4 {
            let opts = crate::generate::GenOptions::new(120, 7, seed);
            texts.extend(crate::generate::generate(&opts).ok());
        }
        texts
    }

    /// Every report's summary from the pass's fast paths (the change
    /// summed as the games are read, K kept per class) equals the one the
    /// general path gives (the counted games in a vector through the
    /// maths' functions, as the rating period asks with `keep_counted`),
    /// with and without `--what-if`, over `samples/` and generated reports.
    #[test]
    fn the_summed_change_is_the_change_of_the_counted_games() {
        let texts = sample_and_generated_texts();
        for text in &texts {
            let t = crate::parse_str(text).tournament;
            for what_if in [false, true] {
                let fast = RateOptions {
                    what_if,
                    ..RateOptions::default()
                };
                let general = RateOptions {
                    keep_counted: true,
                    ..fast.clone()
                };
                let a = without_counted(rate(&t, &fast));
                let b = without_counted(rate(&t, &general));
                assert_eq!(a, b, "{}", text.lines().next().unwrap_or(""));
            }
        }
    }

    /// The count of played games the pass makes as it goes (a rated
    /// player's games as they are read, with the shortcut for an earlier
    /// rated opponent; an unrated player's once his uses are known) equals
    /// the count of the whole report's uses after the pass, each pairing
    /// once from its lower player, over every sample with uses drawn at
    /// random for each side as the pass could give them.
    #[test]
    fn the_running_tally_is_the_count_after_the_pass() {
        let mut next = draws(5);
        let mut reports = Vec::new();
        for dir in [
            "samples/rules",
            "samples/real",
            "samples/hand",
            "samples/across",
        ] {
            let at = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
            for e in std::fs::read_dir(at).into_iter().flatten().flatten() {
                if let Ok(text) = std::fs::read_to_string(e.path()) {
                    reports.push(text);
                }
            }
        }
        assert!(reports.len() > 50, "samples not found");
        for text in &reports {
            let t = crate::parse_str(text).tournament;
            let opts = crate::Options::default();
            let ctx = Ctx::new(&t, "", &opts);
            let games = collect::collect(&t, &ctx.games, ctx.eligibility(), false);
            // Some players unrated whatever the report says.
            let ratings: Vec<Option<u16>> = t
                .players
                .iter()
                .map(|p| p.rating.map(|r| r.value).filter(|_| next(5) > 0))
                .collect();
            let mut uses = Vec::new();
            let mut tally = Tally::default();
            for i in 0..games.len() {
                let from = uses.len();
                let rated = ratings.get(i).copied().flatten().is_some();
                for pl in games.of(i).played {
                    let own = match (rated, next(4)) {
                        (true, 0) => Use::Not(NotCounted::AgainstUnrated),
                        (true, 1) => Use::Not(NotCounted::AgainstDisregarded),
                        (true, _) => Use::Change,
                        (false, 0) => Use::Not(NotCounted::BetweenUnrated),
                        (false, 1) => Use::Not(NotCounted::EventExcluded),
                        (false, _) => Use::Initial,
                    };
                    if rated {
                        let theirs = ratings.get(pl.opp()).copied().flatten().is_some();
                        tally.game(&games, i, pl, own, (true, theirs), &uses);
                    }
                    uses.push(own);
                }
                if !rated {
                    tally.player(&games, i, games.of(i).played, from, &uses, &ratings);
                }
            }
            // The count after the pass: each pairing from its lower player.
            let (mut rated, mut initial, mut between, mut against) = (0, 0, 0, 0);
            let played = games.played();
            let mut k = 0;
            for (i, g) in games.iter().enumerate() {
                for pl in g.played {
                    let own = uses.get(k).copied();
                    k += 1;
                    let j = pl.opp();
                    let mirror = games
                        .played_at_row(pl.mirror)
                        .filter(|&kk| played.get(kk).is_some_and(|o| o.opp() == i))
                        .and_then(|kk| uses.get(kk).copied());
                    if mirror.is_some() && j < i {
                        continue;
                    }
                    let sides = [own, mirror];
                    let any = |u: Use| sides.contains(&Some(u));
                    if any(Use::Change) {
                        rated += 1;
                    } else if ratings.get(i).copied().flatten().is_none()
                        && ratings.get(j).copied().flatten().is_none()
                    {
                        between += 1;
                    } else {
                        against += 1;
                    }
                    if any(Use::Initial) {
                        initial += 1;
                    }
                }
            }
            assert_eq!(
                (
                    tally.rated,
                    tally.initial,
                    tally.between_unrated,
                    tally.against_unrated
                ),
                (rated, initial, between, against),
                "{}",
                text.lines().next().unwrap_or("")
            );
        }
    }
}
