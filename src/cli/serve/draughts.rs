//! The draughts endpoints: start a game (a person or any bot in each seat, any rules, from
//! the start or a FEN), read it, play a person's move, ask the bot to move, take back.

use super::api_error::JsonBody;
use super::limits::{MAX_ALPHABETA_DEPTH, MAX_PLAYOUTS, MAX_SEED};
use super::session::{Session, Sitter};
use super::{ApiError, App};
use crate::draughts::bots::BotSpec;
use crate::draughts::game::{DEFAULT_MAX_PLIES, Draughts, GamePosition};
use crate::draughts::{Board, Color, Move, MoveText, Rules, Square, parse_fen, to_fen};
use crate::game::matches::study::result_text;
use crate::game::{Game, GameResult, Seat};
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::{Value, json};
use std::sync::Arc;

/// The bots offered in the page's menus (any other valid name is accepted too).
const OFFERED_BOTS: &[&str] = &[
    "damebot",
    "damebot:article",
    "random",
    "alphabeta:2",
    "alphabeta:4",
    "alphabeta:6",
    "mcts:200",
    "mcts:1000",
];

pub fn info() -> Value {
    json!({
        "rules": Rules::ALL.iter().map(|r| r.name()).collect::<Vec<_>>(),
        "bots": OFFERED_BOTS,
        "max_alphabeta_depth": MAX_ALPHABETA_DEPTH,
        "max_playouts": MAX_PLAYOUTS,
        "start": to_fen(&Board::start()),
    })
}

/// `POST /api/draughts/games`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    #[serde(default = "default_rules")]
    rules: String,
    #[serde(default = "super::person")]
    white: String,
    #[serde(default = "default_bot")]
    black: String,
    #[serde(default = "super::first_seed")]
    seed: u64,
    #[serde(default)]
    fen: Option<String>,
    #[serde(default = "default_max_plies")]
    max_plies: u32,
}

fn default_rules() -> String {
    "czech".into()
}
fn default_bot() -> String {
    "damebot".into()
}
fn default_max_plies() -> u32 {
    DEFAULT_MAX_PLIES
}

/// A seat as the request names it: `person` or a bot within the server's limits.
pub fn sitter(text: &str, seat: &str) -> Result<Sitter, ApiError> {
    if text == "person" {
        return Ok(Sitter::Person);
    }
    let bot: BotSpec = text
        .parse()
        .map_err(|e| ApiError::bad_request(format!("{seat}: {e}, or person")))?;
    match bot {
        BotSpec::AlphaBeta { depth } if depth > MAX_ALPHABETA_DEPTH => {
            Err(ApiError::bad_request(format!(
                "{seat}: {bot} searches deeper than this server allows; use alphabeta:D with D \
at most {MAX_ALPHABETA_DEPTH} (the command line has no such limit)"
            )))
        }
        BotSpec::Mcts { playouts } if playouts > MAX_PLAYOUTS => {
            Err(ApiError::bad_request(format!(
                "{seat}: {bot} runs more playouts than this server allows; use mcts:N with N at \
most {MAX_PLAYOUTS} (the command line has no such limit)"
            )))
        }
        bot => Ok(Sitter::Bot(bot.to_string())),
    }
}

pub async fn create(
    State(app): State<Arc<App>>,
    body: JsonBody<NewGame>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let Json(request) = body?;
    let rules: Rules = request
        .rules
        .parse()
        .map_err(|e: String| ApiError::bad_request(format!("rules: {e}")))?;
    if !(10..=10_000).contains(&request.max_plies) {
        return Err(ApiError::bad_request(format!(
            "max_plies: {} is out of range; use 10 to 10000",
            request.max_plies
        )));
    }
    if request.seed > MAX_SEED {
        return Err(ApiError::bad_request(format!(
            "seed: {} is too large; use 0 to {MAX_SEED}",
            request.seed
        )));
    }
    let seats = [
        sitter(&request.white, "white")?,
        sitter(&request.black, "black")?,
    ];
    let game = Draughts {
        rules,
        max_plies: request.max_plies,
    };
    let start = match request.fen.as_deref().map(str::trim) {
        Some(text) if !text.is_empty() => GamePosition::new(
            parse_fen(text).map_err(|e| ApiError::bad_request(format!("fen: {e}")))?,
        ),
        _ => game.start(),
    };
    let session = Session::new(game, start, seats, request.seed, "draughts/play");
    let state = state(0, &session);
    let id = app.draughts.insert(session);
    Ok((StatusCode::CREATED, Json(with_id(id, state))))
}

pub async fn show(
    State(app): State<Arc<App>>,
    Path(id): Path<u64>,
) -> Result<Json<Value>, ApiError> {
    let state = app.draughts.with(id, |session| state(id, session))?;
    Ok(Json(state))
}

/// `POST /api/draughts/games/{id}/move`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PersonMove {
    #[serde(rename = "move")]
    text: String,
}

pub async fn person_move(
    State(app): State<Arc<App>>,
    Path(id): Path<u64>,
    body: JsonBody<PersonMove>,
) -> Result<Json<Value>, ApiError> {
    let Json(request) = body?;
    let state = app.draughts.with(id, |session| {
        let legal = session.legal();
        let mv = MoveText::parse(&request.text)
            .and_then(|text| text.resolve(&legal, &request.text))
            .map_err(|e| {
                ApiError::bad_request(format!(
                    "move: {e} in {}",
                    to_fen(&session.position().board)
                ))
            })?;
        session.person_move(mv)?;
        Ok::<_, ApiError>(state(id, session))
    })??;
    Ok(Json(state))
}

pub async fn bot_move(
    State(app): State<Arc<App>>,
    Path(id): Path<u64>,
) -> Result<Json<Value>, ApiError> {
    let turn = app.draughts.with(id, |session| session.bot_turn())??;
    let (ply, mv, stream) = app.compute(move || turn.think()).await??;
    let state = app.draughts.with(id, |session| {
        session.bot_move(ply, mv, stream)?;
        Ok::<_, ApiError>(state(id, session))
    })??;
    Ok(Json(state))
}

pub async fn undo(
    State(app): State<Arc<App>>,
    Path(id): Path<u64>,
) -> Result<Json<Value>, ApiError> {
    let state = app.draughts.with(id, |session| {
        session.undo()?;
        Ok::<_, ApiError>(state(id, session))
    })??;
    Ok(Json(state))
}

fn with_id(id: u64, mut state: Value) -> Value {
    state["id"] = id.into();
    state
}

fn colour_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn seat_colour(seat: Seat) -> &'static str {
    match seat {
        Seat::First => "white",
        Seat::Second => "black",
    }
}

fn move_json(mv: &Move) -> Value {
    let mut path = vec![mv.from().to_string()];
    path.extend(mv.landings().iter().map(Square::to_string));
    json!({
        "move": mv.to_string(),
        "from": mv.from().to_string(),
        "to": mv.to().to_string(),
        "path": path,
        "captured": mv.jumps().iter().map(Square::to_string).collect::<Vec<_>>(),
    })
}

/// The moves as a numbered list, `1. c3-d4 f6-e5 2. ...`, numbered from the start position's
/// side (a game from a FEN with Black to move starts `1... f6-e5`).
fn notation(start_side: Color, moves: &[Move]) -> String {
    let mut text = String::new();
    let offset = usize::from(start_side == Color::Black);
    for (i, mv) in moves.iter().enumerate() {
        let ply = i + offset;
        if ply % 2 == 0 {
            text.push_str(&format!("{}. ", ply / 2 + 1));
        } else if i == 0 {
            text.push_str(&format!("{}... ", ply / 2 + 1));
        }
        text.push_str(&mv.to_string());
        text.push(' ');
    }
    text.trim_end().to_string()
}

/// What the page needs to draw the game: the board, whose turn, the legal moves, the moves
/// so far in the notation, the last move and the result with the rule that ended it.
fn state(id: u64, session: &Session<Draughts>) -> Value {
    let position = session.position();
    let board = &position.board;
    let pieces: Vec<Value> = Square::all()
        .filter_map(|square| {
            board.piece_at(square).map(|(color, king)| {
                json!({"square": square.to_string(), "color": colour_name(color), "king": king})
            })
        })
        .collect();
    let result = session.game.ending(position).map(|(result, ending)| {
        let text = match result {
            GameResult::Win(seat) => format!(
                "{} wins: {} has no legal move",
                capitalised(seat_colour(seat)),
                seat_colour(seat.other())
            ),
            GameResult::Draw => format!("A draw by {}", ending_words(ending.name())),
        };
        json!({
            "score": result_text(result),
            "winner": match result {
                GameResult::Win(seat) => Value::from(seat_colour(seat)),
                GameResult::Draw => Value::Null,
            },
            "ending": ending.name(),
            "text": text,
        })
    });
    let start_side = session.position_at(0).board.side;
    json!({
        "id": id,
        "rules": session.game.rules.name(),
        "max_plies": session.game.max_plies,
        "white": session.seats[0].name(),
        "black": session.seats[1].name(),
        "seed": session.seed,
        "start": to_fen(&session.position_at(0).board),
        "fen": to_fen(board),
        "to_move": colour_name(board.side),
        "pieces": pieces,
        "legal": session.legal().iter().map(move_json).collect::<Vec<_>>(),
        "moves": session.moves.iter().map(Move::to_string).collect::<Vec<_>>(),
        "notation": notation(start_side, &session.moves),
        "last": session.moves.last().map(move_json),
        "result": result,
    })
}

fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

fn ending_words(ending: &str) -> &'static str {
    match ending {
        "repetition" => "threefold repetition",
        "quiet-plies" => "60 plies without a capture or a man's move",
        _ => "the ply cap",
    }
}
