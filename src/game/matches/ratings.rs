//! Ratings from all the games of a match: the Bradley–Terry model with a draw counted as half
//! a win for each side (Bradley and Terry 1952; Elo's rating system is the same model on a
//! logarithmic scale), fitted by maximum likelihood with the MM algorithm (Hunter, "MM
//! algorithms for generalized Bradley–Terry models", Annals of Statistics 32(1), 2004).
//!
//! **Model.** Player i has strength πᵢ > 0 and scores against j with probability
//! πᵢ / (πᵢ + πⱼ) per game, where a game's score is 1 for a win, ½ for a draw, 0 for a loss.
//! With sᵢⱼ the points of i against j over nᵢⱼ games, the likelihood is maximised by the fixed
//! point of πᵢ ← Sᵢ / Σⱼ nᵢⱼ / (πᵢ + πⱼ), Sᵢ = Σⱼ sᵢⱼ (Zermelo's iteration, which Hunter shows
//! increases the likelihood at every step). Ratings are on the Elo scale, 400·log₁₀ πᵢ, shifted
//! so that their mean is 0: a difference of 400 means odds of 10 to 1 in points.
//!
//! **Prior.** A player who never scores (or never concedes) would have an infinite rating; one
//! virtual drawn game is added to every pairing that played ([`PRIOR_GAMES`]), which keeps
//! every rating finite and moves none measurably once a pairing has thousands of games.
//! Games of a player against itself carry no information and are left out. The pairings must
//! connect all players, or there is no common scale and no rating is given.
//!
//! **Intervals.** A seeded percentile bootstrap over games (Efron 1979), stratified by pairing
//! and seat: each replicate redraws every pairing's games in each seat from its own results
//! (a multinomial draw of the same number of games, [`crate::stats::proportion`]) and refits;
//! it holds the 2.5% and 97.5% type-1 quantiles of the replicate ratings. The stream is
//! `rng::stream(seed, "match ratings bootstrap", 0)`, so the intervals are a function of the
//! counts and the seed. A bootstrap cannot be wider than the data's own spread: two wins
//! resample to two wins, two draws to two draws, and the interval would be a point. So each
//! interval is widened to hold the player's **score interval**: the ratings x that a score
//! test does not reject, with the other players held at their fitted ratings r_j. Over the
//! nᵢⱼ games against each opponent, the points S are compared with their expectation
//! E(x) = Σⱼ nᵢⱼ·L(x − r_j) and variance V(x) = Σⱼ nᵢⱼ·L(1 − L) − n·m, where L is the logistic
//! score and m the lower 95% bound of the draws' share of the variance
//! ([`crate::stats::score_interval`], which is this test against one opponent): x is kept
//! while (S − E(x))² ≤ z²·V(x). The variance is taken at the candidate x, as Wilson's
//! interval takes it, so the interval never shrinks to a point. Each end is then moved by the
//! share 1 − 1/N of its distance from the rating that survives re-centring the N ratings on
//! mean 0. Over many games the bootstrap, which also counts the other players' uncertainty,
//! is the wider and decides; over few the score test does, and a player who won every game
//! (or lost) every game has no upper (or lower) end: `inf` (`-inf`) in `ratings.csv`.

use crate::stats::proportion::Z95;
use crate::stats::proportion::multinomial;
use crate::stats::score_interval::{draws_variance_low, games_record, outermost_accepted};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

/// Virtual drawn games added to every pairing that played (module docs).
pub const PRIOR_GAMES: f64 = 1.0;
/// Bootstrap replicates.
pub const REPLICATES: usize = 1000;

/// The games of pairing (`a`, `b`) with `a` in one seat: `a`'s wins, draws and losses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    pub a: usize,
    pub b: usize,
    pub wdl: [u64; 3],
}

/// One row of `ratings.csv`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingRow {
    pub player: String,
    /// Elo-scale rating, mean 0 over the players; empty when the players are not connected.
    pub rating: Option<f64>,
    pub rating_low: Option<f64>,
    pub rating_high: Option<f64>,
    /// Games against other players.
    pub games: u64,
    /// Share of the points in those games.
    pub score: f64,
}

/// Points (in half points) and games between each pair of players, with the prior added.
struct Totals {
    /// `games[i][j]`: games between i and j (symmetric), prior included.
    games: Vec<Vec<f64>>,
    /// `points[i]`: points of i against everyone, prior included.
    points: Vec<f64>,
}

fn totals(players: usize, cells: &[Cell], prior: f64) -> Totals {
    let mut games = vec![vec![0.0; players]; players];
    let mut points = vec![0.0; players];
    let mut met = vec![vec![false; players]; players];
    for cell in cells.iter().filter(|c| c.a != c.b) {
        let [w, d, l] = cell.wdl.map(|x| x as f64);
        games[cell.a][cell.b] += w + d + l;
        games[cell.b][cell.a] += w + d + l;
        points[cell.a] += w + d / 2.0;
        points[cell.b] += l + d / 2.0;
        met[cell.a][cell.b] = true;
        met[cell.b][cell.a] = true;
    }
    for i in 0..players {
        for j in 0..players {
            if met[i][j] && i != j {
                games[i][j] += prior;
                points[i] += prior / 2.0;
            }
        }
    }
    Totals { games, points }
}

/// Whether the pairings with games connect every player.
fn connected(games: &[Vec<f64>]) -> bool {
    let n = games.len();
    let mut seen = vec![false; n];
    let mut stack = vec![0];
    seen[0] = true;
    while let Some(i) = stack.pop() {
        for j in 0..n {
            if games[i][j] > 0.0 && !seen[j] {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    seen.into_iter().all(|s| s)
}

/// The maximum-likelihood ratings (Elo scale, mean 0) of `players` players from `cells`,
/// with `prior` virtual draws per pairing, starting from `start` (log strengths) when given;
/// `None` when the players are not connected or a rating is infinite.
pub fn fit(players: usize, cells: &[Cell], prior: f64, start: Option<&[f64]>) -> Option<Vec<f64>> {
    if players == 0 {
        return Some(Vec::new());
    }
    let t = totals(players, cells, prior);
    if !connected(&t.games) {
        return None;
    }
    let total: Vec<f64> = t.games.iter().map(|row| row.iter().sum()).collect();
    if (0..players).any(|i| t.points[i] <= 0.0 || t.points[i] >= total[i]) {
        return None;
    }
    let mut strength: Vec<f64> = match start {
        Some(logs) => logs.iter().map(|x| x.exp()).collect(),
        None => vec![1.0; players],
    };
    for _ in 0..200_000 {
        let mut change = 0f64;
        for i in 0..players {
            let denominator: f64 = (0..players)
                .filter(|&j| t.games[i][j] > 0.0)
                .map(|j| t.games[i][j] / (strength[i] + strength[j]))
                .sum();
            let next = t.points[i] / denominator;
            change = change.max((next / strength[i]).ln().abs());
            strength[i] = next;
        }
        // Keep the geometric mean at 1 so the numbers stay in range.
        let mean = strength.iter().map(|s| s.ln()).sum::<f64>() / players as f64;
        strength.iter_mut().for_each(|s| *s /= mean.exp());
        if change < 1e-11 {
            break;
        }
    }
    Some(
        strength
            .iter()
            .map(|s| 400.0 * s.log10())
            .collect::<Vec<f64>>(),
    )
}

/// The ratings with their bootstrap intervals (module docs), one row per player in the
/// given order.
pub fn fit_with_intervals(players: &[String], cells: &[Cell], seed: u64) -> Vec<RatingRow> {
    let n = players.len();
    let point = fit(n, cells, PRIOR_GAMES, None);
    let mut replicates: Vec<Vec<f64>> = vec![Vec::with_capacity(REPLICATES); n];
    if let Some(point) = &point {
        let logs: Vec<f64> = point.iter().map(|r| r / 400.0 * 10f64.ln()).collect();
        // The resamples are drawn in turn from one stream, then fitted on every core: the
        // same replicates whatever the number of threads.
        let mut rng = crate::rng::stream(seed, "match ratings bootstrap", 0);
        let resamples: Vec<Vec<Cell>> = (0..REPLICATES)
            .map(|_| {
                cells
                    .iter()
                    .map(|c| Cell {
                        wdl: multinomial(&mut rng, c.wdl.iter().sum(), c.wdl),
                        ..*c
                    })
                    .collect()
            })
            .collect();
        let fitted: Vec<Vec<f64>> = resamples
            .par_iter()
            .map(|resampled| {
                fit(n, resampled, PRIOR_GAMES, Some(&logs))
                    .expect("a resample with the prior keeps every rating finite")
            })
            .collect();
        for ratings in fitted {
            for (list, r) in replicates.iter_mut().zip(ratings) {
                list.push(r);
            }
        }
    }
    (0..n)
        .map(|i| {
            let ([wins, draws, losses], _) = record_of(i, n, cells);
            let games = wins + draws + losses;
            let points = wins as f64 + draws as f64 / 2.0;
            let list = &mut replicates[i];
            list.sort_by(f64::total_cmp);
            let quantile = |p: f64| {
                let rank = ((list.len() as f64 * p).ceil() as usize).clamp(1, list.len().max(1));
                list.get(rank - 1).copied()
            };
            let (score_low, score_high) = point
                .as_ref()
                .map_or((None, None), |ratings| score_bounds(i, ratings, cells));
            let widened =
                |bootstrap: Option<f64>, score: Option<f64>, wider: fn(f64, f64) -> f64| match (
                    bootstrap, score,
                ) {
                    (Some(b), Some(s)) => Some(round2(wider(b, s))),
                    (b, s) => b.or(s).map(round2),
                };
            RatingRow {
                player: players[i].clone(),
                rating: point.as_ref().map(|p| round2(p[i])),
                rating_low: widened(quantile(0.025), score_low, f64::min),
                rating_high: widened(quantile(0.975), score_high, f64::max),
                games,
                score: ((points / games.max(1) as f64) * 1e6).round() / 1e6,
            }
        })
        .collect()
}

/// Two decimals; an infinite end stays infinite.
fn round2(x: f64) -> f64 {
    if x.is_finite() {
        (x * 100.0).round() / 100.0
    } else {
        x
    }
}

/// Player `i`'s wins, draws and losses against the other players of `cells`, and its games
/// against each of the `players`.
fn record_of(i: usize, players: usize, cells: &[Cell]) -> ([u64; 3], Vec<u64>) {
    let mut met = vec![0u64; players];
    let [mut wins, mut draws, mut losses] = [0u64; 3];
    for c in cells.iter().filter(|c| c.a != c.b) {
        let [w, d, l] = c.wdl;
        let (opponent, won, lost) = match i {
            _ if c.a == i => (c.b, w, l),
            _ if c.b == i => (c.a, l, w),
            _ => continue,
        };
        met[opponent] += w + d + l;
        (wins, draws, losses) = (wins + won, draws + d, losses + lost);
    }
    ([wins, draws, losses], met)
}

/// The score interval of player `i` read as ratings (module docs): `(low, high)`, infinite
/// where the player lost or won every game, `None` for a player without games.
fn score_bounds(i: usize, ratings: &[f64], cells: &[Cell]) -> (Option<f64>, Option<f64>) {
    let ([wins, draws, losses], met) = record_of(i, ratings.len(), cells);
    let games = wins + draws + losses;
    if games == 0 {
        return (None, None);
    }
    let points = wins as f64 + draws as f64 / 2.0;
    let logistic = |x: f64, r: f64| 1.0 / (1.0 + 10f64.powf((r - x) / 400.0));
    let m_low = draws_variance_low(&games_record(wins, draws, losses), Z95);
    let pairs = || met.iter().zip(ratings).filter(|(n, _)| **n > 0);
    let expected = |x: f64| {
        pairs()
            .map(|(&n, &r)| n as f64 * logistic(x, r))
            .sum::<f64>()
    };
    let variance = |x: f64| {
        let binomial: f64 = pairs()
            .map(|(&n, &r)| n as f64 * logistic(x, r) * (1.0 - logistic(x, r)))
            .sum();
        (binomial - games as f64 * m_low).max(0.0)
    };
    let rejects = |x: f64| (points - expected(x)).powi(2) - Z95 * Z95 * variance(x);
    let survives = 1.0 - 1.0 / ratings.len() as f64;
    let moved = |x: f64| ratings[i] + (x - ratings[i]) * survives;
    let centre = match points {
        p if p <= 0.0 || p >= games as f64 => None,
        p => Some(solve_increasing(
            &|x| expected(x) / games as f64,
            p / games as f64,
        )),
    };
    // Far enough out that the score test rejects: the expectation has left the points
    // behind by more than any variance allows.
    let reach = |from: f64, side: f64| {
        let mut distance = 400.0;
        while rejects(from + side * distance) <= 0.0 && distance < 1e6 {
            distance *= 2.0;
        }
        from + side * distance
    };
    // A player who won (lost) every game has no centre: its accepted ratings run up (down)
    // from far above (below) every opponent, where its points are all but expected.
    let far = |side: f64| {
        let extreme = ratings
            .iter()
            .map(|&r| side * r)
            .fold(f64::NEG_INFINITY, f64::max);
        side * (extreme + 4000.0)
    };
    let end = |side: f64| {
        let from = match centre {
            Some(c) => c,
            None if (side > 0.0) == (points > 0.0) => return side * f64::INFINITY,
            None => far(-side),
        };
        moved(outermost_accepted(&rejects, from, reach(from, side)))
    };
    (Some(end(-1.0)), Some(end(1.0)))
}

/// The x at which the increasing function `f` reaches `target` in (0, 1), by bisection
/// inside a bracket doubled until it holds the root.
fn solve_increasing(f: &impl Fn(f64) -> f64, target: f64) -> f64 {
    let (mut low, mut high) = (-400.0, 400.0);
    while f(low) > target {
        low *= 2.0;
    }
    while f(high) < target {
        high *= 2.0;
    }
    for _ in 0..100 {
        let middle = (low + high) / 2.0;
        if f(middle) < target {
            low = middle;
        } else {
            high = middle;
        }
    }
    (low + high) / 2.0
}

/// Writes `ratings.csv`: best rating first (players without one last, in spec order).
pub fn write<W: std::io::Write>(file: W, rows: &[RatingRow]) -> Result<(), csv::Error> {
    let mut sorted: Vec<&RatingRow> = rows.iter().collect();
    sorted.sort_by(|x, y| {
        let key = |r: &RatingRow| r.rating.unwrap_or(f64::NEG_INFINITY);
        key(y).total_cmp(&key(x))
    });
    let mut writer = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(file);
    writer.write_record([
        "player",
        "rating",
        "rating_low",
        "rating_high",
        "games",
        "score",
    ])?;
    for row in sorted {
        writer.serialize(row)?;
    }
    writer.flush()?;
    Ok(())
}

/// Reads a `ratings.csv`.
pub fn read(path: &std::path::Path) -> crate::output::error::Result<Vec<RatingRow>> {
    crate::output::read_csv(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(a: usize, b: usize, wdl: [u64; 3]) -> Cell {
        Cell { a, b, wdl }
    }

    #[test]
    fn three_wins_in_four_make_a_strength_ratio_of_three() {
        // A scores 3/4 against B: πA / (πA + πB) = 3/4, so πA = 3 πB, a difference of
        // 400·log10(3) = 190.85 on the Elo scale.
        let cells = [cell(0, 1, [300, 0, 100])];
        let r = fit(2, &cells, 0.0, None).unwrap();
        assert!((r[0] - r[1] - 400.0 * 3f64.log10()).abs() < 1e-6, "{r:?}");
        assert!((r[0] + r[1]).abs() < 1e-9);
        // Draws count half: 200 wins, 200 draws, 0 losses is the same score.
        let with_draws = fit(2, &[cell(0, 1, [200, 200, 0])], 0.0, None).unwrap();
        assert!((with_draws[0] - r[0]).abs() < 1e-6);
    }

    #[test]
    fn a_chain_of_known_strengths_is_recovered() {
        // Strengths 1, 2, 4: expected scores 2/3 between neighbours, 4/5 from the ends, as
        // exact counts over 15 games per pairing.
        let cells = [
            cell(1, 0, [10, 0, 5]),
            cell(2, 1, [10, 0, 5]),
            cell(2, 0, [12, 0, 3]),
        ];
        let r = fit(3, &cells, 0.0, None).unwrap();
        let step = 400.0 * 2f64.log10();
        assert!((r[1] - r[0] - step).abs() < 1e-6 && (r[2] - r[1] - step).abs() < 1e-6);
    }

    #[test]
    fn unconnected_or_unbeaten_players_have_no_rating_without_the_prior() {
        let apart = [cell(0, 1, [5, 0, 5]), cell(2, 3, [5, 0, 5])];
        assert_eq!(fit(4, &apart, 1.0, None), None);
        let unbeaten = [cell(0, 1, [10, 0, 0])];
        assert_eq!(fit(2, &unbeaten, 0.0, None), None);
        let r = fit(2, &unbeaten, 1.0, None).unwrap();
        // 10.5 points of 11: πA/πB = 21.
        assert!((r[0] - r[1] - 400.0 * 21f64.log10()).abs() < 1e-6);
    }

    /// The rows of a two-player match in which `a` won, drew and lost `wdl`, half of the
    /// games in each seat (the first seat one more when odd).
    fn two_players(wdl: [u64; 3]) -> Vec<RatingRow> {
        let players = ["a".to_string(), "b".to_string()];
        let half = wdl.map(|x| x / 2);
        let rest = [wdl[0] - half[0], wdl[1] - half[1], wdl[2] - half[2]];
        let cells = [cell(0, 1, rest), cell(1, 0, [half[2], half[1], half[0]])];
        fit_with_intervals(&players, &cells, 3)
    }

    fn interval(row: &RatingRow) -> (f64, f64, f64) {
        (
            row.rating_low.unwrap(),
            row.rating.unwrap(),
            row.rating_high.unwrap(),
        )
    }

    #[test]
    fn a_record_of_wins_has_a_lower_end_and_no_upper_end_at_any_number_of_games() {
        for games in [1u64, 2, 10] {
            let rows = two_players([games, 0, 0]);
            let (low, rating, high) = interval(&rows[0]);
            assert_eq!(high, f64::INFINITY, "{games} wins: {rows:?}");
            assert!(low.is_finite() && low < rating, "{games} wins: {rows:?}");
            // The loser's mirror image.
            let (low, rating, high) = interval(&rows[1]);
            assert_eq!(low, f64::NEG_INFINITY, "{games} losses: {rows:?}");
            assert!(
                high.is_finite() && rating < high,
                "{games} losses: {rows:?}"
            );
        }
        // A win's lower end: Wilson's n/(n + z²) of the score, 1/(1 + z²) = 0.2066 for one
        // game, is a difference of 400·log10(0.2066/0.7934) = -233.8 Elo, of which half
        // moves a's rating on the mean-0 scale of two players.
        let (low, _, _) = interval(&two_players([1, 0, 0])[0]);
        assert!((low - (-233.8 / 2.0)).abs() < 0.2, "{low}");
    }

    #[test]
    fn draws_alone_give_an_interval_around_zero_that_narrows_with_games() {
        let widths: Vec<f64> = [1u64, 2, 10]
            .iter()
            .map(|&games| {
                let (low, rating, high) = interval(&two_players([0, games, 0])[0]);
                assert!(
                    low < 0.0 && rating.abs() < 1e-9 && 0.0 < high,
                    "{games} draws"
                );
                high - low
            })
            .collect();
        // Two draws: a score interval of 0.5 ± 0.3289 (`score_interval`'s tests), Elo
        // ±400·log10(0.8289/0.1711) = ±274.1 as a difference, half of it each.
        assert!((widths[1] - 274.1).abs() < 1.0, "{widths:?}");
        // Ten draws: 0.5 ± 0.1388 by the same equation, ±99.2 Elo as a difference.
        assert!((widths[2] - 99.2).abs() < 1.0, "{widths:?}");
        assert!(widths[0] > widths[1] && widths[1] > widths[2], "{widths:?}");
    }

    #[test]
    fn ten_mixed_games_have_two_finite_ends() {
        let (low, rating, high) = interval(&two_players([5, 3, 2])[0]);
        assert!(low.is_finite() && high.is_finite() && low < rating && rating < high);
        assert!(high - low > 150.0, "{low} {high}");
    }

    #[test]
    fn intervals_bracket_the_rating_and_are_reproducible() {
        let players = ["a".to_string(), "b".to_string(), "c".to_string()];
        let cells = [
            cell(0, 1, [1500, 0, 500]),
            cell(1, 2, [600, 200, 200]),
            cell(0, 2, [700, 100, 200]),
        ];
        let rows = fit_with_intervals(&players, &cells, 7);
        for row in &rows {
            let (r, low, high) = (
                row.rating.unwrap(),
                row.rating_low.unwrap(),
                row.rating_high.unwrap(),
            );
            assert!(low < r && r < high && high - low < 80.0, "{row:?}");
        }
        assert_eq!(rows, fit_with_intervals(&players, &cells, 7));
        assert_eq!(rows[0].games, 3000);
        assert!((rows[0].score - (2200.0 + 50.0) / 3000.0).abs() < 1e-6);
    }
}
