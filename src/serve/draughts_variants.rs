//! The national games of draughts in the page (`docs/draughts-variants.md`): a game under any
//! of the twelve rule sets at `/api/draughts-variants/games`, its bots within the server's
//! limits, and a state that carries the board's size and square names, so that the page draws
//! 8×8, 10×10 and 12×12 boards with their numbers. The endpoints are the common ones of
//! [`super::games`]; Czech, English and Damebot's games with the 8×8 generator's bots are
//! [`super::draughts`]'s. The seats take the Hub engines of `--engine` too
//! ([`super::engines`]), by their names.

use super::ApiError;
use super::draughts::{
    MoveView, Outcome, PersonMove, Piece, SquareView, View, colour_name, sitter,
};
use super::engines::Engines;
use super::games::{self, Games, WebGame};
use super::limits::checked_max_plies;
use crate::draughts::bots::BotSpec;
use crate::draughts::game::DEFAULT_MAX_PLIES;
use crate::draughts::moves::numbered_record;
use crate::draughts::variant::game::{VariantGame, VariantPosition};
use crate::draughts::variant::notation::{self, Squares};
use crate::draughts::variant::terminal::ending_text;
use crate::draughts::variant::{Notation, Variant, VariantMove};
use crate::game::{Game, Session, Sitter};
use axum::Router;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The bots offered in the page's menus (any other valid name within the limits is accepted).
const OFFERED_BOTS: &[&str] = &[
    "random",
    "alphabeta:2",
    "alphabeta:4",
    "alphabeta:6",
    "mcts:200",
    "mcts:1000",
];

/// The stream of a bot against a person, as at the terminal (`draughts play --rules R`).
pub const PLAY_STREAM: &str = "draughts-variants/play";

/// The national games' part of `GET /api/info`.
#[derive(Serialize)]
pub struct Info {
    rules: Vec<&'static str>,
    /// The bots offered, then the engines.
    bots: Vec<String>,
    /// The Hub engines of `--engine`, by name.
    engines: Vec<String>,
    games: &'static str,
}

pub fn info(engines: &Engines) -> Info {
    let bots = OFFERED_BOTS.iter().map(|b| b.to_string());
    Info {
        rules: Variant::ALL.iter().map(|v| v.name()).collect(),
        bots: bots.chain(engines.names()).collect(),
        engines: engines.names(),
        games: VariantGame::PATH,
    }
}

/// `POST /api/draughts-variants/games`.
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
    Variant::International.name().into()
}
fn default_bot() -> String {
    "alphabeta:4".into()
}
fn default_max_plies() -> u32 {
    DEFAULT_MAX_PLIES
}

/// A seat as the request names it: an engine of `engines` by its name, or a person or bot
/// (refusing Damebot, which knows only its own rules).
fn variant_sitter(text: &str, seat: &str, engines: &Engines) -> Result<Sitter, ApiError> {
    if let Some(player) = engines.player(text) {
        return Ok(Sitter::Bot(player.to_string()));
    }
    let sitter = sitter(text, seat)?;
    if let Sitter::Bot(name) = &sitter {
        let spec: BotSpec = name.parse().expect("sitter checked the name");
        crate::draughts::variant::matches::player(&Default::default(), spec)
            .map_err(|e| ApiError::bad_request(format!("{seat}: {e}")))?;
    }
    Ok(sitter)
}

impl WebGame for VariantGame {
    const PATH: &'static str = "/api/draughts-variants/games";
    const MOVE_FIELD: &'static str = "move";
    type NewGame = NewGame;
    type PersonMove = PersonMove;
    type View = View;

    fn new_game(request: NewGame, engines: &Engines) -> Result<Session<VariantGame>, ApiError> {
        let variant: Variant = request
            .rules
            .parse()
            .map_err(|e: String| ApiError::bad_request(format!("rules: {e}")))?;
        checked_max_plies(request.max_plies)?;
        let seed = games::seed(request.seed)?;
        let seats = [
            variant_sitter(&request.white, "white", engines)?,
            variant_sitter(&request.black, "black", engines)?,
        ];
        let game = VariantGame::new(variant, request.max_plies);
        let start = match request.fen.as_deref().map(str::trim) {
            Some(text) if !text.is_empty() => VariantPosition::new(
                notation::parse_fen(game.rules(), text)
                    .map_err(|e| ApiError::bad_request(format!("fen: {e}")))?,
            ),
            _ => game.start(),
        };
        Ok(Session::new(game, start, seats, seed, PLAY_STREAM))
    }

    fn requested_move(request: PersonMove) -> String {
        request.text
    }

    /// `GET {games}/{id}/pdn`, the game as PDN.
    fn more_routes(router: Router<Arc<Games<Self>>>) -> Router<Arc<Games<Self>>> {
        super::draughts_pdn::route(router)
    }

    fn view(session: &Session<VariantGame>, engines: &Engines) -> View {
        view(session, engines)
    }

    /// The boards since the last capture or man move.
    fn heap_bytes(position: &VariantPosition) -> usize {
        position.since_irreversible.capacity()
            * std::mem::size_of::<crate::draughts::variant::Position>()
    }
}

fn move_view(squares: &Squares, mv: &VariantMove) -> MoveView {
    let mut path = vec![squares.name(mv.from())];
    path.extend(mv.landings().iter().map(|&i| squares.name(u32::from(i))));
    MoveView {
        text: mv.to_string(),
        from: squares.name(mv.from()),
        to: squares.name(mv.to()),
        path,
        captured: squares
            .all()
            .into_iter()
            .filter(|&i| mv.captured() >> i & 1 == 1)
            .map(|i| squares.name(i))
            .collect(),
    }
}

/// The pieces of `board`, in square order.
fn pieces(squares: &Squares, board: &crate::draughts::variant::Position) -> Vec<Piece> {
    let white = crate::draughts::board::Color::White;
    let black = crate::draughts::board::Color::Black;
    squares
        .all()
        .into_iter()
        .filter(|&i| (board.white | board.black) >> i & 1 == 1)
        .map(|i| Piece {
            square: squares.name(i),
            color: colour_name(if board.white >> i & 1 == 1 {
                white
            } else {
                black
            }),
            king: board.kings >> i & 1 == 1,
        })
        .collect()
}

/// Where square `index` is drawn on a board of side `n`.
fn square_view(squares: &Squares, n: u32, index: u32) -> SquareView {
    let (rank, file) = squares.shown(index);
    SquareView {
        name: squares.name(index),
        row: n - 1 - rank,
        col: file,
    }
}

fn view(session: &Session<VariantGame>, engines: &Engines) -> View {
    let game = session.game();
    let rules = game.rules();
    let squares = Squares::new(*rules);
    let n = u32::from(rules.size);
    let position = session.position();
    let board = &position.board;
    let all = squares.all();
    let pieces = pieces(&squares, board);
    let seat_name = |seat: usize| engines.label(session.seats()[seat].name()).to_string();
    let result = match session.forfeit() {
        Some((seat, forfeit)) => Some(Outcome::forfeited(*seat, &seat_name(seat.index()), forfeit)),
        None => game.ending(position).map(|(result, ending)| {
            let text = ending_text(result, ending, position, rules);
            Outcome::new(result, ending, text.trim_end_matches('.').to_string())
        }),
    };
    let start = &session.start().board;
    // Every landing square written, as the match study's data and the terminal write them.
    let texts: Vec<String> = session.moves().iter().map(VariantMove::to_string).collect();
    View {
        rules: game.variant().name(),
        max_plies: game.max_plies,
        white: seat_name(0),
        black: seat_name(1),
        seed: session.seed(),
        size: n,
        square_names: match rules.notation {
            Notation::Numeric => "numbers",
            Notation::Algebraic => "algebraic",
        },
        squares: all.iter().map(|&i| square_view(&squares, n, i)).collect(),
        start: notation::to_fen(rules, start),
        fen: notation::to_fen(rules, board),
        to_move: colour_name(board.side),
        pieces,
        legal: session
            .legal()
            .iter()
            .map(|mv| move_view(&squares, mv))
            .collect(),
        notation: numbered_record(start.side, texts.iter().cloned()),
        moves: texts,
        last: session.moves().last().map(|mv| move_view(&squares, mv)),
        result,
    }
}
