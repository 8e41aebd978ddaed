//! Title norms (FIDE Title Regulations, Handbook B.01): for every player
//! and every norm title they could still gain, whether the event gives a
//! norm, in the edition of the Title Regulations in force at the start.
//!
//! The stage comes after `check`: it reads the model, the games table, the
//! decisions the check context makes (tournament type, time control), the
//! federation table and, when given, a rating list. It never changes the
//! verdict of a report; a failed condition means "no norm", not "the file
//! is wrong", so the conditions (`conditions`) are not validation rules.
//!
//! Arithmetic is exact: scores in half points, Ra and p rounded half up by
//! integer division, dp from the table of 1.4.9 (`performance`).
//!
//! What a TRF cannot show (the registration, the arbiters, the titles and
//! ratings at the start) is listed "to confirm" with every norm, never
//! assumed; where FIDE's text of an edition was not available, the reading
//! trfkit uses is stated ([`Edition::readings`]).

mod arbiters;
pub(crate) mod assess;
pub(crate) mod conditions;
pub(crate) mod edition;
pub(crate) mod event;
pub(crate) mod games;
pub(crate) mod kind;
pub(crate) mod performance;
pub(crate) mod subset;

pub use assess::Assessment;
pub use assess::ForeignerRule;
pub use assess::Mix;
pub use assess::OpponentRating;
pub use edition::Edition;
pub use event::EventFacts;
pub use event::{QualifyingSwiss, SwissExemption};
pub use games::RoundUse;
pub use kind::NormKind;
pub use subset::SearchCut;
pub use subset::Subset;

use crate::analysis::Analysis;
use crate::model::games::{Games, Kind};
use crate::model::tournament_type::{self, TournamentType};
use crate::model::{ByeKind, RoundResult, Sex, Tournament};
use crate::ratinglist::ListLookup;
use conditions as c;
use serde::Serialize;

/// An exemption from 1.4.3 and 1.4.4 the event has and a TRF cannot show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Exemption {
    /// 1.4.3a: final of the national championship (or national women's).
    A,
    /// 1.4.3b: national team championship.
    B,
    /// 1.4.3c: zonal and sub-zonal tournaments.
    C,
}

impl Exemption {
    /// Reads `1.4.3a`, `a` … (also the 2017 numbering `1.43a`).
    pub fn parse(s: &str) -> Option<Exemption> {
        match s.trim().to_ascii_lowercase().as_str() {
            "1.4.3a" | "1.43a" | "a" => Some(Exemption::A),
            "1.4.3b" | "1.43b" | "b" => Some(Exemption::B),
            "1.4.3c" | "1.43c" | "c" => Some(Exemption::C),
            _ => None,
        }
    }
}

/// Options of a norms evaluation.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct NormOptions {
    /// An exemption from 1.4.3-1.4.4 the event has (`--exempt`).
    pub exempt: Option<Exemption>,
    /// The least games, for the events of 1.4.1b (`--min-games`).
    pub min_games: Option<u32>,
    /// Also the titles players hold and lower ones (`--all`).
    pub all: bool,
    /// A rating list to check the opponents' titles and ratings against.
    pub list: Option<std::sync::Arc<ListLookup>>,
    /// The Qualification Commission approved the event for standard rating
    /// at 45'+30" or 60'+30" (`--qc-approved-fast-classic`, or the
    /// registrations file's column): in FIDE's 2026 window such games count
    /// for title norms (not in the 2025 pilot).
    pub qc_fast_classic: bool,
}

/// One condition failed or to confirm.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Item {
    /// The condition's name (`own-federation`).
    pub condition: &'static str,
    /// Its code (`NORM-F144`).
    pub code: &'static str,
    /// The article in the edition applied, `B.01 (2024) 1.4.4`.
    pub article: String,
    /// What was found.
    pub message: String,
}

/// One norm of one player.
#[derive(Debug, Clone, Serialize)]
#[non_exhaustive]
pub struct Norm {
    /// The title.
    pub title: NormKind,
    /// Made: on all counted games, or on the subset.
    pub made: bool,
    /// Counted games.
    pub games: u32,
    /// What the games count as in a title application: 9 under 1.4.1c, at
    /// most 13 (1.7).
    pub counts_as: u32,
    /// Score on the counted games.
    pub score: String,
    /// The same in half points.
    #[serde(skip)]
    pub half_points: u32,
    /// Ra.
    pub ra: Option<i32>,
    /// Rp.
    pub rp: Option<i32>,
    /// p in whole percent.
    pub p: Option<u32>,
    /// dp.
    pub dp: Option<i32>,
    /// The least score that reaches Rp and 35% with this Ra and these games.
    pub required_score: Option<String>,
    /// Every condition failed (empty when made; when made through a
    /// subset, the conditions all the games failed are in
    /// `failed_all_games`).
    pub failed: Vec<Item>,
    /// On all counted games, when the norm is made through a subset.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub failed_all_games: Vec<Item>,
    /// What a TRF cannot show, for a norm made or that may be made (empty
    /// otherwise: nothing to confirm for a norm that fails anyway).
    pub to_confirm: Vec<Item>,
    /// For a norm made: what the title application needs of the event it
    /// comes from (1.1.3a, 1.5.6), reported, never decided.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub application: Vec<Item>,
    /// The subset of games that makes the norm (1.4.1e-f), when all the
    /// games do not.
    pub subset: Option<Subset>,
    /// The search for a subset stopped at its bound before it could say
    /// whether one makes the norm (absent when it could say).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subset_search_cut: Option<SearchCut>,
    /// 1.4.1c: 8 games plus a forfeit win or pairing-allocated bye.
    pub eight_plus_one: bool,
    /// 1.4.2c: the norm judged again with a last-round forfeit as a played
    /// loss, when that makes it (the norm is not marked made).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_round_forfeit: Option<LastRound>,
    /// The federation rule applied.
    pub foreigner_rule: ForeignerRule,
    /// Federations and titles of the opponents.
    pub mix: Mix,
    /// The ratings used.
    pub ratings: Vec<OpponentRating>,
}

/// The second evaluation of 1.4.2c: a last-round forfeit as a played loss.
#[derive(Debug, Clone, Serialize)]
#[non_exhaustive]
pub struct LastRound {
    /// `1.4.2c-last-round`.
    pub rule: &'static str,
    /// The article, `B.01 (2024) 1.4.2c`.
    pub article: String,
    /// The round.
    pub round: u16,
    /// The judgement with that round as a loss.
    #[serde(flatten)]
    pub assessment: Assessment,
}

/// One player's norms.
#[derive(Debug, Clone, Serialize)]
#[non_exhaustive]
pub struct PlayerNorms {
    /// Starting rank.
    pub start_rank: u16,
    /// FIDE ID.
    pub fide_id: Option<u64>,
    /// Name.
    pub name: String,
    /// Title held, as the report gives it.
    pub title: Option<String>,
    /// Federation.
    pub federation: Option<String>,
    /// Every round: counted or why not.
    pub rounds: Vec<RoundUse>,
    /// Findings about the player's opponents (rating list).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<Item>,
    /// The norms the player could still gain.
    pub norms: Vec<Norm>,
}

impl PlayerNorms {
    /// Whether any norm was made.
    pub fn made_any(&self) -> bool {
        self.norms.iter().any(|n| n.made)
    }
}

/// The norms of one report.
#[derive(Debug, Clone, Serialize)]
#[non_exhaustive]
pub struct NormsReport {
    /// The edition applied (`None`: the event started before 1 July 2014).
    #[serde(serialize_with = "edition_id")]
    pub edition: Option<Edition>,
    /// The start date used to choose it.
    pub start: Option<chrono::NaiveDate>,
    /// The event's facts.
    pub event: Option<EventFacts>,
    /// Where FIDE's text is not available: the reading used, in words.
    pub readings: Vec<String>,
    /// Findings about the report as a whole.
    pub notes: Vec<Item>,
    /// Conditions of the event to confirm (also in every norm).
    pub to_confirm: Vec<Item>,
    /// The least counted games (9, or `--min-games`).
    pub min_games: u32,
    /// The players with at least one norm they could gain.
    pub players: Vec<PlayerNorms>,
}

fn edition_id<S: serde::Serializer>(e: &Option<Edition>, s: S) -> Result<S::Ok, S::Error> {
    match e {
        Some(e) => s.serialize_str(e.id()),
        None => s.serialize_none(),
    }
}

impl NormsReport {
    /// The players who made at least one norm.
    pub fn made(&self) -> impl Iterator<Item = &PlayerNorms> {
        self.players.iter().filter(|p| p.made_any())
    }
}

/// Judges every player's norms in the edition in force at the start.
/// Makes the report's games table and tournament type; a caller that has
/// the report's [`Analysis`] uses [`Analysis::norms`], which reads them
/// from it.
pub fn evaluate(t: &Tournament, opts: &NormOptions) -> NormsReport {
    let games = Games::new(t);
    let ttype = tournament_type::detect(t, games.rank_index());
    judge(t, &games, &ttype, opts)
}

impl Analysis<'_> {
    /// Every player's title norms (B.01) in the edition in force at the
    /// start, from this analysis's games table and tournament type:
    /// [`evaluate`] without deciding them again.
    pub fn norms(&self, opts: &NormOptions) -> NormsReport {
        judge(self.tournament, &self.games, &self.tournament_type, opts)
    }
}

/// Every player's title norms in a report already checked: [`evaluate`]
/// with the tournament type its analysis decided
/// ([`crate::CheckReport::tournament_type`]), not decided again; the HTML
/// report's "Norms" section reads it.
pub(crate) fn evaluate_checked(
    t: &Tournament,
    check: &crate::CheckReport,
    opts: &NormOptions,
) -> NormsReport {
    judge(t, &Games::new(t), &check.tournament_type, opts)
}

/// [`evaluate`] over the report's games table and tournament type.
fn judge(
    t: &Tournament,
    games: &Games,
    ttype: &tournament_type::TypeDecision,
    opts: &NormOptions,
) -> NormsReport {
    let start = t.start_date();
    let mut notes = Vec::new();
    let mut readings = Vec::new();
    let edition = match start {
        Some(d) => match Edition::at(d) {
            Some(e) => e,
            None => {
                notes.push(item(
                    Edition::B01_2024,
                    &c::UNSUPPORTED_EDITION,
                    format!("the event started on {d}, before 1 July 2014: trfkit does not cover the Title Regulations in force then; no norm is computed"),
                ));
                return NormsReport {
                    edition: None,
                    start,
                    event: None,
                    readings,
                    notes,
                    to_confirm: Vec::new(),
                    min_games: opts.min_games.unwrap_or(9),
                    players: Vec::new(),
                };
            }
        },
        None => {
            readings.push("The report gives no start date (042 or 132): trfkit assumes the 2024 edition of the Title Regulations.".to_owned());
            Edition::B01_2024
        }
    };
    readings.extend(edition.readings());
    let e = edition;
    let round_robin = ttype.kind.is_round_robin();
    let drr = ttype.kind == TournamentType::DoubleRoundRobin;
    // The open points that concern this event.
    for (case, text) in e.open_points() {
        let concerns = match case {
            "short" => games.seen(Kind::SHORT),
            "8+1" => t.rounds == 9,
            "drr" => drr,
            _ => true,
        };
        if concerns {
            readings.push(text);
        }
    }
    let fast_classic = start
        .filter(|_| opts.qc_fast_classic)
        .and_then(crate::regulations::rating_type::fast_classic_at);
    let facts = event::facts(t, games, e, ttype, fast_classic);
    let opps = games::opponents(t, games, e, opts.list.as_deref(), round_robin);

    let mut to_confirm = facts.to_confirm.clone();
    if let Some(n) = &facts.no_norm {
        notes.push(n.clone());
    }
    for (cond, msg) in [
        (&c::REGISTRATION, "a TRF does not hold the registration: confirm the event was registered with FIDE at least 30 days before it started"),
        (&c::ARBITERS, arbiters::to_confirm(t).as_str()),
        (&c::PLAY_PER_DAY, "confirm that play did not exceed 12 hours on any day"),
        (&c::UNCHANGED_EVENT, "confirm the rounds, their order and the opponents were not changed to benefit a player"),
        (&c::TITLES_AT_START, "the title column is the title when the file was written: confirm each opponent's title was confirmed before the event started (0.43 of the 2014 and 2017 editions)"),
        (&c::RATINGS_AT_START, "confirm the rating column is the list in force at the start"),
    ] {
        to_confirm.push(item(e, cond, msg.to_owned()));
    }
    if let Some(n) = opts.min_games {
        to_confirm.push(item(
            e,
            &c::EVENT_TYPE,
            format!("--min-games {n}: confirm the event is one 1.4.1b allows fewer games"),
        ));
    }
    if drr && t.players.len() < 6 {
        notes.push(item(
            e,
            &c::DOUBLE_ROUND_ROBIN_PLAYERS,
            format!(
                "a double round robin of {} players (at least 6)",
                t.players.len()
            ),
        ));
    }

    let min_games = opts.min_games.unwrap_or(9);
    let mut players = Vec::new();
    // The subsets the searches of 1.4.1e-f may still judge, all players
    // and norms together.
    let mut left = subset::REPORT_BUDGET;
    for (i, p) in t.players.iter().enumerate() {
        if !games.of(i).iter().any(|g| g.has_all(Kind::GAME)) {
            continue;
        }
        let held = p.title.as_ref().map(|t| &t.value);
        let woman = matches!(p.sex.as_ref().map(|s| s.value), Some(Sex::Female));
        let kinds: Vec<NormKind> = kind::KINDS
            .into_iter()
            .filter(|k| !k.is_womens() || woman)
            .filter(|k| opts.all || !k.held_by(held))
            .collect();
        if kinds.is_empty() {
            continue;
        }
        let (rounds, counted) = games::classify(t, games, &opps, i, e);
        let own = match &p.federation {
            Some(f) if games::is_federation(f.value.trim()) => {
                Some(f.value.trim().to_ascii_uppercase())
            }
            _ => None,
        };
        let foreigner_rule = foreigner_rule(
            opts.exempt,
            own.as_deref(),
            facts.host.as_deref(),
            facts.swiss_exemption.met,
        );
        // 1.4.1c: a 9-round event, 8 games, the missing round a forfeit
        // win or a pairing-allocated bye.
        let eight_plus_one = counted.len() == 8
            && t.rounds == 9
            && rounds.iter().filter(|r| !r.counted).all(|r| {
                matches!(
                    p.round(usize::from(r.round)).result,
                    RoundResult::Forfeit { won: true }
                        | RoundResult::Bye {
                            bye: ByeKind::PairingAllocated
                        }
                )
            })
            && min_games == 9;
        // 1.4.2c: a forfeit in the last round against a named opponent who
        // would have counted.
        let last_forfeit = games
            .of(i)
            .get(usize::from(t.rounds).wrapping_sub(1))
            .filter(|g| {
                g.has_all(Kind::FORFEIT)
                    && g.opponent != crate::model::games::NONE
                    && !g.has_all(Kind::SELF)
            })
            .map(|g| games::Counted {
                round: g.round,
                opponent: g.opponent as usize,
                half: 0,
            })
            .filter(|g| !matches!(opps[g.opponent].fed, games::Fed::Outside(_)));
        let mut notes: Vec<Item> = Vec::new();
        for g in &counted {
            for n in &opps[g.opponent].list_notes {
                if !notes.contains(n) {
                    notes.push(n.clone());
                }
            }
        }
        let norms = kinds
            .into_iter()
            .map(|k| {
                let setting = assess::Setting {
                    edition: e,
                    kind: k,
                    own: own.as_deref(),
                    foreigner_rule,
                    double_round_robin: drr,
                    min_games,
                    eight_plus_one: false,
                };
                norm(
                    &setting,
                    &counted,
                    &opps,
                    &facts,
                    &to_confirm,
                    Extra {
                        eight_plus_one,
                        round_robin,
                        small_drr: drr && t.players.len() < 6,
                        last_forfeit,
                    },
                    &mut left,
                )
            })
            .collect();
        players.push(PlayerNorms {
            start_rank: p.start_rank.value,
            fide_id: p.fide_id.as_ref().map(|f| f.value),
            name: p.name.value.clone(),
            title: held.map(|t| t.as_str().to_owned()),
            federation: p.federation.as_ref().map(|f| f.value.trim().to_owned()),
            rounds,
            notes,
            norms,
        });
    }
    NormsReport {
        edition: Some(e),
        start,
        event: Some(facts),
        readings,
        notes,
        to_confirm,
        min_games,
        players,
    }
}

fn foreigner_rule(
    exempt: Option<Exemption>,
    own: Option<&str>,
    host: Option<&str>,
    swiss_met: bool,
) -> ForeignerRule {
    match exempt {
        Some(Exemption::C) => return ForeignerRule::ExemptC,
        Some(x) if own.is_some() && own == host => {
            return if x == Exemption::A {
                ForeignerRule::ExemptA
            } else {
                ForeignerRule::ExemptB
            }
        }
        _ => {}
    }
    if swiss_met {
        ForeignerRule::ExemptD
    } else {
        ForeignerRule::Normal
    }
}

/// What a norm's evaluation needs to know of the player and the event
/// besides the games.
#[derive(Debug, Clone, Copy)]
struct Extra {
    /// 1.4.1c may apply.
    eight_plus_one: bool,
    /// A round robin (1.4.1e does not apply).
    round_robin: bool,
    /// A double round robin of fewer than 6 players (1.4.5f).
    small_drr: bool,
    /// A last-round forfeit (1.4.2c), as a loss.
    last_forfeit: Option<games::Counted>,
}

/// One norm: all the games, then 8 + 1, then the best subset, then the
/// last-round forfeit.
fn norm(
    s: &assess::Setting<'_>,
    counted: &[games::Counted],
    opps: &[games::Opponent],
    facts: &EventFacts,
    event_confirm: &[Item],
    x: Extra,
    left: &mut u32,
) -> Norm {
    let Extra {
        eight_plus_one,
        round_robin,
        small_drr,
        last_forfeit,
    } = x;
    let e = s.edition;
    let mut full = assess::assess(s, counted, opps);
    let mut used_eight = false;
    if eight_plus_one {
        let eight = assess::Setting {
            eight_plus_one: true,
            ..*s
        };
        let a = assess::assess(&eight, counted, opps);
        if a.failed.is_empty() {
            full = a;
            used_eight = true;
        }
    }
    let event_failed: Vec<Item> = facts
        .failed
        .iter()
        .cloned()
        .chain(small_drr.then(|| {
            item(
                e,
                &c::DOUBLE_ROUND_ROBIN_PLAYERS,
                "a double round robin of fewer than 6 players".to_owned(),
            )
        }))
        .collect();
    let mut failed = full.failed.clone();
    failed.extend(event_failed.iter().cloned());

    let mut to_confirm = event_confirm.to_vec();
    if used_eight {
        to_confirm.push(item(
            e,
            &c::EIGHT_PLUS_ONE,
            "8 games plus a forfeit win or pairing-allocated bye, valid as 9 games: a title application may use this once".to_owned(),
        ));
    }
    if s.foreigner_rule != ForeignerRule::Normal {
        to_confirm.push(item(
            e,
            &c::EXEMPTION,
            format!(
                "federation rules waived ({}): the application needs one norm made without an exemption ({})",
                s.foreigner_rule.as_str(),
                e.cite("1.4.3e")
            ),
        ));
    }
    if counted
        .iter()
        .any(|g| opps[g.opponent].fed == games::Fed::Fid)
    {
        to_confirm.push(item(
            e,
            &c::FID_OPPONENTS,
            "an opponent plays under the FIDE flag (FID): counted as a game, not as a federation; confirm whether FIDE counts the player under a federation".to_owned(),
        ));
    }

    // 1.4.1e-f: only when the games conditions of the event hold.
    let mix_failed = |a: &Assessment| {
        a.failed.iter().any(|f| {
            [
                c::FOREIGN_FEDERATIONS.code,
                c::OWN_FEDERATION.code,
                c::ONE_FEDERATION.code,
                c::TITLE_HOLDERS.code,
                c::NORM_TITLE_HOLDERS.code,
            ]
            .contains(&f.code)
        })
    };
    let (subset, subset_search_cut) =
        if failed.is_empty() || !event_failed.is_empty() || (round_robin && mix_failed(&full)) {
            (None, None)
        } else {
            subset::best(s, counted, opps, !round_robin, left)
        };
    let made = failed.is_empty() || subset.is_some();
    let last_round_forfeit = match last_forfeit {
        Some(f) if !made && event_failed.is_empty() => {
            let mut with: Vec<games::Counted> = counted.to_vec();
            with.push(f);
            let a = assess::assess(s, &with, opps);
            a.failed.is_empty().then(|| {
                to_confirm.push(item(
                    e,
                    &c::LAST_ROUND_FORFEIT,
                    format!(
                        "with round {}'s forfeit as a played loss the norm is made (Ra {}, Rp {}): confirm FIDE accepts it",
                        f.round,
                        a.ra.map_or("-".to_owned(), |v| v.to_string()),
                        a.rp.map_or("-".to_owned(), |v| v.to_string())
                    ),
                ));
                LastRound {
                    rule: "1.4.2c-last-round",
                    article: e.cite("1.4.2c"),
                    round: f.round,
                    assessment: a,
                }
            })
        }
        _ => None,
    };
    let failed_all_games = if subset.is_some() {
        std::mem::take(&mut failed)
    } else {
        Vec::new()
    };
    // What to confirm matters only for a norm that is, or may be, made;
    // the event's list is in the report once (`NormsReport::to_confirm`).
    if !made && last_round_forfeit.is_none() {
        to_confirm.clear();
    }
    let application = if made {
        application(s.kind, facts)
    } else {
        Vec::new()
    };
    let n = full.games;
    let counts_as = if used_eight { 9 } else { n.min(13) };
    Norm {
        title: s.kind,
        made,
        games: n,
        counts_as,
        score: full.score.clone(),
        half_points: full.half,
        ra: full.ra,
        rp: full.rp,
        p: full.p,
        dp: full.dp,
        required_score: full
            .ra
            .and_then(|ra| performance::required_half_points(ra, n, s.kind.rp_min()))
            .map(assess::score_text),
        failed,
        failed_all_games,
        to_confirm,
        application,
        subset,
        subset_search_cut,
        eight_plus_one: used_eight,
        last_round_forfeit,
        foreigner_rule: s.foreigner_rule,
        mix: full.mix,
        ratings: full.ratings,
    }
}

/// Builds an item of a condition with its article in `e` and a message.
/// What a title application needs of the event a norm comes from. These are
/// rules of the application, in force when it is made (the 2024 edition),
/// whatever the edition of the event: cited as such.
fn application(kind: NormKind, facts: &EventFacts) -> Vec<Item> {
    let now = Edition::B01_2024;
    let mut out = Vec::new();
    if matches!(kind, NormKind::GM | NormKind::WGM) {
        let msg = match facts.single_round_days {
            Some(d) => format!(
                "this event had one round a day on {d} day{}: it {} be the norm from an event with one round a day on at least {} days that a {} application needs",
                if d == 1 { "" } else { "s" },
                if d >= event::SINGLE_ROUND_DAYS { "can" } else { "cannot" },
                event::SINGLE_ROUND_DAYS,
                kind.as_str()
            ),
            None => format!(
                "the report has no round dates (132): trfkit cannot tell whether this event had one round a day on at least {} days, which one norm of a {} application needs",
                event::SINGLE_ROUND_DAYS,
                kind.as_str()
            ),
        };
        out.push(item(now, &c::ONE_ROUND_A_DAY, msg));
    }
    let after = chrono::NaiveDate::from_ymd_opt(2022, 6, 30).expect("a valid date");
    if facts.end.is_none_or(|d| d > after) {
        let when = match facts.end {
            Some(d) => format!("made in an event that ended on {d}"),
            None => "made in an event whose end the report does not date".to_owned(),
        };
        let others = "an Olympiad, a Candidates or World Cup qualifier, an individual event under the EVE regulations or a national championship final";
        let what = match &facts.qualifying_swiss {
            Some(q) if q.met => format!(
                "this event qualifies: an individual Swiss with at least {} rated players averaging at least {} in every round (lowest, {})",
                event::QUALIFYING_PLAYERS,
                event::QUALIFYING_AVERAGE,
                q.describe()
            ),
            Some(q) => format!(
                "this Swiss does not qualify as one with at least {} rated players averaging at least {} in every round ({}); unless it is {others}, another norm of the application must come from a qualifying event",
                event::QUALIFYING_PLAYERS,
                event::QUALIFYING_AVERAGE,
                q.describe()
            ),
            None => format!(
                "this event is a {}, not an individual Swiss; unless it is {others}, another norm of the application must come from a qualifying event",
                facts.tournament_type
            ),
        };
        out.push(item(
            now,
            &c::QUALIFYING_EVENT,
            format!(
                "a norm {when}: the application needs one norm from a qualifying event; {what}"
            ),
        ));
    }
    out
}

/// One finding of a condition, citing the article of edition `e`.
pub(crate) fn item(e: Edition, cond: &conditions::Condition, message: String) -> Item {
    Item {
        condition: cond.name,
        code: cond.code,
        article: format!(
            "B.01 ({}) {}",
            e.year(),
            cond.article
                .split(", ")
                .map(|a| e.article(a))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        message,
    }
}
