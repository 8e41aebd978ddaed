//! Rule `qc-approved-fast-classic`.

use super::cite::cite;
use super::days::days;
use crate::diag::Diagnostic;
use crate::regulations::rating_type::FAST_CLASSIC;
use crate::regulations::Topic;
use crate::rules::wording::{plural, ymd};
use crate::rules::Ctx;

crate::declare_rule! {
    /// ## What it checks
    /// What `--qc-approved-fast-classic` changes. By the text of B.02, a
    /// 45'+30" game (75 min for 60 moves) with a player rated 1800 or more,
    /// or a 60'+30" game (90 min) with a player rated 2400 or more, is below
    /// its standard band and too slow for rapid: rated on no list. The
    /// Qualification Commission may rate such an event as standard ("fast
    /// classic"), and no field of the report says so, so trfkit applies it
    /// only when the user states the approval, and only for events starting
    /// in a window where FIDE allowed it:
    ///
    /// * the 2025 pilot, three named events from 7 September to
    ///   24 November 2025: 45'+30", no title norms, at most two rounds a
    ///   day (FIDE news (from a secondary source)); an event starting in that window is assumed
    ///   to be one of them (not confirmed in FIDE's text);
    /// * the Council resolution "for the 2026 calendar": 45'+30" or
    ///   60'+30" for QC-approved major or traditional events, title norms
    ///   count; read as from 1 January 2026 (not confirmed in FIDE's text).
    ///
    /// The finding is information: it says how many games the approval
    /// makes standard, or why it does not apply.
    ///
    /// ## Why it matters
    /// The verdict rests on an approval only the user knows about; the
    /// output says so, so that nobody mistakes it for the rule of the text.
    ///
    /// ## Example
    /// `trf check --qc-approved-fast-classic` on a 2026 event at
    /// `45 min + 30 s` with players rated 1900: its games are standard by
    /// the approval.
    ///
    /// ## Reference
    /// FIDE Rating Regulations (2024) section 1; FIDE news "FIDE launches
    /// pilot project to test fast classic for standard rating" (2025) and
    /// "FIDE updates rating regulations to include faster time controls for
    /// major events" (from a secondary source).
    pub(crate) static QC_APPROVED_FAST_CLASSIC = {
        code: "TRF-F044", name: "qc-approved-fast-classic",
        severity: Advice, summary: "what the stated QC approval of a 45'+30\" or 60'+30\" event changes",
        consequence: Info,
        source: "FIDE Council: 2025 pilot (three events) and the 2026 resolution, QC approval case by case (from a secondary source); the approval is the user's statement",
        topic: crate::regulations::Topic::RateOfPlay,
        applies: applies, check: check,
    };
}

fn applies(ctx: &Ctx<'_>) -> bool {
    ctx.opts.qc_fast_classic
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    if !applies(ctx) {
        return;
    }
    let span = ctx.start_span().unwrap_or_else(|| ctx.file_span());
    let tally = &ctx.games_by_list;
    let windows: Vec<String> = FAST_CLASSIC
        .iter()
        .map(|f| match f.until {
            Some(u) => format!("{}–{}", ymd(f.from), ymd(u)),
            None => format!("from {}", ymd(f.from)),
        })
        .collect();
    let d = match ctx.fast_classic {
        None => QC_APPROVED_FAST_CLASSIC
            .diag(format!(
                "--qc-approved-fast-classic not applied: the event does not start in a fast-classic window ({})",
                windows.join(", ")
            ))
            .primary(span, "start"),
        Some(f) if tally.by_qc_approval > 0 => {
            // The pilot allowed at most two rounds a day.
            let crowded = f.max_rounds_per_day.and_then(|max| {
                days(ctx)
                    .into_iter()
                    .find(|d| d.rounds.len() > usize::from(max))
                    .map(|d| {
                        format!(
                            "; but {} has {} rounds and the approval allowed {max} a day",
                            ymd(d.date),
                            d.rounds.len()
                        )
                    })
            });
            QC_APPROVED_FAST_CLASSIC
                .diag(format!(
                    "{} of {} rated as standard only by the QC approval you state, under {}{}",
                    tally.by_qc_approval,
                    plural(tally.games, "game", "games"),
                    f.name,
                    crowded.unwrap_or_default()
                ))
                .primary(span, "start")
        }
        Some(f) => QC_APPROVED_FAST_CLASSIC
            .diag(format!(
                "--qc-approved-fast-classic changes nothing: no game is both below its standard band and at least {} min for 60 moves ({})",
                f.minimum_minutes, f.name
            ))
            .primary(span, "start"),
    };
    out.push(cite(
        ctx,
        d,
        Topic::RateOfPlay,
        "the approval is case by case (qualification@fide.com) and no field of the report carries it: the verdict rests on your statement".to_owned(),
    ));
}
