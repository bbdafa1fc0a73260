//! The one game loop: two bots play a game from the start, every move checked against the
//! legal ones before it is played.
//!
//! Everything that plays bot against bot goes through [`play_game`]: the match study
//! (`boardlab run`), the command line (`boardlab fifteen bench`, `boardlab draughts games`) and
//! the tests. It follows OpenSpiel's `evaluate_bots`: ask the seat to move for an action,
//! apply it, until the state is terminal. A move that is not legal is never played and never
//! panics: the loop stops with an [`IllegalMove`] that names the player, the move and the
//! position, so that a faulty bot ends a run with a message rather than a crash. A player
//! that forfeits ([`Player::try_choose`], an engine in another process) loses the game
//! instead: the game ends there, its fault kept in [`GameBuffers::forfeit`].

use super::{Forfeit, Game, GameResult, Player, Seat};
use rand_core::Rng;
use std::fmt;

/// Who made the moves of a given opening, in [`IllegalMove::player`].
pub const OPENING: &str = "the opening";

/// A move that is not legal in the position it was chosen for.
pub struct IllegalMove<G: Game> {
    /// The name of the player that chose it, or [`OPENING`] for a move of the opening.
    pub player: String,
    /// Moves played before it.
    pub ply: usize,
    pub mv: G::Move,
    pub position: G::Position,
}

impl<G: Game> fmt::Display for IllegalMove<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} chose the illegal move {} at ply {} in {:?}",
            self.player, self.mv, self.ply, self.position
        )
    }
}

impl<G: Game> fmt::Debug for IllegalMove<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("IllegalMove")
            .field("player", &self.player)
            .field("ply", &self.ply)
            .field("mv", &self.mv)
            .field("position", &self.position)
            .finish()
    }
}

impl<G: Game> std::error::Error for IllegalMove<G> {}

/// Plays one game from the start: first the `opening` moves, then `players[0]` in the first
/// seat and `players[1]` in the second, each drawing from its own stream in `rngs`. Returns
/// the result and every move in order, the opening's included, or the first illegal move.
pub fn play_game<G: Game>(
    game: &G,
    opening: &[G::Move],
    players: [&mut dyn Player<G>; 2],
    rngs: [&mut dyn Rng; 2],
) -> Result<(GameResult, Vec<G::Move>), IllegalMove<G>> {
    let mut buffers = GameBuffers::default();
    let result = play_game_with(game, opening, players, rngs, &mut buffers, &|| false)?;
    Ok((
        result.expect("a game that is never stopped ends"),
        buffers.moves,
    ))
}

/// The lists a game is played with, kept from one game to the next by whoever plays many
/// (the match study plays millions of games of microseconds, where allocating them per game
/// would cost a fifth of the time).
pub struct GameBuffers<G: Game> {
    /// The moves of the last game played, in order.
    pub moves: Vec<G::Move>,
    /// The seat that forfeited the last game and why, if it ended so (its result is then
    /// the other seat's win).
    pub forfeit: Option<(Seat, Forfeit)>,
    legal: Vec<G::Move>,
}

impl<G: Game> Default for GameBuffers<G> {
    fn default() -> Self {
        GameBuffers {
            moves: Vec::new(),
            forfeit: None,
            legal: Vec::new(),
        }
    }
}

/// [`play_game`] with the moves left in `buffers.moves` (emptied first), asking `stop`
/// before every move: when it says yes the game is given up and the result is `None` (so
/// that Ctrl-C need not wait for a game of slow bots to end). A player's forfeit ends the
/// game as the other seat's win, with the forfeit in `buffers.forfeit`.
pub fn play_game_with<G: Game>(
    game: &G,
    opening: &[G::Move],
    players: [&mut dyn Player<G>; 2],
    rngs: [&mut dyn Rng; 2],
    buffers: &mut GameBuffers<G>,
    stop: &dyn Fn() -> bool,
) -> Result<Option<GameResult>, IllegalMove<G>> {
    let [first, second] = players;
    let [first_rng, second_rng] = rngs;
    let mut position = game.start();
    let GameBuffers {
        moves: history,
        forfeit,
        legal,
    } = buffers;
    history.clear();
    *forfeit = None;
    loop {
        if let Some(result) = game.result(&position) {
            return Ok(Some(result));
        }
        if stop() {
            return Ok(None);
        }
        let seat = game.to_move(&position);
        let from_opening = history.len() < opening.len();
        if !from_opening {
            crate::output::faults::before_bot_move();
        }
        let chosen = match (from_opening, seat) {
            (true, _) => Ok(opening[history.len()].clone()),
            (false, Seat::First) => first.try_choose(game, &position, first_rng),
            (false, Seat::Second) => second.try_choose(game, &position, second_rng),
        };
        let mv = match chosen {
            Ok(mv) => mv,
            Err(given_up) => {
                *forfeit = Some((seat, given_up));
                return Ok(Some(GameResult::Win(seat.other())));
            }
        };
        game.legal_moves(&position, legal);
        if !legal.contains(&mv) {
            return Err(IllegalMove {
                player: match (from_opening, seat) {
                    (true, _) => OPENING.to_string(),
                    (false, Seat::First) => first.name(),
                    (false, Seat::Second) => second.name(),
                },
                ply: history.len(),
                mv,
                position,
            });
        }
        game.advance(&mut position, &mv);
        history.push(mv);
    }
}
