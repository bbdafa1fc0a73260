//! The cover search's expansion of a state with its four slots `B R b r` in the four
//! 64-bit lanes of one 256-bit register, on CPUs with AVX-512 (the `F`, `VL` and
//! `VPOPCNTDQ` extensions: variable shifts, three-input logic, masks and a population count
//! per lane).
//!
//! It computes exactly what [`State::expand`] computes, step for step, and the tests check
//! the two against each other on states from real searches and on whole draws:
//!
//! - partners: the four diagonal or line fills of [`crate::chess_memory::search::set_attacks`]
//!   at once, each lane with its own step (a bishop lane steps 9 or 7 squares, a rook lane 1
//!   or 8), so all four slots cost one fill per direction;
//! - the counts of [`needed_all`] and [`only_own`] with two colour masks per lane: a bishop
//!   lane counts light and dark squares apart, a rook lane counts all its squares as one
//!   colour and none as the other, which gives the rook rules of those functions;
//! - the slots that can take each square ([`Cover`]) by folding the lanes onto each other;
//! - a square's options in all four lanes from one row of [`ATTACKS`].

use super::{Cover, Expander, State};
use crate::chess_memory::rules::AttackTables;
use std::arch::x86_64::*;

/// Proof that the running CPU has the AVX-512 extensions this module uses; the only way to
/// get one is [`Lanes::detect`].
#[derive(Clone, Copy, Debug)]
pub(super) struct Lanes(());

impl Lanes {
    /// A token if the running CPU has AVX-512 F, VL and VPOPCNTDQ, `None` otherwise.
    pub(super) fn detect() -> Option<Lanes> {
        let has = std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512vl")
            && std::arch::is_x86_feature_detected!("avx512vpopcntdq")
            && std::arch::is_x86_feature_detected!("avx2");
        has.then_some(Lanes(()))
    }
}

impl Expander for Lanes {
    #[inline(always)]
    fn expand<const N: usize>(
        self,
        state: &mut State<N>,
        tables: &AttackTables,
    ) -> Option<(u8, [u64; N], u64)> {
        if N != 4 {
            // The tuning aids' six slots do not fit the lanes.
            return state.expand(tables);
        }
        let avail: [u64; 4] = std::array::from_fn(|slot| state.avail[slot]);
        let left: [u8; 4] = std::array::from_fn(|slot| state.left[slot]);
        // SAFETY: a `Lanes` exists only after `detect` found the extensions on the running
        // CPU; the intrinsics only touch registers and the arrays given.
        let (square, options4, only, usable) = unsafe { expand(state.free, avail, left)? };
        state.avail[..4].copy_from_slice(&usable);
        let mut options = [0u64; N];
        options[..4].copy_from_slice(&options4);
        Some((square, options, only))
    }
}

/// Each square's attacks in every lane: a bishop's in bishop lanes, a rook's in rook lanes
/// (on the empty 8×8 board).
static ATTACKS: [[u64; 4]; 64] = {
    let mut attacks = [[0u64; 4]; 64];
    let mut square = 0;
    while square < 64 {
        let (file, rank) = ((square / 8) as i32, (square % 8) as i32);
        let (mut bishop, mut rook) = (0u64, 0u64);
        let mut other = 0;
        while other < 64 {
            let (f, r) = ((other / 8) as i32, (other % 8) as i32);
            if other != square {
                if f == file || r == rank {
                    rook |= 1 << other;
                }
                if (f - file).abs() == (r - rank).abs() {
                    bishop |= 1 << other;
                }
            }
            other += 1;
        }
        attacks[square] = [bishop, rook, bishop, rook];
        square += 1;
    }
    attacks
};

/// Rank 0 is the lowest bit of every byte (file-major squares).
const RANK_0: u64 = 0x0101_0101_0101_0101;
const RANK_7: u64 = RANK_0 << 7;
const LIGHT: u64 = super::LIGHT;

/// Truth tables of `_mm256_ternarylogic_epi64` for its three inputs.
const A: i32 = 0xF0;
const B: i32 = 0xCC;
const C: i32 = 0xAA;

/// One direction of the fills, for all four lanes: shift counts of one, two and four steps,
/// and the squares that a step of one, two and four may land on.
struct Direction {
    up: bool,
    step: [[u64; 4]; 3],
    pass: [[u64; 4]; 3],
}

impl Direction {
    /// The direction stepping `bishop` squares in bishop lanes and `rook` squares in rook
    /// lanes (up: towards higher squares), landing only on `landing` (per lane).
    const fn new(up: bool, bishop: u64, rook: u64, landing: [u64; 4]) -> Direction {
        let one = [bishop, rook, bishop, rook];
        let mut step = [[0; 4]; 3];
        let mut pass = [[0; 4]; 3];
        let mut lane = 0;
        while lane < 4 {
            let s = one[lane];
            step[0][lane] = s;
            step[1][lane] = 2 * s;
            step[2][lane] = 4 * s;
            pass[0][lane] = landing[lane];
            pass[1][lane] = pass[0][lane] & shifted(up, pass[0][lane], s);
            pass[2][lane] = pass[1][lane] & shifted(up, pass[1][lane], 2 * s);
            lane += 1;
        }
        Direction { up, step, pass }
    }
}

/// `bits` shifted `by` squares up or down.
const fn shifted(up: bool, bits: u64, by: u64) -> u64 {
    if up { bits << by } else { bits >> by }
}

/// The four directions: a bishop lane's diagonals (+9 and -7 land off rank 0, +7 and -9 off
/// rank 7), a rook lane's file steps (+1 off rank 0, -1 off rank 7) and rank steps (±8,
/// anywhere).
const DIRECTIONS: [Direction; 4] = [
    Direction::new(true, 9, 1, [!RANK_0; 4]),
    Direction::new(false, 9, 1, [!RANK_7; 4]),
    Direction::new(true, 7, 8, [!RANK_7, u64::MAX, !RANK_7, u64::MAX]),
    Direction::new(false, 7, 8, [!RANK_0, u64::MAX, !RANK_0, u64::MAX]),
];

/// The two colours each lane counts apart: light and dark in bishop lanes, all squares and
/// none in rook lanes.
const COLOUR_1: [u64; 4] = [LIGHT, u64::MAX, LIGHT, u64::MAX];
const COLOUR_2: [u64; 4] = [!LIGHT, 0, !LIGHT, 0];

/// Lanes of rooks.
const ROOK_LANES: __mmask8 = 0b1010;

#[inline(always)]
unsafe fn vector(lanes: [u64; 4]) -> __m256i {
    unsafe { _mm256_loadu_si256(lanes.as_ptr().cast()) }
}

#[inline(always)]
unsafe fn array(v: __m256i) -> [u64; 4] {
    let mut lanes = [0u64; 4];
    unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), v) };
    lanes
}

/// Every lane's squares attacked from `set` in one direction: a Kogge–Stone fill
/// (`SetAttacks::slide`) with each lane's own step.
#[inline(always)]
unsafe fn slide(set: __m256i, direction: &Direction) -> __m256i {
    unsafe {
        let shift = |bits: __m256i, by: __m256i| {
            if direction.up {
                _mm256_sllv_epi64(bits, by)
            } else {
                _mm256_srlv_epi64(bits, by)
            }
        };
        let step: [__m256i; 3] = std::array::from_fn(|k| vector(direction.step[k]));
        let pass: [__m256i; 3] = std::array::from_fn(|k| vector(direction.pass[k]));
        let mut reach = set;
        for k in 0..3 {
            // reach |= pass & shifted reach
            reach =
                _mm256_ternarylogic_epi64::<{ A | (B & C) }>(reach, pass[k], shift(reach, step[k]));
        }
        _mm256_and_si256(pass[0], shift(reach, step[0]))
    }
}

/// [`super::partners`] on the lanes: the squares of each lane's `sets` that have a partner
/// in the set (none where `left` is zero), or `None` when a rook lane has no room for its
/// pairs by lines ([`super::has_shape_room`]).
#[inline(always)]
unsafe fn partners(sets: __m256i, left: __m256i) -> Option<__m256i> {
    unsafe {
        let attacks = |d: usize| slide(sets, &DIRECTIONS[d]);
        let some = _mm256_ternarylogic_epi64::<{ A | B | C }>(attacks(0), attacks(1), attacks(2));
        // sets & (some | the fourth direction), in lanes with pairs left.
        let usable = _mm256_maskz_ternarylogic_epi64::<{ A & (B | C) }>(
            _mm256_test_epi64_mask(left, left),
            sets,
            some,
            attacks(3),
        );
        // Rook lanes: files (bytes) and ranks (bit positions) holding usable squares.
        const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
        let low7 = _mm256_set1_epi64x(LOW7 as i64);
        let carried = _mm256_add_epi64(_mm256_and_si256(usable, low7), low7);
        let files = _mm256_popcnt_epi64(_mm256_ternarylogic_epi64::<{ (A | B) & !C }>(
            carried, usable, low7,
        ));
        let mut ranks = _mm256_or_si256(usable, _mm256_srli_epi64::<32>(usable));
        ranks = _mm256_or_si256(ranks, _mm256_srli_epi64::<16>(ranks));
        ranks = _mm256_or_si256(ranks, _mm256_srli_epi64::<8>(ranks));
        let ranks = _mm256_popcnt_epi64(_mm256_and_si256(ranks, _mm256_set1_epi64x(0xFF)));
        // a ≥ 2·left − F and a ≤ R − left for some 0 ≤ a ≤ left, and R ≥ left.
        let zero = _mm256_setzero_si256();
        let at_least =
            _mm256_max_epi64(_mm256_sub_epi64(_mm256_add_epi64(left, left), files), zero);
        let at_most = _mm256_min_epi64(left, _mm256_max_epi64(_mm256_sub_epi64(ranks, left), zero));
        let room =
            _mm256_cmple_epi64_mask(at_least, at_most) & _mm256_cmpge_epi64_mask(ranks, left);
        (room & ROOK_LANES == ROOK_LANES).then_some(usable)
    }
}

/// Swaps the two colours of each kind: lanes 0 ↔ 2 and 1 ↔ 3.
#[inline(always)]
unsafe fn other_colour(v: __m256i) -> __m256i {
    unsafe { _mm256_permute4x64_epi64::<0b01_00_11_10>(v) }
}

/// Swaps the two kinds of each colour: lanes 0 ↔ 1 and 2 ↔ 3.
#[inline(always)]
unsafe fn other_kind(v: __m256i) -> __m256i {
    unsafe { _mm256_shuffle_epi32::<0b01_00_11_10>(v) }
}

/// [`Cover::of`]: the squares that at least 1, 2, 3, 4 lanes hold, in every lane.
#[inline(always)]
unsafe fn cover_of(usable: __m256i) -> [__m256i; 4] {
    unsafe {
        // Lane pairs (0, 1) and (2, 3): squares in either, and in both.
        let partner = other_kind(usable);
        let (any, both) = (
            _mm256_or_si256(usable, partner),
            _mm256_and_si256(usable, partner),
        );
        let (any_o, both_o) = (other_colour(any), other_colour(both));
        let one = _mm256_or_si256(any, any_o);
        // two: both of a pair, or one of each pair.
        let two =
            _mm256_ternarylogic_epi64::<{ A | B | C }>(both, both_o, _mm256_and_si256(any, any_o));
        // three: both of one pair and one of the other.
        let three = _mm256_ternarylogic_epi64::<{ (A & B) | C }>(
            both,
            any_o,
            _mm256_and_si256(any, both_o),
        );
        let four = _mm256_and_si256(both, both_o);
        [one, two, three, four]
    }
}

/// [`super::needed_all`] in every lane: the squares of `x` the lane's `pairs` must all take,
/// and the lanes where `x` cannot hold them.
#[inline(always)]
unsafe fn needed_all(x: __m256i, pairs: __m256i) -> (__m256i, __mmask8) {
    unsafe {
        let one = _mm256_set1_epi64x(1);
        let (x1, x2) = (
            _mm256_and_si256(x, vector(COLOUR_1)),
            _mm256_and_si256(x, vector(COLOUR_2)),
        );
        let (n1, n2) = (_mm256_popcnt_epi64(x1), _mm256_popcnt_epi64(x2));
        let room = _mm256_add_epi64(_mm256_srli_epi64::<1>(n1), _mm256_srli_epi64::<1>(n2));
        let dead = _mm256_cmplt_epu64_mask(room, pairs);
        let tight = _mm256_cmpeq_epi64_mask(room, pairs);
        // A tight lane claims its colours with an even count.
        let claims = _mm256_or_si256(
            _mm256_maskz_mov_epi64(tight & _mm256_testn_epi64_mask(n1, one), x1),
            _mm256_maskz_mov_epi64(tight & _mm256_testn_epi64_mask(n2, one), x2),
        );
        (claims, dead)
    }
}

/// [`super::only_own`] in every lane: what each lane may keep of `usable` given its `own`
/// squares, and the lanes where `own` is more than its `pairs` can take.
#[inline(always)]
unsafe fn only_own(usable: __m256i, own: __m256i, pairs: __m256i) -> (__m256i, __mmask8) {
    unsafe {
        let one = _mm256_set1_epi64x(1);
        let (c1, c2) = (vector(COLOUR_1), vector(COLOUR_2));
        let (n1, n2) = (
            _mm256_popcnt_epi64(_mm256_and_si256(own, c1)),
            _mm256_popcnt_epi64(_mm256_and_si256(own, c2)),
        );
        // A colour with an odd count of own squares needs one more square of it.
        let needed = _mm256_add_epi64(
            _mm256_add_epi64(n1, _mm256_and_si256(n1, one)),
            _mm256_add_epi64(n2, _mm256_and_si256(n2, one)),
        );
        let squares = _mm256_add_epi64(pairs, pairs);
        let dead = _mm256_cmpgt_epu64_mask(needed, squares);
        let full = _mm256_cmpeq_epi64_mask(needed, squares);
        let odd_1 = _mm256_maskz_and_epi64(_mm256_test_epi64_mask(n1, one), usable, c1);
        let odd_2 = _mm256_maskz_and_epi64(_mm256_test_epi64_mask(n2, one), usable, c2);
        let keep_full = _mm256_ternarylogic_epi64::<{ A | B | C }>(own, odd_1, odd_2);
        let keep = _mm256_mask_mov_epi64(_mm256_set1_epi64x(-1), full, keep_full);
        (keep, dead)
    }
}

/// [`State::needs`] on the lanes, or `None` when the counts leave no completion.
#[inline(always)]
unsafe fn needs(usable: __m256i, only: __m256i, left: __m256i) -> Option<__m256i> {
    unsafe {
        let both = _mm256_or_si256(usable, other_colour(usable));
        let pairs_both = _mm256_add_epi64(left, other_colour(left));
        let (claims_kind, dead_kind) = needed_all(both, pairs_both);
        let (claims_slot, dead_slot) = needed_all(usable, left);
        let (keep, dead_own) = only_own(usable, _mm256_and_si256(usable, only), left);
        if (dead_kind | dead_slot | dead_own) & 0xF != 0 {
            return None;
        }
        let claims = _mm256_or_si256(claims_kind, claims_slot);
        let by_kind = _mm256_or_si256(claims, other_kind(claims));
        let claimed = _mm256_or_si256(by_kind, other_colour(by_kind));
        // usable & keep & (claims | !claimed)
        let allowed = _mm256_ternarylogic_epi64::<{ A & (B | !C) }>(keep, claims, claimed);
        Some(_mm256_and_si256(usable, allowed))
    }
}

/// The lowest lane of `v`.
#[inline(always)]
unsafe fn low(v: __m256i) -> u64 {
    unsafe { _mm_cvtsi128_si64(_mm256_castsi256_si128(v)) as u64 }
}

/// [`State::propagate`] of the four-slot state (`free`, `avail`, `left`) on the lanes.
#[inline(always)]
unsafe fn propagate(free: u64, avail: [u64; 4], left: [u8; 4]) -> Option<(__m256i, Cover)> {
    unsafe {
        let left = _mm256_cvtepu8_epi64(_mm_cvtsi32_si128(u32::from_le_bytes(left) as i32));
        let mut usable = partners(vector(avail), left)?;
        loop {
            let [one, two, three, four] = cover_of(usable);
            let cover = Cover {
                one: low(one),
                two: low(two),
                three: low(three),
                four: low(four),
            };
            if free & !cover.one != 0 {
                return None;
            }
            let only = _mm256_andnot_si256(two, one);
            let kept = needs(usable, only, left)?;
            if _mm256_cmpeq_epi64_mask(kept, usable) & 0xF == 0xF {
                return Some((usable, cover));
            }
            usable = partners(kept, left)?;
        }
    }
}

/// The (slot, partner) options of `square` in every lane: the lane's partners of it, or
/// none when the square cannot take the lane's slot.
#[inline(always)]
unsafe fn options_of(usable: __m256i, square: u32) -> __m256i {
    unsafe {
        let takes = _mm256_test_epi64_mask(usable, _mm256_set1_epi64x(1 << square));
        _mm256_maskz_and_epi64(takes, vector(ATTACKS[square as usize]), usable)
    }
}

/// The sum of the four lanes.
#[inline(always)]
unsafe fn sum(v: __m256i) -> u64 {
    unsafe {
        let pairs = _mm256_add_epi64(v, other_kind(v));
        low(_mm256_add_epi64(pairs, other_colour(pairs)))
    }
}

/// [`State::expand`] of the four-slot state (`free`, `avail`, `left`) on the lanes: the
/// square to branch on, its options, the squares a single slot can take and every slot's
/// usable squares.
#[inline(always)]
unsafe fn expand(
    free: u64,
    avail: [u64; 4],
    left: [u8; 4],
) -> Option<(u8, [u64; 4], u64, [u64; 4])> {
    unsafe {
        let (usable, cover) = propagate(free, avail, left)?;
        let mut best = u32::MAX;
        let mut pool = super::branching_pool(free, &cover);
        while pool != 0 {
            let square = pool.trailing_zeros();
            pool &= pool - 1;
            let count = sum(_mm256_popcnt_epi64(options_of(usable, square))) as u32;
            best = best.min(count << 8 | square);
        }
        let square = best & 0xFF;
        let options = array(options_of(usable, square));
        Some((square as u8, options, cover.only(), array(usable)))
    }
}

#[cfg(test)]
mod tests {
    use super::super::{KNIGHT_PAIRS, Portable, SLOTS, start_run};
    use super::*;
    use crate::chess_memory::board::{BoardSize, squares_of};
    use crate::chess_memory::pieces::Kind;
    use crate::chess_memory::search::{Counters, Picker, UniformPicker};
    use crate::rng::BroadwordSelect;

    #[test]
    fn lane_attacks_are_the_tables() {
        let tables = AttackTables::for_size(BoardSize::STANDARD);
        for (square, lanes) in ATTACKS.iter().enumerate() {
            let (bishop, rook) = (
                tables.of_kind(Kind::Bishop)[square],
                tables.of_kind(Kind::Rook)[square],
            );
            assert_eq!(*lanes, [bishop, rook, bishop, rook], "square {square}");
        }
    }

    /// States along random descents from drawn queens and knights, each also with random
    /// squares taken away from its slots (many of those have no completion): the lanes
    /// expand every one as the portable code does.
    #[test]
    fn lanes_expand_states_as_the_portable_code_does() {
        let Some(lanes) = Lanes::detect() else {
            eprintln!("this CPU lacks AVX-512: the lanes cannot run here");
            return;
        };
        let tables = AttackTables::for_size(BoardSize::STANDARD);
        let mut picker = UniformPicker::new(crate::rng::stream(4, "cover lanes", 0));
        let (mut compared, mut dead) = (0, 0);
        let mut compare = |state: &State<SLOTS>| {
            let (mut portable, mut vector) = (*state, *state);
            let expected = Portable.expand(&mut portable, tables);
            let got = lanes.expand(&mut vector, tables);
            assert_eq!(got, expected, "{:x?} {:?}", state.avail, state.left);
            if expected.is_some() {
                assert_eq!(vector.avail, portable.avail);
            }
            compared += 1;
            dead += expected.is_none() as u32;
        };
        for _ in 0..300 {
            let mut counters = Counters::default();
            let Some(run) = start_run(&BroadwordSelect, &mut picker, tables, &mut counters) else {
                continue;
            };
            let mut state = run.state;
            for _ in KNIGHT_PAIRS..super::super::PAIRS {
                let mut thinned = state;
                for avail in &mut thinned.avail {
                    *avail &= !(1u64 << picker.pick_index(64)) & !(1u64 << picker.pick_index(64));
                }
                compare(&thinned);
                compare(&state);
                let Some((square, options, _)) = Portable.expand(&mut state, tables) else {
                    break;
                };
                let choices: Vec<(usize, u8)> = (0..SLOTS)
                    .flat_map(|slot| squares_of(options[slot]).map(move |p| (slot, p.0)))
                    .collect();
                let (slot, partner) = choices[picker.pick_index(choices.len() as u32) as usize];
                state.place(tables, slot, square, partner);
            }
        }
        assert!(compared > 1000 && dead > 100, "{compared} {dead}");
    }
}
