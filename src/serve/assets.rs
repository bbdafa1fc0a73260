//! The page: plain HTML, CSS and JavaScript, built into the binary with `include_str!`, so
//! `boardlab serve` needs no other file and fetches nothing from outside.

use super::ApiError;
use axum::extract::Path;
use axum::http::header;
use axum::response::{Html, IntoResponse};

const INDEX: &str = include_str!("assets/index.html");

/// Each asset: its name under `/assets/`, its media type and its text.
const ASSETS: &[(&str, &str, &str)] = &[
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("assets/style.css"),
    ),
    ("app.js", JS, include_str!("assets/app.js")),
    ("draughts.js", JS, include_str!("assets/draughts.js")),
    ("fifteen.js", JS, include_str!("assets/fifteen.js")),
    ("memory.js", JS, include_str!("assets/memory.js")),
    ("tour.js", JS, include_str!("assets/tour.js")),
    ("results.js", JS, include_str!("assets/results.js")),
];

const JS: &str = "text/javascript; charset=utf-8";

pub async fn index() -> Html<&'static str> {
    Html(INDEX)
}

pub async fn asset(Path(name): Path<String>) -> Result<impl IntoResponse, ApiError> {
    let (_, kind, text) = ASSETS
        .iter()
        .find(|(asset, _, _)| *asset == name)
        .ok_or_else(|| ApiError::not_found(format!("no asset `{name}`")))?;
    Ok(([(header::CONTENT_TYPE, *kind)], *text))
}
