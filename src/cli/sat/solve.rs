//! `boardlab chess-memory sat solve`: a valid board from the SAT solver.

use crate::chess_memory::board::{BoardFormat, format_board};
use crate::chess_memory::sat::{Instance, solve};
use crate::cli::PuzzleArgs;
use clap::Args;
use std::process::ExitCode;

#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 a board was found, 1 the instance has no valid board, 2 bad \
input.

Examples:
  boardlab chess-memory sat solve                               a board for the seed's 8×8 instance
  boardlab chess-memory sat solve --seed 7 --format fen --json
  boardlab chess-memory sat solve --order queue:QQQQQ           five white queen pairs on an empty 8×8 (six do not fit)"
)]
pub struct SolveArgs {
    #[command(flatten)]
    pub puzzle: PuzzleArgs,

    /// Seed of the diversity: varisat has no random seed, so the seed permutes the variable
    /// numbers and the order of clauses and literals. Each seed is a different, equally valid
    /// run.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,

    /// Board format of the output.
    #[arg(long, value_parser = crate::cli::offered::<BoardFormat>(), default_value_t = BoardFormat::Grid)]
    pub format: BoardFormat,

    /// Print one JSON object with the board, the time and the effort.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &SolveArgs) -> anyhow::Result<ExitCode> {
    let queue = args.puzzle.queue()?;
    let instance = Instance::from_queue(&queue);
    let solved = solve(&instance, args.seed)?;
    let board = solved.board.as_ref().map(|b| format_board(b, args.format));
    if args.json {
        let report = serde_json::json!({
            "instance": instance.to_string(),
            "size": instance.size().side(),
            "seed": args.seed,
            "format": args.format,
            "board": board,
            "outcome": if board.is_some() { "solved" } else { "unsatisfiable" },
            "seconds": solved.seconds,
            "lemmas": solved.lemmas,
            "deletions": solved.deletions,
            "variables": solved.variables,
            "clauses": solved.clauses,
        });
        println!("{report}");
    } else {
        match &board {
            Some(text) => print!("{text}{}", if text.ends_with('\n') { "" } else { "\n" }),
            None => println!("no valid board: {instance} is unsatisfiable"),
        }
        println!(
            "{} in {:.1} ms: {} lemmas ({} deletions) in the proof stream; {} variables, {} clauses",
            if board.is_some() { "solved" } else { "refuted" },
            solved.seconds * 1e3,
            solved.lemmas,
            solved.deletions,
            solved.variables,
            solved.clauses
        );
    }
    Ok(if board.is_some() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
