//! `mcts:N`: Monte Carlo tree search (UCT, Kocsis and Szepesvári 2006) with N playouts per
//! move, by the shared search of [`crate::game::mcts`].
//!
//! The search sees the board alone, as [`BoardGame`]: a side without a move has lost, and the
//! draw rules and the ply cap of the real game are not simulated. Each playout adds one node
//! (the first untried move of the node reached, in generator order), then plays uniformly
//! random moves from it for at most [`PLAYOUT_PLIES`] plies; a playout cut at the limit scores
//! 1, ½ or 0 for White by the sign of the material evaluation ([`super::eval`]). The move
//! played is the root child visited most (the first such in generator order); with one legal
//! move the bot plays it without searching. All randomness comes from the game's random stream.

use super::board_rules::BoardRules;
use crate::draughts::board::Color;
use crate::draughts::game::{Draughts, GamePosition, seat_of};
use crate::draughts::moves::Move;
use crate::draughts::rules::Rules;
use crate::game::mcts::{Expansion, Rollout, Uct};
use crate::game::{Game, GameResult, Player, Seat};
use rand_core::Rng;

/// Random plies per playout before the material decides.
pub const PLAYOUT_PLIES: u32 = 200;

/// Draughts as the tree search sees it: positions are boards, moves those of the rule set's
/// generator (for the original's rules, with the piece lists a board sets up), and the game
/// ends only when the side to move has no move, which loses.
#[derive(Clone, Copy, Debug)]
pub struct BoardGame<R: BoardRules = Rules> {
    pub rules: R,
}

impl<R: BoardRules> Game for BoardGame<R> {
    type Position = R::Board;
    type Move = R::Move;
    const NAME: &'static str = "draughts-board";

    fn start(&self) -> R::Board {
        self.rules.start()
    }

    fn to_move(&self, board: &R::Board) -> Seat {
        seat_of(R::side(board))
    }

    fn legal_moves(&self, board: &R::Board, moves: &mut Vec<R::Move>) {
        self.rules.legal_moves(board, moves);
    }

    fn play(&self, board: &R::Board, mv: &R::Move) -> R::Board {
        self.rules.play(board, mv)
    }

    fn result(&self, board: &R::Board) -> Option<GameResult> {
        self.rules
            .stuck(board)
            .then(|| GameResult::Win(seat_of(R::side(board).other())))
    }
}

/// White's value of a board where a playout was cut: 1, ½ or 0 by the sign of the material.
fn material<R: BoardRules>(game: &BoardGame<R>, board: &R::Board) -> f64 {
    let white_view = match R::side(board) {
        Color::White => game.rules.evaluate(board),
        Color::Black => -game.rules.evaluate(board),
    };
    match white_view.signum() {
        1 => 1.0,
        -1 => 0.0,
        _ => 0.5,
    }
}

pub struct Mcts {
    playouts: u32,
}

impl Mcts {
    pub fn new(playouts: u32) -> Mcts {
        Mcts { playouts }
    }

    /// Playouts per move.
    pub fn playouts(&self) -> u32 {
        self.playouts
    }

    /// The most visited root move after this bot's playouts from `board`.
    pub fn best_move<R: BoardRules>(
        &self,
        board: &R::Board,
        rules: R,
        rng: &mut dyn Rng,
    ) -> R::Move {
        let uct = Uct::new(self.playouts, Expansion::InOrder);
        let mut playout = Rollout::cut(PLAYOUT_PLIES, material::<R>);
        uct.search(&BoardGame { rules }, board, &mut playout, rng)
    }
}

impl Player<Draughts> for Mcts {
    fn name(&self) -> String {
        format!("mcts:{}", self.playouts)
    }

    fn choose(&mut self, game: &Draughts, position: &GamePosition, rng: &mut dyn Rng) -> Move {
        if let Some(only) = crate::draughts::bots::only_move(game, position) {
            return only;
        }
        self.best_move(&position.board, game.rules, rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::parse_fen;

    #[test]
    fn it_finds_the_move_that_leaves_black_without_a_move() {
        // a5-b6 blocks Black's last man on a7 (c5 covers the capture); c5-b6 would be taken.
        let board = parse_fen("W:Wa5,c5:Ba7").unwrap();
        for index in 0..3 {
            let mut rng = crate::rng::stream(1, "test", index);
            let mv = Mcts::new(200).best_move(&board, Rules::Czech, &mut rng);
            assert_eq!(mv.to_string(), "a5-b6");
        }
    }
}
