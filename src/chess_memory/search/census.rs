//! A census of the boards a search makes: how many are distinct, and how often each kind
//! stands on each square, to compare a search's distribution of boards with the seed's.
//!
//! The distance between two searches on a square is the total variation distance between
//! their distributions of the kind on it, `½ Σ_kind |p − q|` (0: the same frequencies, 1:
//! never the same kind). Estimated from samples it carries noise of about
//! `√(kinds / draws)`: the census of two independent samples of one search shows how much.

use super::symmetry::{self, SymmetryChoice};
use super::{InvalidBoard, Outcome, SearchConfig, draw};
use crate::chess_memory::board::{Board, Square};
use crate::chess_memory::pieces::Kind;
use crate::chess_memory::queue::Queue;
use rayon::prelude::*;
use std::collections::HashSet;
use std::time::Instant;

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

/// A search's boards against the seed search's (`chess-memory bench --census`): distances
/// are (mean, max) over the squares.
#[derive(Clone, Debug)]
pub struct SeedComparison {
    /// The search's solved boards, as made.
    pub boards: u64,
    /// How many of them are distinct.
    pub distinct_boards: u64,
    /// Wall time of the search's draws (both of its censuses in one pass).
    pub search_seconds: f64,
    /// The seed search's solved boards, both halves.
    pub reference_boards: u64,
    /// The boards as made against the seed's.
    pub as_made: (f64, f64),
    /// The boards each turned by a random symmetry against the seed's.
    pub turned: (f64, f64),
    /// One half of the seed's boards against the other: the noise of the estimate.
    pub seed_halves: (f64, f64),
}

/// Where the draws of a census come from: draw i of a search reads stream (`seed`, i) and
/// stops after `cap` iterations.
#[derive(Clone, Copy, Debug)]
pub struct Draws<'a> {
    pub queue: &'a Queue,
    pub seed: u64,
    pub cap: Option<u64>,
}

/// Counts the boards of `draws` draws of `config` (as made and turned) and of
/// `reference_draws` draws of the seed's search, split in two halves, in parallel on the
/// current rayon pool; every board is validated. `reference_draws` must be at least 2.
pub fn compare_with_seed(
    from: Draws,
    config: &SearchConfig,
    draws: u64,
    reference_draws: u64,
) -> Result<SeedComparison, InvalidBoard> {
    let start = Instant::now();
    let squares = from.queue.size().squares();
    // The search's boards as made and turned, counted in one pass.
    let (plain, turned) = (0..draws)
        .into_par_iter()
        .map(|index| draw(from.queue, config, from.seed, index, from.cap).map(|d| (index, d)))
        .try_fold(
            || (Census::new(squares, true), Census::new(squares, false)),
            |(mut plain, mut turned), draw| {
                let (index, draw) = draw?;
                if draw.outcome == Outcome::Solved {
                    plain.add(&draw.board);
                    turned.add(&symmetry::apply(
                        SymmetryChoice::Random,
                        draw.board,
                        from.seed,
                        index,
                    ));
                }
                Ok::<_, InvalidBoard>((plain, turned))
            },
        )
        .try_reduce(
            || (Census::new(squares, true), Census::new(squares, false)),
            |a, b| Ok((a.0.merge(b.0), a.1.merge(b.1))),
        )?;
    let search_seconds = start.elapsed().as_secs_f64();
    let seed = SearchConfig::SEED;
    let half = reference_draws / 2;
    let first = census_of(from, &seed, 0..half)?;
    let second = census_of(from, &seed, half..reference_draws)?;
    let seed_halves = mean_and_max(&first.distances(&second));
    let reference = first.merge(second);
    Ok(SeedComparison {
        boards: plain.boards,
        distinct_boards: plain.distinct().unwrap_or(0),
        search_seconds,
        reference_boards: reference.boards,
        as_made: mean_and_max(&plain.distances(&reference)),
        turned: mean_and_max(&turned.distances(&reference)),
        seed_halves,
    })
}

/// The census of the boards of draws `range` of `config` (unsolved draws not counted).
fn census_of(
    from: Draws,
    config: &SearchConfig,
    range: std::ops::Range<u64>,
) -> Result<Census, InvalidBoard> {
    let squares = from.queue.size().squares();
    range
        .into_par_iter()
        .map(|index| draw(from.queue, config, from.seed, index, from.cap))
        .try_fold(
            || Census::new(squares, false),
            |mut census, draw| {
                let draw = draw?;
                if draw.outcome == Outcome::Solved {
                    census.add(&draw.board);
                }
                Ok::<_, InvalidBoard>(census)
            },
        )
        .try_reduce(|| Census::new(squares, false), |a, b| Ok(a.merge(b)))
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

    /// The seed's search against itself: its boards are the reference's first draws, so the
    /// census counts them once each and the distance to the reference comes from the part
    /// of the reference they are not.
    #[test]
    fn the_seed_search_compared_with_itself_counts_its_own_boards() {
        use crate::chess_memory::board::BoardSize;
        let queue = Queue::seed(BoardSize::new(4).unwrap());
        let from = Draws {
            queue: &queue,
            seed: 3,
            cap: Some(10_000),
        };
        let seed = SearchConfig::SEED;
        let found = compare_with_seed(from, &seed, 40, 40).unwrap();
        let mut solved = 0;
        let mut boards = HashSet::new();
        for index in 0..40 {
            let d = draw(&queue, &seed, 3, index, Some(10_000)).unwrap();
            if d.outcome == Outcome::Solved {
                solved += 1;
                boards.insert(board_key(&d.board));
            }
        }
        assert!(
            solved > 0,
            "no 4×4 board in 40 draws: choose another sample"
        );
        assert_eq!(found.boards, solved);
        assert_eq!(found.reference_boards, solved);
        assert_eq!(found.distinct_boards, boards.len() as u64);
        // The same 40 boards as the whole reference: distance 0 on every square.
        assert_eq!(found.as_made, (0.0, 0.0));
    }
}
