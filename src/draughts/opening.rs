//! Openings for matches between bots: a random first move for each side.
//!
//! Deterministic bots (alphabeta at a fixed depth breaks ties at random, but a greedy or deep
//! search often has one best move) would otherwise replay nearly the same game again and
//! again. The issue that asked for bot matches suggests "openings varied by a random first
//! move for each side (or a fixed list of ballots)"; this is the first reading: White's first
//! move is uniform among its 7 legal moves at the start, then Black's reply uniform among its
//! legal replies, so [`OPENING_PLIES`] = 2 plies and 7 × 7 = 49 openings.
//!
//! Opening `k` is drawn from its own stream, `rng::stream(seed, "draughts:opening", k)`,
//! which depends on neither the pairing nor the seats. In a match, game `i` is played from
//! opening `i / 2` ([`opening_of_game`]), so games `2k` and `2k + 1`, which swap the colours,
//! start from the same position; and every pairing meets the same sequence of openings.

use super::game::{Draughts, GamePosition};
use super::moves::Move;
use crate::game::Game;

/// Plies of an opening: one move for each side.
pub const OPENING_PLIES: usize = 2;

/// The label of the openings' random streams.
pub const OPENING_STREAM: &str = "draughts:opening";

/// Opening number `k` under master seed `seed`: its moves, in order.
pub fn opening(game: &Draughts, seed: u64, k: u64) -> Vec<Move> {
    let mut rng = crate::rng::stream(seed, OPENING_STREAM, k);
    let mut position = game.start();
    let mut moves = Vec::new();
    let mut legal = Vec::new();
    for _ in 0..OPENING_PLIES {
        if game.result(&position).is_some() {
            break;
        }
        game.legal_moves(&position, &mut legal);
        let mv = legal[crate::rng::below(&mut rng, legal.len() as u64) as usize];
        position = game.play(&position, &mv);
        moves.push(mv);
    }
    moves
}

/// The opening of game `index` of a match: opening `index / 2`, shared by the two games that
/// swap the colours.
pub fn opening_of_game(game: &Draughts, seed: u64, index: u64) -> Vec<Move> {
    opening(game, seed, index / 2)
}

/// The position after `moves` from the start, with the draw rules' history.
pub fn position_after(game: &Draughts, moves: &[Move]) -> GamePosition {
    moves
        .iter()
        .fold(game.start(), |position, mv| game.play(&position, mv))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::Rules;
    use std::collections::BTreeSet;

    #[test]
    fn games_swapping_colours_share_an_opening_and_openings_vary() {
        let game = Draughts::new(Rules::Czech);
        let mut seen = BTreeSet::new();
        for k in 0..200 {
            let first = opening_of_game(&game, 7, 2 * k);
            assert_eq!(first, opening_of_game(&game, 7, 2 * k + 1));
            assert_eq!(first, opening(&game, 7, k));
            assert_eq!(first.len(), OPENING_PLIES);
            let text: Vec<String> = first.iter().map(|m| m.to_string()).collect();
            seen.insert(text.join(" "));
        }
        // 200 draws from 49 equally likely openings miss one with probability below 49 ×
        // (48/49)^200 ≈ 0.8%, and at least 40 are seen except with a far smaller chance.
        assert!(seen.len() >= 40, "only {} openings", seen.len());
        assert!(seen.contains("c3-d4 f6-e5"), "{seen:?}");
    }

    #[test]
    fn an_opening_is_a_function_of_the_seed_and_its_number() {
        let game = Draughts::new(Rules::Czech);
        let a: Vec<Vec<Move>> = (0..20).map(|k| opening(&game, 1, k)).collect();
        let b: Vec<Vec<Move>> = (0..20).map(|k| opening(&game, 1, k)).collect();
        let c: Vec<Vec<Move>> = (0..20).map(|k| opening(&game, 2, k)).collect();
        assert_eq!(a, b);
        assert_ne!(a, c);
        let position = position_after(&game, &a[0]);
        assert_eq!(position.plies, 2);
        assert_eq!(game.to_move(&position), crate::game::Seat::First);
    }
}
