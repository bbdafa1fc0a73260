//! The board: its size, its squares, 64-bit bitboards, and a placement of symbols on it.
//!
//! Squares are numbered file-major: `index = file * n + rank`, so A1, A2, …, A8, B1, … on
//! 8×8. This is the order in which the seed program lists free squares, so "the k-th set bit"
//! of a bitboard is "the k-th candidate" of the original program. Every board from 4×4 to
//! 8×8 fits one `u64`.

mod text;

pub use text::{BoardFormat, BoardParseError, format_board, parse_board};

use crate::chess_memory::pieces::Symbol;
use std::fmt;

/// A set of squares: bit `i` is the square with index `i`.
pub type Bitboard = u64;

/// The bitboard holding only `square`.
#[inline(always)]
pub fn square_bit(square: Square) -> Bitboard {
    1u64 << square.0
}

/// The squares of a bitboard in increasing index order.
pub fn squares_of(mut bits: Bitboard) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let index = bits.trailing_zeros() as u8;
        bits &= bits - 1;
        Some(Square(index))
    })
}

/// A square by its file-major index (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub u8);

impl Square {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The side length n of an n×n board, 4 ≤ n ≤ 8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardSize(u8);

impl BoardSize {
    pub const MIN: usize = 4;
    pub const MAX: usize = 8;
    /// The standard 8×8 chess board.
    pub const STANDARD: BoardSize = BoardSize(8);

    /// A board of side `n`, or an error naming the allowed range.
    pub fn new(n: usize) -> Result<BoardSize, BoardSizeError> {
        if (Self::MIN..=Self::MAX).contains(&n) {
            Ok(BoardSize(n as u8))
        } else {
            Err(BoardSizeError(n))
        }
    }

    /// Side length n.
    pub fn side(self) -> usize {
        self.0 as usize
    }

    /// Number of squares, n².
    pub fn squares(self) -> usize {
        self.side() * self.side()
    }

    /// All squares of the board as a bitboard.
    pub fn all_squares(self) -> Bitboard {
        if self.squares() == 64 {
            u64::MAX
        } else {
            (1u64 << self.squares()) - 1
        }
    }

    /// The square on `file` (0 = A) and `rank` (0 = rank 1).
    pub fn square(self, file: usize, rank: usize) -> Square {
        debug_assert!(file < self.side() && rank < self.side());
        Square((file * self.side() + rank) as u8)
    }

    /// File (0 = A) and rank (0 = rank 1) of `square`.
    pub fn coordinates(self, square: Square) -> (usize, usize) {
        (square.index() / self.side(), square.index() % self.side())
    }

    /// The square's name, such as `C4`.
    pub fn square_name(self, square: Square) -> String {
        let (file, rank) = self.coordinates(square);
        format!("{}{}", (b'A' + file as u8) as char, rank + 1)
    }

    /// The square named like `C4` or `c4`, if it is on this board.
    pub fn parse_square(self, name: &str) -> Option<Square> {
        let mut chars = name.chars();
        let file = chars.next()?.to_ascii_uppercase();
        let rank: usize = chars.as_str().parse().ok()?;
        let file = (file as usize).checked_sub('A' as usize)?;
        (file < self.side() && (1..=self.side()).contains(&rank))
            .then(|| self.square(file, rank - 1))
    }
}

impl Default for BoardSize {
    fn default() -> Self {
        BoardSize::STANDARD
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}×{}", self.0, self.0)
    }
}

/// A board side outside 4..=8.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("board size {0} is not supported; use a side from 4 to 8 (an n×n board fits 64 bits)")]
pub struct BoardSizeError(pub usize);

/// Symbols placed on an n×n board: one bitboard per symbol, disjoint.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    size: BoardSize,
    pieces: [Bitboard; Symbol::COUNT],
}

impl Board {
    /// An empty board.
    pub fn empty(size: BoardSize) -> Board {
        Board {
            size,
            pieces: [0; Symbol::COUNT],
        }
    }

    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The symbol on `square`, if any.
    pub fn get(&self, square: Square) -> Option<Symbol> {
        let bit = square_bit(square);
        Symbol::ALL
            .into_iter()
            .find(|symbol| self.pieces[symbol.index()] & bit != 0)
    }

    /// Puts `symbol` on `square`, replacing what was there; `None` empties it.
    pub fn set(&mut self, square: Square, symbol: Option<Symbol>) {
        let bit = square_bit(square);
        for bits in &mut self.pieces {
            *bits &= !bit;
        }
        if let Some(symbol) = symbol {
            self.pieces[symbol.index()] |= bit;
        }
    }

    /// Puts `symbol` on every square of `squares`, replacing what they held.
    pub fn put(&mut self, symbol: Symbol, squares: Bitboard) {
        for bits in &mut self.pieces {
            *bits &= !squares;
        }
        self.pieces[symbol.index()] |= squares;
    }

    /// The squares holding `symbol`.
    pub fn pieces(&self, symbol: Symbol) -> Bitboard {
        self.pieces[symbol.index()]
    }

    /// All occupied squares.
    pub fn occupied(&self) -> Bitboard {
        self.pieces.iter().fold(0, |all, bits| all | bits)
    }

    /// How many pieces of each symbol the board holds, indexed by [`Symbol::index`].
    pub fn piece_counts(&self) -> [u32; Symbol::COUNT] {
        self.pieces.map(u64::count_ones)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn put_replaces_what_the_squares_held() {
        let size = BoardSize::STANDARD;
        let (queen, rook) = (Symbol::from_index(0), Symbol::from_index(3));
        let mut board = Board::empty(size);
        board.set(Square(0), Some(rook));
        board.set(Square(5), Some(rook));
        board.put(queen, 0b11);
        assert_eq!(board.get(Square(0)), Some(queen));
        assert_eq!(board.get(Square(1)), Some(queen));
        assert_eq!(board.get(Square(5)), Some(rook));
        assert_eq!(board.pieces(rook), 1 << 5);
        assert_eq!(board.occupied(), 0b10_0011);
    }
}
