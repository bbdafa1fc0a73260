//! What the study measures on one board: numbers that a generator's boards and uniform boards
//! can be compared on, one board at a time.
//!
//! - **Kind per square**: for every square and every kind (and "empty", for instances with
//!   empty squares), 1 if the square holds a piece of that kind, else 0.
//! - **Pair shape**: how many of the board's pairs are one step apart along a line (side by
//!   side), one diagonal step apart, a knight's move apart, or farther (two or more steps
//!   along a line: only queens, rooks and bishops pair so).
//! - **Edge pairs**: how many pairs have both pieces on the board's rim.
//!
//! A pair is a piece and the one piece of its symbol that it attacks on the empty board; the
//! board must be valid (every piece attacks exactly its partner).

use crate::chess_memory::board::{Board, BoardSize, Square, squares_of};
use crate::chess_memory::pieces::{Kind, Symbol};
use crate::chess_memory::rules::AttackTables;

/// The shapes of a pair, in the order of their features.
pub const SHAPES: [&str; 4] = [
    "pairs_side_by_side",
    "pairs_diagonal_step",
    "pairs_knight_move",
    "pairs_farther",
];

/// The name of the edge-pair feature.
pub const EDGE_PAIRS: &str = "pairs_on_edge";

/// The categories of a square: the four kinds, then empty.
const CATEGORIES: usize = Kind::ALL.len() + 1;

/// The group a feature belongs to, which the study tests as one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    KindPerSquare,
    PairShape,
    EdgePairs,
}

/// The features of boards of one size, by index: `CATEGORIES` per square (square-major),
/// then the pair shapes, then the edge pairs.
#[derive(Clone, Debug)]
pub struct Features {
    size: BoardSize,
}

impl Features {
    pub fn new(size: BoardSize) -> Features {
        Features { size }
    }

    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The number of features.
    pub fn len(&self) -> usize {
        self.size.squares() * CATEGORIES + SHAPES.len() + 1
    }

    /// Never: every board has at least its shape and edge features.
    pub fn is_empty(&self) -> bool {
        false
    }

    fn per_square(&self) -> usize {
        self.size.squares() * CATEGORIES
    }

    pub fn family(&self, feature: usize) -> Family {
        if feature < self.per_square() {
            Family::KindPerSquare
        } else if feature < self.per_square() + SHAPES.len() {
            Family::PairShape
        } else {
            Family::EdgePairs
        }
    }

    /// The features of the kind-per-square family, square by square: for each square, its
    /// `CATEGORIES` features (which sum to 1 on every board).
    pub fn squares(&self) -> impl Iterator<Item = std::ops::Range<usize>> + '_ {
        (0..self.size.squares()).map(|square| square * CATEGORIES..(square + 1) * CATEGORIES)
    }

    /// The features of the pair shapes and the edge pairs.
    pub fn pair_features(&self) -> std::ops::Range<usize> {
        self.per_square()..self.len()
    }

    /// A feature's name: `kind_Q_on_A1`, `empty_on_C3`, `pairs_knight_move`, …
    pub fn name(&self, feature: usize) -> String {
        match self.family(feature) {
            Family::KindPerSquare => {
                let square = Square((feature / CATEGORIES) as u8);
                let at = self.size.square_name(square);
                match Kind::ALL.get(feature % CATEGORIES) {
                    Some(kind) => format!("kind_{}_on_{at}", kind.letter()),
                    None => format!("empty_on_{at}"),
                }
            }
            Family::PairShape => SHAPES[feature - self.per_square()].to_string(),
            Family::EdgePairs => EDGE_PAIRS.to_string(),
        }
    }

    /// Writes the features of the valid `board` into `out` (of length [`Self::len`]).
    pub fn measure(&self, board: &Board, out: &mut [f64]) {
        assert_eq!(board.size(), self.size, "a board of the study's size");
        out.fill(0.0);
        let squares = self.size.squares();
        for index in 0..squares {
            let category = board
                .get(Square(index as u8))
                .map_or(CATEGORIES - 1, |symbol| symbol.kind().index());
            out[index * CATEGORIES + category] = 1.0;
        }
        let tables = AttackTables::for_size(self.size);
        let last = self.size.side() - 1;
        let on_rim =
            |(file, rank): (usize, usize)| file == 0 || rank == 0 || file == last || rank == last;
        for symbol in Symbol::ALL {
            let pieces = board.pieces(symbol);
            for square in squares_of(pieces) {
                let partners = tables.attacks(symbol.kind(), square) & pieces;
                // Each pair once, from its lower square.
                let Some(partner) = squares_of(partners).next() else {
                    continue;
                };
                if partner < square {
                    continue;
                }
                let (a, b) = (
                    self.size.coordinates(square),
                    self.size.coordinates(partner),
                );
                let (dx, dy) = (a.0.abs_diff(b.0), a.1.abs_diff(b.1));
                let shape = match (dx.max(dy), dx.min(dy)) {
                    (1, 0) => 0,
                    (1, 1) => 1,
                    (2, 1) => 2,
                    _ => 3,
                };
                out[self.per_square() + shape] += 1.0;
                if on_rim(a) && on_rim(b) {
                    out[self.per_square() + SHAPES.len()] += 1.0;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess_memory::board::parse_board;

    #[test]
    fn a_board_has_one_category_per_square_and_its_pairs_by_shape() {
        // Queens far apart and rooks side by side, both on the rim; knights a knight's move
        // apart, both on the rim; bishops one diagonal step apart inside.
        let board = parse_board("Q2Q/1B1N/2B1/RRN1").expect("a 4×4 board");
        let features = Features::new(board.size());
        let mut out = vec![0.0; features.len()];
        features.measure(&board, &mut out);
        for squares in features.squares() {
            assert_eq!(out[squares].iter().sum::<f64>(), 1.0);
        }
        let pairs = &out[features.pair_features()];
        assert_eq!(pairs, [1.0, 1.0, 1.0, 1.0, 3.0]);
        let named = |name: &str| (0..features.len()).find(|&f| features.name(f) == name);
        let knight_on_c1 = named("kind_N_on_C1").expect("the feature exists");
        assert_eq!(features.family(knight_on_c1), Family::KindPerSquare);
        assert_eq!(out[knight_on_c1], 1.0);
        assert_eq!(out[named("empty_on_B1").unwrap()], 0.0);
        assert_eq!(out[named("empty_on_B2").unwrap()], 1.0);
        assert_eq!(
            features.family(named(EDGE_PAIRS).unwrap()),
            Family::EdgePairs
        );
    }
}
