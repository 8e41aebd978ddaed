//! `trf serve` under hostile use, on loopback only, each test bounded in
//! connections and time: file descriptors run out, a foreign `Host` (DNS
//! rebinding), a cross-origin POST, a POST without the page's token, an
//! oversized upload. And the reports named on its command line (what a
//! report dropped on `trf.exe` opens); a rating list larger than the
//! upload bound, spooled and scanned (and one that cannot be spooled); the
//! registrations file; the period's notes said once.

mod common;

use common::root;
use common::serve::{
    authority, body, exchange, get, get_path, multipart, post, post_head, serve_with, start, token,
};
use std::net::TcpStream;
use std::process::Command;
use std::time::{Duration, Instant};

fn sample() -> Vec<u8> {
    std::fs::read(root().join("samples/hand/swiss-utf8-lf.trf")).unwrap()
}

#[test]
fn a_foreign_host_is_not_served() {
    let (_server, url) = serve_with(&[]);
    let port = authority(&url).rsplit(':').next().unwrap().to_owned();
    for host in [
        "evil.example".to_owned(),
        format!("evil.example:{port}"),
        "127.0.0.1".to_owned(),
        format!("127.0.0.1:{}", port.parse::<u16>().unwrap().wrapping_add(1)),
    ] {
        let (status, answer) = exchange(&url, &format!("GET / HTTP/1.1\r\nHost: {host}"), b"");
        assert_eq!(status, 421, "{host}: {answer:.300}");
        assert!(!answer.contains("<form"), "{host}");
    }
    // Without a Host at all (HTTP/1.0): not served either.
    let (status, _) = exchange(&url, "GET / HTTP/1.0", b"");
    assert_eq!(status, 421);
    for host in [authority(&url), format!("localhost:{port}")] {
        let (status, _) = exchange(&url, &format!("GET / HTTP/1.1\r\nHost: {host}"), b"");
        assert_eq!(status, 200, "{host}");
    }
}

#[test]
fn a_post_from_another_origin_or_without_the_token_is_refused() {
    let (_server, url) = serve_with(&[]);
    let trf = sample();
    let good = token(&url);
    let body = multipart(&[
        ("token", None, good.as_bytes()),
        ("trf", Some("s.trf"), &trf),
    ]);
    for origin in ["http://evil.example", "null", "https://127.0.0.1"] {
        let head = post_head(&url, body.len(), &format!("\r\nOrigin: {origin}"));
        let (status, answer) = exchange(&url, &head, &body);
        assert_eq!(status, 403, "{origin}: {answer:.300}");
        assert!(!answer.contains("data-verdict"), "{origin}");
    }
    // Our own origin, and no origin (a script, not a browser), with the
    // token: checked.
    let own = format!("\r\nOrigin: http://{}", authority(&url));
    for extra in [own.as_str(), ""] {
        let (status, answer) = exchange(&url, &post_head(&url, body.len(), extra), &body);
        assert_eq!(status, 200, "{extra}: {answer:.300}");
        assert!(answer.contains("data-verdict=\"ready\""));
    }
    // No token, a wrong one, or the token after the files.
    let wrong = "0".repeat(good.len());
    for fields in [
        vec![("trf", Some("s.trf"), &trf[..])],
        vec![
            ("token", None, wrong.as_bytes()),
            ("trf", Some("s.trf"), &trf),
        ],
        vec![
            ("trf", Some("s.trf"), &trf),
            ("token", None, good.as_bytes()),
        ],
    ] {
        let body = multipart(&fields);
        let (status, answer) = exchange(&url, &post_head(&url, body.len(), ""), &body);
        assert_eq!(status, 403, "{answer:.300}");
        assert!(!answer.contains("data-verdict"));
    }
    // Each run has its own token.
    let (_other, url2) = serve_with(&[]);
    assert_ne!(token(&url2), good);
}

#[test]
fn an_oversized_upload_is_refused_and_the_server_goes_on() {
    let (_server, url) = serve_with(&["--max-size", "100000"]);
    let big = vec![b'x'; 400_000];
    let (status, page) = post(&url, &[("trf", "big.trf", &big)]);
    assert_eq!(status, 413, "{page:.300}");
    assert!(page.contains("The upload is too large"));
    let (status, _) = post(&url, &[("trf", "s.trf", &sample())]);
    assert_eq!(status, 200);
}

#[test]
fn idle_connections_beyond_the_file_limit_do_not_stop_the_server() {
    // 48 open files for the server (`ulimit -n` in the shell that starts
    // it), and 80 connections that send nothing and stay open: the server
    // serves 16 at a time, closes the idle ones after a second, and answers
    // a real request while the others are still held.
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg("ulimit -n 48 && exec \"$0\" serve --port 0 --idle-seconds 1")
        .arg(env!("CARGO_BIN_EXE_trf"));
    let (mut server, url) = start(cmd);
    let idle: Vec<TcpStream> = (0..80)
        .filter_map(|_| TcpStream::connect(authority(&url)).ok())
        .collect();
    assert!(idle.len() >= 48, "only {} connections", idle.len());
    let started = Instant::now();
    let (status, page) = get(&url);
    assert_eq!(status, 200);
    assert!(page.contains("<form"));
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
    let (status, page) = post(&url, &[("trf", "s.trf", &sample())]);
    assert_eq!(status, 200);
    assert!(page.contains("data-verdict=\"ready\""));
    assert!(server.0.try_wait().unwrap().is_none(), "the server ended");
    drop(idle);
}

#[test]
fn an_upload_that_is_not_a_trf_gets_no_verdict() {
    // Prose, a PDF, a spreadsheet chosen by mistake: the words of `trf
    // check`, no verdict, no report; a TRF sent with them is still checked.
    let (_server, url) = serve_with(&[]);
    let prose = b"Dear arbiter,\nthe results of the open are attached.\n".to_vec();
    let pdf =
        b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Length 5 >>\nstream\n\x00\x01\nendstream\n"
            .to_vec();
    for (name, bytes) in [("notes.trf", &prose), ("report.pdf", &pdf)] {
        let (status, page) = post(&url, &[("trf", name, bytes)]);
        // Nothing could be read: 422, as for any unreadable upload.
        assert_eq!(status, 422, "{page:.300}");
        assert!(page.contains("does not look like a TRF"), "{name}: {page}");
        assert!(!page.contains("data-verdict"), "{name}");
    }
    let (status, page) = post(
        &url,
        &[("trf", "notes.trf", &prose), ("trf", "s.trf", &sample())],
    );
    assert_eq!(status, 200);
    assert!(page.contains("does not look like a TRF"));
    assert_eq!(page.matches("data-verdict=").count(), 1, "{page}");
}

#[test]
fn reports_named_on_the_command_line_are_on_the_page() {
    // A report and a folder, as dropped on `trf.exe`: checked as an upload
    // of the same files, with the form still there for more.
    let report = root().join("samples/hand/swiss-utf8-lf.trf");
    let folder = root().join("samples/hand");
    let (_server, url) = serve_with(&[report.to_str().unwrap()]);
    let (status, page) = get(&url);
    assert_eq!(status, 200);
    assert_eq!(page.matches("data-verdict=").count(), 1, "{page:.300}");
    assert!(page.contains("data-verdict=\"ready\""));
    assert!(page.contains("swiss-utf8-lf.trf") && page.contains("<form"));
    let (_server, url) = serve_with(&[folder.to_str().unwrap()]);
    let (_, page) = get(&url);
    // Every file of samples/hand is a report: the first 20 are drawn, each
    // after them is its verdict and a link to its own page, which draws it.
    let reports = std::fs::read_dir(&folder).unwrap().count();
    assert!(reports > 20);
    assert_eq!(page.matches("data-verdict=").count(), 20, "{page:.300}");
    let links: Vec<&str> = page
        .split("<a href=\"")
        .skip(1)
        .filter_map(|l| l.split_once("\">open this report</a>").map(|(h, _)| h))
        .collect();
    assert_eq!(links.len(), reports - 20, "{page:.300}");
    let (status, one) = get_path(&url, links[0]);
    assert_eq!(status, 200, "{one:.300}");
    assert_eq!(one.matches("data-verdict=").count(), 1, "{one:.300}");
    assert!(one.contains("<article class=\"report\" id=\"f20\""));
    // What cannot be read, or holds no report, is said on the page.
    let empty = tempfile::tempdir().unwrap();
    std::fs::write(empty.path().join("notes.txt"), "Dear arbiter,\n").unwrap();
    let missing = empty.path().join("no such report.trf");
    for (path, words) in [
        (empty.path(), "No tournament report was found"),
        (missing.as_path(), "could not be read"),
    ] {
        let (_server, url) = serve_with(&[path.to_str().unwrap()]);
        let (status, page) = get(&url);
        assert_eq!(status, 200);
        assert!(page.contains(words), "{words}: {page:.300}");
        assert!(!page.contains("data-verdict="));
    }
}

/// The crosscheck list with `extra` more players after its own (IDs
/// 99000000 and up), so that it is as large as a test needs.
fn padded_list(extra: usize) -> Vec<u8> {
    padded(
        "samples/lists/crosscheck-players_list_foa.txt",
        |l| l.contains("Magnussen"),
        extra,
    )
}

/// The list `list` with `extra` more players after its own (IDs 99000000
/// and up, each a copy of its first line that `pick` takes).
fn padded(list: &str, pick: impl Fn(&str) -> bool, extra: usize) -> Vec<u8> {
    let text = std::fs::read_to_string(root().join(list)).unwrap();
    let line = text.lines().find(|l| pick(l)).unwrap().to_owned();
    let mut out = text.clone().into_bytes();
    if !text.ends_with('\n') {
        out.push(b'\n');
    }
    for i in 0..extra {
        out.extend_from_slice(format!("{:<15}{}\n", 99_000_000 + i, &line[15..]).as_bytes());
    }
    out
}

#[test]
fn a_rating_list_larger_than_the_upload_bound_is_streamed() {
    // FIDE's full list (about 317 MB) is far over --max-size (64 MiB):
    // here a list of 2.5 MB against a bound of 100 kB. The list is spooled
    // and scanned, never counted in the reports' bound: its findings and K
    // are those of the small list.
    let (_server, url) = serve_with(&["--max-size", "100000", "--max-list-size", "3000000"]);
    let trf = std::fs::read(root().join("samples/hand/list-crosscheck.trf")).unwrap();
    let small =
        std::fs::read(root().join("samples/lists/crosscheck-players_list_foa.txt")).unwrap();
    let big = padded_list(14_000);
    assert!(
        big.len() > 2_000_000 && big.len() < 3_000_000,
        "{}",
        big.len()
    );
    let codes = |page: &str| -> Vec<String> {
        page.split("data-code=\"")
            .skip(1)
            .filter_map(|s| s.split('"').next())
            .filter(|c| c.starts_with("TRF-L"))
            .map(str::to_owned)
            .collect()
    };
    let name = "crosscheck-players_list_foa.txt";
    let (status, expected) = post(
        &url,
        &[("trf", "x.trf", &trf), ("rating_list", name, &small)],
    );
    assert_eq!(status, 200, "{expected:.300}");
    let (status, page) = post(&url, &[("trf", "x.trf", &trf), ("rating_list", name, &big)]);
    assert_eq!(status, 200, "{page:.300}");
    assert!(!codes(&page).is_empty());
    assert_eq!(codes(&page), codes(&expected));
    assert!(page.contains("<small>(list)</small>"));
    assert!(!page.contains("could not be read"), "{page}");
    // Over the list's own bound: refused with a message, and the server
    // goes on.
    let (status, page) = post(
        &url,
        &[
            ("trf", "x.trf", &trf),
            ("rating_list", name, &padded_list(21_000)),
        ],
    );
    assert_eq!(status, 413, "{page:.300}");
    assert!(page.contains("The rating list is too large"), "{page}");
    // A file that is not a list, however large, is said to be no list; the
    // report is checked without it.
    let prose = "Dear officer, the results are attached.\n".repeat(20_000);
    let (status, page) = post(
        &url,
        &[
            ("trf", "x.trf", &trf),
            ("rating_list", "notes.txt", prose.as_bytes()),
        ],
    );
    assert_eq!(status, 200, "{page:.300}");
    assert!(
        page.contains("The rating list notes.txt could not be read"),
        "{page}"
    );
    assert!(page.contains("checked without it"));
    assert!(page.contains("data-verdict="));
    // The reports themselves keep their bound.
    let (status, page) = post(&url, &[("trf", "big.trf", &vec![b'x'; 400_000])]);
    assert_eq!(status, 413, "{page:.300}");
    assert!(page.contains("The upload is too large"));
}

#[test]
fn the_page_says_a_note_of_many_players_once_as_the_text_does() {
    // Three reports whose players share notes (K and base not from a
    // list, three discriminating roundings): the period on the page
    // numbers the notes as `trf period` prints them, each many-player note
    // once with its count, not once per player.
    let (_server, url) = serve_with(&[]);
    let names = ["period-a-1.trf", "period-a-2.trf", "period-a-3.trf"];
    let files: Vec<Vec<u8>> = names
        .iter()
        .map(|n| std::fs::read(root().join("samples/hand").join(n)).unwrap())
        .collect();
    let fields: Vec<(&str, &str, &[u8])> = names
        .iter()
        .zip(&files)
        .map(|(n, b)| ("trf", *n, &b[..]))
        .collect();
    let (status, page) = post(&url, &fields);
    assert_eq!(status, 200, "{page:.300}");
    let out = Command::new(env!("CARGO_BIN_EXE_trf"))
        .arg("period")
        .args(names.iter().map(|n| format!("samples/hand/{n}")))
        .current_dir(root())
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let said: Vec<&str> = text
        .split("\nNotes\n")
        .nth(1)
        .unwrap()
        .lines()
        .filter(|l| !l.is_empty())
        .collect();
    let section = page.split("<section class=\"period\"").nth(1).unwrap();
    let notes = section
        .split("<h3>Notes</h3>")
        .nth(1)
        .unwrap()
        .split("</ol>")
        .next()
        .unwrap();
    assert_eq!(notes.matches("<li>").count(), said.len(), "{notes}\n{text}");
    for many in ["7 players: K 20 as", "3 players: discriminating"] {
        assert_eq!(notes.matches(many).count(), 1, "{many}: {notes}");
        assert!(text.contains(many));
    }
    // Each player's row points at the grouped notes.
    assert!(section.contains("<td>7,8,9</td>"), "{section}");
}

/// The body of the download saved as `file` on `page`, fetched from the
/// server at `url` as the browser fetches it when the link is followed.
fn download(url: &str, page: &str, file: &str) -> String {
    let at = page
        .find(&format!("download=\"{file}\" href=\""))
        .unwrap_or_else(|| panic!("no download {file}"))
        + format!("download=\"{file}\" href=\"").len();
    let href = &page[at..at + page[at..].find('"').unwrap()];
    assert!(href.starts_with("/answer/"), "{href}");
    let (status, answer) = get_path(url, href);
    assert_eq!(status, 200, "{href}: {answer:.300}");
    body(&answer).to_owned()
}

#[test]
fn registration_facts_given_on_the_page_are_used_as_on_the_command_line() {
    // graz-open.trf registered a day before its start (too late),
    // linz-june.trf in time, the third report not named: each report's
    // findings are those of `trf check --registrations` on the same files.
    let dir = tempfile::tempdir().unwrap();
    let files = [
        "samples/across/player-data-conflict/fires/graz-open.trf",
        "samples/across/player-data-conflict/fires/linz-june.trf",
        "samples/hand/rr-2005-worked-example.trf",
    ];
    let regs = "file,registered_on,rating_type\n\
                graz-open.trf,2024-05-31,\n\
                linz-june.trf,2024-05-01,standard\n";
    std::fs::write(dir.path().join("regs.csv"), regs).unwrap();
    let mut names = Vec::new();
    let mut bytes = Vec::new();
    for f in files {
        let name = f.rsplit('/').next().unwrap();
        let b = std::fs::read(root().join(f)).unwrap();
        std::fs::write(dir.path().join(name), &b).unwrap();
        names.push(name);
        bytes.push(b);
    }
    let out = Command::new(env!("CARGO_BIN_EXE_trf"))
        .args(["check", "--format", "json", "--registrations", "regs.csv"])
        .args(&names)
        .current_dir(dir.path())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("rr-2005-worked-example.trf: not in regs.csv"),
        "{err}"
    );
    let cli: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let (_server, url) = serve_with(&[]);
    let mut fields: Vec<(&str, &str, &[u8])> = names
        .iter()
        .zip(&bytes)
        .map(|(n, b)| ("trf", *n, &b[..]))
        .collect();
    fields.push(("registrations", "regs.csv", regs.as_bytes()));
    let (status, page) = post(&url, &fields);
    assert_eq!(status, 200, "{page:.300}");
    let rules = |v: &serde_json::Value| -> Vec<String> {
        v["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| format!("{} {}", d["rule"], d["message"]))
            .collect()
    };
    for (name, cli) in names.iter().zip(&cli) {
        let stem = name.trim_end_matches(".trf");
        let json: serde_json::Value =
            serde_json::from_str(&download(&url, &page, &format!("{stem}.check.json"))).unwrap();
        assert_eq!(
            json["registration_source"], cli["registration_source"],
            "{name}"
        );
        assert_eq!(json["verdict"], cli["verdict"], "{name}");
        assert_eq!(rules(&json), rules(cli), "{name}");
    }
    assert_eq!(cli[0]["registration_source"], "line 2 of regs.csv");
    assert!(rules(&cli[0])
        .iter()
        .any(|r| r.starts_with("\"registration-too-late\"")));
    // The page says which reports the file does not name, in words.
    assert!(
        page.contains("regs.csv does not name every report"),
        "{page}"
    );
    assert!(page.contains("not checked: rr-2005-worked-example.trf."));
    // Without the file: registration is not checked, as on the command
    // line without --registrations.
    let (_, plain) = post(&url, &fields[..3]);
    let json: serde_json::Value =
        serde_json::from_str(&download(&url, &plain, "graz-open.check.json")).unwrap();
    assert!(json.get("registration_source").is_none());
    assert_ne!(rules(&json), rules(&cli[0]));
    // A file that is not a registrations file: said, and the reports are
    // checked without it.
    let mut bad = fields.clone();
    bad[3] = (
        "registrations",
        "regs.csv",
        b"file,registered_on\ngraz-open.trf,31/05/2024\n",
    );
    let (status, page) = post(&url, &bad);
    assert_eq!(status, 200);
    assert!(
        page.contains("The registration facts in regs.csv could not be read"),
        "{page}"
    );
    assert!(page.contains("line 2: registered_on `31/05/2024` is not a date (YYYY-MM-DD)"));
    assert!(page.contains("checked without them"));
}

#[test]
fn a_rating_list_that_cannot_be_spooled_is_said_and_the_server_goes_on() {
    // The temporary folder is missing (a full or read-only disk fails
    // alike): the list is refused with words, not a fault, and reports
    // without a list are still checked.
    let missing = tempfile::tempdir().unwrap().path().join("gone");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_trf"));
    cmd.args(["serve", "--port", "0"]).env("TMPDIR", &missing);
    let (_server, url) = common::serve::start(cmd);
    let trf = std::fs::read(root().join("samples/hand/list-crosscheck.trf")).unwrap();
    let (status, page) = post(
        &url,
        &[
            ("trf", "x.trf", &trf),
            ("rating_list", "list.txt", &padded_list(10)),
        ],
    );
    assert_eq!(status, 507, "{page:.300}");
    assert!(
        page.contains("The rating list could not be kept while it is read"),
        "{page}"
    );
    assert!(page.contains("Free some disk space"));
    let (status, page) = post(&url, &[("trf", "x.trf", &trf)]);
    assert_eq!(status, 200);
    assert!(page.contains("data-verdict="));
}

/// The "Pairings" section of `html` from its heading on, or `None`.
fn pairings_section(html: &str) -> Option<&str> {
    let start = html.find("<h2>Pairings</h2>")?;
    let len = html[start..].find("</section>").expect("section end");
    Some(&html[start..start + len])
}

#[test]
fn the_page_shows_the_pairings_section_as_the_report_does() {
    // A Swiss whose rounds 4 and 6-9 differ from the checker's pairing,
    // one whose every round agrees, and one too large for the page to
    // re-pair: the first has the section of `trf report`, on the page and
    // in its HTML download; the second none; the third says why not.
    let (_server, url) = serve_with(&[]);
    let dir = root().join("tests/fixtures/pairings");
    let differs = std::fs::read(dir.join("altered-01-p12-r9.trf")).unwrap();
    let agrees = std::fs::read(dir.join("bbp-01-p9-r5.trf")).unwrap();
    let mut opts = trfkit::generate::GenOptions::new(151, 2, 5);
    opts.start_date = chrono::NaiveDate::from_ymd_opt(2026, 3, 2).unwrap();
    let large = trfkit::generate::generate(&opts).unwrap().into_bytes();
    let (status, page) = post(
        &url,
        &[
            ("trf", "differs.trf", &differs),
            ("trf", "agrees.trf", &agrees),
            ("trf", "large.trf", &large),
        ],
    );
    assert_eq!(status, 200, "{page:.300}");
    let part = |anchor: &str| {
        let at = page
            .find(&format!("<article class=\"report\" id=\"{anchor}\""))
            .unwrap();
        let end = page[at..]
            .find("<hr class=\"between\">")
            .map_or(page.len(), |e| at + e);
        &page[at..end]
    };
    let dir_out = tempfile::tempdir().unwrap();
    let report = dir_out.path().join("r.html");
    let (code, _, err) = common::trf(&[
        "report",
        &dir.join("altered-01-p12-r9.trf").to_string_lossy(),
        "-o",
        &report.to_string_lossy(),
    ]);
    assert_eq!(code, 0, "{err}");
    let cli = std::fs::read_to_string(&report).unwrap();
    let expected = pairings_section(&cli).expect("trf report's section");
    assert!(expected.contains("<h3>Round 4</h3>"), "{expected}");
    assert_eq!(pairings_section(part("f0")), Some(expected));
    let saved = download(&url, &page, "differs.report.html");
    assert_eq!(pairings_section(&saved), Some(expected));
    assert_eq!(pairings_section(part("f1")), None);
    assert!(pairings_section(&download(&url, &page, "agrees.report.html")).is_none());
    let large = pairings_section(part("f2")).expect("the page says why not");
    assert!(
        large.contains(
            "This report has 151 players: the page re-pairs reports of up to 150 players"
        ),
        "{large}"
    );
}

#[test]
fn the_period_on_the_page_is_compared_with_the_published_list_as_trf_period_does() {
    // Two reports of April 2025 with the March list, and the list FIDE
    // published for April: the page's period says the counts and every
    // player who differs with the causes of `trf period --published`. The
    // published list, as large as FIDE's full list is beside --max-size,
    // is spooled and streamed like the rating list.
    let (_server, url) = serve_with(&["--max-size", "100000", "--max-list-size", "3000000"]);
    let read = |p: &str| std::fs::read(root().join(p)).unwrap();
    let x = read("samples/hand/period-b-x.trf");
    let y = read("samples/hand/period-b-y.trf");
    let list = read("samples/lists/period-players_list_foa_2025-03.txt");
    let name = "period-published_list_foa_2025-04.txt";
    let published = padded(
        &format!("samples/lists/{name}"),
        |l| l.starts_with("293000205"),
        12_000,
    );
    assert!(
        published.len() > 1_000_000 && published.len() < 3_000_000,
        "{}",
        published.len()
    );
    let out = Command::new(env!("CARGO_BIN_EXE_trf"))
        .args([
            "period",
            "--rating-list",
            "period-players_list_foa_2025-03.txt",
            "--published",
            name,
        ])
        .args([
            root().join("samples/hand/period-b-x.trf"),
            root().join("samples/hand/period-b-y.trf"),
        ])
        .current_dir(root().join("samples/lists"))
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let counts = "(2025-04): 1 exact, 5 differ, 0 missing";
    assert!(
        text.contains(&format!("Published list `{name}` {counts}")),
        "{text}"
    );
    let differ: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("  ") && l.contains("): computed "))
        .map(str::trim)
        .collect();
    assert_eq!(differ.len(), 5, "{text}");
    let fields = |with: bool| -> Vec<(&str, &str, &[u8])> {
        let mut f: Vec<(&str, &str, &[u8])> = vec![
            ("trf", "period-b-x.trf", &x),
            ("trf", "period-b-y.trf", &y),
            ("rating_list", "period-players_list_foa_2025-03.txt", &list),
        ];
        if with {
            f.push(("published", name, &published));
        }
        f
    };
    let (status, page) = post(&url, &fields(true));
    assert_eq!(status, 200, "{page:.300}");
    let section = page
        .split("<h3>Compared with the list FIDE published</h3>")
        .nth(1)
        .expect("the comparison");
    let section = &section[..section.find("</ul>").unwrap()];
    assert!(
        section.contains(&format!("Published list {name} {counts}")),
        "{section}"
    );
    assert_eq!(section.matches("<li>").count(), 5, "{section}");
    for line in &differ {
        assert!(
            section.contains(&format!("<b>{line}</b>")),
            "{line}: {section}"
        );
    }
    assert!(section.contains("<b>Eden, Eon (293000205): computed 1991 in 5 games; published 1995 in 5 games, K 20</b>: unexplained"), "{section}");
    assert!(section.contains("each event rounded alone"), "{section}");
    // In plain words: the command's flag named as the command's.
    assert!(
        section.contains(
            "the trf program&#39;s period command with --base 2930002=2105 reproduces it"
        ),
        "{section}"
    );
    // Without the published list: no comparison.
    let (_, page) = post(&url, &fields(false));
    assert!(page.contains("<section class=\"period\""));
    assert!(!page.contains("Compared with the list FIDE published"));
    // One report with the published list: its period, compared.
    let (status, page) = post(
        &url,
        &[
            ("trf", "period-b-x.trf", &x),
            ("published", name, &published),
        ],
    );
    assert_eq!(status, 200, "{page:.300}");
    assert!(page.contains("<section class=\"period\""), "{page:.300}");
    assert!(page.contains("Compared with the list FIDE published"));
    // A published list that cannot be read is said; the reports are
    // still checked.
    let (status, page) = post(
        &url,
        &[
            ("trf", "period-b-x.trf", &x),
            ("published", "notes.txt", b"Dear officer,\n".as_slice()),
        ],
    );
    assert_eq!(status, 200, "{page:.300}");
    assert!(
        page.contains("The published list notes.txt could not be read"),
        "{page}"
    );
    assert!(page.contains("data-verdict="));
}

#[test]
fn the_page_re_pairs_within_a_budget_per_upload() {
    // `trf serve` draws every report of an upload: their re-pairing
    // together is bounded. Two Swiss of 140 players over 14 rounds take
    // most of the budget (declared with another system, so that the test
    // spends no time re-pairing them); a third of 110 players is then
    // said not re-paired; the fixture of 12 players after it still fits.
    // A report whose own work is over the budget is said so alone.
    let (_server, url) = serve_with(&[]);
    let swiss = |players: u16, rounds: u16, seed: u64, system: &str| -> Vec<u8> {
        let mut opts = trfkit::generate::GenOptions::new(players, rounds, seed);
        opts.start_date = chrono::NaiveDate::from_ymd_opt(2026, 3, 2).unwrap();
        let text = trfkit::generate::generate(&opts).unwrap();
        text.replace("092 Individual: Swiss-System", system)
            .into_bytes()
    };
    let big = swiss(140, 14, 1, "092 Individual: Swiss Burstein System");
    let bigger = swiss(140, 14, 2, "092 Individual: Swiss Burstein System");
    let third = swiss(110, 9, 3, "092 Individual: Swiss-System");
    let fixture =
        std::fs::read(root().join("tests/fixtures/pairings/altered-01-p12-r9.trf")).unwrap();
    let (status, page) = post(
        &url,
        &[
            ("trf", "a.trf", &big),
            ("trf", "b.trf", &bigger),
            ("trf", "c.trf", &third),
            ("trf", "d.trf", &fixture),
        ],
    );
    assert_eq!(status, 200, "{page:.300}");
    let sections: Vec<&str> = page.split("<h2>Pairings</h2>").skip(1).collect();
    assert_eq!(sections.len(), 2, "{page:.300}");
    assert!(
        sections[0].contains("Not re-paired on this page: the reports sent with it took the time the page gives to re-pairing one upload"),
        "{}",
        sections[0]
    );
    assert!(sections[1].contains("<h3>Round 4</h3>"), "{}", sections[1]);
    let long = swiss(150, 20, 4, "092 Individual: Swiss-System");
    let (status, page) = post(&url, &[("trf", "long.trf", &long)]);
    assert_eq!(status, 200, "{page:.300}");
    assert!(
        page.contains("This report has 150 players over 20 rounds: more than the page re-pairs"),
        "{page:.300}"
    );
}

#[test]
fn a_month_uploaded_at_once_is_checked_and_rated_as_on_the_command_line() {
    // Five generated reports whose players play two events on one day:
    // each report has more `player-in-simultaneous-events` findings than
    // the per-rule limit. The page's findings, verdicts and period (drawn
    // from one search across the reports and each report rated once for
    // its page and reduced for the period) are those of `trf check` and
    // `trf period` on the same files.
    let dir = tempfile::tempdir().unwrap();
    let trf = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_trf"))
            .args(args)
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert!(
            out.status.code().is_some_and(|c| c < 2),
            "{args:?}: {out:?}"
        );
        String::from_utf8(out.stdout).unwrap()
    };
    trf(&[
        "generate",
        "--month",
        "2026-03",
        "--reports",
        "5",
        "--list-players",
        "1000",
        "--simultaneous",
        "--min-players",
        "250",
        "--max-players",
        "300",
        "--seed",
        "3",
        "-o",
        "m",
    ]);
    let mut names: Vec<String> = std::fs::read_dir(dir.path().join("m"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names.len(), 5);
    let files: Vec<Vec<u8>> = names
        .iter()
        .map(|n| std::fs::read(dir.path().join("m").join(n)).unwrap())
        .collect();
    let fields: Vec<(&str, &str, &[u8])> = names
        .iter()
        .zip(&files)
        .map(|(n, b)| ("trf", n.as_str(), &b[..]))
        .collect();
    let (_server, url) = serve_with(&[]);
    let (status, page) = post(&url, &fields);
    assert_eq!(status, 200, "{page:.300}");
    let paths: Vec<String> = names.iter().map(|n| format!("m/{n}")).collect();
    let with = |args: &[&str]| {
        let mut all: Vec<&str> = args.to_vec();
        all.extend(paths.iter().map(String::as_str));
        trf(&all).replace("m/month-", "month-")
    };
    let json = with(&["check", "--format", "json"]);
    let lines: Vec<&str> = json.lines().collect();
    assert_eq!(lines.len(), 5);
    let over = "findings not shown (limit 200 per rule)";
    for (name, line) in names.iter().zip(&lines) {
        let stem = name.trim_end_matches(".trf");
        let download = download(&url, &page, &format!("{stem}.check.json"));
        assert_eq!(download.trim_end(), *line, "{name}");
    }
    assert!(lines.iter().filter(|l| l.contains(over)).count() >= 2);
    assert!(page.contains(over));
    let verdicts = with(&["check", "--summary", "--format", "csv"]);
    assert_eq!(download(&url, &page, "verdicts.csv"), verdicts);
    let period = with(&["period", "--format", "csv"]);
    assert_eq!(download(&url, &page, "period.csv"), period);
}

/// The href of the link named `label` on `page`.
fn href_of<'a>(page: &'a str, label: &str) -> &'a str {
    let end = page
        .find(&format!("\">{label}</a>"))
        .unwrap_or_else(|| panic!("no link {label}"));
    let start = page[..end].rfind("href=\"").unwrap() + "href=\"".len();
    &page[start..end]
}

/// `html` with the minute it was checked at (its footer) set aside.
fn untimed(html: &str) -> String {
    let at = html.find("Checked by trfkit").expect("a footer");
    let on = at + html[at..].find(" on ").unwrap() + 4;
    let utc = on + html[on..].find(" UTC.").unwrap();
    format!("{}{}", &html[..on], &html[utc..])
}

#[test]
fn the_downloads_are_made_when_asked_as_the_command_line_makes_them() {
    // A report with findings: its four downloads, fetched from the server
    // when their links are followed, are what `trf report`, `trf check
    // --format json`, `trf rate --format json` and `trf rate --format csv`
    // write for it.
    let dir = tempfile::tempdir().unwrap();
    let name = "altered-01-p12-r9.trf";
    let bytes = std::fs::read(root().join("tests/fixtures/pairings").join(name)).unwrap();
    std::fs::write(dir.path().join(name), &bytes).unwrap();
    let trf = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_trf"))
            .args(args)
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert!(
            out.status.code().is_some_and(|c| c < 2),
            "{args:?}: {out:?}"
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let (_server, url) = serve_with(&[]);
    let (status, page) = post(&url, &[("trf", name, &bytes)]);
    assert_eq!(status, 200, "{page:.300}");
    assert!(!page.contains("href=\"data:"), "{page:.300}");
    let stem = name.trim_end_matches(".trf");
    trf(&["report", name, "-o", "r.html"]);
    let report = std::fs::read_to_string(dir.path().join("r.html")).unwrap();
    let saved = download(&url, &page, &format!("{stem}.report.html"));
    assert_eq!(untimed(&saved), untimed(&report));
    assert_eq!(
        download(&url, &page, &format!("{stem}.check.json")),
        trf(&["check", "--format", "json", name])
    );
    assert_eq!(
        download(&url, &page, &format!("{stem}.rate.json")),
        trf(&["rate", "--format", "json", name])
    );
    assert_eq!(
        download(&url, &page, &format!("{stem}.rate.csv")),
        trf(&["rate", "--format", "csv", name])
    );
    // Saved under its name, as the link's `download` says.
    let (_, answer) = get_path(&url, href_of(&page, "Rating (CSV)"));
    assert!(
        answer.contains(&format!("filename*=UTF-8''{stem}.rate.csv")),
        "{answer:.400}"
    );
}

#[test]
fn a_link_to_what_is_not_kept_gets_a_page_that_says_so() {
    // An id never given, an upload let go (the server keeps the last 8),
    // a report or download the upload has not, and an index that is no
    // number: each a page with a message, and the server goes on.
    let (_server, url) = serve_with(&[]);
    let sample = sample();
    let (status, first) = post(&url, &[("trf", "first.trf", &sample)]);
    assert_eq!(status, 200);
    let link = href_of(&first, "Findings (JSON)").to_owned();
    assert_eq!(get_path(&url, &link).0, 200);
    let base = &link[..link.find("download/").unwrap()];
    for (path, status, words) in [
        (
            "/answer/0123456789abcdef0123456789abcdef/download/0/1".to_owned(),
            404,
            "This file is no longer kept",
        ),
        (
            "/answer/x/report/0".to_owned(),
            404,
            "This file is no longer kept",
        ),
        (
            format!("{base}download/1/0"),
            404,
            "There is no such file here",
        ),
        (
            format!("{base}download/0/4"),
            404,
            "There is no such file here",
        ),
        (
            format!("{base}download/0/-1"),
            404,
            "There is no such file here",
        ),
        (format!("{base}table/0"), 404, "There is no such file here"),
        (format!("{base}report/7"), 404, "There is no such file here"),
        (
            format!("{base}report/99999999999999999999999"),
            404,
            "There is no such file here",
        ),
    ] {
        let (got, answer) = get_path(&url, &path);
        assert_eq!(got, status, "{path}: {answer:.300}");
        assert!(answer.contains(words), "{path}: {answer:.300}");
        assert!(answer.contains("<form"), "{path}");
    }
    // Eight more uploads: the first is let go, the last eight are kept.
    let mut last = String::new();
    for i in 0..8 {
        let (status, page) = post(&url, &[("trf", &format!("r{i}.trf"), &sample)]);
        assert_eq!(status, 200);
        last = href_of(&page, "Findings (JSON)").to_owned();
    }
    let (status, answer) = get_path(&url, &link);
    assert_eq!(status, 404);
    assert!(
        answer.contains("This file is no longer kept"),
        "{answer:.300}"
    );
    assert!(answer.contains("Send the reports again"));
    assert_eq!(get_path(&url, &last).0, 200);
}

/// `n` generated reports of 30 players over 5 rounds, as an upload.
fn generated(n: u64) -> Vec<(String, Vec<u8>)> {
    (0..n)
        .map(|seed| {
            let opts = trfkit::generate::GenOptions::new(30, 5, seed);
            let text = trfkit::generate::generate(&opts).unwrap();
            (format!("event-{seed:03}.trf"), text.into_bytes())
        })
        .collect()
}

#[test]
fn the_page_of_many_reports_grows_with_what_is_read_on_it() {
    // The first 20 reports are drawn; each after them adds its line of the
    // overview and its verdict with a link, not its report. A report after
    // the first 20, opened from its link, is drawn as the page would have
    // drawn it, and its downloads are there.
    let (_server, url) = serve_with(&[]);
    let upload = |files: &[(String, Vec<u8>)]| {
        let fields: Vec<(&str, &str, &[u8])> = files
            .iter()
            .map(|(n, b)| ("trf", n.as_str(), &b[..]))
            .collect();
        let (status, page) = post(&url, &fields);
        assert_eq!(status, 200, "{page:.300}");
        page
    };
    let files = generated(44);
    let small = upload(&files[..24]);
    let large = upload(&files);
    for page in [&small, &large] {
        assert_eq!(page.matches("data-verdict=").count(), 20);
        assert!(!page.contains("href=\"data:"));
    }
    // The title names every report's verdict, those drawn and those not.
    let title = &large[large.find("<title>").unwrap()..large.find("</title>").unwrap()];
    assert_eq!(title.matches(" · ").count(), 44, "{title}");
    // The rating period lists every player of the reports (as `trf period`
    // does), so it grows with them; the rest of the page grows by each
    // report's overview line and its verdict with a link (under 2 kB),
    // where a drawn report takes several times that.
    let without_period = |page: &str| {
        let at = page.find("<section class=\"period\"").unwrap();
        let end = at + page[at..].find("</section>").unwrap();
        page.len() - (end - at)
    };
    let growth = without_period(&large) - without_period(&small);
    assert!(growth < 20 * 2_000, "{growth} bytes for 20 reports more");
    let first = small.find("<article class=\"report\" id=\"f0\"").unwrap();
    let second = small.find("<article class=\"report\" id=\"f1\"").unwrap();
    assert!(second - first > 3 * 2_000, "{}", second - first);
    let link = href_of(&large, "open this report");
    assert!(link.ends_with("/report/20"), "{link}");
    let (status, one) = get_path(&url, link);
    assert_eq!(status, 200, "{one:.300}");
    assert!(one.contains("event-020.trf"));
    assert_eq!(one.matches("data-verdict=").count(), 1);
    let json = download(&url, &one, "event-020.check.json");
    let line: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(line["file"], "event-020.trf");
}
