//! One norm judged on one set of counted games: the federation mix
//! (1.4.3-1.4.4), the titled opponents (1.4.5), the ratings with the floor
//! (1.4.6-1.4.7), Ra, p, dp, Rp and the 35% minimum (1.4.8-1.4.9).

use super::conditions as c;
use super::edition::Edition;
use super::games::{Counted, Fed, Opponent};
use super::item;
use super::kind::{is_title_holder, NormKind};
use super::performance::{dp, percentage, rating_average, reaches_35_percent};
use super::Item;
use crate::diag::plural;
use serde::Serialize;
use std::collections::BTreeMap;

/// Which federation rule a norm was judged under (1.4.3e asks for one norm
/// under the normal rule in an application).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum ForeignerRule {
    /// 1.4.3 and 1.4.4 apply.
    Normal,
    /// Waived by 1.4.3a (given).
    #[serde(rename = "exempt(a)")]
    ExemptA,
    /// Waived by 1.4.3b (given).
    #[serde(rename = "exempt(b)")]
    ExemptB,
    /// Waived by 1.4.3c (given).
    #[serde(rename = "exempt(c)")]
    ExemptC,
    /// Waived by 1.4.3d (computed).
    #[serde(rename = "exempt(d)")]
    ExemptD,
}

impl ForeignerRule {
    /// `normal`, `exempt(a)` …
    pub fn as_str(self) -> &'static str {
        match self {
            ForeignerRule::Normal => "normal",
            ForeignerRule::ExemptA => "exempt(a)",
            ForeignerRule::ExemptB => "exempt(b)",
            ForeignerRule::ExemptC => "exempt(c)",
            ForeignerRule::ExemptD => "exempt(d)",
        }
    }
}

/// The federations and titles of the opponents.
#[derive(Debug, Clone, Default, Serialize)]
#[non_exhaustive]
pub struct Mix {
    /// The player's federation.
    pub own_federation: Option<String>,
    /// Games against opponents of it.
    pub own: u32,
    /// The most allowed (3/5, rounded down).
    pub own_max: u32,
    /// The federation with the most games, and how many.
    pub largest: Option<(String, u32)>,
    /// The most from one federation (2/3, rounded down).
    pub largest_max: u32,
    /// Federations other than the player's.
    pub foreign_federations: Vec<String>,
    /// Games against FID players (not a federation).
    pub fid: u32,
    /// Opponents by title (GM, IM, WGM, WIM, FM, WFM, CM, WCM).
    pub titles: BTreeMap<String, u32>,
    /// Title holders (1.4.5a).
    pub title_holders: u32,
    /// The least (50%, rounded up).
    pub title_holders_min: u32,
    /// Holders of the norm's title or a higher one (1.4.5b-e).
    pub norm_title_holders: u32,
    /// The least (1/3 and at least 3; halved in a double round robin).
    pub norm_title_holders_min: u32,
}

/// One opponent's rating as used.
#[derive(Debug, Clone, Serialize)]
#[non_exhaustive]
pub struct OpponentRating {
    /// The round.
    pub round: u16,
    /// The opponent's starting rank.
    pub opponent: u16,
    /// The report's rating (`None`: unrated).
    pub rating: Option<u16>,
    /// The rating counted: the report's, the unrated value, or the floor.
    pub counted: i32,
    /// Raised to the floor (1.4.6b-c).
    pub raised: bool,
}

/// The judgement of one norm on one set of games.
#[derive(Debug, Clone, Serialize)]
#[non_exhaustive]
pub struct Assessment {
    /// Counted games.
    pub games: u32,
    /// Score in half points.
    #[serde(skip)]
    pub half: u32,
    /// Score, `6.5`.
    pub score: String,
    /// Ra.
    pub ra: Option<i32>,
    /// p in whole percent.
    pub p: Option<u32>,
    /// dp.
    pub dp: Option<i32>,
    /// Rp.
    pub rp: Option<i32>,
    /// The score reaches 35%.
    pub score_35: bool,
    /// Federations and titles.
    pub mix: Mix,
    /// The ratings used.
    pub ratings: Vec<OpponentRating>,
    /// Every condition failed.
    pub failed: Vec<Item>,
}

/// What the judgement needs besides the games.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Setting<'a> {
    /// The edition.
    pub edition: Edition,
    /// The norm.
    pub kind: NormKind,
    /// The player's federation.
    pub own: Option<&'a str>,
    /// Which federation rule applies.
    pub foreigner_rule: ForeignerRule,
    /// A double round robin (1.4.5f).
    pub double_round_robin: bool,
    /// The least games, and whether 8 + 1 applies (then the games
    /// condition passes on 8).
    pub min_games: u32,
    /// 1.4.1c applies.
    pub eight_plus_one: bool,
}

fn ceil_div(a: u32, b: u32) -> u32 {
    a.div_ceil(b)
}

/// `6.5` from half points.
pub(crate) fn score_text(half: u32) -> String {
    if half % 2 == 0 {
        format!("{}", half / 2)
    } else {
        format!("{}.5", half / 2)
    }
}

/// Judges `kind` on `games`.
pub(crate) fn assess(s: &Setting<'_>, games: &[Counted], opps: &[Opponent]) -> Assessment {
    let e = s.edition;
    let n = games.len() as u32;
    let half: u32 = games.iter().map(|g| g.half).sum();
    let mut failed = Vec::new();

    // 1.4.1: the number of games.
    if n < s.min_games && !s.eight_plus_one {
        failed.push(item(
            e,
            &c::GAMES,
            format!("{n} counted games (at least {})", s.min_games),
        ));
    }

    // 1.4.3-1.4.4: federations, counted on games.
    let mut by_fed: BTreeMap<&str, u32> = BTreeMap::new();
    let mut fid = 0;
    for g in games {
        match &opps[g.opponent].fed {
            Fed::Code(f) => *by_fed.entry(f.as_str()).or_default() += 1,
            Fed::Fid => fid += 1,
            Fed::Outside(_) => {}
        }
    }
    let own = s.own.map_or(0, |o| by_fed.get(o).copied().unwrap_or(0));
    let largest = by_fed
        .iter()
        .max_by_key(|(f, k)| (**k, std::cmp::Reverse(**f)))
        .map(|(f, k)| ((*f).to_owned(), *k));
    let foreign: Vec<String> = by_fed
        .keys()
        .filter(|f| Some(**f) != s.own)
        .map(|f| (*f).to_owned())
        .collect();
    let own_max = 3 * n / 5;
    let largest_max = 2 * n / 3;
    if s.foreigner_rule == ForeignerRule::Normal {
        if foreign.len() < 2 {
            failed.push(item(
                e,
                &c::FOREIGN_FEDERATIONS,
                format!(
                    "{} federation{} other than the player's ({}) among the opponents (at least 2)",
                    foreign.len(),
                    if foreign.len() == 1 { "" } else { "s" },
                    s.own.unwrap_or("none")
                ),
            ));
        }
        if own > own_max {
            failed.push(item(
                e,
                &c::OWN_FEDERATION,
                format!(
                    "own federation {} {own} > {own_max} (at most 3/5 of {n})",
                    s.own.unwrap_or("")
                ),
            ));
        }
        if let Some((f, k)) = largest.as_ref().filter(|(_, k)| *k > largest_max) {
            failed.push(item(
                e,
                &c::ONE_FEDERATION,
                format!("{f} {k} > {largest_max} (at most 2/3 of {n})"),
            ));
        }
    }

    // 1.4.5: titles.
    let mut titles: BTreeMap<String, u32> = BTreeMap::new();
    let mut holders = 0;
    let mut norm_games = 0;
    let mut norm_opponents: Vec<usize> = Vec::new();
    for g in games {
        if let Some(t) = &opps[g.opponent].title {
            *titles.entry(t.as_str().to_owned()).or_default() += 1;
            holders += u32::from(is_title_holder(t));
            if s.kind.counts_title(t) {
                norm_games += 1;
                if !norm_opponents.contains(&g.opponent) {
                    norm_opponents.push(g.opponent);
                }
            }
        }
    }
    let holders_min = ceil_div(n, 2);
    let per_games = ceil_div(n, 3).max(3);
    let (norm_holders, norm_min) = if s.double_round_robin {
        (norm_opponents.len() as u32, ceil_div(per_games, 2))
    } else {
        (norm_games, per_games)
    };
    if holders < holders_min {
        failed.push(item(
            e,
            &c::TITLE_HOLDERS,
            format!(
                "{} among {n} opponents (at least {holders_min})",
                plural(holders, "title holder", "title holders")
            ),
        ));
    }
    if norm_holders < norm_min {
        failed.push(item(
            e,
            &c::NORM_TITLE_HOLDERS,
            format!(
                "{} with {} (at least {norm_min})",
                plural(norm_holders, "opponent", "opponents"),
                match s.kind {
                    NormKind::GM => "GM",
                    NormKind::IM => "GM or IM",
                    NormKind::WGM => "GM, IM or WGM",
                    NormKind::WIM => "GM, IM, WGM or WIM",
                }
            ),
        ));
    }

    // 1.4.6-1.4.7: ratings, the floor for the lowest, Ra.
    let mut ratings: Vec<OpponentRating> = games
        .iter()
        .map(|g| {
            let o = &opps[g.opponent];
            OpponentRating {
                round: g.round,
                opponent: o.rank,
                rating: o.rating,
                counted: o.rating.map_or(e.unrated_value(), i32::from),
                raised: false,
            }
        })
        .collect();
    if let Some(low) = ratings
        .iter_mut()
        .min_by_key(|r| r.counted)
        .filter(|r| r.counted < s.kind.floor())
    {
        low.counted = s.kind.floor();
        low.raised = true;
    }
    let sum: i64 = ratings.iter().map(|r| i64::from(r.counted)).sum();
    let ra = rating_average(sum, n);
    let p = percentage(half, n);
    let d = p.and_then(dp);
    let rp = ra.zip(d).map(|(a, d)| a + d);
    if let Some(ra) = ra.filter(|ra| *ra < s.kind.ra_min()) {
        failed.push(item(
            e,
            &c::RATING_AVERAGE,
            format!("Ra {ra} < {}", s.kind.ra_min()),
        ));
    }
    if let Some(rp) = rp.filter(|rp| *rp < s.kind.rp_min()) {
        failed.push(item(
            e,
            &c::PERFORMANCE,
            format!("Rp {rp} < {}", s.kind.rp_min()),
        ));
    }
    let score_35 = reaches_35_percent(half, n);
    if n > 0 && !score_35 {
        failed.push(item(
            e,
            &c::MINIMUM_SCORE,
            format!("{} of {n} is below 35%", score_text(half)),
        ));
    }
    Assessment {
        games: n,
        half,
        score: score_text(half),
        ra,
        p,
        dp: d,
        rp,
        score_35,
        mix: Mix {
            own_federation: s.own.map(str::to_owned),
            own,
            own_max,
            largest,
            largest_max,
            foreign_federations: foreign,
            fid,
            titles,
            title_holders: holders,
            title_holders_min: holders_min,
            norm_title_holders: norm_holders,
            norm_title_holders_min: norm_min,
        },
        ratings,
        failed,
    }
}
