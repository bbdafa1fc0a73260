//! Pair sets: the sets of 2k squares on which k pairs of one kind satisfy the pairing rule,
//! that is, on which the kind's empty-board attacks form a perfect matching with no other
//! attack among the squares.
//!
//! A set is enumerated once, as its pairs `(a, b)` with `a < b`, sorted by `a`: each next
//! pair's first square is the smallest square not yet used, so it is above the previous
//! pair's first square, and every square of a later pair must be neither used nor attacked
//! by the pairs before it. The 8×8 sets of four queen pairs (115,220 of them) are the table
//! that [`super::cover`] draws its queens from.

use crate::chess_memory::board::BoardSize;
use crate::chess_memory::pieces::Kind;
use crate::chess_memory::rules::AttackTables;
use std::sync::OnceLock;

/// Calls `visit` with every pair set of `pairs` pairs of `kind` on `size` (module docs).
pub fn for_each_pair_set(size: BoardSize, kind: Kind, pairs: usize, mut visit: impl FnMut(u64)) {
    let attacks = AttackTables::for_size(size).of_kind(kind);
    extend(attacks, size.all_squares(), 0, 0, pairs, &mut visit);
}

/// Calls `visit` with every set of `pairs` pairs of a kind with `attacks` inside `allowed`.
#[cfg(test)]
pub(super) fn extend_in(
    attacks: &[u64; 64],
    allowed: u64,
    pairs: usize,
    visit: &mut impl FnMut(u64),
) {
    extend(attacks, allowed, 0, 0, pairs, visit);
}

/// Adds `pairs` more pairs to `chosen`, whose next first square is at least `from`, using
/// only squares in `allowed` (free and attacked by no chosen square).
fn extend(
    attacks: &[u64; 64],
    allowed: u64,
    from: u32,
    chosen: u64,
    pairs: usize,
    visit: &mut impl FnMut(u64),
) {
    if pairs == 0 {
        visit(chosen);
        return;
    }
    let mut firsts = allowed & (u64::MAX << from);
    while firsts != 0 {
        let a = firsts.trailing_zeros();
        firsts &= firsts - 1;
        // This pair and the later ones need 2·pairs squares from a on.
        if (allowed & (u64::MAX << a)).count_ones() < 2 * pairs as u32 {
            return;
        }
        let mut partners = attacks[a as usize] & allowed & (u64::MAX << a);
        while partners != 0 {
            let b = partners.trailing_zeros();
            partners &= partners - 1;
            let rest = allowed & !(attacks[a as usize] | attacks[b as usize]) & !(1 << a | 1 << b);
            extend(
                attacks,
                rest,
                a + 1,
                chosen | 1 << a | 1 << b,
                pairs - 1,
                visit,
            );
        }
    }
}

/// How many pair sets of `pairs` pairs of `kind` the board `size` has.
pub fn count_pair_sets(size: BoardSize, kind: Kind, pairs: usize) -> u64 {
    let mut count = 0;
    for_each_pair_set(size, kind, pairs, |_| count += 1);
    count
}

/// Every 8×8 set of eight squares that holds four queen pairs, in enumeration order.
pub fn queen_sets() -> &'static [u64] {
    static SETS: OnceLock<Vec<u64>> = OnceLock::new();
    SETS.get_or_init(|| {
        let mut sets = Vec::with_capacity(QUEEN_SETS);
        for_each_pair_set(BoardSize::STANDARD, Kind::Queen, 4, |set| sets.push(set));
        sets
    })
}

/// The number of 8×8 queen sets (four pairs), as counted by [`count_pair_sets`].
pub const QUEEN_SETS: usize = 115_220;

/// The pairs of a pair set: each square's partner is the one square of the set it attacks.
pub fn pairs_of(set: u64, attacks: &[u64; 64]) -> impl Iterator<Item = (u8, u8)> + '_ {
    crate::chess_memory::board::squares_of(set).filter_map(move |a| {
        let b = (attacks[a.index()] & set).trailing_zeros() as u8;
        (a.0 < b).then_some((a.0, b))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_queen_table_has_115220_matching_sets() {
        let sets = queen_sets();
        assert_eq!(sets.len(), QUEEN_SETS);
        let attacks = AttackTables::for_size(BoardSize::STANDARD).of_kind(Kind::Queen);
        for &set in sets.iter().step_by(97) {
            assert_eq!(set.count_ones(), 8);
            for square in crate::chess_memory::board::squares_of(set) {
                assert_eq!((attacks[square.index()] & set).count_ones(), 1, "{set:#x}");
            }
            assert_eq!(pairs_of(set, attacks).count(), 4);
        }
    }
}
