//! The two-sample Kolmogorov–Smirnov statistic (Smirnov, "Table for estimating the goodness
//! of fit of empirical distributions", Annals of Mathematical Statistics 19(2), 1948).
//!
//! **Definition.** D = sup over x of |F_A(x) − F_B(x)|, with F the empirical distribution
//! functions (n·F(x) = #{draws ≤ x}). Samples under different caps are first censored at the
//! common cap, as in [`super::rank_test`]; unsolved draws lie above every value, where both
//! functions reach 1, so D is exact. The supremum is attained at a solved value, so one merge
//! pass over the distinct values computes it.

use super::Sample;

/// The two-sample Kolmogorov–Smirnov statistic D = sup |F_A − F_B| (module docs).
pub fn ks_statistic(a: &Sample, b: &Sample) -> f64 {
    let (a, b, _) = Sample::at_common_cap(a, b);
    let (n_a, n_b) = (a.draws() as f64, b.draws() as f64);
    let (va, vb) = (a.values(), b.values());
    let (mut i, mut j) = (0, 0);
    let (mut below_a, mut below_b) = (0u64, 0u64);
    let mut gap = 0f64;
    while i < va.len() || j < vb.len() {
        let x = va
            .get(i)
            .map_or(u64::MAX, |v| v.0)
            .min(vb.get(j).map_or(u64::MAX, |v| v.0));
        if va.get(i).is_some_and(|v| v.0 == x) {
            below_a += va[i].1;
            i += 1;
        }
        if vb.get(j).is_some_and(|v| v.0 == x) {
            below_b += vb[j].1;
            j += 1;
        }
        gap = gap.max((below_a as f64 / n_a - below_b as f64 / n_b).abs());
    }
    gap
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ks_by_hand() {
        // A = {1, 2, 3, 4}, B = {3, 4, 5, 6}: F_A(2) − F_B(2) = 1/2 − 0 is the largest gap.
        let a = Sample::from_values([1, 2, 3, 4]).unwrap();
        let b = Sample::from_values([3, 4, 5, 6]).unwrap();
        assert_eq!(ks_statistic(&a, &b), 0.5);
        assert_eq!(ks_statistic(&a, &a), 0.0);
        // Ties across samples: A = {1, 1, 2}, B = {1, 2, 2}: at 1, 2/3 − 1/3.
        let a = Sample::from_values([1, 1, 2]).unwrap();
        let b = Sample::from_values([1, 2, 2]).unwrap();
        assert!((ks_statistic(&a, &b) - 1.0 / 3.0).abs() < 1e-15);
    }

    #[test]
    fn ks_with_censoring() {
        // A: {1, unsolved ×3} at cap 10; B: {1, 20, 30, 40} censored at 10 is {1, unsolved ×3}.
        let a = Sample::from_bins([(1, 1)], 3, Some(10)).unwrap();
        let b = Sample::from_values([1, 20, 30, 40]).unwrap();
        assert_eq!(ks_statistic(&a, &b), 0.0);
        let c = Sample::from_values([5, 6, 7, 8]).unwrap();
        assert_eq!(ks_statistic(&a, &c), 1.0 - 0.25);
    }
}
