//! Which games played over the board FIDE leaves out of the rating, and
//! why: the one place that decides it. The rules that report it
//! (`time-control-below-minimum`, `match-decided-games`,
//! `match-with-unrated-player`) word the findings from these decisions, and
//! the rating pass leaves exactly the same games out, so `trf check` and
//! `trf rate` cannot disagree.
//!
//! Unplayed results (forfeits, byes, games of less than one move) are not
//! decided here: they are never games for the calculation (docs/spec/regulations.md
//! R10, R11) and the rating pass reads them from the results themselves.
//!
//! Each decision comes as data ([`Excluded`]: the pairing, the reason, the
//! consequence and the topic of the regulations), so a later pass (rapid
//! and blitz) can add its own sources without touching the calculation.

use super::event::{pairings, Event, Game, TimeControlInfo};
use super::results::contradictory;
use crate::diag::Consequence;
use crate::model::games::Kind;
use crate::model::timecontrol::TimeControl;
use crate::model::tournament_type::TournamentType;
use crate::model::{Player, RoundResult};
use crate::regulations::rating_type::minutes_text as minutes;
use crate::regulations::{BandScope, MatchWithUnrated, Topic};
use crate::source::span::Span;
use serde::Serialize;

/// Every pairing with an opponent who exists, once.
fn games<'a>(ev: &Event<'a>) -> impl Iterator<Item = Game<'a>> + 'a {
    pairings(ev.tournament, ev.games, Kind::all())
}

/// `0`, `½`, `2½`.
fn score(half_points: u32) -> String {
    match (half_points / 2, half_points % 2) {
        (0, 1) => "½".to_owned(),
        (w, 0) => w.to_string(),
        (w, _) => format!("{w}½"),
    }
}

/// A player's rating, `None` when unrated.
fn rating(p: &Player) -> Option<u16> {
    p.rating.map(|r| r.value)
}

/// A game played over the board that is not rated, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Excluded {
    /// Round, 1-based.
    pub round: u16,
    /// The two players' starting ranks, lower first.
    pub ranks: (u16, u16),
    /// Why.
    pub reason: Ruled,
    /// What the finding means: `games-not-rated` when the rest of the
    /// event is rated, `event-not-rated` when this reason stops the whole
    /// event (then `--what-if` counts the game hypothetically).
    pub consequence: Consequence,
    /// The rule that reports it.
    pub rule: &'static str,
    /// The topic of the regulations (its article is cited per edition).
    #[serde(skip)]
    pub topic: Topic,
}

/// Why a game played over the board is not rated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Ruled {
    /// Slower than the minimum rate of play of its band (R1, R4).
    BelowRateOfPlay {
        /// Time for 60 moves the control gives (the shorter side's), in
        /// seconds; without the delay when only the delay reaches the band.
        t60_seconds: u32,
        /// The minimum the band requires, in minutes.
        required_minutes: u32,
        /// The band is set by the whole tournament (texts before 2017), not
        /// by the game.
        per_tournament: bool,
        /// The control reaches the band only if its delay counts like an
        /// increment, which B.02 does not say: left out on that reading.
        delay_not_counted: bool,
        /// The control does not say what follows its last period: only the
        /// stated periods were counted.
        stated_periods_only: bool,
    },
    /// Played after one player had won the match (R13).
    AfterMatchDecided {
        /// The round after which the match was decided.
        decided_in_round: u16,
        /// The winner's starting rank.
        winner: u16,
        /// The winner's score then, in half-points.
        winner_half_points: u32,
        /// Games of the match (the declared rounds, else the rounds in the
        /// report).
        match_games: u16,
    },
    /// A match with an unrated player, or a Scheveningen with more than
    /// one, that the edition does not rate (R12).
    MatchWithUnrated,
    /// The two players' results contradict each other (`1`/`1`, `1`/`=`,
    /// a forfeit against a game, one side without a result): held back
    /// until the report is corrected.
    ResultsDisagree,
}

impl Ruled {
    /// The rule of `trf check` that reports it (code and name), from the
    /// one table of reasons and rules (`super::RULES`).
    pub fn rule(&self) -> (&'static str, &'static str) {
        super::rule_of(self.key()).unwrap_or(("", ""))
    }

    /// The topic of the regulations that leaves it out (its article is
    /// cited per edition).
    pub fn topic(&self) -> Topic {
        match self {
            Ruled::BelowRateOfPlay { .. } => Topic::RateOfPlay,
            Ruled::AfterMatchDecided { .. } => Topic::GamesAfterMatchDecided,
            Ruled::MatchWithUnrated => Topic::MatchWithUnrated,
            Ruled::ResultsDisagree => Topic::UnplayedGames,
        }
    }

    /// The key used in JSON and the summary's counts.
    pub fn key(&self) -> &'static str {
        match self {
            Ruled::BelowRateOfPlay { .. } => "below_rate_of_play",
            Ruled::AfterMatchDecided { .. } => "after_match_decided",
            Ruled::MatchWithUnrated => "match_with_unrated",
            Ruled::ResultsDisagree => "results_disagree",
        }
    }

    /// The reason in words, for people.
    pub fn describe(&self) -> String {
        match *self {
            Ruled::BelowRateOfPlay {
                t60_seconds,
                required_minutes,
                per_tournament,
                delay_not_counted,
                stated_periods_only,
            } => format!(
                "below the minimum rate of play: {} for 60 moves, {required_minutes} min required{}{}{}",
                minutes(t60_seconds),
                if per_tournament {
                    " by the tournament's highest rating"
                } else {
                    " by the game's higher rating"
                },
                if delay_not_counted {
                    " (counted without its delay: B.02 does not say a delay counts like an increment; trfkit's reading)"
                } else {
                    ""
                },
                if stated_periods_only {
                    " (the control's stated periods only: it does not say what follows them)"
                } else {
                    ""
                }
            ),
            Ruled::AfterMatchDecided {
                decided_in_round,
                winner,
                winner_half_points,
                match_games,
            } => format!(
                "played after the match was decided: player {winner} had {} of {match_games} after round {decided_in_round}",
                score(winner_half_points)
            ),
            Ruled::MatchWithUnrated => {
                "a match (or Scheveningen) the edition does not rate because of its unrated players"
                    .to_owned()
            }
            Ruled::ResultsDisagree => {
                "the two players' results contradict each other: held back until the report says which is right"
                    .to_owned()
            }
        }
    }
}

/// Every game the regulations leave out of this report, by the rules that
/// are enabled and apply, in round then rank order.
pub(crate) fn excluded(ev: &Event<'_>) -> Vec<Excluded> {
    let mut out = Vec::new();
    let on = |key: &str| super::enabled(ev.opts, key);
    if on("below_rate_of_play") {
        if let Some(s) = rate_of_play_shortfall(ev) {
            s.push_excluded(&mut out);
        }
    }
    if on("match_with_unrated") && match_with_unrated(ev).is_some() {
        // Every game of the match or Scheveningen.
        for g in games(ev).filter(over_the_board) {
            out.push(pairing(
                &g,
                Ruled::MatchWithUnrated,
                Consequence::EventNotRated,
            ));
        }
    }
    // Only pairings whose two sides are not each other's mirror can
    // contradict each other.
    if on("results_disagree") && ev.games.seen(Kind::ODD_RESULTS) {
        for g in games(ev).filter(|g| g.row.has_all(Kind::ODD_RESULTS)) {
            let theirs = ev
                .games
                .mirror_of(g.row)
                .filter(|t| t.opponent_rank() == Some(g.player.start_rank.value));
            if theirs.is_some_and(|t| contradictory(g.entry.value.result, ev.block(t).value.result))
            {
                out.push(pairing(
                    &g,
                    Ruled::ResultsDisagree,
                    Consequence::FixBeforeUpload,
                ));
            }
        }
    }
    if on("after_match_decided") {
        if let Some(m) = match_decided(ev) {
            let reason = m.reason();
            for g in &m.after {
                out.push(pairing(g, reason, Consequence::GamesNotRated));
            }
        }
    }
    out.sort_by_key(|e| (e.round, e.ranks));
    out
}

/// The exclusion of one pairing, under the rule that reports the reason.
fn pairing(g: &Game<'_>, reason: Ruled, consequence: Consequence) -> Excluded {
    let (a, b) = (g.player.start_rank.value, g.opponent.start_rank.value);
    Excluded {
        round: u16::try_from(g.round).unwrap_or(u16::MAX),
        ranks: (a.min(b), a.max(b)),
        reason,
        consequence,
        rule: reason.rule().1,
        topic: reason.topic(),
    }
}

/// A game decided over the board (`1 = 0`): the only kind a band or a
/// match decision can take out of the rating.
fn over_the_board(g: &Game<'_>) -> bool {
    matches!(g.entry.value.result, RoundResult::Game { .. })
}

// ---------------------------------------------------------------------------
// Rate of play (R1, R4).
// ---------------------------------------------------------------------------

/// Games slower than the minimum rate of play.
#[derive(Debug)]
pub(crate) struct RateOfPlayShortfall<'a> {
    /// The control read from `222`/`122`.
    pub control: &'a TimeControl,
    /// Where it is written.
    pub span: Span,
    /// The control's time for 60 moves, the shorter side's, in seconds.
    pub t60: u32,
    /// The time counted against the bands: `t60`, or without the delay when
    /// only the delay (counted like an increment) reaches the band.
    pub counted: u32,
    /// The shortfall holds only if the delay does not count like an
    /// increment, which B.02 does not say: a warning, never a block.
    pub delayed: bool,
    /// Per tournament or per game.
    pub scope: Shortfall<'a>,
}

/// The shortfall by the scope of the bands.
#[derive(Debug)]
pub(crate) enum Shortfall<'a> {
    /// The highest-rated player in the tournament sets the band for every
    /// game (texts before 2017): no game of the event is rated as standard.
    Tournament {
        /// The first player with the highest rating.
        top: Option<&'a Player>,
        /// The minimum that player's band requires, in minutes.
        need_minutes: u32,
        /// The games over the board.
        games: Vec<Game<'a>>,
    },
    /// Each game's band is set by the higher-rated of its two players.
    Game {
        /// Games over the board.
        total: u32,
        /// The games below their band and the band's minimum in minutes,
        /// in round then rank order.
        below: Vec<(Game<'a>, u32)>,
    },
}

impl RateOfPlayShortfall<'_> {
    /// What the shortfall means: a block when it takes every game (or the
    /// whole tournament), games left out when it takes some or when it
    /// rests on the delay; a report to complete, with no game left out,
    /// when it rests on a control that stops after its stated periods
    /// (what followed could reach the band: no figure is made up).
    pub(crate) fn consequence(&self) -> Consequence {
        if !self.control.is_complete() {
            return Consequence::FixBeforeUpload;
        }
        let all = match &self.scope {
            Shortfall::Tournament { .. } => true,
            Shortfall::Game { total, below } => below.len() >= *total as usize,
        };
        if !all || self.delayed || !self.control.is_complete() {
            Consequence::GamesNotRated
        } else {
            Consequence::EventNotRated
        }
    }

    fn push_excluded(&self, out: &mut Vec<Excluded>) {
        if !self.control.is_complete() {
            return;
        }
        let consequence = self.consequence();
        let mut push = |g: &Game<'_>, need: u32, per_tournament: bool| {
            out.push(pairing(
                g,
                Ruled::BelowRateOfPlay {
                    t60_seconds: self.counted,
                    required_minutes: need,
                    per_tournament,
                    delay_not_counted: self.delayed,
                    stated_periods_only: !self.control.is_complete(),
                },
                consequence,
            ));
        };
        match &self.scope {
            Shortfall::Tournament {
                need_minutes,
                games,
                ..
            } => {
                for g in games {
                    push(g, *need_minutes, true);
                }
            }
            Shortfall::Game { below, .. } => {
                for (g, need) in below {
                    push(g, *need, false);
                }
            }
        }
    }
}

/// The games below the minimum rate of play of the edition applied, or
/// `None` when every game meets its band (or the rule does not apply: a
/// rapid or blitz event, or no readable control).
pub(crate) fn rate_of_play_shortfall<'a>(ev: &Event<'a>) -> Option<RateOfPlayShortfall<'a>> {
    if !ev.standard_rules() {
        return None;
    }
    let TimeControlInfo::Read { control, span, .. } = &ev.time_control else {
        return None;
    };
    // Every player needs the minimum: for Armageddon, the shorter side.
    let (w, b) = control.t60_seconds_by_side();
    let t60 = w.min(b);
    // A "fast classic" event the user states the Qualification Commission
    // approved (`--qc-approved-fast-classic`, inside FIDE's window): its
    // games at 45'+30" or more are standard whatever their band.
    if ev
        .fast_classic
        .is_some_and(|f| t60 >= f.minimum_minutes * 60)
    {
        return None;
    }
    let without_delay = control.has_delay().then(|| {
        let (w, b) = no_delay(control).t60_seconds_by_side();
        w.min(b)
    });
    let rate_of_play = &ev.regs.rate_of_play;
    // A control that meets the highest band meets every band: nothing to
    // look at game by game.
    let highest = rate_of_play.minimum_minutes(Some(u16::MAX)) * 60;
    if t60 >= highest && without_delay.is_none_or(|t| t >= highest) && control.is_complete() {
        return None;
    }
    let shortfall = |counted: u32, delayed: bool, scope| RateOfPlayShortfall {
        control,
        span: *span,
        t60,
        counted,
        delayed,
        scope,
    };
    match rate_of_play.scope {
        BandScope::Tournament => {
            // The first player with the highest rating sets the band.
            let mut top: Option<&Player> = None;
            for p in &ev.tournament.players {
                if rating(p) > top.and_then(rating) {
                    top = Some(p);
                }
            }
            let need = rate_of_play.minimum_minutes(top.and_then(rating));
            let (counted, delayed) = if t60 < need * 60 {
                (t60, false)
            } else {
                match without_delay {
                    Some(t) if t < need * 60 => (t, true),
                    _ => return None,
                }
            };
            let games = games(ev).filter(over_the_board).collect();
            Some(shortfall(
                counted,
                delayed,
                Shortfall::Tournament {
                    top,
                    need_minutes: need,
                    games,
                },
            ))
        }
        BandScope::Game => {
            let need = |g: &Game<'_>| {
                rate_of_play.minimum_minutes(rating(g.player).max(rating(g.opponent)))
            };
            let mut total = 0u32;
            let mut below = Vec::new();
            let mut below_without_delay = 0u32;
            for g in games(ev).filter(over_the_board) {
                total += 1;
                let n = need(&g) * 60;
                if t60 < n {
                    below.push((g, n / 60));
                } else if without_delay.is_some_and(|t| t < n) {
                    below_without_delay += 1;
                }
            }
            let delayed = below.is_empty() && below_without_delay > 0;
            let counted = if delayed {
                // Re-count against the control without its delay.
                let t = without_delay.unwrap_or(t60);
                for g in games(ev).filter(over_the_board) {
                    if t < need(&g) * 60 {
                        let n = need(&g);
                        below.push((g, n));
                    }
                }
                t
            } else {
                t60
            };
            if below.is_empty() {
                return None;
            }
            below.sort_by_key(|(g, _)| (g.round, g.player.start_rank.value));
            Some(shortfall(
                counted,
                delayed,
                Shortfall::Game { total, below },
            ))
        }
    }
}

/// The same control with the delay taken out.
fn no_delay(tc: &TimeControl) -> TimeControl {
    let mut t = tc.clone();
    let strip = |ps: &mut Vec<crate::model::timecontrol::Period>| {
        for p in ps {
            p.increment_seconds = 0;
        }
    };
    strip(&mut t.periods);
    if let Some(b) = t.black_periods.as_mut() {
        strip(b);
    }
    t.delay = None;
    t
}

// ---------------------------------------------------------------------------
// Matches (R12, R13).
// ---------------------------------------------------------------------------

/// A two-player event: the match rules apply.
pub(crate) fn is_match(ev: &Event<'_>) -> bool {
    ev.tournament_type.kind == TournamentType::Match && ev.tournament.players.len() == 2
}

/// A match (or a Scheveningen) the edition does not rate because of its
/// unrated players.
#[derive(Debug)]
pub(crate) struct UnratedMatch<'a> {
    /// The unrated players, in file order.
    pub unrated: Vec<&'a Player>,
    /// The edition's rule in words.
    pub rule_text: &'static str,
    /// Set when the event is a Scheveningen: how it was recognised.
    pub scheveningen: Option<Scheveningen>,
}

/// The match's unrated players when the edition refuses to rate it (R12):
/// 2003–2009 more than one unrated player, 2013 on any. Under the texts
/// that name them (2003, 2005: art. 6.4; 2009 (?)), a Scheveningen with
/// more than one unrated player is not rated either.
pub(crate) fn match_with_unrated<'a>(ev: &Event<'a>) -> Option<UnratedMatch<'a>> {
    let unrated = || -> Vec<&'a Player> {
        ev.tournament
            .players
            .iter()
            .filter(|p| p.rating.is_none())
            .collect()
    };
    let more_than_one =
        ev.regs.match_with_unrated == MatchWithUnrated::NotRatedIfMoreThanOneUnrated;
    if !is_match(ev) {
        if !more_than_one {
            return None;
        }
        let unrated = unrated();
        if unrated.len() < 2 {
            return None;
        }
        let s = scheveningen(ev)?;
        return Some(UnratedMatch {
            unrated,
            rule_text: "a Scheveningen with more than one unrated player is not rated",
            scheveningen: Some(s),
        });
    }
    let unrated = unrated();
    let (fires, rule_text) = if more_than_one {
        (
            unrated.len() > 1,
            "a match between unrated players is not rated",
        )
    } else {
        (
            !unrated.is_empty(),
            "a match with an unrated player is not rated",
        )
    };
    fires.then_some(UnratedMatch {
        unrated,
        rule_text,
        scheveningen: None,
    })
}

/// A Scheveningen as recognised from a report: two sides, every member of
/// one side paired with every member of the other and nobody with their
/// own side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Scheveningen {
    /// The starting ranks of each side, ascending.
    pub sides: [Vec<u16>; 2],
    /// What besides the pairings says it is one: the two teams of
    /// `013`/`310`, or the declared type.
    pub basis: String,
}

impl Scheveningen {
    /// How it was recognised, for the finding and the rating notes.
    pub(crate) fn describe(&self) -> String {
        let side = |v: &Vec<u16>| v.iter().map(u16::to_string).collect::<Vec<_>>().join(", ");
        format!(
            "recognised as a Scheveningen because {} and every member of one side played every member of the other (sides {} and {})",
            self.basis,
            side(&self.sides[0]),
            side(&self.sides[1])
        )
    }
}

/// Recognises a Scheveningen: the pairings (every result that names an
/// opponent) split the players into two sides of at least two, every
/// pairing crosses the sides and every cross pair met; and the report says
/// so too, by exactly two teams (`013`/`310`) that are those sides, or by a
/// type (`092`/`192`) naming a Scheveningen. The pairings alone are not
/// enough: a small Swiss can pair like one. Linear in the pairings.
pub(crate) fn scheveningen(ev: &Event<'_>) -> Option<Scheveningen> {
    let t = ev.tournament;
    let n = t.players.len();
    // What the report says is checked first: a Swiss of hundreds of
    // players never pays for the pairing graph.
    if n < 4 || (t.teams.len() != 2 && declared_basis(t).is_none()) {
        return None;
    }
    let at: std::collections::HashMap<u16, usize> = t
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.start_rank.value, i))
        .collect();
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut pairs: std::collections::HashSet<(usize, usize)> = std::collections::HashSet::new();
    for g in games(ev) {
        let (Some(&a), Some(&b)) = (
            at.get(&g.player.start_rank.value),
            at.get(&g.opponent.start_rank.value),
        ) else {
            continue;
        };
        adj[a].push(b);
        adj[b].push(a);
        pairs.insert((a.min(b), a.max(b)));
    }
    // Two-colour the pairing graph.
    let mut side: Vec<Option<usize>> = vec![None; n];
    for start in 0..n {
        if side[start].is_some() {
            continue;
        }
        side[start] = Some(0);
        let mut stack = vec![start];
        while let Some(v) = stack.pop() {
            let c = side[v]?;
            for &w in &adj[v] {
                match side[w] {
                    None => {
                        side[w] = Some(1 - c);
                        stack.push(w);
                    }
                    Some(d) if d == c => return None,
                    Some(_) => {}
                }
            }
        }
    }
    let mut sides: [Vec<u16>; 2] = [Vec::new(), Vec::new()];
    for (i, p) in t.players.iter().enumerate() {
        sides[side[i]?].push(p.start_rank.value);
    }
    if sides.iter().any(|s| s.len() < 2) || pairs.len() != sides[0].len() * sides[1].len() {
        return None;
    }
    for s in &mut sides {
        s.sort_unstable();
    }
    let basis = team_basis(t, &sides).or_else(|| declared_basis(t))?;
    Some(Scheveningen { sides, basis })
}

/// "the two teams `Knights` and `Rooks`" when the report's teams are the
/// two sides.
fn team_basis(t: &crate::model::Tournament, sides: &[Vec<u16>; 2]) -> Option<String> {
    let [a, b] = t.teams.as_slice() else {
        return None;
    };
    let members = |team: &crate::model::Team| {
        let mut m: Vec<u16> = team.members.iter().map(|r| r.value).collect();
        m.sort_unstable();
        m
    };
    let (ma, mb) = (members(a), members(b));
    let same = (ma == sides[0] && mb == sides[1]) || (ma == sides[1] && mb == sides[0]);
    same.then(|| {
        format!(
            "the two teams `{}` and `{}` are the two sides",
            a.name.value, b.name.value
        )
    })
}

/// "the type `092 Scheveningen`" when the declared type names one.
fn declared_basis(t: &crate::model::Tournament) -> Option<String> {
    let h = &t.header;
    [
        ("192", &h.tournament_type_code),
        ("092", &h.tournament_type),
    ]
    .into_iter()
    .find_map(|(code, v)| {
        let v = v.as_ref()?;
        v.value
            .to_ascii_lowercase()
            .contains("scheveningen")
            .then(|| format!("the type `{code} {}` says so", v.value))
    })
}

/// A match decided before its last game, and the games played after.
#[derive(Debug)]
pub(crate) struct MatchDecided<'a> {
    /// Games of the match: `142`/`XXR` when it declares at least the rounds
    /// written, else the rounds in the report.
    pub games: u16,
    /// The match length was taken from the rounds in the report, not a
    /// declaration.
    pub games_assumed: bool,
    /// The round after which the winner could no longer be caught.
    pub decided_in_round: u16,
    /// The winner.
    pub winner: &'a Player,
    /// The winner's score after that round, in half-points.
    pub winner_half_points: u32,
    /// The games over the board played after that round.
    pub after: Vec<Game<'a>>,
}

impl MatchDecided<'_> {
    /// The exclusion reason these games carry.
    pub(crate) fn reason(&self) -> Ruled {
        Ruled::AfterMatchDecided {
            decided_in_round: self.decided_in_round,
            winner: self.winner.start_rank.value,
            winner_half_points: self.winner_half_points,
            match_games: self.games,
        }
    }
}

/// The games of a match played after one player had more than half of the
/// match's points (R13), or `None` when the match was not decided before
/// its last game or no game over the board followed. Points come from
/// every result with a score (forfeits count in the match score).
pub(crate) fn match_decided<'a>(ev: &Event<'a>) -> Option<MatchDecided<'a>> {
    if !is_match(ev) {
        return None;
    }
    let players = &ev.tournament.players;
    let rounds = players.iter().map(|p| p.rounds.len()).max().unwrap_or(0);
    let written = u16::try_from(rounds).unwrap_or(u16::MAX);
    let declared = ev.tournament.planned_rounds().map(|d| d.value);
    let (length, games_assumed) = match declared {
        Some(d) if d >= written => (d, false),
        _ => (written, true),
    };
    // Decided when a player has more than half of the points: more
    // half-points than there are games.
    let mut half = [0u32; 2];
    let mut decided: Option<(u16, usize, u32)> = None;
    for r in 0..rounds {
        for (i, p) in players.iter().enumerate().take(2) {
            let hp = p.rounds.get(r).map_or(0, |e| match e.value.result {
                RoundResult::Game { outcome } | RoundResult::ShortGame { outcome } => {
                    outcome.half_points()
                }
                RoundResult::Forfeit { won } => 2 * u32::from(won),
                RoundResult::Bye { .. }
                | RoundResult::Pending
                | RoundResult::NotPaired
                | RoundResult::Unknown { .. } => 0,
            });
            half[i] += hp;
        }
        if let Some(w) = (0..2).find(|&i| half[i] > u32::from(length)) {
            decided = Some((u16::try_from(r + 1).unwrap_or(u16::MAX), w, half[w]));
            break;
        }
    }
    let (round, w, hp) = decided?;
    let after: Vec<Game<'a>> = games(ev)
        .filter(|g| g.round > usize::from(round) && over_the_board(g))
        .collect();
    if after.is_empty() {
        return None;
    }
    Some(MatchDecided {
        games: length,
        games_assumed,
        decided_in_round: round,
        winner: &players[w],
        winner_half_points: hp,
        after,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::CheckOptions;

    /// A 2×2 schedule: 1 and 2 against 3 and 4, two rounds, 3 and 4
    /// unrated; `type_line` is the `092` record.
    fn two_by_two(type_line: &str) -> String {
        format!(
            "012 Four\n042 2006/05/01\n{type_line}\n\
001    1 m    A                                 2250 IRL     2500901 1981/01/01  1.5    1     3 w 1     4 b =\n\
001    2 m    B                                 2200 IRL     2500902 1982/01/01  2.0    2     4 w 1     3 b 1\n\
001    3 m    C                                      IRL             1983/01/01  0.0    3     1 b 0     2 w 0\n\
001    4 m    D                                      IRL             1984/01/01  0.5    4     2 b 0     1 w =\n"
        )
    }

    #[test]
    fn a_scheveningen_needs_the_report_to_say_so() {
        let opts = CheckOptions::default();
        let declared = crate::parse_str(&two_by_two("092 Scheveningen")).tournament;
        let ctx = crate::rules::Ctx::new(&declared, "", &opts);
        let ev = ctx.event();
        let s = scheveningen(&ev).expect("recognised");
        assert_eq!(s.sides, [vec![1, 2], vec![3, 4]]);
        assert!(s.basis.contains("092 Scheveningen"), "{}", s.basis);
        // Under 2005, two unrated players: every game is left out.
        let ex = excluded(&ev);
        assert_eq!(ex.len(), 4);
        assert!(ex
            .iter()
            .all(|e| e.reason == Ruled::MatchWithUnrated
                && e.consequence == Consequence::EventNotRated));
        // The same pairings declared as a Swiss are a small Swiss.
        let swiss = crate::parse_str(&two_by_two("092 Swiss")).tournament;
        let ctx = crate::rules::Ctx::new(&swiss, "", &opts);
        let ev = ctx.event();
        assert_eq!(scheveningen(&ev), None);
        assert!(excluded(&ev).is_empty());
    }

    #[test]
    fn forfeits_count_towards_deciding_a_match() {
        // Four games, no declared length: 1 wins round 1 by forfeit, then
        // rounds 2 and 3 over the board: 3 points of 4 after round 3, so
        // round 4 is not rated; the forfeit itself is never rated anyway.
        let text = "012 Match\n042 2024/05/01\n\
001    1 m    A                                 2250 IRL     2500901 1981/01/01  3.0    1     2 w +     2 b 1     2 w 1     2 b 0\n\
001    2 m    B                                 2200 IRL     2500902 1982/01/01  1.0    2     1 b -     1 w 0     1 b 0     1 w 1\n";
        let t = crate::parse_str(text).tournament;
        let opts = CheckOptions::default();
        let ctx = crate::rules::Ctx::new(&t, "", &opts);
        let ev = ctx.event();
        let m = match_decided(&ev).expect("decided");
        assert_eq!(
            (
                m.games,
                m.games_assumed,
                m.decided_in_round,
                m.winner_half_points
            ),
            (4, true, 3, 6)
        );
        let ex = excluded(&ev);
        let rounds: Vec<u16> = ex.iter().map(|e| e.round).collect();
        assert_eq!(rounds, [4]);
        assert_eq!(ex[0].consequence, Consequence::GamesNotRated);
    }
}
