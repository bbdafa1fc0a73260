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
