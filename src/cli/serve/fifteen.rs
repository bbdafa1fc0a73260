//! The "15" endpoints: a game in either variant with each seat a person or any bot (every
//! reading of the article's heuristic, `perfect`, `newell-simon`, `random`, `mcts:N`), and
//! the exact value of every move from the solver.

use super::api_error::JsonBody;
use super::limits::{MAX_PLAYOUTS, MAX_SEED};
use super::session::{Session, Sitter, seat_name};
use super::store::Store;
use super::{ApiError, App};
use crate::fifteen::article::Reading;
use crate::fifteen::numbers::{ARTICLE_ORDER, LINES, numbers};
use crate::fifteen::{Bot, Classic, Fifteen, OddEven, Position, Rules, Variant, solve, terminal};
use crate::game::GameResult;
use crate::game::matches::study::result_text;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::{Value, json};
use std::sync::Arc;

/// The games of both variants; a game's number finds it in either.
pub struct Stores {
    classic: Store<Session<Fifteen<Classic>>>,
    odd_even: Store<Session<Fifteen<OddEven>>>,
}

impl Stores {
    pub fn new(capacity: usize) -> Stores {
        Stores {
            classic: Store::new(capacity),
            odd_even: Store::new(capacity),
        }
    }
}

pub fn info() -> Value {
    let mut classic = vec!["perfect".to_string(), "newell-simon".to_string()];
    classic.extend(Reading::all().iter().map(Reading::to_string));
    classic.extend(["random", "mcts:100", "mcts:1000"].map(String::from));
    json!({
        "variants": Variant::ALL.iter().map(|v| v.name()).collect::<Vec<_>>(),
        "bots": {
            "classic": classic,
            "odd-even": ["perfect", "random", "mcts:100", "mcts:1000"],
        },
        "max_playouts": MAX_PLAYOUTS,
        "magic_square": ARTICLE_ORDER,
    })
}

/// `POST /api/fifteen/games`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    #[serde(default = "classic")]
    variant: String,
    #[serde(default = "super::person")]
    first: String,
    #[serde(default = "perfect")]
    second: String,
    #[serde(default = "super::first_seed")]
    seed: u64,
}

fn classic() -> String {
    "classic".into()
}
fn perfect() -> String {
    "perfect".into()
}

fn sitter(text: &str, seat: &str, variant: Variant) -> Result<Sitter, ApiError> {
    if text == "person" {
        return Ok(Sitter::Person);
    }
    let bot = Bot::parse(text, variant)
        .map_err(|e| ApiError::bad_request(format!("{seat}: {e}, or person")))?;
    if let Bot::Mcts(playouts) = bot
        && playouts > MAX_PLAYOUTS
    {
        return Err(ApiError::bad_request(format!(
            "{seat}: {bot} runs more playouts than this server allows; use mcts:N with N at most \
{MAX_PLAYOUTS} (the command line has no such limit)"
        )));
    }
    // The name as written, as `fifteen games` labels its pairing with it.
    Ok(Sitter::Bot(text.to_string()))
}

pub async fn create(
    State(app): State<Arc<App>>,
    body: JsonBody<NewGame>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let Json(request) = body?;
    let variant: Variant = request
        .variant
        .parse()
        .map_err(|e: String| ApiError::bad_request(format!("variant: {e}")))?;
    if request.seed > MAX_SEED {
        return Err(ApiError::bad_request(format!(
            "seed: {} is too large; use 0 to {MAX_SEED}",
            request.seed
        )));
    }
    let seats = [
        sitter(&request.first, "first", variant)?,
        sitter(&request.second, "second", variant)?,
    ];
    let seed = request.seed;
    let state = match variant {
        Variant::Classic => insert(&app.fifteen.classic, Fifteen(Classic), seats, seed),
        Variant::OddEven => insert(&app.fifteen.odd_even, Fifteen(OddEven), seats, seed),
    };
    Ok((StatusCode::CREATED, Json(state)))
}

fn insert<R: Rules>(
    store: &Store<Session<Fifteen<R>>>,
    game: Fifteen<R>,
    seats: [Sitter; 2],
    seed: u64,
) -> Value {
    let session = Session::new(game, Position::START, seats, seed, "fifteen/play");
    let id = store.insert(session);
    store
        .with(id, |session| state(id, session))
        .expect("just inserted")
}

/// Runs `classic` or `odd_even` on game `id`, whichever variant it is.
macro_rules! on_game {
    ($app:expr, $id:expr, |$session:ident| $body:expr) => {{
        let stores = &$app.fifteen;
        match stores.classic.with($id, |$session| $body) {
            Ok(value) => Ok(value),
            Err(_) => stores.odd_even.with($id, |$session| $body),
        }
    }};
}

pub async fn show(
    State(app): State<Arc<App>>,
    Path(id): Path<u64>,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(on_game!(app, id, |session| state(id, session))?))
}

/// `POST /api/fifteen/games/{id}/move`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PersonMove {
    number: Value,
}

pub async fn person_move(
    State(app): State<Arc<App>>,
    Path(id): Path<u64>,
    body: JsonBody<PersonMove>,
) -> Result<Json<Value>, ApiError> {
    let Json(request) = body?;
    let text = match &request.number {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    };
    let state = on_game!(app, id, |session| {
        let n = terminal::check(&session.game, session.position(), &text)
            .map_err(|e| ApiError::bad_request(format!("number: {e}")))?;
        session.person_move(n)?;
        Ok::<_, ApiError>(state(id, session))
    })??;
    Ok(Json(state))
}

pub async fn bot_move(
    State(app): State<Arc<App>>,
    Path(id): Path<u64>,
) -> Result<Json<Value>, ApiError> {
    if let Ok(turn) = app.fifteen.classic.with(id, |session| session.bot_turn()) {
        let (ply, n, stream) = app.compute(move || turn?.think()).await??;
        let state = app.fifteen.classic.with(id, |session| {
            session.bot_move(ply, n, stream)?;
            Ok::<_, ApiError>(state(id, session))
        })??;
        return Ok(Json(state));
    }
    let turn = app
        .fifteen
        .odd_even
        .with(id, |session| session.bot_turn())??;
    let (ply, n, stream) = app.compute(move || turn.think()).await??;
    let state = app.fifteen.odd_even.with(id, |session| {
        session.bot_move(ply, n, stream)?;
        Ok::<_, ApiError>(state(id, session))
    })??;
    Ok(Json(state))
}

pub async fn undo(
    State(app): State<Arc<App>>,
    Path(id): Path<u64>,
) -> Result<Json<Value>, ApiError> {
    let state = on_game!(app, id, |session| {
        session.undo()?;
        Ok::<_, ApiError>(state(id, session))
    })??;
    Ok(Json(state))
}

/// `GET /api/fifteen/games/{id}/values`: the solver's value of each legal number for the
/// seat to move.
pub async fn values(
    State(app): State<Arc<App>>,
    Path(id): Path<u64>,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(on_game!(app, id, |session| move_values(session))?))
}

fn move_values<R: Rules>(session: &Session<Fifteen<R>>) -> Value {
    let solution = match R::VARIANT {
        Variant::Classic => solve::fifteen(),
        Variant::OddEven => solve::odd_even(),
    };
    let position = session.position();
    let word = |value: i8| match value {
        1 => "win",
        0 => "draw",
        _ => "loss",
    };
    let values: Vec<Value> = session
        .legal()
        .iter()
        .map(|&n| json!({"number": n, "value": word(-solution.value(&position.with(n)))}))
        .collect();
    json!({
        "to_move": seat_name(position.to_move),
        "value": session.result().is_none().then(|| word(solution.value(position))),
        "values": values,
    })
}

fn state<R: Rules>(id: u64, session: &Session<Fifteen<R>>) -> Value {
    let position = session.position();
    let result = session.result().map(|result| {
        let (winner, line) = match result {
            GameResult::Win(seat) => {
                // The classic game's triple is the winner's; the odd/even game's any three placed.
                let mask = match R::VARIANT {
                    Variant::Classic => position.taken[seat.index()],
                    Variant::OddEven => position.taken[0] | position.taken[1],
                };
                let line = LINES.iter().find(|&&line| mask & line == line);
                (
                    Value::from(seat_name(seat)),
                    line.map(|&l| numbers(l).collect::<Vec<_>>()),
                )
            }
            GameResult::Draw => (Value::Null, None),
        };
        json!({"score": result_text(result), "winner": winner, "line": line})
    });
    json!({
        "id": id,
        "variant": R::VARIANT.name(),
        "first": session.seats[0].name(),
        "second": session.seats[1].name(),
        "seed": session.seed,
        "to_move": seat_name(position.to_move),
        "taken": {
            "first": numbers(position.taken[0]).collect::<Vec<_>>(),
            "second": numbers(position.taken[1]).collect::<Vec<_>>(),
        },
        "legal": session.legal(),
        "moves": session.moves,
        "result": result,
        "magic_square": ARTICLE_ORDER,
    })
}
