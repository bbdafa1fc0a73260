//! A 95% interval for a player's mean score that stays honest at any number of games: it
//! never collapses to a point, and a record of only wins has no upper end.
//!
//! **Why not the normal interval.** The usual interval, mean ± z·s/√n with the sample's own
//! standard deviation s, is what fishtest reports and what a bootstrap over games gives. It
//! is fine over thousands of games and wrong over few: two wins have s = 0, so the interval
//! is the single point 100%, and two draws give exactly 50%. Those records say little, and
//! their intervals must say so.
//!
//! **The score interval.** A game scores x ∈ {0, ½, 1} (a pair of games, the mean of two,
//! x ∈ {0, ¼, ½, ¾, 1}). For a mean score p, the variance of one game is
//! V(p) = p(1 − p) − m, where m = E[x(1 − x)] is the share of the variance the draws take
//! away (m = d/4 for a draw share d; 0 without draws, where V is the binomial variance). As
//! Wilson's interval does for a proportion (Wilson 1927), the interval holds every p that the
//! observed mean p̂ does not reject: (p̂ − p)² ≤ z²·V(p)/n. The variance is taken at the
//! candidate p, not at p̂, which is what keeps the interval open at p̂ = 0 or 1.
//!
//! **The draws' share of the variance** is not known either: m is replaced by the lower end
//! of its own 95% Wilson interval (4m is a mean of values in [0, 1]), so the variance is
//! never understated, and V(p) is held at no less than 0. Without draws this is exactly
//! Wilson's interval; over many games m's bound meets m̂ and the interval meets the normal
//! one, whose width it then has.

use super::proportion::{Z95, wilson_mean};

/// The 95% score interval (module docs) of a record given as `(score of one unit, count)`
/// pairs, each score in [0, 1]; (0, 1) without a unit. The low end is exactly 0 when every
/// unit scored 0, and the high end exactly 1 when every unit scored 1.
pub fn score_interval95(record: &[(f64, u64)]) -> (f64, f64) {
    score_interval(record, Z95)
}

/// [`score_interval95`] with the normal quantile `z`.
pub fn score_interval(record: &[(f64, u64)], z: f64) -> (f64, f64) {
    let n: u64 = record.iter().map(|&(_, count)| count).sum();
    if n == 0 {
        return (0.0, 1.0);
    }
    let units = n as f64;
    let mean = record.iter().map(|&(x, c)| x * c as f64).sum::<f64>() / units;
    let m_low = draws_variance_low(record, z);
    let z2 = z * z;
    // Positive where the mean rejects p, zero or negative inside the interval.
    let rejects = |p: f64| (mean - p).powi(2) - z2 * (p * (1.0 - p) - m_low).max(0.0) / units;
    let all_low = record.iter().all(|&(x, c)| c == 0 || x <= 0.0);
    let all_high = record.iter().all(|&(x, c)| c == 0 || x >= 1.0);
    let low = if all_low {
        0.0
    } else {
        outermost_accepted(&rejects, mean, 0.0)
    };
    let high = if all_high {
        1.0
    } else {
        outermost_accepted(&rejects, mean, 1.0)
    };
    (low, high)
}

/// The lower end of the 95% (at `z`) Wilson interval of m = E[x(1 − x)], the share of a
/// unit's variance that its draws take away (module docs); 0 without a unit.
pub fn draws_variance_low(record: &[(f64, u64)], z: f64) -> f64 {
    let units = record.iter().map(|&(_, count)| count).sum::<u64>() as f64;
    if units == 0.0 {
        return 0.0;
    }
    let share = record
        .iter()
        .map(|&(x, c)| x * (1.0 - x) * c as f64)
        .sum::<f64>()
        / units;
    wilson_low(4.0 * share * units, units, z) / 4.0
}

/// The point of [`from`, `to`] (either way round) farthest from `from` at which `rejects` is
/// not positive, when `rejects(from) <= 0`: a scan of a fine grid for the last accepted
/// point, then bisection between it and the next grid point.
pub fn outermost_accepted(rejects: &impl Fn(f64) -> f64, from: f64, to: f64) -> f64 {
    const STEPS: usize = 4096;
    let at = |i: usize| from + (to - from) * i as f64 / STEPS as f64;
    let Some(last) = (0..=STEPS).rev().find(|&i| rejects(at(i)) <= 0.0) else {
        return from;
    };
    if last == STEPS {
        return to;
    }
    let (mut inside, mut outside) = (at(last), at(last + 1));
    for _ in 0..60 {
        let middle = (inside + outside) / 2.0;
        if rejects(middle) <= 0.0 {
            inside = middle;
        } else {
            outside = middle;
        }
    }
    inside
}

/// The low end of Wilson's interval for a mean of `successes / n` (values in [0, 1]).
fn wilson_low(successes: f64, n: f64, z: f64) -> f64 {
    if successes <= 0.0 {
        return 0.0;
    }
    wilson_mean((successes / n).min(1.0), n, z).0
}

/// A record of games as score-interval input: wins, draws and losses of the first player.
pub fn games_record(wins: u64, draws: u64, losses: u64) -> [(f64, u64); 3] {
    [(1.0, wins), (0.5, draws), (0.0, losses)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::proportion::{binomial, wilson95};

    #[test]
    fn without_draws_it_is_wilsons_interval() {
        for (wins, n) in [(0, 1), (1, 1), (2, 2), (1, 2), (3, 10), (10, 10), (57, 200)] {
            let (low, high) = score_interval95(&games_record(wins, 0, n - wins));
            let (w_low, w_high) = wilson95(wins, n);
            assert!(
                (low - w_low).abs() < 1e-9 && (high - w_high).abs() < 1e-9,
                "{wins}/{n}: {low} {high} against Wilson's {w_low} {w_high}"
            );
        }
    }

    #[test]
    fn an_all_win_record_has_no_upper_end_and_an_all_loss_record_no_lower_end() {
        let z2 = Z95 * Z95;
        for n in [1u64, 2, 10] {
            let (low, high) = score_interval95(&games_record(n, 0, 0));
            // Wilson's closed form at p̂ = 1: n / (n + z²).
            assert!(
                (low - n as f64 / (n as f64 + z2)).abs() < 1e-9,
                "{n}: {low}"
            );
            assert_eq!(high, 1.0);
            let (low, high) = score_interval95(&games_record(0, 0, n));
            assert_eq!(low, 0.0);
            assert!((high - z2 / (n as f64 + z2)).abs() < 1e-9, "{n}: {high}");
        }
    }

    #[test]
    fn draws_only_give_a_wide_interval_that_narrows_with_games() {
        let widths: Vec<f64> = [1u64, 2, 10, 1000]
            .iter()
            .map(|&n| {
                let (low, high) = score_interval95(&games_record(0, n, 0));
                assert!(low < 0.5 && 0.5 < high, "{n}: {low} {high}");
                assert!(((low + high) / 2.0 - 0.5).abs() < 1e-9, "symmetric");
                high - low
            })
            .collect();
        // Two draws: (½ − p)²·(1 + z²/2) = z²·(¼ − m)/2 with m the Wilson low end of 2/2
        // over 4, solved by hand: p = ½ ± 0.3289.
        assert!((widths[1] - 2.0 * 0.3289).abs() < 1e-3, "{widths:?}");
        assert!(widths.windows(2).all(|w| w[1] < w[0]), "{widths:?}");
        assert!(widths[3] > 0.0);
    }

    #[test]
    fn over_many_games_it_meets_the_normal_interval() {
        let (w, d, l) = (4000u64, 3000u64, 3000u64);
        let n = (w + d + l) as f64;
        let mean = (w as f64 + d as f64 / 2.0) / n;
        let variance = (w as f64 + d as f64 / 4.0) / n - mean * mean;
        let half = Z95 * (variance / n).sqrt();
        let (low, high) = score_interval95(&games_record(w, d, l));
        assert!((low - (mean - half)).abs() < 5e-4, "{low} {}", mean - half);
        assert!(
            (high - (mean + half)).abs() < 5e-4,
            "{high} {}",
            mean + half
        );
    }

    /// Coverage by simulation: for true win, draw and loss chances and a number of games,
    /// the share of simulated records whose interval holds the true mean score.
    fn coverage(win: f64, draw: f64, games: u64, trials: usize, seed: u64) -> f64 {
        let mut rng = crate::rng::stream(seed, "score interval coverage", games);
        let truth = win + draw / 2.0;
        let covered = (0..trials)
            .filter(|_| {
                let wins = binomial(&mut rng, games, win);
                let draws = binomial(&mut rng, games - wins, draw / (1.0 - win));
                let (low, high) =
                    score_interval95(&games_record(wins, draws, games - wins - draws));
                low <= truth && truth <= high
            })
            .count();
        covered as f64 / trials as f64
    }

    #[test]
    fn it_covers_the_true_score_about_as_often_as_it_claims() {
        for &(win, draw) in &[(0.3, 0.4), (0.5, 0.3), (0.2, 0.7), (0.6, 0.0), (0.45, 0.1)] {
            for games in [2u64, 10, 40, 200] {
                let c = coverage(win, draw, games, 4000, 11);
                assert!(
                    c >= 0.925,
                    "win {win}, draw {draw}, {games} games: coverage {c}"
                );
            }
        }
    }
}
