//! Pickers: how a search chooses among candidate squares.
//!
//! The backtracker is generic over its picker, so the fast path and the exact replay of the
//! original program share one loop and differ only here:
//!
//! - [`UniformPicker`] draws a uniform set bit straight from the candidate bitboard with the
//!   default generator: no list is built and nothing is allocated.
//! - [`SeedReplayPicker`] reproduces the original JavaScript exactly: `mulberry32`, first
//!   squares in file-major order (A1, A2, …, B1, …: ascending bit order), partners in the
//!   order of the seed's attack lists.
//!
//! Both choose uniformly among the same candidates, so the distribution of every counter is
//! the same; only the stream differs.

use crate::chess_memory::board::{Bitboard, Square};
use crate::chess_memory::pieces::Kind;
use crate::chess_memory::rules::{SeedAttackOrder, seed_attack_order};
use crate::rng::{BitSelect, Mulberry32, below};
use rand_core::Rng;

/// Chooses one square of a non-empty candidate set. `select` is the bit-selection routine
/// the calling search was compiled with.
pub trait Picker {
    /// A first square among `candidates` (free squares that may take the symbol).
    fn pick_first<S: BitSelect>(&mut self, select: S, candidates: Bitboard) -> u8;
    /// A partner for a `kind` on `from` among `candidates` (a subset of its attacks).
    fn pick_partner<S: BitSelect>(
        &mut self,
        select: S,
        kind: Kind,
        from: u8,
        candidates: Bitboard,
    ) -> u8;
    /// A uniform index in `0..n` (n ≥ 1), for choices that are not squares.
    fn pick_index(&mut self, n: u32) -> u32;
    /// A uniform number in `0..n` (n ≥ 1) for weighted choices, by default from 16-bit
    /// digits of [`Picker::pick_index`], rejecting the last incomplete run of `n`.
    fn pick_below(&mut self, n: u64) -> u64 {
        if let Ok(small) = u32::try_from(n) {
            return u64::from(self.pick_index(small));
        }
        let incomplete = (u64::MAX % n + 1) % n;
        loop {
            let x = (0..4).fold(0u64, |x, _| x << 16 | u64::from(self.pick_index(1 << 16)));
            if x <= u64::MAX - incomplete {
                return x % n;
            }
        }
    }
}

/// Uniform choice with any generator, by selecting the k-th set bit.
#[derive(Clone, Debug)]
pub struct UniformPicker<R> {
    rng: R,
}

impl<R: Rng> UniformPicker<R> {
    pub fn new(rng: R) -> Self {
        UniformPicker { rng }
    }

    #[inline(always)]
    fn pick<S: BitSelect>(&mut self, select: S, candidates: Bitboard) -> u8 {
        let k = below(&mut self.rng, candidates.count_ones() as u64) as u32;
        select.select(candidates, k) as u8
    }
}

impl<R: Rng> Picker for UniformPicker<R> {
    #[inline(always)]
    fn pick_first<S: BitSelect>(&mut self, select: S, candidates: Bitboard) -> u8 {
        self.pick(select, candidates)
    }

    #[inline(always)]
    fn pick_partner<S: BitSelect>(
        &mut self,
        select: S,
        _kind: Kind,
        _from: u8,
        candidates: Bitboard,
    ) -> u8 {
        self.pick(select, candidates)
    }

    #[inline(always)]
    fn pick_index(&mut self, n: u32) -> u32 {
        below(&mut self.rng, n as u64) as u32
    }

    fn pick_below(&mut self, n: u64) -> u64 {
        below(&mut self.rng, n)
    }
}

/// The original program's choices: `list[floor(random() * list.length)]` over its lists.
#[derive(Clone, Debug)]
pub struct SeedReplayPicker {
    rng: Mulberry32,
    attack_order: &'static SeedAttackOrder,
}

impl SeedReplayPicker {
    /// Replays the original program with `mulberry32(seed)` as `Math.random`. 8×8 only.
    pub fn new(seed: u32) -> Self {
        SeedReplayPicker {
            rng: Mulberry32::new(seed),
            attack_order: seed_attack_order(),
        }
    }
}

impl Picker for SeedReplayPicker {
    fn pick_first<S: BitSelect>(&mut self, select: S, candidates: Bitboard) -> u8 {
        let k = self.rng.index_below(candidates.count_ones());
        select.select(candidates, k) as u8
    }

    fn pick_partner<S: BitSelect>(
        &mut self,
        _select: S,
        kind: Kind,
        from: u8,
        candidates: Bitboard,
    ) -> u8 {
        let k = self.rng.index_below(candidates.count_ones()) as usize;
        let list = self.attack_order.list(kind, Square(from));
        *list
            .iter()
            .filter(|&&square| candidates >> square & 1 == 1)
            .nth(k)
            .expect("partner candidates are a subset of the seed's attack list")
    }

    fn pick_index(&mut self, n: u32) -> u32 {
        self.rng.index_below(n)
    }
}

/// Which generator drives a randomized search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RngChoice {
    /// Xoshiro256++ with the documented per-draw seeding: fast and portable.
    Default,
    /// The original program's replay: mulberry32 with its candidate orders (8×8 only).
    Mulberry32,
}

crate::names::named_enum!(RngChoice, "generator", { Default => "default", Mulberry32 => "mulberry32" });
