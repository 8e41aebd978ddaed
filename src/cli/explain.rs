//! `trf rules` and `trf explain CODE|NAME`.

use super::{out, Format, EXIT_OK, EXIT_USAGE};
use crate::diag::RuleMeta;

#[derive(clap::Args, Debug)]
pub(crate) struct RulesArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
}

#[derive(clap::Args, Debug)]
pub(crate) struct ExplainArgs {
    /// A rule code (`TRF-R003`) or name (`asymmetric-pairing`).
    rule: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
}

/// A rule of either kind: parser (syntax) or validation.
struct Entry {
    meta: &'static RuleMeta,
    location: &'static str,
    articles: Vec<(crate::regulations::Version, String)>,
    rapid_blitz_articles: Vec<(&'static str, String)>,
}

fn all() -> Vec<Entry> {
    crate::rules::registry::all()
        .map(|e| Entry {
            meta: e.meta,
            location: e.meta.location,
            articles: e.rule.map(|r| r.articles()).unwrap_or_default(),
            rapid_blitz_articles: e.rule.map(|r| r.rapid_blitz_articles()).unwrap_or_default(),
        })
        .collect()
}

fn json(e: &Entry) -> serde_json::Value {
    let m = e.meta;
    let articles: serde_json::Map<String, serde_json::Value> = e
        .articles
        .iter()
        .map(|(v, a)| (v.id().to_string(), a.clone().into()))
        .collect();
    let mut v = serde_json::json!({
        "articles": articles,
        "code": m.code,
        "rule": m.name,
        "category": m.category,
        "severity": m.severity.as_str(),
        "consequence": m.consequence.as_str(),
        "consequence_source": m.consequence_source,
        "consequence_unconfirmed": m.unconfirmed,
        "summary": m.summary,
        "explanation": m.explanation,
        "location": e.location,
    });
    // Only rapid and blitz rules carry the key: the others' JSON is unchanged.
    if !e.rapid_blitz_articles.is_empty() {
        let rb: serde_json::Map<String, serde_json::Value> = e
            .rapid_blitz_articles
            .iter()
            .map(|(id, a)| ((*id).to_string(), a.clone().into()))
            .collect();
        v["rapid_blitz_articles"] = rb.into();
    }
    v
}

pub(crate) fn rules(a: RulesArgs) -> u8 {
    let rules = all();
    match a.format {
        Format::Json => {
            let v: Vec<_> = rules.iter().map(json).collect();
            out(&serde_json::to_string_pretty(&v).unwrap_or_default());
            out("\n");
        }
        Format::Human => {
            let mut s = String::new();
            for Entry { meta: m, .. } in rules {
                s.push_str(&format!(
                    "{:<9} {:<34} {:<8} {:<17} {:<12} {}\n",
                    m.code,
                    m.name,
                    m.severity.as_str(),
                    m.consequence.as_str(),
                    m.category,
                    m.summary
                ));
            }
            out(&s);
        }
    }
    EXIT_OK
}

pub(crate) fn explain(a: ExplainArgs) -> u8 {
    let Some(entry) = all()
        .into_iter()
        .find(|e| e.meta.name == a.rule || e.meta.code.eq_ignore_ascii_case(&a.rule))
    else {
        // Not a rule: the norm conditions of `trf norms` have pages too.
        if let Some(page) = super::norms::explain(&a.rule, a.format) {
            out(&page);
            return EXIT_OK;
        }
        // Nor is the rating period of `trf period`: its method and readings.
        if a.rule == "period" {
            out(&period_page(a.format));
            return EXIT_OK;
        }
        // Nor is `trf split`: what FIDE says of interim reports, and what
        // its texts leave open.
        if a.rule == "split" {
            out(&split_page(a.format));
            return EXIT_OK;
        }
        // Nor is `trf pairings`: the Dutch system it applies, and its
        // readings.
        if a.rule == "pairings" {
            out(&pairings_page(a.format));
            return EXIT_OK;
        }
        // Nor is the officer's ledger (`--ledger`, `trf ledger`).
        if a.rule == "ledger" {
            out(&super::ledger::page(a.format == Format::Json));
            return EXIT_OK;
        }
        eprintln!(
            "trf: no rule `{}` (see `trf rules`, `trf explain norms` for the norm conditions, `trf explain period` or `trf explain split`)",
            a.rule
        );
        return EXIT_USAGE;
    };
    match a.format {
        Format::Json => {
            out(&serde_json::to_string_pretty(&json(&entry)).unwrap_or_default());
            out("\n");
        }
        Format::Human => {
            let m = entry.meta;
            let text: String = m
                .explanation
                .lines()
                .map(|l| l.strip_prefix(' ').unwrap_or(l))
                .collect::<Vec<_>>()
                .join("\n");
            out(&format!(
                "# {} ({})\n\nseverity: {}  category: {}  consequence: {}\n{}\n\n{}\n\n{}\n",
                m.name,
                m.code,
                m.severity.as_str(),
                m.category,
                m.consequence.as_str(),
                m.summary,
                text.trim_end(),
                consequence_section(m)
            ));
            if !entry.articles.is_empty() {
                let mut s = String::from("\n## Article by edition\n");
                for (v, a) in &entry.articles {
                    s.push_str(&format!("{}: {a}\n", v.id()));
                }
                out(&s);
            }
            if !entry.rapid_blitz_articles.is_empty() {
                let mut s =
                    String::from("\n## Article by edition of the rapid and blitz chapter\n");
                for (id, a) in &entry.rapid_blitz_articles {
                    s.push_str(&format!("{id}: {a}\n"));
                }
                out(&s);
            }
        }
    }
    EXIT_OK
}

/// The `## Consequence` section of an explain page: what a finding means
/// for the report, where that comes from, and whether the source is silent.
fn consequence_section(m: &RuleMeta) -> String {
    let mut s = format!(
        "## Consequence\n`{}`: {}.\nSource: {}.",
        m.consequence.as_str(),
        m.consequence.meaning(),
        m.consequence_source.trim_end_matches('.')
    );
    if m.unconfirmed {
        s.push_str("\nUnconfirmed: no source says what FIDE does in this case, so the finding warns and never blocks the verdict; this is trfkit's reading.");
    }
    s.push_str("\nA finding may state a different consequence when its case differs (e.g. some games rather than the whole event); the finding says so.");
    s
}

/// What `trf explain split` says FIDE's texts decide about interim reports.
const SPLIT_SAYS: &[&str] = &[
    "An event that lasts more than 30 days reports interim results every month (FIDE Rating Regulations 2022 and 2024, art. 4; before 2022 the limit was 90 days, and leagues longer than that were rated by the games of each rating period, 2003 art. 4.11).",
    "Each interim report holds only the games that period rates. FIDE's Qualification Commission (September 2026): \"You should only submit the games you need to be rated for that period i.e. if you submit a file for round 1-2 in September, only submit results for rounds 3-6 in October.\"",
    "A game is rated on the list its report is expected on: from 2022 the list after the month of the event's end, or the next one when five days or fewer remain in the month (art. 9.1); before, the first list whose closing date is on or after the end (2014 art. 7.1.3).",
    "trf split --by-period FILE [-o DIR] [--force] writes one report per list, NAME.list-YYYY-MM.trf, beside FILE or in DIR: all of them or none, never over an existing file without --force. A round without a date in record 132 cannot be placed: nothing is split, and the rounds to date are named.",
];

/// `trf explain pairings`: what FIDE's Swiss texts say that `trf pairings`
/// applies, and the readings it takes where they or the report are silent.
fn pairings_page(format: Format) -> String {
    use crate::pairings::{EDITION_2017, EDITION_2026, PAIRINGS_READINGS, PAIRINGS_SAYS};
    match format {
        Format::Json => {
            let page = serde_json::json!({
                "topic": "pairings",
                "edition": EDITION_2026,
                "editions": [EDITION_2026, EDITION_2017],
                "fide": PAIRINGS_SAYS,
                "readings": PAIRINGS_READINGS,
            });
            format!(
                "{}\n",
                serde_json::to_string_pretty(&page).unwrap_or_default()
            )
        }
        Format::Human => {
            let mut s = format!("# pairings (trf pairings)\n\nEach round of a Swiss re-paired with the {EDITION_2026}, or the {EDITION_2017} for events under it, and compared with the report's pairing.\n\n## What FIDE's texts say\n\n");
            for line in PAIRINGS_SAYS {
                s.push_str(&format!("- {line}\n"));
            }
            s.push_str("\n## What they or the report leave open, and trfkit's reading\n\n");
            for line in PAIRINGS_READINGS {
                s.push_str(&format!("- {line}\n"));
            }
            s
        }
    }
}

/// `trf explain split`: what FIDE's texts say of interim reports, and the
/// readings `trf split` takes where they are silent.
fn split_page(format: Format) -> String {
    use crate::rating::period::SPLIT_READINGS;
    match format {
        Format::Json => {
            let page = serde_json::json!({
                "topic": "split",
                "fide": SPLIT_SAYS,
                "readings": SPLIT_READINGS,
            });
            format!(
                "{}\n",
                serde_json::to_string_pretty(&page).unwrap_or_default()
            )
        }
        Format::Human => {
            let mut s = String::from("# split (trf split --by-period)\n\nA long event's report as one report per rating period.\n\n## What FIDE's texts say\n\n");
            for line in SPLIT_SAYS {
                s.push_str(&format!("- {line}\n"));
            }
            s.push_str("\n## What they leave open, and trfkit's reading\n\n");
            for line in SPLIT_READINGS {
                s.push_str(&format!("- {line}\n"));
            }
            s
        }
    }
}

/// `trf explain period`: how `trf period` computes a rating period, each
/// step with FIDE's articles and the reading trfkit takes where FIDE's
/// texts leave the point open.
fn period_page(format: Format) -> String {
    use crate::rating::period::method::METHOD;
    match format {
        Format::Json => {
            let steps: Vec<serde_json::Value> = METHOD
                .iter()
                .map(|s| {
                    serde_json::json!({
                        "topic": s.topic,
                        "text": s.text,
                        "reading": s.reading,
                    })
                })
                .collect();
            let page = serde_json::json!({ "topic": "period", "steps": steps });
            format!(
                "{}\n",
                serde_json::to_string_pretty(&page).unwrap_or_default()
            )
        }
        Format::Human => {
            let mut s = String::from("# period (trf period)\n\nHow trfkit computes a rating period as FIDE publishes it. Where FIDE has not published the answer, the reading trfkit takes is given; a period that uses it says so.\n");
            for step in METHOD {
                s.push_str(&format!("\n## {}\n\n{}\n", step.topic, step.text));
                if let Some(r) = step.reading {
                    s.push_str(&format!("\nReading (FIDE has not published this): {r}\n"));
                }
            }
            s
        }
    }
}
