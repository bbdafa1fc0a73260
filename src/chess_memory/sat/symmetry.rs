//! The eight symmetries of the square (the dihedral group D4) acting on boards.
//!
//! A symmetry maps squares and leaves symbols alone. All four kinds attack the same way in
//! every direction that D4 permutes (rook lines, bishop diagonals, knight leaps), so a
//! symmetry maps valid boards to valid boards of the same composition.

use crate::chess_memory::board::{Board, BoardSize, Square, squares_of};

/// Number of symmetries of the square.
pub const SYMMETRIES: usize = 8;

/// Symmetry `index` (0..8; 0 is the identity) applied to `square`: bit 0 mirrors the files,
/// bit 1 mirrors the ranks, bit 2 swaps files and ranks (after the mirrors).
pub fn map_square(size: BoardSize, index: usize, square: Square) -> Square {
    let last = size.side() - 1;
    let (mut file, mut rank) = size.coordinates(square);
    if index & 1 != 0 {
        file = last - file;
    }
    if index & 2 != 0 {
        rank = last - rank;
    }
    if index & 4 != 0 {
        std::mem::swap(&mut file, &mut rank);
    }
    size.square(file, rank)
}

/// Symmetry `index` applied to every piece of `board`.
pub fn map_board(board: &Board, index: usize) -> Board {
    let size = board.size();
    let mut image = Board::empty(size);
    for square in squares_of(board.occupied()) {
        image.set(map_square(size, index, square), board.get(square));
    }
    image
}

/// The distinct images of `board` under the eight symmetries (its orbit), identity first.
pub fn orbit(board: &Board) -> Vec<Board> {
    let mut images: Vec<Board> = Vec::with_capacity(SYMMETRIES);
    for index in 0..SYMMETRIES {
        let image = map_board(board, index);
        if !images.contains(&image) {
            images.push(image);
        }
    }
    images
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess_memory::board::square_bit;
    use crate::chess_memory::pieces::Kind;
    use crate::chess_memory::rules::AttackTables;

    #[test]
    fn symmetries_are_distinct_permutations_that_preserve_attacks() {
        for n in BoardSize::MIN..=BoardSize::MAX {
            let size = BoardSize::new(n).unwrap();
            let tables = AttackTables::for_size(size);
            let mut seen = Vec::new();
            for index in 0..SYMMETRIES {
                let image: Vec<Square> = squares_of(size.all_squares())
                    .map(|square| map_square(size, index, square))
                    .collect();
                let covered = image.iter().fold(0, |bits, &s| bits | square_bit(s));
                assert_eq!(covered, size.all_squares(), "a permutation");
                assert!(!seen.contains(&image), "distinct");
                for kind in Kind::ALL {
                    for from in squares_of(size.all_squares()) {
                        let mapped = squares_of(tables.attacks(kind, from))
                            .fold(0, |bits, to| bits | square_bit(image[to.index()]));
                        assert_eq!(mapped, tables.attacks(kind, image[from.index()]));
                    }
                }
                seen.push(image);
            }
        }
    }

    #[test]
    fn an_asymmetric_board_has_eight_images() {
        let board = crate::chess_memory::board::parse_board("R3/R3/4/N1N1").unwrap();
        assert_eq!(orbit(&board).len(), 8);
        let symmetric = crate::chess_memory::board::parse_board("Q2Q/4/4/Q2Q").unwrap();
        assert_eq!(orbit(&symmetric).len(), 1);
    }
}
