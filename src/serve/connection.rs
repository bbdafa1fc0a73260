//! The listener: accepts TCP connections and serves each with hyper's HTTP/1.1, within bounds
//! that no client can push the server past.
//!
//! - **Connections**: at most [`connection_limit`] at once, well below the file-descriptor
//!   limit. One more connection closes the oldest idle one (no request in flight: just opened,
//!   sending a head, or kept alive between requests), so a crowd of idle or slow clients
//!   cannot lock out the page, and no request being answered is cut off to make room; when
//!   every connection has a request in flight, the new one is closed instead. An accept that
//!   fails (too many open files) is retried after a pause.
//! - **Time**: a request's head must arrive within [`HEAD_TIMEOUT`] of the connection being
//!   ready for it, which also closes a kept-alive connection left idle that long; a client
//!   that stops reading an answer is dropped after [`WRITE_STALL_TIMEOUT`]. (A body's deadline
//!   is kept by [`super::guard`].)
//! - **Size**: a request head is at most [`MAX_HEAD_BYTES`].
//! - **Errors**: hyper answers a request it cannot parse (400, 431) itself, with an empty
//!   body; [`Guarded`] rewrites those answers into the API's one-line JSON. hyper answers a
//!   head over its buffer 431 even when the request line alone is too long (its own 414 is
//!   for a line that fits the buffer, which 16 KiB never lets happen), so [`Guarded`] watches
//!   for the request line's end and answers a line that never ended 414.
//!
//! On stop, every connection finishes the request it is answering and closes; whatever is
//! still open after [`DRAIN_TIMEOUT`] is dropped.

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::BTreeMap;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{oneshot, watch};

/// How long a connection may take to send a request head, counted from when it is ready for
/// one (just opened, or its last answer sent): slow heads and idle connections end here.
pub const HEAD_TIMEOUT: Duration = Duration::from_secs(5);

/// How long an answer may wait for a client that does not read it.
pub const WRITE_STALL_TIMEOUT: Duration = Duration::from_secs(10);

/// The largest request head (request line and headers), in bytes.
pub const MAX_HEAD_BYTES: usize = 16 * 1024;

/// How long a request is still answered once its client has closed its end of the
/// connection. A client that only half-closes (`shutdown(SHUT_WR)`, as `nc -N` does after an
/// HTTP/1.0 request) is waiting for the answer; one that hung up is not, and TCP cannot tell
/// them apart, so a request ready by then is sent and a longer one (a search) is stopped.
pub const HALF_CLOSE_GRACE: Duration = Duration::from_millis(250);

/// How long a stop waits for the requests being answered.
pub const DRAIN_TIMEOUT: Duration = Duration::from_millis(500);

/// File descriptors kept back from connections: the listener, standard streams, files being
/// served to the connections that are not counted twice below, the runtime's own.
const RESERVED_FDS: usize = 64;

/// Connections served at once: each may hold a socket and a file it streams, so half of the
/// file descriptors that the process may open, after [`RESERVED_FDS`].
pub fn connection_limit() -> usize {
    let fds = open_file_limit().unwrap_or(1024);
    (fds.saturating_sub(RESERVED_FDS) / 2).clamp(4, 10_000)
}

/// The soft limit on open files (`ulimit -n`), where the system says it.
fn open_file_limit() -> Option<usize> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
    let soft = line
        .trim_start_matches("Max open files")
        .split_whitespace()
        .next()?;
    match soft {
        "unlimited" => Some(usize::MAX),
        number => number.parse().ok(),
    }
}

/// An open connection: the sender that closes it, and its requests in flight (0 or 1; a
/// request is in flight from its head's arrival until its answer's last byte is sent).
struct Open {
    close: oneshot::Sender<()>,
    in_flight: Arc<AtomicUsize>,
}

/// The open connections, oldest first.
struct Registry {
    open: BTreeMap<u64, Open>,
    limit: usize,
}

impl Registry {
    /// Admits connection `id`, whose requests in flight `in_flight` counts, closing the
    /// oldest idle ones if the limit is reached; `None` (the new one is to be closed) when
    /// every open connection has a request in flight.
    fn admit(&mut self, id: u64, in_flight: Arc<AtomicUsize>) -> Option<oneshot::Receiver<()>> {
        while self.open.len() >= self.limit {
            let idle = self
                .open
                .iter()
                .find(|(_, open)| open.in_flight.load(Ordering::Acquire) == 0)
                .map(|(&id, _)| id)?;
            if let Some(open) = self.open.remove(&idle) {
                let _ = open.close.send(());
            }
        }
        let (close, closed) = oneshot::channel();
        self.open.insert(id, Open { close, in_flight });
        Some(closed)
    }
}

/// Accepts and serves connections until `stop` turns true, then drains them.
pub async fn serve(listener: TcpListener, app: Router, limit: usize, stop: watch::Receiver<bool>) {
    let registry = Arc::new(Mutex::new(Registry {
        open: BTreeMap::new(),
        limit,
    }));
    let mut connections = tokio::task::JoinSet::new();
    let mut stopping = stop.clone();
    let mut told_of_accept_errors = false;
    for id in 0.. {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(e) => {
                    // Out of file descriptors or a client gone before its accept: wait for
                    // connections to close rather than spin.
                    if !told_of_accept_errors {
                        eprintln!("boardlab serve: accepting a connection failed ({e}); retrying");
                        told_of_accept_errors = true;
                    }
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = stopping.wait_for(|stop| *stop) => break,
        };
        let in_flight = Arc::new(AtomicUsize::new(0));
        let Some(closed) = registry
            .lock()
            .expect("registry")
            .admit(id, in_flight.clone())
        else {
            // Every connection is answering a request: this one waits for none of them.
            drop(stream);
            continue;
        };
        let registry = registry.clone();
        let (app, stop) = (app.clone(), stop.clone());
        connections.spawn(async move {
            connection(stream, app, in_flight, closed, stop).await;
            registry.lock().expect("registry").open.remove(&id);
        });
        forget_finished(&mut connections);
    }
    drop(listener);
    let drained = async { while connections.join_next().await.is_some() {} };
    let _ = tokio::time::timeout(DRAIN_TIMEOUT, drained).await;
}

/// Frees the tasks of the connections that have ended.
fn forget_finished(connections: &mut tokio::task::JoinSet<()>) {
    while connections.try_join_next().is_some() {}
}

/// Serves one connection until it ends, is closed to make room, stalls, or the server stops.
async fn connection(
    stream: TcpStream,
    app: Router,
    in_flight: Arc<AtomicUsize>,
    mut closed: oneshot::Receiver<()>,
    mut stop: watch::Receiver<bool>,
) {
    let _ = stream.set_nodelay(true);
    let stalled_since = Arc::new(AtomicU64::new(0));
    let half_closed = Arc::new(tokio::sync::Notify::new());
    let io = Guarded {
        inner: stream,
        replacement: Vec::new(),
        line_ended: false,
        first_read: true,
        in_flight: in_flight.clone(),
        half_closed: half_closed.clone(),
        started: Instant::now(),
        stalled_since: stalled_since.clone(),
    };
    let started = io.started;
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(HEAD_TIMEOUT)
        .max_buf_size(MAX_HEAD_BYTES);
    let service = Counted {
        inner: hyper_util::service::TowerToHyperService::new(app),
        in_flight,
    };
    let served = builder.serve_connection(TokioIo::new(io), service);
    tokio::pin!(served);
    let mut watchdog = tokio::time::interval(Duration::from_millis(500));
    let mut stopping = false;
    // When the client's end of the connection closed with a request in flight: the request
    // is given up at HALF_CLOSE_GRACE after it.
    let mut give_up = None;
    loop {
        let hang_up = async {
            match give_up {
                Some(at) => tokio::time::sleep_until(at).await,
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            _ = served.as_mut() => break,
            _ = &mut closed => break,
            _ = half_closed.notified(), if give_up.is_none() => {
                give_up = Some(tokio::time::Instant::now() + HALF_CLOSE_GRACE);
            }
            _ = hang_up => break,
            _ = stop.wait_for(|stop| *stop), if !stopping => {
                stopping = true;
                served.as_mut().graceful_shutdown();
            }
            _ = watchdog.tick() => {
                let since = stalled_since.load(Ordering::Relaxed);
                let now = started.elapsed().as_millis() as u64;
                if since != 0 && now.saturating_sub(since) > WRITE_STALL_TIMEOUT.as_millis() as u64 {
                    break;
                }
            }
        }
    }
}

/// The router, counting the requests in flight on its connection (see [`Registry`]).
struct Counted {
    inner: hyper_util::service::TowerToHyperService<Router>,
    in_flight: Arc<AtomicUsize>,
}

type Answer = hyper::Response<axum::body::Body>;

impl hyper::service::Service<hyper::Request<hyper::body::Incoming>> for Counted {
    type Response = Answer;
    type Error = std::convert::Infallible;
    type Future = Pin<Box<dyn Future<Output = Result<Answer, Self::Error>> + Send>>;

    fn call(&self, request: hyper::Request<hyper::body::Incoming>) -> Self::Future {
        let busy = Busy::new(self.in_flight.clone());
        let answer = self.inner.call(request);
        Box::pin(async move {
            let answer = answer.await?;
            Ok(answer.map(|body| axum::body::Body::new(CountedBody { body, _busy: busy })))
        })
    }
}

/// One request in flight, counted until it is dropped: with the answer's body once sent,
/// or with the request's future when the connection ends first.
struct Busy(Arc<AtomicUsize>);

impl Busy {
    fn new(count: Arc<AtomicUsize>) -> Busy {
        count.fetch_add(1, Ordering::AcqRel);
        Busy(count)
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// An answer's body, holding its request's [`Busy`] until hyper has sent it and drops it.
struct CountedBody {
    body: axum::body::Body,
    _busy: Busy,
}

impl http_body::Body for CountedBody {
    type Data = bytes::Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<bytes::Bytes>, axum::Error>>> {
        Pin::new(&mut self.body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.body.size_hint()
    }
}

/// A connection's socket, watched: the time since a write has been waiting on the client,
/// and hyper's own empty error answers replaced by the API's JSON ones.
struct Guarded {
    inner: TcpStream,
    /// The rest of a replacement answer still to be written.
    replacement: Vec<u8>,
    /// Whether a line ended in what was read since the last answer was written: the request
    /// line of the request being read has ended.
    line_ended: bool,
    /// Whether nothing has been read yet (an HTTP/2 preface is looked for in the first read).
    first_read: bool,
    /// The connection's requests in flight: the end of the client's input with one in flight
    /// is held back from hyper (which would drop the request) and told to `half_closed`.
    in_flight: Arc<AtomicUsize>,
    half_closed: Arc<tokio::sync::Notify>,
    started: Instant,
    /// Milliseconds after `started` since which a write has been waiting (0: none waits).
    stalled_since: Arc<AtomicU64>,
}

impl Guarded {
    /// Writes what is left of a replacement answer.
    fn poll_replacement(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while !self.replacement.is_empty() {
            let written =
                std::task::ready!(Pin::new(&mut self.inner).poll_write(cx, &self.replacement))?;
            if written == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            self.replacement.drain(..written);
        }
        Poll::Ready(Ok(()))
    }

    fn note(&self, poll: &Poll<io::Result<usize>>) {
        if poll.is_pending() {
            let now = (self.started.elapsed().as_millis() as u64).max(1);
            let _ =
                self.stalled_since
                    .compare_exchange(0, now, Ordering::Relaxed, Ordering::Relaxed);
        } else {
            self.stalled_since.store(0, Ordering::Relaxed);
        }
    }
}

impl AsyncRead for Guarded {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let room = buf.remaining();
        std::task::ready!(Pin::new(&mut self.inner).poll_read(cx, buf))?;
        let read = &buf.filled()[before..];
        if read.is_empty() && room > 0 {
            if self.in_flight.load(Ordering::Acquire) > 0 {
                // The client closed its end; the answer may still be wanted (see
                // HALF_CLOSE_GRACE). The connection's task ends it if not.
                self.half_closed.notify_one();
                return Poll::Pending;
            }
            return Poll::Ready(Ok(()));
        }
        if std::mem::take(&mut self.first_read) && read.starts_with(HTTP2_PREFACE) {
            // hyper closes such a connection without a word: answer it, and end the input.
            self.replacement = http2_refusal();
            buf.set_filled(before);
            return Poll::Ready(Ok(()));
        }
        if read.contains(&b'\n') {
            self.line_ended = true;
        }
        Poll::Ready(Ok(()))
    }
}

impl AsyncWrite for Guarded {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        let line_ended = std::mem::replace(&mut this.line_ended, false);
        if this.replacement.is_empty()
            && let Some(answer) = json_for_hyper_error(buf, line_ended)
        {
            this.replacement = answer;
            let _ = this.poll_replacement(cx)?;
            return Poll::Ready(Ok(buf.len()));
        }
        std::task::ready!(this.poll_replacement(cx))?;
        let poll = Pin::new(&mut this.inner).poll_write(cx, buf);
        this.note(&poll);
        poll
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        std::task::ready!(self.poll_replacement(cx))?;
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        std::task::ready!(self.poll_replacement(cx))?;
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

/// How an HTTP/2 client that assumes the server speaks it starts (RFC 9113 §3.4).
const HTTP2_PREFACE: &[u8] = b"PRI * HTTP/2.0\r\n";

/// The answer to an HTTP/2 preface: 505, in HTTP/1.1, which is all this server speaks.
fn http2_refusal() -> Vec<u8> {
    let message = "this server speaks HTTP/1.1 only, not HTTP/2; send HTTP/1.1 requests \
(curl: --http1.1)";
    let body = serde_json::json!({ "error": message }).to_string();
    format!(
        "HTTP/1.1 505 HTTP Version Not Supported\r\ncontent-type: application/json\r\n\
content-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// The JSON answer that replaces `written` when it is one of hyper's own answers to a request
/// it could not parse: a 400, 414 or 431 head with no body. (Every 4xx of the API itself has a
/// JSON body, so an empty one can only be hyper's.) A 431 for a request whose first line had
/// not ended (`line_ended` false) is a request line too long: 414.
fn json_for_hyper_error(written: &[u8], line_ended: bool) -> Option<Vec<u8>> {
    let head_end = written.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = std::str::from_utf8(&written[..head_end]).ok()?;
    let mut status_line = head.lines().next()?;
    if status_line.starts_with("HTTP/1.1 431 ") && !line_ended {
        status_line = "HTTP/1.1 414 URI Too Long";
    }
    let empty = head
        .lines()
        .any(|line| line.eq_ignore_ascii_case("content-length: 0"));
    let message = match status_line.strip_prefix("HTTP/1.1 ")?.get(..3)? {
        _ if !empty || written.len() != head_end + 4 => return None,
        "400" => "the request is not valid HTTP/1.1 (its request line or a header is malformed)",
        "414" => {
            "the request line is over 16 KiB (its path or query is too long); send a shorter one"
        }
        "431" => {
            "the request's headers are too large (at most 16 KiB in all); send fewer or shorter ones"
        }
        _ => return None,
    };
    let body = serde_json::json!({ "error": message }).to_string();
    let answer = format!(
        "{status_line}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
connection: close\r\n\r\n{body}",
        body.len()
    );
    Some(answer.into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_hyper_s_empty_parse_error_answers_are_replaced() {
        let empty =
            b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\ndate: x\r\n\r\n";
        let answer = String::from_utf8(json_for_hyper_error(empty, true).unwrap()).unwrap();
        let (head, body) = answer.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 431 "), "{head}");
        assert!(
            head.contains(&format!("content-length: {}", body.len())),
            "{head}"
        );
        let value: serde_json::Value = serde_json::from_str(body).unwrap();
        assert!(
            value["error"]
                .as_str()
                .unwrap()
                .contains("headers are too large")
        );
        let with_body = b"HTTP/1.1 400 Bad Request\r\ncontent-length: 2\r\n\r\n{}";
        assert_eq!(json_for_hyper_error(with_body, true), None);
        let ok = b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n";
        assert_eq!(json_for_hyper_error(ok, true), None);
        let line = String::from_utf8(json_for_hyper_error(empty, false).unwrap()).unwrap();
        assert!(
            line.starts_with("HTTP/1.1 414 ") && line.contains("request line"),
            "{line}"
        );
    }

    #[test]
    fn a_full_registry_closes_its_oldest_idle_connection() {
        let mut registry = Registry {
            open: BTreeMap::new(),
            limit: 2,
        };
        let idle = || Arc::new(AtomicUsize::new(0));
        let mut first = registry.admit(0, idle()).unwrap();
        let mut second = registry.admit(1, idle()).unwrap();
        let _third = registry.admit(2, idle()).unwrap();
        assert_eq!(first.try_recv(), Ok(()));
        assert!(second.try_recv().is_err());
        assert_eq!(registry.open.keys().copied().collect::<Vec<_>>(), [1, 2]);
    }

    #[test]
    fn a_connection_with_a_request_in_flight_is_not_closed_to_make_room() {
        let mut registry = Registry {
            open: BTreeMap::new(),
            limit: 2,
        };
        let busy = Arc::new(AtomicUsize::new(1));
        let mut answering = registry.admit(0, busy.clone()).unwrap();
        let mut waiting = registry.admit(1, Arc::new(AtomicUsize::new(0))).unwrap();
        let _new = registry.admit(2, Arc::new(AtomicUsize::new(1))).unwrap();
        assert!(
            answering.try_recv().is_err(),
            "a request in flight was cut off"
        );
        assert_eq!(waiting.try_recv(), Ok(()));
        // Every connection answering: the newcomer is turned away, none closed.
        assert!(registry.admit(3, Arc::new(AtomicUsize::new(0))).is_none());
        assert!(answering.try_recv().is_err());
        assert_eq!(registry.open.keys().copied().collect::<Vec<_>>(), [0, 2]);
        // Its answer sent, the oldest is idle again and goes first.
        busy.store(0, Ordering::Release);
        let _next = registry.admit(4, Arc::new(AtomicUsize::new(0))).unwrap();
        assert_eq!(answering.try_recv(), Ok(()));
    }
}
