//! Bitboards for boards of 8×8, 10×10 and 12×12 in the padded ("ghost square") layout.
//!
//! On an N×N board only the N²/2 dark squares are played (a1 dark; a mirrored game turns its
//! board, see [`super::notation`]). Square (rank r, file f), both 0-based, has index
//! ((N+1)·r + f)/2. Then the four diagonal steps are constant shifts for every square, +N/2
//! (up-left), +N/2+1 (up-right), −N/2 and −N/2−1, and a step off the left or right edge lands
//! on an index that is no square (a ghost, one after every second row) or outside the board,
//! which the layout's mask of squares drops. A step of two rows up or down (the orthogonal
//! captures of Frisian draughts) is ±(N+1), also exact; a step of two files sideways is ±1,
//! which has no ghost at the end of every row and so is masked by the files it may start from.
//! Indices reach 35 on 8×8 and 54 on 10×10 (one `u64`, as dctl and Scan lay them out), 77 on
//! 12×12 (a `u128`).

use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Shl, Shr};

/// A set of squares as the bits of an unsigned integer.
pub trait Set:
    Copy
    + Eq
    + Debug
    + Default
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    const ZERO: Self;
    fn from_u128(bits: u128) -> Self;
    fn to_u128(self) -> u128;
    fn count(self) -> u32;
    /// The number of squares, counted by `P` (the CPU's instruction where it has one).
    fn count_by<P: Popcount>(self, popcount: P) -> u32;
    fn first(self) -> u32;
    #[inline(always)]
    fn is_empty(self) -> bool {
        self == Self::ZERO
    }
    #[inline(always)]
    fn bit(index: u32) -> Self {
        Self::from_u128(1u128 << index)
    }
    /// The set without its lowest square.
    fn without_first(self) -> Self;
}

impl Set for u64 {
    const ZERO: u64 = 0;
    #[inline(always)]
    fn from_u128(bits: u128) -> u64 {
        bits as u64
    }
    #[inline(always)]
    fn to_u128(self) -> u128 {
        self as u128
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline(always)]
    fn count_by<P: Popcount>(self, popcount: P) -> u32 {
        popcount.count(self)
    }
    #[inline(always)]
    fn first(self) -> u32 {
        self.trailing_zeros()
    }
    #[inline(always)]
    fn bit(index: u32) -> u64 {
        1 << index
    }
    #[inline(always)]
    fn without_first(self) -> u64 {
        self & self.wrapping_sub(1)
    }
}

impl Set for u128 {
    const ZERO: u128 = 0;
    #[inline(always)]
    fn from_u128(bits: u128) -> u128 {
        bits
    }
    #[inline(always)]
    fn to_u128(self) -> u128 {
        self
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline(always)]
    fn count_by<P: Popcount>(self, popcount: P) -> u32 {
        popcount.count(self as u64) + popcount.count((self >> 64) as u64)
    }
    #[inline(always)]
    fn first(self) -> u32 {
        self.trailing_zeros()
    }
    #[inline(always)]
    fn without_first(self) -> u128 {
        self & self.wrapping_sub(1)
    }
}

pub use crate::draughts::popcount::{PopcntInstruction, Popcount, SoftwarePopcount};

/// The eight directions of a step, as indices into [`Layout::DELTAS`]: the four diagonals
/// first (up-left, up-right, down-right, down-left), then the orthogonals (up, right, down,
/// left). Direction `d` reversed is `d ^ 2`.
pub const DIAGONALS: [usize; 4] = [0, 1, 2, 3];
pub const ORTHOGONALS: [usize; 4] = [4, 5, 6, 7];

/// The reverse of direction `d`.
#[inline(always)]
pub const fn reverse(d: usize) -> usize {
    d ^ 2
}

/// Whether direction `d` goes up the board (towards White's far row).
#[inline(always)]
pub const fn is_up(d: usize) -> bool {
    matches!(d, 0 | 1 | 4)
}

/// An N×N board's padded layout.
pub trait Layout: Copy + Default + Debug + 'static {
    type S: Set;
    /// Squares along a side.
    const N: u32;
    /// The index shift of a step in each direction (negative: down).
    const DELTAS: [i32; 8];
    /// The squares of the board.
    const SQUARES: u128;
    /// For each direction, the squares a step may start from; [`Layout::shift`] masks with
    /// it before shifting, so that a sideways step never wraps to another row.
    const FROM: [u128; 8];
    /// The top rank (White's far row) and the bottom rank (Black's).
    const TOP: u128;
    const BOTTOM: u128;

    /// The squares of `set` moved one step in direction `d`, those leaving the board dropped.
    #[inline(always)]
    fn shift(set: Self::S, d: usize) -> Self::S {
        let delta = Self::DELTAS[d];
        // Only the sideways steps need their start masked: the others fall on ghosts.
        let from = if d == 5 || d == 7 {
            set & Self::S::from_u128(Self::FROM[d])
        } else {
            set
        };
        let moved = if delta > 0 {
            from << delta as u32
        } else {
            from >> (-delta) as u32
        };
        moved & Self::S::from_u128(Self::SQUARES)
    }

    /// The index of square (rank, file), 0-based, a dark square of the board.
    #[inline]
    fn index(rank: u32, file: u32) -> u32 {
        ((Self::N + 1) * rank + file) / 2
    }

    /// The (rank, file) of an index.
    #[inline]
    fn coords(index: u32) -> (u32, u32) {
        let twice = 2 * index;
        (twice / (Self::N + 1), twice % (Self::N + 1))
    }

    /// The squares of a rank.
    fn rank(rank: u32) -> Self::S {
        let mut set = Self::S::ZERO;
        for file in 0..Self::N {
            if (rank + file).is_multiple_of(2) {
                set |= Self::S::bit(Self::index(rank, file));
            }
        }
        set
    }
}

/// The squares of an N×N board in its padded layout (computed at compile time).
const fn squares_of(n: u32) -> u128 {
    let mut set = 0u128;
    let mut rank = 0;
    while rank < n {
        let mut file = rank % 2;
        while file < n {
            set |= 1u128 << (((n + 1) * rank + file) / 2);
            file += 2;
        }
        rank += 1;
    }
    set
}

/// The squares of one rank of an N×N board.
const fn rank_of(n: u32, rank: u32) -> u128 {
    let mut set = 0u128;
    let mut file = rank % 2;
    while file < n {
        set |= 1u128 << (((n + 1) * rank + file) / 2);
        file += 2;
    }
    set
}

/// The squares whose file is at least `low` and at most `high`.
const fn files_of(n: u32, low: u32, high: u32) -> u128 {
    let mut set = 0u128;
    let mut rank = 0;
    while rank < n {
        let mut file = rank % 2;
        while file < n {
            if file >= low && file <= high {
                set |= 1u128 << (((n + 1) * rank + file) / 2);
            }
            file += 2;
        }
        rank += 1;
    }
    set
}

const fn deltas(n: u32) -> [i32; 8] {
    let half = (n / 2) as i32;
    let row2 = n as i32 + 1;
    [half, half + 1, -half, -half - 1, row2, 1, -row2, -1]
}

const fn from_masks(n: u32) -> [u128; 8] {
    let all = squares_of(n);
    [
        all,
        all,
        all,
        all,
        all,
        files_of(n, 0, n - 3),
        all,
        files_of(n, 2, n - 1),
    ]
}

macro_rules! layout {
    ($name:ident, $set:ty, $n:literal, $doc:literal) => {
        #[doc = $doc]
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $name;

        impl Layout for $name {
            type S = $set;
            const N: u32 = $n;
            const DELTAS: [i32; 8] = deltas($n);
            const SQUARES: u128 = squares_of($n);
            const FROM: [u128; 8] = from_masks($n);
            const TOP: u128 = rank_of($n, $n - 1);
            const BOTTOM: u128 = rank_of($n, 0);
        }
    };
}

layout!(Board8, u64, 8, "The 8×8 board: 32 squares in 36 bits.");
layout!(Board10, u64, 10, "The 10×10 board: 50 squares in 55 bits.");
layout!(Board12, u128, 12, "The 12×12 board: 72 squares in 78 bits.");

#[cfg(test)]
mod tests {
    use super::*;

    fn steps_agree_with_coordinates<L: Layout>() {
        let n = L::N as i32;
        let moves: [(i32, i32); 8] = [
            (1, -1),
            (1, 1),
            (-1, 1),
            (-1, -1),
            (2, 0),
            (0, 2),
            (-2, 0),
            (0, -2),
        ];
        let mut count = 0;
        for rank in 0..n {
            for file in 0..n {
                if (rank + file) % 2 != 0 {
                    continue;
                }
                count += 1;
                let at = L::S::bit(L::index(rank as u32, file as u32));
                assert_eq!(
                    L::coords(L::index(rank as u32, file as u32)),
                    (rank as u32, file as u32)
                );
                for (d, (dr, df)) in moves.iter().enumerate() {
                    let (r, f) = (rank + dr, file + df);
                    let expected = if (0..n).contains(&r) && (0..n).contains(&f) {
                        L::S::bit(L::index(r as u32, f as u32))
                    } else {
                        L::S::ZERO
                    };
                    assert_eq!(L::shift(at, d), expected, "{n}x{n} ({rank},{file}) dir {d}");
                }
            }
        }
        assert_eq!(count, n * n / 2);
        assert_eq!(L::SQUARES.count_ones() as i32, n * n / 2);
    }

    #[test]
    fn every_step_of_every_square_lands_where_coordinates_say_on_each_board() {
        steps_agree_with_coordinates::<Board8>();
        steps_agree_with_coordinates::<Board10>();
        steps_agree_with_coordinates::<Board12>();
    }

    #[test]
    fn the_eight_by_eight_layout_is_the_czech_generators() {
        assert_eq!(Board8::SQUARES as u64, crate::draughts::square::VALID);
    }
}
