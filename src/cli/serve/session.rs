//! One game in the browser: each seat a person or a bot, every position kept so that a move
//! can be taken back, and the bots seeded exactly as the command line seeds them:
//!
//! - two bots: the streams of game 0 of the pairing `first-vs-second` ([`PairingGame`]), so
//!   the game is row 0 of `boardlab draughts games FIRST SECOND --seed S` (or `fifteen games`);
//! - a person against a bot: the bot draws from the stream `(S, "<game>/play", 0)`, as in
//!   `boardlab draughts play --seed S` (or `fifteen play`);
//! - two persons: no stream is drawn from.
//!
//! Taking a move back restores the streams too, so a bot asked again plays what it played.

use super::ApiError;
use crate::game::matches::{BoxedPlayer, MatchGame};
use crate::game::pairing::{PairingGame, label};
use crate::game::{Game, GameResult, Seat};
use crate::rng::DefaultRng;

/// Who sits in a seat: a person at the page, or a bot by its spec name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sitter {
    Person,
    Bot(String),
}

impl Sitter {
    /// `person` or the bot's name.
    pub fn name(&self) -> &str {
        match self {
            Sitter::Person => "person",
            Sitter::Bot(name) => name,
        }
    }
}

/// A position and the seats' streams as they were when it was reached.
#[derive(Clone)]
struct Snapshot<P> {
    position: P,
    streams: [DefaultRng; 2],
}

pub struct Session<G: Game> {
    pub game: G,
    pub seats: [Sitter; 2],
    pub seed: u64,
    /// `snapshots[k]` is the position after `moves[..k]`; the first is the start.
    snapshots: Vec<Snapshot<G::Position>>,
    pub moves: Vec<G::Move>,
}

/// A bot's turn taken out of the store, to be thought about without holding it.
pub struct BotTurn<G: Game> {
    game: G,
    name: String,
    position: G::Position,
    stream: DefaultRng,
    /// Moves played when the turn was taken: the move applies only if none was played since.
    ply: usize,
}

impl<G: MatchGame + Clone> BotTurn<G> {
    /// The bot's choice and its stream after choosing (runs the engine).
    pub fn think(mut self) -> Result<(usize, G::Move, DefaultRng), ApiError> {
        let mut player: BoxedPlayer<G> = self
            .game
            .player(&self.name)
            .map_err(ApiError::bad_request)?;
        let mv = player.choose(&self.game, &self.position, &mut self.stream);
        Ok((self.ply, mv, self.stream))
    }
}

impl<G: MatchGame + Clone> Session<G> {
    /// A game of `game` from `start` between `seats`, seeded by `seed` as the module says;
    /// `play_label` is the label of the command line's `play` stream (`draughts/play`).
    pub fn new(
        game: G,
        start: G::Position,
        seats: [Sitter; 2],
        seed: u64,
        play_label: &str,
    ) -> Session<G> {
        let streams = match &seats {
            [Sitter::Bot(first), Sitter::Bot(second)] => PairingGame {
                seed,
                label: &label(first, second),
                index: 0,
            }
            .streams(),
            _ => {
                let stream = crate::rng::stream(seed, play_label, 0);
                [stream.clone(), stream]
            }
        };
        Session {
            game,
            seats,
            seed,
            snapshots: vec![Snapshot {
                position: start,
                streams,
            }],
            moves: Vec::new(),
        }
    }

    pub fn position(&self) -> &G::Position {
        &self.current().position
    }

    /// The position after the first `ply` moves.
    pub fn position_at(&self, ply: usize) -> &G::Position {
        &self.snapshots[ply].position
    }

    fn current(&self) -> &Snapshot<G::Position> {
        self.snapshots.last().expect("a session keeps its start")
    }

    pub fn to_move(&self) -> Seat {
        self.game.to_move(self.position())
    }

    pub fn result(&self) -> Option<GameResult> {
        self.game.result(self.position())
    }

    pub fn legal(&self) -> Vec<G::Move> {
        let mut legal = Vec::new();
        if self.result().is_none() {
            self.game.legal_moves(self.position(), &mut legal);
        }
        legal
    }

    /// Plays a person's move (already checked legal by the caller's parser).
    pub fn person_move(&mut self, mv: G::Move) -> Result<(), ApiError> {
        self.check_open()?;
        let seat = self.to_move();
        if let Sitter::Bot(name) = &self.seats[seat.index()] {
            return Err(ApiError::conflict(format!(
                "it is {name}'s turn, not a person's: ask it to move (POST .../bot)"
            )));
        }
        if !self.legal().contains(&mv) {
            return Err(ApiError::bad_request(format!(
                "{mv} is not a legal move here"
            )));
        }
        let streams = self.current().streams.clone();
        self.push(mv, streams);
        Ok(())
    }

    /// The bot to move, to think about outside the store.
    pub fn bot_turn(&self) -> Result<BotTurn<G>, ApiError> {
        self.check_open()?;
        let seat = self.to_move();
        let Sitter::Bot(name) = &self.seats[seat.index()] else {
            return Err(ApiError::conflict(
                "it is a person's turn, not a bot's: send a move (POST .../move)",
            ));
        };
        Ok(BotTurn {
            game: self.game.clone(),
            name: name.clone(),
            position: self.position().clone(),
            stream: self.current().streams[seat.index()].clone(),
            ply: self.moves.len(),
        })
    }

    /// Plays the bot's choice made at `ply`, its stream now `stream`.
    pub fn bot_move(
        &mut self,
        ply: usize,
        mv: G::Move,
        stream: DefaultRng,
    ) -> Result<(), ApiError> {
        if ply != self.moves.len() {
            return Err(ApiError::conflict(
                "the game changed while the bot was thinking (a move or an undo): ask again",
            ));
        }
        if !self.legal().contains(&mv) {
            return Err(ApiError::internal(format!(
                "the bot chose the illegal move {mv}"
            )));
        }
        let seat = self.to_move();
        let mut streams = self.current().streams.clone();
        streams[seat.index()] = stream;
        self.push(mv, streams);
        Ok(())
    }

    /// Takes moves back: to the last position where a person was to move (at least one
    /// move), or one move when both seats are bots.
    pub fn undo(&mut self) -> Result<(), ApiError> {
        if self.moves.is_empty() {
            return Err(ApiError::conflict("no move to take back"));
        }
        let has_person = self.seats.contains(&Sitter::Person);
        loop {
            self.snapshots.pop();
            self.moves.pop();
            let person_to_move = self.seats[self.to_move().index()] == Sitter::Person;
            if !has_person || person_to_move || self.moves.is_empty() {
                return Ok(());
            }
        }
    }

    fn push(&mut self, mv: G::Move, streams: [DefaultRng; 2]) {
        let position = self.game.play(self.position(), &mv);
        self.snapshots.push(Snapshot { position, streams });
        self.moves.push(mv);
    }

    fn check_open(&self) -> Result<(), ApiError> {
        match self.result() {
            Some(_) => Err(ApiError::conflict(
                "the game is over: start a new one or take a move back",
            )),
            None => Ok(()),
        }
    }
}

/// `"first"` or `"second"`.
pub fn seat_name(seat: Seat) -> &'static str {
    match seat {
        Seat::First => "first",
        Seat::Second => "second",
    }
}
