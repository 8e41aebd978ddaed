//! Writes a full-size synthetic combined rating list, and measures the
//! reader on it (time and peak memory).
//!
//! ```text
//! cargo run --release --example gen_rating_list -- write /tmp/players_list_foa.txt [PLAYERS]
//! cargo run --release --example gen_rating_list -- zip /tmp/players_list_foa.txt /tmp/players_list.zip
//! cargo run --release --example gen_rating_list -- lookup LIST [IDS] [PLAYERS]
//! cargo run --release --example gen_rating_list -- index LIST
//! cargo run --release --example gen_rating_list -- indexed LIST [IDS] [PLAYERS]
//! ```
//!
//! Each measuring command runs one operation in a fresh process and prints
//! its wall time and the process's peak resident memory (VmHWM).

use std::fs::File;
use std::path::Path;
use std::time::Instant;
use trfkit::generate::{benchmark_ids, write_synthetic_combined, FULL_LIST_PLAYERS};
use trfkit::{build_index, RatingList};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize| args.get(i).map(String::as_str);
    let num = |i: usize, default: u64| -> Result<u64, Box<dyn std::error::Error>> {
        Ok(match arg(i) {
            Some(s) => s.parse()?,
            None => default,
        })
    };
    let usage = "usage: gen_rating_list write OUT [PLAYERS] | zip LIST OUT.zip | lookup LIST [IDS] [PLAYERS] | index LIST | indexed LIST [IDS] [PLAYERS]";
    let (Some(cmd), Some(path)) = (arg(0), arg(1)) else {
        return Err(usage.into());
    };
    let path = Path::new(path);
    let start = Instant::now();
    match cmd {
        "write" => {
            let players = num(2, FULL_LIST_PLAYERS)?;
            let bytes = write_synthetic_combined(File::create(path)?, players)?;
            println!(
                "wrote {players} players, {bytes} bytes to {}",
                path.display()
            );
        }
        "zip" => {
            use std::io::copy;
            use zip::write::SimpleFileOptions;
            let out = arg(2).ok_or(usage)?;
            let mut w = zip::ZipWriter::new(File::create(out)?);
            let opts = SimpleFileOptions::default()
                .compression_method(zip::CompressionMethod::Deflated)
                .large_file(true);
            w.start_file("players_list_foa.txt", opts)?;
            copy(&mut File::open(path)?, &mut w)?;
            w.finish()?;
            println!("zipped into {out}");
        }
        "lookup" | "indexed" => {
            let ids = benchmark_ids(num(3, FULL_LIST_PLAYERS)?, num(2, 300)? as usize);
            let found = if cmd == "lookup" {
                RatingList::lookup_many(path, &ids)?
            } else {
                RatingList::lookup_indexed(path, &ids)?
            };
            println!("{cmd}: found {} of {} IDs", found.len(), ids.len());
        }
        "index" => {
            let info = build_index(path)?;
            println!(
                "index: {} entries, {} duplicates -> {}",
                info.entries,
                info.duplicates,
                info.path.display()
            );
        }
        _ => return Err(usage.into()),
    }
    println!(
        "elapsed {:.3} s, peak RSS {}",
        start.elapsed().as_secs_f64(),
        peak_rss()
    );
    Ok(())
}

/// VmHWM from /proc/self/status (Linux), or "unknown".
fn peak_rss() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .map(|l| l["VmHWM:".len()..].trim().to_string())
        })
        .unwrap_or_else(|| "unknown".to_string())
}
