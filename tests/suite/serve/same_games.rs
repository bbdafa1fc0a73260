//! A game played through the API with a seed is the game the command line plays with it:
//! bots against bots are row 0 of `draughts games` / `fifteen games`, a bot against a person
//! draws from the stream of `draughts play`, boards and tours are those of `chess-memory
//! draw` and `knights-tour tour`.

use super::{Server, play_out};
use crate::common::boardlab;
use serde_json::{Value, json};

/// The result and moves of row 0 of a `games` batch printed by the command line.
fn cli_row(args: &[&str]) -> (String, String) {
    let output = boardlab().args(args).output().unwrap();
    assert!(output.status.success(), "{args:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    let row = text.lines().nth(1).expect("a row after the header");
    let fields: Vec<&str> = row.splitn(7, ',').collect();
    (fields[4].to_string(), fields[6].to_string())
}

fn moves_text(state: &Value) -> String {
    state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| match m {
            Value::String(text) => text.clone(),
            other => other.to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn a_draughts_game_between_two_bots_is_row_0_of_draughts_games() {
    let server = Server::start(&[]);
    for (rules, white, black, seed) in [
        ("czech", "random", "alphabeta:2", "5"),
        ("czech", "damebot", "mcts:30", "2"),
        ("english", "alphabeta:3", "random", "7"),
    ] {
        let created = server.ok(
            "POST",
            "/api/draughts/games",
            Some(&json!({"rules": rules, "white": white, "black": black,
                         "seed": seed.parse::<u64>().unwrap()})),
        );
        let id = created["id"].as_u64().unwrap();
        let end = play_out(&server, "draughts", id);
        let (result, moves) = cli_row(&[
            "draughts", "games", white, black, "--games", "1", "--seed", seed, "--rules", rules,
        ]);
        assert_eq!(moves_text(&end), moves, "{white} vs {black}");
        assert_eq!(end["result"]["score"], result.as_str());
    }
}

#[test]
fn a_national_game_between_two_bots_is_row_0_of_draughts_games() {
    let server = Server::start(&[]);
    for (rules, white, black, seed, max_plies) in [
        ("international", "random", "alphabeta:2", "4", "400"),
        ("frisian", "mcts:20", "random", "3", "400"),
        ("canadian", "alphabeta:1", "random", "1", "120"),
    ] {
        let created = server.ok(
            "POST",
            "/api/draughts-variants/games",
            Some(&json!({"rules": rules, "white": white, "black": black,
                         "seed": seed.parse::<u64>().unwrap(),
                         "max_plies": max_plies.parse::<u64>().unwrap()})),
        );
        let id = created["id"].as_u64().unwrap();
        let end = play_out(&server, "draughts-variants", id);
        let (result, moves) = cli_row(&[
            "draughts",
            "games",
            white,
            black,
            "--games",
            "1",
            "--seed",
            seed,
            "--rules",
            rules,
            "--max-plies",
            max_plies,
        ]);
        assert_eq!(moves_text(&end), moves, "{rules}: {white} vs {black}");
        assert_eq!(end["result"]["score"], result.as_str());
    }
}

#[test]
fn a_fifteen_game_between_two_bots_is_row_0_of_fifteen_games() {
    let server = Server::start(&[]);
    for (variant, first, second, seed) in [
        ("classic", "article:own:random", "mcts:40", "3"),
        ("classic", "random", "newell-simon", "8"),
        ("odd-even", "random", "perfect", "4"),
    ] {
        // Each variant is a game of its own, at its own address.
        let games = match variant {
            "odd-even" => "/api/fifteen-odd-even/games",
            _ => "/api/fifteen/games",
        };
        let created = server.ok(
            "POST",
            games,
            Some(
                &json!({"variant": variant, "first": first, "second": second,
                         "seed": seed.parse::<u64>().unwrap()}),
            ),
        );
        let kind = games.trim_start_matches("/api/").trim_end_matches("/games");
        let end = play_out(&server, kind, created["id"].as_u64().unwrap());
        let (result, moves) = cli_row(&[
            "fifteen",
            "games",
            first,
            second,
            "--games",
            "1",
            "--seed",
            seed,
            "--variant",
            variant,
        ]);
        assert_eq!(moves_text(&end), moves, "{first} vs {second}");
        assert_eq!(end["result"]["score"], result.as_str());
    }
}

#[test]
fn a_bot_against_a_person_draws_from_the_stream_of_draughts_play() {
    use boardlab::draughts::bots::BotSpec;
    use boardlab::draughts::game::Draughts;
    use boardlab::draughts::{Move, MoveText, Rules};
    use boardlab::game::Game;
    let server = Server::start(&[]);
    let created = server.ok(
        "POST",
        "/api/draughts/games",
        Some(&json!({"white": "person", "black": "mcts:25", "seed": 9})),
    );
    let id = created["id"].as_u64().unwrap();
    // The same game played here with the library, as `draughts play --seed 9` plays it.
    let game = Draughts::default();
    let mut position = game.start();
    let mut bot = "mcts:25"
        .parse::<BotSpec>()
        .unwrap()
        .player(Rules::Czech)
        .unwrap();
    let mut rng = boardlab::rng::stream(9, "draughts/play", 0);
    let mut legal: Vec<Move> = Vec::new();
    let mut state = created;
    for _ in 0..6 {
        // The person plays the first legal move the server lists.
        let person = state["legal"][0]["move"].as_str().unwrap().to_string();
        game.legal_moves(&position, &mut legal);
        let mv = MoveText::parse(&person)
            .unwrap()
            .resolve(&legal, &person)
            .unwrap();
        position = game.play(&position, &mv);
        server.ok(
            "POST",
            &format!("/api/draughts/games/{id}/move"),
            Some(&json!({"move": person})),
        );
        let reply = bot.choose(&game, &position, &mut rng);
        position = game.play(&position, &reply);
        state = server.ok("POST", &format!("/api/draughts/games/{id}/bot"), None);
        assert_eq!(state["last"]["move"], reply.to_string().as_str());
    }
}

#[test]
fn a_fifteen_bot_against_a_person_draws_from_the_stream_of_fifteen_play() {
    use boardlab::fifteen::{Bot, Classic, Fifteen, Position, Variant};
    use boardlab::game::Player;
    let server = Server::start(&[]);
    let created = server.ok(
        "POST",
        "/api/fifteen/games",
        Some(&json!({"first": "mcts:50", "second": "person", "seed": 6})),
    );
    let id = created["id"].as_u64().unwrap();
    // The same game played here with the library, as `fifteen play --seed 6` plays it.
    let game = Fifteen(Classic);
    let mut position = Position::START;
    let mut bot = Bot::parse("mcts:50", Variant::Classic).unwrap();
    let mut rng = boardlab::rng::stream(6, "fifteen/play", 0);
    let mut state = created;
    while state["result"].is_null() {
        let choice = bot.choose(&game, &position, &mut rng);
        position = position.with(choice);
        state = server.ok("POST", &format!("/api/fifteen/games/{id}/bot"), None);
        assert_eq!(state["moves"].as_array().unwrap().last().unwrap(), choice);
        if !state["result"].is_null() {
            break;
        }
        // The person takes the smallest free number.
        let number = state["legal"][0].as_u64().unwrap() as u8;
        position = position.with(number);
        state = server.ok(
            "POST",
            &format!("/api/fifteen/games/{id}/move"),
            Some(&json!({"number": number})),
        );
    }
}

#[test]
fn a_chess_memory_board_is_the_board_of_chess_memory_draw() {
    let server = Server::start(&[]);
    for (query, args) in [
        ("seed=3", vec!["--seed", "3"]),
        (
            "order=RBNQ&size=6&algorithm=fc&seed=2&index=1",
            vec![
                "--order",
                "RBNQ",
                "--board-size",
                "6",
                "--algorithm",
                "fc",
                "--seed",
                "2",
                "--index",
                "1",
            ],
        ),
        (
            "rng=mulberry32&seed=1",
            vec!["--rng", "mulberry32", "--seed", "1"],
        ),
        (
            "size=4&algorithm=uniform&seed=5&index=7",
            vec![
                "--board-size",
                "4",
                "--algorithm",
                "uniform",
                "--seed",
                "5",
                "--index",
                "7",
            ],
        ),
    ] {
        let board = server.ok("GET", &format!("/api/chess-memory/board?{query}"), None);
        let output = boardlab()
            .args(["chess-memory", "draw", "--format", "fen"])
            .args(&args)
            .output()
            .unwrap();
        let text = String::from_utf8(output.stdout).unwrap();
        assert_eq!(
            board["fen"].as_str().unwrap().trim(),
            text.lines().next().unwrap()
        );
        // The command the page shows draws the same board.
        let shown: Vec<String> = board["command"]
            .as_str()
            .unwrap()
            .split_whitespace()
            .skip(1)
            .map(String::from)
            .collect();
        let again = boardlab().args(&shown).output().unwrap();
        assert_eq!(String::from_utf8(again.stdout).unwrap(), text, "{shown:?}");
    }
}

#[test]
fn a_knights_tour_is_the_tour_of_knights_tour_tour() {
    let server = Server::start(&[]);
    for (query, args) in [
        (
            "size=8&start=1,1&rule=seed",
            vec!["--size", "8", "--start", "1,1", "--rule", "seed"],
        ),
        (
            "size=10x7&start=3,2&rule=random&seed=4",
            vec![
                "--size", "10x7", "--start", "3,2", "--rule", "random", "--seed", "4",
            ],
        ),
    ] {
        let tour = server.ok("GET", &format!("/api/knights-tour/tour?{query}"), None);
        let output = boardlab()
            .args(["knights-tour", "tour", "--json"])
            .args(&args)
            .output()
            .unwrap();
        let cli: Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(tour["path"], cli["path"], "{query}");
        assert_eq!(tour["outcome"], cli["outcome"], "{query}");
    }
}

/// The page's move record (`notation`, what "Copy moves" copies) is read back by `boardlab
/// draughts moves --play`, move numbers and all, to the position the server reached; also
/// from a FEN where Black moves first (`1... `).
#[test]
fn the_draughts_record_is_read_back_by_draughts_moves_play() {
    let server = Server::start(&[]);
    for body in [
        json!({"white": "random", "black": "damebot", "seed": 3, "max_plies": 30}),
        json!({"white": "random", "black": "random", "seed": 5, "max_plies": 20,
               "fen": "B:Wa1,c1,e1,g1,c3,e3:Bb8,d8,f8,h8,d6,f6"}),
    ] {
        let created = server.ok("POST", "/api/draughts/games", Some(&body));
        let end = play_out(&server, "draughts", created["id"].as_u64().unwrap());
        let record = end["notation"].as_str().unwrap();
        assert!(
            record.starts_with("1. ") || record.starts_with("1... "),
            "{record}"
        );
        let output = boardlab()
            .args(["draughts", "moves", end["start"].as_str().unwrap()])
            .args(["--play", record, "--json"])
            .output()
            .unwrap();
        assert!(output.status.success(), "{record}: {output:?}");
        let listed: Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(listed["position"], end["fen"], "{record}");
    }
}

/// The same for the national games, from their start and from a FEN with Black to move.
#[test]
fn a_national_game_s_record_is_read_back_by_draughts_moves_play() {
    let server = Server::start(&[]);
    for body in [
        json!({"rules": "international", "white": "random", "black": "alphabeta:1", "seed": 2,
               "max_plies": 40}),
        json!({"rules": "russian", "white": "random", "black": "random", "seed": 6,
               "max_plies": 30, "fen": "B:Wa1,c1,e1,g1,c3,e3:Bb8,d8,f8,h8,d6,f6"}),
    ] {
        let rules = body["rules"].as_str().unwrap().to_string();
        let created = server.ok("POST", "/api/draughts-variants/games", Some(&body));
        let end = play_out(
            &server,
            "draughts-variants",
            created["id"].as_u64().unwrap(),
        );
        let record = end["notation"].as_str().unwrap();
        let output = boardlab()
            .args(["draughts", "moves", "--rules", &rules])
            .arg(end["start"].as_str().unwrap())
            .args(["--play", record, "--json"])
            .output()
            .unwrap();
        assert!(output.status.success(), "{record}: {output:?}");
        let listed: Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(listed["position"], end["fen"], "{record}");
    }
}
