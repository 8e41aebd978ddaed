//! End-to-end tests of the page that runs in the browser with nothing
//! uploaded (`web/`), in headless Chromium, as a person uses it: the page
//! built by `web/build.sh` served on a loopback port (and opened from disk),
//! files chosen or dropped, the verdict read, the downloads saved.
//!
//! The page must be built first: `TRFKIT_WEB_PAGE=DIR` names the folder
//! `web/build.sh DIR` wrote (`.ci/web.sh` builds it and runs these tests).
//! Without it the tests skip with a reason; with it, a missing Chromium is a
//! failure. Screenshots are kept under `target/browser-screenshots/`
//! (`web-*.png`; the README shows copies under `docs/`).

#[path = "common/browser.rs"]
mod chromium;
mod common;

use chromium::{
    assert_malformed_syntax_report, browser, click_download, downloaded, run, run_within,
    screenshots, session, text, upload,
};
use common::root;
use common::serve::WAIT;
use fantoccini::{Client, Locator};
use std::io::{BufRead, BufReader, Write};
use std::net::{Ipv4Addr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The folder `web/build.sh` wrote, or `None` (the test skips) when
/// `TRFKIT_WEB_PAGE` is not set.
fn built_page() -> Option<PathBuf> {
    let Some(dir) = std::env::var_os("TRFKIT_WEB_PAGE") else {
        eprintln!("skipping the page in the browser: set TRFKIT_WEB_PAGE to a folder web/build.sh wrote (.ci/web.sh does)");
        return None;
    };
    let dir = PathBuf::from(dir);
    assert!(
        dir.join("index.html").is_file(),
        "no index.html in {}",
        dir.display()
    );
    Some(dir)
}

/// A static file server on a free loopback port for the built page, which
/// logs the path of every request it answers; stopped when dropped.
struct Site {
    url: String,
    log: Arc<Mutex<Vec<String>>>,
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Site {
    fn new(dir: &Path) -> Site {
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).expect("a loopback port");
        let url = format!("http://{}/", listener.local_addr().unwrap());
        listener.set_nonblocking(true).unwrap();
        let log = Arc::new(Mutex::new(Vec::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let (dir, log2, stop2) = (dir.to_path_buf(), Arc::clone(&log), Arc::clone(&stop));
        let thread = std::thread::spawn(move || {
            while !stop2.load(Ordering::SeqCst) {
                match listener.accept() {
                    Ok((conn, _)) => answer(conn, &dir, &log2),
                    Err(_) => std::thread::sleep(Duration::from_millis(10)),
                }
            }
        });
        Site {
            url,
            log,
            stop,
            thread: Some(thread),
        }
    }

    /// The paths requested so far.
    fn requests(&self) -> Vec<String> {
        self.log.lock().unwrap().clone()
    }

    /// Stops answering: the port is closed.
    fn stop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(t) = self.thread.take() {
            t.join().unwrap();
        }
    }
}

impl Drop for Site {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Answers one request (HTTP/1.1, then closes the connection).
fn answer(conn: TcpStream, dir: &Path, log: &Mutex<Vec<String>>) {
    conn.set_nonblocking(false).unwrap();
    conn.set_read_timeout(Some(WAIT)).unwrap();
    let mut reader = BufReader::new(&conn);
    let mut first = String::new();
    if reader.read_line(&mut first).is_err() {
        return;
    }
    // The rest of the head, up to its blank line.
    let mut line = String::new();
    while reader.read_line(&mut line).is_ok_and(|n| n > 2) {
        line.clear();
    }
    let path = first.split_whitespace().nth(1).unwrap_or("/").to_owned();
    log.lock().unwrap().push(path.clone());
    let (status, kind, body) = match path.split('?').next().unwrap_or("/") {
        "/" | "/index.html" => (
            "200 OK",
            "text/html; charset=utf-8",
            std::fs::read(dir.join("index.html")).unwrap(),
        ),
        "/sw.js" => (
            "200 OK",
            "text/javascript",
            std::fs::read(dir.join("sw.js")).unwrap(),
        ),
        _ => ("404 Not Found", "text/plain", b"not found".to_vec()),
    };
    let mut w = &conn;
    let _ = write!(
        w,
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nCache-Control: no-cache\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let _ = w.write_all(&body);
}

/// Waits until the page has drawn its form (the module is running).
async fn ready(c: &Client) {
    c.wait()
        .at_most(WAIT)
        .for_element(Locator::Css("form#upload"))
        .await
        .expect("the page draws its form");
    assert_eq!(text(c, "h1").await, "Check a tournament report");
}

/// Marks the page shown now, so that [`next_page`] can tell the next one.
async fn mark(c: &Client) {
    c.execute("document.body.dataset.old = '1';", vec![])
        .await
        .unwrap();
}

/// Waits for the page drawn after [`mark`].
async fn next_page(c: &Client) {
    c.wait()
        .at_most(WAIT)
        .for_element(Locator::Css("body:not([data-old]) form#upload"))
        .await
        .expect("the page is drawn again");
}

/// Drops `files` on the page as a person drags them from a folder: the
/// files go through a file input the test adds (WebDriver can choose files
/// only there), then a `drop` carrying them reaches the page.
async fn drop_files(c: &Client, files: &[PathBuf]) {
    stage_drop(c, files).await;
    c.execute(DROP, vec![]).await.unwrap();
    next_page(c).await;
}

/// The drop of the files [`stage_drop`] chose, on the page's `main`.
const DROP: &str =
    "const i = document.getElementById('test-drop'); const dt = new DataTransfer(); \
     for (const f of i.files) dt.items.add(f); i.remove(); \
     document.querySelector('main').dispatchEvent(new DragEvent('drop', \
       {dataTransfer: dt, bubbles: true, cancelable: true}));";

/// Chooses `files` in a hidden input the test adds, and [`mark`]s the page.
async fn stage_drop(c: &Client, files: &[PathBuf]) {
    c.execute(
        "const i = document.createElement('input'); i.type = 'file'; i.multiple = true; \
         i.id = 'test-drop'; i.style.display = 'none'; document.documentElement.append(i);",
        vec![],
    )
    .await
    .unwrap();
    let paths: Vec<&str> = files.iter().map(|f| f.to_str().unwrap()).collect();
    c.find(Locator::Css("#test-drop"))
        .await
        .unwrap()
        .send_keys(&paths.join("\n"))
        .await
        .unwrap();
    mark(c).await;
}

/// Chooses `file` with the form's button, presses Check, and waits for
/// the page it gives.
async fn choose(c: &Client, file: &Path) {
    mark(c).await;
    upload(c, file).await;
    next_page(c).await;
}

/// The body of the download whose file name ends with `suffix`, clicked
/// as a person clicks it and saved by the browser in `dir` (then removed,
/// so that the next file of the same name is not taken for it), or `None`
/// when the page offers no such download.
async fn download_body(c: &Client, dir: &Path, suffix: &str) -> Option<String> {
    let css = format!("a[download$='{suffix}']");
    // The report's part of the page is drawn when it comes into view.
    c.wait()
        .at_most(WAIT)
        .for_element(Locator::Css(
            "body:not([data-old]) form#upload ~ :is(nav.downloads, section.problem)",
        ))
        .await
        .ok()?;
    let link = c.find(Locator::Css(&css)).await.ok()?;
    let name = link.attr("download").await.unwrap()?;
    link.click().await.unwrap();
    let body = downloaded(dir, &name).await;
    std::fs::remove_file(dir.join(&name)).unwrap();
    Some(body)
}

/// Chooses the rating list `list` and the report `report` (side by side in
/// one folder, so that both builds name them alike), presses Check, and
/// compares the findings the page downloads with `trf check --format json
/// --rating-list` on the same files: equal, and with the list's findings.
async fn same_findings_with_list(c: &Client, dir: &Path, list: &Path, report: &Path) {
    mark(c).await;
    c.find(Locator::Css("input#list"))
        .await
        .unwrap()
        .send_keys(list.to_str().unwrap())
        .await
        .unwrap();
    upload(c, report).await;
    next_page(c).await;
    let json = download_body(c, dir, ".check.json")
        .await
        .expect("a report");
    let list_name = list.file_name().unwrap().to_str().unwrap();
    let (cli, _) = native(
        &["check", "--format", "json", "--rating-list", list_name],
        report,
    );
    assert_eq!(json, cli);
    assert!(json.contains("TRF-L"), "{json}");
}

/// `trf ARGS NAME` run in `file`'s folder (the name as the page knows it):
/// its standard output and exit code.
fn native(args: &[&str], file: &Path) -> (String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_trf"))
        .args(args)
        .arg(file.file_name().unwrap())
        .current_dir(file.parent().unwrap())
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

/// Every resource the page fetched since it loaded (the performance API):
/// the page itself is a navigation, not a resource.
async fn resources(c: &Client) -> Vec<String> {
    let v = c
        .execute(
            "return performance.getEntriesByType('resource').map((e) => e.name);",
            vec![],
        )
        .await
        .unwrap();
    serde_json::from_value(v).unwrap()
}

async fn shot(c: &Client, name: &str) {
    let png = c.screenshot().await.unwrap();
    std::fs::write(screenshots().join(name), png).unwrap();
}

#[test]
fn the_page_checks_files_in_the_browser_and_sends_nothing() {
    let Some(dir) = built_page() else { return };
    let Some((chromium, driver)) = browser() else {
        return;
    };
    let started = Instant::now();
    let mut site = Site::new(&dir);
    let profile = tempfile::tempdir().unwrap();
    let downloads = tempfile::tempdir().unwrap();
    run(async {
        let (_driver, c) = session(&chromium, &driver, profile.path(), downloads.path()).await;
        c.goto(&site.url).await.unwrap();
        ready(&c).await;
        // The offline copy is kept once the service worker is ready; what
        // the page asked of the server until then is the page, the worker
        // and the worker's copy of the page.
        c.execute_async(
            "navigator.serviceWorker.ready.then(() => arguments[0]());",
            vec![],
        )
        .await
        .unwrap();
        let loaded = site.requests();
        assert!(
            loaded.iter().all(|p| p == "/" || p == "/sw.js"),
            "{loaded:?}"
        );
        shot(&c, "web-page.png").await;

        // Chosen with the button: the verdict in words, a finding with its
        // marked columns.
        let sample = root().join("samples/hand/malformed-syntax.trf");
        choose(&c, &sample).await;
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
        shot(&c, "web-verdict.png").await;

        // The downloads, saved by the browser: the HTML report whole, the
        // JSON and CSV as the command line prints them for the same bytes.
        let html = click_download(&c, downloads.path(), "malformed-syntax.report.html").await;
        assert_malformed_syntax_report(&html);
        for (link, args) in [
            (
                "malformed-syntax.check.json",
                &["check", "--format", "json"][..],
            ),
            ("malformed-syntax.rate.json", &["rate", "--format", "json"]),
            ("malformed-syntax.rate.csv", &["rate", "--format", "csv"]),
        ] {
            let got = click_download(&c, downloads.path(), link).await;
            assert_eq!(got, native(args, &sample).0, "{link}");
        }

        // Dropped on the page: several reports give the overview of
        // verdicts and the rating period they make together.
        let period: Vec<PathBuf> = (1..=3)
            .map(|i| root().join(format!("samples/hand/period-a-{i}.trf")))
            .collect();
        drop_files(&c, &period).await;
        assert!(text(&c, "section.overview").await.contains("3 reports"));
        assert!(text(&c, "section.period")
            .await
            .contains("Rating period 2025-04 (standard): 3 reports read, 3 in the period"));
        shot(&c, "web-overview.png").await;

        // A rating list chosen with the report (read in the browser too):
        // the findings as on the command line, the two files side by side
        // in a folder so that both name them alike.
        let both = tempfile::tempdir().unwrap();
        let list = both.path().join("crosscheck-players_list_foa.txt");
        let crosscheck = both.path().join("list-crosscheck.trf");
        std::fs::copy(
            root().join("samples/lists/crosscheck-players_list_foa.txt"),
            &list,
        )
        .unwrap();
        std::fs::copy(root().join("samples/hand/list-crosscheck.trf"), &crosscheck).unwrap();
        same_findings_with_list(&c, downloads.path(), &list, &crosscheck).await;

        // A file that is no report: a message on the page.
        let bad = downloads.path().join("binary.trf");
        std::fs::write(&bad, [0u8, 159, 146, 150, 0, 1]).unwrap();
        choose(&c, &bad).await;
        assert_eq!(text(&c, ".problem b").await, "binary.trf could not be read");

        // Nothing was fetched after the page loaded: no resource in the
        // page's own record, no request at the server.
        assert_eq!(resources(&c).await, Vec::<String>::new());
        assert_eq!(site.requests(), loaded, "requests after the page loaded");

        // Offline: the server gone, the page still opens and checks.
        site.stop();
        c.refresh().await.unwrap();
        ready(&c).await;
        choose(&c, &sample).await;
        assert_eq!(
            text(&c, ".verdict .head").await,
            "Fix the report before upload"
        );
        c.close().await.unwrap();
    });
    eprintln!("the page in the browser: {:?}", started.elapsed());
}

#[test]
fn the_page_opened_from_disk_checks_and_downloads() {
    let Some(dir) = built_page() else { return };
    let Some((chromium, driver)) = browser() else {
        return;
    };
    let profile = tempfile::tempdir().unwrap();
    let downloads = tempfile::tempdir().unwrap();
    run(async {
        let (_driver, c) = session(&chromium, &driver, profile.path(), downloads.path()).await;
        c.goto(&format!("file://{}", dir.join("index.html").display()))
            .await
            .unwrap();
        ready(&c).await;
        let sample = root().join("samples/hand/rate-2024-swiss-unrated.trf");
        choose(&c, &sample).await;
        assert_eq!(text(&c, ".verdict .head").await, "Ready to upload");
        c.wait()
            .at_most(WAIT)
            .for_element(Locator::Css("a[download$=\".check.json\"]"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        let got = downloaded(downloads.path(), "rate-2024-swiss-unrated.check.json").await;
        assert_eq!(got, native(&["check", "--format", "json"], &sample).0);
        assert_eq!(resources(&c).await, Vec::<String>::new());
        c.close().await.unwrap();
    });
}

/// FIDE's full list is about 317 MB as TXT: a list larger than everything
/// the page holds at once (64 MiB) is read in pieces, never whole, and the
/// reports are checked against it as on the command line. The list: the
/// sample list's players, then 500,000 others in the same layout.
#[test]
fn a_full_rating_list_larger_than_the_bound_is_read_in_pieces() {
    let Some(dir) = built_page() else { return };
    let Some((chromium, driver)) = browser() else {
        return;
    };
    let both = tempfile::tempdir().unwrap();
    let list = both.path().join("crosscheck-players_list_foa.txt");
    let sample =
        std::fs::read_to_string(root().join("samples/lists/crosscheck-players_list_foa.txt"))
            .unwrap();
    let mut lines = sample.lines();
    let mut out = String::new();
    let head = lines.next().unwrap();
    out.push_str(head);
    out.push_str("\r\n");
    let first = lines.clone().next().unwrap().to_owned();
    for l in lines {
        out.push_str(l);
        out.push_str("\r\n");
    }
    let mut file = std::io::BufWriter::new(std::fs::File::create(&list).unwrap());
    file.write_all(out.as_bytes()).unwrap();
    for i in 0..500_000u64 {
        // Another player: the ID's 15 columns replaced, the rest kept.
        write!(file, "{:<15}{}\r\n", 10_000_000 + i, &first[15..]).unwrap();
    }
    drop(file);
    let size = std::fs::metadata(&list).unwrap().len();
    assert!(size > 64 << 20, "{size} bytes");
    let report = both.path().join("list-crosscheck.trf");
    std::fs::copy(root().join("samples/hand/list-crosscheck.trf"), &report).unwrap();
    let profile = tempfile::tempdir().unwrap();
    let downloads = tempfile::tempdir().unwrap();
    let site = Site::new(&dir);
    run(async {
        let (_driver, c) = session(&chromium, &driver, profile.path(), downloads.path()).await;
        c.goto(&site.url).await.unwrap();
        ready(&c).await;
        same_findings_with_list(&c, downloads.path(), &list, &report).await;
        c.close().await.unwrap();
    });
}

#[test]
fn registration_facts_chosen_on_the_page_are_used_as_on_the_command_line() {
    // A report registered a day before it started: with the registrations
    // file chosen, its findings are those of `trf check --registrations`
    // (registration-too-late), not those of a report without the facts.
    let Some(dir) = built_page() else { return };
    let Some((chromium, driver)) = browser() else {
        return;
    };
    let both = tempfile::tempdir().unwrap();
    let report = both.path().join("graz-open.trf");
    std::fs::copy(
        root().join("samples/across/player-data-conflict/fires/graz-open.trf"),
        &report,
    )
    .unwrap();
    let regs = both.path().join("regs.csv");
    std::fs::write(&regs, "file,registered_on\ngraz-open.trf,2024-05-31\n").unwrap();
    let profile = tempfile::tempdir().unwrap();
    let downloads = tempfile::tempdir().unwrap();
    let site = Site::new(&dir);
    run(async {
        let (_driver, c) = session(&chromium, &driver, profile.path(), downloads.path()).await;
        c.goto(&site.url).await.unwrap();
        ready(&c).await;
        let form = text(&c, "form.upload").await;
        assert!(form.contains("Registration facts"), "{form}");
        mark(&c).await;
        c.find(Locator::Css("input#registrations"))
            .await
            .unwrap()
            .send_keys(regs.to_str().unwrap())
            .await
            .unwrap();
        upload(&c, &report).await;
        next_page(&c).await;
        let json = download_body(&c, downloads.path(), ".check.json")
            .await
            .expect("a report");
        let (cli, _) = native(
            &["check", "--format", "json", "--registrations", "regs.csv"],
            &report,
        );
        assert_eq!(json, cli);
        assert!(
            json.contains("\"registration_source\":\"line 2 of regs.csv\""),
            "{json}"
        );
        assert!(json.contains("registration-too-late"), "{json}");
        let (without, _) = native(&["check", "--format", "json"], &report);
        assert_ne!(json, without);
        c.close().await.unwrap();
    });
}

/// The overview of a month, read on a 1366 × 768 screen (an officer's
/// laptop): the page scrolls down, never sideways; and a report ready to
/// upload gives no advice (a finding that needs no act) as its gravest
/// reason, where the command line's `--summary` does.
#[test]
fn the_overview_fits_a_1366_screen_and_a_ready_row_gives_no_advice() {
    let Some(dir) = built_page() else { return };
    let Some((chromium, driver)) = browser() else {
        return;
    };
    let hand = root().join("samples/hand");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&hand)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "trf"))
        .collect();
    files.sort();
    // The advice rules of these reports, by the command line's JSON.
    let out = Command::new(env!("CARGO_BIN_EXE_trf"))
        .args(["check", "--format", "json"])
        .args(&files)
        .output()
        .unwrap();
    let mut advice = std::collections::BTreeSet::new();
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        for d in v["diagnostics"].as_array().into_iter().flatten() {
            if d["severity"] == "advice" {
                advice.insert(format!("({})", d["rule"].as_str().unwrap()));
            }
        }
    }
    // The command line's summary gives advice for a ready report: the
    // page must not.
    let summary = Command::new(env!("CARGO_BIN_EXE_trf"))
        .args(["check", "--summary"])
        .args(&files)
        .output()
        .unwrap();
    let summary = String::from_utf8(summary.stdout).unwrap();
    assert!(
        summary
            .lines()
            .any(|l| l.contains(" ready ") && advice.iter().any(|a| l.ends_with(a.as_str()))),
        "no ready report with advice as its reason on the command line: {summary}"
    );
    let profile = tempfile::tempdir().unwrap();
    let downloads = tempfile::tempdir().unwrap();
    let site = Site::new(&dir);
    run(async {
        let (_driver, c) = session(&chromium, &driver, profile.path(), downloads.path()).await;
        c.set_window_size(1366, 768).await.unwrap();
        c.goto(&site.url).await.unwrap();
        ready(&c).await;
        drop_files(&c, &files).await;
        assert!(text(&c, "section.overview h2")
            .await
            .starts_with(&format!("{} reports", files.len())));
        // The rating period drawn when it is scrolled to, as it is seen.
        c.execute(
            "document.querySelector('div.pending[data-period]').scrollIntoView();",
            vec![],
        )
        .await
        .unwrap();
        c.wait()
            .at_most(WAIT)
            .for_element(Locator::Css("section.period table"))
            .await
            .unwrap();
        let v = c
            .execute(
                "const d = document.documentElement; \
                 return [innerWidth, d.clientWidth, d.scrollWidth, \
                   document.querySelector('section.overview').getBoundingClientRect().right];",
                vec![],
            )
            .await
            .unwrap();
        let [inner, client, scroll, right]: [f64; 4] = serde_json::from_value(v).unwrap();
        assert!(inner <= 1366.0, "{inner}");
        assert!(
            scroll <= client,
            "the page scrolls sideways: {scroll} > {client}"
        );
        assert!(
            right <= client,
            "the overview is wider than the screen: {right} > {client}"
        );
        shot(&c, "web-overview-1366.png").await;
        let rows = c
            .execute(
                "return [...document.querySelectorAll('section.overview tr.c-ready td:last-child')] \
                   .map((td) => td.textContent);",
                vec![],
            )
            .await
            .unwrap();
        let rows: Vec<String> = serde_json::from_value(rows).unwrap();
        assert!(!rows.is_empty());
        for r in &rows {
            assert!(
                !advice.iter().any(|a| r.ends_with(a.as_str())),
                "advice as a ready report's gravest reason: {r}"
            );
        }
        c.close().await.unwrap();
    });
}

/// Every file under `samples/` that ends in `.trf`.
fn samples() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|e| e == "trf") {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    walk(&root().join("samples"), &mut out);
    out
}

#[test]
fn the_pages_json_is_the_command_lines_on_every_sample() {
    let Some(dir) = built_page() else { return };
    let Some((chromium, driver)) = browser() else {
        return;
    };
    let site = Site::new(&dir);
    let profile = tempfile::tempdir().unwrap();
    let downloads = tempfile::tempdir().unwrap();
    let files = samples();
    assert!(files.len() > 300, "{} samples", files.len());
    // About 0.1 s a sample; bounded as a whole.
    run_within(Duration::from_secs(900), async {
        let (_driver, c) = session(&chromium, &driver, profile.path(), downloads.path()).await;
        c.goto(&site.url).await.unwrap();
        ready(&c).await;
        let (mut same, mut unread) = (0, 0);
        for file in &files {
            choose(&c, file).await;
            let (cli, code) = native(&["check", "--format", "json"], file);
            match download_body(&c, downloads.path(), ".check.json").await {
                Some(json) => {
                    assert_eq!(json, cli, "{}", file.display());
                    same += 1;
                }
                None => {
                    // Unreadable: a message on the page, and the command
                    // line refuses it too.
                    let name = file.file_name().unwrap().to_str().unwrap();
                    assert_eq!(
                        text(&c, ".problem b").await,
                        format!("{name} could not be read"),
                        "{}",
                        file.display()
                    );
                    assert_eq!((cli.as_str(), code), ("", 2), "{}", file.display());
                    unread += 1;
                }
            }
        }
        eprintln!("{same} samples gave the command line's JSON, {unread} unreadable on both");
        c.close().await.unwrap();
    });
}

/// Drops `files` on the page and gives the milliseconds from the drop to
/// the first frame after the page with their verdicts was drawn (the
/// browser's own clock, not WebDriver's round trips).
async fn timed_drop(c: &Client, files: &[PathBuf]) -> f64 {
    stage_drop(c, files).await;
    let observe = "window.__t1 = undefined; \
         new MutationObserver((m, o) => { \
           if (document.querySelector('body:not([data-old]) form#upload')) { \
             o.disconnect(); requestAnimationFrame(() => { window.__t1 = performance.now(); }); } \
         }).observe(document.documentElement, {childList: true}); \
         window.__t0 = performance.now();";
    c.execute(&format!("{observe} {DROP}"), vec![])
        .await
        .unwrap();
    next_page(c).await;
    let start = Instant::now();
    loop {
        let v = c
            .execute(
                "return window.__t1 === undefined ? null : window.__t1 - window.__t0;",
                vec![],
            )
            .await
            .unwrap();
        if let Some(ms) = v.as_f64() {
            return ms;
        }
        assert!(start.elapsed() < WAIT, "no frame after the drop");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

/// Waits until no report within a screen of the view is still a
/// placeholder; the milliseconds since the last drop (the browser's clock).
async fn drawn_in_view(c: &Client) -> f64 {
    let v = c
        .execute_async(
            "const done = arguments[arguments.length - 1]; \
             const near = () => [...document.querySelectorAll('div.pending')] \
               .some((p) => p.getBoundingClientRect().top < 2 * innerHeight); \
             const tick = () => near() ? setTimeout(tick, 5) \
               : requestAnimationFrame(() => done(performance.now() - window.__t0)); \
             tick();",
            vec![],
        )
        .await
        .unwrap();
    v.as_f64().unwrap_or(f64::NAN)
}

/// The benchmark of `benches/page.sh` (not a timed test): the first verdict
/// after dropping one report, and after dropping a month of reports, in one
/// Chromium tab. `TRFKIT_PAGE_BENCH=DIR` holds `one/` (one report) and
/// `month/` (the month's reports).
#[test]
#[ignore = "a measurement: benches/page.sh"]
fn page_benchmark() {
    let Some(dir) = built_page() else { return };
    let Some((chromium, driver)) = browser() else {
        return;
    };
    let bench = PathBuf::from(std::env::var_os("TRFKIT_PAGE_BENCH").expect("TRFKIT_PAGE_BENCH"));
    let list = |d: &str| -> Vec<PathBuf> {
        let mut v: Vec<PathBuf> = std::fs::read_dir(bench.join(d))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "trf"))
            .collect();
        v.sort();
        v
    };
    let (one, month) = (list("one"), list("month"));
    let site = Site::new(&dir);
    let profile = tempfile::tempdir().unwrap();
    let downloads = tempfile::tempdir().unwrap();
    run_within(Duration::from_secs(600), async {
        let (_driver, c) = session(&chromium, &driver, profile.path(), downloads.path()).await;
        let t = Instant::now();
        c.goto(&site.url).await.unwrap();
        ready(&c).await;
        println!(
            "page loaded and drawn (WebDriver's clock, first load): {:.0} ms",
            t.elapsed().as_secs_f64() * 1e3
        );
        for (what, files) in [("one report", &one), ("the month", &month)] {
            let mut times = Vec::new();
            for _ in 0..5 {
                times.push(timed_drop(&c, files).await);
            }
            let first = times[0];
            times.sort_by(f64::total_cmp);
            println!(
                "{what} ({} files): first verdict {first:.0} ms after the drop (first of 5); \
                     min {:.0}, median {:.0}, max {:.0} ms",
                files.len(),
                times[0],
                times[2],
                times[4]
            );
            // The page as drawn once the reports in view are: its size,
            // and for one report the time to its whole report.
            let drawn = drawn_in_view(&c).await;
            let size = c
                .execute("return document.documentElement.outerHTML.length;", vec![])
                .await
                .unwrap();
            println!("{what}: the reports in view drawn {drawn:.0} ms after the last drop; the page is then {size} characters of HTML");
        }
        // An officer follows the overview's link to a report far down.
        let far = month.len() * 3 / 4;
        let v = c
            .execute_async(
                "const done = arguments[arguments.length - 1]; \
                 const id = 'f' + arguments[0]; const t0 = performance.now(); \
                 if (document.querySelector('article#' + id)) { done(0); return; } \
                 new MutationObserver((m, o) => { \
                   if (document.querySelector('article#' + id)) { \
                     o.disconnect(); requestAnimationFrame(() => done(performance.now() - t0)); } \
                 }).observe(document.querySelector('main'), {childList: true}); \
                 document.querySelector(`section.overview a[href='#${id}']`).click();",
                vec![far.into()],
            )
            .await
            .unwrap();
        println!(
            "the month: report {} of {} drawn {:.0} ms after its link in the overview was clicked",
            far + 1,
            month.len(),
            v.as_f64().unwrap_or(f64::NAN)
        );
        let v = c
            .execute(
                "return performance.memory ? performance.memory.usedJSHeapSize : null;",
                vec![],
            )
            .await
            .unwrap();
        println!("JavaScript heap after the runs: {v} bytes");
        c.close().await.unwrap();
    });
}

/// The "Pairings" section of an HTML report from its heading on, or
/// `None`.
fn pairings_section(html: &str) -> Option<&str> {
    let start = html.find("<h2>Pairings</h2>")?;
    let len = html[start..].find("</section>").expect("section end");
    Some(&html[start..start + len])
}

/// A Swiss whose rounds differ from the checker's pairing shows the
/// "Pairings" section of `trf report`; one whose every round agrees shows
/// none. A synthetic open of 150 players over 9 rounds (the most the page
/// re-pairs) is drawn with its section, and the time it takes is printed.
#[test]
fn the_pairings_section_is_on_the_page_when_the_checker_has_something_to_say() {
    let Some(dir) = built_page() else { return };
    let Some((chromium, driver)) = browser() else {
        return;
    };
    let both = tempfile::tempdir().unwrap();
    let fixtures = root().join("tests/fixtures/pairings");
    let differs = both.path().join("differs.trf");
    std::fs::copy(fixtures.join("altered-01-p12-r9.trf"), &differs).unwrap();
    let agrees = both.path().join("agrees.trf");
    std::fs::copy(fixtures.join("bbp-01-p9-r5.trf"), &agrees).unwrap();
    let mut opts = trfkit::generate::GenOptions::new(150, 9, 11);
    opts.start_date = chrono::NaiveDate::from_ymd_opt(2026, 3, 2).unwrap();
    let open = both.path().join("open-150.trf");
    std::fs::write(&open, trfkit::generate::generate(&opts).unwrap()).unwrap();
    let out = both.path().join("differs.report.html");
    let (_, code) = native(
        &["report", "--force", "-o", out.to_str().unwrap()],
        &differs,
    );
    assert_eq!(code, 0);
    let cli = std::fs::read_to_string(&out).unwrap();
    let expected = pairings_section(&cli).expect("trf report's section");
    let profile = tempfile::tempdir().unwrap();
    let downloads = tempfile::tempdir().unwrap();
    let site = Site::new(&dir);
    run(async {
        let (_driver, c) = session(&chromium, &driver, profile.path(), downloads.path()).await;
        c.goto(&site.url).await.unwrap();
        ready(&c).await;
        choose(&c, &differs).await;
        let shown = text(&c, "section.pairings").await;
        assert!(shown.contains("Round 4"), "{shown}");
        assert!(shown.contains("2026 edition"), "{shown}");
        let html = download_body(&c, downloads.path(), ".report.html")
            .await
            .expect("a report");
        assert_eq!(pairings_section(&html), Some(expected));
        choose(&c, &agrees).await;
        let html = download_body(&c, downloads.path(), ".report.html")
            .await
            .expect("a report");
        assert_eq!(pairings_section(&html), None);
        let drawn = c.find_all(Locator::Css("section.pairings")).await.unwrap();
        assert!(
            drawn.is_empty(),
            "a Pairings section for a report that agrees"
        );
        // The largest report the page re-pairs.
        let verdict = timed_drop(&c, std::slice::from_ref(&open)).await;
        let whole = drawn_in_view(&c).await;
        let shown = text(&c, "section.pairings").await;
        assert!(shown.contains("of 9 rounds differ"), "{shown:.300}");
        eprintln!(
            "150 players x 9 rounds in the browser: verdict {verdict:.0} ms after the drop, its report with its Pairings section drawn {whole:.0} ms after it"
        );
        c.close().await.unwrap();
    });
}

/// The list FIDE published, chosen on the page with two reports and the
/// rating list (a plain list: read in pieces, as the rating list is): the
/// period's section says the counts and every player who differs, as
/// `trf period --published` does on the same files.
#[test]
fn the_published_list_chosen_on_the_page_is_compared_as_on_the_command_line() {
    let Some(dir) = built_page() else { return };
    let Some((chromium, driver)) = browser() else {
        return;
    };
    let both = tempfile::tempdir().unwrap();
    let copy = |from: &str| -> PathBuf {
        let to = both.path().join(Path::new(from).file_name().unwrap());
        std::fs::copy(root().join(from), &to).unwrap();
        to
    };
    let x = copy("samples/hand/period-b-x.trf");
    let y = copy("samples/hand/period-b-y.trf");
    let list = copy("samples/lists/period-players_list_foa_2025-03.txt");
    let published = copy("samples/lists/period-published_list_foa_2025-04.txt");
    let out = Command::new(env!("CARGO_BIN_EXE_trf"))
        .args([
            "period",
            "--rating-list",
            "period-players_list_foa_2025-03.txt",
            "--published",
            "period-published_list_foa_2025-04.txt",
            "period-b-x.trf",
            "period-b-y.trf",
        ])
        .current_dir(both.path())
        .output()
        .unwrap();
    let cli = String::from_utf8(out.stdout).unwrap();
    let differ: Vec<&str> = cli
        .lines()
        .filter(|l| l.starts_with("  ") && l.contains("): computed "))
        .map(str::trim)
        .collect();
    assert_eq!(differ.len(), 5, "{cli}");
    let profile = tempfile::tempdir().unwrap();
    let downloads = tempfile::tempdir().unwrap();
    let site = Site::new(&dir);
    run(async {
        let (_driver, c) = session(&chromium, &driver, profile.path(), downloads.path()).await;
        c.goto(&site.url).await.unwrap();
        ready(&c).await;
        assert!(text(&c, "form.upload")
            .await
            .contains("List FIDE published"));
        for (input, file) in [("input#list", &list), ("input#published", &published)] {
            c.find(Locator::Css(input))
                .await
                .unwrap()
                .send_keys(file.to_str().unwrap())
                .await
                .unwrap();
        }
        drop_files(&c, &[x.clone(), y.clone()]).await;
        let compared = text(&c, "section.period ul.published").await;
        let section = text(&c, "section.period").await;
        assert!(
            section.contains("Published list period-published_list_foa_2025-04.txt (2025-04): 1 exact, 5 differ, 0 missing"),
            "{section}"
        );
        let items: Vec<&str> = compared.lines().collect();
        assert_eq!(items.len(), differ.len(), "{compared}");
        for (item, line) in items.iter().zip(&differ) {
            assert!(item.starts_with(line), "{item}\n{line}");
        }
        assert!(compared.contains("Eden, Eon (293000205): computed 1991 in 5 games; published 1995 in 5 games, K 20: unexplained"), "{compared}");
        c.close().await.unwrap();
    });
}

/// The measurement of the note on `render::pairings::PAGE_MAX_PLAYERS`
/// (not a timed test): a synthetic Swiss of 150 players over 9 rounds
/// dropped three times, the time from the drop to its report drawn.
#[test]
#[ignore = "a measurement"]
fn pairings_page_benchmark() {
    let Some(dir) = built_page() else { return };
    let Some((chromium, driver)) = browser() else {
        return;
    };
    let both = tempfile::tempdir().unwrap();
    let mut opts = trfkit::generate::GenOptions::new(150, 9, 11);
    opts.start_date = chrono::NaiveDate::from_ymd_opt(2026, 3, 2).unwrap();
    let open = both.path().join("open-150.trf");
    std::fs::write(&open, trfkit::generate::generate(&opts).unwrap()).unwrap();
    let profile = tempfile::tempdir().unwrap();
    let downloads = tempfile::tempdir().unwrap();
    let site = Site::new(&dir);
    run_within(Duration::from_secs(600), async {
        let (_driver, c) = session(&chromium, &driver, profile.path(), downloads.path()).await;
        c.goto(&site.url).await.unwrap();
        ready(&c).await;
        for _ in 0..3 {
            let verdict = timed_drop(&c, std::slice::from_ref(&open)).await;
            let whole = drawn_in_view(&c).await;
            println!("150 x 9: verdict {verdict:.0} ms, report drawn {whole:.0} ms after the drop");
        }
        c.close().await.unwrap();
    });
}
