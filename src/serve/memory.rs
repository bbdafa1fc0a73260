//! The ChessMemory endpoint: one board from any generator and seed, as
//! `boardlab chess-memory draw` draws it, with what the memory game needs: each piece's
//! partner (the one piece of its symbol it attacks) and the command that draws it again.

use super::api_error::QueryArgs;
use super::limits::{MAX_BOARD_ITERATIONS, MAX_SEED};
use super::{ApiError, App};
use crate::chess_memory::board::{BoardFormat, BoardSize, format_board};
use crate::chess_memory::board_view::board_view;
use crate::chess_memory::search::{
    Algorithm, Draw, Outcome, RestartPolicy, RngChoice, SearchConfig, SeedReplayPicker, draw,
};
use axum::Json;
use axum::extract::{Query, State};
use serde::Deserialize;
use serde_json::{Value, json};
use std::sync::Arc;

pub fn info() -> Value {
    json!({
        "algorithms": Algorithm::ALL.iter().map(|a| a.name()).collect::<Vec<_>>(),
        "generators": RngChoice::ALL.iter().map(|r| r.name()).collect::<Vec<_>>(),
        "orders": ["QNBR", "RBNQ", "NQRB", "BRQN"],
        "sizes": (BoardSize::MIN..=BoardSize::MAX).collect::<Vec<_>>(),
        "max_iterations": MAX_BOARD_ITERATIONS,
    })
}

/// `GET /api/chess-memory/board?order=QNBR&size=8&algorithm=seed&seed=1`: the options of
/// `chess-memory draw` by the same names.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardQuery {
    #[serde(default = "default_order")]
    order: String,
    #[serde(default = "default_size")]
    size: usize,
    #[serde(default = "default_algorithm")]
    algorithm: String,
    #[serde(default = "default_restart")]
    restart: String,
    #[serde(default = "default_rng")]
    rng: String,
    #[serde(default = "super::first_seed")]
    seed: u64,
    #[serde(default)]
    index: u64,
}

fn default_order() -> String {
    crate::chess_memory::queue::SEED_TYPE_ORDER.into()
}
fn default_size() -> usize {
    8
}
fn default_algorithm() -> String {
    "seed".into()
}
fn default_restart() -> String {
    "none".into()
}
fn default_rng() -> String {
    "default".into()
}

pub async fn board(
    State(app): State<Arc<App>>,
    query: QueryArgs<BoardQuery>,
) -> Result<Json<Value>, ApiError> {
    let Query(query) = query?;
    let bad = |what: &str, e: String| ApiError::bad_request(format!("{what}: {e}"));
    let size = BoardSize::new(query.size).map_err(|e| bad("size", e.to_string()))?;
    let queue = crate::chess_memory::queue::parse_order(&query.order, size)
        .map_err(|e| bad("order", e.to_string()))?;
    let algorithm: Algorithm = query.algorithm.parse().map_err(|e| bad("algorithm", e))?;
    // Off the request threads: `uniform` builds its tables here on first use (5×5: 28 s).
    let checked = queue.clone();
    app.compute(move || algorithm.supports(&checked))
        .await?
        .map_err(|e| bad("algorithm", e.to_string()))?;
    let restart: RestartPolicy = query.restart.parse().map_err(|e| bad("restart", e))?;
    let rng: RngChoice = query.rng.parse().map_err(|e| bad("rng", e))?;
    if query.seed > MAX_SEED || query.index > MAX_SEED {
        return Err(bad(
            "seed",
            format!("use 0 to {MAX_SEED} for seed and index"),
        ));
    }
    let config = SearchConfig { algorithm, restart };
    let cap = Some(MAX_BOARD_ITERATIONS);
    let (seed, index) = (query.seed, query.index);
    let made = match rng {
        RngChoice::Default => {
            let queue = queue.clone();
            app.compute(move || draw(&queue, &config, seed, index, cap))
                .await?
        }
        RngChoice::Mulberry32 => {
            if size.side() != 8 || index != 0 {
                return Err(bad(
                    "rng",
                    "mulberry32 replays the original 8×8 program: use size 8 and index 0".into(),
                ));
            }
            let state = u32::try_from(seed).map_err(|_| {
                bad(
                    "seed",
                    "mulberry32 has a 32-bit state: use 0 to 4294967295".into(),
                )
            })?;
            let queue = queue.clone();
            app.compute(move || {
                let mut picker = SeedReplayPicker::new(state);
                config.run(&queue, &mut picker, cap).verified(&queue)
            })
            .await?
        }
    }
    .map_err(|e| ApiError::internal(e.to_string()))?;
    if made.outcome != Outcome::Solved {
        return Err(ApiError::conflict(format!(
            "no board: the search {} after {} iterations (the server stops at \
{MAX_BOARD_ITERATIONS}); try another seed, algorithm or restart policy",
            made.outcome, made.counters.iterations
        )));
    }
    let command = format!(
        "boardlab chess-memory draw --order {} --board-size {} --algorithm {} --restart {} \
--rng {} --seed {seed} --index {index} --format fen",
        query.order.trim(),
        size.side(),
        algorithm,
        restart,
        rng
    );
    Ok(Json(board_json(&made, size, command, &query)))
}

fn board_json(made: &Draw, size: BoardSize, command: String, query: &BoardQuery) -> Value {
    let board = &made.board;
    let squares = board_view(board, size);
    json!({
        "order": query.order.trim(),
        "size": size.side(),
        "algorithm": query.algorithm,
        "restart": query.restart,
        "rng": query.rng,
        "seed": query.seed,
        "index": query.index,
        "outcome": made.outcome,
        "iterations": made.counters.iterations,
        "fen": format_board(board, BoardFormat::Fen),
        "squares": squares,
        "command": command,
    })
}
