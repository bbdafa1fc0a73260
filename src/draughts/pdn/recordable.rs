//! What PDN needs of a game beyond [`Game`]: its board and a move's route, in the squares of
//! [`crate::draughts::variant`]'s layouts. The national games ([`VariantGame`]) and the 8×8
//! generator's game ([`Draughts`], for Damebot's own rules) both provide it; the 8×8 board's
//! squares are the 8×8 layout's indices, so one set of square names serves both.

use crate::draughts::board::{Board, Color};
use crate::draughts::game::{Draughts, Ending, GamePosition};
use crate::draughts::moves::Move;
use crate::draughts::variant::game::{VariantGame, VariantPosition};
use crate::draughts::variant::{Position, RuleSet, RulesChoice, Variant, VariantMove};
use crate::game::Game;

/// A game whose records PDN writes and reads.
pub trait Recordable: Game {
    /// The rules as users name them.
    fn choice(&self) -> RulesChoice;
    /// The board and notation (Czech's for Damebot's rules).
    fn rule_set(&self) -> RuleSet;
    /// A game position with `board` on the board and no history.
    fn setup(&self, board: &Position) -> Self::Position;
    /// The board of a game position.
    fn board(&self, position: &Self::Position) -> Position;
    /// The start square and the landing squares of a move, and whether it captures.
    fn route(&self, mv: &Self::Move) -> (u32, Vec<u32>, bool);
    /// The rule that ended the game in `position`, if it is over.
    fn ending(&self, position: &Self::Position) -> Option<Ending>;
}

impl Recordable for VariantGame {
    fn choice(&self) -> RulesChoice {
        self.variant().name().parse().expect("the names agree")
    }

    fn rule_set(&self) -> RuleSet {
        *self.rules()
    }

    fn setup(&self, board: &Position) -> VariantPosition {
        VariantPosition::new(*board)
    }

    fn board(&self, position: &VariantPosition) -> Position {
        position.board
    }

    fn route(&self, mv: &VariantMove) -> (u32, Vec<u32>, bool) {
        let landings = mv.landings().iter().map(|&i| i as u32).collect();
        (mv.from(), landings, mv.is_capture())
    }

    fn ending(&self, position: &VariantPosition) -> Option<Ending> {
        VariantGame::ending(self, position).map(|(_, ending)| ending)
    }
}

impl Recordable for Draughts {
    fn choice(&self) -> RulesChoice {
        self.rules.into()
    }

    fn rule_set(&self) -> RuleSet {
        match self.rules {
            crate::draughts::Rules::English => Variant::English.rules(),
            _ => Variant::Czech.rules(),
        }
    }

    fn setup(&self, board: &Position) -> GamePosition {
        GamePosition::new(Board {
            white: board.white as u64,
            black: board.black as u64,
            kings: board.kings as u64,
            side: board.side,
        })
    }

    fn board(&self, position: &GamePosition) -> Position {
        let board = &position.board;
        Position::new(
            board.white as u128,
            board.black as u128,
            board.kings as u128,
            board.side,
        )
    }

    fn route(&self, mv: &Move) -> (u32, Vec<u32>, bool) {
        let landings = mv.landings().iter().map(|s| s.index() as u32).collect();
        (mv.from().index() as u32, landings, mv.is_capture())
    }

    fn ending(&self, position: &GamePosition) -> Option<Ending> {
        Draughts::ending(self, position).map(|(_, ending)| ending)
    }
}

/// The side to move in a game position.
pub fn side<G: Recordable>(game: &G, position: &G::Position) -> Color {
    game.board(position).side
}
