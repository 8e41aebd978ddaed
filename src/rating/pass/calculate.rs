//! The calculation of one report in its analysis: the edition and how it
//! was chosen, the ratings FIDE counts with (the report's, the list's, a
//! rapid or blitz event's standard seeds), the round robin, every player's
//! line, the games counted once, and the notes about the whole event.

use super::collect;
use super::player::Pass;
use super::round_robin::round_robin;
use super::summary::{RoundRobinFigures, TournamentSummary};
use super::tally::{count_games, Tally};
use super::{k, rapid, ro, words, RateOptions, RatingSummary};
use crate::analysis::Analysis;
use crate::eligibility::Reason;
use crate::rating::maths::Hundredths;
use crate::regulations::{ChangeMethod, PoolingMethod, PoolingWindow, Regulations, Topic, Version};
use chrono::NaiveDate;

/// The calculation itself, in the report's analysis: its edition, start
/// date, tournament type, time control and rating list, and the games the
/// eligibility stage rates (with `set_aside`, also those left out only by
/// a reason that stops the whole event: `--what-if`).
pub(super) fn calculate(ctx: &Analysis<'_>, opts: &RateOptions, set_aside: bool) -> RatingSummary {
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
            .filter(|(_, s)| s.why == Reason::NotOnList && s.opponent.is_some())
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
        words: words::NoteCache::default(),
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
    let (initial_rating_games, excluded) = count_games(tally, &skipped);
    // The games that change a rated player's rating, by the rule the
    // check counts them by, with the ratings and games of this pass.
    let rated = |i: usize| ratings.get(i).copied().flatten().is_some();
    let rated_games = crate::eligibility::count::rated_pairings(
        &ctx.games,
        |row| games.played_at_row(row).is_some(),
        rated,
        |i| {
            rated(i)
                || pass.counts_unrated
                    && pass
                        .route
                        .and_then(|r| r.counted_ratings.get(i).copied().flatten())
                        .is_some()
        },
    );
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
pub(super) struct Selection {
    version: Version,
    basis: crate::regulations::Basis,
    start: Option<NaiveDate>,
    notes: Vec<String>,
}

/// The edition the check's context chose, with notes on how it was chosen.
pub(super) fn select_regulations(ctx: &Analysis<'_>) -> Selection {
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

/// For an event the time control puts on no list (or not on the list of
/// all its games), the note that FIDE would not rate what is shown.
pub(super) fn off_list_note(class: &crate::analysis::EventClass) -> Option<String> {
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

/// One note per rule the calculation used whose reading is not certain.
pub(super) fn caveats(regs: &Regulations, rated: bool, unrated: bool, route: bool) -> Vec<String> {
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
