//! `boardlab chess-memory`: ChessMemory's own commands, noun then verb: draw one board,
//! check a board, measure the searches, the puzzle as a SAT instance, the number of boards, and
//! its estimate where counting is out of reach,
//! and how far from uniform each search draws them, counted or not.

use super::{bench, check, count, draw, estimate, fairness, marginals, sat};
use clap::{Args, Subcommand};
use std::process::ExitCode;

#[derive(Debug, Args)]
pub struct ChessMemoryArgs {
    #[command(subcommand)]
    pub command: ChessMemoryCommand,
}

#[derive(Debug, Subcommand)]
pub enum ChessMemoryCommand {
    /// Generate one board with the seed's backtracker and print it with its counters.
    Draw(draw::DrawArgs),
    /// Check a board against the pairing rule (exit 0 valid, 1 violations, 2 not a board).
    Check(check::CheckArgs),
    /// Measure throughput: run many draws and print the rates as JSON.
    Bench(bench::BenchArgs),
    /// The puzzle as a SAT instance: export, solve, count, extend partial boards, find mistakes.
    Sat(sat::SatArgs),
    /// The exact number of valid boards of an instance, and of classes under symmetry.
    Count(count::CountArgs),
    /// The number of valid boards estimated with a 95% interval, where counting is out of reach.
    Estimate(estimate::EstimateArgs),
    /// How far from uniform each search and placement order draws its boards (4×4, 5×5).
    Fairness(fairness::FairnessArgs),
    /// How each search's boards differ from uniform ones in kind per square, pair shape and
    /// edge pairs, where the boards are too many to count (8×8).
    Marginals(marginals::MarginalsArgs),
}

pub fn run(args: &ChessMemoryArgs) -> anyhow::Result<ExitCode> {
    match &args.command {
        ChessMemoryCommand::Draw(args) => draw::run(args),
        ChessMemoryCommand::Check(args) => check::run(args),
        ChessMemoryCommand::Bench(args) => bench::run(args),
        ChessMemoryCommand::Sat(args) => sat::run(args),
        ChessMemoryCommand::Count(args) => count::run(args),
        ChessMemoryCommand::Estimate(args) => estimate::run(args),
        ChessMemoryCommand::Fairness(args) => fairness::run(args),
        ChessMemoryCommand::Marginals(args) => marginals::run(args),
    }
}
