//! Monte Carlo tree search with UCT (Kocsis and Szepesvári 2006), for any [`Game`]: the one
//! tree search behind every game's `mcts:N` bot.
//!
//! The shape follows OpenSpiel's `open_spiel/algorithms/mcts.h`: a search runs a fixed number
//! of simulations from the root; each descends the tree by UCB1, adds one node, asks an
//! [`Evaluator`] for the value of that node's position and backs the value up the path. The
//! evaluator is the hook that makes one search serve several games: [`Rollout`] plays uniformly
//! random moves to the end (OpenSpiel's `RandomRolloutEvaluator` with one rollout), or for a
//! fixed number of plies after which a function scores the position. The "15" game's bot
//! ([`crate::fifteen::Bot::Mcts`]) expands a random untried move and rolls out to the end; the
//! draughts bot ([`crate::draughts::bots::mcts`]) expands in generator order and cuts its
//! rollouts at 200 plies, scored by material.
//!
//! Precisely, for a search of `simulations` from `root` (a position that is not over; the
//! search runs even when it has one legal move, so a bot that wants to save the simulations
//! checks that first):
//!
//! - **Selection.** From the root, while the node has no untried move and has children, go to
//!   the child with the largest `reward / visits + c · √(ln(parent visits) / visits)`, the first
//!   such in the order the children were added (OpenSpiel's `UCTValue`, `c` = [`Uct::exploration`]).
//! - **Expansion.** A node reached with untried moves gets one new child: the first untried move
//!   in the game's generator order ([`Expansion::InOrder`]) or a uniformly random one, one draw
//!   of [`crate::rng::below`] over the untried moves in generator order ([`Expansion::Random`]).
//!   A position that is over has no moves and is never expanded.
//! - **Evaluation.** The evaluator values the new node's position (or the terminal one reached)
//!   as a number in [0, 1] for the first seat: 1 a first-seat win, ½ a draw, 0 a loss.
//! - **Backup.** Every node on the path, the root included, counts a visit and adds the value
//!   for the seat that moved into it: the value itself for the first seat, 1 − value for the
//!   second.
//! - **Choice.** The move of the root's most visited child, the first added on ties.
//!
//! All randomness comes from the `rng` given to the search (the player's stream for the game),
//! in the order above, so a game is reproducible from its seed.

use super::{Game, GameResult, Seat};
use rand_core::Rng;
use std::ops::Range;

/// Values a position for the search: OpenSpiel's `Evaluator` for two-player zero-sum games.
pub trait Evaluator<G: Game> {
    /// The value of `position` for the first seat, in [0, 1]: 1 a win, ½ a draw, 0 a loss.
    /// `position` may be over. Any randomness is drawn from `rng`.
    fn evaluate(&mut self, game: &G, position: &G::Position, rng: &mut dyn Rng) -> f64;
}

/// The value of a finished game for the first seat: 1, ½ or 0.
pub fn value(result: GameResult) -> f64 {
    (result.score_for(Seat::First) as f64 + 1.0) / 2.0
}

/// Values a position where a cut rollout stops, for the first seat, in [0, 1].
pub type Score<G> = fn(&G, &<G as Game>::Position) -> f64;

/// Uniformly random moves from the position, one [`crate::rng::below`] draw over the legal
/// moves in generator order a ply, until the game ends (its [`value`]) or, for a cut rollout,
/// until `plies` moves were played (then `score` values the position reached, checked for its
/// end only before each move).
pub struct Rollout<G: Game> {
    cut: Option<(u32, Score<G>)>,
    moves: Vec<G::Move>,
}

impl<G: Game> Rollout<G> {
    /// A rollout to the end of the game.
    pub fn to_the_end() -> Rollout<G> {
        Rollout {
            cut: None,
            moves: Vec::new(),
        }
    }

    /// A rollout of at most `plies` moves; a position still going then is valued by `score`
    /// (first seat's value in [0, 1]).
    pub fn cut(plies: u32, score: Score<G>) -> Rollout<G> {
        Rollout {
            cut: Some((plies, score)),
            moves: Vec::new(),
        }
    }
}

impl<G: Game> Evaluator<G> for Rollout<G> {
    fn evaluate(&mut self, game: &G, position: &G::Position, rng: &mut dyn Rng) -> f64 {
        let mut position = position.clone();
        let mut plies = 0;
        loop {
            if let Some((limit, score)) = self.cut
                && plies == limit
            {
                return score(game, &position);
            }
            if let Some(result) = game.result(&position) {
                return value(result);
            }
            game.legal_moves(&position, &mut self.moves);
            let pick = crate::rng::below(rng, self.moves.len() as u64) as usize;
            game.advance(&mut position, &self.moves[pick]);
            plies += 1;
        }
    }
}

/// Which untried move a node reached by the selection gets as its new child.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expansion {
    /// The first untried move in the game's generator order; draws nothing.
    InOrder,
    /// A uniformly random untried move: one draw over the untried moves in generator order.
    Random,
}

/// The search's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Uct {
    /// Simulations per search (OpenSpiel's `max_simulations`).
    pub simulations: u32,
    /// The exploration constant `c` of UCB1 (OpenSpiel's `uct_c`); √2 for rewards in [0, 1].
    pub exploration: f64,
    pub expansion: Expansion,
}

/// No node: the root's parent, a leaf's first child, a last child's next sibling.
const NONE: usize = usize::MAX;

/// A node of the tree. The tree is a vector of nodes and the nodes' untried moves one vector
/// of moves, so that adding a node allocates nothing once the search is warm.
struct Node<G: Game> {
    position: G::Position,
    parent: usize,
    /// The move from the parent; `None` at the root.
    mv: Option<G::Move>,
    /// The legal moves not yet expanded, in generator order, are `store[untried]` of the
    /// search's move store; empty when the game is over.
    untried: Range<usize>,
    /// The children in the order they were added: a list through `next_sibling`.
    first_child: usize,
    last_child: usize,
    next_sibling: usize,
    visits: u32,
    /// Sum of the values for the seat that moved into this node.
    reward: f64,
}

/// A search's tree and its scratch space.
struct Tree<G: Game> {
    nodes: Vec<Node<G>>,
    store: Vec<G::Move>,
    legal: Vec<G::Move>,
}

impl<G: Game> Tree<G> {
    /// Adds the node of `position`, reached from `parent` by `mv`, as `parent`'s last child.
    fn add(&mut self, game: &G, position: G::Position, parent: usize, mv: Option<G::Move>) {
        let start = self.store.len();
        if game.result(&position).is_none() {
            game.legal_moves(&position, &mut self.legal);
            self.store.append(&mut self.legal);
        }
        let index = self.nodes.len();
        self.nodes.push(Node {
            position,
            parent,
            mv,
            untried: start..self.store.len(),
            first_child: NONE,
            last_child: NONE,
            next_sibling: NONE,
            visits: 0,
            reward: 0.0,
        });
        if parent != NONE {
            match self.nodes[parent].last_child {
                NONE => self.nodes[parent].first_child = index,
                last => self.nodes[last].next_sibling = index,
            }
            self.nodes[parent].last_child = index;
        }
    }

    /// Takes the `k`-th untried move of `node`, keeping the others in generator order.
    fn take_untried(&mut self, node: usize, k: usize) -> G::Move {
        let start = self.nodes[node].untried.start;
        self.store[start..=start + k].rotate_right(1);
        self.nodes[node].untried.start += 1;
        self.store[start].clone()
    }

    /// The children of `node` in the order they were added.
    fn children(&self, node: usize) -> impl Iterator<Item = usize> + '_ {
        let first = self.nodes[node].first_child;
        std::iter::successors((first != NONE).then_some(first), |&child| {
            let next = self.nodes[child].next_sibling;
            (next != NONE).then_some(next)
        })
    }
}

impl Uct {
    /// UCT with `simulations` simulations, exploration √2 and `expansion`.
    pub fn new(simulations: u32, expansion: Expansion) -> Uct {
        Uct {
            simulations,
            exploration: std::f64::consts::SQRT_2,
            expansion,
        }
    }

    /// The move the search chooses in `root`, which must not be over (see the module docs).
    pub fn search<G: Game>(
        &self,
        game: &G,
        root: &G::Position,
        evaluator: &mut impl Evaluator<G>,
        rng: &mut dyn Rng,
    ) -> G::Move {
        let mut tree = Tree {
            nodes: Vec::with_capacity(self.simulations as usize + 1),
            store: Vec::new(),
            legal: Vec::new(),
        };
        tree.add(game, root.clone(), NONE, None);
        assert!(!tree.nodes[0].untried.is_empty(), "the game is over");
        for simulation in 0..self.simulations {
            // Asked to stop (its client went away): the tree so far decides.
            if simulation % 64 == 63 && super::cancel::requested() {
                break;
            }
            let mut node = 0;
            while tree.nodes[node].untried.is_empty() && tree.nodes[node].first_child != NONE {
                node = self.select(&tree, node);
            }
            let untried = tree.nodes[node].untried.len();
            if untried != 0 {
                let k = match self.expansion {
                    Expansion::InOrder => 0,
                    Expansion::Random => crate::rng::below(rng, untried as u64) as usize,
                };
                let mv = tree.take_untried(node, k);
                let position = game.play(&tree.nodes[node].position, &mv);
                tree.add(game, position, node, Some(mv));
                node = tree.nodes.len() - 1;
            }
            let first_value = evaluator.evaluate(game, &tree.nodes[node].position, rng);
            loop {
                let entry = &mut tree.nodes[node];
                entry.visits += 1;
                entry.reward += match game.to_move(&entry.position).other() {
                    Seat::First => first_value,
                    Seat::Second => 1.0 - first_value,
                };
                if node == 0 {
                    break;
                }
                node = entry.parent;
            }
        }
        let mut best = NONE;
        for child in tree.children(0) {
            if best == NONE || tree.nodes[child].visits > tree.nodes[best].visits {
                best = child;
            }
        }
        let best = tree.nodes.get(best).expect("at least one simulation");
        best.mv.clone().expect("a child has a move")
    }

    /// The child of `node` with the largest UCB1 score, the first such in the order added.
    fn select<G: Game>(&self, tree: &Tree<G>, node: usize) -> usize {
        let log_visits = (tree.nodes[node].visits as f64).ln();
        let (mut best, mut best_score) = (NONE, f64::NEG_INFINITY);
        for child in tree.children(node) {
            let entry = &tree.nodes[child];
            let visits = entry.visits as f64;
            let score = entry.reward / visits + self.exploration * (log_visits / visits).sqrt();
            if score > best_score {
                (best, best_score) = (child, score);
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::tests::Nim;

    #[test]
    fn uct_takes_what_leaves_a_multiple_of_three_in_nim() {
        // From 7, 8, 10 and 11 tokens the only winning move leaves 6 or 9.
        for expansion in [Expansion::InOrder, Expansion::Random] {
            for (heap, take) in [(7, 1), (8, 2), (10, 1), (11, 2)] {
                for index in 0..3 {
                    let mut rng = crate::rng::stream(5, "uct nim", index);
                    let uct = Uct::new(2000, expansion);
                    let mv = uct.search(
                        &Nim(heap),
                        &(heap, Seat::First),
                        &mut Rollout::to_the_end(),
                        &mut rng,
                    );
                    assert_eq!(mv, take, "{expansion:?}, heap {heap}, stream {index}");
                }
            }
        }
    }

    /// Values a Nim position exactly: the side to move loses on a multiple of three.
    fn exact(_: &Nim, position: &(u8, Seat)) -> f64 {
        let mover_wins = !position.0.is_multiple_of(3);
        if mover_wins == (position.1 == Seat::First) {
            1.0
        } else {
            0.0
        }
    }

    #[test]
    fn a_cut_rollout_scores_the_position_where_it_stops() {
        // Cut at 0 plies the evaluator is the exact value: every simulation after the first
        // two backs up the truth, and the search needs no randomness at all in order.
        let mut rng = crate::rng::stream(6, "uct cut", 0);
        let before = rng.clone();
        let uct = Uct::new(50, Expansion::InOrder);
        let mv = uct.search(
            &Nim(20),
            &(20, Seat::First),
            &mut Rollout::cut(0, exact),
            &mut rng,
        );
        assert_eq!(mv, 2);
        assert_eq!(rng, before, "in order, a cut at 0 draws nothing");
        // The value of a finished game comes from its result even with a cut.
        let mut cut = Rollout::cut(5, |_: &Nim, _: &(u8, Seat)| 0.5);
        assert_eq!(cut.evaluate(&Nim(0), &(0, Seat::Second), &mut rng), 1.0);
        assert_eq!(cut.evaluate(&Nim(30), &(30, Seat::First), &mut rng), 0.5);
    }

    #[test]
    fn the_most_visited_move_wins_and_ties_go_to_the_first_expanded() {
        // One simulation per root move: every child has one visit, so the first expanded
        // wins, which in order is the generator's first move and at random a drawn one.
        let mut rng = crate::rng::stream(7, "uct ties", 0);
        let in_order = Uct::new(2, Expansion::InOrder);
        let mut draw_free = Rollout::cut(0, |_: &Nim, _: &(u8, Seat)| 0.5);
        assert_eq!(
            in_order.search(&Nim(9), &(9, Seat::First), &mut draw_free, &mut rng),
            1
        );
        let mut firsts = [0; 3];
        for index in 0..40 {
            let mut rng = crate::rng::stream(7, "uct ties", index);
            let random = Uct::new(2, Expansion::Random);
            let mv = random.search(&Nim(9), &(9, Seat::First), &mut draw_free, &mut rng);
            firsts[mv as usize] += 1;
        }
        assert!(firsts[1] > 5 && firsts[2] > 5, "{firsts:?}");
    }
}
