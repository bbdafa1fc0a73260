//! The restart analysis: what if every draw were abandoned and started afresh after t
//! iterations? (Luby, Sinclair and Zuckerman, "Optimal speedup of Las Vegas algorithms",
//! Information Processing Letters 47(4), 1993.)
//!
//! **Definition.** Runs are independent draws of T. The strategy "restart after t iterations"
//! runs until some run solves within t; its number of runs is geometric with success
//! probability P(T ≤ t), and each run costs min(T, t), so by Wald's identity the expected
//! total number of iterations is
//!
//! ```text
//! cost(t) = E[min(T, t)] / P(T ≤ t)
//!         = (Σ_{x ≤ t} c_x · x + t · #{T > t}) / #{T ≤ t}      (empirical, c_x draws at x)
//! ```
//!
//! Luby et al. show that the best fixed cutoff t* = argmin cost(t) is optimal among all
//! strategies for a known distribution. Between two consecutive solved values the
//! denominator is constant and the numerator grows with t, so the minimum is attained at a
//! solved value: the candidates are the distinct solved values (all ≤ cap), evaluated with
//! running sums in one pass. Without restarts the cost is the mean E\[T\], undefined (infinite)
//! when any draw is unsolved; cost(max T) equals it when every draw solved. A draw that
//! solves at exactly t counts as solved within t. Exhausted draws count as unsolved, which
//! slightly overstates cost(t) for t beyond their own (unrecorded) iteration counts.

use super::Sample;

/// The expected cost of restarting after a cutoff.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RestartPoint {
    /// The cutoff t in iterations.
    pub cutoff: u64,
    /// P(T ≤ t): the chance that one run solves within the cutoff.
    pub solve_probability: f64,
    /// cost(t) = E[min(T, t)] / P(T ≤ t), expected total iterations until solved.
    pub cost: f64,
}

/// The restart curve of one sample and its best cutoff.
#[derive(Debug, Clone, PartialEq)]
pub struct RestartAnalysis {
    /// cost(t) at every distinct solved value t, increasing t.
    pub curve: Vec<RestartPoint>,
    /// The point of least cost (the smallest such t on ties); `None` if nothing solved.
    pub best: Option<RestartPoint>,
    /// E\[T\] without restarts; `None` when some draw is unsolved (the mean is then not
    /// finite on this data).
    pub mean_without_restart: Option<f64>,
}

/// cost(t) at every candidate cutoff and the best one (module docs for the definition).
pub fn restart_analysis(sample: &Sample) -> RestartAnalysis {
    let n = sample.draws() as u128;
    let mut sum_below = 0u128; // Σ c_x · x over x ≤ t
    let curve: Vec<RestartPoint> = sample
        .values()
        .iter()
        .zip(sample.cumulative())
        .map(|(&(t, count), &at_most)| {
            sum_below += count as u128 * t as u128;
            let at_most = at_most as u128;
            let total = sum_below + t as u128 * (n - at_most);
            RestartPoint {
                cutoff: t,
                solve_probability: at_most as f64 / n as f64,
                cost: total as f64 / at_most as f64,
            }
        })
        .collect();
    let best = curve.iter().copied().reduce(
        |best, point| {
            if point.cost < best.cost { point } else { best }
        },
    );
    let mean_without_restart = (sample.unsolved() == 0).then(|| sum_below as f64 / n as f64);
    RestartAnalysis {
        curve,
        best,
        mean_without_restart,
    }
}

/// What restarting every `cutoff` iterations, up to a total of `cap`, should give for draws
/// whose single-run iteration counts follow `sample` (runs are independent draws of T).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FixedCutoffPrediction {
    pub cutoff: u64,
    /// E[total iterations] with no cap: E[min(T, t)] / P(T ≤ t); infinite if P(T ≤ t) = 0.
    pub cost: f64,
    /// E[min(total, cap)]: the mean a capped experiment measures (censored draws at the cap).
    pub capped_mean: f64,
    /// P(total > cap): the share of draws the cap censors.
    pub censored_probability: f64,
    /// The standard error of `censored_probability` as an estimate from the sample (delta
    /// method on p and P(T > r), with their covariance): how far the prediction itself may be
    /// off because the sample is finite.
    pub censored_std_error: f64,
}

/// The prediction for `restart = fixed:cutoff` with an iteration cap on the total. With
/// p = P(T ≤ t), A = E[T; T ≤ t], m = ⌊cap / t⌋ whole runs and r = cap − m·t left for a last
/// one:
///
/// ```text
/// P(censored)      = (1 − p)^m · P(T > r)                      (P(T > 0) = 1)
/// E[min(total,cap)] = Σ_{k<m} (1 − p)^k (k·t·p + A) + (1 − p)^m (m·t + E[min(T, r)])
/// ```
///
/// `cutoff` and the remainder r must be within the sample's cap, where F is known.
///
/// The censored share c = (1 − p)^m · S with S = P(T > r) is estimated from n draws. Its
/// standard error by the delta method, with a = ∂c/∂p = −m (1 − p)^(m−1) S and
/// b = ∂c/∂S = (1 − p)^m, and since r < t makes {T ≤ r} a part of {T ≤ t}:
///
/// ```text
/// Var(c) ≈ [a² p(1 − p) + b² F(r)(1 − F(r)) − 2ab F(r)(1 − p)] / n,   F(r) = 1 − S
/// ```
pub fn fixed_cutoff_prediction(sample: &Sample, cutoff: u64, cap: u64) -> FixedCutoffPrediction {
    assert!(cutoff > 0 && cutoff <= cap, "0 < cutoff ≤ cap");
    let n = sample.draws() as f64;
    let (p, partial) = partial_moments(sample, cutoff);
    let expected_min = |x: u64| {
        let (p_x, partial_x) = partial_moments(sample, x);
        partial_x + x as f64 * (1.0 - p_x)
    };
    let (m, r) = (cap / cutoff, cap % cutoff);
    let t = cutoff as f64;
    let mut capped_mean = 0.0;
    let mut fail_all = 1.0; // (1 − p)^k
    for k in 0..m {
        capped_mean += fail_all * (k as f64 * t * p + partial);
        fail_all *= 1.0 - p;
    }
    let last_run_unsolved = if r == 0 {
        1.0
    } else {
        1.0 - sample.count_at_most(r) as f64 / n
    };
    capped_mean += fail_all * (m as f64 * t + if r == 0 { 0.0 } else { expected_min(r) });
    FixedCutoffPrediction {
        cutoff,
        cost: if p > 0.0 {
            expected_min(cutoff) / p
        } else {
            f64::INFINITY
        },
        capped_mean,
        censored_probability: fail_all * last_run_unsolved,
        censored_std_error: censored_std_error(p, m, 1.0 - last_run_unsolved, n),
    }
}

/// The delta-method standard error of (1 − p)^m · (1 − F(r)) (see [`fixed_cutoff_prediction`]).
fn censored_std_error(p: f64, m: u64, f_r: f64, n: f64) -> f64 {
    let m_f = m as f64;
    let fail_all = (1.0 - p).powf(m_f);
    let a = if m == 0 {
        0.0
    } else {
        -m_f * (1.0 - p).powf(m_f - 1.0) * (1.0 - f_r)
    };
    let b = fail_all;
    let variance =
        a * a * p * (1.0 - p) + b * b * f_r * (1.0 - f_r) - 2.0 * a * b * f_r * (1.0 - p);
    (variance.max(0.0) / n).sqrt()
}

/// P(T ≤ x) and E[T; T ≤ x] of the sample.
fn partial_moments(sample: &Sample, x: u64) -> (f64, f64) {
    let n = sample.draws() as f64;
    let mut sum = 0u128;
    for &(value, count) in sample.values().iter().take_while(|(v, _)| *v <= x) {
        sum += value as u128 * count as u128;
    }
    (sample.count_at_most(x) as f64 / n, sum as f64 / n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_censored_share_s_standard_error_by_hand_and_by_resampling() {
        // T = 1 with probability 1/4, T = 10 otherwise (400 draws). Cutoff 1, cap 3: m = 3,
        // r = 0, c = (3/4)^3, a = −3 (3/4)^2, Var = a² p (1 − p) / n.
        let values = |n: usize| (0..n).map(|i| if i % 4 == 0 { 1 } else { 10 });
        let sample = Sample::from_values(values(400)).unwrap();
        let prediction = fixed_cutoff_prediction(&sample, 1, 3);
        let by_hand = (3.0 * 0.5625f64).powi(2) * 0.25 * 0.75 / 400.0;
        assert!((prediction.censored_std_error - by_hand.sqrt()).abs() < 1e-12);

        // Against the spread of the prediction over resampled samples, with a remainder r > 0
        // (cutoff 8, cap 30: m = 3 runs of 8, r = 6) on a spread-out distribution.
        let mut stream = crate::rng::stream(5, "censored share error", 0);
        let population: Vec<u64> = (0..1000)
            .map(|_| 1 + crate::rng::below(&mut stream, 40))
            .collect();
        let draw_sample = |stream: &mut _| {
            Sample::from_values(
                (0..300).map(|_| population[crate::rng::below(stream, 1000) as usize]),
            )
            .unwrap()
        };
        let predictions: Vec<FixedCutoffPrediction> = (0..4000)
            .map(|_| fixed_cutoff_prediction(&draw_sample(&mut stream), 8, 30))
            .collect();
        let count = predictions.len() as f64;
        let mean = predictions
            .iter()
            .map(|p| p.censored_probability)
            .sum::<f64>()
            / count;
        let spread = (predictions
            .iter()
            .map(|p| (p.censored_probability - mean).powi(2))
            .sum::<f64>()
            / (count - 1.0))
            .sqrt();
        let delta = predictions
            .iter()
            .map(|p| p.censored_std_error)
            .sum::<f64>()
            / count;
        // Without the covariance term the ratio is about 0.87.
        let ratio = delta / spread;
        assert!(
            (0.94..1.06).contains(&ratio),
            "delta {delta} against resampled {spread}"
        );
    }

    #[test]
    fn fixed_cutoff_prediction_by_hand() {
        // T = 1 with probability 1/4, T = 10 otherwise (400 draws: 100 and 300).
        let sample = Sample::from_values((0..400).map(|i| if i < 100 { 1 } else { 10 })).unwrap();
        // Cutoff 1: each run costs 1 and solves with p = 1/4: expected 4 runs.
        let prediction = fixed_cutoff_prediction(&sample, 1, 1_000);
        assert!((prediction.cost - 4.0).abs() < 1e-12);
        assert!(
            (prediction.capped_mean - 4.0).abs() < 1e-9,
            "{prediction:?}"
        );
        assert!(prediction.censored_probability < 1e-100);
        // Cap 3 with cutoff 1: censored when the first three runs fail, (3/4)^3.
        let capped = fixed_cutoff_prediction(&sample, 1, 3);
        assert!((capped.censored_probability - 27.0 / 64.0).abs() < 1e-12);
        // E[min(total, 3)] = 1 + 3/4 + 9/16.
        assert!((capped.capped_mean - (1.0 + 0.75 + 0.5625)).abs() < 1e-12);
        // Cutoff 10 never restarts: the plain mean 1/4 + 10 · 3/4.
        let never = fixed_cutoff_prediction(&sample, 10, 10);
        assert!((never.capped_mean - 7.75).abs() < 1e-12 && never.censored_probability == 0.0);
        // Cutoff 4 with cap 6: one full run, then 2 iterations left: censored when the first
        // run fails (3/4) and T > 2 in the second (3/4).
        let partial = fixed_cutoff_prediction(&sample, 4, 6);
        assert!((partial.censored_probability - 9.0 / 16.0).abs() < 1e-12);
        // Mean: 1/4 · 1 + 3/4 · (4 + E[min(T, 2)]) with E[min(T, 2)] = 1/4 + 2 · 3/4.
        assert!((partial.capped_mean - (0.25 + 0.75 * (4.0 + 1.75))).abs() < 1e-12);
    }

    #[test]
    fn two_point_distribution_restarts_after_the_short_value() {
        // T = 1 with p = 0.1, T = 1000 otherwise: cost(1) = 1 / 0.1 = 10 and
        // cost(1000) = E[T] = 0.1 + 900 = 900.1, so t* = 1 with cost 1/p.
        let sample = Sample::from_bins([(1, 10), (1000, 90)], 0, None).unwrap();
        let analysis = restart_analysis(&sample);
        let costs: Vec<(u64, f64)> = analysis.curve.iter().map(|p| (p.cutoff, p.cost)).collect();
        assert_eq!(costs, [(1, 10.0), (1000, 900.1)]);
        let best = analysis.best.unwrap();
        assert_eq!(
            (best.cutoff, best.cost, best.solve_probability),
            (1, 10.0, 0.1)
        );
        assert_eq!(analysis.mean_without_restart, Some(900.1));
    }

    #[test]
    fn restarts_do_not_help_a_geometric_distribution() {
        // P(T = k) = 2^-k, k = 1..20, as exact counts 2^(20-k): n = 2^20 − 1 and
        // n·P(T > k) = 2^(20-k) − 1, so cost(t) = Σ_{k<t} (2^(20-k) − 1) / (2^20 − 2^(20-t))
        // = 2 − t / (2^20 − 2^(20-t)), decreasing to the mean 2 − 20 / (2^20 − 1) at t = 20.
        let sample = Sample::from_bins((1..=20).map(|k| (k, 1u64 << (20 - k))), 0, None).unwrap();
        let analysis = restart_analysis(&sample);
        for point in &analysis.curve {
            let t = point.cutoff as f64;
            let exact = 2.0 - t / (2f64.powi(20) - 2f64.powf(20.0 - t));
            assert!(
                (point.cost - exact).abs() < 1e-12,
                "t = {t}: {}",
                point.cost
            );
        }
        let mean = 2.0 - 20.0 / (2f64.powi(20) - 1.0);
        let best = analysis.best.unwrap();
        assert_eq!(best.cutoff, 20);
        assert!((best.cost - mean).abs() < 1e-12);
        assert!((analysis.mean_without_restart.unwrap() - mean).abs() < 1e-12);
    }

    #[test]
    fn unsolved_draws_cost_the_cutoff_and_leave_no_mean() {
        // Draws 2, 4 and two unsolved at cap 10: cost(2) = (2 + 2·3) / 1 = 8,
        // cost(4) = (2 + 4 + 4·2) / 2 = 7.
        let sample = Sample::from_bins([(2, 1), (4, 1)], 2, Some(10)).unwrap();
        let analysis = restart_analysis(&sample);
        let costs: Vec<f64> = analysis.curve.iter().map(|p| p.cost).collect();
        assert_eq!(costs, [8.0, 7.0]);
        assert_eq!(analysis.best.unwrap().cutoff, 4);
        assert_eq!(analysis.mean_without_restart, None);
        let nothing = Sample::from_bins([], 3, Some(10)).unwrap();
        assert_eq!(restart_analysis(&nothing).best, None);
    }
}
