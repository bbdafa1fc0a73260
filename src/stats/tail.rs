//! The tail index of the iteration counts by the Hill estimator (Hill, "A simple general
//! approach to inference about the tail of a distribution", Annals of Statistics 3(5), 1975),
//! in its version for censored data (Beirlant, Guillou, Dierckx and Fils-Villetard,
//! "Estimation of the extreme value index and extreme quantiles under random censoring",
//! Extremes 10, 2007; Einmahl, Fils-Villetard and Guillou, Bernoulli 14(1), 2008).
//!
//! **Definition.** A tail P(T > x) ≈ C x^(−α) is heavy with index α (γ = 1/α); α ≤ 1 means an
//! infinite mean, α ≤ 2 an infinite variance. With Z₍₁₎ ≥ Z₍₂₎ ≥ … the draws from the top,
//! unsolved ones first at the value of the cap, and k of them above the threshold Z₍ₖ₊₁₎:
//!
//! ```text
//! H_k = (1/k) Σᵢ₌₁..ₖ ln(Z₍ᵢ₎ / Z₍ₖ₊₁₎)       (Hill's estimate of γ)
//! p_k = (number of solved draws among the top k) / k
//! γ̂  = H_k / p_k,   α̂ = 1 / γ̂,   standard error ≈ γ̂ / √(k·p_k)
//! ```
//!
//! Without censoring p_k = 1 and γ̂ is Hill's estimator. With censoring at a fixed cap γ̂ is
//! also the maximum-likelihood estimate of a Pareto tail above the threshold under type-I
//! censoring (total log-excess over the number of solved draws), so it suits this data.
//!
//! **Choice of k.** [`default_hill_k`]: every unsolved draw plus the largest 5% of the solved
//! draws, k = u + ⌈0.05·s⌉ (the usual top 5% when nothing is censored); the estimate needs at
//! least one solved draw above the threshold and a threshold below the unsolved draws. Hill
//! estimates drift with k when the tail is not exactly Pareto: look at them over a range of k
//! (the "Hill plot") before trusting one.

use super::quantile::{Quantile, order_statistic};
use super::{Sample, StatsError};

/// A tail-index estimate.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TailIndex {
    /// Number of draws above the threshold.
    pub k: u64,
    /// The threshold Z₍ₖ₊₁₎, a solved value.
    pub threshold: u64,
    /// Fraction p_k of solved draws among the top k.
    pub solved_fraction: f64,
    /// γ̂ = H_k / p_k, the extreme value index.
    pub gamma: f64,
    /// α̂ = 1 / γ̂, the tail index.
    pub alpha: f64,
    /// Asymptotic standard error of γ̂, γ̂ / √(k p_k); α̂'s relative error is the same.
    pub gamma_std_error: f64,
}

/// k = u + ⌈0.05·s⌉ for u unsolved and s solved draws, at most n − 1 (module docs).
pub fn default_hill_k(sample: &Sample) -> u64 {
    let k = sample.unsolved() + sample.solved().div_ceil(20);
    k.min(sample.draws() - 1)
}

/// The censored Hill estimate over the top `k` draws (module docs for the definition).
pub fn hill(sample: &Sample, k: u64) -> Result<TailIndex, StatsError> {
    let n = sample.draws();
    let fail = |reason| Err(StatsError::Tail { k, n, reason });
    if k == 0 || k >= n {
        return fail("k must be in 1..n");
    }
    let threshold = match order_statistic(sample, n - k) {
        Quantile::Value(value) if value > 0 => value,
        Quantile::Value(_) => return fail("the threshold is 0"),
        Quantile::Censored => return fail("the threshold falls among the unsolved draws"),
    };
    let censored = sample.unsolved();
    let solved_above = k - censored;
    if solved_above == 0 {
        return fail("no solved draw above the threshold");
    }
    let base = (threshold as f64).ln();
    // Unsolved draws sit at the cap (a sample has one whenever it has unsolved draws).
    let mut log_excess = match sample.cap() {
        Some(cap) if censored > 0 => censored as f64 * ((cap as f64).ln() - base),
        _ => 0.0,
    };
    let mut needed = solved_above;
    for &(value, count) in sample.values().iter().rev() {
        let taken = count.min(needed);
        log_excess += taken as f64 * ((value as f64).ln() - base);
        needed -= taken;
        if needed == 0 {
            break;
        }
    }
    if log_excess <= 0.0 {
        return fail("the top k draws all equal the threshold");
    }
    let gamma = log_excess / solved_above as f64;
    Ok(TailIndex {
        k,
        threshold,
        solved_fraction: solved_above as f64 / k as f64,
        gamma,
        alpha: 1.0 / gamma,
        gamma_std_error: gamma / (solved_above as f64).sqrt(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hill_by_hand() {
        // Draws 1, 2, 4, 8, 16; k = 2: threshold 4, H = (ln 4 + ln 2) / 2 = 1.5 ln 2.
        let sample = Sample::from_values([16, 1, 8, 4, 2]).unwrap();
        let tail = hill(&sample, 2).unwrap();
        assert_eq!((tail.k, tail.threshold, tail.solved_fraction), (2, 4, 1.0));
        assert!((tail.gamma - 1.5 * 2f64.ln()).abs() < 1e-15);
        assert!((tail.alpha - 1.0 / (1.5 * 2f64.ln())).abs() < 1e-15);
        // Ties straddling the threshold: draws 2, 4, 4, 4, 8; k = 3 takes 8, 4, 4 above a 4.
        let tied = Sample::from_values([2, 4, 4, 4, 8]).unwrap();
        let tail = hill(&tied, 3).unwrap();
        assert_eq!(tail.threshold, 4);
        assert!((tail.gamma - 2f64.ln() / 3.0).abs() < 1e-15);
    }

    #[test]
    fn censored_hill_by_hand() {
        // Solved 1, 2, 4, 8 and two unsolved at the cap 32; k = 4: top = 32, 32, 8, 4 above 2.
        // Log-excesses: 2·ln 16 + ln 4 + ln 2 = 11 ln 2 over 2 solved: γ = 5.5 ln 2.
        let sample = Sample::from_bins([(1, 1), (2, 1), (4, 1), (8, 1)], 2, Some(32)).unwrap();
        let tail = hill(&sample, 4).unwrap();
        assert_eq!((tail.threshold, tail.solved_fraction), (2, 0.5));
        assert!((tail.gamma - 5.5 * 2f64.ln()).abs() < 1e-14);
        assert!((tail.gamma_std_error - tail.gamma / 2f64.sqrt()).abs() < 1e-15);
        assert_eq!(default_hill_k(&sample), 3);
    }

    #[test]
    fn degenerate_choices_of_k_are_errors() {
        let sample = Sample::from_bins([(1, 1), (2, 1)], 2, Some(32)).unwrap();
        for k in [0, 2, 4] {
            assert!(hill(&sample, k).is_err(), "k = {k}");
        }
        let flat = Sample::from_values([5, 5, 5]).unwrap();
        assert!(hill(&flat, 1).is_err());
        let zero = Sample::from_values([0, 0, 5]).unwrap();
        assert!(hill(&zero, 1).is_err());
    }
}
