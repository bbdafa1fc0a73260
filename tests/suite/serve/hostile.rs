//! Hostile input, each case on 127.0.0.1 within a few seconds: huge files asked for and not
//! read, byte ranges, reports with script links, requests from other sites and other host
//! names, and requests that are not valid HTTP or not the API's JSON. Each gets the API's
//! one-line JSON error or a harmless answer, and a normal request is answered throughout.

use super::attacks::answers_within_a_second;
use super::{Server, error_line, raw};
use std::io::Write;
use std::net::TcpStream;
use std::time::Duration;

/// Resident memory of the process, in MiB (VmRSS of `/proc/PID/status`).
fn resident_mib(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
    line.split_whitespace()
        .nth(1)
        .unwrap()
        .parse::<f64>()
        .unwrap()
        / 1024.0
}

/// `GET path` with the extra header lines `extra` (each ending in `\r\n`).
fn get(port: u16, path: &str, extra: &str) -> (u16, String, Vec<u8>) {
    let request =
        format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{extra}Connection: close\r\n\r\n");
    raw(port, request.as_bytes())
}

#[test]
fn huge_files_are_streamed_and_ranges_are_the_file_s_bytes() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("REPORT.md"), "# Big\n").unwrap();
    // A 2 GiB file that takes no disk (sparse), and a small one of known bytes.
    let big = std::fs::File::create(dir.path().join("big.csv")).unwrap();
    big.set_len(2 << 30).unwrap();
    let bytes: Vec<u8> = (0..300_000u32).map(|i| (i * 7 % 251) as u8).collect();
    std::fs::write(dir.path().join("data.bin"), &bytes).unwrap();
    let server = Server::start(&["--results", dir.path().to_str().unwrap()]);
    let port = server.port;

    // Four clients ask for the whole 2 GiB and read nothing.
    let stalled: Vec<TcpStream> = (0..4)
        .map(|_| {
            let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
            let ask = "GET /results/0/big.csv HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
            stream.write_all(ask.as_bytes()).unwrap();
            stream
        })
        .collect();
    std::thread::sleep(Duration::from_millis(700));
    let resident = resident_mib(server.child.id());
    println!("serve: resident memory with 4 stalled 2 GiB downloads: {resident:.1} MiB");
    assert!(resident < 100.0, "{resident:.1} MiB resident");
    answers_within_a_second(&server);
    drop(stalled);

    let (status, head, body) = get(port, "/results/0/data.bin", "Range: bytes=1000-1999\r\n");
    assert_eq!(status, 206, "{head}");
    assert!(
        head.contains("content-range: bytes 1000-1999/300000"),
        "{head}"
    );
    assert_eq!(body, &bytes[1000..2000]);
    let (status, _, body) = get(port, "/results/0/data.bin", "Range: bytes=-10\r\n");
    assert_eq!((status, body.as_slice()), (206, &bytes[299_990..]));
    let (status, head, body) = get(port, "/results/0/data.bin", "");
    assert_eq!(status, 200);
    assert!(head.contains("accept-ranges: bytes"), "{head}");
    assert!(body == bytes, "the whole file, byte for byte");
    let (status, head, body) = get(port, "/results/0/data.bin", "Range: bytes=400000-\r\n");
    assert_eq!(status, 416);
    assert!(head.contains("content-range: bytes */300000"), "{head}");
    assert!(error_line(&body).contains("does not fit"));
}

#[test]
fn hostile_reports_render_without_anything_that_runs() {
    let dir = tempfile::tempdir().unwrap();
    let hostile = dir.path().join("hostile");
    std::fs::create_dir_all(&hostile).unwrap();
    let report = "# Report\n\n[a](javascript://%0aalert(1)) [b](JAVASCRIPT:alert(1)) \
[c](<java\tscript:alert(1)>) ![d](data:image/svg+xml,<svg/onload=alert(1)>) \
[e](vbscript:x) <script>alert(1)</script> <img src=x onerror=alert(1)> [fine](charts/x.svg)\n";
    std::fs::write(hostile.join("REPORT.md"), report).unwrap();
    let huge = dir.path().join("huge");
    std::fs::create_dir_all(&huge).unwrap();
    std::fs::File::create(huge.join("REPORT.md"))
        .unwrap()
        .set_len(64 << 20)
        .unwrap();
    let server = Server::start(&["--results", dir.path().to_str().unwrap()]);
    let rendered = server.ok("GET", "/api/results/report?root=0&folder=hostile", None);
    let html = rendered["html"].as_str().unwrap().to_lowercase();
    for banned in ["javascript", "vbscript", "data:", "<script", "<img src=x"] {
        assert!(!html.contains(banned), "`{banned}` in {html}");
    }
    assert!(
        html.contains(r#"href="/results/0/hostile/charts/x.svg""#),
        "{html}"
    );
    let message = server.error("GET", "/api/results/report?root=0&folder=huge", None, 413);
    assert!(message.contains("REPORT.md"), "{message}");
    answers_within_a_second(&server);
}

#[test]
fn other_sites_and_other_host_names_are_refused() {
    let server = Server::start(&[]);
    let port = server.port;
    let post = |origin: &str, host: &str| {
        let body = "{}";
        let request = format!(
            "POST /api/draughts/games HTTP/1.1\r\nHost: {host}\r\n{origin}\
Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        );
        raw(port, request.as_bytes())
    };
    let here = format!("127.0.0.1:{port}");
    for origin in [
        "http://evil.example",
        "null",
        "http://127.0.0.1.evil.example",
    ] {
        let (status, _, body) = post(&format!("Origin: {origin}\r\n"), &here);
        assert_eq!(status, 403, "{origin}");
        assert!(
            error_line(&body).contains("only this server's own page"),
            "{origin}"
        );
    }
    let (status, _, _) = post(&format!("Origin: http://{here}\r\n"), &here);
    assert_eq!(status, 201, "the page's own origin");
    let (status, _, _) = post("", &format!("localhost:{port}"));
    assert_eq!(status, 201, "no Origin: not from a page (curl, the tests)");
    // DNS rebinding: a site's own name pointed at 127.0.0.1 cannot read the API.
    let request = "GET /api/info HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n";
    let (status, _, body) = raw(port, request.as_bytes());
    assert_eq!(status, 403);
    assert!(error_line(&body).contains("--host"));
    let (status, head, _) = get(port, "/", "");
    assert_eq!(status, 200);
    assert!(
        head.contains("content-security-policy: default-src 'none'; script-src 'self'"),
        "{head}"
    );
    answers_within_a_second(&server);
}

#[test]
fn malformed_and_oversized_requests_get_the_api_s_json_errors() {
    let server = Server::start(&[]);
    let port = server.port;
    let long_path = format!("/api/info?{}", "a".repeat(20_000));
    let request = format!("GET {long_path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    let (status, _, body) = raw(port, request.as_bytes());
    assert_eq!(status, 414, "a request line over the head's 16 KiB");
    assert!(error_line(&body).contains("request line"));
    let big_header = format!(
        "GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: {}\r\n\r\n",
        "b".repeat(20_000)
    );
    let (status, _, body) = raw(port, big_header.as_bytes());
    assert_eq!(status, 431);
    assert!(error_line(&body).contains("headers are too large"));
    let (status, _, body) = raw(port, b"NOT HTTP AT ALL\r\n\r\n");
    assert_eq!(status, 400);
    assert!(error_line(&body).contains("not valid HTTP"));

    let post = |body: &str| {
        let request = format!(
            "POST /api/draughts/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        );
        raw(port, request.as_bytes())
    };
    let (status, _, body) = post(r#"["czech", "person", "damebot"]"#);
    assert_eq!(status, 400, "a JSON array is not a request");
    assert!(error_line(&body).contains("JSON object"));
    // A body over the limit is refused from its declared length, before it is sent.
    let head = "POST /api/draughts/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\
Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n";
    let (status, _, body) = raw(port, head.as_bytes());
    assert_eq!(status, 413);
    assert!(error_line(&body).contains("KiB"));
    answers_within_a_second(&server);
}

#[test]
fn a_report_that_links_out_of_its_results_folder_is_refused_and_not_listed() {
    let outside = tempfile::tempdir().unwrap();
    let secret = outside.path().join("secret.md");
    std::fs::write(&secret, "# secret-words-from-outside\n").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let linked = dir.path().join("p");
    std::fs::create_dir_all(&linked).unwrap();
    std::os::unix::fs::symlink(&secret, linked.join("REPORT.md")).unwrap();
    // A link that stays inside the folder is followed.
    let inside = dir.path().join("q");
    std::fs::create_dir_all(&inside).unwrap();
    std::fs::write(dir.path().join("notes.md"), "# inside-words\n").unwrap();
    std::os::unix::fs::symlink("../notes.md", inside.join("REPORT.md")).unwrap();
    let server = Server::start(&["--results", dir.path().to_str().unwrap()]);

    let (status, answer) = server.json("GET", "/api/results/report?root=0&folder=p", None);
    assert!(
        !answer.to_string().contains("secret-words"),
        "the linked file is shown: {answer}"
    );
    assert_eq!(status, 403, "{answer}");
    let message = error_line(answer.to_string().as_bytes());
    assert!(
        message.contains("REPORT.md") && message.contains("leads outside"),
        "{message}"
    );
    let listed = server.ok("GET", "/api/results", None);
    assert_eq!(listed["roots"][0]["reports"], serde_json::json!(["q"]));
    let shown = server.ok("GET", "/api/results/report?root=0&folder=q", None);
    assert!(shown["html"].as_str().unwrap().contains("inside-words"));
    answers_within_a_second(&server);
}

/// Makes a FIFO at `path` (`mkfifo`).
fn fifo(path: &std::path::Path) {
    let made = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .unwrap();
    assert!(made.success());
}

#[test]
fn a_fifo_or_device_report_neither_blocks_the_server_nor_fills_its_memory() {
    let dir = tempfile::tempdir().unwrap();
    let piped = dir.path().join("fifo");
    std::fs::create_dir_all(&piped).unwrap();
    fifo(&piped.join("REPORT.md"));
    fifo(&dir.path().join("data.csv"));
    let zero = dir.path().join("zero");
    std::fs::create_dir_all(&zero).unwrap();
    std::os::unix::fs::symlink("/dev/zero", zero.join("REPORT.md")).unwrap();
    let server = Server::start(&["--results", dir.path().to_str().unwrap()]);
    let port = server.port;

    // More requests for the FIFO than the runtime has workers, each waiting for its answer.
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    let waiting: Vec<_> = (0..workers + 1)
        .map(|_| {
            std::thread::spawn(move || get(port, "/api/results/report?root=0&folder=fifo", ""))
        })
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    let start = std::time::Instant::now();
    let (status, _, _) = get(port, "/api/info", "");
    let took = start.elapsed();
    assert_eq!(status, 200);
    assert!(
        took < Duration::from_secs(1),
        "a normal request took {took:?}"
    );
    for client in waiting {
        let (status, _, body) = client.join().unwrap();
        assert_eq!(status, 404);
        assert!(error_line(&body).contains("not a regular file"));
    }
    let (status, _, body) = get(port, "/results/0/data.csv", "");
    assert_eq!(status, 404);
    assert!(error_line(&body).contains("not a regular file"));
    let (status, _, body) = get(port, "/api/results/report?root=0&folder=zero", "");
    assert_eq!(status, 403);
    assert!(error_line(&body).contains("leads outside"));
    let listed = server.ok("GET", "/api/results", None);
    assert_eq!(listed["roots"][0]["reports"], serde_json::json!([]));
    let resident = resident_mib(server.child.id());
    assert!(resident < 100.0, "{resident:.1} MiB resident");
    answers_within_a_second(&server);
}

#[test]
fn every_searching_bot_is_held_to_the_server_s_limits_and_told_the_server_s_ranges() {
    let mut command = std::process::Command::new(assert_cmd::cargo::cargo_bin("boardlab"));
    command
        .args(["serve", "--port", "0"])
        .env("BOARDLAB_ENDGAMES", "memory:3");
    let server = Server::spawn(command);
    let game = |black: &str| serde_json::json!({"rules": "czech", "black": black});
    // With a database at hand, `perfect:D` searches `alphabeta:D` outside it: the same limit.
    let message = server.error(
        "POST",
        "/api/draughts/games",
        Some(&game("perfect:20")),
        400,
    );
    assert!(
        message.contains("perfect:20 searches deeper than this server allows")
            && message.contains("perfect:D with D at most 8"),
        "{message}"
    );
    let (status, answer) = server.json("POST", "/api/draughts/games", Some(&game("perfect:8")));
    assert_eq!(status, 201, "{answer}");
    // A bot outside the parser's own ranges is told the server's ranges, not the command line's.
    let variant = serde_json::json!({"rules": "international", "black": "alphabeta:1000"});
    for (path, body) in [
        ("/api/draughts/games", game("alphabeta:1000")),
        ("/api/draughts-variants/games", variant),
    ] {
        let message = server.error("POST", path, Some(&body), 400);
        assert!(
            message.contains("black: bot `alphabeta:1000`: 1000 is out of range")
                && message.contains("D 1-8")
                && message.contains("N 1-20000"),
            "{message}"
        );
        assert!(!message.contains("1000000"), "{message}");
    }
    let fifteen = serde_json::json!({"second": "mcts:2000000"});
    let message = server.error("POST", "/api/fifteen/games", Some(&fifteen), 400);
    assert!(
        message.contains("mcts:2000000") && message.contains("1 to 20000,"),
        "{message}"
    );
    assert!(!message.contains("1000000"), "{message}");
}

#[test]
fn another_site_s_page_cannot_start_work_here_even_with_a_get() {
    let server = Server::start(&[]);
    let port = server.port;
    // What an `<img src="http://127.0.0.1:PORT/api/chess-memory/board?...">` of another site
    // sends.
    let image =
        "Sec-Fetch-Site: cross-site\r\nSec-Fetch-Mode: no-cors\r\nSec-Fetch-Dest: image\r\n";
    let board = "/api/chess-memory/board?size=8&seed=3";
    let (status, _, body) = get(port, board, image);
    assert_eq!(status, 403);
    let message = error_line(&body);
    assert!(
        message.contains("another site's page") && message.contains("cross-site"),
        "{message}"
    );
    // A form of another site posting without an Origin (older browsers) is refused as well.
    let post = "POST /api/draughts/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\
Sec-Fetch-Site: cross-site\r\nSec-Fetch-Mode: navigate\r\nContent-Type: application/json\r\n\
Content-Length: 2\r\nConnection: close\r\n\r\n{}";
    let (status, _, body) = raw(port, post.as_bytes());
    assert_eq!(status, 403);
    assert!(error_line(&body).contains("cross-site"));
    // A link to the page from elsewhere still opens it; the page's own requests pass.
    let visit =
        "Sec-Fetch-Site: cross-site\r\nSec-Fetch-Mode: navigate\r\nSec-Fetch-Dest: document\r\n";
    assert_eq!(get(port, "/", visit).0, 200);
    let (status, _, _) = get(port, &format!("{board}&x=1"), visit);
    assert_eq!(status, 403, "a navigation to the API from another site");
    let own = "Sec-Fetch-Site: same-origin\r\nSec-Fetch-Mode: cors\r\n";
    let (status, _, body) = get(port, board, own);
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));
    answers_within_a_second(&server);
}

#[test]
fn malformed_framing_gets_the_status_and_the_reason_that_fit() {
    let server = Server::start(&[]);
    let port = server.port;
    // A chunk whose size line is not hexadecimal: a malformed body, not a large one.
    let chunked = "POST /api/draughts/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\
Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n\
zz\r\n{}\r\n0\r\n\r\n";
    let (status, _, body) = raw(port, chunked.as_bytes());
    let message = error_line(&body);
    assert_eq!(status, 400, "{message}");
    assert!(
        message.contains("malformed") && message.contains("chunk"),
        "{message}"
    );
    // A request line over the head's 16 KiB is 414, as docs/serve.md says; a header, 431.
    let long_line = format!(
        "GET /api/info?{} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        "a".repeat(70_000)
    );
    let (status, _, body) = raw(port, long_line.as_bytes());
    assert_eq!(status, 414);
    assert!(error_line(&body).contains("request line"));
    let big_header = format!(
        "GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: {}\r\n\r\n",
        "b".repeat(70_000)
    );
    assert_eq!(raw(port, big_header.as_bytes()).0, 431);
    // An HTTP/2 client's preface (prior knowledge) is told that only HTTP/1.1 is spoken.
    let (status, _, body) = raw(port, b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n");
    assert_eq!(status, 505);
    assert!(error_line(&body).contains("HTTP/1.1"));
    answers_within_a_second(&server);
}

#[test]
fn a_request_whose_client_half_closes_is_still_answered() {
    let server = Server::start(&[]);
    // A board takes a few milliseconds of search: the end of the client's input arrives
    // while the answer is being made.
    for request in [
        "GET /api/chess-memory/board?seed=2 HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n",
        "GET /api/chess-memory/board?seed=2 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
    ] {
        let mut stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(5)))
            .unwrap();
        stream.write_all(request.as_bytes()).unwrap();
        // As `nc -N` and `printf ... | nc` do: the request sent, the sending side closed.
        stream.shutdown(std::net::Shutdown::Write).unwrap();
        let mut answer = Vec::new();
        let _ = std::io::Read::read_to_end(&mut stream, &mut answer);
        let answer = String::from_utf8_lossy(&answer);
        assert!(
            answer.starts_with("HTTP/1.") && answer.contains(" 200 OK"),
            "{request:?}: {answer:?}"
        );
        assert!(answer.contains("\"fen\""), "{answer}");
    }
}
