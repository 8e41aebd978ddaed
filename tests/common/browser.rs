//! Headless Chromium for the end-to-end tests of the pages
//! (`tests/browser.rs`, `tests/web_page.rs`): Debian's Chromium driven
//! through chromedriver (WebDriver) on a free loopback port.
#![allow(dead_code)]

use crate::common::root;
use crate::common::serve::{Running, WAIT};
use fantoccini::{Client, ClientBuilder, Locator};
use std::net::{Ipv4Addr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A whole test is bounded by this.
pub(crate) const WHOLE: Duration = Duration::from_secs(120);

/// A program on PATH.
pub(crate) fn which(name: &str) -> Option<PathBuf> {
    std::env::var_os("PATH")?
        .to_str()?
        .split(':')
        .map(|d| Path::new(d).join(name))
        .find(|p| p.is_file())
}

/// Chromium and chromedriver, or the reason the test cannot run. In CI a
/// missing browser is a failure, not a skip.
pub(crate) fn browser() -> Option<(PathBuf, PathBuf)> {
    let chromium = which("chromium").or_else(|| which("chromium-browser"));
    let driver = which("chromedriver");
    match (chromium, driver) {
        (Some(c), Some(d)) => Some((c, d)),
        (c, d) => {
            let missing: Vec<&str> = [("chromium", c.is_none()), ("chromedriver", d.is_none())]
                .iter()
                .filter(|m| m.1)
                .map(|m| m.0)
                .collect();
            let why = format!(
                "{} not found (apt-get install chromium chromium-driver)",
                missing.join(" and ")
            );
            assert!(
                std::env::var_os("CI").is_none(),
                "browser tests cannot run in CI: {why}"
            );
            eprintln!("skipping browser test: {why}");
            None
        }
    }
}

/// A free port on 127.0.0.1 (the OS picks it; it is free again when this
/// returns, for chromedriver to take).
pub(crate) fn free_port() -> u16 {
    TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free loopback port")
}

/// Waits until something listens on the port.
pub(crate) fn wait_for_port(port: u16) {
    let start = Instant::now();
    while TcpStream::connect((Ipv4Addr::LOCALHOST, port)).is_err() {
        assert!(start.elapsed() < WAIT, "nothing listens on port {port}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// chromedriver on a free port, and a headless Chromium session with a
/// fresh profile that saves downloads to `downloads`.
pub(crate) async fn session(
    chromium: &Path,
    driver: &Path,
    profile: &Path,
    downloads: &Path,
) -> (Running, Client) {
    let port = free_port();
    let child = Running(
        Command::new(driver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chromedriver"),
    );
    wait_for_port(port);
    let caps = serde_json::json!({
        "browserName": "chrome",
        "goog:chromeOptions": {
            "binary": chromium,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--window-size=1280,1800",
                format!("--user-data-dir={}", profile.display()),
            ],
            "prefs": {
                "download.default_directory": downloads,
                "download.prompt_for_download": false,
            },
        },
    });
    let serde_json::Value::Object(caps) = caps else {
        unreachable!()
    };
    let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{port}"))
        .await
        .expect("a WebDriver session");
    (child, client)
}

/// Where screenshots are kept for people to look at.
pub(crate) fn screenshots() -> PathBuf {
    let dir = root().join("target/browser-screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

pub(crate) async fn text(c: &Client, css: &str) -> String {
    c.wait()
        .at_most(WAIT)
        .for_element(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .text()
        .await
        .unwrap()
}

/// Clicks the download saved as `name` (waiting for its link) and gives
/// the text the browser saved in `dir`.
pub(crate) async fn click_download(c: &Client, dir: &Path, name: &str) -> String {
    c.wait()
        .at_most(WAIT)
        .for_element(Locator::Css(&format!("a[download=\"{name}\"]")))
        .await
        .unwrap_or_else(|e| panic!("no download {name}: {e}"))
        .click()
        .await
        .unwrap();
    downloaded(dir, name).await
}

/// `samples/hand/malformed-syntax.trf`'s HTML report as the browser saved
/// it: whole, with its verdict, its marked columns and no script.
pub(crate) fn assert_malformed_syntax_report(html: &str) {
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.contains("data-verdict=\"fix-before-upload\""));
    assert!(html.contains("<mark class=\"primary\" title=\"rating\">18OO</mark>"));
    assert!(!html.contains("<script"));
}

/// The text of a file the browser saved in `dir`, once it is complete
/// (Chromium first reserves the name with an empty file, writes into a
/// `.crdownload` file and renames it when done; the downloads of the pages
/// are never empty).
pub(crate) async fn downloaded(dir: &Path, name: &str) -> String {
    let saved = dir.join(name);
    let start = Instant::now();
    let writing = || {
        std::fs::read_dir(dir).unwrap().any(|e| {
            e.unwrap()
                .file_name()
                .to_string_lossy()
                .ends_with(".crdownload")
        })
    };
    while std::fs::metadata(&saved).map_or(0, |m| m.len()) == 0 || writing() {
        assert!(
            start.elapsed() < WAIT,
            "{name} not downloaded to {}",
            dir.display()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    std::fs::read_to_string(&saved).unwrap()
}

pub(crate) fn run(test: impl std::future::Future<Output = ()>) {
    run_within(WHOLE, test);
}

/// Runs `test` on a runtime of its own, bounded by `whole`.
pub(crate) fn run_within(whole: Duration, test: impl std::future::Future<Output = ()>) {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(async {
            tokio::time::timeout(whole, test)
                .await
                .expect("the browser test finished in time")
        });
}

/// Chooses `file` in the page's TRF input and presses Check (the form of
/// `trf serve` and of the page in the browser).
pub(crate) async fn upload(c: &Client, file: &Path) {
    c.find(Locator::Css("input#trf"))
        .await
        .unwrap()
        .send_keys(file.to_str().unwrap())
        .await
        .unwrap();
    c.find(Locator::Css("form.upload button[type=submit]"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
}
