//! `boardlab serve`: the binary started on a free port of 127.0.0.1 and spoken to over HTTP,
//! as the page speaks to it. A small HTTP/1.1 client on `TcpStream` is enough for JSON.
//!
//! `load` holds the load test: ignored by default, run by `scripts/browser-check.sh`.
//! `attacks` and `hostile` are the standing attack suite: crowds of idle and slow connections,
//! abandoned searches, Ctrl-C mid-search, huge files, hostile reports, other sites' requests
//! and malformed HTTP, each bounded to a few seconds, on 127.0.0.1 only.

mod api;
mod attacks;
mod endgame_values;
mod engines;
mod errors;
mod hostile;
mod load;
mod memory;
mod page;
mod pdn;
mod same_games;

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

/// A running server, stopped when dropped.
pub struct Server {
    pub child: Child,
    pub port: u16,
}

impl Server {
    /// `boardlab serve --port 0` with `args`, once it has said where it listens.
    pub fn start(args: &[&str]) -> Server {
        let mut command = Command::new(assert_cmd::cargo::cargo_bin("boardlab"));
        command.args(["serve", "--port", "0"]).args(args);
        Server::spawn(command)
    }

    /// As [`Server::start`], with the open-file limit (`ulimit -n`) set to `files`.
    pub fn start_with_file_limit(files: u32, args: &[&str]) -> Server {
        let mut command = Command::new("sh");
        command
            .arg("-c")
            .arg(format!("ulimit -n {files} && exec \"$0\" \"$@\""))
            .arg(assert_cmd::cargo::cargo_bin("boardlab"))
            .args(["serve", "--port", "0"])
            .args(args);
        Server::spawn(command)
    }

    fn spawn(mut command: Command) -> Server {
        let mut child = command
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("starting boardlab serve");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let address = line
            .trim()
            .strip_prefix("listening on http://")
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"));
        let port = address
            .trim_end_matches('/')
            .rsplit(':')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        Server { child, port }
    }

    /// The status and body of one request.
    pub fn send(&self, method: &str, path: &str, body: Option<&Value>) -> (u16, Vec<u8>) {
        request(self.port, method, path, body)
    }

    /// The status and JSON answer of one request.
    pub fn json(&self, method: &str, path: &str, body: Option<&Value>) -> (u16, Value) {
        let (status, bytes) = self.send(method, path, body);
        let value = serde_json::from_slice(&bytes).unwrap_or_else(|e| {
            panic!(
                "{method} {path}: not JSON ({e}): {}",
                String::from_utf8_lossy(&bytes)
            )
        });
        (status, value)
    }

    /// The JSON answer of a request that must succeed.
    pub fn ok(&self, method: &str, path: &str, body: Option<&Value>) -> Value {
        let (status, value) = self.json(method, path, body);
        assert!(
            (200..300).contains(&status),
            "{method} {path}: {status} {value}"
        );
        value
    }

    /// The one-line error of a request that must fail with `status`.
    pub fn error(&self, method: &str, path: &str, body: Option<&Value>, status: u16) -> String {
        let (got, value) = self.json(method, path, body);
        assert_eq!(got, status, "{method} {path}: {value}");
        let message = value["error"].as_str().unwrap_or_else(|| panic!("{value}"));
        assert!(
            !message.is_empty() && !message.contains('\n'),
            "{message:?}"
        );
        message.to_string()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The bytes of `request` sent as they are on a fresh connection; the status, the head
/// (lower-cased) and the body of the answer (read to the end of the connection).
pub fn raw(port: u16, request: &[u8]) -> (u16, String, Vec<u8>) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connecting");
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(10)))
        .unwrap();
    stream.write_all(request).unwrap();
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let split = answer
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("no answer head: {:?}", String::from_utf8_lossy(&answer)));
    let head = String::from_utf8_lossy(&answer[..split]).to_lowercase();
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    (status, head, answer[split + 4..].to_vec())
}

/// The one-line message of a JSON error body.
pub fn error_line(body: &[u8]) -> String {
    let value: Value = serde_json::from_slice(body)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(body)));
    let message = value["error"].as_str().unwrap_or_else(|| panic!("{value}"));
    assert!(
        !message.is_empty() && !message.contains('\n'),
        "{message:?}"
    );
    message.to_string()
}

/// One HTTP/1.1 request on a fresh connection to 127.0.0.1:`port`.
pub fn request(port: u16, method: &str, path: &str, body: Option<&Value>) -> (u16, Vec<u8>) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connecting");
    let body = body.map(Value::to_string).unwrap_or_default();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\
Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(body.as_bytes()).unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).unwrap();
    let split = answer
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a header");
    let head = String::from_utf8_lossy(&answer[..split]).to_lowercase();
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    let mut body = answer[split + 4..].to_vec();
    if head.contains("transfer-encoding: chunked") {
        body = unchunk(&body);
    }
    (status, body)
}

fn unchunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let line_end = data.windows(2).position(|w| w == b"\r\n").unwrap();
        let size =
            usize::from_str_radix(std::str::from_utf8(&data[..line_end]).unwrap().trim(), 16)
                .unwrap();
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&data[line_end + 2..line_end + 2 + size]);
        data = &data[line_end + 2 + size + 2..];
    }
}

/// Plays the bots of game `id` of `game` (`draughts` or `fifteen`) to the end; returns the
/// final state.
pub fn play_out(server: &Server, game: &str, id: u64) -> Value {
    let mut state = server.ok("GET", &format!("/api/{game}/games/{id}"), None);
    for _ in 0..2000 {
        if !state["result"].is_null() {
            return state;
        }
        state = server.ok("POST", &format!("/api/{game}/games/{id}/bot"), None);
    }
    panic!("game {id} did not end: {state}");
}
