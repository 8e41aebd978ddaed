//! The article a regulation finding cites: of the FIDE Rating Regulations
//! (B.02) in the edition applied, or of its rapid and blitz chapter in force,
//! with the caveat of a value from a secondary source or not confirmed in
//! FIDE's text.

use crate::diag::Diagnostic;
use crate::regulations::{RapidBlitz, RapidBlitzTopic, Topic};
use crate::rules::Ctx;

/// Sets the help, followed by the caveat of the matrix when the rule's
/// value for this edition is (s) or (?), and the citation of `topic`.
pub(crate) fn cite(ctx: &Ctx<'_>, d: Diagnostic, topic: Topic, help: String) -> Diagnostic {
    let help = match ctx.regs.caveat(topic) {
        Some(c) => format!("{help} (this value is {c})"),
        None => help,
    };
    d.help(help).reference(ctx.cite(topic))
}

/// The version id as messages name it: "the 2024 text".
pub(crate) fn text(ctx: &Ctx<'_>) -> String {
    format!("the {} text", ctx.regs.version.id())
}

/// Sets the help, followed by the caveat when the chapter's value is (from a secondary source)
/// or (not confirmed in FIDE's text), and the citation of `topic` in the chapter `rb`.
pub(crate) fn cite_rb(
    ctx: &Ctx<'_>,
    rb: &RapidBlitz,
    d: Diagnostic,
    topic: RapidBlitzTopic,
    help: String,
) -> Diagnostic {
    let start = ctx.start.unwrap_or(rb.effective_from);
    let help = match rb.caveat(topic, start) {
        Some(c) => format!("{help} (this value is {c})"),
        None => help,
    };
    d.help(help).reference(rb.reference(topic))
}

/// The chapter of a rapid or blitz event and its list, when the event is one.
pub(crate) fn rapid_blitz<'a>(
    ctx: &Ctx<'a>,
) -> Option<(&'static RapidBlitz, crate::regulations::RatingType)> {
    Some((ctx.rapid_blitz?, ctx.rating_type.rating_type?))
}
