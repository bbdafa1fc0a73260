//! `boardlab chess-memory sat`: the puzzle as a SAT instance (see [`crate::chess_memory::sat`]), one file per
//! sub-subcommand.

mod cnf;
mod count;
mod extend;
mod mistakes;
mod solve;

use clap::{Args, Subcommand};
use std::process::ExitCode;

#[derive(Debug, Args)]
pub struct SatArgs {
    #[command(subcommand)]
    pub command: SatCommand,
}

#[derive(Debug, Subcommand)]
pub enum SatCommand {
    /// Write the instance as DIMACS CNF, with `c` lines mapping variables to symbols and squares.
    Cnf(cnf::CnfArgs),
    /// Find a valid board with the SAT solver (checked by the validator).
    Solve(solve::SolveArgs),
    /// Count the valid boards of a small instance exactly (optionally up to symmetry).
    Count(count::CountArgs),
    /// Can a partial board be completed? A completion or "no" (with a DRAT proof on request).
    Extend(extend::ExtendArgs),
    /// Replay the backtracker and find the first placement after which no completion exists.
    Mistakes(mistakes::MistakesArgs),
}

pub fn run(args: &SatArgs) -> anyhow::Result<ExitCode> {
    match &args.command {
        SatCommand::Cnf(args) => cnf::run(args),
        SatCommand::Solve(args) => solve::run(args),
        SatCommand::Count(args) => count::run(args),
        SatCommand::Extend(args) => extend::run(args),
        SatCommand::Mistakes(args) => mistakes::run(args),
    }
}
