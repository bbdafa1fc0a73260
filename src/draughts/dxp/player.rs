//! Any DamExchange engine as a boardlab player: `dxp:COMMAND`, or with settings
//! `dxp[KEY=VALUE;...]:COMMAND` ([`crate::draughts::engine_command`]), in international
//! draughts only, the one game DXP plays.
//!
//! boardlab listens on 127.0.0.1 at a port of the system's choosing, starts COMMAND with
//! `{port}` replaced by that port (`dxp:mobydam -c 127.0.0.1 -p {port} -t 20`), and the
//! engine connects: boardlab is the initiator of the protocol, the engine its follower. The
//! settings: `depth=N` (sent as the chat `console depth N`, Moby Dam's remote console) or
//! `move-time=S` (`console time MS`), and `timeout=S`, the longest wait for the connection,
//! the acceptance and each move (default 10).
//!
//! At the engine's first move of a game boardlab sends the game request with the position
//! (the engine's colour, and a thinking time that the level fits in); after that each move of
//! the opponent as a move message, and waits for the engine's. When the game's player is
//! dropped boardlab sends a game end with stop code 1 (no more games) and kills the engine's
//! process group: engines such as Moby Dam do not exit when the connection closes. The
//! engine's standard input stays an open pipe (at the end of its input Moby Dam spins).
//!
//! Faults are refereed, never trusted ([`crate::game::forfeit`]): a move that is not legal
//! (`illegal`), an exit, no connection or a closed one (`crash`), no move in time
//! (`timeout`), a message that is not DXP or not a move where one is due (`garbage`), a
//! refused game request or a game end of its own (`refused`) end the game as the engine's
//! loss. Chat is ignored.

use super::message::{self, Incoming, Message};
use super::position;
use crate::draughts::engine_command::{EngineCommand, Level, check_program};
use crate::draughts::hub::position::MoveError;
use crate::draughts::variant::game::{VariantGame, VariantPosition};
use crate::draughts::variant::{Variant, VariantMove};
use crate::game::{Fault, Forfeit, Game, Player};
use rand_core::Rng;
use std::io::BufReader;
use std::net::{Ipv4Addr, TcpListener, TcpStream};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, sync_channel};
use std::time::{Duration, Instant};

/// How a DXP player's name starts.
pub const PREFIX: &str = "dxp";

/// What COMMAND holds where the port goes.
pub const PORT: &str = "{port}";

/// The messages read ahead of the game (see the Hub player's reader).
const MESSAGES_AHEAD: usize = 64;

/// The moves a game request says the thinking time is for: 0, the whole game. An engine
/// given a number of moves ends the game itself when they are played (Moby Dam sends a game
/// end with its own assessment after them), which the referee would count as its loss.
const MOVES: u32 = 0;

/// The moves of one side the thinking time of a game request is reckoned for: as many as
/// the longest game of the default ply cap has.
const MOVES_RECKONED: u32 = 200;

/// A DXP player's name, read.
#[derive(Clone, Debug, PartialEq)]
pub struct DxpSpec {
    pub text: String,
    /// The program and its arguments, `{port}` still in them.
    pub argv: Vec<String>,
    pub level: Level,
    pub timeout: Duration,
}

impl DxpSpec {
    /// Whether `name` names a DXP player (it may still be a bad one).
    pub fn is_dxp(name: &str) -> bool {
        EngineCommand::names(PREFIX, name)
    }

    /// Reads `dxp:COMMAND` or `dxp[KEY=VALUE;...]:COMMAND`; the error is one line naming
    /// what is wrong and what to write.
    pub fn parse(name: &str) -> Result<DxpSpec, String> {
        let command = EngineCommand::parse(PREFIX, name)?;
        let (level, timeout) = command.settings(&["move-time", "depth", "timeout"])?;
        if !command.argv.iter().any(|arg| arg.contains(PORT)) {
            return Err(format!(
                "dxp player `{}`: the command has no `{PORT}`, where boardlab puts the port the engine connects to (e.g. `dxp:mobydam -c 127.0.0.1 -p {PORT}`)",
                command.text
            ));
        }
        Ok(DxpSpec {
            text: command.text,
            argv: command.argv,
            level,
            timeout,
        })
    }

    /// Checks that the program can be found and run.
    pub fn check_program(&self) -> Result<(), String> {
        check_program(&format!("dxp player `{}`", self.text), &self.argv[0])
    }

    /// The chat that sets the engine's limit, and the thinking time in minutes a game
    /// request gives (enough for [`MOVES_RECKONED`] moves at the level).
    fn limits(&self) -> (String, u32) {
        match self.level {
            Level::MoveTime(seconds) => {
                let ms = (seconds * 1000.0).round().max(1.0) as u64;
                let minutes = (seconds * f64::from(MOVES_RECKONED) / 60.0)
                    .ceil()
                    .clamp(1.0, 999.0);
                (format!("console time {ms}"), minutes as u32)
            }
            Level::Depth(depth) => (format!("console depth {depth}"), 999),
            Level::Nodes(_) => unreachable!("DXP players take no nodes setting"),
        }
    }
}

/// A running engine: its process and its connection's messages. The engine leads a process
/// group of its own, killed whole when the engine is dropped.
struct Connection {
    child: Child,
    /// Kept open: the engine's standard input (it spins at the end of it).
    _stdin: ChildStdin,
    stream: TcpStream,
    messages: Receiver<Incoming>,
    timeout: Duration,
}

impl Connection {
    /// Listens on 127.0.0.1, starts the engine with the port and waits for it to connect.
    fn start(spec: &DxpSpec) -> Result<Connection, Forfeit> {
        let crash = |what: String| Forfeit::new(Fault::Crash, what);
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
            .map_err(|e| crash(format!("cannot listen on 127.0.0.1: {e}")))?;
        let port = listener
            .local_addr()
            .map_err(|e| crash(format!("cannot read the listening port: {e}")))?
            .port()
            .to_string();
        let argv: Vec<String> = spec.argv.iter().map(|a| a.replace(PORT, &port)).collect();
        let mut command = Command::new(&argv[0]);
        command
            .args(&argv[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        let mut child = crate::interrupts::spawn_group_leader(&mut command)
            .map_err(|e| crash(format!("cannot start `{}`: {e}", argv[0])))?;
        let stdin = child.stdin.take().expect("stdin is piped");
        let stream = match accept_within(&listener, &mut child, spec.timeout) {
            Ok(stream) => stream,
            Err(forfeit) => {
                crate::interrupts::end_group(&mut child);
                return Err(forfeit);
            }
        };
        let reading = match stream.try_clone() {
            Ok(reading) => reading,
            Err(e) => {
                crate::interrupts::end_group(&mut child);
                return Err(crash(format!("cannot read the connection: {e}")));
            }
        };
        let (sender, messages) = sync_channel(MESSAGES_AHEAD);
        std::thread::spawn(move || {
            let mut reader = BufReader::new(reading);
            loop {
                let incoming = message::read_message(&mut reader).unwrap_or(Incoming::Closed);
                let last = !matches!(incoming, Incoming::Text(_));
                if sender.send(incoming).is_err() || last {
                    return;
                }
            }
        });
        Ok(Connection {
            child,
            _stdin: stdin,
            stream,
            messages,
            timeout: spec.timeout,
        })
    }

    fn send(&mut self, message: &Message) -> Result<(), Forfeit> {
        message::write_message(&mut self.stream, message).map_err(|e| {
            Forfeit::new(
                Fault::Crash,
                format!("cannot send `{}`: {e}", message.encode()),
            )
        })
    }

    /// Reads messages until `wanted` takes one or says it is a fault, within the timeout.
    /// Chat is passed over; a game end is the engine's resignation.
    fn expect<T>(
        &mut self,
        waiting_for: &str,
        mut wanted: impl FnMut(&Message) -> Result<Option<T>, Forfeit>,
    ) -> Result<T, Forfeit> {
        let deadline = Instant::now() + self.timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let timed_out = || {
                Forfeit::new(
                    Fault::Timeout,
                    format!("no {waiting_for} within {:?}", self.timeout),
                )
            };
            if left.is_zero() {
                return Err(timed_out());
            }
            let text = match self.messages.recv_timeout(left) {
                Ok(Incoming::Text(text)) => text,
                Ok(Incoming::Garbage(what)) => {
                    return Err(Forfeit::new(
                        Fault::Garbage,
                        format!("{what}, waiting for {waiting_for}"),
                    ));
                }
                Ok(Incoming::Closed) | Err(RecvTimeoutError::Disconnected) => {
                    return Err(Forfeit::new(
                        Fault::Crash,
                        format!("the engine closed the connection, waiting for {waiting_for}"),
                    ));
                }
                Err(RecvTimeoutError::Timeout) => return Err(timed_out()),
            };
            let message = Message::parse(&text).map_err(|e| Forfeit::new(Fault::Garbage, e))?;
            match message {
                Message::Chat(_) => continue,
                Message::GameEnd { reason, .. } => {
                    return Err(Forfeit::new(
                        Fault::Refused,
                        format!("the engine ended the game (reason {reason})"),
                    ));
                }
                _ => {}
            }
            if let Some(answer) = wanted(&message)? {
                return Ok(answer);
            }
            return Err(Forfeit::new(
                Fault::Garbage,
                format!(
                    "`{}` where {waiting_for} was due",
                    crate::names::quoted(&text)
                ),
            ));
        }
    }
}

/// The engine's connection to `listener`, within `timeout`; a crash if the engine ends
/// first or never connects.
fn accept_within(
    listener: &TcpListener,
    child: &mut Child,
    timeout: Duration,
) -> Result<TcpStream, Forfeit> {
    let crash = |what: String| Forfeit::new(Fault::Crash, what);
    listener
        .set_nonblocking(true)
        .map_err(|e| crash(format!("cannot listen: {e}")))?;
    let deadline = Instant::now() + timeout;
    loop {
        match listener.accept() {
            Ok((stream, _)) => {
                stream
                    .set_nonblocking(false)
                    .and_then(|()| stream.set_nodelay(true))
                    .map_err(|e| crash(format!("cannot use the connection: {e}")))?;
                return Ok(stream);
            }
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            Err(e) => return Err(crash(format!("cannot accept the connection: {e}"))),
        }
        if let Ok(Some(status)) = child.try_wait() {
            return Err(crash(format!(
                "the engine ended ({status}) before it connected"
            )));
        }
        if Instant::now() >= deadline {
            return Err(Forfeit::new(
                Fault::Timeout,
                format!("the engine did not connect within {timeout:?}"),
            ));
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

impl Drop for Connection {
    fn drop(&mut self) {
        let end = Message::GameEnd { reason: 0, stop: 1 };
        let _ = message::write_message(&mut self.stream, &end);
        let _ = self.stream.shutdown(std::net::Shutdown::Both);
        crate::interrupts::end_group(&mut self.child);
    }
}

/// A DXP engine in a seat of a game of international draughts.
pub struct DxpPlayer {
    spec: DxpSpec,
    connection: Option<Connection>,
    /// The position after the engine's last move: the opponent's move is the one that leads
    /// from it to the position asked.
    after_own: Option<VariantPosition>,
}

impl DxpPlayer {
    pub fn new(spec: DxpSpec) -> DxpPlayer {
        DxpPlayer {
            spec,
            connection: None,
            after_own: None,
        }
    }

    /// The opponent's move from the position after the engine's last move to `position`,
    /// if one leads there.
    fn opponent_move(&self, game: &VariantGame, position: &VariantPosition) -> Option<VariantMove> {
        let before = self.after_own.as_ref()?;
        if before.plies + 1 != position.plies {
            return None;
        }
        let mut legal = Vec::new();
        game.legal_moves(before, &mut legal);
        legal
            .into_iter()
            .find(|mv| game.play(before, mv).board == position.board)
    }

    /// Starts the engine and asks it to play the engine's side from `position`.
    fn new_game(&mut self, game: &VariantGame, position: &VariantPosition) -> Result<(), Forfeit> {
        self.connection = None;
        let mut connection = Connection::start(&self.spec)?;
        connection.send(&Message::Chat(self.spec.limits().0))?;
        connection.send(&game_request(&self.spec, game, position))?;
        connection.expect("the game's acceptance", |m| match m {
            Message::GameAccept { code: 0, .. } => Ok(Some(())),
            Message::GameAccept { code, .. } => Err(Forfeit::new(
                Fault::Refused,
                format!("the engine refused the game (code {code})"),
            )),
            _ => Ok(None),
        })?;
        self.connection = Some(connection);
        Ok(())
    }

    fn ask(
        &mut self,
        game: &VariantGame,
        position: &VariantPosition,
    ) -> Result<VariantMove, Forfeit> {
        if game.variant() != Variant::International {
            return Err(Forfeit::new(
                Fault::Refused,
                format!(
                    "DXP plays international draughts only, not {}",
                    game.variant()
                ),
            ));
        }
        match (
            self.connection.is_some(),
            self.opponent_move(game, position),
        ) {
            (true, Some(reply)) => {
                let sent = position::move_message(game.rules(), &reply, 0);
                self.connection.as_mut().expect("checked").send(&sent)?;
            }
            // A first move, or a position the engine has not seen: a game of its own.
            _ => self.new_game(game, position)?,
        }
        let connection = self.connection.as_mut().expect("started above");
        let (from, to, captured) = connection.expect("a move", |m| match m {
            Message::Move {
                from, to, captured, ..
            } => Ok(Some((*from, *to, captured.clone()))),
            _ => Ok(None),
        })?;
        let mv = position::legal_move(&game.engine, &position.board, from, to, &captured).map_err(
            |e| match e {
                MoveError::Malformed(e) => Forfeit::new(Fault::Garbage, e),
                MoveError::Illegal(e) => Forfeit::new(Fault::Illegal, e),
            },
        )?;
        self.after_own = Some(game.play(position, &mv));
        Ok(mv)
    }
}

impl Player<VariantGame> for DxpPlayer {
    fn name(&self) -> String {
        self.spec.text.clone()
    }

    /// The engine's move; after a forfeit, [`crate::game::forfeit::move_after_forfeit`].
    fn choose(
        &mut self,
        game: &VariantGame,
        position: &VariantPosition,
        rng: &mut dyn Rng,
    ) -> VariantMove {
        (self.try_choose(game, position, rng))
            .unwrap_or_else(|_| crate::game::forfeit::move_after_forfeit(game, position))
    }

    fn try_choose(
        &mut self,
        game: &VariantGame,
        position: &VariantPosition,
        _rng: &mut dyn Rng,
    ) -> Result<VariantMove, Forfeit> {
        let answer = self.ask(game, position);
        if answer.is_err() {
            // A faulty engine is not asked again: the game is over for it.
            self.connection = None;
            self.after_own = None;
        }
        answer
    }

    fn runs_a_process(&self) -> bool {
        true
    }
}

/// The game request for an engine of `spec` that plays the side to move of `position`: its
/// thinking time for the whole game, no number of moves ([`MOVES`]).
fn game_request(spec: &DxpSpec, game: &VariantGame, position: &VariantPosition) -> Message {
    Message::GameRequest {
        name: "boardlab".to_string(),
        follower: position.board.side,
        minutes: spec.limits().1,
        moves: MOVES,
        setup: Some(position::setup_of(game.rules(), &position.board)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dxp_name_gives_the_command_the_level_and_the_timeout() {
        let spec = DxpSpec::parse("dxp[depth=4;timeout=2]:mobydam -c 127.0.0.1 -p {port}").unwrap();
        assert_eq!(spec.argv, ["mobydam", "-c", "127.0.0.1", "-p", "{port}"]);
        assert_eq!(spec.level, Level::Depth(4));
        assert_eq!(spec.timeout, Duration::from_secs(2));
        assert_eq!(spec.limits().0, "console depth 4");
        let timed = DxpSpec::parse("dxp[move-time=0.1]:e --port={port}").unwrap();
        assert_eq!(timed.limits(), ("console time 100".to_string(), 1));
        // The request names no number of moves: an engine told one ends the game itself.
        let game = VariantGame::new(Variant::International, 400);
        let request = game_request(&timed, &game, &game.start());
        let Message::GameRequest { moves, minutes, .. } = request else {
            panic!("{request:?}");
        };
        assert_eq!((moves, minutes), (0, 1));
        let slow = DxpSpec::parse("dxp[move-time=3]:e {port}").unwrap();
        let Message::GameRequest { minutes, .. } = game_request(&slow, &game, &game.start()) else {
            panic!("a game request");
        };
        assert_eq!(minutes, 10, "3 s for each of 200 moves");
        assert!(DxpSpec::is_dxp("dxp:x") && DxpSpec::is_dxp("dxp[depth=1]:x"));
        assert!(!DxpSpec::is_dxp("dxpx") && !DxpSpec::is_dxp("hub:x"));
    }

    #[test]
    fn a_bad_dxp_name_is_one_line_naming_the_fix() {
        for (name, reason) in [
            ("dxp:", "empty"),
            ("dxp:mobydam", "has no `{port}`"),
            (
                "dxp[nodes=5]:e {port}",
                "unknown setting `nodes`; use move-time, depth or timeout",
            ),
            (
                "dxp[depth=0]:e {port}",
                "depth=0: use a whole number 1-1000",
            ),
            ("dxp[move-time=5;timeout=2]:e {port}", "not below timeout=2"),
        ] {
            let error = DxpSpec::parse(name).unwrap_err();
            assert!(error.contains(reason), "{name}: {error}");
            assert!(error.starts_with("dxp player `"), "{error}");
        }
        let missing = DxpSpec::parse("dxp:/no/such/engine {port}").unwrap();
        assert!(
            missing
                .check_program()
                .unwrap_err()
                .contains("is not found")
        );
    }

    #[test]
    fn an_engine_that_never_connects_or_talks_nonsense_forfeits() {
        let game = VariantGame::new(Variant::International, 400);
        let start = game.start();
        let mut rng = crate::rng::stream(1, "dxp/player", 0);
        let mut forfeit = |name: &str| {
            DxpPlayer::new(DxpSpec::parse(name).unwrap())
                .try_choose(&game, &start, &mut rng)
                .unwrap_err()
        };
        // Ends at once; never connects.
        let ended = forfeit("dxp[timeout=2]:true {port}");
        assert_eq!(ended.fault, Fault::Crash, "{ended}");
        assert!(ended.detail.contains("before it connected"), "{ended}");
        let silent = forfeit("dxp[timeout=0.3;move-time=0.1]:sh -c 'sleep 5' {port}");
        assert_eq!(silent.fault, Fault::Timeout, "{silent}");
        assert!(silent.detail.contains("did not connect"), "{silent}");
        // Under a rule set DXP does not play.
        let czech = VariantGame::new(Variant::Czech, 400);
        let refused = DxpPlayer::new(DxpSpec::parse("dxp:true {port}").unwrap())
            .try_choose(&czech, &czech.start(), &mut rng)
            .unwrap_err();
        assert_eq!(refused.fault, Fault::Refused);
        assert!(refused.detail.contains("international draughts only"));
    }
}
