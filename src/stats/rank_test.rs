//! Comparing orderings: the Mann–Whitney U test (Wilcoxon rank-sum; Mann and Whitney, Annals
//! of Mathematical Statistics 18(1), 1947) on weighted, censored samples, and Holm's step-down
//! correction for many pairs (Holm, Scandinavian Journal of Statistics 6(2), 1979).
//!
//! **The cap.** Two samples are first censored at their common cap (the smaller one, see
//! [`Sample::censored_at`]), so that "unsolved" means the same in both. Unsolved draws then
//! tie with each other above every solved value: ordering by iterations is exact for every
//! pair of draws except two unsolved ones, which count as a tie. This is Gehan's
//! generalised Wilcoxon test for a common censoring time (Gehan, Biometrika 52, 1965).
//!
//! **Definitions.** For samples A (n_A draws) and B (n_B draws), N = n_A + n_B:
//!
//! ```text
//! U_A = #{(a, b) : a > b} + ½ #{(a, b) : a = b}           (U_A + U_B = n_A n_B)
//! σ²  = n_A n_B / 12 · [(N + 1) − Σⱼ (tⱼ³ − tⱼ) / (N (N − 1))]
//!     = n_A n_B (N³ − N − Σⱼ (tⱼ³ − tⱼ)) / (12 N (N − 1))   (tⱼ: sizes of tied groups)
//! z   = (U_A − n_A n_B / 2) / σ,   p = P(|Z| ≥ |z|) = erfc(|z| / √2)
//! ```
//!
//! the tie-corrected normal approximation without continuity correction (Lehmann,
//! "Nonparametrics", 1975, §1.4), as R's `wilcox.test(exact = FALSE, correct = FALSE)` and
//! SciPy's `mannwhitneyu(method = "asymptotic", use_continuity = False)`. With hundreds of
//! thousands of draws the approximation is far inside its range. The effect size is the
//! probability of superiority of A, P(A < B) + ½ P(A = B) = U_B / (n_A n_B): the chance that
//! a random draw of A needs fewer iterations than one of B, ties split (Vargha and Delaney's
//! A, J. Educ. Behav. Stat. 25(2), 2000). U, σ² and z are computed in exact integer
//! arithmetic before the final division.

use super::normal::two_sided_p;
use super::{Sample, StatsError};

/// The result of a Mann–Whitney U test of A against B.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RankTest {
    /// U_A = #{a > b} + ½ #{a = b} over all pairs of draws.
    pub u_a: f64,
    /// The standardised statistic; positive when A tends to need more iterations than B.
    pub z: f64,
    /// The two-sided p-value of the tie-corrected normal approximation.
    pub p_value: f64,
    /// P(A < B) + ½ P(A = B): above ½ when A tends to need fewer iterations.
    pub a_faster: f64,
    /// Number of draws of A and of B.
    pub draws: (u64, u64),
    /// The cap both samples were censored at, if any.
    pub common_cap: Option<u64>,
}

/// One pair of a [`compare_all`] table.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PairComparison {
    /// Index of the first sample.
    pub a: usize,
    /// Index of the second sample.
    pub b: usize,
    /// The test of `a` against `b`.
    pub test: RankTest,
    /// The test's p-value after Holm's correction over all pairs of the table.
    pub holm_p: f64,
}

/// The Mann–Whitney U test of `a` against `b` with unsolved draws tied at the top (module
/// docs for the definitions).
pub fn mann_whitney(a: &Sample, b: &Sample) -> RankTest {
    let (a, b, common_cap) = Sample::at_common_cap(a, b);
    let counts = RankCounts::of(&a, &b);
    let (n_a, n_b) = (a.draws() as u128, b.draws() as u128);
    let n = n_a + n_b;
    let product = n_a * n_b;
    let centred = counts.twice_u_a as i128 - product as i128; // 2 (U_A − n_A n_B / 2)
    // σ² = product · spread / (12 N (N − 1)) with spread = N³ − N − Σ(t³ − t) ≥ 0.
    let spread = n * n * n - n - counts.tie_sum;
    let z = if spread == 0 {
        0.0
    } else {
        let variance = product as f64 * spread as f64 / (12.0 * (n * (n - 1)) as f64);
        centred as f64 / (2.0 * variance.sqrt())
    };
    RankTest {
        u_a: counts.twice_u_a as f64 / 2.0,
        z,
        p_value: two_sided_p(z),
        a_faster: 1.0 - counts.twice_u_a as f64 / (2.0 * product as f64),
        draws: (n_a as u64, n_b as u64),
        common_cap,
    }
}

/// The integer parts of the statistic: 2·U_A and Σ(t³ − t) over tied groups.
struct RankCounts {
    twice_u_a: u128,
    tie_sum: u128,
}

impl RankCounts {
    /// One merge pass over the distinct values of both samples, then the unsolved group.
    fn of(a: &Sample, b: &Sample) -> RankCounts {
        let (va, vb) = (a.values(), b.values());
        let (mut i, mut j) = (0, 0);
        let mut b_below = 0u128; // draws of B strictly below the current value
        let (mut twice_u_a, mut tie_sum) = (0u128, 0u128);
        while i < va.len() || j < vb.len() {
            let x = match (va.get(i), vb.get(j)) {
                (Some(&(x, _)), Some(&(y, _))) => x.min(y),
                (Some(&(x, _)), None) => x,
                (None, Some(&(y, _))) => y,
                (None, None) => unreachable!(),
            };
            let take = |values: &[(u64, u64)], k: &mut usize| match values.get(*k) {
                Some(&(value, count)) if value == x => {
                    *k += 1;
                    count as u128
                }
                _ => 0,
            };
            let (ca, cb) = (take(va, &mut i), take(vb, &mut j));
            twice_u_a += ca * (2 * b_below + cb);
            tie_sum += cube_less(ca + cb);
            b_below += cb;
        }
        let (ua, ub) = (a.unsolved() as u128, b.unsolved() as u128);
        twice_u_a += ua * (2 * b_below + ub);
        tie_sum += cube_less(ua + ub);
        RankCounts { twice_u_a, tie_sum }
    }
}

/// t³ − t, the tie term of a group of t equal draws.
fn cube_less(t: u128) -> u128 {
    t * t * t - t
}

/// Holm's step-down adjusted p-values, in the order given. With p₍₁₎ ≤ … ≤ p₍ₘ₎ sorted,
///
/// ```text
/// p̃₍ᵢ₎ = max over j ≤ i of min(1, (m − j + 1) p₍ⱼ₎)
/// ```
///
/// (R's `p.adjust(method = "holm")`); rejecting where p̃ ≤ α controls the family-wise error
/// rate at α. Ties among the p-values get equal adjusted values whatever their order.
pub fn holm(p_values: &[f64]) -> Result<Vec<f64>, StatsError> {
    if let Some(&bad) = p_values.iter().find(|p| !(0.0..=1.0).contains(*p)) {
        return Err(StatsError::OutOfRange {
            what: "a p-value",
            range: "[0, 1]",
            value: bad,
        });
    }
    let m = p_values.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&x, &y| p_values[x].total_cmp(&p_values[y]));
    let mut adjusted = vec![0.0; m];
    let mut running = 0.0f64;
    for (rank, &index) in order.iter().enumerate() {
        running = running.max(((m - rank) as f64 * p_values[index]).min(1.0));
        adjusted[index] = running;
    }
    Ok(adjusted)
}

/// Every pair (i, j), i < j, of `samples` in lexicographic order, tested by [`mann_whitney`],
/// with Holm's correction over all of them.
pub fn compare_all(samples: &[Sample]) -> Vec<PairComparison> {
    let pairs: Vec<(usize, usize)> = (0..samples.len())
        .flat_map(|a| (a + 1..samples.len()).map(move |b| (a, b)))
        .collect();
    let tests: Vec<RankTest> = pairs
        .iter()
        .map(|&(a, b)| mann_whitney(&samples[a], &samples[b]))
        .collect();
    let p_values: Vec<f64> = tests.iter().map(|t| t.p_value).collect();
    let adjusted = holm(&p_values).expect("p-values of erfc are in [0, 1]");
    pairs
        .into_iter()
        .zip(tests)
        .zip(adjusted)
        .map(|(((a, b), test), holm_p)| PairComparison { a, b, test, holm_p })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn u_and_its_tie_corrected_variance_by_hand() {
        // Cap 6. A = {1, 2, 2, 5, unsolved}, B = {2, 3, 5, unsolved, unsolved}; N = 10.
        // U_A = 0 (a=1) + ½ + ½ (a=2) + 2½ (a=5) + (3 + 1) (unsolved a: 3 below, 2 tied) = 7.5.
        // Tied groups 1, 3, 1, 2, 3: Σ(t³ − t) = 24 + 6 + 24 = 54.
        // σ² = 25/12 · (11 − 54/90) = 65/3, z = (7.5 − 12.5)/√(65/3) = −1.074172...
        let a = Sample::from_bins([(1, 1), (2, 2), (5, 1)], 1, Some(6)).unwrap();
        let b = Sample::from_bins([(2, 1), (3, 1), (5, 1)], 2, Some(6)).unwrap();
        let test = mann_whitney(&a, &b);
        assert_eq!(test.u_a, 7.5);
        let z = -5.0 / (65.0f64 / 3.0).sqrt();
        assert!((test.z - z).abs() < 1e-12, "{}", test.z);
        // scipy.stats.mannwhitneyu([1, 2, 2, 5, 7], [2, 3, 5, 7, 7], use_continuity=False,
        // method="asymptotic"), unsolved written as 7: U = 7.5, p = 0.28274545993277467.
        assert!(
            (test.p_value - 0.28274545993277467).abs() < 1e-12,
            "{}",
            test.p_value
        );
        assert_eq!(test.a_faster, 0.7);
        assert_eq!((test.draws, test.common_cap), ((5, 5), Some(6)));
        // Swapping the samples mirrors everything.
        let back = mann_whitney(&b, &a);
        assert_eq!(
            (back.u_a, back.z, back.p_value),
            (17.5, -test.z, test.p_value)
        );
    }

    #[test]
    fn a_tied_example_agrees_with_scipy() {
        // A = [(7 i) mod 13, i < 40], B = [(5 i) mod 11 + 2, i < 35]; SciPy 1.17's
        // mannwhitneyu(A, B, use_continuity=False, method="asymptotic") gives
        // U = 592.5, p = 0.2521116691972173.
        let a = Sample::from_values((0..40).map(|i| (7 * i) % 13)).unwrap();
        let b = Sample::from_values((0..35).map(|i| (5 * i) % 11 + 2)).unwrap();
        let test = mann_whitney(&a, &b);
        assert_eq!(test.u_a, 592.5);
        assert!(
            (test.p_value - 0.2521116691972173).abs() < 1e-12,
            "{}",
            test.p_value
        );
    }

    #[test]
    fn samples_under_different_caps_are_compared_at_the_smaller() {
        // B's draw at 8 is above A's cap 6, so it becomes unsolved and ties with A's.
        let a = Sample::from_bins([(1, 1)], 1, Some(6)).unwrap();
        let b = Sample::from_values([8, 2]).unwrap();
        let test = mann_whitney(&a, &b);
        assert_eq!(test.common_cap, Some(6));
        // Pairs: (1,8)→0, (1,2)→0, (u,8)→½ (tie above the cap), (u,2)→1.
        assert_eq!(test.u_a, 1.5);
    }

    #[test]
    fn identical_samples_give_no_evidence() {
        let a = Sample::from_values([4, 4, 4]).unwrap();
        let test = mann_whitney(&a, &a);
        assert_eq!((test.z, test.p_value, test.a_faster), (0.0, 1.0, 0.5));
    }

    #[test]
    fn holm_by_hand() {
        // Sorted: 0.005·4 = 0.02, 0.01·3 = 0.03, 0.03·2 = 0.06, max(0.06, 0.04·1) = 0.06.
        let adjusted = holm(&[0.01, 0.04, 0.03, 0.005]).unwrap();
        let expected = [0.03, 0.06, 0.06, 0.02];
        for (got, want) in adjusted.iter().zip(expected) {
            assert!((got - want).abs() < 1e-15, "{adjusted:?}");
        }
        assert_eq!(holm(&[0.5, 0.5, 0.9]).unwrap(), [1.0, 1.0, 1.0]);
        assert_eq!(holm(&[]).unwrap(), Vec::<f64>::new());
        assert!(holm(&[0.1, f64::NAN]).is_err());
    }

    #[test]
    fn all_pairs_are_tested_and_corrected() {
        let samples = [
            Sample::from_values(1..=20).unwrap(),
            Sample::from_values(11..=30).unwrap(),
            Sample::from_values(1..=20).unwrap(),
        ];
        let table = compare_all(&samples);
        let pairs: Vec<(usize, usize)> = table.iter().map(|c| (c.a, c.b)).collect();
        assert_eq!(pairs, [(0, 1), (0, 2), (1, 2)]);
        assert!(table[0].test.a_faster > 0.5 && table[2].test.a_faster < 0.5);
        assert_eq!(table[1].holm_p, 1.0);
        let raw: Vec<f64> = table.iter().map(|c| c.test.p_value).collect();
        assert_eq!(
            table.iter().map(|c| c.holm_p).collect::<Vec<_>>(),
            holm(&raw).unwrap()
        );
    }
}
