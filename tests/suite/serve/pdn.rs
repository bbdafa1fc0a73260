//! `GET {games}/{id}/pdn`, what the page's "Copy PDN" copies: the tags the page's game has
//! (checked against the game's own state, and the result against the PDN standard's result
//! tokens) and moves that `boardlab draughts replay` reads back to the board the server
//! reached, from the start and from a FEN with Black to move.

use super::{Server, play_out};
use crate::common::boardlab;
use serde_json::{Value, json};

/// The value of tag `name` in `pdn`, if the tag is there.
fn tag<'a>(pdn: &'a str, name: &str) -> Option<&'a str> {
    let head = format!("[{name} \"");
    pdn.lines()
        .find_map(|line| line.strip_prefix(&head)?.strip_suffix("\"]"))
}

/// `boardlab draughts replay -` of `pdn`: its report, which must succeed.
fn replay(pdn: &str) -> String {
    let output = boardlab()
        .args(["draughts", "replay", "-"])
        .write_stdin(pdn)
        .output()
        .unwrap();
    assert!(output.status.success(), "{pdn}\n{output:?}");
    String::from_utf8(output.stdout).unwrap()
}

/// A FEN's side to move and the pieces of each colour, in any order (the 8×8 engine lists
/// them from a1, the national games' notation from the top).
fn pieces(fen: &str) -> Vec<Vec<&str>> {
    fen.split(':')
        .map(|part| {
            // The colour letter, then its squares.
            let (colour, squares) = part.split_at(1);
            let mut squares: Vec<&str> = squares.split(',').chain([colour]).collect();
            squares.sort_unstable();
            squares
        })
        .collect()
}

/// The PDN result token of a finished game's state (PDN 3.0, `doc/pdntags.rst`: `2-0`,
/// `1-1`, `0-2` in international draughts, `1-0`, `1/2-1/2`, `0-1` in the others).
fn result_token(state: &Value, international: bool) -> &'static str {
    match (state["result"]["winner"].as_str(), international) {
        (Some("white"), false) => "1-0",
        (Some("white"), true) => "2-0",
        (Some("black"), false) => "0-1",
        (Some("black"), true) => "0-2",
        (None, false) => "1/2-1/2",
        (None, true) => "1-1",
        (other, _) => panic!("winner {other:?}"),
    }
}

#[test]
fn a_finished_page_game_as_pdn_has_its_tags_and_replays_to_its_end() {
    let server = Server::start(&[]);
    // (games, request, GameType, international result tokens, a FEN tag)
    let cases = [
        (
            "draughts",
            json!({"rules": "czech", "white": "random", "black": "damebot", "seed": 3,
                   "max_plies": 40}),
            "29",
            false,
            false,
        ),
        (
            "draughts-variants",
            json!({"rules": "international", "white": "random", "black": "alphabeta:1",
                   "seed": 2, "max_plies": 40}),
            "20",
            true,
            false,
        ),
        (
            "draughts-variants",
            json!({"rules": "russian", "white": "random", "black": "random", "seed": 6,
                   "max_plies": 30, "fen": "B:Wa1,c1,e1,g1,c3,e3:Bb8,d8,f8,h8,d6,f6"}),
            "25",
            false,
            true,
        ),
    ];
    for (games, body, game_type, international, from_fen) in cases {
        let created = server.ok("POST", &format!("/api/{games}/games"), Some(&body));
        let id = created["id"].as_u64().unwrap();
        let end = play_out(&server, games, id);
        let (status, bytes) = server.send("GET", &format!("/api/{games}/games/{id}/pdn"), None);
        let pdn = String::from_utf8(bytes).unwrap();
        assert_eq!(status, 200, "{pdn}");
        assert_eq!(tag(&pdn, "Event"), Some("boardlab page"), "{pdn}");
        assert_eq!(tag(&pdn, "White"), body["white"].as_str(), "{pdn}");
        assert_eq!(tag(&pdn, "Black"), body["black"].as_str(), "{pdn}");
        assert_eq!(tag(&pdn, "GameType"), Some(game_type), "{pdn}");
        let result = result_token(&end, international);
        assert_eq!(tag(&pdn, "Result"), Some(result), "{pdn}");
        assert!(pdn.trim_end().ends_with(result), "{pdn}");
        assert_eq!(tag(&pdn, "SetUp").is_some(), from_fen, "{pdn}");
        assert_eq!(tag(&pdn, "FEN").is_some(), from_fen, "{pdn}");
        let moves = end["moves"].as_array().unwrap().len();
        let report = replay(&pdn);
        assert!(
            report.contains(&format!(
                "({moves} {}), result {result}",
                if moves == 1 { "ply" } else { "plies" }
            )),
            "{report}"
        );
        let fen = end["fen"].as_str().unwrap();
        let replayed = report
            .lines()
            .find_map(|line| line.strip_prefix("  end "))
            .expect("an end line");
        assert_eq!(pieces(replayed), pieces(fen), "{report}\n{fen}");
    }
}

#[test]
fn a_game_going_on_is_written_with_the_result_unknown_and_a_person_s_seat() {
    let server = Server::start(&[]);
    let created = server.ok(
        "POST",
        "/api/draughts/games",
        Some(&json!({"white": "person", "black": "damebot"})),
    );
    let id = created["id"].as_u64().unwrap();
    let url = format!("/api/draughts/games/{id}");
    server.ok(
        "POST",
        &format!("{url}/move"),
        Some(&json!({"move": "c3-d4"})),
    );
    server.ok("POST", &format!("{url}/bot"), None);
    let (status, bytes) = server.send("GET", &format!("{url}/pdn"), None);
    assert_eq!(status, 200);
    let pdn = String::from_utf8(bytes).unwrap();
    assert_eq!(tag(&pdn, "White"), Some("person"), "{pdn}");
    assert_eq!(tag(&pdn, "Black"), Some("damebot"), "{pdn}");
    assert_eq!(tag(&pdn, "Result"), Some("*"), "{pdn}");
    assert!(tag(&pdn, "FEN").is_none(), "{pdn}");
    assert!(pdn.contains("\n1. c3-d4 "), "{pdn}");
    assert!(replay(&pdn).contains("1 move (2 plies), result *"), "{pdn}");
}

#[test]
fn the_pdn_of_a_game_the_server_does_not_hold_is_a_404() {
    let server = Server::start(&[]);
    for games in ["draughts", "draughts-variants"] {
        let message = server.error("GET", &format!("/api/{games}/games/999/pdn"), None, 404);
        assert!(message.contains("999"), "{message}");
    }
}
