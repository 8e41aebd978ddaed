//! A month of many reports is streamed (issue 40): each report is read,
//! checked and rated, reduced to what the month needs, then dropped, so
//! that memory grows with the players and the findings shown, not with
//! the bytes read. A generated month of 300 reports, its players drawn
//! from one synthetic list, is checked and rated under a ceiling on the
//! peak memory of `trf` that holding every report until the search across
//! reports is done went past (`check --summary --rating-list` peaked at
//! 149 MB and `check --summary` at 114 MB on this month in a debug build;
//! streamed, 65 MB and 56 MB). `period --format csv --rating-list` is
//! written as each player is made, never holding the period's whole answer
//! or its text, and the search across reports done before any report is
//! rated: it peaked at 139 MB on this month before (release build of 29
//! Nov 2026), 70 MB since (debug build).
//!
//! Then (issue 40, `benches/month.md`) the rating list's records are kept
//! packed, the keys of the search across reports hold only what its rules
//! read (and with the list are searched before the list is read), and
//! each report's rating is reduced to the period's figures as soon as it
//! is made: in a debug build, `check --summary --rating-list` 63 -> 49 MB,
//! `check --summary` 48 -> 41 MB, `period --format csv --rating-list` 70
//! -> 54 MB on this month. Each ceiling is about 8 MB above the latter;
//! those of the runs with the list are below the former.
//!
//! Linux only: the peak is the child's high-water mark of resident memory
//! (`VmHWM` in `/proc/PID/status`), read every few milliseconds while it
//! runs (a peak held for less than that could go unseen: the reports held
//! until the search across reports is done were held for seconds).

#![cfg(target_os = "linux")]

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

/// Runs `trf` with `args` (output discarded) and returns its exit status
/// and the highest peak resident memory seen, in MB.
fn peak_mb(args: &[&str]) -> (Option<i32>, u64) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_trf"))
        .args(args)
        // Each thread holds the report it reads: the ceiling is for two,
        // whatever the machine's processors.
        .env("RAYON_NUM_THREADS", "2")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("trf starts");
    let status = format!("/proc/{}/status", child.id());
    let mut peak_kb = 0u64;
    loop {
        // Read before the exit is collected: a process collected has no
        // status left to read.
        if let Ok(s) = std::fs::read_to_string(&status) {
            let hwm = s
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok());
            peak_kb = peak_kb.max(hwm.unwrap_or(0));
        }
        if let Some(done) = child.try_wait().expect("trf is waited for") {
            return (done.code(), peak_kb / 1024);
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// The month: 300 reports of 40 to 300 players in March 2026, from a list
/// of 60,000 players (neighbouring events share players), and that list.
fn month(dir: &Path) -> (String, String) {
    let month = dir.join("month");
    let list = dir.join("list.txt");
    let status = Command::new(env!("CARGO_BIN_EXE_trf"))
        .args([
            "generate",
            "--month",
            "2026-03",
            "--reports",
            "300",
            "--seed",
            "23",
        ])
        .args(["--list-players", "60000", "-o"])
        .arg(&month)
        .arg("--list")
        .arg(&list)
        .stderr(Stdio::null())
        .status()
        .expect("trf generate runs");
    assert!(status.success());
    (
        month.to_string_lossy().into_owned(),
        list.to_string_lossy().into_owned(),
    )
}

#[test]
fn a_month_is_checked_and_rated_in_bounded_memory() {
    let dir = tempfile::tempdir().unwrap();
    let (month, list) = month(dir.path());
    let (code, mb) = peak_mb(&[
        "check",
        "--summary",
        "--no-progress",
        "--rating-list",
        &list,
        &month,
    ]);
    // Some reports of the month are to be fixed before the upload.
    assert_eq!(code, Some(1));
    assert!(mb < 57, "check --summary --rating-list peaked at {mb} MB");
    let (code, mb) = peak_mb(&["check", "--summary", "--no-progress", &month]);
    // Without the list, every report of this month is ready.
    assert_eq!(code, Some(0));
    assert!(mb < 50, "check --summary peaked at {mb} MB");
}

#[test]
fn a_month_is_rated_in_bounded_memory() {
    let dir = tempfile::tempdir().unwrap();
    let (month, list) = month(dir.path());
    let (code, mb) = peak_mb(&[
        "period",
        "--period",
        "2026-04",
        "--format",
        "csv",
        "--rating-list",
        &list,
        &month,
    ]);
    // Some reports of the month are to be fixed before the upload.
    assert_eq!(code, Some(1));
    assert!(
        mb < 62,
        "period --format csv --rating-list peaked at {mb} MB"
    );
}
