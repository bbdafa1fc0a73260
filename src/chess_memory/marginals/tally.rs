//! Weighted sums of features, from which means and their standard errors follow: one tally for
//! a generator's boards (every weight 1) and one for the uniform reference (importance
//! weights).
//!
//! With weights `w_i` and values `f_i`, the self-normalised mean is `m = Σ w f / Σ w`; its
//! standard error (delta method) is `√(Σ w² (f − m)²) / Σ w`, and the spread of the feature
//! itself is `√(Σ w (f − m)² / Σ w)`. With every weight 1 these are the sample mean, its
//! standard error and the standard deviation. Tallies of consecutive blocks merge in a fixed
//! order, so the sums are the same whatever the thread count.

#[derive(Clone, Debug, PartialEq)]
pub struct Tally {
    /// Samples added, those without a board included.
    pub samples: u64,
    /// Samples that brought a board.
    pub boards: u64,
    weight: f64,
    weight_squared: f64,
    /// Per feature: Σ w f, Σ w f², Σ w² f, Σ w² f².
    sums: Vec<[f64; 4]>,
}

/// A feature's mean, the mean's standard error and the feature's standard deviation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    pub mean: f64,
    pub error: f64,
    pub spread: f64,
}

impl Tally {
    pub fn new(features: usize) -> Tally {
        Tally {
            samples: 0,
            boards: 0,
            weight: 0.0,
            weight_squared: 0.0,
            sums: vec![[0.0; 4]; features],
        }
    }

    /// Adds one board of weight `weight` with the feature values `values`.
    pub fn add(&mut self, weight: f64, values: &[f64]) {
        self.samples += 1;
        self.boards += 1;
        self.weight += weight;
        self.weight_squared += weight * weight;
        for (sums, &f) in self.sums.iter_mut().zip(values) {
            let (wf, w2f) = (weight * f, weight * weight * f);
            sums[0] += wf;
            sums[1] += wf * f;
            sums[2] += w2f;
            sums[3] += w2f * f;
        }
    }

    /// Adds a sample that brought nothing (a proposal without a board).
    pub fn add_empty(&mut self) {
        self.samples += 1;
    }

    /// Adds the samples of `other`.
    pub fn merge(&mut self, other: &Tally) {
        self.samples += other.samples;
        self.boards += other.boards;
        self.weight += other.weight;
        self.weight_squared += other.weight_squared;
        for (mine, theirs) in self.sums.iter_mut().zip(&other.sums) {
            for (a, b) in mine.iter_mut().zip(theirs) {
                *a += b;
            }
        }
    }

    /// The effective sample size `(Σ w)² / Σ w²` (the number of samples when every weight is 1).
    pub fn effective_size(&self) -> f64 {
        if self.weight_squared == 0.0 {
            0.0
        } else {
            self.weight * self.weight / self.weight_squared
        }
    }

    /// Whether no sample had a positive weight.
    pub fn is_empty(&self) -> bool {
        self.weight == 0.0
    }

    /// The estimate of feature `feature` (module docs); `None` with no weight.
    pub fn estimate(&self, feature: usize) -> Option<Estimate> {
        if self.weight <= 0.0 {
            return None;
        }
        let [wf, wf2, w2f, w2f2] = self.sums[feature];
        let mean = wf / self.weight;
        let spread = (wf2 / self.weight - mean * mean).max(0.0).sqrt();
        let deviations = w2f2 - 2.0 * mean * w2f + mean * mean * self.weight_squared;
        let error = deviations.max(0.0).sqrt() / self.weight;
        Some(Estimate {
            mean,
            error,
            spread,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unit_weights_give_the_sample_mean_and_its_standard_error() {
        let values = [1.0, 2.0, 4.0, 7.0];
        let mut tally = Tally::new(1);
        for v in values {
            tally.add(1.0, &[v]);
        }
        let e = tally.estimate(0).unwrap();
        // Mean 3.5; squared deviations 6.25 + 2.25 + 0.25 + 12.25 = 21.
        assert_eq!(e.mean, 3.5);
        assert!((e.spread - (21.0f64 / 4.0).sqrt()).abs() < 1e-12);
        assert!((e.error - 21.0f64.sqrt() / 4.0).abs() < 1e-12);
        assert_eq!(tally.effective_size(), 4.0);
    }

    #[test]
    fn a_weight_counts_as_that_many_copies_in_the_mean_and_merging_adds_samples() {
        let mut weighted = Tally::new(2);
        weighted.add(3.0, &[1.0, 5.0]);
        weighted.add(1.0, &[0.0, 1.0]);
        let mut copies = Tally::new(2);
        for _ in 0..3 {
            copies.add(1.0, &[1.0, 5.0]);
        }
        copies.add(1.0, &[0.0, 1.0]);
        for f in 0..2 {
            let (a, b) = (weighted.estimate(f).unwrap(), copies.estimate(f).unwrap());
            assert_eq!(a.mean, b.mean);
            assert_eq!(a.spread, b.spread);
        }
        // Unequal weights leave fewer effective samples: 4² / (9 + 1).
        assert_eq!(weighted.effective_size(), 1.6);
        let mut merged = Tally::new(2);
        merged.merge(&weighted);
        merged.add_empty();
        assert_eq!((merged.samples, merged.boards), (3, 2));
        assert_eq!(merged.estimate(1), weighted.estimate(1));
        assert_eq!(Tally::new(2).estimate(0), None);
    }
}
