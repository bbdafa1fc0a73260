//! Hub engines on the page (`boardlab serve --engine NAME=COMMAND`), with boardlab's own
//! `draughts hub` as the engine: offered by name for the national rule sets, playing a
//! person's game; a broken engine (`--fault`, a hidden test mode) ending its game as its loss
//! with the reason in the state while the server goes on; and bad `--engine` options refused
//! in one line; and a DXP engine (`--engine NAME=dxp:COMMAND`) playing an international game.

use super::Server;
use crate::common::boardlab;
use serde_json::{Value, json};

/// `NAME=COMMAND` of this build's engine with `engine_args`.
fn engine(name: &str, engine_args: &str) -> String {
    let binary = shlex::try_quote(env!("CARGO_BIN_EXE_boardlab")).unwrap();
    format!("{name}={binary} draughts hub {engine_args}")
}

const GAMES: &str = "/api/draughts-variants/games";

/// A new national game with `body`, and its address.
fn new_game(server: &Server, body: Value) -> (Value, String) {
    let game = server.ok("POST", GAMES, Some(&body));
    let url = game["url"].as_str().unwrap().to_string();
    (game, url)
}

#[test]
fn an_engine_is_offered_by_name_for_the_national_rule_sets_and_plays_a_person() {
    let server = Server::start(&["--engine", &engine("bl", "--bot random")]);
    let info = server.ok("GET", "/api/info", None);
    let national = &info["draughts_variants"];
    assert_eq!(national["engines"], json!(["bl"]));
    let bots = national["bots"].as_array().unwrap();
    assert_eq!(bots.last(), Some(&json!("bl")), "{bots:?}");
    assert!(bots.contains(&json!("alphabeta:4")), "the bots stay");
    let czech = info["draughts"]["bots"].as_array().unwrap();
    assert!(!czech.contains(&json!("bl")), "Czech rules take no engine");

    let body = json!({"rules": "international", "white": "person", "black": "bl"});
    let (game, url) = new_game(&server, body);
    assert_eq!(
        (game["white"].as_str(), game["black"].as_str()),
        (Some("person"), Some("bl"))
    );
    server.ok(
        "POST",
        &format!("{url}/move"),
        Some(&json!({"move": "32-28"})),
    );
    let answer = server.ok("POST", &format!("{url}/bot"), None);
    assert_eq!(answer["moves"].as_array().unwrap().len(), 2, "{answer}");
    assert!(answer["result"].is_null(), "{answer}");
    // The engine's move was checked by the server against the rules; it is Black's.
    let reply = answer["moves"][1].as_str().unwrap();
    let first: u32 = reply.split(['-', 'x']).next().unwrap().parse().unwrap();
    assert!((1..=20).contains(&first), "a black man moved: {reply}");
    let pdn = String::from_utf8(server.send("GET", &format!("{url}/pdn"), None).1).unwrap();
    assert!(pdn.contains("[Black \"bl\"]"), "{pdn}");

    // Two engines watched: a whole short game, under another rule set.
    let body = json!({"rules": "russian", "white": "bl", "black": "bl", "max_plies": 12});
    let (_, url) = new_game(&server, body);
    let mut state = Value::Null;
    for _ in 0..12 {
        state = server.ok("POST", &format!("{url}/bot"), None);
    }
    assert_eq!(state["moves"].as_array().unwrap().len(), 12, "{state}");
    assert_eq!(state["result"]["ending"], "ply-cap", "{state}");
}

#[test]
fn an_engine_fault_ends_its_game_as_its_loss_and_the_server_goes_on() {
    for (breakage, fault) in [
        ("crash", "crash"),
        ("illegal", "illegal"),
        ("garbage", "garbage"),
    ] {
        let server = Server::start(&[
            "--engine",
            &engine("broken", &format!("--bot random --fault {breakage}")),
        ]);
        let body = json!({"rules": "international", "white": "broken", "black": "person"});
        let (_, url) = new_game(&server, body);
        let over = server.ok("POST", &format!("{url}/bot"), None);
        let result = &over["result"];
        assert_eq!(result["ending"], "forfeit", "{breakage}: {over}");
        assert_eq!(
            (result["winner"].as_str(), result["score"].as_str()),
            (Some("black"), Some("0-1"))
        );
        let text = result["text"].as_str().unwrap();
        assert!(
            text.contains(&format!("forfeit ({fault})")) && text.contains("broken"),
            "{text}"
        );
        assert!(over["legal"].as_array().unwrap().is_empty());
        assert!(over["moves"].as_array().unwrap().is_empty());
        let again = server.error("POST", &format!("{url}/bot"), None, 409);
        assert!(again.contains("game is over"), "{again}");
        // Undo takes the forfeit back: the engine is to move again.
        let back = server.ok("POST", &format!("{url}/undo"), None);
        assert!(back["result"].is_null(), "{back}");
        server.ok("GET", "/api/info", None);
    }
}

#[test]
fn a_request_names_engines_only_by_name_and_only_for_the_national_rule_sets() {
    let server = Server::start(&["--engine", &engine("bl", "--bot random")]);
    let binary = env!("CARGO_BIN_EXE_boardlab");
    let command = json!({"black": format!("hub:{binary} draughts hub")});
    let refused = server.error("POST", GAMES, Some(&command), 400);
    assert!(refused.starts_with("black: "), "{refused}");
    let czech = json!({"rules": "czech", "black": "bl"});
    let refused = server.error("POST", "/api/draughts/games", Some(&czech), 400);
    assert!(refused.contains("bl"), "{refused}");
}

#[test]
fn bad_engine_options_are_refused_in_one_line() {
    for (option, reason) in [
        ("scan".to_string(), "expected NAME=COMMAND"),
        ("alphabeta:4=scan hub".into(), "NAME is 1 to 32"),
        ("random=scan hub".into(), "is a player's name already"),
        ("scan=".into(), "the command is empty"),
        ("scan=/no/such/engine hub".into(), "is not found"),
        ("moby=dxp:mobydam -c 127.0.0.1".into(), "has no `{port}`"),
    ] {
        let output = boardlab()
            .args(["serve", "--port", "0", "--engine", &option])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{option}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains(reason), "{option}: {stderr}");
    }
    let bl = engine("bl", "--bot random");
    for (other, reason) in [
        (engine("bl", "--bot alphabeta:2"), "the NAME is given twice"),
        (
            engine("bl2", "--bot random"),
            "the same COMMAND as --engine bl",
        ),
    ] {
        let output = boardlab()
            .args(["serve", "--port", "0", "--engine", &bl, "--engine", &other])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2));
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(
            stderr.contains(reason) && stderr.trim().lines().count() == 1,
            "{stderr}"
        );
    }
}

#[test]
fn a_dxp_engine_is_offered_by_name_and_plays_a_whole_international_game() {
    let binary = shlex::try_quote(env!("CARGO_BIN_EXE_boardlab")).unwrap();
    let dxp =
        format!("dx=dxp:{binary} draughts dxp --bot alphabeta:1 --connect 127.0.0.1:{{port}}");
    let server = Server::start(&["--engine", &dxp]);
    let info = server.ok("GET", "/api/info", None);
    assert_eq!(info["draughts_variants"]["engines"], json!(["dx"]));
    // Against a bot, the engine asked each move from the position of that moment.
    let body = json!({"rules": "international", "white": "dx", "black": "random", "max_plies": 16});
    let (_, url) = new_game(&server, body);
    let mut state = Value::Null;
    for _ in 0..16 {
        state = server.ok("POST", &format!("{url}/bot"), None);
    }
    assert_eq!(state["moves"].as_array().unwrap().len(), 16, "{state}");
    assert_eq!(state["result"]["ending"], "ply-cap", "{state}");
    assert!(!state.to_string().contains("forfeit"), "{state}");
}
