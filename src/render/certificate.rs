//! The norm certificate: the data of FIDE's certificate of title result
//! (the IT1 form the Chief Arbiter signs, Title Regulations 2024 1.8) for
//! one player and one norm, as a printable HTML page in the style of the
//! HTML report. What a TRF does not hold (place of birth, remarks,
//! signatures, the arbiters' titles) is left blank for the arbiter.

use crate::model::{Player, Tournament};
use crate::norms::{Norm, NormsReport, PlayerNorms};
use askama::Template;

/// What a certificate is made from.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CertificateInput<'a> {
    /// How to name the file.
    pub file: &'a str,
    /// The report's model.
    pub tournament: &'a Tournament,
    /// Its norms.
    pub report: &'a NormsReport,
    /// The player.
    pub player: &'a PlayerNorms,
    /// The norm.
    pub norm: &'a Norm,
}

/// One round of the form.
struct Row {
    round: u16,
    name: String,
    fide_id: String,
    federation: String,
    rating: String,
    rating_used: String,
    title: String,
    result: String,
    left_out: bool,
}

#[derive(Template)]
#[template(path = "certificate.html")]
struct CertificateDocument {
    generator: String,
    file: String,
    kind: String,
    made: String,
    edition: String,
    facts: Vec<(String, String)>,
    counts: Vec<(String, String)>,
    exemption: Vec<(String, String)>,
    rows: Vec<Row>,
    results: Vec<(String, String)>,
    failed: Vec<String>,
    to_confirm: Vec<String>,
    readings: Vec<String>,
    unrated: String,
}

fn opt(s: Option<String>) -> String {
    s.unwrap_or_default()
}

/// The certificate as a complete HTML document.
pub(crate) fn certificate(input: &CertificateInput<'_>) -> String {
    let t = input.tournament;
    let p = input.player;
    let n = input.norm;
    let h = &t.header;
    let by_rank =
        |rank: u16| -> Option<&Player> { t.players.iter().find(|q| q.start_rank.value == rank) };
    let me = by_rank(p.start_rank);
    let (last, first) = match p.name.split_once(',') {
        Some((l, f)) => (l.trim().to_owned(), f.trim().to_owned()),
        None => (p.name.clone(), String::new()),
    };
    let text =
        |s: &Option<crate::source::Spanned<String>>| opt(s.as_ref().map(|v| v.value.clone()));
    let date = |d: &Option<crate::source::Spanned<crate::model::DateField>>| {
        opt(d
            .as_ref()
            .map(|v| v.value.date.map_or(v.value.raw.clone(), |d| d.to_string())))
    };
    let facts = vec![
        ("Norm".to_owned(), n.title.as_str().to_owned()),
        ("Name".to_owned(), last),
        ("First name".to_owned(), first),
        ("FIDE ID".to_owned(), opt(p.fide_id.map(|i| i.to_string()))),
        ("Federation".to_owned(), opt(p.federation.clone())),
        (
            "Date of birth".to_owned(),
            opt(me.and_then(|m| m.birth_date.as_ref()).map(|b| {
                let d = &b.value;
                match d.full() {
                    Some(f) => f.to_string(),
                    None => d.year.to_string(),
                }
            })),
        ),
        ("Place of birth".to_owned(), String::new()),
        ("Event".to_owned(), text(&h.name)),
        ("City".to_owned(), text(&h.city)),
        ("Host federation".to_owned(), text(&h.federation)),
        ("Start".to_owned(), date(&h.start_date)),
        ("End".to_owned(), date(&h.end_date)),
        (
            "Chief Arbiter (name, FIDE ID)".to_owned(),
            text(&h.chief_arbiter),
        ),
        (
            "Rate of play".to_owned(),
            opt(h
                .time_control_code
                .as_ref()
                .or(h.time_control.as_ref())
                .map(|v| v.value.clone())),
        ),
        (
            "Number of games".to_owned(),
            format!(
                "{}{}",
                n.games,
                if n.eight_plus_one {
                    " (valid as 9 under 1.4.1c)".to_owned()
                } else if n.counts_as != n.games {
                    format!(" (counts as {} in an application)", n.counts_as)
                } else {
                    String::new()
                }
            ),
        ),
    ];
    let host = input.report.event.as_ref().and_then(|e| e.host.clone());
    let mut rows = Vec::new();
    let left_out: &[u16] = n.subset.as_ref().map_or(&[], |s| &s.rounds_left_out);
    let (mut feds, mut not_own, mut from_host, mut rated) = (Vec::<String>::new(), 0, 0, 0);
    for r in &p.rounds {
        let opp = r.opponent.and_then(by_rank);
        let used = n.ratings.iter().find(|x| x.round == r.round);
        if used.is_some() {
            if let Some(o) = opp {
                let f = opt(o
                    .federation
                    .as_ref()
                    .map(|f| f.value.trim().to_ascii_uppercase()));
                if !feds.contains(&f) {
                    feds.push(f.clone());
                }
                not_own += u32::from(Some(&f) != p.federation.as_ref());
                from_host += u32::from(Some(&f) == host.as_ref());
                rated += u32::from(o.rating.is_some());
            }
        }
        rows.push(Row {
            round: r.round,
            name: opt(opp.map(|o| o.name.value.clone())),
            fide_id: opt(opp
                .and_then(|o| o.fide_id.as_ref())
                .map(|i| i.value.to_string())),
            federation: opt(opp
                .and_then(|o| o.federation.as_ref())
                .map(|f| f.value.clone())),
            rating: opt(opp
                .and_then(|o| o.rating.as_ref())
                .map(|v| v.value.to_string())),
            rating_used: opt(used.map(|u| u.counted.to_string())),
            title: opt(opp
                .and_then(|o| o.title.as_ref())
                .map(|t| t.value.as_str().to_owned())),
            result: match r.result.as_str() {
                "1" => "1".to_owned(),
                "=" => "½".to_owned(),
                "0" => "0".to_owned(),
                other => other.to_owned(),
            } + &r
                .reason
                .as_ref()
                .map(|why| format!(" (not counted: {why})"))
                .unwrap_or_default(),
            left_out: left_out.contains(&r.round),
        });
    }
    let m = &n.mix;
    let mut counts = vec![
        ("Number of federations".to_owned(), feds.len().to_string()),
        (
            "Opponents not from the player's federation".to_owned(),
            not_own.to_string(),
        ),
        (
            "Opponents from the host federation".to_owned(),
            from_host.to_string(),
        ),
        ("Rated opponents".to_owned(), rated.to_string()),
        (
            "Titled opponents (GM, IM, WGM, WIM, FM, WFM)".to_owned(),
            m.title_holders.to_string(),
        ),
    ];
    for tt in ["GM", "IM", "WGM", "WIM", "FM", "WFM"] {
        counts.push((
            tt.to_owned(),
            m.titles.get(tt).copied().unwrap_or(0).to_string(),
        ));
    }
    let mut exemption = Vec::new();
    if let Some(ev) = &input.report.event {
        let x = &ev.swiss_exemption;
        if x.met {
            exemption = vec![
                (
                    "Number of federations".to_owned(),
                    x.federations.to_string(),
                ),
                (
                    "Rated players not from the host federation".to_owned(),
                    x.foreign_rated.to_string(),
                ),
                (
                    "Of them GM, IM, WGM or WIM".to_owned(),
                    x.titled.to_string(),
                ),
            ];
        }
    }
    let sub = n.subset.as_ref().map(|s| &s.assessment);
    let ra = sub.and_then(|a| a.ra).or(n.ra);
    let games = sub.map_or(n.games, |a| a.games);
    let score = sub.map_or(n.score.clone(), |a| a.score.clone());
    let required = ra.and_then(|ra| {
        crate::norms::performance::required_half_points(ra, games, n.title.rp_min())
    });
    let achieved = sub.map_or(n.half_points, |a| a.half);
    let results = vec![
        (
            "Rating average (1.4.6c: lowest raised to the floor)".to_owned(),
            opt(ra.map(|v| v.to_string())),
        ),
        (
            "Score required".to_owned(),
            opt(required.map(crate::norms::assess::score_text)),
        ),
        ("Score achieved".to_owned(), score),
        (
            "Exceeding the norm by".to_owned(),
            opt(required
                .filter(|r| achieved >= *r)
                .map(|r| crate::norms::assess::score_text(achieved - r))),
        ),
        (
            "Performance rating".to_owned(),
            opt(sub.and_then(|a| a.rp).or(n.rp).map(|v| v.to_string())),
        ),
    ];
    let doc = CertificateDocument {
        generator: format!("trfkit {}", env!("CARGO_PKG_VERSION")),
        file: input.file.to_owned(),
        kind: n.title.as_str().to_owned(),
        made: if n.made {
            "made".to_owned()
        } else {
            "NOT made".to_owned()
        },
        edition: input
            .report
            .edition
            .map_or(String::new(), |e| e.words().to_owned()),
        facts,
        counts,
        exemption,
        rows,
        results,
        failed: n
            .failed
            .iter()
            .map(|f| format!("{} {} ({}): {}", f.code, f.condition, f.article, f.message))
            .collect(),
        to_confirm: n
            .to_confirm
            .iter()
            .map(|f| format!("{} ({}): {}", f.condition, f.article, f.message))
            .collect(),
        readings: input.report.readings.clone(),
        unrated: input.report.edition.map_or(String::new(), |e| {
            format!("{} ({})", e.unrated_value(), e.cite("1.4.6d"))
        }),
    };
    doc.render().unwrap_or_else(|_| {
        "<!DOCTYPE html><title>trfkit</title><p>The certificate could not be drawn.</p>".to_owned()
    })
}
