//! How many boards an instance has, estimated in milliseconds before counting them one by one
//! (Knuth, "Estimating the efficiency of backtrack programs", Math. Comp. 29, 1975).
//!
//! A *probe* builds a board at random without backtracking. At each step it takes the symbol
//! with pairs left that has the fewest possible pairs (a pair: two free squares that attack
//! each other and no piece of the symbol already placed), fails if that number is 0, and
//! otherwise places one of those pairs chosen uniformly. The product of the numbers of
//! choices along a probe that places every pair, 0 for one that fails, is an unbiased estimate
//! of the number of leaves of the search tree; each board is a leaf Π k! times (the pairs of a
//! symbol with k pairs can be placed in any order, whatever order the symbols take), so the
//! estimate of boards is the mean over probes divided by Π k!.
//!
//! The estimate is exact in expectation but can be far off for one set of probes; it is used
//! only to refuse instances that are clearly too large to enumerate. On large instances
//! (8×8 with every square taken) random probes almost never complete a board and the estimate
//! of boards reads 0; the same probes then estimate the number of *partial* boards at the
//! deepest step any probe reached (the product along a probe that got that far, divided by
//! Π j! over the j pairs of each symbol it placed), which measures how large the space to
//! enumerate is.

use super::instance::Instance;
use crate::chess_memory::pieces::Symbol;
use crate::chess_memory::rules::AttackTables;
use crate::rng::{self, below};

/// The estimate of [`estimate_boards`] and how it was made.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoardEstimate {
    /// Estimated number of valid boards.
    pub boards: f64,
    /// Probes run.
    pub probes: u32,
    /// Probes that placed every pair.
    pub completed: u32,
    /// The most pairs any probe placed.
    pub deepest: usize,
    /// Estimated number of partial boards with `deepest` pairs (the estimate of boards when
    /// `deepest` is every pair).
    pub partial_boards: f64,
}

/// Estimates the number of valid boards of `instance` from `probes` random probes, drawn
/// from the stream (`seed`, "board-estimate", 0).
pub fn estimate_boards(instance: &Instance, probes: u32, seed: u64) -> BoardEstimate {
    let mut stream = rng::stream(seed, "board-estimate", 0);
    let pairs: [u32; Symbol::COUNT] = Symbol::ALL.map(|symbol| instance.pieces(symbol) / 2);
    let tables = AttackTables::for_size(instance.size());
    let all = instance.size().all_squares();
    let total_pairs = pairs.iter().sum::<u32>() as usize;
    // Sum of the estimates of boards, and of partial boards at the deepest step so far.
    let (mut boards, mut partial, mut deepest, mut completed) = (0.0, 0.0, 0, 0);
    for _ in 0..probes {
        let end = probe(tables, all, pairs, &mut stream);
        if end.depth == total_pairs {
            completed += 1;
            boards += end.partial_boards;
        }
        if end.depth > deepest {
            (deepest, partial) = (end.depth, 0.0);
        }
        if end.depth == deepest {
            partial += end.partial_boards;
        }
    }
    let probes_f = probes.max(1) as f64;
    BoardEstimate {
        boards: boards / probes_f,
        probes,
        completed,
        deepest,
        partial_boards: partial / probes_f,
    }
}

/// Where a probe ended: pairs placed, and the product of the numbers of choices divided by
/// Π j! over the j pairs of each symbol placed.
struct ProbeEnd {
    depth: usize,
    partial_boards: f64,
}

/// One probe (module docs).
fn probe(
    tables: &AttackTables,
    all: u64,
    mut left: [u32; Symbol::COUNT],
    stream: &mut rng::DefaultRng,
) -> ProbeEnd {
    let mut occupied = 0u64;
    // Squares a new piece of each symbol may take: not attacked by one already placed.
    let mut allowed = [all; Symbol::COUNT];
    let mut placed = [0u32; Symbol::COUNT];
    let mut product = 1.0;
    let mut depth = 0;
    loop {
        let mut best: Option<(usize, u64)> = None;
        for s in (0..Symbol::COUNT).filter(|&s| left[s] > 0) {
            let count = pair_count(tables, s, allowed[s] & !occupied);
            if best.is_none_or(|(_, fewest)| count < fewest) {
                best = Some((s, count));
            }
        }
        let orders: f64 = placed.iter().map(|&j| factorial(j)).product();
        let end = ProbeEnd {
            depth,
            partial_boards: product / orders,
        };
        let Some((s, count)) = best.filter(|&(_, count)| count > 0) else {
            return end;
        };
        product *= count as f64;
        let (a, b) = nth_pair(tables, s, allowed[s] & !occupied, below(stream, count));
        let attacks = tables.of_kind(Symbol::from_index(s).kind());
        occupied |= 1 << a | 1 << b;
        allowed[s] &= !(attacks[a] | attacks[b]);
        left[s] -= 1;
        placed[s] += 1;
        depth += 1;
    }
}

/// Unordered pairs of squares in `free` that attack each other as symbol `s`.
fn pair_count(tables: &AttackTables, s: usize, free: u64) -> u64 {
    let attacks = tables.of_kind(Symbol::from_index(s).kind());
    crate::chess_memory::board::squares_of(free)
        .map(|a| (attacks[a.0 as usize] & free & above(a.0)).count_ones() as u64)
        .sum()
}

/// The `n`-th pair counted by [`pair_count`], in square order.
fn nth_pair(tables: &AttackTables, s: usize, free: u64, mut n: u64) -> (usize, usize) {
    let attacks = tables.of_kind(Symbol::from_index(s).kind());
    for a in crate::chess_memory::board::squares_of(free) {
        let partners = attacks[a.0 as usize] & free & above(a.0);
        let here = partners.count_ones() as u64;
        if n < here {
            let b = crate::chess_memory::board::squares_of(partners)
                .nth(n as usize)
                .expect("n < here");
            return (a.0 as usize, b.0 as usize);
        }
        n -= here;
    }
    unreachable!("n is below the number of pairs")
}

/// The squares after `square`.
fn above(square: u8) -> u64 {
    u64::MAX.checked_shl(u32::from(square) + 1).unwrap_or(0)
}

fn factorial(k: u32) -> f64 {
    (1..=k).map(f64::from).product()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess_memory::board::BoardSize;
    use crate::chess_memory::queue::Queue;
    use crate::chess_memory::sat::count;

    fn instance(letters: &str, n: usize) -> Instance {
        let size = BoardSize::new(n).unwrap();
        Instance::from_queue(&Queue::parse(letters, size).unwrap())
    }

    #[test]
    fn the_estimate_is_near_the_exact_count_of_small_instances() {
        for (letters, n) in [("RR", 4), ("NNnn", 4), ("Qq", 5)] {
            let instance = instance(letters, n);
            let exact = count(&instance, 1_000_000, false).unwrap().boards as f64;
            let estimate = estimate_boards(&instance, 2000, 1);
            let ratio = estimate.boards / exact;
            assert!(
                (0.8..1.25).contains(&ratio),
                "{letters} {n}: estimate {estimate:?} against {exact}"
            );
        }
    }

    #[test]
    fn the_seed_instance_has_far_more_partial_boards_than_any_countable_number() {
        let estimate = estimate_boards(&instance("QNBR", 8), 200, 1);
        assert!(estimate.deepest >= 16, "{estimate:?}");
        assert!(estimate.partial_boards > 1e12, "{estimate:?}");
    }

    #[test]
    fn an_instance_without_boards_is_estimated_at_zero() {
        // Five white queen pairs do not fit on 4×4 (the SAT tests refute it).
        let estimate = estimate_boards(&instance("QQQQQ", 4), 500, 1);
        assert_eq!((estimate.boards, estimate.completed), (0.0, 0));
        assert!(estimate.deepest < 5);
    }
}
