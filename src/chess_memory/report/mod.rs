//! Reports of a results folder: the charts (`charts/*.svg|png`) and `REPORT.md`, made from
//! the folder's small files alone by way of [`crate::chess_memory::analysis`].

mod bench;
mod figures;
mod markdown;
mod mistakes_section;
mod predictions;

pub use figures::{CHARTS, kind_position_means, kinds_by_early_gain};

use crate::chess_memory::analysis::Analysis;
use crate::chess_memory::data::summary;
use crate::chess_memory::sat::mistakes::MistakesSummary;
use crate::experiment::Describe;
use crate::experiment::StudyError;
use crate::output::atomic::write_atomic;
use std::path::Path;

/// Results of this module: a puzzle's error ([`StudyError`]) unless another is named.
type Result<T, E = StudyError> = std::result::Result<T, E>;

/// The file in a results folder that holds `boardlab chess-memory sat mistakes --summary` output.
pub const MISTAKES_FILE: &str = "mistakes.json";

/// Writes the charts of the folder `dir` into `dir/charts/`; returns the stems written.
/// A folder of `sat mistakes` output (a `summary.json` and no manifest) gets its chart.
pub fn plot(dir: &Path) -> Result<Vec<&'static str>> {
    if !dir.join("manifest.json").exists() && dir.join("summary.json").exists() {
        let mistakes = read_mistakes(&dir.join("summary.json"))?;
        figures::write_mistakes_chart(&mistakes, None, &dir.join("charts"))?;
        return Ok(vec!["mistakes"]);
    }
    let analysis = Analysis::load(dir)?;
    let mistakes = optional_mistakes(dir)?;
    let mut written = figures::write_charts(&analysis, &dir.join("charts"))?;
    if let Some(mistakes) = &mistakes {
        figures::write_mistakes_chart(mistakes, Some(&analysis), &dir.join("charts"))?;
        written.push("mistakes");
    }
    Ok(written)
}

/// Rewrites `summary.csv` in the current column layout when it differs (a file from before
/// the search, restart, order and cap columns); the numbers are kept as they are.
fn refresh_summary(dir: &Path, analysis: &Analysis) -> Result<()> {
    let rows: Vec<_> = analysis
        .orderings
        .iter()
        .map(|o| o.summary.clone())
        .collect();
    let mut text = Vec::new();
    summary::write(&mut text, &rows)?;
    let path = dir.join("summary.csv");
    if std::fs::read(&path).ok().as_deref() != Some(&text[..]) {
        write_atomic(&path, &text)?;
    }
    Ok(())
}

fn read_mistakes(path: &Path) -> Result<MistakesSummary> {
    let text =
        std::fs::read_to_string(path).describe(|| format!("cannot read {}", path.display()))?;
    serde_json::from_str(&text).describe(|| {
        format!(
            "{} is not `boardlab chess-memory sat mistakes --summary` output",
            path.display()
        )
    })
}

/// The folder's `mistakes.json`, if it has one.
fn optional_mistakes(dir: &Path) -> Result<Option<MistakesSummary>> {
    let path = dir.join(MISTAKES_FILE);
    path.exists().then(|| read_mistakes(&path)).transpose()
}

/// Writes the charts and `dir/REPORT.md`. A `baseline` in the spec (a results folder,
/// relative to the working directory) adds the check of restarts against their prediction.
pub fn report(dir: &Path) -> Result<()> {
    let analysis = Analysis::load(dir)?;
    let baseline = match analysis.manifest.spec["baseline"].as_str() {
        Some(path) => Some(Analysis::load(Path::new(path)).describe(|| {
            format!(
                "reading the spec's baseline {path}; run boardlab from the folder it is relative to"
            )
        })?),
        None => None,
    };
    refresh_summary(dir, &analysis)?;
    let mistakes = optional_mistakes(dir)?;
    let mut charts = figures::write_charts(&analysis, &dir.join("charts"))?;
    if let Some(mistakes) = &mistakes {
        figures::write_mistakes_chart(mistakes, Some(&analysis), &dir.join("charts"))?;
        charts.push("mistakes");
    }
    let bench = bench::read(dir)?.map(|runs| bench::speeds(&runs));
    let text = markdown::render(
        &analysis,
        &charts,
        baseline.as_ref(),
        mistakes.as_ref(),
        bench.as_deref(),
    );
    Ok(write_atomic(&dir.join("REPORT.md"), text.as_bytes())?)
}
