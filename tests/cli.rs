//! The `trf` command: every output format, exit codes and refusals.
//! Output shapes are a contract; these snapshots are what scripts rely on.

mod common;

use common::trf;

#[test]
fn parse_json_has_the_contract_fields() {
    let (code, out, _) = trf(&[
        "parse",
        "samples/hand/swiss-utf8-lf.trf",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    for key in ["dialect", "encoding", "header", "players"] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    let p = &v["players"][0];
    for key in [
        "start_rank",
        "name",
        "rating",
        "fide_id",
        "federation",
        "points",
        "rounds",
    ] {
        assert!(p.get(key).is_some(), "player misses {key}");
    }
    assert_eq!(v["players"][5]["rating"], serde_json::Value::Null);
}

#[test]
fn parse_human() {
    let (code, out, _) = trf(&[
        "parse",
        "samples/hand/swiss-utf8-lf.trf",
        "--format",
        "human",
    ]);
    assert_eq!(code, 0);
    insta::assert_snapshot!(out);
}

#[test]
fn check_human_plain_when_piped() {
    let (code, out, _) = trf(&["check", "samples/hand/malformed-syntax.trf"]);
    assert_eq!(code, 1);
    insta::assert_snapshot!(out);
}

#[test]
fn check_human_gives_the_same_help_once_per_report() {
    // Three placeholder IDs, each its own finding with the same advice:
    // the advice is printed under the first only.
    let (code, out, _) = trf(&[
        "check",
        "samples/rules/placeholder-fide-id/fires_placeholders.trf",
    ]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.matches("[TRF-P007 placeholder-fide-id]").count() >= 2,
        "{out}"
    );
    assert_eq!(
        out.matches("help: write the player's FIDE ID").count(),
        1,
        "{out}"
    );
}

#[test]
fn check_clean_file_exits_zero() {
    let (code, out, err) = trf(&["check", "samples/hand/swiss-utf8-lf.trf"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains(": READY to upload"), "{out}");
}

#[test]
fn check_json_one_object_per_file() {
    let (code, out, _) = trf(&[
        "check",
        "samples/hand/malformed-syntax.trf",
        "samples/hand/swiss-utf8-lf.trf",
        "--format",
        "json",
    ]);
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    for l in &lines {
        let v: serde_json::Value = serde_json::from_str(l).unwrap();
        for key in [
            "file",
            "dialect",
            "encoding",
            "players",
            "rounds",
            "diagnostics",
        ] {
            assert!(v.get(key).is_some(), "missing {key}");
        }
        for d in v["diagnostics"].as_array().unwrap() {
            for key in [
                "code", "rule", "severity", "message", "line", "column", "help",
            ] {
                assert!(d.get(key).is_some(), "diagnostic misses {key}");
            }
        }
    }
    let first: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
    insta::assert_json_snapshot!(first);
}

#[test]
fn check_walks_folders_and_summarises() {
    let (code, out, err) = trf(&["check", "samples/hand"]);
    assert_eq!(code, 1, "{err}");
    let summary = out.lines().rev().take(3).collect::<Vec<_>>();
    assert!(summary.iter().any(|l| l.contains(" files: ")), "{out}");
}

/// A file named directly that is not a TRF (prose, a PDF, a spreadsheet)
/// gets the words of the folder walk, exit 2 and no verdict.
#[test]
fn a_file_that_is_not_a_trf_gets_no_verdict() {
    let dir = tempfile::tempdir().unwrap();
    let prose = dir.path().join("notes.trf");
    std::fs::write(
        &prose,
        "Minutes of the club meeting\nThe open starts on 13 April.\n",
    )
    .unwrap();
    let pdf = dir.path().join("report.pdf");
    std::fs::write(
        &pdf,
        // A PDF stream holds many control bytes; a text file with a NUL or
        // two is a report with a finding (issue 39), not binary.
        b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Length 16 >>\nstream\n\x00\x01\x02\x03\x04\x05\x06\x07\x00\x01\x02\x03\x04\x05\x06\x07\nendstream\n",
    )
    .unwrap();
    let csv = dir.path().join("standings.csv");
    std::fs::write(&csv, "Rank;Name;Rating;Points\n1;Smith, John;2100;4.5\n").unwrap();
    for f in [&prose, &pdf, &csv] {
        let name = f.to_str().unwrap();
        let (code, out, err) = trf(&["check", name]);
        assert_eq!(code, 2, "{name}: {out}{err}");
        assert!(
            err.contains(&format!("{name}: does not look like a TRF")),
            "{err}"
        );
        assert!(
            !out.contains("READY") && !out.contains("FIX BEFORE") && !out.contains("NOT RATEABLE"),
            "{out}"
        );
        let (code, out, _) = trf(&["check", "--format", "json", name]);
        assert_eq!(code, 2);
        assert!(!out.contains("\"verdict\""), "{out}");
        // Every command that judges or rates a report refuses it alike; the
        // HTML report is not written (it would carry a verdict).
        for cmd in ["rate", "report", "period", "norms"] {
            let (code, out, err) = trf(&[cmd, name]);
            assert_eq!(code, 2, "{cmd} {name}: {out}{err}");
            assert!(
                err.contains(&format!("{name}: does not look like a TRF")),
                "{cmd}: {err}"
            );
        }
        let written: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().ends_with(".html"))
            .collect();
        assert!(written.is_empty(), "{written:?}");
    }
    let (_, _, err) = trf(&["check", pdf.to_str().unwrap()]);
    assert!(err.contains("binary"), "{err}");
}

#[test]
fn unreadable_input_exits_two() {
    let (code, _, err) = trf(&["check", "samples/does-not-exist.trf"]);
    assert_eq!(code, 2);
    assert!(err.starts_with("trf: samples/does-not-exist.trf:"), "{err}");
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("empty.trf");
    std::fs::write(&empty, b"").unwrap();
    let (code, _, err) = trf(&["check", empty.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("the file is empty"), "{err}");
    let binary = dir.path().join("binary.trf");
    std::fs::write(&binary, b"001\0\0\x01\x02").unwrap();
    let (code, _, err) = trf(&["parse", binary.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("binary"), "{err}");
    let (code, _, _) = trf(&["check"]);
    assert_eq!(code, 2);
    let (code, _, err) = trf(&[
        "check",
        "--encoding",
        "klingon",
        "samples/hand/swiss-utf8-lf.trf",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown encoding"), "{err}");
}

#[test]
fn fmt_writes_canonical_trf() {
    // A Windows-1252 report is written back in Windows-1252.
    let (code, out, _) = common::trf_raw(&["fmt", "samples/hand/swiss-cp1252-crlf.trf"]);
    assert_eq!(code, 0);
    let out = encoding_rs::WINDOWS_1252.decode(&out).0;
    insta::assert_snapshot!(out.replace("\r\n", "\n"));
    let (code, out26, _) = trf(&[
        "fmt",
        "samples/hand/swiss-utf8-lf.trf",
        "--dialect",
        "trf26",
    ]);
    assert_eq!(code, 0);
    assert!(out26.contains("\r\n142 5\r\n"), "{out26}");
    assert!(!out26.contains("XXR"), "{out26}");
    let (_, out16, _) = trf(&[
        "fmt",
        "samples/hand/trf26-individual.trf",
        "--dialect",
        "trf16",
    ]);
    assert!(
        out16.contains("XXR 5\r\n") && out16.contains("XXC white1\r\n"),
        "{out16}"
    );
    // TRF26's next-round absence and all-rounds prohibition go back to TRF(x).
    assert!(
        out16.contains("XXZ 7\r\n") && out16.contains("XXP 1 2\r\n"),
        "{out16}"
    );
    assert!(
        !out16.contains("\r\n240 ") && !out16.contains("\r\n260 "),
        "{out16}"
    );
}

#[test]
fn fmt_never_overwrites_its_input_without_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("t.trf");
    std::fs::copy(common::root().join("samples/hand/swiss-utf8-lf.trf"), &f).unwrap();
    let before = std::fs::read(&f).unwrap();
    let (code, _, err) = trf(&["fmt", f.to_str().unwrap(), "-o", f.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(std::fs::read(&f).unwrap(), before);
    let (code, _, _) = trf(&["fmt", f.to_str().unwrap(), "--in-place"]);
    assert_eq!(code, 0);
    assert_ne!(std::fs::read(&f).unwrap(), before);
}

#[test]
fn rules_and_explain() {
    let (code, out, _) = trf(&["rules"]);
    assert_eq!(code, 0);
    assert!(out.contains("TRF-S004  invalid-round-block"), "{out}");
    // The whole table: codes, names, aligned severity, consequence and
    // category columns, summaries (a contract for scripts that read it).
    insta::assert_snapshot!("rules_table", out);
    let (code, out, _) = trf(&["explain", "invalid-round-block"]);
    assert_eq!(code, 0);
    insta::assert_snapshot!(out);
    let (code, out2, _) = trf(&["explain", "trf-s004"]);
    assert_eq!((code, &out2), (0, &out));
    let (code, json, _) = trf(&["explain", "TRF-S004", "--format", "json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["rule"], "invalid-round-block");
    let (code, _, err) = trf(&["explain", "no-such-rule"]);
    assert_eq!(code, 2);
    assert!(err.contains("no rule"), "{err}");
}

/// `trf rate --rating-list` takes K from FIDE's list and says so.
#[test]
fn rate_takes_k_from_the_rating_list() {
    let (code, out, err) = trf(&[
        "rate",
        "samples/hand/list-crosscheck.trf",
        "--rating-list",
        "samples/lists/crosscheck-players_list_foa.txt",
        "--format",
        "json",
    ]);
    // The list is also cross-checked, as `trf check` does: player 5's ID is
    // not in it, so the report must be fixed before upload (exit 1).
    assert_eq!(code, 1, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["verdict"], "fix-before-upload");
    let p0 = &v["players"][0];
    assert_eq!(
        (p0["k"].as_u64(), p0["k_source"].as_str()),
        (Some(10), Some("list"))
    );
    // The player whose ID the list lacks falls back to a derived K.
    let p4 = &v["players"][4];
    assert_eq!(p4["k_source"].as_str(), Some("derived"));
    let (code, _, err) = trf(&[
        "rate",
        "samples/hand/list-crosscheck.trf",
        "--rating-list",
        "samples/nope.txt",
    ]);
    assert_eq!(code, 2);
    assert!(err.starts_with("trf: rating list:"), "{err}");
}

/// Human `check` of real reports: the verdict line first, then every
/// finding once (the consequence headings count exactly the JSON
/// findings, and no summary repeats them); findings of one rule that say
/// the same thing are one entry listing their items.
#[test]
fn check_human_is_verdict_first_and_each_finding_once() {
    for f in [
        "samples/real/bbp-dutch-2025-c5.trf",
        "samples/real/chessfy-real.trf",
        "samples/real/caissify-medium-9p7r-forfeits.trf",
        "samples/hand/malformed-syntax.trf",
        "samples/hand/rate-not-rateable-2024-all-below-band.trf",
    ] {
        let (_, out, _) = trf(&["check", f]);
        let (_, json, _) = trf(&["check", "--format", "json", f]);
        let v: serde_json::Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
        let findings = v["diagnostics"].as_array().unwrap().len();
        let first = out.lines().next().unwrap();
        let verdict = &first[f.len() + 2..];
        assert!(
            first.starts_with(&format!("{f}: "))
                && ["READY", "FIX BEFORE UPLOAD", "NOT RATEABLE"]
                    .iter()
                    .any(|w| verdict.starts_with(w)),
            "{out}"
        );
        let headed: usize = out
            .lines()
            .filter(|l| l.starts_with("  ") && !l.starts_with("   ") && l.ends_with("):"))
            .map(|l| {
                let n = &l[l.rfind('(').unwrap() + 1..l.len() - 2];
                n.parse::<usize>().unwrap()
            })
            .sum();
        assert_eq!(headed, findings, "{f}: {out}");
        let entries = out
            .lines()
            .filter(|l| l.starts_with(&format!("    {f}:")))
            .count();
        assert!(entries <= findings, "{out}");
        assert!(
            !out.contains(" errors, ") && !out.contains("… and "),
            "{out}"
        );
    }
    // Three missing records are one entry naming the three.
    let (_, out, _) = trf(&["check", "samples/real/bbp-dutch-2025-c5.trf"]);
    let missing: Vec<&str> = out
        .lines()
        .filter(|l| l.contains("[TRF-T001 missing-record]"))
        .collect();
    assert_eq!(missing.len(), 1, "{out}");
    for r in [
        "`022` (city)",
        "`032` (federation)",
        "`102` (chief arbiter)",
    ] {
        assert!(missing[0].contains(r), "{}", missing[0]);
    }
    // A not-rateable report says why on its first line.
    let f = "samples/hand/rate-not-rateable-2024-all-below-band.trf";
    let (_, out, _) = trf(&["check", f]);
    assert!(
        out.lines()
            .next()
            .unwrap()
            .contains("as played: 6 of 6 games are below the minimum rate of play"),
        "{out}"
    );
}

/// `trf` reads files from anywhere: it is linked as the toolchain links
/// it, position-independent, so that its code is placed at a random address
/// at each start like its libraries, heap and stack. An ELF executable's
/// type, at byte 16, is 3 (`DYN`) for a position-independent one and 2
/// (`EXEC`) for one at a fixed address.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[test]
fn trf_is_position_independent() {
    let bin = std::fs::read(env!("CARGO_BIN_EXE_trf")).expect("the trf binary");
    assert_eq!(&bin[..4], b"\x7fELF");
    assert_eq!(
        u16::from_le_bytes([bin[16], bin[17]]),
        3,
        "trf is linked at a fixed address"
    );
}

/// Small words said right: a report of one line is not "a Swiss with 0
/// players", and a summary of one file says "1 file".
#[test]
fn one_line_reports_and_one_file_are_said_plainly() {
    let dir = tempfile::tempdir().unwrap();
    let one = dir.path().join("one-line.trf");
    std::fs::write(&one, "012 Open\n").unwrap();
    let (_, out, err) = trf(&["check", one.to_str().unwrap()]);
    assert!(out.contains("no player (001) line"), "{out}{err}");
    assert!(!out.contains("Swiss"), "{out}");
    assert!(!out.contains("0 players"), "{out}");
    let (_, out, err) = trf(&["check", "--summary", "samples/hand/period-a-1.trf"]);
    assert!(
        out.contains("1 file:") || err.contains("1 file:"),
        "{out}{err}"
    );
    assert!(
        !out.contains("1 files") && !err.contains("1 files"),
        "{out}{err}"
    );
}

/// `trf report --letter`: for a report that must be fixed, what to change
/// in the arbiter's terms (record, line, player, round), ready to paste
/// into an e-mail; for a report that needs nothing, says so. No HTML is
/// written.
#[test]
fn report_letter_for_the_arbiter() {
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("shifted.trf");
    std::fs::copy(
        common::root().join("samples/hand/shifted-round-columns.trf"),
        &copy,
    )
    .unwrap();
    let (code, out, err) = trf(&["report", "--letter", copy.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Dear arbiter,"), "{out}");
    assert!(out.contains("cannot be sent to FIDE as it is"), "{out}");
    assert!(
        out.contains("1. Record 001 (line 12), player 1 (Period, Alex), round 1: "),
        "{out}"
    );
    assert!(
        out.contains("   What to do: Export the report again"),
        "{out}"
    );
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        1,
        "no HTML written"
    );
    let (code, out, err) = trf(&[
        "report",
        "--letter",
        "samples/across/duplicate-report/ok/graz-open.trf",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Dear arbiter,"), "{out}");
    assert!(!out.contains("1. "), "{out}");
}
