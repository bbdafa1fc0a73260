//! The draughts game in the page: its request (rules, seats, seed, a FEN, the ply cap), its
//! bots within the server's limits, and the state the page draws. The endpoints are the common
//! ones of [`super::games`].

use super::ApiError;
use super::engines::Engines;
use super::games::{self, Games, WebGame};
use super::limits::{
    MAX_ALPHABETA_DEPTH, MAX_ENGINE_NODES, MAX_ENGINE_SECONDS, MAX_PLAYOUTS, checked_max_plies,
};
use crate::draughts::bots::engine::Limit;
use crate::draughts::bots::{BotSpec, BotSpecError};
use crate::draughts::game::{DEFAULT_MAX_PLIES, Draughts, Ending, GamePosition, PLAY_STREAM};
use crate::draughts::moves::record;
use crate::draughts::{Board, Color, Move, Rules, Square, parse_fen, to_fen};
use crate::game::matches::MatchGame;
use crate::game::matches::study::result_text;
use crate::game::{Forfeit, Game, GameResult, Seat, Session, Sitter};
use axum::Router;
use serde::{Deserialize, Serialize};
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

/// The draughts part of `GET /api/info`.
#[derive(Serialize)]
pub struct Info {
    rules: Vec<&'static str>,
    /// The rule sets whose endgame database the values endpoint reads.
    endgame_rules: Vec<&'static str>,
    bots: &'static [&'static str],
    max_alphabeta_depth: u32,
    max_playouts: u32,
    start: String,
    games: &'static str,
}

pub fn info() -> Info {
    Info {
        rules: Rules::ALL.iter().map(|r| r.name()).collect(),
        endgame_rules: Rules::ALL
            .iter()
            .filter(|&&r| crate::draughts::endgame::probe::check_rules(r).is_ok())
            .map(|r| r.name())
            .collect(),
        bots: OFFERED_BOTS,
        max_alphabeta_depth: MAX_ALPHABETA_DEPTH,
        max_playouts: MAX_PLAYOUTS,
        start: to_fen(&Board::start()),
        games: Draughts::PATH,
    }
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

/// `POST /api/draughts/games/{id}/move` (and the national games' own).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PersonMove {
    #[serde(rename = "move")]
    pub text: String,
}

fn within_server_limits(limit: Limit) -> bool {
    match limit {
        Limit::Nodes(nodes) => nodes <= MAX_ENGINE_NODES,
        Limit::Time { millis } => millis <= MAX_ENGINE_SECONDS * 1000,
    }
}

/// A seat as the request names it: `person` or a bot within the server's limits.
pub fn sitter(text: &str, seat: &str) -> Result<Sitter, ApiError> {
    if text == "person" {
        return Ok(Sitter::Person);
    }
    // The parser's ranges are the command line's; the server's are quoted instead.
    let bot: BotSpec = text.parse().map_err(|e: BotSpecError| {
        ApiError::bad_request(format!(
            "{seat}: bot `{}`: {} (this server takes random, damebot, damebot:-FLAG, \
damebot:article, alphabeta:D or perfect:D with D 1-{MAX_ALPHABETA_DEPTH}, mcts:N with N \
1-{MAX_PLAYOUTS}, engine:N-nodes with N up to {} million or engine:Ts with T up to \
{MAX_ENGINE_SECONDS}), or person",
            e.text,
            e.reason,
            MAX_ENGINE_NODES / 1_000_000
        ))
    })?;
    match bot {
        BotSpec::AlphaBeta { depth } | BotSpec::Perfect { depth }
            if depth > MAX_ALPHABETA_DEPTH =>
        {
            let name = if matches!(bot, BotSpec::Perfect { .. }) {
                "perfect"
            } else {
                "alphabeta"
            };
            Err(ApiError::bad_request(format!(
                "{seat}: {bot} searches deeper than this server allows; use {name}:D with D \
at most {MAX_ALPHABETA_DEPTH} (the command line has no such limit)"
            )))
        }
        BotSpec::Mcts { playouts } if playouts > MAX_PLAYOUTS => {
            Err(ApiError::bad_request(format!(
                "{seat}: {bot} runs more playouts than this server allows; use mcts:N with N at \
most {MAX_PLAYOUTS} (the command line has no such limit)"
            )))
        }
        BotSpec::Engine(engine) if !within_server_limits(engine.limit) => {
            Err(ApiError::bad_request(format!(
                "{seat}: {bot} thinks longer than this server allows; use engine:N-nodes with \
N at most {} million or engine:Ts with T at most {MAX_ENGINE_SECONDS} (the command line \
has no such limit)",
                MAX_ENGINE_NODES / 1_000_000
            )))
        }
        bot => Ok(Sitter::Bot(bot.to_string())),
    }
}

impl WebGame for Draughts {
    const PATH: &'static str = "/api/draughts/games";
    const MOVE_FIELD: &'static str = "move";
    type NewGame = NewGame;
    type PersonMove = PersonMove;
    type View = View;

    fn new_game(request: NewGame, _engines: &Engines) -> Result<Session<Draughts>, ApiError> {
        let rules: Rules = request
            .rules
            .parse()
            .map_err(|e: String| ApiError::bad_request(format!("rules: {e}")))?;
        checked_max_plies(request.max_plies)?;
        let seed = games::seed(request.seed)?;
        let seats = [
            sitter(&request.white, "white")?,
            sitter(&request.black, "black")?,
        ];
        let game = Draughts {
            rules,
            max_plies: request.max_plies,
        };
        for (sitter, seat) in seats.iter().zip(["white", "black"]) {
            if let Sitter::Bot(name) = sitter {
                game.player(name)
                    .map_err(|e| ApiError::bad_request(format!("{seat}: {e}")))?;
            }
        }
        let start = match request.fen.as_deref().map(str::trim) {
            Some(text) if !text.is_empty() => GamePosition::new(
                parse_fen(text).map_err(|e| ApiError::bad_request(format!("fen: {e}")))?,
            ),
            _ => game.start(),
        };
        Ok(Session::new(game, start, seats, seed, PLAY_STREAM))
    }

    fn requested_move(request: PersonMove) -> String {
        request.text
    }

    /// `GET {games}/{id}/pdn`, the game as PDN, and `GET {games}/{id}/values`, the endgame
    /// database's values.
    fn more_routes(router: Router<Arc<Games<Self>>>) -> Router<Arc<Games<Self>>> {
        super::draughts_values::route(super::draughts_pdn::route(router))
    }

    fn view(session: &Session<Draughts>, _engines: &Engines) -> View {
        view(session)
    }

    /// The boards since the last capture or man move (at most 60).
    fn heap_bytes(position: &GamePosition) -> usize {
        position.since_irreversible.capacity() * std::mem::size_of::<Board>()
    }
}

/// What the page needs to draw a game of draughts, under any rule set.
#[derive(Serialize)]
pub struct View {
    pub rules: &'static str,
    pub max_plies: u32,
    pub white: String,
    pub black: String,
    pub seed: u64,
    /// The board's side: 8, and 10 or 12 in some national games.
    pub size: u32,
    /// How the rule set's players name squares: `algebraic` (`c3`) or `numbers` (PDN, 1 at
    /// the top left).
    pub square_names: &'static str,
    /// Every dark square: its name and where it is drawn, row 0 at the top as White sees it.
    pub squares: Vec<SquareView>,
    /// The position the game started from.
    pub start: String,
    pub fen: String,
    pub to_move: &'static str,
    pub pieces: Vec<Piece>,
    pub legal: Vec<MoveView>,
    pub moves: Vec<String>,
    /// The moves as a numbered record, which `boardlab draughts moves [--rules R] --play`
    /// reads back from `start`.
    pub notation: String,
    pub last: Option<MoveView>,
    pub result: Option<Outcome>,
}

/// A dark square of the board as the page draws it.
#[derive(Serialize)]
pub struct SquareView {
    pub name: String,
    pub row: u32,
    pub col: u32,
}

#[derive(Serialize)]
pub struct Piece {
    pub square: String,
    pub color: &'static str,
    pub king: bool,
}

/// A move as the page makes it: by clicking `from` then every square of `path` after it.
#[derive(Serialize)]
pub struct MoveView {
    #[serde(rename = "move")]
    pub text: String,
    pub from: String,
    pub to: String,
    pub path: Vec<String>,
    pub captured: Vec<String>,
}

/// How a finished game ended.
#[derive(Serialize)]
pub struct Outcome {
    score: &'static str,
    winner: Option<&'static str>,
    ending: &'static str,
    text: String,
}

impl Outcome {
    /// The outcome `result` by the rule `ending`, told in `text`.
    pub fn new(result: GameResult, ending: Ending, text: String) -> Outcome {
        Outcome {
            score: result_text(result),
            winner: match result {
                GameResult::Win(seat) => Some(seat_colour(seat)),
                GameResult::Draw => None,
            },
            ending: ending.name(),
            text,
        }
    }

    /// The outcome of a game that `player`, in `seat`, gave up by `forfeit`: ending
    /// `forfeit`, told with the fault and what was seen.
    pub fn forfeited(seat: Seat, player: &str, forfeit: &Forfeit) -> Outcome {
        let winner = seat.other();
        Outcome {
            score: result_text(GameResult::Win(winner)),
            winner: Some(seat_colour(winner)),
            ending: "forfeit",
            text: format!(
                "{} wins: {} ({player}) loses by {forfeit}",
                capitalised(seat_colour(winner)),
                seat_colour(seat)
            ),
        }
    }
}

pub fn colour_name(color: Color) -> &'static str {
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

fn move_view(mv: &Move) -> MoveView {
    let mut path = vec![mv.from().to_string()];
    path.extend(mv.landings().iter().map(Square::to_string));
    MoveView {
        text: mv.to_string(),
        from: mv.from().to_string(),
        to: mv.to().to_string(),
        path,
        captured: mv.jumps().iter().map(Square::to_string).collect(),
    }
}

fn view(session: &Session<Draughts>) -> View {
    let position = session.position();
    let board = &position.board;
    let pieces = Square::all()
        .filter_map(|square| {
            board.piece_at(square).map(|(color, king)| Piece {
                square: square.to_string(),
                color: colour_name(color),
                king,
            })
        })
        .collect();
    let result = session.game().ending(position).map(|(result, ending)| {
        let text = match result {
            GameResult::Win(seat) => format!(
                "{} wins: {} has no legal move",
                capitalised(seat_colour(seat)),
                seat_colour(seat.other())
            ),
            GameResult::Draw => format!("A draw by {}", ending_words(ending.name())),
        };
        Outcome::new(result, ending, text)
    });
    let start = &session.start().board;
    View {
        rules: session.game().rules.name(),
        max_plies: session.game().max_plies,
        white: session.seats()[0].name().to_string(),
        black: session.seats()[1].name().to_string(),
        seed: session.seed(),
        size: 8,
        square_names: "algebraic",
        squares: Square::all()
            .map(|square| SquareView {
                name: square.to_string(),
                row: 7 - u32::from(square.rank()),
                col: u32::from(square.file()),
            })
            .collect(),
        start: to_fen(start),
        fen: to_fen(board),
        to_move: colour_name(board.side),
        pieces,
        legal: session.legal().iter().map(move_view).collect(),
        moves: session.moves().iter().map(Move::to_string).collect(),
        notation: record(start.side, session.moves()),
        last: session.moves().last().map(move_view),
        result,
    }
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
