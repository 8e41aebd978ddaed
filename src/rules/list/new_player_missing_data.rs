//! Rule `new-player-missing-data`.

use super::listed::{self, who};
use super::{has_list, Status};
use crate::diag::Diagnostic;
use crate::read::columns::p001;
use crate::rules::Ctx;

crate::declare_rule! {
    /// ## What it checks
    /// That every unrated player (no rating in columns 49-52) whom FIDE
    /// would have to register has a birth date (columns 70-79) and a sex
    /// (column 10). Such a player is one without a FIDE ID, or one whose ID
    /// the rating list holds without a rating in the event's time control;
    /// for the latter only what the list does not have either is reported
    /// (the list's birth year or sex already identifies them). A player
    /// whose ID is not in the list at all is left to `fide-id-not-in-list`.
    /// Runs only with a list.
    ///
    /// ## Why it matters
    /// FIDE registers new players from the tournament report and needs both
    /// the birth date and the sex to do so; a player without them is not
    /// registered and their games are not rated.
    ///
    /// ## Example
    /// ```text
    /// 001    6        Novak, Petra                           CZE
    /// ```
    /// Use instead: `001    6 w      Novak, Petra                           CZE             2011/04/09`.
    ///
    /// ## Reference
    /// TRF16 record 001, columns 10 and 70-79 (sex and birth date, needed to
    /// register a player who has no FIDE ID).
    pub(crate) static NEW_PLAYER_MISSING_DATA = {
        code: "TRF-L009", name: "new-player-missing-data",
        severity: Error, summary: "an unrated player without the birth date or sex FIDE needs to register them",
        consequence: FixBeforeUpload,
        source: "QC letter to rating officers, 26 Feb 2024: a new player needs a correct birth date and sex, or the officer may return the report",
        applies: has_list, check: check,
    };
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let Some(list) = listed::list(ctx) else {
        return;
    };
    let kind = listed::rating_kind(ctx);
    for p in &ctx.tournament.players {
        if p.rating.is_some() {
            continue;
        }
        // What FIDE already has: nothing for a player without an ID.
        let (known_birth, known_sex) = match p.fide_id {
            None => (false, false),
            Some(id) => match list.status(id.value) {
                Status::Listed(rec)
                    if listed::carries(list, kind) && rec.rating(kind).is_none() =>
                {
                    (rec.birth_year.is_some(), rec.sex.is_some())
                }
                _ => continue,
            },
        };
        let no_birth = p.birth_date.is_none() && !known_birth;
        let no_sex = p.sex.is_none() && !known_sex;
        let missing = match (no_birth, no_sex) {
            (true, true) => "birth date or sex",
            (true, false) => "birth date",
            (false, true) => "sex",
            (false, false) => continue,
        };
        let birth = ctx.player_field(p, &p001::BIRTH_DATE);
        let sex = ctx.player_field(p, &p001::SEX);
        let message = if p.fide_id.is_some() {
            format!("{} is unrated in the list and has no {missing}", who(p))
        } else {
            format!("{} has no FIDE ID, no rating and no {missing}", who(p))
        };
        let mut d = NEW_PLAYER_MISSING_DATA.diag(message);
        d = match (no_birth, no_sex) {
            (true, true) => d.primary(birth, "no birth date").secondary(sex, "no sex"),
            (true, false) => d.primary(birth, "no birth date"),
            _ => d.primary(sex, "no sex"),
        };
        let mut fixes = Vec::new();
        if no_birth {
            fixes.push("the birth date as YYYY/MM/DD in columns 70-79");
        }
        if no_sex {
            fixes.push("the sex (`m` or `w`) in column 10");
        }
        out.push(
            d.help(format!(
                "FIDE needs both to register a new player: write {}",
                fixes.join(" and ")
            ))
            .reference("TRF16 record 001, columns 10 and 70-79 (sex and birth date of a player FIDE registers from the report)"),
        );
    }
}
