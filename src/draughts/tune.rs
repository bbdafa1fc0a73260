//! Fitting the engine's evaluation weights to game results, as Texel tuning does
//! (`boardlab draughts tune`).
//!
//! Every game of the given `draws.csv` files is replayed under the rule set, move by move (a
//! move that is not legal is an error naming the game); a game given up by a forfeit is left
//! out, since its result says nothing of its positions. From each game, every position after
//! the first `skip` plies where the side to move has no capture (a quiet position, which the
//! static evaluation is meant for) becomes a sample: the evaluation's terms, White's less
//! Black's ([`Geometry::terms`]), and the game's result for White (1, ½ or 0).
//!
//! The model is the engine's own: White's expected score is σ(k · e / 100) with e = w · terms,
//! the evaluation in hundredths of a man. First k is chosen for the starting weights (a search
//! over a grid of scales, the one of least squared error), then the weights other than the
//! man's (the unit, held at 100) are moved by gradient descent on the mean squared error
//! between results and expected scores, full batch (Adam's steps, a fixed number of them),
//! so that the fit is the same on every run and thread count.

use crate::draughts::bots::engine::evaluation::{Geometry, MAN, TERMS, Weights};
use crate::draughts::variant::{Engine, Variant, notation};
use std::path::Path;

/// One quiet position: its terms and the game's result for White.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    pub terms: [i32; 13],
    pub result: f64,
}

/// What a file gave: its samples and the games read and left out.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Samples {
    pub samples: Vec<Sample>,
    pub games: usize,
    pub forfeits: usize,
}

/// Reads the games of a match study's `draws.csv` (columns `pairing, game, first, second,
/// result, plies, moves`) under `variant` and adds their samples.
pub fn read_games(
    path: &Path,
    variant: Variant,
    skip: u32,
    into: &mut Samples,
) -> Result<(), String> {
    let rules = variant.rules();
    let engine = Engine::new(rules);
    let geometry = Geometry::new(rules.size as u32);
    let mut reader = csv::Reader::from_path(path)
        .map_err(|e| format!("{}: {e}; give a draws.csv of a match study", path.display()))?;
    let headers = reader
        .headers()
        .map_err(|e| format!("{}: {e}", path.display()))?
        .clone();
    let column = |name: &str| {
        headers.iter().position(|h| h == name).ok_or_else(|| {
            format!(
                "{}: no `{name}` column; give a draws.csv of a draughts match study",
                path.display()
            )
        })
    };
    let (result_at, moves_at) = (column("result")?, column("moves")?);
    for (row, record) in reader.records().enumerate() {
        let record = record.map_err(|e| format!("{}: {e}", path.display()))?;
        let where_ = || format!("{}, game row {}", path.display(), row + 1);
        let result = match &record[result_at] {
            "1-0" => 1.0,
            "0-1" => 0.0,
            "1/2" => 0.5,
            other => {
                return Err(format!(
                    "{}: result `{other}` is not 1-0, 0-1 or 1/2",
                    where_()
                ));
            }
        };
        let texts: Vec<&str> = record[moves_at]
            .split(' ')
            .filter(|t| !t.is_empty())
            .collect();
        if texts.iter().any(|t| t.starts_with("forfeit:")) {
            into.forfeits += 1;
            continue;
        }
        into.games += 1;
        let mut position = engine.start();
        for (ply, text) in texts.iter().enumerate() {
            if ply as u32 >= skip && !engine.has_capture(&position) {
                into.samples.push(Sample {
                    terms: geometry.terms(position.white, position.black, position.kings),
                    result,
                });
            }
            let mv = notation::parse_move(&engine, &position, text)
                .map_err(|e| format!("{}: move {} ({text}): {e}", where_(), ply + 1))?;
            position = engine.play(&position, &mv);
        }
    }
    Ok(())
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn evaluation(weights: &[f64; 13], terms: &[i32; 13]) -> f64 {
    weights.iter().zip(terms).map(|(w, &t)| w * t as f64).sum()
}

/// The mean squared error of `weights` at scale `k` over `samples`.
pub fn error(samples: &[Sample], weights: &[f64; 13], k: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| (s.result - sigmoid(k * evaluation(weights, &s.terms) / 100.0)).powi(2))
        .sum();
    total / samples.len().max(1) as f64
}

/// The fit: the scale, the errors before and after, and the weights found.
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    pub scale: f64,
    pub error_before: f64,
    pub error_after: f64,
    pub weights: Weights,
}

/// Fits the weights other than the man's to `samples`, from `start`, in `steps` steps.
pub fn fit(samples: &[Sample], start: Weights, steps: u32) -> Fit {
    let mut weights = start.terms.map(f64::from);
    // The scale: the grid point of least error for the starting weights.
    let scale = (1..=400)
        .map(|i| i as f64 * 0.01)
        .min_by(|a, b| error(samples, &weights, *a).total_cmp(&error(samples, &weights, *b)))
        .expect("a grid");
    let error_before = error(samples, &weights, scale);
    let (rate, beta1, beta2) = (1.0, 0.9, 0.999);
    let (mut m, mut v) = ([0.0f64; 13], [0.0f64; 13]);
    let n = samples.len().max(1) as f64;
    for step in 1..=steps {
        let mut gradient = [0.0f64; 13];
        for sample in samples {
            let p = sigmoid(scale * evaluation(&weights, &sample.terms) / 100.0);
            let factor = -2.0 * (sample.result - p) * p * (1.0 - p) * scale / 100.0;
            for (g, &t) in gradient.iter_mut().zip(&sample.terms) {
                *g += factor * t as f64;
            }
        }
        for i in 1..13 {
            let g = gradient[i] / n;
            m[i] = beta1 * m[i] + (1.0 - beta1) * g;
            v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
            let m_hat = m[i] / (1.0 - beta1.powi(step as i32));
            let v_hat = v[i] / (1.0 - beta2.powi(step as i32));
            weights[i] -= rate * m_hat / (v_hat.sqrt() + 1e-12);
        }
        weights[0] = MAN as f64;
    }
    let rounded = Weights {
        terms: weights.map(|w| w.round() as i32),
    };
    Fit {
        scale,
        error_before,
        error_after: error(samples, &rounded.terms.map(f64::from), scale),
        weights: rounded,
    }
}

/// The fitted weights as a table of terms, for people.
pub fn table(start: &Weights, fit: &Fit) -> String {
    let mut text = String::from("| term | before | fitted |\n|---|---|---|\n");
    for (i, name) in TERMS.iter().enumerate() {
        text += &format!(
            "| {name} | {} | {} |\n",
            start.terms[i], fit.weights.terms[i]
        );
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Results drawn from a known model (White's score σ(e/100), e = 2 × material) are fitted
    /// back to weights near the model's: the man's weight is held, the king's and the others'
    /// found.
    #[test]
    fn the_fit_recovers_the_weights_of_the_model_the_results_come_from() {
        let mut rng = crate::rng::stream(1, "tune-test", 0);
        let mut samples = Vec::new();
        let truth = [100, 250, 10, 0, 0, 0, 0, -20, 0, 0, 0, 0, 0];
        for _ in 0..6000 {
            let mut terms = [0; 13];
            for (i, t) in terms.iter_mut().enumerate() {
                if truth[i] != 0 {
                    *t = crate::rng::below(&mut rng, 7) as i32 - 3;
                }
            }
            let e: i32 = truth.iter().zip(&terms).map(|(w, t)| w * t).sum();
            let p = sigmoid(e as f64 / 100.0);
            let draw = crate::rng::below(&mut rng, 1_000_000) as f64 / 1e6;
            let result = if draw < p { 1.0 } else { 0.0 };
            samples.push(Sample { terms, result });
        }
        let start = Weights {
            terms: [100, 100, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        };
        let fitted = fit(&samples, start, 400);
        assert!(fitted.error_after < fitted.error_before);
        let w = fitted.weights.terms;
        assert_eq!(w[0], 100);
        // The scale is fitted once for the starting weights, so the others come out in
        // proportion to the man's: the king near 2.5 men, the imbalance negative.
        let ratio = w[1] as f64 / w[0] as f64;
        assert!((1.8..3.2).contains(&ratio), "{w:?}");
        assert!(w[7] < 0 && w[2] > 0, "{w:?}");
    }
}
