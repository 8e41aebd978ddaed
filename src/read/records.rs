//! Teams (`013`, `310`), TRF26 data records and national-rating records.

use super::header::trimmed;
use super::{findings, trim, uint, Parser};
use crate::model::{
    AbnormalPointsRecord, AccelerationRecord, ByeRecord, Colour, ForfeitedMatchRecord,
    LineupRecord, NationalRating, Points, ProhibitedRecord, Team, TeamByeRecord, TeamRecord,
    TeamResults, TeamRound,
};
use crate::read::columns::Field;
use crate::read::columns::{nrs, p013, p240, p250, p260, p299, p300, p310, p320, p330};
use crate::source::lines::Columns;
use crate::source::span::Spanned;

impl Parser<'_> {
    /// Reads repeated id fields from occurrence 0 to the end of the line.
    fn ids(&mut self, cols: &Columns<'_>, f: &Field, keep_zero: bool) -> Vec<Spanned<u16>> {
        let len = cols.char_len();
        let mut out = Vec::new();
        let mut k = 0;
        loop {
            let (from, to) = f.nth(k);
            if from > len {
                break;
            }
            k += 1;
            let (raw, span) = cols.field(from, to);
            match uint(raw) {
                Ok(None) => {}
                Ok(Some(0)) if !keep_zero => {}
                Ok(Some(v)) if v <= 9999 => out.push(Spanned::new(v as u16, span)),
                _ => self.invalid(
                    span,
                    format!("`{}` is not a starting rank or team number", trim(raw)),
                    f.name,
                    "ids are right-aligned numbers in their columns",
                ),
            }
        }
        out
    }

    fn num(&mut self, cols: &Columns<'_>, f: &Field) -> Option<u16> {
        let (raw, span) = cols.field(f.from, f.to);
        match uint(raw) {
            Ok(v) => v.map(|v| v.min(u16::MAX as u64) as u16),
            Err(()) => {
                self.invalid(
                    span,
                    format!("`{}` is not a number", trim(raw)),
                    f.name,
                    "a right-aligned number belongs here",
                );
                None
            }
        }
    }

    fn pts(&mut self, cols: &Columns<'_>, f: &Field) -> Option<Points> {
        let (raw, span) = cols.field(f.from, f.to);
        if trim(raw).is_empty() {
            return None;
        }
        let p = Points::parse(raw);
        if p.is_none() {
            self.invalid(
                span,
                format!("`{}` is not a number of points", trim(raw)),
                f.name,
                "points are written like `11.5`",
            );
        }
        p
    }

    pub(super) fn team013(&mut self, cols: &Columns<'_>, number: u32) {
        let (raw, span) = cols.field(p013::TEAM_NAME.from, p013::TEAM_NAME.to);
        let name = trimmed(raw, span)
            .map(|(t, s)| Spanned::new(t.to_string(), s))
            .unwrap_or(Spanned::new(String::new(), span));
        let members = self.ids(cols, &p013::MEMBER, false);
        self.teams_013 = self.teams_013.saturating_add(1);
        let n = self.teams_013;
        self.teams.push(Team {
            record: TeamRecord::R013,
            number: n,
            name,
            nickname: None,
            strength: None,
            match_points: None,
            game_points: None,
            rank: None,
            members,
            line: number,
        });
    }

    pub(super) fn team310(&mut self, cols: &Columns<'_>, number: u32) {
        let tpn = self.num(cols, &p310::TPN).unwrap_or(0);
        let (raw, span) = cols.field(p310::TEAM_NAME.from, p310::TEAM_NAME.to);
        let name = trimmed(raw, span)
            .map(|(t, s)| Spanned::new(t.to_string(), s))
            .unwrap_or(Spanned::new(String::new(), span));
        let text = |f: &Field| {
            let t = trim(cols.field(f.from, f.to).0);
            (!t.is_empty()).then(|| t.to_string())
        };
        let nickname = text(&p310::NICKNAME);
        let strength = text(&p310::STRENGTH);
        let mp_span = cols.field(p310::MATCH_POINTS.from, p310::MATCH_POINTS.to).1;
        let gp_span = cols.field(p310::GAME_POINTS.from, p310::GAME_POINTS.to).1;
        let rank_span = cols.field(p310::RANK.from, p310::RANK.to).1;
        let match_points = self
            .pts(cols, &p310::MATCH_POINTS)
            .map(|p| Spanned::new(p, mp_span));
        let game_points = self
            .pts(cols, &p310::GAME_POINTS)
            .map(|p| Spanned::new(p, gp_span));
        let rank = self
            .num(cols, &p310::RANK)
            .map(|r| Spanned::new(r, rank_span));
        let members = self.ids(cols, &p310::MEMBER, false);
        self.teams.push(Team {
            record: TeamRecord::R310,
            number: u32::from(tpn),
            name,
            nickname,
            strength,
            match_points,
            game_points,
            rank,
            members,
            line: number,
        });
    }

    pub(super) fn data_record(&mut self, code: [u8; 3], cols: &Columns<'_>, number: u32) {
        let span = cols.span();
        match &code {
            b"240" => {
                let kind = trim(cols.field(p240::TYPE.from, p240::TYPE.to).0)
                    .chars()
                    .next()
                    .unwrap_or(' ');
                let (raw, rspan) = cols.field(p240::ROUND.from, p240::ROUND.to);
                let round = match uint(raw) {
                    Ok(Some(r)) => r.min(u16::MAX as u64) as u16,
                    _ => {
                        self.invalid(
                            rspan,
                            format!("`{}` is not a round number", trim(raw)),
                            "round",
                            "columns 7-9 hold the round",
                        );
                        0
                    }
                };
                if !matches!(kind.to_ascii_uppercase(), 'F' | 'H' | 'Z') {
                    self.invalid(
                        cols.field(5, 5).1,
                        format!("bye type `{kind}` is not F, H or Z"),
                        "bye type",
                        "column 5 holds F (full point), H (half point) or Z (zero point)",
                    );
                }
                let ids = self.ids(cols, &p240::ID, false);
                self.records.byes.push(ByeRecord {
                    kind: kind.to_ascii_uppercase(),
                    round: Spanned::new(round, rspan),
                    ids,
                });
            }
            b"250" => {
                let rec = AccelerationRecord {
                    match_points: self.pts(cols, &p250::MATCH_POINTS),
                    game_points: self.pts(cols, &p250::GAME_POINTS),
                    rounds: (
                        self.num(cols, &p250::FIRST_ROUND).unwrap_or(0),
                        self.num(cols, &p250::LAST_ROUND).unwrap_or(0),
                    ),
                    ids: (
                        self.num(cols, &p250::FIRST_ID).unwrap_or(0),
                        self.num(cols, &p250::LAST_ID).unwrap_or(0),
                    ),
                    span,
                };
                self.records.accelerations.push(rec);
            }
            b"260" => {
                let rounds = (
                    self.num(cols, &p260::FIRST_ROUND).unwrap_or(0),
                    self.num(cols, &p260::LAST_ROUND).unwrap_or(0),
                );
                let ids = self.ids(cols, &p260::ID, false);
                self.records
                    .prohibited
                    .push(ProhibitedRecord { rounds, ids });
            }
            b"299" => {
                let kind = trim(cols.field(p299::TYPE.from, p299::TYPE.to).0)
                    .chars()
                    .next();
                let rec = AbnormalPointsRecord {
                    kind,
                    match_points: self.pts(cols, &p299::MATCH_POINTS),
                    points: self.pts(cols, &p299::GAME_POINTS),
                    round: self.num(cols, &p299::ROUND).filter(|&r| r > 0),
                    ids: self.ids(cols, &p299::ID, false),
                    span,
                };
                self.records.abnormal_points.push(rec);
            }
            b"300" => {
                let rec = LineupRecord {
                    round: self.num(cols, &p300::ROUND).unwrap_or(0),
                    team: self.num(cols, &p300::TEAM).unwrap_or(0),
                    opponent: self.num(cols, &p300::OPPONENT).unwrap_or(0),
                    boards: self
                        .ids(cols, &p300::BOARD, true)
                        .into_iter()
                        .map(|s| s.value)
                        .collect(),
                    span,
                };
                self.records.lineups.push(rec);
            }
            b"320" => {
                if !self.first_occurrence(code, cols, number) {
                    return;
                }
                let rec = TeamByeRecord {
                    match_points: self.pts(cols, &p320::MATCH_POINTS),
                    game_points: self.pts(cols, &p320::GAME_POINTS),
                    teams: self
                        .ids(cols, &p320::TPN, true)
                        .into_iter()
                        .map(|s| s.value)
                        .collect(),
                    span,
                };
                self.records.team_byes = Some(rec);
            }
            b"330" => {
                let kind = trim(cols.field(p330::TYPE.from, p330::TYPE.to).0).to_string();
                if matches!(kind.as_str(), "F" | "H" | "Z") || kind.starts_with(['F', 'H', 'Z']) {
                    self.draft(
                        cols,
                        "`330` with a bye type is the Sept-2024 draft's bye record",
                        "TRF26 writes byes as `240`",
                    );
                    return;
                }
                let rec = ForfeitedMatchRecord {
                    kind,
                    round: self.num(cols, &p330::ROUND).unwrap_or(0),
                    white: self.num(cols, &p330::WHITE).unwrap_or(0),
                    black: self.num(cols, &p330::BLACK).unwrap_or(0),
                    span,
                };
                self.records.forfeited_matches.push(rec);
            }
            b"340" => self.draft(
                cols,
                "`340` is the Sept-2024 draft's forfeited-match record",
                "TRF26 writes forfeited matches as `330`",
            ),
            _ => {
                if &code == b"802" {
                    self.team_results(cols);
                }
                self.records
                    .informative
                    .push(Spanned::new(cols.text().to_string(), span));
            }
        }
    }

    /// `802`: team, nickname, match points, game points, then per round
    /// `opponent [colour] points[f]` or `PAB|FPB|HPB|ZPB points`, as tokens.
    fn team_results(&mut self, cols: &Columns<'_>) {
        let (rest, _) = cols.rest(5);
        let toks: Vec<&str> = rest.split([' ', '\t']).filter(|t| !t.is_empty()).collect();
        let Some(team) = toks.first().and_then(|t| uint(t).ok().flatten()) else {
            self.malformed(
                cols.span(),
                "`802` without a team number".into(),
                "an `802` record starts with the team's pairing number at columns 5-7",
            );
            return;
        };
        let mut i = 1;
        let nickname = toks.get(i).filter(|t| Points::parse(t).is_none()).map(|t| {
            i += 1;
            t.to_string()
        });
        let mut points = || {
            let p = toks.get(i).and_then(|t| Points::parse(t));
            if p.is_some() {
                i += 1;
            }
            p
        };
        let (match_points, game_points) = (points(), points());
        let mut rounds = Vec::new();
        while i < toks.len() {
            let head = toks[i];
            i += 1;
            let bye = matches!(
                head.to_ascii_uppercase().as_str(),
                "PAB" | "FPB" | "HPB" | "ZPB"
            );
            let opponent = if bye {
                None
            } else {
                uint(head).ok().flatten().map(|v| v.min(999) as u16)
            };
            if !bye && opponent.is_none() {
                self.malformed(
                    cols.span(),
                    format!(
                        "`802` round {}: `{head}` is neither a team number nor a bye",
                        rounds.len() + 1
                    ),
                    "each round is `opponent colour points` or `PAB|FPB|HPB|ZPB points`",
                );
                return;
            }
            let colour = match toks.get(i).map(|t| t.to_ascii_lowercase()) {
                Some(c) if c == "w" => Some(Colour::White),
                Some(c) if c == "b" => Some(Colour::Black),
                _ => None,
            };
            if colour.is_some() {
                i += 1;
            }
            let (game_points, forfeit) = match toks.get(i) {
                Some(t) => {
                    let flagged = t.ends_with(['f', 'F']);
                    let number = t.trim_end_matches(['f', 'F']);
                    match Points::parse(number) {
                        Some(p) => {
                            i += 1;
                            (Some(p), flagged)
                        }
                        None => (None, false),
                    }
                }
                None => (None, false),
            };
            rounds.push(TeamRound {
                opponent,
                bye: bye.then(|| head.to_ascii_uppercase()),
                colour,
                game_points,
                forfeit,
            });
        }
        self.records.team_results.push(TeamResults {
            team: team.min(999) as u16,
            nickname,
            match_points,
            game_points,
            rounds,
        });
    }

    fn draft(&mut self, cols: &Columns<'_>, what: &str, help: &str) {
        self.dialect.note_draft(cols.text());
        self.diags.push(
            findings::DRAFT_RECORD
                .diag(what.to_string())
                .primary(cols.field(1, 3).1, "draft record")
                .help(format!("{help}; the line is kept but not interpreted")),
        );
    }

    pub(super) fn national_rating(&mut self, cols: &Columns<'_>) {
        let federation = cols.field(1, 3).0.to_string();
        let (raw, span) = cols.field(nrs::START_RANK.from, nrs::START_RANK.to);
        let rank = uint(raw).ok().flatten().unwrap_or(0).min(9999) as u16;
        let text = |f: &Field| {
            let t = trim(cols.field(f.from, f.to).0);
            (!t.is_empty()).then(|| t.to_string())
        };
        let rating = match uint(cols.field(nrs::RATING.from, nrs::RATING.to).0) {
            Ok(v) => v.filter(|&v| v > 0 && v < 10_000).map(|v| v as u16),
            Err(()) => {
                let (raw, span) = cols.field(nrs::RATING.from, nrs::RATING.to);
                self.invalid(
                    span,
                    format!("`{}` is not a national rating", trim(raw)),
                    "national rating",
                    "columns 49-52 hold the national rating",
                );
                None
            }
        };
        self.dialect.note_nrs(&federation);
        self.records.national_ratings.push(NationalRating {
            federation,
            start_rank: Spanned::new(rank, span),
            rating,
            name: text(&nrs::NAME),
            national_id: text(&nrs::NATIONAL_ID),
            classification: text(&nrs::CLASSIFICATION),
        });
    }
}
