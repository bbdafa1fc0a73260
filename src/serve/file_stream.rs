//! A file sent as it is read, a chunk at a time, never held whole: a client that asks for a
//! 1.2 GB data file and does not read it costs the server one chunk and a socket buffer. A
//! `Range: bytes=...` header (RFC 9110 §14) asks for one part of the file, so a large data
//! file can be fetched or resumed piece by piece.

use super::ApiError;
use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use http_body::{Frame, SizeHint};
use std::io::{self, Seek, SeekFrom};
use std::path::Path;
use std::pin::Pin;
use std::task::{Context, Poll};
use tokio::io::{AsyncRead, ReadBuf};

/// Bytes read from the file per chunk sent.
const CHUNK: usize = 64 * 1024;

/// The body of an answer: `remaining` bytes of `file` from where it stands.
struct FileBody {
    file: tokio::fs::File,
    remaining: u64,
    buffer: Vec<u8>,
}

impl http_body::Body for FileBody {
    type Data = Bytes;
    type Error = io::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, io::Error>>> {
        let this = self.get_mut();
        if this.remaining == 0 {
            return Poll::Ready(None);
        }
        let want = this.remaining.min(CHUNK as u64) as usize;
        this.buffer.resize(want, 0);
        let mut read = ReadBuf::new(&mut this.buffer);
        std::task::ready!(Pin::new(&mut this.file).poll_read(cx, &mut read))?;
        let filled = read.filled();
        if filled.is_empty() {
            return Poll::Ready(Some(Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "the file shrank while it was being sent",
            ))));
        }
        this.remaining -= filled.len() as u64;
        Poll::Ready(Some(Ok(Frame::data(Bytes::copy_from_slice(filled)))))
    }

    fn is_end_stream(&self) -> bool {
        self.remaining == 0
    }

    fn size_hint(&self) -> SizeHint {
        SizeHint::with_exact(self.remaining)
    }
}

/// The answer that sends the file at `path` (or the part its `Range` header asks for) as
/// `kind`, with `extra` headers.
pub fn send(
    path: &Path,
    shown_as: &str,
    request: &HeaderMap,
    kind: &'static str,
    extra: [(header::HeaderName, &'static str); 2],
) -> Result<Response, ApiError> {
    let unreadable =
        |e: io::Error| ApiError::not_found(format!("`{shown_as}` cannot be read: {e}"));
    // Opened without waiting, so a FIFO cannot block the runtime's worker, and checked as
    // opened: only a regular file is sent (a FIFO or device has no end to stream to).
    let mut file = super::regular_file::open(path).map_err(unreadable)?;
    let metadata = file.metadata().map_err(unreadable)?;
    if !metadata.is_file() {
        return Err(ApiError::not_found(format!(
            "`{shown_as}` is not a regular file (a FIFO, device or folder); only files are served"
        )));
    }
    let length = metadata.len();
    let range = match request.get(header::RANGE) {
        Some(value) => match byte_range(value.to_str().unwrap_or("?"), length) {
            Ok(range) => range,
            Err(message) => {
                let mut refusal =
                    ApiError::new(StatusCode::RANGE_NOT_SATISFIABLE, message).into_response();
                let whole = HeaderValue::try_from(format!("bytes */{length}")).expect("ASCII");
                refusal.headers_mut().insert(header::CONTENT_RANGE, whole);
                return Ok(refusal);
            }
        },
        None => None,
    };
    let (status, first, count) = match range {
        Some((first, last)) => (StatusCode::PARTIAL_CONTENT, first, last - first + 1),
        None => (StatusCode::OK, 0, length),
    };
    file.seek(SeekFrom::Start(first)).map_err(unreadable)?;
    let body = FileBody {
        file: tokio::fs::File::from_std(file),
        remaining: count,
        buffer: Vec::new(),
    };
    let mut response = (status, Body::new(body)).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    headers.insert(header::CONTENT_LENGTH, HeaderValue::from(count));
    headers.insert(header::ACCEPT_RANGES, HeaderValue::from_static("bytes"));
    if range.is_some() {
        let value = format!("bytes {first}-{}/{length}", first + count - 1);
        headers.insert(
            header::CONTENT_RANGE,
            HeaderValue::try_from(value).expect("ASCII"),
        );
    }
    for (name, value) in extra {
        headers.insert(name, HeaderValue::from_static(value));
    }
    Ok(response)
}

/// The first and last byte (inclusive) that a `Range` header asks for in a file of `length`
/// bytes; `None` for a unit other than bytes, which is ignored (RFC 9110 §14.2). One range
/// only: a list of them, or a range that starts past the end, is refused.
pub fn byte_range(header: &str, length: u64) -> Result<Option<(u64, u64)>, String> {
    let Some(spec) = header.trim().strip_prefix("bytes=") else {
        return Ok(None);
    };
    let fix = "ask for one range, as bytes=FIRST-LAST, bytes=FIRST- or bytes=-SUFFIX";
    if spec.contains(',') {
        return Err(format!("Range `{header}` asks for several ranges; {fix}"));
    }
    let number = |text: &str| text.trim().parse::<u64>().ok();
    let (first, last) = spec
        .split_once('-')
        .ok_or_else(|| format!("Range `{header}` is not a byte range; {fix}"))?;
    let range = match (first.trim(), last.trim()) {
        ("", suffix) => match number(suffix) {
            Some(n) if n > 0 && length > 0 => Some((length.saturating_sub(n), length - 1)),
            _ => None,
        },
        (first, "") => number(first)
            .filter(|&f| f < length)
            .map(|f| (f, length - 1)),
        (first, last) => match (number(first), number(last)) {
            (Some(f), Some(l)) if f <= l && f < length => Some((f, l.min(length - 1))),
            _ => None,
        },
    };
    range.map(Some).ok_or_else(|| {
        format!("Range `{header}` does not fit the file of {length} bytes; {fix} within it")
    })
}

#[cfg(test)]
mod tests {
    use super::byte_range;

    /// The examples of RFC 9110 §14.1.2, on a representation of 10,000 bytes.
    #[test]
    fn the_rfc_s_examples_give_the_rfc_s_bytes() {
        let length = 10_000;
        assert_eq!(byte_range("bytes=0-499", length), Ok(Some((0, 499))));
        assert_eq!(byte_range("bytes=500-999", length), Ok(Some((500, 999))));
        assert_eq!(byte_range("bytes=-500", length), Ok(Some((9500, 9999))));
        assert_eq!(byte_range("bytes=9500-", length), Ok(Some((9500, 9999))));
        // A last byte past the end means the end (§14.1.2); a suffix longer than the file,
        // the whole file.
        assert_eq!(
            byte_range("bytes=9000-20000", length),
            Ok(Some((9000, 9999)))
        );
        assert_eq!(byte_range("bytes=-20000", length), Ok(Some((0, 9999))));
    }

    #[test]
    fn ranges_that_cannot_be_served_are_refused_and_other_units_ignored() {
        assert_eq!(byte_range("items=0-5", 10), Ok(None));
        for bad in [
            "bytes=10-",
            "bytes=5-2",
            "bytes=-0",
            "bytes=x-3",
            "bytes=0-1,4-5",
            "bytes=7",
        ] {
            let message = byte_range(bad, 10).unwrap_err();
            assert!(
                message.contains(bad) && message.contains("bytes=FIRST-LAST"),
                "{message}"
            );
        }
        assert!(
            byte_range("bytes=0-", 0).is_err(),
            "an empty file has no first byte"
        );
    }
}
