//! The searches by name, with a restart policy on top: what `draw`, `bench` and experiment
//! specs select with `--algorithm` / `algorithm = ...` and `--restart` / `restart = ...`.
//!
//! **Iterations** are comparable across algorithms: one iteration is one pass of the shared
//! loop of [`super::backtracker`] (a first square and partner tried, a retry, or a step back).
//! An iteration of `fc` or `mrv` also runs the forward check, so it costs more time; compare
//! draws per second as well.

use super::backtracker::{
    DfsSearch, FcSearch, MrvSearch, NoObserver, SeedSearch, backtrack, backtrack_restarting,
};
use super::cover::{self, UnsupportedQueue};
use super::restart::RestartPolicy;
use super::{Counters, Draw, InvalidBoard, IterationCap, Outcome, Picker, UniformPicker};
use super::{resample, uniform};
use crate::chess_memory::board::Board;
use crate::chess_memory::queue::Queue;
use crate::rng;
use std::fmt;

/// A search of [`super::backtracker`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Algorithm {
    /// The seed article's randomized backtracker, exactly (incomplete).
    Seed,
    /// The seed's loop made sound and complete: exhausted proves there is no board.
    Dfs,
    /// `dfs` with forward checking after every placed pair.
    Fc,
    /// `fc` with a dynamic fail-first order of symbols (uses only the queue's composition).
    Mrv,
    /// Queens from a table of all queen sets, the rest by a randomized exact-cover search
    /// with restarts (full 8×8 boards only; not the seed's distribution of boards).
    Cover,
    /// Every valid board with the same probability, drawn from the tables of the board
    /// count (instances whose count fits in memory: 4×4 and 5×5, not 8×8).
    Uniform,
    /// Nearly every valid board with the same probability, on any board: one of 128
    /// proposals of the symbol-by-symbol estimator kept in proportion to its weight (within
    /// 0.02 of uniform in total variation on 8×8; see [`super::resample`]).
    Resample,
}

crate::names::named_enum!(Algorithm, "algorithm", {
    Seed => "seed",
    Dfs => "dfs",
    Fc => "fc",
    Mrv => "mrv",
    Cover => "cover",
    Uniform => "uniform",
    Resample => "resample",
});

impl Algorithm {
    /// Whether an exhausted search proves that no board exists.
    pub fn is_complete(self) -> bool {
        !matches!(
            self,
            Algorithm::Seed | Algorithm::Cover | Algorithm::Resample
        )
    }

    /// Whether the search can run `queue`: every queue but for `cover`, which fills the
    /// full 8×8 composition only (and ends any other draw at once as exhausted), and
    /// `uniform`, which needs the count's tables in memory (built here on first use).
    pub fn supports(self, queue: &Queue) -> Result<(), UnsupportedQueue> {
        match self {
            Algorithm::Cover => cover::supports(queue),
            Algorithm::Uniform => uniform::sampler_for(queue).map(|_| ()).map_err(|e| {
                UnsupportedQueue(format!("the uniform sampler cannot take this queue: {e}"))
            }),
            Algorithm::Resample => {
                resample::stages_for(queue);
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// One run from an empty board.
    pub fn run_once<P: Picker>(self, queue: &Queue, picker: &mut P, cap: IterationCap) -> Draw {
        let observer = &mut NoObserver;
        match self {
            Algorithm::Seed => backtrack::<SeedSearch, _, _>(queue, picker, cap, observer),
            Algorithm::Dfs => backtrack::<DfsSearch, _, _>(queue, picker, cap, observer),
            Algorithm::Fc => backtrack::<FcSearch, _, _>(queue, picker, cap, observer),
            Algorithm::Mrv => backtrack::<MrvSearch, _, _>(queue, picker, cap, observer),
            Algorithm::Cover => cover::cover_search(queue, picker, cap),
            Algorithm::Uniform => uniform_draw(queue, picker),
            Algorithm::Resample => resample_draw(queue, picker),
        }
    }
}

/// One board of [`Algorithm::Uniform`].
///
/// # Panics
/// When [`Algorithm::supports`] refuses `queue`, which every caller checks first.
fn uniform_draw<P: Picker>(queue: &Queue, picker: &mut P) -> Draw {
    let sampler = uniform::sampler_for(queue)
        .unwrap_or_else(|e| panic!("uniform draws are only asked for supported queues: {e}"));
    sampled_draw(queue, sampler.sample(picker))
}

/// One board of [`Algorithm::Resample`]; exhausted when its batches found none, censored
/// when its work was asked to stop, as a cancelled backtracker's draw is.
fn resample_draw<P: Picker>(queue: &Queue, picker: &mut P) -> Draw {
    let stages = resample::stages_for(queue);
    let sampled = resample::sample(&stages, picker, resample::PROPOSALS);
    let mut draw = sampled_draw(queue, sampled);
    if draw.outcome == Outcome::Exhausted && crate::game::cancel::requested() {
        draw.outcome = Outcome::Censored;
    }
    draw
}

/// The draw of a sampler that places whole boards (one iteration per pair, no step back):
/// solved with the board and its random draws, or exhausted.
fn sampled_draw(queue: &Queue, sampled: Option<(Board, u64)>) -> Draw {
    match sampled {
        Some((board, random_calls)) => Draw {
            outcome: Outcome::Solved,
            counters: Counters {
                iterations: queue.len() as u64,
                random_calls,
                ..Counters::default()
            },
            board,
        },
        None => Draw {
            outcome: Outcome::Exhausted,
            counters: Counters::default(),
            board: Board::empty(queue.size()),
        },
    }
}

/// An algorithm and its restart policy.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchConfig {
    pub algorithm: Algorithm,
    pub restart: RestartPolicy,
}

impl SearchConfig {
    /// The seed article's search, without restarts.
    pub const SEED: SearchConfig = SearchConfig {
        algorithm: Algorithm::Seed,
        restart: RestartPolicy::Never,
    };

    /// `seed`, `dfs`, … with `+policy` when it restarts: `seed+luby:256`.
    pub fn name(&self) -> String {
        if self.restart.is_never() {
            self.algorithm.name().to_string()
        } else {
            format!("{}+{}", self.algorithm, self.restart)
        }
    }

    /// Runs the search with restarts until it solves, the cap on the total is reached, or a
    /// complete search is exhausted. The random stream of `picker` continues across runs.
    /// The backtrackers restart inside one call ([`backtrack_restarting`]).
    pub fn run<P: Picker>(&self, queue: &Queue, picker: &mut P, cap: IterationCap) -> Draw {
        let (restart, observer) = (self.restart, &mut NoObserver);
        match self.algorithm {
            Algorithm::Seed => {
                backtrack_restarting::<SeedSearch, _, _>(queue, picker, restart, cap, observer)
            }
            Algorithm::Dfs => {
                backtrack_restarting::<DfsSearch, _, _>(queue, picker, restart, cap, observer)
            }
            Algorithm::Fc => {
                backtrack_restarting::<FcSearch, _, _>(queue, picker, restart, cap, observer)
            }
            Algorithm::Mrv => {
                backtrack_restarting::<MrvSearch, _, _>(queue, picker, restart, cap, observer)
            }
            Algorithm::Cover | Algorithm::Uniform | Algorithm::Resample => {
                self.run_by_reentry(queue, picker, cap)
            }
        }
    }

    /// The restart loop around [`Algorithm::run_once`], for searches that do not restart
    /// inside themselves under a policy (`cover` restarts on its own; a policy adds these
    /// outer restarts).
    fn run_by_reentry<P: Picker>(&self, queue: &Queue, picker: &mut P, cap: IterationCap) -> Draw {
        let mut totals = Counters::default();
        let mut run = 0u64;
        loop {
            let remaining = cap.map(|c| c - totals.iterations);
            let budget = match (self.restart.run_length(run), remaining) {
                (Some(length), Some(remaining)) => Some(length.min(remaining)),
                (length, remaining) => length.or(remaining),
            };
            let draw = self.algorithm.run_once(queue, picker, budget);
            totals += draw.counters;
            let final_outcome = match draw.outcome {
                Outcome::Solved => Some(Outcome::Solved),
                Outcome::Exhausted if self.algorithm.is_complete() || self.restart.is_never() => {
                    Some(Outcome::Exhausted)
                }
                _ if cap.is_some_and(|cap| totals.iterations >= cap) => Some(Outcome::Censored),
                _ if self.restart.is_never() => Some(draw.outcome),
                _ => None,
            };
            if let Some(outcome) = final_outcome {
                return Draw {
                    outcome,
                    counters: totals,
                    board: draw.board,
                };
            }
            run += 1;
            totals.restarts += 1;
        }
    }
}

impl fmt::Display for SearchConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// One verified draw with the default generator: draw `index` of `queue` under master seed
/// `master` (see [`rng`] for how the stream is derived; it does not depend on the algorithm).
pub fn draw(
    queue: &Queue,
    config: &SearchConfig,
    master: u64,
    index: u64,
    cap: IterationCap,
) -> Result<Draw, InvalidBoard> {
    let mut picker = UniformPicker::new(rng::stream(master, queue.letters(), index));
    config.run(queue, &mut picker, cap).verified(queue)
}
