//! `boardlab plot` and `boardlab report`: charts and REPORT.md of a results folder, made from
//! its files without rerunning any draw.

use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

/// A results folder to chart or report on.
#[derive(Debug, Args)]
#[command(after_help = "Example:
  boardlab report results/orderings      regenerate the committed report and charts")]
pub struct FolderArgs {
    /// The results folder (with summary.csv, histogram.csv and manifest.json).
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
}

pub fn plot(args: &FolderArgs) -> anyhow::Result<ExitCode> {
    let written = crate::report::plot(&args.dir)?;
    let charts = args.dir.join("charts");
    eprintln!(
        "wrote {} charts (SVG and PNG) to {}",
        written.len(),
        charts.display()
    );
    Ok(ExitCode::SUCCESS)
}

pub fn report(args: &FolderArgs) -> anyhow::Result<ExitCode> {
    crate::experiment::report_folder(&args.dir)?;
    eprintln!(
        "wrote {} and its charts",
        args.dir.join("REPORT.md").display()
    );
    Ok(ExitCode::SUCCESS)
}
