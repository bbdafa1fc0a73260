//! The random player: a uniformly random legal move.

use crate::draughts::game::{Draughts, GamePosition};
use crate::draughts::moves::Move;
use crate::game::{Game, Player};
use rand_core::Rng;

pub struct RandomBot;

impl Player<Draughts> for RandomBot {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, game: &Draughts, position: &GamePosition, rng: &mut dyn Rng) -> Move {
        let mut moves = Vec::new();
        game.legal_moves(position, &mut moves);
        moves[crate::rng::below(rng, moves.len() as u64) as usize]
    }
}
