//! One game between a person and a bot, two persons or two bots, as every front end plays it:
//! the terminal games (`boardlab draughts play`, `boardlab fifteen play`) and the page of
//! `boardlab serve` hold a [`Session`], so that a move, a bot's turn and an undo mean the
//! same in both. The shape follows OpenSpiel's human bot and `UndoAction`: a person's move is
//! text read by [`Game::parse_move`], a bot's move is its [`Player::choose`], and the seats'
//! random streams are kept as they were after every move, so that taking moves back restores
//! the streams too and a bot asked again plays what it played.
//!
//! The history is compact, so that a game's memory grows by a few dozen bytes a ply however
//! large its positions are (a draughts position carries its draw-rule history): the moves,
//! the streams after each, and one position every [`CHECKPOINT_PLIES`] plies; any other
//! earlier position is replayed from the checkpoint before it (moves only: no bot thinks).
//!
//! Seeding, the one scheme of the front ends:
//!
//! - two bots: the streams of game 0 of the pairing `first-vs-second`
//!   ([`PairingGame`]), so the game is row 0 of `boardlab draughts games FIRST SECOND --seed S`
//!   (or `fifteen games`);
//! - a person against a bot: the bot draws from the stream `(S, play_label, 0)`, the label
//!   being the game's `play` stream (`draughts/play`);
//! - two persons: no stream is drawn from.
//!
//! A bot's turn can be thought about outside the session ([`Session::bot_turn`] then
//! [`BotTurn::think`] then [`Session::bot_move`]), so a server need not hold a game locked
//! while an engine runs; [`Session::play_bot`] does all three at once.
//!
//! A bot is made afresh from its name for each move, except a player that runs a process of
//! its own (a Hub engine, [`Player::runs_a_process`]), which [`KeptPlayers`] keeps from move
//! to move so that a game has one engine process. A player outside this process may forfeit
//! ([`crate::game::forfeit`]): the session keeps the forfeit, and the game is then over, won
//! by the other seat, until an undo takes it back.

use super::matches::{BoxedPlayer, MatchGame};
use super::pairing::{PairingGame, label};
use super::{Forfeit, Game, GameResult, Player, Seat};
use crate::rng::DefaultRng;

/// Who sits in a seat: a person, or a bot by its spec name (as [`MatchGame::player`] reads it).
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

/// A request that does not fit the game as it stands; each message names what to do instead.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SessionError {
    #[error("the game is over: start a new one or take a move back")]
    Over,
    #[error("it is {0}'s turn, not a person's: ask it to move")]
    BotToMove(String),
    #[error("it is a person's turn, not a bot's: send a move")]
    PersonToMove,
    /// A person's move that is not legal here: the game's own one-line message.
    #[error("{0}")]
    Illegal(String),
    #[error("no move of a person to take back")]
    NothingToUndo,
    #[error("the game changed while the bot was thinking (a move or an undo): ask again")]
    Changed,
    /// The bot to move gave the game up (a Hub engine that crashed, hung, answered nonsense
    /// or named an illegal move); the session has kept the forfeit, and the game is over.
    #[error("{player} loses by {forfeit}")]
    Forfeited { player: String, forfeit: Forfeit },
    /// A bot name the game does not know, or a bot that chose an illegal move.
    #[error("{0}")]
    Bot(String),
}

/// Plies between two positions a session keeps; an earlier position in between is replayed
/// from the one before it, at most this many moves.
pub const CHECKPOINT_PLIES: usize = 16;

/// A game in progress: the seats, the moves with the streams after each, the position now and
/// one every [`CHECKPOINT_PLIES`] plies.
#[derive(Clone, Debug)]
pub struct Session<G: Game> {
    game: G,
    seats: [Sitter; 2],
    seed: u64,
    /// `checkpoints[k]` is the position after `moves[..k * CHECKPOINT_PLIES]`; the first is
    /// the start.
    checkpoints: Vec<G::Position>,
    /// The position after every move.
    current: G::Position,
    /// `streams[k]` are the seats' streams after `moves[..k]`; the first are the start's.
    streams: Vec<[DefaultRng; 2]>,
    moves: Vec<G::Move>,
    /// Moves played and taken back so far: a bot's choice applies only if none happened since
    /// its turn was taken (an undo and another move would leave the same number of moves).
    changes: u64,
    /// The seat that gave the game up after `moves`, and why.
    forfeit: Option<(Seat, Forfeit)>,
}

/// A bot's turn taken out of a session, to be thought about without holding it.
pub struct BotTurn<G: Game> {
    game: G,
    name: String,
    position: G::Position,
    stream: DefaultRng,
    /// The session's changes when the turn was taken.
    changes: u64,
}

/// A bot's move, or its forfeit, and its stream after choosing, to be played by
/// [`Session::bot_move`].
pub struct BotChoice<G: Game> {
    changes: u64,
    pub answer: Result<G::Move, Forfeit>,
    stream: DefaultRng,
}

impl<G: MatchGame + Clone> BotTurn<G> {
    /// The bot's choice (runs the engine): a bot made afresh from its name, so that nothing
    /// but the position and the stream decides.
    pub fn think(self) -> Result<BotChoice<G>, SessionError> {
        let mut player: BoxedPlayer<G> = self.game.player(&self.name).map_err(SessionError::Bot)?;
        Ok(self.think_with(player.as_mut()))
    }

    /// The choice of `player`, the bot of this turn's name made earlier.
    pub fn think_with(mut self, player: &mut dyn Player<G>) -> BotChoice<G> {
        let answer = player.try_choose(&self.game, &self.position, &mut self.stream);
        BotChoice {
            changes: self.changes,
            answer,
            stream: self.stream,
        }
    }

    /// The seat whose turn it is.
    pub fn seat(&self) -> Seat {
        self.game.to_move(&self.position)
    }
}

/// The players of a game's bot seats that run a process of their own (Hub engines), kept
/// from one move to the next so that the game has one engine process, which ends when this
/// is dropped (at the end of the game). Other bots are made afresh for each move, as
/// [`BotTurn::think`] makes them.
pub struct KeptPlayers<G: Game> {
    seats: [Option<(String, BoxedPlayer<G>)>; 2],
}

impl<G: Game> Default for KeptPlayers<G> {
    fn default() -> Self {
        KeptPlayers {
            seats: [None, None],
        }
    }
}

impl<G: MatchGame + Clone> KeptPlayers<G> {
    /// The choice of `turn`'s bot: the one kept for its seat when it has the same name, else
    /// one made from its name (and kept when it runs a process).
    pub fn think(&mut self, turn: BotTurn<G>) -> Result<BotChoice<G>, SessionError> {
        let kept = &mut self.seats[turn.seat().index()];
        if kept.as_ref().is_none_or(|(name, _)| *name != turn.name) {
            let player = turn.game.player(&turn.name).map_err(SessionError::Bot)?;
            *kept = Some((turn.name.clone(), player));
        }
        let (_, player) = kept.as_mut().expect("made above");
        let choice = turn.think_with(player.as_mut());
        if !player.runs_a_process() {
            *kept = None;
        }
        Ok(choice)
    }
}

impl<G: MatchGame + Clone> Session<G> {
    /// A game of `game` from `start` between `seats`, seeded by `seed` as the module says;
    /// `play_label` names the stream of a bot against a person (`draughts/play`).
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
            checkpoints: vec![start.clone()],
            current: start,
            streams: vec![streams],
            moves: Vec::new(),
            changes: 0,
            forfeit: None,
        }
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    pub fn seats(&self) -> &[Sitter; 2] {
        &self.seats
    }

    /// The master seed the streams were made from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    pub fn position(&self) -> &G::Position {
        &self.current
    }

    /// The position the game started from.
    pub fn start(&self) -> &G::Position {
        &self.checkpoints[0]
    }

    /// The position after the first `ply` moves (0: the start), replayed from the checkpoint
    /// before it.
    pub fn position_at(&self, ply: usize) -> G::Position {
        assert!(ply <= self.moves.len(), "ply {ply} is past the game's end");
        let checkpoint = ply / CHECKPOINT_PLIES;
        let mut position = self.checkpoints[checkpoint].clone();
        for mv in &self.moves[checkpoint * CHECKPOINT_PLIES..ply] {
            position = self.game.play(&position, mv);
        }
        position
    }

    /// The seats' streams as they are now, first seat first.
    pub fn streams(&self) -> &[DefaultRng; 2] {
        self.streams.last().expect("a session keeps its start")
    }

    /// The bytes this session holds: its vectors as allocated, and `heap_bytes` of each
    /// position it keeps for what a position holds outside itself (a draughts position's
    /// history, say).
    pub fn memory_bytes(&self, heap_bytes: impl Fn(&G::Position) -> usize) -> usize {
        std::mem::size_of::<Self>()
            + self.moves.capacity() * std::mem::size_of::<G::Move>()
            + self.streams.capacity() * std::mem::size_of::<[DefaultRng; 2]>()
            + self.checkpoints.capacity() * std::mem::size_of::<G::Position>()
            + self.checkpoints.iter().map(&heap_bytes).sum::<usize>()
            + heap_bytes(&self.current)
            + self
                .forfeit
                .as_ref()
                .map_or(0, |(_, f)| f.detail.capacity())
    }

    pub fn to_move(&self) -> Seat {
        self.game.to_move(self.position())
    }

    /// Who sits in the seat to move.
    pub fn sitter_to_move(&self) -> &Sitter {
        &self.seats[self.to_move().index()]
    }

    /// The result: the other seat's win after a forfeit, else the game's own.
    pub fn result(&self) -> Option<GameResult> {
        match &self.forfeit {
            Some((seat, _)) => Some(GameResult::Win(seat.other())),
            None => self.game.result(self.position()),
        }
    }

    /// The seat that gave the game up and why, if it ended so.
    pub fn forfeit(&self) -> Option<&(Seat, Forfeit)> {
        self.forfeit.as_ref()
    }

    /// The legal moves; none once the game is over.
    pub fn legal(&self) -> Vec<G::Move> {
        let mut legal = Vec::new();
        if self.result().is_none() {
            self.game.legal_moves(self.position(), &mut legal);
        }
        legal
    }

    /// Plays the person's move written in `text` ([`Game::parse_move`]) and returns it.
    pub fn person_move(&mut self, text: &str) -> Result<G::Move, SessionError> {
        self.check_open()?;
        if let Sitter::Bot(name) = self.sitter_to_move() {
            return Err(SessionError::BotToMove(name.clone()));
        }
        let mv = self
            .game
            .parse_move(self.position(), text)
            .map_err(SessionError::Illegal)?;
        let streams = self.streams().clone();
        self.push(mv.clone(), streams);
        Ok(mv)
    }

    /// The bot to move, to think about outside the session.
    pub fn bot_turn(&self) -> Result<BotTurn<G>, SessionError> {
        self.check_open()?;
        let Sitter::Bot(name) = self.sitter_to_move() else {
            return Err(SessionError::PersonToMove);
        };
        Ok(BotTurn {
            game: self.game.clone(),
            name: name.clone(),
            position: self.position().clone(),
            stream: self.streams()[self.to_move().index()].clone(),
            changes: self.changes,
        })
    }

    /// Plays a bot's choice made by [`BotTurn::think`], if the game is where it was. A
    /// forfeit is kept, ending the game, and answered [`SessionError::Forfeited`].
    pub fn bot_move(&mut self, choice: BotChoice<G>) -> Result<G::Move, SessionError> {
        if choice.changes != self.changes {
            return Err(SessionError::Changed);
        }
        let player = self.sitter_to_move().name().to_string();
        let mv = match choice.answer {
            Ok(mv) => mv,
            Err(forfeit) => {
                self.forfeit = Some((self.to_move(), forfeit.clone()));
                self.changes += 1;
                return Err(SessionError::Forfeited { player, forfeit });
            }
        };
        if !self.legal().contains(&mv) {
            return Err(SessionError::Bot(format!(
                "{player} chose the illegal move {mv}"
            )));
        }
        let mut streams = self.streams().clone();
        streams[self.to_move().index()] = choice.stream;
        self.push(mv.clone(), streams);
        Ok(mv)
    }

    /// The bot to move chooses and plays; returns its move.
    pub fn play_bot(&mut self) -> Result<G::Move, SessionError> {
        let choice = self.bot_turn()?.think()?;
        self.bot_move(choice)
    }

    /// [`Session::play_bot`] with the bot of `kept` when it keeps one for the seat.
    pub fn play_bot_with(&mut self, kept: &mut KeptPlayers<G>) -> Result<G::Move, SessionError> {
        let choice = kept.think(self.bot_turn()?)?;
        self.bot_move(choice)
    }

    /// Takes moves back and returns them in the order they were played: with a person in
    /// the game, to the position before the last move a person made (the bots' replies go
    /// with it); between two bots, one move. A forfeit is taken back with them (between two
    /// bots, alone), so that the game goes on and the bot is asked again.
    pub fn undo(&mut self) -> Result<Vec<G::Move>, SessionError> {
        if self.forfeit.take().is_some() {
            self.changes += 1;
            if !self.seats.contains(&Sitter::Person) {
                return Ok(Vec::new());
            }
            return Ok(self.take_back().unwrap_or_default());
        }
        self.take_back()
    }

    /// [`Session::undo`] of moves only.
    fn take_back(&mut self) -> Result<Vec<G::Move>, SessionError> {
        let keep = if self.seats.contains(&Sitter::Person) {
            (0..self.moves.len())
                .rev()
                .find(|&ply| {
                    let seat = self.game.to_move(&self.position_at(ply));
                    self.seats[seat.index()] == Sitter::Person
                })
                .ok_or(SessionError::NothingToUndo)?
        } else {
            self.moves
                .len()
                .checked_sub(1)
                .ok_or(SessionError::NothingToUndo)?
        };
        self.current = self.position_at(keep);
        self.checkpoints.truncate(keep / CHECKPOINT_PLIES + 1);
        self.streams.truncate(keep + 1);
        self.changes += 1;
        Ok(self.moves.split_off(keep))
    }

    fn push(&mut self, mv: G::Move, streams: [DefaultRng; 2]) {
        self.current = self.game.play(&self.current, &mv);
        self.moves.push(mv);
        self.streams.push(streams);
        if self.moves.len().is_multiple_of(CHECKPOINT_PLIES) {
            self.checkpoints.push(self.current.clone());
        }
        self.changes += 1;
    }

    fn check_open(&self) -> Result<(), SessionError> {
        match self.result() {
            Some(_) => Err(SessionError::Over),
            None => Ok(()),
        }
    }
}

/// OpenSpiel's `RandomSimTestWithUndo` for any game: plays `games` games between `seats`
/// from `start` with seeds `0..games`, persons playing uniformly random legal moves by their
/// text, and takes moves back at random points; after every step the session must equal a
/// fresh one replayed from the start through the moves it holds (position and streams), and
/// the moves must read back from their text. Returns the first difference, described.
pub fn random_play_with_undo<G: MatchGame + Clone>(
    game: &G,
    start: &G::Position,
    seats: &[Sitter; 2],
    games: u64,
    play_label: &str,
) -> Result<(), String>
where
    G::Position: PartialEq,
{
    use rand_core::Rng;
    for seed in 0..games {
        let new = || Session::new(game.clone(), start.clone(), seats.clone(), seed, play_label);
        let mut session = new();
        let mut chance = crate::rng::stream(seed, "tests/undo", 0);
        for step in 0..400 {
            if session.result().is_some() && session.undo().is_err() {
                break;
            }
            let roll = chance.next_u64() % 5;
            if roll == 0 && !session.moves().is_empty() {
                let before = session.moves().to_vec();
                match session.undo() {
                    Ok(undone) => {
                        let mut again = session.moves().to_vec();
                        again.extend(undone);
                        if again != before {
                            return Err(format!("seed {seed}, step {step}: undo lost moves"));
                        }
                    }
                    Err(SessionError::NothingToUndo) => {}
                    Err(e) => return Err(format!("seed {seed}, step {step}: {e}")),
                }
            } else if session.result().is_none() {
                advance(&mut session, &mut chance).map_err(|e| format!("seed {seed}: {e}"))?;
            }
            let replayed = replay(new(), session.moves())
                .map_err(|e| format!("seed {seed}, step {step}: {e}"))?;
            if replayed.position() != session.position() || replayed.streams() != session.streams()
            {
                return Err(format!(
                    "seed {seed}, step {step}: after {} moves the session differs from its replay",
                    session.moves().len()
                ));
            }
        }
    }
    Ok(())
}

/// One move of the seat to move: a bot's own, or a random legal move typed as text.
fn advance<G: MatchGame + Clone>(
    session: &mut Session<G>,
    chance: &mut DefaultRng,
) -> Result<(), String> {
    match session.sitter_to_move() {
        Sitter::Bot(_) => session.play_bot().map(drop).map_err(|e| e.to_string()),
        Sitter::Person => {
            let legal = session.legal();
            let mv = &legal[crate::rng::below(chance, legal.len() as u64) as usize];
            let text = session.game().move_text(session.position(), mv);
            let played = session.person_move(&text).map_err(|e| e.to_string())?;
            if &played != mv {
                return Err(format!("the text {text} reads back as {played}, not {mv}"));
            }
            Ok(())
        }
    }
}

/// A fresh session through `moves`: the persons' by their text, the bots' by choosing again
/// (which must choose the same).
fn replay<G: MatchGame + Clone>(
    mut session: Session<G>,
    moves: &[G::Move],
) -> Result<Session<G>, String> {
    for mv in moves {
        let played = match session.sitter_to_move() {
            Sitter::Bot(_) => session.play_bot().map_err(|e| e.to_string())?,
            Sitter::Person => {
                let text = session.game().move_text(session.position(), mv);
                session.person_move(&text).map_err(|e| e.to_string())?
            }
        };
        if &played != mv {
            return Err(format!("replayed, the bot plays {played}, not {mv}"));
        }
    }
    Ok(session)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Fault;
    use crate::game::tests::Nim;

    fn person_against_bot() -> Session<Nim> {
        let seats = [Sitter::Person, Sitter::Bot("random".into())];
        Session::new(Nim(7), (7, Seat::First), seats, 3, "nim/play")
    }

    #[test]
    fn undo_takes_back_the_person_s_move_with_the_bot_s_reply_and_restores_its_stream() {
        let mut session = person_against_bot();
        assert_eq!(session.undo(), Err(SessionError::NothingToUndo));
        assert_eq!(session.person_move("2"), Ok(2));
        let reply = session.play_bot().unwrap();
        let streams = session.streams().clone();
        assert_ne!(&streams, person_against_bot().streams(), "the bot drew");
        assert_eq!(session.undo(), Ok(vec![2, reply]));
        assert_eq!(session.position(), &(7, Seat::First));
        assert_eq!(session.streams(), person_against_bot().streams());
        session.person_move("2").unwrap();
        assert_eq!(
            session.play_bot(),
            Ok(reply),
            "the same stream, the same reply"
        );
        assert_eq!(session.streams(), &streams);
    }

    #[test]
    fn turns_are_kept_and_bad_moves_refused() {
        let mut session = person_against_bot();
        assert_eq!(session.bot_turn().err(), Some(SessionError::PersonToMove));
        assert!(matches!(
            session.person_move("3"),
            Err(SessionError::Illegal(_))
        ));
        session.person_move("1").unwrap();
        assert_eq!(
            session.person_move("1"),
            Err(SessionError::BotToMove("random".into()))
        );
        // A choice made before the game changed is refused.
        let turn = session.bot_turn().unwrap();
        let mut other = session.clone();
        other.undo().unwrap();
        other.person_move("2").unwrap();
        assert_eq!(
            other.bot_move(turn.think().unwrap()),
            Err(SessionError::Changed)
        );
    }

    #[test]
    fn a_forfeit_ends_the_game_as_the_other_seat_s_win_until_undo_takes_it_back() {
        let seats = [Sitter::Person, Sitter::Bot("quitter".into())];
        let mut session = Session::new(Nim(7), (7, Seat::First), seats, 3, "nim/play");
        session.person_move("2").unwrap();
        let Err(SessionError::Forfeited { player, forfeit }) = session.play_bot() else {
            panic!("the quitter forfeits");
        };
        assert_eq!(
            (player.as_str(), forfeit.fault),
            ("quitter", Fault::Timeout)
        );
        assert_eq!(session.result(), Some(GameResult::Win(Seat::First)));
        assert_eq!(session.forfeit(), Some(&(Seat::Second, forfeit)));
        assert!(session.legal().is_empty());
        assert_eq!(session.person_move("1"), Err(SessionError::Over));
        assert_eq!(session.bot_turn().err(), Some(SessionError::Over));
        // With a person in the game, the forfeit goes back with the person's move.
        assert_eq!(session.undo(), Ok(vec![2]));
        assert_eq!((session.result(), session.forfeit()), (None, None));
        assert_eq!(session.position(), &(7, Seat::First));
        // Between two bots, the forfeit alone, and the bot is asked again.
        let seats = [Sitter::Bot("random".into()), Sitter::Bot("quitter".into())];
        let mut session = Session::new(Nim(7), (7, Seat::First), seats, 3, "nim/play");
        let first = session.play_bot().unwrap();
        assert!(matches!(
            session.play_bot(),
            Err(SessionError::Forfeited { .. })
        ));
        assert_eq!(session.undo(), Ok(vec![]));
        assert_eq!(session.moves(), &[first]);
        assert_eq!(session.sitter_to_move(), &Sitter::Bot("quitter".into()));
    }

    #[test]
    fn kept_players_keep_a_player_that_runs_a_process_for_the_whole_game_only() {
        use crate::game::tests::PROCESSES_STARTED;
        use std::sync::atomic::Ordering;
        let started = || PROCESSES_STARTED.load(Ordering::SeqCst);
        let before = started();
        let seats = [Sitter::Bot("process".into()), Sitter::Bot("random".into())];
        let mut session = Session::new(Nim(30), (30, Seat::First), seats.clone(), 1, "nim/play");
        let mut kept = KeptPlayers::default();
        while session.result().is_none() {
            session.play_bot_with(&mut kept).unwrap();
        }
        assert!(session.moves().len() > 10);
        assert_eq!(started() - before, 1, "one process for the game");
        // The same game move by move without kept players starts one for each of its moves.
        let mut fresh = Session::new(Nim(30), (30, Seat::First), seats, 1, "nim/play");
        while fresh.result().is_none() {
            fresh.play_bot().unwrap();
        }
        assert_eq!(fresh.moves(), session.moves(), "the same game either way");
        let process_moves = fresh.moves().len().div_ceil(2);
        assert_eq!(started() - before, 1 + process_moves);
    }

    #[test]
    fn two_bots_undo_one_move_at_a_time() {
        let seats = [Sitter::Bot("random".into()), Sitter::Bot("random".into())];
        let mut session = Session::new(Nim(5), (5, Seat::First), seats, 1, "nim/play");
        let first = session.play_bot().unwrap();
        let second = session.play_bot().unwrap();
        assert_eq!(session.undo(), Ok(vec![second]));
        assert_eq!(session.moves(), &[first]);
    }

    #[test]
    fn random_play_with_undo_matches_a_replay_in_every_seating() {
        let bot = || Sitter::Bot("random".into());
        for seats in [
            [Sitter::Person, bot()],
            [bot(), Sitter::Person],
            [Sitter::Person, Sitter::Person],
            [bot(), bot()],
        ] {
            random_play_with_undo(&Nim(9), &(9, Seat::First), &seats, 20, "nim/play").unwrap();
            // Games many checkpoints long, taken back across them.
            random_play_with_undo(&Nim(200), &(200, Seat::First), &seats, 4, "nim/play").unwrap();
        }
    }

    #[test]
    fn every_earlier_position_is_the_one_played_through_the_moves() {
        let seats = [Sitter::Bot("random".into()), Sitter::Bot("random".into())];
        let mut session = Session::new(Nim(200), (200, Seat::First), seats, 5, "nim/play");
        let mut played = vec![*session.position()];
        while session.result().is_none() {
            session.play_bot().unwrap();
            played.push(*session.position());
        }
        assert!(
            played.len() > 3 * CHECKPOINT_PLIES,
            "a game over several checkpoints"
        );
        for (ply, position) in played.iter().enumerate() {
            assert_eq!(&session.position_at(ply), position, "ply {ply}");
        }
        assert_eq!(session.start(), &played[0]);
    }

    #[test]
    fn a_long_game_keeps_one_position_in_every_checkpoint_plies() {
        let seats = [Sitter::Bot("random".into()), Sitter::Bot("random".into())];
        let mut session = Session::new(Nim(200), (200, Seat::First), seats, 5, "nim/play");
        while session.result().is_none() {
            session.play_bot().unwrap();
        }
        let plies = session.moves().len();
        assert_eq!(session.checkpoints.len(), plies / CHECKPOINT_PLIES + 1);
        // Counted by hand: the vectors' allocations and nothing outside the positions.
        let bytes = std::mem::size_of::<Session<Nim>>()
            + session.moves.capacity()
            + session.streams.capacity() * 64
            + session.checkpoints.capacity() * 2;
        assert_eq!(session.memory_bytes(|_| 0), bytes);
        assert_eq!(
            session.memory_bytes(|_| 10),
            bytes + 10 * (plies / CHECKPOINT_PLIES + 2)
        );
    }
}
