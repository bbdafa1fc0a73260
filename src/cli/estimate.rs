//! `boardlab chess-memory estimate`: the number of valid boards of an instance estimated with
//! a 95% interval, where the exact count is out of reach ([`crate::chess_memory::estimate`]).

use crate::chess_memory::board::BoardSize;
use crate::chess_memory::counting::PairShape;
use crate::chess_memory::estimate::{
    DEFAULT_TAIL_SQUARES, DEFAULT_TAIL_SYMBOLS, EstimateMethod, EstimateSettings, EstimateTarget,
    estimate,
};
use crate::chess_memory::sat::Instance;
use crate::cli::{PuzzleArgs, worker_pool};
use anyhow::Context;
use clap::Args;
use std::process::ExitCode;
use std::time::Instant;

#[derive(Debug, Args)]
#[command(
    after_help = "Each probe is an unbiased estimate of the number of boards: `square` covers \
the board square by square in a fixed order, choosing at random among the moves that can still \
be completed and multiplying their numbers, and counts the last --tail-squares open squares \
exactly; `symbol` draws one whole pair set per symbol among those that fit, multiplying their \
numbers, and counts the last --tail-symbols symbols exactly. The two share no code. The interval \
is the mean ± 1.96 standard errors; the share of the largest probe in the sum shows how heavy \
the tail of the probes is (near 1, one probe makes the estimate). The probes do not depend on \
--threads. Method and figures: docs/chess-memory.md.

Exit status: 0 estimated, 2 bad input.

Examples:
  boardlab chess-memory estimate --board-size 4 --probes 200 --tail-squares 8     9,683,712 boards, counted exactly by `count`
  boardlab chess-memory estimate --board-size 4 --probes 200 --method symbol --tail-symbols 2
  boardlab chess-memory estimate --pairing adjacent --board-size 8 --probes 100 --tail-squares 16     12,988,816 domino tilings
  boardlab chess-memory estimate --method symbol --probes 4 --json     the full 8×8 board, a few probes"
)]
pub struct EstimateArgs {
    #[command(flatten)]
    pub puzzle: PuzzleArgs,

    /// Probes to run (at least 1); the interval narrows as their square root.
    #[arg(long, default_value_t = 1000, value_name = "N")]
    pub probes: u64,

    /// Master seed of the probes' random streams.
    #[arg(long, default_value_t = 1, value_name = "S")]
    pub seed: u64,

    /// Worker threads (default: one per core).
    #[arg(long, value_name = "T")]
    pub threads: Option<usize>,

    /// Estimator: `square` (cover square by square) or `symbol` (pair set by pair set).
    #[arg(long, default_value_t = EstimateMethod::Square, value_name = "METHOD")]
    pub method: EstimateMethod,

    /// With `square`: count exactly once at most this many squares are open.
    #[arg(long, default_value_t = DEFAULT_TAIL_SQUARES, value_name = "SQUARES")]
    pub tail_squares: u32,

    /// With `symbol`: count the last this many symbols exactly.
    #[arg(long, default_value_t = DEFAULT_TAIL_SYMBOLS, value_name = "SYMBOLS")]
    pub tail_symbols: usize,

    /// Estimate instead the ways to cover the whole board with pairs of one shape (adjacent,
    /// diagonal, knight), a check against `count --pairing` (method `square` only).
    #[arg(long, value_name = "SHAPE", conflicts_with = "order")]
    pub pairing: Option<PairShape>,

    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &EstimateArgs) -> anyhow::Result<ExitCode> {
    let (target, described) = match args.pairing {
        Some(shape) => {
            let size = BoardSize::new(args.puzzle.size).context("--board-size")?;
            let described = format!("covers of the {size} board with {shape} pairs");
            (EstimateTarget::Pairings(size, shape), described)
        }
        None => {
            let instance = Instance::from_queue(&args.puzzle.queue()?);
            (
                EstimateTarget::Boards(instance),
                format!("boards ({instance})"),
            )
        }
    };
    let settings = EstimateSettings {
        method: args.method,
        tail_squares: args.tail_squares,
        tail_symbols: args.tail_symbols,
        probes: args.probes,
        seed: args.seed,
    };
    let pool = worker_pool(args.threads)?;
    let started = Instant::now();
    let summary = pool.install(|| estimate(&target, &settings))?;
    let seconds = started.elapsed().as_secs_f64();
    let (low, high) = summary.interval();
    let tail = match args.method {
        EstimateMethod::Square => format!("last {} open squares", args.tail_squares),
        EstimateMethod::Symbol => format!("last {} symbols", args.tail_symbols),
    };
    if args.json {
        let report = serde_json::json!({
            "target": described, "order": args.pairing.is_none().then_some(&args.puzzle.order),
            "size": args.puzzle.size, "pairing": args.pairing.map(PairShape::name),
            "method": args.method.name(), "counted_exactly": tail, "probes": summary.probes,
            "seed": args.seed, "estimate": summary.mean, "low": low, "high": high,
            "standard_error": summary.standard_error, "relative_error": summary.relative_error(),
            "nonzero": summary.nonzero, "largest_share": summary.largest_share, "seconds": seconds,
        });
        println!("{report}");
        return Ok(ExitCode::SUCCESS);
    }
    println!(
        "{:.4e} {described}, 95% interval {low:.4e} to {high:.4e} (relative standard error {:.2}%)",
        summary.mean,
        100.0 * summary.relative_error()
    );
    println!(
        "method {} ({tail} counted exactly), {} probes, seed {}: {:.1}% nonzero, largest probe {:.1}% of the sum, {seconds:.1} s",
        args.method,
        summary.probes,
        args.seed,
        100.0 * summary.nonzero_share(),
        100.0 * summary.largest_share
    );
    Ok(ExitCode::SUCCESS)
}
