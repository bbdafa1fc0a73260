//! Output files of an experiment: the per-draw data (`draws.csv`), the per-ordering
//! `summary.csv` and `histogram.csv` derived from it, and atomic file writing.
//!
//! Data files have a fixed header and column order, rows in the spec's order, and contain no
//! timings, so that the same spec and master seed give byte-identical files whatever the
//! thread count or sharding. Timings live in `manifest.json` only.

pub mod atomic;
pub mod charts;
pub mod draws;
pub mod faults;
pub mod histogram;
pub mod numbers;
pub mod summary;

/// Reads every row of the CSV file at `path`; an error names the file.
pub fn read_csv<T: serde::de::DeserializeOwned>(path: &std::path::Path) -> anyhow::Result<Vec<T>> {
    use anyhow::Context;
    let mut reader =
        csv::Reader::from_path(path).with_context(|| format!("cannot read {}", path.display()))?;
    reader
        .deserialize()
        .map(|row| row.with_context(|| format!("reading {}", path.display())))
        .collect()
}
