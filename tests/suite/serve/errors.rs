//! Bad input gets a one-line JSON error with a 4xx status, and the server keeps serving:
//! illegal moves, malformed FEN, unknown and too deep bots, huge boards, paths outside the
//! results folders, malformed JSON, unknown games and endpoints.

use super::Server;
use serde_json::json;

#[test]
fn bad_game_requests_are_refused_in_one_line_and_the_server_goes_on() {
    let server = Server::start(&[]);
    let new = |body: serde_json::Value, status: u16| {
        server.error("POST", "/api/draughts/games", Some(&body), status)
    };
    let fen = new(json!({"fen": "W:Wz9:Bb8"}), 400);
    assert!(fen.starts_with("fen: "), "{fen}");
    let unknown = new(json!({"black": "deep-blue"}), 400);
    assert!(
        unknown.contains("deep-blue") && unknown.contains("unknown bot"),
        "{unknown}"
    );
    let deep = new(json!({"black": "alphabeta:20"}), 400);
    assert!(deep.contains("at most 8"), "{deep}");
    let playouts = new(json!({"white": "mcts:1000000"}), 400);
    assert!(playouts.contains("at most 20000"), "{playouts}");
    let rules = new(json!({"rules": "chess"}), 400);
    assert!(rules.contains("czech"), "{rules}");
    let field = new(json!({"colour": "white"}), 422);
    assert!(field.contains("colour"), "{field}");
    let (status, body) = server.send("POST", "/api/draughts/games", None);
    assert!((400..500).contains(&status), "{status}");
    assert!(String::from_utf8(body).unwrap().contains("\"error\""));

    let game = server.ok("POST", "/api/draughts/games", Some(&json!({})));
    let id = game["id"].as_u64().unwrap();
    let path = format!("/api/draughts/games/{id}/move");
    let illegal = server.error("POST", &path, Some(&json!({"move": "c3-c4"})), 400);
    assert!(illegal.starts_with("move: "), "{illegal}");
    let not_legal = server.error("POST", &path, Some(&json!({"move": "a1-b2"})), 400);
    assert!(not_legal.starts_with("move: "), "{not_legal}");
    let bot_turn = server.error("POST", &format!("/api/draughts/games/{id}/undo"), None, 409);
    assert!(bot_turn.contains("no move"), "{bot_turn}");
    let person_turn = server.error("POST", &format!("/api/draughts/games/{id}/bot"), None, 409);
    assert!(person_turn.contains("person's turn"), "{person_turn}");
    server.error("GET", "/api/draughts/games/999999999", None, 404);
    server.error("GET", "/api/draughts/games/seven", None, 400);
    server.error("GET", "/api/nothing-here", None, 404);

    let fifteen = server.error(
        "POST",
        "/api/fifteen/games",
        Some(&json!({"second": "article:nonsense"})),
        400,
    );
    assert!(fifteen.contains("valid players"), "{fifteen}");
    let odd_even = server.error(
        "POST",
        "/api/fifteen-odd-even/games",
        Some(&json!({"second": "newell-simon"})),
        400,
    );
    assert!(odd_even.contains("newell-simon"), "{odd_even}");
    let game = server.ok(
        "POST",
        "/api/fifteen/games",
        Some(&json!({"second": "person"})),
    );
    let id = game["id"].as_u64().unwrap();
    let path = format!("/api/fifteen/games/{id}/move");
    server.ok("POST", &path, Some(&json!({"number": 5})));
    let taken = server.error("POST", &path, Some(&json!({"number": 5})), 400);
    assert!(taken.contains("already taken"), "{taken}");
    let range = server.error("POST", &path, Some(&json!({"number": 10})), 400);
    assert!(range.contains("out of range"), "{range}");

    let size = server.error("GET", "/api/knights-tour/tour?size=5000", None, 400);
    assert!(size.contains("at most 1000000"), "{size}");
    server.error("GET", "/api/knights-tour/tour?size=8&start=9,9", None, 400);
    server.error("GET", "/api/knights-tour/tour?rule=sideways", None, 400);
    server.error(
        "GET",
        "/api/knights-tour/tour?size=5&closed=true",
        None,
        400,
    );
    server.error("GET", "/api/chess-memory/board?size=12", None, 400);
    server.error("GET", "/api/chess-memory/board?order=QQBR", None, 400);
    server.error("GET", "/api/chess-memory/board?algorithm=magic", None, 400);
    // The uniform sampler's tables do not fit for 8×8.
    server.error(
        "GET",
        "/api/chess-memory/board?algorithm=uniform",
        None,
        400,
    );

    // Still serving.
    assert_eq!(
        server.ok("GET", "/api/info", None)["draughts"]["max_alphabeta_depth"],
        8
    );
}

#[test]
fn no_path_outside_the_results_folders_is_served() {
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(outside.path().join("secret.txt"), "not yours").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("results");
    std::fs::create_dir_all(root.join("run")).unwrap();
    std::fs::write(root.join("run/REPORT.md"), "# Run\n").unwrap();
    std::fs::write(dir.path().join("beside.txt"), "not yours either").unwrap();
    std::os::unix::fs::symlink(outside.path(), root.join("run/out")).unwrap();
    std::os::unix::fs::symlink(
        outside.path().join("secret.txt"),
        root.join("run/secret.txt"),
    )
    .unwrap();
    let server = Server::start(&["--results", root.to_str().unwrap()]);
    for path in [
        "/results/0/../beside.txt",
        "/results/0/run/../../beside.txt",
        "/results/0/%2e%2e/beside.txt",
        "/results/0/run/out/secret.txt",
        "/results/0/run/secret.txt",
    ] {
        let message = server.error("GET", path, None, 403);
        assert!(
            message.contains("outside the results folder"),
            "{path}: {message}"
        );
    }
    let absolute = format!("/results/0/{}", outside.path().join("secret.txt").display());
    let message = server.error("GET", &absolute, None, 403);
    assert!(message.contains("absolute path"), "{message}");
    for folder in ["..", "../..", "run/out", "/etc"] {
        let query = format!("/api/results/report?root=0&folder={folder}");
        server.error("GET", &query, None, 403);
    }
    server.error("GET", "/results/1/run/REPORT.md", None, 404);
    // The links that lead out are not listed either.
    let listed = server.ok("GET", "/api/results", None);
    assert_eq!(listed["roots"][0]["reports"], json!(["run"]));
    let (status, bytes) = server.send("GET", "/results/0/run/REPORT.md", None);
    assert_eq!((status, bytes.as_slice()), (200, b"# Run\n".as_slice()));
}
