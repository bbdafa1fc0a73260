//! `boardlab plot` and `boardlab report`: charts and REPORT.md of a results folder, made from
//! its files without rerunning any draw.

use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

/// A results folder to report on.
#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 written, 2 the folder lacks a file or cannot be written.

Example:
  boardlab report results/orderings      regenerate the committed report and charts"
)]
pub struct ReportArgs {
    /// The results folder (with summary.csv, histogram.csv and manifest.json).
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,

    /// No closing line on standard error.
    #[arg(long, short)]
    pub quiet: bool,
}

/// A results folder to chart.
#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 written, 2 the folder lacks a file or cannot be written.

Examples:
  boardlab plot results/orderings        redraw the committed charts (REPORT.md is left as it is)
  boardlab plot results/fifteen"
)]
pub struct PlotArgs {
    /// The results folder (with summary.csv, histogram.csv and manifest.json).
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,

    /// No closing line on standard error.
    #[arg(long, short)]
    pub quiet: bool,
}

pub fn plot(args: &PlotArgs) -> anyhow::Result<ExitCode> {
    super::results_folder(&args.dir)?;
    let written = crate::experiment::plot_folder(&args.dir, &crate::puzzles::REGISTRY)?;
    if !args.quiet {
        eprintln!(
            "wrote {written} charts (SVG and PNG) to {}",
            args.dir.join("charts").display()
        );
    }
    Ok(ExitCode::SUCCESS)
}

pub fn report(args: &ReportArgs) -> anyhow::Result<ExitCode> {
    super::results_folder(&args.dir)?;
    crate::experiment::report_folder(&args.dir, &crate::puzzles::REGISTRY)?;
    if !args.quiet {
        eprintln!(
            "wrote {} and its charts",
            args.dir.join("REPORT.md").display()
        );
    }
    Ok(ExitCode::SUCCESS)
}
