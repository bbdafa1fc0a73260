//! The random player: a uniformly random legal move.

use crate::game::{Game, Player};
use rand_core::Rng;

pub struct RandomBot;

impl<G: Game> Player<G> for RandomBot {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, game: &G, position: &G::Position, rng: &mut dyn Rng) -> G::Move {
        let mut moves = Vec::new();
        game.legal_moves(position, &mut moves);
        moves.swap_remove(crate::rng::below(rng, moves.len() as u64) as usize)
    }
}
