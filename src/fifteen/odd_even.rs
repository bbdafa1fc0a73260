//! The rules of the article's exercise (`docs/fifteen-contract.md`, "The exercise variant"), played
//! as `Fifteen(OddEven)`: the first seat owns the odd numbers 1,3,5,7,9 and moves first, the
//! second the even ones 2,4,6,8; they take turns placing one of their own numbers; whoever
//! places a number that makes a sum of 15 with two numbers already placed, by either seat,
//! wins; a draw when all nine are placed.
//!
//! Since a triple may mix both seats' numbers, only the set of placed numbers matters for the
//! end: the game ends as soon as the placed numbers hold a triple, and the seat that placed
//! last wins.

use super::game::Rules;
use super::numbers::{ALL, has_line};
use super::players::Variant;
use super::position::Position;
use crate::game::{GameResult, Seat};

/// The odd numbers, owned by the first seat.
pub const ODD: u16 = 0b1_0101_0101;
/// The even numbers, owned by the second seat.
pub const EVEN: u16 = ALL & !ODD;

/// The odd/even rules.
#[derive(Clone, Copy, Debug, Default)]
pub struct OddEven;

impl OddEven {
    /// The numbers `seat` owns.
    pub fn owned(seat: Seat) -> u16 {
        match seat {
            Seat::First => ODD,
            Seat::Second => EVEN,
        }
    }
}

impl Rules for OddEven {
    const NAME: &'static str = "fifteen-odd-even";
    const ABOUT: &'static str =
        "the article's exercise: odd numbers against even ones, any three placed summing to 15 win";
    const VARIANT: Variant = Variant::OddEven;

    #[inline(always)]
    fn legal_mask(position: &Position) -> u16 {
        if has_line(position.taken[0] | position.taken[1]) {
            0
        } else {
            position.free() & OddEven::owned(position.to_move)
        }
    }

    #[inline(always)]
    fn result(position: &Position) -> Option<GameResult> {
        let placed = position.taken[0] | position.taken[1];
        if has_line(placed) {
            Some(GameResult::Win(position.to_move.other()))
        } else if placed == ALL {
            Some(GameResult::Draw)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fifteen::Fifteen;
    use crate::fifteen::numbers::bit;
    use crate::game::Game;

    #[test]
    fn a_sum_with_the_opponents_numbers_wins() {
        let game = Fifteen(OddEven);
        let p = game.start();
        let mut moves = Vec::new();
        game.legal_moves(&p, &mut moves);
        assert_eq!(moves, [1, 3, 5, 7, 9]);
        let p = game.play(&p, &5);
        game.legal_moves(&p, &mut moves);
        assert_eq!(moves, [2, 4, 6, 8]);
        let p = game.play(&p, &4);
        assert_eq!(game.result(&p), None);
        // 5 + 4 + 6 = 15, but 6 belongs to the second seat: the first may place 1, 3, 7 or 9.
        assert_eq!(game.legal_mask(&p), ODD & !bit(5));
        let p = game.play(&p, &3);
        let p = game.play(&p, &6);
        assert_eq!(game.result(&p), Some(GameResult::Win(Seat::Second)));
    }
}
