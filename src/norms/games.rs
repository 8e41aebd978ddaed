//! Which round entries of a player count for a norm (Title Regulations
//! 2024 1.4.2), and what trfkit knows of each opponent: federation, title
//! (checked against a rating list when one is given) and rating.

use super::conditions as c;
use super::edition::Edition;
use super::{item, Item};
use crate::model::games::{Game, Games, Kind};
use crate::model::{Player, RoundResult, Title, Tournament};
use crate::ratinglist::{ListLookup, RatingKind};
use crate::rules::players::federations::{self, Status};
use serde::Serialize;

/// An opponent's federation as the norm rules see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Fed {
    /// A FIDE federation.
    Code(String),
    /// The FIDE flag (`FID`): the games count, it is not a federation.
    Fid,
    /// No FIDE federation (blank, `NON`, a code FIDE does not have).
    Outside(String),
}

/// Whether `code` is a FIDE federation (member, affiliated, former or
/// unverified): not blank, not `FID`, not `NON`, and known.
pub(crate) fn is_federation(code: &str) -> bool {
    federations::find(code).is_some_and(|f| f.status != Status::Special)
}

fn fed_of(p: &Player) -> Fed {
    let code = p
        .federation
        .as_ref()
        .map(|f| f.value.trim().to_ascii_uppercase())
        .unwrap_or_default();
    if code == "FID" {
        Fed::Fid
    } else if is_federation(&code) {
        Fed::Code(code)
    } else {
        Fed::Outside(code)
    }
}

/// The highest of the titles a rating list shows (GM, IM, WGM, WIM, FM,
/// WFM, CM, WCM in that order).
fn highest(titles: &[Title]) -> Option<&Title> {
    const ORDER: [Title; 8] = [
        Title::GM,
        Title::IM,
        Title::WGM,
        Title::WIM,
        Title::FM,
        Title::WFM,
        Title::CM,
        Title::WCM,
    ];
    ORDER.iter().find(|t| titles.contains(t))
}

/// What trfkit uses of a player as an opponent.
#[derive(Debug, Clone)]
pub(crate) struct Opponent {
    /// Starting rank.
    pub rank: u16,
    /// Federation.
    pub fed: Fed,
    /// The title that counts (the report's, unless the list does not
    /// show it).
    pub title: Option<Title>,
    /// The report's rating (`None`: unrated).
    pub rating: Option<u16>,
    /// What the rating list says against the report.
    pub list_notes: Vec<Item>,
    /// 1.4.2b: in a round robin, unrated and without a point against
    /// rated opponents.
    pub unrated_without_points: bool,
}

/// Every player as an opponent, by player index.
pub(crate) fn opponents(
    t: &Tournament,
    games: &Games,
    e: Edition,
    list: Option<&ListLookup>,
    round_robin: bool,
) -> Vec<Opponent> {
    t.players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let mut title = p.title.as_ref().map(|t| t.value.clone());
            let mut list_notes = Vec::new();
            if let (Some(list), Some(id)) = (list, p.fide_id.as_ref().map(|f| f.value)) {
                if let Some(r) = list.get(id) {
                    let shown: Vec<Title> = [&r.title, &r.women_title]
                        .into_iter()
                        .flatten()
                        .map(|s| Title::parse(s.trim()))
                        .collect();
                    if let Some(tt) = title.as_ref().filter(|tt| !shown.contains(tt)) {
                        list_notes.push(item(
                            e,
                            &c::TITLE_NOT_IN_LIST,
                            format!(
                                "{} `{}` ({}): the report gives {}, {} shows {}; {}",
                                p.designation(),
                                p.name.value,
                                id,
                                tt.as_str(),
                                list.describe(),
                                if shown.is_empty() {
                                    "no title".to_owned()
                                } else {
                                    shown.iter().map(Title::as_str).collect::<Vec<_>>().join(", ")
                                },
                                match highest(&shown) {
                                    Some(h) => format!("the list's {} counts instead", h.as_str()),
                                    None => "the title is not counted".to_owned(),
                                }
                            ),
                        ));
                        title = highest(&shown).cloned();
                    }
                    let listed = r.rating(RatingKind::Standard);
                    let given = p.rating.as_ref().map(|r| r.value);
                    if listed != given {
                        list_notes.push(item(
                            e,
                            &c::RATING_DIFFERS_FROM_LIST,
                            format!(
                                "{} `{}` ({}): rated {} in the report, {} in {}; the report's rating is used",
                                p.designation(),
                                p.name.value,
                                id,
                                given.map_or("unrated".to_owned(), |v| v.to_string()),
                                listed.map_or("unrated".to_owned(), |v| v.to_string()),
                                list.describe()
                            ),
                        ));
                    }
                }
            }
            let unrated_without_points = round_robin && p.rating.is_none() && {
                let mut played = false;
                let mut half = 0;
                for (g, o) in games.rated_results(i) {
                    if t.players[g.opponent as usize].rating.is_some() {
                        played = true;
                        half += o.half_points();
                    }
                }
                played && half == 0
            };
            Opponent {
                rank: p.start_rank.value,
                fed: fed_of(p),
                title,
                rating: p.rating.as_ref().map(|r| r.value),
                list_notes,
                unrated_without_points,
            }
        })
        .collect()
}

/// One round of the player, as the norm sees it.
#[derive(Debug, Clone, Serialize)]
#[non_exhaustive]
pub struct RoundUse {
    /// The round, 1-based.
    pub round: u16,
    /// The opponent's starting rank, when one is named.
    pub opponent: Option<u16>,
    /// The result letter as written.
    pub result: String,
    /// Counted for norms.
    pub counted: bool,
    /// Why not, when not counted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// A counted game.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Counted {
    /// The round.
    pub round: u16,
    /// The opponent's player index.
    pub opponent: usize,
    /// The player's score, in half points.
    pub half: u32,
}

/// Classifies player `i`'s rounds: every round of the event, counted or
/// not with the reason.
pub(crate) fn classify(
    t: &Tournament,
    games: &Games,
    opps: &[Opponent],
    i: usize,
    e: Edition,
) -> (Vec<RoundUse>, Vec<Counted>) {
    let rows = games.of(i);
    let mut uses = Vec::with_capacity(usize::from(t.rounds));
    let mut counted = Vec::new();
    for r in 1..=t.rounds.max(rows.len() as u16) {
        let g: Option<&Game> = rows.get(usize::from(r) - 1);
        let entry = t.players[i].round(usize::from(r));
        let result = entry.result.letter().to_string();
        let opponent = g
            .filter(|g| g.opponent != crate::model::games::NONE && !g.has_all(Kind::SELF))
            .map(|g| g.opponent as usize);
        let reason: Option<String> = match (g, entry.result) {
            (None, _) | (_, RoundResult::NotPaired) => Some("not paired".to_owned()),
            (_, RoundResult::Bye { bye }) => Some(match bye.letter() {
                'U' => format!("pairing-allocated bye: not a game ({})", e.cite("1.4.1c")),
                l => format!("bye `{l}`: not a game"),
            }),
            (_, RoundResult::Forfeit { won }) => Some(format!(
                "forfeit {}: not played over the board ({})",
                if won { "win" } else { "loss" },
                e.cite("1.4.2c")
            )),
            (_, RoundResult::ShortGame { .. }) => Some(format!(
                "game of less than one move: not counted (trfkit's reading of {})",
                e.cite("1.4.2c")
            )),
            (_, RoundResult::Pending) | (_, RoundResult::Unknown { .. }) => {
                Some("no result".to_owned())
            }
            (Some(_), RoundResult::Game { outcome }) => match opponent {
                None => Some("opponent not in the report".to_owned()),
                Some(o) => match &opps[o].fed {
                    Fed::Outside(code) => Some(format!(
                        "opponent's federation `{code}` is not a FIDE federation ({})",
                        e.cite("1.4.2a")
                    )),
                    _ if opps[o].unrated_without_points => Some(format!(
                        "unrated opponent without a point against rated players in a round robin ({})",
                        e.cite("1.4.2b")
                    )),
                    _ => {
                        counted.push(Counted {
                            round: r,
                            opponent: o,
                            half: outcome.half_points(),
                        });
                        None
                    }
                },
            },
        };
        uses.push(RoundUse {
            round: r,
            opponent: entry.opponent,
            result,
            counted: reason.is_none(),
            reason,
        });
    }
    (uses, counted)
}
