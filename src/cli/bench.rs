//! `boardlab bench`: raw throughput of the seed's backtracker, in iterations and draws per
//! second, on a chosen number of threads.

use super::{PuzzleArgs, SearchArgs};
use crate::experiment::progress::Progress;
use crate::search::{self, Counters, Outcome};
use anyhow::Context;
use clap::Args;
use rayon::prelude::*;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

#[derive(Debug, Args)]
#[command(
    after_help = "Every board is checked by the validator. Progress goes to standard \
error on a terminal (--quiet: none); the JSON line to standard output.

Exit status: 0 measured, 2 bad input or an error.

Example:
  boardlab bench --threads 1 --draws 2000     single-core throughput of the seed's order"
)]
pub struct BenchArgs {
    #[command(flatten)]
    pub puzzle: PuzzleArgs,

    #[command(flatten)]
    pub search: SearchArgs,

    /// Number of draws to run.
    #[arg(long, default_value_t = 2000)]
    pub draws: u64,

    /// Master seed: draw i uses the random stream of (seed, queue, i), the draw of
    /// `boardlab draw --seed SEED --index i`.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,

    /// Worker threads (default: one per core).
    #[arg(long)]
    pub threads: Option<usize>,

    /// Iteration cap per draw (default: none).
    #[arg(long, value_name = "ITERATIONS")]
    pub cap: Option<u64>,

    /// No progress on standard error.
    #[arg(long, short)]
    pub quiet: bool,
}

#[derive(Default)]
struct Totals {
    counters: Counters,
    solved: u64,
}

pub fn run(args: &BenchArgs) -> anyhow::Result<ExitCode> {
    let queue = args.puzzle.queue()?;
    let config = args.search.config();
    let threads = args.threads.unwrap_or_else(rayon::current_num_threads);
    anyhow::ensure!(threads > 0, "--threads must be at least 1");
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .context("starting the worker threads")?;
    let finished = AtomicU64::new(0);
    let start = Instant::now();
    let (totals, seconds) = std::thread::scope(|scope| {
        let watcher = scope.spawn(|| {
            let mut progress = Progress::new("bench", args.draws, 0, args.quiet);
            loop {
                let done = finished.load(Ordering::Relaxed);
                progress.update(done);
                if done >= args.draws {
                    progress.finish(done);
                    return;
                }
                std::thread::sleep(Duration::from_millis(100));
            }
        });
        let totals = pool.install(|| {
            (0..args.draws)
                .into_par_iter()
                .map(|index| {
                    let draw = search::draw(&queue, &config, args.seed, index, args.cap);
                    finished.fetch_add(1, Ordering::Relaxed);
                    draw
                })
                .try_fold(Totals::default, |mut totals, draw| {
                    let draw = draw?;
                    totals.counters += draw.counters;
                    totals.solved += u64::from(draw.outcome == Outcome::Solved);
                    Ok::<_, search::InvalidBoard>(totals)
                })
                .try_reduce(Totals::default, |mut a, b| {
                    a.counters += b.counters;
                    a.solved += b.solved;
                    Ok(a)
                })
        });
        let seconds = start.elapsed().as_secs_f64();
        // An invalid board stops the draws early: let the watcher go.
        finished.store(args.draws, Ordering::Relaxed);
        watcher.join().expect("the progress thread does not panic");
        (totals, seconds)
    });
    let totals = totals?;
    let report = serde_json::json!({
        "order": queue.name(),
        "algorithm": config.algorithm,
        "restart": config.restart.to_string(),
        "size": queue.size().side(),
        "threads": threads,
        "seed": args.seed,
        "cap": args.cap,
        "draws": args.draws,
        "solved": totals.solved,
        "iterations": totals.counters.iterations,
        "restarts": totals.counters.restarts,
        "seconds": seconds,
        "draws_per_sec": args.draws as f64 / seconds,
        "iterations_per_sec": totals.counters.iterations as f64 / seconds,
    });
    println!("{report}");
    Ok(ExitCode::SUCCESS)
}
