//! `cover`: full 8×8 boards many times as fast as the seed's search, by drawing the queens
//! from a table and the knights at random, and filling the rest as an exact cover.
//!
//! **Queens.** Queens are the hard part: a queen sees most of the board, and the seed's
//! backtracker spends almost all its effort undoing queen pairs that leave no room for the
//! others. Every set of eight squares that holds four queen pairs is known in advance
//! ([`super::pair_sets::queen_sets`], 115,220 sets, built once in a few milliseconds). A run
//! draws the white queens uniformly from the table and the black queens uniformly from the
//! sets disjoint from them (by rejection: a random set is disjoint about one time in three).
//!
//! **Knights** are drawn next, without search: four times a random free square that has a
//! free knight's-move partner (and attacks no knight of its colour already placed), and a
//! random such partner; white, then black on the squares left. Knights only see their
//! neighbourhood, and almost every such draw leaves a board to find (2,987 of 3,000 in the
//! `what_to_draw_first` tuning aid), while the exact-cover search spends fewer iterations on
//! the 16 bishop and rook pairs than on all 24 pairs, each iteration with four symbols
//! instead of six to propagate. Drawing bishops or rooks the same way does not pay: random
//! rooks leave a board half of the time, random bishops make the rest harder to find.
//!
//! **The other 32 squares** take four pairs of each of `B R b r`, placed pair by pair by a
//! randomized exact-cover search (Knuth's Algorithm X choice rule, on bitboards): every
//! empty square must be filled, so the search branches on an empty square with the fewest
//! (symbol, partner) options and tries them in random order. Before each branch it
//! propagates, with whole-board operations ([`SetAttacks`]; on x86_64 the two colours of a
//! kind together in the two lanes of one SSE2 register, or all four symbols in the four
//! lanes of an AVX-512 register where the CPU has it, [`lanes`]; every CPU draws the same
//! boards):
//!
//! - for each symbol, the squares that can still take it with a partner: free squares not
//!   attacked by a placed piece of the symbol that attack another such square;
//! - each symbol with `k` pairs left needs at least `2k` of them (a bishop pair two of one
//!   colour, a rook pair a line of its own and two crossing ones), and so do both colours
//!   of a kind together with their pairs;
//! - every empty square must be one of them for some symbol, or the state is dead;
//! - counts that are tight decide squares: a symbol (or a kind) with exactly as many
//!   squares as its pairs need takes all of them, so no other symbol may; a symbol whose
//!   squares that no other symbol can take already fill its pairs takes no other square.
//!   The squares removed this way may leave others without a partner, so the propagation
//!   runs again until nothing changes (about one state in five needs a second round);
//!   the squares a symbol has lost stay lost in every state below;
//! - the branching square is one that a single symbol can take, if any (a square with a
//!   single option is thus filled at once: its partner is forced), or else one of the
//!   first [`CANDIDATES`] of the least covered squares, the one with the fewest options;
//! - partners that only one symbol can take are tried before the others.
//!
//! Iterations count the search's placements and step backs; the queens and knights are
//! drawn, not searched, and do not count. A run that has not finished after [`RUN_LENGTH`]
//! iterations starts again with new queens and knights, the random stream going on;
//! `restarts` counts the new draws. The search is deterministic given its random
//! stream, never exhausted, and not complete. It needs the full 8×8 composition
//! ([`supports`]); the order of the queue plays no part. Its boards are valid boards of the
//! puzzle, but they are not distributed like the seed's: `boardlab chess-memory bench --census`
//! measures how far apart the two are.

use super::pair_sets::queen_sets;
use super::set_attacks::SetAttacks;
use super::{Counters, Draw, IterationCap, Outcome, Picker};
use crate::chess_memory::board::{Board, BoardSize};
use crate::chess_memory::pieces::{Kind, Symbol};
use crate::chess_memory::queue::Queue;
use crate::chess_memory::rules::AttackTables;
#[cfg(target_arch = "x86_64")]
use crate::rng::PdepSelect;
use crate::rng::{BitSelect, BroadwordSelect};

#[cfg(target_arch = "x86_64")]
mod lanes;

/// Iterations of one run before new queens and knights are drawn. Almost every draw has
/// boards; a run this long is usually lost in a bad corner of the search. Lengths from 50
/// to 100 cost about the same per board (`results/cover/README.md`).
pub const RUN_LENGTH: u64 = 60;

/// Squares whose options are counted to choose the branching square when no square is
/// left to a single symbol (`results/cover/README.md` compares 2 to 64).
const CANDIDATES: usize = 8;

/// Pairs of the symbols that are not queens: the depth of a full board in the search's
/// levels (the drawn knights are the first [`KNIGHT_PAIRS`] of them).
const PAIRS: usize = 24;

/// Slots of the exact-cover search: `B R b r`. The tuning aids also search the knights, in
/// six slots `N B R n b r`; the search is written for any `N` of the two.
const SLOTS: usize = 4;

/// The kind of `slot` when the search has `slots` slots: the last `slots / 2` of knight,
/// bishop, rook, white in the first half of the slots and black in the second.
const fn slot_kind(slots: usize, slot: usize) -> Kind {
    const ORDER: [Kind; 3] = [Kind::Knight, Kind::Bishop, Kind::Rook];
    let per_colour = slots / 2;
    ORDER[3 - per_colour + slot % per_colour]
}

/// The kinds of the slots, as one constant per `N`.
struct Layout<const N: usize>;

impl<const N: usize> Layout<N> {
    const KINDS: [Kind; N] = {
        let mut kinds = [Kind::Rook; N];
        let mut slot = 0;
        while slot < N {
            kinds[slot] = slot_kind(N, slot);
            slot += 1;
        }
        kinds
    };
}

/// The symbol index of `slot` when the search has `slots` slots (white `N B R` are 1 to 3,
/// black 5 to 7).
const fn slot_symbol(slots: usize, slot: usize) -> usize {
    let per_colour = slots / 2;
    4 * (slot / per_colour) + 4 - per_colour + slot % per_colour
}

/// A queue that the cover search does not handle: only its full 8×8 composition.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct UnsupportedQueue(pub String);

/// Whether `queue` is the full 8×8 composition, the only one the cover search fills.
pub fn supports(queue: &Queue) -> Result<(), UnsupportedQueue> {
    let full = queue.size() == BoardSize::STANDARD && queue.piece_counts() == [8; Symbol::COUNT];
    if full {
        Ok(())
    } else {
        Err(UnsupportedQueue(format!(
            "the cover search fills full 8×8 boards only (four pairs of each of Q N B R q n b r, in any order); the {} queue {} is not one",
            queue.size(),
            queue.letters()
        )))
    }
}

/// The search state below one choice: free squares and, per slot, the squares that may
/// still take the symbol (free and attacked by no placed piece of it) and the pairs left.
/// The slots' words come first and 32-byte aligned, as in [`Level`], so that the four of
/// them move as one 256-bit word that never straddles a cache line.
#[derive(Clone, Copy)]
#[repr(C, align(32))]
struct State<const N: usize> {
    avail: [u64; N],
    free: u64,
    left: [u8; N],
}

/// A choice point: the square being filled, its untried partners per slot, and the state
/// before any of them was placed. Laid out like [`State`]: the per-slot words first and
/// aligned (1.03× as fast as the compiler's own order, alternating on 100,000 draws).
#[derive(Clone, Copy)]
#[repr(C, align(32))]
struct Level<const N: usize> {
    options: [u64; N],
    before: State<N>,
    square: u8,
    /// Partners tried first: squares that only one symbol could take when the level was
    /// made, so that they are not left without a partner later.
    preferred: u64,
    /// The option placed last from this level: (slot, partner).
    placed: (u8, u8),
}

impl<const N: usize> Level<N> {
    /// A level before it is used.
    const EMPTY: Level<N> = Level {
        square: 0,
        options: [0; N],
        preferred: 0,
        before: State::new(0, [0; N]),
        placed: (0, 0),
    };
}

impl<const N: usize> State<N> {
    /// The state with `free` squares to fill and `left` pairs per slot.
    const fn new(free: u64, left: [u8; N]) -> State<N> {
        State {
            free,
            avail: [free; N],
            left,
        }
    }

    /// Places slot `slot` on `a` and `b`.
    #[inline(always)]
    fn place(&mut self, tables: &AttackTables, slot: usize, a: u8, b: u8) {
        let pair = 1u64 << a | 1u64 << b;
        let attacks = tables.of_kind(Layout::<N>::KINDS[slot]);
        let seen = attacks[a as usize] | attacks[b as usize];
        self.free &= !pair;
        // Every word is rewritten whole, the slot's by a mask rather than an index: a
        // narrow store into a word that is then loaded whole stalls that load; rewriting
        // them whole made a board 1.15x as fast.
        self.avail = std::array::from_fn(|s| {
            let own = ((s == slot) as u64).wrapping_neg();
            self.avail[s] & !(pair | seen & own)
        });
        self.left = std::array::from_fn(|s| self.left[s] - (s == slot) as u8);
    }

    /// The squares each slot may still take once the counts of its pairs are applied (module
    /// docs), or `None` when the counts leave no completion. `usable` are the slots' usable
    /// squares and `only` the squares that a single slot can take; every free square is one
    /// of them for some slot.
    #[inline(always)]
    // A slot indexes usable, left and the kinds at once.
    #[allow(clippy::needless_range_loop)]
    fn needs(&self, usable: &[u64; N], only: u64) -> Option<[u64; N]> {
        // White and black of a kind are slots `k` and `k + half`.
        let half = N / 2;
        // Squares that a slot, or both slots of a kind, need all of: no other slot may
        // take them.
        let mut claims = [0u64; N];
        let mut kept = *usable;
        for slot in 0..half {
            let pairs = (self.left[slot] + self.left[slot + half]) as u32;
            let kind = Layout::<N>::KINDS[slot];
            let both = needed_all(kind, usable[slot] | usable[slot + half], pairs)?;
            claims[slot] = both;
            claims[slot + half] = both;
        }
        for slot in 0..N {
            let (u, pairs) = (usable[slot], self.left[slot] as u32);
            claims[slot] |= needed_all(Layout::<N>::KINDS[slot], u, pairs)?;
            // The squares only this slot can take are all its own; when they use up its
            // pairs, it takes no other.
            kept[slot] &= only_own(Layout::<N>::KINDS[slot], u, u & only, pairs)?;
        }
        let claimed = claims.iter().fold(0, |all, &c| all | c);
        for slot in 0..N {
            kept[slot] &= !claimed | claims[slot];
        }
        Some(kept)
    }

    /// Propagation (module docs): every slot's usable squares and how many slots can take
    /// each square, or `None` when the state has no completion.
    #[inline(always)]
    fn propagate(&self) -> Option<([u64; N], Cover)> {
        let mut usable = partners(&self.avail, &self.left)?;
        let mut cover = Cover::of(&usable);
        loop {
            if self.free & !cover.one != 0 {
                return None;
            }
            let kept = self.needs(&usable, cover.only())?;
            if kept == usable {
                return Some((usable, cover));
            }
            // Squares left out: propagate again.
            usable = partners(&kept, &self.left)?;
            cover = Cover::of(&usable);
        }
    }

    /// Propagation, then the square to branch on and its options, or `None` when the state
    /// has no completion: the portable version of [`Expander::expand`].
    #[inline(always)]
    // A slot indexes several arrays at once (usable, the kinds).
    #[allow(clippy::needless_range_loop)]
    fn expand(&mut self, tables: &AttackTables) -> Option<(u8, [u64; N], u64)> {
        let (usable, cover) = self.propagate()?;
        self.avail = usable;
        // The (slot, partner) options of `square`: all of a slot's partners, or none when
        // the square cannot take the slot.
        let options_of = |square: usize| -> [u64; N] {
            std::array::from_fn(|slot| {
                let takes = (usable[slot] >> square & 1).wrapping_neg();
                tables.of_kind(Layout::<N>::KINDS[slot])[square] & usable[slot] & takes
            })
        };
        let mut best = u32::MAX;
        let mut pool = branching_pool(self.free, &cover);
        while pool != 0 {
            let square = pool.trailing_zeros();
            pool &= pool - 1;
            let count: u32 = options_of(square as usize)
                .iter()
                .map(|o| o.count_ones())
                .sum();
            best = best.min(count << 8 | square);
        }
        let square = (best & 0xFF) as u8;
        Some((square, options_of(square as usize), cover.only()))
    }
}

/// The squares the search may branch on, given the `free` squares and how many slots can
/// take each: the free squares that a single slot can take, or when there are none the
/// first [`CANDIDATES`] of the least covered ones (counting the options of every empty
/// square early on cost more than it saved). It branches on the one with the fewest
/// options, the lowest on a tie.
#[inline(always)]
fn branching_pool(free: u64, cover: &Cover) -> u64 {
    let only_free = free & cover.only();
    if only_free != 0 {
        return only_free;
    }
    let mut least = free & !cover.three;
    if least == 0 {
        least = free & !cover.four;
    }
    if least == 0 {
        least = free;
    }
    let mut pool = 0;
    for _ in 0..CANDIDATES {
        pool |= least & least.wrapping_neg();
        least &= least.wrapping_sub(1);
    }
    pool
}

/// How many slots can take each square, bit-sliced: squares that at least 1, 2, 3, 4 slots
/// can take.
#[derive(Clone, Copy)]
struct Cover {
    one: u64,
    two: u64,
    three: u64,
    four: u64,
}

impl Cover {
    #[inline(always)]
    fn of<const N: usize>(usable: &[u64; N]) -> Cover {
        let (mut one, mut two, mut three, mut four) = (0u64, 0u64, 0u64, 0u64);
        for &u in usable {
            four |= three & u;
            three |= two & u;
            two |= one & u;
            one |= u;
        }
        Cover {
            one,
            two,
            three,
            four,
        }
    }

    /// The squares that exactly one slot can take.
    #[inline(always)]
    fn only(&self) -> u64 {
        self.one & !self.two
    }
}

/// How a state is expanded: [`Portable`] everywhere, or with the four slots in the four
/// lanes of one AVX-512 register where the CPU has it ([`lanes::Lanes`]). Both give the
/// same result for every state.
trait Expander: Copy {
    /// Propagates `state` to a fixpoint (module docs), takes the squares each slot has lost
    /// from its `avail` (they stay lost in every state below it), and returns the square to
    /// branch on, its (slot, partner) options per slot and the squares a single slot can
    /// take; `None` when `state` has no completion.
    fn expand<const N: usize>(
        self,
        state: &mut State<N>,
        tables: &AttackTables,
    ) -> Option<(u8, [u64; N], u64)>;
}

/// The portable expansion, one slot at a time (two at a time in SSE2 where it helps).
#[derive(Clone, Copy)]
struct Portable;

impl Expander for Portable {
    #[inline(always)]
    fn expand<const N: usize>(
        self,
        state: &mut State<N>,
        tables: &AttackTables,
    ) -> Option<(u8, [u64; N], u64)> {
        state.expand(tables)
    }
}

/// The squares of each slot's `sets` that have a partner in the set (none for a slot with
/// no pairs left), or `None` when a slot has no room for its pairs by lines or colours
/// ([`has_shape_room`]; the counts of squares are [`State::needs`]' part).
#[inline(always)]
fn partners<const N: usize>(sets: &[u64; N], left: &[u8; N]) -> Option<[u64; N]> {
    let half = N / 2;
    let bishops = SetAttacks::bishop_partners_8x8_x2(sets[half - 2], sets[N - 2]);
    let rooks = SetAttacks::rook_partners_8x8_x2(sets[half - 1], sets[N - 1]);
    let mut usable = [0u64; N];
    let mut room = true;
    for slot in 0..N {
        let (set, left, kind) = (sets[slot], left[slot], Layout::<N>::KINDS[slot]);
        let u = match kind {
            Kind::Bishop if slot < half => bishops.0,
            Kind::Bishop => bishops.1,
            Kind::Rook if slot < half => rooks.0,
            Kind::Rook => rooks.1,
            _ => set & SetAttacks::knight_8x8(set),
        };
        // A slot with no pairs left takes no square (and has room for none).
        usable[slot] = u & ((left != 0) as u64).wrapping_neg();
        room &= has_shape_room(kind, usable[slot], left as u32);
    }
    room.then_some(usable)
}

/// The squares of `usable` that `pairs` more pairs of a `kind` must all take (none when
/// there are more than enough), or `None` when they cannot hold the pairs: a bishop pair
/// takes two squares of one colour, so a colour with an odd count leaves one square out.
#[inline(always)]
fn needed_all(kind: Kind, usable: u64, pairs: u32) -> Option<u64> {
    if kind == Kind::Bishop {
        let (light, dark) = (usable & LIGHT, usable & !LIGHT);
        let (l, d) = (light.count_ones(), dark.count_ones());
        let room = l / 2 + d / 2;
        if room < pairs {
            return None;
        }
        let even = |set: u64, count: u32| set & ((count & 1) as u64).wrapping_sub(1);
        Some(if room == pairs {
            even(light, l) | even(dark, d)
        } else {
            0
        })
    } else {
        let count = usable.count_ones();
        if count < 2 * pairs {
            return None;
        }
        Some(if count == 2 * pairs { usable } else { 0 })
    }
}

/// The squares a slot with `pairs` more pairs of a `kind` may keep of `usable`, given that
/// it must take all of `own` (squares no other slot can take): all of them, or `own` alone
/// when `own` uses up its pairs (a bishop colour with an odd count of `own` needs one more
/// square of that colour). `None` when `own` is more than the pairs can take.
#[inline(always)]
fn only_own(kind: Kind, usable: u64, own: u64, pairs: u32) -> Option<u64> {
    if kind == Kind::Bishop {
        let (l, d) = ((own & LIGHT).count_ones(), (own & !LIGHT).count_ones());
        let needed = l + (l & 1) + d + (d & 1);
        if needed > 2 * pairs {
            return None;
        }
        let odd = |colour: u64, count: u32| usable & colour & ((count & 1) as u64).wrapping_neg();
        Some(if needed == 2 * pairs {
            own | odd(LIGHT, l) | odd(!LIGHT, d)
        } else {
            u64::MAX
        })
    } else {
        let count = own.count_ones();
        if count > 2 * pairs {
            return None;
        }
        Some(if count == 2 * pairs { own } else { u64::MAX })
    }
}

/// Light squares (A1 is dark; file A is the lowest byte): a knight's move changes the
/// colour, a bishop's never does.
const LIGHT: u64 = 0x55AA_55AA_55AA_55AA;

/// Whether the squares `usable` (free, unattacked, with a possible partner) can hold `left`
/// more pairs of a `kind` by their colours and lines, at the cost of a few word operations
/// (the count of squares, and bishops' colours, are checked apart, with [`needed_all`]):
///
/// - a knight pair takes one square of each colour;
/// - a rook pair takes a line and two crossing lines (a file and two ranks, or a rank and
///   two files), none of them shared with another pair of the symbol: with F files and R
///   ranks holding usable squares, some split a + b = left needs a + 2b ≤ F, 2a + b ≤ R.
#[inline(always)]
fn has_shape_room(kind: Kind, usable: u64, left: u32) -> bool {
    match kind {
        Kind::Knight => {
            (usable & LIGHT).count_ones() >= left && (usable & !LIGHT).count_ones() >= left
        }
        Kind::Rook => {
            // Files are bytes; a rank is one bit position in every byte.
            const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
            let files = (((usable & LOW7) + LOW7) | usable) & !LOW7;
            let mut ranks = usable | usable >> 32;
            ranks |= ranks >> 16;
            ranks |= ranks >> 8;
            let (f, r) = (files.count_ones(), (ranks & 0xFF).count_ones());
            // a ≥ 2·left − F and a ≤ R − left for some 0 ≤ a ≤ left.
            (2 * left).saturating_sub(f) <= left.min(r.saturating_sub(left)) && r >= left
        }
        Kind::Bishop | Kind::Queen => true,
    }
}

/// Runs the cover search on `queue` (see [`supports`]; any other queue ends at once as
/// exhausted), choosing with `picker`, for at most `cap` iterations.
pub fn cover_search<P: Picker>(queue: &Queue, picker: &mut P, cap: IterationCap) -> Draw {
    cover_search_with(queue, picker, cap, RUN_LENGTH)
}

/// [`cover_search`] with new queens after `run_length` iterations instead of [`RUN_LENGTH`].
pub fn cover_search_with<P: Picker>(
    queue: &Queue,
    picker: &mut P,
    cap: IterationCap,
    run_length: u64,
) -> Draw {
    if supports(queue).is_err() {
        return Draw {
            outcome: Outcome::Exhausted,
            counters: Counters::default(),
            board: Board::empty(queue.size()),
        };
    }
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt") {
        if let Some(pdep) = PdepSelect::detect() {
            if let Some(lanes) = lanes::Lanes::detect() {
                // SAFETY: the running CPU has the features the function is compiled for
                // (BMI2 is proved by `pdep`, the AVX-512 ones by `lanes`, POPCNT was detected).
                return unsafe { cover_avx512(pdep, lanes, picker, cap, run_length) };
            }
            // SAFETY: the running CPU has the features the function is compiled for (BMI2 is
            // proved by `pdep`, POPCNT was detected).
            return unsafe { cover_bmi2(pdep, picker, cap, run_length) };
        }
        // SAFETY: POPCNT was detected.
        return unsafe { cover_popcnt(picker, cap, run_length) };
    }
    cover_with(BroadwordSelect, Portable, picker, cap, run_length)
}

/// The search for a CPU with POPCNT whose `pdep` is missing or slow (see [`PdepSelect`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
unsafe fn cover_popcnt<P: Picker>(picker: &mut P, cap: IterationCap, run_length: u64) -> Draw {
    cover_with(BroadwordSelect, Portable, picker, cap, run_length)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2,popcnt")]
unsafe fn cover_bmi2<P: Picker>(
    pdep: PdepSelect,
    picker: &mut P,
    cap: IterationCap,
    run_length: u64,
) -> Draw {
    cover_with(pdep, Portable, picker, cap, run_length)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2,popcnt,avx2,avx512f,avx512vl,avx512vpopcntdq")]
unsafe fn cover_avx512<P: Picker>(
    pdep: PdepSelect,
    lanes: lanes::Lanes,
    picker: &mut P,
    cap: IterationCap,
    run_length: u64,
) -> Draw {
    cover_with(pdep, lanes, picker, cap, run_length)
}

/// White queens from the table, black ones from the sets disjoint from them.
#[inline(always)]
fn draw_queens<P: Picker>(picker: &mut P, counters: &mut Counters) -> (u64, u64) {
    let sets = queen_sets();
    let n = sets.len() as u32;
    counters.random_calls += 1;
    let white = sets[picker.pick_index(n) as usize];
    loop {
        counters.random_calls += 1;
        let black = sets[picker.pick_index(n) as usize];
        if black & white == 0 {
            return (white, black);
        }
    }
}

#[inline(always)]
fn cover_with<P: Picker, S: BitSelect>(
    select: S,
    expander: impl Expander,
    picker: &mut P,
    cap: IterationCap,
    run_length: u64,
) -> Draw {
    let tables = AttackTables::for_size(BoardSize::STANDARD);
    let cap = cap.unwrap_or(u64::MAX);
    let mut counters = Counters::default();
    let mut levels = [Level::EMPTY; PAIRS - KNIGHT_PAIRS];
    loop {
        // A look at the cancel flag every 256 runs (of 60 iterations): a search asked to
        // stop ends censored.
        if counters.restarts % 256 == 255 && crate::game::cancel::requested() {
            return Draw {
                outcome: Outcome::Censored,
                counters,
                board: Board::empty(BoardSize::STANDARD),
            };
        }
        let Some(run) = start_run(&select, picker, tables, &mut counters) else {
            counters.restarts += 1;
            continue;
        };
        let run_end = counters.iterations.saturating_add(run_length).min(cap);
        let (end, depth) = fill(
            Kernels { select, expander },
            picker,
            tables,
            run.state,
            &mut levels,
            &mut counters,
            run_end,
        );
        let outcome = match end {
            RunEnd::Solved => Outcome::Solved,
            RunEnd::OutOfIterations if counters.iterations == cap => Outcome::Censored,
            _ => {
                counters.restarts += 1;
                continue;
            }
        };
        return Draw {
            outcome,
            counters,
            board: board_of(&run, &levels[..depth]),
        };
    }
}

/// The start of a run: queens and knights drawn, and the state the search fills from.
struct RunStart {
    queens: (u64, u64),
    knights: (u64, u64),
    state: State<SLOTS>,
}

/// Draws the queens and the knights of a run (module docs), or `None` when the knights
/// find no room.
#[inline(always)]
fn start_run<P: Picker, S: BitSelect>(
    select: &S,
    picker: &mut P,
    tables: &AttackTables,
    counters: &mut Counters,
) -> Option<RunStart> {
    let queens = draw_queens(picker, counters);
    let taken = queens.0 | queens.1;
    let white = draw_pairs(select, picker, tables, Kind::Knight, !taken, counters)?;
    let black = draw_pairs(
        select,
        picker,
        tables,
        Kind::Knight,
        !taken & !white,
        counters,
    )?;
    let free = !(taken | white | black);
    Some(RunStart {
        queens,
        knights: (white, black),
        state: State::new(free, [4; SLOTS]),
    })
}

/// Pairs of knights drawn before the search: both colours.
const KNIGHT_PAIRS: usize = 8;

/// Four pairs of `kind` among `avail` (the knights of a run), each a random square with a
/// partner and a random partner, or `None` when no square is left with a partner.
#[inline(always)]
fn draw_pairs<P: Picker, S: BitSelect>(
    select: &S,
    picker: &mut P,
    tables: &AttackTables,
    kind: Kind,
    mut avail: u64,
    counters: &mut Counters,
) -> Option<u64> {
    let attacks = tables.of_kind(kind);
    let mut set = 0;
    for _ in 0..4 {
        let usable = SetAttacks::STANDARD.with_partner(kind, avail);
        if usable == 0 {
            return None;
        }
        counters.random_calls += 2;
        let a = select.select(usable, picker.pick_index(usable.count_ones())) as usize;
        let partners = attacks[a] & usable;
        let b = select.select(partners, picker.pick_index(partners.count_ones())) as usize;
        let pair = 1u64 << a | 1u64 << b;
        set |= pair;
        avail &= !(attacks[a] | attacks[b] | pair);
    }
    Some(set)
}

/// The parts of the search that use what the CPU offers: how the k-th square of a set is
/// found, and how a state is expanded.
#[derive(Clone, Copy)]
struct Kernels<S, Q> {
    select: S,
    expander: Q,
}

/// How a run of [`fill`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RunEnd {
    Solved,
    /// Every option below the start was tried: no board extends it.
    Exhausted,
    /// The iterations given ran out.
    OutOfIterations,
}

/// Fills the free squares of `state` with one pair per level of `levels` (as many as the
/// pairs left), until solved, exhausted (no board extends `state`), or
/// `counters.iterations` reaches `run_end`; returns how it ended and the depth reached (the
/// pairs placed are `levels[..depth]`).
#[inline(always)]
fn fill<P: Picker, S: BitSelect, Q: Expander, const N: usize>(
    kernels: Kernels<S, Q>,
    picker: &mut P,
    tables: &AttackTables,
    mut state: State<N>,
    levels: &mut [Level<N>],
    counters: &mut Counters,
    run_end: u64,
) -> (RunEnd, usize) {
    let mut depth = 0;
    let mut fresh = true;
    loop {
        if fresh && depth == levels.len() {
            return (RunEnd::Solved, depth);
        }
        if counters.iterations >= run_end {
            return (RunEnd::OutOfIterations, depth);
        }
        counters.iterations += 1;
        if fresh {
            match kernels.expander.expand(&mut state, tables) {
                Some((square, options, preferred)) => {
                    levels[depth] = Level {
                        square,
                        options,
                        preferred,
                        before: state,
                        placed: (0, 0),
                    };
                }
                None if depth == 0 => return (RunEnd::Exhausted, depth),
                None => {
                    // Dead: try the next option of the choice that led here.
                    counters.step_backs += 1;
                    depth -= 1;
                }
            }
        }
        let level = &mut levels[depth];
        let mut mask = level.preferred;
        let mut counts = level.options.map(|o| (o & mask).count_ones());
        let mut total: u32 = counts.iter().sum();
        if total == 0 {
            mask = u64::MAX;
            counts = level.options.map(u64::count_ones);
            total = counts.iter().sum();
        }
        if total == 0 {
            fresh = false;
            if depth == 0 {
                return (RunEnd::Exhausted, depth);
            }
            counters.step_backs += 1;
            depth -= 1;
            continue;
        }
        let mut k = if total > 1 {
            counters.random_calls += 1;
            picker.pick_index(total)
        } else {
            0
        };
        // The slot of the k-th option: the number of slots whose options all come before it.
        let mut slot = 0;
        let mut before = 0;
        for &count in &counts[..N - 1] {
            before += count;
            slot += (k >= before) as usize;
        }
        k -= counts[..slot].iter().sum::<u32>();
        let partner = kernels.select.select(level.options[slot] & mask, k) as u8;
        level.options[slot] &= !(1u64 << partner);
        level.placed = (slot as u8, partner);
        state = level.before;
        state.place(tables, slot, level.square, partner);
        depth += 1;
        fresh = true;
    }
}

/// The board of a run's queens and knights and the pairs placed at `levels`.
fn board_of(run: &RunStart, levels: &[Level<SLOTS>]) -> Board {
    let mut pieces = [0u64; SLOTS];
    for level in levels {
        let (slot, partner) = level.placed;
        pieces[slot as usize] |= 1u64 << level.square | 1u64 << partner;
    }
    let mut board = Board::empty(BoardSize::STANDARD);
    board.put(Symbol::from_index(0), run.queens.0);
    board.put(Symbol::from_index(4), run.queens.1);
    board.put(Symbol::from_index(1), run.knights.0);
    board.put(Symbol::from_index(5), run.knights.1);
    for (slot, &set) in pieces.iter().enumerate() {
        board.put(Symbol::from_index(slot_symbol(SLOTS, slot)), set);
    }
    board
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess_memory::search::UniformPicker;
    use crate::rng;

    #[test]
    fn cover_boards_are_valid_and_full() {
        let queue = Queue::seed(BoardSize::STANDARD);
        for index in 0..20 {
            let mut picker = UniformPicker::new(rng::stream(1, "cover", index));
            let draw = cover_search(&queue, &mut picker, None)
                .verified(&queue)
                .unwrap();
            assert_eq!(draw.outcome, Outcome::Solved);
            assert_eq!(draw.board.occupied(), u64::MAX);
            assert!(draw.counters.iterations >= (PAIRS - KNIGHT_PAIRS) as u64);
        }
    }

    /// Iterations and restarts per board for several run lengths (a tuning aid).
    #[test]
    #[ignore = "prints figures"]
    fn run_lengths() {
        let queue = Queue::seed(BoardSize::STANDARD);
        for run_length in [25, 40, 60, 100, 200, 1000] {
            let mut total = Counters::default();
            for index in 0..3000 {
                let mut picker = UniformPicker::new(rng::stream(1, "cover", index));
                total += cover_search_with(&queue, &mut picker, None, run_length).counters;
            }
            println!(
                "run length {run_length}: {:.1} iterations, {:.1} step backs, {:.2} restarts per board",
                total.iterations as f64 / 3000.0,
                total.step_backs as f64 / 3000.0,
                total.restarts as f64 / 3000.0
            );
        }
    }

    /// The search from `state` (a node at `root`: pairs already placed or drawn) for at
    /// most `budget` iterations: how it ended and the iterations it took.
    fn search_from<const N: usize>(
        state: State<N>,
        root: usize,
        picker: &mut UniformPicker<rng::DefaultRng>,
        budget: u64,
    ) -> (RunEnd, u64) {
        let tables = AttackTables::for_size(BoardSize::STANDARD);
        let mut levels = [Level::EMPTY; PAIRS];
        let mut counters = Counters::default();
        let levels = &mut levels[..PAIRS - root];
        let kernels = Kernels {
            select: BroadwordSelect,
            expander: Portable,
        };
        let (end, _) = fill(
            kernels,
            picker,
            tables,
            state,
            levels,
            &mut counters,
            budget,
        );
        (end, counters.iterations)
    }

    /// Whether a board extends `state` (a node at `depth`), by the search run to completion.
    fn has_board<const N: usize>(state: State<N>, depth: usize) -> bool {
        let mut picker = UniformPicker::new(rng::stream(2, "oracle", depth as u64));
        search_from(state, depth, &mut picker, u64::MAX).0 == RunEnd::Solved
    }

    /// The iterations one search needs, from run starts that `start` makes (`None`: no
    /// start), and what each run length would cost per board given those needs.
    fn run_needs<const N: usize>(
        label: &str,
        runs: usize,
        mut start: impl FnMut(&mut UniformPicker<rng::DefaultRng>) -> Option<(State<N>, usize)>,
    ) {
        let mut picker = UniformPicker::new(rng::stream(1, "cover-profile", 0));
        let budget = 20_000u64;
        let mut need = Vec::new();
        while need.len() < runs {
            let Some((state, root)) = start(&mut picker) else {
                continue;
            };
            let (end, iterations) = search_from(state, root, &mut picker, budget);
            need.push(if end == RunEnd::Solved {
                iterations
            } else {
                u64::MAX
            });
        }
        need.sort();
        let solved = need.iter().filter(|&&n| n != u64::MAX).count();
        println!("{label}: {solved} of {runs} starts have a board within {budget} iterations");
        for share in [0.1, 0.25, 0.5, 0.75, 0.9] {
            match need[((runs - 1) as f64 * share) as usize] {
                u64::MAX => println!("  {share} quantile: no board"),
                n => println!("  {share} quantile: {n}"),
            }
        }
        for length in [30u64, 40, 60, 80, 100, 150] {
            let ok = need.iter().filter(|&&n| n <= length).count() as f64;
            let spent: u64 = need.iter().map(|&n| n.min(length)).sum();
            println!(
                "  run length {length}: {:.1} iterations per board",
                spent as f64 / ok
            );
        }
    }

    /// Iterations one search needs after the run's draws, and what a run length costs per
    /// board (a tuning aid: whether new draws or a better search would pay).
    #[test]
    #[ignore = "prints figures"]
    fn run_profile() {
        let tables = AttackTables::for_size(BoardSize::STANDARD);
        run_needs("queens and knights drawn", 2000, |picker| {
            let mut counters = Counters::default();
            start_run(&BroadwordSelect, picker, tables, &mut counters)
                .map(|run| (run.state, KNIGHT_PAIRS))
        });
    }

    /// Which kinds to draw at random before the exact-cover search (a tuning aid): for
    /// each choice, how many starts have a board and what the search then costs.
    #[test]
    #[ignore = "prints figures"]
    fn what_to_draw_first() {
        let tables = AttackTables::for_size(BoardSize::STANDARD);
        // Six slots: the knights are searched unless drawn.
        for (label, drawn) in [
            ("queens only", &[][..]),
            ("knights", &[0, 3][..]),
            ("bishops", &[1, 4][..]),
            ("rooks", &[2, 5][..]),
            ("knights and white bishops", &[0, 3, 1][..]),
            ("knights and bishops", &[0, 3, 1, 4][..]),
        ] {
            run_needs(label, 2000, |picker| {
                let mut counters = Counters::default();
                let queens = draw_queens(picker, &mut counters);
                let mut taken = queens.0 | queens.1;
                let mut left = [4u8; 6];
                for &slot in drawn {
                    let kind = Layout::<6>::KINDS[slot];
                    taken |= draw_pairs(
                        &BroadwordSelect,
                        picker,
                        tables,
                        kind,
                        !taken,
                        &mut counters,
                    )?;
                    left[slot] = 0;
                }
                Some((State::<6>::new(!taken, left), 4 * drawn.len()))
            });
        }
    }

    /// Doomed nodes: nodes that pass every check of `expand` but have no board, below a
    /// parent that has one. Which stronger checks would see them? A tuning aid.
    #[test]
    #[ignore = "prints figures"]
    fn doomed_nodes() {
        let tables = AttackTables::for_size(BoardSize::STANDARD);
        let mut picker = UniformPicker::new(rng::stream(1, "cover-doomed", 0));
        let (mut doomed, mut by_depth) = (Vec::new(), [0u32; PAIRS + 1]);
        let (mut placed_by_kind, mut doomed_by_kind) = ([0u32; 3], [0u32; 3]);
        let mut children = 0;
        for _ in 0..400 {
            let mut counters = Counters::default();
            let Some(run) = start_run(&BroadwordSelect, &mut picker, tables, &mut counters) else {
                continue;
            };
            // A random descent, one random option per node while the node has a board;
            // the first child that passes expand yet has no board is recorded.
            let (mut state, mut depth) = (run.state, KNIGHT_PAIRS);
            while depth < PAIRS {
                let Some((square, options, _)) = state.expand(tables) else {
                    break;
                };
                if !has_board(state, depth) {
                    break;
                }
                let mut all: Vec<(usize, u8)> = Vec::new();
                for (slot, &partners) in options.iter().enumerate() {
                    for p in crate::chess_memory::board::squares_of(partners) {
                        all.push((slot, p.0));
                    }
                }
                let (slot, p) = all[picker.pick_index(all.len() as u32) as usize];
                let mut child = state;
                child.place(tables, slot, square, p);
                children += 1;
                // Counted as N B R.
                let kind = Layout::<SLOTS>::KINDS[slot] as usize - Kind::Knight as usize;
                placed_by_kind[kind] += 1;
                // A full board (depth + 1 == PAIRS) is never doomed, and has nothing to expand.
                if depth + 1 < PAIRS
                    && child.clone().expand(tables).is_some()
                    && !has_board(child, depth + 1)
                {
                    doomed_by_kind[kind] += 1;
                    doomed.push(child);
                    by_depth[depth + 1] += 1;
                    break;
                }
                state = child;
                depth += 1;
            }
        }
        println!("placed by kind N B R {placed_by_kind:?}, doomed {doomed_by_kind:?}");
        println!(
            "{children} children examined, {} doomed; by depth {by_depth:?}",
            doomed.len()
        );
        // Check 1: each slot alone can still place its pairs (exact, per slot).
        let kinds = Layout::<SLOTS>::KINDS;
        let slot_alone = |st: &State<SLOTS>| {
            (0..SLOTS).all(|slot| {
                let mut found = false;
                let attacks = tables.of_kind(kinds[slot]);
                let (avail, left) = (st.avail[slot], st.left[slot] as usize);
                super::super::pair_sets::extend_in(attacks, avail, left, &mut |_| found = true);
                found
            })
        };
        // Check 2: both slots of a kind together (exact, per kind).
        let half = SLOTS / 2;
        let kind_together = |st: &State<SLOTS>| {
            (0..half).all(|k| {
                let attacks = tables.of_kind(kinds[k]);
                let mut found = false;
                let (a, b) = (st.left[k] as usize, st.left[k + half] as usize);
                super::super::pair_sets::extend_in(attacks, st.avail[k], a, &mut |white| {
                    if !found {
                        let rest = st.avail[k + half] & !white;
                        super::super::pair_sets::extend_in(attacks, rest, b, &mut |_| found = true);
                    }
                });
                found
            })
        };
        // Check 3: the free squares split into pairs that some slot could take (a perfect
        // matching, ignoring counts and attacks between pairs).
        fn matching(free: u64, edges: &dyn Fn(u8) -> u64) -> bool {
            if free == 0 {
                return true;
            }
            let a = free.trailing_zeros() as u8;
            let mut partners = edges(a) & free & !(1u64 << a);
            while partners != 0 {
                let b = partners.trailing_zeros();
                partners &= partners - 1;
                if matching(free & !(1u64 << a) & !(1u64 << b), edges) {
                    return true;
                }
            }
            false
        }
        let perfect = |st: &State<SLOTS>| {
            let usable: Vec<u64> = (0..SLOTS)
                .map(|slot| match st.left[slot] {
                    0 => 0,
                    _ => SetAttacks::STANDARD.with_partner(kinds[slot], st.avail[slot]),
                })
                .collect();
            let edges = |a: u8| {
                (0..SLOTS)
                    .filter(|&slot| usable[slot] >> a & 1 == 1)
                    .fold(0u64, |e, slot| {
                        e | (tables.of_kind(kinds[slot])[a as usize] & usable[slot])
                    })
            };
            matching(st.free, &edges)
        };
        let seen =
            |check: &dyn Fn(&State<SLOTS>) -> bool| doomed.iter().filter(|st| !check(st)).count();
        println!(
            "seen by: each slot alone {}, each kind's two slots {}, perfect matching {}",
            seen(&slot_alone),
            seen(&kind_together),
            seen(&perfect)
        );
    }

    /// The room counts of one slot, squares counted too.
    fn has_room(kind: Kind, usable: u64, left: u32) -> bool {
        needed_all(kind, usable, left).is_some() && has_shape_room(kind, usable, left)
    }

    #[test]
    fn the_room_counts_never_refute_a_completion() {
        // Lift m pairs of one symbol from valid boards (the seed's, not cover's own): the
        // squares they leave must pass the counts for m pairs.
        let queue = Queue::seed(BoardSize::STANDARD);
        let tables = AttackTables::for_size(BoardSize::STANDARD);
        let mut lifted_some = 0;
        for index in 0..6 {
            let board = crate::chess_memory::search::seed_draw(&queue, 8, index, None)
                .unwrap()
                .board;
            for slot in 0..6 {
                let (symbol, kind) = (slot_symbol(6, slot), Layout::<6>::KINDS[slot]);
                let pieces = board.pieces(Symbol::from_index(symbol));
                let pairs: Vec<u64> =
                    crate::chess_memory::search::pair_sets::pairs_of(pieces, tables.of_kind(kind))
                        .map(|(a, b)| 1u64 << a | 1u64 << b)
                        .collect();
                for lifted in 1u32..16 {
                    let free: u64 = (0..4)
                        .filter(|i| lifted >> i & 1 == 1)
                        .map(|i| pairs[i])
                        .sum();
                    let placed = pieces & !free;
                    let attacked = crate::chess_memory::board::squares_of(placed)
                        .fold(0, |a, sq| a | tables.attacks(kind, sq));
                    let usable = SetAttacks::STANDARD.with_partner(kind, free & !attacked);
                    assert!(
                        has_room(kind, usable, lifted.count_ones()),
                        "{kind:?} {free:#x}"
                    );
                    lifted_some += 1;
                }
            }
        }
        assert_eq!(lifted_some, 6 * 6 * 15);
        // And the counts can refute: two rook squares on one file hold one pair, not two.
        assert!(has_room(Kind::Rook, 0b11, 1) && !has_room(Kind::Rook, 0b1111, 2));
        assert!(!has_room(Kind::Knight, 0b1010, 1) && !has_room(Kind::Bishop, 0b11, 1));
    }

    #[test]
    fn tight_counts_claim_squares_and_loose_ones_do_not() {
        use Kind::{Bishop, Rook};
        // On file A (bits 0–7) the even bits are dark squares, the odd ones light.
        let (four, five) = (0b1111u64, 0b1_1111u64);
        assert_eq!(needed_all(Rook, four, 2), Some(four));
        assert_eq!(needed_all(Rook, five, 2), Some(0));
        assert_eq!(needed_all(Rook, 0b111, 2), None);
        // Three light and two dark squares hold one pair of each colour: the dark ones are
        // needed, one light square is spare.
        let (light, dark) = (0b10_1010u64, 0b101u64);
        assert_eq!(needed_all(Bishop, light | dark, 2), Some(dark));
        assert_eq!(needed_all(Bishop, light | dark, 3), None);
        // A rook with its own four squares for two pairs keeps them alone; five are too many.
        assert_eq!(only_own(Rook, 0xFF, four, 2), Some(four));
        assert_eq!(only_own(Rook, 0xFF, four, 3), Some(u64::MAX));
        assert_eq!(only_own(Rook, 0xFF, five, 2), None);
        // One own light and two own dark squares for two bishop pairs: a second light square
        // is needed, any of the usable ones.
        assert_eq!(
            only_own(Bishop, 0xFF, 0b10 | dark, 2),
            Some(0b10 | dark | 0xAA)
        );
        assert_eq!(only_own(Bishop, 0xFF, 0b10 | dark, 1), None);
    }

    #[test]
    fn propagation_never_refutes_a_completion() {
        // Lift random sets of bishop and rook pairs from valid boards (the seed's, not
        // cover's own): the state they leave has a completion, the lifted pairs, so the
        // propagation must keep every square each slot takes in it and not call it dead.
        let queue = Queue::seed(BoardSize::STANDARD);
        let tables = AttackTables::for_size(BoardSize::STANDARD);
        let mut picker = UniformPicker::new(rng::stream(3, "lift", 0));
        let mut claimed_some = 0;
        for index in 0..12 {
            let board = crate::chess_memory::search::seed_draw(&queue, 9, index, None)
                .unwrap()
                .board;
            let pairs: Vec<(usize, u64)> = (0..SLOTS)
                .flat_map(|slot| {
                    let kind = Layout::<SLOTS>::KINDS[slot];
                    let pieces = board.pieces(Symbol::from_index(slot_symbol(SLOTS, slot)));
                    crate::chess_memory::search::pair_sets::pairs_of(pieces, tables.of_kind(kind))
                        .map(move |(a, b)| (slot, 1u64 << a | 1u64 << b))
                })
                .collect();
            assert_eq!(pairs.len(), 16);
            for _ in 0..200 {
                let lifted = picker.pick_index(1 << 16) | 1;
                let mut taken = [0u64; SLOTS];
                let mut state = State::<SLOTS>::new(0, [0; SLOTS]);
                let mut kept_pieces = [0u64; SLOTS];
                for (i, &(slot, pair)) in pairs.iter().enumerate() {
                    if lifted >> i & 1 == 1 {
                        taken[slot] |= pair;
                        state.free |= pair;
                        state.left[slot] += 1;
                    } else {
                        kept_pieces[slot] |= pair;
                    }
                }
                for (slot, &pieces) in kept_pieces.iter().enumerate() {
                    let kind = Layout::<SLOTS>::KINDS[slot];
                    let attacked = crate::chess_memory::board::squares_of(pieces)
                        .fold(0, |a, sq| a | tables.attacks(kind, sq));
                    state.avail[slot] = state.free & !attacked;
                }
                let context = format!("board {index}, lifted {lifted:#x}");
                assert!(state.clone().expand(tables).is_some(), "{context}");
                let usable = partners(&state.avail, &state.left).expect(&context);
                let kept = state
                    .needs(&usable, Cover::of(&usable).only())
                    .expect(&context);
                for slot in 0..SLOTS {
                    assert_eq!(taken[slot] & !kept[slot], 0, "{context}, slot {slot}");
                }
                claimed_some += (kept != usable) as u32;
            }
        }
        // The checks are not idle: some states lose squares to the counts.
        assert!(claimed_some > 100, "{claimed_some}");
    }

    /// The draws of cover_search, which uses AVX-512 lanes where the CPU has them, and of the
    /// POPCNT and BMI2 builds, against those of the portable code with the broadword selection.
    #[test]
    fn every_cpu_draws_the_same_boards() {
        #[cfg(target_arch = "x86_64")]
        if lanes::Lanes::detect().is_none() {
            eprintln!("this CPU lacks AVX-512: only the portable code is compared with itself");
        }
        let queue = Queue::seed(BoardSize::STANDARD);
        for index in 0..400 {
            let stream = || UniformPicker::new(rng::stream(3, "cover cpus", index));
            let fast = cover_search(&queue, &mut stream(), None);
            let portable = cover_with(BroadwordSelect, Portable, &mut stream(), None, RUN_LENGTH);
            assert_eq!(fast.board, portable.board, "draw {index}");
            assert_eq!(fast.counters, portable.counters, "draw {index}");
            #[cfg(target_arch = "x86_64")]
            if std::arch::is_x86_feature_detected!("popcnt") {
                // SAFETY: POPCNT was detected.
                let popcnt = unsafe { cover_popcnt(&mut stream(), None, RUN_LENGTH) };
                assert_eq!(popcnt, portable, "draw {index}");
                if let Some(pdep) = PdepSelect::detect_even_if_slow() {
                    // SAFETY: BMI2 is proved by `pdep`, POPCNT was detected.
                    let bmi2 = unsafe { cover_bmi2(pdep, &mut stream(), None, RUN_LENGTH) };
                    assert_eq!(bmi2, portable, "draw {index}");
                }
            }
        }
    }

    #[test]
    fn slots_follow_the_symbols_of_the_layouts() {
        use Kind::{Bishop, Knight, Rook};
        assert_eq!(Layout::<4>::KINDS, [Bishop, Rook, Bishop, Rook]);
        assert_eq!(
            Layout::<6>::KINDS,
            [Knight, Bishop, Rook, Knight, Bishop, Rook]
        );
        for (slots, symbols) in [(4, &[2, 3, 6, 7][..]), (6, &[1, 2, 3, 5, 6, 7][..])] {
            for (slot, &symbol) in symbols.iter().enumerate() {
                assert_eq!(slot_symbol(slots, slot), symbol);
                assert_eq!(Symbol::from_index(symbol).kind(), slot_kind(slots, slot));
            }
        }
    }

    #[test]
    fn other_queues_are_refused() {
        let small = Queue::parse("QNBR", BoardSize::new(6).unwrap()).unwrap();
        let message = supports(&small).unwrap_err().to_string();
        assert!(message.contains("full 8×8 boards only"), "{message}");
        let partial = Queue::parse("QqNn", BoardSize::STANDARD).unwrap();
        assert!(supports(&partial).is_err());
        assert!(supports(&Queue::parse("RBNQ", BoardSize::STANDARD).unwrap()).is_ok());
    }
}
