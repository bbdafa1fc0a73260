//! Estimating the number of boards symbol by symbol: each probe draws whole pair sets, one
//! symbol after another, and counts the last symbols' completions exactly.
//!
//! A board is one pair set per symbol (2k squares on which the kind's attacks form a perfect
//! matching and nothing else), the sets disjoint. The symbols are taken in a fixed order, the
//! kinds with fewest pair sets on the empty board first. For each of the first symbols a probe
//! lists, from the symbol's whole family of pair sets (enumerated once per kind and number of
//! pairs), those disjoint from the squares taken so far, multiplies its weight by their number
//! and takes one of them uniformly; a probe with no set left is 0. The last `tail` symbols are
//! counted exactly over the squares still free: every pair set of the next symbol inside them,
//! then the rest, the counts remembered per (free squares, symbol). Each board is reached by
//! exactly one sequence of choices, so the expected value of a probe is the number of boards;
//! with `tail` at least the number of symbols a probe is the exact count.
//!
//! Nothing here is shared with [`super::by_square`] or with the exact count: the pair sets are
//! enumerated by this module's own search over the lowest square not yet decided (left out,
//! or paired with a later square that it attacks, which removes every square either attacks).

use crate::chess_memory::board::{Board, BoardSize};
use crate::chess_memory::pieces::Symbol;
use crate::chess_memory::rules::AttackTables;
use crate::chess_memory::sat::Instance;
use crate::rng::{self, below};
use std::collections::HashMap;

/// The label of the probes' random streams.
pub const STREAM_LABEL: &str = "estimate-by-symbol";

/// The symbols of an instance in the order of the stages, with the families of the sampled ones.
#[derive(Clone, Debug)]
pub struct SymbolStages {
    size: BoardSize,
    stages: Vec<Stage>,
    /// The number of stages drawn at random; the rest are counted.
    sampled: usize,
    /// The families of pair sets, indexed by [`Stage::family`].
    families: Vec<Vec<u64>>,
}

#[derive(Clone, Debug)]
struct Stage {
    symbol: Symbol,
    links: [u64; 64],
    pairs: u32,
    /// Its pair sets on the empty board, in `families`, if it is a sampled stage.
    family: Option<usize>,
}

impl SymbolStages {
    /// The stages of `instance`, the last `tail` symbols counted exactly (all of them when
    /// `tail` is at least the number of symbols).
    pub fn new(instance: &Instance, tail: usize) -> SymbolStages {
        let size = instance.size();
        let tables = AttackTables::for_size(size);
        let mut stages: Vec<(u64, Stage)> = Symbol::ALL
            .into_iter()
            .filter(|&symbol| instance.pieces(symbol) > 0)
            .map(|symbol| {
                let links = *tables.of_kind(symbol.kind());
                let pairs = instance.pieces(symbol) / 2;
                let sets = count_sets_within(&links, size.all_squares(), pairs);
                let stage = Stage {
                    symbol,
                    links,
                    pairs,
                    family: None,
                };
                (sets, stage)
            })
            .collect();
        stages.sort_by_key(|(sets, stage)| (*sets, stage.symbol.index()));
        let sampled = stages.len().saturating_sub(tail);
        let mut families: Vec<((usize, u32), Vec<u64>)> = Vec::new();
        for (_, stage) in stages.iter_mut().take(sampled) {
            let key = (stage.symbol.kind().index(), stage.pairs);
            let found = families.iter().position(|(k, _)| *k == key);
            stage.family = Some(found.unwrap_or_else(|| {
                let mut family = Vec::new();
                for_each_set_within(
                    &stage.links,
                    size.all_squares(),
                    stage.pairs,
                    0,
                    &mut |set| family.push(set),
                );
                families.push((key, family));
                families.len() - 1
            }));
        }
        SymbolStages {
            size,
            stages: stages.into_iter().map(|(_, stage)| stage).collect(),
            sampled,
            families: families.into_iter().map(|(_, family)| family).collect(),
        }
    }

    /// The symbols in stage order.
    pub fn symbols(&self) -> Vec<Symbol> {
        self.stages.iter().map(|stage| stage.symbol).collect()
    }

    /// Probe `index` of `seed` (module docs): an unbiased estimate of the number of boards.
    pub fn probe(&self, seed: u64, index: u64) -> f64 {
        self.probe_with(seed, index, None)
    }

    /// [`Self::probe`], handing every board its exact count reaches to `visit` (then nothing
    /// is remembered, so each board is built): for checking the boards.
    pub fn probe_visiting(&self, seed: u64, index: u64, visit: &mut dyn FnMut(&Board)) -> f64 {
        self.probe_with(seed, index, Some(visit))
    }

    fn probe_with(&self, seed: u64, index: u64, visit: Option<&mut dyn FnMut(&Board)>) -> f64 {
        let mut stream = rng::stream(seed, STREAM_LABEL, index);
        let Some((mut taken, weight)) = self.first_sets(&mut |n| below(&mut stream, n)) else {
            return 0.0;
        };
        let free = self.free_after(&taken);
        let completions = match visit {
            Some(visit) => self.visit_completions(free, &mut taken, visit),
            None => self.count_completions(free, self.sampled, &mut HashMap::new()),
        };
        weight * completions as f64
    }

    /// The pair sets of the sampled stages, each drawn uniformly among the sets of its family
    /// disjoint from those before, and the product of their numbers; `None` when a stage has
    /// no set left. `below(n)` is a uniform number in `0..n`.
    fn first_sets(&self, below: &mut dyn FnMut(u64) -> u64) -> Option<(Vec<u64>, f64)> {
        let mut taken = Vec::with_capacity(self.stages.len());
        let mut occupied = 0u64;
        let mut weight = 1.0;
        for stage in &self.stages[..self.sampled] {
            let family = &self.families[stage.family.expect("a sampled stage has its family")];
            let fitting = family.iter().filter(|&&set| set & occupied == 0).count();
            if fitting == 0 {
                return None;
            }
            weight *= fitting as f64;
            let pick = below(fitting as u64) as usize;
            let set = family
                .iter()
                .copied()
                .filter(|&set| set & occupied == 0)
                .nth(pick)
                .expect("pick is below the number of fitting sets");
            occupied |= set;
            taken.push(set);
        }
        Some((taken, weight))
    }

    /// The squares the sets `taken` leave free.
    fn free_after(&self, taken: &[u64]) -> u64 {
        taken
            .iter()
            .fold(self.size.all_squares(), |free, &set| free & !set)
    }

    /// The board with the sets `taken`, one per stage in stage order.
    fn board_of(&self, taken: &[u64]) -> Board {
        let mut board = Board::empty(self.size);
        for (stage, &set) in self.stages.iter().zip(taken) {
            board.put(stage.symbol, set);
        }
        board
    }

    /// One board drawn as a probe draws its first pair sets, the last symbols then placed
    /// uniformly among the completions, with its weight: one over the probability of drawing
    /// that board, which is the probe's value (so the weights average to the number of
    /// boards). `None` when the first sets leave no completion. `below(n)` is a uniform
    /// number in `0..n`.
    pub fn propose(&self, below: &mut dyn FnMut(u64) -> u64) -> Option<(Board, f64)> {
        let (mut taken, mut weight) = self.first_sets(below)?;
        let mut free = self.free_after(&taken);
        let mut known = HashMap::new();
        let completions = self.count_completions(free, self.sampled, &mut known);
        if completions == 0 {
            return None;
        }
        weight *= completions as f64;
        for from in self.sampled..self.stages.len() {
            let ways = self.count_completions(free, from, &mut known);
            let ways =
                u64::try_from(ways).expect("the completions of a few symbols fit in 64 bits");
            let mut target = u128::from(below(ways));
            let mut chosen = None;
            let stage = &self.stages[from];
            for_each_set_within(&stage.links, free, stage.pairs, 0, &mut |set| {
                if chosen.is_none() {
                    let here = self.count_completions(free & !set, from + 1, &mut known);
                    if target < here {
                        chosen = Some(set);
                    } else {
                        target -= here;
                    }
                }
            });
            let set = chosen.expect("the completions are the sum over the next symbol's sets");
            free &= !set;
            taken.push(set);
        }
        Some((self.board_of(&taken), weight))
    }

    /// The ways to place the symbols of stages `from..` on the squares `free`.
    fn count_completions(
        &self,
        free: u64,
        from: usize,
        known: &mut HashMap<(u64, usize), u128>,
    ) -> u128 {
        let Some(stage) = self.stages.get(from) else {
            return 1;
        };
        let needed: u32 = self.stages[from..].iter().map(|s| 2 * s.pairs).sum();
        if free.count_ones() < needed {
            return 0;
        }
        if from + 1 == self.stages.len() {
            return u128::from(count_sets_within(&stage.links, free, stage.pairs));
        }
        if let Some(&count) = known.get(&(free, from)) {
            return count;
        }
        let mut count = 0;
        for_each_set_within(&stage.links, free, stage.pairs, 0, &mut |set| {
            count += self.count_completions(free & !set, from + 1, known);
        });
        known.insert((free, from), count);
        count
    }

    /// Every board completing the sets `taken` (of the first stages) on the squares `free`,
    /// handed to `visit`, and their number.
    fn visit_completions(
        &self,
        free: u64,
        taken: &mut Vec<u64>,
        visit: &mut dyn FnMut(&Board),
    ) -> u128 {
        let Some(stage) = self.stages.get(taken.len()) else {
            visit(&self.board_of(taken));
            return 1;
        };
        let mut sets = Vec::new();
        for_each_set_within(&stage.links, free, stage.pairs, 0, &mut |set| {
            sets.push(set)
        });
        let mut count = 0;
        for set in sets {
            taken.push(set);
            count += self.visit_completions(free & !set, taken, visit);
            taken.pop();
        }
        count
    }
}

/// Calls `found` with every pair set of `pairs` pairs inside `room` (each added to `chosen`):
/// the lowest square of `room` is left out, or paired with a later square it is linked to,
/// and then no square linked to either may join.
fn for_each_set_within(
    links: &[u64; 64],
    room: u64,
    pairs: u32,
    chosen: u64,
    found: &mut dyn FnMut(u64),
) {
    if pairs == 0 {
        found(chosen);
        return;
    }
    if room.count_ones() < 2 * pairs {
        return;
    }
    let first = room.trailing_zeros() as usize;
    let rest = room & !(1u64 << first);
    for_each_set_within(links, rest, pairs, chosen, found);
    let mut partners = links[first] & rest;
    while partners != 0 {
        let partner = partners.trailing_zeros() as usize;
        partners &= partners - 1;
        let pair = 1u64 << first | 1u64 << partner;
        let next = rest & !pair & !links[first] & !links[partner];
        for_each_set_within(links, next, pairs - 1, chosen | pair, found);
    }
}

/// The number of pair sets of `pairs` pairs inside `room`.
fn count_sets_within(links: &[u64; 64], room: u64, pairs: u32) -> u64 {
    let mut count = 0;
    for_each_set_within(links, room, pairs, 0, &mut |_| count += 1);
    count
}
