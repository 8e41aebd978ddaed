//! Rule `registration-too-late`.

use super::cite::{cite, text};
use crate::diag::{Consequence, Diagnostic};
use crate::model::{Player, Sex};
use crate::regulations::{FieldStrength, LeadTime, RegistrationRule, Topic};
use crate::rules::wording::{who, ymd};
use crate::rules::Ctx;
use chrono::NaiveDate;

crate::declare_rule! {
    /// ## What it checks
    /// That the tournament was registered with FIDE early enough before its
    /// start, given the registration date with `--registered-on` (the report
    /// does not hold it). The lead time is the one of the edition in force at
    /// the start date, except the amendment of 25 December 2023 (30 days when
    /// a player is rated above 2700 or a woman above 2500, 3 days otherwise),
    /// which took effect at once and so applies by the **registration** date
    /// inside the 2022 text:
    ///
    /// | edition | lead time |
    /// |---|---|
    /// | 2003, 2005 | none stated (the rule does not run) |
    /// | 2009 | one month (art. 0.4) |
    /// | 2013, 2014, 2017 | one week (2014: not confirmed in FIDE's text) |
    /// | 2022 | 3 days; registered from 25 Dec 2023: 30 / 3 days |
    /// | 2024 | 30 / 3 days |
    ///
    /// A rapid or blitz event uses the lead time of the rapid and blitz
    /// chapter in force at the start date instead: 3 days for every event
    /// in 2024 (no 30-day class); 2 days in 2012 (from a secondary source); one week in 2013 (not confirmed in FIDE's text)
    /// and 3 days in 2022 (not confirmed in FIDE's text), which only warn.
    ///
    /// Without `--registered-on` it gives **advice** that registration was
    /// not checked, with the deadline that applies and why (the player whose
    /// rating puts the event in the 30-day category).
    ///
    /// ## Why it matters
    /// An event registered late may be refused by the Qualification
    /// Commission; it is rated only if the QC Chairman (the FIDE President
    /// for the 30-day category in 2024) accepts the late registration.
    ///
    /// ## Example
    /// A 2024 open with a 2712-rated player, starting 2024/06/01 and
    /// registered on 2024/05/20: 12 days before the start, 30 are required.
    /// Use instead: register by 2024/05/02.
    ///
    /// ## Reference
    /// FIDE Rating Regulations, registration of tournaments (2009 art. 0.4,
    /// 2017 art. 0.2, 2022/2024 text; FIDE news 2818 of 25 December 2023). FIDE Rapid and Blitz Rating Regulations (2024),
    /// registration of tournaments.
    pub(crate) static REGISTRATION_TOO_LATE = {
        code: "TRF-F002", name: "registration-too-late",
        severity: Error, summary: "the tournament was registered with FIDE too late before its start",
        consequence: EventNotRated,
        source: "B.02 art. 0.2–0.4 (2009 art. 0.4; 2024 art. 0.2–0.4): an event not registered in time is not rated unless the QC Chair (FIDE President for the 30-day class) accepts it",
        topic: crate::regulations::Topic::Registration,
        rb_topic: crate::regulations::RapidBlitzTopic::Registration,
        applies: applies, check: check,
    };
}

/// Runs where the edition (or, for a rapid or blitz event, the chapter)
/// states a lead time.
fn applies(ctx: &Ctx<'_>) -> bool {
    if let Some(rb) = ctx.rapid_blitz {
        return rb.registration.value.is_some();
    }
    let r = &ctx.regs.registration;
    std::iter::once(&r.initial)
        .chain(r.amendments.iter().map(|a| &a.value))
        .any(|rule| !matches!(rule, RegistrationRule::NoLeadTimeStated))
}

/// The strongest players, as the 30-day rule looks at them.
struct Field<'a> {
    strength: FieldStrength,
    top: Option<&'a Player>,
    top_woman: Option<&'a Player>,
}

fn field<'a>(ctx: &Ctx<'a>) -> Field<'a> {
    let rated = |p: &&Player| p.rating.is_some();
    let by_rating = |p: &&'a Player| p.rating.map(|r| r.value);
    let players = &ctx.tournament.players;
    let top = players.iter().filter(rated).max_by_key(by_rating);
    let top_woman = players
        .iter()
        .filter(rated)
        .filter(|p| p.sex.is_some_and(|s| s.value == Sex::Female))
        .max_by_key(by_rating);
    Field {
        strength: FieldStrength {
            highest_rating: top.and_then(|p| p.rating.map(|r| r.value)),
            highest_female_rating: top_woman.and_then(|p| p.rating.map(|r| r.value)),
        },
        top,
        top_woman,
    }
}

/// Why the field-strength rule gives the lead it gives; `None` for a flat
/// lead time.
fn reason(rule: RegistrationRule, f: &Field<'_>) -> Option<String> {
    let RegistrationRule::ByFieldStrength {
        rating_above,
        female_rating_above,
        ..
    } = rule
    else {
        return None;
    };
    fn above(p: Option<&Player>, limit: u16) -> Option<&Player> {
        p.filter(|p| p.rating.is_some_and(|r| r.value > limit))
    }
    Some(if let Some(p) = above(f.top, rating_above) {
        format!("player {} is rated above {rating_above}", who(p))
    } else if let Some(p) = above(f.top_woman, female_rating_above) {
        format!(
            "player {} is a woman rated above {female_rating_above}",
            who(p)
        )
    } else {
        format!("no player is rated above {rating_above} and no woman above {female_rating_above}")
    })
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    if !applies(ctx) {
        return;
    }
    let Some(start) = ctx.start else { return };
    let span = ctx.start_span().unwrap_or_else(|| ctx.file_span());
    if let Some(rb) = ctx.rapid_blitz {
        if let (Some(lead), Some(registered)) = (rb.registration.value, ctx.opts.registered_on) {
            rapid_blitz_late(ctx, out, rb, lead, start, registered, span);
        }
        return;
    }
    let f = field(ctx);
    match ctx.opts.registered_on {
        Some(registered) => {
            let req = ctx
                .regs
                .registration_requirement(start, registered, f.strength);
            let (Some(false), Some(lead), Some(deadline)) = (req.on_time, req.lead, req.deadline)
            else {
                return;
            };
            let when = if registered > start {
                format!("after the start on {}", ymd(start))
            } else {
                let days = (start - registered).num_days();
                format!(
                    "{days} day{} before the start on {}",
                    if days == 1 { "" } else { "s" },
                    ymd(start)
                )
            };
            let rule = *ctx.regs.registration.at(registered);
            let because = reason(rule, &f)
                .map(|r| format!(" because {r}"))
                .unwrap_or_default();
            let d = REGISTRATION_TOO_LATE
                .diag(format!(
                    "registered on {}, {when}; {} requires registration {} before the start, by {}",
                    ymd(registered),
                    text(ctx),
                    lead,
                    ymd(deadline)
                ))
                .primary(span, format!("start; deadline {}", ymd(deadline)));
            out.push(cite(
                ctx,
                d,
                Topic::Registration,
                format!(
                    "the {} deadline applies{because}; the event is rated only if the Qualification Commission accepts the late registration",
                    lead.adjective()
                ),
            ));
        }
        None => advise(ctx, out, start, span, &f),
    }
}

/// A rapid or blitz event: the chapter's one lead time for every event
/// (3 days in 2024, no 30-day class). A lead that is only a reading (not confirmed in FIDE's text)
/// warns and does not block.
fn rapid_blitz_late(
    ctx: &Ctx<'_>,
    out: &mut Vec<Diagnostic>,
    rb: &crate::regulations::RapidBlitz,
    lead: LeadTime,
    start: NaiveDate,
    registered: NaiveDate,
    span: crate::source::span::Span,
) {
    let Some(deadline) = lead.deadline(start).filter(|d| registered > *d) else {
        return;
    };
    let days = (start - registered).num_days();
    let when = if days < 0 {
        format!("after the start on {}", ymd(start))
    } else {
        format!(
            "{days} day{} before the start on {}",
            if days == 1 { "" } else { "s" },
            ymd(start)
        )
    };
    let mut d = REGISTRATION_TOO_LATE
        .diag(format!(
            "registered on {}, {when}; {} require registration {} before the start, by {}",
            ymd(registered),
            rb.text(),
            lead,
            ymd(deadline)
        ))
        .primary(span, format!("start; deadline {}", ymd(deadline)));
    if rb.registration.mark == crate::regulations::Certainty::Unconfirmed {
        d = d
            .with_consequence(Consequence::GamesNotRated)
            .with_severity(crate::diag::Severity::Warning);
    }
    out.push(super::cite::cite_rb(
        ctx,
        rb,
        d,
        crate::regulations::RapidBlitzTopic::Registration,
        format!(
            "the {} deadline of the rapid and blitz chapter applies to every event; the event is rated only if the Qualification Commission accepts the late registration",
            lead.adjective()
        ),
    ));
}

/// Whether the field puts the event in the longer-lead class of a
/// field-strength rule (a 2700+ player or a 2500+ woman in 2024).
fn strong_field(rule: RegistrationRule, f: &Field<'_>) -> bool {
    let RegistrationRule::ByFieldStrength {
        rating_above,
        female_rating_above,
        ..
    } = rule
    else {
        return false;
    };
    let above = |p: Option<&Player>, limit: u16| {
        p.is_some_and(|p| p.rating.is_some_and(|r| r.value > limit))
    };
    above(f.top, rating_above) || above(f.top_woman, female_rating_above)
}

/// Without a registration date: the unusual deadline of a strong field.
/// The ordinary case, that registration was not checked at all, is said
/// once per run by the caller (see [`not_checked_advice`](crate::regulations::registration::not_checked_advice)), not in
/// every file.
fn advise(
    ctx: &Ctx<'_>,
    out: &mut Vec<Diagnostic>,
    start: NaiveDate,
    span: crate::source::span::Span,
    f: &Field<'_>,
) {
    // The latest possible registration date decides which amendment can
    // apply; an earlier one may fall under the text before it.
    let req = ctx.regs.registration_requirement(start, start, f.strength);
    let (Some(lead), Some(deadline)) = (req.lead, req.deadline) else {
        return;
    };
    let rule = *ctx.regs.registration.at(start);
    if !strong_field(rule, f) {
        return;
    }
    let mut help = match reason(rule, f) {
        Some(r) => format!("{r}, so the {} deadline applies", lead.adjective()),
        None => format!("the {} deadline applies to every event", lead.adjective()),
    };
    if let Some(a) = ctx
        .regs
        .registration
        .amendments
        .iter()
        .rev()
        .find(|a| a.from <= start)
    {
        if let Some(before) = a.from.pred_opt() {
            let old = ctx.regs.registration_requirement(start, before, f.strength);
            if let (Some(l), Some(d)) = (old.lead, old.deadline) {
                if l != lead {
                    help.push_str(&format!(
                        " when registered on or after {}; registered before that, {} (by {})",
                        ymd(a.from),
                        l,
                        ymd(d)
                    ));
                }
            }
        }
    }
    help.push_str("; give the registration date with `--registered-on YYYY-MM-DD` to check it");
    let d = REGISTRATION_TOO_LATE
        .diag(format!(
            "registration with FIDE not checked: {} requires it {} before the start, by {}",
            text(ctx),
            lead,
            ymd(deadline)
        ))
        .with_consequence(Consequence::Info)
        .primary(span, format!("start; register by {}", ymd(deadline)));
    out.push(cite(ctx, d, Topic::Registration, help));
}
