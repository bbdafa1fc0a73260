//! Monte Carlo tree search with UCT (Kocsis and Szepesvári 2006): `N` playouts per move, each
//! selecting down the tree by UCB1 with exploration constant √2, expanding one untried move
//! chosen at random, finishing the game with uniformly random moves and backing up 1 for a
//! win, ½ for a draw and 0 for a loss of the seat that moved into each node. The move played
//! is the root's most visited child (the first expanded on ties). All randomness comes from the
//! player's stream for the game, so a game is reproducible from its seed.

use super::game::NumberGame;
use super::position::Position;
use crate::game::GameResult;
use rand_core::Rng;

struct Node {
    position: Position,
    parent: usize,
    mv: u8,
    untried: u16,
    children: Vec<usize>,
    visits: u32,
    reward: f64,
}

/// A uniformly random number of the non-empty `mask`.
#[inline(always)]
pub fn pick(mask: u16, rng: &mut dyn Rng) -> u8 {
    let k = crate::rng::below(rng, mask.count_ones() as u64) as u32;
    super::numbers::nth(mask, k)
}

/// The reward of `result` for the seat that moved into `position`.
fn reward(result: GameResult, position: &Position) -> f64 {
    (result.score_for(position.to_move.other()) as f64 + 1.0) / 2.0
}

/// UCT's move in `root` (not over) after `playouts` playouts.
pub fn choose<G: NumberGame>(game: &G, root: &Position, playouts: u32, rng: &mut dyn Rng) -> u8 {
    let legal = game.legal_mask(root);
    if legal.count_ones() == 1 {
        return legal.trailing_zeros() as u8 + 1;
    }
    let mut tree = vec![Node {
        position: *root,
        parent: usize::MAX,
        mv: 0,
        untried: legal,
        children: Vec::new(),
        visits: 0,
        reward: 0.0,
    }];
    for _ in 0..playouts {
        let mut node = 0;
        while tree[node].untried == 0 && !tree[node].children.is_empty() {
            node = select_child(&tree, node);
        }
        if tree[node].untried != 0 {
            let mv = pick(tree[node].untried, rng);
            tree[node].untried &= !super::numbers::bit(mv);
            let position = tree[node].position.with(mv);
            let child = tree.len();
            tree.push(Node {
                position,
                parent: node,
                mv,
                untried: game.legal_mask(&position),
                children: Vec::new(),
                visits: 0,
                reward: 0.0,
            });
            tree[node].children.push(child);
            node = child;
        }
        let result = playout(game, tree[node].position, rng);
        loop {
            tree[node].visits += 1;
            tree[node].reward += reward(result, &tree[node].position);
            if node == 0 {
                break;
            }
            node = tree[node].parent;
        }
    }
    let best = tree[0]
        .children
        .iter()
        .copied()
        .fold(None::<usize>, |best, child| match best {
            Some(b) if tree[b].visits >= tree[child].visits => Some(b),
            _ => Some(child),
        })
        .expect("at least one playout");
    tree[best].mv
}

fn select_child(tree: &[Node], node: usize) -> usize {
    let log_visits = (tree[node].visits as f64).ln();
    let ucb = |child: usize| {
        let c = &tree[child];
        c.reward / c.visits as f64 + (2.0 * log_visits / c.visits as f64).sqrt()
    };
    tree[node]
        .children
        .iter()
        .copied()
        .fold((usize::MAX, f64::NEG_INFINITY), |(best, score), child| {
            let s = ucb(child);
            if s > score { (child, s) } else { (best, score) }
        })
        .0
}

/// Finishes the game from `position` with uniformly random moves.
fn playout<G: NumberGame>(game: &G, mut position: Position, rng: &mut dyn Rng) -> GameResult {
    loop {
        if let Some(result) = game.result(&position) {
            return result;
        }
        position = position.with(pick(game.legal_mask(&position), rng));
    }
}
