//! `boardlab compare`: do two results folders of one puzzle agree? The same data (by the
//! manifests' hashes of the draws file, checked against the files where they are there), or no series that differs by the puzzle's test
//! after Holm's correction (see [`crate::experiment::inspect`]).

use super::StudyResult;
use super::show::WIDTH;
use crate::experiment::inspect::same_data;
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Debug, Args)]
#[command(
    after_help = "Folders with the same data agree at once: the same rows and hash in both \
manifests, and both data files read and hashed (a data file that differs from its manifest is \
an error; one that is not there leaves its manifest trusted, as the answer says). Otherwise each series in both is \
tested: ChessMemory by a Mann–Whitney test of its iteration counts, the knight's tour by a χ² \
test of tours and failures, the games by a χ² test of wins, draws and losses; the p-values are \
corrected for the number of series by Holm's method.

Exit status: 0 the folders agree, 1 they differ (a series in only one of them, or a test \
significant at --alpha after Holm's correction), 2 bad input (folders of two puzzles, a data \
file that is not the data its manifest records, a \
missing summary).

Examples:
  boardlab compare results/orderings /tmp/replication     does a rerun with another seed agree?
  boardlab compare results/default parts-merged --alpha 0.001"
)]
pub struct CompareArgs {
    /// The first results folder (summary.csv and manifest.json; histogram.csv for ChessMemory).
    #[arg(value_name = "DIR")]
    pub first: PathBuf,

    /// The second results folder, of the same puzzle.
    #[arg(value_name = "DIR")]
    pub second: PathBuf,

    /// Significance level of the tests after Holm's correction over the series.
    #[arg(long, default_value_t = 0.01, value_name = "P")]
    pub alpha: f64,
}

pub fn run(args: &CompareArgs) -> anyhow::Result<ExitCode> {
    anyhow::ensure!(
        args.alpha > 0.0 && args.alpha < 1.0,
        "--alpha must lie strictly between 0 and 1, not {}",
        args.alpha
    );
    super::results_folder(&args.first)?;
    super::results_folder(&args.second)?;
    let registry = &crate::puzzles::REGISTRY;
    let first = registry.of_folder_or_default(&args.first)?;
    let second = registry.of_folder_or_default(&args.second)?;
    anyhow::ensure!(
        first.name == second.name,
        "{} holds a {} experiment and {} a {} one; compare two folders of one puzzle",
        args.first.display(),
        first.name,
        args.second.display(),
        second.name
    );
    if let Some(same) = same_data(&args.first, &args.second).or_study()? {
        println!("agree: {same}");
        return Ok(ExitCode::SUCCESS);
    }
    let comparison = (first.compare)(&args.first, &args.second).or_study()?;
    print!(
        "{}",
        comparison.render(&args.first, &args.second, args.alpha, WIDTH)
    );
    Ok(if comparison.agree(args.alpha) {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
