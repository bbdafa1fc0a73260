//! Boards, squares and the knight's eight moves.
//!
//! Moves are numbered as in Squirrel & Cull (1996) and Ganzfried (2004), as (row, column)
//! offsets with row 1 at the top: 1 = (−2, +1), 2 = (−1, +2), 3 = (+1, +2), 4 = (+2, +1),
//! 5 = (+2, −1), 6 = (+1, −2), 7 = (−1, −2), 8 = (−2, −1). A [`MoveOrder`] lists them in
//! priority order; the seed program's move table is the ordering `76548123`.
//!
//! The fast searches use a *bordered* layout: the board sits inside a frame two squares wide,
//! row-major with stride `W + 4`, so a move is one signed offset and a frame square is never
//! on the board ([`Layout`]).

use super::KnightsError;
use std::fmt;
use std::str::FromStr;

/// The largest board accepted (squares); larger ones would not fit in memory.
pub const MAX_SQUARES: u64 = 100_000_000;

/// A board of `width` columns and `height` rows, 1 ≤ W·H ≤ [`MAX_SQUARES`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    width: u32,
    height: u32,
}

/// A square, 0-based: `x` the column from the left, `y` the row from the top.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub struct Square {
    pub x: u32,
    pub y: u32,
}

impl Square {
    pub fn new(x: u32, y: u32) -> Square {
        Square { x, y }
    }
}

impl fmt::Display for Square {
    /// 1-based `(x,y)`, as on the command line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.x + 1, self.y + 1)
    }
}

impl Board {
    /// A checked board: both sides at least 1, at most [`MAX_SQUARES`] squares.
    pub fn new(width: u64, height: u64) -> Result<Board, KnightsError> {
        if width == 0 || height == 0 {
            return Err(KnightsError::EmptyBoard { width, height });
        }
        if width.saturating_mul(height) > MAX_SQUARES {
            return Err(KnightsError::BoardTooLarge { width, height });
        }
        Ok(Board {
            width: width as u32,
            height: height as u32,
        })
    }

    /// The n×n board.
    pub fn square(n: u64) -> Result<Board, KnightsError> {
        Board::new(n, n)
    }

    pub fn width(&self) -> u32 {
        self.width
    }

    pub fn height(&self) -> u32 {
        self.height
    }

    pub fn squares(&self) -> usize {
        self.width as usize * self.height as usize
    }

    pub fn contains(&self, x: i64, y: i64) -> bool {
        x >= 0 && y >= 0 && x < self.width as i64 && y < self.height as i64
    }

    /// Row-major index of a square, 0..W·H.
    pub fn index(&self, square: Square) -> usize {
        square.y as usize * self.width as usize + square.x as usize
    }

    /// The square of a row-major index.
    pub fn square_at(&self, index: usize) -> Square {
        let width = self.width as usize;
        Square::new((index % width) as u32, (index / width) as u32)
    }

    /// The checked start square of 1-based coordinates.
    pub fn start(&self, x: u64, y: u64) -> Result<Square, KnightsError> {
        if x == 0 || y == 0 || x > self.width as u64 || y > self.height as u64 {
            return Err(KnightsError::StartOffBoard {
                x,
                y,
                width: self.width,
                height: self.height,
            });
        }
        Ok(Square::new(x as u32 - 1, y as u32 - 1))
    }

    /// The on-board squares a knight's move from `square`, in the literature's move order.
    pub fn neighbours(&self, square: Square) -> impl Iterator<Item = Square> + '_ {
        MOVES.iter().filter_map(move |&(dx, dy)| {
            let (x, y) = (square.x as i64 + dx as i64, square.y as i64 + dy as i64);
            self.contains(x, y).then(|| Square::new(x as u32, y as u32))
        })
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

impl FromStr for Board {
    type Err = KnightsError;

    /// `N` (an N×N board) or `WxH`.
    fn from_str(text: &str) -> Result<Board, KnightsError> {
        let malformed = || KnightsError::MalformedSize(text.to_string());
        let number = |part: &str| part.trim().parse::<u64>().map_err(|_| malformed());
        match text.split_once(['x', 'X', '×']) {
            Some((width, height)) => Board::new(number(width)?, number(height)?),
            None => Board::square(number(text)?),
        }
    }
}

/// Parses a 1-based start `X,Y` on `board`.
pub fn parse_start(board: &Board, text: &str) -> Result<Square, KnightsError> {
    let malformed = || KnightsError::MalformedStart(text.to_string());
    let (x, y) = text.split_once(',').ok_or_else(malformed)?;
    let x = x.trim().parse::<u64>().map_err(|_| malformed())?;
    let y = y.trim().parse::<u64>().map_err(|_| malformed())?;
    board.start(x, y)
}

/// `(dx, dy)` of the literature's moves 1..=8 (index 0..8): dx columns right, dy rows down.
pub const MOVES: [(i32, i32); 8] = [
    (1, -2),
    (2, -1),
    (2, 1),
    (1, 2),
    (-1, 2),
    (-2, 1),
    (-2, -1),
    (-1, -2),
];

/// Is `(a, b)` one knight's move?
pub fn is_knight_move(a: Square, b: Square) -> bool {
    let dx = a.x.abs_diff(b.x);
    let dy = a.y.abs_diff(b.y);
    (dx == 1 && dy == 2) || (dx == 2 && dy == 1)
}

/// A priority order of the eight moves: `moves()[0]` is tried first (0-based move indices).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MoveOrder([u8; 8]);

impl MoveOrder {
    /// The literature's `12345678`.
    pub const NATURAL: MoveOrder = MoveOrder([0, 1, 2, 3, 4, 5, 6, 7]);
    /// The seed program's move table (`Xmoveset`/`Ymoveset`) in the literature's numbering.
    pub const SEED: MoveOrder = MoveOrder([6, 5, 4, 3, 7, 0, 1, 2]);

    /// 0-based move indices in priority order.
    pub fn moves(&self) -> [u8; 8] {
        self.0
    }
}

impl fmt::Display for MoveOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|m| write!(f, "{}", m + 1))
    }
}

impl FromStr for MoveOrder {
    type Err = KnightsError;

    /// Eight distinct digits 1-8, e.g. `36875124`.
    fn from_str(text: &str) -> Result<MoveOrder, KnightsError> {
        let malformed = || KnightsError::MalformedOrdering(text.to_string());
        let bytes = text.as_bytes();
        if bytes.len() != 8 {
            return Err(malformed());
        }
        let mut order = [0u8; 8];
        let mut seen = 0u32;
        for (slot, &byte) in order.iter_mut().zip(bytes) {
            if !(b'1'..=b'8').contains(&byte) || seen & (1 << (byte - b'1')) != 0 {
                return Err(malformed());
            }
            seen |= 1 << (byte - b'1');
            *slot = byte - b'1';
        }
        Ok(MoveOrder(order))
    }
}

/// The bordered array layout of a board: index `(y + 2)·(W + 4) + x + 2`.
#[derive(Debug, Clone, Copy)]
pub struct Layout {
    pub board: Board,
    pub stride: usize,
    /// Signed index offsets of the literature's moves 1..=8, as wrapping `usize`.
    pub offsets: [usize; 8],
}

impl Layout {
    pub fn new(board: Board) -> Layout {
        let stride = board.width as usize + 4;
        let offsets = MOVES.map(|(dx, dy)| (dy as isize * stride as isize + dx as isize) as usize);
        Layout {
            board,
            stride,
            offsets,
        }
    }

    /// Length of an array covering the board and its frame.
    pub fn array_len(&self) -> usize {
        (self.board.height as usize + 4) * self.stride
    }

    pub fn index(&self, square: Square) -> usize {
        (square.y as usize + 2) * self.stride + square.x as usize + 2
    }

    pub fn square(&self, index: usize) -> Square {
        // Every index fits 32 bits (at most MAX_SQUARES squares, frame included), and a
        // 32-bit division is the cheaper one on x86-64.
        debug_assert!(index <= u32::MAX as usize && self.stride <= u32::MAX as usize);
        let (index, stride) = (index as u32, self.stride as u32);
        Square::new(index % stride - 2, index / stride - 2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_order_is_the_go_move_table() {
        // Xmoveset/Ymoveset of the Go program, as (dx, dy).
        let go = [
            (-2, -1),
            (-2, 1),
            (-1, 2),
            (1, 2),
            (-1, -2),
            (1, -2),
            (2, -1),
            (2, 1),
        ];
        let seed: Vec<_> = MoveOrder::SEED
            .moves()
            .iter()
            .map(|&m| MOVES[m as usize])
            .collect();
        assert_eq!(seed, go);
        assert_eq!(MoveOrder::SEED.to_string(), "76548123");
    }

    #[test]
    fn literature_move_one_is_two_rows_up_one_column_right() {
        assert_eq!(MOVES[0], (1, -2));
        assert_eq!(MOVES[3], (1, 2));
    }

    #[test]
    fn orderings_parse_only_permutations() {
        assert_eq!("12345678".parse::<MoveOrder>(), Ok(MoveOrder::NATURAL));
        for bad in ["1234567", "123456789", "12345677", "02345678", "1234567x"] {
            assert!(bad.parse::<MoveOrder>().is_err(), "{bad}");
        }
    }

    #[test]
    fn sizes_and_starts_parse_and_are_checked() {
        assert_eq!("5".parse::<Board>().unwrap(), Board::new(5, 5).unwrap());
        assert_eq!("3x10".parse::<Board>().unwrap(), Board::new(3, 10).unwrap());
        assert!("0x5".parse::<Board>().is_err());
        assert!("100000x100000".parse::<Board>().is_err());
        assert!("5y5".parse::<Board>().is_err());
        let board = Board::new(3, 10).unwrap();
        assert_eq!(parse_start(&board, "3,10"), Ok(Square::new(2, 9)));
        assert!(parse_start(&board, "4,1").is_err());
        assert!(parse_start(&board, "0,1").is_err());
    }

    #[test]
    fn layout_round_trips_and_offsets_are_moves() {
        let layout = Layout::new(Board::new(5, 3).unwrap());
        let square = Square::new(4, 2);
        let index = layout.index(square);
        assert_eq!(layout.square(index), square);
        let moved = layout.square(index.wrapping_add(layout.offsets[6]));
        assert_eq!(moved, Square::new(2, 1));
    }
}
