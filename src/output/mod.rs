//! Writing what experiments produce, for every puzzle: files written atomically
//! ([`atomic`]), reports' text and their Markdown tables ([`document`]), the fault points
//! the crash tests use ([`faults`]), numbers as the reports print them ([`numbers`]), the
//! charts' machinery and the charts any puzzle may use ([`charts`]), terminal tables
//! ([`table`]), and CSV reading, with the first fields of a data row ([`fields`]).

pub mod atomic;
pub mod charts;
pub mod document;
pub mod error;
pub mod faults;
pub mod fields;
pub mod numbers;
pub mod table;

/// Reads every row of the CSV file at `path`; an error names the file.
pub fn read_csv<T: serde::de::DeserializeOwned>(path: &std::path::Path) -> error::Result<Vec<T>> {
    let failed = |what: &str, source| error::OutputError::Csv {
        message: format!("{what} {}", path.display()),
        source,
    };
    let mut reader = csv::Reader::from_path(path).map_err(|e| failed("cannot read", e))?;
    reader
        .deserialize()
        .map(|row| row.map_err(|e| failed("reading", e)))
        .collect()
}
