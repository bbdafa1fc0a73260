//! The squares that a whole set of pieces attacks, computed with a few shifts of the board
//! instead of a loop over the set's squares.
//!
//! Squares are numbered file-major (`file * n + rank`), so a step along the file (rank ± 1)
//! is a shift by 1, a step to the next file a shift by n, and the diagonals shifts by n ± 1.
//! A shift that would wrap from the last rank of one file onto the first rank of the next is
//! cut by a mask of the squares such a step may land on. Sliding pieces attack along a whole
//! line on the empty board, so their attacks are a Kogge–Stone fill (Stone 1973, as used in
//! chess programs: three doublings of the step cover the seven squares of a line) shifted one
//! step further. Because attack is symmetric on the empty board, a square of a set attacks
//! another square of the set exactly when it lies in the set's attacks: `set & attacks(set)`
//! are the squares that have a possible partner.

use crate::chess_memory::board::BoardSize;
use crate::chess_memory::pieces::Kind;
use crate::chess_memory::rules::KNIGHT_STEPS;

/// The shift masks of one board size (module docs).
#[derive(Clone, Copy, Debug)]
pub struct SetAttacks {
    /// n, the side: a shift by n moves one file.
    side: u32,
    /// All squares of the board.
    all: u64,
    /// Squares whose rank is at least r, for r = 0..=2 (destinations of a step up by r).
    rank_from: [u64; 3],
    /// Squares whose rank is at most n-1-r, for r = 0..=2 (destinations of a step down by r).
    rank_to: [u64; 3],
}

/// Shifts left by `amount` if it is positive, right otherwise.
#[inline(always)]
const fn shift(bits: u64, amount: i32) -> u64 {
    if amount >= 0 {
        bits << amount
    } else {
        bits >> -amount
    }
}

impl SetAttacks {
    /// The masks of the standard 8×8 board, as constants for the 8×8-only searches.
    pub const STANDARD: SetAttacks = SetAttacks::new(8);

    /// The masks of an n×n board, 4 ≤ n ≤ 8.
    pub const fn new(side: usize) -> SetAttacks {
        let squares = side * side;
        let all = if squares == 64 {
            u64::MAX
        } else {
            (1u64 << squares) - 1
        };
        let mut rank_from = [0u64; 3];
        let mut rank_to = [0u64; 3];
        let mut square = 0;
        while square < squares {
            let rank = square % side;
            let mut r = 0;
            while r < 3 {
                if rank >= r {
                    rank_from[r] |= 1 << square;
                }
                if rank + r < side {
                    rank_to[r] |= 1 << square;
                }
                r += 1;
            }
            square += 1;
        }
        SetAttacks {
            side: side as u32,
            all,
            rank_from,
            rank_to,
        }
    }

    /// Whether these are the masks of 8×8, where the rook lines are counted per byte.
    #[inline(always)]
    pub fn is_standard(&self) -> bool {
        self.side == 8
    }

    /// The shared masks of `size`.
    pub fn for_size(size: BoardSize) -> &'static SetAttacks {
        static ALL: [SetAttacks; 5] = [
            SetAttacks::new(4),
            SetAttacks::new(5),
            SetAttacks::new(6),
            SetAttacks::new(7),
            SetAttacks::new(8),
        ];
        &ALL[size.side() - BoardSize::MIN]
    }

    /// The destinations of a step of `files` files and `ranks` ranks (|ranks| ≤ 2) that
    /// stay on the board.
    #[inline(always)]
    fn landing(&self, ranks: i32) -> u64 {
        if ranks >= 0 {
            self.rank_from[ranks as usize]
        } else {
            self.rank_to[(-ranks) as usize]
        }
    }

    /// Squares attacked by a slider on some square of `set` moving in one direction.
    #[inline(always)]
    fn slide(&self, set: u64, files: i32, ranks: i32) -> u64 {
        let step = files * self.side as i32 + ranks;
        let landing = self.landing(ranks) & self.all;
        let mut reach = set;
        let mut pass = landing;
        reach |= pass & shift(reach, step);
        pass &= shift(pass, step);
        reach |= pass & shift(reach, 2 * step);
        pass &= shift(pass, 2 * step);
        reach |= pass & shift(reach, 4 * step);
        landing & shift(reach, step)
    }

    /// Squares attacked by a rook on some square of `set`.
    #[inline(always)]
    pub fn rook(&self, set: u64) -> u64 {
        self.slide(set, 0, 1)
            | self.slide(set, 0, -1)
            | self.slide(set, 1, 0)
            | self.slide(set, -1, 0)
    }

    /// Squares attacked by a bishop on some square of `set`.
    #[inline(always)]
    pub fn bishop(&self, set: u64) -> u64 {
        self.slide(set, 1, 1)
            | self.slide(set, 1, -1)
            | self.slide(set, -1, 1)
            | self.slide(set, -1, -1)
    }

    /// Squares attacked by a knight on some square of `set`.
    #[inline(always)]
    pub fn knight(&self, set: u64) -> u64 {
        let n = self.side as i32;
        let mut attacked = 0;
        for (files, ranks) in KNIGHT_STEPS {
            attacked |= self.landing(ranks) & shift(set, files * n + ranks);
        }
        attacked & self.all
    }

    /// Squares attacked by a knight on some square of `set` on 8×8, with the steps shared:
    /// one rank then two files, or two ranks then one file.
    #[inline(always)]
    pub fn knight_8x8(set: u64) -> u64 {
        const RANK_0: u64 = 0x0101_0101_0101_0101;
        let one_rank = (set << 1 & !RANK_0) | (set >> 1 & !(RANK_0 << 7));
        let two_ranks = (set << 2 & !(RANK_0 * 3)) | (set >> 2 & !(RANK_0 * 0xC0));
        one_rank << 16 | one_rank >> 16 | two_ranks << 8 | two_ranks >> 8
    }

    /// The squares of `set` that share a file or a rank with another square of `set`: the
    /// rook case of [`SetAttacks::with_partner`] on 8×8, by counting per line instead of
    /// filling (files are bytes, a rank is one bit position in every byte).
    #[inline(always)]
    pub fn rook_partners_8x8(set: u64) -> u64 {
        const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
        const HIGH: u64 = !LOW7;
        // 0x01 in every non-empty byte; subtracting it clears each byte's lowest bit.
        let nonempty = |x: u64| ((((x & LOW7) + LOW7) | x) & HIGH) >> 7;
        let crowded = set & set.wrapping_sub(nonempty(set));
        let files = nonempty(crowded) * 0xFF;
        // Per bit position: seen in at least one byte (`one`) or in two (`two`).
        let (mut one, mut two) = (set, 0u64);
        for half in [32, 16, 8] {
            two = two | two >> half | (one & one >> half);
            one |= one >> half;
        }
        let ranks = (two & 0xFF) * 0x0101_0101_0101_0101;
        set & (files | ranks)
    }

    /// The squares of `a` and of `b` that share a diagonal with another square of the same
    /// set: the bishop case of [`SetAttacks::with_partner`] on 8×8 for two sets at once. On
    /// x86_64 the two sets are the two lanes of one SSE2 register (part of every x86_64 CPU),
    /// so both cost about as much as one.
    #[inline(always)]
    pub fn bishop_partners_8x8_x2(a: u64, b: u64) -> (u64, u64) {
        #[cfg(target_arch = "x86_64")]
        {
            bishop_partners_sse2(a, b)
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let geometry = SetAttacks::STANDARD;
            (
                geometry.with_partner(Kind::Bishop, a),
                geometry.with_partner(Kind::Bishop, b),
            )
        }
    }

    /// [`SetAttacks::rook_partners_8x8`] of `a` and of `b`, in the two lanes of one SSE2
    /// register on x86_64.
    #[inline(always)]
    pub fn rook_partners_8x8_x2(a: u64, b: u64) -> (u64, u64) {
        #[cfg(target_arch = "x86_64")]
        {
            rook_partners_sse2(a, b)
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            (
                SetAttacks::rook_partners_8x8(a),
                SetAttacks::rook_partners_8x8(b),
            )
        }
    }

    /// Squares attacked by a `kind` on some square of `set`.
    #[inline(always)]
    pub fn of_kind(&self, kind: Kind, set: u64) -> u64 {
        match kind {
            Kind::Queen => self.rook(set) | self.bishop(set),
            Kind::Knight if self.side == 8 => SetAttacks::knight_8x8(set),
            Kind::Knight => self.knight(set),
            Kind::Bishop => self.bishop(set),
            Kind::Rook => self.rook(set),
        }
    }

    /// The squares of `set` that attack another square of `set` as a `kind`. On 8×8 the
    /// rook lines are counted per byte ([`SetAttacks::rook_partners_8x8`]), not filled.
    #[inline(always)]
    pub fn with_partner(&self, kind: Kind, set: u64) -> u64 {
        match kind {
            Kind::Rook if self.side == 8 => SetAttacks::rook_partners_8x8(set),
            Kind::Queen if self.side == 8 => {
                SetAttacks::rook_partners_8x8(set) | set & self.bishop(set)
            }
            _ => set & self.of_kind(kind, set),
        }
    }
}

/// The two 64-bit lanes of `pair`, low first.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn lanes(pair: std::arch::x86_64::__m128i) -> (u64, u64) {
    use std::arch::x86_64::*;
    // SAFETY: SSE2 is part of the x86_64 baseline, and these intrinsics only touch registers.
    unsafe {
        (
            _mm_cvtsi128_si64(pair) as u64,
            _mm_cvtsi128_si64(_mm_unpackhi_epi64(pair, pair)) as u64,
        )
    }
}

/// [`SetAttacks::rook_partners_8x8_x2`] on SSE2: the counts per line of
/// [`SetAttacks::rook_partners_8x8`] with bytewise instructions for the files.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn rook_partners_sse2(a: u64, b: u64) -> (u64, u64) {
    use std::arch::x86_64::*;
    // SAFETY: SSE2 is part of the x86_64 baseline, and these intrinsics only touch registers.
    unsafe {
        let set = _mm_set_epi64x(b as i64, a as i64);
        let zero = _mm_setzero_si128();
        // Files are bytes: a byte minus one, masked by itself, is non-zero when the byte
        // has two squares or more.
        let crowded = _mm_and_si128(set, _mm_sub_epi8(set, _mm_set1_epi8(1)));
        let empty_files = _mm_cmpeq_epi8(crowded, zero);
        // A rank is one bit position in every byte: fold the eight bytes onto the lowest,
        // keeping the positions seen once (`one`) and twice or more (`two`).
        let (mut one, mut two) = (set, zero);
        macro_rules! fold {
            ($half:literal) => {
                two = _mm_or_si128(
                    _mm_or_si128(two, _mm_srli_epi64::<$half>(two)),
                    _mm_and_si128(one, _mm_srli_epi64::<$half>(one)),
                );
            };
        }
        fold!(32);
        one = _mm_or_si128(one, _mm_srli_epi64::<32>(one));
        fold!(16);
        one = _mm_or_si128(one, _mm_srli_epi64::<16>(one));
        fold!(8);
        // The crowded ranks, the lowest byte of each lane, copied into all eight bytes.
        let ranks = _mm_mul_epu32(
            _mm_and_si128(two, _mm_set1_epi64x(0xFF)),
            _mm_set1_epi64x(0x0101_0101),
        );
        let ranks = _mm_or_si128(ranks, _mm_slli_epi64::<32>(ranks));
        // Squares on a crowded rank or in a crowded file.
        let partners = _mm_andnot_si128(_mm_andnot_si128(ranks, empty_files), set);
        lanes(partners)
    }
}

/// [`SetAttacks::bishop_partners_8x8_x2`] on SSE2: the four diagonal fills of
/// [`SetAttacks::bishop`] with both sets in one register.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn bishop_partners_sse2(a: u64, b: u64) -> (u64, u64) {
    use std::arch::x86_64::*;
    // Rank 0 is the lowest bit of every byte (file-major squares).
    const RANK_0: u64 = 0x0101_0101_0101_0101;
    const RANK_7: u64 = RANK_0 << 7;
    // SAFETY: SSE2 is part of the x86_64 baseline, and these intrinsics only touch registers.
    unsafe {
        let set = _mm_set_epi64x(b as i64, a as i64);
        // A fill of `set` in steps of `$step` squares (`$shift`: `_mm_slli_epi64` for steps
        // up, `_mm_srli_epi64` for steps down) that land only on `$landing`, shifted one
        // step further: `SetAttacks::slide` on both lanes.
        macro_rules! slide {
            ($shift:ident, $step:literal, $landing:expr) => {{
                let landing = _mm_set1_epi64x($landing as i64);
                let (mut reach, mut pass) = (set, landing);
                reach = _mm_or_si128(reach, _mm_and_si128(pass, $shift::<$step>(reach)));
                pass = _mm_and_si128(pass, $shift::<$step>(pass));
                reach = _mm_or_si128(reach, _mm_and_si128(pass, $shift::<{ 2 * $step }>(reach)));
                pass = _mm_and_si128(pass, $shift::<{ 2 * $step }>(pass));
                reach = _mm_or_si128(reach, _mm_and_si128(pass, $shift::<{ 4 * $step }>(reach)));
                _mm_and_si128(landing, $shift::<$step>(reach))
            }};
        }
        // One file and one rank up (+9), one file down and one rank up (-7), and back.
        let attacks = _mm_or_si128(
            _mm_or_si128(
                slide!(_mm_slli_epi64, 9, !RANK_0),
                slide!(_mm_srli_epi64, 7, !RANK_0),
            ),
            _mm_or_si128(
                slide!(_mm_slli_epi64, 7, !RANK_7),
                slide!(_mm_srli_epi64, 9, !RANK_7),
            ),
        );
        let partners = _mm_and_si128(set, attacks);
        lanes(partners)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess_memory::rules::AttackTables;

    #[test]
    fn set_attacks_are_the_union_of_the_tables_on_every_size() {
        let mut stream = crate::rng::stream(5, "set attacks", 0);
        for n in BoardSize::MIN..=BoardSize::MAX {
            let size = BoardSize::new(n).unwrap();
            let (tables, fast) = (AttackTables::for_size(size), SetAttacks::for_size(size));
            for round in 0..300 {
                let word = rand_core::Rng::next_u64(&mut stream);
                // Single squares first, then random sparse and dense sets.
                let set = if round < n * n {
                    1 << round
                } else if round % 2 == 0 {
                    word & rand_core::Rng::next_u64(&mut stream)
                } else {
                    word
                } & size.all_squares();
                for kind in Kind::ALL {
                    let expected = crate::chess_memory::board::squares_of(set)
                        .fold(0, |union, square| union | tables.attacks(kind, square));
                    assert_eq!(
                        fast.of_kind(kind, set),
                        expected,
                        "{n}×{n} {kind:?} {set:#x}"
                    );
                }
            }
        }
    }

    #[test]
    fn partners_of_two_sets_are_those_of_each() {
        let tables = AttackTables::for_size(BoardSize::STANDARD);
        for kind in [Kind::Bishop, Kind::Rook] {
            let partners = |set: u64| {
                crate::chess_memory::board::squares_of(set)
                    .filter(|&square| tables.attacks(kind, square) & set != 0)
                    .fold(0u64, |found, square| found | 1 << square.0)
            };
            let label = format!("{} partners", kind.name());
            let mut stream = crate::rng::stream(6, &label, 0);
            let mut next = || rand_core::Rng::next_u64(&mut stream);
            for round in 0..2000 {
                // Dense, sparse and very sparse sets, and the two extremes.
                let (a, b) = match round {
                    0 => (0, u64::MAX),
                    _ => match round % 3 {
                        0 => (next(), next()),
                        1 => (next() & next(), next() & next()),
                        _ => (next() & next() & next(), next() & next() & next()),
                    },
                };
                let expected = (partners(a), partners(b));
                let both = match kind {
                    Kind::Bishop => SetAttacks::bishop_partners_8x8_x2(a, b),
                    _ => SetAttacks::rook_partners_8x8_x2(a, b),
                };
                let geometry = SetAttacks::STANDARD;
                let one_at_a_time = (
                    geometry.with_partner(kind, a),
                    geometry.with_partner(kind, b),
                );
                assert_eq!(both, expected, "{kind:?} {a:#x} {b:#x}");
                assert_eq!(one_at_a_time, expected, "{kind:?} {a:#x} {b:#x}");
            }
        }
    }
}
