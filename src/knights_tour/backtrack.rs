//! A sound depth-first search for a tour, with Warnsdorff's rule as its branching order.
//!
//! From each square the candidates are tried by increasing degree, ties broken as the rule
//! says (fixed orders and Squirrel's stages by their move order; `random` by a random key
//! drawn for every candidate; `pohl` and `roth` by their second criterion, then the move
//! order). The first branch of every node is therefore the greedy rule's move, and a search
//! that never backtracks makes the greedy tour. Each move taken back counts as a backtrack;
//! past `cap` backtracks the search stops ([`Outcome::CapReached`]). A search that runs out
//! of branches proves that no tour (closed, if asked) starts at the square
//! ([`Outcome::NoTour`]). For closed tours a branch is cut as soon as the start square has no
//! unvisited neighbour left to return from.
//!
//! The search is iterative (an explicit stack), so boards of any accepted size can be
//! searched, and the degree array is restored exactly on every backtrack.

use super::geometry::Layout;
use super::warnsdorff::{
    BLOCKED, Chooser, Outcome, Plan, TourDraw, initial_degrees, stage_offsets,
};
use super::{Board, Square};
use rand_core::Rng;

#[derive(Debug, Clone, Copy)]
struct Frame {
    candidates: [u32; 8],
    count: u8,
    next: u8,
    stage: u8,
}

struct Search<'a> {
    layout: Layout,
    degree: Vec<u8>,
    plan: &'a Plan,
}

impl Search<'_> {
    fn visit(&mut self, square: usize) {
        self.degree[square] = BLOCKED;
        for &offset in &self.layout.offsets {
            let target = square.wrapping_add(offset);
            if self.degree[target] != BLOCKED {
                self.degree[target] -= 1;
            }
        }
    }

    fn unvisit(&mut self, square: usize) {
        let mut free = 0;
        for &offset in &self.layout.offsets {
            let target = square.wrapping_add(offset);
            if self.degree[target] != BLOCKED {
                self.degree[target] += 1;
                free += 1;
            }
        }
        self.degree[square] = free;
    }

    fn free_neighbours(&self, square: usize) -> usize {
        self.layout
            .offsets
            .iter()
            .filter(|&&offset| self.degree[square.wrapping_add(offset)] != BLOCKED)
            .count()
    }

    /// The frame of `square` (already visited), entered with the parent's stage.
    fn frame<R: Rng + ?Sized>(&self, square: usize, stage: usize, rng: &mut R) -> Frame {
        let mut stage = stage;
        if square == self.plan.stages[stage].switch_at {
            stage += 1;
        }
        let order = stage_offsets(&self.layout, self.plan.stages[stage].order);
        let mut keyed = [(0u8, 0i64, 0u8, 0u32); 8];
        let mut count = 0;
        for (position, &offset) in order.iter().enumerate() {
            let target = square.wrapping_add(offset);
            let degree = self.degree[target];
            if degree != BLOCKED {
                let secondary = match self.plan.chooser {
                    Chooser::First => 0,
                    Chooser::Random => (rng.next_u64() >> 1) as i64,
                    Chooser::Pohl => self
                        .layout
                        .offsets
                        .iter()
                        .map(|&o| self.degree[target.wrapping_add(o)])
                        .filter(|&d| d != BLOCKED)
                        .map(i64::from)
                        .sum(),
                    Chooser::Roth => {
                        let s = self.layout.square(target);
                        let board = self.layout.board;
                        let dx = 2 * s.x as i64 - (board.width() as i64 - 1);
                        let dy = 2 * s.y as i64 - (board.height() as i64 - 1);
                        -(dx * dx + dy * dy)
                    }
                };
                keyed[count] = (degree, secondary, position as u8, target as u32);
                count += 1;
            }
        }
        keyed[..count].sort_unstable();
        let mut candidates = [0u32; 8];
        for (slot, key) in candidates.iter_mut().zip(&keyed[..count]) {
            *slot = key.3;
        }
        Frame {
            candidates,
            count: count as u8,
            next: 0,
            stage: stage as u8,
        }
    }
}

/// Searches for a tour from `start` (module docs). The path of a tour, or the longest path
/// reached, is returned unchecked; the caller validates it.
pub fn search<R: Rng + ?Sized>(
    board: Board,
    start: Square,
    plan: &Plan,
    closed: bool,
    cap: u64,
    rng: &mut R,
) -> TourDraw {
    let layout = Layout::new(board);
    let total = board.squares();
    let mut search = Search {
        layout,
        degree: initial_degrees(&layout),
        plan,
    };
    let start = layout.index(start);
    search.visit(start);
    let mut path = vec![start as u32];
    let mut longest: Vec<u32> = Vec::new();
    let mut stack = vec![search.frame(start, 0, rng)];
    let mut backtracks = 0u64;
    let mut tie_breaks = 0u64;
    let outcome = loop {
        let current = *path.last().expect("the path holds the start");
        if path.len() == total {
            let current = current as usize;
            if !closed
                || layout
                    .offsets
                    .iter()
                    .any(|&o| current.wrapping_add(o) == start)
            {
                break Outcome::Tour;
            }
        } else if closed && search.free_neighbours(start) == 0 {
            stack.last_mut().expect("a frame per square").next = 8;
        }
        let frame = stack.last_mut().expect("a frame per square");
        if frame.next < frame.count {
            let target = frame.candidates[frame.next as usize] as usize;
            if frame.next == 0 && frame.count > 1 {
                let first = search.degree[target];
                let second = search.degree[frame.candidates[1] as usize];
                tie_breaks += u64::from(first == second);
            }
            frame.next += 1;
            let stage = frame.stage as usize;
            search.visit(target);
            path.push(target as u32);
            let child = search.frame(target, stage, rng);
            stack.push(child);
            continue;
        }
        if path.len() > longest.len() {
            longest.clone_from(&path);
        }
        if stack.len() == 1 {
            break Outcome::NoTour;
        }
        if backtracks == cap {
            break Outcome::CapReached;
        }
        stack.pop();
        let square = path.pop().expect("more than the start") as usize;
        search.unvisit(square);
        backtracks += 1;
    };
    let path = if outcome == Outcome::Tour {
        path
    } else {
        longest
    };
    TourDraw {
        outcome,
        squares_reached: path.len() as u64,
        tie_breaks,
        backtracks,
        path: path.iter().map(|&i| layout.square(i as usize)).collect(),
    }
}
