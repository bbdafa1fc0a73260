//! `boardlab show`: a results folder's summary in the terminal, for any puzzle (the one its
//! `manifest.json` names; ChessMemory for a folder without one), without charts or a report.

use super::StudyResult;
use crate::experiment::inspect::ShowOptions;
use crate::experiment::run_set::{self, RunSet};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

/// The width `show` and `compare` fit their tables into.
pub const WIDTH: usize = 100;

#[derive(Debug, Args)]
#[command(
    after_help = "ChessMemory folders rank their series by median iterations (ties by the \
mean of log10(iterations)); a quantile at the cap reads \"≥ cap\": at least that many, and the \
mean of a series with unsolved draws \"≥ mean\": a lower bound. The other puzzles print their \
summary.csv's main columns in the file's order, shares in percent with their 95% interval as \
the reports print them, and their headline.

Exit status: 0 printed, 2 the folder has no readable summary.csv or no series matches.

Examples:
  boardlab show results/orderings
  boardlab show results/algorithms --top 5
  boardlab show results/draughts --series damebot --top 6
  boardlab show results/knights --series seed/n=8
  boardlab show results/draughts --width 130"
)]
pub struct ShowArgs {
    /// The results folder (with summary.csv; manifest.json names the puzzle).
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,

    /// Show only the first N series (after --series).
    #[arg(long, value_name = "N")]
    pub top: Option<usize>,

    /// Show only the series whose name contains TEXT (repeat for any of several).
    #[arg(long, value_name = "TEXT")]
    pub series: Vec<String>,

    /// Characters a line may take: columns that do not fit are left out and named, series
    /// names are never shortened.
    #[arg(long, value_name = "N", default_value_t = WIDTH as u16, value_parser = clap::value_parser!(u16).range(40..))]
    pub width: u16,
}

pub fn run(args: &ShowArgs) -> anyhow::Result<ExitCode> {
    super::results_folder(&args.dir)?;
    let registry = &crate::puzzles::REGISTRY;
    let options = ShowOptions {
        series: args.series.clone(),
        top: args.top,
        width: usize::from(args.width),
    };
    if let Some(set) = RunSet::read(&args.dir)? {
        let set_of = run_set::set_of(registry, &set)?;
        print!("{}", (set_of.show)(&args.dir, &set, &options).or_study()?);
        return Ok(ExitCode::SUCCESS);
    }
    let puzzle = registry.of_folder_or_default(&args.dir)?;
    print!("{}", (puzzle.show)(&args.dir, &options).or_study()?);
    Ok(ExitCode::SUCCESS)
}
