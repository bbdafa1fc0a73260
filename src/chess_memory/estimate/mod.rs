//! How many boards an instance has, estimated with a 95% interval where the exact count
//! ([`crate::chess_memory::counting`]) is out of reach, by two methods that share nothing but
//! the attack tables:
//!
//! - [`by_square`]: sequential importance sampling that covers the board square by square in a
//!   fixed order and counts the last squares' completions exactly;
//! - [`by_symbol`]: sampling whole pair sets symbol by symbol with exact stage weights, the
//!   last symbols' completions counted exactly.
//!
//! Each probe is an unbiased estimate of the number of boards, drawn from its own random
//! stream (seed, method, probe index), so the probes and their mean do not depend on the
//! number of threads. [`ProbeSummary`] turns the probes into a mean and an interval.

pub mod by_square;
pub mod by_symbol;

use crate::chess_memory::board::BoardSize;
use crate::chess_memory::counting::PairShape;
use crate::chess_memory::sat::Instance;
use by_square::CoverProblem;
use by_symbol::SymbolStages;
use rayon::prelude::*;

/// Which of the two estimators runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EstimateMethod {
    /// [`by_square`].
    Square,
    /// [`by_symbol`].
    Symbol,
}

crate::names::named_enum!(EstimateMethod, "estimate method", {
    Square => "square",
    Symbol => "symbol",
});

/// What is estimated: the boards of an instance, or the ways to cover the board with pairs
/// of one shape (which only [`by_square`] can estimate).
#[derive(Clone, Copy, Debug)]
pub enum EstimateTarget {
    Boards(Instance),
    Pairings(BoardSize, PairShape),
}

/// Open squares the square method counts exactly by default (`--tail-squares`).
pub const DEFAULT_TAIL_SQUARES: u32 = 24;
/// Last symbols the symbol method counts exactly by default (`--tail-symbols`).
pub const DEFAULT_TAIL_SYMBOLS: usize = 3;

/// How to estimate: the method, its exact tail and the probes.
#[derive(Clone, Copy, Debug)]
pub struct EstimateSettings {
    pub method: EstimateMethod,
    /// The square method counts exactly once at most this many squares are open.
    pub tail_squares: u32,
    /// The symbol method counts this many last symbols exactly.
    pub tail_symbols: usize,
    /// Probes to run, at least 1.
    pub probes: u64,
    /// The master seed of the probes' streams.
    pub seed: u64,
}

/// A request that cannot be estimated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EstimateError {
    #[error(
        "the symbol method places symbols, not pairs of one shape; use --method square with --pairing"
    )]
    PairingBySymbol,
    #[error("no probes to run; give --probes 1 or more")]
    NoProbes,
}

/// The probes of `settings` on `target` (on the current rayon pool), summarised.
pub fn estimate(
    target: &EstimateTarget,
    settings: &EstimateSettings,
) -> Result<ProbeSummary, EstimateError> {
    if settings.probes == 0 {
        return Err(EstimateError::NoProbes);
    }
    let (probes, seed) = (settings.probes, settings.seed);
    let values = match (settings.method, target) {
        (EstimateMethod::Square, _) => {
            let problem = match *target {
                EstimateTarget::Boards(instance) => CoverProblem::of_instance(&instance),
                EstimateTarget::Pairings(size, shape) => CoverProblem::pairing(size, shape),
            };
            let tail = settings.tail_squares;
            run_probes(probes, |i| by_square::probe(&problem, tail, seed, i))
        }
        (EstimateMethod::Symbol, EstimateTarget::Boards(instance)) => {
            let stages = SymbolStages::new(instance, settings.tail_symbols);
            run_probes(probes, |i| stages.probe(seed, i))
        }
        (EstimateMethod::Symbol, EstimateTarget::Pairings(..)) => {
            return Err(EstimateError::PairingBySymbol);
        }
    };
    Ok(ProbeSummary::of(&values))
}

/// The probes' values `probe(0), probe(1), …` in probe order, computed on the current rayon
/// pool (so the values do not depend on its size).
pub fn run_probes(probes: u64, probe: impl Fn(u64) -> f64 + Sync) -> Vec<f64> {
    (0..probes).into_par_iter().map(&probe).collect()
}

/// The mean of independent unbiased probes and how far to trust it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ProbeSummary {
    /// Probes run.
    pub probes: u64,
    /// Probes whose value is not 0 (those that reached at least one board).
    pub nonzero: u64,
    /// The mean of the probes: the estimate.
    pub mean: f64,
    /// The standard error of the mean (sample standard deviation over √probes).
    pub standard_error: f64,
    /// The largest probe's share of the sum of all probes. Near 1/nonzero the probes weigh
    /// alike; near 1 one probe makes the estimate, the sign of a heavy tail, and the interval
    /// is then not to be trusted.
    pub largest_share: f64,
}

/// The normal quantile of a two-sided 95% interval.
const Z_95: f64 = 1.959_963_984_540_054;

impl ProbeSummary {
    /// The summary of `values`, summed in their order (so it is the same for any thread count).
    pub fn of(values: &[f64]) -> ProbeSummary {
        let probes = values.len() as u64;
        let n = probes.max(1) as f64;
        let sum: f64 = values.iter().sum();
        let mean = sum / n;
        let squares: f64 = values.iter().map(|v| (v - mean) * (v - mean)).sum();
        let variance = if probes > 1 { squares / (n - 1.0) } else { 0.0 };
        let largest = values.iter().copied().fold(0.0, f64::max);
        ProbeSummary {
            probes,
            nonzero: values.iter().filter(|&&v| v != 0.0).count() as u64,
            mean,
            standard_error: (variance / n).sqrt(),
            largest_share: if sum > 0.0 { largest / sum } else { 0.0 },
        }
    }

    /// The 95% interval by the central limit theorem, its lower end cut at 0.
    pub fn interval(&self) -> (f64, f64) {
        let half = Z_95 * self.standard_error;
        ((self.mean - half).max(0.0), self.mean + half)
    }

    /// The standard error over the mean (0 when the mean is 0).
    pub fn relative_error(&self) -> f64 {
        if self.mean > 0.0 {
            self.standard_error / self.mean
        } else {
            0.0
        }
    }

    /// The share of probes that were not 0.
    pub fn nonzero_share(&self) -> f64 {
        self.nonzero as f64 / self.probes.max(1) as f64
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod summary_tests {
    use super::*;

    #[test]
    fn the_summary_of_known_values() {
        let summary = ProbeSummary::of(&[0.0, 2.0, 4.0, 6.0]);
        assert_eq!((summary.probes, summary.nonzero), (4, 3));
        assert_eq!(summary.mean, 3.0);
        // Sample variance 20/3, standard error √(20/12).
        assert!((summary.standard_error - (20.0f64 / 12.0).sqrt()).abs() < 1e-12);
        assert_eq!(summary.largest_share, 0.5);
        let (low, high) = summary.interval();
        assert!((low - 0.469).abs() < 1e-3 && (high - 5.530).abs() < 1e-3);
        let exact = ProbeSummary::of(&[7.0; 3]);
        assert_eq!(
            (exact.interval(), exact.relative_error()),
            ((7.0, 7.0), 0.0)
        );
    }
}
