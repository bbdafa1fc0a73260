//! The load test (ignored by default; `scripts/browser-check.sh` runs it): 200 games of
//! `random` against `alphabeta:2` played at once through the API on 127.0.0.1, each on its
//! own kept-alive connection. Every game must be legal and end as the draughts referee says;
//! then 1,500 more games are started to show that the oldest are forgotten, and the server's
//! peak memory (VmHWM) must stay under 1 GiB. The figures go to standard output.

use super::Server;
use boardlab::draughts::game::Draughts;
use boardlab::draughts::referee::referee;
use boardlab::game::matches::study::result_text;
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

const GAMES: u64 = 200;
/// Requests one game may make before the test gives up on it.
const MAX_REQUESTS: usize = 1000;

/// A kept-alive HTTP/1.1 connection.
struct Connection {
    reader: BufReader<TcpStream>,
    requests: usize,
}

impl Connection {
    fn open(port: u16) -> Connection {
        let stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        Connection {
            reader: BufReader::new(stream),
            requests: 0,
        }
    }

    fn call(&mut self, method: &str, path: &str, body: Option<&Value>) -> Value {
        let body = body.map(Value::to_string).unwrap_or_default();
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
Content-Length: {}\r\n\r\n{body}",
            body.len()
        );
        self.reader.get_mut().write_all(head.as_bytes()).unwrap();
        self.requests += 1;
        let mut status_line = String::new();
        self.reader.read_line(&mut status_line).unwrap();
        let status: u16 = status_line
            .split_whitespace()
            .nth(1)
            .unwrap()
            .parse()
            .unwrap();
        let mut length = 0;
        loop {
            let mut line = String::new();
            self.reader.read_line(&mut line).unwrap();
            if line.trim().is_empty() {
                break;
            }
            if let Some((name, value)) = line.split_once(':')
                && name.eq_ignore_ascii_case("content-length")
            {
                length = value.trim().parse().unwrap();
            }
        }
        let mut bytes = vec![0; length];
        self.reader.read_exact(&mut bytes).unwrap();
        let value: Value = serde_json::from_slice(&bytes).unwrap();
        assert!(
            (200..300).contains(&status),
            "{method} {path}: {status} {value}"
        );
        value
    }
}

/// Plays game `seed` to its end; returns its final state and the requests made.
fn play(port: u16, seed: u64) -> (Value, usize) {
    let mut connection = Connection::open(port);
    let body = json!({"white": "random", "black": "alphabeta:2", "seed": seed});
    let mut state = connection.call("POST", "/api/draughts/games", Some(&body));
    let id = state["id"].as_u64().unwrap();
    while state["result"].is_null() {
        assert!(
            connection.requests < MAX_REQUESTS,
            "game {seed} did not end"
        );
        state = connection.call("POST", &format!("/api/draughts/games/{id}/bot"), None);
    }
    (state, connection.requests)
}

fn peak_memory_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[test]
#[ignore = "a load test of about a minute: run by scripts/browser-check.sh"]
fn two_hundred_concurrent_games_are_legal_and_memory_stays_bounded() {
    let server = Server::start(&[]);
    let port = server.port;
    let start = Instant::now();
    let players: Vec<_> = (0..GAMES)
        .map(|seed| std::thread::spawn(move || play(port, seed)))
        .collect();
    let finished: Vec<(Value, usize)> = players.into_iter().map(|p| p.join().unwrap()).collect();
    let seconds = start.elapsed().as_secs_f64();
    let requests: usize = finished.iter().map(|(_, r)| r).sum();
    let game = Draughts::default();
    for (state, _) in &finished {
        let moves: Vec<&str> = state["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        let refereed = referee(&game, &moves).unwrap_or_else(|e| panic!("{e}: {state}"));
        assert_eq!(state["result"]["score"], result_text(refereed.result));
        assert_eq!(state["result"]["ending"], refereed.ending.name());
    }
    let first_id = finished[0].0["id"].as_u64().unwrap();
    let mut connection = Connection::open(port);
    for _ in 0..1500 {
        connection.call("POST", "/api/draughts/games", Some(&json!({})));
    }
    let (status, _) = super::request(
        port,
        "GET",
        &format!("/api/draughts/games/{first_id}"),
        None,
    );
    assert_eq!(status, 404, "the oldest game should have been forgotten");
    let peak = peak_memory_kib(server.child.id());
    println!(
        "load: {GAMES} games, {requests} requests in {seconds:.1} s = {:.0} requests/s; \
server peak memory (VmHWM) {:.1} MiB",
        requests as f64 / seconds,
        peak as f64 / 1024.0
    );
    assert!(peak < 1024 * 1024, "peak memory {peak} KiB");
}
