//! A perfect index of the positions of one material class: every placement of the class's
//! pieces gets a distinct number in `0..size`, and every number names one placement.
//!
//! Squares are numbered densely here, 0 (a1) to 31 (h8), four to a rank, in the order of
//! [`Square::all`](crate::draughts::square::Square::all); [`to_dense`] and [`to_padded`] convert sets between this numbering and
//! the padded bitboards of [`crate::draughts::square`]. A set of `k` squares chosen from an
//! allowed set is ranked by the combinatorial number system (colex order): with the chosen
//! squares at positions `c₁ < … < c_k` among the allowed ones, its rank is
//! `C(c₁, 1) + C(c₂, 2) + … + C(c_k, k)` (Knuth, *TAOCP* 4A, §7.2.1.3).
//!
//! Men never stand on their own promotion rank (White's men never on rank 8, Black's never on
//! rank 1), so White's men choose among 28 squares and Black's men among the 28 that remain
//! of theirs. How many squares those are after White's men are placed depends on how many of
//! White's men stand on rank 1, where Black's men cannot go; the index therefore splits the
//! class into blocks by that number `k` (as Cake's databases split by the men's leading
//! rank), so that every block is a product of binomial coefficients and no number is wasted:
//!
//! ```text
//! block k:  C(4, k) · C(24, wm − k) · C(28 − wm + k, bm) · C(32 − men, wk) · C(32 − men − wk, bk)
//! ```
//!
//! White's men on rank 1, White's men on ranks 2–7, Black's men among their free squares,
//! White's kings among the empty squares, Black's kings among the squares left.

use super::material::Material;
use crate::draughts::board::{Board, Color};
use crate::draughts::square::VALID;

/// Rank 1 and rank 8 in the dense numbering.
const DENSE_RANK_1: u32 = 0xF;
const DENSE_RANK_8: u32 = 0xF << 28;
/// The squares White's men may stand on, and Black's men.
const WHITE_MEN_SQUARES: u32 = !DENSE_RANK_8;
const BLACK_MEN_SQUARES: u32 = !DENSE_RANK_1;

/// `BINOMIAL[n][k]` = C(n, k) for n, k ≤ 32.
static BINOMIAL: [[u64; 33]; 33] = binomial_table();

const fn binomial_table() -> [[u64; 33]; 33] {
    let mut table = [[0u64; 33]; 33];
    let mut n = 0;
    while n <= 32 {
        table[n][0] = 1;
        let mut k = 1;
        while k <= n {
            table[n][k] = table[n - 1][k - 1] + if k < n { table[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    table
}

/// C(n, k), zero when k > n.
pub fn binomial(n: u32, k: u32) -> u64 {
    if k > n {
        0
    } else {
        BINOMIAL[n as usize][k as usize]
    }
}

/// A padded bitboard as a dense 32-bit set: the padded layout is the dense one with a ghost
/// bit after every eight squares (bits 4, 13, 22, 31), so each run of squares moves as a
/// whole.
#[inline]
pub fn to_dense(padded: u64) -> u32 {
    let dense = (padded & 0xF)
        | ((padded >> 1) & (0xFF << 4))
        | ((padded >> 2) & (0xFF << 12))
        | ((padded >> 3) & (0xFF << 20))
        | ((padded >> 4) & (0xF << 28));
    dense as u32
}

/// A dense 32-bit set as a padded bitboard (the inverse of [`to_dense`]).
#[inline]
pub fn to_padded(dense: u32) -> u64 {
    let dense = u64::from(dense);
    let padded = (dense & 0xF)
        | ((dense & (0xFF << 4)) << 1)
        | ((dense & (0xFF << 12)) << 2)
        | ((dense & (0xFF << 20)) << 3)
        | ((dense & (0xF << 28)) << 4);
    debug_assert_eq!(padded & !VALID, 0);
    padded
}

/// The colex rank of `set` (a subset of `allowed`) among the subsets of `allowed` of its size.
fn rank_within(set: u32, allowed: u32) -> u64 {
    debug_assert_eq!(set & !allowed, 0);
    let mut rank = 0;
    let mut rest = set;
    let mut k = 1;
    while rest != 0 {
        let below = (1u32 << rest.trailing_zeros()) - 1;
        rank += binomial((allowed & below).count_ones(), k);
        rest &= rest - 1;
        k += 1;
    }
    rank
}

/// The subset of `allowed` with `count` squares and colex rank `rank` (the inverse of
/// [`rank_within`]).
fn unrank_within(mut rank: u64, count: u32, allowed: u32) -> u32 {
    let mut set = 0;
    let mut position = allowed.count_ones();
    for k in (1..=count).rev() {
        position -= 1;
        while binomial(position, k) > rank {
            position -= 1;
        }
        rank -= binomial(position, k);
        set |= 1 << nth_square(allowed, position);
    }
    set
}

/// The dense number of the `n`-th (0-based) square of `set`.
fn nth_square(mut set: u32, n: u32) -> u32 {
    for _ in 0..n {
        set &= set - 1;
    }
    set.trailing_zeros()
}

/// The dense sets of a position's four kinds of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Placement {
    white_men: u32,
    white_kings: u32,
    black_men: u32,
    black_kings: u32,
}

impl Material {
    /// The number of placements of this class (for one side to move).
    pub fn size(&self) -> u64 {
        (0..=self.white_men.min(4))
            .map(|k| self.men_block(k))
            .sum::<u64>()
            * self.kings_factor()
    }

    /// Placements of the men with `k` White men on rank 1.
    fn men_block(&self, k: u8) -> u64 {
        let (wm, bm) = (u32::from(self.white_men), u32::from(self.black_men));
        let k = u32::from(k);
        if k > wm {
            return 0;
        }
        binomial(4, k) * binomial(24, wm - k) * binomial(28 - wm + k, bm)
    }

    /// Placements of the kings once the men stand.
    fn kings_factor(&self) -> u64 {
        let empty = 32 - u32::from(self.white_men + self.black_men);
        let wk = u32::from(self.white_kings);
        binomial(empty, wk) * binomial(empty - wk, u32::from(self.black_kings))
    }

    /// The index of `board`'s placement in `0..size()`; `board` must be of this class.
    pub fn index(&self, board: &Board) -> u64 {
        debug_assert_eq!(Material::of(board), *self);
        let place = Placement {
            white_men: to_dense(board.white & !board.kings),
            white_kings: to_dense(board.white & board.kings),
            black_men: to_dense(board.black & !board.kings),
            black_kings: to_dense(board.black & board.kings),
        };
        let on_rank_1 = place.white_men & DENSE_RANK_1;
        let k = on_rank_1.count_ones() as u8;
        let wm_middle = u32::from(self.white_men) - u32::from(k);
        let black_allowed = BLACK_MEN_SQUARES & !place.white_men;
        let mut men = rank_within(on_rank_1, DENSE_RANK_1);
        men = men * binomial(24, wm_middle) + rank_within(place.white_men & !DENSE_RANK_1, MIDDLE);
        men = men * binomial(28 - wm_middle, u32::from(self.black_men))
            + rank_within(place.black_men, black_allowed);
        let offset: u64 = (0..k).map(|j| self.men_block(j)).sum();
        let empty = !(place.white_men | place.black_men);
        let white_kings = rank_within(place.white_kings, empty);
        let black_kings = rank_within(place.black_kings, empty & !place.white_kings);
        let empty_count = empty.count_ones() - u32::from(self.white_kings);
        let kings = white_kings * binomial(empty_count, u32::from(self.black_kings)) + black_kings;
        (offset + men) * self.kings_factor() + kings
    }

    /// The position of this class with placement `index` and `side` to move.
    pub fn board(&self, index: u64, side: Color) -> Board {
        debug_assert!(index < self.size());
        let kings_factor = self.kings_factor();
        let (mut men, kings) = (index / kings_factor, index % kings_factor);
        let mut k = 0;
        while men >= self.men_block(k) {
            men -= self.men_block(k);
            k += 1;
        }
        let wm_middle = u32::from(self.white_men - k);
        let black_count = u32::from(self.black_men);
        let black_choices = binomial(28 - wm_middle, black_count);
        let (men, black_rank) = (men / black_choices, men % black_choices);
        let middle_choices = binomial(24, wm_middle);
        let (rank_1, middle_rank) = (men / middle_choices, men % middle_choices);
        let white_men = unrank_within(rank_1, u32::from(k), DENSE_RANK_1)
            | unrank_within(middle_rank, wm_middle, MIDDLE);
        let black_men = unrank_within(black_rank, black_count, BLACK_MEN_SQUARES & !white_men);
        let empty = !(white_men | black_men);
        let empty_count = empty.count_ones() - u32::from(self.white_kings);
        let black_king_choices = binomial(empty_count, u32::from(self.black_kings));
        let (white_rank, black_king_rank) =
            (kings / black_king_choices, kings % black_king_choices);
        let white_kings = unrank_within(white_rank, u32::from(self.white_kings), empty);
        let black_kings = unrank_within(
            black_king_rank,
            u32::from(self.black_kings),
            empty & !white_kings,
        );
        Board {
            white: to_padded(white_men | white_kings),
            black: to_padded(black_men | black_kings),
            kings: to_padded(white_kings | black_kings),
            side,
        }
    }
}

/// Ranks 2–7: where White's men stand when not on rank 1.
const MIDDLE: u32 = WHITE_MEN_SQUARES & !DENSE_RANK_1;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::square::Square;

    #[test]
    fn binomials_match_the_factorial_formula() {
        assert_eq!(binomial(32, 4), 35960);
        assert_eq!(binomial(28, 2), 378);
        assert_eq!(binomial(5, 7), 0);
        for n in 0..=20u32 {
            let row_sum: u64 = (0..=n).map(|k| binomial(n, k)).sum();
            assert_eq!(row_sum, 1 << n);
        }
    }

    #[test]
    fn dense_and_padded_numbering_round_trip_in_square_order() {
        for (d, square) in Square::all().enumerate() {
            assert_eq!(to_padded(1 << d), square.bit());
            assert_eq!(to_dense(square.bit()), 1 << d);
        }
        assert_eq!(to_padded(u32::MAX), VALID);
    }

    #[test]
    fn colex_ranks_enumerate_every_subset_once() {
        let allowed = 0b1011_0110_1101u32;
        let n = allowed.count_ones();
        for count in 0..=4 {
            let total = binomial(n, count);
            for rank in 0..total {
                let set = unrank_within(rank, count, allowed);
                assert_eq!(set.count_ones(), count);
                assert_eq!(set & !allowed, 0);
                assert_eq!(rank_within(set, allowed), rank);
            }
        }
    }
}
