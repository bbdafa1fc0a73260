//! The original program's board: an 8×8 array of piece objects, read with its `get_piece`,
//! which throws for a square off the board.
//!
//! Coordinates are the original's: `row` 0 is rank 8 and row 7 is rank 1, `column` 0 is file
//! a. White's men move towards row 0 (direction −1), Black's towards row 7 (+1). Pieces are
//! identified by their index in [`Mailbox::pieces`], as the original compares objects.

use super::order::PieceOrder;
use crate::draughts::board::{Board, Color};
use crate::draughts::square::{Square, squares};

/// A piece object: where it stands, its colour, and whether it is still a man.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    pub row: i8,
    pub column: i8,
    pub white: bool,
    pub man: bool,
}

impl Piece {
    /// `has_opposite_colour`.
    pub fn opposes(&self, other: &Piece) -> bool {
        self.white != other.white
    }

    /// The square the piece stands on.
    pub fn square(&self) -> Square {
        square_at(self.row, self.column).expect("pieces stand on dark squares")
    }
}

/// The square of the original's (row, column), if it is a dark square on the board.
pub fn square_at(row: i8, column: i8) -> Option<Square> {
    if !(0..8).contains(&row) || !(0..8).contains(&column) {
        return None;
    }
    Square::from_coords((7 - row) as u8, column as u8)
}

/// What the original's `get_piece` throws for a square off the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OffBoard;

/// A piece's index in [`Mailbox::pieces`].
pub type PieceId = u8;

/// The board as the original holds it, and the player lists.
#[derive(Clone, Debug)]
pub struct Mailbox {
    cells: [[Option<PieceId>; 8]; 8],
    pub pieces: Vec<Piece>,
    /// Each side's listed pieces, in list order (White, Black).
    pub lists: [Vec<PieceId>; 2],
}

impl Mailbox {
    /// The board of `board` with the lists of `order` (pieces on the board that no list holds
    /// stand there but never move; see [`super::order`]).
    pub fn new(board: &Board, order: &PieceOrder) -> Mailbox {
        let mut mailbox = Mailbox {
            cells: [[None; 8]; 8],
            pieces: Vec::with_capacity(24),
            lists: [Vec::new(), Vec::new()],
        };
        for color in [Color::White, Color::Black] {
            for square in order.list(color) {
                let id = mailbox.place(board, square);
                mailbox.lists[color as usize].push(id);
            }
        }
        for square in squares(board.occupied() & !order.listed()) {
            mailbox.place(board, square);
        }
        mailbox
    }

    fn place(&mut self, board: &Board, square: Square) -> PieceId {
        let (color, king) = board
            .piece_at(square)
            .expect("a listed square holds a piece");
        let piece = Piece {
            row: 7 - square.rank() as i8,
            column: square.file() as i8,
            white: color == Color::White,
            man: !king,
        };
        let id = self.pieces.len() as PieceId;
        self.pieces.push(piece);
        self.cells[piece.row as usize][piece.column as usize] = Some(id);
        id
    }

    /// `get_piece(row, column)`: the piece there, if any; throws off the board.
    pub fn get(&self, row: i8, column: i8) -> Result<Option<PieceId>, OffBoard> {
        if !(0..8).contains(&row) || !(0..8).contains(&column) {
            return Err(OffBoard);
        }
        Ok(self.cells[row as usize][column as usize])
    }

    pub fn piece(&self, id: PieceId) -> &Piece {
        &self.pieces[id as usize]
    }

    /// `other_piece?.has_opposite_colour(piece)`: `None` for an empty square.
    pub fn opposes(&self, other: Option<PieceId>, piece: PieceId) -> Option<bool> {
        other.map(|other| self.piece(other).opposes(self.piece(piece)))
    }

    /// `is_field_vacant`: empty, or the moving piece's own square (it has not left it while
    /// its moves are being generated); throws off the board.
    pub fn is_vacant(&self, piece: PieceId, row: i8, column: i8) -> Result<bool, OffBoard> {
        Ok(self.get(row, column)?.is_none_or(|other| other == piece))
    }
}
