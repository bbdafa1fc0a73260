//! The listener: accepts TCP connections and serves each with hyper's HTTP/1.1, within bounds
//! that no client can push the server past.
//!
//! - **Connections**: at most [`connection_limit`] at once, well below the file-descriptor
//!   limit. One more connection closes the oldest, so a crowd of idle or slow clients cannot
//!   lock out the page; an accept that fails (too many open files) is retried after a pause.
//! - **Time**: a request's head must arrive within [`HEAD_TIMEOUT`] of the connection being
//!   ready for it, which also closes a kept-alive connection left idle that long; a client
//!   that stops reading an answer is dropped after [`WRITE_STALL_TIMEOUT`]. (A body's deadline
//!   is kept by [`super::guard`].)
//! - **Size**: a request head is at most [`MAX_HEAD_BYTES`].
//! - **Errors**: hyper answers a request it cannot parse (400, 414, 431) itself, with an empty
//!   body; [`Guarded`] rewrites those answers into the API's one-line JSON.
//!
//! On stop, every connection finishes the request it is answering and closes; whatever is
//! still open after [`DRAIN_TIMEOUT`] is dropped.

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::BTreeMap;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
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

/// The open connections, oldest first, each with the sender that closes it.
struct Registry {
    open: BTreeMap<u64, oneshot::Sender<()>>,
    limit: usize,
}

impl Registry {
    /// Admits connection `id`, closing the oldest ones if the limit is reached.
    fn admit(&mut self, id: u64) -> oneshot::Receiver<()> {
        while self.open.len() >= self.limit {
            match self.open.pop_first() {
                Some((_, close)) => {
                    let _ = close.send(());
                }
                None => break,
            }
        }
        let (close, closed) = oneshot::channel();
        self.open.insert(id, close);
        closed
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
        let closed = registry.lock().expect("registry").admit(id);
        let registry = registry.clone();
        let (app, stop) = (app.clone(), stop.clone());
        connections.spawn(async move {
            connection(stream, app, closed, stop).await;
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
    mut closed: oneshot::Receiver<()>,
    mut stop: watch::Receiver<bool>,
) {
    let _ = stream.set_nodelay(true);
    let stalled_since = Arc::new(AtomicU64::new(0));
    let io = Guarded {
        inner: stream,
        replacement: Vec::new(),
        started: Instant::now(),
        stalled_since: stalled_since.clone(),
    };
    let started = io.started;
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(HEAD_TIMEOUT)
        .max_buf_size(MAX_HEAD_BYTES);
    let service = hyper_util::service::TowerToHyperService::new(app);
    let served = builder.serve_connection(TokioIo::new(io), service);
    tokio::pin!(served);
    let mut watchdog = tokio::time::interval(Duration::from_millis(500));
    let mut stopping = false;
    loop {
        tokio::select! {
            _ = served.as_mut() => break,
            _ = &mut closed => break,
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

/// A connection's socket, watched: the time since a write has been waiting on the client,
/// and hyper's own empty error answers replaced by the API's JSON ones.
struct Guarded {
    inner: TcpStream,
    /// The rest of a replacement answer still to be written.
    replacement: Vec<u8>,
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
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl AsyncWrite for Guarded {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        if this.replacement.is_empty()
            && let Some(answer) = json_for_hyper_error(buf)
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

/// The JSON answer that replaces `written` when it is one of hyper's own answers to a request
/// it could not parse: a 400, 414 or 431 head with no body. (Every 4xx of the API itself has a
/// JSON body, so an empty one can only be hyper's.)
fn json_for_hyper_error(written: &[u8]) -> Option<Vec<u8>> {
    let head_end = written.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = std::str::from_utf8(&written[..head_end]).ok()?;
    let status_line = head.lines().next()?;
    let empty = head
        .lines()
        .any(|line| line.eq_ignore_ascii_case("content-length: 0"));
    let message = match status_line.strip_prefix("HTTP/1.1 ")?.get(..3)? {
        _ if !empty || written.len() != head_end + 4 => return None,
        "400" => "the request is not valid HTTP/1.1 (its request line or a header is malformed)",
        "414" => "the request's path is too long; send a shorter one",
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
        let answer = String::from_utf8(json_for_hyper_error(empty).unwrap()).unwrap();
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
        assert_eq!(json_for_hyper_error(with_body), None);
        let ok = b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n";
        assert_eq!(json_for_hyper_error(ok), None);
    }

    #[test]
    fn a_full_registry_closes_its_oldest_connection() {
        let mut registry = Registry {
            open: BTreeMap::new(),
            limit: 2,
        };
        let mut first = registry.admit(0);
        let mut second = registry.admit(1);
        let _third = registry.admit(2);
        assert_eq!(first.try_recv(), Ok(()));
        assert!(second.try_recv().is_err());
        assert_eq!(registry.open.keys().copied().collect::<Vec<_>>(), [1, 2]);
    }
}
