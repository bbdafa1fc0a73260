//! `mcts:N`: Monte Carlo tree search (UCT, Kocsis and Szepesvári 2006) with N playouts per
//! move.
//!
//! Each playout descends the tree by the UCB1 rule (exploration constant √2, rewards in
//! [0, 1]), adds one new node (the first untried move of the node reached, in generator
//! order), then plays uniformly random moves from it for at most [`PLAYOUT_PLIES`] plies. A
//! side without a move has lost (reward 1 or 0); a playout cut at the limit scores 1, ½ or 0
//! by the sign of the material evaluation ([`super::eval`]). The move played is the root
//! child visited most (the first such in generator order). Draw rules are not simulated.
//! All randomness comes from the game's random stream.

use super::eval::evaluate;
use crate::draughts::board::{Board, Color};
use crate::draughts::game::{Draughts, GamePosition};
use crate::draughts::movegen::legal_moves;
use crate::draughts::moves::Move;
use crate::draughts::rules::Rules;
use crate::game::{Game, Player};
use rand_core::Rng;

/// Random plies per playout before the material decides.
pub const PLAYOUT_PLIES: u32 = 200;
const EXPLORATION: f64 = std::f64::consts::SQRT_2;

struct Node {
    board: Board,
    moves: Vec<Move>,
    /// Child node per move; `None` until tried.
    children: Vec<Option<usize>>,
    visits: u32,
    /// Sum of rewards for the side that moved into this node.
    reward: f64,
}

impl Node {
    fn new(board: Board, rules: Rules) -> Node {
        let mut moves = Vec::new();
        legal_moves(&board, rules, &mut moves);
        let children = vec![None; moves.len()];
        Node {
            board,
            moves,
            children,
            visits: 0,
            reward: 0.0,
        }
    }
}

pub struct Mcts {
    playouts: u32,
}

impl Mcts {
    pub fn new(playouts: u32) -> Mcts {
        Mcts { playouts }
    }

    /// The most visited root move after this bot's playouts from `board`.
    pub fn best_move(&self, board: &Board, rules: Rules, rng: &mut dyn Rng) -> Move {
        let mut tree = vec![Node::new(*board, rules)];
        assert!(!tree[0].moves.is_empty(), "the game is over");
        for _ in 0..self.playouts {
            let path = descend(&mut tree, rules);
            let leaf = &tree[*path.last().expect("the path starts at the root")];
            let white_reward = playout(&leaf.board, rules, rng);
            for &index in &path {
                let node = &mut tree[index];
                node.visits += 1;
                node.reward += match node.board.side.other() {
                    Color::White => white_reward,
                    Color::Black => 1.0 - white_reward,
                };
            }
        }
        let root = &tree[0];
        let visits = |i: usize| root.children[i].map_or(0, |c| tree[c].visits);
        let best = (0..root.moves.len())
            .fold(0, |best, i| if visits(i) > visits(best) { i } else { best });
        root.moves[best]
    }
}

/// Selection and expansion: the path from the root to the new (or terminal) node.
fn descend(tree: &mut Vec<Node>, rules: Rules) -> Vec<usize> {
    let mut path = vec![0];
    let mut index = 0;
    loop {
        let node = &tree[index];
        if node.moves.is_empty() {
            return path;
        }
        if let Some(untried) = node.children.iter().position(Option::is_none) {
            let child = Node::new(node.board.play(&node.moves[untried]), rules);
            tree.push(child);
            let child_index = tree.len() - 1;
            tree[index].children[untried] = Some(child_index);
            path.push(child_index);
            return path;
        }
        let parent_visits = (node.visits.max(1) as f64).ln();
        let score = |c: usize| {
            let child = &tree[c];
            let visits = child.visits.max(1) as f64;
            child.reward / visits + EXPLORATION * (parent_visits / visits).sqrt()
        };
        let mut best = node.children[0].expect("all children tried");
        for child in node.children.iter().flatten() {
            if score(*child) > score(best) {
                best = *child;
            }
        }
        index = best;
        path.push(index);
    }
}

/// White's reward (1 win, ½ level, 0 loss) of a random playout from `board`.
fn playout(board: &Board, rules: Rules, rng: &mut dyn Rng) -> f64 {
    let mut board = *board;
    let mut moves = Vec::new();
    for _ in 0..PLAYOUT_PLIES {
        legal_moves(&board, rules, &mut moves);
        if moves.is_empty() {
            return if board.side == Color::White { 0.0 } else { 1.0 };
        }
        let mv = moves[crate::rng::below(rng, moves.len() as u64) as usize];
        board = board.play(&mv);
    }
    let white_view = match board.side {
        Color::White => evaluate(&board, rules),
        Color::Black => -evaluate(&board, rules),
    };
    match white_view.signum() {
        1 => 1.0,
        -1 => 0.0,
        _ => 0.5,
    }
}

impl Player<Draughts> for Mcts {
    fn name(&self) -> String {
        format!("mcts:{}", self.playouts)
    }

    fn choose(&mut self, game: &Draughts, position: &GamePosition, rng: &mut dyn Rng) -> Move {
        let mut moves = Vec::new();
        game.legal_moves(position, &mut moves);
        if moves.len() == 1 {
            return moves[0];
        }
        self.best_move(&position.board, game.rules, rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::parse_fen;

    #[test]
    fn it_finds_the_move_that_leaves_black_without_a_move() {
        // a5-b6 blocks Black's last man on a7 (c5 covers the capture); c5-b6 would be taken.
        let board = parse_fen("W:Wa5,c5:Ba7").unwrap();
        for index in 0..3 {
            let mut rng = crate::rng::stream(1, "test", index);
            let mv = Mcts::new(200).best_move(&board, Rules::Czech, &mut rng);
            assert_eq!(mv.to_string(), "a5-b6");
        }
    }
}
