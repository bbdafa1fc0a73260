//! Throughput of a search (`boardlab chess-memory bench`): a batch of draws timed on the
//! current rayon pool, wall and CPU time, every board validated; and the pair-set counts of
//! every board size with the time of each.

use super::symmetry::{self, SymmetryChoice};
use super::{Counters, Draw, InvalidBoard, Outcome, SearchConfig, draw, pair_sets};
use crate::chess_memory::board::BoardSize;
use crate::chess_memory::pieces::Kind;
use crate::chess_memory::queue::Queue;
use crate::experiment::bench::{Repeats, Run, Timed, repeat};
use crate::experiment::measure::process_cpu_seconds;
use crate::experiment::progress::Progress;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The draws a bench times: draw i reads stream (`seed`, i), stops after `cap` iterations,
/// and its board is turned by `symmetry`.
#[derive(Clone, Copy, Debug)]
pub struct BenchDraws<'a> {
    pub queue: &'a Queue,
    pub seed: u64,
    pub cap: Option<u64>,
    pub symmetry: SymmetryChoice,
    /// No progress line on standard error.
    pub quiet: bool,
}

/// The counters of a batch, summed.
#[derive(Clone, Copy, Debug, Default)]
pub struct Totals {
    pub counters: Counters,
    pub solved: u64,
}

/// One timed batch of draws.
#[derive(Clone, Copy, Debug)]
pub struct Timing {
    pub totals: Totals,
    pub seconds: f64,
    /// CPU seconds of the process's threads during the draws.
    pub cpu_seconds: Option<f64>,
}

/// Runs `draws` verified draws of `config` and times them.
pub fn time_draws(
    from: BenchDraws,
    config: &SearchConfig,
    draws: u64,
) -> Result<Timing, InvalidBoard> {
    let finished = AtomicU64::new(0);
    let cpu_start = process_cpu_seconds();
    let start = Instant::now();
    let (totals, seconds) = std::thread::scope(|scope| {
        let watcher = scope.spawn(|| {
            let mut progress = Progress::new("bench", draws, 0, from.quiet);
            loop {
                let done = finished.load(Ordering::Relaxed);
                progress.update(done);
                if done >= draws {
                    progress.finish(done);
                    return;
                }
                std::thread::sleep(Duration::from_millis(100));
            }
        });
        let totals = sum_draws(from, config, draws, &finished);
        let seconds = start.elapsed().as_secs_f64();
        // An invalid board stops the draws early: let the watcher go.
        finished.store(draws, Ordering::Relaxed);
        watcher.join().expect("the progress thread does not panic");
        (totals, seconds)
    });
    let cpu_seconds = process_cpu_seconds()
        .zip(cpu_start)
        .map(|(end, start)| end - start);
    Ok(Timing {
        totals: totals?,
        seconds,
        cpu_seconds,
    })
}

/// The counters of draws `0..draws`, every board validated; `finished` counts them.
fn sum_draws(
    from: BenchDraws,
    config: &SearchConfig,
    draws: u64,
    finished: &AtomicU64,
) -> Result<Totals, InvalidBoard> {
    (0..draws)
        .into_par_iter()
        .map(|index| {
            let found = draw(from.queue, config, from.seed, index, from.cap)?;
            finished.fetch_add(1, Ordering::Relaxed);
            let board = symmetry::apply(from.symmetry, found.board, from.seed, index);
            Ok(Draw { board, ..found })
        })
        .try_fold(
            Totals::default,
            |mut totals, found: Result<_, InvalidBoard>| {
                let found = found?;
                totals.counters += found.counters;
                totals.solved += u64::from(found.outcome == Outcome::Solved);
                Ok::<_, InvalidBoard>(totals)
            },
        )
        .try_reduce(Totals::default, |mut a, b| {
            a.counters += b.counters;
            a.solved += b.solved;
            Ok(a)
        })
}

/// A search and its number of draws: one workload of a bench.
#[derive(Clone, Copy, Debug)]
pub struct Workload<'a> {
    pub config: &'a SearchConfig,
    pub draws: u64,
}

/// Times each workload `repeats` times on the current rayon pool, after the warm-up runs,
/// alternating between the workloads (see [`repeat`]); the rate counts draws.
pub fn time_workloads(
    from: BenchDraws,
    workloads: &[Workload],
    repeats: Repeats,
) -> Result<Vec<Vec<Run<Timing>>>, InvalidBoard> {
    repeat(repeats, workloads.len(), |k| {
        let Workload { config, draws } = workloads[k];
        let timing = time_draws(from, config, draws)?;
        Ok(Timed {
            result: timing,
            count: draws,
            seconds: timing.seconds,
        })
    })
}

/// The command line that runs `workload` once on `threads` threads, every option that
/// shapes the work spelled out: the name of its timed runs in the exports.
pub fn command_label(from: BenchDraws, workload: Workload, threads: usize) -> String {
    let config = workload.config;
    let mut label = format!(
        "boardlab chess-memory bench --order {} --board-size {} --algorithm {} --restart {} \
         --draws {} --seed {} --threads {threads}",
        from.queue.name(),
        from.queue.size().side(),
        config.algorithm,
        config.restart,
        workload.draws,
        from.seed,
    );
    if let Some(cap) = from.cap {
        label.push_str(&format!(" --cap {cap}"));
    }
    if from.symmetry != SymmetryChoice::None {
        label.push_str(&format!(" --symmetry {}", from.symmetry));
    }
    label
}

/// One count of [`pair_set_counts`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairSetCount {
    pub size: BoardSize,
    pub kind: Kind,
    pub pairs: usize,
    pub sets: u64,
    pub seconds: f64,
}

/// For every board size and kind and 1 to 4 pairs, the number of sets of 2k squares on
/// which k pairs of the kind satisfy the rule, each passed to `each` as soon as it is
/// counted, with its time.
pub fn pair_set_counts(mut each: impl FnMut(PairSetCount)) {
    let sizes = (BoardSize::MIN..=BoardSize::MAX).map(|n| BoardSize::new(n).expect("in range"));
    let cases = sizes
        .flat_map(|size| Kind::ALL.into_iter().map(move |kind| (size, kind)))
        .flat_map(|(size, kind)| (1..=4).map(move |pairs| (size, kind, pairs)));
    for (size, kind, pairs) in cases {
        let start = Instant::now();
        let sets = pair_sets::count_pair_sets(size, kind, pairs);
        let seconds = start.elapsed().as_secs_f64();
        each(PairSetCount {
            size,
            kind,
            pairs,
            sets,
            seconds,
        });
    }
}
