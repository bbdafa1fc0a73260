//! A board as a front end draws it: every square from the top rank down, with its symbol and
//! the squares of its own symbol that it attacks (on a valid board, exactly its partner). The
//! memory game of `boardlab serve` deals its cards from this view.

use crate::chess_memory::board::{Board, BoardSize, squares_of};
use crate::chess_memory::pieces::Color;
use crate::chess_memory::rules::AttackTables;
use serde::Serialize;

/// One square of a board: empty, or a piece with what it attacks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SquareView {
    /// The square's name, e.g. `A8`.
    pub square: String,
    /// 0 for the a-file.
    pub file: usize,
    /// 0 for the first rank.
    pub rank: usize,
    /// The symbol's letter (`Q`, `n`, …), none on an empty square.
    pub symbol: Option<String>,
    /// Written beside the fields above, as `kind`, `color` and `attacks`.
    #[serde(flatten)]
    pub piece: Option<PieceView>,
}

/// What a piece on a square is and attacks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PieceView {
    /// The kind's name, e.g. `queen`.
    pub kind: &'static str,
    /// `white` or `black`.
    pub color: &'static str,
    /// The squares of pieces of the same symbol that this piece attacks, by name.
    pub attacks: Vec<String>,
}

/// The squares of `board`, rank by rank from the top, each rank from the a-file.
pub fn board_view(board: &Board, size: BoardSize) -> Vec<SquareView> {
    let tables = AttackTables::for_size(size);
    let side = size.side();
    (0..side)
        .rev()
        .flat_map(|rank| (0..side).map(move |file| (file, rank)))
        .map(|(file, rank)| {
            let square = size.square(file, rank);
            let piece = board.get(square).map(|symbol| {
                let attacked = board.pieces(symbol) & tables.attacks(symbol.kind(), square);
                PieceView {
                    kind: symbol.kind().name(),
                    color: match symbol.color() {
                        Color::White => "white",
                        Color::Black => "black",
                    },
                    attacks: squares_of(attacked).map(|s| size.square_name(s)).collect(),
                }
            });
            SquareView {
                square: size.square_name(square),
                file,
                rank,
                symbol: board.get(square).map(|symbol| symbol.letter().to_string()),
                piece,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess_memory::board::parse_board;

    /// The board `boardlab chess-memory draw --seed 3` draws, as FEN.
    const SEED_3: &str = "BBRNRQbr/bRqQBrrb/rnnqNNQb/rQbRBBbq/bnnRnQNq/BqNBrNRR/NqQNnnBr/QRnbrqqQ";

    #[test]
    fn every_piece_of_a_valid_board_attacks_exactly_its_partner_which_attacks_it_back() {
        let board = parse_board(SEED_3).unwrap();
        let size = BoardSize::new(8).unwrap();
        let view = board_view(&board, size);
        assert_eq!(view.len(), 64);
        // The top rank first, from the a-file: the FEN's first rank reads left to right.
        assert_eq!(view[0].square, "A8");
        assert_eq!(view[0].symbol.as_deref(), Some("B"));
        assert_eq!(view[63].square, "H1");
        assert_eq!(view[63].symbol.as_deref(), Some("Q"));
        for cell in &view {
            let piece = cell.piece.as_ref().unwrap();
            assert_eq!(piece.attacks.len(), 1, "{cell:?}");
            let partner = view.iter().find(|c| c.square == piece.attacks[0]).unwrap();
            assert_eq!(partner.symbol, cell.symbol);
            assert_eq!(
                partner.piece.as_ref().unwrap().attacks,
                [cell.square.as_str()]
            );
        }
    }

    #[test]
    fn an_empty_square_has_no_piece_and_prints_a_null_symbol() {
        let size = BoardSize::new(4).unwrap();
        let view = board_view(&Board::empty(size), size);
        assert_eq!(view.len(), 16);
        assert!(view.iter().all(|cell| cell.piece.is_none()));
        assert_eq!(
            serde_json::to_string(&view[0]).unwrap(),
            r#"{"square":"A4","file":0,"rank":3,"symbol":null}"#
        );
    }
}
