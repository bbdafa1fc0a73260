//! The original program's piece lists: each side's pieces in the order its player object holds
//! them, which decides the order in which Damebot meets its moves and so, through its tie rule,
//! which moves it keeps.
//!
//! - A game from the start follows `starting_position.json`: each side from its own back rank
//!   forward, files a to h within a rank (White a1, c1, e1, g1, b2, …; Black b8, d8, f8, h8,
//!   a7, …). A position given as FEN is set up the same way ([`PieceOrder::of_board`]).
//! - A piece keeps its slot when it moves or is crowned; a captured piece leaves its list.
//! - The original removes a captured piece with `splice(indexOf(piece), 1)`. Where its king
//!   jumps a piece it has already taken (only its own rules allow that), the second removal
//!   finds nothing, and `splice(-1, 1)` drops the last piece of the list instead: that piece
//!   stays on the board but is no longer listed, so it never moves again (a "ghost"), and
//!   taking it later drops another. [`PieceOrder::after`] does the same.

use crate::draughts::board::{Board, Color};
use crate::draughts::moves::Move;
use crate::draughts::square::{Square, squares};

/// Each side's pieces, as padded square indices, in the original's list order (slots past a
/// list's length are zero).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PieceOrder {
    squares: [[u8; 12]; 2],
    len: [u8; 2],
}

impl PieceOrder {
    /// The lists the original builds when it sets up `board`: each side from its own back rank
    /// forward, files a to h within a rank (a side has at most 12 pieces).
    pub fn of_board(board: &Board) -> PieceOrder {
        let mut order = PieceOrder {
            squares: [[0; 12]; 2],
            len: [0; 2],
        };
        for color in [Color::White, Color::Black] {
            let mut list: Vec<Square> = squares(board.pieces(color)).collect();
            if color == Color::Black {
                list.sort_by_key(|s| (7 - s.rank(), s.file()));
            }
            for square in list {
                order.push(color, square);
            }
        }
        order
    }

    fn push(&mut self, color: Color, square: Square) {
        let side = color as usize;
        self.squares[side][self.len[side] as usize] = square.index();
        self.len[side] += 1;
    }

    /// The squares of `color`'s listed pieces, in list order.
    pub fn list(&self, color: Color) -> impl ExactSizeIterator<Item = Square> + '_ {
        let side = color as usize;
        self.squares[side][..self.len[side] as usize]
            .iter()
            .map(|&i| Square::from_index(i).expect("lists hold board squares"))
    }

    /// Builds lists from squares in order; `None` if a list is longer than 12.
    pub fn from_lists(white: &[Square], black: &[Square]) -> Option<PieceOrder> {
        if white.len() > 12 || black.len() > 12 {
            return None;
        }
        let mut order = PieceOrder {
            squares: [[0; 12]; 2],
            len: [0; 2],
        };
        for (color, list) in [(Color::White, white), (Color::Black, black)] {
            for &square in list {
                order.push(color, square);
            }
        }
        Some(order)
    }

    /// Every listed square of both sides, as a set.
    pub fn listed(&self) -> u64 {
        [Color::White, Color::Black]
            .into_iter()
            .flat_map(|color| self.list(color))
            .fold(0, |set, square| set | square.bit())
    }

    /// The lists after `mv` is played in `board`: the moving piece keeps its slot, and the
    /// captured pieces leave the opponent's list in the order they were jumped, as the
    /// original removes them (module docs).
    pub fn after(&self, board: &Board, mv: &Move) -> PieceOrder {
        let mut next = *self;
        let own = board.side as usize;
        let from = mv.from().index();
        if let Some(slot) = next.squares[own][..next.len[own] as usize]
            .iter()
            .position(|&s| s == from)
        {
            next.squares[own][slot] = mv.to_index();
        }
        if mv.is_capture() {
            let opponent = board.side.other() as usize;
            let listed = next.squares[opponent][..next.len[opponent] as usize]
                .iter()
                .fold(0u64, |set, &s| set | 1 << s);
            let distinct = mv.landings_len() == mv.captured().count_ones() as usize;
            if distinct && mv.captured() & !listed == 0 {
                // Each taken piece is listed once: the order of removal does not matter.
                for jumped in squares(mv.captured()) {
                    next.remove(opponent, jumped.index());
                }
            } else {
                for jumped in mv.jumps() {
                    next.remove(opponent, jumped.index());
                }
            }
        }
        next
    }

    /// `list.splice(list.indexOf(square), 1)`: removes `square`, or the last piece if it is not
    /// listed (JavaScript's index −1 counts from the end).
    fn remove(&mut self, side: usize, square: u8) {
        let len = self.len[side] as usize;
        if len == 0 {
            return;
        }
        let slot = self.squares[side][..len]
            .iter()
            .position(|&s| s == square)
            .unwrap_or(len - 1);
        self.squares[side].copy_within(slot + 1..len, slot);
        // Slots past the end stay zero, so that equal lists compare equal.
        self.squares[side][len - 1] = 0;
        self.len[side] -= 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::fen::parse_fen;

    fn names(order: &PieceOrder, color: Color) -> Vec<String> {
        order.list(color).map(|s| s.to_string()).collect()
    }

    #[test]
    fn the_start_lists_are_those_of_starting_position_json() {
        let order = PieceOrder::of_board(&Board::start());
        assert_eq!(
            names(&order, Color::White),
            [
                "a1", "c1", "e1", "g1", "b2", "d2", "f2", "h2", "a3", "c3", "e3", "g3"
            ]
        );
        assert_eq!(
            names(&order, Color::Black),
            [
                "b8", "d8", "f8", "h8", "a7", "c7", "e7", "g7", "b6", "d6", "f6", "h6"
            ]
        );
    }

    #[test]
    fn a_mover_keeps_its_slot_and_the_taken_leave() {
        let board = parse_fen("W:Wc3,a1:Bd4,d6,h8").unwrap();
        let order = PieceOrder::of_board(&board);
        let d4: Square = "d4".parse().unwrap();
        let d6: Square = "d6".parse().unwrap();
        let mv = Move::capture(
            "c3".parse().unwrap(),
            &[
                "e5".parse::<Square>().unwrap().index(),
                "c7".parse::<Square>().unwrap().index(),
            ],
            d4.bit() | d6.bit(),
        );
        let next = order.after(&board, &mv);
        assert_eq!(names(&next, Color::White), ["a1", "c7"]);
        assert_eq!(names(&next, Color::Black), ["h8"]);
    }

    #[test]
    fn removing_an_unlisted_piece_drops_the_last_as_splice_minus_one_does() {
        let board = parse_fen("W:Wa1:Bb8,d8,f8").unwrap();
        let mut order = PieceOrder::of_board(&board);
        order.remove(1, "d8".parse::<Square>().unwrap().index());
        assert_eq!(names(&order, Color::Black), ["b8", "f8"]);
        order.remove(1, "d8".parse::<Square>().unwrap().index());
        assert_eq!(names(&order, Color::Black), ["b8"]);
    }
}
