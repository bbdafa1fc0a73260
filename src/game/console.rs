//! The person's side of a game in the terminal, one loop for every game (OpenSpiel's human
//! bot): the position is drawn, a bot moves when it is its turn, and the person types a move
//! (read by [`Game::parse_move`]) or a word: `moves` (the legal moves), `hint`, `undo` (take
//! back the last move made and the bot's replies), `resign` or `help`. A move that is not
//! legal is answered with the game's message and asked again; the end of the input leaves the
//! game unfinished. The moves played are written before the last line.
//!
//! The game is a [`Session`], as on the page of `boardlab serve`, so undo and the bots'
//! streams behave the same in both; what a game shows (its board, its words, its hint) is its
//! [`Screen`]. A bot that runs a process of its own (a Hub engine) is kept for the whole game
//! ([`KeptPlayers`]), one process from the first move to the last; when it forfeits (crashes,
//! hangs, answers nonsense or names an illegal move), the game is over, its loss, and the
//! reason is the last line.

use super::matches::MatchGame;
use super::session::{KeptPlayers, Session, SessionError, Sitter};
use super::{Forfeit, GameResult, Seat};
use std::io::{self, BufRead, Write};

/// The person's side of a terminal game.
pub struct Console<'a> {
    pub input: &'a mut dyn BufRead,
    pub output: &'a mut dyn Write,
    /// Write each line read after its prompt (when the input is not a terminal, so that the
    /// transcript reads as typed).
    pub echo: bool,
}

impl Console<'_> {
    /// Writes `prompt`, then reads one line, trimmed; `None` at the end of the input.
    pub fn ask(&mut self, prompt: &str) -> io::Result<Option<String>> {
        write!(self.output, "{prompt}")?;
        self.output.flush()?;
        let mut line = String::new();
        if self.input.read_line(&mut line)? == 0 {
            return Ok(None);
        }
        let text = line.trim().to_string();
        if self.echo {
            writeln!(self.output, "{text}")?;
        }
        Ok(Some(text))
    }
}

/// What one game shows at the terminal; the session is the game as it stands.
pub trait Screen<G: MatchGame + Clone> {
    /// The first line: who plays what, under which rules.
    fn intro(&self, session: &Session<G>) -> String;
    /// The position as the person sees it, the last move marked; ends with a line break.
    fn draw(&self, session: &Session<G>) -> String;
    /// The prompt on the person's turn.
    fn prompt(&self, session: &Session<G>) -> String;
    /// The line announcing the bot's move `mv`, just played.
    fn bot_played(&self, session: &Session<G>, mv: &G::Move) -> String;
    /// The last line of a game played out.
    fn verdict(&self, session: &Session<G>, result: GameResult) -> String;
    /// The last line when the person in `seat` resigns.
    fn resigned(&self, session: &Session<G>, seat: Seat) -> String;
    /// The last line when the bot in `seat` forfeits the game.
    fn forfeited(&self, session: &Session<G>, seat: Seat, forfeit: &Forfeit) -> String {
        format!(
            "{} loses by {forfeit}.",
            session.seats()[seat.index()].name()
        )
    }
    /// The answer to `hint`: the move, or the value of each move, that the game's best
    /// player sees.
    fn hint(&self, session: &Session<G>) -> String;
    /// The answer to `help`: how moves are typed, and the words.
    fn help(&self) -> String;
    /// The moves played, as a record the command line reads back.
    fn record(&self, session: &Session<G>) -> String;
}

/// How a terminal game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Played out.
    Finished(GameResult),
    /// The person in this seat resigned.
    Resigned(Seat),
    /// The input ended before the game did.
    Left,
}

/// Plays `session` at `console` until it ends (a bot's forfeit ends it too), the person
/// resigns or the input ends. An error is the console's, or a bot that cannot be made or
/// chose an illegal move (its message).
pub fn play<G: MatchGame + Clone>(
    session: &mut Session<G>,
    screen: &dyn Screen<G>,
    console: &mut Console,
) -> io::Result<Outcome> {
    writeln!(console.output, "{}", screen.intro(session))?;
    // Dropped when the game ends, which stops the engines it keeps.
    let mut kept = KeptPlayers::default();
    loop {
        write!(console.output, "{}", screen.draw(session))?;
        if let Some(result) = session.result() {
            write_record(session, screen, console)?;
            let verdict = match session.forfeit() {
                Some((seat, forfeit)) => screen.forfeited(session, *seat, forfeit),
                None => screen.verdict(session, result),
            };
            writeln!(console.output, "{verdict}")?;
            return Ok(Outcome::Finished(result));
        }
        if let Sitter::Bot(_) = session.sitter_to_move() {
            match session.play_bot_with(&mut kept) {
                Ok(mv) => writeln!(console.output, "{}", screen.bot_played(session, &mv))?,
                // The game is over: the verdict above tells it.
                Err(SessionError::Forfeited { .. }) => {}
                Err(e) => return Err(io::Error::other(e)),
            }
            continue;
        }
        if let Some(outcome) = person_turn(session, screen, console)? {
            return Ok(outcome);
        }
    }
}

/// Reads the person's input until a move is played or undone (`None`: draw again), or the
/// game is left.
fn person_turn<G: MatchGame + Clone>(
    session: &mut Session<G>,
    screen: &dyn Screen<G>,
    console: &mut Console,
) -> io::Result<Option<Outcome>> {
    loop {
        let Some(text) = console.ask(&screen.prompt(session))? else {
            writeln!(console.output)?;
            write_record(session, screen, console)?;
            writeln!(console.output, "Input ended: game left unfinished.")?;
            return Ok(Some(Outcome::Left));
        };
        let out = &mut *console.output;
        match text.as_str() {
            "" => {}
            "help" | "?" => writeln!(out, "{}", screen.help())?,
            "moves" => {
                let position = session.position();
                let mut texts: Vec<String> = (session.legal().iter())
                    .map(|mv| session.game().move_text(position, mv))
                    .collect();
                texts.sort();
                writeln!(out, "Legal moves: {}", texts.join(", "))?
            }
            "hint" => writeln!(out, "{}", screen.hint(session))?,
            "resign" => {
                let seat = session.to_move();
                write_record(session, screen, console)?;
                writeln!(console.output, "{}", screen.resigned(session, seat))?;
                return Ok(Some(Outcome::Resigned(seat)));
            }
            "undo" => match session.undo() {
                Ok(undone) => {
                    let position = session.position();
                    let texts: Vec<String> = (undone.iter())
                        .map(|mv| session.game().move_text(position, mv))
                        .collect();
                    writeln!(out, "Taken back: {}.", texts.join(", "))?;
                    return Ok(None);
                }
                Err(SessionError::NothingToUndo) => writeln!(out, "Nothing to undo yet.")?,
                Err(e) => writeln!(out, "{e}.")?,
            },
            text => match session.person_move(text) {
                Ok(_) => return Ok(None),
                Err(e) => writeln!(out, "{e}.")?,
            },
        }
    }
}

fn write_record<G: MatchGame + Clone>(
    session: &Session<G>,
    screen: &dyn Screen<G>,
    console: &mut Console,
) -> io::Result<()> {
    if !session.moves().is_empty() {
        writeln!(console.output, "Moves: {}", screen.record(session))?;
    }
    Ok(())
}
