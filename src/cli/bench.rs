//! `boardlab chess-memory bench`: raw throughput of a search, in iterations and draws per second, on a
//! chosen number of threads; optionally against a second search in the same sitting, and a
//! census of the boards it makes (distinct boards, kinds per square against the seed's).

use super::{PuzzleArgs, SearchArgs};
use crate::chess_memory::queue::Queue;
use crate::chess_memory::search::bench::{
    BenchDraws, Timing, Workload, command_label, pair_set_counts, time_workloads,
};
use crate::chess_memory::search::census::{Draws, compare_with_seed};
use crate::chess_memory::search::symmetry::SymmetryChoice;
use crate::chess_memory::search::{Algorithm, RestartPolicy, SearchConfig, pair_sets};
use crate::experiment::bench::{Repeats, Run, Series, median_run, with_report_keys};
use crate::experiment::measure::Measured;
use anyhow::Context;
use clap::Args;
use std::process::ExitCode;
use std::time::Instant;

#[derive(Debug, Args)]
#[command(
    after_help = "Every board is checked by the validator. Progress goes to standard \
error on a terminal (--quiet: none), then the summary of the timed runs; the JSON line to \
standard output. With --compare, the two searches alternate run by run and the exports hold \
both.

Exit status: 0 measured, 2 bad input or an error.

Examples:
  boardlab chess-memory bench --threads 1 --draws 2000     single-core throughput of the seed's order
  boardlab chess-memory bench --threads 1 --algorithm cover --draws 200000 --compare seed --compare-draws 2000 --runs 3
                                              cover against the seed, 3 timed runs each
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

    #[command(flatten)]
    pub timing: super::timing::TimingArgs,

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

pub fn run(args: &BenchArgs) -> anyhow::Result<ExitCode> {
    if args.pair_sets {
        return Ok(print_pair_sets());
    }
    let queue = args.puzzle.queue()?;
    let config = args.search.config();
    // The uniform sampler's tables are built by the check, timed apart like cover's table.
    let check_started = Instant::now();
    config.algorithm.supports(&queue).context("--algorithm")?;
    let check_seconds = check_started.elapsed().as_secs_f64();
    let pool = super::worker_pool(args.threads)?;
    // The cover search's queen table, built before the clock starts and timed apart.
    let table_seconds = match config.algorithm {
        Algorithm::Cover => {
            let start = Instant::now();
            pair_sets::queen_sets();
            Some(start.elapsed().as_secs_f64())
        }
        Algorithm::Uniform | Algorithm::Resample => Some(check_seconds),
        _ => None,
    };
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
    let configs = (&config, compare.as_ref());
    measure(args, &queue, configs, &pool, table_seconds)
}

/// Times the search (and the --compare search, alternating) after the warm-up runs, and
/// prints the summaries with the median runs' figures.
fn measure(
    args: &BenchArgs,
    queue: &Queue,
    (config, compare): (&SearchConfig, Option<&SearchConfig>),
    pool: &rayon::ThreadPool,
    table_seconds: Option<f64>,
) -> anyhow::Result<ExitCode> {
    let exports = args.timing.exports()?;
    let repeats = args.timing.repeats();
    let threads = pool.current_num_threads();
    let from = BenchDraws {
        queue,
        seed: args.seed,
        cap: args.cap,
        symmetry: args.symmetry,
        quiet: args.quiet,
    };
    let main = Workload {
        config,
        draws: args.draws,
    };
    let other = compare.map(|config| Workload {
        config,
        draws: args.compare_draws.unwrap_or(args.draws),
    });
    let workloads: Vec<Workload> = std::iter::once(main).chain(other).collect();
    let runs = pool.install(|| time_workloads(from, &workloads, repeats))?;
    let series: Vec<Series> = workloads
        .iter()
        .zip(&runs)
        .map(|(w, r)| Series::new(command_label(from, *w, threads), "draws/s", r))
        .collect();
    let timing = &median_run(&runs[0]).expect("a timed run").result;
    let report = main_report(args, (queue, config), threads, timing, table_seconds);
    let mut report = with_report_keys(report, &series[0], repeats);
    report["draws_per_sec_runs"] = serde_json::json!(series[0].rates());
    if let (Some(other), Some(runs), Some(theirs)) = (other, runs.get(1), series.get(1)) {
        let ours = args.draws as f64 / timing.seconds;
        report["compare"] = compare_report(other, runs, theirs, ours, repeats);
    }
    args.timing.finish(exports, &series, &report)?;
    Ok(ExitCode::SUCCESS)
}

/// The JSON line's figures of the search's median run, before the summaries.
fn main_report(
    args: &BenchArgs,
    (queue, config): (&Queue, &SearchConfig),
    threads: usize,
    timing: &Timing,
    table_seconds: Option<f64>,
) -> serde_json::Value {
    let report = serde_json::json!({
        "order": queue.name(),
        "algorithm": config.algorithm,
        "restart": config.restart.to_string(),
        "size": queue.size().side(),
        "threads": threads,
        "seed": args.seed,
        "cap": args.cap,
        "draws": args.draws,
        "repeat": args.timing.runs,
        "solved": timing.totals.solved,
        "iterations": timing.totals.counters.iterations,
        "restarts": timing.totals.counters.restarts,
        "seconds": timing.seconds,
        "draws_per_sec": args.draws as f64 / timing.seconds,
        "iterations_per_sec": timing.totals.counters.iterations as f64 / timing.seconds,
                "table_build_seconds": table_seconds,
    });
    Measured {
        measured: "boards drawn (draws, every board validated)",
        unit: "draws/s",
        count: args.draws,
        seconds: timing.seconds,
        cpu_seconds: timing.cpu_seconds,
    }
    .into(report)
}

/// The `compare` object: the --compare search's median run and summary, and our speed over
/// its (draws per second of the median runs).
fn compare_report(
    workload: Workload,
    runs: &[Run<Timing>],
    series: &Series,
    ours: f64,
    repeats: Repeats,
) -> serde_json::Value {
    let other = &median_run(runs).expect("a timed run").result;
    let theirs = workload.draws as f64 / other.seconds;
    let report = serde_json::json!({
        "algorithm": workload.config.algorithm,
        "draws": workload.draws,
        "solved": other.totals.solved,
        "seconds": other.seconds,
        "draws_per_sec": theirs,
        "draws_per_sec_runs": series.rates(),
        "speedup": ours / theirs,
    });
    with_report_keys(report, series, repeats)
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
    let from = Draws {
        queue,
        seed: args.seed,
        cap: args.cap,
    };
    let found = compare_with_seed(from, config, args.draws, args.reference_draws)?;
    let report = serde_json::json!({
        "order": queue.name(),
        "algorithm": config.algorithm,
        "restart": config.restart.to_string(),
        "seed": args.seed,
        "draws": args.draws,
        "boards": found.boards,
        "distinct_boards": found.distinct_boards,
        "search_seconds": found.search_seconds,
        "table_build_seconds": table_seconds,
        "reference": {"algorithm": "seed", "boards": found.reference_boards},
        "tv_per_square": {
            "none": {"mean": found.as_made.0, "max": found.as_made.1},
            "random_symmetry": {"mean": found.turned.0, "max": found.turned.1},
            "seed_half_vs_half": {"mean": found.seed_halves.0, "max": found.seed_halves.1},
        },
    });
    println!("{report}");
    Ok(ExitCode::SUCCESS)
}

/// The pair-set counts as CSV (see `--pair-sets`), the time of each on standard error.
fn print_pair_sets() -> ExitCode {
    println!("size,kind,pairs,sets");
    pair_set_counts(|count| {
        let (n, kind, pairs, sets) = (count.size.side(), count.kind, count.pairs, count.sets);
        println!("{n},{},{pairs},{sets}", kind.letter());
        eprintln!(
            "{n}×{n} {} {pairs}: {sets} sets in {:.3} s",
            kind.name(),
            count.seconds
        );
    });
    ExitCode::SUCCESS
}
