//! Pairing-program extensions: JaVaFo `XX?`, bbpPairings `BB?`, Tornelo `DAT`.

use super::header::trimmed;
use super::{trim, uint, Parser};
use crate::model::{Acceleration, Colour, Dat, Points, ScoringSource, Xxc};
use crate::read::columns::xxa;
use crate::source::lines::Columns;
use crate::source::span::{Span, Spanned};

impl Parser<'_> {
    pub(super) fn extension(&mut self, code: [u8; 3], cols: &Columns<'_>, number: u32) {
        self.dialect.extensions = true;
        let (raw, span) = cols.rest(5);
        let value = trimmed(raw, span);
        match &code {
            b"XXR" => {
                if !self.first_occurrence(code, cols, number) {
                    return;
                }
                match value.map(|(t, s)| (uint(t), t, s)) {
                    Some((Ok(Some(n)), _, s)) if n <= 999 => {
                        self.ext.xxr = Some(Spanned::new(n as u16, s))
                    }
                    Some((_, t, s)) => self.malformed(
                        s,
                        format!("`XXR {t}` does not give a number of rounds"),
                        "write `XXR 9`",
                    ),
                    None => self.malformed(
                        cols.span(),
                        "`XXR` without a number of rounds".into(),
                        "write `XXR 9`",
                    ),
                }
            }
            b"XXC" => {
                let mut xxc = Xxc {
                    rank: false,
                    initial_colour: None,
                };
                for (tok, s) in tokens(raw, span) {
                    match tok.to_ascii_lowercase().as_str() {
                        "rank" => xxc.rank = true,
                        "white1" => xxc.initial_colour = Some(Colour::White),
                        "black1" => xxc.initial_colour = Some(Colour::Black),
                        _ => self.malformed(
                            s,
                            format!("`{tok}` is not an XXC option"),
                            "XXC takes `rank`, `white1` or `black1`",
                        ),
                    }
                }
                self.ext.xxc = Some(Spanned::new(xxc, cols.span()));
            }
            b"XXS" => {
                self.scoring_sources.push(ScoringSource::Xxs);
                for (tok, s) in tokens(raw, span) {
                    let ok = tok
                        .split_once('=')
                        .and_then(|(k, v)| Points::parse(v).map(|p| (k, p)))
                        .is_some_and(|(k, p)| self.scoring.apply_xxs(k, p));
                    if ok {
                        self.ext.xxs.push(Spanned::new(tok.to_string(), s));
                    } else {
                        self.malformed(s, format!("`{tok}` is not a scoring assignment"), "XXS takes CODE=VALUE with codes WW BW WD BD WL BL ZPB HPB FPB PAB FW FL W D");
                    }
                }
            }
            b"XXA" => {
                let (raw, rspan) = cols.field(xxa::START_RANK.from, xxa::START_RANK.to);
                let Ok(Some(rank)) = uint(raw) else {
                    self.malformed(
                        rspan,
                        format!("`{}` is not a starting rank", trim(raw)),
                        "XXA has the player's starting rank in columns 5-8",
                    );
                    return;
                };
                let mut points = Vec::new();
                let len = cols.char_len();
                let mut k = 0;
                loop {
                    let (from, to) = xxa::POINTS.nth(k);
                    if from > len {
                        break;
                    }
                    k += 1;
                    let (raw, s) = cols.field(from, to);
                    match (trim(raw).is_empty(), Points::parse(raw)) {
                        (true, _) => points.push(Points::ZERO),
                        (false, Some(p)) => points.push(p),
                        (false, None) => {
                            self.malformed(
                                s,
                                format!("`{}` is not a number of points", trim(raw)),
                                "XXA points are 4 columns each, from column 10, 5 apart",
                            );
                            points.push(Points::ZERO);
                        }
                    }
                }
                while points.last() == Some(&Points::ZERO) {
                    points.pop();
                }
                self.ext.xxa.push(Acceleration {
                    player: Spanned::new(rank.min(9999) as u16, rspan),
                    points,
                });
            }
            b"XXP" | b"XXZ" => {
                let mut ids = Vec::new();
                for (tok, s) in tokens(raw, span) {
                    match uint(tok) {
                        Ok(Some(v)) if (1..=9999).contains(&v) => {
                            ids.push(Spanned::new(v as u16, s))
                        }
                        _ => self.malformed(
                            s,
                            format!("`{tok}` is not a starting rank"),
                            "list starting ranks separated by blanks",
                        ),
                    }
                }
                if &code == b"XXP" {
                    self.ext.xxp.push(Spanned::new(
                        ids.iter().map(|i| i.value).collect(),
                        cols.span(),
                    ));
                } else {
                    self.ext.xxz.extend(ids);
                }
            }
            [b'B', b'B', letter] if b"WDLZFU".contains(letter) => {
                self.scoring_sources.push(ScoringSource::Bbp);
                match value.and_then(|(t, s)| Points::parse(t).map(|p| (p, s))) {
                    Some((p, s)) => {
                        self.scoring.apply_bbp(*letter as char, p);
                        self.ext
                            .bbp
                            .push(Spanned::new(format!("{} {p}", *letter as char), s));
                    }
                    None => self.malformed(
                        cols.span(),
                        format!("`BB{}` needs a number of points", *letter as char),
                        "write e.g. `BBW  3.0`",
                    ),
                }
            }
            b"DAT" => {
                let mut toks = tokens(raw, span).into_iter();
                let player = toks.next().and_then(|(t, s)| {
                    uint(t)
                        .ok()
                        .flatten()
                        .map(|v| Spanned::new(v.min(9999) as u16, s))
                });
                let kind = toks.next().map(|(t, _)| t.to_string());
                match (player, kind) {
                    (Some(player), Some(kind)) => {
                        let data = value
                            .map(|(t, _)| {
                                t.split_whitespace().skip(2).collect::<Vec<_>>().join(" ")
                            })
                            .unwrap_or_default();
                        self.ext.dat.push(Dat { player, kind, data });
                    }
                    _ => self.malformed(
                        cols.span(),
                        "`DAT` line without a starting rank and a type".into(),
                        "write `DAT <rank> <TYPE> <data>`",
                    ),
                }
            }
            _ => self
                .ext
                .other
                .push(Spanned::new(cols.text().to_string(), cols.span())),
        }
    }
}

/// Whitespace-separated tokens with their spans.
fn tokens(raw: &str, span: Span) -> Vec<(&str, Span)> {
    let mut out = Vec::new();
    let mut offset = 0;
    for tok in raw.split([' ', '\t']) {
        if !tok.is_empty() {
            let s = span.start as usize + offset;
            out.push((tok, Span::new(s, s + tok.len())));
        }
        offset += tok.len() + 1;
    }
    out
}
