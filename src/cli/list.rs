//! `trf list index FILE`: FIDE rating-list utilities.

use super::{out, EXIT_OK, EXIT_USAGE};
use crate::ratinglist::build_index;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(subcommand)]
    command: ListCommand,
}

#[derive(clap::Subcommand, Debug)]
enum ListCommand {
    /// Build the `.trfidx` index beside a plain (unzipped) list, so that
    /// `trf check --rating-list` reads only the wanted lines of it.
    Index {
        /// The list (`players_list_foa.txt`, …).
        file: PathBuf,
    },
}

pub(crate) fn run(a: Args) -> u8 {
    match a.command {
        ListCommand::Index { file } => match build_index(&file) {
            Ok(info) => {
                let dup = match info.duplicates {
                    0 => String::new(),
                    1 => ", 1 repeated ID (its first line is indexed)".to_string(),
                    n => format!(", {n} repeated IDs (their first lines are indexed)"),
                };
                out(&format!(
                    "{}: {} players indexed{dup} -> {}\n",
                    file.display(),
                    info.entries,
                    info.path.display()
                ));
                EXIT_OK
            }
            Err(e) => {
                eprintln!("trf: list index: {e}");
                EXIT_USAGE
            }
        },
    }
}
