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
//!   interval is the wider of two: the delete-a-batch jackknife over ten batches of
//!   consecutive draws (Student's t with 9 degrees of freedom), and Garwood's exact Poisson
//!   interval of the collision count, which rules where collisions are few. Under
//!   uniformity the pair indicators are pairwise independent, so the collisions have mean
//!   `λ = C(n,2)/N` and variance `λ (1 − 1/N)`, nearly Poisson; the Poisson upper tail of
//!   the observed count is the **test of uniformity**. By Cauchy–Schwarz, `TV ≤ ½ √χ²`: the
//!   upper end of the divergence's interval gives the upper bound.
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
use crate::output::document::{Align, Document, Table};
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
    /// Counts each symbol's distribution over its pair sets, and with it the boards of
    /// `instance`: every board gives each symbol exactly one set, so any symbol's counts sum
    /// to the number of boards.
    pub fn build(instance: &Instance, max_table: usize) -> Result<UniformReference, CountError> {
        let counts = counting::pair_set_marginals(instance, max_table)?;
        let total: u128 = counts
            .first()
            .map_or(1, |(_, sets)| sets.iter().map(|&(_, with)| with).sum());
        let boards = u64::try_from(total).map_err(|_| CountError::TooManyBoards {
            instance: instance.to_string(),
        })?;
        let marginals = counts
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
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
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
    // Each solved board's key and the batch of consecutive draws it belongs to.
    let mut keys: Vec<(u128, u8)> = Vec::with_capacity(draws as usize);
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
            let Some(pieces) = pieces else { continue };
            keys.push((board_key(&pieces), batch_of(index) as u8));
            for (symbol, &set) in Symbol::ALL.iter().zip(&pieces) {
                *placed[symbol.index()].entry(set).or_default() += 1;
            }
        }
        progress(end);
        start = end;
    }
    Ok(summarise(generator, reference, draws, keys, &placed))
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
    keys: Vec<(u128, u8)>,
    placed: &[HashMap<u64, u64>],
) -> FairnessRow {
    let boards = reference.boards as f64;
    let pairs = |n: u64| n as f64 * (n as f64 - 1.0) / 2.0;
    let divergence = |collisions: f64, n: u64| boards * collisions / pairs(n) - 1.0;
    let n = keys.len() as u64;
    let counts = Collisions::count(keys, BATCHES as usize);
    let chi2 = divergence(counts.pairs as f64, n);
    // Delete-a-batch jackknife of the estimate, which sees the pairs across batches too.
    let left_out: Vec<f64> = (counts.involving_batch.iter().zip(&counts.batch_sizes))
        .map(|(&involving, &size)| divergence((counts.pairs - involving) as f64, n - size))
        .collect();
    let jackknife = T_975_9 * jackknife_error(&left_out);
    // With few collisions the batches say little: the exact Poisson interval of the count is
    // a floor on the interval's width.
    let (poisson_low, poisson_high) = poisson_interval(counts.pairs);
    let chi2_low = (chi2 - jackknife).min(divergence(poisson_low, n));
    let chi2_high = (chi2 + jackknife).max(divergence(poisson_high, n));
    let expected = pairs(n) / boards;
    let p_uniform = poisson_tail(expected, counts.pairs);
    let (farthest_symbol, symbol_tv, lower) = symbol_distances(reference, placed, n);
    FairnessRow {
        generator: generator.label(),
        algorithm: generator.search.name(),
        order: generator.queue.name(),
        draws,
        solved: n,
        distinct_boards: counts.distinct,
        collisions: counts.pairs,
        expected_collisions_if_uniform: expected,
        chi2_divergence: chi2,
        chi2_low,
        chi2_high,
        p_uniform,
        p_holm: p_uniform,
        farthest_symbol,
        symbol_tv,
        tv_low: lower.max(0.0),
        tv_high: (0.5 * chi2_high.max(0.0).sqrt()).min(1.0),
    }
}

/// The pairs of draws that gave one board, in all and with a draw of each batch.
struct Collisions {
    pairs: u64,
    distinct: u64,
    involving_batch: Vec<u64>,
    /// The boards of each batch.
    batch_sizes: Vec<u64>,
}

impl Collisions {
    /// Counts the collisions of the `labelled` boards, each a key and its batch (of
    /// `batches`).
    fn count(mut labelled: Vec<(u128, u8)>, batches: usize) -> Collisions {
        let mut counts = Collisions {
            pairs: 0,
            distinct: 0,
            involving_batch: vec![0; batches],
            batch_sizes: vec![0; batches],
        };
        for &(_, batch) in &labelled {
            counts.batch_sizes[batch as usize] += 1;
        }
        labelled.sort_unstable();
        let mut per_batch = vec![0u64; batches];
        for run in labelled.chunk_by(|a, b| a.0 == b.0) {
            let c = run.len() as u64;
            counts.pairs += c * (c - 1) / 2;
            counts.distinct += 1;
            if c > 1 {
                per_batch.fill(0);
                for &(_, b) in run {
                    per_batch[b as usize] += 1;
                }
                for (involving, &in_batch) in counts.involving_batch.iter_mut().zip(&per_batch) {
                    *involving +=
                        in_batch * (in_batch.saturating_sub(1)) / 2 + in_batch * (c - in_batch);
                }
            }
        }
        counts
    }
}

/// The jackknife's standard error from the estimates that each leave one batch out.
fn jackknife_error(left_out: &[f64]) -> f64 {
    let k = left_out.len() as f64;
    if left_out.len() < 2 {
        return f64::INFINITY;
    }
    let mean = left_out.iter().sum::<f64>() / k;
    ((k - 1.0) / k * left_out.iter().map(|v| (v - mean).powi(2)).sum::<f64>()).sqrt()
}

/// Garwood's 95% interval for the mean of a Poisson count `c`, with the chi-square
/// quantiles of Wilson and Hilferty (within 1% from a count of 1 on).
fn poisson_interval(c: u64) -> (f64, f64) {
    let quantile = |k: f64, z: f64| {
        let a = 2.0 / (9.0 * k);
        k * (1.0 - a + z * a.sqrt()).powi(3)
    };
    let z = 1.959_963_984_540_054;
    let low = if c == 0 {
        0.0
    } else {
        quantile(2.0 * c as f64, -z) / 2.0
    };
    (low, quantile(2.0 * c as f64 + 2.0, z) / 2.0)
}

/// P(X ≥ c) for X Poisson with mean `lambda`: summed exactly for a mean up to 500, from the
/// normal approximation with continuity correction above.
fn poisson_tail(lambda: f64, c: u64) -> f64 {
    if lambda > 500.0 {
        return normal_tail((c as f64 - 0.5 - lambda) / lambda.sqrt());
    }
    let (mut term, mut below) = ((-lambda).exp(), 0.0);
    for k in 0..c {
        below += term;
        term *= lambda / (k + 1) as f64;
    }
    (1.0 - below).max(0.0)
}

/// What a study drew: written beside its rows as `fairness.json`, so that its report and
/// charts can be made again from the files.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct FairnessStudy {
    /// The instance in words.
    pub instance: String,
    /// Its number of valid boards.
    pub boards: u64,
    pub seed: u64,
    pub draws: u64,
    /// The command that made the study.
    pub command: String,
}

/// Writes the study's REPORT.md and its two charts into `dir`: the bracket of each
/// generator's distance from uniform (`fairness`) and its chi-square divergence with the 95%
/// interval (`divergence`), farthest from uniform on top.
pub fn write_report(
    dir: &std::path::Path,
    study: &FairnessStudy,
    rows: &[FairnessRow],
) -> crate::output::error::Result<()> {
    use crate::output::charts::{IntervalChart, IntervalRow, Layers, Look};
    let board = study.instance.split(',').next().unwrap_or_default();
    let mut sorted: Vec<&FairnessRow> = rows.iter().collect();
    sorted.sort_by(|a, b| b.chi2_divergence.total_cmp(&a.chi2_divergence));
    let bars = |f: &dyn Fn(&FairnessRow) -> (f64, f64, f64)| {
        sorted
            .iter()
            .map(|r| {
                let (low, high, value) = f(r);
                IntervalRow::new(r.generator.clone(), value, low, high)
            })
            .collect()
    };
    let distance = IntervalChart {
        title: format!("Distance from uniform drawing, {board}"),
        axis: "total variation distance from uniform drawing (0: fair, 1: disjoint)".into(),
        interval: "95% bracket: a symbol's distance less its error .. ½√(chi-square divergence)"
            .into(),
        estimate: "distance of the farthest symbol's pair set".into(),
        hidden: None,
        open: String::new(),
        rows: bars(&|r| (r.tv_low, r.tv_high, r.symbol_tv)),
        reference: None,
        row_axis: None,
        layers: Layers::default(),
        look: Look::DISTANCES,
    };
    let divergence = IntervalChart {
        title: format!(
            "Chi-square divergence from uniform drawing: {}",
            study.instance
        ),
        axis: "N × (pairs of draws giving one board) / (pairs of draws) − 1  (0: fair)".into(),
        interval: "95% interval over ten batches of draws".into(),
        estimate: "estimate from all draws".into(),
        hidden: None,
        open: String::new(),
        rows: bars(&|r| (r.chi2_low, r.chi2_high, r.chi2_divergence)),
        reference: None,
        row_axis: None,
        layers: Layers::default(),
        look: Look::DISTANCES,
    };
    crate::output::charts::render(&distance, dir, "fairness")?;
    crate::output::charts::render(&divergence, dir, "divergence")?;
    crate::output::atomic::write_atomic(&dir.join("REPORT.md"), report(study, rows).as_bytes())
}

/// Sets every row's `p_holm` from the p-values of all of them.
pub fn adjust_for_multiple_tests(rows: &mut [FairnessRow]) {
    let p: Vec<f64> = rows.iter().map(|r| r.p_uniform).collect();
    let adjusted = crate::stats::rank_test::holm(&p).expect("normal tails are probabilities");
    for (row, p_holm) in rows.iter_mut().zip(adjusted) {
        row.p_holm = p_holm;
    }
}

/// How a report's summary names the generators found unfair: " (all)", ", all but" the fair
/// ones when they are fewer, ": " and the unfair ones otherwise, or nothing when none is.
pub fn listed_verdicts(unfair: &[&str], fair: &[&str]) -> String {
    if fair.is_empty() {
        " (all)".to_string()
    } else if unfair.len() > fair.len() {
        format!(", all but {}", fair.join(", "))
    } else if unfair.is_empty() {
        String::new()
    } else {
        format!(": {}", unfair.join(", "))
    }
}

/// The study's REPORT.md: what was drawn, which generators are detectably unfair, and every
/// generator's figures, farthest from uniform first.
pub fn report(study: &FairnessStudy, rows: &[FairnessRow]) -> String {
    let FairnessStudy {
        instance,
        boards,
        seed,
        command,
        ..
    } = study;
    let mut sorted: Vec<&FairnessRow> = rows.iter().collect();
    sorted.sort_by(|a, b| b.chi2_divergence.total_cmp(&a.chi2_divergence));
    let unfair: Vec<&str> = sorted
        .iter()
        .filter(|r| r.p_holm < DELTA)
        .map(|r| r.generator.as_str())
        .collect();
    let draws = rows.first().map_or(0, |r| r.draws);
    let mut text = Document::new();
    write!(
        text,
        "# How far from uniform each generator draws its boards\n\n\
{instance}: {boards} valid boards (the exact count). {draws} draws per generator from master \
seed {seed}, each as `chess-memory draw --seed {seed} --index I` makes it; every board passed \
the validator.\n\n```sh\n{command}\n```\n\n## Summary\n\n"
    );
    let fair: Vec<&str> = sorted
        .iter()
        .filter(|r| r.p_holm >= DELTA)
        .map(|r| r.generator.as_str())
        .collect();
    let unfair_list = listed_verdicts(&unfair, &fair);
    writeln!(
        text,
        "- **Detectably non-uniform** (collision test, Holm-adjusted p < 0.05): {} of {}{unfair_list}.",
        unfair.len(),
        rows.len(),
    );
    let shown: Vec<&str> = sorted
        .iter()
        .filter(|r| r.tv_low > 0.0)
        .map(|r| r.generator.as_str())
        .collect();
    writeln!(
        text,
        "- **Shown unfair by where one symbol goes** (the distance's 95% lower bound above 0): \
{} of {}.",
        shown.len(),
        rows.len()
    );
    by_search(&mut text, rows, &sorted);
    text.push_str(
        "\nThe distance is the total variation distance between the generator's distribution of \
boards and the uniform one, bracketed at 95% (below by the farthest symbol's pair-set \
distribution, above by ½√χ²); χ² is the chi-square divergence from uniform, estimated from the \
pairs of draws that gave the same board (0 for a fair generator). The method is in \
docs/chess-memory.md, section \"Which generator is fair?\".\n\n![distance from uniform](fairness.svg)\n\n\
![chi-square divergence from uniform](divergence.svg)\n\n",
    );
    figures_table(&mut text, &sorted);
    text.into()
}

/// The lowest and highest chi-square divergence of each search's generators.
fn by_search(text: &mut Document, rows: &[FairnessRow], sorted: &[&FairnessRow]) {
    writeln!(text, "- Chi-square divergence from uniform, by search:");
    let mut searches: Vec<&str> = rows.iter().map(|r| r.algorithm.as_str()).collect();
    searches.dedup();
    for search in searches {
        let of: Vec<&&FairnessRow> = sorted.iter().filter(|r| r.algorithm == search).collect();
        let (worst, best) = (of[0], of[of.len() - 1]);
        if of.len() == 1 {
            writeln!(
                text,
                "  - `{search}`: {:.4} ({}), distance {:.3}..{:.3}",
                best.chi2_divergence, best.order, best.tv_low, best.tv_high
            )
        } else {
            writeln!(
                text,
                "  - `{search}`: from {:.4} ({}) to {:.4} ({}) over {} orders",
                best.chi2_divergence,
                best.order,
                worst.chi2_divergence,
                worst.order,
                of.len()
            )
        };
    }
}

/// Every generator's figures, farthest from uniform first.
fn figures_table(text: &mut Document, sorted: &[&FairnessRow]) {
    let mut table = Table::aligned(&[
        ("generator", Align::Plain),
        ("solved", Align::Right),
        ("distinct", Align::Right),
        ("collisions", Align::Right),
        ("if uniform", Align::Right),
        ("χ² (95%)", Align::Plain),
        ("p (Holm)", Align::Right),
        ("farthest symbol", Align::Plain),
        ("distance", Align::Plain),
    ]);
    for r in sorted {
        table.row([
            r.generator.clone(),
            r.solved.to_string(),
            r.distinct_boards.to_string(),
            r.collisions.to_string(),
            format!("{:.0}", r.expected_collisions_if_uniform),
            format!(
                "{:.4} ({:.4}..{:.4})",
                r.chi2_divergence, r.chi2_low, r.chi2_high
            ),
            p_text(r.p_holm),
            format!("{} ({:.4})", r.farthest_symbol, r.symbol_tv),
            format!("{:.3}..{:.3}", r.tv_low, r.tv_high),
        ]);
    }
    text.table(&table);
}

/// A p-value for the report: below the resolution of a double's normal tail, a bound.
fn p_text(p: f64) -> String {
    if p < 1e-15 {
        "< 1e-15".to_string()
    } else {
        format!("{p:.2e}")
    }
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
    fn collisions_are_counted_in_all_and_by_batch() {
        let labelled = vec![(1, 0), (1, 0), (1, 0), (2, 1), (3, 1), (3, 1)];
        let counts = Collisions::count(labelled, 2);
        assert_eq!((counts.pairs, counts.distinct), (3 + 1, 3));
        assert_eq!(counts.involving_batch, [3, 1]);
        // A pair across two batches involves both.
        let across = Collisions::count(vec![(5, 0), (5, 1)], 2);
        assert_eq!(across.involving_batch, [1, 1]);
    }

    #[test]
    fn poisson_figures_match_published_values() {
        // Garwood's exact 95% limits (e.g. the tables of Ulm, Am. J. Epidemiol. 1990):
        // 0 → (0, 3.689), 10 → (4.795, 18.39).
        let close = |a: f64, b: f64| (a - b).abs() <= 0.01 * b.max(0.1);
        let (low, high) = poisson_interval(0);
        assert!(low == 0.0 && close(high, 3.689), "{high}");
        let (low, high) = poisson_interval(10);
        assert!(close(low, 4.795) && close(high, 18.39), "{low} {high}");
        assert_eq!(poisson_tail(10.0, 0), 1.0);
        assert!((poisson_tail(2.0, 1) - (1.0 - (-2.0f64).exp())).abs() < 1e-12);
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
        let keys: Vec<(u128, u8)> = (0..n)
            .map(|i| {
                let key = u128::from(crate::rng::below(&mut rng, support));
                (key, (i * BATCHES / n) as u8)
            })
            .collect();
        let generator = Generator {
            queue: Queue::seed(crate::chess_memory::board::BoardSize::STANDARD),
            search: SearchConfig::SEED,
        };
        summarise(&generator, &reference, n, keys, &vec![HashMap::new(); 8])
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
