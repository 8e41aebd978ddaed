//! Times each validation rule on one report: `cargo run --release --example
//! rule_times -- FILE`. For finding where `trf check` spends its time.

use std::fmt::Write as _;
use std::io::Write as _;
use std::time::Instant;
use trfkit::rules::{registry::RULES, CheckOptions, Ctx};

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: rule_times FILE");
        std::process::exit(2);
    };
    let t0 = Instant::now();
    let parsed = match trfkit::read_path(path.as_ref(), &Default::default()) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    // Written at the end in one go, ignoring a closed pipe (`| head`).
    let mut report = String::new();
    let _ = writeln!(report, "parse {:>8.3} ms", t0.elapsed().as_secs_f64() * 1e3);
    let opts = CheckOptions::default();
    let t1 = Instant::now();
    let ctx = Ctx::new(&parsed.tournament, &parsed.text, &opts);
    let _ = writeln!(
        report,
        "context {:>6.3} ms",
        t1.elapsed().as_secs_f64() * 1e3
    );
    let mut times: Vec<(f64, &str, usize)> = RULES
        .iter()
        .filter(|r| (r.applies)(&ctx))
        .map(|r| {
            // The second run: the first pays for touching the model's memory.
            let mut out = Vec::new();
            (r.check)(&ctx, &mut out);
            out.clear();
            let t = Instant::now();
            (r.check)(&ctx, &mut out);
            (t.elapsed().as_secs_f64() * 1e3, r.meta.name, out.len())
        })
        .collect();
    times.sort_by(|a, b| b.0.total_cmp(&a.0));
    let total: f64 = times.iter().map(|t| t.0).sum();
    let _ = writeln!(report, "rules {total:>8.3} ms");
    for (ms, name, n) in times.iter().take(12) {
        let _ = writeln!(report, "  {ms:>7.3} ms  {name} ({n} findings)");
    }
    let _ = std::io::stdout().write_all(report.as_bytes());
}
