//! Which games and events may be rated (docs/spec/regulations.md R10–R16).

use serde::Serialize;

/// Composition rules for round robins containing unrated players
/// (docs/spec/regulations.md R14).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RoundRobinComposition {
    /// At least `numerator / denominator` of the players must be rated (1/3).
    pub min_rated_fraction: (u32, u32),
    /// Events with fewer than this many players (10) need `small_event_min_rated`.
    pub small_event_below_players: u32,
    /// Rated players required in a small event (4).
    pub small_event_min_rated: u32,
    /// A double round robin with unrated players needs this many players (6) …
    pub double_min_players: u32,
    /// … of whom this many are rated (4).
    pub double_min_rated: u32,
    /// A national championship is rated if this many players (3) held a FIDE
    /// rating before the start …
    pub national_championship_min_rated: u32,
    /// … or this many (2) in a women-only championship.
    pub national_championship_women_min_rated: u32,
    /// A round robin with any unplayed game is reported (and rated) as a Swiss.
    pub unplayed_game_reports_as_swiss: bool,
}

/// Facts about one round robin that [`RoundRobinComposition::check`] needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RoundRobinFacts {
    /// Number of players.
    pub players: u32,
    /// Players holding a FIDE rating at the start.
    pub rated: u32,
    /// 1 for a single, 2 for a double round robin.
    pub cycles: u8,
    /// The event is a national championship.
    pub national_championship: bool,
    /// The event is restricted to women.
    pub women_only: bool,
}

/// One composition requirement a round robin misses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, thiserror::Error)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum CompositionShortfall {
    /// Fewer than the required fraction of players are rated.
    #[error("only {rated} of {players} players are rated; at least {required} must be")]
    TooFewRated {
        /// Players in the event.
        players: u32,
        /// Rated players.
        rated: u32,
        /// Rated players required.
        required: u32,
    },
    /// A small event has fewer rated players than required.
    #[error("an event of fewer than {below} players needs at least {required} rated players, it has {rated}")]
    SmallEventTooFewRated {
        /// The size threshold (10).
        below: u32,
        /// Rated players.
        rated: u32,
        /// Rated players required.
        required: u32,
    },
    /// A double round robin with unrated players is too small.
    #[error("a double round robin with unrated players needs at least {required} players, it has {players}")]
    DoubleTooSmall {
        /// Players in the event.
        players: u32,
        /// Players required.
        required: u32,
    },
    /// A double round robin with unrated players has too few rated players.
    #[error("a double round robin with unrated players needs at least {required} rated players, it has {rated}")]
    DoubleTooFewRated {
        /// Rated players.
        rated: u32,
        /// Rated players required.
        required: u32,
    },
}

impl RoundRobinComposition {
    /// The requirements `facts` misses; empty when the event may be rated.
    /// Events without unrated players always pass.
    pub fn check(&self, facts: RoundRobinFacts) -> Vec<CompositionShortfall> {
        let mut out = Vec::new();
        let RoundRobinFacts { players, rated, .. } = facts;
        if rated >= players {
            return out;
        }
        if facts.national_championship {
            let need = if facts.women_only {
                self.national_championship_women_min_rated
            } else {
                self.national_championship_min_rated
            };
            if rated >= need {
                return out;
            }
        }
        let (num, den) = self.min_rated_fraction;
        // rated / players >= num / den, in integers; the required count is the ceiling.
        if u64::from(rated) * u64::from(den) < u64::from(players) * u64::from(num) {
            let required = if den == 0 {
                players
            } else {
                (players * num).div_ceil(den)
            };
            out.push(CompositionShortfall::TooFewRated {
                players,
                rated,
                required,
            });
        }
        if players < self.small_event_below_players && rated < self.small_event_min_rated {
            out.push(CompositionShortfall::SmallEventTooFewRated {
                below: self.small_event_below_players,
                rated,
                required: self.small_event_min_rated,
            });
        }
        if facts.cycles >= 2 {
            if players < self.double_min_players {
                out.push(CompositionShortfall::DoubleTooSmall {
                    players,
                    required: self.double_min_players,
                });
            }
            if rated < self.double_min_rated {
                out.push(CompositionShortfall::DoubleTooFewRated {
                    rated,
                    required: self.double_min_rated,
                });
            }
        }
        out
    }
}

/// Matches (two-player events) involving unrated players (docs/spec/regulations.md R12).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchWithUnrated {
    /// Matches (and Scheveningen events) with more than one unrated player
    /// are not rated (GA 2002).
    NotRatedIfMoreThanOneUnrated,
    /// A match with any unrated player is not rated.
    NotRatedIfAnyUnrated,
}

/// Games played after a fixed-length match is decided (docs/spec/regulations.md R13).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AfterMatchDecided {
    /// "May not be rated" (2003 English text; the Spanish reads "are not rated").
    MayNotBeRated,
    /// "May be omitted" (2005).
    MayBeOmitted,
    /// Not rated.
    NotRated,
    /// Not rated unless the Qualification Commission agreed on the
    /// organiser's prior request.
    NotRatedUnlessApproved,
}

/// The rule that a game counts once both players have made a move
/// (docs/spec/regulations.md R11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum OneMoveRule {
    /// Not in the text.
    Absent,
    /// A game in which both players made at least one move is rated.
    Present,
    /// As `Present`, except force majeure and Fair Play rulings.
    PresentWithExceptions,
}

/// Whether a requirement on an unrated player's event applies to every
/// event or only while the player has no earlier counted results.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RequirementScope {
    /// Every event.
    EveryEvent,
    /// Only the player's first event (the first one whose results count).
    FirstEventOnly,
}

/// A minimum and where it applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Requirement {
    /// The minimum (opponents, or half-points).
    pub minimum: u32,
    /// Which events it applies to.
    pub scope: RequirementScope,
}

/// What the minimum of [`UnratedEventRule::min_rated_opponents`] counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RatedCount {
    /// Different rated opponents: one met twice counts once (2003 art.
    /// 6.42, 2009 art. 8.21).
    Opponents,
    /// Games against rated opponents: three games against one rated
    /// opponent, as in a match, qualify (2005 art. 6.42, "not fewer than 3
    /// games").
    Games,
}

/// Conditions for an unrated player's event to count towards a first
/// rating (FIDE Rating Regulations 2003–2013, art. 6.4–6.42 and 8.21).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct UnratedEventRule {
    /// Rated opponents the player must meet in the event.
    pub min_rated_opponents: Option<Requirement>,
    /// Whether that minimum counts opponents or games.
    pub rated_counted: RatedCount,
    /// Half-points the player must score (against rated opponents in a Swiss;
    /// in the whole event in a round robin). 2 means "0 or ½ is disregarded";
    /// 1 means "only a zero is disregarded".
    pub min_half_points: Option<Requirement>,
    /// When the event is disregarded, the opponents' games against the
    /// player are disregarded too.
    pub opponents_games_disregarded: bool,
}

impl UnratedEventRule {
    /// What counts towards [`Self::min_rated_opponents`] for a player with
    /// `games` games against rated opponents, `opponents` of them distinct.
    pub fn rated_met(&self, games: u32, opponents: u32) -> u32 {
        match self.rated_counted {
            RatedCount::Opponents => opponents,
            RatedCount::Games => games,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RR: RoundRobinComposition = RoundRobinComposition {
        min_rated_fraction: (1, 3),
        small_event_below_players: 10,
        small_event_min_rated: 4,
        double_min_players: 6,
        double_min_rated: 4,
        national_championship_min_rated: 3,
        national_championship_women_min_rated: 2,
        unplayed_game_reports_as_swiss: true,
    };

    fn facts(players: u32, rated: u32, cycles: u8) -> RoundRobinFacts {
        RoundRobinFacts {
            players,
            rated,
            cycles,
            ..RoundRobinFacts::default()
        }
    }

    #[test]
    fn the_2005_example_passes() {
        // docs/spec/regulations.md §3.1: 10 players, 6 rated.
        assert!(RR.check(facts(10, 6, 1)).is_empty());
    }

    #[test]
    fn shortfalls() {
        assert_eq!(
            RR.check(facts(12, 3, 1)),
            vec![CompositionShortfall::TooFewRated {
                players: 12,
                rated: 3,
                required: 4
            }]
        );
        assert!(RR.check(facts(12, 4, 1)).is_empty());
        assert_eq!(
            RR.check(facts(8, 3, 1)),
            vec![CompositionShortfall::SmallEventTooFewRated {
                below: 10,
                rated: 3,
                required: 4
            }]
        );
        assert_eq!(
            RR.check(facts(5, 4, 2)),
            vec![CompositionShortfall::DoubleTooSmall {
                players: 5,
                required: 6
            }]
        );
        assert!(RR.check(facts(4, 4, 2)).is_empty(), "all rated");
    }

    #[test]
    fn national_championship_exception() {
        let mut f = facts(8, 3, 1);
        f.national_championship = true;
        assert!(RR.check(f).is_empty());
        f.rated = 2;
        assert!(!RR.check(f).is_empty());
        f.women_only = true;
        assert!(RR.check(f).is_empty());
    }
}
