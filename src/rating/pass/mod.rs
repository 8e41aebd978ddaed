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

mod calculate;
mod collect;
mod k;
mod options;
mod player;
mod rapid;
pub(crate) mod ro;
mod round_robin;
pub(crate) mod summary;
mod tally;
pub(crate) mod verdict;
mod words;

pub use crate::rating::note::Note;
pub use ro::ListFacts;
pub use summary::{
    ExcludedGame, ExcludedGames, KSource, PlayerRating, RatingSummary, RoundRobinFigures,
    TournamentSummary, UnratedOutcome, VerdictReason,
};

pub use options::RateOptions;

use crate::analysis::Analysis;
use crate::check::CheckReport;
use crate::model::Tournament;
use crate::read::Parsed;
use crate::rules::{CheckOptions, Ctx};
use calculate::calculate;

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
                with_list.list = Some(list.records_of(crate::ListLookup::ids_of(self.tournament)));
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

#[cfg(test)]
mod tests {
    use super::tally::{NotCounted, Tally, Use};
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
            let (mut initial, mut between, mut against) = (0, 0, 0);
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
                    let unrated = |k: usize| ratings.get(k).copied().flatten().is_none();
                    if !any(Use::Change) {
                        if unrated(i) && unrated(j) {
                            between += 1;
                        } else {
                            against += 1;
                        }
                    }
                    if any(Use::Initial) {
                        initial += 1;
                    }
                }
            }
            assert_eq!(
                (tally.initial, tally.between_unrated, tally.against_unrated),
                (initial, between, against),
                "{}",
                text.lines().next().unwrap_or("")
            );
        }
    }
}
