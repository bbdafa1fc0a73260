//! The results endpoints: the folders named by `--results`, each folder's REPORT.md (or,
//! where it has none, its README.md) rendered as HTML and its charts, read-only. Every path asked for is made canonical (links resolved) and
//! served only if it still lies inside one of those folders: `..`, absolute paths and links
//! that lead out are refused. Files are streamed ([`super::file_stream`]), and a report's
//! links and pictures may lead only to `http`, `https` or relative addresses ([`safe_url`]).

use super::api_error::QueryArgs;
use super::{ApiError, App};
use anyhow::Context;
use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, header};
use axum::response::Response;
use pulldown_cmark::{CowStr, Event, Options, Parser, Tag, TagEnd};
use serde::Deserialize;
use serde_json::{Value, json};
use std::path::{Component, PathBuf};
use std::sync::Arc;

/// How deep below a results folder reports are looked for.
const MAX_DEPTH: usize = 3;

/// The largest report rendered, in bytes (the committed ones are under 100 KB).
const MAX_REPORT_BYTES: u64 = 4 * 1024 * 1024;

/// The results folders, as named and as resolved.
pub struct Roots(Vec<Root>);

struct Root {
    name: String,
    path: PathBuf,
}

impl Roots {
    /// The folders of `--results`; without the option, `results/` if there is one.
    pub fn open(dirs: &Option<Vec<PathBuf>>) -> anyhow::Result<Roots> {
        let named = match dirs {
            Some(dirs) => dirs.clone(),
            None if std::path::Path::new("results").is_dir() => vec![PathBuf::from("results")],
            None => Vec::new(),
        };
        let mut roots = Vec::new();
        for dir in named {
            let path = dir.canonicalize().with_context(|| {
                format!(
                    "--results {}: no such folder; name an existing one",
                    dir.display()
                )
            })?;
            anyhow::ensure!(
                path.is_dir(),
                "--results {}: not a folder; name a results folder",
                dir.display()
            );
            roots.push(Root {
                name: dir.display().to_string(),
                path,
            });
        }
        Ok(Roots(roots))
    }

    pub fn names(&self) -> Vec<&str> {
        self.0.iter().map(|r| r.name.as_str()).collect()
    }

    fn root(&self, index: usize) -> Result<&Root, ApiError> {
        self.0.get(index).ok_or_else(|| {
            ApiError::not_found(format!(
                "no results folder {index}: there are {} (see /api/results)",
                self.0.len()
            ))
        })
    }
}

impl Root {
    /// `relative` inside this folder, made canonical; refused when it leads out.
    fn resolve(&self, relative: &str) -> Result<PathBuf, ApiError> {
        let path = std::path::Path::new(relative);
        if path.is_absolute() || path.components().any(|c| matches!(c, Component::Prefix(_))) {
            return Err(ApiError::forbidden(format!(
                "`{relative}` is an absolute path; give a path inside the results folder {}",
                self.name
            )));
        }
        let joined = self.path.join(path);
        let real = joined.canonicalize().map_err(|_| {
            ApiError::not_found(format!("no file or folder `{relative}` in {}", self.name))
        })?;
        if !real.starts_with(&self.path) {
            return Err(ApiError::forbidden(format!(
                "`{relative}` leads outside the results folder {}; only files inside it are served",
                self.name
            )));
        }
        Ok(real)
    }

    /// The folders at or below this one (to [`MAX_DEPTH`]) that hold a REPORT.md or a
    /// README.md ([`DOCUMENTS`]), as paths relative to it (`""` for the folder itself), sorted.
    fn reports(&self) -> Vec<String> {
        let mut found = Vec::new();
        let mut stack = vec![(self.path.clone(), 0)];
        while let Some((dir, depth)) = stack.pop() {
            // Links are followed only where they stay inside.
            let Ok(real) = dir.canonicalize() else {
                continue;
            };
            if !real.starts_with(&self.path) {
                continue;
            }
            if document(self, &real, "").is_ok_and(|(_, path)| path.is_file()) {
                let relative = dir.strip_prefix(&self.path).unwrap_or(&dir);
                found.push(relative.to_string_lossy().replace('\\', "/"));
            }
            if depth < MAX_DEPTH {
                stack.extend(subfolders(&dir).map(|sub| (sub, depth + 1)));
            }
        }
        found.sort();
        found
    }
}

/// The folders directly in `dir` (none if it cannot be read).
fn subfolders(dir: &std::path::Path) -> impl Iterator<Item = std::path::PathBuf> {
    std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.is_dir())
}

/// `GET /api/results`: the folders are walked on a blocking thread.
pub async fn list(State(app): State<Arc<App>>) -> Result<Json<Value>, ApiError> {
    let roots = tokio::task::spawn_blocking(move || {
        app.results
            .0
            .iter()
            .enumerate()
            .map(|(i, root)| json!({"root": i, "name": root.name, "reports": root.reports()}))
            .collect::<Vec<Value>>()
    })
    .await
    .map_err(|e| ApiError::internal(format!("listing the results failed: {e}")))?;
    Ok(Json(json!({ "roots": roots })))
}

/// `GET /api/results/report?root=0&folder=fifteen`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReportQuery {
    #[serde(default)]
    root: usize,
    #[serde(default)]
    folder: String,
}

/// `GET /api/results/report`: REPORT.md of the folder rendered as HTML, with its charts. The
/// file is read on a blocking thread ([`read_report`]), so no folder's content can hold up the
/// runtime's workers.
pub async fn report(
    State(app): State<Arc<App>>,
    query: QueryArgs<ReportQuery>,
) -> Result<Json<Value>, ApiError> {
    let Query(query) = query?;
    tokio::task::spawn_blocking(move || report_of(&app, &query))
        .await
        .map_err(|e| ApiError::internal(format!("reading the report failed: {e}")))?
        .map(Json)
}

fn report_of(app: &App, query: &ReportQuery) -> Result<Value, ApiError> {
    let root = app.results.root(query.root)?;
    let folder = query.folder.trim_end_matches('/');
    let dir = root.resolve(if folder.is_empty() { "." } else { folder })?;
    let markdown = read_report(root, &dir, folder)?;
    let relative = dir.strip_prefix(&root.path).unwrap_or(&dir);
    let relative = relative.to_string_lossy().replace('\\', "/");
    let base = if relative.is_empty() {
        format!("/results/{}/", query.root)
    } else {
        format!("/results/{}/{relative}/", query.root)
    };
    let mut charts = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir.join("charts")) {
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().to_string();
            if name.ends_with(".svg") || name.ends_with(".png") {
                charts.push(format!("{base}charts/{name}"));
            }
        }
    }
    charts.sort();
    Ok(json!({
        "root": query.root,
        "name": root.name,
        "folder": relative,
        "html": render(&markdown, &base),
        "charts": charts,
    }))
}

/// The documents a folder is shown by, the first that it holds: the report that boardlab
/// writes, or else the README of a folder made by scripts (counts, SAT facts, scaling).
const DOCUMENTS: [&str; 2] = ["REPORT.md", "README.md"];

/// The document of `dir` (a canonical folder inside `root`): its name and where it leads.
/// Refused when the folder holds none, or when it is a link that leads out of the results
/// folder; whether it is a regular file is checked on the opened file ([`read_report`]).
fn document(
    root: &Root,
    dir: &std::path::Path,
    shown: &str,
) -> Result<(&'static str, std::path::PathBuf), ApiError> {
    let found = DOCUMENTS
        .iter()
        .find_map(|name| Some((*name, dir.join(name).canonicalize().ok()?)));
    let Some((name, real)) = found else {
        return Err(ApiError::not_found(format!(
            "no REPORT.md or README.md in {}/{shown}",
            root.name
        )));
    };
    if !real.starts_with(&root.path) {
        return Err(ApiError::forbidden(format!(
            "{}/{shown}/{name} is a link that leads outside the results folder {}; only \
files inside it are shown (replace the link by the file)",
            root.name, root.name
        )));
    }
    Ok((name, real))
}

/// The text of the document of `dir` ([`document`]), read only if it is a regular file inside
/// `root`, and at most [`MAX_REPORT_BYTES`] of it ([`super::regular_file`]).
fn read_report(root: &Root, dir: &std::path::Path, shown: &str) -> Result<String, ApiError> {
    use super::regular_file::{Refused, read_bounded};
    let (name, real) = document(root, dir, shown)?;
    let report = format!("{}/{shown}/{name}", root.name);
    let bytes = read_bounded(&real, MAX_REPORT_BYTES).map_err(|refused| match refused {
        Refused::NotRegular => ApiError::not_found(format!(
            "{report} is not a regular file (a FIFO, device or folder); a report must be a \
plain file"
        )),
        Refused::TooLarge(size) => ApiError::new(
            axum::http::StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "{report} has {size} bytes, over the {} MiB the page renders; read it as a file",
                MAX_REPORT_BYTES >> 20
            ),
        ),
        Refused::Io(e) => ApiError::not_found(format!("{report} cannot be read: {e}")),
    })?;
    String::from_utf8(bytes)
        .map_err(|_| ApiError::bad_request(format!("{report} is not UTF-8 text; save it as UTF-8")))
}

/// REPORT.md as HTML, its relative links and images pointing under `base`. A link or picture
/// whose address is not [`safe_url`] is left out; its text stays.
fn render(markdown: &str, base: &str) -> String {
    let relink = |url: CowStr<'_>| -> Option<CowStr<'static>> {
        let text = url.to_string();
        match safe_url(&text)? {
            Address::AsWritten => Some(CowStr::from(text)),
            Address::UnderBase => Some(CowStr::from(format!("{base}{text}"))),
        }
    };
    // For each link or picture open, whether it was left out (its end is left out too).
    let mut dropped = Vec::new();
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
    let events = Parser::new_ext(markdown, options).filter_map(|event| match event {
        Event::Start(Tag::Image {
            link_type,
            dest_url,
            title,
            id,
        }) => {
            let url = relink(dest_url);
            dropped.push(url.is_none());
            url.map(|dest_url| {
                Event::Start(Tag::Image {
                    link_type,
                    dest_url,
                    title,
                    id,
                })
            })
        }
        Event::Start(Tag::Link {
            link_type,
            dest_url,
            title,
            id,
        }) => {
            let url = relink(dest_url);
            dropped.push(url.is_none());
            url.map(|dest_url| {
                Event::Start(Tag::Link {
                    link_type,
                    dest_url,
                    title,
                    id,
                })
            })
        }
        Event::End(TagEnd::Image | TagEnd::Link) => {
            (!dropped.pop().unwrap_or(false)).then_some(event)
        }
        // Raw HTML in a report is shown as text, not run.
        Event::Html(html) | Event::InlineHtml(html) => Some(Event::Text(html)),
        other => Some(other),
    });
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, events);
    html
}

/// How a report's address that may be followed is written into the page.
#[derive(Debug, PartialEq, Eq)]
enum Address {
    /// `http:`, `https:`, `//host/...`, or a path, query or fragment of this site.
    AsWritten,
    /// A path relative to the report's folder, put under it.
    UnderBase,
}

/// Whether a report may link to `url`, and how: an allow-list of `http`, `https` and
/// relative addresses. The scheme is read as a browser reads it (the WHATWG URL standard):
/// tabs and line breaks anywhere are dropped and leading controls and spaces trimmed first,
/// so `java\tscript:` and ` javascript:` are seen for what they are.
fn safe_url(url: &str) -> Option<Address> {
    let cleaned: String = url
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    let cleaned = cleaned.trim_matches(|c: char| c <= ' ');
    if let Some((scheme, _)) = cleaned.split_once(':')
        && is_scheme(scheme)
    {
        let web = matches!(scheme.to_ascii_lowercase().as_str(), "http" | "https");
        return web.then_some(Address::AsWritten);
    }
    if cleaned.starts_with(['/', '\\', '#', '?']) {
        Some(Address::AsWritten)
    } else {
        Some(Address::UnderBase)
    }
}

/// Whether `text` is a URL scheme: a letter, then letters, digits, `+`, `-` or `.`.
fn is_scheme(text: &str) -> bool {
    text.starts_with(|c: char| c.is_ascii_alphabetic())
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
}

/// `GET /results/{root}/{*path}`: a file of a results folder, read-only, streamed.
pub async fn file(
    State(app): State<Arc<App>>,
    Path((root, path)): Path<(usize, String)>,
    request: HeaderMap,
) -> Result<Response, ApiError> {
    let root = app.results.root(root)?;
    let real = root.resolve(&path)?;
    if real.is_dir() {
        return Err(ApiError::not_found(format!(
            "`{path}` in {} is a folder, not a file; see /api/results for the reports",
            root.name
        )));
    }
    let kind = match real.extension().and_then(|e| e.to_str()) {
        Some("png") => "image/png",
        Some("svg") => "image/svg+xml",
        Some("json") => "application/json",
        // Everything else is shown as text, never run as a page.
        Some("csv" | "md" | "txt" | "toml" | "html" | "js") => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    };
    super::file_stream::send(
        &real,
        &path,
        &request,
        kind,
        [
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            // A chart is a picture: nothing in a served file may run.
            (
                header::CONTENT_SECURITY_POLICY,
                "default-src 'none'; style-src 'unsafe-inline'",
            ),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_web_and_relative_addresses_are_followed() {
        for kept in [
            "https://example.org/a",
            "HTTP://example.org",
            "//example.org/x",
            "/api/info",
            "#top",
            "?q=1",
        ] {
            assert_eq!(safe_url(kept), Some(Address::AsWritten), "{kept}");
        }
        for relative in ["charts/a.svg", "draws.csv", "notes/x:y.md", ""] {
            assert_eq!(safe_url(relative), Some(Address::UnderBase), "{relative}");
        }
        let hostile = [
            "javascript:alert(1)",
            "javascript://%0aalert(1)",
            "JavaScript:alert(1)",
            "java\tscript:alert(1)",
            "java\nscript:alert(1)",
            " \u{1}javascript:alert(1)",
            "data:text/html,<script>alert(1)</script>",
            "vbscript:msgbox(1)",
            "file:///etc/passwd",
            "a:b/c",
        ];
        for url in hostile {
            assert_eq!(safe_url(url), None, "{url:?}");
        }
    }

    #[test]
    fn a_hostile_link_or_picture_is_left_out_and_its_text_kept() {
        let markdown = "[click](javascript://%0aalert(1)) [ok](charts/a.svg) \
![pic](data:image/svg+xml,x) [web](https://example.org) <java\tscript:alert(1)>";
        let html = render(markdown, "/results/0/r/");
        assert!(!html.to_lowercase().contains("javascript"), "{html}");
        assert!(!html.contains("data:"), "{html}");
        assert!(html.contains("click") && html.contains("pic"), "{html}");
        assert!(
            html.contains(r#"<a href="/results/0/r/charts/a.svg">ok</a>"#),
            "{html}"
        );
        assert!(
            html.contains(r#"<a href="https://example.org">web</a>"#),
            "{html}"
        );
    }
}
