//! Canonical TRF from the model (`trf fmt`).
//!
//! Aligned columns, points with one decimal, dates in the dialect's format
//! (`YYYY/MM/DD` for 042/052, `YY/MM/DD` for 132). Writing TRF26 from a
//! TRF16 file emits the TRF26 equivalents of the `XX?` lines (`XXR` → `142`,
//! `XXC` → `152`, `XXS` → `162`, `XXP` → `260`, `XXZ` → `240 Z`); writing
//! TRF16 from TRF26 does the reverse where TRF(x) can say the same.
//! Writing a file in its own dialect converts nothing: the `XX?` and `BB?`
//! lines it has are written back as they were, so that
//! `parse(write(parse(x)))` equals `parse(x)` (tests/roundtrip.rs).
//! Comments, rulers and unknown lines are not written: `trf fmt` goes
//! through [`crate::write::rewrite`], which keeps them.

#[cfg(feature = "fs")]
pub(crate) mod atomic;
pub(crate) mod rewrite;

use crate::model::{
    Colour, DateField, Dialect, Player, Points, RoundResult, Scoring, ScoringSource, Sex,
    TeamRecord, Tournament,
};
use std::fmt::Write as _;

/// The dialect to write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// TRF16 with `XX?` extensions.
    Trf16,
    /// TRF-2026.
    Trf26,
}

impl Target {
    /// The target matching a parsed file's dialect.
    pub fn for_dialect(d: Dialect) -> Target {
        match d {
            Dialect::Trf26 | Dialect::Draft2024 => Target::Trf26,
            Dialect::Trf06 | Dialect::Trf16 => Target::Trf16,
        }
    }
}

/// Writes `t` as TRF text with `\r\n` line ends (the specification asks for
/// a CR at the end of every line; CRLF satisfies every reader we know).
pub fn write(t: &Tournament, target: Target) -> String {
    // Each player's own line length, not players × the longest line: one
    // long line among many short ones must not reserve gigabytes.
    let size: usize = t
        .players
        .iter()
        .map(|p| 100 + 10 * p.rounds.len())
        .fold(1024, usize::saturating_add);
    let mut out = String::with_capacity(size);
    let h = &t.header;
    let line = |out: &mut String, code: &str, value: &str| {
        let _ = write!(out, "{code} {value}\r\n");
    };
    let text = |v: &Option<crate::Spanned<String>>| v.as_ref().map(|s| s.value.clone());
    for (code, v) in [
        ("012", text(&h.name)),
        ("022", text(&h.city)),
        ("032", text(&h.federation)),
    ] {
        if let Some(v) = v {
            line(&mut out, code, &v);
        }
    }
    if let Some(d) = &h.start_date {
        line(&mut out, "042", &long_date(&d.value));
    }
    if let Some(d) = &h.end_date {
        line(&mut out, "052", &long_date(&d.value));
    }
    for (code, v) in [
        ("062", &h.declared_players),
        ("072", &h.declared_rated_players),
        ("082", &h.declared_teams),
    ] {
        if let Some(v) = v {
            line(&mut out, code, &v.value.to_string());
        }
    }
    if let Some(v) = text(&h.tournament_type) {
        line(&mut out, "092", &v);
    }
    if let Some(v) = text(&h.chief_arbiter) {
        line(&mut out, "102", &v);
    }
    for d in &h.deputy_arbiters {
        line(&mut out, "112", &d.value);
    }
    if let Some(v) = text(&h.time_control) {
        line(&mut out, "122", &v);
    }
    if !h.round_dates.is_empty() {
        let mut s = format!("132{:88}", "");
        for d in &h.round_dates {
            let v = d.value.as_ref().map(short_date).unwrap_or_default();
            let _ = write!(s, "{v:<8}  ");
        }
        out.push_str(s.trim_end());
        out.push_str("\r\n");
    }
    // Converting between dialects carries `XXR`/`XXC` over to `142`/`152`
    // and back; writing the file's own dialect keeps each where it was.
    let converting = Target::for_dialect(t.dialect.dialect) != target;
    let trf26 = target == Target::Trf26;
    let (declared_rounds, initial) = if trf26 && !converting {
        (
            h.declared_rounds.map(|r| r.value),
            h.initial_colour.map(|c| c.value),
        )
    } else {
        (
            h.declared_rounds
                .map(|r| r.value)
                .or(t.extensions.xxr.map(|r| r.value)),
            h.initial_colour
                .map(|c| c.value)
                .or(t.extensions.xxc.and_then(|x| x.value.initial_colour)),
        )
    };
    if trf26 {
        if let Some(n) = declared_rounds {
            line(&mut out, "142", &n.to_string());
        }
        if let Some(c) = initial {
            line(&mut out, "152", if c == Colour::White { "W" } else { "B" });
        }
        if t.scoring.source != ScoringSource::Default || !t.scoring.is_standard() {
            if let Some(s) = scoring_162(&t.scoring) {
                out.push_str(&s);
            }
        }
        for (code, v) in [
            ("172", text(&h.starting_rank_method)),
            ("182", text(&h.pairing_controller)),
            ("192", text(&h.tournament_type_code)),
            ("202", h.tiebreaks.as_ref().map(|v| v.value.join(","))),
            (
                "212",
                h.standings_tiebreaks.as_ref().map(|v| v.value.join(",")),
            ),
            ("222", text(&h.time_control_code)),
            ("352", text(&h.board_colours)),
        ] {
            if let Some(v) = v {
                line(&mut out, code, &v);
            }
        }
        if let Some(ts) = &h.team_scoring {
            let ts = ts.value;
            let _ = write!(
                out,
                "362 TW{:>4}   TD{:>4}   TL{:>4}\r\n",
                ts.win, ts.draw, ts.loss
            );
        }
    }
    for p in &t.players {
        player_line(&mut out, p);
    }
    for team in &t.teams {
        match team.record {
            TeamRecord::R013 => {
                let _ = write!(out, "013 {:<32}", team.name.value);
                for (i, m) in team.members.iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    let _ = write!(out, "{:>4}", m.value);
                }
            }
            TeamRecord::R310 => {
                let opt = |p: &Option<crate::Spanned<Points>>| {
                    p.map(|p| format!("{:>6}", fit(p.value, 6)))
                        .unwrap_or_else(|| " ".repeat(6))
                };
                // Members start at column 74: the rank (69-71) is followed
                // by two blanks, and each member brings its own.
                let _ = write!(
                    out,
                    "310 {:>3} {:<32} {:<5} {:<6} {} {} {:>3} ",
                    team.number,
                    team.name.value,
                    team.nickname.as_deref().unwrap_or(""),
                    team.strength.as_deref().unwrap_or(""),
                    opt(&team.match_points),
                    opt(&team.game_points),
                    team.rank.map(|r| r.value.to_string()).unwrap_or_default(),
                );
                for m in &team.members {
                    let _ = write!(out, " {:>4}", m.value);
                }
            }
        }
        trim_end_line(&mut out);
    }
    let r = &t.records;
    // Back to TRF(x): an absence announced for the next round is `XXZ`, and
    // a prohibition over every round is `XXP`; what TRF(x) cannot say stays
    // a TRF26 record.
    let to_trf16 = target == Target::Trf16 && converting;
    let all_rounds = declared_rounds.unwrap_or(t.rounds).max(t.rounds).max(1);
    for b in &r.byes {
        if to_trf16 && b.kind == 'Z' && usize::from(b.round.value) == usize::from(t.rounds) + 1 {
            out.push_str("XXZ");
            ids(&mut out, b.ids.iter().map(|i| i.value), 0);
            continue;
        }
        let _ = write!(out, "240 {} {:>3}", b.kind, b.round.value);
        ids(&mut out, b.ids.iter().map(|i| i.value), 4);
    }
    let pts = |p: Option<Points>| {
        p.map(|p| format!("{:>4}", fit(p, 4)))
            .unwrap_or_else(|| "    ".into())
    };
    for a in &r.accelerations {
        let _ = write!(
            out,
            "250 {} {} {:>3} {:>3} {:>4} {:>4}\r\n",
            pts(a.match_points),
            pts(a.game_points),
            a.rounds.0,
            a.rounds.1,
            a.ids.0,
            a.ids.1
        );
    }
    for p in &r.prohibited {
        if to_trf16 && p.rounds.0 <= 1 && p.rounds.1 >= all_rounds {
            out.push_str("XXP");
            ids(&mut out, p.ids.iter().map(|i| i.value), 0);
            continue;
        }
        let _ = write!(out, "260 {:>3} {:>3}", p.rounds.0, p.rounds.1);
        ids(&mut out, p.ids.iter().map(|i| i.value), 4);
    }
    for a in &r.abnormal_points {
        let _ = write!(
            out,
            "299 {}  {}  {}  {:>3}",
            a.kind.unwrap_or(' '),
            pts(a.match_points),
            pts(a.points),
            a.round.unwrap_or(0)
        );
        for id in &a.ids {
            let _ = write!(out, " {:>4}", id.value);
        }
        trim_end_line(&mut out);
    }
    for l in &r.lineups {
        let _ = write!(out, "300 {:>3} {:>3} {:>3}", l.round, l.team, l.opponent);
        ids(&mut out, l.boards.iter().copied(), 4);
    }
    if let Some(tb) = &r.team_byes {
        let _ = write!(out, "320 {} {}", pts(tb.match_points), pts(tb.game_points));
        for team in &tb.teams {
            let _ = write!(out, " {:>3}", team);
        }
        trim_end_line(&mut out);
    }
    for f in &r.forfeited_matches {
        let _ = write!(
            out,
            "330 {:<2} {:>3} {:>3} {:>3}\r\n",
            f.kind, f.round, f.white, f.black
        );
    }
    for nrs in &r.national_ratings {
        let _ = write!(
            out,
            "{:<3} {:>4}  {:>3} {:<33} {:>4}     {:>11}",
            nrs.federation,
            nrs.start_rank.value,
            nrs.classification.as_deref().unwrap_or(""),
            nrs.name.as_deref().unwrap_or(""),
            nrs.rating.map(|r| r.to_string()).unwrap_or_default(),
            nrs.national_id.as_deref().unwrap_or(""),
        );
        trim_end_line(&mut out);
    }
    for i in &r.informative {
        out.push_str(&i.value);
        out.push_str("\r\n");
    }
    extensions(&mut out, t, target, converting, declared_rounds, initial);
    out
}

fn extensions(
    out: &mut String,
    t: &Tournament,
    target: Target,
    converting: bool,
    rounds: Option<u16>,
    initial: Option<Colour>,
) {
    let e = &t.extensions;
    let trf16 = target == Target::Trf16;
    // In TRF16, and in a TRF26 file that had them, `XXR`/`XXC` say the
    // number of rounds and the initial colour; a converted TRF16 file says
    // them with `142`/`152` instead.
    let (xxr, xxc_colour) = if trf16 {
        (rounds, initial)
    } else if converting {
        (None, None)
    } else {
        (
            e.xxr.map(|r| r.value),
            e.xxc.and_then(|x| x.value.initial_colour),
        )
    };
    if let Some(n) = xxr {
        let _ = write!(out, "XXR {n}\r\n");
    }
    let rank = e.xxc.is_some_and(|x| x.value.rank);
    if rank || xxc_colour.is_some() || (e.xxc.is_some() && (trf16 || !converting)) {
        let mut s = "XXC".to_string();
        if rank {
            s.push_str(" rank");
        }
        match xxc_colour {
            Some(Colour::White) => s.push_str(" white1"),
            Some(Colour::Black) => s.push_str(" black1"),
            None => {}
        }
        let _ = write!(out, "{s}\r\n");
    }
    scoring_lines(out, t, trf16, converting);
    for a in &e.xxa {
        let _ = write!(out, "XXA {:>4}", a.player.value);
        for p in &a.points {
            let _ = write!(out, " {:>4}", fit(*p, 4));
        }
        out.push_str("\r\n");
    }
    let last = rounds.unwrap_or(t.rounds).max(t.rounds).max(1);
    let keep_xx = trf16 || !converting;
    for group in &e.xxp {
        if keep_xx {
            out.push_str("XXP");
            ids(out, group.value.iter().copied(), 0);
        } else {
            let _ = write!(out, "260 {:>3} {:>3}", 1, last);
            ids(out, group.value.iter().copied(), 4);
        }
    }
    if !e.xxz.is_empty() {
        if keep_xx {
            out.push_str("XXZ");
        } else {
            let _ = write!(out, "240 Z {:>3}", t.rounds + 1);
        }
        ids(
            out,
            e.xxz.iter().map(|i| i.value),
            if keep_xx { 0 } else { 4 },
        );
    }
    for d in &e.dat {
        let _ = write!(out, "DAT {:>4} {} {}", d.player.value, d.kind, d.data);
        trim_end_line(out);
    }
    for o in &e.other {
        out.push_str(&o.value);
        out.push_str("\r\n");
    }
}

/// The `XXS` and `BB?` lines: those the file had, as written and in their
/// order (later assignments override earlier ones, so order matters), then,
/// when they do not give the scoring in force (a `162` converted to TRF16, a
/// model built by hand, a TRF26 system `162` cannot express), one `XXS` line
/// stating every value. A TRF16 file converted to TRF26 says its scoring
/// with `162` when `162` can, and keeps its own lines after it when, read
/// after `162`, they say the same (TRF26 has no record of which TRF16
/// codes said it, and without them `XXS` came back from TRF26 as `BB?`
/// lines, issue 39); lines that would say otherwise after `162` (a `BBU`
/// equal to the default win, then a `BBW`: the pairing-allocated bye no
/// longer follows the win) are left to `162` alone.
fn scoring_lines(out: &mut String, t: &Tournament, trf16: bool, converting: bool) {
    let e = &t.extensions;
    let sc = &t.scoring;
    // What a reader will have before these lines: FIDE's default, or the
    // `162` written in the header.
    let mut replay = Scoring::default();
    if !trf16
        && (sc.source != ScoringSource::Default || !sc.is_standard())
        && scoring_162(sc).is_some()
    {
        if converting && !same_values(&replayed(sc.clone(), e), sc) {
            return;
        }
        replay = sc.clone();
    }
    let items = scoring_order(e);
    let mut open_xxs = false;
    for (_, xxs, bbp) in items {
        if let Some(tok) = xxs {
            if let Some((k, v)) = tok.split_once('=') {
                if let Some(p) = Points::parse(v) {
                    replay.apply_xxs(k, p);
                }
            }
            out.push_str(if open_xxs { " " } else { "XXS " });
            out.push_str(tok);
            open_xxs = true;
        }
        if let Some(b) = bbp {
            if open_xxs {
                out.push_str("\r\n");
                open_xxs = false;
            }
            let mut parts = b.splitn(2, ' ');
            let letter = parts.next().and_then(|l| l.chars().next()).unwrap_or('W');
            let value = parts.next().unwrap_or("").trim();
            if let Some(p) = Points::parse(value) {
                replay.apply_bbp(letter, p);
            }
            let _ = write!(out, "BB{letter} {value}\r\n");
        }
    }
    if open_xxs {
        out.push_str("\r\n");
    }
    let same = |a: &Scoring, b: &Scoring| {
        Scoring {
            source: ScoringSource::Default,
            ..a.clone()
        } == Scoring {
            source: ScoringSource::Default,
            ..b.clone()
        }
    };
    // A TRF16 file without scoring lines of its own (a `162` converted, a
    // model built by hand) says its scoring with `BB?` lines when they can:
    // a `BB?` line converted to `162` comes back as `BB?`, not as `XXS`.
    if trf16 && e.xxs.is_empty() && e.bbp.is_empty() && !same(&replay, sc) {
        let mut bb = replay.clone();
        let mut lines = String::new();
        for (letter, value) in [
            ('W', sc.white_win),
            ('D', sc.white_draw),
            ('L', sc.white_loss),
            ('Z', sc.zero_bye),
            ('F', sc.forfeit_loss),
            ('U', sc.pairing_bye),
        ] {
            let mut next = bb.clone();
            next.apply_bbp(letter, value);
            if next != bb {
                bb = next;
                let _ = write!(lines, "BB{letter} {value}\r\n");
            }
        }
        if same(&bb, sc) {
            out.push_str(&lines);
            return;
        }
    }
    if !same(&replay, sc) {
        let _ =
            write!(
            out,
            "XXS WW={} BW={} WD={} BD={} WL={} BL={} FW={} FL={} FPB={} HPB={} ZPB={} PAB={}\r\n",
            sc.white_win, sc.black_win, sc.white_draw, sc.black_draw, sc.white_loss, sc.black_loss,
            sc.forfeit_win, sc.forfeit_loss, sc.full_bye, sc.half_bye, sc.zero_bye, sc.pairing_bye
        );
    }
}

/// Whether two scorings give the same values, wherever they came from.
fn same_values(a: &Scoring, b: &Scoring) -> bool {
    Scoring {
        source: ScoringSource::Default,
        ..a.clone()
    } == Scoring {
        source: ScoringSource::Default,
        ..b.clone()
    }
}

/// The file's own `XXS` tokens and `BB?` lines in the order the file
/// gives them (an `XXS` token, or a `BB?` value, each with its position).
fn scoring_order(e: &crate::model::Extensions) -> Vec<(u32, Option<&str>, Option<&str>)> {
    let mut items: Vec<(u32, Option<&str>, Option<&str>)> = e
        .xxs
        .iter()
        .map(|x| (x.span.start, Some(x.value.as_str()), None))
        .chain(
            e.bbp
                .iter()
                .map(|b| (b.span.start, None, Some(b.value.as_str()))),
        )
        .collect();
    items.sort_by_key(|i| i.0);
    items
}

/// `from` with the file's own `XXS` and `BB?` lines applied in their order.
fn replayed(mut from: Scoring, e: &crate::model::Extensions) -> Scoring {
    let items = scoring_order(e);
    for (_, xxs, bbp) in items {
        if let Some((k, v)) = xxs.and_then(|tok| tok.split_once('=')) {
            if let Some(p) = Points::parse(v) {
                from.apply_xxs(k, p);
            }
        }
        if let Some(b) = bbp {
            let mut parts = b.splitn(2, ' ');
            let letter = parts.next().and_then(|l| l.chars().next()).unwrap_or('W');
            if let Some(p) = Points::parse(parts.next().unwrap_or("").trim()) {
                from.apply_bbp(letter, p);
            }
        }
    }
    from
}

/// `162` when the system is expressible in it: colour-independent, forfeit
/// win = full bye = win, half bye = draw, forfeit loss = zero bye.
fn scoring_162(s: &Scoring) -> Option<String> {
    let ok = s.white_win == s.black_win
        && s.white_draw == s.black_draw
        && s.white_loss == s.black_loss
        && s.forfeit_win == s.white_win
        && s.full_bye == s.white_win
        && s.half_bye == s.white_draw
        && s.forfeit_loss == s.zero_bye;
    ok.then(|| {
        format!(
            "162  W{:>4}    D{:>4}    L{:>4}    A{:>4}    P{:>4}\r\n",
            s.white_win, s.white_draw, s.white_loss, s.zero_bye, s.pairing_bye
        )
    })
}

fn player_line(out: &mut String, p: &Player) {
    let sex = match p.sex.map(|s| s.value) {
        Some(Sex::Male) => 'm',
        Some(Sex::Female) => 'w',
        None => ' ',
    };
    push_001(
        out,
        &Line001 {
            start_rank: p.start_rank.value,
            sex,
            title: p.title.as_ref().map(|t| t.value.as_str()).unwrap_or(""),
            name: &p.name.value,
            rating: p.rating.map(|r| r.value.to_string()).unwrap_or_default(),
            federation: p
                .federation
                .as_ref()
                .map(|f| f.value.as_str())
                .unwrap_or(""),
            fide_id: p.fide_id.map(|f| f.value.to_string()).unwrap_or_default(),
            birth: p
                .birth_date
                .map(|b| b.value.to_string())
                .unwrap_or_default(),
            points: p.points.map(|x| fit(x.value, 4)).unwrap_or_default(),
            rank: p.rank.map(|r| r.value.to_string()).unwrap_or_default(),
        },
    );
    for e in &p.rounds {
        let e = e.value;
        let result = match e.result {
            RoundResult::NotPaired => ' ',
            r => r.letter(),
        };
        push_round(
            out,
            e.opponent,
            e.colour.map(Colour::letter).unwrap_or('-'),
            result,
        );
    }
    trim_end_line(out);
}

/// The fields of a `001` line before [`push_001`] puts them in their
/// columns (TRF16 record 001, columns 1-89).
pub(crate) struct Line001<'a> {
    /// Starting rank (columns 5-8).
    pub start_rank: u16,
    /// `m`, `w` or blank (column 10).
    pub sex: char,
    /// Title (columns 11-13).
    pub title: &'a str,
    /// Name (columns 15-47).
    pub name: &'a str,
    /// Rating (columns 49-52).
    pub rating: String,
    /// Federation (columns 54-56).
    pub federation: &'a str,
    /// FIDE ID (columns 58-68).
    pub fide_id: String,
    /// Birth date (columns 70-79).
    pub birth: String,
    /// Points (columns 81-84).
    pub points: String,
    /// Rank (columns 86-89).
    pub rank: String,
}

/// Writes the fixed part of a `001` line: the one place the layout of
/// TRF16 record 001 is written as a format (the canonical writer and the
/// generator both use it).
pub(crate) fn push_001(out: &mut String, f: &Line001<'_>) {
    let _ = write!(
        out,
        "001 {:>4} {}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}",
        f.start_rank,
        f.sex,
        f.title,
        f.name,
        f.rating,
        f.federation,
        f.fide_id,
        f.birth,
        f.points,
        f.rank,
    );
}

/// Writes one round block of a `001` line (columns 92-99 for round 1, then
/// every ten): opponent (`0000` for none), colour, result.
pub(crate) fn push_round(out: &mut String, opponent: Option<u16>, colour: char, result: char) {
    match opponent {
        Some(o) => {
            let _ = write!(out, "  {o:>4} {colour} {result}");
        }
        None => {
            let _ = write!(out, "  0000 {colour} {result}");
        }
    }
}

/// Points with one decimal (`11.5`), or without it when that does not fit
/// the field and the value is whole: a 4-column field read as `200` must not
/// come back as `200.0`, which would push every later column out of place.
fn fit(p: Points, width: usize) -> String {
    let s = p.to_string();
    if s.len() > width && p.0 % 10 == 0 {
        (p.0 / 10).to_string()
    } else {
        s
    }
}

/// Ends a line with ids after a blank each: right-aligned in `width`
/// columns (TRF26's 4-column, 5-column-stride id lists), or as plain tokens
/// (`width` 0, the `XX?` lines).
fn ids(out: &mut String, ids: impl Iterator<Item = u16>, width: usize) {
    for id in ids {
        let _ = write!(out, " {id:>width$}");
    }
    out.push_str("\r\n");
}

fn trim_end_line(out: &mut String) {
    let len = out.trim_end_matches(' ').len();
    out.truncate(len);
    out.push_str("\r\n");
}

fn long_date(d: &DateField) -> String {
    match d.date {
        Some(date) => date.format("%Y/%m/%d").to_string(),
        None => d.raw.clone(),
    }
}

fn short_date(d: &DateField) -> String {
    match d.date {
        Some(date) => date.format("%y/%m/%d").to_string(),
        None => d.raw.chars().take(8).collect(),
    }
}
