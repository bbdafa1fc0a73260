//! The eight symmetries of the square board (rotations and reflections), which map boards of
//! the puzzle to boards of the puzzle: every piece's empty-board attacks turn with the board.
//!
//! A search whose boards lean towards some squares (the cover search fills squares in index
//! order when options tie) can be evened out by applying a random symmetry to each board;
//! `boardlab chess-memory bench --census --symmetry random` measures how much that helps.

use crate::chess_memory::board::{Board, Square};
use crate::rng;

/// Whether to apply a symmetry to every board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SymmetryChoice {
    /// Boards as the search made them.
    None,
    /// Each board turned by one of the eight symmetries, drawn from its own stream.
    Random,
}

crate::names::named_enum!(SymmetryChoice, "symmetry", { None => "none", Random => "random" });

/// Number of symmetries of the square.
pub const SYMMETRIES: u32 = 8;

/// The image of `(file, rank)` under symmetry `which` (0 is the identity) on an n×n board.
pub fn map_coordinates(which: u32, n: usize, file: usize, rank: usize) -> (usize, usize) {
    let (f, r, last) = (file, rank, n - 1);
    match which % SYMMETRIES {
        0 => (f, r),
        1 => (r, last - f),
        2 => (last - f, last - r),
        3 => (last - r, f),
        4 => (last - f, r),
        5 => (f, last - r),
        6 => (r, f),
        _ => (last - r, last - f),
    }
}

/// `board` under symmetry `which`.
pub fn transform(board: &Board, which: u32) -> Board {
    let size = board.size();
    let mut image = Board::empty(size);
    for index in 0..size.squares() {
        let square = Square(index as u8);
        let (file, rank) = size.coordinates(square);
        let (file, rank) = map_coordinates(which, size.side(), file, rank);
        image.set(size.square(file, rank), board.get(square));
    }
    image
}

/// The symmetry that `--symmetry random` applies to draw `index` under master seed
/// `master`: uniform, from a stream of its own so that the draw's stream is untouched.
pub fn random_symmetry(master: u64, index: u64) -> u32 {
    rng::below(
        &mut rng::stream(master, "symmetry", index),
        SYMMETRIES as u64,
    ) as u32
}

/// `board` as `choice` wants it for draw `index` under `master`.
pub fn apply(choice: SymmetryChoice, board: Board, master: u64, index: u64) -> Board {
    match choice {
        SymmetryChoice::None => board,
        SymmetryChoice::Random => transform(&board, random_symmetry(master, index)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess_memory::board::BoardSize;
    use crate::chess_memory::queue::Queue;
    use crate::chess_memory::rules::validate;

    #[test]
    fn the_eight_symmetries_are_distinct_and_keep_boards_valid() {
        let queue = Queue::seed(BoardSize::STANDARD);
        let board = crate::chess_memory::search::seed_draw(&queue, 2, 0, None)
            .unwrap()
            .board;
        let mut images: Vec<Board> = (0..SYMMETRIES).map(|w| transform(&board, w)).collect();
        for image in &images {
            assert!(validate(image).is_empty());
            assert_eq!(image.piece_counts(), board.piece_counts());
        }
        assert_eq!(images[0], board);
        // A quarter turn four times is the identity; the eight images differ.
        let turned = (0..4).fold(board.clone(), |b, _| transform(&b, 1));
        assert_eq!(turned, board);
        images.sort_by_key(|b| format!("{b:?}"));
        images.dedup();
        assert_eq!(images.len(), 8);
    }
}
