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
//! the interval holds the 2.5% and 97.5% type-1 quantiles of the replicate ratings. The stream
//! is `rng::stream(seed, "match ratings bootstrap", 0)`, so the intervals are a function of the
//! counts and the seed.

use crate::stats::proportion::multinomial;
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
            let (mut games, mut points) = (0u64, 0f64);
            for c in cells.iter().filter(|c| c.a != c.b) {
                let [w, d, l] = c.wdl;
                if c.a == i {
                    games += w + d + l;
                    points += w as f64 + d as f64 / 2.0;
                } else if c.b == i {
                    games += w + d + l;
                    points += l as f64 + d as f64 / 2.0;
                }
            }
            let list = &mut replicates[i];
            list.sort_by(f64::total_cmp);
            let quantile = |p: f64| {
                let rank = ((list.len() as f64 * p).ceil() as usize).clamp(1, list.len().max(1));
                list.get(rank - 1).map(|&r| round2(r))
            };
            RatingRow {
                player: players[i].clone(),
                rating: point.as_ref().map(|p| round2(p[i])),
                rating_low: quantile(0.025),
                rating_high: quantile(0.975),
                games,
                score: ((points / games.max(1) as f64) * 1e6).round() / 1e6,
            }
        })
        .collect()
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
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
