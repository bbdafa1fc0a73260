//! `boardlab puzzles`: the puzzles and games of the registry, each with a line saying what it
//! is and its example spec, which `boardlab run` runs in seconds.

use crate::puzzles::REGISTRY;
use clap::Args;
use std::process::ExitCode;

#[derive(Debug, Args)]
#[command(after_help = "Exit status: 0 success.

Examples:
  boardlab puzzles
  boardlab puzzles --spec draughts > draughts.toml   then: boardlab run draughts.toml")]
pub struct PuzzlesArgs {
    /// Print only this puzzle's example spec (a `puzzle` value, e.g. `knights-tour`).
    #[arg(long, value_name = "PUZZLE")]
    pub spec: Option<String>,
}

pub fn run(args: &PuzzlesArgs) -> anyhow::Result<ExitCode> {
    if let Some(name) = &args.spec {
        print!("{}", REGISTRY.puzzle(name)?.example_spec);
        return Ok(ExitCode::SUCCESS);
    }
    for puzzle in REGISTRY.puzzles {
        let default = if puzzle.name == REGISTRY.default {
            " (a spec without `puzzle` runs this one)"
        } else {
            ""
        };
        println!("{}: {}{default}", puzzle.name, puzzle.about);
        println!("  example spec: boardlab puzzles --spec {}", puzzle.name);
    }
    Ok(ExitCode::SUCCESS)
}
