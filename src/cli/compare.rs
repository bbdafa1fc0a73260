//! `boardlab compare`: do two results folders hold data from the same distributions? Per
//! series present in both: the medians and censored shares (from `summary.csv`) side by side
//! and a Mann–Whitney test of the iteration counts (censored at the common cap, from
//! `histogram.csv`; see [`crate::stats::rank_test`]), with Holm's correction over the series. A series found in
//! only one folder, or a test significant after the correction, makes the folders differ.
//!
//! Two runs of one spec with different master seeds should agree; a changed search, order or
//! board size should not. Identical data always agrees.

use super::StudyResult;
use crate::chess_memory::analysis::{Analysis, OrderingAnalysis};
use crate::chess_memory::show::iterations;
use crate::output::numbers::{p_value, percent};
use crate::stats::{holm, mann_whitney};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 the folders agree, 1 they differ (a series in only \
one of them, or a rank test significant at --alpha after Holm's correction), 2 bad input.

Examples:
  boardlab compare results/orderings /tmp/replication     does a rerun with another seed agree?
  boardlab compare results/default parts-merged --alpha 0.001"
)]
pub struct CompareArgs {
    /// The first results folder (summary.csv, histogram.csv, manifest.json).
    #[arg(value_name = "DIR")]
    pub first: PathBuf,

    /// The second results folder.
    #[arg(value_name = "DIR")]
    pub second: PathBuf,

    /// Significance level of the rank tests after Holm's correction over the series.
    #[arg(long, default_value_t = 0.01, value_name = "P")]
    pub alpha: f64,
}

/// The comparison of one series present in both folders.
#[derive(Debug, Clone, PartialEq)]
pub struct SeriesComparison {
    pub label: String,
    pub medians: (String, String),
    pub censored: (f64, f64),
    pub p_value: f64,
    pub holm_p: f64,
}

pub fn run(args: &CompareArgs) -> anyhow::Result<ExitCode> {
    anyhow::ensure!(
        args.alpha > 0.0 && args.alpha < 1.0,
        "--alpha must lie strictly between 0 and 1, not {}",
        args.alpha
    );
    for dir in [&args.first, &args.second] {
        super::require_chess_memory(dir, "compare")?;
    }
    let first = Analysis::load(&args.first).or_study()?;
    let second = Analysis::load(&args.second).or_study()?;
    let only_first = missing(&first, &second);
    let only_second = missing(&second, &first);
    let rows = compare_series(&first, &second)?;
    println!(
        "{:<20} {:>10} {:>10} {:>8} {:>8} {:>9}  verdict",
        "series", "median 1", "median 2", "cens. 1", "cens. 2", "Holm p"
    );
    let mut differing = 0;
    for row in &rows {
        let differs = row.holm_p < args.alpha;
        differing += usize::from(differs);
        println!(
            "{:<20} {:>10} {:>10} {:>8} {:>8} {:>9}  {}",
            row.label,
            row.medians.0,
            row.medians.1,
            percent(row.censored.0),
            percent(row.censored.1),
            p_value(row.holm_p),
            if differs { "differ" } else { "agree" }
        );
    }
    for (label, dir) in only_first
        .iter()
        .map(|l| (l, &args.first))
        .chain(only_second.iter().map(|l| (l, &args.second)))
    {
        println!("{label:<20} only in {}", dir.display());
    }
    let missing = only_first.len() + only_second.len();
    if differing == 0 && missing == 0 {
        println!(
            "agree: no series differs at α = {} after Holm's correction ({} series)",
            args.alpha,
            rows.len()
        );
        Ok(ExitCode::SUCCESS)
    } else {
        println!(
            "differ: {differing} of {} common series differ at α = {} after Holm's correction; {missing} series in only one folder",
            rows.len(),
            args.alpha
        );
        Ok(ExitCode::from(1))
    }
}

/// Labels of `a` that `b` lacks.
fn missing(a: &Analysis, b: &Analysis) -> Vec<String> {
    a.orderings
        .iter()
        .map(|o| o.label().to_string())
        .filter(|label| !b.orderings.iter().any(|o| o.label() == label))
        .collect()
}

/// The series of `first` that `second` also has, in `first`'s order, with Holm-adjusted
/// p-values.
pub fn compare_series(
    first: &Analysis,
    second: &Analysis,
) -> anyhow::Result<Vec<SeriesComparison>> {
    let pairs: Vec<(&OrderingAnalysis, &OrderingAnalysis)> = first
        .orderings
        .iter()
        .filter_map(|a| {
            let b = second.orderings.iter().find(|b| b.label() == a.label())?;
            Some((a, b))
        })
        .collect();
    let p_values: Vec<f64> = pairs
        .iter()
        .map(|(a, b)| mann_whitney(&a.sample, &b.sample).p_value)
        .collect();
    let adjusted = if p_values.is_empty() {
        Vec::new()
    } else {
        holm(&p_values)?
    };
    Ok(pairs
        .iter()
        .zip(p_values.iter().zip(adjusted))
        .map(|((a, b), (&p_value, holm_p))| SeriesComparison {
            label: a.label().to_string(),
            medians: (
                iterations(a.summary.median, first.cap),
                iterations(b.summary.median, second.cap),
            ),
            censored: (a.censored_share(), b.censored_share()),
            p_value,
            holm_p,
        })
        .collect())
}
