//! The typed model of a Tournament Report File.
//!
//! Everything a report says, with the span it was read from. The model is
//! plain data (serde): the parser builds it, rules and the rating pass read
//! it, the writer prints it back. Spans are skipped in JSON output and in
//! equality (see [`Spanned`]).

/// Implements `PartialEq` over the listed fields only, leaving out
/// positions (line numbers and spans).
macro_rules! eq_ignoring_position {
    ($t:ident { $($f:ident),* $(,)? }) => {
        impl PartialEq for $t {
            fn eq(&self, other: &Self) -> bool {
                true $(&& self.$f == other.$f)*
            }
        }
    };
}
pub(crate) use eq_ignoring_position;

pub(crate) mod agreement;
mod date;
pub(crate) mod games;
mod player;
mod points;
pub(crate) mod rounds;
mod scoring;
pub(crate) mod timecontrol;
pub(crate) mod tournament_type;

pub use tournament_type::{TournamentType, TypeDecision};

pub use agreement::DateAgreement;
pub use date::{DateField, PartialDate};
pub use games::{Game, Games};
pub(crate) use player::designation;
pub use player::{ByeKind, Colour, Outcome, Player, RoundEntry, RoundResult, Sex, Title};
pub use points::Points;
pub use rounds::{Rounds, RoundsIter};
pub use scoring::{Scoring, ScoringSource};
pub use timecontrol::{DelayKind, Notation, Period, Side, TimeControl, TimeControlError};

use crate::source::lines::Line;
use crate::source::span::{Span, Spanned};
use crate::source::TextEncoding;
use serde::Serialize;

/// A whole report.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[non_exhaustive]
pub struct Tournament {
    /// The format detected, with the evidence.
    pub dialect: DialectInfo,
    /// The encoding the bytes were decoded with.
    pub encoding: TextEncoding,
    /// A byte-order mark was removed.
    pub bom: bool,
    /// Tournament-section records (`012`–`132`, TRF26 `142`–`362`).
    pub header: Header,
    /// `001` records, in file order.
    pub players: Vec<Player>,
    /// Teams (`013` and/or `310`).
    pub teams: Vec<Team>,
    /// The scoring system in force (`162`, `XXS`, `BB?`, or FIDE's default).
    pub scoring: Scoring,
    /// Rounds with data: the longest round list of the `001` records (lines
    /// stop after their last block). The declared number of rounds is
    /// [`Header::declared_rounds`] (`142`) or [`Extensions::xxr`] (`XXR`);
    /// `rounds-mismatch` compares them.
    pub rounds: u16,
    /// Pairing-program extensions (`XX?`, `BB?`, `DAT`).
    pub extensions: Extensions,
    /// TRF26 data records other than teams (`240`, `250`, `260`, `299`,
    /// `300`, `320`, `330`, `801`, `802`) and NRS records.
    pub records: Trf26Records,
    /// Every line that is not blank, classified, in file order (each with
    /// its line number in the file).
    #[serde(skip)]
    pub lines: Vec<Line>,
}

impl Tournament {
    /// Index of players by starting rank: `index[rank]` is the position of the
    /// first player with that rank in `players`, or `u32::MAX`.
    pub fn rank_index(&self) -> Vec<u32> {
        let max = self
            .players
            .iter()
            .map(|p| p.start_rank.value as usize)
            .max()
            .unwrap_or(0);
        let mut index = vec![u32::MAX; max + 1];
        for (i, p) in self.players.iter().enumerate() {
            let slot = &mut index[p.start_rank.value as usize];
            if *slot == u32::MAX {
                *slot = i as u32;
            }
        }
        index
    }

    /// How `042`, `052` and the `132` round dates agree (see
    /// `agreement`).
    pub fn date_agreement(&self) -> agreement::DateAgreement {
        let h = &self.header;
        agreement::DateAgreement::judge(
            h.start_date.as_ref().and_then(|d| d.value.date),
            h.end_date.as_ref().and_then(|d| d.value.date),
            h.round_dates
                .iter()
                .filter_map(|d| d.value.as_ref().and_then(|d| d.date)),
        )
    }

    /// The start date written in `042`, when readable and not contradicted
    /// by both the round dates and the end date (a year typed wrong).
    pub fn declared_start(&self) -> Option<chrono::NaiveDate> {
        self.header
            .start_date
            .as_ref()
            .and_then(|d| d.value.date)
            .filter(|_| !self.date_agreement().start_contradicted)
    }

    /// The first readable `132` round date.
    pub fn first_round_date(&self) -> Option<chrono::NaiveDate> {
        self.header
            .round_dates
            .iter()
            .find_map(|d| d.value.as_ref().and_then(|d| d.date))
    }

    /// The start date: `042`, else the first `132` date.
    pub fn start_date(&self) -> Option<chrono::NaiveDate> {
        self.declared_start().or_else(|| self.first_round_date())
    }

    /// The event's length in days, both ends included, with its ends: the
    /// [`start_date`](Self::start_date) to the [`end_date`](Self::end_date).
    /// `None` without both dates or when the end is before the start
    /// (`end-before-start` reports that). The rules, the norms and the
    /// rating period read it here.
    pub(crate) fn length_days(&self) -> Option<(i64, chrono::NaiveDate, chrono::NaiveDate)> {
        let (start, end) = (self.start_date()?, self.end_date()?);
        let days = (end - start).num_days() + 1;
        (days >= 1).then_some((days, start, end))
    }

    /// The number of rounds the report declares: `142`, else `XXR`. A
    /// match's length (the games after which it is decided) is read here.
    pub(crate) fn planned_rounds(&self) -> Option<Spanned<u16>> {
        self.header.declared_rounds.or(self.extensions.xxr)
    }

    /// The most rounds the report declares anywhere: the larger of `142`
    /// and `XXR` (`rounds-mismatch` reports when they differ). A report
    /// exported before the last round is judged against it, so that
    /// neither record hides the rounds still to play.
    pub(crate) fn most_rounds_declared(&self) -> Option<Spanned<u16>> {
        match (self.header.declared_rounds, self.extensions.xxr) {
            (Some(a), Some(b)) => Some(if b.value > a.value { b } else { a }),
            (a, b) => a.or(b),
        }
    }

    /// The end date: `052` unless the round dates and the start date
    /// contradict it, else the last `132` date.
    pub fn end_date(&self) -> Option<chrono::NaiveDate> {
        self.header
            .end_date
            .as_ref()
            .and_then(|d| d.value.date)
            .filter(|_| !self.date_agreement().end_contradicted)
            .or_else(|| {
                self.header
                    .round_dates
                    .iter()
                    .rev()
                    .find_map(|d| d.value.as_ref().and_then(|d| d.date))
            })
    }
}

/// The TRF dialect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub enum Dialect {
    /// The 2006 format (single-letter titles, no 132, dotted dates…).
    #[serde(rename = "TRF06")]
    Trf06,
    /// The 2016 format (C.04 Annex 2), possibly with `XX?` extensions.
    #[serde(rename = "TRF16")]
    Trf16,
    /// The September-2024 draft ("TRF-24"/"TRF25"): `340` forfeits, `330` byes.
    #[serde(rename = "TRF25-draft")]
    Draft2024,
    /// TRF-2026 (approved 12 May 2025, applied from 1 Sep 2025).
    #[serde(rename = "TRF26")]
    Trf26,
}

impl Dialect {
    /// The name used in output.
    pub fn as_str(self) -> &'static str {
        match self {
            Dialect::Trf06 => "TRF06",
            Dialect::Trf16 => "TRF16",
            Dialect::Draft2024 => "TRF25-draft",
            Dialect::Trf26 => "TRF26",
        }
    }
}

/// The dialect and why it was chosen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct DialectInfo {
    /// The dialect.
    pub dialect: Dialect,
    /// What pointed to it, e.g. `record 142 at line 20`.
    pub evidence: Vec<String>,
    /// Pairing-program extensions were present (`XX?`, `BB?`, `DAT`).
    pub extensions: bool,
}

/// Tournament-section records. Free text is trimmed.
#[derive(Debug, Clone, Default, Serialize)]
#[non_exhaustive]
pub struct Header {
    /// `012` tournament name.
    pub name: Option<Spanned<String>>,
    /// `022` city.
    pub city: Option<Spanned<String>>,
    /// `032` federation.
    pub federation: Option<Spanned<String>>,
    /// `042` start date.
    pub start_date: Option<Spanned<DateField>>,
    /// `052` end date.
    pub end_date: Option<Spanned<DateField>>,
    /// `062` number of players.
    pub declared_players: Option<Spanned<u32>>,
    /// `072` number of rated players.
    pub declared_rated_players: Option<Spanned<u32>>,
    /// `082` number of teams.
    pub declared_teams: Option<Spanned<u32>>,
    /// `092` type of tournament (free text).
    pub tournament_type: Option<Spanned<String>>,
    /// `102` chief arbiter.
    pub chief_arbiter: Option<Spanned<String>>,
    /// `112` deputy arbiters, one per record.
    pub deputy_arbiters: Vec<Spanned<String>>,
    /// `122` time control (free text).
    pub time_control: Option<Spanned<String>>,
    /// `132` round dates; `None` where a round's slot is blank.
    pub round_dates: Vec<Spanned<Option<DateField>>>,
    /// `132` line, when present.
    #[serde(skip)]
    pub round_dates_span: Option<Span>,
    /// `142` number of rounds.
    pub declared_rounds: Option<Spanned<u16>>,
    /// `152` initial colour.
    pub initial_colour: Option<Spanned<Colour>>,
    /// `172` encoded starting rank method (raw).
    pub starting_rank_method: Option<Spanned<String>>,
    /// `182` pairing controller.
    pub pairing_controller: Option<Spanned<String>>,
    /// `192` encoded type of tournament.
    pub tournament_type_code: Option<Spanned<String>>,
    /// `202` tie-breaks.
    pub tiebreaks: Option<Spanned<Vec<String>>>,
    /// `212` tie-breaks defining the standings.
    pub standings_tiebreaks: Option<Spanned<Vec<String>>>,
    /// `222` encoded time control (raw).
    pub time_control_code: Option<Spanned<String>>,
    /// `352` board colour sequence.
    pub board_colours: Option<Spanned<String>>,
    /// `362` team match points: win, draw, loss.
    pub team_scoring: Option<Spanned<TeamScoring>>,
}

impl Header {
    /// The declared tournament type and its record: TRF26 `192` (a code)
    /// when present, else TRF16 `092` (free text).
    pub fn declared_type(&self) -> Option<(&'static str, &Spanned<String>)> {
        self.tournament_type_code
            .as_ref()
            .map(|v| ("192", v))
            .or_else(|| self.tournament_type.as_ref().map(|v| ("092", v)))
    }
}

/// TRF26 `362`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct TeamScoring {
    /// `TW`, default 2.0.
    pub win: Points,
    /// `TD`, default 1.0.
    pub draw: Points,
    /// `TL`, default 0.0.
    pub loss: Points,
}

impl Default for TeamScoring {
    fn default() -> Self {
        TeamScoring {
            win: Points(20),
            draw: Points(10),
            loss: Points(0),
        }
    }
}

/// Which record a team came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub enum TeamRecord {
    /// TRF16 `013`.
    #[serde(rename = "013")]
    R013,
    /// TRF26 `310`.
    #[serde(rename = "310")]
    R310,
}

/// A team.
#[derive(Debug, Clone, Serialize)]
#[non_exhaustive]
pub struct Team {
    /// `013` or `310`.
    pub record: TeamRecord,
    /// Team pairing number: `310` columns 5-7, or the `013` line order
    /// (a `u32`: the order of the 65,536th `013` line did not fit a `u16`,
    /// and wrapped to 0).
    pub number: u32,
    /// Team name.
    pub name: Spanned<String>,
    /// `310` nickname.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nickname: Option<String>,
    /// `310` strength factor (raw).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub strength: Option<String>,
    /// `310` match points.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub match_points: Option<Spanned<Points>>,
    /// `310` game points.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game_points: Option<Spanned<Points>>,
    /// `310` rank.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rank: Option<Spanned<u16>>,
    /// Members' starting ranks in board order.
    pub members: Vec<Spanned<u16>>,
    /// 1-based line number.
    #[serde(skip)]
    pub line: u32,
}

/// Pairing-program extensions.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
#[non_exhaustive]
pub struct Extensions {
    /// `XXR n`: total number of rounds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub xxr: Option<Spanned<u16>>,
    /// `XXC`: `rank` and/or initial colour of the top player.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub xxc: Option<Spanned<Xxc>>,
    /// `XXS` assignments, in order, as written (`W=3`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub xxs: Vec<Spanned<String>>,
    /// `XXA`: per-player acceleration points per round.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub xxa: Vec<Acceleration>,
    /// `XXP`: groups of players that may not meet.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub xxp: Vec<Spanned<Vec<u16>>>,
    /// `XXZ`: players absent from the round to be paired.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub xxz: Vec<Spanned<u16>>,
    /// `BB?` values as written (`W 3.0`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub bbp: Vec<Spanned<String>>,
    /// Tornelo `DAT` lines.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub dat: Vec<Dat>,
    /// Other `XX?`/`BB?` lines, verbatim (vendor codes).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub other: Vec<Spanned<String>>,
}

/// `XXC`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Xxc {
    /// `rank`: pair by file position.
    pub rank: bool,
    /// `white1`/`black1`.
    pub initial_colour: Option<Colour>,
}

/// `XXA` for one player.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[non_exhaustive]
pub struct Acceleration {
    /// Starting rank.
    pub player: Spanned<u16>,
    /// Fictitious points for rounds 1, 2, …
    pub points: Vec<Points>,
}

/// Tornelo `DAT <rank> <TYPE> <data>`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[non_exhaustive]
pub struct Dat {
    /// Starting rank.
    pub player: Spanned<u16>,
    /// Type id (`EMAIL`, `ID:USCF`, …).
    pub kind: String,
    /// The data.
    pub data: String,
}

/// TRF26 data records.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
#[non_exhaustive]
pub struct Trf26Records {
    /// `240` byes.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub byes: Vec<ByeRecord>,
    /// `250` accelerated rounds.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub accelerations: Vec<AccelerationRecord>,
    /// `260` prohibited pairings.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub prohibited: Vec<ProhibitedRecord>,
    /// `299` abnormal points assignments.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub abnormal_points: Vec<AbnormalPointsRecord>,
    /// `300` out-of-order line-ups.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub lineups: Vec<LineupRecord>,
    /// `320` team pairing-allocated byes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub team_byes: Option<TeamByeRecord>,
    /// `330` forfeited matches.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub forfeited_matches: Vec<ForfeitedMatchRecord>,
    /// `801`/`802` informative team records, verbatim (the writer writes
    /// them back as read).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub informative: Vec<Spanned<String>>,
    /// `802` team results, as read from the verbatim lines above.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub team_results: Vec<TeamResults>,
    /// National-rating (NRS) records.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub national_ratings: Vec<NationalRating>,
}

/// `240`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[non_exhaustive]
pub struct ByeRecord {
    /// `F`, `H` or `Z`.
    pub kind: char,
    /// Round.
    pub round: Spanned<u16>,
    /// Player or team ids.
    pub ids: Vec<Spanned<u16>>,
}

/// `250`.
#[derive(Debug, Clone, Serialize)]
#[non_exhaustive]
pub struct AccelerationRecord {
    /// Match points (teams).
    pub match_points: Option<Points>,
    /// Game points.
    pub game_points: Option<Points>,
    /// First and last round.
    pub rounds: (u16, u16),
    /// First and last id of the range.
    pub ids: (u16, u16),
    /// Where.
    #[serde(skip)]
    pub span: Span,
}

/// `260`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[non_exhaustive]
pub struct ProhibitedRecord {
    /// First and last round.
    pub rounds: (u16, u16),
    /// Ids that may not meet.
    pub ids: Vec<Spanned<u16>>,
}

/// `299`.
#[derive(Debug, Clone, Serialize)]
#[non_exhaustive]
pub struct AbnormalPointsRecord {
    /// `W D L F H Z + -` or blank.
    pub kind: Option<char>,
    /// Match points.
    pub match_points: Option<Points>,
    /// Game points or points.
    pub points: Option<Points>,
    /// Round; `None` = all rounds.
    pub round: Option<u16>,
    /// Ids; empty = all.
    pub ids: Vec<Spanned<u16>>,
    /// Where.
    #[serde(skip)]
    pub span: Span,
}

/// `300`.
#[derive(Debug, Clone, Serialize)]
#[non_exhaustive]
pub struct LineupRecord {
    /// Round.
    pub round: u16,
    /// Team playing out of order.
    pub team: u16,
    /// Scheduled opponent.
    pub opponent: u16,
    /// Board by board: starting rank, 0 = empty board.
    pub boards: Vec<u16>,
    /// Where.
    #[serde(skip)]
    pub span: Span,
}

/// `320`.
#[derive(Debug, Clone, Serialize)]
#[non_exhaustive]
pub struct TeamByeRecord {
    /// Match points of the PAB.
    pub match_points: Option<Points>,
    /// Game points of the PAB.
    pub game_points: Option<Points>,
    /// Team receiving the PAB per round (0 = none).
    pub teams: Vec<u16>,
    /// Where.
    #[serde(skip)]
    pub span: Span,
}

/// `330`.
#[derive(Debug, Clone, Serialize)]
#[non_exhaustive]
pub struct ForfeitedMatchRecord {
    /// `+-`, `-+` or `--`.
    pub kind: String,
    /// Round.
    pub round: u16,
    /// White team.
    pub white: u16,
    /// Black team.
    pub black: u16,
    /// Where.
    #[serde(skip)]
    pub span: Span,
}

/// An NRS record.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[non_exhaustive]
pub struct NationalRating {
    /// Federation of the national rating.
    pub federation: String,
    /// Starting rank it belongs to.
    pub start_rank: Spanned<u16>,
    /// National rating.
    pub rating: Option<u16>,
    /// National name, if given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// National ID, if given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub national_id: Option<String>,
    /// Classification, if given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub classification: Option<String>,
}

eq_ignoring_position!(Team {
    record,
    number,
    name,
    nickname,
    strength,
    match_points,
    game_points,
    rank,
    members
});

eq_ignoring_position!(AccelerationRecord {
    match_points,
    game_points,
    rounds,
    ids
});

eq_ignoring_position!(AbnormalPointsRecord {
    kind,
    match_points,
    points,
    round,
    ids
});

eq_ignoring_position!(LineupRecord {
    round,
    team,
    opponent,
    boards
});

eq_ignoring_position!(TeamByeRecord {
    match_points,
    game_points,
    teams
});

eq_ignoring_position!(ForfeitedMatchRecord {
    kind,
    round,
    white,
    black
});

eq_ignoring_position!(Header {
    name,
    city,
    federation,
    start_date,
    end_date,
    declared_players,
    declared_rated_players,
    declared_teams,
    tournament_type,
    chief_arbiter,
    deputy_arbiters,
    time_control,
    round_dates,
    declared_rounds,
    initial_colour,
    starting_rank_method,
    pairing_controller,
    tournament_type_code,
    tiebreaks,
    standings_tiebreaks,
    time_control_code,
    board_colours,
    team_scoring
});

/// TRF26 `802`: a team's match and game points and its rounds.
///
/// Read as blank-separated tokens rather than on the specification's
/// columns (`5-7` team, `9-13` nickname, `15-20` match points, `22-27` game
/// points, 13-column round groups from column 29): the real files disagree
/// with those columns and with each other, while their tokens agree.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[non_exhaustive]
pub struct TeamResults {
    /// Team pairing number.
    pub team: u16,
    /// Nickname, if written.
    pub nickname: Option<String>,
    /// Total match points.
    pub match_points: Option<Points>,
    /// Total game points.
    pub game_points: Option<Points>,
    /// Round by round.
    pub rounds: Vec<TeamRound>,
}

/// One round of an `802` record.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[non_exhaustive]
pub struct TeamRound {
    /// The opponent team, or `None` for a bye.
    pub opponent: Option<u16>,
    /// `PAB`, `FPB`, `HPB` or `ZPB` for a bye.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bye: Option<String>,
    /// Colour, when written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub colour: Option<Colour>,
    /// Game points of the round.
    pub game_points: Option<Points>,
    /// The match was decided by forfeit (`f`/`F` after the points).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub forfeit: bool,
}
