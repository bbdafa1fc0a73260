//! `boardlab chess-memory count`: the exact number of valid boards of an instance, by dynamic
//! programming over pair sets ([`crate::chess_memory::counting`]).

use crate::chess_memory::board::BoardSize;
use crate::chess_memory::counting::{PairShape, count_boards, count_pairings, count_symmetric};
use crate::chess_memory::sat::Instance;
use crate::cli::PuzzleArgs;
use crate::output::numbers::thousands;
use anyhow::Context;
use clap::Args;
use std::io::IsTerminal;
use std::process::ExitCode;

#[derive(Debug, Args)]
#[command(
    after_help = "The count goes symbol by symbol over the sets of squares occupied so far, so \
it takes no solver call per board and reaches instances with trillions of boards, as long as \
the partial boards fit --max-table entries (16 bytes of count and 8 of squares each). The \
method is described in docs/chess-memory.md; `sat count` counts the same boards by a SAT \
solver, one board at a time.

Exit status: 0 counted, 2 bad input or an instance over --max-table.

Examples:
  boardlab chess-memory count --board-size 4                        the full 4×4 board, one pair of each symbol
  boardlab chess-memory count --order queue:RRrr --board-size 4 --up-to-symmetry
  boardlab chess-memory count --pairing knight --board-size 8       2849759680 (OEIS A289202)
  boardlab chess-memory count --board-size 6 --symmetric            the symmetric 6×6 boards, for the classes"
)]
pub struct CountArgs {
    #[command(flatten)]
    pub puzzle: PuzzleArgs,

    /// Also count classes under the 8 symmetries of the square (Burnside's lemma).
    #[arg(long)]
    pub up_to_symmetry: bool,

    /// The most partial boards one table may hold before the count stops.
    #[arg(long, default_value_t = 100_000_000, value_name = "ENTRIES")]
    pub max_table: usize,

    /// Count instead the ways to cover the whole board with pairs of one shape (adjacent,
    /// diagonal, knight), with no other rule: the published counts of domino tilings and
    /// knight's-move pairings, a check of the counting.
    #[arg(long, value_name = "SHAPE", conflicts_with_all = ["order", "up_to_symmetry"])]
    pub pairing: Option<PairShape>,

    /// Count only the boards that each symmetry but the identity leaves unchanged, where the
    /// full count is out of reach (6×6, 8×8): with the number N of all boards (`chess-memory
    /// estimate`), the classes under the 8 symmetries are (N + their sum) / 8.
    #[arg(long, conflicts_with_all = ["up_to_symmetry", "pairing"])]
    pub symmetric: bool,

    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,

    /// No progress on standard error.
    #[arg(long, short)]
    pub quiet: bool,
}

pub fn run(args: &CountArgs) -> anyhow::Result<ExitCode> {
    if let Some(shape) = args.pairing {
        let size = BoardSize::new(args.puzzle.size).context("--board-size")?;
        let pairings = count_pairings(size.side(), shape);
        if args.json {
            let report = serde_json::json!({
                "size": size.side(), "pairing": shape.name(), "pairings": pairings.to_string(),
            });
            println!("{report}");
        } else {
            println!("{pairings} ways to cover the {size} board with {shape} pairs");
        }
        return Ok(ExitCode::SUCCESS);
    }
    let queue = args.puzzle.queue()?;
    let instance = Instance::from_queue(&queue);
    let shown = !args.quiet && std::io::stderr().is_terminal();
    if args.symmetric {
        return symmetric(args, &instance, &queue);
    }
    let mut progress = |done: usize, of: usize, table: usize| {
        if shown {
            let table = thousands(table as f64);
            eprintln!("symbol {done} of {of}: {table} partial boards");
        }
    };
    let count = count_boards(
        &instance,
        args.up_to_symmetry,
        args.max_table,
        &mut progress,
    )?;
    if args.json {
        let report = serde_json::json!({
            "instance": instance.to_string(),
            "order": queue.letters(),
            "size": instance.size().side(),
            "boards": count.boards.to_string(),
            "classes": count.classes.map(|c| c.to_string()),
            "largest_table": count.largest_table,
        });
        println!("{report}");
        return Ok(ExitCode::SUCCESS);
    }
    match count.classes {
        Some(classes) => println!(
            "{} valid boards in {classes} classes under the 8 symmetries of the square ({instance})",
            count.boards
        ),
        None => println!("{} valid boards ({instance})", count.boards),
    }
    Ok(ExitCode::SUCCESS)
}

/// `--symmetric`: the boards each symmetry but the identity leaves unchanged.
fn symmetric(
    args: &CountArgs,
    instance: &Instance,
    queue: &crate::chess_memory::queue::Queue,
) -> anyhow::Result<ExitCode> {
    let count = count_symmetric(instance, args.max_table)?;
    let total: u128 = count.fixed.iter().sum();
    if args.json {
        let report = serde_json::json!({
            "instance": instance.to_string(),
            "order": queue.letters(),
            "size": instance.size().side(),
            "fixed_by_symmetry": count.fixed.iter().map(u128::to_string).collect::<Vec<_>>(),
            "fixed_total": total.to_string(),
            "largest_table": count.largest_table,
        });
        println!("{report}");
    } else {
        let each: Vec<String> = count.fixed.iter().map(u128::to_string).collect();
        println!(
            "{total} boards left unchanged by a symmetry other than the identity ({}; {instance}): \
the classes are (N + {total}) / 8 for N boards",
            each.join(", ")
        );
    }
    Ok(ExitCode::SUCCESS)
}
