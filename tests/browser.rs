//! End-to-end tests in a real browser: Debian's Chromium, headless, driven
//! through chromedriver (WebDriver) on a free loopback port.
//!
//! * `trf serve` on a free loopback port: upload a report with known
//!   findings, read the verdict and a finding from the page, download the
//!   HTML report.
//! * A report written by `trf report`, opened from disk (`file://`).
//!
//! Each keeps a screenshot under `target/browser-screenshots/` for a
//! person to look at (and a PDF printed on A4 of the report). Without
//! chromium and chromedriver the tests skip with a reason, except in CI
//! (`CI` set), where they fail: CI installs both (`.ci/run`).

#[path = "common/browser.rs"]
mod chromium;
mod common;

use chromium::{
    assert_malformed_syntax_report, browser, click_download, run, screenshots, session, text,
    upload,
};
use common::root;
use common::serve::{post, serve_with, Running};
use fantoccini::wd::PrintConfiguration;
use fantoccini::Locator;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

/// `trf serve --port 0` and the URL it printed.
fn serve() -> (Running, String) {
    serve_with(&[])
}

#[test]
fn upload_on_the_local_page_shows_the_verdict_and_downloads_the_report() {
    let Some((chromium, driver)) = browser() else {
        return;
    };
    let started = Instant::now();
    let (_server, url) = serve();
    let profile = tempfile::tempdir().unwrap();
    let downloads = tempfile::tempdir().unwrap();
    run(async {
        let (_driver, c) = session(&chromium, &driver, profile.path(), downloads.path()).await;
        c.goto(&url).await.unwrap();
        assert_eq!(text(&c, "h1").await, "Check a tournament report");
        upload(&c, &root().join("samples/hand/malformed-syntax.trf")).await;
        // The verdict in words, and a finding with its marked columns.
        assert_eq!(
            text(&c, ".verdict .head").await,
            "Fix the report before upload"
        );
        let finding = text(&c, ".finding[data-code=\"TRF-S002\"] .msg").await;
        assert_eq!(finding, "18OO is not a rating");
        assert_eq!(
            text(&c, ".finding[data-code=\"TRF-S002\"] mark.primary").await,
            "18OO"
        );
        let png = c.screenshot().await.unwrap();
        std::fs::write(screenshots().join("serve-upload.png"), png).unwrap();

        // Download the HTML report: the browser saves it whole.
        let html = click_download(&c, downloads.path(), "malformed-syntax.report.html").await;
        assert_malformed_syntax_report(&html);

        // The JSON downloads are what `trf check --format json` and `trf
        // rate --format json` print for the same file.
        for (link, args) in [
            ("malformed-syntax.check.json", ["check", "--format", "json"]),
            ("malformed-syntax.rate.json", ["rate", "--format", "json"]),
        ] {
            let got = click_download(&c, downloads.path(), link).await;
            let cli = Command::new(env!("CARGO_BIN_EXE_trf"))
                .args(args)
                .arg("malformed-syntax.trf")
                .current_dir(root().join("samples/hand"))
                .output()
                .unwrap();
            assert_eq!(got, String::from_utf8(cli.stdout).unwrap(), "{link}");
        }

        // A bad upload is a page with a message, not an error page.
        c.goto(&url).await.unwrap();
        let bad = downloads.path().join("binary.trf");
        std::fs::write(&bad, [0u8, 159, 146, 150, 0, 1]).unwrap();
        upload(&c, &bad).await;
        let problem = text(&c, ".problem b").await;
        assert_eq!(problem, "binary.trf could not be read");
        c.close().await.unwrap();
    });
    eprintln!("browser upload test: {:?}", started.elapsed());
}

#[test]
fn report_opened_from_disk_reads_and_prints() {
    let Some((chromium, driver)) = browser() else {
        return;
    };
    let started = Instant::now();
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("swiss.report.html");
    let out = Command::new(env!("CARGO_BIN_EXE_trf"))
        .args(["report", "samples/hand/rate-2024-swiss-unrated.trf", "-o"])
        .arg(&report)
        .current_dir(root())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let profile = tempfile::tempdir().unwrap();
    run(async {
        let (_driver, c) = session(&chromium, &driver, profile.path(), dir.path()).await;
        c.goto(&format!("file://{}", report.display()))
            .await
            .unwrap();
        assert_eq!(text(&c, ".verdict .head").await, "Ready to upload");
        let finding = text(&c, ".finding[data-code=\"TRF-F014\"] .msg").await;
        assert_eq!(finding, "not rated: 1 forfeit");
        // An excluded game: marked, and explained on hover.
        let mut reasons = Vec::new();
        for cell in c.find_all(Locator::Css("table.cross td.x")).await.unwrap() {
            reasons.push(cell.attr("title").await.unwrap().unwrap_or_default());
        }
        assert!(
            reasons.iter().any(|r| r.starts_with("forfeit")),
            "{reasons:?}"
        );
        assert!(text(&c, "ol.legend").await.contains("forfeit"));
        let png = c.screenshot().await.unwrap();
        std::fs::write(screenshots().join("report-file.png"), png).unwrap();
        // Printed on A4 (the WebDriver print's default), backgrounds kept.
        let pdf = c
            .print(
                PrintConfiguration::builder()
                    .background(true)
                    .build()
                    .unwrap(),
            )
            .await
            .unwrap();
        assert!(pdf.starts_with(b"%PDF"));
        std::fs::write(screenshots().join("report-print.pdf"), pdf).unwrap();
        c.close().await.unwrap();
    });
    eprintln!("browser file test: {:?}", started.elapsed());
}

#[test]
fn concurrent_uploads_each_get_their_own_report() {
    let (_server, url) = serve();
    let samples = [
        ("samples/hand/malformed-syntax.trf", "fix-before-upload"),
        ("samples/hand/rate-2024-swiss-unrated.trf", "ready"),
        ("samples/hand/rr-2005-worked-example.trf", "ready"),
        ("samples/hand/swiss-utf8-lf.trf", "ready"),
    ];
    std::thread::scope(|scope| {
        let handles: Vec<_> = samples
            .iter()
            .map(|(path, verdict)| {
                let url = &url;
                scope.spawn(move || {
                        let bytes = std::fs::read(root().join(path)).unwrap();
                        let name = Path::new(path).file_name().unwrap().to_str().unwrap();
                        let (status, page) = post(url, &[("trf", name, &bytes)]);
                        assert_eq!(status, 200, "{path}");
                        assert!(
                            page.contains(&format!("data-verdict=\"{verdict}\"")),
                            "{path}"
                        );
                        assert!(
                            page.contains(&format!("download=\"{}", name.trim_end_matches(".trf")))
                        );
                    })
            })
            .collect();
        for h in handles {
            h.join().unwrap();
        }
    });
}

#[test]
fn an_oversized_upload_gets_a_page_that_says_so() {
    let (_server, url) = serve_with(&["--max-size", "1000"]);
    let big = vec![b'x'; 5000];
    let (status, page) = post(&url, &[("trf", "big.trf", &big)]);
    assert_eq!(status, 413);
    assert!(page.contains("The upload is too large"), "{page:.400}");
    assert!(
        page.contains("<form class=\"upload"),
        "the form is offered again"
    );
    // The server is still there for the next upload.
    let ok = std::fs::read(root().join("samples/hand/swiss-utf8-lf.trf")).unwrap();
    let (status, _) = post(&url, &[("trf", "s.trf", &ok[..ok.len().min(600)])]);
    assert_eq!(status, 200);
}

#[test]
fn an_uploaded_rating_list_gives_the_same_findings_as_the_command_line() {
    let (_server, url) = serve();
    let trf = std::fs::read(root().join("samples/hand/list-crosscheck.trf")).unwrap();
    let list = std::fs::read(root().join("samples/lists/crosscheck-players_list_foa.txt")).unwrap();
    let (status, page) = post(
        &url,
        &[
            ("trf", "list-crosscheck.trf", &trf),
            ("rating_list", "crosscheck-players_list_foa.txt", &list),
        ],
    );
    assert_eq!(status, 200);
    let out = Command::new(env!("CARGO_BIN_EXE_trf"))
        .args([
            "check",
            "--format",
            "json",
            "samples/hand/list-crosscheck.trf",
        ])
        .args([
            "--rating-list",
            "samples/lists/crosscheck-players_list_foa.txt",
        ])
        .current_dir(root())
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let codes: Vec<&str> = json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .filter(|c| c.starts_with("TRF-L"))
        .collect();
    assert!(!codes.is_empty());
    for code in codes {
        assert!(page.contains(&format!("data-code=\"{code}\"")), "{code}");
    }
    // K comes from the list.
    assert!(page.contains("<small>(list)</small>"));
}

#[test]
fn several_reports_get_the_overview_of_verdicts_first() {
    let (_server, url) = serve();
    let a =
        std::fs::read(root().join("samples/across/duplicate-report/fires/graz-open.trf")).unwrap();
    let b = std::fs::read(root().join("samples/hand/verdict-online-export.trf")).unwrap();
    let (status, page) = post(
        &url,
        &[
            ("trf", "graz-open.trf", &a),
            ("trf", "copy.trf", &a),
            ("trf", "online.trf", &b),
        ],
    );
    assert_eq!(status, 200);
    let overview = page
        .find("<section class=\"overview\"")
        .expect("an overview");
    let first_report = page.find("<article class=\"report\"").expect("reports");
    assert!(overview < first_report, "the overview comes first");
    assert!(page.contains("3 reports: 2 ready, 0 fix before upload, 1 not rateable"));
    assert!(page.contains("href=\"#f2\""));
    // The copy is a duplicate of the first: both say so.
    assert!(page.matches("duplicate-report").count() >= 2);
    // One report: no overview.
    let (_, page) = post(&url, &[("trf", "graz-open.trf", &a)]);
    assert!(!page.contains("<section class=\"overview\""));
}

#[test]
fn several_reports_get_their_rating_period_after_the_overview() {
    let (_server, url) = serve();
    let files: Vec<(String, Vec<u8>)> = (1..=3)
        .map(|i| {
            let name = format!("period-a-{i}.trf");
            let bytes = std::fs::read(root().join("samples/hand").join(&name)).unwrap();
            (name, bytes)
        })
        .collect();
    let parts: Vec<(&str, &str, &[u8])> = files
        .iter()
        .map(|(n, b)| ("trf", n.as_str(), b.as_slice()))
        .collect();
    let (status, page) = post(&url, &parts);
    assert_eq!(status, 200);
    let overview = page.find("<section class=\"overview\"").expect("overview");
    let period = page
        .find("<section class=\"period\"")
        .expect("a period section");
    let first_report = page.find("<article class=\"report\"").expect("reports");
    assert!(
        overview < period && period < first_report,
        "overview, period, reports"
    );
    assert!(page.contains("Rating period 2025-04 (standard): 3 reports read, 3 in the period"));
    // The same figures as `trf period`: Alex's three events rounded once
    // (+23.60 gives +24, where the events alone give +23).
    let alex = &page[page.find(">2930001<").expect("Alex's row")..];
    let row = &alex[..alex.find("</tr>").unwrap()];
    for cell in [">3<", ">1850<", ">12<", ">+23.60<", ">+24*<", ">1874<"] {
        assert!(row.contains(cell), "{cell} in {row}");
    }
    // Reports expected on two lists: a section per list, the list most
    // reports are expected on first.
    let d = std::fs::read(root().join("samples/hand/period-d-2022-p.trf")).unwrap();
    let mut two = parts.clone();
    two.push(("trf", "period-d-2022-p.trf", &d));
    let (_, page) = post(&url, &two);
    let april = page
        .find("Rating period 2025-04 (standard): 4 reports read, 3 in the period")
        .expect(&page);
    let march = page
        .find("Rating period 2023-04 (standard): 1 report read, 1 in the period")
        .expect(&page);
    assert!(april < march);
    // One report: no period.
    let (_, page) = post(&url, &parts[..1]);
    assert!(!page.contains("<section class=\"period\""));
}
