//! The "15" game (docs/fifteen.md): two players take turns picking numbers 1..9; the
//! first to hold three numbers summing to 15 wins; a draw when the numbers run out. Moves are
//! the numbers themselves.

use super::numbers::{ALL, has_line, numbers};
use super::position::Position;
use crate::game::{Game, GameResult, Seat};

/// A game on numbers 1..9 whose positions are [`Position`]s and whose moves are numbers: the
/// "15" game and its odd/even variant. The solver, the players and the analysis work on this.
pub trait NumberGame: Game<Position = Position, Move = u8> + Sync {
    /// The numbers the seat to move may take (0 when the game is over).
    fn legal_mask(&self, position: &Position) -> u16;
}

/// The "15" game.
#[derive(Clone, Copy, Debug, Default)]
pub struct Fifteen;

impl NumberGame for Fifteen {
    #[inline(always)]
    fn legal_mask(&self, position: &Position) -> u16 {
        if has_line(position.taken[0]) || has_line(position.taken[1]) {
            0
        } else {
            position.free()
        }
    }
}

impl Game for Fifteen {
    type Position = Position;
    type Move = u8;
    const NAME: &'static str = "fifteen";

    fn start(&self) -> Position {
        Position::START
    }

    fn to_move(&self, position: &Position) -> Seat {
        position.to_move
    }

    fn legal_moves(&self, position: &Position, moves: &mut Vec<u8>) {
        moves.clear();
        moves.extend(numbers(self.legal_mask(position)));
    }

    #[inline(always)]
    fn play(&self, position: &Position, mv: &u8) -> Position {
        position.with(*mv)
    }

    #[inline(always)]
    fn result(&self, position: &Position) -> Option<GameResult> {
        if has_line(position.taken[0]) {
            Some(GameResult::Win(Seat::First))
        } else if has_line(position.taken[1]) {
            Some(GameResult::Win(Seat::Second))
        } else if position.taken[0] | position.taken[1] == ALL {
            Some(GameResult::Draw)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_numbers_summing_to_fifteen_win() {
        let game = Fifteen;
        let mut p = game.start();
        for n in [2, 1, 9, 3] {
            p = game.play(&p, &n);
            assert_eq!(game.result(&p), None);
        }
        p = game.play(&p, &4);
        assert_eq!(game.result(&p), Some(GameResult::Win(Seat::First)));
        assert_eq!(game.legal_mask(&p), 0);
        let mut moves = vec![7];
        game.legal_moves(&p, &mut moves);
        assert!(moves.is_empty());
    }

    #[test]
    fn a_full_board_without_triple_is_a_draw() {
        let game = Fifteen;
        let mut p = game.start();
        // The square filled X O X / X O O / O X X: no line for either side.
        for n in [8, 1, 6, 5, 3, 7, 9, 4, 2] {
            assert_eq!(game.result(&p), None, "{p:?}");
            p = game.play(&p, &n);
        }
        assert_eq!(game.result(&p), Some(GameResult::Draw));
    }
}
