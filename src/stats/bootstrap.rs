//! A confidence interval for the median by the seeded percentile bootstrap (Efron, "Bootstrap
//! methods: another look at the jackknife", Annals of Statistics 7(1), 1979; the percentile
//! interval as in Efron and Tibshirani, "An Introduction to the Bootstrap", 1993, ch. 13).
//!
//! **Definition.** A replicate resamples the n draws with replacement and takes the median
//! (type 1, [`super::quantile`](mod@super::quantile)) of the resample. With B replicates sorted as
//! r₍₁₎ ≤ … ≤ r₍B₎, the level-(1 − α) interval is the pair of type-1 quantiles
//! [r₍⌈B·α/2⌉₎, r₍⌈B·(1−α/2)⌉₎]; for B = 2000 and α = 0.05 that is [r₍₅₀₎, r₍₁₉₅₀₎].
//!
//! **How a replicate is drawn, exactly and in O(log K).** Resampling n draws from the
//! empirical distribution F is the same as mapping n uniforms through its inverse
//! F⁻¹(u) = min{x : F(x) ≥ u}, which is monotone, so the m-th smallest resampled draw is
//! F⁻¹(U₍ₘ₎) where U₍ₘ₎ is the m-th smallest of n uniforms, a Beta(m, n − m + 1) variate
//! (David and Nagaraja, "Order Statistics", 2003, §2.2). Each replicate therefore draws one
//! Beta variate (as G₁/(G₁ + G₂) of two gamma variates, Marsaglia and Tsang, ACM TOMS 26(3),
//! 2000, from Box–Muller normals) and looks up F⁻¹ by binary search. This has the same
//! distribution as resampling all n draws, at a cost independent of n.
//!
//! **Randomness.** The generator is `rng::stream(seed, label, 0)`: the interval is a function
//! of the sample, the configuration and the label only. Give each ordering its own label.

use rand_core::Rng;

use super::quantile::{Quantile, inverse_cdf, median, quantile_rank};
use super::{Sample, StatsError};
use crate::rng;

/// The bootstrap's parameters.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BootstrapConfig {
    /// Number of replicates B, at least 1; default 2000.
    pub replicates: u32,
    /// Confidence level 1 − α, in (0, 1); default 0.95.
    pub level: f64,
    /// Master seed of the random stream; default 0.
    pub seed: u64,
}

impl Default for BootstrapConfig {
    fn default() -> BootstrapConfig {
        BootstrapConfig {
            replicates: 2000,
            level: 0.95,
            seed: 0,
        }
    }
}

/// The median of a sample and its bootstrap confidence interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MedianInterval {
    /// The sample median x₍⌈n/2⌉₎.
    pub median: Quantile,
    /// Lower end r₍⌈B·α/2⌉₎ of the interval.
    pub lower: Quantile,
    /// Upper end r₍⌈B·(1−α/2)⌉₎ of the interval; censored when above the cap.
    pub upper: Quantile,
    /// The configuration that produced it.
    pub config: BootstrapConfig,
}

/// The median's percentile-bootstrap interval (module docs), drawn from the stream
/// `rng::stream(config.seed, label, 0)`.
pub fn median_interval(
    sample: &Sample,
    config: &BootstrapConfig,
    label: &str,
) -> Result<MedianInterval, StatsError> {
    if config.replicates == 0 {
        return Err(StatsError::OutOfRange {
            what: "the number of bootstrap replicates",
            range: "1..",
            value: 0.0,
        });
    }
    if !(config.level > 0.0 && config.level < 1.0) {
        return Err(StatsError::OutOfRange {
            what: "the confidence level",
            range: "(0, 1)",
            value: config.level,
        });
    }
    let replicates = bootstrap_medians(sample, config.replicates, label, config.seed);
    let b = replicates.len() as u64;
    let alpha = 1.0 - config.level;
    let at = |p: f64| replicates[quantile_rank(b, p).expect("p is in [0, 1]") as usize - 1];
    Ok(MedianInterval {
        median: median(sample),
        lower: at(alpha / 2.0),
        upper: at(1.0 - alpha / 2.0),
        config: *config,
    })
}

/// `replicates` bootstrap medians of `sample`, sorted (module docs for the method).
pub fn bootstrap_medians(
    sample: &Sample,
    replicates: u32,
    label: &str,
    seed: u64,
) -> Vec<Quantile> {
    let mut rng = rng::stream(seed, label, 0);
    let n = sample.draws();
    let m = n.div_ceil(2);
    let (a, b) = (m as f64, (n - m + 1) as f64);
    let mut medians: Vec<Quantile> = (0..replicates)
        .map(|_| inverse_cdf(sample, beta(&mut rng, a, b)))
        .collect();
    medians.sort_unstable();
    medians
}

/// A uniform double in the open interval (0, 1): the top 53 bits of an output, centred.
fn open_unit(rng: &mut impl Rng) -> f64 {
    ((rng.next_u64() >> 11) as f64 + 0.5) * (1.0 / (1u64 << 53) as f64)
}

/// A standard normal variate by the Box–Muller transform (one of the pair).
fn normal(rng: &mut impl Rng) -> f64 {
    let radius = (-2.0 * open_unit(rng).ln()).sqrt();
    radius * (std::f64::consts::TAU * open_unit(rng)).cos()
}

/// A Gamma(shape, 1) variate, shape > 0, by Marsaglia and Tsang's squeeze-and-reject method;
/// for shape < 1, Gamma(shape + 1)·U^(1/shape).
pub fn gamma(rng: &mut impl Rng, shape: f64) -> f64 {
    if shape < 1.0 {
        return gamma(rng, shape + 1.0) * open_unit(rng).powf(1.0 / shape);
    }
    let d = shape - 1.0 / 3.0;
    let c = 1.0 / (9.0 * d).sqrt();
    loop {
        let x = normal(rng);
        let v = 1.0 + c * x;
        if v <= 0.0 {
            continue;
        }
        let v = v * v * v;
        let u = open_unit(rng);
        if u < 1.0 - 0.0331 * x.powi(4) || u.ln() < 0.5 * x * x + d * (1.0 - v + v.ln()) {
            return d * v;
        }
    }
}

/// A Beta(a, b) variate as G₁ / (G₁ + G₂) with G₁ ~ Gamma(a), G₂ ~ Gamma(b).
pub fn beta(rng: &mut impl Rng, a: f64, b: f64) -> f64 {
    let g1 = gamma(rng, a);
    let g2 = gamma(rng, b);
    g1 / (g1 + g2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gamma_and_beta_have_their_moments() {
        let mut rng = rng::stream(3, "gamma test", 0);
        let draws = 40_000;
        for shape in [0.5, 1.0, 7.0, 5000.0] {
            let xs: Vec<f64> = (0..draws).map(|_| gamma(&mut rng, shape)).collect();
            let mean = xs.iter().sum::<f64>() / draws as f64;
            let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / draws as f64;
            // Mean and variance of Gamma(k, 1) are both k; the mean's standard error is
            // sqrt(k / draws), so 5 of them bound it.
            let se = (shape / draws as f64).sqrt();
            assert!(
                (mean - shape).abs() < 5.0 * se,
                "shape {shape}: mean {mean}"
            );
            assert!((var / shape - 1.0).abs() < 0.08, "shape {shape}: var {var}");
        }
        // Beta(a, b): mean a / (a + b).
        let xs: Vec<f64> = (0..draws).map(|_| beta(&mut rng, 2.0, 6.0)).collect();
        let mean = xs.iter().sum::<f64>() / draws as f64;
        assert!((mean - 0.25).abs() < 0.003, "{mean}");
    }

    #[test]
    fn the_interval_brackets_the_median_of_a_small_sample() {
        let sample = Sample::from_values([3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5]).unwrap();
        let interval = median_interval(&sample, &BootstrapConfig::default(), "small").unwrap();
        assert_eq!(interval.median, Quantile::Value(4));
        assert!(interval.lower <= interval.median && interval.median <= interval.upper);
        assert!(interval.lower >= Quantile::Value(1) && interval.upper <= Quantile::Value(9));
        // Deterministic: the same label and seed give the same interval.
        let again = median_interval(&sample, &BootstrapConfig::default(), "small").unwrap();
        assert_eq!(interval, again);
        let bad = BootstrapConfig {
            level: 1.0,
            ..BootstrapConfig::default()
        };
        assert!(median_interval(&sample, &bad, "small").is_err());
    }

    #[test]
    fn replicate_medians_follow_the_exact_bootstrap_distribution() {
        // For n draws and m = ⌈n/2⌉, the bootstrap median is at most x exactly when at least
        // m of the n resampled draws are: P(med* ≤ x) = P(Binomial(n, F(x)) ≥ m). Computed
        // here term by term, independently of the Beta shortcut.
        let sample = Sample::from_bins([(1, 2), (2, 3), (4, 1), (7, 2), (9, 3)], 0, None).unwrap();
        let n = 11u64;
        let m = 6u64;
        let medians = bootstrap_medians(&sample, 40_000, "exact check", 1);
        for &(x, _) in sample.values() {
            let f = sample.count_at_most(x) as f64 / n as f64;
            let exact: f64 = (m..=n).map(|k| binomial_pmf(n, k, f)).sum();
            let seen = medians.partition_point(|&r| r <= Quantile::Value(x)) as f64;
            let seen = seen / medians.len() as f64;
            // Standard error at most 0.5 / sqrt(40,000) = 0.0025.
            assert!((seen - exact).abs() < 0.01, "x = {x}: {seen} vs {exact}");
        }
    }

    fn binomial_pmf(n: u64, k: u64, p: f64) -> f64 {
        let choose: f64 = (0..k).map(|i| (n - i) as f64 / (i + 1) as f64).product();
        choose * p.powi(k as i32) * (1.0 - p).powi((n - k) as i32)
    }
}
