//! A draughts position as three bitboards (white pieces, black pieces, kings) and the side to
//! move. Copying one is cheap; a move makes a new one ([`Board::play`]).

use super::moves::Move;
use super::square::{RANK_1, RANK_8, Square, VALID};

/// A side. White moves first from the start position and moves up the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    White,
    Black,
}

impl Color {
    pub fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// The two diagonal steps of this side's men.
    pub fn forward(self) -> [i8; 2] {
        match self {
            Color::White => [4, 5],
            Color::Black => [-4, -5],
        }
    }

    /// The rank where this side's men become kings.
    pub fn promotion_rank(self) -> u64 {
        match self {
            Color::White => RANK_8,
            Color::Black => RANK_1,
        }
    }

    /// The FEN letter: `W` or `B`.
    pub fn letter(self) -> char {
        match self {
            Color::White => 'W',
            Color::Black => 'B',
        }
    }
}

/// A position: who stands where and who is to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pub white: u64,
    pub black: u64,
    pub kings: u64,
    pub side: Color,
}

impl Board {
    /// Twelve men each, White on ranks 1–3, Black on ranks 6–8, White to move.
    pub fn start() -> Board {
        Board {
            white: ((1 << 13) - 1) & VALID,
            black: VALID & !((1 << 23) - 1),
            kings: 0,
            side: Color::White,
        }
    }

    /// The pieces of `color`.
    pub fn pieces(&self, color: Color) -> u64 {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// The pieces of the side to move and of the opponent.
    #[inline(always)]
    pub fn own_and_opponent(&self) -> (u64, u64) {
        match self.side {
            Color::White => (self.white, self.black),
            Color::Black => (self.black, self.white),
        }
    }

    pub fn occupied(&self) -> u64 {
        self.white | self.black
    }

    pub fn empty(&self) -> u64 {
        VALID & !self.occupied()
    }

    /// The piece on `square`: its colour and whether it is a king.
    pub fn piece_at(&self, square: Square) -> Option<(Color, bool)> {
        let bit = square.bit();
        let king = self.kings & bit != 0;
        if self.white & bit != 0 {
            Some((Color::White, king))
        } else if self.black & bit != 0 {
            Some((Color::Black, king))
        } else {
            None
        }
    }

    /// The position after `mv` (a legal move of this position): the piece moves, the captured
    /// pieces leave, a man ending on its last rank is crowned, and the other side is to move.
    #[inline]
    pub fn play(&self, mv: &Move) -> Board {
        let from = mv.from_bit();
        let to = mv.to_bit();
        let captured = mv.captured();
        let (mut own, mut opponent) = self.own_and_opponent();
        own = (own & !from) | to;
        opponent &= !captured;
        let mut kings = self.kings & !captured;
        if kings & from != 0 || to & self.side.promotion_rank() != 0 {
            kings = (kings & !from) | to;
        }
        let (white, black) = match self.side {
            Color::White => (own, opponent),
            Color::Black => (opponent, own),
        };
        Board {
            white,
            black,
            kings,
            side: self.side.other(),
        }
    }

    /// The position after the quiet move of the piece on `from` to `to` (single-square sets).
    #[inline(always)]
    pub fn step(&self, from: u64, to: u64) -> Board {
        let mut kings = self.kings;
        if kings & from != 0 || to & self.side.promotion_rank() != 0 {
            kings = (kings & !from) | to;
        }
        let (white, black) = match self.side {
            Color::White => (self.white ^ from ^ to, self.black),
            Color::Black => (self.white, self.black ^ from ^ to),
        };
        Board {
            white,
            black,
            kings,
            side: self.side.other(),
        }
    }

    /// The same position with colours and directions swapped (rotated by 180°).
    pub fn mirrored(&self) -> Board {
        let flip = |set: u64| (set.reverse_bits() >> 28) & VALID;
        Board {
            white: flip(self.black),
            black: flip(self.white),
            kings: flip(self.kings),
            side: self.side.other(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::square::squares;

    fn names(set: u64) -> Vec<String> {
        squares(set).map(|s| s.to_string()).collect()
    }

    #[test]
    fn start_position_has_twelve_men_on_the_right_ranks() {
        let board = Board::start();
        assert_eq!(board.white.count_ones(), 12);
        assert_eq!(board.black.count_ones(), 12);
        assert!(
            names(board.white)
                .iter()
                .all(|n| n.ends_with(['1', '2', '3']))
        );
        assert!(
            names(board.black)
                .iter()
                .all(|n| n.ends_with(['6', '7', '8']))
        );
        assert_eq!(board.white & board.black, 0);
    }

    #[test]
    fn mirroring_twice_is_the_identity_and_maps_the_start_to_itself_but_the_side() {
        let board = Board::start();
        let mirrored = board.mirrored();
        assert_eq!(mirrored.white, board.white);
        assert_eq!(mirrored.black, board.black);
        assert_eq!(mirrored.side, Color::Black);
        assert_eq!(mirrored.mirrored(), board);
    }
}
