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

use super::eval::evaluate;
use crate::draughts::board::{Board, Color};
use crate::draughts::game::{Draughts, GamePosition, seat_of};
use crate::draughts::movegen::{self, legal_moves};
use crate::draughts::moves::Move;
use crate::draughts::rules::Rules;
use crate::game::mcts::{Expansion, Rollout, Uct};
use crate::game::{Game, GameResult, Player, Seat};
use rand_core::Rng;

/// Random plies per playout before the material decides.
pub const PLAYOUT_PLIES: u32 = 200;

/// Draughts as the tree search sees it: positions are boards, moves those of the fast
/// generator under `rules` (for the original's rules, with the piece lists a board sets up),
/// and the game ends only when the side to move has no move, which loses.
#[derive(Clone, Copy, Debug)]
pub struct BoardGame {
    pub rules: Rules,
}

impl Game for BoardGame {
    type Position = Board;
    type Move = Move;
    const NAME: &'static str = "draughts-board";

    fn start(&self) -> Board {
        Board::start()
    }

    fn to_move(&self, board: &Board) -> Seat {
        seat_of(board.side)
    }

    fn legal_moves(&self, board: &Board, moves: &mut Vec<Move>) {
        legal_moves(board, self.rules, moves);
    }

    fn play(&self, board: &Board, mv: &Move) -> Board {
        board.play(mv)
    }

    fn result(&self, board: &Board) -> Option<GameResult> {
        let stuck = match self.rules {
            Rules::Damebot => {
                let mut moves = Vec::new();
                legal_moves(board, self.rules, &mut moves);
                moves.is_empty()
            }
            // What perft relies on too: no capture and no quiet move is no legal move.
            rules => {
                !movegen::has_capture(board, rules) && movegen::count_quiet_moves(board, rules) == 0
            }
        };
        stuck.then(|| GameResult::Win(seat_of(board.side.other())))
    }
}

/// White's value of a board where a playout was cut: 1, ½ or 0 by the sign of the material.
fn material(game: &BoardGame, board: &Board) -> f64 {
    let white_view = match board.side {
        Color::White => evaluate(board, game.rules),
        Color::Black => -evaluate(board, game.rules),
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

    /// The most visited root move after this bot's playouts from `board`.
    pub fn best_move(&self, board: &Board, rules: Rules, rng: &mut dyn Rng) -> Move {
        let uct = Uct::new(self.playouts, Expansion::InOrder);
        let mut playout = Rollout::cut(PLAYOUT_PLIES, material);
        uct.search(&BoardGame { rules }, board, &mut playout, rng)
    }
}

impl Player<Draughts> for Mcts {
    fn name(&self) -> String {
        format!("mcts:{}", self.playouts)
    }

    fn choose(&mut self, game: &Draughts, position: &GamePosition, rng: &mut dyn Rng) -> Move {
        let mut moves = Vec::new();
        game.legal_moves(position, &mut moves);
        if moves.len() == 1 {
            return moves[0];
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
