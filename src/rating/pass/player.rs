//! One player's line of the summary: a rated player's change (summed as
//! the games are read where it can be) and K, an unrated player's initial
//! rating and its publication, and the notes that say why a game does not
//! count.

use super::collect::{self, Collected};
use super::summary::{KSource, PlayerRating, UnratedOutcome};
use super::tally::{NotCounted, Tally, Use};
use super::{k, rapid, words, Note, RateOptions};
use crate::model::Player;
use crate::rating::maths::{
    initial_rating, rated_change, rated_change_averaged, rated_change_per_game_with_cap,
    AverageSource, EveryGameSums, HalfPoints, InitialRating, Publication, RatedChange, RatedGame,
    RatedInput, RoundRobinRatings, UnratedGame, UnratedInput,
};
use crate::regulations::{DifferenceCap, Topic, Version};
use chrono::NaiveDate;

/// What every player's calculation shares.
pub(super) struct Pass<'a> {
    pub(super) version: Version,
    pub(super) start: NaiveDate,
    pub(super) opts: &'a RateOptions,
    pub(super) players: &'a [Player],
    pub(super) ratings: &'a [Option<u16>],
    pub(super) games: &'a Collected,
    pub(super) route: Option<&'a RoundRobinRatings>,
    pub(super) counts_unrated: bool,
    pub(super) rr_average: Option<i32>,
    /// The rapid and blitz chapter, for a rapid or blitz event.
    pub(super) chapter: Option<&'a rapid::Chapter>,
    /// Per player, the note of a standard rating used as the R&B rating.
    pub(super) seeds: &'a [Option<String>],
    /// Per player, the note of a list rating used instead of the report's.
    pub(super) ro_notes: &'a [Option<String>],
    /// The notes worded once for the report's players.
    pub(super) words: words::NoteCache,
    /// A rated player's counted games, reused from player to player.
    pub(super) counted: std::cell::RefCell<Vec<RatedGame>>,
    /// The cap of the per-game method where a rated player's change is
    /// summed as his games are read ([`EveryGameSums`]); `None` for the
    /// averaged method.
    pub(super) sums_cap: Option<DifferenceCap>,
    /// The K decisions, kept by what decides them.
    pub(super) k: k::Memo<'a>,
    /// An unrated player's games for the maths, reused from player to
    /// player.
    pub(super) unrated: std::cell::RefCell<Scratch>,
}

/// An unrated player's games against rated opponents: their places among
/// the played games (`at`), the games (`list`), the opponents met (`met`).
#[derive(Default)]
pub(super) struct Scratch {
    pub(super) at: Vec<usize>,
    pub(super) list: Vec<UnratedGame>,
    pub(super) met: Vec<usize>,
}

impl Pass<'_> {
    /// A rated player's line, of his games `g` ([`Collected::of`]); the
    /// uses of the player's played games are pushed onto `all_uses`, and
    /// the games counted in `tally`.
    pub(super) fn rated_player(
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
            // A game against an earlier rated player changes a rating
            // (counted by `eligibility::count`) and adds nothing to the
            // tally, as `Tally::game` decides.
            if theirs.is_some() && j < i {
                continue;
            }
            tally.game(self.games, i, pl, own, (true, theirs.is_some()), earlier);
        }
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
    pub(super) fn unrated_player(
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
    /// report ([`words::NoteCache`]): most players share theirs.
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

/// The maths count the games against unrated opponents; the exclusion
/// notes list them with their rounds already.
pub(super) fn repeats_exclusions(note: &str) -> bool {
    note.ends_with("against unrated opponents not counted")
}

pub(super) fn not_counted_label(why: NotCounted) -> &'static str {
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

pub(super) fn outcome(p: Publication) -> UnratedOutcome {
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
pub(super) fn publication_notes(p: Publication, ru: i64) -> Vec<Note> {
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
pub(super) const POOLED: &str = "results kept for pooling with later events";
