//! The properties the fuzz targets check (`fuzz/fuzz_targets/`), shared
//! with `tests/fuzz_regressions.rs`, which runs them on every input a
//! fuzzer found failing (`samples/regressions/fuzz/TARGET/`). Each panics
//! when its property does not hold.
//!
//! Feature `fuzzing` only: this module reaches private stages (the time
//! control parser, the upload page, the line splitter) and is not part of
//! the stable API.

use crate::check;
use crate::model::timecontrol::{parse_encoded, parse_free};
use crate::render::html::{report, Page, PageReport, ReportInput};
use crate::rewrite;
use crate::source::lines::{split_bytes, LineKind};
use crate::Options;
use crate::ReadOptions;
use crate::{rate_checked, CheckedRating, RateOptions};
use crate::{write, Target};
use crate::{ListLookup, ListSource, RatingList};
use std::sync::Arc;

/// Any bytes: read, check, write in both dialects, read and check again.
/// Nothing may panic (the reader, the rules and the writer promise it).
pub fn parse_check(data: &[u8]) {
    let opts = ReadOptions::default();
    let Ok(parsed) = crate::parse_bytes(data, &opts) else {
        return;
    };
    let checks = Options::default();
    let _ = check(&parsed, &checks);
    for target in [Target::Trf16, Target::Trf26] {
        let text = write(&parsed.tournament, target);
        if let Ok(again) = crate::parse_bytes(text.as_bytes(), &opts) {
            let _ = check(&again, &checks);
        }
    }
}

/// Any bytes: `trf fmt`'s rewrite in both dialects. Nothing may panic, and
/// what it writes must keep every line it does not model byte for byte:
/// in the file's own dialect, the line count is unchanged and each comment,
/// ruler, blank or unknown line is where it stood; in the other dialect,
/// each such line is still there, in its order.
pub fn fmt_rewrite(data: &[u8]) {
    let opts = ReadOptions::default();
    let Ok(parsed) = crate::parse_bytes(data, &opts) else {
        return;
    };
    let own = Target::for_dialect(parsed.tournament.dialect.dialect);
    let body = data.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(data);
    let before: Vec<&[u8]> = split_bytes(body).map(|(a, b)| &body[a..b]).collect();
    // The lines the model does not hold, by index in the file (the line
    // table leaves blank lines out: its entries are placed by number).
    let unmodelled = |kind| {
        matches!(
            kind,
            LineKind::Comment | LineKind::Ruler | LineKind::Unknown | LineKind::Blank
        )
    };
    let mut kept: Vec<usize> = parsed
        .tournament
        .lines
        .iter()
        .filter(|l| unmodelled(l.kind))
        .map(|l| l.number as usize - 1)
        .collect();
    kept.extend(
        before
            .iter()
            .enumerate()
            .filter(|(_, b)| b.iter().all(u8::is_ascii_whitespace))
            .map(|(i, _)| i),
    );
    kept.sort_unstable();
    kept.dedup();
    for target in [Target::Trf16, Target::Trf26] {
        let Ok(new) = rewrite(&parsed, data, target, &opts) else {
            continue;
        };
        assert!(crate::parse_bytes(&new.bytes, &opts).is_ok());
        let out = new
            .bytes
            .strip_prefix(&[0xEF, 0xBB, 0xBF])
            .unwrap_or(&new.bytes);
        let after: Vec<&[u8]> = split_bytes(out).map(|(a, b)| &out[a..b]).collect();
        if target == own {
            assert_eq!(before.len(), after.len());
            for &i in &kept {
                assert_eq!(before[i], after[i], "line {} changed", i + 1);
            }
        } else {
            // Converted records move, the rest keep their order.
            let mut rest = after.iter();
            for &i in &kept {
                let k = before[i];
                assert!(
                    rest.any(|a| *a == k),
                    "line {} {:?} lost",
                    i + 1,
                    String::from_utf8_lossy(k)
                );
            }
        }
    }
}

/// The names a rating list's bytes are given (the name says the rating
/// type and period; the content says the format): the first byte of a
/// fuzz input picks one.
pub const LIST_NAMES: [&str; 6] = [
    "players_list_foa.txt",
    "standard_oct13frl.txt",
    "blitz_rating_list.txt",
    "players_list_xml_foa.xml",
    "standard_feb14frl_xml.xml",
    "players_list.zip",
];

/// Any bytes as a FIDE rating list (TXT in every layout, XML, zip), whole
/// and by ID, in small reads (records cut across buffer ends). Nothing may
/// panic.
pub fn rating_list(data: &[u8]) {
    let Some((&pick, bytes)) = data.split_first() else {
        return;
    };
    let name = LIST_NAMES[usize::from(pick) % LIST_NAMES.len()];
    let source = || ListSource::bytes(bytes).named(name).with_buffer_size(64);
    if let Ok(list) = RatingList::load(source()) {
        let ids: Vec<u64> = list.by_id().keys().copied().take(8).collect();
        let _ = ListLookup::scan(source(), &ids, name);
    }
    let _ = ListLookup::scan(source(), &[1, 4_100_018, 1_503_014], name);
}

/// Any text as a time control (the `122` record), in the free notation
/// people write and the encoded one. Nothing may panic; what is read has a
/// time for 60 moves, a description and, when it has an encoded form, one
/// that reads back.
pub fn time_control(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for tc in [
        parse_free(text),
        parse_encoded(text).map(|e| e.to_time_control()),
    ]
    .into_iter()
    .flatten()
    {
        let _ = tc.t60_seconds_by_side();
        let _ = tc.game_seconds_60();
        let _ = tc.describe();
        if let Ok(enc) = tc.to_encoded() {
            assert!(parse_encoded(&enc).is_ok(), "{enc:?} does not read back");
        }
    }
}

/// Any bytes as an upload to the local page (`trf serve`), without the
/// sockets: a report and, after the first NUL byte, a rating list, through
/// the steps the server takes (read, look the players up in the list,
/// check and rate, the HTML report, the JSON downloads, the page). Nothing
/// may panic, and nothing from the upload may become markup: the page and
/// the report have no script, whatever the names say.
pub fn upload_page(data: &[u8]) {
    let (trf, list) = match data.iter().position(|&b| b == 0) {
        Some(i) => (&data[..i], Some(&data[i + 1..])),
        None => (data, None),
    };
    let Ok(parsed) = crate::parse_bytes(trf, &ReadOptions::default()) else {
        return;
    };
    let ids: Vec<u64> = ListLookup::ids_of(&parsed.tournament).collect();
    let lookup = list.and_then(|bytes| {
        let name = "players_list_foa.txt";
        ListLookup::scan(ListSource::bytes(bytes).named(name), &ids, name)
            .ok()
            .map(Arc::new)
    });
    let opts = Options {
        rating_list: lookup.clone(),
        ..Options::default()
    };
    let rate_opts = RateOptions {
        list: lookup.map(|l| l.found.clone()),
        ..RateOptions::default()
    };
    let CheckedRating {
        report: check,
        summary: rating,
    } = rate_checked(&parsed, &opts, &rate_opts);
    let input = ReportInput {
        file: "upload.trf",
        parsed: &parsed,
        check: &check,
        rating: &rating,
    };
    let html = report(&input);
    let _ = crate::render::check_json("upload.trf", &parsed, &check);
    let _ = serde_json::to_string_pretty(&rating).unwrap();
    let mut page = Page::new(1 << 20);
    page.reports.push(PageReport::new(&input, 0, Vec::new()));
    let page = page.html();
    for doc in [&html, &page] {
        assert!(
            !doc.to_ascii_lowercase().contains("<script"),
            "markup from the upload"
        );
    }
}
