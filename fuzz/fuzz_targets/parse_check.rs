//! Any bytes: read, check, write in both dialects, read and check again.
//! Nothing may panic (the reader, the rules and the writer promise it).

#![no_main]

use libfuzzer_sys::fuzz_target;
use trfkit::check::check;
use trfkit::rules::CheckOptions;
use trfkit::write::{write, Target};
use trfkit::ReadOptions;

fuzz_target!(|data: &[u8]| {
    let opts = ReadOptions::default();
    let Ok(parsed) = trfkit::parse_bytes(data, &opts) else {
        return;
    };
    let checks = CheckOptions::default();
    let _ = check(&parsed, &checks);
    for target in [Target::Trf16, Target::Trf26] {
        let text = write(&parsed.tournament, target);
        if let Ok(again) = trfkit::parse_bytes(text.as_bytes(), &opts) {
            let _ = check(&again, &checks);
        }
    }
});
