//! The properties the fuzz targets check (`fuzz/fuzz_targets/`), shared
//! with `tests/fuzz_regressions.rs`, which runs them on every input a
//! fuzzer found failing (`samples/regressions/fuzz/TARGET/`). Each panics
//! when its property does not hold.
//!
//! Feature `fuzzing` only: this module reaches private stages (the time
//! control parser, the upload page, the line splitter) and is not part of
//! the stable API.

use crate::across::ReportRef;
use crate::check;
use crate::model::timecontrol::{parse_encoded, parse_free, parse_free_readings};
use crate::render::html::Page;
use crate::render::period::{render_csv, render_human};
use crate::source::lines::{split_bytes, LineKind};
use crate::upload::check_uploads;
use crate::write::rewrite::rewrite;
use crate::Options;
use crate::ReadOptions;
use crate::{rate_period, PeriodOptions, PeriodReport};
use crate::{write, Target};
use crate::{ListLookup, ListSource, RatingList};
use std::collections::HashMap;

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

/// Any bytes: `trf fmt`'s rewrite never makes a report graver: `check`
/// finds no more findings at any consequence or graver (`info` aside) in
/// the rewritten report, in its own dialect, than in the input.
pub fn fmt_never_graver(data: &[u8]) {
    let opts = ReadOptions::default();
    let Ok(parsed) = crate::parse_bytes(data, &opts) else {
        return;
    };
    let own = Target::for_dialect(parsed.tournament.dialect.dialect);
    let Ok(new) = rewrite(&parsed, data, own, &opts) else {
        return;
    };
    let Ok(after) = crate::parse_bytes(&new.bytes, &opts) else {
        panic!("the rewritten report cannot be read");
    };
    let checks = Options::default();
    let (b, a) = (
        check(&parsed, &checks).by_consequence,
        check(&after, &checks).by_consequence,
    );
    if let Some(c) = crate::Consequence::graver(&b, &a) {
        panic!(
            "fmt made the report graver at {}: {b:?} -> {a:?}\n{}",
            c.as_str(),
            String::from_utf8_lossy(&new.bytes)
        );
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
    // Every reading of an ambiguous text is a control too; a text with one
    // reading gives parse_free's.
    let readings = parse_free_readings(text).unwrap_or_default();
    assert!(readings.len() <= 8, "{text:?}: {} readings", readings.len());
    if let Ok(tc) = parse_free(text) {
        assert_eq!(readings.len(), 1, "{text:?}");
        assert_eq!(readings[0].control, tc, "{text:?}");
    }
    let readings = readings.into_iter().map(|r| Ok(r.control));
    for tc in [
        parse_free(text),
        parse_encoded(text).map(|e| e.to_time_control()),
    ]
    .into_iter()
    .chain(readings)
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
/// the server's own steps from the upload to the page
/// ([`crate::upload::check_uploads`]: read, look the players up in the
/// list, check and rate, the page, the HTML report and the JSON downloads
/// made again as the server makes them when their links are followed).
/// Nothing may panic; a report that cannot be read is a problem on the
/// page; the JSON downloads are JSON; and nothing from the upload may
/// become markup: the page and the report have no script, whatever the
/// names say.
pub fn upload_page(data: &[u8]) {
    let (trf, list) = match data.iter().position(|&b| b == 0) {
        Some(i) => (&data[..i], Some(&data[i + 1..])),
        None => (data, None),
    };
    let read = ReadOptions::default();
    let (page, kept) = check_uploads(
        Page::new(read.max_file_bytes, chrono::DateTime::UNIX_EPOCH),
        &read,
        vec![("upload.trf".to_owned(), trf.to_vec())],
        list.map(|l| ("players_list_foa.txt".to_owned(), l.to_vec())),
        "/answer/fuzz/",
    );
    assert!(
        page.reports.len() == 1 || !page.problems.is_empty(),
        "a report neither on the page nor said unreadable"
    );
    assert_eq!(page.reports.len(), kept.as_ref().map_or(0, |_| 1));
    let mut docs = vec![page.html().into_bytes()];
    // Each download as the server makes it when its link is followed.
    for kind in 0.. {
        let Some((name, _, body)) = kept.as_ref().and_then(|k| k.download(0, kind)) else {
            break;
        };
        if name.ends_with(".json") {
            assert!(
                serde_json::from_str::<serde_json::Value>(&body).is_ok(),
                "{name} is not JSON"
            );
        }
        docs.push(body.into_bytes());
    }
    for doc in docs {
        assert!(
            !doc.to_ascii_lowercase().windows(7).any(|w| w == b"<script"),
            "markup from the upload"
        );
    }
}

/// Any bytes as up to four reports (split at the first three NUL bytes)
/// through `trf period`'s computation: the duplicates found across them
/// ([`crate::across::find`]), [`crate::rate_period`] and
/// its text, CSV and JSON. Nothing may panic, and the period holds what it
/// promises: every report read is listed once; every player comes from a
/// report (by FIDE ID, or by the name as written); a player's events are
/// rows of reports rated in the period, none a duplicate and no row counted
/// twice; a rated player's games are the sum of the rated events' games;
/// and the JSON reads back.
pub fn period(data: &[u8]) {
    let read = ReadOptions::default();
    let parsed: Vec<(String, crate::Parsed)> = data
        .splitn(4, |&b| b == 0)
        .enumerate()
        .filter_map(|(i, bytes)| {
            let p = crate::parse_bytes(bytes, &read).ok()?;
            Some((format!("r{i}.trf"), p))
        })
        .collect();
    let refs: Vec<ReportRef<'_>> = parsed
        .iter()
        .map(|(file, parsed)| ReportRef {
            file,
            parsed,
            rating_type: None,
        })
        .collect();
    let duplicates = crate::across::find(&refs).duplicate_of;
    let given: Vec<PeriodReport<'_>> = parsed
        .iter()
        .enumerate()
        .map(|(i, (file, parsed))| PeriodReport {
            file,
            parsed,
            duplicate_of: duplicates.get(i).copied().flatten(),
        })
        .collect();
    let s = rate_period(&given, &PeriodOptions::default());
    let _ = render_human(&s);
    let _ = render_csv(&s);
    let json = serde_json::to_string(&s).expect("the period as JSON");
    assert!(
        serde_json::from_str::<serde_json::Value>(&json).is_ok(),
        "the period's JSON does not read back"
    );

    let files: Vec<&str> = s.reports.iter().map(|r| r.file.as_str()).collect();
    let named: Vec<&str> = parsed.iter().map(|(f, _)| f.as_str()).collect();
    assert_eq!(files, named, "the reports listed are not the reports read");
    // Each report's rows, as (start rank, times the report has it).
    let mut rows: HashMap<(&str, u16), usize> = HashMap::new();
    for (file, p) in &parsed {
        for q in &p.tournament.players {
            *rows.entry((file.as_str(), q.start_rank.value)).or_default() += 1;
        }
    }
    let mut used: HashMap<(&str, u16), usize> = HashMap::new();
    for player in &s.players {
        let from_a_report = parsed
            .iter()
            .flat_map(|(_, p)| &p.tournament.players)
            .any(|q| match player.fide_id {
                Some(id) => q.fide_id.is_some_and(|f| f.value == id),
                None => q.name.value == player.name,
            });
        assert!(from_a_report, "{} comes from no report", player.name);
        for e in &player.events {
            let i = files
                .iter()
                .position(|&f| f == e.file)
                .unwrap_or_else(|| panic!("an event of {} names no report", player.name));
            assert!(
                s.reports[i].in_period && given[i].duplicate_of.is_none(),
                "{} counts {}, which is not rated in the period",
                player.name,
                e.file
            );
            let n = used.entry((files[i], e.start_rank)).or_default();
            *n += 1;
            assert!(
                *n <= rows.get(&(files[i], e.start_rank)).copied().unwrap_or(0),
                "{} row {} counted twice",
                e.file,
                e.start_rank
            );
        }
        if player.k.is_some() {
            let rated: u32 = player
                .events
                .iter()
                .filter(|e| e.k.is_some())
                .map(|e| e.games)
                .sum();
            assert_eq!(player.games, rated, "{}: games of the period", player.name);
        }
    }
}

/// Any bytes as a report through the pairing checker of `trf pairings`:
/// it re-pairs every round or says why not, never panics, and what it
/// gives holds together: one entry per round of the report, a round is
/// `same` exactly when it lists no difference and has no note, no player
/// is in two of the checker's pairings of a round, and the JSON is written.
/// Reports of more than 40 players or 15 rounds are left out here: the
/// checker's own limits (`pairings::MAX_PLAYERS` and its work bound) keep
/// larger ones bounded, and a fuzz input must run in well under the
/// fuzzer's 10 s timeout.
pub fn pairings(data: &[u8]) {
    let Ok(p) = crate::parse_bytes(data, &ReadOptions::default()) else {
        return;
    };
    if p.tournament.players.len() > 40 || p.tournament.rounds > 15 {
        return;
    }
    let Ok(c) = crate::pairings::check_pairings(&p.tournament) else {
        return;
    };
    assert_eq!(c.rounds.len(), usize::from(p.tournament.rounds));
    for r in &c.rounds {
        assert_eq!(
            r.same,
            r.differences.is_empty() && r.note.is_none() && r.criterion.is_none(),
            "{r:?}"
        );
        let mut seen = std::collections::HashSet::new();
        for d in &r.differences {
            assert!(seen.insert(d.checker.white), "{r:?}");
            if let Some(b) = d.checker.black {
                assert!(seen.insert(b), "{r:?}");
            }
        }
    }
    assert!(serde_json::to_string(&c).is_ok());
}
