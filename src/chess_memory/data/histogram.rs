//! `histogram.csv`: per ordering, how many draws fall in each fixed logarithmic bin of
//! iterations, with one count column per outcome.
//!
//! **Bins** are the log-linear bins of [`crate::stats::binning`]: a bin per value below 128,
//! then 64 equal bins per power of two, so a bin is at most 1/64 ≈ 1.6% of its lower edge
//! wide. The rule is integer-exact, so the file is the same on every machine.
//!
//! Columns: `ordering,lower,upper,solved,censored,exhausted`; `lower` is inclusive and
//! `upper` exclusive; only non-empty bins are written, in increasing order. Censored draws
//! all have the cap as their iteration count, so they sit in the cap's bin, in their own
//! column. This is small enough to commit (hundreds of rows per ordering) and exact enough
//! for survival curves and the statistics of the report.

use crate::chess_memory::search::Outcome;
use crate::experiment::Describe;
use crate::experiment::StudyError;
use crate::stats::binning;
use std::collections::BTreeMap;

/// Results of this module: a puzzle's error ([`StudyError`]) unless another is named.
type Result<T, E = StudyError> = std::result::Result<T, E>;

/// The bin `[lower, upper)` that holds `value`, upper edge exclusive as in the file.
pub fn bin_of(value: u64) -> (u64, u64) {
    let (lower, last) = binning::bin_of(value);
    (lower, last.saturating_add(1))
}

/// Counts per bin for one ordering, by outcome.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Histogram {
    /// lower edge → (upper edge, [solved, censored, exhausted])
    bins: BTreeMap<u64, (u64, [u64; 3])>,
}

/// One row of `histogram.csv` (without the ordering).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bin {
    pub lower: u64,
    pub upper: u64,
    pub solved: u64,
    pub censored: u64,
    pub exhausted: u64,
}

impl Bin {
    /// All draws in the bin, whatever their outcome.
    pub fn total(&self) -> u64 {
        self.solved + self.censored + self.exhausted
    }
}

/// The column of an outcome in the count array.
fn outcome_column(outcome: Outcome) -> usize {
    match outcome {
        Outcome::Solved => 0,
        Outcome::Censored => 1,
        Outcome::Exhausted => 2,
    }
}

impl Histogram {
    pub fn add(&mut self, iterations: u64, outcome: Outcome) {
        let (lower, upper) = bin_of(iterations);
        self.bins.entry(lower).or_insert((upper, [0; 3])).1[outcome_column(outcome)] += 1;
    }

    /// The non-empty bins in increasing order.
    pub fn bins(&self) -> impl Iterator<Item = Bin> + '_ {
        self.bins
            .iter()
            .map(|(&lower, &(upper, [solved, censored, exhausted]))| Bin {
                lower,
                upper,
                solved,
                censored,
                exhausted,
            })
    }

    /// Adds a row read back from `histogram.csv`.
    pub fn add_bin(&mut self, bin: Bin) {
        let entry = self.bins.entry(bin.lower).or_insert((bin.upper, [0; 3]));
        entry.1[0] += bin.solved;
        entry.1[1] += bin.censored;
        entry.1[2] += bin.exhausted;
    }
}

/// The header of `histogram.csv`.
pub const COLUMNS: [&str; 6] = [
    "ordering",
    "lower",
    "upper",
    "solved",
    "censored",
    "exhausted",
];

/// Appends the rows of `histogram` for `label` to a CSV writer.
pub fn write_rows<W: std::io::Write>(
    writer: &mut csv::Writer<W>,
    label: &str,
    histogram: &Histogram,
) -> csv::Result<()> {
    for bin in histogram.bins() {
        let numbers = [
            bin.lower,
            bin.upper,
            bin.solved,
            bin.censored,
            bin.exhausted,
        ]
        .map(|n| n.to_string());
        writer.write_record(std::iter::once(label).chain(numbers.iter().map(String::as_str)))?;
    }
    Ok(())
}

/// Reads `histogram.csv`: each ordering's histogram, in file order.
pub fn read(path: &std::path::Path) -> Result<Vec<(String, Histogram)>> {
    let mut reader =
        csv::Reader::from_path(path).describe(|| format!("cannot read {}", path.display()))?;
    let headers = reader.headers()?.clone();
    if !headers.iter().eq(COLUMNS) {
        return Err(format!(
            "{} does not have the histogram.csv header {}",
            path.display(),
            COLUMNS.join(",")
        )
        .into());
    };
    let mut histograms: Vec<(String, Histogram)> = Vec::new();
    for record in reader.records() {
        let record = record.describe(|| format!("reading {}", path.display()))?;
        let number = |i: usize| -> Result<u64> {
            record[i]
                .parse()
                .describe(|| format!("{}: '{}' is not a count", path.display(), &record[i]))
        };
        let bin = Bin {
            lower: number(1)?,
            upper: number(2)?,
            solved: number(3)?,
            censored: number(4)?,
            exhausted: number(5)?,
        };
        match histograms.last_mut() {
            Some((label, histogram)) if label == &record[0] => histogram.add_bin(bin),
            _ => {
                let mut histogram = Histogram::default();
                histogram.add_bin(bin);
                histograms.push((record[0].to_string(), histogram));
            }
        }
    }
    Ok(histograms)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_bins_have_exclusive_upper_edges() {
        assert_eq!(bin_of(100), (100, 101));
        assert_eq!(bin_of(500_000), (499_712, 503_808));
        assert_eq!(bin_of(503_807), (499_712, 503_808));
    }

    #[test]
    fn counts_go_to_their_outcome_column() {
        let mut histogram = Histogram::default();
        histogram.add(1000, Outcome::Solved);
        histogram.add(1001, Outcome::Solved);
        histogram.add(5000, Outcome::Censored);
        let bins: Vec<Bin> = histogram.bins().collect();
        assert_eq!(bins.len(), 2);
        assert_eq!(
            (bins[0].lower, bins[0].upper, bins[0].solved),
            (1000, 1008, 2)
        );
        assert_eq!((bins[1].censored, bins[1].total()), (1, 1));
    }
}
