//! Where the seed's backtracker goes wrong: replay its draws and, at every placed pair, ask the
//! solver whether the partial board can still be completed.
//!
//! A node of the search is the partial board after some placed pairs. It is *alive* when a
//! valid board of the queue's composition contains it, *dead* otherwise; every node below a
//! dead node is dead, so the solver is asked only for children of alive nodes (and not even
//! then when the parent's completion already contains the new pair). One solver per draw
//! holds the instance's clauses and answers by assumptions ([`CompletionOracle`]), so each
//! row depends only on (master seed, queue, draw index, cap, budget).
//!
//! Some questions are hard (a board deep in a queue whose last kinds cannot be packed may
//! take the solver minutes to refute), so each question has an effort budget (see
//! [`CompletionOracle`]); a question over the budget leaves its node *unknown*. Children of
//! unknown nodes are still asked, and a completable descendant makes its unknown ancestors
//! alive. Iterations at nodes that stay unknown are counted apart.
//!
//! Per draw ([`MistakeRecord`]): **the mistake** is the first placement after which no
//! completion exists (its step, 1-based, and its iteration); `mistakes` counts every move from
//! an alive node to a dead child. Every iteration is charged to the node the search stands on
//! when the iteration begins: **dead** iterations are spent below mistakes, **alive
//! off-path** iterations at alive nodes that were later lifted again (the seed's incomplete
//! pruning can give up on a completable board), and **final-path** iterations at the nodes of
//! the board the draw ends on. With the unknown iterations, the four add up to the draw's
//! iterations.

use super::SatError;
use super::extend::{CompletionOracle, Extension};
use super::instance::Instance;
use crate::chess_memory::board::{Board, Square, square_bit};
use crate::chess_memory::pieces::Symbol;
use crate::chess_memory::queue::Queue;
use crate::chess_memory::search::{
    InvalidBoard, IterationCap, Outcome, SearchObserver, UniformPicker, seed_backtrack_observed,
};
use crate::rng;

/// Why a replay could not be analysed.
#[derive(Debug, thiserror::Error)]
pub enum MistakeError {
    #[error(transparent)]
    Sat(#[from] SatError),
    #[error(transparent)]
    Board(#[from] InvalidBoard),
    #[error(
        "internal error: the solver found no completion of a board that the backtracker completed"
    )]
    DeadSolution,
}

/// The analysis of one draw; see the module docs. One CSV row.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct MistakeRecord {
    pub order: String,
    pub pairs: usize,
    pub index: u64,
    pub outcome: Outcome,
    pub iterations: u64,
    /// The 1-based step of the first placement after which no completion exists; 0 when the
    /// instance itself has no valid board; none when the search never left alive nodes.
    pub mistake_step: Option<usize>,
    /// The iteration of that placement.
    pub mistake_iteration: Option<u64>,
    /// The step of the first placement found to have no completion, whatever its parent was:
    /// equal to `mistake_step` when that is known; when the parent was left undecided, the
    /// mistake is at or before this step ("unresolved").
    pub first_dead_step: Option<usize>,
    /// The most pairs on the board at any board without completion: how deep the search
    /// went below its mistakes before giving them up.
    pub deepest_dead_step: Option<usize>,
    /// Moves from an alive node to a dead child.
    pub mistakes: u64,
    pub dead_iterations: u64,
    pub alive_off_path_iterations: u64,
    pub final_path_iterations: u64,
    /// Iterations at nodes whose question went over the budget and stayed undecided.
    pub unknown_iterations: u64,
    /// Solver calls (children of alive or unknown nodes whose parent's completion did not
    /// already contain them, plus one for the empty board).
    pub solver_calls: u64,
    /// Questions that went over the effort budget.
    pub undecided: u64,
}

/// The CSV header of [`MistakeRecord::csv_row`].
pub const CSV_HEADER: &str = "order,pairs,index,outcome,iterations,mistake_step,mistake_iteration,first_dead_step,deepest_dead_step,mistakes,dead_iterations,alive_off_path_iterations,final_path_iterations,unknown_iterations,solver_calls,undecided";

impl MistakeRecord {
    /// The record as a CSV row (no newline), columns as in [`CSV_HEADER`]; empty fields for
    /// "none".
    pub fn csv_row(&self) -> String {
        let optional = |value: Option<u64>| value.map(|v| v.to_string()).unwrap_or_default();
        format!(
            "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
            self.order,
            self.pairs,
            self.index,
            self.outcome,
            self.iterations,
            optional(self.mistake_step.map(|s| s as u64)),
            optional(self.mistake_iteration),
            optional(self.first_dead_step.map(|s| s as u64)),
            optional(self.deepest_dead_step.map(|s| s as u64)),
            self.mistakes,
            self.dead_iterations,
            self.alive_off_path_iterations,
            self.final_path_iterations,
            self.unknown_iterations,
            self.solver_calls,
            self.undecided
        )
    }
}

/// Replays draw `index` of `queue` under `master` (the stream of `boardlab chess-memory draw --seed master
/// --index index`) and analyses it, giving up on questions over `budget` bytes of proof.
pub fn analyse_draw(
    queue: &Queue,
    master: u64,
    index: u64,
    cap: IterationCap,
    budget: Option<u64>,
) -> Result<MistakeRecord, MistakeError> {
    let mut oracle = CompletionOracle::with_budget(&Instance::from_queue(queue), budget);
    let mut tracker = Tracker::new(&mut oracle, queue)?;
    let mut picker = UniformPicker::new(rng::stream(master, queue.letters(), index));
    let draw = seed_backtrack_observed(queue, &mut picker, cap, &mut tracker).verified(queue)?;
    tracker.charge(draw.counters.iterations);
    if let Some(error) = tracker.error.take() {
        return Err(error.into());
    }
    let top = tracker.stack.last().expect("the root frame stays");
    if draw.outcome == Outcome::Solved && top.status != Status::Alive {
        return Err(MistakeError::DeadSolution);
    }
    let final_path = tracker.stack.iter().map(|f| f.alive_iterations).sum();
    let unknown = tracker.unknown_iterations
        + tracker
            .stack
            .iter()
            .map(|f| f.unknown_iterations)
            .sum::<u64>();
    Ok(MistakeRecord {
        order: queue.name(),
        pairs: queue.len(),
        index,
        outcome: draw.outcome,
        iterations: draw.counters.iterations,
        mistake_step: tracker.mistake_step,
        mistake_iteration: tracker.mistake_iteration,
        first_dead_step: tracker.first_dead_step,
        deepest_dead_step: tracker.deepest_dead_step,
        mistakes: tracker.mistakes,
        dead_iterations: tracker.dead_iterations,
        alive_off_path_iterations: tracker.alive_off_path,
        final_path_iterations: final_path,
        unknown_iterations: unknown,
        solver_calls: oracle.calls(),
        undecided: oracle.undecided(),
    })
}

/// What the solver said about a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Status {
    Alive,
    Dead,
    /// The question went over the budget.
    Unknown,
}

/// A node on the search's current path.
struct Frame {
    board: Board,
    status: Status,
    /// A completion of `board` when alive and known.
    completion: Option<Board>,
    /// Iterations charged to this node while it was alive.
    alive_iterations: u64,
    /// Iterations charged to this node while it was unknown.
    unknown_iterations: u64,
}

/// The observer that keeps the path and classifies nodes.
struct Tracker<'o> {
    oracle: &'o mut CompletionOracle,
    symbols: Vec<Symbol>,
    stack: Vec<Frame>,
    last_iteration: u64,
    mistake_step: Option<usize>,
    mistake_iteration: Option<u64>,
    first_dead_step: Option<usize>,
    deepest_dead_step: Option<usize>,
    mistakes: u64,
    dead_iterations: u64,
    alive_off_path: u64,
    unknown_iterations: u64,
    error: Option<SatError>,
}

impl<'o> Tracker<'o> {
    fn new(oracle: &'o mut CompletionOracle, queue: &Queue) -> Result<Tracker<'o>, SatError> {
        let empty = Board::empty(queue.size());
        let (status, completion) = match oracle.ask(&empty)? {
            Some(Extension::Completion(board)) => (Status::Alive, Some(board)),
            Some(Extension::Impossible) => (Status::Dead, None),
            None => (Status::Unknown, None),
        };
        let root = Frame {
            board: empty,
            status,
            completion,
            alive_iterations: 0,
            unknown_iterations: 0,
        };
        let dead_root = status == Status::Dead;
        Ok(Tracker {
            oracle,
            symbols: queue.symbols().to_vec(),
            stack: vec![root],
            last_iteration: 0,
            mistake_step: dead_root.then_some(0),
            mistake_iteration: dead_root.then_some(0),
            first_dead_step: dead_root.then_some(0),
            deepest_dead_step: dead_root.then_some(0),
            mistakes: 0,
            dead_iterations: 0,
            alive_off_path: 0,
            unknown_iterations: 0,
            error: None,
        })
    }

    /// Charges the iterations after the last event up to `iteration` to the current node.
    fn charge(&mut self, iteration: u64) {
        let spent = iteration - self.last_iteration;
        self.last_iteration = iteration;
        let top = self.stack.last_mut().expect("the root frame stays");
        match top.status {
            Status::Alive => top.alive_iterations += spent,
            Status::Dead => self.dead_iterations += spent,
            Status::Unknown => top.unknown_iterations += spent,
        }
    }

    /// What `board`, a child of the current node, is.
    fn classify(&mut self, board: &Board) -> (Status, Option<Board>) {
        let parent = self.stack.last().expect("the root frame stays");
        match parent.status {
            Status::Dead => return (Status::Dead, None),
            Status::Alive => {
                if let Some(known) = parent.completion.as_ref().filter(|c| contains(c, board)) {
                    return (Status::Alive, Some(known.clone()));
                }
            }
            Status::Unknown => {}
        }
        if self.error.is_some() {
            return (Status::Unknown, None);
        }
        match self.oracle.ask(board) {
            Ok(Some(Extension::Completion(completion))) => (Status::Alive, Some(completion)),
            Ok(Some(Extension::Impossible)) => (Status::Dead, None),
            Ok(None) => (Status::Unknown, None),
            Err(error) => {
                self.error = Some(error);
                (Status::Unknown, None)
            }
        }
    }

    /// A completable node makes its unknown ancestors completable too.
    fn resolve_ancestors(&mut self, completion: &Board) {
        for frame in self.stack.iter_mut().rev() {
            if frame.status != Status::Unknown {
                break;
            }
            frame.status = Status::Alive;
            frame.completion = Some(completion.clone());
            frame.alive_iterations += std::mem::take(&mut frame.unknown_iterations);
        }
    }
}

/// Whether every piece of `part` stands on `whole`.
fn contains(whole: &Board, part: &Board) -> bool {
    Symbol::ALL
        .into_iter()
        .all(|s| part.pieces(s) & !whole.pieces(s) == 0)
}

impl SearchObserver for Tracker<'_> {
    fn placed(&mut self, step: usize, first: Square, second: Square, iteration: u64) {
        self.charge(iteration);
        let parent = self.stack.last().expect("the root frame stays");
        let parent_status = parent.status;
        let symbol = self.symbols[step];
        let mut board = parent.board.clone();
        debug_assert_eq!(
            board.occupied() & (square_bit(first) | square_bit(second)),
            0
        );
        board.set(first, Some(symbol));
        board.set(second, Some(symbol));
        let (status, completion) = self.classify(&board);
        if let (Status::Alive, Some(completion)) = (status, &completion) {
            self.resolve_ancestors(completion);
        }
        if parent_status != Status::Dead && status == Status::Dead && self.first_dead_step.is_none()
        {
            self.first_dead_step = Some(step + 1);
        }
        if status == Status::Dead {
            self.deepest_dead_step = self.deepest_dead_step.max(Some(step + 1));
        }
        if parent_status == Status::Alive && status == Status::Dead {
            self.mistakes += 1;
            if self.mistake_step.is_none() {
                self.mistake_step = Some(step + 1);
                self.mistake_iteration = Some(iteration);
            }
        }
        self.stack.push(Frame {
            board,
            status,
            completion,
            alive_iterations: 0,
            unknown_iterations: 0,
        });
    }

    fn lifted(&mut self, _step: usize, iteration: u64) {
        self.charge(iteration);
        let frame = self.stack.pop().expect("only placed pairs are lifted");
        self.alive_off_path += frame.alive_iterations;
        self.unknown_iterations += frame.unknown_iterations;
    }
}

/// Draws of one order by the step of their first mistake: the data of the chart of mistake
/// positions.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MistakeHistogram {
    pub order: String,
    pub pairs: usize,
    /// `by_step[s - 1]` draws made their first mistake at step `s` (1..=pairs).
    pub by_step: Vec<u64>,
    /// Draws that never entered a dead subtree.
    pub without_mistake: u64,
    /// Draws that entered a dead subtree below a board the budget left undecided.
    pub unresolved: u64,
}

/// What `sat mistakes --summary` writes: the run's parameters, per-order summaries and the
/// histograms of first-mistake steps. The report of a results folder reads it back from
/// `mistakes.json` to show where the backtracker goes wrong.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct MistakesSummary {
    pub size: usize,
    pub seed: u64,
    pub draws: u64,
    pub cap: u64,
    pub summaries: Vec<OrderSummary>,
    pub histograms: Vec<MistakeHistogram>,
}

impl MistakesSummary {
    pub fn new(size: usize, seed: u64, draws: u64, cap: u64, records: &[MistakeRecord]) -> Self {
        MistakesSummary {
            size,
            seed,
            draws,
            cap,
            summaries: summarize(records),
            histograms: mistake_histograms(records),
        }
    }
}

/// One histogram per order, in the order in which the orders first appear in `records`.
pub fn mistake_histograms(records: &[MistakeRecord]) -> Vec<MistakeHistogram> {
    let mut histograms: Vec<MistakeHistogram> = Vec::new();
    for record in records {
        let position = histograms.iter().position(|h| h.order == record.order);
        let histogram = match position {
            Some(position) => &mut histograms[position],
            None => {
                histograms.push(MistakeHistogram {
                    order: record.order.clone(),
                    pairs: record.pairs,
                    by_step: vec![0; record.pairs],
                    without_mistake: 0,
                    unresolved: 0,
                });
                histograms.last_mut().expect("just pushed")
            }
        };
        match (record.mistake_step, record.first_dead_step) {
            (Some(step), _) if step >= 1 => histogram.by_step[step - 1] += 1,
            (Some(_), _) => {}
            (None, Some(_)) => histogram.unresolved += 1,
            (None, None) => histogram.without_mistake += 1,
        }
    }
    histograms
}

/// Per-order summary of mistake records.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct OrderSummary {
    pub order: String,
    pub draws: usize,
    pub solved: usize,
    pub with_mistake: usize,
    /// Draws whose mistake is unresolved (see [`MistakeRecord::first_dead_step`]).
    pub unresolved: usize,
    /// Median step of the first mistake over the draws that made one.
    pub median_mistake_step: Option<f64>,
    /// Median of the deepest step reached below a mistake, over the draws that made one.
    pub median_deepest_dead_step: Option<f64>,
    /// Share of all iterations spent below mistakes.
    pub dead_share: f64,
    /// Share of all iterations spent at alive nodes that were lifted again.
    pub alive_off_path_share: f64,
    /// Share of all iterations spent at nodes left undecided by the budget.
    pub unknown_share: f64,
    /// Questions over the budget, over all draws.
    pub undecided: u64,
    pub median_iterations: f64,
}

/// Summaries per order, in first-appearance order.
pub fn summarize(records: &[MistakeRecord]) -> Vec<OrderSummary> {
    let mut orders: Vec<&str> = Vec::new();
    for record in records {
        if !orders.contains(&record.order.as_str()) {
            orders.push(&record.order);
        }
    }
    orders
        .into_iter()
        .map(|order| {
            let rows: Vec<&MistakeRecord> = records.iter().filter(|r| r.order == order).collect();
            let total: u64 = rows.iter().map(|r| r.iterations).sum::<u64>().max(1);
            let steps = rows.iter().filter_map(|r| r.mistake_step.map(|s| s as f64));
            OrderSummary {
                order: order.to_string(),
                draws: rows.len(),
                solved: rows.iter().filter(|r| r.outcome == Outcome::Solved).count(),
                with_mistake: rows.iter().filter(|r| r.mistake_step.is_some()).count(),
                unresolved: rows
                    .iter()
                    .filter(|r| r.mistake_step.is_none() && r.first_dead_step.is_some())
                    .count(),
                median_mistake_step: median(steps.collect()),
                median_deepest_dead_step: median(
                    rows.iter()
                        .filter_map(|r| r.deepest_dead_step.map(|s| s as f64))
                        .collect(),
                ),
                dead_share: rows.iter().map(|r| r.dead_iterations).sum::<u64>() as f64
                    / total as f64,
                alive_off_path_share: rows
                    .iter()
                    .map(|r| r.alive_off_path_iterations)
                    .sum::<u64>() as f64
                    / total as f64,
                unknown_share: rows.iter().map(|r| r.unknown_iterations).sum::<u64>() as f64
                    / total as f64,
                undecided: rows.iter().map(|r| r.undecided).sum(),
                median_iterations: median(rows.iter().map(|r| r.iterations as f64).collect())
                    .unwrap_or(0.0),
            }
        })
        .collect()
}

fn median(mut values: Vec<f64>) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    values.sort_by(f64::total_cmp);
    let mid = values.len() / 2;
    Some(if values.len() % 2 == 1 {
        values[mid]
    } else {
        (values[mid - 1] + values[mid]) / 2.0
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess_memory::board::BoardSize;

    #[test]
    fn iterations_add_up_and_solved_draws_end_alive() {
        let queue = Queue::parse("QNBR", BoardSize::new(6).unwrap()).unwrap();
        for index in 0..4 {
            let record = analyse_draw(&queue, 7, index, None, None).unwrap();
            assert_eq!(record.outcome, Outcome::Solved);
            assert_eq!(
                record.dead_iterations
                    + record.alive_off_path_iterations
                    + record.final_path_iterations
                    + record.unknown_iterations,
                record.iterations,
                "{record:?}"
            );
            assert!(record.final_path_iterations >= record.pairs as u64);
            assert_eq!(record.mistake_step.is_some(), record.mistakes > 0);
            assert_eq!(record.mistake_step.is_none(), record.dead_iterations == 0);
            assert_eq!(
                record.mistake_step, record.first_dead_step,
                "no budget, nothing unresolved"
            );
            assert!(record.deepest_dead_step >= record.first_dead_step);
            assert!(record.deepest_dead_step.unwrap_or(0) < record.pairs);
        }
    }

    #[test]
    fn the_same_draw_gives_the_same_row() {
        let queue = Queue::parse("RBNQ", BoardSize::new(6).unwrap()).unwrap();
        let a = analyse_draw(&queue, 3, 1, Some(5000), Some(1_000_000)).unwrap();
        let b = analyse_draw(&queue, 3, 1, Some(5000), Some(1_000_000)).unwrap();
        assert_eq!(a.csv_row(), b.csv_row());
        assert_eq!(
            a.csv_row().split(',').count(),
            CSV_HEADER.split(',').count()
        );
    }

    #[test]
    fn histograms_count_first_mistakes_by_step() {
        let record = |order: &str, step: Option<usize>| MistakeRecord {
            order: order.into(),
            pairs: 3,
            index: 0,
            outcome: Outcome::Solved,
            iterations: 10,
            mistake_step: step,
            mistake_iteration: step.map(|s| s as u64),
            first_dead_step: step,
            deepest_dead_step: step,
            mistakes: u64::from(step.is_some()),
            dead_iterations: 0,
            alive_off_path_iterations: 0,
            final_path_iterations: 10,
            unknown_iterations: 0,
            solver_calls: 1,
            undecided: 0,
        };
        let records = [
            record("A", Some(2)),
            record("B", None),
            record("A", Some(2)),
            record("A", None),
            record("B", Some(3)),
        ];
        let histograms = mistake_histograms(&records);
        assert_eq!(histograms.len(), 2);
        assert_eq!(
            (histograms[0].by_step.clone(), histograms[0].without_mistake),
            (vec![0, 2, 0], 1)
        );
        assert_eq!(
            (histograms[1].by_step.clone(), histograms[1].without_mistake),
            (vec![0, 0, 1], 1)
        );
        let summary = summarize(&records);
        assert_eq!(summary[0].median_mistake_step, Some(2.0));
        assert_eq!(summary[1].with_mistake, 1);
    }
}
