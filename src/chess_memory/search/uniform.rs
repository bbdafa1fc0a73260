//! Exact uniform sampling of valid boards, from the tables of the board count.
//!
//! The count ([`crate::chess_memory::counting`]) goes symbol by symbol: table `k` holds every
//! set of squares that the first `k` symbols can occupy with the number of ways `W_k` of
//! filling it. A board is one path through the tables, a pair set per symbol, so a board is
//! drawn uniformly by walking the tables backwards: the occupied set of the whole board with
//! probability `W_m(S) / total`, then for each symbol from the last to the first one of its
//! pair sets `T ⊆ S` with probability `W_{k-1}(S \ T) / W_k(S)`. Every board comes out with
//! probability `1 / total`, exactly (the choices are exact integer draws, not floating point).
//!
//! The tables of 4×4 and 5×5 hold a few million entries; those of 6×6 and 8×8 would hold
//! billions, so the sampler refuses them when it is built ([`MAX_TABLE`]).

use super::{PerInstance, Picker, per_instance};
use crate::chess_memory::board::{Board, BoardSize};
use crate::chess_memory::counting::{
    CountError, MultiplyHasher, Table, extend_within, pair_set_families,
};
use crate::chess_memory::pieces::Symbol;
use crate::chess_memory::queue::Queue;
use crate::chess_memory::sat::Instance;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::{Arc, OnceLock};

/// The most entries one table of a sampler may hold (the 5×5 instance needs 5.2 million).
pub const MAX_TABLE: usize = 8_000_000;

/// The tables of one instance, kept for drawing (module docs).
pub struct UniformSampler {
    size: BoardSize,
    /// Each symbol with its pair sets, in the order of the tables.
    families: Vec<(Symbol, Vec<u64>)>,
    /// `layers[k]`: the sets the first `k` symbols occupy and their ways.
    layers: Vec<Layer>,
    /// The sets of the last table, and the running totals of their ways, for the first choice.
    last: Vec<u64>,
    cumulative: Vec<u64>,
}

impl UniformSampler {
    /// Builds the tables of `instance`, each of at most `max_table` entries.
    pub fn build(instance: &Instance, max_table: usize) -> Result<UniformSampler, CountError> {
        let families = pair_set_families(instance, 0);
        let mut table = Table::default();
        table.insert(0, 1);
        let mut layers = vec![narrowed(&table, instance)?];
        for (done, (_, family)) in families.iter().enumerate() {
            table = extend_within(&table, family, max_table, instance, done)?;
            layers.push(narrowed(&table, instance)?);
        }
        let mut last: Vec<(u64, u64)> = layers
            .last()
            .expect("the empty table is always there")
            .iter()
            .map(|(&set, &ways)| (set, ways))
            .collect();
        last.sort_unstable();
        let mut total = 0u64;
        let mut cumulative = Vec::with_capacity(last.len());
        for &(_, ways) in &last {
            total = total.checked_add(ways).ok_or_else(|| too_many(instance))?;
            cumulative.push(total);
        }
        Ok(UniformSampler {
            size: instance.size(),
            families,
            layers,
            last: last.into_iter().map(|(set, _)| set).collect(),
            cumulative,
        })
    }

    /// The number of valid boards, each drawn with probability one over it.
    pub fn boards(&self) -> u64 {
        self.cumulative.last().copied().unwrap_or(0)
    }

    /// One board drawn uniformly with `picker`, and the number of random draws it took;
    /// `None` when the instance has no board.
    pub fn sample<P: Picker>(&self, picker: &mut P) -> Option<(Board, u64)> {
        let total = self.boards();
        if total == 0 {
            return None;
        }
        let mut random_calls = 1;
        let target = picker.pick_below(total);
        let mut occupied = self.last[self.cumulative.partition_point(|&c| c <= target)];
        let mut board = Board::empty(self.size);
        for (k, (symbol, family)) in self.families.iter().enumerate().rev() {
            let ways = |set: u64| ways_of(&self.layers[k], set);
            let here = ways_of(&self.layers[k + 1], occupied);
            let mut target = picker.pick_below(here);
            random_calls += 1;
            let chosen = family
                .iter()
                .copied()
                .filter(|&set| set & occupied == set)
                .find(|&set| {
                    let w = ways(occupied & !set);
                    if target < w {
                        return true;
                    }
                    target -= w;
                    false
                })
                .expect("the ways of a set are the sum over its last symbol's pair sets");
            board.put(*symbol, chosen);
            occupied &= !chosen;
        }
        debug_assert_eq!(occupied, 0);
        Some((board, random_calls))
    }
}

/// A table with its ways in 64 bits, looked up once per candidate pair set.
type Layer = HashMap<u64, u64, BuildHasherDefault<MultiplyHasher>>;

/// The ways of `set` in a table (0 when it is not there).
fn ways_of(layer: &Layer, set: u64) -> u64 {
    layer.get(&set).copied().unwrap_or(0)
}

fn narrowed(table: &Table, instance: &Instance) -> Result<Layer, CountError> {
    table
        .iter()
        .map(|(&set, &ways)| u64::try_from(ways).map(|w| (set, w)))
        .collect::<Result<Layer, _>>()
        .map_err(|_| too_many(instance))
}

fn too_many(instance: &Instance) -> CountError {
    CountError::TooManyBoards {
        instance: instance.to_string(),
    }
}

/// The sampler of `queue`'s instance, built on first use and shared by every later draw of
/// the process (failures are remembered too, so a refused instance is refused at once). A
/// build asked to stop part way ([`crate::game::cancel`]: the page's client left) is not
/// kept: the next draw builds it again.
pub fn sampler_for(queue: &Queue) -> Result<Arc<UniformSampler>, String> {
    static CACHE: OnceLock<PerInstance<Result<Arc<UniformSampler>, String>>> = OnceLock::new();
    let built = per_instance(&CACHE, queue, |instance| {
        match UniformSampler::build(instance, MAX_TABLE) {
            Err(CountError::Cancelled { .. }) => None,
            Ok(sampler) => Some(Ok(Arc::new(sampler))),
            Err(CountError::TooLarge { instance, .. }) => Some(Err(format!(
                "drawing uniformly keeps the board count's tables in memory, and {instance} \
needs more than {MAX_TABLE} entries in one (4×4 and 5×5 boards fit, larger ones do not: \
`--algorithm resample` draws them nearly uniformly)"
            ))),
            Err(other) => Some(Err(other.to_string())),
        }
    });
    built.unwrap_or_else(|| Err("the uniform sampler's tables were stopped part way".into()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess_memory::rules::validate;
    use crate::chess_memory::search::UniformPicker;
    use crate::rng;

    fn instance(size: usize, pairs: [u32; 8]) -> Instance {
        Instance::new(BoardSize::new(size).unwrap(), pairs.map(|p| 2 * p)).unwrap()
    }

    #[test]
    fn every_board_of_a_small_instance_comes_equally_often() {
        // One white queen pair and one black knight pair on 4×4: few enough boards to see
        // each many times.
        let sampler =
            UniformSampler::build(&instance(4, [1, 0, 0, 0, 0, 1, 0, 0]), 100_000).unwrap();
        let boards = sampler.boards();
        let mut picker = UniformPicker::new(rng::stream(7, "uniform-test", 0));
        let mut seen: HashMap<Board, u64> = HashMap::new();
        let draws = 200 * boards;
        for _ in 0..draws {
            let (board, _) = sampler.sample(&mut picker).unwrap();
            assert!(validate(&board).is_empty(), "{board:?}");
            *seen.entry(board).or_default() += 1;
        }
        assert_eq!(seen.len() as u64, boards, "every board is drawn");
        // Pearson's statistic against uniform, with boards - 1 degrees of freedom: its mean
        // is boards - 1 and its standard deviation sqrt(2 (boards - 1)).
        let expected = draws as f64 / boards as f64;
        let chi2: f64 = seen
            .values()
            .map(|&c| (c as f64 - expected).powi(2) / expected)
            .sum();
        let dof = (boards - 1) as f64;
        assert!(
            chi2 < dof + 5.0 * (2.0 * dof).sqrt(),
            "chi2 {chi2} dof {dof}"
        );
    }

    #[test]
    fn the_full_4x4_sampler_knows_the_count() {
        let sampler = UniformSampler::build(&instance(4, [1; 8]), MAX_TABLE).unwrap();
        assert_eq!(sampler.boards(), 9_683_712);
    }

    #[test]
    fn a_build_asked_to_stop_stops_and_a_stopped_build_is_built_again_next_time() {
        use crate::chess_memory::queue::parse_order;
        use crate::game::cancel::CancelFlag;
        let stopped = CancelFlag::new();
        stopped.cancel();
        let build = || UniformSampler::build(&instance(4, [1; 8]), MAX_TABLE).map(|_| ());
        assert!(matches!(
            stopped.run(build),
            Err(CountError::Cancelled { .. })
        ));
        // A cache as the process's: the stopped build is not remembered, the next is.
        static CACHE: OnceLock<PerInstance<u64>> = OnceLock::new();
        let queue = parse_order("QNBR", BoardSize::new(4).unwrap()).unwrap();
        let count = |instance: &Instance| UniformSampler::build(instance, MAX_TABLE).ok();
        let counted = |instance: &Instance| count(instance).map(|sampler| sampler.boards());
        assert_eq!(stopped.run(|| per_instance(&CACHE, &queue, counted)), None);
        assert_eq!(per_instance(&CACHE, &queue, counted), Some(9_683_712));
        let kept = per_instance(&CACHE, &queue, |_| unreachable!("kept"));
        assert_eq!(kept, Some(9_683_712));
        let sampler = sampler_for(&queue).unwrap();
        assert_eq!(sampler.boards(), 9_683_712);
    }
}
