//! What every request passes before a handler sees it, and what every answer carries: the
//! checks that keep the page safe in a browser and the body within bounds.
//!
//! - **Host**: only the loopback names (`localhost`, `127.0.0.1`, `[::1]`), or the address of
//!   `--host`; any name when `--host` is an unspecified address (0.0.0.0). A web page that
//!   renames itself to 127.0.0.1 (DNS rebinding) is refused, so it cannot read the API.
//! - **Origin**: a request that changes something (any method but GET and HEAD) and comes from
//!   a page must come from this server's page. Another site's form or script is refused, so a
//!   page the user visits cannot play moves on the local server.
//! - **Other sites**: any request a browser marks `Sec-Fetch-Site: cross-site` (another site's
//!   `<img>`, script, form or frame, GET or not) is refused before any work starts, so no
//!   page elsewhere can start searches here; only a navigation to the page itself passes.
//! - **Body**: at most [`MAX_BODY_BYTES`], all of it within [`BODY_TIMEOUT`], and a JSON
//!   object when there is one (a JSON array would otherwise be read as a struct's fields).
//! - **Answers**: a Content-Security-Policy that lets the page run only its own scripts and
//!   styles and load only from this server ([`PAGE_POLICY`]), and no framing.

use super::ApiError;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

/// The largest request body, in bytes (the API's bodies are a few hundred).
pub const MAX_BODY_BYTES: usize = 64 * 1024;

/// How long a request's body may take to arrive once its head has.
pub const BODY_TIMEOUT: Duration = Duration::from_secs(5);

/// The page's policy: its own scripts and styles only (no inline script; style attributes,
/// which the rendered reports' table alignment uses, allowed), pictures from this server and
/// the page's own `data:` icon (rendered reports keep only http, https and relative
/// pictures), requests to this server only, no plugins, no `<base>`, no framing.
pub const PAGE_POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
style-src-attr 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; form-action 'self'; \
base-uri 'none'; frame-ancestors 'none'";

/// The names a request may give in its Host header.
pub struct Hosts {
    /// The address of `--host` when it is not a loopback one.
    extra: Option<IpAddr>,
    /// Whether any name goes (`--host 0.0.0.0` or `::`).
    any: bool,
}

impl Hosts {
    pub fn for_address(address: IpAddr) -> Hosts {
        Hosts {
            extra: (!address.is_loopback()).then_some(address),
            any: address.is_unspecified(),
        }
    }

    /// Whether `authority` (a Host header or an Origin's host and port) names this server.
    fn allows(&self, authority: &str) -> bool {
        let host = match authority.rsplit_once(':') {
            Some((host, port)) if port.bytes().all(|b| b.is_ascii_digit()) => host,
            _ => authority,
        };
        let host = host.trim_start_matches('[').trim_end_matches(']');
        if self.any || host.eq_ignore_ascii_case("localhost") {
            return true;
        }
        match host.parse::<IpAddr>() {
            Ok(ip) => ip.is_loopback() || Some(ip) == self.extra,
            Err(_) => false,
        }
    }
}

/// Refuses requests from the wrong Host or from another site's page; bounds and checks the
/// body.
pub async fn check_request(
    State(hosts): State<Arc<Hosts>>,
    request: Request,
    next: Next,
) -> Response {
    match checked(&hosts, request).await {
        Ok(request) => next.run(request).await,
        Err(error) => error.into_response(),
    }
}

async fn checked(hosts: &Hosts, request: Request) -> Result<Request, ApiError> {
    if let Some(refusal) = refusal(hosts, &request) {
        return Err(refusal);
    }
    if matches!(*request.method(), Method::GET | Method::HEAD) {
        return Ok(request);
    }
    let (parts, body) = request.into_parts();
    let bytes = tokio::time::timeout(BODY_TIMEOUT, read_body(body, MAX_BODY_BYTES))
        .await
        .map_err(|_| {
            ApiError::new(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "the request's body did not arrive within {} s; send it whole",
                    BODY_TIMEOUT.as_secs()
                ),
            )
        })??;
    if let Some(&first) = bytes.iter().find(|b| !b.is_ascii_whitespace())
        && first != b'{'
    {
        return Err(ApiError::bad_request(
            "bad JSON body: it must be a JSON object, {\"field\": value, ...}",
        ));
    }
    Ok(Request::from_parts(parts, Body::from(bytes)))
}

/// The whole body, at most `limit` bytes (413 past it); one whose framing is broken (a bad
/// chunk of a chunked body, a connection closed inside it) is a 400 that says so.
async fn read_body(mut body: Body, limit: usize) -> Result<axum::body::Bytes, ApiError> {
    use http_body::Body as _;
    let mut bytes = Vec::new();
    loop {
        let frame = std::future::poll_fn(|cx| std::pin::Pin::new(&mut body).poll_frame(cx)).await;
        match frame {
            None => return Ok(bytes.into()),
            Some(Err(error)) => {
                let why = error_chain(&error);
                return Err(ApiError::bad_request(format!(
                    "the request's body is malformed ({why}); send it with a Content-Length, \
or as valid chunks (a hexadecimal size line, the bytes, CRLF)"
                )));
            }
            Some(Ok(frame)) => {
                if let Ok(data) = frame.into_data() {
                    if bytes.len() + data.len() > limit {
                        return Err(too_large());
                    }
                    bytes.extend_from_slice(&data);
                }
            }
        }
    }
}

/// An error and its causes, `error: cause: cause`.
fn error_chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text = format!("{text}: {cause}");
        source = cause.source();
    }
    text
}

fn too_large() -> ApiError {
    ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        format!(
            "the request's body is over {} KiB; the API's bodies are small JSON objects",
            MAX_BODY_BYTES / 1024
        ),
    )
}

/// Why the request's head alone is refused: a foreign Host, another site's page, a body
/// declared too large.
fn refusal(hosts: &Hosts, request: &Request) -> Option<ApiError> {
    let text = |name: header::HeaderName| {
        request
            .headers()
            .get(name)
            .map(|v| v.to_str().unwrap_or("?").to_string())
    };
    let host = text(header::HOST)
        .or_else(|| request.uri().authority().map(|a| a.to_string()))
        .unwrap_or_default();
    if !hosts.allows(&host) {
        return Some(ApiError::forbidden(format!(
            "Host `{host}` is not this server's name; open the page at http://127.0.0.1:PORT/ \
(or start the server with --host naming the address you use)"
        )));
    }
    if let Some(refusal) = cross_site_refusal(request) {
        return Some(refusal);
    }
    if matches!(*request.method(), Method::GET | Method::HEAD) {
        return None;
    }
    if let Some(origin) = text(header::ORIGIN) {
        let authority = origin
            .strip_prefix("http://")
            .or_else(|| origin.strip_prefix("https://"));
        if !authority.is_some_and(|a| a.eq_ignore_ascii_case(&host) && hosts.allows(a)) {
            return Some(ApiError::forbidden(format!(
                "a {} from the page of `{origin}` is refused: only this server's own page may \
change its games",
                request.method()
            )));
        }
    }
    let declared = text(header::CONTENT_LENGTH).and_then(|n| n.parse::<u64>().ok());
    declared
        .is_some_and(|n| n > MAX_BODY_BYTES as u64)
        .then(too_large)
}

/// The refusal of a request that a browser says another site's page sent
/// (`Sec-Fetch-Site: cross-site`): an `<img>`, a script, a form or a frame of that page, which
/// must not start work here, even with a GET. Only a visit to the page itself (a navigation
/// to `/`, which runs nothing) is let through, so a link to the server from elsewhere still
/// opens it. Requests without the header (curl, the tests, older browsers) pass.
fn cross_site_refusal(request: &Request) -> Option<ApiError> {
    let headers = request.headers();
    let site = headers.get("sec-fetch-site")?.as_bytes();
    if !site.eq_ignore_ascii_case(b"cross-site") {
        return None;
    }
    let navigation = headers
        .get("sec-fetch-mode")
        .is_some_and(|mode| mode.as_bytes().eq_ignore_ascii_case(b"navigate"));
    if navigation && request.uri().path() == "/" && *request.method() == Method::GET {
        return None;
    }
    Some(ApiError::forbidden(format!(
        "{} {} sent by another site's page (Sec-Fetch-Site: cross-site) is refused; use the \
page at http://127.0.0.1:PORT/ itself",
        request.method(),
        request.uri().path()
    )))
}

/// Adds the page's policy and the no-framing and no-sniffing headers to every answer that
/// does not set its own.
pub async fn secure_answer(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    headers
        .entry(header::CONTENT_SECURITY_POLICY)
        .or_insert(HeaderValue::from_static(PAGE_POLICY));
    headers
        .entry(header::X_CONTENT_TYPE_OPTIONS)
        .or_insert(HeaderValue::from_static("nosniff"));
    headers
        .entry(header::X_FRAME_OPTIONS)
        .or_insert(HeaderValue::from_static("DENY"));
    headers
        .entry(header::REFERRER_POLICY)
        .or_insert(HeaderValue::from_static("no-referrer"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_names_pass_and_others_only_when_the_address_says_so() {
        let local = Hosts::for_address("127.0.0.1".parse().unwrap());
        for name in [
            "localhost:8080",
            "127.0.0.1",
            "127.0.0.1:80",
            "[::1]:8080",
            "LOCALHOST",
        ] {
            assert!(local.allows(name), "{name}");
        }
        for name in [
            "evil.example",
            "evil.example:8080",
            "10.0.0.2:8080",
            "",
            "localhost.evil",
        ] {
            assert!(!local.allows(name), "{name}");
        }
        let lan = Hosts::for_address("10.0.0.2".parse().unwrap());
        assert!(lan.allows("10.0.0.2:8080") && lan.allows("localhost"));
        assert!(!lan.allows("evil.example"));
        let all = Hosts::for_address("0.0.0.0".parse().unwrap());
        assert!(all.allows("my-machine.lan:8080"));
    }
}
