//! `boardlab bench`: raw throughput of the seed's backtracker, in iterations and draws per
//! second, on a chosen number of threads.

use super::{PuzzleArgs, SearchArgs};
use crate::search::{self, Counters, Outcome};
use anyhow::Context;
use clap::Args;
use rayon::prelude::*;
use std::process::ExitCode;
use std::time::Instant;

#[derive(Debug, Args)]
#[command(after_help = "Example:
  boardlab bench --threads 1 --draws 2000     single-core throughput of the seed's order")]
pub struct BenchArgs {
    #[command(flatten)]
    pub puzzle: PuzzleArgs,

    #[command(flatten)]
    pub search: SearchArgs,

    /// Number of draws to run.
    #[arg(long, default_value_t = 2000)]
    pub draws: u64,

    /// Master seed of the draws' streams.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,

    /// Worker threads (default: one per core).
    #[arg(long)]
    pub threads: Option<usize>,

    /// Iteration cap per draw (default: none).
    #[arg(long, value_name = "ITERATIONS")]
    pub cap: Option<u64>,
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
    let start = Instant::now();
    let totals = pool.install(|| {
        (0..args.draws)
            .into_par_iter()
            .map(|index| search::draw(&queue, &config, args.seed, index, args.cap))
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
    })?;
    let seconds = start.elapsed().as_secs_f64();
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
