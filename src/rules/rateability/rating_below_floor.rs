//! Rule `rating-below-floor`.

use super::cite::{cite, text};
use crate::diag::{Consequence, Diagnostic};
use crate::regulations::{Basis, Topic};
use crate::rules::wording::{plural, ymd};
use crate::rules::{always, Ctx};

crate::declare_rule! {
    /// ## What it checks
    /// That no rating in the FIDE column (`001` columns 49-52) is below the
    /// rating floor, the lowest rating FIDE published under the edition in
    /// force at the start:
    ///
    /// | edition | floor |
    /// |---|---|
    /// | 2003 | 1801 |
    /// | 2005 | 1401 |
    /// | 2009 | 1200; 1000 from 1 July 2012 (from a secondary source) |
    /// | 2013, 2014, 2017 | 1000 (from secondary sources; 2017 not confirmed) |
    /// | 2022 | 1000 |
    /// | 2024 | 1400 |
    ///
    /// Such a value cannot be a FIDE rating: it is a national rating (or
    /// another list's) written in the FIDE column. One finding per file,
    /// on the first such player, with the others as secondary labels and
    /// their number. Without a usable start date the edition is assumed
    /// (`start-date-unknown`) and the finding is information only.
    ///
    /// ## Why it matters
    /// FIDE rates from its own list: a national rating in the FIDE column
    /// gives the report wrong rated/unrated counts and, computed from the
    /// report, wrong rating changes for the opponents (Ro); a player with a
    /// national rating only is unrated for FIDE.
    ///
    /// FIDE has not published what it does with a report whose FIDE column
    /// holds such a value: FIDE's TRF16 description marks the rating
    /// "warning if wrong", and FIDE rates from its own list, so trfkit
    /// warns (no effect on FIDE's rating) and assumes FIDE uses the rating
    /// of its list. trfkit's own rating (`trf rate` without a list) uses
    /// the report's value and says so.
    ///
    /// ## Example
    /// ```text
    /// 042 2024/05/04
    /// 001    7 m    Doe, John                         1180 ENG   400007
    /// ```
    /// No FIDE rating is below 1400 from March 2024: write the player's FIDE
    /// rating from the list, or `   0` if unrated.
    ///
    /// ## Reference
    /// FIDE Rating Regulations, rating floor (2024 art. 7.2.1: a rating
    /// below 1400 is not published; earlier editions in FIDE's texts).
    pub(crate) static RATING_BELOW_FLOOR = {
        code: "TRF-F019", name: "rating-below-floor",
        severity: Warning, summary: "a rating below the lowest rating FIDE publishes",
        consequence: Cosmetic,
        source: "B.02 rating floor (2024 art. 7.2.1: a rating below 1400 is not published), so the value is not a FIDE rating; FIDE's TRF16 description marks the rating \"warning if wrong\" and FIDE has not published what it does with such a value, so trfkit warns and assumes FIDE rates with the rating of its own list",
        topic: crate::regulations::Topic::RatingFloor,
        applies: always, check: check,
    };
}

/// Secondary labels drawn at most; the rest are counted.
const SHOWN: usize = 5;

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let on = ctx.start.unwrap_or(ctx.regs.effective_from);
    let floor = ctx.regs.floor.at(on).min_rating;
    let below: Vec<_> = ctx
        .tournament
        .players
        .iter()
        .filter_map(|p| p.rating.filter(|r| r.value < floor).map(|r| (p, r)))
        .collect();
    let Some((first, r)) = below.first() else {
        return;
    };
    let others = match below.len() {
        1 => String::new(),
        n => format!(
            " (and {} more)",
            plural((n - 1) as u64, "player", "players")
        ),
    };
    let mut d = RATING_BELOW_FLOOR
        .diag(format!(
            "{} is rated `{}`{others}, below {floor}, the lowest rating FIDE publishes under {}",
            first.designation(),
            r.value,
            text(ctx)
        ))
        .primary(r.span, format!("below {floor}"));
    for (p, r) in below.iter().skip(1).take(SHOWN) {
        d = d.secondary(r.span, p.designation());
    }
    let when = match ctx.start {
        Some(s) => format!("on {}", ymd(s)),
        None => "at the edition's start".to_owned(),
    };
    let help = format!(
        "no FIDE rating was below {floor} {when}: this is a national (or other) rating; write the player's FIDE rating from the list in force, or `   0` if the player has none (then the player is unrated for FIDE); FIDE has not published what it does with such a value in a report: trfkit assumes FIDE rates with the rating of its own list, so this does not stop the upload"
    );
    let d = if ctx.regs_choice == Basis::Assumed {
        d.with_consequence(Consequence::Info)
            .help(format!("{help}; the report has no usable start date, so the floor of the assumed edition was used"))
            .reference(ctx.cite(Topic::RatingFloor))
    } else {
        cite(ctx, d, Topic::RatingFloor, help)
    };
    out.push(d);
}
