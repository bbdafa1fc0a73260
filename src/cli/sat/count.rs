//! `boardlab sat count`: the exact number of valid boards of a small instance.

use crate::cli::PuzzleArgs;
use crate::sat::{Instance, count};
use clap::Args;
use std::process::ExitCode;

#[derive(Debug, Args)]
#[command(
    after_help = "Counting enumerates the boards one by one (one solver call each, one per \
class with --up-to-symmetry) and refuses instances with more than --limit boards.

Examples:
  boardlab sat count --order RR --size 4           two rook pairs on 4×4, other squares empty
  boardlab sat count --order RRrr --size 4 --up-to-symmetry"
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
}

pub fn run(args: &CountArgs) -> anyhow::Result<ExitCode> {
    let queue = args.puzzle.queue()?;
    let instance = Instance::from_queue(&queue);
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
