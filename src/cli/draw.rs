//! `boardlab chess-memory draw`: one board from the seed's backtracker, with its counters.

use super::{PuzzleArgs, SearchArgs};
use crate::chess_memory::board::{BoardFormat, format_board};
use crate::chess_memory::search::{self, Draw, Outcome, RngChoice, SeedReplayPicker};
use anyhow::{Context, bail};
use clap::Args;
use std::process::ExitCode;

#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 solved (the board passed the validator), 1 censored \
(--cap reached) or exhausted (the search ran out of choices); the board and counters are \
printed in every case. 2 bad input.

Examples:
  boardlab chess-memory draw                                  a board for the seed's order, as a grid
  boardlab chess-memory draw --order RBNQ --seed 7 --format fen
  boardlab chess-memory draw --seed 1 --rng mulberry32 --format seed --json
                                                 the original program's board for seed 1
  boardlab chess-memory draw --algorithm fc --restart fixed:300
                                                 the fastest generator of results/algorithms
  boardlab chess-memory draw --order queue:QQqq --board-size 4    a short queue: other squares stay empty"
)]
pub struct DrawArgs {
    #[command(flatten)]
    pub puzzle: PuzzleArgs,

    #[command(flatten)]
    pub search: SearchArgs,

    /// Seed of the random stream. With the default generator the stream of (seed, queue,
    /// index) is the one that draw `index` of an experiment with master seed `seed` uses;
    /// with mulberry32 it is the generator's 32-bit state.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,

    /// Draw index within the stream family of the seed (default generator only).
    #[arg(long, default_value_t = 0)]
    pub index: u64,

    /// Random generator: `default` (Xoshiro256++) or `mulberry32` to replay the original
    /// JavaScript program exactly (8×8 only; the seed is its 32-bit state).
    #[arg(long, value_parser = crate::cli::offered::<RngChoice>(), default_value_t = RngChoice::Default)]
    pub rng: RngChoice,

    /// Stop after this many iterations and report the draw as censored.
    #[arg(long, value_name = "ITERATIONS")]
    pub cap: Option<u64>,

    /// Board format of the output.
    #[arg(long, value_parser = crate::cli::offered::<BoardFormat>(), default_value_t = BoardFormat::Grid)]
    pub format: BoardFormat,

    /// Print one JSON object with the board and all counters.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &DrawArgs) -> anyhow::Result<ExitCode> {
    let queue = args.puzzle.queue()?;
    args.search
        .algorithm
        .supports(&queue)
        .context("--algorithm")?;
    let result = match args.rng {
        RngChoice::Default => search::draw(
            &queue,
            &args.search.config(),
            args.seed,
            args.index,
            args.cap,
        )?,
        RngChoice::Mulberry32 => {
            if queue.size().side() != 8 {
                bail!(
                    "--rng mulberry32 replays the original 8×8 program; use --size 8 or the default generator"
                );
            }
            if args.index != 0 {
                bail!(
                    "--index selects a stream of the default generator; with --rng mulberry32 the seed alone is the stream"
                );
            }
            let seed = u32::try_from(args.seed).context(
                "--seed: mulberry32 has a 32-bit state; use a seed from 0 to 4294967295",
            )?;
            let mut picker = SeedReplayPicker::new(seed);
            args.search
                .config()
                .run(&queue, &mut picker, args.cap)
                .verified(&queue)?
        }
    };
    if args.json {
        println!(
            "{}",
            json_report(args, &queue.name(), queue.letters(), &result)
        );
    } else {
        print!("{}", human_report(args.format, &result));
    }
    Ok(exit_code(result.outcome))
}

/// 0 for a board, 1 for a draw that ended without one (censored or exhausted).
fn exit_code(outcome: Outcome) -> ExitCode {
    match outcome {
        Outcome::Solved => ExitCode::SUCCESS,
        Outcome::Censored | Outcome::Exhausted => ExitCode::from(1),
    }
}

fn json_report(args: &DrawArgs, order: &str, queue: &str, result: &Draw) -> String {
    let c = result.counters;
    serde_json::json!({
        "order": order,
        "queue": queue,
        "size": args.puzzle.size,
        "algorithm": args.search.algorithm,
        "restart": args.search.restart.to_string(),
        "seed": args.seed,
        "index": args.index,
        "rng": args.rng,
        "cap": args.cap,
        "format": args.format,
        "board": format_board(&result.board, args.format),
        "outcome": result.outcome,
        "iterations": c.iterations,
        "step_backs": c.step_backs,
        "retries": c.retries,
        "random_calls": c.random_calls,
        "restarts": c.restarts,
    })
    .to_string()
}

fn human_report(format: BoardFormat, result: &Draw) -> String {
    let mut board = format_board(&result.board, format);
    if !board.ends_with('\n') {
        board.push('\n');
    }
    let c = result.counters;
    let restarts = if c.restarts > 0 {
        format!(", {} restarts", c.restarts)
    } else {
        String::new()
    };
    format!(
        "{board}{}: {} iterations, {} step backs, {} retries, {} random calls{restarts}\n",
        result.outcome, c.iterations, c.step_backs, c.retries, c.random_calls
    )
}
