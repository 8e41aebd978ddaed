//! The games of the report counted once per pairing as the players are
//! rated: those that change a rated player's rating, those towards an
//! initial rating, and those left out, by reason.

use super::collect::{self, Collected};
use super::summary::ExcludedGames;
use crate::eligibility::{Reason, Ruled};

/// How one played game is used from one player's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Use {
    /// Enters the rated player's change.
    Change,
    /// Enters the unrated player's initial rating.
    Initial,
    /// Counts for nothing on this side.
    Not(NotCounted),
}

/// Why a played game does not count on one side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum NotCounted {
    /// A rated player against an unrated opponent.
    AgainstUnrated,
    /// Against an unrated player the round-robin route disregarded.
    AgainstDisregarded,
    /// An unrated player against another unrated player.
    BetweenUnrated,
    /// The unrated player's event does not count.
    EventExcluded,
}

/// The played games counted once per pairing as the players are rated
/// (a rated player's as his games are read, an unrated player's once his
/// uses are known): those towards an initial rating, and those that
/// change no rating by the sides' ratings. The games that change a rated
/// player's rating are counted by the rule the check counts them by
/// ([`crate::eligibility::count`]), not here.
#[derive(Default)]
pub(super) struct Tally {
    /// Games that enter an unrated player's initial rating.
    pub(super) initial: u32,
    /// Games between two unrated players, which count for neither.
    pub(super) between_unrated: u32,
    /// Other games against an unrated player that count for neither side.
    pub(super) against_unrated: u32,
}

impl Tally {
    /// Player `i`'s played games `played` ([`Collected::of`]), whose uses
    /// are `uses[from..]` (every player's uses so far, player after
    /// player): [`Tally::game`] each.
    pub(super) fn player(
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
    pub(super) fn game(
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
        // rated player: his side (a change or nothing) adds no initial
        // rating, and the game is against no unrated player.
        if matches!(own, Use::Change) && j < i && their_rated {
            return;
        }
        let back = games
            .played_at_row(pl.mirror)
            .filter(|&kk| games.played().get(kk).is_some_and(|o| o.opp() == i));
        if back.is_some() && j > i {
            return;
        }
        let mirror = back.and_then(|kk| uses.get(kk).copied());
        // A game that changes a rating is counted by `eligibility::count`;
        // one that changes none, here, by the sides' ratings.
        let changes = matches!(own, Use::Change) || matches!(mirror, Some(Use::Change));
        if !changes {
            if !own_rated && !their_rated {
                self.between_unrated += 1;
            } else {
                self.against_unrated += 1;
            }
        }
        if matches!(own, Use::Initial) || matches!(mirror, Some(Use::Initial)) {
            self.initial += 1;
        }
    }
}

/// Games towards initial ratings, and the excluded games by reason, each
/// pairing counted once: the played games' `tally`, and the entries of
/// `skipped` ([`collect::skipped_once`]) by reason.
pub(super) fn count_games(
    tally: Tally,
    skipped: &[(usize, &collect::Skipped)],
) -> (u32, ExcludedGames) {
    let mut ex = ExcludedGames {
        between_unrated: tally.between_unrated,
        against_unrated: tally.against_unrated,
        ..ExcludedGames::default()
    };
    for (_, s) in skipped {
        let slot = match s.why {
            Reason::Forfeit => &mut ex.forfeits,
            Reason::ShortGame => &mut ex.short_games,
            Reason::Bye(_) => &mut ex.byes,
            Reason::Pending => &mut ex.pending,
            Reason::UnknownResult => &mut ex.unknown_results,
            Reason::WithoutOpponent => &mut ex.without_opponent,
            Reason::Ruled(Ruled::BelowRateOfPlay { .. }) => &mut ex.below_rate_of_play,
            Reason::Ruled(Ruled::AfterMatchDecided { .. }) => &mut ex.after_match_decided,
            Reason::Ruled(Ruled::MatchWithUnrated) => &mut ex.match_with_unrated,
            Reason::Ruled(Ruled::ResultsDisagree) => &mut ex.results_disagree,
            Reason::RatingGap => &mut ex.rating_gap,
            Reason::NotOnList => &mut ex.not_on_list,
        };
        *slot += 1;
    }
    (tally.initial, ex)
}
