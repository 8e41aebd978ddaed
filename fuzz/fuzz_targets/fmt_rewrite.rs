//! Any bytes: `trf fmt`'s rewrite in both dialects. Nothing may panic, and
//! what it writes must keep every line it does not model byte for byte:
//! in the file's own dialect, the line count is unchanged and each comment,
//! ruler, blank or unknown line is where it stood.

#![no_main]

use libfuzzer_sys::fuzz_target;
use trfkit::source::lines::{split_bytes, LineKind};
use trfkit::write::rewrite::rewrite;
use trfkit::write::Target;
use trfkit::ReadOptions;

fuzz_target!(|data: &[u8]| {
    let opts = ReadOptions::default();
    let Ok(parsed) = trfkit::parse_bytes(data, &opts) else {
        return;
    };
    let own = Target::for_dialect(parsed.tournament.dialect.dialect);
    for target in [Target::Trf16, Target::Trf26] {
        let Ok(new) = rewrite(&parsed, data, target, &opts) else {
            continue;
        };
        assert!(trfkit::parse_bytes(&new.bytes, &opts).is_ok());
        if target != own {
            continue;
        }
        let body = data.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(data);
        let out = new.bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(&new.bytes);
        let before: Vec<&[u8]> = split_bytes(body).map(|(a, b)| &body[a..b]).collect();
        let after: Vec<&[u8]> = split_bytes(out).map(|(a, b)| &out[a..b]).collect();
        assert_eq!(before.len(), after.len());
        for (line, (b, a)) in parsed.tournament.lines.iter().zip(before.iter().zip(&after)) {
            if matches!(
                line.kind,
                LineKind::Comment | LineKind::Ruler | LineKind::Unknown | LineKind::Blank
            ) {
                assert_eq!(b, a, "line {} changed", line.number);
            }
        }
    }
});
