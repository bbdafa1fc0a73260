//! The command line: argument definitions (clap), parsed once into checked values, and one
//! module per subcommand. Everything below the CLI returns typed errors; here they gain
//! context and become one-line messages in `main`.

mod bench;
mod check;
mod draughts;
mod draw;
mod fifteen;
mod knights;
mod report;
mod run;
mod sat;

use crate::board::BoardSize;
use crate::queue::{Queue, SEED_TYPE_ORDER};
use crate::search::{Algorithm, RestartPolicy, SearchConfig};
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
    /// Run an experiment spec (default: the embedded one) into a results folder.
    Run(run::RunArgs),
    /// Combine the folders of all shards of a run into one.
    Merge(run::MergeArgs),
    /// Redraw the charts of a results folder from its files (no draws are rerun).
    Plot(report::FolderArgs),
    /// Rewrite REPORT.md and the charts of a results folder from its files.
    Report(report::FolderArgs),
    /// The puzzle as a SAT instance: export, solve, count, extend partial boards, find mistakes.
    Sat(sat::SatArgs),
    /// The knight's tour: the seed's replay, Warnsdorff tie-breaks, SAT, exact counts, bench.
    Knights(knights::KnightsArgs),
    /// The "15" game: solve it, analyse its bots exactly, bench them, play one.
    Fifteen(fifteen::FifteenArgs),
    /// Czech draughts and English checkers: legal moves, perft, bench.
    Draughts(draughts::DraughtsArgs),
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

/// The search: algorithm and restart policy.
#[derive(Debug, Clone, Args)]
pub struct SearchArgs {
    /// Search algorithm: `seed` (the article's backtracker, exactly), `dfs` (sound and
    /// complete), `fc` (dfs with forward checking), `mrv` (fc with a fail-first dynamic order).
    #[arg(long, value_enum, default_value_t = Algorithm::Seed)]
    pub algorithm: Algorithm,

    /// Restart policy: none, fixed:C, luby:U or geometric:U,F (iterations per run). A run
    /// that reaches its length starts again from an empty board, the random stream going on,
    /// until a board is found or --cap is reached. With `seed`, which can give up on a
    /// solvable queue, a queue that has no board restarts for ever: set --cap.
    #[arg(long, default_value = "none", value_parser = parse_restart)]
    pub restart: RestartPolicy,
}

impl SearchArgs {
    pub fn config(&self) -> SearchConfig {
        SearchConfig {
            algorithm: self.algorithm,
            restart: self.restart,
        }
    }
}

fn parse_restart(text: &str) -> Result<RestartPolicy, String> {
    text.parse()
}

/// Parses the process arguments and runs the chosen command.
pub fn run() -> anyhow::Result<ExitCode> {
    let cli = Cli::parse();
    match cli.command {
        Command::Draw(args) => draw::run(&args),
        Command::Check(args) => check::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Run(args) => run::run(&args),
        Command::Merge(args) => run::merge(&args),
        Command::Plot(args) => report::plot(&args),
        Command::Report(args) => report::report(&args),
        Command::Sat(args) => sat::run(&args),
        Command::Knights(args) => knights::run(&args),
        Command::Fifteen(args) => fifteen::run(&args),
        Command::Draughts(args) => draughts::run(&args),
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
