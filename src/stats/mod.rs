//! Statistics of iteration counts: one [`Sample`] per ordering, and the functions that
//! describe and compare samples.
//!
//! **The data.** An experiment runs many draws of one ordering, each up to a shared iteration
//! cap. A draw either *solves* (its iteration count `T` is known and `T ≤ cap`) or does not
//! (it hit the cap, or its search was exhausted and can never solve). A [`Sample`] stores the
//! solved counts as sorted distinct values with multiplicities, and the number of unsolved
//! draws. Every unsolved draw is read as `T > cap` (an exhausted draw never solves, so this
//! holds for it too). Because all draws share one cap, the empirical distribution is exact up
//! to the cap: no survival-analysis estimator (Kaplan–Meier) is needed, only counting.
//! Binned data (a histogram with representative values) is a sample of the same shape, so
//! every function is exact for the data it is given and runs in time linear in the number of
//! distinct values, not of draws.
//!
//! **The functions**, each with its definition and source in its own file:
//!
//! | file | what |
//! |---|---|
//! | [`quantile`](mod@quantile) | quantiles, inverse of the empirical CDF (Hyndman and Fan 1996, type 1) |
//! | [`bootstrap`] | the median's seeded percentile-bootstrap confidence interval (Efron 1979) |
//! | [`survival`](mod@survival) | the empirical survival function P(T > x), exact up to the cap |
//! | [`rank_test`] | Mann–Whitney U with ties and the cap, Holm's correction (Holm 1979) |
//! | [`distance`] | the two-sample Kolmogorov–Smirnov statistic |
//! | [`elo`] | engine testers' Elo interval, likelihood of superiority and SPRT (fishtest) |
//! | [`tail`] | the Hill estimator of the tail index, censored (Beirlant et al. 2007) |
//! | [`restart`] | the expected cost of restarting after t iterations (Luby, Sinclair, Zuckerman 1993) |
//! | [`binning`] | the log-linear bins of the committed histograms |
//! | [`normal`] | the normal distribution function (erfc) |
//! | [`proportion`] | Wilson intervals of proportions; exact binomial and multinomial variates |
//! | [`score_interval`] | a Wilson-type interval of a mean game score, honest at any number of games |

pub mod binning;
pub mod bootstrap;
pub mod distance;
pub mod elo;
pub mod normal;
pub mod proportion;
pub mod quantile;
pub mod rank_test;
pub mod restart;
pub mod score_interval;
pub mod survival;
pub mod tail;

pub use binning::bin_of;
pub use bootstrap::{BootstrapConfig, MedianInterval, median_interval};
pub use distance::ks_statistic;
pub use quantile::{Quantile, median, quantile};
pub use rank_test::{PairComparison, RankTest, compare_all, holm, mann_whitney};
pub use restart::{RestartAnalysis, RestartPoint, restart_analysis};
pub use survival::{SurvivalPoint, survival, survival_at};
pub use tail::{TailIndex, default_hill_k, hill};

/// Errors of the statistics functions; each names the offending input.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum StatsError {
    /// A sample needs at least one draw.
    #[error("a sample needs at least one draw")]
    Empty,
    /// A solved draw took more iterations than the cap allows.
    #[error("a solved draw has {value} iterations, above the cap of {cap}")]
    AboveCap { value: u64, cap: u64 },
    /// Unsolved draws are only meaningful below a stated cap.
    #[error("{unsolved} draws are unsolved but no cap is given")]
    UnsolvedWithoutCap { unsolved: u64 },
    /// A probability or level outside its valid range.
    #[error("{what} must be in {range}, got {value}")]
    OutOfRange {
        what: &'static str,
        range: &'static str,
        value: f64,
    },
    /// The Hill estimator cannot be computed for this sample and k.
    #[error("Hill estimator with k = {k} on {n} draws: {reason}")]
    Tail {
        k: u64,
        n: u64,
        reason: &'static str,
    },
}

/// The iteration counts of the draws of one ordering (module docs).
///
/// Invariants: `values` is sorted by value, values are distinct, counts are positive; every
/// solved value is at most `cap`; `unsolved > 0` only with a cap; at least one draw.
#[derive(Debug, Clone, PartialEq)]
pub struct Sample {
    /// (iterations, number of solved draws with exactly that many), sorted, distinct.
    values: Vec<(u64, u64)>,
    /// `cumulative[i]`: the number of solved draws with at most `values[i].0` iterations.
    cumulative: Vec<u64>,
    /// Draws that did not solve within the cap (including exhausted searches).
    unsolved: u64,
    /// The shared iteration cap, if the draws had one.
    cap: Option<u64>,
}

impl Sample {
    /// A sample from per-draw results `(iterations, solved)` under a shared `cap`.
    ///
    /// The iteration count of an unsolved draw is ignored: it counts as `T > cap`. A solved
    /// draw above the cap, or an unsolved draw without a cap, is an error.
    pub fn from_draws(
        draws: impl IntoIterator<Item = (u64, bool)>,
        cap: Option<u64>,
    ) -> Result<Sample, StatsError> {
        let mut solved = Vec::new();
        let mut unsolved = 0;
        for (iterations, is_solved) in draws {
            if is_solved {
                solved.push((iterations, 1));
            } else {
                unsolved += 1;
            }
        }
        Sample::from_bins(solved, unsolved, cap)
    }

    /// A sample of solved draws only, with no cap: the usual case of a test or a small run.
    pub fn from_values(values: impl IntoIterator<Item = u64>) -> Result<Sample, StatsError> {
        Sample::from_bins(values.into_iter().map(|v| (v, 1)), 0, None)
    }

    /// A sample from `(value, count)` pairs in any order (repeated values are added up, zero
    /// counts dropped), `unsolved` draws and the `cap`.
    ///
    /// For a histogram, `value` is the representative value of a bin (see [`binning`]); every
    /// statistic is then exact for the sample in which each draw sits at its representative.
    pub fn from_bins(
        bins: impl IntoIterator<Item = (u64, u64)>,
        unsolved: u64,
        cap: Option<u64>,
    ) -> Result<Sample, StatsError> {
        let mut bins: Vec<(u64, u64)> = bins.into_iter().filter(|&(_, c)| c > 0).collect();
        bins.sort_unstable_by_key(|&(value, _)| value);
        let mut values: Vec<(u64, u64)> = Vec::with_capacity(bins.len());
        for (value, count) in bins {
            match values.last_mut() {
                Some(last) if last.0 == value => last.1 += count,
                _ => values.push((value, count)),
            }
        }
        Sample::from_sorted(values, unsolved, cap)
    }

    /// Checks the invariants of already sorted, distinct, positive `values`.
    fn from_sorted(
        values: Vec<(u64, u64)>,
        unsolved: u64,
        cap: Option<u64>,
    ) -> Result<Sample, StatsError> {
        debug_assert!(values.windows(2).all(|w| w[0].0 < w[1].0));
        if let (Some(cap), Some(&(value, _))) = (cap, values.last())
            && value > cap
        {
            return Err(StatsError::AboveCap { value, cap });
        }
        if unsolved > 0 && cap.is_none() {
            return Err(StatsError::UnsolvedWithoutCap { unsolved });
        }
        if values.is_empty() && unsolved == 0 {
            return Err(StatsError::Empty);
        }
        let cumulative = values
            .iter()
            .scan(0u64, |total, &(_, count)| {
                *total += count;
                Some(*total)
            })
            .collect();
        Ok(Sample {
            values,
            cumulative,
            unsolved,
            cap,
        })
    }

    /// The same draws censored at `cap`: solved draws above it become unsolved, and the cap
    /// becomes the smaller of the two. Used to compare samples run under different caps.
    pub fn censored_at(&self, cap: u64) -> Sample {
        let cap = self.cap.map_or(cap, |own| own.min(cap));
        let kept = self.values.partition_point(|&(value, _)| value <= cap);
        let moved: u64 = self.values[kept..].iter().map(|&(_, count)| count).sum();
        Sample::from_sorted(
            self.values[..kept].to_vec(),
            self.unsolved + moved,
            Some(cap),
        )
        .expect("censoring keeps the invariants")
    }

    /// Both samples censored at their common cap (the smaller cap; none if neither has one),
    /// so that "unsolved" means the same in both; used by the two-sample comparisons.
    pub fn at_common_cap(a: &Sample, b: &Sample) -> (Sample, Sample, Option<u64>) {
        let cap = match (a.cap, b.cap) {
            (Some(x), Some(y)) => Some(x.min(y)),
            (cap, None) | (None, cap) => cap,
        };
        match cap {
            Some(cap) => (a.censored_at(cap), b.censored_at(cap), Some(cap)),
            None => (a.clone(), b.clone(), None),
        }
    }

    /// The solved values with their counts, sorted, distinct.
    pub fn values(&self) -> &[(u64, u64)] {
        &self.values
    }

    /// `cumulative()[i]`: the number of solved draws with at most `values()[i].0` iterations.
    pub fn cumulative(&self) -> &[u64] {
        &self.cumulative
    }

    /// The number of draws that did not solve within the cap.
    pub fn unsolved(&self) -> u64 {
        self.unsolved
    }

    /// The shared iteration cap, if any.
    pub fn cap(&self) -> Option<u64> {
        self.cap
    }

    /// The number of solved draws.
    pub fn solved(&self) -> u64 {
        self.cumulative.last().copied().unwrap_or(0)
    }

    /// The number of draws, solved or not.
    pub fn draws(&self) -> u64 {
        self.solved() + self.unsolved
    }

    /// The censored fraction: unsolved draws / all draws, the estimate of P(T > cap).
    pub fn censored_fraction(&self) -> f64 {
        self.unsolved as f64 / self.draws() as f64
    }

    /// The number of solved draws with at most `x` iterations (n·F(x), F the empirical CDF).
    pub fn count_at_most(&self, x: u64) -> u64 {
        match self.values.partition_point(|&(value, _)| value <= x) {
            0 => 0,
            i => self.cumulative[i - 1],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_merge_sort_and_count() {
        let sample = Sample::from_bins([(5, 1), (3, 2), (5, 2), (9, 0)], 4, Some(10)).unwrap();
        assert_eq!(sample.values(), &[(3, 2), (5, 3)]);
        assert_eq!(sample.cumulative(), &[2, 5]);
        assert_eq!(
            (sample.solved(), sample.unsolved(), sample.draws()),
            (5, 4, 9)
        );
        assert_eq!(sample.censored_fraction(), 4.0 / 9.0);
        assert_eq!(
            [2, 3, 4, 5, 100].map(|x| sample.count_at_most(x)),
            [0, 2, 2, 5, 5]
        );
    }

    #[test]
    fn draws_are_checked_against_the_cap() {
        let draws = [(7, true), (99, false), (3, true)];
        let sample = Sample::from_draws(draws, Some(8)).unwrap();
        assert_eq!(
            (sample.values(), sample.unsolved()),
            (&[(3, 1), (7, 1)][..], 1)
        );
        assert_eq!(
            Sample::from_draws(draws, Some(5)),
            Err(StatsError::AboveCap { value: 7, cap: 5 })
        );
        assert_eq!(
            Sample::from_draws(draws, None),
            Err(StatsError::UnsolvedWithoutCap { unsolved: 1 })
        );
        assert_eq!(Sample::from_values([]), Err(StatsError::Empty));
    }

    #[test]
    fn censoring_moves_values_above_the_new_cap() {
        let sample = Sample::from_bins([(1, 1), (4, 2), (6, 3)], 1, Some(9)).unwrap();
        let censored = sample.censored_at(5);
        assert_eq!(censored.values(), &[(1, 1), (4, 2)]);
        assert_eq!((censored.unsolved(), censored.cap()), (4, Some(5)));
        assert_eq!(sample.censored_at(20), sample);
    }
}
