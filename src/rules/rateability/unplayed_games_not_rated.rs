//! Rule `unplayed-games-not-rated`.

use super::cite::cite;
use super::Game;
use crate::diag::Diagnostic;
use crate::eligibility::event::{is_pairing, pairing};
use crate::model::games::{Kind, NONE};
use crate::model::RoundResult;
use crate::regulations::Topic;
use crate::rules::wording::plural;
use crate::rules::{always, Ctx};
use crate::source::span::Span;

crate::declare_rule! {
    /// ## What it checks
    /// Which results of the report will not be rated, counted by kind:
    /// forfeits (`+`/`-`, each pairing once), forfeit wins and absences
    /// written without an opponent (`0000 - +`, `0000 - -` or a blank
    /// opponent, as team forfeits and Lichess exports write them), games
    /// that ended before a move was made (`W`/`D`/`L`, each pairing once)
    /// and byes (`H`, `F`, `U`, `Z`, each player's). One advice per file, with up to five
    /// examples; nothing when every result was decided over the board.
    ///
    /// Unplayed games are not rated in any edition. From 2013 a game
    /// counts once both players have made a move (2013 read in
    /// translation, 2014 and 2017 not confirmed in FIDE's text; 2022 on with force
    /// majeure and Fair Play exceptions).
    ///
    /// ## Why it matters
    /// Players and organisers often expect a forfeit win or a bye to move a
    /// rating; it does not. The advice also shows a report where many games
    /// are unplayed, which is worth a second look.
    ///
    /// ## Example
    /// ```text
    /// 001    3 ...    8 w +
    /// 001    8 ...    3 b -
    /// ```
    /// A forfeit: it counts in the standings, not for rating.
    ///
    /// ## Reference
    /// FIDE Rating Regulations, unplayed games and games in which both
    /// players moved; TRF16 result codes.
    pub(crate) static UNPLAYED_GAMES_NOT_RATED = {
        code: "TRF-F014", name: "unplayed-games-not-rated",
        severity: Advice, summary: "forfeits, games without a move and byes that will not be rated",
        consequence: GamesNotRated,
        source: "B.02 2024 art. 5.1: games not played (forfeits, byes, less than one move) are not rated",
        topic: crate::regulations::Topic::UnplayedGames,
        applies: always, check: check,
    };
}

/// One unplayed result, for the examples.
/// One unplayed game or bye. Only the five shown are put into words, so
/// a large report costs no string per entry.
struct Example {
    round: usize,
    rank: u16,
    what: What,
    span: Span,
}

enum What {
    /// A forfeit or a game ended before a move, with both result letters.
    Game {
        forfeit: bool,
        opponent: u16,
        mine: char,
        theirs: Option<char>,
    },
    /// A bye.
    Bye { letter: char },
    /// A forfeit without a known opponent.
    Lone { win: bool, letter: char },
}

impl Example {
    fn describe(&self) -> String {
        let (round, rank) = (self.round, self.rank);
        match self.what {
            What::Game {
                forfeit,
                opponent,
                mine,
                theirs,
            } => {
                let letters = match theirs {
                    Some(t) => format!("`{mine}`/`{t}`"),
                    None => format!("`{mine}`"),
                };
                if forfeit {
                    format!("round {round}: forfeit {rank} – {opponent} ({letters})")
                } else {
                    format!("round {round}: {rank} – {opponent} ended before a move ({letters})")
                }
            }
            What::Bye { letter } => format!("round {round}: bye of {rank} (`{letter}`)"),
            What::Lone { win, letter } => {
                let kind = if win { "forfeit win" } else { "absence" };
                format!("round {round}: {kind} of {rank} without an opponent (`{letter}`)")
            }
        }
    }
}

/// An entry that makes an example ([`Example`]), before it is worded.
struct Candidate<'a> {
    round: usize,
    rank: u16,
    row: &'a crate::model::Game,
    /// A bye or a forfeit without an opponent, not a pairing.
    lone: bool,
}

impl Candidate<'_> {
    /// The example, worded from the row.
    fn example(&self, ctx: &Ctx<'_>) -> Example {
        let (round, rank) = (self.round, self.rank);
        let e = ctx.block(self.row);
        if self.lone {
            let what = match e.value.result {
                RoundResult::Bye { bye } => What::Bye {
                    letter: bye.letter(),
                },
                RoundResult::Forfeit { won } => What::Lone {
                    win: won,
                    letter: e.value.result.letter(),
                },
                // Not reached: the row's code is a bye's or a forfeit's.
                _ => What::Bye { letter: '?' },
            };
            return Example {
                round,
                rank,
                what,
                span: e.span,
            };
        }
        let g = pairing(ctx.tournament, self.row);
        let (mine, theirs) = letters(ctx, &g);
        Example {
            round,
            rank: g.player.start_rank.value,
            what: What::Game {
                forfeit: matches!(g.entry.value.result, RoundResult::Forfeit { .. }),
                opponent: g.opponent.start_rank.value,
                mine,
                theirs,
            },
            span: g.entry.span,
        }
    }
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let mut forfeits = 0u32;
    let mut absences = 0u32;
    let mut lone_wins = 0u32;
    let mut short = 0u32;
    let mut byes = [0u32; 4];
    // Every entry that makes an example, as its round, rank and row; the
    // examples shown (the first five by round and rank) are worded from
    // their rows afterwards.
    if !ctx.games.seen(Kind::FORFEIT | Kind::SHORT | Kind::ANY_BYE) {
        return;
    }
    // Both walks below visit only rare rows (none of their bits is a
    // plain game's), each row at most once between them (a pairing
    // side in the first, a row without an opponent or a bye in the
    // second): the vector is sized once instead of grown (and copied)
    // as it fills.
    let mut examples: Vec<Candidate<'_>> = Vec::with_capacity(ctx.games.rare_rows().len());
    let shape = Kind::FORFEIT | Kind::SHORT;
    for g in ctx.games.rows_with(shape).filter(|g| is_pairing(g)) {
        match g.code() {
            6 | 7 => forfeits += 1,
            3..=5 => short += 1,
            _ => continue,
        }
        examples.push(Candidate {
            round: usize::from(g.round),
            rank: g.rank,
            row: g,
            lone: false,
        });
    }
    let lone = Kind::ANY_BYE | Kind::FORFEIT;
    for g in ctx.games.rows_with(lone) {
        match g.code() {
            c @ 8..=11 => byes[c - 8] += 1,
            6 if g.opponent == NONE => lone_wins += 1,
            7 if g.opponent == NONE => absences += 1,
            _ => continue,
        }
        examples.push(Candidate {
            round: usize::from(g.round),
            rank: g.rank,
            row: g,
            lone: true,
        });
    }
    if examples.is_empty() {
        return;
    }
    let shown_n = examples.len().min(5);
    if examples.len() > shown_n {
        examples.select_nth_unstable_by_key(shown_n - 1, |e| (e.round, e.rank));
    }
    examples[..shown_n].sort_by_key(|e| (e.round, e.rank));
    let total = examples.len();
    let examples: Vec<Example> = examples[..shown_n].iter().map(|c| c.example(ctx)).collect();
    let mut counts = Vec::new();
    if forfeits > 0 {
        counts.push(plural(forfeits, "forfeit", "forfeits"));
    }
    if lone_wins > 0 {
        counts.push(plural(
            lone_wins,
            "forfeit win without an opponent",
            "forfeit wins without an opponent",
        ));
    }
    if absences > 0 {
        counts.push(plural(
            absences,
            "absence (`-` without an opponent)",
            "absences (`-` without an opponent)",
        ));
    }
    if short > 0 {
        counts.push(plural(short, "game without a move", "games without a move"));
    }
    let total_byes: u32 = byes.iter().sum();
    if total_byes > 0 {
        let names = [
            "half-point",
            "full-point",
            "pairing-allocated",
            "zero-point",
        ];
        let kinds: Vec<(u32, &str)> = byes
            .iter()
            .zip(names)
            .filter(|(n, _)| **n > 0)
            .map(|(n, name)| (*n, name))
            .collect();
        counts.push(match kinds.as_slice() {
            [(n, name)] => plural(*n, &format!("{name} bye"), &format!("{name} byes")),
            _ => format!(
                "{} ({})",
                plural(total_byes, "bye", "byes"),
                kinds
                    .iter()
                    .map(|(n, name)| format!("{n} {name}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        });
    }
    let mut d = UNPLAYED_GAMES_NOT_RATED
        .diag(format!("not rated: {}", counts.join(", ")))
        .primary(examples[0].span, "not rated");
    for e in examples.iter().skip(1).take(4) {
        d = d.secondary(e.span, "not rated");
    }
    let shown: Vec<String> = examples.iter().take(5).map(Example::describe).collect();
    let more = if total > 5 {
        format!(" and {} more", total - 5)
    } else {
        String::new()
    };
    out.push(cite(
        ctx,
        d,
        Topic::UnplayedGames,
        format!(
            "unplayed games and byes count in the standings but not for rating: {}{more}",
            shown.join("; ")
        ),
    ));
}

/// `` `+`/`-` ``: the result letters of both sides, or of the side that
/// names the other.
/// The result letters of both sides of a pairing (the other side's when it
/// names this player back).
fn letters(ctx: &Ctx<'_>, g: &Game<'_>) -> (char, Option<char>) {
    let mine = g.entry.value.result.letter();
    let theirs = ctx
        .games
        .mirror_of(g.row)
        .filter(|t| t.opponent_rank() == Some(g.player.start_rank.value))
        .map(|t| ctx.block(t).value.result.letter());
    (mine, theirs)
}
