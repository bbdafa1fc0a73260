//! A person against a bot in the terminal: the person types a number per move; the screen shows
//! the numbers each side holds and the free ones. A number that is taken, out of range, not the
//! person's to place (odd/even variant) or not a number is refused with a message and asked
//! again; the end of input ends the game politely.

use super::game::{Fifteen, Rules};
use super::numbers::{bit, list};
use super::position::Position;
pub use crate::game::Console;
use crate::game::{Game, GameResult, Player, Seat};
use rand_core::Rng;
use std::io::{self, Write};

/// How a terminal game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The game was played out.
    Finished(GameResult),
    /// The input ended before the game did.
    Left,
}

/// Plays one game of `game` between the person (in seat `person`, at `console`) and `bot`
/// (drawing from `rng`), writing the board and messages to the console.
pub fn play<R: Rules>(
    game: &Fifteen<R>,
    bot: &mut dyn Player<Fifteen<R>>,
    person: Seat,
    rng: &mut dyn Rng,
    console: &mut Console,
) -> io::Result<Ending> {
    let mut position = game.start();
    writeln!(
        console.output,
        "You play {} against {}. {}",
        if person == Seat::First {
            "first"
        } else {
            "second"
        },
        bot.name(),
        rules(R::NAME)
    )?;
    loop {
        show(&position, person, console.output)?;
        if let Some(result) = game.result(&position) {
            let message = match result {
                GameResult::Draw => "A draw.",
                GameResult::Win(seat) if seat == person => "You win!",
                GameResult::Win(_) => "The bot wins.",
            };
            writeln!(console.output, "{message}")?;
            return Ok(Ending::Finished(result));
        }
        let n = if position.to_move == person {
            match ask(game, &position, console)? {
                Some(n) => n,
                None => {
                    writeln!(
                        console.output,
                        "\nInput ended: game left unfinished. Goodbye."
                    )?;
                    return Ok(Ending::Left);
                }
            }
        } else {
            let n = bot.choose(game, &position, rng);
            writeln!(console.output, "The bot takes {n}.")?;
            n
        };
        position = game.play(&position, &n);
    }
}

fn rules(name: &str) -> &'static str {
    if name == "fifteen" {
        "Take numbers 1..9 in turn; the first to hold three that sum to 15 wins."
    } else {
        "Odd numbers move first, even second; whoever places a number that makes 15 with two \
         placed numbers wins."
    }
}

fn show(position: &Position, person: Seat, output: &mut dyn Write) -> io::Result<()> {
    writeln!(
        output,
        "  you: {:<10} bot: {:<10} free: {}",
        list(position.taken[person.index()]),
        list(position.taken[person.other().index()]),
        list(position.free())
    )
}

/// Reads lines until one names a legal number; `None` at the end of input.
fn ask<R: Rules>(
    game: &Fifteen<R>,
    position: &Position,
    console: &mut Console,
) -> io::Result<Option<u8>> {
    loop {
        let Some(text) = console.ask("Your number: ")? else {
            return Ok(None);
        };
        match check(game, position, &text) {
            Ok(n) => return Ok(Some(n)),
            Err(message) => writeln!(console.output, "{message}")?,
        }
    }
}

/// The number typed in `text` if the person may take it, else a message saying why not.
pub fn check<R: Rules>(game: &Fifteen<R>, position: &Position, text: &str) -> Result<u8, String> {
    let n: u8 = match text.parse::<i64>() {
        Ok(n) if (1..=9).contains(&n) => n as u8,
        Ok(n) => return Err(format!("{n} is out of range: choose a number from 1 to 9.")),
        Err(_) => return Err(format!("`{text}` is not a number: choose one from 1 to 9.")),
    };
    if position.free() & bit(n) == 0 {
        Err(format!("{n} is already taken."))
    } else if game.legal_mask(position) & bit(n) == 0 {
        Err(format!(
            "{n} is not yours to place: you may place {}.",
            list(game.legal_mask(position))
        ))
    } else {
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fifteen::{Classic, Fifteen, OddEven};

    #[test]
    fn refusals_name_the_problem() {
        let p = Position::START.with(5);
        assert!(
            check(&Fifteen(Classic), &p, "5")
                .unwrap_err()
                .contains("taken")
        );
        assert!(
            check(&Fifteen(Classic), &p, "10")
                .unwrap_err()
                .contains("out of range")
        );
        assert!(
            check(&Fifteen(Classic), &p, "x")
                .unwrap_err()
                .contains("not a number")
        );
        assert_eq!(check(&Fifteen(Classic), &p, "4"), Ok(4));
        assert!(
            check(&Fifteen(OddEven), &p, "3")
                .unwrap_err()
                .contains("2 4 6 8")
        );
    }
}
