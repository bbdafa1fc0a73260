//! Reports of a results folder: the charts (`charts/*.svg|png`) and `REPORT.md`, made from
//! the folder's small files alone by way of [`crate::analysis`].

mod figures;
mod markdown;

pub use figures::{CHARTS, kind_position_means, kinds_by_early_gain};

use crate::analysis::Analysis;
use crate::output::atomic::write_atomic;
use std::path::Path;

/// Writes the charts of the folder `dir` into `dir/charts/`; returns the stems written.
pub fn plot(dir: &Path) -> anyhow::Result<Vec<&'static str>> {
    let analysis = Analysis::load(dir)?;
    figures::write_charts(&analysis, &dir.join("charts"))
}

/// Writes the charts and `dir/REPORT.md`.
pub fn report(dir: &Path) -> anyhow::Result<()> {
    let analysis = Analysis::load(dir)?;
    let charts = figures::write_charts(&analysis, &dir.join("charts"))?;
    write_atomic(
        &dir.join("REPORT.md"),
        markdown::render(&analysis, &charts).as_bytes(),
    )
}
