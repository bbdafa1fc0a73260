//! The command line: argument definitions (clap), parsed once into checked values, and one
//! module per subcommand. Everything below the CLI returns typed errors; here they gain
//! context and become one-line messages in `main`.

mod bench;
mod check;
mod draw;
mod sat;

use crate::board::BoardSize;
use crate::queue::{Queue, SEED_TYPE_ORDER};
use anyhow::Context;
use clap::{Args, Parser, Subcommand};
use std::process::ExitCode;

/// Research harness for board-puzzle search: the ChessMemory placement puzzle.
///
/// 32 pairs of chess pieces fill an 8×8 board so that every piece attacks exactly one piece of
/// its own symbol. boardlab reproduces the seed article's randomized backtracker exactly,
/// runs it fast, checks every board it makes, and measures how the placement order changes
/// the search effort.
#[derive(Debug, Parser)]
#[command(name = "boardlab", version, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Generate one board with the seed's backtracker and print it with its counters.
    Draw(draw::DrawArgs),
    /// Check a board against the pairing rule (exit 0 valid, 1 violations, 2 not a board).
    Check(check::CheckArgs),
    /// Measure throughput: run many draws and print iterations and draws per second as JSON.
    Bench(bench::BenchArgs),
    /// The puzzle as a SAT instance: export, solve, count, extend partial boards, find mistakes.
    Sat(sat::SatArgs),
}

/// The puzzle instance: board size and placement order.
#[derive(Debug, Clone, Args)]
pub struct PuzzleArgs {
    /// Placement order: a type order such as QNBR (all white then black pairs of each kind in
    /// turn) or a full queue with one letter per pair, e.g. QQQQqqqqNNNNnnnnBBBBbbbbRRRRrrrr.
    /// Letters QNBR (white) / qnbr (black), or the seed's Polish HSGW / hsgw.
    #[arg(long, short, default_value = SEED_TYPE_ORDER, value_name = "ORDER")]
    pub order: String,

    /// Side n of the n×n board, 4 to 8.
    #[arg(long, default_value_t = 8, value_name = "N")]
    pub size: usize,
}

impl PuzzleArgs {
    /// The checked queue, or a one-line error naming the bad option.
    pub fn queue(&self) -> anyhow::Result<Queue> {
        let size = BoardSize::new(self.size).context("--size")?;
        Queue::parse(&self.order, size).context("--order")
    }
}

/// Parses the process arguments and runs the chosen command.
pub fn run() -> anyhow::Result<ExitCode> {
    let cli = Cli::parse();
    match cli.command {
        Command::Draw(args) => draw::run(&args),
        Command::Check(args) => check::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Sat(args) => sat::run(&args),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn command_line_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}
