//! `summary.csv`: one row per ordering with its outcome counts and the distribution of
//! iterations.
//!
//! Columns: `ordering,queue,draws,solved,censored,exhausted,mean,median,p90,p99,max,mean_log10`.
//! The statistics run over **all** draws, a censored draw counting with its iterations (the
//! cap): where draws are censored, `mean` and `mean_log10` are lower bounds, and a quantile
//! equal to the cap means "at least the cap". Quantiles are the inverse of the empirical
//! distribution function (Hyndman and Fan's type 1): the p-quantile is the smallest x with
//! at least a fraction p of draws at or below x. `mean` is rounded to 0.1 and `mean_log10`
//! to 1e-4.

use super::histogram::Histogram;
use crate::search::Outcome;
use crate::stats;
use serde::{Deserialize, Serialize};

/// One row of `summary.csv`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SummaryRow {
    pub ordering: String,
    pub queue: String,
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

/// The type-1 quantile of sorted values, with the rank rule of [`stats::quantile::quantile_rank`].
pub fn quantile_type1(sorted: &[u64], p: f64) -> u64 {
    let rank =
        stats::quantile::quantile_rank(sorted.len() as u64, p).expect("p is a fixed probability");
    sorted[rank as usize - 1]
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

    /// The summary row of the draws added so far (at least one).
    pub fn summary(&mut self, ordering: &str, queue: &str) -> SummaryRow {
        let values = &mut self.iterations;
        values.sort_unstable();
        let n = values.len() as f64;
        let sum: u64 = values.iter().sum();
        let log_sum: f64 = values.iter().map(|&v| (v.max(1) as f64).log10()).sum();
        let [solved, censored, exhausted] = self.outcomes;
        SummaryRow {
            ordering: ordering.to_string(),
            queue: queue.to_string(),
            draws: values.len() as u64,
            solved,
            censored,
            exhausted,
            mean: rounded(sum as f64 / n, 1),
            median: quantile_type1(values, 0.5),
            p90: quantile_type1(values, 0.9),
            p99: quantile_type1(values, 0.99),
            max: *values.last().expect("at least one draw"),
            mean_log10: rounded(log_sum / n, 4),
        }
    }
}

/// Reads `summary.csv`.
pub fn read(path: &std::path::Path) -> anyhow::Result<Vec<SummaryRow>> {
    use anyhow::Context;
    let mut reader =
        csv::Reader::from_path(path).with_context(|| format!("cannot read {}", path.display()))?;
    reader
        .deserialize()
        .map(|row| row.with_context(|| format!("reading {}", path.display())))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type1_quantiles_by_hand() {
        let sorted = [10, 20, 30, 40];
        // F(20) = 0.5 reaches p = 0.5 first; p = 0.51 needs 30; p = 0.99 needs 40.
        assert_eq!(quantile_type1(&sorted, 0.5), 20);
        assert_eq!(quantile_type1(&sorted, 0.51), 30);
        assert_eq!(quantile_type1(&sorted, 0.99), 40);
        assert_eq!(quantile_type1(&sorted, 0.0), 10);
    }

    #[test]
    fn summary_counts_outcomes_and_treats_censored_at_the_cap() {
        let mut tally = SeriesTally::default();
        for v in [100, 1000, 10] {
            tally.add(v, Outcome::Solved);
        }
        tally.add(5000, Outcome::Censored);
        let row = tally.summary("QNBR", "QQ");
        assert_eq!(
            (row.draws, row.solved, row.censored, row.exhausted),
            (4, 3, 1, 0)
        );
        assert_eq!(row.mean, 1527.5);
        assert_eq!(
            (row.median, row.p90, row.p99, row.max),
            (100, 5000, 5000, 5000)
        );
        // (1 + 2 + 3 + log10 5000) / 4 = (6 + 3.69897) / 4
        assert_eq!(row.mean_log10, 2.4247);
    }
}
