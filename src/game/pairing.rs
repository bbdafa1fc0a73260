//! Game `i` of a pairing: who sits where, which random streams the bots draw from, and the
//! opening. This is the one seeding scheme of bot-against-bot games, so that game `i` of a
//! pairing is the same game in `boardlab run` (the match study, [`super::matches::study`]),
//! in `boardlab draughts games`, in `boardlab fifteen bench` and in the tests.
//!
//! For pairing `a-vs-b` ([`label`]) under master seed `seed`:
//!
//! - **Seats.** `a` takes the first seat when `i` is even, `b` when it is odd.
//! - **Streams.** The first seat draws from `rng::stream(seed, "a-vs-b", i)`, the second from
//!   the same stream advanced by one Xoshiro jump (2¹²⁸ outputs, so the two never overlap).
//! - **Opening.** With `opening-plies` = n > 0, the first n moves are uniformly random legal
//!   moves (fewer if the game ends), one [`crate::rng::below`] draw a ply from
//!   `rng::stream(seed, "a-vs-b/opening", i / 2)`: games 2k and 2k+1 open alike with the
//!   seats swapped, so that no bot owes a result to its seat in an opening.
//!
//! The streams are those of [`crate::rng`]; the game itself is played by
//! [`super::play_game`].

use super::{Game, GameBuffers, GameResult, IllegalMove, Player, play_game, play_game_with};
use crate::rng::DefaultRng;
use rand_core::{Rng, SeedableRng};

/// The label of the pairing of `a` and `b` (spec names): `a-vs-b`.
pub fn label(a: &str, b: &str) -> String {
    format!("{a}-vs-{b}")
}

/// Game `index` of the pairing `label` under the master `seed`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairingGame<'a> {
    pub seed: u64,
    pub label: &'a str,
    pub index: u64,
}

impl PairingGame<'_> {
    /// Whether the pairing's first-named player `a` takes the first seat (even games).
    pub fn a_first(&self) -> bool {
        self.index.is_multiple_of(2)
    }

    /// `[a, b]` in seat order: the first seat's, then the second's.
    pub fn seated<T>(&self, [a, b]: [T; 2]) -> [T; 2] {
        if self.a_first() { [a, b] } else { [b, a] }
    }

    /// The random streams of the first and the second seat.
    pub fn streams(&self) -> [DefaultRng; 2] {
        let seed = crate::rng::stream_seed(self.seed, self.label, self.index);
        [DefaultRng::from_seed(seed), crate::rng::jumped(seed)]
    }

    /// The stream the opening is drawn from, shared by games 2k and 2k+1.
    pub fn opening_stream(&self) -> DefaultRng {
        let label = format!("{}/opening", self.label);
        crate::rng::stream(self.seed, &label, self.index / 2)
    }

    /// The opening of `plies` random moves (none for 0, without touching a stream).
    pub fn opening<G: Game>(&self, game: &G, plies: u32) -> Vec<G::Move> {
        if plies == 0 {
            return Vec::new();
        }
        random_opening(game, plies, &mut self.opening_stream())
    }

    /// Plays this game: `players` are `[a, b]` in the pairing's order and are seated by
    /// [`PairingGame::seated`]; returns the result (from the first seat) and every move.
    pub fn play<G: Game>(
        &self,
        game: &G,
        opening_plies: u32,
        players: [&mut dyn Player<G>; 2],
    ) -> Result<(GameResult, Vec<G::Move>), IllegalMove<G>> {
        let opening = self.opening(game, opening_plies);
        let [first_rng, second_rng] = &mut self.streams();
        play_game(
            game,
            &opening,
            self.seated(players),
            [first_rng, second_rng],
        )
    }

    /// [`PairingGame::play`] with the moves left in `buffers.moves`, given up (`None`) when
    /// `stop` says yes before a move ([`play_game_with`]).
    pub fn play_with<G: Game>(
        &self,
        game: &G,
        opening_plies: u32,
        players: [&mut dyn Player<G>; 2],
        buffers: &mut GameBuffers<G>,
        stop: &dyn Fn() -> bool,
    ) -> Result<Option<GameResult>, IllegalMove<G>> {
        let opening = self.opening(game, opening_plies);
        self.play_from(game, &opening, players, buffers, stop)
    }

    /// [`PairingGame::play_with`] from the given `opening` moves instead of random ones.
    pub fn play_from<G: Game>(
        &self,
        game: &G,
        opening: &[G::Move],
        players: [&mut dyn Player<G>; 2],
        buffers: &mut GameBuffers<G>,
        stop: &dyn Fn() -> bool,
    ) -> Result<Option<GameResult>, IllegalMove<G>> {
        let [first_rng, second_rng] = &mut self.streams();
        play_game_with(
            game,
            opening,
            self.seated(players),
            [first_rng, second_rng],
            buffers,
            stop,
        )
    }
}

/// Up to `plies` uniformly random legal moves from the start, fewer if the game ends.
pub fn random_opening<G: Game>(game: &G, plies: u32, rng: &mut dyn Rng) -> Vec<G::Move> {
    let mut position = game.start();
    let (mut moves, mut legal) = (Vec::new(), Vec::new());
    for _ in 0..plies {
        if game.result(&position).is_some() {
            break;
        }
        game.legal_moves(&position, &mut legal);
        let mv = legal[crate::rng::below(rng, legal.len() as u64) as usize].clone();
        game.advance(&mut position, &mv);
        moves.push(mv);
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Seat;
    use crate::game::tests::Nim;

    /// Writes down the first number its stream gives and takes one token.
    struct Recorder(Vec<u64>, &'static str);

    impl Player<Nim> for Recorder {
        fn name(&self) -> String {
            self.1.to_string()
        }
        fn choose(&mut self, _: &Nim, _: &(u8, Seat), rng: &mut dyn Rng) -> u8 {
            self.0.push(rng.next_u64());
            1
        }
    }

    #[test]
    fn seats_alternate_and_each_seat_draws_from_its_stream() {
        for index in [0, 1, 6, 7] {
            let game = PairingGame {
                seed: 9,
                label: "a-vs-b",
                index,
            };
            let (mut a, mut b) = (Recorder(Vec::new(), "a"), Recorder(Vec::new(), "b"));
            game.play(&Nim(12), 0, [&mut a, &mut b]).unwrap();
            let mut first = crate::rng::stream(9, "a-vs-b", index);
            let mut second = crate::rng::stream(9, "a-vs-b", index);
            second.jump();
            let first: Vec<u64> = (0..6).map(|_| first.next_u64()).collect();
            let second: Vec<u64> = (0..6).map(|_| second.next_u64()).collect();
            let (a_seat, b_seat) = if index % 2 == 0 {
                (first, second)
            } else {
                (second, first)
            };
            assert_eq!((a.0, b.0), (a_seat, b_seat), "game {index}");
        }
    }

    #[test]
    fn games_two_k_and_two_k_plus_one_share_their_opening() {
        let at = |index| PairingGame {
            seed: 4,
            label: "a-vs-b",
            index,
        };
        let opening = at(6).opening(&Nim(12), 5);
        assert_eq!(opening, at(7).opening(&Nim(12), 5));
        let mut rng = crate::rng::stream(4, "a-vs-b/opening", 3);
        assert_eq!(opening, random_opening(&Nim(12), 5, &mut rng));
        assert!(at(0).opening(&Nim(12), 0).is_empty());
        // An opening longer than the game stops at its end.
        assert_eq!(at(0).opening(&Nim(12), 20).iter().sum::<u8>(), 12);
        assert_eq!(label("x", "y"), "x-vs-y");
    }
}
