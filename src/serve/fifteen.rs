//! The "15" game in the page, each variant its own game (`/api/fifteen/games` and
//! `/api/fifteen-odd-even/games`): its request (seats, seed), its bots (every reading of the
//! article's heuristic, `perfect`, `newell-simon`, `random`, `mcts:N`) within the server's
//! limits, the state the page draws, and one endpoint of its own: the exact value of every
//! move from the solver. The other endpoints are the common ones of [`super::games`].

use super::ApiError;
use super::engines::Engines;
use super::games::{self, Games, WebGame};
use super::limits::MAX_PLAYOUTS;
use crate::fifteen::article::Reading;
use crate::fifteen::game::PLAY_STREAM;
use crate::fifteen::numbers::{ARTICLE_ORDER, LINES, numbers};
use crate::fifteen::players::PlayerError;
use crate::fifteen::solve::{self, move_values, value_word};
use crate::fifteen::{Bot, Classic, Fifteen, OddEven, Position, Rules, Variant};
use crate::game::matches::study::result_text;
use crate::game::{GameResult, Seat, Session, Sitter};
use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;

/// The "15" part of `GET /api/info`.
#[derive(Serialize)]
pub struct Info {
    variants: Vec<&'static str>,
    /// The bots offered in each variant's menu.
    bots: BTreeMap<&'static str, Vec<String>>,
    /// Where each variant's games are started.
    games: BTreeMap<&'static str, &'static str>,
    max_playouts: u32,
    magic_square: [u8; 9],
}

pub fn info() -> Info {
    let mut classic = vec!["perfect".to_string(), "newell-simon".to_string()];
    classic.extend(Reading::all().iter().map(Reading::to_string));
    classic.extend(["random", "mcts:100", "mcts:1000"].map(String::from));
    let odd_even = ["perfect", "random", "mcts:100", "mcts:1000"].map(String::from);
    Info {
        variants: Variant::ALL.iter().map(|v| v.name()).collect(),
        bots: BTreeMap::from([
            (Variant::Classic.name(), classic),
            (Variant::OddEven.name(), odd_even.to_vec()),
        ]),
        games: BTreeMap::from([
            (Variant::Classic.name(), Fifteen::<Classic>::PATH),
            (Variant::OddEven.name(), Fifteen::<OddEven>::PATH),
        ]),
        max_playouts: MAX_PLAYOUTS,
        magic_square: ARTICLE_ORDER,
    }
}

/// `POST /api/fifteen/games` (or `/api/fifteen-odd-even/games`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// The variant, which must be the address's own when given.
    #[serde(default)]
    variant: Option<String>,
    #[serde(default = "super::person")]
    first: String,
    #[serde(default = "perfect")]
    second: String,
    #[serde(default = "super::first_seed")]
    seed: u64,
}

fn perfect() -> String {
    "perfect".into()
}

/// `POST .../games/{id}/move`: the number, as a JSON number or string.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PersonMove {
    number: serde_json::Value,
}

fn sitter(text: &str, seat: &str, variant: Variant) -> Result<Sitter, ApiError> {
    if text == "person" {
        return Ok(Sitter::Person);
    }
    let bot = Bot::parse(text, variant).map_err(|e| match e {
        // The parser's range is the command line's; the server's is quoted instead.
        PlayerError::Playouts(name) => ApiError::bad_request(format!(
            "{seat}: bad playout count in `{name}`: this server takes mcts:N with N from 1 to \
{MAX_PLAYOUTS}, or person"
        )),
        e => ApiError::bad_request(format!("{seat}: {e}, or person")),
    })?;
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

impl<R: Rules> WebGame for Fifteen<R> {
    const PATH: &'static str = match R::VARIANT {
        Variant::Classic => "/api/fifteen/games",
        Variant::OddEven => "/api/fifteen-odd-even/games",
    };
    const MOVE_FIELD: &'static str = "number";
    type NewGame = NewGame;
    type PersonMove = PersonMove;
    type View = View;

    fn new_game(request: NewGame, _engines: &Engines) -> Result<Session<Self>, ApiError> {
        if let Some(text) = &request.variant {
            let variant: Variant = text
                .parse()
                .map_err(|e: String| ApiError::bad_request(format!("variant: {e}")))?;
            if variant != R::VARIANT {
                let path = match variant {
                    Variant::Classic => Fifteen::<Classic>::PATH,
                    Variant::OddEven => Fifteen::<OddEven>::PATH,
                };
                return Err(ApiError::bad_request(format!(
                    "variant: {text} is a game of its own; start it with POST {path}"
                )));
            }
        }
        let seed = games::seed(request.seed)?;
        let seats = [
            sitter(&request.first, "first", R::VARIANT)?,
            sitter(&request.second, "second", R::VARIANT)?,
        ];
        Ok(Session::new(
            Fifteen(R::default()),
            Position::START,
            seats,
            seed,
            PLAY_STREAM,
        ))
    }

    fn requested_move(request: PersonMove) -> String {
        match request.number {
            serde_json::Value::String(text) => text,
            other => other.to_string(),
        }
    }

    fn view(session: &Session<Self>, _engines: &Engines) -> View {
        view(session)
    }

    fn more_routes(router: Router<Arc<Games<Self>>>) -> Router<Arc<Games<Self>>> {
        router.route(&format!("{}/{{id}}/values", Self::PATH), get(values::<R>))
    }
}

/// What the page needs to draw a "15" game.
#[derive(Serialize)]
pub struct View {
    variant: &'static str,
    first: String,
    second: String,
    seed: u64,
    to_move: &'static str,
    taken: Taken,
    legal: Vec<u8>,
    moves: Vec<u8>,
    result: Option<Outcome>,
    magic_square: [u8; 9],
}

#[derive(Serialize)]
struct Taken {
    first: Vec<u8>,
    second: Vec<u8>,
}

/// How a finished game ended: the winning triple in `line` (null for a draw).
#[derive(Serialize)]
struct Outcome {
    score: &'static str,
    winner: Option<&'static str>,
    line: Option<Vec<u8>>,
}

/// `"first"` or `"second"`.
fn seat_name(seat: Seat) -> &'static str {
    match seat {
        Seat::First => "first",
        Seat::Second => "second",
    }
}

fn view<R: Rules>(session: &Session<Fifteen<R>>) -> View {
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
                (Some(seat_name(seat)), line.map(|&l| numbers(l).collect()))
            }
            GameResult::Draw => (None, None),
        };
        Outcome {
            score: result_text(result),
            winner,
            line,
        }
    });
    View {
        variant: R::VARIANT.name(),
        first: session.seats()[0].name().to_string(),
        second: session.seats()[1].name().to_string(),
        seed: session.seed(),
        to_move: seat_name(position.to_move),
        taken: Taken {
            first: numbers(position.taken[0]).collect(),
            second: numbers(position.taken[1]).collect(),
        },
        legal: session.legal(),
        moves: session.moves().to_vec(),
        result,
        magic_square: ARTICLE_ORDER,
    }
}

/// The answer of `GET .../games/{id}/values`.
#[derive(Serialize)]
pub struct Values {
    to_move: &'static str,
    /// The value of the position for the seat to move; null once the game is over.
    value: Option<&'static str>,
    values: Vec<MoveValue>,
}

#[derive(Serialize)]
struct MoveValue {
    number: u8,
    value: &'static str,
}

/// The solver's value of each legal number for the seat to move.
async fn values<R: Rules>(
    State(games): State<Arc<Games<Fifteen<R>>>>,
    Path(id): Path<u64>,
) -> Result<Json<Values>, ApiError> {
    let values = games.with(id, |session| {
        let position = session.position();
        Values {
            to_move: seat_name(position.to_move),
            value: (session.result().is_none())
                .then(|| value_word(solve::solution::<R>().value(position))),
            values: move_values(session.game(), position)
                .into_iter()
                .map(|(number, value)| MoveValue {
                    number,
                    value: value_word(value),
                })
                .collect(),
        }
    })?;
    Ok(Json(values))
}
