//! What keeps `trf serve` answering under hostile use, in the connection
//! and request layers (the pages themselves are built in `serve.rs`):
//!
//! * connections: at most [`Limits::connections`] at once (the rest wait in
//!   the kernel's queue and use no file descriptor of ours), each closed
//!   when it sends or takes nothing for [`Limits::idle`] or lives longer
//!   than [`Limits::lifetime`]; a connection between requests must send a
//!   whole request head within [`Limits::idle`], however it trickles it in
//!   (only bytes of a request being answered count as progress); when every
//!   slot is taken, the connection that has waited longest for its next
//!   request head is closed to make room, so slow or idle clients never
//!   keep a new one out; an error accepting one (`EMFILE` when file
//!   descriptors run out) is waited out, never fatal;
//! * requests: answered within [`Limits::request`] or given up;
//! * only a `Host` naming the loopback address and our port is served
//!   (421 otherwise: a web page that rebinds its own DNS name to 127.0.0.1
//!   gets nothing); a POST must come from our own page (`Origin` our own, or
//!   none, as from a non-browser client: 403 otherwise) and carry the
//!   per-run token the page's form holds (checked where the form is read).

use axum::extract::{Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::task::{Context, Poll, Waker};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::{sleep, Instant, Sleep};

/// The bounds on connections and requests.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Limits {
    /// Connections served at once.
    pub(crate) connections: usize,
    /// How long a connection may send or take nothing.
    pub(crate) idle: Duration,
    /// How long a connection may live (keep-alive included).
    pub(crate) lifetime: Duration,
    /// How long one request may take, upload and check included.
    pub(crate) request: Duration,
}

impl Limits {
    /// The defaults: 64 connections (fewer when the process may open fewer
    /// than 96 files), 10 s idle, 5 min per connection and per request.
    pub(crate) fn new() -> Limits {
        Limits {
            connections: connections_for(open_files_limit()),
            idle: Duration::from_secs(10),
            lifetime: Duration::from_secs(300),
            request: Duration::from_secs(300),
        }
    }
}

/// Connections to serve at once for a limit of `files` open files: 64, or
/// what leaves 32 descriptors for the runtime, the standard streams and a
/// browser being started (at least 4).
fn connections_for(files: Option<u64>) -> usize {
    const MOST: usize = 64;
    match files {
        Some(n) => usize::try_from(n.saturating_sub(32)).map_or(MOST, |c| c.clamp(4, MOST)),
        None => MOST,
    }
}

/// The soft limit on open files (`ulimit -n`), where the system says it
/// without a system call of our own (Linux's `/proc/self/limits`).
fn open_files_limit() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = text.lines().find(|l| l.starts_with("Max open files"))?;
    line["Max open files".len()..]
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// The listening socket with the connection bounds applied.
pub(crate) struct Guarded {
    listener: TcpListener,
    slots: Arc<Semaphore>,
    limits: Limits,
    /// The connections open, for closing the one that has waited longest
    /// when every slot is taken.
    open: Vec<Weak<Shared>>,
}

impl Guarded {
    /// Applies `limits` to connections accepted on `listener`.
    pub(crate) fn new(listener: TcpListener, limits: Limits) -> Guarded {
        Guarded {
            listener,
            slots: Arc::new(Semaphore::new(limits.connections)),
            limits,
            open: Vec::new(),
        }
    }

    /// Closes the open connection that has waited longest for a request
    /// head (none that is answering a request), to free its slot.
    fn make_room(&mut self) {
        self.open.retain(|w| w.strong_count() > 0);
        let oldest = self
            .open
            .iter()
            .filter_map(Weak::upgrade)
            .filter(|c| c.busy.load(Ordering::Acquire) == 0 && !c.evicted.load(Ordering::Acquire))
            .min_by_key(|c| *c.waiting_since.lock().unwrap_or_else(|e| e.into_inner()));
        if let Some(c) = oldest {
            c.evict();
        }
    }
}

impl axum::serve::Listener for Guarded {
    type Io = Connection;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Connection, SocketAddr) {
        // A free slot first: while every slot is taken, the connection
        // that has waited longest for a request is closed, and new ones
        // wait in the kernel's queue instead of taking a file descriptor.
        // The semaphore is never closed, so acquiring cannot fail.
        let permit = match Arc::clone(&self.slots).try_acquire_owned() {
            Ok(p) => p,
            Err(_) => loop {
                self.make_room();
                let wait = tokio::time::timeout(
                    Duration::from_millis(200),
                    Arc::clone(&self.slots).acquire_owned(),
                );
                if let Ok(Ok(p)) = wait.await {
                    break p;
                }
            },
        };
        let mut pause = Duration::from_millis(10);
        loop {
            match self.listener.accept().await {
                Ok((stream, addr)) => {
                    let c = Connection::new(stream, permit, self.limits);
                    self.open.retain(|w| w.strong_count() > 0);
                    self.open.push(Arc::downgrade(&c.shared.0));
                    return (c, addr);
                }
                // Out of file descriptors, or a connection reset before it
                // was accepted: wait (longer each time, up to a second) for
                // connections to end, and go on.
                Err(_) => {
                    sleep(pause).await;
                    pause = (pause * 2).min(Duration::from_secs(1));
                }
            }
        }
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        self.listener.local_addr()
    }
}

/// One accepted connection: its slot is given back when it is dropped, and
/// it fails (so that it is closed) once idle or too old.
pub(crate) struct Connection {
    stream: TcpStream,
    _slot: OwnedSemaphorePermit,
    /// What the connection shares with its requests and the listener.
    shared: Busy,
    idle_for: Duration,
    /// A request was being answered when last polled.
    was_busy: bool,
    idle: Pin<Box<Sleep>>,
    end: Pin<Box<Sleep>>,
}

impl Connection {
    fn new(stream: TcpStream, slot: OwnedSemaphorePermit, limits: Limits) -> Connection {
        Connection {
            stream,
            _slot: slot,
            shared: Busy::default(),
            idle_for: limits.idle,
            was_busy: false,
            idle: Box::pin(sleep(limits.idle)),
            end: Box::pin(sleep(limits.lifetime)),
        }
    }

    /// An error once a deadline has passed (polling the deadlines also
    /// wakes the connection's task when they pass).
    fn expired(&mut self, cx: &mut Context<'_>) -> Option<io::Error> {
        let shared = Arc::clone(&self.shared.0);
        *shared.waker.lock().unwrap_or_else(|e| e.into_inner()) = Some(cx.waker().clone());
        let busy = shared.busy.load(Ordering::Acquire) > 0;
        if busy {
            self.was_busy = true;
        } else if self.was_busy {
            // A request was just answered: the next one's head has
            // `idle` from now.
            self.was_busy = false;
            self.progressed();
            *shared
                .waiting_since
                .lock()
                .unwrap_or_else(|e| e.into_inner()) = Instant::now();
        }
        if shared.evicted.load(Ordering::Acquire) && !busy {
            return Some(io::Error::new(
                io::ErrorKind::TimedOut,
                "connection closed to make room",
            ));
        }
        let idle = self.idle.as_mut().poll(cx).is_ready() && !busy;
        let old = self.end.as_mut().poll(cx).is_ready();
        (idle || old).then(|| io::Error::new(io::ErrorKind::TimedOut, "connection timed out"))
    }

    fn progressed(&mut self) {
        let at = Instant::now() + self.idle_for;
        self.idle.as_mut().reset(at);
    }

    /// Whether a request of this connection is being answered.
    fn busy(&self) -> bool {
        self.shared.0.busy.load(Ordering::Acquire) > 0
    }
}

use std::future::Future as _;

/// What a connection shares with the listener and its requests.
#[derive(Debug)]
struct Shared {
    /// Requests of the connection being answered: a connection waiting
    /// for its answer (a large report takes a while to check) is not idle.
    busy: AtomicUsize,
    /// Since when it has waited for a request head (its start, or the end
    /// of its last answer).
    waiting_since: Mutex<Instant>,
    /// Closed by the listener to make room.
    evicted: AtomicBool,
    /// Wakes the connection's task, so that an eviction takes effect.
    waker: Mutex<Option<Waker>>,
}

impl Shared {
    fn evict(&self) {
        self.evicted.store(true, Ordering::Release);
        if let Some(w) = self.waker.lock().unwrap_or_else(|e| e.into_inner()).take() {
            w.wake();
        }
    }
}

/// A connection as its requests see it (handed to each request as its
/// connection info).
#[derive(Debug, Clone)]
pub(crate) struct Busy(Arc<Shared>);

impl Default for Busy {
    fn default() -> Busy {
        Busy(Arc::new(Shared {
            busy: AtomicUsize::new(0),
            waiting_since: Mutex::new(Instant::now()),
            evicted: AtomicBool::new(false),
            waker: Mutex::new(None),
        }))
    }
}

impl axum::extract::connect_info::Connected<axum::serve::IncomingStream<'_, Guarded>> for Busy {
    fn connect_info(target: axum::serve::IncomingStream<'_, Guarded>) -> Busy {
        target.io().shared.clone()
    }
}

/// Marks a connection busy while it lives.
struct Working(Busy);

impl Working {
    fn new(b: &Busy) -> Working {
        b.0.busy.fetch_add(1, Ordering::AcqRel);
        Working(b.clone())
    }
}

impl Drop for Working {
    fn drop(&mut self) {
        self.0 .0.busy.fetch_sub(1, Ordering::AcqRel);
        // Wake the connection so that its wait for the next head starts.
        if let Some(w) = self
            .0
             .0
            .waker
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take()
        {
            w.wake();
        }
    }
}

impl AsyncRead for Connection {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        match Pin::new(&mut self.stream).poll_read(cx, buf) {
            Poll::Ready(Ok(())) => {
                // Only the body of a request being answered counts as
                // progress: a head trickled in a byte at a time does not
                // keep the connection.
                if buf.filled().len() > before && self.busy() {
                    self.progressed();
                }
                Poll::Ready(Ok(()))
            }
            Poll::Ready(Err(e)) => Poll::Ready(Err(e)),
            Poll::Pending => match self.expired(cx) {
                Some(e) => Poll::Ready(Err(e)),
                None => Poll::Pending,
            },
        }
    }
}

impl AsyncWrite for Connection {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        match Pin::new(&mut self.stream).poll_write(cx, buf) {
            Poll::Ready(Ok(n)) => {
                if n > 0 {
                    self.progressed();
                }
                Poll::Ready(Ok(n))
            }
            Poll::Ready(Err(e)) => Poll::Ready(Err(e)),
            Poll::Pending => match self.expired(cx) {
                Some(e) => Poll::Ready(Err(e)),
                None => Poll::Pending,
            },
        }
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

/// What the request layer checks against.
#[derive(Debug)]
pub(crate) struct Origin {
    /// `127.0.0.1:PORT` and `localhost:PORT`.
    hosts: [String; 2],
    /// The time one request may take.
    request: Duration,
}

impl Origin {
    /// The server at `port`, with requests bounded by `limits`.
    pub(crate) fn new(port: u16, limits: &Limits) -> Origin {
        Origin {
            hosts: [format!("127.0.0.1:{port}"), format!("localhost:{port}")],
            request: limits.request,
        }
    }

    fn host_ok(&self, host: &[u8]) -> bool {
        self.hosts
            .iter()
            .any(|h| host.eq_ignore_ascii_case(h.as_bytes()))
    }

    fn origin_ok(&self, origin: &[u8]) -> bool {
        origin
            .strip_prefix(b"http://")
            .is_some_and(|host| self.host_ok(host))
    }
}

/// The request layer: the `Host`, the `Origin` of a POST, and the time.
pub(crate) async fn request(State(o): State<Arc<Origin>>, req: Request, next: Next) -> Response {
    let host = req.headers().get(header::HOST).map(|h| h.as_bytes());
    if !host.is_some_and(|h| o.host_ok(h)) {
        return refuse(
            StatusCode::MISDIRECTED_REQUEST,
            "This server answers only to http://127.0.0.1 on its own port.",
        );
    }
    if req.method() == axum::http::Method::POST {
        if let Some(origin) = req.headers().get(header::ORIGIN) {
            if !o.origin_ok(origin.as_bytes()) {
                return refuse(
                    StatusCode::FORBIDDEN,
                    "Files are checked only when sent from this server's own page.",
                );
            }
        }
    }
    let _working = req
        .extensions()
        .get::<axum::extract::ConnectInfo<Busy>>()
        .map(|b| Working::new(&b.0));
    match tokio::time::timeout(o.request, next.run(req)).await {
        Ok(r) => r,
        Err(_) => refuse(
            StatusCode::SERVICE_UNAVAILABLE,
            "Checking took too long and was given up. The command line (trf check) has no time limit.",
        ),
    }
}

/// A short plain-text refusal (no page: whoever sent this is not our page).
pub(crate) fn refuse(status: StatusCode, text: &'static str) -> Response {
    (status, [(header::CONNECTION, "close")], text).into_response()
}

/// A secret for this run of the server, 128 bits from the operating
/// system's randomness (through the standard library's hash seeds), as
/// hex: the page's form carries it, and a POST without it is refused, so a
/// page from elsewhere cannot have the browser send files here.
pub(crate) fn token() -> String {
    use std::hash::{BuildHasher, Hasher};
    let mut out = String::with_capacity(32);
    for _ in 0..2 {
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u64(0x7472_666b_6974);
        out.push_str(&format!("{:016x}", h.finish()));
    }
    out
}

/// `given` is `token`, compared in time that does not depend on where they
/// first differ.
pub(crate) fn same_token(given: &[u8], token: &str) -> bool {
    given.len() == token.len()
        && given
            .iter()
            .zip(token.as_bytes())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connections_leave_descriptors_free() {
        assert_eq!(connections_for(None), 64);
        assert_eq!(connections_for(Some(1024)), 64);
        assert_eq!(connections_for(Some(64)), 32);
        assert_eq!(connections_for(Some(20)), 4);
    }

    #[test]
    fn hosts_and_origins() {
        let o = Origin::new(8765, &Limits::new());
        assert!(o.host_ok(b"127.0.0.1:8765"));
        assert!(o.host_ok(b"LOCALHOST:8765"));
        assert!(!o.host_ok(b"127.0.0.1:8766"));
        assert!(!o.host_ok(b"evil.example:8765"));
        assert!(!o.host_ok(b"127.0.0.1"));
        assert!(o.origin_ok(b"http://127.0.0.1:8765"));
        assert!(!o.origin_ok(b"http://evil.example"));
        assert!(!o.origin_ok(b"null"));
        assert!(!o.origin_ok(b"https://127.0.0.1:8765"));
    }

    #[test]
    fn tokens_differ_and_compare() {
        let (a, b) = (token(), token());
        assert_eq!(a.len(), 32);
        assert_ne!(a, b);
        assert!(same_token(a.as_bytes(), &a));
        assert!(!same_token(b.as_bytes(), &a));
        assert!(!same_token(&a.as_bytes()[..31], &a));
    }
}
