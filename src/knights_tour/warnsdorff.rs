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
    /// Sized to the board once; the last run's walk is its first `visited` entries.
    path: Vec<u32>,
    visited: usize,
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
            path: vec![0; board.squares()],
            visited: 0,
            layout,
        }
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The bordered indices visited by the last run.
    pub fn path_indices(&self) -> &[u32] {
        &self.path[..self.visited]
    }

    /// The squares visited by the last run.
    pub fn path(&self) -> Vec<Square> {
        self.path_indices()
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
        self.reset();
        if plan.chooser == Chooser::First && plan.stages.len() == 1 {
            return self.run_first::<true>(start, plan.stages[0].order, closed);
        }
        self.run_staged(start, plan, closed, rng)
    }

    /// The general walk: any number of stages, any tie-break, the tied squares listed at
    /// every step. The degrees must be fresh.
    fn run_staged<R: Rng + ?Sized>(
        &mut self,
        start: Square,
        plan: &Plan,
        closed: bool,
        rng: &mut R,
    ) -> RunResult {
        let total = self.layout.board.squares();
        let start = self.layout.index(start);
        let degree = &mut self.degree[..];
        let mut stage = 0;
        let mut offsets = stage_offsets(&self.layout, plan.stages[0].order);
        let mut switch_at = plan.stages[0].switch_at;
        let mut tie_breaks = 0;
        let mut current = start;
        degree[current] = BLOCKED;
        self.path[0] = current as u32;
        self.visited = 1;
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
            self.path[self.visited] = current as u32;
            self.visited += 1;
        }
        self.finish(current, start, closed, tie_breaks)
    }

    /// The outcome and path of [`Engine::run`] without its tie count. The rules that take
    /// the first square of least degree in one move order (the seed's rule, `order:…`)
    /// then run a loop with no tie bookkeeping at all, as a plain C implementation would;
    /// the others run [`Engine::run`] unchanged.
    pub fn run_outcome<R: Rng + ?Sized>(
        &mut self,
        start: Square,
        plan: &Plan,
        closed: bool,
        rng: &mut R,
    ) -> Outcome {
        if plan.chooser == Chooser::First && plan.stages.len() == 1 {
            self.reset();
            self.run_first::<false>(start, plan.stages[0].order, closed)
                .outcome
        } else {
            self.run(start, plan, closed, rng).outcome
        }
    }

    fn reset(&mut self) {
        self.degree.clear();
        self.degree.extend_from_slice(&self.initial);
        self.visited = 0;
    }

    /// [`Engine::run`] for a rule with one move order that breaks ties by the first square
    /// in that order: the first square of least degree is kept as it is found, so no list
    /// of tied squares is needed; ties are counted when `COUNT_TIES` (a step with two or
    /// more candidates of least degree). The degrees must be fresh.
    fn run_first<const COUNT_TIES: bool>(
        &mut self,
        start: Square,
        order: MoveOrder,
        closed: bool,
    ) -> RunResult {
        let total = self.layout.board.squares();
        let start = self.layout.index(start);
        let offsets = stage_offsets(&self.layout, order);
        let degree = &mut self.degree[..];
        let path = &mut self.path[..];
        let mut tie_breaks = 0;
        let mut current = start;
        degree[current] = BLOCKED;
        path[0] = current as u32;
        let mut visited = 1;
        while visited < total {
            let mut best = u32::from(BLOCKED);
            let mut next = usize::MAX;
            let mut ties = 0u32;
            for &offset in &offsets {
                let target = current.wrapping_add(offset);
                debug_assert!(target < degree.len());
                // SAFETY: `current` is an on-board square (the walk enters only squares
                // whose degree is not BLOCKED, and every frame square is BLOCKED), and a
                // knight's move from an on-board square stays inside the two-square frame,
                // so `target` indexes the array of `Layout::array_len` bytes.
                let slot = unsafe { degree.get_unchecked_mut(target) };
                let d = u32::from(*slot);
                if d != u32::from(BLOCKED) {
                    let d = d - 1;
                    *slot = d as u8;
                    if d < best {
                        best = d;
                        next = target;
                        ties = 1;
                    } else if COUNT_TIES && d == best {
                        ties += 1;
                    }
                }
            }
            if next == usize::MAX {
                self.visited = visited;
                return RunResult {
                    outcome: Outcome::DeadEnd,
                    tie_breaks,
                };
            }
            tie_breaks += u64::from(ties > 1);
            current = next;
            // SAFETY: `next` is one of the targets above, inside the array.
            unsafe { *degree.get_unchecked_mut(current) = BLOCKED };
            path[visited] = current as u32;
            visited += 1;
        }
        self.visited = visited;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::stream;

    /// Boards with every start tried: squares, a strip, and sizes either side of 8.
    fn boards() -> Vec<Board> {
        [
            (1, 1),
            (3, 4),
            (4, 3),
            (5, 5),
            (6, 6),
            (7, 7),
            (8, 8),
            (9, 9),
            (5, 12),
            (12, 12),
        ]
        .iter()
        .map(|&(w, h)| Board::new(w, h).unwrap())
        .collect()
    }

    /// The fast loop of the first-in-order rules walks and counts exactly as the general
    /// loop, which lists the tied squares at every step.
    #[test]
    fn the_first_in_order_loop_matches_the_general_loop() {
        for board in boards() {
            for rule in ["seed", "order:12345678", "order:36875124"] {
                let plan = Plan::new(&board, &rule.parse().unwrap()).unwrap();
                let mut fast = Engine::new(board);
                let mut general = Engine::new(board);
                let mut rng = stream(1, "unused", 0);
                for index in 0..board.squares() {
                    let start = board.square_at(index);
                    for closed in [false, true] {
                        let got = fast.run(start, &plan, closed, &mut rng);
                        general.reset();
                        let want = general.run_staged(start, &plan, closed, &mut rng);
                        assert_eq!(got, want, "{board} {rule} from {start}");
                        assert_eq!(
                            fast.path_indices(),
                            general.path_indices(),
                            "{board} {rule} from {start}"
                        );
                    }
                }
            }
        }
    }

    /// Without its tie count a walk takes the same squares to the same outcome, for every
    /// rule (the random one given the same stream).
    #[test]
    fn the_outcome_walk_is_the_counted_walk() {
        for board in boards() {
            for rule in [
                "seed",
                "order:36875124",
                "random",
                "pohl",
                "roth",
                "squirrel",
            ] {
                let Ok(plan) = Plan::new(&board, &rule.parse().unwrap()) else {
                    continue; // Squirrel's schedule covers only some sizes.
                };
                let mut counted = Engine::new(board);
                let mut uncounted = Engine::new(board);
                for index in 0..board.squares() {
                    let start = board.square_at(index);
                    let got = uncounted.run_outcome(start, &plan, false, &mut stream(2, rule, 0));
                    let want = counted.run(start, &plan, false, &mut stream(2, rule, 0));
                    assert_eq!(got, want.outcome, "{board} {rule} from {start}");
                    assert_eq!(
                        uncounted.path_indices(),
                        counted.path_indices(),
                        "{board} {rule} from {start}"
                    );
                }
            }
        }
    }
}
