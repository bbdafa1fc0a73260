//! Reports of a results folder: the charts (`charts/*.svg|png`) and `REPORT.md`, made from
//! the folder's small files alone by way of [`crate::analysis`].

mod figures;
mod markdown;
mod predictions;

pub use figures::{CHARTS, kind_position_means, kinds_by_early_gain};

use crate::analysis::Analysis;
use crate::output::atomic::write_atomic;
use anyhow::Context;
use std::path::Path;

/// Writes the charts of the folder `dir` into `dir/charts/`; returns the stems written.
pub fn plot(dir: &Path) -> anyhow::Result<Vec<&'static str>> {
    let analysis = Analysis::load(dir)?;
    figures::write_charts(&analysis, &dir.join("charts"))
}

/// Writes the charts and `dir/REPORT.md`. A `baseline` in the spec (a results folder,
/// relative to the working directory) adds the check of restarts against their prediction.
pub fn report(dir: &Path) -> anyhow::Result<()> {
    let analysis = Analysis::load(dir)?;
    let baseline = match analysis.manifest.spec["baseline"].as_str() {
        Some(path) => Some(Analysis::load(Path::new(path)).with_context(|| {
            format!(
                "reading the spec's baseline {path}; run boardlab from the folder it is relative to"
            )
        })?),
        None => None,
    };
    let charts = figures::write_charts(&analysis, &dir.join("charts"))?;
    let text = markdown::render(&analysis, &charts, baseline.as_ref());
    write_atomic(&dir.join("REPORT.md"), text.as_bytes())
}
