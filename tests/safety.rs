//! Issue 11: never lose a user's data, and stay bounded on any input.
//!
//! One test per promise: `fmt` writes back what it does not model, refuses
//! what is not a TRF, writes atomically and never over its input without
//! `--in-place`; mixed encodings are read per line; failed writes to
//! standard output are errors; `--max-size` holds for pipes; folders follow
//! links and report what they cannot read; a report's control characters
//! never reach the terminal; header counts and points cannot overflow
//! silently.

mod common;

use common::{trf, trf_raw};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const SAMPLE: &str = "samples/hand/swiss-utf8-lf.trf";

fn sample() -> String {
    std::fs::read_to_string(common::root().join(SAMPLE)).unwrap()
}

fn write(dir: &Path, name: &str, bytes: impl AsRef<[u8]>) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The messages of one rule's findings in `trf check --format json FILE`.
fn messages(file: &Path, rule: &str) -> Vec<String> {
    let (_, out, _) = trf(&["check", s(file), "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["rule"] == rule)
        .map(|d| d["message"].as_str().unwrap().to_owned())
        .collect()
}

/// The lines of `bytes` (CR LF, LF or CR ended), as byte strings.
fn lines(bytes: &[u8]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'\n' || bytes[i] == b'\r' {
            out.push(bytes[start..i].to_vec());
            if bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
                i += 1;
            }
            start = i + 1;
        }
        i += 1;
    }
    if start < bytes.len() {
        out.push(bytes[start..].to_vec());
    }
    out
}

#[test]
fn fmt_keeps_every_line_it_does_not_model_where_it_stood() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = sample();
    // A comment, an unknown line, a DAT line, a rating with a letter O and a
    // FIDE ID with a letter: none of them may be dropped or "fixed".
    text = text.replacen(
        "022 Cork\n",
        "022 Cork\n### only copy of this note\nHello arbiter\n",
        1,
    );
    text = text.replacen("2510 GER     4600010", "25O0 GER     4600010", 1);
    text = text.replacen("1950 IRL     2500030", "1950 IRL     25OOO30", 1);
    text.push_str("DAT    1 phone +353 1 234\n");
    let f = write(dir.path(), "t.trf", &text);
    let (code, out, err) = trf_raw(&["fmt", s(&f)]);
    assert_eq!(code, 0, "{err}");
    let out_lines = lines(&out);
    for keep in [
        "### only copy of this note",
        "Hello arbiter",
        "DAT    1 phone +353 1 234",
    ] {
        assert!(out_lines.contains(&keep.as_bytes().to_vec()), "{keep} lost");
    }
    let src_lines = lines(text.as_bytes());
    for bad in ["25O0", "25OOO30"] {
        let src = src_lines
            .iter()
            .find(|l| l.windows(bad.len()).any(|w| w == bad.as_bytes()))
            .unwrap();
        assert!(out_lines.contains(src), "the line with {bad} was rewritten");
    }
    assert_eq!(out_lines.len(), src_lines.len());
}

#[test]
fn fmt_refuses_what_is_not_a_trf_and_leaves_it_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let notes = "Dear arbiter,\nplease find the results attached.\n001 is the first player.\n";
    let f = write(dir.path(), "letter.txt", notes);
    for args in [vec!["fmt", s(&f), "--in-place"], vec!["fmt", s(&f)]] {
        let (code, out, err) = trf(&args);
        assert_eq!(code, 2, "{out}{err}");
        assert!(err.contains("not a TRF"), "{err}");
        assert_eq!(std::fs::read_to_string(&f).unwrap(), notes);
    }
    // Mostly unknown lines with one header record.
    let mostly = "012 x\nfoo\nbar\nbaz\n";
    let g = write(dir.path(), "mostly.txt", mostly);
    let (code, _, err) = trf(&["fmt", s(&g), "--in-place"]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(std::fs::read_to_string(&g).unwrap(), mostly);
}

#[test]
fn fmt_diff_shows_the_changes_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let text = sample().replacen("062 7", "062    7", 1);
    let f = write(dir.path(), "t.trf", &text);
    let (code, out, err) = trf(&["fmt", s(&f), "--diff"]);
    assert_eq!(code, 0, "{err}");
    // The sample's lines end in LF, which fmt makes CR LF: the diff shows
    // each line's end (issue 39).
    assert!(out.contains("\n-062    7\u{240a}\n"), "{out}");
    assert!(out.contains("\n+062 7\u{240d}\u{240a}\n"), "{out}");
    assert!(out.starts_with("--- "), "{out}");
    assert_eq!(std::fs::read_to_string(&f).unwrap(), text);
}

#[test]
fn mixed_encodings_are_read_per_line_and_written_back_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let mut bytes = sample().into_bytes();
    // Player 4's name pasted from a Windows program: `ř` is not in
    // Windows-1252, so write `Dvorakova` with a Windows-1252 `á` (0xE1).
    let from = "Dvořáková, Anežka ".as_bytes();
    let at = bytes.windows(from.len()).position(|w| w == from).unwrap();
    let mut to = b"Dvor\xe1kov\xe1, Anezka".to_vec();
    to.resize(from.len() - 4, b' ');
    bytes.splice(at..at + from.len(), to);
    let f = write(dir.path(), "mixed.trf", &bytes);
    let (code, out, err) = trf(&["check", s(&f), "--format", "json"]);
    assert_eq!(code, 0, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(v["encoding"], "utf-8");
    let mixed: Vec<_> = v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["rule"] == "mixed-encoding")
        .collect();
    assert_eq!(mixed.len(), 1, "{out}");
    assert_eq!(mixed[0]["code"], "TRF-S012");
    assert_eq!(mixed[0]["line"], 16);
    assert!(mixed[0]["message"].as_str().unwrap().contains("line 16 "));
    // Müller's name is still read as UTF-8, and player 4's columns hold.
    let (_, json, _) = trf(&["parse", s(&f)]);
    let m: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(m["players"][0]["name"], "Müller, Jörg");
    assert_eq!(m["players"][3]["name"], "Dvoráková, Anezka");
    assert_eq!(m["players"][3]["rating"], 1804);
    // fmt: every line keeps its bytes (the sample is already canonical).
    let (code, out, err) = trf_raw(&["fmt", s(&f)]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(lines(&out), lines(&bytes));
}

#[test]
fn output_naming_the_input_is_refused_however_spelt() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(
        dir.path(),
        "t.trf",
        sample().replacen("062 7", "062    7", 1),
    );
    let before = std::fs::read(&f).unwrap();
    let link = dir.path().join("link.trf");
    std::os::unix::fs::symlink(&f, &link).unwrap();
    let dotted = dir.path().join(".").join("t.trf");
    for out in [f.clone(), dotted, link] {
        let (code, _, err) = trf(&["fmt", s(&f), "-o", s(&out)]);
        assert_eq!(code, 2, "{}: {err}", out.display());
        assert!(err.contains("refusing"), "{err}");
        assert_eq!(std::fs::read(&f).unwrap(), before);
    }
    // A relative spelling, from the file's folder.
    let status = Command::new(env!("CARGO_BIN_EXE_trf"))
        .args(["fmt", s(&f), "-o", "./t.trf"])
        .current_dir(dir.path())
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(2));
    assert_eq!(std::fs::read(&f).unwrap(), before);
    // --in-place through a link replaces the file and keeps the link.
    let link = dir.path().join("link.trf");
    let (code, _, err) = trf(&["fmt", s(&link), "--in-place"]);
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(std::fs::read_to_string(&f)
        .unwrap()
        .contains("\r\n062 7\r\n"));
}

#[test]
fn a_failed_write_to_standard_output_is_an_error() {
    let full = std::fs::File::options().write(true).open("/dev/full");
    let Ok(full) = full else {
        return; // no /dev/full on this system
    };
    for args in [
        vec!["check", SAMPLE],
        vec!["check", SAMPLE, "--format", "json"],
        vec!["parse", SAMPLE],
        vec!["fmt", SAMPLE],
        vec!["rate", SAMPLE],
        vec!["rules"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_trf"))
            .args(&args)
            .current_dir(common::root())
            .stdout(full.try_clone().unwrap())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains("cannot write to standard output"), "{err}");
    }
}

#[test]
fn a_closed_pipe_stays_quiet() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_trf"))
        .args(["check", "samples/hand", "--format", "json"])
        .current_dir(common::root())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("standard output"), "{err}");
}

#[test]
fn list_index_says_it_cannot_write() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("players_list_foa.txt");
    std::fs::copy(
        common::root().join("samples/lists/players_list_foa_2024-03.txt"),
        &list,
    )
    .or_else(|_| {
        // Any list from the samples will do.
        let any = std::fs::read_dir(common::root().join("samples/lists"))
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .find(|p| p.extension().is_some_and(|x| x == "txt"))
            .unwrap();
        std::fs::copy(any, &list)
    })
    .unwrap();
    // The index cannot take its place: a folder (not empty) has its name.
    let taken = dir.path().join("players_list_foa.txt.trfidx");
    std::fs::create_dir(&taken).unwrap();
    std::fs::write(taken.join("keep"), b"x").unwrap();
    let (code, _, err) = trf(&["list", "index", s(&list)]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("cannot write"), "{err}");
}

#[test]
fn max_size_holds_for_standard_input_and_pipes() {
    let run = |args: &[&str], input: &[u8]| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_trf"))
            .args(args)
            .current_dir(common::root())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let input = input.to_vec();
        // The reader stops early: a refused write to its pipe is expected.
        let feeder = std::thread::spawn(move || {
            use std::io::Write;
            let _ = stdin.write_all(&input);
        });
        let out = child.wait_with_output().unwrap();
        feeder.join().unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let text = sample();
    for cmd in ["check", "parse", "rate", "fmt"] {
        let (code, out, err) = run(&[cmd, "-"], text.as_bytes());
        assert!(code == Some(0) || code == Some(1), "{cmd}: {out}{err}");
        let (code, _, err) = run(&[cmd, "-", "--max-size", "100"], text.as_bytes());
        assert_eq!(code, Some(2), "{cmd}: {err}");
        assert!(err.contains("over the limit of 100 bytes"), "{err}");
    }
    let (code, _, err) = run(
        &["check", "/dev/stdin", "--max-size", "100"],
        text.as_bytes(),
    );
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("over the limit"), "{err}");
    // Megabytes on a pipe are not read into memory.
    let big = vec![b'x'; 8 << 20];
    let (code, _, err) = run(&["check", "-", "--max-size", "1000"], &big);
    assert_eq!(code, Some(2), "{err}");
}

#[test]
fn folders_follow_links_read_utf16_and_report_what_they_cannot_read() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("reports");
    std::fs::create_dir(&root).unwrap();
    let text = sample();
    let elsewhere = write(dir.path(), "elsewhere.trf", &text);
    std::os::unix::fs::symlink(&elsewhere, root.join("linked.trf")).unwrap();
    // A link back to the folder itself: reported, not followed forever.
    std::os::unix::fs::symlink(&root, root.join("loop")).unwrap();
    let mut utf16 = vec![0xFF, 0xFE];
    for u in text.encode_utf16() {
        utf16.extend(u.to_le_bytes());
    }
    write(&root, "utf16.trf", &utf16);
    let mut json = Command::new(env!("CARGO_BIN_EXE_trf"));
    json.args(["check", s(&root), "--format", "json"]);
    let out = json.output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let files: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let names: Vec<&str> = files.iter().map(|f| f["file"].as_str().unwrap()).collect();
    assert!(names.iter().any(|n| n.ends_with("linked.trf")), "{names:?}");
    let u = files
        .iter()
        .find(|f| f["file"].as_str().unwrap().ends_with("utf16.trf"))
        .expect("the UTF-16 report is checked");
    assert_eq!(u["encoding"], "utf-16");
    assert_eq!(u["players"], 7);
    assert!(
        u["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["code"] == "TRF-S013"),
        "{u}"
    );
    // The loop is reported, and makes the run exit 2.
    assert!(stderr.contains("loop"), "{stderr}");
    assert_eq!(out.status.code(), Some(2));
    // An unreadable file (a dangling link) too.
    std::fs::remove_file(root.join("loop")).unwrap();
    std::os::unix::fs::symlink(dir.path().join("gone.trf"), root.join("dangling.trf")).unwrap();
    let (code, _, err) = trf(&["check", s(&root), "--format", "json"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("dangling.trf"), "{err}");
}

#[test]
fn a_file_name_that_is_not_utf8_is_shown_escaped_and_recoverable() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let name = std::ffi::OsStr::from_bytes(b"Jos\xe9.trf");
    let f = dir.path().join(name);
    std::fs::write(&f, sample()).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_trf"))
        .args(["check", "--format", "json"])
        .arg(dir.path())
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).expect("JSON output is UTF-8");
    let v: serde_json::Value = serde_json::from_str(stdout.lines().next().unwrap()).unwrap();
    let file = v["file"].as_str().unwrap();
    assert!(file.ends_with("Jos\\xE9.trf"), "{file}");
    let plain = Command::new(env!("CARGO_BIN_EXE_trf"))
        .arg("check")
        .arg(&f)
        .output()
        .unwrap();
    let text = String::from_utf8(plain.stdout).expect("human output is UTF-8");
    assert!(text.contains("Jos\\xE9.trf"), "{text}");
}

#[test]
fn control_characters_from_a_report_never_reach_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    // A name that would clear the screen, and a bad field beside it so that
    // check has something to say about that line.
    let text = sample()
        .replacen("Müller, Jörg      ", "M\x1b[2J\x1b[31mller, J", 1)
        .replacen("062 7", "062 x", 1);
    let f = write(dir.path(), "esc.trf", &text);
    for args in [
        vec!["check", s(&f)],
        vec!["parse", s(&f), "--format", "human"],
        vec!["rate", s(&f)],
    ] {
        let (_, out, err) = trf(&args);
        assert!(!out.contains('\x1b'), "{args:?}: raw escape in {out}");
        assert!(!err.contains('\x1b'), "{args:?}: raw escape in {err}");
    }
    let (_, out, _) = trf(&["parse", s(&f), "--format", "human"]);
    assert!(out.contains("M\\u{1b}[2J"), "{out}");
    let (_, json, _) = trf(&["parse", s(&f)]);
    assert!(json.contains("\\u001b[2J"), "{json}");
}

#[test]
fn header_counts_beyond_their_type_are_findings() {
    let dir = tempfile::tempdir().unwrap();
    let text =
        sample()
            .replacen("062 7", "062 4294967296", 1)
            .replacen("XXR 5", "XXR 5\n142 70000", 1);
    let f = write(dir.path(), "big.trf", text);
    let invalid = messages(&f, "invalid-field");
    assert!(
        invalid.iter().any(|m| m.contains("4294967296")),
        "{invalid:?}"
    );
    assert!(invalid.iter().any(|m| m.contains("70000")), "{invalid:?}");
}

#[test]
fn huge_scoring_values_do_not_wrap_to_negative_totals() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::from("012 Overflow\n042 2024/01/01\nXXS WW=999999.9 BW=999999.9\n");
    // Two players who won 300 games each against each other with White.
    for (me, opp, colour) in [(1, 2, 'w'), (2, 1, 'b')] {
        let mut line = format!(
            "001 {me:>4} m    {:<33} 1800 ENG {:>11} 1990/01/01  1.0 {me:>4}",
            format!("Player {me}"),
            1000 + me
        );
        for _ in 0..300 {
            let c = if colour == 'w' { "w 1" } else { "b 0" };
            line.push_str(&format!("  {opp:>4} {c}"));
        }
        text.push_str(&line);
        text.push('\n');
    }
    let f = write(dir.path(), "xxs.trf", text);
    let totals = messages(&f, "points-mismatch");
    assert_eq!(totals.len(), 2, "{totals:?}");
    for m in totals {
        assert!(!m.contains("`-"), "a negative total: {m}");
    }
}

#[test]
fn fmt_never_writes_replacement_characters() {
    // A Latin-1 report read as UTF-8: the lines with bytes that are not
    // UTF-8 are kept as they are, never written with U+FFFD.
    let dir = tempfile::tempdir().unwrap();
    let bytes = std::fs::read(common::root().join("samples/real/icu-latin-1.trf")).unwrap();
    let f = write(dir.path(), "latin1.trf", &bytes);
    let (code, out, err) = trf_raw(&["fmt", s(&f), "--encoding", "utf-8"]);
    assert_eq!(code, 0, "{err}");
    let replacement = "\u{FFFD}".as_bytes();
    assert!(!out.windows(3).any(|w| w == replacement));
    let undecodable: Vec<Vec<u8>> = lines(&bytes)
        .into_iter()
        .filter(|l| std::str::from_utf8(l).is_err())
        .collect();
    assert!(!undecodable.is_empty());
    let written = lines(&out);
    for l in &undecodable {
        assert!(written.contains(l), "{}", String::from_utf8_lossy(l));
    }
}

#[test]
fn fmt_keeps_dates_whose_reading_depends_on_the_others() {
    // `02/10/2010` alone could be 10 February; beside `24/09/2010` it is
    // 2 October. Rewriting the start date alone would change the end date;
    // both are written, from the dates as read together.
    let dir = tempfile::tempdir().unwrap();
    let text = sample()
        .replacen("042 2024/04/13", "042 24/09/2010", 1)
        .replacen("052 2024/04/15", "052 02/10/2010", 1);
    let f = write(dir.path(), "dates.trf", &text);
    let (code, out, err) = trf_raw(&["fmt", s(&f)]);
    assert_eq!(code, 0, "{err}");
    let g = write(dir.path(), "formatted.trf", &out);
    let end = |p: &Path| {
        let (_, json, _) = trf(&["parse", s(p)]);
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        v["header"]["end_date"]["date"].clone()
    };
    // The same date, now written in the one format of the header's dates.
    assert_eq!(end(&g), end(&f));
    assert_eq!(end(&f), "2010-10-02");
    let out = String::from_utf8_lossy(&out);
    assert!(
        out.contains("042 2010/09/24\r\n052 2010/10/02\r\n"),
        "{out}"
    );
}

#[test]
fn findings_over_the_limit_are_counted_not_kept() {
    // Random opponents: many asymmetric pairings and unreadable blocks.
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::from("012 Limits\n042 2024/01/01\n");
    for me in 1..=40u32 {
        let mut line = format!(
            "001 {me:>4} m    {:<33} 1800 ENG {:>11} 1990/01/01  0.0 {me:>4}",
            format!("Player {me}"),
            1000 + me
        );
        for r in 1..=9u32 {
            let opp = (me * 7 + r * 13) % 40 + 1;
            let result = if r % 3 == 0 { "?" } else { "1" };
            line.push_str(&format!("  {opp:>4} w {result}"));
        }
        text.push_str(&line);
        text.push('\n');
    }
    let f = write(dir.path(), "many.trf", text);
    let run = |max: &str| {
        let (_, out, _) = trf(&["check", s(&f), "--format", "json", "--max-per-rule", max]);
        serde_json::from_str::<serde_json::Value>(out.lines().next().unwrap()).unwrap()
    };
    let (all, capped) = (run("0"), run("3"));
    // The totals are exact: what is not kept is counted.
    for count in ["errors", "warnings", "advice", "rateable"] {
        assert_eq!(capped[count], all[count], "{count}");
    }
    assert!(all["errors"].as_u64().unwrap() > 50);
    let kept = capped["diagnostics"].as_array().unwrap();
    let most = kept
        .iter()
        .fold(std::collections::HashMap::new(), |mut m, d| {
            *m.entry(d["rule"].as_str().unwrap().to_owned()).or_insert(0) += 1;
            m
        });
    assert!(most.values().all(|&n| n <= 4), "{most:?}");
}

#[test]
fn fmt_refuses_a_conversion_it_cannot_make_faithfully() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("bad.trf");
    std::fs::copy(common::root().join("samples/hand/malformed-syntax.trf"), &f).unwrap();
    let before = std::fs::read(&f).unwrap();
    let (code, _, err) = trf(&["fmt", s(&f), "--dialect", "trf26", "--in-place"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("cannot be converted"), "{err}");
    assert_eq!(std::fs::read(&f).unwrap(), before);
}

#[test]
fn max_size_holds_for_a_fifo() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo.trf");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        return; // no mkfifo here
    }
    let path = fifo.clone();
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        let mut w = std::fs::OpenOptions::new().write(true).open(path).unwrap();
        // Far more than the limit; the reader stops early.
        for _ in 0..1024 {
            if w.write_all(&[b'x'; 8192]).is_err() {
                break;
            }
        }
    });
    let (code, _, err) = trf(&["check", s(&fifo), "--max-size", "1000"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("over the limit of 1000 bytes"), "{err}");
    writer.join().unwrap();
}

#[test]
fn the_writer_reserves_per_line_not_players_times_the_longest_line() {
    // 3,000 short player lines and one with 9,000 rounds: reserving
    // players × longest line would be 270 MB for a 370 kB report.
    let mut text = String::from("012 Long line\n");
    for me in 1..=3000u32 {
        text.push_str(&format!("001 {me:>4} m    Player{me:<27}\n"));
    }
    let mut long = String::from("001 3001 m    Long                              ");
    for _ in 0..9000 {
        long.push_str("  0000 - U");
    }
    text.push_str(&long);
    let t = trfkit::parse_str(&text).tournament;
    let out = trfkit::write(&t, trfkit::Target::Trf16);
    assert!(
        out.capacity() < 8 * text.len() + (1 << 20),
        "{}",
        out.capacity()
    );
}

/// The rule names of `trf check --format json FILE`'s findings, sorted.
fn rules(file: &Path) -> Vec<String> {
    let (_, out, _) = trf(&["check", s(file), "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    let mut r: Vec<String> = v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["rule"].as_str().unwrap().to_owned())
        .collect();
    r.sort();
    r
}

#[test]
fn a_windows_1252_byte_in_a_utf8_line_moves_no_column() {
    // `Ó Briain, Séamus` with its `é` pasted as Windows-1252 (0xE9): the
    // line is not UTF-8, but its `Ó` is. Read as Windows-1252 whole, `Ó`
    // became two characters and the rating, federation, points and every
    // round block moved one column (7 false errors).
    let dir = tempfile::tempdir().unwrap();
    let clean = sample().into_bytes();
    let from = "Séamus".as_bytes();
    let at = clean.windows(from.len()).position(|w| w == from).unwrap();
    let mut bytes = clean.clone();
    bytes.splice(at..at + from.len(), b"S\xe9amus".iter().copied());
    let f = write(dir.path(), "mixed.trf", &bytes);
    let g = write(dir.path(), "clean.trf", &clean);
    let mut want = rules(&g);
    want.push("mixed-encoding".to_owned());
    want.sort();
    assert_eq!(rules(&f), want);
    let (_, json, _) = trf(&["parse", s(&f)]);
    let m: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(m["players"][2]["name"], "Ó Briain, Séamus");
    assert_eq!(m["players"][2]["rating"], 1950);
    assert_eq!(m["players"][2]["fide_id"], 2500030);
    // fmt --in-place changes no value: the guessed line is kept as it was.
    let (code, _, err) = trf(&["fmt", s(&f), "--in-place"]);
    assert_eq!(code, 0, "{err}");
    let after = std::fs::read(&f).unwrap();
    assert_eq!(lines(&after), lines(&bytes));
}

#[test]
fn fmt_keeps_every_word_of_a_line_the_model_reads_only_in_part() {
    // Words the reader leaves alone on a line it otherwise reads without a
    // finding, in the shapes real programs write: a region code and a date
    // after a national rating (`IDF`, `1990/00/00 BRE m`-style tails), a sex
    // `u`, an `X 0.5` pair in a `162` record, a remark after a count.
    let dir = tempfile::tempdir().unwrap();
    let mut text = sample();
    text = text.replacen("072 6\n", "072 6 (one withdrew, then came back)\n", 1);
    text = text.replacen(
        "122 ",
        "162  W 1.0    D 0.5    L 0.0    A 0.0    P 1.0    X 0.5\n122 ",
        1,
    );
    text = text.replacen("001    6 m ", "001    6 u ", 1);
    let national = [
        "IRL    1    A                                   2200 IDF      D50113",
        "IRL    2 m  A Test0014 Player0014               2700 BRE      L01854 1990/00/00",
        "IRL    3   GM Fischer, Bobby                    2785 US  I-12345     1943/03/09",
    ];
    text = text.replacen("XXR 5\n", &format!("XXR 5\n{}\n", national.join("\n")), 1);
    let f = write(dir.path(), "words.trf", &text);
    for dialect in [None, Some("trf16"), Some("trf26")] {
        let mut args = vec!["fmt", s(&f)];
        args.extend(dialect.iter().flat_map(|d| ["--dialect", d]));
        let (code, out, err) = trf(&args);
        if dialect == Some("trf16") {
            // `X 0.5` has no place in TRF16's `XXS`: no conversion.
            assert_eq!(code, 2, "{out}");
            assert!(err.contains("cannot be converted"), "{err}");
            continue;
        }
        assert_eq!(code, 0, "{dialect:?}: {err}");
        let mut words: Vec<&str> = out.split_whitespace().collect();
        words.sort_unstable();
        let lines_kept = [
            "(one withdrew, then came back)",
            "X 0.5",
            national[0],
            national[1],
            national[2],
        ];
        for keep in lines_kept {
            for w in keep.split_whitespace() {
                assert!(
                    words.binary_search(&w).is_ok(),
                    "{dialect:?} lost {w:?}:\n{out}"
                );
            }
        }
        assert!(
            out.lines().any(|l| l.starts_with("001    6 u ")),
            "{dialect:?}: the sex `u` is gone:\n{out}"
        );
    }
}
