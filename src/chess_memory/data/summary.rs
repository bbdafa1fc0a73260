//! `summary.csv`: one row per ordering with its outcome counts and the distribution of
//! iterations.
//!
//! Columns: `ordering,search,restart,order,queue,cap,draws,solved,censored,exhausted,mean,median,p90,p99,max,mean_log10`.
//! `ordering` is the series label (`QNBR`, `fc+fixed:300/QNBR`); `search`, `restart` and
//! `order` are its parts (`fc`, `fixed:300` or `none`, `QNBR`); `cap` is the iteration cap
//! of every draw (empty without one). Files written before those four columns existed are
//! still read; [`crate::chess_memory::report`] rewrites them with the columns filled from the manifest.
//! The statistics run over **all** draws, a censored draw counting with its iterations (the
//! cap): where draws are censored, `mean` and `mean_log10` are lower bounds, and a quantile
//! equal to the cap means "at least the cap". Quantiles are the inverse of the empirical
//! distribution function (Hyndman and Fan's type 1): the p-quantile is the smallest x with
//! at least a fraction p of draws at or below x. `mean` is rounded to 0.1 and `mean_log10`
//! to 1e-4.

use super::histogram::Histogram;
use crate::chess_memory::search::{Outcome, SearchConfig};
use crate::experiment::StudyError;
use crate::stats::{Quantile, Sample, quantile};
use serde::{Deserialize, Serialize};

/// Results of this module: a puzzle's error ([`StudyError`]) unless another is named.
type Result<T, E = StudyError> = std::result::Result<T, E>;

/// The header of `summary.csv`.
pub const COLUMNS: [&str; 16] = [
    "ordering",
    "search",
    "restart",
    "order",
    "queue",
    "cap",
    "draws",
    "solved",
    "censored",
    "exhausted",
    "mean",
    "median",
    "p90",
    "p99",
    "max",
    "mean_log10",
];

/// One row of `summary.csv`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SummaryRow {
    /// The series label, e.g. `fc+fixed:300/QNBR`.
    pub ordering: String,
    /// The search algorithm: `seed`, `dfs`, `fc`, `mrv`.
    #[serde(default)]
    pub search: String,
    /// The restart policy: `none`, `fixed:300`, `luby:256`, ….
    #[serde(default)]
    pub restart: String,
    /// The order part of the label: a type order such as `QNBR`, or the queue.
    #[serde(default)]
    pub order: String,
    pub queue: String,
    /// The iteration cap of every draw; `None` (an empty field) without one.
    #[serde(default)]
    pub cap: Option<u64>,
    pub draws: u64,
    pub solved: u64,
    pub censored: u64,
    pub exhausted: u64,
    pub mean: f64,
    pub median: u64,
    pub p90: u64,
    pub p99: u64,
    pub max: u64,
    pub mean_log10: f64,
}

/// Collects the draws of one series, in any order, for its summary row and histogram.
#[derive(Clone, Debug, Default)]
pub struct SeriesTally {
    iterations: Vec<u64>,
    outcomes: [u64; 3],
    pub histogram: Histogram,
}

/// The columns that name a series: its search, restart policy and order, from its label
/// and search configuration.
pub fn label_parts(label: &str, search: &SearchConfig) -> (String, String, String) {
    let order = label.rsplit('/').next().unwrap_or(label);
    (
        search.algorithm.name().to_string(),
        search.restart.to_string(),
        order.to_string(),
    )
}

impl SummaryRow {
    /// Fills the columns that describe the series (search, restart, order) and the cap.
    pub fn describe(&mut self, search: &SearchConfig, cap: Option<u64>) {
        (self.search, self.restart, self.order) = label_parts(&self.ordering, search);
        self.cap = cap;
    }
}

/// Writes `summary.csv`: the header, even without rows (an empty shard), then the rows.
pub fn write<W: std::io::Write>(writer: W, rows: &[SummaryRow]) -> Result<()> {
    let mut writer = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(writer);
    writer.write_record(COLUMNS)?;
    for row in rows {
        writer.serialize(row)?;
    }
    writer.flush()?;
    Ok(())
}

fn rounded(value: f64, decimals: i32) -> f64 {
    let scale = 10f64.powi(decimals);
    (value * scale).round() / scale
}

impl SeriesTally {
    pub fn add(&mut self, iterations: u64, outcome: Outcome) {
        self.iterations.push(iterations);
        self.histogram.add(iterations, outcome);
        self.outcomes[match outcome {
            Outcome::Solved => 0,
            Outcome::Censored => 1,
            Outcome::Exhausted => 2,
        }] += 1;
    }

    pub fn is_empty(&self) -> bool {
        self.iterations.is_empty()
    }

    /// Adds the draws of `later`, a tally of the rows that follow this one's.
    pub fn append(&mut self, later: SeriesTally) {
        self.iterations.extend(later.iterations);
        for (mine, theirs) in self.outcomes.iter_mut().zip(later.outcomes) {
            *mine += theirs;
        }
        for bin in later.histogram.bins() {
            self.histogram.add_bin(bin);
        }
    }

    /// The summary row of the draws added so far (at least one) of the series `ordering`
    /// with `queue`, `search` and `cap`. Quantiles count every draw at its iteration count
    /// (a censored draw at the cap), through [`crate::stats::quantile`].
    pub fn summary(
        &mut self,
        ordering: &str,
        queue: &str,
        search: &SearchConfig,
        cap: Option<u64>,
    ) -> SummaryRow {
        let values = &self.iterations;
        let n = values.len() as f64;
        let sum: u64 = values.iter().sum();
        let log_sum: f64 = values.iter().map(|&v| (v.max(1) as f64).log10()).sum();
        let sample = Sample::from_values(values.iter().copied()).expect("at least one draw");
        let at = |p: f64| match quantile(&sample, p).expect("a fixed probability") {
            Quantile::Value(value) => value,
            Quantile::Censored => unreachable!("a sample without a cap has no censored draws"),
        };
        let [solved, censored, exhausted] = self.outcomes;
        let mut row = SummaryRow {
            ordering: ordering.to_string(),
            search: String::new(),
            restart: String::new(),
            order: String::new(),
            queue: queue.to_string(),
            cap: None,
            draws: values.len() as u64,
            solved,
            censored,
            exhausted,
            mean: rounded(sum as f64 / n, 1),
            median: at(0.5),
            p90: at(0.9),
            p99: at(0.99),
            max: at(1.0),
            mean_log10: rounded(log_sum / n, 4),
        };
        row.describe(search, cap);
        row
    }
}

/// Reads `summary.csv`.
pub fn read(path: &std::path::Path) -> Result<Vec<SummaryRow>> {
    Ok(crate::output::read_csv(path)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_counts_outcomes_and_treats_censored_at_the_cap() {
        let mut tally = SeriesTally::default();
        for v in [100, 1000, 10] {
            tally.add(v, Outcome::Solved);
        }
        tally.add(5000, Outcome::Censored);
        let row = tally.summary("QNBR", "QQ", &SearchConfig::SEED, Some(5000));
        assert_eq!(
            (row.draws, row.solved, row.censored, row.exhausted),
            (4, 3, 1, 0)
        );
        assert_eq!(
            (&*row.search, &*row.restart, &*row.order, row.cap),
            ("seed", "none", "QNBR", Some(5000))
        );
        assert_eq!(row.mean, 1527.5);
        assert_eq!(
            (row.median, row.p90, row.p99, row.max),
            (100, 5000, 5000, 5000)
        );
        // (1 + 2 + 3 + log10 5000) / 4 = (6 + 3.69897) / 4
        assert_eq!(row.mean_log10, 2.4247);
    }

    #[test]
    fn the_file_has_its_header_without_rows_and_reads_old_files() {
        let mut empty = Vec::new();
        write(&mut empty, &[]).unwrap();
        assert_eq!(String::from_utf8(empty).unwrap(), COLUMNS.join(",") + "\n");
        let mut tally = SeriesTally::default();
        tally.add(7, Outcome::Solved);
        let search: SearchConfig = "fc"
            .parse::<crate::chess_memory::search::Algorithm>()
            .map(|algorithm| SearchConfig {
                algorithm,
                restart: "fixed:300".parse().unwrap(),
            })
            .unwrap();
        let row = tally.summary("fc+fixed:300/QNBR", "QQ", &search, None);
        let mut text = Vec::new();
        write(&mut text, std::slice::from_ref(&row)).unwrap();
        assert_eq!(
            String::from_utf8(text).unwrap().lines().nth(1).unwrap(),
            "fc+fixed:300/QNBR,fc,fixed:300,QNBR,QQ,,1,1,0,0,7.0,7,7,7,7,0.8451"
        );
        // The columns before search, restart, order and cap existed.
        let dir = tempfile::tempdir().unwrap();
        let old = dir.path().join("summary.csv");
        std::fs::write(&old, "ordering,queue,draws,solved,censored,exhausted,mean,median,p90,p99,max,mean_log10\nQNBR,QQ,1,1,0,0,7.0,7,7,7,7,0.8451\n").unwrap();
        let rows = read(&old).unwrap();
        assert_eq!(
            (rows[0].cap, &*rows[0].search, rows[0].median),
            (None, "", 7)
        );
    }
}
