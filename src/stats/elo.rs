//! The statistics engine testers use to judge a match between two players: the Elo difference
//! with its 95% interval, the likelihood of superiority, and the sequential probability ratio
//! test (SPRT) that stops a match once it has its answer.
//!
//! The formulas are fishtest's (github `official-stockfish/fishtest`,
//! `server/fishtest/stats/stat_util.py` and `LLRcalc.py`), the framework that tests every
//! Stockfish patch, and are checked in the tests against values its own Python code prints:
//!
//! - **Frequencies.** A match is summed up as the frequencies of its outcomes, ordered from
//!   worst to best for the first player: three (losses, draws, wins) for single games, or five
//!   for *pairs* of games played from one opening with the colours swapped, the pentanomial
//!   model (pairs scoring 0, ½, 1, 1½ and 2 points: LL, LD, DD or WL, WD, WW). Pairs are the
//!   honest unit when openings are random: the two games of a pair share their opening, so
//!   their results are not independent, and the pentanomial variance counts that.
//! - **Regularization.** A frequency of zero is replaced by 0.001 before any formula, as
//!   fishtest does, so that no logarithm or variance degenerates.
//! - **Elo.** With the mean score per game μ and its variance σ² per game, the estimate is
//!   `elo(μ) = −400 log₁₀(1/μ − 1)` (μ clamped to [0.001, 0.999]); the 95% interval maps
//!   μ ± 1.96 σ/√games through `elo`; fishtest reports its half-width as `±`.
//! - **Likelihood of superiority** (LOS): Φ((μ − ½)/(σ/√games)), the probability under the
//!   normal approximation that the first player is the stronger.
//! - **SPRT.** H0: the Elo difference is `elo0`, H1: it is `elo1` (logistic Elo). The
//!   generalized log-likelihood ratio is `N · Σ pᵢ (ln p¹ᵢ − ln p⁰ᵢ)` over the observed
//!   frequencies pᵢ, where p⁰ and p¹ are the maximum-likelihood distributions with expected
//!   score L(elo0) and L(elo1), L(e) = 1/(1 + 10^(−e/400)); each is pᵢ/(1 + x(aᵢ − s)) for
//!   the root x of the secular equation Σ pᵢ(aᵢ − s)/(1 + x(aᵢ − s)) = 0 (Van den Bergh,
//!   "A practical introduction to the GSPRT", fishtest's `LLR_logistic`). The test accepts H1
//!   once the ratio reaches ln((1 − β)/α) and H0 once it falls to ln(β/(1 − α)), Wald's
//!   bounds as cutechess-cli and fishtest set them (fishtest also narrows them by an estimate
//!   of the overshoot; boardlab does not).

use super::normal::normal_tail;

/// The 97.5% quantile of the standard normal distribution (`scipy.stats.norm.ppf(0.975)`).
const Z_975: f64 = 1.959_963_984_540_054;

/// What a zero frequency becomes before any formula (fishtest's `regularize`).
const REGULARIZATION: f64 = 1e-3;

/// The score a difference of `elo` logistic Elo points gives: 1/(1 + 10^(−elo/400)).
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The logistic Elo difference of a mean score per game, `score` clamped to [0.001, 0.999].
pub fn elo_of_score(score: f64) -> f64 {
    let score = score.clamp(1e-3, 1.0 - 1e-3);
    -400.0 * (1.0 / score - 1.0).log10()
}

/// Frequencies of outcomes from the first player's view, worst first: three for games
/// (losses, draws, wins), five for pairs of games (LL, LD, DD or WL, WD, WW).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Outcomes<'a> {
    Games(&'a [u64; 3]),
    Pairs(&'a [u64; 5]),
}

impl Outcomes<'_> {
    /// The regularized frequencies.
    fn regularized(&self) -> Vec<f64> {
        let counts: &[u64] = match self {
            Outcomes::Games(counts) => &counts[..],
            Outcomes::Pairs(counts) => &counts[..],
        };
        counts
            .iter()
            .map(|&count| {
                if count == 0 {
                    REGULARIZATION
                } else {
                    count as f64
                }
            })
            .collect()
    }

    /// The regularized frequencies as (score per game, probability), with their total.
    fn distribution(&self) -> (f64, Vec<(f64, f64)>) {
        let counts = self.regularized();
        let total: f64 = counts.iter().sum();
        let last = (counts.len() - 1) as f64;
        let pdf = counts
            .iter()
            .enumerate()
            .map(|(i, &count)| (i as f64 / last, count / total))
            .collect();
        (total, pdf)
    }
}

/// An Elo difference with its 95% interval and the likelihood of superiority.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// The mean score per game of the first player.
    pub score: f64,
    pub elo: f64,
    /// The 95% interval's ends.
    pub low: f64,
    pub high: f64,
    /// Half the interval's width, as fishtest prints it after `±`.
    pub margin: f64,
    /// The likelihood of superiority of the first player, in [0, 1].
    pub los: f64,
}

/// The Elo estimate of a match (fishtest's `get_elo`; module docs).
pub fn elo_estimate(outcomes: Outcomes) -> EloEstimate {
    let counts = outcomes.regularized();
    let outcomes_per_unit = (counts.len() - 1) as f64;
    let units: f64 = counts.iter().sum();
    let games = units * outcomes_per_unit / 2.0;
    let points = |i: usize| i as f64 / 2.0;
    let score = counts
        .iter()
        .enumerate()
        .map(|(i, &n)| n * points(i))
        .sum::<f64>()
        / games;
    let unit_mean = outcomes_per_unit / 2.0 * score;
    let variance = counts
        .iter()
        .enumerate()
        .map(|(i, &n)| n * (points(i) - unit_mean).powi(2))
        .sum::<f64>()
        / games;
    let standard_error = variance.sqrt() / games.sqrt();
    let low = elo_of_score(score - Z_975 * standard_error);
    let high = elo_of_score(score + Z_975 * standard_error);
    EloEstimate {
        score,
        elo: elo_of_score(score),
        low,
        high,
        margin: (high - low) / 2.0,
        los: normal_tail(-(score - 0.5) / standard_error),
    }
}

/// The root x of Σ pᵢaᵢ/(1 + x aᵢ) = 0 for values aᵢ on both sides of zero: the function
/// falls from +∞ to −∞ on (−1/max a, −1/min a), and bisection finds its root to the last bit.
fn secular_root(pdf: &[(f64, f64)]) -> f64 {
    let f = |x: f64| pdf.iter().map(|&(a, p)| p * a / (1.0 + x * a)).sum::<f64>();
    let (min, max) = pdf
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &(a, _)| {
            (lo.min(a), hi.max(a))
        });
    debug_assert!(min < 0.0 && max > 0.0, "values on both sides of zero");
    let epsilon = 1e-9;
    let (mut low, mut high) = (-1.0 / max + epsilon, -1.0 / min - epsilon);
    for _ in 0..200 {
        let middle = 0.5 * (low + high);
        if middle <= low || middle >= high {
            break;
        }
        if f(middle) > 0.0 {
            low = middle;
        } else {
            high = middle;
        }
    }
    0.5 * (low + high)
}

/// The maximum-likelihood distribution on the observed values with expected value `s`
/// (fishtest's `MLE_expected`).
fn most_likely_with_mean(pdf: &[(f64, f64)], s: f64) -> Vec<f64> {
    let shifted: Vec<(f64, f64)> = pdf.iter().map(|&(a, p)| (a - s, p)).collect();
    let x = secular_root(&shifted);
    shifted.iter().map(|&(a, p)| p / (1.0 + x * a)).collect()
}

/// The generalized log-likelihood ratio of H1 (Elo `elo1`) against H0 (`elo0`) for the
/// outcomes (fishtest's `LLR_logistic`; module docs).
pub fn log_likelihood_ratio(elo0: f64, elo1: f64, outcomes: Outcomes) -> f64 {
    let (total, pdf) = outcomes.distribution();
    let h0 = most_likely_with_mean(&pdf, expected_score(elo0));
    let h1 = most_likely_with_mean(&pdf, expected_score(elo1));
    let per_unit: f64 = pdf
        .iter()
        .zip(h0.iter().zip(&h1))
        .map(|(&(_, p), (&p0, &p1))| p * (p1.ln() - p0.ln()))
        .sum();
    total * per_unit
}

/// A sequential probability ratio test: H0 the Elo difference is `elo0`, H1 it is `elo1`,
/// with error rates `alpha` (accepting H1 when H0 holds) and `beta` (the other way).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// Where an SPRT stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtVerdict {
    /// Neither bound reached: play on.
    Continue,
    /// The ratio fell to the lower bound: the difference is `elo0` (or less).
    AcceptH0,
    /// The ratio reached the upper bound: the difference is `elo1` (or more).
    AcceptH1,
}

impl SprtVerdict {
    /// How a report names the verdict.
    pub fn name(self) -> &'static str {
        match self {
            SprtVerdict::Continue => "no decision",
            SprtVerdict::AcceptH0 => "H0 accepted",
            SprtVerdict::AcceptH1 => "H1 accepted",
        }
    }
}

impl Sprt {
    /// Reads `sprt elo0=E0 elo1=E1 alpha=A beta=B` (the keys in any order, each once; alpha
    /// and beta default to 0.05); the error is one line naming the problem.
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let usage = "write e.g. \"sprt elo0=0 elo1=10 alpha=0.05 beta=0.05\"";
        let mut words = text.split_whitespace();
        if words.next() != Some("sprt") {
            return Err(format!("`{text}` is not a stopping rule; {usage}"));
        }
        let mut values: [Option<f64>; 4] = [None; 4];
        const KEYS: [&str; 4] = ["elo0", "elo1", "alpha", "beta"];
        for word in words {
            let Some((key, value)) = word.split_once('=') else {
                return Err(format!("`{word}` is not KEY=VALUE; {usage}"));
            };
            let Some(slot) = KEYS.iter().position(|&k| k == key) else {
                return Err(format!(
                    "`{key}` is not an SPRT setting; use elo0, elo1, alpha and beta"
                ));
            };
            let value: f64 = value
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite())
                .ok_or_else(|| format!("{key}={value} is not a number; {usage}"))?;
            if values[slot].replace(value).is_some() {
                return Err(format!("{key} is given twice; {usage}"));
            }
        }
        let [Some(elo0), Some(elo1), alpha, beta] = values else {
            return Err(format!("an SPRT needs elo0 and elo1; {usage}"));
        };
        let sprt = Sprt {
            elo0,
            elo1,
            alpha: alpha.unwrap_or(0.05),
            beta: beta.unwrap_or(0.05),
        };
        sprt.check().map(|()| sprt)
    }

    fn check(&self) -> Result<(), String> {
        if self.elo0 >= self.elo1 {
            return Err(format!(
                "an SPRT needs elo0 < elo1, got elo0={} elo1={}",
                self.elo0, self.elo1
            ));
        }
        if self.elo0.abs() > 1000.0 || self.elo1.abs() > 1000.0 {
            return Err("SPRT bounds must lie within ±1000 Elo".to_string());
        }
        for (name, value) in [("alpha", self.alpha), ("beta", self.beta)] {
            if !(value > 0.0 && value < 0.5) {
                return Err(format!(
                    "{name}={value} is not an error rate; use a value between 0 and 0.5"
                ));
            }
        }
        Ok(())
    }

    /// The ratio at or below which H0 is accepted: ln(β/(1 − α)).
    pub fn lower_bound(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// The ratio at or above which H1 is accepted: ln((1 − β)/α).
    pub fn upper_bound(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The log-likelihood ratio of the outcomes and the verdict it gives.
    pub fn verdict(&self, outcomes: Outcomes) -> (f64, SprtVerdict) {
        let llr = log_likelihood_ratio(self.elo0, self.elo1, outcomes);
        let verdict = if llr >= self.upper_bound() {
            SprtVerdict::AcceptH1
        } else if llr <= self.lower_bound() {
            SprtVerdict::AcceptH0
        } else {
            SprtVerdict::Continue
        };
        (llr, verdict)
    }

    /// The rule as a spec writes it.
    pub fn text(&self) -> String {
        format!(
            "sprt elo0={} elo1={} alpha={} beta={}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(found: f64, expected: f64, tolerance: f64) -> bool {
        (found - expected).abs() <= tolerance * expected.abs().max(1.0)
    }

    // Expected values below are what fishtest's own code prints (commit b8eecff of
    // official-stockfish/fishtest, SciPy 1.17.1):
    //   from fishtest.stats import stat_util, LLRcalc
    //   LLRcalc.LLR_logistic(elo0, elo1, counts); stat_util.get_elo(counts)
    // with `counts` worst outcome first.

    #[test]
    fn log_likelihood_ratios_match_fishtest() {
        // (counts, LLR(0, 10), LLR(−3, 1))
        let pairs: [([u64; 5], f64, f64); 5] = [
            // The example in stat_util.py's own `__main__`.
            (
                [10789, 19328, 33806, 19402, 10543],
                -135.7607137924273,
                2.1310678117940807,
            ),
            ([3, 20, 50, 30, 7], 1.053294984882541, 0.5230869050786826),
            ([0, 5, 40, 12, 3], 1.5915738942253592, 0.6916651682843911),
            ([1, 2, 3, 4, 5], 0.2774746780613828, 0.11594377259509293),
            ([100, 0, 0, 0, 0], -2.919705946292236, -1.1480017982309305),
        ];
        for (counts, llr_0_10, llr_m3_1) in pairs {
            let outcomes = Outcomes::Pairs(&counts);
            let found = log_likelihood_ratio(0.0, 10.0, outcomes);
            assert!(close(found, llr_0_10, 1e-8), "{counts:?}: {found}");
            let found = log_likelihood_ratio(-3.0, 1.0, outcomes);
            assert!(close(found, llr_m3_1, 1e-8), "{counts:?}: {found}");
        }
        let games: [([u64; 3], f64); 3] = [
            ([1351, 2942, 1477], 2.5242456072281185),
            ([555, 298, 555], -0.7396577788062215),
            ([149, 1, 3], -4.2932611390264155),
        ];
        for (counts, expected) in games {
            let found = log_likelihood_ratio(0.0, 10.0, Outcomes::Games(&counts));
            assert!(close(found, expected, 1e-8), "{counts:?}: {found}");
        }
    }

    #[test]
    fn cutechess_worked_examples_agree() {
        // cutechess-cli's own SPRT tests (github cutechess/cutechess,
        // projects/lib/tests/sprt/tst_sprt.cpp, elo0=0 elo1=10 alpha=beta=0.01, checked to
        // ±0.01): 1477 wins, 1351 losses, 2942 draws give LLR 2.52; 555, 555, 298 give −0.74;
        // the bounds are ±4.6.
        let sprt = Sprt::parse("sprt elo0=0 elo1=10 alpha=0.01 beta=0.01").unwrap();
        let (llr, verdict) = sprt.verdict(Outcomes::Games(&[1351, 2942, 1477]));
        assert!((llr - 2.52).abs() <= 0.01, "{llr}");
        assert_eq!(verdict, SprtVerdict::Continue);
        let (llr, _) = sprt.verdict(Outcomes::Games(&[555, 298, 555]));
        assert!((llr + 0.74).abs() <= 0.01, "{llr}");
        assert!((sprt.lower_bound() + 4.6).abs() <= 0.01);
        assert!((sprt.upper_bound() - 4.6).abs() <= 0.01);
    }

    #[test]
    fn elo_estimates_match_fishtest() {
        // (counts, elo, ±95%, LOS)
        let pairs: [([u64; 5], f64, f64, f64); 4] = [
            (
                [10789, 19328, 33806, 19402, 10543],
                -0.7735773359165423,
                1.2775798957280218,
                0.1176588580327751,
            ),
            (
                [3, 20, 50, 30, 7],
                28.490235043955252,
                29.144051714388063,
                0.9731468501861718,
            ),
            (
                [0, 5, 40, 12, 3],
                37.78065131103903,
                29.456966176925494,
                0.9944564128366932,
            ),
            (
                [1, 2, 3, 4, 5],
                120.41199826559247,
                131.27428703633998,
                0.9807830348816091,
            ),
        ];
        for (counts, elo, margin, los) in pairs {
            let estimate = elo_estimate(Outcomes::Pairs(&counts));
            assert!(close(estimate.elo, elo, 1e-9), "{counts:?}: {estimate:?}");
            assert!(close(estimate.margin, margin, 1e-9), "{counts:?}");
            assert!(
                (estimate.los - los).abs() < 1e-9,
                "{counts:?}: {estimate:?}"
            );
            assert!(estimate.low < estimate.elo && estimate.elo < estimate.high);
        }
        let estimate = elo_estimate(Outcomes::Games(&[1351, 2942, 1477]));
        assert!(close(estimate.elo, 7.588187907473929, 1e-9));
        assert!(close(estimate.margin, 6.276670954687882, 1e-9));
        assert!((estimate.los - 0.9911182740122336).abs() < 1e-9);
        let even = elo_estimate(Outcomes::Games(&[555, 298, 555]));
        assert!(even.elo.abs() < 1e-12 && (even.los - 0.5).abs() < 1e-12);
        assert!(close(even.margin, 16.12474608617028, 1e-9));
    }

    #[test]
    fn pairs_and_games_agree_on_the_score() {
        // Pairs (LD, WW) are games (L, D, W, W): the same score, another variance.
        let pairs = elo_estimate(Outcomes::Pairs(&[0, 1, 0, 0, 1]));
        let games = elo_estimate(Outcomes::Games(&[1, 1, 2]));
        assert!(
            (pairs.score - games.score).abs() < 1e-3,
            "{pairs:?} {games:?}"
        );
        assert!((expected_score(elo_of_score(0.7)) - 0.7).abs() < 1e-12);
    }

    #[test]
    fn the_verdict_follows_the_bounds() {
        let sprt = Sprt::parse("sprt elo0=0 elo1=10").unwrap();
        assert_eq!((sprt.alpha, sprt.beta), (0.05, 0.05));
        // fishtest's bounds for α = β = 0.05: ±2.9444389791664403.
        assert!((sprt.upper_bound() - 2.9444389791664403).abs() < 1e-12);
        // fishtest's LLR_logistic(0, 10, ·): 5.6736, −5.8393, −0.0041; with 100 pairs the
        // first two stay inside the bounds (2.8368, −2.9196), so the verdicts are near ones.
        let (_, strong) = sprt.verdict(Outcomes::Pairs(&[0, 0, 20, 120, 60]));
        let (_, weak) = sprt.verdict(Outcomes::Pairs(&[60, 120, 20, 0, 0]));
        let (_, unsure) = sprt.verdict(Outcomes::Pairs(&[1, 1, 1, 1, 1]));
        let (llr, half) = sprt.verdict(Outcomes::Pairs(&[0, 0, 10, 60, 30]));
        assert!(close(llr, 2.836789451037506, 1e-8), "{llr}");
        assert_eq!(half, SprtVerdict::Continue);
        assert_eq!(
            [strong, weak, unsure],
            [
                SprtVerdict::AcceptH1,
                SprtVerdict::AcceptH0,
                SprtVerdict::Continue
            ]
        );
    }

    #[test]
    fn bad_rules_are_named() {
        for (text, needle) in [
            ("sprt", "needs elo0 and elo1"),
            ("stop elo0=0 elo1=5", "not a stopping rule"),
            ("sprt elo0=5 elo1=0", "elo0 < elo1"),
            (
                "sprt elo0=0 elo1=5 gamma=1",
                "`gamma` is not an SPRT setting",
            ),
            ("sprt elo0=0 elo1=x", "elo1=x is not a number"),
            (
                "sprt elo0=0 elo1=5 alpha=0.7",
                "alpha=0.7 is not an error rate",
            ),
            ("sprt elo0=0 elo0=1 elo1=5", "elo0 is given twice"),
            ("sprt elo0=0 elo1=5 beta", "`beta` is not KEY=VALUE"),
        ] {
            let error = Sprt::parse(text).unwrap_err();
            assert!(error.contains(needle), "{text}: {error}");
        }
        let sprt = Sprt::parse("sprt beta=0.1 elo1=5 elo0=-1.5").unwrap();
        assert_eq!(Sprt::parse(&sprt.text()), Ok(sprt));
    }
}
