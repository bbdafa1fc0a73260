//! Any Hub engine as a boardlab player: `hub:COMMAND`, or with settings
//! `hub[KEY=VALUE;...]:COMMAND`.
//!
//! COMMAND is split into the program and its arguments as a POSIX shell splits words (quotes
//! and backslashes; no variables, globs or pipes: nothing runs a shell). The settings:
//!
//! - `move-time=S`: the engine is asked for a move in S seconds (`level move-time=S`,
//!   default 1, or half the timeout when that is shorter); or `depth=N` (`level depth=N`) or `nodes=N` (`level nodes=N`) instead;
//! - `timeout=S`: how long the engine may take to answer each step of the handshake and each
//!   move before it forfeits (default 10; more than `move-time`).
//!
//! The engine is started at its first move of a game (then told `new-game`) and stopped
//! (`quit`, then killed) when the game's player is dropped, so every game has a fresh
//! engine, one process for all its moves (a front end keeps the player for the game,
//! [`crate::game::session::KeptPlayers`]). It is told the rule set
//! with `set-param name=variant` when it declares another value, and refuses the game when
//! it offers no such variant (an engine that declares no `variant` plays international
//! draughts only). Each move is asked as the Hub GUI asks it: `pos` (the board after the last
//! capture or man's move, with the moves since, so that the engine sees repetitions),
//! `level`, `go think`; the answer is the move of `done move=...`.
//!
//! Faults are refereed, never trusted ([`crate::game::forfeit`]): a move that is not legal
//! (`illegal`), an exit or a closed pipe (`crash`), no `done` in time (`timeout`), a line that
//! is no message or a `done` without a move (`garbage`), or an `error` answer or a variant it
//! lacks (`refused`) ends the game as the engine's loss. Lines the protocol allows and
//! boardlab does not need (`info`, `id`, `param`, commands it does not know) are ignored.
//!
//! A seeded match with a Hub engine is reproducible only as far as the engine is: engines that
//! think for a time, not a depth, answer differently from one run to the next. The engine
//! draws nothing from the game's random stream.

use super::message::Message;
use super::position::{self, MoveError};
pub use crate::draughts::engine_command::Level;
use crate::draughts::engine_command::{EngineCommand, check_program};
use crate::draughts::variant::game::{VariantGame, VariantPosition};
use crate::draughts::variant::{Variant, VariantMove};
use crate::game::{Fault, Forfeit, Player};
use rand_core::Rng;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, sync_channel};
use std::time::{Duration, Instant};

/// How a Hub player's name starts.
pub const PREFIX: &str = "hub";

/// The longest line read from an engine; a longer one is garbage.
const MAX_LINE: u64 = 1 << 16;

/// The lines read ahead of the game: an engine that writes faster than it is read waits
/// for the reader, so that what it writes never piles up in memory.
const LINES_AHEAD: usize = 64;

/// Makes Ctrl-C, SIGTERM and SIGHUP end this process with status 130 after killing the
/// running engines' process groups, which no longer get the terminal's Ctrl-C themselves. A
/// command that runs Hub engines outside a results run (`draughts games`, `draughts play`)
/// calls it first; a process that has a handler of its own keeps it.
pub fn kill_engines_on_interrupt() {
    let _ = ctrlc::set_handler(|| {
        crate::interrupts::kill_groups();
        std::process::exit(130);
    });
}

/// A Hub player's name, read.
#[derive(Clone, Debug, PartialEq)]
pub struct HubSpec {
    /// The name as written.
    pub text: String,
    /// The program and its arguments.
    pub argv: Vec<String>,
    pub level: Level,
    /// The longest wait for each answer.
    pub timeout: Duration,
}

impl HubSpec {
    /// Whether `name` names a Hub player (it may still be a bad one).
    pub fn is_hub(name: &str) -> bool {
        EngineCommand::names(PREFIX, name)
    }

    /// Reads `hub:COMMAND` or `hub[KEY=VALUE;...]:COMMAND`; the error is one line naming
    /// what is wrong and what to write.
    pub fn parse(name: &str) -> Result<HubSpec, String> {
        let command = EngineCommand::parse(PREFIX, name)?;
        let (level, timeout) = command.settings(&["move-time", "depth", "nodes", "timeout"])?;
        Ok(HubSpec {
            text: command.text,
            argv: command.argv,
            level,
            timeout,
        })
    }

    /// Checks that the program can be found (a path, or a name on `PATH`), so that a typo
    /// is one error before a match rather than a crash in every game.
    pub fn check_program(&self) -> Result<(), String> {
        check_program(&format!("hub player `{}`", self.text), &self.argv[0])
    }
}

/// A line from the engine, as its reader thread passes it on.
enum Line {
    Text(String),
    Garbage(&'static str),
    Closed,
}

/// A running engine: its process, its input, and its output's lines. The engine leads a
/// process group of its own, killed whole when the engine is dropped, so that what a script
/// engine starts ends with it.
struct Process {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Line>,
    timeout: Duration,
}

impl Process {
    fn start(spec: &HubSpec) -> Result<Process, Forfeit> {
        let mut command = Command::new(&spec.argv[0]);
        command
            .args(&spec.argv[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        let mut child = crate::interrupts::spawn_group_leader(&mut command).map_err(|e| {
            Forfeit::new(
                Fault::Crash,
                format!("cannot start `{}`: {e}", spec.argv[0]),
            )
        })?;
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (sender, lines) = sync_channel(LINES_AHEAD);
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut bytes = Vec::new();
                let line = match (&mut reader).take(MAX_LINE).read_until(b'\n', &mut bytes) {
                    Ok(0) | Err(_) => Line::Closed,
                    Ok(n) if n as u64 == MAX_LINE && !bytes.ends_with(b"\n") => {
                        Line::Garbage("a line longer than 64 KiB")
                    }
                    Ok(_) => match String::from_utf8(bytes) {
                        Ok(text) => Line::Text(text),
                        Err(_) => Line::Garbage("a line that is not UTF-8 text"),
                    },
                };
                let closed = matches!(line, Line::Closed);
                if sender.send(line).is_err() || closed {
                    return;
                }
            }
        });
        Ok(Process {
            child,
            stdin,
            lines,
            timeout: spec.timeout,
        })
    }

    /// How the process ended, if it has (waiting a moment for it).
    fn exit_status(&mut self) -> String {
        for _ in 0..20 {
            if let Ok(Some(status)) = self.child.try_wait() {
                return format!("the engine ended ({status})");
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        "the engine closed its output".to_string()
    }

    fn send(&mut self, message: &Message) -> Result<(), Forfeit> {
        match writeln!(self.stdin, "{message}").and_then(|()| self.stdin.flush()) {
            Ok(()) => Ok(()),
            Err(e) => {
                let status = self.exit_status();
                Err(Forfeit::new(
                    Fault::Crash,
                    format!("cannot send `{}`: {e}; {status}", message.command),
                ))
            }
        }
    }

    /// Reads messages until `wanted` takes one (its answer) or says it is a fault, within the
    /// timeout. An `error` message is the engine's refusal.
    fn expect<T>(
        &mut self,
        waiting_for: &str,
        mut wanted: impl FnMut(&Message) -> Result<Option<T>, Forfeit>,
    ) -> Result<T, Forfeit> {
        let deadline = Instant::now() + self.timeout;
        let timed_out = |ignored: u64| {
            Forfeit::new(
                Fault::Timeout,
                match ignored {
                    0 => format!("no {waiting_for} within {:?}", self.timeout),
                    _ => format!(
                        "no {waiting_for} within {:?} ({ignored} other lines meanwhile)",
                        self.timeout
                    ),
                },
            )
        };
        let mut ignored = 0u64;
        loop {
            // Checked on every line, so that an engine that writes without end still runs
            // out of time.
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(timed_out(ignored));
            }
            let text = match self.lines.recv_timeout(left) {
                Ok(Line::Text(text)) => text,
                Ok(Line::Garbage(what)) => {
                    return Err(Forfeit::new(
                        Fault::Garbage,
                        format!("{what}, waiting for {waiting_for}"),
                    ));
                }
                Ok(Line::Closed) | Err(RecvTimeoutError::Disconnected) => {
                    let status = self.exit_status();
                    return Err(Forfeit::new(
                        Fault::Crash,
                        format!("{status}, waiting for {waiting_for}"),
                    ));
                }
                Err(RecvTimeoutError::Timeout) => return Err(timed_out(ignored)),
            };
            ignored += 1;
            if text.trim().is_empty() {
                continue;
            }
            let message = Message::parse(&text).map_err(|e| {
                Forfeit::new(
                    Fault::Garbage,
                    format!("`{}`: {e}", crate::draughts::pdn::shown(text.trim_end())),
                )
            })?;
            if message.command == "error" {
                let said = message.get("message").unwrap_or("").to_string();
                return Err(Forfeit::new(
                    Fault::Refused,
                    format!("the engine says: {said}"),
                ));
            }
            if let Some(answer) = wanted(&message)? {
                return Ok(answer);
            }
        }
    }

    /// The initialisation phase: `hub` ... `wait`, the variant, `init` ... `ready`, then
    /// `new-game`, since the searches to come are of a game of their own.
    fn handshake(&mut self, variant: Variant) -> Result<(), Forfeit> {
        self.send(&Message::new("hub"))?;
        let mut declared: Option<(String, String)> = None;
        self.expect("`wait`", |m| {
            if m.command == "param" && m.get("name") == Some("variant") {
                let value = m.get("value").unwrap_or("").to_string();
                declared = Some((value, m.get("values").unwrap_or("").to_string()));
            }
            Ok((m.command == "wait").then_some(()))
        })?;
        let wanted = position::variant_name(variant);
        match declared {
            Some((value, _)) if value == wanted => {}
            Some((_, values)) if values.split_whitespace().any(|v| v == wanted) => {
                let set = Message::new("set-param")
                    .with("name", "variant")
                    .with("value", wanted);
                self.send(&set)?;
            }
            Some((_, values)) => {
                return Err(Forfeit::new(
                    Fault::Refused,
                    format!("the engine offers the variants `{values}`, not `{wanted}`"),
                ));
            }
            None if variant == Variant::International => {}
            None => {
                return Err(Forfeit::new(
                    Fault::Refused,
                    format!(
                        "the engine declares no variant, so plays international draughts only, not {variant}"
                    ),
                ));
            }
        }
        self.send(&Message::new("init"))?;
        self.expect("`ready`", |m| Ok((m.command == "ready").then_some(())))?;
        self.send(&Message::new("new-game"))
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit").and_then(|()| self.stdin.flush());
        crate::interrupts::end_group(&mut self.child);
    }
}

/// A Hub engine in a seat of a national game of draughts.
pub struct HubPlayer {
    spec: HubSpec,
    process: Option<Process>,
}

impl HubPlayer {
    pub fn new(spec: HubSpec) -> HubPlayer {
        HubPlayer {
            spec,
            process: None,
        }
    }

    fn level(&self) -> Message {
        match self.spec.level {
            Level::MoveTime(seconds) => Message::new("level").with("move-time", seconds),
            Level::Depth(depth) => Message::new("level").with("depth", depth),
            Level::Nodes(nodes) => Message::new("level").with("nodes", nodes),
        }
    }

    fn ask(
        &mut self,
        game: &VariantGame,
        position: &VariantPosition,
    ) -> Result<VariantMove, Forfeit> {
        if self.process.is_none() {
            let mut process = Process::start(&self.spec)?;
            process.handshake(game.variant())?;
            self.process = Some(process);
        }
        let level = self.level();
        let process = self.process.as_mut().expect("started above");
        let rules = game.rules();
        let (board, moves) = position::history(&game.engine, position);
        let mut pos = Message::new("pos").with("pos", position::encode(rules, &board));
        if !moves.is_empty() {
            let texts: Vec<String> = moves
                .iter()
                .map(|m| position::move_text(rules, m))
                .collect();
            pos = pos.with("moves", texts.join(" "));
        }
        process.send(&pos)?;
        process.send(&level)?;
        process.send(&Message::new("go").flag("think"))?;
        let text = process.expect("`done`", |m| match (m.command.as_str(), m.get("move")) {
            ("done", Some(text)) if !text.is_empty() => Ok(Some(text.to_string())),
            ("done", _) => Err(Forfeit::new(Fault::Garbage, "`done` without a move")),
            _ => Ok(None),
        })?;
        position::parse_move(&game.engine, &position.board, &text).map_err(|e| match e {
            MoveError::Malformed(e) => Forfeit::new(Fault::Garbage, e),
            MoveError::Illegal(e) => Forfeit::new(Fault::Illegal, e),
        })
    }
}

impl Player<VariantGame> for HubPlayer {
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
            self.process = None;
        }
        answer
    }

    fn runs_a_process(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn a_hub_name_gives_the_command_and_the_settings() {
        let spec = HubSpec::parse("hub:scan hub").unwrap();
        assert_eq!(spec.argv, ["scan", "hub"]);
        assert_eq!(spec.level, Level::MoveTime(1.0));
        assert_eq!(spec.timeout, Duration::from_secs(10));
        let spec = HubSpec::parse("hub[depth=4;timeout=2.5]:'my engine' --flag 'a b'").unwrap();
        assert_eq!(spec.argv, ["my engine", "--flag", "a b"]);
        assert_eq!(spec.level, Level::Depth(4));
        assert_eq!(spec.timeout, Duration::from_millis(2500));
        assert_eq!(
            spec.text,
            "hub[depth=4;timeout=2.5]:'my engine' --flag 'a b'"
        );
        assert!(HubSpec::is_hub("hub:x") && HubSpec::is_hub("hub[depth=1]:x"));
        assert!(!HubSpec::is_hub("hubbub") && !HubSpec::is_hub("alphabeta:2"));
    }

    #[test]
    fn a_bad_hub_name_is_one_line_naming_the_fix() {
        for (name, reason) in [
            ("hub:", "empty"),
            ("hub:'scan", "quotes are not closed"),
            ("hub:scan a,b", "holds ','"),
            ("hub[depth=4]scan", "followed by `:COMMAND`"),
            ("hub[speed=4]:scan", "unknown setting `speed`"),
            ("hub[depth=0]:scan", "depth=0: use a whole number 1-1000"),
            ("hub[move-time=-1]:scan", "use seconds above 0"),
            ("hub[move-time=5;timeout=2]:scan", "not below timeout=2"),
            ("hub[depth]:scan", "not KEY=VALUE"),
        ] {
            let error = HubSpec::parse(name).unwrap_err();
            assert!(error.contains(reason), "{name}: {error}");
            assert!(!error.contains('\n'));
        }
        let missing = HubSpec::parse("hub:/no/such/engine hub").unwrap();
        assert!(
            missing
                .check_program()
                .unwrap_err()
                .contains("is not found")
        );
        assert!(HubSpec::parse("hub:sh").unwrap().check_program().is_ok());
    }

    #[test]
    fn an_engine_that_cannot_start_or_talks_nonsense_forfeits() {
        let game = VariantGame::new(Variant::International, 400);
        let start = game.start();
        let mut rng = crate::rng::stream(1, "hub/player", 0);
        let mut forfeit = |name: &str| {
            HubPlayer::new(HubSpec::parse(name).unwrap())
                .try_choose(&game, &start, &mut rng)
                .unwrap_err()
        };
        assert_eq!(
            forfeit("hub[timeout=1]:/no/such/engine").fault,
            Fault::Crash
        );
        // `true` ends at once; `cat` echoes `hub` back, which is no `wait`, and then hangs.
        assert_eq!(forfeit("hub[timeout=1]:true").fault, Fault::Crash);
        let hung = forfeit("hub[move-time=0.1;timeout=0.3]:cat");
        assert_eq!(hung.fault, Fault::Timeout);
        assert!(hung.detail.contains("`wait`"), "{hung}");
        // The engines below stay alive after their answer, so that writing to them cannot
        // fail first and make the fault a crash.
        let refused = forfeit("hub[timeout=1]:sh -c 'echo error; sleep 5'");
        assert_eq!(refused.fault, Fault::Refused);
        let garbage = forfeit("hub[timeout=1]:sh -c 'echo =!; sleep 5'");
        assert_eq!(garbage.fault, Fault::Garbage);
        // An engine without a `variant` parameter plays international draughts only.
        let thai = VariantGame::new(Variant::Thai, 400);
        let refused =
            HubPlayer::new(HubSpec::parse("hub[timeout=1]:sh -c 'echo wait; sleep 5'").unwrap())
                .try_choose(&thai, &thai.start(), &mut rng)
                .unwrap_err();
        assert_eq!(refused.fault, Fault::Refused);
        assert!(refused.detail.contains("declares no variant"), "{refused}");
    }
}
