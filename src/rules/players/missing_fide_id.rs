//! Rule `missing-fide-id`.

use crate::diag::{Consequence, Diagnostic};
use crate::model::Player;
use crate::read::columns::p001;
use crate::rules::{always, Ctx};
use chrono::NaiveDate;

crate::declare_rule! {
    /// ## What it checks
    /// That every player, rated or not, has a FIDE ID in `001` columns
    /// 58-68 (blank or `0` is none; a column holding something unreadable is
    /// `invalid-field`'s). Since FIDE's letter to federations of
    /// 12 August 2013 the rating office rejects reports submitted without ID
    /// numbers, and a new player's ID is created by the player's own
    /// federation before the upload: from tournaments starting on that
    /// date each player without an ID is an error. Before it, FIDE
    /// registered newcomers from the report: a warning. When no player of
    /// the file has an ID (an export that left the column out), the file
    /// gets one finding instead of one per player.
    ///
    /// Without a usable start date the latest rule is applied (the edition
    /// is assumed, see `start-date-unknown`).
    ///
    /// ## Why it matters
    /// FIDE matches every player of a report to its rating database by ID;
    /// a report with a player without one is returned, and the player's
    /// federation must register the player first.
    ///
    /// ## Example
    /// ```text
    /// 001    4 w    Brown, Mary                          0 IRL             1995/04/04
    /// ```
    /// Ask the Irish federation for Mary Brown's FIDE ID and write it
    /// right-aligned in columns 58-68.
    ///
    /// ## Reference
    /// FIDE letter to federations of 12 August 2013 (the QC "instructed the
    /// Elista Office to reject tournaments which are submitted without ID
    /// numbers"; IDs are created by the player's federation); TRF16 record
    /// 001, columns 58-68 (mandatory for rating).
    pub(crate) static MISSING_FIDE_ID = {
        code: "TRF-P006", name: "missing-fide-id",
        severity: Error, summary: "a player without a FIDE ID",
        consequence: FixBeforeUpload,
        source: "FIDE letter to federations of 12 Aug 2013 (quoted by a secondary source, (from a secondary source)): reports submitted without ID numbers are rejected; IDs are created by the player's federation; before that date a warning",
        applies: always, check: check,
    };
}

/// The first start date the ID rule of FIDE's letter applies to.
const ID_RULE_FROM: NaiveDate = crate::regulations::ymd(2013, 8, 12);

/// Secondary labels drawn at most; the rest are counted in the message.
const SHOWN: usize = 5;

const REFERENCE: &str =
    "FIDE letter to federations, 12 August 2013; TRF16 record 001, columns 58-68 (FIDE ID, mandatory for rating)";

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let players = &ctx.tournament.players;
    // A column that holds something unreadable is `invalid-field`'s.
    let blank = |p: &Player| {
        ctx.slice(ctx.player_field(p, &p001::FIDE_ID))
            .trim()
            .trim_start_matches('0')
            .is_empty()
    };
    let missing: Vec<_> = players
        .iter()
        .filter(|p| p.fide_id.is_none() && blank(p))
        .collect();
    let Some(first) = missing.first() else {
        return;
    };
    let before_rule = ctx.start.is_some_and(|s| s < ID_RULE_FROM);
    let finish = |d: Diagnostic| -> Diagnostic {
        let d = d.reference(REFERENCE);
        if before_rule {
            d.with_consequence(Consequence::Cosmetic)
        } else {
            d
        }
    };
    let why = if before_rule {
        "before 12 August 2013 FIDE registered new players from the report; write the IDs players have"
    } else {
        "FIDE rejects reports with players without an ID (letter of 12 August 2013); a new player's federation creates the ID before the upload"
    };
    let message = if missing.len() > 1 && missing.len() == players.len() {
        format!("none of the `{}` players has a FIDE ID", players.len())
    } else {
        let rated = match first.rating {
            Some(r) => format!("rated `{}`", r.value),
            None => "unrated".to_owned(),
        };
        let others = match missing.len() {
            1 => String::new(),
            2 => " (and `1` other player)".to_owned(),
            n => format!(" (and `{}` other players)", n - 1),
        };
        format!(
            "{} ({}, {rated}){others} has no FIDE ID",
            first.designation(),
            first.name.value
        )
    };
    let mut d = MISSING_FIDE_ID.diag(message).primary(
        ctx.player_field(first, &p001::FIDE_ID),
        format!("no FIDE ID for `{}`", first.name.value),
    );
    for p in missing.iter().skip(1).take(SHOWN) {
        d = d.secondary(ctx.player_field(p, &p001::FIDE_ID), p.designation());
    }
    out.push(finish(d.help(format!(
        "write each player's FIDE ID right-aligned in columns 58-68; {why}"
    ))));
}
