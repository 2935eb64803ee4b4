//! The page's files: built into the binary, or read from `--web-dir` (only these names, so the
//! server never reads any other file).

use std::sync::Arc;

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};

use super::error::{ApiError, Segment};
use super::state::Shared;

/// The page's files: name, content type, built-in text.
const FILES: &[(&str, &str, &str)] = &[
    (
        "index.html",
        "text/html; charset=utf-8",
        include_str!("../../../web/index.html"),
    ),
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/app.js"),
    ),
    (
        "board.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/board.js"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../../../web/style.css"),
    ),
    (
        "favicon.svg",
        "image/svg+xml",
        include_str!("../../../web/favicon.svg"),
    ),
];

fn serve_file(s: &Shared, name: &str) -> Result<Response, ApiError> {
    // Browsers ask for `/favicon.ico` whatever the page says: the SVG icon answers it.
    let name = if name == "favicon.ico" {
        "favicon.svg"
    } else {
        name
    };
    let Some(&(name, kind, builtin)) = FILES.iter().find(|(n, _, _)| *n == name) else {
        return Err(ApiError::not_found(format!(
            "no page file `{}`",
            chessgraph::diagnostic::quoted(name)
        )));
    };
    let text = match &s.web_dir {
        Some(dir) => std::fs::read_to_string(dir.join(name))
            .map_err(|e| ApiError::not_found(format!("{}: {e}", dir.join(name).display())))?,
        None => builtin.to_string(),
    };
    Ok((
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        text,
    )
        .into_response())
}

/// `GET /`: the page.
pub async fn index(State(s): State<Arc<Shared>>) -> Result<Response, ApiError> {
    serve_file(&s, "index.html")
}

/// `GET /{file}`: one of the page's files.
pub async fn file(
    State(s): State<Arc<Shared>>,
    Segment(name): Segment,
) -> Result<Response, ApiError> {
    serve_file(&s, &name)
}
