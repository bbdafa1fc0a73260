//! The "15" game (`docs/fifteen-contract.md`) as one [`Game`], generic over its rules: two players take
//! turns picking numbers 1..9 and the moves are the numbers themselves. The two rule sets
//! differ only in which numbers the seat to move may take and when the game is over, so each
//! is a [`Rules`] type with those two functions, and [`Fifteen<R>`] is the game under them:
//!
//! - [`Classic`], `Fifteen(Classic)` (spec name `fifteen`): any free number; the first to hold
//!   three numbers summing to 15 wins; a draw when the numbers run out.
//! - [`OddEven`], `Fifteen(OddEven)` (spec name `fifteen-odd-even`), the article's exercise
//!   (`docs/fifteen-contract.md`, "The exercise variant"): see [`super::odd_even`].
//!
//! The solver, the bots, the exact analysis and terminal play work on `Fifteen<R>` for any `R`.

use super::numbers::{ALL, bit, has_line, list, numbers};
use super::players::Variant;
use super::position::Position;
use crate::game::{Game, GameResult, Seat};
use std::fmt;

/// The label of the stream a bot draws from against a person, in `boardlab fifteen play`
/// and the page alike ([`crate::game::session`]), in either variant.
pub const PLAY_STREAM: &str = "fifteen/play";

/// The rules of one variant of the "15" game: the two things the variants differ in.
pub trait Rules: Copy + Default + fmt::Debug + Send + Sync + 'static {
    /// The game's name in specs and data files.
    const NAME: &'static str;
    /// What the game is, for help text.
    const ABOUT: &'static str;
    /// The variant as the command line and the bots' names know it.
    const VARIANT: Variant;

    /// The numbers the seat to move may take (0 when the game is over).
    fn legal_mask(position: &Position) -> u16;

    /// `Some(result)` when the game is over in `position`.
    fn result(position: &Position) -> Option<GameResult>;
}

/// The "15" game under the rules `R` (by default the classic ones).
#[derive(Clone, Copy, Debug, Default)]
pub struct Fifteen<R = Classic>(pub R);

impl<R: Rules> Fifteen<R> {
    /// The numbers the seat to move may take (0 when the game is over).
    #[inline(always)]
    pub fn legal_mask(&self, position: &Position) -> u16 {
        R::legal_mask(position)
    }
}

impl<R: Rules> Game for Fifteen<R> {
    type Position = Position;
    type Move = u8;
    const NAME: &'static str = R::NAME;

    fn start(&self) -> Position {
        Position::START
    }

    fn to_move(&self, position: &Position) -> Seat {
        position.to_move
    }

    fn legal_moves(&self, position: &Position, moves: &mut Vec<u8>) {
        moves.clear();
        moves.extend(numbers(R::legal_mask(position)));
    }

    #[inline(always)]
    fn play(&self, position: &Position, mv: &u8) -> Position {
        position.with(*mv)
    }

    #[inline(always)]
    fn result(&self, position: &Position) -> Option<GameResult> {
        R::result(position)
    }

    /// A number from 1 to 9 that is free and the seat's to place; the message says why not.
    fn parse_move(&self, position: &Position, text: &str) -> Result<u8, String> {
        let text = text.trim();
        let n: u8 = match text.parse::<i64>() {
            Ok(n) if (1..=9).contains(&n) => n as u8,
            Ok(n) => return Err(format!("{n} is out of range: choose a number from 1 to 9")),
            Err(_) => return Err(format!("`{text}` is not a number: choose one from 1 to 9")),
        };
        if position.free() & bit(n) == 0 {
            Err(format!("{n} is already taken"))
        } else if self.legal_mask(position) & bit(n) == 0 {
            Err(format!(
                "{n} is not yours to place: you may place {}",
                list(self.legal_mask(position))
            ))
        } else {
            Ok(n)
        }
    }
}

/// The classic rules: three of one's own numbers summing to 15 win.
#[derive(Clone, Copy, Debug, Default)]
pub struct Classic;

impl Rules for Classic {
    const NAME: &'static str = "fifteen";
    const ABOUT: &'static str = "the \"15\" game: bots take numbers 1..9, three summing to 15 win";
    const VARIANT: Variant = Variant::Classic;

    #[inline(always)]
    fn legal_mask(position: &Position) -> u16 {
        if has_line(position.taken[0]) || has_line(position.taken[1]) {
            0
        } else {
            position.free()
        }
    }

    #[inline(always)]
    fn result(position: &Position) -> Option<GameResult> {
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
        let game = Fifteen(Classic);
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
        let game = Fifteen(Classic);
        let mut p = game.start();
        // The square filled X O X / X O O / O X X: no line for either side.
        for n in [8, 1, 6, 5, 3, 7, 9, 4, 2] {
            assert_eq!(game.result(&p), None, "{p:?}");
            p = game.play(&p, &n);
        }
        assert_eq!(game.result(&p), Some(GameResult::Draw));
    }

    #[test]
    fn a_typed_number_is_refused_naming_the_problem() {
        use crate::fifteen::OddEven;
        let p = Position::START.with(5);
        let classic = Fifteen(Classic);
        assert_eq!(
            classic.parse_move(&p, "5"),
            Err("5 is already taken".into())
        );
        assert!(
            classic
                .parse_move(&p, "10")
                .unwrap_err()
                .contains("out of range")
        );
        assert!(
            classic
                .parse_move(&p, "x")
                .unwrap_err()
                .contains("not a number")
        );
        assert_eq!(classic.parse_move(&p, " 4 "), Ok(4));
        assert_eq!(classic.move_text(&p, &4), "4");
        assert_eq!(
            Fifteen(OddEven).parse_move(&p, "3"),
            Err("3 is not yours to place: you may place 2 4 6 8".into())
        );
    }

    /// OpenSpiel's random play with undo (see [`crate::game::session`]), in both variants
    /// and every seating, with seeded bots.
    #[test]
    fn random_play_with_undo_matches_a_replay() {
        use crate::fifteen::OddEven;
        use crate::game::Sitter::{self, Person};
        use crate::game::session::random_play_with_undo;
        let bot = |name: &str| Sitter::Bot(name.to_string());
        for seats in [
            [Person, bot("random")],
            [bot("mcts:20"), Person],
            [Person, Person],
            [bot("random"), bot("perfect")],
        ] {
            random_play_with_undo(&Fifteen(Classic), &Position::START, &seats, 10, PLAY_STREAM)
                .unwrap();
            random_play_with_undo(&Fifteen(OddEven), &Position::START, &seats, 10, PLAY_STREAM)
                .unwrap();
        }
    }
}
