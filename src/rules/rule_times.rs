//! Times each validation rule on one report, for finding where `trf check`
//! spends its time (the rule machinery is private, so this runs inside the
//! crate, as an ignored test):
//!
//! ```text
//! TRFKIT_RULE_TIMES=FILE cargo test --release --lib rule_times -- --ignored --nocapture
//! ```

use crate::rules::{registry::RULES, CheckOptions, Ctx};
use std::fmt::Write as _;
use std::io::Write as _;
use std::time::Instant;

#[test]
#[ignore = "a measurement: TRFKIT_RULE_TIMES=FILE, --release, --nocapture"]
fn rule_times() {
    let Some(path) = std::env::var_os("TRFKIT_RULE_TIMES") else {
        eprintln!("usage: TRFKIT_RULE_TIMES=FILE cargo test --release --lib rule_times -- --ignored --nocapture");
        return;
    };
    let t0 = Instant::now();
    let parsed = crate::read_path(path.as_ref(), &Default::default()).expect("a readable report");
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
