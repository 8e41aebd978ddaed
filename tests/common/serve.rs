//! `trf serve` for tests: started on a free loopback port, killed when the
//! test ends, and spoken to over plain sockets.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// Every wait is bounded by this.
pub(crate) const WAIT: Duration = Duration::from_secs(30);

/// A child process that is killed when the test ends, however it ends.
pub(crate) struct Running(pub(crate) Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `trf serve --port 0 EXTRA...` and the URL it printed.
pub(crate) fn serve_with(extra: &[&str]) -> (Running, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_trf"));
    cmd.args(["serve", "--port", "0"]).args(extra);
    start(cmd)
}

/// Starts `cmd` (a `trf serve`, perhaps behind a shell) and reads the URL
/// it prints.
pub(crate) fn start(mut cmd: Command) -> (Running, String) {
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start trf serve");
    let stdout = child.stdout.take().expect("stdout");
    let child = Running(child);
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = BufReader::new(stdout).read_line(&mut line);
        let _ = tx.send(line);
    });
    let line = rx.recv_timeout(WAIT).expect("trf serve prints its URL");
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://127.0.0.1:"))
        .unwrap_or_else(|| panic!("no loopback URL in {line:?}"))
        .to_owned();
    (child, url)
}

/// `127.0.0.1:PORT` of a URL.
pub(crate) fn authority(url: &str) -> String {
    url.trim_start_matches("http://")
        .trim_end_matches('/')
        .to_owned()
}

/// Sends `head` (the request line and headers, without the blank line
/// that ends them) and `body`; returns the status and the whole answer.
pub(crate) fn exchange(url: &str, head: &str, body: &[u8]) -> (u16, String) {
    let mut s = TcpStream::connect(authority(url)).unwrap();
    s.set_read_timeout(Some(WAIT)).unwrap();
    s.write_all(format!("{head}\r\nConnection: close\r\n\r\n").as_bytes())
        .unwrap();
    // The server may answer (413, 403) before it has read everything.
    let _ = s.write_all(body);
    let mut answer = Vec::new();
    let _ = s.read_to_end(&mut answer);
    let answer = String::from_utf8_lossy(&answer).into_owned();
    let status = answer
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("no status in {answer:.200}"));
    (status, answer)
}

/// The page at `/` (GET, with the right `Host`).
pub(crate) fn get(url: &str) -> (u16, String) {
    get_path(url, "/")
}

/// What the server answers at `path` (GET, with the right `Host`): the
/// status and the whole answer, its head included.
pub(crate) fn get_path(url: &str, path: &str) -> (u16, String) {
    exchange(
        url,
        &format!("GET {path} HTTP/1.1\r\nHost: {}", authority(url)),
        b"",
    )
}

/// The body of an answer of [`exchange`] (after its head).
pub(crate) fn body(answer: &str) -> &str {
    answer.split_once("\r\n\r\n").map_or("", |(_, b)| b)
}

/// The token the page's form carries.
pub(crate) fn token(url: &str) -> String {
    let (status, page) = get(url);
    assert_eq!(status, 200);
    let at = page
        .find("name=\"token\" value=\"")
        .expect("the form carries a token")
        + "name=\"token\" value=\"".len();
    page[at..at + page[at..].find('"').unwrap()].to_owned()
}

/// A multipart body of `fields` (form field, file name or none, bytes).
pub(crate) fn multipart(fields: &[(&str, Option<&str>, &[u8])]) -> Vec<u8> {
    let mut body = Vec::new();
    for (field, name, bytes) in fields {
        let file = name.map_or(String::new(), |n| format!("; filename=\"{n}\""));
        body.extend_from_slice(
            format!(
                "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{field}\"{file}\r\nContent-Type: application/octet-stream\r\n\r\n"
            )
            .as_bytes(),
        );
        body.extend_from_slice(bytes);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{BOUNDARY}--\r\n").as_bytes());
    body
}

/// The boundary of [`multipart`] bodies.
pub(crate) const BOUNDARY: &str = "trfkit-test-boundary";

/// The head of a POST of a [`multipart`] body of `len` bytes to `/check`,
/// with `extra` headers.
pub(crate) fn post_head(url: &str, len: usize, extra: &str) -> String {
    format!(
        "POST /check HTTP/1.1\r\nHost: {}\r\nContent-Type: multipart/form-data; boundary={BOUNDARY}\r\nContent-Length: {len}{extra}",
        authority(url)
    )
}

/// Posts `files` (form field, file name, bytes) to `/check` as the page's
/// form does (multipart, the token first); returns the status and the page.
pub(crate) fn post(url: &str, files: &[(&str, &str, &[u8])]) -> (u16, String) {
    let token = token(url);
    let mut fields: Vec<(&str, Option<&str>, &[u8])> = vec![("token", None, token.as_bytes())];
    fields.extend(files.iter().map(|(f, n, b)| (*f, Some(*n), *b)));
    let body = multipart(&fields);
    exchange(url, &post_head(url, body.len(), ""), &body)
}
