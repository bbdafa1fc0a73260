//! The server driven in process, without a socket (axum's `testing` example): [`app`]'s router
//! answers requests as the page sends them.

use super::app;
use super::draughts_variants::PLAY_STREAM as VARIANT_PLAY_STREAM;
use super::guard::Hosts;
use super::limits::Engine;
use super::results::Roots;
use super::store::Store;
use crate::draughts::game::{Draughts, PLAY_STREAM};
use crate::draughts::variant::Variant;
use crate::draughts::variant::game::VariantGame;
use crate::fifteen::{Fifteen, OddEven};
use crate::game::matches::MatchGame;
use crate::game::{Game, Session, Sitter};
use axum::body::Body;
use axum::http::Request;
use rand_core::Rng;
use serde_json::{Value, json};
use tower::ServiceExt;

/// The status and JSON answer of one request.
async fn send(
    router: &axum::Router,
    method: &str,
    path: &str,
    body: Option<Value>,
) -> (u16, Value) {
    let request = Request::builder()
        .method(method)
        .uri(path)
        .header("content-type", "application/json")
        .header("host", "127.0.0.1")
        .body(body.map_or(Body::empty(), |b| Body::from(b.to_string())))
        .unwrap();
    let response = router.clone().oneshot(request).await.unwrap();
    let status = response.status().as_u16();
    let bytes = axum::body::to_bytes(response.into_body(), 1 << 24)
        .await
        .unwrap();
    (status, serde_json::from_slice(&bytes).unwrap())
}

fn server() -> axum::Router {
    server_with(std::sync::Arc::new(Store::new(10, usize::MAX)))
}

fn server_with(games: std::sync::Arc<Store>) -> axum::Router {
    app(
        Roots::open(&Some(Vec::new())).unwrap(),
        games,
        std::sync::Arc::new(Engine::new(2)),
        std::sync::Arc::new(Hosts::for_address(std::net::Ipv4Addr::LOCALHOST.into())),
        std::sync::Arc::default(),
    )
}

/// The moves of a state as the text a person would type.
fn moves(state: &Value) -> Vec<String> {
    let list = state["moves"].as_array().unwrap();
    list.iter()
        .map(|m| m.as_str().map_or_else(|| m.to_string(), String::from))
        .collect()
}

/// A mirrored board, a king's limited moves, and the largest board.
const MIXED_VARIANTS: [Variant; 3] = [Variant::Spanish, Variant::Frisian, Variant::Canadian];

/// A person against a bot through the API, with undo at random points, next to the library's
/// own session doing the same: after every request the two hold the same moves.
async fn random_play_with_undo<G: MatchGame<Move: std::fmt::Display> + Clone>(
    router: &axum::Router,
    path: &str,
    body: Value,
    mut library: Session<G>,
    seed: u64,
) {
    let (status, mut state) = send(router, "POST", path, Some(body)).await;
    assert_eq!(status, 201, "{state}");
    let url = state["url"].as_str().unwrap().to_string();
    let mut chance = crate::rng::stream(seed, "tests/serve-undo", 0);
    for step in 0..60 {
        let (status, next) = if chance.next_u64().is_multiple_of(4) {
            let expected = library.undo();
            let answer = send(router, "POST", &format!("{url}/undo"), None).await;
            assert_eq!(
                answer.0 == 200,
                expected.is_ok(),
                "step {step}: {}",
                answer.1
            );
            answer
        } else if !state["result"].is_null() {
            continue;
        } else if let Sitter::Bot(_) = library.sitter_to_move() {
            library.play_bot().unwrap();
            send(router, "POST", &format!("{url}/bot"), None).await
        } else {
            let legal = library.legal();
            let mv = &legal[crate::rng::below(&mut chance, legal.len() as u64) as usize];
            let text = library.game().move_text(library.position(), mv);
            library.person_move(&text).unwrap();
            let field = if path.contains("fifteen") {
                "number"
            } else {
                "move"
            };
            let body = json!({ field: text });
            send(router, "POST", &format!("{url}/move"), Some(body)).await
        };
        if status == 200 {
            state = next;
        }
        let held: Vec<String> = library.moves().iter().map(|mv| mv.to_string()).collect();
        assert_eq!(moves(&state), held, "step {step}");
    }
}

#[tokio::test]
async fn a_game_in_the_page_is_the_library_session_through_moves_bots_and_undo() {
    let router = server();
    for seed in 1..4 {
        let seats = [Sitter::Person, Sitter::Bot("random".into())];
        let game = Draughts::default();
        let library = Session::new(game, game.start(), seats.clone(), seed, PLAY_STREAM);
        let body = json!({"white": "person", "black": "random", "seed": seed});
        random_play_with_undo(&router, "/api/draughts/games", body, library, seed).await;

        let seats = [Sitter::Bot("alphabeta:2".into()), Sitter::Person];
        let game = VariantGame::new(MIXED_VARIANTS[seed as usize - 1], 400);
        let start = game.start();
        let library = Session::new(game, start, seats, seed, VARIANT_PLAY_STREAM);
        let body = json!({"rules": game.variant().name(), "white": "alphabeta:2",
                          "black": "person", "seed": seed});
        let path = "/api/draughts-variants/games";
        random_play_with_undo(&router, path, body, library, seed).await;

        let seats = [Sitter::Bot("random".into()), Sitter::Person];
        let game = Fifteen(OddEven);
        let start = crate::fifteen::Position::START;
        let library = Session::new(game, start, seats, seed, crate::fifteen::game::PLAY_STREAM);
        let body = json!({"first": "random", "second": "person", "seed": seed});
        random_play_with_undo(&router, "/api/fifteen-odd-even/games", body, library, seed).await;
    }
}

#[tokio::test]
async fn each_variant_of_fifteen_is_its_own_game_at_its_own_address() {
    let router = server();
    let (status, odd_even) = send(
        &router,
        "POST",
        "/api/fifteen-odd-even/games",
        Some(json!({})),
    )
    .await;
    assert_eq!(status, 201);
    let id = odd_even["id"].as_u64().unwrap();
    assert_eq!(odd_even["url"], format!("/api/fifteen-odd-even/games/{id}"));
    assert_eq!(odd_even["variant"], "odd-even");
    assert_eq!(odd_even["legal"], json!([1, 3, 5, 7, 9]));
    // The classic game's address does not know it.
    let (status, _) = send(&router, "GET", &format!("/api/fifteen/games/{id}"), None).await;
    assert_eq!(status, 404);
    let (status, error) = send(
        &router,
        "POST",
        "/api/fifteen/games",
        Some(json!({"variant": "odd-even"})),
    )
    .await;
    assert_eq!(status, 400);
    let message = error["error"].as_str().unwrap();
    assert!(
        message.contains("POST /api/fifteen-odd-even/games"),
        "{message}"
    );
    let (_, info) = send(&router, "GET", "/api/info", None).await;
    assert_eq!(
        info["fifteen"]["games"]["odd-even"],
        "/api/fifteen-odd-even/games"
    );
    assert_eq!(info["draughts"]["games"], "/api/draughts/games");
}

/// Plays a game of two `random` bots to its end through the API; its id and plies.
async fn bots_to_the_end(
    router: &axum::Router,
    seed: u64,
    games: &Store,
    budget: usize,
) -> (u64, usize) {
    let body = json!({"white": "random", "black": "random", "seed": seed, "max_plies": 10000});
    let (status, mut state) = send(router, "POST", "/api/draughts/games", Some(body)).await;
    assert_eq!(status, 201, "{state}");
    let url = state["url"].as_str().unwrap().to_string();
    while state["result"].is_null() {
        let (status, next) = send(router, "POST", &format!("{url}/bot"), None).await;
        assert_eq!(status, 200, "{next}");
        assert!(games.bytes() <= budget, "{} bytes kept", games.bytes());
        state = next;
    }
    let id = state["id"].as_u64().unwrap();
    (id, moves(&state).len())
}

#[tokio::test]
async fn long_games_past_the_memory_budget_forget_the_least_recently_used() {
    let budget = 48 << 10;
    let games = std::sync::Arc::new(Store::new(1000, budget));
    let router = server_with(games.clone());
    let mut played = Vec::new();
    let mut plies = 0;
    while plies < 4000 {
        let (id, length) = bots_to_the_end(&router, played.len() as u64, &games, budget).await;
        played.push(id);
        plies += length;
    }
    // Far fewer games than --max-games, yet the first were forgotten to keep the budget.
    let kept: Vec<u64> = played
        .iter()
        .copied()
        .filter(|&id| games.with(id, |_: &mut Session<Draughts>| ()).is_ok())
        .collect();
    assert!(
        kept.len() < played.len(),
        "{} games, all kept",
        played.len()
    );
    assert_eq!(
        kept,
        played[played.len() - kept.len()..],
        "the most recent are kept"
    );
    let (status, _) = send(
        &router,
        "GET",
        &format!("/api/draughts/games/{}", played[0]),
        None,
    )
    .await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn a_national_game_is_drawn_at_its_size_with_its_square_names() {
    let router = server();
    let path = "/api/draughts-variants/games";
    let (status, state) = send(&router, "POST", path, Some(json!({"black": "person"}))).await;
    assert_eq!(status, 201, "{state}");
    assert_eq!(state["rules"], "international");
    assert_eq!(state["size"], 10);
    assert_eq!(state["square_names"], "numbers");
    let squares = state["squares"].as_array().unwrap();
    assert_eq!(squares.len(), 50);
    // PDN: 1 is b10, at the top; 46 is a1 at the bottom left; 50 is i1.
    let at = |name: &str| {
        let square = squares.iter().find(|s| s["name"] == name).unwrap();
        (
            square["row"].as_u64().unwrap(),
            square["col"].as_u64().unwrap(),
        )
    };
    assert_eq!((at("1"), at("46"), at("50")), ((0, 1), (9, 0), (9, 8)));
    assert_eq!(state["pieces"].as_array().unwrap().len(), 40);
    let list = |squares: std::ops::RangeInclusive<u32>| {
        squares.map(|s| s.to_string()).collect::<Vec<_>>().join(",")
    };
    assert_eq!(
        state["start"],
        format!("W:W{}:B{}", list(31..=50), list(1..=20))
    );
    let legal: Vec<&str> = (state["legal"].as_array().unwrap().iter())
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    assert_eq!(legal.len(), 9);
    assert!(legal.contains(&"32-28"), "{legal:?}");

    // A capture from a FEN, made and written as its players write it.
    let body = json!({"fen": "W:W32:B28", "black": "person", "rules": "international"});
    let (status, state) = send(&router, "POST", path, Some(body)).await;
    assert_eq!(status, 201, "{state}");
    let url = state["url"].as_str().unwrap();
    assert_eq!(state["legal"][0]["path"], json!(["32", "23"]));
    assert_eq!(state["legal"][0]["captured"], json!(["28"]));
    let (status, state) = send(
        &router,
        "POST",
        &format!("{url}/move"),
        Some(json!({"move": "32x23"})),
    )
    .await;
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["notation"], "1. 32x23");
    assert_eq!(state["moves"], json!(["32x23"]));
    assert_eq!(state["result"]["score"], "1-0");

    // Spanish is played on the mirrored board, named by number from its own top left.
    let body = json!({"rules": "spanish"});
    let (_, state) = send(&router, "POST", path, Some(body)).await;
    assert_eq!(
        (
            state["size"].as_u64(),
            state["squares"].as_array().unwrap().len()
        ),
        (Some(8), 32)
    );
    let (_, canadian) = send(&router, "POST", path, Some(json!({"rules": "canadian"}))).await;
    assert_eq!(
        (
            canadian["size"].as_u64(),
            canadian["pieces"].as_array().unwrap().len()
        ),
        (Some(12), 60)
    );
}

#[tokio::test]
async fn a_national_game_refuses_what_it_cannot_play_in_one_line() {
    let router = server();
    let path = "/api/draughts-variants/games";
    for (body, expected) in [
        (json!({"rules": "polish"}), "rules: "),
        (
            json!({"black": "damebot"}),
            "black: bot `damebot` plays only",
        ),
        (
            json!({"white": "alphabeta:12"}),
            "white: alphabeta:12 searches deeper",
        ),
        (json!({"fen": "W:Wb1:B14"}), "fen: "),
        (json!({"rules": "russian", "fen": "W:W45:B1"}), "fen: "),
    ] {
        let (status, answer) = send(&router, "POST", path, Some(body.clone())).await;
        assert_eq!(status, 400, "{body}: {answer}");
        let message = answer["error"].as_str().unwrap();
        assert!(message.starts_with(expected), "{body}: {message}");
        assert!(!message.contains('\n'), "{message}");
    }
    let (_, info) = send(&router, "GET", "/api/info", None).await;
    assert_eq!(info["draughts_variants"]["games"], path);
    assert_eq!(
        info["draughts_variants"]["rules"].as_array().unwrap().len(),
        12
    );
}
