//! The Wilson score interval for a binomial proportion (Wilson 1927; recommended over the
//! normal "Wald" interval by Brown, Cai and DasGupta 2001): it stays inside [0, 1] and keeps
//! close to its nominal coverage at 0 or all successes, where the Wald interval collapses.

/// The two-sided 97.5% quantile of the standard normal distribution.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The 95% Wilson interval of `successes` in `trials` (`(0, 1)` for no trials).
pub fn wilson95(successes: u64, trials: u64) -> (f64, f64) {
    wilson(successes, trials, Z95)
}

/// The Wilson interval of `successes` in `trials` at normal quantile `z`.
pub fn wilson(successes: u64, trials: u64, z: f64) -> (f64, f64) {
    if trials == 0 {
        return (0.0, 1.0);
    }
    let n = trials as f64;
    let p = successes.min(trials) as f64 / n;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    let low = if successes == 0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let high = if successes >= trials {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    (low, high)
}

#[cfg(test)]
mod tests {
    use super::*;

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
