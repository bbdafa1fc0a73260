//! A boardlab bot as a Hub engine (`boardlab draughts hub --bot B`): it reads the GUI's lines
//! on standard input and answers on standard output, one flushed line each.
//!
//! What it answers (`protocol.txt`, Scan 3.1's Hub protocol):
//!
//! - `hub`: `id name="boardlab BOT" version=...`, its parameters and `wait`. The parameters
//!   are `variant` (the rule set, [`super::position::variant_names`]), `bot` (a bot name as
//!   `draughts games` takes it) and `seed` (of the bot's random stream); `set-param` changes
//!   them, a bad value is answered with an `error` line.
//! - `init`: `ready`. `ping`: `pong`. `new-game`: a fresh bot and random stream, as the match
//!   study gives every game its own bot. `quit`, or the end of the input: the engine ends.
//! - `pos pos=... moves="..."` (or `pos start`): the position to search, read as Scan reads
//!   it: a bad position is answered `error` and the last good one kept; the moves are played
//!   up to the first one that is not legal, which is answered `error`.
//! - `go think` (or `ponder`, `analyze`): `done move=...`, the bot's choice, or a bare `done`
//!   after an `error` when the position has no legal move.
//! - `level`, `stop`, `ponder-hit`: read and ignored. boardlab's bots are bounded by their
//!   depth or playouts, not by a clock, and answer before the engine reads its next line, so
//!   a `stop` always comes after the `done` it would have asked for.
//!
//! Commands it does not know are ignored, as the protocol asks; a line that is no message at
//! all (no command, an unclosed quote, bytes that are not UTF-8) is answered with `error`.
//!
//! The bot draws from the stream [`engine_stream`]`(seed)`, anew at every `new-game`: a
//! deterministic bot given the same positions answers the same moves as in a boardlab game
//! whose seat draws from that stream.
//!
//! For tests of the other side, [`Breakage`] turns the engine into a broken one from its
//! n-th search on: it names an illegal move, exits, stops answering, or writes garbage.

use super::message::Message;
use super::position::{self, MoveError};
use crate::draughts::bots::BotSpec;
use crate::draughts::game::DEFAULT_MAX_PLIES;
use crate::draughts::variant::game::{VariantGame, VariantPosition};
use crate::draughts::variant::{Variant, matches};
use crate::game::Game;
use crate::game::matches::BoxedPlayer;
use crate::rng::DefaultRng;
use std::io::{self, BufRead, Read as _, Write};

/// The label of the bot's random stream.
pub const STREAM: &str = "draughts/hub";

/// The random stream of an engine started with `seed` (and after each `new-game`).
pub fn engine_stream(seed: u64) -> DefaultRng {
    crate::rng::stream(seed, STREAM, 0)
}

/// How a broken engine breaks (a test mode of `draughts hub`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Breakage {
    /// Answers a well-formed move that is not legal.
    Illegal,
    /// Exits without answering (status 3).
    Crash,
    /// Stops answering anything.
    Hang,
    /// Answers a line that is no message of the protocol.
    Garbage,
}

crate::names::named_enum!(Breakage, "breakage", {
    Illegal => "illegal",
    Crash => "crash",
    Hang => "hang",
    Garbage => "garbage",
});

/// What the engine is started with.
#[derive(Clone, Copy, Debug)]
pub struct EngineOptions {
    pub bot: BotSpec,
    pub variant: Variant,
    pub seed: u64,
    /// Break from search number `broken_after` on (0: the first).
    pub breakage: Option<Breakage>,
    pub broken_after: u32,
}

/// Why the engine stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// `quit`, or the end of the input.
    Quit,
    /// A crash on purpose ([`Breakage::Crash`]).
    Crash,
}

struct Engine {
    options: EngineOptions,
    game: VariantGame,
    position: VariantPosition,
    player: Option<BoxedPlayer<VariantGame>>,
    rng: DefaultRng,
    searches: u32,
    hung: bool,
}

/// Serves the protocol: reads `input` to its end (or `quit`), answering on `output`.
pub fn serve(
    options: EngineOptions,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> io::Result<Ending> {
    let game = VariantGame::new(options.variant, DEFAULT_MAX_PLIES);
    matches::player(&game, options.bot).map_err(io::Error::other)?;
    let mut engine = Engine {
        options,
        game,
        position: game.start(),
        player: None,
        rng: engine_stream(options.seed),
        searches: 0,
        hung: false,
    };
    let mut line = Vec::new();
    loop {
        line.clear();
        let read = read_line(input, &mut line)?;
        if read == LineRead::End {
            return Ok(Ending::Quit);
        }
        if engine.hung {
            continue;
        }
        let message = match read {
            LineRead::TooLong => Err(format!(
                "a line longer than {} KiB; a message is one short line",
                MAX_LINE >> 10
            )),
            _ => std::str::from_utf8(&line)
                .map_err(|_| "the line is not UTF-8 text".to_string())
                .and_then(Message::parse),
        };
        match message {
            Err(e) => send(output, &error(&e))?,
            Ok(message) => {
                if let Some(ending) = engine.answer(&message, output)? {
                    return Ok(ending);
                }
            }
        }
    }
}

/// The longest line read from the program that drives the engine, in bytes: a `pos` of a
/// game of thousands of moves fits, and a line without end costs no memory.
pub const MAX_LINE: usize = 1 << 16;

/// What [`read_line`] read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LineRead {
    /// A line, in the buffer (its newline included where it has one).
    Line,
    /// A line longer than [`MAX_LINE`]: it was read to its end and left out.
    TooLong,
    /// The end of the input.
    End,
}

/// Reads one line of at most [`MAX_LINE`] bytes into `line`; a longer one is skipped to its
/// newline a buffer at a time, never held whole.
fn read_line(input: &mut dyn BufRead, line: &mut Vec<u8>) -> io::Result<LineRead> {
    let read = (&mut *input)
        .take(MAX_LINE as u64)
        .read_until(b'\n', line)?;
    if read == 0 {
        return Ok(LineRead::End);
    }
    if read < MAX_LINE || line.ends_with(b"\n") {
        return Ok(LineRead::Line);
    }
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            return Ok(LineRead::TooLong);
        }
        match buffer.iter().position(|&b| b == b'\n') {
            Some(end) => {
                input.consume(end + 1);
                return Ok(LineRead::TooLong);
            }
            None => {
                let all = buffer.len();
                input.consume(all);
            }
        }
    }
}

fn send(output: &mut dyn Write, message: &Message) -> io::Result<()> {
    writeln!(output, "{message}")?;
    output.flush()
}

fn error(text: &str) -> Message {
    Message::new("error").with("message", text)
}

impl Engine {
    fn answer(&mut self, message: &Message, out: &mut dyn Write) -> io::Result<Option<Ending>> {
        match message.command.as_str() {
            "hub" => self.introduce(out)?,
            "set-param" => self.set_param(message, out)?,
            "init" => send(out, &Message::new("ready"))?,
            "ping" => send(out, &Message::new("pong"))?,
            "new-game" => self.new_game(),
            "pos" => self.set_position(message, out)?,
            "go" => return self.go(out),
            "quit" => return Ok(Some(Ending::Quit)),
            // `level`, `stop`, `ponder-hit` and commands it does not know.
            _ => {}
        }
        Ok(None)
    }

    fn introduce(&self, out: &mut dyn Write) -> io::Result<()> {
        let id = Message::new("id")
            .with("name", format!("boardlab {}", self.options.bot))
            .with("version", env!("CARGO_PKG_VERSION"));
        send(out, &id)?;
        let variant = Message::new("param")
            .with("name", "variant")
            .with("value", position::variant_name(self.game.variant()))
            .with("type", "enum")
            .with("values", position::variant_names());
        send(out, &variant)?;
        let bot = Message::new("param")
            .with("name", "bot")
            .with("value", self.options.bot)
            .with("type", "string");
        send(out, &bot)?;
        let seed = Message::new("param")
            .with("name", "seed")
            .with("value", self.options.seed)
            .with("type", "int")
            .with("min", 0)
            .with("max", u64::MAX);
        send(out, &seed)?;
        send(out, &Message::new("wait"))
    }

    fn set_param(&mut self, message: &Message, out: &mut dyn Write) -> io::Result<()> {
        let value = message.get("value").unwrap_or("");
        let changed = match message.get("name") {
            None => Err("set-param: missing name".to_string()),
            Some("variant") => position::variant_of(value).map(|variant| {
                self.game = VariantGame::new(variant, DEFAULT_MAX_PLIES);
                self.position = self.game.start();
            }),
            Some("bot") => value
                .parse::<BotSpec>()
                .map_err(|e| e.to_string())
                .and_then(|bot| matches::player(&self.game, bot).map(|_| self.options.bot = bot)),
            Some("seed") => value
                .parse()
                .map(|seed| self.options.seed = seed)
                .map_err(|_| format!("seed `{value}` is not a number 0-{}", u64::MAX)),
            // Parameters it does not declare are ignored, as the protocol asks.
            Some(_) => Ok(()),
        };
        match changed {
            Ok(()) => {
                self.new_game();
                Ok(())
            }
            Err(e) => send(out, &error(&e)),
        }
    }

    fn new_game(&mut self) {
        self.player = None;
        self.rng = engine_stream(self.options.seed);
    }

    fn set_position(&mut self, message: &Message, out: &mut dyn Write) -> io::Result<()> {
        let board = match message.get("pos") {
            Some(text) if !message.has("start") => {
                match position::decode(self.game.rules(), text) {
                    Ok(board) => board,
                    Err(e) => return send(out, &error(&format!("bad position: {e}"))),
                }
            }
            _ => self.game.engine.start(),
        };
        self.position = VariantPosition::new(board);
        for text in message.get("moves").unwrap_or("").split_whitespace() {
            match position::parse_move(&self.game.engine, &self.position.board, text) {
                // In place: a copy a move would copy the history since the last
                // irreversible move each time, quadratic in a long `pos`.
                Ok(mv) => self.game.advance(&mut self.position, &mv),
                Err(e) => {
                    let what = match e {
                        MoveError::Malformed(_) => "bad move",
                        MoveError::Illegal(_) => "illegal move",
                    };
                    return send(out, &error(&format!("{what}: {e}")));
                }
            }
        }
        Ok(())
    }

    fn go(&mut self, out: &mut dyn Write) -> io::Result<Option<Ending>> {
        let search = self.searches;
        self.searches += 1;
        let broken = self
            .options
            .breakage
            .filter(|_| search >= self.options.broken_after);
        let mut legal = Vec::new();
        self.game.legal_moves(&self.position, &mut legal);
        match broken {
            Some(Breakage::Crash) => return Ok(Some(Ending::Crash)),
            Some(Breakage::Hang) => {
                self.hung = true;
                return Ok(None);
            }
            Some(Breakage::Garbage) => {
                writeln!(out, "done move=\"")?;
                out.flush()?;
                return Ok(None);
            }
            Some(Breakage::Illegal) => {
                let done = Message::new("done").with("move", self.illegal_move());
                send(out, &done)?;
                return Ok(None);
            }
            None => {}
        }
        if legal.is_empty() {
            send(out, &error("no legal move in this position"))?;
            send(out, &Message::new("done"))?;
            return Ok(None);
        }
        let (game, position) = (&self.game, &self.position);
        let player = self.player.get_or_insert_with(|| {
            matches::player(game, self.options.bot).expect("the bot was checked for the rule set")
        });
        let mv = player.choose(game, position, &mut self.rng);
        let done = Message::new("done").with("move", position::move_text(game.rules(), &mv));
        send(out, &done)?;
        Ok(None)
    }

    /// A well-formed move that is not legal here: the first `a-b` off the legal list.
    fn illegal_move(&self) -> String {
        let squares = self.game.rules().squares();
        let board = &self.position.board;
        (1..=squares)
            .flat_map(|a| (1..=squares).map(move |b| format!("{a}-{b}")))
            .find(|text| {
                matches!(
                    position::parse_move(&self.game.engine, board, text),
                    Err(MoveError::Illegal(_))
                )
            })
            .expect("a board has more steps than legal moves")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(bot: &str) -> EngineOptions {
        EngineOptions {
            bot: bot.parse().unwrap(),
            variant: Variant::International,
            seed: 1,
            breakage: None,
            broken_after: 0,
        }
    }

    /// The engine's answers to `input`, and how it ended.
    fn talk(options: EngineOptions, input: &str) -> (Vec<String>, Ending) {
        let mut output = Vec::new();
        let ending = serve(options, &mut input.as_bytes(), &mut output).unwrap();
        let text = String::from_utf8(output).unwrap();
        (text.lines().map(str::to_string).collect(), ending)
    }

    #[test]
    fn the_initialisation_phase_declares_the_parameters_and_waits() {
        let (lines, ending) = talk(options("alphabeta:2"), "hub\ninit\nping\nquit\nping\n");
        let id = Message::parse(&lines[0]).unwrap();
        assert_eq!(id.command, "id");
        assert_eq!(id.get("name"), Some("boardlab alphabeta:2"));
        let variant = Message::parse(&lines[1]).unwrap();
        assert_eq!(variant.get("name"), Some("variant"));
        assert_eq!(variant.get("value"), Some("normal"));
        assert!(
            variant
                .get("values")
                .unwrap()
                .contains("normal killer frisian")
        );
        assert_eq!(lines[lines.len() - 3..], ["wait", "ready", "pong"]);
        assert_eq!(ending, Ending::Quit);
    }

    #[test]
    fn go_answers_the_bot_move_of_the_position_and_its_moves() {
        let input = "pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves=\"32-28\"\n\
                     level move-time=1\ngo think\n";
        let (lines, _) = talk(options("alphabeta:2"), input);
        assert_eq!(lines.len(), 1);
        let done = Message::parse(&lines[0]).unwrap();
        assert_eq!(done.command, "done");
        // The bot's own choice from the same position and stream.
        let game = VariantGame::new(Variant::International, DEFAULT_MAX_PLIES);
        let start = game.start();
        let after = game.play(&start, &game.parse_move(&start, "32-28").unwrap());
        let mut bot =
            matches::player(&VariantGame::default(), "alphabeta:2".parse().unwrap()).unwrap();
        let mv = bot.choose(&game, &after, &mut engine_stream(1));
        assert_eq!(
            done.get("move"),
            Some(position::move_text(game.rules(), &mv).as_str())
        );
    }

    #[test]
    fn bad_lines_and_values_are_answered_with_error_and_unknown_commands_are_ignored() {
        let input = "\n\"\nhello there\npos pos=Wxyz\npos moves=\"32-37\"\npos moves=\"32-\"\n\
                     set-param name=variant value=bt\nset-param name=bot value=damebot\n\
                     set-param name=seed value=-1\nset-param value=1\n";
        let (lines, _) = talk(options("random"), input);
        let errors: Vec<String> = lines
            .iter()
            .map(|line| {
                let message = Message::parse(line).unwrap();
                assert_eq!(message.command, "error", "{line}");
                message.get("message").unwrap().to_string()
            })
            .collect();
        let expected = [
            "missing command",
            "no command name",
            "bad position",
            "illegal move",
            "bad move",
            "variant `bt` is not offered",
            "plays only the rules the original Damebot knows",
            "seed `-1`",
            "missing name",
        ];
        assert_eq!(errors.len(), expected.len(), "{errors:?}");
        for (error, expected) in errors.iter().zip(expected) {
            assert!(error.contains(expected), "{error} / {expected}");
        }
        let (lines, _) = talk(options("random"), "pos start\n\u{0}\n");
        assert!(lines[0].contains("no command name"), "{lines:?}");
        let mut output = Vec::new();
        serve(options("random"), &mut &b"\xff\xfe\n"[..], &mut output).unwrap();
        assert!(String::from_utf8(output).unwrap().contains("not UTF-8"));
    }

    #[test]
    fn a_line_without_end_is_skipped_and_the_next_answered() {
        for length in [MAX_LINE - 1, MAX_LINE, MAX_LINE + 1, 5 * MAX_LINE] {
            let input = format!("ping {}\nping\n", "x".repeat(length));
            // Read through a small buffer, so that the skipped line spans many.
            let mut reader = io::BufReader::with_capacity(1000, input.as_bytes());
            let mut output = Vec::new();
            serve(options("random"), &mut reader, &mut output).unwrap();
            let text = String::from_utf8(output).unwrap();
            let lines: Vec<&str> = text.lines().collect();
            let long = length + 5 >= MAX_LINE;
            assert_eq!(lines.len(), 2, "{length}: {lines:?}");
            assert_eq!(
                lines[0].starts_with("error"),
                long,
                "{length}: {}",
                lines[0]
            );
            if long {
                assert!(lines[0].contains("longer than 64 KiB"), "{}", lines[0]);
            }
            assert_eq!(lines[1], "pong", "{length}");
        }
    }

    #[test]
    fn a_position_without_moves_is_answered_with_error_and_a_bare_done() {
        let input = "set-param name=variant value=frisian\npos pos=W";
        let lost = format!("{input}{}\ngo think\n", "e".repeat(50));
        let (lines, _) = talk(options("random"), &lost);
        assert_eq!(lines[1], "done");
        assert!(lines[0].starts_with("error"));
    }

    #[test]
    fn a_broken_engine_breaks_from_the_search_asked() {
        let broken = |breakage, after| EngineOptions {
            breakage: Some(breakage),
            broken_after: after,
            ..options("random")
        };
        let go = "pos start\ngo think\ngo think\nping\n";
        let (lines, _) = talk(broken(Breakage::Illegal, 1), go);
        let illegal = Message::parse(&lines[1]).unwrap();
        let engine = crate::draughts::variant::Engine::new(Variant::International.rules());
        let answer = illegal.get("move").unwrap();
        assert!(matches!(
            position::parse_move(&engine, &engine.start(), answer),
            Err(MoveError::Illegal(_))
        ));
        assert_eq!(lines[2], "pong");
        assert_eq!(
            talk(broken(Breakage::Crash, 0), go),
            (vec![], Ending::Crash)
        );
        let (lines, ending) = talk(broken(Breakage::Hang, 1), go);
        assert_eq!((lines.len(), ending), (1, Ending::Quit));
        let (lines, _) = talk(broken(Breakage::Garbage, 0), go);
        assert!(Message::parse(&lines[0]).is_err());
    }
}
