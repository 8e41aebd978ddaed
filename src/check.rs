//! `trf check` as a library call: parse findings plus every applicable rule.
//!
//! The module is also the public group of checking: [`check()`] and
//! [`check_bytes`] with their [`Options`], the [`CheckReport`] they give,
//! its findings ([`Diagnostic`], [`Severity`], [`Consequence`], [`Label`],
//! [`Category`], [`Grouping`], the findings counted but not kept,
//! [`Dropped`]), the [`Verdict`], and a rule's declaration ([`RuleMeta`];
//! `trfkit::all_rules` lists them).

pub use crate::analysis::Analysis;
pub use crate::diag::overflow::Dropped;
pub use crate::diag::{
    Category, Consequence, Diagnostic, Grouping, Label, RuleMeta, Severity, Verdict,
};
pub use crate::options::Options;
use crate::read::Parsed;
use crate::regulations::Classification;
use crate::rules::{self, CheckOptions, Ctx};

/// The outcome of checking one report.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct CheckReport {
    /// Syntax and rule findings, sorted by position.
    pub diagnostics: Vec<Diagnostic>,
    /// The edition of the rating regulations applied.
    pub regulations: crate::regulations::Version,
    /// The tournament type and why.
    pub tournament_type: crate::model::tournament_type::TypeDecision,
    /// The rating list the event belongs to, and why.
    pub rating_type: Classification,
    /// What FIDE will do with the report, from every finding's consequence
    /// (findings left out by the per-rule limit included).
    pub verdict: Verdict,
    /// The games FIDE rates in the report, each pairing once: those the
    /// eligibility stage rates between two players with a rating (the
    /// games that change a rated player's rating), none when the event is
    /// not rated. `rate`'s `tournament.rated_games` is counted by the same
    /// rule (`eligibility::count`) with the ratings it rates with: the
    /// same number unless a rating list, `--what-if` or a rapid or blitz
    /// event's standard seeds give other ratings or games.
    pub rated_games: u32,
    /// Which games FIDE rates and why not, entry by entry, as the
    /// eligibility stage decided them (the HTML crosstable reads it).
    pub eligibility: crate::eligibility::Eligibility,
    /// Findings per consequence, gravest first, in the order of
    /// [`Consequence::ALL`] (findings left out by the limit included).
    pub by_consequence: [usize; 6],
    /// Errors, warnings and advice found, including findings left out by
    /// the per-rule limit.
    counts: (usize, usize, usize),
    /// Where the registration facts came from (`--registrations`), as the
    /// options said it; `None` without a registrations file.
    pub registration_source: Option<String>,
}

impl CheckReport {
    /// Number of errors, warnings and advice found (findings left out by the
    /// per-rule limit included).
    pub fn counts(&self) -> (usize, usize, usize) {
        self.counts
    }

    /// True when the verdict is [`Verdict::Ready`]: the report can be
    /// uploaded as it is (some games or players may still go unrated).
    pub fn rateable(&self) -> bool {
        self.verdict == Verdict::Ready
    }

    /// Adds the findings of problems across reports that concern this
    /// report ([`crate::across::find`]), keeping those its options enable,
    /// and recounts the verdict: they are this report's findings like any
    /// other. At most `max_per_rule` of each rule are kept (0 = all); the
    /// rest are counted.
    pub fn add_across(&mut self, findings: Vec<Diagnostic>, opts: &CheckOptions) {
        let mut kept = AcrossKept::default();
        for d in findings {
            kept.take(d, opts);
        }
        self.add_kept(kept, opts);
    }

    /// Adds the findings across reports `kept` gathered (as
    /// [`CheckReport::add_across`] adds them all) and recounts the verdict.
    pub(crate) fn add_kept(&mut self, kept: AcrossKept, opts: &CheckOptions) {
        if kept.taken == 0 {
            return;
        }
        let (e, w, a) = kept.counts;
        self.counts.0 += e;
        self.counts.1 += w;
        self.counts.2 += a;
        for (n, k) in self.by_consequence.iter_mut().zip(kept.by_consequence) {
            *n += k;
        }
        let mut shown: Vec<(Order, Diagnostic)> = Vec::new();
        let mut left = Vec::new();
        for rule in kept.rules {
            if opts.max_per_rule > 0 && rule.found > opts.max_per_rule {
                left.push((rule.rule, rule.found));
            }
            shown.extend(rule.kept.into_iter().map(|k| (k.order, k.d)));
        }
        // The order the findings came in, sorted by position: the first
        // `max_per_rule` of each rule in that order are the ones kept.
        shown.sort_by_key(|k| k.0);
        let mut kept: Vec<Diagnostic> = shown.into_iter().map(|k| k.1).collect();
        for (rule, n) in left {
            let code = kept.iter().find(|d| d.rule == rule).map_or("", |d| d.code);
            kept.push(left_out(
                code,
                rule,
                n - opts.max_per_rule,
                opts.max_per_rule,
            ));
        }
        self.diagnostics.extend(kept);
        crate::diag::sort(&mut self.diagnostics);
        self.verdict = Verdict::of(
            Consequence::ALL
                .into_iter()
                .zip(self.by_consequence)
                .filter(|(_, n)| *n > 0)
                .map(|(c, _)| c),
        );
    }

    /// How many findings have this consequence.
    pub fn count(&self, c: Consequence) -> usize {
        Consequence::ALL
            .iter()
            .position(|x| *x == c)
            .map_or(0, |i| self.by_consequence[i])
    }
}

/// Where a finding stands among a report's findings across reports: its
/// position (primary span's start, code) and, among equals, the order it
/// was found in.
type Order = (u32, &'static str, u64);

/// One report's findings across reports as [`CheckReport::add_across`]
/// keeps them, gathered while the search finds them: those its options
/// enable are counted, and only the first `max_per_rule` of each rule (by
/// position, then in the order found) are held, so that a month's
/// hundreds of thousands of clashes never are at once.
#[derive(Debug, Default, Clone)]
pub(crate) struct AcrossKept {
    /// Findings taken (enabled), shown or not.
    taken: usize,
    /// Errors, warnings and advice taken.
    counts: (usize, usize, usize),
    /// Taken per consequence, in the order of [`Consequence::ALL`].
    by_consequence: [usize; 6],
    /// Per rule, in the order first met.
    rules: Vec<RuleKept>,
    /// The next finding's place in the order found.
    next: u64,
}

/// The findings of one rule kept for a report.
#[derive(Debug, Clone)]
struct RuleKept {
    rule: &'static str,
    /// Findings of the rule taken.
    found: usize,
    /// The first `max_per_rule` (all with 0), the last of them on top.
    kept: std::collections::BinaryHeap<Ranked>,
}

/// A finding kept, ordered by [`Order`].
#[derive(Debug, Clone)]
struct Ranked {
    order: Order,
    d: Diagnostic,
}

impl PartialEq for Ranked {
    fn eq(&self, other: &Self) -> bool {
        self.order == other.order
    }
}
impl Eq for Ranked {}
impl PartialOrd for Ranked {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Ranked {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.order.cmp(&other.order)
    }
}

impl AcrossKept {
    /// How many findings it holds (those a report shows).
    pub(crate) fn held(&self) -> usize {
        self.rules.iter().map(|r| r.kept.len()).sum()
    }

    /// Whether a finding of rule `meta` whose primary span starts at
    /// `start`, taken next, would be among those kept (a later one is kept
    /// only before the last kept in [`Order`]): when not, its words are
    /// never read, only counted.
    pub(crate) fn would_keep(
        &self,
        meta: &crate::diag::RuleMeta,
        start: u32,
        opts: &CheckOptions,
    ) -> bool {
        let max = opts.max_per_rule;
        let Some(rule) = self.rules.iter().find(|r| r.rule == meta.name) else {
            return true;
        };
        max == 0
            || rule.kept.len() < max
            || rule
                .kept
                .peek()
                .is_some_and(|top| (start, meta.code) < (top.order.0, top.order.1))
    }

    /// Takes one finding, in the order found, when `opts` enables its rule.
    pub(crate) fn take(&mut self, d: Diagnostic, opts: &CheckOptions) {
        if !opts.enabled(d.rule, d.code) {
            return;
        }
        self.taken += 1;
        match d.severity {
            Severity::Error => self.counts.0 += 1,
            Severity::Warning => self.counts.1 += 1,
            Severity::Advice => self.counts.2 += 1,
        }
        self.by_consequence[d.consequence as usize] += 1;
        // As `diag::sort` orders them: no span is the start.
        let order = (d.primary_span().map_or(0, |s| s.start), d.code, self.next);
        self.next += 1;
        let at = match self.rules.iter().position(|r| r.rule == d.rule) {
            Some(at) => at,
            None => {
                self.rules.push(RuleKept {
                    rule: d.rule,
                    found: 0,
                    kept: std::collections::BinaryHeap::new(),
                });
                self.rules.len() - 1
            }
        };
        let rule = &mut self.rules[at];
        rule.found += 1;
        let max = opts.max_per_rule;
        if max == 0 || rule.kept.len() < max {
            rule.kept.push(Ranked { order, d });
        } else if rule.kept.peek().is_some_and(|top| order < top.order) {
            rule.kept.pop();
            rule.kept.push(Ranked { order, d });
        }
    }
}

/// Every report's [`AcrossKept`], as the search across reports fills them.
pub(crate) struct AcrossSink<'o> {
    /// Per report searched.
    pub(crate) reports: Vec<AcrossKept>,
    opts: &'o CheckOptions,
    /// Keep only each finding's [`outline`] (for one line per report).
    outlines: bool,
}

impl<'o> AcrossSink<'o> {
    /// Nothing yet for `n` reports checked with `opts`; with `outlines`,
    /// each finding kept is only its [`outline`].
    pub(crate) fn new(n: usize, opts: &'o CheckOptions, outlines: bool) -> AcrossSink<'o> {
        AcrossSink {
            reports: (0..n).map(|_| AcrossKept::default()).collect(),
            opts,
            outlines,
        }
    }
}

impl crate::across::Sink for AcrossSink<'_> {
    fn push(&mut self, report: usize, d: Diagnostic) {
        let d = if self.outlines { outline(d) } else { d };
        self.reports[report].take(d, self.opts);
    }

    fn wants_words(&self, report: usize, meta: &crate::diag::RuleMeta, start: u32) -> bool {
        !self.outlines && self.reports[report].would_keep(meta, start, self.opts)
    }
}

/// What a report's line (`trf check --summary`) reads of a finding: its
/// code, rule, severity, consequence and where it points (its order among
/// the report's findings), without its words, which the line never shows.
fn outline(d: Diagnostic) -> Diagnostic {
    let at = d
        .labels
        .iter()
        .find(|l| l.primary)
        .or(d.labels.first())
        .map(|l| crate::diag::Label {
            span: l.span,
            text: String::new(),
            primary: l.primary,
        });
    Diagnostic {
        message: String::new(),
        labels: at.into_iter().collect(),
        help: None,
        reference: None,
        grouping: None,
        ..d
    }
}

/// Finds the problems across reports read together ([`crate::across::find`]:
/// `names` and `parsed` in the same order) and adds to each of `reports` (in
/// that order too) the findings that concern it ([`CheckReport::add_across`]).
/// One report alone has none.
pub(crate) fn add_across_all<'a>(
    names: &[String],
    parsed: &[Parsed],
    reports: impl IntoIterator<Item = &'a mut CheckReport>,
    opts: &CheckOptions,
) {
    let mut reports: Vec<&mut CheckReport> = reports.into_iter().collect();
    if parsed.len() < 2 {
        return;
    }
    let refs: Vec<crate::across::ReportRef<'_>> = names
        .iter()
        .zip(parsed)
        .zip(&reports)
        .map(|((n, p), r)| crate::across::ReportRef {
            file: n,
            parsed: p,
            rating_type: r.rating_type.rating_type,
        })
        .collect();
    let found = crate::across::find(&refs);
    for (r, f) in reports.iter_mut().zip(found.findings) {
        r.add_across(f, opts);
    }
}

/// Reads a report from its bytes and checks it, in one call: the
/// [`Parsed`] report (for the line and column of every finding, and the
/// model) and its [`CheckReport`]. The bytes are read with the default
/// [`ReadOptions`](crate::ReadOptions) (encoding detected, 64 MiB at most);
/// only unreadable input is an error, every problem in a readable report
/// is a finding.
///
/// ```
/// let bytes = b"012 Club Open\n\
/// 001    1 m    Doe, John                         1850 ENG     1234567 1990/01/01  1.0    1     2 w 1\n\
/// 001    2 m    Roe, Richard                      1700 ENG     2345678 1992/05/03  0.0    2     1 b 0\n";
/// let (parsed, report) = trfkit::check_bytes(bytes, &trfkit::Options::default())?;
/// assert_eq!(parsed.tournament.players.len(), 2);
/// assert_eq!(report.verdict, trfkit::Verdict::FixBeforeUpload);
/// assert!(trfkit::check_bytes(b"", &trfkit::Options::default()).is_err());
/// # Ok::<(), trfkit::ReadError>(())
/// ```
pub fn check_bytes(
    bytes: &[u8],
    options: &CheckOptions,
) -> Result<(Parsed, CheckReport), crate::read::ReadError> {
    let parsed = crate::read::parse_bytes(bytes, &crate::read::ReadOptions::default())?;
    let report = check(&parsed, options);
    Ok((parsed, report))
}

/// Checks a parsed report: [`Analysis::check`] of its analysis.
pub fn check(parsed: &Parsed, opts: &CheckOptions) -> CheckReport {
    Analysis::new(parsed, opts).check()
}

impl Analysis<'_> {
    /// `trf check`: the reader's findings and every applicable rule, in
    /// this analysis. The analysis ends here: its eligibility decisions
    /// move into the report instead of being copied (a byte per round
    /// entry and a word per player).
    pub fn check(self) -> CheckReport {
        let mut report = judge(&Ctx::of(&self));
        report.eligibility = self.into_eligibility();
        report
    }
}

/// The report of [`Analysis::check`], but for its eligibility decisions
/// (left empty, for the caller to move in from the analysis when it is
/// done with it).
pub(crate) fn judge(ctx: &Ctx<'_>) -> CheckReport {
    let opts = ctx.opts;
    let read: &[Diagnostic] = ctx.parsed.map_or(&[], |p| &p.diagnostics);
    let mut diagnostics: Vec<Diagnostic> = read
        .iter()
        .filter(|d| opts.enabled(d.rule, d.code))
        .cloned()
        .collect();
    for d in &mut diagnostics {
        if let Some(meta) = crate::read::findings::find(d.code) {
            crate::diag::note_unconfirmed(d, meta);
        }
    }
    diagnostics.extend(rules::run(ctx));
    // What the reader and the rules counted over the limit instead of keeping.
    ctx.overflow.count_dropped(
        ctx.parsed
            .map_or(&[][..], |p| &p.dropped)
            .iter()
            .filter(|d| opts.enabled(d.rule, d.code))
            .copied()
            .collect(),
    );
    let dropped = ctx.overflow.take();
    crate::diag::sort(&mut diagnostics);
    let mut counts = crate::diag::counts(&diagnostics);
    let mut by_consequence = [0usize; 6];
    for d in &diagnostics {
        by_consequence[d.consequence as usize] += 1;
    }
    for d in &dropped {
        counts.0 += d.counts.0;
        counts.1 += d.counts.1;
        counts.2 += d.counts.2;
        for (a, b) in by_consequence.iter_mut().zip(d.consequences) {
            *a += b;
        }
    }
    let verdict = Verdict::of(
        Consequence::ALL
            .into_iter()
            .zip(by_consequence)
            .filter(|(_, n)| *n > 0)
            .map(|(c, _)| c),
    );
    cap_per_rule(&mut diagnostics, opts.max_per_rule, &dropped);
    CheckReport {
        rated_games: if ctx.stopped(Some(verdict)) {
            0
        } else {
            ctx.eligibility().rated_games()
        },
        eligibility: crate::eligibility::Eligibility::default(),
        diagnostics,
        regulations: ctx.regs.version,
        tournament_type: ctx.tournament_type.clone(),
        rating_type: ctx.classification(),
        verdict,
        by_consequence,
        counts,
        registration_source: opts.registration_source.clone(),
    }
}

/// Keeps the first `max` findings of each rule (in position order) and
/// replaces the rest with one advice saying how many were left out: a
/// deeply broken file still gives a readable report in bounded time.
/// `counted` are the findings the rules already left out.
fn cap_per_rule(diagnostics: &mut Vec<Diagnostic>, max: usize, counted: &[Dropped]) {
    if max == 0 || (diagnostics.len() <= max && counted.is_empty()) {
        return;
    }
    let mut seen: std::collections::HashMap<&'static str, usize> = std::collections::HashMap::new();
    let mut dropped: Vec<(&'static str, &'static str, usize)> = Vec::new();
    diagnostics.retain(|d| {
        let n = seen.entry(d.rule).or_default();
        *n += 1;
        if *n <= max {
            return true;
        }
        match dropped.iter_mut().find(|x| x.0 == d.rule) {
            Some(x) => x.2 += 1,
            None => dropped.push((d.rule, d.code, 1)),
        }
        false
    });
    for c in counted {
        match dropped.iter_mut().find(|x| x.0 == c.rule) {
            Some(x) => x.2 += c.total(),
            None => dropped.push((c.rule, c.code, c.total())),
        }
    }
    // Rules run in parallel: a stable order for the summaries.
    dropped.sort_by_key(|d| d.1);
    for (rule, code, n) in dropped {
        // Counted under the rule's consequence already: the note itself
        // is information.
        diagnostics.push(left_out(code, rule, n, max));
    }
}

/// The note standing for `n` findings of a rule left out by the limit.
fn left_out(code: &'static str, rule: &'static str, n: usize, max: usize) -> Diagnostic {
    let mut d = Diagnostic::new(
        code,
        rule,
        Severity::Advice,
        format!("{n} more `{rule}` findings not shown (limit {max} per rule)"),
    )
    .help("fix the ones shown first, or raise the limit with --max-per-rule");
    d.consequence = Consequence::Info;
    d
}
