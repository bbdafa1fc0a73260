//! The API as the page uses it: the page and its assets, a person's moves, undo, the "15"
//! values, the memory board's pairs, tours and dead ends, results folders, bounded stores and
//! the loopback address.

use super::Server;
use serde_json::{Value, json};

#[test]
fn the_page_and_its_assets_are_served_from_the_binary() {
    let server = Server::start(&[]);
    let (status, page) = server.send("GET", "/", None);
    assert_eq!(status, 200);
    let page = String::from_utf8(page).unwrap();
    assert!(page.contains("<title>boardlab</title>"));
    for asset in [
        "style.css",
        "app.js",
        "draughts.js",
        "fifteen.js",
        "memory.js",
        "tour.js",
        "results.js",
    ] {
        assert!(
            page.contains(&format!("/assets/{asset}")),
            "{asset} not linked"
        );
        let (status, _) = server.send("GET", &format!("/assets/{asset}"), None);
        assert_eq!(status, 200, "{asset}");
    }
    // Nothing is fetched from elsewhere.
    assert!(!page.contains("http://") && !page.contains("https://"));
    let info = server.ok("GET", "/api/info", None);
    assert!(
        info["draughts"]["bots"]
            .as_array()
            .unwrap()
            .contains(&json!("damebot"))
    );
    assert_eq!(
        info["fifteen"]["bots"]["classic"].as_array().unwrap().len(),
        2 + 12 + 3
    );
}

#[test]
fn a_person_moves_a_bot_answers_and_undo_takes_both_back() {
    let server = Server::start(&[]);
    let game = server.ok(
        "POST",
        "/api/draughts/games",
        Some(&json!({"black": "damebot"})),
    );
    assert_eq!(game["white"], "person");
    assert_eq!(game["to_move"], "white");
    assert_eq!(game["legal"].as_array().unwrap().len(), 7);
    let id = game["id"].as_u64().unwrap();
    let moved = server.ok(
        "POST",
        &format!("/api/draughts/games/{id}/move"),
        Some(&json!({"move": "c3-d4"})),
    );
    assert_eq!(moved["to_move"], "black");
    assert_eq!(moved["last"]["path"], json!(["c3", "d4"]));
    let answered = server.ok("POST", &format!("/api/draughts/games/{id}/bot"), None);
    assert_eq!(answered["moves"].as_array().unwrap().len(), 2);
    assert!(
        answered["notation"]
            .as_str()
            .unwrap()
            .starts_with("1. c3-d4 ")
    );
    let undone = server.ok("POST", &format!("/api/draughts/games/{id}/undo"), None);
    assert_eq!(undone["moves"], json!([]));
    assert_eq!(undone["fen"], game["fen"]);
    // Asked again after the undo, the bot plays what it played.
    server.ok(
        "POST",
        &format!("/api/draughts/games/{id}/move"),
        Some(&json!({"move": "c3-d4"})),
    );
    let again = server.ok("POST", &format!("/api/draughts/games/{id}/bot"), None);
    assert_eq!(again["moves"], answered["moves"]);
}

#[test]
fn a_multi_capture_is_listed_with_its_path_and_played_by_its_notation() {
    let server = Server::start(&[]);
    // White's man on a1 takes b2 and d4 (landing c3 then e5), as `draughts moves` lists it.
    let game = server.ok(
        "POST",
        "/api/draughts/games",
        Some(&json!({"fen": "W:Wa1:Bb2,d4,h8", "black": "person"})),
    );
    let legal = game["legal"].as_array().unwrap();
    assert_eq!(legal.len(), 1, "{legal:?}");
    assert_eq!(legal[0]["path"], json!(["a1", "c3", "e5"]));
    assert_eq!(legal[0]["captured"], json!(["b2", "d4"]));
    let id = game["id"].as_u64().unwrap();
    let after = server.ok(
        "POST",
        &format!("/api/draughts/games/{id}/move"),
        Some(&json!({"move": "a1:c3:e5"})),
    );
    assert_eq!(after["fen"], "B:We5:Bh8");
}

/// The request of docs/serve.md's example for the national games.
#[test]
fn an_international_capture_is_drawn_and_played_with_numbered_squares() {
    let server = Server::start(&[]);
    let game = server.ok(
        "POST",
        "/api/draughts-variants/games",
        Some(&json!({"rules": "international", "fen": "W:W32:B18,28", "black": "person"})),
    );
    assert_eq!(
        (game["size"].as_u64(), game["square_names"].as_str()),
        (Some(10), Some("numbers"))
    );
    assert_eq!(
        game["legal"],
        json!([{"move": "32x23x12", "from": "32", "to": "12", "path": ["32", "23", "12"],
                "captured": ["18", "28"]}])
    );
    let id = game["id"].as_u64().unwrap();
    let after = server.ok(
        "POST",
        &format!("/api/draughts-variants/games/{id}/move"),
        Some(&json!({"move": "32x12"})),
    );
    assert_eq!(after["notation"], "1. 32x23x12");
    assert_eq!(after["result"]["winner"], "white");
}

#[test]
fn a_won_draughts_game_names_the_winner_and_the_rule() {
    let server = Server::start(&[]);
    // Black's last man is taken: Black has no move.
    let game = server.ok(
        "POST",
        "/api/draughts/games",
        Some(&json!({"fen": "W:Wc3:Bd4", "black": "person"})),
    );
    let id = game["id"].as_u64().unwrap();
    let end = server.ok(
        "POST",
        &format!("/api/draughts/games/{id}/move"),
        Some(&json!({"move": "c3:e5"})),
    );
    assert_eq!(end["result"]["score"], "1-0");
    assert_eq!(end["result"]["winner"], "white");
    assert_eq!(end["result"]["ending"], "no-move");
    assert_eq!(end["legal"], json!([]));
}

#[test]
fn the_fifteen_values_are_the_solved_game_s() {
    let server = Server::start(&[]);
    let game = server.ok(
        "POST",
        "/api/fifteen/games",
        Some(&json!({"first": "person", "second": "person"})),
    );
    let id = game["id"].as_u64().unwrap();
    // Tic-tac-toe: every opening move draws.
    let values = server.ok("GET", &format!("/api/fifteen/games/{id}/values"), None);
    assert_eq!(values["value"], "draw");
    assert!(
        values["values"]
            .as_array()
            .unwrap()
            .iter()
            .all(|v| v["value"] == "draw")
    );
    // The centre (5), then an edge (1 is the top edge of 8 1 6 / 3 5 7 / 4 9 2): the first
    // player wins, and a corner next to the edge (8 or 6) is one winning move.
    for n in [5, 1] {
        server.ok(
            "POST",
            &format!("/api/fifteen/games/{id}/move"),
            Some(&json!({"number": n})),
        );
    }
    let values = server.ok("GET", &format!("/api/fifteen/games/{id}/values"), None);
    assert_eq!(values["value"], "win");
    let of = |n: u64| {
        values["values"]
            .as_array()
            .unwrap()
            .iter()
            .find(|v| v["number"] == n)
            .unwrap()["value"]
            .clone()
    };
    assert_eq!(of(8), "win");
    assert_eq!(values["values"].as_array().unwrap().len(), 7);
}

#[test]
fn a_fifteen_win_shows_its_triple() {
    let server = Server::start(&[]);
    let game = server.ok(
        "POST",
        "/api/fifteen/games",
        Some(&json!({"first": "person", "second": "person"})),
    );
    let id = game["id"].as_u64().unwrap();
    let mut state = Value::Null;
    for n in [8, 1, 6, 3, 2, 7] {
        state = server.ok(
            "POST",
            &format!("/api/fifteen/games/{id}/move"),
            Some(&json!({"number": n})),
        );
    }
    // First holds 8, 6, 2 and second 1, 3, 7: no three of either sum to 15.
    assert!(state["result"].is_null(), "{state}");
    state = server.ok(
        "POST",
        &format!("/api/fifteen/games/{id}/move"),
        Some(&json!({"number": 5})),
    );
    // 8 + 5 + 2 = 15.
    assert_eq!(state["result"]["winner"], "first");
    assert_eq!(state["result"]["line"], json!([2, 5, 8]));
    assert_eq!(state["result"]["score"], "1-0");
}

#[test]
fn every_memory_piece_has_exactly_one_partner_that_has_it() {
    let server = Server::start(&[]);
    let board = server.ok("GET", "/api/chess-memory/board?seed=11&size=8", None);
    let squares = board["squares"].as_array().unwrap();
    assert_eq!(squares.len(), 64);
    let mut pieces = 0;
    for cell in squares.iter().filter(|c| !c["symbol"].is_null()) {
        pieces += 1;
        let partners = cell["attacks"].as_array().unwrap();
        assert_eq!(partners.len(), 1, "{cell}");
        let partner = squares.iter().find(|c| c["square"] == partners[0]).unwrap();
        assert_eq!(partner["symbol"], cell["symbol"]);
        assert_eq!(partner["attacks"], json!([cell["square"]]));
    }
    assert_eq!(pieces, 64);
}

#[test]
fn a_tour_that_gets_stuck_shows_its_dead_end_and_a_large_one_is_summarised() {
    let server = Server::start(&[]);
    // The seed's rule on 5x5 from 2,1 gets stuck: no tour starts on a square of that colour.
    let stuck = server.ok("GET", "/api/knights-tour/tour?size=5&start=2,1", None);
    assert_eq!(stuck["outcome"], "dead_end");
    let path = stuck["path"].as_array().unwrap();
    assert_eq!(stuck["dead_end"], *path.last().unwrap());
    assert!(path.len() < 25);
    let drawn = server.ok("GET", "/api/knights-tour/tour?size=100", None);
    assert_eq!(drawn["drawn"], true);
    assert_eq!(
        drawn["path"].as_array().unwrap().len() as u64,
        drawn["squares_reached"].as_u64().unwrap()
    );
    let large = server.ok("GET", "/api/knights-tour/tour?size=500x400", None);
    assert_eq!(large["drawn"], false);
    assert!(large["path"].is_null());
    assert_eq!(large["squares"], 200_000);
}

#[test]
fn results_folders_are_listed_rendered_and_served() {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("games");
    std::fs::create_dir_all(report.join("charts")).unwrap();
    std::fs::write(
        report.join("REPORT.md"),
        "# Games\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n![wins](charts/wins.svg)\n\n<script>x</script>\n",
    )
    .unwrap();
    std::fs::write(
        report.join("charts/wins.svg"),
        "<svg xmlns='http://www.w3.org/2000/svg'/>",
    )
    .unwrap();
    let server = Server::start(&["--results", dir.path().to_str().unwrap()]);
    let listed = server.ok("GET", "/api/results", None);
    assert_eq!(listed["roots"][0]["reports"], json!(["games"]));
    let shown = server.ok("GET", "/api/results/report?root=0&folder=games", None);
    let html = shown["html"].as_str().unwrap();
    assert!(html.contains("<table>"), "{html}");
    assert!(
        html.contains("src=\"/results/0/games/charts/wins.svg\""),
        "{html}"
    );
    assert!(!html.contains("<script>"), "raw HTML must not pass: {html}");
    assert_eq!(shown["charts"], json!(["/results/0/games/charts/wins.svg"]));
    let (status, bytes) = server.send("GET", "/results/0/games/charts/wins.svg", None);
    assert_eq!(status, 200);
    assert!(String::from_utf8(bytes).unwrap().starts_with("<svg"));
}

#[test]
fn a_folder_without_a_report_is_shown_by_its_readme() {
    let dir = tempfile::tempdir().unwrap();
    let write = |path: &str, text: &str| {
        let path = dir.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write("counts/README.md", "# How many boards\n\ncounted\n");
    write("study/REPORT.md", "# The report\n");
    write("study/README.md", "# The folder's notes\n");
    write("data/draws.csv", "a\n1\n");
    let server = Server::start(&["--results", dir.path().to_str().unwrap()]);
    let listed = server.ok("GET", "/api/results", None);
    // A folder with neither document is not listed.
    assert_eq!(listed["roots"][0]["reports"], json!(["counts", "study"]));
    let counts = server.ok("GET", "/api/results/report?root=0&folder=counts", None);
    assert!(counts["html"].as_str().unwrap().contains("How many boards"));
    // Where both are there, the report is shown.
    let study = server.ok("GET", "/api/results/report?root=0&folder=study", None);
    let html = study["html"].as_str().unwrap();
    assert!(
        html.contains("The report") && !html.contains("notes"),
        "{html}"
    );
    let (status, body) = server.send("GET", "/api/results/report?root=0&folder=data", None);
    assert_eq!(status, 404);
    let message = String::from_utf8(body).unwrap();
    assert!(
        message.contains("no REPORT.md or README.md in"),
        "{message}"
    );
}

#[test]
fn a_full_store_forgets_its_least_recently_used_game() {
    let server = Server::start(&["--max-games", "2"]);
    let ids: Vec<u64> = (0..3)
        .map(|_| {
            server.ok("POST", "/api/draughts/games", Some(&json!({})))["id"]
                .as_u64()
                .unwrap()
        })
        .collect();
    let message = server.error("GET", &format!("/api/draughts/games/{}", ids[0]), None, 404);
    assert!(message.contains("forgotten"), "{message}");
    server.ok("GET", &format!("/api/draughts/games/{}", ids[2]), None);
}

#[test]
fn the_server_listens_on_the_loopback_address_only_by_default() {
    let server = Server::start(&[]);
    // /proc/net/tcp lists listening sockets (state 0A) as hex ADDRESS:PORT, 127.0.0.1 being
    // 0100007F.
    let table = std::fs::read_to_string("/proc/net/tcp").unwrap();
    let port = format!(":{:04X}", server.port);
    let listening: Vec<&str> = table
        .lines()
        .skip(1)
        .filter_map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            (fields[1].ends_with(&port) && fields[3] == "0A").then_some(fields[1])
        })
        .collect();
    assert_eq!(listening, [format!("0100007F{port}")]);
    let ipv6 = std::fs::read_to_string("/proc/net/tcp6").unwrap_or_default();
    assert!(!ipv6.lines().skip(1).any(|line| {
        line.split_whitespace()
            .nth(1)
            .is_some_and(|a| a.ends_with(&port))
    }));
}
