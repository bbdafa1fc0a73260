//! `boardlab chess-memory sat count`: the exact number of valid boards of a small instance.

use crate::chess_memory::sat::estimate::{BoardEstimate, estimate_boards};
use crate::chess_memory::sat::{Instance, count};
use crate::cli::PuzzleArgs;
use crate::output::numbers::thousands;
use clap::Args;
use std::io::IsTerminal;
use std::process::ExitCode;

#[derive(Debug, Args)]
#[command(
    after_help = "Counting enumerates the boards one by one (one solver call each, one per \
class with --up-to-symmetry) and refuses instances with more than --limit boards. Before it \
starts, random probes estimate the number of boards (Knuth's estimator, a fraction of a \
second); an instance estimated at more than 4 × --limit is refused at once.

Exit status: 0 counted, 2 bad input or an instance over the limit.

Examples:
  boardlab chess-memory sat count --order queue:RR --board-size 4     two rook pairs on 4×4, other squares empty
  boardlab chess-memory sat count --order queue:RRrr --board-size 4 --up-to-symmetry"
)]
pub struct CountArgs {
    #[command(flatten)]
    pub puzzle: PuzzleArgs,

    /// Also count classes under the 8 symmetries of the square (rotations and reflections).
    #[arg(long)]
    pub up_to_symmetry: bool,

    /// Refuse instances with more boards than this: counting costs a solver call per board.
    #[arg(long, default_value_t = 100_000)]
    pub limit: u64,

    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,

    /// No estimate or progress note on standard error.
    #[arg(long, short)]
    pub quiet: bool,
}

/// Probes of the board-count estimate: a fraction of a second on 8×8.
const ESTIMATE_PROBES: u32 = 2000;
/// How far over --limit an estimate must be to refuse before counting: the estimate of one
/// set of probes can be off by a small factor.
const ESTIMATE_MARGIN: f64 = 4.0;

pub fn run(args: &CountArgs) -> anyhow::Result<ExitCode> {
    let queue = args.puzzle.queue()?;
    let instance = Instance::from_queue(&queue);
    let estimate = estimate_boards(&instance, ESTIMATE_PROBES, 1);
    refuse_if_too_large(&instance, &estimate, args.limit)?;
    if !args.quiet && std::io::stderr().is_terminal() {
        eprintln!(
            "counting about {} boards (estimated from {} random probes)…",
            thousands(estimate.boards),
            estimate.probes
        );
    }
    let result = count(&instance, args.limit, args.up_to_symmetry)?;
    if args.json {
        let report = serde_json::json!({
            "instance": instance.to_string(),
            "order": queue.letters(),
            "size": instance.size().side(),
            "boards": result.boards,
            "classes": result.classes,
            "solver_calls": result.solver_calls,
        });
        println!("{report}");
    } else {
        match result.classes {
            Some(classes) => println!(
                "{} valid boards in {classes} classes under the 8 symmetries of the square ({instance})",
                result.boards
            ),
            None => println!("{} valid boards ({instance})", result.boards),
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Refuses, before any solver call, an instance whose estimate is far over `limit`: its
/// boards, or where no probe completed a board, its partial boards at the deepest step
/// reached (see [`crate::chess_memory::sat::estimate`]).
fn refuse_if_too_large(
    instance: &Instance,
    estimate: &BoardEstimate,
    limit: u64,
) -> anyhow::Result<()> {
    let over = ESTIMATE_MARGIN * limit as f64;
    if estimate.completed > 0 && estimate.boards > over {
        anyhow::bail!(
            "{instance} has about {:.1e} valid boards (estimated from {} random probes), over \
--limit {limit}: counting costs a solver call per board; count a smaller instance",
            estimate.boards,
            estimate.probes
        );
    }
    if estimate.completed == 0 && estimate.partial_boards > over {
        anyhow::bail!(
            "{instance} is too large to count: none of {} random probes completed a board, and \
there are about {:.1e} partial boards of {} pairs (over --limit {limit}); count a smaller \
instance",
            estimate.probes,
            estimate.partial_boards,
            estimate.deepest
        );
    }
    Ok(())
}
