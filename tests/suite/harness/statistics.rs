//! The statistics module on synthetic samples from known distributions: the bootstrap
//! interval's coverage and width, the Hill estimator's recovery of a Pareto index (with
//! censoring and binning), and the whole analysis at the experiment's scale.

use boardlab::rng;
use boardlab::stats::{
    BootstrapConfig, Quantile, Sample, bin_of, compare_all, default_hill_k, hill, median_interval,
    restart_analysis, survival,
};
use rand_core::Rng;

/// A uniform double in (0, 1).
fn unit(rng: &mut impl Rng) -> f64 {
    ((rng.next_u64() >> 11) as f64 + 0.5) / (1u64 << 53) as f64
}

/// `n` draws of ⌈scale · E⌉ for E ~ Exponential(1), from stream (`label`, `index`).
fn exponential(n: usize, scale: f64, label: &str, index: u64) -> Vec<u64> {
    let mut rng = rng::stream(99, label, index);
    (0..n)
        .map(|_| (-unit(&mut rng).ln() * scale).ceil() as u64)
        .collect()
}

/// `n` draws of ⌊1000 · U^(−1/α)⌋: Pareto with index α above 1000.
fn pareto(n: usize, alpha: f64, label: &str) -> Vec<u64> {
    let mut rng = rng::stream(7, label, 0);
    (0..n)
        .map(|_| (1000.0 * unit(&mut rng).powf(-1.0 / alpha)) as u64)
        .collect()
}

#[test]
fn the_median_interval_covers_the_true_median_and_narrows_like_one_over_root_n() {
    // T = ⌈10⁶ E⌉: P(T ≤ x) = 1 − e^(−x/10⁶) for integer x, so the true (type-1) median is
    // ⌈10⁶ ln 2⌉ = 693,148, and the sample median's asymptotic standard deviation is
    // 1 / (2 f(median) √n) = 10⁶ / √n with density f(median) = 1 / (2·10⁶).
    const TRUE_MEDIAN: u64 = 693_148;
    const REPETITIONS: u64 = 200;
    let config = BootstrapConfig {
        replicates: 1000,
        ..BootstrapConfig::default()
    };
    let mut mean_width = Vec::new();
    for n in [10_000usize, 40_000] {
        let (mut covered, mut width) = (0, 0.0);
        for repetition in 0..REPETITIONS {
            let sample = Sample::from_values(exponential(n, 1e6, "median", repetition)).unwrap();
            let label = format!("median {n} {repetition}");
            let interval = median_interval(&sample, &config, &label).unwrap();
            let (Quantile::Value(lower), Quantile::Value(upper)) = (interval.lower, interval.upper)
            else {
                panic!("nothing is censored");
            };
            covered += u64::from((lower..=upper).contains(&TRUE_MEDIAN));
            width += (upper - lower) as f64 / REPETITIONS as f64;
        }
        // Coverage of a 95% interval over 200 repetitions: standard error 1.5%, so 90% is
        // more than 3 below; the percentile interval of a median is slightly conservative.
        let coverage = covered as f64 / REPETITIONS as f64;
        assert!(
            (0.90..=0.995).contains(&coverage),
            "n = {n}: coverage {coverage}"
        );
        // The normal interval is 2 · 1.96 · 10⁶ / √n wide.
        let expected = 2.0 * 1.96 * 1e6 / (n as f64).sqrt();
        assert!(
            (width / expected - 1.0).abs() < 0.1,
            "n = {n}: width {width}, asymptotic {expected}"
        );
        mean_width.push(width);
    }
    let ratio = mean_width[0] / mean_width[1];
    assert!(
        (1.8..2.2).contains(&ratio),
        "4× the draws narrow it {ratio}×"
    );
}

#[test]
fn hill_recovers_pareto_indices_within_five_percent() {
    for alpha in [1.0, 2.0] {
        let draws = pareto(100_000, alpha, &format!("pareto {alpha}"));
        let check = |sample: &Sample, what: &str| {
            let tail = hill(sample, default_hill_k(sample)).unwrap();
            // Standard error α/√(k p) ≈ 1.4% for 5,000 solved draws above the threshold.
            assert!(
                (tail.alpha / alpha - 1.0).abs() < 0.05,
                "α = {alpha}, {what}: {tail:?}"
            );
            tail
        };
        let exact = Sample::from_values(draws.iter().copied()).unwrap();
        check(&exact, "exact");
        let binned = draws.iter().map(|&v| (bin_of(v).0, 1));
        check(&Sample::from_bins(binned, 0, None).unwrap(), "binned");

        // Censor at the 98th percentile 1000 · 50^(1/α): 2% of the draws are unsolved.
        let cap = (1000.0 * 50f64.powf(1.0 / alpha)) as u64;
        let censored = Sample::from_draws(draws.iter().map(|&v| (v, v <= cap)), Some(cap));
        let censored = censored.unwrap();
        let tail = check(&censored, "censored");
        assert!((0.6..0.8).contains(&tail.solved_fraction), "{tail:?}");
        // The correction matters: reading the unsolved draws as solved at the cap is biased
        // by the solved fraction, far outside the tolerance.
        let naive = Sample::from_draws(draws.iter().map(|&v| (v.min(cap), true)), None).unwrap();
        let naive = hill(&naive, tail.k).unwrap();
        assert!(naive.alpha / alpha > 1.25, "naive {naive:?}");
    }
}

/// The exact cost(t) = E[min(T, t)] / P(T ≤ t) of the mixture in the next test, for t > 1000:
/// with p = 0.3, T = 1000 + X, X = ⌈100 E⌉ geometric with P(X > k) = q^k, q = e^(−1/100);
/// otherwise T = Y = ⌈10⁶ E⌉ with P(Y > k) = r^k, r = e^(−10⁻⁶). For a geometric variable,
/// E[min(X, s)] = Σ_{k<s} P(X > k) = (1 − q^s) / (1 − q).
fn mixture_cost(t: u64) -> f64 {
    let (p, s) = (0.3, (t - 1000) as f64);
    let below = |rate: f64, k: f64| -(-rate * k).exp_m1(); // 1 − e^(−rate·k)
    let short = 1000.0 + below(0.01, s) / below(0.01, 1.0);
    let long = below(1e-6, t as f64) / below(1e-6, 1.0);
    let expected = p * short + (1.0 - p) * long;
    expected / (p * below(0.01, s) + (1.0 - p) * below(1e-6, t as f64))
}

#[test]
fn the_restart_analysis_finds_a_planted_optimum_in_random_draws() {
    // Short runs of 1000 + ⌈100 E⌉ iterations (probability 0.3) among long ⌈10⁶ E⌉ ones.
    // Restarting shortly after 1000 pays: the exact curve has its minimum near t = 1300 at
    // about 4,330 iterations, against a mean of 0.3·1100.5 + 0.7·10⁶ ≈ 700,000.
    let (optimum, least) = (1001..5000u64)
        .map(|t| (t, mixture_cost(t)))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .unwrap();
    assert!((1200..1400).contains(&optimum) && (4000.0..4600.0).contains(&least));
    let mut rng = rng::stream(5, "restart mixture", 0);
    let draws = (0..100_000).map(|_| {
        let short = unit(&mut rng) < 0.3;
        let exponential = -unit(&mut rng).ln();
        if short {
            1000 + (100.0 * exponential).ceil() as u64
        } else {
            (1e6 * exponential).ceil() as u64
        }
    });
    let analysis = restart_analysis(&Sample::from_values(draws).unwrap());
    let best = analysis.best.unwrap();
    // P(T ≤ t*) ≈ 0.29 rests on ~29,000 draws, so the empirical cost is within about 1% of
    // the exact one; the chosen cutoff must be one whose exact cost is near the least.
    assert!(
        (best.cost / least - 1.0).abs() < 0.03,
        "{best:?} vs {least}"
    );
    assert!(
        best.cutoff > 1000 && mixture_cost(best.cutoff) < 1.03 * least,
        "{best:?}"
    );
    let mean = analysis.mean_without_restart.unwrap();
    assert!((mean / 700_330.0 - 1.0).abs() < 0.02, "{mean}");
}

#[test]
fn a_full_size_binned_experiment_is_analysed_end_to_end() {
    // 24 orderings × 200,000 draws, binned as the runner will bin them, with 3% censored.
    let samples: Vec<Sample> = (0..24)
        .map(|ordering| {
            let scale = 20_000.0 * (1.0 + ordering as f64 / 10.0);
            let mut bins = std::collections::BTreeMap::new();
            let cap = 70_000 + 2_000 * ordering;
            let mut unsolved = 0;
            for v in exponential(200_000, scale, "scale", ordering) {
                if v > cap {
                    unsolved += 1;
                } else {
                    *bins.entry(bin_of(v).0).or_insert(0) += 1;
                }
            }
            Sample::from_bins(bins, unsolved, Some(cap)).unwrap()
        })
        .collect();
    for (ordering, sample) in samples.iter().enumerate() {
        let label = format!("ordering {ordering}");
        let interval = median_interval(sample, &BootstrapConfig::default(), &label).unwrap();
        assert!(interval.lower <= interval.median && interval.median <= interval.upper);
        assert!(!survival(sample).is_empty());
        hill(sample, default_hill_k(sample)).unwrap();
        assert!(restart_analysis(sample).best.is_some());
    }
    let table = compare_all(&samples);
    assert_eq!(table.len(), 24 * 23 / 2);
    // Larger scales are slower: every adjacent pair is told apart after Holm correction.
    for pair in table.iter().filter(|p| p.b == p.a + 1) {
        assert!(pair.holm_p < 0.05 && pair.test.a_faster > 0.5, "{pair:?}");
    }
}

/// Property tests over the samples that small and failed runs make: empty, fully censored,
/// a single draw, all draws equal. Every statistic must answer (or refuse with an error),
/// never panic, and stay within its definition's range.
mod degenerate_samples {
    use boardlab::stats::quantile::{order_statistic, quantile_rank};
    use boardlab::stats::restart::fixed_cutoff_prediction;
    use boardlab::stats::{
        BootstrapConfig, Quantile, Sample, StatsError, default_hill_k, hill, ks_statistic,
        mann_whitney, median, median_interval, quantile, restart_analysis, survival, survival_at,
    };
    use proptest::prelude::*;

    /// Solved values at or below the cap, a number of unsolved draws, and the cap; a third
    /// of the cases have all solved values equal, and many have few or no solved draws.
    fn sample_parts() -> impl Strategy<Value = (Vec<u64>, u64, u64)> {
        (1u64..2_000, 0usize..12, 0u64..6, any::<bool>()).prop_flat_map(
            |(cap, solved, unsolved, equal)| {
                let values = if equal {
                    (0..=cap).prop_map(move |v| vec![v; solved]).boxed()
                } else {
                    proptest::collection::vec(0..=cap, solved).boxed()
                };
                (values, Just(unsolved), Just(cap))
            },
        )
    }

    fn build(values: &[u64], unsolved: u64, cap: u64) -> Result<Sample, StatsError> {
        Sample::from_bins(values.iter().map(|&v| (v, 1)), unsolved, Some(cap))
    }

    fn config() -> BootstrapConfig {
        BootstrapConfig {
            replicates: 64,
            ..BootstrapConfig::default()
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        #[test]
        fn quantiles_are_ordered_and_within_the_data((values, unsolved, cap) in sample_parts(), p in 0.0f64..=1.0) {
            let sample = match build(&values, unsolved, cap) {
                Err(StatsError::Empty) => {
                    prop_assert!(values.is_empty() && unsolved == 0);
                    return Ok(());
                }
                other => other.unwrap(),
            };
            let n = sample.draws();
            let rank = quantile_rank(n, p).unwrap();
            prop_assert!((1..=n).contains(&rank));
            let q = quantile(&sample, p).unwrap();
            let (min, max) = (values.iter().min(), values.iter().max());
            match q {
                Quantile::Value(v) => prop_assert!(Some(&v) >= min && Some(&v) <= max),
                Quantile::Censored => prop_assert!(rank > sample.solved()),
            }
            prop_assert!(quantile(&sample, 0.0).unwrap() <= q && q <= quantile(&sample, 1.0).unwrap());
            prop_assert_eq!(median(&sample), order_statistic(&sample, n.div_ceil(2)));
            if values.iter().all(|&v| Some(&v) == min) && unsolved == 0 {
                prop_assert_eq!(q, Quantile::Value(values[0]));
            }
        }

        #[test]
        fn the_bootstrap_interval_holds_the_median((values, unsolved, cap) in sample_parts()) {
            let Ok(sample) = build(&values, unsolved, cap) else { return Ok(()) };
            let interval = median_interval(&sample, &config(), "degenerate").unwrap();
            prop_assert!(interval.lower <= interval.median && interval.median <= interval.upper);
            let distinct = sample.values().len() as u64 + u64::from(sample.unsolved() > 0);
            if distinct == 1 {
                // One draw, or all draws equal (or all unsolved): nothing to resample.
                prop_assert_eq!(interval.lower, interval.upper);
                prop_assert_eq!(interval.lower, interval.median);
            }
            if sample.solved() == 0 {
                prop_assert_eq!(interval.upper, Quantile::Censored);
            }
        }

        #[test]
        fn survival_falls_from_one_to_the_censored_share((values, unsolved, cap) in sample_parts()) {
            let Ok(sample) = build(&values, unsolved, cap) else { return Ok(()) };
            let points = survival(&sample);
            prop_assert_eq!(points.len(), sample.values().len());
            prop_assert!(points.windows(2).all(|w| w[0].survival >= w[1].survival));
            prop_assert!(points.iter().all(|p| (0.0..=1.0).contains(&p.survival)));
            if let Some(last) = points.last() {
                prop_assert!((last.survival - sample.censored_fraction()).abs() < 1e-12);
            }
            prop_assert_eq!(survival_at(&sample, cap), Some(sample.censored_fraction()));
            prop_assert_eq!(survival_at(&sample, cap + 1), None);
        }

        #[test]
        fn the_rank_test_is_finite_and_symmetric(
            (a, ua, cap_a) in sample_parts(),
            (b, ub, cap_b) in sample_parts(),
        ) {
            let (Ok(a), Ok(b)) = (build(&a, ua, cap_a), build(&b, ub, cap_b)) else {
                return Ok(());
            };
            let ab = mann_whitney(&a, &b);
            let ba = mann_whitney(&b, &a);
            prop_assert!(ab.z.is_finite() && (0.0..=1.0).contains(&ab.p_value));
            prop_assert!((0.0..=1.0).contains(&ab.a_faster));
            prop_assert!((ab.z + ba.z).abs() < 1e-9 && (ab.p_value - ba.p_value).abs() < 1e-9);
            prop_assert!((ab.a_faster + ba.a_faster - 1.0).abs() < 1e-12);
            let itself = mann_whitney(&a, &a);
            prop_assert_eq!((itself.z, itself.p_value, itself.a_faster), (0.0, 1.0, 0.5));
            prop_assert!((0.0..=1.0).contains(&ks_statistic(&a, &b)));
        }

        #[test]
        fn the_tail_index_is_an_error_or_finite((values, unsolved, cap) in sample_parts(), k in 0u64..20) {
            let Ok(sample) = build(&values, unsolved, cap) else { return Ok(()) };
            let default_k = default_hill_k(&sample);
            prop_assert!(default_k < sample.draws());
            for k in [k, default_k] {
                if let Ok(tail) = hill(&sample, k) {
                    prop_assert!(tail.alpha.is_finite() && tail.alpha > 0.0);
                    prop_assert!(tail.gamma_std_error.is_finite());
                    prop_assert!(tail.solved_fraction > 0.0 && tail.solved_fraction <= 1.0);
                }
            }
            if sample.solved() == 0 || values.iter().all(|&v| v == values[0]) && unsolved == 0 {
                prop_assert!(hill(&sample, default_k).is_err());
            }
        }

        #[test]
        fn restart_costs_are_finite_and_the_optimum_is_on_the_curve((values, unsolved, cap) in sample_parts(), cutoff in 1u64..2_000) {
            let Ok(sample) = build(&values, unsolved, cap) else { return Ok(()) };
            let analysis = restart_analysis(&sample);
            prop_assert_eq!(analysis.curve.len(), sample.values().len());
            prop_assert_eq!(analysis.best.is_none(), sample.solved() == 0);
            prop_assert_eq!(analysis.mean_without_restart.is_none(), unsolved > 0);
            for point in &analysis.curve {
                prop_assert!(point.cost.is_finite() && point.cost >= 0.0);
            }
            if let Some(best) = analysis.best {
                prop_assert!(analysis.curve.iter().all(|p| p.cost >= best.cost));
            }
            let prediction = fixed_cutoff_prediction(&sample, cutoff.min(cap), cap);
            prop_assert!((0.0..=1.0).contains(&prediction.censored_probability));
            prop_assert!(prediction.capped_mean.is_finite() && prediction.capped_mean <= cap as f64 + 1e-6);
            prop_assert!(prediction.censored_std_error.is_finite());
        }
    }
}
