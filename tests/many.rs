//! Views of many reports: `trf check --summary` (text, JSON, CSV read back
//! by a CSV parser), the findings across reports in `trf check`, and the
//! refusals.

mod common;

use common::trf;

const SET: &str = "samples/across/player-data-conflict/fires";

#[test]
fn check_summary_is_one_line_per_report() {
    let (code, out, err) = trf(&[
        "check",
        "--summary",
        "samples/across/duplicate-report/fires",
        "samples/hand/verdict-online-export.trf",
    ]);
    assert_eq!(code, 1, "{err}");
    insta::assert_snapshot!("check_summary_human", out);
    // No findings: no line of the form `file:line:col: severity[...]`.
    assert!(!out.contains("warning["));
}

#[test]
fn check_summary_csv_reads_back() {
    let (code, out, err) = trf(&[
        "check",
        "--summary",
        "--format",
        "csv",
        SET,
        "samples/hand/verdict-online-export.trf",
    ]);
    assert_eq!(code, 1, "{err}");
    let mut r = csv::Reader::from_reader(out.as_bytes());
    let head: Vec<String> = r.headers().unwrap().iter().map(String::from).collect();
    assert_eq!(
        head,
        [
            "file",
            "event",
            "start",
            "end",
            "rating_type",
            "verdict",
            "reason",
            "event-not-rated",
            "fix-before-upload",
            "players-not-rated",
            "games-not-rated",
            "cosmetic",
            "info"
        ]
    );
    let rows: Vec<csv::StringRecord> = r.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 3);
    assert_eq!(
        &rows[0][0],
        "samples/across/player-data-conflict/fires/graz-open.trf"
    );
    assert_eq!(&rows[1][1], "Linz June");
    assert_eq!(&rows[1][2], "2024-06-20");
    assert_eq!(&rows[1][3], "2024-06-22");
    assert_eq!(&rows[1][4], "standard");
    assert_eq!(&rows[1][5], "ready");
    assert!(
        rows[1][6].contains("player-data-conflict"),
        "{}",
        &rows[1][6]
    );
    assert_eq!(&rows[2][5], "not-rateable");
    assert!(rows[2][6].contains("online-event"));
    let not_rated: usize = rows[2][7].parse().unwrap();
    assert!(not_rated >= 1);
    insta::assert_snapshot!("check_summary_csv", out);
}

#[test]
fn check_summary_json_is_one_object_per_report() {
    let (_, out, _) = trf(&["check", "--summary", "--format", "json", SET]);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    for key in [
        "file",
        "event",
        "start",
        "end",
        "rating_type",
        "verdict",
        "reason",
        "by_consequence",
    ] {
        assert!(lines[0].get(key).is_some(), "{key}");
    }
}

#[test]
fn summary_refuses_sarif_and_csv_needs_summary() {
    let (code, _, err) = trf(&["check", "--summary", "--format", "sarif", SET]);
    assert_eq!(code, 2);
    assert!(err.contains("--summary"), "{err}");
    let (code, _, err) = trf(&["check", "--format", "csv", SET]);
    assert_eq!(code, 2);
    assert!(err.contains("--summary"), "{err}");
}

#[test]
fn check_of_several_reports_adds_the_findings_across_them() {
    let (_, out, _) = trf(&[
        "check",
        "--format",
        "json",
        "samples/across/duplicate-report/fires",
    ]);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    for l in &lines {
        let d = l["diagnostics"].as_array().unwrap();
        assert!(d.iter().any(|d| d["code"] == "TRF-A002"), "{l}");
    }
    // One report alone: nothing to compare.
    let (_, out, _) = trf(&[
        "check",
        "--format",
        "json",
        "samples/across/duplicate-report/fires/graz-open.trf",
    ]);
    assert!(!out.contains("TRF-A0"));
    // Disabled like any rule.
    let (_, out, _) = trf(&[
        "check",
        "--format",
        "json",
        "--disable",
        "duplicate-report",
        "samples/across/duplicate-report/fires",
    ]);
    assert!(!out.contains("TRF-A002"));
    let (code, out, _) = trf(&["explain", "duplicate-report"]);
    assert_eq!(code, 0);
    assert!(out.contains("TRF-A002"));
}

#[test]
fn rate_takes_several_reports_and_every_csv_row_says_which() {
    let (code, out, err) = trf(&[
        "rate",
        "--format",
        "csv",
        SET,
        "samples/hand/rr-2005-worked-example.trf",
    ]);
    assert_eq!(code, 0, "{err}");
    let mut r = csv::Reader::from_reader(out.as_bytes());
    let head = r.headers().unwrap().clone();
    let file = head.iter().position(|h| h == "file").unwrap();
    let tournament = head.iter().position(|h| h == "tournament").unwrap();
    assert_eq!(
        &head[19], "verdict",
        "existing columns stay where they were"
    );
    let rows: Vec<csv::StringRecord> = r.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 12 + 4 + 10);
    assert!(rows
        .iter()
        .all(|r| !r[file].is_empty() && !r[tournament].is_empty()));
    assert_eq!(
        &rows[12][file],
        "samples/across/player-data-conflict/fires/linz-june.trf"
    );
    assert_eq!(&rows[12][tournament], "Linz June");
    assert_eq!(&rows[16][file], "samples/hand/rr-2005-worked-example.trf");
    // JSON: one object a line, each with its file.
    let (_, out, _) = trf(&["rate", "--format", "json", SET]);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(
        lines[1]["file"],
        "samples/across/player-data-conflict/fires/linz-june.trf"
    );
    assert!(lines[1]["players"].is_array());
    // Text: each report's verdict, findings across reports included.
    let (_, out, _) = trf(&["rate", SET]);
    for f in ["graz-open.trf: ", "linz-june.trf: "] {
        let n = out
            .lines()
            .filter(|l| l.starts_with(SET) && l.contains(f))
            .count();
        assert_eq!(n, 1, "{out}");
    }
    assert!(out.contains("[player-data-conflict]"), "{out}");
}

#[test]
fn report_of_several_writes_each_and_an_index_never_over_existing_files() {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().join("month");
    let o = out_dir.to_str().unwrap();
    let (code, out, err) = trf(&[
        "report",
        SET,
        "samples/hand/verdict-online-export.trf",
        "-o",
        o,
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("3 reports: 2 ready, 0 fix before upload, 1 not rateable"),
        "{out}"
    );
    let mut names: Vec<String> = std::fs::read_dir(&out_dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "graz-open.report.html",
            "index.html",
            "linz-june.report.html",
            "verdict-online-export.report.html"
        ]
    );
    let index = std::fs::read_to_string(out_dir.join("index.html")).unwrap();
    for n in &names[..1] {
        assert!(index.contains(&format!("href=\"{n}\"")), "{index}");
    }
    assert!(index.contains("FIDE will not rate this event"));
    let linz = std::fs::read_to_string(out_dir.join("linz-june.report.html")).unwrap();
    assert!(
        linz.contains("player-data-conflict"),
        "findings across reports are in each report"
    );
    // Again: refused before anything is written; the files stay as they are.
    let before = std::fs::read(out_dir.join("index.html")).unwrap();
    let (code, _, err) = trf(&["report", SET, "-o", o]);
    assert_eq!(code, 2);
    assert!(err.contains("exists"), "{err}");
    assert_eq!(std::fs::read(out_dir.join("index.html")).unwrap(), before);
    let (code, _, err) = trf(&["report", SET, "-o", o, "--force"]);
    assert_eq!(code, 0, "{err}");
    // Several reports need a folder.
    let (code, _, err) = trf(&["report", SET]);
    assert_eq!(code, 2);
    assert!(err.contains("-o DIR"), "{err}");
}

#[test]
fn registrations_match_by_name_and_by_path_and_say_the_fallback() {
    let dir = tempfile::tempdir().unwrap();
    let csv_path = dir.path().join("registrations.csv");
    // graz-open.trf by its file name (registered a day before its start:
    // too late); linz-june.trf by the path as given (in time); the third
    // report is not named.
    std::fs::write(
        &csv_path,
        "file,registered_on,rating_type\n\
         graz-open.trf,2024-05-31,\n\
         samples/across/player-data-conflict/fires/linz-june.trf,2024-05-01,standard\n",
    )
    .unwrap();
    let regs = csv_path.to_str().unwrap();
    let (_, out, err) = trf(&[
        "check",
        "--format",
        "json",
        "--registrations",
        regs,
        SET,
        "samples/hand/rr-2005-worked-example.trf",
    ]);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let late = |l: &serde_json::Value| {
        l["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["rule"] == "registration-too-late")
    };
    assert!(
        late(&lines[0]),
        "graz-open: registered 1 day before: {}",
        lines[0]
    );
    assert!(!late(&lines[1]), "linz-june: registered in time");
    assert!(
        err.contains("rr-2005-worked-example.trf: not in")
            && err.contains("the command-line registration flags apply"),
        "{err}"
    );
    assert!(!err.contains("linz-june.trf: not in"), "{err}");
    // The same facts reach rate and report.
    let (_, _, err) = trf(&["rate", "--registrations", regs, SET]);
    assert!(!err.contains("not in"), "{err}");
    // A bad row is a usage error that says where.
    std::fs::write(&csv_path, "file,registered_on\ngraz-open.trf,31/05/2024\n").unwrap();
    let (code, _, err) = trf(&["check", "--registrations", regs, SET]);
    assert_eq!(code, 2);
    assert!(
        err.contains("line 2: registered_on `31/05/2024` is not a date (YYYY-MM-DD)"),
        "{err}"
    );
}

/// A zip of `members` (name, bytes), deflated as arbiters' mail programs do.
fn zip_of(members: &[(&str, &[u8])]) -> Vec<u8> {
    use std::io::Write;
    let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let opts = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for (name, data) in members {
        w.start_file(*name, opts).unwrap();
        w.write_all(data).unwrap();
    }
    w.finish().unwrap().into_inner()
}

/// The two versions of one event and a third report, as files of a folder.
const VERSIONS: &[&str] = &[
    "samples/across/event-versions/fires/graz-open.trf",
    "samples/across/event-versions/fires/graz-open-corrected.trf",
    "samples/hand/verdict-online-export.trf",
];

#[test]
fn a_zip_of_reports_is_read_like_a_folder() {
    let dir = tempfile::tempdir().unwrap();
    let root = common::root();
    let bytes: Vec<Vec<u8>> = VERSIONS
        .iter()
        .map(|f| std::fs::read(root.join(f)).unwrap())
        .collect();
    let folder = dir.path().join("folder");
    let mail = dir.path().join("mail");
    std::fs::create_dir_all(folder.join("round")).unwrap();
    std::fs::create_dir_all(&mail).unwrap();
    for (f, b) in VERSIONS.iter().zip(&bytes) {
        let name = std::path::Path::new(f).file_name().unwrap();
        std::fs::write(folder.join("round").join(name), b).unwrap();
    }
    std::fs::write(folder.join("Arbiter's notes.pdf"), b"%PDF-1.4 not a report").unwrap();
    // The member names an arbiter's archive may carry, hostile ones too:
    // none is ever used as a path.
    let zip = zip_of(&[
        ("round/graz-open.trf", &bytes[0]),
        ("../../graz-open-corrected.trf", &bytes[1]),
        ("/tmp/verdict-online-export.trf", &bytes[2]),
        ("Arbiter's notes.pdf", b"%PDF-1.4 not a report"),
    ]);
    let archive = mail.join("reports.zip");
    std::fs::write(&archive, &zip).unwrap();
    let at = |p: &std::path::Path| p.to_str().unwrap().to_owned();

    let (code, zipped, err) = trf(&["check", "--summary", &at(&archive)]);
    assert_eq!(code, 1, "{err}");
    let (_, folder_out, _) = trf(&["check", "--summary", &at(&folder)]);
    for name in [
        "reports.zip:round/graz-open.trf",
        "reports.zip:../../graz-open-corrected.trf",
        "reports.zip:tmp/verdict-online-export.trf",
    ] {
        assert!(zipped.contains(name), "{name} in\n{zipped}");
    }
    // The same verdicts and counts as the same reports in a folder.
    let tail = |s: &str| {
        s.lines()
            .skip_while(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(tail(&zipped), tail(&folder_out));
    assert!(
        err.contains("skipped ")
            && err.contains("reports.zip:Arbiter's notes.pdf: does not look like a TRF"),
        "{err}"
    );
    // Across reports, the two versions of one event are found in the zip.
    assert!(zipped.contains("event-versions"), "{zipped}");

    // Every command that takes a folder takes the zip.
    let (code, out, err) = trf(&["period", "--period", "2024-07", &at(&archive)]);
    assert!(code == 1 || code == 0, "{err}");
    assert!(out.contains("reports.zip:round/graz-open.trf"), "{out}");
    let (code, out, err) = trf(&["rate", &at(&archive)]);
    assert!(code == 0 || code == 1, "{err}");
    assert!(out.contains("Adler, Anton"), "{out}");
    let (code, out, err) = trf(&["norms", &at(&archive)]);
    assert!(code == 0 || code == 1, "{err}");
    assert!(out.contains("reports.zip:round/graz-open.trf"), "{out}");
    let pages = dir.path().join("pages");
    let (code, out, err) = trf(&["report", &at(&archive), "-o", &at(&pages)]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("3 reports"), "{out}");

    // Nothing was unpacked or written beside the archive, nor where the
    // hostile names point.
    let beside: Vec<_> = std::fs::read_dir(&mail).unwrap().collect();
    assert_eq!(beside.len(), 1);
    assert!(!dir.path().join("graz-open-corrected.trf").exists());
    let mut written: Vec<String> = std::fs::read_dir(&pages)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    written.sort();
    assert_eq!(
        written,
        [
            "graz-open-corrected.report.html",
            "graz-open.report.html",
            "index.html",
            "verdict-online-export.report.html"
        ]
    );
}

#[test]
fn a_zip_bomb_or_a_damaged_zip_gets_a_clear_message() {
    let dir = tempfile::tempdir().unwrap();
    // A TRF line, then 40 MiB of blanks: some 40 KiB deflated, a ratio
    // near 1000 where text compresses tenfold.
    let mut big = std::fs::read(common::root().join(VERSIONS[0])).unwrap();
    big.resize(40 << 20, b' ');
    let bomb = dir.path().join("bomb.zip");
    std::fs::write(&bomb, zip_of(&[("big.trf", &big)])).unwrap();
    let (code, out, err) = trf(&["check", "--summary", bomb.to_str().unwrap()]);
    assert_eq!(code, 2, "{out}");
    assert!(
        err.contains("bomb.zip:big.trf: zip member `big.trf` expands to more than")
            && err.contains("far more than any tournament report (a zip bomb?); not read"),
        "{err}"
    );
    let bad = dir.path().join("damaged.zip");
    let mut z = zip_of(&[("a.trf", &big[..500])]);
    z.truncate(z.len() - 10);
    std::fs::write(&bad, z).unwrap();
    let (code, _, err) = trf(&["check", bad.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        err.contains("damaged.zip: not a readable zip archive"),
        "{err}"
    );
}

#[test]
fn a_report_named_zip_that_is_no_archive_is_read_as_a_report() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("report.zip");
    std::fs::copy(common::root().join(VERSIONS[0]), &f).unwrap();
    let (code, out, err) = trf(&["check", "--summary", f.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("report.zip ") && !out.contains("report.zip:"),
        "{out}"
    );
}

/// `--summary` counts say what the findings say: a strong field without a
/// registration date gives notes that registration was not checked, not
/// events registered too late; given the date, the rule's own name counts
/// what it finds.
#[test]
fn summary_counts_say_what_the_findings_say() {
    let dir = "samples/rules/registration-too-late";
    let f = format!("{dir}/fires_advice_30_days.trf");
    let (_, out, err) = trf(&["check", "--summary", &f]);
    assert!(
        out.contains("registration with FIDE not checked 1 (registration-too-late, notes only)"),
        "{out}{err}"
    );
    assert!(!out.contains("registration-too-late 1"), "{out}");
    let (_, out, err) = trf(&["check", "--summary", "--registered-on", "2000-01-01", &f]);
    assert!(!out.contains("not checked 1"), "{out}{err}");
}
