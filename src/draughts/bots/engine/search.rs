//! The engine's search: principal-variation search (a null window for every move after the
//! first, searched again with the full window when it beats alpha) in iterative deepening,
//! with a transposition table kept for the whole game, quiescence on captures (a position
//! where the side to move must capture is searched on at the horizon, since captures are
//! forced and an exchange cut in half misjudges the material), move ordering by the table's
//! move, killer moves and the history heuristic, and reductions of late quiet moves (searched
//! one or two plies shallower with a null window, and again at full depth when they beat
//! alpha). Each of these can be switched off ([`Features`]) to measure what it is worth.
//!
//! The search stops at its node limit or its deadline ([`Limit`]) and plays the best move of
//! the deepest iteration, or of the unfinished one when a move searched to the end there beat
//! the previous best. Under a deadline no iteration starts after three fifths of the time. Nothing outside the game decides a choice at a node limit: the node
//! count, the table and the history depend only on the game's positions and random stream, so
//! a game replays move for move. A deadline is for play, where the machine's speed decides.

use super::evaluation::{Geometry, Weights};
use super::{Feature, Features, Limit};
use crate::draughts::bots::board_rules::BoardRules;
use rand_core::Rng;
use std::time::{Duration, Instant};

pub use crate::draughts::bots::alphabeta::MATE;
use crate::draughts::bots::alphabeta::{Bound, from_table, to_table};
const INFINITY: i32 = 2 * MATE;
/// The deepest ply from the root a search reaches (quiescence included).
pub const MAX_PLY: usize = 96;
/// The deepest iteration.
const MAX_DEPTH: i32 = 60;
/// The transposition table's entries, as a power of two.
const TABLE_BITS: u32 = 18;
/// Moves searched at full depth before later quiet moves are reduced.
const FULL_DEPTH_MOVES: usize = 3;

#[derive(Clone, Copy, Debug)]
struct Entry<K> {
    key: u64,
    depth: i32,
    score: i32,
    bound: Bound,
    best: K,
}

/// What a search found: its move, the move's score, the deepest iteration finished and the
/// nodes it visited.
#[derive(Clone, Copy, Debug)]
pub struct Found<M> {
    pub best: M,
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
}

/// The search of one game, its table and history kept from move to move.
pub struct Search<R: BoardRules> {
    rules: R,
    features: Features,
    geometry: Geometry,
    weights: Weights,
    table: Vec<Option<Entry<R::Key>>>,
    killers: Vec<[Option<R::Key>; 2]>,
    /// The history heuristic's counts, by side, start and end square.
    history: Vec<i32>,
    move_lists: Vec<Vec<R::Move>>,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    stopped: bool,
}

fn history_index(side: usize, from: u32, to: u32) -> usize {
    (side * 128 + from as usize) * 128 + to as usize
}

impl<R: BoardRules> Search<R> {
    /// The search under `rules` with `features`, its evaluation weighted by `weights` or by
    /// its own ([`Weights::for_rules`]).
    pub fn new(rules: R, features: Features, weights: Option<[i32; 13]>) -> Search<R> {
        let table_size = if features.has(Feature::Table) {
            1 << TABLE_BITS
        } else {
            0
        };
        let weights = match weights {
            Some(terms) => Weights { terms },
            None => Weights::for_rules(rules.flying_kings()),
        };
        Search {
            rules,
            features,
            geometry: Geometry::new(rules.size()),
            weights,
            table: vec![None; table_size],
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; 2 * 128 * 128],
            move_lists: vec![Vec::new(); MAX_PLY + 1],
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            stopped: false,
        }
    }

    /// The evaluation the search uses, for the side to move.
    pub fn evaluate(&self, board: &R::Board) -> i32 {
        if self.features.has(Feature::Knowledge) {
            let [white, black, kings] = R::sets(board);
            let white_to_move = R::side(board) == crate::draughts::board::Color::White;
            self.geometry
                .evaluate(&self.weights, white, black, kings, white_to_move)
        } else {
            self.rules.evaluate(board)
        }
    }

    /// The best move of `board` (which has a legal move) within `limit`. The root's moves
    /// are first shuffled with `rng`, so that moves of equal score are chosen at random,
    /// reproducibly.
    pub fn best_move(
        &mut self,
        board: &R::Board,
        limit: Limit,
        rng: &mut dyn Rng,
    ) -> Found<R::Move> {
        let started = Instant::now();
        self.nodes = 0;
        self.stopped = false;
        let (node_limit, deadline, soft) = match limit {
            Limit::Nodes(nodes) => (nodes, None, None),
            Limit::Time { millis } => {
                let budget = Duration::from_millis(millis as u64);
                (
                    u64::MAX,
                    Some(started + budget),
                    Some(started + budget * 3 / 5),
                )
            }
        };
        self.node_limit = node_limit;
        self.deadline = deadline;
        for count in &mut self.history {
            *count /= 2;
        }
        for killers in &mut self.killers {
            *killers = [None; 2];
        }
        let mut root = Vec::new();
        self.rules.legal_moves(board, &mut root);
        assert!(!root.is_empty(), "the game is over");
        crate::rng::shuffle(&mut root, rng);
        let mut found = Found {
            best: root[0],
            score: -INFINITY,
            depth: 0,
            nodes: 0,
        };
        let mut scores = vec![-INFINITY; root.len()];
        for depth in 1..=MAX_DEPTH {
            let mut alpha = -INFINITY;
            let mut best_here = None;
            for (i, mv) in root.iter().enumerate() {
                let child = self.rules.play(board, mv);
                let score = if i > 0 && self.features.has(Feature::Pvs) {
                    let score = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, 1);
                    if score > alpha && !self.stopped {
                        -self.negamax(&child, depth - 1, -INFINITY, -alpha, 1)
                    } else {
                        score
                    }
                } else {
                    -self.negamax(&child, depth - 1, -INFINITY, -alpha, 1)
                };
                if self.stopped {
                    break;
                }
                scores[i] = score;
                if score > alpha {
                    alpha = score;
                    best_here = Some(i);
                }
            }
            if let Some(i) = best_here {
                found.best = root[i];
                found.score = if self.stopped {
                    alpha.max(found.score)
                } else {
                    alpha
                };
            }
            if self.stopped {
                break;
            }
            found.depth = depth as u32;
            // The next iteration starts from this one's best move, then the others by score.
            let mut order: Vec<usize> = (0..root.len()).collect();
            let best_index = best_here.unwrap_or(0);
            order.sort_by_key(|&i| (i != best_index, std::cmp::Reverse(scores[i])));
            root = order.iter().map(|&i| root[i]).collect();
            scores = order.iter().map(|&i| scores[i]).collect();
            if alpha.abs() >= MATE - MAX_PLY as i32
                || self.nodes >= self.node_limit
                || soft.is_some_and(|soft| Instant::now() >= soft)
            {
                break;
            }
        }
        found.nodes = self.nodes;
        found
    }

    fn out_of_budget(&mut self) -> bool {
        if self.nodes >= self.node_limit {
            self.stopped = true;
        } else if self.nodes.is_multiple_of(512) {
            let late = self
                .deadline
                .is_some_and(|deadline| Instant::now() >= deadline);
            if late || crate::game::cancel::requested() {
                self.stopped = true;
            }
        }
        self.stopped
    }

    fn negamax(&mut self, board: &R::Board, depth: i32, alpha: i32, beta: i32, ply: usize) -> i32 {
        if self.out_of_budget() {
            return 0;
        }
        self.nodes += 1;
        let mut moves = std::mem::take(&mut self.move_lists[ply]);
        let score = self.search_moves(board, depth, alpha, beta, ply, &mut moves);
        self.move_lists[ply] = moves;
        score
    }

    fn search_moves(
        &mut self,
        board: &R::Board,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        moves: &mut Vec<R::Move>,
    ) -> i32 {
        self.rules.legal_moves(board, moves);
        if moves.is_empty() {
            return -(MATE - ply as i32);
        }
        let captures = R::captured_count(&moves[0]) > 0;
        if ply >= MAX_PLY || (depth <= 0 && (!captures || !self.features.has(Feature::Quiescence)))
        {
            return self.evaluate(board);
        }
        let depth = depth.max(0);
        let use_table = self.features.has(Feature::Table);
        let key = R::hash(board);
        let slot = (key >> (64 - TABLE_BITS)) as usize;
        let mut table_move = None;
        if use_table
            && let Some(entry) = self.table[slot]
            && entry.key == key
        {
            table_move = Some(entry.best);
            if entry.depth >= depth {
                let score = from_table(entry.score, ply as u32);
                match entry.bound {
                    Bound::Exact => return score,
                    Bound::Lower => alpha = alpha.max(score),
                    Bound::Upper => beta = beta.min(score),
                }
                if alpha >= beta {
                    return score;
                }
            }
        }
        let side = R::side(board) as usize;
        let killers = if self.features.has(Feature::Killers) {
            self.killers[ply]
        } else {
            [None; 2]
        };
        let history = self.features.has(Feature::History);
        moves.sort_by_key(|mv| {
            let key = R::key(mv);
            let mut rank = 0i64;
            if Some(key) == table_move {
                rank += 1 << 40;
            }
            rank += (R::captured_count(mv) as i64) << 32;
            if R::crowns(board, mv) {
                rank += 1 << 31;
            }
            if killers[0] == Some(key) {
                rank += 1 << 30;
            } else if killers[1] == Some(key) {
                rank += 1 << 29;
            }
            if history {
                let (from, to) = R::from_to(mv);
                rank += self.history[history_index(side, from, to)] as i64;
            }
            std::cmp::Reverse(rank)
        });
        let original_alpha = alpha;
        let pvs = self.features.has(Feature::Pvs);
        let reduce = self.features.has(Feature::Reductions) && !captures && depth >= 3;
        let mut best = (-INFINITY, R::key(&moves[0]));
        for (i, mv) in moves.iter().enumerate() {
            let child = self.rules.play(board, mv);
            let next = depth - 1;
            let key = R::key(mv);
            let quiet_late = reduce
                && i >= FULL_DEPTH_MOVES
                && Some(key) != table_move
                && !killers.contains(&Some(key))
                && !R::crowns(board, mv);
            let reduction = match quiet_late {
                true if i >= 3 * FULL_DEPTH_MOVES && depth >= 5 => 2,
                true => 1,
                false => 0,
            };
            let mut score = -INFINITY;
            let mut settled = false;
            if reduction > 0 {
                let window = if pvs { -alpha - 1 } else { -beta };
                score = -self.negamax(&child, next - reduction, window, -alpha, ply + 1);
                settled = score <= alpha;
            }
            if !settled {
                score = if pvs && i > 0 {
                    let score = -self.negamax(&child, next, -alpha - 1, -alpha, ply + 1);
                    if score > alpha && score < beta && !self.stopped {
                        -self.negamax(&child, next, -beta, -alpha, ply + 1)
                    } else {
                        score
                    }
                } else {
                    -self.negamax(&child, next, -beta, -alpha, ply + 1)
                };
            }
            if self.stopped {
                return 0;
            }
            if score > best.0 {
                best = (score, key);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                if !captures {
                    let slot = &mut self.killers[ply];
                    if slot[0] != Some(key) {
                        slot[1] = slot[0];
                        slot[0] = Some(key);
                    }
                    let (from, to) = R::from_to(mv);
                    let count = &mut self.history[history_index(side, from, to)];
                    *count = (*count + depth * depth).min(1 << 24);
                }
                break;
            }
        }
        if use_table {
            let bound = Bound::of(best.0, original_alpha, beta);
            self.table[slot] = Some(Entry {
                key,
                depth,
                score: to_table(best.0, ply as u32),
                bound,
                best: best.1,
            });
        }
        best.0
    }
}
