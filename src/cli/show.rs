//! `boardlab show`: the ranking of a results folder in the terminal, from its `summary.csv`
//! (and the cap from `manifest.json` when it is there), without charts or a report.

use super::StudyResult;
use crate::chess_memory::show::{folder_cap, ranked, table};
use anyhow::Context;
use clap::Args;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Debug, Args)]
#[command(
    after_help = "Series are ranked by median iterations (ties by the mean of \
log10(iterations)). A quantile at the cap reads \"≥cap\": at least that many.

Exit status: 0 printed, 2 the folder has no readable summary.csv.

Examples:
  boardlab show results/orderings
  boardlab show results/algorithms --top 5"
)]
pub struct ShowArgs {
    /// The results folder (with summary.csv; manifest.json adds the cap).
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,

    /// Show only the first N series of the ranking.
    #[arg(long, value_name = "N")]
    pub top: Option<usize>,
}

pub fn run(args: &ShowArgs) -> anyhow::Result<ExitCode> {
    let registry = &crate::puzzles::REGISTRY;
    if let Some(puzzle) = registry.of_folder(&args.dir)?
        && puzzle.name != registry.default
    {
        print!("{}", plain_table(&args.dir, puzzle.name, args.top)?);
        return Ok(ExitCode::SUCCESS);
    }
    let rows = ranked(&args.dir).or_study()?;
    let cap = folder_cap(&args.dir);
    print!("{}", table(&args.dir, &rows, cap, args.top));
    Ok(ExitCode::SUCCESS)
}

/// Another puzzle's `summary.csv` as an aligned table, in the file's order, with the
/// folder's headline first.
fn plain_table(dir: &Path, puzzle: &str, top: Option<usize>) -> anyhow::Result<String> {
    let path = dir.join("summary.csv");
    let mut reader =
        csv::Reader::from_path(&path).with_context(|| format!("cannot read {}", path.display()))?;
    let header: Vec<String> = reader.headers()?.iter().map(String::from).collect();
    let mut rows: Vec<Vec<String>> = Vec::new();
    for record in reader.records() {
        let record = record.with_context(|| format!("reading {}", path.display()))?;
        rows.push(record.iter().map(String::from).collect());
    }
    let total = rows.len();
    rows.truncate(top.unwrap_or(usize::MAX));
    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in &rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    let line = |cells: &[String]| {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .map(|(cell, &width)| format!("{cell:<width$}"))
            .collect();
        padded.join("  ").trim_end().to_string() + "\n"
    };
    let puzzle = crate::puzzles::REGISTRY.puzzle(puzzle)?;
    let headline = (puzzle.headline)(dir).unwrap_or_default();
    let mut out = format!(
        "{}: {} ({}), {total} summary rows{}\n",
        dir.display(),
        puzzle.about,
        puzzle.name,
        if headline.is_empty() {
            String::new()
        } else {
            format!("; {headline}")
        }
    );
    out += &line(&header);
    for row in &rows {
        out += &line(row);
    }
    Ok(out)
}
