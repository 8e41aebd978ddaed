//! The rules for Swiss systems that need no pairing engine (`TRF-W…`,
//! category `pairings`): FIDE Handbook C.04.1, *Basic rules for Swiss
//! Systems*, and the parts of C.04.2 and the Dutch system (C.04.3) they
//! depend on, in the edition in force at the event's start.
//!
//! FIDE's rating does not depend on how a Swiss was paired: a game is rated
//! whoever was paired against whom. These findings are for the arbiter to
//! review, and never change the verdict (their consequence is `cosmetic`).
//! They run only on Swiss events (the tournament type of the analysis).
//!
//! What the rules count, as C.04.2 says: colours and rematches are counted
//! over games played over the board (`1 = 0`, and `W D L`, games of less
//! than one move, which were paired and played); forfeits and byes do not
//! enter the colour history (2026 C.04.2 art. 3.4; earlier D.5), and an
//! unplayed pairing may be repeated (2026 art. 3.5; earlier D.6).

pub(crate) mod colour_difference_over_two;
pub(crate) mod pairing_bye_not_eligible;
pub(crate) mod pairing_bye_written_as_forfeit;
pub(crate) mod players_met_twice;
pub(crate) mod same_colour_three_times;

use crate::model::games::{Kind, NONE};
use crate::model::{Colour, Game, Points, TournamentType};
use crate::rules::Ctx;
use chrono::NaiveDate;

/// The edition of FIDE's rules for Swiss systems (C.04.1–C.04.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Edition {
    /// The basic rules of articles a–i and the Dutch system of 2016/17, in
    /// force until 31 January 2026.
    Old,
    /// The 2026 edition (FIDE Council, 28 October 2025), in force from
    /// 1 February 2026.
    Y2026,
}

/// The first day of the 2026 edition.
const EDITION_2026: NaiveDate = match NaiveDate::from_ymd_opt(2026, 2, 1) {
    Some(d) => d,
    None => panic!("a valid date"),
};

/// The edition in force at the event's start, or `None` when the report
/// gives no start date. FIDE has not said whether "applied from 1 February
/// 2026" means events starting then or rounds paired then; trfkit reads
/// the start date, as the rating and title regulations do.
pub(crate) fn edition(ctx: &Ctx<'_>) -> Option<Edition> {
    let start = ctx.start()?;
    Some(if start < EDITION_2026 {
        Edition::Old
    } else {
        Edition::Y2026
    })
}

/// The article of C.04.1 of the edition in force, as a finding cites it:
/// `old` is the letter of the edition until 31 January 2026, `new` the
/// number of the 2026 edition.
pub(crate) fn article(ctx: &Ctx<'_>, old: &str, new: &str) -> String {
    match edition(ctx) {
        Some(Edition::Old) => format!(
            "FIDE Handbook C.04.1 (Basic rules for Swiss systems, edition until 31 January 2026) {old}"
        ),
        Some(Edition::Y2026) => format!(
            "FIDE Handbook C.04.1 (Basic rules for Swiss systems, 2026 edition) art. {new}"
        ),
        None => format!(
            "FIDE Handbook C.04.1 (Basic rules for Swiss systems) {old} (until 31 January 2026), art. {new} (2026 edition)"
        ),
    }
}

/// What every finding of these rules says about its consequence.
pub(crate) const REVIEW: &str = "for the arbiter to review: FIDE's rating does not depend on how a Swiss was paired, so this does not change the verdict";

/// Whether the rules run: on a Swiss event.
pub(crate) fn applies(ctx: &Ctx<'_>) -> bool {
    ctx.tournament_type().kind == TournamentType::Swiss
}

/// Whether a row is a game played over the board against another player
/// (`1 = 0`, or `W D L`): the games colours and rematches count.
pub(crate) fn played(g: &Game) -> bool {
    g.has_any(Kind::GAME | Kind::SHORT) && g.opponent != NONE && !g.has_all(Kind::SELF)
}

/// The last round: the number the report declares (`142`, else `XXR`),
/// else the last round written, which the finding then says.
#[derive(Debug, Clone, Copy)]
pub(crate) struct LastRound {
    /// Its number, 1-based.
    pub round: u16,
    /// Whether the report declares it.
    pub declared: bool,
}

impl LastRound {
    /// The report's last round.
    pub(crate) fn of(ctx: &Ctx<'_>) -> LastRound {
        match ctx.tournament.planned_rounds() {
            Some(n) if n.value > 0 => LastRound {
                round: n.value,
                declared: true,
            },
            _ => LastRound {
                round: ctx.tournament.rounds,
                declared: false,
            },
        }
    }

    /// The words a last-round finding adds when the number is not declared.
    pub(crate) fn caveat(self) -> &'static str {
        if self.declared {
            ""
        } else {
            " (the report declares no number of rounds, `XXR` or `142`: its last round written is taken as the last)"
        }
    }
}

/// The points of a win in the tournament's scoring system (the larger of
/// White's and Black's, when they differ).
pub(crate) fn win_points(ctx: &Ctx<'_>) -> Points {
    let s = &ctx.tournament.scoring;
    s.white_win.max(s.black_win)
}

/// Whether player `i` is a topscorer when the last round is paired: a score
/// before it of more than half the maximum possible, (rounds − 1) × the
/// points of a win (Dutch system 2026 art. 1.8; 2016/17 A.7). The score is
/// summed from the round entries under the scoring system (not the points
/// column, which holds the final score).
pub(crate) fn topscorer(ctx: &Ctx<'_>, i: u32, last: LastRound) -> bool {
    let Some(p) = ctx.tournament.players.get(i as usize) else {
        return false;
    };
    let before = usize::from(last.round.saturating_sub(1));
    let score: i64 = (0..before)
        .map(|k| i64::from(ctx.tournament.scoring.points(&p.round(k + 1)).tenths()))
        .sum();
    let most = before as i64 * i64::from(win_points(ctx).tenths());
    2 * score > most
}

/// One game in a player's colour history, with the history after it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ColourStep<'g> {
    /// The game.
    pub game: &'g Game,
    /// Its colour.
    pub colour: Colour,
    /// Games with White minus games with Black before it.
    pub before: i32,
    /// The same after it.
    pub after: i32,
    /// How many games in a row, this one included, had this colour.
    pub run: u32,
}

/// The colour history of player `i`: each game played over the board with
/// a colour, in round order; unplayed rounds are left out, so that White,
/// a forfeit, White, White is three Whites in a row (C.04.2 2026 art. 3.4;
/// earlier D.5).
pub(crate) fn colour_steps<'g>(rows: &'g [Game]) -> impl Iterator<Item = ColourStep<'g>> + 'g {
    let mut cd = 0i32;
    let mut last: Option<(Colour, u32)> = None;
    rows.iter().filter(|g| played(g)).filter_map(move |g| {
        let colour = g.colour()?;
        let before = cd;
        cd += match colour {
            Colour::White => 1,
            Colour::Black => -1,
        };
        let run = match last {
            Some((c, n)) if c == colour => n + 1,
            _ => 1,
        };
        last = Some((colour, run));
        Some(ColourStep {
            game: g,
            colour,
            before,
            after: cd,
            run,
        })
    })
}

/// Whether a colour finding of round `g.round` is excused by the last-round
/// exception: in the last round, the Dutch system lets a topscorer, or the
/// opponent of one, go beyond the colour limits (2026 art. [C3], [C10],
/// [C11]; 2016/17 C.3, C.8, C.9). C.04.1 lets each system have its own
/// last-round exceptions; trfkit applies the Dutch system's to every Swiss,
/// the one FIDE's pairing programs use by default.
pub(crate) fn last_round_excused(ctx: &Ctx<'_>, g: &Game, last: LastRound) -> bool {
    g.round == last.round && (topscorer(ctx, g.player, last) || topscorer(ctx, g.opponent, last))
}

/// `White` / `Black`, as a finding writes a colour.
pub(crate) fn colour_word(c: Colour) -> &'static str {
    match c {
        Colour::White => "White",
        Colour::Black => "Black",
    }
}

#[cfg(test)]
mod tests {
    use crate::diag::{Category, Consequence};
    use crate::options::Options;
    use crate::test_paths::root;
    use crate::ReadOptions;

    /// Reads a report of the repository.
    fn parsed(path: &str) -> crate::read::Parsed {
        crate::read_path(&root().join(path), &ReadOptions::default())
            .unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    /// The codes of the Swiss rules, for `Options::disabled`.
    fn swiss_codes() -> Vec<String> {
        crate::rules::registry::RULES
            .iter()
            .filter(|r| r.meta.category == Category::Pairings)
            .map(|r| r.meta.code.to_owned())
            .collect()
    }

    /// Every Swiss rule is for review: a report whose pairings break them
    /// keeps the verdict it has without them, whatever its verdict is.
    #[test]
    fn swiss_findings_never_change_the_verdict() {
        for path in [
            "samples/rules/players-met-twice/fires.trf",
            "samples/rules/pairing-bye-not-eligible/fires.trf",
            "samples/rules/colour-difference-over-two/fires.trf",
            "samples/rules/same-colour-three-times/fires.trf",
            "samples/hand/version-diff-2008.trf",
            "samples/hand/version-diff-2024.trf",
            "samples/hand/rb-rapid-16-rounds-a-day.trf",
        ] {
            let p = parsed(path);
            let with = crate::check(&p, &Options::default());
            let swiss: Vec<_> = with
                .diagnostics
                .iter()
                .filter(|d| d.code.starts_with("TRF-W"))
                .collect();
            assert!(!swiss.is_empty(), "{path}: no Swiss finding");
            for d in &swiss {
                assert_eq!(d.consequence, Consequence::Cosmetic, "{path}: {d:?}");
                assert!(
                    d.help
                        .as_deref()
                        .is_some_and(|h| h.contains("does not change the verdict")),
                    "{path}: {d:?}"
                );
            }
            let without = crate::check(
                &p,
                &Options {
                    disabled: swiss_codes(),
                    ..Options::default()
                },
            );
            assert_eq!(with.verdict, without.verdict, "{path}");
        }
    }

    /// A round robin of four in which player 1 has White three times (in
    /// a tournament of five rounds, so not in the last round), declared as
    /// `kind`.
    fn three_whites(kind: &str) -> String {
        format!(
            "012 Club 2026\n042 2026/03/14\n092 {kind}\nXXR 5\n\
001    1 m    Adams, Alan                       2400 ENG      400001 2000/01/01  3.0    1     2 w 1     3 w 1     4 w 1\n\
001    2 m    Brown, Betty                      2350 ENG      400002 2000/01/01  0.5    2     1 b 0     4 b =     3 w 0\n\
001    3 m    Clark, Colin                      2300 ENG      400003 2000/01/01  1.5    3     4 w =     1 b 0     2 b 1\n\
001    4 m    Davis, Dora                       2250 ENG      400004 2000/01/01  1.0    4     3 b =     2 w =     1 b 0\n"
        )
    }

    /// The Swiss rules run on Swiss events only: the same pairings declared
    /// a round robin get no Swiss finding, declared a Swiss they do.
    #[test]
    fn round_robins_are_not_judged_by_the_swiss_rules() {
        let swiss_findings = |kind: &str| {
            let p = crate::parse_str(&three_whites(kind));
            crate::check(&p, &Options::default())
                .diagnostics
                .iter()
                .filter(|d| d.code.starts_with("TRF-W"))
                .count()
        };
        assert_eq!(swiss_findings("Round Robin"), 0);
        assert!(swiss_findings("Individual: Swiss-System") > 0);
    }
}
