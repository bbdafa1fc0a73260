//! How each generator's boards differ from uniform ones where the boards cannot be counted
//! (8×8): the distributions of kind per square, pair shape and edge pairs
//! ([`features`]), each generator's against uniform drawing's, with a two-sample test and an
//! effect size per feature.
//!
//! **The uniform reference.** The proposals of the symbol-by-symbol estimator
//! ([`crate::chess_memory::estimate::by_symbol`]) come with their weight, one over the
//! probability of proposing that board, so the weighted mean of a feature over `P`
//! proposals, `Σ w f / Σ w`, is a consistent estimate of the feature's mean over uniformly
//! drawn boards (importance sampling; the weight of a proposal without a board is 0), with
//! the delta method's standard error ([`tally`]). It is the expectation that `--algorithm
//! resample` approaches as its proposals grow, computed without throwing proposals away: its
//! effective sample size is `P / ρ`, `ρ` the weights' second moment (about 2.2 on 8×8).
//!
//! **The tests.** For a feature with generator mean `g` over `n` boards and uniform mean
//! `u ± s_u`, `z = (g − u) / √(σ_u² / n + s_u²)`, two-sided normal p-value, where `σ_u` is
//! the feature's spread over uniform boards (under the null hypothesis it is the generator's
//! spread too, which keeps the test sound for cells a small sample never fills); the effect
//! size is the standardised difference `(g − u) / σ_u` (Cohen's d). A generator with fewer
//! than [`MIN_BOARDS`] boards is not tested. Features constant on every board (knight pairs
//! on a full board: knights pair by a knight's move only) are left out. Kind per square is
//! one test per generator: the smallest p-value over its cells times their number
//! (Bonferroni), and its effect size is the total variation distance
//! between the generator's and the uniform distribution of kinds, averaged over the squares,
//! beside the distance that sampling noise alone would give (its expectation when the two
//! distributions are equal, `½ Σ √(2/π) √(σ_u² / n + s_u²)` per square). Every p-value of a
//! study is adjusted by Holm's method over all its tests.
//!
//! Every board is validated before it counts: the generators' as `chess-memory draw` checks
//! them, the reference's by the same validator.

pub mod features;
pub mod report;
pub mod tally;

use crate::chess_memory::estimate::by_symbol::SymbolStages;
use crate::chess_memory::queue::Queue;
use crate::chess_memory::search::{
    Counters, Draw, InvalidBoard, IterationCap, Outcome, SearchConfig, draw,
};
use crate::rng::{self, below};
use crate::stats::normal::two_sided_p;
use features::{Family, Features};
use rayon::prelude::*;
use tally::{Estimate, Tally};

/// The label of the reference proposals' random streams.
pub const STREAM_LABEL: &str = "marginals-uniform-reference";

/// Samples tallied by one task; tasks are merged in index order.
const BLOCK: u64 = 64;
/// Fewer boards than this are too few for the normal approximation of the tests: such a
/// generator's rows are reported untested.
pub const MIN_BOARDS: u64 = 100;
/// Samples between two progress reports.
const CHUNK: u64 = 1 << 14;

/// The uniform reference's tally over proposals `0..proposals` of `seed`: each proposal's
/// board (validated against `queue`) with its weight. `progress(done)` is called as they
/// finish.
pub fn uniform_reference(
    stages: &SymbolStages,
    queue: &Queue,
    features: &Features,
    proposals: u64,
    seed: u64,
    progress: &mut dyn FnMut(u64),
) -> Result<Tally, InvalidBoard> {
    tally_in_blocks(features, proposals, progress, &|index, values| {
        let mut stream = rng::stream(seed, STREAM_LABEL, index);
        let Some((board, weight)) = stages.propose(&mut |n| below(&mut stream, n)) else {
            return Ok(None);
        };
        let proposal = Draw {
            outcome: Outcome::Solved,
            counters: Counters::default(),
            board,
        };
        let board = proposal.verified(queue)?.board;
        features.measure(&board, values);
        Ok(Some(weight))
    })
}

/// One generator's tally over draws `0..draws` of `seed`, each made as `chess-memory draw
/// --seed S --index I` makes it (and verified there); a draw that ends unsolved (at `cap`)
/// adds nothing but its count.
pub fn generator_tally(
    queue: &Queue,
    search: &SearchConfig,
    cap: IterationCap,
    features: &Features,
    draws: u64,
    seed: u64,
    progress: &mut dyn FnMut(u64),
) -> Result<Tally, InvalidBoard> {
    tally_in_blocks(features, draws, progress, &|index, values| {
        let made = draw(queue, search, seed, index, cap)?;
        if made.outcome != Outcome::Solved {
            return Ok(None);
        }
        features.measure(&made.board, values);
        Ok(Some(1.0))
    })
}

/// One sample: fills the feature values of sample `index` and gives its weight, or `None` for
/// a sample without a board.
type Sample<'a> = dyn Fn(u64, &mut [f64]) -> Result<Option<f64>, InvalidBoard> + Sync + 'a;

/// Tallies samples `0..count` in blocks, merged in index order.
fn tally_in_blocks(
    features: &Features,
    count: u64,
    progress: &mut dyn FnMut(u64),
    sample: &Sample,
) -> Result<Tally, InvalidBoard> {
    let mut total = Tally::new(features.len());
    let mut start = 0;
    while start < count {
        let end = (start + CHUNK).min(count);
        let blocks: Vec<Tally> = (start..end)
            .step_by(BLOCK as usize)
            .collect::<Vec<_>>()
            .into_par_iter()
            .map(|from| {
                let mut tally = Tally::new(features.len());
                let mut values = vec![0.0; features.len()];
                for index in from..(from + BLOCK).min(end) {
                    match sample(index, &mut values)? {
                        Some(weight) => tally.add(weight, &values),
                        None => tally.add_empty(),
                    }
                }
                Ok(tally)
            })
            .collect::<Result<_, InvalidBoard>>()?;
        for block in &blocks {
            total.merge(block);
        }
        progress(end);
        start = end;
    }
    Ok(total)
}

/// What a study draws: per generator `draws` draws of master seed `seed` (each giving up at
/// `cap` iterations), and `proposals` proposals of the uniform reference.
#[derive(Clone, Copy, Debug)]
pub struct StudySettings {
    pub draws: u64,
    pub cap: IterationCap,
    pub proposals: u64,
    pub seed: u64,
}

/// A study's tables: the reference's, and each generator's against it (Holm-adjusted).
#[derive(Clone, Debug)]
pub struct StudyTables {
    pub uniform: Vec<UniformRow>,
    pub pairs: Vec<FeatureRow>,
    pub kinds: Vec<KindRow>,
    /// The reference's proposals that made a board, and their effective sample size.
    pub reference_boards: u64,
    pub effective_size: f64,
}

/// Why a study could not be made.
#[derive(Debug, Clone, thiserror::Error)]
pub enum StudyError {
    #[error(transparent)]
    InvalidBoard(#[from] InvalidBoard),
    #[error("no proposal of the uniform reference made a board; raise --proposals")]
    NoReference,
}

/// The uniform reference of the generators' instance (they share one), then every generator
/// against it, on the current thread pool. `progress(step, label, done, of)` reports each
/// step: 1 the reference, then one per generator.
pub fn measure_study(
    generators: &[crate::chess_memory::fairness::Generator],
    settings: &StudySettings,
    progress: &mut (dyn FnMut(usize, &str, u64, u64) + Send),
) -> Result<StudyTables, StudyError> {
    let Some(first) = generators.first() else {
        return Ok(StudyTables {
            uniform: Vec::new(),
            pairs: Vec::new(),
            kinds: Vec::new(),
            reference_boards: 0,
            effective_size: 0.0,
        });
    };
    let queue = &first.queue;
    let features = Features::new(queue.size());
    let stages = crate::chess_memory::search::resample::stages_for(queue);
    let (proposals, draws) = (settings.proposals, settings.draws);
    let uniform = uniform_reference(
        &stages,
        queue,
        &features,
        proposals,
        settings.seed,
        &mut |done| progress(1, "uniform reference", done, proposals),
    )?;
    if uniform.is_empty() {
        return Err(StudyError::NoReference);
    }
    let (mut pairs, mut kinds) = (Vec::new(), Vec::new());
    for (i, generator) in generators.iter().enumerate() {
        let label = generator.label();
        let tally = generator_tally(
            &generator.queue,
            &generator.search,
            settings.cap,
            &features,
            draws,
            settings.seed,
            &mut |done| progress(i + 2, &label, done, draws),
        )?;
        let (rows, kind) = compare(&label, &features, &tally, &uniform);
        pairs.extend(rows);
        kinds.push(kind);
    }
    adjust_for_multiple_tests(&mut pairs, &mut kinds);
    Ok(StudyTables {
        uniform: uniform_rows(&features, &uniform),
        pairs,
        kinds,
        reference_boards: uniform.boards,
        effective_size: uniform.effective_size(),
    })
}

/// One feature of one generator against uniform drawing.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct FeatureRow {
    pub generator: String,
    pub feature: String,
    /// Boards the generator drew (solved draws), and whether they were enough to test.
    pub boards: u64,
    pub tested: bool,
    pub mean: f64,
    pub uniform_mean: f64,
    pub difference: f64,
    /// Standard error of the difference under uniformity.
    pub error: f64,
    pub z: f64,
    pub p: f64,
    /// `p` adjusted by Holm's method over every test of the study.
    pub p_holm: f64,
    /// Cohen's d: the difference over the feature's spread on uniform boards.
    pub effect_size: f64,
}

/// Kind per square for one generator against uniform drawing.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct KindRow {
    pub generator: String,
    pub boards: u64,
    pub tested: bool,
    /// Total variation distance of the kinds, averaged over the squares.
    pub distance: f64,
    /// What sampling noise alone would give that average if the generator were uniform.
    pub noise_distance: f64,
    /// The cell (kind on square) farthest from uniform in standard errors, and by how much.
    pub farthest_cell: String,
    pub farthest_difference: f64,
    pub farthest_z: f64,
    /// The smallest p-value over the cells times their number (Bonferroni), at most 1.
    pub p: f64,
    pub p_holm: f64,
}

/// A generator's mean against the reference's: the difference and its standard error under
/// uniformity (module docs), from `boards` boards.
fn difference(generator: &Estimate, uniform: &Estimate, boards: u64) -> (f64, f64) {
    let error = (uniform.spread.powi(2) / boards as f64 + uniform.error.powi(2)).sqrt();
    (generator.mean - uniform.mean, error)
}

/// The rows of one generator (named `label`): its pair features and its kinds per square.
/// The Holm-adjusted p-values are left at the raw ones for [`adjust_for_multiple_tests`].
pub fn compare(
    label: &str,
    features: &Features,
    generator: &Tally,
    uniform: &Tally,
) -> (Vec<FeatureRow>, KindRow) {
    let boards = generator.boards;
    let tested = boards >= MIN_BOARDS;
    let both = |f: usize| {
        let (g, u) = (generator.estimate(f)?, uniform.estimate(f)?);
        let (difference, error) = difference(&g, &u, boards);
        let varies = error > 0.0 || g.spread > 0.0;
        let p = if tested && error > 0.0 {
            two_sided_p(difference / error)
        } else {
            1.0
        };
        varies.then_some((g, u, difference, error, p))
    };
    let pair_rows = features
        .pair_features()
        .filter_map(|f| {
            let (g, u, difference, error, p) = both(f)?;
            Some(FeatureRow {
                generator: label.to_string(),
                feature: features.name(f),
                boards,
                tested,
                mean: g.mean,
                uniform_mean: u.mean,
                difference,
                error,
                z: if error > 0.0 { difference / error } else { 0.0 },
                p,
                p_holm: p,
                effect_size: if u.spread > 0.0 {
                    difference / u.spread
                } else {
                    0.0
                },
            })
        })
        .collect();
    let (mut distance, mut noise) = (0.0, 0.0);
    let mut farthest: (String, f64, f64) = (String::new(), 0.0, 0.0);
    let mut cells = 0usize;
    let squares = features.size().squares() as f64;
    for f in features.squares().flatten() {
        let Some((_, _, d, error, _)) = both(f) else {
            continue;
        };
        distance += d.abs() / 2.0 / squares;
        noise += (2.0 / std::f64::consts::PI).sqrt() * error / 2.0 / squares;
        if error > 0.0 {
            cells += 1;
            if (d / error).abs() > farthest.2.abs() {
                farthest = (features.name(f), d, d / error);
            }
        }
    }
    let p = if tested && cells > 0 {
        (two_sided_p(farthest.2) * cells as f64).min(1.0)
    } else {
        1.0
    };
    let kinds = KindRow {
        generator: label.to_string(),
        boards,
        tested,
        distance,
        noise_distance: noise,
        farthest_cell: farthest.0,
        farthest_difference: farthest.1,
        farthest_z: farthest.2,
        p,
        p_holm: p,
    };
    (pair_rows, kinds)
}

/// Sets every row's `p_holm` from the p-values of all the study's tests.
pub fn adjust_for_multiple_tests(pairs: &mut [FeatureRow], kinds: &mut [KindRow]) {
    let p: Vec<f64> = (pairs.iter().map(|r| r.p))
        .chain(kinds.iter().map(|r| r.p))
        .collect();
    let adjusted = crate::stats::rank_test::holm(&p).expect("p-values are probabilities");
    let (for_pairs, for_kinds) = adjusted.split_at(pairs.len());
    for (row, &p) in pairs.iter_mut().zip(for_pairs) {
        row.p_holm = p;
    }
    for (row, &p) in kinds.iter_mut().zip(for_kinds) {
        row.p_holm = p;
    }
}

/// The uniform reference as rows: each feature's mean over uniform boards, its standard error
/// and its spread.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct UniformRow {
    pub feature: String,
    pub family: String,
    pub mean: f64,
    pub error: f64,
    pub spread: f64,
}

pub fn uniform_rows(features: &Features, uniform: &Tally) -> Vec<UniformRow> {
    (0..features.len())
        .filter_map(|f| {
            let e = uniform.estimate(f)?;
            let family = match features.family(f) {
                Family::KindPerSquare => "kind per square",
                Family::PairShape => "pair shape",
                Family::EdgePairs => "edge pairs",
            };
            Some(UniformRow {
                feature: features.name(f),
                family: family.to_string(),
                mean: e.mean,
                error: e.error,
                spread: e.spread,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests;
