//! `GET /api/draughts/games/{id}/values`: the endgame database's value of each legal move,
//! and the `perfect:D` bot in the page, with the database solved in memory
//! (`BOARDLAB_ENDGAMES=memory:3`) or missing. The values are checked against positions worked
//! out by hand: a flying king that takes the last piece wins at once, on every landing square.

use super::Server;
use serde_json::{Value, json};
use std::process::Command;

/// `boardlab serve --port 0` with the database at `endgames`.
fn server(endgames: &str) -> Server {
    let mut command = Command::new(assert_cmd::cargo::cargo_bin("boardlab"));
    command
        .args(["serve", "--port", "0"])
        .env("BOARDLAB_ENDGAMES", endgames);
    Server::spawn(command)
}

/// A game of two persons from `fen` under `rules`; its address.
fn game(server: &Server, rules: &str, fen: &str) -> String {
    let created = server.ok(
        "POST",
        "/api/draughts/games",
        Some(&json!({"rules": rules, "white": "person", "black": "person", "fen": fen})),
    );
    created["url"].as_str().unwrap().to_string()
}

fn move_values(values: &Value) -> Vec<(String, String, Option<u64>)> {
    values["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| {
            (
                v["move"].as_str().unwrap().to_string(),
                v["value"].as_str().unwrap().to_string(),
                v["plies"].as_u64(),
            )
        })
        .collect()
}

#[test]
fn each_move_s_value_comes_from_the_database() {
    let server = server("memory:3");
    let url = game(&server, "czech", "W:WKa1:Bc3");
    let values = server.ok("GET", &format!("{url}/values"), None);
    assert_eq!(values["database"], "memory:3");
    assert_eq!(values["to_move"], "white");
    assert_eq!(values["value"]["value"], "win");
    assert_eq!(values["value"]["plies"], 1);
    let moves = move_values(&values);
    let landings = ["d4", "e5", "f6", "g7", "h8"];
    assert_eq!(moves.len(), landings.len(), "{values}");
    for ((mv, value, plies), landing) in moves.iter().zip(landings) {
        assert_eq!(mv, &format!("a1:{landing}"));
        assert_eq!((value.as_str(), *plies), ("win", Some(1)), "{mv}");
    }
    assert_eq!(values["values"][0]["text"], "win in 1 ply");
    // Once the last piece is taken the game is over: no value, no moves.
    let move_path = format!("{url}/move");
    server.ok("POST", &move_path, Some(&json!({"move": "a1:d4"})));
    let values = server.ok("GET", &format!("{url}/values"), None);
    assert_eq!(values["value"], Value::Null);
    assert_eq!(values["values"], json!([]));
}

#[test]
fn english_kings_are_short_and_the_start_is_outside_the_database() {
    let server = server("memory:3");
    let url = game(&server, "english", "W:WKa1:Bb2");
    let values = server.ok("GET", &format!("{url}/values"), None);
    assert_eq!(
        move_values(&values),
        vec![("a1:c3".to_string(), "win".to_string(), Some(1))]
    );
    let url = game(&server, "czech", "");
    let values = server.ok("GET", &format!("{url}/values"), None);
    assert_eq!(values["value"]["value"], "outside");
    assert_eq!(values["value"]["text"], "outside the database");
    let moves = move_values(&values);
    assert_eq!(moves.len(), 7);
    assert!(moves.iter().all(|(_, value, _)| value == "outside"));
}

/// perfect:2 plays White's won king-against-man ending (a win in 5 plies): after its move the
/// person's value is a loss in 4, so the bot's move was one of the fastest wins.
#[test]
fn the_perfect_bot_plays_the_fastest_win_in_the_page() {
    let server = server("memory:3");
    let created = server.ok(
        "POST",
        "/api/draughts/games",
        Some(&json!({"white": "perfect:2", "black": "person", "fen": "W:WKe1:Bd6"})),
    );
    let url = created["url"].as_str().unwrap();
    assert_eq!(
        server.ok("GET", &format!("{url}/values"), None)["value"]["plies"],
        5
    );
    server.ok("POST", &format!("{url}/bot"), None);
    let values = server.ok("GET", &format!("{url}/values"), None);
    assert_eq!(values["to_move"], "black");
    assert_eq!(values["value"]["value"], "loss");
    assert_eq!(values["value"]["plies"], 4);
}

#[test]
fn a_missing_database_and_other_rules_are_one_line_errors() {
    let server = server("no-such-folder");
    let url = game(&server, "czech", "W:WKa1:Bc3");
    let message = server.error("GET", &format!("{url}/values"), None, 503);
    assert!(message.contains("no-such-folder"), "{message}");
    assert!(message.contains("endgame build"), "{message}");
    let message = server.error(
        "POST",
        "/api/draughts/games",
        Some(&json!({"white": "perfect:2", "black": "person"})),
        400,
    );
    assert!(message.contains("white: perfect:2"), "{message}");
    let server = self::server("memory:2");
    let url = game(&server, "damebot", "W:WKa1:Bc3");
    let message = server.error("GET", &format!("{url}/values"), None, 400);
    assert!(message.contains("czech and english"), "{message}");
    let message = server.error(
        "POST",
        "/api/draughts-variants/games",
        Some(&json!({"rules": "international", "white": "perfect:2", "black": "person"})),
        400,
    );
    assert!(message.contains("perfect:2"), "{message}");
}
