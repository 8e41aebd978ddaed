//! `trf norms` for people: per file, the edition and the event's facts,
//! then every player's norms, the ones made in full (games, federations,
//! titles, ratings, Ra, p, dp, Rp), the others in one line with the
//! conditions failed, then what the arbiter must confirm and the readings
//! trfkit used where FIDE's text is not available.

use crate::diag::plural;
use crate::norms::{Norm, NormsReport, PlayerNorms};
use std::fmt::Write;

/// The report of one file as text.
pub(crate) fn render_human(file: &str, r: &NormsReport) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{file}: {}{}",
        r.edition
            .map_or("no edition of the Title Regulations covered", |e| e.words()),
        r.start.map(|d| format!(" (start {d})")).unwrap_or_default()
    );
    for n in &r.notes {
        let _ = writeln!(
            s,
            "  {} {} ({}): {}",
            n.code, n.condition, n.article, n.message
        );
    }
    if let Some(ev) = &r.event {
        let mut facts = vec![format!(
            "{}, {}",
            ev.tournament_type,
            plural(ev.rounds, "round", "rounds")
        )];
        if let Some(h) = &ev.host {
            facts.push(format!("host {h}"));
        }
        if let Some((d, n)) = ev.most_rounds_per_day {
            facts.push(format!(
                "at most {n} round{} a day ({d})",
                if n == 1 { "" } else { "s" }
            ));
        }
        if let (Some(tc), Some(m)) = (&ev.time_control, ev.minutes_for_60_moves) {
            facts.push(format!("{tc}: {m} min for 60 moves"));
        }
        if let Some(d) = ev.days {
            facts.push(format!("{d} day{}", if d == 1 { "" } else { "s" }));
        }
        let _ = writeln!(s, "  event: {}", facts.join("; "));
        let x = &ev.swiss_exemption;
        if let Some(round) = x.worst_round {
            let _ = writeln!(
                s,
                "  Swiss exemption (1.4.3d): {} (round {round}: {} not of the host federation (20), {} (3), {} GM/IM/WGM/WIM (10))",
                if x.met { "met" } else { "not met" },
                plural(x.foreign_rated, "rated player", "rated players"),
                plural(x.federations, "federation", "federations"),
                x.titled
            );
        }
        if let Some(q) = &ev.qualifying_swiss {
            let _ = writeln!(
                s,
                "  qualifying Swiss for a title application (1.5.6a): {} ({})",
                if q.met { "yes" } else { "no" },
                q.describe()
            );
        }
    }
    if r.players.is_empty() && r.edition.is_some() {
        let _ = writeln!(s, "  no player with a game and a norm title to gain");
    }
    // Players far from the game count get one summary line, not one line
    // per norm: in an open most players are.
    let near = |p: &&PlayerNorms| p.norms.iter().any(|n| n.made || n.games + 1 >= r.min_games);
    for p in r.players.iter().filter(near) {
        player(&mut s, p);
    }
    let far = r.players.len() - r.players.iter().filter(near).count();
    if far > 0 {
        let _ = writeln!(
            s,
            "\n  {far} other player{} with fewer than {} counted games: no norm",
            if far == 1 { "" } else { "s" },
            r.min_games.saturating_sub(1)
        );
    }
    if !r.to_confirm.is_empty() {
        let _ = writeln!(s, "  to confirm for every norm (a TRF cannot show it):");
        for c in &r.to_confirm {
            let _ = writeln!(
                s,
                "    {} {} ({}): {}",
                c.code, c.condition, c.article, c.message
            );
        }
    }
    if !r.readings.is_empty() {
        let _ = writeln!(s, "  readings trfkit uses:");
        for c in &r.readings {
            let _ = writeln!(s, "    - {c}");
        }
    }
    s
}

fn player(s: &mut String, p: &PlayerNorms) {
    let _ = writeln!(
        s,
        "\n  {} {} ({}{}{})",
        p.start_rank,
        p.name,
        p.title
            .as_deref()
            .map(|t| format!("{t} "))
            .unwrap_or_default(),
        p.federation.as_deref().unwrap_or("no federation"),
        p.fide_id.map(|i| format!(", {i}")).unwrap_or_default()
    );
    let skipped: Vec<String> = p
        .rounds
        .iter()
        .filter_map(|r| {
            r.reason
                .as_ref()
                .map(|why| format!("round {}: {why}", r.round))
        })
        .collect();
    if p.made_any() && !skipped.is_empty() {
        let _ = writeln!(s, "    not counted: {}", skipped.join("; "));
    }
    for n in &p.notes {
        let _ = writeln!(s, "    {} {}: {}", n.code, n.condition, n.message);
    }
    for n in &p.norms {
        norm(s, n);
    }
}

fn norm(s: &mut String, n: &Norm) {
    let figures = format!(
        "{} games{}, score {}{}, Ra {}, Rp {}",
        n.games,
        if n.eight_plus_one {
            " (+1 under 1.4.1c: counts as 9)"
        } else {
            ""
        },
        n.score,
        match (n.p, n.dp) {
            (Some(p), Some(d)) => format!(" (p {p}%, dp {d})"),
            _ => String::new(),
        },
        n.ra.map_or("-".to_owned(), |v| v.to_string()),
        n.rp.map_or("-".to_owned(), |v| v.to_string()),
    );
    if !n.made {
        let names: Vec<&str> = n.failed.iter().map(|f| f.condition).collect();
        let _ = writeln!(
            s,
            "    {} norm: no: {figures}; failed: {}",
            n.title.as_str(),
            names.join(", ")
        );
        if let Some(l) = &n.last_round_forfeit {
            let _ = writeln!(
                s,
                "      {} ({}): with round {}'s forfeit as a played loss: {} games, score {}, Ra {}, Rp {}: the norm would be made; confirm FIDE accepts it",
                l.rule,
                l.article,
                l.round,
                l.assessment.games,
                l.assessment.score,
                l.assessment.ra.map_or("-".to_owned(), |v| v.to_string()),
                l.assessment.rp.map_or("-".to_owned(), |v| v.to_string()),
            );
        }
        if n.games >= 7 {
            for f in &n.failed {
                let _ = writeln!(
                    s,
                    "      {} {} ({}): {}",
                    f.code, f.condition, f.article, f.message
                );
            }
        }
        if let Some(cut) = &n.subset_search_cut {
            let _ = writeln!(s, "      not known: {}", cut.words());
        }
        return;
    }
    let _ = writeln!(
        s,
        "    {} norm: MADE: {figures} (needs {}, Ra {}){}",
        n.title.as_str(),
        n.title.rp_min(),
        n.title.ra_min(),
        n.required_score
            .as_ref()
            .map(|r| format!("; required score {r}"))
            .unwrap_or_default()
    );
    let m = &n.mix;
    let _ = writeln!(
        s,
        "      federations ({}): own {} {} of at most {}; largest {} of at most {}; {} foreign ({}){}",
        n.foreigner_rule.as_str(),
        m.own_federation.as_deref().unwrap_or("none"),
        m.own,
        m.own_max,
        m.largest
            .as_ref()
            .map_or("none".to_owned(), |(f, k)| format!("{f} {k}")),
        m.largest_max,
        m.foreign_federations.len(),
        m.foreign_federations.join(" "),
        if m.fid > 0 { format!("; FID {}", m.fid) } else { String::new() }
    );
    let titles: Vec<String> = m.titles.iter().map(|(t, k)| format!("{t} {k}")).collect();
    let _ = writeln!(
        s,
        "      titles: {} title holders (at least {}); {} norm-title holders (at least {}); {}",
        m.title_holders,
        m.title_holders_min,
        m.norm_title_holders,
        m.norm_title_holders_min,
        titles.join(", ")
    );
    let ratings: Vec<String> = n
        .ratings
        .iter()
        .map(|r| {
            let given = r.rating.map_or("unrated".to_owned(), |v| v.to_string());
            if r.raised || r.rating.map(i32::from) != Some(r.counted) {
                format!("{given}→{}", r.counted)
            } else {
                given
            }
        })
        .collect();
    let _ = writeln!(s, "      ratings: {}", ratings.join(" "));
    if let Some(sub) = &n.subset {
        let a = &sub.assessment;
        let _ = writeln!(
            s,
            "      made on a subset ({}): rounds {} left out; {} games, score {}, Ra {}, Rp {}",
            sub.rule,
            sub.rounds_left_out
                .iter()
                .map(u16::to_string)
                .collect::<Vec<_>>()
                .join(", "),
            a.games,
            a.score,
            a.ra.map_or("-".to_owned(), |v| v.to_string()),
            a.rp.map_or("-".to_owned(), |v| v.to_string()),
        );
        for f in &n.failed_all_games {
            let _ = writeln!(
                s,
                "        all games: {} {}: {}",
                f.code, f.condition, f.message
            );
        }
    }
    for c in &n.application {
        let _ = writeln!(
            s,
            "      for the title application: {} {} ({}): {}",
            c.code, c.condition, c.article, c.message
        );
    }
    for c in n.to_confirm.iter().filter(|c| {
        matches!(
            c.condition,
            "eight-plus-one" | "exemption" | "fid-opponents"
        )
    }) {
        let _ = writeln!(
            s,
            "      to confirm: {} {}: {}",
            c.code, c.condition, c.message
        );
    }
}

/// One norm made, as the HTML report's "Norms" section lists it.
#[derive(Debug, Clone)]
pub(crate) struct MadeRow {
    /// Starting rank.
    pub rank: u16,
    /// Name.
    pub name: String,
    /// Federation.
    pub federation: String,
    /// `GM` …
    pub title: &'static str,
    /// Counted games (and what they count as).
    pub games: String,
    /// Score.
    pub score: String,
    /// Ra.
    pub ra: String,
    /// Rp.
    pub rp: String,
    /// 8 + 1, a subset, an exemption.
    pub remarks: String,
}

/// The "Norms" section of the HTML report: shown when a player made one.
#[derive(Debug, Clone)]
pub(crate) struct NormsSection {
    /// The edition, in words.
    pub edition: String,
    /// Every norm made.
    pub rows: Vec<MadeRow>,
    /// What the arbiter must confirm for every norm.
    pub to_confirm: Vec<String>,
    /// The norms whose search for a subset was cut (1.4.1e-f): a norm may
    /// be made that the table does not show.
    pub cut: Vec<String>,
}

/// The section of a report, or `None` when nobody made a norm.
pub(crate) fn section(r: &NormsReport) -> Option<NormsSection> {
    let mut rows = Vec::new();
    let mut cut = Vec::new();
    for p in &r.players {
        for n in &p.norms {
            if let Some(c) = &n.subset_search_cut {
                cut.push(format!(
                    "{} {} ({}), {} norm: {}",
                    p.start_rank,
                    p.name,
                    p.federation.as_deref().unwrap_or(""),
                    n.title.as_str(),
                    c.words()
                ));
            }
        }
    }
    for p in r.made() {
        for n in p.norms.iter().filter(|n| n.made) {
            let mut remarks = Vec::new();
            if n.eight_plus_one {
                remarks.push("8 games + 1 (1.4.1c)".to_owned());
            }
            if let Some(sub) = &n.subset {
                remarks.push(format!(
                    "on a subset ({}): rounds {} left out",
                    sub.rule,
                    sub.rounds_left_out
                        .iter()
                        .map(u16::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
            if n.foreigner_rule != crate::norms::ForeignerRule::Normal {
                remarks.push(format!("federation rules {}", n.foreigner_rule.as_str()));
            }
            let (games, score, ra, rp) = match &n.subset {
                Some(s) => (
                    s.assessment.games,
                    s.assessment.score.clone(),
                    s.assessment.ra,
                    s.assessment.rp,
                ),
                None => (n.games, n.score.clone(), n.ra, n.rp),
            };
            rows.push(MadeRow {
                rank: p.start_rank,
                name: p.name.clone(),
                federation: p.federation.clone().unwrap_or_default(),
                title: n.title.as_str(),
                games: if n.eight_plus_one {
                    format!("{games} (as 9)")
                } else {
                    games.to_string()
                },
                score,
                ra: ra.map_or(String::new(), |v| v.to_string()),
                rp: rp.map_or(String::new(), |v| v.to_string()),
                remarks: remarks.join("; "),
            });
        }
    }
    if rows.is_empty() && cut.is_empty() {
        return None;
    }
    Some(NormsSection {
        cut,
        edition: r.edition.map_or(String::new(), |e| e.words().to_owned()),
        rows,
        to_confirm: r
            .to_confirm
            .iter()
            .map(|c| format!("{} ({}): {}", c.condition, c.article, c.message))
            .collect(),
    })
}
