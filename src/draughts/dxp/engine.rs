//! A boardlab bot as a DamExchange engine (`boardlab draughts dxp --bot B`): the follower of
//! the protocol, on one connection at a time, in international draughts.
//!
//! What it answers:
//!
//! - a game request: an acceptance (code 0) naming `boardlab BOT`, or a refusal (code 2, with
//!   a chat line saying why) of a position the rules refuse or a request while a game is on;
//!   then its move when its colour is to move;
//! - a move of the other side: its own move, once the move is checked legal; a game end with
//!   reason 1 (I lose) when it has no move; a move that is not legal is answered with a chat
//!   line and a game end (reason 0), since the game cannot go on;
//! - a game end: a game end back, with the same stop code; stop code 1 ends the engine;
//! - a take-back request: refused (`K1`): boardlab's games are not taken back;
//! - chat, acceptances: ignored (boardlab's bots are bounded by their depth or playouts, not
//!   by the thinking time or Moby Dam's `console` commands).
//!
//! The bot draws from the stream [`crate::draughts::hub::engine::engine_stream`]`(seed)`,
//! anew at every game request, as the Hub engine does at `new-game`: a deterministic bot
//! answers the same moves over either protocol.
//!
//! For tests of the other side, [`Breakage`] turns the engine into a broken one from its
//! n-th search on.

use super::message::{self, Incoming, Message};
use super::position;
use crate::draughts::bots::BotSpec;
use crate::draughts::game::DEFAULT_MAX_PLIES;
use crate::draughts::hub::engine::engine_stream;
use crate::draughts::hub::position::MoveError;
use crate::draughts::variant::game::{VariantGame, VariantPosition};
use crate::draughts::variant::{Variant, matches};
use crate::game::Game;
use crate::game::matches::BoxedPlayer;
use crate::rng::DefaultRng;
use std::io::{self, BufReader};
use std::net::TcpStream;
use std::time::Duration;

/// How a broken engine breaks (a test mode of `draughts dxp`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Breakage {
    /// Answers a well-formed move that is not legal.
    Illegal,
    /// Exits without answering (status 3).
    Crash,
    /// Stops answering anything.
    Hang,
    /// Answers a message that is no DXP message.
    Garbage,
    /// Closes the connection and goes on running (until it is killed, or a minute).
    Drop,
}

crate::names::named_enum!(Breakage, "breakage", {
    Illegal => "illegal",
    Crash => "crash",
    Hang => "hang",
    Garbage => "garbage",
    Drop => "drop",
});

/// What the engine is started with.
#[derive(Clone, Copy, Debug)]
pub struct EngineOptions {
    pub bot: BotSpec,
    pub seed: u64,
    /// Break from search number `broken_after` on (0: the first).
    pub breakage: Option<Breakage>,
    pub broken_after: u32,
}

/// Why the engine stopped serving a connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The other side closed the connection.
    Closed,
    /// A game end with stop code 1: no more games.
    Stopped,
    /// A crash on purpose ([`Breakage::Crash`]).
    Crash,
}

/// The name the engine gives in its acceptances.
pub fn engine_name(bot: BotSpec) -> String {
    format!("boardlab {bot}")
}

struct Engine {
    options: EngineOptions,
    game: VariantGame,
    /// The game in progress: its position and the colour the engine plays.
    playing: Option<(VariantPosition, crate::draughts::board::Color)>,
    player: Option<BoxedPlayer<VariantGame>>,
    rng: DefaultRng,
    searches: u32,
    hung: bool,
}

/// Serves the protocol on `stream` until the other side closes it or stops.
pub fn serve(options: EngineOptions, stream: TcpStream) -> io::Result<Ending> {
    matches::player(&VariantGame::default(), options.bot).map_err(io::Error::other)?;
    stream.set_nodelay(true)?;
    let mut engine = Engine {
        options,
        game: VariantGame::new(Variant::International, DEFAULT_MAX_PLIES),
        playing: None,
        player: None,
        rng: engine_stream(options.seed),
        searches: 0,
        hung: false,
    };
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut out = stream;
    loop {
        let text = match message::read_message(&mut reader)? {
            Incoming::Closed => return Ok(Ending::Closed),
            _ if engine.hung => continue,
            Incoming::Garbage(what) => {
                message::write_message(&mut out, &Message::Chat(format!("ignored {what}")))?;
                continue;
            }
            Incoming::Text(text) => text,
        };
        match Message::parse(&text) {
            Err(e) => message::write_message(&mut out, &Message::Chat(format!("ignored: {e}")))?,
            Ok(message) => {
                if let Some(ending) = engine.answer(&message, &mut out)? {
                    return Ok(ending);
                }
            }
        }
    }
}

impl Engine {
    fn answer(&mut self, message: &Message, out: &mut TcpStream) -> io::Result<Option<Ending>> {
        match message {
            Message::GameRequest {
                follower, setup, ..
            } => return self.game_request(*follower, setup.as_ref(), out),
            Message::Move {
                from, to, captured, ..
            } => return self.their_move(*from, *to, captured, out),
            Message::GameEnd { stop, .. } => {
                self.playing = None;
                let end = Message::GameEnd {
                    reason: 0,
                    stop: *stop,
                };
                message::write_message(out, &end)?;
                if *stop == 1 {
                    return Ok(Some(Ending::Stopped));
                }
            }
            Message::BackRequest { .. } => {
                message::write_message(out, &Message::BackAccept { code: 1 })?;
            }
            Message::Chat(_) | Message::GameAccept { .. } | Message::BackAccept { .. } => {}
        }
        Ok(None)
    }

    fn refuse(&self, why: &str, out: &mut TcpStream) -> io::Result<()> {
        message::write_message(out, &Message::Chat(why.to_string()))?;
        let refusal = Message::GameAccept {
            name: engine_name(self.options.bot),
            code: 2,
        };
        message::write_message(out, &refusal)
    }

    fn game_request(
        &mut self,
        colour: crate::draughts::board::Color,
        setup: Option<&message::Setup>,
        out: &mut TcpStream,
    ) -> io::Result<Option<Ending>> {
        if self.playing.is_some() {
            self.refuse("game request while a game is in progress", out)?;
            return Ok(None);
        }
        let board = match setup {
            None => self.game.engine.start(),
            Some(setup) => match position::position_of(self.game.rules(), setup) {
                Ok(board) => board,
                Err(e) => {
                    self.refuse(&format!("bad position: {e}"), out)?;
                    return Ok(None);
                }
            },
        };
        let accept = Message::GameAccept {
            name: engine_name(self.options.bot),
            code: 0,
        };
        message::write_message(out, &accept)?;
        self.player = None;
        self.rng = engine_stream(self.options.seed);
        self.playing = Some((VariantPosition::new(board), colour));
        self.move_if_to_move(out)
    }

    fn their_move(
        &mut self,
        from: u32,
        to: u32,
        captured: &[u32],
        out: &mut TcpStream,
    ) -> io::Result<Option<Ending>> {
        let Some((position, colour)) = &mut self.playing else {
            let chat = Message::Chat("move received while no game is in progress".into());
            message::write_message(out, &chat)?;
            return Ok(None);
        };
        if position.board.side == *colour {
            let chat = Message::Chat("move received while it is this engine's move".into());
            message::write_message(out, &chat)?;
            return Ok(None);
        }
        match position::legal_move(&self.game.engine, &position.board, from, to, captured) {
            Ok(mv) => self.game.advance(position, &mv),
            Err(MoveError::Malformed(e) | MoveError::Illegal(e)) => {
                self.playing = None;
                message::write_message(out, &Message::Chat(format!("invalid move: {e}")))?;
                message::write_message(out, &Message::GameEnd { reason: 0, stop: 0 })?;
                return Ok(None);
            }
        }
        self.move_if_to_move(out)
    }

    /// The engine's move, when its colour is to move: a move message, or a game end (I lose)
    /// when it has none.
    fn move_if_to_move(&mut self, out: &mut TcpStream) -> io::Result<Option<Ending>> {
        let Some((position, colour)) = &self.playing else {
            return Ok(None);
        };
        if position.board.side != *colour {
            return Ok(None);
        }
        let search = self.searches;
        self.searches += 1;
        let broken = (self.options.breakage).filter(|_| search >= self.options.broken_after);
        match broken {
            Some(Breakage::Crash) => return Ok(Some(Ending::Crash)),
            Some(Breakage::Hang) => {
                self.hung = true;
                return Ok(None);
            }
            Some(Breakage::Garbage) => {
                // A header that no message has.
                std::io::Write::write_all(out, b"?garbage\0")?;
                return Ok(None);
            }
            Some(Breakage::Illegal) => {
                let illegal = self.illegal_move(&position.board);
                message::write_message(out, &illegal)?;
                return Ok(None);
            }
            Some(Breakage::Drop) => {
                out.shutdown(std::net::Shutdown::Both)?;
                std::thread::sleep(Duration::from_secs(60));
                return Ok(Some(Ending::Closed));
            }
            None => {}
        }
        let mut legal = Vec::new();
        self.game.legal_moves(position, &mut legal);
        if legal.is_empty() {
            self.playing = None;
            return message::write_message(out, &Message::GameEnd { reason: 1, stop: 0 })
                .map(|()| None);
        }
        let (game, options) = (&self.game, self.options);
        let player = self.player.get_or_insert_with(|| {
            matches::player(game, options.bot).expect("the bot was checked for the rule set")
        });
        let mv = player.choose(game, position, &mut self.rng);
        let sent = position::move_message(game.rules(), &mv, 0);
        if let Some((position, _)) = &mut self.playing {
            self.game.advance(position, &mv);
        }
        message::write_message(out, &sent).map(|()| None)
    }

    /// A well-formed move that is not legal here: the first step `a-b` off the legal list.
    fn illegal_move(&self, board: &crate::draughts::variant::Position) -> Message {
        (1..=50)
            .flat_map(|from| (1..=50).map(move |to| (from, to)))
            .find(|&(from, to)| {
                matches!(
                    position::legal_move(&self.game.engine, board, from, to, &[]),
                    Err(MoveError::Illegal(_))
                )
            })
            .map(|(from, to)| Message::Move {
                seconds: 0,
                from,
                to,
                captured: Vec::new(),
            })
            .expect("a board has more steps than legal moves")
    }
}
