//! trfkit reads, checks and rates FIDE Tournament Report Files.
//!
//! An arbiter finishes a tournament and exports a Tournament Report File
//! (TRF); the federation's rating officer uploads it to FIDE. trfkit tells
//! them, offline and before upload, what FIDE will make of it: the
//! **verdict** (ready, fix before upload, not rateable), every finding with
//! its exact columns and fix, and FIDE's rating calculation. The `trf`
//! command line is built on this library and nothing else.
//!
//! # Example
//!
//! Read a report, check it, and act on the verdict:
//!
//! ```
//! use trfkit::{check, parse_bytes, Options, ReadOptions, Severity, Verdict};
//!
//! let bytes = b"012 Club Open\n\
//! 001    1 m    Doe, John                         1850 ENG     1234567 1990/01/01  1.0    1     2 w 1\n\
//! 001    2 m    Roe, Richard                      1700 ENG     2345678 1992/05/03  0.0    2     1 b 0\n";
//! // Only unreadable input (empty, binary, too large) is an error; a bad
//! // value is a finding and reading goes on.
//! let parsed = parse_bytes(bytes, &ReadOptions::default())?;
//! assert_eq!(parsed.tournament.players.len(), 2);
//!
//! let report = check(&parsed, &Options::default());
//! match report.verdict {
//!     Verdict::Ready => println!("ready to upload"),
//!     Verdict::FixBeforeUpload | Verdict::NotRateable => {
//!         for d in report.diagnostics.iter().filter(|d| d.severity == Severity::Error) {
//!             println!("{} {}: {}", d.code, d.rule, d.message);
//!         }
//!     }
//!     _ => {}
//! }
//! // No city (`022`), federation (`032`) or chief arbiter (`102`) record.
//! assert_eq!(report.verdict, Verdict::FixBeforeUpload);
//! assert!(report.diagnostics.iter().any(|d| d.rule == "missing-record"));
//! # Ok::<(), trfkit::ReadError>(())
//! ```
//!
//! [`check_bytes`] reads and checks in one call; [`rate_checked`] does the
//! same checks and then FIDE's calculation on what FIDE would rate;
//! [`write()`] prints the model back as canonical TRF.
//!
//! # The API
//!
//! What a program needs is re-exported at the top level, in the manner of
//! `csv` and `toml`, and grouped in modules: [`read`](mod@read) (bytes to
//! a report), [`model`] (the report), [`check`](mod@check) (the findings
//! and the verdict), [`rate`](mod@rate) (one report's rating),
//! [`period`](mod@period) (a federation's month), [`norms`](mod@norms)
//! (title norms), [`list`](mod@list) (rating lists) and [`render`] (the
//! command's output formats). The FIDE Rating Regulations as data are in
//! [`regulations`], which games FIDE rates in [`eligibility`], and the
//! source map (spans, lines, positions) in [`source`]. The rules, the
//! rating pass and the renderers' insides stay private; every type a
//! public item gives or takes can be named (`unnameable_types` is denied).
//!
//! * one analysis: [`Analysis::new`] decides once per report, under
//!   [`Options`], the edition of the regulations, the tournament type, the
//!   rating list, the games table and which games FIDE rates; the check,
//!   the rating pass and the period read it ([`Analysis::check`],
//!   [`Analysis::rate`], [`Analysis::rate_unchecked`]).
//!
//! * reading: [`parse_bytes`], [`parse_str`], `read_path` (feature `fs`) give a [`Parsed`] report (its
//!   [`Tournament`], its text, the reader's findings) or a [`ReadError`];
//!   [`ReadOptions`], [`TextEncoding`]. The report's types are in [`model`].
//! * checking: [`check()`], [`check_bytes`] with [`Options`] give a
//!   [`CheckReport`]: every [`Diagnostic`] (its [`Severity`],
//!   [`Consequence`], [`Label`]s, [`Span`]s) and the [`Verdict`];
//!   [`all_rules`] lists every rule's [`RuleMeta`].
//! * rating: [`rate()`], [`rate_with`], [`rate_checked`] with [`RateOptions`] give a
//!   [`RatingSummary`]; [`rate_period`] rates a federation's month
//!   ([`PeriodSummary`]), with [`find_across`] for the problems across its
//!   reports; [`evaluate_norms`] judges title norms ([`NormsReport`]).
//! * rating lists: [`RatingList`], [`ListLookup`], `build_index` (feature `fs`).
//! * writing: [`write()`] (canonical TRF; `trf fmt`'s line-preserving
//!   rewrite is the command's).
//! * output: [`render`] gives each `--format` of the `trf` command (JSON,
//!   text, CSV, SARIF, GitHub annotations, HTML) with the same bytes.
//! * the local page: [`BrowserPage`] draws the page of `trf serve` for
//!   files read in a browser (the page in `web/`, WebAssembly).
//! * `cli` (feature `cli`): the `trf` command itself, runnable on any
//!   argument list.
//!
//! # Features
//!
//! The default build is the library alone, with `fs` on.
//!
//! * `cli`: the `trf` command line itself, as the module `cli`
//!   (`trfkit::cli::run` runs it on any argument list), with everything only
//!   it needs (argument parsing, progress bars, `trf serve`, the synthetic
//!   reports of `trf generate`), and the features `fs`, `fancy` and
//!   `parallel`. The `trf` binary (the workspace's crate `trfkit-cli`) and
//!   the Python package turn it on.
//! * `fs` (default): what needs an operating system: reading a report
//!   or a rating list by its path, the index beside a list, writing files,
//!   and the system clock (`render::html_report`). Without it the library
//!   builds for `wasm32-unknown-unknown` with nothing there that could only
//!   fail or panic: bytes in, and the time from the caller
//!   (`render::html_report_at`).
//! * `fancy`: miette's graphical renderer for the terminal
//!   (`render::findings_graphical`), without any terminal dependency.
//! * `parallel`: the rules of a large report run on every core (rayon).
//! * `generate` (not default): synthetic reports and rating lists
//!   (`trfkit::generate`) from a seed.
//! * `fuzzing` (not default): the properties the fuzz targets check
//!   (`trfkit::fuzzing`); not part of the stable API.
//!
//! The model, the reports, findings, consequences, verdicts, option structs
//! and error enums are `#[non_exhaustive]`: start options from
//! `Default::default()` (or a constructor) and set the fields you need, and
//! give every `match` on them a `_` arm.
#![warn(missing_docs)]
// Every type reachable from the public API can be named by its users.
#![warn(unnameable_types)]
// Some renderers and helpers (the summary table, the norm certificate, the
// registrations file, the web page's index) serve only the command line:
// without the feature `cli` nothing in the crate calls them. The build with
// `cli` (the `trf` binary's, and `cargo clippy` at the root) still reports
// every unused item.
#![cfg_attr(not(feature = "cli"), allow(dead_code))]

mod across;
mod analysis;
pub mod check;
#[cfg(feature = "cli")]
pub mod cli;
mod diag;
pub mod eligibility;
#[cfg(feature = "fuzzing")]
pub mod fuzzing;
#[cfg(feature = "generate")]
pub mod generate;
// Without the feature `generate`, the generators are the CLI's own
// (`trf generate`), not part of the API.
#[cfg(all(feature = "cli", not(feature = "generate")))]
#[allow(unreachable_pub)]
mod generate;
pub mod model;
pub mod norms;
mod options;
pub mod pairings;
mod rating;
mod ratinglist;
pub mod read;
pub mod regulations;
pub mod render;
mod rules;
pub mod source;
mod upload;
mod write;

pub use across::{find as find_across, AcrossFindings, ReportRef};
pub use analysis::Analysis;
pub use check::{check, check_bytes, CheckReport};
pub use diag::overflow::Dropped;
pub use diag::{Category, Consequence, Diagnostic, Grouping, Label, RuleMeta, Severity, Verdict};
pub use model::Tournament;
pub use norms::{
    evaluate as evaluate_norms, Assessment, Edition, EventFacts, Exemption, ForeignerRule, Item,
    LastRound, Mix, Norm, NormKind, NormOptions, NormsReport, OpponentRating, PlayerNorms,
    RoundUse, SearchCut, Subset, SwissExemption,
};
pub use options::Options;
pub use rating::maths::{HalfPoints, Hundredths};
pub use rating::period::{
    rate_period, split_by_period, PeriodEvent, PeriodFinding, PeriodOptions, PeriodPart,
    PeriodPlayer, PeriodReport, PeriodReportEntry, PeriodSummary, Pool, PublishedFigures,
    PublishedSummary, SplitError,
};
pub use rating::{
    rate, rate_checked, rate_with, CheckedRating, ExcludedGame, ExcludedGames, KSource, ListFacts,
    Note, PlayerRating, RateOptions, RatingSummary, RoundRobinFigures, TournamentSummary,
    UnratedOutcome, VerdictReason,
};
#[cfg(feature = "fs")]
pub use ratinglist::{build_index, IndexInfo};
pub use ratinglist::{
    ListError, ListKind, ListLayout, ListLookup, ListMeta, ListPeriod, ListRecord, ListSource,
    LookupMethod, RatingEntry, RatingKind, RatingList, Sex as ListSex, Status,
};
pub use read::decode::TextEncoding;
#[cfg(feature = "fs")]
pub use read::read_path;
pub use read::{parse_bytes, parse_str, Parsed, ReadError, ReadOptions};
pub use regulations::{Basis, Classification, RatingType, Version};
pub use render::all_rules;
pub use source::{Span, Spanned};
pub use upload::{BrowserPage, CheckedPage};
pub use write::{write, Target};

/// The rating pass of one report, grouped: [`rate()`](crate::rate()),
/// [`rate_with`], [`rate_checked`] and [`Analysis::rate`], their options
/// and every type of the summary they give. The same items are re-exported
/// at the top level.
pub mod rate {
    pub use crate::analysis::Analysis;
    pub use crate::rating::maths::{HalfPoints, Hundredths};
    pub use crate::rating::{
        rate, rate_checked, rate_with, CheckedRating, ExcludedGame, ExcludedGames, KSource,
        ListFacts, Note, PlayerRating, RateOptions, RatingSummary, RoundRobinFigures,
        TournamentSummary, UnratedOutcome, VerdictReason,
    };
    pub use crate::regulations::{Basis, Classification, RatingType, Version};
}

/// A rating period over many reports, grouped: [`rate_period`], a long
/// event split by period ([`split_by_period`]), its
/// options and reports, the summary and its parts, and the problems found
/// across the reports ([`find_across`]). The same items are re-exported at
/// the top level.
pub mod period {
    pub use crate::across::{find as find_across, AcrossFindings, ReportRef};
    pub use crate::rating::period::{
        rate_period, split_by_period, PeriodEvent, PeriodFinding, PeriodOptions, PeriodPart,
        PeriodPlayer, PeriodReport, PeriodReportEntry, PeriodSummary, Pool, PublishedFigures,
        PublishedSummary, SplitError, SPLIT_READINGS,
    };
}

/// FIDE's rating lists, grouped: reading a list (TXT, XML, zip), its
/// on-disk index, the look-up of a run's players and the records it
/// gives. The same items are re-exported at the top level (`Sex` as
/// `ListSex`).
pub mod list {
    #[cfg(feature = "fs")]
    pub use crate::ratinglist::{build_index, IndexInfo};
    pub use crate::ratinglist::{
        ListError, ListKind, ListLayout, ListLookup, ListMeta, ListPeriod, ListRecord, ListSource,
        Lookup, LookupMethod, RatingEntry, RatingKind, RatingList, Sex, Status,
    };
}

// trfkit's own tests of the private stages (the rules against their
// fixtures, FIDE's arithmetic against its oracles, the generated column
// layout) run inside the crate, where `trfkit::…` names the crate itself.
#[cfg(test)]
extern crate self as trfkit;
#[cfg(test)]
#[path = "../tests/common/corpus.rs"]
#[allow(dead_code)]
mod test_corpus;
#[cfg(test)]
#[path = "../tests/common/paths.rs"]
#[allow(dead_code)]
mod test_paths;

/// The README's examples, compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
