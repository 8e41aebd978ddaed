//! What kind of tournament a report describes: round robin, double round
//! robin, match, Swiss or team event.
//!
//! The declared type (`192` code, else `092` free text) is taken when the
//! pairings agree with it; when the report is silent or the pairings say
//! otherwise (a "round robin" in which not everybody met), the pairings
//! decide, and the reason says so. The regulations treat round robins and
//! Swiss events differently (composition rules, unrated players' ratings),
//! so this decision is reported with every check and rating.

use crate::model::Tournament;
use serde::Serialize;

/// A tournament type as the regulations distinguish them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum TournamentType {
    /// Everybody meets everybody once.
    RoundRobin,
    /// Everybody meets everybody twice.
    DoubleRoundRobin,
    /// Two players.
    Match,
    /// Swiss system (or any other pairing system that is not all-play-all).
    Swiss,
    /// A team event (`013`/`310` records, or a team type code).
    Team,
}

impl TournamentType {
    /// The name used in output.
    pub fn as_str(self) -> &'static str {
        match self {
            TournamentType::RoundRobin => "round robin",
            TournamentType::DoubleRoundRobin => "double round robin",
            TournamentType::Match => "match",
            TournamentType::Swiss => "Swiss",
            TournamentType::Team => "team",
        }
    }

    /// Round robin, single or double.
    pub fn is_round_robin(self) -> bool {
        matches!(
            self,
            TournamentType::RoundRobin | TournamentType::DoubleRoundRobin
        )
    }
}

/// The decision and its grounds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct TypeDecision {
    /// The type used.
    pub kind: TournamentType,
    /// What the report declares (`192`, else `092`), if it says anything usable.
    pub declared: Option<TournamentType>,
    /// What the pairings show.
    pub from_pairings: TournamentType,
    /// One sentence: why this type.
    pub reason: String,
    /// The report declares a league (`192`, else `092`): a competition
    /// played over a season, which the duration limit of B.02 exempts.
    pub league: bool,
}

/// Decides the tournament type.
pub(crate) fn detect(t: &Tournament, index: &[u32]) -> TypeDecision {
    let declared = declared(t);
    let from_pairings = from_pairings(t, index);
    let source = |d: &str| {
        t.header
            .declared_type()
            .map(|(record, c)| format!("`{record} {}`", c.value))
            .unwrap_or_else(|| d.to_string())
    };
    let (kind, reason) = match declared {
        None => (from_pairings, format!("the report does not declare a type; the pairings show a {}", from_pairings.as_str())),
        Some(d) if d == from_pairings => (d, format!("declared by {} and confirmed by the pairings", source(""))),
        Some(TournamentType::Team) => (TournamentType::Team, format!("declared by {}", source(""))),
        Some(d) if d.is_round_robin() && !from_pairings.is_round_robin() && t.rounds > 0 => (
            from_pairings,
            format!(
                "{} declares a {}, but not every pair of players met as often as that requires; treated as a {}",
                source(""),
                d.as_str(),
                from_pairings.as_str()
            ),
        ),
        Some(d) => (d, format!("declared by {}; the pairings alone would suggest a {}", source(""), from_pairings.as_str())),
    };
    TypeDecision {
        kind,
        declared,
        from_pairings,
        reason,
        league: declares_league(t),
    }
}

/// Whether the declared type (`192`, else `092`) names a league, in the
/// languages arbiters write it in.
fn declares_league(t: &Tournament) -> bool {
    let text = t
        .header
        .declared_type()
        .map(|(_, x)| x.value.to_lowercase());
    let Some(text) = text else { return false };
    text.split(|c: char| !c.is_alphanumeric()).any(|w| {
        matches!(w, "league" | "liga" | "ligue" | "lega")
            // Oberliga, Bundesliga, Regionalliga.
            || w.ends_with("liga")
    })
}

fn declared(t: &Tournament) -> Option<TournamentType> {
    if let Some(code) = &t.header.tournament_type_code {
        if let Some(k) = from_text(&code.value) {
            return Some(k);
        }
    }
    if t.teams.iter().any(|team| !team.members.is_empty()) {
        return Some(TournamentType::Team);
    }
    t.header
        .tournament_type
        .as_ref()
        .and_then(|x| from_text(&x.value))
}

/// Reads an ETT code (`FIDE_DUTCH_2025`, `BERGER_DOUBLEROUNDROBIN`) or free
/// text (`Individual: Swiss-System`, `Rundenturnier`, `Round Robin`).
pub(crate) fn from_text(text: &str) -> Option<TournamentType> {
    let t = text.to_lowercase().replace(['-', '_'], " ");
    let has = |w: &str| t.contains(w);
    if has("team") || has("mannschaft") || has("équipe") || has("equipos") {
        return Some(TournamentType::Team);
    }
    let rr = has("round robin")
        || has("roundrobin")
        || has("berger")
        || has("rundenturnier")
        || has("all play all")
        || has("todos contra todos")
        || has("girone");
    if rr && (has("double") || has("doppel") || has("doble")) {
        return Some(TournamentType::DoubleRoundRobin);
    }
    if rr {
        return Some(TournamentType::RoundRobin);
    }
    if has("swiss")
        || has("dutch")
        || has("dubov")
        || has("burstein")
        || has("schweizer")
        || has("suizo")
        || has("suisse")
    {
        return Some(TournamentType::Swiss);
    }
    if has("match") {
        return Some(TournamentType::Match);
    }
    None
}

/// What the pairings show. Linear in players × rounds: the meeting count of
/// each pair is only built when a round robin is possible at all (at least
/// n − 1 rounds), so n ≤ 1000 (rounds ≤ 999) and the n² bytes are at most
/// a million whatever the round lists hold.
fn from_pairings(t: &Tournament, index: &[u32]) -> TournamentType {
    let n = t.players.len();
    if n == 2 {
        return TournamentType::Match;
    }
    if n < 3 || (t.rounds as usize) + 1 < n {
        return TournamentType::Swiss;
    }
    let slot = |rank: u16| {
        index
            .get(rank as usize)
            .copied()
            .filter(|&i| i != u32::MAX)
            .map(|i| i as usize)
    };
    // meetings[i * n + j], for i < j.
    let mut meetings = vec![0u8; n * n];
    for (i, p) in t.players.iter().enumerate() {
        for e in &p.rounds {
            let Some(j) = e.value.opponent.and_then(slot) else {
                continue;
            };
            if i < j {
                meetings[i * n + j] = meetings[i * n + j].saturating_add(1);
            }
        }
    }
    let counts = (0..n)
        .flat_map(|i| ((i + 1)..n).map(move |j| (i, j)))
        .map(|(i, j)| meetings[i * n + j]);
    let (mut min, mut max) = (u8::MAX, 0u8);
    for c in counts {
        min = min.min(c);
        max = max.max(c);
    }
    match (min, max) {
        (1, 1) => TournamentType::RoundRobin,
        (2, 2) => TournamentType::DoubleRoundRobin,
        _ => TournamentType::Swiss,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declared_texts() {
        assert_eq!(
            from_text("Individual: Swiss-System"),
            Some(TournamentType::Swiss)
        );
        assert_eq!(from_text("FIDE_DUTCH_2025"), Some(TournamentType::Swiss));
        assert_eq!(
            from_text("BERGER_DOUBLEROUNDROBIN"),
            Some(TournamentType::DoubleRoundRobin)
        );
        assert_eq!(from_text("Round Robin"), Some(TournamentType::RoundRobin));
        assert_eq!(from_text("FIDE_TEAM_BAKU"), Some(TournamentType::Team));
        assert_eq!(from_text("Rundenturnier"), Some(TournamentType::RoundRobin));
        assert_eq!(from_text("Open"), None);
    }

    #[test]
    fn leagues() {
        let league = |line: &str| {
            let t = crate::parse_str(&format!("012 X\n{line}\n")).tournament;
            declares_league(&t)
        };
        assert!(league("092 Team league"));
        assert!(league("092 Oberliga Nord"));
        assert!(league("192 LEAGUE_ROUND_ROBIN"));
        assert!(league("092 4NCL League"));
        assert!(!league("092 Individual: Swiss-System"));
        assert!(!league("092 Colleague Cup Swiss"));
    }
}
