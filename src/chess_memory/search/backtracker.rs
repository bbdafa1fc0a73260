//! The seed's randomized backtracker, exactly as `docs/chess-memory-contract.md` specifies it, and
//! the sound searches built on the same loop.
//!
//! State: the occupied squares, for every step `i` and symbol `s` the squares that may still
//! take `s` (`possible[i][s]`), the history of placed pairs, the step `i` and the pending first
//! square `a`. Each pass of the loop is one **iteration**:
//!
//! 1. With no pending `a`, pick one from the free squares of `possible[i][s]`.
//! 2. With no candidate, **step back**: lift the pair of step `i-1`, ban its second square
//!    for that step, make its first square the pending `a`, and go to step `i-1`.
//! 3. The partner candidates are the free squares attacked by `a` in `possible[i][s]`; with
//!    none, **retry**: ban `a` for this step and clear it.
//! 4. Otherwise pick a partner `b`, place the pair, copy `possible[i]` to step `i+1` minus
//!    every square `a` or `b` attacks, and advance.
//!
//! Bans are per step and are copied forward, so a square banned at step `i` stays banned for
//! the symbol until the search backs over step `i`. Stepping back from the first pair, where
//! the original program crashed, ends the draw as [`Outcome::Exhausted`].
//!
//! **Why the seed's search is incomplete, and the sound variants.** Pairs of one symbol are
//! interchangeable, so a pair that has no completion at step `i` has none at any later step of
//! that symbol either (swap the two steps): banning it from step `i` on is sound. A retry's
//! ban is sound by this argument, because a first square without partners can be in no pair.
//! A step back, though, refutes only the pair `(a, b)`, and the seed bans the square `b`
//! with it: every other pair through `b` is lost. The [`Variant`]s with `SOUND` refute the
//! pair instead (the partner is excluded only while `a` stays the first square), which makes
//! the search complete: an exhausted draw proves that the queue has no board.
//!
//! - [`SeedSearch`]: the seed, reproduced exactly (its replay test covers every vector).
//! - [`DfsSearch`]: the seed's loop with pair refutation: sound and complete.
//! - [`FcSearch`]: `DfsSearch` with forward checking after every placement
//!   ([`super::forward_check`]): a placement that leaves some symbol still to place too few
//!   squares is refuted in the same iteration, and counts as a step back.
//! - [`MrvSearch`]: `FcSearch` choosing each step's symbol dynamically, the one with the
//!   fewest possible placements (fail first), ties broken by the random stream; only the
//!   queue's composition matters.
//!
//! A restart policy ([`backtrack_restarting`]) runs inside the same call: a run that reaches
//! its length clears the board and goes on with the same state arrays, so restarting every
//! few hundred iterations costs no re-entry, table lookup or CPU-feature test per run.
//!
//! The loop is the hot path of every experiment: the state is a few kilobytes on the stack,
//! one bitboard per (step, symbol), and nothing is allocated while it runs. The variants are
//! compile-time constants, so the seed's loop carries none of the others' work.

use super::forward_check::{choose_symbol, room_for_remaining};
use super::restart::RestartPolicy;
use super::set_attacks::SetAttacks;
use super::{Counters, Draw, IterationCap, Outcome, Picker};
use crate::chess_memory::board::{Board, BoardSize, Square};
use crate::chess_memory::pieces::{Kind, Symbol};
use crate::chess_memory::queue::Queue;
use crate::chess_memory::rules::AttackTables;
use crate::game::cancel;
#[cfg(target_arch = "x86_64")]
use crate::rng::PdepSelect;
use crate::rng::{BitSelect, BroadwordSelect};

/// Iterations between two looks at the cancel flag of the thread ([`cancel::requested`]):
/// a search asked to stop (its web client gone) ends within a few milliseconds, censored.
/// The loop still compares the count with one bound per iteration.
const CANCEL_POLL: u64 = 1 << 14;

/// Most pairs a queue can hold: 64 squares.
const MAX_PAIRS: usize = 32;
const NO_SQUARE: u8 = u8::MAX;

/// What distinguishes the searches that share the seed's loop (see the module docs).
pub trait Variant {
    /// Refute the pair on a step back instead of banning its second square: complete.
    const SOUND: bool;
    /// Check after each placement that every symbol still to place has room.
    const FORWARD_CHECK: bool;
    /// Choose each step's symbol by fewest possible placements (implies forward checking).
    const DYNAMIC_ORDER: bool;
}

/// The seed article's search, exactly.
pub struct SeedSearch;
/// The seed's loop made sound and complete by refuting pairs, not squares.
pub struct DfsSearch;
/// [`DfsSearch`] with forward checking.
pub struct FcSearch;
/// [`FcSearch`] with a dynamic, fail-first order of symbols.
pub struct MrvSearch;

impl Variant for SeedSearch {
    const SOUND: bool = false;
    const FORWARD_CHECK: bool = false;
    const DYNAMIC_ORDER: bool = false;
}
impl Variant for DfsSearch {
    const SOUND: bool = true;
    const FORWARD_CHECK: bool = false;
    const DYNAMIC_ORDER: bool = false;
}
impl Variant for FcSearch {
    const SOUND: bool = true;
    const FORWARD_CHECK: bool = true;
    const DYNAMIC_ORDER: bool = false;
}
impl Variant for MrvSearch {
    const SOUND: bool = true;
    const FORWARD_CHECK: bool = true;
    const DYNAMIC_ORDER: bool = true;
}

/// Runs the seed's backtracker on `queue`, choosing with `picker`, for at most `cap`
/// iterations. The board is not validated here; see [`Draw::verified`].
pub fn seed_backtrack<P: Picker>(queue: &Queue, picker: &mut P, cap: IterationCap) -> Draw {
    backtrack::<SeedSearch, P, NoObserver>(queue, picker, cap, &mut NoObserver)
}

/// [`seed_backtrack`] reporting every placement and step back to `observer`, for analyses
/// of the search's path. With [`NoObserver`] the calls compile to nothing.
pub fn seed_backtrack_observed<P: Picker, O: SearchObserver>(
    queue: &Queue,
    picker: &mut P,
    cap: IterationCap,
    observer: &mut O,
) -> Draw {
    backtrack::<SeedSearch, P, O>(queue, picker, cap, observer)
}

/// Runs the search `V` on `queue`, choosing with `picker`, for at most `cap` iterations,
/// reporting to `observer`. The board is not validated here; see [`Draw::verified`].
///
/// The loop is compiled twice: for x86-64 CPUs with BMI2 and POPCNT (hardware popcount and
/// `pdep` bit selection, chosen at run time) and portably. Both make the same choices.
pub fn backtrack<V: Variant, P: Picker, O: SearchObserver>(
    queue: &Queue,
    picker: &mut P,
    cap: IterationCap,
    observer: &mut O,
) -> Draw {
    backtrack_restarting::<V, P, O>(queue, picker, RestartPolicy::Never, cap, observer)
}

/// [`backtrack`] under a restart policy: each run that reaches its length starts again from
/// an empty board within the same call, the random stream going on, until a board is found,
/// the cap on the total is reached, or a complete search is exhausted. Counters sum over the
/// runs and `restarts` counts them; the board is the last run's.
pub fn backtrack_restarting<V: Variant, P: Picker, O: SearchObserver>(
    queue: &Queue,
    picker: &mut P,
    restart: RestartPolicy,
    cap: IterationCap,
    observer: &mut O,
) -> Draw {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt") {
        if let Some(pdep) = PdepSelect::detect() {
            // SAFETY: the running CPU has the features the function is compiled for (BMI2 is
            // proved by `pdep`, POPCNT was detected).
            return unsafe {
                backtrack_bmi2::<V, P, O>(pdep, queue, picker, restart, cap, observer)
            };
        }
        // SAFETY: POPCNT was detected.
        return unsafe { backtrack_popcnt::<V, P, O>(queue, picker, restart, cap, observer) };
    }
    backtrack_any::<V, P, O, _>(BroadwordSelect, queue, picker, restart, cap, observer)
}

/// [`backtrack_with`] for either board size (the standard one is compiled apart).
#[inline(always)]
fn backtrack_any<V: Variant, P: Picker, O: SearchObserver, S: BitSelect>(
    select: S,
    queue: &Queue,
    picker: &mut P,
    restart: RestartPolicy,
    cap: IterationCap,
    observer: &mut O,
) -> Draw {
    if queue.size() == BoardSize::STANDARD {
        backtrack_with::<V, P, O, _, true>(select, queue, picker, restart, cap, observer)
    } else {
        backtrack_with::<V, P, O, _, false>(select, queue, picker, restart, cap, observer)
    }
}

/// Receives the events of a backtracking search as they happen.
pub trait SearchObserver {
    /// The pair of step `step` was placed on `first` and `second` during iteration
    /// `iteration` (counted from 1).
    fn placed(&mut self, step: usize, first: Square, second: Square, iteration: u64);
    /// The pair of step `step` was lifted again (a step back) during iteration `iteration`.
    fn lifted(&mut self, step: usize, iteration: u64);
}

/// The observer that ignores everything.
pub struct NoObserver;

impl SearchObserver for NoObserver {
    #[inline(always)]
    fn placed(&mut self, _: usize, _: Square, _: Square, _: u64) {}
    #[inline(always)]
    fn lifted(&mut self, _: usize, _: u64) {}
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2,popcnt")]
unsafe fn backtrack_bmi2<V: Variant, P: Picker, O: SearchObserver>(
    pdep: PdepSelect,
    queue: &Queue,
    picker: &mut P,
    restart: RestartPolicy,
    cap: IterationCap,
    observer: &mut O,
) -> Draw {
    backtrack_any::<V, P, O, _>(pdep, queue, picker, restart, cap, observer)
}

/// The search for a CPU with POPCNT whose `pdep` is missing or slow (see [`PdepSelect`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
unsafe fn backtrack_popcnt<V: Variant, P: Picker, O: SearchObserver>(
    queue: &Queue,
    picker: &mut P,
    restart: RestartPolicy,
    cap: IterationCap,
    observer: &mut O,
) -> Draw {
    backtrack_any::<V, P, O, _>(BroadwordSelect, queue, picker, restart, cap, observer)
}

#[inline(always)]
fn backtrack_with<V: Variant, P: Picker, O: SearchObserver, S: BitSelect, const STANDARD: bool>(
    select: S,
    queue: &Queue,
    picker: &mut P,
    restart: RestartPolicy,
    cap: IterationCap,
    observer: &mut O,
) -> Draw {
    const {
        assert!(
            V::SOUND || !V::FORWARD_CHECK,
            "forward checking refutes pairs"
        )
    };
    const {
        assert!(
            V::FORWARD_CHECK || !V::DYNAMIC_ORDER,
            "the dynamic order needs the check"
        )
    };
    let size = queue.size();
    let tables = AttackTables::for_size(size);
    // On 8×8 the shift masks are constants that the compiler folds into the code.
    let geometry = if STANDARD {
        &SetAttacks::STANDARD
    } else {
        SetAttacks::for_size(size)
    };
    let pairs = queue.len();
    let mut queued = [0u8; MAX_PAIRS];
    // Pairs of each symbol in the queue.
    let mut composition = [0u8; Symbol::COUNT];
    for (slot, symbol) in queued.iter_mut().zip(queue.symbols()) {
        *slot = symbol.index() as u8;
        composition[symbol.index()] += 1;
    }

    let mut possible = [[0u64; Symbol::COUNT]; MAX_PAIRS + 1];
    let mut first = [NO_SQUARE; MAX_PAIRS];
    let mut second = [NO_SQUARE; MAX_PAIRS];
    // Partners refuted for the current first square of each step (sound variants only).
    let mut refuted = [0u64; MAX_PAIRS];
    let mut counters = Counters::default();
    let mut symbols;
    let mut step;
    let mut run = 0;
    let mut cancelled = false;
    // The iteration count at which the cancel flag is next looked at.
    let mut next_poll = CANCEL_POLL;

    let outcome = loop {
        // A run from an empty board, until it solves or ends at its length.
        let run_end = run_end(restart, run, counters.iterations, cap);
        // The loop's one bound: the run's end, or the next look at the cancel flag before it.
        let mut check_at = run_end.min(next_poll);
        possible[0] = [size.all_squares(); Symbol::COUNT];
        symbols = queued;
        // Pairs of each symbol not yet placed (used only where forward checking needs it).
        let mut left = composition;
        let mut occupied = 0u64;
        let mut pending = NO_SQUARE;
        step = 0;
        let run_outcome = 'run: {
            if V::DYNAMIC_ORDER && pairs > 0 {
                let choice = choose_symbol::<S, P>(
                    select,
                    tables,
                    geometry,
                    &possible[0],
                    0,
                    &left,
                    picker,
                    &mut counters,
                );
                match choice {
                    Some(symbol) => symbols[0] = symbol,
                    None => break 'run Outcome::Exhausted,
                }
            }
            loop {
                if step == pairs {
                    break Outcome::Solved;
                }
                if counters.iterations == check_at {
                    if counters.iterations == next_poll {
                        if cancel::requested() {
                            cancelled = true;
                            break Outcome::Censored;
                        }
                        next_poll = next_poll.saturating_add(CANCEL_POLL);
                    }
                    if counters.iterations == run_end {
                        break Outcome::Censored;
                    }
                    check_at = run_end.min(next_poll);
                }
                counters.iterations += 1;
                let symbol = symbols[step] as usize;
                let kind = Kind::ALL[symbol % 4];
                if pending == NO_SQUARE {
                    let candidates = possible[step][symbol] & !occupied;
                    if candidates == 0 {
                        if step == 0 {
                            break Outcome::Exhausted;
                        }
                        step -= 1;
                        counters.step_backs += 1;
                        let (a, b) = (first[step], second[step]);
                        observer.lifted(step, counters.iterations);
                        occupied &= !(1u64 << a | 1u64 << b);
                        left[symbols[step] as usize] += 1;
                        if V::SOUND {
                            refuted[step] |= 1u64 << b;
                        } else {
                            possible[step][symbols[step] as usize] &= !(1u64 << b);
                        }
                        pending = a;
                        continue;
                    }
                    counters.random_calls += 1;
                    pending = picker.pick_first(select, candidates);
                    refuted[step] = 0;
                }
                let attacks = tables.of_kind(kind);
                let mut partners = attacks[pending as usize] & possible[step][symbol] & !occupied;
                if V::SOUND {
                    partners &= !refuted[step];
                }
                if partners == 0 {
                    counters.retries += 1;
                    possible[step][symbol] &= !(1u64 << pending);
                    pending = NO_SQUARE;
                    continue;
                }
                counters.random_calls += 1;
                let partner = picker.pick_partner(select, kind, pending, partners);
                occupied |= 1u64 << pending | 1u64 << partner;
                first[step] = pending;
                second[step] = partner;
                possible[step + 1] = possible[step];
                possible[step + 1][symbol] &=
                    !(attacks[pending as usize] | attacks[partner as usize]);
                observer.placed(step, Square(pending), Square(partner), counters.iterations);
                left[symbol] -= 1;
                if V::FORWARD_CHECK && step + 1 < pairs {
                    let next = if V::DYNAMIC_ORDER {
                        choose_symbol::<S, P>(
                            select,
                            tables,
                            geometry,
                            &possible[step + 1],
                            occupied,
                            &left,
                            picker,
                            &mut counters,
                        )
                    } else {
                        room_for_remaining(geometry, &possible[step + 1], occupied, &left)
                            .then_some(symbols[step + 1])
                    };
                    let Some(next) = next else {
                        // Refuted by the check: lift the pair again within this iteration.
                        counters.step_backs += 1;
                        observer.lifted(step, counters.iterations);
                        occupied &= !(1u64 << pending | 1u64 << partner);
                        left[symbol] += 1;
                        refuted[step] |= 1u64 << partner;
                        continue;
                    };
                    symbols[step + 1] = next;
                }
                pending = NO_SQUARE;
                step += 1;
            }
        };
        let finished = match run_outcome {
            _ if cancelled => Some(Outcome::Censored),
            Outcome::Solved => Some(Outcome::Solved),
            // Only a complete search proves that the queue has no board.
            Outcome::Exhausted if V::SOUND || restart.is_never() => Some(Outcome::Exhausted),
            _ if cap.is_some_and(|cap| counters.iterations >= cap) => Some(Outcome::Censored),
            _ if restart.is_never() => Some(run_outcome),
            _ => None,
        };
        if let Some(outcome) = finished {
            break outcome;
        }
        run += 1;
        counters.restarts += 1;
    };
    finish(queue, outcome, counters, &symbols, &first, &second, step)
}

/// The total iteration count at which run `run`, starting at `start`, stops: its length
/// under `restart`, or the cap on the total if that comes first (`u64::MAX`: never).
fn run_end(restart: RestartPolicy, run: u64, start: u64, cap: IterationCap) -> u64 {
    let remaining = cap.map(|cap| cap - start);
    let budget = match (restart.run_length(run), remaining) {
        (Some(length), Some(remaining)) => Some(length.min(remaining)),
        (length, remaining) => length.or(remaining),
    };
    budget.map_or(u64::MAX, |budget| start.saturating_add(budget))
}

/// The draw: the placed pairs of the first `placed` steps as a board.
fn finish(
    queue: &Queue,
    outcome: Outcome,
    counters: Counters,
    symbols: &[u8; MAX_PAIRS],
    first: &[u8; MAX_PAIRS],
    second: &[u8; MAX_PAIRS],
    placed: usize,
) -> Draw {
    let mut board = Board::empty(queue.size());
    for step in 0..placed {
        let symbol = Some(Symbol::from_index(symbols[step] as usize));
        board.set(Square(first[step]), symbol);
        board.set(Square(second[step]), symbol);
    }
    Draw {
        outcome,
        counters,
        board,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess_memory::board::BoardSize;
    use crate::chess_memory::search::UniformPicker;
    use crate::rng;

    fn draw(order: &str, n: usize, seed: u64, cap: IterationCap) -> Draw {
        let queue = Queue::parse(order, BoardSize::new(n).unwrap()).unwrap();
        let mut picker = UniformPicker::new(rng::stream(seed, "test", 0));
        seed_backtrack(&queue, &mut picker, cap)
            .verified(&queue)
            .unwrap()
    }

    #[test]
    fn solved_draws_pass_the_validator_and_balance_their_counters() {
        for seed in 0..20 {
            let result = draw("QNBR", 8, seed, None);
            assert_eq!(result.outcome, Outcome::Solved);
            let c = result.counters;
            // Every iteration is a step back, a retry or a placement, and the placements
            // outnumber the step backs by the 32 pairs of the queue.
            let placements = c.iterations - c.step_backs - c.retries;
            assert_eq!(placements - c.step_backs, 32, "{c:?}");
            assert_eq!(result.board.occupied(), u64::MAX);
        }
    }

    #[test]
    fn a_cap_censors_the_draw_at_exactly_the_cap() {
        let result = draw("QNBR", 8, 3, Some(40));
        assert_eq!(result.outcome, Outcome::Censored);
        assert_eq!(result.counters.iterations, 40);
    }

    #[test]
    fn a_raised_cancel_flag_censors_every_search_at_its_next_poll() {
        use crate::game::cancel::CancelFlag;
        let queue = Queue::seed(BoardSize::STANDARD);
        let cancelled = CancelFlag::new();
        cancelled.cancel();
        // Runs of 10 iterations never place 32 pairs: without the flag, only the cap ends it.
        let restart = RestartPolicy::Fixed(10);
        let run = |picker: &mut UniformPicker<_>| {
            backtrack_restarting::<MrvSearch, _, _>(
                &queue,
                picker,
                restart,
                Some(1 << 20),
                &mut NoObserver,
            )
        };
        let mut picker = UniformPicker::new(rng::stream(4, "cancel", 0));
        let stopped = cancelled.run(|| run(&mut picker));
        assert_eq!(stopped.outcome, Outcome::Censored);
        assert_eq!(stopped.counters.iterations, CANCEL_POLL);
        let mut picker = UniformPicker::new(rng::stream(4, "cancel", 0));
        let uncancelled = CancelFlag::new().run(|| run(&mut picker));
        assert_eq!(uncancelled.outcome, Outcome::Censored);
        assert_eq!(uncancelled.counters.iterations, 1 << 20);
    }

    #[test]
    fn an_impossible_queue_is_exhausted_not_a_panic() {
        // Five white queen pairs cannot fit a 4×4 board: each queen sees most of it.
        let result = draw("QQQQQ", 4, 1, None);
        assert_eq!(result.outcome, Outcome::Exhausted);
        assert!(result.counters.step_backs > 0);
    }

    #[test]
    fn every_compiled_search_makes_the_same_draws() {
        let queue = Queue::seed(BoardSize::STANDARD);
        for index in 0..10 {
            let picker = UniformPicker::new(rng::stream(9, "same", index));
            let portable = backtrack_with::<SeedSearch, _, _, BroadwordSelect, true>(
                BroadwordSelect,
                &queue,
                &mut picker.clone(),
                RestartPolicy::Never,
                None,
                &mut NoObserver,
            );
            assert_eq!(seed_backtrack(&queue, &mut picker.clone(), None), portable);
            #[cfg(target_arch = "x86_64")]
            if std::arch::is_x86_feature_detected!("popcnt") {
                let (never, observer) = (RestartPolicy::Never, &mut NoObserver);
                // SAFETY: POPCNT was detected.
                let popcnt = unsafe {
                    backtrack_popcnt::<SeedSearch, _, _>(
                        &queue,
                        &mut picker.clone(),
                        never,
                        None,
                        observer,
                    )
                };
                assert_eq!(popcnt, portable);
                if let Some(pdep) = PdepSelect::detect_even_if_slow() {
                    let mut picker = picker.clone();
                    // SAFETY: BMI2 is proved by `pdep`, POPCNT was detected.
                    let bmi2 = unsafe {
                        backtrack_bmi2::<SeedSearch, _, _>(
                            pdep,
                            &queue,
                            &mut picker,
                            never,
                            None,
                            observer,
                        )
                    };
                    assert_eq!(bmi2, portable);
                }
            }
        }
    }

    /// Replays the events onto a stack of pairs.
    #[derive(Default)]
    struct Trace {
        path: Vec<(Square, Square)>,
        placements: u64,
        lifts: u64,
    }

    impl SearchObserver for Trace {
        fn placed(&mut self, step: usize, first: Square, second: Square, _: u64) {
            assert_eq!(step, self.path.len(), "placements extend the path");
            self.path.push((first, second));
            self.placements += 1;
        }
        fn lifted(&mut self, step: usize, _: u64) {
            assert_eq!(step + 1, self.path.len(), "only the last pair is lifted");
            self.path.pop();
            self.lifts += 1;
        }
    }

    #[test]
    fn the_observer_sees_every_placement_and_step_back() {
        let queue = Queue::seed(BoardSize::STANDARD);
        let mut picker = UniformPicker::new(rng::stream(4, "observed", 0));
        let mut trace = Trace::default();
        let draw = seed_backtrack_observed(&queue, &mut picker, None, &mut trace);
        let c = draw.counters;
        assert_eq!(trace.lifts, c.step_backs);
        assert_eq!(trace.placements, c.iterations - c.step_backs - c.retries);
        assert_eq!(trace.path.len(), 32);
        let mut board = Board::empty(queue.size());
        for (step, &(a, b)) in trace.path.iter().enumerate() {
            board.set(a, Some(queue.symbols()[step]));
            board.set(b, Some(queue.symbols()[step]));
        }
        assert_eq!(board, draw.board);
    }

    #[test]
    fn partial_queues_leave_empty_squares() {
        let result = draw("QqNn", 8, 5, None);
        assert_eq!(result.outcome, Outcome::Solved);
        assert_eq!(result.board.occupied().count_ones(), 8);
    }
}
