//! `trf ledger --ledger FILE [--player FIDE_ID] [--period YYYY-MM]
//! [--format human|json|csv]`: what the ledger holds. Reads only (the
//! ledger is opened, never created, and migrated only when older).

use super::store::{say, Ledger};
use crate::cli::{out, EXIT_OK, EXIT_USAGE};
use crate::ratinglist::ListPeriod;
use crate::render::csv::Table;
use crate::render::rating::table;
use rusqlite::types::Value as Sql;
use serde_json::{Map, Value};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The ledger to read (written by `--ledger` of `trf period`).
    #[arg(long, value_name = "FILE")]
    ledger: PathBuf,
    /// Only this player: every period recorded for the FIDE ID, with the
    /// pooled results of an unrated player.
    #[arg(long, value_name = "FIDE_ID")]
    player: Option<u64>,
    /// Only this period: its reports and players.
    #[arg(long, value_name = "YYYY-MM", value_parser = crate::cli::period::parse_period)]
    period: Option<ListPeriod>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = LedgerFormat::Human)]
    format: LedgerFormat,
}

/// Output formats of `trf ledger`.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LedgerFormat {
    /// Tables for people.
    Human,
    /// One JSON object: `ledger`, `schema`, `periods`, `reports`,
    /// `players`, `pools`.
    Json,
    /// The players' rows (with `--period` or `--player`), else the periods.
    Csv,
}

/// One query's columns and rows, as SQLite gave them.
struct Rows {
    columns: Vec<String>,
    rows: Vec<Vec<Sql>>,
}

impl Rows {
    fn cell(v: &Sql) -> String {
        match v {
            Sql::Null => String::new(),
            Sql::Integer(i) => i.to_string(),
            Sql::Real(f) => f.to_string(),
            Sql::Text(t) => t.clone(),
            Sql::Blob(_) => String::new(),
        }
    }

    fn json(&self) -> Value {
        Value::Array(
            self.rows
                .iter()
                .map(|r| {
                    let mut o = Map::new();
                    for (c, v) in self.columns.iter().zip(r) {
                        let v = match v {
                            Sql::Null => Value::Null,
                            Sql::Integer(i) if c == "in_period" || c == "matches_published" => {
                                Value::Bool(*i != 0)
                            }
                            Sql::Integer(i) => Value::from(*i),
                            Sql::Text(t) if c == "total_change" => t
                                .parse::<f64>()
                                .ok()
                                .and_then(serde_json::Number::from_f64)
                                .map_or(Value::Null, Value::Number),
                            other => Value::from(Self::cell(other)),
                        };
                        o.insert(c.clone(), v);
                    }
                    Value::Object(o)
                })
                .collect(),
        )
    }

    fn text(&self, out: &mut String, title: &str) {
        out.push_str(title);
        out.push('\n');
        if self.rows.is_empty() {
            out.push_str("  (none)\n");
            return;
        }
        let header: Vec<&str> = self.columns.iter().map(String::as_str).collect();
        let rows: Vec<Vec<String>> = self
            .rows
            .iter()
            .map(|r| r.iter().map(Self::cell).collect())
            .collect();
        table(out, &header, &rows, &[]);
    }

    fn csv(&self) -> String {
        let header: Vec<&str> = self.columns.iter().map(String::as_str).collect();
        let mut t = Table::new(&header);
        for r in &self.rows {
            t.row(r.iter().map(Self::cell));
        }
        t.finish()
    }
}

/// Runs `sql` with `args` on the ledger.
fn query(l: &Ledger, sql: &str, args: &[&dyn rusqlite::ToSql]) -> Result<Rows, String> {
    let e = |e: rusqlite::Error| say(&l.name, &e);
    let mut st = l.conn.prepare(sql).map_err(e)?;
    let columns: Vec<String> = st.column_names().iter().map(|c| (*c).to_owned()).collect();
    let n = columns.len();
    let rows = st
        .query_map(args, |r| (0..n).map(|i| r.get::<_, Sql>(i)).collect())
        .map_err(e)?
        .collect::<Result<Vec<Vec<Sql>>, _>>()
        .map_err(e)?;
    Ok(Rows { columns, rows })
}

const PLAYERS: &str =
    "SELECT p.period, q.rating_type, q.fide_id, q.name, q.old_rating, q.games, q.k,
    q.total_change, q.rating_change, q.new_rating, q.first_rating, q.published_rating,
    q.published_games, q.published_k, q.matches_published
    FROM players q JOIN periods p ON p.id = q.period_id";

pub(crate) fn run(a: Args) -> u8 {
    match show(&a) {
        Ok(text) => {
            out(&crate::cli::terminal::escape(&text));
            EXIT_OK
        }
        Err(e) => {
            eprintln!("trf: {}", crate::cli::terminal::escape(&e));
            EXIT_USAGE
        }
    }
}

fn show(a: &Args) -> Result<String, String> {
    let l = Ledger::open(&a.ledger, false)?;
    let period = a.period.map(super::key);
    let id = a.player.map(|i| i as i64);
    let periods = query(
        &l,
        "SELECT period, rating_type, recorded_at, trfkit, reports, players, rating_list, published
         FROM periods WHERE (?1 IS NULL OR period = ?1) ORDER BY period, rating_type",
        &[&period],
    )?;
    let reports = match &period {
        Some(p) => Some(query(
            &l,
            "SELECT r.file, r.event, r.start, r.end, r.verdict, r.in_period, r.fingerprint,
                 (SELECT group_concat(round, ' ') FROM report_rounds WHERE report_id = r.id) AS rounds
             FROM reports r JOIN periods p ON p.id = r.period_id WHERE p.period = ?1 ORDER BY r.id",
            &[p],
        )?),
        None => None,
    };
    let players = if period.is_some() || id.is_some() {
        Some(query(
            &l,
            &format!(
                "{PLAYERS} WHERE (?1 IS NULL OR p.period = ?1) AND (?2 IS NULL OR q.fide_id = ?2)
                 ORDER BY p.period, q.rowid"
            ),
            &[&period, &id],
        )?)
    } else {
        None
    };
    let pools = match id {
        Some(i) => Some(query(
            &l,
            "SELECT p.period, e.rating_type, e.file, e.event, e.games, e.score_halves / 2.0 AS score,
                 e.opponents, e.ru
             FROM pool_events e JOIN periods p ON p.id = e.period_id
             WHERE e.fide_id = ?1 AND (?2 IS NULL OR p.period = ?2) ORDER BY p.period, e.rowid",
            &[&i, &period],
        )?),
        None => None,
    };
    Ok(match a.format {
        LedgerFormat::Json => {
            let mut o = Map::new();
            o.insert("ledger".into(), l.name.clone().into());
            o.insert("schema".into(), super::store::SCHEMA.into());
            o.insert("periods".into(), periods.json());
            for (k, v) in [
                ("reports", &reports),
                ("players", &players),
                ("pools", &pools),
            ] {
                if let Some(v) = v {
                    o.insert(k.into(), v.json());
                }
            }
            format!("{}\n", Value::Object(o))
        }
        LedgerFormat::Csv => match &players {
            Some(p) => p.csv(),
            None => periods.csv(),
        },
        LedgerFormat::Human => {
            let mut s = format!("Ledger:  {} (schema {})\n\n", l.name, super::store::SCHEMA);
            periods.text(&mut s, "Periods recorded");
            if let Some(r) = &reports {
                s.push('\n');
                r.text(&mut s, "Reports");
            }
            if let Some(p) = &players {
                s.push('\n');
                p.text(&mut s, "Players");
            }
            if let Some(p) = &pools {
                s.push('\n');
                p.text(
                    &mut s,
                    "Unrated results recorded (pooled for a first rating)",
                );
            }
            s
        }
    })
}
