//! Canonical TRF from the model (`trf fmt`).
//!
//! Aligned columns, points with one decimal, dates in the dialect's format
//! (`YYYY/MM/DD` for 042/052, `YY/MM/DD` for 132). Writing TRF26 from a
//! TRF16 file emits the TRF26 equivalents of the `XX?` lines (`XXR` → `142`,
//! `XXC` → `152`, `XXS` → `162`, `XXP` → `260`, `XXZ` → `240 Z`); writing
//! TRF16 from TRF26 does the reverse where TRF(x) can say the same.
//! Comments, rulers and unknown lines are not written.

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
    let mut out = String::with_capacity(t.players.len() * (100 + 10 * t.rounds as usize) + 1024);
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
    let declared_rounds = h
        .declared_rounds
        .map(|r| r.value)
        .or(t.extensions.xxr.map(|r| r.value));
    let initial = h
        .initial_colour
        .map(|c| c.value)
        .or(t.extensions.xxc.and_then(|x| x.value.initial_colour));
    let trf26 = target == Target::Trf26;
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
                    p.map(|p| format!("{:>6}", p.value))
                        .unwrap_or_else(|| " ".repeat(6))
                };
                let _ = write!(
                    out,
                    "310 {:>3} {:<32} {:<5} {:<6} {} {} {:>3}  ",
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
    for b in &r.byes {
        let _ = write!(out, "240 {} {:>3}", b.kind, b.round.value);
        for id in &b.ids {
            let _ = write!(out, " {:>4}", id.value);
        }
        out.push_str("\r\n");
    }
    let pts = |p: Option<Points>| {
        p.map(|p| format!("{:>4}", p))
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
        let _ = write!(out, "260 {:>3} {:>3}", p.rounds.0, p.rounds.1);
        for id in &p.ids {
            let _ = write!(out, " {:>4}", id.value);
        }
        out.push_str("\r\n");
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
        for b in &l.boards {
            let _ = write!(out, " {:>4}", b);
        }
        out.push_str("\r\n");
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
    extensions(&mut out, t, target, declared_rounds, initial);
    out
}

fn extensions(
    out: &mut String,
    t: &Tournament,
    target: Target,
    rounds: Option<u16>,
    initial: Option<Colour>,
) {
    let e = &t.extensions;
    let trf16 = target == Target::Trf16;
    if trf16 {
        if let Some(n) = rounds {
            let _ = write!(out, "XXR {n}\r\n");
        }
    }
    let rank = e.xxc.is_some_and(|x| x.value.rank);
    if rank || (trf16 && initial.is_some()) {
        let mut s = "XXC".to_string();
        if rank {
            s.push_str(" rank");
        }
        if trf16 {
            match initial {
                Some(Colour::White) => s.push_str(" white1"),
                Some(Colour::Black) => s.push_str(" black1"),
                None => {}
            }
        }
        let _ = write!(out, "{s}\r\n");
    }
    // Scoring: TRF16 always as XXS; TRF26 as XXS only when 162 cannot say it.
    let sc = &t.scoring;
    if !sc.is_standard() && (trf16 || scoring_162(sc).is_none()) {
        let _ =
            write!(
            out,
            "XXS WW={} BW={} WD={} BD={} WL={} BL={} FW={} FL={} FPB={} HPB={} ZPB={} PAB={}\r\n",
            sc.white_win, sc.black_win, sc.white_draw, sc.black_draw, sc.white_loss, sc.black_loss,
            sc.forfeit_win, sc.forfeit_loss, sc.full_bye, sc.half_bye, sc.zero_bye, sc.pairing_bye
        );
    }
    for a in &e.xxa {
        let _ = write!(out, "XXA {:>4}", a.player.value);
        for p in &a.points {
            let _ = write!(out, " {:>4}", p);
        }
        out.push_str("\r\n");
    }
    let last = rounds.unwrap_or(t.rounds).max(t.rounds).max(1);
    for group in &e.xxp {
        if trf16 {
            let ids: Vec<String> = group.value.iter().map(|i| i.to_string()).collect();
            let _ = write!(out, "XXP {}\r\n", ids.join(" "));
        } else {
            let _ = write!(out, "260 {:>3} {:>3}", 1, last);
            for id in &group.value {
                let _ = write!(out, " {:>4}", id);
            }
            out.push_str("\r\n");
        }
    }
    if !e.xxz.is_empty() {
        if trf16 {
            let ids: Vec<String> = e.xxz.iter().map(|i| i.value.to_string()).collect();
            let _ = write!(out, "XXZ {}\r\n", ids.join(" "));
        } else {
            let _ = write!(out, "240 Z {:>3}", t.rounds + 1);
            for id in &e.xxz {
                let _ = write!(out, " {:>4}", id.value);
            }
            out.push_str("\r\n");
        }
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
    let _ = write!(
        out,
        "001 {:>4} {}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}",
        p.start_rank.value,
        sex,
        p.title.as_ref().map(|t| t.value.as_str()).unwrap_or(""),
        p.name.value,
        p.rating.map(|r| r.value.to_string()).unwrap_or_default(),
        p.federation
            .as_ref()
            .map(|f| f.value.as_str())
            .unwrap_or(""),
        p.fide_id.map(|f| f.value.to_string()).unwrap_or_default(),
        p.birth_date
            .map(|b| b.value.to_string())
            .unwrap_or_default(),
        p.points.map(|x| x.value.to_string()).unwrap_or_default(),
        p.rank.map(|r| r.value.to_string()).unwrap_or_default(),
    );
    for e in &p.rounds {
        let e = e.value;
        let colour = e.colour.map(Colour::letter).unwrap_or('-');
        let opp = e
            .opponent
            .map(|o| format!("{o:>4}"))
            .unwrap_or_else(|| "0000".into());
        let result = match e.result {
            RoundResult::NotPaired => ' ',
            r => r.letter(),
        };
        let _ = write!(out, "  {opp} {colour} {result}");
    }
    trim_end_line(out);
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
