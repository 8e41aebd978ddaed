//! Rule `record-reference-unknown`.

use crate::diag::Diagnostic;
use crate::model::TeamRecord;
use crate::read::columns::{p250, p260, p300, p330, Field};
use crate::rules::spans::line_columns;
use crate::rules::{always, Ctx};
use crate::source::lines::LineKind;
use crate::source::span::Span;

crate::declare_rule! {
    /// ## What it checks
    /// That the TRF26 data records point at things the report has:
    /// - the ids of `240` (byes), `260` (prohibited pairings) and `299`
    ///   (abnormal points) name a player's starting rank or, in a team
    ///   event (`310` records present), a team pairing number (team
    ///   programs write either, so either is accepted there);
    /// - the first and last id of a `250` (acceleration) range name a
    ///   player or a team;
    /// - the teams of `300` (line-ups) and `330` (forfeited matches) are
    ///   team pairing numbers of the report;
    /// - the rounds of `240`, `250`, `260`, `299`, `300` and `330` are not
    ///   zero where a round is required and not beyond the number of rounds.
    ///
    /// The number of rounds is the declared one (`142`, else `XXR`). Without
    /// a declaration it is the longest round list plus one, the round a
    /// pairing program may be about to pair (a `240` for it is mandatory in
    /// ITDX files); `250` and `260` plan future rounds, so their upper
    /// bound is only checked against a declared number.
    ///
    /// ## Why it matters
    /// A pairing program reads these records to pair the next round and a
    /// rating officer to score the event. A bye for a player nobody has, a
    /// prohibition that names a team that does not exist, or a forfeit in
    /// round 0 are ignored or rejected, and the pairing or the score they
    /// were meant to change comes out differently.
    ///
    /// ## Example
    /// ```text
    /// 142 5
    /// 240 H   7    3
    /// ```
    /// a half-point bye in round 7 of a five-round event. Use instead: the
    /// round the bye was granted for.
    ///
    /// ## Reference
    /// TRF26 records 240, 250, 260, 299, 300, 330 (ids and rounds); 142
    /// (number of rounds).
    pub(crate) static RECORD_REFERENCE_UNKNOWN = {
        code: "TRF-X009", name: "record-reference-unknown",
        severity: Warning, summary: "a TRF26 record naming a player, team or round the report does not have",
        consequence: Cosmetic,
        source: "TRF26 team and pairing records (240-330) are not used by the rating calculation",
        applies: always, check: check,
    };
}

/// The rounds a record may name.
struct Rounds {
    /// Highest round allowed for records about one round, `None` when
    /// nothing bounds it.
    single: Option<u16>,
    /// Highest round allowed for the ranges of `250`/`260`.
    range: Option<u16>,
    /// Where the bound comes from, for messages and a secondary label.
    source: String,
    span: Option<Span>,
}

impl Rounds {
    fn of(ctx: &Ctx<'_>) -> Rounds {
        let t = ctx.tournament;
        let declared = t.header.declared_rounds.as_ref().map(|d| (d, "142")).or(t
            .extensions
            .xxr
            .as_ref()
            .map(|d| (d, "XXR")));
        if let Some((d, record)) = declared {
            return Rounds {
                single: Some(d.value),
                range: Some(d.value),
                source: format!("`{record}` declares {} rounds", d.value),
                span: Some(d.span),
            };
        }
        let longest = t.players.iter().map(|p| p.rounds.len()).max().unwrap_or(0);
        let longest = u16::try_from(longest).unwrap_or(u16::MAX);
        Rounds {
            // With no round list at all nothing says how long the event is.
            single: (longest > 0).then(|| longest.saturating_add(1)),
            range: None,
            source: format!(
                "no `142`/`XXR` declares the rounds; the longest round list has {longest}, so at most round {} can be paired next",
                longest.saturating_add(1)
            ),
            span: None,
        }
    }
}

/// What a required round field holds when the model read 0.
fn zero_kind(raw: &str) -> Option<&'static str> {
    let t = raw.trim();
    if t.is_empty() {
        Some("no round")
    } else if t.bytes().all(|b| b.is_ascii_digit()) {
        Some("round 0")
    } else {
        // Unreadable: the reader has reported it already.
        None
    }
}

struct Checker<'c, 'a> {
    ctx: &'c Ctx<'a>,
    rounds: Rounds,
    /// `team[n]`: a team has pairing number `n`.
    team: Vec<bool>,
    /// Ids of 240/260/299 may be team numbers.
    team_event: bool,
    out: &'c mut Vec<Diagnostic>,
}

impl Checker<'_, '_> {
    fn is_team(&self, n: u16) -> bool {
        self.team.get(n as usize).copied().unwrap_or(false)
    }

    fn is_player(&self, n: u16) -> bool {
        self.ctx.player(n).is_some()
    }

    /// An id of 240/260/299.
    fn id(&mut self, record: &str, id: u16, span: Span) {
        // Team events use team pairing numbers, but files written by team
        // pairing programs also give players' byes and prohibitions by
        // starting rank: either is a reference the report can resolve.
        if self.is_player(id) || (self.team_event && self.is_team(id)) {
            return;
        }
        let (what, help) = if self.team_event {
            (
                "neither a player's starting rank nor a team pairing number",
                "the ids are team pairing numbers (`310` columns 5-7) or starting ranks (`001` columns 5-8)",
            )
        } else {
            (
                "no player's starting rank",
                "the ids are the starting ranks of `001` records (columns 5-8)",
            )
        };
        self.ctx.emit_with(self.out, &RECORD_REFERENCE_UNKNOWN, || {
            RECORD_REFERENCE_UNKNOWN
                .diag(format!("`{record}` names `{id}`, which is {what}"))
                .primary(span, "nothing has this id")
                .help(help)
                .reference(format!("TRF26 record {record} (ids)"))
        });
    }

    /// A team number of 300/330.
    fn team(&mut self, record: &str, role: &str, n: u16, span: Span) {
        if n != 0 && self.is_team(n) {
            return;
        }
        let raw = self.ctx.slice(span).trim();
        if !raw.is_empty() && !raw.bytes().all(|b| b.is_ascii_digit()) {
            return;
        }
        self.ctx.emit_with(self.out, &RECORD_REFERENCE_UNKNOWN, || {
            let message = if raw.is_empty() {
                format!("`{record}` gives no {role}")
            } else {
                format!("`{record}` names {role} `{n}`, but no `310` team has that pairing number")
            };
            RECORD_REFERENCE_UNKNOWN
                .diag(message)
                .primary(span, "no such team")
                .help("write the team pairing number of a `310` record (columns 5-7)")
                .reference(format!("TRF26 record {record}; record 310 (TPN)"))
        });
    }

    /// A round field: `bound` is the highest round it may name. Every
    /// finding goes through `emit_with`: past --max-per-rule it is counted,
    /// not formatted.
    fn round(&mut self, record: &str, round: u16, span: Span, bound: Option<u16>) {
        if round == 0 {
            let Some(kind) = zero_kind(self.ctx.slice(span)) else {
                return;
            };
            self.ctx.emit_with(self.out, &RECORD_REFERENCE_UNKNOWN, || {
                RECORD_REFERENCE_UNKNOWN
                    .diag(format!("`{record}` gives {kind} where a round is required"))
                    .primary(span, kind)
                    .help("rounds are numbered from 1")
                    .reference(format!("TRF26 record {record} (round)"))
            });
            return;
        }
        let Some(max) = bound else { return };
        if round <= max {
            return;
        }
        let rounds = &self.rounds;
        self.ctx.emit_with(self.out, &RECORD_REFERENCE_UNKNOWN, || {
            let d = RECORD_REFERENCE_UNKNOWN
                .diag(format!(
                    "`{record}` names round `{round}`, beyond the rounds of the event ({})",
                    rounds.source
                ))
                .primary(span, "no such round")
                .help(
                    "write the round the record is about, or declare the number of rounds in `142`",
                )
                .reference(format!("TRF26 record {record} (round); record 142"));
            match rounds.span {
                Some(s) => d.secondary(s, "number of rounds"),
                None => d,
            }
        });
    }

    fn field(&self, line: Span, f: &Field) -> Span {
        line_columns(self.ctx, line, f.from, f.to)
    }

    fn byes(&mut self) {
        let single = self.rounds.single;
        for b in &self.ctx.tournament.records.byes {
            // A blank or unreadable round comes out as 0 and the reader
            // has reported it.
            if !self.ctx.slice(b.round.span).trim().is_empty() {
                self.round("240", b.round.value, b.round.span, single);
            }
            for id in &b.ids {
                self.id("240", id.value, id.span);
            }
        }
    }

    fn accelerations(&mut self) {
        let range = self.rounds.range;
        for a in &self.ctx.tournament.records.accelerations {
            let first = self.field(a.span, &p250::FIRST_ROUND);
            let last = self.field(a.span, &p250::LAST_ROUND);
            self.round("250", a.rounds.0, first, range);
            self.round("250", a.rounds.1, last, range);
            for (id, f, end) in [
                (a.ids.0, &p250::FIRST_ID, "starts"),
                (a.ids.1, &p250::LAST_ID, "ends"),
            ] {
                let span = self.field(a.span, f);
                if id != 0 && (self.is_player(id) || self.is_team(id)) {
                    continue;
                }
                let raw = self.ctx.slice(span).trim();
                if !raw.is_empty() && !raw.bytes().all(|b| b.is_ascii_digit()) {
                    continue;
                }
                self.ctx.emit_with(self.out, &RECORD_REFERENCE_UNKNOWN, || {
                    let message = if raw.is_empty() {
                        format!("`250` gives no {} of its range", f.name.replace('_', " "))
                    } else {
                        format!("`250` range {end} at `{id}`, which is neither a player's starting rank nor a team pairing number")
                    };
                    RECORD_REFERENCE_UNKNOWN
                        .diag(message)
                        .primary(span, "no such player or team")
                        .help("columns 23-26 and 28-31 hold the first and last id of the accelerated range")
                        .reference("TRF26 record 250 (first/last id)")
                });
            }
        }
    }

    fn prohibited(&mut self) {
        let t = self.ctx.tournament;
        let lines: Vec<Span> = t
            .lines
            .iter()
            .filter(|l| l.kind == LineKind::Record && l.code.as_ref() == Some(b"260"))
            .map(|l| l.span)
            .collect();
        let range = self.rounds.range;
        for (i, p) in t.records.prohibited.iter().enumerate() {
            // Every `260` line gives one record, in order; the record keeps
            // no span of its own for the rounds.
            if lines.len() == t.records.prohibited.len() {
                let line = lines[i];
                let first = self.field(line, &p260::FIRST_ROUND);
                let last = self.field(line, &p260::LAST_ROUND);
                self.round("260", p.rounds.0, first, range);
                self.round("260", p.rounds.1, last, range);
            }
            for id in &p.ids {
                self.id("260", id.value, id.span);
            }
        }
    }

    fn abnormal_points(&mut self) {
        let single = self.rounds.single;
        for a in &self.ctx.tournament.records.abnormal_points {
            // No round (blank or 000) means every round.
            if let Some(r) = a.round {
                let span = self.field(a.span, &crate::read::columns::p299::ROUND);
                self.round("299", r, span, single);
            }
            for id in &a.ids {
                self.id("299", id.value, id.span);
            }
        }
    }

    fn lineups(&mut self) {
        let single = self.rounds.single;
        for l in &self.ctx.tournament.records.lineups {
            let span = self.field(l.span, &p300::ROUND);
            self.round("300", l.round, span, single);
            let span = self.field(l.span, &p300::TEAM);
            self.team("300", "team", l.team, span);
            let span = self.field(l.span, &p300::OPPONENT);
            self.team("300", "opponent team", l.opponent, span);
        }
    }

    fn forfeits(&mut self) {
        let single = self.rounds.single;
        for f in &self.ctx.tournament.records.forfeited_matches {
            let span = self.field(f.span, &p330::ROUND);
            self.round("330", f.round, span, single);
            let span = self.field(f.span, &p330::WHITE);
            self.team("330", "white team", f.white, span);
            let span = self.field(f.span, &p330::BLACK);
            self.team("330", "black team", f.black, span);
        }
    }
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let t = ctx.tournament;
    let r = &t.records;
    if r.byes.is_empty()
        && r.accelerations.is_empty()
        && r.prohibited.is_empty()
        && r.abnormal_points.is_empty()
        && r.lineups.is_empty()
        && r.forfeited_matches.is_empty()
    {
        return;
    }
    let mut team = Vec::new();
    for tm in &t.teams {
        let n = tm.number as usize;
        if team.len() <= n {
            team.resize(n + 1, false);
        }
        team[n] = true;
    }
    let mut c = Checker {
        ctx,
        rounds: Rounds::of(ctx),
        team,
        team_event: t.teams.iter().any(|tm| tm.record == TeamRecord::R310),
        out,
    };
    c.byes();
    c.accelerations();
    c.prohibited();
    c.abnormal_points();
    c.lineups();
    c.forfeits();
}

#[cfg(test)]
mod tests {
    use super::zero_kind;

    #[test]
    fn zero_rounds_are_told_from_blank_and_unreadable() {
        assert_eq!(zero_kind("000"), Some("round 0"));
        assert_eq!(zero_kind("   "), Some("no round"));
        assert_eq!(zero_kind(" x1"), None);
    }
}
