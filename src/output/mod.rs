//! Writing what experiments produce, for every puzzle: files written atomically
//! ([`atomic`]), the fault points the crash tests use ([`faults`]), numbers as the reports
//! print them ([`numbers`]), the charts' machinery and the charts any puzzle may use
//! ([`charts`]), and CSV reading.

pub mod atomic;
pub mod charts;
pub mod faults;
pub mod numbers;

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
