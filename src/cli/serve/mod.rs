//! `chessgraph serve`: the web board. An axum server that holds games of the variants given on
//! the command line, answers the JSON API of [`api`] and serves the page (HTML, CSS and ES
//! modules embedded in the binary, or read from `--web-dir` while developing it).
//!
//! Safe by default: it listens on 127.0.0.1, refuses a request whose `Host` is not the bound
//! address (DNS rebinding) and a POST from another origin (CSRF), reads no file but the variants
//! given (and what they reference) and the page's own files, bounds request bodies and the
//! number of games, and answers every bad request with a 4xx JSON error.

mod api;
mod budget;
mod computer;
mod error;
mod listen;
mod page;
mod state;
mod view;

#[cfg(test)]
mod budget_tests;
#[cfg(test)]
mod computer_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod web_tests;

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;

use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{HeaderMap, Method, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};

use error::ApiError;
pub use state::{Shared, Variant};

/// The largest request body read, in bytes (a record of a long game fits).
pub const MAX_BODY: usize = 256 * 1024;

/// How long a request may take from its headers to its answer (reading its body included); a
/// later answer is a 408. An event stream's answer is its start: the stream goes on.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// How often author mode looks at the variant files.
const WATCH_EVERY: Duration = Duration::from_millis(250);

/// Arguments of `serve`.
#[derive(Debug, clap::Args)]
#[command(mut_arg("movetime", |a| a.help("Milliseconds per move of the computer, in games that give it seats (1 second when no limit is given)")))]
pub struct ServeArgs {
    /// Variant files to serve (the page lists them).
    #[arg(required = true)]
    pub variants: Vec<PathBuf>,
    /// Port to listen on (0: any free port; the first line on standard error names it).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Address to listen on. Anything but a loopback address lets other machines play.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: IpAddr,
    /// Author mode: reload the variant and board files when they change, and show their
    /// problems instead of the board while they are broken.
    #[arg(long)]
    pub watch: bool,
    /// Serve the page's files (index.html, app.js, board.js, style.css) from this directory instead of
    /// the copy built into the binary (for working on the page).
    #[arg(long, value_name = "DIR")]
    pub web_dir: Option<PathBuf>,
    /// How long the computer thinks in games that give it seats (`"computer": ["black"]` when
    /// the game is made, or the new-game form's choice).
    #[command(flatten)]
    pub search: super::args::SearchArgs,
}

/// The router of a server with this state: the API, the page, and the guards.
pub fn router(state: Arc<Shared>) -> Router {
    let api = Router::new()
        .route("/api/variants", get(api::variants))
        .route("/api/variants/{id}/board", get(api::board))
        .route("/api/games", post(api::create))
        .route("/api/games/{id}", get(api::game))
        .route("/api/games/{id}/moves", post(api::play))
        .route("/api/games/{id}/undo", post(api::undo))
        .route("/api/games/{id}/record", get(api::record).post(api::load))
        .route("/api/games/{id}/svg", get(api::svg))
        .route("/api/games/{id}/position", get(api::position))
        .route("/api/games/{id}/inspect", get(api::inspect))
        .route("/api/games/{id}/events", get(api::events));
    api.route("/", get(page::index))
        .route("/{file}", get(page::file))
        .fallback(|| async { ApiError::not_found("no such page") })
        .method_not_allowed_fallback(|| async {
            ApiError::new(
                StatusCode::METHOD_NOT_ALLOWED,
                "method_not_allowed",
                "this address does not take that method",
            )
        })
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(middleware::from_fn_with_state(state.clone(), guard))
        .layer(middleware::from_fn(deadline))
        .with_state(state)
}

/// Answers 408 to a request not answered within [`REQUEST_TIMEOUT`] (a body sent too slowly).
async fn deadline(req: Request, next: Next) -> Response {
    match tokio::time::timeout(REQUEST_TIMEOUT, next.run(req)).await {
        Ok(answer) => answer,
        Err(_) => ApiError::new(
            StatusCode::REQUEST_TIMEOUT,
            "request_timeout",
            format!(
                "the request was not read and answered within {} seconds",
                REQUEST_TIMEOUT.as_secs()
            ),
        )
        .into_response(),
    }
}

/// Refuses requests for another host (DNS rebinding) and cross-origin writes (CSRF).
async fn guard(State(s): State<Arc<Shared>>, req: Request, next: Next) -> Response {
    if let Err(e) = allowed(&s, req.method(), req.headers()) {
        return e.into_response();
    }
    next.run(req).await
}

fn allowed(s: &Shared, method: &Method, headers: &HeaderMap) -> Result<(), ApiError> {
    let text = |name| headers.get(name).and_then(|v| v.to_str().ok());
    let forbidden = |code, message: String| ApiError::new(StatusCode::FORBIDDEN, code, message);
    match text(header::HOST) {
        Some(h) if s.is_our_host(h) => {}
        Some(h) => {
            return Err(forbidden(
                "wrong_host",
                format!(
                    "this server answers to {}, not to `{}`",
                    s.hosts.join(" or "),
                    chessgraph::diagnostic::quoted(h)
                ),
            ));
        }
        None => return Err(ApiError::bad("the request has no Host header")),
    }
    if method == Method::GET || method == Method::HEAD {
        return Ok(());
    }
    match text(header::ORIGIN) {
        Some(o) if !o.strip_prefix("http://").is_some_and(|h| s.is_our_host(h)) => Err(forbidden(
            "cross_origin",
            format!(
                "a page from `{}` may not change games here",
                chessgraph::diagnostic::quoted(o)
            ),
        )),
        _ if text(header::HeaderName::from_static("sec-fetch-site")) == Some("cross-site") => {
            Err(forbidden(
                "cross_origin",
                "a page from another site may not change games here".into(),
            ))
        }
        _ => Ok(()),
    }
}

/// `serve`: loads the variants, binds, prints the address and answers until stopped.
pub fn serve_command(args: &ServeArgs, colour: bool) -> Result<ExitCode, String> {
    let mut variants = Vec::new();
    for path in &args.variants {
        if !args.watch {
            // Without author mode a broken file is an error, reported as `check` reports it.
            super::load::load_rules(path, colour)?;
        }
        variants.push(Variant::load(path));
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server: {e}"))?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(SocketAddr::new(args.host, args.port))
            .await
            .map_err(|e| format!("cannot listen on {}:{}: {e}", args.host, args.port))?;
        let addr = listener
            .local_addr()
            .map_err(|e| format!("cannot listen: {e}"))?;
        let computer = computer::Computer {
            limits: args.search.or(computer::Computer::default().limits),
            max_n: args.search.max_n(),
        };
        let state = Shared::new(variants, addr, args.web_dir.clone(), args.watch, computer);
        status!("listening on http://{addr}/");
        if args.watch {
            let watched = state.clone();
            tokio::spawn(async move {
                let mut every = tokio::time::interval(WATCH_EVERY);
                loop {
                    every.tick().await;
                    watched.reload_changed();
                }
            });
        }
        listen::run(listener, router(state)).await;
        Ok::<(), String>(())
    })?;
    Ok(ExitCode::SUCCESS)
}
