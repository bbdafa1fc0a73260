//! Draughts as a [`Game`]: positions carry the draw-rule history and the original Damebot's
//! piece lists ([`PieceOrder`]), White takes the first seat.
//!
//! Draws, the project's convention for automated play (stated with every result): threefold
//! repetition of the same position with the same side to move, or [`QUIET_PLY_LIMIT`]
//! consecutive plies without a capture or a man move, or the game reaching its ply cap. A side
//! to move without a legal move (no pieces, or all blocked) loses.

use super::board::{Board, Color};
use super::movegen;
use super::moves::{Move, MoveText};
use super::original::{self, PieceOrder};
use super::rules::Rules;
use crate::game::{Game, GameResult, Seat};
use std::fmt;

/// Plies without a capture or a man move after which the game is drawn.
pub const QUIET_PLY_LIMIT: u32 = 60;

/// The same position with the same side to move this often is a draw.
pub const REPETITIONS_FOR_DRAW: u32 = 3;

/// Default cap on a game's length in plies.
pub const DEFAULT_MAX_PLIES: u32 = 400;

/// The game under one rules variant, with a cap on its length.
#[derive(Clone, Copy, Debug)]
pub struct Draughts {
    pub rules: Rules,
    /// Plies after which the game is drawn (default [`DEFAULT_MAX_PLIES`]).
    pub max_plies: u32,
}

/// Czech rules with the default ply cap.
impl Default for Draughts {
    fn default() -> Draughts {
        Draughts::new(Rules::Czech)
    }
}

impl Draughts {
    pub fn new(rules: Rules) -> Draughts {
        Draughts {
            rules,
            max_plies: DEFAULT_MAX_PLIES,
        }
    }
}

/// The label of the stream a bot draws from against a person, in `boardlab draughts play`
/// and the page alike ([`crate::game::session`]).
pub const PLAY_STREAM: &str = "draughts/play";

/// A position in a game: the board and what the draw rules need.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GamePosition {
    pub board: Board,
    /// Plies played since the start.
    pub plies: u32,
    /// Consecutive plies without a capture or a man move.
    pub quiet_plies: u32,
    /// The boards since the last capture or man move, this one included (only these can
    /// repeat).
    pub since_irreversible: Vec<Board>,
    /// Each side's pieces in the original Damebot's list order: which moves the bot meets
    /// first, and under its own rules which pieces may move.
    pub order: PieceOrder,
}

impl GamePosition {
    /// A game position starting from `board`, with no history, its pieces listed as the
    /// original lists a position it sets up ([`PieceOrder::of_board`]).
    pub fn new(board: Board) -> GamePosition {
        GamePosition::with_order(board, PieceOrder::of_board(&board))
    }

    /// A game position starting from `board` with the piece lists `order`.
    pub fn with_order(board: Board, order: PieceOrder) -> GamePosition {
        GamePosition {
            board,
            plies: 0,
            quiet_plies: 0,
            since_irreversible: vec![board],
            order,
        }
    }

    /// How often the current board has occurred since the last capture or man move.
    pub fn repetitions(&self) -> usize {
        self.since_irreversible
            .iter()
            .filter(|b| **b == self.board)
            .count()
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Ending {
    /// The side to move had no legal move and lost.
    NoMove,
    /// The same position appeared a third time: drawn.
    Repetition,
    /// [`QUIET_PLY_LIMIT`] plies without a capture or a man move: drawn.
    QuietPlies,
    /// The ply cap: drawn.
    PlyCap,
}

impl Ending {
    /// Every ending, in a fixed order.
    pub const ALL: [Ending; 4] = [
        Ending::NoMove,
        Ending::Repetition,
        Ending::QuietPlies,
        Ending::PlyCap,
    ];

    /// Its name in tables.
    pub fn name(self) -> &'static str {
        match self {
            Ending::NoMove => "no-move",
            Ending::Repetition => "repetition",
            Ending::QuietPlies => "quiet-plies",
            Ending::PlyCap => "ply-cap",
        }
    }
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Draughts {
    /// How the game stands in `position` if it is over: its result and the rule that ended it.
    pub fn ending(&self, position: &GamePosition) -> Option<(GameResult, Ending)> {
        let result = self.result(position)?;
        let ending = match result {
            GameResult::Win(_) => Ending::NoMove,
            GameResult::Draw if position.repetitions() >= REPETITIONS_FOR_DRAW as usize => {
                Ending::Repetition
            }
            GameResult::Draw if position.quiet_plies >= QUIET_PLY_LIMIT => Ending::QuietPlies,
            GameResult::Draw => Ending::PlyCap,
        };
        Some((result, ending))
    }

    /// Whether the side to move has a legal move: under the standard rules a capture or a
    /// quiet move (where a capture exists one is legal), counted without listing them.
    fn has_legal_move(&self, position: &GamePosition) -> bool {
        match self.rules {
            Rules::Damebot => {
                let mut moves = Vec::new();
                self.legal_moves(position, &mut moves);
                !moves.is_empty()
            }
            rules => {
                movegen::has_capture(&position.board, rules)
                    || movegen::count_quiet_moves(&position.board, rules) > 0
            }
        }
    }
}

pub fn seat_of(color: Color) -> Seat {
    match color {
        Color::White => Seat::First,
        Color::Black => Seat::Second,
    }
}

impl Game for Draughts {
    type Position = GamePosition;
    type Move = Move;
    const NAME: &'static str = "draughts";

    fn start(&self) -> GamePosition {
        GamePosition::new(Board::start())
    }

    fn to_move(&self, position: &GamePosition) -> Seat {
        seat_of(position.board.side)
    }

    fn legal_moves(&self, position: &GamePosition, moves: &mut Vec<Move>) {
        match self.rules {
            Rules::Damebot => original::legal_moves(&position.board, &position.order, moves),
            rules => movegen::legal_moves(&position.board, rules, moves),
        }
    }

    fn play(&self, position: &GamePosition, mv: &Move) -> GamePosition {
        let mut next = position.clone();
        self.advance(&mut next, mv);
        next
    }

    fn advance(&self, position: &mut GamePosition, mv: &Move) {
        let board = position.board.play(mv);
        let man_moved = position.board.kings & mv.from().bit() == 0;
        position.order = position.order.after(&position.board, mv);
        position.board = board;
        position.plies += 1;
        position.quiet_plies += 1;
        if mv.is_capture() || man_moved {
            position.quiet_plies = 0;
            position.since_irreversible.clear();
        }
        position.since_irreversible.push(board);
    }

    fn result(&self, position: &GamePosition) -> Option<GameResult> {
        if !self.has_legal_move(position) {
            return Some(GameResult::Win(seat_of(position.board.side.other())));
        }
        let drawn = position.repetitions() >= REPETITIONS_FOR_DRAW as usize
            || position.quiet_plies >= QUIET_PLY_LIMIT
            || position.plies >= self.max_plies;
        drawn.then_some(GameResult::Draw)
    }

    /// The notation of [`super::moves`], or any spelling [`MoveText::resolve`] accepts.
    fn parse_move(&self, position: &GamePosition, text: &str) -> Result<Move, String> {
        let mut legal = Vec::new();
        self.legal_moves(position, &mut legal);
        MoveText::parse(text)
            .and_then(|parsed| parsed.resolve(&legal, text.trim()))
            .map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::{MoveText, parse_fen};

    fn play_text(game: &Draughts, position: &GamePosition, text: &str) -> GamePosition {
        let mut moves = Vec::new();
        game.legal_moves(position, &mut moves);
        let mv = MoveText::parse(text)
            .unwrap()
            .resolve(&moves, text)
            .unwrap();
        game.play(position, &mv)
    }

    #[test]
    fn a_side_without_moves_loses() {
        let game = Draughts::new(Rules::Czech);
        let position = GamePosition::new(parse_fen("B:Wc3:B").unwrap());
        assert_eq!(game.result(&position), Some(GameResult::Win(Seat::First)));
        let blocked = GamePosition::new(parse_fen("W:Wa1:Bb2,c3").unwrap());
        assert_eq!(game.result(&blocked), Some(GameResult::Win(Seat::Second)));
    }

    #[test]
    fn kings_shuffling_back_and_forth_draw_by_threefold_repetition() {
        let game = Draughts::new(Rules::Czech);
        let mut position = GamePosition::new(parse_fen("W:WKa1:BKh2").unwrap());
        let cycle = ["a1-b2", "h2-g1", "b2-a1", "g1-h2"];
        for (i, text) in cycle.iter().cycle().take(8).enumerate() {
            assert_eq!(game.result(&position), None, "after {i} plies");
            position = play_text(&game, &position, text);
        }
        // The start position has now occurred three times.
        assert_eq!(game.result(&position), Some(GameResult::Draw));
    }

    #[test]
    fn sixty_quiet_king_plies_draw_and_a_man_move_resets_the_count() {
        let game = Draughts::new(Rules::Czech);
        let mut position = GamePosition::new(parse_fen("W:WKa1,c1:BKh8").unwrap());
        position.quiet_plies = 59;
        let after_king = play_text(&game, &position, "a1-b2");
        assert_eq!(game.result(&after_king), Some(GameResult::Draw));
        let after_man = play_text(&game, &position, "c1-d2");
        assert_eq!(after_man.quiet_plies, 0);
        assert_eq!(game.result(&after_man), None);
    }

    #[test]
    fn the_ply_cap_draws_a_game_still_going_but_not_one_already_lost() {
        let game = Draughts {
            rules: Rules::Czech,
            max_plies: 10,
        };
        let mut position = GamePosition::new(parse_fen("W:Wc1:Bh8").unwrap());
        position.plies = 9;
        let capped = play_text(&game, &position, "c1-d2");
        assert_eq!(capped.plies, 10);
        assert_eq!(game.result(&capped), Some(GameResult::Draw));
        // Black's last man is blocked when the cap is reached: the loss stands.
        let mut blocked = GamePosition::new(parse_fen("W:Wa1,f6,g7:Bh8").unwrap());
        blocked.plies = 9;
        let lost = play_text(&game, &blocked, "a1-b2");
        assert_eq!(game.result(&lost), Some(GameResult::Win(Seat::First)));
    }

    /// The check without a move list against the list, on every position of random games
    /// under each rule set and on positions where the side to move is blocked or has none.
    #[test]
    fn a_legal_move_exists_exactly_where_the_list_has_one() {
        let mut moves = Vec::new();
        let mut ends = 0;
        for rules in Rules::ALL.iter().copied() {
            let game = Draughts::new(rules);
            for fen in ["B:Wc3:B", "W:Wa1:Bb2,c3", "W:WKa1:Bb2,c3", "B:WKh2:Bh8"] {
                let position = GamePosition::new(parse_fen(fen).unwrap());
                game.legal_moves(&position, &mut moves);
                assert_eq!(game.has_legal_move(&position), !moves.is_empty(), "{fen}");
            }
            let mut stream = crate::rng::stream(5, "legal move exists", rules as u64);
            for _ in 0..60 {
                let mut position = game.start();
                loop {
                    game.legal_moves(&position, &mut moves);
                    assert_eq!(game.has_legal_move(&position), !moves.is_empty());
                    if moves.is_empty() || position.plies >= 300 {
                        ends += moves.is_empty() as u32;
                        break;
                    }
                    let pick = crate::rng::below(&mut stream, moves.len() as u64) as usize;
                    game.advance(&mut position, &moves[pick]);
                }
            }
        }
        // Random games end in a position without moves often enough to test that case.
        assert!(ends > 30, "{ends}");
    }

    /// OpenSpiel's random play with undo (see [`crate::game::session`]) in every seating,
    /// under each rule set, with games cut at 50 plies.
    #[test]
    fn random_play_with_undo_matches_a_replay() {
        use crate::game::Sitter::{self, Person};
        use crate::game::session::random_play_with_undo;
        let bot = |name: &str| Sitter::Bot(name.to_string());
        for rules in Rules::ALL.iter().copied() {
            let game = Draughts {
                rules,
                max_plies: 50,
            };
            for seats in [
                [Person, bot("random")],
                [bot("damebot"), Person],
                [Person, Person],
                [bot("random"), bot("alphabeta:1")],
            ] {
                random_play_with_undo(&game, &game.start(), &seats, 3, PLAY_STREAM).unwrap();
            }
        }
    }
}
