//! `boardlab chess-memory bench`: raw throughput of a search, in iterations and draws per second, on a
//! chosen number of threads; optionally against a second search in the same sitting, and a
//! census of the boards it makes (distinct boards, kinds per square against the seed's).

use super::measure::{Measured, process_cpu_seconds};
use super::{PuzzleArgs, SearchArgs};
use crate::chess_memory::board::BoardSize;
use crate::chess_memory::pieces::Kind;
use crate::chess_memory::queue::Queue;
use crate::chess_memory::search::census::{Census, mean_and_max};
use crate::chess_memory::search::symmetry::{self, SymmetryChoice};
use crate::chess_memory::search::{
    self, Algorithm, Counters, Outcome, RestartPolicy, SearchConfig, pair_sets,
};
use crate::experiment::progress::Progress;
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

Examples:
  boardlab chess-memory bench --threads 1 --draws 2000     single-core throughput of the seed's order
  boardlab chess-memory bench --threads 1 --algorithm cover --draws 200000 --compare seed --compare-draws 2000 --repeat 3
                                              cover against the seed, medians of 3 runs
  boardlab chess-memory bench --algorithm cover --draws 1000000 --census --reference-draws 20000
                                              distinct boards and kind frequencies per square"
)]
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

    /// No progress on standard error.
    #[arg(long, short)]
    pub quiet: bool,

    /// Also measure this search (without restarts) in the same sitting, on the same seed,
    /// threads and cap, and report the ratio of draws per second.
    #[arg(long, value_parser = crate::cli::offered::<Algorithm>(), value_name = "ALGORITHM")]
    pub compare: Option<Algorithm>,

    /// Draws of the --compare search (default: --draws); a slow search needs fewer.
    #[arg(long, value_name = "DRAWS")]
    pub compare_draws: Option<u64>,

    /// Measure each search this many times, alternating, and report the medians (1 to 99).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..100))]
    pub repeat: u32,

    /// Turn every board by a symmetry of the square: `none` or `random` (one of eight per
    /// draw, from a stream of its own).
    #[arg(long, value_parser = crate::cli::offered::<SymmetryChoice>(), default_value_t = SymmetryChoice::None)]
    pub symmetry: SymmetryChoice,

    /// Instead of timing: count distinct boards in --draws draws, and compare the kind on
    /// every square with the seed search's (total variation distance per square), both
    /// without and with a random symmetry (so --symmetry plays no part here).
    #[arg(long)]
    pub census: bool,

    /// Draws of the seed's search that the census compares with (split in two halves to
    /// show the noise of the estimate).
    #[arg(long, default_value_t = 20_000, value_name = "DRAWS")]
    pub reference_draws: u64,

    /// Instead of timing: print as CSV, for every board size and kind and 1 to 4 pairs, the
    /// number of sets of 2k squares on which k pairs of the kind satisfy the rule (the
    /// facts of results/sat/pair-sets.csv); the time of each count goes to stderr.
    #[arg(long)]
    pub pair_sets: bool,
}

#[derive(Default)]
struct Totals {
    counters: Counters,
    solved: u64,
}

/// One timed batch of draws.
struct Timing {
    totals: Totals,
    seconds: f64,
    /// CPU seconds of the process's threads during the draws.
    cpu_seconds: Option<f64>,
}

pub fn run(args: &BenchArgs) -> anyhow::Result<ExitCode> {
    if args.pair_sets {
        return Ok(print_pair_sets());
    }
    let queue = args.puzzle.queue()?;
    let config = args.search.config();
    config.algorithm.supports(&queue).context("--algorithm")?;
    let threads = args.threads.unwrap_or_else(rayon::current_num_threads);
    anyhow::ensure!(threads > 0, "--threads must be at least 1");
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .context("starting the worker threads")?;
    // The cover search's queen table, built before the clock starts and timed apart.
    let table_seconds = (config.algorithm == Algorithm::Cover).then(|| {
        let start = Instant::now();
        pair_sets::queen_sets();
        start.elapsed().as_secs_f64()
    });
    if args.census {
        return pool.install(|| census(args, &queue, &config, table_seconds));
    }
    let compare = args.compare.map(|algorithm| SearchConfig {
        algorithm,
        restart: RestartPolicy::Never,
    });
    if let Some(compare) = &compare {
        compare.algorithm.supports(&queue).context("--compare")?;
    }
    let compare_draws = args.compare_draws.unwrap_or(args.draws);
    let (mut main_runs, mut compare_runs) = (Vec::new(), Vec::new());
    for _ in 0..args.repeat {
        main_runs.push(pool.install(|| time_draws(args, &queue, &config, args.draws))?);
        if let Some(compare) = &compare {
            compare_runs.push(pool.install(|| time_draws(args, &queue, compare, compare_draws))?);
        }
    }
    let main = median_run(&main_runs);
    let report = serde_json::json!({
        "order": queue.name(),
        "algorithm": config.algorithm,
        "restart": config.restart.to_string(),
        "size": queue.size().side(),
        "threads": threads,
        "seed": args.seed,
        "cap": args.cap,
        "draws": args.draws,
        "repeat": args.repeat,
        "solved": main.totals.solved,
        "iterations": main.totals.counters.iterations,
        "restarts": main.totals.counters.restarts,
        "seconds": main.seconds,
        "draws_per_sec": args.draws as f64 / main.seconds,
        "iterations_per_sec": main.totals.counters.iterations as f64 / main.seconds,
        "draws_per_sec_runs": rates(&main_runs, args.draws),
        "table_build_seconds": table_seconds,
    });
    let mut report = Measured {
        measured: "boards drawn (draws, every board validated)",
        unit: "draws/s",
        count: args.draws,
        seconds: main.seconds,
        cpu_seconds: main.cpu_seconds,
    }
    .into(report);
    if let Some(compare) = &compare {
        let other = median_run(&compare_runs);
        let (ours, theirs) = (
            args.draws as f64 / main.seconds,
            compare_draws as f64 / other.seconds,
        );
        report["compare"] = serde_json::json!({
            "algorithm": compare.algorithm,
            "draws": compare_draws,
            "solved": other.totals.solved,
            "seconds": other.seconds,
            "draws_per_sec": theirs,
            "draws_per_sec_runs": rates(&compare_runs, compare_draws),
            "speedup": ours / theirs,
        });
    }
    println!("{report}");
    Ok(ExitCode::SUCCESS)
}

/// Runs `draws` verified draws of `config` and times them.
fn time_draws(
    args: &BenchArgs,
    queue: &Queue,
    config: &SearchConfig,
    draws: u64,
) -> anyhow::Result<Timing> {
    let finished = AtomicU64::new(0);
    let cpu_start = process_cpu_seconds();
    let start = Instant::now();
    let (totals, seconds) = std::thread::scope(|scope| {
        let watcher = scope.spawn(|| {
            let mut progress = Progress::new("bench", draws, 0, args.quiet);
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
        let totals = sum_draws(args, queue, config, draws, &finished);
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
    args: &BenchArgs,
    queue: &Queue,
    config: &SearchConfig,
    draws: u64,
    finished: &AtomicU64,
) -> Result<Totals, search::InvalidBoard> {
    (0..draws)
        .into_par_iter()
        .map(|index| {
            let draw = search::draw(queue, config, args.seed, index, args.cap)?;
            finished.fetch_add(1, Ordering::Relaxed);
            let board = symmetry::apply(args.symmetry, draw.board, args.seed, index);
            Ok(search::Draw { board, ..draw })
        })
        .try_fold(
            Totals::default,
            |mut totals, draw: Result<_, search::InvalidBoard>| {
                let draw = draw?;
                totals.counters += draw.counters;
                totals.solved += u64::from(draw.outcome == Outcome::Solved);
                Ok::<_, search::InvalidBoard>(totals)
            },
        )
        .try_reduce(Totals::default, |mut a, b| {
            a.counters += b.counters;
            a.solved += b.solved;
            Ok(a)
        })
}

/// The run with the median time (the upper median for an even count).
fn median_run(runs: &[Timing]) -> &Timing {
    let mut order: Vec<&Timing> = runs.iter().collect();
    order.sort_by(|a, b| a.seconds.total_cmp(&b.seconds));
    order[order.len() / 2]
}

fn rates(runs: &[Timing], draws: u64) -> Vec<f64> {
    runs.iter().map(|run| draws as f64 / run.seconds).collect()
}

/// The census of the seed search's boards of draws `range` (unsolved draws not counted).
fn census_of(
    args: &BenchArgs,
    queue: &Queue,
    config: &SearchConfig,
    range: std::ops::Range<u64>,
) -> anyhow::Result<Census> {
    let squares = queue.size().squares();
    let census = range
        .into_par_iter()
        .map(|index| search::draw(queue, config, args.seed, index, args.cap))
        .try_fold(
            || Census::new(squares, false),
            |mut census, draw| {
                let draw = draw?;
                if draw.outcome == Outcome::Solved {
                    census.add(&draw.board);
                }
                Ok::<_, search::InvalidBoard>(census)
            },
        )
        .try_reduce(|| Census::new(squares, false), |a, b| Ok(a.merge(b)))?;
    Ok(census)
}

fn census(
    args: &BenchArgs,
    queue: &Queue,
    config: &SearchConfig,
    table_seconds: Option<f64>,
) -> anyhow::Result<ExitCode> {
    anyhow::ensure!(
        args.reference_draws >= 2,
        "--reference-draws must be at least 2 (two halves)"
    );
    let start = Instant::now();
    let squares = queue.size().squares();
    // The search's boards as made and turned, counted in one pass.
    let (plain, turned) = (0..args.draws)
        .into_par_iter()
        .map(|index| {
            search::draw(queue, config, args.seed, index, args.cap).map(|draw| (index, draw))
        })
        .try_fold(
            || (Census::new(squares, true), Census::new(squares, false)),
            |(mut plain, mut turned), draw| {
                let (index, draw) = draw?;
                if draw.outcome == Outcome::Solved {
                    plain.add(&draw.board);
                    turned.add(&symmetry::apply(
                        SymmetryChoice::Random,
                        draw.board,
                        args.seed,
                        index,
                    ));
                }
                Ok::<_, search::InvalidBoard>((plain, turned))
            },
        )
        .try_reduce(
            || (Census::new(squares, true), Census::new(squares, false)),
            |a, b| Ok((a.0.merge(b.0), a.1.merge(b.1))),
        )?;
    let search_seconds = start.elapsed().as_secs_f64();
    let seed = SearchConfig::SEED;
    let half = args.reference_draws / 2;
    let first = census_of(args, queue, &seed, 0..half)?;
    let second = census_of(args, queue, &seed, half..args.reference_draws)?;
    let noise = mean_and_max(&first.distances(&second));
    let reference = first.merge(second);
    let without = mean_and_max(&plain.distances(&reference));
    let with = mean_and_max(&turned.distances(&reference));
    let report = serde_json::json!({
        "order": queue.name(),
        "algorithm": config.algorithm,
        "restart": config.restart.to_string(),
        "seed": args.seed,
        "draws": args.draws,
        "boards": plain.boards,
        "distinct_boards": plain.distinct(),
        "search_seconds": search_seconds,
        "table_build_seconds": table_seconds,
        "reference": {"algorithm": "seed", "boards": reference.boards},
        "tv_per_square": {
            "none": {"mean": without.0, "max": without.1},
            "random_symmetry": {"mean": with.0, "max": with.1},
            "seed_half_vs_half": {"mean": noise.0, "max": noise.1},
        },
    });
    println!("{report}");
    Ok(ExitCode::SUCCESS)
}

/// The pair-set counts as CSV (see `--pair-sets`).
fn print_pair_sets() -> ExitCode {
    println!("size,kind,pairs,sets");
    for n in BoardSize::MIN..=BoardSize::MAX {
        let size = BoardSize::new(n).expect("sizes in range");
        for kind in Kind::ALL {
            for pairs in 1..=4 {
                let start = Instant::now();
                let sets = pair_sets::count_pair_sets(size, kind, pairs);
                println!("{n},{},{pairs},{sets}", kind.letter());
                eprintln!(
                    "{n}×{n} {} {pairs}: {sets} sets in {:.3} s",
                    kind.name(),
                    start.elapsed().as_secs_f64()
                );
            }
        }
    }
    ExitCode::SUCCESS
}
