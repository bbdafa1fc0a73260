//! The person's side of a game in the terminal: where moves are read from and the board is
//! written to, for every game's terminal play.

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
