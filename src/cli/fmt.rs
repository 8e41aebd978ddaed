//! `trf fmt FILE [--dialect trf16|trf26] [-o OUT] [--in-place]`.

use super::{fail, out, ReadArgs, EXIT_OK, EXIT_USAGE};
use std::path::PathBuf;
use trfkit::write::{write, Target};

#[derive(clap::ValueEnum, Debug, Clone, Copy)]
enum DialectArg {
    Trf16,
    Trf26,
}

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The report.
    file: PathBuf,
    /// Dialect to write (default: the file's own).
    #[arg(long, value_enum)]
    dialect: Option<DialectArg>,
    /// Write here instead of standard output.
    #[arg(short = 'o', long = "output", value_name = "OUT")]
    output: Option<PathBuf>,
    /// Overwrite the input file.
    #[arg(long, conflicts_with = "output")]
    in_place: bool,
    #[command(flatten)]
    read: ReadArgs,
}

pub fn run(a: Args) -> u8 {
    let parsed = match trfkit::read_path(&a.file, &a.read.options()) {
        Ok(p) => p,
        Err(e) => return fail(&a.file, &e),
    };
    let target = match a.dialect {
        Some(DialectArg::Trf16) => Target::Trf16,
        Some(DialectArg::Trf26) => Target::Trf26,
        None => Target::for_dialect(parsed.tournament.dialect.dialect),
    };
    let text = write(&parsed.tournament, target);
    let dest = if a.in_place {
        Some(a.file.clone())
    } else {
        a.output.clone()
    };
    match dest {
        None => out(&text),
        Some(p) => {
            if p == a.file && !a.in_place {
                eprintln!(
                    "trf: refusing to overwrite the input {} without --in-place",
                    p.display()
                );
                return EXIT_USAGE;
            }
            if let Err(e) = std::fs::write(&p, text) {
                return fail(&p, &e);
            }
        }
    }
    EXIT_OK
}
