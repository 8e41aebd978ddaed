//! `trf rules` and `trf explain CODE|NAME`.

use super::{out, Format, EXIT_OK, EXIT_USAGE};
use trfkit::diag::RuleMeta;

#[derive(clap::Args, Debug)]
pub struct RulesArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
}

#[derive(clap::Args, Debug)]
pub struct ExplainArgs {
    /// A rule code (`TRF-R003`) or name (`asymmetric-pairing`).
    rule: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
}

fn all() -> Vec<(&'static RuleMeta, &'static str)> {
    let mut v: Vec<(&'static RuleMeta, &'static str)> = trfkit::parse::codes::ALL
        .iter()
        .map(|m| (*m, "src/parse/codes.rs"))
        .collect();
    v.extend(
        trfkit::rules::registry::RULES
            .iter()
            .map(|r| (&r.meta, r.location)),
    );
    v
}

fn json(m: &RuleMeta, location: &str) -> serde_json::Value {
    serde_json::json!({
        "code": m.code,
        "rule": m.name,
        "category": m.category,
        "severity": m.severity.as_str(),
        "summary": m.summary,
        "explanation": m.explanation,
        "location": location,
    })
}

pub fn rules(a: RulesArgs) -> u8 {
    let rules = all();
    match a.format {
        Format::Json => {
            let v: Vec<_> = rules.iter().map(|(m, l)| json(m, l)).collect();
            out(&serde_json::to_string_pretty(&v).unwrap_or_default());
            out("\n");
        }
        Format::Human => {
            let mut s = String::new();
            for (m, _) in rules {
                s.push_str(&format!(
                    "{:<9} {:<34} {:<8} {:<12} {}\n",
                    m.code,
                    m.name,
                    m.severity.as_str(),
                    m.category,
                    m.summary
                ));
            }
            out(&s);
        }
    }
    EXIT_OK
}

pub fn explain(a: ExplainArgs) -> u8 {
    let Some((m, loc)) = all()
        .into_iter()
        .find(|(m, _)| m.name == a.rule || m.code.eq_ignore_ascii_case(&a.rule))
    else {
        eprintln!("trf: no rule `{}` (see `trf rules`)", a.rule);
        return EXIT_USAGE;
    };
    match a.format {
        Format::Json => {
            out(&serde_json::to_string_pretty(&json(m, loc)).unwrap_or_default());
            out("\n");
        }
        Format::Human => {
            let text: String = m
                .explanation
                .lines()
                .map(|l| l.strip_prefix(' ').unwrap_or(l))
                .collect::<Vec<_>>()
                .join("\n");
            out(&format!(
                "# {} ({})\n\nseverity: {}  category: {}\n{}\n\n{}\n",
                m.name,
                m.code,
                m.severity.as_str(),
                m.category,
                m.summary,
                text.trim_end()
            ));
        }
    }
    EXIT_OK
}
