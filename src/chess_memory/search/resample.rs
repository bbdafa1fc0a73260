//! Near-uniform sampling where the board count's tables do not fit (6×6, 8×8):
//! sampling-importance-resampling over the symbol-by-symbol proposals of
//! [`crate::chess_memory::estimate::by_symbol`].
//!
//! A proposal draws the first symbols' pair sets one after another, each uniformly among the
//! sets that still fit, and completes the last symbols uniformly among their completions; it
//! comes with its weight `w`, one over the probability of drawing that board (the number of
//! boards times the ratio of uniform to proposal probability). The sampler draws
//! [`PROPOSALS`] independent proposals and keeps one, each with probability proportional to
//! its weight (a batch with no board is drawn again).
//!
//! **The guarantee.** Scale the weights so that their mean under the proposal is 1, and let
//! `ρ` be their second moment, `E[w²]` (1 for a uniform proposal). With `M` proposals, a
//! board `x` is kept with probability `π(x) · M · E[1 / (w(x) + S)]`, where `π` is uniform
//! and `S` the sum of the other `M − 1` weights; since `1/t` is convex, Jensen's inequality
//! gives at least `π(x) · M / (w(x) + M − 1)`. The total variation distance from uniform is
//! the sum of `π(x)` minus that probability where positive, so it is at most
//! `E_π[(w − 1)⁺ / (w + M − 1)] ≤ E_π[w] / (M − 1) = ρ / (M − 1)`. Drawing again after a
//! batch with no board only raises every board's probability by one factor, which keeps the
//! bound. The estimate of `ρ` comes from the probes of `chess-memory estimate --method
//! symbol` (one plus the squared relative standard deviation of the probes): about 2.2 on the
//! full 8×8 board and 1.13 on 6×6, so with 128 proposals the boards are within 0.018 and
//! 0.009 of uniform in total variation.

use super::{PerInstance, Picker, per_instance};
use crate::chess_memory::board::Board;
use crate::chess_memory::estimate::by_symbol::SymbolStages;
use crate::chess_memory::queue::Queue;
use std::sync::{Arc, OnceLock};

/// Proposals drawn for each board kept.
pub const PROPOSALS: usize = 128;

/// The symbols counted exactly at the end of each proposal (as `estimate --tail-symbols`).
pub const TAIL_SYMBOLS: usize = 3;

/// Batches of proposals drawn before a draw gives up (an instance without boards).
const MAX_BATCHES: usize = 16;

/// One board kept from batches of `proposals` proposals (module docs), and the number of
/// random draws it took; `None` when `MAX_BATCHES` batches found no board, or when the
/// thread's work was asked to stop ([`crate::game::cancel`], looked at before each proposal).
pub fn sample<P: Picker>(
    stages: &SymbolStages,
    picker: &mut P,
    proposals: usize,
) -> Option<(Board, u64)> {
    let mut random_calls = 0u64;
    for _ in 0..MAX_BATCHES {
        let mut batch = Vec::with_capacity(proposals);
        let mut total = 0.0;
        for _ in 0..proposals {
            if crate::game::cancel::requested() {
                return None;
            }
            let mut below = |n: u64| {
                random_calls += 1;
                picker.pick_below(n)
            };
            if let Some((board, weight)) = stages.propose(&mut below) {
                total += weight;
                batch.push((board, total));
            }
        }
        if batch.is_empty() {
            continue;
        }
        // A uniform point of [0, total) with 53 random bits, and the proposal it falls in.
        random_calls += 1;
        let point = picker.pick_below(1 << 53) as f64 / (1u64 << 53) as f64 * total;
        let kept = batch
            .iter()
            .position(|&(_, cumulative)| point < cumulative)
            .unwrap_or(batch.len() - 1);
        return Some((batch.swap_remove(kept).0, random_calls));
    }
    None
}

/// The proposals of `queue`'s instance, built on first use (the families of pair sets take a
/// few seconds and about 120 MB on 8×8) and shared by every later draw of the process.
pub fn stages_for(queue: &Queue) -> Arc<SymbolStages> {
    static CACHE: OnceLock<PerInstance<Arc<SymbolStages>>> = OnceLock::new();
    per_instance(&CACHE, queue, |instance| {
        Some(Arc::new(SymbolStages::new(instance, TAIL_SYMBOLS)))
    })
    .expect("built whole")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess_memory::board::BoardSize;
    use crate::chess_memory::rules::validate;
    use crate::chess_memory::sat::Instance;
    use crate::chess_memory::search::UniformPicker;
    use crate::chess_memory::search::uniform::UniformSampler;
    use crate::rng;
    use std::collections::HashMap;

    /// Pearson's statistic of `draws` draws of `sample` against uniform over `boards`
    /// boards, in standard deviations above its mean (`boards − 1` degrees of freedom).
    fn excess_over_uniform(
        boards: u64,
        draws: u64,
        mut sample: impl FnMut() -> Board,
    ) -> (f64, usize) {
        let mut seen: HashMap<Board, u64> = HashMap::new();
        for _ in 0..draws {
            let board = sample();
            assert!(validate(&board).is_empty(), "{board:?}");
            *seen.entry(board).or_default() += 1;
        }
        let expected = draws as f64 / boards as f64;
        let unseen = (boards - seen.len() as u64) as f64 * expected;
        let chi2: f64 = seen
            .values()
            .map(|&c| (c as f64 - expected).powi(2) / expected)
            .sum::<f64>()
            + unseen;
        let dof = (boards - 1) as f64;
        ((chi2 - dof) / (2.0 * dof).sqrt(), seen.len())
    }

    /// A white knight, a white bishop and a black knight pair on 4×4 (6,488 boards, each seen
    /// many times), all three drawn as proposals draw them: the number of sets that fit after
    /// the first ones varies, so one proposal alone is far from uniform. Its proposals, and
    /// its number of boards by the exact count.
    fn small_instance() -> (SymbolStages, u64) {
        let size = BoardSize::new(4).unwrap();
        let instance = Instance::new(size, [0, 1, 1, 0, 0, 1, 0, 0].map(|p| 2 * p)).unwrap();
        let boards = UniformSampler::build(&instance, 1_000_000)
            .unwrap()
            .boards();
        assert_eq!(boards, 6_488);
        (SymbolStages::new(&instance, 0), boards)
    }

    #[test]
    fn a_raised_cancel_flag_stops_a_draw_before_its_next_proposal() {
        use crate::game::cancel::CancelFlag;
        let (stages, _) = small_instance();
        let draw = |flag: &CancelFlag| {
            let mut picker = UniformPicker::new(rng::stream(5, "cancel", 0));
            flag.run(|| sample(&stages, &mut picker, PROPOSALS))
        };
        assert!(draw(&CancelFlag::new()).is_some());
        let cancelled = CancelFlag::new();
        cancelled.cancel();
        assert_eq!(draw(&cancelled), None);
    }

    #[test]
    fn resampling_draws_every_board_as_often_as_uniform_drawing_and_one_proposal_does_not() {
        let (stages, boards) = small_instance();
        let draws = 40 * boards;
        let mut picker = UniformPicker::new(rng::stream(3, "resample-test", 0));
        let (excess, seen) = excess_over_uniform(boards, draws, || {
            sample(&stages, &mut picker, 32).unwrap().0
        });
        assert_eq!(seen as u64, boards, "every board is drawn");
        assert!(excess < 5.0, "{excess} standard deviations above uniform");
        // The proposal alone is far from uniform: the test can tell.
        let (excess, _) =
            excess_over_uniform(boards, draws, || sample(&stages, &mut picker, 1).unwrap().0);
        assert!(
            excess > 10.0,
            "one proposal: only {excess} standard deviations"
        );
    }

    #[test]
    fn proposal_weights_average_to_the_number_of_boards() {
        let (stages, boards) = small_instance();
        let boards = boards as f64;
        let mut picker = UniformPicker::new(rng::stream(5, "resample-test", 0));
        let n = 40_000;
        let (mut sum, mut squares) = (0.0, 0.0);
        for _ in 0..n {
            let w = stages
                .propose(&mut |k| picker.pick_below(k))
                .map_or(0.0, |(board, w)| {
                    assert!(validate(&board).is_empty());
                    w
                });
            sum += w;
            squares += w * w;
        }
        let mean = sum / n as f64;
        let sd = (squares / n as f64 - mean * mean).sqrt();
        let se = sd / (n as f64).sqrt();
        assert!(
            (mean - boards).abs() < 5.0 * se,
            "mean {mean} boards {boards} se {se}"
        );
    }
}
