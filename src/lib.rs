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
//! use trfkit::{check, parse_bytes, CheckOptions, ReadOptions, Severity, Verdict};
//!
//! let bytes = b"012 Club Open\n\
//! 001    1 m    Doe, John                         1850 ENG     1234567 1990/01/01  1.0    1     2 w 1\n\
//! 001    2 m    Roe, Richard                      1700 ENG     2345678 1992/05/03  0.0    2     1 b 0\n";
//! // Only unreadable input (empty, binary, too large) is an error; a bad
//! // value is a finding and reading goes on.
//! let parsed = parse_bytes(bytes, &ReadOptions::default())?;
//! assert_eq!(parsed.tournament.players.len(), 2);
//!
//! let report = check(&parsed, &CheckOptions::default());
//! match report.verdict {
//!     Verdict::Ready => println!("ready to upload"),
//!     Verdict::FixBeforeUpload | Verdict::NotRateable => {
//!         for d in report.diagnostics.iter().filter(|d| d.severity == Severity::Error) {
//!             println!("{} {}: {}", d.code, d.rule, d.message);
//!         }
//!     }
//! }
//! // No city (`022`), federation (`032`) or chief arbiter (`102`) record.
//! assert_eq!(report.verdict, Verdict::FixBeforeUpload);
//! assert!(report.diagnostics.iter().any(|d| d.rule == "missing-record"));
//! # Ok::<(), trfkit::ReadError>(())
//! ```
//!
//! [`rate_checked`] does the same checks and then FIDE's calculation on what
//! FIDE would rate; [`write()`] prints the model back as canonical TRF.
//!
//! # Stages
//!
//! Bytes go one way, through one module per stage:
//!
//! 1. [`source`]: the decoded text, its lines, and the byte [`Span`] every
//!    value and finding points at.
//! 2. [`read`]: TRF06, TRF16, the Sept-2024 draft and TRF26, with the
//!    pairing-program extensions, in any encoding ([`TextEncoding`]) and
//!    line ending, read in one pass that never panics: a [`Parsed`] report.
//! 3. [`model`]: the typed [`Tournament`], plain data with the span each
//!    value was read from.
//! 4. [`rules`] and [`regulations`]: the validation rules, and the FIDE
//!    Rating Regulations as data, one value per edition ([`Version`]).
//!    [`check()`] runs every rule that applies and gives a [`CheckReport`]
//!    with its [`Verdict`].
//! 5. [`rating`]: FIDE's rating calculation over what FIDE would rate
//!    ([`rate`], [`rate_checked`]).
//! 6. [`render`]: findings and ratings for people and tools (terminal text,
//!    JSON, SARIF, GitHub annotations, a self-contained HTML report).
//!
//! Beside them, [`ratinglist`] reads FIDE's published rating lists to
//! cross-check players and take K from; [`write`](mod@write) writes TRF out (`trf fmt`);
//! [`diag`] holds the [`Diagnostic`] every stage reports, with its
//! [`Severity`], [`Consequence`] and the [`RuleMeta`] of its rule.
//!
//! # Features
//!
//! * `cli` (default): the `trf` command line itself, as the module `cli`
//!   (`trfkit::cli::run` runs it on any argument list), with everything only
//!   it needs (argument parsing, progress bars, `trf serve`), and the three
//!   features below. A library user can turn it off with
//!   `default-features = false`.
//! * `fancy`: miette's graphical renderer for the terminal
//!   (`render::human::render_graphical`), without any terminal dependency.
//! * `parallel`: the rules of a large report run on every core (rayon).
//! * `generate`: synthetic reports and rating lists (`trfkit::generate`,
//!   `ratinglist::synth`) from a seed.
//!
//! Option structs and error enums are `#[non_exhaustive]`: start from
//! `Default::default()` (or a constructor) and set the fields you need,
//! and give every `match` on an error a `_` arm.
#![warn(missing_docs)]

pub mod across;
pub mod check;
#[cfg(feature = "cli")]
pub mod cli;
pub mod diag;
pub mod eligibility;
#[cfg(feature = "generate")]
pub mod generate;
pub mod model;
pub mod norms;
pub mod options;
pub mod rating;
pub mod ratinglist;
pub mod read;
pub mod regulations;
pub mod render;
pub mod rules;
pub mod source;
pub mod upload;
pub mod write;

pub use check::{check, CheckReport};
pub use diag::{Category, Consequence, Diagnostic, RuleMeta, Severity, Verdict};
pub use model::Tournament;
pub use options::Options;
pub use rating::{rate, rate_checked, CheckedRating, RateOptions, RatingSummary};
pub use read::decode::TextEncoding;
pub use read::{
    parse_bytes, parse_str, read_limited, read_path, read_source, Parsed, ReadError, ReadOptions,
};
pub use regulations::Version;
pub use rules::CheckOptions;
pub use source::{Span, Spanned};
pub use write::{write, Target};

/// The README's examples, compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
