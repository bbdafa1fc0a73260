//! The knight's-tour endpoint: one tour of any rule, size and start, as
//! `boardlab knights-tour tour` walks it (the same random stream for the `random` rule), with
//! the path to draw on boards up to [`MAX_DRAWN_SQUARES`] and, beyond, a summary with an image
//! of the walk's visit order of at most [`DENSITY_SIDE`]×[`DENSITY_SIDE`] cells.

use super::api_error::QueryArgs;
use super::limits::{MAX_DRAWN_SQUARES, MAX_SEED, MAX_TOUR_SQUARES};
use super::{ApiError, App};
use crate::knights_tour::density::density;
use crate::knights_tour::geometry::parse_start;
use crate::knights_tour::warnsdorff::{Outcome, check_closed};
use crate::knights_tour::{Board, Rule, draw};
use axum::Json;
use axum::extract::{Query, State};
use serde::Deserialize;
use serde_json::{Value, json};
use std::sync::Arc;

/// The longest side, in cells, of the image sent for a tour too large to draw.
const DENSITY_SIDE: u32 = 200;

pub fn info() -> Value {
    json!({
        "rules": ["seed", "order:12345678", "random", "pohl", "roth", "squirrel"],
        "max_squares": MAX_TOUR_SQUARES,
        "max_drawn_squares": MAX_DRAWN_SQUARES,
    })
}

/// `GET /api/knights-tour/tour?size=8&start=1,1&rule=seed`: the options of
/// `knights-tour tour` by the same names.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TourQuery {
    #[serde(default = "default_size")]
    size: String,
    #[serde(default = "default_start")]
    start: String,
    #[serde(default = "default_rule")]
    rule: String,
    #[serde(default)]
    closed: bool,
    #[serde(default = "super::first_seed")]
    seed: u64,
    #[serde(default)]
    index: u64,
}

fn default_size() -> String {
    "8".into()
}
fn default_start() -> String {
    "1,1".into()
}
fn default_rule() -> String {
    "seed".into()
}

pub async fn tour(
    State(app): State<Arc<App>>,
    query: QueryArgs<TourQuery>,
) -> Result<Json<Value>, ApiError> {
    let Query(query) = query?;
    let bad = |what: &str, e: String| ApiError::bad_request(format!("{what}: {e}"));
    let board: Board = query
        .size
        .parse()
        .map_err(|e: crate::knights_tour::KnightsError| bad("size", e.to_string()))?;
    if board.squares() as u64 > MAX_TOUR_SQUARES {
        return Err(bad(
            "size",
            format!(
                "{board} has {} squares; this server walks at most {MAX_TOUR_SQUARES} \
(1000x1000); `boardlab knights-tour tour` takes up to 10^8",
                board.squares()
            ),
        ));
    }
    let start = parse_start(&board, &query.start).map_err(|e| bad("start", e.to_string()))?;
    let rule: Rule = query
        .rule
        .parse()
        .map_err(|e: crate::knights_tour::KnightsError| bad("rule", e.to_string()))?;
    check_closed(&board, query.closed).map_err(|e| bad("closed", e.to_string()))?;
    if query.seed > MAX_SEED || query.index > MAX_SEED {
        return Err(bad(
            "seed",
            format!("use 0 to {MAX_SEED} for seed and index"),
        ));
    }
    let closed = query.closed;
    let label = format!(
        "knights {board} {rule} {},{}{}",
        start.x + 1,
        start.y + 1,
        if closed { " closed" } else { "" }
    );
    let (seed, index) = (query.seed, query.index);
    let result = app
        .compute(move || {
            let mut rng = crate::rng::stream(seed, &label, index);
            draw(board, start, &rule, closed, &mut rng)
        })
        .await?
        .map_err(|e| bad("rule", e.to_string()))?;
    let drawn = board.squares() as u64 <= MAX_DRAWN_SQUARES;
    let path: Option<Vec<[u32; 2]>> =
        drawn.then(|| result.path.iter().map(|s| [s.x + 1, s.y + 1]).collect());
    let image = (!drawn).then(|| density(board, &result.path, DENSITY_SIDE));
    let end = result.path.last().map(|s| [s.x + 1, s.y + 1]);
    let command = format!(
        "boardlab knights-tour tour --size {board} --start {},{} --rule {rule}{} --seed {seed} \
--index {index} --json",
        start.x + 1,
        start.y + 1,
        if closed { " --closed" } else { "" }
    );
    Ok(Json(json!({
        "size": board.to_string(),
        "width": board.width(),
        "height": board.height(),
        "start": [start.x + 1, start.y + 1],
        "rule": rule.to_string(),
        "closed": closed,
        "seed": seed,
        "index": index,
        "outcome": result.outcome,
        "squares": board.squares(),
        "squares_reached": result.squares_reached,
        "tie_breaks": result.tie_breaks,
        "drawn": drawn,
        "path": path,
        "density": image,
        "end": end,
        "dead_end": (result.outcome == Outcome::DeadEnd).then_some(end).flatten(),
        "command": command,
    })))
}
