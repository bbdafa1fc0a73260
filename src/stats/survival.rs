//! The empirical survival function S(x) = P(T > x) of iteration counts.
//!
//! **Definition.** For n draws, S(x) = #{draws with T > x} / n, counting every unsolved draw
//! as T > cap. All draws share one cap, so for x ≤ cap every draw's status at x is known and
//! S(x) is exact; it is the Kaplan–Meier estimate of this data (Kaplan and Meier, JASA 53,
//! 1958), which reduces to counting when no draw is censored below x. Above the cap S is
//! unknown (at least the censored fraction). S is a right-continuous step function that
//! drops at each distinct solved value.

use super::Sample;

/// One step of the survival function: S(x) = P(T > x) for `iterations` ≤ x < the next point.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SurvivalPoint {
    /// A distinct solved value x.
    pub iterations: u64,
    /// S(x) = #{T > x} / n, the fraction of draws still unsolved after x iterations.
    pub survival: f64,
}

/// The survival function at every distinct solved value, in increasing order; S(x) = 1 for x
/// below the first point. For a log-log step plot draw each point as the level from its x to
/// the next x; the last level is the censored fraction, which is 0 (not drawable on a log
/// axis) when every draw solved.
pub fn survival(sample: &Sample) -> Vec<SurvivalPoint> {
    let n = sample.draws();
    sample
        .values()
        .iter()
        .zip(sample.cumulative())
        .map(|(&(iterations, _), &at_most)| SurvivalPoint {
            iterations,
            survival: (n - at_most) as f64 / n as f64,
        })
        .collect()
}

/// S(x) = P(T > x) for one x: exact for x ≤ cap (or any x without a cap), `None` above it.
pub fn survival_at(sample: &Sample, x: u64) -> Option<f64> {
    if sample.cap().is_some_and(|cap| x > cap) {
        return None;
    }
    let n = sample.draws();
    Some((n - sample.count_at_most(x)) as f64 / n as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn survival_by_hand_with_censoring() {
        // 10 draws: 10 ×3, 20 ×1, 40 ×2, 4 unsolved at cap 50.
        let sample = Sample::from_bins([(10, 3), (20, 1), (40, 2)], 4, Some(50)).unwrap();
        let points: Vec<(u64, f64)> = survival(&sample)
            .iter()
            .map(|p| (p.iterations, p.survival))
            .collect();
        assert_eq!(points, [(10, 0.7), (20, 0.6), (40, 0.4)]);
        assert_eq!(survival_at(&sample, 9), Some(1.0));
        assert_eq!(survival_at(&sample, 10), Some(0.7));
        assert_eq!(survival_at(&sample, 39), Some(0.6));
        assert_eq!(survival_at(&sample, 50), Some(0.4));
        assert_eq!(survival_at(&sample, 51), None);
    }

    #[test]
    fn survival_ends_at_zero_without_censoring() {
        let sample = Sample::from_values([5, 1, 5, 2]).unwrap();
        let levels: Vec<f64> = survival(&sample).iter().map(|p| p.survival).collect();
        assert_eq!(levels, [0.75, 0.5, 0.0]);
        assert_eq!(survival_at(&sample, u64::MAX), Some(0.0));
    }
}
