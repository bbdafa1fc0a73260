//! How far from uniform each generator draws its boards, on instances whose boards are counted.
//!
//! A generator (a search and a placement order) draws boards from some distribution `P` over
//! the `N` valid boards of the instance; a fair one draws each with probability `1/N`. With
//! millions of boards, `P` cannot be tabulated from a sample, so the study measures two
//! things that a sample does pin down, and brackets the total variation distance
//! `TV(P, U) = ½ Σ |P(b) − 1/N|` between them:
//!
//! - **Collisions.** Among `n` draws, the number of pairs that drew the same board has mean
//!   `C(n,2) Σ P(b)²`, so `N · collisions / C(n,2) − 1` estimates the chi-square divergence
//!   `χ²(P‖U) = N Σ P(b)² − 1`, which is 0 exactly for the uniform distribution. Its 95%
//!   interval comes from ten batches of consecutive draws (Student's t with 9 degrees of
//!   freedom). Under uniformity the pair indicators are pairwise independent, so the
//!   collisions have mean `λ = C(n,2)/N` and variance `λ (1 − 1/N)`; the one-sided normal
//!   p-value of the observed count is the **test of uniformity**. By Cauchy–Schwarz,
//!   `TV ≤ ½ √χ²`: the upper end of the divergence's interval gives the upper bound.
//! - **Where each symbol goes.** Any function of the board can only bring two distributions
//!   closer, so the distance between the generator's and the uniform distribution of one
//!   symbol's pair set (exact, from [`counting::pair_set_marginals`]) is a lower bound on
//!   `TV`. Its sampling error is bounded with probability 95% by the L1 deviation inequality
//!   of Bretagnolle–Huber–Carol, `P(‖P̂ − P‖₁ ≥ ε) ≤ 2^K e^{−nε²/2}` for `K` categories,
//!   shared over the symbols (Bonferroni): the largest symbol's distance less its error is a
//!   lower bound at 95%.
//!
//! Every draw is made exactly as the experiments and `draw --seed S --index I` make it, and
//! passes the validator.

use super::board::Square;
use super::counting::{self, CountError};
use super::pieces::Symbol;
use super::queue::Queue;
use super::sat::Instance;
use super::search::{InvalidBoard, Outcome, SearchConfig, draw};
use crate::stats::normal::normal_tail;
use rayon::prelude::*;
use std::collections::HashMap;

/// Batches of consecutive draws behind the divergence's interval.
pub const BATCHES: u64 = 10;
/// Student's t quantile 0.975 with `BATCHES − 1` = 9 degrees of freedom.
const T_975_9: f64 = 2.262;
/// The error allowed to the lower bound (95% confidence).
const DELTA: f64 = 0.05;
/// Draws made in parallel between two progress reports.
const CHUNK: u64 = 1 << 18;

/// One generator of boards: a search on a queue.
#[derive(Clone, Debug)]
pub struct Generator {
    pub queue: Queue,
    pub search: SearchConfig,
}

impl Generator {
    /// `seed/QNBR`, `uniform/QNBR`: the search and the queue's name.
    pub fn label(&self) -> String {
        format!("{}/{}", self.search.name(), self.queue.name())
    }
}

/// What uniform drawing would give on the instance: the number of boards and, per symbol,
/// the probability of each of its pair sets.
pub struct UniformReference {
    pub boards: u64,
    /// Per symbol, each pair set's probability, in the order of the sets (so that sums over
    /// them are made in one order, and the data files are the same in every process).
    marginals: Vec<(Symbol, Vec<(u64, f64)>)>,
}

impl UniformReference {
    /// Counts the boards of `instance` and each symbol's distribution over its pair sets.
    pub fn build(instance: &Instance, max_table: usize) -> Result<UniformReference, CountError> {
        let count = counting::count_boards(instance, false, max_table, &mut |_, _, _| ())?;
        let boards = u64::try_from(count.boards).map_err(|_| CountError::TooManyBoards {
            instance: instance.to_string(),
        })?;
        let marginals = counting::pair_set_marginals(instance, max_table)?
            .into_iter()
            .map(|(symbol, sets)| {
                let mut probabilities: Vec<(u64, f64)> = sets
                    .into_iter()
                    .map(|(set, with)| (set, with as f64 / boards as f64))
                    .collect();
                probabilities.sort_by_key(|&(set, _)| set);
                (symbol, probabilities)
            })
            .collect();
        Ok(UniformReference { boards, marginals })
    }
}

/// One generator's distance from uniform (module docs).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct FairnessRow {
    pub generator: String,
    pub algorithm: String,
    pub order: String,
    pub draws: u64,
    pub solved: u64,
    pub distinct_boards: u64,
    pub collisions: u64,
    pub expected_collisions_if_uniform: f64,
    pub chi2_divergence: f64,
    pub chi2_low: f64,
    pub chi2_high: f64,
    /// One-sided p-value of the collisions under uniform drawing.
    pub p_uniform: f64,
    /// `p_uniform` adjusted by Holm's method over every generator of the study.
    pub p_holm: f64,
    /// The symbol whose pair set is distributed farthest from uniform, and that distance.
    pub farthest_symbol: String,
    pub symbol_tv: f64,
    pub tv_low: f64,
    pub tv_high: f64,
}

/// Draws `draws` boards (indices `0..draws` under master seed `seed`) with `generator` and
/// measures their distance from `reference`; `progress(done)` is called as draws finish.
pub fn measure(
    generator: &Generator,
    reference: &UniformReference,
    draws: u64,
    seed: u64,
    progress: &mut dyn FnMut(u64),
) -> Result<FairnessRow, InvalidBoard> {
    let mut keys: Vec<u128> = Vec::with_capacity(draws as usize);
    let mut batch_ends = Vec::with_capacity(BATCHES as usize);
    let mut placed: Vec<HashMap<u64, u64>> = vec![HashMap::new(); Symbol::COUNT];
    let batch_of = |index: u64| index * BATCHES / draws.max(1);
    let mut start = 0;
    while start < draws {
        let end = (start + CHUNK).min(draws);
        let boards: Vec<Option<[u64; Symbol::COUNT]>> = (start..end)
            .into_par_iter()
            .map(|index| {
                let made = draw(&generator.queue, &generator.search, seed, index, None)?;
                Ok((made.outcome == Outcome::Solved)
                    .then(|| Symbol::ALL.map(|symbol| made.board.pieces(symbol))))
            })
            .collect::<Result<_, InvalidBoard>>()?;
        for (index, pieces) in (start..end).zip(boards) {
            if index > 0 && batch_of(index) != batch_of(index - 1) {
                batch_ends.push(keys.len());
            }
            let Some(pieces) = pieces else { continue };
            keys.push(board_key(&pieces));
            for (symbol, &set) in Symbol::ALL.iter().zip(&pieces) {
                *placed[symbol.index()].entry(set).or_default() += 1;
            }
        }
        progress(end);
        start = end;
    }
    batch_ends.push(keys.len());
    Ok(summarise(
        generator,
        reference,
        draws,
        keys,
        &batch_ends,
        &placed,
    ))
}

/// A board as four bits per square (0 empty, else the symbol's index + 1): exact up to 32
/// squares, which every instance with a count has.
fn board_key(pieces: &[u64; Symbol::COUNT]) -> u128 {
    let mut key = 0u128;
    for (symbol, &set) in pieces.iter().enumerate() {
        for square in super::board::squares_of(set) {
            let Square(index) = square;
            key |= (symbol as u128 + 1) << (4 * u32::from(index));
        }
    }
    key
}

fn summarise(
    generator: &Generator,
    reference: &UniformReference,
    draws: u64,
    mut keys: Vec<u128>,
    batch_ends: &[usize],
    placed: &[HashMap<u64, u64>],
) -> FairnessRow {
    let boards = reference.boards as f64;
    let divergence = |collisions: u64, n: usize| {
        let pairs = n as f64 * (n as f64 - 1.0) / 2.0;
        boards * collisions as f64 / pairs - 1.0
    };
    let mut batch_divergences = Vec::with_capacity(batch_ends.len());
    let mut from = 0;
    for &to in batch_ends {
        let batch = &mut keys[from..to];
        batch.sort_unstable();
        batch_divergences.push(divergence(collisions(batch).0, batch.len()));
        from = to;
    }
    keys.sort_unstable();
    let (all_collisions, distinct) = collisions(&keys);
    let n = keys.len();
    let chi2 = divergence(all_collisions, n);
    let half_width = T_975_9 * standard_error(&batch_divergences);
    let pairs = n as f64 * (n as f64 - 1.0) / 2.0;
    let expected = pairs / boards;
    let z = (all_collisions as f64 - expected) / (expected * (1.0 - 1.0 / boards)).sqrt();
    let (farthest_symbol, symbol_tv, lower) = symbol_distances(reference, placed, n as u64);
    FairnessRow {
        generator: generator.label(),
        algorithm: generator.search.name(),
        order: generator.queue.name(),
        draws,
        solved: n as u64,
        distinct_boards: distinct,
        collisions: all_collisions,
        expected_collisions_if_uniform: expected,
        chi2_divergence: chi2,
        chi2_low: chi2 - half_width,
        chi2_high: chi2 + half_width,
        p_uniform: normal_tail(z),
        p_holm: normal_tail(z),
        farthest_symbol,
        symbol_tv,
        tv_low: lower.max(0.0),
        tv_high: 0.5 * (chi2 + half_width).max(0.0).sqrt(),
    }
}

/// Sets every row's `p_holm` from the p-values of all of them.
pub fn adjust_for_multiple_tests(rows: &mut [FairnessRow]) {
    let p: Vec<f64> = rows.iter().map(|r| r.p_uniform).collect();
    let adjusted = crate::stats::rank_test::holm(&p).expect("normal tails are probabilities");
    for (row, p_holm) in rows.iter_mut().zip(adjusted) {
        row.p_holm = p_holm;
    }
}

/// The study's REPORT.md: what was drawn, which generators are detectably unfair, and every
/// generator's figures, farthest from uniform first.
pub fn report(
    instance: &str,
    boards: u64,
    seed: u64,
    command: &str,
    rows: &[FairnessRow],
) -> String {
    use std::fmt::Write;
    let mut sorted: Vec<&FairnessRow> = rows.iter().collect();
    sorted.sort_by(|a, b| b.tv_high.total_cmp(&a.tv_high));
    let unfair: Vec<&str> = sorted
        .iter()
        .filter(|r| r.p_holm < DELTA)
        .map(|r| r.generator.as_str())
        .collect();
    let draws = rows.first().map_or(0, |r| r.draws);
    let mut text = format!(
        "# How far from uniform each generator draws its boards\n\n\
{instance}: {boards} valid boards (the exact count). {draws} draws per generator from master \
seed {seed}, each as `chess-memory draw --seed {seed} --index I` makes it; every board passed \
the validator.\n\n```sh\n{command}\n```\n\n## Summary\n\n"
    );
    let _ = writeln!(
        text,
        "- **Detectably non-uniform** (collision test, Holm-adjusted p < 0.05): {} of {}{}",
        unfair.len(),
        rows.len(),
        if unfair.is_empty() {
            String::new()
        } else {
            format!(": {}", unfair.join(", "))
        }
    );
    if let (Some(far), Some(near)) = (sorted.first(), sorted.last()) {
        let _ = writeln!(
            text,
            "- Farthest: {} (distance {:.3}..{:.3}); nearest: {} (distance {:.3}..{:.3}).",
            far.generator, far.tv_low, far.tv_high, near.generator, near.tv_low, near.tv_high
        );
    }
    text.push_str(
        "\nThe distance is the total variation distance between the generator's distribution of \
boards and the uniform one, bracketed at 95% (below by the farthest symbol's pair-set \
distribution, above by ½√χ²); χ² is the chi-square divergence from uniform, estimated from the \
pairs of draws that gave the same board (0 for a fair generator). The method is in \
docs/chess-memory.md, section \"Which generator is fair?\".\n\n![distance from uniform](fairness.svg)\n\n\
| generator | solved | distinct | collisions | if uniform | χ² (95%) | p (Holm) | farthest symbol | distance |\n\
|---|---:|---:|---:|---:|---|---:|---|---|\n",
    );
    for r in sorted {
        let _ = writeln!(
            text,
            "| {} | {} | {} | {} | {:.0} | {:.4} ({:.4}..{:.4}) | {} | {} ({:.4}) | {:.3}..{:.3} |",
            r.generator,
            r.solved,
            r.distinct_boards,
            r.collisions,
            r.expected_collisions_if_uniform,
            r.chi2_divergence,
            r.chi2_low,
            r.chi2_high,
            p_text(r.p_holm),
            r.farthest_symbol,
            r.symbol_tv,
            r.tv_low,
            r.tv_high
        );
    }
    text
}

/// A p-value for the report: below the resolution of a double's normal tail, a bound.
fn p_text(p: f64) -> String {
    if p < 1e-15 {
        "< 1e-15".to_string()
    } else {
        format!("{p:.2e}")
    }
}

/// Pairs of equal keys in a sorted slice, and how many distinct keys it has.
fn collisions(sorted: &[u128]) -> (u64, u64) {
    let (mut pairs, mut distinct) = (0u64, 0u64);
    for run in sorted.chunk_by(|a, b| a == b) {
        let c = run.len() as u64;
        pairs += c * (c - 1) / 2;
        distinct += 1;
    }
    (pairs, distinct)
}

/// The standard error of the mean of `values`.
fn standard_error(values: &[f64]) -> f64 {
    let k = values.len() as f64;
    if values.len() < 2 {
        return f64::INFINITY;
    }
    let mean = values.iter().sum::<f64>() / k;
    let variance = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (k - 1.0);
    (variance / k).sqrt()
}

/// The symbol whose sets are drawn farthest from uniform, its distance, and the 95% lower
/// bound on the whole board's distance that the symbols give (module docs).
fn symbol_distances(
    reference: &UniformReference,
    placed: &[HashMap<u64, u64>],
    n: u64,
) -> (String, f64, f64) {
    let symbols = reference.marginals.len() as f64;
    let mut farthest = (String::new(), 0.0, f64::NEG_INFINITY);
    for (symbol, uniform) in &reference.marginals {
        let counts = &placed[symbol.index()];
        let distance = 0.5
            * uniform
                .iter()
                .map(|&(set, u)| {
                    let p = counts.get(&set).copied().unwrap_or(0) as f64 / n.max(1) as f64;
                    (p - u).abs()
                })
                .sum::<f64>();
        let categories = uniform.len() as f64;
        let error = 0.5
            * (2.0 * (categories * std::f64::consts::LN_2 + (symbols / DELTA).ln()) / n as f64)
                .sqrt();
        if distance - error > farthest.2 {
            farthest = (symbol.to_string(), distance, distance - error);
        }
    }
    farthest
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn collisions_count_pairs_within_runs() {
        assert_eq!(collisions(&[1, 1, 1, 2, 3, 3]), (3 + 1, 3));
        assert_eq!(collisions(&[]), (0, 0));
    }

    /// Draws from the uniform distribution over the first `support` of `boards` boards, whose
    /// chi-square divergence from uniform is `boards / support − 1` and whose distance from
    /// it is `1 − support / boards`.
    fn summary_of(boards: u64, support: u64, n: u64) -> FairnessRow {
        let reference = UniformReference {
            boards,
            marginals: Vec::new(),
        };
        let mut rng = crate::rng::stream(3, "fairness-test", support);
        let keys: Vec<u128> = (0..n)
            .map(|_| u128::from(crate::rng::below(&mut rng, support)))
            .collect();
        let ends: Vec<usize> = (1..=BATCHES).map(|b| (b * n / BATCHES) as usize).collect();
        let generator = Generator {
            queue: Queue::seed(crate::chess_memory::board::BoardSize::STANDARD),
            search: SearchConfig::SEED,
        };
        summarise(
            &generator,
            &reference,
            n,
            keys,
            &ends,
            &vec![HashMap::new(); 8],
        )
    }

    #[test]
    fn the_divergence_of_known_distributions_is_found() {
        let fair = summary_of(100_000, 100_000, 200_000);
        assert!(fair.chi2_low <= 0.0 && 0.0 <= fair.chi2_high, "{fair:?}");
        assert!(fair.p_uniform > 0.001, "{fair:?}");
        let half = summary_of(100_000, 50_000, 200_000);
        assert!(half.chi2_low <= 1.0 && 1.0 <= half.chi2_high, "{half:?}");
        assert!(half.chi2_low > 0.5, "{half:?}");
        assert!(half.p_uniform < 1e-12, "{half:?}");
        // The true distance, 0.5, lies under the upper bound.
        assert!(half.tv_high >= 0.5, "{half:?}");
    }

    #[test]
    fn board_keys_tell_boards_apart() {
        let mut a = [0u64; Symbol::COUNT];
        a[0] = 0b11;
        let mut b = a;
        b[0] = 0b101;
        assert_ne!(board_key(&a), board_key(&b));
        let mut c = [0u64; Symbol::COUNT];
        c[1] = 0b11;
        assert_ne!(board_key(&a), board_key(&c));
    }
}
