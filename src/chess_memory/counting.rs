//! The exact number of valid boards of an instance, by dynamic programming over pair sets.
//!
//! A valid board is, for each symbol with k pairs, a *pair set* of its kind (2k squares on
//! which the kind's empty-board attacks form a perfect matching and nothing else, see
//! [`crate::chess_memory::search::pair_sets`]), the symbols' sets pairwise disjoint. Symbols
//! never constrain one another except by occupying squares, so the count is the number of
//! ways to choose one pair set per symbol with no square used twice. The count goes symbol by
//! symbol over the *occupied squares so far*: a table from each occupied set to the number of
//! ways of reaching it; each next symbol extends every entry by every pair set disjoint from
//! it. The total of the last table is the number of boards.
//!
//! **Up to symmetry.** The number of classes under the eight symmetries of the square is, by
//! Burnside's lemma, the mean over the symmetries of the number of boards each leaves
//! unchanged. A symmetry maps squares and keeps symbols, so a board is unchanged by it exactly
//! when every symbol's set is; those boards are counted the same way with only the pair sets
//! the symmetry maps onto themselves.
//!
//! The tables grow with the number of partial boards; a count that would need more than a
//! given number of entries stops with [`CountError::TooLarge`] before it fills the memory.
//! This is independent of the SAT enumeration ([`super::sat::count`]), which the tests compare
//! it with, and of the brute-force oracle of the tests.

use super::board::{BoardSize, Square, square_bit, squares_of};
use super::pieces::Symbol;
use super::sat::Instance;
use super::sat::symmetry::{SYMMETRIES, map_square};
use super::search::pair_sets::for_each_pair_set;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The counts of one instance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardCount {
    /// Valid boards.
    pub boards: u128,
    /// Classes under the eight symmetries of the square, when asked for.
    pub classes: Option<u128>,
    /// The most entries one table held.
    pub largest_table: usize,
}

/// Why a count could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CountError {
    #[error(
        "{instance} needs more than {limit} partial boards in memory (after {symbols} of its \
symbols); count a smaller instance or raise --max-table"
    )]
    TooLarge {
        instance: String,
        limit: usize,
        symbols: usize,
    },
    #[error("{instance} has more than 2^64 boards, more than the uniform sampler draws from")]
    TooManyBoards { instance: String },
    /// The work was asked to stop ([`crate::game::cancel`]) before the count was done.
    #[error("the count of {instance}'s boards was stopped before its end")]
    Cancelled { instance: String },
}

/// The number of valid boards of `instance` (and of classes, if `up_to_symmetry`), with
/// tables of at most `max_table` entries. `progress(done, of, entries)` is called after each
/// symbol of the board count: symbols placed, symbols to place, entries of the table.
pub fn count_boards(
    instance: &Instance,
    up_to_symmetry: bool,
    max_table: usize,
    progress: &mut dyn FnMut(usize, usize, usize),
) -> Result<BoardCount, CountError> {
    let (boards, largest) = count_fixed(instance, 0, max_table, progress)?;
    if !up_to_symmetry {
        return Ok(BoardCount {
            boards,
            classes: None,
            largest_table: largest,
        });
    }
    let symmetric = count_symmetric(instance, max_table)?;
    let fixed_total = boards + symmetric.fixed.iter().sum::<u128>();
    let largest_table = largest.max(symmetric.largest_table);
    debug_assert_eq!(
        fixed_total % SYMMETRIES as u128,
        0,
        "Burnside's mean is whole"
    );
    Ok(BoardCount {
        boards,
        classes: Some(fixed_total / SYMMETRIES as u128),
        largest_table,
    })
}

/// The boards each symmetry other than the identity leaves unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SymmetricCount {
    /// For symmetries 1..8 of [`map_square`], in that order, the boards it leaves unchanged.
    pub fixed: Vec<u128>,
    /// The most entries one table held.
    pub largest_table: usize,
}

/// The boards of `instance` that each symmetry but the identity leaves unchanged. Only the
/// pair sets a symmetry maps onto themselves take part, so these counts reach instances whose
/// full count does not fit in memory (6×6, 8×8): with the number `N` of all boards (or an
/// estimate of it), Burnside's lemma gives the classes as `(N + Σ fixed) / 8`.
pub fn count_symmetric(
    instance: &Instance,
    max_table: usize,
) -> Result<SymmetricCount, CountError> {
    let mut fixed = Vec::with_capacity(SYMMETRIES - 1);
    let mut largest_table = 0;
    for symmetry in 1..SYMMETRIES {
        let (count, largest) = count_fixed(instance, symmetry, max_table, &mut |_, _, _| ())?;
        fixed.push(count);
        largest_table = largest_table.max(largest);
    }
    Ok(SymmetricCount {
        fixed,
        largest_table,
    })
}

/// The boards of `instance` that symmetry `symmetry` (0 the identity) leaves unchanged, and
/// the largest table on the way.
fn count_fixed(
    instance: &Instance,
    symmetry: usize,
    max_table: usize,
    progress: &mut dyn FnMut(usize, usize, usize),
) -> Result<(u128, usize), CountError> {
    let families = pair_set_families(instance, symmetry);
    let mut table: Table = Table::default();
    table.insert(0, 1);
    let mut largest = 1;
    for (done, (_, family)) in families.iter().enumerate() {
        table = extend_within(&table, family, max_table, instance, done)?;
        largest = largest.max(table.len());
        progress(done + 1, families.len(), table.len());
    }
    Ok((table.values().sum(), largest))
}

/// A shape of pair: two squares a step of one of these (file, rank) offsets apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PairShape {
    /// Side by side (a domino).
    Adjacent,
    /// Corner to corner.
    Diagonal,
    /// A knight's move apart.
    Knight,
}

crate::names::named_enum!(PairShape, "pair shape", {
    Adjacent => "adjacent",
    Diagonal => "diagonal",
    Knight => "knight",
});

impl PairShape {
    /// The steps of the shape that go forward in row-major order (a later rank, or the same
    /// rank and a later file), as (files, ranks).
    fn forward_steps(self) -> &'static [(i32, i32)] {
        match self {
            PairShape::Adjacent => &[(1, 0), (0, 1)],
            PairShape::Diagonal => &[(1, 1), (-1, 1)],
            PairShape::Knight => &[(2, 1), (-2, 1), (1, 2), (-1, 2)],
        }
    }
}

/// The number of ways to cover a whole n×n board with pairs of one shape, with no other
/// condition: the perfect matchings of the shape's graph on the board. (Dominoes on 8×8:
/// 12,988,816 tilings; knight's-move pairs: 2,849,759,680.) The squares are covered in
/// row-major order; the state is which of the next squares, up to the farthest a forward
/// step reaches, are covered already (a "broken profile"), so a pair never needs more than
/// that window. A separate method from [`count_boards`], whose figures it cannot reach: it
/// checks the counting of pairings against published numbers.
pub fn count_pairings(side: usize, shape: PairShape) -> u128 {
    let steps = shape.forward_steps();
    let window = steps
        .iter()
        .map(|&(f, r)| (r * side as i32 + f) as usize)
        .max()
        .unwrap_or(0)
        + 1;
    let mut states = Table::default();
    states.insert(0, 1);
    for square in 0..side * side {
        let (file, rank) = ((square % side) as i32, (square / side) as i32);
        let mut next = Table::default();
        for (&covered, &ways) in &states {
            if covered & 1 == 1 {
                *next.entry(covered >> 1).or_insert(0) += ways;
                continue;
            }
            for &(files, ranks) in steps {
                let (f, r) = (file + files, rank + ranks);
                if !(0..side as i32).contains(&f) || !(0..side as i32).contains(&r) {
                    continue;
                }
                let ahead = (ranks * side as i32 + files) as usize;
                debug_assert!(ahead < window);
                if covered >> ahead & 1 == 0 {
                    *next.entry((covered | 1 << ahead) >> 1).or_insert(0) += ways;
                }
            }
        }
        states = next;
    }
    states.get(&0).copied().unwrap_or(0)
}

/// A symbol and each of its pair sets with the number of boards in which it takes that set.
pub type SymbolMarginal = (Symbol, Vec<(u64, u128)>);

/// For each symbol of `instance`, every pair set it can take with the number of valid boards
/// in which it takes it: the symbol's exact distribution over its sets when boards are drawn
/// uniformly, once divided by the number of boards. Each symbol's figures come from one more
/// count, of the other symbols, whose every table entry is extended by the symbol's sets.
pub fn pair_set_marginals(
    instance: &Instance,
    max_table: usize,
) -> Result<Vec<SymbolMarginal>, CountError> {
    let families = pair_set_families(instance, 0);
    let mut marginals = Vec::with_capacity(families.len());
    for (symbol, sets) in &families {
        let mut table = Table::default();
        table.insert(0, 1);
        for (done, (_, family)) in families.iter().filter(|(s, _)| s != symbol).enumerate() {
            table = extend_within(&table, family, max_table, instance, done)?;
        }
        let mut boards = vec![0u128; sets.len()];
        for (&occupied, &ways) in &table {
            for (i, &set) in sets.iter().enumerate() {
                if set & occupied == 0 {
                    boards[i] += ways;
                }
            }
        }
        marginals.push((*symbol, sets.iter().copied().zip(boards).collect()));
    }
    Ok(marginals)
}

/// Each symbol that `instance` places, with its pair sets (only those that `symmetry`, 0 the
/// identity, maps onto themselves), the symbols with fewest sets first: the order changes
/// nothing but the sizes of the tables.
pub(crate) fn pair_set_families(instance: &Instance, symmetry: usize) -> Vec<(Symbol, Vec<u64>)> {
    let size = instance.size();
    let mut families: Vec<(Symbol, Vec<u64>)> = Symbol::ALL
        .into_iter()
        .filter(|&symbol| instance.pieces(symbol) > 0)
        .map(|symbol| {
            let pairs = instance.pieces(symbol) as usize / 2;
            let mut sets = Vec::new();
            for_each_pair_set(size, symbol.kind(), pairs, |set| {
                if symmetry == 0 || map_set(size, symmetry, set) == set {
                    sets.push(set);
                }
            });
            (symbol, sets)
        })
        .collect();
    families.sort_by_key(|(_, sets)| sets.len());
    families
}

/// The table after one more symbol: every entry of `table` extended by every set of `family`
/// disjoint from it, the ways summed per occupied set; refused with [`CountError::TooLarge`]
/// once it holds more than `max_table` entries (`done`: the symbols placed before), and with
/// [`CountError::Cancelled`] when the work is asked to stop ([`crate::game::cancel`], looked
/// at every few thousand entries; never on the command line).
pub(crate) fn extend_within(
    table: &Table,
    family: &[u64],
    max_table: usize,
    instance: &Instance,
    done: usize,
) -> Result<Table, CountError> {
    const POLL: usize = 1 << 12;
    let mut next = Table::default();
    for (entry, (&occupied, &ways)) in table.iter().enumerate() {
        for &set in family {
            if set & occupied == 0 {
                *next.entry(occupied | set).or_insert(0) += ways;
            }
        }
        if next.len() > max_table {
            return Err(CountError::TooLarge {
                instance: instance.to_string(),
                limit: max_table,
                symbols: done,
            });
        }
        if entry % POLL == 0 && crate::game::cancel::requested() {
            return Err(CountError::Cancelled {
                instance: instance.to_string(),
            });
        }
    }
    Ok(next)
}

/// The image of the squares of `set` under symmetry `symmetry`.
fn map_set(size: BoardSize, symmetry: usize, set: u64) -> u64 {
    squares_of(set)
        .map(|square: Square| square_bit(map_square(size, symmetry, square)))
        .fold(0, |image, bit| image | bit)
}

/// A table from occupied squares to the number of ways of reaching them.
/// (The profiles of [`count_pairings`] are kept in one too.)
pub(crate) type Table = HashMap<u64, u128, BuildHasherDefault<MultiplyHasher>>;

/// A hasher for one `u64` key: a multiplication by an odd constant (Fibonacci hashing),
/// enough for sets of squares and far cheaper than the default hasher.
#[derive(Default)]
pub(crate) struct MultiplyHasher(u64);

impl Hasher for MultiplyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(byte)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = (key ^ key >> 29).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess_memory::board::BoardSize;

    fn instance(size: usize, pairs: [u32; 8]) -> Instance {
        Instance::new(BoardSize::new(size).unwrap(), pairs.map(|p| 2 * p)).unwrap()
    }

    #[test]
    fn one_symbol_s_boards_are_its_pair_sets() {
        // results/sat/pair-sets.csv: 76 sets of one queen pair on 4×4, 128 of two knight pairs.
        let queen = instance(4, [1, 0, 0, 0, 0, 0, 0, 0]);
        let count = count_boards(&queen, false, 1000, &mut |_, _, _| ()).unwrap();
        assert_eq!(count.boards, 76);
        let knights = instance(4, [0, 2, 0, 0, 0, 0, 0, 0]);
        assert_eq!(
            count_boards(&knights, false, 1000, &mut |_, _, _| ())
                .unwrap()
                .boards,
            128
        );
    }

    #[test]
    fn pairings_of_the_board_are_the_published_counts() {
        // OEIS A004003, domino tilings of the 2n×2n board: 36, 6728, 12988816.
        let dominoes: Vec<u128> = [4, 6, 8]
            .map(|n| count_pairings(n, PairShape::Adjacent))
            .into();
        assert_eq!(dominoes, [36, 6728, 12_988_816]);
        // OEIS A289202, maximum (here perfect) matchings of the n×n knight graph.
        let knights: Vec<u128> = [4, 6, 8]
            .map(|n| count_pairings(n, PairShape::Knight))
            .into();
        assert_eq!(knights, [16, 10304, 2_849_759_680]);
        // An odd number of squares has no pairing.
        assert_eq!(count_pairings(5, PairShape::Adjacent), 0);
    }

    #[test]
    fn a_table_past_its_limit_stops_the_count_with_the_instance_named() {
        let full = instance(4, [1; 8]);
        let error = count_boards(&full, false, 100, &mut |_, _, _| ()).unwrap_err();
        assert!(error.to_string().contains("4×4"), "{error}");
    }
}
