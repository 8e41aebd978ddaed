//! Rule `unknown-federation`.

use super::federations::{self, Status};
use crate::diag::{Consequence, Diagnostic};
use crate::rules::{always, Ctx};
use crate::source::span::Span;
use std::collections::HashMap;

crate::declare_rule! {
    /// ## What it checks
    /// That every federation code is one of FIDE's: the players' (`001`
    /// columns 54-56) and the host's (`032`). The codes are FIDE's list of
    /// federations as shipped in `data/federations.tsv`:
    /// - a code that is not in the list at all (a club code, a national
    ///   abbreviation, a platform's name) is an **error** in `032` (the host
    ///   federation, mandatory for rating) and for a player without a FIDE
    ///   ID (FIDE creates a new player's ID through the player's own
    ///   federation); for players who all have a FIDE ID it is a
    ///   **cosmetic** warning: TRF16 marks the federation "warning if
    ///   wrong", and FIDE lists the player under the federation of its own
    ///   records;
    /// - a **former** code (`SCG`, `USR`, `LIB`, `SIN`, `TRI`, `AHO`, `BEN`)
    ///   is a warning naming its successor when the list gives one;
    /// - a code the list marks **unverified** (`YUG`, `URS`, `GRL`, `MAU`)
    ///   is a warning: FIDE may not know it;
    /// - member federations, affiliated organisations (`IOM`, `NCL`), the
    ///   FIDE flag `FID` and `NON` (no federation) pass.
    ///
    /// A known code written in lower case (`eng`) is `invalid-code`'s
    /// business, not this rule's; blank fields are not reported. One
    /// finding per value: the first occurrence, with the number of other
    /// players who carry it.
    ///
    /// ## Why it matters
    /// FIDE registers and lists a player under a member federation (or the
    /// FIDE flag): a player registered through no member federation is not
    /// rated. A code FIDE does not know means the column holds something
    /// else (a club, a national rating system's region), and the rating
    /// officer must find the player's real federation before the upload.
    ///
    /// ## Example
    /// ```text
    /// 001    1 m    Doe, John                         1850 SKB   400001
    /// ```
    /// `SKB` is a club: write the player's FIDE federation, e.g. `ENG`.
    ///
    /// ## Reference
    /// TRF16 record 001, columns 54-56, and record 032; FIDE Rating
    /// Regulations 2024 art. 10.1 (players registered through a member
    /// federation); FIDE Registration regulations 1.6 (`FID`); the list of
    /// FIDE federations (ratings.fide.com).
    pub(crate) static UNKNOWN_FEDERATION = {
        code: "TRF-P005", name: "unknown-federation",
        severity: Error, summary: "a federation code that is not FIDE's",
        consequence: FixBeforeUpload,
        source: "players are registered and rated through a FIDE member federation (B.02 2024 art. 10.1; Registration regulations 1.6 for FID), and a new player's FIDE ID is created by their own federation (FIDE letter of 12 Aug 2013): an unknown code in 032 or for a player without an ID is data the rating officer must correct; for players with IDs it is cosmetic (TRF16: federation is \"warning if wrong\"); former and unverified codes are only warned about (the list may be stale)",
        applies: always, check: check,
    };
}

/// Where a value was seen first, and by whom.
struct Seen<'a> {
    /// The first occurrence.
    span: Span,
    /// The first player who carries it.
    first: Option<&'a crate::model::Player>,
    /// Players who carry it.
    players: usize,
    /// `032` holds it.
    header: bool,
    /// Players who carry it and have no FIDE ID.
    without_id: usize,
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let mut order: Vec<&str> = Vec::new();
    let mut seen: HashMap<&str, Seen<'_>> = HashMap::new();
    let h = &ctx.tournament.header;
    let header = h
        .federation
        .as_ref()
        .map(|f| (f.value.as_str(), f.span, None));
    let players = ctx.tournament.players.iter().filter_map(|p| {
        p.federation
            .as_ref()
            .map(|f| (f.value.as_str(), f.span, Some((p, p.fide_id.is_none()))))
    });
    for (value, span, player) in header.into_iter().chain(players) {
        let (player, no_id) = match player {
            Some((rank, no_id)) => (Some(rank), no_id),
            None => (None, false),
        };
        // Nearly every code is in force: one table look-up, before the
        // call that tells the other codes apart.
        if value.is_empty() || federations::in_force(value) || judge(value).is_none() {
            continue;
        }
        let s = seen.entry(value).or_insert_with(|| {
            order.push(value);
            Seen {
                span,
                first: player,
                players: 0,
                header: false,
                without_id: 0,
            }
        });
        s.without_id += usize::from(no_id);
        match player {
            Some(_) => {
                s.players += 1;
                s.first = s.first.or(player);
            }
            None => s.header = true,
        }
    }
    for value in order {
        let (Some(s), Some(j)) = (seen.get(value), judge(value)) else {
            continue;
        };
        let mut whose: Vec<String> = Vec::new();
        if s.header {
            whose.push("the host (`032`)".to_owned());
        }
        match (s.first, s.players) {
            (_, 0) | (None, _) => {}
            (Some(p), 1) => whose.push(p.designation()),
            (Some(p), 2) => whose.push(format!("{} (and `1` other player)", p.designation())),
            (Some(p), n) => whose.push(format!(
                "{} (and `{}` other players)",
                p.designation(),
                n - 1
            )),
        }
        let whose = whose.join(" and ");
        let d = match j {
            Judgement::Unknown => UNKNOWN_FEDERATION
                .diag(format!("federation `{value}` of {whose} is not a FIDE federation code"))
                .primary(s.span, "not a FIDE federation")
                .help(if s.players == 0 {
                    "write the host federation's FIDE code in `032`, e.g. `ENG`, `GER`, `IND`; a club, a platform or a national abbreviation is not one"
                } else if s.header || s.without_id > 0 {
                    "write the FIDE federation the player is registered with, e.g. `ENG`, `GER`, `IND`, or `FID` for a player under the FIDE flag; a club or national abbreviation is not one, and a new player's FIDE ID is created through their federation"
                } else {
                    "these players have FIDE IDs, so FIDE lists them under the federation of its own records; write their FIDE federation, e.g. `ENG`, `GER`, `IND`, so the report says the same"
                })
                .with_consequence(if s.header || s.without_id > 0 {
                    Consequence::FixBeforeUpload
                } else {
                    Consequence::Cosmetic
                }),
            Judgement::Former(f) => {
                let instead = match f.successors().as_slice() {
                    [] => "check the player's current federation on the FIDE rating list".to_owned(),
                    [one] => format!("FIDE now writes `{one}`"),
                    many => format!(
                        "FIDE now writes one of `{}`: check the player's federation on the FIDE rating list",
                        many.join("`, `")
                    ),
                };
                UNKNOWN_FEDERATION
                    .diag(format!(
                        "federation `{value}` of {whose} is a former code ({})",
                        f.name
                    ))
                    .primary(s.span, "former code")
                    .help(instead)
                    .with_consequence(Consequence::Cosmetic)
            }
            Judgement::Unverified(f) => UNKNOWN_FEDERATION
                .diag(format!(
                    "federation `{value}` of {whose} ({}) is not confirmed as a FIDE code",
                    f.name
                ))
                .primary(s.span, "unconfirmed code")
                .help(
                    "check the player's federation on the FIDE rating list: FIDE's published lists seen by trfkit do not confirm this code",
                )
                .with_consequence(Consequence::Cosmetic),
        };
        out.push(d.reference(
            "TRF16 record 001, columns 54-56 and record 032; FIDE list of member federations",
        ));
    }
}

/// What this rule says about a value; `None` when it says nothing.
enum Judgement {
    /// Not in the list at all.
    Unknown,
    /// A former code.
    Former(&'static federations::Federation),
    /// A code the list marks unverified.
    Unverified(&'static federations::Federation),
}

fn judge(value: &str) -> Option<Judgement> {
    if federations::in_force(value) {
        return None;
    }
    let f = match federations::find(value) {
        Some(f) => f,
        // A known code in the wrong case is invalid-code's.
        None if federations::find(&value.to_ascii_uppercase()).is_some() => return None,
        None => return Some(Judgement::Unknown),
    };
    match f.status {
        Status::Current | Status::Affiliated | Status::Special => None,
        Status::Former => Some(Judgement::Former(f)),
        Status::Unverified => Some(Judgement::Unverified(f)),
    }
}
