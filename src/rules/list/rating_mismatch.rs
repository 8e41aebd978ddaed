//! Rule `rating-mismatch`.

use super::listed;
use super::{has_list, list_in_force, ListLookup};
use crate::diag::Diagnostic;
use crate::ratinglist::period::month_name;
use crate::ratinglist::{ListRecord, RatingKind};
use crate::read::columns::p001;
use crate::regulations::Topic;
use crate::rules::Ctx;

crate::declare_rule! {
    /// ## What it checks
    /// That the rating in columns 49-52 is the rating list's for the
    /// player's FIDE ID: the standard rating, or the rapid or blitz rating
    /// when the time control (`222`, else `122`) makes the event rapid (more
    /// than 10 and less than 60 minutes for 60 moves) or blitz (10 minutes or
    /// less). Reported: a different rating (saying whether it matches
    /// another of the list's ratings or none, i.e. stale or wrong), a rating
    /// for a player the list has unrated, and no rating for a player the
    /// list has rated. The finding names the list's month (its header or
    /// file name) and whether that is the list in force at the tournament's
    /// start. Runs only with a list that carries the time control's ratings.
    ///
    /// ## Why it matters
    /// FIDE rates a tournament with the ratings of the list in force when it
    /// started (monthly lists since July 2012), whatever the report says; a
    /// stale rating makes every rating change and norm computed from the
    /// report wrong. Checked against a later list, differences are expected
    /// for players who played in between.
    ///
    /// ## Example
    /// ```text
    /// 001    1 m  GM Adler, Jonas                      2588 GER    90000011 1991/03/02 ...
    /// ```
    /// The March list says `2601`. Use instead: `2601`, if the tournament
    /// started in March.
    ///
    /// ## Reference
    /// TRF16 record 001, columns 49-52; FIDE rating list, columns `SRtng`,
    /// `RRtng`, `BRtng`; FIDE Rating Regulations,
    /// rating periods and lists.
    pub(crate) static RATING_MISMATCH = {
        code: "TRF-L007", name: "rating-mismatch",
        severity: Warning, summary: "a rating that differs from the rating list's",
        consequence: Cosmetic,
        source: "FIDE rates with the ratings of its own list, not the report's (B.02 2024 art. 7.1); the report's column is informative",
        applies: has_list, check: check,
    };
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let Some(list) = listed::list(ctx) else {
        return;
    };
    let kind = listed::rating_kind(ctx);
    if !listed::carries(list, kind) {
        return;
    }
    let kind_text = kind.as_str();
    let when = period_note(ctx, list);
    for (p, rec) in listed::listed(ctx) {
        let ours = p.rating.map(|r| r.value);
        let theirs = rec.rating(kind);
        let (message, label) = match (ours, theirs) {
            (None, None) => continue,
            (Some(a), Some(b)) if a == b => continue,
            (Some(a), Some(b)) => {
                let why = match other_match(rec, kind, a) {
                    Some(k) => format!("it is the list's {} rating", k.as_str()),
                    None => "stale or wrong".to_string(),
                };
                (
                    format!(
                        "rating `{a}` of {} differs from the rating list's {kind_text} rating `{b}`: {why}",
                        listed::who(p)
                    ),
                    format!("list: `{b}`"),
                )
            }
            (Some(a), None) => {
                let why = match other_match(rec, kind, a) {
                    Some(k) => format!(" (`{a}` is the list's {} rating)", k.as_str()),
                    None => String::new(),
                };
                (
                    format!(
                        "{} has rating `{a}` but the rating list has them unrated in {kind_text}{why}",
                        listed::who(p)
                    ),
                    "list: unrated".to_string(),
                )
            }
            (None, Some(b)) => (
                format!(
                    "{} has no rating but the rating list's {kind_text} rating is `{b}`",
                    listed::who(p)
                ),
                format!("list: `{b}`"),
            ),
        };
        let span = p
            .rating
            .map(|r| r.span)
            .unwrap_or_else(|| ctx.player_field(p, &p001::RATING));
        let fix = match theirs {
            Some(b) => format!("write `{b}` in columns 49-52"),
            None => "leave columns 49-52 blank (or 0)".to_string(),
        };
        out.push(
            RATING_MISMATCH
                .diag(message)
                .primary(span, label)
                .help(format!(
                    "the list gives {} for FIDE ID {}; {}",
                    all_ratings(rec),
                    rec.fide_id,
                    when.advice(&fix)
                ))
                .reference(format!(
                    "{}; {}",
                    listed::reference("columns 49-52", rating_column(kind)),
                    ctx.cite(Topic::RatingLists)
                )),
        );
    }
}

/// Another of the list's ratings that equals the report's.
fn other_match(rec: &ListRecord, kind: RatingKind, rating: u16) -> Option<RatingKind> {
    [RatingKind::Standard, RatingKind::Rapid, RatingKind::Blitz]
        .into_iter()
        .filter(|&k| k != kind)
        .find(|&k| rec.rating(k) == Some(rating))
}

/// `standard 2830, rapid 2810, blitz unrated`, for what the list carries.
fn all_ratings(rec: &ListRecord) -> String {
    let kinds = [RatingKind::Standard, RatingKind::Rapid, RatingKind::Blitz];
    let parts: Vec<String> = kinds
        .into_iter()
        .filter(|&k| rec.entry(k).is_some())
        .map(|k| format!("{} `{}`", k.as_str(), rec.rating(k).unwrap_or(0)))
        .collect();
    if parts.is_empty() {
        "no rating".to_string()
    } else {
        parts.join(", ")
    }
}

fn rating_column(kind: RatingKind) -> &'static str {
    match kind {
        RatingKind::Standard => "SRtng",
        RatingKind::Rapid => "RRtng",
        RatingKind::Blitz => "BRtng",
    }
}

/// Which list this is, and whether it is the one in force at the start:
/// what to tell before the fix.
enum Period {
    /// The list in force at the start.
    InForce(String),
    /// Another month's list: the rating must be checked in the right one.
    Other(String),
    /// Unknown: the fix holds if the list is the one in force.
    Unknown(String),
}

impl Period {
    fn advice(&self, fix: &str) -> String {
        match self {
            Period::InForce(note) => format!("{note}: {fix}"),
            Period::Other(note) => {
                format!("{note}: compare with that list before changing columns 49-52")
            }
            Period::Unknown(condition) => format!("{condition}, {fix}"),
        }
    }
}

fn period_note(ctx: &Ctx<'_>, list: &ListLookup) -> Period {
    let in_force = ctx
        .start
        .map(|d| (d.format("%Y/%m/%d"), list_in_force(ctx.regs, d)));
    match (list.period, in_force) {
        (Some(p), Some((start, f))) if p == f => Period::InForce(format!(
            "`{}` is the {} list, in force when the tournament started on {start}",
            list.name,
            month_name(p),
        )),
        (Some(p), Some((start, f))) => Period::Other(format!(
            "`{}` is the {} list but the tournament started on {start}, under the {} list",
            list.name,
            month_name(p),
            month_name(f)
        )),
        (None, Some((start, f))) => Period::Unknown(format!(
            "the month of `{}` is not known (combined lists do not name it; a name like `players_list_{}.txt` would): if it is the {} list, in force when the tournament started on {start}",
            list.name,
            short_month(f),
            month_name(f)
        )),
        (Some(p), None) => Period::Unknown(format!(
            "`{}` is the {} list and the report has no start date: if that list was in force at the start",
            list.name,
            month_name(p)
        )),
        (None, None) => Period::Unknown(format!(
            "neither the month of `{}` nor the tournament's start is known: if it is the list in force at the start",
            list.name
        )),
    }
}

/// `mar25`.
fn short_month(p: crate::ratinglist::ListPeriod) -> String {
    let name = month_name(p).to_ascii_lowercase();
    format!("{}{:02}", &name[..3.min(name.len())], p.year % 100)
}
