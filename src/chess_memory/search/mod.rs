//! Search algorithms that fill a board, and what every draw reports.
//!
//! A *draw* is one run of a randomized search on one random stream. It ends `solved` (a board
//! that the validator then checks), `censored` (the iteration cap was reached first) or
//! `exhausted` (the search ran out of choices). Its counters are the seed program's:
//! `iterations` (passes of the main loop), `step_backs`, `retries` and `random_calls`, plus
//! `restarts` under a restart policy ([`RestartPolicy`]).

mod algorithm;
mod backtracker;
pub mod bench;
pub mod census;
mod cover;
mod forward_check;
pub mod pair_sets;
mod picker;
pub mod resample;
mod restart;
mod set_attacks;
pub mod symmetry;
pub mod uniform;

pub use algorithm::{Algorithm, SearchConfig, draw};
pub use backtracker::{
    DfsSearch, FcSearch, MrvSearch, NoObserver, SearchObserver, SeedSearch, Variant, backtrack,
    backtrack_restarting, seed_backtrack, seed_backtrack_observed,
};
pub use cover::{
    RUN_LENGTH as COVER_RUN_LENGTH, UnsupportedQueue, cover_search, cover_search_with,
};
pub use picker::{Picker, RngChoice, SeedReplayPicker, UniformPicker};
pub use restart::{RESTART_FORMS, RestartPolicy, luby};
pub use set_attacks::SetAttacks;

use crate::chess_memory::board::Board;
use crate::chess_memory::queue::Queue;
use crate::chess_memory::rules::{CompositionMismatch, Violation, check_composition, validate};
use serde::Serialize;
use std::fmt;

/// How a draw ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, PartialOrd, Ord)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// A full placement of the queue was found (and has passed the validator).
    Solved,
    /// The iteration cap was reached first.
    Censored,
    /// The search ran out of choices: it wanted to step back from the first pair.
    Exhausted,
}

impl Outcome {
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Solved => "solved",
            Outcome::Censored => "censored",
            Outcome::Exhausted => "exhausted",
        }
    }

    /// Reads the name written by [`Outcome::as_str`].
    pub fn parse(text: &str) -> Option<Outcome> {
        [Outcome::Solved, Outcome::Censored, Outcome::Exhausted]
            .into_iter()
            .find(|o| o.as_str() == text)
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The seed program's counters of one draw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Counters {
    /// Passes of the main loop (at least the number of pairs for a solved draw).
    pub iterations: u64,
    /// Times the search removed the previous pair and went back one step.
    pub step_backs: u64,
    /// Times a first square had no free partner and was banned for the step.
    pub retries: u64,
    /// Calls of the random generator (one per non-empty candidate list).
    pub random_calls: u64,
    /// Restarts from an empty board (0 without a restart policy).
    pub restarts: u64,
}

impl std::ops::AddAssign for Counters {
    fn add_assign(&mut self, other: Counters) {
        self.iterations += other.iterations;
        self.step_backs += other.step_backs;
        self.retries += other.retries;
        self.random_calls += other.random_calls;
        self.restarts += other.restarts;
    }
}

/// The result of one draw: how it ended, its counters and the board it stopped on (complete
/// when solved, the partial placement otherwise).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Draw {
    pub outcome: Outcome,
    pub counters: Counters,
    pub board: Board,
}

/// A solved draw whose board failed the independent checks: always a bug in a search.
#[derive(Debug, Clone, thiserror::Error)]
pub enum InvalidBoard {
    #[error("internal error: a search produced a board that breaks the pairing rule: {}", first_violation(.0))]
    PairingRule(Vec<Violation>),
    #[error("internal error: a search produced a board with the wrong pieces: {0}")]
    Composition(#[from] CompositionMismatch),
}

fn first_violation(violations: &[Violation]) -> String {
    let more = violations.len().saturating_sub(1);
    format!("{} (and {more} more)", violations[0])
}

impl Draw {
    /// Checks a solved board with the validator and against the queue's composition.
    /// Draws that did not solve are returned unchanged.
    pub fn verified(self, queue: &Queue) -> Result<Draw, InvalidBoard> {
        if self.outcome == Outcome::Solved {
            let violations = validate(&self.board);
            if !violations.is_empty() {
                return Err(InvalidBoard::PairingRule(violations));
            }
            check_composition(&self.board, &queue.piece_counts())?;
        }
        Ok(self)
    }
}

/// The iteration cap of a draw: `None` runs until solved or exhausted.
pub type IterationCap = Option<u64>;

/// One verified draw of the seed's backtracker with the default generator: draw `index` of
/// `queue` under master seed `master` (see [`rng`] for how the stream is derived).
pub fn seed_draw(
    queue: &Queue,
    master: u64,
    index: u64,
    cap: IterationCap,
) -> Result<Draw, InvalidBoard> {
    draw(queue, &SearchConfig::SEED, master, index, cap)
}

/// A value built once per instance (board side and pieces of each symbol) and kept for the
/// rest of the process: the samplers' tables, which every draw of an instance shares.
type PerInstance<T> = std::sync::Mutex<
    std::collections::HashMap<(usize, [u32; crate::chess_memory::pieces::Symbol::COUNT]), T>,
>;

/// The value of `queue`'s instance in `cache`, built by `build` on first use; a build that
/// gives `None` (it was stopped part way) is not kept, and the next use builds again.
fn per_instance<T: Clone>(
    cache: &'static std::sync::OnceLock<PerInstance<T>>,
    queue: &Queue,
    build: impl FnOnce(&crate::chess_memory::sat::Instance) -> Option<T>,
) -> Option<T> {
    let key = (queue.size().side(), queue.piece_counts());
    let mut cache = cache
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(kept) = cache.get(&key) {
        return Some(kept.clone());
    }
    let built = build(&crate::chess_memory::sat::Instance::from_queue(queue))?;
    cache.insert(key, built.clone());
    Some(built)
}
