//! A person against a bot in the terminal, played by the loop of [`crate::game::console`]
//! (the words `moves`, `hint`, `undo`, `resign`, `help` included): the person types a number
//! per move; the screen shows the numbers each side holds and the free ones. A number that is
//! taken, out of range, not the person's to place (odd/even variant) or not a number is
//! refused with [`crate::game::Game::parse_move`]'s message and asked again; `hint` gives the
//! solver's value of every number the person may take; the end of input ends the game
//! politely; the numbers taken are written at the end.

use super::game::{Fifteen, Rules};
use super::numbers::list;
use super::solve::{move_values, value_word};
use crate::game::console::Screen;
use crate::game::{GameResult, Seat, Session};

/// What the "15" game shows at the terminal, for the person in seat `person`.
pub struct FifteenScreen {
    pub person: Seat,
}

impl FifteenScreen {
    fn bot(&self, session: &Session<Fifteen<impl Rules>>) -> String {
        session.seats()[self.person.other().index()]
            .name()
            .to_string()
    }
}

impl<R: Rules> Screen<Fifteen<R>> for FifteenScreen {
    fn intro(&self, session: &Session<Fifteen<R>>) -> String {
        let seat = match self.person {
            Seat::First => "first",
            Seat::Second => "second",
        };
        format!(
            "You play {seat} against {}. {} Type help for the commands.",
            self.bot(session),
            rules(R::NAME)
        )
    }

    fn draw(&self, session: &Session<Fifteen<R>>) -> String {
        let position = session.position();
        format!(
            "  you: {:<10} bot: {:<10} free: {}\n",
            list(position.taken[self.person.index()]),
            list(position.taken[self.person.other().index()]),
            list(position.free())
        )
    }

    fn prompt(&self, _: &Session<Fifteen<R>>) -> String {
        "Your number: ".into()
    }

    fn bot_played(&self, _: &Session<Fifteen<R>>, n: &u8) -> String {
        format!("The bot takes {n}.")
    }

    fn verdict(&self, _: &Session<Fifteen<R>>, result: GameResult) -> String {
        match result {
            GameResult::Draw => "A draw.",
            GameResult::Win(seat) if seat == self.person => "You win!",
            GameResult::Win(_) => "The bot wins.",
        }
        .into()
    }

    fn resigned(&self, session: &Session<Fifteen<R>>, _: Seat) -> String {
        format!("You resign: the bot ({}) wins.", self.bot(session))
    }

    fn hint(&self, session: &Session<Fifteen<R>>) -> String {
        let values: Vec<String> = move_values(session.game(), session.position())
            .into_iter()
            .map(|(n, value)| format!("{n} {}", value_word(value)))
            .collect();
        format!(
            "Hint (the solver's value of each number for you): {}.",
            values.join(", ")
        )
    }

    fn help(&self) -> String {
        "Type a free number from 1 to 9 to take it. Or: moves (the numbers you may take), hint \
(the solver's value of each), undo (take back your last number), resign, help."
            .into()
    }

    fn record(&self, session: &Session<Fifteen<R>>) -> String {
        let numbers: Vec<String> = session.moves().iter().map(u8::to_string).collect();
        numbers.join(" ")
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
