//! `trf serve [--port N] [--open] [PATH...]`: the check and the HTML report
//! as a local web page, for people who do not use a terminal. Reports named
//! on the command line are on the page when it opens.
//!
//! The server listens on 127.0.0.1 only: nothing on the network can reach
//! it. Uploaded files are read in memory and checked; the page carries no
//! file: its downloads, and the reports after the first
//! [`DRAWN`](crate::render::html::DRAWN), are links that the server answers
//! from what it keeps of the upload, bounded and for a while
//! ([`answers`]), never on disk. Every problem with an upload is answered
//! with the page and a message, never a bare error. What keeps it answering under hostile use
//! (connection and request bounds, `Host`, `Origin`, the form's token) is
//! in [`guard`]; the memory all requests share, in [`budget`]. An upload
//! must arrive at [`MIN_RATE`] or faster (it comes from a browser on this
//! machine), and the work of a request whose client has left stops between
//! reports. A plain rating list is not held: it is spooled to a temporary
//! file without a name and scanned from there ([`ListPart`]), so FIDE's full
//! TXT list (about 317 MB) is taken without a larger `--max-size`.

mod answers;
mod budget;
mod guard;

use super::{files, ReadArgs, EXIT_OK, EXIT_USAGE};
use crate::render::html::Page;
use crate::upload::{ListUpload, Upload};
use crate::ReadOptions;
use axum::extract::multipart::{Multipart, MultipartRejection};
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::Html;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use std::io::Write as _;
use std::net::{Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The slowest an upload may arrive, in bytes a second, after the
/// connection's idle time: a browser on the same machine sends at memory
/// speed, so a slower one holds a connection and memory for nothing.
pub(crate) const MIN_RATE: u64 = 64 << 10;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// Port on 127.0.0.1 (0 picks a free one; the URL printed says which).
    #[arg(long, default_value_t = 8765)]
    port: u16,
    /// Open the page in the system's browser.
    #[arg(long)]
    open: bool,
    /// Seconds a connection may send or take nothing before it is closed
    /// (for tests).
    #[arg(long, hide = true, default_value_t = 10)]
    idle_seconds: u64,
    /// The largest plain rating list taken, in bytes (for tests; by
    /// default the bound of a list inside a zip, 1 GiB).
    #[arg(long, hide = true, default_value_t = crate::ratinglist::MAX_LIST_BYTES)]
    max_list_size: u64,
    /// Memory, in MiB, that the checks of all uploads together may take;
    /// an upload that finds it taken is answered "busy, try again".
    #[arg(long, value_name = "MIB", default_value_t = budget::DEFAULT_MIB)]
    memory: u32,
    #[command(flatten)]
    read: ReadArgs,
    /// Reports or folders to check: the page opens with their verdicts.
    paths: Vec<PathBuf>,
    /// Started from Windows' Explorer (a double-click, or reports dropped
    /// on `trf.exe`): the console window says how to stop.
    #[arg(skip)]
    window: bool,
}

impl Args {
    /// The page a start from Explorer opens (`super::launch`): a free port,
    /// in the browser, with `paths` checked on it.
    pub(super) fn launched(paths: Vec<PathBuf>) -> Args {
        Args {
            port: 0,
            open: true,
            idle_seconds: 10,
            max_list_size: crate::ratinglist::MAX_LIST_BYTES,
            memory: budget::DEFAULT_MIB,
            read: ReadArgs::default(),
            paths,
            window: true,
        }
    }
}

/// What every request shares.
#[derive(Debug)]
struct Config {
    read: ReadOptions,
    /// The per-run secret the form carries.
    token: String,
    /// The page of the reports named on the command line, which `/` shows.
    given: Option<String>,
    /// The memory all uploads share.
    budget: budget::Budget,
    /// How long a connection may send nothing.
    idle: Duration,
    /// The largest plain rating list taken (it is spooled, not held).
    max_list: u64,
    /// What is kept of the uploads answered, for their downloads.
    answers: answers::Answers,
}

impl Config {
    /// An empty page whose form carries the token.
    fn page(&self) -> Page {
        let mut page = Page::new(self.read.max_file_bytes, chrono::Utc::now());
        page.token.clone_from(&self.token);
        page
    }
}

/// The answer to every request: a status and the page.
type Reply = (StatusCode, Html<String>);

pub(crate) fn run(a: Args) -> u8 {
    // One thread serves the connections; the checks, the only heavy work,
    // run on tokio's blocking threads (`spawn_blocking`). The multi-thread
    // scheduler is not built at all: its poll-time estimate calls
    // `f64::powf`, which made every start of `trf`, whatever the command,
    // load the C maths library (`libm`) for that one function.
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("trf: cannot start the server: {e}");
            return EXIT_USAGE;
        }
    };
    runtime.block_on(serve(a))
}

async fn serve(a: Args) -> u8 {
    let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, a.port));
    let listener = match tokio::net::TcpListener::bind(addr).await {
        Ok(l) => l,
        Err(e) => {
            eprintln!(
                "trf: cannot listen on {addr}: {e} (another program may use the port: try --port 0)"
            );
            return EXIT_USAGE;
        }
    };
    let port = listener.local_addr().map_or(a.port, |l| l.port());
    let url = format!("http://127.0.0.1:{port}/");
    let read = a.read.options();
    let mut config = Config {
        read,
        token: guard::token(),
        given: None,
        budget: budget::Budget::new(a.memory),
        idle: Duration::from_secs(a.idle_seconds.max(1)),
        max_list: a.max_list_size,
        answers: answers::Answers::default(),
    };
    if !a.paths.is_empty() {
        config.given = Some(given(&config, &a.paths));
    }
    // One line on stdout, flushed: scripts and tests read the URL from it.
    println!("trf serve: {url} (Ctrl-C stops)");
    if a.window {
        println!(
            "The page is open in your browser. To stop trfkit, close this window or press Ctrl+C."
        );
    }
    let _ = std::io::stdout().flush();
    if a.open {
        if let Err(e) = open::that_detached(&url) {
            eprintln!("trf: cannot start a browser ({e}); open {url} yourself");
        }
    }
    // The files may take the whole limit, and each plain rating list (the
    // list before the period and the list FIDE published; spooled, not
    // held) its own; the form's other fields and the multipart framing get
    // 64 KiB more.
    let lists = config.max_list.saturating_mul(2);
    let limit = usize::try_from(config.read.max_file_bytes.saturating_add(lists))
        .unwrap_or(usize::MAX)
        .saturating_add(1 << 16);
    let mut limits = guard::Limits::new();
    limits.idle = config.idle;
    let origin = Arc::new(guard::Origin::new(port, &limits));
    let config = Arc::new(config);
    // What is kept of the uploads answered goes when it expires, whether or
    // not another request comes.
    let kept = Arc::clone(&config);
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(Duration::from_secs(60)).await;
            kept.answers.expire();
        }
    });
    let app = Router::new()
        .route("/", get(home))
        .route("/check", get(form).post(check))
        .route("/answer/{id}/download/{index}/{kind}", get(download))
        .route("/answer/{id}/table/{index}", get(table))
        .route("/answer/{id}/report/{index}", get(report))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(limit))
        .with_state(config)
        .layer(axum::middleware::from_fn_with_state(origin, guard::request));
    let listener = guard::Guarded::new(listener, limits);
    let app = app.into_make_service_with_connect_info::<guard::Busy>();
    match axum::serve(listener, app).await {
        Ok(()) => EXIT_OK,
        Err(e) => {
            eprintln!("trf: the server stopped: {e}");
            EXIT_USAGE
        }
    }
}

async fn form(State(cfg): State<Arc<Config>>) -> Reply {
    (StatusCode::OK, Html(cfg.page().html()))
}

/// `/`: the reports named on the command line, or the empty form.
async fn home(State(cfg): State<Arc<Config>>) -> Reply {
    match &cfg.given {
        Some(html) => (StatusCode::OK, Html(html.clone())),
        None => (StatusCode::OK, Html(cfg.page().html())),
    }
}

/// The page of the reports at `paths` (files, and the reports found in
/// folders as `trf check` finds them), checked as an upload of the same
/// files is. What cannot be read is a problem on the page: a person who
/// dropped a folder on `trf.exe` reads the page, not the console. As for
/// an upload, the reports together may take `--max-size`.
fn given(cfg: &Config, paths: &[PathBuf]) -> String {
    let inputs = files::expand(paths);
    files::announce(&inputs);
    let mut page = cfg.page();
    for (p, why) in &inputs.missing {
        page.problems.push((
            format!("{} could not be read", files::shown(p)),
            why.clone(),
        ));
    }
    let mut reports: Vec<Upload> = Vec::new();
    let mut total = 0u64;
    for f in &inputs.files {
        let bytes = match super::read_source(f, &cfg.read) {
            Ok(b) => b,
            Err(e) => {
                page.problems.push((
                    format!("{} could not be read", files::shown(f)),
                    e.to_string(),
                ));
                continue;
            }
        };
        total += bytes.len() as u64;
        if total > cfg.read.max_file_bytes {
            let limit = crate::render::html::size_words(cfg.read.max_file_bytes);
            page.problems.push((
                "The reports are too large together".to_owned(),
                format!("Reports checked together may take up to {limit}; {} and the reports after it were not read. Check fewer at a time, or start the page with a larger --max-size.", files::shown(f)),
            ));
            break;
        }
        let name = f
            .file_name()
            .map_or_else(|| files::shown(f), |n| n.to_string_lossy().into_owned());
        reports.push((name, bytes));
    }
    if reports.is_empty() && page.problems.is_empty() {
        let named: Vec<String> = paths.iter().map(|p| files::shown(p)).collect();
        page.problems.push((
            "No tournament report was found".to_owned(),
            format!(
                "{} holds no TRF file. Choose reports with the form below.",
                named.join(", ")
            ),
        ));
    }
    let id = guard::token();
    let (page, kept) = crate::upload::check_uploads(page, &cfg.read, reports, None, &base(&id));
    if let Some(kept) = kept {
        cfg.answers.keep(id, kept, budget::Held::default(), true);
    }
    page.html()
}

/// Where the links of the answer `id` lead.
fn base(id: &str) -> String {
    format!("/answer/{id}/")
}

async fn not_found(State(cfg): State<Arc<Config>>) -> Reply {
    problem(
        &cfg,
        StatusCode::NOT_FOUND,
        "There is no such page here",
        "Use the form below to check a tournament report.".to_owned(),
    )
}

/// The form with one problem above it.
fn problem(cfg: &Config, status: StatusCode, head: &str, text: String) -> Reply {
    let mut page = cfg.page();
    page.problems.push((head.to_owned(), text));
    (status, Html(page.html()))
}

async fn check(
    State(cfg): State<Arc<Config>>,
    headers: HeaderMap,
    upload: Result<Multipart, MultipartRejection>,
) -> Response {
    let mut mp = match upload {
        Ok(m) => m,
        Err(e) => {
            return problem(
                &cfg,
                StatusCode::BAD_REQUEST,
                "The upload could not be read",
                format!("Choose the files with the form below. ({})", e.body_text()),
            )
            .into_response()
        }
    };
    // The time the upload may take: the idle time, and the body at the
    // least rate (its announced length, or the largest allowed).
    let length = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok()?.parse::<u64>().ok())
        .unwrap_or(cfg.read.max_file_bytes);
    let allowed = cfg.idle + Duration::from_secs(length / MIN_RATE);
    // The memory one report of the announced length needs, waited for
    // before a byte of it is read.
    let mut held = budget::Held::default();
    let announced = length.min(cfg.read.max_file_bytes);
    let first = budget::PER_REPORT + announced.saturating_mul(budget::PER_BYTE);
    cfg.answers.make_room(&cfg.budget, &held, first);
    if !cfg
        .budget
        .reserve_within(&mut held, first, budget::WAIT)
        .await
    {
        return busy(&cfg);
    }
    let (trfs, list, registrations, published) =
        match tokio::time::timeout(allowed, read_upload(&cfg, &mut mp, &mut held, announced)).await {
            Ok(Ok(files)) => files,
            Ok(Err(refused)) => return refused,
            Err(_) => {
                return problem(
                    &cfg,
                    StatusCode::REQUEST_TIMEOUT,
                    "The upload arrived too slowly",
                    "The files came in more slowly than a browser on this computer sends them, and were not read. Try again.".to_owned(),
                )
                .into_response()
            }
        };
    if trfs.is_empty() {
        return problem(
            &cfg,
            StatusCode::BAD_REQUEST,
            "No tournament report was chosen",
            "Choose one or more TRF files with the first button, then press Check.".to_owned(),
        )
        .into_response();
    }
    // The work runs on a blocking thread and stops between reports once
    // this request is dropped (the client left, or the request's time ran
    // out); it keeps the request's share of the memory until it stops.
    let stop = Arc::new(AtomicBool::new(false));
    let _stop_when_dropped = StopWhenDropped(Arc::clone(&stop));
    let cfg2 = Arc::clone(&cfg);
    let job = tokio::task::spawn_blocking(move || {
        let go = || !stop.load(Ordering::Relaxed);
        let list = list.map(ListPart::into_upload);
        let published = published.map(ListPart::into_upload);
        let mut held = held;
        (
            check_uploads(&cfg2, trfs, list, registrations, published, &go, &mut held),
            held,
        )
    });
    match job.await {
        Ok(((status, Html(page)), held)) => (
            status,
            [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
            axum::body::Body::new(budget::HeldBody::new(page, held)),
        )
            .into_response(),
        Err(_) => fault(&cfg),
    }
}

/// Sets its flag when dropped: the request it belongs to is over.
struct StopWhenDropped(Arc<AtomicBool>);

impl Drop for StopWhenDropped {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// The rating list of an upload. A zip is held (read whole, within
/// `--max-size` with the reports, as before); a plain list (TXT or XML) is
/// spooled to a temporary file that has no name in any folder (the system
/// deletes it when it is closed, whatever ends the request) and is read
/// from there in pieces while it is scanned, never held whole, up to
/// [`Config::max_list`]. Only the players the reports name are kept.
#[derive(Debug)]
enum ListPart {
    Held(Upload),
    Spooled(String, std::fs::File),
}

impl ListPart {
    /// The list as the check reads it.
    fn into_upload(self) -> ListUpload {
        match self {
            ListPart::Held(u) => ListUpload::Bytes(u),
            ListPart::Spooled(name, file) => ListUpload::Stream(name, Box::new(file)),
        }
    }
}

/// The reports, the rating list, the registrations file and the list FIDE
/// published (read as the rating list is) of an upload,
/// each file's share of the memory budget reserved in `held` as it arrives
/// beyond what `held` already covers (one file of `covered` bytes); or the
/// answer that refuses it.
async fn read_upload(
    cfg: &Config,
    mp: &mut Multipart,
    held: &mut budget::Held,
    covered: u64,
) -> Result<UploadParts, Response> {
    let mut trfs: Vec<Upload> = Vec::new();
    let mut list: Option<ListPart> = None;
    let mut published: Option<ListPart> = None;
    let mut registrations: Option<Upload> = None;
    let mut token = false;
    // The files' bytes so far: together within --max-size.
    let mut total = 0u64;
    // What the reservation made before reading covers: the first file, and
    // the body's announced length.
    let mut files = 0u32;
    loop {
        let mut field = match mp.next_field().await {
            Ok(Some(f)) => f,
            Ok(None) => break,
            Err(e) => return Err(upload_failed(cfg, e).into_response()),
        };
        let kind = field.name().unwrap_or_default().to_owned();
        // The page's form sends its token first: files sent without it are
        // not read at all.
        if !token {
            if kind != "token" {
                return Err(no_token());
            }
            let mut given = Vec::new();
            while let Ok(Some(c)) = field.chunk().await {
                if given.len() + c.len() > 64 {
                    return Err(no_token());
                }
                given.extend_from_slice(&c);
            }
            if !guard::same_token(&given, &cfg.token) {
                return Err(no_token());
            }
            token = true;
            continue;
        }
        let name = field
            .file_name()
            .map(crate::upload::base_name)
            .unwrap_or_default();
        files += 1;
        if files > 1 && !cfg.answers.reserve(&cfg.budget, held, budget::PER_REPORT) {
            return Err(busy(cfg));
        }
        if kind == "rating_list" || kind == "published" {
            // A second list replaces the first.
            if let Some(l) = spool_list(cfg, &mut field, name, held, &mut total, covered).await? {
                *(if kind == "published" {
                    &mut published
                } else {
                    &mut list
                }) = Some(l);
            }
            continue;
        }
        // Streamed into a buffer of our own (the body limit bounds the
        // total), which the reader then takes without a copy.
        let mut bytes = Vec::new();
        loop {
            match field.chunk().await {
                Ok(Some(c)) => {
                    let before = total.saturating_sub(covered);
                    total += c.len() as u64;
                    if total > cfg.read.max_file_bytes {
                        return Err(too_large(cfg).into_response());
                    }
                    let beyond = total.saturating_sub(covered) - before;
                    if !cfg
                        .answers
                        .reserve(&cfg.budget, held, beyond * budget::PER_BYTE)
                    {
                        return Err(busy(cfg));
                    }
                    bytes.extend_from_slice(&c);
                }
                Ok(None) => break,
                Err(e) => return Err(upload_failed(cfg, e).into_response()),
            }
        }
        // A file input left empty still sends a part, without a name.
        if name.is_empty() && bytes.is_empty() {
            continue;
        }
        match kind.as_str() {
            "trf" => trfs.push((name, bytes)),
            "registrations" => registrations = Some((name, bytes)),
            _ => {}
        }
    }
    Ok((trfs, list, registrations, published))
}

/// The reports, the rating list, the registrations file and the published
/// list of an upload.
type UploadParts = (
    Vec<Upload>,
    Option<ListPart>,
    Option<Upload>,
    Option<ListPart>,
);

/// Reads the rating list's part of an upload into a temporary file
/// ([`ListPart`]): at most [`Config::max_list`] bytes, reserving no memory
/// by the byte (the scan keeps the players found, not the list). A zip is
/// then read into memory and counted in `total`, the files' bytes within
/// `--max-size`, with its share of the budget, as any file held. `None`
/// when the file input was left empty.
async fn spool_list(
    cfg: &Config,
    field: &mut axum::extract::multipart::Field<'_>,
    name: String,
    held: &mut budget::Held,
    total: &mut u64,
    covered: u64,
) -> Result<Option<ListPart>, Response> {
    use std::io::{Read as _, Seek as _};
    let cannot_keep = |e: std::io::Error| {
        problem(
            cfg,
            StatusCode::INSUFFICIENT_STORAGE,
            "The rating list could not be kept while it is read",
            format!("trfkit puts a rating list in a temporary file while it reads it, and the computer refused that ({e}). Free some disk space and try again, or send the list zipped."),
        )
        .into_response()
    };
    let mut file = tempfile::tempfile().map_err(cannot_keep)?;
    let mut size = 0u64;
    loop {
        match field.chunk().await {
            Ok(Some(c)) => {
                size += c.len() as u64;
                if size > cfg.max_list {
                    return Err(list_too_large(cfg));
                }
                // Into the system's file cache: as quick as the copy into
                // memory it replaces.
                file.write_all(&c).map_err(cannot_keep)?;
            }
            Ok(None) => break,
            // The request's own bound (the files' bound, the list's and
            // 64 KiB) reached while the list is read: the reports were
            // within theirs, so it is the list that is too large. How far
            // into the list the server reads before the bound trips
            // depends on how the body arrives, so the list's own check
            // above cannot be relied on to come first.
            Err(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                return Err(list_too_large(cfg))
            }
            Err(e) => return Err(upload_failed(cfg, e).into_response()),
        }
    }
    if name.is_empty() && size == 0 {
        return Ok(None);
    }
    let mut head = [0u8; 4];
    file.rewind().map_err(cannot_keep)?;
    let got = file.read(&mut head).map_err(cannot_keep)?;
    file.rewind().map_err(cannot_keep)?;
    if !crate::source::archive::is_zip(&head[..got]) {
        return Ok(Some(ListPart::Spooled(name, file)));
    }
    // A zip is read whole (its member is found from its end), within the
    // files' bound and the budget, as before.
    let before = total.saturating_sub(covered);
    *total += size;
    if *total > cfg.read.max_file_bytes {
        return Err(too_large(cfg).into_response());
    }
    let beyond = total.saturating_sub(covered) - before;
    if !cfg
        .answers
        .reserve(&cfg.budget, held, beyond * budget::PER_BYTE)
    {
        return Err(busy(cfg));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(size).unwrap_or(0));
    file.read_to_end(&mut bytes).map_err(cannot_keep)?;
    Ok(Some(ListPart::Held((name, bytes))))
}

/// The page for a plain rating list over [`Config::max_list`].
fn list_too_large(cfg: &Config) -> Response {
    let limit = crate::render::html::size_words(cfg.max_list);
    problem(
        cfg,
        StatusCode::PAYLOAD_TOO_LARGE,
        "The rating list is too large",
        format!("A rating list may take up to {limit}. Choose the list FIDE publishes, as a TXT or XML file or the zip."),
    )
    .into_response()
}

/// The page for an upload the memory budget cannot take now.
fn busy(cfg: &Config) -> Response {
    let mut reply = problem(
        cfg,
        StatusCode::SERVICE_UNAVAILABLE,
        "trfkit is busy",
        "It is checking other uploads and has no memory to spare for these files now. Try again in a moment, or send fewer files at a time. (The page's memory is set by trf serve --memory.)".to_owned(),
    )
    .into_response();
    reply
        .headers_mut()
        .insert(header::RETRY_AFTER, header::HeaderValue::from_static("5"));
    reply
}

/// A POST without this run's token: not from the page this server gave.
fn no_token() -> Response {
    guard::refuse(
        StatusCode::FORBIDDEN,
        "Files are checked only when sent with the form of this server's own page (reload it: the server may have been restarted).",
    )
}

/// The page for an upload that broke off or is too large.
fn upload_failed(cfg: &Config, e: axum::extract::multipart::MultipartError) -> Reply {
    let status = e.status();
    if status == StatusCode::PAYLOAD_TOO_LARGE {
        return too_large(cfg);
    }
    problem(
        cfg,
        status,
        "The upload could not be read",
        format!(
            "It may have been interrupted: try again. ({})",
            e.body_text()
        ),
    )
}

/// The page for files over --max-size together.
fn too_large(cfg: &Config) -> Reply {
    let limit = crate::render::html::size_words(cfg.read.max_file_bytes);
    problem(
        cfg,
        StatusCode::PAYLOAD_TOO_LARGE,
        "The upload is too large",
        format!("Files sent together may take up to {limit}. Send fewer files at a time, or start the page with a larger --max-size."),
    )
}

/// Checks and rates every uploaded report (with the rating list, the
/// registrations file and the list FIDE published, when sent) and builds
/// the page ([`crate::upload::check_uploads`]), while `go` says to go on.
/// What makes its downloads again is kept ([`answers`]), holding its share
/// of the memory the upload reserved (`held`).
fn check_uploads(
    cfg: &Config,
    trfs: Vec<Upload>,
    list: Option<ListUpload>,
    registrations: Option<Upload>,
    published: Option<ListUpload>,
    go: &dyn Fn() -> bool,
    held: &mut budget::Held,
) -> Reply {
    let id = guard::token();
    let (page, kept) = crate::upload::check_uploads_while(
        cfg.page(),
        &cfg.read,
        trfs,
        list,
        registrations,
        published,
        go,
        &base(&id),
    );
    if let Some(kept) = kept {
        let size = kept.size();
        let share = held.split(size).or_else(|| {
            let mut more = budget::Held::default();
            cfg.answers
                .reserve(&cfg.budget, &mut more, size)
                .then_some(more)
        });
        // Without memory to keep it, its links say it is no longer kept.
        if let Some(share) = share {
            cfg.answers.keep(id, kept, share, false);
        }
    }
    let status = if page.reports.is_empty() {
        StatusCode::UNPROCESSABLE_ENTITY
    } else {
        StatusCode::OK
    };
    (status, Html(page.html()))
}

/// `/answer/ID/download/INDEX/KIND`: download `KIND` of report `INDEX` of
/// the upload kept as `ID`, made again from it.
async fn download(
    State(cfg): State<Arc<Config>>,
    Path((id, index, kind)): Path<(String, String, String)>,
) -> Response {
    let (Ok(index), Ok(kind)) = (index.parse::<usize>(), kind.parse::<usize>()) else {
        return no_such_file(&cfg);
    };
    on_demand(cfg, id, move |kept, cfg| match kept.download(index, kind) {
        Some(file) => saved(file),
        None => no_such_file(cfg),
    })
    .await
}

/// `/answer/ID/table/INDEX`: table `INDEX` of the upload kept as `ID` (its
/// verdicts, its rating period, as CSV).
async fn table(
    State(cfg): State<Arc<Config>>,
    Path((id, index)): Path<(String, String)>,
) -> Response {
    let Ok(index) = index.parse::<usize>() else {
        return no_such_file(&cfg);
    };
    on_demand(cfg, id, move |kept, cfg| match kept.table(index) {
        Some(file) => saved(file),
        None => no_such_file(cfg),
    })
    .await
}

/// `/answer/ID/report/INDEX`: report `INDEX` of the upload kept as `ID` on a
/// page of its own (the form, then its part as the page would have drawn
/// it).
async fn report(
    State(cfg): State<Arc<Config>>,
    Path((id, index)): Path<(String, String)>,
) -> Response {
    let Ok(index) = index.parse::<usize>() else {
        return no_such_file(&cfg);
    };
    let at = base(&id);
    on_demand(cfg, id, move |kept, cfg| match kept.part(index, &at) {
        Some(part) => {
            let mut page = cfg.page();
            page.reports.push(part);
            (StatusCode::OK, Html(page.html())).into_response()
        }
        None => no_such_file(cfg),
    })
    .await
}

/// `make` run on the upload kept as `id` (off the connections' thread,
/// with the memory one report of it takes reserved), or the page that
/// says it is no longer kept.
async fn on_demand(
    cfg: Arc<Config>,
    id: String,
    make: impl FnOnce(&crate::upload::Kept, &Config) -> Response + Send + 'static,
) -> Response {
    let Some(kept) = cfg.answers.find(&id) else {
        return problem(
            &cfg,
            StatusCode::NOT_FOUND,
            "This file is no longer kept",
            format!("trfkit keeps the files of an upload for {} minutes, and of the last {} uploads, in memory only; this one has gone (or trf serve was started again since). Send the reports again with the form below.", answers::KEPT_FOR.as_secs() / 60, answers::KEPT),
        )
        .into_response();
    };
    let mut held = budget::Held::default();
    let need = budget::PER_REPORT + kept.largest().saturating_mul(budget::PER_BYTE);
    cfg.answers.make_room(&cfg.budget, &held, need);
    if !cfg
        .budget
        .reserve_within(&mut held, need, budget::WAIT)
        .await
    {
        return busy(&cfg);
    }
    let cfg2 = Arc::clone(&cfg);
    let job = tokio::task::spawn_blocking(move || {
        let made = make(&kept, &cfg2);
        drop(held);
        made
    });
    job.await.unwrap_or_else(|_| fault(&cfg))
}

/// A file made for the browser to save under its name.
fn saved((name, mime, body): (String, &'static str, String)) -> Response {
    let disposition = format!(
        "attachment; filename*=UTF-8''{}",
        crate::render::html::url_segment(&name)
    );
    let mut reply = (StatusCode::OK, [(header::CONTENT_TYPE, mime)], body).into_response();
    if let Ok(v) = header::HeaderValue::from_str(&disposition) {
        reply.headers_mut().insert(header::CONTENT_DISPOSITION, v);
    }
    reply
}

/// The page for a link to a report or file an upload does not have.
fn no_such_file(cfg: &Config) -> Response {
    problem(
        cfg,
        StatusCode::NOT_FOUND,
        "There is no such file here",
        "The link does not name a report or file of the upload. Use the form below to check a tournament report.".to_owned(),
    )
    .into_response()
}

/// The page for a fault of trfkit's own while checking.
fn fault(cfg: &Config) -> Response {
    problem(
        cfg,
        StatusCode::INTERNAL_SERVER_ERROR,
        "trfkit failed while checking these files",
        "This is a fault in trfkit, not in your files. Please report it with the files attached; the command line (`trf check`) may still work.".to_owned(),
    )
    .into_response()
}
