//! `trf parse FILE [--format json|human]`.

use super::{fail, out, Format, ReadArgs, EXIT_OK};
use crate::render::columns;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The report (`-` for standard input).
    file: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Json)]
    format: Format,
    #[command(flatten)]
    read: ReadArgs,
}

/// The JSON `trf parse` prints for `a`'s report (`contents` read instead
/// of `-`), for [`super::embed`].
pub(crate) fn json(a: Args, contents: Option<Vec<u8>>) -> Result<String, String> {
    let parsed = super::read_given(&a.file, contents, &a.read.options())?;
    Ok(serde_json::to_string(&parsed.tournament).unwrap_or_default())
}

pub(crate) fn run(a: Args) -> u8 {
    let parsed = match super::read_report(&a.file, &a.read.options()) {
        Ok(p) => p,
        Err(e) => return fail(&a.file, &e),
    };
    let t = &parsed.tournament;
    match a.format {
        Format::Json => {
            super::output::out_json(&crate::render::tournament_json(t));
            out("\n");
        }
        Format::Human => {
            let h = &t.header;
            let mut s = String::new();
            let name = h
                .name
                .as_ref()
                .map(|n| n.value.as_str())
                .unwrap_or("(no name)");
            s.push_str(&format!("{name}\n"));
            s.push_str(&format!(
                "{} · {} · {} players · {} rounds\n",
                t.dialect.dialect.as_str(),
                t.encoding,
                t.players.len(),
                t.rounds
            ));
            if let (Some(a), Some(b)) = (t.start_date(), t.end_date()) {
                s.push_str(&format!("{a} to {b}\n"));
            }
            for p in &t.players {
                // The name's column as wide as a terminal shows it.
                s.push_str(&format!("{:>4} ", p.start_rank.value));
                columns::left(&mut s, &p.name.value, 33);
                s.push_str(&format!(
                    " {:>4} {:<3} {:>11} {:>5}\n",
                    p.rating.map(|r| r.value.to_string()).unwrap_or_default(),
                    p.federation
                        .as_ref()
                        .map(|f| f.value.as_str())
                        .unwrap_or(""),
                    p.fide_id.map(|f| f.value.to_string()).unwrap_or_default(),
                    p.points.map(|x| x.value.to_string()).unwrap_or_default(),
                ));
            }
            out(&super::terminal::escape(&s));
        }
    }
    EXIT_OK
}
