//! Quantiles as the inverse of the empirical distribution function: definition 1 of Hyndman
//! and Fan, "Sample quantiles in statistical packages", The American Statistician 50(4), 1996
//! (R's `quantile(type = 1)`, numpy's `method = "inverted_cdf"`).
//!
//! For n draws with order statistics x₍₁₎ ≤ … ≤ x₍ₙ₎ (unsolved draws last, above the cap):
//!
//! ```text
//! Q(p) = min { x : F(x) ≥ p } = x₍ⱼ₎,   j = max(1, ⌈n·p⌉),   0 ≤ p ≤ 1
//! ```
//!
//! so Q(0.5) is the lower median x₍⌈n/2⌉₎. The definition never interpolates, so it needs
//! only the counts, always returns an observed (or bin-representative) value, and stays
//! defined under censoring: when x₍ⱼ₎ is an unsolved draw the quantile is only known to
//! exceed the cap, [`Quantile::Censored`]. As in R, n·p within a relative 4ε of an integer
//! counts as that integer, so that Q(0.7) of ten values is x₍₇₎ despite rounding.

use super::{Sample, StatsError};

/// A quantile of iteration counts: a value, or "above the cap" when it falls among the
/// unsolved draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Quantile {
    /// The quantile is this many iterations.
    Value(u64),
    /// The quantile is an unsolved draw: more iterations than the cap (or never solved).
    Censored,
}

impl Quantile {
    /// The value, or `None` when censored.
    pub fn value(self) -> Option<u64> {
        match self {
            Quantile::Value(value) => Some(value),
            Quantile::Censored => None,
        }
    }
}

/// The rank j = max(1, ⌈n·p⌉) of the p-quantile among n draws (module docs), 1-based.
pub fn quantile_rank(n: u64, p: f64) -> Result<u64, StatsError> {
    if !(0.0..=1.0).contains(&p) {
        return Err(StatsError::OutOfRange {
            what: "a quantile's probability",
            range: "[0, 1]",
            value: p,
        });
    }
    let np = n as f64 * p;
    let fuzz = 4.0 * f64::EPSILON * np;
    let whole = (np + fuzz).floor();
    let rank = if np > whole + fuzz {
        whole + 1.0
    } else {
        whole
    };
    Ok((rank as u64).clamp(1, n))
}

/// The draw of 1-based rank `rank` in the sorted sample (unsolved draws last).
pub fn order_statistic(sample: &Sample, rank: u64) -> Quantile {
    let index = sample.cumulative().partition_point(|&below| below < rank);
    match sample.values().get(index) {
        Some(&(value, _)) => Quantile::Value(value),
        None => Quantile::Censored,
    }
}

/// The p-quantile Q(p) = x₍max(1, ⌈n·p⌉)₎ of Hyndman and Fan's definition 1 (module docs).
pub fn quantile(sample: &Sample, p: f64) -> Result<Quantile, StatsError> {
    Ok(order_statistic(sample, quantile_rank(sample.draws(), p)?))
}

/// The median Q(0.5) = x₍⌈n/2⌉₎: for an even number of draws the lower of the two middle
/// values, not their mean (definition 1 never interpolates).
pub fn median(sample: &Sample) -> Quantile {
    order_statistic(sample, sample.draws().div_ceil(2))
}

/// The quantile at which a uniform u ∈ (0, 1] falls: min { x : F(x) ≥ u } for the empirical
/// distribution function F (counting unsolved draws as above every value). This is the
/// inverse-transform map used to resample the sample.
pub fn inverse_cdf(sample: &Sample, u: f64) -> Quantile {
    let target = u * sample.draws() as f64;
    let index = sample
        .cumulative()
        .partition_point(|&below| (below as f64) < target);
    match sample.values().get(index) {
        Some(&(value, _)) => Quantile::Value(value),
        None => Quantile::Censored,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(sample: &Sample, p: f64) -> Quantile {
        quantile(sample, p).unwrap()
    }

    #[test]
    fn type_one_quantiles_of_one_to_ten_by_hand() {
        // F(x) = x / 10, so Q(p) is the smallest x with x ≥ 10 p. numpy's
        // quantile(range(1, 11), p, method="inverted_cdf") gives the same values.
        let sample = Sample::from_values(1..=10).unwrap();
        let expected = [
            (0.0, 1),
            (0.05, 1),
            (0.1, 1),
            (0.11, 2),
            (0.5, 5),
            (0.51, 6),
            (0.7, 7),
            (0.9, 9),
            (0.95, 10),
            (1.0, 10),
        ];
        for (p, value) in expected {
            assert_eq!(q(&sample, p), Quantile::Value(value), "p = {p}");
        }
        assert_eq!(median(&sample), Quantile::Value(5));
        assert!(quantile(&sample, 1.5).is_err());
        assert!(quantile(&sample, f64::NAN).is_err());
    }

    #[test]
    fn weighted_and_censored_quantiles_by_hand() {
        // Draws: 10 ×3, 20 ×1, 40 ×2, and 4 unsolved above the cap 50 (n = 10).
        // F(10) = 0.3, F(20) = 0.4, F(40) = 0.6, F(50) = 0.6, then the unsolved.
        let sample = Sample::from_bins([(40, 2), (10, 3), (20, 1)], 4, Some(50)).unwrap();
        assert_eq!(q(&sample, 0.3), Quantile::Value(10));
        assert_eq!(q(&sample, 0.31), Quantile::Value(20));
        assert_eq!(q(&sample, 0.4), Quantile::Value(20));
        assert_eq!(q(&sample, 0.6), Quantile::Value(40));
        assert_eq!(q(&sample, 0.61), Quantile::Censored);
        assert_eq!(q(&sample, 1.0), Quantile::Censored);
        assert_eq!(median(&sample), Quantile::Value(40));
        let odd = Sample::from_bins([(10, 3)], 4, Some(50)).unwrap();
        assert_eq!(median(&odd), Quantile::Censored);
        assert_eq!(Quantile::Value(3).value(), Some(3));
        assert!(Quantile::Value(u64::MAX) < Quantile::Censored);
    }

    #[test]
    fn the_inverse_cdf_agrees_with_the_quantiles() {
        let sample = Sample::from_bins([(40, 2), (10, 3), (20, 1)], 4, Some(50)).unwrap();
        for p in [0.01, 0.3, 0.3001, 0.4, 0.55, 0.6, 0.6001, 1.0] {
            assert_eq!(inverse_cdf(&sample, p), q(&sample, p), "p = {p}");
        }
    }
}
