//! Rule `no-rated-games`.

use crate::diag::{Consequence, Diagnostic};
use crate::eligibility::exclusions::Ruled;
use crate::eligibility::{Decision, Reason};
use crate::rules::context::TimeControlInfo;
use crate::rules::wording::plural;
use crate::rules::{always, Ctx};

crate::declare_rule! {
    /// ## What it checks
    /// That at least one game of the report can be rated, that is a game
    /// played over the board (`1`, `=`, `0`) between two players of the
    /// report of whom at least one is rated (columns 49-52). A game of less
    /// than one move (`W`, `D`, `L`) is never rated: from the 2013 text by
    /// the one-move rule, and before it because TRF codes these results as
    /// not rated. It
    /// fires, once per file, when
    /// - no round has been played at all: every round block is empty (a
    ///   pairing program's file written before round 1);
    /// - every pairing is a bye, a forfeit, a game of less than one move, or
    ///   still without a result;
    /// - games were played, but nobody in the report is rated. When some
    ///   players have a FIDE ID the rating column may merely be blank (FIDE
    ///   rates from its own list): then the finding asks for the ratings
    ///   (`fix-before-upload`) instead of refusing the event;
    /// - every game played over the board is left out by rules of the
    ///   regulations that only warn (a time control that does not say what
    ///   follows its last period, or reaches its band only with its delay):
    ///   a report FIDE would rate nothing of is not ready, so the finding is
    ///   `fix-before-upload` (complete the control in `122`, or ask the
    ///   rating officer about the delay). When such a rule blocks the event
    ///   itself, it says why and this rule stays silent.
    ///
    /// No edition rates a game between two unrated players: a rated
    /// player's change is computed from games against rated opponents, and
    /// an unrated player's first rating needs games against rated opponents
    /// (9 before 2014, 5 from 2014; Ra is the average of the *rated*
    /// opponents in every text, the two hypothetical 1800 opponents of 2024
    /// included only next to real rated ones). So a report with no rated
    /// player produces no rating under any edition.
    ///
    /// ## Why it matters
    /// A report with nothing to rate is not a rating report: usually an
    /// export made too early (before the first round, or before results
    /// were entered), or a field of unrated players that FIDE cannot rate.
    ///
    /// ## Example
    /// ```text
    /// 001    1 m    Doe, John                         1850 ENG   400001 1990/01/01  0.0    1
    /// 001    2 m    Roe, Jim                          1720 ENG   400002 1991/01/01  0.0    2
    /// ```
    /// No round block: export the report after the last round.
    ///
    /// ## Reference
    /// FIDE Rating Regulations 2024 art. 5.1 (unplayed games are not
    /// counted; both players must have made a move), 7.1.4 and 8.2 (games
    /// against rated opponents); earlier editions likewise.
    pub(crate) static NO_RATED_GAMES = {
        code: "TRF-F017", name: "no-rated-games",
        severity: Error, summary: "no game of the report can be rated",
        consequence: EventNotRated,
        source: "B.02 (every edition): only games played over the board count (2024 art. 5.1) and ratings come only from games with a rated player (2024 art. 7.1.4, 8.2): a report without such a game produces no rating",
        topic: crate::regulations::Topic::UnplayedGames,
        applies: always, check: check,
    };
}

/// What the round blocks of the report hold, counted once per block.
#[derive(Debug, Default)]
struct Tally {
    /// Games over the board that count under the edition, all between
    /// unrated players (the first with a rated player ends the check).
    games: usize,
    /// Blocks with a bye.
    byes: usize,
    /// Blocks with a forfeit.
    forfeits: usize,
    /// Blocks with a game of less than one move.
    short: usize,
    /// Blocks paired but without a result (blank or `?`).
    pending: usize,
    /// Blocks with a rapid or blitz game the 600-point rule leaves out.
    gap: usize,
    /// Games with a rated player that a rule of the regulations leaves out
    /// while it only warns (a time control that reaches its band only with
    /// its delay, or that does not say what follows its last period).
    warned: usize,
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let players = &ctx.tournament.players;
    if players.is_empty() {
        return; // missing-record
    }
    // What FIDE rates is decided once, by the eligibility stage: a game of
    // less than one move is never rated (from 2013 by the one-move rule,
    // before it because the report codes it as a result not rated).
    let eligibility = ctx.eligibility();
    let rating = |i: usize| ctx.ratings.get(i).copied().flatten();
    // A game the regulations leave out is worded by its own rule; when that
    // rule blocks the event or asks for a fix, the verdict is not `ready`
    // and it says why. When every such rule only warns, they are counted
    // here: a report FIDE would rate nothing of is never `ready`.
    let ruled_blocks = eligibility.excluded.iter().any(|e| {
        matches!(
            e.consequence,
            Consequence::EventNotRated | Consequence::FixBeforeUpload
        )
    });
    let mut t = Tally::default();
    for (i, p) in players.iter().enumerate() {
        for ((g, d), e) in ctx
            .games
            .of(i)
            .iter()
            .zip(eligibility.player(i))
            .zip(&p.rounds)
        {
            match d {
                Decision::NoEntry => {}
                // Played over the board: rated, or left out by a rule of
                // the regulations that words it with its own consequence.
                Decision::Rated
                | Decision::NotRated {
                    reason: Reason::Ruled(_) | Reason::NotOnList,
                    ..
                } => {
                    let warned = !ruled_blocks
                        && matches!(
                            d,
                            Decision::NotRated {
                                reason: Reason::Ruled(_),
                                ..
                            }
                        );
                    if rating(i).is_none() && rating(g.opponent as usize).is_none() {
                        t.games += 1;
                    } else if warned {
                        t.warned += 1;
                    } else {
                        return; // a game that can be rated
                    }
                }
                Decision::NotRated { reason, .. } => match reason {
                    Reason::Bye(_) => t.byes += 1,
                    Reason::Forfeit => t.forfeits += 1,
                    Reason::ShortGame => t.short += 1,
                    Reason::Pending => t.pending += 1,
                    Reason::UnknownResult if e.value.result.is_pending() => t.pending += 1,
                    Reason::RatingGap => t.gap += 1,
                    _ => {}
                },
            }
        }
    }
    let blocks = t.byes + t.forfeits + t.short + t.pending + t.gap;
    let with_id = players.iter().filter(|p| p.fide_id.is_some()).count();
    let mut consequence = None;
    let (message, help) = if t.warned > 0 {
        consequence = Some(Consequence::FixBeforeUpload);
        let n = eligibility.excluded.len();
        let rules: std::collections::BTreeSet<&str> =
            eligibility.excluded.iter().map(|e| e.rule).collect();
        let rules: Vec<&str> = rules.into_iter().collect();
        (
            format!(
                "no game of the report is rated as it stands: {} played over the board {} left out ({}), though those findings only warn",
                plural(n as u64, "game", "games"),
                if n == 1 { "is" } else { "are all" },
                rules.join(", ")
            ),
            warned_help(eligibility),
        )
    } else if t.games > 0 {
        let who = plural(players.len() as u64, "player", "players");
        if with_id > 0 {
            // FIDE rates from its own list: players with IDs may be rated
            // and the column merely left blank.
            consequence = Some(Consequence::FixBeforeUpload);
            (
                format!("none of the {who} has a rating in columns 49-52, though {with_id} have a FIDE ID"),
                "write the players' FIDE ratings from the list in force; if none of them is rated, FIDE has nothing to rate: games between unrated players produce no rating".to_owned(),
            )
        } else {
            (
                format!(
                    "none of the {who} is rated: games between unrated players produce no rating"
                ),
                "an unrated player gets a first rating only from games against rated opponents (columns 49-52 hold the FIDE rating); if the players are rated, write their FIDE IDs and ratings".to_owned(),
            )
        }
    } else if blocks == 0 {
        (
            "no round has been played: the report has no game at all".to_owned(),
            "the file was written before round 1 (a pairing program's start list); export the report after the last round".to_owned(),
        )
    } else {
        let parts: Vec<String> = [
            (t.byes, "bye", "byes"),
            (t.forfeits, "forfeit", "forfeits"),
            (
                t.short,
                "game of less than one move",
                "games of less than one move",
            ),
            (
                t.pending,
                "pairing without a result",
                "pairings without a result",
            ),
            (
                t.gap,
                "game the 600-point rule leaves out",
                "games the 600-point rule leaves out",
            ),
        ]
        .into_iter()
        .filter(|(n, ..)| *n > 0)
        .map(|(n, one, many)| plural(n as u64, one, many))
        .collect();
        (
            format!(
                "no game was played over the board: the round blocks hold only {}",
                parts.join(", ")
            ),
            "byes, forfeits and games of less than one move are not rated; enter the results of the games played, or export the report after they are".to_owned(),
        )
    };
    // Games left out by the time control point at it; otherwise the
    // report's first player stands for its players.
    let (at, label) = match &ctx.time_control {
        TimeControlInfo::Read { span, .. } if t.warned > 0 => (*span, "the time control"),
        _ => (
            ctx.player_field(&players[0], &crate::read::columns::p001::NAME),
            "first player",
        ),
    };
    let d = NO_RATED_GAMES
        .diag(message)
        .primary(at, label)
        .help(help)
        // Games left out by their rate of play cite its article, not the
        // one on unplayed games.
        .reference(ctx.cite(if t.warned > 0 {
            crate::regulations::Topic::RateOfPlay
        } else {
            crate::regulations::Topic::UnplayedGames
        }));
    out.push(match consequence {
        Some(c) => d.with_consequence(c),
        None => d,
    });
}

/// What the arbiter can do when every game is left out by rules that only
/// warn: complete a time control that stops after its stated periods, or
/// ask the rating officer about one that reaches its band only with its
/// delay (FIDE's texts are silent on delays).
fn warned_help(eligibility: &crate::eligibility::Eligibility) -> String {
    let (mut incomplete, mut delayed) = (false, false);
    for e in &eligibility.excluded {
        if let Ruled::BelowRateOfPlay {
            delay_not_counted,
            stated_periods_only,
            ..
        } = e.reason
        {
            incomplete |= stated_periods_only;
            delayed |= delay_not_counted;
        }
    }
    let mut help = String::from("a report FIDE would rate nothing of is not ready to upload");
    if incomplete {
        help.push_str("; the time control does not say what follows its last period: write the whole control as played in `122` (if nothing followed, no game reaches its band and FIDE rates none)");
    }
    if delayed {
        help.push_str("; the time control reaches the band only if its delay counts like an increment: FIDE has not published whether it does, and trfkit assumes it does not, so ask the rating officer before the upload");
    }
    help
}
