//! Warnsdorff's rule in linear time, and [`draw`], the one call the experiment runner needs.
//!
//! The board lives in the bordered layout of [`Layout`]: one byte per square holds its
//! *degree* (unvisited on-board neighbours) or [`BLOCKED`] for a visited or frame square.
//! Visiting a square blocks it and lowers the degree of each unvisited neighbour by one;
//! those neighbours are exactly the next step's candidates, so a step reads and writes eight
//! bytes and the whole tour costs O(W·H) with no allocation after the [`Engine`] is built.

use super::backtrack;
use super::geometry::Layout;
use super::squirrel;
use super::validate::{TourError, validate_closed_tour, validate_path, validate_tour};
use super::{Board, KnightsError, MoveOrder, Rule, Square};
use crate::rng::below;
use rand_core::Rng;
use serde::Serialize;

/// Degree byte of a visited or off-board square.
pub const BLOCKED: u8 = u8::MAX;

/// How a draw ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// A tour (closed when asked), checked by the validator.
    Tour,
    /// The greedy rule reached a square with no unvisited neighbour.
    DeadEnd,
    /// All squares visited but the end is not a knight's move from the start.
    NotClosed,
    /// The backtracking search ran out of its backtrack budget.
    CapReached,
    /// The backtracking search finished: no tour from this start.
    NoTour,
}

/// One draw: the outcome, its counters and the squares visited in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TourDraw {
    pub outcome: Outcome,
    /// Length of the longest path reached (W·H for a tour).
    pub squares_reached: u64,
    /// Steps at which two or more candidates shared the smallest degree.
    pub tie_breaks: u64,
    /// Moves taken back (backtracking only).
    pub backtracks: u64,
    /// The tour, or the path at the dead end (the longest path for backtracking).
    pub path: Vec<Square>,
}

/// A rule resolved for one board: its stages of scan orders and the final tie-break.
#[derive(Debug, Clone)]
pub struct Plan {
    pub(super) stages: Vec<PlanStage>,
    pub(super) chooser: Chooser,
}

#[derive(Debug, Clone, Copy)]
pub(super) struct PlanStage {
    pub order: MoveOrder,
    /// Bordered index of the switch square, `usize::MAX` for none.
    pub switch_at: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Chooser {
    First,
    Random,
    Pohl,
    Roth,
}

impl Plan {
    /// Whether a walk under this plan draws from its random stream (only the random
    /// tie-break does); the others need no stream of their own per draw.
    pub fn is_random(&self) -> bool {
        self.chooser == Chooser::Random
    }

    pub fn new(board: &Board, rule: &Rule) -> Result<Plan, KnightsError> {
        let layout = Layout::new(*board);
        let stages = match rule {
            Rule::Squirrel => squirrel::schedule(board)?
                .into_iter()
                .map(|stage| PlanStage {
                    order: stage.order,
                    switch_at: stage.switch_at.map_or(usize::MAX, |s| layout.index(s)),
                })
                .collect(),
            _ => vec![PlanStage {
                order: rule.scan_order(),
                switch_at: usize::MAX,
            }],
        };
        let chooser = match rule {
            Rule::Random => Chooser::Random,
            Rule::Pohl => Chooser::Pohl,
            Rule::Roth => Chooser::Roth,
            _ => Chooser::First,
        };
        Ok(Plan { stages, chooser })
    }
}

/// Reusable arrays for greedy tours on one board.
#[derive(Debug, Clone)]
pub struct Engine {
    layout: Layout,
    initial: Vec<u8>,
    degree: Vec<u8>,
    path: Vec<u32>,
}

/// Result of [`Engine::run`]; the path stays in the engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunResult {
    pub outcome: Outcome,
    pub tie_breaks: u64,
}

impl Engine {
    pub fn new(board: Board) -> Engine {
        let layout = Layout::new(board);
        Engine {
            initial: initial_degrees(&layout),
            degree: Vec::new(),
            path: Vec::with_capacity(board.squares()),
            layout,
        }
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The bordered indices visited by the last run.
    pub fn path_indices(&self) -> &[u32] {
        &self.path
    }

    /// The squares visited by the last run.
    pub fn path(&self) -> Vec<Square> {
        self.path
            .iter()
            .map(|&index| self.layout.square(index as usize))
            .collect()
    }

    /// One greedy tour from `start` (unchecked: [`draw`] adds the validator).
    pub fn run<R: Rng + ?Sized>(
        &mut self,
        start: Square,
        plan: &Plan,
        closed: bool,
        rng: &mut R,
    ) -> RunResult {
        self.degree.clear();
        self.degree.extend_from_slice(&self.initial);
        self.path.clear();
        if plan.chooser == Chooser::First && plan.stages.len() == 1 {
            return self.run_first(start, plan.stages[0].order, closed);
        }
        let total = self.layout.board.squares();
        let start = self.layout.index(start);
        let degree = &mut self.degree[..];
        let mut stage = 0;
        let mut offsets = stage_offsets(&self.layout, plan.stages[0].order);
        let mut switch_at = plan.stages[0].switch_at;
        let mut tie_breaks = 0;
        let mut current = start;
        degree[current] = BLOCKED;
        self.path.push(current as u32);
        for _ in 1..total {
            if current == switch_at {
                stage += 1;
                offsets = stage_offsets(&self.layout, plan.stages[stage].order);
                switch_at = plan.stages[stage].switch_at;
            }
            let mut tied = [0usize; 8];
            let mut ties = 0;
            let mut best = u8::MAX;
            for &offset in &offsets {
                let target = current.wrapping_add(offset);
                let d = degree[target];
                if d != BLOCKED {
                    let d = d - 1;
                    degree[target] = d;
                    if d < best {
                        best = d;
                        ties = 0;
                    }
                    if d == best {
                        tied[ties] = target;
                        ties += 1;
                    }
                }
            }
            if ties == 0 {
                return RunResult {
                    outcome: Outcome::DeadEnd,
                    tie_breaks,
                };
            }
            let mut next = tied[0];
            if ties > 1 {
                tie_breaks += 1;
                next = match plan.chooser {
                    Chooser::First => next,
                    Chooser::Random => tied[below(rng, ties as u64) as usize],
                    Chooser::Pohl => pohl(&self.layout, degree, &tied[..ties]),
                    Chooser::Roth => roth(&self.layout, &tied[..ties]),
                };
            }
            current = next;
            degree[current] = BLOCKED;
            self.path.push(current as u32);
        }
        self.finish(current, start, closed, tie_breaks)
    }

    /// [`Engine::run`] for a rule with one move order that breaks ties by the first square
    /// in that order (the seed's rule, `order:…`): the same walk without the list of tied
    /// squares, since the first square of least degree is kept as it is found, and ties are
    /// only counted. The degrees must be fresh and the path empty.
    fn run_first(&mut self, start: Square, order: MoveOrder, closed: bool) -> RunResult {
        let total = self.layout.board.squares();
        let start = self.layout.index(start);
        let offsets = stage_offsets(&self.layout, order);
        let degree = &mut self.degree[..];
        let path = &mut self.path;
        let mut tie_breaks = 0;
        let mut current = start;
        degree[current] = BLOCKED;
        path.push(current as u32);
        for _ in 1..total {
            let mut best = BLOCKED;
            let mut next = usize::MAX;
            let mut ties = 0u32;
            for &offset in &offsets {
                let target = current.wrapping_add(offset);
                let d = degree[target];
                if d != BLOCKED {
                    let d = d - 1;
                    degree[target] = d;
                    if d < best {
                        best = d;
                        next = target;
                        ties = 1;
                    } else if d == best {
                        ties += 1;
                    }
                }
            }
            if next == usize::MAX {
                return RunResult {
                    outcome: Outcome::DeadEnd,
                    tie_breaks,
                };
            }
            tie_breaks += u64::from(ties > 1);
            current = next;
            degree[current] = BLOCKED;
            path.push(current as u32);
        }
        self.finish(current, start, closed, tie_breaks)
    }

    /// The result of a walk that visited every square, ending on `last`.
    fn finish(&self, last: usize, start: usize, closed: bool, tie_breaks: u64) -> RunResult {
        let outcome = if closed && !self.is_move(last, start) {
            Outcome::NotClosed
        } else {
            Outcome::Tour
        };
        RunResult {
            outcome,
            tie_breaks,
        }
    }

    fn is_move(&self, from: usize, to: usize) -> bool {
        self.layout
            .offsets
            .iter()
            .any(|&offset| from.wrapping_add(offset) == to)
    }
}

/// Degrees of an empty board in the bordered layout, frame squares [`BLOCKED`].
pub(super) fn initial_degrees(layout: &Layout) -> Vec<u8> {
    let mut degree = vec![BLOCKED; layout.array_len()];
    let board = layout.board;
    for y in 0..board.height() {
        for x in 0..board.width() {
            let square = Square::new(x, y);
            degree[layout.index(square)] = board.neighbours(square).count() as u8;
        }
    }
    degree
}

/// The index offsets of `order`'s moves, in its priority order.
pub(super) fn stage_offsets(layout: &Layout, order: MoveOrder) -> [usize; 8] {
    order.moves().map(|m| layout.offsets[m as usize])
}

/// Pohl's second level: the smallest sum of the unvisited neighbours' degrees; first wins.
pub(super) fn pohl(layout: &Layout, degree: &[u8], tied: &[usize]) -> usize {
    let score = |square: usize| -> u32 {
        layout
            .offsets
            .iter()
            .map(|&offset| degree[square.wrapping_add(offset)])
            .filter(|&d| d != BLOCKED)
            .map(u32::from)
            .sum()
    };
    let mut best = tied[0];
    let mut best_score = score(best);
    for &square in &tied[1..] {
        let s = score(square);
        if s < best_score {
            (best, best_score) = (square, s);
        }
    }
    best
}

/// Roth's rule: the largest Euclidean distance from the centre; first wins.
pub(super) fn roth(layout: &Layout, tied: &[usize]) -> usize {
    let board = layout.board;
    let score = |index: usize| -> u64 {
        let square = layout.square(index);
        // Twice the offset from the centre ((W-1)/2, (H-1)/2), squared: exact integers.
        let dx = 2 * square.x as i64 - (board.width() as i64 - 1);
        let dy = 2 * square.y as i64 - (board.height() as i64 - 1);
        (dx * dx + dy * dy) as u64
    };
    let mut best = tied[0];
    let mut best_score = score(best);
    for &square in &tied[1..] {
        let s = score(square);
        if s > best_score {
            (best, best_score) = (square, s);
        }
    }
    best
}

/// Checks that a closed draw asks for an even board (odd boards have no closed tour: the
/// knight alternates colours).
pub fn check_closed(board: &Board, closed: bool) -> Result<(), KnightsError> {
    if closed && board.squares() % 2 == 1 {
        return Err(KnightsError::ClosedOddBoard {
            width: board.width(),
            height: board.height(),
        });
    }
    Ok(())
}

/// Checks a finished draw's path with the independent validator.
pub(super) fn check_draw(board: &Board, draw: &TourDraw, closed: bool) -> Result<(), TourError> {
    let (width, height) = (board.width(), board.height());
    match draw.outcome {
        Outcome::Tour if closed => validate_closed_tour(width, height, &draw.path),
        Outcome::Tour | Outcome::NotClosed => validate_tour(width, height, &draw.path),
        _ => validate_path(width, height, &draw.path),
    }
}

/// Errors of [`draw`]: bad input, or (a bug) a path the validator rejects.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DrawError {
    #[error(transparent)]
    Input(#[from] KnightsError),
    #[error("internal error, the validator rejects a path: {0}")]
    Invalid(#[from] TourError),
}

/// One greedy Warnsdorff draw from `start` with tie-break `rule`, its path checked by the
/// validator. Depends only on its arguments (the rng's state included).
pub fn draw<R: Rng + ?Sized>(
    board: Board,
    start: Square,
    rule: &Rule,
    closed: bool,
    rng: &mut R,
) -> Result<TourDraw, DrawError> {
    check_closed(&board, closed)?;
    let plan = Plan::new(&board, rule)?;
    let mut engine = Engine::new(board);
    let result = engine.run(start, &plan, closed, rng);
    let draw = TourDraw {
        outcome: result.outcome,
        squares_reached: engine.path_indices().len() as u64,
        tie_breaks: result.tie_breaks,
        backtracks: 0,
        path: engine.path(),
    };
    check_draw(&board, &draw, closed)?;
    Ok(draw)
}

/// A sound search ordered by Warnsdorff's rule: finds a tour whenever one exists from
/// `start`, unless more than `cap` backtracks are needed ([`backtrack`]).
pub fn draw_backtracking<R: Rng + ?Sized>(
    board: Board,
    start: Square,
    rule: &Rule,
    closed: bool,
    cap: u64,
    rng: &mut R,
) -> Result<TourDraw, DrawError> {
    check_closed(&board, closed)?;
    let plan = Plan::new(&board, rule)?;
    let draw = backtrack::search(board, start, &plan, closed, cap, rng);
    check_draw(&board, &draw, closed)?;
    Ok(draw)
}
