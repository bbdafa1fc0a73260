//! Attacks on the server's resources, each a few seconds long on 127.0.0.1: more idle and
//! slow connections than it may open files, searches whose clients hang up, and Ctrl-C in
//! the middle of searches. Throughout, a normal request is answered within a second, and the
//! server ends as it should.

use super::{Server, error_line, request};
use serde_json::json;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// `GET /api/info` answered with 200 within a second.
pub fn answers_within_a_second(server: &Server) {
    let start = Instant::now();
    let (status, _) = request(server.port, "GET", "/api/info", None);
    let took = start.elapsed();
    assert_eq!(status, 200);
    assert!(
        took < Duration::from_secs(1),
        "a normal request took {took:?}"
    );
    assert!(still_running(server), "the server has exited");
}

fn still_running(server: &Server) -> bool {
    std::fs::read_to_string(format!("/proc/{}/stat", server.child.id()))
        .is_ok_and(|stat| !stat.contains(") Z "))
}

/// CPU seconds the process has used (user and system), from `/proc/PID/stat`.
fn cpu_seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .unwrap()
        .1
        .split_whitespace()
        .collect();
    // After the command: state is field 3 of proc(5), utime 14 and stime 15.
    let ticks: f64 = fields[11].parse::<f64>().unwrap() + fields[12].parse::<f64>().unwrap();
    ticks / 100.0
}

/// A request's bytes for `method path` with a JSON `body`.
fn request_bytes(method: &str, path: &str, body: &str) -> String {
    format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
Content-Length: {}\r\n\r\n{body}",
        body.len()
    )
}

#[test]
fn idle_and_slow_connections_past_the_file_limit_neither_crash_nor_lock_out_the_server() {
    // 128 open files leave room for 32 connections; 150 idle ones are opened.
    let server = Server::start_with_file_limit(128, &[]);
    let port = server.port;
    let connect = || TcpStream::connect(("127.0.0.1", port)).unwrap();
    let idle: Vec<TcpStream> = (0..150).map(|_| connect()).collect();
    answers_within_a_second(&server);
    let mut slow_head = connect();
    slow_head
        .write_all(b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        .unwrap();
    let mut slow_body = connect();
    let head = "POST /api/draughts/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\
Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"seed\":";
    slow_body.write_all(head.as_bytes()).unwrap();
    let sent = Instant::now();
    answers_within_a_second(&server);
    drop(idle);
    answers_within_a_second(&server);

    // The half-sent body is answered 408 once its time is up; the slow head is closed.
    slow_body
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let mut answer = Vec::new();
    let _ = slow_body.read_to_end(&mut answer);
    let answer = String::from_utf8_lossy(&answer).to_string();
    assert!(answer.starts_with("HTTP/1.1 408 "), "{answer}");
    let body = answer.split_once("\r\n\r\n").unwrap().1;
    assert!(
        error_line(body.as_bytes()).contains("did not arrive"),
        "{answer}"
    );
    slow_head
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let mut rest = Vec::new();
    let _ = slow_head.read_to_end(&mut rest);
    let closed_after = sent.elapsed();
    assert!(
        closed_after < Duration::from_secs(8),
        "a slow head held its connection {closed_after:?}"
    );
    answers_within_a_second(&server);
}

/// Starts a draughts game of two `mcts:20000` bots (seconds of search per move).
fn slow_game(server: &Server) -> u64 {
    let body = json!({"white": "mcts:20000", "black": "mcts:20000", "seed": 5});
    let state = server.ok("POST", "/api/draughts/games", Some(&body));
    state["id"].as_u64().unwrap()
}

#[test]
fn searches_whose_clients_hang_up_stop_and_free_the_engine() {
    let server = Server::start(&[]);
    let games: Vec<u64> = (0..20).map(|_| slow_game(&server)).collect();
    for id in &games {
        let mut stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
        let bot = request_bytes("POST", &format!("/api/draughts/games/{id}/bot"), "");
        stream.write_all(bot.as_bytes()).unwrap();
        // Hung up at once: the search asked for is no longer wanted.
    }
    std::thread::sleep(Duration::from_millis(1500));
    let pid = server.child.id();
    let before = cpu_seconds(pid);
    std::thread::sleep(Duration::from_secs(1));
    let used = cpu_seconds(pid) - before;
    // Twenty searches of seconds each would keep every engine thread busy for many seconds.
    assert!(used < 0.3, "the server used {used:.2} s of CPU in a second");
    answers_within_a_second(&server);
}

/// Four `mcts:20000` searches asked for on `server`, each waiting for its answer.
fn searches(server: &Server) -> Vec<std::thread::JoinHandle<u16>> {
    let port = server.port;
    let games: Vec<u64> = (0..4).map(|_| slow_game(server)).collect();
    games
        .into_iter()
        .map(|id| {
            std::thread::spawn(move || {
                request(port, "POST", &format!("/api/draughts/games/{id}/bot"), None).0
            })
        })
        .collect()
}

/// Ctrl-C, as the terminal sends it: SIGINT to the server.
fn interrupt(server: &Server) {
    let kill = std::process::Command::new("kill")
        .args(["-INT", &server.child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
}

/// The server's exit status once it has exited, failing if it runs a second past `since`.
fn exit_within_a_second(server: &mut Server, since: Instant) -> std::process::ExitStatus {
    loop {
        if let Some(status) = server.child.try_wait().unwrap() {
            return status;
        }
        assert!(
            since.elapsed() < Duration::from_secs(1),
            "still running 1 s after Ctrl-C"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn ctrl_c_stops_the_server_within_a_second_in_the_middle_of_searches() {
    let mut server = Server::start(&[]);
    let waiting = searches(&server);
    std::thread::sleep(Duration::from_millis(300));
    let interrupted = Instant::now();
    interrupt(&server);
    let status = exit_within_a_second(&mut server, interrupted);
    let took = interrupted.elapsed();
    println!("serve: Ctrl-C to exit with 4 searches running: {took:?}");
    assert!(status.success(), "{status:?}");
    for client in waiting {
        // Each waiting client got an answer (503) or saw its connection close.
        let _ = client.join();
    }
}

#[test]
fn a_second_ctrl_c_exits_at_once_with_status_130() {
    // A download whose client reads nothing keeps the first Ctrl-C's stop waiting for it
    // (half a second), the window in which a person presses Ctrl-C again.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("REPORT.md"), "# Big\n").unwrap();
    let big = std::fs::File::create(dir.path().join("big.csv")).unwrap();
    big.set_len(1 << 30).unwrap();
    let mut server = Server::start(&["--results", dir.path().to_str().unwrap()]);
    let mut stalled = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    let ask = "GET /results/0/big.csv HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
    stalled.write_all(ask.as_bytes()).unwrap();
    let waiting = searches(&server);
    std::thread::sleep(Duration::from_millis(300));
    let interrupted = Instant::now();
    interrupt(&server);
    std::thread::sleep(Duration::from_millis(50));
    assert!(
        server.child.try_wait().unwrap().is_none(),
        "the first Ctrl-C's stop should still be waiting for the download"
    );
    interrupt(&server);
    let status = exit_within_a_second(&mut server, interrupted);
    println!(
        "serve: two Ctrl-C to exit with 4 searches running: {:?}",
        interrupted.elapsed()
    );
    assert_eq!(status.code(), Some(130), "{status:?}");
    drop(stalled);
    for client in waiting {
        let _ = client.join();
    }
}

#[test]
fn a_flood_of_new_connections_closes_idle_ones_not_requests_in_flight() {
    // 128 open files leave room for 32 connections; 150 new ones are opened while one
    // request, the oldest connection, is in flight (its body still being sent).
    let server = Server::start_with_file_limit(128, &[]);
    let port = server.port;
    let mut answering = TcpStream::connect(("127.0.0.1", port)).unwrap();
    let body = r#"{"seed": 7}"#;
    let ask = request_bytes("POST", "/api/draughts/games", body);
    let (head_and_start, rest) = ask.split_at(ask.len() - 4);
    answering.write_all(head_and_start.as_bytes()).unwrap();
    std::thread::sleep(Duration::from_millis(200));
    let flood: Vec<TcpStream> = (0..150)
        .map(|_| TcpStream::connect(("127.0.0.1", port)).unwrap())
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    answering.write_all(rest.as_bytes()).unwrap();
    answering
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    let mut answer = [0u8; 12];
    let read = answering.read(&mut answer).unwrap_or(0);
    let answer = String::from_utf8_lossy(&answer[..read]).to_string();
    assert_eq!(answer, "HTTP/1.1 201", "the request in flight was cut off");
    answers_within_a_second(&server);
    drop(flood);
}

#[test]
fn board_searches_whose_clients_hang_up_stop() {
    let server = Server::start(&[]);
    // Each a search of the server's 5,000,000 iterations that finds no board (over a second).
    let board = "/api/chess-memory/board?order=RBNQ&size=8&algorithm=mrv&restart=fixed:50";
    let waiting: Vec<TcpStream> = (0..8)
        .map(|_| {
            let mut stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
            let ask = format!("GET {board} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
            stream.write_all(ask.as_bytes()).unwrap();
            stream
        })
        .collect();
    // Hung up once the searches have started.
    std::thread::sleep(Duration::from_millis(200));
    drop(waiting);
    // Stopped within a quarter second of the hang-up (the grace a half-closed client gets).
    std::thread::sleep(Duration::from_millis(400));
    let pid = server.child.id();
    let before = cpu_seconds(pid);
    std::thread::sleep(Duration::from_millis(600));
    let used = cpu_seconds(pid) - before;
    assert!(used < 0.1, "the server used {used:.2} s of CPU in 0.6 s");
    answers_within_a_second(&server);
}
