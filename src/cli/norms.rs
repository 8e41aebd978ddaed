//! `trf norms PATH... [--format human|json] [--rating-list LIST] [--exempt
//! 1.4.3a|b|c] [--min-games N] [--all]` and `trf norms --certificate
//! START_RANK FILE [-o OUT] [--force] [--title GM|IM|WGM|WIM]`.
//!
//! Which players made a GM, IM, WGM or WIM norm, in the Title Regulations
//! in force at the start; the JSON is a contract (`file`, `edition`,
//! `players[]` with `start_rank`, `fide_id`, `name`, `norms[]` with
//! `title`, `made`, `games`, `score`, `ra`, `rp`, `failed[]`,
//! `to_confirm[]`, `subset`). Exit status: 0 when read, 2 on a usage error
//! or an unreadable file. The certificate is written as `trf report`
//! writes: beside the input, atomically, never over a file without
//! `--force`.

use super::check::read_list;
use super::files::{self, Inputs};
use super::output::write_page;
use super::{fail, out, Format, ReadArgs, EXIT_OK, EXIT_USAGE};
use crate::norms::{Exemption, NormKind, NormOptions};
use crate::ratinglist::ListLookup;
use std::path::{Path, PathBuf};
use std::sync::Arc;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// Reports or folders (`-` for standard input).
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
    /// Check the opponents' titles and ratings against this FIDE rating
    /// list (TXT, XML or zip): a title the list does not show is not
    /// counted.
    #[arg(long, value_name = "FILE")]
    rating_list: Option<PathBuf>,
    /// The event is exempt from the federation rules: 1.4.3a (final of a
    /// national championship), 1.4.3b (national team championship), 1.4.3c
    /// (zonal or sub-zonal). 1.4.3d is computed.
    #[arg(long, value_name = "ARTICLE", value_parser = parse_exempt)]
    exempt: Option<Exemption>,
    /// The least games (1.4.1b: 7 in some team and club championships, 8
    /// in the World Cups); default 9.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=99))]
    min_games: Option<u32>,
    /// Also the norms of titles a player holds, and lower ones.
    #[arg(long)]
    all: bool,
    /// Write the norm certificate (FIDE's norm report form) of the player
    /// with this starting rank, for the one report given.
    #[arg(long, value_name = "START_RANK")]
    certificate: Option<u16>,
    /// The norm of the certificate (default: the highest made).
    #[arg(long, value_name = "TITLE", value_parser = parse_kind, requires = "certificate")]
    title: Option<NormKind>,
    /// Write the certificate here (default: NAME.norm-RANK.html beside the
    /// input).
    #[arg(
        short = 'o',
        long = "output",
        value_name = "OUT",
        requires = "certificate"
    )]
    output: Option<PathBuf>,
    /// Replace the certificate when it exists.
    #[arg(long, requires = "certificate")]
    force: bool,
    /// The Qualification Commission approved this event for standard rating
    /// at 45'+30" or 60'+30" ("fast classic"): from 2026 its games count for
    /// title norms (FIDE's 2026 decision); the 2025 pilot's did not.
    #[arg(long)]
    qc_approved_fast_classic: bool,
    /// Each report's own registration facts, the CSV file of `trf check
    /// --registrations`: its `qc_approved_fast_classic` column is read.
    #[arg(long, value_name = "FILE.csv")]
    registrations: Option<PathBuf>,
    #[command(flatten)]
    read: ReadArgs,
}

fn parse_exempt(s: &str) -> Result<Exemption, String> {
    Exemption::parse(s).ok_or_else(|| {
        format!("`{s}`: use 1.4.3a, 1.4.3b or 1.4.3c (1.4.3d is computed from the report)")
    })
}

fn parse_kind(s: &str) -> Result<NormKind, String> {
    NormKind::parse(s).ok_or_else(|| format!("`{s}`: use GM, IM, WGM or WIM"))
}

pub(crate) fn run(a: Args) -> u8 {
    let found = files::expand(&a.paths);
    files::announce(&found);
    let Inputs { files, missing, .. } = found;
    let mut code = if missing.is_empty() {
        EXIT_OK
    } else {
        EXIT_USAGE
    };
    if a.certificate.is_some() && files.len() != 1 {
        eprintln!("trf: --certificate takes exactly one report");
        return EXIT_USAGE;
    }
    let read = a.read.options();
    let regs = match &a.registrations {
        Some(p) => match crate::rules::registrations::Registrations::read(p) {
            Ok(r) => Some(r),
            Err(e) => {
                eprintln!(
                    "trf: {}: {}",
                    files::shown(p),
                    super::terminal::escape(&e.to_string())
                );
                return EXIT_USAGE;
            }
        },
        None => None,
    };
    for path in &files {
        let parsed = match super::read_report(path, &read) {
            Ok(p) => p,
            Err(e) => {
                code = fail(path, &e);
                continue;
            }
        };
        // The approval as `trf check` takes it: the flag, or the report's
        // row of the registrations file.
        let base = crate::rules::CheckOptions {
            qc_fast_classic: a.qc_approved_fast_classic,
            ..crate::rules::CheckOptions::default()
        };
        let qc_fast_classic = match (&regs, &a.registrations) {
            (Some(r), Some(rp)) => {
                super::check::options_for(&base, Some(r), path, &parsed, Some(rp)).qc_fast_classic
            }
            _ => base.qc_fast_classic,
        };
        let mut opts = NormOptions {
            exempt: a.exempt,
            min_games: a.min_games,
            all: a.all || a.title.is_some(),
            qc_fast_classic,
            ..NormOptions::default()
        };
        if let Some(list) = &a.rating_list {
            let ids: Vec<u64> = ListLookup::ids_of(&parsed.tournament).collect();
            match read_list(list, &ids) {
                Some(l) => opts.list = Some(Arc::new(l)),
                None => return EXIT_USAGE,
            }
        }
        // The report's analysis (games table, tournament type) as `trf
        // check` makes it, under the approval it takes.
        let check_opts = crate::rules::CheckOptions {
            qc_fast_classic,
            ..crate::rules::CheckOptions::default()
        };
        let report = crate::analysis::Analysis::new(&parsed, &check_opts).norms(&opts);
        let name = files::shown(path);
        if let Some(rank) = a.certificate {
            return certificate(&a, path, &name, rank, &parsed, &report);
        }
        match a.format {
            Format::Json => {
                let mut v = serde_json::json!({ "file": name });
                if let (Some(m), Ok(serde_json::Value::Object(r))) =
                    (v.as_object_mut(), serde_json::to_value(&report))
                {
                    m.extend(r);
                }
                super::output::out_json(&serde_json::to_string(&v).unwrap_or_default());
                out("\n");
            }
            Format::Human => {
                out(&super::terminal::escape(
                    &crate::render::norms::render_human(&name, &report),
                ));
            }
        }
    }
    code
}

/// `x/NAME.trf` → `x/NAME.norm-RANK.html`.
fn beside(input: &Path, rank: u16) -> PathBuf {
    let stem = input
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "report".to_owned());
    input.with_file_name(format!("{stem}.norm-{rank}.html"))
}

fn certificate(
    a: &Args,
    input: &Path,
    name: &str,
    rank: u16,
    parsed: &crate::Parsed,
    report: &crate::norms::NormsReport,
) -> u8 {
    let Some(player) = report.players.iter().find(|p| p.start_rank == rank) else {
        eprintln!("trf: {name}: no player with starting rank {rank} played a game with a norm title to gain");
        return EXIT_USAGE;
    };
    let norm = match a.title {
        Some(k) => player.norms.iter().find(|n| n.title == k),
        None => player.norms.iter().find(|n| n.made),
    };
    let Some(norm) = norm else {
        eprintln!(
            "trf: {name}: player {rank} made no norm{}; choose one with --title to write its form anyway",
            a.title.map(|k| format!(" for {}", k.as_str())).unwrap_or_default()
        );
        return EXIT_USAGE;
    };
    if input.as_os_str() == "-" && a.output.is_none() {
        eprintln!("trf: give -o OUT to write the certificate of standard input");
        return EXIT_USAGE;
    }
    let (dest, named) = match &a.output {
        Some(o) => (o.clone(), crate::write::atomic::Named::ByUser),
        None => (beside(input, rank), crate::write::atomic::Named::Derived),
    };
    if !a.force && super::output::taken(&dest) {
        eprintln!(
            "trf: {} exists; choose another name with -o, or replace it with --force",
            super::files::shown(&dest)
        );
        return EXIT_USAGE;
    }
    if dest.as_os_str() != "-" && (dest == input || super::output::same_file(&dest, input)) {
        eprintln!("trf: refusing to write the certificate over its input");
        return EXIT_USAGE;
    }
    let html =
        crate::render::certificate::certificate(&crate::render::certificate::CertificateInput {
            file: name,
            tournament: &parsed.tournament,
            report,
            player,
            norm,
        });
    if let Err(code) = write_page(&dest, named, a.force, &html, "another name") {
        return code;
    }
    let line = format!(
        "{}: {} norm of {} ({})",
        super::files::shown(&dest),
        norm.title.as_str(),
        player.name,
        if norm.made { "made" } else { "not made" }
    );
    // The certificate went to standard output: the line goes beside it.
    if dest.as_os_str() == "-" {
        eprintln!("{line}");
    } else {
        println!("{line}");
    }
    EXIT_OK
}

/// The `trf explain` page of a norm condition (by code or name), or of
/// `norms`: every condition, and the readings of each edition. `None`
/// when `key` is neither.
pub(crate) fn explain(key: &str, format: Format) -> Option<String> {
    use crate::norms::conditions::{self, Condition};
    use crate::norms::edition::EDITIONS;
    let json = |c: &Condition| {
        let articles: serde_json::Map<String, serde_json::Value> = c
            .articles()
            .into_iter()
            .map(|(e, a)| (e.id().to_owned(), a.into()))
            .collect();
        serde_json::json!({
            "code": c.code,
            "condition": c.name,
            "kind": c.kind,
            "summary": c.summary,
            "explanation": c.explanation,
            "articles": articles,
        })
    };
    let human = |c: &Condition| {
        let mut s = format!(
            "# {} ({})\n\nnorm condition: {}\n{}\n\n{}\n\n## Article by edition\n",
            c.name,
            c.code,
            match c.kind {
                conditions::ConditionKind::Checked =>
                    "checked from the report; failing it means no norm",
                conditions::ConditionKind::ToConfirm =>
                    "a TRF cannot show it: listed to confirm with every norm",
                conditions::ConditionKind::Finding => "a finding about the data",
                conditions::ConditionKind::Application =>
                    "a rule of the title application: the event's part in it is reported, never decided",
            },
            c.summary,
            c.explanation
        );
        for (e, a) in c.articles() {
            s.push_str(&format!("{}: {a}\n", e.id()));
        }
        s
    };
    if key.eq_ignore_ascii_case("norms") {
        return Some(match format {
            Format::Json => {
                let readings: serde_json::Map<String, serde_json::Value> = EDITIONS
                    .iter()
                    .map(|e| {
                        let mut r = e.readings();
                        r.extend(e.open_points().into_iter().map(|(_, t)| t));
                        (e.id().to_owned(), r.into())
                    })
                    .collect();
                let v = serde_json::json!({
                    "conditions": conditions::ALL.iter().map(json).collect::<Vec<_>>(),
                    "readings": readings,
                });
                format!("{}\n", serde_json::to_string_pretty(&v).unwrap_or_default())
            }
            Format::Human => {
                let mut s = String::from("# Norm conditions (`trf norms`)\n\nFIDE Title Regulations (Handbook B.01); articles as the 2024 edition numbers them (`trf explain CODE` gives each edition's).\n\n");
                for c in conditions::ALL {
                    s.push_str(&format!(
                        "{:<10} {:<27} {:<8} {}\n",
                        c.code,
                        c.name,
                        c.article.split(", ").next().unwrap_or(""),
                        c.summary
                    ));
                }
                for e in EDITIONS {
                    s.push_str(&format!("\n## Readings: {}\n", e.words()));
                    for r in e
                        .readings()
                        .into_iter()
                        .chain(e.open_points().into_iter().map(|(_, t)| t))
                    {
                        s.push_str(&format!("- {r}\n"));
                    }
                }
                s
            }
        });
    }
    let c = conditions::find(key)?;
    Some(match format {
        Format::Json => format!(
            "{}\n",
            serde_json::to_string_pretty(&json(c)).unwrap_or_default()
        ),
        Format::Human => human(c),
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn explain_norms_lists_every_condition() {
        let page = super::explain("norms", super::Format::Human).expect("the norms page");
        for c in crate::norms::conditions::ALL {
            assert!(page.contains(c.code), "{}", c.code);
        }
    }
}
