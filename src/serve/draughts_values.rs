//! `GET /api/draughts/games/{id}/values`: the endgame database's exact value of a draughts
//! game's position and of each of its legal moves, for the side to move, as `boardlab
//! draughts moves --values` prints them. The database comes from where the environment
//! variable `BOARDLAB_ENDGAMES` says (a folder, or `memory:N` to solve up to N pieces when
//! first asked), else the folder `endgames`; it is opened once and kept. Czech and English
//! rules only.

use super::ApiError;
use super::games::{Games, WebGame};
use crate::draughts::endgame::Value;
use crate::draughts::endgame::probe::{self, PositionValues, Source};
use crate::draughts::game::Draughts;
use axum::Json;
use axum::Router;
use axum::extract::{Path, State};
use axum::routing::get;
use serde::Serialize;
use std::sync::Arc;

/// Adds `GET {games}/{id}/values` to the draughts games' endpoints.
pub fn route(router: Router<Arc<Games<Draughts>>>) -> Router<Arc<Games<Draughts>>> {
    router.route(&format!("{}/{{id}}/values", Draughts::PATH), get(values))
}

/// The answer of `GET .../games/{id}/values`.
#[derive(Serialize)]
pub struct Values {
    to_move: &'static str,
    /// Where the database came from: a folder, or `memory:N`.
    database: String,
    /// The position's value for the side to move; `outside` when the database does not
    /// hold it, null once the game is over.
    value: Option<ValueView>,
    /// Each legal move's value for the side that plays it, in the order of `legal`.
    values: Vec<MoveValue>,
}

#[derive(Serialize)]
struct MoveValue {
    #[serde(rename = "move")]
    text: String,
    #[serde(flatten)]
    value: ValueView,
}

/// `win`, `loss`, `draw` or `outside`; the plies to the end for a win or a loss; the value
/// in words (`win in 7 plies`, `outside the database`).
#[derive(Serialize)]
struct ValueView {
    value: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    plies: Option<u16>,
    text: String,
}

impl ValueView {
    fn of(value: Option<Value>) -> ValueView {
        ValueView {
            value: value.map_or("outside", probe::value_word),
            plies: value.and_then(probe::value_plies),
            text: value.map_or_else(|| "outside the database".into(), probe::describe),
        }
    }
}

async fn values(
    State(games): State<Arc<Games<Draughts>>>,
    Path(id): Path<u64>,
) -> Result<Json<Values>, ApiError> {
    let (board, rules, over) = games.with(id, |session| {
        let position = session.position();
        (
            position.board,
            session.game().rules,
            session.result().is_some(),
        )
    })?;
    probe::check_rules(rules).map_err(ApiError::bad_request)?;
    let source = Source::chosen(None).map_err(ApiError::unavailable)?;
    let opened = source.clone();
    // Solving in memory takes a second or more the first time: off the server's own threads.
    let database = tokio::task::spawn_blocking(move || probe::shared(&opened, rules))
        .await
        .map_err(|e| ApiError::internal(format!("opening the endgame database: {e}")))?
        .map_err(ApiError::unavailable)?;
    let found = PositionValues::of(database, &board);
    Ok(Json(Values {
        to_move: super::draughts::colour_name(board.side),
        database: source.to_string(),
        value: (!over).then(|| ValueView::of(found.value)),
        values: if over { Vec::new() } else { found.moves }
            .into_iter()
            .map(|(mv, value)| MoveValue {
                text: mv.to_string(),
                value: ValueView::of(value),
            })
            .collect(),
    }))
}
