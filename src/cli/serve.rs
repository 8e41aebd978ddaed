//! `trf serve [--port N] [--open]`: the check and the HTML report as a
//! local web page, for people who do not use a terminal.
//!
//! The server listens on 127.0.0.1 only: nothing on the network can reach
//! it. Uploaded files are read in memory, checked and forgotten; the page
//! carries its downloads as `data:` URLs, so nothing is kept between
//! requests. Every problem with an upload is answered with the page and a
//! message, never a bare error.

use super::{ReadArgs, EXIT_OK, EXIT_USAGE};
use axum::extract::multipart::{Multipart, MultipartRejection};
use axum::extract::{DefaultBodyLimit, State};
use axum::http::StatusCode;
use axum::response::Html;
use axum::routing::get;
use axum::Router;
use base64::Engine as _;
use std::io::Write as _;
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use trfkit::rating::{rate_checked, CheckedRating, RateOptions};
use trfkit::ratinglist::ListLookup;
use trfkit::ratinglist::ListSource;
use trfkit::render::html::{report, Download, Page, PageReport, ReportInput};
use trfkit::rules::CheckOptions;
use trfkit::ReadOptions;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Port on 127.0.0.1 (0 picks a free one; the URL printed says which).
    #[arg(long, default_value_t = 8765)]
    port: u16,
    /// Open the page in the system's browser.
    #[arg(long)]
    open: bool,
    #[command(flatten)]
    read: ReadArgs,
}

/// What every request shares.
#[derive(Debug)]
struct Config {
    read: ReadOptions,
}

/// The answer to every request: a status and the page.
type Reply = (StatusCode, Html<String>);

pub fn run(a: Args) -> u8 {
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_io()
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
    // One line on stdout, flushed: scripts and tests read the URL from it.
    println!("trf serve: {url} (Ctrl-C stops)");
    let _ = std::io::stdout().flush();
    if a.open {
        if let Err(e) = open::that_detached(&url) {
            eprintln!("trf: cannot start a browser ({e}); open {url} yourself");
        }
    }
    let read = a.read.options();
    let limit = usize::try_from(read.max_file_bytes).unwrap_or(usize::MAX);
    let app = Router::new()
        .route("/", get(form))
        .route("/check", get(form).post(check))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(limit))
        .with_state(Arc::new(Config { read }));
    match axum::serve(listener, app).await {
        Ok(()) => EXIT_OK,
        Err(e) => {
            eprintln!("trf: the server stopped: {e}");
            EXIT_USAGE
        }
    }
}

async fn form(State(cfg): State<Arc<Config>>) -> Reply {
    (
        StatusCode::OK,
        Html(Page::new(cfg.read.max_file_bytes).html()),
    )
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
    let mut page = Page::new(cfg.read.max_file_bytes);
    page.problems.push((head.to_owned(), text));
    (status, Html(page.html()))
}

/// An uploaded file: its name (without any folder) and its bytes.
type Upload = (String, Vec<u8>);

async fn check(
    State(cfg): State<Arc<Config>>,
    upload: Result<Multipart, MultipartRejection>,
) -> Reply {
    let mut mp = match upload {
        Ok(m) => m,
        Err(e) => {
            return problem(
                &cfg,
                StatusCode::BAD_REQUEST,
                "The upload could not be read",
                format!("Choose the files with the form below. ({})", e.body_text()),
            )
        }
    };
    let mut trfs: Vec<Upload> = Vec::new();
    let mut list: Option<Upload> = None;
    loop {
        let field = match mp.next_field().await {
            Ok(Some(f)) => f,
            Ok(None) => break,
            Err(e) => return upload_failed(&cfg, e),
        };
        let kind = field.name().unwrap_or_default().to_owned();
        let name = field
            .file_name()
            .map(|n| n.rsplit(['/', '\\']).next().unwrap_or(n).to_owned())
            .unwrap_or_default();
        let bytes = match field.bytes().await {
            Ok(b) => b.to_vec(),
            Err(e) => return upload_failed(&cfg, e),
        };
        // A file input left empty still sends a part, without a name.
        if name.is_empty() && bytes.is_empty() {
            continue;
        }
        match kind.as_str() {
            "trf" => trfs.push((name, bytes)),
            "rating_list" => list = Some((name, bytes)),
            _ => {}
        }
    }
    if trfs.is_empty() {
        return problem(
            &cfg,
            StatusCode::BAD_REQUEST,
            "No tournament report was chosen",
            "Choose one or more TRF files with the first button, then press Check.".to_owned(),
        );
    }
    let cfg2 = Arc::clone(&cfg);
    match tokio::task::spawn_blocking(move || check_uploads(&cfg2, trfs, list)).await {
        Ok(reply) => reply,
        Err(_) => problem(
            &cfg,
            StatusCode::INTERNAL_SERVER_ERROR,
            "trfkit failed while checking these files",
            "This is a fault in trfkit, not in your files. Please report it with the files attached; the command line (`trf check`) may still work.".to_owned(),
        ),
    }
}

/// The page for an upload that broke off or is too large.
fn upload_failed(cfg: &Config, e: axum::extract::multipart::MultipartError) -> Reply {
    let status = e.status();
    if status == StatusCode::PAYLOAD_TOO_LARGE {
        let limit = trfkit::render::html::size_words(cfg.read.max_file_bytes);
        return problem(
            cfg,
            status,
            "The upload is too large",
            format!("Files sent together may take up to {limit}. Send fewer files at a time, or start the page with a larger --max-size."),
        );
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

/// Checks and rates every uploaded report (with the rating list, when one
/// was sent) and builds the page.
fn check_uploads(cfg: &Config, trfs: Vec<Upload>, list: Option<Upload>) -> Reply {
    let mut page = Page::new(cfg.read.max_file_bytes);
    let mut parsed = Vec::new();
    for (name, bytes) in trfs {
        match trfkit::parse_bytes(&bytes, &cfg.read) {
            Ok(p) => parsed.push((name, p)),
            Err(e) => page.problems.push((
                format!("{name} could not be read"),
                printable(&e.to_string()),
            )),
        }
    }
    let lookup = list.and_then(|(name, bytes)| {
        let ids: Vec<u64> = parsed
            .iter()
            .flat_map(|(_, p)| ListLookup::ids_of(&p.tournament))
            .collect();
        let source = ListSource::bytes(&bytes).named(name.clone());
        match ListLookup::scan(source, &ids, name.clone()) {
            Ok(l) => Some(Arc::new(l)),
            Err(e) => {
                page.problems.push((
                    format!("The rating list {name} could not be read"),
                    format!(
                        "{}. The reports below are checked without it.",
                        printable(&e.to_string())
                    ),
                ));
                None
            }
        }
    });
    let mut opts = CheckOptions::default();
    opts.rating_list = lookup.clone();
    let mut rate_opts = RateOptions::default();
    rate_opts.list = lookup.map(|l| l.found.clone());
    // The same checks and rating pass as `trf check` and `trf rate`, and
    // the problems across the reports dropped together.
    let (names, parsed): (Vec<String>, Vec<trfkit::Parsed>) = parsed.into_iter().unzip();
    let mut rated: Vec<CheckedRating> = parsed
        .iter()
        .map(|p| rate_checked(p, &opts, &rate_opts))
        .collect();
    super::rate::add_across(&names, &parsed, &mut rated, &opts);
    page.set_overview(&names, &parsed, &rated);
    for (i, ((name, p), r)) in names.iter().zip(&parsed).zip(&rated).enumerate() {
        let (check, rating) = (&r.report, &r.summary);
        let input = ReportInput {
            file: name,
            parsed: p,
            check,
            rating,
        };
        let stem = name
            .rsplit_once('.')
            .map_or(name.as_str(), |(stem, _)| stem);
        let downloads = vec![
            data_url(
                "Download this report (HTML)",
                format!("{stem}.report.html"),
                "text/html;charset=utf-8",
                &report(&input),
            ),
            data_url(
                "Findings (JSON)",
                format!("{stem}.check.json"),
                "application/json",
                &format!("{}\n", trfkit::render::json::check_line(name, p, check)),
            ),
            data_url(
                "Rating (JSON)",
                format!("{stem}.rate.json"),
                "application/json",
                &format!(
                    "{}\n",
                    serde_json::to_string_pretty(rating).unwrap_or_default()
                ),
            ),
        ];
        page.reports.push(PageReport::new(&input, i, downloads));
    }
    let status = if page.reports.is_empty() {
        StatusCode::UNPROCESSABLE_ENTITY
    } else {
        StatusCode::OK
    };
    (status, Html(page.html()))
}

/// A message with the control characters a binary upload may bring into
/// it (messages quote what they could not read) shown as `�`.
fn printable(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { '\u{fffd}' } else { c })
        .collect()
}

/// A download carried in the page itself.
fn data_url(label: &str, file_name: String, mime: &str, body: &str) -> Download {
    Download {
        label: label.to_owned(),
        file_name,
        href: format!(
            "data:{mime};base64,{}",
            base64::engine::general_purpose::STANDARD.encode(body)
        ),
    }
}
