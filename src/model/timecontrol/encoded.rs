//! The TRF26 `222` "encoded time control" (docs/spec/trf-format.md §3.4), read
//! strictly with nom.
//!
//! ```text
//! control := side | "W" side "-B" side
//! side    := period (":" period)*
//! period  := [moves "/"] seconds ["+" increment]
//! ```
//!
//! All three numbers are decimal digits; seconds and increment are seconds,
//! moves is a move count. Only the last period of a side may omit the move
//! count (it is then for the rest of the game). Anything else is an error
//! that carries the byte offset of the first byte that does not fit.

use std::fmt;

use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::{char, digit1};
use nom::combinator::{cut, opt};
use nom::error::{ContextError, ErrorKind, ParseError};
use nom::multi::separated_list1;
use nom::sequence::preceded;
use nom::{IResult, Parser};
use serde::{Deserialize, Serialize};

use super::{Notation, Period, TimeControl, TimeControlError};

/// A `222` value as written: the periods of each side, before they are
/// turned into a [`TimeControl`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct EncodedTimeControl {
    /// The periods of both players, or White's in the `W…-B…` form.
    pub periods: Vec<EncodedPeriod>,
    /// Black's periods in the `W…-B…` (Armageddon) form.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black_periods: Option<Vec<EncodedPeriod>>,
}

/// One `222` period descriptor: `M/S`, `M/S+I`, `S` or `S+I`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub(crate) struct EncodedPeriod {
    /// `M`: moves in the period; `None` = the rest of the game.
    pub moves: Option<u16>,
    /// `S`: seconds added at the start of the period.
    pub seconds: u32,
    /// `I`: increment in seconds per move of this period, when written
    /// (`+0` is kept as `Some(0)` so that the text is reproduced).
    pub increment: Option<u32>,
}

/// Reads a TRF26 `222` value such as `5400+30`, `40/6000+30:900+30` or
/// `W300-B240`.
///
/// Strict: nothing but the grammar above is accepted, not even a leading
/// space (trailing white space, which TRF lines often carry, is ignored).
/// Errors: [`TimeControlError::Empty`],
/// [`TimeControlError::Encoded`] with the offset of the first byte that
/// does not fit, or [`TimeControlError::OutOfRange`] for a number that is
/// too large (seconds beyond `u32`, moves beyond 65 535 in total) or a move
/// count of 0.
pub(crate) fn parse_encoded(text: &str) -> Result<EncodedTimeControl, TimeControlError> {
    let body = text.trim_end_matches([' ', '\t', '\r', '\n']);
    if body.is_empty() {
        return Err(TimeControlError::Empty);
    }
    let offset_of = |rest: &str| body.len() - rest.len();
    let (rest, (white, black)) = match control(body) {
        Ok(done) => done,
        Err(nom::Err::Error(e) | nom::Err::Failure(e)) => return Err(e.into_error(body)),
        Err(nom::Err::Incomplete(_)) => {
            return Err(TimeControlError::Encoded {
                offset: body.len(),
                expected: "more input",
                found: "end of text".into(),
            })
        }
    };
    if !rest.is_empty() {
        let expected = if black.is_some() {
            "`:` (another period for Black) or end of text"
        } else {
            "`:` (another period) or end of text"
        };
        return Err(TimeControlError::Encoded {
            offset: offset_of(rest),
            expected,
            found: found_at(rest),
        });
    }
    let periods = check_side(body, white)?;
    let black_periods = black.map(|b| check_side(body, b)).transpose()?;
    Ok(EncodedTimeControl {
        periods,
        black_periods,
    })
}

impl EncodedTimeControl {
    /// The same control in the common model. Each period's increment runs
    /// from the period's first move, as `222` means it; `raw` is the
    /// canonical text ([`Display`](fmt::Display)).
    pub(crate) fn to_time_control(&self) -> TimeControl {
        TimeControl {
            raw: self.to_string(),
            notation: Notation::Encoded,
            periods: to_periods(&self.periods),
            black_periods: self.black_periods.as_deref().map(to_periods),
            delay: None,
        }
    }
}

impl fmt::Display for EncodedTimeControl {
    /// The canonical `222` text: no leading zeros, `+0` only where written.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.black_periods {
            None => write_side(f, &self.periods),
            Some(black) => {
                f.write_str("W")?;
                write_side(f, &self.periods)?;
                f.write_str("-B")?;
                write_side(f, black)
            }
        }
    }
}

fn write_side(f: &mut fmt::Formatter<'_>, periods: &[EncodedPeriod]) -> fmt::Result {
    for (i, p) in periods.iter().enumerate() {
        if i > 0 {
            f.write_str(":")?;
        }
        if let Some(m) = p.moves {
            write!(f, "{m}/")?;
        }
        write!(f, "{}", p.seconds)?;
        if let Some(inc) = p.increment {
            write!(f, "+{inc}")?;
        }
    }
    Ok(())
}

fn to_periods(periods: &[EncodedPeriod]) -> Vec<Period> {
    // parse_encoded makes every period start at or before move 65535; a
    // hand-built value that does not saturates instead of wrapping.
    let mut start: u16 = 1;
    periods
        .iter()
        .map(|p| {
            let period = Period {
                moves: p.moves,
                base_seconds: p.seconds,
                increment_seconds: p.increment.unwrap_or(0),
                increment_from_move: start,
            };
            start = start.saturating_add(p.moves.unwrap_or(0));
            period
        })
        .collect()
}

/// A period as parsed, with the offsets the semantic checks point at.
#[derive(Debug, Clone, Copy)]
struct RawPeriod {
    at: usize,
    moves: Option<Num>,
    seconds: Num,
    increment: Option<Num>,
}

#[derive(Debug, Clone, Copy)]
struct Num {
    value: u32,
    /// Remaining input length where the digits start; turned into an offset
    /// once the whole text is known.
    rest_len: usize,
    len: usize,
}

/// nom's error for this grammar: where it failed and what was expected.
#[derive(Debug)]
struct EncErr<'a> {
    input: &'a str,
    expected: Option<&'static str>,
    too_large: bool,
}

impl<'a> ParseError<&'a str> for EncErr<'a> {
    fn from_error_kind(input: &'a str, _: ErrorKind) -> Self {
        EncErr {
            input,
            expected: None,
            too_large: false,
        }
    }

    fn append(_: &'a str, _: ErrorKind, other: Self) -> Self {
        other
    }

    fn or(self, other: Self) -> Self {
        // Keep the error that got further: it says more about the problem.
        if other.input.len() < self.input.len() {
            other
        } else {
            self
        }
    }
}

impl<'a> ContextError<&'a str> for EncErr<'a> {
    fn add_context(_: &'a str, ctx: &'static str, mut other: Self) -> Self {
        // The innermost context is the most precise one.
        other.expected.get_or_insert(ctx);
        other
    }
}

impl EncErr<'_> {
    fn into_error(self, body: &str) -> TimeControlError {
        let offset = body.len() - self.input.len();
        if self.too_large {
            let digits = self.input.bytes().take_while(u8::is_ascii_digit).count();
            return TimeControlError::OutOfRange {
                offset,
                found: self.input[..digits].to_owned(),
                reason: "more than 4294967295",
            };
        }
        TimeControlError::Encoded {
            offset,
            expected: self.expected.unwrap_or("a period such as `5400+30`"),
            found: found_at(self.input),
        }
    }
}

type Res<'a, T> = IResult<&'a str, T, EncErr<'a>>;

fn found_at(rest: &str) -> String {
    match rest.chars().next() {
        Some(c) => format!("`{c}`"),
        None => "end of text".to_owned(),
    }
}

/// Decimal digits into a `u32`.
fn number<'a>(expected: &'static str) -> impl Parser<&'a str, Output = Num, Error = EncErr<'a>> {
    nom::error::context(expected, move |i: &'a str| -> Res<'a, Num> {
        let (rest, digits) = digit1(i)?;
        match digits.parse::<u32>() {
            Ok(value) => Ok((
                rest,
                Num {
                    value,
                    rest_len: i.len(),
                    len: digits.len(),
                },
            )),
            Err(_) => Err(nom::Err::Failure(EncErr {
                input: i,
                expected: None,
                too_large: true,
            })),
        }
    })
}

fn period(i: &str) -> Res<'_, RawPeriod> {
    let at = i.len();
    let (i, first) = number("a period: digits (`M/S`, `S`, `M/S+I` or `S+I`)").parse(i)?;
    let (i, second) = opt(preceded(char('/'), cut(number("the seconds after `M/`")))).parse(i)?;
    let (i, increment) = opt(preceded(
        char('+'),
        cut(number("the increment seconds after `+`")),
    ))
    .parse(i)?;
    let (moves, seconds) = match second {
        Some(s) => (Some(first), s),
        None => (None, first),
    };
    Ok((
        i,
        RawPeriod {
            at,
            moves,
            seconds,
            increment,
        },
    ))
}

fn side(i: &str) -> Res<'_, Vec<RawPeriod>> {
    separated_list1(char(':'), cut(period)).parse(i)
}

type Sides = (Vec<RawPeriod>, Option<Vec<RawPeriod>>);

fn control(i: &str) -> Res<'_, Sides> {
    let armageddon = preceded(
        char('W'),
        cut((
            side,
            nom::error::context("`-B` and Black's periods", tag("-B")),
            side,
        )),
    )
    .map(|(w, _, b)| (w, Some(b)));
    let plain = side.map(|w| (w, None));
    alt((armageddon, plain)).parse(i)
}

/// The checks the grammar alone cannot make: move counts of at least 1,
/// "rest of the game" only in last place, and every period starting at a
/// move number that fits in `u16`.
fn check_side(body: &str, raw: Vec<RawPeriod>) -> Result<Vec<EncodedPeriod>, TimeControlError> {
    let offset = |n: &Num| body.len() - n.rest_len;
    let text = |n: &Num| body[offset(n)..][..n.len].to_owned();
    let last = raw.len().saturating_sub(1);
    // First move of the current period; u32 so that the sum cannot wrap.
    let mut start: u32 = 1;
    let mut out = Vec::with_capacity(raw.len());
    for (idx, p) in raw.into_iter().enumerate() {
        if start > u32::from(u16::MAX) {
            return Err(TimeControlError::OutOfRange {
                offset: body.len() - p.at,
                found: text(p.moves.as_ref().unwrap_or(&p.seconds)),
                reason: "the period would start after move 65535",
            });
        }
        let moves =
            match p.moves {
                None if idx != last => return Err(TimeControlError::Encoded {
                    offset: body.len() - p.at,
                    expected:
                        "a move count `M/` (only the last period may be for the rest of the game)",
                    found: format!("`{}`", text(&p.seconds)),
                }),
                None => None,
                Some(m) => {
                    let Some(moves) = u16::try_from(m.value).ok().filter(|&v| v > 0) else {
                        return Err(TimeControlError::OutOfRange {
                            offset: offset(&m),
                            found: text(&m),
                            reason: "a period has 1 to 65535 moves",
                        });
                    };
                    start += u32::from(moves);
                    Some(moves)
                }
            };
        out.push(EncodedPeriod {
            moves,
            seconds: p.seconds.value,
            increment: p.increment.map(|n| n.value),
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(text: &str) -> EncodedTimeControl {
        match parse_encoded(text) {
            Ok(e) => e,
            Err(e) => panic!("{text}: {e}"),
        }
    }

    fn err(text: &str) -> TimeControlError {
        match parse_encoded(text) {
            Ok(e) => panic!("{text} parsed as {e:?}"),
            Err(e) => e,
        }
    }

    const fn ep(moves: Option<u16>, seconds: u32, increment: Option<u32>) -> EncodedPeriod {
        EncodedPeriod {
            moves,
            seconds,
            increment,
        }
    }

    #[test]
    fn spec_examples() {
        assert_eq!(ok("5400+30").periods, vec![ep(None, 5400, Some(30))]);
        assert_eq!(
            ok("40/6000+30:900+30").periods,
            vec![ep(Some(40), 6000, Some(30)), ep(None, 900, Some(30))]
        );
        let arm = ok("W300-B240");
        assert_eq!(arm.periods, vec![ep(None, 300, None)]);
        assert_eq!(arm.black_periods, Some(vec![ep(None, 240, None)]));
    }

    #[test]
    fn all_four_descriptor_forms() {
        assert_eq!(
            ok("40/7200:20/3600:1800").periods,
            vec![
                ep(Some(40), 7200, None),
                ep(Some(20), 3600, None),
                ep(None, 1800, None)
            ]
        );
        assert_eq!(ok("7200").periods, vec![ep(None, 7200, None)]);
        assert_eq!(ok("40/7200").periods, vec![ep(Some(40), 7200, None)]);
        assert_eq!(
            ok("W300+2-B240+2").black_periods,
            Some(vec![ep(None, 240, Some(2))])
        );
    }

    #[test]
    fn display_is_canonical() {
        for text in [
            "5400+30",
            "40/6000+30:900+30",
            "W300-B240",
            "40/7200:1800+0",
        ] {
            assert_eq!(ok(text).to_string(), text);
        }
        assert_eq!(ok("05400+030").to_string(), "5400+30");
    }

    #[test]
    fn trailing_blanks_are_not_content() {
        assert_eq!(ok("5400+30  \r").periods, vec![ep(None, 5400, Some(30))]);
    }

    #[test]
    fn to_time_control_starts_increments_with_their_period() {
        let tc = ok("40/6000+30:20/3000:1500+30").to_time_control();
        let from: Vec<_> = tc.periods.iter().map(|p| p.increment_from_move).collect();
        assert_eq!(from, [1, 41, 61]);
        assert_eq!(tc.periods[1].increment_seconds, 0);
        // 6000 + 3000 + 30 × 40; the 1500 s period starts at move 61.
        assert_eq!(tc.t60_seconds(), 6000 + 3000 + 1200);
    }

    #[test]
    fn errors_point_at_the_problem() {
        let cases: &[(&str, usize)] = &[
            (" 5400", 0),
            ("5400+", 5),
            ("5400+x", 5),
            ("40/", 3),
            ("40/6000+30:", 11),
            ("40/6000+30;900", 10),
            ("5400 + 30", 4),
            ("90'+30\"", 2),
            ("w300-b240", 0),
            ("W300", 4),
            ("W300-240", 4),
            ("W300-B", 6),
            ("W300-B240-W1", 9),
            ("40/5400/30", 7),
            ("5400+30+30", 7),
            ("x", 0),
        ];
        for &(text, at) in cases {
            let e = err(text);
            assert!(matches!(e, TimeControlError::Encoded { .. }), "{text}: {e}");
            assert_eq!(e.offset(), Some(at), "{text}: {e}");
        }
    }

    #[test]
    fn rest_of_game_only_last() {
        let e = err("5400:40/1800");
        assert_eq!(e.offset(), Some(0));
        assert!(e.to_string().contains("only the last period"), "{e}");
        let e = err("40/5400:1800:900");
        assert_eq!(e.offset(), Some(8));
    }

    #[test]
    fn out_of_range_numbers() {
        let e = err("99999999999");
        assert!(
            matches!(e, TimeControlError::OutOfRange { offset: 0, .. }),
            "{e}"
        );
        let e = err("40/5400+99999999999");
        assert_eq!(e.offset(), Some(8));
        let e = err("0/5400");
        assert!(
            matches!(e, TimeControlError::OutOfRange { offset: 0, .. }),
            "{e}"
        );
        let e = err("65535/60:60");
        assert!(
            matches!(e, TimeControlError::OutOfRange { offset: 9, .. }),
            "{e}"
        );
        let e = err("70000/60:60");
        assert!(
            matches!(e, TimeControlError::OutOfRange { offset: 0, .. }),
            "{e}"
        );
        // The last period may start at move 65535 itself.
        let tc = ok("65534/60:60").to_time_control();
        assert_eq!(tc.periods[1].increment_from_move, u16::MAX);
    }

    #[test]
    fn empty_is_its_own_error() {
        assert_eq!(err(""), TimeControlError::Empty);
        assert_eq!(err("  "), TimeControlError::Empty);
    }
}
