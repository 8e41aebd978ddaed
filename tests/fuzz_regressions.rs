//! Every input a fuzzer found failing (`samples/regressions/fuzz/TARGET/`,
//! one folder per target of `fuzz/fuzz_targets/`) holds its target's
//! property now.

use trfkit::fuzzing as props;

use std::path::Path;

/// A fuzz target's property: panics when it does not hold for the input.
type Property = fn(&[u8]);

#[test]
fn every_input_a_fuzzer_found_holds_its_property() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/regressions/fuzz");
    let targets: [(&str, Property); 8] = [
        ("parse_check", props::parse_check),
        ("fmt_rewrite", props::fmt_rewrite),
        ("fmt_never_graver", props::fmt_never_graver),
        ("rating_list", props::rating_list),
        ("time_control", props::time_control),
        ("upload_page", props::upload_page),
        ("period", props::period),
        ("pairings", props::pairings),
    ];
    let mut ran = 0;
    for (target, property) in targets {
        let Ok(dir) = std::fs::read_dir(root.join(target)) else {
            continue;
        };
        let mut files: Vec<_> = dir.flatten().map(|e| e.path()).collect();
        files.sort();
        for f in files {
            let bytes = std::fs::read(&f).unwrap();
            let name = f.display().to_string();
            if let Err(e) = std::panic::catch_unwind(|| property(&bytes)) {
                let why = e
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| e.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                    .unwrap_or_default();
                panic!("{name}: {why}");
            }
            ran += 1;
        }
    }
    assert!(
        ran > 0,
        "no fuzz regression inputs under {}",
        root.display()
    );
}

/// The `period` property on the periods of `samples/` (the fuzzer's
/// seeds): each group of reports made to be read together, joined by NUL
/// bytes as the target splits them, and a report given twice (the second
/// is a duplicate, counted once).
#[test]
fn the_period_property_holds_on_the_sample_periods() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    let groups: &[&[&str]] = &[
        &[
            "hand/period-a-1.trf",
            "hand/period-a-2.trf",
            "hand/period-a-3.trf",
        ],
        &["hand/period-b-x.trf", "hand/period-b-y.trf"],
        &[
            "hand/period-c-1.trf",
            "hand/period-c-2.trf",
            "hand/period-c-3.trf",
        ],
        &["hand/period-d-2024-p.trf", "hand/period-d-2024-q.trf"],
        &["hand/period-e-2005.trf", "hand/period-e-2024.trf"],
        &["hand/period-a-1.trf", "hand/period-a-1.trf"],
        &[
            "across/player-data-conflict/fires/graz-open.trf",
            "across/player-data-conflict/fires/linz-june.trf",
        ],
        &[
            "across/duplicate-report/fires/graz-open.trf",
            "across/duplicate-report/fires/Graz Open (final export).TXT",
        ],
    ];
    for group in groups {
        let mut input = Vec::new();
        for (i, f) in group.iter().enumerate() {
            if i > 0 {
                input.push(0);
            }
            input.extend(std::fs::read(root.join(f)).unwrap());
        }
        props::period(&input);
    }
}
