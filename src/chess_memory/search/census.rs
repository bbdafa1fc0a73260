//! A census of the boards a search makes: how many are distinct, and how often each kind
//! stands on each square, to compare a search's distribution of boards with the seed's.
//!
//! The distance between two searches on a square is the total variation distance between
//! their distributions of the kind on it, `½ Σ_kind |p − q|` (0: the same frequencies, 1:
//! never the same kind). Estimated from samples it carries noise of about
//! `√(kinds / draws)`: the census of two independent samples of one search shows how much.

use crate::chess_memory::board::{Board, Square};
use crate::chess_memory::pieces::Kind;
use std::collections::HashSet;

/// Counts of the solved boards of a search (module docs).
#[derive(Clone, Debug, Default)]
pub struct Census {
    /// Boards counted.
    pub boards: u64,
    /// Per square (by index), how many boards had each kind on it.
    kinds: Vec<[u64; 4]>,
    /// The boards seen, in a compact form (see [`board_key`]), when distinct ones are counted.
    seen: Option<HashSet<[u64; 3]>>,
}

/// A full board as three bit planes of its symbols' indices (a full board has one symbol
/// per square, so the planes determine it).
fn board_key(board: &Board) -> [u64; 3] {
    let mut planes = [0u64; 3];
    for symbol in crate::chess_memory::pieces::Symbol::ALL {
        for (bit, plane) in planes.iter_mut().enumerate() {
            if symbol.index() >> bit & 1 == 1 {
                *plane |= board.pieces(symbol);
            }
        }
    }
    planes
}

impl Census {
    /// An empty census of boards with `squares` squares; `distinct` keeps every board to
    /// count the distinct ones.
    pub fn new(squares: usize, distinct: bool) -> Census {
        Census {
            boards: 0,
            kinds: vec![[0; 4]; squares],
            seen: distinct.then(HashSet::new),
        }
    }

    /// Counts one board.
    pub fn add(&mut self, board: &Board) {
        self.boards += 1;
        for (index, counts) in self.kinds.iter_mut().enumerate() {
            if let Some(symbol) = board.get(Square(index as u8)) {
                counts[symbol.kind().index()] += 1;
            }
        }
        if let Some(seen) = &mut self.seen {
            seen.insert(board_key(board));
        }
    }

    /// The census of both samples together.
    pub fn merge(mut self, other: Census) -> Census {
        self.boards += other.boards;
        for (mine, theirs) in self.kinds.iter_mut().zip(&other.kinds) {
            for kind in 0..4 {
                mine[kind] += theirs[kind];
            }
        }
        if let (Some(mine), Some(theirs)) = (&mut self.seen, other.seen) {
            mine.extend(theirs);
        }
        self
    }

    /// Distinct boards counted, if the census keeps them.
    pub fn distinct(&self) -> Option<u64> {
        self.seen.as_ref().map(|seen| seen.len() as u64)
    }

    /// The share of boards with `kind` on square `index`.
    pub fn frequency(&self, index: usize, kind: Kind) -> f64 {
        self.kinds[index][kind.index()] as f64 / self.boards.max(1) as f64
    }

    /// Total variation distance per square between the kinds of `self` and `other`.
    pub fn distances(&self, other: &Census) -> Vec<f64> {
        (0..self.kinds.len())
            .map(|index| {
                Kind::ALL
                    .iter()
                    .map(|&kind| (self.frequency(index, kind) - other.frequency(index, kind)).abs())
                    .sum::<f64>()
                    / 2.0
            })
            .collect()
    }
}

/// Mean and largest of per-square distances.
pub fn mean_and_max(distances: &[f64]) -> (f64, f64) {
    let mean = distances.iter().sum::<f64>() / distances.len().max(1) as f64;
    (mean, distances.iter().copied().fold(0.0, f64::max))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess_memory::board::parse_board;

    #[test]
    fn distances_and_distinct_boards_of_known_samples() {
        // Two 4×4 boards that differ on every square but share kinds on half of them.
        let a = parse_board("QQNN/qqnn/BBRR/bbrr").unwrap();
        let b = parse_board("qqnn/QQNN/bbrr/BBRR").unwrap();
        let c = parse_board("NNQQ/nnqq/RRBB/rrbb").unwrap();
        let mut first = Census::new(16, true);
        first.add(&a);
        first.add(&a);
        assert_eq!(first.distinct(), Some(1));
        let mut second = Census::new(16, true);
        second.add(&b);
        // Same kinds on every square: distance 0 everywhere.
        assert!(first.distances(&second).iter().all(|&d| d == 0.0));
        second.add(&c);
        // Every square: kind agrees with probability 1/2 in the second census.
        assert!(
            first
                .distances(&second)
                .iter()
                .all(|&d| (d - 0.5).abs() < 1e-12)
        );
        let both = first.merge(second);
        assert_eq!((both.boards, both.distinct()), (4, Some(3)));
        assert_eq!(mean_and_max(&[0.25, 0.75]), (0.5, 0.75));
    }
}
