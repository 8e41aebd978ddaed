//! What the rules of the rapid and blitz chapter share: the citation of
//! the chapter edition in force, with its (from a secondary source)/(not confirmed in FIDE's text) caveat.

use crate::diag::Diagnostic;
use crate::regulations::{RapidBlitz, RapidBlitzTopic};
use crate::rules::Ctx;

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
