//! Proportions: the Wilson score interval of a binomial proportion (Wilson, "Probable
//! inference, the law of succession, and statistical inference", JASA 22, 1927), and exact
//! binomial and multinomial variates for resampling counted outcomes.
//!
//! **Wilson interval.** For k successes in n trials, p̂ = k/n and the normal quantile z, the
//! interval is (p̂ + z²/2n ± z·√(p̂(1−p̂)/n + z²/4n²)) / (1 + z²/n). It keeps inside [0, 1] and
//! covers close to its level even at p̂ = 0 or 1, where the plain normal interval collapses.
//!
//! **Binomial variates** follow Knuth's recursion through Beta order statistics (TAOCP vol. 2,
//! 3.4.1, exercise 27 and the method after it): the a-th smallest of n uniforms is
//! Beta(a, n−a+1); according to which side of p it falls, the count is a plus a smaller
//! binomial, or a smaller binomial below it. Each level halves n, so a variate costs O(log n)
//! Beta draws plus at most 16 Bernoulli trials, and has exactly the binomial distribution
//! (up to the Beta sampler's floating point).

use crate::stats::bootstrap::beta;
use rand_core::Rng;

/// The normal quantile of a two-sided 95% interval, Φ⁻¹(0.975).
pub const Z95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval of `successes` out of `n` with normal quantile `z`; (0, 1) when
/// `n` is 0. The ends are exactly 0 with no successes and exactly 1 with all.
pub fn wilson(successes: u64, n: u64, z: f64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let all = successes >= n;
    let (low, high) = wilson_mean(successes.min(n) as f64 / n as f64, n as f64, z);
    let low = if successes == 0 { 0.0 } else { low };
    let high = if all { 1.0 } else { high };
    (low, high)
}

/// Wilson's interval for a mean `p` of `n` values in [0, 1] (a proportion when the values
/// are 0 and 1), clamped to [0, 1]: the formula of the module docs with p̂ = `p`.
pub fn wilson_mean(p: f64, n: f64, z: f64) -> (f64, f64) {
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The 95% Wilson interval of `successes` out of `n`.
pub fn wilson95(successes: u64, n: u64) -> (f64, f64) {
    wilson(successes, n, Z95)
}

/// A Binomial(n, p) variate (module docs); `p` is clamped to [0, 1].
pub fn binomial(rng: &mut impl Rng, n: u64, p: f64) -> u64 {
    let (mut n, mut p, mut below) = (n, p.clamp(0.0, 1.0), 0u64);
    while n > 16 {
        if p <= 0.0 {
            return below;
        }
        if p >= 1.0 {
            return below + n;
        }
        let a = 1 + n / 2;
        let x = beta(rng, a as f64, (n - a + 1) as f64);
        if x >= p {
            // The a-th smallest uniform is above p: fewer than a successes, all among the
            // a − 1 uniforms below it, each below p with probability p / x.
            n = a - 1;
            p /= x;
        } else {
            // At least a successes; the n − a uniforms above x fall below p with
            // probability (p − x) / (1 − x).
            below += a;
            n -= a;
            p = (p - x) / (1.0 - x);
        }
    }
    let threshold = p.clamp(0.0, 1.0);
    below + (0..n).filter(|_| unit(rng) < threshold).count() as u64
}

/// A uniform variate in [0, 1) with 53 random bits.
fn unit(rng: &mut impl Rng) -> f64 {
    (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

/// Counts of `n` trials among outcomes with the given weights (not all zero), drawn exactly
/// as a sequence of binomials.
pub fn multinomial<const K: usize>(rng: &mut impl Rng, n: u64, weights: [u64; K]) -> [u64; K] {
    let mut counts = [0u64; K];
    let (mut left, mut weight_left) = (n, weights.iter().sum::<u64>());
    for (count, &weight) in counts.iter_mut().zip(&weights) {
        if left == 0 || weight_left == 0 {
            break;
        }
        *count = if weight == weight_left {
            left
        } else {
            binomial(rng, left, weight as f64 / weight_left as f64)
        };
        left -= *count;
        weight_left -= weight;
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_a_worked_example() {
        // 8 of 10 at 95%: the interval is 0.4902 to 0.9433 (Newcombe 1998, table I method 3,
        // recomputed from the formula).
        let (low, high) = wilson(8, 10, Z95);
        assert!((low - 0.4902).abs() < 1e-4, "{low}");
        assert!((high - 0.9433).abs() < 1e-4, "{high}");
        let (low, high) = wilson(0, 20, Z95);
        assert_eq!(low, 0.0);
        assert!((high - 0.1611).abs() < 1e-4, "{high}");
        assert_eq!(wilson(0, 0, Z95), (0.0, 1.0));
    }

    #[test]
    fn binomial_variates_have_the_binomial_mean_and_variance() {
        let mut rng = crate::rng::stream(5, "binomial test", 0);
        for (n, p) in [(10u64, 0.3), (1000, 0.5), (100_000, 0.013), (50_000, 0.999)] {
            let draws = 4000;
            let xs: Vec<f64> = (0..draws)
                .map(|_| binomial(&mut rng, n, p) as f64)
                .collect();
            assert!(xs.iter().all(|&x| x <= n as f64));
            let mean = xs.iter().sum::<f64>() / draws as f64;
            let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / draws as f64;
            let (m, v) = (n as f64 * p, n as f64 * p * (1.0 - p));
            assert!(
                (mean - m).abs() < 5.0 * (v / draws as f64).sqrt(),
                "{n} {p}: {mean}"
            );
            assert!((var / v - 1.0).abs() < 0.12, "{n} {p}: {var} against {v}");
        }
        assert_eq!(binomial(&mut rng, 1000, 0.0), 0);
        assert_eq!(binomial(&mut rng, 1000, 1.0), 1000);
    }

    #[test]
    fn multinomial_counts_add_up_and_skip_empty_outcomes() {
        let mut rng = crate::rng::stream(5, "multinomial test", 0);
        for _ in 0..100 {
            let counts = multinomial(&mut rng, 500, [3, 0, 1]);
            assert_eq!(counts.iter().sum::<u64>(), 500);
            assert_eq!(counts[1], 0);
        }
        assert_eq!(multinomial(&mut rng, 7, [0, 0, 2]), [0, 0, 7]);
    }

    #[test]
    fn matches_published_values() {
        // Brown, Cai and DasGupta (2001) and R's prop.test(correct = FALSE): 81 of 263
        // gives [0.2553, 0.3662]; 0 of 10 gives [0, 0.2775]; 10 of 10 gives [0.7225, 1].
        let close =
            |a: (f64, f64), b: (f64, f64)| (a.0 - b.0).abs() < 5e-5 && (a.1 - b.1).abs() < 5e-5;
        assert!(
            close(wilson95(81, 263), (0.2553, 0.3662)),
            "{:?}",
            wilson95(81, 263)
        );
        assert!(
            close(wilson95(0, 10), (0.0, 0.2775)),
            "{:?}",
            wilson95(0, 10)
        );
        assert!(
            close(wilson95(10, 10), (0.7225, 1.0)),
            "{:?}",
            wilson95(10, 10)
        );
        assert_eq!(wilson95(0, 0), (0.0, 1.0));
    }
}

/// Pearson's χ² test that two samples of counts over the same categories come from one
/// distribution (a 2×k contingency table), for two or three categories: the p-value of
/// χ² = Σ (observed − expected)² / expected with k − 1 degrees of freedom, where
/// P(χ²₁ > x) = erfc(√(x/2)) and P(χ²₂ > x) = e^(−x/2) in closed form. A category empty in
/// both samples is left out (one fewer degree of freedom); with one category left, or an
/// empty sample, nothing can differ and the p-value is 1.
///
/// For two categories this is the two-sided z-test of two proportions with the pooled
/// variance. `None` for more than three categories.
pub fn homogeneity_p(first: &[u64], second: &[u64]) -> Option<f64> {
    assert_eq!(
        first.len(),
        second.len(),
        "the same categories in both samples"
    );
    let kept: Vec<(f64, f64)> = first
        .iter()
        .zip(second)
        .filter(|&(a, b)| a + b > 0)
        .map(|(&a, &b)| (a as f64, b as f64))
        .collect();
    let (n1, n2): (f64, f64) = kept
        .iter()
        .fold((0.0, 0.0), |(x, y), &(a, b)| (x + a, y + b));
    if kept.len() > 3 {
        return None;
    }
    if kept.len() < 2 || n1 == 0.0 || n2 == 0.0 {
        return Some(1.0);
    }
    let total = n1 + n2;
    let statistic: f64 = kept
        .iter()
        .map(|&(a, b)| {
            let column = a + b;
            let (e1, e2) = (n1 * column / total, n2 * column / total);
            (a - e1).powi(2) / e1 + (b - e2).powi(2) / e2
        })
        .sum();
    Some(match kept.len() {
        2 => super::normal::erfc((statistic / 2.0).sqrt()),
        _ => (-statistic / 2.0).exp(),
    })
}

#[cfg(test)]
mod homogeneity_tests {
    use super::*;

    #[test]
    fn two_categories_give_the_pooled_two_proportion_z_test() {
        // 30/100 against 50/100: z = (0.3 − 0.5) / √(0.4·0.6·(1/100 + 1/100)) = −2.8868,
        // two-sided p = 0.003892 (normal table).
        let p = homogeneity_p(&[30, 70], &[50, 50]).unwrap();
        assert!((p - 0.003_892).abs() < 1e-5, "{p}");
        assert_eq!(homogeneity_p(&[30, 70], &[30, 70]), Some(1.0));
    }

    #[test]
    fn three_categories_meet_the_chi_square_table() {
        // First (10, 20, 30), second (30, 20, 10): every expected count is 20, so
        // χ² = 2·(100 + 0 + 100)/20 = 20 and P(χ²₂ > 20) = e^(−10); the table's 5% point
        // χ²₂ = 5.991 gives 0.05.
        let p = homogeneity_p(&[10, 20, 30], &[30, 20, 10]).unwrap();
        assert!((p - (-10.0f64).exp()).abs() < 1e-12, "{p}");
        assert!(((-5.991f64 / 2.0).exp() - 0.05).abs() < 1e-4);
        // A category empty in both drops out: (10, 0, 30) vs (30, 0, 10) is a 2×2 table.
        let two = homogeneity_p(&[10, 0, 30], &[30, 0, 10]).unwrap();
        assert_eq!(two, homogeneity_p(&[10, 30], &[30, 10]).unwrap());
        assert_eq!(homogeneity_p(&[5, 0, 0], &[9, 0, 0]), Some(1.0));
        assert_eq!(homogeneity_p(&[1, 1, 1, 1], &[1, 1, 1, 1]), None);
    }
}
